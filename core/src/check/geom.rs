//! The checker's own geometry: what is true of the two shapes, computed directly from
//! their vertices, radii and semi-axes (support values by a scan of the world
//! vertices, distances to a shape, the closest point of a small simplex by brute
//! force), not through the step machines it judges.

use super::read::CircleSupport;
use crate::geometry::{closest_point_on_segment_to_origin, cross};
use crate::shapes::{Geometry, Shape};
use glam::DVec2;

/// The tolerances of one check, proportional to the pair's size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerances {
    /// The pair's size: the larger bounding radius, or the distance between the
    /// shapes' positions if larger.
    pub scale: f64,
    /// Positions and distances within a step: `1e-6 · scale`.
    pub step: f64,
    /// The final answer (distance, depth): `1e-5 · scale`, so that an implementation
    /// that stops at a tolerance of `1e-6` relative still agrees.
    pub answer: f64,
    /// A support point that *repeats* one (the loop then cycles): `1e-12 · scale`. A
    /// loop that cycles computes the same point again, to the last digit it prints;
    /// on a curve, converging points come far closer than `step` without repeating.
    pub repeat: f64,
}

impl Tolerances {
    /// The tolerances for shapes `a` and `b`.
    pub fn for_pair(a: &Shape, b: &Shape) -> Self {
        let scale = a
            .bounding_radius()
            .max(b.bounding_radius())
            .max((a.position() - b.position()).length());
        let scale = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        Tolerances {
            scale,
            step: 1e-6 * scale,
            answer: 1e-5 * scale,
            repeat: 1e-12 * scale,
        }
    }
}

/// One shape as the file sees it: whole, or (a circle with `circle_support: "core"`)
/// as its centre (a capsule as its segment, a rounded polygon as its polygon).
#[derive(Clone, Copy, Debug)]
pub struct Body<'s> {
    /// The shape.
    pub shape: &'s Shape,
    /// Whether a circle counts as its centre only.
    pub core: bool,
}

impl<'s> Body<'s> {
    /// The shape under the file's convention.
    pub fn new(shape: &'s Shape, circles: CircleSupport) -> Self {
        Body {
            shape,
            core: circles == CircleSupport::Core,
        }
    }

    /// The whole shape (a circle with its radius, whatever the file's convention).
    pub fn whole(&self) -> Body<'s> {
        Body {
            core: false,
            ..*self
        }
    }

    /// The shape's world vertices (a polygon), else `None`.
    fn vertices(&self) -> Option<Vec<DVec2>> {
        self.shape
            .geometry()
            .polygon_vertices()
            .map(|vs| vs.iter().map(|&v| self.shape.to_world(v)).collect())
    }

    /// The world vertices of a capsule's or rounded polygon's core, else `None`.
    fn core_vertices(&self) -> Option<Vec<DVec2>> {
        if !self.shape.geometry().is_rounded() {
            return None;
        }
        self.shape
            .geometry()
            .core_vertices()
            .map(|vs| vs.iter().map(|&v| self.shape.to_world(v)).collect())
    }

    /// The radius the core leaves out (a circle's, a capsule's, a rounded polygon's;
    /// 0 for any other shape, and for a whole shape).
    pub fn margin(&self) -> f64 {
        if self.core {
            self.shape.radius()
        } else {
            0.0
        }
    }

    /// The radius a whole round shape adds to its core (0 under the core convention).
    fn whole_radius(&self) -> f64 {
        if self.core {
            0.0
        } else {
            self.shape.radius()
        }
    }

    /// `max x·d` over the body (`d` any length).
    pub fn support_value(&self, d: DVec2) -> f64 {
        let c = self.shape.position();
        match self.shape.geometry() {
            Geometry::Polygon(_) | Geometry::Concave(_) => self
                .vertices()
                .unwrap_or_default()
                .iter()
                .map(|v| v.dot(d))
                .fold(f64::NEG_INFINITY, f64::max),
            Geometry::Circle(circle) => {
                c.dot(d)
                    + if self.core {
                        0.0
                    } else {
                        circle.radius * d.length()
                    }
            }
            Geometry::Ellipse(e) => {
                let l = self.shape.unrotate(d);
                c.dot(d) + (e.a * e.a * l.x * l.x + e.b * e.b * l.y * l.y).sqrt()
            }
            Geometry::Capsule(_) | Geometry::Rounded(_) => {
                self.core_vertices()
                    .unwrap_or_default()
                    .iter()
                    .map(|v| v.dot(d))
                    .fold(f64::NEG_INFINITY, f64::max)
                    + self.whole_radius() * d.length()
            }
        }
    }

    /// How far `p` lies outside the body (0 inside or on it). For an ellipse the
    /// distance is measured in its squashed frame and scaled back by the smaller
    /// semi-axis: a lower bound on the true distance that is zero exactly on and
    /// inside the ellipse.
    pub fn outside_by(&self, p: DVec2) -> f64 {
        let c = self.shape.position();
        match self.shape.geometry() {
            Geometry::Polygon(_) | Geometry::Concave(_) => {
                let vs = self.vertices().unwrap_or_default();
                polygon_outside_by(&vs, p)
            }
            Geometry::Circle(circle) => {
                let r = if self.core { 0.0 } else { circle.radius };
                ((p - c).length() - r).max(0.0)
            }
            Geometry::Ellipse(e) => {
                let l = self.shape.to_local(p);
                let squashed = DVec2::new(l.x / e.a, l.y / e.b).length();
                ((squashed - 1.0) * e.a.min(e.b)).max(0.0)
            }
            Geometry::Capsule(_) | Geometry::Rounded(_) => {
                let vs = self.core_vertices().unwrap_or_default();
                let core = if let [a, b] = vs[..] {
                    closest_point_on_segment_to_origin(a - p, b - p).0.length()
                } else {
                    polygon_outside_by(&vs, p)
                };
                (core - self.whole_radius()).max(0.0)
            }
        }
    }

    /// A farthest point of the body along `u` (a polygon's first farthest vertex, a
    /// circle's `c + r·û` or its centre, an ellipse's point in closed form).
    pub fn support_point(&self, u: DVec2) -> DVec2 {
        let c = self.shape.position();
        match self.shape.geometry() {
            Geometry::Polygon(_) | Geometry::Concave(_) => self
                .vertices()
                .unwrap_or_default()
                .into_iter()
                .fold(None, |best: Option<DVec2>, v| match best {
                    Some(b) if b.dot(u) >= v.dot(u) => Some(b),
                    _ => Some(v),
                })
                .unwrap_or(c),
            Geometry::Circle(circle) => {
                c + if self.core {
                    DVec2::ZERO
                } else {
                    circle.radius * u.normalize_or_zero()
                }
            }
            Geometry::Ellipse(e) => {
                let l = self.shape.unrotate(u);
                let q = DVec2::new(e.a * e.a * l.x, e.b * e.b * l.y);
                let norm = (e.a * e.a * l.x * l.x + e.b * e.b * l.y * l.y).sqrt();
                if norm > 0.0 {
                    self.shape.to_world(q / norm)
                } else {
                    c
                }
            }
            Geometry::Capsule(_) | Geometry::Rounded(_) => {
                let vertex = self
                    .core_vertices()
                    .unwrap_or_default()
                    .into_iter()
                    .fold(None, |best: Option<DVec2>, v| match best {
                        Some(b) if b.dot(u) >= v.dot(u) => Some(b),
                        _ => Some(v),
                    })
                    .unwrap_or(c);
                vertex + self.whole_radius() * u.normalize_or_zero()
            }
        }
    }

    /// Seed 001's ellipse "support": the boundary point at the angle of `d` (in the
    /// ellipse's frame), `(a cos φ, b sin φ)`; `None` for any other shape.
    pub fn angle_point(&self, d: DVec2) -> Option<DVec2> {
        let Geometry::Ellipse(e) = self.shape.geometry() else {
            return None;
        };
        let l = self.shape.unrotate(d);
        let phi = l.y.atan2(l.x);
        Some(
            self.shape
                .to_world(DVec2::new(e.a * phi.cos(), e.b * phi.sin())),
        )
    }

    /// The outward unit normals of a polygon's edges (world), else none.
    pub fn edge_normals(&self) -> Vec<DVec2> {
        let Some(vs) = self.vertices() else {
            return vec![];
        };
        let n = vs.len();
        (0..n)
            .filter_map(|i| {
                let e = vs[(i + 1) % n] - vs[i];
                // Counter-clockwise polygons: the outward normal is e turned clockwise.
                DVec2::new(e.y, -e.x).try_normalize()
            })
            .collect()
    }

    /// `[min, max]` of `x·n` over the whole shape (radius included), world.
    pub fn projection(&self, n: DVec2) -> (f64, f64) {
        let whole = self.whole();
        (-whole.support_value(-n), whole.support_value(n))
    }

    /// The shape's centre (its position).
    pub fn centre(&self) -> DVec2 {
        self.shape.position()
    }

    /// A polygon's world vertices (empty for a curved shape).
    pub fn polygon(&self) -> Vec<DVec2> {
        self.vertices().unwrap_or_default()
    }

    /// The points a support point of this body is one of, when they are finitely
    /// many: a polygon's world vertices, a circle's centre when the file counts a
    /// circle as its centre; `None` for a curved body.
    pub fn corners(&self) -> Option<Vec<DVec2>> {
        match self.shape.geometry() {
            Geometry::Circle(_) if self.core => Some(vec![self.centre()]),
            Geometry::Capsule(_) | Geometry::Rounded(_) if self.core => self.core_vertices(),
            Geometry::Circle(_)
            | Geometry::Ellipse(_)
            | Geometry::Capsule(_)
            | Geometry::Rounded(_) => None,
            Geometry::Polygon(_) | Geometry::Concave(_) => self.vertices(),
        }
    }

    /// The largest world coordinate (in absolute value) of a point of the shape:
    /// how far from the world origin its numbers are.
    pub fn far(&self) -> f64 {
        let c = self.shape.position();
        c.x.abs().max(c.y.abs()) + self.shape.bounding_radius()
    }
}

/// The vertex differences `aᵢ − bⱼ` of the pair (see [`Body::corners`]), when both
/// bodies have finitely many points; the support points of `A − B` are among them.
pub fn difference_corners(a: &Body, b: &Body) -> Option<Vec<DVec2>> {
    let (pa, pb) = (a.corners()?, b.corners()?);
    Some(
        pa.iter()
            .flat_map(|p| pb.iter().map(move |q| *p - *q))
            .collect(),
    )
}

/// How far `p` lies outside `A − B` (0 inside or on it), from the support function
/// alone: the largest `p·n − h(n)` over unit normals `n` (a point outside a convex
/// set is that far from it along the best `n`), `h` the support value of `A − B` under
/// the file's convention. 1,440 normals, then golden-section search around the best
/// of them.
pub fn difference_outside_by(a: &Body, b: &Body, p: DVec2) -> f64 {
    let gap = |t: f64| {
        let n = DVec2::from_angle(t);
        p.dot(n) - (a.support_value(n) + b.support_value(-n))
    };
    const SAMPLES: usize = 1440;
    let step = std::f64::consts::TAU / SAMPLES as f64;
    let (best, _) = (0..SAMPLES)
        .map(|k| (k as f64 * step, gap(k as f64 * step)))
        .fold(
            (0.0, f64::NEG_INFINITY),
            |x, y| if y.1 > x.1 { y } else { x },
        );
    let (mut lo, mut hi) = (best - step, best + step);
    let r = 0.5 * (5f64.sqrt() - 1.0);
    for _ in 0..60 {
        let (x1, x2) = (hi - r * (hi - lo), lo + r * (hi - lo));
        if gap(x1) < gap(x2) {
            lo = x1;
        } else {
            hi = x2;
        }
    }
    gap(best).max(gap(0.5 * (lo + hi))).max(0.0)
}

/// How far `p` lies outside the convex counter-clockwise polygon `vs`.
fn polygon_outside_by(vs: &[DVec2], p: DVec2) -> f64 {
    let n = vs.len();
    let inside = (0..n).all(|i| cross(vs[(i + 1) % n] - vs[i], p - vs[i]) >= 0.0);
    if inside {
        return 0.0;
    }
    (0..n)
        .map(|i| {
            closest_point_on_segment_to_origin(vs[i] - p, vs[(i + 1) % n] - p)
                .0
                .length()
        })
        .fold(f64::INFINITY, f64::min)
}

/// The point of the convex hull of one to three points closest to the origin, by
/// brute force: the origin itself when a triangle holds it, else the best of the
/// segments and points.
pub fn closest_to_origin(points: &[DVec2]) -> DVec2 {
    match points {
        [] => DVec2::ZERO,
        [p] => *p,
        [p, q] => closest_point_on_segment_to_origin(*p, *q).0,
        _ => {
            let [p, q, r] = [points[0], points[1], points[2]];
            let s = [cross(q - p, -p), cross(r - q, -q), cross(p - r, -r)];
            let area = cross(q - p, r - p);
            if area != 0.0 && (s.iter().all(|&x| x >= 0.0) || s.iter().all(|&x| x <= 0.0)) {
                return DVec2::ZERO;
            }
            [(p, q), (q, r), (r, p)]
                .iter()
                .map(|&(u, v)| closest_point_on_segment_to_origin(u, v).0)
                .min_by(|x, y| x.length_squared().total_cmp(&y.length_squared()))
                .expect("three edges")
        }
    }
}

/// `h(n)` of `A − B` for the whole shapes: `max (a − b)·n`. For the unit normal of a
/// way out it is the depth along it (moving B by `h(n)·n` makes them touch).
pub fn difference_support_value(a: &Body, b: &Body, n: DVec2) -> f64 {
    a.whole().support_value(n) + b.whole().support_value(-n)
}

/// `"(1.2346, -0.5)"`: a vector for a sentence.
pub fn v(p: DVec2) -> String {
    format!("({}, {})", num(p.x), num(p.y))
}

/// A number for a sentence: four decimals, trailing zeros dropped.
pub fn num(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// Points for a sentence: `{(1, 2), (3, 4)}`.
pub fn set(points: &[DVec2]) -> String {
    let items: Vec<String> = points.iter().map(|&p| v(p)).collect();
    format!("{{{}}}", items.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shapes::{ConvexPolygon, Ellipse, Pose};

    #[test]
    fn brute_force_closest_point_of_small_hulls() {
        let t = [
            DVec2::new(-1.0, -1.0),
            DVec2::new(2.0, -1.0),
            DVec2::new(0.0, 2.0),
        ];
        assert_eq!(closest_to_origin(&t), DVec2::ZERO);
        let shifted = t.map(|p| p + DVec2::new(0.0, 3.0));
        assert!((closest_to_origin(&shifted) - DVec2::new(0.0, 2.0)).length() < 1e-12);
        let seg = [DVec2::new(-1.0, 1.0), DVec2::new(1.0, 1.0)];
        assert_eq!(closest_to_origin(&seg), DVec2::new(0.0, 1.0));
    }

    #[test]
    fn ellipse_angle_point_is_not_the_support_point() {
        let s = Shape::new(
            Geometry::Ellipse(Ellipse { a: 2.0, b: 1.0 }),
            Pose::new(DVec2::new(1.0, 1.0), 0.3),
        );
        let body = Body::new(&s, CircleSupport::Full);
        let d = DVec2::new(1.0, 1.0).normalize();
        let p = body.angle_point(d).unwrap();
        assert!(body.outside_by(p) < 1e-12, "on the boundary");
        assert!(
            p.dot(d) < body.support_value(d) - 1e-3,
            "short of the support"
        );
    }

    #[test]
    fn a_point_outside_a_difference_is_measured_from_its_support_function() {
        // A unit circle minus a point at (3, 0): the circle of radius 1 about (−3, 0).
        let a = Shape::new(
            Geometry::Circle(crate::shapes::Circle { radius: 1.0 }),
            Pose::new(DVec2::ZERO, 0.0),
        );
        let b = Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1e-9, 1e-9)),
            Pose::new(DVec2::new(3.0, 0.0), 0.0),
        );
        let (a, b) = (
            Body::new(&a, CircleSupport::Full),
            Body::new(&b, CircleSupport::Full),
        );
        let d = difference_outside_by(&a, &b, DVec2::new(-3.0, 2.5));
        assert!((d - 1.5).abs() < 1e-8, "{d}");
        assert_eq!(difference_outside_by(&a, &b, DVec2::new(-3.2, 0.1)), 0.0);
        let on = DVec2::new(-3.0, 0.0) + DVec2::from_angle(0.7);
        assert!(difference_outside_by(&a, &b, on) < 1e-8);
        assert!(a.corners().is_none() && b.corners().unwrap().len() == 4);
    }

    #[test]
    fn polygon_support_and_distance() {
        let s = Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(3.0, 0.0), 0.0),
        );
        let body = Body::new(&s, CircleSupport::Full);
        assert_eq!(body.support_value(DVec2::X), 4.0);
        assert_eq!(body.outside_by(DVec2::new(6.0, 0.0)), 2.0);
        assert_eq!(body.outside_by(DVec2::new(3.5, 0.5)), 0.0);
        assert_eq!(body.edge_normals().len(), 4);
    }
}
