//! The GJK simplex — a point, a segment or a triangle of `A − B` — and the one
//! question every GJK variant asks it: *which feature is closest to the origin, and
//! which point of it?*
//!
//! The answer comes from Voronoi regions written with barycentric coordinates
//! (Ericson, *Real-Time Collision Detection*, §5.1.5; Box2D's `b2SolveSimplex2/3`).
//! For a segment `w1 w2` the closest point to the origin is `λ1·w1 + λ2·w2` with
//!
//! ```text
//! λ1 ∝ d12_1 =  w2·(w2 − w1)       λ2 ∝ d12_2 = −w1·(w2 − w1)
//! ```
//!
//! A non-positive coordinate means the origin lies in the Voronoi region of the other
//! end point, which is then dropped. For a triangle the coordinates of the interior
//! are the signed areas `d123_i ∝ (w_j × w_k)` of the sub-triangles opposite each
//! vertex, scaled by the triangle's own orientation `(w2 − w1) × (w3 − w1)`.

use crate::geometry::{cross, perp_ccw, perp_cw};
use crate::minkowski::{LocalSupport, SupportPoint};
use glam::DVec2;
use serde::{Serialize, Serializer};

/// A point a simplex can hold: a point of `A − B` (with whatever it remembers of the
/// points of A and B it came from).
pub trait SimplexPoint: Copy + Default {
    /// The point of `A − B`.
    fn position(&self) -> DVec2;
    /// The points of A and of B it is the difference of (in the world for a
    /// [`SupportPoint`], in each shape's own frame for a [`LocalSupport`]).
    fn sources(&self) -> (DVec2, DVec2);
    /// The polygon vertices of A and of B it comes from, when they are vertices.
    fn vertices(&self) -> (Option<u32>, Option<u32>);
}

impl SimplexPoint for SupportPoint {
    #[inline(always)]
    fn position(&self) -> DVec2 {
        self.p
    }

    #[inline(always)]
    fn sources(&self) -> (DVec2, DVec2) {
        (self.a, self.b)
    }

    #[inline(always)]
    fn vertices(&self) -> (Option<u32>, Option<u32>) {
        (self.vertex_a, self.vertex_b)
    }
}

impl SimplexPoint for LocalSupport {
    #[inline(always)]
    fn position(&self) -> DVec2 {
        self.p
    }

    #[inline(always)]
    fn sources(&self) -> (DVec2, DVec2) {
        (self.a, self.b)
    }

    #[inline(always)]
    fn vertices(&self) -> (Option<u32>, Option<u32>) {
        (self.vertex_a, self.vertex_b)
    }
}

/// Up to three points of `A − B`, in the order they were found: world
/// [`SupportPoint`]s for viewers and EPA, [`LocalSupport`]s in A's frame inside GJK.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Simplex<P = SupportPoint> {
    points: [P; 3],
    len: usize,
}

impl<P: SimplexPoint + Serialize> Serialize for Simplex<P> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.points())
    }
}

/// The feature of a simplex whose Voronoi region holds the origin. Indices refer to the
/// simplex as it was *before* it was reduced to that feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "feature", content = "points", rename_all = "snake_case")]
pub enum Region {
    /// A single vertex.
    Vertex(usize),
    /// The inside of a segment.
    Edge(usize, usize),
    /// The inside of the triangle: the origin is enclosed.
    Interior,
}

impl Region {
    /// "vertex 1", "edge 0–2", "interior" — for narration.
    pub fn describe(&self) -> String {
        match *self {
            Region::Vertex(i) => format!("vertex {}", point_name(i)),
            Region::Edge(i, j) => format!("edge {}{}", point_name(i), point_name(j)),
            Region::Interior => "the triangle's interior".to_string(),
        }
    }
}

/// Letter name of a simplex point by index: A, B, C (as in the literature).
pub fn point_name(i: usize) -> char {
    (b'A' + i as u8) as char
}

/// Closest point of a simplex to the origin.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Closest {
    /// The feature whose Voronoi region contains the origin.
    pub region: Region,
    /// The closest point `v = Σ λᵢ·wᵢ`.
    pub point: DVec2,
    /// Barycentric weights `λᵢ` of the points, in simplex order (0 for points outside
    /// the region).
    pub weights: [f64; 3],
}

impl<P: SimplexPoint> Simplex<P> {
    /// An empty simplex.
    pub fn new() -> Self {
        Self::default()
    }

    /// A simplex of the given points (at most three are kept).
    pub fn from_points(points: &[P]) -> Self {
        let mut s = Self::new();
        for &p in points.iter().take(3) {
            s.push(p);
        }
        s
    }

    /// Number of points (0 to 3).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the simplex has no point.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Point `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> P {
        debug_assert!(i < self.len, "simplex index in range");
        // Constant indices (see `push`).
        match i {
            0 => self.points[0],
            1 => self.points[1],
            _ => self.points[2],
        }
    }

    /// The points, in order.
    pub fn points(&self) -> impl Iterator<Item = P> + '_ {
        self.points[..self.len].iter().copied()
    }

    /// Appends a point (a full simplex drops its oldest point first; GJK never lets it
    /// be full when it pushes).
    ///
    /// Every index into the points here is a constant (as in [`reduce`](Self::reduce),
    /// [`get`](Self::get) and [`any`](Self::any)): an array read or written at an index
    /// known only at run time has to live in memory, and GJK's fast path would then
    /// store its simplex and load it back at every step instead of keeping it in
    /// registers. Each case writes only the slots that change, so that a machine that
    /// does live in memory (the shape cast's) moves no more than before.
    #[inline(always)]
    pub fn push(&mut self, p: P) {
        match self.len {
            0 => self.points[0] = p,
            1 => self.points[1] = p,
            2 => self.points[2] = p,
            _ => {
                self.points[0] = self.points[1];
                self.points[1] = self.points[2];
                self.points[2] = p;
            }
        }
        self.len = (self.len + 1).min(3);
    }

    /// Whether `f` holds for a point of the simplex.
    #[inline(always)]
    pub fn any(&self, f: impl Fn(&P) -> bool) -> bool {
        (self.len > 0 && f(&self.points[0]))
            || (self.len > 1 && f(&self.points[1]))
            || (self.len > 2 && f(&self.points[2]))
    }

    /// Whether a point of the simplex equals `p` up to `tol`.
    #[inline(always)]
    pub fn contains(&self, p: DVec2, tol: f64) -> bool {
        self.any(|q| (q.position() - p).length_squared() <= tol * tol)
    }

    /// The point of the simplex closest to the origin, and its Voronoi region.
    #[inline(always)]
    pub fn closest_to_origin(&self) -> Closest {
        match self.len {
            1 => Closest {
                region: Region::Vertex(0),
                point: self.get(0).position(),
                weights: [1.0, 0.0, 0.0],
            },
            2 => solve_segment(self.get(0).position(), self.get(1).position()),
            3 => solve_triangle(
                self.get(0).position(),
                self.get(1).position(),
                self.get(2).position(),
            ),
            _ => Closest {
                region: Region::Interior,
                point: DVec2::ZERO,
                weights: [0.0; 3],
            },
        }
    }

    /// The point of the simplex closest to `x`, as [`closest_to_origin`] finds it on
    /// the points shifted by `−x` (`point` is then relative to `x`): the same
    /// arithmetic, without building the shifted simplex (GJK-raycast asks this of the
    /// ray's point on every step).
    ///
    /// [`closest_to_origin`]: Self::closest_to_origin
    #[inline(always)]
    pub fn closest_to(&self, x: DVec2) -> Closest {
        let at = |i: usize| self.points[i].position() - x;
        match self.len {
            1 => vertex(0, at(0)),
            2 => solve_segment(at(0), at(1)),
            3 => solve_triangle(at(0), at(1), at(2)),
            _ => Closest {
                region: Region::Interior,
                point: DVec2::ZERO,
                weights: [0.0; 3],
            },
        }
    }

    /// Keeps only the points of `region`, in their order (in place); returns the kept
    /// points' weights taken from `weights`.
    #[inline(always)]
    pub fn reduce(&mut self, region: Region, weights: [f64; 3]) -> [f64; 3] {
        debug_assert!(
            match region {
                Region::Vertex(i) => i < self.len,
                Region::Edge(i, j) => i < j && j < self.len,
                Region::Interior => true,
            },
            "a region of this simplex, its indices in order"
        );
        let [w0, w1, w2] = weights;
        // Constant indices (see `push`): the kept points move to the front, in order.
        let (len, kept) = match region {
            Region::Vertex(0) => (1, [w0, 0.0, 0.0]),
            Region::Vertex(1) => {
                self.points[0] = self.points[1];
                (1, [w1, 0.0, 0.0])
            }
            Region::Vertex(_) => {
                self.points[0] = self.points[2];
                (1, [w2, 0.0, 0.0])
            }
            Region::Edge(0, 1) => (2, [w0, w1, 0.0]),
            Region::Edge(0, _) => {
                self.points[1] = self.points[2];
                (2, [w0, w2, 0.0])
            }
            Region::Edge(..) => {
                self.points[0] = self.points[1];
                self.points[1] = self.points[2];
                (2, [w1, w2, 0.0])
            }
            Region::Interior => return weights,
        };
        self.len = len;
        kept
    }

    /// The points of this simplex that `reduce(region)` drops.
    pub fn dropped_by(&self, region: Region) -> Simplex<P> {
        let mut dropped = Simplex::new();
        for i in 0..self.len {
            let kept = match region {
                Region::Vertex(k) => i == k,
                Region::Edge(k, l) => i == k || i == l,
                Region::Interior => true,
            };
            if !kept {
                dropped.push(self.get(i));
            }
        }
        dropped
    }

    /// The direction to search next, from a simplex already reduced to the feature
    /// closest to the origin: towards the origin from a vertex (`−w`), and for a
    /// segment its perpendicular on the origin's side — the 2D form of the triple
    /// product `(AB × AO) × AB`, computed without it, so that it is never the zero
    /// vector when the origin lies near the segment's line.
    #[inline(always)]
    pub fn search_direction(&self) -> DVec2 {
        match self.len {
            1 => -self.get(0).position(),
            2 => {
                let (a, b) = (self.get(0).position(), self.get(1).position());
                let ab = b - a;
                if cross(ab, -a) >= 0.0 {
                    perp_ccw(ab)
                } else {
                    perp_cw(ab)
                }
            }
            _ => DVec2::ZERO,
        }
    }

    /// [`search_direction`](Self::search_direction) towards `x` instead of the origin
    /// (on the points shifted by `−x`, without the shifted copy): `x − w` from a
    /// vertex, from a segment `ab` its perpendicular on `x`'s side, the sign of
    /// `perp(b − a)·(x − a)` applied by a multiplication by ±1 (exact; no branch on a
    /// side the predictor cannot know). Its length is the segment's, not `x`'s
    /// distance to it.
    #[inline(always)]
    pub fn search_direction_to(&self, x: DVec2) -> DVec2 {
        match self.len {
            1 => x - self.get(0).position(),
            2 => {
                let a = self.get(0).position();
                let n = perp_ccw(self.get(1).position() - a);
                n * 1.0f64.copysign(n.dot(x - a))
            }
            _ => DVec2::ZERO,
        }
    }

    /// The simplex with each point mapped by `f` (e.g. from A's frame to the world).
    #[inline(always)]
    pub fn map<Q: SimplexPoint>(&self, f: impl Fn(&P) -> Q) -> Simplex<Q> {
        let at = |i: usize, p: &P| if i < self.len { f(p) } else { Q::default() };
        Simplex {
            points: [
                at(0, &self.points[0]),
                at(1, &self.points[1]),
                at(2, &self.points[2]),
            ],
            len: self.len,
        }
    }
}

impl<P: SimplexPoint> Simplex<P> {
    /// Closest points on A and on B: the barycentric weights applied to the points
    /// each simplex point came from (seed 002) — in the world, or in each shape's own
    /// frame for a simplex of [`LocalSupport`]s.
    #[inline(always)]
    pub fn witness_points(&self, weights: [f64; 3]) -> (DVec2, DVec2) {
        let (mut qa, mut qb) = (DVec2::ZERO, DVec2::ZERO);
        let mut add = |p: &P, w: f64| {
            let (a, b) = p.sources();
            qa += a * w;
            qb += b * w;
        };
        // Constant indices (see `push`).
        let [w0, w1, w2] = weights;
        if self.len > 0 {
            add(&self.points[0], w0);
        }
        if self.len > 1 {
            add(&self.points[1], w1);
        }
        if self.len > 2 {
            add(&self.points[2], w2);
        }
        (qa, qb)
    }
}

/// Closest point of segment `w1 w2` to the origin (see the module notes).
#[inline(always)]
fn solve_segment(w1: DVec2, w2: DVec2) -> Closest {
    let e12 = w2 - w1;
    let d12_1 = w2.dot(e12);
    let d12_2 = -w1.dot(e12);
    if d12_2 <= 0.0 {
        return vertex(0, w1);
    }
    if d12_1 <= 0.0 {
        return vertex(1, w2);
    }
    edge(0, 1, w1, w2, d12_1, d12_2)
}

/// Closest point of triangle `w1 w2 w3` to the origin: test the vertex regions, then
/// the edge regions, and only then the interior.
#[inline(always)]
fn solve_triangle(w1: DVec2, w2: DVec2, w3: DVec2) -> Closest {
    let (e12, e13, e23) = (w2 - w1, w3 - w1, w3 - w2);
    let (d12_1, d12_2) = (w2.dot(e12), -w1.dot(e12));
    let (d13_1, d13_2) = (w3.dot(e13), -w1.dot(e13));
    let (d23_1, d23_2) = (w3.dot(e23), -w2.dot(e23));
    // Signed areas: positive when the origin is on the inner side of the edge
    // opposite each vertex.
    let n123 = cross(e12, e13);
    let d123_1 = n123 * cross(w2, w3);
    let d123_2 = n123 * cross(w3, w1);
    let d123_3 = n123 * cross(w1, w2);

    if d12_2 <= 0.0 && d13_2 <= 0.0 {
        return vertex(0, w1);
    }
    if d12_1 > 0.0 && d12_2 > 0.0 && d123_3 <= 0.0 {
        return edge(0, 1, w1, w2, d12_1, d12_2);
    }
    if d13_1 > 0.0 && d13_2 > 0.0 && d123_2 <= 0.0 {
        return edge(0, 2, w1, w3, d13_1, d13_2);
    }
    if d12_1 <= 0.0 && d23_2 <= 0.0 {
        return vertex(1, w2);
    }
    if d13_1 <= 0.0 && d23_1 <= 0.0 {
        return vertex(2, w3);
    }
    if d23_1 > 0.0 && d23_2 > 0.0 && d123_1 <= 0.0 {
        return edge(1, 2, w2, w3, d23_1, d23_2);
    }
    let sum = d123_1 + d123_2 + d123_3;
    if sum <= 0.0 || !sum.is_finite() {
        // Only a collinear (zero-area) triangle gets here: fall back to its best edge.
        return [
            (solve_segment(w1, w2), [0, 1]),
            (solve_segment(w1, w3), [0, 2]),
            (solve_segment(w2, w3), [1, 2]),
        ]
        .into_iter()
        .map(|(c, map)| remap(c, map))
        .min_by(|x, y| {
            x.point
                .length_squared()
                .total_cmp(&y.point.length_squared())
        })
        .expect("three candidates");
    }
    Closest {
        region: Region::Interior,
        point: DVec2::ZERO,
        weights: [d123_1 / sum, d123_2 / sum, d123_3 / sum],
    }
}

#[inline(always)]
fn vertex(i: usize, w: DVec2) -> Closest {
    let mut weights = [0.0; 3];
    weights[i] = 1.0;
    Closest {
        region: Region::Vertex(i),
        point: w,
        weights,
    }
}

#[inline(always)]
fn edge(i: usize, j: usize, wi: DVec2, wj: DVec2, di: f64, dj: f64) -> Closest {
    let (li, lj) = (di / (di + dj), dj / (di + dj));
    let mut weights = [0.0; 3];
    weights[i] = li;
    weights[j] = lj;
    Closest {
        region: Region::Edge(i, j),
        point: wi * li + wj * lj,
        weights,
    }
}

/// Renames the points of a segment solution (indices 0, 1) to simplex indices `map`.
fn remap(c: Closest, map: [usize; 2]) -> Closest {
    let mut weights = [0.0; 3];
    weights[map[0]] = c.weights[0];
    weights[map[1]] = c.weights[1];
    let region = match c.region {
        Region::Vertex(i) => Region::Vertex(map[i]),
        Region::Edge(i, j) => Region::Edge(map[i], map[j]),
        Region::Interior => Region::Interior,
    };
    Closest {
        region,
        point: c.point,
        weights,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::closest_point_on_segment_to_origin;

    fn sp(x: f64, y: f64) -> SupportPoint {
        let p = DVec2::new(x, y);
        SupportPoint {
            p,
            a: p,
            b: DVec2::ZERO,
            vertex_a: None,
            vertex_b: None,
        }
    }

    /// Brute-force closest point of a triangle: inside test, else the best edge.
    fn brute_triangle(w: [DVec2; 3]) -> DVec2 {
        let s = |a: DVec2, b: DVec2| cross(b - a, -a);
        let (s1, s2, s3) = (s(w[0], w[1]), s(w[1], w[2]), s(w[2], w[0]));
        if (s1 >= 0.0 && s2 >= 0.0 && s3 >= 0.0) || (s1 <= 0.0 && s2 <= 0.0 && s3 <= 0.0) {
            return DVec2::ZERO;
        }
        [(0, 1), (1, 2), (2, 0)]
            .iter()
            .map(|&(i, j)| closest_point_on_segment_to_origin(w[i], w[j]).0)
            .min_by(|p, q| p.length_squared().total_cmp(&q.length_squared()))
            .unwrap()
    }

    #[test]
    fn triangle_solution_matches_brute_force_on_a_grid() {
        let base = [
            DVec2::new(-1.0, -0.5),
            DVec2::new(2.0, -0.25),
            DVec2::new(0.3, 1.7),
        ];
        for ix in -20..=20 {
            for iy in -20..=20 {
                let shift = DVec2::new(ix as f64 * 0.17, iy as f64 * 0.13);
                let w = base.map(|p| p - shift);
                let s = Simplex::from_points(&[
                    sp(w[0].x, w[0].y),
                    sp(w[1].x, w[1].y),
                    sp(w[2].x, w[2].y),
                ]);
                let c = s.closest_to_origin();
                let expected = brute_triangle(w);
                assert!(
                    (c.point - expected).length() < 1e-12,
                    "{shift}: {c:?} vs {expected}"
                );
                let sum: f64 = c.weights.iter().sum();
                assert!((sum - 1.0).abs() < 1e-12);
                let recombined: DVec2 = (0..3).map(|i| w[i] * c.weights[i]).sum();
                if c.region != Region::Interior {
                    assert!((recombined - c.point).length() < 1e-12);
                }
            }
        }
    }

    /// `search_direction_to(x)` against `x` less the segment's closest point
    /// (`closest_point_on_segment_to_origin` on the points shifted by `−x`): the same
    /// direction, wherever `x` projects inside the segment, on a grid around it.
    #[test]
    fn search_direction_to_points_like_x_less_the_closest_point() {
        let (a, b) = (DVec2::new(-1.0, -0.5), DVec2::new(2.0, 0.75));
        let s = Simplex::from_points(&[sp(a.x, a.y), sp(b.x, b.y)]);
        let mut checked = 0;
        for ix in -20..=20 {
            for iy in -20..=20 {
                let x = DVec2::new(ix as f64 * 0.17, iy as f64 * 0.13);
                let (closest, _) = closest_point_on_segment_to_origin(a - x, b - x);
                let expected = -closest;
                let inside = (x - a).dot(b - a) > 0.0 && (x - b).dot(a - b) > 0.0;
                if !inside || expected.length() < 1e-9 {
                    continue;
                }
                let d = s.search_direction_to(x);
                assert!(d.dot(expected) > 0.0, "{x}: {d} vs {expected}");
                let sine = cross(d, expected) / (d.length() * expected.length());
                assert!(sine.abs() < 1e-12, "{x}: {d} vs {expected}");
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked}");
        let vertex = Simplex::from_points(&[sp(a.x, a.y)]);
        let x = DVec2::new(0.3, 2.0);
        assert_eq!(vertex.search_direction_to(x), x - a);
    }

    #[test]
    fn segment_through_origin_gives_the_origin_and_a_perpendicular_direction() {
        let mut s = Simplex::from_points(&[sp(-1.0, -1.0), sp(1.0, 1.0)]);
        let c = s.closest_to_origin();
        assert_eq!(c.region, Region::Edge(0, 1));
        assert!(c.point.length() < 1e-15);
        s.reduce(c.region, c.weights);
        let d = s.search_direction();
        assert!(d.length() > 0.0 && d.dot(DVec2::new(1.0, 1.0)).abs() < 1e-15);
    }

    #[test]
    fn collinear_triangle_falls_back_to_its_best_edge() {
        let s = Simplex::from_points(&[sp(-1.0, 1.0), sp(1.0, 1.0), sp(3.0, 1.0)]);
        let c = s.closest_to_origin();
        assert!((c.point - DVec2::new(0.0, 1.0)).length() < 1e-15);
    }

    /// `push`, `reduce`, `get`, `any`, `map` and `witness_points`, written with
    /// constant indices, against a list: every sequence of pushes (past a full
    /// simplex) and every region a simplex of that size has.
    #[test]
    fn the_constant_index_operations_are_a_lists() {
        let point = |k: usize| sp(k as f64, 10.0 + k as f64);
        let regions = |len: usize| -> Vec<Region> {
            match len {
                1 => vec![Region::Vertex(0)],
                2 => vec![Region::Vertex(0), Region::Vertex(1), Region::Edge(0, 1)],
                _ => vec![
                    Region::Vertex(0),
                    Region::Vertex(1),
                    Region::Vertex(2),
                    Region::Edge(0, 1),
                    Region::Edge(0, 2),
                    Region::Edge(1, 2),
                    Region::Interior,
                ],
            }
        };
        for pushes in 1..=5 {
            let mut s = Simplex::new();
            let mut list: Vec<SupportPoint> = Vec::new();
            for k in 0..pushes {
                s.push(point(k));
                list.push(point(k));
                if list.len() > 3 {
                    list.remove(0);
                }
                assert_eq!(s.len(), list.len());
                for (i, q) in list.iter().enumerate() {
                    assert_eq!(s.get(i), *q);
                }
                assert_eq!(s.points().collect::<Vec<_>>(), list);
                for (i, q) in list.iter().enumerate() {
                    assert!(s.any(|p| p == q), "{i}");
                }
                assert!(!s.any(|p| p.p.x < 0.0));
                let mapped = s.map(|p| sp(-p.p.x, p.p.y));
                assert_eq!(mapped.len(), list.len());
                for (i, q) in list.iter().enumerate() {
                    assert_eq!(mapped.get(i).p, DVec2::new(-q.p.x, q.p.y));
                }
                let weights = [0.5, 0.25, 0.125];
                let expected = list
                    .iter()
                    .zip(weights)
                    .fold((DVec2::ZERO, DVec2::ZERO), |(qa, qb), (p, w)| {
                        (qa + p.a * w, qb + p.b * w)
                    });
                assert_eq!(s.witness_points(weights), expected);
            }
            for region in regions(list.len()) {
                let mut reduced = s;
                let kept: Vec<usize> = match region {
                    Region::Vertex(i) => vec![i],
                    Region::Edge(i, j) => vec![i, j],
                    Region::Interior => (0..list.len()).collect(),
                };
                let weights = [0.5, 0.3, 0.2];
                let w = reduced.reduce(region, weights);
                assert_eq!(reduced.len(), kept.len(), "{region:?}");
                for (slot, &i) in kept.iter().enumerate() {
                    assert_eq!(reduced.get(slot), list[i], "{region:?}");
                    assert_eq!(w[slot], weights[i], "{region:?}");
                }
                assert_eq!(s.dropped_by(region).len(), list.len() - kept.len());
            }
        }
    }

    #[test]
    fn reduce_keeps_weights_in_order() {
        let mut s = Simplex::from_points(&[sp(5.0, 5.0), sp(-1.0, 1.0), sp(1.0, 1.0)]);
        let c = s.closest_to_origin();
        assert_eq!(c.region, Region::Edge(1, 2));
        let dropped = s.dropped_by(c.region);
        let w = s.reduce(c.region, c.weights);
        assert_eq!(dropped.len(), 1);
        assert_eq!(dropped.get(0).p, DVec2::new(5.0, 5.0));
        assert_eq!(s.len(), 2);
        assert_eq!(w, [0.5, 0.5, 0.0]);
    }
}
