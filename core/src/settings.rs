//! The knobs of the iterative machines — tolerances, iteration caps and precision —
//! that a learner may turn to see what they are for (the app's *Advanced* panel,
//! `gjk-lab trace --touch … --convergence … --max-iterations … --precision f32`).
//!
//! gjk-lab's own values are [`Settings::default`]: every machine built without
//! settings runs exactly as with the defaults, bit for bit. Changed settings go into
//! the *same* step machines (GJK, GJK distance, EPA, pseudo-EPA, SAT), never a copy:
//!
//! - **touch** (`ε_touch`, a fraction of the pair's size, default 1e-9): distances
//!   up to `ε_touch · size` count as zero — the shapes touch, and touching
//!   intersects. At 0, exactly touching shapes are decided by rounding errors.
//! - **convergence** (`ε`, default 1e-10): GJK distance stops when a new support
//!   point gets the simplex closer by no more than `ε·|v|²`; EPA and pseudo-EPA when
//!   the depth is known to `ε · size`. Too large and the answers are rough; below the
//!   arithmetic's own precision (f32: 1.2e-7) a curved pair never meets it and runs
//!   to the cap.
//! - **the cap**: the most support points one run's loop computes (GJK 64, GJK
//!   distance 64, EPA 128, pseudo-EPA 64; the GJK distance run EPA and pseudo-EPA
//!   start from keeps its own). A lower cap ends the run with `iteration_limit` and
//!   the best answer so far.
//! - **precision** [`Precision::F32`]: every value a machine keeps from one step to
//!   the next is rounded to `f32` — the support points (their sources on A and B in
//!   world coordinates, then their difference, as a `float` program computes them),
//!   the search direction, the closest point, EPA's and pseudo-EPA's edge normals and
//!   distances, SAT's projections. This is `f32` storage, not a second implementation:
//!   the arithmetic between two roundings stays `f64`, so the f32 run shows the errors
//!   of storing in `float` — shapes far from the origin lose their small gaps, a
//!   tolerance below float's precision is never met — and at most those of a program
//!   that also computes in `float`.

use glam::DVec2;
use serde::{Deserialize, Serialize};

/// The arithmetic a run stores its values in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Precision {
    /// `f64` (gjk-lab's own).
    #[default]
    F64,
    /// Every kept value rounded to `f32` (see the module notes).
    F32,
}

impl Precision {
    /// `"f64"` or `"f32"`.
    pub fn name(self) -> &'static str {
        match self {
            Precision::F64 => "f64",
            Precision::F32 => "f32",
        }
    }

    /// The precision named `"f64"` or `"f32"`.
    pub fn from_name(name: &str) -> Option<Precision> {
        match name {
            "f64" => Some(Precision::F64),
            "f32" => Some(Precision::F32),
            _ => None,
        }
    }

    /// The relative precision of one stored value (the machine epsilon).
    pub fn epsilon(self) -> f64 {
        match self {
            Precision::F64 => f64::EPSILON,
            Precision::F32 => f32::EPSILON as f64,
        }
    }

    /// `x` as this precision stores it.
    #[inline(always)]
    pub fn round(self, x: f64) -> f64 {
        match self {
            Precision::F64 => x,
            Precision::F32 => x as f32 as f64,
        }
    }

    /// `v` as this precision stores it, component by component.
    #[inline(always)]
    pub fn round2(self, v: DVec2) -> DVec2 {
        match self {
            Precision::F64 => v,
            Precision::F32 => round2_f32(v),
        }
    }
}

/// `v` rounded to `f32`, component by component. (Out of line: inlined into
/// [`Precision::round2`], the compiler computed it on every f64 run too, to choose
/// between the two without a branch.)
#[cold]
#[inline(never)]
fn round2_f32(v: DVec2) -> DVec2 {
    DVec2::new(v.x as f32 as f64, v.y as f32 as f64)
}

/// gjk-lab's touch tolerance, as a fraction of the pair's size.
pub const DEFAULT_TOUCH: f64 = 1e-9;
/// gjk-lab's convergence tolerance (relative).
pub const DEFAULT_CONVERGENCE: f64 = 1e-10;
/// The largest tolerance the settings accept: beyond a tenth of the pair's size a
/// tolerance is no longer a tolerance.
pub const MAX_TOLERANCE: f64 = 0.1;
/// The largest iteration cap the settings accept (EPA's polytope holds at most its
/// own cap's vertices; a lower cap is what a learner explores).
pub const MAX_CAP: usize = 1000;

/// A setting out of its range: which (`"touch"`, `"convergence"`,
/// `"max-iterations"`, the command line's names) and why.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("--{name}: {why}")]
pub struct InvalidSetting {
    /// The setting, by its command-line name.
    pub name: &'static str,
    /// What is wrong with its value.
    pub why: String,
}

/// Tolerances, an iteration cap and a precision for one run (see the module notes).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Touch tolerance, a fraction of the pair's size.
    pub touch: f64,
    /// Convergence tolerance (relative).
    pub convergence: f64,
    /// The most support points a run computes; `None`: the algorithm's own cap.
    pub max_iterations: Option<usize>,
    /// The arithmetic the run stores its values in.
    pub precision: Precision,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            touch: DEFAULT_TOUCH,
            convergence: DEFAULT_CONVERGENCE,
            max_iterations: None,
            precision: Precision::F64,
        }
    }
}

impl Settings {
    /// Whether these are gjk-lab's own settings.
    pub fn is_default(&self) -> bool {
        *self == Settings::default()
    }

    /// The cap of a machine whose own cap is `own`.
    pub fn cap(&self, own: usize) -> usize {
        self.max_iterations.unwrap_or(own)
    }

    /// The same settings with the algorithm's own cap: for the GJK distance run EPA
    /// and pseudo-EPA start from (the cap a learner sets is the expanding loop's).
    pub fn without_cap(&self) -> Settings {
        Settings {
            max_iterations: None,
            ..*self
        }
    }

    /// Checks every value: a tolerance must be a number in `[0, 0.1]`, a cap in
    /// `1..=1000`. The error names the setting and what is wrong with it.
    pub fn validated(self) -> Result<Settings, InvalidSetting> {
        for (name, value) in [("touch", self.touch), ("convergence", self.convergence)] {
            if !(0.0..=MAX_TOLERANCE).contains(&value) {
                return Err(InvalidSetting {
                    name,
                    why: format!(
                        "the {name} tolerance must be a number from 0 to {MAX_TOLERANCE} \
                         (a fraction of the pair's size), not {value}"
                    ),
                });
            }
        }
        if let Some(cap) = self.max_iterations {
            if !(1..=MAX_CAP).contains(&cap) {
                return Err(InvalidSetting {
                    name: "max-iterations",
                    why: format!("the iteration cap must be from 1 to {MAX_CAP}, not {cap}"),
                });
            }
        }
        Ok(self)
    }

    /// The settings that differ from gjk-lab's, in words ("touch 0, f32"); empty for
    /// the defaults.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        // A tolerance as the sliders show it: 1e-9, 5e-2, and 0 as 0.
        let number = |x: f64| match x {
            0.0 => "0".to_string(),
            _ => format!("{x:e}"),
        };
        if self.touch != DEFAULT_TOUCH {
            parts.push(format!("touch tolerance {}", number(self.touch)));
        }
        if self.convergence != DEFAULT_CONVERGENCE {
            parts.push(format!(
                "convergence tolerance {}",
                number(self.convergence)
            ));
        }
        if let Some(cap) = self.max_iterations {
            parts.push(format!("at most {cap} support points"));
        }
        if self.precision == Precision::F32 {
            parts.push("values stored in f32".to_string());
        }
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f32_rounding_is_the_nearest_float() {
        let x = 0.1_f64;
        assert_eq!(Precision::F32.round(x), 0.1_f32 as f64);
        assert_ne!(Precision::F32.round(x), x);
        assert_eq!(Precision::F64.round(x), x);
        // At 1e6 a float's spacing is 1/16: a gap of 0.01 is lost.
        assert_eq!(Precision::F32.round(1e6 + 0.01), 1e6);
    }

    #[test]
    fn bad_values_are_named() {
        let bad = Settings {
            touch: -1.0,
            ..Settings::default()
        };
        assert_eq!(bad.validated().unwrap_err().name, "touch");
        let nan = Settings {
            convergence: f64::NAN,
            ..Settings::default()
        };
        assert_eq!(nan.validated().unwrap_err().name, "convergence");
        let cap = Settings {
            max_iterations: Some(0),
            ..Settings::default()
        };
        assert!(cap.validated().unwrap_err().why.contains("cap"));
        assert!(Settings::default().validated().is_ok());
        assert!(Settings::default().describe().is_empty());
        let zero = Settings {
            touch: 0.0,
            ..Settings::default()
        };
        assert_eq!(zero.describe(), "touch tolerance 0");
    }
}
