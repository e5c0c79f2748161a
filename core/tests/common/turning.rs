//! The turning pairs of `benches/cast_interleaved.rs` (its shapes, its seeded pair
//! generator) and the exact distance the time of impact's tests check against: for
//! 8-gons and balls by separating axes and vertex–edge distances, for capsules their
//! segments' distance less the radii. No GJK.

use gjk_lab_core::geometry::{point_segment_distance, segment_distance};
use gjk_lab_core::motion::Motion;
use gjk_lab_core::shapes::{Capsule, Circle, ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;

/// The benchmark's 8-gon: radius 1, turned by 0.1 rad.
pub fn octagon(pose: Pose) -> Shape {
    let v: Vec<DVec2> = (0..8)
        .map(|i| DVec2::from_angle(std::f64::consts::TAU * i as f64 / 8.0 + 0.1))
        .collect();
    Shape::new(Geometry::Polygon(ConvexPolygon::new(&v).unwrap()), pose)
}

/// A capsule of half-length 0.6 and radius 0.4 (the benchmark's).
pub fn capsule(pose: Pose) -> Shape {
    let c = Capsule::new(DVec2::new(-0.6, 0.0), DVec2::new(0.6, 0.0), 0.4).unwrap();
    Shape::new(Geometry::Capsule(c), pose)
}

/// The benchmark's ball: radius 0.9.
pub fn ball(pose: Pose) -> Shape {
    Shape::new(Geometry::Circle(Circle { radius: 0.9 }), pose)
}

/// `shape` placed at time `t` of its `motion`.
pub fn placed(shape: &Shape, motion: Motion, t: f64) -> Shape {
    let mut s = shape.clone();
    s.set_pose(motion.pose_at(shape.pose(), t));
    s
}

/// The interval of `v`'s projections on `n`.
pub fn shadow(v: &[DVec2], n: DVec2) -> (f64, f64) {
    v.iter()
        .map(|p| p.dot(n))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
}

/// The least distance from a point of `p` to an edge of the polygon `q`.
pub fn edges_distance(p: &[DVec2], q: &[DVec2]) -> f64 {
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
pub fn exact_distance(a: &Shape, b: &Shape) -> f64 {
    if let (Geometry::Capsule(ca), Geometry::Capsule(cb)) = (a.geometry(), b.geometry()) {
        let d = segment_distance(
            a.to_world(ca.a()),
            a.to_world(ca.b()),
            b.to_world(cb.a()),
            b.to_world(cb.b()),
        );
        return (d - ca.radius() - cb.radius()).max(0.0);
    }
    let va = super::world_vertices(a);
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
            let vb = super::world_vertices(b);
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

/// The benchmark's pair generator (`benches/cast_pairs`, shared), turning.
pub fn bench_pair(rng: &mut Rng) -> (Pose, Motion, Pose, Motion) {
    let c = super::cast_pairs::pair(&mut || rng.next(), 1.0);
    (c.pa, c.ma, c.pb, c.mb)
}

/// The benchmark's seeded random numbers (`benches/common`), to make its pairs.
pub struct Rng(pub u64);

impl Rng {
    /// The next number in [0, 1).
    pub fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
}
