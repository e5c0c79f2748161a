//! Conservative advancement (Mirtich, *Impulse-based Dynamic Simulation of Rigid Body
//! Systems*, 1996), with rotation: step forward in time by as much as the shapes
//! certainly cannot close the gap in.
//!
//! At time `t` GJK distance ([`Sweep::distance_at`], the static query's own machine)
//! gives the distance `d` and the unit normal `n` from A's closest point to B's. Along
//! `n` the gap between the shapes' shadows is `d`, and it shrinks at most at
//!
//! ```text
//! μ = (v_A − v_B)·n + |ω_A|·R_A + |ω_B|·R_B
//! ```
//!
//! — the relative speed along the normal, plus each shape's spin times the largest
//! distance `R` from its centre of rotation (its local origin) to a point of its core:
//! a point at distance `R` turning at `ω` moves at most `|ω|·R`. The distance is at
//! least the gap along any fixed direction, so after `Δt = (d − s)/μ` it is still at
//! least the target `s`: the step cannot overshoot. Repeat from `t + Δt` until
//! `d ≤ s + ε` (a hit), or `μ ≤ 0` (the gap cannot shrink: no hit), or the step
//! leaves the interval (no hit before `t = 1`).
//!
//! Its weakness is the lesson: when the shapes slide close and nearly parallel, or
//! turn about a point far from where they touch, `μ` is much larger than the real rate
//! and the steps crawl. The cap ([`MAX_ITERATIONS`]) ends the crawl with a named
//! outcome and a time before which the shapes are certainly apart. The pseudo-code the
//! app shows is [`PSEUDO_CODE`]; [`AdvancementEvent::line`] says which line each
//! event executes.

use super::{CastOptions, CastResult, Contact, Sweep};
use crate::algorithms::distance::DistanceResult;
use crate::algorithms::simplex::Simplex;
use crate::algorithms::{Progress, StepMachine};
use crate::motion::Motion;
use crate::shapes::{Pose, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// Conservative advancement's pseudo-code, as the app shows it beside the steps.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`AdvancementEvent::line`]).
    pub mod line;
    START: "t ← 0;  R_A, R_B ← largest reach from each centre of rotation",
    LOOP: "loop",
    DISTANCE: "    d, n ← distance(A(t), B(t))   (GJK distance)",
    HIT: "    if d ≤ s + ε: return hit at t",
    BOUND: "    μ ← (v_A − v_B)·n + |ω_A|·R_A + |ω_B|·R_B",
    APART: "    if μ ≤ 0: return miss   (the gap cannot shrink)",
    STEP: "    Δt ← (d − s)/μ;   if t + Δt > 1: return miss",
    ADVANCE: "    t ← t + Δt",
}

/// Most distance evaluations (advancement steps) before the crawl is stopped
/// ([`AdvancementOutcome::IterationLimit`]).
pub const MAX_ITERATIONS: usize = 500;

/// One visible step of conservative advancement.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum AdvancementEvent {
    /// What the bound is made of.
    Start {
        /// The target separation `s`.
        target: f64,
        /// `R_A`: the largest distance from A's centre of rotation to a point of its
        /// core.
        reach_a: f64,
        /// `R_B`.
        reach_b: f64,
        /// `v_A − v_B` (world).
        closing_velocity: DVec2,
        /// A's turn over the step.
        angular_a: f64,
        /// B's turn over the step.
        angular_b: f64,
    },
    /// GJK distance at `t`.
    Distance {
        /// The time.
        t: f64,
        /// A's pose at `t` (world).
        pose_a: Pose,
        /// B's pose at `t` (world).
        pose_b: Pose,
        /// The distance `d` (0 when touching or overlapping).
        distance: f64,
        /// The closest points on A and on B (world), when apart.
        closest_a: Option<DVec2>,
        /// See `closest_a`.
        closest_b: Option<DVec2>,
        /// The unit normal `n` from A towards B.
        normal: Option<DVec2>,
        /// GJK distance's final simplex (points of `A − B` at `t`, world axes).
        simplex: Simplex,
        /// The support points GJK distance computed.
        gjk_iterations: usize,
    },
    /// The bound on how fast the distance can shrink.
    Bound {
        /// The time.
        t: f64,
        /// `n`.
        normal: DVec2,
        /// `(v_A − v_B)·n`: the relative speed along the normal.
        linear: f64,
        /// `|ω_A|·R_A + |ω_B|·R_B`: what the turns can add.
        angular: f64,
        /// `μ`, their sum.
        bound: f64,
    },
    /// The safe step and the new poses (ghosts).
    Advance {
        /// `t` before.
        t_before: f64,
        /// `Δt = (d − s)/μ`.
        step: f64,
        /// `t` after.
        t: f64,
        /// A's pose at the new `t` (world).
        pose_a: Pose,
        /// B's pose at the new `t` (world).
        pose_b: Pose,
    },
    /// The end.
    Done {
        /// How the advancement ended.
        outcome: AdvancementOutcome,
    },
}

/// How conservative advancement ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum AdvancementOutcome {
    /// Within the target at `t = 0` already: a hit at 0.
    InitialOverlap {
        /// The distance at `t = 0`.
        distance: f64,
    },
    /// The distance came within `ε` of the target at `t`.
    Hit {
        /// The time of impact.
        t: f64,
        /// The distance there.
        distance: f64,
        /// Distance evaluations, the last one the hit's (one more than the safe
        /// steps taken).
        steps: usize,
    },
    /// The bound `μ` is not positive: along `n` the gap cannot shrink, so the shapes
    /// stay apart.
    Separating {
        /// The time it was found.
        t: f64,
        /// `μ`.
        bound: f64,
    },
    /// The next safe step leaves the interval: apart until `t = 1`.
    BeyondEnd {
        /// The time it was found.
        t: f64,
        /// The step that would pass 1.
        step: f64,
    },
    /// Stopped after [`MAX_ITERATIONS`] distance evaluations (a crawl: shapes sliding
    /// close, or a fast turn); the shapes are apart at least until `t`.
    IterationLimit {
        /// Distance evaluations.
        iterations: usize,
        /// The time reached (conservative).
        t: f64,
        /// The distance there.
        distance: f64,
    },
}

impl AdvancementEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            AdvancementEvent::Start { .. } => line::START,
            AdvancementEvent::Distance { .. } => line::DISTANCE,
            AdvancementEvent::Bound { .. } => line::BOUND,
            AdvancementEvent::Advance { .. } => line::ADVANCE,
            AdvancementEvent::Done { outcome } => match outcome {
                AdvancementOutcome::InitialOverlap { .. } | AdvancementOutcome::Hit { .. } => {
                    line::HIT
                }
                AdvancementOutcome::Separating { .. } => line::APART,
                AdvancementOutcome::BeyondEnd { .. } => line::STEP,
                AdvancementOutcome::IterationLimit { .. } => line::LOOP,
            },
        }
    }
}

impl AdvancementOutcome {
    /// The outcome's name, as it serialises (`reason`).
    pub fn reason(&self) -> &'static str {
        match self {
            AdvancementOutcome::InitialOverlap { .. } => "initial_overlap",
            AdvancementOutcome::Hit { .. } => "hit",
            AdvancementOutcome::Separating { .. } => "separating",
            AdvancementOutcome::BeyondEnd { .. } => "beyond_end",
            AdvancementOutcome::IterationLimit { .. } => "iteration_limit",
        }
    }

    /// Whether it hit (at `t = 0` or later).
    pub fn hit(&self) -> bool {
        matches!(
            self,
            AdvancementOutcome::InitialOverlap { .. } | AdvancementOutcome::Hit { .. }
        )
    }
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    Distance,
    Bound,
    /// The safe step to take.
    Advance(f64),
    Finish(AdvancementOutcome),
    Done,
}

/// Conservative advancement as a step machine.
#[derive(Clone, Debug)]
pub struct Advancement<'s> {
    sweep: Sweep<'s>,
    target: f64,
    tolerance: f64,
    t: f64,
    /// The last distance (at `t`) and the contact it describes.
    distance: f64,
    contact: Contact,
    iterations: usize,
    phase: Phase,
    outcome: Option<AdvancementOutcome>,
}

impl<'s> Advancement<'s> {
    /// Conservative advancement of `a` moving by `motion_a` and `b` by `motion_b`.
    pub fn new(
        a: &'s Shape,
        motion_a: Motion,
        b: &'s Shape,
        motion_b: Motion,
        options: &CastOptions,
    ) -> Self {
        let sweep = Sweep::new(a, motion_a, b, motion_b);
        Advancement {
            tolerance: sweep.tolerance_for(options.target()),
            sweep,
            target: options.target(),
            t: 0.0,
            distance: f64::INFINITY,
            contact: Contact::default(),
            iterations: 0,
            phase: Phase::Start,
            outcome: None,
        }
    }

    /// The same machine started at `t` instead of 0, for shapes known to be apart
    /// before `t` (where the time of impact stopped undecided: its `t1`); a `t`
    /// outside `[0, 1]` (or NaN) keeps 0. Call it before the first step.
    pub fn starting_at(mut self, t: f64) -> Self {
        if (0.0..=1.0).contains(&t) {
            self.t = t;
        }
        self
    }

    /// Runs to the end (the fast path).
    pub fn run(mut self) -> CastResult {
        crate::algorithms::run_to_end(&mut self);
        self.result().expect("a finished advancement has a result")
    }

    /// How it ended, once it has.
    pub fn outcome(&self) -> Option<AdvancementOutcome> {
        self.outcome
    }

    /// The time reached so far (the shapes are apart before it).
    pub fn time(&self) -> f64 {
        self.t
    }

    /// The sweep (the shapes' motions, their poses at any time).
    pub fn sweep(&self) -> &Sweep<'s> {
        &self.sweep
    }

    /// The answer, once it has ended.
    pub fn result(&self) -> Option<CastResult> {
        Some(if self.outcome?.hit() {
            CastResult::hit_at(self.t, self.contact, self.iterations)
        } else {
            CastResult::miss(self.iterations)
        })
    }

    fn start_step(&mut self, watch: bool) -> Option<AdvancementEvent> {
        self.phase = Phase::Distance;
        watch.then(|| AdvancementEvent::Start {
            target: self.target,
            reach_a: self.sweep.reach_a(),
            reach_b: self.sweep.reach_b(),
            closing_velocity: -self.sweep.relative_velocity(),
            angular_a: self.sweep.motion_a().angular,
            angular_b: self.sweep.motion_b().angular,
        })
    }

    /// GJK distance at `t`; a hit when it is within `ε` of the target.
    fn distance_step(&mut self, watch: bool) -> Option<AdvancementEvent> {
        if self.iterations >= MAX_ITERATIONS {
            return self.finish(AdvancementOutcome::IterationLimit {
                iterations: self.iterations,
                t: self.t,
                distance: self.distance,
            });
        }
        self.iterations += 1;
        let t = self.t;
        let r = self.sweep.distance_at(t);
        self.distance = r.distance;
        self.contact = self.sweep.contact(&r, t);
        self.phase = if r.distance <= self.target + self.tolerance {
            Phase::Finish(if t == 0.0 {
                AdvancementOutcome::InitialOverlap {
                    distance: r.distance,
                }
            } else {
                AdvancementOutcome::Hit {
                    t,
                    distance: r.distance,
                    steps: self.iterations,
                }
            })
        } else {
            Phase::Bound
        };
        watch.then(|| self.distance_event(&r))
    }

    fn distance_event(&self, r: &DistanceResult) -> AdvancementEvent {
        let t = self.t;
        let world = |p: DVec2| self.sweep.to_world(p, t);
        AdvancementEvent::Distance {
            t,
            pose_a: self.sweep.world_pose_a(t),
            pose_b: self.sweep.world_pose_b(t),
            distance: r.distance,
            closest_a: r.closest.map(|c| world(c.0)),
            closest_b: r.closest.map(|c| world(c.1)),
            normal: self.contact.normal,
            simplex: r.simplex,
            gjk_iterations: r.iterations,
        }
    }

    /// The bound `μ` on the distance's rate of decrease along `n`, and the safe step
    /// `(d − s)/μ`.
    fn bound_step(&mut self, watch: bool) -> Option<AdvancementEvent> {
        let n = self.contact.normal.unwrap_or_default();
        // (v_A − v_B)·n: A moving along n and B against it close the gap.
        let linear = -self.sweep.relative_velocity().dot(n);
        let spin = |m: Motion, reach: f64| m.angular.abs() * reach;
        let angular = spin(self.sweep.motion_a(), self.sweep.reach_a())
            + spin(self.sweep.motion_b(), self.sweep.reach_b());
        let bound = linear + angular;
        // A bound so small that the quotient overflows (a subnormal speed) is a step
        // past every end: kept the largest finite number, beyond the end of the step.
        let step = ((self.distance - self.target) / bound).min(f64::MAX);
        // A bound that is no number (an infinite turn) stops too.
        self.phase = if bound.is_nan() || bound <= 0.0 {
            Phase::Finish(AdvancementOutcome::Separating { t: self.t, bound })
        } else if self.t + step > 1.0 {
            Phase::Finish(AdvancementOutcome::BeyondEnd { t: self.t, step })
        } else {
            Phase::Advance(step)
        };
        watch.then(|| AdvancementEvent::Bound {
            t: self.t,
            normal: n,
            linear,
            angular,
            bound,
        })
    }

    /// `t ← t + Δt`: the shapes' new poses.
    fn advance_step(&mut self, step: f64, watch: bool) -> Option<AdvancementEvent> {
        let t_before = self.t;
        self.t = t_before + step;
        self.phase = Phase::Distance;
        watch.then(|| AdvancementEvent::Advance {
            t_before,
            step,
            t: self.t,
            pose_a: self.sweep.world_pose_a(self.t),
            pose_b: self.sweep.world_pose_b(self.t),
        })
    }

    fn finish(&mut self, outcome: AdvancementOutcome) -> Option<AdvancementEvent> {
        self.outcome = Some(outcome);
        self.phase = Phase::Done;
        Some(AdvancementEvent::Done { outcome })
    }
}

/// Conservative advancement's end.
impl super::CastMachine for Advancement<'_> {
    type Outcome = AdvancementOutcome;
    fn ending(&self) -> Option<AdvancementOutcome> {
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
            Some(AdvancementOutcome::IterationLimit { .. })
        )
    }
}

impl StepMachine for Advancement<'_> {
    type Event = AdvancementEvent;

    fn advance(&mut self, watch: bool) -> Progress<AdvancementEvent> {
        let event = match self.phase {
            Phase::Start => self.start_step(watch),
            Phase::Distance => self.distance_step(watch),
            Phase::Bound => self.bound_step(watch),
            Phase::Advance(step) => self.advance_step(step, watch),
            Phase::Finish(outcome) => self.finish(outcome),
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}
