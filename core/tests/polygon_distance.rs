//! Polygon distance by the closest-feature walk, against independent references: SAT
//! over every edge normal for whether they meet, and brute force over every vertex and
//! every edge for the distance (`common::sat`), with the closest points checked on the
//! boundaries and at the distance. The fast path is held to the watched run bit for
//! bit; the named cases are the degenerate ones: parallel faces, a vertex on a face
//! line, corner to corner along the line between the positions, slivers, sizes and
//! distances far apart (a pair 1e12 apart was a GJK fuzz finding).

mod common;

use common::{boundary_error, polygon, reference};
use gjk_lab_core::algorithms::polygon_distance::{
    Feature, PolygonDistance, PolygonDistanceOutcome,
};
use gjk_lab_core::algorithms::{record, StepMachine};
use gjk_lab_core::query;
use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;
use std::f64::consts::TAU;

fn arb_polygon(reach: f64) -> impl Strategy<Value = Shape> {
    (
        common::arb_convex_polygon(12, 0.2..2.5, 0.005),
        (-reach..reach, -reach..reach),
        0.0f64..TAU,
    )
        .prop_map(|(g, (x, y), r)| Shape::new(g, Pose::new(DVec2::new(x, y), r)))
}

fn regular(n: usize, r: f64, x: f64, y: f64, rotation: f64) -> Shape {
    Shape::new(
        Geometry::Polygon(ConvexPolygon::regular(n, r, 0.0)),
        Pose::new(DVec2::new(x, y), rotation),
    )
}

fn scale_of(a: &Shape, b: &Shape) -> f64 {
    a.bounding_radius().max(b.bounding_radius())
}

/// The walk's answer against brute force, to `relative` of the size (and to a few
/// ulps of the coordinates: a point 1e12 from the origin is known to 1e-4 at best).
fn check(a: &Shape, b: &Shape, relative: f64) -> Result<(), TestCaseError> {
    let reach = a
        .position()
        .abs()
        .max_element()
        .max(b.position().abs().max_element());
    let scale = scale_of(a, b) + 16.0 * f64::EPSILON * reach / relative;
    let r = PolygonDistance::for_pair(a, b).unwrap().run();
    let expected = -reference(a, b).signed;
    prop_assert!(!r.intersects, "brute force: apart by {expected}; {r:?}");
    prop_assert!(
        (r.distance - expected).abs() <= relative * scale,
        "distance {} vs {expected}",
        r.distance
    );
    let (on_a, on_b) = r.closest.expect("closest points when apart");
    prop_assert!(((on_b - on_a).length() - r.distance).abs() <= relative * scale);
    prop_assert!(boundary_error(a, on_a) <= relative * scale, "{on_a} off A");
    prop_assert!(boundary_error(b, on_b) <= relative * scale, "{on_b} off B");
    Ok(())
}

proptest! {
    #![proptest_config(common::proptest_config(100_000))]

    /// Apart: the distance and closest points to 1e-9 of the size; intersecting (by
    /// SAT): distance 0. The walk checks each face once at most, with a vertex pair
    /// between two checks; and on ordinary shapes it certifies its own answer.
    #[test]
    fn the_walk_gives_the_brute_force_distance(a in arb_polygon(0.5), b in arb_polygon(4.5)) {
        let scale = scale_of(&a, &b);
        let r = reference(&a, &b);
        prop_assume!(r.signed.abs() > 1e-9 * scale);
        if r.signed < 0.0 {
            check(&a, &b, 1e-9)?;
        } else {
            let walk = PolygonDistance::for_pair(&a, &b).unwrap().run();
            prop_assert!(walk.intersects, "SAT says depth {}: {walk:?}", r.signed);
            prop_assert_eq!(walk.distance, 0.0);
        }
        let walk = PolygonDistance::for_pair(&a, &b).unwrap().run();
        // The walk's own answer, certified: no GJK.
        prop_assert!(
            !matches!(walk.outcome, PolygonDistanceOutcome::IterationLimit { .. }),
            "{:?}",
            walk.outcome
        );
        let vertices = |s: &Shape| s.geometry().polygon_vertices().map_or(0, |v| v.len());
        // Each face is checked once at most, with a vertex pair between two checks.
        prop_assert!(walk.steps <= 2 * (vertices(&a) + vertices(&b)), "{} steps", walk.steps);
    }

    /// The fast path is the watched run, also resumed after `k` watched steps; and the
    /// query's distance is the walk's.
    #[test]
    fn the_fast_path_is_the_watched_run(a in arb_polygon(0.5), b in arb_polygon(4.5), k in 0usize..30) {
        let machine = PolygonDistance::for_pair(&a, &b).unwrap();
        let watched = record(machine.clone())
            .last()
            .and_then(|f| f.state.result())
            .expect("a watched run ends with its result");
        prop_assert_eq!(machine.clone().run(), watched);
        let mut resumed = machine;
        for _ in 0..k {
            let _ = resumed.step();
        }
        prop_assert_eq!(resumed.run(), watched);
        let q = query::distance(&a, &b);
        prop_assert_eq!((q.intersects, q.distance, q.closest), (watched.intersects, watched.distance, watched.closest));
    }
}

#[test]
fn parallel_faces_end_at_a_face_check() {
    // Two unit squares side by side, 0.5 apart, B slid up by 0.3: face to face.
    let a = regular(4, 2f64.sqrt(), 0.0, 0.0, std::f64::consts::FRAC_PI_4);
    let b = regular(4, 2f64.sqrt(), 2.5, 0.3, std::f64::consts::FRAC_PI_4);
    let r = PolygonDistance::for_pair(&a, &b).unwrap().run();
    assert!((r.distance - 0.5).abs() < 1e-15, "{}", r.distance);
    assert!(
        matches!(r.feature, Some(Feature::FaceVertex { .. })),
        "{:?}",
        r.feature
    );
}

#[test]
fn corner_to_corner_on_the_line_between_the_positions_is_one_step() {
    // The corners (1, 1) and (2, 2) lie on the line between the positions: the walk's
    // first direction is already the peak.
    let a = regular(4, 2f64.sqrt(), 0.0, 0.0, std::f64::consts::FRAC_PI_4);
    let b = regular(4, 2f64.sqrt(), 3.0, 3.0, std::f64::consts::FRAC_PI_4);
    let r = PolygonDistance::for_pair(&a, &b).unwrap().run();
    assert!((r.distance - 2f64.sqrt()).abs() < 1e-15, "{}", r.distance);
    assert_eq!(r.feature, Some(Feature::Vertices { a: 0, b: 2 }));
    assert!(r.steps <= 1, "{} steps", r.steps);
}

#[test]
fn touching_and_a_hair_apart() {
    let a = polygon(&[(0.0, 0.0), (2.0, 0.0), (1.0, 1.0)], (0.0, 0.0), 0.0);
    for (gap, apart) in [(0.0, false), (1e-12, false), (1e-7, true)] {
        // B's lowest vertex above A's apex by `gap`.
        let b = polygon(
            &[(0.0, 0.0), (1.0, 2.0), (-1.0, 2.0)],
            (1.0, 1.0 + gap),
            0.0,
        );
        let r = PolygonDistance::for_pair(&a, &b).unwrap().run();
        assert_eq!(!r.intersects, apart, "gap {gap}: {r:?}");
        if apart {
            assert!((r.distance - gap).abs() < 1e-15, "{}", r.distance);
            assert_eq!(r.feature, Some(Feature::Vertices { a: 2, b: 0 }));
        }
    }
}

#[test]
fn slivers_and_many_sided_polygons() {
    // A 1e-5-thin sliver against 64-gons around it, in every direction.
    let sliver = polygon(&[(-1.0, 0.0), (1.0, -1e-5), (1.0, 1e-5)], (0.0, 0.0), 0.3);
    for k in 0..64 {
        let t = k as f64 * TAU / 64.0;
        let other = regular(3 + k, 0.5, 2.2 * t.cos(), 2.2 * t.sin(), t);
        if reference(&sliver, &other).signed < 0.0 {
            check(&sliver, &other, 1e-9).unwrap();
            check(&other, &sliver, 1e-9).unwrap();
        }
    }
}

#[test]
fn sizes_and_distances_far_apart() {
    let cases = [
        // A small triangle 1e12 from a large one (a GJK fuzz finding).
        (
            polygon(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], (1e12, 3e11), 0.4),
            regular(5, 1e3, 0.0, 0.0, 0.2),
        ),
        // Sizes 1e-4 and 1e4, close.
        (
            regular(7, 1e-4, 1e4 + 0.01, 5.0, 0.1),
            regular(9, 1e4, 0.0, 0.0, 0.3),
        ),
        // A pair far from the origin.
        (
            regular(5, 1.0, 1e7, -1e7, 0.1),
            regular(6, 1.0, 1e7 + 2.5, -1e7 + 1.0, 0.7),
        ),
    ];
    for (a, b) in &cases {
        assert!(reference(a, b).signed < 0.0);
        check(a, b, 1e-9).unwrap();
        check(b, a, 1e-9).unwrap();
    }
}

#[test]
fn overlapping_polygons_intersect_without_a_walk() {
    // B's centre (1.2, 0.4) is outside the hexagon of circumradius 1: the faces decide.
    let a = regular(6, 1.0, 0.0, 0.0, 0.0);
    let b = regular(5, 1.0, 1.2, 0.4, 0.3);
    let r = PolygonDistance::for_pair(&a, &b).unwrap().run();
    assert!(r.intersects);
    assert_eq!(
        r.outcome,
        PolygonDistanceOutcome::Intersecting {
            centroid_inside: false
        }
    );
    assert_eq!(r.steps, 0);
}

/// Deeply overlapping: B's centroid inside A settles it before any face is measured
/// (against SAT, an independent test).
#[test]
fn a_centroid_inside_the_other_polygon_settles_an_overlap_at_once() {
    let a = regular(6, 1.0, 0.0, 0.0, 0.0);
    let b = regular(5, 1.0, 0.5, 0.2, 0.3);
    let r = PolygonDistance::for_pair(&a, &b).unwrap().run();
    assert_eq!(
        r.outcome,
        PolygonDistanceOutcome::Intersecting {
            centroid_inside: true
        }
    );
    assert_eq!(r.support_points, 0);
    assert!(gjk_lab_core::query::sat(&a, &b).intersects() == Some(true));
    // B's centroid on A's face (touching at that point) counts as inside.
    let touching = regular(5, 1.0, 3f64.sqrt() / 2.0, 0.0, 0.3);
    let on_face = PolygonDistance::for_pair(&a, &touching).unwrap().run();
    assert!(on_face.intersects);
}

/// A fuzz finding: a concave polygon's part, a needle 3.4e6 long whose two long faces
/// are 1e-7 rad from antiparallel, against a triangle 1.7e-7 across. Rounding left the
/// order of two cones' ends ambiguous and one way round the walk went round the pair
/// (it answered 2381851, not 2093788); the walk now stops after more steps than it can
/// take in exact arithmetic and GJK distance answers. Both ways round give the
/// brute-force distance.
#[test]
fn a_needle_against_a_speck_gives_the_same_distance_both_ways() {
    use gjk_lab_core::shapes::ConcavePolygon;
    let outline = [
        DVec2::new(0.394, 1.986822265625e-6),
        DVec2::new(-0.0198003125, 1990468.7499999998),
        DVec2::new(-0.1329999264255166, 0.372),
        DVec2::new(8.445724958070437e-227, 0.14799999999999613),
        DVec2::new(-0.336, -1.9159804687499916e-6),
        DVec2::new(-4.2724727992585185e-86, -1360000.000000056),
        DVec2::new(104.00000000000628, 1.2747812500056058e-5),
    ];
    let a = Shape::new(
        Geometry::Concave(ConcavePolygon::new(&outline).unwrap()),
        Pose::new(
            DVec2::new(-6.309124905370487e-215, 2261634.5104374997),
            2261634.5098039214,
        ),
    );
    let speck = [
        DVec2::new(1.7137254901960782e-7, 3.9003754662804727e-274),
        DVec2::new(1.7137254901960782e-7, 1.7137254901960782e-7),
        DVec2::new(1.7137250900268555e-7, 1.7137254901960782e-7),
    ];
    let b = Shape::new(
        Geometry::Polygon(ConvexPolygon::new(&speck).unwrap()),
        Pose::new(
            DVec2::new(-1.8559999465978817e-6, -2.3534382792818716e-185),
            -1.1491270245537575e-17,
        ),
    );
    let expected = -reference(&a, &b).signed;
    for d in [query::query(&a, &b).distance, query::query(&b, &a).distance] {
        assert!((d - expected).abs() <= 1e-9 * expected, "{d} vs {expected}");
    }
    let invariant = gjk_lab_core::invariants::check_pair(&a, &b);
    assert!(invariant.is_ok(), "{invariant:?}");
}

/// A fuzz finding, the same needle and speck turned: the walk from a face that
/// separates by 2.1e6 ended, after six steps, on features 1e-3 apart — below a gap it
/// had passed, which exact arithmetic forbids (the gap only grows). A walk that ends
/// below its largest gap now lets GJK distance answer; both ways give the brute-force
/// distance.
#[test]
fn a_walk_ending_below_a_gap_it_passed_lets_gjk_answer() {
    use gjk_lab_core::shapes::ConcavePolygon;
    let outline = [
        DVec2::new(0.394, 1.986822265625e-6),
        DVec2::new(1.333333333328856e-8, 1990459.2132568457),
        DVec2::new(8.445724958070437e-227, 1.3449746087880891e-284),
        DVec2::new(-0.336, -1.9159804687499916e-6),
        DVec2::new(5.076476253684902e-298, -1360000.000000056),
        DVec2::new(104.00000000000628, 1.2747812500056058e-5),
    ];
    let a = Shape::new(
        Geometry::Concave(ConcavePolygon::new(&outline).unwrap()),
        Pose::new(
            DVec2::new(-6.309124905370487e-215, 2261634.5104374997),
            2261634.5098039214,
        ),
    );
    let speck = [
        DVec2::new(1.35863e-319, 0.0),
        DVec2::new(1.7137254901960782e-7, 1.7137254901960782e-7),
        DVec2::new(1.7137250900268555e-7, 1.7137254901960782e-7),
    ];
    let b = Shape::new(
        Geometry::Polygon(ConvexPolygon::new(&speck).unwrap()),
        Pose::new(DVec2::ZERO, 0.0),
    );
    for part in a.parts() {
        let expected = -reference(&part, &b).signed;
        for (x, y) in [(&part, &b), (&b, &part)] {
            let r = PolygonDistance::for_pair(x, y).unwrap().run();
            assert!(
                !r.intersects && (r.distance - expected).abs() <= 1e-9 * expected,
                "{:?} vs {expected}",
                r.outcome
            );
        }
    }
    let invariant = gjk_lab_core::invariants::check_pair(&a, &b);
    assert!(invariant.is_ok(), "{invariant:?}");
}

/// A fuzz finding: a polygon 8.4e8 across with two vertices 113 apart, against a speck
/// 2e-8 across. Rounding in the order of the cones' ends ended the walk on a vertex pair
/// 42 farther apart than the nearest (A's vertex was not A's farthest along the line
/// between them). The walk's answer is now checked — its vertices must be their
/// polygons' extremes along its direction, no lower than their neighbours — and GJK
/// distance answers when it is not: both ways give the brute-force distance.
#[test]
fn a_vertex_pair_that_is_not_extreme_lets_gjk_answer() {
    let a = Shape::new(
        Geometry::Polygon(
            ConvexPolygon::new(&[
                DVec2::new(-595821443.5137254, -595821443.5137254),
                DVec2::new(-595821158.4000014, -595821443.5137254),
                DVec2::new(8.202512272001192e-305, -113.75000000000028),
                DVec2::new(-1.7999999978754203e-7, -1.8000000000000537e-7),
            ])
            .unwrap(),
        ),
        Pose::new(
            DVec2::new(-595821443.5137254, -595821443.5137254),
            -595821443.5137254,
        ),
    );
    let b = Shape::new(
        Geometry::Polygon(
            ConvexPolygon::new(&[
                DVec2::new(-1.9999999999999997e-8, 6.2157727e-317),
                DVec2::new(-1.9999999972034857e-8, -1.9999999999999997e-8),
                DVec2::new(1.042833611511973e-309, 4.667261459063713e-62),
            ])
            .unwrap(),
        ),
        Pose::new(DVec2::new(2.0722615e-317, 6.2157727e-317), 2.0722615e-317),
    );
    let expected = -reference(&a, &b).signed;
    for (x, y) in [(&a, &b), (&b, &a)] {
        let r = PolygonDistance::for_pair(x, y).unwrap().run();
        assert!(
            (r.distance - expected).abs() <= 1e-12 * expected,
            "{:?} vs {expected}",
            r.outcome
        );
    }
    let invariant = gjk_lab_core::invariants::check_pair(&a, &b);
    assert!(invariant.is_ok(), "{invariant:?}");
}

/// A fuzz finding: a concave polygon's part 1.4e10 across against a speck 1.7e-7
/// across, 1e10 apart. The walk's face check projected the part's vertex on the speck's
/// face — 1e10 away on a face 1.7e-7 long, where rounding is a fraction of the face —
/// and called it inside: the answer, 9.63e9, was the gap along that face's normal, not
/// the distance, 1.03e10. A face's answer now also checks that the vertex's foot lies
/// on the face, and GJK distance answers when it does not: both ways round give the
/// brute-force distance.
#[test]
fn a_foot_off_a_speck_face_lets_gjk_answer() {
    use gjk_lab_core::shapes::ConcavePolygon;
    let outline = [
        DVec2::new(2261634.5098038916, 2261992.5098039214),
        DVec2::new(2327212.6666666665, 2261634.5098039214),
        DVec2::new(14666666666.666666, 1.3138346354166666e-8),
        DVec2::new(8.445724958070437e-227, 14666666666.660149),
        DVec2::new(-0.1329999264255166, 0.372),
        DVec2::new(-0.0198003125, 1740468.7499999998),
        DVec2::new(-1.9999997863769534e-8, 1.9868230819702144e-6),
    ];
    let a = Shape::new(
        Geometry::Concave(ConcavePolygon::new(&outline).unwrap()),
        Pose::new(
            DVec2::new(1.0784313725490196e-9, 10262254901.960783),
            2.440458574e-314,
        ),
    );
    let speck = [
        DVec2::new(1.7137254901960782e-7, 4.159884412110454e-188),
        DVec2::new(1.7137254901960782e-7, 1.7137254901960782e-7),
        DVec2::new(1.6968797870649721e-7, 1.3367790782278586e-7),
    ];
    let b = Shape::new(
        Geometry::Polygon(ConvexPolygon::new(&speck).unwrap()),
        Pose::new(
            DVec2::new(-2.5074865350031515e-116, 9.11390253822674e-306),
            17760002600.49477,
        ),
    );
    for part in a.parts() {
        let expected = -reference(&part, &b).signed;
        for (x, y) in [(&part, &b), (&b, &part)] {
            let r = PolygonDistance::for_pair(x, y).unwrap().run();
            assert!(
                (r.distance - expected).abs() <= 1e-9 * expected,
                "{:?} vs {expected}",
                r.outcome
            );
        }
    }
    let invariant = gjk_lab_core::invariants::check_pair(&a, &b);
    assert!(invariant.is_ok(), "{invariant:?}");
}
