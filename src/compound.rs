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
//! A convex shape is its own single part, so these functions accept any pair.

use crate::algorithms::distance::DistanceResult;
use crate::algorithms::epa::Penetration;
use crate::query::{self, PairQuery};
use crate::shapes::{Aabb, Shape};

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
    let boxes_b: Vec<Aabb> = parts_b.iter().map(Shape::aabb).collect();
    let mut best: Option<Decisive> = None;
    for (i, pa) in parts_a.iter().enumerate() {
        let box_a = pa.aabb();
        for (j, pb) in parts_b.iter().enumerate() {
            if best
                .as_ref()
                .is_some_and(|d| cannot_beat(&d.query, &box_a, &boxes_b[j]))
            {
                continue;
            }
            let q = query::query(pa, pb);
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
    a.parts().iter().any(|pa| {
        let box_a = pa.aabb();
        parts_b
            .iter()
            .any(|pb| box_a.overlaps(&pb.aabb()) && query::intersects(pa, pb))
    })
}

/// GJK distance of the decisive part pair: the true distance and closest points of
/// the two shapes when they are apart.
pub fn distance(a: &Shape, b: &Shape) -> DistanceResult {
    let [i, j] = decisive(a, b).parts;
    query::distance(&a.parts()[i], &b.parts()[j])
}

/// The deepest part pair's penetration, or `None` when no part pair intersects.
pub fn penetration(a: &Shape, b: &Shape) -> Option<Penetration> {
    let d = decisive(a, b);
    if !d.query.intersects {
        return None;
    }
    let [i, j] = d.parts;
    query::penetration(&a.parts()[i], &b.parts()[j])
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
        assert!(query::intersects(&l.parts()[0], &l.parts()[0]));
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
