//! The numeric range gjk-lab computes in, and the checks that keep scenes inside it.
//!
//! Every number of a shape — position coordinates, polygon vertex coordinates, circle
//! radius, ellipse semi-axes — has a magnitude of at most [`MAX_COORDINATE`] (1e12), and
//! every shape is at least [`MIN_SIZE`] (1e-9) across. Inside this range:
//!
//! - the largest square any algorithm forms (a squared distance across two shapes
//!   placed anywhere, `(4·1e12)² ≈ 1.6e25`) is far from overflowing (1.8e308), and the
//!   smallest one that decides anything (a squared tolerance, `(1e-9·1e-9)² = 1e-36`)
//!   far from the subnormals (2.2e-308), so no NaN and no infinity can appear;
//! - tolerances scale with the pair (see [`crate::minkowski::Tolerance`]), so the
//!   answers keep their relative accuracy at every size; world points (closest points,
//!   contacts) are as precise as an `f64` of their magnitude (about 1e-4 at 1e12).
//!
//! Outside it (a triangle with a vertex at 1e155, two circles 2e154 apart), squares
//! overflow: scene validation refuses such shapes, naming the shape and the limit,
//! instead of answering with NaN. The property tests of `tests/range.rs` and the fuzz
//! targets of `fuzz/` check the invariants across the whole range.

use glam::DVec2;

/// Largest magnitude of any coordinate or size of a shape.
pub const MAX_COORDINATE: f64 = 1e12;

/// Smallest size of a shape: a circle's radius, each ellipse semi-axis, a polygon's
/// extent (the longer side of its bounding box).
pub const MIN_SIZE: f64 = 1e-9;

/// A number as a reader writes it: plainly between 1e-4 and 1e16, else in scientific
/// notation (Rust's `Display` would spell 1e155 with 156 digits).
pub fn readable(v: f64) -> String {
    if v == 0.0 || (1e-4..1e16).contains(&v.abs()) {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

/// What a range check is about: a scene's number or point, named as the messages name
/// it ("position", "circle radius", "vertex 2").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// A shape's position.
    Position,
    /// The view's centre.
    Center,
    /// A motion's velocity.
    MotionVelocity,
    /// A motion's angular speed.
    MotionAngularSpeed,
    /// Where a motion ends: position + velocity.
    EndPosition,
    /// A rounded polygon's radius.
    PolygonRadius,
    /// A circle's radius.
    CircleRadius,
    /// An ellipse's semi-axis `a`.
    EllipseSemiAxisA,
    /// An ellipse's semi-axis `b`.
    EllipseSemiAxisB,
    /// A capsule's end `a`.
    CapsuleEndA,
    /// A capsule's end `b`.
    CapsuleEndB,
    /// A capsule's radius.
    CapsuleRadius,
    /// A polygon's vertex (its index as written).
    Vertex(usize),
    /// A polygon's extent (the longer side of its bounding box).
    PolygonExtent,
}

impl std::fmt::Display for Quantity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match self {
            Quantity::Position => "position",
            Quantity::Center => "center",
            Quantity::MotionVelocity => "motion velocity",
            Quantity::MotionAngularSpeed => "motion angular speed",
            Quantity::EndPosition => "end position (position + velocity)",
            Quantity::PolygonRadius => "polygon radius",
            Quantity::CircleRadius => "circle radius",
            Quantity::EllipseSemiAxisA => "ellipse semi-axis a",
            Quantity::EllipseSemiAxisB => "ellipse semi-axis b",
            Quantity::CapsuleEndA => "capsule end a",
            Quantity::CapsuleEndB => "capsule end b",
            Quantity::CapsuleRadius => "capsule radius",
            Quantity::Vertex(k) => return write!(f, "vertex {k}"),
            Quantity::PolygonExtent => "the polygon's extent",
        };
        f.write_str(name)
    }
}

/// Why a number or a point is outside the range. `what` names it ([`Quantity`]); the
/// message names the value and the limit.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RangeError {
    /// A number is NaN or infinite.
    #[error("{what} is {value}, not a finite number")]
    NotFinite {
        /// What the number is.
        what: Quantity,
        /// The number.
        value: f64,
    },
    /// A number's magnitude is above [`MAX_COORDINATE`].
    #[error(
        "{what} {} is beyond the range gjk-lab computes in \
         (coordinates and sizes up to {MAX_COORDINATE:e} in magnitude)",
        readable(*value)
    )]
    TooLarge {
        /// What the number is.
        what: Quantity,
        /// The number.
        value: f64,
    },
    /// A coordinate of a point is NaN or infinite.
    #[error("{what} ({}, {}) is not finite", point.x, point.y)]
    PointNotFinite {
        /// What the point is.
        what: Quantity,
        /// The point.
        point: DVec2,
    },
    /// A coordinate of a point has a magnitude above [`MAX_COORDINATE`].
    #[error(
        "{what} ({}, {}) is beyond the range gjk-lab computes in \
         (coordinates up to {MAX_COORDINATE:e} in magnitude)",
        readable(point.x),
        readable(point.y)
    )]
    PointTooLarge {
        /// What the point is.
        what: Quantity,
        /// The point.
        point: DVec2,
    },
    /// A size is below [`MIN_SIZE`].
    #[error(
        "{what} {} is below the range gjk-lab computes in \
         (shapes at least {MIN_SIZE:e} across)",
        readable(*size)
    )]
    TooSmall {
        /// What the size is.
        what: Quantity,
        /// The size.
        size: f64,
    },
}

/// Whether a number is inside the range (`what` names it).
pub fn check_coordinate(what: Quantity, value: f64) -> Result<(), RangeError> {
    if !value.is_finite() {
        Err(RangeError::NotFinite { what, value })
    } else if value.abs() > MAX_COORDINATE {
        Err(RangeError::TooLarge { what, value })
    } else {
        Ok(())
    }
}

/// [`check_coordinate`] for both coordinates of a point.
pub fn check_point(what: Quantity, point: DVec2) -> Result<(), RangeError> {
    if !point.is_finite() {
        Err(RangeError::PointNotFinite { what, point })
    } else if point.abs().max_element() > MAX_COORDINATE {
        Err(RangeError::PointTooLarge { what, point })
    } else {
        Ok(())
    }
}

/// Whether a size (radius, semi-axis, polygon extent) is large enough.
pub fn check_size(what: Quantity, size: f64) -> Result<(), RangeError> {
    if size < MIN_SIZE {
        Err(RangeError::TooSmall { what, size })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_value_and_the_limit() {
        let e = check_coordinate(Quantity::CircleRadius, 1e155).unwrap_err();
        assert!(
            matches!(e, RangeError::TooLarge { value: 1e155, .. }),
            "{e:?}"
        );
        let e = e.to_string();
        assert!(e.contains("1e155") && e.contains("1e12"), "{e}");
        let e = check_point(Quantity::Vertex(1), DVec2::new(1e200, 0.0)).unwrap_err();
        assert!(matches!(e, RangeError::PointTooLarge { .. }), "{e:?}");
        let e = e.to_string();
        assert!(e.contains("1e200") && e.contains("beyond the range"), "{e}");
        let e = check_size(Quantity::PolygonExtent, 1e-170).unwrap_err();
        assert!(matches!(e, RangeError::TooSmall { .. }), "{e:?}");
        let e = e.to_string();
        assert!(e.contains("1e-170") && e.contains("1e-9"), "{e}");
        assert!(
            check_coordinate(Quantity::Position, 1e12).is_ok()
                && check_size(Quantity::CircleRadius, 1e-9).is_ok()
        );
    }
}
