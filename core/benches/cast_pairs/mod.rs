//! The moving pairs the cast benchmarks time (`cast_interleaved.rs`),
//! `core/examples/cast_cost.rs` loops over and the time of impact's brute-force tests
//! check (`core/tests/common`): one generator for all three.

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

/// The seed of the cast benchmarks' random numbers (every run times the same pairs).
pub const SEED: u64 = 0x2545_F491_4F6C_DD1D;

/// The cast benchmarks' [`PAIRS`] moving pairs, drawn with the random numbers in
/// `[0, 1)` that `next` gives (the benchmarks' seeded generator from [`SEED`]).
pub fn cases(turn: f64, mut next: impl FnMut() -> f64) -> Vec<Case> {
    (0..PAIRS).map(|_| pair(&mut next, turn)).collect()
}

/// One moving pair: A at a random place and angle, B at a random angle 2 to 4
/// bounding radii away, moving towards A by 1.5 to 3 times that distance with its
/// aim off by up to 0.6 rad, A drifting a little; each shape turning by up to
/// `±turn` rad over the step.
pub fn pair(next: &mut impl FnMut() -> f64, turn: f64) -> Case {
    let pa = Pose::new(DVec2::new(next(), next()) * 10.0, next() * 6.0);
    let dir = DVec2::from_angle(std::f64::consts::TAU * next());
    let gap = 2.0 + 2.0 * next();
    let pb = Pose::new(pa.position + dir * gap, next() * 6.0);
    let aim = DVec2::from_angle((next() - 0.5) * 1.2).rotate(-dir);
    let vb = aim * gap * (1.5 + 1.5 * next());
    let va = DVec2::new(next() - 0.5, next() - 0.5);
    let (wa, wb) = (turn * (2.0 * next() - 1.0), turn * (2.0 * next() - 1.0));
    Case {
        pa,
        pb,
        ma: Motion::new(va, wa),
        mb: Motion::new(vb, wb),
    }
}
