//! Face separation: the penetration and the contact manifold of two convex polygons
//! with neither GJK nor EPA — the method of Box2D's polygon collider (Erin Catto,
//! "Contact manifolds", GDC 2007; `b2CollidePolygons`), taught here as its own
//! algorithm beside the textbook SAT.
//!
//! SAT projects *both* shapes on every axis and compares their two shadows. Face
//! separation asks a one-sided question of each face: how far does the *other*
//! polygon reach behind it?
//!
//! B is placed in A's frame once (`R ← R_Aᵀ·R_B`, `t ← R_Aᵀ·(p_B − p_A)`). For each
//! face `i` of A (outward normal `n_i` through vertex `v_i`), B's vertex `w` deepest
//! along `−n_i` — a support point of B: a scan for the first face, then a walk forward
//! from the last `w` — gives the face's separation `s_i = n_i·(w − v_i)`; a positive
//! one means all of B lies in front of the face, and the search stops: they are apart.
//! Then the same for each face of B against A's vertices. The face with the largest `s`
//! is the *reference* face (A's, unless B's is larger by more than the touching
//! tolerance: no flip-flop between parallel faces); the depth is `−s`, the normal the
//! reference face's (from A towards B), and clipping against it (incident edge, the two
//! side planes, keep the points below) gives the contact points. The pseudo-code the
//! app shows beside the steps is [`PSEUDO_CODE`]; [`FaceSeparationEvent::line`] says
//! which line each event executes.
//!
//! **Why one side is enough.** The Minkowski difference `A − B` of two convex
//! polygons is a convex polygon whose edge normals are A's face normals and B's face
//! normals negated, and `−s_i` is the distance from the origin to its edge of normal
//! `n_i`: `h_{A−B}(n_i) = max_A n_i·x − min_B n_i·x = n_i·v_i − n_i·w = −s_i`. The
//! penetration depth is the distance from the origin to the nearest edge of `A − B`,
//! so it is `−max s` over the faces of both polygons, and a positive `s` is a gap.
//! The textbook SAT finds the same minimum, projecting two shapes where this
//! projects one.
//!
//! **Touching** counts as intersecting: a face separates only when `s` exceeds the
//! pair's touching tolerance. A vertex-to-vertex gap can be larger than every face's
//! `s` (face separation is a lower bound on the distance), which is why the distance
//! query stays with GJK.

use super::answer::{Contacts, Penetration, Side};
use super::clip::{Clip, ClipEvent, ClipOutcome, Edge};
use super::{Progress, StepMachine};
use crate::minkowski::Tolerance;
use crate::shapes::{ConvexPolygon, Geometry, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// Face separation's pseudo-code, as the app shows it beside the steps, one line
    /// per entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`FaceSeparationEvent::line`]).
    pub mod line;
    FRAME: "B in A's frame: R ← R_A^T·R_B, t ← R_A^T·(p_B−p_A)",
    CIRCLES: "    |t| > r_A + r_B: bounding circles apart: separated",
    _: "for each face i of A: w ← B's support along −n[i]",
    FACE_A: "    s[i] ← n[i]·(w − v[i]);  if s[i] > 0: separated",
    FACE_B: "for each face of B: the same, against A's vertices",
    REFERENCE: "reference ← the face with the largest s (tie: A's)",
    INCIDENT: "incident ← other's edge most against ref. normal",
    SIDE_PLANE_1: "clip incident by side plane 1 (ref. start)",
    SIDE_PLANE_2: "clip incident by side plane 2 (ref. end)",
    KEEP_BELOW: "keep points below the reference face: depth",
    RESULT: "return depth −s, the normal and the contacts",
}

/// One face and how far the other polygon reaches behind it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FaceTest {
    /// The face (world), with its outward normal; `edge.shape` says whose.
    pub edge: Edge,
    /// The other polygon's vertex deepest behind the face (world).
    pub deepest: DVec2,
    /// That vertex's index in its polygon.
    pub deepest_index: u32,
    /// `s = n·(w − v)`: positive, the other polygon lies wholly in front of the face
    /// (a gap); negative, its deepest vertex is `−s` behind the face's line.
    pub separation: f64,
}

/// One visible step of face separation.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FaceSeparationEvent {
    /// B placed in A's frame once: every later test is a dot product.
    Frame {
        /// B's rotation relative to A (radians).
        rotation: f64,
        /// B's position in A's frame.
        offset: DVec2,
        /// When the bounding circles about the positions are apart (by more than the
        /// touching tolerance), the gap between them: then no face is measured.
        circles_gap: Option<f64>,
    },
    /// One face's separation.
    Face {
        /// The face measured in this step.
        test: FaceTest,
        /// The face of the same polygon with the largest separation so far.
        best: FaceTest,
    },
    /// The reference face: of A's best face and B's, the one with the larger
    /// separation.
    Reference {
        /// A's face with the largest separation.
        best_a: FaceTest,
        /// B's.
        best_b: FaceTest,
        /// Whose face is the reference.
        reference: Side,
        /// The penetration depth, `−s` of the reference face (≥ 0).
        depth: f64,
        /// The collision normal, from A towards B.
        normal: DVec2,
    },
    /// A step of clipping against the reference face (incident edge, side planes,
    /// keep below).
    Clip(ClipEvent),
    /// The end, with its reason.
    Done {
        /// What face separation found.
        outcome: FaceSeparationOutcome,
    },
}

impl FaceSeparationEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            FaceSeparationEvent::Frame { .. } => line::FRAME,
            FaceSeparationEvent::Face { test, .. } => match test.edge.shape {
                Side::A => line::FACE_A,
                Side::B => line::FACE_B,
            },
            FaceSeparationEvent::Reference { .. } => line::REFERENCE,
            FaceSeparationEvent::Clip(event) => match event {
                ClipEvent::IncidentEdge { .. } => line::INCIDENT,
                ClipEvent::Clip { plane: 1, .. } => line::SIDE_PLANE_1,
                ClipEvent::Clip { .. } => line::SIDE_PLANE_2,
                ClipEvent::KeepBelow { .. } => line::KEEP_BELOW,
                // Not emitted here: face separation chooses the reference face
                // itself, and its end is its own.
                ClipEvent::ReferenceEdge { .. } => line::REFERENCE,
                ClipEvent::CurvedContact { .. }
                | ClipEvent::RoundContact { .. }
                | ClipEvent::Done { .. } => line::RESULT,
            },
            FaceSeparationEvent::Done { outcome } => match outcome {
                FaceSeparationOutcome::CirclesApart { .. } => line::CIRCLES,
                FaceSeparationOutcome::Separated { .. } => line::FACE_A,
                FaceSeparationOutcome::Contact { .. } => line::RESULT,
            },
        }
    }
}

/// How face separation ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum FaceSeparationOutcome {
    /// A face with the other polygon wholly in front of it: the polygons are apart
    /// (its separation is a lower bound on their distance).
    Separated {
        /// The separating face.
        face: FaceTest,
    },
    /// The bounding circles about the positions are apart: so are the polygons
    /// inside them, and no face was measured.
    CirclesApart {
        /// The gap between the circles (a lower bound on the distance).
        gap: f64,
    },
    /// The polygons intersect (touching counts): the reference face's depth and
    /// normal, and the contact points clipping found.
    Contact {
        /// Penetration depth (≥ 0).
        depth: f64,
        /// Unit normal from A towards B.
        normal: DVec2,
        /// Whose face is the reference.
        reference: Side,
        /// The reference face's index.
        face: u32,
        /// Clipping's outcome (the contact points and the edges).
        clip: ClipOutcome,
    },
}

impl FaceSeparationOutcome {
    /// Whether the polygons intersect.
    pub fn intersects(&self) -> bool {
        matches!(self, FaceSeparationOutcome::Contact { .. })
    }

    /// The contact points (none when apart).
    pub fn contacts(&self) -> Contacts {
        match self {
            FaceSeparationOutcome::Contact { clip, .. } => clip.contacts(),
            FaceSeparationOutcome::Separated { .. }
            | FaceSeparationOutcome::CirclesApart { .. } => Contacts::default(),
        }
    }
}

/// The best face of one polygon so far: its index, separation and the other
/// polygon's deepest vertex.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Best {
    face: usize,
    separation: f64,
    deepest: usize,
}

impl Best {
    const NONE: Best = Best {
        face: 0,
        separation: f64::NEG_INFINITY,
        deepest: 0,
    };
}

/// Where the face steps are.
#[derive(Clone, Copy, Debug)]
enum TestPhase {
    Frame,
    FaceOfA(usize),
    FaceOfB(usize),
    /// Every face measured (or one separated).
    Measured,
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    /// The face steps ([`FaceTests`]).
    Faces,
    Reference,
    Clip,
    /// The outcome is known (in `outcome`); the next step shows it.
    Finish,
    Done,
}

/// Face separation as a step machine.
#[derive(Clone, Debug)]
pub struct FaceSeparation<'s> {
    tests: FaceTests<'s>,
    penetration: Option<(Side, usize, Penetration)>,
    clip: Option<Clip<'s>>,
    phase: Phase,
    outcome: Option<FaceSeparationOutcome>,
}

/// Face separation's face steps on their own: B placed in A's frame, then each face's
/// separation until one separates the polygons or all are measured. Face separation
/// goes on to the reference face and clipping; polygon distance
/// ([`super::polygon_distance`]) starts from the face that separates.
#[derive(Clone, Debug)]
pub struct FaceTests<'s> {
    a: &'s Shape,
    b: &'s Shape,
    polygon_a: &'s ConvexPolygon,
    polygon_b: &'s ConvexPolygon,
    /// `(cos, sin)` of B's rotation relative to A: `R = R_Aᵀ·R_B`.
    rotation: DVec2,
    /// B's position in A's frame: `t = R_Aᵀ·(p_B − p_A)`.
    offset: DVec2,
    /// The best face of A so far, and the last face of A measured.
    best_a: Best,
    last_a: Best,
    /// The same for B.
    best_b: Best,
    last_b: Best,
    tolerance: Tolerance,
    phase: TestPhase,
    /// The face that separated the polygons, once one did.
    separating: Option<FaceTest>,
    /// The gap between the bounding circles, when they are apart.
    circles_gap: Option<f64>,
    /// Whether the frame step compares the bounding circles (not when the caller
    /// already has: polygon distance).
    check_circles: bool,
    /// Faces measured so far (each a support point of the other polygon).
    measured: usize,
    /// A's and B's ties within rounding for [`walk_forward`]: 8 ulps of their
    /// bounding radii.
    ties: (f64, f64),
}

/// The vertex deepest along `direction` (largest `v·direction`; ties keep the first)
/// and how far along it lies, `v·direction`: a support point by a plain scan (polygon
/// distance starts with it too).
#[inline(always)]
pub fn deepest_index(vertices: &[DVec2], direction: DVec2) -> (usize, f64) {
    // The polygon's own support scan (two lanes, merged by a select: which vertex wins
    // is unpredictable), then the winner's product again — the same number.
    let best = crate::shapes::first_max(vertices, direction);
    (best, vertices[best].dot(direction))
}

/// The vertex deepest along `direction`, and `v·direction`, walking forward
/// (counter-clockwise) from vertex `start` while the next vertex is deeper. Faces are
/// visited in counter-clockwise order, so the direction turns counter-clockwise from
/// one face to the next, and the deepest vertex of a convex polygon turns with it: the
/// new one is the old one or lies ahead of it, and a walk of a step or two replaces a
/// scan of every vertex ("rotating calipers"). The walk ends at the first vertex
/// shallower than the one before — for a convex polygon the deepest is the last one
/// passed. It walks on across a tie within rounding: two vertices a hair apart (an
/// edge 1e-12 of the polygon long, perpendicular to the direction) are as deep as each
/// other, and the deepest may lie beyond them (a fuzz finding: stopping there called
/// a face separating that B reached 1.4e-7 behind). `tie` is the rounding of a dot
/// product of the polygon's vertices with a unit direction: a few ulps of its
/// bounding radius.
#[inline(always)]
pub(crate) fn walk_forward(
    vertices: &[DVec2],
    direction: DVec2,
    start: usize,
    tie: f64,
) -> (usize, f64) {
    let n = vertices.len();
    let (mut best, mut best_dot) = (start, vertices[start].dot(direction));
    let mut at = start;
    for _ in 1..n {
        let next = if at + 1 == n { 0 } else { at + 1 };
        let dot = vertices[next].dot(direction);
        if dot > best_dot {
            (best, best_dot) = (next, dot);
        } else if dot < best_dot - tie {
            // Shallower by more than rounding (`tie`): the deepest is behind.
            break;
        }
        at = next;
    }
    (best, best_dot)
}

/// `(cos, sin)` of the rotation by `−θ`, given that of `θ`: the inverse rotation.
#[inline(always)]
fn inverse(rotation: DVec2) -> DVec2 {
    DVec2::new(rotation.x, -rotation.y)
}

impl<'s> FaceTests<'s> {
    /// The face steps for two convex polygons; `None` for any other pair.
    #[inline(always)]
    pub fn for_pair(a: &'s Shape, b: &'s Shape) -> Option<Self> {
        let (Geometry::Polygon(polygon_a), Geometry::Polygon(polygon_b)) =
            (a.geometry(), b.geometry())
        else {
            return None;
        };
        Some(FaceTests {
            a,
            b,
            polygon_a,
            polygon_b,
            rotation: DVec2::X,
            offset: DVec2::ZERO,
            best_a: Best::NONE,
            last_a: Best::NONE,
            best_b: Best::NONE,
            last_b: Best::NONE,
            tolerance: Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius())),
            phase: TestPhase::Frame,
            separating: None,
            circles_gap: None,
            check_circles: true,
            measured: 0,
            ties: (
                8.0 * f64::EPSILON * polygon_a.bounding_radius(),
                8.0 * f64::EPSILON * polygon_b.bounding_radius(),
            ),
        })
    }

    /// One step: the frame, or one face (watched); not watched, every step left, in
    /// their order (the dispatch between steps costs as much as a step). `None` once
    /// measured.
    #[inline(always)]
    pub fn step(&mut self, watch: bool) -> Option<FaceSeparationEvent> {
        if !watch {
            self.measure_unwatched();
            return None;
        }
        match self.phase {
            TestPhase::Frame => self.frame(watch),
            TestPhase::FaceOfA(i) => self.face_step(Side::A, i, watch),
            TestPhase::FaceOfB(k) => self.face_step(Side::B, k, watch),
            TestPhase::Measured => None,
        }
    }

    /// The steps left, unwatched and in their order; whether the polygons overlap (no
    /// face separates them).
    #[inline(always)]
    pub fn measure_unwatched(&mut self) -> bool {
        if let TestPhase::Frame = self.phase {
            let _ = self.frame(false);
        }
        if let TestPhase::FaceOfA(i) = self.phase {
            self.faces(Side::A, i, usize::MAX);
        }
        if let TestPhase::FaceOfB(k) = self.phase {
            self.faces(Side::B, k, usize::MAX);
        }
        self.separating.is_none() && self.circles_gap.is_none()
    }

    /// The gap between the bounding circles, when the frame step found them apart.
    pub fn circles_gap(&self) -> Option<f64> {
        self.circles_gap
    }

    /// The face steps without the frame step's comparison of the bounding circles,
    /// for a caller that has compared them already.
    #[inline(always)]
    pub fn without_circles(mut self) -> Self {
        self.check_circles = false;
        self
    }

    /// Whether every face step is taken: a face separated the polygons, or none did.
    pub fn measured(&self) -> bool {
        matches!(self.phase, TestPhase::Measured)
    }

    /// The face that separated the polygons, once a face step found one.
    pub fn separating_face(&self) -> Option<FaceTest> {
        self.separating
    }

    /// The largest separation so far, of either polygon's faces.
    #[inline(always)]
    pub fn best_separation(&self) -> f64 {
        self.best_a.separation.max(self.best_b.separation)
    }

    /// The face with the largest separation so far, of either polygon (A's on a tie).
    pub fn best_face(&self) -> FaceTest {
        if self.best_b.separation > self.best_a.separation {
            self.face_test(Side::B, self.best_b)
        } else {
            self.face_test(Side::A, self.best_a)
        }
    }

    /// How many faces have been measured (each a support point of the other polygon).
    pub fn faces_measured(&self) -> usize {
        self.measured
    }

    /// The pair's tolerances.
    pub fn tolerance(&self) -> Tolerance {
        self.tolerance
    }

    /// B's rotation `R = R_Aᵀ·R_B` (as `(cos, sin)`) and position `t` in A's frame,
    /// once the first step has computed them.
    pub fn frame_of_b(&self) -> (DVec2, DVec2) {
        (self.rotation, self.offset)
    }

    /// Face `i` of polygon `side`, in the world.
    fn world_edge(&self, side: Side, i: usize) -> Edge {
        let (shape, polygon) = match side {
            Side::A => (self.a, self.polygon_a),
            Side::B => (self.b, self.polygon_b),
        };
        Edge {
            shape: side,
            index: i as u32,
            v1: shape.to_world(polygon.vertex(i)),
            v2: shape.to_world(polygon.vertex(i + 1)),
            normal: shape.rotate(polygon.normal(i)),
        }
    }

    /// The test of face `best.face` of `side` as an event shows it.
    fn face_test(&self, side: Side, best: Best) -> FaceTest {
        let deepest = match side {
            Side::A => self.b.to_world(self.polygon_b.vertex(best.deepest)),
            Side::B => self.a.to_world(self.polygon_a.vertex(best.deepest)),
        };
        FaceTest {
            edge: self.world_edge(side, best.face),
            deepest,
            deepest_index: best.deepest as u32,
            separation: best.separation,
        }
    }

    /// Step 1: B's rotation and position in A's frame, computed once.
    #[inline(always)]
    fn frame(&mut self, watch: bool) -> Option<FaceSeparationEvent> {
        // R = R_Aᵀ·R_B: B's x axis seen from A is its first column (cos, sin).
        self.rotation = self.a.unrotate(self.b.rotate(DVec2::X));
        self.offset = self.a.unrotate(self.b.position() - self.a.position());
        // Each polygon lies in the circle about its position through its farthest
        // vertex: circles apart, polygons apart, and no face needs measuring.
        if self.check_circles {
            let gap = self.offset.length() - (self.a.bounding_radius() + self.b.bounding_radius());
            self.circles_gap = (gap > self.tolerance.touch).then_some(gap);
        }
        self.phase = if self.circles_gap.is_some() {
            TestPhase::Measured
        } else {
            TestPhase::FaceOfA(0)
        };
        watch.then(|| FaceSeparationEvent::Frame {
            rotation: self.rotation.to_angle(),
            offset: self.offset,
            circles_gap: self.circles_gap,
        })
    }

    /// Steps 2…: face `i` of `side` (A's faces, then B's), measured by
    /// [`Self::test_face_of_a`] or [`Self::test_face_of_b`]. Nobody watching, the same
    /// steps for all of the polygon's remaining faces at once (the dispatch between
    /// steps costs as much as a step).
    #[inline(always)]
    fn face_step(&mut self, side: Side, i: usize, watch: bool) -> Option<FaceSeparationEvent> {
        self.faces(side, i, if watch { i + 1 } else { usize::MAX });
        watch.then(|| match side {
            Side::A => self.face_event(side, self.last_a, self.best_a),
            Side::B => self.face_event(side, self.last_b, self.best_b),
        })
    }

    /// Face `i` of A: B's deepest vertex behind it is found in B's own frame (the
    /// direction `d = Rᵀ(−n_i)`, then a scan, or a walk from the last face's deepest
    /// vertex `start`). Its separation `s_i = n_i·(w − v_i)` with `w = R·b_j + t` needs
    /// no turning back: `n_i·(R·b_j) = −d·b_j` (turning both keeps a dot product), and
    /// the walk has just computed `d·b_j`, so `s_i = n_i·(t − v_i) − d·b_j`.
    #[inline(always)]
    fn test_face_of_a(&self, i: usize, start: Option<usize>) -> Best {
        let n = self.polygon_a.normals()[i];
        let v = self.polygon_a.vertices()[i];
        let direction = inverse(self.rotation).rotate(-n);
        let (j, reach) = match start {
            None => deepest_index(self.polygon_b.vertices(), direction),
            Some(start) => walk_forward(self.polygon_b.vertices(), direction, start, self.ties.1),
        };
        Best {
            face: i,
            separation: n.dot(self.offset - v) - reach,
            deepest: j,
        }
    }

    /// Face `k` of B, against A's vertices: B's normal turned into A's frame,
    /// `m_k = R·n_k`, and A's deepest vertex `u` along `−m_k` by a scan or a walk from
    /// `start`. Its separation `s_k = m_k·(u − q_k)` with `q_k = R·b_k + t`: the walk
    /// gives `−m_k·u`, and `m_k·q_k = n_k·b_k + m_k·t` (turning both keeps a dot
    /// product), so B's vertex is never turned.
    #[inline(always)]
    fn test_face_of_b(&self, k: usize, start: Option<usize>) -> Best {
        let (n, b) = (self.polygon_b.normals()[k], self.polygon_b.vertices()[k]);
        let m = self.rotation.rotate(n);
        let (i, reach) = match start {
            None => deepest_index(self.polygon_a.vertices(), -m),
            Some(start) => walk_forward(self.polygon_a.vertices(), -m, start, self.ties.0),
        };
        Best {
            face: k,
            separation: -reach - n.dot(b) - m.dot(self.offset),
            deepest: i,
        }
    }

    /// Faces `first..end` of `side` (to its last face at most), in one loop over
    /// [`Self::test_face_of_a`] or [`Self::test_face_of_b`] with the best and last face
    /// kept in locals, stopping at a face that separates; then the phase
    /// `after_face` gives.
    #[inline(always)]
    fn faces(&mut self, side: Side, first: usize, end: usize) {
        let (count, mut best, mut last) = match side {
            Side::A => (self.polygon_a.vertices().len(), self.best_a, self.last_a),
            Side::B => (self.polygon_b.vertices().len(), self.best_b, self.last_b),
        };
        for i in first..end.min(count) {
            let start = (i > 0).then_some(last.deepest);
            last = match side {
                Side::A => self.test_face_of_a(i, start),
                Side::B => self.test_face_of_b(i, start),
            };
            if last.separation > best.separation {
                best = last;
            }
            if last.separation > self.tolerance.touch {
                break;
            }
        }
        if first < count.min(end) {
            self.measured += last.face + 1 - first;
        }
        match side {
            Side::A => (self.best_a, self.last_a) = (best, last),
            Side::B => (self.best_b, self.last_b) = (best, last),
        }
        self.phase = self.after_face(side, last, last.face + 1 == count);
    }

    /// The phase after a face: measured when it separates (or it was the last),
    /// else the next face.
    #[inline(always)]
    fn after_face(&mut self, side: Side, test: Best, last: bool) -> TestPhase {
        if test.separation > self.tolerance.touch {
            self.separating = Some(self.face_test(side, test));
            return TestPhase::Measured;
        }
        match (side, last) {
            (Side::A, false) => TestPhase::FaceOfA(test.face + 1),
            (Side::A, true) => TestPhase::FaceOfB(0),
            (Side::B, false) => TestPhase::FaceOfB(test.face + 1),
            (Side::B, true) => TestPhase::Measured,
        }
    }

    fn face_event(&self, side: Side, test: Best, best: Best) -> FaceSeparationEvent {
        FaceSeparationEvent::Face {
            test: self.face_test(side, test),
            best: self.face_test(side, best),
        }
    }
}

impl<'s> FaceSeparation<'s> {
    /// Face separation for two convex polygons; `None` for any other pair.
    #[inline(always)]
    pub fn for_pair(a: &'s Shape, b: &'s Shape) -> Option<Self> {
        Some(FaceSeparation {
            tests: FaceTests::for_pair(a, b)?,
            penetration: None,
            clip: None,
            phase: Phase::Faces,
            outcome: None,
        })
    }

    /// Runs to the end (the fast path): the full manifold.
    #[inline(always)]
    pub fn run(mut self) -> FaceSeparationOutcome {
        super::run_to_end(&mut self);
        self.outcome().expect("a finished run has an outcome")
    }

    /// Runs to the end and returns the contact points only (none when apart): the
    /// steps `advance` takes, called in their order without its dispatch on the phase.
    #[inline(always)]
    pub fn contacts(mut self) -> Contacts {
        if self.measure_unwatched() {
            let (side, face, penetration) = self.choose_reference();
            return Clip::with_reference(self.tests.a, self.tests.b, side, face, penetration)
                .contacts();
        }
        if self.outcome.is_some_and(|o| !o.intersects()) {
            // Apart (a face or the bounding circles): no contact.
            return Contacts::default();
        }
        // Apart, or stepped past the reference face already.
        self.run().contacts()
    }

    /// Runs up to the reference face, without clipping: the penetration depth and
    /// normal, or `None` when a face separates the polygons.
    #[inline(always)]
    pub fn penetration(mut self) -> Option<Penetration> {
        if self.measure_unwatched() {
            return Some(self.choose_reference().2);
        }
        // Apart, or stepped past the reference face already.
        super::run_to_end(&mut self);
        self.penetration.map(|(_, _, p)| p)
    }

    /// Whether the polygons intersect (touching counts): the face steps only, ending
    /// at the first face that separates them.
    #[inline(always)]
    pub fn intersects(mut self) -> bool {
        if self.measure_unwatched() {
            return true;
        }
        super::run_to_end(&mut self);
        self.outcome.is_some_and(|o| o.intersects())
    }

    /// The face steps left, unwatched and in their order (without `advance`'s
    /// dispatch); whether the polygons overlap (no face separates them).
    #[inline(always)]
    fn measure_unwatched(&mut self) -> bool {
        if let Phase::Faces = self.phase {
            self.tests.measure_unwatched();
            self.after_faces();
        }
        matches!(self.phase, Phase::Reference)
    }

    /// After the face steps: the end when a face separates, else the reference face.
    #[inline(always)]
    fn after_faces(&mut self) {
        self.phase = match (self.tests.separating_face(), self.tests.circles_gap()) {
            (Some(face), _) => {
                self.outcome = Some(FaceSeparationOutcome::Separated { face });
                Phase::Finish
            }
            (None, Some(gap)) => {
                self.outcome = Some(FaceSeparationOutcome::CirclesApart { gap });
                Phase::Finish
            }
            (None, None) => Phase::Reference,
        };
    }

    /// The outcome, once ended.
    pub fn outcome(&self) -> Option<FaceSeparationOutcome> {
        self.outcome.filter(|_| matches!(self.phase, Phase::Done))
    }

    /// The reference face: A's best unless B's separation is larger by more than the
    /// touching tolerance; its `−s` is the depth, its normal (from A towards B) the
    /// collision normal. Clipping starts from it.
    #[inline(always)]
    fn reference(&mut self, watch: bool) -> Option<FaceSeparationEvent> {
        let (side, face, penetration) = self.choose_reference();
        self.clip = Some(Clip::with_reference(
            self.tests.a,
            self.tests.b,
            side,
            face,
            penetration,
        ));
        self.phase = Phase::Clip;
        watch.then(|| FaceSeparationEvent::Reference {
            best_a: self.tests.face_test(Side::A, self.tests.best_a),
            best_b: self.tests.face_test(Side::B, self.tests.best_b),
            reference: side,
            depth: penetration.depth,
            normal: penetration.normal,
        })
    }

    /// The reference face's side, index and penetration (kept in `penetration`).
    #[inline(always)]
    fn choose_reference(&mut self) -> (Side, usize, Penetration) {
        let t = &self.tests;
        let (a, b) = (t.best_a, t.best_b);
        let (side, best) = if b.separation > a.separation + t.tolerance.touch {
            (Side::B, b)
        } else {
            (Side::A, a)
        };
        let depth = (-best.separation).max(0.0);
        // The deepest vertex, and the point `depth·n` from it on the other shape.
        let penetration = match side {
            Side::A => {
                let normal = t.a.rotate(t.polygon_a.normals()[best.face]);
                let point_b = t.b.to_world(t.polygon_b.vertex(best.deepest));
                Penetration {
                    depth,
                    normal,
                    point_a: point_b + normal * depth,
                    point_b,
                }
            }
            Side::B => {
                let normal = -t.b.rotate(t.polygon_b.normals()[best.face]);
                let point_a = t.a.to_world(t.polygon_a.vertex(best.deepest));
                Penetration {
                    depth,
                    normal,
                    point_a,
                    point_b: point_a - normal * depth,
                }
            }
        };
        self.penetration = Some((side, best.face, penetration));
        (side, best.face, penetration)
    }

    /// One step of clipping; its last (`Done`) becomes face separation's end.
    #[inline(always)]
    fn clip_step(&mut self, watch: bool) -> Option<FaceSeparationEvent> {
        let clip = self.clip.as_mut().expect("made with the reference face");
        let event = match clip.advance(watch) {
            Progress::Stepped(event) => event,
            Progress::Ended => None,
        };
        if let Some(clip_outcome) = clip.outcome() {
            let (side, face, p) = self.penetration.expect("chosen before clipping");
            let outcome = FaceSeparationOutcome::Contact {
                depth: p.depth,
                normal: p.normal,
                reference: side,
                face: face as u32,
                clip: clip_outcome,
            };
            self.outcome = Some(outcome);
            self.phase = Phase::Done;
            return watch.then(|| FaceSeparationEvent::Done { outcome });
        }
        event.map(FaceSeparationEvent::Clip)
    }
}

impl StepMachine for FaceSeparation<'_> {
    type Event = FaceSeparationEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<FaceSeparationEvent> {
        let event = match self.phase {
            Phase::Faces => {
                let event = self.tests.step(watch);
                if self.tests.measured() {
                    self.after_faces();
                }
                event
            }
            Phase::Reference => self.reference(watch),
            Phase::Clip => self.clip_step(watch),
            Phase::Finish => {
                self.phase = Phase::Done;
                let outcome = self.outcome.expect("set with Phase::Finish");
                watch.then(|| FaceSeparationEvent::Done { outcome })
            }
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}
