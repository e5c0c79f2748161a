//! Conservative advancement: the distance, the bound on its shrinking, the safe step.

use super::super::{num, vec2, Claim, Item, Step};
use super::{
    distance_step, duration, gap, hit_normal, poses_at, time, times_between, Figure, Pair,
    PoseRole, Story,
};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::cast::advancement::{
    Advancement, AdvancementEvent, AdvancementOutcome,
};
use gjk_lab_core::algorithms::cast::toi::TimeOfImpact;
use gjk_lab_core::algorithms::cast::{CastOptions, CastResult};
use gjk_lab_core::algorithms::record;
use gjk_lab_core::lesson::checkpoint::Advance;
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::shapes::Pose;

/// The steps of conservative advancement.
pub(super) fn advancement_steps(machine: Advancement, pair: Pair) -> Vec<Step> {
    let mut story = Story::default();
    let mut now = (0.0, pair.a.pose(), pair.b.pose());
    let mut distance = 0.0;
    // The time of impact on the pair: its count of distance evaluations, which a hit
    // compares, and its first touch, a misreading of the safe step a question offers.
    let [ma, mb] = pair.motions;
    let toi = TimeOfImpact::new(pair.a, ma, pair.b, mb, &CastOptions::default()).run();
    let (mut target, mut speed, mut spin) = (0.0, 0.0, 0.0);
    record(machine)
        .into_iter()
        .map(|frame| {
            let result = frame.state.result();
            let line = frame.event.line();
            match frame.event {
                AdvancementEvent::Start {
                    target: s,
                    reach_a,
                    reach_b,
                    closing_velocity,
                    angular_a,
                    angular_b,
                } => {
                    (target, speed) = (s, closing_velocity.length());
                    spin = angular_a.abs() + angular_b.abs();
                    let narration = tr!(
                        "cast-bound-parts",
                        closing = vec2(closing_velocity),
                        angular_a = num(angular_a),
                        angular_b = num(angular_b),
                        reach_a = num(reach_a),
                        reach_b = num(reach_b)
                    );
                    Step::new(
                        &tr!("cast-title-bound-parts"),
                        narration,
                        line,
                        vec![story.times(Some(0.0))],
                    )
                }
                AdvancementEvent::Distance {
                    t,
                    pose_a,
                    pose_b,
                    distance: d,
                    closest_a,
                    closest_b,
                    ..
                } => {
                    now = (t, pose_a, pose_b);
                    distance = d;
                    story.closest_a = closest_a;
                    let (t, pose_a, pose_b) = now;
                    let at = ("t", t, pose_a, pose_b);
                    distance_step(&mut story, &pair, at, d, (closest_a, closest_b), line)
                }
                AdvancementEvent::Bound {
                    normal,
                    linear,
                    angular,
                    bound,
                    ..
                } => {
                    let narration = tr!(
                        "cast-bound",
                        n = vec2(normal),
                        linear = num(linear),
                        angular = num(angular),
                        bound = num(bound)
                    );
                    let (t, pose_a, pose_b) = now;
                    let label = format!("t = {}", time(t));
                    let (ghost, claim) =
                        poses_at(t, (pose_a, pose_b), PoseRole::Current, label, None);
                    let mut items = story.ghosts(t);
                    items.push(ghost);
                    let mut claims = vec![claim];
                    if let Some(at) = story.closest_a {
                        items.push(Item::Cast(Figure::Arrow {
                            at,
                            vector: normal,
                            label: "n",
                        }));
                        claims.push(Claim::Vector {
                            label: "n",
                            value: normal,
                        });
                    }
                    items.push(story.times(Some(t)));
                    // What the next step is made of, for the question that asks where it
                    // takes t (not drawn).
                    let next = Advance {
                        t,
                        gap: distance - target,
                        linear,
                        angular,
                        speed,
                        spin,
                        touch: toi.t,
                    };
                    let finite = [next.gap, linear, angular, speed, spin]
                        .iter()
                        .all(|x| x.is_finite());
                    if finite {
                        items.push(Item::Cast(Figure::NextAdvance(next)));
                    }
                    Step::new(&tr!("cast-title-bound"), narration, line, items).claiming(claims)
                }
                AdvancementEvent::Advance {
                    t_before,
                    step,
                    t,
                    pose_a,
                    pose_b,
                } => {
                    now = (t, pose_a, pose_b);
                    let label = format!("t = {}", time(t));
                    let (ghost, claim) =
                        poses_at(t, (pose_a, pose_b), PoseRole::Current, label, None);
                    let (from, to) = times_between(t_before, t);
                    let narration = tr!(
                        "cast-advance",
                        step = duration(step),
                        from = from,
                        to = to,
                        gap = gap(distance)
                    );
                    let mut items = story.ghosts(t);
                    items.push(ghost);
                    items.push(story.times(Some(t)));
                    Step::new(&tr!("cast-title-advance"), narration, line, items)
                        .claiming(vec![claim])
                        .answering(Checkpoint::SafeStep)
                }
                AdvancementEvent::Done { outcome } => {
                    let toi = toi.iterations;
                    advancement_result(outcome, result, now, toi, &mut story, line)
                }
            }
        })
        .collect()
}

/// Conservative advancement's last step.
fn advancement_result(
    outcome: AdvancementOutcome,
    result: Option<CastResult>,
    (t_now, pose_a, pose_b): (f64, Pose, Pose),
    toi: usize,
    story: &mut Story,
    line: usize,
) -> Step {
    let mut items = story.ghosts(t_now);
    let mut claims = vec![];
    let mut hit_at = None;
    let mut narration = match outcome {
        AdvancementOutcome::InitialOverlap { .. } => tr!("cast-initial-overlap"),
        AdvancementOutcome::Hit { t, distance, steps } => {
            hit_at = Some(t);
            tr!(
                "cast-advancement-hit",
                t = time(t),
                distance = gap(distance),
                // Every distance evaluation but the last (the hit) is followed by a
                // safe step.
                advances = steps.saturating_sub(1),
                evaluations = steps,
                toi = toi.to_string()
            )
        }
        AdvancementOutcome::Separating { bound, .. } => {
            tr!("cast-advancement-separating", bound = num(bound))
        }
        AdvancementOutcome::BeyondEnd { t, step } => {
            tr!(
                "cast-advancement-beyond",
                t = time(t),
                step = duration(step)
            )
        }
        AdvancementOutcome::IterationLimit { iterations, t, .. } => tr!(
            "cast-advancement-cap",
            iterations = iterations.to_string(),
            t = time(t)
        ),
    };
    if let Some(t) = hit_at {
        let label = tr!("cast-label-hit", t = time(t));
        let (ghost, claim) = poses_at(t, (pose_a, pose_b), PoseRole::Hit, label, None);
        items.push(ghost);
        claims.push(claim);
        narration = hit_normal(narration, result, &mut items, &mut claims);
    }
    items.push(story.hit_times(hit_at));
    Step::result(narration, line, items).claiming(claims)
}
