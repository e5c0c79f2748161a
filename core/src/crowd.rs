//! A crowd of moving boxes for the broad phase: `count` rotated rectangles drifting,
//! spinning and bouncing inside a square world sized so that each box's AABB overlaps
//! about two others. Deterministic for a given seed (xorshift64*), so every run of
//! `gjk-lab sap` and of the benchmarks sees the same frames.

use crate::shapes::{Aabb, ConvexPolygon, Geometry, Pose, Shape};
use glam::DVec2;

/// Deterministic pseudo-random numbers (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, 0 included).
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// Moving boxes in a square world.
#[derive(Clone, Debug)]
pub struct Crowd {
    /// The boxes.
    pub shapes: Vec<Shape>,
    velocities: Vec<DVec2>,
    spins: Vec<f64>,
    /// Half the side of the square world, centred on the origin.
    pub half_size: f64,
}

impl Crowd {
    /// `count` boxes with half-extents in `[0.25, 0.75]`, speeds up to 1 unit per
    /// second, spins up to 1 radian per second.
    pub fn new(count: usize, seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        // A box's AABB is about 1.3 units wide on average (rotated 0.5×1 boxes): two
        // AABBs overlap when their centres are within 1.3 on both axes, an area of
        // 2.6². For two overlaps per box: count · 2.6² / side² = 2.
        let side = 2.6 * (count.max(1) as f64 / 2.0).sqrt();
        let half_size = side / 2.0;
        let mut crowd = Crowd {
            shapes: Vec::with_capacity(count),
            velocities: Vec::with_capacity(count),
            spins: Vec::with_capacity(count),
            half_size,
        };
        for _ in 0..count {
            let (hx, hy) = (rng.range(0.25, 0.75), rng.range(0.25, 0.75));
            let position = DVec2::new(
                rng.range(-half_size, half_size),
                rng.range(-half_size, half_size),
            );
            let pose = Pose::new(position, rng.range(0.0, std::f64::consts::TAU));
            crowd.shapes.push(Shape::new(
                Geometry::Polygon(ConvexPolygon::rectangle(hx, hy)),
                pose,
            ));
            crowd.velocities.push(
                DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU)) * rng.range(0.0, 1.0),
            );
            crowd.spins.push(rng.range(-1.0, 1.0));
        }
        crowd
    }

    /// Advances by `dt` seconds: move, spin, bounce off the walls.
    pub fn step(&mut self, dt: f64) {
        let h = self.half_size;
        for ((shape, v), spin) in self
            .shapes
            .iter_mut()
            .zip(&mut self.velocities)
            .zip(&self.spins)
        {
            let pose = shape.pose();
            let mut p = pose.position + *v * dt;
            for axis in 0..2 {
                if p[axis].abs() > h {
                    p[axis] = p[axis].clamp(-h, h);
                    v[axis] = -v[axis];
                }
            }
            shape.set_pose(Pose::new(p, pose.rotation + spin * dt));
        }
    }

    /// The boxes' AABBs.
    pub fn aabbs(&self) -> Vec<Aabb> {
        self.shapes.iter().map(Shape::aabb).collect()
    }
}
