//! Ellipse against convex polygon: squash the plane until the ellipse is a circle, ask
//! the circle's question there, then climb to the exact distance by Newton's method.
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
//! ```text
//! c, x̂ ← the ellipse's centre and axis in the polygon's frame       (once)
//! for each edge i:  s'[i] ← n[i]·(c − v[i]) / r(n[i])                (squashed)
//! best ← the edge with the largest s'[i]
//! δ', q' ← the squashed centre's distance and nearest point (face or vertex region)
//! if δ' ≤ 1: they intersect (the depth is EPA's)
//! m ← q' mapped back: a separating direction; a face region starts at −n[best]
//! at a face normal −n[i]: t ← where e projects on edge i
//!     0 ≤ t ≤ 1: the face is nearest; gap = s[i];  else into the vertex's piece
//! in a vertex's piece: θ ← θ + gap'/(gap + ρ) until it stops moving
//! distance ← gap(m);  closest points e and the polygon's point
//! ```
//!
//! The depth of an overlap is not this method's: EPA finds it, on the Minkowski
//! difference, where a corner of the polygon deep inside a long ellipse can make the
//! gap along a vertex's piece rise and fall more than once.

use super::circle_polygon::{FaceEdge, VoronoiRegion};
use super::distance::{DistanceOutcome, DistanceResult};
use super::{Progress, Side, StepMachine};
use crate::geometry::cross;
use crate::minkowski::Tolerance;
use crate::query::PairQuery;
use crate::shapes::{ConvexPolygon, Ellipse, Geometry, Shape};
use glam::DVec2;
use serde::Serialize;

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
    /// The end, with its reason.
    Done {
        /// How it ended.
        outcome: EllipsePolygonOutcome,
    },
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
    },
    /// The ellipse's centre is inside the polygon.
    CentreInside {
        /// The edge of the squashed centre's nearest way out.
        face: u32,
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
    /// answer's (0 when the squashed picture found them intersecting).
    pub support_points: usize,
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
    /// The best edge so far and its squashed separation.
    best: (usize, f64),
    /// The squashed region, `δ'` and the squashed nearest point (squashed frame).
    region: Option<(VoronoiRegion, f64, DVec2)>,
    /// Climb steps taken.
    climbed: usize,
    /// The vertex piece the climb is in.
    piece: Option<Piece>,
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
            best: (0, f64::NEG_INFINITY),
            region: None,
            climbed: 0,
            piece: None,
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
            if self.ellipse.a.min(self.ellipse.b) * (delta - 1.0) > self.tolerance.touch {
                return false;
            }
        }
        self.run().intersects
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

    /// `δ'` once the region is known (else +∞).
    fn squashed_distance(&self) -> f64 {
        self.region.map_or(f64::INFINITY, |r| r.1)
    }

    /// `r(n) = √(a²(n·x̂)² + b²(n·ŷ)²)`: how far the ellipse reaches from its centre
    /// along the unit `n` (polygon frame); the length of the squashed normal.
    #[inline(always)]
    fn reach(&self, n: DVec2) -> f64 {
        let (x, y) = (n.dot(self.axis), n.dot(self.axis.perp()));
        let (a, b) = (self.ellipse.a, self.ellipse.b);
        DVec2::new(a * x, b * y).length()
    }

    /// The squashed image of a polygon-frame point.
    #[inline(always)]
    fn squash_local(&self, p: DVec2) -> DVec2 {
        let d = p - self.centre;
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
        let n = self.polygon.normals()[i];
        (
            n.dot(self.centre - self.polygon.vertices()[i]),
            self.reach(n),
        )
    }

    /// Step 2: squashed separations. Watched, one edge per step; not watched, the
    /// whole loop. Ties keep the lower index.
    #[inline(always)]
    fn scan(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let end = self.polygon.vertices().len().min(MAX_EDGES);
        let last = if watch { (self.next + 1).min(end) } else { end };
        let (mut best, mut best_s) = self.best;
        for i in self.next..last {
            let (height, reach) = self.height_and_reach(i);
            // s'ᵢ = nᵢ·(c − vᵢ) / r(nᵢ)
            let s = height / reach;
            if s > best_s {
                best = i;
                best_s = s;
            }
        }
        let measured = self.next;
        self.best = (best, best_s);
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
                best: best as u32,
                best_squashed: best_s,
            }
        })
    }

    /// Step 3: the squashed centre's region and distance `δ'` (circle against polygon
    /// in the squashed plane, the centre at its origin).
    #[inline(always)]
    fn region_step(&mut self, watch: bool) -> Option<EllipsePolygonEvent> {
        let (i, s) = self.best;
        let vertices = self.polygon.vertices();
        let j = if i + 1 == vertices.len() { 0 } else { i + 1 };
        let (q1, q2) = (
            self.squash_local(vertices[i]),
            self.squash_local(vertices[j]),
        );
        let (region, t, delta, nearest) = if s <= 0.0 {
            // The centre is inside: its squashed foot on the best edge.
            let e = q2 - q1;
            let t = -q1.dot(e) / e.length_squared();
            (VoronoiRegion::Inside(i as u32), None, s, q1 + e * t)
        } else {
            let e = q2 - q1;
            // t = (0 − q₁)·e / |e|²: where the squashed centre projects on the edge.
            let t = -q1.dot(e) / e.length_squared();
            if t <= 0.0 {
                (VoronoiRegion::Vertex(i as u32), Some(t), q1.length(), q1)
            } else if t >= 1.0 {
                (VoronoiRegion::Vertex(j as u32), Some(t), q2.length(), q2)
            } else {
                (VoronoiRegion::Face(i as u32), Some(t), s, q1 + e * t)
            }
        };
        self.region = Some((region, delta, nearest));
        self.phase = if delta <= 1.0 {
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
        // away; then the reference is the bisector of m and the end.
        let reference = if m.dot(end) > 0.0 {
            m
        } else {
            (m + end).normalize()
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
            Found::Overlap => None,
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
                    VoronoiRegion::Inside(face) => EllipsePolygonOutcome::CentreInside { face },
                    _ => EllipsePolygonOutcome::Overlapping {
                        squashed_distance: delta,
                        region,
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
        });
        self.phase = Phase::Done;
        watch.then(|| EllipsePolygonEvent::Done { outcome })
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
        let (region, delta, _) = self.region.expect("the region comes first");
        let (a, b) = match self.polygon_side {
            Side::A => (self.polygon_shape, self.ellipse_shape),
            Side::B => (self.ellipse_shape, self.polygon_shape),
        };
        let gjk = super::distance::GjkDistance::new(a, b).run();
        let outcome = EllipsePolygonOutcome::GjkAnswered {
            climb_gap: gap,
            distance: gjk.distance,
        };
        self.result = Some(EllipsePolygonResult {
            intersects: gjk.intersects,
            distance: gjk.distance,
            closest: gjk.closest,
            feature: None,
            squashed_distance: delta,
            region,
            polygon: self.polygon_side,
            outcome,
            steps: self.next + self.climbed,
            support_points: self.climbed + gjk.iterations,
        });
        self.phase = Phase::Done;
        watch.then(|| EllipsePolygonEvent::Done { outcome })
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

    /// The answer of `gjk-lab query` when apart (`None` when they intersect: the
    /// depth, normal and contacts are EPA's and clipping's).
    pub fn pair_query(&self) -> Option<PairQuery> {
        PairQuery::apart(&self.distance_result())
    }
}
