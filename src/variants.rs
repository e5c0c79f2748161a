//! A seed's version beside gjk-lab's: both runs of the same step machine on one pair,
//! as traces, and the first step where they differ — the step where the seed's bug
//! shows (see [`Variant`] for the versions and where each machine consults them).
//!
//! The two runs are the same code up to the seed's line, so every step before it is
//! the same event with the same numbers, bit for bit; the first step whose JSON
//! differs is where the bug first shows.

use crate::algorithms::variant::Variant;
use crate::shapes::Shape;
use crate::trace::{trace_variant_each, Trace};
use serde_json::Value;

/// gjk-lab's run and the seed's run of one algorithm on one pair.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The seed's version.
    pub variant: Variant,
    /// gjk-lab's run.
    pub ours: Trace,
    /// The seed's run.
    pub seeds: Trace,
    /// The first step (0-based) whose event differs, or where one run has ended and
    /// the other has not; `None` when every step and the result agree.
    pub first_difference: Option<usize>,
}

impl Comparison {
    /// Whether the two runs' answers differ (the result lines without their
    /// bookkeeping: `index`, `steps`, `variant`).
    pub fn answers_differ(&self) -> bool {
        answer(&self.ours.result) != answer(&self.seeds.result)
    }
}

/// Runs gjk-lab's machine and the seed's version on `a` and `b` and finds the first
/// step where they differ.
pub fn compare(variant: Variant, a: &Shape, b: &Shape) -> Comparison {
    let algorithm = variant.algorithm();
    let run = |v: Option<Variant>| {
        let mut steps = Vec::new();
        let result = trace_variant_each(algorithm, v, a, b, &mut |s| steps.push(s));
        Trace { steps, result }
    };
    let (ours, seeds) = (run(None), run(Some(variant)));
    let first_difference = first_difference(&ours.steps, &seeds.steps);
    Comparison {
        variant,
        ours,
        seeds,
        first_difference,
    }
}

/// The first index where two lists of steps differ (a step present in one list only
/// counts as a difference). A setting a step states — `tolerance`, pseudo-EPA's
/// stopping tolerance — is not a difference by itself: the first step it changes is.
pub fn first_difference(ours: &[Value], seeds: &[Value]) -> Option<usize> {
    (0..ours.len().max(seeds.len()))
        .find(|&k| ours.get(k).map(computed) != seeds.get(k).map(computed))
}

/// A step without the settings it states.
fn computed(step: &Value) -> Value {
    let mut v = step.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("tolerance");
    }
    v
}

/// A result line without the keys that only count or name the run.
fn answer(result: &Value) -> Value {
    let mut v = result.clone();
    if let Some(o) = v.as_object_mut() {
        for key in ["index", "steps", "variant"] {
            o.remove(key);
        }
    }
    v
}
