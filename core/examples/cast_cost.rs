//! Runs one cast many times on the cast benchmarks' moving pairs (the 1,024 pairs of
//! `core/benches/cast_interleaved.rs`, each shape turning by up to ±1 rad), for a
//! profile with `perf record` or an instruction count with callgrind, which counts the
//! same on a loaded machine as on an idle one; prints the fastest round's time per
//! cast and a checksum of the answers (the same before and after a change that keeps
//! them):
//!
//! ```sh
//! cargo build --release -p gjk-lab-core --example cast_cost
//! target/release/examples/cast_cost toi 8-gon 300
//! valgrind --tool=callgrind target/release/examples/cast_cost toi 8-gon 20
//! ```
//!
//! Arguments: the cast (`toi`: the time of impact at Box2D's aim, as the benchmark's
//! rows "…, Box2D's aim"; `toi-own`: at gjk-lab's own tolerance; `toi-translating`:
//! that on the same pairs without their turns (the row "…, translating"); `shape-cast`: the
//! linear shape cast, without the turns; `sat-cast`: the SAT cast on the same
//! translations, polygons only), the pair (`8-gon` or `capsule`, both shapes
//! alike) and how many rounds over the 1,024 pairs.

#[allow(dead_code)]
#[path = "../benches/common/mod.rs"]
mod common;

#[allow(dead_code)]
#[path = "../benches/cast_pairs/mod.rs"]
mod cast_pairs;

use cast_pairs::{cases, SEED};
use common::{octagon_vertices, Rng};
use gjk_lab_core::algorithms::cast::sat_cast::SatCast;
use gjk_lab_core::algorithms::cast::shape_cast::ShapeCast;
use gjk_lab_core::algorithms::cast::toi::TimeOfImpact;
use gjk_lab_core::algorithms::cast::{CastOptions, CastResult};
use gjk_lab_core::shapes::{Capsule, ConvexPolygon, Geometry, Shape};
use gjk_lab_core::DVec2;
use std::hint::black_box;
use std::time::Instant;

/// Box2D's linear slop: its time of impact hits within `slop ± slop/4` (see the
/// benchmark's `Aim::Box2D`).
const SLOP: f64 = 0.005;

fn geometry(pair: &str) -> Geometry {
    match pair {
        "capsule" => Geometry::Capsule(
            Capsule::new(DVec2::new(-0.6, 0.0), DVec2::new(0.6, 0.0), 0.4).expect("a capsule"),
        ),
        _ => Geometry::Polygon(ConvexPolygon::new(&octagon_vertices()).expect("convex")),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let cast = args.get(1).map_or("toi", |s| s).to_string();
    let pair = args.get(2).map_or("8-gon", |s| s).to_string();
    let rounds: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(300);
    let turn = if cast.ends_with("-cast") || cast == "toi-translating" {
        0.0
    } else {
        1.0
    };
    let mut rng = Rng(SEED);
    let pairs: Vec<_> = cases(turn, || rng.next())
        .into_iter()
        .map(|c| {
            let a = Shape::new(geometry(&pair), c.pa);
            let b = Shape::new(geometry(&pair), c.pb);
            (a, c.ma, b, c.mb)
        })
        .collect();
    // Box2D's window: `[0.75, 1.25]·slop` apart on polygons; `[0, slop/2]` on rounded
    // shapes, where gjk-lab's target cannot overlap as Box2D's does.
    let target = if pair == "capsule" { 0.0 } else { 0.75 * SLOP };
    let options = CastOptions::with_target(target);
    let own = CastOptions::default();
    let run = |(a, ma, b, mb): &(Shape, _, Shape, _)| -> CastResult {
        match cast.as_str() {
            "shape-cast" => ShapeCast::new(black_box(a), *ma, b, *mb, &own).run(),
            "sat-cast" => SatCast::new(black_box(a), *ma, b, *mb, &own).run(),
            "toi-own" | "toi-translating" => {
                TimeOfImpact::new(black_box(a), *ma, b, *mb, &own).run()
            }
            _ => TimeOfImpact::new(black_box(a), *ma, b, *mb, &options)
                .with_tolerance(0.5 * SLOP)
                .run(),
        }
    };
    let mut best = f64::INFINITY;
    let mut checksum = 0.0;
    let mut iterations = 0;
    for _ in 0..rounds.max(1) {
        checksum = 0.0;
        iterations = 0;
        let start = Instant::now();
        for p in &pairs {
            let r = run(p);
            checksum += r.t.unwrap_or(2.0);
            iterations += r.iterations;
        }
        best = best.min(start.elapsed().as_secs_f64() * 1e9 / pairs.len() as f64);
    }
    let per_cast = iterations as f64 / pairs.len() as f64;
    println!(
        "{cast} on {pair}: {best:.0} ns per cast, the fastest of {rounds} rounds \
         (checksum {checksum:.12}, {per_cast:.2} iterations per cast)"
    );
}
