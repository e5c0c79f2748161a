//! What the lessons mode keeps: the lesson being followed ([`LessonState`]), where the
//! lesson files are, and the progress kept between runs (pages seen, each lesson's
//! score) through [`crate::app::platform`]: in the user's data folder on the desktop
//! (`…/gjk-lab/progress.json`, or `$GJK_LAB_DATA_DIR`), written atomically so that a
//! crash never leaves it half-written; in the browser's local storage on the web.
//! Nothing here knows the app: the app's state holds a [`LessonState`].

use crate::app::platform;
use crate::app::predict::Score;
use gjk_lab::lesson::Page;
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
    /// The point P the learner drags through the Voronoi regions on a *regions* figure
    /// page (a point of the A − B view; `None` until the page places it).
    pub trial: Option<DVec2>,
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
