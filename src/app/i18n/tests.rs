//! The texts' own tests: every file parses, both languages have the same messages
//! with the same values, every message the sources ask for exists, and the Chinese is
//! Chinese (not an English text left untranslated).

use super::{format_in, text_in, Lang, FILES};
use fluent_bundle::FluentResource;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every message (and term) of a language: id → the variables it uses.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = BTreeMap::new();
    for (code, file, text) in FILES {
        if *code != lang.code() {
            continue;
        }
        let resource = FluentResource::try_new(text.to_string())
            .unwrap_or_else(|(_, e)| panic!("locales/{code}/{file}: {e:?}"));
        for entry in resource.entries() {
            let (id, variables) = match entry {
                ast::Entry::Message(m) => (m.id.name.to_string(), message_variables(m)),
                ast::Entry::Term(t) => (format!("-{}", t.id.name), pattern_variables(&t.value)),
                _ => continue,
            };
            let again = all.insert(id.clone(), variables);
            assert!(
                again.is_none(),
                "locales/{code}/{file}: {id} is defined twice"
            );
        }
    }
    all
}

fn message_variables(m: &ast::Message<&str>) -> BTreeSet<String> {
    let mut vars = BTreeSet::new();
    if let Some(p) = &m.value {
        vars.extend(pattern_variables(p));
    }
    for a in &m.attributes {
        vars.extend(pattern_variables(&a.value));
    }
    vars
}

fn pattern_variables(p: &ast::Pattern<&str>) -> BTreeSet<String> {
    let mut vars = BTreeSet::new();
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, &mut vars);
        }
    }
    vars
}

fn expression_variables(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, vars);
            for v in variants {
                vars.extend(pattern_variables(&v.value));
            }
        }
        ast::Expression::Inline(i) => inline_variables(i, vars),
    }
}

fn inline_variables(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, vars),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for p in &arguments.positional {
                inline_variables(p, vars);
            }
        }
        _ => {}
    }
}

#[test]
fn every_file_parses_and_has_its_twin() {
    assert!(!FILES.is_empty(), "build.rs found no .ftl file");
    for (code, file, text) in FILES {
        if let Err((_, errors)) = FluentResource::try_new(text.to_string()) {
            panic!("locales/{code}/{file} does not parse: {errors:?}");
        }
        let other = if *code == "en" { "zh" } else { "en" };
        assert!(
            FILES.iter().any(|(c, f, _)| *c == other && f == file),
            "locales/{code}/{file} has no locales/{other}/{file}"
        );
    }
}

#[test]
fn both_languages_have_the_same_messages_with_the_same_values() {
    let en = messages(Lang::En);
    let zh = messages(Lang::Zh);
    let mut problems = vec![];
    for (id, vars) in &en {
        match zh.get(id) {
            None => problems.push(format!("{id}: no Chinese")),
            Some(z) if z != vars => {
                problems.push(format!("{id}: English uses {vars:?}, Chinese {z:?}"))
            }
            _ => {}
        }
    }
    for id in zh.keys().filter(|id| !en.contains_key(*id)) {
        problems.push(format!("{id}: Chinese only"));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The ids the sources ask for with `tr!("id"…)`.
fn ids_in_sources() -> BTreeMap<String, String> {
    let mut ids = BTreeMap::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            // (This file names the macro in its scan.)
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("i18n/tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            for (k, _) in text.match_indices("tr!(") {
                // Not in a comment (the docs show the macro).
                let line_start = text[..k].rfind('\n').map_or(0, |n| n + 1);
                if text[line_start..k].trim_start().starts_with("//") {
                    continue;
                }
                let rest = text[k + 4..].trim_start();
                if let Some(rest) = rest.strip_prefix('"') {
                    let id = rest.split('"').next().unwrap_or_default();
                    ids.entry(id.to_string())
                        .or_insert_with(|| path.display().to_string());
                }
            }
        }
    }
    ids
}

#[test]
fn every_message_the_sources_use_exists_in_both_languages() {
    let ids = ids_in_sources();
    assert!(ids.len() >= 10, "the scan found only {} ids", ids.len());
    let mut missing = vec![];
    for (id, file) in &ids {
        for lang in Lang::ALL {
            if format_in(lang, id, None).is_none() {
                missing.push(format!("{file}: {id} missing in {}", lang.code()));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// A Chinese message that reads like its English one word for word has not been
/// translated: any run of three Latin letters outside a value, a name (GJK, EPA, SAT,
/// AABB…) or code is English.
#[test]
fn the_chinese_is_chinese() {
    let en = messages(Lang::En);
    let mut untranslated = vec![];
    for id in en.keys().filter(|id| !id.starts_with('-')) {
        let zh = text_in(Lang::Zh, id, None);
        let english = text_in(Lang::En, id, None);
        // Words outside the values' places (`{$symbol} = {$at}` has none).
        let words = without_placeables(&english);
        let has_words = words
            .split(|c: char| !c.is_ascii_lowercase())
            .any(|w| w.len() >= 3);
        if has_words && zh == english {
            untranslated.push(format!("{id}: {zh:?}"));
        }
    }
    assert!(untranslated.is_empty(), "{}", untranslated.join("\n"));
}

/// The first run of four or more English words in a text, if any. The text is read
/// word by word between spaces: a word is Latin letters only, once the punctuation
/// around it is taken off (two letters at least: "A" and "B" name shapes and neither
/// count nor break a run); anything else — Chinese, a number, a symbol, code or a
/// path such as `examples/your_gjk.py` or `origin_on_simplex` — ends the run. The
/// Chinese names shapes and algorithms with Latin letters ("A − B", "GJK + EPA"),
/// never four words in a row: such a run is a sentence left in English.
pub(crate) fn english_run(text: &str) -> Option<String> {
    let punctuation = |c: char| ",;:!?()\"'“”‘’（），。：；、！？".contains(c);
    let letters = |w: &str| w.chars().all(|c| c.is_ascii_alphabetic());
    let mut run: Vec<&str> = vec![];
    for token in text.split_whitespace() {
        let word = token.trim_matches(punctuation);
        if word.len() == 1 && letters(word) {
            continue;
        }
        if word.len() >= 2 && letters(word) {
            run.push(word);
            if run.len() >= 4 {
                return Some(run.join(" "));
            }
        } else {
            run.clear();
        }
    }
    None
}

#[test]
fn english_runs_are_found_and_names_are_not() {
    assert_eq!(
        english_run("SAT 不适用：SAT does not apply: A is an ellipse"),
        Some("does not apply is".to_string())
    );
    assert_eq!(
        english_run("GJK 在 A − B 上，EPA 的多边形，GJK + EPA 适用。"),
        None
    );
    assert_eq!(english_run("点击切换到 GJK distance。"), None);
    assert_eq!(
        english_run("运行 gjk-lab cast scenes/cast-bullet-wall.ron 或 origin_on_simplex"),
        None
    );
}

/// `text` without its `{…}` places (a missing value shows as `{$name}`).
pub(crate) fn without_placeables(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = (depth - 1).max(0),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

#[test]
fn language_tags_are_read_as_browsers_send_them() {
    assert_eq!(Lang::from_tag("zh-CN"), Some(Lang::Zh));
    assert_eq!(Lang::from_tag("zh-Hans-SG"), Some(Lang::Zh));
    assert_eq!(Lang::from_tag("ZH_tw"), Some(Lang::Zh));
    assert_eq!(Lang::from_tag("en-GB"), Some(Lang::En));
    assert_eq!(Lang::from_tag("zh"), Some(Lang::Zh));
    assert_eq!(Lang::from_tag("fr-FR"), None);
    assert_eq!(Lang::from_tag(""), None);
}

/// The messages asked for by an id made at run time: every question kind has its
/// question and its rule in both languages.
#[test]
fn every_question_has_its_question_and_rule() {
    for kind in gjk_lab_core::lesson::Checkpoint::ALL {
        for family in ["question", "rule"] {
            let id = format!("{family}-{}", kind.name());
            for lang in Lang::ALL {
                assert!(
                    format_in(lang, &id, None).is_some(),
                    "{id} in {}",
                    lang.code()
                );
            }
        }
    }
}

/// The English question and rule say what the core's do (the command line's
/// `lesson --checkpoints` prints the core's): the same words, kept in one place each.
#[test]
fn the_english_questions_are_the_cores() {
    for kind in gjk_lab_core::lesson::Checkpoint::ALL {
        let question = text_in(Lang::En, &format!("question-{}", kind.name()), None);
        assert_eq!(question, kind.question(), "{}", kind.name());
        let rule = text_in(Lang::En, &format!("rule-{}", kind.name()), None);
        assert_eq!(rule, kind.rule(), "{}", kind.name());
    }
}

#[test]
fn chinese_is_set_without_spaces_between_characters_and_with_a_minus_b_whole() {
    use super::typeset;
    let nb = '\u{A0}';
    assert_eq!(
        typeset("在步骤中，A 是 墙，B 是 子弹。"),
        "在步骤中，A 是墙，B 是子弹。"
    );
    assert_eq!(typeset("A 是 crate"), "A 是 crate");
    assert_eq!(
        typeset("GJK 算法 在 A − B 上"),
        format!("GJK 算法在 A{nb}−{nb}B 上")
    );
    assert_eq!(typeset("B − A 是镜像"), format!("B{nb}−{nb}A 是镜像"));
    assert_eq!(typeset(" 墙 "), " 墙 ");
}
