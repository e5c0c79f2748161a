//! A seed's version beside gjk-lab's: both runs of the same step machine on one pair,
//! as traces, and the first step where they differ — the step where the seed's bug
//! shows (see [`Variant`] for the versions and where each machine consults them).
//!
//! The two runs are the same code up to the seed's line, so every step before it is
//! the same event with the same numbers, bit for bit; the first step whose JSON
//! differs is where the bug first shows.

use crate::algorithms::variant::Variant;
use crate::algorithms::Algorithm;
use crate::settings::{Precision, Settings};
use crate::shapes::Shape;
use crate::trace::{trace_run, Ended, Trace};
use serde_json::Value;

/// gjk-lab's run and another run of one algorithm on one pair: a seed's version, or
/// the same machine with other [`Settings`] (or both).
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The seed's version, if the other run is one.
    pub variant: Option<Variant>,
    /// The other run's settings (gjk-lab's own for a seed's version alone).
    pub settings: Settings,
    /// gjk-lab's run.
    pub ours: Trace,
    /// The other run (the seed's, or the one with other settings).
    pub seeds: Trace,
    /// The first step (0-based) whose event differs, or where one run has ended and
    /// the other has not; `None` when every step and the result agree.
    pub first_difference: Option<usize>,
}

impl Comparison {
    /// Where the other run first differs from gjk-lab's, in a sentence: the step (1-
    /// based, as the traces number it), the other run's step and gjk-lab's beside it
    /// (or which run had already ended); `None` when every step agrees.
    pub fn describe_first_difference(&self) -> Option<String> {
        let k = self.first_difference?;
        let who = if self.variant.is_some() {
            "the seed's version"
        } else {
            "the run with these settings"
        };
        // "direction, d = (0, −3)", "done (converged)": the kind, then the numbers.
        let step = |steps: &[Value]| {
            steps.get(k).map(|e| {
                let kind = e["kind"].as_str().unwrap_or("?");
                let words = crate::check::describe_step(e);
                if words.starts_with(kind) {
                    words
                } else {
                    format!("{kind}, {words}")
                }
            })
        };
        Some(match (step(&self.seeds.steps), step(&self.ours.steps)) {
            (Some(theirs), Some(ours)) if theirs == ours => format!(
                "step {}: {theirs} in both, with other numbers than the sentence shows (compare the two lines)",
                k + 1
            ),
            (Some(theirs), Some(ours)) => {
                format!("step {}: {who}: {theirs}; gjk-lab: {ours}", k + 1)
            }
            (Some(theirs), None) => format!(
                "step {}: gjk-lab's run has ended (after step {k}); {who} goes on: {theirs}",
                k + 1
            ),
            (None, Some(ours)) => format!(
                "step {}: {who} has ended (after step {k}); gjk-lab's run goes on: {ours}",
                k + 1
            ),
            (None, None) => format!("step {}", k + 1),
        })
    }

    /// Whether the two runs' answers differ (the result lines without their
    /// bookkeeping: `index`, `steps`, `variant`).
    pub fn answers_differ(&self) -> bool {
        answer(&self.ours.result) != answer(&self.seeds.result)
    }
}

/// Runs gjk-lab's machine and the seed's version on `a` and `b` and finds the first
/// step where they differ.
pub fn compare(variant: Variant, a: &Shape, b: &Shape) -> Comparison {
    compare_runs(
        variant.algorithm(),
        Some(variant),
        &Settings::default(),
        a,
        b,
    )
}

/// Runs `algorithm` with gjk-lab's settings and with `settings` (and the seed's
/// `variant`, if any) on `a` and `b`, and finds the first step where they differ.
pub fn compare_runs(
    algorithm: Algorithm,
    variant: Option<Variant>,
    settings: &Settings,
    a: &Shape,
    b: &Shape,
) -> Comparison {
    let algorithm = variant.map_or(algorithm, |v| v.algorithm());
    let ours = trace_run(algorithm, None, &Settings::default(), a, b);
    let seeds = trace_run(algorithm, variant, settings, a, b);
    // In f32 every number differs from f64's in its last bits from the first step:
    // the difference that matters is the first beyond float's rounding.
    let rounding = match settings.precision {
        Precision::F32 => 8.0 * Precision::F32.epsilon(),
        Precision::F64 => 0.0,
    };
    let first_difference = first_difference_beyond(&ours.steps, &seeds.steps, rounding);
    Comparison {
        variant,
        settings: *settings,
        ours,
        seeds,
        first_difference,
    }
}

/// How the other run of a [`Comparison`] ended, beside gjk-lab's run.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    /// The other run's outcome, as the trace names it (`"iteration_limit"`,
    /// `"separating_axis"`, …; `None` for an algorithm whose result has no outcome).
    pub outcome: Option<String>,
    /// How the other run ended, as a type.
    pub ended: Ended,
    /// Support points (or axes) it computed.
    pub steps: u64,
    /// Whether it calls the shapes intersecting.
    pub intersects: Option<bool>,
    /// Whether gjk-lab's run does.
    pub truly_intersects: Option<bool>,
    /// The numbers of the answer that are not numbers in the other run but are in
    /// gjk-lab's (a NaN or an infinity: JSON writes them as `null`), by key.
    pub not_numbers: Vec<String>,
}

impl Ending {
    /// Whether the other run calls the shapes intersecting when they are apart, or
    /// apart when they intersect.
    pub fn wrong_side(&self) -> bool {
        matches!((self.intersects, self.truly_intersects), (Some(x), Some(y)) if x != y)
    }
}

impl Comparison {
    /// How the other run ended, beside gjk-lab's.
    pub fn ending(&self) -> Ending {
        let (ours, theirs) = (&self.ours.result, &self.seeds.result);
        let not_numbers = ["depth", "distance"]
            .into_iter()
            .filter(|key| ours[*key].is_number() && theirs[*key].is_null())
            .map(str::to_string)
            .collect();
        Ending {
            outcome: outcome_name(&theirs["outcome"]),
            ended: self.seeds.ended,
            steps: theirs["steps"].as_u64().unwrap_or(0),
            intersects: theirs["intersects"].as_bool(),
            truly_intersects: ours["intersects"].as_bool(),
            not_numbers,
        }
    }
}

/// The first index where two lists of steps differ (a step present in one list only
/// counts as a difference). A setting a step states — `tolerance`, pseudo-EPA's
/// stopping tolerance — is not a difference by itself: the first step it changes is.
pub fn first_difference(ours: &[Value], seeds: &[Value]) -> Option<usize> {
    (0..ours.len().max(seeds.len()))
        .find(|&k| ours.get(k).map(computed) != seeds.get(k).map(computed))
}

/// [`first_difference`], with numbers that agree to `relative` (of the larger) counted
/// as equal.
pub fn first_difference_beyond(ours: &[Value], seeds: &[Value], relative: f64) -> Option<usize> {
    if relative == 0.0 {
        return first_difference(ours, seeds);
    }
    (0..ours.len().max(seeds.len())).find(|&k| match (ours.get(k), seeds.get(k)) {
        (Some(x), Some(y)) => !close(&computed(x), &computed(y), relative),
        _ => true,
    })
}

/// Whether two JSON values are equal but for numbers that agree to `relative`.
fn close(x: &Value, y: &Value, relative: f64) -> bool {
    match (x, y) {
        (Value::Number(a), Value::Number(b)) => {
            let (a, b) = (
                a.as_f64().unwrap_or(f64::NAN),
                b.as_f64().unwrap_or(f64::NAN),
            );
            a == b || (a - b).abs() <= relative * a.abs().max(b.abs())
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(p, q)| close(p, q, relative))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(key, p)| b.get(key).is_some_and(|q| close(p, q, relative)))
        }
        _ => x == y,
    }
}

/// An outcome's name: its `reason` (or `kind`), or the outcome itself when it is a
/// bare name.
fn outcome_name(outcome: &Value) -> Option<String> {
    outcome["reason"]
        .as_str()
        .or(outcome["kind"].as_str())
        .or(outcome.as_str())
        .map(str::to_string)
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
