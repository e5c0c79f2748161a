//! The Scenes tab's file and link controls: the scene list by title, opening a file
//! (a path on the desktop, the file picker in the browser; a file dropped on the
//! window opens on both), and sharing: "Copy link" and a field to open a pasted link.

use super::errors::Shown;
use super::i18n::{self, tr, Lang};
use super::platform::{self, Stamp};
use super::state::App;
use crate::app::controls::Tap;
use egui_macroquad::egui::{self, Color32, RichText};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What the controls remember between frames.
#[derive(Default)]
pub struct FilesPanel {
    /// The text of the link field.
    pub link: String,
    /// The path field of "Load my trace" (the desktop).
    pub trace_path: String,
    /// Each listed file's titles, English and Chinese, with the file's version they
    /// were read from.
    titles: BTreeMap<PathBuf, (Option<Stamp>, Titles)>,
}

/// A scene file's title in English (its file name when it has none or does not read)
/// and in Chinese (its `title_zh`, when it has one).
#[derive(Clone, Default)]
struct Titles {
    en: String,
    zh: Option<String>,
}

impl FilesPanel {
    /// A scene file's title in the language shown (its `title_zh` in Chinese when it
    /// has one, else its title; its file name when it has none or does not read), read
    /// again only when the file changed.
    pub fn title(&mut self, path: &Path) -> String {
        let titles = self.titles_of(path);
        match (i18n::lang(), titles.zh) {
            (Lang::Zh, Some(zh)) => zh,
            _ => titles.en,
        }
    }

    /// A scene file's title in English (the controls' tap ids are English).
    pub fn english_title(&mut self, path: &Path) -> String {
        self.titles_of(path).en
    }

    /// A scene file's titles, read again only when the file changed.
    fn titles_of(&mut self, path: &Path) -> Titles {
        let stamp = platform::modified(path);
        if let Some((seen, titles)) = self.titles.get(path) {
            if *seen == stamp {
                return titles.clone();
            }
        }
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let scene = platform::load_scene(path).ok();
        let titles = Titles {
            en: scene.as_ref().and_then(|s| s.title.clone()).unwrap_or(name),
            zh: scene.and_then(|s| s.title_zh),
        };
        self.titles
            .insert(path.to_path_buf(), (stamp, titles.clone()));
        titles
    }

    /// One row per scene file: its title, then its file name in grey; a click opens it
    /// (a lesson file opens as the lesson).
    pub fn list(&mut self, ui: &mut egui::Ui, app: &mut App, files: &[PathBuf], lessons: bool) {
        for path in files {
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let title = self.title(path);
            let current = app.lab.file.path.as_deref() == Some(path.as_path());
            // Shown in the language shown; tapped by its English label.
            let label = format!("{}   ({name})", self.english_title(path));
            let text = RichText::new(format!("{title}   ({name})"));
            if ui.selectable_label(current, text).tap(&label).clicked() {
                if lessons {
                    app.open_lesson(path, 0);
                } else {
                    app.load(path);
                }
            }
        }
    }

    /// "Open file…" (the browser's picker) or a path to open (the desktop), and the
    /// share controls; sets `typing` while a text field has the keyboard.
    pub fn open_and_share(&mut self, ui: &mut egui::Ui, app: &mut App, typing: &mut bool) {
        ui.heading(tr!("files-open-and-share"));
        ui.horizontal(|ui| {
            if platform::HAS_FILE_PICKER {
                open_file_button(ui);
            } else if ui
                .button(tr!("files-open"))
                .tap("Open")
                .on_hover_text(tr!("files-open-hover"))
                .clicked()
            {
                let path = PathBuf::from(app.lab.file.save_path.trim());
                app.load(&path);
            }
            ui.label(RichText::new(tr!("files-or-drop")).color(Color32::from_gray(170)));
        });
        ui.horizontal(|ui| {
            ui.label(tr!("files-share"));
            self.copy_link_button(ui, app);
            if !platform::IN_BROWSER
                && ui
                    .button(tr!("files-paste-link"))
                    .tap("Paste link")
                    .on_hover_text(tr!("files-paste-link-hover"))
                    .clicked()
            {
                if let Some(text) = platform::paste_text() {
                    self.link = text;
                    app.open_link(&self.link);
                }
            }
        });
        ui.horizontal(|ui| {
            let field = egui::TextEdit::singleline(&mut self.link)
                .hint_text(tr!("files-link-hint"))
                .desired_width(300.0);
            let response = ui.add(field).tap("link");
            *typing |= response.has_focus();
            let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button(tr!("files-open-link")).tap("Open link").clicked() || entered {
                app.open_link(&self.link);
            }
        });
    }

    /// "Load my trace": your own implementation's trace (docs/trace-format.md), checked
    /// on the pair shown — the browser's file picker, or a path on the desktop (a
    /// `.jsonl` file dropped on the window loads too).
    pub fn my_trace(&mut self, ui: &mut egui::Ui, app: &mut App, typing: &mut bool) {
        ui.heading(tr!("files-my-trace-heading"));
        ui.label(RichText::new(tr!("files-my-trace-about")).color(Color32::from_gray(170)));
        ui.horizontal(|ui| {
            if platform::HAS_FILE_PICKER {
                if ui
                    .button(tr!("files-load-my-trace-picker"))
                    .tap("Load my trace…")
                    .on_hover_text(tr!("files-load-my-trace-picker-hover"))
                    .clicked()
                {
                    platform::pick_file();
                }
            } else {
                let field = egui::TextEdit::singleline(&mut self.trace_path)
                    .hint_text("mine.jsonl")
                    .desired_width(220.0);
                let response = ui.add(field).tap("trace file");
                *typing |= response.has_focus();
                let entered =
                    response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui
                    .button(tr!("files-load-my-trace"))
                    .tap("Load my trace")
                    .clicked()
                    || entered
                {
                    app.load_my_trace(&PathBuf::from(self.trace_path.trim()));
                }
            }
            let pair = app.mode.pair_mode_mut();
            if pair.my_trace.is_some() && ui.button(tr!("files-unload")).tap("Unload").clicked() {
                pair.my_trace = None;
            }
        });
        if platform::HAS_CODE_PANEL
            && ui
                .button(tr!("files-write-your-own"))
                .tap("Write your own GJK here…")
                .on_hover_text(tr!("files-write-your-own-hover"))
                .clicked()
        {
            platform::open_code_panel();
        }
    }

    /// "Copy link": the share link of the case shown to the clipboard.
    pub fn copy_link_button(&mut self, ui: &mut egui::Ui, app: &mut App) {
        if ui
            .button(tr!("files-copy-link"))
            .tap("Copy link")
            .on_hover_text(tr!("files-copy-link-hover"))
            .clicked()
        {
            self.copy_link(app);
        }
    }

    /// Copies the share link, shows it in the field (and in the page address).
    fn copy_link(&mut self, app: &mut App) {
        let link = app.share_link();
        platform::show_link(gjk_lab_core::link::payload(&link));
        match platform::copy_text(&link) {
            Ok(()) => app
                .lab
                .succeed(tr!("files-link-copied", count = link.len())),
            Err(e) => app
                .lab
                .fail(tr!("files-link-not-copied", error = e.shown())),
        }
        self.link = link;
    }
}

/// "Open file…": the browser's file picker (nothing where there is none: the desktop
/// opens paths, from the Scenes tab).
pub fn open_file_button(ui: &mut egui::Ui) {
    if platform::HAS_FILE_PICKER
        && ui
            .button(tr!("files-open-file"))
            .tap("Open file…")
            .on_hover_text(tr!("files-open-file-hover"))
            .clicked()
    {
        platform::pick_file();
    }
}

#[cfg(test)]
mod tests {
    use super::FilesPanel;
    use crate::app::i18n::{self, Lang};
    use crate::app::lessons::progress::{lesson_files, root};

    /// In Chinese a file is listed by its `title_zh` (the tap ids keep the English).
    #[test]
    fn a_title_shows_in_the_language_shown() {
        let gjk = lesson_files(&root())
            .into_iter()
            .find(|p| p.ends_with("02-gjk.ron"))
            .expect("lesson 2");
        let mut files = FilesPanel::default();
        i18n::set_lang(Lang::Zh);
        let zh = files.title(&gjk);
        let en = files.english_title(&gjk);
        i18n::set_lang(Lang::En);
        assert_eq!(zh, "第 2 课：GJK");
        assert_eq!(en, "Lesson 2: GJK");
        assert_eq!(files.title(&gjk), "Lesson 2: GJK");
    }
}
