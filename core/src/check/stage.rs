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

use crate::algorithms::Algorithm;
use serde::Serialize;

/// GJK's stages: title, and what the stage's code does.
const GJK: [(&str, &str); 5] = [
    (
        "the support function",
        "support(shape, d), a shape's farthest point along d, and the support point of A − B, s(A, d) − s(B, −d)",
    ),
    (
        "the first direction and the \"passed the origin?\" test",
        "any first direction that is not zero, the direction −A after the first point A, and w·d < 0: the support point did not pass the origin, so the shapes are apart",
    ),
    (
        "the segment case",
        "with A the newest point of segment AB, the direction (AB × AO) × AB: perpendicular to AB, towards the origin (the triple product)",
    ),
    (
        "the triangle case",
        "with A the newest point of triangle ABC: beyond AB (AB⊥·AO > 0) keep A and B, beyond AC keep A and C, else the origin is inside: intersecting (the Voronoi regions)",
    ),
    (
        "termination",
        "stop when the origin lies on the simplex (a direction of 0: touching) or when the support point is already in the simplex (no progress), or the search cycles forever on touching shapes",
    ),
];

/// EPA's stages.
const EPA: [(&str, &str); 3] = [
    (
        "the closest edge",
        "each edge p→q of the counter-clockwise polytope: its unit outward normal n = (e.y, −e.x)/|e| with e = q − p, and its distance from the origin n·p (from the edge's line, not from a vertex); the closest edge is the one of least distance",
    ),
    (
        "expand",
        "the support point w of A − B along the closest edge's normal, inserted between the edge's two ends (at its index + 1), so the polytope stays convex and counter-clockwise",
    ),
    (
        "stop",
        "stop when w is no farther than the edge, w·n − distance ≤ ε with ε relative to the shapes' size: the depth is the edge's distance and the normal its n (from A towards B); cap the rounds as well",
    ),
];

/// SAT's stages.
const SAT: [(&str, &str); 3] = [
    (
        "the axes",
        "the unit edge normals of both polygons (A's and B's); with a circle, the unit axis from its centre to the other polygon's nearest vertex (two circles: the line through the centres)",
    ),
    (
        "the shadows",
        "each shape's shadow on an axis, the interval [min, max] of v·n over every vertex (a circle: c·n ± r)",
    ),
    (
        "the overlap",
        "the overlap min(a₁ − b₀, b₁ − a₀) of the two shadows: a gap (< 0) on any axis means apart, stop there; else the axis of least overlap gives the depth and the normal, turned to point from A towards B",
    ),
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
    entry(algorithm, stage).0
}

/// What stage `stage`'s code does, in a sentence (clamped like [`title`]).
pub fn what(algorithm: Algorithm, stage: u8) -> &'static str {
    entry(algorithm, stage).1
}

fn entry(algorithm: Algorithm, stage: u8) -> (&'static str, &'static str) {
    let all = stages(algorithm);
    if all.is_empty() {
        return ("", "");
    }
    all[usize::from(stage.clamp(1, count(algorithm))) - 1]
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
pub fn unreached(algorithm: Algorithm, stage: Option<u8>, answered: bool) -> Option<String> {
    if algorithm != Algorithm::Gjk || !answered {
        return None;
    }
    let k = stage.filter(|&k| (2..count(algorithm)).contains(&k))?;
    Some(format!(
        "the run answered before it needed stage {}'s code: this pair does not exercise it, so check the stage on another pair too (two overlapping polygons reach stages 3 and 4; touching ones, stage 5)",
        k + 1
    ))
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
