//! Distance between two convex polygons by a closest-feature walk: find a face that
//! separates them (face separation's steps), then turn its normal, feature pair by
//! feature pair, until the gap between the polygons' shadows is largest — that gap is
//! the distance (after Lin and Canny's closest-feature tracking, 1991).
//!
//! **The gap of the shadows.** For a unit direction `m` from A towards B, the gap is
//! `gap(m) = min over B of m·b − max over A of m·a`, and the distance is the largest
//! gap over all directions (the separating-axis theorem for distances; a negative
//! largest gap is minus the penetration depth). For polygons both extremes are
//! vertices: A's vertex `aᵢ` stays the farthest along `m` while `m` turns inside its
//! normal cone (between the normals of its two edges), B's vertex `bⱼ` the nearest
//! while `−m` is in its cone. Inside both, `gap(m) = m·(bⱼ − aᵢ) = m·d`, largest at
//! `m = d/|d|`. The cones' edges are the face normals, where the gap has a corner.
//!
//! **Why climbing works.** Where the gap is positive it is concave (each piece is
//! `|d| cos(θ − θ_d)`, concave while positive, and a corner is the smaller of two
//! pieces), and the directions with a positive gap form one arc: starting from a
//! separating face and always going uphill reaches the one maximum. Each step is
//! exact, no iteration to a tolerance.
//!
//! The walk starts from a direction that separates the polygons: the line between the
//! positions when their bounding circles are apart; else, unless B's centroid lies
//! behind every face of A (then they intersect, distance 0), the normal of a face that
//! separates them, found by face separation's face steps (none: they intersect,
//! distance 0). At a face normal, where the other polygon's vertex projects on the
//! face, `t`, decides: `0 ≤ t ≤ 1`, the face and that vertex are nearest and the
//! distance is `gap(m)`; else the gap grows turning past the face's end, into the next
//! vertex pair. At a vertex pair `(aᵢ, bⱼ)`, `m` turns towards `d = bⱼ − aᵢ`: reached
//! before a cone's edge, the two vertices are nearest and the distance is `|d|`; else
//! the walk stops at the first face normal reached (A's or B's) and checks it. The
//! pseudo-code the app shows beside the steps is [`PSEUDO_CODE`];
//! [`PolygonDistanceEvent::line`] says which line each event executes.
//!
//! Everything is in A's frame (B placed there once by face separation's first step),
//! and all turning is by cross products: no angle, no sine or cosine.

use super::answer::Side;
use super::clip::Edge;
use super::distance::{DistanceOutcome, DistanceResult, GjkDistance};
use super::face_separation::{deepest_index, FaceSeparationEvent, FaceTest, FaceTests};
use super::{Progress, StepMachine};
use crate::geometry::cross;
use crate::shapes::{ConvexPolygon, Geometry, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// The walk's pseudo-code, as the app shows it beside the steps, one line per
    /// entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute
    /// ([`PolygonDistanceEvent::line`]).
    pub mod line;
    CIRCLES: "circles about the positions apart? m ← the line between",
    START_PAIR: "    a ← A's vertex farthest along m, b ← B's nearest",
    CENTROID: "else: B's centroid behind every face of A? they intersect",
    FRAME: "else: B in A's frame; each face of A, then of B:",
    FACE: "    s ← n·(w − v);  s > 0: m ← n, apart: walk from here",
    INTERSECT: "    no face separates: they intersect, distance 0",
    _: "at a face normal: t ← where the other's vertex projects",
    FACE_NEAREST: "    0 ≤ t ≤ 1: face and vertex nearest, distance = gap",
    FACE_ON: "    else: the next vertex pair, past the face's end",
    _: "at a vertex pair: d ← b − a; turn m towards d:",
    PAIR_NEAREST: "    d first: the two vertices nearest, distance |d|",
    PAIR_ON: "    else: stop at the first face normal reached",
    RESULT: "return the distance and the closest points",
}

/// The polygons' features nearest each other, when apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "feature", rename_all = "snake_case")]
pub enum Feature {
    /// Vertex `a` of A and vertex `b` of B.
    Vertices {
        /// A's vertex.
        a: u32,
        /// B's vertex.
        b: u32,
    },
    /// A face of one polygon and a vertex of the other.
    FaceVertex {
        /// Whose face.
        face_of: Side,
        /// The face (from vertex `face` to `face + 1`).
        face: u32,
        /// The other polygon's vertex.
        vertex: u32,
    },
}

/// Which way a vertex pair's direction turns next, or that it is the peak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "next", rename_all = "snake_case")]
pub enum PairVerdict {
    /// `d/|d|` lies inside both cones: these two vertices are nearest.
    Peak,
    /// A face normal comes first, turning towards `d`: check that face.
    Face {
        /// Whose face.
        side: Side,
        /// The face.
        face: u32,
    },
}

/// What a face check decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "next", rename_all = "snake_case")]
pub enum FaceVerdict {
    /// The vertex projects inside the face: face and vertex are nearest.
    Face,
    /// The gap grows past the face's end: the next vertex pair (A's, B's).
    Pair {
        /// A's vertex.
        a: u32,
        /// B's vertex.
        b: u32,
    },
}

/// One visible step.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PolygonDistanceEvent {
    /// The bounding circles about the positions, and the line between the positions.
    Centres {
        /// The unit direction `m₀` from A's position to B's (world).
        direction: DVec2,
        /// The circles' radii (each polygon's farthest vertex from its position).
        radii: (f64, f64),
        /// The distance between the positions.
        between: f64,
        /// When the circles are apart (the walk starts on that line): A's vertex
        /// farthest along `m₀` (index, world), B's nearest, and the gap of their
        /// shadows on it.
        pair: Option<StartPair>,
    },
    /// When the bounding circles overlap: whether B's centroid (a point of B) lies
    /// inside A, behind every one of A's faces — then they intersect.
    Centroid {
        /// B's centroid (world).
        point: DVec2,
        /// The first of A's faces it lies in front of (`None`: inside A).
        in_front_of: Option<Edge>,
    },
    /// A step of face separation's face tests (B in A's frame, one face).
    Faces {
        /// Face separation's event.
        event: FaceSeparationEvent,
    },
    /// At a face's normal: where the other polygon's vertex projects on the face.
    FaceCheck {
        /// The face (world).
        edge: Edge,
        /// The other polygon's vertex nearest along the normal (world).
        vertex: DVec2,
        /// Where it projects on the face, 0 at its first vertex, 1 at its second.
        t: f64,
        /// The gap along the face's normal (the face's separation).
        gap: f64,
        /// Where the walk goes on.
        next: FaceVerdict,
    },
    /// A vertex pair: the direction between them, and where turning towards it leads.
    Pair {
        /// A's vertex index and position (world).
        a: (u32, DVec2),
        /// B's vertex index and position (world).
        b: (u32, DVec2),
        /// The direction `m` the pair was entered at (world, unit, from A to B).
        direction: DVec2,
        /// The gap along `m`.
        gap: f64,
        /// `|d| = |bⱼ − aᵢ|`, the gap along `d` itself.
        length: f64,
        /// Turning counter-clockwise (true) or clockwise towards `d`.
        counter_clockwise: bool,
        /// The peak, or the face normal reached first.
        next: PairVerdict,
    },
    /// The end, with its reason.
    Done {
        /// How it ended.
        outcome: PolygonDistanceOutcome,
    },
}

impl PolygonDistanceEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            PolygonDistanceEvent::Centres { pair: None, .. } => line::CIRCLES,
            PolygonDistanceEvent::Centres { .. } => line::START_PAIR,
            PolygonDistanceEvent::Centroid { .. } => line::CENTROID,
            PolygonDistanceEvent::Faces {
                event: FaceSeparationEvent::Frame { .. },
            } => line::FRAME,
            PolygonDistanceEvent::Faces { .. } => line::FACE,
            PolygonDistanceEvent::FaceCheck { next, .. } => match next {
                FaceVerdict::Face => line::FACE_NEAREST,
                FaceVerdict::Pair { .. } => line::FACE_ON,
            },
            PolygonDistanceEvent::Pair { next, .. } => match next {
                PairVerdict::Peak => line::PAIR_NEAREST,
                PairVerdict::Face { .. } => line::PAIR_ON,
            },
            PolygonDistanceEvent::Done { outcome } => match outcome {
                PolygonDistanceOutcome::Intersecting {
                    centroid_inside: true,
                } => line::CENTROID,
                PolygonDistanceOutcome::Intersecting { .. } => line::INTERSECT,
                PolygonDistanceOutcome::Separated { .. }
                | PolygonDistanceOutcome::IterationLimit { .. } => line::RESULT,
            },
        }
    }
}

/// The vertex pair the walk starts from on the line between the positions.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct StartPair {
    /// A's vertex farthest along the line (index, world).
    pub a: (u32, DVec2),
    /// B's vertex nearest along it.
    pub b: (u32, DVec2),
    /// The gap of their shadows on it.
    pub gap: f64,
}

/// How the walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum PolygonDistanceOutcome {
    /// Apart by `distance`, between `feature`.
    Separated {
        /// The distance.
        distance: f64,
        /// The nearest features.
        feature: Feature,
    },
    /// They intersect (touching counts), distance 0: B's centroid lies inside A, or
    /// no face separates them.
    Intersecting {
        /// Whether B's centroid inside A decided it (before any face was measured).
        centroid_inside: bool,
    },
    /// The walk took more steps than it can in exact arithmetic (it visits each face
    /// once at most), or ended below a gap it had passed: rounding on nearly parallel
    /// normals left the order of two cones' ends ambiguous. GJK distance, which orders
    /// no normals, gave the answer.
    IterationLimit {
        /// Walk steps taken.
        steps: usize,
        /// GJK distance's distance.
        distance: f64,
    },
}

/// What the walk found.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PolygonDistanceResult {
    /// Whether they intersect (touching counts).
    pub intersects: bool,
    /// Distance (0 when they intersect).
    pub distance: f64,
    /// Closest points on A and on B (world), when apart.
    pub closest: Option<(DVec2, DVec2)>,
    /// The nearest features, when apart.
    pub feature: Option<Feature>,
    /// How it ended.
    pub outcome: PolygonDistanceOutcome,
    /// Walk steps (face checks and vertex pairs).
    pub steps: usize,
    /// Support points computed: the two on the line between the positions, or one
    /// per face measured, and one per walk step.
    pub support_points: usize,
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    /// The shadows along the line between the positions.
    Centres,
    /// B's centroid against A's faces.
    Centroid,
    /// Face separation's face steps.
    Faces,
    /// A face check at `face` of `side`, with the other polygon's vertex `vertex`.
    FaceCheck {
        side: Side,
        face: usize,
        vertex: usize,
    },
    /// The vertex pair `(a, b)`, entered at direction `m` (A's frame), turning `turn`
    /// (+1 counter-clockwise, −1 clockwise).
    Pair {
        a: usize,
        b: usize,
        m: DVec2,
        turn: f64,
    },
    Finish(Found),
    Done,
}

/// Where the walk ended (A's frame).
#[derive(Clone, Copy, Debug)]
enum Found {
    Intersecting,
    Peak(usize, usize),
    Face(Side, usize, usize),
    Limit,
}

/// The walk as a step machine.
#[derive(Clone, Debug)]
pub struct PolygonDistance<'s> {
    a: &'s Shape,
    b: &'s Shape,
    polygon_a: &'s ConvexPolygon,
    polygon_b: &'s ConvexPolygon,
    /// Face separation's face steps (taken when the centres' line does not separate
    /// the polygons).
    faces: FaceTests<'s>,
    /// B's rotation and position in A's frame (from face separation's first step).
    rotation: DVec2,
    offset: DVec2,
    steps: usize,
    /// Support points of the start on the line between the positions (0 or 2).
    start_supports: usize,
    /// The largest gap the walk has passed: the distance is at least this.
    floor: f64,
    /// Whether B's centroid was found inside A.
    centroid_inside: bool,
    phase: Phase,
    result: Option<PolygonDistanceResult>,
}

impl<'s> PolygonDistance<'s> {
    /// The walk for two convex polygons; `None` for any other pair.
    #[inline(always)]
    pub fn for_pair(a: &'s Shape, b: &'s Shape) -> Option<Self> {
        let (Geometry::Polygon(polygon_a), Geometry::Polygon(polygon_b)) =
            (a.geometry(), b.geometry())
        else {
            return None;
        };
        Some(PolygonDistance {
            a,
            b,
            polygon_a,
            polygon_b,
            // The walk compares the bounding circles itself, first.
            faces: FaceTests::for_pair(a, b)?.without_circles(),
            rotation: DVec2::X,
            offset: DVec2::ZERO,
            steps: 0,
            start_supports: 0,
            floor: f64::NEG_INFINITY,
            centroid_inside: false,
            phase: Phase::Centres,
            result: None,
        })
    }

    /// Runs to the end (the fast path): face separation's face steps unwatched, then
    /// the walk.
    #[inline(always)]
    pub fn run(mut self) -> PolygonDistanceResult {
        if let Phase::Centres = self.phase {
            let _ = self.centres_step(false);
        }
        if let Phase::Centroid = self.phase {
            let _ = self.centroid_step(false);
        }
        if let Phase::Faces = self.phase {
            self.faces.measure_unwatched();
            self.after_faces();
        }
        // The walk: pairs and face checks until it finishes, each step called
        // directly (`advance` would dispatch over every phase at each step).
        loop {
            match self.phase {
                Phase::Pair { a, b, m, turn } => {
                    let _ = self.pair_step((a, b, m, turn), false);
                }
                Phase::FaceCheck { side, face, vertex } => {
                    let _ = self.face_check((side, face, vertex), false);
                }
                Phase::Finish(found) => {
                    let _ = self.finish(found, false);
                }
                _ => break,
            }
        }
        super::run_to_end(&mut self);
        self.result.expect("a finished walk has a result")
    }

    /// Whether they intersect (touching counts): the steps in their order, ending at
    /// the first that decides — bounding circles apart, B's centroid inside A, a face
    /// that separates by more than the touching tolerance, or every face measured with
    /// none separating; only a face separating within the tolerance (slivers) takes
    /// the walk.
    #[inline(always)]
    pub fn intersects(mut self) -> bool {
        if let Phase::Centres = self.phase {
            if self.circles().2 {
                return false;
            }
            self.phase = Phase::Centroid;
        }
        if let Phase::Centroid = self.phase {
            let _ = self.centroid_step(false);
            if let Phase::Finish(Found::Intersecting) = self.phase {
                return true;
            }
        }
        if let Phase::Faces = self.phase {
            self.faces.measure_unwatched();
            if self.faces.separating_face().is_some() {
                return false;
            }
            self.after_faces();
            if let Phase::Finish(Found::Intersecting) = self.phase {
                return true;
            }
        }
        self.run().intersects
    }

    /// The result, once ended.
    pub fn result(&self) -> Option<PolygonDistanceResult> {
        self.result
    }

    /// The shapes, A and B.
    pub fn shapes(&self) -> (&'s Shape, &'s Shape) {
        (self.a, self.b)
    }

    /// B's vertex `j` in A's frame, `R·bⱼ + t`.
    #[inline(always)]
    fn vertex_b(&self, j: usize) -> DVec2 {
        self.rotation.rotate(self.polygon_b.vertices()[j]) + self.offset
    }

    /// A's vertex `i`.
    #[inline(always)]
    fn vertex_a(&self, i: usize) -> DVec2 {
        self.polygon_a.vertices()[i]
    }

    /// Face `f` of `side` in A's frame: its ends and its normal pointing from A
    /// towards B (A's own normal; B's negated).
    #[inline(always)]
    fn face(&self, side: Side, f: usize) -> (DVec2, DVec2, DVec2) {
        match side {
            Side::A => {
                let n = self.polygon_a.vertices().len();
                let next = if f + 1 == n { 0 } else { f + 1 };
                (
                    self.vertex_a(f),
                    self.vertex_a(next),
                    self.polygon_a.normals()[f],
                )
            }
            Side::B => {
                let n = self.polygon_b.vertices().len();
                let next = if f + 1 == n { 0 } else { f + 1 };
                (
                    self.vertex_b(f),
                    self.vertex_b(next),
                    -self.rotation.rotate(self.polygon_b.normals()[f]),
                )
            }
        }
    }

    /// After the face steps: a face check at the face that separates. When none
    /// separates by more than the touching tolerance but one has a positive
    /// separation, that face still separates them: a lower bound on the distance, which
    /// between slivers can be far below it (two needles tip to tip 0.4 apart have no
    /// face normal near the line between the tips). The walk from it tells touching
    /// from apart. Otherwise they intersect.
    #[inline(always)]
    fn after_faces(&mut self) {
        (self.rotation, self.offset) = self.faces.frame_of_b();
        let found = self
            .faces
            .separating_face()
            .or_else(|| (self.faces.best_separation() > 0.0).then(|| self.faces.best_face()));
        self.phase = match found {
            None => Phase::Finish(Found::Intersecting),
            Some(FaceTest {
                edge,
                deepest_index,
                ..
            }) => Phase::FaceCheck {
                side: edge.shape,
                face: edge.index as usize,
                vertex: deepest_index as usize,
            },
        };
    }

    /// Step 1: the bounding circles about the positions. Apart (by more than the
    /// touching tolerance), the polygons' shadows on the line between the positions
    /// are apart too, and the walk starts on it, from A's vertex farthest along it and
    /// B's nearest; else face separation's face steps decide whether any face
    /// separates them.
    #[inline(always)]
    fn centres_step(&mut self, watch: bool) -> Option<PolygonDistanceEvent> {
        let (radii, between, circles_apart) = self.circles();
        if !circles_apart {
            self.phase = Phase::Centroid;
            return watch.then(|| PolygonDistanceEvent::Centres {
                direction: self
                    .a
                    .rotate(crate::geometry::normalize_or(self.offset, DVec2::X)),
                radii,
                between,
                pair: None,
            });
        }
        let m = self.offset / between;
        self.start_supports = 2;
        let (i, _) = deepest_index(self.polygon_a.vertices(), m);
        // B's nearest along m is its deepest along −m, found in B's own frame.
        let unrotate = DVec2::new(self.rotation.x, -self.rotation.y);
        let (j, _) = deepest_index(self.polygon_b.vertices(), unrotate.rotate(-m));
        let d = self.vertex_b(j) - self.vertex_a(i);
        self.floor = m.dot(d);
        self.phase = if cross(m, d) == 0.0 {
            Phase::Finish(Found::Peak(i, j))
        } else {
            Phase::Pair {
                a: i,
                b: j,
                m,
                turn: cross(m, d).signum(),
            }
        };
        watch.then(|| PolygonDistanceEvent::Centres {
            direction: self.a.rotate(m),
            radii,
            between,
            pair: Some(StartPair {
                a: (i as u32, self.a.to_world(self.vertex_a(i))),
                b: (j as u32, self.a.to_world(self.vertex_b(j))),
                gap: m.dot(d),
            }),
        })
    }

    /// B in A's frame (`R = R_Aᵀ·R_B`, `t = R_Aᵀ·(p_B − p_A)`), the bounding circles'
    /// radii, the distance between the positions, and whether the circles are apart.
    #[inline(always)]
    fn circles(&mut self) -> ((f64, f64), f64, bool) {
        self.rotation = self.a.unrotate(self.b.rotate(DVec2::X));
        self.offset = self.a.unrotate(self.b.position() - self.a.position());
        let radii = (self.a.bounding_radius(), self.b.bounding_radius());
        let between = self.offset.length();
        // Each polygon lies in its circle, so on the line between the positions their
        // shadows lie in the circles' shadows: apart when the circles are.
        let apart = between - (radii.0 + radii.1) > self.faces.tolerance().touch;
        (radii, between, apart)
    }

    /// Step 2, when the circles overlap: B's centroid, a point of B, against A's
    /// faces (`nᵢ·(p − vᵢ) ≤ 0` for all: behind every face, inside A). Inside, the
    /// polygons share a point and intersect — the quick answer when they overlap
    /// deeply, before measuring every face; else the first face it lies in front of
    /// ends the check, and face separation's face steps decide.
    #[inline(always)]
    fn centroid_step(&mut self, watch: bool) -> Option<PolygonDistanceEvent> {
        let p = self.rotation.rotate(self.polygon_b.centroid()) + self.offset;
        let vertices = self.polygon_a.vertices();
        let in_front_of = self
            .polygon_a
            .normals()
            .iter()
            .zip(vertices)
            .position(|(n, v)| n.dot(p - *v) > 0.0);
        self.centroid_inside = in_front_of.is_none();
        self.phase = match in_front_of {
            None => Phase::Finish(Found::Intersecting),
            Some(_) => Phase::Faces,
        };
        watch.then(|| PolygonDistanceEvent::Centroid {
            point: self.a.to_world(p),
            in_front_of: in_front_of.map(|f| self.world_edge(Side::A, f)),
        })
    }

    /// Then, unless the centres' line separated them: face separation's face steps,
    /// one per step.
    #[inline(always)]
    fn faces_step(&mut self, watch: bool) -> Option<PolygonDistanceEvent> {
        let event = self.faces.step(watch);
        if self.faces.measured() {
            self.after_faces();
        }
        event.map(|event| PolygonDistanceEvent::Faces { event })
    }

    /// A face check: where the other polygon's vertex projects on face `f` of `side`
    /// decides between the face and the next vertex pair.
    #[inline(always)]
    fn face_check(
        &mut self,
        (side, f, k): (Side, usize, usize),
        watch: bool,
    ) -> Option<PolygonDistanceEvent> {
        self.steps += 1;
        let (v1, v2, m) = self.face(side, f);
        let vertex = match side {
            Side::A => self.vertex_b(k),
            Side::B => self.vertex_a(k),
        };
        let edge = v2 - v1;
        // t = (w − v₁)·(v₂ − v₁)/|v₂ − v₁|²
        let t = (vertex - v1).dot(edge) / edge.length_squared();
        // The gap along m: B's side minus A's.
        let gap = match side {
            Side::A => m.dot(vertex - v1),
            Side::B => m.dot(v1 - vertex),
        };
        self.floor = self.floor.max(gap);
        let next_index = |s: Side, i: usize| match s {
            Side::A => self.polygon_a.next_index(i),
            Side::B => self.polygon_b.next_index(i),
        };
        let next = if (0.0..=1.0).contains(&t) {
            self.phase = Phase::Finish(Found::Face(side, f, k));
            FaceVerdict::Face
        } else {
            // Past the face's end the gap grows turning on (counter-clockwise, into
            // the pair of its second vertex); before its start, turning back
            // (clockwise, its first vertex).
            let own = if t > 1.0 { next_index(side, f) } else { f };
            let turn = if t > 1.0 { 1.0 } else { -1.0 };
            let (a, b) = match side {
                Side::A => (own, k),
                Side::B => (k, own),
            };
            self.phase = Phase::Pair { a, b, m, turn };
            FaceVerdict::Pair {
                a: a as u32,
                b: b as u32,
            }
        };
        watch.then(|| PolygonDistanceEvent::FaceCheck {
            edge: self.world_edge(side, f),
            vertex: self.a.to_world(vertex),
            t,
            gap,
            next,
        })
    }

    /// A vertex pair: turning `m` towards `d = bⱼ − aᵢ`, which comes first — `d`
    /// itself, A's next face normal or B's?
    #[inline(always)]
    fn pair_step(
        &mut self,
        (i, j, m, turn): (usize, usize, DVec2, f64),
        watch: bool,
    ) -> Option<PolygonDistanceEvent> {
        self.steps += 1;
        let (na, nb) = (
            self.polygon_a.vertices().len(),
            self.polygon_b.vertices().len(),
        );
        let d = self.vertex_b(j) - self.vertex_a(i);
        self.floor = self.floor.max(m.dot(d));
        // The cones' ends ahead: counter-clockwise A's normal n_i and B's −n_j;
        // clockwise n_{i−1} and −n_{j−1}.
        let (face_a, face_b) = if turn > 0.0 {
            (i, j)
        } else {
            (self.polygon_a.prev_index(i), self.polygon_b.prev_index(j))
        };
        let end_a = self.polygon_a.normals()[face_a];
        let end_b = -self.rotation.rotate(self.polygon_b.normals()[face_b]);
        // x before y, turning `turn`: both lie less than half a turn ahead of m.
        let before = |x: DVec2, y: DVec2| turn * cross(x, y) >= 0.0;
        let next = if before(d, end_a) && before(d, end_b) {
            self.phase = Phase::Finish(Found::Peak(i, j));
            PairVerdict::Peak
        } else if before(end_a, end_b) {
            self.phase = Phase::FaceCheck {
                side: Side::A,
                face: face_a,
                vertex: j,
            };
            PairVerdict::Face {
                side: Side::A,
                face: face_a as u32,
            }
        } else {
            self.phase = Phase::FaceCheck {
                side: Side::B,
                face: face_b,
                vertex: i,
            };
            PairVerdict::Face {
                side: Side::B,
                face: face_b as u32,
            }
        };
        // Each face is checked once at most, and a pair lies between two checks.
        if self.steps > 2 * (na + nb) + 2 && !matches!(self.phase, Phase::Finish(_)) {
            self.phase = Phase::Finish(Found::Limit);
        }
        watch.then(|| PolygonDistanceEvent::Pair {
            a: (i as u32, self.a.to_world(self.vertex_a(i))),
            b: (j as u32, self.a.to_world(self.vertex_b(j))),
            direction: self.a.rotate(m),
            gap: m.dot(d),
            length: d.length(),
            counter_clockwise: turn > 0.0,
            next,
        })
    }

    /// Face `f` of `side`, in the world, with its outward normal.
    fn world_edge(&self, side: Side, f: usize) -> Edge {
        let (shape, polygon) = match side {
            Side::A => (self.a, self.polygon_a),
            Side::B => (self.b, self.polygon_b),
        };
        Edge {
            shape: side,
            index: f as u32,
            v1: shape.to_world(polygon.vertex(f)),
            v2: shape.to_world(polygon.vertex(f + 1)),
            normal: shape.rotate(polygon.normal(f)),
        }
    }

    /// Whether A's vertex `i` is A's farthest along `m` and B's vertex `j` B's nearest
    /// (each no lower than its two neighbours, within rounding).
    fn extremes_along(&self, m: DVec2, i: Option<usize>, j: Option<usize>) -> bool {
        // `here` no lower than `there`, within rounding.
        let no_lower = |here: f64, there: f64| there <= here + 1e-12 * (here.abs() + there.abs());
        let a_ok = i.is_none_or(|i| {
            let here = m.dot(self.vertex_a(i));
            no_lower(here, m.dot(self.vertex_a(self.polygon_a.prev_index(i))))
                && no_lower(here, m.dot(self.vertex_a(self.polygon_a.next_index(i))))
        });
        // B's nearest: the highest along −m, compared in B's own frame (turning both
        // keeps a dot product, and B's position adds the same to each).
        let b_ok = j.is_none_or(|j| {
            let u = DVec2::new(self.rotation.x, -self.rotation.y).rotate(-m);
            let b = |k: usize| u.dot(self.polygon_b.vertices()[k]);
            let here = b(j);
            no_lower(here, b(self.polygon_b.prev_index(j)))
                && no_lower(here, b(self.polygon_b.next_index(j)))
        });
        a_ok && b_ok
    }

    /// The last step: the answer, in the world (each closest point from its own
    /// polygon's frame, so that a pair far from the origin keeps its digits).
    #[inline(always)]
    fn finish(&mut self, found: Found, watch: bool) -> Option<PolygonDistanceEvent> {
        let world_a = |i: usize| self.a.to_world(self.polygon_a.vertex(i));
        let world_b = |j: usize| self.b.to_world(self.polygon_b.vertex(j));
        // The answer certifies itself: it may not lie below a gap the walk passed (the
        // gap only grows), its vertices must be their polygons' extremes along its
        // direction (no lower than their neighbours: for a convex polygon, the
        // highest), and a face's foot must lie on the face. Where rounding on nearly parallel normals broke the walk (a needle
        // against a speck), it does not, and GJK distance answers.
        let below = |x: f64| x < self.floor - 1e-12 * self.floor.abs();
        let answer = match found {
            Found::Intersecting => Ok(None),
            Found::Limit => Err(()),
            Found::Peak(i, j) => {
                let d = self.vertex_b(j) - self.vertex_a(i);
                let length = d.length();
                let feature = Feature::Vertices {
                    a: i as u32,
                    b: j as u32,
                };
                if below(length) || !self.extremes_along(d / length, Some(i), Some(j)) {
                    Err(())
                } else {
                    Ok(Some((length, world_a(i), world_b(j), Some(feature))))
                }
            }
            Found::Face(side, f, k) => {
                let (v1, v2, m) = self.face(side, f);
                let feature = Some(Feature::FaceVertex {
                    face_of: side,
                    face: f as u32,
                    vertex: k as u32,
                });
                let m_world = self.a.rotate(m);
                // The gap, the extremes to check, and the vertex's foot on the face's
                // line, which must lie on the face (a projection on a face far smaller
                // than the distance can round into it).
                let (gap, extremes, foot) = match side {
                    Side::A => {
                        let q = self.vertex_b(k);
                        let gap = m.dot(q - v1);
                        (gap, (None, Some(k)), q - m * gap)
                    }
                    Side::B => {
                        let p = self.vertex_a(k);
                        let gap = m.dot(v1 - p);
                        (gap, (Some(k), None), p + m * gap)
                    }
                };
                let off_face = crate::geometry::point_segment_distance(foot, v1, v2)
                    > self.faces.tolerance().touch;
                if below(gap) || off_face || !self.extremes_along(m, extremes.0, extremes.1) {
                    Err(())
                } else {
                    Ok(Some(match side {
                        Side::A => {
                            let q = world_b(k);
                            (gap, q - m_world * gap, q, feature)
                        }
                        Side::B => {
                            let p = world_a(k);
                            (gap, p, p + m_world * gap, feature)
                        }
                    }))
                }
            }
        };
        let by_gjk = answer.is_err();
        let apart = answer.unwrap_or_else(|()| gjk_answer(self.a, self.b));
        // Touching counts as intersecting (a walk from a face whose separation was
        // within the tolerance can end there).
        let apart = apart.filter(|x| x.0 > self.faces.tolerance().touch);
        let outcome = match apart {
            Some((distance, ..)) if by_gjk => PolygonDistanceOutcome::IterationLimit {
                steps: self.steps,
                distance,
            },
            Some((distance, _, _, Some(feature))) => {
                PolygonDistanceOutcome::Separated { distance, feature }
            }
            _ => PolygonDistanceOutcome::Intersecting {
                centroid_inside: self.centroid_inside,
            },
        };
        self.result = Some(PolygonDistanceResult {
            intersects: apart.is_none(),
            distance: apart.map_or(0.0, |x| x.0),
            closest: apart.map(|(_, p, q, _)| (p, q)),
            feature: apart.and_then(|x| x.3),
            outcome,
            steps: self.steps,
            support_points: self.start_supports + self.faces.faces_measured() + self.steps,
        });
        self.phase = Phase::Done;
        watch.then(|| PolygonDistanceEvent::Done { outcome })
    }
}

/// GJK distance's answer, when the walk's is not certified (rare: kept out of the
/// walk's own code).
#[cold]
#[inline(never)]
fn gjk_answer(a: &Shape, b: &Shape) -> Option<(f64, DVec2, DVec2, Option<Feature>)> {
    let gjk = GjkDistance::new(a, b).run();
    gjk.closest.map(|(p, q)| (gjk.distance, p, q, None))
}

impl StepMachine for PolygonDistance<'_> {
    type Event = PolygonDistanceEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<PolygonDistanceEvent> {
        let event = match self.phase {
            Phase::Centres => self.centres_step(watch),
            Phase::Centroid => self.centroid_step(watch),
            Phase::Faces => self.faces_step(watch),
            Phase::FaceCheck { side, face, vertex } => self.face_check((side, face, vertex), watch),
            Phase::Pair { a, b, m, turn } => self.pair_step((a, b, m, turn), watch),
            Phase::Finish(found) => self.finish(found, watch),
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}

impl PolygonDistanceResult {
    /// How GJK distance would name this ending (the `gjk` outcome of `gjk-lab query`).
    pub fn distance_outcome(&self) -> DistanceOutcome {
        match self.outcome {
            PolygonDistanceOutcome::Intersecting { .. } => DistanceOutcome::OriginEnclosed,
            PolygonDistanceOutcome::Separated { distance, .. } => {
                DistanceOutcome::Converged { distance }
            }
            PolygonDistanceOutcome::IterationLimit { steps, distance } => {
                DistanceOutcome::IterationLimit {
                    iterations: steps,
                    distance,
                    intersects: false,
                }
            }
        }
    }

    /// The answer as GJK distance gives it (see [`DistanceResult::from_closest`]).
    pub fn distance_result(&self) -> DistanceResult {
        DistanceResult::from_closest(
            self.distance,
            self.closest,
            self.distance_outcome(),
            self.support_points,
        )
    }
}
