//! Idle: when nothing moves and no input comes, the app stops redrawing (a phone's
//! battery, a laptop's fan). In the browser the event loop blocks (miniquad's
//! `blocking_event_loop`): a frame is drawn only after an input event, a resize or
//! the app's own request while something moves. On the desktop a frame is drawn
//! every [`IDLE_FRAME_S`] instead of as fast as possible (miniquad's X11 loop can
//! only block until an X event, and the scene file's changes must still be noticed).

use super::state::{App, ModeState};
#[cfg(target_arch = "wasm32")]
use macroquad::miniquad;
use macroquad::miniquad::{EventHandler, KeyCode, KeyMods, MouseButton, TouchPhase};

/// How long after the last input or motion the app keeps drawing every frame
/// (egui's hover and the readout settle, the last scene is kept: every second).
pub const SETTLE_S: f64 = 1.5;
/// The desktop's frame interval while idle, in seconds.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub const IDLE_FRAME_S: f64 = 0.1;

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
}

impl Idle {
    /// Starts listening to the input (call once the window is open).
    pub fn new(now: f64) -> Self {
        Idle {
            subscriber: macroquad::input::utils::register_input_subscriber(),
            busy_at: now,
        }
    }

    /// Whether the next frame should come at once: input came, something moves
    /// (`moving`, [`moves`]) or either happened less than [`SETTLE_S`] ago.
    pub fn busy(&mut self, now: f64, moving: bool) -> bool {
        let mut activity = Activity(false);
        macroquad::input::utils::repeat_all_miniquad_input(&mut activity, self.subscriber);
        if activity.0 || moving {
            self.busy_at = now;
        }
        now - self.busy_at < SETTLE_S
    }

    /// Ends the frame's wait: in the browser, asks for the next frame when busy
    /// (else the loop sleeps until an event); on the desktop, sleeps a little when
    /// idle.
    pub fn pace(&self, busy: bool) {
        #[cfg(target_arch = "wasm32")]
        if busy {
            miniquad::window::schedule_update();
        }
        #[cfg(not(target_arch = "wasm32"))]
        if !busy {
            std::thread::sleep(std::time::Duration::from_secs_f64(IDLE_FRAME_S));
        }
    }
}

/// Whether the picture changes by itself: the pair playing, the shapes drifting,
/// a lesson page's figure (animated).
pub fn moves(app: &App) -> bool {
    let drifting = match &app.mode {
        ModeState::Pair(pair) => pair.playing,
        ModeState::Many { many, .. } => !many.paused && many.sweep.is_none(),
    };
    drifting || super::lessons::figures::page_figure(app).is_some()
}
