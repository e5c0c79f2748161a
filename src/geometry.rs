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
