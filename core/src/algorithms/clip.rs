//! The contact manifold by clipping (seed 003, after dyn4j's "contact points using
//! clipping"): where two intersecting shapes touch, as one or two points with depths.
//!
//! EPA or SAT give the collision normal `n` (from A towards B). For two polygons the
//! contact is where an edge of one meets the other. Each shape's edge facing the other
//! (A's outward normal most aligned with `n`, B's with `−n`) is a candidate; the
//! *reference* edge is the one along whose normal the shapes overlap least (SAT's
//! measure: that edge is the face of the MTV), and the *incident* edge the other
//! shape's edge most anti-parallel to the reference normal. The incident edge is
//! clipped by the reference edge's two side planes (the lines through its end points,
//! perpendicular to it), and the clipped points below the reference face are kept,
//! their depth how far below. The pseudo-code the app shows beside the steps is
//! [`PSEUDO_CODE`]; [`ClipEvent::line`] says which line each event executes.
//!
//! That gives two points for two edges lying on each other (a box resting on a box)
//! and one for a vertex poking into an edge. The points lie on the incident shape.
//!
//! dyn4j picks the reference as the edge "more perpendicular to `n`"; measuring the
//! overlap instead picks the face the normal really came from, so the deepest contact's
//! depth is the penetration depth.
//!
//! **No flip-flop.** When the two edges are parallel — a box on a box — both overlaps
//! are equal, and choosing by a plain `<` would let rounding pick A in one frame and B
//! in the next as a shape is dragged, the contact points jumping between the two
//! edges. A is the reference unless B's overlap is smaller by more than the pair's
//! touching tolerance (Box2D does the same with its `k_tol`).
//!
//! **Curved shapes** (a circle or an ellipse on either side) touch in one point: the
//! curved shape's deepest point, with the penetration depth.
//!
//! **A core plus a radius** (a capsule, a rounded polygon; Box2D's `b2ClipPolygons`
//! with radii). Clipping works on the cores: the faces are the cores' faces (a
//! capsule's core, its segment, has two, back to back), the overlap along a face
//! normal counts both radii, and each clipped point of the incident core edge is
//! moved along `−n` (towards the reference shape) onto the incident shape's surface —
//! by the incident radius `r_inc` where `−n` is square to that surface, as Box2D
//! pushes it, a little more where the incident face is tilted to `n` (so that the
//! point lies on the surface, not inside) — its depth measured below the reference
//! face moved out by the reference shape's radius: `depth = (v₁ − p)·n + r_ref + t`,
//! `t` the way moved. When the cores are apart (the shapes
//! touch within their radii), the normal runs between the cores' nearest points; if
//! those are two vertices, round parts touch, and the clipped points do not reach the
//! penetration depth: then, as Box2D falls back to its vertex–vertex contact, the one
//! contact is B's point deepest in A, with the penetration depth
//! ([`ClipOutcome::Round`]).
//!
//! **Containment** needs nothing special: the incident edge lies wholly below the
//! reference face, both points are kept, their depths measured to the face.
//!
//! If clipping leaves no point — only possible when rounding puts the incident edge
//! outside the side planes of a very short reference edge — the manifold is the
//! incident shape's deepest vertex ([`ClipOutcome::DeepestVertex`], named so).

use super::answer::{Contact, Contacts, Penetration, Points, Side};
use super::{Progress, StepMachine};
use crate::minkowski::Tolerance;
use crate::shapes::{PolygonCore, Shape, Support};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// Clipping's pseudo-code, as the app shows it beside the steps, one line per
    /// entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`ClipEvent::line`]).
    pub mod line;
    _: "n ← collision normal (GJK + EPA), A → B",
    _: "e_A ← A's edge facing n;  e_B ← B's facing −n",
    REFERENCE: "reference ← the one with less overlap (tie: A)",
    INCIDENT: "incident ← other's edge most against ref. normal",
    SIDE_PLANE_1: "clip incident by side plane 1 (ref. start)",
    SIDE_PLANE_2: "clip incident by side plane 2 (ref. end)",
    KEEP_BELOW: "keep points below the reference face: depth",
    CURVED: "curved shape: its deepest point, one contact",
    ROUND: "round parts touch: B's deepest point",
    RESULT: "return the contacts (1 or 2)",
}

/// An edge of a polygon, in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Edge {
    /// Whose edge.
    pub shape: Side,
    /// The edge, from vertex `index` to vertex `index + 1`.
    pub index: u32,
    /// Its first end point.
    pub v1: DVec2,
    /// Its second end point.
    pub v2: DVec2,
    /// Its unit outward normal.
    pub normal: DVec2,
}

/// A point of the clipped incident edge and what the reference face makes of it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// The point (world).
    pub point: DVec2,
    /// How far below the reference face (negative: above it, not a contact).
    pub depth: f64,
    /// Whether it is kept as a contact.
    pub kept: bool,
    /// Whether it is the point kept before it again (within the touch tolerance, the
    /// deeper depth kept): one contact, not two at one place. Two points of a core
    /// moved along `−n` onto a rounded incident surface can land on the same point of
    /// it (a capsule whose core crosses the reference core).
    pub repeats: bool,
}

/// One visible step of clipping.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClipEvent {
    /// Each shape's edge facing the other; the one along whose normal the shapes
    /// overlap least becomes the reference edge.
    ReferenceEdge {
        /// The collision normal, from A towards B.
        normal: DVec2,
        /// A's edge most facing B (outward normal most aligned with `n`).
        edge_a: Edge,
        /// How far B reaches past that edge: `max_A(n_A) − min_B(n_A)`.
        overlap_a: f64,
        /// B's edge most facing A.
        edge_b: Edge,
        /// How far A reaches past it: `max_B(n_B) − min_A(n_B)`.
        overlap_b: f64,
        /// Which one is the reference.
        reference: Side,
    },
    /// The other shape's edge most anti-parallel to the reference normal.
    IncidentEdge {
        /// The incident edge.
        edge: Edge,
    },
    /// The incident edge clipped by one side plane of the reference edge.
    Clip {
        /// 1: the plane through the reference edge's first end point, 2: its second.
        plane: u32,
        /// A point of the plane (world).
        plane_point: DVec2,
        /// The plane's unit normal, pointing to the side that is kept.
        plane_normal: DVec2,
        /// The points before clipping.
        before: Points,
        /// The points after.
        after: Points,
    },
    /// The points below the reference face are kept.
    KeepBelow {
        /// The clipped points, each with its depth and whether it is kept.
        candidates: [Option<Candidate>; 2],
    },
    /// A circle or an ellipse is involved: one point, its deepest.
    CurvedContact {
        /// The contact.
        contact: Contact,
        /// The curved shape whose deepest point it is.
        shape: Side,
    },
    /// A capsule or a rounded polygon whose core is apart from the other's: the
    /// clipped points do not reach the penetration depth (round parts touch, their
    /// cores nearest at two vertices), so the one contact is B's point deepest in A.
    RoundContact {
        /// The contact: B's deepest point, with the penetration depth.
        contact: Contact,
        /// How deep the deepest clipped point was (`None`: clipping kept none).
        clipped: Option<f64>,
    },
    /// The end, with its reason.
    Done {
        /// Why clipping stopped and what it found.
        outcome: ClipOutcome,
    },
}

impl ClipEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            ClipEvent::ReferenceEdge { .. } => line::REFERENCE,
            ClipEvent::IncidentEdge { .. } => line::INCIDENT,
            ClipEvent::Clip { plane: 1, .. } => line::SIDE_PLANE_1,
            ClipEvent::Clip { .. } => line::SIDE_PLANE_2,
            ClipEvent::KeepBelow { .. } => line::KEEP_BELOW,
            ClipEvent::CurvedContact { .. } => line::CURVED,
            ClipEvent::RoundContact { .. } => line::ROUND,
            ClipEvent::Done { .. } => line::RESULT,
        }
    }
}

/// How clipping ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum ClipOutcome {
    /// Two polygons: the incident edge clipped to the reference edge.
    Clipped {
        /// The contact points (1 or 2).
        contacts: Contacts,
        /// The reference edge.
        reference: Edge,
        /// The incident edge.
        incident: Edge,
    },
    /// A curved shape: its deepest point.
    Curved {
        /// The one contact.
        contacts: Contacts,
    },
    /// Round parts touch (a capsule's or a rounded polygon's core apart from the
    /// other's, nearest at two vertices): B's deepest point.
    Round {
        /// The one contact.
        contacts: Contacts,
    },
    /// Clipping left no point (rounding, a sliver of a reference edge): the incident
    /// shape's deepest vertex instead.
    DeepestVertex {
        /// The one contact.
        contacts: Contacts,
    },
    /// The shapes do not intersect: there is no contact.
    NotIntersecting {
        /// Their distance.
        distance: f64,
    },
}

impl ClipOutcome {
    /// The contact points.
    pub fn contacts(&self) -> Contacts {
        match *self {
            ClipOutcome::Clipped { contacts, .. }
            | ClipOutcome::Curved { contacts }
            | ClipOutcome::Round { contacts }
            | ClipOutcome::DeepestVertex { contacts } => contacts,
            ClipOutcome::NotIntersecting { .. } => Contacts::default(),
        }
    }
}

/// A polygon (or a capsule's or rounded polygon's core) placed relative to A's
/// position, as clipping sees it.
#[derive(Clone, Copy, Debug)]
struct Face<'s> {
    side: Side,
    shape: &'s Shape,
    core: PolygonCore<'s>,
    /// The shape's position minus A's.
    offset: DVec2,
}

impl Face<'_> {
    /// The edge whose outward normal is most aligned with `direction` (unit, world).
    /// Ties keep the lowest index (deterministic).
    #[inline(always)]
    fn facing(&self, direction: DVec2) -> Edge {
        let local = self.shape.unrotate(direction);
        let normals = self.core.normals;
        let mut best = 0;
        let mut best_dot = normals[0].dot(local);
        for (i, n) in normals.iter().enumerate().skip(1) {
            let dot = n.dot(local);
            if dot > best_dot {
                best = i;
                best_dot = dot;
            }
        }
        self.edge(best)
    }

    /// Edge `i`, relative to A's position.
    #[inline(always)]
    fn edge(&self, i: usize) -> Edge {
        let vertices = self.core.vertices;
        Edge {
            shape: self.side,
            index: i as u32,
            v1: self.offset + self.shape.rotate(vertices[i]),
            v2: self.offset + self.shape.rotate(vertices[self.core.next(i)]),
            normal: self.shape.rotate(self.core.normals[i]),
        }
    }

    /// The core's vertex deepest along `direction` (relative to A's position).
    #[inline(always)]
    fn deepest(&self, direction: DVec2) -> DVec2 {
        self.offset + self.shape.core_support(direction).point
    }

    /// How far `other` reaches past `edge` (one of this core's edges), along its
    /// normal: `v₁·n − min_other(n)`, SAT's measure, plus both radii (the faces of
    /// the rounded shapes lie that much further out).
    fn overlap(&self, edge: &Edge, other: &Face) -> f64 {
        edge.v1.dot(edge.normal) - other.deepest(-edge.normal).dot(edge.normal)
            + self.core.radius
            + other.core.radius
    }
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Reference,
    Incident,
    Clip1,
    Clip2,
    Keep,
    Curved(Side),
    /// Round parts touch: the next step shows B's deepest point (the deepest clipped
    /// point's depth, if any, given).
    Round(Option<f64>),
    /// The outcome is known (in `outcome`); the next step shows it.
    Finish,
    Done,
}

/// Clipping as a step machine.
#[derive(Clone, Debug)]
pub struct Clip<'s> {
    a: &'s Shape,
    b: &'s Shape,
    /// A's position: the work is done relative to it (precision far from the origin).
    origin: DVec2,
    /// The collision normal, from A towards B.
    normal: DVec2,
    /// The penetration the normal came from (for curved shapes).
    penetration: Penetration,
    faces: Option<(Face<'s>, Face<'s>)>,
    reference: Option<Edge>,
    incident: Option<Edge>,
    points: Points,
    contacts: Contacts,
    tolerance: Tolerance,
    phase: Phase,
    outcome: Option<ClipOutcome>,
}

impl<'s> Clip<'s> {
    /// Clipping for a pair found apart, `distance` from each other: it ends at once,
    /// with no contact ([`crate::query::clipping`] makes it for a separated pair).
    pub fn not_intersecting(a: &'s Shape, b: &'s Shape, distance: f64) -> Self {
        let mut clip = Self::new(a, b, Penetration::default());
        clip.finish(ClipOutcome::NotIntersecting { distance });
        clip
    }

    /// Clipping for two intersecting shapes and their penetration (from EPA, or SAT's
    /// depth and normal with any points).
    #[inline(always)]
    pub fn new(a: &'s Shape, b: &'s Shape, penetration: Penetration) -> Self {
        let origin = a.position();
        let face = |side, shape: &'s Shape| {
            shape.geometry().polygon_core().map(|core| Face {
                side,
                shape,
                core,
                offset: shape.position() - origin,
            })
        };
        let faces = face(Side::A, a).zip(face(Side::B, b));
        let phase = if faces.is_some() {
            Phase::Reference
        } else if b.geometry().polygon_core().is_none() {
            // B is curved: its deepest point (also when both are).
            Phase::Curved(Side::B)
        } else {
            Phase::Curved(Side::A)
        };
        Clip {
            a,
            b,
            origin,
            normal: penetration.normal,
            penetration,
            faces,
            reference: None,
            incident: None,
            points: Points::default(),
            contacts: Contacts::default(),
            tolerance: Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius())),
            phase,
            outcome: None,
        }
    }

    /// Clipping from a reference edge already chosen — edge `index` of polygon `side`,
    /// as face separation chooses it ([`super::face_separation`]) — starting at the
    /// incident edge; `penetration` is that face's depth and normal.
    #[inline(always)]
    pub fn with_reference(
        a: &'s Shape,
        b: &'s Shape,
        side: Side,
        index: usize,
        penetration: Penetration,
    ) -> Self {
        let mut clip = Self::new(a, b, penetration);
        if let Some((fa, fb)) = clip.faces {
            let face = if side == Side::A { fa } else { fb };
            clip.reference = Some(face.edge(index));
            clip.phase = Phase::Incident;
        }
        clip
    }

    /// Runs to the end (the fast path).
    #[inline(always)]
    pub fn run(mut self) -> ClipOutcome {
        super::run_to_end(&mut self);
        self.outcome().expect("a finished clip has an outcome")
    }

    /// Runs to the end and returns the contact points only: the steps `advance`
    /// takes, called in their order without its dispatch on the phase.
    #[inline(always)]
    pub fn contacts(mut self) -> Contacts {
        match self.phase {
            Phase::Reference | Phase::Incident => {
                if matches!(self.phase, Phase::Reference) {
                    let _ = self.choose_reference(false);
                }
                let _ = self.choose_incident(false);
                let _ = self.clip_side(1, false);
                let _ = self.clip_side(2, false);
                let _ = self.keep_below(false);
                if let Phase::Round(clipped) = self.phase {
                    let _ = self.round(clipped, false);
                }
            }
            Phase::Curved(side) => {
                let _ = self.curved(side, false);
            }
            // Stepped part of the way already: the rest one step at a time.
            _ => {
                super::run_to_end(&mut self);
            }
        }
        self.outcome
            .map_or_else(Contacts::default, |o| o.contacts())
    }

    /// The outcome, once ended.
    pub fn outcome(&self) -> Option<ClipOutcome> {
        self.outcome.filter(|_| matches!(self.phase, Phase::Done))
    }

    /// Knows the outcome: the next step shows it and ends.
    #[inline(always)]
    fn finish(&mut self, outcome: ClipOutcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::Finish;
    }

    /// The collision normal, from A towards B.
    pub fn normal(&self) -> DVec2 {
        self.normal
    }

    /// The reference edge (world), once chosen.
    pub fn reference(&self) -> Option<Edge> {
        self.reference.map(|e| self.world_edge(e))
    }

    /// The incident edge (world), once chosen.
    pub fn incident(&self) -> Option<Edge> {
        self.incident.map(|e| self.world_edge(e))
    }

    /// The incident edge's points as clipped so far (world).
    pub fn points(&self) -> Points {
        self.world_points(self.points)
    }

    /// The shapes.
    pub fn shapes(&self) -> (&'s Shape, &'s Shape) {
        (self.a, self.b)
    }

    fn world(&self, p: DVec2) -> DVec2 {
        self.origin + p
    }

    #[inline(always)]
    fn world_edge(&self, e: Edge) -> Edge {
        Edge {
            v1: self.world(e.v1),
            v2: self.world(e.v2),
            ..e
        }
    }

    fn world_points(&self, points: Points) -> Points {
        let mut out = Points::default();
        for p in points.iter() {
            out.push(self.world(p));
        }
        out
    }

    #[inline(always)]
    fn world_contacts(&self, contacts: Contacts) -> Contacts {
        let mut out = Contacts::default();
        for c in contacts.iter() {
            out.push(Contact {
                point: self.world(c.point),
                depth: c.depth,
            });
        }
        out
    }

    /// Step 1: each shape's edge facing the other; the reference is the one along
    /// whose normal the shapes overlap least — A's unless B's is smaller by more than
    /// the touching tolerance (no flip-flop between parallel edges).
    fn choose_reference(&mut self, watch: bool) -> Option<ClipEvent> {
        let (fa, fb) = self.faces.expect("two polygons");
        let edge_a = fa.facing(self.normal);
        let edge_b = fb.facing(-self.normal);
        let overlap_a = fa.overlap(&edge_a, &fb);
        let overlap_b = fb.overlap(&edge_b, &fa);
        let (reference, side) = if overlap_b < overlap_a - self.tolerance.touch {
            (edge_b, Side::B)
        } else {
            (edge_a, Side::A)
        };
        self.reference = Some(reference);
        self.phase = Phase::Incident;
        watch.then(|| ClipEvent::ReferenceEdge {
            normal: self.normal,
            edge_a: self.world_edge(edge_a),
            overlap_a,
            edge_b: self.world_edge(edge_b),
            overlap_b,
            reference: side,
        })
    }

    /// Step 2: the incident edge, the other shape's edge most anti-parallel to the
    /// reference normal.
    #[inline(always)]
    fn choose_incident(&mut self, watch: bool) -> Option<ClipEvent> {
        let (fa, fb) = self.faces.expect("two polygons");
        let reference = self.reference.expect("chosen in step 1");
        let other = if reference.shape == Side::A { fb } else { fa };
        let incident = other.facing(-reference.normal);
        self.incident = Some(incident);
        self.points = Points::two(incident.v1, incident.v2);
        self.phase = Phase::Clip1;
        watch.then(|| ClipEvent::IncidentEdge {
            edge: self.world_edge(incident),
        })
    }

    /// Steps 3 and 4: clip by the side plane through the reference edge's first
    /// (`plane` 1) or second (`plane` 2) end point.
    #[inline(always)]
    fn clip_side(&mut self, plane: u32, watch: bool) -> Option<ClipEvent> {
        let reference = self.reference.expect("chosen in step 1");
        // The edge's direction: its outward normal turned a quarter to the left (a
        // counter-clockwise polygon's edge runs along perp(n)), unit like the normal,
        // without normalising v₂ − v₁ again.
        let tangent = reference.normal.perp();
        // Plane 1 keeps t·p ≥ t·v1, plane 2 keeps −t·p ≥ −t·v2.
        let (plane_point, plane_normal) = if plane == 1 {
            (reference.v1, tangent)
        } else {
            (reference.v2, -tangent)
        };
        let before = self.points;
        self.points = clip_segment(before, plane_point, plane_normal);
        self.phase = if plane == 1 {
            Phase::Clip2
        } else {
            Phase::Keep
        };
        watch.then(|| ClipEvent::Clip {
            plane,
            plane_point: self.world(plane_point),
            plane_normal,
            before: self.world_points(before),
            after: self.world_points(self.points),
        })
    }

    /// A point `p` of the incident core as a candidate contact: moved along `−n`
    /// (towards the reference shape) onto the incident shape's surface, `t` away (the
    /// incident radius where `−n` is square to the surface, more where the incident
    /// face is tilted to `n`; 0 for a polygon), and how far it lies below the
    /// reference face moved out by the reference radius: `(v₁ − p)·n + r_ref + t`
    /// (plain polygons: `(v₁ − p)·n`).
    #[inline(always)]
    fn pushed(&self, reference: &Edge, p: DVec2) -> Contact {
        let (fa, fb) = self.faces.expect("two polygons");
        let (reference_face, incident) = match reference.shape {
            Side::A => (fa, fb),
            Side::B => (fb, fa),
        };
        let n = reference.normal;
        let t = if incident.core.radius > 0.0 {
            let shape = incident.shape;
            incident
                .core
                .surface_along(shape.unrotate(p - incident.offset), shape.unrotate(-n))
        } else {
            0.0
        };
        Contact {
            point: p - n * t,
            depth: (reference.v1 - p).dot(n) + reference_face.core.radius + t,
        }
    }

    /// Keeps a contact at `point` (A's frame) with `depth`, unless one is kept within
    /// `touch` of it already: then that one keeps the deeper depth, and the answer is
    /// `true` (the point repeats it).
    fn keep_once(&mut self, point: DVec2, depth: f64, touch: f64) -> bool {
        // At most one is kept before (a clipped edge has two ends).
        let before = self.contacts.iter().next();
        match before.filter(|c| c.point.distance_squared(point) <= touch * touch) {
            Some(c) => {
                self.contacts = Contacts::one(Contact {
                    point: c.point,
                    depth: c.depth.max(depth),
                });
                true
            }
            None => {
                self.contacts.push(Contact { point, depth });
                false
            }
        }
    }

    /// Step 5: keep the points below the reference face; depth = distance below it.
    #[inline(always)]
    fn keep_below(&mut self, watch: bool) -> Option<ClipEvent> {
        let reference = self.reference.expect("chosen in step 1");
        let mut candidates = [None; 2];
        let points = self.points;
        for (slot, p) in candidates.iter_mut().zip(points.iter()) {
            let Contact { point, depth } = self.pushed(&reference, p);
            let kept = depth >= -self.tolerance.touch;
            let touch = self.tolerance.touch;
            let repeats = kept && self.keep_once(point, depth.max(0.0), touch);
            *slot = Some(Candidate {
                point: self.world(point),
                depth,
                kept,
                repeats,
            });
        }
        let contacts = self.contacts;
        let deepest = contacts.iter().map(|c| c.depth).reduce(f64::max);
        if self.round_parts(deepest) {
            self.phase = Phase::Round(deepest);
        } else {
            self.finish(if contacts.is_empty() {
                self.deepest_vertex()
            } else {
                ClipOutcome::Clipped {
                    contacts: self.world_contacts(contacts),
                    reference: self.world_edge(reference),
                    incident: self.world_edge(self.incident.expect("chosen in step 2")),
                }
            });
        }
        watch.then(|| ClipEvent::KeepBelow { candidates })
    }

    /// Whether round parts touch: a shape has a radius, the cores are apart (the
    /// depth is less than the radii's sum by more than the touching tolerance), and
    /// the deepest clipped point (`None`: none kept) misses the penetration depth by
    /// more than the tolerance — the cores' nearest points are two vertices, not a
    /// vertex and a face (Box2D's vertex–vertex test in `b2CollidePolygons`).
    #[inline(always)]
    fn round_parts(&self, deepest: Option<f64>) -> bool {
        let Some((fa, fb)) = self.faces else {
            return false;
        };
        let margin = fa.core.radius + fb.core.radius;
        let touch = self.tolerance.touch;
        margin > 0.0
            && self.penetration.depth < margin - touch
            && deepest.is_none_or(|d| (d - self.penetration.depth).abs() > touch)
    }

    /// The round contact: B's deepest point in A (the penetration's `point_b`, on B),
    /// with the penetration depth.
    fn round(&mut self, clipped: Option<f64>, watch: bool) -> Option<ClipEvent> {
        let contact = Contact {
            point: self.penetration.point_b,
            depth: self.penetration.depth,
        };
        self.finish(ClipOutcome::Round {
            contacts: Contacts::one(contact),
        });
        watch.then(|| ClipEvent::RoundContact { contact, clipped })
    }

    /// The fallback: the incident shape's vertex deepest into the reference shape
    /// (pushed out by its radius).
    fn deepest_vertex(&self) -> ClipOutcome {
        let (fa, fb) = self.faces.expect("two polygons");
        let reference = self.reference.expect("chosen in step 1");
        let incident = if reference.shape == Side::A { fb } else { fa };
        let contact = self.pushed(&reference, incident.deepest(-reference.normal));
        ClipOutcome::DeepestVertex {
            contacts: Contacts::one(Contact {
                point: self.world(contact.point),
                depth: contact.depth.max(0.0),
            }),
        }
    }

    /// A curved shape touches in one point: its deepest point, its support point
    /// along the normal (`s_A(n)` for A, `s_B(−n)` for B: where the shapes would touch
    /// once B moved by `depth·n`), with the penetration depth.
    fn curved(&mut self, side: Side, watch: bool) -> Option<ClipEvent> {
        let point = match side {
            Side::A => self.a.position() + self.a.support(self.normal).point,
            Side::B => self.b.position() + self.b.support(-self.normal).point,
        };
        let contact = Contact {
            point,
            depth: self.penetration.depth,
        };
        self.finish(ClipOutcome::Curved {
            contacts: Contacts::one(contact),
        });
        watch.then(|| ClipEvent::CurvedContact {
            contact,
            shape: side,
        })
    }
}

/// Keeps the part of segment `points` on the side `n·(p − plane_point) ≥ 0`: end
/// points inside stay, and where the segment crosses the plane the crossing point
/// `p₁ + (p₂ − p₁)·d₁/(d₁ − d₂)` is added (`dᵢ` = signed distances to the plane).
#[inline(always)]
pub(crate) fn clip_segment(points: Points, plane_point: DVec2, n: DVec2) -> Points {
    clip_by_distance(points, |p| n.dot(p - plane_point))
}

/// [`clip_segment`] with the signed distance to the plane given as a function (box vs
/// box's side planes lie along an axis of its frame: the distance is one coordinate
/// plus the half-extent).
#[inline(always)]
pub(crate) fn clip_by_distance(points: Points, distance: impl Fn(DVec2) -> f64) -> Points {
    let mut out = Points::default();
    let Some((p1, p2)) = points.both() else {
        // Fewer than two points: keep those inside.
        for p in points.iter() {
            if distance(p) >= 0.0 {
                out.push(p);
            }
        }
        return out;
    };
    let d1 = distance(p1);
    let d2 = distance(p2);
    if d1 >= 0.0 {
        out.push(p1);
    }
    if d2 >= 0.0 {
        out.push(p2);
    }
    if (d1 < 0.0 && d2 > 0.0) || (d1 > 0.0 && d2 < 0.0) {
        out.push(p1 + (p2 - p1) * (d1 / (d1 - d2)));
    }
    out
}

impl StepMachine for Clip<'_> {
    type Event = ClipEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<ClipEvent> {
        let event = match self.phase {
            Phase::Reference => self.choose_reference(watch),
            Phase::Incident => self.choose_incident(watch),
            Phase::Clip1 => self.clip_side(1, watch),
            Phase::Clip2 => self.clip_side(2, watch),
            Phase::Keep => self.keep_below(watch),
            Phase::Curved(side) => self.curved(side, watch),
            Phase::Round(clipped) => self.round(clipped, watch),
            Phase::Finish => {
                self.phase = Phase::Done;
                let outcome = self.outcome.expect("set with Phase::Finish");
                watch.then(|| ClipEvent::Done { outcome })
            }
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}
