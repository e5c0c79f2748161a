//! SAT, the separating axis theorem (seed 004), with the minimum translation vector
//! (MTV), and its fast path for oriented boxes (OBB).
//!
//! Two convex polygons are apart exactly when some axis separates their projections
//! ("shadows"), and it is enough to try the edge normals of both: a separating line can
//! always be turned until it lies along an edge. When every axis overlaps, the shapes
//! intersect, and the axis with the smallest overlap is the shortest way out — the MTV.
//! This is the textbook SAT, exactly as its picture draws it: on each axis `n` (A's
//! edge normals, then B's) it projects both shapes, `[a₀, a₁]` and `[b₀, b₁]`, and
//! their overlap is `o = min(a₁ − b₀, b₁ − a₀)`, negative for a gap; the first gap ends
//! SAT, and when every axis overlaps, moving B by the smallest overlap along its way
//! out `u` (`+n` when `a₁ − b₀` is the shorter, else `−n`) separates the shapes. The
//! pseudo-code the app shows beside the steps is [`PSEUDO_CODE`] ([`OBB_PSEUDO_CODE`]
//! for the fast path); [`SatEvent::line`] says which line each event executes.
//!
//! `a₁ − b₀` is how far B must move along `+n` until its shadow clears A's, `b₁ − a₀`
//! how far along `−n`; the overlap is the shorter of the two, and its sign says whether
//! the shadows overlap at all. The way out `u` therefore points from A towards B: along
//! A's edge normal when B sticks out on that side, against it when B is pushed back
//! through A (the narration says which).
//!
//! Why this finds the depth: the faces of the Minkowski difference `A − B` have the
//! outward normals of A's edges and the reversed normals of B's, the depth is the
//! distance from the origin to the nearest of those faces, and `a₁ − b₀` on a face
//! normal `n` is exactly that face's distance. The two-sided overlap tries both `n` and
//! `−n`, each never less than the depth, so their minimum over all axes is the depth
//! (the same number EPA finds).
//!
//! **Projections in linear time.** A convex polygon's projections rise to one maximum
//! and fall to one minimum as one walks round it, and the vertex at the maximum moves
//! round the polygon in step with the axis as the axis turns. So each shadow end is
//! found by walking from where the previous axis had it (hill climbing) instead of
//! looping over every vertex: over all axes the walks add up to one trip round each
//! polygon, and a whole SAT run costs `O(n + m)`, not `O(n·m)`.
//!
//! **Circles.** A circle has no edges, and the polygon's edge normals are not enough:
//! near a corner the separating axis runs from the circle's centre to the polygon's
//! vertex closest to it. So that axis is added (for two circles: the line between the
//! centres). Its projection is the centre's ± the radius.
//!
//! **Ellipses.** The axis an ellipse would need depends on the point of its boundary
//! nearest the other shape, which has no closed form; SAT does not apply
//! ([`NotApplicable::Curved`]), and GJK + EPA answer instead. The same for a capsule
//! and a rounded polygon ([`NotApplicable::Rounded`]): between two arcs the axis runs
//! through their nearest points, an axis no edge gives.
//!
//! **OBB fast path.** A rectangle has only two edge directions, and its projection on
//! any axis `n` is its centre's ± its projected "radius" `Σ |axisₖ·n| · half-extentₖ`
//! — no loop over the vertices (seed 004). Four axes, four O(1) projections, measured
//! the same way as the general SAT.
//!
//! **Ties.** Parallel or near-parallel edges give (nearly) equal overlaps; the first
//! axis in the order above (A's edges, then B's, then the extra axis) keeps the minimum
//! unless a later one is smaller by more than [`Tolerance::touch`], so the answer
//! never depends on rounding noise. Touching counts as intersecting (overlap 0, the
//! project's convention; seed 004's OBB version calls it separated).
//!
//! Every axis is tested at most once, so SAT always ends, after at most
//! `edges(A) + edges(B) + 1` steps. Projections are measured from A's position, so
//! shapes far from the world origin keep their precision.
//!
//! [`Tolerance::touch`]: crate::minkowski::Tolerance::touch

use super::answer::Side;
use super::variant::Variant;
use super::{Progress, StepMachine};
use crate::geometry::try_normalize;
use crate::minkowski::Tolerance;
use crate::settings::{Precision, Settings};
use crate::shapes::{ConvexPolygon, Geometry, Obb, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// SAT's pseudo-code, as the app shows it beside the steps, one line per entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`SatEvent::line`]); the OBB
    /// fast path's lines have the same numbers ([`obb_line`]).
    pub mod line;
    _: "for each axis n: A's edge normals, then B's",
    _: "    project A and B on n: [a₀, a₁], [b₀, b₁]",
    OVERLAP: "    o ← min(a₁ − b₀, b₁ − a₀)   (overlap)",
    SEPARATED: "    if o < 0: return separated (n separates)",
    MINIMUM: "    if o < best.o: best ← (o, ±n)",
    RESULT: "return overlapping: MTV = best.o · best.n",
}

pseudo_code! {
    /// The pseudo-code of SAT's fast path for two oriented boxes, as the app shows it
    /// beside the steps: [`PSEUDO_CODE`] with a box's projection in closed form.
    pub const OBB_PSEUDO_CODE;
    /// The lines of [`OBB_PSEUDO_CODE`] the events execute: the same numbers as
    /// [`line`](mod@line)'s, so that [`SatEvent::line`] answers for both methods.
    pub mod obb_line;
    _: "for each box axis n: A's two, then B's two",
    _: "    r ← Σ |axis_k·n|·half_k;  shadow ← c·n ± r",
    OVERLAP: "    o ← min(a₁ − b₀, b₁ − a₀)   (overlap)",
    SEPARATED: "    if o < 0: return separated (n separates)",
    MINIMUM: "    if o < best.o: best ← (o, ±n)",
    RESULT: "return overlapping: MTV = best.o · best.n",
}

// Both methods' events name their lines with `line`.
const _: () = assert!(
    obb_line::OVERLAP == line::OVERLAP
        && obb_line::SEPARATED == line::SEPARATED
        && obb_line::MINIMUM == line::MINIMUM
        && obb_line::RESULT == line::RESULT,
    "SAT's two pseudo-codes must number the lines the events execute alike"
);

/// Where a tested axis comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AxisSource {
    /// The outward normal of one of the shape's edges.
    Edge {
        /// Whose edge.
        shape: Side,
        /// The edge, from vertex `edge` to vertex `edge + 1`.
        edge: u32,
    },
    /// One of an oriented box's two axes (OBB fast path).
    BoxAxis {
        /// Whose box.
        shape: Side,
        /// 0: along edge 0, 1: along edge 1.
        axis: u32,
    },
    /// From a circle's centre to the polygon vertex closest to it.
    ClosestVertex {
        /// The polygon.
        shape: Side,
        /// The vertex.
        vertex: u32,
    },
    /// Two circles: the line through both centres.
    Centres,
}

/// A shape's projection on an axis: `[min, max]` of `x·axis` over its points `x`,
/// measured from A's position (add `position_A·axis` for world values).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    /// Smallest projection.
    pub min: f64,
    /// Largest projection.
    pub max: f64,
}

/// The test of one axis.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct AxisTest {
    /// Where the axis comes from.
    pub source: AxisSource,
    /// The unit axis (world). For an edge it is that edge's outward normal.
    pub axis: DVec2,
    /// A's projection.
    pub a: Interval,
    /// B's projection.
    pub b: Interval,
    /// The overlap of the two shadows, `min(a.max − b.min, b.max − a.min)`: the
    /// shortest move of B along the axis that ends the overlap; negative: the gap
    /// between the intervals.
    pub overlap: f64,
    /// The direction of that move, `±axis`: B moves out of A along it.
    pub normal: DVec2,
    /// A's points at the ends of its shadow, `[at a.min, at a.max]` (world).
    pub ends_a: [DVec2; 2],
    /// B's points at the ends of its shadow, `[at b.min, at b.max]` (world).
    pub ends_b: [DVec2; 2],
}

impl AxisTest {
    /// Whether the way out is against the axis: B is pushed back along `−axis`.
    pub fn against_axis(&self) -> bool {
        self.normal.dot(self.axis) < 0.0
    }
}

/// What a tested axis meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The projections are apart: the shapes do not intersect.
    Separating,
    /// The smallest overlap so far.
    NewMinimum,
    /// Overlapping, but not less than the best so far (or within the tie tolerance).
    NotSmaller,
}

/// One visible step of SAT. (The axis variant is large: it carries both shadows with
/// their end points. Events are built only for the stepped view, never on the fast
/// path, so the size costs nothing there.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SatEvent {
    /// One axis tested.
    Axis {
        /// The axis, both projections and their overlap.
        test: AxisTest,
        /// What it means.
        verdict: Verdict,
        /// The smallest overlap after this axis (the running minimum).
        best: Option<AxisTest>,
    },
    /// The end, with its reason.
    Done {
        /// Why SAT stopped and what it found.
        outcome: SatOutcome,
    },
}

impl SatEvent {
    /// The line of [`PSEUDO_CODE`] (or, for the OBB fast path, [`OBB_PSEUDO_CODE`])
    /// this event executes; none when SAT does not apply.
    pub fn line(&self) -> Option<usize> {
        match self {
            SatEvent::Axis { verdict, .. } => Some(match verdict {
                Verdict::Separating => line::SEPARATED,
                Verdict::NewMinimum => line::MINIMUM,
                Verdict::NotSmaller => line::OVERLAP,
            }),
            SatEvent::Done { outcome } => match outcome {
                SatOutcome::Overlapping { .. } => Some(line::RESULT),
                SatOutcome::Separated { .. } => Some(line::SEPARATED),
                SatOutcome::NotApplicable { .. } => None,
            },
        }
    }
}

/// Why SAT cannot answer for a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NotApplicable {
    /// An ellipse: the axis it needs has no closed form (use GJK + EPA).
    Curved {
        /// The ellipse.
        shape: Side,
    },
    /// The OBB fast path needs two rectangles.
    NotABox {
        /// The shape that is not a rectangle.
        shape: Side,
    },
    /// A concave polygon: SAT runs on its convex parts, one pair at a time.
    Concave {
        /// The concave shape.
        shape: Side,
    },
    /// A capsule or a rounded polygon: where its arcs face the other shape, the axis
    /// runs between their nearest points, which no list of edge normals holds. A
    /// segment (a capsule of radius 0) has no area, and edge normals are not always
    /// enough for it: two segments on one line, apart, overlap on every edge normal;
    /// only the line's own direction separates them.
    Rounded {
        /// The rounded shape.
        shape: Side,
        /// What it is: `"capsule"`, `"rounded polygon"` or `"segment"`.
        shape_kind: &'static str,
    },
}

/// How SAT ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SatOutcome {
    /// Every axis overlaps: the shapes intersect; the smallest overlap is the MTV.
    Overlapping {
        /// Penetration depth (the smallest overlap, ≥ 0).
        depth: f64,
        /// Unit normal from A towards B: moving B by `depth·normal` separates them.
        normal: DVec2,
        /// The axis of the smallest overlap.
        source: AxisSource,
        /// Axes tested.
        axes_tested: usize,
    },
    /// An axis separates the shapes (SAT stops at the first one).
    Separated {
        /// The gap between the projections on that axis (a lower bound on the
        /// distance, not the distance).
        gap: f64,
        /// The separating axis, pointing from A towards B.
        normal: DVec2,
        /// Where it comes from.
        source: AxisSource,
        /// Axes tested.
        axes_tested: usize,
    },
    /// SAT does not apply to this pair.
    NotApplicable {
        /// Why.
        why: NotApplicable,
    },
}

impl SatOutcome {
    /// Whether the shapes intersect, when SAT applies.
    pub fn intersects(&self) -> Option<bool> {
        match self {
            SatOutcome::Overlapping { .. } => Some(true),
            SatOutcome::Separated { .. } => Some(false),
            SatOutcome::NotApplicable { .. } => None,
        }
    }

    /// Depth and normal (A towards B), when the shapes intersect.
    pub fn penetration(&self) -> Option<(f64, DVec2)> {
        match *self {
            SatOutcome::Overlapping { depth, normal, .. } => Some((depth, normal)),
            _ => None,
        }
    }
}

/// Which axes to try: every edge normal, or a box's two axes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SatMethod {
    /// All edge normals (plus the closest-vertex axis for a circle).
    General,
    /// Two rectangles: two axes each, projections in O(1).
    Obb,
}

/// A shape as SAT sees it, placed relative to A's position.
#[derive(Clone, Copy, Debug)]
enum Body<'s> {
    /// A convex polygon: its edge normals are axes, its shadow comes from a walk round
    /// its vertices.
    Polygon {
        shape: &'s Shape,
        polygon: &'s ConvexPolygon,
        /// The shape's position minus A's.
        offset: DVec2,
    },
    /// An oriented box (world axes, centre relative to A's position).
    Box { obb: Obb },
    /// A circle: no axes of its own; projection = centre ± radius.
    Circle { centre: DVec2, radius: f64 },
}

/// A shadow: the interval, and for a polygon the vertices at its two ends (the points
/// themselves are worked out only for the learner, in [`Body::ends`]).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Shadow {
    interval: Interval,
    vertices: [usize; 2],
}

/// Where a polygon's shadow ends were found on the last axis, `[min, max]` vertex
/// indices: the next axis starts walking from there.
type Cursor = [usize; 2];

impl Body<'_> {
    /// How many axes the body brings.
    fn axis_count(&self) -> usize {
        match self {
            Body::Polygon { polygon, .. } => polygon.vertices().len(),
            Body::Box { .. } => 2,
            Body::Circle { .. } => 0,
        }
    }

    /// The body's `k`-th axis (world, unit) and its source.
    #[inline(always)]
    fn axis(&self, k: usize, side: Side) -> (DVec2, AxisSource) {
        match self {
            Body::Polygon { shape, polygon, .. } => (
                shape.rotate(polygon.normal(k)),
                AxisSource::Edge {
                    shape: side,
                    edge: k as u32,
                },
            ),
            Body::Box { obb } => (
                obb.axes[k],
                AxisSource::BoxAxis {
                    shape: side,
                    axis: k as u32,
                },
            ),
            Body::Circle { .. } => unreachable!("a circle has no axes of its own"),
        }
    }

    /// The shadow on a unit world axis; a polygon walks from `cursor` and leaves it
    /// where the ends were found.
    #[inline(always)]
    fn project(&self, axis: DVec2, cursor: &mut Cursor, visited: &mut usize) -> Shadow {
        match *self {
            Body::Polygon {
                shape,
                polygon,
                offset,
            } => {
                // x = offset + R·v, so x·n = offset·n + v·(Rᵀn): turn the axis into the
                // polygon's frame once instead of every vertex into the world.
                let local = shape.unrotate(axis);
                let vertices = polygon.vertices();
                cursor[0] = climb(vertices, -local, cursor[0], visited);
                cursor[1] = climb(vertices, local, cursor[1], visited);
                let o = offset.dot(axis);
                Shadow {
                    interval: Interval {
                        min: o + vertices[cursor[0]].dot(local),
                        max: o + vertices[cursor[1]].dot(local),
                    },
                    vertices: *cursor,
                }
            }
            Body::Box { obb } => {
                // Seed 004's projected "radius": r = Σ |axisₖ·n| · half-extentₖ.
                let r = obb.axes[0].dot(axis).abs() * obb.half_extents.x
                    + obb.axes[1].dot(axis).abs() * obb.half_extents.y;
                let c = obb.center.dot(axis);
                Shadow {
                    interval: Interval {
                        min: c - r,
                        max: c + r,
                    },
                    vertices: [0; 2],
                }
            }
            Body::Circle { centre, radius } => {
                let c = centre.dot(axis);
                Shadow {
                    interval: Interval {
                        min: c - radius,
                        max: c + radius,
                    },
                    vertices: [0; 2],
                }
            }
        }
    }

    /// The points at the two ends of a shadow on `axis` (relative to A's position).
    fn ends(&self, axis: DVec2, shadow: Shadow) -> [DVec2; 2] {
        match *self {
            Body::Polygon {
                shape,
                polygon,
                offset,
            } => shadow
                .vertices
                .map(|i| offset + shape.rotate(polygon.vertex(i))),
            Body::Box { obb } => {
                // The corner at the top: c + Σ sign(axisₖ·n)·half-extentₖ·axisₖ.
                let corner = obb.axes[0] * (obb.axes[0].dot(axis).signum() * obb.half_extents.x)
                    + obb.axes[1] * (obb.axes[1].dot(axis).signum() * obb.half_extents.y);
                [obb.center - corner, obb.center + corner]
            }
            Body::Circle { centre, radius } => [centre - axis * radius, centre + axis * radius],
        }
    }
}

/// The vertex farthest along `d`, walking from `start`: a convex polygon's
/// projections rise to one maximum and fall again round the outline, so stepping to a
/// neighbour while it is farther ends at the top. (At most one trip round: the walk
/// is bounded by the vertex count.)
///
/// In floating point two projections can tie to within rounding — an edge almost
/// perpendicular to `d`, or two vertices almost on top of each other — and then the
/// walk cannot tell which way is up: it could stop on a flat *bottom* edge and call it
/// the top (a polygon 1.8e9 across, whose bottom face and its neighbours agreed to
/// 3e-9, did this). When the vertex it ends on ties a neighbour, every vertex is
/// compared instead.
///
/// `visited` counts the vertices whose projection the walk computed (the work SAT does,
/// [`Sat::vertices_visited`]).
#[inline(always)]
fn climb(vertices: &[DVec2], d: DVec2, start: usize, visited: &mut usize) -> usize {
    let n = vertices.len();
    let next = |i: usize| if i + 1 == n { 0 } else { i + 1 };
    let previous = |i: usize| if i == 0 { n - 1 } else { i - 1 };
    let mut i = start.min(n - 1);
    let mut height = vertices[i].dot(d);
    // Which way is uphill? Forward, backward, or neither (i is the top).
    let forward = vertices[next(i)].dot(d) > height;
    *visited += 3;
    if forward || vertices[previous(i)].dot(d) > height {
        for _ in 0..n {
            let j = if forward { next(i) } else { previous(i) };
            let h = vertices[j].dot(d);
            *visited += 1;
            if h <= height {
                break;
            }
            (i, height) = (j, h);
        }
    }
    settle_tie(vertices, d, i, visited)
}

/// The walk's top `i`, checked where it ties a neighbour. Two vertices whose
/// projections tie lie on an edge almost perpendicular to `d` — and whether that edge
/// is the top or the bottom of the polygon along `d` is decided robustly by its
/// outward normal, which then points almost exactly along `±d`. A flat top (always the
/// case on a polygon's own edge normal) keeps the farthest of its tied vertices, the
/// lower index on an exact tie, as [`farthest`] would; only a flat *bottom* sends the
/// search to every vertex. So SAT stays linear on large polygons, where every own
/// edge normal used to end in a full scan.
fn settle_tie(vertices: &[DVec2], d: DVec2, i: usize, visited: &mut usize) -> usize {
    let n = vertices.len();
    let (next, previous) = ((i + 1) % n, (i + n - 1) % n);
    let mut top = i;
    for j in [next, previous] {
        if !ties(vertices, d, i, j) {
            continue;
        }
        // The edge between them, counter-clockwise, and its outward normal.
        let (from, to) = if j == next { (i, j) } else { (j, i) };
        let edge = vertices[to] - vertices[from];
        if DVec2::new(edge.y, -edge.x).dot(d) <= 0.0 {
            *visited += n;
            return farthest(vertices, d);
        }
        let (hj, htop) = (vertices[j].dot(d), vertices[top].dot(d));
        if hj > htop || (hj == htop && j < top) {
            top = j;
        }
    }
    top
}

/// Whether the projections of vertices `i` and `j` on `d` are within rounding of each
/// other: a dot product `v·d` is off by at most about `2ε·(|v.x·d.x| + |v.y·d.y|)`, so
/// two projections closer than the sum of their bounds (doubled) cannot be ordered.
fn ties(vertices: &[DVec2], d: DVec2, i: usize, j: usize) -> bool {
    let rounding = |v: DVec2| 4.0 * f64::EPSILON * (v * d).abs().element_sum();
    let (v, w) = (vertices[i], vertices[j]);
    (w.dot(d) - v.dot(d)).abs() <= rounding(v) + rounding(w)
}

/// The vertex farthest along `d`, comparing every one.
fn farthest(vertices: &[DVec2], d: DVec2) -> usize {
    let mut best = 0;
    for (i, v) in vertices.iter().enumerate() {
        if v.dot(d) > vertices[best].dot(d) {
            best = i;
        }
    }
    best
}

/// The axis a circle adds against a polygon: the line through the circle's centre and
/// the polygon's vertex closest to it, pointing from A's side to B's. (If the centre is
/// on that vertex, the normal of the edge starting there: the edge normals already
/// decide that case.)
fn closest_vertex_axis(polygon: &Body, centre: DVec2, polygon_side: Side) -> (DVec2, AxisSource) {
    let Body::Polygon {
        shape,
        polygon,
        offset,
    } = *polygon
    else {
        unreachable!("only a polygon has vertices")
    };
    let local_centre = shape.unrotate(centre - offset);
    let mut best = 0;
    let mut best_d2 = f64::INFINITY;
    for (i, v) in polygon.vertices().iter().enumerate() {
        let d2 = v.distance_squared(local_centre);
        if d2 < best_d2 {
            best = i;
            best_d2 = d2;
        }
    }
    // From the vertex out to the centre: out of the polygon.
    let outward = shape
        .rotate(try_normalize(local_centre - polygon.vertex(best)).unwrap_or(polygon.normal(best)));
    let source = AxisSource::ClosestVertex {
        shape: polygon_side,
        vertex: best as u32,
    };
    match polygon_side {
        Side::A => (outward, source),
        Side::B => (-outward, source),
    }
}

/// What SAT keeps of an axis test: which axis, both shadows, the overlap and the way
/// out.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Measure {
    index: usize,
    a: Shadow,
    b: Shadow,
    overlap: f64,
    normal: DVec2,
}

/// SAT as a step machine: one step per axis, then `Done`.
#[derive(Clone, Debug)]
pub struct Sat<'s> {
    a: Body<'s>,
    b: Body<'s>,
    /// A's position (projections are measured from it).
    origin: DVec2,
    /// Which axes: the general method or the OBB fast path.
    method: SatMethod,
    /// The axis a circle adds, if any (tested last), pointing from A towards B.
    extra_axis: Option<(DVec2, AxisSource)>,
    /// Axes in all: A's, then B's, then the extra one.
    axis_count: usize,
    /// The next axis to test.
    next: usize,
    /// Where A's and B's shadow ends were on the last axis.
    cursors: [Cursor; 2],
    /// Vertex projections computed so far ([`Sat::vertices_visited`]).
    visited: usize,
    /// The smallest overlap so far.
    best: Option<Measure>,
    /// The last axis tested.
    last: Option<Measure>,
    /// The separating axis, once found.
    separating: Option<Measure>,
    tolerance: Tolerance,
    /// Why it cannot run (it ends at once).
    not_applicable: Option<NotApplicable>,
    outcome: Option<SatOutcome>,
    /// The seed's version being run, if any ([`Variant::ObbTouchingSeparated`] or
    /// [`Variant::MtvTowardsCentre`]).
    variant: Option<Variant>,
    /// B's vertex average minus A's (seed 004's "centres"), for
    /// [`Variant::MtvTowardsCentre`].
    centres: DVec2,
    /// The arithmetic the shadows are kept in (`f64` but in an f32 run).
    precision: Precision,
}

impl<'s> Sat<'s> {
    /// SAT with one of the seeds' versions switched on (a variant of another algorithm
    /// is ignored, and the general method is used): the same machine, with seed 004's
    /// line where it differs — an OBB axis whose overlap is `≤ 0` separates
    /// ([`Variant::ObbTouchingSeparated`], on the OBB fast path), or the MTV's axis is
    /// turned towards B's vertex average ([`Variant::MtvTowardsCentre`]).
    pub fn with_variant(a: &'s Shape, b: &'s Shape, variant: Option<Variant>) -> Self {
        let variant = variant
            .filter(|v| matches!(v, Variant::ObbTouchingSeparated | Variant::MtvTowardsCentre));
        let method = if variant == Some(Variant::ObbTouchingSeparated) {
            SatMethod::Obb
        } else {
            SatMethod::General
        };
        let mut sat = Self::with_method(a, b, method);
        sat.variant = variant;
        sat.centres = vertex_average(b) - vertex_average(a);
        sat
    }

    /// The seed's version this machine runs, if any.
    pub fn variant(&self) -> Option<Variant> {
        self.variant
    }

    /// The general SAT: edge normals of both polygons (plus the closest-vertex axis for
    /// a circle, or the centres' line for two circles).
    pub fn new(a: &'s Shape, b: &'s Shape) -> Self {
        Self::with_method(a, b, SatMethod::General)
    }

    /// Whether SAT with `method` applies to `shape`: a pair has an answer when it
    /// applies to both (the general method: polygons and circles; the OBB path:
    /// rectangles; never an ellipse or a concave polygon).
    pub fn applies_to(shape: &Shape, method: SatMethod) -> bool {
        body(shape, shape.position(), method, Side::A).is_ok()
    }

    /// The OBB fast path: both shapes must be rectangles.
    pub fn obb(a: &'s Shape, b: &'s Shape) -> Self {
        Self::with_method(a, b, SatMethod::Obb)
    }

    /// SAT with the given method.
    pub fn with_method(a: &'s Shape, b: &'s Shape, method: SatMethod) -> Self {
        let origin = a.position();
        let tolerance = Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius()));
        let bodies = body(a, origin, method, Side::A)
            .and_then(|body_a| body(b, origin, method, Side::B).map(|body_b| (body_a, body_b)));
        let (body_a, body_b, not_applicable) = match bodies {
            Ok((body_a, body_b)) => (body_a, body_b, None),
            // Placeholders: a machine that cannot run ends at its first step.
            Err(why) => {
                let point = Body::Circle {
                    centre: DVec2::ZERO,
                    radius: 0.0,
                };
                (point, point, Some(why))
            }
        };
        let extra_axis = match (&body_a, &body_b) {
            _ if not_applicable.is_some() => None,
            (Body::Circle { centre: ca, .. }, Body::Circle { centre: cb, .. }) => Some((
                try_normalize(*cb - *ca).unwrap_or(DVec2::X),
                AxisSource::Centres,
            )),
            (Body::Circle { centre, .. }, polygon) => {
                Some(closest_vertex_axis(polygon, *centre, Side::B))
            }
            (polygon, Body::Circle { centre, .. }) => {
                Some(closest_vertex_axis(polygon, *centre, Side::A))
            }
            _ => None,
        };
        let axis_count = body_a.axis_count() + body_b.axis_count() + extra_axis.iter().count();
        Sat {
            a: body_a,
            b: body_b,
            origin,
            method,
            extra_axis,
            axis_count,
            next: 0,
            cursors: [[0; 2]; 2],
            visited: 0,
            best: None,
            last: None,
            separating: None,
            tolerance,
            not_applicable,
            outcome: None,
            variant: None,
            centres: DVec2::ZERO,
            precision: Precision::F64,
        }
    }

    /// SAT run with `settings`: its touch tolerance and precision (SAT has no
    /// iteration to cap and nothing to converge; see [`Settings`]).
    pub fn with_settings(mut self, settings: &Settings) -> Self {
        if !settings.is_default() {
            self.tolerance.touch = settings.touch * self.tolerance.scale;
            self.precision = settings.precision;
        }
        self
    }

    /// Runs to the end and returns the outcome (the fast path).
    #[inline(always)]
    pub fn run(mut self) -> SatOutcome {
        super::run_to_end(&mut self);
        self.outcome.expect("a finished SAT has an outcome")
    }

    /// The outcome, once SAT has ended.
    pub fn outcome(&self) -> Option<SatOutcome> {
        self.outcome
    }

    /// Which axes this run tries.
    pub fn method(&self) -> SatMethod {
        self.method
    }

    /// How many axes there are to test (0 when SAT does not apply).
    pub fn axis_count(&self) -> usize {
        self.axis_count
    }

    /// Axes tested so far.
    pub fn axes_tested(&self) -> usize {
        self.next
    }

    /// How many vertex projections `v·n` the run has computed so far: the work of SAT.
    /// Projecting every vertex on every axis would make it `(n + m)²` for two polygons
    /// of `n` and `m` vertices; the hill climbing of the module notes keeps it under
    /// `20·(n + m)` — each axis looks at a few vertices about each of its four shadow
    /// ends, and over all axes those ends go round each polygon about once.
    pub fn vertices_visited(&self) -> usize {
        self.visited
    }

    /// The smallest overlap so far, with both projections.
    pub fn best(&self) -> Option<AxisTest> {
        self.best.map(|m| self.describe(m))
    }

    /// The axis tested last, with both projections.
    pub fn last(&self) -> Option<AxisTest> {
        self.last.map(|m| self.describe(m))
    }

    /// The separating axis, once found.
    pub fn separating(&self) -> Option<AxisTest> {
        self.separating.map(|m| self.describe(m))
    }

    /// Every axis this run would test, in order (for drawing them all at once).
    pub fn axes(&self) -> Vec<(DVec2, AxisSource)> {
        (0..self.axis_count).map(|k| self.axis(k)).collect()
    }

    /// A's position: projections are measured from it (add `origin·axis`).
    pub fn origin(&self) -> DVec2 {
        self.origin
    }

    /// The pair's tolerances.
    pub fn tolerance(&self) -> Tolerance {
        self.tolerance
    }

    /// The `k`-th axis: A's first, then B's, then the extra one.
    #[inline(always)]
    fn axis(&self, k: usize) -> (DVec2, AxisSource) {
        let count_a = self.a.axis_count();
        let count_b = self.b.axis_count();
        if k < count_a {
            self.a.axis(k, Side::A)
        } else if k < count_a + count_b {
            self.b.axis(k - count_a, Side::B)
        } else {
            self.extra_axis.expect("the last axis is the extra one")
        }
    }

    /// Measures axis `k` — the one computation of SAT, the same for every axis:
    /// both shadows, then their overlap `min(a₁ − b₀, b₁ − a₀)` and the way out.
    #[inline(always)]
    fn measure(&mut self, k: usize) -> Measure {
        let (axis, _) = self.axis(k);
        // A polygon's shadow on its own edge normal ends at that edge: its walk to the
        // top starts there and stops at once.
        let count_a = self.a.axis_count();
        if k < count_a {
            self.cursors[0][1] = k;
        } else if k < count_a + self.b.axis_count() {
            self.cursors[1][1] = k - count_a;
        }
        let [cursor_a, cursor_b] = &mut self.cursors;
        let a = self.a.project(axis, cursor_a, &mut self.visited);
        let b = self.b.project(axis, cursor_b, &mut self.visited);
        let (a, b) = (self.stored(a, axis), self.stored(b, axis));
        let (overlap, normal) = overlap(a.interval, b.interval, axis);
        Measure {
            index: k,
            a,
            b,
            overlap,
            normal,
        }
    }

    /// A shadow as a run in `float` keeps it: each end as a world projection
    /// (`origin·axis` added back), rounded.
    #[inline(always)]
    fn stored(&self, shadow: Shadow, axis: DVec2) -> Shadow {
        if self.precision == Precision::F64 {
            return shadow;
        }
        let (p, base) = (self.precision, self.origin.dot(axis));
        let interval = Interval {
            min: p.round(base + shadow.interval.min) - base,
            max: p.round(base + shadow.interval.max) - base,
        };
        Shadow { interval, ..shadow }
    }

    /// A measured axis with both projections, for the learner (world points).
    fn describe(&self, m: Measure) -> AxisTest {
        let (axis, source) = self.axis(m.index);
        AxisTest {
            source,
            axis,
            a: m.a.interval,
            b: m.b.interval,
            overlap: m.overlap,
            normal: m.normal,
            ends_a: self.a.ends(axis, m.a).map(|p| p + self.origin),
            ends_b: self.b.ends(axis, m.b).map(|p| p + self.origin),
        }
    }

    /// The outcome once every axis overlapped.
    fn overlapping(&self) -> SatOutcome {
        let best = self.best.expect("at least one axis was tested");
        let normal = if self.variant == Some(Variant::MtvTowardsCentre) {
            // Seed 004: `if (Dot(centerB − centerA, smallestAxis) < 0) smallestAxis *= -1`,
            // whichever side the overlap was measured on.
            let (axis, _) = self.axis(best.index);
            if self.centres.dot(axis) < 0.0 {
                -axis
            } else {
                axis
            }
        } else {
            best.normal
        };
        SatOutcome::Overlapping {
            depth: best.overlap.max(0.0),
            normal,
            source: self.axis(best.index).1,
            axes_tested: self.next,
        }
    }

    fn finish(&mut self, outcome: SatOutcome) -> Progress<SatEvent> {
        self.outcome = Some(outcome);
        Progress::Stepped(Some(SatEvent::Done { outcome }))
    }
}

/// The overlap of two shadows on `axis` and the way out: B moves by `a.max − b.min`
/// along `+axis`, or by `b.max − a.min` along `−axis`; the shorter wins (ties:
/// `+axis`). Negative: the intervals are apart, and the value is minus their gap
/// (the way out then points from A's shadow to B's).
#[inline(always)]
fn overlap(a: Interval, b: Interval, axis: DVec2) -> (f64, DVec2) {
    let push_plus = a.max - b.min;
    let push_minus = b.max - a.min;
    if push_plus <= push_minus {
        (push_plus, axis)
    } else {
        (push_minus, -axis)
    }
}

/// The average of a polygon's vertices (world), seed 004's `ComputeCenter`; a curved
/// shape's centre.
fn vertex_average(shape: &Shape) -> DVec2 {
    match shape.geometry().polygon_vertices() {
        Some(vertices) if !vertices.is_empty() => {
            let sum: DVec2 = vertices.iter().map(|v| shape.to_world(*v)).sum();
            sum / vertices.len() as f64
        }
        _ => shape.position(),
    }
}

/// SAT's view of one shape, or why SAT does not apply to it.
fn body(
    shape: &Shape,
    origin: DVec2,
    method: SatMethod,
    side: Side,
) -> Result<Body<'_>, NotApplicable> {
    let offset = shape.position() - origin;
    match (shape.geometry(), method) {
        (Geometry::Polygon(polygon), SatMethod::General) => Ok(Body::Polygon {
            shape,
            polygon,
            offset,
        }),
        (Geometry::Polygon(polygon), SatMethod::Obb) => match polygon.obb() {
            Some(obb) => Ok(Body::Box {
                obb: Obb {
                    center: offset + shape.rotate(obb.center),
                    axes: [shape.rotate(obb.axes[0]), shape.rotate(obb.axes[1])],
                    half_extents: obb.half_extents,
                },
            }),
            None => Err(NotApplicable::NotABox { shape: side }),
        },
        (Geometry::Circle(circle), SatMethod::General) => Ok(Body::Circle {
            centre: offset,
            radius: circle.radius,
        }),
        (Geometry::Circle(_), SatMethod::Obb) => Err(NotApplicable::NotABox { shape: side }),
        (Geometry::Ellipse(_), _) => Err(NotApplicable::Curved { shape: side }),
        (Geometry::Concave(_), _) => Err(NotApplicable::Concave { shape: side }),
        (g @ (Geometry::Capsule(_) | Geometry::Rounded(_)), _) => Err(NotApplicable::Rounded {
            shape: side,
            shape_kind: g.kind(),
        }),
    }
}

impl StepMachine for Sat<'_> {
    type Event = SatEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<SatEvent> {
        if self.outcome.is_some() {
            return Progress::Ended;
        }
        if let Some(why) = self.not_applicable {
            return self.finish(SatOutcome::NotApplicable { why });
        }
        if let Some(m) = self.separating {
            return self.finish(SatOutcome::Separated {
                // `0.0 − overlap`, not `−overlap`: seed 004's OBB test separates at an
                // overlap of exactly 0, and its gap is then +0, not −0.
                gap: 0.0 - m.overlap,
                normal: m.normal,
                source: self.axis(m.index).1,
                axes_tested: self.next,
            });
        }
        if self.next == self.axis_count {
            let outcome = self.overlapping();
            return self.finish(outcome);
        }
        let m = self.measure(self.next);
        self.next += 1;
        self.last = Some(m);
        let separates = if self.variant == Some(Variant::ObbTouchingSeparated) {
            // Seed 004's OBB test: `if (separateDist <= 0) return false`.
            m.overlap <= 0.0
        } else {
            m.overlap < -self.tolerance.touch
        };
        let verdict = if separates {
            // The intervals are apart: this axis separates the shapes, and the next
            // step ends SAT without testing the remaining axes.
            self.separating = Some(m);
            Verdict::Separating
        } else if self
            .best
            .is_none_or(|best| m.overlap < best.overlap - self.tolerance.touch)
        {
            self.best = Some(m);
            Verdict::NewMinimum
        } else {
            Verdict::NotSmaller
        };
        Progress::Stepped(watch.then(|| SatEvent::Axis {
            test: self.describe(m),
            verdict,
            best: self.best(),
        }))
    }
}
