//! Replaying a SAT trace: every axis a unit vector with the true overlap of the two
//! shadows (and the true shadows, when the file gives them); the verdict, the depth
//! and the normal against gjk-lab's.
//!
//! Written stage by stage (`stage` below 3), the trace lists every axis (its run does
//! not stop at a gap yet): stage 1 the axes alone, stage 2 with their shadows. Each
//! axis is judged, and then the list: every axis SAT must try is in it.

use super::epa::check_normal;
use super::geom::{num, v};
use super::text::{text, Text};
use super::{Cause, Context, Finding, Stop};
use crate::algorithms::Algorithm;
use crate::geometry::cross;
use crate::shapes::Geometry;
use glam::DVec2;

/// The true overlap of the shadows on the unit axis `n`: `min(a₁ − b₀, b₁ − a₀)`.
fn overlap(cx: &Context, n: DVec2) -> f64 {
    let (a0, a1) = cx.a.projection(n);
    let (b0, b1) = cx.b.projection(n);
    (a1 - b0).min(b1 - a0)
}

/// Replays SAT.
pub(super) fn replay(cx: &mut Context) -> Result<(), Stop> {
    let tol = cx.tol.step;
    let stage = cx.stage(Algorithm::Sat);
    // Each tested axis with its true overlap, and its line.
    let mut tested: Vec<(DVec2, f64, usize)> = vec![];
    for line in &cx.file.steps {
        if line.kind() != "axis" {
            continue;
        }
        let n = line.number;
        let axis = line.vector("axis")?;
        // Before stage 3 there is no overlap yet (and before stage 2 no shadow).
        let claimed = if stage >= 3 || line.has("overlap") {
            Some(line.number("overlap")?)
        } else {
            None
        };
        let at = Some(("axis", tested.len() + 1));
        if (axis.length() - 1.0).abs() > 1e-6 {
            return Err(Stop::diverged(
                n,
                Finding::new(
                    "axis",
                    text!(
                        "check-found-axis-length",
                        axis = v(axis),
                        length = num(axis.length())
                    ),
                    text!("check-expected-unit-axis"),
                )
                .cause(Some(Cause::AxisNotNormalized)),
                at,
            ));
        }
        let true_overlap = overlap(cx, axis);
        for (key, (lo, hi)) in [
            ("projection_a", cx.a.projection(axis)),
            ("projection_b", cx.b.projection(axis)),
        ] {
            let given = if stage == 2 {
                Some(line.vector(key)?)
            } else {
                line.optional_vector(key)?
            };
            if let Some(p) = given {
                if (p.x - lo).abs() > tol || (p.y - hi).abs() > tol {
                    let narrow = p.x >= lo - tol && p.y <= hi + tol;
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "shadow",
                            text!(
                                "check-found-shadow",
                                key = key,
                                low = num(p.x),
                                high = num(p.y),
                                axis = v(axis)
                            ),
                            text!("check-expected-shadow", low = num(lo), high = num(hi)),
                        )
                        .cause(narrow.then_some(Cause::NarrowShadow)),
                        at,
                    ));
                }
            }
        }
        if let Some(claimed) = claimed {
            if (claimed - true_overlap).abs() > tol {
                let (a0, a1) = cx.a.projection(axis);
                let (b0, b1) = cx.b.projection(axis);
                let one_sided = [a1 - b0, b1 - a0]
                    .iter()
                    .any(|t| (claimed - t).abs() <= tol);
                return Err(Stop::diverged(
                    n,
                    Finding::new(
                        "axis",
                        text!(
                            "check-found-overlap",
                            overlap = num(claimed),
                            axis = v(axis)
                        ),
                        text!(
                            "check-expected-overlap",
                            first = num(a1 - b0),
                            second = num(b1 - a0),
                            overlap = num(true_overlap)
                        ),
                    )
                    .cause(one_sided.then_some(Cause::OneSidedOverlap)),
                    at,
                ));
            }
        }
        tested.push((axis, true_overlap, n));
        cx.supports.push(axis);
    }
    if stage < 3 {
        return every_axis_listed(cx, &tested);
    }
    verdict(cx, &tested)
}

/// Below stage 3 the run lists every axis: each one SAT must try is among them.
fn every_axis_listed(cx: &Context, tested: &[(DVec2, f64, usize)]) -> Result<(), Stop> {
    let missed = required_axes(cx)
        .into_iter()
        .find(|(a, _)| !was_tested(tested, *a));
    match missed {
        None => Ok(()),
        Some((a, what)) => Err(Stop::diverged(
            cx.file.result.number,
            Finding::new(
                "axes",
                text!(
                    "check-found-axes-missing",
                    count = tested.len().to_string(),
                    what = what,
                    axis = v(a)
                ),
                text!("check-expected-every-axis"),
            )
            .cause(Some(Cause::MissedAxis))
            .at(&[a]),
            None,
        )),
    }
}

/// The axes SAT must try: the edge normals of both polygons, and with a circle the
/// axis from its centre to the other polygon's nearest vertex (two circles: the line
/// through the centres).
fn required_axes(cx: &Context) -> Vec<(DVec2, Text)> {
    let mut axes = vec![];
    for (body, name) in [(&cx.a, "A"), (&cx.b, "B")] {
        for (i, n) in body.edge_normals().into_iter().enumerate() {
            axes.push((
                n,
                text!("check-axis-edge-normal", shape = name, i = i.to_string()),
            ));
        }
    }
    let circle = |b: &super::geom::Body| matches!(b.shape.geometry(), Geometry::Circle(_));
    for (c, other) in [(&cx.a, &cx.b), (&cx.b, &cx.a)] {
        if !circle(c) {
            continue;
        }
        let target = other
            .polygon()
            .into_iter()
            .min_by(|p, q| {
                (*p - c.centre())
                    .length()
                    .total_cmp(&(*q - c.centre()).length())
            })
            .unwrap_or(other.centre());
        if let Some(n) = (target - c.centre()).try_normalize() {
            axes.push((n, text!("check-axis-circle")));
        }
    }
    axes
}

/// Whether `axis` was tested (either sign).
fn was_tested(tested: &[(DVec2, f64, usize)], axis: DVec2) -> bool {
    tested
        .iter()
        .any(|(t, _, _)| cross(*t, axis).abs() <= 1e-6 && t.dot(axis).abs() > 0.5)
}

fn verdict(cx: &Context, tested: &[(DVec2, f64, usize)]) -> Result<(), Stop> {
    let r = &cx.file.result;
    let n = r.number;
    let ours = cx.ours_result()["intersects"].as_bool();
    let theirs = match r.value.get("intersects") {
        Some(serde_json::Value::Null) | None if ours.is_none() => None,
        _ => Some(r.boolean("intersects")?),
    };
    let tol = cx.tol.step;
    let Some(ours) = ours else {
        if theirs.is_none() {
            return Ok(());
        }
        return Err(Stop::diverged(
            n,
            Finding::new(
                "verdict",
                text!(
                    "check-result-intersects",
                    value = theirs.unwrap_or_default().to_string()
                ),
                text!("check-expected-no-answer"),
            ),
            None,
        ));
    };
    let theirs = theirs.unwrap_or_default();
    let separating = tested.iter().find(|(_, o, _)| *o < -tol);
    if !cx.verdict_right(theirs) {
        let (found, cause) = if theirs {
            match separating {
                Some((axis, o, l)) => (
                    text!(
                        "check-found-intersecting-gap",
                        axis = v(*axis),
                        line = l.to_string(),
                        gap = num(-o)
                    ),
                    Some(Cause::IgnoredSeparatingAxis),
                ),
                None => {
                    let missed = required_axes(cx)
                        .into_iter()
                        .find(|(a, _)| overlap(cx, *a) < -tol && !was_tested(tested, *a));
                    match missed {
                        Some((a, what)) => (
                            text!(
                                "check-found-intersecting-untested",
                                what = what,
                                axis = v(a),
                                gap = num(-overlap(cx, a))
                            ),
                            Some(Cause::MissedAxis),
                        ),
                        None => (text!("check-found-intersecting"), None),
                    }
                }
            }
        } else {
            let touching = tested.iter().find(|(_, o, _)| o.abs() <= tol);
            match touching {
                Some((axis, _, l)) => (
                    text!(
                        "check-found-separated-touching",
                        axis = v(*axis),
                        line = l.to_string()
                    ),
                    Some(Cause::MissingTouchingCase),
                ),
                None => (text!("check-verdict-separated"), None),
            }
        };
        return Err(Stop::diverged(
            n,
            Finding::new("verdict", found, cx.verdict_wanted()).cause(cause),
            None,
        ));
    }
    if !ours || !theirs {
        return Ok(());
    }
    let depth = r.number("depth")?;
    let normal = r.vector("normal")?;
    let want = cx.ours_result()["depth"].as_f64().unwrap_or(0.0);
    if (depth - want).abs() > cx.tol.answer {
        let missed = required_axes(cx).into_iter().find(|(a, _)| {
            (overlap(cx, *a) - want).abs() <= cx.tol.answer && !was_tested(tested, *a)
        });
        let (found, cause) = match missed {
            Some((a, what)) if depth > want => (
                text!(
                    "check-found-depth-untested",
                    depth = num(depth),
                    what = what,
                    axis = v(a)
                ),
                Some(Cause::MissedAxis),
            ),
            _ => (text!("check-found-depth", depth = num(depth)), None),
        };
        return Err(Stop::diverged(
            n,
            Finding::new(
                "depth",
                found,
                text!(
                    "check-expected-smallest-overlap",
                    depth = num(want),
                    tolerance = num(cx.tol.answer)
                ),
            )
            .cause(cause),
            None,
        ));
    }
    check_normal(cx, normal, want, n)
}
