//! The Minkowski difference `A − B = { a − b : a ∈ A, b ∈ B }` of two shapes.
//!
//! Two convex shapes overlap exactly when `A − B` contains the origin; their distance
//! is the distance from the origin to `A − B`; their penetration depth is the distance
//! from the origin to the boundary of `A − B`. GJK and EPA never build `A − B`: they
//! only ask for its support points, `s_{A−B}(d) = s_A(d) − s_B(−d)`.
//!
//! Precision: each shape answers relative to its own position, and the difference of
//! the two positions is taken once, here. A point of `A − B` is then
//! `(s_A − s_B) − (position_B − position_A)`, a sum of numbers of the shapes' size, so
//! two shapes at 1e6 from the world origin keep the precision of two at the origin.

use crate::geometry::convex_hull;
use crate::shapes::{Geometry, Shape, Support};
use glam::DVec2;
use serde::Serialize;

/// A point of `A − B` together with the points of A and B it is the difference of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SupportPoint {
    /// The point of the Minkowski difference, `a − b`.
    pub p: DVec2,
    /// The point of A (world coordinates).
    pub a: DVec2,
    /// The point of B (world coordinates).
    pub b: DVec2,
    /// The vertex of A it came from (polygons only).
    pub vertex_a: Option<usize>,
    /// The vertex of B it came from (polygons only).
    pub vertex_b: Option<usize>,
}

/// Tolerances of one pair of shapes, all proportional to the pair's size.
///
/// `scale` is the larger bounding radius of the two shapes: the size of the
/// coordinates GJK and EPA work with, hence of their rounding errors.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Tolerance {
    /// Size of the pair (the larger bounding radius).
    pub scale: f64,
    /// Distances up to this count as zero: such shapes touch, and touching intersects.
    pub touch: f64,
    /// GJK distance stops when the distance is known to this relative accuracy.
    pub relative: f64,
    /// EPA stops when the depth is known to this absolute accuracy.
    pub depth: f64,
}

impl Tolerance {
    /// Tolerances for a pair of size `scale`.
    pub fn for_scale(scale: f64) -> Self {
        let scale = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        Tolerance {
            scale,
            touch: 1e-9 * scale,
            relative: 1e-10,
            depth: 1e-10 * scale,
        }
    }
}

/// The Minkowski difference `A − B` of two placed shapes, seen through its support
/// function.
#[derive(Clone, Copy, Debug)]
pub struct MinkowskiDifference<'s> {
    /// Shape A.
    pub a: &'s Shape,
    /// Shape B.
    pub b: &'s Shape,
    /// `position_B − position_A`, computed once.
    offset: DVec2,
    /// The pair's tolerances.
    pub tolerance: Tolerance,
}

impl<'s> MinkowskiDifference<'s> {
    /// The difference `a − b`.
    pub fn new(a: &'s Shape, b: &'s Shape) -> Self {
        MinkowskiDifference {
            a,
            b,
            offset: b.position() - a.position(),
            tolerance: Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius())),
        }
    }

    /// Support point of `A − B` in direction `d`: `s_A(d) − s_B(−d)`.
    #[inline(always)]
    pub fn support(&self, d: DVec2) -> SupportPoint {
        let sa = self.a.support(d);
        let sb = self.b.support(-d);
        SupportPoint {
            p: sa.point - sb.point - self.offset,
            a: self.a.position() + sa.point,
            b: self.b.position() + sb.point,
            vertex_a: sa.vertex,
            vertex_b: sb.vertex,
        }
    }

    /// A point inside `A − B`: an interior point of A minus one of B.
    pub fn interior_point(&self) -> DVec2 {
        self.a.rotate(self.a.geometry().interior_point())
            - self.b.rotate(self.b.geometry().interior_point())
            - self.offset
    }

    /// The first search direction of GJK: from the interior point of `A − B` towards
    /// the origin (so from A's centre towards B's). When the centres coincide that
    /// vector is zero and the x axis is used instead (`fallback = true`).
    pub fn initial_direction(&self) -> (DVec2, bool) {
        let towards_origin = -self.interior_point();
        if towards_origin.length() > self.tolerance.touch {
            (towards_origin, false)
        } else {
            (DVec2::X, true)
        }
    }

    /// The outline of `A − B`, counter-clockwise, for drawing: the exact hull of all
    /// vertex differences when both shapes are polygons, otherwise the hull of support
    /// points sampled over `samples` directions.
    pub fn outline(&self, samples: usize) -> Vec<DVec2> {
        let points: Vec<DVec2> = match (self.a.geometry(), self.b.geometry()) {
            (Geometry::Polygon(pa), Geometry::Polygon(pb)) => pa
                .vertices()
                .iter()
                .flat_map(|&va| {
                    pb.vertices()
                        .iter()
                        .map(move |&vb| self.a.rotate(va) - self.b.rotate(vb) - self.offset)
                })
                .collect(),
            _ => {
                let n = samples.max(8);
                (0..n)
                    .map(|i| {
                        let angle = std::f64::consts::TAU * i as f64 / n as f64;
                        self.support(DVec2::from_angle(angle)).p
                    })
                    .collect()
            }
        };
        convex_hull(&points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shapes::{Circle, ConvexPolygon, Pose};

    #[test]
    fn support_of_difference_is_difference_of_supports() {
        let a = Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(1e6, 1e6), 0.0),
        );
        let b = Shape::new(
            Geometry::Circle(Circle { radius: 0.5 }),
            Pose::new(DVec2::new(1e6 + 3.0, 1e6), 0.0),
        );
        let md = MinkowskiDifference::new(&a, &b);
        let s = md.support(DVec2::X);
        // Rightmost point of A − B: A's right edge minus B's leftmost point.
        assert_eq!(s.p, DVec2::new(1.0 - (3.0 - 0.5), -1.0));
        assert_eq!(s.a - s.b, s.p);
    }

    #[test]
    fn outline_of_two_polygons_is_exact() {
        let a = Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::default(),
        );
        let b = a.clone();
        let outline = MinkowskiDifference::new(&a, &b).outline(0);
        let mut xs: Vec<_> = outline.iter().map(|p| (p.x, p.y)).collect();
        xs.sort_by(|p, q| p.partial_cmp(q).unwrap());
        assert_eq!(xs, vec![(-2.0, -2.0), (-2.0, 2.0), (2.0, -2.0), (2.0, 2.0)]);
    }
}
