//! Small vector helpers shared by every algorithm: perpendiculars, the 2D cross
//! product, the closest point of a segment to the origin, and the convex hull.
//!
//! Everything is `f64` (`glam::DVec2`). Sorting uses `total_cmp`, so a NaN that
//! slipped past validation can never make a sort panic.

use glam::DVec2;

/// 2D cross product (the z of the 3D cross product): `a.x·b.y − a.y·b.x`.
/// Positive when `b` turns left (counter-clockwise) from `a`.
#[inline]
pub fn cross(a: DVec2, b: DVec2) -> f64 {
    a.x * b.y - a.y * b.x
}

/// `v` turned a quarter turn counter-clockwise: `(x, y) → (−y, x)`.
#[inline]
pub fn perp_ccw(v: DVec2) -> DVec2 {
    DVec2::new(-v.y, v.x)
}

/// `v` turned a quarter turn clockwise: `(x, y) → (y, −x)`. For an edge `a → b` of a
/// counter-clockwise polygon, `perp_cw(b − a)` points out of the polygon.
#[inline]
pub fn perp_cw(v: DVec2) -> DVec2 {
    DVec2::new(v.y, -v.x)
}

/// `v / |v|`, or `None` when `v` is zero or not finite.
///
/// The vector is first divided by its largest component, `s = max(|x|, |y|)`, so the
/// squares in `|v/s|` lie in `[1, 2]`: neither `x² + y²` overflowing (coordinates near
/// 1e154) nor underflowing into subnormals (near 1e-160, where glam's `normalize`
/// returns vectors of length 1.0000056) can spoil the unit length.
#[inline]
pub fn try_normalize(v: DVec2) -> Option<DVec2> {
    let s = v.abs().max_element();
    if !(s > 0.0 && s.is_finite()) {
        return None;
    }
    let u = v / s;
    Some(u / u.length())
}

/// [`try_normalize`], or `fallback` when `v` has no direction.
#[inline]
pub fn normalize_or(v: DVec2, fallback: DVec2) -> DVec2 {
    try_normalize(v).unwrap_or(fallback)
}

/// `|v|` computed as `s·|v/s|` with `s = max(|x|, |y|)` (no overflow or underflow in
/// the squares; see [`try_normalize`]).
#[inline]
pub fn robust_length(v: DVec2) -> f64 {
    let s = v.abs().max_element();
    if !(s > 0.0 && s.is_finite()) {
        return s;
    }
    s * (v / s).length()
}

/// `|v|` and `v/|v|` together, from one scaled copy `u = v/s` (as [`robust_length`]
/// and [`try_normalize`], with one square root between them; `|u|` lies in
/// `[1, √2]`, so `1/|u|` is safe); `None` when `v` is zero or not finite.
#[inline]
pub fn length_and_direction(v: DVec2) -> Option<(f64, DVec2)> {
    let s = v.abs().max_element();
    if !(s > 0.0 && s.is_finite()) {
        return None;
    }
    let u = v / s;
    let l = u.length();
    Some((s * l, u * (1.0 / l)))
}

/// The point of segment `ab` closest to the origin, with its parameter `t ∈ [0, 1]`
/// (`point = a + t·(b − a)`).
///
/// Seed 002: `t = −a·(b − a) / |b − a|²`, clamped to `[0, 1]`: the closest point may be
/// an end point, not the foot of the perpendicular.
pub fn closest_point_on_segment_to_origin(a: DVec2, b: DVec2) -> (DVec2, f64) {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 <= 0.0 {
        return (a, 0.0);
    }
    let t = (-a.dot(ab) / len2).clamp(0.0, 1.0);
    (a + ab * t, t)
}

/// Distance from point `p` to segment `ab`.
pub fn point_segment_distance(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    closest_point_on_segment_to_origin(a - p, b - p).0.length()
}

/// Whether segments `ab` and `cd` share a point (crossing, touching, or overlapping),
/// by the orientation test: each segment's end points lie on different sides of (or
/// on) the other's line, with the collinear case settled by bounding boxes.
pub fn segments_intersect(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> bool {
    let (d1, d2) = (cross(b - a, c - a), cross(b - a, d - a));
    let (d3, d4) = (cross(d - c, a - c), cross(d - c, b - c));
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return true;
    }
    let on = |p: DVec2, q: DVec2, r: DVec2, o: f64| {
        o == 0.0 && r.cmpge(p.min(q)).all() && r.cmple(p.max(q)).all()
    };
    on(a, b, c, d1) || on(a, b, d, d2) || on(c, d, a, d3) || on(c, d, b, d4)
}

/// Distance between segments `ab` and `cd`: 0 when they intersect, otherwise the
/// smallest of the four end-point-to-segment distances (the closest pair of two
/// disjoint segments always includes an end point).
pub fn segment_distance(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> f64 {
    if segments_intersect(a, b, c, d) {
        return 0.0;
    }
    point_segment_distance(a, c, d)
        .min(point_segment_distance(b, c, d))
        .min(point_segment_distance(c, a, b))
        .min(point_segment_distance(d, a, b))
}

/// Whether `p` lies inside or on the triangle `abc` (counter-clockwise): on the left
/// of, or on, each of its three edges.
pub fn triangle_contains(a: DVec2, b: DVec2, c: DVec2, p: DVec2) -> bool {
    cross(b - a, p - a) >= 0.0 && cross(c - b, p - b) >= 0.0 && cross(a - c, p - c) >= 0.0
}

/// Twice the signed area of a polygon (shoelace formula); positive when the vertices
/// run counter-clockwise.
pub fn signed_area2(vertices: &[DVec2]) -> f64 {
    let n = vertices.len();
    (0..n)
        .map(|i| cross(vertices[i], vertices[(i + 1) % n]))
        .sum()
}

/// Convex hull of a point set, counter-clockwise, without collinear or repeated points
/// (Andrew's monotone chain). Returns fewer than three points when the set is degenerate.
pub fn convex_hull(points: &[DVec2]) -> Vec<DVec2> {
    let mut pts: Vec<DVec2> = points.to_vec();
    pts.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    // Lower chain left to right, upper chain right to left; each drops its last point,
    // which is the first point of the other chain.
    let mut hull = monotone_chain(pts.iter());
    hull.pop();
    let mut upper = monotone_chain(pts.iter().rev());
    upper.pop();
    hull.extend(upper);
    hull
}

/// The Minkowski sum `P + Q` of two convex polygons (both counter-clockwise), in
/// `O(n + m)`: the *edge merge*. Walking once round each polygon from its lowest
/// vertex, the edges of `P + Q` are the edges of `P` and of `Q` taken in the order of
/// their angles — each step appends whichever next edge turns less, decided by
/// `cross(e_P, e_Q)` (positive: `P`'s edge comes first; zero: parallel edges merge
/// into one). The result is counter-clockwise, starting at the sum of the lowest
/// vertices; no vertex is repeated and parallel edges leave no collinear vertex.
///
/// It equals `convex_hull` of all `n·m` vertex sums (the first way to build the
/// difference, which the first lesson draws), up to rounding; a test checks that.
pub fn minkowski_sum_convex(p: &[DVec2], q: &[DVec2]) -> Vec<DVec2> {
    if p.is_empty() || q.is_empty() {
        return vec![];
    }
    let (n, m) = (p.len(), q.len());
    let (i0, j0) = (lowest_vertex(p), lowest_vertex(q));
    let vertex_p = |k: usize| p[(i0 + k) % n];
    let vertex_q = |k: usize| q[(j0 + k) % m];
    let mut sum = Vec::with_capacity(n + m);
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        sum.push(vertex_p(i) + vertex_q(j));
        // An exhausted polygon's "next edge" is never taken: the other one's is.
        let turn = match (i < n, j < m) {
            (true, true) => {
                edge_order(vertex_p(i + 1) - vertex_p(i), vertex_q(j + 1) - vertex_q(j))
            }
            (true, false) => 1.0,
            _ => -1.0,
        };
        if turn >= 0.0 {
            i += 1;
        }
        if turn <= 0.0 {
            j += 1;
        }
    }
    sum
}

/// The boundary of a convex core (counter-clockwise: a polygon, a segment's two ends,
/// or a single point) swept by a disk of radius `radius`: each face of the core moved
/// out by `radius` along its outward normal, and between two faces the arc of radius
/// `radius` about their common vertex, from the normal of the face before to the
/// normal of the face after (an arc of `k` segments for a turn of `φ`, `k = ⌈segments
/// · φ / 2π⌉`, at least one). A point sweeps a full circle, a segment two
/// half-circles joined by its two sides (a capsule). With `radius` 0 it is the core
/// itself. `segments` counts the points of a full turn (at least 8).
pub fn rounded_outline(core: &[DVec2], radius: f64, segments: usize) -> Vec<DVec2> {
    let n = core.len();
    if radius <= 0.0 || n == 0 {
        return core.to_vec();
    }
    let segments = segments.max(8) as f64;
    if n == 1 {
        let k = segments as usize;
        return (0..k)
            .map(|i| {
                core[0] + DVec2::from_angle(std::f64::consts::TAU * i as f64 / segments) * radius
            })
            .collect();
    }
    // Outward normal of face i, from vertex i to vertex i + 1.
    let normal = |i: usize| normalize_or(perp_cw(core[(i + 1) % n] - core[i]), DVec2::X);
    let mut out = Vec::with_capacity(n * 4 + segments as usize);
    for (i, &vertex) in core.iter().enumerate() {
        let (before, after) = (normal((i + n - 1) % n), normal(i));
        let start = before.y.atan2(before.x);
        // A segment's end turns half a turn (its two faces are opposite); a convex
        // polygon's vertex by the angle between its faces' normals, in (0, π).
        let turn = if n == 2 {
            std::f64::consts::PI
        } else {
            cross(before, after).atan2(before.dot(after)).max(0.0)
        };
        let k = ((segments * turn / std::f64::consts::TAU).ceil() as usize).max(1);
        for j in 0..=k {
            out.push(vertex + DVec2::from_angle(start + turn * j as f64 / k as f64) * radius);
        }
    }
    out
}

/// Where the ray `v + t·u` (unit `u`) last leaves the capsule of the segment `pq`
/// swept by `radius`: the largest `t` of the ray's points in it (the capsule is convex,
/// so that is the largest of its leaving the two end disks and the rectangle between
/// them); `−∞` when the ray misses it.
pub fn ray_capsule_exit(v: DVec2, u: DVec2, p: DVec2, q: DVec2, radius: f64) -> f64 {
    // A disk about w: |v + t·u − w|² = r², the larger root t = −b + √(b² − c).
    let disk = |w: DVec2| {
        let (b, c) = (u.dot(v - w), (v - w).length_squared() - radius * radius);
        let disc = b * b - c;
        if disc >= 0.0 {
            -b + disc.sqrt()
        } else {
            f64::NEG_INFINITY
        }
    };
    let mut exit = disk(p).max(disk(q));
    // The rectangle: 0 ≤ τ·(x − p) ≤ L and |ν·(x − p)| ≤ r, each a slab the ray
    // crosses in an interval of t (Liang–Barsky); the rectangle's is their overlap.
    if let Some((length, tau)) = length_and_direction(q - p) {
        let nu = perp_ccw(tau);
        let mut interval = (f64::NEG_INFINITY, f64::INFINITY);
        for (axis, lo, hi) in [(tau, 0.0, length), (nu, -radius, radius)] {
            let (x0, dx) = (axis.dot(v - p), axis.dot(u));
            if dx == 0.0 {
                if x0 < lo || x0 > hi {
                    return exit;
                }
            } else {
                let (t1, t2) = ((lo - x0) / dx, (hi - x0) / dx);
                interval = (interval.0.max(t1.min(t2)), interval.1.min(t1.max(t2)));
            }
        }
        if interval.0 <= interval.1 {
            exit = exit.max(interval.1);
        }
    }
    exit
}

/// Which of two edges comes first by angle: `cross(e, f)` (positive: `e`), and 0 when
/// they are parallel to the polygons' relative tolerance (`|sin| ≤ 1e-12`, as
/// [`ConvexPolygon`](crate::shapes::ConvexPolygon) drops straight turns), so that two
/// parallel edges merge into one instead of leaving a vertex on a straight line.
fn edge_order(e: DVec2, f: DVec2) -> f64 {
    let c = cross(e, f);
    if c.abs() <= 1e-12 * e.length() * f.length() && e.dot(f) > 0.0 {
        0.0
    } else {
        c
    }
}

/// The index of a polygon's lowest vertex (smallest y, then smallest x): where the
/// edge angles of a counter-clockwise walk start, at 0.
fn lowest_vertex(vertices: &[DVec2]) -> usize {
    let mut best = 0;
    for (k, v) in vertices.iter().enumerate() {
        let b = vertices[best];
        if v.y < b.y || (v.y == b.y && v.x < b.x) {
            best = k;
        }
    }
    best
}

/// One chain of Andrew's algorithm: keep only strict left turns.
fn monotone_chain<'a>(points: impl Iterator<Item = &'a DVec2>) -> Vec<DVec2> {
    let mut chain: Vec<DVec2> = Vec::new();
    for &p in points {
        while let [.., o, a] = chain[..] {
            if cross(a - o, p - o) > 0.0 {
                break;
            }
            chain.pop();
        }
        chain.push(p);
    }
    chain
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A regular polygon of `n` vertices, radius `r`, turned by `turn`.
    fn regular(n: usize, r: f64, turn: f64, at: DVec2) -> Vec<DVec2> {
        (0..n)
            .map(|k| at + DVec2::from_angle(turn + std::f64::consts::TAU * k as f64 / n as f64) * r)
            .collect()
    }

    /// The largest distance from a point of one outline's vertices to the other
    /// outline (both convex, counter-clockwise): 0 when they are the same polygon.
    fn outline_gap(p: &[DVec2], q: &[DVec2]) -> f64 {
        let to_outline = |x: DVec2, poly: &[DVec2]| {
            (0..poly.len())
                .map(|k| point_segment_distance(x, poly[k], poly[(k + 1) % poly.len()]))
                .fold(f64::INFINITY, f64::min)
        };
        let one = p.iter().map(|&x| to_outline(x, q)).fold(0.0, f64::max);
        let other = q.iter().map(|&x| to_outline(x, p)).fold(0.0, f64::max);
        one.max(other)
    }

    /// The edge merge against the brute force (the hull of all `n·m` vertex sums), on
    /// pairs with parallel edges (squares, equal regular polygons) and without.
    #[test]
    fn edge_merge_is_the_hull_of_all_vertex_sums() {
        let cases = [
            (
                regular(4, 1.0, 0.0, DVec2::ZERO),
                regular(4, 2.0, 0.0, DVec2::new(3.0, 1.0)),
            ),
            (
                regular(8, 1.0, 0.1, DVec2::ZERO),
                regular(8, 1.0, 0.1, DVec2::new(-1.0, 2.0)),
            ),
            (
                regular(3, 1.0, 0.3, DVec2::new(5.0, 5.0)),
                regular(7, 0.5, 1.1, DVec2::ZERO),
            ),
            (
                regular(100, 1.0, 0.2, DVec2::ZERO),
                regular(13, 3.0, 2.0, DVec2::new(1e6, -1e6)),
            ),
            (
                regular(3, 1.0, 0.0, DVec2::ZERO),
                regular(3, 1.0, std::f64::consts::PI, DVec2::ZERO),
            ),
        ];
        for (k, (p, q)) in cases.iter().enumerate() {
            let sums: Vec<DVec2> = p
                .iter()
                .flat_map(|&a| q.iter().map(move |&b| a + b))
                .collect();
            let hull = convex_hull(&sums);
            let merged = minkowski_sum_convex(p, q);
            let scale = 1.0 + sums.iter().map(|v| v.length()).fold(0.0, f64::max);
            assert!(outline_gap(&hull, &merged) < 1e-12 * scale, "case {k}");
            assert!(signed_area2(&merged) > 0.0, "case {k}: counter-clockwise");
            assert!(
                merged.len() <= p.len() + q.len(),
                "case {k}: at most n + m vertices"
            );
            // Parallel edges merge: no vertex between two parallel edges.
            let n = merged.len();
            for i in 0..n {
                let (a, b, c) = (merged[i], merged[(i + 1) % n], merged[(i + 2) % n]);
                assert!(
                    cross(b - a, c - b) > 1e-9 * (b - a).length() * (c - b).length(),
                    "case {k}: vertex {i} is a turn"
                );
            }
        }
    }

    /// The merge visits each polygon's vertices once: two 100,000-gons give at most
    /// 200,000 vertices without forming the 10¹⁰ sums.
    #[test]
    fn edge_merge_of_large_polygons_has_at_most_n_plus_m_vertices() {
        let p = regular(100_000, 1.0, 0.0, DVec2::ZERO);
        let q = regular(100_000, 1.0, 1e-6, DVec2::new(0.5, 0.0));
        let merged = minkowski_sum_convex(&p, &q);
        assert!(merged.len() <= 200_000 && merged.len() >= 100_000);
        // Every vertex of the sum is within the two radii of the centre (0.5, 0).
        for v in &merged {
            assert!((v.distance(DVec2::new(0.5, 0.0)) - 2.0).abs() < 1e-9);
        }
    }

    #[test]
    fn closest_point_clamps_to_end_points() {
        let (p, t) = closest_point_on_segment_to_origin(DVec2::new(1.0, 1.0), DVec2::new(2.0, 1.0));
        assert_eq!((p, t), (DVec2::new(1.0, 1.0), 0.0));
        let (p, t) =
            closest_point_on_segment_to_origin(DVec2::new(-1.0, 1.0), DVec2::new(1.0, 1.0));
        assert_eq!((p, t), (DVec2::new(0.0, 1.0), 0.5));
    }

    #[test]
    fn hull_drops_interior_collinear_and_repeated_points() {
        let pts = [
            DVec2::new(0.0, 0.0),
            DVec2::new(1.0, 0.0),
            DVec2::new(2.0, 0.0),
            DVec2::new(2.0, 2.0),
            DVec2::new(2.0, 2.0),
            DVec2::new(1.0, 1.0),
            DVec2::new(0.0, 2.0),
        ];
        let hull = convex_hull(&pts);
        assert_eq!(hull.len(), 4);
        assert!(signed_area2(&hull) > 0.0);
        assert!((signed_area2(&hull) - 8.0).abs() < 1e-12);
    }

    #[test]
    fn hull_of_collinear_points_is_degenerate() {
        let pts = [DVec2::ZERO, DVec2::X, DVec2::X * 2.0];
        assert!(convex_hull(&pts).len() < 3);
    }
}
