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

/// Why a number or a point is outside the range. `what` names it as the message does
/// ("position", "circle radius", "vertex 2"); the message names the value and the
/// limit.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RangeError {
    /// A number is NaN or infinite.
    #[error("{what} is {value}, not a finite number")]
    NotFinite {
        /// What the number is.
        what: String,
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
        what: String,
        /// The number.
        value: f64,
    },
    /// A coordinate of a point is NaN or infinite.
    #[error("{what} ({}, {}) is not finite", point.x, point.y)]
    PointNotFinite {
        /// What the point is.
        what: String,
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
        what: String,
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
        what: String,
        /// The size.
        size: f64,
    },
}

/// Whether a number is inside the range (`what` names it: "position", "circle
/// radius", "vertex 2").
pub fn check_coordinate(what: &str, value: f64) -> Result<(), RangeError> {
    let what = what.to_string();
    if !value.is_finite() {
        Err(RangeError::NotFinite { what, value })
    } else if value.abs() > MAX_COORDINATE {
        Err(RangeError::TooLarge { what, value })
    } else {
        Ok(())
    }
}

/// [`check_coordinate`] for both coordinates of a point.
pub fn check_point(what: &str, point: DVec2) -> Result<(), RangeError> {
    let what = what.to_string();
    if !point.is_finite() {
        Err(RangeError::PointNotFinite { what, point })
    } else if point.abs().max_element() > MAX_COORDINATE {
        Err(RangeError::PointTooLarge { what, point })
    } else {
        Ok(())
    }
}

/// Whether a size (radius, semi-axis, polygon extent) is large enough.
pub fn check_size(what: &str, size: f64) -> Result<(), RangeError> {
    if size < MIN_SIZE {
        Err(RangeError::TooSmall {
            what: what.to_string(),
            size,
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_value_and_the_limit() {
        let e = check_coordinate("circle radius", 1e155).unwrap_err();
        assert!(
            matches!(e, RangeError::TooLarge { value: 1e155, .. }),
            "{e:?}"
        );
        let e = e.to_string();
        assert!(e.contains("1e155") && e.contains("1e12"), "{e}");
        let e = check_point("vertex 1", DVec2::new(1e200, 0.0)).unwrap_err();
        assert!(matches!(e, RangeError::PointTooLarge { .. }), "{e:?}");
        let e = e.to_string();
        assert!(e.contains("1e200") && e.contains("beyond the range"), "{e}");
        let e = check_size("polygon extent", 1e-170).unwrap_err();
        assert!(matches!(e, RangeError::TooSmall { .. }), "{e:?}");
        let e = e.to_string();
        assert!(e.contains("1e-170") && e.contains("1e-9"), "{e}");
        assert!(check_coordinate("x", 1e12).is_ok() && check_size("s", 1e-9).is_ok());
    }
}
