//! Seed 003's pseudo-EPA: keeps only a triangle `a b c` and, at each step, one of the
//! two edges through the newest point `c`. Forgetting the rest is why it can stop on an
//! edge that is only locally nearest; compare its answer with EPA's.

use super::{num, sources, vec2, Item, Step, Visualizer};
use gjk_lab::algorithms::pseudo_epa::{KeptEdge, PseudoEpa, PseudoEpaEvent, PseudoEpaOutcome};
use gjk_lab::algorithms::{record, Algorithm};
use gjk_lab::minkowski::SupportPoint;
use gjk_lab::shapes::Shape;
use glam::DVec2;

/// The pseudo-EPA visualiser.
pub struct PseudoEpaVisualizer;

/// Labels of the triangle's points, as in the seed.
const ABC: &[&str] = &["a", "b", "c"];

const CODE: &[&str] = &[
    "a, b, c ← GJK's triangle (c newest)",
    "loop",
    "    da ← foot on line ac;  db ← foot on line bc",
    "    if |da| > |db|: a ← b; b ← c; d ← db/|db|",
    "    else:           b ← c;        d ← da/|da|",
    "    c ← support_{A−B}(d)",
    "    if (c − a)·d ≤ tol: return foot on line ab",
];

impl Visualizer for PseudoEpaVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::PseudoEpa
    }

    fn pseudo_code(&self) -> &'static [&'static str] {
        CODE
    }

    fn intro(&self) -> &'static str {
        "Pseudo-EPA (seed 003) is a cheaper variant of EPA that keeps only a triangle and, \
         each time, one of the two edges through its newest point. It forgets the other \
         points for good, so it can stop on an edge that is only locally nearest. Press N \
         to start."
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        // The triangle before each event (the edge choice refers to it).
        let mut previous: Option<[SupportPoint; 3]> = None;
        record(PseudoEpa::new(a, b))
            .into_iter()
            .map(|frame| {
                let now = frame.state.triangle();
                let before = previous.replace(now).unwrap_or(now);
                match frame.event {
                    PseudoEpaEvent::Start {
                        a,
                        b,
                        c,
                        completed,
                        gjk_iterations,
                    } => start_step([a, b, c], completed, gjk_iterations),
                    PseudoEpaEvent::ChooseEdge {
                        foot_ac,
                        foot_bc,
                        kept,
                        dropped,
                        direction,
                    } => choose_step(before, (foot_ac, foot_bc), kept, dropped, direction),
                    PseudoEpaEvent::Support {
                        direction,
                        support,
                        advance,
                        tolerance,
                    } => support_step(now, direction, support, advance, tolerance),
                    PseudoEpaEvent::Done { outcome } => done_step(outcome, now),
                }
            })
            .collect()
    }
}

/// The triangle as a simplex item labelled a, b, c.
fn triangle(points: [SupportPoint; 3]) -> Item {
    Item::Simplex {
        points: points.to_vec(),
        names: ABC,
    }
}

fn start_step([a, b, c]: [SupportPoint; 3], completed: bool, gjk_iterations: usize) -> Step {
    let how = if completed {
        "It ended on a segment, so a third support point completed the triangle. "
    } else {
        ""
    };
    let narration = format!(
        "GJK used {gjk_iterations} support points. {how}Triangle a {}, b {}, c {} (c is \
         the newest point).",
        vec2(a.p),
        vec2(b.p),
        vec2(c.p)
    );
    Step::new("Starting triangle", narration, 0, vec![triangle([a, b, c])])
}

fn choose_step(
    before: [SupportPoint; 3],
    (foot_ac, foot_bc): (DVec2, DVec2),
    kept: KeptEdge,
    dropped: SupportPoint,
    direction: DVec2,
) -> Step {
    let [pa, pb, pc] = before;
    let (from, foot, name, line) = match kept {
        KeptEdge::Ac => (pa, foot_ac, "ac", 4),
        KeptEdge::Bc => (pb, foot_bc, "bc", 3),
    };
    let narration = format!(
        "Feet of the origin: on line ac {} (|da| = {}), on line bc {} (|db| = {}). It \
         keeps edge {name}, the nearer one, and forgets {} for good. New direction d = {}.",
        vec2(foot_ac),
        num(foot_ac.length()),
        vec2(foot_bc),
        num(foot_bc.length()),
        vec2(dropped.p),
        vec2(direction)
    );
    let kept_edge = Item::Edge {
        from: from.p,
        to: pc.p,
        normal: direction,
        distance: foot.length(),
    };
    let items = vec![
        triangle(before),
        Item::Foot(foot_ac),
        Item::Foot(foot_bc),
        kept_edge,
        Item::Dropped(vec![dropped]),
        Item::Direction(direction),
    ];
    Step::new("Choose an edge", narration, line, items)
}

fn support_step(
    now: [SupportPoint; 3],
    d: DVec2,
    w: SupportPoint,
    advance: f64,
    tolerance: f64,
) -> Step {
    let stops = advance <= tolerance;
    let verdict = if stops {
        ", so pseudo-EPA stops."
    } else {
        ", so it goes on."
    };
    let narration = format!(
        "Support in direction d = {}: {} = c {}. It advances (c − a)·d = {} past the \
         edge; the tolerance is {}{verdict}",
        vec2(d),
        sources(&w),
        vec2(w.p),
        num(advance),
        num(tolerance)
    );
    let items = vec![triangle(now), Item::Direction(d), Item::Support(w)];
    Step::new("Support point", narration, if stops { 6 } else { 5 }, items)
}

/// The final step: the answer from the kept edge `ab`.
fn done_step(outcome: PseudoEpaOutcome, now: [SupportPoint; 3]) -> Step {
    let [a, b, _] = now;
    let mut items = vec![triangle(now)];
    let (narration, line) = match outcome {
        PseudoEpaOutcome::Stopped { depth, normal } => {
            items.push(Item::Edge {
                from: a.p,
                to: b.p,
                normal,
                distance: depth,
            });
            items.push(Item::Penetration {
                normal,
                depth,
                points: None,
            });
            let text = format!(
                "Answer from the foot of the origin on line ab: depth {} along n = {}. This \
                 edge is only the nearest among those pseudo-EPA looked at; compare with EPA.",
                num(depth),
                vec2(normal)
            );
            (text, 6)
        }
        PseudoEpaOutcome::WithinRadius { depth, normal } => {
            items.push(Item::Penetration {
                normal,
                depth,
                points: None,
            });
            let text = format!(
                "Only the rounded parts overlap (the cores, a circle's centre, do not): as \
                 for EPA the depth is the sum of the radii minus the cores' distance, {} \
                 along n = {}.",
                num(depth),
                vec2(normal)
            );
            (text, 0)
        }
        PseudoEpaOutcome::NotIntersecting { distance } => {
            let text = format!(
                "GJK found A and B separated by {}: nothing to measure.",
                num(distance)
            );
            (text, 0)
        }
        PseudoEpaOutcome::Degenerate => {
            let text = "GJK's simplex could not be made into a triangle.";
            (text.to_string(), 0)
        }
        PseudoEpaOutcome::IterationLimit {
            iterations,
            depth,
            normal,
        } => {
            items.push(Item::Penetration {
                normal,
                depth,
                points: None,
            });
            let text = format!(
                "Stopped after {iterations} support points: depth {} along {}.",
                num(depth),
                vec2(normal)
            );
            (text, 1)
        }
    };
    Step::result(narration, line, items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab::shapes::{ConvexPolygon, Geometry, Pose};

    #[test]
    fn edge_choice_shows_both_feet_the_kept_edge_and_the_forgotten_point() {
        let hexagon = |x: f64, r: f64| {
            Shape::new(
                Geometry::Polygon(ConvexPolygon::regular(6, 1.0, 0.0)),
                Pose::new(DVec2::new(x, 0.3), r),
            )
        };
        let steps =
            super::super::trace(&PseudoEpaVisualizer, &hexagon(0.0, 0.0), &hexagon(1.2, 0.4));
        let choice = steps
            .iter()
            .find(|s| s.title == "Choose an edge")
            .expect("an edge choice");
        let count = |test: fn(&Item) -> bool| choice.items.iter().filter(|i| test(i)).count();
        assert_eq!(count(|i| matches!(i, Item::Foot(_))), 2);
        assert_eq!(count(|i| matches!(i, Item::Edge { .. })), 1);
        assert_eq!(count(|i| matches!(i, Item::Dropped(_))), 1);
        assert!(matches!(choice.line, Some(3 | 4)));
    }
}
