//! Replaying an EPA trace: the learner's polytope is kept here (counter-clockwise),
//! each closest edge checked against it, each support point along its normal, each
//! new point put between the edge's two points; the depth and the normal against
//! gjk-lab's.

use super::geom::{closest_to_origin, difference_support_value, num, set, v};
use super::read::NormalConvention;
use super::text::{text, Text};
use super::{Cause, Context, Finding, Stop, TraceError};
use crate::algorithms::Algorithm;
use crate::geometry::{cross, perp_cw};
use glam::DVec2;
use serde_json::Value;

/// The learner's polytope and the step in progress.
#[derive(Default)]
struct State {
    /// Vertices, counter-clockwise; edge `i` runs from vertex `i` to `i + 1`.
    poly: Vec<DVec2>,
    /// The closest edge chosen last: its first vertex and outward unit normal.
    edge: Option<(usize, DVec2, f64)>,
    /// The support point found along it and not yet inserted: point, line, and
    /// whether it repeats a vertex.
    pending: Option<(DVec2, usize, bool)>,
    /// The last support point's gap `w·n − e.d` and its line.
    last_gap: Option<(f64, usize)>,
    /// A support point inserted since the last closest edge (for the cause).
    inserted_any: bool,
    /// The last closest edge's normal and distance as the file gives them, and the
    /// last support point's gap measured with them (the learner's own number).
    claimed: Option<(DVec2, f64)>,
    their_gap: Option<f64>,
    edges: usize,
    supports: usize,
}

impl State {
    /// Outward unit normal and signed distance of edge `i` (counter-clockwise).
    fn edge(&self, i: usize) -> Option<(DVec2, f64)> {
        let (p, q) = (self.poly[i], self.poly[(i + 1) % self.poly.len()]);
        let n = perp_cw(q - p).try_normalize()?;
        Some((n, n.dot(p)))
    }

    fn insert(&mut self) {
        if let (Some((w, _, _)), Some((i, _, _))) = (self.pending.take(), self.edge) {
            self.poly.insert(i + 1, w);
            self.inserted_any = true;
        }
    }
}

fn same(p: DVec2, q: DVec2, tol: f64) -> bool {
    (p - q).length() <= tol
}

fn point(line: &super::Line, key: &str) -> Result<DVec2, TraceError> {
    match line.value.get(key) {
        Some(Value::Object(m)) => super::Line {
            number: line.number,
            value: m.clone(),
        }
        .vector("p"),
        _ => line.vector(key),
    }
}

/// Where a stage's run leaves what the check can judge (a trace declared with
/// `stage` below 3): EPA found a support point already in its polytope, and what to
/// do then is stage 3's.
fn beyond_stage(line: usize) -> Stop {
    Stop::Beyond(text!("check-beyond-epa", line = line.to_string()))
}

/// Replays EPA.
pub(super) fn replay(cx: &mut Context) -> Result<(), Stop> {
    let tol = cx.tol.step;
    let partial = cx.partial(Algorithm::Epa);
    let mut st = State::default();
    for line in &cx.file.steps {
        let n = line.number;
        match line.kind() {
            "start" => {
                let mut poly = line.points("polytope")?;
                let area: f64 = (0..poly.len())
                    .map(|i| cross(poly[i], poly[(i + 1) % poly.len()]))
                    .sum();
                if area < 0.0 {
                    poly.reverse();
                }
                let nearest = closest_to_origin(&poly[..poly.len().min(3)]);
                let holds = match poly.len() {
                    2 => nearest.length() <= tol,
                    3 => nearest.length() <= tol,
                    k if k > 3 => {
                        (0..k).all(|i| cross(poly[(i + 1) % k] - poly[i], -poly[i]) >= -tol)
                    }
                    _ => false,
                };
                if !holds {
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "start",
                            text!("check-found-polytope-no-origin", polytope = set(&poly)),
                            text!("check-expected-gjk-simplex"),
                        )
                        .at(&poly),
                        Some(("start", 1)),
                    ));
                }
                st.poly = poly;
            }
            "closest_edge" => {
                let edge = line.object("edge")?;
                let normal = edge.vector("normal")?;
                let distance = edge.number("distance")?;
                let (from, to) = (point(line, "from")?, point(line, "to")?);
                st.edges += 1;
                let at = Some(("closest_edge", st.edges));
                if let Some((w, l, true)) = st.pending {
                    if partial {
                        return Err(beyond_stage(l));
                    }
                    let gap = st
                        .their_gap
                        .or(st.last_gap.map(|(g, _)| g))
                        .unwrap_or_default();
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "progress",
                            text!(
                                "check-found-epa-goes-on",
                                w = v(w),
                                line = l.to_string(),
                                gap = format!("{gap:.1e}")
                            ),
                            text!("check-expected-epa-stop"),
                        )
                        .cause(Some(Cause::EpaMissingStop))
                        .at(&[w]),
                        at,
                    ));
                }
                st.insert();
                if st.poly.len() < 2 {
                    return Err(Stop::Bad(TraceError::new(
                        n,
                        text!("check-read-edge-before-start"),
                    )));
                }
                let k = st.poly.len();
                let candidates: Vec<usize> = (0..k)
                    .filter(|&i| {
                        let (p, q) = (st.poly[i], st.poly[(i + 1) % k]);
                        (same(p, from, tol) && same(q, to, tol))
                            || (same(p, to, tol) && same(q, from, tol))
                    })
                    .collect();
                // Two points make two edges, told apart by the side of the normal.
                let found = candidates
                    .iter()
                    .copied()
                    .find(|&i| st.edge(i).is_some_and(|(m, _)| m.dot(normal) > 0.0))
                    .or(candidates.first().copied());
                // The file's edge runs against the polytope's order: after an
                // insertion with an inward normal, the learner's polytope is in
                // another order than the one a right insertion makes.
                let reversed = found.is_some_and(|i| {
                    k > 2 && !same(st.poly[i], from, tol) && same(st.poly[i], to, tol)
                });
                let Some(i) = found else {
                    let cause = st.inserted_any.then_some(Cause::WrongInsertion);
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "closest edge",
                            text!("check-found-not-an-edge", from = v(from), to = v(to)),
                            text!("check-expected-an-edge", polytope = set(&st.poly)),
                        )
                        .cause(cause)
                        .at(&[from, to]),
                        at,
                    ));
                };
                let Some((true_n, true_d)) = st.edge(i) else {
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "closest edge",
                            text!("check-found-edge-no-length"),
                            text!("check-expected-two-points"),
                        ),
                        at,
                    ));
                };
                let unit = (normal.length() - 1.0).abs() <= 1e-6;
                let slack = 1e-6 + tol / (to - from).length();
                if unit && (normal + true_n).length() <= slack {
                    if reversed && st.inserted_any {
                        return Err(Stop::diverged(
                            n,
                            Finding::new(
                                "closest edge",
                                text!(
                                    "check-found-reversed-edge",
                                    from = v(from),
                                    to = v(to),
                                    normal = v(normal)
                                ),
                                text!(
                                    "check-expected-in-order",
                                    polytope = set(&st.poly),
                                    normal = v(true_n)
                                ),
                            )
                            .cause(Some(Cause::WrongInsertion))
                            .at(&[from, to]),
                            at,
                        ));
                    }
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "closest edge",
                            text!("check-found-normal-inward", normal = v(normal)),
                            text!("check-expected-outward-unit", normal = v(true_n)),
                        )
                        .cause(Some(Cause::InwardEdgeNormal))
                        .at(&[from, to]),
                        at,
                    ));
                }
                if !unit || (normal - true_n).length() > slack {
                    // Along the normal (either way) but of another length: not
                    // normalised.
                    let parallel = normal.try_normalize().is_some_and(|u| {
                        (u - true_n).length() <= slack || (u + true_n).length() <= slack
                    });
                    let found = if unit {
                        text!("check-found-normal", normal = v(normal))
                    } else {
                        text!(
                            "check-found-normal-length",
                            normal = v(normal),
                            length = num(normal.length())
                        )
                    };
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "closest edge",
                            found,
                            text!("check-expected-edge-outward-unit", normal = v(true_n)),
                        )
                        .cause((!unit && parallel).then_some(Cause::EdgeNormalNotNormalized))
                        .at(&[from, to]),
                        at,
                    ));
                }
                if (distance - true_d).abs() > tol {
                    let from_vertex = [from, to]
                        .iter()
                        .any(|p| (p.length() - distance).abs() <= tol);
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "closest edge",
                            text!("check-found-distance", d = num(distance)),
                            text!("check-expected-edge-distance", d = num(true_d)),
                        )
                        .cause(from_vertex.then_some(Cause::EdgeDistanceFromVertex))
                        .at(&[from, to]),
                        at,
                    ));
                }
                let nearest = (0..k)
                    .filter_map(|j| st.edge(j).map(|(_, d)| (j, d)))
                    .min_by(|x, y| x.1.total_cmp(&y.1));
                if let Some((j, d)) = nearest.filter(|(_, d)| true_d > d + tol) {
                    let (p, q) = (st.poly[j], st.poly[(j + 1) % k]);
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "closest edge",
                            text!(
                                "check-found-edge-at",
                                from = v(from),
                                to = v(to),
                                d = num(true_d)
                            ),
                            text!(
                                "check-expected-nearest-edge",
                                p = v(p),
                                q = v(q),
                                d = num(d)
                            ),
                        )
                        .at(&[p, q]),
                        at,
                    ));
                }
                st.edge = Some((i, true_n, true_d));
                st.claimed = Some((normal, distance));
            }
            "support" => {
                let d = line.vector("direction")?;
                let s = line.support("support")?;
                st.supports += 1;
                let at = Some(("support", st.supports));
                let Some((_, normal, dist)) = st.edge else {
                    return Err(Stop::Bad(TraceError::new(
                        n,
                        text!("check-read-support-before-edge"),
                    )));
                };
                let along = d
                    .try_normalize()
                    .is_some_and(|u| (u - normal).length() <= 1e-6);
                if !along {
                    return Err(Stop::diverged(
                        n,
                        Finding::new(
                            "support point",
                            text!("check-found-searches-along", d = v(d)),
                            text!("check-expected-along-normal", normal = v(normal)),
                        ),
                        at,
                    ));
                }
                if let Some(f) = cx.check_support(d, &s) {
                    return Err(Stop::diverged(n, f, at));
                }
                cx.supports.push(s.p);
                let repeats = st.poly.iter().any(|q| same(*q, s.p, cx.tol.repeat));
                st.last_gap = Some((s.p.dot(normal) - dist, n));
                st.their_gap = st.claimed.map(|(m, e)| s.p.dot(m) - e);
                st.pending = Some((s.p, n, repeats));
            }
            // On a curved shape the normal turned until the support point lies along
            // it: that support point is judged like any other.
            "refined" if line.has("support") && line.has("normal") => {
                let d = line.vector("normal")?;
                let s = line.support("support")?;
                if let Some(f) = cx.check_support(d, &s) {
                    return Err(Stop::diverged(n, f, Some(("refined", 1))));
                }
            }
            "inserted" => {
                let p = point(line, "point")?;
                if let Some((w, _, _)) = st.pending {
                    if !same(p, w, tol) {
                        return Err(Stop::diverged(
                            n,
                            Finding::new(
                                "insertion",
                                text!("check-inserted", p = v(p)),
                                text!("check-expected-just-found", w = v(w)),
                            )
                            .at(&[p, w]),
                            Some(("inserted", st.supports)),
                        ));
                    }
                    st.insert();
                }
            }
            _ => {}
        }
    }
    verdict(cx, &st)
}

/// The result line: intersecting or not, the depth, and a normal along which that
/// depth is a way out, against gjk-lab's. Below stage 3 there is no depth to judge:
/// only a verdict, if the run gives one.
fn verdict(cx: &Context, st: &State) -> Result<(), Stop> {
    let r = &cx.file.result;
    let n = r.number;
    if cx.partial(Algorithm::Epa) {
        if let Some((_, l, true)) = st.pending {
            return Err(beyond_stage(l));
        }
        if !r.has("intersects") {
            return Ok(());
        }
    }
    let theirs = r.boolean("intersects")?;
    if !cx.verdict_right(theirs) {
        return Err(Stop::diverged(
            n,
            Finding::new(
                "verdict",
                if theirs {
                    text!("check-found-intersecting")
                } else {
                    text!("check-verdict-separated")
                },
                cx.verdict_wanted(),
            ),
            None,
        ));
    }
    if !theirs || cx.partial(Algorithm::Epa) {
        return Ok(());
    }
    let depth = r.number("depth")?;
    let normal = r.vector("normal")?;
    let want = cx.ours_result()["depth"].as_f64().unwrap_or(0.0);
    let tol = cx.tol.answer;
    if (depth - want).abs() > tol {
        let cause = match st.last_gap {
            Some((g, _)) if depth < want && g > cx.tol.step => Some(Cause::EpaToleranceTooLoose),
            _ => None,
        };
        let found = match st.last_gap {
            Some((g, l)) => text!(
                "check-found-depth-stopped",
                depth = num(depth),
                line = l.to_string(),
                gap = num(g)
            ),
            None => text!("check-found-depth", depth = num(depth)),
        };
        return Err(Stop::diverged(
            n,
            Finding::new(
                "depth",
                found,
                text!(
                    "check-expected-depth-within",
                    depth = num(want),
                    tolerance = num(tol)
                ),
            )
            .cause(cause),
            None,
        ));
    }
    check_normal(cx, normal, want, n)
}

/// A way out: a unit normal `n` (from A towards B, after the file's convention)
/// along which `A − B` reaches exactly the depth. Shared with SAT.
pub(super) fn check_normal(
    cx: &Context,
    normal: DVec2,
    depth: f64,
    line: usize,
) -> Result<(), Stop> {
    let tol = cx.tol.answer;
    let n = match cx.file.normals {
        NormalConvention::AToB => normal,
        NormalConvention::BToA => -normal,
    };
    if (n.length() - 1.0).abs() > 1e-6 {
        return Err(Stop::diverged(
            line,
            Finding::new(
                "normal",
                text!(
                    "check-found-normal-length",
                    normal = v(normal),
                    length = num(normal.length())
                ),
                text!("check-expected-unit-normal"),
            ),
            None,
        ));
    }
    let reach = difference_support_value(&cx.a, &cx.b, n);
    if (reach - depth).abs() <= tol {
        return Ok(());
    }
    let flipped = (difference_support_value(&cx.a, &cx.b, -n) - depth).abs() <= tol;
    let convention = match cx.file.normals {
        NormalConvention::AToB => text!("check-convention-a-to-b"),
        NormalConvention::BToA => text!("check-convention-b-to-a"),
    };
    Err(Stop::diverged(
        line,
        Finding::new(
            "normal",
            text!(
                "check-found-normal-leaves",
                normal = v(normal),
                depth = num(depth),
                by = num((reach - depth).abs()),
                state = if reach > depth {
                    text!("check-state-overlapping")
                } else {
                    text!("check-state-apart")
                }
            ),
            text!(
                "check-expected-normal-way-out",
                convention = convention,
                depth = num(depth),
                ours = cx.ours_result()["normal"].to_string()
            ),
        )
        .cause(flipped.then_some(Cause::WrongNormalSign)),
        None,
    ))
}
