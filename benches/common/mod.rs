//! What the narrow-phase benchmarks share: parry's stand-in for an ellipse, the seeded
//! random numbers that make every run time the same pairs, and the 8-gon.

use gjk_lab::DVec2;
use parry2d_f64::math::Vector as PVec;
use parry2d_f64::shape::SupportMap;

/// parry has no ellipse: the same true support function, for parry's GJK and EPA.
pub struct ParryEllipse {
    /// Semi-axis along local x.
    pub a: f64,
    /// Semi-axis along local y.
    pub b: f64,
}

impl SupportMap for ParryEllipse {
    fn local_support_point(&self, dir: PVec) -> PVec {
        let (sx, sy) = (self.a * dir.x, self.b * dir.y);
        let len = (sx * sx + sy * sy).sqrt();
        if len > 0.0 {
            PVec::new(self.a * sx / len, self.b * sy / len)
        } else {
            PVec::new(self.a, 0.0)
        }
    }
}

/// Deterministic pseudo-random numbers (xorshift64*), so every run times the same pairs.
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

/// The regular 8-gon of radius 1 both benchmarks time, turned by 0.1 rad.
pub fn octagon_vertices() -> Vec<DVec2> {
    (0..8)
        .map(|i| DVec2::from_angle(std::f64::consts::TAU * i as f64 / 8.0 + 0.1))
        .collect()
}
