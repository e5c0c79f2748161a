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
/// narrows a quarter turn to [`CLIMB_WIDTH`] in 41).
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

    /// Step 4: the squashed separating direction, mapped back. A face region starts
    /// at the face's normal itself (its squashed normal maps back onto it).
    #[inline(always)]
    fn start_step(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let (region, _, nearest) = self.region.expect("the region comes first");
        let (direction, gap) = match region {
            VoronoiRegion::Face(i) => {
                let i = i as usize;
                self.phase = Phase::Face(i);
                let n = self.polygon.normals()[i];
                let (height, reach) = self.height_and_reach(i);
                (-n, height - reach)
            }
            VoronoiRegion::Vertex(k) => {
                // The squashed line normal to q' separates; mapped back, its normal is
                // diag(1/a, 1/b)·q' in the ellipse's axes (normals map by the inverse
                // transpose). It points from the ellipse towards the polygon.
                let m = (self.axis * (nearest.x / self.ellipse.a)
                    + self.axis.perp() * (nearest.y / self.ellipse.b))
                    .normalize();
                let k = k as usize;
                self.phase = match self.enter_piece(k, m) {
                    Ok(piece) => self.enter(piece),
                    // Level already: the peak is here.
                    Err(peak) => Phase::Finish(Found::Vertex(k, peak)),
                };
                (m, f64::NAN)
            }
            VoronoiRegion::Inside(_) => unreachable!("inside is an overlap"),
        };
        watch.then(|| EllipsePolygonEvent::Direction {
            direction: self.polygon_shape.rotate(direction),
            gap: match region {
                VoronoiRegion::Vertex(k) => self.probe(k as usize, direction, 0.0).gap,
                _ => gap,
            },
        })
    }

    /// Probes direction `m` in vertex `k`'s piece (`u` is its place in the piece).
    #[inline(always)]
    fn probe(&self, k: usize, m: DVec2, u: f64) -> Probe {
        let v = self.polygon.vertices()[k];
        let (x, y) = (m.dot(self.axis), m.dot(self.axis.perp()));
        let (a2, b2) = (
            self.ellipse.a * self.ellipse.a,
            self.ellipse.b * self.ellipse.b,
        );
        let r = (a2 * x * x + b2 * y * y).sqrt();
        // s(m) = (a²x·x̂ + b²y·ŷ)/r: the ellipse's support point, from its centre.
        let e = self.centre + (self.axis * (a2 * x) + self.axis.perp() * (b2 * y)) / r;
        Probe {
            u,
            m,
            e,
            gap: m.dot(v - self.centre) - r,
            slope: m.perp().dot(v - e),
            rho: a2 * b2 / (r * r * r),
        }
    }

    /// The piece of vertex `k` entered at direction `m`, climbing the way its slope
    /// says; or the peak's direction when `m` is already at it (see [`Probe::peak`]).
    #[inline(always)]
    fn enter_piece(&self, k: usize, m: DVec2) -> Result<Piece, DVec2> {
        let start = self.probe(k, m, 0.0);
        if let Some(peak) = start.peak() {
            return Err(peak);
        }
        let n = self.polygon.vertices().len();
        let dir = start.slope.signum();
        // Counter-clockwise the piece ends at −n[k], clockwise at −n[k − 1].
        let far_face = if dir > 0.0 { k } else { (k + n - 1) % n };
        let end = -self.polygon.normals()[far_face];
        // Directions as m(u) = (m + u·m⊥)/|…|: u = tan of the turn from m. The piece
        // spans less than half a turn, but its far end may be more than a quarter
        // away; then the reference is the bisector of m and the end: m turned by half
        // the turn to the end, the climb's way round (not (m + end)/|m + end|, which
        // rounding ruins when the piece spans almost half a turn — a sliver's vertex).
        let reference = if m.dot(end) > 0.0 {
            m
        } else {
            let half = 0.5 * dir * cross(m, end).atan2(m.dot(end)).abs();
            m * half.cos() + m.perp() * half.sin()
        };
        let u_of = |d: DVec2| cross(reference, d) / reference.dot(d);
        let start = Probe {
            u: u_of(m),
            ..start
        };
        Ok(Piece {
            vertex: k,
            reference,
            dir,
            far: u_of(end),
            far_face,
            floor: start.gap,
            below: start,
            beyond: None,
            last: start,
        })
    }

    /// The climb goes on in `piece`.
    #[inline(always)]
    fn enter(&mut self, piece: Piece) -> Phase {
        self.piece = Some(piece);
        Phase::Piece
    }

    /// A face check: at `m = −nᵢ`, where the ellipse's nearest point projects on edge
    /// `i` decides between the face and the vertex piece uphill.
    #[inline(always)]
    fn face_step(&mut self, i: usize, watch: bool) -> Option<EllipsePolygonEvent> {
        self.climbed += 1;
        let vertices = self.polygon.vertices();
        let n = vertices.len();
        let j = if i + 1 == n { 0 } else { i + 1 };
        let normal = self.polygon.normals()[i];
        let m = -normal;
        let probe = self.probe(i, m, 0.0);
        let edge = vertices[j] - vertices[i];
        // t = (e − vᵢ)·(vⱼ − vᵢ)/|vⱼ − vᵢ|²
        let t = (probe.e - vertices[i]).dot(edge) / edge.length_squared();
        let next = if (0.0..=1.0).contains(&t) {
            self.phase = Phase::Finish(Found::Face(i));
            FaceVerdict::Face
        } else {
            // Before the start: the gap grows clockwise, into vertex i's piece; past
            // the end, counter-clockwise into vertex j's.
            let k = if t < 0.0 { i } else { j };
            self.phase = match self.enter_piece(k, m) {
                Ok(piece) => self.enter(piece),
                Err(peak) => Phase::Finish(Found::Vertex(k, peak)),
            };
            FaceVerdict::Vertex(k as u32)
        };
        watch.then(|| EllipsePolygonEvent::FaceCheck {
            edge: self.edge(i),
            ellipse_point: self.polygon_shape.to_world(probe.e),
            t,
            gap: probe.gap,
            next,
        })
    }

    /// One Newton probe in a vertex's piece (bisection when Newton's step leaves the
    /// bracket; the far end when the step would pass it).
    #[inline(always)]
    fn newton_step(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let mut piece = self.piece.expect("a piece is entered before its probes");
        self.climbed += 1;
        let k = piece.vertex;
        let last = piece.last;
        // Newton on the slope: Δθ = gap'/(gap + ρ) (gap'' = −gap − ρ); du = (1 + u²)·dθ.
        let curvature = last.gap + last.rho;
        let newton = (curvature > 0.0)
            .then(|| last.u + last.slope / curvature * (1.0 + last.u * last.u))
            .filter(|u| u.is_finite());
        // Along the climb, w = dir·u grows.
        let w = |u: f64| piece.dir * u;
        let upper = piece.beyond.map_or(piece.far, |b| b.u);
        let inside = |u: f64| w(u) > w(piece.below.u) && w(u) < w(upper);
        let (u, how) = match newton {
            Some(u) if inside(u) => (u, Turn::Newton),
            // Past the far end with nothing beyond known: try the end itself.
            _ if piece.beyond.is_none() => (piece.far, Turn::PieceEnd),
            _ => (0.5 * (piece.below.u + upper), Turn::Bisection),
        };
        let to_far_end = how == Turn::PieceEnd;
        let m = (piece.reference + piece.reference.perp() * u).normalize();
        let p = self.probe(k, m, u);
        if !(p.gap.is_finite() && p.slope.is_finite() && p.e.is_finite()) {
            // Rounding left no direction to probe (u beyond any float): GJK answers.
            return self.finish_by_gjk(piece.below.gap, watch);
        }
        let uphill = p.slope * piece.dir > 0.0 && p.gap >= piece.floor;
        let mut settled = false;
        if to_far_end && uphill {
            // Still climbing at the face normal: the face decides.
            self.phase = Phase::Face(piece.far_face);
        } else {
            if uphill {
                piece.below = p;
            } else {
                piece.beyond = Some(p);
            }
            piece.last = p;
            let upper = piece.beyond.map_or(piece.far, |b| b.u);
            let peak = p.peak().or_else(|| {
                // A bracket this narrow has the peak inside it.
                ((upper - piece.below.u).abs() / (1.0 + upper * upper) <= CLIMB_WIDTH).then_some(m)
            });
            settled = peak.is_some();
            self.phase = match peak {
                Some(peak) => Phase::Finish(Found::Vertex(k, peak)),
                None => self.enter(piece),
            };
        }
        watch.then(|| EllipsePolygonEvent::Newton {
            vertex: k as u32,
            vertex_point: self.polygon_shape.to_world(self.polygon.vertices()[k]),
            direction: self.polygon_shape.rotate(m),
            ellipse_point: self.polygon_shape.to_world(p.e),
            gap: p.gap,
            slope: p.slope,
            curvature_radius: p.rho,
            turn: u.atan() - last.u.atan(),
            how,
            settled,
        })
    }

    /// The last step: the answer, in world coordinates and A/B terms.
    #[inline(always)]
    fn finish(&mut self, found: Found, watch: bool) -> Option<EllipsePolygonEvent> {
        let (region, delta, _) = self.region.expect("the region comes first");
        let steps = self.next + self.climbed;
        // The gap, the polygon's and the ellipse's points (polygon frame).
        let apart = match found {
            Found::Overlap | Found::Depth => None,
            Found::Face(i) => {
                let m = -self.polygon.normals()[i];
                let p = self.probe(i, m, 0.0);
                Some((p.gap, p.e + m * p.gap, p.e, Feature::Face(i as u32)))
            }
            Found::Vertex(k, m) | Found::Limit(k, m) => {
                let p = self.probe(k, m, 0.0);
                let v = self.polygon.vertices()[k];
                Some((p.gap, v, p.e, Feature::Vertex(k as u32)))
            }
        };
        // A vertex's answer carries its own certificate: the gap along m is a lower
        // bound on the distance, |v − e| between its two points an upper bound. Far
        // apart, the directions could not resolve the ellipse's curve (a needle
        // 1e18 times longer than wide turns its support point across 1e9 within
        // 1e-16 rad): GJK distance, which works with points, answers.
        // And its vertex must be the polygon's nearest along m (no higher than its
        // two neighbours: for a convex polygon then the lowest).
        if let (Found::Vertex(k, m) | Found::Limit(k, m), Some((gap, v, e, _))) = (found, apart) {
            if (v - e).length() - gap > CERTIFIED * self.tolerance.scale || !self.lowest_along(k, m)
            {
                return self.finish_by_gjk(gap, watch);
            }
        }
        // A face's answer: the foot of the ellipse's point must lie on the face (a
        // projection on a face far smaller than the distance can round into it).
        if let (Found::Face(i), Some((gap, foot, _, _))) = (found, apart) {
            let vertices = self.polygon.vertices();
            let j = if i + 1 == vertices.len() { 0 } else { i + 1 };
            let off = crate::geometry::point_segment_distance(foot, vertices[i], vertices[j]);
            if off > self.tolerance.touch {
                return self.finish_by_gjk(gap, watch);
            }
        }
        let world = |p: DVec2| self.polygon_shape.to_world(p);
        let (outcome, closest, feature) = match apart {
            None => {
                let outcome = match region {
                    VoronoiRegion::Inside(face) => EllipsePolygonOutcome::CentreInside {
                        face,
                        way_out: None,
                    },
                    _ => EllipsePolygonOutcome::Overlapping {
                        squashed_distance: delta,
                        region,
                        way_out: None,
                    },
                };
                (outcome, None, None)
            }
            Some((gap, _, _, _)) if gap <= self.tolerance.touch => (
                EllipsePolygonOutcome::Touching { gap: gap.max(0.0) },
                None,
                None,
            ),
            Some((gap, on_polygon, on_ellipse, feature)) => {
                let outcome = match found {
                    Found::Limit(..) => EllipsePolygonOutcome::IterationLimit { steps },
                    _ => EllipsePolygonOutcome::Separated {
                        distance: gap,
                        feature,
                    },
                };
                let (p, e) = (world(on_polygon), world(on_ellipse));
                let pair = match self.polygon_side {
                    Side::A => (p, e),
                    Side::B => (e, p),
                };
                (outcome, Some(pair), Some(feature))
            }
        };
        let outcome = if self.polygon.vertices().len() > MAX_EDGES {
            EllipsePolygonOutcome::IterationLimit { steps }
        } else {
            outcome
        };
        self.result = Some(EllipsePolygonResult {
            intersects: closest.is_none(),
            distance: match (closest, apart) {
                (Some(_), Some((gap, ..))) => gap,
                _ => 0.0,
            },
            closest,
            feature,
            squashed_distance: delta,
            region,
            polygon: self.polygon_side,
            outcome,
            steps,
            support_points: self.climbed + usize::from(apart.is_some()),
            penetration: self.touching_penetration(found, outcome, apart),
        });
        self.phase = Phase::Done;
        watch.then(|| EllipsePolygonEvent::Done { outcome })
    }

    /// Touching (apart by no more than the touching tolerance): depth 0 along the
    /// climb's last direction, between its two points.
    fn touching_penetration(
        &self,
        found: Found,
        outcome: EllipsePolygonOutcome,
        apart: Option<(f64, DVec2, DVec2, Feature)>,
    ) -> Option<Penetration> {
        let (EllipsePolygonOutcome::Touching { .. }, Some((_, on_polygon, on_ellipse, _))) =
            (outcome, apart)
        else {
            return None;
        };
        let m = match found {
            Found::Face(i) => -self.polygon.normals()[i],
            Found::Vertex(_, m) | Found::Limit(_, m) => m,
            Found::Overlap | Found::Depth => return None,
        };
        let (m, e, p) = (
            self.polygon_shape.rotate(m),
            self.polygon_shape.to_world(on_ellipse),
            self.polygon_shape.to_world(on_polygon),
        );
        let (normal, point_a, point_b) = match self.polygon_side {
            Side::B => (m, e, p),
            Side::A => (-m, p, e),
        };
        Some(Penetration {
            depth: 0.0,
            normal,
            point_a,
            point_b,
        })
    }

    /// Overlapping, the depth's first step: the face with the largest real
    /// separation `sᵢ`. Pushing the polygon back along `m = −nᵢ`
    /// by `−sᵢ` takes the face's line past the ellipse; it frees the polygon unless a
    /// vertex holds it (`h(m) = r(m) − m·(v − c)` is largest at a face's end).
    #[inline(never)]
    fn depth_face_step(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        // The real separation sᵢ = nᵢ·(c − vᵢ) − r(nᵢ) = r·(s'ᵢ − 1): the squashed
        // scan's largest s'ᵢ need not be the largest sᵢ (r differs by face).
        let (mut i, mut s) = (0, f64::NEG_INFINITY);
        for j in 0..self.polygon.vertices().len().min(MAX_EDGES) {
            let (height, reach) = self.height_and_reach(j);
            if height - reach > s {
                (i, s) = (j, height - reach);
            }
        }
        let m = -self.polygon.normals()[i];
        self.deepest = Some(Deepest {
            gap: s,
            m,
            through: Feature::Face(i as u32),
        });
        self.phase = self.next_vertex(0);
        watch.then(|| EllipsePolygonEvent::FaceWayOut {
            edge: self.edge(i),
            ellipse_point: self.polygon_shape.to_world(self.probe(i, m, 0.0).e),
            direction: self.polygon_shape.rotate(m),
            // (A face a rounding error apart, s slightly above 0: depth 0.)
            depth: (-s).max(0.0),
        })
    }

    /// The first vertex from `from` on with a way out of its own: inside the ellipse
    /// (or within the touching tolerance of its boundary) — its nearest boundary
    /// point — or inside the evolute — a second local minimum across the minor axis,
    /// also for a vertex outside a long ellipse. A vertex outside both has none: its
    /// `h` has one minimum, below zero, which no direction of its piece reaches while
    /// the shapes overlap. After the last, the answer.
    #[inline(always)]
    fn next_vertex(&self, from: usize) -> Phase {
        let vertices = self.polygon.vertices();
        let reach = 1.0 + self.tolerance.touch / self.ellipse.a.min(self.ellipse.b);
        for (k, &v) in vertices.iter().enumerate().take(MAX_EDGES).skip(from) {
            if self.squash_local(v).length_squared() <= reach * reach {
                return Phase::DepthVertex(k, false);
            }
            let d = v - self.centre;
            if self.in_evolute(d.dot(self.axis), d.dot(self.axis.perp())) {
                return Phase::DepthVertex(k, true);
            }
        }
        Phase::Finish(Found::Depth)
    }

    /// Whether `(x, y)` (the ellipse's axes) is inside the evolute, the astroid
    /// `(a|x|)^⅔ + (b|y|)^⅔ = |a² − b²|^⅔` of the centres of curvature: there four
    /// normals of the ellipse pass through the point, else two.
    #[inline(always)]
    fn in_evolute(&self, x: f64, y: f64) -> bool {
        let (a, b) = (self.ellipse.a, self.ellipse.b);
        let c = (a * a - b * b).abs();
        // The astroid lies inside the box |x| ≤ c/a, |y| ≤ c/b; inside the box, with
        // u = a|x|/c and v = b|y|/c, u^⅔ + v^⅔ < 1 is (u² + v² − 1)³ + 27u²v² < 0
        // (the astroid's equation without cube roots).
        let (u, v) = (a * x.abs() / c, b * y.abs() / c);
        if !(u < 1.0 && v < 1.0) {
            return false;
        }
        let (u2, v2) = (u * u, v * v);
        (u2 + v2 - 1.0).powi(3) + 27.0 * u2 * v2 < 0.0
    }

    /// The ellipse's axes (polygon frame) in the quadrant of `(x, y)`: the sign of
    /// each coordinate picks the axis's sign (0 counts as +).
    #[inline(always)]
    fn quadrant(&self, x: f64, y: f64) -> (DVec2, DVec2) {
        let sign = |t: f64| if t < 0.0 { -1.0 } else { 1.0 };
        (self.axis * sign(x), self.axis.perp() * sign(y))
    }

    /// The depth's vertex steps: vertex `k`, inside the ellipse, pushed out to the
    /// boundary. Where the boundary's normal `m` passes through the vertex,
    /// `h(m) = r(m) − m·(v − c)` (minus the gap) is smallest along the vertex's own
    /// piece: its distance to that boundary point. Its nearest boundary point has its
    /// normal in the vertex's own quadrant of the ellipse's axes (one such point
    /// there); inside the evolute, `(a|x|)^⅔ + (b|y|)^⅔ < |a² − b²|^⅔`, a second local
    /// minimum lies across the minor axis. Each is found by Newton's method on the
    /// gap's slope inside a bracket where it has one peak, and counts only if the
    /// vertex is the polygon's deepest point along `m` (`m` in its piece).
    #[inline(never)]
    fn depth_vertex_step(
        &mut self,
        k: usize,
        second: bool,
        watch: bool,
    ) -> Option<EllipsePolygonEvent> {
        let v = self.polygon.vertices()[k];
        let d = v - self.centre;
        let (x, y) = (d.dot(self.axis), d.dot(self.axis.perp()));
        let (a, b) = (self.ellipse.a, self.ellipse.b);
        let best = self.deepest.expect("the face's way out comes first");
        // No boundary point is nearer than min(a, b)·(1 − |v'|): the squashing map
        // shortens no length by more than the factor 1/min(a, b).
        let bound = a.min(b) * (1.0 - DVec2::new(x / a, y / b).length());
        let bracket = if second {
            self.second_bracket(x, y)
        } else {
            Some(self.quadrant(x, y))
        };
        // Only a boundary normal in the vertex's own piece can count: search where the
        // bracket meets the piece (one arc: both are less than half a turn).
        let arc = bracket.and_then(|(p, q)| {
            let ordered = if cross(p, q) >= 0.0 { (p, q) } else { (q, p) };
            arc_intersection(ordered, self.vertex_piece(k))
        });
        let passed = if arc.is_none() {
            Some(PassedOver::OutsidePiece)
        } else if !second && bound >= -best.gap {
            // The bound prunes the nearest point's search (the second's is longer).
            Some(PassedOver::Bound)
        } else {
            None
        };
        let climbed = arc.filter(|_| passed.is_none()).map(|(lo, hi)| {
            // The nearest point's normal is close to the one at the vertex's radial
            // image on the boundary, ∝ (x/a², y/b²).
            let start = if second {
                None
            } else {
                (self.axis * (x / (a * a)) + self.axis.perp() * (y / (b * b))).try_normalize()
            };
            let start = start.unwrap_or((lo + hi).normalize());
            self.peak_between(k, (lo, hi), start)
        });
        self.climbed += climbed.map_or(0, |c| c.1 as usize);
        let probes = climbed.map_or(0, |c| c.1);
        // Uphill all the way to an end of the search: no boundary normal there passes
        // through the vertex. Where the piece ends that is a face normal, and the
        // face's way out is no shorter than the best face's.
        let passed = passed.or(climbed.filter(|c| c.2).map(|_| PassedOver::PieceEnd));
        let found = climbed.filter(|_| passed.is_none()).map(|c| c.0);
        // The second local minimum's step follows the nearest's, when there is one.
        let has_second = !second && self.in_evolute(x, y);
        self.phase = if has_second {
            Phase::DepthVertex(k, true)
        } else {
            self.next_vertex(k + 1)
        };
        let counts = found.is_some_and(|p| self.lowest_along(k, p.m));
        if let Some(p) = found.filter(|p| counts && p.gap > best.gap) {
            self.deepest = Some(Deepest {
                gap: p.gap,
                m: p.m,
                through: Feature::Vertex(k as u32),
            });
        }
        let best_depth = -self.deepest.map_or(best.gap, |d| d.gap);
        watch.then(|| EllipsePolygonEvent::VertexWayOut {
            vertex: k as u32,
            vertex_point: self.polygon_shape.to_world(v),
            second,
            passed,
            boundary_point: found.map(|p| self.polygon_shape.to_world(p.e)),
            direction: found.map(|p| self.polygon_shape.rotate(p.m)),
            // (A vertex within the touching tolerance outside: its depth is 0.)
            depth: found.map(|p| (-p.gap).max(0.0)),
            counts,
            bound,
            probes,
            best_depth,
        })
    }

    /// For a vertex at `(x, y)` in the ellipse's axes: when it is inside the evolute,
    /// the directions bracketing the second local minimum of its distance to the
    /// boundary — from the minor axis's end across from the vertex to the normal
    /// `m* ∝ ((|x|/a²)^⅓, (|y|/b²)^⅓)` (signs: the vertex's along the major axis,
    /// the other along the minor). (The critical points are the roots of
    /// `F(t) = (ax/(t + a²))² + (by/(t + b²))² − 1`; between `−a²` and `−b²` it is
    /// convex and smallest at `t*`, where `F(t*) < 0` is the evolute's inequality,
    /// and the root nearer the minor axis is the minimum; `m*` is the direction of
    /// `t*`.)
    #[inline(always)]
    fn second_bracket(&self, x: f64, y: f64) -> Option<(DVec2, DVec2)> {
        let (a, b) = (self.ellipse.a, self.ellipse.b);
        if !self.in_evolute(x, y) {
            return None;
        }
        let (major, minor) = self.quadrant(x, y);
        let (mx, my) = ((x.abs() / (a * a)).cbrt(), (y.abs() / (b * b)).cbrt());
        // At the centre itself the second minimum is the minor axis's far end.
        Some(if a > b {
            (
                -minor,
                (major * mx - minor * my).try_normalize().unwrap_or(-minor),
            )
        } else {
            (
                -major,
                (minor * my - major * mx).try_normalize().unwrap_or(-major),
            )
        })
    }

    /// The direction of the largest gap of vertex `k`'s piece function between `lo`
    /// and `hi` (counter-clockwise, less than a quarter turn apart), where it has one
    /// peak: Newton's steps on its slope from `start` (`Δθ = gap'/(gap + ρ)`), kept
    /// inside the bracket; when a step leaves it, the bracket's end uphill is probed
    /// (still uphill there: that end is the highest point), then bisection — also
    /// where the gap is not concave (`gap + ρ ≤ 0`: a vertex beyond the boundary's
    /// centre of curvature). Returns the probe at the peak, the directions probed, and
    /// whether the peak is an end of the bracket, still uphill beyond it.
    #[inline(always)]
    fn peak_between(&self, k: usize, (lo, hi): (DVec2, DVec2), start: DVec2) -> (Probe, u32, bool) {
        let reference = (lo + hi).normalize();
        let u_of = |d: DVec2| cross(reference, d) / reference.dot(d);
        let (mut u_lo, mut u_hi) = (u_of(lo), u_of(hi));
        // Whether each end of the bracket is a probe known to be below the peak.
        let (mut lo_probed, mut hi_probed) = (false, false);
        // (max and min, not clamp: no panic on a NaN from degenerate input.)
        let mut u = u_of(start).max(u_lo).min(u_hi);
        let mut probes = 0;
        loop {
            let m = (reference + reference.perp() * u).normalize();
            let p = self.probe(k, m, u);
            probes += 1;
            if let Some(peak) = p.peak() {
                return (self.probe(k, peak, u), probes + 1, false);
            }
            // Uphill counter-clockwise: the peak is past m.
            let ccw = p.slope > 0.0;
            if (ccw && u >= u_hi) || (!ccw && u <= u_lo) {
                // At an end of the bracket, still uphill beyond it.
                return (p, probes, true);
            }
            if ccw {
                (u_lo, lo_probed) = (u, true);
            } else {
                (u_hi, hi_probed) = (u, true);
            }
            if (u_hi - u_lo) / (1.0 + u * u) <= CLIMB_WIDTH || probes >= MAX_WAY_PROBES {
                return (p, probes, false);
            }
            let curvature = p.gap + p.rho;
            let newton = (curvature > 0.0)
                .then(|| u + p.slope / curvature * (1.0 + u * u))
                .filter(|t| *t > u_lo && *t < u_hi);
            u = match newton {
                Some(t) => t,
                None if ccw && !hi_probed => u_hi,
                None if !ccw && !lo_probed => u_lo,
                None => 0.5 * (u_lo + u_hi),
            };
        }
    }

    /// The end of an overlap whose depth was measured: the best way out.
    #[inline(never)]
    fn finish_depth(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let (region, delta, _) = self.region.expect("the region comes first");
        let best = self.deepest.expect("the face's way out comes first");
        let vertices = self.polygon.vertices();
        let k = match best.through {
            Feature::Face(i) | Feature::Vertex(i) => i as usize,
        };
        let p = self.probe(k, best.m, 0.0);
        // The polygon's deepest point: across from the ellipse's, e + m·gap — on the
        // face's line, or (through a vertex) the vertex itself up to rounding.
        let on_polygon = p.e + best.m * p.gap;
        if let Feature::Face(i) = best.through {
            // The face's way out stands when that point lies on the face (else a
            // vertex's push would have been shorter; only rounding gets here).
            let j = if i as usize + 1 == vertices.len() {
                0
            } else {
                k + 1
            };
            let off = crate::geometry::point_segment_distance(on_polygon, vertices[k], vertices[j]);
            if off > self.tolerance.touch {
                return self.finish_by_epa(watch);
            }
        }
        let depth = (-p.gap).max(0.0);
        let m = self.polygon_shape.rotate(best.m);
        let (e, q) = (
            self.polygon_shape.to_world(p.e),
            self.polygon_shape.to_world(on_polygon),
        );
        // The normal points from A towards B; the ellipse's deepest point is its
        // support along m, the polygon's its support along −m.
        let (normal, point_a, point_b) = match self.polygon_side {
            Side::B => (m, e, q),
            Side::A => (-m, q, e),
        };
        let way_out = Some(WayOut {
            depth,
            normal,
            through: best.through,
        });
        let outcome = match region {
            VoronoiRegion::Inside(face) => EllipsePolygonOutcome::CentreInside { face, way_out },
            _ => EllipsePolygonOutcome::Overlapping {
                squashed_distance: delta,
                region,
                way_out,
            },
        };
        let penetration = Penetration {
            depth,
            normal,
            point_a,
            point_b,
        };
        self.end_with((true, 0.0, None), outcome, (0, Some(penetration)), watch)
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

    /// The end when the face's way out is not certified: GJK and EPA's depth (rare:
    /// kept out of the method's own code).
    #[cold]
    #[inline(never)]
    fn finish_by_epa(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let (a, b) = self.shapes_a_b();
        let md = crate::minkowski::MinkowskiDifference::new(a, b);
        let gjk = super::distance::GjkDistance::new(a, b).run_unrefined();
        let epa = super::epa::Epa::from_gjk(md, &gjk).run();
        let penetration = epa.penetration_or_touching(&md);
        let outcome = EllipsePolygonOutcome::EpaAnswered {
            depth: penetration.map_or(0.0, |p| p.depth),
        };
        let support_points = gjk.iterations + epa.iterations;
        self.end_with(
            (true, 0.0, None),
            outcome,
            (support_points, penetration),
            watch,
        )
    }

    /// Vertex `k`'s piece of directions `m` (polygon frame): where it is the polygon's
    /// lowest point along `m`, from edge `k − 1`'s reversed normal counter-clockwise
    /// to edge `k`'s.
    #[inline(always)]
    fn vertex_piece(&self, k: usize) -> (DVec2, DVec2) {
        let normals = self.polygon.normals();
        let before = if k == 0 { normals.len() - 1 } else { k - 1 };
        (-normals[before], -normals[k])
    }

    /// Whether vertex `k` is no higher along `m` than its two neighbours (within
    /// rounding).
    fn lowest_along(&self, k: usize, m: DVec2) -> bool {
        let vertices = self.polygon.vertices();
        let n = vertices.len();
        let here = m.dot(vertices[k]);
        [(k + n - 1) % n, (k + 1) % n].into_iter().all(|j| {
            let there = m.dot(vertices[j]);
            there >= here - 1e-12 * (here.abs() + there.abs())
        })
    }

    /// The end when a vertex's answer is not certified: GJK distance's answer (rare:
    /// kept out of the climb's own code).
    #[cold]
    #[inline(never)]
    fn finish_by_gjk(&mut self, gap: f64, watch: bool) -> Option<EllipsePolygonEvent> {
        let (a, b) = self.shapes_a_b();
        let gjk = super::distance::GjkDistance::new(a, b).run();
        let outcome = EllipsePolygonOutcome::GjkAnswered {
            climb_gap: gap,
            distance: gjk.distance,
        };
        let answer = (gjk.intersects, gjk.distance, gjk.closest);
        self.end_with(answer, outcome, (gjk.iterations, None), watch)
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
