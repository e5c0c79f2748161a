//! GJK intersection test: the simplex walks towards the origin of `A − B` until it
//! encloses it (overlap) or a support point fails to pass it (separated).

use super::{
    narrate_region, num, region_items, simplex_item, simplex_points, sources, vec2, Item, Step,
    Visualizer,
};
use gjk_lab::algorithms::gjk::{Gjk, GjkEvent, GjkOutcome};
use gjk_lab::algorithms::simplex::Region;
use gjk_lab::algorithms::{record, Algorithm};
use gjk_lab::minkowski::SupportPoint;
use gjk_lab::shapes::Shape;

/// The GJK visualiser.
pub struct GjkVisualizer;

const CODE: &[&str] = &[
    "d ← from A's centre towards B's",
    "loop",
    "    w ← support_A(d) − support_B(−d)",
    "    if w·d/|d| < 0: return separated",
    "    if w gets no closer: stop",
    "    simplex ← simplex + {w}",
    "    keep feature nearest origin (Voronoi)",
    "    if origin inside triangle: return overlap",
    "    d ← from that feature towards origin",
];

impl Visualizer for GjkVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Gjk
    }

    fn pseudo_code(&self) -> &'static [&'static str] {
        CODE
    }

    fn intro(&self) -> &'static str {
        "A and B overlap exactly when their Minkowski difference A − B (right) contains the origin. \
         GJK never builds A − B: it asks for support points, the farthest points of A − B in a direction, \
         and grows a simplex (point, segment, triangle) towards the origin. Press N to start."
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        // The simplex before the last region test, and the last support point.
        let mut before: Vec<SupportPoint> = Vec::new();
        let mut last_support: Option<SupportPoint> = None;
        record(Gjk::new(a, b))
            .into_iter()
            .map(|frame| {
                let simplex = *frame.state.simplex();
                let direction = frame.state.direction();
                match frame.event {
                    GjkEvent::Start { direction, fallback } => Step {
                        title: "First search direction".into(),
                        narration: format!(
                            "{} d = {}. Any direction works; this one usually finds the answer sooner.",
                            if fallback {
                                "A's and B's centres coincide, so GJK starts along the x axis:"
                            } else {
                                "Start looking from A's centre towards B's:"
                            },
                            vec2(direction)
                        ),
                        line: Some(0),
                        items: vec![Item::Direction(direction)],
                    },
                    GjkEvent::Support { direction, support, projection } => {
                        last_support = Some(support);
                        Step {
                        title: "Support point".into(),
                        narration: format!(
                            "Support in direction d = {}: {} = w {}. w·d/|d| = {} {}",
                            vec2(direction),
                            sources(&support),
                            vec2(support.p),
                            num(projection),
                            if projection >= 0.0 {
                                "≥ 0, so w reaches past the origin: the origin may still be inside A − B."
                            } else {
                                "< 0: even the farthest point of A − B along d stops short of the origin."
                            }
                        ),
                        line: Some(2),
                        items: vec![simplex_item(&simplex), Item::Direction(direction), Item::Support(support)],
                    }},
                    GjkEvent::Added { simplex } => {
                        before = simplex_points(&simplex);
                        let kind = ["point", "point", "segment", "triangle"][simplex.len().min(3)];
                        Step {
                            title: "Add to the simplex".into(),
                            narration: format!(
                                "w joins the simplex, which is now a {kind} of {} point{}.",
                                simplex.len(),
                                if simplex.len() == 1 { "" } else { "s" }
                            ),
                            line: Some(5),
                            items: vec![simplex_item(&simplex), Item::Direction(direction)],
                        }
                    }
                    GjkEvent::Region { region, closest, distance, dropped, simplex } => {
                        let mut items = region_items(&before, region, &simplex, &dropped);
                        items.push(Item::Closest { point: closest, on_a: None, on_b: None });
                        let verdict = if region == Region::Interior {
                            " The origin is inside the triangle: A − B contains it.".to_string()
                        } else {
                            format!(" The closest point of the simplex to the origin is v = {}, at distance {}.", vec2(closest), num(distance))
                        };
                        Step {
                            title: "Voronoi region".into(),
                            narration: narrate_region(region, &dropped, &simplex) + &verdict,
                            line: Some(if region == Region::Interior { 7 } else { 6 }),
                            items,
                        }
                    }
                    GjkEvent::Direction { direction } => Step {
                        title: "New search direction".into(),
                        narration: format!(
                            "Search next from the kept feature towards the origin: d = {}{}.",
                            vec2(direction),
                            if simplex.len() == 1 { " (= −w, from the point to the origin)" } else { " (perpendicular to the segment, on the origin's side)" }
                        ),
                        line: Some(8),
                        items: vec![simplex_item(&simplex), Item::Direction(direction)],
                    },
                    GjkEvent::Done { outcome } => done_step(outcome, &simplex, last_support),
                }
            })
            .collect()
    }
}

/// The final step: overlap, or the separating line.
fn done_step(
    outcome: GjkOutcome,
    simplex: &gjk_lab::algorithms::simplex::Simplex,
    last: Option<SupportPoint>,
) -> Step {
    let mut items = vec![simplex_item(simplex)];
    let (narration, line) = match outcome {
        GjkOutcome::OriginEnclosed => {
            items.push(Item::Overlap);
            ("Overlap: the simplex encloses the origin, so A − B contains it and A and B intersect. EPA can now measure how deep.".to_string(), 7)
        }
        GjkOutcome::OriginOnSimplex { distance } => {
            items.push(Item::Overlap);
            (format!("Touching: the origin lies on the simplex (distance {}), within the touch tolerance. Touching counts as intersecting.", num(distance)), 7)
        }
        GjkOutcome::SeparatingAxis { axis, gap } => {
            if let Some(support) = last {
                items.push(Item::Separation { axis, support });
            }
            (format!("Separated: d/|d| = {} is a separating axis. The dashed line through the support point, normal to d, has all of A − B on one side and the origin on the other; A and B are at least {} apart.", vec2(axis), num(gap)), 3)
        }
        GjkOutcome::NoProgress { distance } => (
            format!("Separated: the new support point brings the simplex no closer to the origin, which stays {} away.", num(distance)),
            4,
        ),
        GjkOutcome::IterationLimit { iterations, distance, intersects } => (
            format!("Stopped after {iterations} support points (the iteration cap) at distance {}; best guess: {}.", num(distance), if intersects { "intersecting" } else { "separated" }),
            1,
        ),
    };
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
    use gjk_lab::shapes::{ConvexPolygon, Geometry, Pose};
    use glam::DVec2;

    fn square(x: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(x, 0.2), 0.0),
        )
    }

    #[test]
    fn step_items_follow_the_algorithm() {
        let (a, b) = (square(0.0), square(1.5));
        let steps = super::super::trace(&GjkVisualizer, &a, &b);
        // Step 1: the first direction, nothing else.
        assert!(matches!(steps[1].items[..], [Item::Direction(_)]));
        // Step 2: a support point, joined to its sources, with the direction.
        assert!(steps[2].items.iter().any(|i| matches!(i, Item::Support(_))));
        assert!(steps[2]
            .items
            .iter()
            .any(|i| matches!(i, Item::Direction(_))));
        // Every region step shades a region.
        for s in steps.iter().filter(|s| s.title == "Voronoi region") {
            assert!(s.items.iter().any(|i| matches!(i, Item::Region(_))));
        }
        // Overlapping squares: the result shows the overlap.
        assert!(steps.last().unwrap().items.contains(&Item::Overlap));
    }

    #[test]
    fn separated_shapes_end_with_a_separating_line() {
        let (a, b) = (square(0.0), square(5.0));
        let steps = super::super::trace(&GjkVisualizer, &a, &b);
        let last = steps.last().unwrap();
        assert!(
            last.items
                .iter()
                .any(|i| matches!(i, Item::Separation { .. })),
            "{last:?}"
        );
        assert_eq!(last.line, Some(3));
    }
}
