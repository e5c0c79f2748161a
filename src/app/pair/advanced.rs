//! The Advanced panel of the two-shape mode: the touch and convergence tolerances,
//! the iteration cap and the precision of the stepped run (see
//! `gjk_lab_core::settings`). The run re-executes as they change; the Explain
//! tab then shows it beside gjk-lab's own run, with the first step where they differ
//! and how it ended.

use super::{PairMode, Request};
use crate::app::controls::Tap;
use crate::app::i18n::tr;
use crate::app::lab::Lab;
use egui_macroquad::egui::{self, Color32, RichText};
use gjk_lab_core::settings::{
    Precision, Settings, DEFAULT_CONVERGENCE, DEFAULT_TOUCH, MAX_CAP, MAX_TOLERANCE,
};

/// The smallest tolerance the sliders reach above 0 (below f64's own precision a
/// tolerance changes nothing).
const SMALLEST_TOLERANCE: f64 = 1e-16;

/// The Advanced section: shown for the algorithms that take settings, outside the
/// lessons (a lesson teaches gjk-lab's own run, and its questions are judged by it).
/// Returns the settings chosen when a knob turned.
pub fn advanced(ui: &mut egui::Ui, lab: &Lab, pair: &PairMode) -> Option<Request> {
    if !lab.algorithm.takes_settings() || lab.lesson.is_some() {
        return None;
    }
    let mut settings = pair.settings;
    let changed = !settings.is_default();
    let title = if changed {
        tr!("advanced-title-changed")
    } else {
        tr!("advanced-title")
    };
    egui::CollapsingHeader::new(RichText::new(title).size(16.0))
        .id_salt("advanced")
        .default_open(changed)
        .show(ui, |ui| controls(ui, lab, &mut settings))
        .header_response
        .tap("Advanced");
    ui.add_space(4.0);
    (settings != pair.settings).then_some(Request::Settings(settings))
}

/// The sliders, the precision and the reset button.
fn controls(ui: &mut egui::Ui, lab: &Lab, settings: &mut Settings) {
    ui.add(egui::Label::new(tr!("advanced-intro")).wrap());
    tolerance(
        ui,
        "Touch tolerance, × the pair's size",
        &tr!("advanced-touch"),
        &mut settings.touch,
        DEFAULT_TOUCH,
    );
    tolerance(
        ui,
        "Convergence tolerance, relative",
        &tr!("advanced-convergence"),
        &mut settings.convergence,
        DEFAULT_CONVERGENCE,
    );
    if let Some(own) = lab.algorithm.own_cap() {
        let mut cap = settings.cap(own);
        ui.label(tr!("advanced-cap", own = own.to_string()));
        ui.add(egui::Slider::new(&mut cap, 1..=MAX_CAP).logarithmic(true))
            .tap("iteration cap");
        settings.max_iterations = (cap != own).then_some(cap);
    }
    ui.label(tr!("advanced-precision"));
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut settings.precision, Precision::F64, "f64")
            .tap("f64");
        ui.radio_value(&mut settings.precision, Precision::F32, tr!("advanced-f32"))
            .tap("f32 (values stored in float)");
    });
    if let Some(warning) = warning(settings) {
        ui.add(
            egui::Label::new(RichText::new(warning).color(Color32::from_rgb(255, 200, 120))).wrap(),
        );
    }
    if ui
        .add_enabled(
            !settings.is_default(),
            egui::Button::new(tr!("advanced-reset")),
        )
        .tap("gjk-lab's settings")
        .clicked()
    {
        *settings = Settings::default();
    }
}

/// A tolerance's slider, from 0 to [`MAX_TOLERANCE`] on a logarithmic scale, under
/// its name and gjk-lab's value (one control a line: the panel stays as narrow as it
/// is, whatever the numbers). `id` is its English name, the slider's id (the tests
/// drag it by that); `label` its name in the language shown.
fn tolerance(ui: &mut egui::Ui, id: &str, label: &str, value: &mut f64, default: f64) {
    ui.label(tr!(
        "advanced-tolerance",
        label = label,
        default = format!("{default:.0e}")
    ));
    ui.add(
        egui::Slider::new(value, 0.0..=MAX_TOLERANCE)
            .logarithmic(true)
            .smallest_positive(SMALLEST_TOLERANCE)
            .custom_formatter(|x, _| format!("{x:.0e}"))
            .custom_parser(|text| text.trim().parse::<f64>().ok()),
    )
    .tap(id);
}

/// What the settings will do that a learner may not expect, if anything.
pub fn warning(settings: &Settings) -> Option<String> {
    let eps = settings.precision.epsilon();
    let below = |x: f64| x > 0.0 && x < eps;
    if settings.precision == Precision::F32 && below(settings.convergence) {
        return Some(tr!(
            "advanced-below-precision",
            tolerance = format!("{:.0e}", settings.convergence),
            epsilon = format!("{eps:.1e}")
        ));
    }
    if settings.touch == 0.0 {
        return Some(tr!("advanced-touch-zero"));
    }
    None
}
