//! gjk-lab's numeric range (`gjk_lab_core::range`): coordinates and sizes up to 1e12 in
//! magnitude, shapes at least 1e-9 across. Property tests draw pairs at every scale of
//! that range — shapes from 1e-9 to 1e11 across, placed anywhere up to 1e12 from the
//! origin, of sizes up to 1e3 apart — and check, for every query and every step
//! machine, the contract of `gjk_lab_core::invariants` (no NaN or infinity, depths and
//! distances ≥ 0, unit normals to 1e-12, swap symmetry, SAT and GJK agreeing), and the
//! answers against closed forms (circles, axis-aligned boxes) computed independently.
//!
//! The cases per property are `GJK_LAB_CASES / 4` (25,000 in CI): each case runs every
//! algorithm, traced, both ways round.

mod common;

use gjk_lab_core::invariants::{check_pair_thoroughly as check_pair, check_sweep};
use gjk_lab_core::query::query;
use gjk_lab_core::range::{MAX_COORDINATE, MIN_SIZE};
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;
use std::f64::consts::TAU;

fn cases() -> proptest::test_runner::Config {
    let mut config = common::proptest_config(100_000);
    config.cases = (config.cases / 4).max(50);
    config
}

/// A base scale `10^k`, `k` uniform over the range's exponents.
fn arb_scale() -> impl Strategy<Value = f64> {
    (MIN_SIZE.log10()..11.5f64).prop_map(|k| 10f64.powf(k))
}

/// A star-shaped polygon around the origin (simple, usually concave): `n` angles in
/// order, each with its own radius in `[0.3, 1]·size`.
fn star(n: usize, size: f64, seed: &[(f64, f64)]) -> Option<Geometry> {
    let vertices: Vec<DVec2> = (0..n)
        .map(|i| {
            let (jitter, radius) = seed[i % seed.len()];
            let angle = TAU * (i as f64 + 0.8 * jitter) / n as f64;
            DVec2::from_angle(angle) * size * radius
        })
        .collect();
    Geometry::polygon(&vertices).ok()
}

/// Any kind of geometry, of size `size`.
fn arb_geometry(size: f64) -> impl Strategy<Value = Geometry> {
    let polygon = prop::collection::vec((-1.0f64..1.0, -1.0f64..1.0), 3..9).prop_filter_map(
        "degenerate polygon",
        move |points| {
            let pts: Vec<DVec2> = points
                .iter()
                .map(|&(x, y)| DVec2::new(x, y) * size)
                .collect();
            let hull = gjk_lab_core::geometry::convex_hull(&pts);
            ConvexPolygon::new(&hull).ok().map(Geometry::Polygon)
        },
    );
    let concave = (
        4usize..9,
        prop::collection::vec((0.0f64..1.0, 0.3f64..1.0), 8),
    )
        .prop_filter_map("not a polygon", move |(n, seed)| star(n, size, &seed));
    prop_oneof![
        3 => polygon,
        2 => (0.1f64..1.0).prop_map(move |r| Geometry::Circle(Circle { radius: r * size })),
        2 => (0.1f64..1.0, 0.1f64..1.0)
            .prop_map(move |(a, b)| Geometry::Ellipse(Ellipse { a: a * size, b: b * size })),
        1 => concave,
    ]
}

/// A pair of shapes at one scale: sizes `s` and `s·10^j` (`|j| ≤ 3`), near each other
/// (within a few sizes) around a base point anywhere in the range.
fn arb_pair() -> impl Strategy<Value = (Shape, Shape)> {
    (
        arb_scale(),
        -3.0f64..3.0,
        -1.0f64..1.0,
        -1.0f64..1.0,
        0..4u8,
    )
        .prop_flat_map(|(s, j, bx, by, base_kind)| {
            let sb = (s * 10f64.powf(j)).clamp(MIN_SIZE, 3e11);
            let reach = 3.0 * s.max(sb);
            // The base point: the origin, or anywhere leaving room for the shapes.
            let room = (MAX_COORDINATE - 2.0 * reach).max(0.0);
            let base = if base_kind == 0 {
                DVec2::ZERO
            } else {
                DVec2::new(bx, by) * room
            };
            let place = move |g: Geometry, x: f64, y: f64, r: f64, size: f64| {
                Shape::new(g, Pose::new(base + DVec2::new(x, y) * size, r))
            };
            (
                arb_geometry(s),
                arb_geometry(sb),
                (-2.0f64..2.0, -2.0f64..2.0, 0.0..TAU),
                (-2.0f64..2.0, -2.0f64..2.0, 0.0..TAU),
            )
                .prop_map(move |(ga, gb, (xa, ya, ra), (xb, yb, rb))| {
                    let size = s.max(sb);
                    (place(ga, xa, ya, ra, size), place(gb, xb, yb, rb, size))
                })
        })
}

/// A shape and a circle placed exactly touching it (up to rounding) along a random
/// direction: where a depth of −8e-17 once came from.
fn arb_touching_pair() -> impl Strategy<Value = (Shape, Shape)> {
    (arb_pair(), 0.0..TAU, 0.05f64..2.0).prop_map(|((a, b), angle, k)| {
        use gjk_lab_core::shapes::Support;
        let d = DVec2::from_angle(angle);
        let r = (k * b.bounding_radius()).max(MIN_SIZE);
        let centre = a.position() + a.support(d).point + d * r;
        (
            a,
            Shape::new(
                Geometry::Circle(Circle { radius: r }),
                Pose::new(centre, 0.0),
            ),
        )
    })
}

/// Two circles or two axis-aligned boxes anywhere in the range, at any scale.
fn arb_closed_form_pair() -> impl Strategy<Value = (bool, f64, f64, f64, DVec2, DVec2)> {
    (
        any::<bool>(),
        arb_scale(),
        0.1f64..1.0,
        0.1f64..1.0,
        (-1.0f64..1.0, -1.0f64..1.0),
        (-3.0f64..3.0, -3.0f64..3.0),
    )
        .prop_map(|(boxes, s, ra, rb, (bx, by), (dx, dy))| {
            let base = DVec2::new(bx, by) * (MAX_COORDINATE - 8.0 * s).max(0.0);
            (
                boxes,
                s,
                ra * s,
                rb * s,
                base,
                base + DVec2::new(dx, dy) * s,
            )
        })
}

fn square(half: f64, at: DVec2) -> Shape {
    Shape::new(
        Geometry::Polygon(ConvexPolygon::rectangle(half, half)),
        Pose::new(at, 0.0),
    )
}

proptest! {
    #![proptest_config(cases())]

    /// Every query and every step machine keeps the contract at every scale.
    #[test]
    fn every_query_and_step_machine_keeps_the_contract_across_the_range(
        (a, b) in arb_pair()
    ) {
        if let Err(e) = check_pair(&a, &b) {
            panic!("{e}\nA = {a:?}\nB = {b:?}");
        }
        check_sweep(&[a, b]).unwrap();
    }

    /// Exactly touching pairs: depths and distances stay ≥ 0, normals unit.
    #[test]
    fn touching_pairs_keep_the_contract_across_the_range((a, b) in arb_touching_pair()) {
        if let Err(e) = check_pair(&a, &b) {
            panic!("{e}\nA = {a:?}\nB = {b:?}");
        }
    }

    /// Circles and axis-aligned squares against their closed forms, anywhere in the
    /// range: the relative accuracy does not depend on the scale or the position.
    #[test]
    fn answers_match_closed_forms_across_the_range(
        (boxes, s, ra, rb, ca, cb) in arb_closed_form_pair()
    ) {
        let (a, b, signed) = if boxes {
            let d = (cb - ca).abs();
            let gap = d - DVec2::splat(ra + rb);
            let signed = if gap.max_element() > 0.0 {
                -gap.max(DVec2::ZERO).length()
            } else {
                -gap.max_element()
            };
            (square(ra, ca), square(rb, cb), signed)
        } else {
            let circle = |r: f64, c: DVec2| Shape::new(Geometry::Circle(Circle { radius: r }), Pose::new(c, 0.0));
            (circle(ra, ca), circle(rb, cb), ra + rb - (cb - ca).length())
        };
        let q = query(&a, &b);
        let tol = 1e-8 * s;
        if signed.abs() > tol {
            prop_assert_eq!(q.intersects, signed > 0.0, "signed {} q {:?}", signed, q);
        }
        if signed > tol {
            prop_assert!((q.depth - signed).abs() <= tol, "depth {} vs {}", q.depth, signed);
        } else if signed < -tol {
            prop_assert!((q.distance + signed).abs() <= tol, "distance {} vs {}", q.distance, -signed);
        }
    }
}

/// A fuzz finding, kept: a sliver 1e7 long and 0.007 wide, 0.4 from a small triangle.
/// GJK measures the distance, 0.4; SAT's largest gap on an edge normal is 0.0025, under
/// the pair's touching tolerance (1e-9 of 1e7), so SAT calls them touching, depth 0.
/// Both are right within their tolerances, and the contract holds.
#[test]
fn a_sliver_1e9_times_longer_than_wide_keeps_the_contract() {
    let polygon = |v: &[(f64, f64)], x: f64, y: f64, r: f64| {
        let v: Vec<DVec2> = v.iter().map(|&(x, y)| DVec2::new(x, y)).collect();
        Shape::new(
            Geometry::Polygon(ConvexPolygon::new(&v).unwrap()),
            Pose::new(DVec2::new(x, y), r),
        )
    };
    let a = polygon(
        &[(-1.208e-9, 0.0), (0.309, -0.001912), (1.0, 0.0)],
        0.0,
        0.0,
        0.0,
    );
    let b = polygon(
        &[(-1e7, 0.0), (0.0, 0.0), (-16960.00001390843, 0.0070625)],
        -0.400_000_000_138_536,
        0.0,
        -1.928_000_688_297_208_3e-7,
    );
    let q = query(&a, &b);
    assert!(!q.intersects && (q.distance - 0.4).abs() < 1e-6, "{q:?}");
    let sat = gjk_lab_core::query::sat(&a, &b);
    assert_eq!(sat.intersects(), Some(true), "{sat:?}");
    check_pair(&a, &b).unwrap();
}

/// A fuzz finding, kept: a needle 1e11 times longer than wide (its short edge is 1.6e-11
/// of its size, so that edge's normal is good to about 1e-5 rad) 3.5e-8 from a
/// triangle. SAT and face separation measure an overlap of 1.2e-7 on that imprecise
/// normal, GJK a gap of 3.5e-8: both within 1e-8 of the pair's size (25), the accuracy
/// the contract asks. The query answers by face separation (an overlap of 1.2e-7) or,
/// were that normal rounded the other way, by the walk (a gap): either is within it.
#[test]
fn a_needle_1e11_times_longer_than_wide_keeps_the_contract() {
    let polygon = |v: &[(f64, f64)], x: f64, y: f64, r: f64| {
        let v: Vec<DVec2> = v.iter().map(|&(x, y)| DVec2::new(x, y)).collect();
        Shape::new(
            Geometry::Polygon(ConvexPolygon::new(&v).unwrap()),
            Pose::new(DVec2::new(x, y), r),
        )
    };
    let a = polygon(
        &[
            (-1.0, -1.0),
            (1.0, -2.530_170_676_984_330_8e-98),
            (5.558_536_4e-317, 2.427_64e-319),
        ],
        2.427_64e-319,
        8.087e-320,
        0.0,
    );
    let b = polygon(
        &[
            (17.686_274_509_760_974, 17.686_274_509_803_923),
            (-10.000_000_000_291_179, -10.000_000_000_000_14),
            (-10.000_000_000_000_14, -10.000_000_000_000_425),
        ],
        1.768_627_450_980_392_2e-9,
        1.713_725_490_196_078_2e-7,
        1.713_725_490_196_078_2e-7,
    );
    let q = query(&a, &b);
    let sat = gjk_lab_core::query::sat(&a, &b);
    let within = 1e-8 * 25.0;
    assert!(
        (q.intersects && q.depth < within) || (!q.intersects && q.distance < within),
        "{q:?}"
    );
    assert_eq!(sat.intersects(), Some(true), "{sat:?}");
    check_pair(&a, &b).unwrap();
}
