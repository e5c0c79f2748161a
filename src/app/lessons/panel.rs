//! The lessons' part of the Explain tab: the page (title, number, text with live
//! numbers, the way to the next page), at a lesson's end what the learner now knows
//! and where to go next, the list of lessons by title, and the first start's offer of
//! the lessons.

use super::After;
use crate::app::controls::{self, Tap};
use crate::app::files_panel::FilesPanel;
use crate::app::i18n::{self, tr};
use crate::app::platform;
use crate::app::state::App;
use egui_macroquad::egui::{self, Color32, RichText};
use gjk_lab_core::algorithms::Algorithm;
use std::path::Path;

/// The colour of the lesson's own remarks (its end, the offer of the lessons).
const REMARK: Color32 = Color32::from_rgb(160, 200, 255);

/// A lesson's page: its title and number, its text with live numbers, its question,
/// and the way to the next page; at the last page, the lesson's end. `files` reads the
/// lessons' titles.
pub fn lesson_box(ui: &mut egui::Ui, app: &mut App, files: &mut FilesPanel) {
    let Some(lesson) = &app.lab.lesson else {
        return;
    };
    let (page, pages) = (lesson.page, lesson.pages.len());
    let chinese = i18n::lang() == i18n::Lang::Zh;
    let title = app
        .lab
        .scene
        .title_in(chinese)
        .map_or_else(|| lesson.name.clone(), str::to_string);
    ui.heading(tr!(
        "lesson-page-heading",
        title = title,
        page = page + 1,
        pages = pages
    ));
    let text = ui.add(
        egui::Label::new(
            RichText::new(app.page_text())
                .size(19.0)
                .color(Color32::from_gray(240)),
        )
        .wrap(),
    );
    controls::place("page_text", ui, text.rect);
    if app.page_asks_for_code() {
        code_button(ui, app);
    }
    if page + 1 == pages {
        lesson_end(ui, app, files);
    }
    lesson_list(ui, app, files);
    ui.separator();
}

/// On a page about the learner's own code: in the browser, the way to the code panel
/// (GJK's pages);
/// on the desktop, the way to draw their trace (`mine.jsonl`, the file the page's
/// commands write) over gjk-lab's run, read again whenever it changes.
fn code_button(ui: &mut egui::Ui, app: &mut App) {
    if platform::HAS_CODE_PANEL {
        // The code panel writes GJK; EPA's and SAT's pages give the commands.
        if app.lab.algorithm != Algorithm::Gjk {
            return;
        }
        if ui
            .button(tr!("lesson-code-panel"))
            .tap("Write it here: the code panel")
            .clicked()
        {
            platform::open_code_panel();
        }
    } else if ui
        .button(tr!("lesson-show-mine"))
        .tap("Show mine.jsonl")
        .on_hover_text(tr!("lesson-show-mine-hover"))
        .clicked()
    {
        app.load_my_trace(Path::new(MY_TRACE));
    }
}

/// The trace file the code pages' commands write, in the working folder.
const MY_TRACE: &str = "mine.jsonl";

/// The way through a lesson's pages, pinned with the question above the panel's
/// scrolling text (the page's text scrolls under it; Next page stays in sight).
pub fn page_buttons(ui: &mut egui::Ui, app: &mut App) {
    let Some(lesson) = &app.lab.lesson else {
        return;
    };
    let (page, pages) = (lesson.page, lesson.pages.len());
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(page > 0, egui::Button::new(tr!("lesson-previous-page")))
            .tap("◀ Previous page")
            .on_hover_text(tr!("lesson-page-up"))
            .clicked()
        {
            app.previous_page();
        }
        if ui
            .add_enabled(page + 1 < pages, egui::Button::new(tr!("lesson-next-page")))
            .tap("Next page ▶")
            .on_hover_text(tr!("lesson-page-down"))
            .clicked()
        {
            app.next_page();
        }
    });
}

/// The end of a lesson: the score, "what you now know", the next lesson (or that
/// this was the last), and the way to the free lab on the same scene.
fn lesson_end(ui: &mut egui::Ui, app: &mut App, files: &mut FilesPanel) {
    let Some(lesson) = &app.lab.lesson else {
        return;
    };
    let score = lesson.score;
    let chinese = i18n::lang() == i18n::Lang::Zh;
    let summary = app
        .lab
        .scene
        .lesson
        .as_ref()
        .map(|l| match chinese && !l.summary_zh.is_empty() {
            true => l.summary_zh.iter().map(|s| i18n::typeset(s)).collect(),
            false => l.summary.clone(),
        })
        .unwrap_or_default();
    ui.add_space(4.0);
    ui.label(
        RichText::new(tr!(
            "lesson-end",
            right = score.right,
            total = score.right + score.wrong
        ))
        .color(REMARK),
    );
    if !summary.is_empty() {
        ui.label(RichText::new(tr!("lesson-now-know")).strong());
        for line in &summary {
            ui.add(egui::Label::new(format!("• {line}")).wrap());
        }
    }
    ui.horizontal_wrapped(|ui| {
        match app.following_lesson() {
            After::Next(path) => {
                let next = files.title(&path);
                let english = files.english_title(&path);
                if ui
                    .button(tr!("lesson-next-lesson", title = next))
                    .tap(&format!("Next lesson: {english} ▶"))
                    .on_hover_text(tr!("lesson-opens-at-one"))
                    .clicked()
                {
                    app.open_following_lesson();
                }
            }
            After::End => {
                ui.label(RichText::new(tr!("lesson-last")).color(REMARK));
            }
            After::Unlisted => {}
        }
        if ui
            .button(tr!("lesson-open-in-lab"))
            .tap("Open in the lab")
            .on_hover_text(tr!("lesson-open-in-lab-hover"))
            .clicked()
        {
            app.open_in_lab();
        }
    });
}

/// Every lesson by its title, with the pages seen and the score kept between runs; a
/// click opens it at page 1.
pub fn lesson_list(ui: &mut egui::Ui, app: &mut App, files: &mut FilesPanel) {
    let current = app.lab.lesson.as_ref().map(|l| l.name.clone());
    let all = egui::CollapsingHeader::new(tr!("lesson-all")).show(ui, |ui| {
        let progress = super::progress::load_progress();
        for path in super::progress::lesson_files(&super::progress::root()) {
            let name = path
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
            let kept = progress.lessons.get(&name).cloned().unwrap_or_default();
            let text = tr!(
                "lesson-list-entry",
                title = files.title(&path),
                seen = kept.seen,
                right = kept.score.right,
                wrong = kept.score.wrong
            );
            // Its place in the status keeps the English entry, in either language.
            let tap = format!(
                "{}  (seen {} pages; {} right, {} wrong)",
                files.english_title(&path),
                kept.seen,
                kept.score.right,
                kept.score.wrong
            );
            if ui
                .selectable_label(current.as_deref() == Some(name.as_str()), text.as_str())
                .tap(&tap)
                .on_hover_text(name.as_str())
                .clicked()
            {
                app.open_lesson(&path, 0);
            }
        }
    });
    all.header_response.tap("All lessons");
}

/// The first start's offer of the lessons, in one line (the panel's width at these
/// sizes): a button that starts them and a small × that dismisses the offer for good.
pub fn welcome_box(ui: &mut egui::Ui, app: &mut App) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 6.0;
        ui.label(
            RichText::new(tr!("lesson-welcome"))
                .size(15.5)
                .color(REMARK),
        );
        if ui
            .button(RichText::new(tr!("lesson-start")).size(16.0))
            .tap("Start the lessons")
            .on_hover_text(tr!("lesson-start-hover"))
            .clicked()
        {
            app.resume_lessons();
        }
        if ui
            .small_button("×")
            .tap("×")
            .on_hover_text(tr!("lesson-dismiss-hover"))
            .clicked()
        {
            app.dismiss_welcome();
        }
    });
    ui.separator();
}
