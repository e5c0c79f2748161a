//! The moving pairs the cast benchmarks time (`cast_interleaved.rs`) and
//! `core/examples/cast_cost.rs` loops over.

use crate::common::Rng;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::shapes::Pose;
use gjk_lab_core::DVec2;

/// How many moving pairs a cast benchmark row times.
pub const PAIRS: usize = 1024;

/// One moving pair of the cast benchmarks: poses at `t = 0` and motions over the step.
#[derive(Clone, Copy)]
pub struct Case {
    /// A's pose.
    pub pa: Pose,
    /// B's pose.
    pub pb: Pose,
    /// A's motion.
    pub ma: Motion,
    /// B's motion.
    pub mb: Motion,
}

/// The cast benchmarks' [`PAIRS`] moving pairs (`core/benches/cast_interleaved.rs`
/// describes them), each shape turning by up to `±turn` rad over the step.
pub fn cases(turn: f64) -> Vec<Case> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    (0..PAIRS)
        .map(|_| {
            let pa = Pose::new(DVec2::new(rng.next(), rng.next()) * 10.0, rng.next() * 6.0);
            let dir = DVec2::from_angle(std::f64::consts::TAU * rng.next());
            let gap = 2.0 + 2.0 * rng.next();
            let pb = Pose::new(pa.position + dir * gap, rng.next() * 6.0);
            let aim = DVec2::from_angle((rng.next() - 0.5) * 1.2).rotate(-dir);
            let vb = aim * gap * (1.5 + 1.5 * rng.next());
            let va = DVec2::new(rng.next() - 0.5, rng.next() - 0.5);
            let (wa, wb) = (
                turn * (2.0 * rng.next() - 1.0),
                turn * (2.0 * rng.next() - 1.0),
            );
            Case {
                pa,
                pb,
                ma: Motion::new(va, wa),
                mb: Motion::new(vb, wb),
            }
        })
        .collect()
}
