//! GJK distance: the distance between two separated convex shapes and their closest
//! points (seed 002).
//!
//! The same simplex walk as the [GJK intersection test](super::gjk), with a different
//! question: instead of stopping as soon as a direction separates the shapes, it
//! keeps moving the simplex until it holds the point `v` of `A − B` closest to the
//! origin. Then `|v|` is the distance, and the barycentric weights `λᵢ` of `v` on the
//! simplex, applied to the points of A and of B each simplex point came from, give the
//! closest points `Σ λᵢ aᵢ` and `Σ λᵢ bᵢ`. Each round searches along `−v` and stops
//! when the new support point `w` gets no closer. The pseudo-code the app shows beside
//! the steps is [`PSEUDO_CODE`]; [`DistanceEvent::line`] says which line each event
//! executes.
//!
//! `|v|² − v·w` bounds `|v|·(|v| − distance)` (the plane through `w` normal to `v`
//! supports `A − B`), so the test stops with the distance known to a relative accuracy
//! `ε` (seed 002 stops only when `w` repeats a simplex point, which for curved shapes
//! never happens exactly). When the simplex reaches the origin the shapes intersect and
//! the distance is zero; [EPA](super::epa) then measures the penetration.
//!
//! With a circle the walk runs on the *core* difference (see
//! [`minkowski`](crate::minkowski)): the distance is the cores' distance minus the
//! radii `m`, and the closest points move out from the cores by the radii, along the
//! line between them. When the cores end up apart by less than `m`, the shapes overlap
//! by `m − core distance` ([`DistanceOutcome::WithinRadius`]).

use super::gjk::{GjkCore, OriginReach};
use super::simplex::{Region, Simplex};
use super::{Progress, StepMachine};
use crate::minkowski::{LocalSupport, MinkowskiDifference, SupportPoint};
use crate::settings::Settings;
use crate::shapes::{Shape, ShapeRef};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// GJK distance's pseudo-code, as the app shows it beside the steps, one line per
    /// entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`DistanceEvent::line`]).
    pub mod line;
    START: "d ← from A's centre towards B's",
    LOOP: "loop",
    SUPPORT: "    w ← support_{A−B}(d)",
    NO_PROGRESS: "    if |v|² − v·w ≤ ε|v|²: stop",
    ADD: "    simplex ← simplex + {w}",
    REGION: "    keep feature nearest origin (Voronoi)",
    CLOSEST: "    v ← closest point, v = Σ λi·wi",
    RADII: "    round: |cores| ≤ r_A + r_B: overlap",
    DIRECTION: "    d ← −v",
    REFINE: "curved: turn d until w lies along it (Newton)",
    RESULT: "on A: Σ λi·ai + r_A·n,  on B: Σ λi·bi − r_B·n,  distance |v| − r_A − r_B   (n = −v/|v|)",
}

/// Most support points GJK distance computes before it gives up.
pub const MAX_ITERATIONS: usize = 64;

/// Where GJK distance ended, kept to start another between the same shapes at other
/// poses ([`GjkDistance::warm_started`]; Box2D's `b2SimplexCache`): its final
/// simplex's points, each as the pair of core points (A's in A's frame, B's in B's)
/// it is the difference of.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SimplexCache(Simplex<LocalSupport>);

/// One visible step of GJK distance.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
// Events are plain values so that the fast path, which drops them, allocates nothing;
// the optimiser removes the unused copies once `step` is inlined into `run`.
#[allow(clippy::large_enum_variant)]
pub enum DistanceEvent {
    /// The first search direction (from A's centre towards B's; the x axis when the
    /// centres coincide).
    Start {
        /// The direction.
        direction: DVec2,
        /// Whether the centres coincided.
        fallback: bool,
    },
    /// A support point of `A − B` in the search direction `−v`.
    Support {
        /// The search direction.
        direction: DVec2,
        /// The support point and its sources.
        support: SupportPoint,
        /// `|v|² − v·w`: how much closer `w` could bring the simplex (absent before
        /// the simplex has a point).
        gap: Option<f64>,
        /// `max(0, −w·d̂ − m)`: a lower bound on the distance, from the supporting
        /// line through `w` (`m` the radii, 0 without round shapes: the rounded
        /// `A − B` reaches `m` beyond the core's line).
        lower_bound: f64,
    },
    /// The support point joins the simplex.
    Added {
        /// The simplex with the new point last.
        simplex: Simplex,
    },
    /// The Voronoi-region test: the feature nearest the origin is kept.
    Region {
        /// The feature whose region holds the origin (indices before the drop).
        region: Region,
        /// The points dropped.
        dropped: Simplex,
        /// The simplex that remains.
        simplex: Simplex,
    },
    /// The closest point `v` of the simplex to the origin and what it means on A and B.
    ClosestPoint {
        /// `v = Σ λᵢ wᵢ`.
        point: DVec2,
        /// `|v| − m` (`m` the radii, 0 without circles): an upper bound on the distance.
        distance: f64,
        /// `λᵢ`, in simplex order.
        weights: [f64; 3],
        /// `Σ λᵢ aᵢ` (moved out by A's radius).
        closest_a: DVec2,
        /// `Σ λᵢ bᵢ` (moved out by B's radius).
        closest_b: DVec2,
    },
    /// The next search direction, `−v`.
    Direction {
        /// The direction.
        direction: DVec2,
    },
    /// On a curved shape (an ellipse), the direction between the shapes turned until
    /// the support point lies along it: the closest points are exact there.
    Refined {
        /// GJK's direction from A towards B, `−v̂`.
        before: DVec2,
        /// The refined direction from A towards B.
        normal: DVec2,
        /// The distance along it.
        distance: f64,
        /// The support point of the core difference along the refined direction.
        support: SupportPoint,
        /// The closest points on A and on B.
        closest_a: DVec2,
        /// See `closest_a`.
        closest_b: DVec2,
        /// Support points computed by the search.
        evaluations: usize,
    },
    /// The end, with its reason.
    Done {
        /// Why GJK distance stopped.
        outcome: DistanceOutcome,
    },
}

/// How GJK distance ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum DistanceOutcome {
    /// Separated: no support point gets measurably closer, the distance is `distance`.
    Converged {
        /// The distance.
        distance: f64,
    },
    /// The triangle simplex encloses the origin: the shapes overlap (distance 0).
    OriginEnclosed,
    /// The simplex reached the origin (within the touch tolerance): touching or
    /// overlapping (distance 0).
    OriginOnSimplex {
        /// Distance from the origin to the simplex.
        distance: f64,
    },
    /// The cores are `core_distance` apart, less than the sum of the radii: the rounded
    /// parts overlap by the difference (only when a shape is a circle).
    WithinRadius {
        /// Distance between the cores.
        core_distance: f64,
    },
    /// Stopped after [`MAX_ITERATIONS`]; `distance` is the best upper bound found.
    IterationLimit {
        /// Support points computed.
        iterations: usize,
        /// The best upper bound on the distance.
        distance: f64,
        /// Best estimate of the answer.
        intersects: bool,
    },
}

impl DistanceEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            DistanceEvent::Start { .. } => line::START,
            // A support point that brings the simplex no closer ends the search.
            DistanceEvent::Support { gap: Some(g), .. } if *g <= 0.0 => line::NO_PROGRESS,
            DistanceEvent::Support { .. } => line::SUPPORT,
            DistanceEvent::Added { .. } => line::ADD,
            DistanceEvent::Region { .. } => line::REGION,
            DistanceEvent::ClosestPoint { .. } => line::CLOSEST,
            DistanceEvent::Direction { .. } => line::DIRECTION,
            DistanceEvent::Refined { .. } => line::REFINE,
            DistanceEvent::Done { outcome } => match outcome {
                DistanceOutcome::Converged { .. } => line::RESULT,
                DistanceOutcome::OriginEnclosed | DistanceOutcome::OriginOnSimplex { .. } => {
                    line::REGION
                }
                DistanceOutcome::WithinRadius { .. } => line::RADII,
                DistanceOutcome::IterationLimit { .. } => line::LOOP,
            },
        }
    }
}

impl DistanceResult {
    /// The answer of a method other than GJK in the shape GJK distance gives it: the
    /// final "simplex" is the one pair of closest points (empty when they intersect),
    /// `iterations` the support points the method computed.
    pub fn from_closest(
        distance: f64,
        closest: Option<(DVec2, DVec2)>,
        outcome: DistanceOutcome,
        iterations: usize,
    ) -> Self {
        let pair = closest.map(|(a, b)| SupportPoint {
            p: a - b,
            a,
            b,
            vertex_a: None,
            vertex_b: None,
        });
        DistanceResult {
            intersects: closest.is_none(),
            distance,
            closest,
            outcome,
            iterations,
            simplex: Simplex::from_points(pair.as_slice()),
            core_closest: pair.map_or(DVec2::ZERO, |p| p.p),
            refined_normal: None,
        }
    }
}

impl DistanceOutcome {
    /// Whether the shapes intersect (touching counts).
    pub fn intersects(&self) -> bool {
        match *self {
            DistanceOutcome::OriginEnclosed
            | DistanceOutcome::OriginOnSimplex { .. }
            | DistanceOutcome::WithinRadius { .. } => true,
            DistanceOutcome::Converged { .. } => false,
            DistanceOutcome::IterationLimit { intersects, .. } => intersects,
        }
    }
}

/// What GJK distance found.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DistanceResult {
    /// Whether the shapes intersect (touching counts).
    pub intersects: bool,
    /// Distance between the shapes (0 when they intersect).
    pub distance: f64,
    /// Closest points on A and on B (world), when separated.
    pub closest: Option<(DVec2, DVec2)>,
    /// How the algorithm ended.
    pub outcome: DistanceOutcome,
    /// Support points computed.
    pub iterations: usize,
    /// The final simplex (EPA starts from it when the shapes intersect).
    pub simplex: Simplex,
    /// The point of the core difference closest to the origin (`a − b` of the cores'
    /// closest points).
    pub core_closest: DVec2,
    /// On a curved pair apart, the unit normal from A towards B: the one the
    /// refinement turned GJK's direction to (the closest points lie along it), or,
    /// when the refinement did not hold, GJK's own direction it started from; `None`
    /// when nothing was refined. Not printed: a trace shows it in the `refined` event.
    #[serde(skip)]
    pub refined_normal: Option<DVec2>,
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    Support,
    Add,
    Solve,
    Closest,
    Direction,
    /// Refines the closest points on a curve: a refinement that holds decides a new
    /// outcome (`Converged` at the refined distance), one that does not ends with the
    /// outcome decided ([`GjkDistance::ending`]: kept in the machine, so that a phase
    /// is a bare tag).
    Refine,
    /// Ends with the outcome decided.
    Finish,
    Done,
}

/// The refined answer on a curved shape: distance, closest points on A and B, the
/// support point of the core difference and the normal along which they lie.
#[derive(Clone, Copy, Debug)]
struct RefinedDistance {
    distance: f64,
    closest: (DVec2, DVec2),
    support: SupportPoint,
    normal: DVec2,
}

/// GJK distance as a step machine.
#[derive(Clone, Debug)]
pub struct GjkDistance<'s> {
    core: GjkCore<'s>,
    phase: Phase,
    /// The outcome decided, which the `Finish` step reports (the `Refine` step first
    /// decides anew when its refinement holds).
    ending: Option<DistanceOutcome>,
    outcome: Option<DistanceOutcome>,
    refined: Option<RefinedDistance>,
    /// The most support points this run computes ([`MAX_ITERATIONS`] but in a run
    /// with other [`Settings`]).
    cap: usize,
    /// The earlier simplex to start from, if any ([`GjkDistance::warm_started`]).
    seed: Option<&'s SimplexCache>,
    /// The direction a refinement started from and did not improve on, if one did
    /// not hold ([`DistanceResult::refined_normal`]).
    unrefined: Option<DVec2>,
}

impl<'s> GjkDistance<'s> {
    /// GJK distance between shapes `a` and `b`.
    #[inline(always)]
    pub fn new(a: &'s Shape, b: &'s Shape) -> Self {
        Self::between(a.by_ref(), b.by_ref())
    }

    /// [`new`](Self::new) for shapes already borrowed ([`ShapeRef`]).
    #[inline(always)]
    pub fn between(a: ShapeRef<'s>, b: ShapeRef<'s>) -> Self {
        Self::configured(a, b, &Settings::default(), None)
    }

    /// GJK distance between borrowed shapes with `settings`, started from `cache` when
    /// there is one: [`between`](Self::between), [`with_settings`](Self::with_settings)
    /// and [`warm_started`](Self::warm_started) in one (the machine built once where
    /// it runs, not moved from one builder to the next: a cast's sweep asks it at
    /// every time it looks at).
    #[inline(always)]
    pub fn configured(
        a: ShapeRef<'s>,
        b: ShapeRef<'s>,
        settings: &Settings,
        cache: Option<&'s SimplexCache>,
    ) -> Self {
        let mut md = MinkowskiDifference::between(a, b);
        md.apply(settings);
        GjkDistance {
            core: GjkCore::new(md),
            phase: Phase::Start,
            ending: None,
            outcome: None,
            refined: None,
            cap: settings.cap(MAX_ITERATIONS),
            seed: cache.filter(|c| !c.0.is_empty()),
            unrefined: None,
        }
    }

    /// The same search started from the simplex an earlier run between the same shapes
    /// ended on ([`GjkDistance::cache`]), its points moved with the shapes to
    /// their poses now, instead of from one support point along the centres' line:
    /// Box2D's warm start. When the shapes have moved a little, the closest features
    /// are usually the same and the first support point repeats one of them, so the
    /// search stops after one. Any points of `A − B` are a valid start, so the answer
    /// is GJK distance's, to the same tolerance; the first event is then the seeded
    /// simplex ([`DistanceEvent::Added`]). An empty cache starts as usual.
    #[inline(always)]
    pub fn warm_started(mut self, cache: &'s SimplexCache) -> Self {
        self.seed = Some(cache).filter(|c| !c.0.is_empty());
        self
    }

    /// GJK distance run with `settings` (tolerances, cap, precision; see
    /// [`Settings`]).
    #[inline(always)]
    pub fn with_settings(mut self, settings: &Settings) -> Self {
        self.core.md.apply(settings);
        self.cap = settings.cap(MAX_ITERATIONS);
        self
    }

    /// Runs to the end and returns the result (the fast path).
    #[inline(always)]
    pub fn run(mut self) -> DistanceResult {
        super::run_to_end(&mut self);
        self.result().expect("a finished GJK distance has a result")
    }

    /// Runs to the end but skips the refinement of the closest points on a curve: for
    /// the callers that need only whether the shapes intersect and the final simplex
    /// (EPA starts from it); the distance is GJK's, to its stopping tolerance.
    #[inline(always)]
    pub fn run_unrefined(mut self) -> DistanceResult {
        while !matches!(self.phase, Phase::Refine | Phase::Done) {
            self.take_step(false);
        }
        if let (Phase::Refine, Some(outcome)) = (self.phase, self.ending) {
            self.finish(outcome);
        }
        self.result().expect("a finished GJK distance has a result")
    }

    /// The result, once the algorithm has ended.
    #[inline(always)]
    pub fn result(&self) -> Option<DistanceResult> {
        let outcome = self.outcome?;
        Some(DistanceResult {
            intersects: outcome.intersects(),
            distance: self.distance()?,
            closest: self.closest_points(),
            outcome,
            iterations: self.core.iterations,
            simplex: self.core.world_simplex(),
            core_closest: self.core_closest(),
            refined_normal: self.refined_normal(),
        })
    }

    /// The distance between the shapes once the algorithm has ended (the result's
    /// [`distance`](DistanceResult::distance), without the rest of the result: a caller
    /// that asks it many times, as the time of impact does, builds the whole result only
    /// when it needs it).
    #[inline(always)]
    pub fn distance(&self) -> Option<f64> {
        let outcome = self.outcome?;
        Some(if outcome.intersects() {
            0.0
        } else if let Some(r) = self.refined {
            r.distance
        } else {
            (self.core_closest().length() - self.core.md.margin()).max(0.0)
        })
    }

    /// The closest points on A and on B (world) when the shapes are apart, once the
    /// algorithm has ended (the result's [`closest`](DistanceResult::closest)).
    #[inline(always)]
    pub fn closest_points(&self) -> Option<(DVec2, DVec2)> {
        if self.outcome?.intersects() {
            return None;
        }
        if let Some(r) = self.refined {
            return Some(r.closest);
        }
        let v = self.core.closest_point();
        self.core.closest.map(|c| self.witness_points(c.weights, v))
    }

    /// The point of the core difference closest to the origin, in world axes (the
    /// result's [`core_closest`](DistanceResult::core_closest)).
    #[inline(always)]
    pub fn core_closest(&self) -> DVec2 {
        match self.refined {
            Some(r) if !self.intersects() => r.support.p,
            _ => self.core.world(self.core.closest_point()),
        }
    }

    /// The result's [`refined_normal`](DistanceResult::refined_normal).
    #[inline(always)]
    fn refined_normal(&self) -> Option<DVec2> {
        if self.intersects() {
            return None;
        }
        self.refined.map(|r| r.normal).or(self.unrefined)
    }

    /// Whether it ended with the shapes intersecting (false before the end).
    #[inline(always)]
    fn intersects(&self) -> bool {
        self.outcome.is_some_and(|o| o.intersects())
    }

    /// The final simplex in A's frame, each point with the pair of vertices it is the
    /// difference of: the closest features (the result's
    /// [`simplex`](DistanceResult::simplex) before it is placed in the world).
    #[inline(always)]
    pub fn local_simplex(&self) -> &Simplex<LocalSupport> {
        &self.core.simplex
    }

    /// Where the search ended, to start the next between the same shapes
    /// ([`warm_started`](Self::warm_started)).
    #[inline(always)]
    pub fn cache(&self) -> SimplexCache {
        SimplexCache(self.core.simplex)
    }

    /// The current simplex (world coordinates).
    pub fn simplex(&self) -> Simplex {
        self.core.world_simplex()
    }

    /// The current search direction (world axes).
    pub fn direction(&self) -> DVec2 {
        self.core.world(self.core.direction)
    }

    /// The closest point of the simplex to the origin so far (world axes).
    pub fn closest_point(&self) -> Option<DVec2> {
        self.core.closest.map(|c| self.core.world(c.point))
    }

    /// The Minkowski difference being searched.
    pub fn minkowski(&self) -> &MinkowskiDifference<'s> {
        &self.core.md
    }

    #[inline(always)]
    fn support_step(&mut self, watch: bool) -> Option<DistanceEvent> {
        let w = self.core.support();
        let direction = self.core.direction;
        let gap = self.core.progress(w.p);
        self.phase = if self.core.no_progress(&w) {
            let core_distance = self.core.distance();
            match self.core.origin_reach(self.core.closest_point()) {
                Some(OriginReach::OnSimplex) => self.ends(
                    DistanceOutcome::OriginOnSimplex {
                        distance: core_distance,
                    },
                    Phase::Finish,
                ),
                Some(OriginReach::WithinRadius) => self.ends(
                    DistanceOutcome::WithinRadius { core_distance },
                    Phase::Finish,
                ),
                None => {
                    let converged = DistanceOutcome::Converged {
                        distance: (core_distance - self.core.md.margin()).max(0.0),
                    };
                    // On a curve the closest point is only as exact as the stopping
                    // test: refine it (see `refine_step`).
                    if self.core.md.is_curved() {
                        self.ends(converged, Phase::Refine)
                    } else {
                        self.ends(converged, Phase::Finish)
                    }
                }
            }
        } else {
            Phase::Add
        };
        watch.then(|| self.support_event(&w, direction, gap))
    }

    /// The support step's event in world coordinates.
    fn support_event(&self, w: &LocalSupport, direction: DVec2, gap: Option<f64>) -> DistanceEvent {
        DistanceEvent::Support {
            direction: self.core.world(direction),
            support: self.core.md.to_world(w),
            gap,
            lower_bound: (-w.p.dot(direction) / direction.length() - self.core.md.margin())
                .max(0.0),
        }
    }

    /// On a curved core difference, turns the direction between the shapes until the
    /// support point lies along it ([`refine_normal`](super::refine::refine_normal), shared with EPA): the distance is
    /// `−min h(n)` over unit `n`, and GJK's stopping test leaves `n` off by about the
    /// square root of its tolerance, the closest points with it. Kept only when it
    /// stays within GJK's upper bound `|v|` and apart; otherwise GJK's answer stands.
    #[inline(always)]
    fn refine_step(&mut self, outcome: DistanceOutcome, watch: bool) -> Option<DistanceEvent> {
        let v = self.core.world(self.core.closest_point());
        let before = -crate::geometry::normalize_or(v, DVec2::ZERO);
        let md = self.core.md;
        let upper = v.length() + md.tolerance.touch;
        // The outward normal of A − B at v points back to the origin, −v̂: with
        // v = a − b that is the direction from A towards B.
        let found = super::refine::refine_normal(&md, before)
            .filter(|f| f.height < 0.0 && -f.height <= upper);
        let Some(found) = found else {
            self.unrefined = Some(before).filter(|n| *n != DVec2::ZERO);
            return self.finish(outcome);
        };
        let normal = found.normal;
        let distance = (-found.height - md.margin()).max(0.0);
        let closest = super::refine::witness_pair(&md, &found.support, normal, distance);
        self.refined = Some(RefinedDistance {
            distance,
            closest,
            support: found.support,
            normal,
        });
        self.phase = self.ends(DistanceOutcome::Converged { distance }, Phase::Finish);
        watch.then(|| DistanceEvent::Refined {
            before,
            normal,
            distance,
            support: found.support,
            closest_a: closest.0,
            closest_b: closest.1,
            evaluations: found.evaluations,
        })
    }

    #[inline(always)]
    fn solve_step(&mut self, watch: bool) -> Option<DistanceEvent> {
        let (closest, dropped) = self.core.solve(watch);
        self.phase = if closest.region == Region::Interior {
            self.ends(DistanceOutcome::OriginEnclosed, Phase::Finish)
        } else if self.core.origin_reach(closest.point) == Some(OriginReach::OnSimplex) {
            // Cores touching: done. (Cores within the radii are not: the exact core
            // distance is still needed for the depth.)
            let distance = closest.point.length();
            self.ends(DistanceOutcome::OriginOnSimplex { distance }, Phase::Finish)
        } else {
            Phase::Closest
        };
        dropped.map(|dropped| DistanceEvent::Region {
            region: closest.region,
            dropped,
            simplex: self.core.world_simplex(),
        })
    }

    #[inline(always)]
    fn closest_step(&mut self, watch: bool) -> Option<DistanceEvent> {
        self.phase = Phase::Direction;
        let c = self.core.closest.expect("solved before");
        watch.then(|| {
            let (closest_a, closest_b) = self.witness_points(c.weights, c.point);
            DistanceEvent::ClosestPoint {
                point: self.core.world(c.point),
                distance: (c.point.length() - self.core.md.margin()).max(0.0),
                weights: c.weights,
                closest_a,
                closest_b,
            }
        })
    }

    /// Closest points on A and on B (world): the weights applied to the cores' points
    /// (seed 002), each in its own shape's frame, then placed in the world once and
    /// moved out by the radii along the line between the cores, `−v̂` (`v` in A's
    /// frame).
    #[inline(always)]
    fn witness_points(&self, weights: [f64; 3], v: DVec2) -> (DVec2, DVec2) {
        let (qa, qb) = self.core.simplex.witness_points(weights);
        let (qa, qb) = self.core.md.points_to_world(qa, qb);
        let md = &self.core.md;
        if md.margin() == 0.0 {
            // No rounded part: the cores' points are the shapes' points.
            return (qa, qb);
        }
        let towards_b = -crate::geometry::normalize_or(self.core.world(v), DVec2::ZERO);
        (qa + towards_b * md.radius_a, qb - towards_b * md.radius_b)
    }

    /// Decides the outcome the `phase` (`Refine` or `Finish`) reports next.
    #[inline(always)]
    fn ends(&mut self, outcome: DistanceOutcome, phase: Phase) -> Phase {
        self.ending = Some(outcome);
        phase
    }

    /// The outcome decided ([`ends`](Self::ends)).
    #[inline(always)]
    fn decided(&self) -> DistanceOutcome {
        self.ending.expect("an outcome is decided before the end")
    }

    #[inline(always)]
    fn finish(&mut self, outcome: DistanceOutcome) -> Option<DistanceEvent> {
        self.outcome = Some(outcome);
        self.phase = Phase::Done;
        Some(DistanceEvent::Done { outcome })
    }
}

impl StepMachine for GjkDistance<'_> {
    type Event = DistanceEvent;

    /// One step when watched; unwatched, every step to the end in one call (see
    /// `machine::advance_by_steps`).
    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<DistanceEvent> {
        super::machine::advance_by_steps!(self, watch)
    }
}

impl GjkDistance<'_> {
    /// One step of the pseudo-code from the phase it is at (`None` once it has ended;
    /// the event only when watched).
    #[inline(always)]
    fn take_step(&mut self, watch: bool) -> Option<Option<DistanceEvent>> {
        let event = match self.phase {
            Phase::Start if self.seed.is_some() => {
                if let Some(seed) = self.seed.take() {
                    self.core.seed(&seed.0);
                }
                self.phase = Phase::Solve;
                watch.then(|| DistanceEvent::Added {
                    simplex: self.core.world_simplex(),
                })
            }
            Phase::Start => {
                let (direction, fallback) = self.core.start();
                self.phase = Phase::Support;
                watch.then(|| DistanceEvent::Start {
                    direction: self.core.world(direction),
                    fallback,
                })
            }
            Phase::Support if self.core.iterations >= self.cap => {
                let (iterations, distance, intersects) = self.core.at_cap();
                self.finish(DistanceOutcome::IterationLimit {
                    iterations,
                    distance,
                    intersects,
                })
            }
            Phase::Support => self.support_step(watch),
            Phase::Add => {
                self.core.add_pending();
                self.phase = Phase::Solve;
                watch.then(|| DistanceEvent::Added {
                    simplex: self.core.world_simplex(),
                })
            }
            Phase::Solve => self.solve_step(watch),
            Phase::Closest => self.closest_step(watch),
            Phase::Direction => {
                self.phase = Phase::Support;
                let direction = self.core.next_direction();
                watch.then(|| DistanceEvent::Direction {
                    direction: self.core.world(direction),
                })
            }
            Phase::Refine => self.refine_step(self.decided(), watch),
            Phase::Finish => self.finish(self.decided()),
            Phase::Done => return None,
        };
        Some(event)
    }
}
