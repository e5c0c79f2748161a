//! Traces: any algorithm's events for one pair, as JSON objects (one per step, with
//! `index` and `kind`), followed by the result. Used by `gjk-lab trace`.
//!
//! Every line is a `Serialize` value: a step is the machine's event with its `index`
//! ([`Line`]), the result line the algorithm's own fields ([`answers`], one struct per
//! algorithm) with the keys every result line carries ([`ResultLine`]).

pub mod answers;

pub use answers::Ended;

use crate::algorithms::box_box::BoxBox;
use crate::algorithms::cast::advancement::Advancement;
use crate::algorithms::cast::sampled::Sampled;
use crate::algorithms::cast::sat_cast::SatCast;
use crate::algorithms::cast::shape_cast::ShapeCast;
use crate::algorithms::cast::toi::TimeOfImpact;
use crate::algorithms::cast::{CastMachine, CastOptions};
use crate::algorithms::circle_polygon::CirclePolygon;
use crate::algorithms::distance::GjkDistance;
use crate::algorithms::ellipse_polygon::EllipsePolygon;
use crate::algorithms::epa::Epa;
use crate::algorithms::face_separation::FaceSeparation;
use crate::algorithms::gjk::Gjk;
use crate::algorithms::polygon_distance::PolygonDistance;
use crate::algorithms::pseudo_epa::PseudoEpa;
use crate::algorithms::sat::{Sat, SatEvent};
use crate::algorithms::variant::Variant;
use crate::algorithms::{Algorithm, CastAlgorithm};
use crate::motion::Motion;
use crate::query::cast::CastError;
use crate::query::clipping;
use crate::query::compound;
use crate::settings::Settings;
use crate::shapes::Shape;
use answers::{NotApplicable, NotApplicableAnswer, Traced};
use glam::DVec2;
use serde::Serialize;
use serde_json::Value;

/// The version of the trace format (`docs/trace-format.md`) every result line carries
/// as `trace_version`: what `gjk-lab check` reads.
pub const TRACE_VERSION: u64 = 1;

/// The events of one run and its result, as JSON.
#[derive(Clone, Debug)]
pub struct Trace {
    /// One object per step: `{"index": k, "kind": …, …}`, `k` from 1.
    pub steps: Vec<Value>,
    /// `{"kind": "result", "index": steps + 1, …}`: the algorithm's result (its
    /// result type as it serialises, where it has one), with the keys every result
    /// line carries.
    pub result: Value,
    /// How the run ended, as a type.
    pub ended: Ended,
}

/// Runs `algorithm` on shapes `a` and `b`, keeping every event. With a concave shape
/// it traces the decisive part pair ([`compound::decisive`]) and the result line gains
/// `"parts": [i, j]`; support vertex indices then refer to those parts.
pub fn trace(algorithm: Algorithm, a: &Shape, b: &Shape) -> Trace {
    trace_run(algorithm, None, &Settings::default(), a, b)
}

/// [`trace`], handing each step to `emit` as soon as it happens instead of keeping
/// them (a run of 200,000 SAT axes need not sit in memory); returns the result line.
pub fn trace_each(
    algorithm: Algorithm,
    a: &Shape,
    b: &Shape,
    emit: &mut dyn FnMut(Value),
) -> Value {
    trace_variant_each(algorithm, None, a, b, emit)
}

/// One step's line: the machine's event with its 1-based `index`.
#[derive(Serialize)]
pub struct Line<E> {
    /// The event, as it serialises (`kind` and its numbers).
    #[serde(flatten)]
    pub event: E,
    /// The step's number, from 1.
    pub index: usize,
}

/// The result line: the algorithm's own fields, then the keys every result line
/// carries (docs/trace-format.md), written after them so that they win over a field
/// of the same name (squash and climb's and the walk's own `steps`).
#[derive(Serialize)]
pub struct ResultLine {
    /// The algorithm's fields ([`answers`]).
    #[serde(flatten)]
    pub answer: Value,
    /// `"result"`.
    pub kind: &'static str,
    /// One past the last step's index.
    pub index: usize,
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The number of steps.
    pub steps: usize,
    /// [`TRACE_VERSION`].
    pub trace_version: u64,
    /// `"core"` where the search runs on circles' centres (GJK, distance, EPA,
    /// pseudo-EPA).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub circle_support: Option<&'static str>,
    /// The seed's version traced, if one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<&'static str>,
    /// The run's settings, when they are not gjk-lab's (for an algorithm that takes
    /// them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settings: Option<Settings>,
    /// With a concave shape: the decisive part of A and of B.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<[usize; 2]>,
}

/// [`trace_each`] of one of the seeds' versions of the algorithm ([`Variant`]; `None`:
/// gjk-lab's). The variant's algorithm is traced, whatever `algorithm` says, and the
/// result line gains `"variant": NAME`.
pub fn trace_variant_each(
    algorithm: Algorithm,
    variant: Option<Variant>,
    a: &Shape,
    b: &Shape,
    emit: &mut dyn FnMut(Value),
) -> Value {
    trace_run_each(algorithm, variant, &Settings::default(), a, b, emit)
}

/// [`trace_variant_each`] with a run's [`Settings`] (tolerances, cap, precision; the
/// algorithms without them ignore them). With other settings than gjk-lab's the result
/// line gains `"settings": {…}`.
pub fn trace_run_each(
    algorithm: Algorithm,
    variant: Option<Variant>,
    settings: &Settings,
    a: &Shape,
    b: &Shape,
    emit: &mut dyn FnMut(Value),
) -> Value {
    trace_run_ended(algorithm, variant, settings, a, b, emit).0
}

/// The whole [`Trace`] of a run with a seed's version (if any) and [`Settings`].
pub fn trace_run(
    algorithm: Algorithm,
    variant: Option<Variant>,
    settings: &Settings,
    a: &Shape,
    b: &Shape,
) -> Trace {
    let mut steps = Vec::new();
    let (result, ended) = trace_run_ended(algorithm, variant, settings, a, b, &mut |step| {
        steps.push(step)
    });
    Trace {
        steps,
        result,
        ended,
    }
}

/// [`trace_run_each`], with how the run ended as a type beside its result line.
fn trace_run_ended(
    algorithm: Algorithm,
    variant: Option<Variant>,
    settings: &Settings,
    a: &Shape,
    b: &Shape,
    emit: &mut dyn FnMut(Value),
) -> (Value, Ended) {
    let algorithm = variant.map_or(algorithm, |v| v.algorithm());
    let (a, b, parts) = if a.is_concave() || b.is_concave() {
        let [i, j] = compound::decisive(a, b).parts;
        (&a.parts()[i], &b.parts()[j], Some([i, j]))
    } else {
        (a, b, None)
    };
    let (steps, answer, ended) = run_algorithm(algorithm, variant, settings, a, b, emit);
    let core_support = matches!(
        algorithm,
        Algorithm::Gjk | Algorithm::Distance | Algorithm::Epa | Algorithm::PseudoEpa
    );
    let line = to_json(ResultLine {
        answer,
        kind: "result",
        index: steps + 1,
        algorithm: algorithm.name(),
        steps,
        trace_version: TRACE_VERSION,
        circle_support: core_support.then_some("core"),
        variant: variant.map(|v| v.name()),
        settings: (!settings.is_default() && algorithm.takes_settings()).then_some(*settings),
        parts,
    });
    (line, ended)
}

/// Runs the algorithm's machine on two convex shapes, handing each step's line to
/// `emit`; the number of steps and the algorithm's result fields.
fn run_algorithm(
    algorithm: Algorithm,
    variant: Option<Variant>,
    settings: &Settings,
    a: &Shape,
    b: &Shape,
    emit: &mut dyn FnMut(Value),
) -> (usize, Value, Ended) {
    match algorithm {
        Algorithm::Gjk => run(
            Gjk::with_variant(a, b, variant).with_settings(settings),
            emit,
        ),
        Algorithm::Distance => run(GjkDistance::new(a, b).with_settings(settings), emit),
        Algorithm::Epa => run(Epa::configured(a, b, variant, settings), emit),
        Algorithm::PseudoEpa => run(PseudoEpa::configured(a, b, variant, settings), emit),
        Algorithm::Sat | Algorithm::SatObb => {
            let sat = if variant.is_some() {
                Sat::with_variant(a, b, variant)
            } else if algorithm == Algorithm::Sat {
                Sat::new(a, b)
            } else {
                Sat::obb(a, b)
            }
            .with_settings(settings);
            let origin = a.position();
            run_lines(sat, |event| SatLine::new(event, origin), emit)
        }
        Algorithm::Clip => run(clipping(a, b), emit),
        Algorithm::CirclePolygon => match CirclePolygon::for_pair(a, b) {
            Some(m) => run(m, emit),
            None => not_applicable(a, b, "the closed form needs a circle and a convex polygon"),
        },
        Algorithm::EllipsePolygon => match EllipsePolygon::for_pair(a, b) {
            Some(m) => run(m, emit),
            None => not_applicable(
                a,
                b,
                "squash and climb needs an ellipse and a convex polygon",
            ),
        },
        Algorithm::PolygonDistance => match PolygonDistance::for_pair(a, b) {
            Some(m) => run(m, emit),
            None => not_applicable(a, b, "the walk needs two convex polygons"),
        },
        Algorithm::FaceSeparation => match FaceSeparation::for_pair(a, b) {
            Some(m) => run(m, emit),
            None => not_applicable(a, b, "face separation needs two convex polygons"),
        },
        Algorithm::BoxBox => match BoxBox::for_pair(a, b) {
            Some(m) => run(m, emit),
            None => not_applicable(a, b, "box against box needs two rectangles"),
        },
        // A cast on shapes given without motions: they stand still over the step
        // (`trace_cast_each` takes their motions).
        Algorithm::Discrete
        | Algorithm::SubStepping
        | Algorithm::ShapeCast
        | Algorithm::SatCast
        | Algorithm::ConservativeAdvancement
        | Algorithm::TimeOfImpact => match algorithm.cast() {
            Some(cast) => {
                let still = Motion::NONE;
                run_cast_algorithm(cast, a, still, b, still, &CastOptions::default(), emit)
            }
            None => not_applicable(a, b, "not a cast"),
        },
    }
}

/// Runs a machine to its end, handing each event's [`Line`] to `emit`; the number of
/// steps and the machine's result fields.
fn run<M: Traced>(machine: M, emit: &mut dyn FnMut(Value)) -> (usize, Value, Ended) {
    run_lines(machine, |event| event, emit)
}

/// [`run`], writing each event as `line` makes it.
fn run_lines<M: Traced, L: Serialize>(
    mut machine: M,
    line: impl Fn(M::Event) -> L,
    emit: &mut dyn FnMut(Value),
) -> (usize, Value, Ended) {
    let mut steps = 0;
    while let Some(event) = machine.step() {
        steps += 1;
        emit(to_json(Line {
            event: line(event),
            index: steps,
        }));
    }
    (steps, to_json(machine.answer()), machine.ended())
}

/// A SAT event; an axis line also carries the trace format's flat fields
/// (docs/trace-format.md) beside its nested `test`.
#[derive(Serialize)]
struct SatLine {
    #[serde(flatten)]
    event: SatEvent,
    #[serde(flatten)]
    flat: Option<FlatAxis>,
}

/// An axis line's flat fields: `axis`, `overlap`, and the shadows `[min, max]` in world
/// coordinates.
#[derive(Serialize)]
struct FlatAxis {
    axis: DVec2,
    overlap: f64,
    projection_a: [f64; 2],
    projection_b: [f64; 2],
}

impl SatLine {
    /// The line of `event`; the event's own intervals are measured from A's position
    /// `origin`.
    fn new(event: SatEvent, origin: DVec2) -> Self {
        let flat = match event {
            SatEvent::Axis { test, .. } => {
                let shift = origin.dot(test.axis);
                Some(FlatAxis {
                    axis: test.axis,
                    overlap: test.overlap,
                    projection_a: [test.a.min + shift, test.a.max + shift],
                    projection_b: [test.b.min + shift, test.b.max + shift],
                })
            }
            SatEvent::Done { .. } => None,
        };
        SatLine { event, flat }
    }
}

/// No step for a pair the algorithm does not take; the result says why.
fn not_applicable(a: &Shape, b: &Shape, why: &'static str) -> (usize, Value, Ended) {
    let answer = NotApplicableAnswer {
        intersects: crate::query::intersects(a, b),
        outcome: NotApplicable::NotApplicable { why },
    };
    (0, to_json(answer), Ended::Decided)
}

/// A line as a JSON value (keys in order of name, as every line has had them).
fn to_json(line: impl Serialize) -> Value {
    serde_json::to_value(line).expect("trace lines serialise")
}

/// The result line's own fields for a cast ([`trace_cast_each`]): the machine's answer
/// and its outcome.
#[derive(Serialize)]
struct CastLine<O: Serialize> {
    #[serde(flatten)]
    result: crate::algorithms::cast::CastResult,
    outcome: Option<O>,
}

/// Runs a cast machine to its end, handing each step's [`Line`] to `emit`; the steps,
/// the result fields and how it ended.
fn run_cast<M: CastMachine>(mut machine: M, emit: &mut dyn FnMut(Value)) -> (usize, Value, Ended) {
    let mut steps = 0;
    while let Some(event) = machine.step() {
        steps += 1;
        emit(to_json(Line {
            event,
            index: steps,
        }));
    }
    let ended = if machine.at_cap() {
        Ended::IterationLimit
    } else {
        Ended::Decided
    };
    let (result, outcome) = (machine.answer().unwrap_or_default(), machine.ending());
    (steps, to_json(CastLine { result, outcome }), ended)
}

/// The trace of a continuous-collision algorithm ([`CastAlgorithm`]) on `a` moving by
/// `motion_a` and `b` by `motion_b`: one line per step, handed to `emit`, and the
/// result line (the machine's answer, `outcome`, and the keys every result line
/// carries). With a concave shape the part pair `cast` answers from is traced (the
/// earliest hit's; the pair left undecided before it, or soonest when none hits; else
/// the static queries' decisive pair) and the result line gains `"parts": [i, j]`. The shape
/// cast of a turning shape is refused ([`CastError::Rotating`]), as by
/// [`crate::query::cast::cast`].
pub fn trace_cast_each(
    algorithm: CastAlgorithm,
    a: &Shape,
    motion_a: Motion,
    b: &Shape,
    motion_b: Motion,
    options: &CastOptions,
    emit: &mut dyn FnMut(Value),
) -> Result<Value, CastError> {
    // The refusal and the decisive part pair, as the fast cast finds them.
    let method = crate::query::cast::part_pair_method(algorithm);
    let (_, [i, j]) = crate::query::cast::cast_by_parts(method, a, motion_a, b, motion_b, options)?;
    let (parts_a, parts_b) = (a.parts(), b.parts());
    let (pa, pb) = (&parts_a[i], &parts_b[j]);
    let parts = (a.is_concave() || b.is_concave()).then_some([i, j]);
    let (steps, answer, _) =
        run_cast_algorithm(algorithm, pa, motion_a, pb, motion_b, options, emit);
    Ok(to_json(ResultLine {
        answer,
        kind: "result",
        index: steps + 1,
        algorithm: algorithm.name(),
        steps,
        trace_version: TRACE_VERSION,
        circle_support: None,
        variant: None,
        settings: None,
        parts,
    }))
}

/// Runs a cast machine on two convex shapes, handing each step's line to `emit`; the
/// steps, the result fields and how it ended.
fn run_cast_algorithm(
    algorithm: CastAlgorithm,
    pa: &Shape,
    motion_a: Motion,
    pb: &Shape,
    motion_b: Motion,
    options: &CastOptions,
    emit: &mut dyn FnMut(Value),
) -> (usize, Value, Ended) {
    let (ma, mb) = (motion_a, motion_b);
    match algorithm {
        CastAlgorithm::Discrete => run_cast(Sampled::endpoints(pa, ma, pb, mb, options), emit),
        CastAlgorithm::SubStepping => run_cast(Sampled::new(pa, ma, pb, mb, options), emit),
        CastAlgorithm::ShapeCast => run_cast(ShapeCast::new(pa, ma, pb, mb, options), emit),
        CastAlgorithm::SatCast => run_cast(SatCast::new(pa, ma, pb, mb, options), emit),
        CastAlgorithm::ConservativeAdvancement => {
            run_cast(Advancement::new(pa, ma, pb, mb, options), emit)
        }
        CastAlgorithm::TimeOfImpact => run_cast(TimeOfImpact::new(pa, ma, pb, mb, options), emit),
    }
}
