//! Seed 003's pseudo-EPA: keeps only a triangle `a b c` and, at each step, one of the
//! two edges through the newest point `c`. Forgetting the rest is why it can stop on an
//! edge that is only locally nearest; compare its answer with EPA's.

use super::{num, sources, vec2, Item, Step, Visualizer};
use gjk_lab::algorithms::pseudo_epa::{KeptEdge, PseudoEpa, PseudoEpaEvent, PseudoEpaOutcome};
use gjk_lab::algorithms::{record, Algorithm};
use gjk_lab::minkowski::SupportPoint;
use gjk_lab::shapes::Shape;

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
        "Pseudo-EPA (seed 003) is a cheaper variant of EPA that keeps only a triangle and, each \
         time, one of the two edges through its newest point. It forgets the other points for \
         good, so it can stop on an edge that is only locally nearest. Press N to start."
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let triangle = |t: [SupportPoint; 3]| Item::Simplex {
            points: t.to_vec(),
            names: ABC,
        };
        let mut previous: Option<[SupportPoint; 3]> = None;
        record(PseudoEpa::new(a, b))
            .into_iter()
            .map(|frame| {
                let now = frame.state.triangle();
                let before = previous.replace(now).unwrap_or(now);
                match frame.event {
                    PseudoEpaEvent::Start { a, b, c, completed, gjk_iterations } => Step {
                        title: "Starting triangle".into(),
                        narration: format!(
                            "GJK used {gjk_iterations} support points. {}Triangle a {}, b {}, c {} (c is the newest point).",
                            if completed { "It ended on a segment, so a third support point completed the triangle. " } else { "" },
                            vec2(a.p), vec2(b.p), vec2(c.p)
                        ),
                        line: Some(0),
                        items: vec![triangle([a, b, c])],
                    },
                    PseudoEpaEvent::ChooseEdge { foot_ac, foot_bc, kept, dropped, direction } => {
                        let [pa, pb, pc] = before;
                        let (from, foot, name, line) = match kept {
                            KeptEdge::Ac => (pa, foot_ac, "ac", 4),
                            KeptEdge::Bc => (pb, foot_bc, "bc", 3),
                        };
                        Step {
                            title: "Choose an edge".into(),
                            narration: format!(
                                "Feet of the origin: on line ac {} (|da| = {}), on line bc {} (|db| = {}). It keeps edge {name}, the nearer one, and forgets {} for good. New direction d = {}.",
                                vec2(foot_ac), num(foot_ac.length()), vec2(foot_bc), num(foot_bc.length()), vec2(dropped.p), vec2(direction)
                            ),
                            line: Some(line),
                            items: vec![
                                triangle(before),
                                Item::Foot(foot_ac),
                                Item::Foot(foot_bc),
                                Item::Edge { from: from.p, to: pc.p, normal: direction, distance: foot.length() },
                                Item::Dropped(vec![dropped]),
                                Item::Direction(direction),
                            ],
                        }
                    }
                    PseudoEpaEvent::Support { direction, support, advance, tolerance } => Step {
                        title: "Support point".into(),
                        narration: format!(
                            "Support in direction d = {}: {} = c {}. It advances (c − a)·d = {} past the edge; the tolerance is {}{}",
                            vec2(direction), sources(&support), vec2(support.p), num(advance), num(tolerance),
                            if advance <= tolerance { ", so pseudo-EPA stops." } else { ", so it goes on." }
                        ),
                        line: Some(if advance <= tolerance { 6 } else { 5 }),
                        items: vec![triangle(now), Item::Direction(direction), Item::Support(support)],
                    },
                    PseudoEpaEvent::Done { outcome } => done_step(outcome, now),
                }
            })
            .collect()
    }
}

/// The final step: the answer from the kept edge `ab`.
fn done_step(outcome: PseudoEpaOutcome, [a, b, c]: [SupportPoint; 3]) -> Step {
    let mut items = vec![Item::Simplex {
        points: vec![a, b, c],
        names: ABC,
    }];
    let answer = |depth: f64, normal: glam::DVec2| Item::Edge {
        from: a.p,
        to: b.p,
        normal,
        distance: depth,
    };
    let (narration, line) = match outcome {
        PseudoEpaOutcome::Stopped { depth, normal } => {
            items.push(answer(depth, normal));
            items.push(Item::Penetration {
                normal,
                depth,
                points: None,
            });
            (
                format!(
                    "Answer from the foot of the origin on line ab: depth {} along n = {}. This edge is only the nearest among those pseudo-EPA looked at; compare with EPA.",
                    num(depth), vec2(normal)
                ),
                6,
            )
        }
        PseudoEpaOutcome::NotIntersecting { distance } => (
            format!(
                "GJK found A and B separated by {}: nothing to measure.",
                num(distance)
            ),
            0,
        ),
        PseudoEpaOutcome::Degenerate => {
            ("GJK's simplex could not be made into a triangle.".into(), 0)
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
            (
                format!(
                    "Stopped after {iterations} support points: depth {} along {}.",
                    num(depth),
                    vec2(normal)
                ),
                1,
            )
        }
    };
    Step {
        title: "Result".into(),
        narration,
        line: Some(line),
        items,
    }
}
