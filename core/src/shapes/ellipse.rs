//! An ellipse centred on its local origin, with its *true* support function.

use super::{Support, SupportVertex};
use glam::DVec2;
use std::f64::consts::TAU;

/// An ellipse `(x/a)² + (y/b)² ≤ 1`: semi-axis `a` along local x, `b` along local y.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ellipse {
    /// Semi-axis along local x (> 0).
    pub a: f64,
    /// Semi-axis along local y (> 0).
    pub b: f64,
}

impl Ellipse {
    /// `segments` points on the ellipse, counter-clockwise from parameter 0.
    pub fn outline(&self, segments: usize) -> Vec<DVec2> {
        let n = segments.max(3);
        (0..n)
            .map(|i| {
                let (s, c) = (TAU * i as f64 / n as f64).sin_cos();
                DVec2::new(self.a * c, self.b * s)
            })
            .collect()
    }
}

impl Support for Ellipse {
    /// The ellipse is the unit circle scaled by `S = diag(a, b)`, so its support in
    /// direction `d` is `S · s_circle(S d)`:
    ///
    /// `s(d) = (a²·dx, b²·dy) / √(a²·dx² + b²·dy²)`.
    ///
    /// Seed 001 instead takes the parametric point at the *angle* of `d`,
    /// `(a cos φ, b sin φ)`, which is the support point only when `a = b`.
    #[inline(always)]
    fn support(&self, direction: DVec2) -> SupportVertex {
        let scaled = DVec2::new(self.a * direction.x, self.b * direction.y);
        let len = scaled.length();
        let point = if len > 0.0 {
            DVec2::new(self.a * scaled.x, self.b * scaled.y) / len
        } else {
            DVec2::new(self.a, 0.0)
        };
        SupportVertex {
            point,
            vertex: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: the densest sample of boundary points with the largest `p·d`.
    fn sampled_support(e: &Ellipse, d: DVec2) -> DVec2 {
        e.outline(200_000)
            .into_iter()
            .max_by(|p, q| p.dot(d).total_cmp(&q.dot(d)))
            .unwrap()
    }

    #[test]
    fn true_support_matches_dense_sampling() {
        let e = Ellipse { a: 3.0, b: 0.5 };
        for i in 0..64 {
            let d = DVec2::from_angle(i as f64 * 0.1 + 0.05);
            let exact = e.support(d).point;
            let sampled = sampled_support(&e, d);
            // The support *value* is what sampling pins down best: it is within the
            // sampling error, and never below a sampled boundary point's.
            assert!(exact.dot(d) >= sampled.dot(d) - 1e-12);
            assert!((exact.dot(d) - sampled.dot(d)).abs() < 1e-8);
            assert!((exact - sampled).length() < 1e-3, "{exact} vs {sampled}");
            // …and the point lies on the ellipse.
            let on = (exact.x / e.a).powi(2) + (exact.y / e.b).powi(2);
            assert!((on - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn seed_001_parametric_support_is_wrong_when_axes_differ() {
        let e = Ellipse { a: 3.0, b: 0.5 };
        let d = DVec2::from_angle(0.7);
        let seed = DVec2::new(e.a * d.x, e.b * d.y); // (a cos φ, b sin φ)
        assert!(e.support(d).point.dot(d) > seed.dot(d) + 0.1);
    }
}
