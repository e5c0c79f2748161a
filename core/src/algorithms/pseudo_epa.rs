//! Seed 003's "pseudo-EPA": a cheaper, two-point variant of [EPA](super::epa), kept as
//! a lesson in why EPA keeps the whole polytope.
//!
//! It starts from GJK's triangle `a b c` (`c` the newest point) and keeps only one edge
//! at a time: of the two edges through `c` it keeps the one whose line passes nearer
//! the origin, looks for the next point in the direction of the origin's foot on that
//! line, and stops when that point advances no more than the tolerance past the edge,
//! answering with the origin's foot on the kept edge. The pseudo-code the app shows
//! beside the steps is [`PSEUDO_CODE`]; there the seed's `a, b, c` are `p, q, r`,
//! because `a` and `b` name the support points' sources on A and B in every picture.
//! [`PseudoEpaEvent::line`] says which line each event executes.
//!
//! **Where it goes wrong.** Each choice looks only at the two edges through the newest
//! point and forgets the third vertex for good. When the boundary of `A − B` nearest
//! the origin lies beyond the edge it forgot (or beyond the triangle's first edge `ab`,
//! which it never examines), it cannot come back, and it stops on an edge that is only
//! locally nearest: its depth is too large and its normal points the wrong way. The
//! preset `scenes/pseudo-epa-wrong.ron` shows such a case next to EPA's answer.
//! The seed's default tolerance, an absolute 0.2, makes it stop early as well; here the
//! tolerance is relative to the shapes' size (the seed's value can still be passed to
//! [`PseudoEpa::with_tolerance`]), the loop has an iteration cap, and an origin lying on
//! an edge's line (where the seed normalises a zero vector into NaN) falls back to the
//! edge's perpendicular — or, when the edge has shrunk to a point on the origin (a new
//! support point equal to `c`), to the direction away from the point just dropped.

use super::distance::{DistanceResult, GjkDistance};
use super::variant::{Variant, SEED_003_TOLERANCE};
use super::{Progress, StepMachine};
use crate::geometry::{normalize_or, perp_ccw, try_normalize};
use crate::minkowski::{MinkowskiDifference, SupportPoint};
use crate::settings::Settings;
use crate::shapes::Shape;
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// Pseudo-EPA's pseudo-code, as the app shows it beside the steps, one line per
    /// entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute ([`PseudoEpaEvent::line`]).
    pub mod line;
    START: "p, q, r ← GJK's triangle (r newest)",
    LOOP: "loop",
    _: "    fp ← foot on line pr;  fq ← foot on line qr",
    KEEP_QR: "    if |fp| > |fq|: p ← q; q ← r; d ← fq/|fq|",
    KEEP_PR: "    else:           q ← r;        d ← fp/|fp|",
    SUPPORT: "    r ← support_{A−B}(d)",
    STOP: "    if (r − p)·d ≤ tol: return foot on line pq (its length + r_A + r_B)",
    RADII: "round: depth ← r_A + r_B − |cores|",
}

/// Most support points pseudo-EPA computes before it gives up.
pub const MAX_ITERATIONS: usize = 64;

/// Which edge pseudo-EPA keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KeptEdge {
    /// Edge `ac` (`b` is dropped).
    Ac,
    /// Edge `bc` (`a` is dropped).
    Bc,
}

/// One visible step of pseudo-EPA.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PseudoEpaEvent {
    /// The starting triangle from GJK (`completed` when GJK ended on a segment and a
    /// third support point was added).
    Start {
        /// Point `a`.
        a: SupportPoint,
        /// Point `b`.
        b: SupportPoint,
        /// Point `c` (the newest).
        c: SupportPoint,
        /// Whether the triangle was completed from a segment.
        completed: bool,
        /// Support points GJK used before.
        gjk_iterations: usize,
    },
    /// The two edges through `c` compared; the nearer one is kept.
    ChooseEdge {
        /// Foot of the origin on line `ac`.
        foot_ac: DVec2,
        /// Foot of the origin on line `bc`.
        foot_bc: DVec2,
        /// The edge kept.
        kept: KeptEdge,
        /// The point forgotten for good.
        dropped: SupportPoint,
        /// The new search direction.
        direction: DVec2,
    },
    /// The support point along the direction, and how far it advances past the edge.
    Support {
        /// The direction.
        direction: DVec2,
        /// The support point.
        support: SupportPoint,
        /// `(c − a)·d`.
        advance: f64,
        /// The stopping tolerance.
        tolerance: f64,
    },
    /// The end, with its reason.
    Done {
        /// Why pseudo-EPA stopped.
        outcome: PseudoEpaOutcome,
    },
}

impl PseudoEpaEvent {
    /// The line of [`PSEUDO_CODE`] this event executes.
    pub fn line(&self) -> usize {
        match self {
            PseudoEpaEvent::Start { .. } => line::START,
            PseudoEpaEvent::ChooseEdge {
                kept: KeptEdge::Bc, ..
            } => line::KEEP_QR,
            PseudoEpaEvent::ChooseEdge {
                kept: KeptEdge::Ac, ..
            } => line::KEEP_PR,
            PseudoEpaEvent::Support {
                advance, tolerance, ..
            } if advance <= tolerance => line::STOP,
            PseudoEpaEvent::Support { .. } => line::SUPPORT,
            PseudoEpaEvent::Done { outcome } => match outcome {
                PseudoEpaOutcome::Stopped { .. } => line::STOP,
                PseudoEpaOutcome::WithinRadius { .. } => line::RADII,
                PseudoEpaOutcome::NotIntersecting { .. } | PseudoEpaOutcome::Degenerate => {
                    line::START
                }
                PseudoEpaOutcome::IterationLimit { .. } => line::LOOP,
            },
        }
    }
}

/// How pseudo-EPA ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum PseudoEpaOutcome {
    /// The support point advanced no more than the tolerance: the answer is the foot of
    /// the origin on the kept edge — possibly not the nearest edge of `A − B`.
    Stopped {
        /// Its depth.
        depth: f64,
        /// Its normal (from A towards B).
        normal: DVec2,
    },
    /// Only the rounded parts overlap (a circle): as for EPA, the depth is the sum of
    /// the radii minus the cores' distance, with nothing to expand.
    WithinRadius {
        /// Its depth.
        depth: f64,
        /// Its normal (from A towards B).
        normal: DVec2,
    },
    /// GJK found the shapes separated.
    NotIntersecting {
        /// Their distance.
        distance: f64,
    },
    /// GJK's simplex could not be made into a triangle.
    Degenerate,
    /// Stopped after [`MAX_ITERATIONS`].
    IterationLimit {
        /// Support points computed.
        iterations: usize,
        /// Depth from the current edge.
        depth: f64,
        /// Its normal.
        normal: DVec2,
    },
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Start,
    Choose,
    Support,
    Finish(PseudoEpaOutcome),
    Done,
}

/// Pseudo-EPA as a step machine.
#[derive(Clone, Debug)]
pub struct PseudoEpa<'s> {
    md: MinkowskiDifference<'s>,
    a: SupportPoint,
    b: SupportPoint,
    c: SupportPoint,
    direction: DVec2,
    tolerance: f64,
    completed: bool,
    phase: Phase,
    outcome: Option<PseudoEpaOutcome>,
    iterations: usize,
    gjk_iterations: usize,
    /// The most support points this run computes ([`MAX_ITERATIONS`] but in a run
    /// with other [`Settings`]).
    cap: usize,
}

impl<'s> PseudoEpa<'s> {
    /// Runs GJK distance, then starts from its triangle, with a tolerance relative to
    /// the shapes' size.
    pub fn new(a: &'s Shape, b: &'s Shape) -> Self {
        let md = MinkowskiDifference::new(a, b);
        Self::with_tolerance(a, b, md.tolerance.depth)
    }

    /// Seed 003's version ([`Variant::LooseTolerance`]): the same machine with the
    /// seed's absolute tolerance 0.2 ([`SEED_003_TOLERANCE`]); any other variant (or
    /// none) is gjk-lab's.
    pub fn with_variant(a: &'s Shape, b: &'s Shape, variant: Option<Variant>) -> Self {
        match variant {
            Some(Variant::LooseTolerance) => Self::with_tolerance(a, b, SEED_003_TOLERANCE),
            _ => Self::new(a, b),
        }
    }

    /// Pseudo-EPA (and the GJK distance run it starts from) with a seed's version, if
    /// any, and `settings` (tolerances, cap, precision; see [`Settings`]). The seed's
    /// tolerance 0.2 stays the seed's whatever the convergence setting.
    pub fn configured(
        a: &'s Shape,
        b: &'s Shape,
        variant: Option<Variant>,
        settings: &Settings,
    ) -> Self {
        if settings.is_default() {
            return Self::with_variant(a, b, variant);
        }
        let md = MinkowskiDifference::configured(a, b, settings);
        let tolerance = match variant {
            Some(Variant::LooseTolerance) => SEED_003_TOLERANCE,
            _ => md.tolerance.depth,
        };
        let gjk = GjkDistance::new(a, b)
            .with_settings(&settings.without_cap())
            .run_unrefined();
        let mut m = Self::from_gjk(md, &gjk, tolerance);
        m.cap = settings.cap(MAX_ITERATIONS);
        m
    }

    /// The most support points this run computes.
    pub fn max_iterations(&self) -> usize {
        self.cap
    }

    /// As [`new`](Self::new) with an absolute stopping tolerance (seed 003 uses 0.2).
    pub fn with_tolerance(a: &'s Shape, b: &'s Shape, tolerance: f64) -> Self {
        let md = MinkowskiDifference::new(a, b);
        let gjk = GjkDistance::new(a, b).run_unrefined();
        Self::from_gjk(md, &gjk, tolerance)
    }

    /// Starts from a finished GJK distance run.
    pub fn from_gjk(md: MinkowskiDifference<'s>, gjk: &DistanceResult, tolerance: f64) -> Self {
        let mut m = PseudoEpa {
            md,
            a: SupportPoint::default(),
            b: SupportPoint::default(),
            c: SupportPoint::default(),
            direction: DVec2::ZERO,
            tolerance,
            completed: false,
            phase: Phase::Finish(PseudoEpaOutcome::Degenerate),
            outcome: None,
            iterations: 0,
            gjk_iterations: gjk.iterations,
            cap: MAX_ITERATIONS,
        };
        if !gjk.intersects {
            m.phase = Phase::Finish(PseudoEpaOutcome::NotIntersecting {
                distance: gjk.distance,
            });
            return m;
        }
        let (margin, core_distance) = (md.margin(), gjk.core_closest.length());
        if margin > 0.0 && (core_distance > md.tolerance.touch || gjk.simplex.len() == 1) {
            // The cores are apart (or both are the same point): only the rounded parts
            // overlap, and the answer is known without expanding anything.
            let normal = try_normalize(-gjk.core_closest)
                .unwrap_or_else(|| normalize_or(md.initial_direction().0, DVec2::X));
            m.phase = Phase::Finish(PseudoEpaOutcome::WithinRadius {
                depth: crate::algorithms::epa::within_radius_depth(margin, core_distance),
                normal,
            });
            return m;
        }
        let pts: Vec<SupportPoint> = gjk.simplex.points().collect();
        match pts[..] {
            [a, b, c] => (m.a, m.b, m.c) = (a, b, c),
            [a, b] if (b.p - a.p).length() > md.tolerance.touch => {
                // Complete GJK's segment with a support point off its line.
                let c = md.support(perp_ccw(b.p - a.p));
                let c = if (c.p - a.p).perp_dot(b.p - a.p).abs() > md.tolerance.touch {
                    c
                } else {
                    md.support(-perp_ccw(b.p - a.p))
                };
                (m.a, m.b, m.c, m.completed) = (a, b, c, true);
            }
            _ => return m,
        }
        m.phase = Phase::Start;
        m
    }

    /// Runs to the end and returns the outcome.
    pub fn run(mut self) -> PseudoEpaOutcome {
        super::run_to_end(&mut self);
        self.outcome.expect("a finished pseudo-EPA has an outcome")
    }

    /// The outcome, once ended.
    pub fn outcome(&self) -> Option<PseudoEpaOutcome> {
        self.outcome
    }

    /// The current points `a`, `b`, `c`.
    pub fn triangle(&self) -> [SupportPoint; 3] {
        [self.a, self.b, self.c]
    }

    /// The Minkowski difference.
    pub fn minkowski(&self) -> &MinkowskiDifference<'s> {
        &self.md
    }

    /// Unit direction from the origin's foot on line `pq`; when the origin lies on the
    /// line, the line's perpendicular pointing away from `away` (the seed's NaN case);
    /// when `p = q` too (the edge has shrunk to a point on the origin), the direction
    /// from `away` towards that point; when `away` is there as well, `x`.
    fn direction_from_foot(foot: DVec2, p: DVec2, q: DVec2, away: DVec2) -> DVec2 {
        if let Some(d) = try_normalize(foot) {
            return d;
        }
        match try_normalize(perp_ccw(q - p)) {
            Some(n) if n.dot(away - p) > 0.0 => -n,
            Some(n) => n,
            None => normalize_or(p - away, DVec2::X),
        }
    }

    fn choose_step(&mut self, watch: bool) -> Option<PseudoEpaEvent> {
        let foot_ac = foot_on_line(self.a.p, self.c.p);
        let foot_bc = foot_on_line(self.b.p, self.c.p);
        let (kept, dropped);
        if foot_ac.length_squared() > foot_bc.length_squared() {
            (kept, dropped) = (KeptEdge::Bc, self.a);
            self.direction = (self.md.precision).round2(Self::direction_from_foot(
                foot_bc, self.b.p, self.c.p, self.a.p,
            ));
            (self.a, self.b) = (self.b, self.c);
        } else {
            (kept, dropped) = (KeptEdge::Ac, self.b);
            self.direction = (self.md.precision).round2(Self::direction_from_foot(
                foot_ac, self.a.p, self.c.p, self.b.p,
            ));
            self.b = self.c;
        }
        self.phase = Phase::Support;
        watch.then(|| PseudoEpaEvent::ChooseEdge {
            foot_ac,
            foot_bc,
            kept,
            dropped,
            direction: self.direction,
        })
    }

    fn support_step(&mut self, watch: bool) -> Option<PseudoEpaEvent> {
        let w = self.md.support(self.direction);
        self.iterations += 1;
        let advance = (w.p - self.a.p).dot(self.direction);
        self.c = w;
        self.phase = if advance <= self.tolerance {
            let (depth, normal) = self.answer();
            Phase::Finish(PseudoEpaOutcome::Stopped { depth, normal })
        } else {
            Phase::Choose
        };
        watch.then(|| PseudoEpaEvent::Support {
            direction: self.direction,
            support: w,
            advance,
            tolerance: self.tolerance,
        })
    }

    /// Depth and normal from the foot of the origin on line `ab` (plus the radii).
    fn answer(&self) -> (f64, DVec2) {
        let foot = foot_on_line(self.a.p, self.b.p);
        let margin = self.md.margin();
        match try_normalize(foot) {
            Some(normal) => (foot.length() + margin, normal),
            None => (margin, self.direction),
        }
    }

    fn finish(&mut self, outcome: PseudoEpaOutcome) -> Option<PseudoEpaEvent> {
        self.outcome = Some(outcome);
        self.phase = Phase::Done;
        Some(PseudoEpaEvent::Done { outcome })
    }
}

impl StepMachine for PseudoEpa<'_> {
    type Event = PseudoEpaEvent;

    fn advance(&mut self, watch: bool) -> Progress<PseudoEpaEvent> {
        let event = match self.phase {
            Phase::Start => {
                self.phase = Phase::Choose;
                watch.then(|| PseudoEpaEvent::Start {
                    a: self.a,
                    b: self.b,
                    c: self.c,
                    completed: self.completed,
                    gjk_iterations: self.gjk_iterations,
                })
            }
            Phase::Choose if self.iterations >= self.cap => {
                let (depth, normal) = self.answer();
                self.finish(PseudoEpaOutcome::IterationLimit {
                    iterations: self.iterations,
                    depth,
                    normal,
                })
            }
            Phase::Choose => self.choose_step(watch),
            Phase::Support => self.support_step(watch),
            Phase::Finish(outcome) => self.finish(outcome),
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}

/// Foot of the origin on the *line* through `p` and `q` (seed 003 projects on the line,
/// not the segment): `p + û(û·(−p))` with `û = (q − p)/|q − p|`.
fn foot_on_line(p: DVec2, q: DVec2) -> DVec2 {
    match try_normalize(q - p) {
        Some(u) => p + u * u.dot(-p),
        None => p,
    }
}
