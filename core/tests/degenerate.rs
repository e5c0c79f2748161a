//! Named tests for every degenerate case the guide and the seeds warn about. Each
//! checks the answer against an analytic value or the independent references of
//! `common`, and (as dyn4j's tests do) repeats the case with the shapes swapped.

mod common;

use common::{h, polygon, reference};
use gjk_lab_core::algorithms::distance::{DistanceOutcome, GjkDistance};
use gjk_lab_core::algorithms::epa::{Epa, EpaEvent, EpaOutcome, EpaStart};
use gjk_lab_core::algorithms::gjk::{Gjk, GjkOutcome};
use gjk_lab_core::algorithms::pseudo_epa::{PseudoEpa, PseudoEpaOutcome};
use gjk_lab_core::algorithms::sat::Sat;
use gjk_lab_core::algorithms::{record, StepMachine};
use gjk_lab_core::query::{query, PairQuery};
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;

const SQUARE: [(f64, f64); 4] = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];

fn circle(r: f64, x: f64, y: f64) -> Shape {
    Shape::new(
        Geometry::Circle(Circle { radius: r }),
        Pose::new(DVec2::new(x, y), 0.0),
    )
}

fn ellipse(a: f64, b: f64, x: f64, y: f64, rotation: f64) -> Shape {
    Shape::new(
        Geometry::Ellipse(Ellipse { a, b }),
        Pose::new(DVec2::new(x, y), rotation),
    )
}

/// Queries both orders and checks they agree; returns the A-then-B answer.
fn both_ways(a: &Shape, b: &Shape) -> PairQuery {
    let (ab, ba) = (query(a, b), query(b, a));
    let tol = 1e-9 * a.bounding_radius().max(b.bounding_radius());
    assert_eq!(ab.intersects, ba.intersects, "{ab:?} vs {ba:?}");
    assert!((ab.distance - ba.distance).abs() <= tol, "{ab:?} vs {ba:?}");
    assert!((ab.depth - ba.depth).abs() <= tol, "{ab:?} vs {ba:?}");
    assert_eq!(Gjk::new(a, b).run().intersects(), ab.intersects);
    assert_eq!(Gjk::new(b, a).run().intersects(), ab.intersects);
    if let (Some(n), Some(m)) = (ab.normal, ba.normal) {
        assert!(
            (h(a, b, n) - ab.depth).abs() <= tol,
            "normal {n} does not separate"
        );
        assert!(
            (h(b, a, m) - ba.depth).abs() <= tol,
            "normal {m} does not separate"
        );
    }
    for (x, y, q) in [(a, b, &ab), (b, a, &ba)] {
        check_sat_and_contacts(x, y, q, tol);
    }
    ab
}

/// SAT, where it applies, gives the query's yes/no and depth with a normal that is a
/// true way out; an intersecting pair has one or two contacts, none deeper than the
/// penetration; a separated pair none.
fn check_sat_and_contacts(a: &Shape, b: &Shape, q: &PairQuery, tol: f64) {
    let sat = Sat::new(a, b).run();
    if let Some(intersects) = sat.intersects() {
        assert_eq!(intersects, q.intersects, "SAT {sat:?} vs {q:?}");
    }
    if let Some((depth, normal)) = sat.penetration() {
        assert_close(depth, q.depth, tol);
        assert_close(h(a, b, normal), depth, tol);
    }
    if q.intersects {
        assert!((1..=2).contains(&q.contacts.len()), "{q:?}");
        assert!(q.contacts.iter().all(|c| c.depth <= q.depth + tol));
    } else {
        assert!(q.contacts.is_empty());
    }
}

fn assert_close(actual: f64, expected: f64, tol: f64) {
    assert!((actual - expected).abs() <= tol, "{actual} vs {expected}");
}

/// Seed 004's degenerate start: two 2×2 squares, both at the origin. The first search
/// direction (from A's centre to B's) is the zero vector; the true depth is the
/// square's width, 2, along an axis.
#[test]
fn two_squares_at_the_origin_give_the_true_depth() {
    let a = polygon(&SQUARE, (0.0, 0.0), 0.0);
    let b = polygon(&SQUARE, (0.0, 0.0), 0.0);
    let q = both_ways(&a, &b);
    assert!(q.intersects);
    assert_close(q.depth, 2.0, 1e-12);
    let n = q.normal.unwrap();
    assert!(
        n.x.abs() == 1.0 && n.y == 0.0 || n.y.abs() == 1.0 && n.x == 0.0,
        "{n}"
    );
    let first = record(Gjk::new(&a, &b));
    assert!(matches!(
        first[0].event,
        gjk_lab_core::algorithms::gjk::GjkEvent::Start { fallback: true, .. }
    ));
}

/// Identical shapes at the same pose overlap by their minimal width, whatever the
/// shape (parry reports less for some of these).
#[test]
fn identical_shapes_at_the_same_pose_overlap_by_their_minimal_width() {
    let triangle = [(0.0, 0.0), (4.0, 0.0), (1.0, 3.0)];
    // Minimal width of a triangle: its smallest altitude = 2·area / longest side.
    let longest = (3.0f64 * 3.0 + 3.0 * 3.0).sqrt().max(4.0);
    let cases: Vec<(Shape, f64)> = vec![
        (polygon(&triangle, (0.3, -0.2), 0.7), 12.0 / longest),
        (
            polygon(
                &[(-2.0, -0.5), (2.0, -0.5), (2.0, 0.5), (-2.0, 0.5)],
                (5.0, 5.0),
                1.1,
            ),
            1.0,
        ),
        (
            Shape::new(
                Geometry::Polygon(ConvexPolygon::regular(6, 1.0, 0.0)),
                Pose::default(),
            ),
            3f64.sqrt(),
        ),
        (circle(1.5, 2.0, -1.0), 3.0),
        (ellipse(2.0, 0.5, 1.0, 1.0, 0.4), 1.0),
    ];
    for (shape, width) in cases {
        let q = both_ways(&shape, &shape.clone());
        assert!(q.intersects);
        // Curved shapes converge to the tolerance; polygons exactly.
        assert_close(q.depth, width, 1e-8 * width);
    }
}

/// The origin lies on a simplex edge: GJK ends on a segment through the origin, and
/// EPA starts from seed 000's two opposite edges.
#[test]
fn origin_on_a_simplex_edge_uses_the_two_edge_start() {
    let a = polygon(&SQUARE, (0.0, 0.0), 0.0);
    let b = polygon(&SQUARE, (0.0, 0.0), 0.0);
    let gjk = GjkDistance::new(&a, &b).run();
    assert!(
        matches!(gjk.outcome, DistanceOutcome::OriginOnSimplex { .. }),
        "{gjk:?}"
    );
    assert_eq!(gjk.simplex.len(), 2);
    let frames = record(Epa::new(&a, &b));
    assert!(matches!(
        frames[0].event,
        EpaEvent::Start {
            start: EpaStart::TwoEdges,
            ..
        }
    ));
    assert!(matches!(
        frames.last().unwrap().event,
        EpaEvent::Done {
            outcome: EpaOutcome::Converged { .. }
        }
    ));
}

/// Vertex against vertex, exactly touching: two diamonds meeting at one point.
#[test]
fn vertex_vertex_touching_intersects_with_zero_depth() {
    let diamond = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)];
    let a = polygon(&diamond, (0.0, 0.0), 0.0);
    let b = polygon(&diamond, (2.0, 0.0), 0.0);
    let q = both_ways(&a, &b);
    assert!(q.intersects);
    assert_close(q.depth, 0.0, 1e-12);
    // Just apart, they are separated by the gap.
    let c = polygon(&diamond, (2.0 + 1e-7, 0.0), 0.0);
    let q = both_ways(&a, &c);
    assert!(!q.intersects);
    assert_close(q.distance, 1e-7, 1e-15);
}

/// Edge against edge, exactly touching, with the edges overlapping partly.
#[test]
fn edge_edge_touching_intersects_with_zero_depth_and_the_edge_normal() {
    let a = polygon(&SQUARE, (0.0, 0.0), 0.0);
    let b = polygon(&SQUARE, (2.0, 0.5), 0.0);
    let q = both_ways(&a, &b);
    assert!(q.intersects);
    assert_close(q.depth, 0.0, 1e-12);
    assert_eq!(q.normal, Some(DVec2::new(1.0, 0.0)));
    // The same, rotated: the rounding of the rotation must not separate them.
    let (r, t) = (0.7, DVec2::from_angle(0.7));
    let a = polygon(&SQUARE, (0.0, 0.0), r);
    let p = t.rotate(DVec2::new(2.0, 0.5));
    let b = polygon(&SQUARE, (p.x, p.y), r);
    let q = both_ways(&a, &b);
    assert!(q.intersects, "{q:?}");
    assert_close(q.depth, 0.0, 1e-12);
}

/// Vertex against edge, exactly touching.
#[test]
fn vertex_edge_touching_intersects() {
    let a = polygon(&SQUARE, (0.0, 0.0), 0.0);
    let b = polygon(&[(0.0, 0.0), (1.0, -1.0), (1.0, 1.0)], (1.0, 0.3), 0.0);
    let q = both_ways(&a, &b);
    assert!(q.intersects);
    assert_close(q.depth, 0.0, 1e-12);
}

/// One shape inside the other: the depth is how far the inner one must move out.
#[test]
fn containment_depth_is_the_way_out() {
    let big = polygon(
        &[(-3.0, -2.0), (3.0, -2.0), (3.0, 2.0), (-3.0, 2.0)],
        (0.0, 0.0),
        0.0,
    );
    let small = polygon(
        &[(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)],
        (1.0, 0.2),
        0.0,
    );
    let q = both_ways(&big, &small);
    // Nearest way out: up by 2 − 0.2 + 0.5 = 2.3 (right would be 3 − 1 + 0.5 = 2.5).
    assert_close(q.depth, 2.3, 1e-12);
    assert_eq!(q.normal, Some(DVec2::new(0.0, 1.0)));
    // A circle inside an ellipse: out along the ellipse's short axis.
    let q = both_ways(&ellipse(3.0, 1.0, 0.0, 0.0, 0.0), &circle(0.25, 0.0, 0.0));
    assert_close(q.depth, 1.25, 1e-8);
}

/// Collinear and repeated vertices change nothing: the polygon is normalised.
#[test]
fn collinear_and_repeated_vertices_give_the_same_answers() {
    let messy = [
        (-1.0, -1.0),
        (-1.0, -1.0),
        (0.0, -1.0),
        (1.0, -1.0),
        (1.0, 0.0),
        (1.0, 1.0),
        (1.0, 1.0),
        (-1.0, 1.0),
        (-1.0, 0.0),
    ];
    for offset in [(1.5, 0.4), (2.6, 1.1), (0.2, 0.1)] {
        let clean = both_ways(
            &polygon(&SQUARE, (0.0, 0.0), 0.3),
            &polygon(&SQUARE, offset, -0.2),
        );
        let dirty = both_ways(
            &polygon(&messy, (0.0, 0.0), 0.3),
            &polygon(&messy, offset, -0.2),
        );
        assert_eq!(clean.intersects, dirty.intersects);
        assert_close(clean.distance, dirty.distance, 1e-12);
        assert_close(clean.depth, dirty.depth, 1e-12);
    }
}

/// Slivers: a needle 1e-6 wide against a box, crossing it and beside it.
#[test]
fn slivers_are_handled() {
    let needle = [(-2.0, -5e-7), (2.0, -5e-7), (2.0, 5e-7), (-2.0, 5e-7)];
    let boxy = polygon(&SQUARE, (0.0, 0.0), 0.0);
    for (pos, rot) in [
        ((0.0, 0.3), 0.0),
        ((0.5, 0.0), 1.2),
        ((0.0, 1.5), 0.0),
        ((3.5, 0.0), 0.2),
    ] {
        let s = polygon(&needle, pos, rot);
        let q = both_ways(&boxy, &s);
        let r = reference(&boxy, &s);
        assert_eq!(q.intersects, r.signed > 0.0, "{pos:?}");
        if r.signed > 0.0 {
            assert_close(q.depth, r.signed, 1e-9);
        } else {
            assert_close(q.distance, -r.signed, 1e-9);
        }
    }
}

/// 200:1 size ratios, both ways round, touching and not.
#[test]
fn size_ratio_of_200_to_1() {
    let big = polygon(
        &[
            (-200.0, -200.0),
            (200.0, -200.0),
            (200.0, 200.0),
            (-200.0, 200.0),
        ],
        (0.0, 0.0),
        0.0,
    );
    for (x, y) in [(200.5, 3.0), (199.5, 3.0), (201.5, -7.0), (150.0, 150.0)] {
        let small = polygon(&SQUARE, (x, y), 0.0);
        let q = both_ways(&big, &small);
        let r = reference(&big, &small);
        assert_eq!(q.intersects, r.signed > 0.0);
        assert_close(q.depth.max(q.distance), r.signed.abs(), 1e-9 * 200.0);
    }
    let q = both_ways(&circle(200.0, 0.0, 0.0), &circle(1.0, 200.5, 0.0));
    assert_close(q.depth, 0.5, 1e-6);
}

/// Tiny (1e-4) and huge (1e4) shapes: the tolerances scale with them.
#[test]
fn tiny_and_huge_shapes() {
    for s in [1e-4, 1e4] {
        let square: Vec<(f64, f64)> = SQUARE.iter().map(|&(x, y)| (x * s, y * s)).collect();
        let a = polygon(&square, (0.0, 0.0), 0.0);
        // Overlap by 0.1·s, then apart by 0.1·s, then touching.
        for (dx, expected) in [(1.9, 0.1), (2.1, -0.1), (2.0, 0.0)] {
            let b = polygon(&square, (dx * s, 0.3 * s), 0.0);
            let q = both_ways(&a, &b);
            assert_eq!(q.intersects, expected >= 0.0, "scale {s}, dx {dx}");
            assert_close(q.depth - q.distance, expected * s, 1e-12 * s);
        }
        let q = both_ways(
            &circle(s, 0.0, 0.0),
            &ellipse(2.0 * s, s, 2.5 * s, 0.0, 0.0),
        );
        assert_close(q.depth, 0.5 * s, 1e-8 * s);
    }
}

/// Far from the world origin (1e6) the answers keep their precision.
#[test]
fn far_coordinates_keep_precision() {
    let far = 1e6;
    let a = polygon(&SQUARE, (far, far), 0.0);
    let b = polygon(&SQUARE, (far + 1.75, far + 0.5), 0.0);
    let q = both_ways(&a, &b);
    assert_close(q.depth, 0.25, 1e-9);
    let c = polygon(&SQUARE, (far + 2.0 + 1e-6, far), 0.0);
    let q = both_ways(&a, &c);
    assert!(!q.intersects);
    assert_close(q.distance, 1e-6, 1e-9);
    let q = both_ways(&circle(1.0, far, -far), &circle(1.0, far + 1.5, -far));
    assert_close(q.depth, 0.5, 1e-8);
}

/// Circles against circles: concentric (every direction is a minimum), touching,
/// apart — against the closed form.
#[test]
fn circles_against_the_closed_form() {
    let q = both_ways(&circle(1.0, 0.0, 0.0), &circle(0.5, 0.0, 0.0));
    assert!(q.intersects);
    assert_close(q.depth, 1.5, 1e-6);
    let q = both_ways(&circle(1.0, 0.0, 0.0), &circle(0.5, 1.5, 0.0));
    assert!(q.intersects);
    assert_close(q.depth, 0.0, 1e-9);
    let q = both_ways(&circle(1.0, 0.0, 0.0), &circle(0.5, 3.0, 4.0));
    assert_close(q.distance, 3.5, 1e-9);
    let (qa, qb) = (q.closest_a.unwrap(), q.closest_b.unwrap());
    assert!((qa - DVec2::new(0.6, 0.8)).length() < 1e-6);
    assert!((qb - DVec2::new(2.7, 3.6)).length() < 1e-6);
}

/// Every algorithm ends, with a named outcome, on the hardest curved case: two
/// almost identical concentric ellipses, where every direction is nearly a minimum.
#[test]
fn iterative_algorithms_always_end_with_a_named_outcome() {
    let a = ellipse(2.0, 1.0, 0.0, 0.0, 0.0);
    let b = ellipse(2.0, 1.0 - 1e-9, 1e-12, 0.0, 1e-9);
    let gjk = Gjk::new(&a, &b).run();
    assert!(gjk.intersects());
    let epa = Epa::new(&a, &b).run();
    match epa.outcome {
        EpaOutcome::Converged { depth, .. } => assert_close(depth, 2.0, 1e-6),
        EpaOutcome::IterationLimit {
            depth, lower_bound, ..
        } => {
            assert!(lower_bound <= 2.0 + 1e-9 && depth >= 2.0 - 1e-6, "{epa:?}");
        }
        other => panic!("{other:?}"),
    }
    let mut pseudo = PseudoEpa::new(&a, &b);
    let mut steps = 0;
    while pseudo.step().is_some() {
        steps += 1;
        assert!(steps < 10_000);
    }
    assert!(pseudo.outcome().is_some());
}

/// GJK on separated shapes ends with a separating axis pointing from A to B.
#[test]
fn gjk_separating_axis_points_from_a_to_b() {
    let a = polygon(&SQUARE, (0.0, 0.0), 0.0);
    let b = polygon(&SQUARE, (5.0, 0.0), 0.0);
    match Gjk::new(&a, &b).run() {
        GjkOutcome::SeparatingAxis { axis, gap } => {
            assert!(axis.x > 0.9, "{axis}");
            assert!(gap > 0.0 && gap <= 3.0 + 1e-12);
        }
        other => panic!("{other:?}"),
    }
}

/// Pseudo-EPA on the preset built to fool it stops on an edge that is not the
/// nearest: its depth is larger than EPA's, and EPA's matches the reference.
#[test]
fn pseudo_epa_gives_the_wrong_answer_on_its_preset() {
    let scene = gjk_lab_core::scene::Scene::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenes/pseudo-epa-wrong.ron"
    )))
    .unwrap();
    let (a, b) = (&scene.shapes[0].shape, &scene.shapes[1].shape);
    let truth = reference(a, b).signed;
    let epa = query(a, b);
    assert_close(epa.depth, truth, 1e-9);
    match PseudoEpa::new(a, b).run() {
        PseudoEpaOutcome::Stopped { depth, .. } => {
            assert!(depth > truth + 0.1, "pseudo-EPA {depth} vs true {truth}")
        }
        other => panic!("{other:?}"),
    }
}

/// Curved shapes exactly tangent at any angle (built from their support points along a
/// common normal `n`): they touch (depth ≈ 0), and moved 1e-6 apart along `n` they are
/// separated by 1e-6. GJK approaches a tangency only linearly, so this is where a loose
/// stopping rule or a low cap would show.
#[test]
fn curved_shapes_tangent_at_any_angle() {
    for i in 0..300 {
        let t = i as f64 * 0.021;
        let n = DVec2::from_angle(t * 7.3);
        let e1 = ellipse(2.0, 0.7, 0.3, -0.2, t);
        let g2 = if i % 2 == 0 {
            Geometry::Ellipse(Ellipse { a: 1.3, b: 0.4 })
        } else {
            Geometry::Circle(Circle { radius: 0.6 })
        };
        let probe = Shape::new(g2.clone(), Pose::new(DVec2::ZERO, t * 3.1));
        let p1 = e1.position() + gjk_lab_core::shapes::Support::support(&e1, n).point;
        let p2 = gjk_lab_core::shapes::Support::support(&probe, -n).point;
        for gap in [0.0, 1e-6] {
            let e2 = Shape::new(g2.clone(), Pose::new(p1 - p2 + n * gap, t * 3.1));
            let q = both_ways(&e1, &e2);
            if gap == 0.0 {
                assert!(q.intersects, "angle {t}: {q:?}");
                assert!(q.depth < 1e-8, "angle {t}: {q:?}");
            } else {
                assert!(!q.intersects, "angle {t}: {q:?}");
                assert_close(q.distance, gap, 1e-9);
            }
        }
    }
}

/// Extreme inputs, 3,000 pairs: sizes from 1e-6 to 1e5, slivers down to 1e-5 of their
/// length, ellipses up to 1000:1, polygons of up to 64 vertices, any pose. Every query
/// ends without reaching a cap, and where the reference is exact (polygons, circles)
/// agrees with it to 1e-8 of the pair's size.
#[test]
fn extreme_sizes_ratios_and_vertex_counts() {
    use gjk_lab_core::crowd::Rng;
    let polygon_of = |n: usize, r: f64, squash: f64| {
        let v: Vec<DVec2> = (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / n as f64;
                DVec2::new(r * a.cos(), r * squash * a.sin())
            })
            .collect();
        Geometry::Polygon(ConvexPolygon::new(&v).expect("convex"))
    };
    let mut rng = Rng::new(99);
    for _ in 0..3000 {
        let scale = 10f64.powf(rng.range(-6.0, 5.0));
        let make = |rng: &mut Rng| match (rng.unit() * 5.0) as u32 {
            0 => Geometry::Ellipse(Ellipse {
                a: scale,
                b: scale * 10f64.powf(rng.range(-3.0, 0.0)),
            }),
            1 => polygon_of(3 + (rng.unit() * 61.0) as usize, scale, 1.0),
            2 => polygon_of(4, scale, 10f64.powf(rng.range(-5.0, 0.0))),
            3 => Geometry::Circle(Circle {
                radius: scale * rng.range(0.1, 1.0),
            }),
            _ => polygon_of(3 + (rng.unit() * 8.0) as usize, scale, rng.range(0.2, 1.0)),
        };
        let (ga, gb) = (make(&mut rng), make(&mut rng));
        let offset = DVec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0)) * scale;
        let a = Shape::new(ga, Pose::new(DVec2::ZERO, rng.range(0.0, 6.3)));
        let b = Shape::new(gb, Pose::new(offset, rng.range(0.0, 6.3)));
        let q = query(&a, &b);
        // No method reached its cap (GJK's 64 support points, EPA's 128, the walk's
        // and the climb's limits all end as a named iteration limit).
        assert!(
            !matches!(q.gjk_outcome, DistanceOutcome::IterationLimit { .. })
                && !matches!(q.epa_outcome, Some(EpaOutcome::IterationLimit { .. })),
            "{q:?}"
        );
        assert!(q.distance.is_finite() && q.depth.is_finite() && q.depth >= 0.0);
        let r = reference(&a, &b);
        let s = a.bounding_radius().max(b.bounding_radius());
        if r.signed.abs() > 1e-7 * s {
            check_sat_and_contacts(&a, &b, &q, 1e-8 * s);
        }
        if r.exact && r.signed.abs() > 1e-7 * s {
            let ours = if q.intersects { q.depth } else { -q.distance };
            assert_eq!(q.intersects, r.signed > 0.0, "{q:?} vs {}", r.signed);
            assert_close(ours, r.signed, 1e-8 * s);
        }
    }
}

/// An edge nearly parallel to a face, 3.4e-10 from the face's corner, every other
/// point of the pair 1e-9 or more apart: GJK distance's progress test, `|v|² − v·w`,
/// took its new support point for no progress — `v`, the foot of the origin on an
/// edge of points about 1 to 2.4 from it, carries 1e-16 of their size in rounding, more
/// than `|v|² = 5e-19` itself — and stopped at 7.3e-10. Measured along the edge's
/// normal it goes on to the true distance (against the corner's distance to the
/// triangle's edge, worked out directly).
#[test]
fn gjk_distance_resolves_an_edge_nearly_parallel_to_a_face_1e9_away() {
    let angle = 0.785_398_164_054_555_2;
    let tip = DVec2::new(0.0, 1.0 + 1e-9);
    let triangle = Shape::new(
        Geometry::Polygon(
            ConvexPolygon::new(&[DVec2::ZERO, DVec2::new(1.0, 1.0), DVec2::new(-1.0, 1.0)])
                .expect("convex"),
        ),
        Pose::new(tip, angle),
    );
    let square = polygon(
        &[(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)],
        (0.0, 0.0),
        0.0,
    );
    // The triangle's edge from its tip to its vertex (−1, 1), turned, against the
    // square's corner (−1, 1): the nearest pair of features.
    let far = triangle.to_world(DVec2::new(-1.0, 1.0));
    let expected = gjk_lab_core::geometry::point_segment_distance(DVec2::new(-1.0, 1.0), tip, far);
    assert!((expected - 3.429e-10).abs() < 1e-12, "{expected}");
    // The casts' settings: touching only within 1e-13 of the size (the static
    // queries call shapes within 1e-9 of it touching).
    let settings = gjk_lab_core::algorithms::cast::DISTANCE_SETTINGS;
    for (a, b) in [(&triangle, &square), (&square, &triangle)] {
        let r = GjkDistance::new(a, b).with_settings(&settings).run();
        assert!(
            !r.intersects && (r.distance - expected).abs() <= 1e-15,
            "{r:?}, expected {expected}"
        );
    }
}
