//! The many-shapes mode (the broad phase): the scene's shapes drift and bounce inside
//! a box, every frame sweep and prune finds the pairs whose AABBs overlap, and the
//! narrow phase (`query::intersects`: face separation for two polygons, the closed
//! form for a circle and a polygon, GJK otherwise) tells which of those really touch. The sweep can also be stepped, one end
//! point at a time ([`SweepTrace`]). Nothing here draws, so it is tested without a
//! window.

pub mod panel;
pub mod view;

use crate::app::lab::Lab;
use crate::app::modes::ModeCommands;
use crate::app::platform;
use crate::app::predict::Situation;
use crate::app::view::camera::Camera;
use crate::app::visualizers::sweep::SweepTrace;
use crate::app::visualizers::Step;
use gjk_lab_core::algorithms::sap::{SapEvent, SapStats, SweepAndPrune};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::crowd::Rng;
use gjk_lab_core::lesson::checkpoint::Names;
use gjk_lab_core::query::intersects;
use gjk_lab_core::scene::NamedShape;
use gjk_lab_core::shapes::Shape;
use gjk_lab_core::shapes::{Aabb, Pose};
use glam::DVec2;
use std::collections::VecDeque;

/// Frames kept in the profiler's history.
pub const HISTORY: usize = 180;
/// Time the shapes move between two stepped frames, in seconds: long enough for some
/// end points to cross, so that insertion sort has swaps to show.
pub const STEP_DT: f64 = 0.25;
/// Largest time step of the motion (a slow frame does not make shapes jump).
const MAX_DT: f64 = 1.0 / 20.0;
/// Room around the shapes' starting box, as a fraction of its size (plus one unit).
const ROOM: f64 = 0.05;

/// One frame's timings and counts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    /// Broad phase (sweep and prune) time, ms.
    pub broad_ms: f64,
    /// Narrow phase (`query::intersects` on every broad-phase pair) time, ms.
    pub narrow_ms: f64,
    /// Sweep and prune's counts.
    pub stats: SapStats,
    /// Pairs whose shapes intersect.
    pub contacts: usize,
    /// When the shapes jumped ahead before this frame (`--advance`) instead of moving
    /// one frame's time: the seconds of motion its insertion sort caught up with. Such a
    /// frame is labelled in the profiler and left out of its graph, which shows the
    /// running frames.
    pub after_jump: Option<f64>,
}

/// The state of the many-shapes mode.
pub struct Many {
    /// Velocity of each shape (world units per second).
    pub velocities: Vec<DVec2>,
    /// Spin of each shape (radians per second).
    pub spins: Vec<f64>,
    /// The box the shapes bounce in.
    pub bounds: Aabb,
    /// The shape the user holds (it does not drift).
    pub held: Option<usize>,
    /// Whether the motion is paused.
    pub paused: bool,
    /// The broad phase, kept between frames (insertion-sort coherence).
    pub sap: SweepAndPrune,
    /// Broad-phase pairs of the last frame (AABBs overlap), `a < b`.
    pub pairs: Vec<(u32, u32)>,
    /// The pairs whose shapes intersect (narrow phase).
    pub contacts: Vec<(u32, u32)>,
    /// The last frames' samples, oldest first.
    pub history: VecDeque<Sample>,
    /// The stepped frame, while stepping.
    pub sweep: Option<SweepTrace>,
    /// Frames stepped so far.
    stepped_frames: u64,
    /// The broad phase as it was before the stepped frame (the frame is recorded again
    /// from it when a shape is moved).
    before_frame: Option<SweepAndPrune>,
}

/// The velocity and spin of shape `i`: from its index only, so every run is the same.
pub fn motion_of(i: usize) -> (DVec2, f64) {
    let mut rng = Rng::new(i as u64 + 1);
    let direction = DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU));
    (direction * rng.range(0.4, 1.2), rng.range(-1.0, 1.0))
}

/// The box around every shape, grown by a little room.
fn bounds_of(shapes: &[NamedShape]) -> Aabb {
    let mut boxes = shapes.iter().map(|s| s.shape.aabb());
    let Some(first) = boxes.next() else {
        return Aabb {
            min: DVec2::splat(-1.0),
            max: DVec2::splat(1.0),
        };
    };
    let all = boxes.fold(first, |acc, b| Aabb {
        min: acc.min.min(b.min),
        max: acc.max.max(b.max),
    });
    let room = (all.max - all.min) * ROOM + DVec2::ONE;
    Aabb {
        min: all.min - room,
        max: all.max + room,
    }
}

impl Many {
    /// The mode for these shapes, with the pairs of their current poses.
    pub fn new(shapes: &[NamedShape]) -> Self {
        let mut many = Many::unsorted(shapes);
        many.paused = false;
        many.detect(shapes);
        many
    }

    /// The mode for these shapes with the broad phase not yet run: the first stepped
    /// frame then sorts the end points from the order of the boxes in the file (many
    /// swaps), where a running frame would start from the last frame's order. The
    /// sweep and prune lesson starts here.
    pub fn unsorted(shapes: &[NamedShape]) -> Self {
        let (velocities, spins) = (0..shapes.len()).map(motion_of).unzip();
        Many {
            velocities,
            spins,
            bounds: bounds_of(shapes),
            held: None,
            paused: true,
            sap: SweepAndPrune::new(),
            pairs: vec![],
            contacts: vec![],
            history: VecDeque::with_capacity(HISTORY),
            sweep: None,
            stepped_frames: 0,
            before_frame: None,
        }
    }

    /// Steps to frame `frame` (0 = the first stepped frame), step `step` of it: each
    /// frame after the first follows [`STEP_DT`] of motion.
    pub fn sweep_to_frame(&mut self, shapes: &mut [NamedShape], frame: u64, step: usize) {
        self.sweep_go_to(shapes, 0);
        while self.sweep.as_ref().is_some_and(|t| t.frame < frame) {
            let last = self.sweep.as_ref().map_or(0, |t| t.last());
            self.sweep_go_to(shapes, last);
            self.sweep_next(shapes);
        }
        self.sweep_go_to(shapes, step);
    }

    /// Moves every shape but the held one by `dt` seconds (at most [`MAX_DT`] at a
    /// time), bouncing off the box's walls: a shape whose AABB crosses a wall turns
    /// back and is pushed inside.
    pub fn drift(&mut self, shapes: &mut [NamedShape], dt: f64) {
        if !dt.is_finite() || dt <= 0.0 {
            return;
        }
        let mut left = dt;
        while left > 0.0 {
            let h = left.min(MAX_DT);
            for (i, named) in shapes.iter_mut().enumerate() {
                if self.held != Some(i) {
                    self.move_one(i, named, h);
                }
            }
            left -= h;
        }
    }

    fn move_one(&mut self, i: usize, named: &mut NamedShape, dt: f64) {
        let (Some(v), Some(&spin)) = (self.velocities.get_mut(i), self.spins.get(i)) else {
            return;
        };
        let pose = named.shape.pose();
        named.shape.set_pose(Pose::new(
            pose.position + *v * dt,
            pose.rotation + spin * dt,
        ));
        let bb = named.shape.aabb();
        let mut push = DVec2::ZERO;
        for axis in 0..2 {
            if bb.min[axis] < self.bounds.min[axis] {
                v[axis] = v[axis].abs();
                push[axis] = self.bounds.min[axis] - bb.min[axis];
            } else if bb.max[axis] > self.bounds.max[axis] {
                v[axis] = -v[axis].abs();
                push[axis] = self.bounds.max[axis] - bb.max[axis];
            }
        }
        if push != DVec2::ZERO {
            let pose = named.shape.pose();
            named
                .shape
                .set_pose(Pose::new(pose.position + push, pose.rotation));
        }
    }

    /// Runs the broad phase (sweep and prune, fast path) and the narrow phase
    /// (`query::intersects` on each pair), timing both.
    pub fn detect(&mut self, shapes: &[NamedShape]) {
        let start = platform::now();
        let boxes: Vec<Aabb> = shapes.iter().map(|s| s.shape.aabb()).collect();
        self.sap.set_all(&boxes);
        self.pairs.clear();
        self.pairs.extend_from_slice(self.sap.update());
        let broad = platform::now() - start;
        let start = platform::now();
        self.contacts = self
            .pairs
            .iter()
            .copied()
            .filter(|&(a, b)| {
                let (a, b) = (&shapes[a as usize].shape, &shapes[b as usize].shape);
                intersects(a, b)
            })
            .collect();
        let narrow = platform::now() - start;
        self.record(Sample {
            broad_ms: broad * 1e3,
            narrow_ms: narrow * 1e3,
            stats: self.sap.stats(),
            contacts: self.contacts.len(),
            after_jump: None,
        });
    }

    /// Lets the shapes drift `seconds` in one go, then detects, marking the frame's
    /// sample as coming after a jump (see [`Sample::after_jump`]).
    pub fn jump(&mut self, shapes: &mut [NamedShape], seconds: f64) {
        self.drift(shapes, seconds);
        self.detect(shapes);
        if let Some(last) = self.history.back_mut() {
            last.after_jump = Some(seconds);
        }
    }

    fn record(&mut self, sample: Sample) {
        if self.history.len() == HISTORY {
            self.history.pop_front();
        }
        self.history.push_back(sample);
    }

    /// The last frame's sample.
    pub fn last_sample(&self) -> Sample {
        self.history.back().copied().unwrap_or_default()
    }

    /// Sweep and prune's counts for the frame the window shows: while the sweep is
    /// stepped, the stepped frame's (the ones its narration states), else the last
    /// running frame's. (The stepped frame is not timed: its steps wait for the user.)
    pub fn shown_stats(&self) -> SapStats {
        let Some(trace) = &self.sweep else {
            return self.last_sample().stats;
        };
        let done = trace.steps.iter().rev().find_map(|s| match s.event {
            Some(SapEvent::Done { stats }) => Some(stats),
            _ => None,
        });
        done.unwrap_or_else(|| trace.steps.last().map(|s| s.so_far).unwrap_or_default())
    }

    /// One frame of the running mode: drift (unless paused or stepping), then detect.
    pub fn tick(&mut self, shapes: &mut [NamedShape], dt: f64) {
        if self.paused || self.sweep.is_some() {
            return;
        }
        self.drift(shapes, dt);
        self.detect(shapes);
    }

    /// Starts stepping the sweep (the motion stops) on the shapes' current poses.
    fn start_sweep(&mut self, shapes: &[NamedShape]) {
        self.before_frame = Some(self.sap.clone());
        self.record_frame(shapes);
    }

    /// Records the stepped frame on the broad phase as it is.
    fn record_frame(&mut self, shapes: &[NamedShape]) {
        let boxes: Vec<Aabb> = shapes.iter().map(|s| s.shape.aabb()).collect();
        self.sap.set_all(&boxes);
        let trace = SweepTrace::record(
            &mut self.sap,
            &boxes,
            self.stepped_frames,
            &crate::app::visualizers::sweep::box_names(shapes),
        );
        self.finish_frame(shapes, trace);
    }

    /// Keeps a recorded frame and the pairs and contacts it found.
    fn finish_frame(&mut self, shapes: &[NamedShape], trace: SweepTrace) {
        self.pairs = self.sap.pairs().to_vec();
        self.contacts = self
            .pairs
            .iter()
            .copied()
            .filter(|&(a, b)| intersects(&shapes[a as usize].shape, &shapes[b as usize].shape))
            .collect();
        self.sweep = Some(trace);
    }

    /// Goes to sweep step `k` (clamped), starting to step if not yet.
    pub fn sweep_go_to(&mut self, shapes: &[NamedShape], k: usize) {
        if self.sweep.is_none() {
            self.start_sweep(shapes);
        }
        if let Some(trace) = self.sweep.as_mut() {
            trace.step = k.min(trace.last());
        }
    }

    /// One sweep step forward; past the end of a frame the shapes move on by
    /// [`STEP_DT`] and the next frame starts (its insertion sort first).
    pub fn sweep_next(&mut self, shapes: &mut [NamedShape]) {
        match &mut self.sweep {
            None => self.sweep_go_to(shapes, 1),
            Some(trace) if trace.step < trace.last() => trace.step += 1,
            Some(_) => {
                self.drift(shapes, STEP_DT);
                self.stepped_frames += 1;
                self.start_sweep(shapes);
                if let Some(trace) = self.sweep.as_mut() {
                    trace.step = 1.min(trace.last());
                }
            }
        }
    }

    /// One sweep step back (not before step 0 of the frame).
    pub fn sweep_back(&mut self) {
        if let Some(trace) = self.sweep.as_mut() {
            trace.step = trace.step.saturating_sub(1);
        }
    }

    /// After the user moved a shape: re-detect, or re-record the stepped frame
    /// (keeping its step, clamped), as the other visualisers re-run on a drag.
    pub fn shapes_changed(&mut self, shapes: &[NamedShape]) {
        match self.sweep.as_ref().map(|t| t.step) {
            Some(step) => {
                // The frame again from the list as the last frame left it, so that its
                // insertion sort repairs the same order with the boxes where they are
                // now (recording it on the already repaired list would show no swaps).
                if let Some(before) = &self.before_frame {
                    self.sap = before.clone();
                }
                self.record_frame(shapes);
                self.sweep_go_to(shapes, step);
            }
            None => self.detect(shapes),
        }
    }

    /// Stops stepping: the motion resumes.
    pub fn stop_sweep(&mut self) {
        self.sweep = None;
        self.before_frame = None;
    }
}

/// The many-shapes mode's commands: the motion plays; N steps the sweep of one frame.
impl ModeCommands for Many {
    fn next(&mut self, lab: &mut Lab) {
        self.sweep_next(&mut lab.scene.shapes);
        lab.revision += 1;
    }

    fn back(&mut self) {
        self.sweep_back();
    }

    fn go_to(&mut self, lab: &mut Lab, k: usize) {
        self.sweep_go_to(&lab.scene.shapes, k);
    }

    fn restart(&mut self, lab: &mut Lab) {
        if self.sweep.is_some() {
            self.go_to(lab, 0);
        }
    }

    /// Pauses or resumes the motion (and stops stepping the sweep).
    fn toggle_play(&mut self) {
        if self.sweep.is_some() {
            self.stop_sweep();
            self.paused = false;
        } else {
            self.paused = !self.paused;
        }
    }

    /// Moves the shapes and runs the broad and narrow phases; no step is ever due
    /// (the sweep is stepped by hand only).
    fn tick(&mut self, lab: &mut Lab, dt: f32) -> usize {
        if !self.paused && self.sweep.is_none() {
            Many::tick(self, &mut lab.scene.shapes, dt as f64);
            lab.revision += 1;
        }
        0
    }

    fn hold(&mut self) {}

    fn play_label(&self) -> &'static str {
        match (self.sweep.is_some(), self.paused) {
            (true, _) => "▶ Run",
            (false, true) => "▶ Resume",
            (false, false) => "⏸ Pause",
        }
    }

    fn step_text(&self) -> String {
        match &self.sweep {
            Some(t) => crate::app::i18n::tr!(
                "sweep-step-of",
                step = t.step.to_string(),
                last = t.last().to_string()
            ),
            None => crate::app::i18n::tr!("sweep-none"),
        }
    }

    fn moving(&self) -> bool {
        !self.paused && self.sweep.is_none()
    }
}

impl Many {
    /// What a question sees of this mode: the stepped sweep and the world camera.
    pub fn situation<'a>(&'a self, lab: &'a Lab) -> ManySituation<'a> {
        ManySituation { lab, many: self }
    }
}

/// The many-shapes mode as a question sees it (see [`Situation`]): its questions are
/// about the stepped sweep.
pub struct ManySituation<'a> {
    lab: &'a Lab,
    many: &'a Many,
}

impl Situation for ManySituation<'_> {
    fn algorithm(&self) -> Algorithm {
        self.lab.algorithm
    }

    fn steps(&self) -> &[Step] {
        &[]
    }

    fn step(&self) -> usize {
        0
    }

    fn sweep(&self) -> Option<&SweepTrace> {
        self.many.sweep.as_ref()
    }

    fn camera(&self, _minkowski: bool) -> &Camera {
        &self.lab.world_camera
    }

    fn shape_names(&self) -> Vec<String> {
        self.lab.shape_names()
    }

    fn pair_names(&self) -> Names {
        self.lab.pair_names()
    }

    fn stepped_pair(&self) -> Option<(Shape, Shape)> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::scene::{Format, Scene};

    fn scene() -> Scene {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/many-shapes-200.ron");
        let text = std::fs::read_to_string(path).unwrap();
        Scene::from_text(&text, Format::Ron, None).unwrap()
    }

    fn inside(b: &Aabb, bounds: &Aabb) -> bool {
        let eps = 1e-9;
        b.min.x >= bounds.min.x - eps
            && b.min.y >= bounds.min.y - eps
            && b.max.x <= bounds.max.x + eps
            && b.max.y <= bounds.max.y + eps
    }

    #[test]
    fn bouncing_keeps_every_shape_in_the_box() {
        let mut scene = scene();
        let mut many = Many::new(&scene.shapes);
        for _ in 0..600 {
            many.tick(&mut scene.shapes, 1.0 / 30.0);
        }
        for s in &scene.shapes {
            assert!(
                inside(&s.shape.aabb(), &many.bounds),
                "{:?}",
                s.shape.aabb()
            );
        }
    }

    #[test]
    fn motion_is_deterministic_and_the_held_shape_stays() {
        let (mut a, mut b) = (scene(), scene());
        let mut ma = Many::new(&a.shapes);
        let mut mb = Many::new(&b.shapes);
        ma.held = Some(3);
        let held_at = a.shapes[3].shape.pose();
        for _ in 0..20 {
            ma.tick(&mut a.shapes, 0.02);
            mb.tick(&mut b.shapes, 0.02);
        }
        assert_eq!(a.shapes[3].shape.pose(), held_at);
        assert_eq!(a.shapes[4].shape.pose(), b.shapes[4].shape.pose());
        assert_ne!(b.shapes[3].shape.pose(), held_at);
    }

    #[test]
    fn a_jump_is_marked_and_running_frames_are_not() {
        let mut shapes = scene().shapes;
        let mut many = Many::new(&shapes);
        many.jump(&mut shapes, 30.0);
        assert_eq!(many.last_sample().after_jump, Some(30.0));
        many.tick(&mut shapes, 1.0 / 60.0);
        assert_eq!(many.last_sample().after_jump, None);
        let jumps = many.history.iter().filter(|s| s.after_jump.is_some());
        assert_eq!(jumps.count(), 1);
    }

    #[test]
    fn contacts_are_the_broad_pairs_whose_shapes_intersect() {
        let scene = scene();
        let many = Many::new(&scene.shapes);
        assert!(!many.pairs.is_empty());
        // Shapes 0 and 1 overlap in the preset.
        assert!(many.contacts.contains(&(0, 1)));
        for c in &many.contacts {
            assert!(many.pairs.contains(c));
        }
        let boxes: Vec<Option<Aabb>> = scene.shapes.iter().map(|s| Some(s.shape.aabb())).collect();
        let mut pairs = many.pairs.clone();
        pairs.sort_unstable();
        assert_eq!(
            pairs,
            gjk_lab_core::algorithms::sap::brute_force_pairs(&boxes)
        );
    }

    #[test]
    fn stepping_stops_the_motion_and_continues_into_the_next_frame() {
        let mut scene = scene();
        let mut many = Many::new(&scene.shapes);
        many.sweep_next(&mut scene.shapes);
        let before = scene.shapes[5].shape.pose();
        many.tick(&mut scene.shapes, 0.1);
        assert_eq!(
            scene.shapes[5].shape.pose(),
            before,
            "paused while stepping"
        );
        let last = many.sweep.as_ref().unwrap().last();
        assert_eq!(many.sweep.as_ref().unwrap().step, 1);
        many.sweep_go_to(&scene.shapes, last);
        many.sweep_next(&mut scene.shapes);
        let trace = many.sweep.as_ref().unwrap();
        assert_eq!((trace.step, trace.frame), (1, 1));
        assert_ne!(scene.shapes[5].shape.pose(), before, "moved on");
        many.stop_sweep();
        many.tick(&mut scene.shapes, 0.1);
        assert!(many.sweep.is_none());
    }

    /// Issue 9, item 9: the first stepped frame said "0 swaps restored the order" while
    /// the profiler beside it said 11. Both numbers were true of different frames: the
    /// narration of the stepped frame (nothing had moved since the last running frame),
    /// the profiler of that last running frame. The profiler now shows the counts of
    /// the frame the narration talks about.
    #[test]
    fn the_profiler_counts_the_stepped_frame_its_narration_talks_about() {
        let mut scene = scene();
        let mut many = Many::new(&scene.shapes);
        for _ in 0..30 {
            many.tick(&mut scene.shapes, 1.0 / 60.0);
        }
        many.sweep_next(&mut scene.shapes);
        let trace = many.sweep.as_ref().unwrap();
        let done = trace.steps.iter().find_map(|s| match s.event {
            Some(SapEvent::Done { stats }) => Some(stats),
            _ => None,
        });
        let done = done.expect("a recorded frame ends with Done");
        assert_eq!(many.shown_stats(), done);
        assert_eq!(many.shown_stats().pairs, many.pairs.len());
        many.stop_sweep();
        assert_eq!(many.shown_stats(), many.last_sample().stats);
    }

    #[test]
    fn moving_a_shape_while_stepping_keeps_the_frames_swaps() {
        // The sweep and prune lesson's boxes: frame 2 repairs the order with swaps.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenes/lessons/10-sweep-and-prune.ron"
        );
        let mut shapes = Scene::load(std::path::Path::new(path)).unwrap().shapes;
        let mut many = Many::unsorted(&shapes);
        many.sweep_to_frame(&mut shapes, 2, 0);
        let swaps = |many: &Many| many.shown_stats().swaps;
        let before = swaps(&many);
        assert!(before >= 1, "frame 2 has swaps");
        // A far box moves a hair: the frame is recorded again from the last frame's
        // list, so the same end points still cross.
        let pose = shapes[5].shape.pose();
        shapes[5].shape.set_pose(Pose::new(
            pose.position + DVec2::new(0.0, 1e-3),
            pose.rotation,
        ));
        many.shapes_changed(&shapes);
        assert_eq!(swaps(&many), before);
    }
}
