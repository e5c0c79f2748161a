//! The naive ways: the discrete check (t = 0 and t = 1) and sub-stepping, and what
//! they miss.

use super::super::{Item, Step};
use super::{apart_or_not, gap, poses_at, time, Figure, MarkKind, Pair, PoseRole, Story, TimeMark};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::cast::sampled::{SampleEvent, Sampled, SampledOutcome};
use gjk_lab_core::algorithms::cast::{CastOptions, Sweep};
use gjk_lab_core::algorithms::{record, CastAlgorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::query::cast::{cast, decided, CastAnswer};

/// The steps of the discrete check or of sub-stepping.
pub(super) fn sampled_steps(machine: Sampled, pair: Pair, algorithm: CastAlgorithm) -> Vec<Step> {
    let sweep = machine.sweep().clone();
    let (a, motion_a) = (pair.a, sweep.motion_a());
    let (b, motion_b) = (pair.b, sweep.motion_b());
    // The true answer, for the end: what passed between the samples, as `gjk-lab cast`
    // answers the pair (the method named in the narration).
    let truth = cast(None, a, motion_a, b, motion_b, &CastOptions::default()).ok();
    let mut story = Story::default();
    let mut planned = vec![];
    record(machine)
        .into_iter()
        .map(|frame| match frame.event {
            SampleEvent::Start {
                samples,
                spacing,
                target,
            } => {
                planned = (0..samples)
                    .map(|k| TimeMark {
                        t: (k as f64 * spacing).min(1.0),
                        kind: MarkKind::Planned,
                    })
                    .collect();
                story.marks = planned.clone();
                let narration = if algorithm == CastAlgorithm::Discrete {
                    tr!("cast-times-discrete")
                } else {
                    tr!(
                        "cast-times-sub-stepping",
                        samples = samples,
                        spacing = time(spacing)
                    )
                };
                // Every planned sample's gap, for the question that asks which one
                // first sees a hit (not drawn).
                let gaps = Figure::Samples(sample_gaps(&pair, &sweep, samples, target));
                Step::new(
                    &tr!("cast-title-times"),
                    narration,
                    frame.event.line(),
                    vec![story.times(None), Item::Cast(gaps)],
                )
            }
            SampleEvent::Sample {
                index,
                t,
                pose_a,
                pose_b,
                distance,
                within_target,
                ..
            } => {
                story
                    .marks
                    .retain(|m| !(m.kind == MarkKind::Planned && m.t == t));
                let label = format!("t = {}", time(t));
                let difference = Some(pair.difference(pose_a, pose_b));
                let (ghost, claim) =
                    poses_at(t, (pose_a, pose_b), PoseRole::Current, label, difference);
                let narration = tr!(
                    "cast-sample",
                    n = index + 1,
                    t = time(t),
                    apart = apart_or_not(distance, 0.0),
                    within = if within_target { "yes" } else { "no" },
                    holds = if distance <= 0.0 { "yes" } else { "no" },
                    gap = gap(distance)
                );
                let mut items = story.ghosts(t);
                items.push(ghost);
                items.push(story.times(Some(t)));
                story.look(t, pose_a, pose_b, within_target);
                Step::new(
                    &tr!("cast-title-sample", n = index + 1),
                    narration,
                    frame.event.line(),
                    items,
                )
                .claiming(vec![claim])
            }
            SampleEvent::Done { outcome } => {
                sampled_result(outcome, &story, truth.as_ref(), &sweep, frame.event.line())
                    .answering(Checkpoint::SampleHit)
            }
        })
        .collect()
}

/// The gap at each of `samples` evenly spaced times (the check's own `t_k`, the last
/// exactly 1): the shapes' distance there less `target`, or minus their depth less
/// `target` when they overlap.
fn sample_gaps(pair: &Pair, sweep: &Sweep, samples: usize, target: f64) -> Vec<(f64, f64)> {
    (0..samples)
        .map(|k| {
            let t = if k + 1 == samples {
                1.0
            } else {
                k as f64 / (samples - 1) as f64
            };
            let (mut a, mut b) = (pair.a.clone(), pair.b.clone());
            a.set_pose(sweep.world_pose_a(t));
            b.set_pose(sweep.world_pose_b(t));
            let q = gjk_lab_core::query::query(&a, &b);
            let signed = if q.intersects { -q.depth } else { q.distance };
            (t, signed - target)
        })
        .collect()
}

/// The sampled check's last step: what it saw, and what it missed when the shapes
/// truly met between two samples (the true time from `gjk-lab cast`'s default method,
/// named beside it).
fn sampled_result(
    outcome: SampledOutcome,
    story: &Story,
    truth: Option<&CastAnswer>,
    sweep: &gjk_lab_core::algorithms::cast::Sweep,
    line: usize,
) -> Step {
    let mut items = story.ghosts(f64::NAN);
    items.push(story.times(None));
    let mut claims = vec![];
    // The method's name (`shape-cast`, …): the message words it.
    let method = truth.map_or("", |answer| answer.method);
    let narration = match outcome {
        SampledOutcome::HitAtSample { t, sample, .. } => {
            let first = truth.and_then(|a| a.t).filter(|&first| first < t - 1e-9);
            match first {
                Some(first) => tr!(
                    "cast-sampled-hit-late",
                    sample = sample + 1,
                    t = time(t),
                    first = time(first)
                ),
                None => tr!("cast-sampled-hit", sample = sample + 1, t = time(t)),
            }
        }
        SampledOutcome::NoSampleHit { samples } => match truth.and_then(|a| a.t) {
            Some(first) => {
                let label = tr!("cast-label-missed", t = time(first));
                let poses = (sweep.world_pose_a(first), sweep.world_pose_b(first));
                let (ghost, claim) = poses_at(first, poses, PoseRole::Missed, label, None);
                items.push(ghost);
                claims.push(claim);
                tr!(
                    "cast-sampled-tunnelled",
                    samples = samples,
                    first = time(first),
                    method = method
                )
            }
            // Undecided (the method stopped at its cap): nothing to say either way.
            None if truth.is_some_and(|a| !decided(a.reason)) => {
                tr!("cast-sampled-undecided", samples = samples, method = method)
            }
            None => tr!("cast-sampled-apart", samples = samples, method = method),
        },
    };
    Step::result(narration, line, items).claiming(claims)
}
