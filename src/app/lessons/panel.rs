//! The lessons' part of the Explain tab: the page (title, number, text with live
//! numbers, the way to the next page) and the list of lessons to start from.

use crate::app::state::App;
use crate::app::widgets::question_box;
use egui_macroquad::egui::{self, Color32, RichText};

/// A lesson's page: its title and number, its text with live numbers, its question,
/// and the way to the next page; at the last page, the lesson's summary.
pub fn lesson_box(ui: &mut egui::Ui, app: &mut App) {
    let Some(lesson) = &app.lesson else {
        return;
    };
    let (page, pages, score) = (lesson.page, lesson.pages.len(), lesson.score);
    let title = app
        .scene
        .title
        .clone()
        .unwrap_or_else(|| lesson.name.clone());
    ui.heading(format!("{title} — page {} of {pages}", page + 1));
    ui.add(
        egui::Label::new(
            RichText::new(app.page_text())
                .size(19.0)
                .color(Color32::from_gray(240)),
        )
        .wrap(),
    );
    question_box(ui, app);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(page > 0, egui::Button::new("◀ Previous page"))
            .on_hover_text("Page Up")
            .clicked()
        {
            app.previous_page();
        }
        if ui
            .add_enabled(page + 1 < pages, egui::Button::new("Next page ▶"))
            .on_hover_text("Page Down")
            .clicked()
        {
            app.next_page();
        }
    });
    if page + 1 == pages {
        let asked = score.right + score.wrong;
        ui.label(
            RichText::new(format!(
                "End of the lesson: {} of {asked} predictions right. K leaves the lessons; \
                 the mode menu opens the next one.",
                score.right
            ))
            .color(Color32::from_rgb(160, 200, 255)),
        );
    }
    lesson_list(ui, app);
    ui.separator();
}

/// Every lesson, with the pages seen and the score kept between runs.
pub fn lesson_list(ui: &mut egui::Ui, app: &mut App) {
    let progress = super::progress::load_progress();
    let files = super::progress::lesson_files(&super::progress::root());
    let current = app.lesson.as_ref().map(|l| l.name.clone());
    egui::CollapsingHeader::new("All lessons").show(ui, |ui| {
        for path in files {
            let name = path
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
            let kept = progress.lessons.get(&name).cloned().unwrap_or_default();
            let text = format!(
                "{name}  (seen {} pages; {} right, {} wrong)",
                kept.seen, kept.score.right, kept.score.wrong
            );
            if ui
                .selectable_label(current.as_deref() == Some(name.as_str()), text)
                .clicked()
            {
                app.open_lesson(&path, 0);
            }
        }
    });
}
