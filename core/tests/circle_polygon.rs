//! Circle against convex polygon in closed form (`algorithms::circle_polygon`), the
//! path every circle–polygon query now takes, checked against independent references:
//!
//! - brute force: the centre's distance to every edge segment (closest point on a
//!   segment written out here), the sign from an inside test, minus the radius;
//! - GJK distance + EPA run explicitly on the same pair (the path these pairs took
//!   before), within the tolerances of the property tests;
//! - swap symmetry: B against A gives the same answer with the normal reversed.
//!
//! Plus named tests for each degenerate case. Property cases: `GJK_LAB_CASES`.

mod common;

use common::{boundary_error, world_vertices};
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::circle_polygon::{
    CirclePolygon, CirclePolygonEvent, CirclePolygonOutcome, VoronoiRegion,
};
use gjk_lab_core::algorithms::distance::GjkDistance;
use gjk_lab_core::algorithms::epa::Epa;
use gjk_lab_core::algorithms::record;
use gjk_lab_core::minkowski::MinkowskiDifference;
use gjk_lab_core::query::{self, PairQuery};
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;

fn circle(r: f64, x: f64, y: f64) -> Shape {
    Shape::new(
        Geometry::Circle(Circle { radius: r }),
        Pose::new(DVec2::new(x, y), 0.0),
    )
}

fn square(half: f64, x: f64, y: f64, rotation: f64) -> Shape {
    Shape::new(
        Geometry::Polygon(ConvexPolygon::rectangle(half, half)),
        Pose::new(DVec2::new(x, y), rotation),
    )
}

fn triangle(x: f64, y: f64, rotation: f64) -> Shape {
    let g = ConvexPolygon::new(&[
        DVec2::new(-1.0, -1.0),
        DVec2::new(2.0, -1.0),
        DVec2::new(-1.0, 1.5),
    ])
    .unwrap();
    Shape::new(Geometry::Polygon(g), Pose::new(DVec2::new(x, y), rotation))
}

/// The point of segment `ab` nearest `p`: `a + clamp(t, 0, 1)·(b − a)`,
/// `t = (p − a)·(b − a)/|b − a|²`.
fn nearest_on_segment(p: DVec2, a: DVec2, b: DVec2) -> DVec2 {
    let e = b - a;
    let t = ((p - a).dot(e) / e.length_squared()).clamp(0.0, 1.0);
    a + e * t
}

/// The brute-force answer: the centre's signed distance to the polygon (negative
/// inside) and the polygon's point nearest the centre.
fn brute_force(polygon: &Shape, centre: DVec2) -> (f64, DVec2) {
    let v = world_vertices(polygon);
    let n = v.len();
    let (mut best, mut nearest) = (f64::INFINITY, v[0]);
    for i in 0..n {
        let q = nearest_on_segment(centre, v[i], v[(i + 1) % n]);
        if (q - centre).length() < best {
            best = (q - centre).length();
            nearest = q;
        }
    }
    // Inside: left of every counter-clockwise edge.
    let inside = (0..n).all(|i| {
        let (a, b) = (v[i], v[(i + 1) % n]);
        (b - a).perp_dot(centre - a) > 0.0
    });
    (if inside { -best } else { best }, nearest)
}

fn scale_of(a: &Shape, b: &Shape) -> f64 {
    a.bounding_radius()
        .max(b.bounding_radius())
        .max(a.position().abs().max_element() * 1e-6)
}

/// Checks the closed form's query of `(a, b)` against brute force; `polygon` and
/// `centre`, `r` describe the pair whichever way round it is.
fn check_against_brute_force(a: &Shape, b: &Shape) {
    let (polygon, disc) = if matches!(a.geometry(), Geometry::Polygon(_)) {
        (a, b)
    } else {
        (b, a)
    };
    let r = disc.radius();
    let (delta, nearest) = brute_force(polygon, disc.position());
    let gap = delta - r;
    let scale = scale_of(a, b);
    let tol = 1e-9 * scale;
    let q = query::query(a, b);
    if gap.abs() <= 1e-7 * scale {
        return; // touching within rounding: either yes/no answer is right
    }
    assert_eq!(q.intersects, gap < 0.0, "gap {gap}: {q:?}");
    if q.intersects {
        assert!(
            (q.depth - (-gap)).abs() <= tol,
            "depth {} vs {}",
            q.depth,
            -gap
        );
        let n = q.normal.unwrap();
        assert!((n.length() - 1.0).abs() <= 1e-12);
        // From A towards B: the polygon's nearest point to the centre, or the way out.
        let from_polygon = if delta > 1e-6 * scale {
            Some((disc.position() - nearest) / delta)
        } else if delta < -1e-6 * scale {
            Some((nearest - disc.position()) / -delta)
        } else {
            None
        };
        if let Some(expected) = from_polygon {
            let expected = if std::ptr::eq(polygon, a) {
                expected
            } else {
                -expected
            };
            // Two equally near edges (a tie) have two right normals.
            let tie = {
                let v = world_vertices(polygon);
                let k = v.len();
                (0..k)
                    .filter(|&i| {
                        let s = nearest_on_segment(disc.position(), v[i], v[(i + 1) % k]);
                        ((s - disc.position()).length() - delta.abs()).abs() <= 1e-9 * scale
                    })
                    .count()
                    > 1
            };
            assert!(
                tie || (n - expected).length() <= 1e-7,
                "normal {n} vs {expected}"
            );
        }
        assert_eq!(q.contacts.len(), 1);
        let c = q.contacts[0];
        assert!((c.depth - q.depth).abs() <= tol);
        assert!(
            boundary_error(disc, c.point) <= tol,
            "contact on the circle"
        );
    } else {
        assert!(
            (q.distance - gap).abs() <= tol,
            "distance {} vs {gap}",
            q.distance
        );
        let (qa, qb) = (q.closest_a.unwrap(), q.closest_b.unwrap());
        assert!(((qa - qb).length() - q.distance).abs() <= tol);
        assert!(boundary_error(a, qa) <= tol, "closest_a off A");
        assert!(boundary_error(b, qb) <= tol, "closest_b off B");
        assert!(q.contacts.is_empty());
    }
}

/// GJK distance + EPA on the same pair, as every query ran before the closed form.
fn gjk_epa(a: &Shape, b: &Shape) -> (bool, f64, f64, Option<DVec2>) {
    let gjk = GjkDistance::new(a, b).run();
    if !gjk.intersects {
        return (false, gjk.distance, 0.0, None);
    }
    let md = MinkowskiDifference::new(a, b);
    let p = Epa::from_gjk(md, &gjk).run().penetration_or_touching(&md);
    (true, 0.0, p.map_or(0.0, |p| p.depth), p.map(|p| p.normal))
}

fn check_against_gjk_epa(a: &Shape, b: &Shape) {
    let scale = scale_of(a, b);
    let q = query::query(a, b);
    let (intersects, distance, depth, normal) = gjk_epa(a, b);
    let signed = if q.intersects { q.depth } else { -q.distance };
    if signed.abs() <= 1e-7 * scale {
        return;
    }
    assert_eq!(q.intersects, intersects, "{q:?}");
    assert!((q.distance - distance).abs() <= 1e-8 * scale);
    assert!(
        (q.depth - depth).abs() <= 1e-8 * scale,
        "{} vs {depth}",
        q.depth
    );
    if let (Some(n), Some(m)) = (q.normal, normal) {
        // Equal depths along different normals are a tie (two faces as near): both
        // are ways out, so moving B by depth·m must separate too.
        let ties = (n - m).length() > 1e-6;
        if ties {
            let mut moved = b.clone();
            let mut pose = moved.pose();
            pose.position += m * (depth + 1e-6 * scale);
            moved.set_pose(pose);
            assert!(!query::intersects(a, &moved), "{n} vs {m}");
        }
    }
}

fn check_swap_symmetry(a: &Shape, b: &Shape) {
    let (p, q) = (query::query(a, b), query::query(b, a));
    assert_eq!(p.intersects, q.intersects);
    assert_eq!(p.distance, q.distance);
    assert_eq!(p.depth, q.depth);
    assert_eq!(p.normal, q.normal.map(|n| -n));
    assert_eq!(p.closest_a, q.closest_b);
    assert_eq!(p.closest_b, q.closest_a);
    assert_eq!(p.contacts, q.contacts);
}

fn arb_pair() -> impl Strategy<Value = (Shape, Shape)> {
    (
        common::arb_convex_polygon(10, 0.2..2.5, 0.01),
        0.05f64..2.0,
        (-3.0f64..3.0, -3.0f64..3.0, 0.0f64..std::f64::consts::TAU),
        (-3.0f64..3.0, -3.0f64..3.0),
        any::<bool>(),
    )
        .prop_map(|(g, r, (x, y, rot), (cx, cy), circle_first)| {
            let polygon = Shape::new(g, Pose::new(DVec2::new(x, y), rot));
            let disc = circle(r, cx, cy);
            if circle_first {
                (disc, polygon)
            } else {
                (polygon, disc)
            }
        })
}

proptest! {
    #![proptest_config(common::proptest_config(100_000))]

    /// Distance, depth, normal, closest points and contact against brute force.
    #[test]
    fn closed_form_matches_brute_force((a, b) in arb_pair()) {
        check_against_brute_force(&a, &b);
    }

    /// The same answers as GJK distance + EPA, within the property tests' tolerances.
    #[test]
    fn closed_form_agrees_with_gjk_and_epa((a, b) in arb_pair()) {
        check_against_gjk_epa(&a, &b);
    }

    /// `query::contacts`, `intersects` and `penetration` take the fast paths (the
    /// steps in order, stopping at the frame step when the bounding circles are apart
    /// or after the scan when a face's separation exceeds the radius): the same
    /// answers, bit for bit, as the watched run's result; and circles apart always
    /// mean shapes apart.
    #[test]
    fn fast_paths_are_the_watched_runs((a, b) in arb_pair()) {
        let machine = CirclePolygon::for_pair(&a, &b).expect("circle and polygon");
        let watched = record(machine.clone());
        let result = watched.last().expect("steps").state.result().expect("ended");
        prop_assert_eq!(machine.clone().contacts(), result.contacts());
        prop_assert_eq!(machine.clone().intersects(), result.intersects);
        prop_assert_eq!(machine.penetration(), result.penetration());
        prop_assert_eq!(query::contacts(&a, &b), result.contacts());
        prop_assert_eq!(query::intersects(&a, &b), result.intersects);
        prop_assert_eq!(query::penetration(&a, &b), result.penetration());
        let CirclePolygonEvent::Frame { circles_gap, .. } = watched[0].event else {
            panic!("the frame step first");
        };
        if let Some(gap) = circles_gap {
            prop_assert!(gap > 0.0 && !result.intersects, "circles {gap} apart, {result:?}");
            // A lower bound on the distance, measured by brute force.
            let (polygon, disc) = if matches!(a.geometry(), Geometry::Circle(_)) { (&b, &a) } else { (&a, &b) };
            let distance = brute_force(polygon, disc.position()).0 - disc.radius();
            prop_assert!(gap <= distance + 1e-12 * scale_of(&a, &b), "{gap} vs {distance}");
        }
    }

    /// Circle as A or as B: the same answer, the normal reversed.
    #[test]
    fn closed_form_is_swap_symmetric((a, b) in arb_pair()) {
        check_swap_symmetry(&a, &b);
    }
}

/// Both ways round, checked against brute force, GJK + EPA and each other.
fn both_ways(polygon: &Shape, disc: &Shape) -> PairQuery {
    for (a, b) in [(polygon, disc), (disc, polygon)] {
        check_against_brute_force(a, b);
        check_against_gjk_epa(a, b);
    }
    check_swap_symmetry(polygon, disc);
    query::query(polygon, disc)
}

fn region(polygon: &Shape, disc: &Shape) -> (VoronoiRegion, CirclePolygonOutcome) {
    let r = CirclePolygon::for_pair(polygon, disc).unwrap().run();
    (r.region, r.outcome)
}

#[test]
fn centre_exactly_on_an_edge_leaves_by_that_edge() {
    // Square [−1, 1]², centre on the right edge.
    let (s, c) = (square(1.0, 0.0, 0.0, 0.0), circle(0.5, 1.0, 0.25));
    let q = both_ways(&s, &c);
    assert!(q.intersects);
    assert_eq!(q.depth, 0.5);
    assert_eq!(q.normal, Some(DVec2::X));
    assert_eq!(region(&s, &c).0, VoronoiRegion::Inside(1));
    assert_eq!(q.contacts[0].point, DVec2::new(0.5, 0.25));
}

#[test]
fn centre_exactly_on_a_vertex_has_a_defined_normal() {
    // Centre on the corner (1, 1): the normal is one of the corner's two edge normals.
    let (s, c) = (square(1.0, 0.0, 0.0, 0.0), circle(0.5, 1.0, 1.0));
    let q = query::query(&s, &c);
    assert!(q.intersects);
    assert_eq!(q.depth, 0.5);
    let n = q.normal.unwrap();
    assert!(n == DVec2::X || n == DVec2::Y, "{n}");
    assert!(matches!(region(&s, &c).0, VoronoiRegion::Inside(_)));
    check_swap_symmetry(&s, &c);
}

#[test]
fn centre_deep_inside_leaves_by_the_nearest_face() {
    // Centre at (0.2, −0.6) in the square [−2, 2]²: the bottom edge is 1.4 away.
    let (s, c) = (square(2.0, 0.0, 0.0, 0.0), circle(0.3, 0.2, -0.6));
    let q = both_ways(&s, &c);
    assert!((q.depth - 1.7).abs() < 1e-15);
    assert_eq!(q.normal, Some(-DVec2::Y));
    assert!(matches!(
        region(&s, &c).1,
        CirclePolygonOutcome::CentreInside { face: 0, .. }
    ));
    // Same centre as the square's: every face is as near; the lowest index wins.
    let q = query::query(&s, &circle(0.3, 0.0, 0.0));
    assert!((q.depth - 2.3).abs() < 1e-15);
    assert_eq!(q.normal, Some(-DVec2::Y));
}

#[test]
fn touching_has_depth_zero_exactly_never_negative() {
    // Face touching: centre 1.5 right of the unit square's edge x = 1, radius 0.5.
    for (s, c) in [
        (square(1.0, 0.0, 0.0, 0.0), circle(0.5, 1.5, 0.3)),
        // Vertex touching: the corner (1, 1) and a circle of radius 0.625, centre
        // (1.375, 1.5): |c − v| = 0.125·|(3, 4)| = 0.625, exact in binary.
        (square(1.0, 0.0, 0.0, 0.0), circle(0.625, 1.375, 1.5)),
    ] {
        for (a, b) in [(&s, &c), (&c, &s)] {
            let q = query::query(a, b);
            assert!(q.intersects, "touching counts as intersecting");
            assert_eq!(q.depth, 0.0);
            assert_eq!(q.distance, 0.0);
            assert!(q.normal.is_some());
            assert_eq!(q.contacts.len(), 1);
            assert_eq!(q.contacts[0].depth, 0.0);
            let p = query::penetration(a, b).unwrap();
            assert_eq!(p.depth, 0.0);
        }
    }
    // Just apart (by more than the touching tolerance): separated.
    let q = query::query(&square(1.0, 0.0, 0.0, 0.0), &circle(0.5, 1.5 + 1e-6, 0.3));
    assert!(!q.intersects && q.distance > 0.0);
}

#[test]
fn huge_and_tiny_scales_and_far_from_the_origin() {
    for scale in [1e-6, 1e-3, 1.0, 1e3, 1e6] {
        let s = square(scale, 0.0, 0.0, 0.3);
        for (x, y) in [(1.2, 0.1), (0.5, 0.5), (1.3, 1.3), (3.0, -2.0)] {
            both_ways(&s, &circle(0.4 * scale, x * scale, y * scale));
        }
    }
    let far = 1e6;
    let s = square(1.0, far, -far, 0.7);
    for (x, y) in [(1.2, 0.1), (0.5, 0.5), (1.3, 1.3), (3.0, -2.0)] {
        both_ways(&s, &circle(0.4, far + x, -far + y));
    }
}

#[test]
fn circle_against_a_triangle_in_every_region() {
    let t = triangle(0.3, -0.4, 0.9);
    // Around the triangle, through faces and corners, inside and out.
    for k in 0..48 {
        let angle = std::f64::consts::TAU * k as f64 / 48.0;
        for d in [0.2, 1.0, 1.8, 2.6, 4.0] {
            let c = DVec2::new(0.3, -0.4) + DVec2::from_angle(angle) * d;
            both_ways(&t, &circle(0.5, c.x, c.y));
        }
    }
}

#[test]
fn circle_against_a_square_face_and_corner_regions() {
    let s = square(1.0, 0.0, 0.0, 0.0);
    // Face region of the right edge: normal +x.
    let q = both_ways(&s, &circle(0.6, 1.5, 0.2));
    assert!((q.depth - 0.1).abs() < 1e-15);
    assert_eq!(q.normal, Some(DVec2::X));
    assert_eq!(region(&s, &circle(0.6, 1.5, 0.2)).0, VoronoiRegion::Face(1));
    // Corner region of (1, 1): normal along the diagonal.
    let c = circle(0.6, 1.3, 1.4);
    let q = both_ways(&s, &c);
    assert!((q.depth - 0.1).abs() < 1e-15);
    assert!((q.normal.unwrap() - DVec2::new(0.6, 0.8)).length() < 1e-15);
    assert_eq!(region(&s, &c).0, VoronoiRegion::Vertex(2));
    // Apart in the corner region: distance and closest points.
    let q = both_ways(&s, &circle(0.5, 1.6, 1.8));
    assert!((q.distance - 0.5).abs() < 1e-15);
    assert_eq!(q.closest_a, Some(DVec2::new(1.0, 1.0)));
}

#[test]
fn circle_as_a_or_as_b_flips_the_normal() {
    let (s, c) = (square(1.0, 0.0, 0.0, 0.0), circle(0.6, 1.5, 0.2));
    let ab = query::penetration(&s, &c).unwrap();
    let ba = query::penetration(&c, &s).unwrap();
    assert_eq!(
        ab.normal,
        DVec2::X,
        "polygon A: from the polygon to the circle"
    );
    assert_eq!(
        ba.normal,
        -DVec2::X,
        "circle A: from the circle to the polygon"
    );
    // Moving B by depth·normal separates, either way round.
    for (a, b, p) in [(&s, &c, ab), (&c, &s, ba)] {
        assert!((p.point_a - p.point_b - p.normal * p.depth).length() < 1e-15);
        let mut moved = b.clone();
        let mut pose = moved.pose();
        pose.position += p.normal * (p.depth + 1e-6);
        moved.set_pose(pose);
        assert!(!query::intersects(a, &moved));
    }
}

#[test]
fn every_step_is_an_event_and_the_fast_path_agrees() {
    let (s, c) = (triangle(0.0, 0.0, 0.2), circle(0.5, 2.0, 0.1));
    for (a, b, side) in [(&s, &c, Side::A), (&c, &s, Side::B)] {
        let frames = record(CirclePolygon::for_pair(a, b).unwrap());
        let kinds: Vec<&str> = frames
            .iter()
            .map(|f| match f.event {
                CirclePolygonEvent::Frame { polygon, .. } => {
                    assert_eq!(polygon, side);
                    "frame"
                }
                CirclePolygonEvent::Separation { .. } => "separation",
                CirclePolygonEvent::BestFace { .. } => "best",
                CirclePolygonEvent::Region { .. } => "region",
                CirclePolygonEvent::Done { .. } => "done",
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "frame",
                "separation",
                "separation",
                "separation",
                "best",
                "region",
                "done"
            ]
        );
        let fast = CirclePolygon::for_pair(a, b).unwrap().run();
        assert_eq!(frames.last().unwrap().state.result(), Some(fast));
    }
}

#[test]
fn the_query_json_keeps_its_shape() {
    let q = query::query(&square(1.0, 0.0, 0.0, 0.0), &circle(0.6, 1.5, 0.2));
    let v = serde_json::to_value(&q).unwrap();
    for key in [
        "intersects",
        "distance",
        "closest_a",
        "closest_b",
        "depth",
        "normal",
        "iterations",
        "gjk_outcome",
        "epa_outcome",
        "contacts",
    ] {
        assert!(v.get(key).is_some(), "{key}");
    }
    assert_eq!(v["epa_outcome"]["reason"], "within_radius");
    assert!(v["iterations"]["gjk"].as_u64().unwrap() >= 1);
}

/// A fuzz finding: a circle whose centre lies a subnormal distance from a polygon's
/// vertex (in the polygon's frame, after a rotation of 1e11 rad): `|c − v|` underflows
/// to zero, and the vertex region's normal `(c − v)/|c − v|` was NaN. The face's normal
/// stands in; every answer is finite with a unit normal, both ways round.
#[test]
fn a_centre_a_subnormal_distance_from_a_vertex_keeps_a_unit_normal() {
    let s = 1.4627450980392157e-5;
    let polygon = Shape::new(
        Geometry::polygon(&[
            DVec2::new(0.0, 7.291122019556398e-304),
            DVec2::new(1.8500000029802321, 1.4627450986678013e-5),
            DVec2::new(s, 1.4627450980392152e-5),
        ])
        .expect("a triangle"),
        Pose::new(DVec2::new(s, s), s),
    );
    let circle = Shape::new(
        Geometry::Circle(Circle { radius: s }),
        Pose::new(DVec2::new(s, s), 1e11),
    );
    for (a, b) in [(&polygon, &circle), (&circle, &polygon)] {
        let q = gjk_lab_core::query::query(a, b);
        assert!(q.distance.is_finite() && q.depth.is_finite(), "{q:?}");
        if let Some(n) = q.normal {
            assert!((n.length() - 1.0).abs() < 1e-12, "{q:?}");
        }
    }
}

/// A fuzz finding (CI, FUZZ_SEED=1): a circle centred `1.25e-158` from a polygon's
/// vertex. `|c − v|²` is subnormal there, so `(c − v).length()` kept only a few digits
/// and the vertex region's normal had length 0.99999998; the normal and the distance
/// now come from `c − v` scaled by its largest component first.
#[test]
fn a_centre_whose_squared_distance_is_subnormal_keeps_a_unit_normal() {
    let tiny = 8.854494587439045e-159;
    let position = DVec2::new(tiny, 0.0070624989329599866);
    let polygon = Shape::new(
        Geometry::polygon(&[
            DVec2::new(tiny, tiny),
            DVec2::new(0.394, 0.021),
            DVec2::new(0.277, 0.282),
        ])
        .expect("a triangle"),
        Pose::new(position, 0.0),
    );
    let circle = Shape::new(
        Geometry::Circle(Circle {
            radius: 1.4627450980392157e-5,
        }),
        Pose::new(position, 0.0),
    );
    for (a, b) in [(&polygon, &circle), (&circle, &polygon)] {
        let q = gjk_lab_core::query::query(a, b);
        assert!(q.intersects, "{q:?}");
        let n = q.normal.expect("a normal");
        assert!(
            (n.length() - 1.0).abs() < 1e-15,
            "{n} has length {}",
            n.length()
        );
        // The centre lies just outside the vertex, so the normal is the direction
        // between them: ±(1, 1)/√2.
        assert!((n.x.abs() - 0.5f64.sqrt()).abs() < 1e-15, "{n}");
        assert!((n.x - n.y).abs() < 1e-15, "{n}");
    }
}
