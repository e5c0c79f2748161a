//! Broad phase, interleaved: gjk-lab's sweep and prune and parry2d-f64's BVH take
//! turns, frame by frame, on the same moving crowd as `benches/broad_phase.rs`.
//!
//! Why a second benchmark: criterion times one contender for a few seconds, then the
//! other. On a machine shared with other builds the load changes in between, and the
//! two figures of one run can differ by 15% for that reason alone. Here each frame is
//! timed for both, one right after the other, so both see the same load; the minimum
//! (the frame least disturbed) and the median of each are printed with their ratio
//! (below 1: gjk-lab is faster).
//!
//! Run: `cargo bench --bench broad_phase_interleaved`.

use gjk_lab_core::algorithms::sap::SweepAndPrune;
use gjk_lab_core::crowd::Crowd;
use gjk_lab_core::shapes::Aabb;
use parry2d_f64::bounding_volume::Aabb as PAabb;
use parry2d_f64::math::Vector as PVec;
use parry2d_f64::partitioning::{Bvh, BvhBuildStrategy, BvhWorkspace};
use std::time::Instant;

/// Frames of motion, replayed in a loop (as in `benches/broad_phase.rs`).
const FRAMES: usize = 32;

fn to_parry(b: &Aabb) -> PAabb {
    PAabb::new(PVec::new(b.min.x, b.min.y), PVec::new(b.max.x, b.max.y))
}

/// gjk-lab's side: `set` every box, then one frame of sweep and prune.
struct Sap(SweepAndPrune);

impl Sap {
    fn frame(&mut self, boxes: &[Aabb]) -> usize {
        for (i, b) in boxes.iter().enumerate() {
            self.0.set(i as u32, *b);
        }
        self.0.update().len()
    }
}

/// parry's side, as rapier does each step: update every leaf, refit, then the tree
/// against itself.
struct Parry {
    bvh: Bvh,
    workspace: BvhWorkspace,
    pairs: Vec<(u32, u32)>,
}

impl Parry {
    fn frame(&mut self, boxes: &[Aabb]) -> usize {
        for (i, b) in boxes.iter().enumerate() {
            self.bvh
                .insert_or_update_partially(to_parry(b), i as u32, 0.0);
        }
        self.bvh.refit(&mut self.workspace);
        self.pairs.clear();
        let pairs = &mut self.pairs;
        self.bvh
            .traverse_bvtt_single_tree::<false>(&mut self.workspace, &mut |a, b| {
                pairs.push((a, b))
            });
        self.pairs.len()
    }
}

/// Microseconds taken by `f`, and its result.
fn timed(f: impl FnOnce() -> usize) -> (f64, usize) {
    let start = Instant::now();
    let n = f();
    (start.elapsed().as_secs_f64() * 1e6, n)
}

/// Minimum and median of some times.
fn min_and_median(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[0], times[times.len() / 2])
}

fn compare(count: usize, rounds: usize) {
    let mut crowd = Crowd::new(count, 1);
    let frames: Vec<Vec<Aabb>> = (0..FRAMES)
        .map(|_| {
            crowd.step(1.0 / 60.0);
            crowd.aabbs()
        })
        .collect();
    let mut sap = Sap(SweepAndPrune::new());
    sap.frame(&frames[0]);
    let leaves: Vec<PAabb> = frames[0].iter().map(to_parry).collect();
    let mut parry = Parry {
        bvh: Bvh::from_leaves(BvhBuildStrategy::Binned, &leaves),
        workspace: BvhWorkspace::default(),
        pairs: Vec::new(),
    };
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for round in 1..=rounds {
        let boxes = &frames[round % FRAMES];
        let (t_ours, n_ours) = timed(|| sap.frame(boxes));
        let (t_theirs, n_theirs) = timed(|| parry.frame(boxes));
        // Same pairs, or the comparison means nothing.
        assert_eq!(n_ours, n_theirs, "{count} boxes, round {round}");
        ours.push(t_ours);
        theirs.push(t_theirs);
    }
    let (ours, theirs) = (min_and_median(ours), min_and_median(theirs));
    println!(
        "{count:>7} boxes: gjk-lab min {:9.1} µs, median {:9.1} µs | parry min {:9.1} µs, \
         median {:9.1} µs | ratio min {:.2}, median {:.2}",
        ours.0,
        ours.1,
        theirs.0,
        theirs.1,
        ours.0 / theirs.0,
        ours.1 / theirs.1,
    );
}

fn main() {
    // About two seconds per size, in frames of that size.
    for (count, rounds) in [(1_000, 20_000), (10_000, 2_000), (100_000, 120)] {
        compare(count, rounds);
    }
}
