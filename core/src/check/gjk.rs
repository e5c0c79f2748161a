//! Replaying a GJK or GJK distance trace: each support point, each reduction, each
//! direction against the learner's own simplex; the verdict and the distance against
//! gjk-lab's.

use super::geom::{closest_to_origin, num, set, v};
use super::text::{text, Text};
use super::{Cause, Context, Finding, Stop};
use crate::algorithms::Algorithm;
use crate::geometry::cross;
use glam::DVec2;

/// The learner's state between lines.
#[derive(Default)]
struct State {
    /// The simplex after the last reduction.
    simplex: Vec<DVec2>,
    /// The support point found and not yet reduced, with its direction and line.
    pending: Option<(DVec2, DVec2, usize)>,
    /// The last support point's `w·d̂` and line (for the verdict's cause).
    last: Option<(f64, usize)>,
    /// A support point that made no progress: its line, the line of the earlier
    /// support point whose simplex it rebuilt (`None`: it repeated a point of the
    /// current simplex), and its `w·d̂` (0 when the shapes touch).
    repeat: Option<(usize, Option<usize>, f64)>,
    /// Every simplex with its new point before a reduction (as a set), with the line
    /// of the support point: a set seen twice means the search cycles.
    wholes: Vec<(Vec<DVec2>, usize)>,
    /// The direction the file announced last (`start`, `direction`), with its line.
    announced: Option<(DVec2, usize)>,
    /// Ordinals of the kinds seen, for gjk-lab's matching step.
    supports: usize,
    regions: usize,
    directions: usize,
}

fn contains(points: &[DVec2], p: DVec2, tol: f64) -> bool {
    points.iter().any(|q| (*q - p).length() <= tol)
}

fn same_set(x: &[DVec2], y: &[DVec2], tol: f64) -> bool {
    x.len() == y.len()
        && x.iter().all(|p| contains(y, *p, tol))
        && y.iter().all(|p| contains(x, *p, tol))
}

/// Where a stage's run leaves what the check can judge (a trace declared with
/// `stage` below the last): the search reached a case only the last stage,
/// termination, handles.
fn beyond_stage(line: usize, what: Text) -> Stop {
    Stop::Beyond(text!(
        "check-beyond-gjk",
        line = line.to_string(),
        what = what
    ))
}

/// Replays GJK (`distance = false`) or GJK distance.
pub(super) fn replay(cx: &mut Context, distance: bool) -> Result<(), Stop> {
    let tol = cx.tol.step;
    let mut st = State::default();
    let file = cx.file;
    // A trace written stage by stage: below the last stage, the cases termination
    // handles end the check; at stage 1 only the support points are judged.
    let partial = cx.partial(Algorithm::Gjk);
    if cx.stage(Algorithm::Gjk) == 1 {
        return support_points_only(cx);
    }
    for line in &file.steps {
        let n = line.number;
        match line.kind() {
            "start" => {
                let d = line.vector("direction")?;
                st.announced = Some((d, n));
            }
            "support" => {
                let d = line.vector("direction")?;
                let s = line.support("support")?;
                st.supports += 1;
                let at = Some(("support", st.supports));
                if let Some((_, _, l)) = st.pending {
                    return Err(Stop::Bad(super::TraceError::new(
                        n,
                        text!("check-read-support-before-region", line = l.to_string()),
                    )));
                }
                if st.repeat.is_some() {
                    return Err(gone_on(cx, &st, n, at, partial));
                }
                if partial && d == DVec2::ZERO && !st.simplex.is_empty() {
                    return Err(beyond_stage(n, text!("check-beyond-zero-direction")));
                }
                if let Some((a, l)) = st.announced {
                    let same = a
                        .try_normalize()
                        .zip(d.try_normalize())
                        .is_some_and(|(x, y)| (x - y).length() <= 1e-6);
                    if !same {
                        return Err(Stop::diverged(
                            n,
                            Finding::new(
                                "direction",
                                text!("check-found-searches-along-announced", d = v(d)),
                                text!("check-expected-announced", line = l.to_string(), d = v(a)),
                            ),
                            at,
                        ));
                    }
                }
                if !st.simplex.is_empty() {
                    if partial && closest_to_origin(&st.simplex).length() <= tol {
                        return Err(beyond_stage(n, text!("check-beyond-through-origin")));
                    }
                    if let Some(f) = check_direction(&st.simplex, d, tol) {
                        return Err(Stop::diverged(n, f, at));
                    }
                }
                if let Some(f) = cx.check_support(d, &s) {
                    return Err(Stop::diverged(n, f, at));
                }
                cx.supports.push(s.p);
                let u = d.normalize();
                let value = s.p.dot(u) + cx.margin();
                st.last = Some((value, n));
                let repeat = cx.tol.repeat;
                let mut whole = st.simplex.clone();
                if contains(&st.simplex, s.p, repeat) {
                    st.repeat = Some((n, None, value));
                } else {
                    whole.push(s.p);
                    if let Some((_, e)) =
                        st.wholes.iter().find(|(w, _)| same_set(w, &whole, repeat))
                    {
                        st.repeat = Some((n, Some(*e), value));
                    }
                }
                st.wholes.push((whole, n));
                st.pending = Some((s.p, d, n));
                st.announced = None;
            }
            "added" => {
                let got = line.points("simplex")?;
                let Some((w, _, _)) = st.pending else {
                    continue;
                };
                let mut want = st.simplex.clone();
                want.push(w);
                let same_set = got.len() <= 3
                    && got.iter().all(|p| contains(&want, *p, tol))
                    && want.iter().all(|p| contains(&got, *p, tol));
                if !same_set {
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "simplex",
                            text!("check-found-simplex", points = set(&got)),
                            text!("check-expected-simplex", points = set(&want)),
                        )
                        .at(&got),
                        Some(("added", st.supports)),
                    ));
                }
            }
            "region" => {
                let kept = line.points("simplex")?;
                st.regions += 1;
                let at = Some(("region", st.regions));
                let Some((w, _, _)) = st.pending.take() else {
                    return Err(Stop::Bad(super::TraceError::new(
                        n,
                        text!("check-read-region-without-support"),
                    )));
                };
                let mut whole = st.simplex.clone();
                if !contains(&whole, w, tol) {
                    whole.push(w);
                }
                if let Some(f) = check_reduction(&whole, &kept, tol) {
                    // After a support point the search already had, a simplex that
                    // is no reduction is the search going on with it.
                    if st.repeat.is_some() {
                        return Err(gone_on(cx, &st, n, at, partial));
                    }
                    return Err(Stop::diverged(n, f, at));
                }
                st.simplex = kept;
            }
            "closest_point" => {
                let p = line.vector("point")?;
                let want = closest_to_origin(&st.simplex);
                if (p - want).length() > tol {
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "closest point",
                            text!("check-found-v", v = v(p)),
                            text!(
                                "check-expected-nearest-point",
                                simplex = set(&st.simplex),
                                v = v(want)
                            ),
                        )
                        .at(&[p]),
                        Some(("closest_point", st.regions)),
                    ));
                }
                if line.has("distance") {
                    let d = line.number("distance")?;
                    // A distance is never negative: the cores closer than the radii
                    // overlap, at distance 0.
                    let want = (want.length() - cx.margin()).max(0.0);
                    if (d - want).abs() > tol {
                        return Err(Stop::diverged(
                            n,
                            Finding::new(
                                "closest point",
                                text!("check-found-distance", d = num(d)),
                                if cx.margin() > 0.0 {
                                    text!("check-expected-distance-radii", d = num(want))
                                } else {
                                    text!("check-expected-distance-v", d = num(want))
                                },
                            ),
                            Some(("closest_point", st.regions)),
                        ));
                    }
                }
            }
            "direction" => {
                let d = line.vector("direction")?;
                st.directions += 1;
                if partial
                    && !st.simplex.is_empty()
                    && (d == DVec2::ZERO || closest_to_origin(&st.simplex).length() <= tol)
                {
                    return Err(beyond_stage(n, text!("check-beyond-through-origin")));
                }
                if let Some(f) = check_direction(&st.simplex, d, tol) {
                    return Err(Stop::diverged(n, f, Some(("direction", st.directions))));
                }
                st.announced = Some((d, n));
            }
            // GJK distance on a curved shape: the direction turned until the support
            // point lies along it; that support point is judged like any other.
            "refined" if line.has("support") && line.has("normal") => {
                let d = line.vector("normal")?;
                let s = line.support("support")?;
                if let Some(f) = cx.check_support(d, &s) {
                    return Err(Stop::diverged(n, f, Some(("refined", 1))));
                }
            }
            // `done` and any other kind: nothing a correct run must satisfy there
            // beyond the result line.
            _ => {}
        }
    }
    if partial && !cx.file.result.has("intersects") {
        // The run stopped at the stage's end, undecided.
        return Ok(());
    }
    verdict(cx, &st, distance)
}

/// The search went on (at line `n`) after a support point it already had: it
/// cycles — on touching shapes, the loop the fix for touching leaves without a
/// progress test. Below the last stage, the check ends there instead.
fn gone_on(
    cx: &Context,
    st: &State,
    n: usize,
    at: Option<(&'static str, usize)>,
    partial: bool,
) -> Stop {
    let Some((r, earlier, value)) = st.repeat else {
        unreachable!("called after a repeat");
    };
    if partial {
        return beyond_stage(r, text!("check-beyond-repeat"));
    }
    let tol = cx.tol.step;
    let touching =
        value.abs() <= tol || closest_to_origin(&st.simplex).length() <= cx.margin() + tol;
    let found = match earlier {
        None => text!("check-found-repeated-point", line = r.to_string()),
        Some(e) => text!(
            "check-found-cycles",
            line = r.to_string(),
            earlier = e.to_string()
        ),
    };
    Stop::diverged(
        n,
        Finding::new("progress", found, text!("check-expected-stop-repeat"))
            .cause(Some(if touching {
                Cause::TouchingLoop
            } else {
                Cause::NoProgressTest
            }))
            .at(&st.simplex),
        at,
    )
}

/// Stage 1 of writing GJK (the support function): every support line is a support
/// point along its own direction; nothing else is judged.
fn support_points_only(cx: &mut Context) -> Result<(), Stop> {
    let mut k = 0;
    for line in cx.file.steps.iter().filter(|l| l.kind() == "support") {
        let d = line.vector("direction")?;
        let s = line.support("support")?;
        k += 1;
        if let Some(f) = cx.check_support(d, &s) {
            return Err(Stop::diverged(line.number, f, Some(("support", k))));
        }
        cx.supports.push(s.p);
    }
    Ok(())
}

/// The search direction must point from the simplex's point nearest the origin to
/// the origin; when the origin lies on a segment, any perpendicular to it.
fn check_direction(simplex: &[DVec2], d: DVec2, tol: f64) -> Option<Finding> {
    let vv = closest_to_origin(simplex);
    let Some(u) = d.try_normalize() else {
        // The triple product vanishes exactly when the origin lies on the segment's
        // line: on the segment, the shapes touch.
        let on_simplex = !simplex.is_empty() && vv.length() <= tol;
        return Some(
            Finding::new(
                "direction",
                text!("check-found-no-length", d = v(d)),
                if on_simplex {
                    text!("check-expected-origin-on-simplex", simplex = set(simplex))
                } else {
                    text!("check-expected-towards-origin")
                },
            )
            .cause(on_simplex.then_some(Cause::ZeroDirection))
            .at(simplex),
        );
    };
    // The triple product (AB × AO) × AB is of the size |AB|²·|AO|; when the origin
    // lies (almost) on the segment's line it cancels, and what is left is rounding.
    let cancelled = match simplex {
        [p, q] => d.length() <= 1e-5 * (*q - *p).length_squared() * p.length().max(q.length()),
        _ => false,
    };
    let off_cause = |fallback: Option<Cause>| {
        if cancelled {
            Some(Cause::TripleProductCancellation)
        } else {
            fallback
        }
    };
    if vv.length() <= tol {
        if let [p, q] = simplex {
            let e = (*q - *p).normalize_or_zero();
            if u.dot(e).abs() > 1e-6 {
                return Some(
                    Finding::new(
                        "direction",
                        text!("check-found-not-perpendicular", d = v(d)),
                        text!("check-expected-perpendicular", p = v(*p), q = v(*q)),
                    )
                    .cause(off_cause(None))
                    .at(simplex),
                );
            }
        }
        return None;
    }
    let want = -vv.normalize();
    let slack = 1e-6 + tol / vv.length();
    if u.dot(want) < 0.0 {
        let cause = match simplex.len() {
            1 => Cause::DirectionNotNegated,
            _ => Cause::DirectionAwayFromOrigin,
        };
        return Some(
            Finding::new(
                "direction",
                text!("check-found-points-away", d = v(d)),
                text!("check-expected-from-nearest", v = v(vv), want = v(want)),
            )
            .cause(off_cause(Some(cause)))
            .at(simplex),
        );
    }
    if cross(u, want).abs() > slack {
        return Some(
            Finding::new(
                "direction",
                text!(
                    "check-found-degrees-off",
                    d = v(d),
                    degrees = format!("{:.2}", cross(u, want).asin().to_degrees().abs())
                ),
                text!("check-expected-from-nearest", v = v(vv), want = v(want)),
            )
            .cause(off_cause(None))
            .at(simplex),
        );
    }
    None
}

/// The reduced simplex `kept` of `whole` (the previous simplex and the new point):
/// its points come from `whole`, it is as near the origin as `whole`, and it keeps
/// no point whose Voronoi region the origin is outside of (within `tol`: on a tie
/// either feature is right).
fn check_reduction(whole: &[DVec2], kept: &[DVec2], tol: f64) -> Option<Finding> {
    let nearest = closest_to_origin(whole);
    let expected = text!(
        "check-expected-feature",
        simplex = set(whole),
        distance = num(nearest.length()),
        point = v(nearest)
    );
    if kept.is_empty() || kept.len() > 3 {
        return Some(Finding::new(
            "reduction",
            text!("check-found-kept-count", count = kept.len().to_string()),
            expected,
        ));
    }
    if let Some(p) = kept.iter().find(|p| !contains(whole, **p, tol)) {
        return Some(
            Finding::new(
                "reduction",
                text!("check-found-kept-not-in", p = v(*p), simplex = set(whole)),
                expected,
            )
            .at(kept),
        );
    }
    let got = closest_to_origin(kept);
    if got.length() > nearest.length() + tol {
        return Some(
            Finding::new(
                "reduction",
                text!(
                    "check-found-kept-passes",
                    points = set(kept),
                    distance = num(got.length())
                ),
                expected,
            )
            .cause(Some(Cause::WrongFeatureKept))
            .at(kept),
        );
    }
    let too_many = match kept {
        [_, _, _] => nearest.length() > tol,
        [p, q] => {
            // The foot of the perpendicular from the origin must lie on the segment.
            let e = *q - *p;
            let t = (-*p).dot(e) / e.length_squared();
            let outside = if t < 0.0 { -t } else { t - 1.0 };
            outside * e.length() > tol
        }
        _ => false,
    };
    if too_many {
        return Some(
            Finding::new(
                "reduction",
                text!("check-kept", points = set(kept)),
                expected,
            )
            .cause(Some(Cause::NotReduced))
            .at(kept),
        );
    }
    None
}

/// The result line: the verdict (and for distance the distance and the closest
/// points) against gjk-lab's.
fn verdict(cx: &Context, st: &State, distance: bool) -> Result<(), Stop> {
    let r = &cx.file.result;
    let n = r.number;
    let theirs = r.boolean("intersects")?;
    let ours = cx.ours_result()["intersects"].as_bool().unwrap_or(false);
    let tol = cx.tol.step;
    if !cx.verdict_right(theirs) {
        let cause = match (theirs, st.last) {
            (false, Some((s, _))) if s.abs() <= tol => Some(Cause::MissingTouchingCase),
            // The simplex passes through the origin: on a touching pair, or after a
            // repeated point (the origin on the boundary of A − B).
            (false, _)
                if (st.repeat.is_some() || cx.touches)
                    && closest_to_origin(&st.simplex).length() <= cx.margin() + tol =>
            {
                Some(Cause::MissingTouchingCase)
            }
            _ => None,
        };
        let found = match (theirs, st.last) {
            (false, Some((s, l))) => text!(
                "check-found-separated-reaches",
                line = l.to_string(),
                value = num(s)
            ),
            (false, None) => text!("check-verdict-separated"),
            (true, _) => text!(
                "check-found-intersecting-simplex",
                simplex = set(&st.simplex),
                distance = num(closest_to_origin(&st.simplex).length())
            ),
        };
        return Err(Stop::diverged(
            n,
            Finding::new("verdict", found, cx.verdict_wanted())
                .cause(cause)
                .at(&st.simplex),
            None,
        ));
    }
    if !distance || ours || theirs {
        return Ok(());
    }
    let d = r.number("distance")?;
    let want = cx.ours_result()["distance"].as_f64().unwrap_or(0.0);
    if (d - want).abs() > cx.tol.answer {
        let cause = (d > want).then_some(Cause::StoppedEarly);
        return Err(Stop::diverged(
            n,
            Finding::new(
                "distance",
                text!("check-found-distance", d = num(d)),
                text!(
                    "check-expected-distance-within",
                    d = num(want),
                    tolerance = num(cx.tol.answer)
                ),
            )
            .cause(cause)
            .at(&st.simplex),
            None,
        ));
    }
    let (qa, qb) = (
        r.optional_vector("closest_a")?,
        r.optional_vector("closest_b")?,
    );
    if let (Some(qa), Some(qb)) = (qa, qb) {
        let off = [cx.a.whole().outside_by(qa), cx.b.whole().outside_by(qb)];
        let gap = (qa - qb).length();
        if off[0] > cx.tol.answer || off[1] > cx.tol.answer || (gap - want).abs() > cx.tol.answer {
            return Err(Stop::diverged(
                n,
                Finding::new(
                    "closest points",
                    text!(
                        "check-found-closest-points",
                        qa = v(qa),
                        off_a = num(off[0]),
                        qb = v(qb),
                        off_b = num(off[1]),
                        gap = num(gap)
                    ),
                    text!("check-expected-closest-points", d = num(want)),
                )
                .at(&[qa, qb]),
                None,
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reduction_keeps_the_nearest_feature_and_no_more() {
        let tol = 1e-9;
        let tri = [
            DVec2::new(-1.0, 1.0),
            DVec2::new(1.0, 1.0),
            DVec2::new(0.0, 3.0),
        ];
        // The nearest feature is the bottom edge, in either order.
        assert!(check_reduction(&tri, &[tri[1], tri[0]], tol).is_none());
        let f = check_reduction(&tri, &tri, tol).expect("the whole triangle is too much");
        assert_eq!(f.cause, Some(Cause::NotReduced));
        let f = check_reduction(&tri, &[tri[0], tri[2]], tol).expect("the wrong edge");
        assert_eq!(f.cause, Some(Cause::WrongFeatureKept));
        // A segment whose foot falls beyond an end point: keep the end point.
        let seg = [DVec2::new(1.0, 1.0), DVec2::new(3.0, 1.0)];
        assert!(check_reduction(&seg, &seg, tol).is_some());
        assert!(check_reduction(&seg, &seg[..1], tol).is_none());
    }

    #[test]
    fn a_direction_points_at_the_origin() {
        let seg = [DVec2::new(-1.0, 1.0), DVec2::new(1.0, 1.0)];
        assert!(check_direction(&seg, DVec2::new(0.0, -3.0), 1e-9).is_none());
        let f = check_direction(&seg, DVec2::new(0.0, 1.0), 1e-9).unwrap();
        assert_eq!(f.cause, Some(Cause::DirectionAwayFromOrigin));
        assert!(check_direction(&seg, DVec2::new(0.1, -1.0), 1e-9).is_some());
        // Through the origin: any perpendicular; no direction at all is touching, and
        // a direction far smaller than its factors is the triple product's rounding.
        let through = [DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0)];
        assert!(check_direction(&through, DVec2::new(0.0, 1.0), 1e-9).is_none());
        assert!(check_direction(&through, DVec2::new(0.0, -1.0), 1e-9).is_none());
        let f = check_direction(&through, DVec2::ZERO, 1e-9).unwrap();
        assert_eq!(f.cause, Some(Cause::ZeroDirection));
        let f = check_direction(&through, DVec2::new(3e-15, 1e-16), 1e-9).unwrap();
        assert_eq!(f.cause, Some(Cause::TripleProductCancellation));
        // One point: the direction is its negation.
        let f = check_direction(&[DVec2::new(2.0, 1.0)], DVec2::new(2.0, 1.0), 1e-9).unwrap();
        assert_eq!(f.cause, Some(Cause::DirectionNotNegated));
    }
}
