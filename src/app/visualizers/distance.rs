//! GJK distance: the same simplex walk as GJK, continued until the simplex holds the
//! point of `A − B` nearest the origin; its barycentric weights give the closest
//! points on A and B.

use super::{
    added_step, narrate_region, num, region_items, simplex_points, sources, start_step, vec2,
    Claim, Item, Names, Step, Visualizer,
};
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

    fn intro(&self) -> &'static str {
        "The distance between A and B is the distance from the origin to A − B. GJK \
         distance moves its simplex until it holds v, the point of A − B nearest the \
         origin; the same weights on the points of A and B give the closest points. \
         Next ▶ takes the first step."
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
                    (gap, lower_bound),
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
                    Step::new("Voronoi region", narration, line, items)
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
                    simplex.len(),
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
                    Step::new("New search direction", narration, line, items).claiming(claims)
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
            format!(
                "Search next towards the origin from v: d = −v = {}.",
                vec2(d)
            )
        }
        Some(v) => format!(
            "Search next towards the origin from v: d = {}, the edge's perpendicular on \
             the origin's side. It points the same way as −v = {}, only longer or \
             shorter, and a support point depends only on the direction.",
            vec2(d),
            vec2(-v)
        ),
        None => format!("Search next towards the origin: d = {}.", vec2(d)),
    }
}

fn support_step(
    (simplex, v): (Item, Option<Item>),
    (d, w): (DVec2, SupportPoint),
    (gap, lower_bound): (Option<f64>, f64),
    line: usize,
) -> Step {
    let test = match gap {
        Some(g) if g <= 0.0 => {
            format!(" Progress test: |v|² − v·w = {} — no progress.", num(g))
        }
        Some(g) => format!(
            " Progress test: |v|² − v·w = {} > 0, so w may bring the simplex closer.",
            num(g)
        ),
        None => String::new(),
    };
    let narration = format!(
        "Support in direction d = {}: {} = w {}. The bound line through w, perpendicular \
         to d (dashed), has all of A − B on its far side, so the distance is at least \
         {}.{test}",
        vec2(d),
        sources(&w),
        vec2(w.p),
        num(lower_bound)
    );
    let mut items = vec![simplex];
    items.extend(v);
    items.extend([
        Item::Direction(d),
        Item::Support(w),
        Item::BoundLine {
            axis: d.normalize_or_zero(),
            support: w.p,
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
    Step::new("Support point", narration, line, items)
        .claiming(claims)
        .answering(Checkpoint::NextSupport)
}

fn closest_step(
    simplex: Item,
    (v, distance, weights): (DVec2, f64, [f64; 3]),
    len: usize,
    (on_a, on_b): (DVec2, DVec2),
    line: usize,
) -> Step {
    let lambdas: Vec<String> = weights[..len.min(3)].iter().map(|&l| num(l)).collect();
    let narration = format!(
        "v = {} is the simplex point nearest the origin, with weights λ = [{}]. So the \
         distance is at most {} (|v|, less the radii of any circles). The same weights on \
         A's and B's points give {} on A and {} on B.",
        vec2(v),
        lambdas.join(", "),
        num(distance),
        vec2(on_a),
        vec2(on_b)
    );
    let closest = Item::Closest {
        point: v,
        on_a: Some(on_a),
        on_b: Some(on_b),
    };
    Step::new("Closest point", narration, line, vec![simplex, closest])
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
    let narration = format!(
        "A − B is curved here (an ellipse), and GJK's v on it is only as exact as its \
         stopping test: the direction from A towards B, d = −v/|v| = {}, is off by {:.1e} rad. The \
         distance is the largest gap over all directions n, −w·n with w the support point \
         along n, and it is largest where w lies along n. Turning n until it does \
         (Newton's steps on the angle θ: the slope of h = w·n changes at the \
         rate h'' = ρ − h, with ρ the boundary's radius of curvature, a²b²/h_E³ on an \
         ellipse; {evaluations} support points) gives n = {}, w = {}, distance {}: the closest \
         points are {} on A and {} on B.",
        vec2(before),
        turn,
        vec2(normal),
        vec2(support.p),
        num(distance),
        vec2(on_a),
        vec2(on_b)
    );
    let items = vec![
        simplex,
        Item::Support(support),
        Item::Distance { on_a, on_b },
    ];
    Step::new("Refine the closest points (curved)", narration, line, items)
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
        DistanceOutcome::Converged { distance } => {
            let between = closest.map_or(String::new(), |(a, b)| {
                format!(", between {} on A and {} on B", vec2(a), vec2(b))
            });
            format!(
                "Converged: no support point gets measurably closer. The distance is {}{between}.",
                num(distance)
            )
        }
        DistanceOutcome::OriginEnclosed => {
            let text = "The simplex encloses the origin: A and B overlap, the distance is 0. \
                        Use EPA for the depth.";
            text.to_string()
        }
        DistanceOutcome::OriginOnSimplex { distance } => {
            format!(
                "The simplex reached the origin (within {}): A and B touch or overlap, the \
                 distance is 0.",
                num(distance)
            )
        }
        DistanceOutcome::WithinRadius { core_distance } => {
            format!(
                "The cores (a circle's centre, a capsule's segment, a rounded polygon's \
                 polygon) came within {} of each other, \
                 less than the sum of the radii: the rounded parts overlap, the distance \
                 is 0.",
                num(core_distance)
            )
        }
        DistanceOutcome::IterationLimit {
            iterations,
            distance,
            ..
        } => {
            format!(
                "Stopped after {iterations} support points; the best upper bound on the \
                 distance is {}.",
                num(distance)
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
}
