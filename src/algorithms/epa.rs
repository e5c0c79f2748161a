//! EPA, the Expanding Polytope Algorithm: how deep two overlapping shapes are, and in
//! which direction to push them apart (seed 000).
//!
//! When `A − B` contains the origin, the penetration depth is the distance from the
//! origin to the *boundary* of `A − B`, and the direction is the outward normal `n`
//! there: moving B by `depth·n` separates the shapes. EPA grows a polygon (the
//! *polytope*) inside `A − B`, starting from GJK's final simplex, until its edge
//! nearest the origin lies on the boundary:
//!
//! ```text
//! polytope ← GJK's simplex
//! loop
//!     e ← the polytope edge nearest the origin, outward normal n, distance e.d
//!     w ← support_{A−B}(n)
//!     if w·n − e.d ≤ ε: depth = e.d, normal = n       nothing lies beyond e
//!     split e at w
//! ```
//!
//! `e.d` never exceeds the depth (the polytope lies inside `A − B`) and `w·n` never
//! falls below it (the line through `w` normal to `n` supports `A − B`). EPA keeps the
//! smallest `w·n` seen so far, the upper bound `U`, with its normal, and stops when
//! `U − e.d ≤ ε`: the depth is then known to `ε`, and moving B by `U·n` is sure to
//! separate the shapes. (Seed 000 compares `w·n` with the current edge only; with
//! curved shapes, whose `A − B` has no corners, the running minimum stops sooner.)
//! When `A − B` is round near the answer — two nearly concentric curves — many edges
//! lie at almost the same distance and the cap can be reached first; the outcome then
//! says so and carries both bounds.
//!
//! Edge normals here come from the winding (`perp_cw(b − a)` for a counter-clockwise
//! polytope), not from the origin's foot on the edge as in seed 000, so an edge through
//! the origin still has a normal. When GJK ends on a *segment* through the origin (and
//! the polytope has no winding yet) the start is seed 000's fix for the float problem:
//! the two edges `ab` and `ba` with opposite normals, so the expansion goes both ways
//! and never crosses itself. A single point is first completed to such a segment.
//!
//! With a circle, EPA expands the *core* difference (see [`minkowski`](crate::minkowski))
//! and adds the sum of the radii `m` to its depth. When the cores do not overlap at all
//! — only the rounded parts do — there is nothing to expand: GJK distance already gave
//! the cores' distance `δ`, and the depth is `m − δ` along the line between the cores
//! ([`EpaOutcome::WithinRadius`]).

use super::distance::{DistanceResult, GjkDistance};
use super::simplex::Simplex;
use super::{Progress, StepMachine};
use crate::geometry::{cross, perp_cw};
use crate::minkowski::{MinkowskiDifference, SupportPoint};
use crate::shapes::{Geometry, Shape};
use glam::DVec2;
use serde::Serialize;

/// Most support points EPA computes before it gives up.
pub const MAX_ITERATIONS: usize = 128;

/// An edge of the polytope: from vertex `index` to the next one.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PolytopeEdge {
    /// Index of the edge's first vertex in the polytope.
    pub index: usize,
    /// Unit outward normal.
    pub normal: DVec2,
    /// Signed distance from the origin to the edge's line, along the normal.
    pub distance: f64,
}

/// How the polytope was started from GJK's simplex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EpaStart {
    /// GJK's triangle, counter-clockwise.
    Triangle,
    /// Seed 000's two opposite edges `ab` and `ba` of GJK's segment.
    TwoEdges,
    /// GJK ended on a single point; a second support point made the segment for the
    /// two-edge start.
    CompletedPoint,
}

/// One visible step of EPA.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EpaEvent {
    /// The starting polytope, from GJK's final simplex.
    Start {
        /// Its vertices (two or three), counter-clockwise.
        polytope: Simplex,
        /// How it was made.
        start: EpaStart,
        /// Support points GJK used before.
        gjk_iterations: usize,
    },
    /// The polytope edge nearest the origin.
    ClosestEdge {
        /// The edge.
        edge: PolytopeEdge,
        /// Its first vertex.
        from: SupportPoint,
        /// Its second vertex.
        to: SupportPoint,
    },
    /// The support point along the closest edge's normal.
    Support {
        /// The edge normal searched along.
        direction: DVec2,
        /// The support point and its sources.
        support: SupportPoint,
        /// `w·n`: an upper bound on the depth.
        projection: f64,
        /// The smallest upper bound so far, `U = min w·n`.
        upper_bound: f64,
        /// `U − e.d`: how far the depth may still be from the edge's distance.
        gap: f64,
    },
    /// The support point splits the edge.
    Inserted {
        /// Its index in the polytope.
        index: usize,
        /// The point.
        point: SupportPoint,
        /// Number of polytope vertices now.
        vertices: usize,
    },
    /// On a curved shape (an ellipse), the converged normal turned until the support
    /// point lies along it: the depth is smallest there.
    Refined {
        /// EPA's normal, from its last polytope face.
        before: DVec2,
        /// The refined normal.
        normal: DVec2,
        /// The depth along it.
        depth: f64,
        /// The support point along it, `w ∥ n`.
        support: SupportPoint,
        /// The deepest points on A and B along it.
        points: (DVec2, DVec2),
        /// Support points computed by the search.
        evaluations: usize,
        /// EPA had stopped at [`MAX_ITERATIONS`] (before its bounds met) and the turn
        /// started from the best face so far.
        at_cap: bool,
    },
    /// The end, with its reason.
    Done {
        /// Why EPA stopped and what it found.
        outcome: EpaOutcome,
    },
}

/// How EPA ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum EpaOutcome {
    /// The closest edge lies on the boundary of `A − B` (gap within tolerance, or the
    /// support point was already a vertex).
    Converged {
        /// Penetration depth.
        depth: f64,
        /// Unit normal from A towards B.
        normal: DVec2,
    },
    /// Only the rounded parts overlap (a circle): the cores are apart, and the depth is
    /// the sum of the radii minus the cores' distance, along the line between them.
    WithinRadius {
        /// Penetration depth.
        depth: f64,
        /// Unit normal from A towards B.
        normal: DVec2,
    },
    /// GJK found the shapes separated: there is no penetration to measure.
    NotIntersecting {
        /// Their distance.
        distance: f64,
    },
    /// GJK's simplex could not be made into a polytope (the Minkowski difference has no
    /// width in any axis direction).
    Degenerate,
    /// Stopped after [`MAX_ITERATIONS`]: `depth` is the best upper bound (moving B by
    /// `depth·normal` separates the shapes) and the true depth is at least
    /// `lower_bound`.
    IterationLimit {
        /// Support points computed.
        iterations: usize,
        /// The smallest upper bound found.
        depth: f64,
        /// Its normal.
        normal: DVec2,
        /// The closest edge's distance, a lower bound on the depth.
        lower_bound: f64,
    },
}

/// Depth and direction of an overlap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Penetration {
    /// How far B must move along `normal` to separate (≥ 0; 0 when touching).
    pub depth: f64,
    /// Unit normal from A towards B.
    pub normal: DVec2,
    /// The deepest point of A inside B (world).
    pub point_a: DVec2,
    /// The deepest point of B inside A (world); `point_a − point_b = depth·normal`.
    pub point_b: DVec2,
}

/// What EPA found.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EpaResult {
    /// The penetration, when the shapes intersect.
    pub penetration: Option<Penetration>,
    /// How EPA ended.
    pub outcome: EpaOutcome,
    /// Support points EPA computed.
    pub iterations: usize,
}

impl EpaResult {
    /// The penetration; or, when EPA could not build a polytope
    /// ([`EpaOutcome::Degenerate`]: `A − B` without width), touching — depth 0 — along
    /// the line between the shapes' centres. `None` only when the shapes are apart.
    pub fn penetration_or_touching(&self, md: &MinkowskiDifference) -> Option<Penetration> {
        match self.outcome {
            EpaOutcome::NotIntersecting { .. } => None,
            _ => self.penetration.or_else(|| {
                let normal = crate::geometry::normalize_or(-md.interior_point(), DVec2::X);
                let middle = (md.a.interior_point() + md.b.interior_point()) * 0.5;
                Some(Penetration {
                    depth: 0.0,
                    normal,
                    point_a: middle,
                    point_b: middle,
                })
            }),
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start(EpaStart),
    SelectEdge,
    Support(usize),
    Insert(usize, SupportPoint),
    Refine(EpaOutcome),
    Finish(EpaOutcome),
    Done,
}

/// Room for the polytope: GJK's three simplex points and one point per iteration.
pub const POLYTOPE_CAPACITY: usize = MAX_ITERATIONS + 3;

/// Reusable polytope buffers, one stack of spares per thread: a machine takes its two
/// vectors from here and gives them back when it is dropped, so that after the first
/// query on a thread EPA allocates nothing (a fixed-size array inside the machine would
/// be copied whenever the machine moves: 11.5 KB each time).
mod spare {
    use super::{DVec2, SupportPoint, POLYTOPE_CAPACITY};
    use std::cell::RefCell;

    /// A polytope's two vectors: its vertices and its edges' `(normal, distance)`.
    pub(super) type Buffers = (Vec<SupportPoint>, Vec<(DVec2, f64)>);

    /// Spares kept per thread: enough for the machines alive at once.
    const KEPT: usize = 8;

    thread_local! {
        static SPARES: RefCell<Vec<Buffers>> = const { RefCell::new(Vec::new()) };
    }

    /// Two empty vectors with room for a whole polytope.
    pub(super) fn take() -> Buffers {
        SPARES.with(|s| s.borrow_mut().pop()).unwrap_or_else(|| {
            (
                Vec::with_capacity(POLYTOPE_CAPACITY),
                Vec::with_capacity(POLYTOPE_CAPACITY),
            )
        })
    }

    /// Keeps the vectors (emptied) for the next machine.
    pub(super) fn give((mut points, mut edges): Buffers) {
        if points.capacity() < POLYTOPE_CAPACITY || edges.capacity() < POLYTOPE_CAPACITY {
            return;
        }
        points.clear();
        edges.clear();
        SPARES.with(|s| {
            let mut spares = s.borrow_mut();
            if spares.len() < KEPT {
                spares.push((points, edges));
            }
        });
    }
}

/// EPA as a step machine.
#[derive(Clone, Debug)]
pub struct Epa<'s> {
    md: MinkowskiDifference<'s>,
    /// Vertices, counter-clockwise; edge `i` runs from vertex `i` to vertex `i + 1`.
    polytope: Vec<SupportPoint>,
    /// `(normal, distance)` of edge `i`.
    edges: Vec<(DVec2, f64)>,
    closest: Option<PolytopeEdge>,
    /// The face with the smallest support value `w·n` so far (the upper bound `U`).
    best: Option<BestFace>,
    /// The answer, once EPA has ended with one.
    penetration: Option<Penetration>,
    /// The refined answer on a curved shape (see [`EpaEvent::Refined`]).
    refined: Option<Penetration>,
    phase: Phase,
    outcome: Option<EpaOutcome>,
    iterations: usize,
    gjk_iterations: usize,
}

impl Drop for Epa<'_> {
    fn drop(&mut self) {
        spare::give((
            std::mem::take(&mut self.polytope),
            std::mem::take(&mut self.edges),
        ));
    }
}

impl<'s> Epa<'s> {
    /// Runs GJK distance on `a` and `b`, then starts EPA from its final simplex.
    pub fn new(a: &'s Shape, b: &'s Shape) -> Self {
        let gjk = GjkDistance::new(a, b).run_unrefined();
        Self::from_gjk(MinkowskiDifference::new(a, b), &gjk)
    }

    /// Starts EPA from a finished GJK distance run on the same Minkowski difference.
    pub fn from_gjk(md: MinkowskiDifference<'s>, gjk: &DistanceResult) -> Self {
        let (polytope, edges) = spare::take();
        let mut epa = Epa {
            md,
            polytope,
            edges,
            closest: None,
            best: None,
            penetration: None,
            refined: None,
            phase: Phase::Finish(EpaOutcome::Degenerate),
            outcome: None,
            iterations: 0,
            gjk_iterations: gjk.iterations,
        };
        let margin = md.margin();
        let core_distance = gjk.core_closest.length();
        let cores_apart = core_distance > md.tolerance.touch;
        if !gjk.intersects {
            epa.phase = Phase::Finish(EpaOutcome::NotIntersecting {
                distance: gjk.distance,
            });
        } else if margin > 0.0 && cores_apart {
            // Only the rounded parts overlap: the answer is already known.
            let normal = crate::geometry::normalize_or(-gjk.core_closest, DVec2::X);
            let (qa, qb) = gjk.simplex.witness_points(gjk_weights(gjk));
            // GJK calls the rounded parts overlapping up to `m + touch`: exactly
            // touching shapes have `core_distance` a rounding error above `m`, and a
            // depth is never negative.
            let depth = within_radius_depth(margin, core_distance);
            epa.penetration = Some(Penetration {
                depth,
                normal,
                point_a: qa + normal * md.radius_a,
                point_b: qb - normal * md.radius_b,
            });
            let outcome = EpaOutcome::WithinRadius { depth, normal };
            // GJK's closest point on a curved core is as inexact as EPA's face.
            epa.phase = if md.is_curved() {
                Phase::Refine(outcome)
            } else {
                Phase::Finish(outcome)
            };
        } else if let Some((start_polytope, start)) = initial_polytope(&md, &gjk.simplex) {
            epa.polytope.extend(start_polytope.points());
            let n = epa.polytope.len();
            for i in 0..n {
                let edge = edge_of(epa.polytope[i].p, epa.polytope[(i + 1) % n].p);
                epa.edges.push(edge);
            }
            epa.phase = Phase::Start(start);
        } else if margin > 0.0 {
            // Two circles with the same centre: the core difference is one point, the
            // origin; every direction is a way out, of length `m`.
            let normal = crate::geometry::normalize_or(md.initial_direction().0, DVec2::X);
            let centre = gjk.simplex.get(0);
            epa.penetration = Some(Penetration {
                depth: margin,
                normal,
                point_a: centre.a + normal * md.radius_a,
                point_b: centre.b - normal * md.radius_b,
            });
            epa.phase = Phase::Finish(EpaOutcome::WithinRadius {
                depth: margin,
                normal,
            });
        }
        epa
    }

    /// Runs to the end and returns the result (the fast path).
    #[inline(always)]
    pub fn run(mut self) -> EpaResult {
        super::run_to_end(&mut self);
        self.result().expect("a finished EPA has a result")
    }

    /// The result, once EPA has ended.
    pub fn result(&self) -> Option<EpaResult> {
        Some(EpaResult {
            penetration: self.penetration,
            outcome: self.outcome?,
            iterations: self.iterations,
        })
    }

    /// The polytope's vertices, counter-clockwise.
    pub fn polytope(&self) -> &[SupportPoint] {
        &self.polytope
    }

    /// The edge nearest the origin, once chosen.
    pub fn closest_edge(&self) -> Option<PolytopeEdge> {
        self.closest
    }

    /// The Minkowski difference being expanded.
    pub fn minkowski(&self) -> &MinkowskiDifference<'s> {
        &self.md
    }

    /// The polytope edge nearest the origin (smallest signed distance; degenerate
    /// edges have an infinite distance and are never chosen).
    #[inline(always)]
    fn nearest_edge(&self) -> PolytopeEdge {
        let mut best = 0;
        for i in 1..self.edges.len() {
            if self.edges[i].1 < self.edges[best].1 {
                best = i;
            }
        }
        let (normal, distance) = self.edges[best];
        PolytopeEdge {
            index: best,
            normal,
            distance,
        }
    }

    fn vertex(&self, i: usize) -> SupportPoint {
        self.polytope[i % self.polytope.len()]
    }

    #[inline(always)]
    fn select_step(&mut self, watch: bool) -> Option<EpaEvent> {
        let edge = self.nearest_edge();
        self.closest = Some(edge);
        self.phase = Phase::Support(edge.index);
        watch.then(|| EpaEvent::ClosestEdge {
            edge,
            from: self.vertex(edge.index),
            to: self.vertex(edge.index + 1),
        })
    }

    #[inline(always)]
    fn support_step(&mut self, index: usize, watch: bool) -> Option<EpaEvent> {
        let (normal, distance) = self.edges[index];
        let w = self.md.support(normal);
        self.iterations += 1;
        let projection = w.p.dot(normal);
        let (from, to) = (self.vertex(index), self.vertex(index + 1));
        if self.best.is_none_or(|b| projection < b.upper) {
            self.best = Some(BestFace {
                upper: projection,
                normal,
                from,
                to,
            });
        }
        let best = self.best.expect("set above");
        let gap = best.upper - distance;
        let repeats = [from.p, to.p]
            .iter()
            .any(|v| (*v - w.p).length_squared() <= (1e-3 * self.md.tolerance.depth).powi(2));
        self.phase = if gap <= self.md.tolerance.depth || repeats {
            let converged = EpaOutcome::Converged {
                depth: best.upper.max(0.0) + self.md.margin(),
                normal: best.normal,
            };
            if self.md.is_curved() {
                Phase::Refine(converged)
            } else {
                Phase::Finish(converged)
            }
        } else {
            Phase::Insert(index, w)
        };
        watch.then(|| EpaEvent::Support {
            direction: normal,
            support: w,
            projection,
            upper_bound: best.upper,
            gap,
        })
    }

    /// Splits edge `index` at `w`: the edge `a → b` becomes `a → w → b`.
    #[inline(always)]
    fn insert_step(&mut self, index: usize, w: SupportPoint, watch: bool) -> Option<EpaEvent> {
        let at = index + 1;
        let next = self.vertex(at).p;
        self.edges[index] = edge_of(self.polytope[index].p, w.p);
        self.polytope.insert(at, w);
        self.edges.insert(at, edge_of(w.p, next));
        self.phase = Phase::SelectEdge;
        watch.then(|| EpaEvent::Inserted {
            index: at,
            point: w,
            vertices: self.polytope.len(),
        })
    }

    #[inline(always)]
    /// Turns the normal until the support point lies along it (curved shapes only):
    /// see [`refine_normal`]. The result is kept only if its support value is no
    /// larger than the one it started from (the depth can only get more exact).
    fn refine_step(&mut self, outcome: EpaOutcome, watch: bool) -> Option<EpaEvent> {
        let (before, depth_before) = match outcome {
            EpaOutcome::Converged { normal, depth }
            | EpaOutcome::WithinRadius { normal, depth }
            | EpaOutcome::IterationLimit { normal, depth, .. } => (normal, depth),
            // Nothing to refine: the step is the end itself (a watched step always
            // shows an event).
            _ => return self.finish(outcome),
        };
        let margin = self.md.margin();
        let found = refine_normal(&self.md, before)
            .filter(|f| f.height + margin <= depth_before + self.md.tolerance.depth);
        let Some(found) = found else {
            return self.finish(outcome);
        };
        let depth = (found.height + margin).max(0.0);
        let n = found.normal;
        let points = witness_pair(&self.md, &found.support, n, -depth);
        self.refined = Some(Penetration {
            depth,
            normal: n,
            point_a: points.0,
            point_b: points.1,
        });
        self.phase = Phase::Finish(match outcome {
            EpaOutcome::WithinRadius { .. } => EpaOutcome::WithinRadius { depth, normal: n },
            // Stopped at the cap: the refined depth is a smallest support value, so it
            // is the depth once it is within the tolerance of the polytope's lower bound.
            EpaOutcome::IterationLimit {
                iterations,
                lower_bound,
                ..
            } if depth - lower_bound > self.md.tolerance.depth => EpaOutcome::IterationLimit {
                iterations,
                depth,
                normal: n,
                lower_bound,
            },
            _ => EpaOutcome::Converged { depth, normal: n },
        });
        watch.then(|| EpaEvent::Refined {
            before,
            normal: n,
            depth,
            support: found.support,
            points,
            evaluations: found.evaluations,
            at_cap: matches!(outcome, EpaOutcome::IterationLimit { .. }),
        })
    }

    fn finish(&mut self, outcome: EpaOutcome) -> Option<EpaEvent> {
        if matches!(
            outcome,
            EpaOutcome::Converged { .. } | EpaOutcome::IterationLimit { .. }
        ) {
            self.penetration = self.best.map(|best| best.penetration(&self.md));
        }
        if self.refined.is_some() {
            self.penetration = self.refined;
        }
        self.outcome = Some(outcome);
        self.phase = Phase::Done;
        Some(EpaEvent::Done { outcome })
    }
}

impl StepMachine for Epa<'_> {
    type Event = EpaEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<EpaEvent> {
        let event = match self.phase {
            Phase::Start(start) => {
                self.phase = Phase::SelectEdge;
                watch.then(|| EpaEvent::Start {
                    polytope: Simplex::from_points(&self.polytope),
                    start,
                    gjk_iterations: self.gjk_iterations,
                })
            }
            Phase::SelectEdge if self.iterations >= MAX_ITERATIONS => {
                let best = self.best.expect("EPA computed support points");
                let margin = self.md.margin();
                let limit = EpaOutcome::IterationLimit {
                    iterations: self.iterations,
                    depth: best.upper.max(0.0) + margin,
                    normal: best.normal,
                    lower_bound: self.nearest_edge().distance.max(0.0) + margin,
                };
                if self.md.is_curved() {
                    // On a curve the cap is reached with the depth known to within
                    // the bounds; turning the best face's normal settles it.
                    self.refine_step(limit, watch)
                } else {
                    self.finish(limit)
                }
            }
            Phase::SelectEdge => self.select_step(watch),
            Phase::Support(index) => self.support_step(index, watch),
            Phase::Insert(index, w) => self.insert_step(index, w, watch),
            Phase::Refine(outcome) => self.refine_step(outcome, watch),
            Phase::Finish(outcome) => self.finish(outcome),
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}

/// The face whose support value is the smallest upper bound on the depth.
#[derive(Clone, Copy, Debug)]
struct BestFace {
    /// `U = w·n`.
    upper: f64,
    /// The face's outward normal `n`.
    normal: DVec2,
    /// The face's first vertex.
    from: SupportPoint,
    /// The face's second vertex.
    to: SupportPoint,
}

impl BestFace {
    /// Depth, normal and witness points: the foot of the origin on the face,
    /// `t = −a·(b − a)/|b − a|²`, applied to the cores' points of A and B, which then
    /// move out by the radii along the normal.
    fn penetration(&self, md: &MinkowskiDifference) -> Penetration {
        let (a, b) = (self.from, self.to);
        let ab = b.p - a.p;
        let t = (-a.p.dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
        let n = self.normal;
        Penetration {
            depth: self.upper.max(0.0) + md.margin(),
            normal: n,
            point_a: a.a + (b.a - a.a) * t + n * md.radius_a,
            point_b: a.b + (b.b - a.b) * t - n * md.radius_b,
        }
    }
}

/// The depth when only the rounded parts overlap, `m − |core distance|`, never below
/// 0: GJK counts cores up to `m + touch` apart as within the radii, so touching shapes
/// may come with `core_distance` a rounding error above `m` (−8.3e-17 for a box and a
/// circle exactly touching, before this clamp).
pub fn within_radius_depth(margin: f64, core_distance: f64) -> f64 {
    (margin - core_distance).max(0.0)
}

/// The barycentric weights of the point of GJK's simplex closest to the origin (the
/// simplex is already reduced to that feature).
fn gjk_weights(gjk: &DistanceResult) -> [f64; 3] {
    gjk.simplex.closest_to_origin().weights
}

/// Outward normal and signed distance of the edge `a → b` of a counter-clockwise
/// polytope. A zero-length edge gets an infinite distance, so it is never expanded.
#[inline(always)]
fn edge_of(a: DVec2, b: DVec2) -> (DVec2, f64) {
    let e = b - a;
    match crate::geometry::try_normalize(perp_cw(e)) {
        Some(normal) => (normal, normal.dot(a)),
        None => (DVec2::ZERO, f64::INFINITY),
    }
}

/// Most support points [`refine_normal`] computes.
const REFINE_EVALUATIONS: usize = 80;
/// [`refine_normal`] stops when the normal is known to this many radians: a thousand
/// times finer than the accuracy promised (1e-9), far above rounding.
const REFINE_WIDTH: f64 = 1e-12;

/// The points of A and B a refined direction `n` (from A towards B) gives, `gap` apart
/// along it (`b − a = gap·n`: the distance, or minus the depth). A curved shape's point
/// is its support point, moved out by its radius; a polygon's support point along a
/// face normal would be an end of the face, so the polygon's point is instead the
/// curved one's, `gap·n` away: the foot on the face.
pub(super) fn witness_pair(
    md: &MinkowskiDifference,
    support: &SupportPoint,
    n: DVec2,
    gap: f64,
) -> (DVec2, DVec2) {
    let is_polygon = |s: &Shape| matches!(s.geometry(), Geometry::Polygon(_));
    let on_a = support.a + n * md.radius_a;
    let on_b = support.b - n * md.radius_b;
    if is_polygon(md.a) {
        (on_b - n * gap, on_b)
    } else if is_polygon(md.b) {
        (on_a, on_a + n * gap)
    } else {
        (on_a, on_b)
    }
}

/// What [`refine_normal`] found.
#[derive(Clone, Copy, Debug)]
pub(super) struct Refined {
    pub(super) normal: DVec2,
    /// `h(n) = w·n`, the support value of the core difference along `n`.
    pub(super) height: f64,
    pub(super) support: SupportPoint,
    pub(super) evaluations: usize,
}

/// One evaluation of [`refine_normal`]: at `u`, the slope `g = h'(θ)` and the second
/// derivative `k = h''(θ) = ρ − h`.
#[derive(Clone, Copy, Debug)]
struct Probe {
    u: f64,
    g: f64,
    k: f64,
    support: SupportPoint,
}

/// Where between two probes a polygon's support jumps from one vertex to another:
/// the normal at which the two vertices tie (`n ⟂ q − p`), as a `u` of `n0 + u·t0`
/// strictly between them. When the two vertices are ends of a face this is the
/// face's normal, a corner of `h` (the boundary of `A − B` has the face there).
fn corner_between(a: &Probe, b: &Probe, n0: DVec2, t0: DVec2) -> Option<f64> {
    let (x, y) = (&a.support, &b.support);
    let d = if x.vertex_a.is_some() && x.vertex_a != y.vertex_a {
        y.a - x.a
    } else if x.vertex_b.is_some() && x.vertex_b != y.vertex_b {
        y.b - x.b
    } else {
        return None;
    };
    let n = d.perp();
    // u = tan of the turn from n0 to ±n (the sign of n does not change the tie).
    let u = n.dot(t0) / n.dot(n0);
    (u.is_finite() && u > a.u && u < b.u).then_some(u)
}

/// The farthest [`refine_normal`] turns from its first normal (`u`, the tangent of
/// the turn: about 31°); GJK and EPA leave the normal far closer than that.
const REFINE_TURN: f64 = 0.6;

/// The normal of smallest support value near `n0`, on a curved `A − B`.
///
/// The depth is the smallest support value `h(θ) = w(θ)·n(θ)` over unit normals
/// `n(θ) = (cos θ, sin θ)`, and its slope is `h'(θ) = w(θ)·t(θ)` with `t = dn/dθ` (the
/// support point moves along the boundary, perpendicular to `n`, so only `n` turning
/// counts). EPA stops when `h` has converged, which on a curve leaves `θ` off by about
/// the square root of the tolerance; here `θ` is found where the slope is zero.
///
/// Newton's method does it in two or three support points: `h''(θ) = ρ(θ) − h(θ)`,
/// where `ρ` is the radius of curvature of the boundary at the support point (a
/// support function plus its second derivative is the radius of curvature; for an
/// ellipse `a²b²/h_E³`, and radii add under the Minkowski sum), so the step is
/// `Δθ = −h'/(ρ − h)`. Where the boundary has a corner (a flat polygon edge meets a
/// curve) the slope jumps and Newton's steps stop halving it; then a bracket, grown
/// until the slope changes sign, is shrunk by regula falsi (Illinois variant, with
/// bisection when it stalls) until it is [`REFINE_WIDTH`] wide, and closes on the
/// corner's normal all the same. Newton's step is taken only while it stays inside the
/// bracket and halves the slope.
pub(super) fn refine_normal(md: &MinkowskiDifference, n0: DVec2) -> Option<Refined> {
    // The normals near n0 as n(u) = (n0 + u·t0)/|n0 + u·t0|, t0 ⟂ n0: u = tan of the
    // turn, which grows with θ, so the slope's sign is the same, and no sine or cosine
    // is needed (du = (1 + u²)·dθ).
    let t0 = n0.perp();
    let normal = |u: f64| (n0 + t0 * u).normalize();
    let probe = |u: f64| {
        let n = normal(u);
        let support = md.support(n);
        let w = support.p;
        Probe {
            u,
            g: w.dot(n.perp()),
            k: md.curvature_radius(n) - w.dot(n),
            support,
        }
    };
    // Newton's step from a probe, in u; none without curvature to use (k ≤ 0: a
    // polygon's vertex against a vertex) or beyond the turn allowed.
    let newton = |p: Probe| {
        (p.k > 0.0 && p.k.is_finite())
            .then(|| p.u - p.g / p.k * (1.0 + p.u * p.u))
            .filter(|u| u.is_finite() && u.abs() <= REFINE_TURN)
    };
    let first = probe(0.0);
    let mut evaluations = 1;
    let mut last = first;
    let mut use_newton = true;
    // Where a Newton step shorter than the width settled the normal.
    let mut settled = None;
    let (mut lo, mut hi) = (0.0, 0.0);
    if first.g != 0.0 {
        // 1. Towards smaller h (against the slope's sign): Newton's steps while they
        //    go that way, else steps growing eightfold from 1e-7, until the slope
        //    changes sign (a bracket) or a Newton step is shorter than the width.
        let toward = -first.g.signum();
        let mut step = 1e-7;
        let far = loop {
            let guess = newton(last).filter(|u| use_newton && (u - last.u) * toward > 0.0);
            let u = match guess {
                Some(u) if (u - last.u).abs() <= REFINE_WIDTH => {
                    settled = Some(u);
                    break None;
                }
                Some(u) => u,
                None => {
                    use_newton = false;
                    let u = last.u + toward * step;
                    step *= 8.0;
                    if step > REFINE_TURN {
                        return None;
                    }
                    u
                }
            };
            let p = probe(u);
            evaluations += 1;
            if p.g == 0.0 {
                settled = Some(u);
                break None;
            }
            if p.g.signum() != first.g.signum() {
                break Some(p);
            }
            use_newton &= guess.is_some() && p.g.abs() <= 0.5 * last.g.abs();
            last = p;
            if evaluations >= REFINE_EVALUATIONS {
                return None;
            }
        };
        if let Some(far) = far {
            // 2. Shrink the bracket: Newton's step from the last probe while it lands
            //    inside and halves the slope, else regula falsi (Illinois: the end
            //    that stays is halved in weight).
            let (mut a, mut b) = if last.u < far.u {
                (last, far)
            } else {
                (far, last)
            };
            last = far;
            let mut side = 0;
            // Probes queued on both sides of a corner (once).
            let mut pending: [Option<f64>; 2] = [None, None];
            let mut corner_tried = false;
            while evaluations < REFINE_EVALUATIONS && b.u - a.u > REFINE_WIDTH {
                if !corner_tried {
                    if let Some(u) = corner_between(&a, &b, n0, t0) {
                        // The polygon's support changes vertex inside the bracket:
                        // the slope jumps at the face's normal, which regula falsi
                        // approaches slowly. Probe just beside it, both sides: they
                        // straddle the sign change (the answer is the face's normal),
                        // or leave a bracket on one smooth side, where Newton works.
                        let e = 0.25 * REFINE_WIDTH;
                        pending = [Some(u - e), Some(u + e)];
                        corner_tried = true;
                    }
                }
                let queued = pending
                    .iter_mut()
                    .find_map(Option::take)
                    .filter(|u| *u > a.u && *u < b.u);
                let guess = if queued.is_some() {
                    None
                } else {
                    newton(last).filter(|u| use_newton && *u > a.u && *u < b.u)
                };
                let u = match (queued, guess) {
                    (Some(u), _) => u,
                    (None, Some(u)) if (u - last.u).abs() <= REFINE_WIDTH => {
                        settled = Some(u);
                        break;
                    }
                    (None, Some(u)) => u,
                    (None, None) => {
                        let u = (a.u * b.g - b.u * a.g) / (b.g - a.g);
                        if u > a.u && u < b.u {
                            u
                        } else {
                            0.5 * (a.u + b.u)
                        }
                    }
                };
                let p = probe(u);
                evaluations += 1;
                if p.g == 0.0 {
                    settled = Some(u);
                    break;
                }
                use_newton = match (queued, guess) {
                    // Beside a corner: on a smooth side from here on.
                    (Some(_), _) => true,
                    (None, Some(_)) => use_newton && p.g.abs() <= 0.5 * last.g.abs(),
                    (None, None) => false,
                };
                if p.g.signum() == a.g.signum() {
                    a = p;
                    if side == -1 {
                        b.g *= 0.5;
                    }
                    side = -1;
                } else {
                    b = p;
                    if side == 1 {
                        a.g *= 0.5;
                    }
                    side = 1;
                }
                last = p;
            }
            (lo, hi) = (a.u, b.u);
        }
    }
    let n = normal(settled.unwrap_or(0.5 * (lo + hi)));
    let w = md.support(n);
    Some(Refined {
        normal: n,
        height: w.p.dot(n),
        support: w,
        evaluations: evaluations + 1,
    })
}

/// The starting polytope from GJK's simplex (see the module notes): two or three
/// points, counter-clockwise.
fn initial_polytope(md: &MinkowskiDifference, simplex: &Simplex) -> Option<(Simplex, EpaStart)> {
    let tol = md.tolerance;
    match simplex.len() {
        3 => {
            let (a, b, c) = (simplex.get(0), simplex.get(1), simplex.get(2));
            let area2 = cross(b.p - a.p, c.p - a.p);
            let (p, q) = longest_edge([a, b, c]);
            if area2.abs() > tol.touch * (q.p - p.p).length() {
                let ccw = if area2 > 0.0 { [a, b, c] } else { [a, c, b] };
                Some((Simplex::from_points(&ccw), EpaStart::Triangle))
            } else {
                // A flat triangle has no reliable winding: use its longest edge.
                Some((Simplex::from_points(&[p, q]), EpaStart::TwoEdges))
            }
        }
        2 if (simplex.get(1).p - simplex.get(0).p).length() > tol.touch => {
            Some((*simplex, EpaStart::TwoEdges))
        }
        0 => None,
        _ => {
            // One point (or a segment of zero length): find a second support point
            // away from it, trying towards the origin and then the axes.
            let a = simplex.get(0);
            [-a.p, DVec2::X, -DVec2::X, DVec2::Y, -DVec2::Y]
                .into_iter()
                .filter(|d| *d != DVec2::ZERO)
                .map(|d| md.support(d))
                .find(|q| (q.p - a.p).length() > tol.touch)
                .map(|q| (Simplex::from_points(&[a, q]), EpaStart::CompletedPoint))
        }
    }
}

/// The longest edge of a triangle.
fn longest_edge(t: [SupportPoint; 3]) -> (SupportPoint, SupportPoint) {
    [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])]
        .into_iter()
        .max_by(|x, y| {
            (x.1.p - x.0.p)
                .length_squared()
                .total_cmp(&(y.1.p - y.0.p).length_squared())
        })
        .expect("three edges")
}
