//! The time of impact with another tolerance ([`TimeOfImpact::with_tolerance`]):
//! Box2D's window (`b2TimeOfImpact` hits within the linear slop, 0.005, give or take a
//! quarter of it: target `s = 0.00375`, `ε = 0.0025` for polygons; `[0, 0.0025]` for
//! rounded pairs, as gjk-lab's target is never below 0) on the turning pairs of
//! `benches/cast_interleaved.rs`, against brute force: a hit lands where the exact
//! distance is within `[s, s + ε]` and nowhere before it is the distance below `s`; a
//! miss means the distance stays above `s` over the step. And a tolerance that is not
//! a finite number above 0 leaves the default machine as it is.
//!
//! The reference is the exact distance of `toi_first_touch.rs` (no GJK), sampled.

mod common;

use common::turning::{ball, bench_pair, capsule, exact_distance, octagon, placed, Rng};

use gjk_lab_core::algorithms::cast::toi::TimeOfImpact;
use gjk_lab_core::algorithms::cast::CastOptions;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::shapes::Shape;

/// Box2D's linear slop.
const SLOP: f64 = 0.005;

/// The first sampled time (of `n + 1`) where the exact distance is below `s`, and the
/// smallest distance over the samples.
fn sampled(a: &Shape, ma: Motion, b: &Shape, mb: Motion, s: f64, n: usize) -> (Option<f64>, f64) {
    let mut least = f64::INFINITY;
    for k in 0..=n {
        let t = k as f64 / n as f64;
        let d = exact_distance(&placed(a, ma, t), &placed(b, mb, t));
        least = least.min(d);
        if d < s {
            return (Some(t), least);
        }
    }
    (None, least)
}

#[test]
fn box2d_s_window_agrees_with_brute_force() {
    for kind in ["8-gons", "8-gon and ball", "capsules"] {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let rounded = kind != "8-gons";
        let (s, eps) = if rounded {
            (0.0, 0.5 * SLOP)
        } else {
            (0.75 * SLOP, 0.5 * SLOP)
        };
        let (mut hits, mut misses) = (0, 0);
        for k in 0..1024 {
            let (pa, ma, pb, mb) = bench_pair(&mut rng);
            // Every 4th pair: brute force is slow.
            if k % 4 != 0 {
                continue;
            }
            let (a, b) = match kind {
                "8-gons" => (octagon(pa), octagon(pb)),
                "8-gon and ball" => (octagon(pa), ball(pb)),
                _ => (capsule(pa), capsule(pb)),
            };
            let r = TimeOfImpact::new(&a, ma, &b, mb, &CastOptions::with_target(s))
                .with_tolerance(eps)
                .run();
            // 1e-9 for the rounding of the exact distance.
            let slack = 1e-9;
            match r.t.filter(|_| r.hit) {
                Some(t) => {
                    hits += 1;
                    let d = exact_distance(&placed(&a, ma, t), &placed(&b, mb, t));
                    if t > 0.0 {
                        assert!(
                            d >= s - slack && d <= s + eps + slack,
                            "pair {k} ({kind}): distance {d} at t = {t}, not in [{s}, {}]",
                            s + eps
                        );
                    }
                    // Nowhere before t below the target.
                    let steps = 4000;
                    for i in 0..steps {
                        let u = t * i as f64 / steps as f64;
                        let d = exact_distance(&placed(&a, ma, u), &placed(&b, mb, u));
                        assert!(
                            d >= s - slack || t == 0.0,
                            "pair {k} ({kind}): distance {d} at {u}, before the hit at {t}"
                        );
                    }
                }
                None => {
                    misses += 1;
                    let (first, least) = sampled(&a, ma, &b, mb, s - slack, 4000);
                    assert!(
                        first.is_none(),
                        "pair {k} ({kind}): missed, but the distance is {least} at {first:?}"
                    );
                }
            }
        }
        assert!(
            hits > 200 && misses > 0,
            "{kind}: {hits} hits, {misses} misses"
        );
    }
}

/// A tolerance that is no finite number above 0 keeps gjk-lab's own: the same answer
/// as the default machine, bit for bit.
#[test]
fn a_bad_tolerance_keeps_the_default() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..64 {
        let (pa, ma, pb, mb) = bench_pair(&mut rng);
        let (a, b) = (octagon(pa), octagon(pb));
        let options = CastOptions::default();
        let plain = TimeOfImpact::new(&a, ma, &b, mb, &options).run();
        for e in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let other = TimeOfImpact::new(&a, ma, &b, mb, &options)
                .with_tolerance(e)
                .run();
            assert_eq!(plain, other);
        }
    }
}
