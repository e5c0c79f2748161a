//! Polygon distance by a closest-feature walk: the bounding circles (apart: the walk
//! starts on the line between the positions), else face separation's face steps told
//! as face separation tells them; then the walk, each step drawn as the gap of the
//! shadows along the direction `m` (the two lines normal to `m`, and in `A − B` the
//! line it makes, `gap` from the origin): face checks with the face highlighted, vertex
//! pairs with `d = b − a`; and the answer, the closest points.

use super::circle_polygon::Figure;
use super::face_separation::Story as FaceStory;
use super::{not_applicable_step, num, vec2, Claim, Item, Step, Visualizer};
use crate::app::i18n::tr;
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
        tr!("pd-intro")
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let Some(machine) = PolygonDistance::for_pair(a, b) else {
            let text = tr!(
                "pd-not-applicable",
                a = super::shape_kind(a),
                b = super::shape_kind(b)
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
                None => Step::result(tr!("pd-ended"), line, vec![]),
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
        let Some(StartPair {
            a: (i, a),
            b: (j, b),
            gap,
        }) = pair
        else {
            let narration = tr!(
                "pd-circles",
                ra = num(radii.0),
                rb = num(radii.1),
                between = num(between),
                apart = "no"
            );
            return Step::new(&tr!("pd-title-circles"), narration, line, items);
        };
        let narration = tr!(
            "pd-circles",
            ra = num(radii.0),
            rb = num(radii.1),
            between = num(between),
            apart = "yes",
            m = vec2(m),
            i = i.to_string(),
            a = vec2(a),
            j = j.to_string(),
            b = vec2(b),
            gap = num(gap)
        );
        items.push(Self::gap_item(m, a, b));
        Step::new(&tr!("pd-title-circles"), narration, line, items).claiming(vec![Claim::Vector {
            label: "m",
            value: m,
        }])
    }

    /// B's centroid against A's faces.
    fn centroid_step(&self, p: DVec2, in_front_of: Option<Edge>, line: usize) -> Step {
        let mut items = vec![Item::ClosedForm(Figure::Centre(p))];
        let Some(edge) = in_front_of else {
            let narration = tr!("pd-centroid-inside", c = vec2(p));
            return Step::new(&tr!("pd-title-centroid-inside"), narration, line, items)
                .claiming(vec![Claim::Labelled("c".into())]);
        };
        let narration = tr!(
            "pd-centroid-outside",
            c = vec2(p),
            i = edge.index.to_string()
        );
        items.push(Item::ClosedForm(Figure::Face {
            from: edge.v1,
            to: edge.v2,
        }));
        Step::new(&tr!("pd-title-centroid-outside"), narration, line, items).claiming(vec![
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
        let (kind, na, nb) = match next {
            FaceVerdict::Face => ("face", String::new(), String::new()),
            FaceVerdict::Pair { a, b } => (
                if t < 0.0 { "before" } else { "past" },
                a.to_string(),
                b.to_string(),
            ),
        };
        let narration = tr!(
            "pd-face",
            m = vec2(m),
            own = own.to_string(),
            i = i.to_string(),
            other = other.to_string(),
            vertex = vec2(vertex),
            t = num(t),
            gap = num(gap),
            next = kind,
            na = na,
            nb = nb
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
            &tr!("pd-title-face", own = own.to_string(), i = i.to_string()),
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
        let (next, length, side, face) = match next {
            PairVerdict::Peak => ("peak", num(length), String::new(), String::new()),
            PairVerdict::Face { side, face } => {
                ("face", String::new(), side.to_string(), face.to_string())
            }
        };
        let narration = tr!(
            "pd-pair",
            i = i.to_string(),
            a = vec2(a),
            j = j.to_string(),
            b = vec2(b),
            d = vec2(b - a),
            m = vec2(m),
            gap = num(gap),
            turn = if counter_clockwise { "ccw" } else { "cw" },
            next = next,
            length = length,
            side = side,
            face = face
        );
        let items = vec![
            Self::gap_item(m, a, b),
            Item::ClosedForm(Figure::Segment {
                from: a,
                to: b,
                label: "d",
            }),
        ];
        Step::new(
            &tr!("pd-title-pair", i = i.to_string(), j = j.to_string()),
            narration,
            line,
            items,
        )
        .claiming(vec![
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
                let centroid = matches!(
                    r.outcome,
                    PolygonDistanceOutcome::Intersecting {
                        centroid_inside: true,
                    }
                );
                let narration = tr!(
                    "pd-intersect",
                    centroid = if centroid { "yes" } else { "no" }
                );
                Step::result(
                    narration,
                    line,
                    vec![Item::Overlap, Item::Instead(Algorithm::FaceSeparation)],
                )
            }
            (outcome, Some((on_a, on_b))) => {
                let (feature, a, b, face_of, vertex_of) = match r.feature {
                    Some(Feature::Vertices { a, b }) => (
                        "vertices",
                        a.to_string(),
                        b.to_string(),
                        String::new(),
                        String::new(),
                    ),
                    Some(Feature::FaceVertex {
                        face_of,
                        face,
                        vertex,
                    }) => (
                        "face",
                        face.to_string(),
                        vertex.to_string(),
                        face_of.to_string(),
                        face_of.other().to_string(),
                    ),
                    None => (
                        "gjk",
                        String::new(),
                        String::new(),
                        String::new(),
                        String::new(),
                    ),
                };
                let steps = match outcome {
                    PolygonDistanceOutcome::IterationLimit { steps, .. } => Some(steps),
                    _ => None,
                };
                let narration = tr!(
                    "pd-apart",
                    distance = num(r.distance),
                    limit = if steps.is_some() { "yes" } else { "no" },
                    steps = steps.map(|n| n.to_string()).unwrap_or_default(),
                    feature = feature,
                    a = a.clone(),
                    b = b.clone(),
                    face = a,
                    vertex = b,
                    face_of = face_of,
                    vertex_of = vertex_of,
                    on_a = vec2(on_a),
                    on_b = vec2(on_b)
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
