//! Conservative advancement: the distance, the bound on its shrinking, the safe step.

use super::super::{key_of, num, vec2, Claim, Item, Step};
use super::{distance_step, gap, hit_normal, poses_at, time, Figure, Pair, PoseRole, Story};
use gjk_lab_core::algorithms::cast::advancement::{
    Advancement, AdvancementEvent, AdvancementOutcome,
};
use gjk_lab_core::algorithms::cast::CastResult;
use gjk_lab_core::algorithms::{record, Algorithm, CastAlgorithm};
use gjk_lab_core::shapes::Pose;

/// The steps of conservative advancement.
pub(super) fn advancement_steps(machine: Advancement, pair: Pair) -> Vec<Step> {
    let mut story = Story::default();
    let mut now = (0.0, pair.a.pose(), pair.b.pose());
    let mut distance = 0.0;
    record(machine)
        .into_iter()
        .map(|frame| {
            let result = frame.state.result();
            let line = frame.event.line();
            match frame.event {
                AdvancementEvent::Start {
                    reach_a,
                    reach_b,
                    closing_velocity,
                    angular_a,
                    angular_b,
                    ..
                } => {
                    let narration = format!(
                        "What the bound is made of: v_A − v_B = {}; A turns {} rad over the \
                         step, B {}; the farthest point of A's core from the centre it turns \
                         about is R_A = {}, of B's R_B = {}.",
                        vec2(closing_velocity),
                        num(angular_a),
                        num(angular_b),
                        num(reach_a),
                        num(reach_b)
                    );
                    Step::new(
                        "The bound's parts",
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
                    distance_step(&mut story, &pair, now, d, (closest_a, closest_b), line)
                }
                AdvancementEvent::Bound {
                    normal,
                    linear,
                    angular,
                    bound,
                    ..
                } => {
                    let narration = format!(
                        "How fast can the gap along n = {} shrink? μ = (v_A − v_B)·n + \
                         |ω_A|·R_A + |ω_B|·R_B = {} + {} = {}. No point of A or B can close \
                         it faster.",
                        vec2(normal),
                        num(linear),
                        num(angular),
                        num(bound)
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
                    Step::new("Bound on the closing speed", narration, line, items).claiming(claims)
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
                    let narration = format!(
                        "The safe step: Δt = (d − s)/μ = {}. Time moves from {} to {}: the gap \
                         of {} cannot close sooner, so the shapes are still apart at the new \
                         ghosts.",
                        time(step),
                        time(t_before),
                        time(t),
                        gap(distance)
                    );
                    let mut items = story.ghosts(t);
                    items.push(ghost);
                    items.push(story.times(Some(t)));
                    Step::new("Advance", narration, line, items).claiming(vec![claim])
                }
                AdvancementEvent::Done { outcome } => {
                    let toi = pair.evaluations(CastAlgorithm::TimeOfImpact);
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
        AdvancementOutcome::InitialOverlap { .. } => {
            "A and B already touch or overlap at t = 0: a hit at t = 0.".to_string()
        }
        AdvancementOutcome::Hit { t, distance, steps } => {
            hit_at = Some(t);
            format!(
                "Hit at t = {}: the distance ({}) is within the tolerance of the target, \
                 after {steps} safe steps. The closer the shapes come, the smaller each step: \
                 sliding close past each other, this crawls. The time of impact (key {}) takes \
                 {toi} distance evaluations on this pair.",
                time(t),
                gap(distance),
                key_of(Algorithm::TimeOfImpact)
            )
        }
        AdvancementOutcome::Separating { bound, .. } => format!(
            "No hit: μ = {} is not positive, so along n the gap cannot shrink at all.",
            num(bound)
        ),
        AdvancementOutcome::BeyondEnd { t, step } => format!(
            "No hit in this step: from t = {} the safe step {} would pass t = 1, so the \
             shapes stay apart until the end.",
            time(t),
            time(step)
        ),
        AdvancementOutcome::IterationLimit { iterations, t, .. } => format!(
            "Stopped after {iterations} distance evaluations (the cap): a crawl. The \
             shapes are apart at least until t = {}.",
            time(t)
        ),
    };
    if let Some(t) = hit_at {
        let label = format!("hit: t = {}", time(t));
        let (ghost, claim) = poses_at(t, (pose_a, pose_b), PoseRole::Hit, label, None);
        items.push(ghost);
        claims.push(claim);
        narration += &hit_normal(result, &mut items, &mut claims);
    }
    items.push(story.hit_times(hit_at));
    Step::result(narration, line, items).claiming(claims)
}
