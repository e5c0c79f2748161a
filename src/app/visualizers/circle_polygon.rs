//! Circle against convex polygon in closed form: the circle's centre taken into the
//! polygon's frame, each edge's separation `sᵢ = nᵢ·(c − vᵢ)`, the best face, and the
//! Voronoi region of the polygon that holds the centre (face, vertex or inside), shaded
//! in the world view with the polygon's nearest point `q` and the normal `n`; then the
//! answer: distance and closest points, or depth, normal and the one contact point.

use super::trail::Trail;
use super::{num, vec2, Claim, HalfPlane, Item, Step, Visualizer};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::circle_polygon::{
    line, CirclePolygon, CirclePolygonEvent, CirclePolygonResult, FaceEdge, VoronoiRegion,
};
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::minkowski::Tolerance;
use gjk_lab_core::shapes::{Geometry, Shape};
use glam::DVec2;
use std::sync::Arc;

/// The closed-form visualiser.
pub struct CirclePolygonVisualizer;

/// What a frame's two axes are called: the narration and the picture use the same
/// names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisNames {
    /// A polygon's own axes, x' and y'.
    Primed,
    /// A box's axes, e₀ and e₁ (as box vs box's pseudo-code names them; "e0", "e1" in
    /// the view, whose font has no subscripts).
    Box,
}

impl AxisNames {
    /// The labels drawn at the axes' tips.
    pub fn labels(self) -> [&'static str; 2] {
        match self {
            AxisNames::Primed => ["x'", "y'"],
            AxisNames::Box => ["e0", "e1"],
        }
    }

    /// Claims that the narration's names of the axes are the labels drawn.
    pub fn claims(self) -> Vec<Claim> {
        self.labels()
            .map(|name| Claim::Labelled(name.into()))
            .to_vec()
    }

    /// The legend's entry for the axes.
    pub fn legend(self) -> &'static str {
        match self {
            AxisNames::Primed => "a polygon's own axes x', y'",
            AxisNames::Box => "A's box axes e0, e1",
        }
    }
}

/// What the closed form draws in the world view.
#[derive(Clone, Debug, PartialEq)]
pub enum Figure {
    /// The polygon's frame: its position and its rotated axes.
    Frame {
        /// The polygon's position (world).
        origin: DVec2,
        /// Its local x and y axes (world, unit).
        axes: [DVec2; 2],
        /// What the axes are called, in the narration and in the picture.
        names: AxisNames,
    },
    /// The circle's centre, labelled `c`.
    Centre(DVec2),
    /// Face separation: the other polygon's vertex deepest behind the face, `w`.
    Deepest(DVec2),
    /// An edge with its outward normal and the centre's separation from its line.
    Separation {
        /// First end (world).
        from: DVec2,
        /// Second end.
        to: DVec2,
        /// Unit outward normal.
        normal: DVec2,
        /// `s = n·(c − v)`.
        separation: f64,
        /// The centre (world).
        centre: DVec2,
        /// The edge of this step (highlighted and labelled) or an earlier one (faint).
        current: bool,
    },
    /// The figures of the run's earlier steps (the edges measured before, faint),
    /// drawn oldest first; one list shared by all the steps ([`Trail`]).
    Earlier(Trail<Figure>),
    /// The centre's Voronoi region of the polygon, shaded: half-planes bounding it, or
    /// (inside) the polygon's outline.
    Region {
        /// Half-planes `normal·x ≤ offset` (world); empty when inside.
        planes: Vec<HalfPlane>,
        /// The polygon's outline (world), shaded when the centre is inside.
        inside: Arc<[DVec2]>,
        /// "face region", "vertex region", "inside".
        name: &'static str,
    },
    /// The polygon's point `q` nearest the centre and the normal `n` from it.
    Nearest {
        /// `q` (world).
        point: DVec2,
        /// The centre (world).
        centre: DVec2,
        /// Unit normal from the polygon towards the centre.
        normal: DVec2,
    },
    /// Ellipse against polygon: the squashed plane, drawn about the ellipse's centre
    /// with its unit circle at radius `radius` (`√(ab)`, the ellipse's area), dashed.
    Squashed {
        /// The ellipse's centre (world).
        centre: DVec2,
        /// The radius the unit circle is drawn at.
        radius: f64,
        /// The squashed polygon as drawn (world), one copy shared by the run's steps.
        outline: Arc<[DVec2]>,
    },
    /// Ellipse against polygon: an edge, its squashed image with its normal, and the
    /// centre's squashed separation `s'` from its line (drawn times `radius`).
    SquashedEdge {
        /// The real edge (world ends).
        edge: [DVec2; 2],
        /// Its squashed image as drawn (world).
        squashed: [DVec2; 2],
        /// The squashed edge's unit outward normal (world).
        normal: DVec2,
        /// `s'`.
        separation: f64,
        /// The ellipse's centre (world).
        centre: DVec2,
        /// The radius the unit circle is drawn at.
        radius: f64,
        /// The edge of this step (highlighted and labelled) or an earlier one (faint).
        current: bool,
    },
    /// Ellipse against polygon: the squashed polygon's point `q'` nearest the centre.
    SquashedNearest {
        /// `q'` as drawn (world).
        point: DVec2,
        /// The ellipse's centre (world).
        centre: DVec2,
    },
    /// A climb of the gap of the shadows (ellipse against polygon, polygon
    /// distance): along a direction `m`, the point of the shape `m` leaves that is
    /// farthest along it, the other shape's nearest, and the two lines normal to `m`
    /// through them (the gap is the distance between the lines). In `A − B` it is the
    /// line normal to `m` through `a − b` of those points: all of `A − B` lies beyond
    /// it, `gap` from the origin.
    Gap {
        /// Unit direction from the first shape towards the second (world).
        direction: DVec2,
        /// The first shape's point farthest along `m` (world), and its label.
        from: (DVec2, &'static str),
        /// The second shape's point nearest along `m` (world), and its label ("" for
        /// none).
        to: (DVec2, &'static str),
        /// Whether `from` is on A (then `A − B` meets the line at `from − to`).
        from_is_a: bool,
    },
    /// Polygon distance: the bounding circles about the positions, dashed, and the line
    /// between the positions.
    Circles {
        /// The positions (world).
        centres: [DVec2; 2],
        /// The radii.
        radii: [f64; 2],
    },
    /// A dashed segment with a label at its middle (polygon distance's `d = b − a`).
    Segment {
        /// Start (world).
        from: DVec2,
        /// End (world).
        to: DVec2,
        /// Its label.
        label: &'static str,
    },
    /// A polygon edge the step is about, highlighted.
    Face {
        /// First end (world).
        from: DVec2,
        /// Second end.
        to: DVec2,
    },
}

impl Visualizer for CirclePolygonVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::CirclePolygon
    }

    fn intro(&self) -> String {
        tr!("cp-intro")
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let Some(machine) = CirclePolygon::for_pair(a, b) else {
            let circles = [a, b]
                .iter()
                .filter(|s| matches!(s.geometry(), Geometry::Circle(_)))
                .count();
            let text = tr!(
                "cp-not-applicable",
                a = super::shape_kind(a),
                b = super::shape_kind(b),
                circles = if circles == 2 { "yes" } else { "no" }
            );
            return vec![super::not_applicable_step(a, b, text)];
        };
        let (polygon, _) = machine.shapes();
        let mut story = Story {
            polygon,
            side: machine.polygon_side(),
            centre: DVec2::ZERO,
            radius: 0.0,
            circles_apart: false,
            seen: vec![],
            earlier: Trail::new(),
            best_separation: f64::NEG_INFINITY,
            best_index: 0,
        };
        record(machine)
            .into_iter()
            .map(|frame| story.step(frame.event, frame.state.result()))
            .collect()
    }
}

/// What the narration remembers between events.
struct Story<'s> {
    polygon: &'s Shape,
    /// Which shape is the polygon.
    side: Side,
    /// The centre (world).
    centre: DVec2,
    radius: f64,
    /// Whether the frame step found the bounding circles apart.
    circles_apart: bool,
    /// Edges measured so far, with their separations.
    seen: Vec<(FaceEdge, f64)>,
    /// The faint figures of the edges before the last one measured.
    earlier: Trail<Figure>,
    /// The best face's separation and index, once chosen.
    best_separation: f64,
    best_index: u32,
}

impl Story<'_> {
    fn step(&mut self, event: CirclePolygonEvent, result: Option<CirclePolygonResult>) -> Step {
        match event {
            CirclePolygonEvent::Frame {
                centre,
                local,
                radius,
                circles_gap,
                ..
            } => {
                self.centre = centre;
                self.radius = radius;
                self.circles_apart = circles_gap.is_some();
                self.frame_step(local, circles_gap)
            }
            CirclePolygonEvent::Separation {
                edge,
                separation,
                best,
                best_separation,
            } => {
                if let Some(&(e, s)) = self.seen.last() {
                    self.earlier = self.earlier.with(self.separation_figure(e, s, false));
                }
                self.seen.push((edge, separation));
                self.separation_step(edge, separation, best, best_separation)
            }
            CirclePolygonEvent::BestFace { edge, separation } => {
                self.best_separation = separation;
                self.best_index = edge.index;
                self.best_step(edge, separation)
            }
            CirclePolygonEvent::Region {
                region,
                t,
                centre_distance,
                normal,
                nearest,
            } => self.region_step(region, t, centre_distance, normal, nearest),
            CirclePolygonEvent::Done { .. } => match result {
                Some(r) => self.result_step(&r),
                None => Step::result(tr!("cp-ended"), line::RESULT, vec![]),
            },
        }
    }

    /// "A" or "B", the polygon's and the circle's.
    fn names(&self) -> (Side, Side) {
        (self.side, self.side.other())
    }

    fn frame_step(&self, local: DVec2, circles_gap: Option<f64>) -> Step {
        let (p, c) = self.names();
        let reach = self.polygon.bounding_radius();
        let narration = tr!(
            "cp-frame",
            p = p.to_string(),
            c = c.to_string(),
            r = num(self.radius),
            centre = vec2(self.centre),
            local = vec2(local),
            reach = num(reach),
            circles = if circles_gap.is_some() {
                "apart"
            } else {
                "overlap"
            },
            length = num(local.length()),
            sum = num(reach + self.radius),
            gap = circles_gap.map(num).unwrap_or_default()
        );
        let (title, line) = match circles_gap {
            Some(_) => (tr!("cp-title-circles-apart"), line::CIRCLES),
            None => (tr!("cp-title-frame"), line::FRAME),
        };
        let items = vec![
            Item::ClosedForm(Figure::Frame {
                origin: self.polygon.position(),
                axes: [self.polygon.rotate(DVec2::X), self.polygon.rotate(DVec2::Y)],
                names: AxisNames::Primed,
            }),
            Item::ClosedForm(Figure::Circles {
                centres: [self.polygon.position(), self.centre],
                radii: [reach, self.radius],
            }),
            Item::ClosedForm(Figure::Centre(self.centre)),
        ];
        Step::new(&title, narration, line, items)
            .claiming(vec![Claim::Labelled("c".into())])
            .claiming(AxisNames::Primed.claims())
    }

    /// The edges measured so far, faint, and the last one current.
    fn separation_items(&self) -> Vec<Item> {
        let mut items = vec![Item::ClosedForm(Figure::Earlier(self.earlier.clone()))];
        if let Some(&(e, s)) = self.seen.last() {
            items.push(self.separation_item(e, s, true));
        }
        items.push(Item::ClosedForm(Figure::Centre(self.centre)));
        items
    }

    fn separation_item(&self, e: FaceEdge, separation: f64, current: bool) -> Item {
        Item::ClosedForm(self.separation_figure(e, separation, current))
    }

    fn separation_figure(&self, e: FaceEdge, separation: f64, current: bool) -> Figure {
        Figure::Separation {
            from: e.from,
            to: e.to,
            normal: e.normal,
            separation,
            centre: self.centre,
            current,
        }
    }

    fn separation_step(&self, edge: FaceEdge, s: f64, best: u32, best_s: f64) -> Step {
        let narration = tr!(
            "cp-separation",
            i = edge.index.to_string(),
            n = vec2(edge.normal),
            s = num(s),
            side = if s > 0.0 { "front" } else { "behind" },
            running = if best == edge.index { "this" } else { "other" },
            best = best.to_string(),
            best_s = num(best_s)
        );
        let title = tr!("cp-title-separation", i = edge.index.to_string());
        Step::new(&title, narration, line::SEPARATION, self.separation_items()).claiming(vec![
            Claim::Edge {
                from: edge.from,
                to: edge.to,
            },
        ])
    }

    fn best_step(&self, edge: FaceEdge, s: f64) -> Step {
        // As the machine decides it: s exceeds r by more than the touching tolerance.
        let scale = self.polygon.bounding_radius().max(self.radius);
        let apart = s - self.radius > Tolerance::for_scale(scale).touch;
        let (apart_text, line) = if apart && self.circles_apart {
            ("circles", line::BEST)
        } else if apart {
            ("apart", line::APART)
        } else {
            ("no", line::BEST)
        };
        let narration = tr!(
            "cp-best",
            i = edge.index.to_string(),
            s = num(s),
            outside = if s > 0.0 { "yes" } else { "no" },
            below = num(-s),
            apart = apart_text,
            r = num(self.radius)
        );
        let items = vec![
            self.separation_item(edge, s, true),
            Item::ClosedForm(Figure::Centre(self.centre)),
        ];
        Step::new(&tr!("cp-title-best"), narration, line, items).claiming(vec![Claim::Edge {
            from: edge.from,
            to: edge.to,
        }])
    }

    /// Whether the walk reached the region from the best edge (edges nearly in line):
    /// "yes" (its narration then says so) or "no" (a message's selector).
    fn walked(&self, region: VoronoiRegion) -> &'static str {
        let n = self.seen.len() as u32;
        let best = self.best_index;
        let stayed = match region {
            VoronoiRegion::Inside(k) | VoronoiRegion::Face(k) => k == best,
            VoronoiRegion::Vertex(k) => k == best || k == (best + 1) % n.max(1),
        };
        if stayed {
            "no"
        } else {
            "yes"
        }
    }

    fn region_step(
        &self,
        region: VoronoiRegion,
        t: Option<f64>,
        delta: f64,
        normal: DVec2,
        nearest: DVec2,
    ) -> Step {
        let t = t.unwrap_or(0.0);
        let (title, line, narration) = match region {
            VoronoiRegion::Inside(i) => (
                tr!("cp-title-inside"),
                line::INSIDE,
                tr!(
                    "cp-region-inside",
                    walked = self.walked(region),
                    i = i.to_string(),
                    t = num(t),
                    delta = num(delta),
                    n = vec2(normal),
                    q = vec2(nearest)
                ),
            ),
            VoronoiRegion::Vertex(k) => (
                tr!("cp-title-vertex"),
                line::VERTEX,
                tr!(
                    "cp-region-vertex",
                    walked = self.walked(region),
                    needle = if self.best_separation <= 0.0 {
                        "yes"
                    } else {
                        "no"
                    },
                    t = num(t),
                    side = if t <= 0.0 { "before" } else { "past" },
                    k = k.to_string(),
                    q = vec2(nearest),
                    delta = num(delta),
                    n = vec2(normal)
                ),
            ),
            VoronoiRegion::Face(i) => (
                tr!("cp-title-face"),
                line::FACE,
                tr!(
                    "cp-region-face",
                    walked = self.walked(region),
                    i = i.to_string(),
                    t = num(t),
                    delta = num(delta),
                    n = vec2(normal),
                    q = vec2(nearest)
                ),
            ),
        };
        let items = vec![
            Item::ClosedForm(self.region_figure(region)),
            Item::ClosedForm(Figure::Nearest {
                point: nearest,
                centre: self.centre,
                normal,
            }),
            Item::ClosedForm(Figure::Centre(self.centre)),
        ];
        Step::new(&title, narration, line, items)
            .claiming(vec![
                Claim::Vector {
                    label: "n",
                    value: normal,
                },
                Claim::Labelled("q".into()),
            ])
            .answering(Checkpoint::CentreRegion)
    }

    /// The shaded region: a face's strip, a vertex's wedge, or the polygon.
    fn region_figure(&self, region: VoronoiRegion) -> Figure {
        let world: Vec<DVec2> = self
            .polygon
            .geometry()
            .polygon_vertices()
            .unwrap_or_default()
            .iter()
            .map(|&v| self.polygon.to_world(v))
            .collect();
        region_figure(world.into(), region)
    }

    fn result_step(&self, r: &CirclePolygonResult) -> Step {
        let gap = r.centre_distance - self.radius;
        let circle_is_a = r.polygon == Side::B;
        if !r.intersects {
            let narration = tr!(
                "cp-apart",
                delta = num(r.centre_distance),
                r = num(self.radius),
                gap = num(gap),
                distance = num(r.distance),
                q = vec2(r.nearest),
                on_circle = vec2(if circle_is_a { r.point_a } else { r.point_b })
            );
            let items = vec![Item::Distance {
                on_a: r.point_a,
                on_b: r.point_b,
            }];
            return Step::result(narration, line::RESULT, items);
        }
        let contact = r.contacts().iter().next();
        let contact_point = contact.map_or(DVec2::ZERO, |c| c.point);
        let narration = tr!(
            "cp-intersect",
            delta = num(r.centre_distance),
            r = num(self.radius),
            gap = num(gap),
            depth = num(r.depth),
            sign = if circle_is_a { "−n" } else { "n" },
            n = vec2(r.normal),
            contact = vec2(contact_point)
        );
        let mut items = vec![Item::Penetration {
            normal: r.normal,
            depth: r.depth,
            points: Some((r.point_a, r.point_b)),
        }];
        if let Some(c) = contact {
            items.push(Item::Contact {
                point: c.point,
                depth: c.depth,
                normal: r.normal,
            });
        }
        Step::result(narration, line::RESULT, items).claiming(vec![Claim::Separates {
            offset: r.normal * r.depth,
            parts: None,
        }])
    }
}

/// The Voronoi region of a convex polygon (world vertices, counter-clockwise) shaded:
/// a face's strip, a vertex's wedge, or the polygon itself.
pub fn region_figure(world: Arc<[DVec2]>, region: VoronoiRegion) -> Figure {
    let n = world.len().max(1);
    let at = |i: usize| world.get(i % n).copied().unwrap_or_default();
    // The half-plane `dir·(x − p) ≤ 0`.
    let behind = |p: DVec2, dir: DVec2| HalfPlane {
        normal: dir,
        offset: dir.dot(p),
    };
    match region {
        VoronoiRegion::Inside(_) => Figure::Region {
            planes: vec![],
            inside: world,
            name: "inside",
        },
        VoronoiRegion::Face(i) => {
            let (v1, v2) = (at(i as usize), at(i as usize + 1));
            let e = v2 - v1;
            let out = gjk_lab_core::geometry::perp_cw(e);
            Figure::Region {
                // In front of the edge, between the lines through its ends.
                planes: vec![behind(v1, -out), behind(v1, -e), behind(v2, e)],
                inside: Arc::new([]),
                name: "face region",
            }
        }
        VoronoiRegion::Vertex(k) => {
            let k = k as usize;
            let (prev, v, next) = (at(k + n - 1), at(k), at(k + 1));
            Figure::Region {
                // Past the end of the edge arriving at v, before the start of the
                // edge leaving it.
                planes: vec![behind(v, prev - v), behind(v, next - v)],
                inside: Arc::new([]),
                name: "vertex region",
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{Circle, ConvexPolygon, Pose};

    fn square(x: f64, y: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(x, y), 0.0),
        )
    }

    fn circle(r: f64, x: f64, y: f64) -> Shape {
        Shape::new(
            Geometry::Circle(Circle { radius: r }),
            Pose::new(DVec2::new(x, y), 0.0),
        )
    }

    fn titles(steps: &[Step]) -> Vec<&str> {
        steps.iter().map(|s| s.title.as_str()).collect()
    }

    #[test]
    fn the_first_step_compares_the_bounding_circles() {
        // The square (R = √2) and a circle of radius 0.5 at (4, 0): |c| = 4 > 1.91, the
        // circles are 2.09 apart; the distance steps go on, and the best face (s = 3)
        // does not claim the contact query stops there too.
        let far = super::super::trace(
            &CirclePolygonVisualizer,
            &square(0.0, 0.0),
            &circle(0.5, 4.0, 0.0),
        );
        assert_eq!(far[1].title, "Bounding circles apart");
        assert_eq!(far[1].line, Some(line::CIRCLES));
        assert!(
            far[1].narration.contains("2.09 apart"),
            "{}",
            far[1].narration
        );
        let best = far
            .iter()
            .find(|s| s.title == "Best face")
            .expect("a best face");
        assert_eq!(best.line, Some(line::BEST));
        assert!(best
            .narration
            .contains("as the bounding circles already showed"));
        // At (1.8, 0) the circles overlap (1.8 < 1.91), and the best face
        // (s = 0.8 > r = 0.5) shows the contact query stopping there.
        let near = super::super::trace(
            &CirclePolygonVisualizer,
            &square(0.0, 0.0),
            &circle(0.5, 1.8, 0.0),
        );
        assert_eq!(near[1].title, "Centre in the polygon's frame");
        assert_eq!(near[1].line, Some(line::FRAME));
        let best = near
            .iter()
            .find(|s| s.title == "Best face")
            .expect("a best face");
        assert_eq!(best.line, Some(line::APART));
        assert!(best.narration.contains("stops here"), "{}", best.narration);
    }

    #[test]
    fn a_centre_beyond_a_needles_tip_is_told_apart_from_one_inside() {
        // tests/robustness.rs's needle: every separation rounds to ≤ 0, but the centre
        // projects before the best edge's start. The best face may not call it inside,
        // and the region step says why it is the tip's vertex region.
        let needle = Shape::new(
            Geometry::Polygon(
                ConvexPolygon::new(&[
                    DVec2::new(32.50196078431399, 32.501960784313724),
                    DVec2::new(13372549.019607842, 13372549.019607842),
                    DVec2::new(13372549.019550206, 13372549.019607842),
                ])
                .expect("a triangle"),
            ),
            Pose::new(DVec2::new(32.5, 0.0), 32.501960756257176),
        );
        let steps =
            super::super::trace(&CirclePolygonVisualizer, &needle, &circle(32.5, 32.5, 0.0));
        let best = steps
            .iter()
            .find(|s| s.title == "Best face")
            .expect("a best face");
        assert!(
            best.narration.contains("Every separation is ≤ 0"),
            "{}",
            best.narration
        );
        assert!(best.narration.contains("unless rounding hides"));
        let region = steps
            .iter()
            .find(|s| s.title.starts_with("Region"))
            .expect("a region");
        assert_eq!(region.title, "Region: vertex");
        assert_eq!(region.line, Some(line::VERTEX));
        assert!(
            region.narration.starts_with("Not inside after all"),
            "{}",
            region.narration
        );
        // An ordinary centre inside: s ≤ 0, 0 ≤ t ≤ 1, and no such sentence.
        let inside = super::super::trace(
            &CirclePolygonVisualizer,
            &square(0.0, 0.0),
            &circle(0.5, 0.3, 0.1),
        );
        let region = inside
            .iter()
            .find(|s| s.title.starts_with("Region"))
            .expect("a region");
        assert_eq!(region.title, "Region: inside");
        assert_eq!(region.line, Some(line::INSIDE));
        assert!(
            region
                .narration
                .starts_with("s ≤ 0, and the centre projects onto edge"),
            "{}",
            region.narration
        );
    }

    #[test]
    fn a_walk_to_an_edge_nearly_in_line_is_told() {
        // tests/robustness.rs's four-gon: the centre is on edge 2, but rounding gives
        // edge 1 the larger separation and the centre projects just past its end.
        let four_gon = Shape::new(
            Geometry::Polygon(
                ConvexPolygon::new(&[
                    DVec2::new(-10.15869140625, -10.000000000000425),
                    DVec2::new(-10.000000000107859, -10.00000000000014),
                    DVec2::new(0.0, 0.0),
                    DVec2::new(1.000000000000014, 1.0),
                ])
                .expect("a polygon"),
            ),
            Pose::new(DVec2::ZERO, 0.0),
        );
        let r = 1.4627450980392157e-5;
        let steps = super::super::trace(
            &CirclePolygonVisualizer,
            &four_gon,
            &circle(r, 2.9254901960784315e-5, 2.9254901960784315e-5),
        );
        let best = steps
            .iter()
            .find(|s| s.title == "Best face")
            .expect("a best face");
        assert!(best.narration.contains("edge 1's"), "{}", best.narration);
        let region = steps
            .iter()
            .find(|s| s.title.starts_with("Region"))
            .expect("a region");
        assert!(
            region
                .narration
                .starts_with("The best edge leads only by rounding"),
            "{}",
            region.narration
        );
        assert!(region.narration.contains("edge 2"), "{}", region.narration);
    }

    #[test]
    fn a_circle_beside_a_face_goes_through_every_edge_then_the_face_region() {
        let steps = super::super::trace(
            &CirclePolygonVisualizer,
            &square(0.0, 0.0),
            &circle(0.6, 1.5, 0.2),
        );
        assert_eq!(
            titles(&steps)[1..],
            [
                "Centre in the polygon's frame",
                "Separation of edge 0",
                "Separation of edge 1",
                "Separation of edge 2",
                "Separation of edge 3",
                "Best face",
                "Region: face",
                "Result"
            ]
        );
        let last = steps.last().unwrap();
        assert!(last.narration.contains("depth 0.10"), "{}", last.narration);
        assert!(last
            .items
            .iter()
            .any(|i| matches!(i, Item::Contact { point, .. } if (*point - DVec2::new(0.9, 0.2)).length() < 1e-12)));
    }

    #[test]
    fn a_corner_shades_the_vertex_region_and_apart_gives_the_distance() {
        let steps = super::super::trace(
            &CirclePolygonVisualizer,
            &circle(0.5, 1.6, 1.8),
            &square(0.0, 0.0),
        );
        let region = &steps[steps.len() - 2];
        assert_eq!(region.title, "Region: vertex");
        assert!(region.items.iter().any(|i| matches!(
            i,
            Item::ClosedForm(Figure::Region { name: "vertex region", planes, .. }) if planes.len() == 2
        )));
        // The normal n runs from the corner (1, 1) to the centre: (0.6, 0.8).
        assert!(
            region.narration.contains("(0.60, 0.80)"),
            "{}",
            region.narration
        );
        let last = steps.last().unwrap();
        assert!(
            last.narration.contains("distance 0.50"),
            "{}",
            last.narration
        );
    }

    #[test]
    fn other_pairs_say_why_and_offer_the_algorithm_that_answers_them() {
        let steps = super::super::trace(
            &CirclePolygonVisualizer,
            &square(0.0, 0.0),
            &square(1.0, 0.0),
        );
        let last = steps.last().unwrap();
        assert!(last.narration.contains("does not apply"));
        assert!(last
            .items
            .contains(&Item::Instead(Algorithm::FaceSeparation)));
    }
}
