//! The time of impact (Box2D's): separation functions, deepest points, the root finder.

use super::super::{vec2, Claim, Item, Step};
use super::{
    distance_step, gap, hit_normal, poses_at, time, Figure, MarkKind, Pair, PoseRole, Story,
    TimeMark,
};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::cast::separation::SeparationKind;
use gjk_lab_core::algorithms::cast::toi::{RootRule, TimeOfImpact, ToiEvent, ToiOutcome};
use gjk_lab_core::algorithms::cast::CastResult;
use gjk_lab_core::algorithms::{record, CastAlgorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::shapes::Pose;

/// The steps of the time of impact.
pub(super) fn toi_steps(machine: TimeOfImpact, pair: Pair) -> Vec<Step> {
    let mut story = Story::default();
    let mut now = (0.0, pair.a.pose(), pair.b.pose());
    // The target s and the tolerance ε, from the first step.
    let mut window = (0.0, 0.0);
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
                &mut window,
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
    window: &mut (f64, f64),
) -> Step {
    let result = frame.state.result();
    let line = frame.event.line();
    match frame.event {
        ToiEvent::Start {
            target: s,
            tolerance,
        } => {
            *window = (s, tolerance);
            let narration = tr!("cast-toi-target", s = gap(s), tolerance = gap(tolerance));
            Step::new(
                &tr!("cast-title-target"),
                narration,
                line,
                vec![story.times(Some(0.0))],
            )
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
            let at = ("t1", t1, pose_a, pose_b);
            distance_step(story, pair, at, distance, (closest_a, closest_b), line)
        }
        ToiEvent::Function {
            feature,
            face,
            axis: n,
            point,
            ..
        } => {
            let (kind, [i, j]) = match (feature, face) {
                (SeparationKind::Points, _) => ("points", [0, 0]),
                (SeparationKind::FaceA, Some(ij)) => ("face-a", ij),
                (SeparationKind::FaceB, Some(ij)) => ("face-b", ij),
                (_, None) => ("face", [0, 0]),
            };
            let narration = tr!(
                "cast-toi-function",
                feature = kind,
                i = i.to_string(),
                j = j.to_string(),
                n = vec2(n)
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
            Step::new(&tr!("cast-title-function"), narration, line, items).claiming(vec![
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
            separated,
        } => {
            let label = format!("t2 = {}", time(t2));
            let (ghost, claim) = poses_at(t2, (pose_a, pose_b), PoseRole::Current, label, None);
            let vertex = |name: &str, v: Option<u32>| match v {
                Some(i) => tr!("vis-source-vertex", shape = name, index = i.to_string()),
                None => tr!("cast-shape-point", shape = name),
            };
            // "To the end" only when the cast ends on it (past `s + ε` at t = 1); within
            // the window at t = 1, t1 moves there and the distance decides.
            let verdict = if separated {
                "end"
            } else if holds {
                "holds"
            } else if separation >= window.0 {
                "curved"
            } else {
                "below"
            };
            let gap_label = "s2".to_string();
            let narration = tr!(
                "cast-toi-deepest",
                t2 = time(t2),
                n = vec2(n),
                a = vertex("A", vertex_a),
                b = vertex("B", vertex_b),
                separation = gap(separation),
                verdict = verdict
            );
            let items = vec![
                ghost,
                Item::Cast(Figure::Gap {
                    a: point_a,
                    b: point_b,
                    label: gap_label.clone(),
                    from_face: false,
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
                tr!("cast-title-deepest-vertex")
            } else {
                tr!("cast-title-deepest-points")
            };
            let step = Step::new(&title, narration, line, items).claiming(vec![
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
            slopes: [r1, r2],
            aim,
        } => {
            let narration = tr!(
                "cast-toi-bracket",
                s1 = gap(s1),
                t1 = time(t1),
                r1 = gap(r1),
                s2 = gap(s2),
                t2 = time(t2),
                r2 = gap(r2),
                aim = gap(aim)
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
                &tr!("cast-title-bracket"),
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
                RootRule::Bisection => "bisection",
                RootRule::Secant => "secant",
                RootRule::Cubic => "cubic",
            };
            let narration = tr!(
                "cast-toi-root",
                iteration = iteration.to_string(),
                rule = rule,
                t = time(t),
                separation = gap(separation),
                found = if found { "yes" } else { "no" },
                lo = time(bracket[0]),
                hi = time(bracket[1])
            );
            let mut items = vec![];
            let mut claims = vec![];
            if let Some(sweep) = sweep {
                let label = tr!("cast-label-probe", t = time(t));
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
            Step::new(&tr!("cast-title-root"), narration, line, items).claiming(claims)
        }
        ToiEvent::Done { outcome } => {
            let others = pair.evaluations(CastAlgorithm::ConservativeAdvancement);
            toi_result(
                outcome,
                result,
                sweep.as_ref(),
                others,
                story,
                (line, *window),
            )
        }
    }
}

/// The time of impact's last step.
fn toi_result(
    outcome: ToiOutcome,
    result: Option<CastResult>,
    sweep: Option<&gjk_lab_core::algorithms::cast::Sweep>,
    (advancement, advancement_hit): (usize, bool),
    story: &mut Story,
    (line, (target, tolerance)): (usize, (f64, f64)),
) -> Step {
    let mut items = vec![];
    let mut claims = vec![];
    let mut hit_at = None;
    let mut narration = match outcome {
        ToiOutcome::InitialOverlap { .. } => tr!("cast-initial-overlap"),
        ToiOutcome::Hit {
            t,
            distance,
            iterations,
        } => {
            hit_at = Some(t);
            // How conservative advancement did on the same pair: it often needs far
            // more evaluations (turns, shapes sliding close), not always (a head-on
            // approach), and at its cap it never answered.
            let compare = match advancement.cmp(&iterations) {
                _ if !advancement_hit => "none",
                std::cmp::Ordering::Greater => "more",
                std::cmp::Ordering::Equal => "same",
                std::cmp::Ordering::Less => "fewer",
            };
            // A hit of the bracket's end (Box2D's "victory": the pair's separation
            // within [s, s + ε] at t1) stands with the distance up to s + 2ε.
            let within = if distance <= target + tolerance {
                "window"
            } else {
                "bracket"
            };
            tr!(
                "cast-toi-hit",
                t = time(t),
                within = within,
                distance = gap(distance),
                iterations = iterations,
                compare = compare,
                advancement = advancement.to_string()
            )
        }
        ToiOutcome::Separated { separation } => {
            tr!("cast-toi-separated", separation = gap(separation))
        }
        ToiOutcome::RootFinderFailed { t, separation } => {
            // Below the target (Box2D's "failed"), or within the window while GJK
            // distance finds the shapes farther apart.
            let case = if separation < target {
                "below"
            } else {
                "window"
            };
            tr!(
                "cast-toi-failed",
                t = time(t),
                separation = gap(separation),
                case = case
            )
        }
        ToiOutcome::PushBackLimit { t } => tr!("cast-toi-push-back", t = time(t)),
        ToiOutcome::IterationLimit { iterations, t, .. } => tr!(
            "cast-toi-cap",
            iterations = iterations.to_string(),
            t = time(t)
        ),
    };
    if let (Some(t), Some(sweep)) = (hit_at, sweep) {
        let label = tr!("cast-label-hit", t = time(t));
        let poses = (sweep.world_pose_a(t), sweep.world_pose_b(t));
        let (ghost, claim) = poses_at(t, poses, PoseRole::Hit, label, None);
        items.push(ghost);
        claims.push(claim);
        narration = hit_normal(narration, result, &mut items, &mut claims);
    }
    items.push(story.hit_times(hit_at));
    Step::result(narration, line, items).claiming(claims)
}
