//! The panels' shared widgets: the pseudo-code with its line highlighted, the legend,
//! colour swatches, the scene's title and description. Each mode's panel
//! (`pair/panel.rs`, `many/panel.rs`) and the lessons' build on them.

use super::legend;
use super::state::App;
use egui_macroquad::egui::{self, Color32, RichText};
use macroquad::color::Color;

/// Width of the right panel.
pub const SIDE_WIDTH: f32 = 470.0;

/// A macroquad colour as an egui colour.
pub fn color32(c: Color) -> Color32 {
    let [r, g, b, a]: [u8; 4] = c.into();
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// Pseudo-code with the current line highlighted.
pub fn pseudo_code(ui: &mut egui::Ui, title: &str, lines: &[&str], current: Option<usize>) {
    ui.label(RichText::new(format!("Pseudo-code: {title}")).strong());
    for (i, line) in lines.iter().enumerate() {
        let text = RichText::new(format!("{line:<47}")).monospace().size(15.0);
        let text = if current == Some(i) {
            text.background_color(Color32::from_rgb(250, 215, 80))
                .color(Color32::BLACK)
                .strong()
        } else {
            text.color(Color32::from_gray(200))
        };
        ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
    }
}

/// The legend of what the views draw now, in two columns; an entry that uses a term
/// of the glossary shows its meaning on hover.
pub fn legend(ui: &mut egui::Ui, id: &str, entries: &[legend::Entry]) {
    ui.label(RichText::new("Legend").strong())
        .on_hover_text("Only what the current step draws. Hover an entry for the word it uses; all words are in the Help tab's Glossary.");
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([10.0, 3.0])
        .show(ui, |ui| {
            for (k, entry) in entries.iter().enumerate() {
                let response = swatch(ui, entry.color, entry.text);
                if let Some(term) = entry.term {
                    let (name, text) = legend::explain(term);
                    response.on_hover_text(format!("{name}: {text}"));
                }
                if k % 2 == 1 {
                    ui.end_row();
                }
            }
        });
}

/// A coloured square and its meaning; the response covers both (for hover text).
pub fn swatch(ui: &mut egui::Ui, color: Color, meaning: &str) -> egui::Response {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        let opaque = Color::new(color.r, color.g, color.b, color.a.max(0.6));
        ui.painter().rect_filled(rect, 3.0, color32(opaque));
        ui.label(RichText::new(meaning).size(15.0));
    })
    .response
}

/// The scene's title and description (what the preset is there to show), at the top
/// of the Explain tab; a click folds the description away.
pub fn scene_intro(ui: &mut egui::Ui, app: &App) {
    let title = app.scene.title.as_deref().unwrap_or("Scene");
    let Some(description) = &app.scene.description else {
        ui.label(RichText::new(format!("Scene: {title}")).size(15.0));
        return;
    };
    egui::CollapsingHeader::new(RichText::new(format!("Scene: {title}")).size(15.0))
        .id_salt("scene-intro")
        .default_open(true)
        .show(ui, |ui| {
            ui.label(
                RichText::new(description)
                    .size(15.0)
                    .color(Color32::from_gray(205)),
            );
        });
}

/// The question waiting for a click, the last verdict, and the score.
pub fn question_box(ui: &mut egui::Ui, app: &mut App) {
    if let Some(q) = app.question {
        egui::Frame::new()
            .fill(Color32::from_rgb(60, 52, 20))
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.add(
                    egui::Label::new(
                        RichText::new(q.kind.question())
                            .size(18.0)
                            .color(Color32::from_rgb(255, 220, 120)),
                    )
                    .wrap(),
                );
                if q.hint {
                    ui.add(
                        egui::Label::new(
                            RichText::new(format!("Hint: {}.", q.kind.rule()))
                                .size(16.0)
                                .italics()
                                .color(Color32::from_rgb(235, 225, 190)),
                        )
                        .wrap(),
                    );
                }
                ui.horizontal(|ui| {
                    if !q.hint
                        && ui
                            .button("Hint")
                            .on_hover_text("The rule that decides it, not the answer")
                            .clicked()
                    {
                        app.show_hint();
                    }
                    if ui
                        .button("Show me")
                        .on_hover_text("Reveal without answering")
                        .clicked()
                    {
                        app.reveal();
                    }
                });
            });
    }
    if let Some(v) = &app.verdict {
        let color = if v.right {
            Color32::from_rgb(120, 230, 130)
        } else {
            Color32::from_rgb(255, 140, 120)
        };
        ui.add(egui::Label::new(RichText::new(&v.text).size(17.0).color(color)).wrap());
        let list = v.sheet.as_ref().is_some_and(|s| {
            s.candidates
                .first()
                .is_some_and(|c| c.space == gjk_lab_core::lesson::checkpoint::Space::List)
        });
        if v.sheet.is_some() && !list {
            ui.label(
                RichText::new("Every candidate's number is drawn beside its marker.")
                    .size(14.0)
                    .color(Color32::GRAY),
            );
        }
    }
    let score = app.lesson.as_ref().map_or(app.score, |l| l.score);
    if app.lesson.is_some() || app.predict {
        ui.label(format!(
            "Score: {} right, {} wrong",
            score.right, score.wrong
        ));
    }
}
