//! The registry of the algorithms a learner can step through: their names, titles,
//! pseudo-code, caps and which of the seeds' versions belongs to which. It names the
//! machines, so it sits above them: no machine imports it.

use super::cast::{advancement, sampled, sat_cast, shape_cast, toi};
use super::variant::Variant;
use super::{
    box_box, circle_polygon, clip, distance, ellipse_polygon, epa, face_separation, gjk,
    polygon_distance, pseudo_epa, sat,
};
use serde::Serialize;

/// The algorithms a learner can step through, in menu order.
/// In scene files and JSON an algorithm is written by its name, a string ("pseudo-epa"):
/// the variant's name in kebab-case, derived once (strum) for the name, JSON, scene
/// files and the command line's `--algo` (`tests/algorithm_names.rs` checks they agree).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
#[derive(strum::IntoStaticStr, strum::EnumString, strum::EnumCount, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum Algorithm {
    /// GJK intersection test.
    #[default]
    Gjk,
    /// GJK distance and closest points.
    Distance,
    /// EPA penetration depth and normal.
    Epa,
    /// Seed 003's two-point variant of EPA (a lesson).
    PseudoEpa,
    /// SAT: separating axes and the minimum translation vector.
    Sat,
    /// SAT's fast path for two oriented boxes.
    SatObb,
    /// The contact manifold by clipping.
    Clip,
    /// Circle against convex polygon in closed form (the centre's Voronoi region).
    CirclePolygon,
    /// Two convex polygons: each face's separation, the reference face, clipping
    /// (Box2D's polygon collider).
    FaceSeparation,
    /// Two rectangles: face separation on four axes in closed form.
    BoxBox,
    /// Ellipse against convex polygon: squashed into circle against polygon, then a
    /// Newton climb to the distance.
    EllipsePolygon,
    /// Two convex polygons' distance: a closest-feature walk from a separating
    /// direction.
    PolygonDistance,
    /// Moving shapes: the discrete check at `t = 0` and `t = 1` ([`CastAlgorithm::Discrete`]).
    Discrete,
    /// Moving shapes: sub-stepping ([`CastAlgorithm::SubStepping`]).
    SubStepping,
    /// Moving shapes: the linear shape cast by GJK-raycast ([`CastAlgorithm::ShapeCast`]).
    ShapeCast,
    /// Moving shapes: two polygons' linear cast by separating axes in time
    /// ([`CastAlgorithm::SatCast`]).
    SatCast,
    /// Moving shapes: conservative advancement ([`CastAlgorithm::ConservativeAdvancement`]).
    ConservativeAdvancement,
    /// Moving shapes: Box2D's time of impact ([`CastAlgorithm::TimeOfImpact`]).
    TimeOfImpact,
}

impl Algorithm {
    /// Every algorithm, in menu order (the order of declaration).
    pub const ALL: [Algorithm; <Algorithm as strum::EnumCount>::COUNT] =
        *<Algorithm as strum::VariantArray>::VARIANTS
            .first_chunk()
            .expect("one entry per variant");

    /// The name used on the command line and in scene files ("pseudo-epa").
    pub fn name(&self) -> &'static str {
        self.into()
    }

    /// The cast algorithm it is, for the ones that answer moving shapes (`None` for
    /// the algorithms on shapes standing still).
    pub fn cast(self) -> Option<CastAlgorithm> {
        Some(match self {
            Algorithm::Discrete => CastAlgorithm::Discrete,
            Algorithm::SubStepping => CastAlgorithm::SubStepping,
            Algorithm::ShapeCast => CastAlgorithm::ShapeCast,
            Algorithm::SatCast => CastAlgorithm::SatCast,
            Algorithm::ConservativeAdvancement => CastAlgorithm::ConservativeAdvancement,
            Algorithm::TimeOfImpact => CastAlgorithm::TimeOfImpact,
            _ => return None,
        })
    }

    /// Whether it answers moving shapes (a cast, [`Algorithm::cast`]).
    pub fn is_cast(self) -> bool {
        self.cast().is_some()
    }

    /// The name shown to a learner.
    pub fn title(&self) -> &'static str {
        match self {
            Algorithm::Gjk => "GJK (intersection)",
            Algorithm::Distance => "GJK distance",
            Algorithm::Epa => "EPA (penetration)",
            Algorithm::PseudoEpa => "Pseudo-EPA (two-point EPA)",
            Algorithm::Sat => "SAT (separating axes)",
            Algorithm::SatObb => "SAT, OBB fast path",
            Algorithm::Clip => "Contact points (clipping)",
            Algorithm::CirclePolygon => "Circle vs polygon (closed form)",
            Algorithm::FaceSeparation => "Face separation (Box2D)",
            Algorithm::BoxBox => "Box vs box (four axes)",
            Algorithm::EllipsePolygon => "Ellipse vs polygon (squash, climb)",
            Algorithm::PolygonDistance => "Polygon distance (feature walk)",
            Algorithm::Discrete
            | Algorithm::SubStepping
            | Algorithm::ShapeCast
            | Algorithm::SatCast
            | Algorithm::ConservativeAdvancement
            | Algorithm::TimeOfImpact => self.cast().map_or("", |c| c.title()),
        }
    }

    /// Whether a run takes [`Settings`](crate::settings::Settings) (tolerances, cap, precision): the
    /// iterative machines and SAT; the closed-form algorithms have none to turn.
    pub fn takes_settings(self) -> bool {
        matches!(
            self,
            Algorithm::Gjk
                | Algorithm::Distance
                | Algorithm::Epa
                | Algorithm::PseudoEpa
                | Algorithm::Sat
                | Algorithm::SatObb
        )
    }

    /// The most support points one run computes by gjk-lab's own cap (`None`: the
    /// algorithm does not iterate on support points).
    pub fn own_cap(self) -> Option<usize> {
        if let Some(cast) = self.cast() {
            return cast.own_cap();
        }
        match self {
            Algorithm::Gjk => Some(gjk::MAX_ITERATIONS),
            Algorithm::Distance => Some(distance::MAX_ITERATIONS),
            Algorithm::Epa => Some(epa::MAX_ITERATIONS),
            Algorithm::PseudoEpa => Some(pseudo_epa::MAX_ITERATIONS),
            _ => None,
        }
    }

    /// The pseudo-code shown beside the algorithm's steps, one line per entry (its
    /// events name their lines in it).
    pub fn pseudo_code(self) -> &'static [&'static str] {
        match self {
            Algorithm::Gjk => gjk::PSEUDO_CODE,
            Algorithm::Distance => distance::PSEUDO_CODE,
            Algorithm::Epa => epa::PSEUDO_CODE,
            Algorithm::PseudoEpa => pseudo_epa::PSEUDO_CODE,
            Algorithm::Sat => sat::PSEUDO_CODE,
            Algorithm::SatObb => sat::OBB_PSEUDO_CODE,
            Algorithm::Clip => clip::PSEUDO_CODE,
            Algorithm::CirclePolygon => circle_polygon::PSEUDO_CODE,
            Algorithm::FaceSeparation => face_separation::PSEUDO_CODE,
            Algorithm::BoxBox => box_box::PSEUDO_CODE,
            Algorithm::EllipsePolygon => ellipse_polygon::PSEUDO_CODE,
            Algorithm::PolygonDistance => polygon_distance::PSEUDO_CODE,
            Algorithm::Discrete
            | Algorithm::SubStepping
            | Algorithm::ShapeCast
            | Algorithm::SatCast
            | Algorithm::ConservativeAdvancement
            | Algorithm::TimeOfImpact => self.cast().map_or(&[], CastAlgorithm::pseudo_code),
        }
    }
}

/// The continuous-collision algorithms a learner can step through (shapes that move
/// over a step, [`crate::motion`]), in menu order; their machines are in
/// [`cast`](super::cast). They answer another question than [`Algorithm`]'s (when two
/// moving shapes first touch, not how two still ones meet), so they have a registry of
/// their own: the same names, titles, pseudo-code and caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
#[derive(strum::IntoStaticStr, strum::EnumString, strum::EnumCount, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum CastAlgorithm {
    /// The discrete check: the shapes at `t = 0` and `t = 1` only (it tunnels).
    Discrete,
    /// Sub-stepping: the shapes at `N` evenly spaced times (it still tunnels).
    SubStepping,
    /// Linear shape cast (and ray cast) by GJK-raycast: translations only.
    ShapeCast,
    /// Two convex polygons' linear cast by separating axes in time (every face's gap a
    /// line in `t`): translations only, target 0.
    SatCast,
    /// Conservative advancement (Mirtich), with rotation.
    ConservativeAdvancement,
    /// Time of impact by separating axes and root finding (Box2D's).
    TimeOfImpact,
}

impl CastAlgorithm {
    /// Every cast algorithm, in menu order (the order of declaration).
    pub const ALL: [CastAlgorithm; <CastAlgorithm as strum::EnumCount>::COUNT] =
        *<CastAlgorithm as strum::VariantArray>::VARIANTS
            .first_chunk()
            .expect("one entry per variant");

    /// The name used on the command line (`--algo time-of-impact`).
    pub fn name(&self) -> &'static str {
        self.into()
    }

    /// The name shown to a learner.
    pub fn title(&self) -> &'static str {
        match self {
            CastAlgorithm::Discrete => "Discrete check (t = 0 and t = 1)",
            CastAlgorithm::SubStepping => "Sub-stepping (N samples)",
            CastAlgorithm::ShapeCast => "Shape cast (GJK-raycast)",
            CastAlgorithm::SatCast => "SAT cast (gaps in time)",
            CastAlgorithm::ConservativeAdvancement => "Conservative advancement",
            CastAlgorithm::TimeOfImpact => "Time of impact (Box2D)",
        }
    }

    /// The same algorithm in the registry of everything a learner steps through.
    pub fn algorithm(self) -> Algorithm {
        match self {
            CastAlgorithm::Discrete => Algorithm::Discrete,
            CastAlgorithm::SubStepping => Algorithm::SubStepping,
            CastAlgorithm::ShapeCast => Algorithm::ShapeCast,
            CastAlgorithm::SatCast => Algorithm::SatCast,
            CastAlgorithm::ConservativeAdvancement => Algorithm::ConservativeAdvancement,
            CastAlgorithm::TimeOfImpact => Algorithm::TimeOfImpact,
        }
    }

    /// Whether it follows turning shapes (the shape cast and the SAT cast follow
    /// translations only).
    pub fn follows_rotation(self) -> bool {
        !matches!(self, CastAlgorithm::ShapeCast | CastAlgorithm::SatCast)
    }

    /// Whether it can miss a hit between the times it looks at (the naive ways).
    pub fn can_tunnel(self) -> bool {
        matches!(self, CastAlgorithm::Discrete | CastAlgorithm::SubStepping)
    }

    /// Its cap on its own iterations (samples for sub-stepping, support points for the
    /// shape cast, distance evaluations for the others); `None` for the SAT cast, which
    /// measures each face once and searches nothing.
    pub fn own_cap(self) -> Option<usize> {
        Some(match self {
            CastAlgorithm::Discrete => 2,
            CastAlgorithm::SubStepping => super::cast::MAX_SAMPLES,
            CastAlgorithm::ShapeCast => shape_cast::MAX_ITERATIONS,
            CastAlgorithm::SatCast => return None,
            CastAlgorithm::ConservativeAdvancement => advancement::MAX_ITERATIONS,
            CastAlgorithm::TimeOfImpact => toi::MAX_ITERATIONS,
        })
    }

    /// The pseudo-code shown beside its steps, one line per entry.
    pub fn pseudo_code(self) -> &'static [&'static str] {
        match self {
            CastAlgorithm::Discrete | CastAlgorithm::SubStepping => sampled::PSEUDO_CODE,
            CastAlgorithm::ShapeCast => shape_cast::PSEUDO_CODE,
            CastAlgorithm::SatCast => sat_cast::PSEUDO_CODE,
            CastAlgorithm::ConservativeAdvancement => advancement::PSEUDO_CODE,
            CastAlgorithm::TimeOfImpact => toi::PSEUDO_CODE,
        }
    }
}

impl TryFrom<String> for CastAlgorithm {
    type Error = UnknownName;
    fn try_from(name: String) -> Result<Self, UnknownName> {
        name.parse().map_err(|_| UnknownName {
            kind: "cast algorithm",
            expected: CastAlgorithm::ALL.iter().map(|a| a.name()).collect(),
            name,
        })
    }
}

impl TryFrom<String> for Algorithm {
    type Error = UnknownName;
    fn try_from(name: String) -> Result<Self, UnknownName> {
        name.parse().map_err(|_| UnknownName {
            kind: "algorithm",
            expected: Algorithm::ALL.iter().map(|a| a.name()).collect(),
            name,
        })
    }
}

/// A name in a file that is none of the names of its kind: an algorithm here, and the
/// lessons' checkpoints, figures and page modes ([`crate::lesson`]). Its message
/// lists the names it could have been.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} {name:?}: expected one of {}", expected.join(", "))]
pub struct UnknownName {
    /// What the name should name (`"algorithm"`, `"checkpoint"`, `"figure"`,
    /// `"mode"`).
    pub kind: &'static str,
    /// The name given.
    pub name: String,
    /// The names of that kind, in their order.
    pub expected: Vec<&'static str>,
}

/// Which algorithm each of the seeds' versions changes (here, above the machines: a
/// version's own formulas live in `variant.rs`, below them).
impl Variant {
    /// The algorithm whose step machine it changes.
    pub fn algorithm(self) -> Algorithm {
        match self {
            Variant::EllipseAngleSupport | Variant::NoProgressTest => Algorithm::Gjk,
            Variant::FootNormals | Variant::EpaFloat32 => Algorithm::Epa,
            Variant::LooseTolerance => Algorithm::PseudoEpa,
            Variant::ObbTouchingSeparated => Algorithm::SatObb,
            Variant::MtvTowardsCentre => Algorithm::Sat,
        }
    }

    /// The variants of an algorithm.
    pub fn of(algorithm: Algorithm) -> impl Iterator<Item = Variant> {
        Variant::ALL
            .iter()
            .copied()
            .filter(move |v| v.algorithm() == algorithm)
    }
}
