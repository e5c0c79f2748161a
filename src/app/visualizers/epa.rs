//! EPA: grows a polytope inside `A − B` from GJK's final simplex until its edge
//! nearest the origin lies on the boundary; that edge's distance is the penetration
//! depth and its normal the direction to push B out.

use super::{num, simplex_points, sources, vec2, Claim, Item, Step, Visualizer};
use gjk_lab_core::algorithms::epa::{
    line, Epa, EpaEvent, EpaOutcome, EpaResult, EpaStart, PolytopeEdge,
};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::minkowski::SupportPoint;
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::Shape;
use glam::DVec2;

/// The EPA visualiser.
pub struct EpaVisualizer;

impl Visualizer for EpaVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Epa
    }

    fn intro(&self) -> &'static str {
        "When A and B overlap, A − B contains the origin. The penetration depth is the \
         distance from the origin to the boundary of A − B, and moving B by depth·n along \
         that boundary's normal separates them. EPA starts from GJK's final simplex and \
         expands it. Next ▶ takes the first step."
    }

    fn comparison(&self, a: &Shape, b: &Shape) -> Option<super::Comparison> {
        Some(super::Comparison::SatEpa(Box::new(super::sat::compare(
            a, b,
        ))))
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        steps_of(Epa::new(a, b))
    }

    fn configured_steps(
        &self,
        a: &Shape,
        b: &Shape,
        variant: Option<Variant>,
        settings: &Settings,
    ) -> Option<Vec<Step>> {
        Some(steps_of(Epa::configured(a, b, variant, settings)))
    }
}

/// The steps of one EPA machine (gjk-lab's or a seed's version).
fn steps_of(machine: Epa) -> Vec<Step> {
    let foot_normals = machine.variant() == Some(Variant::FootNormals);
    let mut steps: Vec<Step> = record(machine)
        .into_iter()
        .map(|frame| {
            let state = &frame.state;
            let polytope = state.polytope().to_vec();
            let closest = state.closest_edge().and_then(|e| edge_item(&polytope, e));
            let tolerance = state.minkowski().tolerance.depth;
            match frame.event {
                EpaEvent::Start {
                    polytope,
                    start,
                    gjk_iterations,
                } => start_step(simplex_points(&polytope), start, gjk_iterations),
                EpaEvent::ClosestEdge { edge, from, to } => {
                    closest_edge_step(polytope, edge, from.p, to.p)
                }
                EpaEvent::Support {
                    direction,
                    support,
                    projection,
                    upper_bound,
                    gap,
                } => {
                    let mut items = vec![Item::Polytope(polytope)];
                    items.extend(closest);
                    // The search direction is the edge's normal n, drawn with the
                    // edge: no second arrow named d.
                    items.push(Item::Support(support));
                    let bounds = Bounds {
                        projection,
                        upper_bound,
                        gap,
                        tolerance,
                    };
                    support_step(direction, support, bounds, items)
                }
                EpaEvent::Inserted {
                    index,
                    point,
                    vertices,
                } => {
                    let narration = format!(
                        "w {} splits the closest edge: it becomes vertex {index}, and the \
                             polytope now has {vertices} vertices. It still lies inside \
                             A − B and reaches further out.",
                        vec2(point.p)
                    );
                    let items = vec![Item::Polytope(polytope), Item::Inserted(point)];
                    Step::new("Expand the polytope", narration, line::SPLIT, items)
                }
                EpaEvent::Refined {
                    before,
                    normal,
                    depth,
                    support,
                    points,
                    evaluations,
                    at_cap,
                } => refined_step(
                    polytope,
                    before,
                    (normal, depth, points),
                    support,
                    (evaluations, at_cap),
                ),
                EpaEvent::Done { outcome } => {
                    let mut step = done_step(outcome, state.result(), polytope, closest);
                    if state.variant().is_some() {
                        seed_answer(&mut step, state.minkowski());
                    }
                    step
                }
            }
        })
        .collect();
    if foot_normals {
        // The seed's normals come from the origin's foot: not always perpendicular to
        // the edge, nor outward.
        for step in &mut steps {
            step.narration = step.narration.replace(
                "its outward normal is",
                "its normal, the seed's: the direction of the origin's foot on it (mere \
                 rounding noise when the origin lies on the edge), is",
            );
        }
    }
    steps
}

fn start_step(polytope: Vec<SupportPoint>, start: EpaStart, gjk_iterations: usize) -> Step {
    let how = match start {
        EpaStart::Triangle => "Its triangle is the starting polytope.",
        EpaStart::TwoEdges => {
            "It ended on a segment through the origin, so EPA starts with the two edges \
             ab and ba, with opposite normals."
        }
        EpaStart::CompletedPoint => {
            "It ended on a single point; a second support point made a segment, used as \
             two opposite edges."
        }
    };
    let narration = format!(
        "GJK (distance) used {gjk_iterations} support points and ended with the origin \
         inside A − B. {how} The polytope has {} vertices, all on the boundary of A − B.",
        polytope.len()
    );
    Step::new(
        "Starting polytope",
        narration,
        line::START,
        vec![Item::Polytope(polytope)],
    )
}

fn closest_edge_step(
    polytope: Vec<SupportPoint>,
    edge: PolytopeEdge,
    from: DVec2,
    to: DVec2,
) -> Step {
    let narration = format!(
        "The polytope edge nearest the origin runs from {} to {}; its outward normal is \
         n = {} and its distance e.d = {}. The depth is at least e.d, because the polytope \
         lies inside A − B.",
        vec2(from),
        vec2(to),
        vec2(edge.normal),
        num(edge.distance)
    );
    let edge = Item::Edge {
        from,
        to,
        normal: edge.normal,
        distance: edge.distance,
    };
    let claims = vec![Claim::Vector {
        label: "n",
        value: match edge {
            Item::Edge { normal, .. } => normal,
            _ => DVec2::ZERO,
        },
    }];
    Step::new(
        "Closest edge",
        narration,
        line::CLOSEST_EDGE,
        vec![Item::Polytope(polytope), edge],
    )
    .claiming(claims)
    .answering(Checkpoint::ClosestEdge)
}

/// What EPA knows about the depth after a support point.
struct Bounds {
    /// `w·n`: an upper bound on the depth of the cores.
    projection: f64,
    /// The smallest such bound so far.
    upper_bound: f64,
    /// The smallest bound minus the closest edge's distance.
    gap: f64,
    /// The stopping tolerance.
    tolerance: f64,
}

fn support_step(n: DVec2, w: SupportPoint, bounds: Bounds, items: Vec<Item>) -> Step {
    let converged = bounds.gap <= bounds.tolerance;
    let verdict = if converged {
        "is within the tolerance: the edge lies on the boundary."
    } else {
        "is not yet small: the boundary lies beyond the edge."
    };
    let narration = format!(
        "Support in direction n = {}: {} = w {}. w·n = {} bounds the depth from above \
         (smallest bound so far U = {}); the gap U − e.d = {} {verdict}",
        vec2(n),
        sources(&w),
        vec2(w.p),
        num(bounds.projection),
        num(bounds.upper_bound),
        num(bounds.gap)
    );
    let line = if converged {
        line::CONVERGED
    } else {
        line::SUPPORT
    };
    let claims = vec![
        Claim::Labelled("w".into()),
        Claim::Vector {
            label: "n",
            value: n,
        },
    ];
    Step::new("Support along the normal", narration, line, items).claiming(claims)
}

/// The closest-edge item of a polytope edge (`None` if its index is stale).
fn edge_item(polytope: &[SupportPoint], edge: PolytopeEdge) -> Option<Item> {
    let from = polytope.get(edge.index)?;
    let to = polytope.get((edge.index + 1) % polytope.len())?;
    Some(Item::Edge {
        from: from.p,
        to: to.p,
        normal: edge.normal,
        distance: edge.distance,
    })
}

/// At the end the edge drawn is the one the answer's normal belongs to (on a tie the
/// last closest edge may be another, as long): the polytope edge whose outward normal
/// is nearest the answer's.
fn keep_answer_edge(items: &mut Vec<Item>, normal: DVec2) {
    let same = |n: DVec2| (n - normal).length() <= 1e-9;
    items.retain(|i| !matches!(i, Item::Edge { normal: n, .. } if !same(*n)));
    if items.iter().any(|i| matches!(i, Item::Edge { .. })) {
        return;
    }
    let Some(Item::Polytope(points)) = items.first() else {
        return;
    };
    let edges = (0..points.len()).map(|k| (points[k].p, points[(k + 1) % points.len()].p));
    let best = edges.min_by(|&(p, q), &(r, t)| {
        let off = |a: DVec2, b: DVec2| {
            (gjk_lab_core::geometry::perp_cw(b - a).normalize_or_zero() - normal).length()
        };
        off(p, q).total_cmp(&off(r, t))
    });
    if let Some((from, to)) = best {
        items.push(Item::Edge {
            from,
            to,
            normal,
            distance: normal.dot(from),
        });
    }
}

/// The final step: the penetration vector and B moved out by it.
/// On a curved side of A − B: the normal turned until the support point lies along it.
fn refined_step(
    polytope: Vec<SupportPoint>,
    before: DVec2,
    (normal, depth, points): (DVec2, f64, (DVec2, DVec2)),
    support: SupportPoint,
    (evaluations, at_cap): (usize, bool),
) -> Step {
    let turn = before.perp_dot(normal).atan2(before.dot(normal)).abs();
    let why = if polytope.is_empty() {
        "A − B is curved here (an ellipse), and GJK's closest point on it is only as exact \
         as its tolerance"
    } else if at_cap {
        "A − B is curved here (an ellipse), and EPA reached its cap of support points \
         with many faces at almost the same distance: the depth is known to within its \
         bounds, and the best face's normal is close"
    } else {
        "A − B is curved here (an ellipse), so the polytope's faces only approach its \
         boundary: the depth has converged, but not the last face's normal"
    };
    let narration = format!(
        "{why}: n = {} is off by {} rad. The depth is the smallest w·n over all \
         directions, and it is smallest where the support point w lies along n. Turning n \
         until it does (Newton's steps on the angle θ: the slope of h = w·n changes at the \
         rate h'' = ρ − h, with ρ the boundary's radius of curvature, a²b²/h_E³ on an \
         ellipse; {evaluations} support points) gives n = {}, w = {}, depth {}: the \
         depth arrow in the world view points along it.",
        vec2(before),
        sci(turn),
        vec2(normal),
        vec2(support.p),
        num(depth)
    );
    let items = vec![
        Item::Polytope(polytope),
        Item::Support(support),
        Item::Penetration {
            normal,
            depth,
            points: Some(points),
        },
    ];
    // The arrow B moves out along (world view) is the refined normal's.
    Step::new("Refine the normal (curved)", narration, line::REFINE, items).claiming(vec![
        Claim::Vector {
            label: "depth",
            value: normal,
        },
    ])
}

/// A small number in scientific notation ("3.2e-6").
fn sci(x: f64) -> String {
    format!("{x:.1e}")
}

/// A seed's answer whose move does not separate the shapes: its claim goes, and its
/// narration says so.
fn seed_answer(step: &mut Step, md: &gjk_lab_core::minkowski::MinkowskiDifference) {
    let offset = step.claims.iter().find_map(|c| match c {
        super::Claim::Separates { offset, .. } => Some(*offset),
        _ => None,
    });
    let Some(offset) = offset else {
        return;
    };
    let Some(left) = super::still_deep(md.a, md.b, offset) else {
        return;
    };
    step.claims
        .retain(|c| !matches!(c, super::Claim::Separates { .. }));
    step.items
        .retain(|i| !matches!(i, super::Item::Penetration { .. }));
    let sentence = super::seed_miss(offset, left);
    let touch = "the shapes only touch, and B need not move.";
    step.narration = if step.narration.contains(touch) {
        step.narration.replace(touch, &sentence)
    } else {
        let claim = " separates the shapes (ghost of B).";
        format!("{} {sentence}", step.narration.replace(claim, "."))
    };
}

fn done_step(
    outcome: EpaOutcome,
    result: Option<EpaResult>,
    polytope: Vec<SupportPoint>,
    closest: Option<Item>,
) -> Step {
    let mut items = vec![Item::Polytope(polytope)];
    items.extend(closest);
    let mut claims = vec![];
    let (narration, line) = match outcome {
        EpaOutcome::Converged { depth, normal } => {
            let way = if depth > 0.0 {
                format!(
                    "moving B by depth·n = {} separates the shapes (ghost of B).",
                    vec2(normal * depth)
                )
            } else {
                "the shapes only touch, and B need not move.".to_string()
            };
            let text = format!(
                "Converged: the closest edge lies on the boundary of A − B. Penetration \
                 depth {} along n = {}: {way}",
                num(depth),
                vec2(normal),
            );
            claims.push(Claim::Vector {
                label: "n",
                value: normal,
            });
            claims.push(Claim::Separates {
                offset: normal * depth,
                parts: None,
            });
            (text, line::CONVERGED)
        }
        EpaOutcome::WithinRadius { depth, normal } => {
            let text = format!(
                "Only the rounded parts overlap (a circle's core is its centre, a capsule's \
                 its segment, a rounded polygon's its polygon, and the cores do not \
                 overlap): the depth is the sum of the radii minus the cores' \
                 distance, {} along n = {}, with no polytope to expand.",
                num(depth),
                vec2(normal)
            );
            claims.push(Claim::Separates {
                offset: normal * depth,
                parts: None,
            });
            (text, line::RADII)
        }
        EpaOutcome::NotIntersecting { distance } => {
            let text = format!(
                "GJK found A and B separated by {}: there is no penetration to measure. \
                 Try GJK distance.",
                num(distance)
            );
            (text, line::NO_DEPTH)
        }
        EpaOutcome::Degenerate => {
            let text = "GJK's simplex could not be made into a polytope: A − B has no width.";
            (text.to_string(), line::NO_DEPTH)
        }
        EpaOutcome::IterationLimit {
            iterations,
            depth,
            normal,
            ..
        } => {
            let text = format!(
                "Stopped after {iterations} support points; best depth {} along {}.",
                num(depth),
                vec2(normal)
            );
            (text, line::LOOP)
        }
    };
    if let Some(p) = result.and_then(|r| r.penetration) {
        keep_answer_edge(&mut items, p.normal);
        items.push(Item::Penetration {
            normal: p.normal,
            depth: p.depth,
            points: Some((p.point_a, p.point_b)),
        });
    }
    Step::result(narration, line, items).claiming(claims)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Pose};

    #[test]
    fn overlapping_squares_end_with_the_penetration() {
        let square = |x: f64, y: f64| {
            Shape::new(
                Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
                Pose::new(DVec2::new(x, y), 0.0),
            )
        };
        let steps = super::super::trace(&EpaVisualizer, &square(0.0, 0.0), &square(1.5, 0.1));
        assert!(matches!(steps[1].items[..], [Item::Polytope(_)]));
        let last = steps.last().unwrap();
        let penetration = last.items.iter().find_map(|i| match i {
            Item::Penetration { normal, depth, .. } => Some((*normal, *depth)),
            _ => None,
        });
        let (normal, depth) = penetration.expect("a penetration item");
        assert!((depth - 0.5).abs() < 1e-6);
        assert!((normal - DVec2::X).length() < 1e-6);
        // Inserted steps show the new point, closest-edge steps the edge.
        for s in &steps {
            let has = |test: fn(&Item) -> bool| s.items.iter().any(test);
            match s.title.as_str() {
                "Expand the polytope" => assert!(has(|i| matches!(i, Item::Inserted(_)))),
                "Closest edge" => assert!(has(|i| matches!(i, Item::Edge { .. }))),
                _ => {}
            }
        }
    }
}
