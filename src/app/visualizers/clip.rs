//! The contact manifold by clipping: from the collision normal, the reference edge
//! and the incident edge; the incident edge cut by the reference edge's two side
//! planes; the points below the reference face kept, with their depths. A curved
//! shape touches in one point, its deepest. A capsule or a rounded polygon is clipped
//! on its core, each kept point pushed out by its radius; when their round parts
//! touch, the one contact is B's deepest point.

use super::{num, vec2, Claim, Feature, FeatureRole, Item, Step, Visualizer};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::answer::{Contacts, Points, Side};
use gjk_lab_core::algorithms::clip::{Candidate, ClipEvent, ClipOutcome, Edge};
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::query::clipping;
use gjk_lab_core::shapes::Shape;
use glam::DVec2;

/// The clipping visualiser.
pub struct ClipVisualizer;

impl Visualizer for ClipVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Clip
    }

    fn intro(&self) -> String {
        tr!("clip-intro")
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let depth = gjk_lab_core::query::query(a, b).depth;
        let clip = clipping(a, b);
        let radius = |s: &Shape| s.geometry().polygon_core().map_or(0.0, |c| c.radius);
        let mut story = Story {
            source: "EPA",
            depth,
            normal: clip.normal(),
            reference: None,
            incident: None,
            planes: vec![],
            radii: [radius(a), radius(b)],
        };
        record(clip)
            .into_iter()
            .map(|frame| story.step(frame.event, frame.state.normal()))
            .collect()
    }
}

/// What the narration remembers between events (also face separation's clipping
/// steps: [`Story::from_reference`]).
pub(super) struct Story {
    /// Where the collision normal came from ("EPA", "reference face").
    source: &'static str,
    /// The penetration depth (EPA's), for the normal drawn in A − B.
    depth: f64,
    /// The collision normal.
    normal: DVec2,
    reference: Option<Edge>,
    incident: Option<Edge>,
    /// Side planes used so far: (point, kept-side normal, number).
    planes: Vec<(DVec2, DVec2, u32)>,
    /// A's and B's radii (a capsule's, a rounded polygon's; 0 for a polygon): their
    /// edges are their cores' edges, and the kept points are pushed out by them.
    radii: [f64; 2],
}

impl Story {
    /// The story of clipping from a reference edge chosen elsewhere (by face
    /// separation), with the penetration's depth and normal.
    pub(super) fn from_reference(depth: f64, normal: DVec2, reference: Edge) -> Self {
        Story {
            source: "reference face",
            depth,
            normal,
            reference: Some(reference),
            incident: None,
            planes: vec![],
            radii: [0.0; 2],
        }
    }

    /// The radius of `side`'s shape (0 for a polygon).
    fn radius(&self, side: Side) -> f64 {
        self.radii[usize::from(side == Side::B)]
    }

    /// "yes" for a shape with a radius, whose edges are its core's ("core edge"), else
    /// "no" (a message's selector).
    fn core(&self, side: Side) -> &'static str {
        if self.radius(side) > 0.0 {
            "yes"
        } else {
            "no"
        }
    }

    /// The step of one event, on clipping's pseudo-code line (face separation and box
    /// against box put it on their own).
    pub(super) fn step(&mut self, event: ClipEvent, normal: DVec2) -> Step {
        let line = event.line();
        match event {
            ClipEvent::ReferenceEdge {
                normal,
                edge_a,
                overlap_a,
                edge_b,
                overlap_b,
                reference,
            } => {
                let chosen = if reference == Side::A { edge_a } else { edge_b };
                self.reference = Some(chosen);
                self.reference_step(
                    normal,
                    [(edge_a, overlap_a), (edge_b, overlap_b)],
                    reference,
                    line,
                )
            }
            ClipEvent::IncidentEdge { edge } => {
                self.incident = Some(edge);
                self.incident_step(edge, line)
            }
            ClipEvent::Clip {
                plane,
                plane_point,
                plane_normal,
                before,
                after,
            } => {
                self.planes.push((plane_point, plane_normal, plane));
                self.clip_step(plane, plane_point, (before, after), line)
            }
            ClipEvent::KeepBelow { candidates } => self.keep_step(candidates, line),
            ClipEvent::RoundContact { contact, clipped } => {
                let narration = tr!(
                    "clip-round",
                    reached = if clipped.is_some() { "some" } else { "none" },
                    clipped = clipped.map(num).unwrap_or_default(),
                    depth = num(self.depth),
                    point = vec2(contact.point),
                    contact_depth = num(contact.depth)
                );
                let items = vec![
                    self.normal_item(normal),
                    Item::Contact {
                        point: contact.point,
                        depth: contact.depth,
                        normal,
                    },
                ];
                Step::new(&tr!("clip-title-round"), narration, line, items)
            }
            ClipEvent::CurvedContact { contact, shape } => {
                let narration = tr!(
                    "clip-curved",
                    shape = shape.to_string(),
                    point = vec2(contact.point),
                    depth = num(contact.depth)
                );
                let items = vec![
                    self.normal_item(normal),
                    Item::Contact {
                        point: contact.point,
                        depth: contact.depth,
                        normal,
                    },
                ];
                Step::new(&tr!("clip-title-curved"), narration, line, items)
            }
            ClipEvent::Done { outcome } => self.done_step(outcome, normal, line),
        }
    }

    fn normal_item(&self, normal: DVec2) -> Item {
        Item::CollisionNormal {
            normal,
            depth: self.depth,
            source: self.source,
        }
    }

    fn reference_step(
        &self,
        normal: DVec2,
        edges: [(Edge, f64); 2],
        reference: Side,
        line: usize,
    ) -> Step {
        let [(edge_a, overlap_a), (edge_b, overlap_b)] = edges;
        let tie = reference == Side::A && (overlap_a - overlap_b).abs() <= 1e-9 * scale(&edges);
        let narration = tr!(
            "clip-reference",
            n = vec2(normal),
            depth = num(self.depth),
            a_core = self.core(Side::A),
            edge_a = edge_a.index.to_string(),
            b_core = self.core(Side::B),
            edge_b = edge_b.index.to_string(),
            cores = if self.radii.iter().any(|&r| r > 0.0) {
                "yes"
            } else {
                "no"
            },
            radius_a = num(self.radii[0]),
            radius_b = num(self.radii[1]),
            overlap_a = num(overlap_a),
            overlap_b = num(overlap_b),
            why = if tie { "tie" } else { "smaller" },
            reference = reference.to_string()
        );
        let feature = |edge: Edge, overlap: f64| {
            if edge.shape == reference {
                feature(edge, FeatureRole::Reference)
            } else {
                Feature {
                    label: format!(
                        "other: {}'s edge {}, overlap {}",
                        edge.shape,
                        edge.index,
                        num(overlap)
                    ),
                    ..feature(edge, FeatureRole::Facing)
                }
            }
        };
        let items = vec![
            self.normal_item(normal),
            Item::Feature(feature(edge_a, overlap_a)),
            Item::Feature(feature(edge_b, overlap_b)),
        ];
        let claims = [edge_a, edge_b]
            .map(|e| Claim::Edge {
                from: e.v1,
                to: e.v2,
            })
            .to_vec();
        Step::new(&tr!("clip-title-reference"), narration, line, items)
            .claiming(claims)
            .answering(Checkpoint::ReferenceEdge)
    }

    fn incident_step(&self, edge: Edge, line: usize) -> Step {
        let reference = self.reference.map_or(DVec2::ZERO, |r| r.normal);
        let narration = tr!(
            "clip-incident",
            shape = edge.shape.to_string(),
            core = self.core(edge.shape),
            index = edge.index.to_string(),
            normal = vec2(reference),
            from = vec2(edge.v1),
            to = vec2(edge.v2)
        );
        let mut items = self.edge_items();
        items.push(Item::Clipped {
            before: vec![],
            after: vec![edge.v1, edge.v2],
        });
        Step::new(&tr!("clip-title-incident"), narration, line, items)
    }

    /// The collision normal, and the reference and incident edges chosen so far.
    pub(super) fn edge_items(&self) -> Vec<Item> {
        let mut items = vec![self.normal_item(self.normal)];
        if let Some(r) = self.reference {
            items.push(Item::Feature(feature(r, FeatureRole::Reference)));
        }
        if let Some(i) = self.incident {
            items.push(Item::Feature(feature(i, FeatureRole::Incident)));
        }
        items
    }

    /// The side planes used so far; the last is the current one.
    fn plane_items(&self, last_is_current: bool) -> Vec<Item> {
        let n = self.planes.len();
        self.planes
            .iter()
            .enumerate()
            .map(|(k, &(point, normal, plane))| Item::SidePlane {
                point,
                normal,
                plane,
                current: last_is_current && k + 1 == n,
            })
            .collect()
    }

    fn clip_step(
        &self,
        plane: u32,
        point: DVec2,
        (before, after): (Points, Points),
        line: usize,
    ) -> Step {
        let before: Vec<DVec2> = before.iter().collect();
        let after: Vec<DVec2> = after.iter().collect();
        let new: Vec<String> = after
            .iter()
            .filter(|p| !before.contains(p))
            .map(|&p| vec2(p))
            .collect();
        let cut = before.iter().filter(|p| !after.contains(p)).count();
        let narration = tr!(
            "clip-side-plane",
            plane = plane.to_string(),
            end = if plane == 1 { "first" } else { "second" },
            point = vec2(point),
            what = side_plane_case(&before, &after, new.len()),
            cut = cut,
            new = and(&new)
        );
        let mut items = self.edge_items();
        items.extend(self.plane_items(true));
        items.push(Item::Clipped { before, after });
        let title = tr!("clip-title-side-plane", plane = plane.to_string());
        Step::new(&title, narration, line, items)
    }

    fn keep_step(&self, candidates: [Option<Candidate>; 2], line: usize) -> Step {
        let verdicts: Vec<String> = candidates
            .iter()
            .flatten()
            .map(|c| {
                if c.repeats {
                    tr!("clip-repeats", point = vec2(c.point), depth = num(c.depth))
                } else if c.kept {
                    tr!("clip-kept", point = vec2(c.point), depth = num(c.depth))
                } else {
                    tr!(
                        "clip-dropped",
                        point = vec2(c.point),
                        height = num(-c.depth)
                    )
                }
            })
            .collect();
        let rounded = self
            .reference
            .filter(|_| self.radii.iter().any(|&r| r > 0.0));
        let how = match rounded {
            Some(r) => tr!(
                "clip-keep-how-round",
                other = r.shape.other().to_string(),
                other_radius = num(self.radius(r.shape.other())),
                shape = r.shape.to_string(),
                radius = num(self.radius(r.shape))
            ),
            None => tr!("clip-keep-how"),
        };
        let verdicts = verdicts
            .into_iter()
            .reduce(|first, second| tr!("clip-verdicts", first = first, second = second));
        // The side planes can cut the whole incident edge away: nothing to compare.
        let narration = match verdicts {
            Some(verdicts) => tr!("clip-keep", how = how, verdicts = verdicts),
            None => tr!("clip-keep-none"),
        };
        let mut items = self.edge_items();
        items.extend(self.plane_items(false));
        items.extend(candidates.iter().flatten().map(|c| Item::Candidate {
            point: c.point,
            depth: c.depth,
            kept: c.kept,
        }));
        Step::new(&tr!("clip-title-keep"), narration, line, items)
    }

    fn done_step(&self, outcome: ClipOutcome, normal: DVec2, line: usize) -> Step {
        let contacts = outcome.contacts();
        let list = contact_list(&contacts);
        let (narration, mut items) = match outcome {
            ClipOutcome::Clipped {
                reference,
                incident,
                ..
            } => (
                tr!(
                    "clip-done-clipped",
                    count = count(&contacts),
                    list = list.as_str(),
                    reference = reference.shape.to_string(),
                    reference_edge = reference.index.to_string(),
                    incident = incident.shape.to_string(),
                    incident_edge = incident.index.to_string()
                ),
                self.edge_items(),
            ),
            ClipOutcome::Curved { .. } => (
                tr!(
                    "clip-done-curved",
                    count = count(&contacts),
                    list = list.as_str()
                ),
                vec![],
            ),
            ClipOutcome::Round { .. } => (
                tr!(
                    "clip-done-round",
                    count = count(&contacts),
                    list = list.as_str()
                ),
                vec![],
            ),
            ClipOutcome::DeepestVertex { .. } => (
                tr!("clip-done-deepest", list = list.as_str()),
                self.edge_items(),
            ),
            ClipOutcome::NotIntersecting { distance } => {
                let text = tr!("clip-done-apart", distance = num(distance));
                let notice = text.clone();
                return Step::result(text, line, vec![Item::Notice(notice)]);
            }
        };
        if items.is_empty() {
            items.push(self.normal_item(normal));
        }
        items.extend(contacts.iter().map(|c| Item::Contact {
            point: c.point,
            depth: c.depth,
            normal,
        }));
        Step::result(narration, line, items)
    }
}

/// A polygon edge as a drawn feature with its standard label.
pub(super) fn feature(edge: Edge, role: FeatureRole) -> Feature {
    let (shape, index) = (edge.shape.to_string(), edge.index.to_string());
    let label = match role {
        FeatureRole::Reference => tr!("clip-label-reference", shape = shape, index = index),
        FeatureRole::Incident => tr!("clip-label-incident", shape = shape, index = index),
        FeatureRole::Facing => tr!("clip-label-facing", shape = shape, index = index),
    };
    Feature {
        from: edge.v1,
        to: edge.v2,
        normal: edge.normal,
        shape: edge.shape,
        role,
        label,
    }
}

/// The size of two edges, for a relative tie test in the narration.
fn scale(edges: &[(Edge, f64); 2]) -> f64 {
    edges
        .iter()
        .map(|(e, _)| e.v1.length().max(e.v2.length()))
        .fold(1.0, f64::max)
}

/// "2 contact points" / "1 contact point".
pub(super) fn count(contacts: &Contacts) -> String {
    tr!("clip-count", count = contacts.len())
}

/// Things listed with "and": "p and q", "p and q and r".
/// What a side plane did to the incident edge's points, `before` and `after` it (`new`
/// of them made by the cut), as the narration's selector names it.
fn side_plane_case(before: &[DVec2], after: &[DVec2], new: usize) -> &'static str {
    if before.is_empty() {
        "none"
    } else if after.is_empty() {
        "all"
    } else if before == after && before.len() == 1 {
        "nothing-one"
    } else if before == after {
        "nothing"
    } else if new == 0 {
        // A point was cut and no crossing made: the end kept lies on the plane itself.
        "cut-on"
    } else {
        "cut"
    }
}

fn and(items: &[String]) -> String {
    items
        .iter()
        .cloned()
        .reduce(|first, second| tr!("clip-and", first = first, second = second))
        .unwrap_or_default()
}

/// "(1.00, 0.50) depth 0.10 and (−1.00, 0.50) depth 0.10".
pub(super) fn contact_list(contacts: &Contacts) -> String {
    let parts: Vec<String> = contacts
        .iter()
        .map(|c| tr!("clip-contact", point = vec2(c.point), depth = num(c.depth)))
        .collect();
    and(&parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{Circle, ConvexPolygon, Geometry, Pose};

    fn rect(hx: f64, hy: f64, x: f64, y: f64, rotation: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(hx, hy)),
            Pose::new(DVec2::new(x, y), rotation),
        )
    }

    fn contacts(step: &Step) -> Vec<(DVec2, f64)> {
        step.items
            .iter()
            .filter_map(|i| match i {
                Item::Contact { point, depth, .. } => Some((*point, *depth)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_box_resting_on_a_wider_box_has_two_contacts_at_its_corners() {
        // Ground: 4 × 1 around the origin (top at y = 0.5); box 1 × 1 sunk by 0.1.
        let ground = rect(2.0, 0.5, 0.0, 0.0, 0.0);
        let top = rect(0.5, 0.5, 0.3, 0.9, 0.0);
        let steps = super::super::trace(&ClipVisualizer, &ground, &top);
        let titles: Vec<&str> = steps.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles[1..],
            [
                "Reference edge",
                "Incident edge",
                "Clip by side plane 1",
                "Clip by side plane 2",
                "Keep points below the face",
                "Result"
            ]
        );
        let mut found = contacts(steps.last().unwrap());
        found.sort_by(|p, q| p.0.x.total_cmp(&q.0.x));
        assert_eq!(found.len(), 2);
        for ((p, depth), x) in found.iter().zip([-0.2, 0.8]) {
            assert!((*p - DVec2::new(x, 0.4)).length() < 1e-9, "{p}");
            assert!((depth - 0.1).abs() < 1e-9);
        }
        // Each clip step shows its side plane as the current one.
        for s in &steps[3..5] {
            let current = s
                .items
                .iter()
                .filter(|i| matches!(i, Item::SidePlane { current: true, .. }))
                .count();
            assert_eq!(current, 1, "{}", s.title);
        }
    }

    /// Touching, identical, contained, curved and far-away pairs all end with a
    /// result and finite contacts.
    #[test]
    fn awkward_pairs_end_with_finite_contacts() {
        let circle = |x: f64, r: f64| {
            Shape::new(
                Geometry::Circle(Circle { radius: r }),
                Pose::new(DVec2::new(x, 0.0), 0.0),
            )
        };
        let far = 1e6;
        let pairs = [
            (rect(1.0, 1.0, 0.0, 0.0, 0.0), rect(1.0, 1.0, 2.0, 0.0, 0.0)),
            (rect(1.0, 1.0, 0.0, 0.0, 0.3), rect(1.0, 1.0, 0.0, 0.0, 0.3)),
            (rect(2.0, 2.0, 0.0, 0.0, 0.0), rect(0.2, 0.1, 0.3, 0.1, 0.7)),
            (circle(0.0, 1.0), circle(0.0, 1.0)),
            (circle(0.0, 1.0), circle(1.5, 1.0)),
            (
                rect(1.0, 1.0, far, far, 0.1),
                rect(1.0, 1.0, far + 1.5, far, 0.2),
            ),
        ];
        for (a, b) in &pairs {
            let steps = super::super::trace(&ClipVisualizer, a, b);
            let last = steps.last().unwrap();
            assert_eq!(last.title, "Result");
            let found = contacts(last);
            assert!(!found.is_empty(), "{a:?} {b:?}");
            assert!(found
                .iter()
                .all(|(p, d)| p.is_finite() && d.is_finite() && *d >= 0.0));
        }
    }

    #[test]
    fn a_circle_touches_in_its_deepest_point_and_apart_shapes_say_so() {
        let circle = Shape::new(
            Geometry::Circle(Circle { radius: 1.0 }),
            Pose::new(DVec2::new(0.0, 1.4), 0.0),
        );
        let steps = super::super::trace(&ClipVisualizer, &rect(1.0, 0.5, 0.0, 0.0, 0.0), &circle);
        let found = contacts(steps.last().unwrap());
        assert_eq!(found.len(), 1);
        assert!((found[0].0 - DVec2::new(0.0, 0.4)).length() < 1e-9);
        let apart = rect(1.0, 1.0, 5.0, 0.0, 0.0);
        let steps = super::super::trace(&ClipVisualizer, &rect(1.0, 1.0, 0.0, 0.0, 0.0), &apart);
        assert!(steps
            .last()
            .unwrap()
            .items
            .iter()
            .any(|i| matches!(i, Item::Notice(t) if t.contains("apart"))));
    }

    #[test]
    fn a_whole_incident_edge_cut_away_is_said_so() {
        // Capsules end on (the preset): the first side plane cuts the whole incident
        // core; no sentence names a new end, nor a point to keep.
        let capsule = |x: f64, y: f64| {
            let core = Geometry::capsule(DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0), 0.5);
            Shape::new(core.unwrap(), Pose::new(DVec2::new(x, y), 0.0))
        };
        let steps = super::super::trace(&ClipVisualizer, &capsule(0.0, 0.0), &capsule(2.9, 0.2));
        let said = |text: &str| steps.iter().any(|s| s.narration.contains(text));
        assert!(said("the whole edge is cut off"));
        assert!(said("No point of the incident edge is left to cut"));
        assert!(said("left no point of the incident edge to compare"));
        for s in &steps {
            assert!(
                !s.narration.contains('—') && !s.narration.contains(" ."),
                "{}",
                s.narration
            );
        }
    }

    #[test]
    fn each_side_plane_case_has_its_own_sentence() {
        let (p, q, x) = (
            DVec2::new(0.0, 0.0),
            DVec2::new(2.0, 0.0),
            DVec2::new(1.0, 0.0),
        );
        assert_eq!(side_plane_case(&[], &[], 0), "none");
        assert_eq!(side_plane_case(&[p, q], &[], 0), "all");
        assert_eq!(side_plane_case(&[p, q], &[p, q], 0), "nothing");
        assert_eq!(side_plane_case(&[p], &[p], 0), "nothing-one");
        // q cut, p kept on the plane itself: no crossing to add.
        assert_eq!(side_plane_case(&[p, q], &[p], 0), "cut-on");
        assert_eq!(side_plane_case(&[p, q], &[p, x], 1), "cut");
        // Every case reads as a sentence with no placeholder left.
        for what in ["none", "all", "nothing", "nothing-one", "cut-on", "cut"] {
            let text = tr!(
                "clip-side-plane",
                plane = "1".to_string(),
                end = "first",
                point = vec2(p),
                what = what,
                cut = 1,
                new = vec2(x)
            );
            assert!(
                !text.contains('—') && !text.ends_with(" ."),
                "{what}: {text}"
            );
        }
    }
}
