//! Traces: any algorithm's events for one pair, as JSON objects (one per step, with
//! `index` and `kind`), followed by the result. Used by `gjk-lab trace`.

use crate::algorithms::box_box::BoxBox;
use crate::algorithms::circle_polygon::CirclePolygon;
use crate::algorithms::clip::ClipOutcome;
use crate::algorithms::distance::GjkDistance;
use crate::algorithms::ellipse_polygon::EllipsePolygon;
use crate::algorithms::epa::Epa;
use crate::algorithms::face_separation::{FaceSeparation, FaceSeparationOutcome};
use crate::algorithms::gjk::Gjk;
use crate::algorithms::polygon_distance::PolygonDistance;
use crate::algorithms::pseudo_epa::{PseudoEpa, PseudoEpaOutcome};
use crate::algorithms::sat::Sat;
use crate::algorithms::settings::Settings;
use crate::algorithms::variant::Variant;
use crate::algorithms::{Algorithm, StepMachine};
use crate::query::clipping;
use crate::query::compound;
use crate::shapes::Shape;
use serde::Serialize;
use serde_json::{json, Value};

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
}

/// Runs `algorithm` on shapes `a` and `b`, keeping every event. With a concave shape
/// it traces the decisive part pair ([`compound::decisive`]) and the result line gains
/// `"parts": [i, j]`; support vertex indices then refer to those parts.
pub fn trace(algorithm: Algorithm, a: &Shape, b: &Shape) -> Trace {
    let mut steps = Vec::new();
    let result = trace_each(algorithm, a, b, &mut |step| steps.push(step));
    Trace { steps, result }
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
    let algorithm = variant.map_or(algorithm, |v| v.algorithm());
    if a.is_concave() || b.is_concave() {
        let [i, j] = compound::decisive(a, b).parts;
        let (a, b) = (&a.parts()[i], &b.parts()[j]);
        let mut result = trace_run_each(algorithm, variant, settings, a, b, emit);
        result["parts"] = json!([i, j]);
        return result;
    }
    let (steps, result) = match algorithm {
        Algorithm::Gjk => {
            let mut m = Gjk::with_variant(a, b, variant).with_settings(settings);
            let steps = collect(&mut m, emit);
            let o = m.outcome().expect("ended");
            let result = json!({
                "intersects": o.intersects(),
                "outcome": o,
                "iterations": m.iterations(),
            });
            (steps, result)
        }
        Algorithm::Distance => {
            let mut m = GjkDistance::new(a, b).with_settings(settings);
            let steps = collect(&mut m, emit);
            let r = m.result().expect("ended");
            (steps, serialized_with(&r, closest_keys(r.closest)))
        }
        Algorithm::Epa => {
            let mut m = Epa::configured(a, b, variant, settings);
            let steps = collect(&mut m, emit);
            let r = m.result().expect("ended");
            // The penetration's fields, also at the top (depth 0, the rest null, when
            // the shapes are apart).
            let p = r.penetration;
            let flat = json!({
                "intersects": p.is_some(),
                "depth": p.map_or(0.0, |p| p.depth),
                "normal": p.map(|p| p.normal),
                "point_a": p.map(|p| p.point_a),
                "point_b": p.map(|p| p.point_b),
            });
            (steps, serialized_with(&r, flat))
        }
        Algorithm::PseudoEpa => {
            let mut m = PseudoEpa::configured(a, b, variant, settings);
            let steps = collect(&mut m, emit);
            let o = m.outcome().expect("ended");
            let (intersects, depth, normal) = match o {
                PseudoEpaOutcome::Stopped { depth, normal }
                | PseudoEpaOutcome::WithinRadius { depth, normal }
                | PseudoEpaOutcome::IterationLimit { depth, normal, .. } => {
                    (true, depth, Some(normal))
                }
                PseudoEpaOutcome::Degenerate => (true, 0.0, None),
                PseudoEpaOutcome::NotIntersecting { .. } => (false, 0.0, None),
            };
            let result = json!({
                "intersects": intersects,
                "depth": depth,
                "normal": normal,
                "outcome": o,
            });
            (steps, result)
        }
        Algorithm::Sat | Algorithm::SatObb => {
            let mut m = if variant.is_some() {
                Sat::with_variant(a, b, variant)
            } else if algorithm == Algorithm::Sat {
                Sat::new(a, b)
            } else {
                Sat::obb(a, b)
            }
            .with_settings(settings);
            // Each axis line also carries the format's flat fields (docs/trace-format.md):
            // `axis`, `overlap`, and the shadows in world coordinates.
            let origin = a.position();
            let steps = collect(&mut m, &mut |step| emit(with_flat_axis(step, origin)));
            let o = m.outcome().expect("ended");
            let p = o.penetration();
            let result = json!({
                "intersects": o.intersects(),
                "depth": p.map_or(0.0, |p| p.0),
                "normal": p.map(|p| p.1),
                "outcome": o,
                "axes_tested": m.axes_tested(),
                "vertices_visited": m.vertices_visited(),
            });
            (steps, result)
        }
        Algorithm::Clip => {
            let mut m = clipping(a, b);
            let steps = collect(&mut m, emit);
            let o = m.outcome().expect("ended");
            let intersects = !matches!(o, ClipOutcome::NotIntersecting { .. });
            let result = json!({
                "intersects": intersects,
                "normal": intersects.then(|| m.normal()),
                "contacts": o.contacts(),
                "outcome": o,
            });
            (steps, result)
        }
        Algorithm::CirclePolygon => match CirclePolygon::for_pair(a, b) {
            Some(mut m) => {
                let steps = collect(&mut m, emit);
                let r = m.result().expect("ended");
                // As every method's result: closest points when apart, a normal only
                // when they intersect (the result's own normal also points from A's
                // closest point to B's when they are apart), the contact manifold.
                let mut extra = closest_keys((!r.intersects).then_some((r.point_a, r.point_b)));
                extra["normal"] = json!(r.penetration().map(|p| p.normal));
                extra["contacts"] = json!(r.contacts());
                (steps, serialized_with(&r, extra))
            }
            // Not a circle and a convex polygon: no step, and the result says why.
            None => not_applicable(a, b, "the closed form needs a circle and a convex polygon"),
        },
        Algorithm::EllipsePolygon => match EllipsePolygon::for_pair(a, b) {
            Some(mut m) => {
                let steps = collect(&mut m, emit);
                let r = m.result().expect("ended");
                (steps, serialized_with(&r, closest_keys(r.closest)))
            }
            None => not_applicable(
                a,
                b,
                "squash and climb needs an ellipse and a convex polygon",
            ),
        },
        Algorithm::PolygonDistance => match PolygonDistance::for_pair(a, b) {
            Some(mut m) => {
                let steps = collect(&mut m, emit);
                let r = m.result().expect("ended");
                (steps, serialized_with(&r, closest_keys(r.closest)))
            }
            None => not_applicable(a, b, "the walk needs two convex polygons"),
        },
        Algorithm::FaceSeparation => match FaceSeparation::for_pair(a, b) {
            Some(mut m) => {
                let steps = collect(&mut m, emit);
                (steps, face_separation_result(m.outcome().expect("ended")))
            }
            // Not two convex polygons: no step, and the result says why.
            None => not_applicable(a, b, "face separation needs two convex polygons"),
        },
        Algorithm::BoxBox => match BoxBox::for_pair(a, b) {
            Some(mut m) => {
                let steps = collect(&mut m, emit);
                (steps, face_separation_result(m.outcome().expect("ended")))
            }
            None => not_applicable(a, b, "box against box needs two rectangles"),
        },
    };
    let mut result = result;
    let obj = result.as_object_mut().expect("result is an object");
    obj.insert("kind".into(), json!("result"));
    obj.insert("index".into(), json!(steps + 1));
    obj.insert("algorithm".into(), json!(algorithm.name()));
    obj.insert("steps".into(), json!(steps));
    // The trace format's version and, where the search runs on circles' centres (the
    // cores), that convention (docs/trace-format.md).
    obj.insert("trace_version".into(), json!(TRACE_VERSION));
    if matches!(
        algorithm,
        Algorithm::Gjk | Algorithm::Distance | Algorithm::Epa | Algorithm::PseudoEpa
    ) {
        obj.insert("circle_support".into(), json!("core"));
    }
    if let Some(v) = variant {
        obj.insert("variant".into(), json!(v.name()));
    }
    if !settings.is_default() && algorithm.takes_settings() {
        obj.insert("settings".into(), json!(settings));
    }
    result
}

/// A SAT axis line with the trace format's flat fields on top: `axis`, `overlap`,
/// `projection_a` and `projection_b` (`[min, max]` in world coordinates; the event's
/// own intervals are measured from A's position `origin`).
fn with_flat_axis(mut step: Value, origin: glam::DVec2) -> Value {
    if step["kind"] != "axis" {
        return step;
    }
    let test = step["test"].clone();
    let axis = glam::DVec2::new(
        test["axis"][0].as_f64().unwrap_or(0.0),
        test["axis"][1].as_f64().unwrap_or(0.0),
    );
    let shift = origin.dot(axis);
    let world = |side: &str| {
        let min = test[side]["min"].as_f64().unwrap_or(0.0);
        let max = test[side]["max"].as_f64().unwrap_or(0.0);
        json!([min + shift, max + shift])
    };
    step["axis"] = test["axis"].clone();
    step["overlap"] = test["overlap"].clone();
    step["projection_a"] = world("a");
    step["projection_b"] = world("b");
    step
}

/// Runs a machine to its end, handing each event to `emit` as JSON with its 1-based
/// `index`; returns the number of steps.
fn collect<M: StepMachine>(machine: &mut M, emit: &mut dyn FnMut(Value)) -> usize {
    let mut steps = 0;
    while let Some(event) = machine.step() {
        steps += 1;
        emit(with_index(&event, steps));
    }
    steps
}

fn with_index<E: Serialize>(event: &E, index: usize) -> Value {
    let mut v = serde_json::to_value(event).expect("events serialise");
    if let Some(obj) = v.as_object_mut() {
        obj.insert("index".into(), json!(index));
    }
    v
}

/// The result of face separation or box against box (the same outcome).
fn face_separation_result(o: FaceSeparationOutcome) -> Value {
    let (depth, normal) = match o {
        FaceSeparationOutcome::Contact { depth, normal, .. } => (depth, Some(normal)),
        FaceSeparationOutcome::Separated { .. } | FaceSeparationOutcome::CirclesApart { .. } => {
            (0.0, None)
        }
    };
    json!({
        "intersects": o.intersects(),
        "depth": depth,
        "normal": normal,
        "contacts": o.contacts(),
        "outcome": o,
    })
}

/// A result as its own `Serialize` writes it, with `extra`'s keys on top: what every
/// result line has always carried in its own form (`closest_a` and `closest_b`,
/// EPA's penetration flattened). The trace's own keys (`kind`, `index`, `algorithm`,
/// `steps`) are set after, so they win over a field of the same name (squash and
/// climb's and the walk's own `steps`).
fn serialized_with(result: &impl Serialize, extra: Value) -> Value {
    let mut value = serde_json::to_value(result).expect("results serialise");
    let (Some(fields), Value::Object(extra)) = (value.as_object_mut(), extra) else {
        unreachable!("a result and its extra keys are JSON objects");
    };
    fields.extend(extra);
    value
}

/// `closest_a` and `closest_b`: the closest points on A and on B, null when the shapes
/// intersect.
fn closest_keys(closest: Option<(glam::DVec2, glam::DVec2)>) -> Value {
    json!({
        "closest_a": closest.map(|c| c.0),
        "closest_b": closest.map(|c| c.1),
    })
}

/// No step for a pair the algorithm does not take; the result says why.
fn not_applicable(a: &Shape, b: &Shape, why: &str) -> (usize, Value) {
    (
        0,
        json!({
            "intersects": crate::query::intersects(a, b),
            "outcome": { "reason": "not_applicable", "why": why },
        }),
    )
}
