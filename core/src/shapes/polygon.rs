//! Convex polygons: validation (finite, at least 3 distinct vertices, non-zero area,
//! convex, simple) and normalisation (counter-clockwise, no repeated or collinear
//! vertices).

use super::{Support, SupportVertex};
use crate::geometry::{cross, normalize_or, perp_cw, signed_area2};
use glam::DVec2;
use std::f64::consts::TAU;

/// A convex polygon in its local frame, vertices counter-clockwise, every vertex a
/// strict left turn (no repeated or collinear vertices).
#[derive(Clone, Debug, PartialEq)]
pub struct ConvexPolygon {
    vertices: Vec<DVec2>,
    /// Unit outward normal of edge `i` (from vertex `i` to vertex `i + 1`).
    normals: Vec<DVec2>,
    centroid: DVec2,
    bounding_radius: f64,
    /// The polygon seen as an oriented box, when it is a rectangle.
    obb: Option<Obb>,
    /// Whether that box is the polygon's own frame: centred on the local origin, its
    /// axes the local x and y axes (a rectangle written from its lower left corner
    /// counter-clockwise, as `rectangle` writes it).
    obb_aligned: bool,
}

/// A rectangle described the way SAT's OBB fast path wants it (seed 004): a centre,
/// two perpendicular unit axes and the half-extent along each, in the local frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb {
    /// The box's centre.
    pub center: DVec2,
    /// Unit axes: the direction of edge 0 and the direction of edge 1.
    pub axes: [DVec2; 2],
    /// Half the length of the box along `axes[0]` and along `axes[1]`.
    pub half_extents: DVec2,
}

/// A quadrilateral is a rectangle when each corner is square to this relative
/// accuracy: `|e_i·e_{i+1}| ≤ RIGHT_ANGLE_TOL·|e_i|·|e_{i+1}|` (about 2e-7 degrees).
const RIGHT_ANGLE_TOL: f64 = 1e-9;

/// What a polygon with no area is said to be instead: a segment, Box2D's
/// `b2Segment`, is a capsule of radius 0.
const SEGMENT_HINT: &str = "; a segment is written Capsule(a: (x, y), b: (x, y), radius: 0.0)";

/// Why a list of points is not a convex polygon. Vertex indices refer to the list as
/// given.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PolygonError {
    /// A coordinate is NaN or infinite.
    #[error("vertex {vertex} has a non-finite coordinate")]
    NonFinite {
        /// Index of the offending vertex.
        vertex: usize,
    },
    /// Fewer than three distinct vertices (two are a segment: the message says how to
    /// write one).
    #[error(
        "a polygon needs at least 3 distinct vertices, this one has {distinct}{}",
        if *distinct == 2 { SEGMENT_HINT } else { "" }
    )]
    TooFewVertices {
        /// How many distinct vertices there are.
        distinct: usize,
    },
    /// All vertices lie on one line (zero area): a segment, at best.
    #[error("the polygon has zero area (all vertices on one line){SEGMENT_HINT}")]
    ZeroArea,
    /// The polygon turns the wrong way at a vertex.
    #[error("the polygon is not convex: it turns the other way at vertex {vertex}")]
    NonConvex {
        /// Index of the reflex vertex.
        vertex: usize,
    },
    /// Every turn is convex, yet the boundary winds around more than once (a star).
    #[error("the polygon's boundary crosses itself (it winds around {windings} times)")]
    SelfIntersecting {
        /// How many times the boundary winds around.
        windings: u32,
    },
    /// Two edges of the boundary cross or touch (a concave polygon must be simple).
    /// Edge `i` runs from vertex `i` to the next distinct vertex, as written.
    #[error(
        "the polygon's boundary crosses or touches itself: edge {first} \
         (vertex {first} to {first_end}) meets edge {second} (vertex {second} \
         to {second_end}); a polygon must be simple"
    )]
    EdgesIntersect {
        /// The first edge (index of its start vertex in the input).
        first: usize,
        /// Its end vertex in the input.
        first_end: usize,
        /// The second edge (index of its start vertex in the input).
        second: usize,
        /// Its end vertex in the input.
        second_end: usize,
    },
    /// More vertices than a concave polygon may have (the checks are quadratic).
    #[error("a concave polygon may have at most {max} vertices, this one has {count}")]
    TooManyVertices {
        /// How many distinct vertices there are.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// The decomposition into convex parts failed (no ear found: the outline is
    /// numerically degenerate, e.g. almost touching itself).
    #[error("the polygon could not be split into convex parts (it almost touches itself)")]
    DecompositionFailed,
    /// A vertex lies beyond [`crate::range::MAX_COORDINATE`].
    #[error("{}", out_of_range_message(*vertex, *point))]
    OutOfRange {
        /// Index of the offending vertex.
        vertex: usize,
        /// The vertex.
        point: DVec2,
    },
    /// A polygon with a radius (a rounded polygon) is concave: sweeping a disk along
    /// a concave outline is not supported; its convex parts, each with the radius,
    /// are.
    #[error("{}", rounded_concave_message(*vertex))]
    RoundedConcave {
        /// The first vertex (input index) where the outline turns the other way.
        vertex: Option<usize>,
    },
    /// The polygon is smaller than [`crate::range::MIN_SIZE`] across.
    #[error("{}", too_small_message(*extent))]
    TooSmall {
        /// Its extent (the longer side of its bounding box).
        extent: f64,
    },
}

/// The message of [`PolygonError::OutOfRange`]: the range check's own words.
fn out_of_range_message(vertex: usize, point: DVec2) -> String {
    crate::range::check_point(crate::range::Quantity::Vertex(vertex), point)
        .err()
        .map_or_else(
            || format!("vertex {vertex} is out of range"),
            |e| e.to_string(),
        )
}

/// The message of [`PolygonError::RoundedConcave`].
fn rounded_concave_message(vertex: Option<usize>) -> String {
    let at = vertex.map_or_else(String::new, |v| {
        format!(" (it turns the other way at vertex {v})")
    });
    format!(
        "a polygon with a radius must be convex, and this one is concave{at}: split it \
         into convex polygons, each with the radius"
    )
}

/// The message of [`PolygonError::TooSmall`]: the range check's own words.
fn too_small_message(extent: f64) -> String {
    crate::range::check_size(crate::range::Quantity::PolygonExtent, extent)
        .err()
        .map_or_else(
            || format!("the polygon's extent {extent:e} is too small"),
            |e| e.to_string(),
        )
}

/// Relative tolerance for "repeated" and "collinear": a vertex closer than
/// `REPEAT_TOL · size` to the previous one repeats it; a turn with
/// `|sin(angle)| ≤ COLLINEAR_TOL` goes straight on.
pub(super) const REPEAT_TOL: f64 = 1e-12;
pub(super) const COLLINEAR_TOL: f64 = 1e-12;

impl ConvexPolygon {
    /// Validates and normalises a vertex list (either orientation).
    pub fn new(vertices: &[DVec2]) -> Result<Self, PolygonError> {
        if let Some(i) = vertices.iter().position(|v| !v.is_finite()) {
            return Err(PolygonError::NonFinite { vertex: i });
        }
        let points = drop_repeated(vertices);
        if points.len() < 3 {
            return Err(PolygonError::TooFewVertices {
                distinct: points.len(),
            });
        }
        let pts: Vec<DVec2> = points.iter().map(|&(_, p)| p).collect();
        let size = diameter(&pts);
        let area2 = signed_area2(&pts);
        if area2.abs() <= 1e-12 * size * size {
            return Err(PolygonError::ZeroArea);
        }
        // Work counter-clockwise; remember each point's index in the input.
        let mut points = points;
        if area2 < 0.0 {
            points.reverse();
        }
        let kept = drop_collinear_checking_convexity(&points)?;
        Ok(Self::from_ccw_unchecked(kept))
    }

    /// Builds from vertices already known to be strictly convex and counter-clockwise.
    fn from_ccw_unchecked(vertices: Vec<DVec2>) -> Self {
        let centroid = polygon_centroid(&vertices);
        let bounding_radius = vertices.iter().map(|v| v.length()).fold(0.0, f64::max);
        let n = vertices.len();
        // For a counter-clockwise polygon, `perp_cw(b − a)` points out of the polygon.
        let normals = (0..n)
            .map(|i| normalize_or(perp_cw(vertices[(i + 1) % n] - vertices[i]), DVec2::X))
            .collect();
        let obb = as_obb(&vertices);
        let obb_aligned = obb.is_some_and(|o| {
            o.center == DVec2::ZERO && o.axes[0] == DVec2::X && o.axes[1] == DVec2::Y
        });
        ConvexPolygon {
            vertices,
            normals,
            centroid,
            bounding_radius,
            obb,
            obb_aligned,
        }
    }

    /// An axis-aligned box with half-extents `hx`, `hy`, centred on the local origin.
    pub fn rectangle(hx: f64, hy: f64) -> Self {
        Self::new(&[
            DVec2::new(-hx, -hy),
            DVec2::new(hx, -hy),
            DVec2::new(hx, hy),
            DVec2::new(-hx, hy),
        ])
        .expect("a rectangle with positive half-extents is convex")
    }

    /// A regular `n`-gon of circumradius `r`, first vertex at angle `phase`.
    pub fn regular(n: usize, r: f64, phase: f64) -> Self {
        let n = n.max(3);
        let vertices: Vec<DVec2> = (0..n)
            .map(|i| DVec2::from_angle(phase + TAU * i as f64 / n as f64) * r)
            .collect();
        Self::new(&vertices).expect("a regular polygon with r > 0 is convex")
    }

    /// The vertices, counter-clockwise.
    pub fn vertices(&self) -> &[DVec2] {
        &self.vertices
    }

    /// Vertex `i` (indices wrap around).
    #[inline(always)]
    pub fn vertex(&self, i: usize) -> DVec2 {
        self.vertices[i % self.vertices.len()]
    }

    /// Unit outward normal of edge `i`, the edge from vertex `i` to vertex `i + 1`.
    #[inline(always)]
    pub fn normal(&self, i: usize) -> DVec2 {
        self.normals[i % self.normals.len()]
    }

    /// The index after vertex `i` (`i` < the vertex count) going round: 0 after the
    /// last. No remainder: an integer division costs as much as a dozen of the dot
    /// products around it.
    #[inline(always)]
    pub fn next_index(&self, i: usize) -> usize {
        if i + 1 >= self.vertices.len() {
            0
        } else {
            i + 1
        }
    }

    /// The index before vertex `i` (`i` < the vertex count) going round: the last
    /// before 0.
    #[inline(always)]
    pub fn prev_index(&self, i: usize) -> usize {
        if i == 0 {
            self.vertices.len() - 1
        } else {
            i - 1
        }
    }

    /// The unit outward edge normals, edge `i` from vertex `i` to vertex `i + 1`.
    pub fn normals(&self) -> &[DVec2] {
        &self.normals
    }

    /// The polygon as an oriented box, when it is a rectangle (SAT's OBB fast path).
    pub fn obb(&self) -> Option<&Obb> {
        self.obb.as_ref()
    }

    /// Whether the polygon is a rectangle whose box ([`ConvexPolygon::obb`]) is the
    /// polygon's own frame: centred on the local origin, axes along the local axes.
    #[inline(always)]
    pub fn obb_is_aligned(&self) -> bool {
        self.obb_aligned
    }

    /// Area centroid.
    pub fn centroid(&self) -> DVec2 {
        self.centroid
    }

    /// Largest distance from the local origin to a vertex.
    pub fn bounding_radius(&self) -> f64 {
        self.bounding_radius
    }

    /// Whether a local point is inside or on the polygon.
    #[inline(always)]
    pub fn contains(&self, p: DVec2) -> bool {
        let n = self.vertices.len();
        (0..n).all(|i| {
            let (a, b) = (self.vertices[i], self.vertices[(i + 1) % n]);
            cross(b - a, p - a) >= 0.0
        })
    }
}

impl Support for ConvexPolygon {
    /// The vertex with the largest `v·d`; ties go to the lowest index, so the answer is
    /// deterministic.
    #[inline(always)]
    fn support(&self, direction: DVec2) -> SupportVertex {
        let best = first_max(&self.vertices, direction);
        SupportVertex {
            point: self.vertices[best],
            vertex: Some(best as u32),
        }
    }
}

/// The first vertex with the largest `v·d` (the polygon's support), found in
/// two interleaved lanes (even and odd indices) so that the comparisons of one do not
/// wait on the other's; the lanes' winners are merged keeping the lower index on a tie.
/// The answer is a plain scan's, `NaN` products included (passed over, as `>` passes
/// them; only vertex 0's, where the scan starts, sticks): the odd lane starts below
/// every number, so that a `NaN` at vertex 1 does not hold it.
#[inline(always)]
pub(crate) fn first_max(vertices: &[DVec2], d: DVec2) -> usize {
    let n = vertices.len();
    let (mut i0, mut d0) = (0, vertices[0].dot(d));
    if n == 1 {
        return 0;
    }
    let (mut i1, mut d1) = (1, f64::NEG_INFINITY);
    let e1 = vertices[1].dot(d);
    if e1 > d1 {
        d1 = e1;
    }
    let mut i = 2;
    while i + 1 < n {
        let (e0, e1) = (vertices[i].dot(d), vertices[i + 1].dot(d));
        if e0 > d0 {
            (i0, d0) = (i, e0);
        }
        if e1 > d1 {
            (i1, d1) = (i + 1, e1);
        }
        i += 2;
    }
    if i < n {
        let e0 = vertices[i].dot(d);
        if e0 > d0 {
            (i0, d0) = (i, e0);
        }
    }
    // Both tests are evaluated (`|`, `&`: no short circuit), so that the merge is a
    // select, not a branch: which lane wins is as random as the direction.
    let odd_wins = (d1 > d0) | ((d1 == d0) & (i1 < i0));
    if odd_wins {
        i1
    } else {
        i0
    }
}

/// The rectangle's centre, axes and half-extents, when the four vertices make one.
fn as_obb(vertices: &[DVec2]) -> Option<Obb> {
    if vertices.len() != 4 {
        return None;
    }
    let edge = |i: usize| vertices[(i + 1) % 4] - vertices[i % 4];
    let square = |i: usize| {
        let (e, f) = (edge(i), edge(i + 1));
        e.dot(f).abs() <= RIGHT_ANGLE_TOL * e.length() * f.length()
    };
    if !(0..4).all(square) {
        return None;
    }
    let (e0, e1) = (edge(0), edge(1));
    Some(Obb {
        // The midpoint of a diagonal is the centre of a rectangle.
        center: (vertices[0] + vertices[2]) * 0.5,
        axes: [normalize_or(e0, DVec2::X), normalize_or(e1, DVec2::Y)],
        half_extents: DVec2::new(e0.length(), e1.length()) * 0.5,
    })
}

/// Largest coordinate extent of a point set (its bounding box's longer side).
pub(super) fn diameter(points: &[DVec2]) -> f64 {
    let min = points
        .iter()
        .fold(DVec2::splat(f64::INFINITY), |m, &p| m.min(p));
    let max = points
        .iter()
        .fold(DVec2::splat(f64::NEG_INFINITY), |m, &p| m.max(p));
    (max - min).max_element()
}

/// Drops vertices that repeat the one before them (cyclically), keeping input indices.
pub(super) fn drop_repeated(vertices: &[DVec2]) -> Vec<(usize, DVec2)> {
    let tol = REPEAT_TOL * diameter(vertices).max(f64::MIN_POSITIVE);
    let mut out: Vec<(usize, DVec2)> = Vec::with_capacity(vertices.len());
    for (i, &v) in vertices.iter().enumerate() {
        if out
            .last()
            .is_none_or(|&(_, last)| (v - last).length() > tol)
        {
            out.push((i, v));
        }
    }
    while out.len() > 1 && (out[0].1 - out[out.len() - 1].1).length() <= tol {
        out.pop();
    }
    out
}

/// Walks a counter-clockwise polygon, drops vertices where it goes straight on, and
/// fails at the first reflex vertex or when the boundary winds around more than once.
fn drop_collinear_checking_convexity(
    points: &[(usize, DVec2)],
) -> Result<Vec<DVec2>, PolygonError> {
    let n = points.len();
    let mut kept = Vec::with_capacity(n);
    let mut total_turn = 0.0;
    for i in 0..n {
        let (prev, (index, here), next) =
            (points[(i + n - 1) % n].1, points[i], points[(i + 1) % n].1);
        let (e1, e2) = (here - prev, next - here);
        let sin = cross(e1, e2) / (e1.length() * e2.length());
        let cos = e1.dot(e2) / (e1.length() * e2.length());
        if sin < -COLLINEAR_TOL || (sin.abs() <= COLLINEAR_TOL && cos < 0.0) {
            return Err(PolygonError::NonConvex { vertex: index });
        }
        total_turn += sin.atan2(cos);
        if sin > COLLINEAR_TOL {
            kept.push(here);
        }
    }
    // A simple convex polygon turns exactly once around (2π); a star turns 2π·k.
    let windings = (total_turn / TAU).round() as u32;
    if windings != 1 {
        return Err(PolygonError::SelfIntersecting { windings });
    }
    Ok(kept)
}

/// Area centroid of a simple polygon: `C = Σ (pᵢ + pᵢ₊₁)·(pᵢ × pᵢ₊₁) / (3·Σ pᵢ × pᵢ₊₁)`.
/// Coordinates are taken relative to the first vertex to limit cancellation.
pub(super) fn polygon_centroid(vertices: &[DVec2]) -> DVec2 {
    let origin = vertices[0];
    let n = vertices.len();
    let (mut sum, mut area2) = (DVec2::ZERO, 0.0);
    for i in 0..n {
        let (p, q) = (vertices[i] - origin, vertices[(i + 1) % n] - origin);
        let c = cross(p, q);
        sum += (p + q) * c;
        area2 += c;
    }
    origin + sum / (3.0 * area2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The first index of the largest product, by a plain scan (`>` passes `NaN` over).
    fn plain_scan(vertices: &[DVec2], d: DVec2) -> usize {
        let mut best = 0;
        for (i, v) in vertices.iter().enumerate().skip(1) {
            if v.dot(d) > vertices[best].dot(d) {
                best = i;
            }
        }
        best
    }

    /// A coordinate from a small set, so that ties, signed zeros, infinities and `NaN`
    /// products are common.
    fn coordinate() -> impl Strategy<Value = f64> {
        prop_oneof![
            (-3i32..=3).prop_map(f64::from),
            Just(-0.0),
            Just(f64::INFINITY),
            Just(f64::NEG_INFINITY),
            Just(f64::NAN),
            -1e3..1e3f64,
        ]
    }

    proptest! {
        /// The two-lane scan answers as the plain scan on any numbers: ties, `±0`,
        /// infinities, `NaN`, one vertex or many, odd and even counts.
        #[test]
        fn the_two_lane_scan_is_the_plain_scan(
            points in prop::collection::vec((coordinate(), coordinate()), 1..12),
            d in (coordinate(), coordinate()),
        ) {
            let vertices: Vec<DVec2> = points.iter().map(|&(x, y)| DVec2::new(x, y)).collect();
            let d = DVec2::new(d.0, d.1);
            prop_assert_eq!(first_max(&vertices, d), plain_scan(&vertices, d));
        }
    }

    fn v(points: &[(f64, f64)]) -> Vec<DVec2> {
        points.iter().map(|&(x, y)| DVec2::new(x, y)).collect()
    }

    #[test]
    fn clockwise_input_is_normalised_to_counter_clockwise() {
        let p = ConvexPolygon::new(&v(&[(0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, 0.0)])).unwrap();
        assert!(signed_area2(p.vertices()) > 0.0);
        assert_eq!(p.centroid(), DVec2::new(0.5, 0.5));
    }

    #[test]
    fn repeated_and_collinear_vertices_are_dropped() {
        let p = ConvexPolygon::new(&v(&[
            (0.0, 0.0),
            (0.0, 0.0),
            (1.0, 0.0),
            (2.0, 0.0),
            (2.0, 2.0),
            (0.0, 2.0),
            (0.0, 0.0),
        ]))
        .unwrap();
        assert_eq!(p.vertices().len(), 4);
    }

    #[test]
    fn invalid_polygons_say_what_is_wrong() {
        assert_eq!(
            ConvexPolygon::new(&v(&[(0.0, 0.0), (1.0, 0.0), (1.0, 0.0)])),
            Err(PolygonError::TooFewVertices { distinct: 2 })
        );
        assert_eq!(
            ConvexPolygon::new(&v(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)])),
            Err(PolygonError::ZeroArea)
        );
        assert_eq!(
            ConvexPolygon::new(&v(&[
                (0.0, 0.0),
                (2.0, 0.0),
                (1.0, 0.5),
                (2.0, 2.0),
                (0.0, 2.0)
            ])),
            Err(PolygonError::NonConvex { vertex: 2 })
        );
        assert_eq!(
            ConvexPolygon::new(&[DVec2::new(f64::NAN, 0.0), DVec2::X, DVec2::Y]),
            Err(PolygonError::NonFinite { vertex: 0 })
        );
        // A pentagram: every turn is a left turn, but it winds around twice.
        let star: Vec<DVec2> = (0..5)
            .map(|i| DVec2::from_angle(i as f64 * 2.0 * TAU / 5.0))
            .collect();
        assert_eq!(
            ConvexPolygon::new(&star),
            Err(PolygonError::SelfIntersecting { windings: 2 })
        );
    }

    #[test]
    fn reflex_vertex_index_refers_to_the_input_even_when_clockwise() {
        // Same reflex polygon as above, given clockwise: vertex 2 is still the culprit.
        let cw = v(&[(0.0, 2.0), (2.0, 2.0), (1.0, 0.5), (2.0, 0.0), (0.0, 0.0)]);
        assert_eq!(
            ConvexPolygon::new(&cw),
            Err(PolygonError::NonConvex { vertex: 2 })
        );
    }

    #[test]
    fn support_ties_go_to_the_lowest_index() {
        let p = ConvexPolygon::rectangle(1.0, 1.0);
        assert_eq!(p.support(DVec2::X).vertex, Some(1));
        assert_eq!(p.support(DVec2::ZERO).vertex, Some(0));
    }
}
