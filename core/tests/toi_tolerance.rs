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

use gjk_lab_core::algorithms::cast::toi::TimeOfImpact;
use gjk_lab_core::algorithms::cast::CastOptions;
use gjk_lab_core::geometry::{point_segment_distance, segment_distance};
use gjk_lab_core::motion::Motion;
use gjk_lab_core::shapes::{Capsule, Circle, ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;

/// The benchmark's 8-gon: radius 1, turned by 0.1 rad.
fn octagon(pose: Pose) -> Shape {
    let v: Vec<DVec2> = (0..8)
        .map(|i| DVec2::from_angle(std::f64::consts::TAU * i as f64 / 8.0 + 0.1))
        .collect();
    Shape::new(Geometry::Polygon(ConvexPolygon::new(&v).unwrap()), pose)
}

/// A capsule of half-length 0.6 and radius 0.4 (the benchmark's).
fn capsule(pose: Pose) -> Shape {
    let c = Capsule::new(DVec2::new(-0.6, 0.0), DVec2::new(0.6, 0.0), 0.4).unwrap();
    Shape::new(Geometry::Capsule(c), pose)
}

fn ball(pose: Pose) -> Shape {
    Shape::new(Geometry::Circle(Circle { radius: 0.9 }), pose)
}

fn placed(shape: &Shape, motion: Motion, t: f64) -> Shape {
    let mut s = shape.clone();
    s.set_pose(motion.pose_at(shape.pose(), t));
    s
}

fn shadow(v: &[DVec2], n: DVec2) -> (f64, f64) {
    v.iter()
        .map(|p| p.dot(n))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
}

fn edges_distance(p: &[DVec2], q: &[DVec2]) -> f64 {
    let mut best = f64::INFINITY;
    for &x in p {
        for i in 0..q.len() {
            best = best.min(point_segment_distance(x, q[i], q[(i + 1) % q.len()]));
        }
    }
    best
}

/// The exact distance of an 8-gon `a` and an 8-gon or a ball `b`, or of two capsules
/// (their segments' distance less the radii), 0 when they touch or overlap. No GJK.
fn exact_distance(a: &Shape, b: &Shape) -> f64 {
    if let (Geometry::Capsule(ca), Geometry::Capsule(cb)) = (a.geometry(), b.geometry()) {
        let d = segment_distance(
            a.to_world(ca.a()),
            a.to_world(ca.b()),
            b.to_world(cb.a()),
            b.to_world(cb.b()),
        );
        return (d - ca.radius() - cb.radius()).max(0.0);
    }
    let va = common::world_vertices(a);
    match b.geometry() {
        Geometry::Circle(c) => {
            let p = b.position();
            let n = va.len();
            let inside = (0..n).all(|i| (va[(i + 1) % n] - va[i]).perp_dot(p - va[i]) >= 0.0);
            if inside {
                0.0
            } else {
                (edges_distance(&[p], &va) - c.radius).max(0.0)
            }
        }
        _ => {
            let vb = common::world_vertices(b);
            let overlap = [&va, &vb].iter().all(|poly| {
                (0..poly.len()).all(|i| {
                    let e = poly[(i + 1) % poly.len()] - poly[i];
                    let n = DVec2::new(e.y, -e.x);
                    let (amin, amax) = shadow(&va, n);
                    let (bmin, bmax) = shadow(&vb, n);
                    amax >= bmin && bmax >= amin
                })
            });
            if overlap {
                0.0
            } else {
                edges_distance(&va, &vb).min(edges_distance(&vb, &va))
            }
        }
    }
}

/// The benchmark's pair generator (`cases` in `benches/cast_interleaved.rs`), turning.
fn bench_pair(rng: &mut Rng) -> (Pose, Motion, Pose, Motion) {
    let pa = Pose::new(DVec2::new(rng.next(), rng.next()) * 10.0, rng.next() * 6.0);
    let dir = DVec2::from_angle(std::f64::consts::TAU * rng.next());
    let gap = 2.0 + 2.0 * rng.next();
    let pb = Pose::new(pa.position + dir * gap, rng.next() * 6.0);
    let aim = DVec2::from_angle((rng.next() - 0.5) * 1.2).rotate(-dir);
    let vb = aim * gap * (1.5 + 1.5 * rng.next());
    let va = DVec2::new(rng.next() - 0.5, rng.next() - 0.5);
    let (wa, wb) = (2.0 * rng.next() - 1.0, 2.0 * rng.next() - 1.0);
    (pa, Motion::new(va, wa), pb, Motion::new(vb, wb))
}

/// The benchmark's seeded random numbers (`benches/common`), to make its pairs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
}

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
