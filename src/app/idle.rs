//! Idle: when nothing moves and no input comes, the app stops redrawing (a phone's
//! battery, a laptop's fan). In the browser the event loop blocks (miniquad's
//! `blocking_event_loop`): a frame is drawn only after an input event, a resize or
//! the app's own request while something moves. On the desktop an idle frame rests
//! before it draws, until an event comes to the window or the scene file changes on
//! disk (auto-reload): [`super::platform::rest`].

use super::platform;
use super::state::App;
use macroquad::miniquad::{EventHandler, KeyCode, KeyMods, MouseButton, TouchPhase};

/// How long after the last input or motion the app keeps drawing every frame
/// (egui's hover and the readout settle, the last scene is kept: every second).
pub const SETTLE_S: f64 = 1.5;

/// Whether input came since the last look (a subscriber of macroquad's events).
struct Activity(bool);

impl EventHandler for Activity {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn mouse_motion_event(&mut self, _x: f32, _y: f32) {
        self.0 = true;
    }
    fn mouse_wheel_event(&mut self, _x: f32, _y: f32) {
        self.0 = true;
    }
    fn mouse_button_down_event(&mut self, _b: MouseButton, _x: f32, _y: f32) {
        self.0 = true;
    }
    fn mouse_button_up_event(&mut self, _b: MouseButton, _x: f32, _y: f32) {
        self.0 = true;
    }
    fn char_event(&mut self, _c: char, _m: KeyMods, _r: bool) {
        self.0 = true;
    }
    fn key_down_event(&mut self, _k: KeyCode, _m: KeyMods, _r: bool) {
        self.0 = true;
    }
    fn key_up_event(&mut self, _k: KeyCode, _m: KeyMods) {
        self.0 = true;
    }
    fn touch_event(&mut self, _p: TouchPhase, _id: u64, _x: f32, _y: f32) {
        self.0 = true;
    }
}

/// Tells busy frames from idle ones.
pub struct Idle {
    subscriber: usize,
    /// When the app was last busy ([`super::platform::now`], seconds).
    busy_at: f64,
    /// Whether the last frame was idle (the next one rests first).
    resting: bool,
    /// Whether this frame ended a rest: what woke it (input, the scene file) reaches
    /// the app in the next frame, which must come.
    woke: bool,
}

impl Idle {
    /// Starts listening to the input (call once the window is open).
    pub fn new(now: f64) -> Self {
        Idle {
            subscriber: macroquad::input::utils::register_input_subscriber(),
            busy_at: now,
            resting: false,
            woke: false,
        }
    }

    /// At the start of a frame after an idle one, rests until something happens
    /// ([`platform::rest`]; `changed`: whether the scene file changed on disk).
    pub fn rest(&mut self, changed: &mut dyn FnMut() -> bool) {
        if std::mem::take(&mut self.resting) {
            self.woke = platform::rest(changed);
        }
    }

    /// Whether this frame ended a rest (the scene file may have changed).
    pub fn woke(&self) -> bool {
        self.woke
    }

    /// Whether the next frame should come at once: input came, something moves
    /// (`moving`, [`moves`]) or either happened less than [`SETTLE_S`] ago, or this
    /// frame ended a rest.
    pub fn busy(&mut self, now: f64, moving: bool) -> bool {
        let mut activity = Activity(false);
        macroquad::input::utils::repeat_all_miniquad_input(&mut activity, self.subscriber);
        if activity.0 || moving {
            self.busy_at = now;
        }
        std::mem::take(&mut self.woke) || now - self.busy_at < SETTLE_S
    }

    /// Ends the frame: an idle one makes the next frame rest first; a busy one asks
    /// for the next frame where the platform must ([`platform::pace`]).
    pub fn pace(&mut self, busy: bool) {
        self.resting = !busy;
        platform::pace(busy);
    }
}

/// Whether the picture changes by itself: the pair playing, the shapes drifting,
/// a lesson page's figure (animated).
pub fn moves(app: &App) -> bool {
    app.mode.shown().moving() || super::lessons::figures::page_figure(app).is_some()
}
