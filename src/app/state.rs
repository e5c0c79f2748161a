//! The app's state and every change a learner can make to it: which scene, which
//! shapes are A and B, which algorithm and step, edits to the shapes, loading,
//! reloading and saving. Nothing here draws or reads the mouse, so it is tested
//! without a window.

use super::errors::Shown;
use super::lab::Lab;
use super::lessons::progress as lesson_progress;
use super::many::Many;
pub use super::modes::{Mode, ModeCommands};
use super::pair::{distinct_pair, stepped_pair, PairMode, Rejected, Request};
use super::platform;
pub use super::platform::scene_files;
use super::predict::{self, Situation};
use super::screen::ScreenShape;
use super::view::canvas::Layout;
use super::visualizers::Step;
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::scene::{Format, NamedShape, Scene, View};
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::{CapsuleError, Geometry, PolygonError, Pose, Shape};
use glam::DVec2;
use std::path::{Path, PathBuf};

/// Why a vertex drag is refused ([`App::move_vertex`]); the window shows it after
/// "Vertex edit rejected: ".
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum VertexEditError {
    /// The scene has no shape of that index.
    #[error("no such shape")]
    NoSuchShape(usize),
    /// The shape of that index is a circle or an ellipse.
    #[error("only polygons and the cores of capsules and rounded polygons have vertices")]
    NotAPolygon(usize),
    /// A capsule's ends would be one point.
    #[error(transparent)]
    Capsule(#[from] CapsuleError),
    /// The polygon has no vertex of that index.
    #[error("no such vertex")]
    NoSuchVertex(usize),
    /// The vertex would land on another (the polygon would lose a vertex).
    #[error("that would merge two vertices")]
    MergesVertices,
    /// The outline would be no polygon (its edges would cross, most often).
    #[error(transparent)]
    Polygon(#[from] PolygonError),
}

impl VertexEditError {
    /// Its text in the language shown (a capsule's or a polygon's refusal too:
    /// [`super::errors`]).
    pub fn shown(&self) -> String {
        match self {
            VertexEditError::NoSuchShape(_) => tr!("vertex-edit-no-such-shape"),
            VertexEditError::NotAPolygon(_) => tr!("vertex-edit-not-a-polygon"),
            VertexEditError::NoSuchVertex(_) => tr!("vertex-edit-no-such-vertex"),
            VertexEditError::MergesVertices => tr!("vertex-edit-merges-vertices"),
            VertexEditError::Capsule(e) => e.shown(),
            VertexEditError::Polygon(e) => e.shown(),
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
    /// [`App::rerun`]), or the many-shapes mode from the shapes' current poses. What
    /// the learner chose in the two-shape mode it replaces (`kept`) stays chosen.
    pub fn new(mode: Mode, scene: &Scene, step: usize, kept: Option<&PairMode>) -> Self {
        let pair = Box::new(PairMode::at_step(step, kept));
        match mode {
            Mode::Pair => ModeState::Pair(pair),
            Mode::Many => ModeState::Many {
                many: Box::new(Many::new(&scene.shapes)),
                pair,
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

    /// The mode shown, as the commands every mode answers: the one place the
    /// commands are dispatched.
    pub fn commands(&mut self) -> &mut dyn ModeCommands {
        match self {
            ModeState::Pair(pair) => pair.as_mut(),
            ModeState::Many { many, .. } => many.as_mut(),
        }
    }

    /// The mode shown, as the commands every mode answers (to read them).
    pub fn shown(&self) -> &dyn ModeCommands {
        match self {
            ModeState::Pair(pair) => pair.as_ref(),
            ModeState::Many { many, .. } => many.as_ref(),
        }
    }

    /// The mode shown, as a question sees it.
    pub fn situation<'a>(&'a self, lab: &'a Lab) -> Box<dyn Situation + 'a> {
        match self {
            ModeState::Pair(pair) => Box::new(pair.situation(lab)),
            ModeState::Many { many, .. } => Box::new(many.situation(lab)),
        }
    }

    /// The two-shape mode's state, shown or waiting behind the many-shapes mode.
    pub fn pair_mode(&self) -> &PairMode {
        match self {
            ModeState::Pair(pair) => pair,
            ModeState::Many { pair, .. } => pair,
        }
    }

    /// The two-shape mode's state, shown or waiting behind the many-shapes mode.
    pub fn pair_mode_mut(&mut self) -> &mut PairMode {
        self.pair_state().0
    }

    /// The two-shape mode's state, shown (`true`) or waiting behind the many-shapes
    /// mode (`false`).
    pub fn pair_state(&mut self) -> (&mut PairMode, bool) {
        match self {
            ModeState::Pair(pair) => (pair, true),
            ModeState::Many { pair, .. } => (pair, false),
        }
    }
}

/// The longest drift [`App::advance`] simulates, in seconds.
const MAX_ADVANCE: f64 = 600.0;

/// Everything the window shows: what outlasts a mode ([`Lab`]) and the mode shown,
/// with the state only it has.
pub struct App {
    /// The scene, A and B, the algorithm, the world camera, the lesson and the
    /// question: what every mode acts on.
    pub lab: Lab,
    /// The mode shown, with the state only that mode has.
    pub mode: ModeState,
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
        let mode = ModeState::new(Mode::for_scene(&scene), &scene, 0, None);
        let mut app = App {
            lab: Lab::new(scene, path),
            mode,
        };
        let view_step = app.apply_view();
        if let Some(a) = algorithm {
            app.lab.algorithm = a;
        }
        let kind = app.mode();
        app.mode = ModeState::new(kind, &app.lab.scene, step.unwrap_or(view_step), None);
        app.rerun();
        app
    }

    /// The mode shown, as a question sees it.
    pub fn situation(&self) -> Box<dyn Situation + '_> {
        self.mode.situation(&self.lab)
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
    #[cfg(test)]
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
        let view = self.lab.scene.view.clone();
        let n = self.lab.scene.shapes.len();
        self.lab.a = view.a.filter(|&i| i < n).unwrap_or(0);
        self.lab.b = view
            .b
            .filter(|&i| i < n && i != self.lab.a)
            .unwrap_or(if self.lab.a == 0 { 1 } else { 0 });
        self.lab.algorithm = view.algorithm.unwrap_or(self.lab.algorithm);
        self.lab.fit.world = true;
        self.lab.fit.file_view = view.center.zip(view.zoom);
        view.step.unwrap_or(0)
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
        if let ModeState::Pair(pair) = &mut self.mode {
            pair.rerun(&mut self.lab);
        }
    }

    /// The learner chose `lang` (the language menu): shown from now on
    /// ([`App::show_lang`]) and kept for the next runs (a refused store only costs that).
    pub fn set_lang(&mut self, lang: super::i18n::Lang) {
        let _ = super::platform::storage_set(super::i18n::STORAGE_KEY, lang.code());
        self.show_lang(lang);
    }

    /// Shows every text in `lang` from now on, live: the steps are narrated again in
    /// it (the step shown, the shapes and the page stay).
    ///
    /// Chinese needs its font: where the platform has yet to load it (the browser
    /// fetches it only now), the language waits for it ([`super::i18n::pending`]) and
    /// the main loop shows it when the font has arrived — never a frame of boxes.
    pub fn show_lang(&mut self, lang: super::i18n::Lang) {
        use super::{i18n, platform};
        if lang == i18n::Lang::Zh && platform::chinese_font().is_none() {
            i18n::set_pending(Some(lang));
            platform::request_chinese_font();
            return;
        }
        i18n::set_pending(None);
        platform::show_language(lang.code());
        if lang == i18n::lang() {
            return;
        }
        i18n::set_lang(lang);
        self.rerun();
    }

    /// Judges a click at `click` (screen) in `view` as the answer to the waiting
    /// question; then shows the step that answers it. A click near no candidate
    /// leaves the question waiting. Returns whether the click was taken as an answer.
    pub fn answer(&mut self, view: predict::View, click: glam::Vec2) -> bool {
        let Some(q) = self.lab.predict.question.clone() else {
            return false;
        };
        let Some(verdict) = predict::judge(&*self.situation(), &q, view, click) else {
            return false;
        };
        let mut verdict = verdict;
        if !self.lab.count_answer(verdict.right) {
            verdict.text.push_str(&tr!("verdict-answered-before"));
        }
        self.lab.predict.verdict = Some(verdict);
        self.lab.predict.question = None;
        self.go_to(q.reveal);
        if let Some(lesson) = &self.lab.lesson {
            lesson_progress::record_progress(lesson);
        }
        true
    }

    /// Answers the waiting question as a click on the right candidate (`right`) or
    /// on the candidate farthest from it would; false when no question waits.
    pub fn answer_as(&mut self, right: bool) -> bool {
        let Some(q) = self.lab.predict.question.clone() else {
            return false;
        };
        let click = predict::click_for(&*self.situation(), &q, right);
        match click {
            Some((view, at)) => self.answer(view, at),
            None => false,
        }
    }

    /// Chooses the waiting question's candidate `k` from the keyboard (a digit, from
    /// 0), when it has one; Enter then answers with it ([`App::answer_chosen`]).
    pub fn choose_candidate(&mut self, k: usize) {
        if let Some(q) = &mut self.lab.predict.question {
            if k < q.sheet.candidates.len() {
                q.chosen = Some(k);
            }
        }
    }

    /// Chooses the next candidate (Tab), or the one before (Shift+Tab), round.
    pub fn step_candidate(&mut self, forward: bool) {
        if let Some(q) = &mut self.lab.predict.question {
            let n = q.sheet.candidates.len();
            if n == 0 {
                return;
            }
            q.chosen = Some(match (q.chosen, forward) {
                (None, true) => 0,
                (None, false) => n - 1,
                (Some(k), true) => (k + 1) % n,
                (Some(k), false) => (k + n - 1) % n,
            });
        }
    }

    /// Answers the waiting question with the candidate chosen from the keyboard, as a
    /// click on its marker would; false when none is chosen or its marker is not
    /// shown.
    pub fn answer_chosen(&mut self) -> bool {
        let Some(q) = self.lab.predict.question.clone() else {
            return false;
        };
        let Some(c) = q.chosen.and_then(|k| q.sheet.candidates.get(k)) else {
            return false;
        };
        let at = predict::marker(&*self.situation(), c.space, c.at);
        match at {
            Some(at) => self.answer(predict::View::of(c.space), at),
            None => false,
        }
    }

    /// Shows the waiting question's hint: the rule that decides it.
    pub fn show_hint(&mut self) {
        if let Some(q) = &mut self.lab.predict.question {
            q.hint = true;
        }
    }

    /// Shows the answer of the waiting question without judging anything.
    pub fn reveal(&mut self) {
        if let Some(q) = self.lab.predict.question.take() {
            self.lab.predict.verdict = None;
            self.go_to(q.reveal);
        }
    }

    /// The two convex shapes the stepped algorithm runs on: A and B themselves, or,
    /// when one is concave, the decisive part pair (each part keeps its shape's pose).
    pub fn stepped_pair(&self) -> Option<(Shape, Shape)> {
        let (a, b) = distinct_pair(&self.lab.scene.shapes, self.lab.a, self.lab.b)?;
        Some(stepped_pair(a, b, self.decisive()))
    }

    /// Shows another algorithm, from its first step (in the many-shapes mode, the
    /// two-shape mode waiting behind it gets it).
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        let (pair, shown) = self.mode.pair_state();
        if pair.choose_algorithm(&mut self.lab, algorithm) && shown {
            pair.rerun(&mut self.lab);
        }
    }

    /// Shows a seed's version of an algorithm (that algorithm, from its first step),
    /// or gjk-lab's (`None`).
    pub fn set_variant(&mut self, variant: Option<Variant>) {
        let (pair, shown) = self.mode.pair_state();
        if pair.choose_variant(&mut self.lab, variant) && shown {
            pair.rerun(&mut self.lab);
        }
    }

    /// Runs the algorithm with `settings` (the Advanced panel: tolerances, cap,
    /// precision), keeping the step shown where the new run has it.
    pub fn set_settings(&mut self, settings: Settings) {
        let (pair, shown) = self.mode.pair_state();
        if pair.choose_settings(&mut self.lab, settings) && shown {
            pair.rerun(&mut self.lab);
        }
    }

    /// The next version of the algorithm shown: gjk-lab's, then each seed's version
    /// of it in turn, then gjk-lab's again (key V).
    pub fn next_variant(&mut self) {
        let (pair, _) = self.mode.pair_state();
        let next = pair.next_variant(self.lab.algorithm);
        self.set_variant(next);
    }

    /// Whether the stepped run is gjk-lab's own: no seed's version and gjk-lab's
    /// settings (for the algorithm shown). Questions are asked only then.
    pub fn runs_gjk_labs_own(&self) -> bool {
        self.pair()
            .is_none_or(|pair| pair.runs_gjk_labs_own(self.lab.algorithm))
    }

    /// Carries out what the learner asked for in the two-shape mode's panel.
    pub fn carry_out(&mut self, request: Request) {
        match request {
            Request::GoTo(k) => self.go_to(k),
            Request::Algorithm(algorithm) => self.set_algorithm(algorithm),
            Request::Settings(settings) => self.set_settings(settings),
            Request::Time(t) => self.mode.pair_mode_mut().time = t.clamp(0.0, 1.0),
        }
    }

    /// Fits both views at the next layout: the world to the shapes, A − B to itself
    /// and the origin (key F, a new window size, a folded panel).
    pub fn fit_views(&mut self) {
        self.lab.fit.world = true;
        self.mode.pair_mode_mut().follow_minkowski = true;
    }

    /// Makes shape `i` A (B becomes the old A if `i` was B).
    pub fn set_a(&mut self, i: usize) {
        if i >= self.lab.scene.shapes.len() || i == self.lab.a {
            return;
        }
        if i == self.lab.b {
            self.lab.b = self.lab.a;
        }
        self.lab.a = i;
        self.mode.pair_mode_mut().follow_minkowski = true;
        self.rerun();
    }

    /// Makes shape `i` B (A becomes the old B if `i` was A).
    pub fn set_b(&mut self, i: usize) {
        if i >= self.lab.scene.shapes.len() || i == self.lab.b {
            return;
        }
        if i == self.lab.a {
            self.lab.a = self.lab.b;
        }
        self.lab.b = i;
        self.mode.pair_mode_mut().follow_minkowski = true;
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
        pair.rejected = None;
        self.mode = match mode {
            Mode::Pair => {
                if let Some(kept) = kept {
                    self.lab.scene.shapes = kept;
                }
                ModeState::Pair(pair)
            }
            Mode::Many => ModeState::Many {
                many: Box::new(Many::new(&self.lab.scene.shapes)),
                pair,
                kept: self.lab.scene.shapes.clone(),
            },
        };
        self.rerun();
        self.lab.fit.world = true;
    }

    /// Shows the many-shapes mode in the state `many` over `shapes` (a lesson's page
    /// sets up its frame first). The scene's shapes as they were before are kept, to
    /// come back when the mode is left; when the mode is shown already, those it kept
    /// on entering stay kept.
    pub fn show_many(&mut self, many: Many, shapes: Vec<NamedShape>) {
        let (pair, kept) =
            std::mem::replace(&mut self.mode, ModeState::Pair(Box::default())).leave();
        let before = std::mem::replace(&mut self.lab.scene.shapes, shapes);
        self.mode = ModeState::Many {
            many: Box::new(many),
            pair,
            kept: kept.unwrap_or(before),
        };
        self.lab.fit.world = true;
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
        many.jump(&mut self.lab.scene.shapes, seconds.clamp(0.0, MAX_ADVANCE));
        self.lab.revision += 1;
    }

    /// The layout in use: the many-shapes mode shows only the world; a phone shows one
    /// view at a time (the world, unless A − B is chosen).
    pub fn effective_layout(&self) -> Layout {
        match (&self.mode, self.lab.screen.shape, self.lab.layout) {
            (ModeState::Many { .. }, _, _) => Layout::WorldOnly,
            (ModeState::Pair(_), ScreenShape::Phone, Layout::SideBySide) => Layout::WorldOnly,
            (ModeState::Pair(_), _, layout) => layout,
        }
    }

    /// Goes to step `k` (clamped); in the many-shapes mode, to sweep step `k`.
    pub fn go_to(&mut self, k: usize) {
        self.mode.commands().go_to(&mut self.lab, k);
    }

    /// One step forward; in the many-shapes mode, one sweep step (the first press
    /// stops the motion and starts stepping). With Predict on, the next event of a
    /// kind learners predict is asked first; a waiting question is answered by a click
    /// (or "Show me"), not by N.
    pub fn next(&mut self) {
        if self.lab.predict.question.is_some() {
            return;
        }
        // Questions are judged by gjk-lab's rules: a seed's version asks none.
        let asked = (self.lab.predict.on && self.runs_gjk_labs_own())
            .then(|| predict::question_before_next(&*self.situation()))
            .flatten();
        match asked {
            Some(q) => {
                self.lab.predict.question = Some(q);
                self.lab.predict.verdict = None;
                self.mode.commands().hold();
                self.lab.revision += 1;
            }
            None => self.mode.commands().next(&mut self.lab),
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
        self.mode.commands().back();
    }

    /// Back to step 0 and stop playing (in the many-shapes mode, to the stepped
    /// frame's first step).
    pub fn restart(&mut self) {
        self.mode.commands().restart(&mut self.lab);
    }

    /// Starts or stops playing (from the start when at the end). In the many-shapes
    /// mode: pauses or resumes the motion (and stops stepping the sweep).
    pub fn toggle_play(&mut self) {
        self.mode.commands().toggle_play();
    }

    /// The play button's label (what Space does now).
    pub fn play_label(&self) -> &'static str {
        self.mode.shown().play_label()
    }

    /// Lets `dt` seconds pass: the steps due while playing (each may stop at a
    /// question); in the many-shapes mode, the motion with the broad and narrow
    /// phases.
    pub fn tick(&mut self, dt: f32) {
        self.lab.clock += dt as f64;
        let due = self.mode.commands().tick(&mut self.lab, dt);
        for _ in 0..due {
            self.next();
        }
    }

    /// Moves shape `i` by `delta` world units.
    pub fn move_shape(&mut self, i: usize, delta: DVec2) {
        self.edit_pose(i, |pose| pose.position += delta);
    }

    /// Sets shape `i`'s motion over the step (the end pose's handles): a motion with
    /// finite numbers inside the scene files' range, else nothing changes. No motion
    /// at all is saved as none.
    pub fn set_motion(&mut self, i: usize, motion: Motion) {
        let Some(named) = self.lab.scene.shapes.get_mut(i) else {
            return;
        };
        let end = named.shape.position() + motion.velocity;
        use gjk_lab_core::range::{self, Quantity};
        let fits = range::check_point(Quantity::MotionVelocity, motion.velocity).is_ok()
            && range::check_point(Quantity::EndPosition, end).is_ok()
            && range::check_coordinate(Quantity::MotionAngularSpeed, motion.angular).is_ok();
        if !fits {
            return;
        }
        named.motion = (!motion.is_still()).then_some(motion);
        self.shapes_changed(i);
    }

    /// Rotates shape `i` by `angle` radians about its position.
    pub fn rotate_shape(&mut self, i: usize, angle: f64) {
        self.edit_pose(i, |pose| pose.rotation += angle);
    }

    fn edit_pose(&mut self, i: usize, edit: impl FnOnce(&mut Pose)) {
        let Some(named) = self.lab.scene.shapes.get_mut(i) else {
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
            many.shapes_changed(&self.lab.scene.shapes);
            // A waiting "which swap next?" is asked again of the boxes as they are.
            if let Some(q) = self.lab.predict.question.take() {
                many.sweep_go_to(&self.lab.scene.shapes, q.asked_at);
                let again = predict::question_of_kind(&many.situation(&self.lab), q.kind);
                if let Some(again) = &again {
                    many.sweep_go_to(&self.lab.scene.shapes, again.asked_at);
                }
                self.lab.predict.question = again;
            }
            self.lab.revision += 1;
        } else if i == self.lab.a || i == self.lab.b {
            self.rerun();
        } else {
            self.lab.revision += 1;
        }
    }

    /// Moves vertex `v` of polygon `i` to the world point `to`. The result may be
    /// convex or concave (then split into parts again); a self-intersecting result is
    /// rejected: the shape stays as it was, [`App::rejected`] holds the outline it
    /// would have had, and the error (naming the edges that meet) is returned. On
    /// success returns the index the vertex has in the new polygon (normalising may
    /// renumber). A capsule's or a rounded polygon's core is edited the same way,
    /// keeping its radius: a capsule's ends must stay apart, a rounded polygon's
    /// core convex.
    pub fn move_vertex(&mut self, i: usize, v: usize, to: DVec2) -> Result<usize, VertexEditError> {
        let Some(named) = self.lab.scene.shapes.get_mut(i) else {
            return Err(VertexEditError::NoSuchShape(i));
        };
        let geometry = named.shape.geometry();
        let Some(outline) = geometry.core_vertices() else {
            return Err(VertexEditError::NotAPolygon(i));
        };
        let (capsule, radius) = (matches!(geometry, Geometry::Capsule(_)), geometry.radius());
        let local = named.shape.to_local(to);
        let mut vertices = outline.to_vec();
        let Some(slot) = vertices.get_mut(v) else {
            return Err(VertexEditError::NoSuchVertex(v));
        };
        *slot = local;
        let world: Vec<DVec2> = vertices.iter().map(|&p| named.shape.to_world(p)).collect();
        let rebuilt = if capsule {
            match Geometry::capsule(vertices[0], vertices[1], radius) {
                Ok(g) => Ok(g),
                Err(e) => {
                    return self.reject(world, vec![], VertexEditError::Capsule(e));
                }
            }
        } else {
            Geometry::rounded_polygon(&vertices, radius)
        };
        let result = match rebuilt {
            Ok(g) if g.core_vertices().map(<[DVec2]>::len) == Some(vertices.len()) => {
                let index = g
                    .core_vertices()
                    .and_then(|p| nearest(p, local))
                    .unwrap_or(v);
                named.shape.set_geometry(g);
                Ok(index)
            }
            Ok(_) => Err((vec![], VertexEditError::MergesVertices)),
            Err(e) => {
                let edges = match e {
                    PolygonError::EdgesIntersect {
                        first,
                        first_end,
                        second,
                        second_end,
                    } => vec![[first, first_end], [second, second_end]],
                    _ => vec![],
                };
                Err((edges, VertexEditError::Polygon(e)))
            }
        };
        // The two-shape mode outlines a refused edit in red.
        match result {
            Ok(index) => {
                self.mode.pair_state().0.rejected = None;
                self.shapes_changed(i);
                Ok(index)
            }
            Err((edges, why)) => self.reject(world, edges, why),
        }
    }

    /// A refused vertex edit: the two-shape mode outlines in red the core the edit
    /// would have made (`world`), with the `edges` that would meet, and `why` is
    /// returned.
    fn reject(
        &mut self,
        world: Vec<DVec2>,
        edges: Vec<[usize; 2]>,
        why: VertexEditError,
    ) -> Result<usize, VertexEditError> {
        let (pair, _) = self.mode.pair_state();
        pair.rejected = Some(Rejected {
            outline: world,
            edges,
        });
        Err(why)
    }

    /// Loads a scene file with its view. On failure the current scene stays and the
    /// error (file, line:column, shape) is kept in [`App::error`].
    pub fn load(&mut self, path: &Path) -> bool {
        match platform::load_scene(path) {
            Ok(scene) => {
                self.open_scene(scene, Some(path));
                self.lab.succeed(tr!(
                    "notice-loaded",
                    path = shown(path).display().to_string()
                ));
                true
            }
            Err(e) => {
                // Remember the broken version of the current file, so that auto-reload
                // waits for the next change instead of failing every frame.
                if self.lab.file.path.as_deref() == Some(path) {
                    self.lab.file.mtime = platform::modified(path);
                }
                self.lab.fail(e.shown());
                false
            }
        }
    }

    /// Shows a scene with its view (from a file at `path`, or from a link: no file).
    pub fn open_scene(&mut self, scene: Scene, path: Option<&Path>) {
        let step = self.install_scene(scene, path);
        self.replace_mode(Mode::for_scene(&self.lab.scene), step);
        self.rerun();
    }

    /// Puts `scene` (from `path`) in the lab with its view — A, B, the algorithm, the
    /// camera — and returns the view's step; records nothing.
    fn install_scene(&mut self, scene: Scene, path: Option<&Path>) -> usize {
        self.lab.scene = scene;
        // Another scene ends a lesson (open_lesson sets it again after this).
        self.lab.lesson = None;
        self.lab.predict.question = None;
        self.lab.predict.verdict = None;
        self.lab.file.path = path.map(Path::to_path_buf);
        self.lab.file.mtime = path.and_then(platform::modified);
        // A link's scene saves to a new file, never over the last one opened.
        self.lab.file.save_path =
            path.map_or_else(|| "scene.ron".into(), |p| p.display().to_string());
        self.apply_view()
    }

    /// A new state of `mode` at step `step` for the scene in the lab; what the learner
    /// chose in the two-shape mode stays chosen (the new pair's A − B is followed, and
    /// a refused edit of the old shapes is forgotten). Records nothing.
    fn replace_mode(&mut self, mode: Mode, step: usize) {
        let (kept, _) = self.mode.pair_state();
        let kept = kept.clone();
        self.mode = ModeState::new(mode, &self.lab.scene, step, Some(&kept));
    }

    /// Reloads the current file, keeping the mode, the algorithm, the step (clamped)
    /// and, when still valid, A and B; the run is recorded once. In a lesson, the
    /// lesson stays open at the same page (clamped).
    pub fn reload(&mut self) -> bool {
        let Some(path) = self.lab.file.path.clone() else {
            self.lab.fail(tr!("notice-no-file-to-reload"));
            return false;
        };
        if let Some(page) = self.lab.lesson.as_ref().map(|l| l.page) {
            if !self.open_lesson(&path, page) {
                return false;
            }
            self.lab.succeed(tr!(
                "notice-reloaded",
                path = shown(&path).display().to_string()
            ));
            return true;
        }
        let scene = match platform::load_scene(&path) {
            Ok(scene) => scene,
            Err(e) => {
                // Remember the broken version, so that auto-reload waits for the next
                // change instead of failing every frame.
                self.lab.file.mtime = platform::modified(&path);
                self.lab.fail(e.shown());
                return false;
            }
        };
        let (algorithm, step, a, b) = (self.lab.algorithm, self.step(), self.lab.a, self.lab.b);
        let mode = self.mode();
        self.install_scene(scene, Some(&path));
        self.lab.algorithm = algorithm;
        let n = self.lab.scene.shapes.len();
        if a < n && b < n && a != b {
            (self.lab.a, self.lab.b) = (a, b);
        }
        self.lab.fit.world = false;
        self.lab.fit.file_view = None;
        self.replace_mode(mode, step);
        self.rerun();
        self.lab.succeed(tr!(
            "notice-reloaded",
            path = shown(&path).display().to_string()
        ));
        true
    }

    /// Reloads when the file changed on disk since it was read (auto-reload).
    pub fn reload_if_changed(&mut self) {
        if self.scene_changed_on_disk() {
            self.lab.file.mtime = self.lab.file.path.as_deref().and_then(platform::modified);
            self.reload();
        }
    }

    /// Whether a file the app watches changed on disk: the scene file (with
    /// auto-reload on) or the learner's trace.
    pub fn files_changed_on_disk(&self) -> bool {
        let trace = self.mode.pair_mode().my_trace.as_ref();
        self.scene_changed_on_disk() || trace.is_some_and(|t| t.changed_on_disk())
    }

    /// Whether auto-reload is on and the scene file changed on disk since it was read.
    pub fn scene_changed_on_disk(&self) -> bool {
        let Some(path) = &self.lab.file.path else {
            return false;
        };
        let now = platform::modified(path);
        self.lab.file.auto_reload && now.is_some() && now != self.lab.file.mtime
    }

    /// The scene as it would be saved: shapes plus A, B, algorithm, step and camera.
    /// In the many-shapes mode, the shapes as they were when it was entered (its
    /// motion is not an edit).
    pub fn scene_to_save(&self) -> Scene {
        let mut scene = self.lab.scene.clone();
        if let ModeState::Many { kept, .. } = &self.mode {
            scene.shapes = kept.clone();
        }
        let has_pair = self.lab.has_pair();
        scene.view = View {
            a: has_pair.then_some(self.lab.a),
            b: has_pair.then_some(self.lab.b),
            algorithm: Some(self.lab.algorithm),
            step: Some(self.step()),
            center: Some(self.lab.world_camera.center),
            zoom: Some(self.lab.world_camera.zoom),
        };
        scene
    }

    /// Saves atomically to `path` (the browser downloads it); the saved file becomes the
    /// current file.
    pub fn save(&mut self, path: &Path) -> bool {
        match self.scene_text(path) {
            Ok(text) => match platform::write_file(path, text.as_bytes()) {
                Ok(()) => {
                    self.lab.scene.view = self.scene_to_save().view;
                    self.lab.file.path = Some(path.to_path_buf());
                    self.lab.file.mtime = platform::modified(path);
                    self.lab.succeed(tr!(
                        "notice-saved",
                        verb = platform::SAVED,
                        path = shown(path).display().to_string()
                    ));
                    true
                }
                Err(e) => {
                    self.lab
                        .fail(tr!("notice-could-not-save", error = e.shown()));
                    false
                }
            },
            Err(e) => {
                self.lab
                    .fail(tr!("notice-could-not-save", error = e.shown()));
                false
            }
        }
    }

    /// The text [`App::save`] writes to `path` (format by extension), with the comments
    /// of the file the scene came from (a preset's teaching notes) where they belong.
    pub fn scene_text(&self, path: &Path) -> Result<String, gjk_lab_core::scene::SceneError> {
        let format = Format::of(path)?;
        let original = self
            .lab
            .file
            .path
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
            Err(e) => self.lab.fail(e.shown()),
            Ok(trace) => self.show_my_trace(trace),
        }
    }

    /// Shows a learner's trace that was read: switches to its algorithm and checks it
    /// on the pair shown.
    pub fn show_my_trace(&mut self, trace: super::my_trace::MyTrace) {
        if let Some(a) = trace.algorithm().filter(|a| *a != self.lab.algorithm) {
            self.set_algorithm(a);
        }
        let (pair, _) = self.mode.pair_state();
        pair.my_trace = Some(trace);
        self.refresh_my_trace();
        let (pair, _) = self.mode.pair_state();
        let summary = pair.my_trace.as_ref().map(|t| t.summary());
        self.lab.succeed(summary.unwrap_or_default());
    }

    /// Reads the learner's trace again when its file changed on disk (their program
    /// ran again), and checks it on the pair shown; says so.
    pub fn reread_my_trace_if_changed(&mut self) {
        let again = self
            .mode
            .pair_mode()
            .my_trace
            .as_ref()
            .and_then(|t| t.reread_if_changed());
        if let Some(trace) = again {
            self.show_my_trace(trace);
        }
    }

    /// Checks the loaded trace again when the shapes, A, B or the algorithm changed.
    pub fn refresh_my_trace(&mut self) {
        let lab = &self.lab;
        let key = (lab.revision, lab.a, lab.b, lab.algorithm);
        let shapes = (lab.scene.shapes.get(lab.a), lab.scene.shapes.get(lab.b));
        let (pair, _) = self.mode.pair_state();
        if let (Some(trace), (Some(a), Some(b))) = (pair.my_trace.as_mut(), shapes) {
            trace.refresh(key, &a.shape, &b.shape);
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

#[cfg(test)]
mod tests;
