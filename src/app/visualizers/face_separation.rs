//! Face separation (Box2D's polygon collider): B placed in A's frame once; for every
//! face of A, then of B, the other polygon's deepest vertex `w` behind it and the
//! separation `s = n·(w − v)`, drawn as the face, its normal and the dashed distance
//! from `w` to the face's line; the reference face; then clipping's steps (shared
//! with the clipping visualiser); and the answer: depth, normal, contact points.

use super::circle_polygon::{AxisNames, Figure};
use super::clip::{contact_list, count, feature, Story as ClipStory};
use super::trail::Trail;
use super::{not_applicable_step, num, vec2, Claim, FeatureRole, Item, Step, Visualizer};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::clip::{ClipEvent, Edge};
use gjk_lab_core::algorithms::face_separation::{
    FaceSeparation, FaceSeparationEvent, FaceSeparationOutcome, FaceTest,
};
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::shapes::Shape;
use glam::DVec2;

/// The face separation visualiser.
pub struct FaceSeparationVisualizer;

impl Visualizer for FaceSeparationVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::FaceSeparation
    }

    fn intro(&self) -> String {
        tr!("fs-intro")
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let Some(machine) = FaceSeparation::for_pair(a, b) else {
            let text = tr!(
                "fs-not-applicable",
                a = super::shape_kind(a),
                b = super::shape_kind(b)
            );
            return vec![not_applicable_step(a, b, text)];
        };
        let mut story = Story::new(a);
        record(machine)
            .into_iter()
            .map(|frame| story.step(frame.event))
            .collect()
    }
}

/// A face as an edge of A − B: A's face keeps its normal, B's face turns it round
/// (A − B holds −B), and the edge lies `−s` from the origin.
pub(super) fn face_edge(test: &FaceTest) -> Item {
    let normal = match test.edge.shape {
        Side::A => test.edge.normal,
        Side::B => -test.edge.normal,
    };
    Item::FaceEdge {
        normal,
        offset: -test.separation,
    }
}

/// What the narration remembers between events (box against box shares its
/// clipping and its answer: [`Story::clip_step`], [`Story::done_step`]).
pub(super) struct Story<'s> {
    a: &'s Shape,
    /// The last face measured, and the faint figures of the faces of the same polygon
    /// measured before it (one list shared by the steps: [`Trail`]).
    last_face: Option<FaceTest>,
    earlier: Trail<Figure>,
    /// Clipping's story, once the reference face is chosen.
    clip: Option<ClipStory>,
    normal: DVec2,
    depth: f64,
}

impl<'s> Story<'s> {
    pub(super) fn new(a: &'s Shape) -> Self {
        Story {
            a,
            last_face: None,
            earlier: Trail::new(),
            clip: None,
            normal: DVec2::ZERO,
            depth: 0.0,
        }
    }

    /// The reference face is chosen: clipping's story starts from it.
    pub(super) fn start_clip(&mut self, depth: f64, normal: DVec2, reference: Edge) {
        self.normal = normal;
        self.depth = depth;
        self.clip = Some(ClipStory::from_reference(depth, normal, reference));
    }

    /// A step of clipping, told as clipping tells it, on `line` of the caller's
    /// pseudo-code (the line its own event names).
    pub(super) fn clip_step(&mut self, event: ClipEvent, line: usize) -> Step {
        let normal = self.normal;
        let story = self.clip.as_mut().expect("after the reference face");
        let step = story.step(event, normal);
        Step {
            line: Some(line),
            ..step
        }
    }

    /// The step of one event, on face separation's pseudo-code lines (polygon distance
    /// tells its face steps this way too, on its own lines).
    pub(super) fn step(&mut self, event: FaceSeparationEvent) -> Step {
        let line = event.line();
        match event {
            FaceSeparationEvent::Frame {
                rotation,
                offset,
                circles_gap,
            } => self.frame_step(rotation, offset, circles_gap, line),
            FaceSeparationEvent::Face { test, best } => {
                if let Some(last) = self.last_face {
                    self.earlier = if last.edge.shape == test.edge.shape {
                        self.earlier.with(Self::separation_figure(&last, false))
                    } else {
                        // A new polygon's faces start a new list.
                        Trail::new()
                    };
                }
                self.last_face = Some(test);
                self.face_step(test, best, line)
            }
            FaceSeparationEvent::Reference {
                best_a,
                best_b,
                reference,
                depth,
                normal,
            } => {
                let chosen = if reference == Side::A { best_a } else { best_b };
                self.start_clip(depth, normal, chosen.edge);
                self.reference_step(best_a, best_b, reference, line)
            }
            FaceSeparationEvent::Clip(event) => self.clip_step(event, line),
            FaceSeparationEvent::Done { outcome } => self.done_step(outcome, line),
        }
    }

    fn frame_step(
        &self,
        rotation: f64,
        offset: DVec2,
        circles_gap: Option<f64>,
        line: usize,
    ) -> Step {
        let narration = tr!(
            "fs-frame",
            degrees = num(rotation.to_degrees()),
            t = vec2(offset),
            circles = if circles_gap.is_some() {
                "apart"
            } else {
                "overlap"
            },
            gap = circles_gap.map(num).unwrap_or_default()
        );
        let items = vec![Item::ClosedForm(Figure::Frame {
            origin: self.a.position(),
            axes: [self.a.rotate(DVec2::X), self.a.rotate(DVec2::Y)],
            names: AxisNames::Primed,
        })];
        Step::new(&tr!("fs-title-frame"), narration, line, items)
            .claiming(AxisNames::Primed.claims())
    }

    /// A face with its separation: current (thick, labelled) or earlier (faint).
    pub(super) fn separation_item(test: &FaceTest, current: bool) -> Item {
        Item::ClosedForm(Self::separation_figure(test, current))
    }

    fn separation_figure(test: &FaceTest, current: bool) -> Figure {
        Figure::Separation {
            from: test.edge.v1,
            to: test.edge.v2,
            normal: test.edge.normal,
            separation: test.separation,
            centre: test.deepest,
            current,
        }
    }

    fn face_step(&self, test: FaceTest, best: FaceTest, line: usize) -> Step {
        let (own, other) = (test.edge.shape, test.edge.shape.other());
        let i = test.edge.index;
        let gap = test.separation > 0.0;
        let narration = tr!(
            "fs-face",
            own = own.to_string(),
            other = other.to_string(),
            i = i.to_string(),
            n = vec2(test.edge.normal),
            w = vec2(test.deepest),
            k = test.deepest_index.to_string(),
            first = if i == 0 { "yes" } else { "no" },
            s = num(test.separation),
            gap = if gap { "yes" } else { "no" },
            behind = num(-test.separation),
            running = if best.edge.index == i {
                "this"
            } else {
                "other"
            },
            best = best.edge.index.to_string(),
            best_s = num(best.separation),
            minus_s = num(-test.separation)
        );
        let mut items = vec![
            Item::ClosedForm(Figure::Earlier(self.earlier.clone())),
            Self::separation_item(&test, true),
        ];
        items.push(Item::ClosedForm(Figure::Deepest(test.deepest)));
        items.push(face_edge(&test));
        let title = tr!("fs-title-face", shape = own.to_string(), i = i.to_string());
        Step::new(&title, narration, line, items).claiming(vec![
            Claim::Edge {
                from: test.edge.v1,
                to: test.edge.v2,
            },
            Claim::Labelled("w".into()),
            Claim::Labelled("edge of A - B".into()),
        ])
    }

    fn reference_step(
        &self,
        best_a: FaceTest,
        best_b: FaceTest,
        reference: Side,
        line: usize,
    ) -> Step {
        let chosen = if reference == Side::A { best_a } else { best_b };
        let why = if reference == Side::A && best_b.separation > best_a.separation {
            "tolerance"
        } else if reference == Side::A {
            "a"
        } else {
            "b"
        };
        let narration = tr!(
            "fs-reference",
            face_a = best_a.edge.index.to_string(),
            s_a = num(best_a.separation),
            face_b = best_b.edge.index.to_string(),
            s_b = num(best_b.separation),
            why = why,
            reference = reference.to_string(),
            face = chosen.edge.index.to_string(),
            depth = num(self.depth),
            n = vec2(self.normal)
        );
        let other = if reference == Side::A { best_b } else { best_a };
        let items = vec![
            Item::CollisionNormal {
                normal: self.normal,
                depth: self.depth,
                source: "reference face",
            },
            // Named as the step names it, a face (clipping's feature says
            // "reference edge").
            Item::Feature(super::Feature {
                label: reference_label(chosen.edge),
                ..feature(chosen.edge, FeatureRole::Reference)
            }),
            Item::Feature(super::Feature {
                label: tr!(
                    "fs-label-other",
                    shape = other.edge.shape.to_string(),
                    face = other.edge.index.to_string(),
                    s = num(other.separation)
                ),
                ..feature(other.edge, FeatureRole::Facing)
            }),
        ];
        let claims = [best_a, best_b]
            .map(|f| Claim::Edge {
                from: f.edge.v1,
                to: f.edge.v2,
            })
            .to_vec();
        Step::new(&tr!("fs-title-reference"), narration, line, items)
            .claiming(claims)
            .answering(Checkpoint::ReferenceFace)
    }

    /// The answer, on `line` of the caller's pseudo-code (the line its event names).
    pub(super) fn done_step(&self, outcome: FaceSeparationOutcome, line: usize) -> Step {
        match outcome {
            FaceSeparationOutcome::CirclesApart { gap } => {
                let narration = tr!("fs-done-circles", gap = num(gap));
                Step::result(narration, line, vec![])
            }
            FaceSeparationOutcome::Separated { face } => {
                let narration = tr!(
                    "fs-done-separated",
                    shape = face.edge.shape.to_string(),
                    face = face.edge.index.to_string(),
                    other = face.edge.shape.other().to_string(),
                    s = num(face.separation)
                );
                let items = vec![
                    Self::separation_item(&face, true),
                    Item::ClosedForm(Figure::Deepest(face.deepest)),
                ];
                Step::result(narration, line, items).claiming(vec![Claim::Edge {
                    from: face.edge.v1,
                    to: face.edge.v2,
                }])
            }
            FaceSeparationOutcome::Contact {
                depth,
                normal,
                reference,
                face,
                clip,
            } => {
                let contacts = clip.contacts();
                let narration = tr!(
                    "fs-done-contact",
                    depth = num(depth),
                    n = vec2(normal),
                    reference = reference.to_string(),
                    face = face.to_string(),
                    count = count(&contacts),
                    list = contact_list(&contacts)
                );
                let mut items = self
                    .clip
                    .as_ref()
                    .map(|c| c.edge_items())
                    .unwrap_or_default();
                items.push(Item::Penetration {
                    normal,
                    depth,
                    points: None,
                });
                items.extend(contacts.iter().map(|c| Item::Contact {
                    point: c.point,
                    depth: c.depth,
                    normal,
                }));
                Step::result(narration, line, items).claiming(vec![Claim::Separates {
                    offset: normal * depth,
                    parts: None,
                }])
            }
        }
    }
}

/// The label of the reference face, named as the step names it, a face (clipping's
/// feature says "reference edge").
pub(super) fn reference_label(edge: Edge) -> String {
    tr!(
        "fs-label-reference",
        shape = edge.shape.to_string(),
        face = edge.index.to_string()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{Circle, ConvexPolygon, Geometry, Pose};

    fn boxed(hx: f64, hy: f64, x: f64, y: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(hx, hy)),
            Pose::new(DVec2::new(x, y), 0.0),
        )
    }

    #[test]
    fn a_resting_box_is_told_face_by_face_then_clipped() {
        let steps = super::super::trace(
            &FaceSeparationVisualizer,
            &boxed(2.0, 1.0, 0.0, 0.0),
            &boxed(1.0, 0.5, 1.5, 1.4),
        );
        let titles: Vec<&str> = steps.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles[1..],
            [
                "B in A's frame",
                "A's face 0",
                "A's face 1",
                "A's face 2",
                "A's face 3",
                "B's face 0",
                "B's face 1",
                "B's face 2",
                "B's face 3",
                "Reference face",
                "Incident edge",
                "Clip by side plane 1",
                "Clip by side plane 2",
                "Keep points below the face",
                "Result"
            ]
        );
        // A's top face (2): B's bottom lies 0.1 below it, deeper than any of B's faces.
        let reference = &steps[10];
        assert!(
            reference
                .narration
                .contains("A's face 2 is the reference face"),
            "{}",
            reference.narration
        );
        assert!(reference.narration.contains("depth is −s = 0.10"));
        let last = steps.last().unwrap();
        assert!(
            last.narration.contains("2 contact points"),
            "{}",
            last.narration
        );
        // The clipping steps highlight this visualiser's lines, not clipping's.
        assert_eq!(steps[11].line, Some(6));
        assert_eq!(steps[14].line, Some(9));
    }

    #[test]
    fn a_gap_stops_at_the_face_and_says_so() {
        let steps = super::super::trace(
            &FaceSeparationVisualizer,
            &boxed(1.0, 1.0, 0.0, 0.0),
            &boxed(1.0, 1.0, 2.5, 0.0),
        );
        // The bounding circles (radius √2) overlap; face 0 (bottom) sees B beside it,
        // face 1 (right) sees the gap of 0.5.
        let last = steps.last().unwrap();
        assert!(
            last.narration.starts_with("Separated: A's face 1"),
            "{}",
            last.narration
        );
        assert!(last.narration.contains("s = 0.50"));
        // 3.5 apart the circles are apart (by 3.5 − 2√2), and no face is measured.
        let far = super::super::trace(
            &FaceSeparationVisualizer,
            &boxed(1.0, 1.0, 0.0, 0.0),
            &boxed(1.0, 1.0, 3.5, 0.0),
        );
        let titles: Vec<&str> = far.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles[1..], ["B in A's frame", "Result"]);
        let last = far.last().unwrap();
        assert!(
            last.narration
                .starts_with("Apart: the bounding circles about the positions are apart by 0.67"),
            "{}",
            last.narration
        );
        assert_eq!(
            last.line,
            Some(gjk_lab_core::algorithms::face_separation::line::CIRCLES)
        );
    }

    #[test]
    fn a_circle_is_sent_to_the_closed_form() {
        let circle = Shape::new(
            Geometry::Circle(Circle { radius: 1.0 }),
            Pose::new(DVec2::ZERO, 0.0),
        );
        let steps = super::super::trace(
            &FaceSeparationVisualizer,
            &boxed(1.0, 1.0, 0.0, 0.0),
            &circle,
        );
        assert!(steps
            .last()
            .unwrap()
            .items
            .contains(&Item::Instead(Algorithm::CirclePolygon)));
    }
}
