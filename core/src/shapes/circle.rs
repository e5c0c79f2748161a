//! A circle centred on its local origin.

use super::{Support, SupportVertex};
use glam::DVec2;
use std::f64::consts::TAU;

/// A circle of radius `radius` centred on the local origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// Radius (> 0).
    pub radius: f64,
}

impl Circle {
    /// `segments` points on the circle, counter-clockwise from angle 0.
    pub fn outline(&self, segments: usize) -> Vec<DVec2> {
        let n = segments.max(3);
        (0..n)
            .map(|i| DVec2::from_angle(TAU * i as f64 / n as f64) * self.radius)
            .collect()
    }
}

impl Support for Circle {
    /// `s(d) = r · d/|d|` (seed 001). A zero direction answers with the point at angle 0.
    #[inline(always)]
    fn support(&self, direction: DVec2) -> SupportVertex {
        let len = direction.length();
        let unit = if len > 0.0 { direction / len } else { DVec2::X };
        SupportVertex {
            point: unit * self.radius,
            vertex: None,
        }
    }
}
