//! EPA's normals on curved shapes are as exact as its depths: for an ellipse against a
//! polygon, a circle or another ellipse, the penetration normal is within 1e-9 rad of
//! the reference, found here in closed form without the library's support functions:
//! the depth is the smallest support value `h(θ) = h_A(n) + h_B(−n)` over unit normals
//! `n = (cos θ, sin θ)`, so the reference normal is where the slope `h'(θ)` (also in
//! closed form) changes sign, found by a grid over all θ and then bisection.
//!
//! Before the normal was refined, EPA's normal on an ellipse was off by up to 1e-4 rad
//! (it stops when the depth has converged, which on a curve leaves θ off by about the
//! square root of the tolerance). The same holds for GJK distance's closest points on
//! an ellipse, refined the same way: for separated pairs the smallest `h` is minus the
//! distance, along the direction from A towards B.

mod common;

use common::{bisect_slope, h};
use gjk_lab_core::query;
use gjk_lab_core::shapes::{Circle, Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;
use std::f64::consts::TAU;

/// The reference normal and depth: the global minimum of `h` over θ.
/// `None` when two separate minima are too close in value to tell apart.
fn reference(a: &Shape, b: &Shape) -> Option<(DVec2, f64)> {
    const GRID: usize = 4096;
    let step = TAU / GRID as f64;
    let hs: Vec<f64> = (0..GRID)
        .map(|k| h(a, b, DVec2::from_angle(k as f64 * step)))
        .collect();
    let mut minima: Vec<(f64, f64)> = (0..GRID)
        .filter(|&k| hs[k] <= hs[(k + GRID - 1) % GRID] && hs[k] <= hs[(k + 1) % GRID])
        .map(|k| {
            // Bisection on the slope's sign between the neighbours.
            let theta = bisect_slope(a, b, ((k as f64 - 1.0) * step, (k as f64 + 1.0) * step));
            (h(a, b, DVec2::from_angle(theta)), theta)
        })
        .collect();
    minima.sort_by(|x, y| x.0.total_cmp(&y.0));
    let (best, theta) = minima[0];
    let scale = a.bounding_radius().max(b.bounding_radius());
    let separate = |t: f64| (DVec2::from_angle(t) - DVec2::from_angle(theta)).length() > 1e-6;
    if minima
        .iter()
        .skip(1)
        .any(|&(v, t)| v - best < 1e-6 * scale && separate(t))
    {
        return None;
    }
    Some((DVec2::from_angle(theta), best))
}

fn arb_other() -> impl Strategy<Value = Geometry> {
    prop_oneof![
        2 => common::arb_convex_polygon(8, 0.3..2.0, 0.05),
        1 => (0.2f64..1.5).prop_map(|radius| Geometry::Circle(Circle { radius })),
        2 => (0.2f64..2.0, 0.2f64..2.0).prop_map(|(a, b)| Geometry::Ellipse(Ellipse { a, b })),
    ]
}

/// An ellipse at the origin, turned, and a polygon, circle or ellipse centred at most
/// `reach` away along each axis, turned; either may be A.
fn arb_ellipse_pair(reach: f64) -> impl Strategy<Value = (Shape, Shape)> {
    (
        (0.3f64..2.0, 0.2f64..1.5),
        arb_other(),
        (-reach..reach, -reach..reach),
        (0.0f64..TAU, 0.0f64..TAU),
        any::<bool>(),
    )
        .prop_map(|((ea, eb), other, (x, y), (ra, rb), swapped)| {
            let ellipse = Shape::new(
                Geometry::Ellipse(Ellipse { a: ea, b: eb }),
                Pose::new(DVec2::ZERO, ra),
            );
            let other = Shape::new(other, Pose::new(DVec2::new(x, y), rb));
            if swapped {
                (other, ellipse)
            } else {
                (ellipse, other)
            }
        })
}

proptest! {
    #![proptest_config(common::proptest_config(20_000))]

    /// An ellipse against a polygon, a circle or an ellipse, overlapping: the normal
    /// within 1e-9 rad of the reference, the depth within 1e-9 of the size.
    #[test]
    fn curved_normals_are_as_exact_as_depths((a, b) in arb_ellipse_pair(1.5)) {
        let scale = a.bounding_radius().max(b.bounding_radius());
        let Some(p) = query::penetration(&a, &b) else {
            return Ok(());
        };
        // Barely touching pairs have no well-defined normal to compare.
        prop_assume!(p.depth > 1e-3 * scale);
        let Some((normal, depth)) = reference(&a, &b) else {
            return Ok(());
        };
        let angle = p.normal.perp_dot(normal).atan2(p.normal.dot(normal)).abs();
        prop_assert!(angle <= 1e-9, "normal {:?} vs {:?}: {angle:e} rad", p.normal, normal);
        prop_assert!((p.depth - depth).abs() <= 1e-9 * scale, "depth {} vs {depth}", p.depth);
    }
}

/// The support point of a curved shape along unit `n`, in closed form: a circle's
/// `c + r·n`; an ellipse's `c + R·(a²·n_u, b²·n_v)/√((a·n_u)² + (b·n_v)²)` with
/// `(n_u, n_v)` the components of `n` along its axes. `None` for a polygon (its
/// support along a face normal is a whole edge).
fn curved_support(s: &Shape, n: DVec2) -> Option<DVec2> {
    let c = s.position();
    match s.geometry() {
        Geometry::Circle(circle) => Some(c + n * circle.radius),
        Geometry::Ellipse(e) => {
            let (u, v) = (
                DVec2::from_angle(s.pose().rotation),
                DVec2::from_angle(s.pose().rotation).perp(),
            );
            let (nu, nv) = (n.dot(u), n.dot(v));
            let root = ((e.a * nu).powi(2) + (e.b * nv).powi(2)).sqrt();
            Some(c + (u * (e.a * e.a * nu) + v * (e.b * e.b * nv)) / root)
        }
        _ => None,
    }
}

proptest! {
    #![proptest_config(common::proptest_config(20_000))]

    /// An ellipse against a polygon, a circle or an ellipse, apart: the distance within
    /// 1e-9 of the size of the reference (`−min h`), the line between the closest points
    /// within 1e-9 rad of the reference direction, and a curved shape's closest point
    /// its support point along that direction within 1e-9 of the size. (GJK alone, which
    /// stops when the distance has converged, left them off by up to about 1e-5.)
    #[test]
    fn curved_closest_points_are_as_exact_as_distances((a, b) in arb_ellipse_pair(4.0)) {
        let scale = a.bounding_radius().max(b.bounding_radius());
        let d = query::distance(&a, &b);
        prop_assume!(!d.intersects && d.distance > 1e-3 * scale);
        let Some((normal, h_min)) = reference(&a, &b) else {
            return Ok(());
        };
        let (on_a, on_b) = d.closest.expect("closest points when apart");
        prop_assert!((d.distance + h_min).abs() <= 1e-9 * scale, "distance {} vs {}", d.distance, -h_min);
        let between = on_b - on_a;
        let angle = between.perp_dot(normal).atan2(between.dot(normal)).abs();
        prop_assert!(angle <= 1e-9, "b − a = {between:?} vs {normal:?}: {angle:e} rad");
        for (s, p, n) in [(&a, on_a, normal), (&b, on_b, -normal)] {
            if let Some(expected) = curved_support(s, n) {
                prop_assert!((p - expected).length() <= 1e-9 * scale, "{p:?} vs {expected:?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(common::proptest_config(5_000))]

    /// A watched EPA run on a curved pair always ends with its `Done` event and a
    /// result, also when the refinement of the normal finds nothing better (it used to
    /// end the watched run one step early, without a result: a fuzz finding).
    #[test]
    fn a_watched_epa_run_on_a_curved_pair_always_ends_with_its_result(
        (ea, eb) in (1e-3f64..3.0, 1e-3f64..3.0),
        other in arb_other(),
        (x, y) in (-2.0f64..2.0, -2.0f64..2.0),
        (ra, rb) in (0.0f64..TAU, 0.0f64..TAU),
    ) {
        use gjk_lab_core::algorithms::epa::{Epa, EpaEvent};
        use gjk_lab_core::algorithms::StepMachine;
        let a = Shape::new(Geometry::Ellipse(Ellipse { a: ea, b: eb }), Pose::new(DVec2::ZERO, ra));
        let b = Shape::new(other, Pose::new(DVec2::new(x, y), rb));
        let mut epa = Epa::new(&a, &b);
        let mut last = None;
        while let Some(event) = epa.step() {
            last = Some(event);
        }
        prop_assert!(matches!(last, Some(EpaEvent::Done { .. })), "last event {last:?}");
        prop_assert!(epa.result().is_some());
    }
}

/// The fuzz finding itself: a needle two million times longer than the ellipse against
/// it (1.7e-7 across), where refining the normal finds nothing better; the watched run
/// (the app's, `trace`'s) must still end with EPA's result, both ways round.
#[test]
fn a_tiny_ellipse_against_a_needle_ends_its_watched_epa_run() {
    use gjk_lab_core::algorithms::Algorithm;
    let outline = [
        (0.394, 1.986822265625e-6),
        (-0.0198003125, 1990468.7499999998),
        (-0.1329999264255166, 0.372),
        (-0.366, 0.148),
        (-0.336, -0.207),
        (-0.059, -0.39),
        (-0.00017150000000000002, -17.040000000000216),
    ]
    .map(|(x, y)| DVec2::new(x, y));
    let needle = Shape::new(
        Geometry::polygon(&outline).expect("a simple polygon"),
        Pose::new(
            DVec2::new(2.1369296214993024e-131, 3.745150385601618e-212),
            1.7137254897058227e-7,
        ),
    );
    let r = 1.7137254901960782e-7;
    let ellipse = Shape::new(
        Geometry::Ellipse(Ellipse { a: r, b: r }),
        Pose::new(DVec2::new(r, r), r),
    );
    for (a, b) in [(&needle, &ellipse), (&ellipse, &needle)] {
        let mut steps = 0;
        let result = gjk_lab_core::trace::trace_each(Algorithm::Epa, a, b, &mut |_| steps += 1);
        assert!(steps > 0, "{result}");
    }
}

/// The refinement's events for a pair: GJK distance's `Refined` step, if it has one.
fn refined_step(a: &Shape, b: &Shape) -> Option<(DVec2, f64, usize)> {
    use gjk_lab_core::algorithms::distance::{DistanceEvent, GjkDistance};
    gjk_lab_core::algorithms::record(GjkDistance::new(a, b))
        .into_iter()
        .find_map(|f| match f.event {
            DistanceEvent::Refined {
                normal,
                distance,
                evaluations,
                ..
            } => Some((normal, distance, evaluations)),
            _ => None,
        })
}

/// An ellipse over a polygon's face: the closest points face each other across the
/// face, so the answer's normal is the face's exactly — a corner of the support
/// function, where the slope jumps and Newton's steps cannot settle. The refinement
/// probes both sides of the corner once and ends on it in a few support points
/// (regula falsi alone took 33 here).
#[test]
fn an_ellipse_over_a_face_ends_on_the_face_normal() {
    let square = Shape::new(
        Geometry::Polygon(gjk_lab_core::shapes::ConvexPolygon::rectangle(1.0, 1.0)),
        Pose::new(DVec2::ZERO, 0.0),
    );
    for (x, rotation) in [(0.0, 0.3), (0.4, -1.1), (-0.7, 2.0)] {
        let ellipse = Shape::new(
            Geometry::Ellipse(Ellipse { a: 1.4, b: 0.6 }),
            Pose::new(DVec2::new(x, 2.5), rotation),
        );
        let (normal, distance, evaluations) =
            refined_step(&square, &ellipse).expect("a curved pair is refined");
        // The face y = 1 faces B: the normal is +y, the distance the ellipse's lowest
        // point's height above it, h_E(−y) = √(a²sin²φ + b²cos²φ) below its centre.
        let (s, c) = rotation.sin_cos();
        let reach = (1.4f64.powi(2) * s * s + 0.6f64.powi(2) * c * c).sqrt();
        assert!((normal - DVec2::Y).length() < 1e-12, "{normal}");
        assert!((distance - (2.5 - reach - 1.0)).abs() < 1e-12, "{distance}");
        assert!(evaluations <= 8, "{evaluations} support points");
    }
}

/// Against a polygon's vertex the boundary of A − B is the ellipse itself, smooth, and
/// Newton's steps (h'' = ρ − h, ρ = a²b²/h³) converge in a handful of support points
/// to the closed-form reference's normal.
#[test]
fn against_a_vertex_newton_converges_in_a_few_support_points() {
    let triangle = Shape::new(
        Geometry::Polygon(
            gjk_lab_core::shapes::ConvexPolygon::new(&[
                DVec2::new(-1.0, -1.0),
                DVec2::new(1.0, -1.0),
                DVec2::new(0.0, 1.0),
            ])
            .expect("a triangle"),
        ),
        Pose::new(DVec2::ZERO, 0.0),
    );
    for (x, rotation) in [(0.3, 0.2), (-0.2, 1.0), (0.1, -0.6)] {
        let ellipse = Shape::new(
            Geometry::Ellipse(Ellipse { a: 1.2, b: 0.5 }),
            Pose::new(DVec2::new(x, 2.6), rotation),
        );
        let (normal, _, evaluations) =
            refined_step(&triangle, &ellipse).expect("a curved pair is refined");
        let (expected, _) = reference(&triangle, &ellipse).expect("apart");
        assert!(
            normal.perp_dot(expected).abs() < 1e-9 && normal.dot(expected) > 0.0,
            "{normal} vs {expected}"
        );
        assert!(evaluations <= 4, "{evaluations} support points");
    }
}
