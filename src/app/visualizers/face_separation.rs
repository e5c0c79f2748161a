//! Face separation (Box2D's polygon collider): B placed in A's frame once; for every
//! face of A, then of B, the other polygon's deepest vertex `w` behind it and the
//! separation `s = n·(w − v)`, drawn as the face, its normal and the dashed distance
//! from `w` to the face's line; the reference face; then clipping's steps (shared
//! with the clipping visualiser); and the answer: depth, normal, contact points.

use super::circle_polygon::{AxisNames, Figure};
use super::clip::{contact_list, count, feature, Story as ClipStory};
use super::trail::Trail;
use super::{not_applicable_step, num, vec2, Claim, FeatureRole, Item, Step, Visualizer};
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
        "How physics engines find where two polygons touch, without GJK or EPA (Box2D \
         does it this way). SAT compares both shadows on every axis; face separation \
         asks each face one question: how far does the other polygon reach behind it? \
         That is s = n·(w − v), with w the other polygon's deepest vertex. A positive s \
         is a gap; otherwise the face with the largest s is the reference face, −s the \
         depth, and clipping against it gives the contact points. Next ▶ takes the first step."
            .into()
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let Some(machine) = FaceSeparation::for_pair(a, b) else {
            let text = format!(
                "Face separation does not apply to a {} and a {}: it needs two convex \
                 polygons, whose faces are all there is to test.",
                a.geometry().kind(),
                b.geometry().kind(),
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
        let circles = match circles_gap {
            Some(gap) => format!(
                "Each polygon lies in the circle about its position through its farthest \
                 vertex, and these circles are {} apart (|t| − r_A − r_B): the polygons \
                 are apart too, and no face needs measuring.",
                num(gap)
            ),
            None => "Their bounding circles (about the positions, through the farthest \
                     vertices) overlap, so the faces are measured."
                .to_string(),
        };
        let narration = format!(
            "Everything is measured in A's own frame (its axes x', y' drawn at its \
             position). B is placed there once: turned by {}° relative to A, at t = {}. \
             From now on each test is a dot product, and only the vertices a test needs \
             are moved. {circles}",
            num(rotation.to_degrees()),
            vec2(offset)
        );
        let items = vec![Item::ClosedForm(Figure::Frame {
            origin: self.a.position(),
            axes: [self.a.rotate(DVec2::X), self.a.rotate(DVec2::Y)],
            names: AxisNames::Primed,
        })];
        Step::new("B in A's frame", narration, line, items).claiming(AxisNames::Primed.claims())
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
        let where_ = if test.separation > 0.0 {
            format!(
                "s > 0: all of {other} lies in front of this face — a gap, so the \
                 polygons are apart and the search stops here."
            )
        } else {
            let running = if best.edge.index == i {
                "the largest so far".to_string()
            } else {
                format!(
                    "face {}'s {} is still the largest",
                    best.edge.index,
                    num(best.separation)
                )
            };
            format!(
                "w lies {} behind the face's line; {running}.",
                num(-test.separation)
            )
        };
        let walk = if i == 0 {
            format!("found by a scan of {other}'s vertices")
        } else {
            "found by walking forward from the last face's w while the next vertex is \
             deeper (it turns with the normal)"
                .to_string()
        };
        let same = if own == Side::A {
            "the same normal"
        } else {
            "the opposite normal"
        };
        let narration = format!(
            "{own}'s face {i}, outward normal n = {}: {other}'s deepest vertex behind it \
             is w = {} ({other}'s vertex {}, {walk}). s = n·(w − v) = {}: {where_} In A − B \
             this face is an edge with {same}, −s = {} from the origin (dashed).",
            vec2(test.edge.normal),
            vec2(test.deepest),
            test.deepest_index,
            num(test.separation),
            num(-test.separation),
        );
        let mut items = vec![
            Item::ClosedForm(Figure::Earlier(self.earlier.clone())),
            Self::separation_item(&test, true),
        ];
        items.push(Item::ClosedForm(Figure::Deepest(test.deepest)));
        items.push(face_edge(&test));
        let title = format!("{own}'s face {i}");
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
            "B's is larger by no more than the touching tolerance: A's is kept, so the \
             choice never flip-flops between parallel faces as a shape is dragged."
        } else if reference == Side::A {
            "A's is the larger (or they are equal: then A's is kept, so the choice never \
             flip-flops as a shape is dragged)."
        } else {
            "B's is the larger."
        };
        let narration = format!(
            "A's largest separation is face {}'s, {}; B's is face {}'s, {}. {why} So \
             {reference}'s face {} is the reference face: the depth is −s = {} and the \
             collision normal, from A towards B, is n = {}. No axis gives a smaller \
             overlap: the edges of A − B have exactly these faces' normals.",
            best_a.edge.index,
            num(best_a.separation),
            best_b.edge.index,
            num(best_b.separation),
            chosen.edge.index,
            num(self.depth),
            vec2(self.normal),
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
                label: format!(
                    "reference face: {}'s face {}",
                    chosen.edge.shape, chosen.edge.index
                ),
                ..feature(chosen.edge, FeatureRole::Reference)
            }),
            Item::Feature(super::Feature {
                label: format!(
                    "other: {}'s face {}, s = {}",
                    other.edge.shape,
                    other.edge.index,
                    num(other.separation)
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
        Step::new("Reference face", narration, line, items)
            .claiming(claims)
            .answering(Checkpoint::ReferenceFace)
    }

    /// The answer, on `line` of the caller's pseudo-code (the line its event names).
    pub(super) fn done_step(&self, outcome: FaceSeparationOutcome, line: usize) -> Step {
        match outcome {
            FaceSeparationOutcome::CirclesApart { gap } => {
                let narration = format!(
                    "Apart: the bounding circles about the positions are apart by {}, so \
                     the polygons inside them are apart by at least that; no face was \
                     measured.",
                    num(gap)
                );
                Step::result(narration, line, vec![])
            }
            FaceSeparationOutcome::Separated { face } => {
                let narration = format!(
                    "Separated: {}'s face {} has all of {} in front of it, s = {} > 0. \
                     The polygons are apart by at least s (their distance may be larger: \
                     a corner-to-corner gap; GJK distance measures it).",
                    face.edge.shape,
                    face.edge.index,
                    face.edge.shape.other(),
                    num(face.separation)
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
                let narration = format!(
                    "They intersect: depth {} along n = {} ({reference}'s face {face}); \
                     moving B by depth·n separates them. {}: {}.",
                    num(depth),
                    vec2(normal),
                    count(&contacts),
                    contact_list(&contacts),
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
