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

/// `v / |v|`, or `None` when `|v|` is zero or not finite.
#[inline]
pub fn try_normalize(v: DVec2) -> Option<DVec2> {
    let len = v.length();
    (len > 0.0 && len.is_finite()).then(|| v / len)
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
