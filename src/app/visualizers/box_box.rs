//! Box against box: face separation on four axes in closed form. The box frame of A
//! with B's centre and axes in it; for each of the four axes, the face facing the
//! other box, the other box's deepest corner `w` and the separation
//! `s = |d·u| − h − (|u·e₀|·h₀ + |u·e₁|·h₁)` — the gap between the two shadows on the
//! axis — drawn as face separation draws it; the reference face; clipping's steps;
//! the answer (shared with face separation's visualiser).

use super::circle_polygon::{AxisNames, Figure};
use super::clip::feature;
use super::face_separation::{face_edge, reference_label, Story};
use super::not_applicable_step;
use super::{num, vec2, Claim, FeatureRole, Item, Step, Visualizer};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::box_box::{AxisTest, BoxBox, BoxBoxEvent};
use gjk_lab_core::algorithms::clip::Edge;
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::shapes::{Geometry, Shape};
use glam::DVec2;

/// The box-against-box visualiser.
pub struct BoxBoxVisualizer;

impl Visualizer for BoxBoxVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::BoxBox
    }

    fn intro(&self) -> String {
        tr!("bb-intro")
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let Some(machine) = BoxBox::for_pair(a, b) else {
            let text = tr!("bb-not-applicable", a = describe(a), b = describe(b));
            return vec![not_applicable_step(a, b, text)];
        };
        let mut story = BoxStory {
            a,
            b,
            faces: Story::new(a),
            seen: vec![],
        };
        record(machine)
            .into_iter()
            .map(|frame| story.step(frame.event))
            .collect()
    }
}

/// "polygon of 5 vertices", "rectangle", "circle".
fn describe(s: &Shape) -> String {
    match s.geometry() {
        Geometry::Polygon(p) if p.obb().is_some() => tr!("bb-rectangle"),
        Geometry::Polygon(p) => tr!("bb-polygon", vertices = p.vertices().len().to_string()),
        _ => super::shape_kind(s),
    }
}

/// What the narration remembers between events.
struct BoxStory<'s> {
    a: &'s Shape,
    b: &'s Shape,
    /// Face separation's story: clipping and the answer.
    faces: Story<'s>,
    /// The axes measured so far.
    seen: Vec<AxisTest>,
}

impl BoxStory<'_> {
    fn step(&mut self, event: BoxBoxEvent) -> Step {
        let line = event.line();
        match event {
            BoxBoxEvent::Frame {
                offset,
                rotation,
                circles_gap,
            } => self.frame_step(offset, rotation, circles_gap, line),
            BoxBoxEvent::Axis { test, best } => {
                self.seen.push(test);
                self.axis_step(test, best, line)
            }
            BoxBoxEvent::Reference {
                edge,
                depth,
                normal,
                separations,
            } => {
                self.faces.start_clip(depth, normal, edge);
                self.reference_step(edge, (depth, normal), separations, line)
            }
            BoxBoxEvent::Clip(event) => self.faces.clip_step(event, line),
            BoxBoxEvent::Done { outcome } => self.faces.done_step(outcome, line),
        }
    }

    fn frame_step(
        &self,
        offset: DVec2,
        rotation: f64,
        circles_gap: Option<f64>,
        line: usize,
    ) -> Step {
        let radii = [self.a, self.b].map(|s| s.bounding_radius());
        let circles = Item::ClosedForm(Figure::Circles {
            centres: [self.a.position(), self.b.position()],
            radii,
        });
        let narration = tr!(
            "bb-frame",
            r_a = num(radii[0]),
            r_b = num(radii[1]),
            circles = if circles_gap.is_some() {
                "apart"
            } else {
                "overlap"
            },
            gap = circles_gap.map(num).unwrap_or_default(),
            d = vec2(offset),
            degrees = num(rotation.to_degrees())
        );
        if circles_gap.is_some() {
            let title = tr!("bb-title-circles");
            return Step::new(&title, narration, line, vec![circles]);
        }
        let (centre, axes) = box_frame(self.a);
        let items = vec![
            circles,
            Item::ClosedForm(Figure::Frame {
                origin: centre,
                axes,
                names: AxisNames::Box,
            }),
        ];
        Step::new(&tr!("bb-title-frame"), narration, line, items).claiming(AxisNames::Box.claims())
    }

    fn axis_step(&self, test: AxisTest, best: AxisTest, line: usize) -> Step {
        let (own, other) = (test.side, test.side.other());
        let s = test.face.separation;
        let verdict = if s > 0.0 {
            "gap"
        } else if best.axis == test.axis {
            "largest"
        } else {
            "kept"
        };
        let narration = tr!(
            "bb-axis",
            own = own.to_string(),
            other = other.to_string(),
            k = test.axis.to_string(),
            u = vec2(test.face.edge.normal),
            centres = num(test.centre_distance),
            h = num(test.own_half),
            reach = num(test.other_half),
            s = num(s),
            face = test.face.edge.index.to_string(),
            verdict = verdict,
            behind = num(-s),
            best = best.axis.to_string(),
            best_s = num(best.face.separation),
            minus_s = num(-s)
        );
        let n = self.seen.len();
        let mut items: Vec<Item> = self
            .seen
            .iter()
            .enumerate()
            .map(|(i, t)| Story::separation_item(&t.face, i + 1 == n))
            .collect();
        items.push(Item::ClosedForm(Figure::Deepest(test.face.deepest)));
        items.push(face_edge(&test.face));
        let title = tr!(
            "bb-title-axis",
            shape = own.to_string(),
            k = test.axis.to_string()
        );
        Step::new(&title, narration, line, items).claiming(vec![
            Claim::Edge {
                from: test.face.edge.v1,
                to: test.face.edge.v2,
            },
            Claim::Labelled("w".into()),
            Claim::Labelled("edge of A - B".into()),
        ])
    }

    fn reference_step(
        &self,
        edge: Edge,
        (depth, normal): (f64, DVec2),
        [a, b]: [f64; 2],
        line: usize,
    ) -> Step {
        let why = match edge.shape {
            Side::B => "b",
            Side::A if b > a => "tolerance",
            Side::A => "a",
        };
        let narration = tr!(
            "bb-reference",
            s_a = num(a),
            s_b = num(b),
            why = why,
            shape = edge.shape.to_string(),
            face = edge.index.to_string(),
            depth = num(depth),
            n = vec2(normal)
        );
        let items = vec![
            Item::CollisionNormal {
                normal,
                depth,
                source: "reference face",
            },
            Item::Feature(super::Feature {
                label: reference_label(edge),
                ..feature(edge, FeatureRole::Reference)
            }),
        ];
        Step::new(&tr!("fs-title-reference"), narration, line, items)
            .claiming(vec![Claim::Edge {
                from: edge.v1,
                to: edge.v2,
            }])
            .answering(Checkpoint::ReferenceFace)
    }
}

/// A box's centre and unit axes in the world.
fn box_frame(s: &Shape) -> (DVec2, [DVec2; 2]) {
    match s.geometry() {
        Geometry::Polygon(p) => match p.obb() {
            Some(obb) => (
                s.to_world(obb.center),
                [s.rotate(obb.axes[0]), s.rotate(obb.axes[1])],
            ),
            None => (s.position(), [s.rotate(DVec2::X), s.rotate(DVec2::Y)]),
        },
        _ => (s.position(), [s.rotate(DVec2::X), s.rotate(DVec2::Y)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::algorithms::box_box::line;
    use gjk_lab_core::shapes::{ConvexPolygon, Pose};

    fn boxed(hx: f64, hy: f64, x: f64, y: f64, rotation: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(hx, hy)),
            Pose::new(DVec2::new(x, y), rotation),
        )
    }

    #[test]
    fn four_axes_then_the_reference_and_clipping() {
        let steps = super::super::trace(
            &BoxBoxVisualizer,
            &boxed(2.0, 1.0, 0.0, 0.0, 0.0),
            &boxed(1.0, 0.5, 1.5, 1.4, 0.0),
        );
        let titles: Vec<&str> = steps.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles[1..],
            [
                "A's box frame",
                "A's axis 0",
                "A's axis 1",
                "B's axis 0",
                "B's axis 1",
                "Reference face",
                "Incident edge",
                "Clip by side plane 1",
                "Clip by side plane 2",
                "Keep points below the face",
                "Result"
            ]
        );
        // A's axis 1 (up): centres 1.4 apart, A reaches 1, B 0.5: s = −0.1.
        assert!(
            steps[3]
                .narration
                .contains("s = 1.40 − 1.00 − 0.50 = −0.10"),
            "{}",
            steps[3].narration
        );
        assert!(steps.last().unwrap().narration.contains("2 contact points"));
        assert_eq!(
            steps[7].line,
            Some(5),
            "the incident edge on this pseudo-code"
        );
    }

    #[test]
    fn circles_apart_end_before_any_axis() {
        // Unit squares 3 apart: circles of radius √2/2 each, 3 − √2 = 1.59 apart.
        let steps = super::super::trace(
            &BoxBoxVisualizer,
            &boxed(0.5, 0.5, 0.0, 0.0, 0.0),
            &boxed(0.5, 0.5, 3.0, 0.0, 0.7),
        );
        let titles: Vec<&str> = steps.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles[1..], ["Bounding circles", "Result"]);
        assert!(
            steps[1].narration.contains("1.59 apart"),
            "{}",
            steps[1].narration
        );
        assert_eq!(steps[1].line, Some(line::CIRCLES));
        assert_eq!(steps[2].line, Some(line::CIRCLES));
    }

    #[test]
    fn a_triangle_is_sent_to_face_separation() {
        let triangle = Shape::new(
            Geometry::Polygon(ConvexPolygon::new(&[DVec2::ZERO, DVec2::X, DVec2::Y]).unwrap()),
            Pose::new(DVec2::ZERO, 0.0),
        );
        let steps = super::super::trace(
            &BoxBoxVisualizer,
            &boxed(1.0, 1.0, 0.0, 0.0, 0.0),
            &triangle,
        );
        let last = steps.last().unwrap();
        assert!(
            last.narration.contains("polygon of 3 vertices"),
            "{}",
            last.narration
        );
        assert!(last
            .items
            .contains(&Item::Instead(Algorithm::FaceSeparation)));
    }
}
