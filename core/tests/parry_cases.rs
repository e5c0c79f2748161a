//! parry2d's own tests (its `tests/` folder: `geometry/time_of_impact2.rs`,
//! `geometry/ball_ball_toi.rs`, `geometry/epa2.rs`, `issue_315_…`, `issue_431_…`) as
//! gjk-lab cases, with their numbers worked out by hand here. parry casts over
//! unbounded time and gjk-lab over one step, `t ∈ [0, 1]`: a parry cast whose answer
//! lies beyond 1 is asked with its velocities scaled by `k` (the answer then `t/k`).
//! parry's segment is a capsule of radius 0. (Its issue 180 and PR #410 are in
//! `tests/cast_cli.rs` and `core/tests/cast.rs`.)

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

/// Every exact algorithm's answer on the pair.
fn casts(a: &Shape, va: DVec2, b: &Shape, vb: DVec2) -> Vec<(CastAlgorithm, CastAnswer)> {
    EXACT
        .iter()
        .map(|&algo| {
            let options = CastOptions::default();
            let (ma, mb) = (Motion::translation(va), Motion::translation(vb));
            (algo, cast(Some(algo), a, ma, b, mb, &options).unwrap())
        })
        .collect()
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
