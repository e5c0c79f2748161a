//! Queries on shapes made of convex parts (concave polygons): every query runs on
//! every pair of parts, and the pair's answer is the *decisive* part pair's:
//!
//! - when some part pairs intersect, the **deepest** of them (largest penetration
//!   depth): its normal and depth separate that part pair;
//! - otherwise the **closest** part pair (smallest distance), whose distance and
//!   closest points are exactly those of the two shapes, since the distance between
//!   unions is the smallest distance between their members.
//!
//! The deepest part pair is the convention seed 004 suggests ("split into convex parts
//! first"); it is not the true minimum translation of the whole concave shapes: moving
//! B by `depth · normal` separates the decisive part pair but may leave another part
//! pair overlapping. Ties go to the lowest part indices (A's first), so the answer is
//! deterministic. Part pairs whose bounding boxes rule them out are skipped.
//!
//! A convex shape is its own single part, so these functions accept any pair. Each
//! part pair is answered by the convex dispatch ([`super::convex`]) alone: the parts
//! are convex, so they never come back here.

use super::convex;
use super::pair::PairQuery;
use crate::algorithms::answer::{Contacts, Penetration};
use crate::algorithms::distance::DistanceResult;
use crate::geometry::{convex_hull, perp_cw};
use crate::shapes::{Aabb, Shape};
use glam::DVec2;

/// The part pair that decides a compound query, with its (convex) query.
#[derive(Clone, Debug, PartialEq)]
pub struct Decisive {
    /// Part of A and part of B (indices into [`Shape::parts`]).
    pub parts: [usize; 2],
    /// The full query of that part pair.
    pub query: PairQuery,
}

/// The decisive part pair of `a` and `b` (see the module documentation).
pub fn decisive(a: &Shape, b: &Shape) -> Decisive {
    let (parts_a, parts_b) = (a.parts(), b.parts());
    // Boxes relative to A's position: world boxes far from the origin are rounded to
    // more than a small part's size, and the pruning below would skip the closest pair.
    let origin = a.position();
    let boxes_b: Vec<Aabb> = parts_b.iter().map(|p| p.aabb_from(origin)).collect();
    let mut best: Option<Decisive> = None;
    for (i, pa) in parts_a.iter().enumerate() {
        let box_a = pa.aabb_from(origin);
        for (j, pb) in parts_b.iter().enumerate() {
            if best
                .as_ref()
                .is_some_and(|d| cannot_beat(&d.query, &box_a, &boxes_b[j]))
            {
                continue;
            }
            let q = convex::query(pa, pb);
            if best.as_ref().is_none_or(|d| beats(&q, &d.query)) {
                best = Some(Decisive {
                    parts: [i, j],
                    query: q,
                });
            }
        }
    }
    best.expect("every shape has at least one part")
}

/// Whether part query `q` decides over the best so far: intersecting beats separated;
/// then the deeper, or the closer; ties keep the earlier pair.
fn beats(q: &PairQuery, best: &PairQuery) -> bool {
    match (q.intersects, best.intersects) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => q.depth > best.depth,
        (false, false) => q.distance < best.distance,
    }
}

/// Whether two parts' bounding boxes already show they cannot beat `best`: boxes
/// apart cannot intersect, and when nothing intersects yet, boxes at least `best`'s
/// distance apart cannot be closer (the gap between boxes is a lower bound).
fn cannot_beat(best: &PairQuery, a: &Aabb, b: &Aabb) -> bool {
    let gap = (a.min - b.max).max(b.min - a.max).max(glam::DVec2::ZERO);
    if best.intersects {
        !a.overlaps(b)
    } else {
        gap.length() >= best.distance
    }
}

/// The full answer for a pair with concave shapes: the decisive part pair's query
/// (its iterations and outcomes too), with `parts` naming it.
pub fn query(a: &Shape, b: &Shape) -> PairQuery {
    let d = decisive(a, b);
    PairQuery {
        parts: Some(d.parts),
        ..d.query
    }
}

/// Whether any part of `a` intersects any part of `b` (stops at the first that does).
pub fn intersects(a: &Shape, b: &Shape) -> bool {
    let parts_b = b.parts();
    let origin = a.position();
    a.parts().iter().any(|pa| {
        let box_a = pa.aabb_from(origin);
        parts_b
            .iter()
            .any(|pb| box_a.overlaps(&pb.aabb_from(origin)) && convex::intersects(pa, pb))
    })
}

/// GJK distance of the decisive part pair: the true distance and closest points of
/// the two shapes when they are apart.
pub fn distance(a: &Shape, b: &Shape) -> DistanceResult {
    let [i, j] = decisive(a, b).parts;
    convex::distance(&a.parts()[i], &b.parts()[j])
}

/// The deepest part pair's penetration, or `None` when no part pair intersects.
pub fn penetration(a: &Shape, b: &Shape) -> Option<Penetration> {
    let d = decisive(a, b);
    if !d.query.intersects {
        return None;
    }
    let [i, j] = d.parts;
    convex::penetration(&a.parts()[i], &b.parts()[j])
}

/// The decisive part pair's contact points (none when no part pair intersects).
pub fn contacts(a: &Shape, b: &Shape) -> Contacts {
    query(a, b).contacts.into_iter().collect()
}

/// How far B must move along the unit direction `n` so that *no* part pair overlaps
/// any more (touching allowed): the answer for the whole shapes along the decisive
/// part pair's normal, which may be further than that pair's own depth.
///
/// Moving B by `t·n` separates parts `Aᵢ` and `Bⱼ` exactly when `t·n` leaves the
/// Minkowski difference `Aᵢ − Bⱼ`; the ray `t·n` crosses that convex polygon in one
/// interval of `t`, cut out of the polygon's edge half-planes `m·x ≤ c` one by one
/// (Cyrus–Beck). The answer is the smallest `t ≥ 0` inside no such interval.
/// `None` when a part is curved (its difference is not a polygon).
pub fn whole_separation(a: &Shape, b: &Shape, n: DVec2) -> Option<f64> {
    let world_vertices = |s: &Shape| -> Option<Vec<DVec2>> {
        let local = s.geometry().polygon_vertices()?;
        Some(local.iter().map(|&v| s.to_world(v)).collect())
    };
    let mut blocked: Vec<(f64, f64)> = vec![];
    for pa in a.parts() {
        let va = world_vertices(&pa)?;
        for pb in b.parts() {
            let vb = world_vertices(&pb)?;
            let differences: Vec<DVec2> = va
                .iter()
                .flat_map(|&p| vb.iter().map(move |&q| p - q))
                .collect();
            let hull = convex_hull(&differences);
            // A hull of fewer than three points has no inside to overlap in.
            if let Some(interval) = ray_interval(&hull, n).filter(|_| hull.len() >= 3) {
                blocked.push(interval);
            }
        }
    }
    // Step past every interval the current t lies strictly inside, until none is left.
    let mut t: f64 = 0.0;
    let mut moved = true;
    while moved {
        moved = false;
        for &(lo, hi) in &blocked {
            if lo < t && t < hi {
                t = hi;
                moved = true;
            }
        }
    }
    Some(t)
}

/// The interval of `t` for which `t·n` lies in the convex polygon (counter-clockwise),
/// or `None` when the ray misses it.
fn ray_interval(polygon: &[DVec2], n: DVec2) -> Option<(f64, f64)> {
    let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
    for (k, &p) in polygon.iter().enumerate() {
        let q = polygon[(k + 1) % polygon.len()];
        // Outward normal of edge p→q (counter-clockwise polygon) and its offset.
        let m = perp_cw(q - p);
        let (c, along) = (m.dot(p), m.dot(n));
        if along > 0.0 {
            hi = hi.min(c / along);
        } else if along < 0.0 {
            lo = lo.max(c / along);
        } else if c < 0.0 {
            return None;
        }
    }
    (lo < hi).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shapes::{ConvexPolygon, Geometry, Pose};
    use glam::DVec2;

    fn l_shape(position: DVec2) -> Shape {
        let v: Vec<DVec2> = [
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ]
        .iter()
        .map(|&(x, y)| DVec2::new(x, y))
        .collect();
        Shape::new(Geometry::polygon(&v).unwrap(), Pose::new(position, 0.0))
    }

    fn square(position: DVec2, half: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(half, half)),
            Pose::new(position, 0.0),
        )
    }

    #[test]
    fn a_box_in_the_dent_does_not_touch_the_l() {
        // The hull of the L covers (1.6, 1.6); the L itself does not.
        let (l, b) = (l_shape(DVec2::ZERO), square(DVec2::new(1.6, 1.6), 0.2));
        assert!(convex::intersects(&l.parts()[0], &l.parts()[0]));
        assert!(!intersects(&l, &b));
        let q = query(&l, &b);
        assert!(!q.intersects);
        assert!((q.distance - 0.4).abs() < 1e-9, "{}", q.distance);
        assert!(q.parts.is_some());
    }

    #[test]
    fn the_deepest_part_pair_decides() {
        let (l, b) = (l_shape(DVec2::ZERO), square(DVec2::new(1.8, 0.5), 0.3));
        let q = query(&l, &b);
        assert!(q.intersects);
        assert!((q.depth - 0.5).abs() < 1e-9, "{}", q.depth);
        assert_eq!(penetration(&l, &b).map(|p| p.depth), Some(q.depth));
    }
}
