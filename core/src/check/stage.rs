//! Writing GJK stage by stage (`examples/your-gjk`): the five stages, what each one
//! adds, and what `check` says when a trace written up to a stage agrees — the next
//! stage to write.
//!
//! A trace that stops at a stage says so with `"stage": N` on its result line (or
//! `gjk-lab check --stage N`). Below the last stage the check judges what the trace
//! has — stage 1 only its support points; stages 2 to 4 every step, a verdict if it
//! gives one — and ends at the first case only stage 5, termination, handles (a
//! search along a zero direction, a simplex through the origin, a support point the
//! search already had).

use super::read::{TraceFile, STAGES};
use serde::Serialize;

/// The stages: title, and what the stage's code does.
const STAGE: [(&str, &str); STAGES as usize] = [
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

/// The stage's title ("the segment case"); `stage` from 1 to [`STAGES`].
pub fn title(stage: u8) -> &'static str {
    STAGE[usize::from(stage.clamp(1, STAGES)) - 1].0
}

/// What stage `stage`'s code does, in a sentence.
pub fn what(stage: u8) -> &'static str {
    STAGE[usize::from(stage.clamp(1, STAGES)) - 1].1
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

/// The stage after `stage`, `None` after the last.
pub fn next(stage: u8) -> Option<NextStage> {
    (stage < STAGES).then(|| NextStage {
        stage: stage + 1,
        title: title(stage + 1),
        what: what(stage + 1),
    })
}

/// When a trace stopped at a stage answered anyway (the run decided before it
/// needed the next stage's code), a note that this pair does not exercise it.
pub fn unreached(file: &TraceFile) -> Option<String> {
    let k = file.stage.filter(|&k| (2..STAGES).contains(&k))?;
    let answered = file
        .result
        .value
        .get("intersects")
        .is_some_and(|v| v.is_boolean());
    answered.then(|| {
        format!(
            "the run answered before it needed stage {}'s code: this pair does not exercise it, so check the stage on another pair too (two overlapping polygons reach stages 3 and 4; touching ones, stage 5)",
            k + 1
        )
    })
}
