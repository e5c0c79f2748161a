//! Continuous collision, interleaved (as `narrow_interleaved.rs`): gjk-lab's linear
//! shape cast (GJK-raycast, and the SAT cast that `gjk-lab cast` answers two polygons
//! with) against parry2d-f64's `cast_shapes`, and gjk-lab's time of
//! impact (and conservative advancement) against parry's `cast_shapes_nonlinear`,
//! timed one right after the other on the same 1,024 random moving pairs; the minimum
//! over rounds and the median of each, in nanoseconds per cast, with their ratio
//! (below 1: gjk-lab is faster).
//!
//! The pairs: A at a random place and angle, B at a random angle 2 to 4 bounding radii
//! away, moving towards A's centre by 1.5 to 3 times that distance with its aim off by
//! up to 0.6 rad (so that about half of them hit), A moving a little too; in the
//! rotating rows each shape also turns by up to ±1 rad over the step. Before any
//! timing each row counts the pairs on which both libraries agree (hit or not, and
//! the time within 1e-6 for a translation, 1e-3 with a turn: parry's nonlinear cast
//! stops within its own looser tolerance), and of the disagreements, how many are
//! later than conservative advancement's hit (which never steps past the first touch).
//!
//! Capsule rows: a capsule of half-length 0.6 and radius 0.4 (bounding radius 1, as
//! the 8-gon's), parry's `Capsule` of the same segment.
//!
//! With `GJK_LAB_CAST_POSES=FILE` set, every shape-cast and time-of-impact row writes
//! its pairs, shapes and gjk-lab's answers to FILE (the first row truncates it, later
//! rows append), for `scripts/box2d-cast-bench.sh` to time Box2D's `b2ShapeCast` and
//! `b2TimeOfImpact` on the very same inputs:
//!
//! ```text
//! row <pairs> <shape_cast|toi> <label>
//! a polygon <n> <x y>…  |  a circle <r>  |  a capsule <ax ay bx by r>   (local frame)
//! b …
//! <ax ay a_rot avx avy aw bx by b_rot bvx bvy bw hit t>   one line per pair
//! ```
//!
//! (world poses at `t = 0`, velocities and turns over the step; `hit` 0 or 1, `t`
//! gjk-lab's time of impact for the row's target, or -1 without a hit).
//!
//! The rows "…, Box2D's aim" run gjk-lab's time of impact on the same pairs as the
//! rows before them but with Box2D's target and tolerance (`b2TimeOfImpact`'s window:
//! the linear slop, 0.005, apart, give or take a quarter of it, as `s = 0.00375`,
//! `ε = 0.0025`; rounded pairs `[0, 0.0025]`, since gjk-lab's target is never below 0
//! where Box2D's overlaps them by the slop), for a like-with-like comparison of the
//! time; their `agree` allows 1e-2 on `t`. Time-of-impact rows also print their
//! distance evaluations, deepest-point searches and root-finder probes per cast.
//!
//! With Box2D compiled in (`BOX2D_DIR` set to a Box2D v3.1 source tree when building;
//! `peers/box2d`), each shape-cast and time-of-impact row times Box2D's `b2ShapeCast` or
//! `b2TimeOfImpact` too, in the same rounds (gjk-lab, parry, Box2D, one after the other,
//! on the same pairs), and prints a line under the row: Box2D's hits, its agreement
//! with gjk-lab's answers (the same hit or miss, `t` within 1e-2: Box2D stops at its
//! linear slop) and the ratio of the times. Box2D's inputs are made once per row, as
//! `scripts/box2d/cast_harness.c` makes them.
//!
//! Run: `cargo bench --bench cast_interleaved` (with Box2D: `BOX2D_DIR=/path/to/box2d
//! cargo bench --bench cast_interleaved`).

// The shared helpers; the ellipse support map and the pose dump are for the other
// benchmarks.
#[allow(dead_code)]
mod common;

mod cast_pairs;

use cast_pairs::{cases, Case, PAIRS, SEED};
use common::{octagon_vertices, Rng};
use gjk_lab_core::algorithms::cast::advancement::Advancement;
use gjk_lab_core::algorithms::cast::sat_cast::SatCast;
use gjk_lab_core::algorithms::cast::shape_cast::ShapeCast;
use gjk_lab_core::algorithms::cast::toi::{TimeOfImpact, ToiEvent};
use gjk_lab_core::algorithms::cast::{CastOptions, CastResult};
use gjk_lab_core::algorithms::{Progress, StepMachine};
use gjk_lab_core::shapes::{Capsule, Circle, ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use parry2d_f64::math::{Pose as PPose, Vector as PVec};
use parry2d_f64::query as pq;
use parry2d_f64::query::{NonlinearRigidMotion, ShapeCastOptions};
use parry2d_f64::shape::{Ball, Capsule as PCapsule, ConvexPolygon as PPolygon, Shape as PShape};
use std::fs::OpenOptions;
use std::hint::black_box;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

const ROUNDS: usize = 300;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Octagon,
    Circle,
    Capsule,
}

/// The capsule's segment ends and radius.
const CAPSULE: ([f64; 2], [f64; 2], f64) = ([-0.6, 0.0], [0.6, 0.0], 0.4);

fn ours(kind: Kind, pose: Pose) -> Shape {
    let g = match kind {
        Kind::Octagon => Geometry::Polygon(ConvexPolygon::new(&octagon_vertices()).unwrap()),
        Kind::Circle => Geometry::Circle(Circle { radius: 0.9 }),
        Kind::Capsule => Geometry::Capsule(
            Capsule::new(DVec2::from(CAPSULE.0), DVec2::from(CAPSULE.1), CAPSULE.2).unwrap(),
        ),
    };
    Shape::new(g, pose)
}

fn theirs(kind: Kind) -> Box<dyn PShape> {
    match kind {
        Kind::Octagon => Box::new(
            PPolygon::from_convex_polyline(
                octagon_vertices()
                    .iter()
                    .map(|v| PVec::new(v.x, v.y))
                    .collect(),
            )
            .unwrap(),
        ),
        Kind::Circle => Box::new(Ball::new(0.9)),
        Kind::Capsule => Box::new(PCapsule::new(
            PVec::new(CAPSULE.0[0], CAPSULE.0[1]),
            PVec::new(CAPSULE.1[0], CAPSULE.1[1]),
            CAPSULE.2,
        )),
    }
}

/// A pair's poses at `t = 0` and motions as twelve numbers: A's position x, y, angle,
/// velocity x, y and turn, then B's (a line of the pose file; Box2D's [`Pair`]).
///
/// [`Pair`]: box2d_peer::Pair
fn pair_numbers(c: &Case) -> [f64; 12] {
    let (pa, ma, pb, mb) = (c.pa, c.ma, c.pb, c.mb);
    [
        pa.position.x,
        pa.position.y,
        pa.rotation,
        ma.velocity.x,
        ma.velocity.y,
        ma.angular,
        pb.position.x,
        pb.position.y,
        pb.rotation,
        mb.velocity.x,
        mb.velocity.y,
        mb.angular,
    ]
}

/// A shape as Box2D's proxy (as `scripts/box2d/cast_harness.c` makes it): the 8-gon's
/// vertices, the capsule's ends with its radius, the circle's centre with its radius.
fn box2d_proxy(kind: Kind) -> (Vec<[f64; 2]>, f64) {
    match kind {
        Kind::Octagon => (octagon_vertices().iter().map(|v| [v.x, v.y]).collect(), 0.0),
        Kind::Circle => (vec![[0.0, 0.0]], 0.9),
        Kind::Capsule => (vec![CAPSULE.0, CAPSULE.1], CAPSULE.2),
    }
}

/// Box2D's inputs for a row's pairs, when Box2D is compiled in (`BOX2D_DIR`, see
/// `peers/box2d`): `b2ShapeCast` for the linear casts, `b2TimeOfImpact` for the time of
/// impact; none for conservative advancement (Box2D has none).
fn box2d_row(how: Ours, kinds: (Kind, Kind), cases: &[Case]) -> Option<box2d_peer::Row> {
    let call = match how {
        Ours::ShapeCast | Ours::SatCast => box2d_peer::Call::ShapeCast,
        Ours::TimeOfImpact => box2d_peer::Call::TimeOfImpact,
        Ours::Advancement => return None,
    };
    let ((pa, ra), (pb, rb)) = (box2d_proxy(kinds.0), box2d_proxy(kinds.1));
    let pairs: Vec<box2d_peer::Pair> = cases.iter().map(pair_numbers).collect();
    let a = box2d_peer::Proxy {
        points: &pa,
        radius: ra,
    };
    let b = box2d_peer::Proxy {
        points: &pb,
        radius: rb,
    };
    box2d_peer::Row::new(call, &a, &b, &pairs)
}

/// A shape's line of the pose file (local frame).
fn shape_text(kind: Kind) -> String {
    match kind {
        Kind::Octagon => {
            let v = octagon_vertices();
            let xy: Vec<String> = v.iter().map(|p| format!("{} {}", p.x, p.y)).collect();
            format!("polygon {} {}", v.len(), xy.join(" "))
        }
        Kind::Circle => "circle 0.9".to_string(),
        Kind::Capsule => {
            let ([ax, ay], [bx, by], r) = CAPSULE;
            format!("capsule {ax} {ay} {bx} {by} {r}")
        }
    }
}

/// Set by the first row that opens the pose file, so that later rows append to it.
static POSE_FILE_STARTED: AtomicBool = AtomicBool::new(false);

/// Writes a row's pairs and gjk-lab's answers to `GJK_LAB_CAST_POSES` (see the module
/// notes), if it is set.
fn dump_row(name: &str, how: Ours, kinds: (Kind, Kind), cases: &[Case], answers: &[CastResult]) {
    let Some(path) = std::env::var_os("GJK_LAB_CAST_POSES") else {
        return;
    };
    let op = match how {
        Ours::ShapeCast => "shape_cast",
        Ours::TimeOfImpact => "toi",
        // The same pairs as the shape cast's row: Box2D's `b2ShapeCast` is timed there.
        Ours::Advancement | Ours::SatCast => return,
    };
    let first = !POSE_FILE_STARTED.swap(true, Ordering::Relaxed);
    let file = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(first)
        .append(!first)
        .open(&path)
        .unwrap_or_else(|e| panic!("GJK_LAB_CAST_POSES={}: {e}", path.to_string_lossy()));
    let mut out = BufWriter::new(file);
    let mut w = || -> std::io::Result<()> {
        writeln!(out, "row {} {op} {name}", cases.len())?;
        writeln!(out, "a {}\nb {}", shape_text(kinds.0), shape_text(kinds.1))?;
        for (c, r) in cases.iter().zip(answers) {
            let t = r.t.filter(|_| r.hit).unwrap_or(-1.0);
            for x in pair_numbers(c) {
                write!(out, "{x} ")?;
            }
            writeln!(out, "{} {t}", r.hit as u8)?;
        }
        out.flush()
    };
    w().expect("writing GJK_LAB_CAST_POSES");
}

fn ppose(p: Pose) -> PPose {
    PPose::new(PVec::new(p.position.x, p.position.y), p.rotation)
}

fn pvec(v: DVec2) -> PVec {
    PVec::new(v.x, v.y)
}

#[derive(Clone, Copy, PartialEq)]
enum Ours {
    ShapeCast,
    /// The SAT cast: what `gjk-lab cast` answers two polygons with.
    SatCast,
    TimeOfImpact,
    Advancement,
}

/// Box2D's linear slop (`B2_LINEAR_SLOP`, 0.005 m): the target separation of its
/// `b2TimeOfImpact` for polygons; its tolerance is a quarter of it, on either side.
const BOX2D_LINEAR_SLOP: f64 = 0.005;

/// What a time-of-impact row aims at.
#[derive(Clone, Copy, PartialEq)]
enum Aim {
    /// gjk-lab's own: the first touch, within 1e-10 of the pair's size.
    Own,
    /// Box2D's window: Box2D hits when the distance is within `slop ± slop/4`
    /// (`[0.00375, 0.00625]` for polygons), its root finder aiming at the slop;
    /// gjk-lab's within `[s, s + ε]` aiming at `s + ε/2`, so `s = 0.75·slop`,
    /// `ε = slop/2` is the same window and the same aim. Rounded pairs: Box2D's
    /// window is `−slop ± slop/4` (overlapping); gjk-lab's target is never below 0,
    /// so `[0, slop/2]`, the same width.
    Box2D,
}

fn cast_ours(
    how: Ours,
    a: &Shape,
    b: &Shape,
    c: &Case,
    options: &CastOptions,
    tolerance: Option<f64>,
) -> CastResult {
    match how {
        Ours::ShapeCast => ShapeCast::new(a, c.ma, b, c.mb, options).run(),
        Ours::SatCast => SatCast::new(a, c.ma, b, c.mb, options).run(),
        Ours::TimeOfImpact => match tolerance {
            Some(e) => TimeOfImpact::new(a, c.ma, b, c.mb, options)
                .with_tolerance(e)
                .run(),
            None => TimeOfImpact::new(a, c.ma, b, c.mb, options).run(),
        },
        Ours::Advancement => Advancement::new(a, c.ma, b, c.mb, options).run(),
    }
}

/// parry's time of impact in [0, 1], if any.
fn cast_theirs(linear: bool, ga: &dyn PShape, gb: &dyn PShape, c: &Case) -> Option<f64> {
    if linear {
        let options = ShapeCastOptions {
            max_time_of_impact: 1.0,
            target_distance: 0.0,
            stop_at_penetration: true,
            compute_impact_geometry_on_penetration: true,
        };
        pq::cast_shapes(
            &ppose(c.pa),
            pvec(c.ma.velocity),
            ga,
            &ppose(c.pb),
            pvec(c.mb.velocity),
            gb,
            options,
        )
        .unwrap()
        .map(|h| h.time_of_impact)
    } else {
        let m1 =
            NonlinearRigidMotion::new(ppose(c.pa), PVec::ZERO, pvec(c.ma.velocity), c.ma.angular);
        let m2 =
            NonlinearRigidMotion::new(ppose(c.pb), PVec::ZERO, pvec(c.mb.velocity), c.mb.angular);
        pq::cast_shapes_nonlinear(&m1, ga, &m2, gb, 0.0, 1.0, true)
            .unwrap()
            .map(|h| h.time_of_impact)
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn row(name: &str, how: Ours, kinds: (Kind, Kind), turn: f64, aim: Aim) {
    let mut rng = Rng(SEED);
    let cases = cases(turn, || rng.next());
    let linear = turn == 0.0;
    let rounded = kinds.0 != Kind::Octagon || kinds.1 != Kind::Octagon;
    let (options, eps) = match aim {
        Aim::Own => (CastOptions::default(), None),
        Aim::Box2D => (
            CastOptions::with_target(if rounded {
                0.0
            } else {
                0.75 * BOX2D_LINEAR_SLOP
            }),
            Some(0.5 * BOX2D_LINEAR_SLOP),
        ),
    };
    let ours_shapes: Vec<(Shape, Shape)> = cases
        .iter()
        .map(|c| (ours(kinds.0, c.pa), ours(kinds.1, c.pb)))
        .collect();
    let (ga, gb) = (theirs(kinds.0), theirs(kinds.1));
    let (ga, gb): (&dyn PShape, &dyn PShape) = (ga.as_ref(), gb.as_ref());
    // Agreement first.
    // Box2D's aim: 0.005 apart, and a hit anywhere in a window of 0.00125, moves `t`
    // by up to about 0.005 / (the approach speed, 1 to 12 per step) from the first
    // touch.
    let tolerance = match (aim, linear) {
        (Aim::Box2D, _) => 1e-2,
        (Aim::Own, true) => 1e-6,
        (Aim::Own, false) => 1e-3,
    };
    let (mut agree, mut hits, mut later) = (0, 0, 0);
    // The time of impact's distance evaluations and root-finder probes, summed.
    let (mut distances, mut deepest, mut probes) = (0, 0, 0);
    let mut answers = Vec::with_capacity(cases.len());
    for (c, (a, b)) in cases.iter().zip(&ours_shapes) {
        let mine = cast_ours(how, a, b, c, &options, eps);
        if how == Ours::TimeOfImpact {
            let mut m = TimeOfImpact::new(a, c.ma, b, c.mb, &options);
            if let Some(e) = eps {
                m = m.with_tolerance(e);
            }
            while let Progress::Stepped(e) = m.advance(true) {
                deepest += matches!(e, Some(ToiEvent::Deepest { .. })) as usize;
            }
            distances += mine.iterations;
            probes += m.root_iterations();
        }
        answers.push(mine);
        let other = cast_theirs(linear, ga, gb, c);
        hits += mine.hit as usize;
        let same = match (mine.t.filter(|_| mine.hit), other) {
            (Some(x), Some(y)) => (x - y).abs() <= tolerance,
            (None, None) => true,
            _ => false,
        };
        agree += same as usize;
        // A disagreement where conservative advancement (which never steps past the
        // first touch) finds an earlier hit: ours came later than the first touch.
        if !same {
            let first = cast_ours(Ours::Advancement, a, b, c, &options, None).t;
            let t = mine.t.unwrap_or(f64::INFINITY);
            later += first.is_some_and(|f| t > f + tolerance) as usize;
        }
    }
    dump_row(name, how, kinds, &cases, &answers);
    let box2d = box2d_row(how, kinds, &cases);
    // Box2D against gjk-lab's answers: the same hit or miss, and `t` within 1e-2 (Box2D
    // stops at its linear slop, not at the first touch; see `Aim`).
    let box2d_agree = box2d.as_ref().map(|row| {
        let (mut hits, mut agree) = (0, 0);
        for (i, mine) in answers.iter().enumerate() {
            let theirs = row.answer(i);
            hits += theirs.hit as usize;
            agree += match (mine.t.filter(|_| mine.hit), theirs.hit) {
                (Some(t), true) => (t - theirs.t).abs() <= 1e-2,
                (None, false) => true,
                _ => false,
            } as usize;
        }
        (hits, agree)
    });
    let (mut t_ours, mut t_theirs, mut t_box2d) = (Vec::new(), Vec::new(), Vec::new());
    let mut sink = 0.0;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        for (c, (a, b)) in cases.iter().zip(&ours_shapes) {
            sink += cast_ours(how, black_box(a), black_box(b), c, &options, eps)
                .t
                .unwrap_or(2.0);
        }
        t_ours.push(start.elapsed().as_secs_f64() * 1e9 / PAIRS as f64);
        let start = Instant::now();
        for c in &cases {
            sink += cast_theirs(linear, black_box(ga), black_box(gb), c).unwrap_or(2.0);
        }
        t_theirs.push(start.elapsed().as_secs_f64() * 1e9 / PAIRS as f64);
        if let Some(row) = &box2d {
            let start = Instant::now();
            sink += f64::from(black_box(row).pass());
            t_box2d.push(start.elapsed().as_secs_f64() * 1e9 / PAIRS as f64);
        }
    }
    black_box(sink);
    let (min_o, min_t) = (
        t_ours.iter().copied().fold(f64::INFINITY, f64::min),
        t_theirs.iter().copied().fold(f64::INFINITY, f64::min),
    );
    let (med_o, med_t) = (median(&mut t_ours), median(&mut t_theirs));
    let counts = if how == Ours::TimeOfImpact {
        format!(
            "  per cast: {:.1} distances, {:.1} deepest points, {:.1} probes",
            distances as f64 / PAIRS as f64,
            deepest as f64 / PAIRS as f64,
            probes as f64 / PAIRS as f64
        )
    } else {
        String::new()
    };
    println!(
        "{name:<44} hits {hits:>4}/{PAIRS}  agree {agree:>4}/{PAIRS} (later than advancement {later})  gjk-lab min {min_o:>7.1} ns  parry min {min_t:>7.1} ns  ratio {:.2}   (median {med_o:.1} / {med_t:.1} = {:.2})",
        min_o / min_t,
        med_o / med_t
    );
    if !counts.is_empty() {
        println!("{:<44}{counts}", "");
    }
    if let Some((hits, agree)) = box2d_agree {
        let min_b = t_box2d.iter().copied().fold(f64::INFINITY, f64::min);
        let med_b = median(&mut t_box2d);
        let call = if how == Ours::TimeOfImpact {
            "b2TimeOfImpact"
        } else {
            "b2ShapeCast"
        };
        println!(
            "{:<44} Box2D {call}: hits {hits:>4}/{PAIRS}  agree {agree:>4}/{PAIRS} (t within 1e-2)  Box2D min {min_b:>7.1} ns  gjk-lab / Box2D {:.2}   (median {med_o:.1} / {med_b:.1} = {:.2})",
            "",
            min_o / min_b,
            med_o / med_b
        );
    }
}

/// A row: its name, the method, the shapes, the turn and the aim.
type Row = (&'static str, Ours, (Kind, Kind), f64, Aim);

fn main() {
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let rows: [Row; 12] = [
        (
            "shape cast, 8-gon vs 8-gon",
            Ours::ShapeCast,
            (Kind::Octagon, Kind::Octagon),
            0.0,
            Aim::Own,
        ),
        (
            "SAT cast, 8-gon vs 8-gon",
            Ours::SatCast,
            (Kind::Octagon, Kind::Octagon),
            0.0,
            Aim::Own,
        ),
        (
            "shape cast, 8-gon vs circle",
            Ours::ShapeCast,
            (Kind::Octagon, Kind::Circle),
            0.0,
            Aim::Own,
        ),
        (
            "shape cast, capsule vs capsule",
            Ours::ShapeCast,
            (Kind::Capsule, Kind::Capsule),
            0.0,
            Aim::Own,
        ),
        (
            "time of impact, 8-gons, turning",
            Ours::TimeOfImpact,
            (Kind::Octagon, Kind::Octagon),
            1.0,
            Aim::Own,
        ),
        (
            "time of impact, 8-gon vs circle, turning",
            Ours::TimeOfImpact,
            (Kind::Octagon, Kind::Circle),
            1.0,
            Aim::Own,
        ),
        (
            "time of impact, capsules, turning",
            Ours::TimeOfImpact,
            (Kind::Capsule, Kind::Capsule),
            1.0,
            Aim::Own,
        ),
        (
            "conservative advancement, 8-gons, turning",
            Ours::Advancement,
            (Kind::Octagon, Kind::Octagon),
            1.0,
            Aim::Own,
        ),
        (
            "time of impact, 8-gons, translating",
            Ours::TimeOfImpact,
            (Kind::Octagon, Kind::Octagon),
            0.0,
            Aim::Own,
        ),
        (
            "time of impact, 8-gons, turning, Box2D's aim",
            Ours::TimeOfImpact,
            (Kind::Octagon, Kind::Octagon),
            1.0,
            Aim::Box2D,
        ),
        (
            "time of impact, 8-gon vs circle, turning, Box2D's aim",
            Ours::TimeOfImpact,
            (Kind::Octagon, Kind::Circle),
            1.0,
            Aim::Box2D,
        ),
        (
            "time of impact, capsules, turning, Box2D's aim",
            Ours::TimeOfImpact,
            (Kind::Capsule, Kind::Capsule),
            1.0,
            Aim::Box2D,
        ),
    ];
    if box2d_peer::available() {
        println!("Box2D: compiled in from BOX2D_DIR (peers/box2d), timed taking turns with gjk-lab and parry");
    } else {
        println!("Box2D: not compiled in (BOX2D_DIR=/path/to/box2d-v3.1 cargo bench --bench cast_interleaved adds it)");
    }
    for (name, how, kinds, turn, aim) in rows {
        if wanted.is_empty() || wanted.iter().any(|w| name.contains(w.as_str())) {
            row(name, how, kinds, turn, aim);
        }
    }
}
