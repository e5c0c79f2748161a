//! Concave polygons: the decomposition into convex parts and the queries part by part,
//! against brute-force references that never use the decomposition's own answers
//! (winding numbers, every edge pair, the convex references of `common` per part
//! pair), plus named degenerate outlines and scene errors.
//!
//! Each property runs 2,000 random cases by default; `GJK_LAB_CASES` changes that.

#[path = "../core/tests/common/mod.rs"]
mod common;

use common::{h, reference};
use gjk_lab_core::query::query;
use gjk_lab_core::scene::{Format, Scene};
use gjk_lab_core::shapes::{
    Circle, ConcavePolygon, ConvexPolygon, Geometry, PolygonError, Pose, Shape,
};
use gjk_lab_core::DVec2;
use proptest::prelude::*;
use std::f64::consts::TAU;
use std::path::Path;

// ---------------------------------------------------------------------------------
// Independent references: shoelace area, winding number, segment distance.

fn area(v: &[DVec2]) -> f64 {
    let n = v.len();
    0.5 * (0..n).map(|i| v[i].perp_dot(v[(i + 1) % n])).sum::<f64>()
}

/// Winding number of a closed polyline around `p` (Sunday's crossing rule).
fn winding(v: &[DVec2], p: DVec2) -> i32 {
    let n = v.len();
    let mut w = 0;
    for i in 0..n {
        let (a, b) = (v[i], v[(i + 1) % n]);
        let side = (b - a).perp_dot(p - a);
        if a.y <= p.y && b.y > p.y && side > 0.0 {
            w += 1;
        } else if a.y > p.y && b.y <= p.y && side < 0.0 {
            w -= 1;
        }
    }
    w
}

fn point_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
    (a + ab * t - p).length()
}

/// Whether segments `ab` and `cd` properly cross (end points strictly on both sides).
fn crosses(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> bool {
    let s = |p: DVec2, q: DVec2, r: DVec2| (q - p).perp_dot(r - p).signum();
    s(a, b, c) * s(a, b, d) < 0.0 && s(c, d, a) * s(c, d, b) < 0.0
}

fn segment_segment(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> f64 {
    if crosses(a, b, c, d) {
        return 0.0;
    }
    point_segment(a, c, d)
        .min(point_segment(b, c, d))
        .min(point_segment(c, a, b))
        .min(point_segment(d, a, b))
}

fn edges(v: &[DVec2]) -> impl Iterator<Item = (DVec2, DVec2)> + '_ {
    (0..v.len()).map(move |i| (v[i], v[(i + 1) % v.len()]))
}

/// Distance between two polygon boundaries: every edge pair.
fn boundary_distance(p: &[DVec2], q: &[DVec2]) -> f64 {
    edges(p)
        .flat_map(|(a, b)| edges(q).map(move |(c, d)| segment_segment(a, b, c, d)))
        .fold(f64::INFINITY, f64::min)
}

/// Two simple polygons intersect when their boundaries meet or one holds a vertex of
/// the other.
fn polygons_intersect(p: &[DVec2], q: &[DVec2]) -> bool {
    boundary_distance(p, q) == 0.0 || winding(p, q[0]) != 0 || winding(q, p[0]) != 0
}

fn world(s: &Shape, local: &[DVec2]) -> Vec<DVec2> {
    local.iter().map(|&v| s.to_world(v)).collect()
}

// ---------------------------------------------------------------------------------
// Random simple polygons.

/// A star-shaped polygon: sorted random angles, random radii (simple by construction).
fn arb_star() -> impl Strategy<Value = Vec<DVec2>> {
    prop::collection::vec((0.0f64..1.0, 0.15f64..1.0), 3..40).prop_map(|pts| {
        let mut angles: Vec<(f64, f64)> = pts
            .iter()
            .enumerate()
            .map(|(i, &(jitter, r))| ((i as f64 + 0.9 * jitter) * TAU / pts.len() as f64, r))
            .collect();
        angles.sort_by(|p, q| p.0.total_cmp(&q.0));
        angles
            .iter()
            .map(|&(t, r)| DVec2::from_angle(t) * r)
            .collect()
    })
}

/// A comb: a base bar with `k` teeth of random heights and slanted tops.
fn arb_comb() -> impl Strategy<Value = Vec<DVec2>> {
    prop::collection::vec((0.2f64..2.0, -0.2f64..0.2, -0.2f64..0.2), 1..12).prop_map(|teeth| {
        let k = teeth.len() as f64;
        let mut v = vec![DVec2::new(0.0, 0.0), DVec2::new(k, 0.0)];
        for (i, &(height, dx1, dx2)) in teeth.iter().enumerate().rev() {
            let x = i as f64;
            v.push(DVec2::new(x + 1.0 + dx1.min(0.0), height));
            v.push(DVec2::new(x + 0.5 + dx2.max(0.0) * 0.5, height * 0.9));
            v.push(DVec2::new(x + 0.5, 0.2));
            v.push(DVec2::new(x, 0.2));
        }
        // Centre it and keep it within a unit-ish size.
        let centre = DVec2::new(k / 2.0, 0.5);
        v.iter().map(|&p| (p - centre) / k.max(1.0)).collect()
    })
}

/// A general simple polygon (not star-shaped): random points in any order, untangled
/// by 2-opt — while two edges cross, reverse the path between them (each reversal
/// shortens the outline, so this ends).
fn arb_two_opt() -> impl Strategy<Value = Vec<DVec2>> {
    prop::collection::vec((-1.0f64..1.0, -1.0f64..1.0), 4..24).prop_map(|pts| {
        let mut v: Vec<DVec2> = pts.iter().map(|&(x, y)| DVec2::new(x, y)).collect();
        let n = v.len();
        'untangle: for _ in 0..100_000 {
            for i in 0..n {
                for j in i + 2..n {
                    let (a, b, c, d) = (v[i], v[(i + 1) % n], v[j], v[(j + 1) % n]);
                    if (j + 1) % n != i && crosses(a, b, c, d) {
                        v[i + 1..=j].reverse();
                        continue 'untangle;
                    }
                }
            }
            break;
        }
        v
    })
}

/// Any kind, either orientation, scaled.
fn arb_outline() -> impl Strategy<Value = Vec<DVec2>> {
    (
        prop_oneof![arb_star(), arb_comb(), arb_two_opt()],
        any::<bool>(),
        0.3f64..3.0,
    )
        .prop_map(|(mut v, clockwise, scale)| {
            if clockwise {
                v.reverse();
            }
            v.iter().map(|&p| p * scale).collect()
        })
}

fn arb_placed() -> impl Strategy<Value = Shape> {
    (arb_outline(), -2.0f64..2.0, -2.0f64..2.0, 0.0f64..TAU).prop_map(|(v, x, y, r)| {
        Shape::new(
            Geometry::polygon(&v).expect("simple by construction"),
            Pose::new(DVec2::new(x, y), r),
        )
    })
}

fn check_decomposition(input: &[DVec2]) -> Result<(), TestCaseError> {
    let p = ConcavePolygon::new(input).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let outline_area = area(input).abs();
    // Every part convex (a left turn or straight on at every vertex) and counter-clockwise.
    for part in p.parts() {
        let v = part.vertices();
        let n = v.len();
        for i in 0..n {
            let turn = (v[(i + 1) % n] - v[i]).perp_dot(v[(i + 2) % n] - v[(i + 1) % n]);
            prop_assert!(turn >= 0.0, "part turns right: {v:?}");
        }
        // Every part vertex is an outline vertex (no new points).
        for q in v {
            prop_assert!(input.contains(q), "{q} is not an outline vertex");
        }
    }
    // Areas add up.
    let total: f64 = p.parts().iter().map(|q| area(q.vertices())).sum();
    prop_assert!(
        (total - outline_area).abs() <= 1e-9 * outline_area,
        "parts {total} vs outline {outline_area}"
    );
    // Sampled points: inside the outline iff inside exactly one part.
    let lo = input
        .iter()
        .fold(DVec2::splat(f64::INFINITY), |m, &q| m.min(q));
    let hi = input
        .iter()
        .fold(DVec2::splat(f64::NEG_INFINITY), |m, &q| m.max(q));
    let margin = 1e-7 * (hi - lo).max_element();
    for i in 0..20 {
        for j in 0..20 {
            let t = DVec2::new((i as f64 + 0.37) / 20.0, (j as f64 + 0.61) / 20.0);
            let x = lo + (hi - lo) * t;
            let near = |v: &[DVec2]| edges(v).any(|(a, b)| point_segment(x, a, b) <= margin);
            if near(input) || p.parts().iter().any(|q| near(q.vertices())) {
                continue;
            }
            let inside = winding(input, x) != 0;
            let count = p
                .parts()
                .iter()
                .filter(|q| winding(q.vertices(), x) != 0)
                .count();
            prop_assert_eq!(count, usize::from(inside), "point {}", x);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::proptest_config(2_000))]

    /// Parts are convex, made of outline vertices, add up to the outline's area, and
    /// cover exactly the inside of the outline.
    #[test]
    fn decomposition_covers_the_outline_with_convex_parts(v in arb_outline()) {
        check_decomposition(&v)?;
    }

    /// Any list of points (random, or on a small integer grid, where collinear runs,
    /// touching and repeated vertices are common) ends in a polygon or an error, never
    /// a panic; an accepted concave polygon decomposes correctly.
    #[test]
    fn any_point_list_is_a_polygon_or_an_error(
        points in prop_oneof![
            prop::collection::vec((-1.0f64..1.0, -1.0f64..1.0), 0..30),
            prop::collection::vec((0i32..5, 0i32..5).prop_map(|(x, y)| (x as f64, y as f64)), 0..14),
        ]
    ) {
        let v: Vec<DVec2> = points.iter().map(|&(x, y)| DVec2::new(x, y)).collect();
        if let Ok(Geometry::Concave(_)) = Geometry::polygon(&v) {
            check_decomposition(&v)?;
        }
    }

    /// Queries with concave shapes agree with brute force: intersection (edge pairs
    /// and winding numbers), distance (every edge pair), and depth and normal (the
    /// deepest part pair by SAT).
    #[test]
    fn concave_queries_match_brute_force(a in arb_placed(), b in arb_placed()) {
        let (va, vb) = (world_vertices_of(&a), world_vertices_of(&b));
        let gap = boundary_distance(&va, &vb);
        let scale = a.bounding_radius().max(b.bounding_radius());
        let tol = 1e-8 * scale;
        prop_assume!(gap > 1e-6 * scale || polygons_intersect(&va, &vb) && gap == 0.0);
        let q = query(&a, &b);
        let intersects = polygons_intersect(&va, &vb);
        prop_assert_eq!(q.intersects, intersects, "{:?}", q);
        prop_assert_eq!(q.parts.is_some(), a.is_concave() || b.is_concave());
        if intersects {
            let r = reference(&a, &b);
            prop_assume!(r.signed > 1e-6 * scale);
            prop_assert!((q.depth - r.signed).abs() <= tol, "depth {} vs {}", q.depth, r.signed);
            // The normal separates the decisive part pair by the depth.
            let [i, j] = q.parts.unwrap_or([0, 0]);
            let (pa, pb) = (&a.parts()[i], &b.parts()[j]);
            prop_assert!((h(pa, pb, q.normal.unwrap()) - q.depth).abs() <= tol);
        } else {
            prop_assert!((q.distance - gap).abs() <= tol, "distance {} vs {gap}", q.distance);
            let (ca, cb) = (q.closest_a.unwrap(), q.closest_b.unwrap());
            prop_assert!(((cb - ca).length() - gap).abs() <= tol);
        }
    }

    /// A concave shape against a convex polygon: the same brute force, both orders.
    #[test]
    fn concave_against_convex_matches_brute_force(
        a in arb_placed(),
        b in common::arb_convex_polygon(8, 0.2..1.5, 0.01),
        x in -2.0f64..2.0,
        y in -2.0f64..2.0,
    ) {
        let b = Shape::new(b, Pose::new(DVec2::new(x, y), 0.3));
        let (va, vb) = (world_vertices_of(&a), world_vertices_of(&b));
        let gap = boundary_distance(&va, &vb);
        let scale = a.bounding_radius().max(b.bounding_radius());
        prop_assume!(gap > 1e-6 * scale || gap == 0.0);
        for (s, t) in [(&a, &b), (&b, &a)] {
            let q = query(s, t);
            prop_assert_eq!(q.intersects, polygons_intersect(&va, &vb));
            if !q.intersects {
                prop_assert!((q.distance - gap).abs() <= 1e-8 * scale);
            }
        }
    }

    /// A concave shape against a circle: the circle meets the polygon when its centre
    /// is inside (winding number) or within the radius of the outline.
    #[test]
    fn concave_against_a_circle_matches_brute_force(
        a in arb_placed(),
        r in 0.05f64..1.0,
        x in -3.0f64..3.0,
        y in -3.0f64..3.0,
    ) {
        let c = DVec2::new(x, y);
        let b = Shape::new(Geometry::Circle(Circle { radius: r }), Pose::new(c, 0.0));
        let va = world_vertices_of(&a);
        let to_outline = edges(&va).map(|(p, q)| point_segment(c, p, q)).fold(f64::INFINITY, f64::min);
        let inside = winding(&va, c) != 0;
        let scale = a.bounding_radius().max(r);
        prop_assume!((to_outline - r).abs() > 1e-6 * scale);
        let q = query(&a, &b);
        prop_assert_eq!(q.intersects, inside || to_outline < r);
        if !q.intersects {
            prop_assert!((q.distance - (to_outline - r)).abs() <= 1e-8 * scale, "{} vs {}", q.distance, to_outline - r);
        } else if !inside {
            // Centre outside: the circle's overlap with the nearest part is at least
            // r − (distance to the outline), the overlap with the whole polygon.
            prop_assert!(q.depth >= r - to_outline - 1e-8 * scale, "{} vs {}", q.depth, r - to_outline);
        }
    }
}

fn world_vertices_of(s: &Shape) -> Vec<DVec2> {
    world(s, s.geometry().polygon_vertices().expect("a polygon"))
}

// ---------------------------------------------------------------------------------
// Named degenerate outlines.

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

fn decompose(points: &[DVec2]) -> ConcavePolygon {
    let p = ConcavePolygon::new(points).unwrap();
    check_decomposition(points).unwrap();
    p
}

#[test]
fn collinear_runs_are_dropped_from_the_outline() {
    // The L with extra points along three of its edges.
    let p = decompose(&v(&[
        (0.0, 0.0),
        (0.5, 0.0),
        (1.0, 0.0),
        (1.5, 0.0),
        (2.0, 0.0),
        (2.0, 1.0),
        (1.5, 1.0),
        (1.0, 1.0),
        (1.0, 2.0),
        (0.0, 2.0),
        (0.0, 1.0),
    ]));
    assert_eq!(p.outline().len(), 6);
    assert_eq!(p.parts().len(), 2);
}

#[test]
fn clockwise_input_is_normalised() {
    let mut cw = l_shape();
    cw.reverse();
    let p = decompose(&cw);
    assert!(area(p.outline()) > 0.0);
    assert_eq!(p.parts().len(), 2);
}

#[test]
fn nearly_collinear_vertices_still_decompose() {
    // A long bar whose top edge bends by 1e-9 at many points, with a notch.
    let mut points = vec![DVec2::new(0.0, 0.0), DVec2::new(10.0, 0.0)];
    for i in (0..=20).rev() {
        let x = i as f64 * 0.5;
        let y = 1.0 + if i % 2 == 0 { 1e-9 } else { 0.0 };
        points.push(DVec2::new(x, if i == 10 { 0.5 } else { y }));
    }
    decompose(&points);
}

#[test]
fn a_one_in_a_million_thin_spike() {
    // A unit square with a spike 1e-6 wide and 1 long on its top edge.
    let p = decompose(&v(&[
        (0.0, 0.0),
        (1.0, 0.0),
        (1.0, 1.0),
        (0.5 + 5e-7, 1.0),
        (0.5, 2.0),
        (0.5 - 5e-7, 1.0),
        (0.0, 1.0),
    ]));
    assert!(p.parts().len() >= 2);
}

#[test]
fn a_comb_with_fifty_teeth() {
    let mut points = vec![DVec2::new(0.0, 0.0), DVec2::new(50.0, 0.0)];
    for i in (0..50).rev() {
        let x = i as f64;
        points.extend([
            DVec2::new(x + 1.0, 3.0),
            DVec2::new(x + 0.5, 3.0),
            DVec2::new(x + 0.5, 0.5),
            DVec2::new(x, 0.5),
        ]);
    }
    let p = decompose(&points);
    // 50 teeth and the base: Hertel–Mehlhorn is within 4× of the optimum (51).
    assert!(
        p.parts().len() >= 50 && p.parts().len() <= 4 * 51,
        "{}",
        p.parts().len()
    );
}

#[test]
fn many_vertices() {
    // A 400-vertex star, and the cap.
    let star: Vec<DVec2> = (0..400)
        .map(|i| DVec2::from_angle(i as f64 * TAU / 400.0) * if i % 2 == 0 { 1.0 } else { 0.6 })
        .collect();
    decompose(&star);
    let too_many: Vec<DVec2> = (0..2000)
        .map(|i| DVec2::from_angle(i as f64 * TAU / 2000.0) * if i % 2 == 0 { 1.0 } else { 0.9 })
        .collect();
    assert!(matches!(
        ConcavePolygon::new(&too_many),
        Err(PolygonError::TooManyVertices { count: 2000, .. })
    ));
}

#[test]
fn a_bowtie_is_an_error_naming_its_crossing_edges() {
    let e = Geometry::polygon(&v(&[(0.0, 0.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)])).unwrap_err();
    assert_eq!(
        e,
        PolygonError::EdgesIntersect {
            first: 0,
            first_end: 1,
            second: 2,
            second_end: 3
        }
    );
    assert!(e
        .to_string()
        .contains("edge 0 (vertex 0 to 1) meets edge 2 (vertex 2 to 3)"));
}

#[test]
fn a_vertex_on_another_edge_is_an_error() {
    // Vertex 3 (1, 0) lies on edge 0 from (0, 0) to (2, 0).
    let e = Geometry::polygon(&v(&[
        (0.0, 0.0),
        (2.0, 0.0),
        (2.0, 2.0),
        (1.0, 0.0),
        (0.0, 2.0),
    ]))
    .unwrap_err();
    assert!(
        matches!(
            e,
            PolygonError::EdgesIntersect {
                first: 0,
                second: 2 | 3,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn a_polygon_given_twice_round_is_an_error() {
    let square = v(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    let twice: Vec<DVec2> = square.iter().chain(&square).copied().collect();
    let e = Geometry::polygon(&twice).unwrap_err();
    assert!(matches!(e, PolygonError::EdgesIntersect { .. }), "{e:?}");
    // A concave one given twice round, too.
    let l = l_shape();
    let twice: Vec<DVec2> = l.iter().chain(&l).copied().collect();
    assert!(matches!(
        Geometry::polygon(&twice),
        Err(PolygonError::EdgesIntersect { .. })
    ));
}

#[test]
fn a_spike_folding_back_on_itself_is_an_error() {
    // (1, 1) → (1, 3) → (1, 2): the boundary runs back along itself.
    let e = Geometry::polygon(&v(&[
        (0.0, 0.0),
        (2.0, 0.0),
        (1.0, 1.0),
        (1.0, 3.0),
        (1.0, 2.0),
    ]));
    assert!(
        matches!(e, Err(PolygonError::EdgesIntersect { .. })),
        "{e:?}"
    );
}

#[test]
fn a_convex_polygon_is_still_a_convex_polygon() {
    let square = v(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    assert_eq!(
        Geometry::polygon(&square),
        Ok(Geometry::Polygon(ConvexPolygon::new(&square).unwrap()))
    );
    assert!(matches!(
        Geometry::polygon(&l_shape()),
        Ok(Geometry::Concave(_))
    ));
    // Collinear points only: zero area, as before.
    assert_eq!(
        Geometry::polygon(&v(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)])),
        Err(PolygonError::ZeroArea)
    );
}

#[test]
fn the_dent_of_an_l_is_empty_for_queries_but_not_for_its_support() {
    // A small box in the L's inner corner: inside the hull, outside the L.
    let l = Shape::new(Geometry::polygon(&l_shape()).unwrap(), Pose::default());
    let b = Shape::new(
        Geometry::Polygon(ConvexPolygon::rectangle(0.2, 0.2)),
        Pose::new(DVec2::new(1.6, 1.6), 0.0),
    );
    let q = query(&l, &b);
    assert!(!q.intersects);
    assert!((q.distance - 0.4).abs() < 1e-12, "{}", q.distance);
    assert!(
        gjk_lab_core::algorithms::gjk::Gjk::new(&l, &b)
            .run()
            .intersects(),
        "GJK on the whole shape sees the hull"
    );
}

// ---------------------------------------------------------------------------------
// Scene errors.

fn scene_error(text: &str) -> String {
    Scene::from_text(text, Format::Ron, Some(Path::new("scenes/bad.ron")))
        .unwrap_err()
        .to_string()
}

#[test]
fn scene_errors_name_the_file_the_shape_and_the_edges() {
    let e = scene_error(
        r#"(shapes: [
            (name: "A", shape: Circle(radius: 1.0), position: (0.0, 0.0)),
            (name: "B", shape: Polygon(vertices: [(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0), (1.0, 2.0), (0.0, 2.0)]), position: (0.0, 0.0)),
            (name: "C", shape: Polygon(vertices: [(0.0, 0.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)]), position: (3.0, 0.0)),
        ])"#,
    );
    assert_eq!(
        e,
        "scenes/bad.ron: shape 2 (\"C\"): polygon: the polygon's boundary crosses or touches \
         itself: edge 0 (vertex 0 to 1) meets edge 2 (vertex 2 to 3); a polygon must be simple"
    );
    // Indices are as written, even with repeated vertices and clockwise order.
    let e = scene_error(
        r#"(shapes: [(shape: Polygon(vertices: [(0.0, 1.0), (1.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 0.0)]), position: (0.0, 0.0))])"#,
    );
    assert!(e.starts_with("scenes/bad.ron: shape 0: polygon:"), "{e}");
    assert!(
        e.contains("edge 0 (vertex 0 to 1)") && e.contains("edge 3 (vertex 3 to 4)"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------
// The command line: `parts` only where a concave shape is involved.

fn gjk_lab(args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // `query` prints one document, `trace` one per line: keep the last.
    let last = if args[0] == "trace" {
        text.lines().last().unwrap().to_string()
    } else {
        text
    };
    serde_json::from_str(&last).unwrap()
}

#[test]
fn query_and_trace_name_the_decisive_parts_of_a_concave_pair_only() {
    let q = gjk_lab(&["query", "scenes/concave-l-box.ron"]);
    let pair = &q["pairs"][0];
    assert!(pair["intersects"].as_bool().unwrap());
    assert!(pair["parts"].is_array(), "{pair}");
    let t = gjk_lab(&["trace", "scenes/concave-l-box.ron", "--algo", "epa"]);
    assert_eq!(t["kind"], "result");
    assert_eq!(t["parts"], pair["parts"]);
    assert!((t["depth"].as_f64().unwrap() - pair["depth"].as_f64().unwrap()).abs() < 1e-12);
    // A convex pair: no `parts` key, so its output is what it always was.
    let q = gjk_lab(&["query", "scenes/overlapping-polygons.ron"]);
    assert!(q["pairs"][0].get("parts").is_none(), "{q}");
    assert!(q["pairs"][0].get("depth").is_some(), "{q}");
    let t = gjk_lab(&["trace", "scenes/overlapping-polygons.ron", "--algo", "gjk"]);
    assert!(t.get("parts").is_none(), "{t}");
}

// ---------------------------------------------------------------------------------
// Moving concave shapes.

/// The exact distance of two simple polygons (0 when they meet), by brute force.
fn polygon_gap(a: &Shape, b: &Shape) -> f64 {
    let (va, vb) = (world_vertices_of(a), world_vertices_of(b));
    if polygons_intersect(&va, &vb) {
        0.0
    } else {
        boundary_distance(&va, &vb)
    }
}

fn placed_at(s: &Shape, m: gjk_lab_core::motion::Motion, t: f64) -> Shape {
    let mut placed = s.clone();
    placed.set_pose(m.pose_at(s.pose(), t));
    placed
}

proptest! {
    #![proptest_config(common::proptest_config(300))]

    /// A concave shape moving against another polygon, concave or convex (translating:
    /// every exact cast; turning: conservative advancement and the time of impact): a
    /// hit at the distance of the target with no sampled time before it closer, a
    /// miss never within the target; the brute force of the queries' tests (every edge
    /// pair, winding numbers), never the decomposition.
    #[test]
    fn concave_casts_match_brute_force(
        a in arb_placed(),
        b in prop_oneof![
            arb_placed(),
            (common::arb_convex_polygon(8, 0.2..1.5, 0.01), -2.0f64..2.0, -2.0f64..2.0)
                .prop_map(|(g, x, y)| Shape::new(g, Pose::new(DVec2::new(x, y), 0.3))),
        ],
        (vx, vy, wa) in (-6.0f64..6.0, -6.0f64..6.0, -2.0f64..2.0),
        (ux, uy, wb) in (-6.0f64..6.0, -6.0f64..6.0, -2.0f64..2.0),
        turn in any::<bool>(),
        target in prop_oneof![Just(0.0), 0.0..0.3f64],
    ) {
        use gjk_lab_core::algorithms::cast::CastOptions;
        use gjk_lab_core::algorithms::CastAlgorithm;
        use gjk_lab_core::motion::Motion;
        let turning = |w: f64| if turn { w } else { 0.0 };
        let ma = Motion::new(DVec2::new(vx, vy), turning(wa));
        let mb = Motion::new(DVec2::new(ux, uy), turning(wb));
        let algos: &[CastAlgorithm] = if turn {
            &[CastAlgorithm::ConservativeAdvancement, CastAlgorithm::TimeOfImpact]
        } else {
            &[
                CastAlgorithm::ShapeCast,
                CastAlgorithm::ConservativeAdvancement,
                CastAlgorithm::TimeOfImpact,
            ]
        };
        let scale = a.bounding_radius().max(b.bounding_radius());
        let tol = 1e-8 * scale;
        let gap_at = |t: f64| polygon_gap(&placed_at(&a, ma, t), &placed_at(&b, mb, t));
        // Before a hit and on a miss: apart by more than the target less the
        // tolerance, and, for a target of 0 (a distance is never below it), not meeting.
        let clear_at = |t: f64| {
            let (pa, pb) = (placed_at(&a, ma, t), placed_at(&b, mb, t));
            let (va, vb) = (world_vertices_of(&pa), world_vertices_of(&pb));
            !polygons_intersect(&va, &vb) && boundary_distance(&va, &vb) > target - tol
        };
        let n = 300;
        for &algo in algos {
            let got = gjk_lab_core::query::cast::cast(
                Some(algo), &a, ma, &b, mb, &CastOptions::with_target(target),
            )
            .expect("castable");
            match got.t.filter(|_| got.hit) {
                Some(t) => {
                    let d = gap_at(t);
                    prop_assert!(d <= target + tol, "{algo:?}: {d} at its hit t = {t}");
                    if t > 0.0 && target > 0.0 {
                        prop_assert!(d >= target - tol, "{algo:?}: {d} at its hit t = {t}");
                    }
                    for k in (0..n).filter(|_| t > 0.0) {
                        let s = k as f64 / n as f64 * t;
                        prop_assert!(clear_at(s), "{algo:?}: {} at {s}, before its hit at {t}", gap_at(s));
                    }
                }
                None => {
                    if ["iteration_limit", "root_finder_failed", "push_back_limit"]
                        .contains(&got.reason)
                    {
                        continue;
                    }
                    for k in 0..=n {
                        let s = k as f64 / n as f64;
                        prop_assert!(clear_at(s), "{algo:?} missed, but {} at {s}: {got:?}", gap_at(s));
                    }
                }
            }
        }
    }
}
