//! What the app tells the world about the state it shows, and opens from a link: the
//! share link of the current state (a lesson's page, or the scene with its view and
//! the preset it came from), the page title ("Lesson 4: EPA — gjk-lab") and the
//! step's words for the page's narration region (a screen reader reads them; they can
//! be selected and copied).

use super::errors::Shown;
use super::platform;
use super::state::App;
use super::{i18n, predict};
use crate::app::i18n::tr;
use gjk_lab_core::link::{self, Shared};
use std::path::{Component, Path};

/// The window's and the page's title after the scene's or lesson's name.
pub const APP_NAME: &str = "gjk-lab";

impl App {
    /// The payload of the current state's share link: the lesson's page when a
    /// lesson is open, else the scene as it would be saved (with the preset it came
    /// from, when it came from one of `scenes/`).
    pub fn share_payload(&self) -> String {
        if let Some(lesson) = &self.lab.lesson {
            return link::encode_lesson(&lesson.name, lesson.page + 1);
        }
        let scene = self.scene_to_save();
        match self.lab.file.path.as_deref().and_then(preset_name) {
            Some(file) => link::encode_from(&scene, &file),
            None => link::encode(&scene),
        }
    }

    /// The share link of the current state (`…#gjk3.…`), cached until the state
    /// changes (the page gets it with every status).
    pub fn share_link(&self) -> String {
        let key = self.share_key();
        let mut cache = self.lab.link_cache.borrow_mut();
        match &*cache {
            Some((k, link)) if *k == key => link.clone(),
            _ => {
                let link = platform::share_link(&self.share_payload());
                *cache = Some((key, link.clone()));
                link
            }
        }
    }

    /// Opens a share link (a whole address, a fragment or the payload): a scene, or
    /// a lesson at its page with its question. On failure the current scene stays
    /// and the error (`link: …`) is shown.
    pub fn open_link(&mut self, text: &str) -> bool {
        match link::open(text) {
            Ok(Shared::Scene { scene, file }) => {
                self.open_shared_scene(*scene, file.as_deref());
                self.lab.succeed(tr!("notice-opened-link"));
                true
            }
            Ok(Shared::Lesson { name, page }) => self.open_lesson_link(&name, page),
            Err(e) => {
                self.lab.fail(e.shown());
                false
            }
        }
    }

    /// Shows a link's scene; it names the preset it came from when this platform has
    /// that preset (F5 goes back to it), but a save still goes to a new file.
    pub fn open_shared_scene(&mut self, scene: gjk_lab_core::scene::Scene, file: Option<&str>) {
        let file = file
            .map(Path::new)
            .filter(|f| preset_name(f).is_some() && platform::is_file(f));
        self.open_scene(scene, file);
        self.lab.file.save_path = "scene.ron".into();
    }

    /// Opens page `page` (1-based) of the lesson file `name` (a lesson link).
    fn open_lesson_link(&mut self, name: &str, page: usize) -> bool {
        // A file name among the lessons, never a path.
        if name.contains(['/', '\\']) {
            self.lab
                .fail(tr!("notice-link-no-lesson", name = format!("{name:?}")));
            return false;
        }
        match super::lessons::progress::find(name) {
            Ok(path) => {
                if !self.open_lesson(&path, page.saturating_sub(1)) {
                    return false;
                }
                self.lab.messages.error = None;
                true
            }
            Err(e) => {
                self.lab.fail(tr!("notice-link-error", error = e.shown()));
                false
            }
        }
    }

    /// A digest of what the share link holds.
    fn share_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.lab
            .lesson
            .as_ref()
            .map(|l| (&l.name, l.page))
            .hash(&mut h);
        self.lab.file.path.hash(&mut h);
        (
            self.lab.revision,
            self.lab.a,
            self.lab.b,
            self.step(),
            self.lab.algorithm.name(),
        )
            .hash(&mut h);
        (self.lab.scene.shapes.len(), &self.lab.scene.title).hash(&mut h);
        let camera = &self.lab.world_camera;
        (camera.center.x.to_bits(), camera.center.y.to_bits()).hash(&mut h);
        camera.zoom.to_bits().hash(&mut h);
        h.finish()
    }

    /// The title of the window and the page: the lesson's or scene's title, else its
    /// file's name, then the app's ("Lesson 4: EPA — gjk-lab").
    pub fn title(&self) -> String {
        let name = self.lab.scene.title.clone().or_else(|| {
            self.lab
                .file
                .path
                .as_deref()
                .and_then(Path::file_stem)
                .map(|s| s.to_string_lossy().into_owned())
        });
        match name {
            Some(name) => format!("{name} — {APP_NAME}"),
            None => APP_NAME.to_string(),
        }
    }

    /// The words of what the views show, for the page's narration region (read out by
    /// a screen reader): the lesson's page, the step's title, narration and
    /// pseudo-code line; and while a question waits its question, its hint, the
    /// candidate chosen from the keyboard, then the reply.
    pub fn narration(&self) -> serde_json::Value {
        let step = self.current();
        let line = step
            .and_then(|s| s.line)
            .and_then(|k| self.lab.algorithm.pseudo_code().get(k))
            .map(|l| l.trim().to_string());
        let question = self.lab.predict.question.as_ref();
        let choice = question.and_then(|q| {
            let k = q.chosen?;
            let count = q.sheet.candidates.len();
            (k < count).then(|| {
                tr!(
                    "narration-choice",
                    k = (k + 1).to_string(),
                    count = count.to_string(),
                    label = predict::candidate_label(&q.sheet, k)
                )
            })
        });
        serde_json::json!({
            "page_text": self.lab.lesson.is_some().then(|| self.page_text()),
            "heading": step.map(|s| tr!(
                "narration-heading",
                title = s.title.as_str(),
                step = self.step().to_string(),
                last = self.step_count().to_string()
            )),
            "text": step.map(|s| s.narration.clone()),
            "code_line": line,
            "question": question.map(|q| i18n::text(&format!("question-{}", q.kind.name()))),
            "hint": question.filter(|q| q.hint).map(|q| tr!(
                "question-hint",
                rule = i18n::text(&format!("rule-{}", q.kind.name()))
            )),
            "choice": choice,
            "reply": self.lab.predict.verdict.as_ref().map(|v| v.text.clone()),
        })
    }
}

/// `scenes/x.ron` for a path inside a `scenes/` folder given relative to the working
/// folder (a preset), else none (the learner's own file: a link does not name it).
fn preset_name(path: &Path) -> Option<String> {
    let parts: Vec<_> = path.components().collect();
    let plain = parts
        .iter()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
    let name = platform::normalized(path);
    (plain && name.starts_with("scenes/")).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::scene::{Format, Scene};
    use std::path::PathBuf;

    #[test]
    fn presets_are_named_and_other_files_are_not() {
        assert_eq!(
            preset_name(Path::new("./scenes/box-box.ron")).as_deref(),
            Some("scenes/box-box.ron")
        );
        assert_eq!(preset_name(Path::new("/home/x/scenes/a.ron")), None);
        assert_eq!(preset_name(Path::new("scenes/../../etc/passwd")), None);
        assert_eq!(preset_name(Path::new("mine.ron")), None);
    }

    #[test]
    fn the_title_names_the_scene() {
        let text = r#"(title: "Two boxes", shapes: [
            (shape: Circle(radius: 1.0), position: (0.0, 0.0)),
            (shape: Circle(radius: 1.0), position: (3.0, 0.0)),
        ])"#;
        let scene = Scene::from_text(text, Format::Ron, None).unwrap();
        let mut app = App::new(scene, Some(PathBuf::from("x.ron")), None, None);
        assert_eq!(app.title(), "Two boxes — gjk-lab");
        app.lab.scene.title = None;
        assert_eq!(app.title(), "x — gjk-lab");
    }
}
