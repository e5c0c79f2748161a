//! Polygon distance by a closest-feature walk: the bounding circles (apart: the walk
//! starts on the line between the positions), else face separation's face steps told
//! as face separation tells them; then the walk, each step drawn as the gap of the
//! shadows along the direction `m` (the two lines normal to `m`, and in `A − B` the
//! line it makes, `gap` from the origin): face checks with the face highlighted, vertex
//! pairs with `d = b − a`; and the answer, the closest points.

use super::circle_polygon::Figure;
use super::face_separation::Story as FaceStory;
use super::{not_applicable_step, num, vec2, Claim, Item, Step, Visualizer};
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::clip::Edge;
use gjk_lab_core::algorithms::polygon_distance::{
    FaceVerdict, Feature, PairVerdict, PolygonDistance, PolygonDistanceEvent,
    PolygonDistanceOutcome, PolygonDistanceResult, StartPair,
};
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::shapes::Shape;
use glam::DVec2;

/// The walk's visualiser.
pub struct PolygonDistanceVisualizer;

impl Visualizer for PolygonDistanceVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::PolygonDistance
    }

    fn intro(&self) -> String {
        "How far apart are two convex polygons? Along any direction m their shadows \
         have a gap (negative when they overlap), and the distance is the largest gap \
         over all directions. Turning m, the gap changes smoothly while the same two \
         vertices are the extremes, and is largest along the line between them; at a \
         face's normal the extremes change. Start from a direction that separates them \
         — the line between the positions when their bounding circles are apart, else \
         a face that separates — and walk uphill, feature pair by feature pair, until \
         the gap stops growing. Exact, no tolerance. Next ▶ takes the first step."
            .into()
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let Some(machine) = PolygonDistance::for_pair(a, b) else {
            let text = format!(
                "The walk does not apply to a {} and a {}: it needs two convex polygons.",
                a.geometry().kind(),
                b.geometry().kind(),
            );
            return vec![not_applicable_step(a, b, text)];
        };
        let mut story = Story {
            a,
            faces: FaceStory::new(a),
        };
        record(machine)
            .into_iter()
            .map(|frame| story.step(frame.event, frame.state.result()))
            .collect()
    }
}

/// What the narration remembers between events.
struct Story<'s> {
    a: &'s Shape,
    /// Face separation's story, for its face steps.
    faces: FaceStory<'s>,
}

impl Story<'_> {
    fn step(&mut self, event: PolygonDistanceEvent, result: Option<PolygonDistanceResult>) -> Step {
        let line = event.line();
        match event {
            PolygonDistanceEvent::Centres {
                direction,
                radii,
                between,
                pair,
            } => self.circles_step(direction, (radii, between), pair, line),
            PolygonDistanceEvent::Centroid { point, in_front_of } => {
                self.centroid_step(point, in_front_of, line)
            }
            PolygonDistanceEvent::Faces { event } => {
                // Told as face separation tells it, on this pseudo-code's line.
                let step = self.faces.step(event);
                Step {
                    line: Some(line),
                    ..step
                }
            }
            PolygonDistanceEvent::FaceCheck {
                edge,
                vertex,
                t,
                gap,
                next,
            } => self.face_step(edge, vertex, (t, gap, next), line),
            PolygonDistanceEvent::Pair {
                a,
                b,
                direction,
                gap,
                length,
                counter_clockwise,
                next,
            } => self.pair_step(
                (a, b),
                direction,
                (gap, length),
                (counter_clockwise, next),
                line,
            ),
            PolygonDistanceEvent::Done { .. } => match result {
                Some(r) => self.result_step(&r, line),
                None => Step::result("The walk ended.".into(), line, vec![]),
            },
        }
    }

    fn gap_item(direction: DVec2, a: DVec2, b: DVec2) -> Item {
        Item::ClosedForm(Figure::Gap {
            direction,
            from: (a, "a"),
            to: (b, "b"),
            from_is_a: true,
        })
    }

    fn circles_step(
        &self,
        m: DVec2,
        (radii, between): ((f64, f64), f64),
        pair: Option<StartPair>,
        line: usize,
    ) -> Step {
        let (pa, pb) = (self.a.position(), self.a.position() + m * between);
        let mut items = vec![Item::ClosedForm(Figure::Circles {
            centres: [pa, pb],
            radii: [radii.0, radii.1],
        })];
        let circles = format!(
            "Each polygon lies in the circle about its position through its farthest \
             vertex (radii {} and {}, dashed); the positions are {} apart.",
            num(radii.0),
            num(radii.1),
            num(between)
        );
        let Some(StartPair {
            a: (i, a),
            b: (j, b),
            gap,
        }) = pair
        else {
            let narration = format!(
                "{circles} The circles overlap, so the line between the positions may \
                 not separate the polygons: first a quick check for a deep overlap (B's \
                 centroid inside A), then face separation's face steps decide whether \
                 some face separates them."
            );
            return Step::new("Bounding circles", narration, line, items);
        };
        let narration = format!(
            "{circles} The circles are apart, so on the line between the positions, \
             m = {}, the polygons' shadows are apart too. A's vertex farthest along m is \
             a = vertex {i} at {}, B's nearest is b = vertex {j} at {}: the gap along m is \
             m·(b − a) = {}. The walk starts from this vertex pair.",
            vec2(m),
            vec2(a),
            vec2(b),
            num(gap)
        );
        items.push(Self::gap_item(m, a, b));
        Step::new("Bounding circles", narration, line, items).claiming(vec![Claim::Vector {
            label: "m",
            value: m,
        }])
    }

    /// B's centroid against A's faces.
    fn centroid_step(&self, p: DVec2, in_front_of: Option<Edge>, line: usize) -> Step {
        let mut items = vec![Item::ClosedForm(Figure::Centre(p))];
        let Some(edge) = in_front_of else {
            let narration = format!(
                "B's centroid, c = {} (a point of B), lies behind every face of A \
                 (n·(c − v) ≤ 0 for each): it is inside A, so the polygons share a point \
                 and intersect, distance 0 — no face needs measuring.",
                vec2(p)
            );
            return Step::new("Centroid inside A", narration, line, items)
                .claiming(vec![Claim::Labelled("c".into())]);
        };
        let narration = format!(
            "B's centroid, c = {}, lies in front of A's face {} (n·(c − v) > 0): it is not \
             inside A, which proves nothing either way. Face separation's face steps \
             decide.",
            vec2(p),
            edge.index
        );
        items.push(Item::ClosedForm(Figure::Face {
            from: edge.v1,
            to: edge.v2,
        }));
        Step::new("Centroid outside A", narration, line, items).claiming(vec![
            Claim::Labelled("c".into()),
            Claim::Edge {
                from: edge.v1,
                to: edge.v2,
            },
        ])
    }

    fn face_step(
        &self,
        edge: Edge,
        vertex: DVec2,
        (t, gap, next): (f64, f64, FaceVerdict),
        line: usize,
    ) -> Step {
        let (own, other) = (edge.shape, edge.shape.other());
        let i = edge.index;
        // m from A towards B: A's own normal, B's turned round.
        let m = match own {
            Side::A => edge.normal,
            Side::B => -edge.normal,
        };
        let verdict = match next {
            FaceVerdict::Face => format!(
                "0 ≤ t ≤ 1: the vertex faces the inside of the face, so turning m \
                 either way lowers the gap — face and vertex are nearest, and the gap \
                 here, {}, is the distance.",
                num(gap)
            ),
            FaceVerdict::Pair { a, b } => format!(
                "t is {} the face, so the gap still grows turning m {}: {own}'s next \
                     vertex becomes the extreme — the next vertex pair is A's {a} and \
                     B's {b}.",
                if t < 0.0 {
                    "before the start of"
                } else {
                    "past the end of"
                },
                if t < 0.0 {
                    "clockwise"
                } else {
                    "counter-clockwise"
                },
            ),
        };
        let narration = format!(
            "At m = {}, the normal of {own}'s face {i} (from A towards B), {own}'s \
             extreme along m is the whole face. {other}'s nearest vertex, {}, projects \
             on it at t = {}, and the gap is {}. {verdict}",
            vec2(m),
            vec2(vertex),
            num(t),
            num(gap),
        );
        // The gap's points: on the face (the vertex's foot) and the vertex.
        let (on_a, on_b) = match own {
            Side::A => (vertex - m * gap, vertex),
            Side::B => (vertex, vertex + m * gap),
        };
        let items = vec![
            Item::ClosedForm(Figure::Face {
                from: edge.v1,
                to: edge.v2,
            }),
            Self::gap_item(m, on_a, on_b),
        ];
        Step::new(
            &format!("Face check: {own}'s face {i}"),
            narration,
            line,
            items,
        )
        .claiming(vec![
            Claim::Edge {
                from: edge.v1,
                to: edge.v2,
            },
            Claim::Vector {
                label: "m",
                value: m,
            },
        ])
    }

    fn pair_step(
        &self,
        ((i, a), (j, b)): ((u32, DVec2), (u32, DVec2)),
        m: DVec2,
        (gap, length): (f64, f64),
        (counter_clockwise, next): (bool, PairVerdict),
        line: usize,
    ) -> Step {
        let turn = if counter_clockwise {
            "counter-clockwise"
        } else {
            "clockwise"
        };
        let verdict = match next {
            PairVerdict::Peak => format!(
                "d is reached before either vertex stops being the extreme: the two \
                 vertices are nearest, and the distance is |d| = {}.",
                num(length)
            ),
            PairVerdict::Face { side, face } => format!(
                "Before m reaches d, it reaches the normal of {side}'s face {face}, \
                 where {side}'s extreme vertex changes: check that face."
            ),
        };
        let narration = format!(
            "Vertex pair: A's vertex {i} at a = {}, B's vertex {j} at b = {}, \
             d = b − a = {}. While both stay the extremes the gap along m is m·d, largest \
             along d itself; here, at m = {}, it is {}, so turn m {turn} towards d. \
             {verdict}",
            vec2(a),
            vec2(b),
            vec2(b - a),
            vec2(m),
            num(gap),
        );
        let items = vec![
            Self::gap_item(m, a, b),
            Item::ClosedForm(Figure::Segment {
                from: a,
                to: b,
                label: "d",
            }),
        ];
        Step::new(&format!("Vertex pair a{i}, b{j}"), narration, line, items).claiming(vec![
            Claim::Vector {
                label: "m",
                value: m,
            },
            Claim::Labelled("d".into()),
        ])
    }

    fn result_step(&self, r: &PolygonDistanceResult, line: usize) -> Step {
        match (r.outcome, r.closest) {
            (PolygonDistanceOutcome::Intersecting { .. }, _) | (_, None) => {
                let why = match r.outcome {
                    PolygonDistanceOutcome::Intersecting {
                        centroid_inside: true,
                    } => "B's centroid is inside A",
                    _ => "No face separates them",
                };
                let narration = format!(
                    "{why}: they intersect (touching counts), distance 0. Their depth and \
                     contact points are face separation's (key 9)."
                );
                Step::result(
                    narration,
                    line,
                    vec![Item::Overlap, Item::Instead(Algorithm::FaceSeparation)],
                )
            }
            (outcome, Some((on_a, on_b))) => {
                let what = match r.feature {
                    Some(Feature::Vertices { a, b }) => {
                        format!("A's vertex {a} and B's vertex {b}")
                    }
                    Some(Feature::FaceVertex {
                        face_of,
                        face,
                        vertex,
                    }) => format!(
                        "{face_of}'s face {face} and {}'s vertex {vertex}",
                        face_of.other()
                    ),
                    None => "the points GJK distance found".to_string(),
                };
                let limit = match outcome {
                    PolygonDistanceOutcome::IterationLimit { steps, .. } => format!(
                        " (the walk went wrong in rounding after {steps} steps — it went \
                         round, or ended below a gap it had passed, which exact arithmetic \
                         forbids: the order of two nearly parallel normals was ambiguous — \
                         so GJK distance, which orders no normals, answered)"
                    ),
                    _ => String::new(),
                };
                let narration = format!(
                    "Apart, at distance {}{limit}, between {what}: closest points {} on A \
                     and {} on B.",
                    num(r.distance),
                    vec2(on_a),
                    vec2(on_b),
                );
                Step::result(narration, line, vec![Item::Distance { on_a, on_b }])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Pose};

    fn square(x: f64, y: f64, rotation: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(x, y), rotation),
        )
    }

    fn titles(steps: &[Step]) -> Vec<&str> {
        steps.iter().map(|s| s.title.as_str()).collect()
    }

    #[test]
    fn corner_to_corner_walks_to_the_vertex_pair() {
        // Two squares corner to corner: the nearest features are the corners (1, 1)
        // and (2, 1.6), √1.36 apart; the line between the positions is not along them.
        let steps = super::super::trace(
            &PolygonDistanceVisualizer,
            &square(0.0, 0.0, 0.0),
            &square(3.0, 2.6, 0.0),
        );
        assert_eq!(steps[1].title, "Bounding circles");
        assert!(titles(&steps).iter().any(|t| t.starts_with("Vertex pair")));
        let last = steps.last().unwrap();
        assert!(
            last.narration.contains("distance 1.17"),
            "{}",
            last.narration
        );
        assert!(last.narration.contains("vertex"), "{}", last.narration);
    }

    #[test]
    fn close_squares_use_the_face_steps_then_a_face_check() {
        // Overlapping circles (√2 each, 2.5 apart); the right face of A separates.
        let steps = super::super::trace(
            &PolygonDistanceVisualizer,
            &square(0.0, 0.0, 0.0),
            &square(2.5, 0.3, 0.0),
        );
        let t = titles(&steps);
        assert!(t.contains(&"B in A's frame"), "{t:?}");
        assert!(t.iter().any(|s| s.starts_with("Face check")), "{t:?}");
        let last = steps.last().unwrap();
        assert!(
            last.narration.contains("distance 0.50"),
            "{}",
            last.narration
        );
        let overlapping = super::super::trace(
            &PolygonDistanceVisualizer,
            &square(0.0, 0.0, 0.0),
            &square(1.5, 0.3, 0.4),
        );
        let last = overlapping.last().unwrap();
        assert!(
            last.narration.contains("they intersect"),
            "{}",
            last.narration
        );
    }
}
