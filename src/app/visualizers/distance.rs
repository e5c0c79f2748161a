//! GJK distance: the same simplex walk as GJK, continued until the simplex holds the
//! point of `A − B` nearest the origin; its barycentric weights give the closest
//! points on A and B.

use super::{
    added_step, narrate_region, num, region_items, simplex_item, simplex_points, sources,
    start_step, vec2, Item, Step, Visualizer,
};
use gjk_lab::algorithms::distance::{DistanceEvent, DistanceOutcome, DistanceResult, GjkDistance};
use gjk_lab::algorithms::simplex::Simplex;
use gjk_lab::algorithms::{record, Algorithm};
use gjk_lab::minkowski::SupportPoint;
use gjk_lab::shapes::Shape;
use glam::DVec2;

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
        "The distance between A and B is the distance from the origin to A − B. GJK \
         distance moves its simplex until it holds v, the point of A − B nearest the \
         origin; the same weights on the points of A and B give the closest points. \
         Press N to start."
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let mut before: Vec<SupportPoint> = Vec::new();
        record(GjkDistance::new(a, b))
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
                match frame.event {
                    DistanceEvent::Start {
                        direction,
                        fallback,
                    } => start_step(direction, fallback),
                    DistanceEvent::Support {
                        direction,
                        support,
                        gap,
                        lower_bound,
                    } => support_step(simplex, v, direction, support, gap, lower_bound),
                    DistanceEvent::Added { simplex } => {
                        before = simplex_points(&simplex);
                        added_step(&simplex, state.direction(), 4)
                    }
                    DistanceEvent::Region {
                        region,
                        dropped,
                        simplex,
                    } => {
                        let narration = narrate_region(region, &dropped, &simplex);
                        let items = region_items(&before, region, &simplex, &dropped);
                        Step::new("Voronoi region", narration, 5, items)
                    }
                    DistanceEvent::ClosestPoint {
                        point,
                        distance,
                        weights,
                        closest_a,
                        closest_b,
                    } => closest_step(simplex, point, distance, weights, (closest_a, closest_b)),
                    DistanceEvent::Direction { direction } => {
                        let narration = format!(
                            "Search next towards the origin from v: d = −v = {}.",
                            vec2(direction)
                        );
                        let mut items = vec![simplex_item(simplex)];
                        items.extend(v);
                        items.push(Item::Direction(direction));
                        Step::new("New search direction", narration, 7, items)
                    }
                    DistanceEvent::Done { outcome } => {
                        done_step(outcome, state.result(), simplex_item(simplex))
                    }
                }
            })
            .collect()
    }
}

fn support_step(
    simplex: &Simplex,
    v: Option<Item>,
    d: DVec2,
    w: SupportPoint,
    gap: Option<f64>,
    lower_bound: f64,
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
        "Support in direction d = {}: {} = w {}. The line through w normal to d shows \
         the distance is at least {}.{test}",
        vec2(d),
        sources(&w),
        vec2(w.p),
        num(lower_bound)
    );
    let line = if gap.is_some_and(|g| g <= 0.0) { 3 } else { 2 };
    let mut items = vec![simplex_item(simplex)];
    items.extend(v);
    items.extend([Item::Direction(d), Item::Support(w)]);
    Step::new("Support point", narration, line, items)
}

fn closest_step(
    simplex: &Simplex,
    v: DVec2,
    distance: f64,
    weights: [f64; 3],
    (on_a, on_b): (DVec2, DVec2),
) -> Step {
    let lambdas: Vec<String> = weights[..simplex.len()].iter().map(|&l| num(l)).collect();
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
    Step::new(
        "Closest point",
        narration,
        6,
        vec![simplex_item(simplex), closest],
    )
}

/// The final step: the distance segment, or the overlap.
fn done_step(outcome: DistanceOutcome, result: Option<DistanceResult>, simplex: Item) -> Step {
    let mut items = vec![simplex];
    let closest = result.and_then(|r| r.closest);
    let (narration, line) = match outcome {
        DistanceOutcome::Converged { distance } => {
            let between = closest.map_or(String::new(), |(a, b)| {
                format!(", between {} on A and {} on B", vec2(a), vec2(b))
            });
            let text = format!(
                "Converged: no support point gets measurably closer. The distance is {}{between}.",
                num(distance)
            );
            (text, 8)
        }
        DistanceOutcome::OriginEnclosed => {
            let text = "The simplex encloses the origin: A and B overlap, the distance is 0. \
                        Use EPA for the depth.";
            (text.to_string(), 5)
        }
        DistanceOutcome::OriginOnSimplex { distance } => {
            let text = format!(
                "The simplex reached the origin (within {}): A and B touch or overlap, the \
                 distance is 0.",
                num(distance)
            );
            (text, 5)
        }
        DistanceOutcome::WithinRadius { core_distance } => {
            let text = format!(
                "The cores (a circle's core is its centre) came within {} of each other, \
                 less than the sum of the radii: the rounded parts overlap, the distance \
                 is 0.",
                num(core_distance)
            );
            (text, 5)
        }
        DistanceOutcome::IterationLimit {
            iterations,
            distance,
            ..
        } => {
            let text = format!(
                "Stopped after {iterations} support points; the best upper bound on the \
                 distance is {}.",
                num(distance)
            );
            (text, 1)
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
    use gjk_lab::shapes::{Circle, Geometry, Pose};

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
}
