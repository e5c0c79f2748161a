//! A rounded polygon: a convex polygon swept by a disk of radius `r` (Box2D's
//! `b2Polygon` with a `radius`, `b2MakeRoundedBox`), seen as *a core plus a radius*:
//! its core is the polygon, and the shape is every point within `r` of it — the faces
//! moved out by `r`, joined by arcs of radius `r` about the vertices. GJK and EPA walk
//! on the core; the radius is added at the end, as for a circle.

use super::{ConvexPolygon, Support, SupportVertex};
use crate::geometry::{point_segment_distance, rounded_outline};
use glam::DVec2;

/// A convex polygon (the core) grown by a radius.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundedPolygon {
    core: ConvexPolygon,
    radius: f64,
}

impl RoundedPolygon {
    /// The polygon `core` grown by `radius` (> 0: the scene checks it, finite and in
    /// range; a radius of 0 is the polygon itself, [`super::Geometry::Polygon`]).
    pub fn new(core: ConvexPolygon, radius: f64) -> RoundedPolygon {
        RoundedPolygon { core, radius }
    }

    /// The core polygon.
    pub fn core(&self) -> &ConvexPolygon {
        &self.core
    }

    /// The radius.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// Largest distance from the local origin to a point of the shape: the core's
    /// farthest vertex plus the radius.
    pub fn bounding_radius(&self) -> f64 {
        self.core.bounding_radius() + self.radius
    }

    /// Distance from a local point to the core (0 inside it).
    pub fn core_distance(&self, p: DVec2) -> f64 {
        if self.core.contains(p) {
            return 0.0;
        }
        let v = self.core.vertices();
        let n = v.len();
        (0..n)
            .map(|i| point_segment_distance(p, v[i], v[(i + 1) % n]))
            .fold(f64::INFINITY, f64::min)
    }

    /// Whether a local point lies inside or on the shape: within `r` of the core.
    pub fn contains(&self, p: DVec2) -> bool {
        self.core_distance(p) <= self.radius
    }

    /// The outline, counter-clockwise: each face moved out by `r`, and an arc about
    /// each vertex; `segments` points per full turn (at least 8).
    pub fn outline(&self, segments: usize) -> Vec<DVec2> {
        rounded_outline(self.core.vertices(), self.radius, segments)
    }
}

impl Support for RoundedPolygon {
    /// `s(d) = s_core(d) + r·d/|d|`: the core's farthest vertex moved out by the
    /// radius along `d` (a zero direction: vertex 0 moved along x).
    #[inline(always)]
    fn support(&self, direction: DVec2) -> SupportVertex {
        let core = self.core.support(direction);
        let len = direction.length();
        let unit = if len > 0.0 { direction / len } else { DVec2::X };
        SupportVertex {
            point: core.point + unit * self.radius,
            vertex: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rounded_box_is_the_box_grown_by_its_radius() {
        let r = RoundedPolygon::new(ConvexPolygon::rectangle(1.0, 0.5), 0.25);
        assert_eq!(r.support(DVec2::X).point, DVec2::new(1.25, -0.5));
        assert!((r.bounding_radius() - (1.25f64.sqrt() + 0.25)).abs() < 1e-15);
        assert!(r.contains(DVec2::new(1.2, 0.0)) && !r.contains(DVec2::new(1.3, 0.0)));
        // Near a corner the arc decides: (1.2, 0.7) is 0.283 from the corner (1, 0.5).
        assert!(!r.contains(DVec2::new(1.2, 0.7)));
        assert!(r.contains(DVec2::new(1.15, 0.65)));
        for p in r.outline(64) {
            assert!((r.core_distance(p) - 0.25).abs() < 1e-12, "{p}");
        }
    }
}
