//! The separation function of Box2D's time of impact (`b2SeparationFunction`, Catto
//! 2013): the closest features of two shapes at `t1` fix an axis, and the separation
//! of the shapes along it is followed as a function of time.
//!
//! From GJK distance's final simplex at `t1`:
//!
//! - **face of A** (two different vertices of A): the axis is that edge's outward
//!   normal, fixed in A's frame (it turns with A), through the edge's midpoint;
//!   the separation at `t` is how far B's deepest point lies in front of the face,
//!   `(p_B − m_A)·n_A(t)`;
//! - **face of B** (two of B, one of A): the same with the roles swapped;
//! - **points** (one point each, or a curve): the axis is the line between the closest
//!   points at `t1`, fixed in the world; the separation is
//!   `(p_B − p_A)·axis` for A's and B's deepest points along it.
//!
//! [`SeparationFunction::deepest`] finds the deepest points at a time (support points
//! along the axis: `b2FindMinSeparation`); [`SeparationFunction::evaluate`] follows
//! one fixed pair of them through time (`b2EvaluateSeparation`), the smooth function
//! the root finder works on, and [`SeparationFunction::evaluate_with_slope`] gives its
//! slope too. Both work on the shapes' cores, in the sweep's moving
//! frame.

use super::Sweep;
use crate::algorithms::distance::{DistanceResult, GjkDistance};
use crate::algorithms::simplex::{Simplex, SimplexPoint};
use crate::geometry::{normalize_or, perp_ccw, perp_cw, try_normalize};
use crate::shapes::{Geometry, ShapeRef};
use glam::DVec2;
use serde::Serialize;

/// Which closest features the separation function follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeparationKind {
    /// A point of each: the axis between them, fixed in the world.
    Points,
    /// A face of A: its normal, turning with A.
    FaceA,
    /// A face of B: its normal, turning with B.
    FaceB,
}

/// A pair of deepest points: each shape's core point in its own frame, and the
/// polygon vertex it is, if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Witness {
    /// A's point (A's frame).
    pub a: DVec2,
    /// B's point (B's frame).
    pub b: DVec2,
    /// A's vertex, when A's point is one.
    pub vertex_a: Option<u32>,
    /// B's vertex, when B's point is one.
    pub vertex_b: Option<u32>,
}

/// The separation along the closest features' axis, as a function of time.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SeparationFunction {
    /// Which features.
    pub kind: SeparationKind,
    /// The axis: in the moving frame (points), in A's frame (face of A) or in B's frame
    /// (face of B); unit.
    pub axis: DVec2,
    /// The face's midpoint in its shape's frame (faces only).
    pub local_point: DVec2,
    /// The face's two vertices (faces only).
    pub face: Option<[u32; 2]>,
}

/// The vertex pairs of a simplex's two points when it is a segment: the closest
/// features, when each is a pair of polygon vertices.
#[inline(always)]
fn edge_of<P: SimplexPoint>(simplex: &Simplex<P>) -> Option<[(Option<u32>, Option<u32>); 2]> {
    (simplex.len() == 2).then(|| [simplex.get(0).vertices(), simplex.get(1).vertices()])
}

/// The two core vertices of a face (a polygon's, a rounded polygon's core's, or a
/// capsule's segment: a face of its core, as Box2D's two-point proxy has one).
fn face_points(shape: &ShapeRef, [i, j]: [u32; 2]) -> Option<(DVec2, DVec2)> {
    let (i, j) = (i as usize, j as usize);
    let pick = |v: &[DVec2]| Some((*v.get(i)?, *v.get(j)?));
    match shape.geometry() {
        Geometry::Capsule(c) => pick(&[c.a(), c.b()]),
        Geometry::Rounded(r) => pick(r.core().vertices()),
        g => pick(g.polygon_vertices()?),
    }
}

/// A shape's pose at a time as the function needs it: position and rotation vector.
#[derive(Clone, Copy, Debug)]
struct Frame {
    position: DVec2,
    rotation: DVec2,
}

impl Frame {
    /// A's and B's frames at `t` (moving frame): the sweep's poses, their rotations
    /// computed once per time ([`Sweep::rotations_at`]).
    #[inline(always)]
    fn pair(sweep: &Sweep, t: f64) -> (Frame, Frame) {
        let (ra, rb) = sweep.rotations_at(t);
        (
            Frame {
                position: DVec2::ZERO,
                rotation: ra,
            },
            Frame {
                position: sweep.relative_pose_b(t).position,
                rotation: rb,
            },
        )
    }

    #[inline(always)]
    fn point(&self, local: DVec2) -> DVec2 {
        self.position + self.rotation.rotate(local)
    }

    #[inline(always)]
    fn unrotate(&self, v: DVec2) -> DVec2 {
        DVec2::new(self.rotation.x, -self.rotation.y).rotate(v)
    }
}

impl SeparationFunction {
    /// The function of the closest features of `r`, GJK distance at `t` on the sweep's
    /// shapes (placed at `t`).
    pub fn from_distance(sweep: &Sweep, r: &DistanceResult, t: f64) -> Self {
        Self::from_features(sweep, edge_of(&r.simplex), r.closest, r.core_closest, t)
    }

    /// [`from_distance`](Self::from_distance) read from the finished GJK distance
    /// itself, without its whole result (the time of impact's fast path; the same
    /// function).
    #[inline(always)]
    pub fn from_machine(sweep: &Sweep, gjk: &GjkDistance, t: f64) -> Self {
        let edge = edge_of(gjk.local_simplex());
        Self::from_features(sweep, edge, gjk.closest_points(), gjk.core_closest(), t)
    }

    /// The function of the closest features: the vertex pairs of GJK's final simplex
    /// when it is a segment (`edge`), the closest points (world, when apart) and the
    /// point of the core difference closest to the origin.
    #[inline(always)]
    fn from_features(
        sweep: &Sweep,
        edge: Option<[(Option<u32>, Option<u32>); 2]>,
        closest: Option<(DVec2, DVec2)>,
        core_closest: DVec2,
        t: f64,
    ) -> Self {
        let (a, b) = sweep.shapes();
        let face = |first: Option<u32>, second: Option<u32>, shape: &ShapeRef| match (first, second)
        {
            (Some(i), Some(j)) if i != j && face_points(shape, [i, j]).is_some() => Some([i, j]),
            _ => None,
        };
        let (face_a, face_b) = match edge {
            Some([(a0, b0), (a1, b1)]) => (face(a0, a1, a), face(b0, b1, b)),
            None => (None, None),
        };
        let (closest_a, closest_b) = closest.unwrap_or_default();
        // With rounded shapes, the direction between the cores' closest points (as
        // Box2D's proxies give it): the shapes' own closest points are nearly the same
        // point when the shapes nearly touch, and the direction between them has lost
        // its digits (1e-4 rad at a distance of 1e-10 between capsules: the root
        // finder then lost its bracket on 415 of 1,024 turning capsule pairs).
        let towards_b = if sweep.margin() > 0.0 {
            normalize_or(-core_closest, closest_b - closest_a)
        } else {
            normalize_or(closest_b - closest_a, -core_closest)
        };
        let (frame_a, frame_b) = Frame::pair(sweep, t);
        if let Some(face) = face_a {
            return Self::face(SeparationKind::FaceA, a, face, frame_a, towards_b);
        }
        if let Some(face) = face_b {
            return Self::face(SeparationKind::FaceB, b, face, frame_b, -towards_b);
        }
        SeparationFunction {
            kind: SeparationKind::Points,
            axis: towards_b,
            local_point: DVec2::ZERO,
            face: None,
        }
    }

    /// A face of `shape` (vertices `face`), its normal turned to point along
    /// `outwards` (world at `t1`: towards the other shape).
    fn face(
        kind: SeparationKind,
        shape: &ShapeRef,
        face: [u32; 2],
        frame: Frame,
        outwards: DVec2,
    ) -> Self {
        let (p, q) = face_points(shape, face).unwrap_or_default();
        let mut axis = try_normalize(perp_cw(q - p)).unwrap_or(DVec2::X);
        if frame.rotation.rotate(axis).dot(outwards) < 0.0 {
            axis = -axis;
        }
        SeparationFunction {
            kind,
            axis,
            local_point: (p + q) * 0.5,
            face: Some(face),
        }
    }

    /// The axis in the moving frame at `t`.
    pub fn axis_at(&self, sweep: &Sweep, t: f64) -> DVec2 {
        match self.kind {
            SeparationKind::Points => self.axis,
            SeparationKind::FaceA => sweep.rotations_at(t).0.rotate(self.axis),
            SeparationKind::FaceB => sweep.rotations_at(t).1.rotate(self.axis),
        }
    }

    /// The deepest points along the axis at `t` and their separation
    /// (`b2FindMinSeparation`): each shape's support point against the other.
    #[inline(always)]
    pub fn deepest(&self, sweep: &Sweep, t: f64) -> (f64, Witness) {
        let (a, b) = sweep.shapes();
        let (fa, fb) = Frame::pair(sweep, t);
        let support = |shape: &ShapeRef, frame: &Frame, towards: DVec2| {
            shape.geometry().core_support(frame.unrotate(towards))
        };
        let witness = match self.kind {
            SeparationKind::Points => {
                let sa = support(a, &fa, self.axis);
                let sb = support(b, &fb, -self.axis);
                Witness {
                    a: sa.point,
                    b: sb.point,
                    vertex_a: sa.vertex,
                    vertex_b: sb.vertex,
                }
            }
            SeparationKind::FaceA => {
                let sb = support(b, &fb, -fa.rotation.rotate(self.axis));
                Witness {
                    a: self.local_point,
                    b: sb.point,
                    vertex_a: None,
                    vertex_b: sb.vertex,
                }
            }
            SeparationKind::FaceB => {
                let sa = support(a, &fa, -fb.rotation.rotate(self.axis));
                Witness {
                    a: sa.point,
                    b: self.local_point,
                    vertex_a: sa.vertex,
                    vertex_b: None,
                }
            }
        };
        (self.separation(&witness, &fa, &fb), witness)
    }

    /// The separation of the fixed pair `witness` at `t` (`b2EvaluateSeparation`).
    #[inline(always)]
    pub fn evaluate(&self, sweep: &Sweep, witness: &Witness, t: f64) -> f64 {
        let (fa, fb) = Frame::pair(sweep, t);
        self.separation(witness, &fa, &fb)
    }

    /// The separation of the fixed pair `witness` at `t` and its slope `f'(t)` (per
    /// unit of time): the root finder's cubic matches both at the bracket's ends.
    ///
    /// In the moving frame A's point `p_A = R_A·a` moves at `ω_A·⊥p_A` (`⊥(x, y) =
    /// (−y, x)`, the derivative of a rotation) and B's `p_B = d + R_B·b` at
    /// `v + ω_B·⊥(R_B·b)`. Points (a fixed axis `n`): `f = (p_B − p_A)·n`, so
    /// `f' = (v_B − v_A)·n`. A face of A (the axis `n_A = R_A·n` turns at
    /// `ω_A·⊥n_A`): `f' = (v_B − v_A)·n_A + ω_A·(p_B − p_A)·⊥n_A`, by the product
    /// rule; a face of B the same with A and B swapped. The value is
    /// [`evaluate`](Self::evaluate)'s, to the last bit.
    #[inline(always)]
    pub fn evaluate_with_slope(&self, sweep: &Sweep, witness: &Witness, t: f64) -> (f64, f64) {
        let (fa, fb) = Frame::pair(sweep, t);
        let (wa, wb) = (sweep.motion_a().angular, sweep.motion_b().angular);
        // The turned offsets `R·a`, `R·b` (A sits at the moving frame's origin).
        let (ra, rb) = (fa.rotation.rotate(witness.a), fb.rotation.rotate(witness.b));
        let (pa, pb) = (fa.position + ra, fb.position + rb);
        let (va, vb) = (
            wa * perp_ccw(ra),
            sweep.relative_velocity() + wb * perp_ccw(rb),
        );
        match self.kind {
            SeparationKind::Points => ((pb - pa).dot(self.axis), (vb - va).dot(self.axis)),
            SeparationKind::FaceA => {
                let n = fa.rotation.rotate(self.axis);
                let gap = pb - pa;
                (gap.dot(n), (vb - va).dot(n) + wa * gap.dot(perp_ccw(n)))
            }
            SeparationKind::FaceB => {
                let n = fb.rotation.rotate(self.axis);
                let gap = pa - pb;
                (gap.dot(n), (va - vb).dot(n) + wb * gap.dot(perp_ccw(n)))
            }
        }
    }

    /// A bound `M` on `|f''(t)|` over `[t1, t2]` for every pair of core points `f`
    /// can follow (the deepest points at any time among them): 0 without a turn,
    /// where each pair's separation is linear in `t`.
    ///
    /// In the moving frame B sits at `d(t) = d0 + t·v`. Points (a fixed axis):
    /// `f = (d + R_B·b − R_A·a)·n`, so `M = ω_A²·|a| + ω_B²·|b|`. A face of A (the
    /// axis turns with A): `f = (R_A⁻¹·d + R_A⁻¹R_B·b − m)·n`, whose second derivative
    /// is at most `ω_A²·|d| + 2·|ω_A|·|v| + (ω_B − ω_A)²·|b|` (`|d|` at its largest
    /// on the interval, at one of its ends); a face of B the same with A and B
    /// swapped. `|a|`, `|b|` are at most the shapes' reaches.
    pub fn curvature_bound(&self, sweep: &Sweep, t1: f64, t2: f64) -> f64 {
        let (wa, wb) = (sweep.motion_a().angular, sweep.motion_b().angular);
        if wa == 0.0 && wb == 0.0 {
            return 0.0;
        }
        let (ra, rb) = (sweep.reach_a(), sweep.reach_b());
        let m = match self.kind {
            SeparationKind::Points => wa * wa * ra + wb * wb * rb,
            SeparationKind::FaceA => {
                let (shared, spin) = face_curvature(sweep, wa, wb, t1, t2);
                shared + spin * rb
            }
            SeparationKind::FaceB => {
                let (shared, spin) = face_curvature(sweep, wb, wa, t1, t2);
                shared + spin * ra
            }
        };
        m * ROUNDING
    }

    /// A lower bound on the separation over `[t1, t2]` point by point, or `None`
    /// when a core has no points to list (an ellipse). Each pair of core points the
    /// function can follow, `f_k`, is bounded by its own values at the ends and its
    /// own curvature `M_k` (`lowest_between`): the global bound
    /// ([`curvature_bound`](Self::curvature_bound)) takes the farthest point's reach
    /// and the deepest pair's values for every pair, and halves `t2` while a turning
    /// shape stays close — a triangle turning about its tip 1e-4 above a box, whose tip
    /// does not move at all, crawled so to the cap of 20 distance evaluations. A face
    /// of A: `M_j = ω_A²·|d| + 2·|ω_A|·|v| + (ω_B − ω_A)²·|b_j|` for each point `b_j` of
    /// B (a face of B the same, swapped). Points: the axis is fixed, so A's and B's
    /// points are bounded apart, `n·p_B,j` from below (`M = ω_B²·|b_j|`) and `n·p_A,i`
    /// from above (`M = ω_A²·|a_i|`), and the bound is the difference of the two.
    pub fn pointwise_low(&self, sweep: &Sweep, t1: f64, t2: f64) -> Option<f64> {
        let (a, b) = sweep.shapes();
        let (points_a, points_b) = (core_points(a)?, core_points(b)?);
        let (wa, wb) = (sweep.motion_a().angular, sweep.motion_b().angular);
        let ((fa1, fb1), (fa2, fb2)) = (Frame::pair(sweep, t1), Frame::pair(sweep, t2));
        let h = t2 - t1;
        // `c = M·h²/2` of a point whose curvature is `m`.
        let c = |m: f64| 0.5 * m * h * h;
        let low = match self.kind {
            SeparationKind::FaceA | SeparationKind::FaceB => {
                let (w_face, w_other, others) = match self.kind {
                    SeparationKind::FaceA => (wa, wb, points_b),
                    _ => (wb, wa, points_a),
                };
                let (shared, spin) = face_curvature(sweep, w_face, w_other, t1, t2);
                others
                    .iter()
                    .map(|&p| {
                        let witness = match self.kind {
                            SeparationKind::FaceA => Witness {
                                a: self.local_point,
                                b: p,
                                ..Witness::default()
                            },
                            _ => Witness {
                                a: p,
                                b: self.local_point,
                                ..Witness::default()
                            },
                        };
                        let s1 = self.separation(&witness, &fa1, &fb1);
                        let s2 = self.separation(&witness, &fa2, &fb2);
                        lowest_between(s1, s2, c((shared + spin * p.length()) * ROUNDING))
                    })
                    .fold(f64::INFINITY, f64::min)
            }
            SeparationKind::Points => {
                let n = self.axis;
                let lowest_b = points_b
                    .iter()
                    .map(|&p| {
                        let (s1, s2) = (fb1.point(p).dot(n), fb2.point(p).dot(n));
                        lowest_between(s1, s2, c(wb * wb * p.length() * ROUNDING))
                    })
                    .fold(f64::INFINITY, f64::min);
                let highest_a = points_a
                    .iter()
                    .map(|&p| {
                        let (s1, s2) = (fa1.point(p).dot(n), fa2.point(p).dot(n));
                        -lowest_between(-s1, -s2, c(wa * wa * p.length() * ROUNDING))
                    })
                    .fold(f64::NEG_INFINITY, f64::max);
                lowest_b - highest_a
            }
        };
        Some(low)
    }

    /// The face's midpoint at `t` (moving frame), for a face.
    pub fn face_point_at(&self, sweep: &Sweep, t: f64) -> Option<DVec2> {
        match self.kind {
            SeparationKind::Points => None,
            SeparationKind::FaceA => Some(Frame::pair(sweep, t).0.point(self.local_point)),
            SeparationKind::FaceB => Some(Frame::pair(sweep, t).1.point(self.local_point)),
        }
    }

    /// The witness points placed at `t` (moving frame).
    pub fn points_at(&self, sweep: &Sweep, witness: &Witness, t: f64) -> (DVec2, DVec2) {
        let (fa, fb) = Frame::pair(sweep, t);
        (fa.point(witness.a), fb.point(witness.b))
    }

    #[inline(always)]
    fn separation(&self, witness: &Witness, fa: &Frame, fb: &Frame) -> f64 {
        let (pa, pb) = (fa.point(witness.a), fb.point(witness.b));
        match self.kind {
            SeparationKind::Points => (pb - pa).dot(self.axis),
            SeparationKind::FaceA => (pb - pa).dot(fa.rotation.rotate(self.axis)),
            SeparationKind::FaceB => (pa - pb).dot(fb.rotation.rotate(self.axis)),
        }
    }
}

/// A little over 1: curvature bounds are raised by it for the rounding of their terms.
const ROUNDING: f64 = 1.0 + 1e-12;

/// The parts of the curvature bound of a face turning at `w_face` against the other
/// shape's points turning at `w_other`: `ω_f²·|d| + 2·|ω_f|·|v|` (the face's turn
/// against B's offset `d` from A, at its largest at an end of `[t1, t2]`, and the
/// relative motion `v`), shared by every point, and `(ω_o − ω_f)²`, the factor of a
/// point's distance from its own shape's centre.
fn face_curvature(sweep: &Sweep, w_face: f64, w_other: f64, t1: f64, t2: f64) -> (f64, f64) {
    let d = sweep
        .relative_pose_b(t1)
        .position
        .length()
        .max(sweep.relative_pose_b(t2).position.length());
    let v = sweep.relative_velocity().length();
    (
        w_face * w_face * d + 2.0 * w_face.abs() * v,
        (w_other - w_face).powi(2),
    )
}

/// The lowest `s1·(1 − u) + s2·u − c·u·(1 − u)` over `u ∈ [0, 1]`: how low a function
/// can dip between two times `h` apart where it is `s1` and `s2`, when its second
/// derivative is at most `M` and `c = M·h²/2` (the function lies above the chord
/// less that parabola). `c` of 0 (or NaN: no width left) gives the lower end.
pub(crate) fn lowest_between(s1: f64, s2: f64, c: f64) -> f64 {
    if c.is_nan() || c <= 0.0 {
        return s1.min(s2);
    }
    // Where the derivative in u, s2 − s1 − c·(1 − 2u), is 0.
    let u = (0.5 + (s1 - s2) / (2.0 * c)).clamp(0.0, 1.0);
    s1 * (1.0 - u) + s2 * u - c * u * (1.0 - u)
}

/// The points of a shape's core in its own frame, each a point the separation can
/// follow: a polygon's vertices, a capsule's two ends, a circle's centre; `None` for
/// an ellipse (a curve).
fn core_points<'a>(shape: &'a ShapeRef) -> Option<&'a [DVec2]> {
    const CENTRE: [DVec2; 1] = [DVec2::ZERO];
    match shape.geometry() {
        Geometry::Circle(_) => Some(&CENTRE),
        geometry => geometry.core_vertices(),
    }
}
