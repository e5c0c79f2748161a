//! What the lessons mode keeps: the lesson being followed ([`LessonState`]), where the
//! lesson files are, and the progress kept between runs (pages seen, each lesson's
//! score) through [`crate::app::platform`]: in the user's data folder on the desktop
//! (`…/gjk-lab/progress.json`, or `$GJK_LAB_DATA_DIR`), written atomically so that a
//! crash never leaves it half-written; in the browser's local storage on the web.
//! Nothing here knows the app: the app's state holds a [`LessonState`].

use crate::app::platform;
use crate::app::predict::Score;
use gjk_lab_core::lesson::Page;
use gjk_lab_core::scene::NamedShape;
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
    /// Answers judged in this lesson: each page's question counted once.
    pub score: Score,
    /// The pages whose question was answered, 1-based, with whether the first answer
    /// was right (kept between runs): going back to a page asks again, but only the
    /// first answer counts.
    pub answered: BTreeMap<usize, bool>,
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

impl LessonState {
    /// Counts an answer to the current page's question into the score, unless the page
    /// was answered before; returns whether it was counted.
    pub fn count(&mut self, right: bool) -> bool {
        if self.answered.contains_key(&(self.page + 1)) {
            return false;
        }
        self.answered.insert(self.page + 1, right);
        self.score.add(right);
        true
    }
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

/// A name that stands for no lesson file ([`find`]); the message lists the lessons.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("no lesson {name:?}: the lessons are {}", lessons.join(", "))]
pub struct NoSuchLesson {
    /// The name given.
    pub name: String,
    /// The lessons' file names without their extension, in order.
    pub lessons: Vec<String>,
}

/// The lesson file a name stands for: a path, or a lesson's file name with or without
/// its extension ("02-gjk"), or the part after its number ("gjk").
pub fn find(name: &str) -> Result<PathBuf, NoSuchLesson> {
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
        .ok_or_else(|| NoSuchLesson {
            name: name.to_string(),
            lessons: files.iter().filter_map(stem).collect(),
        })
}

/// What is kept of one lesson between runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// Pages seen (the furthest page reached).
    pub seen: usize,
    /// Its score.
    pub score: Score,
    /// The page the learner was last on, 1-based as the window numbers it (0: none
    /// kept, as in a progress file written before pages were).
    #[serde(default)]
    pub page: usize,
    /// The pages whose question was answered (1-based: `"3": true`), with whether the
    /// first answer was right; the score counts each once. A file written before this
    /// was kept has none: its score stays as it was, and each page's first answer from
    /// then on counts once.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub answered: BTreeMap<usize, bool>,
}

/// Everything kept between runs, by lesson file name. Fields added after the first
/// version default, so that an older progress file still loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Per lesson.
    pub lessons: BTreeMap<String, LessonProgress>,
    /// The lesson the learner was last in (its file name): K resumes it, at its page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
    /// Whether the learner dismissed the first start's offer of the lessons.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub welcome_dismissed: bool,
}

impl Progress {
    /// Whether this is a first start: no lesson opened yet and the offer of the
    /// lessons not dismissed.
    pub fn first_start(&self) -> bool {
        self.lessons.is_empty() && !self.welcome_dismissed
    }

    /// The lesson to resume among `files` and its page (0-based): the last lesson the
    /// learner was in, at the page they were on; none when no lesson was kept as the
    /// last or its file is gone.
    pub fn resume_point(&self, files: &[PathBuf]) -> Option<(PathBuf, usize)> {
        let last = self.last.as_deref()?;
        let path = files
            .iter()
            .find(|p| p.file_name().is_some_and(|f| f.to_string_lossy() == last))?;
        let page = self
            .lessons
            .get(last)
            .map_or(0, |l| l.page.saturating_sub(1));
        Some((path.clone(), page))
    }
}

/// The storage key progress is kept under (a file name on the desktop).
pub const PROGRESS_KEY: &str = "progress.json";

/// The progress kept so far (empty when there is none or it cannot be read).
pub fn load_progress() -> Progress {
    platform::storage_get(PROGRESS_KEY)
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// Keeps a lesson's pages seen, score and page shown, and that it is the last lesson
/// the learner was in (atomically; a failure loses nothing else).
pub fn record_progress(lesson: &LessonState) {
    let mut progress = load_progress();
    progress.lessons.insert(
        lesson.name.clone(),
        LessonProgress {
            seen: lesson.seen,
            score: lesson.score,
            page: lesson.page + 1,
            answered: lesson.answered.clone(),
        },
    );
    progress.last = Some(lesson.name.clone());
    save_progress(&progress);
}

/// Keeps that the learner dismissed the first start's offer of the lessons.
pub fn dismiss_welcome() {
    let mut progress = load_progress();
    progress.welcome_dismissed = true;
    save_progress(&progress);
}

/// Writes `progress` (atomically); a failure is logged.
fn save_progress(progress: &Progress) {
    let text = serde_json::to_string_pretty(progress).unwrap_or_default();
    if let Err(e) = platform::storage_set(PROGRESS_KEY, &text) {
        platform::log_error(&format!("progress not saved: {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A progress file written before the last lesson and its page were kept still
    /// loads: nothing is resumed, every lesson's score and pages seen are there.
    #[test]
    fn an_older_progress_file_loads_and_resumes_nothing() {
        let old = r#"{"lessons": {"04-epa.ron": {"seen": 3, "score": {"right": 1, "wrong": 2}}}}"#;
        let progress: Progress = serde_json::from_str(old).unwrap();
        let kept = &progress.lessons["04-epa.ron"];
        assert_eq!((kept.seen, kept.page), (3, 0));
        assert_eq!((kept.score.right, kept.score.wrong), (1, 2));
        assert_eq!(progress.last, None);
        assert!(!progress.first_start(), "a lesson was opened before");
        let files = [PathBuf::from("scenes/lessons/04-epa.ron")];
        assert_eq!(progress.resume_point(&files), None);
    }

    #[test]
    fn the_last_lesson_resumes_at_its_page_while_its_file_exists() {
        let text = r#"{"lessons": {"04-epa.ron": {"seen": 3, "score": {"right": 0, "wrong": 0},
            "page": 3}}, "last": "04-epa.ron"}"#;
        let progress: Progress = serde_json::from_str(text).unwrap();
        let files = [
            PathBuf::from("l/03-distance.ron"),
            PathBuf::from("l/04-epa.ron"),
        ];
        assert_eq!(
            progress.resume_point(&files),
            Some((PathBuf::from("l/04-epa.ron"), 2))
        );
        assert_eq!(progress.resume_point(&files[..1]), None, "file gone");
        assert!(Progress::default().first_start());
    }
}
