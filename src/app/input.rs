//! Mouse and keyboard.
//!
//! Mouse, in the world view: drag a shape with the left button to move it; drag a
//! polygon's vertex (the ring shows when the mouse is near one) to reshape it; the
//! wheel over a shape rotates it (5° a notch, 1° with Shift); the wheel elsewhere,
//! or with Ctrl anywhere, zooms about the mouse. A left click on a shape makes it A, a
//! right click makes it B. Dragging empty space (left or right button) pans. In the
//! A − B view, dragging pans, the wheel zooms, and hovering a simplex or polytope point
//! links it to its sources on A and B.
//!
//! Keys: N or → next step, B or ← back, Home/End first/last, Space play/pause,
//! R restart, 1–9, 0, - and = algorithm (in menu order), F fit both views, L layout, M pair /
//! many-shapes mode, K lessons on / off (on: where the learner left them), Page Down /
//! Page Up next / previous lesson page, F5 reload (in a lesson, the same page), Ctrl+S
//! save. While a question waits, a left click near one of its candidates answers it.
//! In the many-shapes mode, Space pauses the motion and the step keys step the sweep
//! of the broad phase.
//!
//! Touch: one finger is the left button (macroquad turns touches into mouse events):
//! it drags a shape, or pans on empty space, and a tap is a click; a finger held
//! still on a shape for [`LONG_PRESS_S`] then turns it about its centre as it moves
//! round it; two fingers pinch to zoom the view under them and pan it as they move.
//!
//! The readout of the point under the mouse, and the hover highlights, follow the
//! mouse and go when it leaves the views; macroquad says nothing when it leaves the
//! window, so [`Presence`] works that out from its last motion.

use super::lessons::figures;
use super::pick::{paint_order, pick_shape, pick_vertex};
use super::predict;
use super::state::{App, Mode};
use super::view::camera::{Camera, Viewport};
use super::view::canvas::{split, Hover, Layout};
use super::visualizers::key_of;
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::Algorithm;
use glam::Vec2;
use macroquad::input::{
    is_key_down, is_key_pressed, is_mouse_button_down, is_mouse_button_pressed, mouse_position,
    mouse_wheel, KeyCode, MouseButton, TouchPhase,
};
use macroquad::window::{screen_height, screen_width};

/// How near (pixels) the mouse must be to a vertex to grab it.
pub const VERTEX_RADIUS_PX: f64 = 10.0;
/// How far (pixels) outside an outline a shape can still be grabbed.
const SHAPE_SLOP_PX: f64 = 4.0;
/// A press and release closer than this (pixels) is a click, not a drag.
const CLICK_PX: f32 = 4.0;
/// Rotation per wheel notch, in degrees (and with Shift).
const ROTATE_DEG: (f64, f64) = (5.0, 1.0);
/// How long (seconds) a finger held still on a shape waits before it turns it.
pub const LONG_PRESS_S: f64 = 0.5;
/// How long (seconds) a pointer that was heading out of the window must stay still
/// to be taken as gone.
const STILL_S: f64 = 0.25;
/// How many more steps like its last one a pointer heading out may need to cross the
/// window's border and still be taken as gone.
const STEPS_AHEAD: f32 = 3.0;

/// Whether the pointer is still over the window. macroquad reports no event when the
/// pointer leaves the window (its X11 back end's leave event only releases the
/// buttons): the last position inside stays, and with it the readout of the point
/// under it and the hover highlight, stale. A pointer that was heading out across the
/// border, close enough to cross it within [`STEPS_AHEAD`] more steps like its last
/// one (or already at the border), and has not moved for [`STILL_S`], has left. A
/// pointer slowing to a stop inside moves by a pixel or two at the end, so it does not
/// look as if it were leaving.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Presence {
    last: Option<Vec2>,
    step: Vec2,
    moved_at: f64,
}

impl Presence {
    /// Records the pointer at `at` (window pixels) at time `now` (seconds).
    pub fn update(&mut self, at: Vec2, now: f64) {
        if self.last == Some(at) {
            return;
        }
        if let Some(last) = self.last {
            self.step = at - last;
        }
        self.last = Some(at);
        self.moved_at = now;
    }

    /// The pointer is known to be over the window at `now` (a button is down).
    pub fn here(&mut self, now: f64) {
        self.step = Vec2::ZERO;
        self.moved_at = now;
    }

    /// Whether the pointer has left a window of `size` pixels, as of `now`.
    pub fn left(&self, size: Vec2, now: f64) -> bool {
        let Some(at) = self.last else {
            return false;
        };
        if now - self.moved_at < STILL_S {
            return false;
        }
        let inside = |p: Vec2, border: f32| {
            p.x >= border && p.y >= border && p.x < size.x - border && p.y < size.y - border
        };
        !inside(at, 1.0) || !inside(at + self.step * STEPS_AHEAD, 0.0)
    }
}

/// Which view a point is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ViewKind {
    World,
    Minkowski,
}

/// What the left or right button is doing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Drag {
    Idle,
    Shape {
        index: usize,
    },
    Vertex {
        shape: usize,
        vertex: usize,
    },
    Pan {
        view: ViewKind,
    },
    /// The direction arrow of a lesson's *support* figure.
    Direction,
    /// The point P of a lesson's *regions* figure.
    Trial,
    /// A finger's long press on a shape: it turns about its centre. `angle`: the
    /// finger's last direction from the centre (world, radians).
    Rotate {
        index: usize,
        angle: f64,
    },
    /// A handle of a moving shape's end pose (its velocity or its turn).
    Motion(crate::app::pair::motion::Handle),
}

/// Two fingers on the screen: their midpoint and distance last frame, and the view
/// they pinch.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pinch {
    middle: Vec2,
    span: f32,
    view: Option<ViewKind>,
}

/// The mouse's state between frames.
pub struct Input {
    drag: Drag,
    button: MouseButton,
    press: Vec2,
    last: Vec2,
    moved: bool,
    /// When the button went down (seconds).
    pressed_at: f64,
    pinch: Option<Pinch>,
    presence: Presence,
    /// Whether a finger has touched the screen in this run (touch is a pointer).
    touched: bool,
    /// What is under the mouse.
    pub hover: Hover,
    /// Our place in macroquad's queue of input events (registered at the first
    /// frame, once the window is open): where each press happened.
    events: Option<usize>,
}

/// Where this frame's press of the left and of the right button happened (the last,
/// if several came since the last frame), read from the input events (screen pixels,
/// as [`mouse_position`] gives them). On a slow machine a press and the pointer's
/// first move can reach the app in one frame, and the pointer's position at that
/// frame is already past the press: a drag starts where the press was (a finger's
/// touch is a left press too: macroquad turns it into one).
#[derive(Default)]
struct Presses {
    left: Option<Vec2>,
    right: Option<Vec2>,
}

impl Presses {
    /// This frame's presses, from the events since the last frame.
    fn read(subscriber: usize) -> Self {
        let mut presses = Presses::default();
        macroquad::input::utils::repeat_all_miniquad_input(&mut presses, subscriber);
        presses
    }

    /// Where `button`'s press happened, if it was pressed this frame.
    fn at(&self, button: MouseButton) -> Option<Vec2> {
        match button {
            MouseButton::Left => self.left,
            MouseButton::Right => self.right,
            _ => None,
        }
    }
}

impl macroquad::miniquad::EventHandler for Presses {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        // The event's pixels are the framebuffer's; `mouse_position` divides by the
        // display's scale.
        let at = Vec2::new(x, y) / macroquad::miniquad::window::dpi_scale();
        match button {
            MouseButton::Left => self.left = Some(at),
            MouseButton::Right => self.right = Some(at),
            _ => {}
        }
    }
}

impl Default for Input {
    fn default() -> Self {
        Input {
            drag: Drag::Idle,
            button: MouseButton::Left,
            press: Vec2::ZERO,
            last: Vec2::ZERO,
            moved: false,
            pressed_at: 0.0,
            pinch: None,
            presence: Presence::default(),
            touched: false,
            hover: Hover::default(),
            events: None,
        }
    }
}

/// The view a screen point lies in, if any.
fn view_under(app: &App, area: Viewport, m: Vec2) -> Option<ViewKind> {
    let (world, minkowski) = split(area, app.effective_layout());
    if world.is_some_and(|v| v.contains(m)) {
        Some(ViewKind::World)
    } else if minkowski.is_some_and(|v| v.contains(m)) {
        Some(ViewKind::Minkowski)
    } else {
        None
    }
}

/// What the pointer at `m` hovers in `view` (nothing over a panel: `blocked`).
fn hover_at(app: &App, view: Option<ViewKind>, blocked: bool, m: Vec2) -> Hover {
    match (view, blocked) {
        (Some(ViewKind::World), false) => hit_test(app, &app.lab.world_camera, m),
        (Some(ViewKind::Minkowski), false) => Hover {
            minkowski_mouse: Some(m),
            ..Hover::default()
        },
        _ => Hover::default(),
    }
}

/// What lies under a screen point of the world view: a vertex first, then a shape.
pub fn hit_test(app: &App, camera: &Camera, screen: Vec2) -> Hover {
    let p = camera.screen_to_world(screen);
    let shapes: Vec<_> = app.lab.scene.shapes.iter().map(|s| &s.shape).collect();
    let order = paint_order(shapes.len(), app.lab.a, app.lab.b);
    let vertex = order
        .iter()
        .rev()
        .find_map(|&i| pick_vertex(shapes[i], p, VERTEX_RADIUS_PX / camera.zoom).map(|v| (i, v)));
    let shape = vertex
        .map(|(i, _)| i)
        .or_else(|| pick_shape(&shapes, &order, p, SHAPE_SLOP_PX / camera.zoom));
    Hover {
        shape,
        vertex,
        minkowski_mouse: None,
        mouse: None,
    }
}

impl Input {
    /// Whether a finger has touched the screen in this run.
    pub fn touched(&self) -> bool {
        self.touched
    }

    /// Handles the mouse for one frame; `blocked` when the pointer is over a panel.
    pub fn mouse(&mut self, app: &mut App, area: Viewport, blocked: bool) {
        let m = Vec2::from(mouse_position());
        let subscriber = *self
            .events
            .get_or_insert_with(macroquad::input::utils::register_input_subscriber);
        let presses = Presses::read(subscriber);
        let now = macroquad::time::get_time();
        let fingers = macroquad::input::touches();
        self.touched |= !fingers.is_empty();
        if self.pinch(app, area) {
            return;
        }
        self.presence.update(m, now);
        // A button pressed or held means the pointer is over the window.
        let buttons = [MouseButton::Left, MouseButton::Right, MouseButton::Middle];
        if buttons.into_iter().any(is_mouse_button_down) {
            self.presence.here(now);
        }
        let window = Vec2::new(screen_width(), screen_height());
        let gone = self.presence.left(window, now);
        let under = view_under(app, area, m);
        // A pointer taken as gone hides the hover and the readout only: a press or a
        // wheel notch comes from a pointer over the window (X delivers them only
        // there), however it got there (a tablet's jump, xdotool's mousemove).
        // On a touch screen nothing hovers once the finger is lifted: the hover and the
        // coordinate readout end with the touch.
        let lifted = app.lab.screen.touch
            && fingers.is_empty()
            && !buttons.into_iter().any(is_mouse_button_down);
        let view = if gone || lifted { None } else { under };
        if self.drag == Drag::Idle {
            self.hover = hover_at(app, view, blocked, m);
        }
        // The readout follows the mouse, during drags too.
        self.hover.mouse = (view.is_some() && !blocked).then_some(m);
        if !blocked {
            // A press this frame acts where it happened (what lies under it, the
            // drag's start); the drag then follows to the pointer's place below.
            let pressed = [MouseButton::Left, MouseButton::Right]
                .into_iter()
                .filter(|&b| is_mouse_button_pressed(b))
                .find_map(|b| presses.at(b));
            match pressed {
                Some(p) if p != m && self.drag == Drag::Idle => {
                    let under_press = view_under(app, area, p);
                    self.hover = Hover {
                        mouse: self.hover.mouse,
                        ..hover_at(app, under_press, false, p)
                    };
                    self.press_buttons(app, under_press, p);
                }
                _ => self.press_buttons(app, under, m),
            }
            self.wheel(app, under, m);
        }
        self.drag_to(app, m);
        self.release(app, m);
        self.last = m;
    }

    fn press_buttons(&mut self, app: &mut App, view: Option<ViewKind>, m: Vec2) {
        // A waiting question takes a left click near one of its candidates as the
        // learner's answer.
        if let (true, Some(view), true) = (
            app.lab.predict.question.is_some(),
            view,
            is_mouse_button_pressed(MouseButton::Left),
        ) {
            let view = match view {
                // Sweep and prune's question is asked on the end-point list, drawn
                // in pixels over the many-shapes view.
                _ if app.mode() == Mode::Many => predict::View::Screen,
                ViewKind::World => predict::View::World,
                ViewKind::Minkowski => predict::View::Minkowski,
            };
            if app.answer(view, m) {
                return;
            }
        }
        for button in [MouseButton::Left, MouseButton::Right] {
            if !is_mouse_button_pressed(button) || self.drag != Drag::Idle {
                continue;
            }
            let Some(view) = view else { continue };
            (self.button, self.press, self.last, self.moved) = (button, m, m, false);
            self.pressed_at = macroquad::time::get_time();
            let handle = (app.mode() == Mode::Pair
                && view == ViewKind::World
                && button == MouseButton::Left)
                .then(|| crate::app::pair::motion::handle_at(&app.lab, m))
                .flatten();
            if let Some(handle) = handle {
                self.drag = Drag::Motion(handle);
                continue;
            }
            self.drag = match (view, button, self.hover) {
                (
                    ViewKind::World,
                    MouseButton::Left,
                    Hover {
                        vertex: Some((shape, vertex)),
                        ..
                    },
                ) => Drag::Vertex { shape, vertex },
                (
                    ViewKind::World,
                    MouseButton::Left,
                    Hover {
                        shape: Some(index), ..
                    },
                ) => {
                    // In the many-shapes mode the held shape stops drifting.
                    if let Some(many) = app.many_mut() {
                        many.held = Some(index);
                    }
                    Drag::Shape { index }
                }
                (
                    ViewKind::World,
                    MouseButton::Right,
                    Hover {
                        shape: Some(index), ..
                    },
                ) => {
                    app.set_b(index);
                    Drag::Idle
                }
                (ViewKind::Minkowski, MouseButton::Left, _)
                    if figures::direction_tip(app)
                        .is_some_and(|tip| tip.distance(m) <= figures::GRAB_PX) =>
                {
                    Drag::Direction
                }
                (ViewKind::Minkowski, MouseButton::Left, _)
                    if figures::trial_screen(app)
                        .is_some_and(|p| p.distance(m) <= figures::GRAB_PX) =>
                {
                    Drag::Trial
                }
                (view, _, _) => Drag::Pan { view },
            };
        }
    }

    fn drag_to(&mut self, app: &mut App, m: Vec2) {
        self.long_press(app, m);
        if self.drag == Drag::Idle || m == self.last {
            return;
        }
        if (m - self.press).length() > CLICK_PX {
            self.moved = true;
        }
        let delta = m - self.last;
        match self.drag {
            Drag::Shape { index } => {
                let d = app.lab.world_camera.screen_delta_to_world(delta);
                app.move_shape(index, d);
            }
            Drag::Vertex { shape, vertex } => {
                let to = app.lab.world_camera.screen_to_world(m);
                match app.move_vertex(shape, vertex, to) {
                    Ok(v) => {
                        self.drag = Drag::Vertex { shape, vertex: v };
                        self.hover.vertex = Some((shape, v));
                        app.lab.messages.notice = None;
                    }
                    Err(e) => {
                        app.lab.messages.notice =
                            Some(tr!("notice-vertex-edit-rejected", error = e.shown()))
                    }
                }
            }
            Drag::Pan {
                view: ViewKind::World,
            } => {
                app.lab.world_camera.pan(delta);
                app.lab.fit.world = false;
            }
            Drag::Pan {
                view: ViewKind::Minkowski,
            } => {
                app.mode.pair_mode_mut().minkowski_camera.pan(delta);
                app.mode.pair_mode_mut().follow_minkowski = false;
            }
            Drag::Direction => figures::drag_direction(app, m),
            Drag::Trial => figures::drag_trial(app, m),
            Drag::Rotate { index, angle } => {
                let to = finger_angle(app, index, m);
                app.rotate_shape(index, to - angle);
                self.drag = Drag::Rotate { index, angle: to };
            }
            Drag::Motion(handle) => {
                if let Some(motion) = crate::app::pair::motion::dragged(&app.lab, &handle, m) {
                    app.set_motion(handle.shape, motion);
                }
            }
            Drag::Idle => {}
        }
    }

    fn release(&mut self, app: &mut App, _m: Vec2) {
        if self.drag == Drag::Idle || is_mouse_button_down(self.button) {
            return;
        }
        if let (Drag::Shape { index }, false) = (self.drag, self.moved) {
            app.set_a(index);
        }
        if let Some(many) = app.many_mut() {
            many.held = None;
        }
        if matches!(self.drag, Drag::Vertex { .. })
            && app.mode.pair_mode_mut().rejected.take().is_some()
        {
            // Keep the reason the last move gave (it names the edges that would meet).
            if app.lab.messages.notice.is_none() {
                app.lab.messages.notice =
                    Some("Vertex edit rejected: the polygon's edges may not cross or touch".into());
            }
        }
        self.drag = Drag::Idle;
    }

    fn wheel(&mut self, app: &mut App, view: Option<ViewKind>, m: Vec2) {
        let (_, y) = mouse_wheel();
        if y == 0.0 || !y.is_finite() {
            return;
        }
        let notch = y.signum() as f64;
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
        let factor = 1.15f64.powf(notch);
        match (view, self.hover.shape) {
            (Some(ViewKind::World), Some(i)) if !ctrl => {
                let degrees = if shift { ROTATE_DEG.1 } else { ROTATE_DEG.0 };
                app.rotate_shape(i, (notch * degrees).to_radians());
            }
            (Some(ViewKind::World), _) => {
                app.lab.world_camera.zoom_at(m, factor);
                app.lab.fit.world = false;
            }
            (Some(ViewKind::Minkowski), _) => {
                app.mode.pair_mode_mut().minkowski_camera.zoom_at(m, factor);
                app.mode.pair_mode_mut().follow_minkowski = false;
            }
            (None, _) => {}
        }
    }
}

impl Input {
    /// Two fingers pinch-zoom the view under their midpoint about it, and pan it as
    /// the midpoint moves; a drag the first finger began ends. Returns whether two
    /// fingers are down (then the mouse, which macroquad moves with both, is ignored).
    fn pinch(&mut self, app: &mut App, area: Viewport) -> bool {
        let dpi = macroquad::window::screen_dpi_scale();
        let mut fingers: Vec<_> = macroquad::input::touches()
            .into_iter()
            .filter(|t| !matches!(t.phase, TouchPhase::Ended | TouchPhase::Cancelled))
            .collect();
        if fingers.len() < 2 {
            self.pinch = None;
            return false;
        }
        fingers.sort_by_key(|t| t.id);
        let (p, q) = (fingers[0].position / dpi, fingers[1].position / dpi);
        let (middle, span) = ((p + q) / 2.0, p.distance(q).max(1.0));
        let view = match self.pinch {
            Some(last) => {
                let factor = f64::from(span / last.span);
                match last.view {
                    Some(ViewKind::World) => {
                        app.lab.world_camera.zoom_at(last.middle, factor);
                        app.lab.world_camera.pan(middle - last.middle);
                        app.lab.fit.world = false;
                    }
                    Some(ViewKind::Minkowski) => {
                        app.mode
                            .pair_mode_mut()
                            .minkowski_camera
                            .zoom_at(last.middle, factor);
                        app.mode
                            .pair_mode_mut()
                            .minkowski_camera
                            .pan(middle - last.middle);
                        app.mode.pair_mode_mut().follow_minkowski = false;
                    }
                    None => {}
                }
                last.view
            }
            None => view_under(app, area, middle),
        };
        self.pinch = Some(Pinch { middle, span, view });
        if let Some(many) = app.many_mut() {
            many.held = None;
        }
        self.drag = Drag::Idle;
        self.hover = Hover::default();
        true
    }

    /// A finger held still on a shape for [`LONG_PRESS_S`] starts turning it.
    fn long_press(&mut self, app: &mut App, m: Vec2) {
        let Drag::Shape { index } = self.drag else {
            return;
        };
        let held = macroquad::time::get_time() - self.pressed_at;
        if self.moved || held < LONG_PRESS_S || macroquad::input::touches().is_empty() {
            return;
        }
        self.drag = Drag::Rotate {
            index,
            angle: finger_angle(app, index, m),
        };
        // A long press is not a click: the shape does not become A on release.
        self.moved = true;
        app.lab.messages.notice = Some(tr!("notice-turning-shape"));
    }
}

/// The direction (world, radians) from shape `index`'s centre to the screen point `m`.
fn finger_angle(app: &App, index: usize, m: Vec2) -> f64 {
    let centre = app.lab.scene.shapes[index].shape.pose().position;
    let d = app.lab.world_camera.screen_to_world(m) - centre;
    d.y.atan2(d.x)
}

/// Handles the keyboard for one frame (not while a text field has the keys).
pub fn keys(app: &mut App) {
    let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
    // A waiting question takes Tab, the digits and Enter: a candidate chosen from the
    // keyboard, then the answer (the digits do not switch the algorithm meanwhile).
    let asking = app.lab.predict.question.is_some();
    if asking {
        question_keys(app);
    }
    if is_key_pressed(KeyCode::N) || is_key_pressed(KeyCode::Right) {
        app.next();
    }
    if is_key_pressed(KeyCode::B) || is_key_pressed(KeyCode::Left) {
        app.back();
    }
    if is_key_pressed(KeyCode::Home) {
        app.go_to(0);
    }
    if is_key_pressed(KeyCode::End) {
        app.go_to(usize::MAX);
    }
    if is_key_pressed(KeyCode::Space) {
        app.toggle_play();
    }
    if is_key_pressed(KeyCode::R) {
        app.restart();
    }
    if is_key_pressed(KeyCode::F5) {
        app.reload();
    }
    if is_key_pressed(KeyCode::F) {
        app.fit_views();
    }
    if is_key_pressed(KeyCode::M) {
        let mode = match app.mode() {
            Mode::Pair => Mode::Many,
            Mode::Many => Mode::Pair,
        };
        app.set_mode(mode);
    }
    if is_key_pressed(KeyCode::K) {
        if app.lab.lesson.is_some() {
            app.close_lesson();
        } else {
            app.resume_lessons();
        }
    }
    if is_key_pressed(KeyCode::PageDown) {
        app.next_page();
    }
    if is_key_pressed(KeyCode::PageUp) {
        app.previous_page();
    }
    if is_key_pressed(KeyCode::L) {
        let i = Layout::ALL
            .iter()
            .position(|(l, _)| *l == app.lab.layout)
            .unwrap_or(0);
        app.lab.layout = Layout::ALL[(i + 1) % Layout::ALL.len()].0;
    }
    if is_key_pressed(KeyCode::V) && app.mode() == Mode::Pair {
        app.next_variant();
    }
    if ctrl && is_key_pressed(KeyCode::S) {
        let path = std::path::PathBuf::from(app.lab.file.save_path.trim());
        app.save(&path);
    }
    for algorithm in Algorithm::ALL {
        // Ctrl with a letter is the system's (copy, select all), not an algorithm.
        if !asking && !ctrl && key_code(key_of(algorithm)).is_some_and(is_key_pressed) {
            app.set_algorithm(algorithm);
        }
    }
}

/// The keys of a waiting question: Tab (Shift+Tab back) goes round the candidates,
/// 1–9 chooses one, Enter answers with the one chosen.
fn question_keys(app: &mut App) {
    if is_key_pressed(KeyCode::Tab) {
        let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
        app.step_candidate(!shift);
    }
    for (k, name) in ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
        .into_iter()
        .enumerate()
    {
        if key_code(name).is_some_and(is_key_pressed) {
            app.choose_candidate(k);
        }
    }
    if is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter) {
        app.answer_chosen();
    }
}

/// The keyboard key of a key's name as [`key_of`] gives it.
fn key_code(name: &str) -> Option<KeyCode> {
    Some(match name {
        "1" => KeyCode::Key1,
        "2" => KeyCode::Key2,
        "3" => KeyCode::Key3,
        "4" => KeyCode::Key4,
        "5" => KeyCode::Key5,
        "6" => KeyCode::Key6,
        "7" => KeyCode::Key7,
        "8" => KeyCode::Key8,
        "9" => KeyCode::Key9,
        "0" => KeyCode::Key0,
        "-" => KeyCode::Minus,
        "=" => KeyCode::Equal,
        "D" => KeyCode::D,
        "U" => KeyCode::U,
        "C" => KeyCode::C,
        "X" => KeyCode::X,
        "A" => KeyCode::A,
        "T" => KeyCode::T,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every algorithm has a key of its own, and the window knows it.
    #[test]
    fn every_algorithm_has_its_own_key() {
        let mut codes = vec![];
        for algorithm in Algorithm::ALL {
            let name = key_of(algorithm);
            let code = key_code(name).unwrap_or_else(|| panic!("no key for {name:?}"));
            assert!(!codes.contains(&code), "{name:?} is taken twice");
            codes.push(code);
        }
    }

    use gjk_lab_core::scene::{Format, Scene};
    use glam::DVec2;

    fn app() -> App {
        let text = r#"(shapes: [
            (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]), position: (0.0, 0.0)),
            (name: "B", shape: Circle(radius: 1.0), position: (5.0, 0.0)),
        ])"#;
        let mut app = App::new(
            Scene::from_text(text, Format::Ron, None).unwrap(),
            None,
            None,
            None,
        );
        app.lab.world_camera =
            Camera::new(DVec2::ZERO, 50.0, Viewport::new(0.0, 0.0, 800.0, 600.0));
        app
    }

    #[test]
    fn a_pointer_that_heads_out_and_stops_has_left_the_window() {
        let window = Vec2::new(1280.0, 800.0);
        let mut p = Presence::default();
        assert!(!p.left(window, 0.0), "no pointer seen yet");
        // Moving left in 30-pixel steps: the last event 40 px from the border.
        for (k, x) in [130.0, 100.0, 70.0, 40.0].into_iter().enumerate() {
            p.update(Vec2::new(x, 400.0), k as f64 * 0.01);
        }
        assert!(!p.left(window, 0.1), "just moved: the readout follows it");
        assert!(p.left(window, 0.5), "still since, after heading out: gone");
        // It comes back: present at once.
        p.update(Vec2::new(60.0, 400.0), 2.0);
        assert!(!p.left(window, 2.5), "heading in");
        // Slowing to a stop near the border, one pixel at a time: still there.
        p.update(Vec2::new(20.0, 400.0), 3.0);
        p.update(Vec2::new(19.0, 400.0), 3.1);
        assert!(!p.left(window, 9.0));
        // At the border itself, or heading out at the bottom: gone.
        p.update(Vec2::new(0.0, 400.0), 10.0);
        assert!(p.left(window, 11.0));
        p.update(Vec2::new(300.0, 770.0), 12.0);
        p.update(Vec2::new(300.0, 790.0), 12.01);
        assert!(p.left(window, 13.0));
    }

    #[test]
    fn hit_test_finds_vertex_before_shape() {
        let app = app();
        let cam = app.lab.world_camera;
        // The square's corner (1, 1), 3 px off.
        let corner = cam.world_to_screen(DVec2::new(1.0, 1.0)) + Vec2::new(3.0, 0.0);
        let hover = hit_test(&app, &cam, corner);
        assert_eq!(hover.shape, Some(0));
        assert!(hover.vertex.is_some_and(|(s, _)| s == 0));
        // The centre of the square: the shape, no vertex.
        let hover = hit_test(&app, &cam, cam.world_to_screen(DVec2::ZERO));
        assert_eq!(
            hover,
            Hover {
                shape: Some(0),
                ..Hover::default()
            }
        );
        // The circle, and empty space.
        assert_eq!(
            hit_test(&app, &cam, cam.world_to_screen(DVec2::new(5.5, 0.0))).shape,
            Some(1)
        );
        assert_eq!(
            hit_test(&app, &cam, cam.world_to_screen(DVec2::new(2.5, 3.0))),
            Hover::default()
        );
    }
}
