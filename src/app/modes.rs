//! The modes: which one is shown ([`Mode`]), and the commands every mode answers in
//! its own way ([`ModeCommands`]: step, back, go to, play), which the app dispatches
//! once ([`super::state::ModeState::commands`]). The two-shape mode
//! ([`super::pair::PairMode`]) and the many-shapes mode ([`super::many::Many`]) each
//! implement them on their own state, handed the [`Lab`] they act on.

use super::lab::Lab;
use gjk_lab_core::scene::Scene;

/// Scenes with more shapes than this open in the many-shapes mode.
pub const MANY_SHAPES: usize = 40;

/// What the window shows: one pair of shapes and an algorithm stepped on it, or every
/// shape moving with the broad phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Two shapes, A and B, and the narrow-phase algorithm on them.
    Pair,
    /// Many shapes drifting; sweep and prune, then GJK on its pairs.
    Many,
}

impl Mode {
    /// Every mode, in menu order, with its label.
    pub const ALL: [(Mode, &'static str); 2] = [
        (Mode::Pair, "Two shapes (narrow phase)"),
        (Mode::Many, "Many shapes (broad phase)"),
    ];

    /// The mode's name in the status file and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Pair => "pair",
            Mode::Many => "many",
        }
    }

    /// The mode a scene opens in: the broad phase for more than
    /// [`MANY_SHAPES`] shapes.
    pub fn for_scene(scene: &Scene) -> Mode {
        if scene.shapes.len() > MANY_SHAPES {
            Mode::Many
        } else {
            Mode::Pair
        }
    }
}

/// The commands every mode answers: its steps (the pair's recorded steps, the stepped
/// sweep), one forward or back, a jump, playing. A question asked before a step is the
/// app's business ([`super::state::App::next`]), not the mode's.
pub trait ModeCommands {
    /// One step forward (in the many-shapes mode: one sweep step; the first press
    /// stops the motion and starts stepping).
    fn next(&mut self, lab: &mut Lab);
    /// One step back.
    fn back(&mut self);
    /// Goes to step `k` (clamped).
    fn go_to(&mut self, lab: &mut Lab, k: usize);
    /// Back to step 0 and stop playing.
    fn restart(&mut self, lab: &mut Lab);
    /// Starts or stops playing (in the many-shapes mode: the motion).
    fn toggle_play(&mut self);
    /// Holds still for a question: the pair's steps stop playing (the many-shapes
    /// motion is already held while its sweep is stepped).
    fn hold(&mut self);
    /// Lets `dt` seconds pass; returns the steps now due (each goes through
    /// [`super::state::App::next`], where a question may stop them).
    fn tick(&mut self, lab: &mut Lab, dt: f32) -> usize;
    /// The play button's label: what pressing it (Space) does now, its symbol first
    /// ("▶ Play", "⏸ Pause").
    fn play_label(&self) -> &'static str;
    /// Where the steps are, for the step bar: "Step k / n", the sweep's step.
    fn step_text(&self) -> String;
    /// Whether the picture changes by itself (steps playing, shapes drifting).
    fn moving(&self) -> bool;
}
