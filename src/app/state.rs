//! The app's state and every change a learner can make to it: which scene, which
//! shapes are A and B, which algorithm and step, edits to the shapes, loading,
//! reloading and saving. Nothing here draws or reads the mouse, so it is tested
//! without a window.

use super::lessons::progress::{self as lesson_progress, LessonState};
use super::many::Many;
use super::pair::{distinct_pair, stepped_pair, PairMode};
pub use super::platform::scene_files;
use super::platform::{self, Stamp};
use super::predict;
use super::screen::ScreenShape;
use super::view::camera::{Camera, Viewport};
use super::view::canvas::Layout;
use super::visualizers::sweep::SweepTrace;
use super::visualizers::{self, Step};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::checkpoint::Names;
use gjk_lab_core::scene::{write_atomically, Format, NamedShape, Scene, View};
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::{Geometry, PolygonError, Pose, Shape};
use glam::DVec2;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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

/// The mode shown, with the state only that mode has: the many-shapes mode's is made
/// anew each time it is entered, and the two-shape mode's waits behind it meanwhile.
/// What outlasts a mode (the scene, A and B, the algorithm, the cameras) belongs to
/// [`App`].
///
/// The many-shapes mode moves the scene's own shapes (drift, sweep frames, drags), but
/// what it does is a simulation, not an edit: the shapes as they were when it was
/// entered wait behind it with the two-shape mode, come back when it is left, and are
/// what a save or a share link writes meanwhile.
pub enum ModeState {
    /// Two shapes and the algorithm's recorded steps.
    Pair(Box<PairMode>),
    /// Every shape drifting, with the broad phase; the two-shape mode waits behind it
    /// as it was left, and is shown again on the way back.
    Many {
        /// The many-shapes mode's motion, pairs, profiler and stepped sweep.
        many: Box<Many>,
        /// The two-shape mode as it was left.
        pair: Box<PairMode>,
        /// The scene's shapes as they were when the mode was entered.
        kept: Vec<NamedShape>,
    },
}

impl ModeState {
    /// The state `mode` starts in on `scene`: the pair mode at step `step` (recorded by
    /// [`App::rerun`]), or the many-shapes mode from the shapes' current poses.
    pub fn new(mode: Mode, scene: &Scene, step: usize) -> Self {
        match mode {
            Mode::Pair => ModeState::Pair(Box::new(PairMode::at_step(step))),
            Mode::Many => ModeState::Many {
                many: Box::new(Many::new(&scene.shapes)),
                pair: Box::new(PairMode::at_step(step)),
                kept: scene.shapes.clone(),
            },
        }
    }

    /// The two-shape mode's state, shown or waiting behind the many-shapes mode, and
    /// the shapes kept from before the many-shapes mode (none in the two-shape mode).
    fn leave(self) -> (Box<PairMode>, Option<Vec<NamedShape>>) {
        match self {
            ModeState::Pair(pair) => (pair, None),
            ModeState::Many { pair, kept, .. } => (pair, Some(kept)),
        }
    }

    /// Which mode this is.
    pub fn kind(&self) -> Mode {
        match self {
            ModeState::Pair(_) => Mode::Pair,
            ModeState::Many { .. } => Mode::Many,
        }
    }
}

/// The longest drift [`App::advance`] simulates, in seconds.
const MAX_ADVANCE: f64 = 600.0;

/// Scenes with more shapes than this open in the many-shapes mode.
pub const MANY_SHAPES: usize = 40;

/// Everything the window shows.
pub struct App {
    /// The scene being edited.
    pub scene: Scene,
    /// Its file, if it came from one.
    pub scene_path: Option<PathBuf>,
    /// The file's modification time when it was last read (for auto-reload).
    scene_mtime: Option<Stamp>,
    /// Index of shape A.
    pub a: usize,
    /// Index of shape B.
    pub b: usize,
    /// The algorithm shown.
    pub algorithm: Algorithm,
    /// The seed's version of it shown instead of gjk-lab's, if any (always a version
    /// of [`App::algorithm`]).
    pub variant: Option<Variant>,
    /// The tolerances, cap and precision of the stepped run (the Advanced panel;
    /// gjk-lab's own by default). Only the algorithms that take settings use them.
    pub settings: Settings,
    /// The last error (bad scene file, failed save), shown until the next success.
    pub error: Option<String>,
    /// A short message about the last action ("Saved …", "Rejected …").
    pub notice: Option<String>,
    /// Playing speed, in steps per second.
    pub speed: f32,
    /// Seconds the app has run (animations of the lesson figures).
    pub clock: f64,
    /// The world view's camera.
    pub world_camera: Camera,
    /// The Minkowski view's camera.
    pub minkowski_camera: Camera,
    /// Whether the world camera should be fitted to the scene at the next layout.
    pub fit_world: bool,
    /// The scene file's camera (centre, zoom), applied at the next fit: the world view
    /// may be narrower than the window the file was written for, so the zoom is
    /// lowered if the shapes would not fit.
    pub file_view: Option<(DVec2, f64)>,
    /// Whether the Minkowski view keeps A − B and the origin in sight by itself.
    pub follow_minkowski: bool,
    /// How the views share the screen.
    pub layout: Layout,
    /// The text of the save-path field.
    pub save_path: String,
    /// Whether a changed scene file reloads by itself.
    pub auto_reload: bool,
    /// The outline a rejected vertex drag would have made (world points), shown in red.
    pub rejected: Option<Vec<DVec2>>,
    /// The two edges of [`App::rejected`] that would cross or touch, as pairs of
    /// indices into it (empty when the edit was refused for another reason).
    pub rejected_edges: Vec<[usize; 2]>,
    /// Whether the two-shape mode asks the learner to predict each event first.
    pub predict: bool,
    /// A question waiting for the learner's click.
    pub question: Option<predict::Question>,
    /// How the last answer was judged.
    pub verdict: Option<predict::Verdict>,
    /// Answers judged (outside lessons; a lesson keeps its own).
    pub score: predict::Score,
    /// The lesson being followed, if any (the lessons mode).
    pub lesson: Option<LessonState>,
    /// Whether the two-shape mode's panel offers the lessons to a newcomer (a first
    /// start: see [`lesson_progress::Progress::first_start`]); the window sets it.
    pub welcome: bool,
    /// An export the panel asked for; the window's loop carries it out.
    pub export_request: Option<super::export::Plan>,
    /// Bumped on every change of shapes, for caches.
    pub revision: u64,
    /// The mode shown, with the state only that mode has.
    pub mode: ModeState,
    /// The last outline of A − B asked for, kept until the pair changes: the views, the
    /// fit and the figures ask for it several times a frame, and every frame.
    outline_cache: RefCell<Option<(outline::OutlineKey, Arc<[DVec2]>)>>,
    /// The learner's own trace ("Load my trace") and its check on the pair shown.
    pub my_trace: Option<super::my_trace::MyTrace>,
    /// The shape of the window (the main loop sets it every frame).
    pub screen: ScreenShape,
    /// The last share link made and what it was made of ([`App::share_link`]).
    pub link_cache: std::cell::RefCell<Option<(u64, String)>>,
}

impl App {
    /// An app showing `scene` (read from `path`), with the scene's view unless
    /// `algorithm` or `step` override it.
    pub fn new(
        scene: Scene,
        path: Option<PathBuf>,
        algorithm: Option<Algorithm>,
        step: Option<usize>,
    ) -> Self {
        let viewport = Viewport::new(0.0, 0.0, 640.0, 640.0);
        let mut app = App {
            scene_mtime: path.as_deref().and_then(platform::modified),
            save_path: path
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_else(|| "scene.ron".into()),
            scene_path: path,
            a: 0,
            b: 1,
            algorithm: Algorithm::Gjk,
            variant: None,
            settings: Settings::default(),
            error: None,
            notice: None,
            speed: 2.0,
            clock: 0.0,
            world_camera: Camera::new(DVec2::ZERO, 80.0, viewport),
            minkowski_camera: Camera::new(DVec2::ZERO, 60.0, viewport),
            fit_world: true,
            file_view: None,
            follow_minkowski: true,
            layout: Layout::SideBySide,
            auto_reload: true,
            rejected: None,
            rejected_edges: vec![],
            export_request: None,
            predict: false,
            question: None,
            verdict: None,
            score: predict::Score::default(),
            lesson: None,
            welcome: false,
            revision: 0,
            screen: ScreenShape::Wide,
            link_cache: std::cell::RefCell::new(None),
            mode: ModeState::new(Mode::for_scene(&scene), &scene, 0),
            outline_cache: RefCell::new(None),
            my_trace: None,
            scene,
        };
        let view_step = app.apply_view();
        if let Some(a) = algorithm {
            app.algorithm = a;
        }
        let kind = app.mode();
        app.mode = ModeState::new(kind, &app.scene, step.unwrap_or(view_step));
        app.rerun();
        app
    }

    /// Which mode is shown.
    pub fn mode(&self) -> Mode {
        self.mode.kind()
    }

    /// The two-shape mode's state, when it is shown.
    pub fn pair(&self) -> Option<&PairMode> {
        match &self.mode {
            ModeState::Pair(pair) => Some(pair),
            ModeState::Many { .. } => None,
        }
    }

    /// The two-shape mode's state, when it is shown.
    pub fn pair_mut(&mut self) -> Option<&mut PairMode> {
        match &mut self.mode {
            ModeState::Pair(pair) => Some(pair),
            ModeState::Many { .. } => None,
        }
    }

    /// The many-shapes mode's state, when it is shown.
    pub fn many(&self) -> Option<&Many> {
        match &self.mode {
            ModeState::Many { many, .. } => Some(many),
            ModeState::Pair(_) => None,
        }
    }

    /// The many-shapes mode's state, when it is shown.
    pub fn many_mut(&mut self) -> Option<&mut Many> {
        match &mut self.mode {
            ModeState::Many { many, .. } => Some(many),
            ModeState::Pair(_) => None,
        }
    }

    /// The pair's recorded steps (none in the many-shapes mode).
    pub fn steps(&self) -> &[Step] {
        self.pair().map_or(&[], |p| &p.steps)
    }

    /// The pair's step shown (0 in the many-shapes mode).
    pub fn step(&self) -> usize {
        self.pair().map_or(0, |p| p.step)
    }

    /// The decisive part pair of a concave pair (see [`PairMode::decisive`]).
    pub fn decisive(&self) -> Option<[usize; 2]> {
        self.pair().and_then(|p| p.decisive)
    }

    /// Takes A, B, algorithm and camera from the scene's `view`; returns its step.
    fn apply_view(&mut self) -> usize {
        let view = self.scene.view.clone();
        let n = self.scene.shapes.len();
        self.a = view.a.filter(|&i| i < n).unwrap_or(0);
        self.b = view
            .b
            .filter(|&i| i < n && i != self.a)
            .unwrap_or(if self.a == 0 { 1 } else { 0 });
        self.algorithm = view.algorithm.unwrap_or(self.algorithm);
        self.fit_world = true;
        self.file_view = view.center.zip(view.zoom);
        view.step.unwrap_or(0)
    }

    /// Whether A and B are two distinct shapes of the scene.
    pub fn has_pair(&self) -> bool {
        distinct_pair(&self.scene.shapes, self.a, self.b).is_some()
    }

    /// Number of events of the current run (the last step index; 0 in the
    /// many-shapes mode).
    pub fn step_count(&self) -> usize {
        self.pair().map_or(0, PairMode::step_count)
    }

    /// The step shown (none in the many-shapes mode).
    pub fn current(&self) -> Option<&Step> {
        self.pair().and_then(PairMode::current)
    }

    /// Re-runs the algorithm on A and B (after any change) and keeps the step index,
    /// clamped to the new run (the pair mode only).
    pub fn rerun(&mut self) {
        let (a, b, algorithm, variant) = (self.a, self.b, self.algorithm, self.variant);
        let ModeState::Pair(pair) = &mut self.mode else {
            return;
        };
        pair.record(&self.scene.shapes, a, b, algorithm, variant, &self.settings);
        // The numbers shown beside an answered question's candidates were the old
        // shapes': they go.
        if let Some(verdict) = &mut self.verdict {
            verdict.sheet = None;
        }
        // A waiting question is asked again of the shapes as they are now.
        if let Some(q) = self.question {
            pair.step = q.asked_at.min(pair.step_count());
            self.question =
                predict::question_of_kind(self, q.kind).map(|again| predict::Question {
                    hint: q.hint,
                    ..again
                });
        }
        self.revision += 1;
    }

    /// Judges a click at `click` (screen) in `view` as the answer to the waiting
    /// question; then shows the step that answers it. A click near no candidate
    /// leaves the question waiting. Returns whether the click was taken as an answer.
    pub fn answer(&mut self, view: predict::View, click: glam::Vec2) -> bool {
        let Some(q) = self.question else {
            return false;
        };
        let Some(verdict) = predict::judge(self, &q, view, click) else {
            return false;
        };
        let score = match &mut self.lesson {
            Some(lesson) => &mut lesson.score,
            None => &mut self.score,
        };
        if verdict.right {
            score.right += 1;
        } else {
            score.wrong += 1;
        }
        self.verdict = Some(verdict);
        self.question = None;
        self.go_to(q.reveal);
        if let Some(lesson) = &self.lesson {
            lesson_progress::record_progress(lesson);
        }
        true
    }

    /// Answers the waiting question as a click on the right candidate (`right`) or
    /// on the candidate farthest from it would; false when no question waits.
    pub fn answer_as(&mut self, right: bool) -> bool {
        let Some(q) = self.question else {
            return false;
        };
        match predict::click_for(self, &q, right) {
            Some((view, at)) => self.answer(view, at),
            None => false,
        }
    }

    /// Shows the waiting question's hint: the rule that decides it.
    pub fn show_hint(&mut self) {
        if let Some(q) = &mut self.question {
            q.hint = true;
        }
    }

    /// Shows the answer of the waiting question without judging anything.
    pub fn reveal(&mut self) {
        if let Some(q) = self.question.take() {
            self.verdict = None;
            self.go_to(q.reveal);
        }
    }

    /// The two convex shapes the stepped algorithm runs on: A and B themselves, or,
    /// when one is concave, the decisive part pair (each part keeps its shape's pose).
    pub fn stepped_pair(&self) -> Option<(Shape, Shape)> {
        let (a, b) = distinct_pair(&self.scene.shapes, self.a, self.b)?;
        Some(stepped_pair(a, b, self.decisive()))
    }

    /// Shows another algorithm, from its first step.
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        if algorithm != self.algorithm {
            // An algorithm that draws beside the shapes (SAT's axes) has the world
            // view make room for it.
            let room = |a: Algorithm| visualizers::visualizer(a).world_room_px();
            if room(algorithm) != room(self.algorithm) {
                self.fit_world = true;
            }
            self.algorithm = algorithm;
            self.variant = self.variant.filter(|v| v.algorithm() == algorithm);
            if let Some(pair) = self.pair_mut() {
                pair.step = 0;
                pair.playing = false;
            }
            self.rerun();
        }
    }

    /// Shows a seed's version of an algorithm (that algorithm, from its first step),
    /// or gjk-lab's (`None`).
    pub fn set_variant(&mut self, variant: Option<Variant>) {
        if variant == self.variant {
            return;
        }
        if let Some(v) = variant {
            self.set_algorithm(v.algorithm());
        }
        self.variant = variant;
        self.question = None;
        if let Some(pair) = self.pair_mut() {
            pair.step = 0;
            pair.playing = false;
        }
        self.rerun();
    }

    /// Runs the algorithm with `settings` (the Advanced panel: tolerances, cap,
    /// precision), keeping the step shown where the new run has it.
    pub fn set_settings(&mut self, settings: Settings) {
        if settings == self.settings {
            return;
        }
        self.settings = settings;
        self.question = None;
        if let Some(pair) = self.pair_mut() {
            pair.playing = false;
        }
        self.rerun();
    }

    /// Whether the stepped run is gjk-lab's own: no seed's version and gjk-lab's
    /// settings (for the algorithm shown). Questions are asked only then.
    pub fn runs_gjk_labs_own(&self) -> bool {
        self.variant.is_none() && (self.settings.is_default() || !self.algorithm.takes_settings())
    }

    /// The next version of the algorithm shown: gjk-lab's, then each seed's version
    /// of it in turn, then gjk-lab's again (key V).
    pub fn next_variant(&mut self) {
        let versions: Vec<Option<Variant>> = std::iter::once(None)
            .chain(Variant::of(self.algorithm).map(Some))
            .collect();
        let i = versions
            .iter()
            .position(|v| *v == self.variant)
            .unwrap_or(0);
        self.set_variant(versions[(i + 1) % versions.len()]);
    }

    /// Makes shape `i` A (B becomes the old A if `i` was B).
    pub fn set_a(&mut self, i: usize) {
        if i >= self.scene.shapes.len() || i == self.a {
            return;
        }
        if i == self.b {
            self.b = self.a;
        }
        self.a = i;
        self.follow_minkowski = true;
        self.rerun();
    }

    /// Makes shape `i` B (A becomes the old B if `i` was A).
    pub fn set_b(&mut self, i: usize) {
        if i >= self.scene.shapes.len() || i == self.b {
            return;
        }
        if i == self.a {
            self.a = self.b;
        }
        self.b = i;
        self.follow_minkowski = true;
        self.rerun();
    }

    /// Switches between the pair and the many-shapes mode. Entering the many-shapes
    /// mode starts the motion from the shapes' current poses and keeps those poses;
    /// leaving it puts them back (the motion, and any drag in it, is undone) and shows
    /// the two-shape mode as it was left.
    pub fn set_mode(&mut self, mode: Mode) {
        if mode == self.mode() {
            return;
        }
        let (mut pair, kept) =
            std::mem::replace(&mut self.mode, ModeState::Pair(Box::default())).leave();
        pair.playing = false;
        self.mode = match mode {
            Mode::Pair => {
                if let Some(kept) = kept {
                    self.scene.shapes = kept;
                }
                ModeState::Pair(pair)
            }
            Mode::Many => ModeState::Many {
                many: Box::new(Many::new(&self.scene.shapes)),
                pair,
                kept: self.scene.shapes.clone(),
            },
        };
        self.rejected = None;
        self.rerun();
        self.fit_world = true;
    }

    /// Shows the many-shapes mode in the state `many` over `shapes` (a lesson's page
    /// sets up its frame first). The scene's shapes as they were before are kept, to
    /// come back when the mode is left; when the mode is shown already, those it kept
    /// on entering stay kept.
    pub fn show_many(&mut self, many: Many, shapes: Vec<NamedShape>) {
        let (pair, kept) =
            std::mem::replace(&mut self.mode, ModeState::Pair(Box::default())).leave();
        let before = std::mem::replace(&mut self.scene.shapes, shapes);
        self.mode = ModeState::Many {
            many: Box::new(many),
            pair,
            kept: kept.unwrap_or(before),
        };
        self.fit_world = true;
    }

    /// In the many-shapes mode, lets the shapes drift for `seconds` (simulated; clamped
    /// to [0, 600]) and runs the broad and narrow phases on where they end up.
    pub fn advance(&mut self, seconds: f64) {
        let ModeState::Many { many, .. } = &mut self.mode else {
            return;
        };
        if !seconds.is_finite() {
            return;
        }
        many.jump(&mut self.scene.shapes, seconds.clamp(0.0, MAX_ADVANCE));
        self.revision += 1;
    }

    /// The layout in use: the many-shapes mode shows only the world; a phone shows one
    /// view at a time (the world, unless A − B is chosen).
    pub fn effective_layout(&self) -> Layout {
        match (&self.mode, self.screen, self.layout) {
            (ModeState::Many { .. }, _, _) => Layout::WorldOnly,
            (ModeState::Pair(_), ScreenShape::Phone, Layout::SideBySide) => Layout::WorldOnly,
            (ModeState::Pair(_), _, layout) => layout,
        }
    }

    /// Goes to step `k` (clamped); in the many-shapes mode, to sweep step `k`.
    pub fn go_to(&mut self, k: usize) {
        match &mut self.mode {
            ModeState::Pair(pair) => pair.step = k.min(pair.step_count()),
            ModeState::Many { many, .. } => many.sweep_go_to(&self.scene.shapes, k),
        }
    }

    /// One step forward; in the many-shapes mode, one sweep step (the first press
    /// stops the motion and starts stepping).
    pub fn next(&mut self) {
        // A waiting question is answered by a click (or "Show me"), not by N.
        if self.question.is_some() {
            return;
        }
        match self.mode() {
            // Questions are judged by gjk-lab's rules: a seed's version asks none.
            Mode::Pair if self.predict && self.runs_gjk_labs_own() => {
                match predict::question_before_next(self) {
                    Some(q) => {
                        self.question = Some(q);
                        self.verdict = None;
                        if let Some(pair) = self.pair_mut() {
                            pair.playing = false;
                        }
                    }
                    None => self.go_to(self.step() + 1),
                }
            }
            Mode::Pair => self.go_to(self.step() + 1),
            Mode::Many => {
                let asked = self
                    .predict
                    .then(|| predict::question_before_next(self))
                    .flatten();
                match asked {
                    Some(q) => {
                        self.question = Some(q);
                        self.verdict = None;
                    }
                    None => {
                        if let ModeState::Many { many, .. } = &mut self.mode {
                            many.sweep_next(&mut self.scene.shapes);
                        }
                    }
                }
                self.revision += 1;
            }
        }
    }

    /// What pressing N `times` times shows, from step 0 (of the sweep's first frame in
    /// the many-shapes mode).
    pub fn press_next(&mut self, times: usize) {
        self.go_to(0);
        for _ in 0..times {
            self.next();
        }
    }

    /// One step back.
    pub fn back(&mut self) {
        match &mut self.mode {
            ModeState::Pair(pair) => pair.step = pair.step.saturating_sub(1),
            ModeState::Many { many, .. } => many.sweep_back(),
        }
    }

    /// Back to step 0 and stop playing (in the many-shapes mode, to the stepped
    /// frame's first step).
    pub fn restart(&mut self) {
        match &mut self.mode {
            ModeState::Pair(pair) => {
                pair.step = 0;
                pair.playing = false;
            }
            ModeState::Many { many, .. } if many.sweep.is_some() => self.go_to(0),
            ModeState::Many { .. } => {}
        }
    }

    /// Starts or stops playing (from the start when at the end). In the many-shapes
    /// mode: pauses or resumes the motion (and stops stepping the sweep).
    pub fn toggle_play(&mut self) {
        match &mut self.mode {
            ModeState::Pair(pair) => pair.toggle_play(),
            ModeState::Many { many, .. } if many.sweep.is_some() => {
                many.stop_sweep();
                many.paused = false;
            }
            ModeState::Many { many, .. } => many.paused = !many.paused,
        }
    }

    /// Advances playing by `dt` seconds; in the many-shapes mode, moves the shapes and
    /// runs the broad and narrow phases.
    pub fn tick(&mut self, dt: f32) {
        self.clock += dt as f64;
        match &mut self.mode {
            ModeState::Many { many, .. } => {
                if !many.paused && many.sweep.is_none() {
                    many.tick(&mut self.scene.shapes, dt as f64);
                    self.revision += 1;
                }
            }
            ModeState::Pair(pair) => {
                for _ in 0..pair.play(dt * self.speed) {
                    self.next();
                }
                if let Some(pair) = self.pair_mut() {
                    if pair.step >= pair.step_count() {
                        pair.playing = false;
                    }
                }
            }
        }
    }

    /// Moves shape `i` by `delta` world units.
    pub fn move_shape(&mut self, i: usize, delta: DVec2) {
        self.edit_pose(i, |pose| pose.position += delta);
    }

    /// Rotates shape `i` by `angle` radians about its position.
    pub fn rotate_shape(&mut self, i: usize, angle: f64) {
        self.edit_pose(i, |pose| pose.rotation += angle);
    }

    fn edit_pose(&mut self, i: usize, edit: impl FnOnce(&mut Pose)) {
        let Some(named) = self.scene.shapes.get_mut(i) else {
            return;
        };
        let mut pose = named.shape.pose();
        edit(&mut pose);
        if pose.position.is_finite() && pose.rotation.is_finite() {
            named.shape.set_pose(pose);
            self.shapes_changed(i);
        }
    }

    /// After shape `i` changed: re-run if it is A or B (in the many-shapes mode, the
    /// broad phase).
    fn shapes_changed(&mut self, i: usize) {
        if let ModeState::Many { many, .. } = &mut self.mode {
            many.shapes_changed(&self.scene.shapes);
            // A waiting "which swap next?" is asked again of the boxes as they are.
            if let Some(q) = self.question {
                many.sweep_go_to(&self.scene.shapes, q.asked_at);
                self.question = predict::question_of_kind(self, q.kind);
                if let Some(q) = self.question {
                    self.go_to(q.asked_at);
                }
            }
            self.revision += 1;
        } else if i == self.a || i == self.b {
            self.rerun();
        } else {
            self.revision += 1;
        }
    }

    /// Moves vertex `v` of polygon `i` to the world point `to`. The result may be
    /// convex or concave (then split into parts again); a self-intersecting result is
    /// rejected: the shape stays as it was, [`App::rejected`] holds the outline it
    /// would have had, and the error (naming the edges that meet) is returned. On
    /// success returns the index the vertex has in the new polygon (normalising may
    /// renumber).
    pub fn move_vertex(&mut self, i: usize, v: usize, to: DVec2) -> Result<usize, String> {
        let Some(named) = self.scene.shapes.get_mut(i) else {
            return Err("no such shape".into());
        };
        let Some(outline) = named.shape.geometry().polygon_vertices() else {
            return Err("only polygons have vertices".into());
        };
        let local = named.shape.to_local(to);
        let mut vertices = outline.to_vec();
        let Some(slot) = vertices.get_mut(v) else {
            return Err("no such vertex".into());
        };
        *slot = local;
        self.rejected_edges.clear();
        match Geometry::polygon(&vertices) {
            Ok(g) if g.polygon_vertices().map(<[DVec2]>::len) == Some(vertices.len()) => {
                let index = g
                    .polygon_vertices()
                    .and_then(|p| nearest(p, local))
                    .unwrap_or(v);
                named.shape.set_geometry(g);
                self.rejected = None;
                self.shapes_changed(i);
                Ok(index)
            }
            Ok(_) => {
                self.rejected = Some(vertices.iter().map(|&p| named.shape.to_world(p)).collect());
                Err("that would merge two vertices".into())
            }
            Err(e) => {
                self.rejected = Some(vertices.iter().map(|&p| named.shape.to_world(p)).collect());
                if let PolygonError::EdgesIntersect {
                    first,
                    first_end,
                    second,
                    second_end,
                } = e
                {
                    self.rejected_edges = vec![[first, first_end], [second, second_end]];
                }
                Err(e.to_string())
            }
        }
    }

    /// Shows a success ("Loaded …", "Saved …"): the last error is over, so it goes.
    pub fn succeed(&mut self, notice: String) {
        self.error = None;
        self.notice = Some(notice);
    }

    /// Shows an error: a notice of an earlier success beside it would be stale, so it
    /// goes.
    pub fn fail(&mut self, error: String) {
        platform::log_error(&error);
        self.notice = None;
        self.error = Some(error);
    }

    /// Loads a scene file with its view. On failure the current scene stays and the
    /// error (file, line:column, shape) is kept in [`App::error`].
    pub fn load(&mut self, path: &Path) -> bool {
        match platform::load_scene(path) {
            Ok(scene) => {
                self.open_scene(scene, Some(path));
                self.succeed(format!("Loaded {}", shown(path).display()));
                true
            }
            Err(e) => {
                // Remember the broken version of the current file, so that auto-reload
                // waits for the next change instead of failing every frame.
                if self.scene_path.as_deref() == Some(path) {
                    self.scene_mtime = platform::modified(path);
                }
                self.fail(e.to_string());
                false
            }
        }
    }

    /// Shows a scene with its view (from a file at `path`, or from a link: no file).
    pub fn open_scene(&mut self, scene: Scene, path: Option<&Path>) {
        self.scene = scene;
        // Another scene ends a lesson (open_lesson sets it again after this).
        self.lesson = None;
        self.question = None;
        self.verdict = None;
        self.scene_path = path.map(Path::to_path_buf);
        self.scene_mtime = path.and_then(platform::modified);
        // A link's scene saves to a new file, never over the last one opened.
        self.save_path = path.map_or_else(|| "scene.ron".into(), |p| p.display().to_string());
        self.rejected = None;
        let step = self.apply_view();
        self.follow_minkowski = true;
        self.mode = ModeState::new(Mode::for_scene(&self.scene), &self.scene, step);
        self.rerun();
    }

    /// Reloads the current file, keeping the mode, the algorithm, the step (clamped)
    /// and, when still valid, A and B. In a lesson, the lesson stays open at the same
    /// page (clamped).
    pub fn reload(&mut self) -> bool {
        let Some(path) = self.scene_path.clone() else {
            self.fail("this scene has no file to reload".into());
            return false;
        };
        if let Some(page) = self.lesson.as_ref().map(|l| l.page) {
            if !self.open_lesson(&path, page) {
                return false;
            }
            self.succeed(format!("Reloaded {}", shown(&path).display()));
            return true;
        }
        let (algorithm, step, a, b) = (self.algorithm, self.step(), self.a, self.b);
        let mode = self.mode();
        if !self.load(&path) {
            return false;
        }
        self.set_mode(mode);
        self.algorithm = algorithm;
        if let Some(pair) = self.pair_mut() {
            pair.step = step;
        }
        let n = self.scene.shapes.len();
        if a < n && b < n && a != b {
            (self.a, self.b) = (a, b);
        }
        self.fit_world = false;
        self.file_view = None;
        self.succeed(format!("Reloaded {}", shown(&path).display()));
        self.rerun();
        true
    }

    /// Reloads when the file changed on disk since it was read (auto-reload).
    pub fn reload_if_changed(&mut self) {
        if self.scene_changed_on_disk() {
            self.scene_mtime = self.scene_path.as_deref().and_then(platform::modified);
            self.reload();
        }
    }

    /// Whether auto-reload is on and the scene file changed on disk since it was read.
    pub fn scene_changed_on_disk(&self) -> bool {
        let Some(path) = &self.scene_path else {
            return false;
        };
        let now = platform::modified(path);
        self.auto_reload && now.is_some() && now != self.scene_mtime
    }

    /// The scene as it would be saved: shapes plus A, B, algorithm, step and camera.
    /// In the many-shapes mode, the shapes as they were when it was entered (its
    /// motion is not an edit).
    pub fn scene_to_save(&self) -> Scene {
        let mut scene = self.scene.clone();
        if let ModeState::Many { kept, .. } = &self.mode {
            scene.shapes = kept.clone();
        }
        let has_pair = self.has_pair();
        scene.view = View {
            a: has_pair.then_some(self.a),
            b: has_pair.then_some(self.b),
            algorithm: Some(self.algorithm),
            step: Some(self.step()),
            center: Some(self.world_camera.center),
            zoom: Some(self.world_camera.zoom),
        };
        scene
    }

    /// Saves atomically to `path` (the browser downloads it); the saved file becomes the
    /// current file.
    pub fn save(&mut self, path: &Path) -> bool {
        match self.scene_text(path) {
            Ok(text) => match platform::write_file(path, text.as_bytes()) {
                Ok(()) => {
                    self.scene.view = self.scene_to_save().view;
                    self.scene_path = Some(path.to_path_buf());
                    self.scene_mtime = platform::modified(path);
                    self.succeed(format!("{} {}", platform::SAVED, shown(path).display()));
                    true
                }
                Err(e) => {
                    self.fail(format!("could not save: {e}"));
                    false
                }
            },
            Err(e) => {
                self.fail(format!("could not save: {e}"));
                false
            }
        }
    }

    /// The text [`App::save`] writes to `path` (format by extension), with the comments
    /// of the file the scene came from (a preset's teaching notes) where they belong.
    pub fn scene_text(&self, path: &Path) -> Result<String, gjk_lab_core::scene::SceneError> {
        let format = Format::of(path)?;
        let original = self
            .scene_path
            .as_deref()
            .and_then(|p| platform::read_text(p).ok());
        Ok(self
            .scene_to_save()
            .text_keeping_comments(format, original.as_deref()))
    }

    /// Loads a learner's trace ("Load my trace", `--my-trace`), switches to its
    /// algorithm and checks it on the pair shown.
    pub fn load_my_trace(&mut self, path: &std::path::Path) {
        match super::my_trace::MyTrace::load(path) {
            Err(e) => self.fail(e),
            Ok(trace) => {
                if let Some(a) = trace.algorithm().filter(|a| *a != self.algorithm) {
                    self.set_algorithm(a);
                }
                self.my_trace = Some(trace);
                self.refresh_my_trace();
                let summary = self.my_trace.as_ref().map(|t| t.summary());
                self.succeed(summary.unwrap_or_default());
            }
        }
    }

    /// Checks the loaded trace again when the shapes, A, B or the algorithm changed.
    pub fn refresh_my_trace(&mut self) {
        let key = (self.revision, self.a, self.b, self.algorithm);
        let shapes = (self.scene.shapes.get(self.a), self.scene.shapes.get(self.b));
        if let (Some(trace), (Some(a), Some(b))) = (self.my_trace.as_mut(), shapes) {
            trace.refresh(key, &a.shape, &b.shape);
        }
    }

    /// The state as JSON for `--status` (a public contract: keep the key names).
    pub fn status_json(&self) -> String {
        let shapes: Vec<serde_json::Value> = self
            .scene
            .shapes
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let pose = s.shape.pose();
                let screen = self.world_camera.world_to_screen(pose.position);
                serde_json::json!({
                    "name": s.display_name(i),
                    "position": [pose.position.x, pose.position.y],
                    "rotation": pose.rotation,
                    "screen": [screen.x, screen.y],
                    "parts": s.shape.parts().len(),
                })
            })
            .collect();
        let mut status = serde_json::json!({
            "scene": self.scene_path.as_ref().map(|p| p.display().to_string()),
            "algorithm": self.algorithm.name(),
            "variant": self.variant.map(|v| v.name()),
            "settings": self.settings,
            "first_difference": self.pair().and_then(|p| p.seed.as_ref()?.first_difference),
            "step": self.step(),
            "step_count": self.step_count(),
            "step_title": self.current().map(|s| s.title.clone()),
            "a": self.a,
            "b": self.b,
            "shapes": shapes,
            "error": self.error,
            "mode": if self.lesson.is_some() { "lesson" } else { self.mode().name() },
            "lesson": self.lesson.as_ref().map(|l| l.name.clone()),
            "page": self.lesson.as_ref().map(|l| l.page + 1),
            "pages": self.lesson.as_ref().map(|l| l.pages.len()),
            "checkpoint": self.question.map(|q| q.kind.name()),
            "question": self.question.map(|q| predict::status(self, &q)),
            "verdict": self.verdict.as_ref().map(|v| if v.right { "right" } else { "wrong" }),
            "verdict_text": self.verdict.as_ref().map(|v| v.text.clone()),
            "score": self.lesson.as_ref().map_or(self.score, |l| l.score),
            "predict": self.predict,
            "decisive_parts": self.decisive(),
            "lesson_title": self.lesson.as_ref().and(self.scene.title.clone()),
            "last_page": self.lesson.as_ref().map(|l| l.page + 1 == l.pages.len()),
            "next_lesson": self.following_lesson_name(),
            "welcome": self.welcome,
            "my_trace": self.my_trace.as_ref().map(|t| t.status()),
            "link": self.share_link(),
            "title": self.title(),
            "narration": self.narration(),
            "screen": self.screen.name(),
            "layout": self.effective_layout().name(),
            "frames": platform::frames_drawn(),
        });
        if let Some(many) = self.many() {
            Self::many_status(many, &mut status);
        }
        status.to_string()
    }

    /// The many-shapes mode's keys: `paused`, `pairs` and `contacts` (counts of the
    /// last frame), `sweep` (the sweep step, or null when not stepping), `sweep_count`
    /// (its last step), `sweep_frame`, `sweep_pairs` (pairs reported up to the step)
    /// and `active` (the active list's box ids).
    fn many_status(many: &Many, status: &mut serde_json::Value) {
        let trace = many.sweep.as_ref();
        let extra = serde_json::json!({
            "paused": many.paused,
            "pairs": many.pairs.len(),
            "contacts": many.contacts.len(),
            "sweep": trace.map(|t| t.step),
            "sweep_count": trace.map(|t| t.last()),
            "sweep_frame": trace.map(|t| t.frame),
            "sweep_pairs": trace.map(|t| t.reported_until(t.step).len()),
            "active": trace.map(|t| t.current().active.clone()),
        });
        if let (Some(map), serde_json::Value::Object(more)) = (status.as_object_mut(), extra) {
            map.extend(more);
        }
    }

    /// Writes the status file if the status changed since `last`.
    pub fn write_status(&self, path: &Path, last: &mut String) {
        let json = self.status_json();
        if json != *last && write_atomically(path, json.as_bytes()).is_ok() {
            *last = json;
        }
    }
}

/// Index of the point nearest `p`.
fn nearest(points: &[DVec2], p: DVec2) -> Option<usize> {
    points
        .iter()
        .enumerate()
        .min_by(|x, y| {
            (*x.1 - p)
                .length_squared()
                .total_cmp(&(*y.1 - p).length_squared())
        })
        .map(|(i, _)| i)
}

/// A path as a notice shows it: relative to the working directory when it lies inside
/// it (`scenes/box-box.ron`, not the whole absolute path), else as it is.
fn shown(path: &Path) -> &Path {
    platform::working_dir()
        .and_then(|dir| path.strip_prefix(dir).ok())
        .unwrap_or(path)
}

/// What a question sees of the app (see [`predict::Lab`]).
impl predict::Lab for App {
    fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    fn steps(&self) -> &[Step] {
        App::steps(self)
    }

    fn step(&self) -> usize {
        App::step(self)
    }

    fn many_shapes(&self) -> bool {
        self.mode() == Mode::Many
    }

    fn sweep(&self) -> Option<&SweepTrace> {
        self.many().and_then(|many| many.sweep.as_ref())
    }

    fn camera(&self, minkowski: bool) -> &Camera {
        if minkowski {
            &self.minkowski_camera
        } else {
            &self.world_camera
        }
    }

    fn shape_names(&self) -> Vec<String> {
        self.scene
            .shapes
            .iter()
            .enumerate()
            .map(|(k, s)| s.display_name(k))
            .collect()
    }

    fn pair_names(&self) -> Names {
        let name = |k: usize, role: &str| {
            let own = self
                .scene
                .shapes
                .get(k)
                .map_or_else(|| role.to_string(), |s| s.display_name(k));
            Names::with_role(&own, role)
        };
        Names {
            a: name(self.a, "A"),
            b: name(self.b, "B"),
        }
    }

    fn stepped_pair(&self) -> Option<(Shape, Shape)> {
        App::stepped_pair(self)
    }
}

mod outline;
#[cfg(test)]
mod tests;
