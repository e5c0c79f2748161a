//! The lessons mode: an ordered path of lessons, each a scene file in
//! `scenes/lessons/` with a `lesson` section (see [`gjk_lab::lesson`]). A page shows
//! its algorithm at its step over the scene's shapes — which stay draggable, the
//! page's live numbers following them — and a checkpoint page first asks the learner
//! to predict the next event ([`super::predict`]).
//!
//! Progress (pages seen, each lesson's score) is kept between runs through
//! [`super::platform`]: in the user's data folder on the desktop
//! (`…/gjk-lab/progress.json`, or `$GJK_LAB_DATA_DIR`), written atomically so that a
//! crash never leaves it half-written; in the browser's local storage on the web.

use super::many::Many;
use super::platform;
use super::predict::Score;
use super::state::{App, Mode};
use super::visualizers::{num, vec2};
use gjk_lab::lesson::{fill, Page, PageMode};
use gjk_lab::query::query;
use gjk_lab::scene::NamedShape;
use glam::DVec2;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The folder of the lessons, under the scenes folder.
pub const LESSONS_DIR: &str = "scenes/lessons";

/// The lesson being followed.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonState {
    /// Its file.
    pub path: PathBuf,
    /// Its file name ("02-gjk.ron"), as `--status` reports it.
    pub name: String,
    /// Its pages.
    pub pages: Vec<Page>,
    /// The page shown (0-based).
    pub page: usize,
    /// Answers judged in this lesson.
    pub score: Score,
    /// The most pages seen so far (kept between runs).
    pub seen: usize,
    /// The shapes as the lesson file places them: a many-shapes page starts from
    /// them, so that its frame is the one its text describes.
    pub shapes: Vec<NamedShape>,
    /// The direction the learner drags on a *support* figure page.
    pub direction: DVec2,
}

/// The lesson files, in order (their names start with the lesson's number).
pub fn lesson_files(root: &Path) -> Vec<PathBuf> {
    platform::scene_files(&root.join(LESSONS_DIR))
}

/// The folder the presets live in: the working folder's `scenes/`, else the source
/// tree's.
pub fn root() -> PathBuf {
    if platform::is_dir(Path::new(LESSONS_DIR)) {
        PathBuf::from(".")
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }
}

/// The lesson file a name stands for: a path, or a lesson's file name with or without
/// its extension ("02-gjk"), or the part after its number ("gjk").
pub fn find(name: &str) -> Result<PathBuf, String> {
    let direct = PathBuf::from(name);
    if platform::is_file(&direct) {
        return Ok(direct);
    }
    let files = lesson_files(&root());
    let stem = |p: &PathBuf| p.file_stem().map(|s| s.to_string_lossy().into_owned());
    files
        .iter()
        .find(|p| {
            stem(p).is_some_and(|s| {
                s == name || s.split_once('-').is_some_and(|(_, rest)| rest == name)
            }) || p.file_name().is_some_and(|f| f.to_string_lossy() == name)
        })
        .cloned()
        .ok_or_else(|| {
            let names: Vec<String> = files.iter().filter_map(stem).collect();
            format!("no lesson {name:?}: the lessons are {}", names.join(", "))
        })
}

impl App {
    /// Opens a lesson file at page `page` (0-based); false (with the error shown) when
    /// it cannot be read or has no lesson section.
    pub fn open_lesson(&mut self, path: &Path, page: usize) -> bool {
        let scene = match platform::load_scene(path) {
            Ok(scene) => scene,
            Err(e) => {
                self.error = Some(e.to_string());
                return false;
            }
        };
        let Some(lesson) = scene.lesson.clone() else {
            self.error = Some(format!(
                "{}: this scene has no lesson section",
                path.display()
            ));
            return false;
        };
        if !self.load(path) {
            return false;
        }
        let name = path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        let saved = load_progress()
            .lessons
            .get(&name)
            .cloned()
            .unwrap_or_default();
        self.lesson = Some(LessonState {
            path: path.to_path_buf(),
            name,
            page: page.min(lesson.pages.len() - 1),
            pages: lesson.pages,
            score: saved.score,
            seen: saved.seen,
            shapes: self.scene.shapes.clone(),
            direction: DVec2::new(1.0, 0.35).normalize(),
        });
        self.apply_page();
        true
    }

    /// Opens the first lesson not yet seen to its end (the first lesson when all are).
    pub fn open_next_lesson(&mut self) -> bool {
        let files = lesson_files(&root());
        let progress = load_progress();
        let unfinished = files.iter().find(|p| {
            let name = p.file_name().map(|f| f.to_string_lossy().into_owned());
            let pages = platform::load_scene(p)
                .ok()
                .and_then(|s| s.lesson)
                .map_or(0, |l| l.pages.len());
            name.and_then(|n| progress.lessons.get(&n).map(|l| l.seen))
                .unwrap_or(0)
                < pages
        });
        match unfinished.or(files.first()) {
            Some(path) => self.open_lesson(&path.clone(), 0),
            None => {
                self.error = Some(format!(
                    "no lessons in {}",
                    root().join(LESSONS_DIR).display()
                ));
                false
            }
        }
    }

    /// Leaves the lessons mode (the scene stays).
    pub fn close_lesson(&mut self) {
        self.lesson = None;
        self.question = None;
        self.verdict = None;
    }

    /// Shows the current page: its algorithm at its step, and its question.
    pub fn apply_page(&mut self) {
        let page = {
            let Some(lesson) = &mut self.lesson else {
                return;
            };
            lesson.seen = lesson.seen.max(lesson.page + 1);
            record_progress(lesson);
            lesson.pages[lesson.page].clone()
        };
        self.question = None;
        self.verdict = None;
        if page.mode == Some(PageMode::Many) {
            self.apply_many_page(&page);
            return;
        }
        self.set_mode(Mode::Pair);
        if let (Some(a), Some(b)) = (page.a.or(self.scene.view.a), page.b.or(self.scene.view.b)) {
            if (a, b) != (self.a, self.b) {
                (self.a, self.b) = (a, b);
                self.follow_minkowski = true;
                self.rerun();
            }
        }
        let algorithm = page
            .algorithm
            .unwrap_or(self.scene.view.algorithm.unwrap_or(self.algorithm));
        self.set_algorithm(algorithm);
        self.go_to(page.step.unwrap_or(0));
        if let Some(kind) = page.checkpoint {
            self.question = super::predict::question_of_kind(self, kind);
        }
    }

    /// Shows a many-shapes page: the boxes where the lesson file puts them, sweep and
    /// prune's frame `page.frame` at step `page.step`, and its question on the list
    /// just before the swap it asks about.
    fn apply_many_page(&mut self, page: &Page) {
        if let Some(lesson) = &self.lesson {
            self.scene.shapes = lesson.shapes.clone();
        }
        self.mode = Mode::Many;
        self.playing = false;
        self.fit_world = true;
        self.many = Many::unsorted(&self.scene.shapes);
        self.many.sweep_to_frame(
            &mut self.scene.shapes,
            page.frame.unwrap_or(0),
            page.step.unwrap_or(0),
        );
        if let Some(kind) = page.checkpoint {
            self.question = super::predict::question_of_kind(self, kind);
            if let Some(q) = self.question {
                self.go_to(q.asked_at);
            }
        }
        self.revision += 1;
    }

    /// The next page, if any.
    pub fn next_page(&mut self) {
        if let Some(lesson) = &mut self.lesson {
            if lesson.page + 1 < lesson.pages.len() {
                lesson.page += 1;
                self.apply_page();
            }
        }
    }

    /// The previous page, if any.
    pub fn previous_page(&mut self) {
        if let Some(lesson) = &mut self.lesson {
            if lesson.page > 0 {
                lesson.page -= 1;
                self.apply_page();
            }
        }
    }

    /// The current page's text with its live numbers filled in from the shapes as
    /// they are now.
    pub fn page_text(&self) -> String {
        let Some(lesson) = &self.lesson else {
            return String::new();
        };
        let text = &lesson.pages[lesson.page].text;
        let pair = self.has_pair().then(|| {
            let (a, b) = (&self.scene.shapes[self.a], &self.scene.shapes[self.b]);
            (
                a.display_name(self.a),
                b.display_name(self.b),
                query(&a.shape, &b.shape),
            )
        });
        fill(text, |name| match (name, &pair) {
            ("A", Some((a, _, _))) => a.clone(),
            ("B", Some((_, b, _))) => b.clone(),
            ("distance", Some((_, _, q))) => num(q.distance),
            ("depth", Some((_, _, q))) => num(q.depth),
            ("normal", Some((_, _, q))) => q.normal.map_or("—".into(), vec2),
            ("relation", Some((_, _, q))) => {
                if q.intersects {
                    "overlap".into()
                } else {
                    "are apart".into()
                }
            }
            ("steps", _) => self.step_count().to_string(),
            ("d" | "support_a" | "support_b" | "support", _) => {
                super::figures::placeholder(self, name).unwrap_or_else(|| "—".into())
            }
            ("swaps", _) => self.many.shown_stats().swaps.to_string(),
            ("frame", _) => self
                .many
                .sweep
                .as_ref()
                .map_or("—".into(), |t| t.frame.to_string()),
            _ => "—".into(),
        })
    }
}

/// What is kept of one lesson between runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// Pages seen (the furthest page reached).
    pub seen: usize,
    /// Its score.
    pub score: Score,
}

/// Everything kept between runs, by lesson file name.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Per lesson.
    pub lessons: BTreeMap<String, LessonProgress>,
}

/// The storage key progress is kept under (a file name on the desktop).
pub const PROGRESS_KEY: &str = "progress.json";

/// The progress kept so far (empty when there is none or it cannot be read).
pub fn load_progress() -> Progress {
    platform::storage_get(PROGRESS_KEY)
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// Keeps a lesson's pages seen and score (atomically; a failure loses nothing else).
pub fn record_progress(lesson: &LessonState) {
    let mut progress = load_progress();
    progress.lessons.insert(
        lesson.name.clone(),
        LessonProgress {
            seen: lesson.seen,
            score: lesson.score,
        },
    );
    let text = serde_json::to_string_pretty(&progress).unwrap_or_default();
    if let Err(e) = platform::storage_set(PROGRESS_KEY, &text) {
        platform::log_error(&format!("progress not saved: {e}"));
    }
}
