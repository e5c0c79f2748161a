//! Motion over one step: a shape that moves from its pose at `t = 0` with a constant
//! velocity and a constant angular speed, for `t ∈ [0, 1]` (the continuous-collision
//! algorithms of [`crate::algorithms::cast`] ask when, in that interval, two moving
//! shapes first come within a target distance).
//!
//! The pose at `t` is `position + t·velocity`, `rotation + t·angular`: the shape turns
//! about its *local origin* (the point its `position` places), at a constant rate, not
//! about its centroid. A scene gives a shape its motion as
//! `motion: (velocity: (x, y), angular: w)` (see `scenes/README.md`).
//!
//! **Relative frame.** A cast works in coordinates relative to A's position at `t = 0`
//! ([`Motion::relative_pose`]): two shapes a million units from the world origin are
//! then placed, moved and measured as precisely as two at the origin, and only the
//! answer's world points carry the rounding of their magnitude.

use crate::shapes::Pose;
use glam::DVec2;
use serde::{Deserialize, Serialize};

/// A shape's motion over the step `t ∈ [0, 1]`: constant velocity, constant angular
/// speed about the local origin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Motion {
    /// Displacement of the local origin over the step (units per step).
    #[serde(default)]
    pub velocity: DVec2,
    /// Turn over the step, radians counter-clockwise (radians per step).
    #[serde(default)]
    pub angular: f64,
}

impl Motion {
    /// No motion at all.
    pub const NONE: Motion = Motion {
        velocity: DVec2::ZERO,
        angular: 0.0,
    };

    /// A translation only.
    pub fn translation(velocity: DVec2) -> Self {
        Motion {
            velocity,
            angular: 0.0,
        }
    }

    /// A translation and a turn.
    pub fn new(velocity: DVec2, angular: f64) -> Self {
        Motion { velocity, angular }
    }

    /// Whether the shape turns during the step.
    pub fn rotates(&self) -> bool {
        self.angular != 0.0
    }

    /// Whether the shape does not move at all.
    pub fn is_still(&self) -> bool {
        self.velocity == DVec2::ZERO && self.angular == 0.0
    }

    /// The pose at time `t` of a shape that starts at `start`:
    /// `(position + t·velocity, rotation + t·angular)`.
    #[inline(always)]
    pub fn pose_at(&self, start: Pose, t: f64) -> Pose {
        Pose::new(
            start.position + self.velocity * t,
            start.rotation + self.angular * t,
        )
    }

    /// The pose at `t` relative to `origin` (usually A's position at `t = 0`): the
    /// position is `(start − origin) + t·velocity`, computed without ever forming the
    /// large world coordinate, so its precision is that of the shapes' size.
    #[inline(always)]
    pub fn relative_pose(&self, start: Pose, origin: DVec2, t: f64) -> Pose {
        Pose::new(
            (start.position - origin) + self.velocity * t,
            start.rotation + self.angular * t,
        )
    }
}

/// `(cos θ, sin θ)`: the rotation by `angle` as a unit vector, what
/// [`DVec2::from_angle`] gives (the two agree to within two units in the last place),
/// in about half its time: a cast's sweep asks it at every new time of a turning shape.
///
/// fdlibm's method, as musl's `sin`/`cos` (Sun Microsystems, 1993, freely
/// redistributable): `θ = n·π/2 + y`, `|y| ≤ π/4`, with `n` the nearest integer to
/// `θ·2/π` and `y` kept as a sum of two doubles (`π/2` split in three parts, Cody and
/// Waite, so that `n·π/2` is exact to 100+ bits); then one polynomial for `sin y`
/// and one for `cos y` on `[−π/4, π/4]` (minimax, error below 2⁻⁵⁸), swapped and
/// negated by `n mod 4`. Angles beyond `2²⁰·π/2` (which no motion of a step reaches)
/// and non-finite ones go to the library's.
#[inline]
pub fn rotation_vector(angle: f64) -> DVec2 {
    const FRAC_PI_4: f64 = std::f64::consts::FRAC_PI_4;
    if angle.abs() <= FRAC_PI_4 {
        return DVec2::new(cos_kernel(angle, 0.0), sin_kernel(angle, 0.0));
    }
    let Some((n, y0, y1)) = reduce_half_pi(angle) else {
        return DVec2::from_angle(angle);
    };
    let (s, c) = (sin_kernel(y0, y1), cos_kernel(y0, y1));
    // sin(nπ/2 + y), cos(nπ/2 + y).
    match n & 3 {
        0 => DVec2::new(c, s),
        1 => DVec2::new(-s, c),
        2 => DVec2::new(-c, -s),
        _ => DVec2::new(s, -c),
    }
}

/// `θ = n·π/2 + (y0 + y1)` for `|θ| < 2²⁰·π/2` (musl's `__rem_pio2`, medium case):
/// `n` the nearest integer to `θ·2/π`, `y0 + y1` the remainder to about 2⁻¹⁰⁰ of `θ`.
#[inline(always)]
fn reduce_half_pi(x: f64) -> Option<(i64, f64, f64)> {
    // 2/π, and π/2 split in three parts of 33 bits, each with the rest after it
    // (musl's constants, as their bits).
    const INV_PIO2: f64 = std::f64::consts::FRAC_2_PI;
    const PIO2_1: f64 = f64::from_bits(0x3FF921FB_54400000);
    const PIO2_1T: f64 = f64::from_bits(0x3DD0B461_1A626331);
    const PIO2_2: f64 = f64::from_bits(0x3DD0B461_1A600000);
    const PIO2_2T: f64 = f64::from_bits(0x3BA3198A_2E037073);
    const PIO2_3: f64 = f64::from_bits(0x3BA3198A_2E000000);
    const PIO2_3T: f64 = f64::from_bits(0x397B839A_252049C1);
    // Adding and taking away 1.5·2⁵² rounds to the nearest integer.
    const TO_INT: f64 = 1.5 / f64::EPSILON;
    // 2²⁰·π/2, beyond which the three parts of π/2 are not enough (NaN too).
    if !x.is_finite() || x.abs() >= 1_647_099.0 {
        return None;
    }
    let exponent = |v: f64| ((v.to_bits() >> 52) & 0x7ff) as i64;
    let f = x * INV_PIO2 + TO_INT - TO_INT;
    let n = f as i64;
    let mut r = x - f * PIO2_1;
    let mut w = f * PIO2_1T;
    let mut y0 = r - w;
    // When `x` is near a multiple of π/2, the first subtraction cancels many bits:
    // take the next 33 bits of π/2 (and then the next).
    if exponent(x) - exponent(y0) > 16 {
        let t = r;
        w = f * PIO2_2;
        r = t - w;
        w = f * PIO2_2T - ((t - r) - w);
        y0 = r - w;
        if exponent(x) - exponent(y0) > 49 {
            let t = r;
            w = f * PIO2_3;
            r = t - w;
            w = f * PIO2_3T - ((t - r) - w);
            y0 = r - w;
        }
    }
    let y1 = (r - y0) - w;
    Some((n, y0, y1))
}

/// `sin(x + y)` for `|x + y| ≤ π/4`, `y` a tail below an ulp of `x` (musl's `__sin`).
#[inline(always)]
fn sin_kernel(x: f64, y: f64) -> f64 {
    // musl's coefficients, as their bits.
    const S1: f64 = f64::from_bits(0xBFC55555_55555549);
    const S2: f64 = f64::from_bits(0x3F811111_1110F8A6);
    const S3: f64 = f64::from_bits(0xBF2A01A0_19C161D5);
    const S4: f64 = f64::from_bits(0x3EC71DE3_57B1FE7D);
    const S5: f64 = f64::from_bits(0xBE5AE5E6_8A2B9CEB);
    const S6: f64 = f64::from_bits(0x3DE5D93A_5ACFD57C);
    let z = x * x;
    let w = z * z;
    let r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
    let v = z * x;
    // sin(x + y) ≈ sin x + y·cos x, with cos x ≈ 1 − x²/2.
    x - ((z * (0.5 * y - v * r) - y) - v * S1)
}

/// `cos(x + y)` for `|x + y| ≤ π/4`, `y` a tail below an ulp of `x` (musl's `__cos`).
#[inline(always)]
fn cos_kernel(x: f64, y: f64) -> f64 {
    // musl's coefficients, as their bits.
    const C1: f64 = f64::from_bits(0x3FA55555_5555554C);
    const C2: f64 = f64::from_bits(0xBF56C16C_16C15177);
    const C3: f64 = f64::from_bits(0x3EFA01A0_19CB1590);
    const C4: f64 = f64::from_bits(0xBE927E4F_809C52AD);
    const C5: f64 = f64::from_bits(0x3E21EE9E_BDB4B1C4);
    const C6: f64 = f64::from_bits(0xBDA8FAE9_BE8838D4);
    let z = x * x;
    let w = z * z;
    let r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
    let hz = 0.5 * z;
    let w = 1.0 - hz;
    // 1 − x²/2 taken as `w` plus what its rounding lost, then the rest; cos(x + y)
    // ≈ cos x − y·sin x, with sin x ≈ x.
    w + (((1.0 - w) - hz) + (z * r - x * y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pose_moves_and_turns_linearly_in_t() {
        let m = Motion::new(DVec2::new(2.0, -1.0), 0.5);
        let start = Pose::new(DVec2::new(1.0, 1.0), 0.25);
        assert_eq!(m.pose_at(start, 0.0), start);
        assert_eq!(m.pose_at(start, 0.5), Pose::new(DVec2::new(2.0, 0.5), 0.5));
        assert_eq!(m.pose_at(start, 1.0), Pose::new(DVec2::new(3.0, 0.0), 0.75));
        assert!(m.rotates() && !m.is_still());
        assert!(Motion::NONE.is_still() && !Motion::translation(DVec2::X).rotates());
    }

    /// Far from the origin the relative pose keeps the digits a world pose loses.
    #[test]
    fn the_relative_pose_keeps_its_precision_far_from_the_origin() {
        let far = DVec2::new(1e6, -1e6);
        let m = Motion::translation(DVec2::new(1e-7, 0.0));
        let start = Pose::new(far + DVec2::new(0.25, 0.0), 0.0);
        let rel = m.relative_pose(start, far, 0.3);
        assert_eq!(rel.position, DVec2::new(0.25 + 3e-8, 0.0));
    }

    /// The fast rotation vector is the library's to within an ulp or two, over every
    /// range it reduces (near multiples of π/2 too) and beyond.
    #[test]
    fn the_rotation_vector_is_the_librarys() {
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut angles: Vec<f64> = (0..200_000)
            .map(|i| {
                let scale = [1.0, 4.0, 10.0, 100.0, 1e4, 2e6][i % 6];
                (2.0 * next() - 1.0) * scale
            })
            .collect();
        for k in -40..=40 {
            let m = k as f64 * std::f64::consts::FRAC_PI_2;
            angles.extend([m, m.next_up(), m.next_down(), m + 1e-9, m - 1e-12]);
        }
        angles.extend([0.0, -0.0, 1e-300, f64::NAN, f64::INFINITY]);
        for a in angles {
            let (ours, theirs) = (rotation_vector(a), DVec2::from_angle(a));
            if !a.is_finite() {
                assert!(ours.is_nan() && theirs.is_nan());
                continue;
            }
            let err = (ours - theirs).abs().max_element();
            assert!(
                err <= 2.0 * f64::EPSILON,
                "angle {a}: {ours} against {theirs}"
            );
        }
    }
}
