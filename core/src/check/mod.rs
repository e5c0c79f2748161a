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
pub mod text;

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
use text::text;
pub use text::{Arg, Text};

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
    /// Every cause, in the order they are declared.
    pub const ALL: [Cause; 27] = [
        Cause::NoProgressTest,
        Cause::TouchingLoop,
        Cause::EllipseAngleSupport,
        Cause::SupportSign,
        Cause::DirectionAwayFromOrigin,
        Cause::DirectionNotNegated,
        Cause::TripleProductCancellation,
        Cause::ZeroDirection,
        Cause::NotReduced,
        Cause::WrongFeatureKept,
        Cause::Float32Storage,
        Cause::BMinusA,
        Cause::AnotherPair,
        Cause::WrongNormalSign,
        Cause::EpaToleranceTooLoose,
        Cause::MissingTouchingCase,
        Cause::MissedAxis,
        Cause::IgnoredSeparatingAxis,
        Cause::AxisNotNormalized,
        Cause::WrongInsertion,
        Cause::StoppedEarly,
        Cause::InwardEdgeNormal,
        Cause::EdgeNormalNotNormalized,
        Cause::EdgeDistanceFromVertex,
        Cause::EpaMissingStop,
        Cause::NarrowShadow,
        Cause::OneSidedOverlap,
    ];

    /// The message ids of its sentence and of its fix (`check-cause-…`, `check-fix-…`).
    fn ids(&self) -> (&'static str, &'static str) {
        match self {
            Cause::NoProgressTest => ("check-cause-no-progress-test", "check-fix-no-progress-test"),
            Cause::TouchingLoop => ("check-cause-touching-loop", "check-fix-touching-loop"),
            Cause::EllipseAngleSupport => (
                "check-cause-ellipse-angle-support",
                "check-fix-ellipse-angle-support",
            ),
            Cause::SupportSign => ("check-cause-support-sign", "check-fix-support-sign"),
            Cause::DirectionAwayFromOrigin => (
                "check-cause-direction-away-from-origin",
                "check-fix-direction-away-from-origin",
            ),
            Cause::DirectionNotNegated => (
                "check-cause-direction-not-negated",
                "check-fix-direction-not-negated",
            ),
            Cause::TripleProductCancellation => (
                "check-cause-triple-product-cancellation",
                "check-fix-triple-product-cancellation",
            ),
            Cause::ZeroDirection => ("check-cause-zero-direction", "check-fix-zero-direction"),
            Cause::NotReduced => ("check-cause-not-reduced", "check-fix-not-reduced"),
            Cause::WrongFeatureKept => (
                "check-cause-wrong-feature-kept",
                "check-fix-wrong-feature-kept",
            ),
            Cause::Float32Storage => ("check-cause-float32-storage", "check-fix-float32-storage"),
            Cause::BMinusA => ("check-cause-b-minus-a", "check-fix-b-minus-a"),
            Cause::AnotherPair => ("check-cause-another-pair", "check-fix-another-pair"),
            Cause::WrongNormalSign => (
                "check-cause-wrong-normal-sign",
                "check-fix-wrong-normal-sign",
            ),
            Cause::EpaToleranceTooLoose => (
                "check-cause-epa-tolerance-too-loose",
                "check-fix-epa-tolerance-too-loose",
            ),
            Cause::MissingTouchingCase => (
                "check-cause-missing-touching-case",
                "check-fix-missing-touching-case",
            ),
            Cause::MissedAxis => ("check-cause-missed-axis", "check-fix-missed-axis"),
            Cause::IgnoredSeparatingAxis => (
                "check-cause-ignored-separating-axis",
                "check-fix-ignored-separating-axis",
            ),
            Cause::AxisNotNormalized => (
                "check-cause-axis-not-normalized",
                "check-fix-axis-not-normalized",
            ),
            Cause::WrongInsertion => ("check-cause-wrong-insertion", "check-fix-wrong-insertion"),
            Cause::StoppedEarly => ("check-cause-stopped-early", "check-fix-stopped-early"),
            Cause::InwardEdgeNormal => (
                "check-cause-inward-edge-normal",
                "check-fix-inward-edge-normal",
            ),
            Cause::EdgeNormalNotNormalized => (
                "check-cause-edge-normal-not-normalized",
                "check-fix-edge-normal-not-normalized",
            ),
            Cause::EdgeDistanceFromVertex => (
                "check-cause-edge-distance-from-vertex",
                "check-fix-edge-distance-from-vertex",
            ),
            Cause::EpaMissingStop => ("check-cause-epa-missing-stop", "check-fix-epa-missing-stop"),
            Cause::NarrowShadow => ("check-cause-narrow-shadow", "check-fix-narrow-shadow"),
            Cause::OneSidedOverlap => (
                "check-cause-one-sided-overlap",
                "check-fix-one-sided-overlap",
            ),
        }
    }

    /// What went wrong, in one sentence (the fix: [`Cause::fix`]).
    pub fn explain(&self) -> &'static str {
        text::english(self.ids().0)
    }

    /// The fix, in one sentence.
    pub fn fix(&self) -> &'static str {
        text::english(self.ids().1)
    }

    /// [`Cause::explain`] as a sentence a window can show in its language.
    pub fn explain_text(&self) -> Text {
        Text::new(self.ids().0)
    }

    /// [`Cause::fix`] as a sentence a window can show in its language.
    pub fn fix_text(&self) -> Text {
        Text::new(self.ids().1)
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
    /// The rule, yours, expected and gjk-lab's step as sentences a window can show
    /// in its language (the fields above are their English).
    #[serde(skip)]
    pub text: DivergenceText,
}

/// A divergence's sentences ([`Divergence::rule`], [`Divergence::found`],
/// [`Divergence::expected`], [`Divergence::gjk_lab`]) as [`Text`].
#[derive(Clone, Debug, PartialEq)]
pub struct DivergenceText {
    /// The rule's name.
    pub rule: Text,
    /// What the file says.
    pub found: Text,
    /// What a correct step is.
    pub expected: Text,
    /// What gjk-lab did at its own step of this kind (or at its end).
    pub gjk_lab: Text,
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
    /// [`Report::note`] as a sentence a window can show in its language.
    #[serde(skip)]
    pub note_text: Option<Text>,
}

/// A broken rule, before it is placed at its line.
#[derive(Clone, Debug)]
pub(crate) struct Finding {
    pub rule: &'static str,
    pub found: Text,
    pub expected: Text,
    pub cause: Option<Cause>,
    pub points: Vec<DVec2>,
}

impl Finding {
    pub fn new(rule: &'static str, found: Text, expected: Text) -> Self {
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
    Beyond(Text),
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
    pub fn verdict_wanted(&self) -> Text {
        let ours = self.ours_result()["intersects"].as_bool().unwrap_or(false);
        match (ours, self.touches, self.file.touching) {
            (true, true, Touching::Intersecting) => text!("check-verdict-touching"),
            (true, _, _) => text!("check-verdict-intersecting"),
            (false, _, _) => text!("check-verdict-separated"),
        }
    }

    /// The sentence for gjk-lab's `ordinal`-th step of `kind` (its result when it
    /// has no such step), and whether its run matched the learner's so far.
    fn describe_ours(&self, at: Option<(&str, usize)>) -> Text {
        let event = at.and_then(|(kind, k)| {
            self.ours
                .steps
                .iter()
                .filter(|e| e["kind"] == kind)
                .nth(k.saturating_sub(1))
                .map(|e| (kind, k, e))
        });
        let text = match event {
            Some((kind, k, e)) => text!(
                "check-ours-step",
                ordinal = ordinal_text(k),
                kind = kind,
                index = e["index"].to_string(),
                step = summarize(e)
            ),
            None => match at {
                Some((kind, k)) => text!(
                    "check-ours-no-step",
                    ordinal = ordinal_text(k),
                    kind = kind,
                    result = summarize(&self.ours.result)
                ),
                None => text!("check-ours-ended", result = summarize(&self.ours.result)),
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
            text!("check-ours-matched", text = text)
        } else {
            text!("check-ours-other-steps", text = text)
        }
    }
}

/// "1st", "2nd", "3rd", "4th", …: an ordinal as ASCII text (the window's labels and the
/// reports share it).
pub fn ordinal(k: usize) -> String {
    ordinal_text(k).to_string()
}

/// [`ordinal`] as a sentence a window can show in its language.
pub fn ordinal_text(k: usize) -> Text {
    let k_text = k.to_string();
    match (k % 10, k % 100) {
        (1, 11) | (2, 12) | (3, 13) => text!("check-ordinal-th", k = k_text),
        (1, _) => text!("check-ordinal-st", k = k_text),
        (2, _) => text!("check-ordinal-nd", k = k_text),
        (3, _) => text!("check-ordinal-rd", k = k_text),
        _ => text!("check-ordinal-th", k = k_text),
    }
}

fn point(v: &Value) -> Option<DVec2> {
    let p = if v.get("p").is_some() { &v["p"] } else { v };
    Some(DVec2::new(p[0].as_f64()?, p[1].as_f64()?))
}

/// One step of a trace gjk-lab writes (or its result line) in a sentence: "w = (4,
/// 2) (a = …, b = …) along d = …", "kept {(4, 2), (−8, −2)}", "done (converged)".
pub fn describe_step(e: &Value) -> String {
    summarize(e).to_string()
}

/// One of gjk-lab's own events (or its result) in a sentence.
fn summarize(e: &Value) -> Text {
    let pts = |key: &str| -> String {
        let list: Vec<DVec2> = e[key]
            .as_array()
            .map(|a| a.iter().filter_map(point).collect())
            .unwrap_or_default();
        geom::set(&list)
    };
    let vec = |x: &Value| point(x).map_or(Arg::Text(text!("check-none")), |p| geom::v(p).into());
    let num = |x: &Value| {
        x.as_f64()
            .map_or(Arg::Text(text!("check-none")), |x| geom::num(x).into())
    };
    match e["kind"].as_str().unwrap_or_default() {
        "start" if e.get("polytope").is_some() => {
            text!("check-step-polytope", points = pts("polytope"))
        }
        "start" => text!("check-step-start", d = vec(&e["direction"])),
        "support" => text!(
            "check-step-support",
            w = vec(&e["support"]["p"]),
            a = vec(&e["support"]["a"]),
            b = vec(&e["support"]["b"]),
            d = vec(&e["direction"])
        ),
        "added" => text!("check-step-added", points = pts("simplex")),
        "region" => text!("check-kept", points = pts("simplex")),
        "closest_point" => text!(
            "check-step-closest-point",
            v = vec(&e["point"]),
            distance = num(&e["distance"])
        ),
        "direction" => text!("check-step-direction", d = vec(&e["direction"])),
        "closest_edge" => text!(
            "check-step-closest-edge",
            from = vec(&e["from"]),
            to = vec(&e["to"]),
            distance = num(&e["edge"]["distance"]),
            normal = vec(&e["edge"]["normal"])
        ),
        "inserted" => text!("check-inserted", p = vec(&e["point"])),
        "axis" => text!(
            "check-step-axis",
            axis = vec(&e["axis"]),
            overlap = num(&e["overlap"])
        ),
        "done" => text!(
            "check-step-done",
            reason = e["outcome"]["reason"].as_str().unwrap_or("?")
        ),
        "result" => {
            let mut parts = vec![text!(
                "check-result-intersects",
                value = e["intersects"].to_string()
            )];
            if e["distance"].is_number() {
                parts.push(text!("check-result-distance", value = num(&e["distance"])));
            }
            if e["depth"].is_number() {
                parts.push(text!("check-result-depth", value = num(&e["depth"])));
            }
            if e["normal"].is_array() {
                parts.push(text!("check-result-normal", value = vec(&e["normal"])));
            }
            join(parts)
        }
        other => text!("check-plain", text = other),
    }
}

/// Sentences one after the other, separated by commas ("a, b, c").
fn join(mut parts: Vec<Text>) -> Text {
    let last = parts
        .pop()
        .unwrap_or_else(|| text!("check-plain", text = ""));
    parts.into_iter().rev().fold(last, |rest, first| {
        text!("check-join", first = first, rest = rest)
    })
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
        return Err(TraceError::new(
            file.result.number,
            text!(
                "check-read-other-algorithm",
                file = file.algorithm.as_str(),
                algorithm = algorithm.name()
            ),
        ));
    }
    if !CHECKED.contains(&algorithm) {
        return Err(TraceError::new(
            file.result.number,
            text!("check-read-not-replayed", algorithm = algorithm.name()),
        ));
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
            let text = DivergenceText {
                rule: rule_text(finding.rule),
                found: finding.found,
                expected: finding.expected,
                gjk_lab: cx.describe_ours(at),
            };
            Some(Divergence {
                line,
                step: l.step(),
                kind: l.kind().to_string(),
                rule: finding.rule.to_string(),
                found: text.found.to_string(),
                expected: text.expected.to_string(),
                gjk_lab: text.gjk_lab.to_string(),
                cause: finding.cause,
                likely_cause: finding.cause.map(|c| c.explain().to_string()),
                fix: finding.cause.map(|c| c.fix().to_string()),
                points: finding.points,
                text,
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
        note: note.as_ref().map(Text::to_string),
        note_text: note,
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

/// A rule's name ("support point", "reduction", …) as a sentence a window can show in
/// its language.
pub fn rule_text(rule: &str) -> Text {
    match rule {
        "direction" => text!("check-rule-direction"),
        "simplex" => text!("check-rule-simplex"),
        "closest point" => text!("check-rule-closest-point"),
        "reduction" => text!("check-rule-reduction"),
        "verdict" => text!("check-rule-verdict"),
        "distance" => text!("check-rule-distance"),
        "closest points" => text!("check-rule-closest-points"),
        "progress" => text!("check-rule-progress"),
        "start" => text!("check-rule-start"),
        "closest edge" => text!("check-rule-closest-edge"),
        "support point" => text!("check-rule-support-point"),
        "insertion" => text!("check-rule-insertion"),
        "depth" => text!("check-rule-depth"),
        "normal" => text!("check-rule-normal"),
        "axis" => text!("check-rule-axis"),
        "shadow" => text!("check-rule-shadow"),
        "axes" => text!("check-rule-axes"),
        other => text!("check-plain", text = other),
    }
}

/// Every rule a check names, as [`Divergence::rule`] spells it.
pub const RULES: [&str; 17] = [
    "direction",
    "simplex",
    "closest point",
    "reduction",
    "verdict",
    "distance",
    "closest points",
    "progress",
    "start",
    "closest edge",
    "support point",
    "insertion",
    "depth",
    "normal",
    "axis",
    "shadow",
    "axes",
];

/// A trace file's error as the window and the command line name it:
/// `name:line: message`.
pub fn file_error_text(file_name: &str, e: &TraceError) -> Text {
    text!(
        "check-file-error",
        file = file_name,
        line = e.line.to_string(),
        message = e.text.clone()
    )
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
    fn stage_title(&self, k: u8) -> Text {
        self.staged().map_or_else(
            || text!("check-plain", text = ""),
            |a| stage::title_text(a, k),
        )
    }

    /// The report as the command line prints it: one line when the trace agrees; the
    /// divergence, gjk-lab's step and the likely cause when it does not.
    pub fn to_text(&self, file_name: &str) -> String {
        self.lines(file_name)
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let indent = if i == 0 { "" } else { "  " };
                format!("{indent}{line}\n")
            })
            .collect()
    }

    /// The lines of [`Report::to_text`] as sentences a window can show in its
    /// language (without their indent: every line after the first is indented by two
    /// spaces).
    pub fn lines(&self, file_name: &str) -> Vec<Text> {
        let mut lines = match &self.divergence {
            None => vec![text!(
                "check-report-agrees",
                file = file_name,
                algorithm = self.algorithm.as_str(),
                stage = match (self.stage, self.stages()) {
                    (Some(k), last) if k == last => {
                        text!("check-report-every-stage", last = last.to_string())
                    }
                    (Some(k), _) => text!(
                        "check-report-up-to-stage",
                        k = k.to_string(),
                        title = self.stage_title(k)
                    ),
                    (None, _) => text!("check-report-whole"),
                },
                steps = self.steps.to_string(),
                supports = self.supports.to_string(),
                unit = match (self.algorithm == "sat", self.supports == 1) {
                    (true, true) => text!("check-unit-axis"),
                    (true, false) => text!("check-unit-axes"),
                    (false, true) => text!("check-unit-support-point"),
                    (false, false) => text!("check-unit-support-points"),
                },
                ours = self.gjk_lab_steps.to_string(),
                step_tolerance = format!("{:.1e}", self.tolerance),
                answer_tolerance = format!("{:.1e}", self.answer_tolerance)
            )],
            Some(d) => {
                let t = &d.text;
                let mut lines = vec![
                    text!(
                        "check-report-diverges",
                        file = file_name,
                        line = d.line.to_string(),
                        step = d.step.to_string(),
                        kind = d.kind.as_str(),
                        rule = t.rule.clone()
                    ),
                    text!("check-report-yours", text = t.found.clone()),
                    text!("check-report-expected", text = t.expected.clone()),
                    text!("check-report-gjk-lab", text = t.gjk_lab.clone()),
                ];
                if let Some(c) = d.cause {
                    lines.push(text!("check-report-likely-cause", text = c.explain_text()));
                    lines.push(text!("check-report-fix", text = c.fix_text()));
                }
                if let Some(k) = self.stage {
                    lines.push(text!(
                        "check-report-stage",
                        k = k.to_string(),
                        title = self.stage_title(k)
                    ));
                }
                lines
            }
        };
        if let Some(note) = &self.note_text {
            lines.push(text!("check-report-note", text = note.clone()));
        }
        if let (Some(next), Some(a)) = (&self.next_stage, self.staged()) {
            lines.push(text!(
                "check-report-next",
                k = next.stage.to_string(),
                title = stage::title_text(a, next.stage),
                what = stage::what_text(a, next.stage)
            ));
        }
        lines
    }
}
