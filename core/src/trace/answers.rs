//! Each algorithm's result line, as the trace format has it (docs/trace-format.md): a
//! `Serialize` struct of the fields that algorithm's line carries, built from the
//! machine once it has ended ([`Traced::answer`]), one per algorithm in menu order.
//! The keys every result line shares (`kind`, `index`, `algorithm`, `steps`, …) are
//! added by the trace ([`super::trace`]).
//!
//! Where a struct flattens an algorithm's own result type, the fields after it are
//! written after the result's own and win over a field of the same name (circle vs
//! polygon's `normal`, null when apart, over the result's direction between the
//! closest points).

use crate::algorithms::answer::Contacts;
use crate::algorithms::box_box::BoxBox;
use crate::algorithms::circle_polygon::{CirclePolygon, CirclePolygonOutcome, CirclePolygonResult};
use crate::algorithms::clip::{Clip, ClipOutcome};
use crate::algorithms::distance::{DistanceOutcome, DistanceResult, GjkDistance};
use crate::algorithms::ellipse_polygon::{
    EllipsePolygon, EllipsePolygonOutcome, EllipsePolygonResult,
};
use crate::algorithms::epa::{Epa, EpaOutcome, EpaResult};
use crate::algorithms::face_separation::{FaceSeparation, FaceSeparationOutcome};
use crate::algorithms::gjk::{Gjk, GjkOutcome};
use crate::algorithms::polygon_distance::{
    PolygonDistance, PolygonDistanceOutcome, PolygonDistanceResult,
};
use crate::algorithms::pseudo_epa::{PseudoEpa, PseudoEpaOutcome};
use crate::algorithms::sat::{Sat, SatOutcome};
use crate::algorithms::StepMachine;
use glam::DVec2;
use serde::Serialize;

/// A step machine the trace can write: its result line's own fields once it has ended.
pub trait Traced: StepMachine {
    /// The fields of the algorithm's result line.
    type Answer: Serialize;

    /// The result line's fields; called once the machine has ended.
    fn answer(&self) -> Self::Answer;

    /// How the run ended, as a type (the result line names it as a string); called
    /// once the machine has ended. A machine without an iteration cap always decides.
    fn ended(&self) -> Ended {
        Ended::Decided
    }
}

/// How a run ended, as a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// It decided the question it answers.
    Decided,
    /// It reached its iteration cap before it could decide (`iteration_limit`): the
    /// answer is its best so far.
    IterationLimit,
}

impl Ended {
    /// `IterationLimit` when `at_cap`, else `Decided`.
    fn at_cap(at_cap: bool) -> Ended {
        if at_cap {
            Ended::IterationLimit
        } else {
            Ended::Decided
        }
    }
}

/// GJK's result line: the yes/no, the ending and the support points computed.
#[derive(Serialize)]
pub struct GjkAnswer {
    /// Whether the shapes intersect.
    pub intersects: bool,
    /// How GJK ended.
    pub outcome: GjkOutcome,
    /// Iterations (support points) GJK took.
    pub iterations: usize,
}

impl Traced for Gjk<'_> {
    type Answer = GjkAnswer;

    fn answer(&self) -> GjkAnswer {
        let outcome = self.outcome().expect("ended");
        GjkAnswer {
            intersects: outcome.intersects(),
            outcome,
            iterations: self.iterations(),
        }
    }

    fn ended(&self) -> Ended {
        Ended::at_cap(matches!(
            self.outcome(),
            Some(GjkOutcome::IterationLimit { .. })
        ))
    }
}

/// A distance method's result line (GJK distance, squash and climb, the polygon walk):
/// its result as it serialises, with the closest points as two keys.
#[derive(Serialize)]
pub struct WithClosest<R> {
    /// The method's own result.
    #[serde(flatten)]
    pub result: R,
    /// The closest point on A, null when the shapes intersect.
    pub closest_a: Option<DVec2>,
    /// The closest point on B, null when the shapes intersect.
    pub closest_b: Option<DVec2>,
}

impl<R> WithClosest<R> {
    fn new(result: R, closest: Option<(DVec2, DVec2)>) -> Self {
        WithClosest {
            result,
            closest_a: closest.map(|c| c.0),
            closest_b: closest.map(|c| c.1),
        }
    }
}

impl Traced for GjkDistance<'_> {
    type Answer = WithClosest<DistanceResult>;

    fn answer(&self) -> Self::Answer {
        let r = self.result().expect("ended");
        WithClosest::new(r, r.closest)
    }

    fn ended(&self) -> Ended {
        Ended::at_cap(matches!(
            self.result().map(|r| r.outcome),
            Some(DistanceOutcome::IterationLimit { .. })
        ))
    }
}

/// EPA's result line: its result, and the penetration's fields also at the top (depth
/// 0, the rest null, when the shapes are apart).
#[derive(Serialize)]
pub struct EpaAnswer {
    /// EPA's own result.
    #[serde(flatten)]
    pub result: EpaResult,
    /// Whether EPA found a penetration.
    pub intersects: bool,
    /// The penetration depth (0 when apart).
    pub depth: f64,
    /// The unit normal from A towards B.
    pub normal: Option<DVec2>,
    /// A's deepest point inside B.
    pub point_a: Option<DVec2>,
    /// B's deepest point inside A.
    pub point_b: Option<DVec2>,
}

impl Traced for Epa<'_> {
    type Answer = EpaAnswer;

    fn answer(&self) -> EpaAnswer {
        let result = self.result().expect("ended");
        let p = result.penetration;
        EpaAnswer {
            result,
            intersects: p.is_some(),
            depth: p.map_or(0.0, |p| p.depth),
            normal: p.map(|p| p.normal),
            point_a: p.map(|p| p.point_a),
            point_b: p.map(|p| p.point_b),
        }
    }

    fn ended(&self) -> Ended {
        Ended::at_cap(matches!(
            self.result().map(|r| r.outcome),
            Some(EpaOutcome::IterationLimit { .. })
        ))
    }
}

/// The result line of a method that measures a depth along a normal (pseudo-EPA,
/// SAT): depth 0 and no normal when it finds none.
#[derive(Serialize)]
pub struct DepthAnswer<O> {
    /// Whether the shapes intersect.
    pub intersects: bool,
    /// The depth found (0 when none).
    pub depth: f64,
    /// The normal found.
    pub normal: Option<DVec2>,
    /// How the method ended.
    pub outcome: O,
}

impl Traced for PseudoEpa<'_> {
    type Answer = DepthAnswer<PseudoEpaOutcome>;

    fn answer(&self) -> Self::Answer {
        let outcome = self.outcome().expect("ended");
        let (intersects, depth, normal) = match outcome {
            PseudoEpaOutcome::Stopped { depth, normal }
            | PseudoEpaOutcome::WithinRadius { depth, normal }
            | PseudoEpaOutcome::IterationLimit { depth, normal, .. } => (true, depth, Some(normal)),
            PseudoEpaOutcome::Degenerate => (true, 0.0, None),
            PseudoEpaOutcome::NotIntersecting { .. } => (false, 0.0, None),
        };
        DepthAnswer {
            intersects,
            depth,
            normal,
            outcome,
        }
    }

    fn ended(&self) -> Ended {
        Ended::at_cap(matches!(
            self.outcome(),
            Some(PseudoEpaOutcome::IterationLimit { .. })
        ))
    }
}

/// SAT's result line: the verdict, depth and normal, and how much work the axes took.
#[derive(Serialize)]
pub struct SatAnswer {
    /// Whether the shapes intersect (null when SAT does not apply to the pair).
    pub intersects: Option<bool>,
    /// The depth (0 when apart).
    pub depth: f64,
    /// The minimum translation's direction, from A towards B.
    pub normal: Option<DVec2>,
    /// How SAT ended.
    pub outcome: SatOutcome,
    /// Axes tested.
    pub axes_tested: usize,
    /// Vertices projected.
    pub vertices_visited: usize,
}

impl Traced for Sat<'_> {
    type Answer = SatAnswer;

    fn answer(&self) -> SatAnswer {
        let outcome = self.outcome().expect("ended");
        let p = outcome.penetration();
        SatAnswer {
            intersects: outcome.intersects(),
            depth: p.map_or(0.0, |p| p.0),
            normal: p.map(|p| p.1),
            outcome,
            axes_tested: self.axes_tested(),
            vertices_visited: self.vertices_visited(),
        }
    }
}

/// Clipping's result line: the normal it clipped along and the contacts.
#[derive(Serialize)]
pub struct ClipAnswer {
    /// Whether the shapes intersect.
    pub intersects: bool,
    /// The normal from A towards B, when they intersect.
    pub normal: Option<DVec2>,
    /// The contact points kept.
    pub contacts: Contacts,
    /// How clipping ended.
    pub outcome: ClipOutcome,
}

impl Traced for Clip<'_> {
    type Answer = ClipAnswer;

    fn answer(&self) -> ClipAnswer {
        let outcome = self.outcome().expect("ended");
        let intersects = !matches!(outcome, ClipOutcome::NotIntersecting { .. });
        ClipAnswer {
            intersects,
            normal: intersects.then(|| self.normal()),
            contacts: outcome.contacts(),
            outcome,
        }
    }
}

/// Circle vs polygon's result line, as every method's: the closest points when apart,
/// a normal only when they intersect (the result's own `normal` also points from A's
/// closest point to B's when they are apart), the contact manifold.
#[derive(Serialize)]
pub struct CirclePolygonAnswer {
    /// The closed form's own result, with its closest points.
    #[serde(flatten)]
    pub result: WithClosest<CirclePolygonResult>,
    /// The normal from A towards B, when they intersect.
    pub normal: Option<DVec2>,
    /// The contact points.
    pub contacts: Contacts,
}

impl Traced for CirclePolygon<'_> {
    type Answer = CirclePolygonAnswer;

    fn answer(&self) -> CirclePolygonAnswer {
        let r = self.result().expect("ended");
        CirclePolygonAnswer {
            result: WithClosest::new(r, (!r.intersects).then_some((r.point_a, r.point_b))),
            normal: r.penetration().map(|p| p.normal),
            contacts: r.contacts(),
        }
    }

    fn ended(&self) -> Ended {
        Ended::at_cap(matches!(
            self.result().map(|r| r.outcome),
            Some(CirclePolygonOutcome::IterationLimit { .. })
        ))
    }
}

/// Face separation's and box vs box's result line (the same outcome): the depth,
/// normal and contacts of the reference face.
#[derive(Serialize)]
pub struct FaceSeparationAnswer {
    /// Whether the polygons intersect.
    pub intersects: bool,
    /// The depth (0 when apart).
    pub depth: f64,
    /// The reference face's normal, from A towards B, when they intersect.
    pub normal: Option<DVec2>,
    /// The contact points.
    pub contacts: Contacts,
    /// How the method ended.
    pub outcome: FaceSeparationOutcome,
}

impl From<FaceSeparationOutcome> for FaceSeparationAnswer {
    fn from(outcome: FaceSeparationOutcome) -> Self {
        let (depth, normal) = match outcome {
            FaceSeparationOutcome::Contact { depth, normal, .. } => (depth, Some(normal)),
            FaceSeparationOutcome::Separated { .. }
            | FaceSeparationOutcome::CirclesApart { .. } => (0.0, None),
        };
        FaceSeparationAnswer {
            intersects: outcome.intersects(),
            depth,
            normal,
            contacts: outcome.contacts(),
            outcome,
        }
    }
}

impl Traced for FaceSeparation<'_> {
    type Answer = FaceSeparationAnswer;

    fn answer(&self) -> FaceSeparationAnswer {
        self.outcome().expect("ended").into()
    }
}

impl Traced for BoxBox<'_> {
    type Answer = FaceSeparationAnswer;

    fn answer(&self) -> FaceSeparationAnswer {
        self.outcome().expect("ended").into()
    }
}

impl Traced for EllipsePolygon<'_> {
    type Answer = WithClosest<EllipsePolygonResult>;

    fn answer(&self) -> Self::Answer {
        let r = self.result().expect("ended");
        WithClosest::new(r, r.closest)
    }

    fn ended(&self) -> Ended {
        Ended::at_cap(matches!(
            self.result().map(|r| r.outcome),
            Some(EllipsePolygonOutcome::IterationLimit { .. })
        ))
    }
}

impl Traced for PolygonDistance<'_> {
    type Answer = WithClosest<PolygonDistanceResult>;

    fn answer(&self) -> Self::Answer {
        let r = self.result().expect("ended");
        WithClosest::new(r, r.closest)
    }

    fn ended(&self) -> Ended {
        Ended::at_cap(matches!(
            self.result().map(|r| r.outcome),
            Some(PolygonDistanceOutcome::IterationLimit { .. })
        ))
    }
}

/// The result line for a pair the algorithm does not take: no step, the yes/no of the
/// fast query, and an outcome that says why.
#[derive(Serialize)]
pub struct NotApplicableAnswer {
    /// Whether the shapes intersect (`query::intersects`).
    pub intersects: bool,
    /// Why the algorithm does not apply.
    pub outcome: NotApplicable,
}

/// The outcome of a pair the algorithm does not take.
#[derive(Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum NotApplicable {
    /// The algorithm needs other shapes.
    NotApplicable {
        /// What it needs.
        why: &'static str,
    },
}
