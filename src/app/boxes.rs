//! Boxes of the Explain tab that read or change the app, shared by the frame's panels
//! and the lessons' page: the scene's introduction, and the question waiting for a
//! click with the last verdict and the score.

use super::state::App;
use crate::app::controls::{self, Tap};
use egui_macroquad::egui::{self, Color32, RichText};

/// The scene's title and description (what the preset is there to show), at the top
/// of the Explain tab; a click folds the description away.
pub fn scene_intro(ui: &mut egui::Ui, app: &App) {
    let title = app.lab.scene.title.as_deref().unwrap_or("Scene");
    let Some(description) = &app.lab.scene.description else {
        ui.label(RichText::new(format!("Scene: {title}")).size(15.0));
        return;
    };
    let header = format!("Scene: {title}");
    egui::CollapsingHeader::new(RichText::new(&header).size(15.0))
        .id_salt("scene-intro")
        .default_open(true)
        .show(ui, |ui| {
            ui.label(
                RichText::new(description)
                    .size(15.0)
                    .color(Color32::from_gray(205)),
            );
        })
        .header_response
        .tap(&header);
}

/// Whether the question box has something to show: a lesson (its score), a waiting
/// question, a verdict, or the Predict toggle on.
pub fn question_box_shown(app: &App) -> bool {
    let predict = &app.lab.predict;
    app.lab.lesson.is_some()
        || predict.question.is_some()
        || predict.verdict.is_some()
        || predict.on
}

/// The question waiting for a click, the last verdict, and the score. The panels pin
/// it above their scrolling text, so that the question, its hint and the reply are in
/// sight whatever the learner scrolled to (their places go to the status's `rects`).
pub fn question_box(ui: &mut egui::Ui, app: &mut App) {
    if let Some(q) = app.lab.predict.question.clone() {
        let frame = egui::Frame::new()
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
                    let hint = ui.add(
                        egui::Label::new(
                            RichText::new(format!("Hint: {}.", q.kind.rule()))
                                .size(16.0)
                                .italics()
                                .color(Color32::from_rgb(235, 225, 190)),
                        )
                        .wrap(),
                    );
                    controls::place("hint", ui, hint.rect);
                }
                ui.horizontal(|ui| {
                    if !q.hint
                        && ui
                            .button("Hint")
                            .tap("Hint")
                            .on_hover_text("The rule that decides it, not the answer")
                            .clicked()
                    {
                        app.show_hint();
                    }
                    if ui
                        .button("Show me")
                        .tap("Show me")
                        .on_hover_text("Reveal without answering")
                        .clicked()
                    {
                        app.reveal();
                    }
                });
            });
        controls::place("question", ui, frame.response.rect);
    }
    if let Some(v) = &app.lab.predict.verdict {
        let color = if v.right {
            Color32::from_rgb(120, 230, 130)
        } else {
            Color32::from_rgb(255, 140, 120)
        };
        let reply = ui.add(egui::Label::new(RichText::new(&v.text).size(17.0).color(color)).wrap());
        controls::place("reply", ui, reply.rect);
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
    let score = app
        .lab
        .lesson
        .as_ref()
        .map_or(app.lab.predict.score, |l| l.score);
    if app.lab.lesson.is_some() || app.lab.predict.on {
        ui.label(format!(
            "Score: {} right, {} wrong",
            score.right, score.wrong
        ));
    }
}
