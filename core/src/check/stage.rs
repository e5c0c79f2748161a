//! Writing an algorithm stage by stage (`examples/your-gjk`): GJK in five stages, EPA
//! and SAT in three each; what each stage adds, and what `check` says when a trace
//! written up to a stage agrees — the next stage to write.
//!
//! A trace that stops at a stage says so with `"stage": N` on its result line (or
//! `gjk-lab check --stage N`). Below the last stage the check judges what the trace
//! has and ends at the first case only a later stage handles:
//!
//! - GJK: stage 1 only its support points; stages 2 to 4 every step, a verdict if it
//!   gives one; the cases only stage 5, termination, handles end the check (a search
//!   along a zero direction, a simplex through the origin, a support point the search
//!   already had).
//! - EPA: stage 1 the first closest edge; stage 2 every closest edge and expansion,
//!   up to a support point already in the polytope (stopping there is stage 3's);
//!   stage 3 the depth and the normal as well.
//! - SAT: stage 1 the axes (all of them: the run does not stop early); stage 2 their
//!   shadows; stage 3 the overlaps, the verdict, the depth and the normal.
//!
//! The titles are short and stable: lesson pages name the stages by them
//! ([`title`]).

use super::text::{english, text, Text};
use crate::algorithms::Algorithm;
use serde::Serialize;

/// The message ids of each algorithm's stages ([`super::text::ENGLISH`]): the title,
/// and what the stage's code does.
const GJK: [(&str, &str); 5] = [
    ("check-stage-gjk-1-title", "check-stage-gjk-1-what"),
    ("check-stage-gjk-2-title", "check-stage-gjk-2-what"),
    ("check-stage-gjk-3-title", "check-stage-gjk-3-what"),
    ("check-stage-gjk-4-title", "check-stage-gjk-4-what"),
    ("check-stage-gjk-5-title", "check-stage-gjk-5-what"),
];

/// EPA's stages.
const EPA: [(&str, &str); 3] = [
    ("check-stage-epa-1-title", "check-stage-epa-1-what"),
    ("check-stage-epa-2-title", "check-stage-epa-2-what"),
    ("check-stage-epa-3-title", "check-stage-epa-3-what"),
];

/// SAT's stages.
const SAT: [(&str, &str); 3] = [
    ("check-stage-sat-1-title", "check-stage-sat-1-what"),
    ("check-stage-sat-2-title", "check-stage-sat-2-what"),
    ("check-stage-sat-3-title", "check-stage-sat-3-what"),
];

/// The stages of `algorithm` (empty for one not written stage by stage).
fn stages(algorithm: Algorithm) -> &'static [(&'static str, &'static str)] {
    match algorithm {
        Algorithm::Gjk => &GJK,
        Algorithm::Epa => &EPA,
        Algorithm::Sat => &SAT,
        _ => &[],
    }
}

/// How many stages writing `algorithm` takes: GJK 5, EPA 3, SAT 3; 0 for an
/// algorithm not written stage by stage.
pub fn count(algorithm: Algorithm) -> u8 {
    stages(algorithm).len() as u8
}

/// The algorithm a trace names (`algorithm` on its result line), when it is one
/// written stage by stage.
pub fn algorithm_named(name: &str) -> Option<Algorithm> {
    [Algorithm::Gjk, Algorithm::Epa, Algorithm::Sat]
        .into_iter()
        .find(|a| a.name() == name)
}

/// The stage's title, short and stable ("the segment case", "the closest edge",
/// "the shadows"); `stage` from 1 to [`count`] (clamped), "" for an algorithm not
/// written stage by stage.
pub fn title(algorithm: Algorithm, stage: u8) -> &'static str {
    entry(algorithm, stage).map_or("", |(t, _)| english(t))
}

/// What stage `stage`'s code does, in a sentence (clamped like [`title`]).
pub fn what(algorithm: Algorithm, stage: u8) -> &'static str {
    entry(algorithm, stage).map_or("", |(_, w)| english(w))
}

/// [`title`] as a sentence a window can show in its language.
pub fn title_text(algorithm: Algorithm, stage: u8) -> Text {
    entry(algorithm, stage).map_or_else(|| text!("check-report-whole"), |(t, _)| Text::new(t))
}

/// [`what`] as a sentence a window can show in its language.
pub fn what_text(algorithm: Algorithm, stage: u8) -> Text {
    entry(algorithm, stage).map_or_else(|| text!("check-report-whole"), |(_, w)| Text::new(w))
}

/// The message ids of stage `stage` (clamped), `None` for an algorithm not written
/// stage by stage.
fn entry(algorithm: Algorithm, stage: u8) -> Option<(&'static str, &'static str)> {
    let all = stages(algorithm);
    if all.is_empty() {
        return None;
    }
    Some(all[usize::from(stage.clamp(1, count(algorithm))) - 1])
}

/// The stage to write next, when a trace written up to a stage agrees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NextStage {
    /// Its number.
    pub stage: u8,
    /// Its title.
    pub title: &'static str,
    /// What its code does.
    pub what: &'static str,
}

/// The stage after `stage` of `algorithm`, `None` after the last.
pub fn next(algorithm: Algorithm, stage: u8) -> Option<NextStage> {
    (stage < count(algorithm)).then(|| NextStage {
        stage: stage + 1,
        title: title(algorithm, stage + 1),
        what: what(algorithm, stage + 1),
    })
}

/// When a GJK trace stopped at `stage` (`None`: the whole algorithm) answered anyway
/// (`answered`: the run decided before it needed the next stage's code), a note that
/// this pair does not exercise it.
pub fn unreached(algorithm: Algorithm, stage: Option<u8>, answered: bool) -> Option<Text> {
    if algorithm != Algorithm::Gjk || !answered {
        return None;
    }
    let k = stage.filter(|&k| (2..count(algorithm)).contains(&k))?;
    Some(text!("check-note-unreached", k = (k + 1).to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_algorithm_has_its_stages_with_short_titles() {
        assert_eq!(
            [
                Algorithm::Gjk,
                Algorithm::Epa,
                Algorithm::Sat,
                Algorithm::Clip
            ]
            .map(count),
            [5, 3, 3, 0]
        );
        assert_eq!(title(Algorithm::Epa, 1), "the closest edge");
        assert_eq!(title(Algorithm::Sat, 2), "the shadows");
        assert_eq!(title(Algorithm::Gjk, 9), "termination");
        assert_eq!(title(Algorithm::Clip, 1), "");
        for a in [Algorithm::Gjk, Algorithm::Epa, Algorithm::Sat] {
            for k in 1..=count(a) {
                assert!(title(a, k).len() <= 60, "{a:?} {k}");
                assert!(!what(a, k).is_empty());
            }
            assert_eq!(next(a, count(a)), None);
            assert_eq!(next(a, 1).map(|n| n.stage), Some(2));
            assert_eq!(algorithm_named(a.name()), Some(a));
        }
        assert_eq!(algorithm_named("distance"), None);
    }
}
