//! The naive ways to check moving shapes: place them at a few times and ask the static
//! question at each — at `t = 0` and `t = 1` only (the *discrete check*), or at `N`
//! evenly spaced samples `t_k = k/(N − 1)` (*sub-stepping*).
//!
//! Both are what a game loop does when it moves its shapes and then checks them, and
//! both fail the same way: a bullet that crosses a wall between two samples is apart
//! from it at both and never hits — it *tunnels*. More samples only move the failure
//! to a faster bullet or a thinner wall (a wall thinner than `|v|/(N − 1)` can always
//! slip between samples). The pseudo-code the app shows is [`PSEUDO_CODE`];
//! [`SampleEvent::line`] says which line each event executes. Each sample is GJK
//! distance on the shapes placed at `t_k` ([`Sweep::distance_at`]).

use super::{CastOptions, CastResult, Contact, Sweep, MAX_SAMPLES};
use crate::algorithms::{Progress, StepMachine};
use crate::motion::Motion;
use crate::shapes::{Pose, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// The sampled check's pseudo-code (the discrete check is `N = 2`).
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`SampleEvent::line`]).
    pub mod line;
    START: "samples t_k = k/(N − 1), k = 0 … N − 1   (N = 2: t = 0, 1)",
    LOOP: "for each sample t_k:",
    PLACE: "    place A and B at t_k: x + t_k·v, θ + t_k·ω",
    CHECK: "    d ← distance(A(t_k), B(t_k))",
    HIT: "    if d ≤ target: return hit at t_k",
    MISS: "return no hit   (what passed between samples is never seen)",
}

/// One visible step of the sampled check.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SampleEvent {
    /// The samples to take.
    Start {
        /// `N`.
        samples: usize,
        /// The target separation.
        target: f64,
        /// The time between two samples, `1/(N − 1)`.
        spacing: f64,
    },
    /// One sample: the shapes placed at `t_k` and the distance between them.
    Sample {
        /// `k`, from 0.
        index: usize,
        /// `t_k`.
        t: f64,
        /// A's pose at `t_k` (world).
        pose_a: Pose,
        /// B's pose at `t_k` (world).
        pose_b: Pose,
        /// Their distance (0 when they touch or overlap).
        distance: f64,
        /// The closest points on A and on B (world), when apart.
        closest_a: Option<DVec2>,
        /// See `closest_a`.
        closest_b: Option<DVec2>,
        /// Whether the distance is within the target: a hit.
        within_target: bool,
    },
    /// The end.
    Done {
        /// How the check ended.
        outcome: SampledOutcome,
    },
}

/// How the sampled check ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SampledOutcome {
    /// Sample `sample` (from 0), at time `t`, found the shapes within the target.
    HitAtSample {
        /// The sample's time.
        t: f64,
        /// Its index.
        sample: usize,
        /// The distance there.
        distance: f64,
    },
    /// No sample found the shapes within the target: no hit *seen* (they may have
    /// passed through each other between two samples).
    NoSampleHit {
        /// Samples taken.
        samples: usize,
    },
}

impl SampleEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            SampleEvent::Start { .. } => line::START,
            SampleEvent::Sample { .. } => line::CHECK,
            SampleEvent::Done { outcome } => match outcome {
                SampledOutcome::HitAtSample { .. } => line::HIT,
                SampledOutcome::NoSampleHit { .. } => line::MISS,
            },
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    /// The next sample to take.
    Sample(usize),
    Finish(SampledOutcome),
    Done,
}

/// The sampled check as a step machine.
#[derive(Clone, Debug)]
pub struct Sampled<'s> {
    sweep: Sweep<'s>,
    samples: usize,
    target: f64,
    phase: Phase,
    /// Samples taken.
    taken: usize,
    /// The contact of the sample that hit.
    contact: Option<Contact>,
    outcome: Option<SampledOutcome>,
}

impl SampledOutcome {
    /// The outcome's name, as it serialises (`reason`).
    pub fn reason(&self) -> &'static str {
        match self {
            SampledOutcome::HitAtSample { .. } => "hit_at_sample",
            SampledOutcome::NoSampleHit { .. } => "no_sample_hit",
        }
    }
}

impl<'s> Sampled<'s> {
    /// Sub-stepping: `options.samples` samples (clamped to `2..=`[`MAX_SAMPLES`]) of
    /// `a` moving by `motion_a` and `b` by `motion_b`.
    pub fn new(
        a: &'s Shape,
        motion_a: Motion,
        b: &'s Shape,
        motion_b: Motion,
        options: &CastOptions,
    ) -> Self {
        Sampled {
            sweep: Sweep::new(a, motion_a, b, motion_b),
            samples: options.samples.clamp(2, MAX_SAMPLES),
            target: options.target(),
            phase: Phase::Start,
            taken: 0,
            contact: None,
            outcome: None,
        }
    }

    /// The discrete check: the two samples `t = 0` and `t = 1`.
    pub fn endpoints(
        a: &'s Shape,
        motion_a: Motion,
        b: &'s Shape,
        motion_b: Motion,
        options: &CastOptions,
    ) -> Self {
        let options = CastOptions {
            samples: 2,
            ..*options
        };
        Sampled::new(a, motion_a, b, motion_b, &options)
    }

    /// Runs to the end (the fast path).
    pub fn run(mut self) -> CastResult {
        crate::algorithms::run_to_end(&mut self);
        self.result().expect("a finished check has a result")
    }

    /// How the check ended, once it has.
    pub fn outcome(&self) -> Option<SampledOutcome> {
        self.outcome
    }

    /// The answer, once the check has ended.
    pub fn result(&self) -> Option<CastResult> {
        Some(match self.outcome? {
            SampledOutcome::HitAtSample { t, .. } => {
                CastResult::hit_at(t, self.contact.unwrap_or_default(), self.taken)
            }
            SampledOutcome::NoSampleHit { .. } => CastResult::miss(self.taken),
        })
    }

    /// The sweep (the shapes' motions, their poses at any time).
    pub fn sweep(&self) -> &Sweep<'s> {
        &self.sweep
    }

    /// `t_k`.
    fn time(&self, k: usize) -> f64 {
        if k + 1 == self.samples {
            1.0
        } else {
            k as f64 / (self.samples - 1) as f64
        }
    }

    fn sample_step(&mut self, k: usize, watch: bool) -> Option<SampleEvent> {
        let t = self.time(k);
        let r = self.sweep.distance_at(t);
        let within = r.distance <= self.target;
        self.taken = k + 1;
        self.phase = if within {
            self.contact = Some(self.sweep.contact(&r, t));
            Phase::Finish(SampledOutcome::HitAtSample {
                t,
                sample: k,
                distance: r.distance,
            })
        } else if k + 1 == self.samples {
            Phase::Finish(SampledOutcome::NoSampleHit {
                samples: self.samples,
            })
        } else {
            Phase::Sample(k + 1)
        };
        watch.then(|| {
            let world = |p: DVec2| self.sweep.to_world(p, t);
            SampleEvent::Sample {
                index: k,
                t,
                pose_a: self.sweep.world_pose_a(t),
                pose_b: self.sweep.world_pose_b(t),
                distance: r.distance,
                closest_a: r.closest.map(|c| world(c.0)),
                closest_b: r.closest.map(|c| world(c.1)),
                within_target: within,
            }
        })
    }
}

/// The sampled check's end: it never stops at a cap (its samples are its cap).
impl super::CastMachine for Sampled<'_> {
    type Outcome = SampledOutcome;
    fn ending(&self) -> Option<SampledOutcome> {
        self.outcome()
    }
    fn reason(&self) -> Option<&'static str> {
        self.outcome().map(|o| o.reason())
    }
    fn answer(&self) -> Option<CastResult> {
        self.result()
    }
    fn at_cap(&self) -> bool {
        false
    }
}

impl StepMachine for Sampled<'_> {
    type Event = SampleEvent;

    fn advance(&mut self, watch: bool) -> Progress<SampleEvent> {
        let event = match self.phase {
            Phase::Start => {
                self.phase = Phase::Sample(0);
                watch.then(|| SampleEvent::Start {
                    samples: self.samples,
                    target: self.target,
                    spacing: 1.0 / (self.samples - 1) as f64,
                })
            }
            Phase::Sample(k) => self.sample_step(k, watch),
            Phase::Finish(outcome) => {
                self.outcome = Some(outcome);
                self.phase = Phase::Done;
                Some(SampleEvent::Done { outcome })
            }
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}
