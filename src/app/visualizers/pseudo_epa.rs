//! Seed 003's pseudo-EPA: keeps only a triangle and, at each step, one of the two
//! edges through its newest point. The seed calls the triangle's points a, b, c; here
//! they are p, q, r (r newest), because a and b name the support points' sources on
//! A and B in every picture. Forgetting the rest is why it can stop on an
//! edge that is only locally nearest; compare its answer with EPA's.

use super::{num, sources, vec2, Claim, Item, Step, Visualizer};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::epa::Epa;
use gjk_lab_core::algorithms::pseudo_epa::{KeptEdge, PseudoEpa, PseudoEpaEvent, PseudoEpaOutcome};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::minkowski::SupportPoint;
use gjk_lab_core::query::query;
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::Shape;
use glam::DVec2;

/// The pseudo-EPA visualiser.
pub struct PseudoEpaVisualizer;

/// Labels of the triangle's points (the seed's a, b, c).
const PQR: [&str; 3] = ["p", "q", "r"];

impl Visualizer for PseudoEpaVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::PseudoEpa
    }

    fn comparison(&self, a: &Shape, b: &Shape) -> Option<super::Comparison> {
        Some(super::Comparison::PseudoEpa(compare(a, b)))
    }

    fn intro(&self) -> String {
        tr!("pepa-intro")
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        steps_of(a, b, PseudoEpa::new(a, b))
    }

    fn configured_steps(
        &self,
        a: &Shape,
        b: &Shape,
        variant: Option<Variant>,
        settings: &Settings,
    ) -> Option<Vec<Step>> {
        Some(steps_of(
            a,
            b,
            PseudoEpa::configured(a, b, variant, settings),
        ))
    }
}

/// The steps of one pseudo-EPA machine (gjk-lab's or a seed's version).
fn steps_of(a: &Shape, b: &Shape, machine: PseudoEpa) -> Vec<Step> {
    // The triangle before each event (the edge choice refers to it).
    let mut previous: Option<[SupportPoint; 3]> = None;
    record(machine)
        .into_iter()
        .map(|frame| {
            let now = frame.state.triangle();
            let before = previous.replace(now).unwrap_or(now);
            let line = frame.event.line();
            match frame.event {
                PseudoEpaEvent::Start {
                    a,
                    b,
                    c,
                    completed,
                    gjk_iterations,
                } => start_step([a, b, c], completed, gjk_iterations, line),
                PseudoEpaEvent::ChooseEdge {
                    foot_ac,
                    foot_bc,
                    kept,
                    dropped,
                    direction,
                } => choose_step(before, (foot_ac, foot_bc), kept, (dropped, direction), line),
                PseudoEpaEvent::Support {
                    direction,
                    support,
                    advance,
                    tolerance,
                } => support_step(now, (direction, support), (advance, tolerance), line),
                PseudoEpaEvent::Done { outcome } => done_step(outcome, now, (a, b), line),
            }
        })
        .collect()
}

/// The triangle as a simplex item labelled p, q, r.
fn triangle(points: [SupportPoint; 3]) -> Item {
    Item::Simplex {
        points: points.to_vec(),
        names: PQR.map(String::from).to_vec(),
    }
}

/// Claims that the triangle's points are drawn under their names.
fn triangle_claims() -> Vec<Claim> {
    PQR.map(|n| Claim::Labelled(n.into())).to_vec()
}

fn start_step(
    [a, b, c]: [SupportPoint; 3],
    completed: bool,
    gjk_iterations: usize,
    line: usize,
) -> Step {
    let narration = tr!(
        "pepa-start",
        iterations = gjk_iterations.to_string(),
        completed = if completed { "yes" } else { "no" },
        p = vec2(a.p),
        q = vec2(b.p),
        r = vec2(c.p)
    );
    Step::new(
        &tr!("pepa-title-start"),
        narration,
        line,
        vec![triangle([a, b, c])],
    )
    .claiming(triangle_claims())
}

fn choose_step(
    before: [SupportPoint; 3],
    (foot_ac, foot_bc): (DVec2, DVec2),
    kept: KeptEdge,
    (dropped, direction): (SupportPoint, DVec2),
    line: usize,
) -> Step {
    let [pa, pb, pc] = before;
    let (from, foot, name) = match kept {
        KeptEdge::Ac => (pa, foot_ac, "pr"),
        KeptEdge::Bc => (pb, foot_bc, "qr"),
    };
    let narration = tr!(
        "pepa-choose",
        foot_pr = vec2(foot_ac),
        length_pr = num(foot_ac.length()),
        foot_qr = vec2(foot_bc),
        length_qr = num(foot_bc.length()),
        edge = name,
        dropped = vec2(dropped.p),
        d = vec2(direction)
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
    let mut claims = triangle_claims();
    claims.push(Claim::Vector {
        label: "d",
        value: direction,
    });
    Step::new(&tr!("pepa-title-choose"), narration, line, items).claiming(claims)
}

fn support_step(
    now: [SupportPoint; 3],
    (d, w): (DVec2, SupportPoint),
    (advance, tolerance): (f64, f64),
    line: usize,
) -> Step {
    let stops = advance <= tolerance;
    let narration = tr!(
        "pepa-support",
        d = vec2(d),
        sources = sources(&w),
        w = vec2(w.p),
        advance = num(advance),
        tolerance = num(tolerance),
        stops = if stops { "yes" } else { "no" }
    );
    let items = vec![triangle(now), Item::Direction(d), Item::Support(w)];
    let claims = vec![
        Claim::Vector {
            label: "d",
            value: d,
        },
        Claim::Labelled("r".into()),
    ];
    Step::new(&tr!("pepa-title-support"), narration, line, items).claiming(claims)
}

/// The final step: the answer from the kept edge `pq`.
fn done_step(
    outcome: PseudoEpaOutcome,
    now: [SupportPoint; 3],
    shapes: (&Shape, &Shape),
    line: usize,
) -> Step {
    let [a, b, _] = now;
    // Apart, or no triangle: there is none to draw (its points would be placeholders
    // at the origin, their labels on top of each other).
    let has_triangle = !matches!(
        outcome,
        PseudoEpaOutcome::NotIntersecting { .. } | PseudoEpaOutcome::Degenerate
    );
    let mut items = if has_triangle {
        vec![triangle(now)]
    } else {
        vec![]
    };
    let mut claims = vec![];
    let narration = match outcome {
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
            let (text, separates) = against_epa(shapes, depth, normal);
            claims.push(Claim::Vector {
                label: "n",
                value: normal,
            });
            if separates {
                claims.push(Claim::Separates {
                    offset: normal * depth,
                    parts: None,
                });
            }
            text
        }
        PseudoEpaOutcome::WithinRadius { depth, normal } => {
            items.push(Item::Penetration {
                normal,
                depth,
                points: None,
            });
            tr!("pepa-done-radius", depth = num(depth), n = vec2(normal))
        }
        PseudoEpaOutcome::NotIntersecting { distance } => {
            tr!("pepa-done-apart", distance = num(distance))
        }
        PseudoEpaOutcome::Degenerate => tr!("pepa-done-degenerate"),
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
            tr!(
                "pepa-done-limit",
                iterations = iterations.to_string(),
                depth = num(depth),
                n = vec2(normal)
            )
        }
    };
    Step::result(narration, line, items).claiming(claims)
}

/// The result step's narration from pseudo-EPA's answer `depth·normal`, beside EPA's
/// in words: whether moving B by `depth·normal` (the ghost) really separates the
/// shapes, and what EPA finds; and whether it separates them.
fn against_epa((a, b): (&Shape, &Shape), depth: f64, normal: DVec2) -> (String, bool) {
    let epa = query(a, b);
    let mut moved = b.clone();
    let mut pose = moved.pose();
    pose.position += normal * depth;
    moved.set_pose(pose);
    let left = query(a, &moved);
    let tolerance = 1e-7 * (1.0 + a.bounding_radius() + b.bounding_radius());
    let (way, separates) = if left.intersects && left.depth > tolerance {
        ("wrong", false)
    } else if depth > epa.depth + tolerance {
        ("longer", true)
    } else {
        ("same", true)
    };
    // With round shapes the foot is on the cores' difference: the depth adds the radii.
    let margin = a.radius() + b.radius();
    let text = tr!(
        "pepa-done-stopped",
        round = if margin > 0.0 { "yes" } else { "no" },
        margin = num(margin),
        depth = num(depth),
        n = vec2(normal),
        way = way,
        left = num(left.depth),
        epa = if epa.normal.is_some() {
            "found"
        } else {
            "none"
        },
        epa_depth = num(epa.depth),
        epa_n = epa.normal.map(vec2).unwrap_or_default()
    );
    (text, separates)
}

/// One algorithm's answer for the comparison panel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer {
    /// Depth (0 when it found none).
    pub depth: f64,
    /// Unit normal, A towards B (when it found one).
    pub normal: Option<DVec2>,
    /// The edge of `A − B` it stopped on (end points), when it has one.
    pub edge: Option<(DVec2, DVec2)>,
}

/// Pseudo-EPA's and EPA's answers for one pair, side by side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// Pseudo-EPA (seed 003).
    pub pseudo: Answer,
    /// EPA.
    pub epa: Answer,
    /// Same depth (within `1e-8 × scale`) and normal (within `1e-6`).
    pub agree: bool,
}

/// Runs pseudo-EPA and EPA to their ends on the pair and compares their answers and
/// the edges they stopped on.
pub fn compare(a: &Shape, b: &Shape) -> Comparison {
    let mut pseudo = PseudoEpa::new(a, b);
    gjk_lab_core::algorithms::run_to_end(&mut pseudo);
    let [p, q, _] = pseudo.triangle();
    let pseudo_answer = match pseudo.outcome() {
        Some(PseudoEpaOutcome::Stopped { depth, normal }) => Answer {
            depth,
            normal: Some(normal),
            edge: Some((p.p, q.p)),
        },
        Some(
            PseudoEpaOutcome::WithinRadius { depth, normal }
            | PseudoEpaOutcome::IterationLimit { depth, normal, .. },
        ) => Answer {
            depth,
            normal: Some(normal),
            edge: None,
        },
        _ => Answer {
            depth: 0.0,
            normal: None,
            edge: None,
        },
    };
    let mut epa = Epa::new(a, b);
    gjk_lab_core::algorithms::run_to_end(&mut epa);
    let polytope = epa.polytope();
    let epa_edge = epa.closest_edge().and_then(|e| {
        let from = polytope.get(e.index)?;
        let to = polytope.get((e.index + 1) % polytope.len())?;
        Some((from.p, to.p))
    });
    let penetration = epa.result().and_then(|r| r.penetration);
    let epa_answer = Answer {
        depth: penetration.map_or(0.0, |p| p.depth),
        normal: penetration.map(|p| p.normal),
        edge: epa_edge,
    };
    let scale = a.bounding_radius().max(b.bounding_radius()).max(1e-300);
    let agree = (pseudo_answer.depth - epa_answer.depth).abs() <= 1e-8 * scale
        && match (pseudo_answer.normal, epa_answer.normal) {
            (Some(m), Some(n)) => (m - n).length() <= 1e-6,
            (None, None) => true,
            _ => false,
        };
    Comparison {
        pseudo: pseudo_answer,
        epa: epa_answer,
        agree,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Pose};

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
