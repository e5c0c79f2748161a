//! EPA, the Expanding Polytope Algorithm: how deep two overlapping shapes are, and in
//! which direction to push them apart (seed 000).
//!
//! When `A − B` contains the origin, the penetration depth is the distance from the
//! origin to the *boundary* of `A − B`, and the direction is the outward normal `n`
//! there: moving B by `depth·n` separates the shapes. EPA grows a polygon (the
//! *polytope*) inside `A − B`, starting from GJK's final simplex, until its edge
//! nearest the origin lies on the boundary. Each round takes the polytope edge `e`
//! nearest the origin (outward normal `n`, distance `e.d`) and the support point `w`
//! of `A − B` along `n`: when nothing lies beyond `e` the depth is found, else `w`
//! splits `e`. The pseudo-code the app shows beside the steps is [`PSEUDO_CODE`];
//! [`line`](mod@line) names the lines the events execute.
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

use super::answer::Penetration;
use super::distance::{DistanceResult, GjkDistance};
use super::refine::{refine_normal, witness_pair};
use super::simplex::Simplex;
use super::variant::{foot_normal_edge, Variant, SEED_004_EPSILON, SEED_004_MAX_ITERATIONS};
use super::{Progress, StepMachine};
use crate::geometry::{cross, perp_cw};
use crate::minkowski::{MinkowskiDifference, SupportPoint};
use crate::settings::{Precision, Settings};
use crate::shapes::Shape;
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// EPA's pseudo-code, as the app shows it beside the steps, one line per entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute. A support point
    /// ([`EpaEvent::Support`]) executes [`SUPPORT`](line::SUPPORT), or
    /// [`CONVERGED`](line::CONVERGED) when its gap is within the depth tolerance;
    /// the end executes the line of its outcome (the cap: [`LOOP`](line::LOOP)).
    pub mod line;
    START: "polytope ← GJK's final simplex;  U ← ∞",
    LOOP: "loop",
    CLOSEST_EDGE: "    e ← edge nearest O (normal n, distance e.d)",
    SUPPORT: "    w ← support_{A−B}(n);  U ← min(U, w·n)",
    CONVERGED: "    if U − e.d ≤ ε: return depth U + r_A + r_B, normal n",
    SPLIT: "    split e at w",
    RADII: "round: depth ← r_A + r_B − |cores|",
    NO_DEPTH: "A, B apart or A − B flat: no depth",
    REFINE: "curved A − B: turn n until w(n) ‖ n (Newton)",
}

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
    /// The seed's version being run, if any ([`Variant::FootNormals`] or
    /// [`Variant::EpaFloat32`]).
    variant: Option<Variant>,
    /// The most support points this run computes ([`MAX_ITERATIONS`] but in a
    /// seed's version or a run with other [`Settings`]).
    cap: usize,
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
            variant: None,
            cap: MAX_ITERATIONS,
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

    /// EPA with one of the seeds' versions switched on (a variant of another algorithm
    /// is ignored): the same machine, with the seed's lines where it differs.
    ///
    /// - [`Variant::FootNormals`] (seed 000): every edge's normal is the origin's foot
    ///   on it ([`foot_normal_edge`]), so the two edges of a segment through the origin
    ///   share one normal instead of having opposite ones.
    /// - [`Variant::EpaFloat32`] (seed 004): the depth tolerance is 1e-3 absolute, the
    ///   cap 32 support points, and every support point is rounded to `float` the way
    ///   the seed computes it — its sources on A and B in world coordinates, then their
    ///   difference — as are the polytope's start and every edge's normal and distance.
    ///   (An `f32` evaluation by rounding each value the loop stores, not a second
    ///   implementation: the arithmetic between two roundings stays `f64`.)
    pub fn with_variant(a: &'s Shape, b: &'s Shape, variant: Option<Variant>) -> Self {
        Epa::configured(a, b, variant, &Settings::default())
    }

    /// EPA (and the GJK distance run it starts from) with a seed's version, if any,
    /// and `settings` (tolerances, cap, precision; see [`Settings`]). With the
    /// defaults and no variant this is [`Epa::new`].
    pub fn configured(
        a: &'s Shape,
        b: &'s Shape,
        variant: Option<Variant>,
        settings: &Settings,
    ) -> Self {
        let mut epa = if settings.is_default() {
            Epa::new(a, b)
        } else {
            let gjk = GjkDistance::new(a, b)
                .with_settings(&settings.without_cap())
                .run_unrefined();
            Self::from_gjk(MinkowskiDifference::configured(a, b, settings), &gjk)
        };
        epa.cap = settings.cap(MAX_ITERATIONS);
        epa.variant = variant.filter(|v| matches!(v, Variant::FootNormals | Variant::EpaFloat32));
        if epa.variant == Some(Variant::EpaFloat32) {
            // Seed 004's EPA: its ε and cap, and its support points in `float` (the GJK
            // run it starts from stays the seed's f64 one).
            epa.md.tolerance.depth = SEED_004_EPSILON;
            epa.cap = SEED_004_MAX_ITERATIONS;
            epa.md.precision = Precision::F32;
        }
        if epa.md.precision == Precision::F32 {
            for p in epa.polytope.iter_mut() {
                *p = epa.md.stored(*p);
            }
        }
        if epa.variant.is_some() || epa.md.precision == Precision::F32 {
            let n = epa.polytope.len();
            for i in 0..n {
                let edge = epa.edge(epa.polytope[i].p, epa.polytope[(i + 1) % n].p);
                epa.edges[i] = edge;
            }
        }
        epa
    }

    /// The seed's version this machine runs, if any.
    pub fn variant(&self) -> Option<Variant> {
        self.variant
    }

    /// The most support points this run computes.
    pub fn max_iterations(&self) -> usize {
        self.cap
    }

    /// Outward normal and distance of the polytope edge `a → b` ([`edge_of`]; the
    /// seed's in a seed's version).
    #[inline(always)]
    fn edge(&self, a: DVec2, b: DVec2) -> (DVec2, f64) {
        match self.variant {
            Some(Variant::FootNormals) => foot_normal_edge(a, b),
            _ if self.md.precision == Precision::F64 => edge_of(a, b),
            _ => {
                let (n, d) = edge_of(a, b);
                (self.md.precision.round2(n), self.md.precision.round(d))
            }
        }
    }

    /// The support point of `A − B` along `n` (rounded to `float` in seed 004's
    /// version).
    #[inline(always)]
    fn support(&self, n: DVec2) -> SupportPoint {
        self.md.support(n)
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
        let w = self.support(normal);
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
        self.edges[index] = self.edge(self.polytope[index].p, w.p);
        self.polytope.insert(at, w);
        self.edges.insert(at, self.edge(w.p, next));
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
            Phase::SelectEdge if self.iterations >= self.max_iterations() => {
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
