//! The narration in both languages: on every preset (both ways round) and every seed's
//! version, each step of each converted algorithm says the same numbers in English
//! and in Chinese, in the same order, and its Chinese is not its English.
//!
//! Numbers reach a message already formatted (`num`, `vec2`), so the only way to break
//! this is a message that drops, repeats or reorders a value, or one that formats a
//! number itself. The list [`CONVERTED`] grows as visualisers are converted.

use super::{trace, Item, Step};
use crate::app::i18n::tests::english_run;
use crate::app::i18n::{self, Lang};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::scene::Scene;
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::Shape;
use std::path::Path;

/// The algorithms whose visualisers speak both languages.
const CONVERTED: &[Algorithm] = &[
    Algorithm::Gjk,
    Algorithm::Distance,
    Algorithm::Epa,
    Algorithm::Sat,
    Algorithm::SatObb,
    Algorithm::Clip,
    Algorithm::CirclePolygon,
    Algorithm::EllipsePolygon,
    Algorithm::PolygonDistance,
    Algorithm::FaceSeparation,
    Algorithm::BoxBox,
    Algorithm::PseudoEpa,
    Algorithm::Discrete,
    Algorithm::SubStepping,
    Algorithm::ShapeCast,
    Algorithm::SatCast,
    Algorithm::ConservativeAdvancement,
    Algorithm::TimeOfImpact,
];

/// The numeric tokens of a text, in order: "−1.25", "0.0003", "3.2e-6", "12" (a
/// true minus or a hyphen right before the digits is part of the number; "w3" gives
/// "3": names count too).
fn numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = vec![];
    let mut k = 0;
    while k < chars.len() {
        if !chars[k].is_ascii_digit() {
            k += 1;
            continue;
        }
        let mut token = String::new();
        if k > 0 && matches!(chars[k - 1], '−' | '-') {
            token.push('−');
        }
        while k < chars.len() && chars[k].is_ascii_digit() {
            token.push(chars[k]);
            k += 1;
        }
        let digit_at = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
        if k < chars.len() && chars[k] == '.' && digit_at(k + 1) {
            token.push('.');
            k += 1;
            while k < chars.len() && chars[k].is_ascii_digit() {
                token.push(chars[k]);
                k += 1;
            }
        }
        if k < chars.len() && matches!(chars[k], 'e' | 'E') {
            let sign = chars
                .get(k + 1)
                .is_some_and(|c| matches!(c, '-' | '+' | '−'));
            let exponent_at = if sign { k + 2 } else { k + 1 };
            if digit_at(exponent_at) {
                token.push('e');
                if sign {
                    token.push(chars[k + 1]);
                }
                k = exponent_at;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    token.push(chars[k]);
                    k += 1;
                }
            }
        }
        out.push(token);
    }
    out
}

/// The steps of a run, step 0 first, in `lang` (set on this thread, then English again).
fn steps_in(lang: Lang, run: &dyn Fn() -> Vec<Step>) -> Vec<Step> {
    i18n::set_lang(lang);
    let steps = run();
    i18n::set_lang(Lang::En);
    steps
}

/// What differs between a run's English and Chinese steps (`at` names the run).
fn compare(at: &str, run: &dyn Fn() -> Vec<Step>) -> Vec<String> {
    let en = steps_in(Lang::En, run);
    let zh = steps_in(Lang::Zh, run);
    if en.len() != zh.len() {
        return vec![format!(
            "{at}: {} English steps, {} Chinese",
            en.len(),
            zh.len()
        )];
    }
    let mut problems = vec![];
    for (k, (e, z)) in en.iter().zip(&zh).enumerate() {
        for (what, english, chinese) in [
            ("title", &e.title, &z.title),
            ("narration", &e.narration, &z.narration),
        ] {
            let place = format!("{at}, step {k}, {what}");
            if numbers(english) != numbers(chinese) {
                problems.push(format!(
                    "{place}: numbers {:?} in English, {:?} in Chinese\n  en: {english}\n  zh: {chinese}",
                    numbers(english),
                    numbers(chinese)
                ));
            }
            if english == chinese {
                problems.push(format!("{place}: the Chinese is the English: {chinese}"));
            }
            if let Some(run) = english_run(chinese) {
                problems.push(format!(
                    "{place}: English in the Chinese, \"{run}\": {chinese}"
                ));
            }
            // Fluent writes an unknown variable or message as braces or its id.
            if chinese.contains('{') || english.contains('{') {
                problems.push(format!(
                    "{place}: a value is missing: {english} / {chinese}"
                ));
            }
        }
        for item in &z.items {
            if let Item::Notice(text) = item {
                if let Some(run) = english_run(text) {
                    problems.push(format!(
                        "{at}, step {k}, notice: English in the Chinese, \"{run}\": {text}"
                    ));
                }
            }
        }
        if e.line != z.line || e.items.len() != z.items.len() || e.claims != z.claims {
            problems.push(format!(
                "{at}, step {k}: the languages draw different things"
            ));
        }
    }
    problems
}

#[test]
fn numbers_are_read_as_the_narration_writes_them() {
    assert_eq!(
        numbers("d = (1.50, −2.00), w3, 3.2e-6 rad, 12 points; A − B, −0.25"),
        ["1.50", "−2.00", "3", "3.2e-6", "12", "−0.25"]
    );
    assert_eq!(numbers("e.d = 0.0003."), ["0.0003"]);
    assert_eq!(numbers("1e-9"), ["1e-9"]);
}

#[test]
fn every_step_says_the_same_numbers_in_both_languages() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let presets = crate::app::state::scene_files(&dir);
    assert!(presets.len() >= 8, "presets in {}", dir.display());
    let mut problems = vec![];
    let mut steps = 0;
    for path in &presets {
        let scene = Scene::load(path).unwrap_or_else(|e| panic!("{e}"));
        let (a, b) = (scene.view.a.unwrap_or(0), scene.view.b.unwrap_or(1));
        let (a, b): (&Shape, &Shape) = (&scene.shapes[a].shape, &scene.shapes[b].shape);
        for &algorithm in CONVERTED {
            let v = super::visualizer(algorithm);
            for (first, second, order) in [(a, b, "A, B"), (b, a, "B, A")] {
                let at = format!("{} {algorithm:?} ({order})", path.display());
                let run = || trace(v, first, second);
                steps += run().len();
                problems.extend(compare(&at, &run));
                // A low cap: the runs that stop before they decide.
                let capped = Settings {
                    max_iterations: Some(2),
                    ..Settings::default()
                };
                let run = || {
                    let mut steps = vec![super::intro_step(v)];
                    steps.extend(
                        v.configured_steps(first, second, None, &capped)
                            .unwrap_or_default(),
                    );
                    steps
                };
                problems.extend(compare(&format!("{at} (cap 2)"), &run));
            }
        }
    }
    assert!(steps > 500, "only {steps} steps compared");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_seed_version_says_the_same_numbers_in_both_languages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = vec![];
    for &variant in Variant::ALL {
        let algorithm = variant.algorithm();
        if !CONVERTED.contains(&algorithm) {
            continue;
        }
        let v = super::visualizer(algorithm);
        for &preset in Variant::ALL {
            let path = root.join(preset.preset());
            let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
            let (a, b) = (scene.view.a.unwrap_or(0), scene.view.b.unwrap_or(1));
            let (a, b) = (&scene.shapes[a].shape, &scene.shapes[b].shape);
            for (first, second) in [(a, b), (b, a)] {
                let at = format!("{} {algorithm:?} ({})", path.display(), variant.name());
                let run = || {
                    let mut steps = vec![super::intro_step(v)];
                    steps.extend(
                        v.configured_steps(first, second, Some(variant), &Settings::default())
                            .unwrap_or_default(),
                    );
                    steps
                };
                problems.extend(compare(&at, &run));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
