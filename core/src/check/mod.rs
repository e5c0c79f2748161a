//! Checking a learner's own implementation: a trace in gjk-lab's trace format
//! (`docs/trace-format.md`, version [`TRACE_VERSION`]) replayed against what must be
//! true of every step, and its answer against gjk-lab's run on the same pair.
//!
//! Two correct implementations of GJK can take entirely different steps (another
//! first direction, another of two tied support points, the simplex in another
//! order), so the check never compares the learner's sequence with gjk-lab's point
//! by point. It keeps the learner's own state (their simplex, their polytope, the
//! axes they tested) and asks of every step what any correct implementation's step
//! satisfies:
//!
//! - a **support point** is a farthest point of A along `d` and of B along `−d`
//!   (ties allowed: any point of a farthest edge), and `p = a − b`;
//! - the **simplex after a reduction** is the feature of the previous simplex plus the
//!   new point nearest the origin, as a set (order free; on a tie either feature);
//! - the **direction** points from that feature's nearest point to the origin;
//! - GJK does not go on once a support point repeats a simplex point (no progress);
//! - EPA's **closest edge** is an edge of its polytope, nearest the origin, with its
//!   outward normal, and each new point splits that edge;
//! - each SAT **axis** is a unit vector and its overlap is the true overlap of the
//!   two shadows;
//! - the **verdict and the answer** (intersecting, distance, depth, a normal along
//!   which that depth is a way out) agree with gjk-lab's.
//!
//! The first step that breaks one of these is the divergence: the report says what
//! the rule wanted, what gjk-lab did at its own step of that kind, and, when the
//! numbers match a known failure ([`Cause`]), its likely cause.

pub mod geom;
pub mod read;
pub mod stage;

mod epa;
mod gjk;
mod sat;
mod support;

use crate::algorithms::Algorithm;
use crate::query::compound;
use crate::shapes::Shape;
use crate::trace::{trace, Trace};
use geom::{Body, Tolerances};
use glam::DVec2;
pub use read::{
    read, CircleSupport, Line, NormalConvention, Touching, TraceError, TraceFile, TRACE_VERSION,
};
use serde::Serialize;
use serde_json::Value;

/// The algorithms `gjk-lab check` replays.
pub const CHECKED: [Algorithm; 4] = [
    Algorithm::Gjk,
    Algorithm::Distance,
    Algorithm::Epa,
    Algorithm::Sat,
];

/// A known way implementations go wrong, recognised from the numbers of the step
/// where a trace diverges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// The loop has no progress test: a support point repeats a simplex point, or one
    /// the search dropped returns and rebuilds a simplex it had, and the search goes
    /// on, cycling (seed 001).
    NoProgressTest,
    /// The shapes touch, the search (rightly) goes on past a support value of 0, and
    /// with no progress test it cycles: the fix for touching turned into an endless
    /// loop.
    TouchingLoop,
    /// The ellipse's "support" is the boundary point at the angle of `d` (seed 001).
    EllipseAngleSupport,
    /// B's support taken along `d` instead of `−d` (or A's along `−d`).
    SupportSign,
    /// The direction points away from the origin: the triple product's factors in
    /// the wrong order, or the perpendicular on the wrong side.
    DirectionAwayFromOrigin,
    /// After the first support point the direction is that point, not its negation.
    DirectionNotNegated,
    /// The segment's direction is rounding noise: the triple product cancels when the
    /// origin lies (almost) on the segment's line.
    TripleProductCancellation,
    /// A search along a zero direction: the origin lies on the segment (touching).
    ZeroDirection,
    /// The simplex kept more than the feature nearest the origin.
    NotReduced,
    /// The reduction kept a feature of the simplex, but not the one nearest the
    /// origin (the wrong pair of points).
    WrongFeatureKept,
    /// The numbers are off by float (`f32`) rounding of world coordinates far from the
    /// origin.
    Float32Storage,
    /// The trace is of `B − A`: A and B swapped.
    BMinusA,
    /// The support points belong to no difference of this pair: a trace of another
    /// scene or pair.
    AnotherPair,
    /// The answer's normal points the other way: from B towards A (an edge normal of
    /// EPA's polytope pointing inwards is [`Cause::InwardEdgeNormal`]).
    WrongNormalSign,
    /// EPA stopped while its support point was still measurably past the edge.
    EpaToleranceTooLoose,
    /// Touching shapes (a support value or an overlap of 0) called separated.
    MissingTouchingCase,
    /// SAT never tested an axis that decides the answer.
    MissedAxis,
    /// SAT found a separating axis and did not stop there.
    IgnoredSeparatingAxis,
    /// A SAT axis that is not of unit length: its overlaps are not distances.
    AxisNotNormalized,
    /// EPA's new point was not put between the two points of the edge it split.
    WrongInsertion,
    /// GJK distance stopped while a support point could still bring it closer.
    StoppedEarly,
    /// An EPA edge's normal points into the polytope (the other perpendicular).
    InwardEdgeNormal,
    /// An EPA edge's normal is not of unit length, so `n·p` is not the edge's
    /// distance.
    EdgeNormalNotNormalized,
    /// An EPA edge's distance taken from one of its vertices (`|p|`), not from its
    /// line (`n·p`).
    EdgeDistanceFromVertex,
    /// EPA went on after a support point no farther than its edge (already a vertex):
    /// the stop test is missing, or absolute and below the rounding at this scale.
    EpaMissingStop,
    /// A SAT shadow narrower than the shape's: not every vertex projected (or a
    /// circle's radius left out).
    NarrowShadow,
    /// SAT's overlap taken as `a₁ − b₀` only (or `b₁ − a₀` only), not the smaller of
    /// the two.
    OneSidedOverlap,
}

impl Cause {
    /// What went wrong, in one sentence (the fix: [`Cause::fix`]).
    pub fn explain(&self) -> &'static str {
        match self {
            Cause::NoProgressTest => "no progress test: the support point is one the search already has (a point of the simplex, or one it dropped and now finds again, rebuilding a simplex it had), so the rounds from here repeat forever",
            Cause::TouchingLoop => "the shapes touch: the support point reaches exactly 0 past the origin, `< 0` (rightly) lets the search go on, and with no progress test it goes on with a point it already has, round after round unless something else stops it — the fix for touching turned a wrong answer into an endless loop",
            Cause::EllipseAngleSupport => "the ellipse's support point is taken at the angle of d, (a cos φ, b sin φ), which is not its farthest point along d",
            Cause::SupportSign => "a support taken along the wrong sign of d: B's point is its farthest along d (or A's along −d)",
            Cause::DirectionAwayFromOrigin => "the search direction points away from the origin",
            Cause::DirectionNotNegated => "after the first support point the search direction is that point itself, which points away from the origin",
            Cause::TripleProductCancellation => "the direction is rounding noise: the origin lies (almost) on the segment's line, so the triple product (AB × AO) × AB cancels to nearly zero against the size of its factors",
            Cause::ZeroDirection => "the search direction is zero: the origin lies on the simplex's segment (the triple product vanishes), so the shapes touch",
            Cause::NotReduced => "the simplex was not reduced to the feature nearest the origin (Voronoi regions): a point whose region does not hold the origin was kept",
            Cause::WrongFeatureKept => "the reduction kept the wrong points: a feature of the simplex, but not the one nearest the origin",
            Cause::Float32Storage => "the numbers are off by what float (f32) storage rounds away from world coordinates this far from the origin (f32 keeps about 7 digits: at 10⁶, steps of 0.06)",
            Cause::BMinusA => "the trace is of B − A: its support points are B's points minus A's (A and B swapped)",
            Cause::AnotherPair => "none of the trace's support points lies on this pair's A − B (nor on B − A): a trace of another scene or pair, or a support point that is not a − b",
            Cause::WrongNormalSign => "the normal's sign: it points from B towards A",
            Cause::EpaToleranceTooLoose => "EPA's stopping tolerance is too loose: it stopped while the new support point was still measurably beyond the closest edge",
            Cause::MissingTouchingCase => "touching shapes called separated: a support value (or an overlap) of exactly 0 means touching, which counts as intersecting",
            Cause::MissedAxis => "an axis SAT must test was never tested",
            Cause::IgnoredSeparatingAxis => "an axis with a gap (a negative overlap) separates the shapes, and SAT went on",
            Cause::AxisNotNormalized => "the axis is not normalised: overlaps measured along it are scaled by its length, and the smallest one is not the depth",
            Cause::WrongInsertion => "EPA's new point was not put between the two points of the edge it was found from, so the polytope crosses itself",
            Cause::StoppedEarly => "GJK distance stopped too early: the new support point still brought the simplex measurably closer",
            Cause::InwardEdgeNormal => "the edge's normal points into the polytope: for a counter-clockwise polytope the outward normal of the edge p→q is (e.y, −e.x) with e = q − p, and (−e.y, e.x) is the inward one — every distance then comes out negative, and the closest edge is chosen wrong",
            Cause::EdgeNormalNotNormalized => "the edge's normal is not of unit length: n·p is then the edge's distance times |n|, so longer edges look farther than they are and the closest edge is chosen wrong",
            Cause::EdgeDistanceFromVertex => "the edge's distance is one of its vertices' distance from the origin, |p|, not the distance of the edge's line, n·p: the two differ unless the origin's nearest point on the line is that vertex",
            Cause::EpaMissingStop => "EPA went on after a support point no farther than the closest edge (w·n − e.d within rounding of 0, w already a vertex): that edge lies on the boundary of A − B and the polytope cannot grow there — the stop test is missing, or its tolerance is absolute and smaller than the rounding at this scale, so the rounds go on to the cap",
            Cause::NarrowShadow => "the shadow is narrower than the shape's: its [min, max] was taken over some of the vertices only (two of them, say), or a circle's radius was left out",
            Cause::OneSidedOverlap => "the overlap is taken as a₁ − b₀ only (or b₁ − a₀ only): when B's shadow lies on the other side of A's, that term is large though the shadows overlap little, or not at all",
        }
    }

    /// The fix, in one sentence.
    pub fn fix(&self) -> &'static str {
        match self {
            Cause::NoProgressTest => "stop when w is already a point of the simplex, or when it brings the simplex no closer to the origin: |v|² − v·w ≤ ε|v|²",
            Cause::TouchingLoop => "keep `< 0`, and stop when the origin lies on the simplex (|v| = 0, or a segment direction of 0) or when w is already in the simplex: the shapes touch (intersecting; apart if your result line says \"touching\": \"apart\")",
            Cause::EllipseAngleSupport => "in the ellipse's frame its farthest point along d is (a²dx, b²dy)/‖(a·dx, b·dy)‖; rotate it and move it to the world",
            Cause::SupportSign => "w = support_A(d) − support_B(−d)",
            Cause::DirectionAwayFromOrigin => "for a segment AB with A the newest point, d = (AB × AO) × AB: check the order of the triple product's factors, or the side of the perpendicular",
            Cause::DirectionNotNegated => "with one point A in the simplex, the next direction is AO = −A, towards the origin",
            Cause::TripleProductCancellation => "when |d| is tiny against |AB|²·|AO| (below 1e-10 of it, say), take the origin as on the segment and stop (touching), or take the perpendicular of AB on the origin's side directly",
            Cause::ZeroDirection => "stop there: the origin lies on the simplex, the shapes touch (intersecting; apart if your result line says \"touching\": \"apart\"); a support point along a zero direction means nothing",
            Cause::NotReduced => "keep only the feature nearest the origin: a triangle around it, else the edge or the point whose Voronoi region holds it",
            Cause::WrongFeatureKept => "with A the newest point of triangle ABC, the origin is beyond AB when AB⊥·AO > 0 (keep A and B), beyond AC when AC⊥·AO > 0 (keep A and C), else inside; AB⊥ = (AC × AB) × AB points away from C: check which pair each test keeps",
            Cause::Float32Storage => "store coordinates as double (f64), or work relative to one shape's position (subtract it from both shapes first: A − B does not change)",
            Cause::BMinusA => "check the trace with A and B swapped (--pair J,I), or compute support_A(d) − support_B(−d)",
            Cause::AnotherPair => "trace the pair you check (--pair I,J; `gjk-lab world SCENE --pair I,J` prints it), and check that the support point is a − b",
            Cause::WrongNormalSign => "flip it, or fix the winding; state \"normal_convention\": \"b_to_a\" on the result line if that is your convention",
            Cause::EpaToleranceTooLoose => "a tolerance relative to the shapes' size, e.g. stop when w·n − d ≤ 1e-10 × size",
            Cause::MissingTouchingCase => "test `< 0` (or `< −tolerance`), not `<= 0` — and then add a progress test (stop when w is already in the simplex, or when the origin lies on the simplex), or a touching pair loops forever; if touching is apart in your library, say \"touching\": \"apart\" on the result line",
            Cause::MissedAxis => "test every edge normal of A and of B (and, with a circle, the axis through its centre and the nearest vertex)",
            Cause::IgnoredSeparatingAxis => "stop at the first axis with a gap and answer \"separated\"",
            Cause::AxisNotNormalized => "normalise each edge normal before projecting",
            Cause::WrongInsertion => "insert the new point at the edge's index + 1",
            Cause::StoppedEarly => "a tighter progress tolerance, relative to the shapes' size",
            Cause::InwardEdgeNormal => "n = (e.y, −e.x)/|e| with e = q − p for the edge p→q of a counter-clockwise polytope (a clockwise one needs the other sign)",
            Cause::EdgeNormalNotNormalized => "divide (e.y, −e.x) by its length |e| before taking the distance n·p",
            Cause::EdgeDistanceFromVertex => "distance = n·p with n the unit outward normal (p either end of the edge: both give the same)",
            Cause::EpaMissingStop => "stop when w·n − e.d ≤ ε with ε relative to the shapes' size (1e-9 × their width, say): the depth is e.d and the normal n; and keep a cap on the rounds",
            Cause::NarrowShadow => "project every vertex: [min over v of v·n, max over v of v·n]; a circle's shadow is [c·n − r, c·n + r]",
            Cause::OneSidedOverlap => "overlap = min(a₁ − b₀, b₁ − a₀): the shadows overlap by the smaller of the two, and a negative one is a gap",
        }
    }
}

/// The first step where a trace diverges from what a correct implementation does.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Divergence {
    /// The line of the file.
    pub line: usize,
    /// The step as the file numbers it (`index`, else the line).
    pub step: usize,
    /// The line's kind.
    pub kind: String,
    /// The rule the step breaks ("support point", "reduction", …).
    pub rule: String,
    /// What the file says.
    pub found: String,
    /// What a correct step is.
    pub expected: String,
    /// What gjk-lab did at its own step of this kind (or at its end).
    pub gjk_lab: String,
    /// The likely cause, when the numbers match a known failure.
    pub cause: Option<Cause>,
    /// The cause in a sentence ([`Cause::explain`]).
    pub likely_cause: Option<String>,
    /// Its fix in a sentence ([`Cause::fix`]).
    pub fix: Option<String>,
    /// Where the learner's step is, for drawing: the points it names (world).
    pub points: Vec<DVec2>,
}

/// What `check` found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The algorithm.
    pub algorithm: String,
    /// Whether the trace agrees (no divergence).
    pub agree: bool,
    /// Step lines in the file.
    pub steps: usize,
    /// Support points (GJK, distance, EPA) or axes (SAT) in the file.
    pub supports: usize,
    /// gjk-lab's own step count on the pair.
    pub gjk_lab_steps: usize,
    /// The tolerance a step is held to (`1e-6 ×` the pair's size).
    pub tolerance: f64,
    /// The tolerance the answer is held to (`1e-5 ×` the pair's size).
    pub answer_tolerance: f64,
    /// The first divergence, if any.
    pub divergence: Option<Divergence>,
    /// The learner's support points in order (world), for drawing.
    pub learner_points: Vec<DVec2>,
    /// The stage of `examples/your-gjk` the trace was judged to (`stage` on its
    /// result line, or `check --stage`); `None`: the whole algorithm.
    pub stage: Option<u8>,
    /// When a trace stopped at a stage agrees: the next stage to write.
    pub next_stage: Option<stage::NextStage>,
    /// Why the check ended before the end of the trace, or what the trace did not
    /// reach (a run of a stage that met a case only a later stage handles).
    pub note: Option<String>,
}

/// A broken rule, before it is placed at its line.
#[derive(Clone, Debug)]
pub(crate) struct Finding {
    pub rule: &'static str,
    pub found: String,
    pub expected: String,
    pub cause: Option<Cause>,
    pub points: Vec<DVec2>,
}

impl Finding {
    pub fn new(rule: &'static str, found: String, expected: String) -> Self {
        Finding {
            rule,
            found,
            expected,
            cause: None,
            points: vec![],
        }
    }

    pub fn cause(mut self, cause: Option<Cause>) -> Self {
        self.cause = cause;
        self
    }

    pub fn at(mut self, points: &[DVec2]) -> Self {
        self.points = points.to_vec();
        self
    }
}

/// Why a replay stopped before the end of the file.
pub(crate) enum Stop {
    /// The file is malformed (exit code 2).
    Bad(TraceError),
    /// A step breaks a rule: the line, the rule, and gjk-lab's step of the same
    /// kind to show beside it (its kind and 1-based ordinal; `None`: its result).
    Diverged(usize, Box<Finding>, Option<(&'static str, usize)>),
    /// A trace written up to a stage reached a case only a later stage handles:
    /// everything before it agrees, and the check ends there (where and why).
    Beyond(String),
}

impl Stop {
    /// A divergence at `line` (see [`Stop::Diverged`]).
    pub fn diverged(line: usize, finding: Finding, at: Option<(&'static str, usize)>) -> Self {
        Stop::Diverged(line, Box::new(finding), at)
    }
}

impl From<TraceError> for Stop {
    fn from(e: TraceError) -> Self {
        Stop::Bad(e)
    }
}

/// What a replay shares: the two bodies, the tolerances, the file's conventions,
/// gjk-lab's own run, and the learner's support points so far.
pub(crate) struct Context<'s> {
    pub a: Body<'s>,
    pub b: Body<'s>,
    pub tol: Tolerances,
    pub file: &'s TraceFile,
    pub ours: &'s Trace,
    pub supports: Vec<DVec2>,
    /// No support point of the file lies on this pair (either way round): a trace of
    /// another scene or pair.
    pub foreign: bool,
    /// The pair touches: gjk-lab calls it intersecting at a depth within the step
    /// tolerance.
    pub touches: bool,
}

impl Context<'_> {
    /// The margin the file's circles leave out (0 unless `circle_support` is core).
    pub fn margin(&self) -> f64 {
        self.a.margin() + self.b.margin()
    }

    /// gjk-lab's own result line.
    pub fn ours_result(&self) -> &Value {
        &self.ours.result
    }

    /// The stage the trace is judged to (the last of `algorithm`'s, for a whole run).
    pub fn stage(&self, algorithm: Algorithm) -> u8 {
        self.file.stage.unwrap_or(stage::count(algorithm))
    }

    /// Whether the trace stops below `algorithm`'s last stage.
    pub fn partial(&self, algorithm: Algorithm) -> bool {
        self.stage(algorithm) < stage::count(algorithm)
    }

    /// Whether the verdict `theirs` is right: gjk-lab's, or, for a touching pair in a
    /// file that counts touching as apart, either (at exactly 0 the rounding decides).
    pub fn verdict_right(&self, theirs: bool) -> bool {
        let ours = self.ours_result()["intersects"].as_bool().unwrap_or(false);
        theirs == ours || (self.touches && self.file.touching == Touching::Apart)
    }

    /// The right verdict in words, for a report.
    pub fn verdict_wanted(&self) -> String {
        let ours = self.ours_result()["intersects"].as_bool().unwrap_or(false);
        match (ours, self.touches, self.file.touching) {
            (true, true, Touching::Intersecting) => "intersecting: the shapes touch, and touching counts as intersecting (say \"touching\": \"apart\" on the result line if your library calls it apart)".into(),
            (true, _, _) => "intersecting (touching counts as intersecting)".into(),
            (false, _, _) => "separated".into(),
        }
    }

    /// The sentence for gjk-lab's `ordinal`-th step of `kind` (its result when it
    /// has no such step), and whether its run matched the learner's so far.
    fn describe_ours(&self, at: Option<(&str, usize)>) -> String {
        let event = at.and_then(|(kind, k)| {
            self.ours
                .steps
                .iter()
                .filter(|e| e["kind"] == kind)
                .nth(k.saturating_sub(1))
                .map(|e| (kind, k, e))
        });
        let text = match event {
            Some((kind, k, e)) => format!(
                "its {} {kind} step (step {}): {}",
                ordinal(k),
                e["index"],
                summarize(e)
            ),
            None => match at {
                Some((kind, k)) => format!(
                    "it had no {} {kind} step; it ended: {}",
                    ordinal(k),
                    summarize(&self.ours.result)
                ),
                None => format!("it ended: {}", summarize(&self.ours.result)),
            },
        };
        let ours: Vec<DVec2> = self
            .ours
            .steps
            .iter()
            .filter(|e| e["kind"] == "support" || e["kind"] == "axis")
            .filter_map(|e| {
                let p = &e["support"]["p"];
                let p = if p.is_null() { &e["axis"] } else { p };
                Some(DVec2::new(p[0].as_f64()?, p[1].as_f64()?))
            })
            .collect();
        let n = self.supports.len();
        let same = n > 0
            && ours.len() >= n
            && ours[..n]
                .iter()
                .zip(&self.supports)
                .all(|(p, q)| (*p - *q).length() <= self.tol.step);
        if same {
            format!("{text} (gjk-lab's run matched yours up to here)")
        } else {
            format!("{text} (gjk-lab's run took other steps before this one)")
        }
    }
}

/// "1st", "2nd", "3rd", "4th", …: an ordinal as ASCII text (the window's labels and the
/// reports share it).
pub fn ordinal(k: usize) -> String {
    let suffix = match (k % 10, k % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{k}{suffix}")
}

fn point(v: &Value) -> Option<DVec2> {
    let p = if v.get("p").is_some() { &v["p"] } else { v };
    Some(DVec2::new(p[0].as_f64()?, p[1].as_f64()?))
}

/// One step of a trace gjk-lab writes (or its result line) in a sentence: "w = (4,
/// 2) (a = …, b = …) along d = …", "kept {(4, 2), (−8, −2)}", "done (converged)".
pub fn describe_step(e: &Value) -> String {
    summarize(e)
}

/// One of gjk-lab's own events (or its result) in a sentence.
fn summarize(e: &Value) -> String {
    let pts = |key: &str| -> String {
        let list: Vec<DVec2> = e[key]
            .as_array()
            .map(|a| a.iter().filter_map(point).collect())
            .unwrap_or_default();
        geom::set(&list)
    };
    let vec = |x: &Value| point(x).map_or("none".to_string(), geom::v);
    let num = |x: &Value| x.as_f64().map_or("none".to_string(), geom::num);
    match e["kind"].as_str().unwrap_or_default() {
        "start" if e.get("polytope").is_some() => format!("polytope {}", pts("polytope")),
        "start" => format!("first direction {}", vec(&e["direction"])),
        "support" => format!(
            "w = {} (a = {}, b = {}) along d = {}",
            vec(&e["support"]["p"]),
            vec(&e["support"]["a"]),
            vec(&e["support"]["b"]),
            vec(&e["direction"])
        ),
        "added" => format!("simplex {}", pts("simplex")),
        "region" => format!("kept {}", pts("simplex")),
        "closest_point" => format!(
            "closest point v = {}, distance {}",
            vec(&e["point"]),
            num(&e["distance"])
        ),
        "direction" => format!("d = {}", vec(&e["direction"])),
        "closest_edge" => format!(
            "closest edge {}–{} at distance {}, normal {}",
            vec(&e["from"]),
            vec(&e["to"]),
            num(&e["edge"]["distance"]),
            vec(&e["edge"]["normal"])
        ),
        "inserted" => format!("inserted {}", vec(&e["point"])),
        "axis" => format!("axis {}, overlap {}", vec(&e["axis"]), num(&e["overlap"])),
        "done" => format!("done ({})", e["outcome"]["reason"].as_str().unwrap_or("?")),
        "result" => {
            let mut parts = vec![format!("intersects {}", e["intersects"])];
            for key in ["distance", "depth"] {
                if e[key].is_number() {
                    parts.push(format!("{key} {}", num(&e[key])));
                }
            }
            if e["normal"].is_array() {
                parts.push(format!("normal {}", vec(&e["normal"])));
            }
            parts.join(", ")
        }
        other => other.to_string(),
    }
}

/// Checks a trace of `algorithm` on shapes `a` and `b` (world). With a concave shape
/// the check runs on the decisive part pair, as `gjk-lab trace` does. `Err` when the
/// file is malformed (or is a trace of another algorithm): the line and why.
pub fn check(
    algorithm: Algorithm,
    a: &Shape,
    b: &Shape,
    file: &TraceFile,
) -> Result<Report, TraceError> {
    if file.algorithm != algorithm.name() {
        return Err(TraceError {
            line: file.result.number,
            message: format!(
                "a trace of `{}`, checked as `{}`",
                file.algorithm,
                algorithm.name()
            ),
        });
    }
    if !CHECKED.contains(&algorithm) {
        return Err(TraceError {
            line: file.result.number,
            message: format!(
                "`{}` is not an algorithm check replays (gjk, distance, epa, sat)",
                algorithm.name()
            ),
        });
    }
    let (a, b) = if a.is_concave() || b.is_concave() {
        let [i, j] = compound::decisive(a, b).parts;
        (a.parts()[i].clone(), b.parts()[j].clone())
    } else {
        (a.clone(), b.clone())
    };
    let ours = trace(algorithm, &a, &b);
    let tol = Tolerances::for_pair(&a, &b);
    let mut cx = Context {
        a: Body::new(&a, file.circles),
        b: Body::new(&b, file.circles),
        tol,
        file,
        ours: &ours,
        supports: vec![],
        foreign: false,
        touches: {
            let q = crate::query::query(&a, &b);
            q.intersects && q.depth <= tol.step
        },
    };
    cx.foreign = cx.find_foreign();
    let outcome = match algorithm {
        Algorithm::Gjk | Algorithm::Distance => {
            gjk::replay(&mut cx, algorithm == Algorithm::Distance)
        }
        Algorithm::Epa => epa::replay(&mut cx),
        _ => sat::replay(&mut cx),
    };
    let mut note = None;
    let divergence = match outcome {
        Ok(()) => None,
        Err(Stop::Bad(e)) => return Err(e),
        Err(Stop::Beyond(why)) => {
            note = Some(why);
            None
        }
        Err(Stop::Diverged(line, finding, at)) => {
            let l = file
                .steps
                .iter()
                .chain(std::iter::once(&file.result))
                .find(|l| l.number == line)
                .expect("a divergence is at a line of the file");
            Some(Divergence {
                line,
                step: l.step(),
                kind: l.kind().to_string(),
                rule: finding.rule.to_string(),
                found: finding.found,
                expected: finding.expected,
                gjk_lab: cx.describe_ours(at),
                cause: finding.cause,
                likely_cause: finding.cause.map(|c| c.explain().to_string()),
                fix: finding.cause.map(|c| c.fix().to_string()),
                points: finding.points,
            })
        }
    };
    let agree = divergence.is_none();
    if agree && note.is_none() {
        let answered = file
            .result
            .value
            .get("intersects")
            .is_some_and(Value::is_boolean);
        note = stage::unreached(algorithm, file.stage, answered);
    }
    Ok(Report {
        algorithm: algorithm.name().to_string(),
        next_stage: file
            .stage
            .filter(|_| agree)
            .and_then(|k| stage::next(algorithm, k)),
        stage: file.stage,
        note,
        agree,
        steps: file.steps.len(),
        supports: cx.supports.len(),
        gjk_lab_steps: ours.steps.len(),
        tolerance: tol.step,
        answer_tolerance: tol.answer,
        divergence,
        learner_points: cx.supports.clone(),
    })
}

impl Report {
    /// The algorithm the report is of, when it is written stage by stage.
    fn staged(&self) -> Option<Algorithm> {
        stage::algorithm_named(&self.algorithm)
    }

    /// How many stages its algorithm has (0: not written stage by stage).
    fn stages(&self) -> u8 {
        self.staged().map_or(0, stage::count)
    }

    /// The title of its algorithm's stage `k`.
    fn stage_title(&self, k: u8) -> &'static str {
        self.staged().map_or("", |a| stage::title(a, k))
    }

    /// The report as the command line prints it: one line when the trace agrees; the
    /// divergence, gjk-lab's step and the likely cause when it does not.
    pub fn to_text(&self, file_name: &str) -> String {
        let mut s = match &self.divergence {
            None => format!(
                "{file_name}: agrees with gjk-lab's {}{} ({} steps, {} {}; gjk-lab took {} steps; tolerance {:.1e} a step, {:.1e} on the answer)\n",
                self.algorithm,
                match (self.stage, self.stages()) {
                    (Some(k), last) if k == last => format!(" — every stage, 1 to {last}"),
                    (Some(k), _) => format!(" up to stage {k}, {}", self.stage_title(k)),
                    (None, _) => String::new(),
                },
                self.steps,
                self.supports,
                match (self.algorithm == "sat", self.supports == 1) {
                    (true, true) => "axis",
                    (true, false) => "axes",
                    (false, true) => "support point",
                    (false, false) => "support points",
                },
                self.gjk_lab_steps,
                self.tolerance,
                self.answer_tolerance
            ),
            Some(d) => {
                let mut s = format!(
                    "{file_name}:{}: diverges at step {} ({}): {}\n  yours:    {}\n  expected: {}\n  gjk-lab:  {}\n",
                    d.line, d.step, d.kind, d.rule, d.found, d.expected, d.gjk_lab
                );
                if let Some(c) = d.cause {
                    s += &format!("  likely cause: {}\n  fix: {}\n", c.explain(), c.fix());
                }
                if let Some(k) = self.stage {
                    s += &format!("  stage: {k}, {}\n", self.stage_title(k));
                }
                s
            }
        };
        if let Some(note) = &self.note {
            s += &format!("  note: {note}\n");
        }
        if let Some(next) = &self.next_stage {
            s += &format!(
                "  next: stage {}, {}: {}\n",
                next.stage, next.title, next.what
            );
        }
        s
    }
}
