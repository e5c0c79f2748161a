//! GJK intersection test (Gilbert–Johnson–Keerthi; seeds 001 and 004).
//!
//! Two convex shapes overlap exactly when their Minkowski difference `A − B` contains
//! the origin. GJK looks for the origin with a *simplex* — a point, segment or triangle
//! of support points of `A − B` — that it moves towards the origin. It starts in any
//! direction (from A's centre towards B's usually finds the answer sooner), and each
//! round asks for the support point `w` of `A − B` in the search direction `d` — one
//! support point of A and one of B. If even `w` does not pass the origin along `d`, `d`
//! separates A and B; else `w` joins the simplex, the simplex keeps only its feature
//! nearest the origin (its Voronoi regions say which), and the search goes on from that
//! feature towards the origin, until the simplex is a triangle around the origin. The
//! pseudo-code the app shows beside the steps is [`PSEUDO_CODE`]; [`GjkEvent::line`]
//! says which line each event executes.
//!
//! The seeds' version tests the triangle with triple products and loops forever when a
//! support point repeats. Here the region test is the barycentric solve of
//! [`simplex`](super::simplex) (which also covers the regions the triple-product
//! version assumes impossible, and that rounding makes possible), every exit is named
//! in [`GjkOutcome`], and the loop stops when the simplex stops getting closer to the
//! origin or after [`MAX_ITERATIONS`] support points.
//!
//! Touching counts as intersecting: the origin within [`Tolerance::touch`] of the
//! simplex ends the search with [`GjkOutcome::OriginOnSimplex`].
//!
//! With a circle the simplex lives on the *core* difference (the circle's centre, see
//! [`minkowski`](crate::minkowski)), and the shapes overlap as soon as the core comes
//! within the sum of the radii `m` of the origin ([`GjkOutcome::WithinRadius`]); a
//! direction separates them when the support point stays more than `m` short of the
//! origin.
//!
//! Like Box2D, the search runs in A's local frame (see
//! [`minkowski`](crate::minkowski)): B's pose relative to A is computed once, A's
//! support is a plain dot-product scan of its vertices, and the simplex remembers A's
//! and B's points in their own frames, so that the closest points are placed in the
//! world once, at the end. For polygons a repeated support point is a repeated pair
//! of vertex indices, an exact test. What a learner watches — every event, the
//! simplex, the direction — is given in world coordinates, the same pictures as the
//! textbook's.
//!
//! [`Tolerance::touch`]: crate::minkowski::Tolerance::touch

use super::simplex::{Closest, Region, Simplex};
use super::variant::{ellipse_angle_point, Variant};
use super::{Progress, StepMachine};
use crate::minkowski::{LocalSupport, MinkowskiDifference, SupportPoint};
use crate::settings::{Precision, Settings};
use crate::shapes::{Geometry, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// GJK's pseudo-code, as the app shows it beside the steps, one line per entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`GjkEvent::line`]).
    pub mod line;
    START: "d ← from A's centre towards B's",
    LOOP: "loop",
    SUPPORT: "    w ← support_A(d) − support_B(−d)",
    SEPARATED: "    if w·d/|d| + r_A + r_B < 0: return separated",
    NO_PROGRESS: "    if w gets no closer: stop",
    ADD: "    simplex ← simplex + {w}",
    REGION: "    keep feature nearest origin (Voronoi)",
    INSIDE: "    if origin inside triangle: return overlap",
    RADII: "    round: |cores| ≤ r_A + r_B: overlap",
    DIRECTION: "    d ← from that feature towards origin",
}

/// Most support points GJK computes before it gives up ([`GjkOutcome::IterationLimit`]).
pub const MAX_ITERATIONS: usize = 64;

/// One visible step of GJK.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
// Events are plain values so that the fast path, which drops them, allocates nothing;
// the optimiser removes the unused copies once `step` is inlined into `run`.
#[allow(clippy::large_enum_variant)]
pub enum GjkEvent {
    /// The first search direction: from A's centre towards B's, or the x axis when the
    /// centres coincide (`fallback`).
    Start {
        /// The direction.
        direction: DVec2,
        /// Whether the centres coincided and the x axis was used.
        fallback: bool,
    },
    /// A support point of `A − B` in the search direction.
    Support {
        /// The search direction `d`.
        direction: DVec2,
        /// The support point and its sources on A and B.
        support: SupportPoint,
        /// `w·d̂`: how far the support point reaches past the origin along `d`; negative
        /// means `d` is a separating axis.
        projection: f64,
    },
    /// The support point joins the simplex.
    Added {
        /// The simplex with the new point last.
        simplex: Simplex,
    },
    /// The Voronoi-region test: the feature nearest the origin is kept, the other
    /// points are dropped.
    Region {
        /// The feature whose region holds the origin (indices before the drop).
        region: Region,
        /// The closest point of the simplex to the origin.
        closest: DVec2,
        /// Its distance to the origin.
        distance: f64,
        /// The points dropped.
        dropped: Simplex,
        /// The simplex that remains.
        simplex: Simplex,
    },
    /// The next search direction, perpendicular from the kept feature to the origin.
    Direction {
        /// The direction.
        direction: DVec2,
    },
    /// The end, with its reason.
    Done {
        /// Why GJK stopped and what it found.
        outcome: GjkOutcome,
    },
}

/// How GJK ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum GjkOutcome {
    /// The triangle simplex encloses the origin: the shapes overlap.
    OriginEnclosed,
    /// The origin lies on the simplex (within the touch tolerance): the shapes touch or
    /// overlap.
    OriginOnSimplex {
        /// Distance from the origin to the simplex.
        distance: f64,
    },
    /// The cores are `core_distance` apart, less than the sum of the radii: the rounded
    /// parts overlap (only when a shape is a circle).
    WithinRadius {
        /// Distance between the cores.
        core_distance: f64,
    },
    /// A support point did not reach the origin: `axis` separates the shapes by at
    /// least `gap`.
    SeparatingAxis {
        /// Unit separating axis (from A towards B).
        axis: DVec2,
        /// Lower bound on the distance between the shapes.
        gap: f64,
    },
    /// The simplex cannot get closer to the origin, which stays `distance` away: the
    /// shapes are separated.
    NoProgress {
        /// Distance from the origin to the simplex.
        distance: f64,
    },
    /// Stopped after [`MAX_ITERATIONS`] support points; `intersects` is the best
    /// estimate (origin within the touch tolerance of the simplex).
    IterationLimit {
        /// Support points computed.
        iterations: usize,
        /// Distance from the origin to the simplex at that point.
        distance: f64,
        /// Best estimate of the answer.
        intersects: bool,
    },
}

impl GjkEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            GjkEvent::Start { .. } => line::START,
            GjkEvent::Support { .. } => line::SUPPORT,
            GjkEvent::Added { .. } => line::ADD,
            GjkEvent::Region {
                region: Region::Interior,
                ..
            } => line::INSIDE,
            GjkEvent::Region { .. } => line::REGION,
            GjkEvent::Direction { .. } => line::DIRECTION,
            GjkEvent::Done { outcome } => match outcome {
                GjkOutcome::OriginEnclosed | GjkOutcome::OriginOnSimplex { .. } => line::INSIDE,
                GjkOutcome::WithinRadius { .. } => line::RADII,
                GjkOutcome::SeparatingAxis { .. } => line::SEPARATED,
                GjkOutcome::NoProgress { .. } => line::NO_PROGRESS,
                GjkOutcome::IterationLimit { .. } => line::LOOP,
            },
        }
    }
}

impl GjkOutcome {
    /// Whether the shapes intersect (touching counts).
    pub fn intersects(&self) -> bool {
        match *self {
            GjkOutcome::OriginEnclosed
            | GjkOutcome::OriginOnSimplex { .. }
            | GjkOutcome::WithinRadius { .. } => true,
            GjkOutcome::SeparatingAxis { .. } | GjkOutcome::NoProgress { .. } => false,
            GjkOutcome::IterationLimit { intersects, .. } => intersects,
        }
    }
}

/// The state GJK intersection and GJK distance share: the Minkowski difference, the
/// simplex, the search direction and the closest point found so far.
///
/// All of it lives in A's frame (see [`minkowski`](crate::minkowski)): supports are
/// plain scans there, and the world pictures are made only for a viewer
/// ([`world_simplex`](Self::world_simplex) and friends) and for the answer.
#[derive(Clone, Debug)]
pub(crate) struct GjkCore<'s> {
    pub md: MinkowskiDifference<'s>,
    /// The simplex, in A's frame.
    pub simplex: Simplex<LocalSupport>,
    /// The search direction, in A's frame.
    pub direction: DVec2,
    /// Closest point of the simplex to the origin (A's frame), once the simplex has a
    /// point.
    pub closest: Option<Closest>,
    /// Support points computed so far.
    pub iterations: usize,
    /// The support point found and not yet added to the simplex.
    pub pending: LocalSupport,
}

impl<'s> GjkCore<'s> {
    #[inline(always)]
    pub fn new(md: MinkowskiDifference<'s>) -> Self {
        GjkCore {
            md,
            simplex: Simplex::new(),
            direction: DVec2::ZERO,
            closest: None,
            iterations: 0,
            pending: LocalSupport::default(),
        }
    }

    /// Sets the first search direction (A's frame).
    #[inline(always)]
    pub fn start(&mut self) -> (DVec2, bool) {
        let (d, fallback) = self.md.initial_direction_local();
        self.direction = self.md.precision.round2(d);
        (self.direction, fallback)
    }

    /// Starts from the points of an earlier simplex between the same shapes, each the
    /// same pair of core points at the shapes' poses now (Box2D's simplex cache).
    #[inline(always)]
    pub fn seed(&mut self, earlier: &Simplex<LocalSupport>) {
        self.simplex = earlier.map(|w| self.md.replaced(w));
    }

    /// The support point in the current direction (kept as the pending point).
    #[inline(always)]
    pub fn support(&mut self) -> LocalSupport {
        self.iterations += 1;
        self.pending = self.md.support_local(self.direction);
        self.pending
    }

    /// The simplex in world coordinates (for viewers and for EPA).
    #[inline(always)]
    pub fn world_simplex(&self) -> Simplex {
        self.simplex.map(|s| self.md.to_world(s))
    }

    /// A simplex of A's frame in world coordinates.
    #[inline(always)]
    pub fn to_world(&self, simplex: &Simplex<LocalSupport>) -> Simplex {
        simplex.map(|s| self.md.to_world(s))
    }

    /// A vector of A's frame (a direction, a point of `A − B`) in world axes.
    #[inline(always)]
    pub fn world(&self, v: DVec2) -> DVec2 {
        self.md.vector_to_world(v)
    }

    /// Adds the pending support point to the simplex.
    #[inline(always)]
    pub fn add_pending(&mut self) {
        self.simplex.push(self.pending);
    }

    /// `|v|² − v·w` for the closest point `v`: how much closer to the origin the
    /// simplex can get by adding `w` (an upper bound on `|v|·(|v| − distance)`).
    /// `None` before the simplex has a point.
    ///
    /// On an edge `ab` it is measured along the edge's normal `d` (the search
    /// direction, from the points' coordinates by a cross product) from `a`, as
    /// `|v|·(w − a)·d̂`, the same number in exact arithmetic: `v`, the foot of the
    /// origin on the edge, carries the rounding of the points' coordinates (1e-16 of
    /// their size), and where the edge passes 1e-9 from the origin that error in `v·w`
    /// is larger than `|v|²` itself — GJK distance stopped at 7.3e-10 between a
    /// triangle and a box 3.4e-10 apart, its new support point judged no progress.
    /// An f32 run keeps the textbook test, whose rounding in `float` it shows.
    #[inline(always)]
    pub fn progress(&self, w: DVec2) -> Option<f64> {
        let v = self.closest?.point;
        let d = self.direction;
        if self.simplex.len() == 2 && d != DVec2::ZERO && self.md.precision == Precision::F64 {
            let a = self.simplex.get(0).p;
            return Some(v.length() * (w - a).dot(d) / d.length());
        }
        Some(v.length_squared() - v.dot(w))
    }

    /// Whether adding `w` could not bring the simplex measurably closer to the origin:
    /// `w` repeats a simplex point (for polygons: the same pair of vertices, an exact
    /// test), or `|v|² − v·w ≤ ε·|v|²`.
    #[inline(always)]
    pub fn no_progress(&self, w: &LocalSupport) -> bool {
        let tol = &self.md.tolerance;
        let Some(c) = self.closest else {
            return false;
        };
        // The repeat first: for polygons an integer test, known as soon as the support
        // scan ends, where the gap waits on two square roots and a division (and the
        // search's last branch resolves on whichever decides it).
        self.simplex
            .any(|q| self.md.same_support(q, w, tol.touch * 1e-3))
            || self
                .progress(w.p)
                .is_some_and(|gap| gap <= tol.relative * c.point.length_squared())
    }

    /// Keeps the simplex feature nearest the origin; the dropped points are collected
    /// (in world coordinates) only when someone watches.
    #[inline(always)]
    pub fn solve(&mut self, watch: bool) -> (Closest, Option<Simplex>) {
        let closest = self.simplex.closest_to_origin();
        let dropped = watch.then(|| self.to_world(&self.simplex.dropped_by(closest.region)));
        let weights = self.simplex.reduce(closest.region, closest.weights);
        let point = self.md.precision.round2(closest.point);
        let closest = Closest {
            weights,
            point,
            ..closest
        };
        self.closest = Some(closest);
        (closest, dropped)
    }

    /// Distance from the origin to the simplex (infinite before the first point).
    #[inline(always)]
    pub fn distance(&self) -> f64 {
        self.closest.map_or(f64::INFINITY, |c| c.point.length())
    }

    /// How a simplex whose closest point to the origin is `v` ends the search, if it
    /// does: the origin on it (cores touching or overlapping), or within the radii of
    /// it. (Squared lengths: no square root in the loop.)
    #[inline(always)]
    pub fn origin_reach(&self, v: DVec2) -> Option<OriginReach> {
        let touch = self.md.tolerance.touch;
        let (d2, reach) = (v.length_squared(), self.md.margin() + touch);
        if d2 <= touch * touch {
            Some(OriginReach::OnSimplex)
        } else if d2 <= reach * reach {
            Some(OriginReach::WithinRadius)
        } else {
            None
        }
    }

    /// What is known at the iteration cap: the support points computed, the distance
    /// between the shapes (an upper bound) and whether they intersect (best estimate).
    #[inline(always)]
    pub fn at_cap(&self) -> (usize, f64, bool) {
        let distance = (self.distance() - self.md.margin()).max(0.0);
        let intersects = self.origin_reach(self.closest_point()).is_some();
        (self.iterations, distance, intersects)
    }

    /// The closest point of the simplex to the origin so far (the origin before the
    /// first point).
    #[inline(always)]
    pub fn closest_point(&self) -> DVec2 {
        self.closest.map_or(DVec2::ZERO, |c| c.point)
    }

    /// Turns the search towards the origin from the kept feature.
    #[inline(always)]
    pub fn next_direction(&mut self) -> DVec2 {
        let d = self.simplex.search_direction();
        // Only a feature within the touch tolerance of the origin has a zero
        // direction, and GJK stops before asking for it; keep the old one regardless.
        if d != DVec2::ZERO {
            self.direction = self.md.precision.round2(d);
        }
        self.direction
    }
}

/// How the origin lies against a simplex that ends the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OriginReach {
    /// On the simplex: the cores touch or overlap.
    OnSimplex,
    /// Within the sum of the radii: only the rounded parts overlap.
    WithinRadius,
}

impl OriginReach {
    fn outcome(self, distance: f64) -> GjkOutcome {
        match self {
            OriginReach::OnSimplex => GjkOutcome::OriginOnSimplex { distance },
            OriginReach::WithinRadius => GjkOutcome::WithinRadius {
                core_distance: distance,
            },
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    Support,
    Add,
    Solve,
    Direction,
    Finish(GjkOutcome),
    Done,
}

/// The GJK intersection test as a step machine.
#[derive(Clone, Debug)]
pub struct Gjk<'s> {
    core: GjkCore<'s>,
    phase: Phase,
    outcome: Option<GjkOutcome>,
    /// The seed's version being run, if any ([`Variant::EllipseAngleSupport`] or
    /// [`Variant::NoProgressTest`]).
    variant: Option<Variant>,
    /// The most support points this run computes ([`MAX_ITERATIONS`] but in a run
    /// with other [`Settings`]).
    cap: usize,
}

impl<'s> Gjk<'s> {
    /// GJK for shapes `a` and `b` (working on `A − B`).
    #[inline(always)]
    pub fn new(a: &'s Shape, b: &'s Shape) -> Self {
        Gjk {
            core: GjkCore::new(MinkowskiDifference::new(a, b)),
            phase: Phase::Start,
            outcome: None,
            variant: None,
            cap: MAX_ITERATIONS,
        }
    }

    /// GJK run with `settings` (tolerances, cap, precision; see [`Settings`]).
    pub fn with_settings(mut self, settings: &Settings) -> Self {
        let touch = self.core.md.tolerance.touch;
        self.core.md.apply(settings);
        if self.variant == Some(Variant::NoProgressTest) {
            // Seed 001's loop has no touch tolerance, whatever the settings.
            self.core.md.tolerance.touch = touch;
        }
        self.cap = settings.cap(MAX_ITERATIONS);
        self
    }

    /// The most support points this run computes.
    pub fn max_iterations(&self) -> usize {
        self.cap
    }

    /// GJK with one of the seeds' versions switched on (a variant of another
    /// algorithm is ignored): the same machine, with the seed's line where it differs.
    /// Seed 001's loop ([`Variant::NoProgressTest`]) also has no touch tolerance: it
    /// stops on a support point only when `w·d < 0`, on the simplex only when the
    /// origin is exactly on it.
    pub fn with_variant(a: &'s Shape, b: &'s Shape, variant: Option<Variant>) -> Self {
        let mut gjk = Gjk::new(a, b);
        gjk.variant =
            variant.filter(|v| matches!(v, Variant::EllipseAngleSupport | Variant::NoProgressTest));
        if gjk.variant == Some(Variant::NoProgressTest) {
            gjk.core.md.tolerance.touch = 0.0;
        }
        gjk
    }

    /// The seed's version this machine runs, if any.
    pub fn variant(&self) -> Option<Variant> {
        self.variant
    }

    /// The support point in the current direction; with seed 001's ellipse support,
    /// an ellipse's point is replaced by the boundary point at the angle of `d`.
    #[inline(always)]
    fn support(&mut self) -> LocalSupport {
        let w = self.core.support();
        if self.variant != Some(Variant::EllipseAngleSupport) {
            return w;
        }
        let w = angle_support(&self.core.md, self.core.direction, w);
        self.core.pending = w;
        w
    }

    /// Runs to the end and returns the outcome (the fast path).
    #[inline(always)]
    pub fn run(mut self) -> GjkOutcome {
        super::run_to_end(&mut self);
        self.outcome.expect("a finished GJK has an outcome")
    }

    /// The outcome, once GJK has ended.
    pub fn outcome(&self) -> Option<GjkOutcome> {
        self.outcome
    }

    /// The current simplex (world coordinates).
    pub fn simplex(&self) -> Simplex {
        self.core.world_simplex()
    }

    /// The current search direction (world axes).
    pub fn direction(&self) -> DVec2 {
        self.core.world(self.core.direction)
    }

    /// Support points computed so far.
    pub fn iterations(&self) -> usize {
        self.core.iterations
    }

    /// The Minkowski difference being searched.
    pub fn minkowski(&self) -> &MinkowskiDifference<'s> {
        &self.core.md
    }

    #[inline(always)]
    fn support_step(&mut self, watch: bool) -> Option<GjkEvent> {
        let w = self.support();
        let direction = self.core.direction;
        let projection = w.p.dot(direction) / direction.length();
        let margin = self.core.md.margin();
        self.phase = if projection < -(margin + self.core.md.tolerance.touch) {
            Phase::Finish(GjkOutcome::SeparatingAxis {
                axis: self
                    .core
                    .world(crate::geometry::normalize_or(direction, DVec2::X)),
                gap: -projection - margin,
            })
        } else if self.variant != Some(Variant::NoProgressTest) && self.core.no_progress(&w) {
            let distance = self.core.distance();
            Phase::Finish(match self.core.origin_reach(self.core.closest_point()) {
                Some(reach) => reach.outcome(distance),
                None => GjkOutcome::NoProgress {
                    distance: distance - margin,
                },
            })
        } else {
            Phase::Add
        };
        watch.then(|| GjkEvent::Support {
            direction: self.core.world(direction),
            support: self.core.md.to_world(&w),
            projection,
        })
    }

    #[inline(always)]
    fn solve_step(&mut self, watch: bool) -> Option<GjkEvent> {
        let (closest, dropped) = self.core.solve(watch);
        let region = closest.region;
        self.phase = if region == Region::Interior {
            Phase::Finish(GjkOutcome::OriginEnclosed)
        } else if let Some(reach) = self.core.origin_reach(closest.point) {
            Phase::Finish(reach.outcome(closest.point.length()))
        } else {
            Phase::Direction
        };
        dropped.map(|dropped| GjkEvent::Region {
            region,
            closest: self.core.world(closest.point),
            distance: closest.point.length(),
            dropped,
            simplex: self.core.world_simplex(),
        })
    }
}

impl StepMachine for Gjk<'_> {
    type Event = GjkEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<GjkEvent> {
        let event = match self.phase {
            Phase::Start => {
                let (direction, fallback) = self.core.start();
                self.phase = Phase::Support;
                watch.then(|| GjkEvent::Start {
                    direction: self.core.world(direction),
                    fallback,
                })
            }
            Phase::Support if self.core.iterations >= self.cap => {
                let (iterations, distance, intersects) = self.core.at_cap();
                self.finish(GjkOutcome::IterationLimit {
                    iterations,
                    distance,
                    intersects,
                })
            }
            Phase::Support => self.support_step(watch),
            Phase::Add => {
                self.core.add_pending();
                self.phase = Phase::Solve;
                watch.then(|| GjkEvent::Added {
                    simplex: self.core.world_simplex(),
                })
            }
            Phase::Solve => self.solve_step(watch),
            Phase::Direction => {
                self.phase = Phase::Support;
                let direction = self.core.next_direction();
                watch.then(|| GjkEvent::Direction {
                    direction: self.core.world(direction),
                })
            }
            Phase::Finish(outcome) => self.finish(outcome),
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}

impl Gjk<'_> {
    #[inline(always)]
    fn finish(&mut self, outcome: GjkOutcome) -> Option<GjkEvent> {
        self.outcome = Some(outcome);
        self.phase = Phase::Done;
        Some(GjkEvent::Done { outcome })
    }
}

/// Seed 001's support point: `w` with each ellipse's point replaced by the boundary
/// point at the angle of the direction (A's frame `d`; B's point along `−d`).
fn angle_support(md: &MinkowskiDifference, d: DVec2, w: LocalSupport) -> LocalSupport {
    let mut w = w;
    if let Geometry::Ellipse(e) = md.a.geometry() {
        let a = ellipse_angle_point(e.a, e.b, d);
        w.p += a - w.a;
        w.a = a;
    }
    if let Geometry::Ellipse(e) = md.b.geometry() {
        let towards = md.b.unrotate(md.vector_to_world(-d));
        let b = ellipse_angle_point(e.a, e.b, towards);
        w.p -= md.vector_to_local(md.b.rotate(b - w.b));
        w.b = b;
    }
    w
}
