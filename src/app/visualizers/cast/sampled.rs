//! The naive ways: the discrete check (t = 0 and t = 1) and sub-stepping, and what
//! they miss.

use super::super::Step;
use super::{apart_or_not, gap, poses_at, time, MarkKind, Pair, PoseRole, Story, TimeMark};
use gjk_lab_core::algorithms::cast::sampled::{SampleEvent, Sampled, SampledOutcome};
use gjk_lab_core::algorithms::cast::CastOptions;
use gjk_lab_core::algorithms::{record, CastAlgorithm};

/// The steps of the discrete check or of sub-stepping.
pub(super) fn sampled_steps(machine: Sampled, pair: Pair, algorithm: CastAlgorithm) -> Vec<Step> {
    let sweep = machine.sweep().clone();
    let (a, motion_a) = (pair.a, sweep.motion_a());
    let (b, motion_b) = (pair.b, sweep.motion_b());
    // The true answer, for the end: what passed between the samples.
    let truth =
        gjk_lab_core::query::cast::cast(None, a, motion_a, b, motion_b, &CastOptions::default())
            .ok();
    let mut story = Story::default();
    let mut planned = vec![];
    record(machine)
        .into_iter()
        .map(|frame| match frame.event {
            SampleEvent::Start {
                samples, spacing, ..
            } => {
                planned = (0..samples)
                    .map(|k| TimeMark {
                        t: (k as f64 * spacing).min(1.0),
                        kind: MarkKind::Planned,
                    })
                    .collect();
                story.marks = planned.clone();
                let narration = if algorithm == CastAlgorithm::Discrete {
                    "The discrete check places A and B at two times, t = 0 and t = 1 (the \
                     marks on the time line below the world), and asks each time whether \
                     they touch."
                        .to_string()
                } else {
                    format!(
                        "Sub-stepping places A and B at {samples} times, {} apart (the marks \
                         on the time line below the world), and asks each time whether \
                         they touch.",
                        time(spacing)
                    )
                };
                Step::new(
                    "Times to look at",
                    narration,
                    frame.event.line(),
                    vec![story.times(None)],
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
                let verdict = if within_target {
                    "within the target: a hit, and the check stops here."
                } else {
                    "no hit at this time."
                };
                let origin = if distance <= 0.0 {
                    "holds the origin".to_string()
                } else {
                    format!("misses the origin by {}", gap(distance))
                };
                let narration = format!(
                    "Sample {} at t = {}: {}, {verdict} In its view, A − B at that time \
                     (dashed) {origin}.",
                    index + 1,
                    time(t),
                    apart_or_not(distance, 0.0),
                );
                let mut items = story.ghosts(t);
                items.push(ghost);
                items.push(story.times(Some(t)));
                story.look(t, pose_a, pose_b, within_target);
                Step::new(
                    &format!("Sample {}", index + 1),
                    narration,
                    frame.event.line(),
                    items,
                )
                .claiming(vec![claim])
            }
            SampleEvent::Done { outcome } => {
                sampled_result(outcome, &story, truth.as_ref(), &sweep, frame.event.line())
            }
        })
        .collect()
}

/// The sampled check's last step: what it saw, and what it missed when the shapes
/// truly met between two samples (the true time from the time of impact's query).
fn sampled_result(
    outcome: SampledOutcome,
    story: &Story,
    truth: Option<&gjk_lab_core::query::cast::CastAnswer>,
    sweep: &gjk_lab_core::algorithms::cast::Sweep,
    line: usize,
) -> Step {
    let mut items = story.ghosts(f64::NAN);
    items.push(story.times(None));
    let mut claims = vec![];
    let narration = match outcome {
        SampledOutcome::HitAtSample { t, sample, .. } => {
            let first = truth.and_then(|a| a.t).filter(|&first| first < t - 1e-9);
            match first {
                Some(first) => format!(
                    "Hit seen at sample {}, t = {}. The shapes first touched earlier, at \
                     t = {}, between two samples: a sampled check finds a time when they \
                     already overlap, not the first touch.",
                    sample + 1,
                    time(t),
                    time(first)
                ),
                None => format!("Hit seen at sample {}, t = {}.", sample + 1, time(t)),
            }
        }
        SampledOutcome::NoSampleHit { samples } => match truth.and_then(|a| a.t) {
            Some(first) => {
                let label = format!("missed: t = {}", time(first));
                let poses = (sweep.world_pose_a(first), sweep.world_pose_b(first));
                let (ghost, claim) = poses_at(first, poses, PoseRole::Missed, label, None);
                items.push(ghost);
                claims.push(claim);
                format!(
                    "No hit seen at any of the {samples} samples, yet A and B do meet: at \
                     t = {} (the dotted ghost, found by the time of impact), between two \
                     samples. The moving shape passed through unseen: it tunnelled.",
                    time(first)
                )
            }
            None => format!(
                "No hit seen at any of the {samples} samples, and none is missed here: the \
                 shapes stay apart for the whole step (the time of impact agrees)."
            ),
        },
    };
    Step::result(narration, line, items).claiming(claims)
}
