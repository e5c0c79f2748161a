//! [`Lab`]: what outlasts a mode — the scene and its file, which shapes are A and B,
//! the algorithm, the world view's camera, the lesson, the question, the notices. The
//! modes ([`super::pair::PairMode`], [`super::many::Many`]) are handed it beside their
//! own state; [`super::state::App`] is the two together.

use super::export;
use super::lessons::progress::LessonState;
use super::platform::{self, Stamp};
use super::predict;
use super::screen::Screen;
use super::view::camera::Camera;
use super::view::canvas::Layout;
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::checkpoint::Names;
use gjk_lab_core::scene::{NamedShape, Scene};
use gjk_lab_core::shapes::Shape;
use glam::DVec2;
use std::cell::RefCell;
use std::path::PathBuf;

/// What every mode acts on and what outlasts a mode.
pub struct Lab {
    /// The scene being edited.
    pub scene: Scene,
    /// The scene's file: where it came from, when it was read, where it saves.
    pub file: SceneFile,
    /// Index of shape A.
    pub a: usize,
    /// Index of shape B.
    pub b: usize,
    /// The algorithm shown in the two-shape mode (kept while another mode is shown).
    pub algorithm: Algorithm,
    /// The last error and the last notice.
    pub messages: Messages,
    /// Playing speed, in steps per second.
    pub speed: f32,
    /// Seconds the app has run (animations of the lesson figures).
    pub clock: f64,
    /// The world view's camera (both modes draw the world).
    pub world_camera: Camera,
    /// What the world camera fits to at the next layout.
    pub fit: Fit,
    /// How the views share the screen.
    pub layout: Layout,
    /// Predict, then reveal: whether questions are asked, the waiting one, the last
    /// verdict and the score.
    pub predict: Predict,
    /// The lesson being followed, if any (the lessons mode).
    pub lesson: Option<LessonState>,
    /// Whether the two-shape mode's panel offers the lessons to a newcomer (a first
    /// start); the window sets it.
    pub welcome: bool,
    /// An export the panel asked for; the window's loop carries it out.
    pub export_request: Option<export::Plan>,
    /// Bumped on every change of shapes, for caches.
    pub revision: u64,
    /// The window's shape and pointer (the main loop sets them every frame).
    pub screen: Screen,
    /// The last share link made and what it was made of ([`super::state::App::share_link`]).
    pub link_cache: RefCell<Option<(u64, String)>>,
}

/// The scene's file.
#[derive(Clone, Debug, Default)]
pub struct SceneFile {
    /// The file the scene came from, if it came from one.
    pub path: Option<PathBuf>,
    /// The file's modification time when it was last read (for auto-reload).
    pub mtime: Option<Stamp>,
    /// The text of the save-path field.
    pub save_path: String,
    /// Whether a changed scene file reloads by itself.
    pub auto_reload: bool,
}

/// The notices the panels show.
#[derive(Clone, Debug, Default)]
pub struct Messages {
    /// The last error (bad scene file, failed save), shown until the next success.
    pub error: Option<String>,
    /// A short message about the last action ("Saved …", "Rejected …").
    pub notice: Option<String>,
}

/// What the world camera fits to at the next layout.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fit {
    /// Whether the world camera should be fitted to the scene at the next layout.
    pub world: bool,
    /// The scene file's camera (centre, zoom), applied at the next fit: the world view
    /// may be narrower than the window the file was written for, so the zoom is
    /// lowered if the shapes would not fit.
    pub file_view: Option<(DVec2, f64)>,
}

/// Predict, then reveal (see [`predict`]).
#[derive(Clone, Debug, Default)]
pub struct Predict {
    /// Whether the "Predict" toggle asks before every event of the kinds learners
    /// predict.
    pub on: bool,
    /// A question waiting for the learner's click.
    pub question: Option<predict::Question>,
    /// How the last answer was judged.
    pub verdict: Option<predict::Verdict>,
    /// Answers judged (outside lessons; a lesson keeps its own).
    pub score: predict::Score,
}

impl Lab {
    /// A lab on `scene`, read from `path`: A and B the first two shapes, GJK, the
    /// cameras unplaced (the first frame places and fits them).
    pub fn new(scene: Scene, path: Option<PathBuf>) -> Self {
        let viewport = super::view::camera::Viewport::new(0.0, 0.0, 640.0, 640.0);
        Lab {
            file: SceneFile {
                mtime: path.as_deref().and_then(platform::modified),
                save_path: path
                    .as_ref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|| "scene.ron".into()),
                path,
                auto_reload: true,
            },
            a: 0,
            b: 1,
            algorithm: Algorithm::Gjk,
            messages: Messages::default(),
            speed: 2.0,
            clock: 0.0,
            world_camera: Camera::new(DVec2::ZERO, 80.0, viewport),
            fit: Fit {
                world: true,
                file_view: None,
            },
            layout: Layout::SideBySide,
            predict: Predict::default(),
            lesson: None,
            welcome: false,
            export_request: None,
            revision: 0,
            screen: Screen::default(),
            link_cache: RefCell::new(None),
            scene,
        }
    }

    /// Whether A and B are two distinct shapes of the scene.
    pub fn has_pair(&self) -> bool {
        distinct_pair(&self.scene.shapes, self.a, self.b).is_some()
    }

    /// Shows a success ("Loaded …", "Saved …"): the last error is over, so it goes.
    pub fn succeed(&mut self, notice: String) {
        self.messages.error = None;
        self.messages.notice = Some(notice);
    }

    /// Shows an error: a notice of an earlier success beside it would be stale, so it
    /// goes.
    pub fn fail(&mut self, error: String) {
        platform::log_error(&error);
        self.messages.notice = None;
        self.messages.error = Some(error);
    }

    /// Every shape's name as the views label it (by index in the scene).
    pub fn shape_names(&self) -> Vec<String> {
        self.scene
            .shapes
            .iter()
            .enumerate()
            .map(|(k, s)| crate::app::i18n::shape_name(s, k))
            .collect()
    }

    /// A's and B's names, each with its role when it differs ("C (as B)").
    pub fn pair_names(&self) -> Names {
        let name = |k: usize, role: &str| {
            let own = self
                .scene
                .shapes
                .get(k)
                .map_or_else(|| role.to_string(), |s| crate::app::i18n::shape_name(s, k));
            if own == role {
                own
            } else {
                tr!("names-with-role", name = own, role = role)
            }
        };
        Names {
            a: name(self.a, "A"),
            b: name(self.b, "B"),
        }
    }

    /// Counts an answer into the score: the lesson's, once per page (an answer on a
    /// page already answered is not counted again); or the free lab's, every one.
    /// Returns whether it was counted.
    pub fn count_answer(&mut self, right: bool) -> bool {
        match &mut self.lesson {
            Some(lesson) => lesson.count(right),
            None => {
                self.predict.score.add(right);
                true
            }
        }
    }
}

/// Shapes `a` and `b` of the scene, when they are two distinct shapes of it.
pub fn distinct_pair(shapes: &[NamedShape], a: usize, b: usize) -> Option<(&Shape, &Shape)> {
    (a != b)
        .then(|| Some((&shapes.get(a)?.shape, &shapes.get(b)?.shape)))
        .flatten()
}
