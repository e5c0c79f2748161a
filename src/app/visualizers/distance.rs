//! GJK distance: the same simplex walk as GJK, continued until the simplex holds the
//! point of `A − B` nearest the origin; its barycentric weights give the closest
//! points on A and B.

use super::{
    added_step, narrate_region, num, region_items, simplex_points, sources, start_step, vec2,
    Claim, Item, Names, Step, Visualizer,
};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::distance::{
    DistanceEvent, DistanceOutcome, DistanceResult, GjkDistance,
};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::minkowski::SupportPoint;
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::Shape;
use glam::DVec2;

/// The GJK distance visualiser.
pub struct DistanceVisualizer;

impl Visualizer for DistanceVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Distance
    }

    fn intro(&self) -> String {
        tr!("distance-intro")
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        steps_of(GjkDistance::new(a, b))
    }

    fn configured_steps(
        &self,
        a: &Shape,
        b: &Shape,
        _variant: Option<Variant>,
        settings: &Settings,
    ) -> Option<Vec<Step>> {
        Some(steps_of(GjkDistance::new(a, b).with_settings(settings)))
    }
}

/// The steps of one GJK distance machine.
fn steps_of(machine: GjkDistance) -> Vec<Step> {
    // r_A + r_B: the walk is on the cores, the rounded A − B reaches this beyond them.
    let margin = machine.minkowski().margin();
    let mut before: Vec<SupportPoint> = Vec::new();
    let mut names = Names::default();
    record(machine)
        .into_iter()
        .map(|frame| {
            let state = &frame.state;
            let simplex = state.simplex();
            // v so far, drawn under the steps that do not compute it.
            let v = state.closest_point().map(|point| Item::Closest {
                point,
                on_a: None,
                on_b: None,
            });
            let line = frame.event.line();
            match frame.event {
                DistanceEvent::Start {
                    direction,
                    fallback,
                } => start_step(direction, fallback, line),
                DistanceEvent::Support {
                    direction,
                    support,
                    gap,
                    lower_bound,
                } => support_step(
                    (names.simplex_item(&simplex), v),
                    (direction, support),
                    (gap, lower_bound, margin),
                    line,
                ),
                DistanceEvent::Added { simplex } => {
                    before = simplex_points(&simplex);
                    added_step(&simplex, state.direction(), line, &mut names)
                }
                DistanceEvent::Region {
                    region,
                    dropped,
                    simplex,
                } => {
                    let before_names = names.of(&before);
                    let narration = narrate_region(region, &dropped, &simplex, &before_names);
                    let items = region_items(&before, region, &simplex, &dropped, &mut names);
                    let claims = names.claims(&simplex);
                    Step::new(&tr!("distance-title-region"), narration, line, items)
                        .claiming(claims)
                        .answering(Checkpoint::KeptFeature)
                }
                DistanceEvent::ClosestPoint {
                    point,
                    distance,
                    weights,
                    closest_a,
                    closest_b,
                } => closest_step(
                    names.simplex_item(&simplex),
                    (point, distance, weights),
                    (simplex.len(), margin),
                    (closest_a, closest_b),
                    line,
                ),
                DistanceEvent::Direction { direction } => {
                    let narration = direction_narration(direction, state.closest_point());
                    let mut items = vec![names.simplex_item(&simplex)];
                    items.extend(v);
                    items.push(Item::Direction(direction));
                    let claims = vec![Claim::Vector {
                        label: "d",
                        value: direction,
                    }];
                    Step::new(&tr!("distance-title-direction"), narration, line, items)
                        .claiming(claims)
                }
                DistanceEvent::Refined {
                    before,
                    normal,
                    distance,
                    support,
                    closest_a,
                    closest_b,
                    evaluations,
                } => refined_step(
                    names.simplex_item(&simplex),
                    (before, normal, distance),
                    support,
                    (closest_a, closest_b),
                    (evaluations, line),
                ),
                DistanceEvent::Done { outcome } => {
                    done_step(outcome, state.result(), names.simplex_item(&simplex), line)
                }
            }
        })
        .collect()
}

/// GJK distance's next search direction, from v towards the origin: from a single
/// point, d is −v itself; from inside an edge, the machine takes the edge's
/// perpendicular on the origin's side, which points the same way as −v but is as long
/// as the edge. Either way the length changes no support point; the words give the
/// numbers as they are, and call d "−v" only when it is.
fn direction_narration(d: DVec2, v: Option<DVec2>) -> String {
    match v {
        Some(v) if d.distance(-v) <= 1e-6 * (1.0 + v.length()) => {
            tr!("distance-direction-minus-v", d = vec2(d))
        }
        Some(v) => tr!("distance-direction-edge", d = vec2(d), minus_v = vec2(-v)),
        None => tr!("distance-direction", d = vec2(d)),
    }
}

fn support_step(
    (simplex, v): (Item, Option<Item>),
    (d, w): (DVec2, SupportPoint),
    (gap, lower_bound, margin): (Option<f64>, f64, f64),
    line: usize,
) -> Step {
    let narration = tr!(
        "distance-support",
        round = if margin > 0.0 { "yes" } else { "no" },
        margin = num(margin),
        d = vec2(d),
        sources = sources(&w),
        w = vec2(w.p),
        bound = num(lower_bound),
        test = match gap {
            Some(g) if g <= 0.0 => "stuck",
            Some(_) => "progress",
            None => "none",
        },
        gap = gap.map(num).unwrap_or_default()
    );
    let mut items = vec![simplex];
    items.extend(v);
    items.extend([
        Item::Direction(d),
        Item::Support(w),
        // The line through w, moved out by the radii: the rounded A − B's own.
        Item::BoundLine {
            axis: d.normalize_or_zero(),
            support: w.p + d.normalize_or_zero() * margin,
        },
    ]);
    let claims = vec![
        Claim::Vector {
            label: "d",
            value: d,
        },
        Claim::Labelled("w".into()),
        Claim::Labelled("bound line".into()),
    ];
    Step::new(&tr!("distance-title-support"), narration, line, items)
        .claiming(claims)
        .answering(Checkpoint::NextSupport)
}

fn closest_step(
    simplex: Item,
    (v, distance, weights): (DVec2, f64, [f64; 3]),
    (len, margin): (usize, f64),
    (on_a, on_b): (DVec2, DVec2),
    line: usize,
) -> Step {
    let lambdas: Vec<String> = weights[..len.min(3)].iter().map(|&l| num(l)).collect();
    let narration = tr!(
        "distance-closest",
        round = if margin > 0.0 { "yes" } else { "no" },
        v = vec2(v),
        weights = lambdas.join(", "),
        distance = num(distance),
        on_a = vec2(on_a),
        on_b = vec2(on_b)
    );
    let closest = Item::Closest {
        point: v,
        on_a: Some(on_a),
        on_b: Some(on_b),
    };
    Step::new(
        &tr!("distance-title-closest"),
        narration,
        line,
        vec![simplex, closest],
    )
    .claiming(vec![Claim::Labelled("v".into())])
}

/// The final step: the distance segment, or the overlap.
/// On a curved A − B: the direction between the shapes turned until the support point
/// lies along it, where the closest points are exact.
fn refined_step(
    simplex: Item,
    (before, normal, distance): (DVec2, DVec2, f64),
    support: SupportPoint,
    (on_a, on_b): (DVec2, DVec2),
    (evaluations, line): (usize, usize),
) -> Step {
    let turn = before.perp_dot(normal).atan2(before.dot(normal)).abs();
    let narration = tr!(
        "distance-refined",
        d = vec2(before),
        turn = format!("{turn:.1e}"),
        evaluations = evaluations.to_string(),
        n = vec2(normal),
        w = vec2(support.p),
        distance = num(distance),
        on_a = vec2(on_a),
        on_b = vec2(on_b)
    );
    let items = vec![
        simplex,
        Item::Support(support),
        Item::Distance { on_a, on_b },
    ];
    Step::new(&tr!("distance-title-refined"), narration, line, items)
        .claiming(vec![Claim::Labelled("w".into())])
}

fn done_step(
    outcome: DistanceOutcome,
    result: Option<DistanceResult>,
    simplex: Item,
    line: usize,
) -> Step {
    let mut items = vec![simplex];
    let closest = result.and_then(|r| r.closest);
    let narration = match outcome {
        DistanceOutcome::Converged { distance } => match closest {
            Some((a, b)) => tr!(
                "distance-done-between",
                distance = num(distance),
                on_a = vec2(a),
                on_b = vec2(b)
            ),
            None => tr!("distance-done", distance = num(distance)),
        },
        DistanceOutcome::OriginEnclosed => {
            tr!("distance-done-enclosed")
        }
        DistanceOutcome::OriginOnSimplex { distance } => {
            tr!("distance-done-on-simplex", distance = num(distance))
        }
        DistanceOutcome::WithinRadius { core_distance } => {
            tr!("distance-done-radius", distance = num(core_distance))
        }
        DistanceOutcome::IterationLimit {
            iterations,
            distance,
            ..
        } => {
            tr!(
                "distance-done-cap",
                iterations = iterations.to_string(),
                distance = num(distance)
            )
        }
    };
    match closest {
        Some((on_a, on_b)) => items.push(Item::Distance { on_a, on_b }),
        None if outcome.intersects() => items.push(Item::Overlap),
        None => {}
    }
    Step::result(narration, line, items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{Circle, Geometry, Pose};

    #[test]
    fn separated_circles_end_with_the_distance_segment() {
        let a = Shape::new(Geometry::Circle(Circle { radius: 1.0 }), Pose::default());
        let b = Shape::new(
            Geometry::Circle(Circle { radius: 1.0 }),
            Pose::new(DVec2::new(5.0, 0.0), 0.0),
        );
        let steps = super::super::trace(&DistanceVisualizer, &a, &b);
        let last = steps.last().unwrap();
        let distance = last.items.iter().find_map(|i| match i {
            Item::Distance { on_a, on_b } => Some((*on_b - *on_a).length()),
            _ => None,
        });
        assert!(distance.is_some_and(|d| (d - 3.0).abs() < 1e-3), "{last:?}");
        // Closest-point steps show v with its points on A and B.
        let shows_v_on_a_and_b = |s: &Step| {
            s.items
                .iter()
                .any(|i| matches!(i, Item::Closest { on_a: Some(_), .. }))
        };
        assert!(steps.iter().any(shows_v_on_a_and_b));
    }

    /// One v: every new search direction is stated with the v the step before it
    /// showed (the closest point drawn there, the independent reference), and called
    /// "−v" only when it is −v; it always points the same way as −v. On every preset
    /// and lesson pair, both ways round.
    #[test]
    fn the_search_direction_is_stated_with_the_v_shown_before_it() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
        let mut files = crate::app::platform::scene_files(&root);
        files.extend(crate::app::platform::scene_files(&root.join("lessons")));
        let (mut checked, mut longer) = (0, 0);
        for path in files {
            let scene = gjk_lab_core::scene::Scene::load(&path).unwrap();
            if scene.shapes.len() > 40 {
                continue;
            }
            let shapes: Vec<&Shape> = scene.shapes.iter().map(|s| &s.shape).collect();
            for (a, b) in [(shapes[0], shapes[1]), (shapes[1], shapes[0])] {
                let steps = super::super::trace(&DistanceVisualizer, a, b);
                let mut v: Option<DVec2> = None;
                for step in &steps {
                    let d = step.items.iter().find_map(|i| match i {
                        Item::Direction(d) => Some(*d),
                        _ => None,
                    });
                    if step.title == "New search direction" {
                        let (d, v) = (d.unwrap(), v.expect("a v before the direction"));
                        let at = format!("{}: {}", path.display(), step.narration);
                        assert!(
                            d.perp_dot(-v).abs() <= 1e-6 * d.length() * v.length(),
                            "{at}"
                        );
                        assert!(d.dot(-v) > 0.0, "{at}");
                        let is_minus_v = d.distance(-v) <= 1e-6 * (1.0 + v.length());
                        if is_minus_v {
                            assert!(
                                step.narration.contains(&format!("d = −v = {}", vec2(-v))),
                                "{at}"
                            );
                        } else {
                            assert!(!step.narration.contains("d = −v"), "{at}");
                            assert!(
                                step.narration.contains(&format!("−v = {}", vec2(-v))),
                                "{at}"
                            );
                            longer += 1;
                        }
                        checked += 1;
                    }
                    if let Some(p) = step.items.iter().find_map(|i| match i {
                        Item::Closest { point, .. } => Some(*point),
                        _ => None,
                    }) {
                        v = Some(p);
                    }
                }
            }
        }
        assert!(
            checked > 20 && longer > 5,
            "{checked} directions, {longer} along an edge"
        );
    }

    #[test]
    fn a_round_pairs_bound_lines_bound_the_shapes_distance() {
        // Capsules 0.6 apart (cores 1.6, radii 0.5 each): every bound the narration
        // prints, and the dashed line it draws, is below the distance, not the cores'.
        let capsule = |y: f64| {
            let core = Geometry::capsule(DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0), 0.5);
            Shape::new(core.unwrap(), Pose::new(DVec2::new(0.3, y), 0.2))
        };
        let (a, b) = (capsule(0.0), capsule(1.6));
        let distance = gjk_lab_core::query::query(&a, &b).distance;
        let steps = super::super::trace(&DistanceVisualizer, &a, &b);
        let mut lines = 0;
        for s in &steps {
            for item in &s.items {
                if let Item::BoundLine { axis, support } = item {
                    // The line's distance from the origin, on the far side along d.
                    let bound = -support.dot(*axis);
                    assert!(
                        bound <= distance + 1e-12,
                        "{bound} > {distance}: {}",
                        s.narration
                    );
                    assert!(
                        s.narration.contains("moved out by the radii"),
                        "{}",
                        s.narration
                    );
                    let printed = format!("at least {}", num(bound.max(0.0)));
                    assert!(s.narration.contains(&printed), "{printed}: {}", s.narration);
                    lines += 1;
                }
            }
        }
        assert!(lines >= 2, "{lines} bound lines");
    }
}
