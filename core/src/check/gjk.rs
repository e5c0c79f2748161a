//! Replaying a GJK or GJK distance trace: each support point, each reduction, each
//! direction against the learner's own simplex; the verdict and the distance against
//! gjk-lab's.

use super::geom::{closest_to_origin, num, set, v};
use super::{Cause, Context, Finding, Stop};
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
    /// A support point that repeated a simplex point: its line.
    repeat: Option<usize>,
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

/// Replays GJK (`distance = false`) or GJK distance.
pub(super) fn replay(cx: &mut Context, distance: bool) -> Result<(), Stop> {
    let tol = cx.tol.step;
    let mut st = State::default();
    let file = cx.file;
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
                    return Err(Stop::Bad(super::TraceError {
                        line: n,
                        message: format!(
                            "a support line before the region line of the support point at line {l} (the format wants the simplex after each reduction)"
                        ),
                    }));
                }
                if let Some(r) = st.repeat {
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "progress",
                            format!("the search goes on after the support point at line {r} repeated a point of the simplex"),
                            "stop there: a repeated support point means the simplex cannot get closer to the origin".into(),
                        )
                        .cause(Some(Cause::NoProgressTest))
                        .at(&st.simplex),
                        at,
                    ));
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
                                format!("searches along {} ", v(d)),
                                format!("the direction line {l} announced, {}", v(a)),
                            ),
                            at,
                        ));
                    }
                }
                if !st.simplex.is_empty() {
                    if let Some(f) = check_direction(&st.simplex, d, tol) {
                        return Err(Stop::diverged(n, f, at));
                    }
                }
                if let Some(f) = cx.check_support(d, &s) {
                    return Err(Stop::diverged(n, f, at));
                }
                cx.supports.push(s.p);
                let u = d.normalize();
                st.last = Some((s.p.dot(u) + cx.margin(), n));
                if contains(&st.simplex, s.p, cx.tol.repeat) {
                    st.repeat = Some(n);
                }
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
                            format!("the simplex is {}", set(&got)),
                            format!("the previous simplex and the new point: {}", set(&want)),
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
                    return Err(Stop::Bad(super::TraceError {
                        line: n,
                        message: "a region line with no support point before it".into(),
                    }));
                };
                let mut whole = st.simplex.clone();
                if !contains(&whole, w, tol) {
                    whole.push(w);
                }
                if let Some(f) = check_reduction(&whole, &kept, tol) {
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
                            format!("v = {}", v(p)),
                            format!(
                                "the point of {} nearest the origin, {}",
                                set(&st.simplex),
                                v(want)
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
                                format!("distance {}", num(d)),
                                format!(
                                    "max(0, |v|{}) = {}",
                                    if cx.margin() > 0.0 { " − radii" } else { "" },
                                    num(want)
                                ),
                            ),
                            Some(("closest_point", st.regions)),
                        ));
                    }
                }
            }
            "direction" => {
                let d = line.vector("direction")?;
                st.directions += 1;
                if let Some(f) = check_direction(&st.simplex, d, tol) {
                    return Err(Stop::diverged(n, f, Some(("direction", st.directions))));
                }
                st.announced = Some((d, n));
            }
            // `done`, `refined` and any other kind: nothing a correct run must satisfy
            // there beyond the result line.
            _ => {}
        }
    }
    verdict(cx, &st, distance)
}

/// The search direction must point from the simplex's point nearest the origin to
/// the origin; when the origin lies on a segment, any perpendicular to it.
fn check_direction(simplex: &[DVec2], d: DVec2, tol: f64) -> Option<Finding> {
    let vv = closest_to_origin(simplex);
    let Some(u) = d.try_normalize() else {
        return Some(Finding::new(
            "direction",
            format!("d = {} has no length", v(d)),
            "a direction towards the origin".into(),
        ));
    };
    if vv.length() <= tol {
        if let [p, q] = simplex {
            let e = (*q - *p).normalize_or_zero();
            if u.dot(e).abs() > 1e-6 {
                return Some(
                    Finding::new(
                        "direction",
                        format!(
                            "d = {} is not perpendicular to the segment through the origin",
                            v(d)
                        ),
                        format!("a perpendicular of {}–{}", v(*p), v(*q)),
                    )
                    .at(simplex),
                );
            }
        }
        return None;
    }
    let want = -vv.normalize();
    let slack = 1e-6 + tol / vv.length();
    if u.dot(want) < 0.0 {
        let cause = (simplex.len() == 2).then_some(Cause::DirectionAwayFromOrigin);
        return Some(
            Finding::new(
                "direction",
                format!("d = {} points away from the origin", v(d)),
                format!(
                    "from the simplex's nearest point {} towards the origin: along {}",
                    v(vv),
                    v(want)
                ),
            )
            .cause(cause.or(Some(Cause::DirectionAwayFromOrigin)))
            .at(simplex),
        );
    }
    if cross(u, want).abs() > slack {
        return Some(
            Finding::new(
                "direction",
                format!(
                    "d = {} is {:.2}° off",
                    v(d),
                    cross(u, want).asin().to_degrees().abs()
                ),
                format!(
                    "from the simplex's nearest point {} towards the origin: along {}",
                    v(vv),
                    v(want)
                ),
            )
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
    let expected = format!(
        "the feature of {} nearest the origin (it passes {} from it, at {})",
        set(whole),
        num(nearest.length()),
        v(nearest)
    );
    if kept.is_empty() || kept.len() > 3 {
        return Some(Finding::new(
            "reduction",
            format!("kept {} points", kept.len()),
            expected,
        ));
    }
    if let Some(p) = kept.iter().find(|p| !contains(whole, **p, tol)) {
        return Some(
            Finding::new(
                "reduction",
                format!("kept {}, which is not in the simplex {}", v(*p), set(whole)),
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
                format!(
                    "kept {}, which passes {} from the origin",
                    set(kept),
                    num(got.length())
                ),
                expected,
            )
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
            Finding::new("reduction", format!("kept {}", set(kept)), expected)
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
    if theirs != ours {
        let cause = match (theirs, st.last) {
            (false, Some((s, _))) if s.abs() <= tol => Some(Cause::MissingTouchingCase),
            (false, _)
                if st.repeat.is_some()
                    && closest_to_origin(&st.simplex).length() <= cx.margin() + tol =>
            {
                Some(Cause::MissingTouchingCase)
            }
            _ => None,
        };
        let found = match (theirs, st.last) {
            (false, Some((s, l))) => format!(
                "separated (the support point at line {l} reaches {} past the origin along d)",
                num(s)
            ),
            (false, None) => "separated".into(),
            (true, _) => format!(
                "intersecting, with the simplex {} {} from the origin",
                set(&st.simplex),
                num(closest_to_origin(&st.simplex).length())
            ),
        };
        return Err(Stop::diverged(
            n,
            Finding::new(
                "verdict",
                found,
                format!(
                    "{} (touching counts as intersecting)",
                    if ours { "intersecting" } else { "separated" }
                ),
            )
            .cause(cause)
            .at(&st.simplex),
            None,
        ));
    }
    if !distance || ours {
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
                format!("distance {}", num(d)),
                format!("distance {} (within {})", num(want), num(cx.tol.answer)),
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
                    format!(
                        "{} on A ({} outside it) and {} on B ({} outside it), {} apart",
                        v(qa),
                        num(off[0]),
                        v(qb),
                        num(off[1]),
                        num(gap)
                    ),
                    format!("a point of A and a point of B {} apart", num(want)),
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
        assert!(
            check_reduction(&tri, &[tri[0], tri[2]], tol).is_some(),
            "wrong edge"
        );
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
        // Through the origin: any perpendicular.
        let through = [DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0)];
        assert!(check_direction(&through, DVec2::new(0.0, 1.0), 1e-9).is_none());
        assert!(check_direction(&through, DVec2::new(0.0, -1.0), 1e-9).is_none());
    }
}
