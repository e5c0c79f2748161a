//! Linear cast of two convex polygons by separating axes in time: SAT for moving
//! shapes (Eberly, *Intersection of Convex Objects: The Method of Separating Axes*,
//! 2001, "moving objects"; Ericson, *Real-Time Collision Detection*, 2005, §5.5) —
//! the ray of the [shape cast](super::shape_cast) clipped by the edges of `A − B`
//! (Cyrus–Beck clipping).
//!
//! **Every gap is a line in time.** Two convex polygons are apart exactly when some
//! face normal of either separates them (lesson 4). Along a face normal `n` (turned to
//! point from A towards B) the *gap* at `t = 0` is `s`: how far the other polygon's
//! deepest vertex lies in front of the face. When B moves by `t·r` (`r = v_B − v_A`)
//! and nothing turns, that gap is `s + t·c` with `c = n·r`: a straight line in `t`.
//! The polygons touch or overlap at `t` exactly when every gap is `≤ 0` at once. A gap
//! that closes (`c < 0`) is closed from `−s/c` on; one that opens (`c > 0`) is closed
//! only until `−s/c`; one that is open and does not close (`c ≥ 0`, `s > 0`) keeps
//! them apart for ever. So the first touch is `t_in = max(−s/c)` over the closing
//! gaps, the shapes part at `t_out = min(−s/c)` over the opening ones, and they meet
//! during the step exactly when `t_in ≤ t_out` and `t_in ≤ 1`. The face that set
//! `t_in` gives the normal, and its deepest vertex the point.
//!
//! **The picture is the shape cast's.** The same gap is a line of `A − B`: the edge of
//! `A − B` with normal `n` lies where `n·x = −s`, and the ray `x = t·r` crosses it at
//! `t = −s/c`. The face normals of A and B are all the edge normals of `A − B`, so the
//! method clips the shape cast's ray against each edge of `A − B` in turn; where the
//! clipped interval is not empty, the ray is inside `A − B`. Where GJK-raycast searches
//! for the entering edge with support points, this measures every edge, once, each
//! gap by a walk of the other polygon's deepest vertex from the last face's (the walk
//! of [face separation](crate::algorithms::face_separation)).
//!
//! **Each answer is checked.** A hit at `t_in` is kept when its two contact points (the
//! deepest vertex and the nearest point of the face at `t_in`) are within the cast's
//! tolerance of each other; a miss when the gaps that decide it are open by more than
//! rounding (an open gap `s`, the gap at `t = 1`, or where the entering and the leaving
//! gaps' lines cross). Otherwise the ray passes within rounding of a corner of `A − B`
//! (a graze, a touch while sliding) and GJK-raycast answers, a named outcome
//! ([`SatCastOutcome::TooCloseToCall`]).
//!
//! It applies to two convex polygons with no radius, moving without turning, cast to
//! their first touch (target 0): a rounded corner or a target separation makes `A − B`
//! grown by them round at its corners, where its edges no longer describe it. Any
//! other pair is named ([`SatCastOutcome::NotApplicable`]), and `gjk-lab cast` answers
//! it otherwise (GJK-raycast; conservative advancement with a turn). The pseudo-code the app shows is [`PSEUDO_CODE`];
//! [`SatCastEvent::line`] says which line each event executes.

use super::{cast_tolerance, CastOptions, CastResult, Contact, Sweep};
use crate::algorithms::answer::Side;
use crate::algorithms::cast::shape_cast::ShapeCast;
use crate::algorithms::face_separation::{deepest_index, walk_forward};
use crate::algorithms::{Progress, StepMachine};
use crate::minkowski::Tolerance;
use crate::motion::Motion;
use crate::shapes::{ConvexPolygon, Geometry, Pose, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// The SAT cast's pseudo-code, as the app shows it beside the steps.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`SatCastEvent::line`]).
    pub mod line;
    START: "r ← v_B − v_A,  t_in ← 0,  t_out ← 1",
    FACES: "for each face normal n of A, then of B   (n from A towards B):",
    GAP: "    s ← gap along n at t = 0;  c ← n·r   (the gap at t is s + t·c)",
    OPEN: "    if c ≥ 0 and s > 0: return miss   (open, and it never closes)",
    ENTER: "    if c < 0 and s + t_in·c > 0: t_in ← −s/c   (open at t_in: closes later)",
    EXIT: "    if c > 0 and s + t_out·c > 0: t_out ← −s/c   (open at t_out: opens sooner)",
    EMPTY: "    if t_in > t_out: return miss   (never all closed at once)",
    HIT: "return hit at t_in, normal: the face that set t_in",
    _: "(the edge of A − B with normal n: the ray x = t·r crosses it at t = −s/c)",
}

/// How the cast ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SatCastOutcome {
    /// Every gap is closed at `t = 0`: the polygons touch or overlap already.
    InitialOverlap,
    /// The first touch, at `t_in`, set by the face `face` of `face_of`.
    Hit {
        /// `t_in`.
        t: f64,
        /// Whose face set it.
        face_of: Side,
        /// The face.
        face: u32,
    },
    /// A gap is open at `t = 0` and never closes (`c ≥ 0`): apart for the whole step.
    GapStaysOpen {
        /// Whose face.
        face_of: Side,
        /// The face.
        face: u32,
        /// The gap `s`.
        gap: f64,
        /// Its rate `c = n·r`.
        rate: f64,
    },
    /// The gaps are never all closed at once: one opens again (at `t_out`) before the
    /// last closes (at `t_in`); the ray passes by `A − B`.
    PassesBy {
        /// When the last gap closes.
        t_in: f64,
        /// When an opening gap opens.
        t_out: f64,
    },
    /// The last gap closes after the step ends (`t_in > 1`).
    BeyondEnd {
        /// `t_in`.
        t_in: f64,
    },
    /// The gaps decide within rounding (a graze of a corner of `A − B`, a touch while
    /// sliding along a face), or the contact points at `t_in` are farther apart than
    /// the tolerance: GJK-raycast answered.
    TooCloseToCall {
        /// Whether GJK-raycast found a hit.
        hit: bool,
    },
    /// The pair is not two polygons moving without turning to their first touch.
    NotApplicable {
        /// Why.
        why: Unsupported,
    },
}

/// Why the SAT cast does not apply to a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unsupported {
    /// A shape turns: its gaps are no straight lines in time.
    Rotating,
    /// A shape is not a convex polygon without radius (its kind, `"circle"`, …):
    /// `A − B` has round parts its edges do not describe.
    Shape(&'static str),
    /// A target separation above 0: `A − B` grown by it is round at its corners.
    Target,
}

/// What one face moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// `t_in` moved to this face's crossing.
    Enter,
    /// `t_out` moved to this face's crossing.
    Exit,
    /// Neither.
    None,
}

/// One visible step of the SAT cast. Points and directions are world; `A − B` is the
/// difference at `t = 0`, which the ray crosses.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SatCastEvent {
    /// The ray and the faces to measure.
    Start {
        /// `r = v_B − v_A`.
        ray: DVec2,
        /// How many faces (A's and B's).
        faces: usize,
        /// A's pose at `t = 0`.
        pose_a: Pose,
        /// B's pose at `t = 0`.
        pose_b: Pose,
    },
    /// One face measured.
    Face {
        /// Whose face.
        face_of: Side,
        /// The face.
        face: u32,
        /// Its normal, from A towards B (unit; a face of B's outward normal turned).
        normal: DVec2,
        /// The other polygon's deepest vertex behind it.
        vertex: u32,
        /// That vertex (world, `t = 0`).
        vertex_point: DVec2,
        /// A point of the edge of `A − B` with this normal (`n·x = −s`).
        edge_point: DVec2,
        /// The gap `s` at `t = 0`.
        gap: f64,
        /// Its rate `c = n·r`.
        rate: f64,
        /// `−s/c`, when `c ≠ 0` (and the quotient is a number: not with a subnormal
        /// `c`).
        crossing: Option<f64>,
        /// `t_in` after this face.
        t_in: f64,
        /// `t_out` after this face.
        t_out: f64,
        /// What moved.
        change: Change,
    },
    /// The end.
    Done {
        /// How it ended.
        outcome: SatCastOutcome,
    },
}

impl SatCastEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            SatCastEvent::Start { .. } => line::START,
            SatCastEvent::Face { change, .. } => match change {
                Change::Enter => line::ENTER,
                Change::Exit => line::EXIT,
                Change::None => line::GAP,
            },
            SatCastEvent::Done { outcome } => match outcome {
                SatCastOutcome::InitialOverlap
                | SatCastOutcome::Hit { .. }
                | SatCastOutcome::TooCloseToCall { .. } => line::HIT,
                SatCastOutcome::GapStaysOpen { .. } => line::OPEN,
                SatCastOutcome::PassesBy { .. } | SatCastOutcome::BeyondEnd { .. } => line::EMPTY,
                SatCastOutcome::NotApplicable { .. } => line::START,
            },
        }
    }
}

impl SatCastOutcome {
    /// The outcome's name, as it serialises (`reason`).
    pub fn reason(&self) -> &'static str {
        match self {
            SatCastOutcome::InitialOverlap => "initial_overlap",
            SatCastOutcome::Hit { .. } => "hit",
            SatCastOutcome::GapStaysOpen { .. } => "gap_stays_open",
            SatCastOutcome::PassesBy { .. } => "passes_by",
            SatCastOutcome::BeyondEnd { .. } => "beyond_end",
            SatCastOutcome::TooCloseToCall { .. } => "too_close_to_call",
            SatCastOutcome::NotApplicable { .. } => "not_applicable",
        }
    }

    /// Whether the cast hit (at `t = 0` or later).
    pub fn hit(&self) -> bool {
        match self {
            SatCastOutcome::InitialOverlap | SatCastOutcome::Hit { .. } => true,
            SatCastOutcome::TooCloseToCall { hit } => *hit,
            _ => false,
        }
    }
}

/// One face measured: its number over both polygons (A's first), whose it is and
/// which, the other polygon's deepest vertex, the normal from A towards B (A's
/// frame), the gap `s` at `t = 0` and its rate `c`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Gap {
    k: usize,
    side: Side,
    face: usize,
    vertex: usize,
    normal: DVec2,
    s: f64,
    c: f64,
}

impl Gap {
    /// The gap at time `t`: `s + t·c`.
    #[inline(always)]
    fn at(&self, t: f64) -> f64 {
        self.s + t * self.c
    }
}

/// The times every gap measured so far is closed, `[t_in, t_out]`, and the gaps that
/// set its ends (none before one does).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Window {
    t_in: f64,
    t_out: f64,
    enter: Option<Gap>,
    exit: Option<Gap>,
}

impl Window {
    /// Before any face: `[0, 1]`, the step.
    const STEP: Window = Window {
        t_in: 0.0,
        t_out: 1.0,
        enter: None,
        exit: None,
    };
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    /// The next face to measure (A's first, then B's).
    Face(usize),
    Finish(SatCastOutcome),
    Done,
}

/// The SAT cast as a step machine.
#[derive(Clone, Debug)]
pub struct SatCast<'s> {
    a: &'s Shape,
    b: &'s Shape,
    motion_a: Motion,
    motion_b: Motion,
    /// The polygons, when the pair is for the SAT cast.
    polygons: Option<(&'s ConvexPolygon, &'s ConvexPolygon)>,
    unsupported: Option<Unsupported>,
    /// B's rotation relative to A (`conj(q_A)·q_B`); B's position and the ray in A's
    /// frame, and in B's.
    rotation_ba: DVec2,
    offset: DVec2,
    ray: DVec2,
    offset_in_b: DVec2,
    ray_in_b: DVec2,
    /// The hit tolerance (on the contact points' distance) and the rounding of a gap.
    tolerance: f64,
    rounding: f64,
    /// The walks' ties (8 ulps of each polygon's bounding radius).
    ties: (f64, f64),
    window: Window,
    /// The last deepest vertex, where the next face's walk starts.
    walk: Option<usize>,
    faces: usize,
    phase: Phase,
    outcome: Option<SatCastOutcome>,
    result: Option<CastResult>,
}

/// Why a pair is not for the SAT cast (`None`: it is): the machine's first check, and
/// `gjk-lab cast`'s before it picks or refuses the SAT cast.
pub fn unsupported(
    a: &Shape,
    ma: Motion,
    b: &Shape,
    mb: Motion,
    target: f64,
) -> Option<Unsupported> {
    if ma.rotates() || mb.rotates() {
        return Some(Unsupported::Rotating);
    }
    for shape in [a, b] {
        if !matches!(shape.geometry(), Geometry::Polygon(_)) {
            return Some(Unsupported::Shape(shape.geometry().kind()));
        }
    }
    (target > 0.0).then_some(Unsupported::Target)
}

/// Whether the SAT cast answers this pair: two convex polygons without radius, moving
/// without turning, cast to their first touch.
pub fn applies(a: &Shape, motion_a: Motion, b: &Shape, motion_b: Motion, target: f64) -> bool {
    unsupported(a, motion_a, b, motion_b, target).is_none()
}

/// The point of the segment `(u, w)` nearest `p` (seed 002's clamped projection).
fn nearest_on_segment(p: DVec2, (u, w): (DVec2, DVec2)) -> DVec2 {
    crate::geometry::closest_point_on_segment_to_origin(u - p, w - p).0 + p
}

/// The point of the face `v1 v2` nearest `p`, given the face's unit normal `n`: the
/// foot of the perpendicular when it falls on the face, else the nearer end. (No
/// division: where the foot falls is the sign of `(p − v1)·(v2 − v1)` against
/// `|v2 − v1|²`.)
#[inline(always)]
fn nearest_on_face(p: DVec2, (v1, v2): (DVec2, DVec2), n: DVec2) -> DVec2 {
    let along = (p - v1).dot(v2 - v1);
    if along <= 0.0 {
        v1
    } else if along >= (v2 - v1).length_squared() {
        v2
    } else {
        p - n * n.dot(p - v1)
    }
}

impl<'s> SatCast<'s> {
    /// The cast of `a` moving by `motion_a` and `b` by `motion_b`.
    #[inline]
    pub fn new(
        a: &'s Shape,
        motion_a: Motion,
        b: &'s Shape,
        motion_b: Motion,
        options: &CastOptions,
    ) -> Self {
        let unsupported = unsupported(a, motion_a, b, motion_b, options.target());
        let polygons = match (a.geometry(), b.geometry()) {
            (Geometry::Polygon(pa), Geometry::Polygon(pb)) if unsupported.is_none() => {
                Some((pa, pb))
            }
            _ => None,
        };
        let offset = a.unrotate(b.position() - a.position());
        let ray = a.unrotate(motion_b.velocity - motion_a.velocity);
        let rotation_ba = a.unrotate(b.rotate(DVec2::X));
        let into_b = DVec2::new(rotation_ba.x, -rotation_ba.y);
        let (radius_a, radius_b) = (a.bounding_radius(), b.bounding_radius());
        let scale = Tolerance::for_scale(radius_a.max(radius_b)).scale;
        SatCast {
            a,
            b,
            motion_a,
            motion_b,
            polygons,
            unsupported,
            rotation_ba,
            offset,
            ray,
            offset_in_b: into_b.rotate(offset),
            ray_in_b: into_b.rotate(ray),
            tolerance: cast_tolerance(scale, offset.length() + ray.length() + radius_a + radius_b),
            // A gap is a few products of numbers as large as the sizes, the offset and
            // the ray: its rounding is a few dozen ulps of their sum (the coordinates'
            // sums bound the lengths without a square root).
            rounding: 1e-13 * (scale + offset.abs().element_sum() + ray.abs().element_sum()),
            ties: (8.0 * f64::EPSILON * radius_a, 8.0 * f64::EPSILON * radius_b),
            window: Window::STEP,
            walk: None,
            faces: 0,
            phase: Phase::Start,
            outcome: None,
            result: None,
        }
    }

    /// Runs to the end (the fast path: the same steps, no event built).
    #[inline(always)]
    pub fn run(mut self) -> CastResult {
        if matches!(self.phase, Phase::Start) {
            self.run_unwatched();
        } else {
            crate::algorithms::run_to_end(&mut self);
        }
        self.result().expect("a finished cast has a result")
    }

    /// How it ended, once it has.
    pub fn outcome(&self) -> Option<SatCastOutcome> {
        self.outcome
    }

    /// The answer, once it has ended.
    pub fn result(&self) -> Option<CastResult> {
        self.outcome?;
        Some(self.result.unwrap_or(CastResult::miss(self.faces)))
    }

    /// `t_in` and `t_out` so far.
    pub fn window(&self) -> (f64, f64) {
        (self.window.t_in, self.window.t_out)
    }

    /// The ray `r = v_B − v_A` (world).
    pub fn ray(&self) -> DVec2 {
        self.a.rotate(self.ray)
    }

    /// The faces measured so far.
    pub fn faces(&self) -> usize {
        self.faces
    }

    /// How many faces the two polygons have.
    fn face_count(&self) -> usize {
        self.polygons
            .map_or(0, |(pa, pb)| pa.vertices().len() + pb.vertices().len())
    }

    fn start_step(&mut self, watch: bool) -> Option<SatCastEvent> {
        if let Some(why) = self.unsupported {
            // No ray through edges to show: the one step says why.
            return self.finish(SatCastOutcome::NotApplicable { why }, true);
        }
        self.phase = Phase::Face(0);
        watch.then(|| SatCastEvent::Start {
            ray: self.ray(),
            faces: self.face_count(),
            pose_a: self.a.pose(),
            pose_b: self.b.pose(),
        })
    }

    /// A's face `i`: B's deepest vertex along `−n` (B's frame), walked from vertex
    /// `start` (a scan without one: the walk of face separation); the gap is how far
    /// it lies in front of the face. Slices, not `vertex`/`normal`: their wrapping
    /// remainder is an integer division, as dear as a dozen dot products.
    #[inline(always)]
    fn face_of_a(
        &self,
        (pa, pb): (&ConvexPolygon, &ConvexPolygon),
        i: usize,
        start: Option<usize>,
    ) -> Gap {
        let q = self.rotation_ba;
        let n = pa.normals()[i];
        let towards = DVec2::new(q.x, -q.y).rotate(-n);
        let vb = pb.vertices();
        let (j, depth) = match start {
            Some(start) => walk_forward(vb, towards, start, self.ties.1),
            None => deepest_index(vb, towards),
        };
        Gap {
            k: i,
            side: Side::A,
            face: i,
            vertex: j,
            normal: n,
            // `n·(R·b_j + d − a_i)`, with `n·(R·b_j) = −depth`.
            s: n.dot(self.offset - pa.vertices()[i]) - depth,
            c: n.dot(self.ray),
        }
    }

    /// B's face `f`: A's deepest vertex along `−m` (`m` the face's outward normal in
    /// A's frame); the axis from A towards B is `−m`, along which B moves by `−m·r`.
    #[inline(always)]
    fn face_of_b(
        &self,
        (pa, pb): (&ConvexPolygon, &ConvexPolygon),
        f: usize,
        start: Option<usize>,
    ) -> Gap {
        let own = pb.normals()[f];
        let m = self.rotation_ba.rotate(own);
        let va = pa.vertices();
        let (i, depth) = match start {
            Some(start) => walk_forward(va, -m, start, self.ties.0),
            None => deepest_index(va, -m),
        };
        Gap {
            k: va.len() + f,
            side: Side::B,
            face: f,
            vertex: i,
            normal: -m,
            // `m·(a_i − R·b_f − d)` in B's frame for the face's own terms.
            s: -depth - own.dot(pb.vertices()[f] + self.offset_in_b),
            c: -own.dot(self.ray_in_b),
        }
    }

    /// Measures face `k` (A's faces first, then B's): its gap at `t = 0` and its rate;
    /// each polygon's first face scans, the others walk from the last face's vertex.
    fn measure(&mut self, k: usize) -> Gap {
        let polygons = self.polygons.expect("two polygons");
        let n_a = polygons.0.vertices().len();
        let start = self.walk.filter(|_| k != 0 && k != n_a);
        let gap = if k < n_a {
            self.face_of_a(polygons, k, start)
        } else {
            self.face_of_b(polygons, k - n_a, start)
        };
        self.walk = Some(gap.vertex);
        gap
    }

    /// One face's gap applied to `window` (a local copy while the fast path runs, so
    /// that it stays in registers). A closing gap (`c < 0`) still open at `t_in`
    /// closes later: `t_in` moves to where it does, `−s/c`. An opening gap (`c > 0`)
    /// already open at `t_out` opens sooner: `t_out` moves back to `−s/c`. An open gap
    /// that does not close ends the cast, and so does an empty window. (The rate is
    /// tested first: it is known before the walk has found the gap; and whether the
    /// gap is open at `t_in` is a multiplication, where `−s/c > t_in` would wait on a
    /// division.)
    #[inline(always)]
    fn update(&self, window: &mut Window, gap: &Gap) -> Option<SatCastOutcome> {
        if gap.c < 0.0 {
            if gap.at(window.t_in) > 0.0 {
                // A subnormal rate overflows the crossing: the largest finite time
                // (past the step all the same).
                window.t_in = (-gap.s / gap.c).min(f64::MAX);
                window.enter = Some(*gap);
            }
        } else if gap.s > 0.0 {
            // Open, and never closing: certified when open by more than rounding.
            return Some(self.certified(
                gap.s,
                SatCastOutcome::GapStaysOpen {
                    face_of: gap.side,
                    face: gap.face as u32,
                    gap: gap.s,
                    rate: gap.c,
                },
            ));
        } else if gap.c > 0.0 && gap.at(window.t_out) > 0.0 {
            window.t_out = -gap.s / gap.c;
            window.exit = Some(*gap);
        }
        (window.t_in > window.t_out).then(|| self.empty_window(window))
    }

    fn face_step(&mut self, k: usize, watch: bool) -> Option<SatCastEvent> {
        let gap = self.measure(k);
        let before = self.window;
        let mut window = self.window;
        let ended = self.update(&mut window, &gap);
        self.window = window;
        self.faces += 1;
        self.phase = match ended {
            Some(outcome) => Phase::Finish(outcome),
            None if k + 1 < self.face_count() => Phase::Face(k + 1),
            None => Phase::Finish(self.closed_window()),
        };
        let change = if window.enter != before.enter {
            Change::Enter
        } else if window.exit != before.exit {
            Change::Exit
        } else {
            Change::None
        };
        watch.then(|| self.face_event(&gap, change))
    }

    /// Every face in turn, no event built: the steps of [`StepMachine::advance`]
    /// without the dispatch between them, the window in a local variable.
    #[inline(always)]
    fn run_unwatched(&mut self) {
        let _ = self.start_step(false);
        if let (Phase::Face(0), Some(polygons)) = (self.phase, self.polygons) {
            let mut window = self.window;
            let ended = self.faces_in_order(polygons, &mut window);
            self.window = window;
            let outcome = ended.unwrap_or_else(|| self.closed_window());
            self.phase = Phase::Finish(outcome);
        }
        if let Phase::Finish(outcome) = self.phase {
            self.finish(outcome, false);
        }
    }

    /// A's faces, then B's, each walk from the last face's vertex.
    #[inline(always)]
    fn faces_in_order(
        &mut self,
        polygons: (&ConvexPolygon, &ConvexPolygon),
        window: &mut Window,
    ) -> Option<SatCastOutcome> {
        let (n_a, n_b) = (polygons.0.vertices().len(), polygons.1.vertices().len());
        let mut start = None;
        for i in 0..n_a {
            let gap = self.face_of_a(polygons, i, start);
            start = Some(gap.vertex);
            if let Some(outcome) = self.update(window, &gap) {
                self.faces = i + 1;
                return Some(outcome);
            }
        }
        let mut start = None;
        for f in 0..n_b {
            let gap = self.face_of_b(polygons, f, start);
            start = Some(gap.vertex);
            if let Some(outcome) = self.update(window, &gap) {
                self.faces = n_a + f + 1;
                return Some(outcome);
            }
        }
        self.faces = n_a + n_b;
        None
    }

    /// The outcome when `t_in > t_out`: past the step's end, or passing by. Certified
    /// by how far apart the deciding gaps stay: the entering gap at `t = 1` (it only
    /// closes before), or where the entering and the leaving gaps' lines cross (one of
    /// the two is open by at least that at every time).
    fn empty_window(&self, window: &Window) -> SatCastOutcome {
        let Some(enter) = window.enter else {
            // t_in is still 0: only a gap open already could end it, and that is
            // `GapStaysOpen`.
            return SatCastOutcome::TooCloseToCall { hit: false };
        };
        if window.t_in > 1.0 {
            let outcome = SatCastOutcome::BeyondEnd { t_in: window.t_in };
            return self.certified(enter.at(1.0), outcome);
        }
        let Some(exit) = window.exit else {
            return SatCastOutcome::TooCloseToCall { hit: false };
        };
        // The lines s_i + t·c_i (falling) and s_j + t·c_j (rising) cross at t_x.
        let t_x = (exit.s - enter.s) / (enter.c - exit.c);
        let outcome = SatCastOutcome::PassesBy {
            t_in: window.t_in,
            t_out: window.t_out,
        };
        self.certified(enter.at(t_x), outcome)
    }

    /// `outcome` when `margin` (a gap that keeps the shapes apart) exceeds rounding,
    /// else GJK-raycast's answer.
    fn certified(&self, margin: f64, outcome: SatCastOutcome) -> SatCastOutcome {
        if margin > self.rounding {
            outcome
        } else {
            SatCastOutcome::TooCloseToCall { hit: false }
        }
    }

    /// The outcome when every face is measured and `t_in ≤ t_out`: a touch at `t = 0`
    /// (no gap open, or open by rounding only), else the first touch at `t_in` — each
    /// kept when its contact points are within the tolerance.
    fn closed_window(&mut self) -> SatCastOutcome {
        let Some(gap) = self.window.enter.filter(|g| g.s > self.rounding) else {
            return self.touching_at_start();
        };
        let t = self.window.t_in;
        // Squared distances: no square root waits on the last division.
        let tolerance2 = self.tolerance * self.tolerance;
        let (mut on_a, mut on_b, _) = self.contact_points(&gap, t, gap.vertex);
        if on_a.distance_squared(on_b) > tolerance2 {
            (on_a, on_b) = self.tied_contact(&gap, t);
            if on_a.distance_squared(on_b) > tolerance2 {
                return SatCastOutcome::TooCloseToCall { hit: false };
            }
        }
        let place = self.a.position() + self.motion_a.velocity * t;
        let contact = Contact {
            distance: 0.0,
            normal: Some(self.a.rotate(gap.normal)),
            point: Some(place + self.a.rotate(on_a)),
            point_b: Some(place + self.a.rotate(on_b)),
        };
        self.result = Some(CastResult::hit_at(t, contact, self.faces));
        SatCastOutcome::Hit {
            t,
            face_of: gap.side,
            face: gap.face as u32,
        }
    }

    /// No gap open at `t = 0` (or by rounding only): the contact as the static query
    /// sees it, as the shape cast reports an overlap at the start.
    #[cold]
    fn touching_at_start(&mut self) -> SatCastOutcome {
        let mut sweep = Sweep::new(self.a, self.motion_a, self.b, self.motion_b);
        let r = sweep.distance_at(0.0);
        let contact = sweep.contact(&r, 0.0);
        if contact.distance > self.tolerance {
            return SatCastOutcome::TooCloseToCall { hit: false };
        }
        self.result = Some(CastResult::hit_at(0.0, contact, self.faces));
        SatCastOutcome::InitialOverlap
    }

    /// The contact points at `t` of the face of `gap` and the other polygon's vertex
    /// `j` (A's frame, A at its place at `t`): the vertex, and the face's point
    /// nearest it; and how far the vertex lies behind the face's line.
    #[inline(always)]
    fn contact_points(&self, gap: &Gap, t: f64, j: usize) -> (DVec2, DVec2, f64) {
        let (pa, pb) = self.polygons.expect("two polygons");
        let (va, vb) = (pa.vertices(), pb.vertices());
        let place_b = |v: DVec2| self.rotation_ba.rotate(v) + self.offset + self.ray * t;
        let n = gap.normal;
        match gap.side {
            Side::A => {
                let on_b = place_b(vb[j]);
                let face = (va[gap.face], va[pa.next_index(gap.face)]);
                (nearest_on_face(on_b, face, n), on_b, n.dot(on_b - face.0))
            }
            Side::B => {
                let on_a = va[j];
                let face = (place_b(vb[gap.face]), place_b(vb[pb.next_index(gap.face)]));
                (on_a, nearest_on_face(on_a, face, n), n.dot(face.0 - on_a))
            }
        }
    }

    /// The contact points at `t` when the deepest vertex alone does not touch the face:
    /// with two faces parallel the deepest vertex is a tie, and the one the walk kept
    /// may lie beyond the end of the face — or both ends of the other polygon's
    /// parallel edge may, when it is the longer (a box landing on a wide floor). For
    /// each neighbour as deep within rounding, the edge it makes with the deepest
    /// vertex lies along the face: its ends against the face, and the face's ends
    /// against it; the closest pair. (Rare: tried only when the first does not touch.)
    #[cold]
    fn tied_contact(&self, gap: &Gap, t: f64) -> (DVec2, DVec2) {
        let (pa, pb) = self.polygons.expect("two polygons");
        let other = if gap.side == Side::A { pb } else { pa };
        let j = gap.vertex;
        let (on_a, on_b, depth) = self.contact_points(gap, t, j);
        let mut best = (on_a, on_b);
        let mut keep = |x: (DVec2, DVec2)| {
            if x.0.distance_squared(x.1) < best.0.distance_squared(best.1) {
                best = x;
            }
        };
        for k in [other.prev_index(j), other.next_index(j)] {
            let (a, b, d) = self.contact_points(gap, t, k);
            if d > depth + self.rounding {
                continue;
            }
            keep((a, b));
            // The tied edge (the two vertices of `other`) and the face, both placed.
            let (edge, face) = match gap.side {
                Side::A => ((on_b, b), self.face_at(gap, t)),
                Side::B => ((on_a, a), self.face_at(gap, t)),
            };
            for end in [face.0, face.1] {
                let on_edge = nearest_on_segment(end, edge);
                keep(match gap.side {
                    Side::A => (end, on_edge),
                    Side::B => (on_edge, end),
                });
            }
        }
        best
    }

    /// The two ends of `gap`'s face at `t` (A's frame, A at its place at `t`).
    fn face_at(&self, gap: &Gap, t: f64) -> (DVec2, DVec2) {
        let (pa, pb) = self.polygons.expect("two polygons");
        let place_b = |v: DVec2| self.rotation_ba.rotate(v) + self.offset + self.ray * t;
        match gap.side {
            Side::A => {
                let va = pa.vertices();
                (va[gap.face], va[pa.next_index(gap.face)])
            }
            Side::B => {
                let vb = pb.vertices();
                (place_b(vb[gap.face]), place_b(vb[pb.next_index(gap.face)]))
            }
        }
    }

    fn face_event(&self, gap: &Gap, change: Change) -> SatCastEvent {
        let (pa, pb) = self.polygons.expect("two polygons");
        let (va, vb) = (pa.vertices(), pb.vertices());
        // The edge of A − B with this normal: A's face vertex minus B's deepest (or
        // A's deepest minus B's face vertex), all at t = 0.
        let (vertex_point, edge_point) = match gap.side {
            Side::A => {
                let v = self.b.to_world(vb[gap.vertex]);
                (v, self.a.to_world(va[gap.face]) - v)
            }
            Side::B => {
                let v = self.a.to_world(va[gap.vertex]);
                (v, v - self.b.to_world(vb[gap.face]))
            }
        };
        SatCastEvent::Face {
            face_of: gap.side,
            face: gap.face as u32,
            normal: self.a.rotate(gap.normal),
            vertex: gap.vertex as u32,
            vertex_point,
            edge_point,
            gap: gap.s,
            rate: gap.c,
            // No crossing where the rate is 0, or too small for one to be a number.
            crossing: Some(-gap.s / gap.c).filter(|t| t.is_finite()),
            t_in: self.window.t_in,
            t_out: self.window.t_out,
            change,
        }
    }

    /// GJK-raycast's answer, when the gaps did not decide (rare: kept out of the
    /// faces' own code).
    #[cold]
    #[inline(never)]
    fn ask_gjk_raycast(&mut self) -> bool {
        let options = CastOptions::default();
        let r = ShapeCast::new(self.a, self.motion_a, self.b, self.motion_b, &options).run();
        self.result = Some(CastResult {
            iterations: self.faces,
            ..r
        });
        r.hit
    }

    #[inline(always)]
    fn finish(&mut self, outcome: SatCastOutcome, watch: bool) -> Option<SatCastEvent> {
        let outcome = match outcome {
            SatCastOutcome::TooCloseToCall { .. } => SatCastOutcome::TooCloseToCall {
                hit: self.ask_gjk_raycast(),
            },
            other => other,
        };
        self.outcome = Some(outcome);
        self.phase = Phase::Done;
        watch.then_some(SatCastEvent::Done { outcome })
    }
}

/// The SAT cast's end.
impl super::CastMachine for SatCast<'_> {
    type Outcome = SatCastOutcome;
    fn ending(&self) -> Option<SatCastOutcome> {
        self.outcome()
    }
    fn reason(&self) -> Option<&'static str> {
        self.outcome().map(|o| o.reason())
    }
    fn answer(&self) -> Option<CastResult> {
        self.result()
    }
    fn at_cap(&self) -> bool {
        false
    }
}

impl StepMachine for SatCast<'_> {
    type Event = SatCastEvent;

    fn advance(&mut self, watch: bool) -> Progress<SatCastEvent> {
        let event = match self.phase {
            Phase::Start => self.start_step(watch),
            Phase::Face(k) => self.face_step(k, watch),
            // The last event is always shown: it carries the outcome.
            Phase::Finish(outcome) => self.finish(outcome, true),
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}
