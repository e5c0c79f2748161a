//! Broad phase: gjk-lab's sweep and prune against parry2d-f64's BVH, side by side on
//! the same frames of the same moving crowd (`gjk_lab_core::crowd`), at 1,000, 10,000 and
//! 100,000 boxes.
//!
//! Each iteration is one frame: every box moves (its AABB is recomputed outside the
//! timing) and the broad phase reports the overlapping pairs. gjk-lab: `set` every
//! box, then `update` (restore order by insertion sort, sweep the strips). parry: what
//! rapier does each step — `insert_or_update_partially` every leaf, `refit`, then the
//! tree against itself (`traverse_bvtt_single_tree`).
//!
//! Run: `cargo bench --bench broad_phase`.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use gjk_lab_core::algorithms::sap::SweepAndPrune;
use gjk_lab_core::crowd::Crowd;
use gjk_lab_core::shapes::Aabb;
use parry2d_f64::bounding_volume::Aabb as PAabb;
use parry2d_f64::math::Vector as PVec;
use parry2d_f64::partitioning::{Bvh, BvhBuildStrategy, BvhWorkspace};
use std::time::Duration;

/// The AABBs of `frames` consecutive frames of a crowd (after a warm-up frame).
fn frames(count: usize, frames: usize) -> Vec<Vec<Aabb>> {
    let mut crowd = Crowd::new(count, 1);
    (0..frames)
        .map(|_| {
            crowd.step(1.0 / 60.0);
            crowd.aabbs()
        })
        .collect()
}

fn to_parry(b: &Aabb) -> PAabb {
    PAabb::new(PVec::new(b.min.x, b.min.y), PVec::new(b.max.x, b.max.y))
}

fn broad_phase(c: &mut Criterion) {
    let mut group = c.benchmark_group("broad phase per frame");
    for count in [1_000, 10_000, 100_000] {
        let sequence = frames(count, 32);
        group.bench_function(
            BenchmarkId::new("gjk-lab sweep and prune", count),
            |bench| {
                let mut sap = SweepAndPrune::new();
                sap.set_all(&sequence[0]);
                sap.update();
                let mut k = 0;
                bench.iter(|| {
                    k = (k + 1) % sequence.len();
                    for (i, b) in sequence[k].iter().enumerate() {
                        sap.set(i as u32, *b);
                    }
                    sap.update().len()
                })
            },
        );
        group.bench_function(BenchmarkId::new("parry2d-f64 Bvh", count), |bench| {
            let leaves: Vec<PAabb> = sequence[0].iter().map(to_parry).collect();
            let mut bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &leaves);
            let mut workspace = BvhWorkspace::default();
            let mut pairs: Vec<(u32, u32)> = Vec::new();
            let mut k = 0;
            bench.iter_batched_ref(
                || (),
                |_| {
                    k = (k + 1) % sequence.len();
                    for (i, b) in sequence[k].iter().enumerate() {
                        bvh.insert_or_update_partially(to_parry(b), i as u32, 0.0);
                    }
                    bvh.refit(&mut workspace);
                    pairs.clear();
                    bvh.traverse_bvtt_single_tree::<false>(&mut workspace, &mut |a, b| {
                        pairs.push((a, b))
                    });
                    pairs.len()
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
}

criterion_group! {
    name = benches;
    config = config();
    targets = broad_phase
}
criterion_main!(benches);
