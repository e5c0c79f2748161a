//! The lessons mode: an ordered path of lessons, each a scene file in
//! `scenes/lessons/` with a `lesson` section (see [`gjk_lab_core::lesson`]). A page shows
//! its algorithm at its step over the scene's shapes — which stay draggable, the
//! page's live numbers following them — and a checkpoint page first asks the learner
//! to predict the next event ([`super::predict`]).
//!
//! What a lesson keeps, and the progress kept between runs: [`progress`].

pub mod figures;
#[cfg(not(target_arch = "wasm32"))]
pub mod listing;
pub mod panel;
pub mod progress;
#[cfg(test)]
mod tests;

use super::errors::Shown;
use super::i18n::tr;
use super::many::Many;
use super::platform;
use super::state::{App, Mode};
use super::visualizers::{num, vec2};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::{fill, Page, PageMode};
use gjk_lab_core::query::query;
use progress::{lesson_files, load_progress, record_progress, root, LessonState, LESSONS_DIR};
use std::path::{Path, PathBuf};

/// What follows a lesson in the lessons' order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum After {
    /// The next lesson's file.
    Next(PathBuf),
    /// Nothing: it is the last lesson.
    End,
    /// It is not one of the lessons in `scenes/lessons/` (a lesson opened by path), or
    /// no lesson is followed.
    Unlisted,
}

impl App {
    /// Opens a lesson file at page `page` (0-based); false (with the error shown) when
    /// it cannot be read or has no lesson section.
    pub fn open_lesson(&mut self, path: &Path, page: usize) -> bool {
        let scene = match platform::load_scene(path) {
            Ok(scene) => scene,
            Err(e) => {
                self.lab.messages.error = Some(e.shown());
                return false;
            }
        };
        let Some(lesson) = scene.lesson.clone() else {
            self.lab.messages.error = Some(tr!(
                "error-no-lesson-section",
                file = path.display().to_string()
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
        self.lab.welcome = false;
        self.lab.lesson = Some(LessonState {
            path: path.to_path_buf(),
            name,
            page: page.min(lesson.pages.len() - 1),
            pages: lesson.pages,
            score: saved.score,
            answered: saved.answered,
            seen: saved.seen,
            shapes: self.lab.scene.shapes.clone(),
            direction: figures::FIRST_DIRECTION,
            trial: None,
        });
        self.apply_page();
        true
    }

    /// Opens the lessons where the learner left them (K, the mode menu, the first
    /// start's offer): the last lesson they were in, at the page they were on; when
    /// none is kept, the first lesson not yet seen to its end (the first lesson when
    /// all are), at page 1.
    pub fn resume_lessons(&mut self) -> bool {
        let files = lesson_files(&root());
        let progress = load_progress();
        if let Some((path, page)) = progress.resume_point(&files) {
            return self.open_lesson(&path, page);
        }
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
                self.lab.messages.error = Some(tr!(
                    "error-no-lessons",
                    folder = root().join(LESSONS_DIR).display().to_string()
                ));
                false
            }
        }
    }

    /// Leaves the lessons mode. The scene stays; a many-shapes page gives way to the
    /// two-shape mode, with the shapes as they were before the page moved them.
    pub fn close_lesson(&mut self) {
        let was_in_lesson = self.lab.lesson.take().is_some();
        self.lab.predict.question = None;
        self.lab.predict.verdict = None;
        if was_in_lesson {
            self.set_mode(Mode::Pair);
        }
    }

    /// Where the lesson being followed stands in the lessons' order.
    pub fn following_lesson(&self) -> After {
        let Some(lesson) = &self.lab.lesson else {
            return After::Unlisted;
        };
        let files = lesson_files(&root());
        let same = |p: &PathBuf| {
            p.file_name()
                .is_some_and(|f| f.to_string_lossy() == lesson.name)
        };
        match files.iter().position(same) {
            Some(i) => files.get(i + 1).cloned().map_or(After::End, After::Next),
            None => After::Unlisted,
        }
    }

    /// The file name of the lesson after the one being followed (`--status`'s
    /// `next_lesson`); none after the last lesson or outside lessons.
    pub fn following_lesson_name(&self) -> Option<String> {
        match self.following_lesson() {
            After::Next(path) => path.file_name().map(|f| f.to_string_lossy().into_owned()),
            After::End | After::Unlisted => None,
        }
    }

    /// Opens the lesson after the one being followed, at page 1; false when there is
    /// none.
    pub fn open_following_lesson(&mut self) -> bool {
        match self.following_lesson() {
            After::Next(path) => self.open_lesson(&path, 0),
            After::End | After::Unlisted => false,
        }
    }

    /// Leaves the lesson for the free lab on the same scene: the lesson file's shapes
    /// in the two-shape mode, with its pair and algorithm (the file's `view`). The
    /// scene is opened without its file and without its pages, so that a save writes
    /// a new file and never over the lesson.
    pub fn open_in_lab(&mut self) -> bool {
        let Some(path) = self.lab.lesson.as_ref().map(|l| l.path.clone()) else {
            return false;
        };
        match platform::load_scene(&path) {
            Ok(mut scene) => {
                scene.lesson = None;
                self.open_scene(scene, None);
                self.set_mode(Mode::Pair);
                self.lab.succeed(crate::app::i18n::tr!("lesson-free-lab"));
                true
            }
            Err(e) => {
                self.lab.fail(e.shown());
                false
            }
        }
    }

    /// Hides the first start's offer of the lessons, for this run and the next ones.
    pub fn dismiss_welcome(&mut self) {
        self.lab.welcome = false;
        progress::dismiss_welcome();
    }

    /// Shows the current page: its algorithm at its step, and its question.
    pub fn apply_page(&mut self) {
        let page = {
            let Some(lesson) = &mut self.lab.lesson else {
                return;
            };
            lesson.seen = lesson.seen.max(lesson.page + 1);
            record_progress(lesson);
            lesson.pages[lesson.page].clone()
        };
        self.lab.predict.question = None;
        self.lab.predict.verdict = None;
        if page.mode == Some(PageMode::Many) {
            self.apply_many_page(&page);
            return;
        }
        self.set_mode(Mode::Pair);
        if let (Some(a), Some(b)) = (
            page.a.or(self.lab.scene.view.a),
            page.b.or(self.lab.scene.view.b),
        ) {
            if (a, b) != (self.lab.a, self.lab.b) {
                (self.lab.a, self.lab.b) = (a, b);
                self.mode.pair_mode_mut().follow_minkowski = true;
                self.rerun();
            }
        }
        let algorithm = page
            .algorithm
            .unwrap_or(self.lab.scene.view.algorithm.unwrap_or(self.lab.algorithm));
        // A lesson teaches gjk-lab's version (its questions are judged by it).
        self.set_variant(None);
        self.set_settings(Default::default());
        self.set_algorithm(algorithm);
        self.go_to(page.step.unwrap_or(0));
        if let Some(kind) = page.checkpoint {
            let question = super::predict::question_of_kind(&*self.situation(), kind);
            self.lab.predict.question = question;
        }
    }

    /// Shows a many-shapes page: the boxes where the lesson file puts them, sweep and
    /// prune's frame `page.frame` at step `page.step`, and its question on the list
    /// just before the swap it asks about. The shapes as they were before the first
    /// many-shapes page come back when the many-shapes mode is left.
    fn apply_many_page(&mut self, page: &Page) {
        let mut shapes = self
            .lab
            .lesson
            .as_ref()
            .map_or_else(|| self.lab.scene.shapes.clone(), |l| l.shapes.clone());
        let mut many = Many::unsorted(&shapes);
        many.sweep_to_frame(&mut shapes, page.frame.unwrap_or(0), page.step.unwrap_or(0));
        self.show_many(many, shapes);
        if let Some(kind) = page.checkpoint {
            let question = super::predict::question_of_kind(&*self.situation(), kind);
            self.lab.predict.question = question;
            if let Some(at) = self.lab.predict.question.as_ref().map(|q| q.asked_at) {
                self.go_to(at);
            }
        }
        self.lab.revision += 1;
    }

    /// The lesson page shown, if a lesson is open.
    pub fn lesson_page(&self) -> Option<&Page> {
        self.lab.lesson.as_ref().and_then(|l| l.pages.get(l.page))
    }

    /// The next page, if any.
    pub fn next_page(&mut self) {
        if let Some(lesson) = &mut self.lab.lesson {
            if lesson.page + 1 < lesson.pages.len() {
                lesson.page += 1;
                self.apply_page();
            }
        }
    }

    /// The previous page, if any.
    pub fn previous_page(&mut self) {
        if let Some(lesson) = &mut self.lab.lesson {
            if lesson.page > 0 {
                lesson.page -= 1;
                self.apply_page();
            }
        }
    }

    /// How to check the learner's own program on the page's pair (`{check}`), for
    /// the algorithm the page shows: GJK in the browser in the code panel; on the
    /// desktop (and for EPA and SAT everywhere), the two commands, with the lesson's
    /// file and the page's pair in them (`gjk-lab world` feeds the starter, `gjk-lab
    /// check` judges its trace), and the button that draws the trace in the window.
    pub fn check_instruction(&self) -> String {
        let algorithm = self.lab.algorithm;
        if platform::HAS_CODE_PANEL && algorithm == Algorithm::Gjk {
            return crate::app::i18n::tr!("lesson-check-browser");
        }
        let starter = match algorithm {
            Algorithm::Epa => "your_epa",
            Algorithm::Sat => "your_sat",
            _ => "your_gjk",
        };
        let file = self.lab.file.path.as_deref().map_or_else(
            || "SCENE".to_string(),
            |p| {
                let relative = std::env::current_dir()
                    .ok()
                    .and_then(|dir| p.strip_prefix(dir).ok().map(Path::to_path_buf));
                let shown = relative.unwrap_or_else(|| p.to_path_buf());
                // "./scenes/…" is said "scenes/…".
                let shown = shown.strip_prefix(".").unwrap_or(&shown).to_path_buf();
                shown.display().to_string()
            },
        );
        let (a, b, key) = (self.lab.a, self.lab.b, algorithm.name());
        use crate::app::i18n::tr;
        let (where_, show) = if platform::HAS_CODE_PANEL {
            (tr!("lesson-check-where-browser"), String::new())
        } else {
            (tr!("lesson-check-where-desktop"), tr!("lesson-check-show"))
        };
        tr!(
            "lesson-check",
            place = where_,
            file = file,
            a = a.to_string(),
            b = b.to_string(),
            starter = starter,
            key = key,
            show = show
        )
    }

    /// Whether the page is about the learner's own code: its text says how to check
    /// it (`{check}`), and the page offers the way to write or show it.
    pub fn page_asks_for_code(&self) -> bool {
        self.lesson_page()
            .is_some_and(|p| p.text.contains("{check}"))
    }

    /// When the pair's shapes first touch over the step (`{toi}`): the time of impact
    /// of gjk-lab's cast, "no time: they do not touch in the step" without a hit.
    fn time_of_impact(&self) -> String {
        let lab = &self.lab;
        let (Some(a), Some(b)) = (lab.scene.shapes.get(lab.a), lab.scene.shapes.get(lab.b)) else {
            return "—".into();
        };
        let (ma, mb) = (a.motion.unwrap_or_default(), b.motion.unwrap_or_default());
        let options = gjk_lab_core::algorithms::cast::CastOptions::default();
        match gjk_lab_core::query::cast::cast(None, &a.shape, ma, &b.shape, mb, &options) {
            Ok(answer) => answer.t.map_or_else(
                || crate::app::i18n::tr!("lesson-no-toi"),
                crate::app::visualizers::cast_time,
            ),
            Err(_) => "—".into(),
        }
    }

    /// The current page's text with its live numbers filled in from the shapes as
    /// they are now.
    pub fn page_text(&self) -> String {
        let Some(lesson) = &self.lab.lesson else {
            return String::new();
        };
        let page = &lesson.pages[lesson.page];
        let chinese = crate::app::i18n::lang() == crate::app::i18n::Lang::Zh;
        let text = match &page.zh {
            Some(zh) if chinese => zh,
            _ => &page.text,
        };
        let pair = self.lab.has_pair().then(|| {
            let (a, b) = (
                &self.lab.scene.shapes[self.lab.a],
                &self.lab.scene.shapes[self.lab.b],
            );
            (
                super::i18n::shape_name(a, self.lab.a),
                super::i18n::shape_name(b, self.lab.b),
                query(&a.shape, &b.shape),
            )
        });
        let filled = fill(text, |name| match (name, &pair) {
            ("A", Some((a, _, _))) => a.clone(),
            ("B", Some((_, b, _))) => b.clone(),
            ("distance", Some((_, _, q))) => num(q.distance),
            ("depth", Some((_, _, q))) => num(q.depth),
            ("normal", Some((_, _, q))) => q.normal.map_or("—".into(), vec2),
            ("relation", Some((_, _, q))) => {
                if q.intersects {
                    crate::app::i18n::tr!("lesson-relation-overlap")
                } else {
                    crate::app::i18n::tr!("lesson-relation-apart")
                }
            }
            ("steps", _) => self.step_count().to_string(),
            ("toi", _) => self.time_of_impact(),
            ("check", _) => self.check_instruction(),
            ("d" | "support_a" | "support_b" | "support" | "region", _) => {
                figures::placeholder(self, name).unwrap_or_else(|| "—".into())
            }
            ("swaps", _) => self
                .many()
                .map_or("—".into(), |m| m.shown_stats().swaps.to_string()),
            ("frame", _) => self
                .many()
                .and_then(|m| m.sweep.as_ref())
                .map_or("—".into(), |t| t.frame.to_string()),
            _ => "—".into(),
        });
        match chinese {
            true => super::i18n::typeset(&filled),
            false => filled,
        }
    }
}
