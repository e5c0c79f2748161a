//! Linear shape cast by GJK-raycast (van den Bergen, *Ray Casting against General
//! Convex Objects with Application to Continuous Collision Detection*, 2004), the
//! method of Box2D's `b2ShapeCast` family and parry's `cast_shapes`.
//!
//! **Motion becomes geometry.** When A and B only translate, B moved by `t·r`
//! (`r = v_B − v_A`, B's velocity seen from A) overlaps A exactly when the point
//! `t·r` lies in `A − B` (at `t = 0`): `a = b + t·r ⇔ a − b = t·r`. So the time of
//! impact is where the ray `x(λ) = λ·r` from the origin first enters `A − B`, grown by
//! `σ` (the radii of circles, plus the target separation) — the lesson-0 picture with
//! a ray added.
//!
//! **GJK on the ray.** The search is GJK distance from the ray's point `x = λ·r` to the
//! core difference `C = A − B`, with one extra test. Its direction `d` points from the
//! simplex's point nearest `x` to `x` (from A towards B; van den Bergen's `v`; when
//! that point lies inside an edge, `d` is taken as the edge's normal on `x`'s side,
//! the same direction without the division, see `solve`), and
//! each support point `w = s_C(d)` (his `p`) gives a supporting line of `C` normal to
//! `d`. If `x` lies beyond that line grown by `σ` (`d·(x − w) > σ|d|`), every point of
//! the ray before the line is outside `C` grown by `σ`: `λ` jumps to where the ray
//! crosses it, `λ ← λ − (d·(x − w) − σ|d|)/(d·r)`, and the line's normal is the
//! candidate normal `n`. If the ray runs parallel to the line or away from it
//! (`d·r ≥ 0`) it never comes back: a miss. Otherwise `w` joins the simplex, which
//! keeps its feature nearest `x`
//! (the Voronoi regions of [`simplex`](crate::algorithms::simplex), on the points
//! shifted by `−x`). The search ends when `x` is within `σ` of the simplex: a hit at
//! `t = λ` — conservative, since `λ` only ever jumps over points the lines excluded.
//! The pseudo-code the app shows is [`PSEUDO_CODE`]; [`ShapeCastEvent::line`] says
//! which line each event executes.
//!
//! The search runs in A's frame at `t = 0`, on the very support function of
//! [`MinkowskiDifference`] (B's pose relative to A computed once); the shapes are
//! never moved, so a cast costs no copy of them. A turning shape has no straight ray:
//! the cast names it ([`ShapeCastOutcome::Rotating`]) and the machines that follow
//! rotation answer it ([`advancement`](super::advancement), [`toi`](super::toi)).

use super::{cast_tolerance, CastOptions, CastResult, Sweep};
use crate::algorithms::simplex::{Closest, Region, Simplex};
use crate::algorithms::{Progress, StepMachine};
use crate::geometry::{perp_ccw, try_normalize};
use crate::minkowski::{LocalSupport, MinkowskiDifference, SupportPoint};
use crate::motion::Motion;
use crate::shapes::{Circle, Geometry, Pose, Shape, SupportVertex};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// GJK-raycast's pseudo-code, as the app shows it beside the steps.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`ShapeCastEvent::line`]).
    pub mod line;
    START: "r ← v_B − v_A,  λ ← 0,  x ← 0,  d ← x − (a point of A − B)",
    LOOP: "loop",
    SUPPORT: "    w ← support_{A−B}(d)",
    PLANE: "    if d·(x − w) > σ|d|:   (x beyond w's line, grown by σ)",
    AWAY: "        if d·r ≥ 0: return miss   (the ray never comes back)",
    ADVANCE: "        λ ← λ − (d·(x − w) − σ|d|)/(d·r),  x ← λ·r,  n ← d/|d|",
    BEYOND: "        if λ > 1: return miss",
    ADD: "    simplex ← simplex + {w}",
    REGION: "    d ← x − (simplex point nearest x); keep that feature",
    HIT: "    if |d| ≤ σ + ε: return hit at t = λ, normal n",
    _: "σ = radii + target:  A − B grown by σ",
}

/// Most support points the cast computes ([`ShapeCastOutcome::IterationLimit`]).
pub const MAX_ITERATIONS: usize = 64;

/// One visible step of GJK-raycast. Points of `A − B` and directions are in world
/// axes; `A − B` is the difference at `t = 0`, which the ray crosses.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum ShapeCastEvent {
    /// The ray and the first direction.
    Start {
        /// `r = v_B − v_A`: the ray's direction and length (`λ = 1` at its end).
        ray: DVec2,
        /// `σ`: the radii of circles plus the target separation (`A − B` grown by it).
        sigma: f64,
        /// The first `v`: from a point inside `A − B` to the origin.
        direction: DVec2,
        /// Whether that point was the origin itself (the x axis is used).
        fallback: bool,
        /// A's pose at `t = 0` (world).
        pose_a: Pose,
        /// B's pose at `t = 0` (world).
        pose_b: Pose,
    },
    /// A support point of `A − B` along `v`, and the test of its line.
    Support {
        /// `v`.
        direction: DVec2,
        /// `p` and its sources on A and on B (at `t = 0`).
        support: SupportPoint,
        /// `λ` before the test.
        lambda: f64,
        /// `x = λ·r`.
        ray_point: DVec2,
        /// `v·w/|v| − σ`: how far `x` lies beyond `p`'s line grown by `σ` (positive:
        /// beyond, `λ` advances).
        plane_gap: f64,
    },
    /// `x` lay beyond the line: `λ` jumps to where the ray crosses it.
    Advance {
        /// The line's normal `n = v/|v|` (unit, from A towards B).
        normal: DVec2,
        /// The line's point on `A − B` (`p`; the grown line is `σ` further along `n`).
        plane_point: DVec2,
        /// `λ` before.
        lambda_before: f64,
        /// `λ` after.
        lambda: f64,
        /// The new `x = λ·r`.
        ray_point: DVec2,
        /// `n·r` (negative: the ray approaches the line).
        approach: f64,
        /// A's pose at `t = λ` (world).
        pose_a: Pose,
        /// B's pose at `t = λ` (world).
        pose_b: Pose,
    },
    /// The support point joins the simplex (points of `A − B`, not shifted).
    Added {
        /// The simplex with the new point last.
        simplex: Simplex,
    },
    /// The simplex keeps its feature nearest `x`.
    Region {
        /// The feature whose Voronoi region holds `x` (indices before the drop).
        region: Region,
        /// The points dropped.
        dropped: Simplex,
        /// The simplex that remains.
        simplex: Simplex,
        /// Its point nearest `x`.
        closest: DVec2,
        /// `v = x − closest`.
        direction: DVec2,
        /// `|v| − r_A − r_B`: the shapes' distance at `t = λ`, to the search's
        /// precision (an upper bound).
        distance: f64,
    },
    /// The end.
    Done {
        /// How the cast ended.
        outcome: ShapeCastOutcome,
    },
}

/// How GJK-raycast ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum ShapeCastOutcome {
    /// Within the target at `t = 0` already (overlapping or touching): a hit at 0.
    InitialOverlap {
        /// `|v| − r_A − r_B` at `t = 0` (0 when `x` is inside `A − B`).
        distance: f64,
    },
    /// The ray reached `A − B` grown by `σ` at `t = λ`.
    Hit {
        /// The time of impact.
        t: f64,
        /// The shapes' distance there, to the cast's tolerance.
        distance: f64,
    },
    /// A line separates the ray's point and the ray runs parallel to it or away
    /// (`v·r ≥ 0`): no hit.
    MovingAway {
        /// `λ` when it was found.
        lambda: f64,
        /// The line's normal.
        normal: DVec2,
    },
    /// The ray crosses the last line after its end (`λ > 1`): no hit in the step.
    BeyondEnd {
        /// Where it would cross.
        lambda: f64,
    },
    /// A and B move alike (`r = 0`) and are apart: no hit.
    NoRelativeMotion,
    /// A shape turns: the ray of a translation does not describe its motion (use
    /// `conservative-advancement` or `time-of-impact`).
    Rotating {
        /// A's turn over the step.
        angular_a: f64,
        /// B's turn over the step.
        angular_b: f64,
    },
    /// Stopped after [`MAX_ITERATIONS`] support points; `lambda` is a time before
    /// which the shapes stay apart.
    IterationLimit {
        /// Support points computed.
        iterations: usize,
        /// The ray's parameter reached.
        lambda: f64,
    },
}

impl ShapeCastEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            ShapeCastEvent::Start { .. } => line::START,
            ShapeCastEvent::Support { plane_gap, .. } if *plane_gap > 0.0 => line::PLANE,
            ShapeCastEvent::Support { .. } => line::SUPPORT,
            ShapeCastEvent::Advance { .. } => line::ADVANCE,
            ShapeCastEvent::Added { .. } => line::ADD,
            ShapeCastEvent::Region { .. } => line::REGION,
            ShapeCastEvent::Done { outcome } => match outcome {
                ShapeCastOutcome::InitialOverlap { .. } | ShapeCastOutcome::Hit { .. } => line::HIT,
                ShapeCastOutcome::MovingAway { .. } | ShapeCastOutcome::NoRelativeMotion => {
                    line::AWAY
                }
                ShapeCastOutcome::BeyondEnd { .. } => line::BEYOND,
                ShapeCastOutcome::Rotating { .. } => line::START,
                ShapeCastOutcome::IterationLimit { .. } => line::LOOP,
            },
        }
    }
}

impl ShapeCastOutcome {
    /// The outcome's name, as it serialises (`reason`).
    pub fn reason(&self) -> &'static str {
        match self {
            ShapeCastOutcome::InitialOverlap { .. } => "initial_overlap",
            ShapeCastOutcome::Hit { .. } => "hit",
            ShapeCastOutcome::MovingAway { .. } => "moving_away",
            ShapeCastOutcome::BeyondEnd { .. } => "beyond_end",
            ShapeCastOutcome::NoRelativeMotion => "no_relative_motion",
            ShapeCastOutcome::Rotating { .. } => "rotating",
            ShapeCastOutcome::IterationLimit { .. } => "iteration_limit",
        }
    }

    /// Whether the cast hit (at `t = 0` or later).
    pub fn hit(&self) -> bool {
        matches!(
            self,
            ShapeCastOutcome::InitialOverlap { .. } | ShapeCastOutcome::Hit { .. }
        )
    }
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    Support,
    Advance { before: f64, approach: f64 },
    Add,
    Solve,
    Finish(ShapeCastOutcome),
    Done,
}

/// GJK-raycast as a step machine.
#[derive(Clone, Debug)]
pub struct ShapeCast<'s> {
    /// `A − B` at `t = 0`, searched in A's frame.
    md: MinkowskiDifference<'s>,
    motion_a: Motion,
    motion_b: Motion,
    /// `r` in A's frame.
    ray: DVec2,
    /// `σ`: radii plus the target.
    sigma: f64,
    /// The hit tolerance `ε` on `|v| − σ`.
    tolerance: f64,
    lambda: f64,
    /// `v = x − (the simplex's point nearest x)`, in A's frame.
    v: DVec2,
    /// The search direction `d` (A's frame): `v`'s direction, see [`Self::solve`].
    d: DVec2,
    /// The last line's normal (A's frame).
    normal: Option<DVec2>,
    /// Points of `A − B`, unshifted, in A's frame.
    simplex: Simplex<LocalSupport>,
    /// The barycentric weights of the point nearest `x`.
    weights: [f64; 3],
    pending: LocalSupport,
    iterations: usize,
    phase: Phase,
    outcome: Option<ShapeCastOutcome>,
    /// The cores' support functions, borrowed from the shapes (see [`Core`]).
    core_a: Core<'s>,
    core_b: Core<'s>,
    /// `R_Aᵀ·R_B` and `R_Aᵀ·(x_B − x_A)`: B's rotation and position in A's frame, as
    /// [`MinkowskiDifference`] computes them.
    rotation_ba: DVec2,
    offset_in_a: DVec2,
}

/// A shape's core as the cast's support loop scans it, borrowed from the shape: the
/// same answers as [`Geometry::core_support`] (the first vertex with the largest
/// `v·d`), without its dispatch on every call.
#[derive(Clone, Copy, Debug)]
enum Core<'s> {
    /// A circle's centre (no vertex).
    Point,
    /// A convex polygon's vertices, or a rounded polygon's core's.
    Vertices(&'s [DVec2]),
    /// A capsule's two ends.
    Segment([DVec2; 2]),
    /// Anything else: the geometry's own core support.
    Other(&'s Geometry),
}

impl<'s> Core<'s> {
    fn of(geometry: &'s Geometry) -> Self {
        match geometry {
            Geometry::Circle(_) => Core::Point,
            Geometry::Polygon(p) => Core::Vertices(p.vertices()),
            Geometry::Rounded(r) => Core::Vertices(r.core().vertices()),
            Geometry::Capsule(c) => Core::Segment([c.a(), c.b()]),
            _ => Core::Other(geometry),
        }
    }

    #[inline(always)]
    fn support(&self, d: DVec2) -> SupportVertex {
        match *self {
            Core::Point => SupportVertex {
                point: DVec2::ZERO,
                vertex: None,
            },
            Core::Vertices(vertices) => {
                let best = crate::shapes::first_max(vertices, d);
                SupportVertex {
                    point: vertices[best],
                    vertex: Some(best as u32),
                }
            }
            Core::Segment([a, b]) => {
                let i = usize::from(b.dot(d) > a.dot(d));
                SupportVertex {
                    point: if i == 1 { b } else { a },
                    vertex: Some(i as u32),
                }
            }
            Core::Other(g) => g.core_support(d),
        }
    }
}

impl<'s> ShapeCast<'s> {
    /// The cast of `a` moving by `motion_a` and `b` by `motion_b` (each must only
    /// translate; see [`ShapeCastOutcome::Rotating`]).
    pub fn new(
        a: &'s Shape,
        motion_a: Motion,
        b: &'s Shape,
        motion_b: Motion,
        options: &CastOptions,
    ) -> Self {
        let md = MinkowskiDifference::new(a, b);
        let ray = md.vector_to_local(motion_b.velocity - motion_a.velocity);
        let offset = b.position() - a.position();
        let sigma = md.margin() + options.target();
        // The numbers of A − B along the ray: B's offset, the ray, the shapes, σ.
        let magnitude = offset.length()
            + ray.length()
            + a.bounding_radius()
            + b.bounding_radius()
            + sigma.abs();
        ShapeCast {
            md,
            motion_a,
            motion_b,
            ray,
            sigma,
            tolerance: cast_tolerance(md.tolerance.scale, magnitude),
            lambda: 0.0,
            v: DVec2::ZERO,
            d: DVec2::ZERO,
            normal: None,
            simplex: Simplex::new(),
            weights: [0.0; 3],
            pending: LocalSupport::default(),
            iterations: 0,
            phase: Phase::Start,
            outcome: None,
            core_a: Core::of(a.geometry()),
            core_b: Core::of(b.geometry()),
            rotation_ba: a.unrotate(b.rotate(DVec2::X)),
            offset_in_a: a.unrotate(offset),
        }
    }

    /// The support point of `A − B` along `d` (A's frame): [`MinkowskiDifference`]'s
    /// `support_local`, on the borrowed cores.
    #[inline(always)]
    fn support(&self, d: DVec2) -> LocalSupport {
        let sa = self.core_a.support(d);
        let rb = self.rotation_ba;
        let sb = self.core_b.support(DVec2::new(rb.x, -rb.y).rotate(-d));
        LocalSupport {
            p: sa.point - rb.rotate(sb.point) - self.offset_in_a,
            a: sa.point,
            b: sb.point,
            vertex_a: sa.vertex,
            vertex_b: sb.vertex,
        }
    }

    /// Runs to the end (the fast path).
    #[inline(always)]
    pub fn run(mut self) -> CastResult {
        if matches!(self.phase, Phase::Start) {
            self.run_unwatched();
        } else {
            crate::algorithms::run_to_end(&mut self);
        }
        self.result().expect("a finished cast has a result")
    }

    /// The machine's steps from the start to the end in one loop, no event built:
    /// the same arithmetic, in the same order, as [`StepMachine::advance`] without
    /// watching (`support_step`, `advance_or_miss`, `converged`, the push and
    /// `solve_step`), without going through the phases between them.
    fn run_unwatched(&mut self) {
        let _ = self.start_step(false);
        if let Phase::Finish(outcome) = self.phase {
            self.finish(outcome);
            return;
        }
        loop {
            if self.iterations >= MAX_ITERATIONS {
                self.finish(ShapeCastOutcome::IterationLimit {
                    iterations: self.iterations,
                    lambda: self.lambda,
                });
                return;
            }
            self.iterations += 1;
            let p = self.support(self.d);
            self.pending = p;
            if let Phase::Finish(outcome) = self.test_support(&p) {
                self.finish(outcome);
                return;
            }
            self.simplex.push(p);
            if let Phase::Finish(outcome) = self.solve().0 {
                self.finish(outcome);
                return;
            }
        }
    }

    /// How the cast ended, once it has.
    pub fn outcome(&self) -> Option<ShapeCastOutcome> {
        self.outcome
    }

    /// The ray's parameter `λ` so far (a time before which the shapes stay apart).
    pub fn lambda(&self) -> f64 {
        self.lambda
    }

    /// The current simplex (points of `A − B`, world axes).
    pub fn simplex(&self) -> Simplex {
        self.simplex.map(|s| self.md.to_world(s))
    }

    /// The ray `r = v_B − v_A` (world).
    pub fn ray(&self) -> DVec2 {
        self.md.vector_to_world(self.ray)
    }

    /// `σ`: `A − B` is grown by it.
    pub fn sigma(&self) -> f64 {
        self.sigma
    }

    /// The Minkowski difference searched (at `t = 0`).
    pub fn minkowski(&self) -> &MinkowskiDifference<'s> {
        &self.md
    }

    /// The answer, once the cast has ended.
    pub fn result(&self) -> Option<CastResult> {
        let outcome = self.outcome?;
        if !outcome.hit() {
            return Some(CastResult::miss(self.iterations));
        }
        if let ShapeCastOutcome::InitialOverlap { .. } = outcome {
            // Within the target at the start: the contact as the static query sees it
            // (EPA's normal and deepest point when they overlap).
            let mut sweep = Sweep::between(self.md.a, self.motion_a, self.md.b, self.motion_b);
            let r = sweep.distance_at(0.0);
            let contact = sweep.contact(&r, 0.0);
            return Some(CastResult::hit_at(0.0, contact, self.iterations));
        }
        let normal = self.hit_normal();
        let point = self.witness_on_a(normal);
        Some(CastResult {
            hit: true,
            t: Some(self.lambda),
            normal: normal.map(|n| self.md.vector_to_world(n)),
            point,
            iterations: self.iterations,
        })
    }

    /// The normal at the hit (A's frame): the simplex's edge when it ended on one
    /// (exact, whatever `|v|`); else, with rounded shapes, `v`'s direction (`|v| ≈ σ`:
    /// from A's core to B's, well defined); else the last line's normal. `v` is only
    /// trusted above the hit tolerance: with a radius below it (a rounded box of
    /// radius 1e-30, a fuzz finding) `|v|` may be rounding noise, whose direction
    /// turned the face's normal round, towards A.
    fn hit_normal(&self) -> Option<DVec2> {
        let length = self.v.length();
        let along_v = (self.sigma > 0.0 && length >= 0.5 * self.sigma && length > self.tolerance)
            .then(|| try_normalize(self.v))
            .flatten();
        let towards_b = along_v.or(self.normal).or_else(|| try_normalize(self.v))?;
        if self.simplex.len() == 2 {
            let edge = self.simplex.get(1).p - self.simplex.get(0).p;
            if let Some(n) = try_normalize(perp_ccw(edge)) {
                return Some(if n.dot(towards_b) < 0.0 { -n } else { n });
            }
        }
        Some(towards_b)
    }

    /// A's point nearest B at the hit (world): the weights applied to A's sources,
    /// placed where A is at `t = λ`, moved out by A's radius.
    fn witness_on_a(&self, normal: Option<DVec2>) -> Option<DVec2> {
        if self.simplex.is_empty() {
            return None;
        }
        let (qa, qb) = self.simplex.witness_points(self.weights);
        let (on_a, _) = self.md.points_to_world(qa, qb);
        let out = normal.map_or(DVec2::ZERO, |n| {
            self.md.vector_to_world(n) * self.md.radius_a
        });
        Some(on_a + self.motion_a.velocity * self.lambda + out)
    }

    /// The world poses of A and B at `t`.
    fn poses_at(&self, t: f64) -> (Pose, Pose) {
        (
            self.motion_a.pose_at(self.md.a.pose(), t),
            self.motion_b.pose_at(self.md.b.pose(), t),
        )
    }

    fn start_step(&mut self, watch: bool) -> Option<ShapeCastEvent> {
        let (direction, fallback) = self.md.initial_direction_local();
        self.v = direction;
        self.d = direction;
        self.phase = if self.motion_a.rotates() || self.motion_b.rotates() {
            Phase::Finish(ShapeCastOutcome::Rotating {
                angular_a: self.motion_a.angular,
                angular_b: self.motion_b.angular,
            })
        } else {
            Phase::Support
        };
        watch.then(|| {
            let (pose_a, pose_b) = self.poses_at(0.0);
            ShapeCastEvent::Start {
                ray: self.ray(),
                sigma: self.sigma,
                direction: self.md.vector_to_world(direction),
                fallback,
                pose_a,
                pose_b,
            }
        })
    }

    /// The support point along `d` and the test of its line grown by `σ`.
    fn support_step(&mut self, watch: bool) -> Option<ShapeCastEvent> {
        self.iterations += 1;
        let p = self.support(self.d);
        self.pending = p;
        let (lambda, x) = (self.lambda, self.ray * self.lambda);
        // (d·(x − w) − σ|d|)/|d|: how far x lies beyond the supporting line through p,
        // grown by σ (its sign is the test's).
        let plane_gap = self.scaled_gap(self.d.dot(x - p.p)) / self.d.length();
        self.phase = self.test_support(&p);
        watch.then(|| ShapeCastEvent::Support {
            direction: self.md.vector_to_world(self.d),
            support: self.md.to_world(&p),
            lambda,
            ray_point: self.md.vector_to_world(x),
            plane_gap,
        })
    }

    /// The test of the support point `p`'s line grown by `σ`: `x` beyond it (`λ`
    /// advances, or a miss), GJK converged (a hit), or `p` joins the simplex. The
    /// test is the pseudo-code's `d·(x − w) − σ|d| > 0`: with `σ = 0` the sign of
    /// `d·(x − w)`, no square root at all.
    #[inline(always)]
    fn test_support(&mut self, p: &LocalSupport) -> Phase {
        let x = self.ray * self.lambda;
        // 1/(−d·r) for λ's step, before `p` is needed (see `advance_or_miss`).
        let rate = 1.0 / -self.d.dot(self.ray);
        let gap = self.scaled_gap(self.d.dot(x - p.p));
        if gap > 0.0 {
            self.advance_or_miss(gap, rate)
        } else if self.converged(p, x) {
            Phase::Finish(self.hit_outcome(self.v.length()))
        } else {
            Phase::Add
        }
    }

    /// `d·(x − w) − σ|d|` from `dw = d·(x − w)`: how far `x` lies beyond the support
    /// point's line grown by `σ`, times `|d|` (with `σ = 0`, `dw` itself: no square
    /// root).
    #[inline(always)]
    fn scaled_gap(&self, dw: f64) -> f64 {
        if self.sigma == 0.0 {
            dw
        } else {
            dw - self.sigma * self.d.length()
        }
    }

    /// `x` lies beyond the line, `gap = d·(x − w) − σ|d|` (`|d|` times the
    /// distance): the ray crosses it at `λ' = λ + gap/(−d·r)`, the formula of the
    /// module notes, unless it runs away from it or crosses it after its end. The
    /// quotient is `gap` times `rate = 1/(−d·r)`, which depends on `d` alone and is
    /// divided out while the support point is being scanned for: after the scan, `λ`
    /// waits on a multiplication, not a division. The normal `n = d/|d|` and the
    /// approach `n·r` the events show are computed beside it, the approach as
    /// `(d·r)/|d|`: the very `d·r` of the rate, so that both agree on its sign (`n·r`
    /// rounds differently; when `d` is nearly perpendicular to `r`, `d·r` can cancel
    /// to +0 while `n·r` stays negative, and `λ` would step by −∞).
    fn advance_or_miss(&mut self, gap: f64, rate: f64) -> Phase {
        let length = self.d.length();
        let n = self.d / length;
        let approach = self.d.dot(self.ray) / length;
        if approach >= 0.0 {
            return Phase::Finish(if self.ray == DVec2::ZERO {
                ShapeCastOutcome::NoRelativeMotion
            } else {
                ShapeCastOutcome::MovingAway {
                    lambda: self.lambda,
                    normal: self.md.vector_to_world(n),
                }
            });
        }
        let lambda = self.lambda + gap * rate;
        if lambda > 1.0 || lambda.is_nan() {
            // An approach so slow that the quotient overflows (a subnormal speed, or
            // NaN from ∞/∞) crosses past every end: kept the largest finite number,
            // beyond the end of the step (clamped here, off the path of the steps
            // that go on).
            let lambda = lambda.min(f64::MAX);
            return Phase::Finish(ShapeCastOutcome::BeyondEnd { lambda });
        }
        let before = self.lambda;
        self.lambda = lambda;
        self.normal = Some(n);
        Phase::Advance { before, approach }
    }

    /// Whether `p` brings the simplex no closer to `x` (a repeated vertex pair for
    /// polygons; `|v|² − v·w ≤ 16ε·|v|²` on a curve): GJK has converged, and as `x`
    /// was not beyond `p`'s line, `x` is within `σ` of `A − B`. `v·w` is GJK's on the
    /// points shifted by `−x` (its `v` is our `−v`), `v·(x − p)`, with the solve's
    /// exact `v` (not `d`).
    #[inline(always)]
    fn converged(&self, p: &LocalSupport, x: DVec2) -> bool {
        if self.simplex.is_empty() {
            return false;
        }
        let repeated = self
            .simplex
            .points()
            .any(|q| self.md.same_support(&q, p, self.tolerance * 1e-3));
        let vv = self.v.length_squared();
        let vw = self.v.dot(x - p.p);
        repeated || vv - vw <= self.md.tolerance.relative.max(1e-12) * vv
    }

    /// The hit at the current `λ` (at 0: the shapes were within the target already).
    fn hit_outcome(&self, length: f64) -> ShapeCastOutcome {
        let distance = (length - self.md.margin()).max(0.0);
        if self.lambda == 0.0 {
            ShapeCastOutcome::InitialOverlap { distance }
        } else {
            ShapeCastOutcome::Hit {
                t: self.lambda,
                distance,
            }
        }
    }

    /// The simplex keeps its feature nearest `x`: the Voronoi regions of the points
    /// shifted by `−x` (nearest the origin).
    fn solve_step(&mut self, watch: bool) -> Option<ShapeCastEvent> {
        let before = watch.then_some(self.simplex);
        let (phase, closest) = self.solve();
        self.phase = phase;
        let x = self.ray * self.lambda;
        let length = self.v.length();
        before
            .map(|before| before.dropped_by(closest.region))
            .map(|dropped| ShapeCastEvent::Region {
                region: closest.region,
                dropped: dropped.map(|s| self.md.to_world(s)),
                simplex: self.simplex(),
                closest: self.md.vector_to_world(x + closest.point),
                direction: self.md.vector_to_world(self.v),
                distance: (length - self.md.margin()).max(0.0),
            })
    }

    /// The simplex keeps its feature nearest `x`; a hit when `x` is within `σ + ε` of
    /// it (compared squared: no root unless it ends), else the next support.
    ///
    /// The next direction `d` is `v`'s, taken from the kept feature alone: from a
    /// vertex `w`, `x − w` (`v` itself); from an edge `ab`, the edge's normal on `x`'s
    /// side, `±perp(b − a)` (the 2D triple product `(ab × ax) × ab` up to a positive
    /// factor, as [`Simplex::search_direction`] on the points shifted by `−x`). On an
    /// edge `v` is `x` less its projection on the line, `(d·(x − a)/|d|²)·d`: the
    /// same direction, but `v` waits on a division and `d` does not, so the next
    /// support scan can start while `v`, which the hit test and the events need, is
    /// still being divided out (Box2D's `b2ShapeCast` leaves this as a "todo"). Only
    /// the length differs, and no test depends on `d`'s: the line test and `λ`'s
    /// step are ratios in `d`.
    #[inline(always)]
    fn solve(&mut self) -> (Phase, Closest) {
        let x = self.ray * self.lambda;
        let closest = self.simplex.closest_to(x);
        self.weights = self.simplex.reduce(closest.region, closest.weights);
        self.d = self.simplex.search_direction_to(x);
        self.v = if self.simplex.len() == 2 {
            // x less its projection on the edge's line, (d·(x − a)/|d|²)·d: `d`'s
            // direction to the last bit (a zero component stays zero), so that the
            // picture's `v` finds the very support point `d` finds.
            let a = self.simplex.get(0).p;
            self.d * (self.d.dot(x - a) / self.d.length_squared())
        } else {
            -closest.point
        };
        let reach = self.sigma + self.tolerance;
        let phase =
            if closest.region == Region::Interior || self.v.length_squared() <= reach * reach {
                Phase::Finish(self.hit_outcome(self.v.length()))
            } else {
                Phase::Support
            };
        (phase, closest)
    }

    fn advance_event(&self, before: f64, approach: f64) -> ShapeCastEvent {
        let (pose_a, pose_b) = self.poses_at(self.lambda);
        ShapeCastEvent::Advance {
            normal: self.md.vector_to_world(self.normal.unwrap_or_default()),
            plane_point: self.md.to_world(&self.pending).p,
            lambda_before: before,
            lambda: self.lambda,
            ray_point: self.ray() * self.lambda,
            approach,
            pose_a,
            pose_b,
        }
    }
}

/// GJK-raycast's end.
impl super::CastMachine for ShapeCast<'_> {
    type Outcome = ShapeCastOutcome;
    fn ending(&self) -> Option<ShapeCastOutcome> {
        self.outcome()
    }
    fn reason(&self) -> Option<&'static str> {
        self.outcome().map(|o| o.reason())
    }
    fn answer(&self) -> Option<CastResult> {
        self.result()
    }
    fn at_cap(&self) -> bool {
        matches!(
            self.outcome(),
            Some(ShapeCastOutcome::IterationLimit { .. })
        )
    }
}

impl StepMachine for ShapeCast<'_> {
    type Event = ShapeCastEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<ShapeCastEvent> {
        let event = match self.phase {
            Phase::Start => self.start_step(watch),
            Phase::Support if self.iterations >= MAX_ITERATIONS => {
                self.finish(ShapeCastOutcome::IterationLimit {
                    iterations: self.iterations,
                    lambda: self.lambda,
                })
            }
            Phase::Support => self.support_step(watch),
            Phase::Advance { before, approach } => {
                self.phase = Phase::Add;
                watch.then(|| self.advance_event(before, approach))
            }
            Phase::Add => {
                self.simplex.push(self.pending);
                self.phase = Phase::Solve;
                watch.then(|| ShapeCastEvent::Added {
                    simplex: self.simplex(),
                })
            }
            Phase::Solve => self.solve_step(watch),
            Phase::Finish(outcome) => self.finish(outcome),
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}

impl ShapeCast<'_> {
    fn finish(&mut self, outcome: ShapeCastOutcome) -> Option<ShapeCastEvent> {
        self.outcome = Some(outcome);
        self.phase = Phase::Done;
        Some(ShapeCastEvent::Done { outcome })
    }
}

/// A point, as the shape a ray casts: a circle of radius 0 at `at`.
pub fn point(at: DVec2) -> Shape {
    Shape::new(Geometry::Circle(Circle { radius: 0.0 }), Pose::new(at, 0.0))
}

/// A ray cast against one shape (mouse picking): the point `origin` moving by
/// `translation` over the step, against `shape` standing still — the same machine with
/// a point for B ([`point`]). A hit's normal is the shape's outward normal at the hit
/// point (from the shape towards the ray's start), its point the hit point on the
/// shape.
pub fn ray_cast(
    shape: &Shape,
    origin: DVec2,
    translation: DVec2,
    options: &CastOptions,
) -> CastResult {
    let ray = point(origin);
    ShapeCast::new(
        shape,
        Motion::NONE,
        &ray,
        Motion::translation(translation),
        options,
    )
    .run()
}
