//! Continuous collision: two shapes that move over a step `t ∈ [0, 1]` (each with its
//! [`Motion`]), and the first time their distance comes down to a *target
//! separation* `s` (0: the first touch).
//!
//! Four ways, each a step machine:
//!
//! - [`sampled`]: the naive ways. Check at `t = 0` and `t = 1` only — a bullet
//!   faster than a wall is thick is apart both times and *tunnels* through — or at
//!   `N` samples, which still misses a wall thinner than the gap between samples.
//! - [`shape_cast`]: translation only. `B` moving by `t·r` (`r = v_B − v_A`) meets `A`
//!   exactly when `t·r` lies in `A − B`, so the time of impact is where the ray from
//!   the origin along `r` first enters `A − B` grown by `s`: GJK-raycast (van den
//!   Bergen 2004), what Box2D's `b2ShapeCast` and parry's `cast_shapes` use. A ray
//!   cast against one shape (mouse picking) is the same machine with a point for `B`
//!   ([`shape_cast::ray_cast`]).
//! - [`sat_cast`]: translation only, two convex polygons: the same ray clipped by
//!   every edge of `A − B` at once — SAT for moving shapes, each face's gap a line in
//!   `t` (Eberly 2001). What `gjk-lab cast` answers two polygons with.
//! - [`advancement`]: conservative advancement (Mirtich), with rotation: the distance
//!   `d` now (GJK distance), a bound `μ` on how fast it can shrink, and the step
//!   `(d − s)/μ` that cannot overshoot; repeated.
//! - [`toi`]: Box2D's time of impact (`b2TimeOfImpact`, Catto 2013): the separation
//!   along the closest features' axis as a function of `t`, its deepest points, a root
//!   found by a cubic through the separation and its slope (bisection when it stalls),
//!   pushed back until the axis holds, then
//!   new closest features.
//!
//! Every machine answers in the same terms, [`CastResult`]: whether the shapes come
//! within `s`, when, the normal (unit, from A towards B) and a point of A at that time.
//! Shapes within `s` at `t = 0` (overlapping, touching) are a hit at `t = 0`.
//!
//! **The sweep** ([`Sweep`]) keeps the pair in a frame that moves with A's position:
//! A's local origin is its origin, B sits at `(x_B − x_A) + t·(v_B − v_A)`. Distances
//! and times then keep the precision of the shapes' size a million units from the
//! world origin; only the world points of the answer carry the rounding of their
//! magnitude. Tolerances are fractions of the pair's size ([`Sweep::tolerance`]).

pub mod advancement;
pub mod sampled;
pub mod sat_cast;
pub mod separation;
pub mod shape_cast;
pub mod toi;

use super::distance::{DistanceResult, GjkDistance, SimplexCache};
use super::epa::Epa;
use crate::geometry::{perp_ccw, try_normalize};
use crate::minkowski::MinkowskiDifference;
use crate::motion::Motion;
use crate::settings::{Precision, Settings, DEFAULT_CONVERGENCE};
use crate::shapes::{Geometry, Pose, Shape, ShapeRef};
use glam::DVec2;
use serde::Serialize;

/// The target separation when none is given: the first touch.
pub const DEFAULT_TARGET: f64 = 0.0;

/// The samples sub-stepping takes when none is given.
pub const DEFAULT_SAMPLES: usize = 8;

/// The most samples sub-stepping takes.
pub const MAX_SAMPLES: usize = 100_000;

/// The tolerance of a cast on the distance, as a fraction of the pair's size: a hit
/// ends within it of the target separation. It puts `t` within
/// `1e-10 · size / approach speed` of the true time (see [`cast_tolerance`] for the
/// floor that rounding sets).
pub const RELATIVE_TOLERANCE: f64 = 1e-10;

/// The units in the last place of the largest number a cast computes with below
/// which its tolerance never goes ([`cast_tolerance`]).
pub const ROUNDING_ULPS: f64 = 64.0;

/// A cast's tolerance on the distance for a pair of size `scale` whose numbers reach
/// `magnitude` (B's offset from A, the relative motion over the step, the shapes'
/// reaches, the target): [`RELATIVE_TOLERANCE`] of the size, but never below
/// [`ROUNDING_ULPS`] units in the last place of `magnitude`. A distance worked out from
/// coordinates that large is only known to a few of their units in the last place, and
/// the poses one representable `t` apart differ by about as much: a window
/// `[s, s + ε]` narrower than that may hold no time at all, and the cast would search
/// until its cap and miss the hit (a ball 0.1 across thrown 1e8 a step: the
/// coordinates' units are 1e-8, the size's tolerance 1e-11). For any pair whose
/// offset and motion are within about 7,000 times its size (`1e-10 / (64·2.2e-16)`)
/// the floor is below `RELATIVE_TOLERANCE · size` and changes nothing; it does not
/// depend on where the pair is in the world (casts work from A's position).
pub fn cast_tolerance(scale: f64, magnitude: f64) -> f64 {
    let own = RELATIVE_TOLERANCE * scale;
    let floor = ROUNDING_ULPS * f64::EPSILON * magnitude;
    if floor.is_finite() {
        own.max(floor)
    } else {
        own
    }
}

/// The settings of the GJK distance a cast runs: gjk-lab's, but distances count as
/// zero only below 1e-13 of the pair's size (gjk-lab's static queries call shapes
/// within 1e-9 of it touching), so that a cast can bring the distance within its own
/// tolerance, [`RELATIVE_TOLERANCE`], of the target.
pub const DISTANCE_SETTINGS: Settings = Settings {
    touch: 1e-13,
    convergence: DEFAULT_CONVERGENCE,
    max_iterations: None,
    precision: Precision::F64,
};

/// What a cast is asked: the target separation and, for sub-stepping, the samples.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CastOptions {
    /// The separation that counts as impact (≥ 0): the shapes hit when their distance
    /// is at most this.
    pub target: f64,
    /// Sub-stepping's samples (at least 2, at most [`MAX_SAMPLES`]).
    pub samples: usize,
}

impl Default for CastOptions {
    fn default() -> Self {
        CastOptions {
            target: DEFAULT_TARGET,
            samples: DEFAULT_SAMPLES,
        }
    }
}

impl CastOptions {
    /// The options with target separation `target`.
    pub fn with_target(target: f64) -> Self {
        CastOptions {
            target,
            ..CastOptions::default()
        }
    }

    /// The target as the machines use it: a finite number ≥ 0 (anything else is 0).
    pub(crate) fn target(&self) -> f64 {
        if self.target.is_finite() && self.target > 0.0 {
            self.target
        } else {
            0.0
        }
    }
}

/// What every cast answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct CastResult {
    /// Whether the shapes come within the target separation during the step.
    pub hit: bool,
    /// The time of impact in `[0, 1]` (null when there is none).
    pub t: Option<f64>,
    /// The unit normal at `t`, from A towards B (null when there is no hit, or none
    /// is known).
    pub normal: Option<DVec2>,
    /// A contact point at `t`, world: the point of A nearest B (A's deepest point when
    /// they overlap at `t = 0`).
    pub point: Option<DVec2>,
    /// The method's iterations (its own unit: samples, support points, advancement
    /// steps, distance evaluations).
    pub iterations: usize,
}

impl CastResult {
    /// No hit, after `iterations`.
    pub fn miss(iterations: usize) -> Self {
        CastResult {
            iterations,
            ..CastResult::default()
        }
    }

    /// A hit at `t` with its contact.
    pub fn hit_at(t: f64, contact: Contact, iterations: usize) -> Self {
        CastResult {
            hit: true,
            t: Some(t),
            normal: contact.normal,
            point: contact.point,
            iterations,
        }
    }
}

/// The shapes at one time, as the distance between them gives them (world).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Contact {
    /// Their distance (0 when they touch or overlap).
    pub distance: f64,
    /// The unit normal from A towards B: the nearest feature's normal, or the
    /// penetration's when they overlap.
    pub normal: Option<DVec2>,
    /// The point of A nearest B (A's deepest point when they overlap).
    pub point: Option<DVec2>,
    /// The point of B nearest A (B's deepest point when they overlap).
    pub point_b: Option<DVec2>,
}

/// What every cast machine says of its end (the trace writes it): its named outcome,
/// its answer, and whether it stopped at its iteration cap.
pub trait CastMachine: crate::algorithms::StepMachine {
    /// How the machine ends (its named outcomes).
    type Outcome: Serialize + Copy;
    /// How it ended, once it has.
    fn ending(&self) -> Option<Self::Outcome>;
    /// Its outcome's name (`hit`, `iteration_limit`, …), once it has ended.
    fn reason(&self) -> Option<&'static str>;
    /// Its answer, once it has ended.
    fn answer(&self) -> Option<CastResult>;
    /// Whether it stopped at its cap (the outcome `iteration_limit`).
    fn at_cap(&self) -> bool;
}

/// Two shapes and their motions over the step, placed at any time `t` in a frame that
/// moves with A's position (see the module notes).
#[derive(Clone, Debug)]
pub struct Sweep<'s> {
    /// A's geometry (borrowed), placed at `t` in the moving frame (its local origin
    /// at 0).
    a: ShapeRef<'s>,
    /// B's geometry (borrowed), placed at `t` in the moving frame.
    b: ShapeRef<'s>,
    /// Where the shapes start (world).
    start_a: Pose,
    start_b: Pose,
    /// Their motions.
    motion_a: Motion,
    motion_b: Motion,
    /// `x_B − x_A` at `t = 0`.
    offset: DVec2,
    /// The time the shapes are placed at.
    t: f64,
    /// `(cos θ, sin θ)` of A's and B's start angles: every later rotation is a turn of them.
    start_rotation_a: DVec2,
    start_rotation_b: DVec2,
    /// A time the rotations were kept at ([`keep_rotations`](Self::keep_rotations)),
    /// and them (one sine and cosine per shape per time however often the separation
    /// function asks: the root finder's probe, then the deepest points at the root,
    /// then the events).
    rotations: (f64, DVec2, DVec2),
    /// The rotations at `t = 1`, once kept: the time of impact looks at the end of
    /// the step again with every new separation function.
    end_rotations: Option<(DVec2, DVec2)>,
}

impl<'s> Sweep<'s> {
    /// The sweep of `a` moving by `motion_a` and `b` by `motion_b` (the geometries
    /// are borrowed, to be placed at any time).
    #[inline(always)]
    pub fn new(a: &'s Shape, motion_a: Motion, b: &'s Shape, motion_b: Motion) -> Self {
        Self::between(a.by_ref(), motion_a, b.by_ref(), motion_b)
    }

    /// [`new`](Self::new) for shapes already borrowed ([`ShapeRef`]).
    #[inline(always)]
    pub fn between(a: ShapeRef<'s>, motion_a: Motion, b: ShapeRef<'s>, motion_b: Motion) -> Self {
        let (start_a, start_b) = (a.pose(), b.pose());
        let mut sweep = Sweep {
            // The views keep the shapes' rotation vectors: no sine or cosine here.
            a,
            b,
            start_a,
            start_b,
            motion_a,
            motion_b,
            offset: start_b.position - start_a.position,
            t: f64::NAN,
            start_rotation_a: a.rotation_vector(),
            start_rotation_b: b.rotation_vector(),
            rotations: (f64::NAN, DVec2::X, DVec2::X),
            end_rotations: None,
        };
        sweep.place(0.0);
        sweep
    }

    /// Places both shapes at time `t` (in the moving frame).
    #[inline(always)]
    pub fn place(&mut self, t: f64) {
        if t == self.t {
            return;
        }
        // The rotations at `t`: kept ones when the root finder or the deepest points
        // already asked for them, the start's at `t = 0`, else computed once here.
        let (ra, rb) = self.rotations_at(t);
        // A that does not turn stays at its place in the moving frame once placed.
        if self.motion_a.angular != 0.0 || self.t.is_nan() {
            self.a.set_pose_rotated(self.relative_pose_a(t), ra);
        }
        self.t = t;
        self.b.set_pose_rotated(self.relative_pose_b(t), rb);
    }

    /// `(cos, sin)` of A's and B's angles at `t` (moving frame, as
    /// [`relative_pose_a`](Self::relative_pose_a) and
    /// [`relative_pose_b`](Self::relative_pose_b) give them, to the rounding of their
    /// angle `θ + ω·t` — a few units in the last place for turns of a few turns a step,
    /// 6e-8 rad at `ω·t = 1e9`, where that sum itself has lost as much; the same numbers
    /// wherever the sweep uses them):
    /// the shapes' own when they are placed at `t`, the kept ones at the time they were
    /// kept at ([`keep_rotations`](Self::keep_rotations)), none computed for a shape
    /// that does not turn.
    #[inline(always)]
    pub fn rotations_at(&self, t: f64) -> (DVec2, DVec2) {
        let (kept, ra, rb) = self.rotations;
        if kept == t {
            return (ra, rb);
        }
        if t == self.t {
            // The shapes are placed there: their own rotation vectors.
            return (self.a.rotation_vector(), self.b.rotation_vector());
        }
        self.compute_rotations(t)
    }

    /// Computes the rotations at `t` once, for the calls of
    /// [`rotations_at`](Self::rotations_at) at `t` that follow (until the next time
    /// kept).
    #[inline(always)]
    pub fn keep_rotations(&mut self, t: f64) {
        if self.rotations.0 != t && t != self.t {
            let (ra, rb) = match self.end_rotations {
                Some(end) if t == 1.0 => end,
                _ => self.compute_rotations(t),
            };
            if t == 1.0 {
                // The end's, computed once per sweep.
                self.end_rotations = Some((ra, rb));
            }
            self.rotations = (t, ra, rb);
        }
    }

    /// The rotations at `t`, one sine and cosine per turning shape (of the turn so far,
    /// `ω·t`, applied to the start's rotation): the start's own when that turn is 0 (a
    /// shape that does not turn, or `t = 0`).
    #[inline(always)]
    fn compute_rotations(&self, t: f64) -> (DVec2, DVec2) {
        let turned = |motion: Motion, at_start: DVec2| {
            let turn = motion.angular * t;
            if turn == 0.0 {
                at_start
            } else {
                // rot(θ + ω·t) = rot(θ)·rot(ω·t), a product of unit complex numbers:
                // a step's turn is usually small, and within ±π/4 `rotation_vector` is
                // a bare polynomial, without the reduction by multiples of π/2 a whole
                // angle needs (a larger turn takes that reduction, as before).
                at_start.rotate(crate::motion::rotation_vector(turn))
            }
        };
        (
            turned(self.motion_a, self.start_rotation_a),
            turned(self.motion_b, self.start_rotation_b),
        )
    }

    /// A's pose at `t` in the moving frame: its origin at 0, turned by `θ_A + t·ω_A`.
    #[inline(always)]
    pub fn relative_pose_a(&self, t: f64) -> Pose {
        Pose::new(
            DVec2::ZERO,
            self.start_a.rotation + self.motion_a.angular * t,
        )
    }

    /// B's pose at `t` in the moving frame: `(x_B − x_A) + t·(v_B − v_A)`, turned by
    /// `θ_B + t·ω_B`.
    #[inline(always)]
    pub fn relative_pose_b(&self, t: f64) -> Pose {
        Pose::new(
            self.offset + self.relative_velocity() * t,
            self.start_b.rotation + self.motion_b.angular * t,
        )
    }

    /// The shapes as last placed (moving frame).
    #[inline(always)]
    pub fn shapes(&self) -> (&ShapeRef<'s>, &ShapeRef<'s>) {
        (&self.a, &self.b)
    }

    /// The time the shapes were last placed at.
    pub fn time(&self) -> f64 {
        self.t
    }

    /// `v_B − v_A`: B's velocity seen from A (world axes).
    #[inline(always)]
    pub fn relative_velocity(&self) -> DVec2 {
        self.motion_b.velocity - self.motion_a.velocity
    }

    /// A's motion.
    pub fn motion_a(&self) -> Motion {
        self.motion_a
    }

    /// B's motion.
    pub fn motion_b(&self) -> Motion {
        self.motion_b
    }

    /// Whether either shape turns.
    pub fn rotates(&self) -> bool {
        self.motion_a.rotates() || self.motion_b.rotates()
    }

    /// A's pose at `t` in the world.
    pub fn world_pose_a(&self, t: f64) -> Pose {
        self.motion_a.pose_at(self.start_a, t)
    }

    /// B's pose at `t` in the world.
    pub fn world_pose_b(&self, t: f64) -> Pose {
        self.motion_b.pose_at(self.start_b, t)
    }

    /// A point of the moving frame at time `t`, in the world.
    #[inline(always)]
    pub fn to_world(&self, p: DVec2, t: f64) -> DVec2 {
        (self.start_a.position + self.motion_a.velocity * t) + p
    }

    /// The pair's size: the larger bounding radius (as every tolerance of gjk-lab).
    pub fn scale(&self) -> f64 {
        crate::minkowski::Tolerance::for_scale(
            self.a.bounding_radius().max(self.b.bounding_radius()),
        )
        .scale
    }

    /// The cast's tolerance on the distance to the target 0: [`cast_tolerance`] of the
    /// pair's size and of the sweep's numbers.
    pub fn tolerance(&self) -> f64 {
        self.tolerance_for(0.0)
    }

    /// The cast's tolerance on the distance to `target`: [`RELATIVE_TOLERANCE`] of the
    /// pair's size, or more when the sweep's numbers are so large that rounding
    /// cannot resolve it ([`cast_tolerance`]: B's offset from A, the relative motion,
    /// the shapes' reaches and radii, the target). A turn is not counted: its angle
    /// `ω·t` is rounded in proportion to itself, tiny early in a fast spin, and a
    /// floor of `ω·R` would take a pair 1e-5 apart for touching at `t = 1e-9` (a spin
    /// of 9e8 rad); a spin too fast to resolve ends at the cap, `iteration_limit`.
    pub fn tolerance_for(&self, target: f64) -> f64 {
        let magnitude = self.offset.length()
            + self.relative_velocity().length()
            + self.reach_a()
            + self.reach_b()
            + self.margin()
            + target.abs();
        cast_tolerance(self.scale(), magnitude)
    }

    /// How far a point of A's core can be from A's local origin, the centre it turns
    /// about (a circle's core is its centre: 0).
    pub fn reach_a(&self) -> f64 {
        core_reach(self.a)
    }

    /// [`reach_a`](Self::reach_a) for B.
    pub fn reach_b(&self) -> f64 {
        core_reach(self.b)
    }

    /// The radii of the rounded parts, `r_A + r_B` (circles; 0 otherwise).
    pub fn margin(&self) -> f64 {
        self.a.radius() + self.b.radius()
    }

    /// GJK distance between the shapes placed at `t` (moving frame): the very
    /// [`GjkDistance`] of the static queries, with [`DISTANCE_SETTINGS`].
    #[inline(always)]
    pub fn distance_at(&mut self, t: f64) -> DistanceResult {
        self.place(t);
        GjkDistance::configured(self.a, self.b, &DISTANCE_SETTINGS, None).run()
    }

    /// [`distance_at`](Self::distance_at) started from where an earlier one ended
    /// (`cache`, from the same sweep; [`GjkDistance::warm_started`]): the same
    /// distance to GJK's tolerance, usually after one support point when the closest
    /// features have not changed. Returns the machine, not yet run, for the caller to
    /// run where it keeps it and read what it needs of it — its distance, its closest
    /// features, the cache for the next — building its whole
    /// [`result`](GjkDistance::result) only when it needs that (the time of impact asks
    /// at every `t1`, and needs the world simplex only for a contact near a hit and to
    /// show it).
    #[inline(always)]
    pub fn distance_from<'c>(&mut self, t: f64, cache: Option<&'c SimplexCache>) -> GjkDistance<'c>
    where
        's: 'c,
    {
        self.place(t);
        GjkDistance::configured(self.a, self.b, &DISTANCE_SETTINGS, cache)
    }

    /// The contact a distance result at `t` describes, in the world (see
    /// [`Contact`]). When the shapes overlap, EPA measures the normal.
    pub fn contact(&mut self, r: &DistanceResult, t: f64) -> Contact {
        self.place(t);
        if r.intersects {
            let md = MinkowskiDifference::between(self.a, self.b);
            let epa = Epa::from_gjk(md, r).run();
            return match epa.penetration {
                Some(p) => Contact {
                    distance: 0.0,
                    normal: Some(p.normal),
                    point: Some(self.to_world(p.point_a, t)),
                    point_b: Some(self.to_world(p.point_b, t)),
                },
                // Touching (no depth for EPA to measure): the touching feature's
                // normal, else the way from A's inside to B's.
                None => {
                    let (a, b) = (self.a.interior_point(), self.b.interior_point());
                    let (ca, cb) = r.closest.unwrap_or((a, b));
                    Contact {
                        distance: 0.0,
                        normal: feature_normal(r).or_else(|| try_normalize(b - a)),
                        point: Some(self.to_world(ca, t)),
                        point_b: Some(self.to_world(cb, t)),
                    }
                }
            };
        }
        let (ca, cb) = r.closest.unwrap_or_default();
        Contact {
            distance: r.distance,
            normal: if self.curved() {
                self.curved_normal(r)
            } else {
                feature_normal(r)
            },
            point: Some(self.to_world(ca, t)),
            point_b: Some(self.to_world(cb, t)),
        }
    }

    /// The normal from A towards B of a separated pair with a curve (an ellipse): the
    /// normal of smallest support value of the core difference near a first guess
    /// ([`refine_normal`](super::refine::refine_normal), as GJK distance refines its
    /// closest points). The guess is GJK's own direction, from its simplex's point
    /// nearest the origin, not the line between the closest points: with a rounded
    /// shape those are nearly one point when the shapes touch (an ellipse touching a
    /// capsule had its normal 90° off), and on a needle-thin ellipse its point along
    /// a normal slides far along the needle when the normal turns a little (a point
    /// touching the side of an ellipse 28 long and 3e-8 thick had the needle's own
    /// direction for its normal).
    fn curved_normal(&self, r: &DistanceResult) -> Option<DVec2> {
        // GJK distance refined it already (or tried and kept its own direction), from
        // the same guess within the same bound.
        if let Some(n) = r.refined_normal {
            return Some(n);
        }
        let between_points = || r.closest.and_then(|(a, b)| try_normalize(b - a));
        let guess = try_normalize(-r.simplex.closest_to(DVec2::ZERO).point)
            .or_else(between_points)
            .or_else(|| try_normalize(-r.core_closest))?;
        let mut md = MinkowskiDifference::between(self.a, self.b);
        md.apply(&DISTANCE_SETTINGS);
        // Kept only while the cores are apart along it and no farther apart than GJK
        // found them (as GJK distance keeps its own refinement).
        let upper = r.distance + self.margin() + md.tolerance.touch;
        let refined = super::refine::refine_normal(&md, guess)
            .filter(|f| f.height < 0.0 && -f.height <= upper);
        Some(refined.map_or(guess, |f| f.normal))
    }

    /// Whether a shape is curved (an ellipse): its simplex points are no vertices.
    fn curved(&self) -> bool {
        matches!(self.a.geometry(), Geometry::Ellipse(_))
            || matches!(self.b.geometry(), Geometry::Ellipse(_))
    }
}

/// The largest distance from a shape's local origin to a point of its core.
fn core_reach(shape: ShapeRef) -> f64 {
    match shape.geometry() {
        Geometry::Circle(_) => 0.0,
        _ => shape.bounding_radius(),
    }
}

/// The normal from A towards B, from GJK distance's last simplex: an edge of `A − B`
/// gives its own normal (exact, even when the shapes are 1e-12 apart and the line
/// between the closest points has no direction left), a vertex the direction to it.
/// (A curved pair apart has [`Sweep::curved_normal`] instead.)
fn feature_normal(r: &DistanceResult) -> Option<DVec2> {
    let towards_b = -r.core_closest;
    if r.simplex.len() == 2 {
        let (p, q) = (r.simplex.get(0).p, r.simplex.get(1).p);
        if let Some(n) = try_normalize(perp_ccw(q - p)) {
            // The edge's normal on the origin's side: from A − B towards the origin,
            // from A towards B.
            return Some(if n.dot(p) > 0.0 { -n } else { n });
        }
    }
    try_normalize(towards_b)
}
