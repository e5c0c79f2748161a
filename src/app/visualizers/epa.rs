//! EPA: grows a polytope inside `A − B` from GJK's final simplex until its edge
//! nearest the origin lies on the boundary; that edge's distance is the penetration
//! depth and its normal the direction to push B out.

use super::{num, sources, vec2, Item, Step, Visualizer};
use gjk_lab::algorithms::epa::{Epa, EpaEvent, EpaOutcome, EpaResult, EpaStart, PolytopeEdge};
use gjk_lab::algorithms::{record, Algorithm};
use gjk_lab::minkowski::SupportPoint;
use gjk_lab::shapes::Shape;

/// The EPA visualiser.
pub struct EpaVisualizer;

const CODE: &[&str] = &[
    "polytope ← GJK's final simplex",
    "loop",
    "    e ← edge nearest O (normal n, distance e.d)",
    "    w ← support_{A−B}(n)",
    "    if w·n − e.d ≤ ε: return depth e.d, normal n",
    "    split e at w",
];

impl Visualizer for EpaVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Epa
    }

    fn pseudo_code(&self) -> &'static [&'static str] {
        CODE
    }

    fn intro(&self) -> &'static str {
        "When A and B overlap, A − B contains the origin. The penetration depth is the distance from \
         the origin to the boundary of A − B, and moving B by depth·n along that boundary's normal \
         separates them. EPA starts from GJK's final simplex and expands it. Press N to start."
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        record(Epa::new(a, b))
            .into_iter()
            .map(|frame| {
                let polytope = frame.state.polytope().to_vec();
                let closest = frame.state.closest_edge().and_then(|e| edge_item(&polytope, e));
                match frame.event {
                    EpaEvent::Start { polytope, start, gjk_iterations } => Step {
                        title: "Starting polytope".into(),
                        narration: format!(
                            "GJK (distance) used {gjk_iterations} support points and ended with the origin inside A − B. {} The polytope has {} vertices, all on the boundary of A − B.",
                            match start {
                                EpaStart::Triangle => "Its triangle is the starting polytope.",
                                EpaStart::TwoEdges => "It ended on a segment through the origin, so EPA starts with the two edges ab and ba, with opposite normals.",
                                EpaStart::CompletedPoint => "It ended on a single point; a second support point made a segment, used as two opposite edges.",
                            },
                            polytope.len()
                        ),
                        line: Some(0),
                        items: vec![Item::Polytope(polytope)],
                    },
                    EpaEvent::ClosestEdge { edge, from, to } => Step {
                        title: "Closest edge".into(),
                        narration: format!(
                            "The polytope edge nearest the origin runs from {} to {}; its outward normal is n = {} and its distance e.d = {}. The depth is at least e.d, because the polytope lies inside A − B.",
                            vec2(from.p), vec2(to.p), vec2(edge.normal), num(edge.distance)
                        ),
                        line: Some(2),
                        items: vec![Item::Polytope(polytope), Item::Edge { from: from.p, to: to.p, normal: edge.normal, distance: edge.distance }],
                    },
                    EpaEvent::Support { direction, support, projection, gap } => Step {
                        title: "Support along the normal".into(),
                        narration: format!(
                            "Support in direction n = {}: {} = w {}. w·n = {} bounds the depth from above; the gap w·n − e.d = {} {}",
                            vec2(direction), sources(&support), vec2(support.p), num(projection), num(gap),
                            if gap <= frame.state.minkowski().tolerance.depth { "is within the tolerance: the edge lies on the boundary." } else { "is not yet small: the boundary lies beyond the edge." }
                        ),
                        line: Some(if gap <= frame.state.minkowski().tolerance.depth { 4 } else { 3 }),
                        items: [Some(Item::Polytope(polytope)), closest, Some(Item::Direction(direction)), Some(Item::Support(support))]
                            .into_iter()
                            .flatten()
                            .collect(),
                    },
                    EpaEvent::Inserted { index, point, vertices } => Step {
                        title: "Expand the polytope".into(),
                        narration: format!(
                            "w {} splits the closest edge: it becomes vertex {index}, and the polytope now has {vertices} vertices. It still lies inside A − B and reaches further out.",
                            vec2(point.p)
                        ),
                        line: Some(5),
                        items: vec![Item::Polytope(polytope), Item::Inserted(point)],
                    },
                    EpaEvent::Done { outcome } => done_step(outcome, frame.state.result(), polytope, closest),
                }
            })
            .collect()
    }
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

/// The final step: the penetration vector and B moved out by it.
fn done_step(
    outcome: EpaOutcome,
    result: Option<EpaResult>,
    polytope: Vec<SupportPoint>,
    closest: Option<Item>,
) -> Step {
    let mut items = vec![Item::Polytope(polytope)];
    items.extend(closest);
    let (narration, line) = match outcome {
        EpaOutcome::Converged { depth, normal } => (
            format!(
                "Converged: the closest edge lies on the boundary of A − B. Penetration depth {} along n = {}: moving B by depth·n = {} separates the shapes (ghost of B).",
                num(depth), vec2(normal), vec2(normal * depth)
            ),
            4,
        ),
        EpaOutcome::NotIntersecting { distance } => (
            format!("GJK found A and B separated by {}: there is no penetration to measure. Try GJK distance.", num(distance)),
            0,
        ),
        EpaOutcome::Degenerate => ("GJK's simplex could not be made into a polytope: A − B has no width.".into(), 0),
        EpaOutcome::IterationLimit { iterations, depth, normal } => (
            format!("Stopped after {iterations} support points; best depth {} along {}.", num(depth), vec2(normal)),
            1,
        ),
    };
    if let Some(p) = result.and_then(|r| r.penetration) {
        items.push(Item::Penetration {
            normal: p.normal,
            depth: p.depth,
            points: Some((p.point_a, p.point_b)),
        });
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
    use gjk_lab::shapes::{ConvexPolygon, Geometry, Pose};
    use glam::DVec2;

    #[test]
    fn overlapping_squares_end_with_the_penetration() {
        let a = Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::default(),
        );
        let b = Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(1.5, 0.1), 0.0),
        );
        let steps = super::super::trace(&EpaVisualizer, &a, &b);
        assert!(matches!(steps[1].items[..], [Item::Polytope(_)]));
        let last = steps.last().unwrap();
        let Some(Item::Penetration { normal, depth, .. }) = last
            .items
            .iter()
            .find(|i| matches!(i, Item::Penetration { .. }))
        else {
            panic!("no penetration in {last:?}");
        };
        assert!((depth - 0.5).abs() < 1e-6);
        assert!((*normal - DVec2::X).length() < 1e-6);
        // Inserted steps show the new point, closest-edge steps the edge.
        for s in &steps {
            match s.title.as_str() {
                "Expand the polytope" => {
                    assert!(s.items.iter().any(|i| matches!(i, Item::Inserted(_))))
                }
                "Closest edge" => assert!(s.items.iter().any(|i| matches!(i, Item::Edge { .. }))),
                _ => {}
            }
        }
    }
}
