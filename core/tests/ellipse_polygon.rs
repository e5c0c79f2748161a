//! Ellipse against convex polygon by squash and climb, against independent references:
//! whether they meet, by dense sampling of `min h` over directions (`common`); the
//! distance and closest points, by a grid over every direction of the gap of the
//! shadows `−h_{A−B}` written here from the shapes' vertices and the ellipse's support
//! value in closed form, then golden-section search (no library support function, no
//! Newton). Every fast path is held to the watched run's answer, and the named cases
//! are the degenerate ones: touching a face or at a corner, a hair apart, the centre
//! inside, a needle ellipse, sizes far apart.

mod common;

use common::{bisect_slope, boundary_error, h, reference, slope, world_vertices};
use gjk_lab_core::algorithms::ellipse_polygon::{
    EllipsePolygon, EllipsePolygonOutcome, EllipsePolygonResult, Feature, MAX_CLIMB_STEPS,
};
use gjk_lab_core::algorithms::{record, StepMachine};
use gjk_lab_core::query;
use gjk_lab_core::shapes::{ConvexPolygon, Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;
use std::f64::consts::TAU;

fn ellipse(a: f64, b: f64, x: f64, y: f64, rotation: f64) -> Shape {
    Shape::new(
        Geometry::Ellipse(Ellipse { a, b }),
        Pose::new(DVec2::new(x, y), rotation),
    )
}

fn regular(n: usize, r: f64, x: f64, y: f64, rotation: f64) -> Shape {
    Shape::new(
        Geometry::Polygon(ConvexPolygon::regular(n, r, 0.0)),
        Pose::new(DVec2::new(x, y), rotation),
    )
}

/// The reference distance of a separated pair, `max over θ of −h_{A−B}(n(θ))` (the
/// gap of the shadows on `n`), by a grid of 20,000 directions and golden-section
/// search around the best (the gap is unimodal where positive), with the direction:
/// that from bisection on the closed-form slope `h'(θ)` inside the golden-section
/// bracket (values alone fix the angle of a flat peak — beside the sharp end of a
/// thin ellipse — only to about 1e-7 rad).
fn reference_distance(a: &Shape, b: &Shape) -> (f64, DVec2) {
    const GRID: usize = 20_000;
    let gap = |t: f64| -h(a, b, DVec2::from_angle(t));
    let step = TAU / GRID as f64;
    let best = (0..GRID)
        .map(|k| k as f64 * step)
        .max_by(|x, y| gap(*x).total_cmp(&gap(*y)))
        .expect("a grid");
    let (mut lo, mut hi) = (best - step, best + step);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..120 {
        let (m1, m2) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if gap(m1) > gap(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    // The slope of the gap, −h'(θ), changes sign from + to − across the peak.
    let (lo, hi) = (lo - step, hi + step);
    let t = if slope(a, b, lo) < 0.0 && slope(a, b, hi) > 0.0 {
        bisect_slope(a, b, (lo, hi))
    } else {
        0.5 * (lo + hi)
    };
    (gap(t), DVec2::from_angle(t))
}

fn scale_of(a: &Shape, b: &Shape) -> f64 {
    a.bounding_radius().max(b.bounding_radius())
}

/// An ellipse and a random convex polygon, either may be A, within `reach`.
fn arb_pair(reach: f64) -> impl Strategy<Value = (Shape, Shape)> {
    (
        (0.1f64..2.0, 0.1f64..2.0),
        common::arb_convex_polygon(10, 0.2..2.5, 0.01),
        (-reach..reach, -reach..reach),
        (0.0f64..TAU, 0.0f64..TAU),
        any::<bool>(),
    )
        .prop_map(|((ea, eb), polygon, (x, y), (ra, rb), swapped)| {
            let e = ellipse(ea, eb, 0.0, 0.0, ra);
            let p = Shape::new(polygon, Pose::new(DVec2::new(x, y), rb));
            if swapped {
                (p, e)
            } else {
                (e, p)
            }
        })
}

/// The distance and closest points against the reference, to `1e-9` of the size.
fn check_distance(a: &Shape, b: &Shape) -> Result<(), TestCaseError> {
    let scale = scale_of(a, b);
    let r = EllipsePolygon::for_pair(a, b)
        .expect("an ellipse-polygon pair")
        .run();
    let (expected, normal) = reference_distance(a, b);
    prop_assert!(!r.intersects, "reference distance {expected}, got {r:?}");
    prop_assert!(
        (r.distance - expected).abs() <= 1e-9 * scale,
        "distance {} vs {expected}",
        r.distance
    );
    let (on_a, on_b) = r.closest.expect("closest points when apart");
    prop_assert!(((on_b - on_a).length() - r.distance).abs() <= 1e-9 * scale);
    prop_assert!(boundary_error(a, on_a) <= 1e-9 * scale, "{on_a} off A");
    prop_assert!(boundary_error(b, on_b) <= 1e-9 * scale, "{on_b} off B");
    // From A's point to B's along the reference direction (to the reference's own
    // accuracy in angle, about 1e-8 rad).
    let between = on_b - on_a;
    let angle = between.perp_dot(normal).atan2(between.dot(normal)).abs();
    prop_assert!(
        angle <= 1e-7,
        "b − a = {between} vs {normal}: {angle:e} rad"
    );
    Ok(())
}

proptest! {
    #![proptest_config(common::proptest_config(20_000))]

    /// Whether they meet: the squashed picture against the sampled reference (pairs
    /// within 1e-6 of touching are ambiguous for it).
    #[test]
    fn the_squashed_picture_decides_intersection((a, b) in arb_pair(3.5)) {
        let r = reference(&a, &b);
        prop_assume!(r.signed.abs() >= 1e-6 * scale_of(&a, &b));
        prop_assert_eq!(query::intersects(&a, &b), r.signed > 0.0);
    }

    /// Apart: the distance and closest points to 1e-9 of the size, in a few support
    /// points.
    #[test]
    fn the_climb_ends_on_the_distance((a, b) in arb_pair(4.0)) {
        let scale = scale_of(&a, &b);
        prop_assume!(reference(&a, &b).signed < -1e-6 * scale);
        check_distance(&a, &b)?;
        let r = EllipsePolygon::for_pair(&a, &b).unwrap().run();
        prop_assert!(r.support_points <= 24, "{} support points", r.support_points);
        // The climb's own answer, certified by its two points: no GJK.
        prop_assert!(
            !matches!(r.outcome, EllipsePolygonOutcome::GjkAnswered { .. }),
            "{:?}",
            r.outcome
        );
    }

    /// Overlapping: the depth is the reference's (the smallest support value of
    /// `A − B` over 4096 sampled directions, every local minimum refined), the normal
    /// attains it (`h(normal) = depth`: moving B by depth·normal leaves them touching),
    /// the deepest points differ by depth·normal, and it takes a few dozen support
    /// points at most, never EPA.
    #[test]
    fn the_ways_out_end_on_the_depth((a, b) in arb_pair(1.5)) {
        let scale = scale_of(&a, &b);
        let r = EllipsePolygon::for_pair(&a, &b).unwrap().run();
        let Some(p) = r.penetration else {
            prop_assume!(false);
            unreachable!()
        };
        let (expected, _) = common::sampled_min_h(&a, &b, 4096);
        prop_assert!((p.depth - expected).abs() <= 1e-9 * scale, "depth {} vs {expected}", p.depth);
        prop_assert!((h(&a, &b, p.normal) - p.depth).abs() <= 1e-9 * scale);
        prop_assert!(((p.point_a - p.point_b) - p.normal * p.depth).length() <= 1e-9 * scale);
        prop_assert!(boundary_error(&a, p.point_a) <= 1e-9 * scale, "{} off A", p.point_a);
        prop_assert!(boundary_error(&b, p.point_b) <= 1e-9 * scale, "{} off B", p.point_b);
        prop_assert!(r.support_points <= 64, "{} support points", r.support_points);
        prop_assert!(
            !matches!(r.outcome, EllipsePolygonOutcome::EpaAnswered { .. }),
            "{:?}",
            r.outcome
        );
    }

    /// The fast paths are the watched run: `run`, `intersects` (which may stop after
    /// the squashed picture) and the run resumed after `k` watched steps give the
    /// watched run's result, bit for bit.
    #[test]
    fn fast_paths_are_the_watched_run((a, b) in arb_pair(4.0), k in 0usize..20) {
        let machine = EllipsePolygon::for_pair(&a, &b).unwrap();
        let watched = record(machine.clone())
            .last()
            .and_then(|f| f.state.result())
            .expect("a watched run ends with its result");
        prop_assert_eq!(machine.clone().run(), watched);
        prop_assert_eq!(machine.clone().intersects(), watched.intersects);
        prop_assert_eq!(machine.clone().penetration(), watched.penetration);
        // Asked only for the distance: the same answer, without the depth.
        let only = machine.clone().distance_only().run();
        prop_assert_eq!((only.intersects, only.distance, only.closest), (watched.intersects, watched.distance, watched.closest));
        let mut resumed = machine;
        for _ in 0..k {
            let _ = resumed.step();
        }
        prop_assert_eq!(resumed.run(), watched);
    }
}

#[test]
fn tangent_to_a_face_touches_and_a_hair_off_is_apart() {
    // The square's top edge at y = 1; the ellipse's lowest point at y = centre − 0.5.
    let square = regular(4, 2f64.sqrt(), 0.0, 0.0, std::f64::consts::FRAC_PI_4);
    let touching = ellipse(2.0, 0.5, 0.3, 1.5, 0.0);
    assert!(query::intersects(&square, &touching));
    assert_eq!(query::distance(&touching, &square).distance, 0.0);
    for gap in [1e-6, 1e-3, 0.25] {
        let apart = ellipse(2.0, 0.5, 0.3, 1.5 + gap, 0.0);
        let r = EllipsePolygon::for_pair(&square, &apart).unwrap().run();
        assert!(!r.intersects, "gap {gap}: {r:?}");
        assert!(
            (r.distance - gap).abs() < 1e-12,
            "gap {gap}: {}",
            r.distance
        );
        assert!(
            matches!(
                r.outcome,
                EllipsePolygonOutcome::Separated {
                    feature: Feature::Face(_),
                    ..
                }
            ),
            "{:?}",
            r.outcome
        );
        // Straight down: no Newton probe; one face check, and the answer's point.
        assert_eq!(r.support_points, 2, "gap {gap}");
    }
}

#[test]
fn a_corner_on_the_ellipse_touches_and_just_outside_is_apart() {
    // A triangle whose corner (0, 1) lies on the ellipse x²/4 + y² = 1 at its top... and
    // points into it along the normal there: touching. Moved up by 1e-7: apart by 1e-7.
    let e = ellipse(2.0, 1.0, 0.0, 0.0, 0.0);
    let corner = |y: f64| {
        common::polygon(
            &[(0.0, y), (1.0, y + 2.0), (-1.0, y + 2.0)],
            (0.0, 0.0),
            0.0,
        )
    };
    assert!(query::intersects(&e, &corner(1.0)));
    let r = EllipsePolygon::for_pair(&e, &corner(1.0 + 1e-7))
        .unwrap()
        .run();
    assert!(!r.intersects);
    assert!((r.distance - 1e-7).abs() < 1e-13, "{}", r.distance);
    assert_eq!(r.feature, Some(Feature::Vertex(0)));
}

/// The depth of an overlap against EPA's (another algorithm), to 1e-9 of the size,
/// and its normal to 1e-7 rad; moving B by depth·normal leaves them touching.
fn check_depth_against_epa(a: &Shape, b: &Shape, r: &EllipsePolygonResult) {
    let scale = scale_of(a, b);
    let p = r.penetration.expect("a measured overlap");
    let epa = gjk_lab_core::algorithms::epa::Epa::new(a, b)
        .run()
        .penetration
        .expect("EPA finds them overlapping");
    assert!(
        (p.depth - epa.depth).abs() <= 1e-9 * scale,
        "{} vs {}",
        p.depth,
        epa.depth
    );
    assert!(
        p.normal
            .perp_dot(epa.normal)
            .atan2(p.normal.dot(epa.normal))
            .abs()
            <= 1e-7,
        "{} vs {}",
        p.normal,
        epa.normal
    );
    assert!((h(a, b, p.normal) - p.depth).abs() <= 1e-9 * scale);
    assert!(((p.point_a - p.point_b) - p.normal * p.depth).length() <= 1e-9 * scale);
}

#[test]
fn the_centre_inside_is_an_overlap_measured_by_its_ways_out() {
    let e = ellipse(3.0, 0.2, 0.1, 0.1, 0.4);
    let square = regular(4, 0.5, 0.0, 0.0, 0.0);
    let r = EllipsePolygon::for_pair(&square, &e).unwrap().run();
    assert!(r.intersects);
    assert!(
        matches!(
            r.outcome,
            EllipsePolygonOutcome::CentreInside {
                way_out: Some(_),
                ..
            }
        ),
        "{:?}",
        r.outcome
    );
    check_depth_against_epa(&square, &e, &r);
    // Asked only for the distance, it ends at the squashed picture.
    let only = EllipsePolygon::for_pair(&square, &e)
        .unwrap()
        .distance_only()
        .run();
    assert_eq!(only.support_points, 0);
    assert!(only.penetration.is_none());
}

#[test]
fn overlapping_without_the_centre_inside_is_measured_by_its_ways_out() {
    // A long ellipse whose tip pokes into a square far from its centre.
    let e = ellipse(3.0, 0.3, -2.5, 0.0, 0.0);
    let square = regular(4, 2f64.sqrt(), 1.0, 0.0, std::f64::consts::FRAC_PI_4);
    let r = EllipsePolygon::for_pair(&e, &square).unwrap().run();
    assert!(r.intersects);
    assert!(
        matches!(
            r.outcome,
            EllipsePolygonOutcome::Overlapping {
                way_out: Some(_),
                ..
            }
        ),
        "{:?}",
        r.outcome
    );
    assert!(r.squashed_distance <= 1.0);
    // The tip is 0.5 past the square's left face x = 0: pushed back across it.
    let p = r.penetration.unwrap();
    assert!((p.depth - 0.5).abs() < 1e-12, "{}", p.depth);
    assert!((p.normal - DVec2::X).length() < 1e-12, "{}", p.normal);
    check_depth_against_epa(&e, &square, &r);
}

/// Needle ellipses (1000:1) against many-sided polygons, in every direction: the
/// squashed direction can be far from the answer; the climb crosses pieces and faces
/// and still ends on the reference distance, well below its cap.
#[test]
fn needle_ellipses_climb_across_pieces_to_the_distance() {
    let mut worst = 0;
    for k in 0..200 {
        let t = k as f64 * 0.731;
        let e = ellipse(1.0, 1e-3, 0.0, 0.0, t);
        let p = regular(
            3 + k % 30,
            0.4,
            1.6 * (t * 1.3).cos(),
            1.6 * (t * 1.3).sin(),
            t * 0.7,
        );
        if reference(&e, &p).signed > -1e-6 {
            continue;
        }
        for (a, b) in [(&e, &p), (&p, &e)] {
            check_distance(a, b).unwrap_or_else(|err| panic!("case {k}: {err}"));
            let r = EllipsePolygon::for_pair(a, b).unwrap().run();
            assert!(
                !matches!(r.outcome, EllipsePolygonOutcome::GjkAnswered { .. }),
                "case {k}: {:?}",
                r.outcome
            );
            worst = worst.max(r.support_points);
        }
    }
    assert!(
        worst < MAX_CLIMB_STEPS / 4,
        "worst climb {worst} support points"
    );
}

/// A sliver triangle's sharp vertex: its piece of directions spans almost half a turn,
/// and Newton's first step from the mapped-back direction lands by the gap's other
/// hump (where the long ellipse's support is least), 1.5 below zero. The climb must not
/// settle there: it bisects back and climbs to the distance, with no GJK (found by
/// `the_climb_ends_on_the_distance`, which GJK's answer used to end).
#[test]
fn a_sliver_vertex_climbs_past_the_other_hump_of_the_gap() {
    let e = ellipse(
        0.5108228417501981,
        1.6886108092417504,
        0.0,
        0.0,
        4.6777104659740205,
    );
    let sliver = [
        DVec2::new(-1.017219877722257, -0.88293219554653),
        DVec2::new(-0.026120434561291, -0.2833722171249732),
        DVec2::new(0.773032155115339, 0.2831001096862256),
    ];
    let p = Shape::new(
        Geometry::Polygon(ConvexPolygon::new(&sliver).unwrap()),
        Pose::new(
            DVec2::new(-1.6160303338917725, -0.8230088106937086),
            5.6677521954782835,
        ),
    );
    for (a, b) in [(&e, &p), (&p, &e)] {
        check_distance(a, b).unwrap();
        let r = EllipsePolygon::for_pair(a, b).unwrap().run();
        assert!(
            matches!(r.outcome, EllipsePolygonOutcome::Separated { .. }),
            "{:?}",
            r.outcome
        );
        // GJK distance's answer, an independent algorithm.
        let gjk = gjk_lab_core::algorithms::distance::GjkDistance::new(a, b).run();
        assert!(
            (r.distance - gjk.distance).abs() <= 1e-9,
            "{} vs {}",
            r.distance,
            gjk.distance
        );
    }
}

/// Sizes far apart: a 1e-4 ellipse beside a 1e4 polygon and the other way round, and a
/// pair 1e6 from the origin; the distance to 1e-9 of the size.
#[test]
fn sizes_far_apart_and_far_away() {
    let cases = [
        (
            ellipse(2e-4, 1e-4, 1e4 + 0.5, 0.0, 0.3),
            regular(7, 1e4, 0.0, 0.0, 0.1),
        ),
        (
            ellipse(2e4, 1e4, 0.0, 0.0, 0.3),
            regular(5, 1e-3, 2.1e4, 1.0, 0.2),
        ),
        (
            ellipse(2.0, 0.7, 1e6, 1e6, 0.3),
            regular(6, 1.0, 1e6 + 3.5, 1e6 + 1.5, 0.2),
        ),
    ];
    for (e, p) in &cases {
        assert!(reference(e, p).signed < 0.0, "{e:?} {p:?}");
        check_distance(e, p).unwrap();
        check_distance(p, e).unwrap();
    }
}

/// The closest points lie on the shapes' boundaries and are each shape's extreme point
/// along the line between them (the optimality condition the climb stops on), for a
/// corner of every polygon vertex of a hexagon in turn.
#[test]
fn at_the_peak_the_closest_points_are_the_extreme_points_along_their_line() {
    let hexagon = regular(6, 1.0, 0.0, 0.0, 0.2);
    for k in 0..6 {
        let v = world_vertices(&hexagon)[k];
        let e = ellipse(1.2, 0.3, 0.0, 0.0, k as f64);
        let e = {
            let out = v.normalize();
            let mut e = e;
            // Put the ellipse beyond vertex k, its centre 2 out along the vertex.
            e.set_pose(Pose::new(v + out * 2.0, k as f64));
            e
        };
        let r = EllipsePolygon::for_pair(&hexagon, &e).unwrap().run();
        let (on_polygon, on_ellipse) = r.closest.unwrap();
        let m = (on_polygon - on_ellipse).normalize();
        // The polygon's point is its lowest along m, the ellipse's its highest.
        let lowest = world_vertices(&hexagon)
            .into_iter()
            .map(|w| w.dot(m))
            .fold(f64::INFINITY, f64::min);
        assert!((on_polygon.dot(m) - lowest).abs() < 1e-12, "vertex {k}");
        let highest = common::support_value(&e, m);
        assert!((on_ellipse.dot(m) - highest).abs() < 1e-12, "vertex {k}");
    }
}

/// A fuzz finding: a needle ellipse, semi-axes 1.6e-9 and 1.8e9, against the parts of a
/// concave polygon 1e9 across. Its support point sweeps across 3.6e9 within about 1e-18
/// rad of the normal to the needle, finer than an angle can be told in f64, and the
/// climb stopped 222,018 from a vertex that is 735,838,233 away. A vertex's answer now
/// checks itself (the distance between its two points against its gap) and GJK
/// distance answers when they disagree: the brute-force distance, both ways round.
#[test]
fn a_needle_ellipse_too_thin_for_directions_gets_the_distance_from_gjk() {
    use gjk_lab_core::shapes::ConcavePolygon;
    let outline = [
        DVec2::new(-0.8999628067016602, -0.9),
        DVec2::new(-1800000001.6880221, -1800000003.5379343),
        DVec2::new(2.0723623e-317, -1800000003.5381162),
        DVec2::new(0.3000000000026375, -1288490188.8),
        DVec2::new(0.3000000005587935, 2.1),
        DVec2::new(-0.9, 2.1),
    ];
    let a = Shape::new(
        Geometry::Concave(ConcavePolygon::new(&outline).unwrap()),
        Pose::new(
            DVec2::new(1.643164061009884e-9, 1.6431372549019607e-9),
            1.6431372549019523e-9,
        ),
    );
    let b = ellipse(
        1.6431372549019607e-9,
        1776470588.2327285,
        1776470588.235294,
        1776470588.235294,
        1776470588.235294,
    );
    for part in a.parts() {
        let (expected, _) = reference_distance(&part, &b);
        for (x, y) in [(&part, &b), (&b, &part)] {
            let r = EllipsePolygon::for_pair(x, y).unwrap().run();
            assert!(
                (r.distance - expected).abs() <= 1e-9 * expected,
                "{} vs {expected}: {:?}",
                r.distance,
                r.outcome
            );
        }
    }
    let invariant = gjk_lab_core::invariants::check_pair(&a, &b);
    assert!(invariant.is_ok(), "{invariant:?}");
}

/// A vertex *outside* a long ellipse can hold the shortest way out: the triangle's
/// tip below the ellipse, its base far above. Pushed up, the tip passes through the
/// ellipse to its top, where the normal (0, 1) passes through the tip — not the
/// tip's nearest boundary point (below it) but the second, across the minor axis:
/// the tip is inside the evolute. 0.75 = 0.25 + 0.5; every face's way out is longer.
#[test]
fn a_vertex_outside_a_long_ellipse_can_hold_the_shortest_way_out() {
    let e = ellipse(2.0, 0.25, 0.0, 0.0, 0.0);
    let triangle = Shape::new(
        Geometry::Polygon(
            ConvexPolygon::new(&[
                DVec2::new(0.0, -0.5),
                DVec2::new(3.0, 2.0),
                DVec2::new(-3.0, 2.0),
            ])
            .unwrap(),
        ),
        Pose::new(DVec2::ZERO, 0.0),
    );
    let r = EllipsePolygon::for_pair(&e, &triangle).unwrap().run();
    let p = r.penetration.expect("they overlap");
    assert!((p.depth - 0.75).abs() < 1e-12, "{}", p.depth);
    assert!((p.normal - DVec2::Y).length() < 1e-12, "{}", p.normal);
    let EllipsePolygonOutcome::CentreInside {
        way_out: Some(way), ..
    } = r.outcome
    else {
        panic!("{:?}", r.outcome)
    };
    assert_eq!(way.through, Feature::Vertex(0));
    check_depth_against_epa(&e, &triangle, &r);
    // Swapped, the normal turns round.
    let swapped = EllipsePolygon::for_pair(&triangle, &e).unwrap().run();
    let q = swapped.penetration.unwrap();
    assert!((q.depth - 0.75).abs() < 1e-12 && (q.normal + DVec2::Y).length() < 1e-12);
}

/// The vertex at the ellipse's centre: its nearest boundary points are both ends of
/// the minor axis (its quadrant is a tie, and the second minimum is the far end).
#[test]
fn a_vertex_at_the_centre_is_pushed_out_along_the_minor_axis() {
    let e = ellipse(2.0, 0.5, 0.0, 0.0, 0.0);
    // A thin wedge with its tip at the centre, opening straight up.
    let wedge = Shape::new(
        Geometry::Polygon(
            ConvexPolygon::new(&[
                DVec2::new(0.0, 0.0),
                DVec2::new(0.05, 3.0),
                DVec2::new(-0.05, 3.0),
            ])
            .unwrap(),
        ),
        Pose::new(DVec2::ZERO, 0.0),
    );
    let r = EllipsePolygon::for_pair(&e, &wedge).unwrap().run();
    let p = r.penetration.expect("they overlap");
    assert!((p.depth - 0.5).abs() < 1e-12, "{}", p.depth);
    assert!((p.normal - DVec2::Y).length() < 1e-12, "{}", p.normal);
    check_depth_against_epa(&e, &wedge, &r);
}

/// Needle ellipses (1000:1) deep in polygons, every way round: the ways out against
/// the reference with 40,000 sampled directions (a needle's basins are narrow).
#[test]
fn needle_ellipses_overlapping_polygons_end_on_the_depth() {
    let mut checked = 0;
    for k in 0..60 {
        let t = k as f64 * 0.37;
        let e = ellipse(2.0, 0.002, 0.3 * t.cos(), 0.2 * t.sin(), t * 1.3);
        let polygon = regular(3 + k % 6, 0.8, 0.5 * (t * 0.7).sin(), 0.4, t * 0.5);
        for (a, b) in [(&e, &polygon), (&polygon, &e)] {
            let r = EllipsePolygon::for_pair(a, b).unwrap().run();
            let Some(p) = r.penetration else { continue };
            let scale = scale_of(a, b);
            let (expected, _) = common::sampled_min_h(a, b, 40_000);
            assert!(
                (p.depth - expected).abs() <= 1e-9 * scale,
                "{k}: {} vs {expected}",
                p.depth
            );
            assert!((h(a, b, p.normal) - p.depth).abs() <= 1e-9 * scale, "{k}");
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked} overlapping pairs");
}

/// A fuzz finding: a sliver triangle 126,667 long and 4e-5 wide along a circle-shaped
/// ellipse of radius 126,667, touching it within rounding. The best face's separation
/// came out 1.5e-11 above 0 while the squashed picture said they meet, and the face's
/// way out reported a depth of −1.5e-11; depths are never below 0.
#[test]
fn a_face_a_rounding_error_apart_has_a_way_out_of_depth_zero() {
    let v = |x: f64, y: f64| DVec2::new(x, y);
    let a = Shape::new(
        Geometry::Polygon(
            ConvexPolygon::new(&[
                v(-1.039033563162327e-25, 126666.66666666666),
                v(126666.66666666666, 126666.66668994972),
                v(1.2041666666666667e-9, 126666.66670914099),
            ])
            .unwrap(),
        ),
        Pose::new(
            v(126666.66666666666, 126666.66666666666),
            126666.66666666666,
        ),
    );
    let b = Shape::new(
        Geometry::Ellipse(Ellipse {
            a: 126666.66666666666,
            b: 126666.66666666666,
        }),
        Pose::new(
            v(126666.66666666666, 126666.66666666666),
            4.1598844106826753e-188,
        ),
    );
    for (x, y) in [(&a, &b), (&b, &a)] {
        for frame in record(EllipsePolygon::for_pair(x, y).unwrap()) {
            if let gjk_lab_core::algorithms::ellipse_polygon::EllipsePolygonEvent::FaceWayOut {
                depth,
                ..
            } = frame.event
            {
                assert!(depth >= 0.0, "{depth}");
            }
        }
        gjk_lab_core::invariants::check_pair(x, y).expect("the contract holds");
    }
}

/// A fuzz finding: a sliver triangle (a vertex whose piece of directions spans all but
/// 7e-9 rad of half a turn) 2e11 below a needle ellipse 1e-7 by 0.6. The climb's
/// reference direction, the bisector of the direction it entered the piece at and the
/// piece's far end, was computed as (m + end)/|m + end| — nearly opposite vectors —
/// and rounding left a probe without a direction: the gap came out 0 and the pair
/// "touching". The bisector is now m turned by half the turn, and a probe that is not
/// finite hands the answer to GJK.
#[test]
fn a_sliver_far_below_a_needle_is_far_apart() {
    let v = |x: f64, y: f64| DVec2::new(x, y);
    let e = Shape::new(
        Geometry::Ellipse(Ellipse {
            a: 1e-7,
            b: 0.6000000000000004,
        }),
        Pose::new(v(-0.8, 196396160125.73264), 0.0),
    );
    let sliver = Shape::new(
        Geometry::Polygon(
            ConvexPolygon::new(&[
                v(-1552062.809705734, 9.430746234811974e-230),
                v(3.0827804877481744e-121, -0.011040645713806153),
                v(0.0, 0.0),
            ])
            .unwrap(),
        ),
        Pose::new(v(1720.0000015996775, 5.786132820148393e-5), -0.366),
    );
    // The needle is a segment x = −0.8 to within 1e-7; the sliver's top vertex is
    // nearest to its lower end.
    let top = sliver.to_world(v(-1552062.809705734, 9.430746234811974e-230));
    let expected = (v(-0.8, 196396160125.73264 - 0.6000000000000004) - top).length();
    for (a, b) in [(&e, &sliver), (&sliver, &e)] {
        let d = query::distance(a, b);
        assert!(!d.intersects);
        assert!(
            (d.distance - expected).abs() < 1e-3,
            "{} vs {expected}",
            d.distance
        );
        gjk_lab_core::invariants::check_pair(a, b).expect("the contract holds");
    }
}
