//! A capsule: the segment `a–b` swept by a disk of radius `r` (Box2D's `b2Capsule`),
//! seen as *a core plus a radius*: its core is the segment, a polygon of two vertices
//! with two faces (`b2MakeCapsule`: edge 0 from `a` to `b`, outward normal
//! `n = perp_cw(b − a)/|b − a|`; edge 1 back from `b` to `a`, normal `−n`), and the
//! capsule is that core grown by `r`. GJK and EPA walk on the core, whose support
//! points are its two ends; the radius is added at the end, as for a circle.
//!
//! A radius of 0 leaves the core alone: a *segment* (Box2D's `b2Segment`, parry's
//! `Segment`), a convex shape with no area. Every algorithm that takes a capsule takes
//! it; SAT, which needs a list of axes, says why it does not.

use super::{Support, SupportVertex};
use crate::geometry::{perp_cw, rounded_outline};
use glam::DVec2;

/// A capsule in its local frame: the segment between its two ends, swept by a disk.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule {
    /// The core's two vertices, `a` then `b`.
    vertices: [DVec2; 2],
    /// The core's two face normals: edge 0 (`a → b`) and edge 1 (`b → a`).
    normals: [DVec2; 2],
    /// The radius of the disk (≥ 0; 0 is a segment).
    radius: f64,
    /// The farther end's distance from the local origin plus the radius, computed
    /// once (every GJK query sizes its tolerances by it: two square roots each time).
    bounding_radius: f64,
}

/// Why two points and a radius are no capsule (the scene checks the numbers' range
/// and the radius first; this is what only a capsule can get wrong).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CapsuleError {
    /// The two ends are (numerically) the same point: the core would be a point and
    /// its faces would have no direction.
    #[error(
        "its ends a ({}, {}) and b ({}, {}) are {} apart: a capsule needs a segment \
         at least {} long (and longer than 1e-12 of its coordinates); with a = b it is \
         {}",
        a.x, a.y, b.x, b.y,
        crate::range::readable(*length),
        crate::range::readable(*min_length),
        if *radius > 0.0 {
            format!("a circle: write Circle(radius: {})", crate::range::readable(*radius))
        } else {
            "a point: write Point".to_string()
        }
    )]
    ZeroLength {
        /// End `a`.
        a: DVec2,
        /// End `b`.
        b: DVec2,
        /// Their distance.
        length: f64,
        /// The shortest segment allowed for these ends.
        min_length: f64,
        /// The radius (for the circle the message suggests; 0: a point).
        radius: f64,
    },
}

/// A segment shorter than this fraction of its ends' coordinates has no reliable
/// direction: its ends are one point (the polygons' own repeat tolerance).
const REPEAT_TOL: f64 = 1e-12;

impl Capsule {
    /// The capsule of the segment `a–b` and radius `radius`. The segment must be at
    /// least [`crate::range::MIN_SIZE`] long and longer than `1e-12` of the ends'
    /// coordinates; the radius is taken as given (the scene checks it: finite, not
    /// negative, in range; 0 makes the capsule a segment).
    pub fn new(a: DVec2, b: DVec2, radius: f64) -> Result<Capsule, CapsuleError> {
        let length = (b - a).length();
        let min_length =
            crate::range::MIN_SIZE.max(REPEAT_TOL * a.abs().max(b.abs()).max_element());
        // A NaN length (a NaN end) is refused too.
        if length.is_nan() || length < min_length {
            return Err(CapsuleError::ZeroLength {
                a,
                b,
                length,
                min_length,
                radius,
            });
        }
        let n = perp_cw(b - a) / length;
        Ok(Capsule {
            vertices: [a, b],
            normals: [n, -n],
            radius,
            bounding_radius: a.length().max(b.length()) + radius,
        })
    }

    /// End `a` (core vertex 0).
    pub fn a(&self) -> DVec2 {
        self.vertices[0]
    }

    /// End `b` (core vertex 1).
    pub fn b(&self) -> DVec2 {
        self.vertices[1]
    }

    /// The radius of the disk swept along the segment.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// Whether it is a segment: a capsule of radius 0, the core alone.
    pub fn is_segment(&self) -> bool {
        self.radius == 0.0
    }

    /// The core's two vertices, `[a, b]`.
    pub fn vertices(&self) -> &[DVec2] {
        &self.vertices
    }

    /// The core's two face normals: edge 0 (`a → b`), `perp_cw(b − a)/|b − a|`, and
    /// edge 1 (`b → a`), its opposite.
    pub fn normals(&self) -> &[DVec2] {
        &self.normals
    }

    /// The segment's length, `|b − a|`.
    pub fn length(&self) -> f64 {
        (self.vertices[1] - self.vertices[0]).length()
    }

    /// The segment's midpoint (the capsule's centre).
    pub fn center(&self) -> DVec2 {
        (self.vertices[0] + self.vertices[1]) * 0.5
    }

    /// Largest distance from the local origin to a point of the capsule: the farther
    /// end plus the radius.
    pub fn bounding_radius(&self) -> f64 {
        self.bounding_radius
    }

    /// Distance from a local point to the core segment (closest point on `a–b`).
    pub fn core_distance(&self, p: DVec2) -> f64 {
        crate::geometry::point_segment_distance(p, self.vertices[0], self.vertices[1])
    }

    /// Whether a local point lies inside or on the capsule: within `r` of the segment.
    pub fn contains(&self, p: DVec2) -> bool {
        self.core_distance(p) <= self.radius
    }

    /// The outline, counter-clockwise: the side `a + r·n → b + r·n`, the half-circle
    /// about `b`, the side back, the half-circle about `a`; `segments` points per full
    /// turn (at least 8).
    pub fn outline(&self, segments: usize) -> Vec<DVec2> {
        rounded_outline(&self.vertices, self.radius, segments)
    }

    /// Support point of the core, the segment: the end farther along `d` (ties, a
    /// direction square to the segment, go to `a`, vertex 0).
    #[inline(always)]
    pub fn core_support(&self, direction: DVec2) -> SupportVertex {
        let [a, b] = self.vertices;
        let i = usize::from(b.dot(direction) > a.dot(direction));
        SupportVertex {
            point: self.vertices[i],
            vertex: Some(i as u32),
        }
    }
}

impl Support for Capsule {
    /// `s(d) = s_core(d) + r·d/|d|`: the core's farther end moved out by the radius
    /// along `d` (a zero direction: end `a` moved along x).
    #[inline(always)]
    fn support(&self, direction: DVec2) -> SupportVertex {
        let core = self.core_support(direction);
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
    fn the_core_is_a_two_vertex_polygon_with_opposite_faces() {
        let c = Capsule::new(DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0), 0.5).unwrap();
        // Edge 0 runs along +x: its outward normal is −y (clockwise perpendicular).
        assert_eq!(c.normals(), &[DVec2::new(0.0, -1.0), DVec2::new(0.0, 1.0)]);
        assert_eq!(c.core_support(DVec2::new(1.0, 5.0)).vertex, Some(1));
        assert_eq!(c.core_support(DVec2::Y).vertex, Some(0), "tie: a");
        let s = c.support(DVec2::new(0.0, 2.0)).point;
        assert_eq!(s, DVec2::new(-1.0, 0.5));
        assert_eq!(c.bounding_radius(), 1.5);
        assert!(c.contains(DVec2::new(1.4, 0.2)) && !c.contains(DVec2::new(1.4, 0.4)));
    }

    /// The outline lies on the capsule's boundary (within `r` of the core, exactly),
    /// and reaches the support value in every direction to the sampling's accuracy.
    #[test]
    fn outline_is_the_boundary() {
        let c = Capsule::new(DVec2::new(0.3, -1.0), DVec2::new(-0.5, 2.0), 0.7).unwrap();
        let outline = c.outline(256);
        for &p in &outline {
            assert!((c.core_distance(p) - 0.7).abs() < 1e-12, "{p}");
        }
        for k in 0..100 {
            let d = DVec2::from_angle(k as f64 * 0.0628);
            let h = outline.iter().map(|p| p.dot(d)).fold(f64::MIN, f64::max);
            let exact = c.support(d).point.dot(d);
            assert!(h <= exact + 1e-12 && exact - h < 1e-3, "{k}: {h} {exact}");
        }
    }

    #[test]
    fn ends_that_are_one_point_are_refused() {
        let p = DVec2::new(2.0, 3.0);
        let e = Capsule::new(p, p, 0.5).unwrap_err();
        assert!(matches!(e, CapsuleError::ZeroLength { length: 0.0, .. }));
        let text = e.to_string();
        assert!(text.contains("Circle(radius: 0.5)"), "{text}");
        // Shorter than 1e-12 of the coordinates: the same point, numerically.
        let far = DVec2::new(1e6, 0.0);
        assert!(Capsule::new(far, far + DVec2::new(1e-7, 0.0), 1.0).is_err());
        assert!(Capsule::new(far, far + DVec2::new(1e-5, 0.0), 1.0).is_ok());
        assert!(Capsule::new(DVec2::ZERO, DVec2::new(f64::NAN, 0.0), 1.0).is_err());
    }
}
