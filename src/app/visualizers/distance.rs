//! GJK distance: the same simplex walk as GJK, continued until the simplex holds the
//! point of `A − B` nearest the origin; its barycentric weights give the closest
//! points on A and B.

use super::{
    narrate_region, num, region_items, simplex_item, simplex_points, sources, vec2, Item, Step,
    Visualizer,
};
use gjk_lab::algorithms::distance::{DistanceEvent, DistanceOutcome, DistanceResult, GjkDistance};
use gjk_lab::algorithms::{record, Algorithm};
use gjk_lab::minkowski::SupportPoint;
use gjk_lab::shapes::Shape;

/// The GJK distance visualiser.
pub struct DistanceVisualizer;

const CODE: &[&str] = &[
    "d ← from A's centre towards B's",
    "loop",
    "    w ← support_{A−B}(d)",
    "    if |v|² − v·w ≤ ε|v|²: stop",
    "    simplex ← simplex + {w}",
    "    keep feature nearest origin (Voronoi)",
    "    v ← closest point, v = Σ λi·wi",
    "    d ← −v",
    "on A: Σ λi·ai,  on B: Σ λi·bi,  distance |v|",
];

impl Visualizer for DistanceVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Distance
    }

    fn pseudo_code(&self) -> &'static [&'static str] {
        CODE
    }

    fn intro(&self) -> &'static str {
        "The distance between A and B is the distance from the origin to A − B. GJK distance moves \
         its simplex until it holds v, the point of A − B nearest the origin; the same weights on \
         the points of A and B give the closest points. Press N to start."
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let mut before: Vec<SupportPoint> = Vec::new();
        record(GjkDistance::new(a, b))
            .into_iter()
            .map(|frame| {
                let simplex = *frame.state.simplex();
                let closest = frame.state.closest_point().map(|point| Item::Closest { point, on_a: None, on_b: None });
                match frame.event {
                    DistanceEvent::Start { direction, fallback } => Step {
                        title: "First search direction".into(),
                        narration: format!(
                            "Start {} d = {}.",
                            if fallback { "along the x axis (the centres coincide):" } else { "from A's centre towards B's:" },
                            vec2(direction)
                        ),
                        line: Some(0),
                        items: vec![Item::Direction(direction)],
                    },
                    DistanceEvent::Support { direction, support, gap, lower_bound } => {
                        let test = match gap {
                            Some(g) => format!(
                                " Progress test: |v|² − v·w = {}{}",
                                num(g),
                                if g <= 0.0 { " — no progress." } else { " > 0, so w may bring the simplex closer." }
                            ),
                            None => String::new(),
                        };
                        Step {
                            title: "Support point".into(),
                            narration: format!(
                                "Support in direction d = {}: {} = w {}. The line through w normal to d shows the distance is at least {}.{test}",
                                vec2(direction), sources(&support), vec2(support.p), num(lower_bound)
                            ),
                            line: Some(if gap.is_some_and(|g| g <= 0.0) { 3 } else { 2 }),
                            items: [Some(simplex_item(&simplex)), closest, Some(Item::Direction(direction)), Some(Item::Support(support))]
                                .into_iter()
                                .flatten()
                                .collect(),
                        }
                    }
                    DistanceEvent::Added { simplex } => {
                        before = simplex_points(&simplex);
                        Step {
                            title: "Add to the simplex".into(),
                            narration: format!("w joins the simplex, which now has {} point{}.", simplex.len(), if simplex.len() == 1 { "" } else { "s" }),
                            line: Some(4),
                            items: vec![simplex_item(&simplex), Item::Direction(frame.state.direction())],
                        }
                    }
                    DistanceEvent::Region { region, dropped, simplex } => Step {
                        title: "Voronoi region".into(),
                        narration: narrate_region(region, &dropped, &simplex),
                        line: Some(5),
                        items: region_items(&before, region, &simplex, &dropped),
                    },
                    DistanceEvent::ClosestPoint { point, distance, weights, closest_a, closest_b } => {
                        let lambdas: Vec<String> = weights[..simplex.len()].iter().map(|&l| num(l)).collect();
                        Step {
                            title: "Closest point".into(),
                            narration: format!(
                                "v = {} is the simplex point nearest the origin, with weights λ = [{}]. |v| = {} is an upper bound on the distance. The same weights on A's and B's points give {} on A and {} on B.",
                                vec2(point), lambdas.join(", "), num(distance), vec2(closest_a), vec2(closest_b)
                            ),
                            line: Some(6),
                            items: vec![simplex_item(&simplex), Item::Closest { point, on_a: Some(closest_a), on_b: Some(closest_b) }],
                        }
                    }
                    DistanceEvent::Direction { direction } => Step {
                        title: "New search direction".into(),
                        narration: format!("Search next towards the origin from v: d = −v = {}.", vec2(direction)),
                        line: Some(7),
                        items: [Some(simplex_item(&simplex)), closest, Some(Item::Direction(direction))].into_iter().flatten().collect(),
                    },
                    DistanceEvent::Done { outcome } => done_step(outcome, frame.state.result(), simplex_item(&simplex)),
                }
            })
            .collect()
    }
}

/// The final step: the distance segment, or the overlap.
fn done_step(outcome: DistanceOutcome, result: Option<DistanceResult>, simplex: Item) -> Step {
    let mut items = vec![simplex];
    let closest = result.and_then(|r| r.closest);
    let (narration, line) = match outcome {
        DistanceOutcome::Converged { distance } => (
            format!(
                "Converged: no support point gets measurably closer. The distance is {}{}.",
                num(distance),
                closest.map_or(String::new(), |(a, b)| format!(", between {} on A and {} on B", vec2(a), vec2(b)))
            ),
            8,
        ),
        DistanceOutcome::OriginEnclosed => ("The simplex encloses the origin: A and B overlap, the distance is 0. Use EPA for the depth.".into(), 5),
        DistanceOutcome::OriginOnSimplex { distance } => (
            format!("The simplex reached the origin (within {}): A and B touch or overlap, the distance is 0.", num(distance)),
            5,
        ),
        DistanceOutcome::IterationLimit { iterations, distance } => (
            format!("Stopped after {iterations} support points; the best upper bound on the distance is {}.", num(distance)),
            1,
        ),
    };
    match closest {
        Some((on_a, on_b)) => items.push(Item::Distance { on_a, on_b }),
        None if outcome.intersects() => items.push(Item::Overlap),
        None => {}
    }
    Step {
        title: "Result".into(),
        narration,
        line: Some(line),
        items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab::shapes::{Circle, Geometry, Pose};
    use glam::DVec2;

    #[test]
    fn separated_circles_end_with_the_distance_segment() {
        let a = Shape::new(Geometry::Circle(Circle { radius: 1.0 }), Pose::default());
        let b = Shape::new(
            Geometry::Circle(Circle { radius: 1.0 }),
            Pose::new(DVec2::new(5.0, 0.0), 0.0),
        );
        let steps = super::super::trace(&DistanceVisualizer, &a, &b);
        let last = steps.last().unwrap();
        let Some(Item::Distance { on_a, on_b }) = last
            .items
            .iter()
            .find(|i| matches!(i, Item::Distance { .. }))
        else {
            panic!("no distance item in {last:?}");
        };
        assert!(((*on_b - *on_a).length() - 3.0).abs() < 1e-3);
        // Closest-point steps show v with its points on A and B.
        assert!(steps.iter().any(|s| s
            .items
            .iter()
            .any(|i| matches!(i, Item::Closest { on_a: Some(_), .. }))));
    }
}
