//! Concave polygons: a simple (non-self-intersecting) outline split into convex parts.
//!
//! GJK, EPA and every other algorithm here need convex shapes: they only ask a shape
//! for its support point, and the support function of a concave shape is the support
//! function of its convex hull (the dent is invisible to it). So a concave polygon is
//! *decomposed* into convex parts and every query runs part by part (seed 004:
//! "concave polygons: split into convex parts first"; see [`crate::query::compound`]).
//!
//! ## The method: ear clipping, then Hertel–Mehlhorn
//!
//! 1. **Ear clipping** triangulates the outline. An *ear* is a convex vertex `v` whose
//!    triangle `(prev, v, next)` holds no other vertex: its *diagonal* `prev–next`
//!    lies inside the polygon, so the triangle can be cut off. Every simple polygon
//!    with more than three vertices has at least two ears (Meisters' two-ears
//!    theorem), so the loop always progresses. Only *reflex* vertices (interior
//!    angle > 180°) need testing: if a triangle holds any vertex, it holds a reflex one.
//! 2. **Hertel–Mehlhorn** (1983) removes every *inessential* diagonal: one whose two
//!    end points stay convex once the two parts beside it are merged. The result has
//!    at most four times the minimum number of convex parts.
//!
//! Why this and not Bayazit's decomposition (fewer parts) or Keil's optimal one: it
//! uses only orientation tests on the input vertices, never creates new points (so
//! every part vertex is an outline vertex, which the tests check), and each step is
//! easy to see and to trust. For the small outlines of a scene, a few more parts cost
//! nothing; robustness and clarity matter more.
//!
//! ## Validation
//!
//! The outline must be simple: two non-adjacent edges that cross or touch (a vertex on
//! another edge, a pinch, an outline given twice round) or two adjacent edges that fold
//! back onto each other are an error naming both edges by their indices in the input.
//! Tolerances scale with the polygon's size. At most [`MAX_VERTICES`] vertices: the
//! simplicity check is quadratic and ear clipping can be cubic in the worst case.

use super::polygon::{diameter, drop_repeated, polygon_centroid, COLLINEAR_TOL, REPEAT_TOL};
use super::{ConvexPolygon, PolygonError, Support, SupportVertex};
use crate::geometry::{convex_hull, cross, segment_distance, signed_area2, triangle_contains};
use glam::DVec2;
use std::collections::HashMap;

/// The most vertices a concave polygon may have.
pub const MAX_VERTICES: usize = 1024;

/// A simple polygon (convex or not) in its local frame, with its convex parts.
#[derive(Clone, Debug, PartialEq)]
pub struct ConcavePolygon {
    /// The outline, counter-clockwise, without repeated or collinear vertices.
    outline: Vec<DVec2>,
    /// The convex parts (each validated by [`ConvexPolygon::new`]).
    parts: Vec<ConvexPolygon>,
    /// The diagonals Hertel–Mehlhorn kept, as pairs of outline indices.
    diagonals: Vec<[usize; 2]>,
    /// The convex hull of the outline: what a support function sees.
    hull: ConvexPolygon,
    bounding_radius: f64,
}

impl ConcavePolygon {
    /// Validates a vertex list (either orientation), normalises it and splits it into
    /// convex parts. A convex list is accepted too (one part).
    pub fn new(vertices: &[DVec2]) -> Result<Self, PolygonError> {
        let outline = simple_outline(vertices)?;
        let triangles = ear_clip(&outline)?;
        let (part_indices, diagonals) = hertel_mehlhorn(&outline, triangles);
        let parts = build_parts(&outline, &part_indices)?;
        let hull = ConvexPolygon::new(&convex_hull(&outline))
            .map_err(|_| PolygonError::DecompositionFailed)?;
        let bounding_radius = outline.iter().map(|v| v.length()).fold(0.0, f64::max);
        Ok(ConcavePolygon {
            outline,
            parts,
            diagonals,
            hull,
            bounding_radius,
        })
    }

    /// The outline, counter-clockwise (normalised: no repeated or collinear vertices).
    pub fn outline(&self) -> &[DVec2] {
        &self.outline
    }

    /// The convex parts.
    pub fn parts(&self) -> &[ConvexPolygon] {
        &self.parts
    }

    /// The diagonals between parts, as pairs of outline vertex indices.
    pub fn diagonals(&self) -> &[[usize; 2]] {
        &self.diagonals
    }

    /// The convex hull of the outline.
    pub fn hull(&self) -> &ConvexPolygon {
        &self.hull
    }

    /// Largest distance from the local origin to a vertex.
    pub fn bounding_radius(&self) -> f64 {
        self.bounding_radius
    }

    /// Whether the outline turns the other way somewhere (more than one part).
    pub fn is_concave(&self) -> bool {
        self.parts.len() > 1
    }

    /// Area centroid of the outline (may lie outside a concave polygon).
    pub fn centroid(&self) -> DVec2 {
        polygon_centroid(&self.outline)
    }

    /// A point surely inside: the centroid of the largest part.
    pub fn interior_point(&self) -> DVec2 {
        self.parts
            .iter()
            .max_by(|p, q| area(p.vertices()).total_cmp(&area(q.vertices())))
            .map_or(DVec2::ZERO, ConvexPolygon::centroid)
    }

    /// Whether a local point is inside or on the polygon (inside or on some part).
    pub fn contains(&self, p: DVec2) -> bool {
        self.parts.iter().any(|part| part.contains(p))
    }
}

impl Support for ConcavePolygon {
    /// The support point of the convex hull (a support function cannot see a dent);
    /// `vertex` is an index into [`ConcavePolygon::hull`].
    fn support(&self, direction: DVec2) -> SupportVertex {
        self.hull.support(direction)
    }
}

/// Validates an outline and normalises it: finite, at least 3 distinct vertices, not
/// all on one line, simple; then counter-clockwise, without repeated or collinear
/// vertices. Errors name vertices and edges by their indices in `vertices`.
fn simple_outline(vertices: &[DVec2]) -> Result<Vec<DVec2>, PolygonError> {
    if let Some(i) = vertices.iter().position(|v| !v.is_finite()) {
        return Err(PolygonError::NonFinite { vertex: i });
    }
    let mut points = drop_repeated(vertices);
    if points.len() < 3 {
        return Err(PolygonError::TooFewVertices {
            distinct: points.len(),
        });
    }
    if points.len() > MAX_VERTICES {
        return Err(PolygonError::TooManyVertices {
            count: points.len(),
            max: MAX_VERTICES,
        });
    }
    let pts: Vec<DVec2> = points.iter().map(|&(_, p)| p).collect();
    let size = diameter(&pts);
    // All on one line: the hull has no area (checked before simplicity, since such an
    // outline also folds back on itself).
    if signed_area2(&convex_hull(&pts)) <= 1e-12 * size * size {
        return Err(PolygonError::ZeroArea);
    }
    check_simple(&points, REPEAT_TOL * size)?;
    let area2 = signed_area2(&pts);
    if area2.abs() <= 1e-12 * size * size {
        return Err(PolygonError::ZeroArea);
    }
    if area2 < 0.0 {
        points.reverse();
    }
    let outline = drop_collinear(&points);
    // The checks above hold for any finite outline inside gjk-lab's range; beyond it
    // (vertices near 1e155) cross products overflow to ±inf and NaN, every turn looks
    // straight, and fewer than three vertices may remain: refuse that here rather than
    // let the ear clipping below size its buffers with `n − 2`.
    if outline.len() < 3 || !area2.is_finite() {
        return Err(PolygonError::DecompositionFailed);
    }
    Ok(outline)
}

fn area(vertices: &[DVec2]) -> f64 {
    0.5 * signed_area2(vertices)
}

/// Fails on the first two edges that cross or touch. Edge `k` runs from `points[k]` to
/// `points[k + 1]` (cyclically); adjacent edges share a vertex and only fail when they
/// fold back onto each other (a turn of 180°).
fn check_simple(points: &[(usize, DVec2)], tol: f64) -> Result<(), PolygonError> {
    let n = points.len();
    let edge = |k: usize| (points[k].1, points[(k + 1) % n].1);
    let error = |i: usize, j: usize| PolygonError::EdgesIntersect {
        first: points[i].0,
        first_end: points[(i + 1) % n].0,
        second: points[j].0,
        second_end: points[(j + 1) % n].0,
    };
    for i in 0..n {
        let (a, b) = edge(i);
        if folds_back(a, b, edge((i + 1) % n).1) {
            return Err(error(i.min((i + 1) % n), i.max((i + 1) % n)));
        }
        let (lo, hi) = (a.min(b) - tol, a.max(b) + tol);
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue; // edges 0 and n − 1 share vertex 0
            }
            let (c, d) = edge(j);
            if c.max(d).cmplt(lo).any() || c.min(d).cmpgt(hi).any() {
                continue; // bounding boxes apart
            }
            if segment_distance(a, b, c, d) <= tol {
                return Err(error(i, j));
            }
        }
    }
    Ok(())
}

/// Whether the path `a → b → c` turns back on itself: `|sin| ≤ tol` and `cos < 0`.
fn folds_back(a: DVec2, b: DVec2, c: DVec2) -> bool {
    let (e1, e2) = (b - a, c - b);
    let len = e1.length() * e2.length();
    (cross(e1, e2) / len).abs() <= COLLINEAR_TOL && e1.dot(e2) < 0.0
}

/// Drops the vertices of a counter-clockwise outline where it goes straight on.
fn drop_collinear(points: &[(usize, DVec2)]) -> Vec<DVec2> {
    let n = points.len();
    (0..n)
        .filter(|&i| {
            let (prev, here, next) = (
                points[(i + n - 1) % n].1,
                points[i].1,
                points[(i + 1) % n].1,
            );
            let (e1, e2) = (here - prev, next - here);
            (cross(e1, e2) / (e1.length() * e2.length())).abs() > COLLINEAR_TOL
        })
        .map(|i| points[i].1)
        .collect()
}

/// Ear clipping on a counter-clockwise simple outline: triangles `[prev, ear, next]`
/// (outline indices, counter-clockwise). The remaining polygon is a doubly linked
/// list; after clipping an ear the walk resumes at its previous neighbour, whose angle
/// just changed. A whole lap without an ear (only possible through rounding on an
/// outline that almost touches itself) is an error, never an endless loop.
fn ear_clip(outline: &[DVec2]) -> Result<Vec<[usize; 3]>, PolygonError> {
    let n = outline.len();
    let mut prev: Vec<usize> = (0..n).map(|i| (i + n - 1) % n).collect();
    let mut next: Vec<usize> = (0..n).map(|i| (i + 1) % n).collect();
    let mut triangles = Vec::with_capacity(n.saturating_sub(2));
    let (mut remaining, mut v, mut misses) = (n, 0, 0);
    while remaining > 3 {
        if misses > remaining {
            return Err(PolygonError::DecompositionFailed);
        }
        let (p, q) = (prev[v], next[v]);
        if is_ear(outline, &prev, &next, p, v, q) {
            triangles.push([p, v, q]);
            next[p] = q;
            prev[q] = p;
            remaining -= 1;
            misses = 0;
            v = p;
        } else {
            v = q;
            misses += 1;
        }
    }
    let (p, q) = (prev[v], next[v]);
    if cross(outline[v] - outline[p], outline[q] - outline[v]) > 0.0 {
        triangles.push([p, v, q]);
    }
    Ok(triangles)
}

/// Whether `v` (between `p` and `q`) is an ear: a strictly convex vertex whose
/// triangle contains no reflex vertex of the remaining polygon.
fn is_ear(outline: &[DVec2], prev: &[usize], next: &[usize], p: usize, v: usize, q: usize) -> bool {
    let (a, b, c) = (outline[p], outline[v], outline[q]);
    if cross(b - a, c - b) <= 0.0 {
        return false;
    }
    let mut r = next[q];
    while r != p {
        let (rp, rn) = (outline[prev[r]], outline[next[r]]);
        let reflex = cross(outline[r] - rp, rn - outline[r]) <= 0.0;
        if reflex && triangle_contains(a, b, c, outline[r]) {
            return false;
        }
        r = next[r];
    }
    true
}

/// Hertel–Mehlhorn: starting from the triangles, remove each diagonal whose end
/// points stay convex (turn left or go straight) in the merged part. Returns the parts
/// (outline indices, counter-clockwise) and the diagonals kept.
fn hertel_mehlhorn(
    outline: &[DVec2],
    triangles: Vec<[usize; 3]>,
) -> (Vec<Vec<usize>>, Vec<[usize; 2]>) {
    let mut parts: Vec<Vec<usize>> = triangles.iter().map(|t| t.to_vec()).collect();
    // Directed edge → the part that has it (each diagonal appears once each way).
    let mut owner: HashMap<(usize, usize), usize> = HashMap::new();
    for (k, part) in parts.iter().enumerate() {
        for (i, &a) in part.iter().enumerate() {
            owner.insert((a, part[(i + 1) % part.len()]), k);
        }
    }
    // Ear clipping's diagonals: the edge next → prev of each of the n − 3 clipped ears
    // (the last triangle is what remained, not a clipped ear).
    let diagonals: Vec<[usize; 2]> = triangles
        .iter()
        .take(outline.len().saturating_sub(3))
        .map(|t| [t[2], t[0]])
        .collect();
    let mut kept = Vec::new();
    for [a, b] in diagonals {
        let (Some(&pa), Some(&pb)) = (owner.get(&(b, a)), owner.get(&(a, b))) else {
            continue; // the other side was a dropped zero-area last triangle
        };
        let merged = merge(&parts[pa], &parts[pb], a, b);
        if convex_at(outline, &merged, a) && convex_at(outline, &merged, b) {
            for (i, &x) in merged.iter().enumerate() {
                owner.insert((x, merged[(i + 1) % merged.len()]), pa);
            }
            owner.remove(&(a, b));
            owner.remove(&(b, a));
            parts[pa] = merged;
            parts[pb].clear();
        } else {
            kept.push([a, b]);
        }
    }
    parts.retain(|p| !p.is_empty());
    (parts, kept)
}

/// Merges the part `p` (which has the edge `b → a`) with the part `q` (which has
/// `a → b`) across that diagonal: `p` from `a` round to `b`, then `q` from `b` round to
/// `a`, each end point once.
fn merge(p: &[usize], q: &[usize], a: usize, b: usize) -> Vec<usize> {
    let from = |part: &[usize], start: usize| -> Vec<usize> {
        let k = part
            .iter()
            .position(|&x| x == start)
            .expect("diagonal end in part");
        part[k..].iter().chain(&part[..k]).copied().collect()
    };
    let mut merged = from(p, a); // a, …, b
    let q_from_b = from(q, b); // b, …, a
    merged.extend(&q_from_b[1..q_from_b.len() - 1]);
    merged
}

/// Whether the part turns left or goes straight at outline vertex `x`.
fn convex_at(outline: &[DVec2], part: &[usize], x: usize) -> bool {
    let n = part.len();
    let k = part.iter().position(|&y| y == x).expect("vertex in part");
    let (p, v, q) = (
        outline[part[(k + n - 1) % n]],
        outline[x],
        outline[part[(k + 1) % n]],
    );
    cross(v - p, q - v) >= 0.0
}

/// Builds each part with [`ConvexPolygon::new`], so every part is validated. A part
/// with (numerically) zero area is a sliver between nearly collinear vertices: it
/// holds no area worth a part and is dropped.
fn build_parts(
    outline: &[DVec2],
    parts: &[Vec<usize>],
) -> Result<Vec<ConvexPolygon>, PolygonError> {
    let mut out = Vec::with_capacity(parts.len());
    for part in parts {
        let vertices: Vec<DVec2> = part.iter().map(|&i| outline[i]).collect();
        match ConvexPolygon::new(&vertices) {
            Ok(p) => out.push(p),
            Err(PolygonError::ZeroArea | PolygonError::TooFewVertices { .. }) => {}
            Err(_) => return Err(PolygonError::DecompositionFailed),
        }
    }
    if out.is_empty() {
        return Err(PolygonError::DecompositionFailed);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(points: &[(f64, f64)]) -> Vec<DVec2> {
        points.iter().map(|&(x, y)| DVec2::new(x, y)).collect()
    }

    fn l_shape() -> Vec<DVec2> {
        v(&[
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ])
    }

    #[test]
    fn an_l_shape_is_two_parts_with_one_diagonal() {
        let p = ConcavePolygon::new(&l_shape()).unwrap();
        assert_eq!(p.parts().len(), 2);
        assert_eq!(p.diagonals().len(), 1);
        let total: f64 = p.parts().iter().map(|q| area(q.vertices())).sum();
        assert!((total - 3.0).abs() < 1e-12);
        assert_eq!(p.hull().vertices().len(), 5);
    }

    #[test]
    fn a_bowtie_names_its_crossing_edges() {
        let e = ConcavePolygon::new(&v(&[(0.0, 0.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)]));
        assert_eq!(
            e,
            Err(PolygonError::EdgesIntersect {
                first: 0,
                first_end: 1,
                second: 2,
                second_end: 3
            })
        );
    }

    #[test]
    fn support_is_the_hulls() {
        let p = ConcavePolygon::new(&l_shape()).unwrap();
        let s = p.support(DVec2::new(1.0, 1.0));
        assert!(s.point == DVec2::new(2.0, 1.0) || s.point == DVec2::new(1.0, 2.0));
    }
}
