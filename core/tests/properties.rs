//! Property tests over random shapes and poses, each algorithm against the independent
//! references of `common` (SAT and brute force for polygons, closed forms for circles,
//! the cores' brute-force distance and SAT depth plus the radii for capsules and
//! rounded polygons, dense support sampling for ellipses).
//!
//! Every property runs 100,000 random pairs by default; set `GJK_LAB_CASES` to change
//! that (e.g. `GJK_LAB_CASES=2000` for a quick local run).

mod common;

use common::{boundary_error, h, reference};
use gjk_lab_core::algorithms::epa::EpaOutcome;
use gjk_lab_core::algorithms::gjk::Gjk;
use gjk_lab_core::algorithms::pseudo_epa::{PseudoEpa, PseudoEpaOutcome};
use gjk_lab_core::query::{query, PairQuery};
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Ellipse, Geometry, Pose, RoundedPolygon, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;

fn arb_geometry() -> impl Strategy<Value = Geometry> {
    prop_oneof![
        3 => common::arb_convex_polygon(10, 0.2..2.5, 0.01),
        1 => (0.1f64..2.0).prop_map(|radius| Geometry::Circle(Circle { radius })),
        1 => (0.1f64..2.0, 0.1f64..2.0).prop_map(|(a, b)| Geometry::Ellipse(Ellipse { a, b })),
        1 => common::arb_capsule(0.2..2.0),
        1 => common::arb_rounded_polygon(8, 0.2..2.0),
    ]
}

fn arb_shape() -> impl Strategy<Value = Shape> {
    (
        arb_geometry(),
        -3.0f64..3.0,
        -3.0f64..3.0,
        0.0f64..std::f64::consts::TAU,
    )
        .prop_map(|(g, x, y, r)| Shape::new(g, Pose::new(DVec2::new(x, y), r)))
}

fn scale_of(a: &Shape, b: &Shape) -> f64 {
    a.bounding_radius().max(b.bounding_radius())
}

/// Tolerance on distances and depths: tight for exact references, looser for sampled.
fn tol(a: &Shape, b: &Shape, exact: bool) -> f64 {
    scale_of(a, b) * if exact { 1e-8 } else { 1e-6 }
}

/// Pairs within this of touching are ambiguous for a yes/no answer; skip them there.
fn ambiguous(signed: f64, a: &Shape, b: &Shape) -> bool {
    signed.abs() < 1e-6 * scale_of(a, b)
}

fn check_separated(q: &PairQuery, a: &Shape, b: &Shape, distance: f64, exact: bool) {
    let t = tol(a, b, exact);
    assert!(
        !q.intersects,
        "reference says separated by {distance}: {q:?}"
    );
    assert!(
        (q.distance - distance).abs() <= t,
        "distance {} vs {distance}",
        q.distance
    );
    let (qa, qb) = (q.closest_a.unwrap(), q.closest_b.unwrap());
    assert!(
        ((qa - qb).length() - q.distance).abs() <= t,
        "closest points {qa} {qb}"
    );
    assert!(boundary_error(a, qa) <= t, "closest_a off A's boundary");
    assert!(boundary_error(b, qb) <= t, "closest_b off B's boundary");
}

fn check_intersecting(q: &PairQuery, a: &Shape, b: &Shape, depth: f64, exact: bool) {
    let t = tol(a, b, exact);
    assert!(q.intersects, "reference says depth {depth}: {q:?}");
    // At the iteration cap EPA reports its best upper bound and a lower bound.
    let slack = match q.epa_outcome {
        Some(EpaOutcome::Converged { .. } | EpaOutcome::WithinRadius { .. }) => 0.0,
        Some(EpaOutcome::IterationLimit { lower_bound, .. }) => q.depth - lower_bound,
        other => panic!("EPA ended with {other:?}"),
    };
    assert!(q.depth >= depth - t, "depth {} below {depth}", q.depth);
    assert!(q.depth <= depth + slack + t, "depth {} vs {depth}", q.depth);
    let n = q.normal.unwrap();
    assert!((n.length() - 1.0).abs() < 1e-12);
    // Moving B by depth·normal separates the shapes: h_{A−B}(normal) = the depth
    // reported, and that is the minimum (the reference) up to EPA's stated accuracy.
    assert!(
        (h(a, b, n) - q.depth).abs() <= t,
        "h(normal) = {} vs {}",
        h(a, b, n),
        q.depth
    );
}

proptest! {
    #![proptest_config(common::proptest_config(100_000))]

    /// GJK intersection test: same yes/no as the reference.
    #[test]
    fn gjk_intersection_matches_reference(a in arb_shape(), b in arb_shape()) {
        let r = reference(&a, &b);
        prop_assume!(!ambiguous(r.signed, &a, &b));
        prop_assert_eq!(Gjk::new(&a, &b).run().intersects(), r.signed > 0.0);
    }

    /// GJK distance: distance and closest points of separated pairs; agrees with the
    /// intersection test.
    #[test]
    fn gjk_distance_matches_reference(a in arb_shape(), b in arb_shape()) {
        let r = reference(&a, &b);
        prop_assume!(!ambiguous(r.signed, &a, &b));
        let q = query(&a, &b);
        prop_assert_eq!(q.intersects, Gjk::new(&a, &b).run().intersects());
        if r.signed < 0.0 {
            check_separated(&q, &a, &b, -r.signed, r.exact);
        }
    }

    /// EPA: depth and normal of intersecting pairs.
    #[test]
    fn epa_matches_reference(a in arb_shape(), b in arb_shape()) {
        let r = reference(&a, &b);
        prop_assume!(!ambiguous(r.signed, &a, &b));
        let q = query(&a, &b);
        if r.signed > 0.0 {
            check_intersecting(&q, &a, &b, r.signed, r.exact);
        }
    }

    /// Pseudo-EPA always ends with a named outcome and a finite answer, and never
    /// reports a penetration shallower than EPA's lower bound by more than the tolerance
    /// would allow only when it stopped on the true nearest edge.
    #[test]
    fn pseudo_epa_always_ends(a in arb_shape(), b in arb_shape()) {
        let outcome = PseudoEpa::new(&a, &b).run();
        match outcome {
            PseudoEpaOutcome::Stopped { depth, normal }
            | PseudoEpaOutcome::WithinRadius { depth, normal }
            | PseudoEpaOutcome::IterationLimit { depth, normal, .. } => {
                prop_assert!(depth.is_finite() && depth >= 0.0);
                prop_assert!((normal.length() - 1.0).abs() < 1e-9);
            }
            PseudoEpaOutcome::NotIntersecting { distance } => prop_assert!(distance > 0.0),
            PseudoEpaOutcome::Degenerate => {}
        }
    }

    /// Swapping A and B: same answer, normal reversed, closest points swapped.
    #[test]
    fn swapping_shapes_gives_the_same_answer(a in arb_shape(), b in arb_shape()) {
        let r = reference(&a, &b);
        prop_assume!(!ambiguous(r.signed, &a, &b));
        let (ab, ba) = (query(&a, &b), query(&b, &a));
        let t = tol(&a, &b, true);
        prop_assert_eq!(ab.intersects, ba.intersects);
        prop_assert!((ab.distance - ba.distance).abs() <= t);
        let converged = |q: &PairQuery| !matches!(q.epa_outcome, Some(EpaOutcome::IterationLimit { .. }));
        if converged(&ab) && converged(&ba) {
            prop_assert!((ab.depth - ba.depth).abs() <= t, "{} vs {}", ab.depth, ba.depth);
        }
        if let (Some(n1), Some(n2)) = (ab.normal, ba.normal) {
            // Each normal separates its own pair by its own depth.
            prop_assert!((h(&a, &b, n1) - ab.depth).abs() <= t);
            prop_assert!((h(&b, &a, n2) - ba.depth).abs() <= t, "{n1} vs {n2}");
        }
    }

    /// Far from the origin (1e6) and at any size (1e-4 to 1e4) the answers scale.
    #[test]
    fn far_away_and_scaled_pairs_keep_their_precision(
        a in arb_shape(),
        b in arb_shape(),
        exponent in -4i32..=4,
    ) {
        let s = 10f64.powi(exponent);
        let far = DVec2::new(1e6, -1e6);
        let place = |shape: &Shape| {
            let g = match shape.geometry() {
                Geometry::Polygon(p) => Geometry::Polygon(
                    ConvexPolygon::new(&p.vertices().iter().map(|v| *v * s).collect::<Vec<_>>()).unwrap(),
                ),
                Geometry::Circle(c) => Geometry::Circle(Circle { radius: c.radius * s }),
                Geometry::Ellipse(e) => Geometry::Ellipse(Ellipse { a: e.a * s, b: e.b * s }),
                Geometry::Capsule(c) => Geometry::capsule(c.a() * s, c.b() * s, c.radius() * s).unwrap(),
                Geometry::Rounded(r) => Geometry::Rounded(RoundedPolygon::new(
                    ConvexPolygon::new(&r.core().vertices().iter().map(|v| *v * s).collect::<Vec<_>>()).unwrap(),
                    r.radius() * s,
                )),
                Geometry::Concave(_) => unreachable!("the convex properties draw no concave shape"),
            };
            let pose = shape.pose();
            Shape::new(g, Pose::new(far + pose.position * s, pose.rotation))
        };
        let r = reference(&a, &b);
        prop_assume!(!ambiguous(r.signed, &a, &b));
        let (fa, fb) = (place(&a), place(&b));
        let q = query(&fa, &fb);
        // Coordinates of 1e6 carry an absolute rounding error of about 1e-10.
        let t = tol(&a, &b, r.exact) * s + 1e-9;
        prop_assert_eq!(q.intersects, r.signed > 0.0);
        if r.signed > 0.0 {
            let slack = match q.epa_outcome {
                Some(EpaOutcome::IterationLimit { lower_bound, .. }) => q.depth - lower_bound,
                _ => 0.0,
            };
            prop_assert!(q.depth >= r.signed * s - t, "depth {} vs {}", q.depth, r.signed * s);
            prop_assert!(q.depth <= r.signed * s + slack + t, "depth {} vs {}", q.depth, r.signed * s);
        } else {
            prop_assert!((q.distance + r.signed * s).abs() <= t, "distance {} vs {}", q.distance, -r.signed * s);
        }
    }
}
