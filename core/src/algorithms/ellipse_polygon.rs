//! Ellipse against convex polygon: squash the plane until the ellipse is a circle, ask
//! the circle's question there, then climb to the exact distance by Newton's method —
//! or, when they overlap, find the shortest way out.
//!
//! **Squash.** In the ellipse's own axes the map `x ↦ (x/a, y/b)` turns the ellipse
//! into the unit circle and the polygon into another convex polygon. A linear map
//! keeps points inside or outside shapes, lines straight and one side of a line on
//! one side: the shapes overlap exactly when the squashed ones do, and a line that
//! separates the squashed shapes, mapped back, separates the real ones. So whether
//! they intersect is circle against polygon ([`super::circle_polygon`]) in the
//! squashed plane: the centre's distance `δ'` to the squashed polygon against 1.
//! Distances are not kept (the map stretches one way more than the other), so the
//! squashed picture gives a separating *direction*, not the distance.
//!
//! The squashed picture needs no squashed normals. A face's squashed separation is
//! `s'ᵢ = nᵢ·(c − vᵢ) / r(nᵢ)`: the centre's height above the face's line in units of
//! the ellipse's reach `r(n) = √(a²(n·x̂)² + b²(n·ŷ)²)` along the normal (the squashed
//! normal is `diag(a, b)·n`, of length `r(n)`, and `n·(c − v)` does not change under
//! the map). The real separation of the face is `sᵢ = nᵢ·(c − vᵢ) − r(nᵢ) = r·(s'ᵢ − 1)`.
//!
//! **Climb.** For a unit direction `m` from the ellipse towards the polygon, the gap
//! between the shapes' shadows on `m` is
//! `gap(m) = min over the polygon of m·p − max over the ellipse of m·e`, and the
//! distance is the largest gap over all `m` (the separating-axis theorem for
//! distances). Where the polygon's nearest point along `m` is vertex `v` (`−m` in the
//! vertex's normal cone, between the normals of its two edges),
//! `gap(θ) = m·(v − c) − r(m)`, smooth, with
//!
//! ```text
//! gap'(θ)  = m⊥·(v − e)        e = c + s(m): the ellipse's point nearest the polygon
//! gap''(θ) = −gap − ρ          ρ = a²b²/r³: the ellipse's radius of curvature at e
//! ```
//!
//! (the support function's `r'' = ρ − r`). Wherever the gap is positive it is
//! concave, and the directions that separate the shapes form one arc: a climb that
//! starts on it and goes uphill ends at the one maximum. Newton's step is
//! `Δθ = gap'/(gap + ρ)`, kept inside a bracket (bisection when it leaves it). At a
//! face normal `m = −nᵢ` the gap has a corner; where the ellipse's nearest point `e`
//! projects on the face says which way is up: between its ends, the face is the
//! answer (closed form: the gap is the face's separation); before its start, into
//! the first vertex's piece; past its end, into the second's.
//!
//! **Ways out.** When they overlap, the largest gap is negative and minus it is the
//! depth: the shortest move of the polygon that frees it. Along a face's reversed
//! normal `m = −nᵢ` the move is `−sᵢ` (the face's line pushed past the ellipse). Inside
//! a vertex's piece the gap is `m·(v − c) − r(m)`, minus the support function of the
//! ellipse seen from `v`; it is highest where the boundary's normal at the ellipse's
//! point `e` passes through `v` — and there the move takes `v` to `e`. Where the gap
//! is negative it need not be concave (`gap'' = −gap − ρ`), and a piece can hold two
//! peaks: the normals through a point are its critical points, the roots of
//! `F(t) = (ax/(t + a²))² + (by/(t + b²))² − 1` for the point `(x, y)` in the
//! ellipse's axes — one per quadrant for the point's own quadrant (its nearest
//! boundary point), and, when the point is inside the evolute
//! `(a|x|)^⅔ + (b|y|)^⅔ < |a² − b²|^⅔`, two more in the quadrant across the minor axis,
//! the one nearer the minor axis a second peak (the other a valley). `F` is convex
//! there and smallest at `t*`, whose direction `m*` separates the two: each peak has
//! a bracket where it is alone, and Newton's method with bisection finds it. Only
//! vertices inside the ellipse or its evolute have such peaks above the faces' (a
//! vertex outside both has one critical point below zero), and only a peak inside
//! the vertex's own piece counts; the depth is the smallest of the ways out.
//!
//! **In order.** The centre and axis in the polygon's frame, once; each edge's
//! squashed separation, the best edge, and the squashed centre's distance `δ'` and
//! nearest point `q'` (face or vertex region). If `δ' ≤ 1` they intersect, and the
//! depth is the shortest way out: across the face of largest real separation, or
//! through a vertex inside the ellipse (or its evolute) to the boundary point whose
//! normal passes through it; the deepest points are `e` and `e − depth·m`. Else `q'`
//! mapped back gives a separating direction `m` (a face region starts at `−n[best]`),
//! and the climb — face checks at face normals, Newton's steps in a vertex's piece
//! until `m` stops moving — ends at the distance `gap(m)`, between `e` and the
//! polygon's point. The pseudo-code the app shows beside the steps is
//! [`PSEUDO_CODE`]; [`line`](mod@line) names the lines the events execute.

mod climb;
mod ways_out;

use super::answer::{Penetration, Side};
use super::circle_polygon::{FaceEdge, VoronoiRegion};
use super::distance::{DistanceOutcome, DistanceResult};
use super::{Progress, StepMachine};
use crate::geometry::cross;
use crate::minkowski::Tolerance;
use crate::shapes::{ConvexPolygon, Ellipse, Geometry, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// Squash and climb's pseudo-code, as the app shows it beside the steps, one line
    /// per entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute. The end
    /// ([`EllipsePolygonEvent::Done`]) executes the line of what the result holds: a
    /// depth ([`DEPTH`](line::DEPTH)), a distance or a touch
    /// ([`RESULT`](line::RESULT)), or only that they intersect
    /// ([`INTERSECT`](line::INTERSECT)).
    pub mod line;
    SQUASH: "c, axes ← the ellipse's centre and axes in the polygon's frame",
    SEPARATION: "for each edge i:  s'[i] ← n[i]·(c − v[i]) / r(n[i])",
    REGION: "best ← the largest s'[i];  δ' ← the squashed distance",
    INTERSECT: "if δ' ≤ 1: they intersect; the depth is the shortest way out:",
    FACE_WAY: "    across a face: −s[i] along m = −n[i], s[i] the largest",
    VERTEX_WAY: "    through v inside: to e, where the normal m meets v",
    DEPTH: "    it counts if v is lowest along m; depth ← the shortest",
    DIRECTION: "m ← q' mapped back: the shadows are apart along m",
    FACE_CHECK: "at a face normal m = −n[i]: t ← where e projects",
    FACE_VERDICT: "    0 ≤ t ≤ 1: the face is nearest; else a vertex's piece",
    NEWTON: "in vertex v's piece: θ ← θ + gap'/(gap + ρ)",
    RESULT: "distance ← gap(m); closest points: e and the polygon's",
}

/// Most edges the squashed scan visits; a polygon with more ends with
/// [`EllipsePolygonOutcome::IterationLimit`].
pub const MAX_EDGES: usize = 1 << 20;

/// Most Newton probes and face checks the climb makes before it ends with
/// [`EllipsePolygonOutcome::IterationLimit`] (a climb takes a handful).
pub const MAX_CLIMB_STEPS: usize = 200;

/// The climb stops when the peak is bracketed this narrowly (radians): a thousand
/// times finer than the accuracy promised (1e-9), far above rounding.
const CLIMB_WIDTH: f64 = 1e-12;

/// A Newton turn this small is the last: taken without another probe, it leaves an
/// error of about its square (1e-14 rad).
const LAST_TURN: f64 = 1e-7;

/// A vertex's answer stands when the distance between its two points exceeds the gap
/// along its direction by at most this much of the pair's size.
const CERTIFIED: f64 = 1e-10;

/// Most directions one search for a vertex's boundary point probes (bisection alone
/// narrows a quarter turn to the climb's width, 1e-12 rad, in 41).
pub const MAX_WAY_PROBES: u32 = 64;

/// The polygon's feature nearest the ellipse, when they are apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "feature", content = "index", rename_all = "snake_case")]
pub enum Feature {
    /// The inside of edge `i`: the gap's maximum is at the face normal.
    Face(u32),
    /// Vertex `i`: the maximum is inside the vertex's piece.
    Vertex(u32),
}

/// One visible step.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EllipsePolygonEvent {
    /// The ellipse's centre and axes, taken into the polygon's frame once.
    Squash {
        /// Which shape is the polygon.
        polygon: Side,
        /// The ellipse's centre (world).
        centre: DVec2,
        /// The ellipse's semi-axes `a` (along its x axis) and `b`.
        axes: (f64, f64),
        /// The ellipse's x axis (world, unit).
        axis: DVec2,
    },
    /// One edge's squashed separation `s'ᵢ = nᵢ·(c − vᵢ)/r(nᵢ)`.
    Separation {
        /// The edge (world).
        edge: FaceEdge,
        /// `nᵢ·(c − vᵢ)`: the centre's height above the edge's line (world).
        height: f64,
        /// `r(nᵢ)`: how far the ellipse reaches along the normal.
        reach: f64,
        /// `s'ᵢ = height / reach`.
        squashed: f64,
        /// The best edge so far (after this one).
        best: u32,
        /// Its squashed separation.
        best_squashed: f64,
    },
    /// The squashed centre's region and distance: the circle's question answered.
    Region {
        /// The region of the squashed polygon holding the squashed centre.
        region: VoronoiRegion,
        /// Where the squashed centre projects on the best edge (`None` inside).
        t: Option<f64>,
        /// `δ'`, the squashed centre's signed distance to the squashed polygon.
        squashed_distance: f64,
        /// The polygon's point whose squashed image is nearest (world).
        nearest: DVec2,
    },
    /// The squashed separating line, mapped back: a direction along which the shapes'
    /// shadows are apart (the climb starts here).
    Direction {
        /// Unit direction from the ellipse towards the polygon (world).
        direction: DVec2,
        /// The gap of the shadows along it (> 0).
        gap: f64,
    },
    /// At a face normal `m = −nᵢ`: where the ellipse's nearest point projects on the
    /// face.
    FaceCheck {
        /// The edge (world).
        edge: FaceEdge,
        /// The ellipse's point nearest the polygon along `m` (world).
        ellipse_point: DVec2,
        /// Where it projects on the edge, 0 at its first vertex, 1 at its second.
        t: f64,
        /// The gap along `m`: the face's separation `sᵢ`.
        gap: f64,
        /// Where the climb goes on.
        next: FaceVerdict,
    },
    /// One Newton probe in a vertex's piece.
    Newton {
        /// The vertex.
        vertex: u32,
        /// Its position (world).
        vertex_point: DVec2,
        /// The direction probed (world, unit, from the ellipse towards the polygon).
        direction: DVec2,
        /// The ellipse's point nearest the polygon along it (world).
        ellipse_point: DVec2,
        /// The gap along it.
        gap: f64,
        /// The gap's slope `gap'(θ) = m⊥·(v − e)`.
        slope: f64,
        /// The ellipse's radius of curvature at `e`, `ρ`.
        curvature_radius: f64,
        /// The turn from the last direction probed to this one, radians.
        turn: f64,
        /// How this direction was chosen.
        how: Turn,
        /// Whether the climb ends here (Newton's next turn would be below 1e-12 rad,
        /// the bracket is that narrow, or the slope is zero).
        settled: bool,
    },
    /// Overlapping: the best way out across a face — the polygon pushed back along
    /// `m = −nᵢ` by how far the ellipse reaches past the face's line, `−sᵢ`.
    FaceWayOut {
        /// The face (world).
        edge: FaceEdge,
        /// The ellipse's point deepest past the face's line (world).
        ellipse_point: DVec2,
        /// `m = −nᵢ`, from the ellipse towards the polygon (world, unit).
        direction: DVec2,
        /// `−sᵢ`: how far the polygon moves along `m` to come free of the ellipse
        /// (if nothing else holds it).
        depth: f64,
    },
    /// Overlapping: a polygon vertex inside the ellipse, pushed out to a point of the
    /// ellipse's boundary whose normal passes through it (the nearest, or the second
    /// such point nearer than its neighbours when the vertex is inside the evolute).
    VertexWayOut {
        /// The vertex.
        vertex: u32,
        /// Its position (world).
        vertex_point: DVec2,
        /// The second local minimum of the vertex's distance to the boundary (else
        /// the nearest point).
        second: bool,
        /// Why no boundary point was searched for, if none was.
        passed: Option<PassedOver>,
        /// The boundary point (world); `None` when passed over.
        boundary_point: Option<DVec2>,
        /// The push's direction, the boundary's normal there (world, unit, from the
        /// ellipse towards the polygon); `None` when passed over.
        direction: Option<DVec2>,
        /// How far: the vertex's distance to that boundary point; `None` when passed
        /// over.
        depth: Option<f64>,
        /// Whether the vertex is the polygon's deepest point along the direction (its
        /// lowest): only then does the push free the whole polygon.
        counts: bool,
        /// `min(a, b)·(1 − |v'|)`: no way out through this vertex is shorter.
        bound: f64,
        /// Directions probed by the search for the boundary point.
        probes: u32,
        /// The shortest way out so far (after this one).
        best_depth: f64,
    },
    /// The end, with its reason.
    Done {
        /// How it ended.
        outcome: EllipsePolygonOutcome,
    },
}

/// Why a vertex's way out was not searched for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PassedOver {
    /// The vertex's piece of directions (where it is the polygon's lowest point,
    /// between its edges' reversed normals) does not meet the directions where the
    /// boundary point's normal lies: no push along those frees the polygon.
    OutsidePiece,
    /// Even the bound `min(a, b)·(1 − |v'|)` is no shorter than the best way out.
    Bound,
    /// Searched, but the vertex's gap rises all the way to the end of its piece, a
    /// face normal: no boundary normal in the piece passes through the vertex (that
    /// face's way out is no shorter than the best face's).
    PieceEnd,
}

/// The overlap's depth: the shortest way out, and through which feature of the
/// polygon.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct WayOut {
    /// How far B moves along `normal` to separate the shapes.
    pub depth: f64,
    /// Unit normal from A towards B (world).
    pub normal: DVec2,
    /// The polygon's feature pushed out: a face, or a vertex inside the ellipse.
    pub through: Feature,
}

/// How a Newton probe's direction was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Turn {
    /// Newton's step from the last probe, `Δθ = gap'/(gap + ρ)`.
    Newton,
    /// Halfway between the last probe below the maximum and the nearest beyond it
    /// (Newton's step left that bracket).
    Bisection,
    /// The piece's far end, a face normal (Newton's step would pass it).
    PieceEnd,
}

/// What a face check decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "next", content = "vertex", rename_all = "snake_case")]
pub enum FaceVerdict {
    /// The ellipse's point projects inside the face: the face is nearest.
    Face,
    /// The gap grows into vertex `i`'s piece (before the face's start, or past its
    /// end).
    Vertex(u32),
}

/// How the method ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum EllipsePolygonOutcome {
    /// Apart by `distance`, the polygon's nearest feature `feature`.
    Separated {
        /// The distance.
        distance: f64,
        /// The polygon's nearest feature.
        feature: Feature,
    },
    /// Apart by no more than the touching tolerance: they intersect, at depth 0.
    Touching {
        /// The gap (between 0 and the touching tolerance).
        gap: f64,
    },
    /// The squashed polygon reaches into the unit circle (`δ' ≤ 1`).
    Overlapping {
        /// `δ'`.
        squashed_distance: f64,
        /// The squashed centre's region.
        region: VoronoiRegion,
        /// The depth (`None` when only the distance was asked for).
        way_out: Option<WayOut>,
    },
    /// The ellipse's centre is inside the polygon.
    CentreInside {
        /// The edge of the squashed centre's nearest way out.
        face: u32,
        /// The depth (`None` when only the distance was asked for).
        way_out: Option<WayOut>,
    },
    /// The climb's vertex answer was not certified (the distance between its two
    /// points exceeded its gap by more than 1e-10 of the size: an ellipse too thin
    /// for directions to resolve); GJK distance answered.
    GjkAnswered {
        /// The gap the climb reached (a lower bound on the distance).
        climb_gap: f64,
        /// GJK distance's distance.
        distance: f64,
    },
    /// The best face's way out was not certified (the ellipse's deepest point did not
    /// project onto the face: only rounding gets there); GJK and EPA measured the
    /// depth.
    EpaAnswered {
        /// EPA's depth.
        depth: f64,
    },
    /// The polygon has more than [`MAX_EDGES`] edges, or the climb took more than
    /// [`MAX_CLIMB_STEPS`] steps: the best gap found is the answer.
    IterationLimit {
        /// Edges visited plus climb steps.
        steps: usize,
    },
}

/// What the method found.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EllipsePolygonResult {
    /// Whether the shapes intersect (touching counts).
    pub intersects: bool,
    /// Distance between the shapes (0 when they intersect).
    pub distance: f64,
    /// Closest points on A and on B (world), when apart.
    pub closest: Option<(DVec2, DVec2)>,
    /// The polygon's nearest feature, when apart.
    pub feature: Option<Feature>,
    /// `δ'`, the squashed centre's signed distance to the squashed polygon.
    pub squashed_distance: f64,
    /// The squashed centre's region.
    pub region: VoronoiRegion,
    /// Which shape is the polygon.
    pub polygon: Side,
    /// How it ended.
    pub outcome: EllipsePolygonOutcome,
    /// Edges visited and climb steps taken.
    pub steps: usize,
    /// The ellipse's support points computed: face checks, Newton probes and the
    /// answer's (for an overlap, the ways out's probes).
    pub support_points: usize,
    /// Depth, normal and deepest points, when they overlap and the depth was asked
    /// for (depth 0 when they touch, a hair apart).
    pub penetration: Option<Penetration>,
}

/// A direction probed in a vertex's piece.
#[derive(Clone, Copy, Debug)]
struct Probe {
    /// `tan` of the turn from the piece's reference direction.
    u: f64,
    /// The direction (polygon frame, unit).
    m: DVec2,
    /// The ellipse's point nearest the polygon along `m`, `e = c + s(m)`.
    e: DVec2,
    gap: f64,
    slope: f64,
    /// `ρ`, the radius of curvature at `e`.
    rho: f64,
}

impl Probe {
    /// The peak's direction, when the climb ends here: the slope is zero, or Newton's
    /// next turn `Δθ = gap'/(gap + ρ)` is below [`LAST_TURN`] — then that turn is
    /// taken without another probe (Newton converges quadratically: the error left
    /// after it is about its square, far below [`CLIMB_WIDTH`]).
    #[inline(always)]
    fn peak(&self) -> Option<DVec2> {
        if self.slope == 0.0 {
            return Some(self.m);
        }
        let curvature = self.gap + self.rho;
        let turn = self.slope / curvature;
        (curvature > 0.0 && turn.abs() <= LAST_TURN)
            .then(|| (self.m + self.m.perp() * turn).normalize())
    }
}

/// The climb inside one vertex's piece: directions `m(u) = (ref + u·ref⊥)/|…|`, `u`
/// from the entry towards the piece's far end `far` (its sign is `dir`).
#[derive(Clone, Copy, Debug)]
struct Piece {
    vertex: usize,
    reference: DVec2,
    /// +1: turning counter-clockwise (towards edge `vertex`'s normal), −1: clockwise.
    dir: f64,
    /// `u` of the far end (a face normal).
    far: f64,
    /// The face at the far end.
    far_face: usize,
    /// The gap where the piece was entered (the climb never goes below it).
    floor: f64,
    /// The last probe below the maximum (uphill still ahead).
    below: Probe,
    /// The nearest probe known past the maximum.
    beyond: Option<Probe>,
    /// The probe Newton's next step starts from.
    last: Probe,
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Squash,
    Scan,
    Region,
    Start,
    Face(usize),
    /// In [`EllipsePolygon::piece`].
    Piece,
    /// Overlapping: the best face's way out.
    DepthFace,
    /// Overlapping: the ways out through vertex `k` (the nearest boundary point, or
    /// the second).
    DepthVertex(usize, bool),
    Finish(Found),
    Done,
}

/// Where the climb ended.
#[derive(Clone, Copy, Debug)]
enum Found {
    /// They intersect (squashed picture).
    Overlap,
    /// At face `i`'s normal.
    Face(usize),
    /// Inside vertex `k`'s piece, at direction `m`.
    Vertex(usize, DVec2),
    /// Out of steps: the best direction known, at vertex `k`.
    Limit(usize, DVec2),
    /// Overlapping, the depth measured: the best way out (see [`Deepest`]).
    Depth,
}

/// The best way out found so far: the largest (negative) gap, along which direction,
/// through which feature.
#[derive(Clone, Copy, Debug)]
struct Deepest {
    gap: f64,
    m: DVec2,
    through: Feature,
}

/// The method as a step machine.
#[derive(Clone, Debug)]
pub struct EllipsePolygon<'s> {
    polygon_shape: &'s Shape,
    polygon: &'s ConvexPolygon,
    ellipse_shape: &'s Shape,
    ellipse: Ellipse,
    polygon_side: Side,
    /// The ellipse's centre in the polygon's frame.
    centre: DVec2,
    /// The ellipse's x axis in the polygon's frame (unit).
    axis: DVec2,
    tolerance: Tolerance,
    /// The next edge to measure.
    next: usize,
    /// The best edge so far, its height `nᵢ·(c − vᵢ)` and its squared reach `r(nᵢ)²`
    /// (its squashed separation is `height/reach`).
    best: (usize, f64, f64),
    /// The squashed region, `δ'` and the squashed nearest point (squashed frame).
    region: Option<(VoronoiRegion, f64, DVec2)>,
    /// Climb steps taken.
    climbed: usize,
    /// The vertex piece the climb is in.
    piece: Option<Piece>,
    /// Whether an overlap's depth is measured (not when only the distance is asked).
    depth_wanted: bool,
    /// The best way out, once the depth is being measured.
    deepest: Option<Deepest>,
    phase: Phase,
    result: Option<EllipsePolygonResult>,
}

impl<'s> EllipsePolygon<'s> {
    /// The method for an ellipse and a convex polygon, either way round; `None` for
    /// any other pair.
    #[inline(always)]
    pub fn for_pair(a: &'s Shape, b: &'s Shape) -> Option<Self> {
        let (polygon_shape, ellipse_shape, polygon_side) = match (a.geometry(), b.geometry()) {
            (Geometry::Polygon(_), Geometry::Ellipse(_)) => (a, b, Side::A),
            (Geometry::Ellipse(_), Geometry::Polygon(_)) => (b, a, Side::B),
            _ => return None,
        };
        let (Geometry::Polygon(polygon), Geometry::Ellipse(ellipse)) =
            (polygon_shape.geometry(), ellipse_shape.geometry())
        else {
            return None;
        };
        Some(EllipsePolygon {
            polygon_shape,
            polygon,
            ellipse_shape,
            ellipse: *ellipse,
            polygon_side,
            centre: DVec2::ZERO,
            axis: DVec2::X,
            tolerance: Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius())),
            next: 0,
            best: (0, f64::NEG_INFINITY, 1.0),
            region: None,
            climbed: 0,
            piece: None,
            depth_wanted: true,
            deepest: None,
            phase: Phase::Squash,
            result: None,
        })
    }

    /// Runs to the end and returns the result (the fast path).
    #[inline(always)]
    pub fn run(mut self) -> EllipsePolygonResult {
        super::run_to_end(&mut self);
        self.result.expect("a finished method has a result")
    }

    /// The same method ending as soon as an overlap is known, without its depth (for
    /// a distance query).
    #[inline(always)]
    pub fn distance_only(mut self) -> Self {
        self.depth_wanted = false;
        self
    }

    /// Whether the shapes intersect: the steps in their order, stopping after the
    /// squashed region when it decides (`δ' ≤ 1`: they do; `δ'` beyond 1 by more than
    /// the touching tolerance allows: they do not — the real gap is at least
    /// `min(a, b)·(δ' − 1)`, the map stretching no length by more than `1/min(a, b)`);
    /// only a pair within a hair of touching climbs to the real gap.
    #[inline(always)]
    pub fn intersects(mut self) -> bool {
        if let Phase::Squash = self.phase {
            let _ = self.squash(false);
            let _ = self.scan(false);
            let _ = self.region_step(false);
            let delta = self.squashed_distance();
            if delta <= 1.0 {
                return true;
            }
            if self.surely_apart() {
                return false;
            }
        }
        self.run().intersects
    }

    /// The penetration: the steps in their order, stopping after the squashed region
    /// when it shows them apart by more than the touching tolerance (as
    /// [`intersects`](Self::intersects) does), else to the end: the ways out's depth;
    /// touching (a hair apart, within the tolerance), depth 0 along the climb's
    /// direction; `None` when apart.
    #[inline(always)]
    pub fn penetration(mut self) -> Option<Penetration> {
        if let Phase::Squash = self.phase {
            let _ = self.squash(false);
            let _ = self.scan(false);
            let _ = self.region_step(false);
            if self.surely_apart() {
                return None;
            }
        }
        self.run().penetration
    }

    /// The result, once ended.
    pub fn result(&self) -> Option<EllipsePolygonResult> {
        self.result
    }

    /// The gap where the climb in the current vertex's piece began (its floor: a
    /// probe below it lies by another hump of the gap, and the next probe bisects);
    /// `None` before the climb enters a piece.
    pub fn climb_floor(&self) -> Option<f64> {
        self.piece.map(|p| p.floor)
    }

    /// Which shape is the polygon.
    pub fn polygon_side(&self) -> Side {
        self.polygon_side
    }

    /// The polygon shape and the ellipse shape.
    pub fn shapes(&self) -> (&'s Shape, &'s Shape) {
        (self.polygon_shape, self.ellipse_shape)
    }

    /// Edge `i` of the polygon in world coordinates.
    pub fn edge(&self, i: usize) -> FaceEdge {
        FaceEdge::of(self.polygon_shape, self.polygon, i)
    }

    /// A world point in the squashed plane.
    pub fn squash_world(&self, p: DVec2) -> DVec2 {
        let (ax, ay) = self.world_axes();
        let d = p - self.ellipse_shape.position();
        DVec2::new(d.dot(ax) / self.ellipse.a, d.dot(ay) / self.ellipse.b)
    }

    /// The ellipse's axes (world, unit).
    fn world_axes(&self) -> (DVec2, DVec2) {
        let ax = self.ellipse_shape.rotate(DVec2::X);
        (ax, ax.perp())
    }

    /// Whether the squashed region shows the shapes apart by more than the touching
    /// tolerance: the real gap is at least `min(a, b)·(δ' − 1)` (the map stretches no
    /// length by more than `1/min(a, b)`).
    #[inline(always)]
    fn surely_apart(&self) -> bool {
        let delta = self.squashed_distance();
        delta > 1.0 && self.ellipse.a.min(self.ellipse.b) * (delta - 1.0) > self.tolerance.touch
    }

    /// `δ'` once the region is known (else +∞).
    fn squashed_distance(&self) -> f64 {
        self.region.map_or(f64::INFINITY, |r| r.1)
    }

    /// The squashed image of a polygon-frame point.
    #[inline(always)]
    fn squash_local(&self, p: DVec2) -> DVec2 {
        self.squash_vector(p - self.centre)
    }

    /// The squashed image of a polygon-frame vector (the map's linear part).
    #[inline(always)]
    fn squash_vector(&self, d: DVec2) -> DVec2 {
        DVec2::new(
            d.dot(self.axis) / self.ellipse.a,
            d.dot(self.axis.perp()) / self.ellipse.b,
        )
    }

    /// A squashed point mapped back to the polygon's frame.
    #[inline(always)]
    fn unsquash_local(&self, q: DVec2) -> DVec2 {
        self.centre + self.axis * (q.x * self.ellipse.a) + self.axis.perp() * (q.y * self.ellipse.b)
    }

    /// Step 1: the ellipse's centre and axis into the polygon's frame.
    #[inline(always)]
    fn squash(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let offset = self.ellipse_shape.position() - self.polygon_shape.position();
        self.centre = self.polygon_shape.unrotate(offset);
        self.axis = self
            .polygon_shape
            .unrotate(self.ellipse_shape.rotate(DVec2::X));
        self.phase = Phase::Scan;
        watch.then(|| EllipsePolygonEvent::Squash {
            polygon: self.polygon_side,
            centre: self.ellipse_shape.position(),
            axes: (self.ellipse.a, self.ellipse.b),
            axis: self.ellipse_shape.rotate(DVec2::X),
        })
    }

    /// Edge `i`'s height `nᵢ·(c − vᵢ)` and reach `r(nᵢ)`.
    #[inline(always)]
    fn height_and_reach(&self, i: usize) -> (f64, f64) {
        let (height, reach_squared) = self.height_and_reach_squared(i);
        (height, reach_squared.sqrt())
    }

    /// Edge `i`'s height `nᵢ·(c − vᵢ)` and squared reach `r(nᵢ)²`, where
    /// `r(n) = √(a²(n·x̂)² + b²(n·ŷ)²)` is how far the ellipse reaches from its centre
    /// along the unit `n` (polygon frame), the length of the squashed normal.
    #[inline(always)]
    fn height_and_reach_squared(&self, i: usize) -> (f64, f64) {
        let n = self.polygon.normals()[i];
        let (x, y) = (n.dot(self.axis), n.dot(self.axis.perp()));
        let (a, b) = (self.ellipse.a, self.ellipse.b);
        (
            n.dot(self.centre - self.polygon.vertices()[i]),
            DVec2::new(a * x, b * y).length_squared(),
        )
    }

    /// The best edge's squashed separation `s' = height/reach`.
    fn best_squashed(&self) -> f64 {
        let (_, height, reach_squared) = self.best;
        height / reach_squared.sqrt()
    }

    /// Step 2: squashed separations. Watched, one edge per step; not watched, the
    /// whole loop. Ties keep the lower index.
    #[inline(always)]
    fn scan(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let end = self.polygon.vertices().len().min(MAX_EDGES);
        let last = if watch { (self.next + 1).min(end) } else { end };
        let mut best = self.best;
        for i in self.next..last {
            // s'ᵢ = nᵢ·(c − vᵢ) / r(nᵢ), compared without computing it.
            let (height, reach_squared) = self.height_and_reach_squared(i);
            if squashed_greater((height, reach_squared), (best.1, best.2)) {
                best = (i, height, reach_squared);
            }
        }
        let measured = self.next;
        self.best = best;
        self.next = last;
        if self.next >= end {
            self.phase = Phase::Region;
        }
        watch.then(|| {
            let (height, reach) = self.height_and_reach(measured);
            EllipsePolygonEvent::Separation {
                edge: self.edge(measured),
                height,
                reach,
                squashed: height / reach,
                best: best.0 as u32,
                best_squashed: self.best_squashed(),
            }
        })
    }

    /// Step 3: the squashed centre's region and distance `δ'` (circle against polygon
    /// in the squashed plane, the centre at its origin).
    #[inline(always)]
    fn region_step(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let (i, s, (q1, e, t)) = self.settle_edge(self.best.0, self.best_squashed());
        let j = self.polygon.next_index(i);
        let q2 = q1 + e;
        // s' ≤ 0 with t outside 0..1 after the walk: the centre is past an end v along
        // both edges of v, a needle's rounding, and v's vertex region (see
        // circle_polygon's notes).
        let (region, t, delta, nearest) = if s <= 0.0 && (0.0..=1.0).contains(&t) {
            // The centre is inside: its squashed foot on the best edge.
            (VoronoiRegion::Inside(i as u32), None, s, q1 + e * t)
        } else if t <= 0.0 {
            (VoronoiRegion::Vertex(i as u32), Some(t), q1.length(), q1)
        } else if t >= 1.0 {
            (VoronoiRegion::Vertex(j as u32), Some(t), q2.length(), q2)
        } else {
            (VoronoiRegion::Face(i as u32), Some(t), s, q1 + e * t)
        };
        self.region = Some((region, delta, nearest));
        self.phase = if delta <= 1.0 && self.depth_wanted {
            Phase::DepthFace
        } else if delta <= 1.0 {
            Phase::Finish(Found::Overlap)
        } else {
            Phase::Start
        };
        watch.then(|| EllipsePolygonEvent::Region {
            region,
            t,
            squashed_distance: delta,
            nearest: self.polygon_shape.to_world(self.unsquash_local(nearest)),
        })
    }

    /// Edge `i` in the squashed plane: its first vertex `q₁`, its vector `e` and where
    /// the squashed centre (the origin) projects on it, `t = (0 − q₁)·e / |e|²`. The
    /// vector is the squashed difference of the vertices: `q₂ − q₁` would subtract two
    /// points measured from the ellipse's centre, and an edge short beside that
    /// distance (1e-9 long, 1e9 away) would be lost to rounding.
    #[inline(always)]
    fn squashed_edge(&self, i: usize) -> (DVec2, DVec2, f64) {
        let vertices = self.polygon.vertices();
        let q1 = self.squash_local(vertices[i]);
        let e = self.squash_vector(vertices[self.polygon.next_index(i)] - vertices[i]);
        (q1, e, -q1.dot(e) / e.length_squared())
    }

    /// The edge whose region holds the squashed centre, from the best edge `i`
    /// (squashed separation `s`): while the centre is past an end `v` of the edge but
    /// not past `v` along `v`'s other edge (nearly in line), that other edge — the walk
    /// of circle_polygon's `settle_edge`, in the squashed plane.
    #[inline(always)]
    fn settle_edge(&self, mut i: usize, mut s: f64) -> (usize, f64, (DVec2, DVec2, f64)) {
        let vertices = self.polygon.vertices();
        let mut edge = self.squashed_edge(i);
        let backwards = edge.2 < 0.0;
        for _ in 1..vertices.len().min(MAX_EDGES) {
            let (q1, e, t) = edge;
            let other = if backwards && t < 0.0 {
                // Before vᵢ; the other edge runs from vₕ to vᵢ: not past vᵢ along it?
                let h = self.polygon.prev_index(i);
                let along = (-q1).dot(self.squash_vector(vertices[i] - vertices[h]));
                (along <= 0.0).then_some(h)
            } else if !backwards && t > 1.0 {
                // After vⱼ; the other edge runs from vⱼ to vₖ: not before vⱼ along it?
                let j = self.polygon.next_index(i);
                let k = self.polygon.next_index(j);
                let along = (-(q1 + e)).dot(self.squash_vector(vertices[k] - vertices[j]));
                (along >= 0.0).then_some(j)
            } else {
                None
            };
            let Some(k) = other else { break };
            let (height, reach) = self.height_and_reach(k);
            (i, s, edge) = (k, height / reach, self.squashed_edge(k));
        }
        (i, s, edge)
    }

    /// An end other than the climb's own: the answer `(intersects, distance, closest)`
    /// with its outcome, the support points beyond the method's own, and the
    /// penetration.
    fn end_with(
        &mut self,
        (intersects, distance, closest): (bool, f64, Option<(DVec2, DVec2)>),
        outcome: EllipsePolygonOutcome,
        (extra_support_points, penetration): (usize, Option<Penetration>),
        watch: bool,
    ) -> Option<EllipsePolygonEvent> {
        let (region, delta, _) = self.region.expect("the region comes first");
        self.result = Some(EllipsePolygonResult {
            intersects,
            distance,
            closest,
            feature: None,
            squashed_distance: delta,
            region,
            polygon: self.polygon_side,
            outcome,
            steps: self.next + self.climbed,
            support_points: self.climbed + extra_support_points,
            penetration,
        });
        self.phase = Phase::Done;
        watch.then(|| EllipsePolygonEvent::Done { outcome })
    }

    /// The shapes in the pair's order, A and B.
    fn shapes_a_b(&self) -> (&'s Shape, &'s Shape) {
        match self.polygon_side {
            Side::A => (self.polygon_shape, self.ellipse_shape),
            Side::B => (self.ellipse_shape, self.polygon_shape),
        }
    }
}

impl StepMachine for EllipsePolygon<'_> {
    type Event = EllipsePolygonEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<EllipsePolygonEvent> {
        let event = match self.phase {
            Phase::Squash => self.squash(watch),
            Phase::Scan => self.scan(watch),
            Phase::Region => self.region_step(watch),
            Phase::Start => self.start_step(watch),
            // Out of steps: the best direction known is the answer.
            Phase::Face(i) if self.climbed >= MAX_CLIMB_STEPS => {
                self.finish(Found::Limit(i, -self.polygon.normals()[i]), watch)
            }
            Phase::Piece if self.climbed >= MAX_CLIMB_STEPS => {
                let p = self.piece.expect("a piece is entered before its probes");
                self.finish(Found::Limit(p.vertex, p.below.m), watch)
            }
            Phase::Face(i) => self.face_step(i, watch),
            Phase::Piece => self.newton_step(watch),
            Phase::DepthFace => self.depth_face_step(watch),
            Phase::DepthVertex(k, second) => self.depth_vertex_step(k, second, watch),
            Phase::Finish(Found::Depth) => self.finish_depth(watch),
            Phase::Finish(found) => self.finish(found, watch),
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}

impl EllipsePolygonResult {
    /// How GJK distance would name this ending (the `gjk` outcome of `gjk-lab query`).
    pub fn distance_outcome(&self) -> DistanceOutcome {
        match self.outcome {
            EllipsePolygonOutcome::Touching { gap } => {
                DistanceOutcome::OriginOnSimplex { distance: gap }
            }
            _ if self.intersects => DistanceOutcome::OriginEnclosed,
            _ => DistanceOutcome::Converged {
                distance: self.distance,
            },
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

/// Where two arcs of directions meet, each given counter-clockwise from its first
/// end and less than half a turn long (so they meet in one arc, or not at all).
#[inline(always)]
fn arc_intersection(one: (DVec2, DVec2), other: (DVec2, DVec2)) -> Option<(DVec2, DVec2)> {
    let within =
        |p: DVec2, (from, to): (DVec2, DVec2)| cross(from, p) >= 0.0 && cross(p, to) >= 0.0;
    let start = if within(other.0, one) {
        other.0
    } else if within(one.0, other) {
        one.0
    } else {
        return None;
    };
    let end = if within(other.1, one) {
        other.1
    } else if within(one.1, other) {
        one.1
    } else {
        return None;
    };
    Some((start, end))
}

/// Whether one squashed separation `h₁/r₁` exceeds another `h₂/r₂`, given heights and
/// squared reaches `(h, r²)`, without square roots or divisions (the scan's inner
/// loop): a height of one sign beats one below it; two non-negative ones compare
/// `h₁²r₂² > h₂²r₁²`, two negative ones the other way. Where the squares overflow or
/// underflow (or a height is 0), the quotients themselves are compared.
#[inline(always)]
fn squashed_greater((h1, r1): (f64, f64), (h2, r2): (f64, f64)) -> bool {
    let (left, right) = (h1 * h1 * r2, h2 * h2 * r1);
    if !(left.is_normal() && right.is_normal()) {
        return h1 / r1.sqrt() > h2 / r2.sqrt();
    }
    match (h1 > 0.0, h2 > 0.0) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => left > right,
        (false, false) => left < right,
    }
}
