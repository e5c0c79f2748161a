//! The time of impact's first touch with a turn, against brute force.
//!
//! Box2D's `b2TimeOfImpact` skips `[t1, t2]` when an axis's deepest points are apart
//! at both ends. Without a turn every pair's separation along the axis is linear in
//! `t`, so their minimum cannot dip between the ends; with a turn it can: on 15 of
//! the 1,024 turning 8-gon pairs of `benches/cast_interleaved.rs` (6 with a circle)
//! one shape turned through the other between `t = 0` and `t = 1` while the first
//! axis still separated them at `t = 1`, and the time of impact answered "separated"
//! (no hit). The machine now rules a dip out with a bound on the separation's
//! curvature before it skips, halving `t2` until it can.
//!
//! The reference is independent of the library's cast and GJK code: the exact
//! distance (polygons: separating axes for overlap, else vertex–edge distances;
//! circles in closed form), sampled at 20,000 times, the first sample within the
//! target bisected against the one before.

mod common;

use common::turning::{ball, bench_pair, capsule, exact_distance, octagon, placed, Rng};

use gjk_lab_core::algorithms::cast::advancement::Advancement;
use gjk_lab_core::algorithms::cast::toi::{TimeOfImpact, ToiOutcome};
use gjk_lab_core::algorithms::cast::CastOptions;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::shapes::{Pose, Shape};
use gjk_lab_core::DVec2;

/// The first time the exact distance is 0: sampled at `n` times, then bisected.
fn brute_first(a: &Shape, ma: Motion, b: &Shape, mb: Motion, n: usize) -> Option<f64> {
    let touching = |t: f64| exact_distance(&placed(a, ma, t), &placed(b, mb, t)) <= 0.0;
    let mut before = 0.0;
    for k in 0..=n {
        let t = k as f64 / n as f64;
        if touching(t) {
            if k == 0 {
                return Some(0.0);
            }
            let (mut lo, mut hi) = (before, t);
            for _ in 0..80 {
                let mid = 0.5 * (lo + hi);
                if touching(mid) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            return Some(hi);
        }
        before = t;
    }
    None
}

fn toi(a: &Shape, ma: Motion, b: &Shape, mb: Motion) -> (Option<f64>, ToiOutcome) {
    let mut m = TimeOfImpact::new(a, ma, b, mb, &CastOptions::default());
    gjk_lab_core::algorithms::run_to_end(&mut m);
    let r = m.result().expect("ended");
    (r.t.filter(|_| r.hit), m.outcome().expect("ended"))
}

fn check_against_brute_force(a: Shape, ma: Motion, b: Shape, mb: Motion) {
    let reference = brute_first(&a, ma, &b, mb, 20_000).expect("the pair touches");
    let (t, outcome) = toi(&a, ma, &b, mb);
    let t = t.unwrap_or_else(|| panic!("missed the touch at {reference}: {outcome:?}"));
    let scale = a.bounding_radius().max(b.bounding_radius());
    let speed = (mb.velocity - ma.velocity).length()
        + ma.angular.abs() * a.bounding_radius()
        + mb.angular.abs() * b.bounding_radius();
    assert!(
        (t - reference).abs() <= 1e-7 * scale / speed,
        "t = {t}, brute force {reference}: {outcome:?}"
    );
}

/// Benchmark pair 300 (8-gons): the first axis separated the shapes at `t = 1`, and
/// the time of impact answered `separated`; they touch at t ≈ 0.26093.
#[test]
fn a_turn_through_the_other_shape_is_not_skipped() {
    let a = octagon(Pose::new(
        DVec2::new(3.919068505168146, 4.471408150858341),
        3.315713737953888,
    ));
    let b = octagon(Pose::new(
        DVec2::new(1.8551860847875736, 1.8178681919126736),
        4.551215295429242,
    ));
    let ma = Motion::new(
        DVec2::new(-0.16822627559113168, 0.20121571237450142),
        0.4686165775554816,
    );
    let mb = Motion::new(
        DVec2::new(7.549793324389597, 3.0630080216292863),
        0.9616748862475528,
    );
    check_against_brute_force(a, ma, b, mb);
}

/// Benchmark pair 428 with a ball for B: the same skip, a ball that turns.
#[test]
fn a_turn_through_a_ball_is_not_skipped() {
    let a = octagon(Pose::new(
        DVec2::new(7.707070838353615, 0.9933727792636071),
        2.69500156472548,
    ));
    let b = ball(Pose::new(
        DVec2::new(6.522185906956951, 4.634773186762241),
        0.2375844722549747,
    ));
    let ma = Motion::new(
        DVec2::new(0.1543597768722973, 0.12958007247629544),
        0.8003190044927639,
    );
    let mb = Motion::new(
        DVec2::new(-1.3203912801877917, -9.660906780795155),
        0.01934759640110162,
    );
    check_against_brute_force(a, ma, b, mb);
}

/// Benchmark pair 2 of the turning capsules: the points axis came from the shapes'
/// closest points, nearly one point at a distance of 1e-10, and pointed 1e-4 rad
/// astray; the root finder lost its bracket (`root_finder_failed`, no hit) on 415 of
/// 1,024 pairs. Now from the cores' closest points, and a capsule's side is a face.
#[test]
fn turning_capsules_are_hit_at_their_first_touch() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let pairs: Vec<_> = (0..3).map(|_| bench_pair(&mut rng)).collect();
    let (pa, ma, pb, mb) = pairs[2];
    check_against_brute_force(capsule(pa), ma, capsule(pb), mb);
}

/// Every turning pair of the benchmark (its three turning rows): the time of impact finds the same
/// hit or miss as conservative advancement (whose bound never steps past a touch),
/// `t` within 1e-7.
#[test]
fn every_benchmark_pair_agrees_with_advancement() {
    for kind in ["8-gons", "8-gon and ball", "capsules"] {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for k in 0..1024 {
            let (pa, ma, pb, mb) = bench_pair(&mut rng);
            let (a, b) = match kind {
                "8-gons" => (octagon(pa), octagon(pb)),
                "8-gon and ball" => (octagon(pa), ball(pb)),
                _ => (capsule(pa), capsule(pb)),
            };
            let (t, outcome) = toi(&a, ma, &b, mb);
            let adv = Advancement::new(&a, ma, &b, mb, &CastOptions::default()).run();
            let first = adv.t.filter(|_| adv.hit);
            let same = match (t, first) {
                (Some(x), Some(y)) => (x - y).abs() <= 1e-7,
                (None, None) => true,
                _ => false,
            };
            assert!(
                same,
                "pair {k} ({kind}): time of impact {t:?} ({outcome:?}), advancement {first:?}"
            );
        }
    }
}
