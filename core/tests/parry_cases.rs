//! parry2d's own tests (its `tests/` folder: `geometry/time_of_impact2.rs`,
//! `geometry/ball_ball_toi.rs`, `geometry/epa2.rs`, `issue_315_…`, `issue_431_…`) as
//! gjk-lab cases, with their numbers worked out by hand here. parry casts over
//! unbounded time and gjk-lab over one step, `t ∈ [0, 1]`: a parry cast whose answer
//! lies beyond 1 is asked with its velocities scaled by `k` (the answer then `t/k`).
//! parry's segment is a capsule of radius 0. (Its issue 180 and PR #410 are in
//! `tests/cast_cli.rs` and `core/tests/cast.rs`.)

mod common;

use gjk_lab_core::algorithms::cast::CastOptions;
use gjk_lab_core::algorithms::CastAlgorithm;
use gjk_lab_core::invariants::check_pair;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::query::cast::{cast, CastAnswer};
use gjk_lab_core::query::query;
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;

fn v(x: f64, y: f64) -> DVec2 {
    DVec2::new(x, y)
}

/// parry's `Cuboid::new(half_extents)` at `position`, turned by `angle`.
fn cuboid(hx: f64, hy: f64, position: DVec2, angle: f64) -> Shape {
    Shape::new(
        Geometry::Polygon(ConvexPolygon::rectangle(hx, hy)),
        Pose::new(position, angle),
    )
}

/// parry's `Ball::new(radius)` at `position`.
fn ball(radius: f64, position: DVec2) -> Shape {
    Shape::new(
        Geometry::Circle(Circle { radius }),
        Pose::new(position, 0.0),
    )
}

const EXACT: [CastAlgorithm; 3] = [
    CastAlgorithm::ShapeCast,
    CastAlgorithm::ConservativeAdvancement,
    CastAlgorithm::TimeOfImpact,
];

/// Every exact algorithm's answer on the pair (the SAT cast too, on two polygons).
fn casts(a: &Shape, va: DVec2, b: &Shape, vb: DVec2) -> Vec<(CastAlgorithm, CastAnswer)> {
    let options = CastOptions::default();
    let (ma, mb) = (Motion::translation(va), Motion::translation(vb));
    let mut answers: Vec<_> = EXACT
        .iter()
        .map(|&algo| (algo, cast(Some(algo), a, ma, b, mb, &options).unwrap()))
        .collect();
    if let Ok(sat) = cast(Some(CastAlgorithm::SatCast), a, ma, b, mb, &options) {
        answers.push((CastAlgorithm::SatCast, sat));
    }
    answers
}

/// Every exact algorithm hits at `t` (to the contract's 1e-9 of the size over the
/// speed; sizes and speeds are about 1 here).
fn hits_at(a: &Shape, va: DVec2, b: &Shape, vb: DVec2, t: f64) {
    for (algo, got) in casts(a, va, b, vb) {
        assert!(got.hit, "{algo:?}: {got:?}");
        let found = got.t.unwrap();
        assert!(
            (found - t).abs() <= 1e-9,
            "{algo:?}: t = {found}, parry's {t}"
        );
    }
}

/// `ball_cuboid_toi`: a ball of radius 1 and the cuboid `[−1, 1]²`, overlapping (t =
/// 0), closing along the diagonal from the corner (the gap √2 − 1 over the relative
/// speed |(−1.5, −1.5)|), and parting.
#[test]
fn ball_cuboid_toi() {
    let block = cuboid(1.0, 1.0, v(0.0, 0.0), 0.0);
    let (cuboid_vel1, cuboid_vel2) = (v(-1.0, 1.0), v(1.0, 1.0));
    let (ball_vel1, ball_vel2) = (v(2.0, 2.0), v(-0.5, -0.5));
    hits_at(&ball(1.0, v(1.0, 1.0)), ball_vel1, &block, cuboid_vel1, 0.0);
    let closing = (2.0f64.sqrt() - 1.0) / (ball_vel2 - cuboid_vel2).length();
    hits_at(
        &ball(1.0, v(2.0, 2.0)),
        ball_vel2,
        &block,
        cuboid_vel2,
        closing,
    );
    for (algo, got) in casts(&ball(1.0, v(3.0, 3.0)), ball_vel2, &block, cuboid_vel1) {
        assert!(!got.hit, "{algo:?}: {got:?}");
    }
}

/// `cuboid_cuboid_toi_issue_214`: a cuboid of half-extents (1, 1) moving by (1, 0)
/// meets one of (1, 1.5) at x = 10 at t = 8 (parry found none); asked over one step
/// with the velocity scaled by 10: t = 0.8.
#[test]
fn cuboid_cuboid_toi_issue_214() {
    let a = cuboid(1.0, 1.0, v(0.0, 0.0), 0.0);
    let b = cuboid(1.0, 1.5, v(10.0, 0.0), 0.0);
    hits_at(&a, v(10.0, 0.0), &b, v(0.0, 0.0), 0.8);
}

/// `cast_shapes_should_return_toi_for_ball_and_rotated_segment` (and its polyline and
/// swapped twins): a ball of radius 0.5 moving by (1, 0) meets the segment
/// (1, 1)–(−1, 1) turned by −π/2, upright at x = 1, at t = ½, from either side of
/// the call.
#[test]
fn ball_and_rotated_segment() {
    let segment = Shape::new(
        Geometry::capsule(v(1.0, 1.0), v(-1.0, 1.0), 0.0).unwrap(),
        Pose::new(v(0.0, 0.0), -std::f64::consts::FRAC_PI_2),
    );
    let b = ball(0.5, v(0.0, 0.0));
    hits_at(&b, v(1.0, 0.0), &segment, v(0.0, 0.0), 0.5);
    hits_at(&segment, v(0.0, 0.0), &b, v(1.0, 0.0), 0.5);
}

/// `test_ball_ball_toi` (parry's issue 35): two balls of radius 0.5, ten apart, one
/// moving by (0, 10): they touch at t = 0.9.
#[test]
fn ball_ball_toi_issue_35() {
    hits_at(
        &ball(0.5, v(0.0, 0.0)),
        v(0.0, 10.0),
        &ball(0.5, v(0.0, 10.0)),
        v(0.0, 0.0),
        0.9,
    );
}

/// `cuboid_cuboid_EPA`: cuboids of half-extents (2, 1), the first at (3.5, 0): depth
/// 0.5, the normal from it towards the other −x; at (0, 0.2): depth 1.8 along −y.
#[test]
fn cuboid_cuboid_epa() {
    let other = cuboid(2.0, 1.0, v(0.0, 0.0), 0.0);
    for (at, depth, normal) in [
        (v(3.5, 0.0), 0.5, v(-1.0, 0.0)),
        (v(0.0, 0.2), 1.8, v(0.0, -1.0)),
    ] {
        let q = query(&cuboid(2.0, 1.0, at, 0.0), &other);
        assert!(q.intersects);
        assert!((q.depth - depth).abs() <= 1e-12, "{at}: {}", q.depth);
        assert!(
            (q.normal.unwrap() - normal).length() <= 1e-12,
            "{at}: {q:?}"
        );
    }
}

/// `cuboids_large_size_ratio_issue_181` (parry panicked): a cuboid of half-extents
/// (10, 10) sliding and turning against one of (300, 1.5), pushed out by its depth
/// after every step: every query keeps the contract (`invariants::check_pair`), both
/// ways round. 20,000 of parry's 200,000 steps.
#[test]
fn cuboids_large_size_ratio_issue_181() {
    let b = cuboid(300.0, 1.5, v(5.0, 0.0), 1.5);
    let (mut p, mut angle) = (v(0.0, 0.0), 0.0);
    for step in 0..20_000 {
        p.x += 0.0001;
        angle += 0.005;
        let a = cuboid(10.0, 10.0, p, angle);
        if let Err(e) = check_pair(&a, &b) {
            panic!("step {step}: {e}");
        }
        let q = query(&a, &b);
        if let Some(n) = q.normal.filter(|_| q.intersects) {
            // The normal points from A towards B: A leaves along −n.
            p -= n * q.depth;
        }
    }
}

/// `exactly_touching_cuboids` and `overlapping_cuboids` (parry's issue 315): unit
/// boxes side by side touch (depth 0, the normal +x, the contacts on x = 1); 0.3
/// further in, depth 0.3.
#[test]
fn touching_cuboids_issue_315() {
    let a = cuboid(0.5, 0.5, v(0.5, 0.5), 0.0);
    let q = query(&a, &cuboid(0.5, 0.5, v(1.5, 0.5), 0.0));
    assert!(q.intersects && q.depth.abs() <= 1e-12, "{q:?}");
    assert!((q.normal.unwrap() - v(1.0, 0.0)).length() <= 1e-12, "{q:?}");
    assert!(!q.contacts.is_empty());
    for c in &q.contacts {
        assert!((c.point.x - 1.0).abs() <= 1e-12, "{c:?}");
    }
    let q = query(&a, &cuboid(0.5, 0.5, v(1.2, 0.5), 0.0));
    assert!((q.depth - 0.3).abs() <= 1e-12, "{q:?}");
    assert!((q.normal.unwrap() - v(1.0, 0.0)).length() <= 1e-12, "{q:?}");
}

/// parry's issue 431: cuboid distances the same both ways round and as worked out by
/// hand — face to face (3.573167, 4), corner to corner (√13), a corner turned 45°
/// onto a face (3 − √2), touching and overlapping (0).
#[test]
fn cuboid_distances_issue_431() {
    let unit = cuboid(1.0, 1.0, v(0.0, 0.0), 0.0);
    let cases = [
        (cuboid(1.0, 2.0, v(-5.573167, 0.0), 0.0), 3.573167),
        (cuboid(2.0, 1.0, v(7.0, 0.5), 0.0), 4.0),
        (cuboid(1.0, 1.0, v(5.0, 4.0), 0.0), 13f64.sqrt()),
        (
            cuboid(1.0, 1.0, v(0.0, 4.0), std::f64::consts::FRAC_PI_4),
            3.0 - 2f64.sqrt(),
        ),
        (cuboid(1.0, 2.0, v(2.0, 0.0), 0.0), 0.0),
        (cuboid(1.0, 2.0, v(1.5, 0.0), 0.0), 0.0),
    ];
    for (other, expected) in cases {
        let (ab, ba) = (query(&unit, &other).distance, query(&other, &unit).distance);
        assert!(
            (ab - expected).abs() <= 1e-12,
            "{other:?}: {ab}, by hand {expected}"
        );
        assert_eq!(ab, ba, "{other:?}: not the same both ways round");
    }
}

/// `capsule_convergence` (parry's issue 205: EPA did not converge): a capsule of
/// half-height 5 and radius 10 against a wide triangle. Its core stops 0.57 short of
/// the triangle's upper-left edge, so the depth is the radius less that gap (the two
/// cores' distance).
#[test]
fn capsule_convergence_issue_205() {
    let centre = v(381.592, 348.491);
    let capsule = Shape::new(
        Geometry::capsule(v(0.0, -5.0), v(0.0, 5.0), 10.0).unwrap(),
        Pose::new(centre, 0.0),
    );
    let corners = [v(64.0, 507.0), v(440.0, 326.0), v(1072.0, 507.0)];
    let triangle = Shape::new(
        Geometry::Polygon(ConvexPolygon::new(&corners).unwrap()),
        Pose::default(),
    );
    // The cores' distance by brute force (`common`: edge against edge, no GJK).
    let (core, _) = common::world_core(&capsule).unwrap();
    let gap = common::core_distance(&core, &corners);
    assert!(gap > 0.5 && gap < 0.6, "{gap}");
    for (a, b) in [(&capsule, &triangle), (&triangle, &capsule)] {
        let got = query(a, b);
        assert!(got.intersects);
        assert!((got.depth - (10.0 - gap)).abs() <= 1e-9, "{}", got.depth);
    }
}

/// `closest_points_cuboid_cuboid_axis_aligned_…`: unit boxes apart on a diagonal
/// (gaps 1 and 0.5: √1.25 between the facing corners, in every quadrant), corner to
/// corner with a gap of 1e-4 along x, and boxes whose gaps are within an ulp of 0.
#[test]
fn cuboid_closest_points() {
    let a = cuboid(1.0, 1.0, v(0.0, 0.0), 0.0);
    for (x, y) in [(3.0, 2.5), (3.0, -2.5), (-3.0, 2.5), (-3.0, -2.5)] {
        let q = query(&a, &cuboid(1.0, 1.0, v(x, y), 0.0));
        assert!(
            (q.distance - 1.25f64.sqrt()).abs() <= 1e-12,
            "({x}, {y}): {q:?}"
        );
        let corner = v(f64::signum(x), f64::signum(y));
        assert!(
            (q.closest_a.unwrap() - corner).length() <= 1e-12,
            "({x}, {y}): {q:?}"
        );
        let other = v(x, y) - corner;
        assert!(
            (q.closest_b.unwrap() - other).length() <= 1e-12,
            "({x}, {y}): {q:?}"
        );
    }
    let q = query(&a, &cuboid(1.0, 1.0, v(2.0 + 1e-4, 2.0), 0.0));
    assert!((q.distance - 1e-4).abs() <= 1e-12, "{q:?}");
    assert!(
        (q.closest_a.unwrap() - v(1.0, 1.0)).length() <= 1e-12,
        "{q:?}"
    );
    let c1 = cuboid(0.5386359, 0.8874373, v(0.0, 0.0), 0.0);
    let c2 = cuboid(1.0999209, 0.17219427, v(-1.6385567, 1.0596324), 0.0);
    assert!(query(&c1, &c2).distance < 1e-5);
}

/// `test_ball_cuboid_query_contact` and `test_false_negative`: a ball of radius 0.5
/// 0.05 into the bottom of a cuboid, and a ball of radius 1 on the corner of
/// `[−1, 1]²`, overlap both ways round.
#[test]
fn ball_cuboid_contact() {
    let pairs = [
        (
            cuboid(0.5, 0.5, v(0.0, 4.0), 0.0),
            ball(0.5, v(0.0517938, 3.05178815)),
        ),
        (cuboid(1.0, 1.0, v(0.0, 0.0), 0.0), ball(1.0, v(1.0, 1.0))),
    ];
    for (block, b) in pairs {
        for (x, y) in [(&block, &b), (&b, &block)] {
            let q = query(x, y);
            assert!(q.intersects && q.depth > 0.0, "{q:?}");
            assert!(!q.contacts.is_empty(), "{q:?}");
        }
    }
}

/// rapier's issue 168 (parry's test of it): a ball of radius 1 by the end (10, 0) of
/// the segment from (−10, 0): beyond it on the diagonal (√2 − 1 apart, the normal
/// along the diagonal), in line with it (0.5 apart, +x), centred on it (depth 1) and
/// overlapping it (depth 1 − √½, along the diagonal); every normal a unit vector.
#[test]
fn ball_at_a_segment_end_issue_168() {
    let segment = Shape::new(
        Geometry::capsule(v(-10.0, 0.0), v(10.0, 0.0), 0.0).unwrap(),
        Pose::default(),
    );
    let diagonal = v(1.0, 1.0).normalize();
    let apart = [
        (v(11.0, 1.0), 2f64.sqrt() - 1.0, diagonal),
        (v(11.5, 0.0), 0.5, v(1.0, 0.0)),
    ];
    for (at, distance, along) in apart {
        let q = query(&segment, &ball(1.0, at));
        assert!(
            !q.intersects && (q.distance - distance).abs() <= 1e-12,
            "{at}: {q:?}"
        );
        let n = (q.closest_b.unwrap() - q.closest_a.unwrap()).normalize();
        assert!((n - along).length() <= 1e-9, "{at}: {q:?}");
    }
    let overlapping = [(v(10.0, 0.0), 1.0), (v(10.5, 0.5), 1.0 - 0.5f64.sqrt())];
    for (at, depth) in overlapping {
        let q = query(&segment, &ball(1.0, at));
        assert!(
            q.intersects && (q.depth - depth).abs() <= 1e-9,
            "{at}: {q:?}"
        );
        let n = q.normal.unwrap();
        assert!((n.length() - 1.0).abs() <= 1e-12, "{at}: {q:?}");
        if at == v(10.5, 0.5) {
            assert!((n - diagonal).length() <= 1e-6, "{at}: {q:?}");
        }
    }
}

/// A ray from `origin` along the unit `direction` as gjk-lab casts it: a point moving
/// by `length·direction` over the step. Every exact algorithm's distance along the
/// ray to its first touch of `target`, or `None`.
fn ray(target: &Shape, origin: DVec2, direction: DVec2) -> Vec<(CastAlgorithm, Option<f64>)> {
    const LENGTH: f64 = 100.0;
    let point = Shape::new(
        Geometry::Circle(Circle { radius: 0.0 }),
        Pose::new(origin, 0.0),
    );
    casts(target, v(0.0, 0.0), &point, direction * LENGTH)
        .into_iter()
        .map(|(algo, got)| (algo, got.t.filter(|_| got.hit).map(|t| t * LENGTH)))
        .collect()
}

/// `geometry/ray_cast.rs`: rays against the segment (0, −1)–(0, 1) along its own line
/// (from on it: 0; from below: 1; from above: none), rays beside upright segments at
/// x = 2 (none, parry's issue 178), rays across the segment (0, −10)–(0, 10) (from
/// behind: 1; in front, above, below: none; from on it: 0), and rays at the triangle
/// (0, −10), (0, 10), (10, 0) (from outside: 10; from inside or its edge: 0).
#[test]
fn ray_casts() {
    let segment =
        |a: DVec2, b: DVec2| Shape::new(Geometry::capsule(a, b, 0.0).unwrap(), Pose::default());
    let short = segment(v(0.0, 1.0), v(0.0, -1.0));
    let long = segment(v(0.0, -10.0), v(0.0, 10.0));
    let triangle = Shape::new(
        Geometry::Polygon(
            ConvexPolygon::new(&[v(0.0, -10.0), v(10.0, 0.0), v(0.0, 10.0)]).unwrap(),
        ),
        Pose::default(),
    );
    let (up, right) = (v(0.0, 1.0), v(1.0, 0.0));
    let cases = [
        (segment(v(2.0, 1.0), v(2.0, 0.0)), v(0.0, 0.0), up, None),
        (segment(v(2.0, 1.0), v(2.0, -1.0)), v(0.0, 0.0), up, None),
        (short.clone(), v(0.0, 0.0), up, Some(0.0)),
        (short.clone(), v(0.0, -2.0), up, Some(1.0)),
        (short, v(0.0, 2.0), up, None),
        (long.clone(), v(-1.0, 0.0), right, Some(1.0)),
        (long.clone(), v(1.0, 0.0), right, None),
        (long.clone(), v(0.0, 3.0), right, Some(0.0)),
        (long.clone(), v(0.0, 11.0), right, None),
        (long, v(0.0, -11.0), right, None),
        (triangle.clone(), v(-10.0, 0.0), right, Some(10.0)),
        (triangle.clone(), v(2.0, 0.0), right, Some(0.0)),
        (triangle, v(0.0, 0.0), right, Some(0.0)),
    ];
    for (target, origin, direction, expected) in cases {
        for (algo, got) in ray(&target, origin, direction) {
            let what = format!("{algo:?}, from {origin} along {direction}");
            match (got, expected) {
                (Some(d), Some(e)) => assert!((d - e).abs() <= 1e-7, "{what}: {d}, parry's {e}"),
                (got, expected) => assert_eq!(got, expected, "{what}"),
            }
        }
    }
}

/// `convexpoly_raycast_fuzz`: 10,000 rays from (3, 1 + k·1e-4) aimed at (0, 2) hit
/// the square `[1, 2]²` on its near face x = 2, `√(9 + (2 − y)²)/3` along the ray, never
/// the far one (the shape cast: the ray cast's own algorithm).
#[test]
fn convex_polygon_ray_cast_fuzz() {
    let square = Shape::new(
        Geometry::Polygon(
            ConvexPolygon::new(&[v(2.0, 1.0), v(2.0, 2.0), v(1.0, 2.0), v(1.0, 1.0)]).unwrap(),
        ),
        Pose::default(),
    );
    let point = |origin: DVec2| {
        Shape::new(
            Geometry::Circle(Circle { radius: 0.0 }),
            Pose::new(origin, 0.0),
        )
    };
    for k in 0..10_000 {
        let origin = v(3.0, 1.0 + k as f64 * 0.0001);
        let direction = (v(0.0, 2.0) - origin).normalize();
        let expected = (9.0 + (2.0 - origin.y).powi(2)).sqrt() / 3.0;
        let got = cast(
            Some(CastAlgorithm::ShapeCast),
            &square,
            Motion::NONE,
            &point(origin),
            Motion::translation(direction * 10.0),
            &CastOptions::default(),
        )
        .unwrap();
        let d = got.t.expect("a hit") * 10.0;
        assert!(
            (d - expected).abs() <= 1e-9,
            "ray {k}: {d}, by hand {expected}"
        );
    }
}
