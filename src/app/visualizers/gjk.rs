//! GJK intersection test: the simplex walks towards the origin of `A − B` until it
//! encloses it (overlap) or a support point fails to pass it (separated).

use super::{
    added_step, narrate_region, num, region_items, simplex_points, sources, start_step, vec2,
    Claim, Item, Names, Step, Visualizer,
};
use gjk_lab::algorithms::gjk::{Gjk, GjkEvent, GjkOutcome};
use gjk_lab::algorithms::simplex::{Region, Simplex};
use gjk_lab::algorithms::{record, Algorithm};
use gjk_lab::minkowski::SupportPoint;
use gjk_lab::shapes::Shape;
use glam::DVec2;

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
    "    circle: |cores| ≤ r_A + r_B: overlap",
    "    d ← from that feature towards origin",
];

/// Pseudo-code lines.
const LINE_LOOP: usize = 1;
const LINE_SUPPORT: usize = 2;
const LINE_SEPARATED: usize = 3;
const LINE_NO_PROGRESS: usize = 4;
const LINE_ADD: usize = 5;
const LINE_REGION: usize = 6;
const LINE_INSIDE: usize = 7;
const LINE_RADII: usize = 8;
const LINE_DIRECTION: usize = 9;

impl Visualizer for GjkVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Gjk
    }

    fn pseudo_code(&self) -> &'static [&'static str] {
        CODE
    }

    fn intro(&self) -> &'static str {
        "A and B overlap exactly when their Minkowski difference A − B (right) contains \
         the origin. GJK never builds A − B: it asks for support points, the farthest \
         points of A − B in a direction, and grows a simplex (point, segment, triangle) \
         towards the origin. Press N to start."
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let mut story = Story::default();
        record(Gjk::new(a, b))
            .into_iter()
            .map(|frame| story.step(frame.event, &frame.state.simplex(), frame.state.direction()))
            .collect()
    }
}

/// What the narration remembers between events.
#[derive(Default)]
struct Story {
    /// The simplex before the last region test (the region's indices refer to it).
    before: Vec<SupportPoint>,
    /// The last support point (its supporting line separates, at the end).
    last_support: Option<SupportPoint>,
    /// The support points' names, w1, w2, … for the whole run.
    names: Names,
}

impl Story {
    /// The step of one event; `simplex` and `direction` are the machine's after it.
    fn step(&mut self, event: GjkEvent, simplex: &Simplex, direction: DVec2) -> Step {
        match event {
            GjkEvent::Start {
                direction,
                fallback,
            } => start_step(direction, fallback),
            GjkEvent::Support {
                direction,
                support,
                projection,
            } => {
                self.last_support = Some(support);
                support_step(simplex, direction, support, projection, &mut self.names)
            }
            GjkEvent::Added { simplex } => {
                self.before = simplex_points(&simplex);
                added_step(&simplex, direction, LINE_ADD, &mut self.names)
            }
            GjkEvent::Region {
                region,
                closest,
                distance,
                dropped,
                simplex,
            } => region_step(
                &self.before,
                (region, closest, distance),
                &dropped,
                &simplex,
                &mut self.names,
            ),
            GjkEvent::Direction { direction } => {
                direction_step(simplex, direction, &mut self.names)
            }
            GjkEvent::Done { outcome } => {
                done_step(outcome, simplex, self.last_support, &mut self.names)
            }
        }
    }
}

fn support_step(
    simplex: &Simplex,
    d: DVec2,
    w: SupportPoint,
    projection: f64,
    names: &mut Names,
) -> Step {
    let verdict = if projection >= 0.0 {
        "≥ 0, so w reaches past the origin: the origin may still be inside A − B."
    } else {
        "< 0: even the farthest point of A − B along d stops short of the origin."
    };
    let narration = format!(
        "Support in direction d = {}: {} = w {}. w·d/|d| = {} {verdict}",
        vec2(d),
        sources(&w),
        vec2(w.p),
        num(projection),
    );
    let items = vec![
        names.simplex_item(simplex),
        Item::Direction(d),
        Item::Support(w),
    ];
    let claims = vec![
        Claim::Vector {
            label: "d",
            value: d,
        },
        Claim::Labelled("w".into()),
    ];
    Step::new("Support point", narration, LINE_SUPPORT, items).claiming(claims)
}

fn region_step(
    before: &[SupportPoint],
    (region, closest, distance): (Region, DVec2, f64),
    dropped: &Simplex,
    kept: &Simplex,
    names: &mut Names,
) -> Step {
    let before_names = names.of(before);
    let mut items = region_items(before, region, kept, dropped, names);
    items.push(Item::Closest {
        point: closest,
        on_a: None,
        on_b: None,
    });
    let (verdict, line) = if region == Region::Interior {
        (
            " The origin is inside the triangle: A − B contains it.".to_string(),
            LINE_INSIDE,
        )
    } else {
        let text = format!(
            " The closest point of the simplex to the origin is v = {}, at distance {}.",
            vec2(closest),
            num(distance)
        );
        (text, LINE_REGION)
    };
    let narration = narrate_region(region, dropped, kept, &before_names) + &verdict;
    let mut claims = names.claims(kept);
    if region != Region::Interior {
        claims.push(Claim::Labelled("v".into()));
    }
    Step::new("Voronoi region", narration, line, items).claiming(claims)
}

fn direction_step(simplex: &Simplex, d: DVec2, names: &mut Names) -> Step {
    let how = if simplex.len() == 1 {
        " (= −w, from the point to the origin)"
    } else {
        " (perpendicular to the segment, on the origin's side)"
    };
    let narration = format!(
        "Search next from the kept feature towards the origin: d = {}{how}.",
        vec2(d)
    );
    let items = vec![names.simplex_item(simplex), Item::Direction(d)];
    let claims = vec![Claim::Vector {
        label: "d",
        value: d,
    }];
    Step::new("New search direction", narration, LINE_DIRECTION, items).claiming(claims)
}

/// The final step: overlap, or the separating line.
fn done_step(
    outcome: GjkOutcome,
    simplex: &Simplex,
    last: Option<SupportPoint>,
    names: &mut Names,
) -> Step {
    let mut items = vec![names.simplex_item(simplex)];
    let mut claims = vec![];
    let (narration, line) = match outcome {
        GjkOutcome::OriginEnclosed => {
            items.push(Item::Overlap);
            let text = "Overlap: the simplex encloses the origin, so A − B contains it and \
                        A and B intersect. EPA can now measure how deep.";
            (text.to_string(), LINE_INSIDE)
        }
        GjkOutcome::OriginOnSimplex { distance } => {
            items.push(Item::Overlap);
            let text = format!(
                "Touching: the origin lies on the simplex (distance {}), within the touch \
                 tolerance. Touching counts as intersecting.",
                num(distance)
            );
            (text, LINE_INSIDE)
        }
        GjkOutcome::WithinRadius { core_distance } => {
            items.push(Item::Overlap);
            let text = format!(
                "Overlap of the rounded parts: with a circle GJK walks on the cores (a \
                 circle's core is its centre), and the cores came within {} of each other, \
                 less than the sum of the radii.",
                num(core_distance)
            );
            (text, LINE_RADII)
        }
        GjkOutcome::SeparatingAxis { axis, gap } => {
            if let Some(support) = last {
                items.extend([
                    Item::Direction(axis),
                    Item::Support(support),
                    Item::Separation { axis, support },
                ]);
                claims.push(Claim::Vector {
                    label: "d",
                    value: axis,
                });
                claims.push(Claim::Labelled("separating line".into()));
            }
            let text = format!(
                "Separated: d/|d| = {} is a separating axis. The dashed line through the \
                 support point, normal to d, has all of A − B on one side and the origin \
                 on the other; A and B are at least {} apart.",
                vec2(axis),
                num(gap)
            );
            (text, LINE_SEPARATED)
        }
        GjkOutcome::NoProgress { distance } => {
            let text = format!(
                "Separated: the new support point brings the simplex no closer to the \
                 origin, which stays {} away.",
                num(distance)
            );
            (text, LINE_NO_PROGRESS)
        }
        GjkOutcome::IterationLimit {
            iterations,
            distance,
            intersects,
        } => {
            let guess = if intersects {
                "intersecting"
            } else {
                "separated"
            };
            let text = format!(
                "Stopped after {iterations} support points (the iteration cap) at distance \
                 {}; best guess: {guess}.",
                num(distance)
            );
            (text, LINE_LOOP)
        }
    };
    Step::result(narration, line, items).claiming(claims)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab::shapes::{ConvexPolygon, Geometry, Pose};

    fn square(x: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(x, 0.2), 0.0),
        )
    }

    fn has(step: &Step, test: impl Fn(&Item) -> bool) -> bool {
        step.items.iter().any(test)
    }

    #[test]
    fn step_items_follow_the_algorithm() {
        let (a, b) = (square(0.0), square(1.5));
        let steps = super::super::trace(&GjkVisualizer, &a, &b);
        // Step 1: the first direction, nothing else.
        assert!(matches!(steps[1].items[..], [Item::Direction(_)]));
        // Step 2: a support point, joined to its sources, with the direction.
        assert!(has(&steps[2], |i| matches!(i, Item::Support(_))));
        assert!(has(&steps[2], |i| matches!(i, Item::Direction(_))));
        // Every region step of a segment or triangle shades a region.
        for s in steps.iter().filter(|s| s.title == "Voronoi region") {
            assert!(has(s, |i| matches!(i, Item::Region(_))));
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
            has(last, |i| matches!(i, Item::Separation { .. })),
            "{last:?}"
        );
        assert_eq!(last.line, Some(LINE_SEPARATED));
    }
}
