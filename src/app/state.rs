//! The app's state and every change a learner can make to it: which scene, which
//! shapes are A and B, which algorithm and step, edits to the shapes, loading,
//! reloading and saving. Nothing here draws or reads the mouse, so it is tested
//! without a window.

use super::camera::{Camera, Viewport};
use super::many::Many;
pub use super::platform::scene_files;
use super::platform::{self, Stamp};
use super::visualizers::{self, Claim, Item, Step};
use super::{lessons, predict};
use gjk_lab::algorithms::Algorithm;
use gjk_lab::minkowski::MinkowskiDifference;
use gjk_lab::query::compound;
use gjk_lab::scene::{write_atomically, Format, Scene, View};
use gjk_lab::shapes::{Geometry, PolygonError, Pose, Shape};
use glam::DVec2;
use std::path::{Path, PathBuf};

/// How the two views share the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// World on the left, A − B on the right.
    SideBySide,
    /// Only the world.
    WorldOnly,
    /// Only A − B.
    MinkowskiOnly,
}

impl Layout {
    /// Every layout, in menu order, with its label.
    pub const ALL: [(Layout, &'static str); 3] = [
        (Layout::SideBySide, "Side by side"),
        (Layout::WorldOnly, "World only"),
        (Layout::MinkowskiOnly, "A − B only"),
    ];
}

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
    /// Its steps on A and B; `steps[0]` is before the first event.
    pub steps: Vec<Step>,
    /// The step shown.
    pub step: usize,
    /// The last error (bad scene file, failed save), shown until the next success.
    pub error: Option<String>,
    /// A short message about the last action ("Saved …", "Rejected …").
    pub notice: Option<String>,
    /// Whether the steps play by themselves.
    pub playing: bool,
    /// Playing speed, in steps per second.
    pub speed: f32,
    play_clock: f32,
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
    /// When A or B is a concave polygon: the part of A and the part of B the stepped
    /// algorithm runs on (the decisive part pair, see `gjk_lab::query::compound`).
    pub decisive: Option<[usize; 2]>,
    /// SAT's and EPA's answers for the stepped pair, computed with the steps (the
    /// panel shows them every frame; they change only when the pair does).
    pub comparison: Option<visualizers::sat::Comparison>,
    /// Whether the two-shape mode asks the learner to predict each event first.
    pub predict: bool,
    /// A question waiting for the learner's click.
    pub question: Option<predict::Question>,
    /// How the last answer was judged.
    pub verdict: Option<predict::Verdict>,
    /// Answers judged (outside lessons; a lesson keeps its own).
    pub score: predict::Score,
    /// The lesson being followed, if any (the lessons mode).
    pub lesson: Option<lessons::LessonState>,
    /// An export the panel asked for; the window's loop carries it out.
    pub export_request: Option<super::export::Plan>,
    /// Pseudo-EPA's and EPA's answers for the pair, when pseudo-EPA is shown.
    pub pseudo_comparison: Option<visualizers::pseudo_epa::Comparison>,
    /// Bumped on every change of shapes, for caches.
    pub revision: u64,
    /// Pair or many shapes.
    pub mode: Mode,
    /// The many-shapes mode's motion, pairs, profiler and stepped sweep.
    pub many: Many,
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
            steps: vec![],
            step: 0,
            error: None,
            notice: None,
            playing: false,
            speed: 2.0,
            play_clock: 0.0,
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
            decisive: None,
            comparison: None,
            pseudo_comparison: None,
            export_request: None,
            predict: false,
            question: None,
            verdict: None,
            score: predict::Score::default(),
            lesson: None,
            revision: 0,
            mode: Mode::for_scene(&scene),
            many: Many::new(&scene.shapes),
            scene,
        };
        app.apply_view();
        if let Some(a) = algorithm {
            app.algorithm = a;
        }
        if let Some(s) = step {
            app.step = s;
        }
        app.rerun();
        app
    }

    /// Takes A, B, algorithm, step and camera from the scene's `view`.
    fn apply_view(&mut self) {
        let view = self.scene.view.clone();
        let n = self.scene.shapes.len();
        self.a = view.a.filter(|&i| i < n).unwrap_or(0);
        self.b = view
            .b
            .filter(|&i| i < n && i != self.a)
            .unwrap_or(if self.a == 0 { 1 } else { 0 });
        self.algorithm = view.algorithm.unwrap_or(self.algorithm);
        self.step = view.step.unwrap_or(0);
        self.fit_world = true;
        self.file_view = view.center.zip(view.zoom);
    }

    /// Whether A and B are two distinct shapes of the scene.
    pub fn has_pair(&self) -> bool {
        let n = self.scene.shapes.len();
        self.a < n && self.b < n && self.a != self.b
    }

    /// Number of events of the current run (the last step index).
    pub fn step_count(&self) -> usize {
        self.steps.len().saturating_sub(1)
    }

    /// The step shown.
    pub fn current(&self) -> Option<&Step> {
        self.steps.get(self.step)
    }

    /// Re-runs the algorithm on A and B (after any change) and keeps the step index,
    /// clamped to the new run.
    pub fn rerun(&mut self) {
        let visualizer = visualizers::visualizer(self.algorithm);
        let mut intro = None;
        self.decisive = None;
        if self.has_pair() {
            let (a, b) = (
                &self.scene.shapes[self.a].shape,
                &self.scene.shapes[self.b].shape,
            );
            if a.is_concave() || b.is_concave() {
                let decisive = compound::decisive(a, b);
                intro = Some(part_pair_intro(a, b, &decisive));
                self.decisive = Some(decisive.parts);
            }
        }
        let pair = self.stepped_pair();
        self.comparison = pair.as_ref().map(|(a, b)| visualizers::sat::compare(a, b));
        self.pseudo_comparison = pair
            .as_ref()
            .filter(|_| self.algorithm == Algorithm::PseudoEpa)
            .map(|(a, b)| visualizers::pseudo_epa::compare(a, b));
        self.steps = if let Some((a, b)) = pair {
            let mut steps = visualizers::trace(visualizer, &a, &b);
            if let Some(intro) = intro {
                for step in &mut steps {
                    step.narration = format!("{intro} {}", step.narration);
                }
            }
            if let Some(parts) = self.decisive {
                let (a, b) = (
                    &self.scene.shapes[self.a].shape,
                    &self.scene.shapes[self.b].shape,
                );
                for step in &mut steps {
                    part_pair_only(step, a, b, parts);
                }
            }
            steps
        } else {
            vec![Step {
                title: "Two shapes needed".into(),
                narration: "This scene needs at least two shapes: one for A and one for B.".into(),
                line: None,
                items: vec![],
                claims: vec![],
            }]
        };
        self.step = self.step.min(self.step_count());
        // A waiting question is asked again of the shapes as they are now.
        if let Some(q) = self.question {
            self.step = q.asked_at.min(self.step_count());
            self.question = predict::question_of_kind(self, q.kind);
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
            lessons::record_progress(lesson);
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
        if !self.has_pair() {
            return None;
        }
        let (a, b) = (
            &self.scene.shapes[self.a].shape,
            &self.scene.shapes[self.b].shape,
        );
        Some(match self.decisive {
            Some([i, j]) => (a.parts().swap_remove(i), b.parts().swap_remove(j)),
            None => (a.clone(), b.clone()),
        })
    }

    /// Shows another algorithm, from its first step.
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        if algorithm != self.algorithm {
            // SAT draws its axes beside the shapes: the world view makes room for them.
            let sat = |a: Algorithm| matches!(a, Algorithm::Sat | Algorithm::SatObb);
            if sat(algorithm) != sat(self.algorithm) {
                self.fit_world = true;
            }
            self.algorithm = algorithm;
            self.step = 0;
            self.playing = false;
            self.rerun();
        }
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
    /// mode starts the motion from the shapes' current poses; leaving it re-runs the
    /// algorithm on A and B where the shapes now are.
    pub fn set_mode(&mut self, mode: Mode) {
        if mode == self.mode {
            return;
        }
        self.mode = mode;
        self.playing = false;
        match mode {
            Mode::Many => self.many = Many::new(&self.scene.shapes),
            Mode::Pair => self.rerun(),
        }
        self.fit_world = true;
    }

    /// In the many-shapes mode, lets the shapes drift for `seconds` (simulated; clamped
    /// to [0, 600]) and runs the broad and narrow phases on where they end up.
    pub fn advance(&mut self, seconds: f64) {
        if self.mode != Mode::Many || !seconds.is_finite() {
            return;
        }
        self.many
            .jump(&mut self.scene.shapes, seconds.clamp(0.0, MAX_ADVANCE));
        self.revision += 1;
    }

    /// The layout in use: the many-shapes mode shows only the world.
    pub fn effective_layout(&self) -> Layout {
        match self.mode {
            Mode::Pair => self.layout,
            Mode::Many => Layout::WorldOnly,
        }
    }

    /// Goes to step `k` (clamped); in the many-shapes mode, to sweep step `k`.
    pub fn go_to(&mut self, k: usize) {
        match self.mode {
            Mode::Pair => self.step = k.min(self.step_count()),
            Mode::Many => self.many.sweep_go_to(&self.scene.shapes, k),
        }
    }

    /// One step forward; in the many-shapes mode, one sweep step (the first press
    /// stops the motion and starts stepping).
    pub fn next(&mut self) {
        match self.mode {
            // A waiting question is answered by a click (or "Show me"), not by N.
            Mode::Pair if self.question.is_some() => {}
            Mode::Pair if self.predict => match predict::question_before_next(self) {
                Some(q) => {
                    self.question = Some(q);
                    self.verdict = None;
                    self.playing = false;
                }
                None => self.go_to(self.step + 1),
            },
            Mode::Pair => self.go_to(self.step + 1),
            Mode::Many if self.question.is_some() => {}
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
                    None => self.many.sweep_next(&mut self.scene.shapes),
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
        match self.mode {
            Mode::Pair => self.go_to(self.step.saturating_sub(1)),
            Mode::Many => self.many.sweep_back(),
        }
    }

    /// Back to step 0 and stop playing.
    pub fn restart(&mut self) {
        self.step = 0;
        self.playing = false;
        if self.mode == Mode::Many && self.many.sweep.is_some() {
            self.go_to(0);
        }
    }

    /// Starts or stops playing (from the start when at the end). In the many-shapes
    /// mode: pauses or resumes the motion (and stops stepping the sweep).
    pub fn toggle_play(&mut self) {
        if self.mode == Mode::Many {
            if self.many.sweep.is_some() {
                self.many.stop_sweep();
                self.many.paused = false;
            } else {
                self.many.paused = !self.many.paused;
            }
            return;
        }
        self.playing = !self.playing;
        if self.playing && self.step >= self.step_count() {
            self.step = 0;
        }
        self.play_clock = 0.0;
    }

    /// Advances playing by `dt` seconds; in the many-shapes mode, moves the shapes and
    /// runs the broad and narrow phases.
    pub fn tick(&mut self, dt: f32) {
        self.clock += dt as f64;
        if self.mode == Mode::Many {
            if !self.many.paused && self.many.sweep.is_none() {
                self.many.tick(&mut self.scene.shapes, dt as f64);
                self.revision += 1;
            }
            return;
        }
        if !self.playing {
            return;
        }
        self.play_clock += dt * self.speed;
        while self.play_clock >= 1.0 {
            self.play_clock -= 1.0;
            self.next();
        }
        if self.step >= self.step_count() {
            self.playing = false;
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
        if self.mode == Mode::Many {
            self.many.shapes_changed(&self.scene.shapes);
            // A waiting "which swap next?" is asked again of the boxes as they are.
            if let Some(q) = self.question {
                self.many.sweep_go_to(&self.scene.shapes, q.asked_at);
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
    fn open_scene(&mut self, scene: Scene, path: Option<&Path>) {
        self.scene = scene;
        // Another scene ends a lesson (open_lesson sets it again after this).
        self.lesson = None;
        self.question = None;
        self.verdict = None;
        self.scene_path = path.map(Path::to_path_buf);
        self.scene_mtime = path.and_then(platform::modified);
        // A link's scene saves to a new file, never over the last one opened.
        self.save_path = path.map_or_else(|| "scene.ron".into(), |p| p.display().to_string());
        self.playing = false;
        self.rejected = None;
        self.apply_view();
        self.follow_minkowski = true;
        self.mode = Mode::for_scene(&self.scene);
        self.many = Many::new(&self.scene.shapes);
        self.rerun();
    }

    /// Reloads the current file, keeping the mode, the algorithm, the step (clamped)
    /// and, when still valid, A and B.
    pub fn reload(&mut self) -> bool {
        let Some(path) = self.scene_path.clone() else {
            self.fail("this scene has no file to reload".into());
            return false;
        };
        let (algorithm, step, a, b) = (self.algorithm, self.step, self.a, self.b);
        let mode = self.mode;
        if !self.load(&path) {
            return false;
        }
        self.set_mode(mode);
        self.algorithm = algorithm;
        self.step = step;
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
        let Some(path) = self.scene_path.clone() else {
            return;
        };
        if !self.auto_reload {
            return;
        }
        let now = platform::modified(&path);
        if now.is_some() && now != self.scene_mtime {
            self.scene_mtime = now;
            self.reload();
        }
    }

    /// The scene as it would be saved: shapes plus A, B, algorithm, step and camera.
    pub fn scene_to_save(&self) -> Scene {
        let mut scene = self.scene.clone();
        let has_pair = self.has_pair();
        scene.view = View {
            a: has_pair.then_some(self.a),
            b: has_pair.then_some(self.b),
            algorithm: Some(self.algorithm),
            step: Some(self.step),
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
    pub fn scene_text(&self, path: &Path) -> Result<String, gjk_lab::scene::SceneError> {
        let format = Format::of(path)?;
        let original = self
            .scene_path
            .as_deref()
            .and_then(|p| platform::read_text(p).ok());
        Ok(self
            .scene_to_save()
            .text_keeping_comments(format, original.as_deref()))
    }

    /// The scene and what the app shows of it as a share link (`…#gjk1.…`).
    pub fn share_link(&self) -> String {
        platform::share_link(&gjk_lab::link::encode(&self.scene_to_save()))
    }

    /// Opens a share link (a whole address, a fragment or the payload); on failure the
    /// current scene stays and the error (`link: …`) is shown.
    pub fn open_link(&mut self, link: &str) -> bool {
        match gjk_lab::link::decode(link) {
            Ok(scene) => {
                self.open_scene(scene, None);
                self.succeed("Opened the shared link".into());
                true
            }
            Err(e) => {
                self.fail(e.to_string());
                false
            }
        }
    }

    /// The Minkowski difference outline of A and B with `samples` directions for
    /// curved shapes (empty without a pair).
    pub fn minkowski_outline(&self, samples: usize) -> Vec<DVec2> {
        if !self.has_pair() {
            return vec![];
        }
        let Some((a, b)) = self.stepped_pair() else {
            return vec![];
        };
        MinkowskiDifference::new(&a, &b).outline(samples)
    }

    /// The outline of the *core* difference when a shape is a circle (GJK and EPA
    /// walk on it: a circle's core is its centre), or `None` when it equals A − B.
    pub fn minkowski_core_outline(&self, samples: usize) -> Option<Vec<DVec2>> {
        if !self.has_pair() {
            return None;
        }
        let (a, b) = self.stepped_pair()?;
        let md = MinkowskiDifference::new(&a, &b);
        (md.margin() > 0.0).then(|| md.core_outline(samples))
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
            "step": self.step,
            "step_count": self.step_count(),
            "step_title": self.current().map(|s| s.title.clone()),
            "a": self.a,
            "b": self.b,
            "shapes": shapes,
            "error": self.error,
            "mode": if self.lesson.is_some() { "lesson" } else { self.mode.name() },
            "lesson": self.lesson.as_ref().map(|l| l.name.clone()),
            "page": self.lesson.as_ref().map(|l| l.page + 1),
            "pages": self.lesson.as_ref().map(|l| l.pages.len()),
            "checkpoint": self.question.map(|q| q.kind.name()),
            "question": self.question.map(|q| predict::status(self, &q)),
            "verdict": self.verdict.as_ref().map(|v| if v.right { "right" } else { "wrong" }),
            "score": self.lesson.as_ref().map_or(self.score, |l| l.score),
            "predict": self.predict,
            "decisive_parts": self.decisive,
        });
        if self.mode == Mode::Many {
            self.many_status(&mut status);
        }
        status.to_string()
    }

    /// The many-shapes mode's keys: `paused`, `pairs` and `contacts` (counts of the
    /// last frame), `sweep` (the sweep step, or null when not stepping), `sweep_count`
    /// (its last step), `sweep_frame`, `sweep_pairs` (pairs reported up to the step)
    /// and `active` (the active list's box ids).
    fn many_status(&self, status: &mut serde_json::Value) {
        let many = &self.many;
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

/// The sentence that opens every step's narration on a concave pair: which parts the
/// stepped algorithm runs on, and why those.
fn part_pair_intro(a: &Shape, b: &Shape, decisive: &compound::Decisive) -> String {
    let [i, j] = decisive.parts;
    let name = |shape: &Shape, part: usize, role: &str| {
        if shape.is_concave() {
            format!("part {part} of {role}")
        } else {
            role.to_string()
        }
    };
    let which = if decisive.query.intersects {
        "deepest"
    } else {
        "closest"
    };
    format!(
        "[{} against {}: a concave polygon is checked part by part, and this is the \
         {which} part pair.]",
        name(a, i, "A"),
        name(b, j, "B"),
    )
}

/// With a concave shape the algorithm ran on the decisive part pair: a step that says
/// "moving B separates" says it of that pair only, and then shows how far B must move
/// along the same direction to clear the whole shapes (a second, dotted ghost).
fn part_pair_only(step: &mut Step, a: &Shape, b: &Shape, parts: [usize; 2]) {
    let mut offset = None;
    for claim in &mut step.claims {
        if let Claim::Separates {
            offset: o,
            parts: p,
        } = claim
        {
            *p = Some(parts);
            offset = Some(*o);
        }
    }
    let Some(n) = offset.and_then(gjk_lab::geometry::try_normalize) else {
        return;
    };
    let [i, j] = parts;
    let pair = format!("part {i} of A from part {j} of B");
    // The algorithm's words are about the pair it ran on.
    for whole in ["separates the shapes", "separates them"] {
        step.narration = step.narration.replace(whole, &format!("separates {pair}"));
    }
    match compound::whole_separation(a, b, n) {
        Some(t) => {
            step.narration = format!(
                "{} Other part pairs may still overlap: along the same direction the \
                 whole shapes need B moved by {} (dotted ghost: whole B moved out).",
                step.narration,
                visualizers::num(t)
            );
            step.items.push(Item::WholeShapesOut(n * t));
            step.claims.push(Claim::Separates {
                offset: n * t,
                parts: None,
            });
        }
        None => {
            step.narration = format!("{} Other part pairs may still overlap.", step.narration);
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
    std::env::current_dir()
        .ok()
        .and_then(|dir| path.strip_prefix(dir).ok())
        .unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab::scene::Format;

    const SCENE: &str = r#"(shapes: [
        (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]), position: (0.0, 0.0)),
        (name: "B", shape: Polygon(vertices: [(-1.0, -0.5), (1.0, -0.5), (0.0, 1.0)]), position: (1.5, 0.2)),
        (name: "C", shape: Circle(radius: 0.5), position: (9.0, 0.0)),
    ], view: (a: 0, b: 1, algorithm: "epa", step: 3))"#;

    fn sample_app() -> App {
        App::new(
            Scene::from_text(SCENE, Format::Ron, None).unwrap(),
            None,
            None,
            None,
        )
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gjk-lab-app-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn starts_from_the_scene_view() {
        let app = sample_app();
        assert_eq!(
            (app.a, app.b, app.algorithm, app.step),
            (0, 1, Algorithm::Epa, 3)
        );
        assert!(app.step_count() >= 3);
    }

    #[test]
    fn stepping_is_clamped() {
        let mut app = sample_app();
        app.go_to(1000);
        assert_eq!(app.step, app.step_count());
        app.next();
        assert_eq!(app.step, app.step_count());
        app.restart();
        app.back();
        assert_eq!(app.step, 0);
    }

    #[test]
    fn dragging_at_step_k_shows_step_k_of_the_new_run() {
        let mut app = sample_app();
        app.set_algorithm(Algorithm::Gjk);
        app.go_to(3);
        let before = app.steps.clone();
        app.move_shape(1, DVec2::new(0.3, 0.1));
        assert_eq!(app.step, 3);
        assert_ne!(app.steps, before, "the run changed");
        // Far away: fewer steps, the step is clamped.
        app.go_to(app.step_count());
        app.move_shape(1, DVec2::new(100.0, 0.0));
        assert!(app.step <= app.step_count());
    }

    #[test]
    fn choosing_a_as_b_swaps() {
        let mut app = sample_app();
        app.set_a(1);
        assert_eq!((app.a, app.b), (1, 0));
        app.set_b(2);
        assert_eq!((app.a, app.b), (1, 2));
    }

    #[test]
    fn a_self_intersecting_vertex_drag_is_rejected() {
        let mut app = sample_app();
        let before = app.scene.shapes[0].shape.clone();
        // Pull vertex 2 (1, 1) down to (1, −2): edge 2 now crosses edge 0 (a bowtie).
        let err = app.move_vertex(0, 2, DVec2::new(1.0, -2.0)).unwrap_err();
        assert!(err.contains("edge 0") && err.contains("edge 2"), "{err}");
        assert_eq!(app.scene.shapes[0].shape, before);
        assert!(app.rejected.is_some());
        assert_eq!(app.rejected_edges, vec![[0, 1], [2, 3]]);
        // Pulling it outward is fine.
        let v = app.move_vertex(0, 2, DVec2::new(2.0, 2.0)).unwrap();
        assert!(app.rejected.is_none());
        let Geometry::Polygon(p) = app.scene.shapes[0].shape.geometry() else {
            unreachable!()
        };
        assert_eq!(p.vertex(v), DVec2::new(2.0, 2.0));
    }

    #[test]
    fn a_concave_vertex_drag_is_accepted_and_steps_run_on_the_decisive_parts() {
        let mut app = sample_app();
        // Pull vertex 2 (1, 1) inside, past the diagonal: the square turns concave.
        let v = app.move_vertex(0, 2, DVec2::new(-0.5, -0.5)).unwrap();
        assert!(app.rejected.is_none());
        let shape = &app.scene.shapes[0].shape;
        assert!(shape.is_concave());
        assert_eq!(
            shape.geometry().polygon_vertices().unwrap()[v],
            DVec2::new(-0.5, -0.5)
        );
        let [i, j] = app.decisive.expect("a concave A has a decisive part pair");
        assert!(i < shape.parts().len() && j == 0);
        let narration = &app.steps[1].narration;
        assert!(
            narration.contains(&format!("part {i} of A against B")),
            "{narration}"
        );
        let status: serde_json::Value = serde_json::from_str(&app.status_json()).unwrap();
        assert_eq!(status["shapes"][0]["parts"], 2);
        assert_eq!(status["decisive_parts"][0], i);
        // Back to convex: no decisive parts any more.
        app.move_vertex(0, v, DVec2::new(1.0, 1.0)).unwrap();
        assert_eq!(app.decisive, None);
    }

    #[test]
    fn a_broken_file_keeps_the_scene_and_names_the_file() {
        let dir = temp_dir("broken");
        let path = dir.join("bad.ron");
        std::fs::write(
            &path,
            "(shapes: [ (name: \"A\", shape: Circle(radius: -1.0), position: (0.0, 0.0)) ])",
        )
        .unwrap();
        let mut app = sample_app();
        let shapes = app.scene.shapes.clone();
        assert!(!app.load(&path));
        assert_eq!(app.scene.shapes, shapes);
        assert!(app.error.as_deref().unwrap().contains("bad.ron"));
    }

    /// Issue 9: Ctrl+S rewrote a preset from the parsed scene and lost its `//`
    /// comments, the preset's teaching notes. Load a preset with comments, move a
    /// shape, save, reload: the comments are there and so is the move.
    #[test]
    fn saving_a_preset_keeps_its_comments() {
        let dir = temp_dir("comments");
        let path = dir.join("noted.ron");
        let text = format!(
            "// Why this scene exists.\n// A second line of notes.\n{}",
            SCENE.replace(
                "(name: \"C\"",
                "// C is far away on purpose.\n        (name: \"C\""
            )
        );
        std::fs::write(&path, &text).unwrap();
        let mut app = sample_app();
        assert!(app.load(&path));
        app.move_shape(2, DVec2::new(1.0, 0.0));
        assert!(app.save(&path));
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(
            saved.starts_with("// Why this scene exists.\n// A second line of notes.\n"),
            "{saved}"
        );
        let note = saved
            .find("// C is far away on purpose.")
            .expect("shape comment");
        assert!(saved[note..].trim_start_matches(|c| c != '\n')[1..]
            .trim_start()
            .starts_with('('));
        assert!(note > saved.find("\"B\"").unwrap() && note < saved.find("\"C\"").unwrap());
        let mut other = sample_app();
        assert!(other.load(&path));
        assert_eq!(
            other.scene.shapes[2].shape.position(),
            DVec2::new(10.0, 0.0)
        );
        assert_eq!(other.scene.shapes, app.scene.shapes);
    }

    /// Issue 9: a green "Reloaded …" stayed beside a red error from a later failed
    /// load. A new error clears the notice, and a new success clears the error.
    #[test]
    fn an_error_clears_the_notice_and_a_success_clears_the_error() {
        let dir = temp_dir("notice");
        let good = dir.join("good.ron");
        let bad = dir.join("bad.ron");
        std::fs::write(&good, SCENE).unwrap();
        std::fs::write(&bad, "(shapes: [").unwrap();
        let mut app = sample_app();
        assert!(app.load(&good) && app.reload());
        assert!(app.notice.as_deref().unwrap().starts_with("Reloaded"));
        assert!(!app.load(&bad));
        assert_eq!(app.notice, None, "no stale notice beside the error");
        assert!(app.error.is_some());
        assert!(app.load(&good));
        assert_eq!(app.error, None);
        assert!(app.notice.is_some());
    }

    #[test]
    fn save_then_load_round_trips_the_view() {
        let dir = temp_dir("save");
        let path = dir.join("saved.ron");
        let mut app = sample_app();
        app.set_algorithm(Algorithm::Distance);
        app.go_to(2);
        app.move_shape(2, DVec2::new(1.0, 0.0));
        assert!(app.save(&path));
        let mut other = sample_app();
        assert!(other.load(&path));
        assert_eq!(
            (other.algorithm, other.step, other.a, other.b),
            (Algorithm::Distance, 2, 0, 1)
        );
        assert_eq!(
            other.scene.shapes[2].shape.position(),
            DVec2::new(10.0, 0.0)
        );
    }

    #[test]
    fn status_has_the_contract_keys() {
        let app = sample_app();
        let v: serde_json::Value = serde_json::from_str(&app.status_json()).unwrap();
        for key in [
            "scene",
            "algorithm",
            "step",
            "step_count",
            "a",
            "b",
            "shapes",
            "error",
        ] {
            assert!(v.get(key).is_some(), "missing {key}");
        }
        let shape = &v["shapes"][1];
        assert_eq!(shape["name"], "B");
        assert_eq!(shape["position"][0], 1.5);
        assert!(shape["screen"].is_array() && shape["rotation"].is_number());
        assert!(v["error"].is_null());
    }

    #[test]
    fn status_file_is_rewritten_only_when_the_state_changes() {
        let path = temp_dir("status").join("status.json");
        let mut app = sample_app();
        let mut last = String::new();
        app.write_status(&path, &mut last);
        let first = std::fs::read_to_string(&path).unwrap();
        assert_eq!(first, last);
        std::fs::remove_file(&path).unwrap();
        app.write_status(&path, &mut last);
        assert!(!path.exists(), "unchanged state: no write");
        app.next();
        app.write_status(&path, &mut last);
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(v["step"], app.step);
        // `screen` is the world camera's mapping of the position.
        let screen = app
            .world_camera
            .world_to_screen(app.scene.shapes[0].shape.position());
        assert_eq!(v["shapes"][0]["screen"][0].as_f64(), Some(screen.x as f64));
    }

    #[test]
    fn many_shapes_mode_steps_the_sweep_and_reports_it_in_the_status() {
        let mut app = sample_app();
        assert_eq!(app.mode, Mode::Pair, "three shapes open as a pair");
        app.set_mode(Mode::Many);
        assert_eq!(app.effective_layout(), Layout::WorldOnly);
        let v: serde_json::Value = serde_json::from_str(&app.status_json()).unwrap();
        assert_eq!(v["mode"], "many");
        assert!(v["sweep"].is_null());
        assert_eq!(v["pairs"], 1, "A and B's boxes overlap");
        assert_eq!(v["contacts"], 1);
        // A frame after the first tests the kept pair (A, B), then ends: steps 0 to 2.
        for _ in 0..2 {
            app.next();
        }
        app.back();
        let v: serde_json::Value = serde_json::from_str(&app.status_json()).unwrap();
        assert_eq!(v["sweep"], 1);
        assert!(v["sweep_count"].as_u64().unwrap() >= 2);
        // Space leaves stepping; the pair mode keeps its own step.
        app.toggle_play();
        assert!(app.many.sweep.is_none());
        app.set_mode(Mode::Pair);
        assert_eq!(app.step, 3);
    }

    #[test]
    fn advance_moves_shapes_only_in_the_many_shapes_mode() {
        let mut app = sample_app();
        let before = app.scene.shapes[2].shape.pose();
        app.advance(1.0);
        assert_eq!(app.scene.shapes[2].shape.pose(), before);
        app.set_mode(Mode::Many);
        app.advance(f64::NAN);
        assert_eq!(app.scene.shapes[2].shape.pose(), before);
        app.advance(1.0);
        assert_ne!(app.scene.shapes[2].shape.pose(), before);
    }

    #[test]
    fn one_shape_scene_does_not_panic() {
        let scene = Scene::from_text(
            "(shapes: [(shape: Circle(radius: 1.0), position: (0.0, 0.0))])",
            Format::Ron,
            None,
        )
        .unwrap();
        let mut app = App::new(scene, None, Some(Algorithm::Epa), Some(5));
        assert_eq!(app.step_count(), 0);
        app.next();
        app.move_shape(0, DVec2::X);
        assert!(app.minkowski_outline(64).is_empty());
        app.set_mode(Mode::Many);
        for _ in 0..5 {
            app.next();
        }
        app.go_to(usize::MAX);
        app.tick(0.1);
        app.move_shape(0, DVec2::X);
        assert!(app.many.pairs.is_empty());
    }

    #[test]
    fn notices_show_paths_inside_the_working_directory_relative_to_it() {
        let here = std::env::current_dir().expect("a working directory");
        let inside = here.join("scenes").join("box-box.ron");
        assert_eq!(shown(&inside), Path::new("scenes/box-box.ron"));
        let outside = Path::new("/somewhere/else/scene.ron");
        assert_eq!(shown(outside), outside);
    }
}
