//! The panels' shared widgets, knowing no mode and no app state: the pseudo-code with
//! its line highlighted, the legend, colour swatches. Each mode's panel
//! (`pair/panel.rs`, `many/panel.rs`), the lessons' and the frame's build on them.

use super::glossary::{self, Entry};
use super::i18n::{self, tr};
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

/// Pseudo-code with the current line highlighted, in the language shown: `lines` are
/// the core's (an algorithm's [`Algorithm::pseudo_code`], or sweep and prune's), each
/// shown as its message ([`pseudo_line`]); `title` is the core's English title.
pub fn pseudo_code(ui: &mut egui::Ui, title: &str, lines: &[&str], current: Option<usize>) {
    let name = code_name(title, lines);
    // The modes hand the core's English title; an algorithm's shows in the language
    // shown, and so does sweep and prune's.
    let title = match Algorithm::ALL.into_iter().find(|a| a.title() == title) {
        Some(algorithm) => super::i18n::algorithm_title(algorithm),
        None if name == Some(SAP) => tr!("pseudo-code-title-sap"),
        None => title.to_string(),
    };
    ui.label(RichText::new(tr!("widgets-pseudo-code", title = title)).strong());
    // A line longer than the panel is wide scrolls into view, never cut.
    egui::ScrollArea::horizontal()
        .id_salt("pseudo-code")
        .show(ui, |ui| code_lines(ui, name, lines, current));
}

/// The lines of [`pseudo_code`], the current one highlighted.
fn code_lines(ui: &mut egui::Ui, name: Option<&str>, lines: &[&str], current: Option<usize>) {
    for i in 0..lines.len() {
        let line = padded(&pseudo_line(name, lines, i), CODE_COLUMNS);
        let text = RichText::new(line).monospace().size(15.0);
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

/// The name sweep and prune's pseudo-code has in its messages' ids (`pseudo-sap-N`).
pub const SAP: &str = "sap";

/// The columns a pseudo-code line is padded to, so that the highlight of the current
/// line is as wide as the others' (47 of the monospace font's Latin characters).
const CODE_COLUMNS: f32 = 47.0;

/// How many of the monospace font's Latin characters a Chinese character (or a
/// full-width punctuation mark) is as wide as: the Chinese font's advance is one em,
/// Hack's 1233/2048 of one.
const WIDE_COLUMNS: f32 = 2048.0 / 1233.0;

/// The name in the ids of the messages of pseudo-code `lines` (`pseudo-NAME-N`): the
/// name of the algorithm titled `title` when those are its lines (the discrete check
/// and sub-stepping share theirs), else of the first algorithm with those lines, or
/// [`SAP`] for sweep and prune's; `None` for lines no message holds.
pub fn code_name(title: &str, lines: &[&str]) -> Option<&'static str> {
    let titled = Algorithm::ALL
        .into_iter()
        .find(|a| a.title() == title && a.pseudo_code() == lines);
    titled
        .or_else(|| {
            Algorithm::ALL
                .into_iter()
                .find(|a| a.pseudo_code() == lines)
        })
        .map(|a| a.name())
        .or_else(|| (lines == gjk_lab_core::algorithms::sap::PSEUDO_CODE).then_some(SAP))
}

/// Line `k` (from 0) of pseudo-code `lines` in the language shown: message
/// `pseudo-NAME-N` (`N = k + 1`, `NAME` from [`code_name`]), indented by the core's
/// line's leading spaces (the messages hold none); the core's line itself when `name`
/// is `None`. In English it is the core's line.
pub fn pseudo_line(name: Option<&str>, lines: &[&str], k: usize) -> String {
    let line = lines.get(k).copied().unwrap_or_default();
    let Some(name) = name else {
        return line.to_string();
    };
    let words = line.trim_start_matches(' ');
    let indent = &line[..line.len() - words.len()];
    format!(
        "{indent}{}",
        i18n::text(&format!("pseudo-{name}-{}", k + 1))
    )
}

/// `line` padded with spaces to about `columns` of the monospace font's Latin
/// characters, a Chinese character counting as [`WIDE_COLUMNS`] (an English line is
/// padded as `format!("{line:<47}")` pads it).
fn padded(line: &str, columns: f32) -> String {
    let width: f32 = line
        .chars()
        .map(|c| if is_wide(c) { WIDE_COLUMNS } else { 1.0 })
        .sum();
    let pad = (columns - width).round().max(0.0) as usize;
    format!("{line}{}", " ".repeat(pad))
}

/// Whether the monospace family draws `c` with the Chinese font, one em wide (CJK
/// characters and full-width punctuation).
fn is_wide(c: char) -> bool {
    c >= '\u{2E80}'
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
                let response = swatch(ui, entry.color, &super::glossary::shown(entry.text));
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

#[cfg(test)]
mod tests;
