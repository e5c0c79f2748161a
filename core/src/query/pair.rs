//! The full answer for one pair, [`PairQuery`], and how each method's own result
//! becomes one.
//!
//! Every method answers in its own terms (the closed form names the centre's region,
//! the polygon walk its nearest features, face separation its reference face); the
//! pair query keeps that ending in [`MethodOutcome`] and says which method answered
//! ([`PairQuery::method`]). Its `gjk_outcome` and `epa_outcome` fields are older: they
//! name every ending as GJK distance and EPA would (the JSON of `gjk-lab query` has
//! carried them since its first version), also when another method answered.

use crate::algorithms::answer::Contact;
use crate::algorithms::circle_polygon::{CirclePolygonOutcome, CirclePolygonResult};
use crate::algorithms::distance::{DistanceOutcome, DistanceResult};
use crate::algorithms::ellipse_polygon::EllipsePolygonOutcome;
use crate::algorithms::epa::EpaOutcome;
use crate::algorithms::face_separation::FaceSeparationOutcome;
use crate::algorithms::polygon_distance::PolygonDistanceOutcome;
use crate::algorithms::Algorithm;
use glam::DVec2;
use serde::Serialize;

/// The version of the JSON that `gjk-lab query` writes. Version 2 added `version` and
/// `method` (the answering method's name and its own outcome); every field of
/// version 1 keeps its name and meaning.
pub const JSON_VERSION: u32 = 2;

/// Support points each algorithm computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Iterations {
    /// GJK distance (or the method that stood in for it: edges visited, walk steps).
    pub gjk: usize,
    /// EPA (0 when the shapes are separated, or another method measured the depth).
    pub epa: usize,
}

/// How the method that answered a pair ended, in its own terms.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum MethodOutcome {
    /// GJK distance, alone: the shapes are apart (or EPA could not run).
    Distance(DistanceOutcome),
    /// GJK distance found them intersecting, then EPA measured the depth.
    Epa(EpaOutcome),
    /// A circle and a convex polygon: the closed form.
    CirclePolygon(CirclePolygonOutcome),
    /// Two convex polygons apart: the closest-feature walk.
    PolygonDistance(PolygonDistanceOutcome),
    /// Two convex polygons intersecting: face separation.
    FaceSeparation(FaceSeparationOutcome),
    /// Two rectangles intersecting: box vs box (face separation on four axes).
    BoxBox(FaceSeparationOutcome),
    /// An ellipse and a convex polygon: squash and climb.
    EllipsePolygon(EllipsePolygonOutcome),
}

impl MethodOutcome {
    /// The algorithm that answered: the one a learner steps through to see the answer
    /// found.
    pub fn method(&self) -> Algorithm {
        match self {
            MethodOutcome::Distance(_) => Algorithm::Distance,
            MethodOutcome::Epa(_) => Algorithm::Epa,
            MethodOutcome::CirclePolygon(_) => Algorithm::CirclePolygon,
            MethodOutcome::PolygonDistance(_) => Algorithm::PolygonDistance,
            MethodOutcome::FaceSeparation(_) => Algorithm::FaceSeparation,
            MethodOutcome::BoxBox(_) => Algorithm::BoxBox,
            MethodOutcome::EllipsePolygon(_) => Algorithm::EllipsePolygon,
        }
    }
}

/// Everything about one pair: the answer of `gjk-lab query`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairQuery {
    /// Whether the shapes intersect (touching counts).
    pub intersects: bool,
    /// Distance between the shapes (0 when they intersect).
    pub distance: f64,
    /// Closest point on A (world), when separated.
    pub closest_a: Option<DVec2>,
    /// Closest point on B (world), when separated.
    pub closest_b: Option<DVec2>,
    /// Penetration depth (0 when separated or touching).
    pub depth: f64,
    /// Unit normal from A towards B, when intersecting.
    pub normal: Option<DVec2>,
    /// Support points per algorithm.
    pub iterations: Iterations,
    /// How GJK distance ended, or would have named the ending of the method that
    /// answered (see the module notes).
    pub gjk_outcome: DistanceOutcome,
    /// How EPA ended (when it ran), or would have named the depth another method
    /// measured.
    pub epa_outcome: Option<EpaOutcome>,
    /// How the method that answered ended, in its own terms; [`PairQuery::method`]
    /// names it.
    pub outcome: MethodOutcome,
    /// Contact points by clipping, when intersecting (1 or 2 per convex pair; empty
    /// when separated).
    pub contacts: Vec<Contact>,
    /// For a pair with a concave shape: the decisive part of A and part of B (see
    /// [`super::compound`]); `None` (and not serialised) for convex pairs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<[usize; 2]>,
}

impl PairQuery {
    /// The method that answered (for a concave pair, its decisive part pair's).
    pub fn method(&self) -> Algorithm {
        self.outcome.method()
    }

    /// The answer of a pair that a distance method (GJK distance, the polygon walk,
    /// squash and climb) found apart, with that method's `outcome`: distance and
    /// closest points, no depth or contacts. `None` when it found them intersecting.
    pub(super) fn apart(d: &DistanceResult, outcome: MethodOutcome) -> Option<PairQuery> {
        (!d.intersects).then(|| PairQuery {
            closest_a: d.closest.map(|c| c.0),
            closest_b: d.closest.map(|c| c.1),
            ..PairQuery::new(false, d.distance, d.iterations, d.outcome, outcome)
        })
    }

    /// An answer with only the verdict and the distance: no depth, normal, closest
    /// points or contacts yet. The methods fill in what they found.
    pub(super) fn new(
        intersects: bool,
        distance: f64,
        support_points: usize,
        gjk_outcome: DistanceOutcome,
        outcome: MethodOutcome,
    ) -> PairQuery {
        PairQuery {
            intersects,
            distance,
            closest_a: None,
            closest_b: None,
            depth: 0.0,
            normal: None,
            iterations: Iterations {
                gjk: support_points,
                epa: 0,
            },
            gjk_outcome,
            epa_outcome: None,
            outcome,
            contacts: Vec::new(),
            parts: None,
        }
    }
}

/// The circle's closed form answers every query of its pair: `iterations.gjk` counts
/// the edges visited, `iterations.epa` is 0.
impl From<&CirclePolygonResult> for PairQuery {
    fn from(r: &CirclePolygonResult) -> PairQuery {
        PairQuery {
            intersects: r.intersects,
            distance: r.distance,
            closest_a: (!r.intersects).then_some(r.point_a),
            closest_b: (!r.intersects).then_some(r.point_b),
            depth: r.depth,
            normal: r.intersects.then_some(r.normal),
            iterations: Iterations {
                gjk: r.edges,
                epa: 0,
            },
            gjk_outcome: r.distance_outcome(),
            epa_outcome: r.epa_outcome(),
            outcome: MethodOutcome::CirclePolygon(r.outcome),
            contacts: r.contacts().iter().collect(),
            parts: None,
        }
    }
}
