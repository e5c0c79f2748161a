//! Box against box: face separation when both polygons are rectangles, where every
//! measurement is one line of arithmetic (Gottschalk's OBB test; the box–box routines
//! of Box2D Lite and ODE, in 2D).
//!
//! A box has two axes and two faces on each, and only the face on the side facing the
//! other box can be the one with the largest separation. So four numbers decide.
//! When the bounding circles about the positions are apart (`|t| > r_A + r_B`, `t` B's
//! position minus A's), so are the boxes. Else, in A's box frame — `d` B's centre from
//! A's, `R` B's axes as columns — A's axis `k` has the separation
//! `s = |d_k| − h_A,k − (|R_k0|·h_B,0 + |R_k1|·h_B,1)` and B's axis `k`
//! `s = |(Rᵀd)_k| − h_B,k − (|R_0k|·h_A,0 + |R_1k|·h_A,1)`: the gap between the two
//! boxes' shadows on the axis (a box's shadow on a unit axis `u` has half-width
//! `|u·e_0|·h_0 + |u·e_1|·h_1`), and a positive one separates them. The axis with the
//! largest `s` (A's, unless B's is larger by more than the touching tolerance) gives
//! the reference face, its face towards the other box; the incident face, the other
//! box's face most against the reference normal, is clipped to `|t·p| ≤ h` along the
//! reference face (two side planes), and the points below the reference face are
//! kept, their depth how far below. Everything from the axes to the clipped points
//! happens in the reference box's frame, from one relative pose (B in A's frame, or
//! its inverse when B's face is the reference); only the contacts go back to the
//! world. For the usual rectangle, centred on its local origin with its edges along
//! the local axes, that pose is two complex products of the shapes' rotations and
//! positions (`relative`), and the fast paths place only the reference box in the
//! world. The incident face's corners are computed in its frame from the incident
//! box's centre, axes and half-extents, as Box2D Lite's `b2Collide` and parry's
//! cuboid manifold compute them, not read from the polygon's vertices and carried
//! through the world: half the arithmetic, at the price of the last bit (a corner of
//! a box turned 45° lands at 6.000000000000001 where its vertex is 6). The pseudo-code
//! the app shows beside the steps is [`PSEUDO_CODE`]; [`BoxBoxEvent::line`] says which
//! line each event executes.
//!
//! The circles' test comes from face separation: each box lies in the circle about its
//! position through its farthest corner, and when those circles are apart so are the
//! boxes — no axis needs measuring. The separation on an axis is exactly
//! [`super::face_separation`]'s `s` for the face of that axis facing the other box
//! (its deepest vertex is the corner the absolute values pick), so the answers are the
//! same; what changes is the cost: four closed formulas instead of a walk over
//! vertices per face, and clipping against a face whose side planes are `±h` along an
//! axis. The outcome is face separation's.
//!
//! Each step is a small function of the numbers the steps before it found
//! (`circles_apart`, `Placed::new` and `relative`, `shadows`, `choose_reference`,
//! `incident_relative` and `incident_face`, `clip_by_side_plane`, `below_reference`).
//! The step machine calls them one per step and keeps their results for the picture;
//! the fast paths ([`BoxBox::contacts`], [`BoxBox::intersects`], [`BoxBox::penetration`])
//! call the same functions in the same order, keeping the numbers in local variables
//! (a step machine's state between steps costs more than the arithmetic here).

use super::answer::{Contact, Contacts, Penetration, Points, Side};
use super::clip::{clip_by_distance, Candidate, ClipEvent, ClipOutcome, Edge};
use super::face_separation::{FaceSeparationOutcome, FaceTest};
use super::{Progress, StepMachine};
use crate::minkowski::Tolerance;
use crate::shapes::{ConvexPolygon, Geometry, Obb, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// Box against box's pseudo-code, as the app shows it beside the steps, one line
    /// per entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`BoxBoxEvent::line`]).
    pub mod line;
    CIRCLES: "|p_B − p_A| > r_A + r_B: circles apart, separated",
    FRAME: "A's box frame: d ← B's centre − A's,  R ← B's axes",
    AXIS: "axis u: s ← |d·u| − h − (|u·e₀|·h₀ + |u·e₁|·h₁)",
    SEPARATED: "    if s > 0: separated",
    REFERENCE: "reference ← the axis with the largest s (tie: A's)",
    INCIDENT: "incident ← other box's face most against normal",
    SIDE_PLANE_1: "clip incident by side plane 1 (ref. start)",
    SIDE_PLANE_2: "clip incident by side plane 2 (ref. end)",
    KEEP_BELOW: "keep points below the reference face: depth",
    RESULT: "return depth −s, the normal and the contacts",
}

/// A box placed in the world: its centre, unit axes (the directions of its edges 0
/// and 1) and half-extents.
#[derive(Clone, Copy, Debug)]
struct Placed {
    centre: DVec2,
    axes: [DVec2; 2],
    half: DVec2,
}

impl Placed {
    /// The box of `obb` (local) on `shape` (the frame step's first half).
    #[inline(always)]
    fn new(shape: &Shape, obb: &Obb) -> Self {
        Placed {
            centre: shape.to_world(obb.center),
            axes: [shape.rotate(obb.axes[0]), shape.rotate(obb.axes[1])],
            half: obb.half_extents,
        }
    }

    /// A world vector in this box's frame.
    #[inline(always)]
    fn local(&self, v: DVec2) -> DVec2 {
        DVec2::new(self.axes[0].dot(v), self.axes[1].dot(v))
    }

    /// A point of this box's frame in the world.
    #[inline(always)]
    fn world(&self, p: DVec2) -> DVec2 {
        self.centre + self.axes[0] * p.x + self.axes[1] * p.y
    }

    /// The outward normal of a face (world).
    #[inline(always)]
    fn normal(&self, face: AxisFace) -> DVec2 {
        self.axes[face.axis] * face.sign()
    }
}

/// B's centre and axes in A's box frame (the frame step's second half).
#[derive(Clone, Copy, Debug)]
struct Relative {
    /// B's centre from A's.
    d: DVec2,
    /// B's axes: `r[j]` is B's axis j, so `R_kj = r[j][k]`.
    r: [DVec2; 2],
}

/// One axis's shadows: how far apart the centres are along it (signed, from the
/// axis's own box towards the other) and the half-widths of the two shadows.
#[derive(Clone, Copy, Debug)]
struct Shadows {
    along: f64,
    own_half: f64,
    other_half: f64,
}

/// A box's face on one of its axes, with its separation.
#[derive(Clone, Copy, Debug)]
struct AxisFace {
    /// The gap between the shadows (negative: they overlap by `−s`).
    separation: f64,
    /// Which of the box's two axes.
    axis: usize,
    /// Whether the face is on the positive side of the axis.
    positive: bool,
}

impl AxisFace {
    /// `+1` or `−1`: the side of the axis the face is on.
    #[inline(always)]
    fn sign(self) -> f64 {
        // Arithmetic, not a branch (which side is a coin toss over random poses).
        f64::from(2 * i8::from(self.positive) - 1)
    }

    /// The polygon's edge with this face's outward normal.
    fn edge_index(self) -> usize {
        edge_index(self.axis, self.positive)
    }
}

/// The rectangle's edge whose outward normal is `±axes[axis]` (`positive`: `+`). Edge 0
/// runs along `axes[0]`, edge 1 along `axes[1]`, counter-clockwise, so their outward
/// normals are `−axes[1]`, `+axes[0]`, `+axes[1]`, `−axes[0]`.
#[inline(always)]
fn edge_index(axis: usize, positive: bool) -> usize {
    match (axis, positive) {
        (0, true) => 1,
        (1, true) => 2,
        (0, false) => 3,
        _ => 0,
    }
}

/// No axis measured yet.
const NO_AXIS: AxisFace = AxisFace {
    separation: f64::NEG_INFINITY,
    axis: 0,
    positive: true,
};

impl Shadows {
    /// The separation `s = |along| − own − other`, on the face towards the other box.
    #[inline(always)]
    fn face(self, axis: usize) -> AxisFace {
        AxisFace {
            separation: self.along.abs() - self.own_half - self.other_half,
            axis,
            positive: self.along >= 0.0,
        }
    }
}

/// Step 1, face separation's first line: each polygon lies in the circle about its
/// position through its farthest vertex; `|t| > r_A + r_B` (plus the touching
/// tolerance, compared squared: no square root) holds them apart.
#[inline(always)]
fn circles_apart(a: &Shape, pa: &ConvexPolygon, b: &Shape, pb: &ConvexPolygon, touch: f64) -> bool {
    let t = b.position() - a.position();
    let reach = pa.bounding_radius() + pb.bounding_radius() + touch;
    t.length_squared() > reach * reach
}

/// The gap between the bounding circles, `|t| − r_A − r_B` (for the picture).
fn circles_gap(a: &Shape, pa: &ConvexPolygon, b: &Shape, pb: &ConvexPolygon) -> f64 {
    (b.position() - a.position()).length() - (pa.bounding_radius() + pb.bounding_radius())
}

/// Step 1, the circles overlapping: B's centre and axes in A's box frame. When both
/// boxes are their polygons' frames (the usual rectangle, [`ConvexPolygon::obb_is_aligned`])
/// A's axes are the columns of its rotation `(c, s)`, `(−s, c)`, and the relative pose is
/// two complex products, `conj(q_A)·(p_B − p_A)` and `conj(q_A)·q_B` (whose turn by
/// 90° is B's second axis): the same dot products as placing both boxes in the world
/// and taking B's centre and axes into A's frame (but for the sign of a zero), without
/// the six rotations that placing them takes.
#[inline(always)]
fn relative(a: &Shape, pa: &ConvexPolygon, b: &Shape, pb: &ConvexPolygon) -> Relative {
    if pa.obb_is_aligned() && pb.obb_is_aligned() {
        let q_a = a.rotation_vector();
        let inverse = DVec2::new(q_a.x, -q_a.y);
        let q = inverse.rotate(b.rotation_vector());
        return Relative {
            d: inverse.rotate(b.position() - a.position()),
            r: [q, q.perp()],
        };
    }
    let (oa, ob) = (pa.obb().expect("a box"), pb.obb().expect("a box"));
    let (a, b) = (Placed::new(a, oa), Placed::new(b, ob));
    Relative {
        d: a.local(b.centre - a.centre),
        r: [a.local(b.axes[0]), a.local(b.axes[1])],
    }
}

/// Steps 2–5: axis `k` (0, 1: A's; 2, 3: B's) — whose, which of its axes, and the
/// shadows on it.
#[inline(always)]
fn shadows(k: usize, rel: &Relative, half_a: DVec2, half_b: DVec2) -> (Side, usize, Shadows) {
    let [r0, r1] = rel.r;
    if k < 2 {
        // A's axis j is e_j: B's shadow half-width |R_j0|·h_B0 + |R_j1|·h_B1.
        let j = k;
        let other_half = r0[j].abs() * half_b.x + r1[j].abs() * half_b.y;
        let along = rel.d[j];
        (
            Side::A,
            j,
            Shadows {
                along,
                own_half: half_a[j],
                other_half,
            },
        )
    } else {
        // B's axis j is r_j: A's shadow half-width |r_j·e_0|·h_A0 + |r_j·e_1|·h_A1,
        // and the centres are d·r_j apart (measured from B, so negated).
        let j = k - 2;
        let rj = rel.r[j];
        let other_half = rj.x.abs() * half_a.x + rj.y.abs() * half_a.y;
        (
            Side::B,
            j,
            Shadows {
                along: -rel.d.dot(rj),
                own_half: half_b[j],
                other_half,
            },
        )
    }
}

/// Keeps the larger separation of a box's two axes (the first on a tie).
#[inline(always)]
fn keep_best(best: &mut AxisFace, face: AxisFace) {
    // Field by field, so that the compiler can select without a branch (which axis
    // wins is a coin toss over random poses: a branch would be mispredicted often).
    let better = face.separation > best.separation;
    best.separation = if better {
        face.separation
    } else {
        best.separation
    };
    best.axis = if better { face.axis } else { best.axis };
    best.positive = if better { face.positive } else { best.positive };
}

/// Step 6: A's best axis unless B's separation is larger by more than the touching
/// tolerance (as in face separation: no flip-flop between nearly equal faces).
#[inline(always)]
fn choose_reference(best: [AxisFace; 2], touch: f64) -> (Side, AxisFace) {
    let [a, b] = best;
    if b.separation > a.separation + touch {
        (Side::B, b)
    } else {
        (Side::A, a)
    }
}

/// The depth `−s` and the normal from A towards B of a reference face.
#[inline(always)]
fn depth_and_normal(side: Side, face: AxisFace, reference: &Placed) -> (f64, DVec2) {
    let n = reference.normal(face);
    let normal = if side == Side::A { n } else { -n };
    ((-face.separation).max(0.0), normal)
}

/// The incident box in the reference box's frame: B in A's frame as it is when A is
/// the reference; when B is, A in B's frame — the inverse pose, `d' = −Rᵀd` and
/// `R' = Rᵀ` (A's axis `j` in B's frame is row `j` of `R`).
#[inline(always)]
fn incident_relative(side: Side, rel: &Relative) -> Relative {
    let [r0, r1] = rel.r;
    match side {
        Side::A => *rel,
        Side::B => Relative {
            d: -DVec2::new(r0.dot(rel.d), r1.dot(rel.d)),
            r: [DVec2::new(r0.x, r1.x), DVec2::new(r0.y, r1.y)],
        },
    }
}

/// Step 7: the incident face — of the other box's four faces, the one whose normal
/// is most against the reference normal: on the axis where the normal has the larger
/// component, on the side it points away from. Its index in its polygon and its two
/// corners in the reference box's frame, from the incident box's centre `d` and axes
/// `r` there: the face's middle is `d + m·h_j` (`m = ±r_j` its outward normal) and it
/// runs counter-clockwise along `perp_ccw(m)`, from `−h` to `+h` of the other axis.
#[inline(always)]
fn incident_face(face: AxisFace, incident: &Relative, half: DVec2) -> (usize, Points) {
    // The reference normal ±e_k seen from the incident box: (r_0·n, r_1·n).
    let k = face.axis;
    let along = DVec2::new(incident.r[0][k], incident.r[1][k]) * face.sign();
    let j = if along.x.abs() >= along.y.abs() { 0 } else { 1 };
    // The face whose outward normal is −sign(n·r_j)·r_j.
    let positive = along[j] < 0.0;
    let m_sign = if positive { 1.0 } else { -1.0 };
    let middle = incident.d + incident.r[j] * (m_sign * half[j]);
    // perp_ccw(r_0) = r_1 and perp_ccw(r_1) = −r_0.
    let run = if j == 0 { m_sign } else { -m_sign };
    let tangent = incident.r[1 - j] * (run * half[1 - j]);
    (
        edge_index(j, positive),
        Points::two(middle - tangent, middle + tangent),
    )
}

/// Steps 8–9: side plane 1 or 2 of the reference face, in the reference box's frame:
/// the axis `t` the face runs along, and the direction `±1` along it the plane
/// keeps. The face runs between `t = −h` and `t = +h`; plane 1 passes through its
/// first end, plane 2 through its second.
#[inline(always)]
fn side_plane(face: AxisFace, plane: u32) -> (usize, f64) {
    // The face runs counter-clockwise, along perp_ccw(normal): along +t for axis-0
    // faces on the positive side, so its first end is at t = −h·run, where run = ±1 is
    // the face's direction along t.
    let run = if face.axis == 0 {
        face.sign()
    } else {
        -face.sign()
    };
    // Plane 1 keeps run·p_t ≥ −h (beside the first end), plane 2 −run·p_t ≥ −h.
    (1 - face.axis, if plane == 1 { run } else { -run })
}

/// Steps 8–9: the incident face's points clipped by side plane 1 or 2: the signed
/// distance of a point `p` beyond the plane is `inward·p_t + h`.
#[inline(always)]
fn clip_by_side_plane(points: Points, face: AxisFace, reference: &Placed, plane: u32) -> Points {
    let (t, inward) = side_plane(face, plane);
    let h = reference.half[t];
    clip_by_distance(points, |p| inward * p[t] + h)
}

/// Step 10: the clipped points below the reference face (`sign·p_k ≤ h_k`, within
/// the touching tolerance), depth `h_k − sign·p_k`: every candidate (world) and the
/// contacts kept.
#[inline(always)]
fn below_reference(
    points: Points,
    face: AxisFace,
    reference: &Placed,
    touch: f64,
) -> ([Option<Candidate>; 2], Contacts) {
    let h = reference.half[face.axis];
    let mut candidates = [None; 2];
    let mut contacts = Contacts::default();
    for (slot, p) in candidates.iter_mut().zip(points.iter()) {
        let depth = h - face.sign() * p[face.axis];
        let kept = depth >= -touch;
        let point = reference.world(p);
        if kept {
            contacts.push(Contact {
                point,
                depth: depth.max(0.0),
            });
        }
        *slot = Some(Candidate {
            point,
            depth,
            kept,
            repeats: false,
        });
    }
    (candidates, contacts)
}

/// The corner of a box deepest behind a face of the other (least `p·normal`), with its
/// index: a scan of four corners.
fn deepest_corner(normal: DVec2, (shape, polygon): (&Shape, &ConvexPolygon)) -> (usize, DVec2) {
    polygon
        .vertices()
        .iter()
        .map(|&v| shape.to_world(v))
        .enumerate()
        .min_by(|(_, p), (_, q)| p.dot(normal).total_cmp(&q.dot(normal)))
        .expect("four corners")
}

/// The one axis measured by a step.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct AxisTest {
    /// Whose axis (A's or B's).
    pub side: Side,
    /// Which of its two axes (0 or 1).
    pub axis: u32,
    /// The face of `side` on this axis that faces the other box, with the other box's
    /// deepest corner behind it and the separation `s`.
    pub face: FaceTest,
    /// `|d·u|`: how far apart the centres are along the axis.
    pub centre_distance: f64,
    /// The half-width of `side`'s own shadow on the axis (its half-extent).
    pub own_half: f64,
    /// The half-width of the other box's shadow, `|u·e₀|·h₀ + |u·e₁|·h₁`.
    pub other_half: f64,
}

/// One visible step of box against box.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoxBoxEvent {
    /// The bounding circles compared; when they overlap, B's centre and axes in A's
    /// box frame, computed once.
    Frame {
        /// B's centre from A's, in A's box frame (zero when the circles are apart:
        /// not computed).
        offset: DVec2,
        /// B's box axes relative to A's (radians; zero when the circles are apart).
        rotation: f64,
        /// When the bounding circles about the positions are apart (by more than the
        /// touching tolerance), the gap between them: then no axis is measured.
        circles_gap: Option<f64>,
    },
    /// One of the four axes.
    Axis {
        /// The axis measured.
        test: AxisTest,
        /// The axis with the largest separation so far.
        best: AxisTest,
    },
    /// The reference face: the largest separation, A's unless B's is larger by more
    /// than the touching tolerance.
    Reference {
        /// The reference face (world).
        edge: Edge,
        /// The penetration depth, `−s`.
        depth: f64,
        /// The collision normal, from A towards B.
        normal: DVec2,
        /// A's best separation and B's.
        separations: [f64; 2],
    },
    /// A step of clipping: the incident edge, the two side planes, keep below.
    Clip(ClipEvent),
    /// The end.
    Done {
        /// Face separation's outcome (the same answer, found in closed form).
        outcome: FaceSeparationOutcome,
    },
}

impl BoxBoxEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            BoxBoxEvent::Frame {
                circles_gap: Some(_),
                ..
            } => line::CIRCLES,
            BoxBoxEvent::Frame { .. } => line::FRAME,
            BoxBoxEvent::Axis { .. } => line::AXIS,
            BoxBoxEvent::Reference { .. } => line::REFERENCE,
            BoxBoxEvent::Clip(event) => match event {
                ClipEvent::IncidentEdge { .. } => line::INCIDENT,
                ClipEvent::Clip { plane: 1, .. } => line::SIDE_PLANE_1,
                ClipEvent::Clip { .. } => line::SIDE_PLANE_2,
                ClipEvent::KeepBelow { .. } => line::KEEP_BELOW,
                // Not emitted here: box against box chooses the reference face
                // itself, and its end is its own.
                ClipEvent::ReferenceEdge { .. } => line::REFERENCE,
                ClipEvent::CurvedContact { .. }
                | ClipEvent::RoundContact { .. }
                | ClipEvent::Done { .. } => line::RESULT,
            },
            BoxBoxEvent::Done { outcome } => match outcome {
                FaceSeparationOutcome::CirclesApart { .. } => line::CIRCLES,
                FaceSeparationOutcome::Separated { .. } => line::SEPARATED,
                FaceSeparationOutcome::Contact { .. } => line::RESULT,
            },
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Frame,
    Axis(usize),
    Reference,
    Incident,
    Clip1,
    Clip2,
    Keep,
    Finish,
    Done,
}

/// What the steps start from: the two shapes, their polygons and boxes, and the
/// touching tolerance.
#[derive(Clone, Copy, Debug)]
struct Inputs<'s> {
    shapes: [&'s Shape; 2],
    polygons: [&'s ConvexPolygon; 2],
    obbs: [&'s Obb; 2],
    touch: f64,
}

impl<'s> Inputs<'s> {
    /// The shape and polygon in slot `i` (0: A, 1: B).
    #[inline(always)]
    fn polygon(self, i: usize) -> (&'s Shape, &'s ConvexPolygon) {
        (self.shapes[i], self.polygons[i])
    }

    /// Steps 1–6 with nobody watching: the reference box's side and face, the
    /// reference box in the world, the incident box's half-extents and B in A's box
    /// frame, or `None` when the circles or an axis hold the boxes apart.
    #[inline(always)]
    fn reference(self) -> Option<(Side, AxisFace, Placed, DVec2, Relative)> {
        let ([a, b], [pa, pb], [oa, ob]) = (self.shapes, self.polygons, self.obbs);
        if circles_apart(a, pa, b, pb, self.touch) {
            return None;
        }
        let rel = relative(a, pa, b, pb);
        let (half_a, half_b) = (oa.half_extents, ob.half_extents);
        let (mut best_a, mut best_b) = (NO_AXIS, NO_AXIS);
        for k in 0..4 {
            let (side, axis, shadows) = shadows(k, &rel, half_a, half_b);
            let face = shadows.face(axis);
            if face.separation > self.touch {
                return None;
            }
            keep_best(
                if side == Side::A {
                    &mut best_a
                } else {
                    &mut best_b
                },
                face,
            );
        }
        // Only the reference box is placed in the world (for the contacts).
        Some(match choose_reference([best_a, best_b], self.touch) {
            (Side::A, face) => (Side::A, face, Placed::new(a, oa), half_b, rel),
            (Side::B, face) => (Side::B, face, Placed::new(b, ob), half_a, rel),
        })
    }

    /// Steps 1–10 with nobody watching: the contact points.
    #[inline(always)]
    fn contacts(self) -> Contacts {
        let Some((side, face, reference, incident_half, rel)) = self.reference() else {
            return Contacts::default();
        };
        let other = self.polygon(slot(side.other()));
        let (_, mut points) = incident_face(face, &incident_relative(side, &rel), incident_half);
        for plane in [1, 2] {
            points = clip_by_side_plane(points, face, &reference, plane);
        }
        let (_, contacts) = below_reference(points, face, &reference, self.touch);
        if contacts.is_empty() {
            return deepest_stands_in(reference.normal(face), face, other);
        }
        contacts
    }
}

/// Clipping always keeps a point (the incident face's corner deepest behind the
/// reference face lies within its side planes, or the face is clipped to them);
/// should rounding leave none, the incident box's deepest corner stands in.
#[cold]
fn deepest_stands_in(
    normal: DVec2,
    face: AxisFace,
    incident: (&Shape, &ConvexPolygon),
) -> Contacts {
    let (_, point) = deepest_corner(normal, incident);
    Contacts::one(Contact {
        point,
        depth: (-face.separation).max(0.0),
    })
}

/// Box against box as a step machine: the steps' results, kept between steps.
#[derive(Clone, Debug)]
pub struct BoxBox<'s> {
    /// The shapes, polygons, boxes and touching tolerance.
    inputs: Inputs<'s>,
    /// The two boxes in the world, once the circles overlap.
    placed: [Placed; 2],
    /// B in A's box frame.
    relative: Relative,
    /// Each box's best axis so far.
    best: [AxisFace; 2],
    /// Whether the bounding circles about the positions are apart.
    circles_apart: bool,
    /// The axis with a gap, when one separates the boxes.
    separated: Option<(Side, AxisFace)>,
    /// The reference box and face, once chosen.
    reference: Option<(Side, AxisFace)>,

    depth: f64,
    normal: DVec2,
    /// The incident face's index in its polygon.
    incident_index: usize,
    /// The incident face's points, in the reference box's frame.
    points: Points,
    contacts: Contacts,
    phase: Phase,
}

/// Where a box's data sits in the `[A, B]` arrays.
#[inline(always)]
fn slot(side: Side) -> usize {
    match side {
        Side::A => 0,
        Side::B => 1,
    }
}

impl<'s> BoxBox<'s> {
    /// Box against box for two rectangles; `None` for any other pair.
    #[inline(always)]
    pub fn for_pair(a: &'s Shape, b: &'s Shape) -> Option<Self> {
        let (Geometry::Polygon(pa), Geometry::Polygon(pb)) = (a.geometry(), b.geometry()) else {
            return None;
        };
        let (oa, ob) = (pa.obb()?, pb.obb()?);
        let unplaced = Placed {
            centre: DVec2::ZERO,
            axes: [DVec2::X, DVec2::Y],
            half: DVec2::ZERO,
        };
        Some(BoxBox {
            inputs: Inputs {
                shapes: [a, b],
                polygons: [pa, pb],
                obbs: [oa, ob],
                touch: Tolerance::for_scale(pa.bounding_radius().max(pb.bounding_radius())).touch,
            },
            placed: [unplaced; 2],
            relative: Relative {
                d: DVec2::ZERO,
                r: [DVec2::X, DVec2::Y],
            },
            best: [NO_AXIS; 2],
            circles_apart: false,
            separated: None,
            reference: None,

            depth: 0.0,
            normal: DVec2::ZERO,
            incident_index: 0,
            points: Points::default(),
            contacts: Contacts::default(),
            phase: Phase::Frame,
        })
    }

    /// Runs to the end (the fast path).
    #[inline(always)]
    pub fn run(mut self) -> FaceSeparationOutcome {
        super::run_to_end(&mut self);
        self.outcome().expect("a finished run has an outcome")
    }

    /// Runs to the end of clipping and returns the contact points only (none when
    /// apart), without building the outcome's edges.
    #[inline(always)]
    pub fn contacts(mut self) -> Contacts {
        if !matches!(self.phase, Phase::Frame) {
            // Stepped part of the way already: the rest one step at a time.
            super::run_to_end(&mut self);
            return self.contacts;
        }
        self.inputs.contacts()
    }

    /// Whether the boxes intersect (touching counts): the circles and the four axes
    /// only, ending at the first that holds them apart.
    #[inline(always)]
    pub fn intersects(mut self) -> bool {
        if !matches!(self.phase, Phase::Frame) {
            // Stepped part of the way already: the rest one step at a time.
            super::run_to_end(&mut self);
            return self.separated.is_none() && !self.circles_apart;
        }
        self.inputs.reference().is_some()
    }

    /// Runs up to the reference face, without clipping: the penetration depth and
    /// normal, or `None` when the boxes are apart.
    #[inline(always)]
    pub fn penetration(mut self) -> Option<Penetration> {
        let (side, face, reference) = if matches!(self.phase, Phase::Frame) {
            let (side, face, reference, _, _) = self.inputs.reference()?;
            (side, face, reference)
        } else {
            while matches!(self.phase, Phase::Axis(_) | Phase::Reference) {
                self.advance(false);
            }
            let (side, face) = self.reference?;
            (side, face, self.placed[slot(side)])
        };
        let (depth, normal) = depth_and_normal(side, face, &reference);
        // The other box's corner deepest behind the reference face, and the point
        // `depth·n` from it.
        let other = slot(side.other());
        let (_, deepest) = deepest_corner(reference.normal(face), self.inputs.polygon(other));
        Some(match side {
            Side::A => Penetration {
                depth,
                normal,
                point_a: deepest + normal * depth,
                point_b: deepest,
            },
            Side::B => Penetration {
                depth,
                normal,
                point_a: deepest,
                point_b: deepest - normal * depth,
            },
        })
    }

    /// Clipping always keeps a point (the incident face's corner deepest behind the
    /// reference face lies within its side planes, or the face is clipped to them);
    /// should rounding leave none, the deepest corner stands in.
    fn deepest_stands_in(&self, side: Side, face: AxisFace, reference: &Placed) -> Contacts {
        let other = slot(side.other());
        deepest_stands_in(reference.normal(face), face, self.inputs.polygon(other))
    }

    /// The outcome, once ended.
    pub fn outcome(&self) -> Option<FaceSeparationOutcome> {
        matches!(self.phase, Phase::Done).then(|| self.build_outcome())
    }

    /// Face separation's outcome from the state at the end: the circles' gap, the
    /// separating axis's face, or the depth, normal, contacts and the two edges.
    fn build_outcome(&self) -> FaceSeparationOutcome {
        if self.circles_apart {
            let ([a, b], [pa, pb]) = (self.inputs.shapes, self.inputs.polygons);
            return FaceSeparationOutcome::CirclesApart {
                gap: circles_gap(a, pa, b, pb),
            };
        }
        if let Some((side, face)) = self.separated {
            return FaceSeparationOutcome::Separated {
                face: self.face_test(side, face),
            };
        }
        let (side, face) = self.reference.expect("an overlap has a reference face");
        let index = face.edge_index();
        FaceSeparationOutcome::Contact {
            depth: self.depth,
            normal: self.normal,
            reference: side,
            face: index as u32,
            clip: ClipOutcome::Clipped {
                contacts: self.contacts,
                reference: self.world_edge(side, index),
                incident: self.world_edge(side.other(), self.incident_index),
            },
        }
    }

    /// The reference box and face, once chosen.
    fn chosen(&self) -> (Side, AxisFace) {
        self.reference.expect("chosen")
    }

    /// Edge `i` of a box's polygon, in the world.
    fn world_edge(&self, side: Side, i: usize) -> Edge {
        let (shape, polygon) = self.inputs.polygon(slot(side));
        Edge {
            shape: side,
            index: i as u32,
            v1: shape.to_world(polygon.vertex(i)),
            v2: shape.to_world(polygon.vertex(i + 1)),
            normal: shape.rotate(polygon.normal(i)),
        }
    }

    /// The face test of an axis as an event shows it.
    fn face_test(&self, side: Side, face: AxisFace) -> FaceTest {
        let edge = self.world_edge(side, face.edge_index());
        let other = slot(side.other());
        let (deepest_index, deepest) = deepest_corner(edge.normal, self.inputs.polygon(other));
        FaceTest {
            edge,
            deepest,
            deepest_index: deepest_index as u32,
            separation: face.separation,
        }
    }

    /// Step 1: the bounding circles; when they overlap, the boxes in the world and B in
    /// A's box frame.
    fn frame(&mut self, watch: bool) -> Option<BoxBoxEvent> {
        let ([a, b], [pa, pb], [oa, ob]) =
            (self.inputs.shapes, self.inputs.polygons, self.inputs.obbs);
        self.circles_apart = circles_apart(a, pa, b, pb, self.inputs.touch);
        self.phase = if self.circles_apart {
            Phase::Finish
        } else {
            self.placed = [Placed::new(a, oa), Placed::new(b, ob)];
            self.relative = relative(a, pa, b, pb);
            Phase::Axis(0)
        };
        watch.then(|| BoxBoxEvent::Frame {
            offset: self.relative.d,
            rotation: self.relative.r[0].to_angle(),
            circles_gap: self.circles_apart.then(|| circles_gap(a, pa, b, pb)),
        })
    }

    /// Steps 2–5: axis `k` (0, 1: A's; 2, 3: B's). The separation is the gap between
    /// the shadows: centre distance minus both half-widths.
    fn axis(&mut self, k: usize, watch: bool) -> Option<BoxBoxEvent> {
        let [half_a, half_b] = self.placed.map(|p| p.half);
        let (side, axis, shadows) = shadows(k, &self.relative, half_a, half_b);
        let face = shadows.face(axis);
        keep_best(&mut self.best[slot(side)], face);
        self.phase = if face.separation > self.inputs.touch {
            self.separated = Some((side, face));
            Phase::Finish
        } else if k == 3 {
            Phase::Reference
        } else {
            Phase::Axis(k + 1)
        };
        watch.then(|| {
            let axis_test = |f: AxisFace| AxisTest {
                side,
                axis: f.axis as u32,
                face: self.face_test(side, f),
                centre_distance: shadows.along.abs(),
                own_half: shadows.own_half,
                other_half: shadows.other_half,
            };
            BoxBoxEvent::Axis {
                test: axis_test(face),
                best: axis_test(self.best[slot(side)]),
            }
        })
    }

    /// Step 6: the reference face, its depth and normal.
    fn reference_step(&mut self, watch: bool) -> Option<BoxBoxEvent> {
        let (side, face) = choose_reference(self.best, self.inputs.touch);
        self.reference = Some((side, face));
        let reference = self.placed[slot(side)];
        (self.depth, self.normal) = depth_and_normal(side, face, &reference);

        self.phase = Phase::Incident;
        watch.then(|| BoxBoxEvent::Reference {
            edge: self.world_edge(side, face.edge_index()),
            depth: self.depth,
            normal: self.normal,
            separations: self.best.map(|f| f.separation),
        })
    }

    /// Step 7: the incident face, its corners from the incident box in the reference
    /// box's frame.
    fn incident(&mut self, watch: bool) -> Option<BoxBoxEvent> {
        let (side, face) = self.chosen();
        let half = self.placed[slot(side.other())].half;
        let (index, points) = incident_face(face, &incident_relative(side, &self.relative), half);
        self.incident_index = index;
        self.points = points;
        self.phase = Phase::Clip1;
        watch.then(|| {
            BoxBoxEvent::Clip(ClipEvent::IncidentEdge {
                edge: self.world_edge(side.other(), index),
            })
        })
    }

    /// Steps 8–9: clipping by side plane 1 or 2 of the reference face.
    fn clip_side(&mut self, plane: u32, watch: bool) -> Option<BoxBoxEvent> {
        let (side, face) = self.chosen();
        let reference = self.placed[slot(side)];
        let before = self.points;
        self.points = clip_by_side_plane(before, face, &reference, plane);
        self.phase = if plane == 1 {
            Phase::Clip2
        } else {
            Phase::Keep
        };
        watch.then(|| {
            let world =
                |points: Points| -> Points { points.iter().map(|p| reference.world(p)).collect() };
            // The plane passes through the face's end at t = −h·inward.
            let (t, inward) = side_plane(face, plane);
            let mut plane_point = DVec2::ZERO;
            plane_point[t] = -reference.half[t] * inward;
            BoxBoxEvent::Clip(ClipEvent::Clip {
                plane,
                plane_point: reference.world(plane_point),
                plane_normal: reference.axes[t] * inward,
                before: world(before),
                after: world(self.points),
            })
        })
    }

    /// Step 10: the points below the reference face are the contacts.
    fn keep_below(&mut self, watch: bool) -> Option<BoxBoxEvent> {
        let (side, face) = self.chosen();
        let reference = self.placed[slot(side)];
        let (candidates, contacts) =
            below_reference(self.points, face, &reference, self.inputs.touch);
        self.contacts = if contacts.is_empty() {
            self.deepest_stands_in(side, face, &reference)
        } else {
            contacts
        };
        self.phase = Phase::Finish;
        watch.then(|| BoxBoxEvent::Clip(ClipEvent::KeepBelow { candidates }))
    }
}

impl StepMachine for BoxBox<'_> {
    type Event = BoxBoxEvent;

    fn advance(&mut self, watch: bool) -> Progress<BoxBoxEvent> {
        let event = match self.phase {
            Phase::Frame => self.frame(watch),
            Phase::Axis(k) => self.axis(k, watch),
            Phase::Reference => self.reference_step(watch),
            Phase::Incident => self.incident(watch),
            Phase::Clip1 => self.clip_side(1, watch),
            Phase::Clip2 => self.clip_side(2, watch),
            Phase::Keep => self.keep_below(watch),
            Phase::Finish => {
                self.phase = Phase::Done;
                watch.then(|| BoxBoxEvent::Done {
                    outcome: self.build_outcome(),
                })
            }
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}
