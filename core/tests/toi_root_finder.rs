//! The time of impact's root finder: the separation's slope it builds its cubic from
//! ([`SeparationFunction::evaluate_with_slope`]) against the separation's own rate of
//! change measured by central differences, and how few probes the cubic needs on the
//! turning pairs of `benches/cast_interleaved.rs`, counted from the watched steps.

mod common;

use common::turning::{ball, bench_pair, capsule, octagon, Rng};

use gjk_lab_core::algorithms::cast::separation::{SeparationFunction, SeparationKind};
use gjk_lab_core::algorithms::cast::toi::{RootRule, TimeOfImpact, ToiEvent};
use gjk_lab_core::algorithms::cast::{CastOptions, Sweep};
use gjk_lab_core::algorithms::{Progress, StepMachine};
use gjk_lab_core::shapes::{Pose, Shape};

/// The benchmark's three turning pairs.
fn pair(kind: &str, pa: Pose, pb: Pose) -> (Shape, Shape) {
    match kind {
        "8-gons" => (octagon(pa), octagon(pb)),
        "8-gon and ball" => (octagon(pa), ball(pb)),
        _ => (capsule(pa), capsule(pb)),
    }
}

#[test]
fn the_slope_is_the_separation_s_rate_of_change() {
    let mut seen = Vec::new();
    for kind in ["8-gons", "8-gon and ball", "capsules"] {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..256 {
            let (pa, ma, pb, mb) = bench_pair(&mut rng);
            let (a, b) = pair(kind, pa, pb);
            let mut sweep = Sweep::new(&a, ma, &b, mb);
            // The closest features at t1 = 0.2 fix the function; the deepest points at
            // 0.7 a pair of points it follows.
            let r = sweep.distance_at(0.2);
            if r.closest.is_none() {
                continue;
            }
            let f = SeparationFunction::from_distance(&sweep, &r, 0.2);
            let (_, witness) = f.deepest(&sweep, 0.7);
            if !seen.contains(&f.kind) {
                seen.push(f.kind);
            }
            for t in [0.05, 0.35, 0.6, 0.95] {
                let (value, slope) = f.evaluate_with_slope(&sweep, &witness, t);
                assert_eq!(
                    value.to_bits(),
                    f.evaluate(&sweep, &witness, t).to_bits(),
                    "{kind}: the value is evaluate's"
                );
                // Central differences: error h²·|f'''|/6 (f''' is at most a few units
                // here) plus the rounding of two values of a few units over 2h.
                let h = 1e-5;
                let rate = (f.evaluate(&sweep, &witness, t + h)
                    - f.evaluate(&sweep, &witness, t - h))
                    / (2.0 * h);
                assert!(
                    (slope - rate).abs() <= 1e-7 * (1.0 + rate.abs()),
                    "{kind} ({:?}) at t = {t}: slope {slope}, central difference {rate}",
                    f.kind
                );
            }
        }
    }
    for kind in [
        SeparationKind::Points,
        SeparationKind::FaceA,
        SeparationKind::FaceB,
    ] {
        assert!(seen.contains(&kind), "no {kind:?} function among the pairs");
    }
}

/// Probes per root found, and how many of them the cubic proposed, over the
/// benchmark's turning pairs of `kind` at gjk-lab's own tolerance.
fn probes_per_root(kind: &str) -> (f64, f64) {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let options = CastOptions::default();
    let (mut probes, mut roots, mut cubic) = (0usize, 0usize, 0usize);
    for _ in 0..1024 {
        let (pa, ma, pb, mb) = bench_pair(&mut rng);
        let (a, b) = pair(kind, pa, pb);
        let mut toi = TimeOfImpact::new(&a, ma, &b, mb, &options);
        while let Progress::Stepped(event) = toi.advance(true) {
            if let Some(ToiEvent::Root { rule, found, .. }) = event {
                probes += 1;
                roots += usize::from(found);
                cubic += usize::from(rule == RootRule::Cubic);
            }
        }
    }
    assert!(roots > 500, "{kind}: only {roots} roots found");
    (probes as f64 / roots as f64, cubic as f64 / probes as f64)
}

/// The secant's line cuts across a turning pair's curved separation: at gjk-lab's
/// tolerance (1e-10 of the pair's size) a root took 9.3, 7.1 and 7.1 probes on these
/// pairs (8-gons, 8-gon and ball, capsules) with Box2D's alternation of bisection and
/// the secant rule, 7.8, 5.4 and 5.4 with the secant rule and bisection only where it
/// stalled. The cubic matching both ends' slopes is off by `O(h⁴)` where the line is
/// off by `O(h²)`: 2.4, 1.9 and 2.0. (With its slopes all 0, or of the wrong sign, it
/// takes 23 or 9.9 on the 8-gons.)
#[test]
fn the_cubic_finds_a_root_in_a_few_probes() {
    for kind in ["8-gons", "8-gon and ball", "capsules"] {
        let (per_root, by_cubic) = probes_per_root(kind);
        assert!(
            per_root <= 3.0,
            "{kind}: {per_root:.2} probes per root (the cubic proposed {:.0}%)",
            100.0 * by_cubic
        );
        assert!(
            by_cubic >= 0.8,
            "{kind}: the cubic proposed only {by_cubic:.2}"
        );
    }
}
