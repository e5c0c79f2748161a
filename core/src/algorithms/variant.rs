//! The seeds' own versions of the algorithms, runnable beside gjk-lab's.
//!
//! The seed documents (`../shared/seeds/`) carry well-known bugs in their sample code:
//! an ellipse support that is not the support, a GJK loop with no progress test, an
//! EPA whose edge normals cross the polytope over itself, loose or absolute
//! tolerances, an MTV turned by the wrong rule. Each [`Variant`] is *one* of those
//! choices switched on inside gjk-lab's own step machine — the machine is the same
//! code, with the seed's line where the seed differs — so that a run of the variant
//! beside gjk-lab's run differs exactly by the bug. Every variant names its seed, its
//! bug in one sentence and a preset in `scenes/` where it goes wrong
//! (`gjk-lab trace --list-variants`).
//!
//! Where a machine consults its variant:
//!
//! | variant | machine | the seed's line |
//! | --- | --- | --- |
//! | [`Variant::EllipseAngleSupport`] | [`Gjk`](super::gjk::Gjk) | support of an ellipse: the boundary point at the *angle* of `d` |
//! | [`Variant::NoProgressTest`] | [`Gjk`](super::gjk::Gjk) | no "`w` gets no closer" test, no touch tolerance: the loop cycles on a repeated support point until the cap |
//! | [`Variant::FootNormals`] | [`Epa`](super::epa::Epa) | edge normal = the origin's foot on the edge, the perpendicular only below `float.Epsilon` |
//! | [`Variant::LooseTolerance`] | [`PseudoEpa`](super::pseudo_epa::PseudoEpa) | stop when the new point advances ≤ 0.2 (absolute) |
//! | [`Variant::ObbTouchingSeparated`] | [`Sat`](super::sat::Sat) (OBB path) | `if (separateDist <= 0) return false`: touching is separated |
//! | [`Variant::MtvTowardsCentre`] | [`Sat`](super::sat::Sat) | the MTV's axis turned towards B's vertex average, whichever side is shorter |
//! | [`Variant::EpaFloat32`] | [`Epa`](super::epa::Epa) | ε = 1e-3 absolute, 32 iterations, support points in `float` |

use glam::DVec2;
use serde::Serialize;

/// One of the seeds' versions of an algorithm (see the module notes).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, strum::IntoStaticStr, strum::VariantArray,
)]
#[serde(into = "&'static str")]
#[strum(serialize_all = "kebab-case")]
pub enum Variant {
    /// Seed 001's ellipse support: the parametric point at the angle of `d`.
    EllipseAngleSupport,
    /// Seed 001's GJK loop: no progress test and no touch tolerance.
    NoProgressTest,
    /// Seed 000's EPA edges: normals from the origin's foot, without the two opposite
    /// edges' start.
    FootNormals,
    /// Seed 003's pseudo-EPA with its absolute tolerance 0.2.
    LooseTolerance,
    /// Seed 004's OBB test: touching boxes are separated.
    ObbTouchingSeparated,
    /// Seed 004's SAT: the MTV turned towards B's centre.
    MtvTowardsCentre,
    /// Seed 004's EPA: ε = 1e-3, 32 iterations, in `float`.
    EpaFloat32,
}

/// Seed 003's stopping tolerance for pseudo-EPA (absolute).
pub const SEED_003_TOLERANCE: f64 = 0.2;
/// Seed 004's EPA tolerance (absolute).
pub const SEED_004_EPSILON: f64 = 1e-3;
/// Seed 004's EPA iteration cap.
pub const SEED_004_MAX_ITERATIONS: usize = 32;
/// C#'s `float.Epsilon`, the smallest positive subnormal `float` (≈ 1.4e-45): seed
/// 000's test for "the origin lies on the edge".
pub const FLOAT_EPSILON: f64 = 1.401_298_464_324_817e-45;

impl Variant {
    /// Every variant, in listing order.
    pub const ALL: &'static [Variant] = <Variant as strum::VariantArray>::VARIANTS;

    /// The name used on the command line (`--variant NAME`) and in JSON.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The variant of that name.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.iter().copied().find(|v| v.name() == name)
    }

    /// The seed document it comes from, `"000"` … `"004"`.
    pub fn seed(self) -> &'static str {
        match self {
            Variant::EllipseAngleSupport | Variant::NoProgressTest => "001",
            Variant::FootNormals => "000",
            Variant::LooseTolerance => "003",
            Variant::ObbTouchingSeparated | Variant::MtvTowardsCentre | Variant::EpaFloat32 => {
                "004"
            }
        }
    }

    /// A short title for menus ("ellipse point at the angle of d"); the window never
    /// names the seed documents (the docs credit them), [`Variant::seed`] does.
    pub fn title(self) -> &'static str {
        match self {
            Variant::EllipseAngleSupport => "ellipse point at the angle of d",
            Variant::NoProgressTest => "no progress test",
            Variant::FootNormals => "normals from the origin's foot",
            Variant::LooseTolerance => "tolerance 0.2",
            Variant::ObbTouchingSeparated => "touching is separated",
            Variant::MtvTowardsCentre => "MTV towards B's centre",
            Variant::EpaFloat32 => "ε = 1e-3, 32 iterations, float",
        }
    }

    /// The bug, in one sentence.
    pub fn bug(self) -> &'static str {
        match self {
            Variant::EllipseAngleSupport => {
                "the ellipse's support is taken as the boundary point at the angle of d, \
                 (a cos φ, b sin φ), which is the support point only when a = b; GJK then \
                 calls a separated pair overlapping or an overlapping pair separated"
            }
            Variant::NoProgressTest => {
                "the loop has no test that the new support point gets closer and no touch \
                 tolerance, so with the origin on an edge of A − B it adds the same support \
                 point again and again (stopped here by the iteration cap)"
            }
            Variant::FootNormals => {
                "edge normals come from the origin's foot on the edge, the perpendicular only \
                 when that foot is below float.Epsilon (1.4e-45); when GJK ends on a segment \
                 through the origin, rounding leaves a tiny foot, both edges get the same \
                 normal, the polytope grows on one side only and crosses itself"
            }
            Variant::LooseTolerance => {
                "pseudo-EPA stops when the new support point advances no more than 0.2 past \
                 the edge, an absolute tolerance: on shapes of size 1 it stops on an edge far \
                 from the boundary, with a depth and normal that are wrong"
            }
            Variant::ObbTouchingSeparated => {
                "the OBB test returns 'separated' when an axis's overlap is ≤ 0, so two boxes \
                 that touch are called apart"
            }
            Variant::MtvTowardsCentre => {
                "the MTV's axis is turned to point from A's vertex average to B's, not to the \
                 side the overlap was measured on; when one shape contains the other that \
                 turns it the wrong way, and moving B by it does not separate them"
            }
            Variant::EpaFloat32 => {
                "EPA stops at ε = 1e-3 (absolute), gives up after 32 iterations (returning a \
                 zero vector there) and computes support points in float from world \
                 coordinates: far from the origin the rounding of the coordinates exceeds \
                 the overlap"
            }
        }
    }

    /// The preset where it goes wrong (a path under `scenes/`).
    pub fn preset(self) -> &'static str {
        match self {
            Variant::EllipseAngleSupport => "scenes/seed-001-ellipse-support.ron",
            Variant::NoProgressTest => "scenes/seed-001-no-progress.ron",
            Variant::FootNormals => "scenes/seed-000-foot-normals.ron",
            Variant::LooseTolerance => "scenes/seed-003-tolerance.ron",
            Variant::ObbTouchingSeparated => "scenes/seed-004-obb-touching.ron",
            Variant::MtvTowardsCentre => "scenes/seed-004-mtv-containment.ron",
            Variant::EpaFloat32 => "scenes/seed-004-epa-float.ron",
        }
    }
}

/// Seed 001's ellipse "support": the parametric point `(a cos φ, b sin φ)` at the angle
/// `φ` of the direction (local frame). It is the true support point only when `a = b`
/// (the true one is `(a²dx, b²dy)/‖(a dx, b dy)‖`,
/// [`Ellipse`](crate::shapes::Ellipse)'s `support`).
pub fn ellipse_angle_point(a: f64, b: f64, direction: DVec2) -> DVec2 {
    let phi = direction.y.atan2(direction.x);
    DVec2::new(a * phi.cos(), b * phi.sin())
}

/// Seed 000's edge: the normal is the origin's foot `Q` on the edge's line, normalised,
/// and the distance `|Q|`; only when `|Q| ≤ float.Epsilon` the perpendicular
/// `(−v.y, v.x)` of `v = a − b` (normalised) is used. Returns `(normal, distance)`.
pub fn foot_normal_edge(a: DVec2, b: DVec2) -> (DVec2, f64) {
    // The origin's foot on the line through a and b (not clamped to the segment).
    let ab = b - a;
    let t = if ab == DVec2::ZERO {
        0.0
    } else {
        -a.dot(ab) / ab.length_squared()
    };
    let q = a + ab * t;
    let distance = q.length();
    if distance > FLOAT_EPSILON {
        (q / distance, distance)
    } else {
        let v = (a - b).normalize_or_zero();
        let n = DVec2::new(-v.y, v.x);
        if n == DVec2::ZERO {
            (DVec2::ZERO, f64::INFINITY)
        } else {
            (n, distance)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_name(v.name()), Some(*v));
            assert!(v.preset().starts_with("scenes/"));
            assert_eq!(v.seed().len(), 3);
        }
        assert_eq!(Variant::from_name("nope"), None);
    }

    #[test]
    fn the_angle_point_is_the_support_only_for_a_circle() {
        let d = DVec2::new(1.0, 1.0).normalize();
        let circle = ellipse_angle_point(2.0, 2.0, d);
        assert!((circle - d * 2.0).length() < 1e-12);
        // For a = 3, b = 1 the true support along (1, 1) is (9, 1)/√10 · … ; the
        // angle point reaches less far along d.
        let angle = ellipse_angle_point(3.0, 1.0, d);
        let true_support = DVec2::new(9.0, 1.0) / 10f64.sqrt();
        assert!(angle.dot(d) < true_support.dot(d) - 0.1);
    }

    #[test]
    fn foot_normals_of_a_segment_through_the_origin_agree() {
        // Rounding leaves the origin a hair off the line through a and b: both edges
        // a → b and b → a get the *same* normal (the bug), not opposite ones.
        let a = DVec2::new(-0.3, -0.7);
        let b = DVec2::new(0.9, 2.1);
        let (n1, d1) = foot_normal_edge(a, b);
        let (n2, d2) = foot_normal_edge(b, a);
        assert!(d1 < 1e-15 && d2 < 1e-15);
        if d1 > FLOAT_EPSILON {
            assert!((n1 - n2).length() < 1e-9, "{n1} {n2}");
        }
    }
}
