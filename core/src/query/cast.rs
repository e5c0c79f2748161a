//! Continuous collision, the fast way: [`cast`] runs one of the cast machines
//! ([`CastAlgorithm`], the machines of [`crate::algorithms::cast`]) to its end on two
//! moving shapes and answers in the terms of `gjk-lab cast` ([`CastAnswer`]): whether
//! they come within the target separation during the step, the first time they do,
//! the normal and a contact point there, the separation there (or at `t = 1` when they
//! never do), why the machine stopped, its iterations and its name.
//!
//! A concave polygon is cast part by part (its convex parts share its pose and so its
//! motion): the earliest hit of any part pair is the pair's — unless a part pair was
//! left undecided before it (a cap: the shapes known apart only until some time
//! earlier than that hit), when the pair's answer is undecided too.

use crate::algorithms::cast::advancement::Advancement;
use crate::algorithms::cast::sampled::Sampled;
use crate::algorithms::cast::sat_cast::{self, SatCast};
use crate::algorithms::cast::shape_cast::ShapeCast;
use crate::algorithms::cast::toi::TimeOfImpact;
use crate::algorithms::cast::{CastOptions, CastResult, Sweep};
use crate::algorithms::CastAlgorithm;
use crate::motion::Motion;
use crate::shapes::Shape;
use glam::DVec2;
use serde::Serialize;

/// What `gjk-lab cast` prints: the contract of issue 34 (docs/cast.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CastAnswer {
    /// Whether the shapes come within the target separation during the step
    /// (overlapping or touching at `t = 0` counts, with `t = 0`).
    pub hit: bool,
    /// The first time in `[0, 1]` at which their distance is at most the target; null
    /// when there is none.
    pub t: Option<f64>,
    /// The unit normal at `t`, from A towards B (null without a hit).
    pub normal: Option<DVec2>,
    /// A contact point at `t`, world: A's point nearest B (null without a hit).
    pub point: Option<DVec2>,
    /// The shapes' distance at `t`, or at `t = 1` when there is no hit.
    pub separation: f64,
    /// Why the machine stopped: its outcome's name (`hit`, `initial_overlap`,
    /// `separated`, `iteration_limit`, …).
    pub reason: &'static str,
    /// The machine's iterations (its own unit: samples, support points, distance
    /// evaluations), summed over the part pairs of a concave shape.
    pub iterations: usize,
    /// The algorithm that answered ([`CastAlgorithm::name`]).
    pub method: &'static str,
}

/// Why a cast cannot be answered by the algorithm asked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CastError {
    /// The shape cast was asked of turning shapes: a translation's ray does not
    /// describe a turn.
    #[error(
        "shape-cast follows translations only, and {shape} turns ({angular} rad over the step): \
         use time-of-impact or conservative-advancement"
    )]
    Rotating {
        /// `"A"` or `"B"`.
        shape: &'static str,
        /// Its turn over the step.
        angular: f64,
    },
    /// The SAT cast was asked of a pair it does not take.
    #[error(
        "sat-cast takes two convex polygons without radius, moving without turning, \
         cast to their first touch (target 0); {why}: use {instead}"
    )]
    NotForSatCast {
        /// What the pair has that the SAT cast does not take.
        why: String,
        /// The algorithms that take it: the shape cast, or for a turn (which the
        /// shape cast does not follow either) the time of impact or conservative
        /// advancement.
        instead: &'static str,
    },
}

/// The algorithm `cast` uses when none is asked: when neither shape turns, the SAT
/// cast for polygons cast to their first touch (every part of a concave one is a
/// convex polygon), else the shape cast (GJK-raycast); with a turn, the time of impact
/// — and for a pair it leaves undecided (a cap, a lost bracket), conservative
/// advancement after it, from where it stopped (the shapes are apart before that).
///
/// Either can crawl where the other does not: the time of impact's dip check (a turn
/// may bring a pair of points within the target between two times where they are
/// apart) takes small steps while the shapes stay close, a hinge turning 1e-4 above a
/// box; conservative advancement's bound takes small steps when the spin is fast
/// against the approach, a capsule turning 3.7 rad past a polygon. Each ends such a
/// crawl at its cap (`iteration_limit`), and the other answers.
pub fn default_algorithm(
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
    options: &CastOptions,
) -> CastAlgorithm {
    if motion_a.rotates() || motion_b.rotates() {
        return CastAlgorithm::TimeOfImpact;
    }
    if sat_cast_takes(a, motion_a, b, motion_b, options).is_ok() {
        CastAlgorithm::SatCast
    } else {
        CastAlgorithm::ShapeCast
    }
}

/// The cast of `a` moving by `motion_a` against `b` moving by `motion_b` by
/// `algorithm` (`None`: [`default_algorithm`]).
pub fn cast(
    algorithm: Option<CastAlgorithm>,
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
    options: &CastOptions,
) -> Result<CastAnswer, CastError> {
    // Asked for none with a turn: the time of impact, with conservative advancement
    // after it where it stops undecided.
    let asked = algorithm.is_some();
    let algorithm =
        algorithm.unwrap_or_else(|| default_algorithm(a, motion_a, b, motion_b, options));
    let with_fallback = !asked && algorithm == CastAlgorithm::TimeOfImpact;
    if algorithm == CastAlgorithm::SatCast {
        sat_cast_takes(a, motion_a, b, motion_b, options)?;
    }
    if algorithm == CastAlgorithm::ShapeCast {
        for (shape, m) in [("A", motion_a), ("B", motion_b)] {
            if m.rotates() {
                return Err(CastError::Rotating {
                    shape,
                    angular: m.angular,
                });
            }
        }
    }
    let (parts_a, parts_b) = (a.parts(), b.parts());
    let mut best: Option<(CastResult, &'static str, &'static str, usize, usize)> = None;
    let mut first_miss: Option<(&'static str, &'static str)> = None;
    // The part pair left undecided soonest: the time it is known apart until, its
    // outcome and the algorithm.
    let mut undecided: Option<(f64, &'static str, &'static str)> = None;
    let mut iterations = 0;
    for (i, pa) in parts_a.iter().enumerate() {
        for (j, pb) in parts_b.iter().enumerate() {
            let (r, reason, method, apart_until) = if with_fallback {
                time_of_impact_then_advancement((pa, motion_a), (pb, motion_b), options)
            } else {
                let (r, reason, apart_until) =
                    run_convex(algorithm, pa, motion_a, pb, motion_b, options);
                (r, reason, algorithm, apart_until)
            };
            iterations += r.iterations;
            if r.hit {
                let earlier = match &best {
                    Some((b, ..)) => r.t.unwrap_or(0.0) < b.t.unwrap_or(0.0),
                    None => true,
                };
                if earlier {
                    best = Some((r, reason, method.name(), i, j));
                }
            } else if !decided(reason) {
                if undecided.is_none_or(|(t, ..)| apart_until < t) {
                    undecided = Some((apart_until, reason, method.name()));
                }
            } else if first_miss.is_none() {
                first_miss = Some((reason, method.name()));
            }
        }
    }
    // A hit stands only if no part pair might touch before it: a pair left undecided
    // at `t_u` is apart until `t_u`, and nothing is known after (conservative
    // advancement crawling a door down onto a floor stopped at its cap short of it; a
    // leg under the floor was hit at 0.77, and the door's first touch, the floor at
    // 0.50, was lost).
    if let (Some((b, ..)), Some((t_u, ..))) = (&best, undecided) {
        if t_u < b.t.unwrap_or(0.0) {
            best = None;
        }
    }
    if let Some((_, reason, method)) = undecided {
        first_miss = Some((reason, method));
    }
    Ok(match best {
        Some((r, reason, method, i, j)) => {
            let t = r.t.unwrap_or(0.0);
            let separation = separation(&parts_a[i], motion_a, &parts_b[j], motion_b, t);
            CastAnswer {
                hit: true,
                t: Some(t),
                // `+ 0`: a component of −0 (a normal along an axis, turned) prints as 0.
                normal: r.normal.map(|n| n + DVec2::ZERO),
                point: r.point.map(|p| p + DVec2::ZERO),
                separation,
                reason,
                iterations,
                method,
            }
        }
        None => {
            let separation = parts_a
                .iter()
                .flat_map(|pa| parts_b.iter().map(move |pb| (pa, pb)))
                .map(|(pa, pb)| separation(pa, motion_a, pb, motion_b, 1.0))
                .fold(f64::INFINITY, f64::min);
            CastAnswer {
                hit: false,
                t: None,
                normal: None,
                point: None,
                separation,
                reason: first_miss.map_or("separated", |m| m.0),
                iterations,
                method: first_miss.map_or(algorithm.name(), |m| m.1),
            }
        }
    })
}

/// Whether the SAT cast takes the pair (every part pair of a concave shape); the
/// error says what it does not take.
fn sat_cast_takes(
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
    options: &CastOptions,
) -> Result<(), CastError> {
    use sat_cast::Unsupported;
    let (parts_a, parts_b) = (a.parts(), b.parts());
    for pa in &parts_a {
        for pb in &parts_b {
            let Some(why) = sat_cast::unsupported(pa, motion_a, pb, motion_b, options.target())
            else {
                continue;
            };
            let instead = match why {
                Unsupported::Rotating => "time-of-impact or conservative-advancement",
                Unsupported::Shape(_) | Unsupported::Target => "shape-cast",
            };
            let why = match why {
                Unsupported::Rotating => "a shape turns".to_string(),
                Unsupported::Shape(kind) => {
                    let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                        "an"
                    } else {
                        "a"
                    };
                    format!("a shape is {article} {kind}")
                }
                Unsupported::Target => format!("the target is {}", options.target()),
            };
            return Err(CastError::NotForSatCast { why, instead });
        }
    }
    Ok(())
}

/// Whether a machine's outcome decides the pair: a hit (at `t = 0` or later), or apart
/// for the whole step. A cap or a lost bracket leaves it undecided: the shapes are
/// only known apart until some time.
fn decided(reason: &str) -> bool {
    !matches!(
        reason,
        "iteration_limit" | "push_back_limit" | "root_finder_failed" | "unfinished"
    )
}

/// The time of impact on two convex shapes, then, when it stops undecided,
/// conservative advancement from its `t1` (the shapes are apart before it): the
/// answer (its iterations both machines'), its outcome's name, the algorithm that
/// gave it, and the time the shapes are known apart until when it is undecided.
fn time_of_impact_then_advancement(
    (a, motion_a): (&Shape, Motion),
    (b, motion_b): (&Shape, Motion),
    options: &CastOptions,
) -> (CastResult, &'static str, CastAlgorithm, f64) {
    let mut toi = TimeOfImpact::new(a, motion_a, b, motion_b, options);
    crate::algorithms::run_to_end(&mut toi);
    let reason = toi.outcome().map_or("unfinished", |o| o.reason());
    let r = toi.result().unwrap_or_default();
    if decided(reason) {
        return (r, reason, CastAlgorithm::TimeOfImpact, 1.0);
    }
    let mut advancement =
        Advancement::new(a, motion_a, b, motion_b, options).starting_at(toi.time());
    crate::algorithms::run_to_end(&mut advancement);
    let mut answer = advancement.result().unwrap_or_default();
    answer.iterations += r.iterations;
    let reason = advancement.outcome().map_or("unfinished", |o| o.reason());
    let apart_until = advancement.time();
    (
        answer,
        reason,
        CastAlgorithm::ConservativeAdvancement,
        apart_until,
    )
}

/// Runs the machine on two convex shapes: its answer, its outcome's name, and the
/// time the shapes are known apart until (what an undecided outcome leaves: the time
/// it reached; the step's end when it decided).
fn run_convex(
    algorithm: CastAlgorithm,
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
    options: &CastOptions,
) -> (CastResult, &'static str, f64) {
    use crate::algorithms::run_to_end;
    let reason = |r: Option<&'static str>| r.unwrap_or("unfinished");
    match algorithm {
        CastAlgorithm::Discrete | CastAlgorithm::SubStepping => {
            let mut m = if algorithm == CastAlgorithm::Discrete {
                Sampled::endpoints(a, motion_a, b, motion_b, options)
            } else {
                Sampled::new(a, motion_a, b, motion_b, options)
            };
            run_to_end(&mut m);
            let why = reason(m.outcome().map(|o| o.reason()));
            // The samples decide (what they miss is their lesson).
            (m.result().unwrap_or_default(), why, 1.0)
        }
        CastAlgorithm::ShapeCast => {
            let mut m = ShapeCast::new(a, motion_a, b, motion_b, options);
            run_to_end(&mut m);
            let why = reason(m.outcome().map(|o| o.reason()));
            (m.result().unwrap_or_default(), why, m.lambda())
        }
        CastAlgorithm::SatCast => {
            let mut m = SatCast::new(a, motion_a, b, motion_b, options);
            run_to_end(&mut m);
            let why = reason(m.outcome().map(|o| o.reason()));
            // Its gaps decide, or GJK-raycast does (`too_close_to_call`).
            (m.result().unwrap_or_default(), why, 1.0)
        }
        CastAlgorithm::ConservativeAdvancement => {
            let mut m = Advancement::new(a, motion_a, b, motion_b, options);
            run_to_end(&mut m);
            let why = reason(m.outcome().map(|o| o.reason()));
            (m.result().unwrap_or_default(), why, m.time())
        }
        CastAlgorithm::TimeOfImpact => {
            let mut m = TimeOfImpact::new(a, motion_a, b, motion_b, options);
            run_to_end(&mut m);
            let why = reason(m.outcome().map(|o| o.reason()));
            (m.result().unwrap_or_default(), why, m.time())
        }
    }
}

/// The distance between two convex shapes at time `t` of their motions (measured in
/// the sweep's moving frame, so as precisely far from the origin as near it).
pub fn separation(a: &Shape, motion_a: Motion, b: &Shape, motion_b: Motion, t: f64) -> f64 {
    Sweep::new(a, motion_a, b, motion_b).distance_at(t).distance
}
