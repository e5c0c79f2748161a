//! The time of impact (Box2D's): separation functions, deepest points, the root finder.

use super::super::key_of;
use super::super::{vec2, Claim, Item, Step};
use super::{
    distance_step, gap, hit_normal, poses_at, time, Figure, MarkKind, Pair, PoseRole, Story,
    TimeMark,
};
use gjk_lab_core::algorithms::cast::separation::SeparationKind;
use gjk_lab_core::algorithms::cast::toi::{RootRule, TimeOfImpact, ToiEvent, ToiOutcome};
use gjk_lab_core::algorithms::cast::CastResult;
use gjk_lab_core::algorithms::{record, Algorithm, CastAlgorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::shapes::Pose;

/// The steps of the time of impact.
pub(super) fn toi_steps(machine: TimeOfImpact, pair: Pair) -> Vec<Step> {
    let mut story = Story::default();
    let mut now = (0.0, pair.a.pose(), pair.b.pose());
    let mut target = 0.0;
    let frames = record(machine);
    let sweep = frames.first().map(|f| f.state.sweep().clone());
    let events: Vec<ToiEvent> = frames.iter().map(|f| f.event.clone()).collect();
    let mut feature = SeparationKind::Points;
    frames
        .into_iter()
        .enumerate()
        .map(|(k, frame)| {
            if let ToiEvent::Function { feature: f, .. } = &frame.event {
                feature = *f;
            }
            let next = next_deepest(events.get(k + 1), feature, &pair);
            let mut step = toi_step(
                frame,
                feature,
                &pair,
                &sweep,
                &mut story,
                &mut now,
                &mut target,
            );
            step.items.extend(next);
            step
        })
        .collect()
}

/// The question's data for the next step, when it finds the deepest points along a
/// face: the other shape's vertices at `t2` and the face there.
fn next_deepest(next: Option<&ToiEvent>, feature: SeparationKind, pair: &Pair) -> Option<Item> {
    let Some(ToiEvent::Deepest {
        pose_a,
        pose_b,
        axis,
        point_a,
        point_b,
        ..
    }) = next
    else {
        return None;
    };
    let (shape, pose, face) = match feature {
        SeparationKind::FaceA => (pair.b, *pose_b, *point_a),
        SeparationKind::FaceB => (pair.a, *pose_a, *point_b),
        SeparationKind::Points => return None,
    };
    let mut placed = shape.clone();
    placed.set_pose(pose);
    let vertices = placed
        .geometry()
        .core_vertices()?
        .iter()
        .map(|&v| placed.to_world(v))
        .collect();
    Some(Item::Cast(Figure::NextDeepest {
        normal: *axis,
        face,
        vertices,
    }))
}

/// One step of the time of impact.
#[allow(clippy::too_many_arguments)]
fn toi_step(
    frame: gjk_lab_core::algorithms::Frame<TimeOfImpact>,
    feature: SeparationKind,
    pair: &Pair,
    sweep: &Option<gjk_lab_core::algorithms::cast::Sweep>,
    story: &mut Story,
    now: &mut (f64, Pose, Pose),
    target: &mut f64,
) -> Step {
    let result = frame.state.result();
    let line = frame.event.line();
    match frame.event {
        ToiEvent::Start {
            target: s,
            tolerance,
        } => {
            *target = s;
            let narration = format!(
                "Target separation s = {}, tolerance ε = {} (a fraction of the \
                         shapes' size): a hit is a time where the distance lies in [s, s + ε].",
                gap(*target),
                gap(tolerance)
            );
            Step::new("Target", narration, line, vec![story.times(Some(0.0))])
        }
        ToiEvent::Distance {
            t1,
            pose_a,
            pose_b,
            distance,
            closest_a,
            closest_b,
            ..
        } => {
            *now = (t1, pose_a, pose_b);
            story.closest_a = closest_a;
            let mut step = distance_step(story, pair, *now, distance, (closest_a, closest_b), line);
            step.narration = step.narration.replacen("At t = ", "At t1 = ", 1);
            step
        }
        ToiEvent::Function {
            feature,
            face,
            axis: n,
            point,
            ..
        } => {
            let what = match (feature, face) {
                (SeparationKind::Points, _) => {
                    "two points, one of A and one of B: the axis runs from one to the \
                             other and turns with them"
                        .to_string()
                }
                (SeparationKind::FaceA, Some([i, j])) => format!(
                    "a face of A (vertices {i} and {j}) and a point of B: the axis is \
                             the face's normal, turning with A"
                ),
                (SeparationKind::FaceB, Some([i, j])) => format!(
                    "a face of B (vertices {i} and {j}) and a point of A: the axis is \
                             the face's normal, turning with B"
                ),
                (_, None) => "a face and a point".to_string(),
            };
            let narration = format!(
                "The closest features are {what}. f(t) is the separation along that \
                         axis n = {} as time goes on: while it stays above s, so does the \
                         distance of those features.",
                vec2(n)
            );
            let (t, pose_a, pose_b) = *now;
            let label = format!("t = {}", time(t));
            let (ghost, claim) = poses_at(t, (pose_a, pose_b), PoseRole::Current, label, None);
            let items = vec![
                ghost,
                Item::Cast(Figure::Arrow {
                    at: point,
                    vector: n,
                    label: "n",
                }),
                story.times(Some(t)),
            ];
            Step::new("Separation function", narration, line, items).claiming(vec![
                claim,
                Claim::Vector {
                    label: "n",
                    value: n,
                },
            ])
        }
        ToiEvent::Deepest {
            t2,
            pose_a,
            pose_b,
            axis: n,
            point_a,
            point_b,
            vertex_a,
            vertex_b,
            separation,
            holds,
        } => {
            let label = format!("t2 = {}", time(t2));
            let (ghost, claim) = poses_at(t2, (pose_a, pose_b), PoseRole::Current, label, None);
            let vertex = |name: &str, v: Option<u32>| match v {
                Some(i) => format!("{name}'s vertex {i}"),
                None => format!("{name}'s point"),
            };
            let verdict = if holds && t2 >= 1.0 {
                "at least s: this axis keeps them apart to the end of the step."
            } else if holds {
                "at least s: this axis keeps them apart until t2, so t1 moves to t2."
            } else if separation >= *target {
                "at least s here, but a turn could bring them within s and apart \
                         again before t2 (the separation's curvature does not rule it out), \
                         so t2 is halved and the deepest points looked for again."
            } else {
                "below s: between t1 and t2 this pair crosses the target, and a root \
                         finder looks for when."
            };
            let gap_label = "s2".to_string();
            let narration = format!(
                "At t2 = {}, the points that go deepest along n = {} are {} and {}: \
                         their separation s2 = {} is {verdict}",
                time(t2),
                vec2(n),
                vertex("A", vertex_a),
                vertex("B", vertex_b),
                gap(separation)
            );
            let items = vec![
                ghost,
                Item::Cast(Figure::Gap {
                    a: point_a,
                    b: point_b,
                    label: gap_label.clone(),
                }),
                Item::Cast(Figure::Arrow {
                    at: point_a,
                    vector: n,
                    label: "n",
                }),
                story.times(Some(t2)),
            ];
            // Along a face, the other shape's deepest vertex: a question's answer.
            let face = feature != SeparationKind::Points;
            let title = if face {
                "Deepest vertex"
            } else {
                "Deepest points"
            };
            let step = Step::new(title, narration, line, items).claiming(vec![
                claim,
                Claim::Labelled(gap_label),
                Claim::Vector {
                    label: "n",
                    value: n,
                },
            ]);
            if face {
                step.answering(Checkpoint::DeepestPoint)
            } else {
                step
            }
        }
        ToiEvent::Bracket {
            t1,
            t2,
            s1,
            s2,
            aim,
        } => {
            let narration = format!(
                "The pair's separation is {} at t1 = {} and {} at t2 = {}: it crosses \
                         the aim s + ε/2 = {} somewhere between.",
                gap(s1),
                time(t1),
                gap(s2),
                time(t2),
                gap(aim)
            );
            let mut marks = story.marks.clone();
            marks.push(TimeMark {
                t: t1,
                kind: MarkKind::Apart,
            });
            marks.push(TimeMark {
                t: t2,
                kind: MarkKind::Within,
            });
            Step::new(
                "Bracket",
                narration,
                line,
                vec![Item::Cast(Figure::Times(marks))],
            )
        }
        ToiEvent::Root {
            iteration,
            rule,
            t,
            separation,
            bracket,
            found,
        } => {
            let rule = match rule {
                RootRule::Bisection => "bisection (the bracket's middle)",
                RootRule::Secant => {
                    "the secant rule (where the line through the ends crosses the aim)"
                }
            };
            let verdict = if found {
                "close enough to the aim: the root, the new t2.".to_string()
            } else {
                format!(
                    "the bracket is now [{}, {}].",
                    time(bracket[0]),
                    time(bracket[1])
                )
            };
            let narration = format!(
                "Probe {iteration} by {rule}: t = {}, separation {}; {verdict}",
                time(t),
                gap(separation)
            );
            let mut items = vec![];
            let mut claims = vec![];
            if let Some(sweep) = sweep {
                let label = format!("probe: t = {}", time(t));
                let poses = (sweep.world_pose_a(t), sweep.world_pose_b(t));
                let (ghost, claim) = poses_at(t, poses, PoseRole::Current, label, None);
                items.push(ghost);
                claims.push(claim);
            }
            let mut marks = story.marks.clone();
            marks.push(TimeMark {
                t: bracket[0],
                kind: MarkKind::Apart,
            });
            marks.push(TimeMark {
                t: bracket[1],
                kind: MarkKind::Within,
            });
            marks.push(TimeMark {
                t,
                kind: MarkKind::Now,
            });
            items.push(Item::Cast(Figure::Times(marks)));
            Step::new("Root finder", narration, line, items).claiming(claims)
        }
        ToiEvent::Done { outcome } => {
            let others = pair.evaluations(CastAlgorithm::ConservativeAdvancement);
            toi_result(outcome, result, sweep.as_ref(), others, story, line)
        }
    }
}

/// The time of impact's last step.
fn toi_result(
    outcome: ToiOutcome,
    result: Option<CastResult>,
    sweep: Option<&gjk_lab_core::algorithms::cast::Sweep>,
    advancement: usize,
    story: &mut Story,
    line: usize,
) -> Step {
    let mut items = vec![];
    let mut claims = vec![];
    let mut hit_at = None;
    let mut narration = match outcome {
        ToiOutcome::InitialOverlap { .. } => {
            "A and B already touch or overlap at t = 0: a hit at t = 0.".to_string()
        }
        ToiOutcome::Hit {
            t,
            distance,
            iterations,
        } => {
            hit_at = Some(t);
            format!(
                "Hit at t = {}: the distance {} lies within [s, s + ε], after {}. \
                 Conservative advancement (key {}) takes {} on this pair: the root finder \
                 follows the separation itself, where advancement only bounds it.",
                time(t),
                gap(distance),
                super::super::counted(iterations, "distance evaluation", "distance evaluations"),
                key_of(Algorithm::ConservativeAdvancement),
                advancement
            )
        }
        ToiOutcome::Separated { separation } => format!(
            "No hit: along this axis the deepest points are still {} apart at t = 1, more \
             than s + ε, so the shapes stay apart for the whole step.",
            gap(separation)
        ),
        ToiOutcome::RootFinderFailed { t, separation } => format!(
            "Stopped: the pair's separation at t1 = {} is already {} — below the target, so \
             the root finder has no bracket (Box2D's \"failed\"). The shapes are apart until \
             t1.",
            time(t),
            gap(separation)
        ),
        ToiOutcome::PushBackLimit { t } => format!(
            "Stopped: one axis needed more push-backs than the cap. The shapes are apart \
             until t1 = {}.",
            time(t)
        ),
        ToiOutcome::IterationLimit { iterations, t, .. } => format!(
            "Stopped after {iterations} distance evaluations (the cap). The shapes are apart \
             until t1 = {}.",
            time(t)
        ),
    };
    if let (Some(t), Some(sweep)) = (hit_at, sweep) {
        let label = format!("hit: t = {}", time(t));
        let poses = (sweep.world_pose_a(t), sweep.world_pose_b(t));
        let (ghost, claim) = poses_at(t, poses, PoseRole::Hit, label, None);
        items.push(ghost);
        claims.push(claim);
        narration += &hit_normal(result, &mut items, &mut claims);
    }
    items.push(story.hit_times(hit_at));
    Step::result(narration, line, items).claiming(claims)
}
