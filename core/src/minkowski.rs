//! The Minkowski difference `A − B = { a − b : a ∈ A, b ∈ B }` of two shapes.
//!
//! Two convex shapes overlap exactly when `A − B` contains the origin; their distance
//! is the distance from the origin to `A − B`; their penetration depth is the distance
//! from the origin to the boundary of `A − B`. GJK and EPA never build `A − B`: they
//! only ask for its support points, `s_{A−B}(d) = s_A(d) − s_B(−d)`.
//!
//! **Cores and radii** (Box2D's treatment of round shapes). A circle is its centre —
//! its *core* — grown by its radius. So `A − B` is the difference of the cores grown by
//! the sum of the radii, the *margin* `m = r_A + r_B`: the shapes' distance is the
//! cores' distance minus `m`, and their depth the cores' depth plus `m`. GJK and EPA
//! work on the core difference, which for a circle against a polygon is a polygon:
//! they end exactly, in a few steps, instead of creeping along an arc. A capsule is its
//! segment grown by its radius and a rounded polygon its polygon grown by its radius
//! (Box2D's `b2Capsule` and `b2Polygon` with a radius): their cores are polygons too,
//! so GJK and EPA on two of them end exactly as on two polygons. Polygons and
//! ellipses have no rounded part (their core is themselves, `r = 0`).
//!
//! **Precision.** Each shape answers relative to its own position, and the difference
//! of the two positions is taken once, here. A point of `A − B` is then
//! `(s_A − s_B) − (position_B − position_A)`, a sum of numbers of the shapes' size, so
//! two shapes at 1e6 from the world origin keep the precision of two at the origin.
//!
//! **A's frame** (Box2D's `b2ShapeDistance`). GJK works in A's local frame: B's pose
//! relative to A — the rotation `R_rel = R_Aᵀ·R_B` and the offset `R_Aᵀ·(x_B − x_A)` —
//! is computed once per query, and a support point of `A − B` in direction `d` (A's
//! axes) is then `s_A(d) − (R_rel·s_B(−R_relᵀ·d) + offset)`: A's support is a plain
//! dot-product scan of its vertices, and B's needs one rotation of the direction
//! and one of the answer ([`support_local`](MinkowskiDifference::support_local)).
//! The points of A and B stay in their own frames ([`LocalSupport`]); world points
//! are made only for a viewer or for the answer ([`to_world`](MinkowskiDifference::to_world)).

use crate::geometry::{convex_hull, minkowski_sum_convex, rounded_outline};
use crate::settings::{Precision, Settings};
use crate::shapes::{Geometry, Shape, ShapeRef};
use glam::DVec2;
use serde::Serialize;

/// A point of the core difference together with the core points of A and B it is the
/// difference of (for a circle, its centre; see the module notes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SupportPoint {
    /// The point of the Minkowski difference of the cores, `a − b`.
    pub p: DVec2,
    /// The point of A's core (world coordinates).
    pub a: DVec2,
    /// The point of B's core (world coordinates).
    pub b: DVec2,
    /// The vertex of A it came from (polygons only).
    pub vertex_a: Option<u32>,
    /// The vertex of B it came from (polygons only).
    pub vertex_b: Option<u32>,
}

/// A point of the core difference in A's frame (see the module notes), with the
/// points of the cores it is the difference of, each in its own shape's frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LocalSupport {
    /// `a − b` in A's frame, relative to A's position.
    pub p: DVec2,
    /// The point of A's core, in A's frame.
    pub a: DVec2,
    /// The point of B's core, in B's frame.
    pub b: DVec2,
    /// The vertex of A it came from (polygons only).
    pub vertex_a: Option<u32>,
    /// The vertex of B it came from (polygons only).
    pub vertex_b: Option<u32>,
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
    /// GJK distance stops when the distance is known to this relative accuracy (on a
    /// curved difference; with polygons and circles' centres only rounding's, 16 ulps:
    /// their features are exact, and GJK ends on a repeated vertex pair).
    pub relative: f64,
    /// EPA stops when the depth is known to this absolute accuracy.
    pub depth: f64,
}

impl Tolerance {
    /// Tolerances for a pair of size `scale`.
    #[inline(always)]
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

/// The Minkowski difference `A − B` of two placed shapes, seen through the support
/// function of its core and its margin.
#[derive(Clone, Copy, Debug)]
pub struct MinkowskiDifference<'s> {
    /// Shape A (its geometry borrowed).
    pub a: ShapeRef<'s>,
    /// Shape B.
    pub b: ShapeRef<'s>,
    /// `position_B − position_A`, computed once.
    offset: DVec2,
    /// Radius of A's rounded part (0 unless A is a circle, a capsule or a rounded
    /// polygon).
    pub radius_a: f64,
    /// Radius of B's rounded part.
    pub radius_b: f64,
    /// The pair's tolerances.
    pub tolerance: Tolerance,
    /// B's rotation relative to A, `R_Aᵀ·R_B`, as a unit complex number.
    rotation_ba: DVec2,
    /// `R_Aᵀ·(position_B − position_A)`: B's position in A's frame.
    offset_in_a: DVec2,
    /// Whether a support point is named exactly by its pair of vertex indices (both
    /// cores are polygons or points): then a repeated pair is a repeated point.
    indexed: bool,
    /// The arithmetic support points are stored in (`f64` but in an f32 run, see
    /// [`Settings`]).
    pub precision: Precision,
}

impl<'s> MinkowskiDifference<'s> {
    /// The difference `a − b`.
    #[inline(always)]
    pub fn new(a: &'s Shape, b: &'s Shape) -> Self {
        Self::between(a.by_ref(), b.by_ref())
    }

    /// The difference `a − b` of two placed geometries (shapes borrowed, or placed
    /// where their owners are not: a cast's sweep at one time).
    #[inline(always)]
    pub fn between(a: ShapeRef<'s>, b: ShapeRef<'s>) -> Self {
        let offset = b.position() - a.position();
        let indexed = |s: ShapeRef| {
            matches!(
                s.geometry(),
                Geometry::Polygon(_)
                    | Geometry::Circle(_)
                    | Geometry::Capsule(_)
                    | Geometry::Rounded(_)
            )
        };
        let indexed = indexed(a) && indexed(b);
        let mut tolerance = Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius()));
        if indexed {
            // Exact features: GJK distance ends on a repeated vertex pair, and its
            // relative test only absorbs rounding. (At 1e-10 of the distance it would
            // stop short by up to 1e-10·|v|: 100 for shapes 1e12 apart, far more than
            // the shapes' own size allows — a fuzz finding.)
            tolerance.relative = 16.0 * f64::EPSILON;
        }
        MinkowskiDifference {
            a,
            b,
            offset,
            radius_a: a.radius(),
            radius_b: b.radius(),
            tolerance,
            rotation_ba: a.unrotate(b.rotate(DVec2::X)),
            offset_in_a: a.unrotate(offset),
            indexed,
            precision: Precision::F64,
        }
    }

    /// The difference `a − b` with a run's [`Settings`]: its tolerances (gjk-lab's own
    /// when they are the defaults) and its precision.
    pub fn configured(a: &'s Shape, b: &'s Shape, settings: &Settings) -> Self {
        let mut md = MinkowskiDifference::new(a, b);
        md.apply(settings);
        md
    }

    /// Applies a run's [`Settings`] (nothing changes with the defaults).
    #[inline]
    pub fn apply(&mut self, settings: &Settings) {
        if settings.is_default() {
            return;
        }
        let defaults = Settings::default();
        let tolerance = &mut self.tolerance;
        tolerance.touch = settings.touch * tolerance.scale;
        tolerance.depth = settings.convergence * tolerance.scale;
        // Exact features keep their rounding-only test unless the learner sets one.
        if !(self.indexed && settings.convergence == defaults.convergence) {
            tolerance.relative = settings.convergence;
        }
        self.precision = settings.precision;
    }

    /// `w` as a run in `float` computes it: its sources on A and B as world points,
    /// rounded, then their difference, rounded; returned in A's frame.
    #[inline(always)]
    fn stored_local(&self, w: LocalSupport) -> LocalSupport {
        let frames = [
            self.a.position(),
            self.a.rotation_vector(),
            self.b.position(),
            self.b.rotation_vector(),
        ];
        stored_in_frames(frames, self.precision, w)
    }

    /// Support point of the core difference in direction `d` given in A's frame
    /// (see the module notes): `s_A(d) − R_rel·s_B(−R_relᵀ·d) − offset`.
    #[inline(always)]
    pub fn support_local(&self, d: DVec2) -> LocalSupport {
        let sa = self.a.geometry().core_support(d);
        let sb = self.b.geometry().core_support(self.unrotate_ba(-d));
        let w = LocalSupport {
            p: sa.point - self.rotation_ba.rotate(sb.point) - self.offset_in_a,
            a: sa.point,
            b: sb.point,
            vertex_a: sa.vertex,
            vertex_b: sb.vertex,
        };
        if self.precision == Precision::F64 {
            w
        } else {
            self.stored_local(w)
        }
    }

    /// The point of the core difference (A's frame) of the same two core points as `w`
    /// (A's point in A's frame, B's in B's), at the shapes' poses now: an earlier
    /// simplex point moved with its shapes (a warm start of GJK distance).
    #[inline(always)]
    pub fn replaced(&self, w: &LocalSupport) -> LocalSupport {
        let w = LocalSupport {
            p: w.a - self.rotation_ba.rotate(w.b) - self.offset_in_a,
            ..*w
        };
        if self.precision == Precision::F64 {
            w
        } else {
            self.stored_local(w)
        }
    }

    /// `R_relᵀ·d`: a direction in A's frame seen in B's frame.
    #[inline(always)]
    fn unrotate_ba(&self, d: DVec2) -> DVec2 {
        DVec2::new(self.rotation_ba.x, -self.rotation_ba.y).rotate(d)
    }

    /// Whether two support points in A's frame are the same point of `A − B`: for
    /// polygons (and circles' centres) exactly when they come from the same pair of
    /// vertices; for curved shapes when they lie within `tol` of each other.
    #[inline(always)]
    pub fn same_support(&self, u: &LocalSupport, w: &LocalSupport, tol: f64) -> bool {
        if self.indexed {
            u.vertex_a == w.vertex_a && u.vertex_b == w.vertex_b
        } else {
            (u.p - w.p).length_squared() <= tol * tol
        }
    }

    /// A vector of A's frame in world axes.
    #[inline(always)]
    pub fn vector_to_world(&self, v: DVec2) -> DVec2 {
        self.a.rotate(v)
    }

    /// A world vector in A's frame.
    #[inline(always)]
    pub fn vector_to_local(&self, v: DVec2) -> DVec2 {
        self.a.unrotate(v)
    }

    /// The support point of a [`LocalSupport`] in world coordinates: `p` in world
    /// axes, `a` and `b` as world points (each from its own shape's pose).
    #[inline(always)]
    pub fn to_world(&self, s: &LocalSupport) -> SupportPoint {
        SupportPoint {
            p: self.a.rotate(s.p),
            a: self.a.position() + self.a.rotate(s.a),
            b: self.b.position() + self.b.rotate(s.b),
            vertex_a: s.vertex_a,
            vertex_b: s.vertex_b,
        }
    }

    /// Points of A's and B's cores given in their own frames, as world points.
    #[inline(always)]
    pub fn points_to_world(&self, a: DVec2, b: DVec2) -> (DVec2, DVec2) {
        (
            self.a.position() + self.a.rotate(a),
            self.b.position() + self.b.rotate(b),
        )
    }

    /// Whether the core difference has curved sides (an ellipse): there EPA's polytope
    /// only approaches the boundary, and its normal needs refining.
    #[inline(always)]
    pub fn is_curved(&self) -> bool {
        matches!(self.a.geometry(), Geometry::Ellipse(_))
            || matches!(self.b.geometry(), Geometry::Ellipse(_))
    }

    /// The margin `r_A + r_B`: `A − B` is the core difference grown by it.
    #[inline(always)]
    pub fn margin(&self) -> f64 {
        self.radius_a + self.radius_b
    }

    /// Support point of the core difference in direction `d`:
    /// `s_coreA(d) − s_coreB(−d)`. The full `A − B` reaches `margin` further along `d̂`.
    #[inline(always)]
    pub fn support(&self, d: DVec2) -> SupportPoint {
        let sa = self.a.core_support(d);
        let sb = self.b.core_support(-d);
        self.stored(SupportPoint {
            p: sa.point - sb.point - self.offset,
            a: self.a.position() + sa.point,
            b: self.b.position() + sb.point,
            vertex_a: sa.vertex,
            vertex_b: sb.vertex,
        })
    }

    /// `w` as this difference's precision stores it: in `f32`, its sources on A and B
    /// rounded as world points, then their difference, rounded (as a `float` program
    /// computes a support point); in `f64`, `w` itself.
    #[inline(always)]
    pub fn stored(&self, w: SupportPoint) -> SupportPoint {
        if self.precision == Precision::F64 {
            return w;
        }
        let p = self.precision;
        let (a, b) = (p.round2(w.a), p.round2(w.b));
        SupportPoint {
            p: p.round2(a - b),
            a,
            b,
            ..w
        }
    }

    /// The radius of curvature of the core difference's boundary at its support point
    /// along the unit `n`: `ρ_A(n) + ρ_B(−n)` (radii of curvature add under the
    /// Minkowski sum, as support functions do). Used by Newton's step in the
    /// refinement of curved normals.
    #[inline(always)]
    pub fn curvature_radius(&self, n: DVec2) -> f64 {
        self.a.core_curvature_radius(n) + self.b.core_curvature_radius(-n)
    }

    /// Support point of the full shapes in direction `d`: the core support point moved
    /// out by the radii (`a + r_A·d̂`, `b − r_B·d̂`, `p + m·d̂`). For drawing.
    pub fn full_support(&self, d: DVec2) -> SupportPoint {
        let s = self.support(d);
        let u = crate::geometry::normalize_or(d, DVec2::ZERO);
        SupportPoint {
            p: s.p + u * self.margin(),
            a: s.a + u * self.radius_a,
            b: s.b - u * self.radius_b,
            ..s
        }
    }

    /// A point inside `A − B`: an interior point of A minus one of B.
    #[inline(always)]
    pub fn interior_point(&self) -> DVec2 {
        self.a.rotate(self.a.geometry().interior_point())
            - self.b.rotate(self.b.geometry().interior_point())
            - self.offset
    }

    /// [`initial_direction`](Self::initial_direction) in A's frame, computed there: the
    /// interior point of `A − B` is `c_A − R_rel·c_B − offset`.
    #[inline(always)]
    pub fn initial_direction_local(&self) -> (DVec2, bool) {
        let interior = self.a.geometry().interior_point()
            - self.rotation_ba.rotate(self.b.geometry().interior_point())
            - self.offset_in_a;
        if interior.length() > self.tolerance.touch {
            (-interior, false)
        } else {
            (self.vector_to_local(DVec2::X), true)
        }
    }

    /// The first search direction of GJK: from the interior point of `A − B` towards
    /// the origin (so from A's centre towards B's). When the centres coincide that
    /// vector is zero and the x axis is used instead (`fallback = true`).
    #[inline(always)]
    pub fn initial_direction(&self) -> (DVec2, bool) {
        let towards_origin = -self.interior_point();
        if towards_origin.length() > self.tolerance.touch {
            (towards_origin, false)
        } else {
            (DVec2::X, true)
        }
    }

    /// The outline of the full `A − B`, counter-clockwise, for drawing: exact when both
    /// shapes are convex polygons (the edge merge of A and −B, `O(n + m)`); when both
    /// cores are polygons or points (a circle, a capsule, a rounded polygon), the exact
    /// core difference grown by the margin, its arcs drawn with `samples` points a
    /// turn; otherwise the hull of support points sampled over `samples` directions.
    pub fn outline(&self, samples: usize) -> Vec<DVec2> {
        if let Some(core) = self.polygonal_core_outline() {
            return rounded_outline(&core, self.margin(), samples);
        }
        self.hull(samples, |d| self.full_support(d).p)
    }

    /// The outline of the core difference (equal to [`outline`](Self::outline) unless a
    /// shape has a radius; a single point when both are circles, a segment or a
    /// parallelogram for two capsules).
    pub fn core_outline(&self, samples: usize) -> Vec<DVec2> {
        if let Some(core) = self.polygonal_core_outline() {
            return core;
        }
        self.hull(samples, |d| self.support(d).p)
    }

    /// The core difference exactly, when both cores are polygons, segments or points
    /// and at least one shape has a radius (two plain polygons take the edge merge in
    /// [`hull`](Self::hull)): the convex hull of the `n·m` core vertex differences (a
    /// translated copy when a core is a point).
    fn polygonal_core_outline(&self) -> Option<Vec<DVec2>> {
        if self.margin() == 0.0 {
            return None;
        }
        let core = |s: ShapeRef| -> Option<Vec<DVec2>> {
            match s.geometry() {
                Geometry::Circle(_) => Some(vec![DVec2::ZERO]),
                g => g
                    .polygon_core()
                    .map(|c| c.vertices.iter().map(|&v| s.rotate(v)).collect()),
            }
        };
        let (a, b) = (core(self.a)?, core(self.b)?);
        let differences: Vec<DVec2> = a
            .iter()
            .flat_map(|&p| b.iter().map(move |&q| p - q - self.offset))
            .collect();
        let hull = convex_hull(&differences);
        Some(if hull.is_empty() { differences } else { hull })
    }

    fn hull(&self, samples: usize, support: impl Fn(DVec2) -> DVec2) -> Vec<DVec2> {
        if let (Geometry::Polygon(pa), Geometry::Polygon(pb)) =
            (self.a.geometry(), self.b.geometry())
        {
            // A − B = A + (−B): −B is B turned by half a turn, still counter-clockwise,
            // and shifted by the offset of the two positions.
            let a: Vec<DVec2> = pa.vertices().iter().map(|&v| self.a.rotate(v)).collect();
            let minus_b: Vec<DVec2> = pb
                .vertices()
                .iter()
                .map(|&v| -self.b.rotate(v) - self.offset)
                .collect();
            return minkowski_sum_convex(&a, &minus_b);
        }
        let n = samples.max(8);
        let points: Vec<DVec2> = (0..n)
            .map(|i| {
                support(DVec2::from_angle(
                    std::f64::consts::TAU * i as f64 / n as f64,
                ))
            })
            .collect();
        let hull = convex_hull(&points);
        if hull.is_empty() {
            points.into_iter().take(1).collect()
        } else {
            hull
        }
    }
}

/// [`MinkowskiDifference::stored_local`] given A's and B's positions and rotation
/// vectors (`frames`: position A, rotation A, position B, rotation B) as values, not
/// the difference's address: a call handed that address would keep every GJK machine
/// that holds a difference in memory, the f64 fast path too, where the compiler
/// otherwise keeps the machine's numbers in registers. Out of line: only an f32 run
/// takes it.
#[inline(never)]
fn stored_in_frames(frames: [DVec2; 4], precision: Precision, w: LocalSupport) -> LocalSupport {
    let [position_a, rotation_a, position_b, rotation_b] = frames;
    let unrotate = |r: DVec2, v: DVec2| DVec2::new(r.x, -r.y).rotate(v);
    // The sources as world points, rounded, then their difference, rounded (as
    // `MinkowskiDifference::stored` makes them).
    let a = precision.round2(position_a + rotation_a.rotate(w.a));
    let b = precision.round2(position_b + rotation_b.rotate(w.b));
    let p = precision.round2(a - b);
    LocalSupport {
        p: unrotate(rotation_a, p),
        a: unrotate(rotation_a, a - position_a),
        b: unrotate(rotation_b, b - position_b),
        ..w
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
        // Rightmost point of A − B: A's right edge minus B's leftmost point; the core
        // of the circle is its centre, and the full support adds the radius.
        let core = md.support(DVec2::X);
        assert_eq!(core.p, DVec2::new(1.0 - 3.0, -1.0));
        assert_eq!(core.a - core.b, core.p);
        let full = md.full_support(DVec2::X);
        assert_eq!(full.p, DVec2::new(1.0 - (3.0 - 0.5), -1.0));
        assert_eq!(full.a - full.b, full.p);
    }

    /// The support in A's frame, brought back to the world, is the world support, to
    /// the precision of the shapes' size even a million units from the origin.
    #[test]
    fn support_in_a_frame_is_the_world_support_far_from_the_origin() {
        use crate::shapes::Ellipse;
        let hexagon = ConvexPolygon::new(
            &(0..6)
                .map(|i| DVec2::from_angle(i as f64 * 1.047) * (1.0 + 0.1 * i as f64))
                .collect::<Vec<_>>(),
        )
        .unwrap();
        let geometries = [
            Geometry::Polygon(hexagon),
            Geometry::Ellipse(Ellipse { a: 1.4, b: 0.6 }),
            Geometry::Circle(Circle { radius: 0.5 }),
        ];
        for (i, ga) in geometries.iter().enumerate() {
            for (j, gb) in geometries.iter().enumerate() {
                let base = DVec2::new(1e6, -2e6);
                let a = Shape::new(ga.clone(), Pose::new(base, 0.3 + i as f64));
                let b = Shape::new(
                    gb.clone(),
                    Pose::new(base + DVec2::new(1.7, 0.4), -2.1 + j as f64),
                );
                let md = MinkowskiDifference::new(&a, &b);
                for k in 0..32 {
                    let d = DVec2::from_angle(k as f64 * 0.2 + 0.05);
                    let world = md.support(d);
                    let local = md.to_world(&md.support_local(md.vector_to_local(d)));
                    assert!(
                        (world.p - local.p).length() < 1e-12,
                        "{i} {j} {k}: {world:?} {local:?}"
                    );
                    // World points are as precise as the coordinates 1e6 allow.
                    assert!((world.a - local.a).length() < 1e-9);
                    assert!((world.b - local.b).length() < 1e-9);
                    assert_eq!(
                        (world.vertex_a, world.vertex_b),
                        (local.vertex_a, local.vertex_b)
                    );
                }
            }
        }
    }

    /// Polygons name a support point by its vertex pair, so a repeat is detected
    /// exactly, while curved shapes compare positions.
    #[test]
    fn repeated_support_is_a_repeated_vertex_pair_for_polygons() {
        let square = Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::default(),
        );
        let md = MinkowskiDifference::new(&square, &square);
        // Identical squares: a₁ − b₁ and a₀ − b₀ are the same point of A − B, but
        // different pairs of vertices; the same direction gives the same pair.
        let s = md.support_local(DVec2::new(1.0, 0.2));
        let t = md.support_local(DVec2::new(1.0, 0.3));
        assert!(md.same_support(&s, &t, 0.0));
        let u = LocalSupport {
            vertex_a: Some(9),
            ..s
        };
        assert!(
            !md.same_support(&s, &u, 1.0),
            "same point, different vertices"
        );
        let ellipse = Shape::new(
            Geometry::Ellipse(crate::shapes::Ellipse { a: 1.0, b: 0.5 }),
            Pose::default(),
        );
        let md = MinkowskiDifference::new(&ellipse, &square);
        let (s, t) = (
            md.support_local(DVec2::X),
            md.support_local(DVec2::new(1.0, 1e-3)),
        );
        assert!(!md.same_support(&s, &t, 1e-6));
        assert!(md.same_support(&s, &s, 0.0));
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
