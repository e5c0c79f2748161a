//! The shape cast (GJK-raycast): the ray from the origin through A − B at t = 0.

use super::super::{num, sources, vec2, Claim, Item, Names, Step};
use super::{gap, hit_normal, poses_at, time, times_between, Figure, Pair, PoseRole, Story};
use crate::app::i18n::tr;
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
    // σ: the radii and the target. The line a support point's test uses is the one
    // through w grown by σ, the supporting line of the rounded A − B the view fills.
    let mut sigma = 0.0;
    frames
        .into_iter()
        .map(|frame| {
            let result = frame.state.result();
            let line = frame.event.line();
            match frame.event {
                ShapeCastEvent::Start {
                    ray: r,
                    sigma: sigma_start,
                    direction,
                    fallback,
                    pose_a,
                    pose_b,
                } => {
                    ray = r;
                    sigma = sigma_start;
                    poses = (pose_a, pose_b);
                    story.look(0.0, pose_a, pose_b, false);
                    let from = -direction;
                    last_v = Some((from, direction));
                    let narration = tr!(
                        "cast-shape-start",
                        r = vec2(r),
                        grown = grown(sigma),
                        sigma = gap(sigma),
                        fallback = if fallback { "yes" } else { "no" },
                        d = vec2(direction)
                    );
                    let items = vec![
                        Item::Cast(Figure::Ray { ray, lambda: 0.0 }),
                        Item::Cast(Figure::Search {
                            from,
                            vector: direction,
                        }),
                        story.times(Some(0.0)),
                    ];
                    Step::new(&tr!("cast-title-ray"), narration, line, items).claiming(vec![
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
                    let narration = tr!(
                        "cast-shape-support",
                        w = vec2(support.p),
                        sources = sources(&support),
                        beyond = if plane_gap > 0.0 { "yes" } else { "no" },
                        grown = grown(sigma),
                        gap = gap(plane_gap)
                    );
                    let mut items = ray_items(ray, lambda, &mut story);
                    items.push(Item::Support(support));
                    // The line the test measures from: through w, pushed out along d by σ.
                    items.push(Item::Cast(Figure::Plane {
                        normal,
                        point: support.p + normal * sigma,
                        edge: false,
                    }));
                    if let Some((from, vector)) = last_v {
                        items.push(Item::Cast(Figure::Search { from, vector }));
                    }
                    Step::new(&tr!("cast-title-support"), narration, line, items)
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
                    let (from, to) = times_between(lambda_before, after);
                    let narration = tr!(
                        "cast-shape-advance",
                        from = from,
                        to = to,
                        grown = grown(sigma),
                        approach = num(approach),
                        x = vec2(ray_point)
                    );
                    let mut items = story.ghosts(after);
                    items.extend(ray_items(ray, lambda, &mut story));
                    items.push(ghost);
                    items.push(Item::Cast(Figure::Plane {
                        normal,
                        point: ray_point,
                        edge: false,
                    }));
                    story.look(after, pose_a, pose_b, false);
                    Step::new(&tr!("cast-title-lambda"), narration, line, items)
                        .claiming(vec![claim])
                }
                ShapeCastEvent::Added { simplex } => {
                    let points = distinct(&points_of(&simplex));
                    let all = names.of(&points);
                    let newest = simplex.len().checked_sub(1).map(|k| simplex.get(k));
                    let again = newest
                        .is_some_and(|w| (0..simplex.len() - 1).any(|k| simplex.get(k).p == w.p));
                    let name = newest.map(|w| names.name(&w)).unwrap_or_default();
                    let narration = tr!(
                        "cast-shape-added",
                        again = if again { "yes" } else { "no" },
                        name = name,
                        points = all.join(" ")
                    );
                    let mut items = ray_items(ray, lambda, &mut story);
                    items.push(simplex_item(&points, &all));
                    let claims = all.into_iter().map(Claim::Labelled).collect();
                    Step::new(&tr!("vis-title-added"), narration, line, items).claiming(claims)
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
                    let _ = region;
                    let narration = tr!(
                        "cast-shape-region",
                        count = before.len(),
                        points = before.join(" "),
                        d = vec2(direction),
                        t = time(lambda),
                        gap = gap(distance.max(0.0))
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
                    Step::new(&tr!("cast-title-nearest"), narration, line, items).claiming(vec![
                        Claim::Vector {
                            label: "d",
                            value: direction,
                        },
                    ])
                }
                ShapeCastEvent::Done { outcome } => {
                    shape_cast_result(outcome, result, (poses, ray, sigma), &mut story, line)
                }
            }
        })
        .collect()
}

/// The narration's selector for the support points' lines: "yes" when they are grown
/// by `σ` (rounded shapes, a target), "no" when they pass through `w` itself.
fn grown(sigma: f64) -> &'static str {
    if sigma > 0.0 {
        "yes"
    } else {
        "no"
    }
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

/// GJK-raycast's last step.
fn shape_cast_result(
    outcome: ShapeCastOutcome,
    result: Option<CastResult>,
    (poses, ray, sigma): ((Pose, Pose), DVec2, f64),
    story: &mut Story,
    line: usize,
) -> Step {
    let mut items = vec![];
    let mut claims = vec![];
    let narration = match outcome {
        ShapeCastOutcome::InitialOverlap { .. } => tr!("cast-shape-overlap"),
        ShapeCastOutcome::Hit { t, distance } => {
            let label = tr!("cast-label-hit", t = time(t));
            let (ghost, claim) = poses_at(t, poses, PoseRole::Hit, label, None);
            items.push(ghost);
            claims.push(claim);
            // The normal is the last line's, from A towards B (`hit_normal` draws it).
            let hit = tr!("cast-shape-hit", t = time(t), gap = gap(distance.max(0.0)));
            hit_normal(hit, result, &mut items, &mut claims)
        }
        ShapeCastOutcome::MovingAway { normal, .. } => {
            tr!(
                "cast-shape-moving-away",
                n = vec2(normal),
                grown = grown(sigma)
            )
        }
        ShapeCastOutcome::BeyondEnd { lambda } => {
            tr!(
                "cast-shape-beyond",
                lambda = time(lambda),
                grown = grown(sigma)
            )
        }
        ShapeCastOutcome::NoRelativeMotion => tr!("cast-shape-still"),
        ShapeCastOutcome::Rotating { .. } => {
            let text = tr!("cast-shape-rotating");
            return super::super::instead_step(text, Algorithm::TimeOfImpact);
        }
        ShapeCastOutcome::IterationLimit { iterations, lambda } => tr!(
            "cast-shape-cap",
            iterations = iterations.to_string(),
            t = time(lambda)
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
