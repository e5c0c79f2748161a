//! The shape cast (GJK-raycast): the ray from the origin through A − B at t = 0.

use super::super::key_of;
use super::super::{num, sources, vec2, Claim, Item, Names, Step};
use super::{gap, hit_normal, poses_at, time, Figure, Pair, PoseRole, Story};
use gjk_lab_core::algorithms::cast::shape_cast::{ShapeCast, ShapeCastEvent, ShapeCastOutcome};
use gjk_lab_core::algorithms::cast::CastResult;
use gjk_lab_core::algorithms::simplex::Simplex;
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::minkowski::SupportPoint;
use gjk_lab_core::shapes::Pose;
use glam::DVec2;

/// The steps of GJK-raycast.
pub(super) fn shape_cast_steps(machine: ShapeCast, pair: Pair) -> Vec<Step> {
    let frames = record(machine);
    let mut names = Names::default();
    let mut story = Story::default();
    let mut ray = DVec2::ZERO;
    let mut lambda = 0.0;
    let mut poses = (pair.a.pose(), pair.b.pose());
    let mut last_v: Option<(DVec2, DVec2)> = None;
    frames
        .into_iter()
        .map(|frame| {
            let result = frame.state.result();
            let line = frame.event.line();
            match frame.event {
                ShapeCastEvent::Start {
                    ray: r,
                    sigma,
                    direction,
                    fallback,
                    pose_a,
                    pose_b,
                } => {
                    ray = r;
                    poses = (pose_a, pose_b);
                    story.look(0.0, pose_a, pose_b, false);
                    let from = -direction;
                    last_v = Some((from, direction));
                    let grown = if sigma > 0.0 {
                        format!(" grown by σ = {} (the radii and the target)", gap(sigma))
                    } else {
                        String::new()
                    };
                    let start = if fallback {
                        format!(
                            "A − B's inner point is the origin itself, so d starts along the x \
                             axis: d = {}",
                            vec2(direction)
                        )
                    } else {
                        format!("d = {} points from inside A − B to x", vec2(direction))
                    };
                    let narration = format!(
                        "B moved by t·r, r = v_B − v_A = {}, meets A exactly when t·r lies in \
                         A − B{grown}. So the first touch is where the ray from the origin \
                         along r enters A − B: its end is t = 1. x = λ·r starts at the \
                         origin, λ = 0; {start}.",
                        vec2(r)
                    );
                    let items = vec![
                        Item::Cast(Figure::Ray { ray, lambda: 0.0 }),
                        Item::Cast(Figure::Search {
                            from,
                            vector: direction,
                        }),
                        story.times(Some(0.0)),
                    ];
                    Step::new("The ray through A − B", narration, line, items).claiming(vec![
                        Claim::Vector {
                            label: "r",
                            value: r,
                        },
                        Claim::Vector {
                            label: "d",
                            value: direction,
                        },
                    ])
                }
                ShapeCastEvent::Support {
                    direction,
                    support,
                    plane_gap,
                    ..
                } => {
                    let normal = direction.normalize_or_zero();
                    let test = if plane_gap > 0.0 {
                        format!(
                            "x lies {} beyond w's line: nothing of A − B is beyond it, so the \
                             ray cannot have entered A − B yet, and λ can advance.",
                            gap(plane_gap)
                        )
                    } else {
                        "x is not beyond w's line: w joins the simplex, which closes in on x."
                            .to_string()
                    };
                    let narration = format!(
                        "Support point along d: w = {} ({}). {test}",
                        vec2(support.p),
                        sources(&support)
                    );
                    let mut items = ray_items(ray, lambda, &mut story);
                    items.push(Item::Support(support));
                    items.push(Item::Cast(Figure::Plane {
                        normal,
                        point: support.p,
                    }));
                    if let Some((from, vector)) = last_v {
                        items.push(Item::Cast(Figure::Search { from, vector }));
                    }
                    Step::new("Support point", narration, line, items)
                        .answering(Checkpoint::NextSupport)
                }
                ShapeCastEvent::Advance {
                    normal,
                    lambda_before,
                    lambda: after,
                    ray_point,
                    approach,
                    pose_a,
                    pose_b,
                    ..
                } => {
                    lambda = after;
                    poses = (pose_a, pose_b);
                    let label = format!("t = {}", time(after));
                    let (ghost, claim) = poses_at(after, poses, PoseRole::Current, label, None);
                    let narration = format!(
                        "λ jumps from {} to {}, where the ray crosses w's line (n·r = {}: the \
                         ray approaches it). x = λ·r = {}. The shapes cannot touch before \
                         t = {}: the ghosts show them there, still apart or just touching.",
                        time(lambda_before),
                        time(after),
                        num(approach),
                        vec2(ray_point),
                        time(after)
                    );
                    let mut items = story.ghosts(after);
                    items.extend(ray_items(ray, lambda, &mut story));
                    items.push(ghost);
                    items.push(Item::Cast(Figure::Plane {
                        normal,
                        point: ray_point,
                    }));
                    story.look(after, pose_a, pose_b, false);
                    Step::new("λ advances", narration, line, items).claiming(vec![claim])
                }
                ShapeCastEvent::Added { simplex } => {
                    let points = distinct(&points_of(&simplex));
                    let all = names.of(&points);
                    let newest = simplex.len().checked_sub(1).map(|k| simplex.get(k));
                    let again = newest
                        .is_some_and(|w| (0..simplex.len() - 1).any(|k| simplex.get(k).p == w.p));
                    let name = newest.map(|w| names.name(&w)).unwrap_or_default();
                    let narration = if again {
                        format!(
                            "w is {name} again, a point the simplex already has (x has moved \
                             along the ray since); the simplex is now {}.",
                            all.join(" ")
                        )
                    } else {
                        format!(
                            "w joins the simplex as {name}; the simplex is now {}.",
                            all.join(" ")
                        )
                    };
                    let mut items = ray_items(ray, lambda, &mut story);
                    items.push(simplex_item(&points, &all));
                    let claims = all.into_iter().map(Claim::Labelled).collect();
                    Step::new("Add to the simplex", narration, line, items).claiming(claims)
                }
                ShapeCastEvent::Region {
                    region,
                    dropped,
                    simplex,
                    closest,
                    direction,
                    distance,
                } => {
                    let points = distinct(&points_of(&simplex));
                    let before: Vec<String> = names.of(&points);
                    last_v = Some((closest, direction));
                    let kept = describe_kept(&before);
                    let _ = region;
                    let narration = format!(
                        "The simplex keeps {kept}, the part nearest x. d = x − (its nearest \
                         point) = {}; at t = {} the shapes are {} apart.",
                        vec2(direction),
                        time(lambda),
                        gap(distance.max(0.0))
                    );
                    let mut items = ray_items(ray, lambda, &mut story);
                    items.push(simplex_item(&points, &before));
                    if !dropped.is_empty() {
                        items.push(Item::Dropped(points_of(&dropped)));
                    }
                    items.push(Item::Cast(Figure::Search {
                        from: closest,
                        vector: direction,
                    }));
                    Step::new("Nearest feature to x", narration, line, items).claiming(vec![
                        Claim::Vector {
                            label: "d",
                            value: direction,
                        },
                    ])
                }
                ShapeCastEvent::Done { outcome } => {
                    shape_cast_result(outcome, result, poses, ray, &mut story, line)
                }
            }
        })
        .collect()
}

/// The ray with `x = λ·r`, and the time line at `λ`.
fn ray_items(ray: DVec2, lambda: f64, story: &mut Story) -> Vec<Item> {
    vec![
        Item::Cast(Figure::Ray { ray, lambda }),
        story.times(Some(lambda)),
    ]
}

/// The points without repeats (GJK-raycast may meet a point of its simplex again
/// after x has moved): each drawn and named once.
fn distinct(points: &[SupportPoint]) -> Vec<SupportPoint> {
    let mut out: Vec<SupportPoint> = vec![];
    for w in points {
        if !out.iter().any(|o| o.p == w.p) {
            out.push(*w);
        }
    }
    out
}

/// The simplex as the views draw it: its points and their names.
fn simplex_item(points: &[SupportPoint], names: &[String]) -> Item {
    Item::Simplex {
        points: points.to_vec(),
        names: names.to_vec(),
    }
}

/// The support points of a simplex.
fn points_of(simplex: &Simplex) -> Vec<SupportPoint> {
    (0..simplex.len()).map(|k| simplex.get(k)).collect()
}

/// The feature the simplex keeps, from the names of its points.
fn describe_kept(kept: &[String]) -> String {
    match kept {
        [] => "nothing".to_string(),
        [p] => format!("the point {p}"),
        [p, q] => format!("the edge {p} {q}"),
        _ => format!("the triangle {}", kept.join(" ")),
    }
}

/// GJK-raycast's last step.
fn shape_cast_result(
    outcome: ShapeCastOutcome,
    result: Option<CastResult>,
    poses: (Pose, Pose),
    ray: DVec2,
    story: &mut Story,
    line: usize,
) -> Step {
    let mut items = vec![];
    let mut claims = vec![];
    let narration = match outcome {
        ShapeCastOutcome::InitialOverlap { .. } => {
            "A and B already touch or overlap at t = 0: a hit at t = 0 (a cast answers when \
             they first come within the target, and that is now)."
                .to_string()
        }
        ShapeCastOutcome::Hit { t, distance } => {
            let label = format!("hit: t = {}", time(t));
            let (ghost, claim) = poses_at(t, poses, PoseRole::Hit, label, None);
            items.push(ghost);
            claims.push(claim);
            // The normal is the last line's, from A towards B (`hit_normal` draws it).
            let normal = hit_normal(result, &mut items, &mut claims);
            format!(
                "Hit at t = λ = {}: x is within the tolerance of A − B (the shapes are {} \
                 apart there).{normal}",
                time(t),
                gap(distance.max(0.0)),
            )
        }
        ShapeCastOutcome::MovingAway { normal, .. } => format!(
            "No hit: the ray runs parallel to w's line or away from it (n = {}), and all of \
             A − B lies behind that line, so the ray never enters A − B.",
            vec2(normal)
        ),
        ShapeCastOutcome::BeyondEnd { lambda } => format!(
            "No hit in this step: the ray would cross w's line only at λ = {}, past its \
             end at λ = 1.",
            time(lambda)
        ),
        ShapeCastOutcome::NoRelativeMotion => {
            "No hit: A and B move alike (r = 0) and are apart, so they stay apart.".to_string()
        }
        ShapeCastOutcome::Rotating { .. } => {
            let text = format!(
                "A shape turns, and a ray describes a translation only. Conservative \
                 advancement (key {}) and the time of impact (key {}) follow turns.",
                key_of(Algorithm::ConservativeAdvancement),
                key_of(Algorithm::TimeOfImpact)
            );
            return super::super::instead_step(text, Algorithm::TimeOfImpact);
        }
        ShapeCastOutcome::IterationLimit { iterations, lambda } => format!(
            "Stopped after {iterations} support points (the cap): the shapes are apart at \
             least until t = {}.",
            time(lambda)
        ),
    };
    items.push(Item::Cast(Figure::Ray {
        ray,
        lambda: result.and_then(|r| r.t).unwrap_or(0.0),
    }));
    items.push(story.hit_times(result.and_then(|r| r.t)));
    let step = Step::result(narration, line, items).claiming(claims);
    // A hit after t = 0 is where the ray entered A − B.
    if matches!(outcome, ShapeCastOutcome::Hit { .. }) {
        step.answering(Checkpoint::RayEntry)
    } else {
        step
    }
}
