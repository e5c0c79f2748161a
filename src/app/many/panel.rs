//! The many-shapes mode's Explain tab: the stepped sweep (narration, active list,
//! swap counter, pseudo-code), the profiler and its graph of the last frames, and the
//! legend.

use super::{Many, Sample};
use crate::app::i18n::tr;
use crate::app::lab::Lab;
use crate::app::view::draw::palette;
use crate::app::visualizers;
use crate::app::widgets::{color32, pseudo_code, SIDE_WIDTH};
use egui_macroquad::egui::{self, Color32, FontId, RichText};
use macroquad::color::Color;

/// The many-shapes mode's own part of the Explain tab (the panels put the scene's
/// introduction above it and the legend below): the stepped sweep (narration, active
/// list, swap counter, pseudo-code) and the profiler.
pub fn explain(ui: &mut egui::Ui, lab: &Lab, many: &Many) {
    ui.label(RichText::new(tr!("many-intro", shapes = lab.scene.shapes.len())).size(15.0));
    ui.label(
        RichText::new(tr!("many-narrow-phase"))
            .size(15.0)
            .color(Color32::from_gray(170)),
    );
    if let Some(trace) = &many.sweep {
        let step = trace.current();
        ui.heading(tr!(
            "many-step-heading",
            title = step.title.as_str(),
            step = trace.step.to_string(),
            last = trace.last().to_string(),
            frame = trace.frame.to_string()
        ));
        ui.label(
            RichText::new(&step.narration)
                .size(18.0)
                .color(Color32::from_gray(235)),
        );
        let names = visualizers::sweep::box_names(&lab.scene.shapes);
        let ids: Vec<String> = step
            .active
            .iter()
            .map(|&id| names.get(id as usize).cloned().unwrap_or_default())
            .collect();
        ui.label(
            RichText::new(tr!("many-active-list", ids = ids.join(", ")))
                .color(color32(palette::ACTIVE)),
        );
        ui.label(tr!(
            "many-so-far",
            swaps = step.so_far.swaps,
            candidates = step.so_far.candidates,
            pairs = step.so_far.pairs
        ));
        pseudo_code(
            ui,
            "sweep and prune",
            gjk_lab_core::algorithms::sap::PSEUDO_CODE,
            step.line,
        );
    }
    ui.add_space(6.0);
    profiler(ui, many);
}

/// Broad- and narrow-phase time of the last frame, the counts, and a graph of the
/// last frames' times.
fn profiler(ui: &mut egui::Ui, many: &Many) {
    let last = many.last_sample();
    // The counts belong to the frame the narration talks about (the stepped one while
    // stepping); the times are always a running frame's.
    let stats = many.shown_stats();
    ui.label(RichText::new(tr!("many-profiler")).strong());
    egui::Grid::new("profiler")
        .num_columns(4)
        .spacing([14.0, 2.0])
        .show(ui, |ui| {
            ui.label(RichText::new(tr!("many-broad-phase")).color(color32(palette::PAIR)));
            ui.label(format!("{:.3} ms", last.broad_ms));
            ui.label(tr!("many-pairs"));
            ui.label(many.pairs.len().to_string());
            ui.end_row();
            ui.label(RichText::new(tr!("many-narrow-phase-row")).color(color32(palette::CONTACT)));
            ui.label(format!("{:.3} ms", last.narrow_ms));
            ui.label(tr!("many-contacts"));
            ui.label(many.contacts.len().to_string());
            ui.end_row();
            ui.label(tr!("many-swaps"));
            ui.label(stats.swaps.to_string());
            ui.label(tr!("many-candidates"));
            ui.label(stats.candidates.to_string());
            ui.end_row();
        });
    if let Some(trace) = &many.sweep {
        ui.label(
            RichText::new(tr!("many-counts-stepped", frame = trace.frame.to_string()))
                .size(14.0)
                .color(Color32::from_gray(190)),
        );
    }
    if let Some(seconds) = last.after_jump {
        ui.label(
            RichText::new(tr!("many-after-jump", seconds = seconds.to_string()))
                .size(14.0)
                .color(Color32::from_rgb(200, 200, 140)),
        );
    }
    history_graph(ui, &many.history);
}

/// Broad (yellow) and narrow (red) phase time of the last frames, as two lines.
fn history_graph(ui: &mut egui::Ui, history: &std::collections::VecDeque<Sample>) {
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(SIDE_WIDTH - 40.0, 70.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, Color32::from_gray(90)),
        egui::StrokeKind::Inside,
    );
    // A frame after a jump (`--advance`) is not a running frame: leave it out.
    let running: Vec<&Sample> = history.iter().filter(|s| s.after_jump.is_none()).collect();
    let top = running
        .iter()
        .map(|s| s.broad_ms.max(s.narrow_ms))
        .fold(0.1, f64::max);
    let n = super::HISTORY.max(2) as f32;
    let line = |value: fn(&Sample) -> f64, color: Color| {
        let points: Vec<egui::Pos2> = running
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let x = rect.left() + rect.width() * i as f32 / (n - 1.0);
                let y = rect.bottom() - rect.height() * (value(s) / top) as f32;
                egui::pos2(x, y)
            })
            .collect();
        painter.add(egui::Shape::line(
            points,
            egui::Stroke::new(1.5, color32(color)),
        ));
    };
    line(|s| s.broad_ms, palette::PAIR);
    line(|s| s.narrow_ms, palette::CONTACT);
    painter.text(
        rect.left_top() + egui::vec2(4.0, 2.0),
        egui::Align2::LEFT_TOP,
        format!("{top:.2} ms"),
        FontId::proportional(13.0),
        Color32::from_gray(170),
    );
}
