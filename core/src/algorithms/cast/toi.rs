//! Time of impact by separating axes and root finding: Box2D's `b2TimeOfImpact`
//! (Catto, *Continuous Collision*, GDC 2013), the local separating axis method.
//!
//! Where [conservative advancement](super::advancement) crawls with a bound, this
//! follows the real separation along an axis:
//!
//! 1. GJK distance at `t1` ([`Sweep::distance_from`]), started from the simplex the
//!    last one ended on, its points moved with the shapes (Box2D's simplex cache: the
//!    closest features rarely change much from one `t1` to the next, and a repeated
//!    support point ends the search); within `s + ε` of the target `s`: a hit at
//!    `t1`. Its final simplex names the closest features, which fix a
//!    [`SeparationFunction`]: the axis between two points, or a face's normal.
//! 2. With `t2 = 1`, find the *deepest points* along the axis at `t2`. If even they
//!    are apart by more than `s + ε` at the end, the axis separates the shapes for the
//!    whole step: no hit. If they are at least `s` apart, the axis holds until `t2`:
//!    advance `t1 ← t2` and go back to 1 with new closest features.
//! 3. Otherwise follow that pair of points: their separation is above `s` at `t1` and
//!    below it at `t2`, so a root lies between. Find it aiming at `s + ε/2` — probing
//!    near where the cubic matching the pair's separation and its slope at both ends
//!    of the bracket crosses the aim (one Newton step on that cubic from the secant's
//!    point), bisection when the probes keep moving the same end (Box2D alternates
//!    bisection and the secant rule: bisection guarantees progress; the secant's
//!    line cuts across a turning pair's curved separation, where the cubic follows
//!    it) — and make it the new `t2`; then
//!    *push back*: find the deepest points at the new `t2` (another pair may now be
//!    deeper) and repeat step 2 and 3 until the deepest pair is the one whose root
//!    was found.
//!
//! Each step of the outer loop moves `t1` to where the axis stops protecting the
//! shapes; a few axes usually reach the time of impact where conservative
//! advancement takes dozens of steps — the contrast is the lesson. Every loop has its
//! cap (Box2D's: 20 distance evaluations, 50 root iterations; the push-back here
//! [`MAX_PUSH_BACK`], each a named outcome). The target `s` (Box2D's *linear slop*,
//! there 0.005 m) keeps the shapes from ending exactly touching, where the closest
//! features are no longer defined; here it is any `s ≥ 0` and the hit lands within
//! `[s, s + ε]`, `ε` a fraction of the pair's size, or a few units in the last place
//! of the sweep's numbers when those are larger ([`Sweep::tolerance_for`]).
//!
//! One departure from Box2D: it skips `[t1, t2]` (the axis "holds", or at `t2 = 1`
//! "separated") when the deepest points are apart at `t2`. For a translation that is
//! sound — each pair's separation along the axis is linear in `t`, their minimum
//! concave, so it cannot dip between two times where it is above the target — but
//! with a turn the shapes can come within the target and part again in between (one
//! shape turning through the other), and the first touch was missed (15 of the 1,024
//! turning 8-gon pairs of the `cast_interleaved` benchmark). Here a skip also needs
//! the separation's curvature bound ([`SeparationFunction::curvature_bound`], then,
//! where it fails, each pair of points by its own:
//! [`SeparationFunction::pointwise_low`]) to rule a dip out on `[t1, t2]`; otherwise
//! `t2` is halved and the deepest points looked
//! at again (a `Deepest` event that does not hold). Without a turn the bound is 0 and
//! the skip is Box2D's. The pseudo-code the app shows is [`PSEUDO_CODE`];
//! [`ToiEvent::line`] says which line each event executes.

use super::separation::{lowest_between, SeparationFunction, SeparationKind, Witness};
use super::{CastOptions, CastResult, Contact, Sweep};
use crate::algorithms::distance::{DistanceResult, SimplexCache};
use crate::algorithms::simplex::Simplex;
use crate::algorithms::{Progress, StepMachine};
use crate::motion::Motion;
use crate::shapes::{Pose, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// The time of impact's pseudo-code, as the app shows it beside the steps.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`ToiEvent::line`]).
    pub mod line;
    START: "t1 ← 0   (target s, tolerance ε)",
    LOOP: "loop",
    DISTANCE: "    d ← distance(A(t1), B(t1))   (GJK distance)",
    HIT: "    if d ≤ s + ε: return hit at t1",
    FUNCTION: "    f ← separation along the closest features (points, or a face)",
    PUSH: "    t2 ← 1;  loop   (push back)",
    DEEPEST: "        s2, (i, j) ← deepest points along f at t2   (t2 ← (t1 + t2)/2 if a turn may dip)",
    SEPARATED: "        if t2 = 1 and s2 > s + ε and no dip: return miss",
    HOLDS: "        if s2 ≥ s and no dip: t1 ← t2, break   (the axis holds until t2)",
    BRACKET: "        s1 ← f_ij(t1);  if s1 ≤ s + ε: return hit at t1 if s1 ≥ s and d ≤ s + 2ε, else failed",
    ROOT: "        t2 ← root of f_ij(t) = s + ε/2 in [t1, t2]   (cubic through f, f' at the ends; bisection)",
}

/// Most distance evaluations (Box2D's `k_maxIterations`, 20).
pub const MAX_ITERATIONS: usize = 20;

/// Most root-finding iterations on one bracket (Box2D's 50).
pub const MAX_ROOT_ITERATIONS: usize = 50;

/// Most push-backs on one axis (Box2D's is its polygons' vertex limit, 8).
pub const MAX_PUSH_BACK: usize = 32;

/// Most halvings of `t2` on one push-back while a turn might dip the separation
/// below the target between `t1` and `t2` (after as many, `t2 − t1` is below the
/// rounding of `t1`).
const MAX_PULLS: usize = 64;

/// Which rule proposed a root-finding probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RootRule {
    /// The middle of the bracket.
    Bisection,
    /// Where the line through the bracket's ends crosses the aim (when the cubic's
    /// Newton step leaves the bracket, or is no number).
    Secant,
    /// Near where the cubic through the bracket's ends, matching the pair's
    /// separation and its slope at both (Hermite's), crosses the aim: one Newton step
    /// on the cubic from the secant's point.
    Cubic,
}

/// One visible step of the time of impact. Points and axes are world; poses world.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum ToiEvent {
    /// The target and the tolerance.
    Start {
        /// `s`.
        target: f64,
        /// `ε`.
        tolerance: f64,
    },
    /// GJK distance at `t1`.
    Distance {
        /// `t1`.
        t1: f64,
        /// A's pose at `t1`.
        pose_a: Pose,
        /// B's pose at `t1`.
        pose_b: Pose,
        /// The distance.
        distance: f64,
        /// The closest points on A and on B, when apart.
        closest_a: Option<DVec2>,
        /// See `closest_a`.
        closest_b: Option<DVec2>,
        /// GJK distance's final simplex: its points' vertices name the closest
        /// features (points of `A − B` at `t1`, world axes).
        simplex: Simplex,
    },
    /// The separation function the closest features fix.
    Function {
        /// `t1`.
        t1: f64,
        /// Points, face of A or face of B.
        feature: SeparationKind,
        /// The face's two vertices (faces only).
        face: Option<[u32; 2]>,
        /// The axis at `t1` (unit): the face's outward normal for a face (from B
        /// towards A for a face of B), from A towards B for points.
        axis: DVec2,
        /// A point of the axis's line at `t1`: the face's midpoint, or A's closest
        /// point.
        point: DVec2,
    },
    /// The deepest points along the axis at `t2`.
    Deepest {
        /// `t2`.
        t2: f64,
        /// A's pose at `t2`.
        pose_a: Pose,
        /// B's pose at `t2`.
        pose_b: Pose,
        /// The axis at `t2`.
        axis: DVec2,
        /// A's deepest point (the face's midpoint for a face of A).
        point_a: DVec2,
        /// B's deepest point (the face's midpoint for a face of B).
        point_b: DVec2,
        /// Their polygon vertices, when they are vertices.
        vertex_a: Option<u32>,
        /// See `vertex_a`.
        vertex_b: Option<u32>,
        /// `s2`: their separation along the axis.
        separation: f64,
        /// Whether the axis holds until `t2` (`s2 ≥ s`): `t1` advances to `t2`.
        holds: bool,
        /// Whether it holds to the end with room to spare (`t2 = 1`, `s2 > s + ε`): the
        /// cast ends with no hit ([`ToiOutcome::Separated`]) instead of looking at
        /// `t1 = 1`.
        separated: bool,
    },
    /// The pair's separation at both ends: a root lies between.
    Bracket {
        /// `t1`.
        t1: f64,
        /// `t2`.
        t2: f64,
        /// `f_ij(t1)` (above the aim).
        s1: f64,
        /// `f_ij(t2)` (below it).
        s2: f64,
        /// The separation's slopes there, `f_ij'(t1)` and `f_ij'(t2)` (per unit of
        /// time): with `s1` and `s2`, what the root finder's cubic matches.
        slopes: [f64; 2],
        /// What the root finder aims at: `s + ε/2`.
        aim: f64,
    },
    /// One probe of the root finder.
    Root {
        /// The probe's number on this bracket, from 1.
        iteration: usize,
        /// Which rule chose it.
        rule: RootRule,
        /// The time probed.
        t: f64,
        /// The pair's separation there.
        separation: f64,
        /// The bracket after the probe.
        bracket: [f64; 2],
        /// Whether the separation is within `ε/2` of the aim: the root (the new `t2`).
        found: bool,
    },
    /// The end.
    Done {
        /// How the time of impact ended.
        outcome: ToiOutcome,
    },
}

/// How the time of impact ended (Box2D's `b2TOIState`, named).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum ToiOutcome {
    /// Within the target at `t = 0` already: a hit at 0.
    InitialOverlap {
        /// The distance at `t = 0`.
        distance: f64,
    },
    /// The distance came within `[s, s + ε]` (Box2D's `hit`).
    Hit {
        /// The time of impact.
        t: f64,
        /// The distance there.
        distance: f64,
        /// Distance evaluations.
        iterations: usize,
    },
    /// An axis keeps the shapes more than `s + ε` apart at `t = 1` (Box2D's
    /// `separated`): no hit.
    Separated {
        /// The deepest points' separation at `t = 1`.
        separation: f64,
    },
    /// A pair's separation at `t1` is already below the target (Box2D's `failed`: the
    /// root finder lost its bracket), or within it while GJK distance finds the shapes
    /// farther apart (the axis does not describe them); the shapes are apart until `t`.
    RootFinderFailed {
        /// `t1`.
        t: f64,
        /// The pair's separation there.
        separation: f64,
    },
    /// One axis needed more than [`MAX_PUSH_BACK`] push-backs; apart until `t`.
    PushBackLimit {
        /// `t1`.
        t: f64,
    },
    /// [`MAX_ITERATIONS`] distance evaluations without reaching the target (Box2D's
    /// "semi-victory"); apart until `t`.
    IterationLimit {
        /// Distance evaluations.
        iterations: usize,
        /// `t1`.
        t: f64,
        /// The distance there.
        distance: f64,
    },
}

impl ToiEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            ToiEvent::Start { .. } => line::START,
            ToiEvent::Distance { .. } => line::DISTANCE,
            ToiEvent::Function { .. } => line::FUNCTION,
            ToiEvent::Deepest {
                separated: true, ..
            } => line::SEPARATED,
            ToiEvent::Deepest { holds: true, .. } => line::HOLDS,
            ToiEvent::Deepest { .. } => line::DEEPEST,
            ToiEvent::Bracket { .. } => line::BRACKET,
            ToiEvent::Root { .. } => line::ROOT,
            ToiEvent::Done { outcome } => match outcome {
                ToiOutcome::InitialOverlap { .. } | ToiOutcome::Hit { .. } => line::HIT,
                ToiOutcome::Separated { .. } => line::SEPARATED,
                ToiOutcome::RootFinderFailed { .. } => line::BRACKET,
                ToiOutcome::PushBackLimit { .. } => line::PUSH,
                ToiOutcome::IterationLimit { .. } => line::LOOP,
            },
        }
    }
}

impl ToiOutcome {
    /// The outcome's name, as it serialises (`reason`).
    pub fn reason(&self) -> &'static str {
        match self {
            ToiOutcome::InitialOverlap { .. } => "initial_overlap",
            ToiOutcome::Hit { .. } => "hit",
            ToiOutcome::Separated { .. } => "separated",
            ToiOutcome::RootFinderFailed { .. } => "root_finder_failed",
            ToiOutcome::PushBackLimit { .. } => "push_back_limit",
            ToiOutcome::IterationLimit { .. } => "iteration_limit",
        }
    }

    /// Whether it hit (at `t = 0` or later).
    pub fn hit(&self) -> bool {
        matches!(
            self,
            ToiOutcome::InitialOverlap { .. } | ToiOutcome::Hit { .. }
        )
    }
}

/// The root finder's state on one bracket (`repr(C)`: its fields in the order
/// written, which the store forwarding below relies on).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Bracket {
    witness: Witness,
    /// `[a1, a2]` with `f(a1) = s1 > aim > s2 = f(a2)`, and the slopes there,
    /// `f'(a1) = r1`, `f'(a2) = r2`. Each end's numbers side by side: a probe moves
    /// one end, written number by number, and the next reads them; laid out
    /// `a1, a2, s1, …` the compiler read `a2` and `s1` in one 16-byte load over two
    /// separate 8-byte writes, which the processor cannot forward from its store
    /// buffer (a stall at every probe: 5–6% of a turning time of impact).
    a1: f64,
    s1: f64,
    r1: f64,
    a2: f64,
    s2: f64,
    r2: f64,
    iteration: usize,
    /// The end the last two probes moved (`true`: `a1`), the latest first.
    moved: [Option<bool>; 2],
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    Distance,
    Function,
    /// Deepest points at `t2`; the push-backs so far; the times `t2` was halved
    /// because a turn might dip the separation below the target before it.
    Deepest {
        t2: f64,
        push_backs: usize,
        pulls: usize,
    },
    /// The pair's separation and slope at `t1` (and its slope at `t2`), the deepest
    /// points at `t2` waiting in [`TimeOfImpact::bracket`]: a hit at `t1`, a lost
    /// bracket, or a root to find.
    Bracket {
        push_backs: usize,
    },
    /// A probe of the root finder on [`TimeOfImpact::bracket`] (kept in the machine,
    /// not in the phase: a probe changes it in place instead of copying it out of the
    /// phase and back).
    Root {
        push_backs: usize,
    },
    Finish(ToiOutcome),
    Done,
}

/// Box2D's time of impact as a step machine.
#[derive(Clone, Debug)]
pub struct TimeOfImpact<'s> {
    sweep: Sweep<'s>,
    /// `s`, and `s` plus the radii (the target on the cores).
    target: f64,
    core_target: f64,
    tolerance: f64,
    t1: f64,
    function: Option<SeparationFunction>,
    /// The separation along `function` at `t1` (its deepest points'), once needed.
    s1: Option<f64>,
    /// Where the last distance evaluation ended: the next starts there (Box2D's
    /// simplex cache).
    cache: Option<SimplexCache>,
    /// The last distance evaluation, and the contact of the last one near enough to
    /// end in a hit (or watched).
    distance: f64,
    contact: Contact,
    iterations: usize,
    root_iterations: usize,
    /// The root finder's bracket while it is at one ([`Phase::Root`]); before that,
    /// in [`Phase::Bracket`], the deepest pair and its separation at `t2`.
    bracket: Bracket,
    phase: Phase,
    outcome: Option<ToiOutcome>,
}

impl<'s> TimeOfImpact<'s> {
    /// The time of impact of `a` moving by `motion_a` and `b` by `motion_b`.
    /// (Inlined, so that the machine is built where its caller keeps it.)
    #[inline(always)]
    pub fn new(
        a: &'s Shape,
        motion_a: Motion,
        b: &'s Shape,
        motion_b: Motion,
        options: &CastOptions,
    ) -> Self {
        let sweep = Sweep::new(a, motion_a, b, motion_b);
        let target = options.target();
        TimeOfImpact {
            core_target: target + sweep.margin(),
            tolerance: sweep.tolerance_for(target),
            sweep,
            target,
            t1: 0.0,
            function: None,
            s1: None,
            cache: None,
            distance: f64::INFINITY,
            contact: Contact::default(),
            iterations: 0,
            root_iterations: 0,
            bracket: Bracket::default(),
            phase: Phase::Start,
            outcome: None,
        }
    }

    /// The same machine with the tolerance `ε` on the distance set to `tolerance`
    /// (world units) instead of [`RELATIVE_TOLERANCE`](super::RELATIVE_TOLERANCE) of
    /// the pair's size: a hit then ends within `[s, s + ε]` and the root finder aims at
    /// `s + ε/2`. Box2D's `b2TimeOfImpact` works with `ε = 0.25·linear slop`
    /// (0.00125 m), far looser than gjk-lab's own, and takes fewer root-finder probes:
    /// this compares like with like. A tolerance that is not a finite number above 0
    /// keeps gjk-lab's own. Call it before the first step. (Inlined, as `new` and
    /// `run` are, so that the machine is not moved through a call on its way.)
    #[inline(always)]
    pub fn with_tolerance(mut self, tolerance: f64) -> Self {
        if tolerance.is_finite() && tolerance > 0.0 {
            self.tolerance = tolerance;
        }
        self
    }

    /// Runs to the end (the fast path). Inlined, so that the machine runs where its
    /// caller built it instead of being copied into a call.
    #[inline(always)]
    pub fn run(mut self) -> CastResult {
        crate::algorithms::run_to_end(&mut self);
        self.result()
            .expect("a finished time of impact has a result")
    }

    /// How it ended, once it has.
    pub fn outcome(&self) -> Option<ToiOutcome> {
        self.outcome
    }

    /// `t1` so far (the shapes are apart before it).
    pub fn time(&self) -> f64 {
        self.t1
    }

    /// The root-finding iterations so far, over every bracket.
    pub fn root_iterations(&self) -> usize {
        self.root_iterations
    }

    /// The sweep (the shapes' motions, their poses at any time).
    pub fn sweep(&self) -> &Sweep<'s> {
        &self.sweep
    }

    /// The separation function followed now, if one is.
    pub fn function(&self) -> Option<SeparationFunction> {
        self.function
    }

    /// The answer, once it has ended. A hit's normal is the last face's normal at `t`
    /// when a face was followed (exact even when the shapes are 1e-12 apart; turned to
    /// point from A towards B for a face of B), else the
    /// closest features' normal at `t` (the points' axis is fixed where it was
    /// found, at an earlier time).
    pub fn result(&self) -> Option<CastResult> {
        if !self.outcome?.hit() {
            return Some(CastResult::miss(self.iterations));
        }
        let mut contact = self.contact;
        if let Some(f) = self.function.filter(|f| f.kind != SeparationKind::Points) {
            // The face's outward normal: from A towards B for a face of A, from B
            // towards A for a face of B.
            let axis = f.axis_at(&self.sweep, self.t1);
            contact.normal = Some(if f.kind == SeparationKind::FaceB {
                -axis
            } else {
                axis
            });
        }
        Some(CastResult::hit_at(self.t1, contact, self.iterations))
    }

    /// The aim of the root finder: the middle of the hit's window `[s, s + ε]` on the
    /// cores.
    fn aim(&self) -> f64 {
        self.core_target + 0.5 * self.tolerance
    }

    fn distance_step(&mut self, watch: bool) -> Option<ToiEvent> {
        if self.iterations >= MAX_ITERATIONS {
            return self.finish(ToiOutcome::IterationLimit {
                iterations: self.iterations,
                t: self.t1,
                distance: self.distance,
            });
        }
        self.iterations += 1;
        let t1 = self.t1;
        // GJK distance run here: its whole result (the world simplex, the closest
        // points) is built only where it is read, not at every evaluation of a fast run.
        let mut gjk = self.sweep.distance_from(t1, self.cache.as_ref());
        crate::algorithms::run_to_end(&mut gjk);
        let distance = gjk
            .distance()
            .expect("a finished GJK distance has a distance");
        let result = || gjk.result().expect("a finished GJK distance has a result");
        self.distance = distance;
        // The contact is read by a hit, which needs the distance within `s + 2ε` here
        // (at once, or on the bracket that follows at this `t1`), and by the watched
        // `Function` event: not worked out for every evaluation of a fast run.
        if watch || distance <= self.target + 2.0 * self.tolerance {
            self.contact = self.sweep.contact(&result(), t1);
        }
        if distance <= self.target + self.tolerance {
            self.phase = Phase::Finish(if t1 == 0.0 {
                self.function = None;
                ToiOutcome::InitialOverlap { distance }
            } else {
                ToiOutcome::Hit {
                    t: t1,
                    distance,
                    iterations: self.iterations,
                }
            });
        } else if t1 == 1.0 {
            // The last axis held to the end of the step, and they are still apart.
            self.phase = Phase::Finish(ToiOutcome::Separated {
                separation: distance,
            });
        } else {
            self.function = Some(SeparationFunction::from_machine(&self.sweep, &gjk, t1));
            self.s1 = None;
            self.phase = Phase::Function;
        }
        let event = watch.then(|| self.distance_event(&result()));
        self.cache = Some(gjk.cache());
        event
    }

    fn distance_event(&self, r: &DistanceResult) -> ToiEvent {
        let t1 = self.t1;
        let world = |p: DVec2| self.sweep.to_world(p, t1);
        ToiEvent::Distance {
            t1,
            pose_a: self.sweep.world_pose_a(t1),
            pose_b: self.sweep.world_pose_b(t1),
            distance: r.distance,
            closest_a: r.closest.map(|c| world(c.0)),
            closest_b: r.closest.map(|c| world(c.1)),
            simplex: r.simplex,
        }
    }

    fn function_event(&self, f: &SeparationFunction) -> ToiEvent {
        let t1 = self.t1;
        let point = match f.face_point_at(&self.sweep, t1) {
            Some(p) => self.sweep.to_world(p, t1),
            None => self.contact.point.unwrap_or_default(),
        };
        ToiEvent::Function {
            t1,
            feature: f.kind,
            face: f.face,
            axis: f.axis_at(&self.sweep, t1),
            point,
        }
    }

    /// The deepest points at `t2`: no hit, the axis holding until `t2`, or a bracket
    /// for the root finder.
    fn deepest_step(
        &mut self,
        t2: f64,
        push_backs: usize,
        pulls: usize,
        watch: bool,
    ) -> Option<ToiEvent> {
        let f = self.function.expect("a function is followed");
        if push_backs >= MAX_PUSH_BACK {
            return self.finish(ToiOutcome::PushBackLimit { t: self.t1 });
        }
        self.sweep.keep_rotations(t2);
        let (s2, witness) = f.deepest(&self.sweep, t2);
        // Box2D skips `[t1, t2]` when the deepest points are apart at both ends. That
        // is sound for a translation (each pair's separation is then linear in `t`,
        // their minimum concave: no dip between the ends), not with a turn: the
        // deepest pair can come within the target and leave again between `t1` and
        // `t2` (a shape turning through the other). The curvature bound rules a dip
        // out, or `t2` is halved until it does (`pulls`, at most `MAX_PULLS`).
        let apart = s2 >= self.core_target;
        let clear = !apart || pulls >= MAX_PULLS || self.no_dip(&f, t2, s2);
        let holds = apart && clear;
        let separated = clear && t2 == 1.0 && s2 > self.core_target + self.tolerance;
        self.phase = if !clear {
            Phase::Deepest {
                t2: self.t1 + 0.5 * (t2 - self.t1),
                push_backs,
                pulls: pulls + 1,
            }
        } else if separated {
            Phase::Finish(ToiOutcome::Separated {
                separation: s2 - self.sweep.margin(),
            })
        } else if holds {
            self.t1 = t2;
            Phase::Distance
        } else {
            // The pair below the target at `t2`, for the next step.
            (self.bracket.witness, self.bracket.a2, self.bracket.s2) = (witness, t2, s2);
            Phase::Bracket { push_backs }
        };
        watch.then(|| self.deepest_event(&f, &witness, t2, s2, [holds, separated]))
    }

    /// Whether the separation along `f` (its deepest points') stays at or above the
    /// target over `[t1, t2]`, knowing it at both ends: every pair's separation
    /// `f_k(t)` has `|f_k''| ≤ M` ([`SeparationFunction::curvature_bound`]), so
    /// `min_k f_k(t) ≥ L(t) = s1·(1 − u) + s2·u − (M·h²/2)·u·(1 − u)` with
    /// `u = (t − t1)/h`, `h = t2 − t1`, and the check is `min L ≥ s`. Without a turn
    /// `M = 0` and it always holds. When it fails, each pair is bounded by its own
    /// values at the ends and its own curvature
    /// ([`SeparationFunction::pointwise_low`]), which a point near the centre a
    /// shape turns about passes where the farthest point's bound would not.
    fn no_dip(&mut self, f: &SeparationFunction, t2: f64, s2: f64) -> bool {
        let t1 = self.t1;
        let m = f.curvature_bound(&self.sweep, t1, t2);
        if m == 0.0 {
            return true;
        }
        let s1 = match self.s1 {
            Some(s1) => s1,
            None => {
                let s1 = f.deepest(&self.sweep, t1).0;
                self.s1 = Some(s1);
                s1
            }
        };
        let h = t2 - t1;
        // (No width left, or a bound of NaN: the ends decide.)
        if lowest_between(s1, s2, 0.5 * m * h * h) >= self.core_target {
            return true;
        }
        // The bound of the farthest point and the deepest pair does not rule a dip
        // out: each pair by its own ends and its own curvature may.
        f.pointwise_low(&self.sweep, t1, t2)
            .is_some_and(|low| low >= self.core_target)
    }

    /// The pair's separation at `t1`: a hit there already, a lost bracket, or a root
    /// to find (its slopes at both ends for the root finder's cubic).
    fn bracket_step(&mut self, push_backs: usize, watch: bool) -> Option<ToiEvent> {
        let f = self.function.expect("a function is followed");
        let Bracket {
            witness,
            a2: t2,
            s2,
            ..
        } = self.bracket;
        let (t1, margin) = (self.t1, self.sweep.margin());
        let (s1, r1) = f.evaluate_with_slope(&self.sweep, &witness, t1);
        if s1 < self.core_target {
            return self.finish(ToiOutcome::RootFinderFailed {
                t: t1,
                separation: s1 - margin,
            });
        }
        if s1 <= self.core_target + self.tolerance {
            // Box2D's "victory": the pair is within the window at `t1`. The shapes are
            // too only if the axis describes them: GJK distance found them farther
            // apart at `t1` (beyond rounding) when the features were no true face — a
            // capsule's core a few billionths long, turned a billion radians a step,
            // had its "face" normal 75° from the line between the shapes, and the
            // pair's separation along it near 0 with the shapes 6e10 apart.
            return self.finish(if self.distance <= self.target + 2.0 * self.tolerance {
                ToiOutcome::Hit {
                    t: t1,
                    distance: self.distance,
                    iterations: self.iterations,
                }
            } else {
                ToiOutcome::RootFinderFailed {
                    t: t1,
                    separation: s1 - margin,
                }
            });
        }
        // The slope at `t2` (the rotations there are kept: no sine or cosine); without
        // a turn the same as at `t1`, to the last bit (`(v_B − v_A)·n`).
        let r2 = if self.sweep.rotates() {
            f.evaluate_with_slope(&self.sweep, &witness, t2).1
        } else {
            r1
        };
        self.bracket = Bracket {
            witness,
            a1: t1,
            a2: t2,
            s1,
            s2,
            r1,
            r2,
            iteration: 0,
            moved: [None, None],
        };
        self.phase = Phase::Root { push_backs };
        watch.then(|| ToiEvent::Bracket {
            t1,
            t2,
            s1: s1 - margin,
            s2: s2 - margin,
            slopes: [r1, r2],
            aim: self.aim() - margin,
        })
    }

    fn deepest_event(
        &self,
        f: &SeparationFunction,
        witness: &Witness,
        t2: f64,
        s2: f64,
        [holds, separated]: [bool; 2],
    ) -> ToiEvent {
        let (a, b) = f.points_at(&self.sweep, witness, t2);
        let margin = self.sweep.margin();
        ToiEvent::Deepest {
            t2,
            pose_a: self.sweep.world_pose_a(t2),
            pose_b: self.sweep.world_pose_b(t2),
            axis: f.axis_at(&self.sweep, t2),
            point_a: self.sweep.to_world(a, t2),
            point_b: self.sweep.to_world(b, t2),
            vertex_a: witness.vertex_a,
            vertex_b: witness.vertex_b,
            separation: s2 - margin,
            holds,
            separated,
        }
    }

    /// One probe of the root finder, keeping the root bracketed: near where the cubic
    /// matching the pair's separation and slope at the bracket's ends crosses the aim
    /// ([`cubic_probe`]; the secant rule when its step leaves the bracket), but
    /// bisection when the last two probes moved the same end (the other end stuck,
    /// the slow case of the secant's line and of the cubic alike); the cap,
    /// [`MAX_ROOT_ITERATIONS`], ends any other. Box2D alternates bisection and the
    /// secant rule; the cubic follows a turning pair's curved separation where the
    /// secant's line cuts across it (6.9 → 3.3 probes per cast on the benchmark's
    /// turning 8-gons at Box2D's tolerance, 21 → 6.7 at gjk-lab's). Without a turn the
    /// separation is a line, its slope the same at every time: the probe's own slope
    /// is not worked out (the cubic is then the line, and its probe the secant's).
    fn root_step(&mut self, push_backs: usize, watch: bool) -> Option<ToiEvent> {
        let f = self.function.expect("a function is followed");
        let aim = self.aim();
        let b = &mut self.bracket;
        let (rule, t) = match b.moved {
            [Some(x), Some(y)] if x == y => (RootRule::Bisection, 0.5 * (b.a1 + b.a2)),
            _ => cubic_probe(b, aim),
        };
        b.iteration += 1;
        let witness = b.witness;
        self.root_iterations += 1;
        // Kept: a root's deepest points are searched at the same time next.
        self.sweep.keep_rotations(t);
        let (s, r) = if self.sweep.rotates() {
            f.evaluate_with_slope(&self.sweep, &witness, t)
        } else {
            (f.evaluate(&self.sweep, &witness, t), self.bracket.r1)
        };
        let found = (s - aim).abs() < 0.5 * self.tolerance;
        let b = &mut self.bracket;
        if s > aim {
            (b.a1, b.s1, b.r1) = (t, s, r);
        } else {
            (b.a2, b.s2, b.r2) = (t, s, r);
        }
        b.moved = [Some(s > aim), b.moved[0]];
        self.phase = if found {
            Phase::Deepest {
                t2: t,
                push_backs: push_backs + 1,
                pulls: 0,
            }
        } else if b.iteration >= MAX_ROOT_ITERATIONS || b.a2 - b.a1 <= 0.0 {
            // Out of probes (or of floating-point room): the bracket's safe end.
            Phase::Deepest {
                t2: b.a1,
                push_backs: push_backs + 1,
                pulls: 0,
            }
        } else {
            Phase::Root { push_backs }
        };
        let b = &self.bracket;
        let margin = self.sweep.margin();
        watch.then(|| ToiEvent::Root {
            iteration: b.iteration,
            rule,
            t,
            separation: s - margin,
            bracket: [b.a1, b.a2],
            found,
        })
    }

    fn finish(&mut self, outcome: ToiOutcome) -> Option<ToiEvent> {
        self.outcome = Some(outcome);
        self.phase = Phase::Done;
        Some(ToiEvent::Done { outcome })
    }
}

/// The probe near where the cubic through the bracket's ends crosses the aim (one
/// Newton step on it from the secant's point), or the secant's point where that step
/// leaves the bracket.
///
/// On `u = (t − a1)/h ∈ [0, 1]`, `h = a2 − a1`, the cubic `H(u)` with `H(0) = s1`,
/// `H(1) = s2`, `H'(0) = h·r1`, `H'(1) = h·r2` is (Hermite's basis, with `g1 = h·r1`,
/// `g2 = h·r2`) `H(u) = s1 + g1·u + c2·u² + c3·u³`, `c2 = 3·(s2 − s1) − 2·g1 − g2`,
/// `c3 = 2·(s1 − s2) + g1 + g2`. The secant's point `u0 = (s1 − aim)/(s1 − s2)` (the
/// line through the ends) is moved by one Newton step on `H(u) = aim`: `u = u0 −
/// (H(u0) − aim)/H'(u0)`. A straight separation (no turn) gives the secant's point
/// again; a curved one a point off by the cubic's error, `O(h⁴)`, where the secant's
/// is off by `O(h²)`.
///
/// Measured from the aim (`p = s1 − aim`, and `q = s1 − s2`, so `u0 = p/q`), the
/// step is one division: `H(u0)·q³ = p·q³ + g1·p·q² + c2·p²·q + c3·p³` and
/// `H'(u0)·q² = g1·q² + 2·c2·p·q + 3·c3·p²`, so `u = (p·H'(u0)·q² − H(u0)·q³) /
/// (q·H'(u0)·q²) = p·(2·c3·p² + c2·p·q − q³) / (q·(g1·q² + 2·c2·p·q + 3·c3·p²))`
/// (the `g1` terms cancel above the line): a probe waits on one division, not on
/// the secant's and then Newton's.
#[inline(always)]
fn cubic_probe(b: &Bracket, aim: f64) -> (RootRule, f64) {
    let h = b.a2 - b.a1;
    // `p > 0 > p − q`: the bracket's ends are above and below the aim.
    let (p, q) = (b.s1 - aim, b.s1 - b.s2);
    let (g1, g2) = (h * b.r1, h * b.r2);
    let c2 = -3.0 * q - 2.0 * g1 - g2;
    let c3 = 2.0 * q + g1 + g2;
    let (pp, pq, qq) = (p * p, p * q, q * q);
    let above = p * (2.0 * c3 * pp + c2 * pq - q * qq);
    let below = q * (g1 * qq + 2.0 * c2 * pq + 3.0 * c3 * pp);
    let u = above / below;
    // Strictly inside (a NaN fails both tests): else the secant's point.
    if u > 0.0 && u < 1.0 {
        (RootRule::Cubic, b.a1 + u * h)
    } else {
        (RootRule::Secant, b.a1 + (p / q) * h)
    }
}

/// The time of impact's end.
impl super::CastMachine for TimeOfImpact<'_> {
    type Outcome = ToiOutcome;
    fn ending(&self) -> Option<ToiOutcome> {
        self.outcome()
    }
    fn reason(&self) -> Option<&'static str> {
        self.outcome().map(|o| o.reason())
    }
    fn answer(&self) -> Option<CastResult> {
        self.result()
    }
    fn at_cap(&self) -> bool {
        matches!(self.outcome(), Some(ToiOutcome::IterationLimit { .. }))
    }
}

impl<'s> TimeOfImpact<'s> {
    /// One step of the pseudo-code from the phase it is at (`None` once it has ended;
    /// the event only when watched).
    #[inline(always)]
    fn take_step(&mut self, watch: bool) -> Option<Option<ToiEvent>> {
        Some(match self.phase {
            Phase::Start => {
                self.phase = Phase::Distance;
                watch.then(|| ToiEvent::Start {
                    target: self.target,
                    tolerance: self.tolerance,
                })
            }
            Phase::Distance => self.distance_step(watch),
            Phase::Function => {
                let f = self.function.expect("a function is followed");
                self.phase = Phase::Deepest {
                    t2: 1.0,
                    push_backs: 0,
                    pulls: 0,
                };
                watch.then(|| self.function_event(&f))
            }
            Phase::Deepest {
                t2,
                push_backs,
                pulls,
            } => self.deepest_step(t2, push_backs, pulls, watch),
            Phase::Bracket { push_backs } => self.bracket_step(push_backs, watch),
            Phase::Root { push_backs } => self.root_step(push_backs, watch),
            Phase::Finish(outcome) => self.finish(outcome),
            Phase::Done => return None,
        })
    }
}

impl StepMachine for TimeOfImpact<'_> {
    type Event = ToiEvent;

    /// One step when watched; unwatched, every step to the end in one call (see
    /// `machine::advance_by_steps`).
    fn advance(&mut self, watch: bool) -> Progress<ToiEvent> {
        crate::algorithms::machine::advance_by_steps!(self, watch)
    }
}
