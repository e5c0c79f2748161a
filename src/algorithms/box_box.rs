//! Box against box: face separation when both polygons are rectangles, where every
//! measurement is one line of arithmetic (Gottschalk's OBB test; the box–box routines
//! of Box2D Lite and ODE, in 2D).
//!
//! A box has two axes and two faces on each, and only the face on the side facing the
//! other box can be the one with the largest separation. So four numbers decide:
//!
//! ```text
//! work in A's box frame: d ← B's centre from A's,  R ← B's axes (columns)
//! A's axis k:  s ← |d_k| − h_A,k − (|R_k0|·h_B,0 + |R_k1|·h_B,1)
//! B's axis k:  s ← |(Rᵀd)_k| − h_B,k − (|R_0k|·h_A,0 + |R_1k|·h_A,1)
//!     (the gap between the two boxes' shadows on the axis: a box's shadow on a
//!      unit axis u has half-width |u·e_0|·h_0 + |u·e_1|·h_1)
//!     if s > 0: separated, stop
//! reference ← the axis with the largest s (A's, unless B's is larger by more than
//!             the touching tolerance): its face towards the other box
//! incident ← the other box's face most against the reference normal
//! clip the incident face to |t·p| ≤ h along the reference face (two side planes)
//! keep the points below the reference face: depth = how far below
//! ```
//!
//! The separation on an axis is exactly [`super::face_separation`]'s `s` for the face
//! of that axis facing the other box (its deepest vertex is the corner the absolute
//! values pick), so the answers are the same; what changes is the cost: four closed
//! formulas instead of a walk over vertices per face, and clipping against a face
//! whose side planes are `±h` along an axis. The outcome is face separation's.

use super::clip::{Candidate, ClipEvent, ClipOutcome, Contact, Contacts, Edge, Points};
use super::epa::Penetration;
use super::face_separation::{FaceSeparationOutcome, FaceTest};
use super::{Progress, Side, StepMachine};
use crate::minkowski::Tolerance;
use crate::shapes::{ConvexPolygon, Geometry, Obb, Shape};
use glam::DVec2;
use serde::Serialize;

/// One box in the computation: its world centre, world unit axes, half-extents.
#[derive(Clone, Copy, Debug)]
struct BoxFrame<'s> {
    shape: &'s Shape,
    polygon: &'s ConvexPolygon,
    centre: DVec2,
    axes: [DVec2; 2],
    half: DVec2,
}

impl<'s> BoxFrame<'s> {
    #[inline(always)]
    fn new(shape: &'s Shape, polygon: &'s ConvexPolygon, obb: &Obb) -> Self {
        BoxFrame {
            shape,
            polygon,
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

    /// The polygon's edge whose outward normal is `sign·axes[k]`. A rectangle's edge 0
    /// runs along `axes[0]`, edge 1 along `axes[1]`, counter-clockwise, so their
    /// outward normals are `−axes[1]`, `+axes[0]`, `+axes[1]`, `−axes[0]`.
    fn edge_index(k: usize, positive: bool) -> usize {
        match (k, positive) {
            (0, true) => 1,
            (1, true) => 2,
            (0, false) => 3,
            _ => 0,
        }
    }
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
    /// B's centre and axes in A's box frame, computed once.
    Frame {
        /// B's centre from A's, in A's box frame.
        offset: DVec2,
        /// B's box axes relative to A's (radians).
        rotation: f64,
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

/// The best axis of each box so far: separation, axis, and whether the face is on
/// the positive side.
#[derive(Clone, Copy, Debug)]
struct Best {
    separation: f64,
    axis: usize,
    positive: bool,
}

const NO_AXIS: Best = Best {
    separation: f64::NEG_INFINITY,
    axis: 0,
    positive: true,
};

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

/// Box against box as a step machine.
#[derive(Clone, Debug)]
pub struct BoxBox<'s> {
    a: BoxFrame<'s>,
    b: BoxFrame<'s>,
    /// B's centre from A's, in A's box frame.
    d: DVec2,
    /// B's axes in A's box frame: `r[j]` is B's axis j; `rot[k][j] = (r[j])_k`.
    r: [DVec2; 2],
    best: [Best; 2],
    /// The reference box's frame data, the normal's sign and axis, once chosen.
    reference: Option<(Side, Best)>,
    /// The incident face's index in its polygon.
    incident_index: usize,
    /// The incident face's points, in the reference box's frame.
    points: Points,
    depth: f64,
    normal: DVec2,
    contacts: Contacts,
    /// The axis with a gap, when one separates the boxes.
    separated: Option<(Side, Best)>,
    tolerance: Tolerance,
    phase: Phase,
}

impl<'s> BoxBox<'s> {
    /// Box against box for two rectangles; `None` for any other pair.
    #[inline(always)]
    pub fn for_pair(a: &'s Shape, b: &'s Shape) -> Option<Self> {
        let (Geometry::Polygon(pa), Geometry::Polygon(pb)) = (a.geometry(), b.geometry()) else {
            return None;
        };
        let (oa, ob) = (pa.obb()?, pb.obb()?);
        Some(BoxBox {
            a: BoxFrame::new(a, pa, oa),
            b: BoxFrame::new(b, pb, ob),
            d: DVec2::ZERO,
            r: [DVec2::X, DVec2::Y],
            best: [NO_AXIS; 2],
            reference: None,
            incident_index: 0,
            points: Points::default(),
            depth: 0.0,
            normal: DVec2::ZERO,
            contacts: Contacts::default(),
            separated: None,
            tolerance: Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius())),
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
        // The steps `advance` takes, called in their order without its dispatch on
        // the phase (which a compiler cannot unroll).
        let _ = self.frame(false);
        for k in 0..4 {
            let _ = self.axis(k, false);
            if self.separated.is_some() {
                return Contacts::default();
            }
        }
        let _ = self.choose_reference(false);
        let _ = self.incident(false);
        let _ = self.clip_side(1, false);
        let _ = self.clip_side(2, false);
        let _ = self.keep_below(false);
        self.contacts
    }

    /// Whether the boxes intersect (touching counts): the four axes only, ending at
    /// the first that separates them.
    #[inline(always)]
    pub fn intersects(mut self) -> bool {
        if !matches!(self.phase, Phase::Frame) {
            // Stepped part of the way already: the rest one step at a time.
            super::run_to_end(&mut self);
            return self.separated.is_none();
        }
        let _ = self.frame(false);
        for k in 0..4 {
            let _ = self.axis(k, false);
            if self.separated.is_some() {
                return false;
            }
        }
        true
    }

    /// Runs up to the reference face, without clipping: the penetration depth and
    /// normal, or `None` when an axis separates the boxes.
    #[inline(always)]
    pub fn penetration(mut self) -> Option<Penetration> {
        while matches!(self.phase, Phase::Frame | Phase::Axis(_) | Phase::Reference) {
            self.advance(false);
        }
        let (side, best) = self.reference?;
        // The other box's corner deepest behind the reference face, and the point
        // `depth·n` from it.
        let face = self.face_test(side, best);
        let deepest = face.deepest;
        Some(match side {
            Side::A => Penetration {
                depth: self.depth,
                normal: self.normal,
                point_a: deepest + self.normal * self.depth,
                point_b: deepest,
            },
            Side::B => Penetration {
                depth: self.depth,
                normal: self.normal,
                point_a: deepest,
                point_b: deepest - self.normal * self.depth,
            },
        })
    }

    /// The outcome, once ended.
    pub fn outcome(&self) -> Option<FaceSeparationOutcome> {
        matches!(self.phase, Phase::Done).then(|| self.build_outcome())
    }

    /// Face separation's outcome from the state at the end: the separating axis's
    /// face, or the depth, normal, contacts and the two edges.
    fn build_outcome(&self) -> FaceSeparationOutcome {
        if let Some((side, best)) = self.separated {
            return FaceSeparationOutcome::Separated {
                face: self.face_test(side, best),
            };
        }
        let (side, best) = self.reference.expect("an overlap has a reference face");
        let index = BoxFrame::edge_index(best.axis, best.positive);
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

    /// The boxes as (reference, incident), once the reference is chosen.
    fn roles(&self) -> (BoxFrame<'s>, BoxFrame<'s>) {
        match self.reference {
            Some((Side::B, _)) => (self.b, self.a),
            _ => (self.a, self.b),
        }
    }

    fn side_frame(&self, side: Side) -> BoxFrame<'s> {
        if side == Side::A {
            self.a
        } else {
            self.b
        }
    }

    /// Edge `i` of a box's polygon, in the world.
    fn world_edge(&self, side: Side, i: usize) -> Edge {
        let f = self.side_frame(side);
        Edge {
            shape: side,
            index: i as u32,
            v1: f.shape.to_world(f.polygon.vertex(i)),
            v2: f.shape.to_world(f.polygon.vertex(i + 1)),
            normal: f.shape.rotate(f.polygon.normal(i)),
        }
    }

    /// The face test of an axis as an event shows it.
    fn face_test(&self, side: Side, best: Best) -> FaceTest {
        let edge = self.world_edge(side, BoxFrame::edge_index(best.axis, best.positive));
        let other = self.side_frame(side.other());
        // The other box's corner deepest behind the face (a scan of four corners).
        let (deepest_index, deepest) = other
            .polygon
            .vertices()
            .iter()
            .map(|&v| other.shape.to_world(v))
            .enumerate()
            .min_by(|(_, p), (_, q)| p.dot(edge.normal).total_cmp(&q.dot(edge.normal)))
            .expect("four corners");
        FaceTest {
            edge,
            deepest,
            deepest_index: deepest_index as u32,
            separation: best.separation,
        }
    }

    /// Step 1: B's centre and axes in A's box frame.
    #[inline(always)]
    fn frame(&mut self, watch: bool) -> Option<BoxBoxEvent> {
        self.d = self.a.local(self.b.centre - self.a.centre);
        self.r = [self.a.local(self.b.axes[0]), self.a.local(self.b.axes[1])];
        self.phase = Phase::Axis(0);
        watch.then(|| BoxBoxEvent::Frame {
            offset: self.d,
            rotation: self.r[0].to_angle(),
        })
    }

    /// Steps 2–5: axis `k` (0, 1: A's; 2, 3: B's). The separation is the gap between
    /// the shadows: centre distance minus both half-widths.
    #[inline(always)]
    fn axis(&mut self, k: usize, watch: bool) -> Option<BoxBoxEvent> {
        let [r0, r1] = self.r;
        let (side, j) = if k < 2 {
            (Side::A, k)
        } else {
            (Side::B, k - 2)
        };
        let (along, own_half, other_half) = if side == Side::A {
            // A's axis j is e_j: B's shadow half-width |R_j0|·h_B0 + |R_j1|·h_B1.
            let other = r0[j].abs() * self.b.half.x + r1[j].abs() * self.b.half.y;
            (self.d[j], self.a.half[j], other)
        } else {
            // B's axis j is r_j: A's shadow half-width |r_j·e_0|·h_A0 + |r_j·e_1|·h_A1,
            // and the centres are d·r_j apart (measured from B, so negated).
            let rj = self.r[j];
            let other = rj.x.abs() * self.a.half.x + rj.y.abs() * self.a.half.y;
            (-self.d.dot(rj), self.b.half[j], other)
        };
        let test = Best {
            separation: along.abs() - own_half - other_half,
            axis: j,
            // The face on the other box's side.
            positive: along >= 0.0,
        };
        let slot = side as usize;
        if test.separation > self.best[slot].separation {
            self.best[slot] = test;
        }
        self.phase = if test.separation > self.tolerance.touch {
            self.separated = Some((side, test));
            Phase::Finish
        } else if k == 3 {
            Phase::Reference
        } else {
            Phase::Axis(k + 1)
        };
        watch.then(|| {
            let axis_test = |t: Best| AxisTest {
                side,
                axis: t.axis as u32,
                face: self.face_test(side, t),
                centre_distance: along.abs(),
                own_half,
                other_half,
            };
            let best = self.best[slot];
            BoxBoxEvent::Axis {
                test: axis_test(test),
                best: AxisTest {
                    axis: best.axis as u32,
                    face: self.face_test(side, best),
                    ..axis_test(test)
                },
            }
        })
    }

    /// The reference face: A's best axis unless B's separation is larger by more than
    /// the touching tolerance (as in face separation: no flip-flop).
    #[inline(always)]
    fn choose_reference(&mut self, watch: bool) -> Option<BoxBoxEvent> {
        let [a, b] = self.best;
        let (side, best) = if b.separation > a.separation + self.tolerance.touch {
            (Side::B, b)
        } else {
            (Side::A, a)
        };
        self.reference = Some((side, best));
        let (reference, _) = self.roles();
        let sign = if best.positive { 1.0 } else { -1.0 };
        let face_normal = reference.axes[best.axis] * sign;
        self.depth = (-best.separation).max(0.0);
        self.normal = if side == Side::A {
            face_normal
        } else {
            -face_normal
        };
        self.phase = Phase::Incident;
        watch.then(|| BoxBoxEvent::Reference {
            edge: self.world_edge(side, BoxFrame::edge_index(best.axis, best.positive)),
            depth: self.depth,
            normal: self.normal,
            separations: [a.separation, b.separation],
        })
    }

    /// The incident face: of the other box's four faces, the one whose normal is most
    /// against the reference normal — on the axis where the normal has the larger
    /// component, on the side it points away from. Its two corners are taken into the
    /// reference box's frame.
    #[inline(always)]
    fn incident(&mut self, watch: bool) -> Option<BoxBoxEvent> {
        let (reference, incident) = self.roles();
        let (side, best) = self.reference.expect("chosen");
        let sign = if best.positive { 1.0 } else { -1.0 };
        let n = reference.axes[best.axis] * sign;
        let along = incident.local(n);
        let j = if along.x.abs() >= along.y.abs() { 0 } else { 1 };
        // The face whose outward normal is −sign(n·e_j)·e_j.
        let positive = along[j] < 0.0;
        let index = BoxFrame::edge_index(j, positive);
        self.incident_index = index;
        let [v1, v2] = [index, index + 1].map(|i| {
            let p = incident.shape.to_world(incident.polygon.vertex(i));
            reference.local(p - reference.centre)
        });
        self.points = Points::two(v1, v2);
        self.phase = Phase::Clip1;
        watch.then(|| {
            BoxBoxEvent::Clip(ClipEvent::IncidentEdge {
                edge: self.world_edge(side.other(), index),
            })
        })
    }

    /// Clips by a side plane of the reference face: in the reference box's frame the
    /// face runs along the other axis `t`, between `t = −h` and `t = +h`; plane 1
    /// passes through its first end, plane 2 through its second.
    #[inline(always)]
    fn clip_side(&mut self, plane: u32, watch: bool) -> Option<BoxBoxEvent> {
        let (reference, _) = self.roles();
        let (_, best) = self.reference.expect("chosen");
        let t = 1 - best.axis;
        let h = reference.half[t];
        // The face runs counter-clockwise, along perp_ccw(normal): along +t for A's
        // axis-0 faces with sign +, so its first end is at t = −h·run, where
        // run = ±1 is the face's direction along t.
        let sign = if best.positive { 1.0 } else { -1.0 };
        let run = if best.axis == 0 { sign } else { -sign };
        // Plane 1 keeps run·p_t ≥ −h (beside the first end), plane 2 −run·p_t ≥ −h.
        let inward = if plane == 1 { run } else { -run };
        let mut keep = DVec2::ZERO;
        keep[t] = inward;
        let mut plane_point = DVec2::ZERO;
        plane_point[t] = -h * inward;
        let before = self.points;
        self.points = super::clip::clip_segment(before, plane_point, keep);
        self.phase = if plane == 1 {
            Phase::Clip2
        } else {
            Phase::Keep
        };
        watch.then(|| {
            let world =
                |points: Points| -> Points { points.iter().map(|p| reference.world(p)).collect() };
            BoxBoxEvent::Clip(ClipEvent::Clip {
                plane,
                plane_point: reference.world(plane_point),
                plane_normal: reference.axes[t] * keep[t],
                before: world(before),
                after: world(self.points),
            })
        })
    }

    /// Keeps the clipped points below the reference face (`sign·p_k ≤ h_k`); depth
    /// `h_k − sign·p_k`.
    #[inline(always)]
    fn keep_below(&mut self, watch: bool) -> Option<BoxBoxEvent> {
        let (reference, _) = self.roles();
        let (side, best) = self.reference.expect("chosen");
        let sign = if best.positive { 1.0 } else { -1.0 };
        let h = reference.half[best.axis];
        let mut candidates = [None; 2];
        for (slot, p) in candidates.iter_mut().zip(self.points.iter()) {
            let depth = h - sign * p[best.axis];
            let kept = depth >= -self.tolerance.touch;
            let point = reference.world(p);
            if kept {
                self.contacts.push(Contact {
                    point,
                    depth: depth.max(0.0),
                });
            }
            *slot = Some(Candidate { point, depth, kept });
        }
        // Clipping always keeps a point here (the incident face's corner deepest
        // behind the reference face lies within its side planes, or the face is
        // clipped to them); should rounding leave none, the deepest corner stands in.
        if self.contacts.is_empty() {
            let face = self.face_test(side, best);
            self.contacts = Contacts::one(Contact {
                point: face.deepest,
                depth: self.depth,
            });
        }
        self.phase = Phase::Finish;
        watch.then(|| BoxBoxEvent::Clip(ClipEvent::KeepBelow { candidates }))
    }
}

impl StepMachine for BoxBox<'_> {
    type Event = BoxBoxEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<BoxBoxEvent> {
        let event = match self.phase {
            Phase::Frame => self.frame(watch),
            Phase::Axis(k) => self.axis(k, watch),
            Phase::Reference => self.choose_reference(watch),
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
