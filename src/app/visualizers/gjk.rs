//! GJK intersection test: the simplex walks towards the origin of `A − B` until it
//! encloses it (overlap) or a support point fails to pass it (separated).

use super::{
    added_step, narrate_region, num, region_items, simplex_points, sources, start_step, then, vec2,
    Claim, Item, Names, Step, Visualizer,
};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::gjk::{Gjk, GjkEvent, GjkOutcome};
use gjk_lab_core::algorithms::simplex::{Region, Simplex};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::minkowski::{MinkowskiDifference, SupportPoint};
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::Shape;
use glam::DVec2;

/// The GJK visualiser.
pub struct GjkVisualizer;

impl Visualizer for GjkVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Gjk
    }

    fn intro(&self) -> String {
        tr!("gjk-intro")
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        steps_of(Gjk::new(a, b))
    }

    fn configured_steps(
        &self,
        a: &Shape,
        b: &Shape,
        variant: Option<Variant>,
        settings: &Settings,
    ) -> Option<Vec<Step>> {
        Some(steps_of(
            Gjk::with_variant(a, b, variant).with_settings(settings),
        ))
    }
}

/// The steps of one GJK machine (gjk-lab's or a seed's version).
fn steps_of(machine: Gjk) -> Vec<Step> {
    let md = machine.minkowski();
    let mut story = Story {
        radii: (md.radius_a, md.radius_b),
        ..Story::default()
    };
    record(machine)
        .into_iter()
        .map(|frame| {
            let done = match frame.event {
                GjkEvent::Done { outcome } => Some(outcome),
                _ => None,
            };
            let mut step = story.step(frame.event, &frame.state.simplex(), frame.state.direction());
            if let (Some(outcome), Some(_)) = (done, frame.state.variant()) {
                seed_verdict(&mut step, outcome, frame.state.minkowski());
            }
            step
        })
        .collect()
}

/// The end of a seed's version, told as it is: a cycle stopped by the cap says so, and
/// an answer that differs from the true one (gjk-lab's query) says it is wrong, and
/// why, instead of claiming what the picture does not show.
fn seed_verdict(step: &mut Step, outcome: GjkOutcome, md: &MinkowskiDifference) {
    let truth = gjk_lab_core::query::query(&md.a.to_shape(), &md.b.to_shape()).intersects;
    let truly = if truth { "yes" } else { "no" };
    match outcome {
        GjkOutcome::SeparatingAxis { axis, gap } if truth => {
            let reach = md.support(axis).p.dot(axis) + md.margin();
            step.narration = tr!(
                "gjk-seed-false-axis",
                axis = vec2(axis),
                gap = num(gap),
                reach = num(reach)
            );
        }
        GjkOutcome::IterationLimit { intersects, .. } => {
            let guess = tr!(
                "gjk-seed-cycle",
                right = if intersects == truth { "yes" } else { "no" },
                intersect = truly
            );
            step.narration = then(&step.narration, &guess);
        }
        _ if outcome.intersects() != truth => {
            let wrong = tr!("gjk-seed-wrong", intersect = truly);
            step.narration = then(&step.narration, &wrong);
        }
        _ => {}
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
    /// A's and B's radii (0 but for round shapes): GJK walks on the cores, and the
    /// rounded `A − B` reaches their sum beyond the core difference.
    radii: (f64, f64),
}

impl Story {
    /// The step of one event; `simplex` and `direction` are the machine's after it.
    fn step(&mut self, event: GjkEvent, simplex: &Simplex, direction: DVec2) -> Step {
        let line = event.line();
        match event {
            GjkEvent::Start {
                direction,
                fallback,
            } => start_step(direction, fallback, line),
            GjkEvent::Support {
                direction,
                support,
                projection,
            } => {
                self.last_support = Some(support);
                support_step(
                    simplex,
                    (direction, support, projection),
                    (line, self.radii.0 + self.radii.1),
                    &mut self.names,
                )
            }
            GjkEvent::Added { simplex } => {
                self.before = simplex_points(&simplex);
                added_step(&simplex, direction, line, &mut self.names)
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
                (&dropped, &simplex),
                line,
                &mut self.names,
            ),
            GjkEvent::Direction { direction } => {
                direction_step(simplex, direction, line, &mut self.names)
            }
            GjkEvent::Done { outcome } => {
                let last = self.last_support;
                done_step(outcome, simplex, last, (line, self.radii), &mut self.names)
            }
        }
    }
}

fn support_step(
    simplex: &Simplex,
    (d, w, projection): (DVec2, SupportPoint, f64),
    (line, margin): (usize, f64),
    names: &mut Names,
) -> Step {
    // The rounded A − B reaches the radii beyond the core's support point along d.
    let reach = projection + margin;
    let narration = tr!(
        "gjk-support",
        d = vec2(d),
        sources = sources(&w),
        w = vec2(w.p),
        projection = num(projection),
        round = if margin > 0.0 { "yes" } else { "no" },
        margin = num(margin),
        reach = num(reach),
        reaches = if reach >= 0.0 { "yes" } else { "no" }
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
    Step::new(&tr!("gjk-title-support"), narration, line, items)
        .claiming(claims)
        .answering(Checkpoint::NextSupport)
}

fn region_step(
    before: &[SupportPoint],
    (region, closest, distance): (Region, DVec2, f64),
    (dropped, kept): (&Simplex, &Simplex),
    line: usize,
    names: &mut Names,
) -> Step {
    let before_names = names.of(before);
    let mut items = region_items(before, region, kept, dropped, names);
    items.push(Item::Closest {
        point: closest,
        on_a: None,
        on_b: None,
    });
    let verdict = if region == Region::Interior {
        tr!("gjk-region-inside")
    } else {
        tr!(
            "gjk-region-closest",
            v = vec2(closest),
            distance = num(distance)
        )
    };
    let narration = then(
        &narrate_region(region, dropped, kept, &before_names),
        &verdict,
    );
    let mut claims = names.claims(kept);
    if region != Region::Interior {
        claims.push(Claim::Labelled("v".into()));
    }
    Step::new(&tr!("gjk-title-region"), narration, line, items)
        .claiming(claims)
        .answering(Checkpoint::KeptFeature)
}

fn direction_step(simplex: &Simplex, d: DVec2, line: usize, names: &mut Names) -> Step {
    let narration = tr!(
        "gjk-direction",
        d = vec2(d),
        from = if simplex.len() == 1 {
            "point"
        } else {
            "segment"
        }
    );
    let items = vec![names.simplex_item(simplex), Item::Direction(d)];
    let claims = vec![Claim::Vector {
        label: "d",
        value: d,
    }];
    Step::new(&tr!("gjk-title-direction"), narration, line, items).claiming(claims)
}

/// A support point of the core difference along the unit `axis` as the rounded shapes'
/// own: A's point moved out by its radius along `axis`, B's by its radius back (their
/// difference moved out by the sum), so that the line through it bounds the rounded
/// `A − B` and, in the world, the gap lies between the two.
fn grown(w: SupportPoint, axis: DVec2, (radius_a, radius_b): (f64, f64)) -> SupportPoint {
    SupportPoint {
        p: w.p + axis * (radius_a + radius_b),
        a: w.a + axis * radius_a,
        b: w.b - axis * radius_b,
        ..w
    }
}

/// The final step: overlap, or the separating line.
fn done_step(
    outcome: GjkOutcome,
    simplex: &Simplex,
    last: Option<SupportPoint>,
    (line, radii): (usize, (f64, f64)),
    names: &mut Names,
) -> Step {
    let margin = radii.0 + radii.1;
    let mut items = vec![names.simplex_item(simplex)];
    let mut claims = vec![];
    let narration = match outcome {
        GjkOutcome::OriginEnclosed => {
            items.push(Item::Overlap);
            tr!("gjk-done-enclosed")
        }
        GjkOutcome::OriginOnSimplex { distance } => {
            items.push(Item::Overlap);
            // The cores touch: round shapes overlap by their radii.
            tr!(
                "gjk-done-touching",
                distance = num(distance),
                round = if margin > 0.0 { "yes" } else { "no" },
                margin = num(margin)
            )
        }
        GjkOutcome::WithinRadius { core_distance } => {
            items.push(Item::Overlap);
            tr!("gjk-done-radius", distance = num(core_distance))
        }
        GjkOutcome::SeparatingAxis { axis, gap } => {
            if let Some(support) = last.map(|w| grown(w, axis, radii)) {
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
            tr!(
                "gjk-done-separated",
                axis = vec2(axis),
                gap = num(gap),
                round = if margin > 0.0 { "yes" } else { "no" }
            )
        }
        GjkOutcome::NoProgress { distance } => {
            tr!("gjk-done-no-progress", distance = num(distance))
        }
        GjkOutcome::IterationLimit {
            iterations,
            distance,
            intersects,
        } => {
            tr!(
                "gjk-done-cap",
                iterations = iterations.to_string(),
                distance = num(distance),
                intersects = if intersects { "yes" } else { "no" }
            )
        }
    };
    Step::result(narration, line, items).claiming(claims)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Pose};

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
        assert_eq!(
            last.line,
            Some(gjk_lab_core::algorithms::gjk::line::SEPARATED)
        );
    }

    fn capsule(x: f64, y: f64, radius: f64) -> Shape {
        let core = Geometry::capsule(DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0), radius);
        Shape::new(core.unwrap(), Pose::new(DVec2::new(x, y), 0.0))
    }

    #[test]
    fn round_shapes_are_reached_by_their_radii_and_separated_in_their_gap() {
        // Cores 0.8 apart, radii 0.5 + 0.5: the rounded shapes overlap, and no support
        // point of the cores along the way is said to stop short of the origin.
        let steps = super::super::trace(
            &GjkVisualizer,
            &capsule(0.0, 0.0, 0.5),
            &capsule(0.3, 0.8, 0.5),
        );
        let end = &steps.last().unwrap().narration;
        assert!(end.starts_with("Overlap"), "{end}");
        for s in &steps {
            assert!(!s.narration.contains("stops short"), "{}", s.narration);
        }
        // Cores 1.6 apart, radii 0.1 and 1.0: 0.5 apart. The separating line lies in
        // the gap: beyond A's rounded side and before B's, in the world; at the gap's
        // distance from the origin in A − B.
        let (a, b) = (capsule(0.0, 0.0, 0.1), capsule(0.0, 1.6, 1.0));
        let steps = super::super::trace(&GjkVisualizer, &a, &b);
        let last = steps.last().unwrap();
        assert!(
            last.narration.starts_with("Separated"),
            "{}",
            last.narration
        );
        let (axis, w) = last
            .items
            .iter()
            .find_map(|i| match i {
                Item::Separation { axis, support } => Some((*axis, *support)),
                _ => None,
            })
            .unwrap();
        assert!((axis - DVec2::Y).length() < 1e-12, "{axis:?}");
        let mid = (w.a + w.b) / 2.0;
        assert!(
            mid.y > 0.1 && mid.y < 0.6,
            "the world line at y = {}",
            mid.y
        );
        assert!(
            (w.p.dot(axis) + 0.5).abs() < 1e-12,
            "A − B's line at {}",
            w.p.dot(axis)
        );
    }
}
