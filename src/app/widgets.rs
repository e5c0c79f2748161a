//! The panels' shared widgets, knowing no mode and no app state: the pseudo-code with
//! its line highlighted, the legend, colour swatches. Each mode's panel
//! (`pair/panel.rs`, `many/panel.rs`), the lessons' and the frame's build on them.

use super::glossary::{self, Entry};
use super::i18n::tr;
use egui_macroquad::egui::{self, Color32, RichText};
use gjk_lab_core::algorithms::Algorithm;
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
    // The modes hand the core's English title; an algorithm's shows in the language
    // shown.
    let title = Algorithm::ALL
        .into_iter()
        .find(|a| a.title() == title)
        .map_or_else(|| title.to_string(), super::panels::algorithm_title);
    ui.label(RichText::new(tr!("widgets-pseudo-code", title = title)).strong());
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
pub fn legend(ui: &mut egui::Ui, id: &str, entries: &[Entry]) {
    ui.label(RichText::new(tr!("widgets-legend")).strong())
        .on_hover_text(tr!("widgets-legend-hover"));
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([10.0, 3.0])
        .show(ui, |ui| {
            for (k, entry) in entries.iter().enumerate() {
                let response = swatch(ui, entry.color, &super::legend::shown(entry.text));
                if let Some(term) = entry.term {
                    let (name, text) = glossary::explain(term);
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
