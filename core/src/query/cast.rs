//! Continuous collision, the fast way: [`cast`] runs one of the cast machines
//! ([`CastAlgorithm`], the machines of [`crate::algorithms::cast`]) to its end on two
//! moving shapes and answers in the terms of `gjk-lab cast` ([`CastAnswer`]): whether
//! they come within the target separation during the step, the first time they do,
//! the normal and a contact point there, the separation there (or at `t = 1` when they
//! never do), why the machine stopped, its iterations and its name.
//!
//! A concave polygon is cast part by part (its convex parts share its pose and so its
//! motion): the earliest hit of any part pair is the pair's — unless a part pair was
//! left undecided before it (a cap or a lost bracket: the shapes known apart only
//! until some time earlier than that hit), when the pair's answer is undecided too,
//! with the outcome of the part pair left undecided soonest.

use crate::algorithms::cast::advancement::Advancement;
use crate::algorithms::cast::sampled::Sampled;
use crate::algorithms::cast::sat_cast::{self, SatCast};
use crate::algorithms::cast::shape_cast::ShapeCast;
use crate::algorithms::cast::toi::TimeOfImpact;
use crate::algorithms::cast::{CastMachine, CastOptions, CastResult, Sweep};
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
    cast_by_parts(algorithm, a, motion_a, b, motion_b, options).map(|(answer, _)| answer)
}

/// The method whose answer chooses the part pair `algorithm` is stepped through on a
/// concave shape (`trace` and the window): its own, but for the sampled checks the true
/// cast's (`None`: [`default_algorithm`]) — their lesson is the touch they miss, on the
/// part pair that truly meets first, where their own first sample within the target
/// can be on another pair, later.
pub fn part_pair_method(algorithm: CastAlgorithm) -> Option<CastAlgorithm> {
    match algorithm {
        CastAlgorithm::Discrete | CastAlgorithm::SubStepping => None,
        other => Some(other),
    }
}

/// [`cast`], with the part pair `[i, j]` its answer is that of (`[0, 0]` for two
/// convex shapes): the part pair of the hit, else the one left undecided soonest,
/// else — every pair apart — the static queries' decisive pair at the start
/// ([`compound::decisive`](super::compound::decisive): the deepest, else the
/// closest). What `trace` and the window step through.
pub fn cast_by_parts(
    algorithm: Option<CastAlgorithm>,
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
    options: &CastOptions,
) -> Result<(CastAnswer, [usize; 2]), CastError> {
    // Asked for none with a turn: the time of impact, with conservative advancement
    // after it where it stops undecided.
    let asked = algorithm.is_some();
    let algorithm =
        algorithm.unwrap_or_else(|| default_algorithm(a, motion_a, b, motion_b, options));
    let with_fallback = !asked && algorithm == CastAlgorithm::TimeOfImpact;
    refuse(algorithm, a, motion_a, b, motion_b, options)?;
    let (parts_a, parts_b) = (a.parts(), b.parts());
    let mut pairs = PartPairs::default();
    for (i, pa) in parts_a.iter().enumerate() {
        for (j, pb) in parts_b.iter().enumerate() {
            let ended = if with_fallback {
                time_of_impact_then_advancement((pa, motion_a), (pb, motion_b), options)
            } else {
                run_convex(algorithm, pa, motion_a, pb, motion_b, options)
            };
            pairs.record(ended, [i, j]);
        }
    }
    let iterations = pairs.iterations;
    Ok(match pairs.decide() {
        Decided::Hit(
            PairEnd {
                result: r,
                reason,
                method,
                ..
            },
            [i, j],
        ) => {
            let t = r.t.unwrap_or(0.0);
            let separation = separation(&parts_a[i], motion_a, &parts_b[j], motion_b, t);
            let answer = CastAnswer {
                hit: true,
                t: Some(t),
                // `+ 0`: a component of −0 (a normal along an axis, turned) prints as 0.
                normal: r.normal.map(|n| n + DVec2::ZERO),
                point: r.point.map(|p| p + DVec2::ZERO),
                separation,
                reason,
                iterations,
                method: method.name(),
            };
            (answer, [i, j])
        }
        Decided::Miss(why, pair) => {
            let separation = parts_a
                .iter()
                .flat_map(|pa| parts_b.iter().map(move |pb| (pa, pb)))
                .map(|(pa, pb)| separation(pa, motion_a, pb, motion_b, 1.0))
                .fold(f64::INFINITY, f64::min);
            let answer = CastAnswer {
                hit: false,
                t: None,
                normal: None,
                point: None,
                separation,
                reason: why.map_or("separated", |(reason, _)| reason),
                iterations,
                method: why.map_or(algorithm, |(_, method)| method).name(),
            };
            // Every pair apart: the pair the static queries decide on (the deepest at
            // the start, else the closest).
            let pair = pair.unwrap_or_else(|| {
                if a.is_concave() || b.is_concave() {
                    super::compound::decisive(a, b).parts
                } else {
                    [0, 0]
                }
            });
            (answer, pair)
        }
    })
}

/// The refusals: the SAT cast of a pair it does not take, the shape cast of a turn.
fn refuse(
    algorithm: CastAlgorithm,
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
    options: &CastOptions,
) -> Result<(), CastError> {
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
    Ok(())
}

/// How a machine ended on one convex part pair.
#[derive(Clone, Copy, Debug)]
struct PairEnd {
    /// Its answer.
    result: CastResult,
    /// Its outcome's name.
    reason: &'static str,
    /// The algorithm that answered.
    method: CastAlgorithm,
    /// Undecided (a cap, a lost bracket): the time the shapes are known apart until.
    apart_until: Option<f64>,
}

/// The part pairs' answers so far (a concave shape is cast part pair by part pair).
#[derive(Default)]
struct PartPairs {
    /// The earliest hit, and its part pair.
    hit: Option<(PairEnd, [usize; 2])>,
    /// The pair left undecided soonest, and its part pair.
    undecided: Option<(PairEnd, [usize; 2])>,
    /// The first miss (apart for the whole step).
    miss: Option<PairEnd>,
    /// Every machine's iterations.
    iterations: usize,
}

/// What the part pairs decide together.
enum Decided {
    /// The first touch: this part pair's hit.
    Hit(PairEnd, [usize; 2]),
    /// No hit known to be first: the outcome's name and the algorithm to report (none:
    /// apart), and the part pair left undecided (none: every pair apart).
    Miss(Option<(&'static str, CastAlgorithm)>, Option<[usize; 2]>),
}

impl PartPairs {
    /// Takes one part pair's end into account.
    fn record(&mut self, end: PairEnd, pair: [usize; 2]) {
        self.iterations += end.result.iterations;
        let t = |e: &PairEnd| e.result.t.unwrap_or(0.0);
        let until = |e: &PairEnd| e.apart_until.unwrap_or(1.0);
        if end.result.hit {
            if self.hit.as_ref().is_none_or(|(h, _)| t(&end) < t(h)) {
                self.hit = Some((end, pair));
            }
        } else if end.apart_until.is_some() {
            if self
                .undecided
                .as_ref()
                .is_none_or(|(u, _)| until(&end) < until(u))
            {
                self.undecided = Some((end, pair));
            }
        } else if self.miss.is_none() {
            self.miss = Some(end);
        }
    }

    /// The earliest hit, when no part pair was left undecided before it: a pair left
    /// undecided at `t_u` is apart until `t_u`, and nothing is known after
    /// (conservative advancement crawling a door down onto a floor stopped at its cap
    /// at 0.44; a leg under the floor was hit at 0.77, and the door's first touch, the
    /// floor at 0.50, was lost). Else undecided, or apart.
    fn decide(self) -> Decided {
        let undecided_at = self.undecided.and_then(|(u, _)| u.apart_until);
        match (self.hit, self.undecided) {
            (Some((h, pair)), _)
                if undecided_at.is_none_or(|t_u| t_u >= h.result.t.unwrap_or(0.0)) =>
            {
                Decided::Hit(h, pair)
            }
            (_, Some((u, pair))) => Decided::Miss(Some((u.reason, u.method)), Some(pair)),
            _ => Decided::Miss(self.miss.map(|m| (m.reason, m.method)), None),
        }
    }
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
pub fn decided(reason: &str) -> bool {
    !matches!(
        reason,
        "iteration_limit" | "push_back_limit" | "root_finder_failed" | "unfinished"
    )
}

/// The time of impact on two convex shapes, then, when it stops undecided,
/// conservative advancement from its `t1` (the shapes are apart before it); the
/// iterations are both machines'.
fn time_of_impact_then_advancement(
    (a, motion_a): (&Shape, Motion),
    (b, motion_b): (&Shape, Motion),
    options: &CastOptions,
) -> PairEnd {
    let mut toi = TimeOfImpact::new(a, motion_a, b, motion_b, options);
    crate::algorithms::run_to_end(&mut toi);
    let first = ended(CastAlgorithm::TimeOfImpact, &toi, toi.time());
    if first.apart_until.is_none() {
        return first;
    }
    let mut advancement =
        Advancement::new(a, motion_a, b, motion_b, options).starting_at(toi.time());
    crate::algorithms::run_to_end(&mut advancement);
    let mut then = ended(
        CastAlgorithm::ConservativeAdvancement,
        &advancement,
        advancement.time(),
    );
    then.result.iterations += first.result.iterations;
    then
}

/// Runs the machine on two convex shapes to its end.
fn run_convex(
    algorithm: CastAlgorithm,
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
    options: &CastOptions,
) -> PairEnd {
    use crate::algorithms::run_to_end;
    match algorithm {
        CastAlgorithm::Discrete | CastAlgorithm::SubStepping => {
            let mut m = if algorithm == CastAlgorithm::Discrete {
                Sampled::endpoints(a, motion_a, b, motion_b, options)
            } else {
                Sampled::new(a, motion_a, b, motion_b, options)
            };
            run_to_end(&mut m);
            // The samples decide (what they miss is their lesson).
            ended(algorithm, &m, 1.0)
        }
        CastAlgorithm::ShapeCast => {
            let mut m = ShapeCast::new(a, motion_a, b, motion_b, options);
            run_to_end(&mut m);
            ended(algorithm, &m, m.lambda())
        }
        CastAlgorithm::SatCast => {
            let mut m = SatCast::new(a, motion_a, b, motion_b, options);
            run_to_end(&mut m);
            // Its gaps decide, or GJK-raycast (`too_close_to_call`), whose rare stop at
            // its cap reads as that outcome's miss.
            ended(algorithm, &m, 1.0)
        }
        CastAlgorithm::ConservativeAdvancement => {
            let mut m = Advancement::new(a, motion_a, b, motion_b, options);
            run_to_end(&mut m);
            ended(algorithm, &m, m.time())
        }
        CastAlgorithm::TimeOfImpact => {
            let mut m = TimeOfImpact::new(a, motion_a, b, motion_b, options);
            run_to_end(&mut m);
            ended(algorithm, &m, m.time())
        }
    }
}

/// How machine `m` of `algorithm` ended: its answer, its outcome's name, and when it
/// stopped undecided the time `reached` (the shapes are apart before it).
fn ended<M: CastMachine>(algorithm: CastAlgorithm, m: &M, reached: f64) -> PairEnd {
    let reason = m.reason().unwrap_or("unfinished");
    PairEnd {
        result: m.answer().unwrap_or_default(),
        reason,
        method: algorithm,
        apart_until: (!decided(reason)).then_some(reached),
    }
}

/// The distance between two convex shapes at time `t` of their motions (measured in
/// the sweep's moving frame, so as precisely far from the origin as near it).
pub fn separation(a: &Shape, motion_a: Motion, b: &Shape, motion_b: Motion, t: f64) -> f64 {
    Sweep::new(a, motion_a, b, motion_b).distance_at(t).distance
}
