//! EPA: grows a polytope inside `A − B` from GJK's final simplex until its edge
//! nearest the origin lies on the boundary; that edge's distance is the penetration
//! depth and its normal the direction to push B out.

use super::{num, simplex_points, sources, then, vec2, Claim, Item, Step, Visualizer};
use crate::app::i18n::tr;
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

    fn intro(&self) -> String {
        tr!("epa-intro")
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
    // r_A + r_B: EPA expands the cores' difference; the rounded A − B lies this far
    // beyond it, and the depth is the cores' plus it.
    let margin = machine.minkowski().margin();
    record(machine)
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
                } => start_step(simplex_points(&polytope), start, (gjk_iterations, margin)),
                EpaEvent::ClosestEdge { edge, from, to } => {
                    closest_edge_step(polytope, edge, (from.p, to.p), foot_normals)
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
                        margin,
                    };
                    support_step(direction, support, bounds, items)
                }
                EpaEvent::Inserted {
                    index,
                    point,
                    vertices,
                } => {
                    let narration = tr!(
                        "epa-inserted",
                        w = vec2(point.p),
                        index = index.to_string(),
                        vertices = vertices.to_string()
                    );
                    let items = vec![Item::Polytope(polytope), Item::Inserted(point)];
                    Step::new(&tr!("epa-title-inserted"), narration, line::SPLIT, items)
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
                    let miss = state
                        .variant()
                        .and_then(|_| seed_miss(outcome, state.minkowski()));
                    done_step(outcome, state.result(), (polytope, closest), (miss, margin))
                }
            }
        })
        .collect()
}

fn start_step(
    polytope: Vec<SupportPoint>,
    start: EpaStart,
    (gjk_iterations, margin): (usize, f64),
) -> Step {
    let narration = tr!(
        "epa-start",
        round = if margin > 0.0 { "yes" } else { "no" },
        margin = num(margin),
        iterations = gjk_iterations.to_string(),
        start = match start {
            EpaStart::Triangle => "triangle",
            EpaStart::TwoEdges => "edges",
            EpaStart::CompletedPoint => "point",
        },
        vertices = polytope.len().to_string()
    );
    Step::new(
        &tr!("epa-title-start"),
        narration,
        line::START,
        vec![Item::Polytope(polytope)],
    )
}

fn closest_edge_step(
    polytope: Vec<SupportPoint>,
    edge: PolytopeEdge,
    (from, to): (DVec2, DVec2),
    foot_normals: bool,
) -> Step {
    // A seed's normals may come from the origin's foot: not always perpendicular to
    // the edge, nor outward.
    let narration = tr!(
        "epa-closest-edge",
        from = vec2(from),
        to = vec2(to),
        normal = if foot_normals { "foot" } else { "outward" },
        n = vec2(edge.normal),
        distance = num(edge.distance)
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
        &tr!("epa-title-closest-edge"),
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
    /// `r_A + r_B` (0 but for round shapes): the shapes' depth is the cores' plus it.
    margin: f64,
}

fn support_step(n: DVec2, w: SupportPoint, bounds: Bounds, items: Vec<Item>) -> Step {
    let converged = bounds.gap <= bounds.tolerance;
    let narration = tr!(
        "epa-support",
        n = vec2(n),
        sources = sources(&w),
        w = vec2(w.p),
        projection = num(bounds.projection),
        bound = num(bounds.upper_bound),
        round = if bounds.margin > 0.0 { "yes" } else { "no" },
        shapes = num(bounds.projection + bounds.margin),
        shapes_bound = num(bounds.upper_bound + bounds.margin),
        gap = num(bounds.gap),
        converged = if converged { "yes" } else { "no" }
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
    Step::new(&tr!("epa-title-support"), narration, line, items).claiming(claims)
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
        "gjk"
    } else if at_cap {
        "cap"
    } else {
        "faces"
    };
    let narration = tr!(
        "epa-refined",
        why = why,
        before = vec2(before),
        turn = sci(turn),
        evaluations = evaluations.to_string(),
        n = vec2(normal),
        w = vec2(support.p),
        depth = num(depth)
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
    Step::new(&tr!("epa-title-refined"), narration, line::REFINE, items).claiming(vec![
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

/// A seed's answer whose move does not separate the shapes: the sentence that says so
/// (its step then claims no separation and draws no ghost of B), or `None` when the
/// answer separates them (or moves nothing).
fn seed_miss(
    outcome: EpaOutcome,
    md: &gjk_lab_core::minkowski::MinkowskiDifference,
) -> Option<String> {
    let offset = match outcome {
        EpaOutcome::Converged { depth, normal } | EpaOutcome::WithinRadius { depth, normal } => {
            normal * depth
        }
        _ => return None,
    };
    let left = super::still_deep(&md.a.to_shape(), &md.b.to_shape(), offset)?;
    Some(super::seed_miss(offset, left))
}

/// The final step; `miss` is the sentence for a seed's answer that does not separate
/// the shapes ([`seed_miss`]).
fn done_step(
    outcome: EpaOutcome,
    result: Option<EpaResult>,
    (polytope, closest): (Vec<SupportPoint>, Option<Item>),
    (miss, margin): (Option<String>, f64),
) -> Step {
    let mut items = vec![Item::Polytope(polytope)];
    items.extend(closest);
    let mut claims = vec![];
    let (narration, line) = match outcome {
        EpaOutcome::Converged { depth, normal } => {
            let way = match (depth > 0.0, miss.is_some()) {
                (true, false) => "move",
                (false, false) => "touch",
                (true, true) => "move-miss",
                (false, true) => "touch-miss",
            };
            let text = tr!(
                "epa-done-converged",
                round = if margin > 0.0 { "yes" } else { "no" },
                margin = num(margin),
                depth = num(depth),
                n = vec2(normal),
                way = way,
                offset = vec2(normal * depth),
                miss = miss.clone().unwrap_or_default()
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
            let text = tr!("epa-done-radius", depth = num(depth), n = vec2(normal));
            let text = match &miss {
                Some(miss) => then(&text, miss),
                None => text,
            };
            claims.push(Claim::Separates {
                offset: normal * depth,
                parts: None,
            });
            (text, line::RADII)
        }
        EpaOutcome::NotIntersecting { distance } => {
            let text = tr!("epa-done-apart", distance = num(distance));
            (text, line::NO_DEPTH)
        }
        EpaOutcome::Degenerate => (tr!("epa-done-degenerate"), line::NO_DEPTH),
        EpaOutcome::IterationLimit {
            iterations,
            depth,
            normal,
            ..
        } => {
            let text = tr!(
                "epa-done-cap",
                iterations = iterations.to_string(),
                depth = num(depth),
                n = vec2(normal)
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
    if miss.is_some() {
        // The seed's move does not separate the shapes: no claim, no ghost of B.
        claims.retain(|c| !matches!(c, Claim::Separates { .. }));
        items.retain(|i| !matches!(i, Item::Penetration { .. }));
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

    #[test]
    fn a_round_pairs_bounds_and_depth_count_the_radii() {
        // A capsule deep in a rounded box: EPA expands the cores' difference, and
        // every bound it prints on the shapes' depth, w·n + r_A + r_B, is at least
        // the depth it ends with (the cores' w·n alone is below it).
        let rounded = Geometry::rounded_polygon(
            &[(-2.0, -0.5), (2.0, -0.5), (2.0, 0.5), (-2.0, 0.5)].map(DVec2::from),
            0.25,
        );
        let a = Shape::new(rounded.unwrap(), Pose::default());
        let capsule = Geometry::capsule(DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0), 0.3);
        let b = Shape::new(capsule.unwrap(), Pose::new(DVec2::new(0.3, 0.3), 0.05));
        let depth = gjk_lab_core::query::query(&a, &b).depth;
        let machine = Epa::new(&a, &b);
        let mut supports = 0;
        for frame in record(machine) {
            if let EpaEvent::Support { projection, .. } = frame.event {
                assert!(
                    projection + 0.55 >= depth - 1e-9,
                    "{projection} + 0.55 < {depth}"
                );
                supports += 1;
            }
        }
        assert!(supports >= 1);
        let steps = super::super::trace(&EpaVisualizer, &a, &b);
        let title = tr!("epa-title-support");
        let support_steps: Vec<&Step> = steps.iter().filter(|s| s.title == title).collect();
        assert!(!support_steps.is_empty(), "no step titled {title:?}");
        for s in support_steps {
            assert!(s.narration.contains("w·n + r_A + r_B ="), "{}", s.narration);
        }
        let last = &steps.last().unwrap().narration;
        assert!(
            last.contains("reaches r_A + r_B = 0.55") && last.contains(&num(depth)),
            "{last}"
        );
    }
}
