//! Independent references for the collision algorithms. None of them uses GJK, EPA,
//! the simplex solver or the library's support functions:
//!
//! - polygons: the separating axis theorem over every edge normal (exact depth and
//!   separation) and brute-force vertex–edge distances;
//! - circles: closed forms;
//! - capsules and rounded polygons (a core grown by a radius): the cores' distance by
//!   brute force (segment–segment and vertex–edge distances, crossings, containment)
//!   minus the radii, and the cores' depth by SAT over the cores' edge normals plus the
//!   radii;
//! - anything with an ellipse: the support *value* `h(d) = max_{x∈A−B} x·d` written in
//!   closed form per shape, minimised over dense directions with golden-section
//!   refinement. For a convex `K = A − B`, `min_{|d|=1} h(d)` is the penetration depth
//!   when positive and minus the distance when negative.
#![allow(dead_code)]

pub mod turning;

/// The cast benchmarks' moving pairs, shared with the benches.
#[path = "../../benches/cast_pairs/mod.rs"]
pub mod cast_pairs;

use gjk_lab_core::geometry::{convex_hull, point_segment_distance, segment_distance, signed_area2};
use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Shape};
use gjk_lab_core::DVec2;
use std::f64::consts::TAU;

/// World vertices of a polygon shape (a concave polygon's outline).
pub fn world_vertices(s: &Shape) -> Vec<DVec2> {
    match s.geometry() {
        Geometry::Polygon(p) => p.vertices().iter().map(|&v| s.to_world(v)).collect(),
        Geometry::Concave(c) => c.outline().iter().map(|&v| s.to_world(v)).collect(),
        _ => panic!("not a polygon"),
    }
}

/// A shape as a core and a radius, in the world: a capsule's two ends, a rounded
/// polygon's or a polygon's vertices (radius 0), a circle's centre; `None` for an
/// ellipse or a concave polygon.
pub fn world_core(s: &Shape) -> Option<(Vec<DVec2>, f64)> {
    let world = |vs: &[DVec2]| vs.iter().map(|&v| s.to_world(v)).collect::<Vec<_>>();
    match s.geometry() {
        Geometry::Polygon(p) => Some((world(p.vertices()), 0.0)),
        Geometry::Rounded(r) => Some((world(r.core().vertices()), r.radius())),
        Geometry::Capsule(c) => Some((world(&[c.a(), c.b()]), c.radius())),
        Geometry::Circle(c) => Some((vec![s.position()], c.radius)),
        Geometry::Ellipse(_) | Geometry::Concave(_) => None,
    }
}

/// The edges of a core: a polygon's, a segment itself, a point as a zero-length edge.
fn core_edges(v: &[DVec2]) -> Vec<(DVec2, DVec2)> {
    match v.len() {
        1 => vec![(v[0], v[0])],
        2 => vec![(v[0], v[1])],
        n => (0..n).map(|i| (v[i], v[(i + 1) % n])).collect(),
    }
}

/// Whether a point lies inside or on a convex counter-clockwise polygon (of at least
/// three vertices).
fn polygon_holds(poly: &[DVec2], p: DVec2) -> bool {
    let n = poly.len();
    n >= 3 && (0..n).all(|i| (poly[(i + 1) % n] - poly[i]).perp_dot(p - poly[i]) >= 0.0)
}

/// The distance between two convex cores (points, segments or polygons) by brute
/// force: 0 when an edge crosses an edge or a vertex lies inside the other polygon,
/// else the smallest distance between two edges.
pub fn core_distance(a: &[DVec2], b: &[DVec2]) -> f64 {
    if b.iter().any(|&p| polygon_holds(a, p)) || a.iter().any(|&p| polygon_holds(b, p)) {
        return 0.0;
    }
    let (ea, eb) = (core_edges(a), core_edges(b));
    ea.iter()
        .flat_map(|&(p, q)| eb.iter().map(move |&(r, s)| segment_distance(p, q, r, s)))
        .fold(f64::INFINITY, f64::min)
}

/// The unit normals of a core's edges, both ways (a segment's two, a polygon's, none
/// for a point).
fn core_normals(v: &[DVec2]) -> Vec<DVec2> {
    core_edges(v)
        .into_iter()
        .filter_map(|(p, q)| (q - p).perp().try_normalize())
        .flat_map(|n| [n, -n])
        .collect()
}

/// The exact reference for two cores grown by radii (at least one a capsule or a
/// rounded polygon, the other a polygon, a capsule, a rounded polygon or a circle):
/// apart cores, the sum of the radii minus their distance; overlapping cores, their
/// SAT depth over both cores' edge normals plus the sum.
pub fn rounded_reference(a: &Shape, b: &Shape) -> Option<Reference> {
    let ((va, ra), (vb, rb)) = (world_core(a)?, world_core(b)?);
    let margin = ra + rb;
    let d = core_distance(&va, &vb);
    let signed = if d > 0.0 {
        margin - d
    } else {
        let h = |n: DVec2| {
            va.iter()
                .map(|v| v.dot(n))
                .fold(f64::NEG_INFINITY, f64::max)
                + vb.iter()
                    .map(|v| -v.dot(n))
                    .fold(f64::NEG_INFINITY, f64::max)
        };
        let normals: Vec<DVec2> = core_normals(&va)
            .into_iter()
            .chain(core_normals(&vb))
            .collect();
        normals.into_iter().map(h).fold(f64::INFINITY, f64::min) + margin
    };
    Some(Reference {
        signed,
        exact: true,
    })
}

/// Support value `h_S(d) = max_{x∈S} x·d` of one shape in closed form (unit `d`).
pub fn support_value(s: &Shape, d: DVec2) -> f64 {
    let c = s.position();
    let theta = s.pose().rotation;
    match s.geometry() {
        Geometry::Polygon(_) | Geometry::Concave(_) => world_vertices(s)
            .iter()
            .map(|v| v.dot(d))
            .fold(f64::NEG_INFINITY, f64::max),
        Geometry::Circle(circle) => c.dot(d) + circle.radius,
        Geometry::Ellipse(e) => {
            let u = DVec2::new(theta.cos(), theta.sin());
            let v = DVec2::new(-theta.sin(), theta.cos());
            c.dot(d) + ((e.a * d.dot(u)).powi(2) + (e.b * d.dot(v)).powi(2)).sqrt()
        }
        Geometry::Capsule(_) | Geometry::Rounded(_) => {
            let (core, r) = world_core(s).expect("a core");
            core.iter()
                .map(|v| v.dot(d))
                .fold(f64::NEG_INFINITY, f64::max)
                + r
        }
    }
}

/// `h_{A−B}(d) = h_A(d) + h_B(−d)`.
pub fn h(a: &Shape, b: &Shape, d: DVec2) -> f64 {
    support_value(a, d) + support_value(b, -d)
}

/// A reference answer: `signed > 0` is the penetration depth, `signed < 0` minus the
/// distance. (Normals are checked by their definition instead: `h(normal) = depth`.)
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    /// Depth (positive) or minus the distance (negative).
    pub signed: f64,
    /// Whether the reference is exact (closed form / SAT) rather than sampled.
    pub exact: bool,
}

/// SAT over the edge normals of both polygons: exact for convex polygons.
pub fn sat(a: &Shape, b: &Shape) -> Reference {
    let (va, vb) = (world_vertices(a), world_vertices(b));
    let mut best = f64::INFINITY;
    for poly in [&va, &vb] {
        for i in 0..poly.len() {
            let e = poly[(i + 1) % poly.len()] - poly[i];
            let n = DVec2::new(e.y, -e.x).normalize();
            best = best.min(h(a, b, n)).min(h(a, b, -n));
        }
    }
    if best >= 0.0 {
        return Reference {
            signed: best,
            exact: true,
        };
    }
    // Separated: the distance is the smallest vertex–edge distance.
    let mut dist = f64::INFINITY;
    for (p, q) in [(&va, &vb), (&vb, &va)] {
        for &v in p.iter() {
            for i in 0..q.len() {
                dist = dist.min(point_segment_distance(v, q[i], q[(i + 1) % q.len()]));
            }
        }
    }
    Reference {
        signed: -dist,
        exact: true,
    }
}

/// Distance from a point to a convex polygon's boundary, and whether it is inside.
fn point_polygon(p: DVec2, poly: &[DVec2]) -> (f64, bool) {
    let n = poly.len();
    let boundary = (0..n)
        .map(|i| point_segment_distance(p, poly[i], poly[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min);
    let inside = (0..n).all(|i| {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        (b - a).perp_dot(p - a) >= 0.0
    });
    (boundary, inside)
}

/// Exact reference for a circle against a polygon or a circle; `None` otherwise.
fn circle_reference(a: &Shape, b: &Shape) -> Option<Reference> {
    let (ca, cb) = (a.position(), b.position());
    match (a.geometry(), b.geometry()) {
        (Geometry::Circle(x), Geometry::Circle(y)) => {
            let d = cb - ca;
            Some(Reference {
                signed: x.radius + y.radius - d.length(),
                exact: true,
            })
        }
        (Geometry::Polygon(_), Geometry::Circle(c)) => {
            let (dist, inside) = point_polygon(cb, &world_vertices(a));
            let signed = if inside {
                c.radius + dist
            } else {
                c.radius - dist
            };
            Some(Reference {
                signed,
                exact: true,
            })
        }
        (Geometry::Circle(_), Geometry::Polygon(_)) => circle_reference(b, a),
        _ => None,
    }
}

/// `min_{|d|=1} h(d)` by sampling `n` directions, then refining *every* sampled local
/// minimum by golden-section search (a thin ellipse makes `h` have narrow basins, so
/// refining only the lowest samples can miss the global minimum).
pub fn sampled_min_h(a: &Shape, b: &Shape, n: usize) -> (f64, DVec2) {
    let f = |t: f64| h(a, b, DVec2::from_angle(t));
    let step = TAU / n as f64;
    let values: Vec<f64> = (0..n).map(|i| f(i as f64 * step)).collect();
    let local_minima = (0..n).filter(|&i| {
        let (prev, next) = (values[(i + n - 1) % n], values[(i + 1) % n]);
        values[i] <= prev && values[i] <= next
    });
    let mut best = (f64::INFINITY, 0.0);
    for i in local_minima {
        let (mut lo, mut hi) = ((i as f64 - 1.0) * step, (i as f64 + 1.0) * step);
        let g = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..80 {
            let (m1, m2) = (hi - g * (hi - lo), lo + g * (hi - lo));
            if f(m1) < f(m2) {
                hi = m2;
            } else {
                lo = m1;
            }
        }
        let t = 0.5 * (lo + hi);
        if f(t) < best.0 {
            best = (f(t), t);
        }
    }
    (best.0, DVec2::from_angle(best.1))
}

/// The best independent reference for a pair. With a concave shape: the deepest
/// part pair when some intersect, else the closest (each part pair by the convex
/// references), which is the compound convention.
pub fn reference(a: &Shape, b: &Shape) -> Reference {
    if a.is_concave() || b.is_concave() {
        let (pa, pb) = (a.parts(), b.parts());
        let all = pa
            .iter()
            .flat_map(|x| pb.iter().map(move |y| reference(x, y)));
        return all
            .reduce(|r, s| if s.signed > r.signed { s } else { r })
            .expect("parts");
    }
    if a.geometry().is_rounded() || b.geometry().is_rounded() {
        if let Some(r) = rounded_reference(a, b) {
            return r;
        }
    }
    match (a.geometry(), b.geometry()) {
        (Geometry::Polygon(_), Geometry::Polygon(_)) => sat(a, b),
        _ => circle_reference(a, b).unwrap_or_else(|| {
            let (value, _) = sampled_min_h(a, b, 1024);
            Reference {
                signed: value,
                exact: false,
            }
        }),
    }
}

/// Distance from a world point to the shape's boundary (0 when on it).
pub fn boundary_error(s: &Shape, p: DVec2) -> f64 {
    match s.geometry() {
        Geometry::Polygon(_) | Geometry::Concave(_) => {
            let v = world_vertices(s);
            let n = v.len();
            (0..n)
                .map(|i| point_segment_distance(p, v[i], v[(i + 1) % n]))
                .fold(f64::INFINITY, f64::min)
        }
        Geometry::Circle(c) => ((p - s.position()).length() - c.radius).abs(),
        Geometry::Ellipse(e) => {
            // Distance to the boundary along the ray from the centre: exact at the
            // boundary, first order near it.
            let q = s.to_local(p);
            let k = ((q.x / e.a).powi(2) + (q.y / e.b).powi(2)).sqrt();
            if k == 0.0 {
                e.a.min(e.b)
            } else {
                (q - q / k).length()
            }
        }
        Geometry::Capsule(_) | Geometry::Rounded(_) => {
            // The signed distance to the core (negative inside), minus the radius.
            let (core, r) = world_core(s).expect("a core");
            let edges = core_edges(&core);
            let to_edges = edges
                .iter()
                .map(|&(a, b)| point_segment_distance(p, a, b))
                .fold(f64::INFINITY, f64::min);
            let signed = if polygon_holds(&core, p) {
                -to_edges
            } else {
                to_edges
            };
            (signed - r).abs()
        }
    }
}

/// The property tests' configuration: `default_cases` cases unless `GJK_LAB_CASES`
/// says otherwise (e.g. `GJK_LAB_CASES=2000` for a quick local run).
pub fn proptest_config(default_cases: u32) -> proptest::test_runner::Config {
    let cases = std::env::var("GJK_LAB_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default_cases);
    proptest::test_runner::Config {
        cases,
        // Some properties hold only for overlapping pairs, which random placement
        // gives about one time in five: room for that many rejects, with a margin.
        max_global_rejects: cases * 16,
        ..proptest::test_runner::Config::default()
    }
}

/// A regular polygon shape helper for named tests.
pub fn polygon(points: &[(f64, f64)], position: (f64, f64), rotation: f64) -> Shape {
    let v: Vec<DVec2> = points.iter().map(|&(x, y)| DVec2::new(x, y)).collect();
    Shape::new(
        Geometry::Polygon(ConvexPolygon::new(&v).expect("valid polygon")),
        gjk_lab_core::shapes::Pose::new(DVec2::new(position.0, position.1), rotation),
    )
}

/// A random convex polygon for property tests: the hull of 3 to `max_points − 1`
/// random points of `[−1, 1]²`, scaled by a factor drawn from `scale`, kept when its
/// area is at least `min_area` of the scale squared (so that it is not a sliver).
pub fn arb_convex_polygon(
    max_points: usize,
    scale: std::ops::Range<f64>,
    min_area: f64,
) -> impl proptest::strategy::Strategy<Value = Geometry> {
    use proptest::prelude::*;
    (
        prop::collection::vec((-1.0f64..1.0, -1.0f64..1.0), 3..max_points),
        scale,
    )
        .prop_filter_map("degenerate hull", move |(points, scale)| {
            let pts: Vec<DVec2> = points
                .iter()
                .map(|&(x, y)| DVec2::new(x, y) * scale)
                .collect();
            let hull = convex_hull(&pts);
            if hull.len() < 3 || signed_area2(&hull) < 2.0 * min_area * scale * scale {
                return None;
            }
            ConvexPolygon::new(&hull).ok().map(Geometry::Polygon)
        })
}

/// A random capsule for property tests: ends in `[−1, 1]²` scaled by a factor drawn
/// from `scale`, at least a tenth of the scale apart, and a radius of 0.05 to 0.6 of
/// the scale — or, one time in five, 0: a segment.
pub fn arb_capsule(
    scale: std::ops::Range<f64>,
) -> impl proptest::strategy::Strategy<Value = Geometry> {
    use proptest::prelude::*;
    (
        (-1.0f64..1.0, -1.0f64..1.0),
        (-1.0f64..1.0, -1.0f64..1.0),
        prop_oneof![1 => Just(0.0), 4 => 0.05f64..0.6],
        scale,
    )
        .prop_filter_map("too short", |(a, b, r, scale)| {
            let (a, b) = (DVec2::new(a.0, a.1) * scale, DVec2::new(b.0, b.1) * scale);
            ((a - b).length() >= 0.1 * scale)
                .then(|| Geometry::capsule(a, b, r * scale).ok())
                .flatten()
        })
}

/// A random rounded polygon: a random convex polygon ([`arb_convex_polygon`]) grown by
/// a radius of 0.02 to 0.8 of its scale (a radius larger than the polygon comes often).
pub fn arb_rounded_polygon(
    max_points: usize,
    scale: std::ops::Range<f64>,
) -> impl proptest::strategy::Strategy<Value = Geometry> {
    use proptest::prelude::*;
    (
        arb_convex_polygon(max_points, scale.clone(), 0.01),
        0.02f64..0.8,
        scale,
    )
        .prop_map(|(g, r, scale)| match g {
            Geometry::Polygon(p) => {
                Geometry::Rounded(gjk_lab_core::shapes::RoundedPolygon::new(p, r * scale))
            }
            other => other,
        })
}

/// What a polygon step machine's fast paths answered (`run`, `contacts`,
/// `penetration`, `intersects`: face separation's and box against box's).
pub struct FastAnswers {
    pub run: gjk_lab_core::algorithms::face_separation::FaceSeparationOutcome,
    pub contacts: gjk_lab_core::algorithms::answer::Contacts,
    pub penetration: Option<gjk_lab_core::algorithms::answer::Penetration>,
    pub intersects: bool,
}

/// Fast answers against the watched run's outcome, bit for bit: the same outcome, its
/// contacts, its depth and normal (none when apart), whether they intersect.
pub fn fast_answers_match(
    outcome: gjk_lab_core::algorithms::face_separation::FaceSeparationOutcome,
    fast: FastAnswers,
) -> Result<(), String> {
    use gjk_lab_core::algorithms::face_separation::FaceSeparationOutcome;
    let depth_normal = match outcome {
        FaceSeparationOutcome::Contact { depth, normal, .. } => Some((depth, normal)),
        FaceSeparationOutcome::Separated { .. } | FaceSeparationOutcome::CirclesApart { .. } => {
            None
        }
    };
    let checks = [
        ("run", fast.run == outcome),
        ("contacts", fast.contacts == outcome.contacts()),
        (
            "penetration",
            fast.penetration.map(|p| (p.depth, p.normal)) == depth_normal,
        ),
        ("intersects", fast.intersects == outcome.intersects()),
    ];
    match checks.iter().find(|(_, same)| !same) {
        Some((what, _)) => Err(format!("{what} differs from the watched run's {outcome:?}")),
        None => Ok(()),
    }
}

/// `d/dθ h_S(n(θ))` of one shape along `n`, turning with `t = dn/dθ`, in closed form.
pub fn support_slope(s: &Shape, n: DVec2, t: DVec2) -> f64 {
    let c = s.position();
    match s.geometry() {
        Geometry::Polygon(_) => {
            // The farthest vertex moves with n only at ties: its own slope counts.
            let v = world_vertices(s)
                .into_iter()
                .max_by(|p, q| p.dot(n).total_cmp(&q.dot(n)))
                .expect("vertices");
            v.dot(t)
        }
        Geometry::Circle(_) => c.dot(t),
        Geometry::Capsule(_) | Geometry::Rounded(_) => {
            // The core's farthest vertex, moved out by r along n: r·n turns with t
            // but adds r·(n·t) = 0 to the slope.
            let (core, _) = world_core(s).expect("a core");
            let v = core
                .into_iter()
                .max_by(|p, q| p.dot(n).total_cmp(&q.dot(n)))
                .expect("vertices");
            v.dot(t)
        }
        Geometry::Ellipse(e) => {
            let theta = s.pose().rotation;
            let (u, v) = (DVec2::from_angle(theta), DVec2::from_angle(theta).perp());
            // h = c·n + sqrt((a n·u)² + (b n·v)²)
            let root = ((e.a * n.dot(u)).powi(2) + (e.b * n.dot(v)).powi(2)).sqrt();
            c.dot(t) + (e.a * e.a * n.dot(u) * t.dot(u) + e.b * e.b * n.dot(v) * t.dot(v)) / root
        }
        Geometry::Concave(_) => unreachable!("convex shapes only"),
    }
}

/// `h'(θ)` of `A − B`: `h_A(n)` turns with `t`, `h_B(−n)` with `−t`.
pub fn slope(a: &Shape, b: &Shape, theta: f64) -> f64 {
    let n = DVec2::from_angle(theta);
    let t = n.perp();
    support_slope(a, n, t) + support_slope(b, -n, -t)
}

/// Where `h'(θ)` of `A − B` changes sign from − to + between `lo` and `hi` (a minimum
/// of `h`), by 200 bisections on the closed-form slope.
pub fn bisect_slope(a: &Shape, b: &Shape, (mut lo, mut hi): (f64, f64)) -> f64 {
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if slope(a, b, mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}
