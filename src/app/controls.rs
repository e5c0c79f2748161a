//! What a finger meets this frame: every control a learner can tap or click, with its
//! label and the rectangle it answers in, and where the texts a question needs in
//! sight are (the question, its hint, the reply, the lesson page's text). The status
//! reports them (`controls`, `rects`, in points — CSS pixels in the browser), so that
//! the tests check sizes and positions the way a finger meets them.
//!
//! A panel marks a control with [`Tap::tap`] (`ui.button("Hint").tap("Hint")`) and a
//! text with [`place`]; the frame's list is started by [`begin`] and read, once the
//! panels are drawn, by [`last`].

use egui_macroquad::egui;
use serde::Serialize;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// A control shown this frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Control {
    /// What it says (or, for a symbol, what it does).
    pub label: String,
    /// The whole control: `[x, y, w, h]`.
    pub rect: [f32; 4],
    /// The part of it in sight (a panel scrolled part of it away), where a tap
    /// reaches it; the whole rect when all of it is in sight.
    pub visible: [f32; 4],
}

/// The controls and the placed texts of one frame.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Frame {
    /// Every control shown, in the order the panels drew them.
    pub controls: Vec<Control>,
    /// The placed texts by name (`question`, `hint`, `reply`, `page_text`).
    pub rects: BTreeMap<&'static str, [f32; 4]>,
}

thread_local! {
    /// The frame being drawn, and the last one drawn.
    static FRAMES: RefCell<(Frame, Frame)> = RefCell::default();
}

/// Starts a frame's list.
pub fn begin() {
    FRAMES.with(|f| f.borrow_mut().0 = Frame::default());
}

/// Ends the frame's list: it becomes the last one.
pub fn end() {
    FRAMES.with(|f| {
        let mut frames = f.borrow_mut();
        frames.1 = std::mem::take(&mut frames.0);
    });
}

/// The last frame's controls and placed texts.
pub fn last() -> Frame {
    FRAMES.with(|f| f.borrow().1.clone())
}

/// `[x, y, w, h]` of a rectangle.
fn array(rect: egui::Rect) -> [f32; 4] {
    [rect.min.x, rect.min.y, rect.width(), rect.height()]
}

/// Marks where a text the learner needs in sight is drawn (its visible part).
pub fn place(name: &'static str, ui: &egui::Ui, rect: egui::Rect) {
    let visible = rect.intersect(ui.clip_rect());
    if visible.is_positive() {
        FRAMES.with(|f| f.borrow_mut().0.rects.insert(name, array(visible)));
    }
}

/// A control's response, marked as a control a finger may tap.
pub trait Tap {
    /// Records the control (when some of it is visible) under `label`.
    fn tap(self, label: &str) -> Self;
}

impl Tap for egui::Response {
    fn tap(self, label: &str) -> Self {
        if self.sense.senses_click() && self.interact_rect.is_positive() {
            FRAMES.with(|f| {
                f.borrow_mut().0.controls.push(Control {
                    label: label.to_string(),
                    rect: array(self.rect),
                    visible: array(self.interact_rect),
                })
            });
        }
        self
    }
}
