//! Boxes of the Explain tab that read or change the app, shared by the frame's panels
//! and the lessons' page: the scene's introduction, and the question waiting for a
//! click with the last verdict and the score.

use super::i18n::{self, tr};
use super::state::App;
use crate::app::controls::{self, Tap};
use egui_macroquad::egui::{self, Color32, RichText};

/// The scene's title and description (what the preset is there to show), at the top
/// of the Explain tab; a click folds the description away.
pub fn scene_intro(ui: &mut egui::Ui, app: &App) {
    let chinese = i18n::lang() == i18n::Lang::Zh;
    let scene = &app.lab.scene;
    let title = scene
        .title_in(chinese)
        .map_or_else(|| tr!("scene-untitled"), str::to_string);
    let header = tr!("scene-intro", title = title);
    let Some(description) = scene.description_in(chinese).map(i18n::typeset) else {
        ui.label(RichText::new(header).size(15.0));
        return;
    };
    // Its place in the status keeps the English name, in either language.
    let tap = format!("Scene: {}", scene.title.as_deref().unwrap_or("Scene"));
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
        .tap(&tap);
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
                        RichText::new(i18n::text(&format!("question-{}", q.kind.name())))
                            .size(18.0)
                            .color(Color32::from_rgb(255, 220, 120)),
                    )
                    .wrap(),
                );
                if q.hint {
                    let hint = ui.add(
                        egui::Label::new(
                            RichText::new(tr!(
                                "question-hint",
                                rule = i18n::text(&format!("rule-{}", q.kind.name()))
                            ))
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
                            .button(tr!("question-hint-button"))
                            .tap("Hint")
                            .on_hover_text(tr!("question-hint-hover"))
                            .clicked()
                    {
                        app.show_hint();
                    }
                    if ui
                        .button(tr!("question-show-me"))
                        .tap("Show me")
                        .on_hover_text(tr!("question-show-me-hover"))
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
                RichText::new(tr!("question-numbers-drawn"))
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
        ui.label(tr!(
            "question-score",
            right = score.right,
            wrong = score.wrong
        ));
    }
}
