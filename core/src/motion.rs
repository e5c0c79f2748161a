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
}
