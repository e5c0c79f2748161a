//! The pseudo-code's messages: one per line of every algorithm's code (and sweep and
//! prune's), the English the core's line, the Chinese indented as it is.

use super::{code_name, pseudo_line, SAP};
use crate::app::i18n::{self, text_in, Lang};
use gjk_lab_core::algorithms::{sap, Algorithm};

/// Every pseudo-code the window shows, with the name its messages use.
fn codes() -> Vec<(&'static str, &'static [&'static str])> {
    let mut codes: Vec<_> = Algorithm::ALL
        .into_iter()
        .map(|a| (a.name(), a.pseudo_code()))
        .collect();
    codes.push((SAP, sap::PSEUDO_CODE));
    codes
}

/// The English line is the core's line (the command line and the status show the
/// core's), as `the_english_questions_are_the_cores` checks the questions.
#[test]
fn the_english_pseudo_code_is_the_cores() {
    i18n::set_lang(Lang::En);
    for (name, lines) in codes() {
        assert!(!lines.is_empty(), "{name} has no pseudo-code");
        for (k, line) in lines.iter().enumerate() {
            let id = format!("pseudo-{name}-{}", k + 1);
            assert_eq!(
                text_in(Lang::En, &id, None),
                line.trim_start_matches(' '),
                "{id}"
            );
            assert_eq!(pseudo_line(Some(name), lines, k), *line, "{id}");
        }
        // No message for a line the core does not have.
        let past = format!("pseudo-{name}-{}", lines.len() + 1);
        assert_eq!(text_in(Lang::En, &past, None), past, "{past} is left over");
    }
}

/// Every line has its Chinese, indented as the core's line, with the code's symbols
/// kept (its arrows stay where the English has them).
#[test]
fn every_pseudo_code_line_is_in_chinese_and_indented() {
    i18n::set_lang(Lang::Zh);
    for (name, lines) in codes() {
        for (k, line) in lines.iter().enumerate() {
            let id = format!("pseudo-{name}-{}", k + 1);
            let zh = pseudo_line(Some(name), lines, k);
            assert_ne!(zh.trim(), id, "{id} has no Chinese");
            let indent = |s: &str| s.len() - s.trim_start_matches(' ').len();
            assert_eq!(indent(&zh), indent(line), "{id}: {zh:?}");
            assert_eq!(
                zh.matches('←').count(),
                line.matches('←').count(),
                "{id}: {zh:?} against {line:?}"
            );
        }
    }
    i18n::set_lang(Lang::En);
}

/// The panels find each code's messages from the title and lines they hand over.
#[test]
fn each_code_is_found_by_its_title_and_lines() {
    for algorithm in Algorithm::ALL {
        assert_eq!(
            code_name(algorithm.title(), algorithm.pseudo_code()),
            Some(algorithm.name()),
            "{}",
            algorithm.title()
        );
    }
    assert_eq!(code_name("sweep and prune", sap::PSEUDO_CODE), Some(SAP));
    assert_eq!(code_name("mine", &["a line of no code"]), None);
    assert_eq!(pseudo_line(None, &["  mine"], 0), "  mine");
}

/// A Chinese line is padded by its width, not its count of characters: a Chinese
/// character is wider than a Latin one in the monospace font.
#[test]
fn lines_are_padded_by_width() {
    assert_eq!(super::padded("loop", 47.0), format!("{:<47}", "loop"));
    let chinese = super::padded("循环", 47.0);
    assert_eq!(chinese.chars().count(), 2 + 44);
}
