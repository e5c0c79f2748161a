//! gjk-lab against parry2d-f64, side by side, on identical pairs.
//!
//! Rows: 8-gon vs 8-gon, circle vs 8-gon, ellipse vs 8-gon; for each, intersection,
//! distance and penetration. parry is called through its public queries
//! (`intersection_test`, `distance`, `contact` with prediction 0), so it uses its own
//! special cases where it has them (ball against polygon); parry has no ellipse, so the
//! ellipse gets a `SupportMap` and parry's support-map queries (GJK, GJK + EPA).
//!
//! The `contact` groups put SAT beside parry's `contact` on overlapping pairs: 8-gons
//! (SAT, and GJK + EPA for comparison, and the whole contact manifold, SAT's normal
//! then clipping) and boxes (the OBB fast path against parry's cuboid–cuboid SAT).
//!
//! A last group times the step machines themselves: the fast path (`run`) against
//! recording every event with a snapshot of the state (`record`), the app's path.
//!
//! Run: `cargo bench --bench narrow_phase` (HTML report in target/criterion).

mod common;

use common::{octagon_vertices, ParryEllipse, Rng};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gjk_lab_core::algorithms::distance::GjkDistance;
use gjk_lab_core::algorithms::epa::Epa;
use gjk_lab_core::algorithms::sat::Sat;
use gjk_lab_core::algorithms::{record, StepMachine};
use gjk_lab_core::minkowski::MinkowskiDifference;
use gjk_lab_core::query;
use gjk_lab_core::query::clipping;
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use parry2d_f64::math::{Pose as PPose, Vector as PVec};
use parry2d_f64::query as pq;
use parry2d_f64::shape::{Ball, ConvexPolygon as PPolygon, Cuboid, Shape as PShape};
use std::hint::black_box;
use std::time::Duration;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Octagon,
    Circle,
    Ellipse,
}

fn ours(kind: Kind, pose: Pose) -> Shape {
    let g = match kind {
        Kind::Octagon => Geometry::Polygon(ConvexPolygon::new(&octagon_vertices()).unwrap()),
        Kind::Circle => Geometry::Circle(Circle { radius: 0.9 }),
        Kind::Ellipse => Geometry::Ellipse(Ellipse { a: 1.4, b: 0.6 }),
    };
    Shape::new(g, pose)
}

enum Theirs {
    Polygon(PPolygon),
    Ball(Ball),
    Ellipse(ParryEllipse),
}

fn theirs(kind: Kind) -> Theirs {
    match kind {
        Kind::Octagon => Theirs::Polygon(
            PPolygon::from_convex_polyline(
                octagon_vertices()
                    .iter()
                    .map(|v| PVec::new(v.x, v.y))
                    .collect(),
            )
            .unwrap(),
        ),
        Kind::Circle => Theirs::Ball(Ball::new(0.9)),
        Kind::Ellipse => Theirs::Ellipse(ParryEllipse { a: 1.4, b: 0.6 }),
    }
}

fn ppose(p: Pose) -> PPose {
    PPose::new(PVec::new(p.position.x, p.position.y), p.rotation)
}

/// 64 pairs of poses: B placed around A at a distance drawn so that the pairs are
/// overlapping (`Overlap`), separated (`Apart`) or half and half (`Mixed`).
#[derive(Clone, Copy)]
enum Spread {
    Overlap,
    Apart,
    Mixed,
}

fn poses(spread: Spread) -> Vec<(Pose, Pose)> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..64)
        .map(|i| {
            let (lo, hi) = match spread {
                Spread::Overlap => (0.0, 1.2),
                Spread::Apart => (2.6, 4.0),
                Spread::Mixed if i % 2 == 0 => (0.0, 1.2),
                Spread::Mixed => (2.6, 4.0),
            };
            let r = lo + (hi - lo) * rng.next();
            let angle = std::f64::consts::TAU * rng.next();
            let a = Pose::new(DVec2::new(rng.next(), rng.next()) * 10.0, rng.next() * 6.0);
            let b = Pose::new(a.position + DVec2::from_angle(angle) * r, rng.next() * 6.0);
            (a, b)
        })
        .collect()
}

/// Times one query kind for one shape pairing, ours then parry's.
fn bench_pairing(c: &mut Criterion, query_name: &str, spread: Spread, kind_a: Kind) {
    let mut group = c.benchmark_group(format!("{query_name}/{}", name_of(kind_a)));
    let pairs = poses(spread);
    let ours_pairs: Vec<(Shape, Shape)> = pairs
        .iter()
        .map(|&(pa, pb)| (ours(kind_a, pa), ours(Kind::Octagon, pb)))
        .collect();
    let (ta, tb) = (theirs(kind_a), theirs(Kind::Octagon));
    let their_poses: Vec<(PPose, PPose)> =
        pairs.iter().map(|&(a, b)| (ppose(a), ppose(b))).collect();

    group.bench_function(BenchmarkId::new("gjk-lab", 64), |bench| {
        bench.iter(|| {
            let mut sink = 0.0;
            for (a, b) in &ours_pairs {
                sink += match query_name {
                    "intersection" => query::intersects(black_box(a), black_box(b)) as u8 as f64,
                    "distance" => query::distance(black_box(a), black_box(b)).distance,
                    _ => query::penetration(black_box(a), black_box(b)).map_or(0.0, |p| p.depth),
                };
            }
            sink
        })
    });
    group.bench_function(BenchmarkId::new("parry2d-f64", 64), |bench| {
        bench.iter(|| {
            let mut sink = 0.0;
            for (p1, p2) in &their_poses {
                sink += parry_query(query_name, black_box(p1), &ta, black_box(p2), &tb);
            }
            sink
        })
    });
    group.finish();
}

fn parry_query(query_name: &str, p1: &PPose, a: &Theirs, p2: &PPose, b: &Theirs) -> f64 {
    let Theirs::Polygon(poly_b) = b else {
        unreachable!("B is always the 8-gon")
    };
    let dyn_a: Option<&dyn PShape> = match a {
        Theirs::Polygon(p) => Some(p),
        Theirs::Ball(ball) => Some(ball),
        Theirs::Ellipse(_) => None,
    };
    match (dyn_a, a) {
        (Some(ga), _) => match query_name {
            "intersection" => {
                pq::intersection_test(p1, ga, p2, poly_b)
                    .unwrap()
                    .intersecting as u8 as f64
            }
            "distance" => pq::distance(p1, ga, p2, poly_b).unwrap().distance,
            _ => pq::contact(p1, ga, p2, poly_b, 0.0)
                .unwrap()
                .map_or(0.0, |c| -c.dist),
        },
        (None, Theirs::Ellipse(e)) => {
            let pos12 = p1.inv_mul(p2);
            match query_name {
                "intersection" => {
                    pq::details::intersection_test_support_map_support_map(&pos12, e, poly_b) as u8
                        as f64
                }
                "distance" => pq::details::distance_support_map_support_map(&pos12, e, poly_b),
                _ => pq::details::contact_support_map_support_map(&pos12, e, poly_b, 0.0)
                    .map_or(0.0, |c| -c.dist),
            }
        }
        _ => unreachable!(),
    }
}

fn name_of(kind: Kind) -> &'static str {
    match kind {
        Kind::Octagon => "8-gon vs 8-gon",
        Kind::Circle => "circle vs 8-gon",
        Kind::Ellipse => "ellipse vs 8-gon",
    }
}

fn narrow_phase(c: &mut Criterion) {
    for kind in [Kind::Octagon, Kind::Circle, Kind::Ellipse] {
        bench_pairing(c, "intersection", Spread::Mixed, kind);
        bench_pairing(c, "distance", Spread::Apart, kind);
        bench_pairing(c, "penetration", Spread::Overlap, kind);
    }
}

/// SAT against parry's `contact` (depth and normal) on overlapping polygon pairs.
fn contact(c: &mut Criterion) {
    let pairs = poses(Spread::Overlap);
    let their_poses: Vec<(PPose, PPose)> =
        pairs.iter().map(|&(a, b)| (ppose(a), ppose(b))).collect();

    let mut group = c.benchmark_group("contact/8-gon vs 8-gon");
    let octagons: Vec<(Shape, Shape)> = pairs
        .iter()
        .map(|&(pa, pb)| (ours(Kind::Octagon, pa), ours(Kind::Octagon, pb)))
        .collect();
    group.bench_function(BenchmarkId::new("gjk-lab SAT", 64), |bench| {
        bench.iter(|| sum(&octagons, |a, b| Sat::new(a, b).run().penetration()))
    });
    group.bench_function(BenchmarkId::new("gjk-lab GJK+EPA", 64), |bench| {
        bench.iter(|| {
            sum(&octagons, |a, b| {
                query::penetration(a, b).map(|p| (p.depth, p.normal))
            })
        })
    });
    group.bench_function(BenchmarkId::new("gjk-lab GJK+EPA+clip", 64), |bench| {
        bench.iter(|| {
            let mut points = 0;
            for (a, b) in &octagons {
                points += clipping(black_box(a), black_box(b)).run().contacts().len();
            }
            points
        })
    });
    let (ta, tb) = (theirs(Kind::Octagon), theirs(Kind::Octagon));
    group.bench_function(BenchmarkId::new("parry2d-f64 contact", 64), |bench| {
        bench.iter(|| {
            let mut sink = 0.0;
            for (p1, p2) in &their_poses {
                sink += parry_query("penetration", black_box(p1), &ta, black_box(p2), &tb);
            }
            sink
        })
    });
    group.finish();

    let mut group = c.benchmark_group("contact/box vs box");
    let boxes: Vec<(Shape, Shape)> = pairs
        .iter()
        .map(|&(pa, pb)| {
            let g = Geometry::Polygon(ConvexPolygon::rectangle(1.0, 0.6));
            (Shape::new(g.clone(), pa), Shape::new(g, pb))
        })
        .collect();
    group.bench_function(BenchmarkId::new("gjk-lab SAT-OBB", 64), |bench| {
        bench.iter(|| sum(&boxes, |a, b| Sat::obb(a, b).run().penetration()))
    });
    group.bench_function(BenchmarkId::new("gjk-lab SAT", 64), |bench| {
        bench.iter(|| sum(&boxes, |a, b| Sat::new(a, b).run().penetration()))
    });
    let cuboid = Cuboid::new(PVec::new(1.0, 0.6));
    group.bench_function(BenchmarkId::new("parry2d-f64 contact", 64), |bench| {
        bench.iter(|| {
            let mut sink = 0.0;
            for (p1, p2) in &their_poses {
                sink += pq::contact(black_box(p1), &cuboid, black_box(p2), &cuboid, 0.0)
                    .unwrap()
                    .map_or(0.0, |c| -c.dist);
            }
            sink
        })
    });
    group.finish();
}

/// Sums the depths a query finds over the pairs (so nothing is optimised away).
fn sum(pairs: &[(Shape, Shape)], f: impl Fn(&Shape, &Shape) -> Option<(f64, DVec2)>) -> f64 {
    pairs
        .iter()
        .filter_map(|(a, b)| f(black_box(a), black_box(b)))
        .map(|(depth, normal)| depth + normal.x)
        .sum()
}

/// The cost of keeping the steps: GJK distance + EPA run to the end (fast path), the
/// same stepped one event at a time with `step()` (each event built, then dropped), and
/// recorded with a snapshot per event (the app).
fn step_machines(c: &mut Criterion) {
    let mut group = c.benchmark_group("step machines/8-gon vs 8-gon penetration");
    let pairs: Vec<(Shape, Shape)> = poses(Spread::Overlap)
        .into_iter()
        .map(|(pa, pb)| (ours(Kind::Octagon, pa), ours(Kind::Octagon, pb)))
        .collect();
    group.bench_function("run (fast path)", |bench| {
        bench.iter(|| {
            let mut sink = 0.0;
            for (a, b) in &pairs {
                let gjk = GjkDistance::new(black_box(a), black_box(b)).run();
                let epa = Epa::from_gjk(MinkowskiDifference::new(a, b), &gjk).run();
                sink += epa.penetration.map_or(0.0, |p| p.depth);
            }
            sink
        })
    });
    // (Not `run_to_end`: unwatched, GJK distance takes every step in one call.)
    group.bench_function("step() loop, events built and dropped", |bench| {
        bench.iter(|| {
            let mut steps = 0;
            for (a, b) in &pairs {
                let mut gjk = GjkDistance::new(black_box(a), black_box(b));
                while gjk.step().is_some() {
                    steps += 1;
                }
                let result = gjk.result().unwrap();
                let mut epa = Epa::from_gjk(MinkowskiDifference::new(a, b), &result);
                while epa.step().is_some() {
                    steps += 1;
                }
            }
            steps
        })
    });
    group.bench_function("record (every event + state)", |bench| {
        bench.iter(|| {
            let mut frames = 0;
            for (a, b) in &pairs {
                frames += record(GjkDistance::new(black_box(a), black_box(b))).len();
                frames += record(Epa::new(black_box(a), black_box(b))).len();
            }
            frames
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
}

criterion_group! {
    name = benches;
    config = config();
    targets = narrow_phase, contact, step_machines
}
criterion_main!(benches);
