//! The trace report in both languages: in English the window's lines are byte for
//! byte the core's (what `gjk-lab check` prints), so the two cannot drift; in Chinese
//! every line is translated, carries the same numbers in the same order, and leaves
//! no value's place unfilled — over every message with its values marked, every
//! cause, every stage, and the reports of gjk-lab's own traces on every preset,
//! agreeing, cut at a stage, and broken in many ways (a number changed, a line
//! dropped or doubled, a field missing, a file cut short).

use super::render;
use crate::app::i18n::{self, Lang};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::check::text::{variables, ENGLISH};
use gjk_lab_core::check::{self, stage, Cause, Text};
use gjk_lab_core::scene::Scene;
use serde_json::{json, Value};
use std::path::Path;

/// `text` rendered in `lang`.
fn render_in(lang: Lang, text: &Text) -> String {
    i18n::set_lang(lang);
    let out = render(text);
    i18n::set_lang(Lang::En);
    out
}

/// The runs of ASCII digits in `s`, in order.
fn numbers(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether `s` has words of English (three Latin letters in a row) outside its
/// values, as the window's own test of untranslated texts counts them.
fn has_words(template: &str) -> bool {
    crate::app::i18n::tests::without_placeables(template)
        .split(|c: char| !c.is_ascii_lowercase())
        .any(|w| w.len() >= 3)
}

/// A place of a value Fluent left unfilled (`{$name}`).
fn unfilled(s: &str) -> bool {
    s.contains("{$") || s.contains("{ $")
}

/// Checks one sentence: English as the core writes it, Chinese translated with the
/// same numbers and nothing unfilled. `what` names it in a failure.
fn check_sentence(text: &Text, what: &str, problems: &mut Vec<String>) {
    let core = text.to_string();
    let en = render_in(Lang::En, text);
    let zh = render_in(Lang::Zh, text);
    if en != core {
        problems.push(format!(
            "{what}: English differs\n  core: {core:?}\n  app:  {en:?}"
        ));
    }
    if unfilled(&en) || unfilled(&zh) {
        problems.push(format!("{what}: a value left unfilled: {zh:?}"));
    }
    if numbers(&zh) != numbers(&core) {
        problems.push(format!(
            "{what}: other numbers in Chinese\n  en: {core:?}\n  zh: {zh:?}"
        ));
    }
    if has_words(text.template()) && zh == core {
        problems.push(format!("{what}: not translated: {zh:?}"));
    }
}

fn assert_none(problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Every message the checker writes, its values marked (`«name»`): in both languages,
/// with the values it names and no other, English byte for byte the core's.
#[test]
fn every_sentence_of_the_checker_is_in_both_languages_with_its_values() {
    let mut problems = vec![];
    for (id, template) in ENGLISH {
        let mut text = Text::new(id);
        for name in variables(template) {
            text = text.arg(name, format!("«{name}»"));
        }
        check_sentence(&text, id, &mut problems);
        for lang in Lang::ALL {
            let shown = render_in(lang, &text);
            for name in variables(template) {
                if !shown.contains(&format!("«{name}»")) {
                    problems.push(format!("{id} ({}): no value {name}", lang.code()));
                }
            }
            if shown == *id {
                problems.push(format!("{id}: missing in {}", lang.code()));
            }
        }
    }
    assert_none(problems);
}

/// Every cause's sentence and fix, every stage's title and what it does, every
/// rule's name: English the core's, Chinese translated with the same numbers.
#[test]
fn every_cause_stage_and_rule_is_translated() {
    let mut problems = vec![];
    for cause in Cause::ALL {
        assert_eq!(cause.explain_text().to_string(), cause.explain());
        assert_eq!(cause.fix_text().to_string(), cause.fix());
        check_sentence(&cause.explain_text(), &format!("{cause:?}"), &mut problems);
        check_sentence(
            &cause.fix_text(),
            &format!("{cause:?}'s fix"),
            &mut problems,
        );
    }
    for algorithm in [Algorithm::Gjk, Algorithm::Epa, Algorithm::Sat] {
        for k in 1..=stage::count(algorithm) {
            let title = stage::title_text(algorithm, k);
            assert_eq!(title.to_string(), stage::title(algorithm, k));
            assert_eq!(
                stage::what_text(algorithm, k).to_string(),
                stage::what(algorithm, k)
            );
            let place = format!("{} stage {k}", algorithm.name());
            check_sentence(&title, &place, &mut problems);
            check_sentence(&stage::what_text(algorithm, k), &place, &mut problems);
        }
    }
    for rule in check::RULES {
        let text = check::rule_text(rule);
        assert_eq!(text.to_string(), rule);
        check_sentence(&text, rule, &mut problems);
    }
    assert_none(problems);
}

/// Lines of JSON as a trace file.
fn file_text(lines: &[Value]) -> String {
    lines.iter().map(|l| l.to_string() + "\n").collect()
}

/// gjk-lab's own trace of `algorithm` on the pair, and variants of it: cut at each
/// stage, a number of a step changed, a line dropped or doubled, a field missing,
/// the result line's fields changed, the file cut short.
fn variants(base: &[Value]) -> Vec<String> {
    let mut out = vec![file_text(base)];
    let last = base.len() - 1;
    for i in 0..base.len() {
        let mut v = base.to_vec();
        v.remove(i);
        out.push(file_text(&v));
        let mut v = base.to_vec();
        v.insert(i, base[i].clone());
        out.push(file_text(&v));
        for key in [
            "direction",
            "support",
            "simplex",
            "polytope",
            "edge",
            "axis",
        ] {
            if base[i].get(key).is_some() {
                let mut v = base.to_vec();
                v[i][key] = json!("x");
                out.push(file_text(&v));
            }
        }
        // Every number of the line moved a little, then turned round.
        let mut v = base.to_vec();
        shift_numbers(&mut v[i], &|x| x * 1.05 + 0.3);
        out.push(file_text(&v));
        let mut v = base.to_vec();
        shift_numbers(&mut v[i], &|x| -x);
        out.push(file_text(&v));
    }
    let changes = [
        ("stage", json!(1)),
        ("stage", json!(2)),
        ("stage", json!(3)),
        ("stage", json!(4)),
        ("stage", json!(9)),
        ("touching", json!("apart")),
        ("normal_convention", json!("b_to_a")),
        ("circle_support", json!("core")),
        ("intersects", json!(false)),
        ("intersects", json!(true)),
        ("trace_version", json!(2)),
        ("algorithm", json!("clip")),
        ("depth", json!(0.001)),
        ("distance", json!(99.0)),
        ("normal", json!([0.0, 3.0])),
        ("closest_a", json!([100.0, 1.0])),
    ];
    for (key, value) in changes {
        let mut v = base.to_vec();
        v[last][key] = value;
        out.push(file_text(&v));
        if last > 4 {
            let mut cut = v[..4].to_vec();
            cut.push(v[last].clone());
            out.push(file_text(&cut));
        }
    }
    let whole = file_text(base);
    out.push(whole[..whole.len() / 2].to_string());
    out.push(whole.replacen("0", "NaN", 1));
    out.push(String::new());
    out
}

fn shift_numbers(v: &mut Value, f: &dyn Fn(f64) -> f64) {
    match v {
        Value::Number(n) => *v = json!(f(n.as_f64().unwrap_or_default())),
        Value::Array(a) => a.iter_mut().for_each(|x| shift_numbers(x, f)),
        Value::Object(m) => m.values_mut().for_each(|x| shift_numbers(x, f)),
        _ => {}
    }
}

/// Every report of gjk-lab's own traces and their variants on every preset (its
/// first two shapes), as the window shows it: agrees, diverges (every rule, most
/// causes), stops at a stage, or cannot be read.
#[test]
fn every_report_line_reads_the_same_in_english_and_is_translated() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut problems = vec![];
    let (mut reports, mut errors) = (0, 0);
    let mut rules = std::collections::BTreeSet::new();
    let name = "mine.jsonl";
    for path in crate::app::platform::scene_files(&dir) {
        if path.to_string_lossy().contains("many-shapes-2000") {
            continue;
        }
        let Ok(scene) = Scene::load(&path) else {
            continue;
        };
        let [a, b, ..] = &scene.shapes[..] else {
            continue;
        };
        for algorithm in check::CHECKED {
            let t = gjk_lab_core::trace::trace(algorithm, &a.shape, &b.shape);
            let base: Vec<Value> = t.steps.into_iter().chain([t.result]).collect();
            for text in variants(&base) {
                let lines = match check::read(&text)
                    .and_then(|f| check::check(algorithm, &a.shape, &b.shape, &f))
                {
                    Ok(report) => {
                        reports += 1;
                        if let Some(d) = &report.divergence {
                            rules.insert(d.rule.clone());
                        }
                        let lines = report.lines(name);
                        let joined: String = lines
                            .iter()
                            .enumerate()
                            .map(|(i, l)| format!("{}{l}\n", if i == 0 { "" } else { "  " }))
                            .collect();
                        assert_eq!(joined, report.to_text(name));
                        lines
                    }
                    Err(e) => {
                        errors += 1;
                        vec![check::file_error_text(name, &e)]
                    }
                };
                for line in &lines {
                    let place = format!("{}, {}", path.display(), algorithm.name());
                    check_sentence(line, &place, &mut problems);
                }
            }
        }
        if problems.len() > 20 {
            break;
        }
    }
    assert_none(problems);
    assert!(
        reports > 1000 && errors > 100,
        "{reports} reports, {errors} errors"
    );
    assert!(rules.len() >= 12, "only the rules {rules:?}");
}
