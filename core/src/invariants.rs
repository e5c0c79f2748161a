//! The contract every answer keeps inside gjk-lab's numeric range ([`crate::range`]),
//! written as checks: property tests (`tests/range.rs`) and the fuzz targets (`fuzz/`)
//! run them on every pair they make.
//!
//! For one pair of shapes, [`check_pair`] runs every query and every step machine
//! (traced, so every event is looked at) and checks:
//!
//! - no NaN and no infinity anywhere: in the results, and in every event (the events are
//!   written as RON, which spells them `NaN` and `inf` where JSON would hide them as
//!   `null`);
//! - depths and distances are ≥ 0 (two signed quantities are left out: a clipped
//!   point's `depth` in `candidates`, its signed distance below the reference face, and
//!   an EPA polytope `edge`'s `distance`, the signed distance of its line, below 0 when
//!   the origin lies within the touching tolerance outside it);
//! - every `normal` and `axis` is a unit vector to 1e-12;
//! - swapping A and B changes neither whether they intersect nor their distance
//!   (beyond the accuracy the property tests hold the algorithms to: 1e-8 of the pair's
//!   size, 1e-6 with an ellipse);
//! - SAT and GJK agree on whether two shapes without an ellipse intersect (SAT has no
//!   answer for an ellipse) whenever either is decisive (beyond the tolerances).
//!
//! [`check_sweep`] does the same for sweep and prune: its pairs are the brute-force ones.

use crate::algorithms::cast::advancement::Advancement;
use crate::algorithms::cast::sampled::Sampled;
use crate::algorithms::cast::sat_cast::SatCast;
use crate::algorithms::cast::shape_cast::ShapeCast;
use crate::algorithms::cast::toi::TimeOfImpact;
use crate::algorithms::cast::CastOptions;
use crate::algorithms::distance::GjkDistance;
use crate::algorithms::epa::Epa;
use crate::algorithms::gjk::Gjk;
use crate::algorithms::pseudo_epa::PseudoEpa;
use crate::algorithms::sap::{brute_force_pairs, SweepAndPrune};
use crate::algorithms::sat::{Sat, SatOutcome};
use crate::algorithms::{Algorithm, CastAlgorithm, StepMachine};
use crate::minkowski::Tolerance;
use crate::motion::Motion;
use crate::query::cast;
use crate::query::clipping;
use crate::query::{self, PairQuery};
use crate::shapes::{Geometry, Pose, Shape};
use crate::trace::trace_each;
use glam::DVec2;
use serde::Serialize;
use serde_json::Value;

/// How far from 1 a unit normal's length may be.
pub const UNIT_TOL: f64 = 1e-12;

/// A broken rule of the contract, and where it broke. A failing property test or fuzz
/// target prints it as the one line that says what went wrong, so it is a type (a
/// test can ask which rule broke) whose message is that line: the context, outermost
/// first, then the rule with its numbers (`trace epa: step 3: .edge.normal [0, 2] is
/// not a unit vector (length 2)`).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{}{kind}", context.iter().map(|c| format!("{c}: ")).collect::<String>())]
pub struct Violation {
    /// Where, outermost first (`"query(B, A)"`, `"trace gjk"`, `"step 3"`,
    /// `"result"`); empty when the rule itself says where.
    pub context: Vec<String>,
    /// The rule broken, with its numbers.
    pub kind: ViolationKind,
}

impl Violation {
    /// The same violation, found inside `context` (which goes first).
    pub fn within(mut self, context: impl Into<String>) -> Violation {
        self.context.insert(0, context.into());
        self
    }
}

impl From<ViolationKind> for Violation {
    fn from(kind: ViolationKind) -> Violation {
        Violation {
            context: vec![],
            kind,
        }
    }
}

/// Which rule of the contract broke, with the numbers that break it. `what` names the
/// value as the message does: a field of a query (`"distance"`, `"SAT normal"`) or
/// the JSON path of a traced field (`".steps[1].distance"`).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ViolationKind {
    /// A number is NaN or infinite.
    #[error("{what} is {value}")]
    NotFinite {
        /// The number's name.
        what: String,
        /// The number.
        value: f64,
    },
    /// A depth or a distance is below 0.
    #[error("{what} is negative: {value:e}")]
    Negative {
        /// The number's name.
        what: String,
        /// The number.
        value: f64,
    },
    /// A normal or an axis is not a unit vector (to [`UNIT_TOL`]).
    #[error("{what} {vector} is not a unit vector (length {})", vector.length())]
    NotUnit {
        /// The vector's name.
        what: String,
        /// The vector.
        vector: DVec2,
    },
    /// The query says the shapes intersect, at a distance.
    #[error("intersecting with distance {0}")]
    IntersectingWithDistance(f64),
    /// The query says the shapes are apart, with a depth.
    #[error("separated with depth {0}")]
    SeparatedWithDepth(f64),
    /// A closest point is NaN or infinite.
    #[error("closest point {0} is not finite")]
    ClosestPointNotFinite(DVec2),
    /// A contact point is NaN or infinite.
    #[error("contact point {0} is not finite")]
    ContactPointNotFinite(DVec2),
    /// Swapping A and B changes whether they intersect, beyond the accuracy.
    #[error(
        "swap changes intersects: {} vs {} (distance {} / {}, depth {} / {}; \
         outcomes {:?} {:?} / {:?} {:?})",
        query.intersects,
        swapped.intersects,
        query.distance,
        swapped.distance,
        query.depth,
        swapped.depth,
        query.gjk_outcome,
        query.epa_outcome,
        swapped.gjk_outcome,
        swapped.epa_outcome
    )]
    SwapChangesIntersects {
        /// The answer for (A, B).
        query: Box<PairQuery>,
        /// The answer for (B, A).
        swapped: Box<PairQuery>,
    },
    /// Swapping A and B changes their distance, beyond the accuracy.
    #[error("swap changes the distance: {distance} vs {swapped}")]
    SwapChangesDistance {
        /// The distance of (A, B).
        distance: f64,
        /// The distance of (B, A).
        swapped: f64,
    },
    /// `penetration()`'s points are NaN or infinite.
    #[error("penetration() points are not finite")]
    PenetrationPointsNotFinite,
    /// `distance()` and `query()` disagree on whether the shapes intersect.
    #[error("distance() and query() disagree on intersects")]
    DistanceDisagrees,
    /// SAT gives no answer for two shapes it applies to.
    #[error("SAT has no answer for polygons and circles")]
    SatHasNoAnswer,
    /// SAT and GJK disagree on whether the shapes intersect, beyond the tolerances.
    #[error(
        "SAT says {sat:?}, GJK intersects = {intersects} (distance {distance}, depth {depth})"
    )]
    SatDisagrees {
        /// SAT's ending.
        sat: SatOutcome,
        /// Whether the query (GJK) says they intersect.
        intersects: bool,
        /// The query's distance.
        distance: f64,
        /// The query's depth.
        depth: f64,
    },
    /// An event of a step machine holds a NaN or an infinity.
    #[error("{machine} step {step}: `{token}` in {event}")]
    NonFiniteEvent {
        /// The machine ("GJK", "SAT-OBB", "clipping").
        machine: &'static str,
        /// The step (1-based).
        step: usize,
        /// `NaN` or `inf`, as RON spells it.
        token: &'static str,
        /// The event, as `{:?}` writes it: each machine has its own event type, and
        /// this is the one form they share.
        event: String,
    },
    /// A cast of moving shapes broke its contract: `t` outside `[0, 1]`, a normal not
    /// unit, a separation not a finite number ≥ 0, an event with a NaN.
    #[error("cast {algorithm}: {what}")]
    Cast {
        /// The cast algorithm's name.
        algorithm: &'static str,
        /// What is wrong, with the answer.
        what: String,
    },
    /// Sweep and prune's pairs are not the brute-force ones.
    #[error("sweep and prune found {found:?}, brute force {expected:?}")]
    SweepMismatch {
        /// The pairs sweep and prune found.
        found: Vec<(u32, u32)>,
        /// The pairs brute force finds.
        expected: Vec<(u32, u32)>,
    },
}

/// Runs every query and step machine on `a`, `b` (and swapped) and checks the contract
/// (see the module documentation); the error names the first broken rule.
pub fn check_pair(a: &Shape, b: &Shape) -> Result<(), Violation> {
    let q = query::query(a, b);
    check_query(&q).map_err(|e| e.within("query(A, B)"))?;
    let swapped = query::query(b, a);
    check_query(&swapped).map_err(|e| e.within("query(B, A)"))?;
    check_swap(a, b, &q, &swapped)?;
    check_fast_queries(a, b, &q)?;
    check_sat_agrees(a, b, &q)?;
    for algorithm in Algorithm::ALL.into_iter().filter(|a| !a.is_cast()) {
        check_trace(algorithm, a, b)
            .map_err(|e| e.within(format!("trace {}", algorithm.name())))?;
    }
    Ok(())
}

/// What is wrong with a hit (after `t = 0`, of a machine that stops at the touch, on a
/// convex pair), if anything: the shapes must touch there (the separation within a
/// millionth of their size), and the normal must point from A towards B: B moved
/// along it by `δ` (a thousandth of the pair's size) must end at least `δ/2` further
/// from A than the answer's separation (exactly `δ` further along a true normal: B
/// stays beyond the separating line through the contact). Left out where the
/// coordinates' rounding is not far below `δ`.
fn hit_not_touching(
    algorithm: CastAlgorithm,
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
    r: &cast::CastAnswer,
) -> Option<String> {
    let exact = matches!(
        algorithm,
        CastAlgorithm::ShapeCast
            | CastAlgorithm::SatCast
            | CastAlgorithm::ConservativeAdvancement
            | CastAlgorithm::TimeOfImpact
    );
    let (Some(t), Some(n)) = (r.t, r.normal) else {
        return None;
    };
    if !exact || t == 0.0 || a.is_concave() || b.is_concave() {
        return None;
    }
    let (mut pa, mut pb) = (a.clone(), b.clone());
    pa.set_pose(motion_a.pose_at(a.pose(), t));
    pb.set_pose(motion_b.pose_at(b.pose(), t));
    let scale = a.bounding_radius().max(b.bounding_radius());
    let delta = 1e-3 * scale;
    // The poses at `t` carry the rounding of the numbers they were computed from: the
    // start positions and the distances travelled.
    let reach = |s: &Shape, m: Motion| {
        (s.position().abs().max_element()).max(m.velocity.abs().max_element() * t)
    };
    let far = reach(a, motion_a).max(reach(b, motion_b));
    let fine = far * 1e-12 < 1e-3 * delta;
    if !fine {
        return None;
    }
    // The shapes touch at the hit (the target is 0): within a millionth of their size,
    // or of the cast's tolerance where the numbers of the motion are too large for
    // that (its floor, a few units in their last place: a point thrown 1.3e8 a step
    // hits a ball 0.5 across within 2e-6; `cast_tolerance`).
    let floor = crate::algorithms::cast::Sweep::new(a, motion_a, b, motion_b).tolerance_for(0.0);
    if r.separation > (1e-6 * scale).max(2.0 * floor) {
        return Some(format!(
            "a hit at t = {t} with the shapes {} apart",
            r.separation
        ));
    }
    let pose = pb.pose();
    pb.set_pose(Pose::new(pose.position + n * delta, pose.rotation));
    let moved = crate::query::distance(&pa, &pb).distance;
    (moved < r.separation + 0.5 * delta).then(|| {
        format!(
            "the normal {n} at t = {t} is not from A towards B: B moved by {delta} along it \
             is {moved} from A, the separation {}",
            r.separation
        )
    })
}

/// Every cast algorithm on `a` moving by `motion_a` and `b` by `motion_b` (both still
/// is a cast too): an answer for each (the shape cast refuses a turn, by its error),
/// `t` in `[0, 1]` and present exactly on a hit, the shapes touching there, a unit
/// normal from A towards B, a finite separation ≥ 0; and for a convex pair, every
/// machine's events without a NaN or an infinity.
pub fn check_cast(
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
) -> Result<(), Violation> {
    let options = CastOptions::default();
    // Every algorithm, then `cast`'s default (for a turn two machines, one after the
    // other), judged by the algorithm that answered.
    for asked in CastAlgorithm::ALL.into_iter().map(Some).chain([None]) {
        let name = asked.map_or("default", |algorithm| algorithm.name());
        let fail = |what: String| -> Violation {
            ViolationKind::Cast {
                algorithm: name,
                what,
            }
            .into()
        };
        let Ok(r) = cast::cast(asked, a, motion_a, b, motion_b, &options) else {
            continue;
        };
        let Ok(algorithm) = r.method.parse::<CastAlgorithm>() else {
            return Err(fail(format!("answered by {:?}, no algorithm", r.method)));
        };
        if r.hit != r.t.is_some() || r.t.is_some_and(|t| !(0.0..=1.0).contains(&t)) {
            return Err(fail(format!("hit {} with t {:?}", r.hit, r.t)));
        }
        if let Some(n) = r.normal {
            if !n.is_finite() || (n.length() - 1.0).abs() > 1e-6 {
                return Err(fail(format!("normal {n} is not unit")));
            }
        }
        if r.point.is_some_and(|p| !p.is_finite())
            || !(r.separation >= 0.0 && r.separation.is_finite())
        {
            return Err(fail(format!("{r:?}")));
        }
        if let Some(what) = hit_not_touching(algorithm, a, motion_a, b, motion_b, &r) {
            return Err(fail(what));
        }
    }
    if a.is_concave() || b.is_concave() {
        return Ok(());
    }
    let (ma, mb) = (motion_a, motion_b);
    let found = [
        non_finite_event(Sampled::new(a, ma, b, mb, &options)),
        non_finite_event(ShapeCast::new(a, ma, b, mb, &options)),
        non_finite_event(SatCast::new(a, ma, b, mb, &options)),
        non_finite_event(Advancement::new(a, ma, b, mb, &options)),
        non_finite_event(TimeOfImpact::new(a, ma, b, mb, &options)),
    ];
    if let Some((step, token, event)) = found.into_iter().flatten().next() {
        return Err(ViolationKind::NonFiniteEvent {
            machine: "cast",
            step,
            token,
            event,
        }
        .into());
    }
    Ok(())
}

/// The first event of a machine that holds a NaN or an infinity (as RON spells it):
/// its step, the token and the event.
fn non_finite_event<M: StepMachine>(mut machine: M) -> Option<(usize, &'static str, String)> {
    let mut step = 0;
    while let Some(event) = machine.step() {
        step += 1;
        if let Some(token) = non_finite_token(&event) {
            return Some((step, token, format!("{event:?}")));
        }
    }
    None
}

/// [`check_pair`], and every event of every machine written as RON, which spells a
/// NaN or an infinity that JSON would hide as `null` (about three times slower).
pub fn check_pair_thoroughly(a: &Shape, b: &Shape) -> Result<(), Violation> {
    check_pair(a, b)?;
    check_events(a, b)
}

/// How closely two answers for one pair must agree: `1e-8·scale`, or `1e-6·scale` with
/// an ellipse (its support is curved everywhere, and GJK and EPA approach it only
/// linearly) — the accuracies `tests/properties.rs` checks against the references.
fn accuracy(a: &Shape, b: &Shape) -> f64 {
    let curved = |s: &Shape| matches!(s.geometry(), Geometry::Ellipse(_));
    let relative = if curved(a) || curved(b) { 1e-6 } else { 1e-8 };
    relative * tolerance(a, b).scale
}

/// The tolerance of a pair, as the algorithms use it.
fn tolerance(a: &Shape, b: &Shape) -> Tolerance {
    Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius()))
}

fn finite(what: &str, value: f64) -> Result<(), Violation> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(ViolationKind::NotFinite {
            what: what.to_string(),
            value,
        }
        .into())
    }
}

fn non_negative(what: &str, value: f64) -> Result<(), Violation> {
    finite(what, value)?;
    if value >= 0.0 {
        Ok(())
    } else {
        Err(ViolationKind::Negative {
            what: what.to_string(),
            value,
        }
        .into())
    }
}

fn unit(what: &str, vector: DVec2) -> Result<(), Violation> {
    if !vector.is_finite() || (vector.length() - 1.0).abs() > UNIT_TOL {
        return Err(ViolationKind::NotUnit {
            what: what.to_string(),
            vector,
        }
        .into());
    }
    Ok(())
}

/// The query's own contract: finite, depth and distance ≥ 0, a unit normal when
/// intersecting, closest points when separated.
pub fn check_query(q: &PairQuery) -> Result<(), Violation> {
    non_negative("distance", q.distance)?;
    non_negative("depth", q.depth)?;
    if q.intersects {
        if q.distance != 0.0 {
            return Err(ViolationKind::IntersectingWithDistance(q.distance).into());
        }
        if let Some(n) = q.normal {
            unit("normal", n)?;
        }
    } else if q.depth != 0.0 {
        return Err(ViolationKind::SeparatedWithDepth(q.depth).into());
    }
    for p in [q.closest_a, q.closest_b].into_iter().flatten() {
        if !p.is_finite() {
            return Err(ViolationKind::ClosestPointNotFinite(p).into());
        }
    }
    for c in &q.contacts {
        non_negative("contact depth", c.depth)?;
        if !c.point.is_finite() {
            return Err(ViolationKind::ContactPointNotFinite(c.point).into());
        }
    }
    Ok(())
}

/// Swapping the shapes keeps the answer (within the pair's tolerances; a pair within
/// the touching tolerance may be called touching one way and apart the other).
fn check_swap(a: &Shape, b: &Shape, q: &PairQuery, swapped: &PairQuery) -> Result<(), Violation> {
    let slack = accuracy(a, b);
    if q.intersects != swapped.intersects {
        let gap = q
            .distance
            .max(swapped.distance)
            .max(q.depth)
            .max(swapped.depth);
        if gap > slack {
            return Err(ViolationKind::SwapChangesIntersects {
                query: Box::new(q.clone()),
                swapped: Box::new(swapped.clone()),
            }
            .into());
        }
        return Ok(());
    }
    // Far apart, the distance itself carries rounding: A's frame and B's frame turn
    // the offset between them differently, a few ulps of the distance (1.3e10 apart:
    // 2e-6, a fuzz finding once GJK worked in A's frame).
    let slack = slack + 8.0 * f64::EPSILON * q.distance.max(swapped.distance);
    if (q.distance - swapped.distance).abs() > slack {
        return Err(ViolationKind::SwapChangesDistance {
            distance: q.distance,
            swapped: swapped.distance,
        }
        .into());
    }
    Ok(())
}

/// The single-purpose queries agree with the full one and keep the contract.
fn check_fast_queries(a: &Shape, b: &Shape, q: &PairQuery) -> Result<(), Violation> {
    let d = query::distance(a, b);
    non_negative("distance()", d.distance)?;
    if let Some(p) = query::penetration(a, b) {
        non_negative("penetration().depth", p.depth)?;
        unit("penetration().normal", p.normal)?;
        if !(p.point_a.is_finite() && p.point_b.is_finite()) {
            return Err(ViolationKind::PenetrationPointsNotFinite.into());
        }
    }
    for c in query::contacts(a, b).iter() {
        non_negative("contacts() depth", c.depth)?;
    }
    let _ = query::intersects(a, b);
    if d.intersects != q.intersects {
        return Err(ViolationKind::DistanceDisagrees.into());
    }
    Ok(())
}

/// SAT and GJK agree on intersects for polygons and circles (SAT answers no other
/// pair: an ellipse, a concave shape, a capsule or a rounded polygon it declines, and
/// says so), whenever either is decisive: SAT overlapping by more than its touching tolerance and the accuracy
/// (1e-8 of the pair's size) means GJK intersects; GJK intersecting by more than the
/// accuracy means SAT finds no gap. Two fuzz findings set these limits: SAT's gap on an
/// axis is only a lower bound on the distance (on a sliver 1e9 times longer than wide,
/// two shapes 0.4 apart show a gap of 0.0025 on every edge normal, under the pair's
/// touching tolerance of 0.01, and SAT rightly calls them touching); and an edge only
/// 1.6e-11 of its polygon's size long has a normal good to about 1e-5 rad, so on a
/// needle 1e11 times longer than wide SAT measured an overlap of 1.2e-7 where GJK
/// measured a gap of 3.5e-8, both within 1e-8 of the size (25).
fn check_sat_agrees(a: &Shape, b: &Shape, q: &PairQuery) -> Result<(), Violation> {
    let declined = |s: &Shape| {
        matches!(s.geometry(), Geometry::Ellipse(_)) || s.is_concave() || s.geometry().is_rounded()
    };
    if declined(a) || declined(b) {
        return Ok(());
    }
    let slack = accuracy(a, b);
    let sat = Sat::new(a, b);
    let touch = sat.tolerance().touch;
    let outcome = sat.run();
    let penetration = outcome.penetration();
    if let Some((depth, normal)) = penetration {
        non_negative("SAT depth", depth)?;
        unit("SAT normal", normal)?;
    }
    let disagree = match outcome.intersects() {
        None => return Err(ViolationKind::SatHasNoAnswer.into()),
        Some(true) => {
            !q.intersects && penetration.is_some_and(|(d, _)| d > (4.0 * touch).max(slack))
        }
        Some(false) => q.intersects && q.depth > slack,
    };
    if disagree {
        return Err(ViolationKind::SatDisagrees {
            sat: outcome,
            intersects: q.intersects,
            distance: q.distance,
            depth: q.depth,
        }
        .into());
    }
    Ok(())
}

/// Every step and the result of one traced algorithm keep the contract.
fn check_trace(algorithm: Algorithm, a: &Shape, b: &Shape) -> Result<(), Violation> {
    let mut error = None;
    let mut steps = 0usize;
    let result = trace_each(algorithm, a, b, &mut |step| {
        steps += 1;
        if error.is_none() {
            error = check_json(&step, "")
                .err()
                .map(|e| e.within(format!("step {steps}")));
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    check_json(&result, "").map_err(|e| e.within("result"))
}

/// Walks a JSON value: `depth` and `distance` ≥ 0 (except the signed ones under
/// `candidates` and `edge`), `normal` and `axis` unit vectors.
pub fn check_json(v: &Value, path: &str) -> Result<(), Violation> {
    match v {
        Value::Object(map) => {
            for (key, value) in map {
                let here = format!("{path}.{key}");
                match (key.as_str(), value) {
                    ("depth" | "distance", Value::Number(n)) if !signed_by_design(path) => {
                        non_negative(&here, n.as_f64().unwrap_or(f64::NAN))?;
                    }
                    ("normal" | "axis", Value::Array(xy)) => {
                        let n = DVec2::new(
                            xy.first().and_then(Value::as_f64).unwrap_or(f64::NAN),
                            xy.get(1).and_then(Value::as_f64).unwrap_or(f64::NAN),
                        );
                        unit(&here, n)?;
                    }
                    _ => {}
                }
                check_json(value, &here)?;
            }
            Ok(())
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .try_for_each(|(i, item)| check_json(item, &format!("{path}[{i}]"))),
        _ => Ok(()),
    }
}

/// Whether a `depth` or `distance` under `path` is signed by design (see the module
/// documentation).
fn signed_by_design(path: &str) -> bool {
    path.contains("candidates") || path.ends_with(".edge")
}

/// Every event of every machine, written as RON, holds no `NaN` and no `inf`.
fn check_events(a: &Shape, b: &Shape) -> Result<(), Violation> {
    for (pa, pb) in convex_pairs(a, b) {
        no_non_finite("GJK", Gjk::new(&pa, &pb))?;
        no_non_finite("GJK distance", GjkDistance::new(&pa, &pb))?;
        no_non_finite("EPA", Epa::new(&pa, &pb))?;
        no_non_finite("pseudo-EPA", PseudoEpa::new(&pa, &pb))?;
        no_non_finite("SAT", Sat::new(&pa, &pb))?;
        no_non_finite("SAT-OBB", Sat::obb(&pa, &pb))?;
        no_non_finite("clipping", clipping(&pa, &pb))?;
    }
    Ok(())
}

/// The part pairs the machines run on (a convex pair is its own one).
fn convex_pairs(a: &Shape, b: &Shape) -> Vec<(Shape, Shape)> {
    let (pa, pb) = (a.parts(), b.parts());
    pa.iter()
        .flat_map(|x| pb.iter().map(move |y| (x.clone(), y.clone())))
        .collect()
}

fn no_non_finite<M: StepMachine>(name: &'static str, mut machine: M) -> Result<(), Violation> {
    let mut k = 0;
    while let Some(event) = machine.step() {
        k += 1;
        if let Some(token) = non_finite_token(&event) {
            return Err(ViolationKind::NonFiniteEvent {
                machine: name,
                step: k,
                token,
                event: format!("{event:?}"),
            }
            .into());
        }
    }
    Ok(())
}

/// `NaN` or `inf` in the RON text of a value, if any (RON writes them where JSON
/// writes `null`).
pub fn non_finite_token<T: Serialize>(value: &T) -> Option<&'static str> {
    let text = ron::to_string(value).unwrap_or_default();
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .find_map(|token| match token {
            "NaN" => Some("NaN"),
            "inf" => Some("inf"),
            _ => None,
        })
}

/// Sweep and prune over the shapes' boxes finds exactly the brute-force pairs.
pub fn check_sweep(shapes: &[Shape]) -> Result<(), Violation> {
    let aabbs: Vec<_> = shapes.iter().map(Shape::aabb).collect();
    let mut sap = SweepAndPrune::new();
    sap.set_all(&aabbs);
    let mut found = sap.update().to_vec();
    found.sort_unstable();
    let boxes: Vec<_> = aabbs.into_iter().map(Some).collect();
    let expected = brute_force_pairs(&boxes);
    if found != expected {
        return Err(ViolationKind::SweepMismatch { found, expected }.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ron_spells_nan_and_infinity() {
        assert_eq!(non_finite_token(&(1.0, f64::NAN)), Some("NaN"));
        assert_eq!(non_finite_token(&[f64::NEG_INFINITY]), Some("inf"));
        assert_eq!(non_finite_token(&("information", 1.5e300)), None);
    }

    /// A violation's message is the line the tests and fuzz targets printed when they
    /// were strings: the context, outermost first, then the rule with its numbers.
    #[test]
    fn a_violation_reads_as_its_context_and_its_rule() {
        let v = check_json(&serde_json::json!({"edge": {"normal": [0.0, 2.0]}}), "")
            .unwrap_err()
            .within("step 3")
            .within("trace epa");
        assert_eq!(
            v.kind,
            ViolationKind::NotUnit {
                what: ".edge.normal".into(),
                vector: DVec2::new(0.0, 2.0)
            }
        );
        assert_eq!(
            v.to_string(),
            "trace epa: step 3: .edge.normal [0, 2] is not a unit vector (length 2)"
        );
        let circle = |x: f64| {
            Shape::new(
                Geometry::Circle(crate::shapes::Circle { radius: 1.0 }),
                crate::shapes::Pose::new(DVec2::new(x, 0.0), 0.0),
            )
        };
        let (q, swapped) = (
            query::query(&circle(0.0), &circle(3.0)),
            query::query(&circle(3.0), &circle(1.5)),
        );
        let kind = ViolationKind::SwapChangesIntersects {
            query: Box::new(q.clone()),
            swapped: Box::new(swapped.clone()),
        };
        assert_eq!(
            kind.to_string(),
            format!(
                "swap changes intersects: {} vs {} (distance {} / {}, depth {} / {}; \
                 outcomes {:?} {:?} / {:?} {:?})",
                q.intersects,
                swapped.intersects,
                q.distance,
                swapped.distance,
                q.depth,
                swapped.depth,
                q.gjk_outcome,
                q.epa_outcome,
                swapped.gjk_outcome,
                swapped.epa_outcome
            )
        );
        let sat = Sat::new(&circle(0.0), &circle(3.0)).run();
        let kind = ViolationKind::SatDisagrees {
            sat,
            intersects: true,
            distance: 0.0,
            depth: 0.25,
        };
        assert_eq!(
            kind.to_string(),
            format!("SAT says {sat:?}, GJK intersects = true (distance 0, depth 0.25)")
        );
        for (kind, says) in [
            (
                ViolationKind::SwapChangesDistance {
                    distance: 1.0,
                    swapped: 1.5,
                },
                "swap changes the distance: 1 vs 1.5",
            ),
            (
                ViolationKind::PenetrationPointsNotFinite,
                "penetration() points are not finite",
            ),
            (
                ViolationKind::DistanceDisagrees,
                "distance() and query() disagree on intersects",
            ),
            (
                ViolationKind::SatHasNoAnswer,
                "SAT has no answer for polygons and circles",
            ),
            (
                ViolationKind::NonFiniteEvent {
                    machine: "EPA",
                    step: 4,
                    token: "NaN",
                    event: "Expand { w: [NaN, 0.0] }".into(),
                },
                "EPA step 4: `NaN` in Expand { w: [NaN, 0.0] }",
            ),
            (
                ViolationKind::SweepMismatch {
                    found: vec![(0, 1)],
                    expected: vec![(0, 1), (1, 2)],
                },
                "sweep and prune found [(0, 1)], brute force [(0, 1), (1, 2)]",
            ),
        ] {
            assert_eq!(kind.to_string(), says);
        }
    }
}
