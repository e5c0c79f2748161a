//! Ellipse against convex polygon: the plane squashed along the ellipse's axes until
//! it is a circle (the squashed polygon drawn dashed about the ellipse's centre), each
//! edge's squashed separation `s'`, the squashed centre's region and distance `δ'`
//! (circle against polygon there); then, when apart, the climb: the separating
//! direction `m` mapped back, face checks and Newton probes, each drawn as the gap
//! between the two lines normal to `m` through the shapes' nearest points.

use super::circle_polygon::{region_figure, Figure};
use super::trail::Trail;
use super::{num, vec2, Claim, Item, Step, Visualizer};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::circle_polygon::{FaceEdge, VoronoiRegion};
use gjk_lab_core::algorithms::ellipse_polygon::{
    line, EllipsePolygon, EllipsePolygonEvent, EllipsePolygonOutcome, EllipsePolygonResult,
    FaceVerdict, Feature, PassedOver, Turn, WayOut,
};
use gjk_lab_core::algorithms::{record, Algorithm};
use gjk_lab_core::shapes::{Geometry, Shape};
use glam::DVec2;
use std::sync::Arc;

/// The squash-and-climb visualiser.
pub struct EllipsePolygonVisualizer;

impl Visualizer for EllipsePolygonVisualizer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::EllipsePolygon
    }

    fn intro(&self) -> String {
        tr!("ellipse-intro")
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let Some(machine) = EllipsePolygon::for_pair(a, b) else {
            let text = tr!(
                "ellipse-not-applicable",
                a = super::shape_kind(a),
                b = super::shape_kind(b)
            );
            return vec![super::not_applicable_step(a, b, text)];
        };
        let (polygon, ellipse) = machine.shapes();
        let Geometry::Ellipse(e) = ellipse.geometry() else {
            return vec![];
        };
        let vertices: Vec<DVec2> = polygon
            .geometry()
            .polygon_vertices()
            .unwrap_or_default()
            .iter()
            .map(|&v| polygon.to_world(v))
            .collect();
        let mut story = Story {
            side: machine.polygon_side(),
            centre: ellipse.position(),
            axis: ellipse.rotate(DVec2::X),
            axes: (e.a, e.b),
            radius: (e.a * e.b).sqrt(),
            squashed: Arc::new([]),
            machine: machine.clone(),
            vertices,
            seen: vec![],
            earlier: Trail::new(),
            floor: None,
            fell: false,
        };
        story.squashed = story.vertices.iter().map(|&v| story.drawn(v)).collect();
        record(machine)
            .into_iter()
            .map(|frame| {
                story.floor = frame.state.climb_floor();
                story.step(frame.event, frame.state.result())
            })
            .collect()
    }
}

/// What the narration remembers between events.
struct Story<'s> {
    /// Which shape is the polygon.
    side: Side,
    /// The ellipse's centre (world).
    centre: DVec2,
    /// The ellipse's x axis (world, unit).
    axis: DVec2,
    /// Its semi-axes.
    axes: (f64, f64),
    /// The radius the unit circle is drawn at, `√(ab)`.
    radius: f64,
    /// The polygon's vertices (world) and their squashed images as drawn.
    vertices: Vec<DVec2>,
    /// (One copy, shared by the steps that draw it.)
    squashed: Arc<[DVec2]>,
    machine: EllipsePolygon<'s>,
    /// Edges measured so far: the edge, its squashed separation.
    seen: Vec<(FaceEdge, f64)>,
    /// The faint figures of the edges before the last one measured.
    earlier: Trail<Figure>,
    /// The gap where the climb in the current piece began, after this event.
    floor: Option<f64>,
    /// Whether the last Newton probe fell below that gap (the next one bisects).
    fell: bool,
}

impl Story<'_> {
    fn step(&mut self, event: EllipsePolygonEvent, result: Option<EllipsePolygonResult>) -> Step {
        match event {
            EllipsePolygonEvent::Squash { .. } => self.squash_step(),
            EllipsePolygonEvent::Separation {
                edge,
                height,
                reach,
                squashed,
                best,
                best_squashed,
            } => {
                if let Some(&(e, s)) = self.seen.last() {
                    self.earlier = self.earlier.with(self.edge_figure(e, s, false));
                }
                self.seen.push((edge, squashed));
                self.separation_step(edge, (height, reach, squashed), best, best_squashed)
            }
            EllipsePolygonEvent::Region {
                region,
                t,
                squashed_distance,
                ..
            } => self.region_step(region, t, squashed_distance),
            EllipsePolygonEvent::Direction { direction, gap } => {
                self.direction_step(direction, gap)
            }
            EllipsePolygonEvent::FaceCheck {
                edge,
                ellipse_point,
                t,
                gap,
                next,
            } => self.face_step(edge, ellipse_point, t, gap, next),
            EllipsePolygonEvent::Newton {
                vertex,
                vertex_point,
                direction,
                ellipse_point,
                gap,
                slope,
                curvature_radius,
                turn,
                how,
                settled,
            } => self.newton_step(
                (vertex, vertex_point),
                direction,
                ellipse_point,
                (gap, slope, curvature_radius),
                (turn, how, settled),
            ),
            EllipsePolygonEvent::FaceWayOut {
                edge,
                ellipse_point,
                direction,
                depth,
            } => self.face_way_step(edge, ellipse_point, direction, depth),
            EllipsePolygonEvent::VertexWayOut {
                vertex,
                vertex_point,
                second,
                passed,
                boundary_point,
                direction,
                depth,
                counts,
                bound,
                probes,
                best_depth,
            } => self.vertex_way_step(
                (vertex, vertex_point, second),
                (passed, boundary_point),
                (direction, depth, counts),
                (bound, probes, best_depth),
            ),
            EllipsePolygonEvent::Done { .. } => match result {
                Some(r) => self.result_step(&r),
                None => Step::result(tr!("ellipse-ended"), line::RESULT, vec![]),
            },
        }
    }

    /// A world point as the squashed plane is drawn: about the ellipse's centre, the
    /// unit circle at radius `√(ab)`.
    fn drawn(&self, p: DVec2) -> DVec2 {
        let q = self.machine.squash_world(p);
        self.centre + (self.axis * q.x + self.axis.perp() * q.y) * self.radius
    }

    /// "A" or "B", the polygon's and the ellipse's.
    fn names(&self) -> (Side, Side) {
        (self.side, self.side.other())
    }

    fn squashed_figure(&self) -> Item {
        Item::ClosedForm(Figure::Squashed {
            centre: self.centre,
            radius: self.radius,
            outline: self.squashed.clone(),
        })
    }

    fn centre_item(&self) -> Item {
        Item::ClosedForm(Figure::Centre(self.centre))
    }

    fn squash_step(&self) -> Step {
        let (p, e) = self.names();
        let (a, b) = self.axes;
        let narration = tr!(
            "ellipse-squash",
            p = p.to_string(),
            e = e.to_string(),
            a = num(a),
            u = vec2(self.axis),
            b = num(b),
            c = vec2(self.centre),
            radius = num(self.radius)
        );
        let items = vec![self.squashed_figure(), self.centre_item()];
        Step::new(&tr!("ellipse-title-squash"), narration, line::SQUASH, items)
            .claiming(vec![Claim::Labelled("c".into())])
    }

    /// The squashed edge `i` as drawn, with its unit outward normal (world).
    fn squashed_edge(&self, i: usize) -> ([DVec2; 2], DVec2) {
        let n = self.squashed.len().max(1);
        let (from, to) = (self.squashed[i % n], self.squashed[(i + 1) % n]);
        let normal = gjk_lab_core::geometry::normalize_or(
            gjk_lab_core::geometry::perp_cw(to - from),
            DVec2::X,
        );
        ([from, to], normal)
    }

    fn edge_item(&self, edge: FaceEdge, separation: f64, current: bool) -> Item {
        Item::ClosedForm(self.edge_figure(edge, separation, current))
    }

    fn edge_figure(&self, edge: FaceEdge, separation: f64, current: bool) -> Figure {
        let (squashed, normal) = self.squashed_edge(edge.index as usize);
        Figure::SquashedEdge {
            edge: [edge.from, edge.to],
            squashed,
            normal,
            separation,
            centre: self.centre,
            radius: self.radius,
            current,
        }
    }

    fn separation_step(
        &self,
        edge: FaceEdge,
        (height, reach, s): (f64, f64, f64),
        best: u32,
        best_s: f64,
    ) -> Step {
        let i = edge.index;
        let narration = tr!(
            "ellipse-separation",
            i = i.to_string(),
            n = vec2(edge.normal),
            h = num(height),
            side = if height > 0.0 { "front" } else { "behind" },
            reach = num(reach),
            s = num(s),
            alone = if s > 1.0 { "yes" } else { "no" },
            real = num(height - reach),
            running = if best == i { "this" } else { "other" },
            best = best.to_string(),
            best_s = num(best_s)
        );
        let items = vec![
            self.squashed_figure(),
            Item::ClosedForm(Figure::Earlier(self.earlier.clone())),
            self.edge_item(edge, s, true),
            self.centre_item(),
        ];
        let title = tr!("ellipse-title-separation", i = i.to_string());
        Step::new(&title, narration, line::SEPARATION, items).claiming(vec![Claim::Edge {
            from: edge.from,
            to: edge.to,
        }])
    }

    fn region_step(&self, region: VoronoiRegion, t: Option<f64>, delta: f64) -> Step {
        let (best, best_s) = self
            .seen
            .iter()
            .fold((0, f64::NEG_INFINITY), |(bi, bs), &(e, s)| {
                if s > bs {
                    (e.index, s)
                } else {
                    (bi, bs)
                }
            });
        let t = t.unwrap_or(0.0);
        let (title, kind, k) = match region {
            VoronoiRegion::Inside(_) => (tr!("ellipse-title-inside"), "inside", String::new()),
            VoronoiRegion::Vertex(k) => (tr!("ellipse-title-vertex"), "vertex", k.to_string()),
            VoronoiRegion::Face(_) => (tr!("ellipse-title-face"), "face", String::new()),
        };
        // Edges nearly in line: the walk from the best edge reached another (see
        // ellipse_polygon's `settle_edge`).
        let n = self.seen.len().max(1) as u32;
        let stayed = match region {
            VoronoiRegion::Inside(k) | VoronoiRegion::Face(k) => k == best,
            VoronoiRegion::Vertex(k) => k == best || k == (best + 1) % n,
        };
        let narration = tr!(
            "ellipse-region",
            best = best.to_string(),
            best_s = num(best_s),
            walked = if stayed { "no" } else { "yes" },
            region = kind,
            t = num(t),
            side = if t <= 0.0 { "before" } else { "past" },
            k = k,
            delta = num(delta),
            meet = if delta <= 1.0 { "yes" } else { "no" }
        );
        let nearest = self.squashed_nearest(region, t);
        let mut items = vec![
            self.squashed_figure(),
            Item::ClosedForm(region_figure(self.squashed.clone(), region)),
        ];
        let mut claims = vec![];
        if let Some(q) = nearest {
            items.push(Item::ClosedForm(Figure::SquashedNearest {
                point: q,
                centre: self.centre,
            }));
            claims.push(Claim::Labelled("q'".into()));
        }
        items.push(self.centre_item());
        let line = if delta <= 1.0 {
            line::INTERSECT
        } else {
            line::REGION
        };
        Step::new(&title, narration, line, items).claiming(claims)
    }

    /// The squashed polygon's point nearest the centre, as drawn (none inside).
    fn squashed_nearest(&self, region: VoronoiRegion, t: f64) -> Option<DVec2> {
        let n = self.squashed.len().max(1);
        match region {
            VoronoiRegion::Inside(_) => None,
            VoronoiRegion::Vertex(k) => self.squashed.get(k as usize).copied(),
            VoronoiRegion::Face(i) => {
                let (from, to) = (
                    self.squashed[i as usize % n],
                    self.squashed[(i as usize + 1) % n],
                );
                Some(from + (to - from) * t)
            }
        }
    }

    fn gap_item(&self, direction: DVec2, e: DVec2, p: DVec2) -> Item {
        Item::ClosedForm(Figure::Gap {
            direction,
            from: (e, "e"),
            to: (p, ""),
            from_is_a: self.side == Side::B,
        })
    }

    fn direction_step(&self, m: DVec2, gap: f64) -> Step {
        let (e, p) = self.gap_points(m);
        let narration = tr!("ellipse-direction", m = vec2(m), gap = num(gap));
        let items = vec![self.gap_item(m, e, p)];
        Step::new(
            &tr!("ellipse-title-direction"),
            narration,
            line::DIRECTION,
            items,
        )
        .claiming(vec![Claim::Vector {
            label: "m",
            value: m,
        }])
    }

    /// The ellipse's point nearest the polygon along `m`, and the polygon's (world).
    fn gap_points(&self, m: DVec2) -> (DVec2, DVec2) {
        let (a, b) = self.axes;
        let (x, y) = (m.dot(self.axis), m.dot(self.axis.perp()));
        let r = DVec2::new(a * x, b * y).length();
        let e = self.centre + (self.axis * (a * a * x) + self.axis.perp() * (b * b * y)) / r;
        let p = self
            .vertices
            .iter()
            .copied()
            .min_by(|u, v| m.dot(*u).total_cmp(&m.dot(*v)))
            .unwrap_or(e);
        (e, p)
    }

    fn face_step(&self, edge: FaceEdge, e: DVec2, t: f64, gap: f64, next: FaceVerdict) -> Step {
        let i = edge.index;
        let m = -edge.normal;
        let (kind, k, line) = match next {
            FaceVerdict::Face => ("face", String::new(), line::FACE_VERDICT),
            FaceVerdict::Vertex(k) => (
                if t < 0.0 { "before" } else { "past" },
                k.to_string(),
                line::FACE_CHECK,
            ),
        };
        let narration = tr!(
            "ellipse-face-check",
            i = i.to_string(),
            m = vec2(m),
            e = vec2(e),
            t = num(t),
            gap = num(gap),
            next = kind,
            k = k
        );
        let foot = e + m * gap;
        let items = vec![
            Item::ClosedForm(Figure::Face {
                from: edge.from,
                to: edge.to,
            }),
            self.gap_item(m, e, foot),
        ];
        Step::new(
            &tr!("ellipse-title-face-check", i = i.to_string()),
            narration,
            line,
            items,
        )
        .claiming(face_and_m(edge, m))
    }

    fn newton_step(
        &mut self,
        (k, v): (u32, DVec2),
        m: DVec2,
        e: DVec2,
        (gap, slope, rho): (f64, f64, f64),
        (turn, how, settled): (f64, Turn, bool),
    ) -> Step {
        let how = match how {
            Turn::Newton => "newton",
            Turn::Bisection if self.fell => "fallback",
            Turn::Bisection => "bisection",
            Turn::PieceEnd => "end",
        };
        let floor = self.floor.unwrap_or(f64::NEG_INFINITY);
        self.fell = !settled && gap < floor;
        let newton = slope / (gap + rho);
        let next = if settled && (slope == 0.0 || newton.abs() <= 1e-7) {
            "landed"
        } else if settled {
            "bracket"
        } else if self.fell {
            "fell"
        } else if slope.abs() > 0.0 {
            "step"
        } else {
            "none"
        };
        let narration = tr!(
            "ellipse-newton",
            how = how,
            turn = sci(turn),
            m = vec2(m),
            k = k.to_string(),
            e = vec2(e),
            gap = num(gap),
            slope = sci(slope),
            rho = num(rho),
            next = next,
            newton = sci(newton),
            floor = num(floor)
        );
        let items = vec![self.gap_item(m, e, v)];
        Step::new(
            &tr!("ellipse-title-newton", k = k.to_string()),
            narration,
            line::NEWTON,
            items,
        )
        .claiming(vec![Claim::Vector {
            label: "m",
            value: m,
        }])
    }

    /// The overlap's first way out: across the face of largest real separation.
    fn face_way_step(&self, edge: FaceEdge, e: DVec2, m: DVec2, depth: f64) -> Step {
        let i = edge.index;
        let narration = tr!(
            "ellipse-face-way",
            i = i.to_string(),
            s = num(-depth),
            depth = num(depth),
            m = vec2(m),
            e = vec2(e)
        );
        // The face's point nearest the foot e − depth·m (on the face's line): every
        // point of the face is the polygon's lowest along m.
        let foot = e - m * depth;
        let along = edge.to - edge.from;
        let t = ((foot - edge.from).dot(along) / along.length_squared()).clamp(0.0, 1.0);
        let on_face = edge.from + along * t;
        let items = vec![
            Item::ClosedForm(Figure::Face {
                from: edge.from,
                to: edge.to,
            }),
            self.gap_item(m, e, on_face),
        ];
        Step::new(
            &tr!("ellipse-title-face-way", i = i.to_string()),
            narration,
            line::FACE_WAY,
            items,
        )
        .claiming(face_and_m(edge, m))
    }

    /// A way out through a vertex inside the ellipse (or inside its evolute).
    fn vertex_way_step(
        &self,
        (k, v, second): (u32, DVec2, bool),
        (passed, e): (Option<PassedOver>, Option<DVec2>),
        (m, depth, counts): (Option<DVec2>, Option<f64>, bool),
        (bound, probes, best): (f64, u32, f64),
    ) -> Step {
        let inside = self.machine.squash_world(v).length() <= 1.0;
        let inside = if inside { "yes" } else { "no" };
        let second_said = if second { "yes" } else { "no" };
        let (Some(e), Some(m), Some(depth), None) = (e, m, depth, passed) else {
            let why = match passed {
                Some(PassedOver::PieceEnd) => "end",
                Some(PassedOver::Bound) => "bound",
                _ => "quarter",
            };
            let narration = tr!(
                "ellipse-vertex-passed",
                inside = inside,
                k = k.to_string(),
                why = why,
                second = second_said,
                best = num(best),
                bound = num(bound)
            );
            let items = vec![Item::ClosedForm(Figure::Centre(v))];
            return Step::new(
                &tr!("ellipse-title-vertex-passed", k = k.to_string()),
                narration,
                line::VERTEX_WAY,
                items,
            );
        };
        let lower = if counts {
            String::new()
        } else {
            self.vertices
                .iter()
                .enumerate()
                .min_by(|p, q| m.dot(*p.1).total_cmp(&m.dot(*q.1)))
                .map_or(0, |(j, _)| j)
                .to_string()
        };
        let narration = tr!(
            "ellipse-vertex-way",
            inside = inside,
            k = k.to_string(),
            second = second_said,
            e = vec2(e),
            m = vec2(m),
            probes = probes.to_string(),
            depth = num(depth),
            counts = if counts { "yes" } else { "no" },
            best = num(best),
            lower = lower
        );
        let items = vec![self.gap_item(m, e, v)];
        let title = tr!(
            "ellipse-title-vertex-way",
            k = k.to_string(),
            second = second_said
        );
        Step::new(&title, narration, line::VERTEX_WAY, items).claiming(vec![Claim::Vector {
            label: "m",
            value: m,
        }])
    }

    /// The overlap's answer: the shortest way out.
    fn depth_step(&self, r: &EllipsePolygonResult, way: WayOut) -> Step {
        let (through, i) = match way.through {
            Feature::Face(i) => ("face", i),
            Feature::Vertex(k) => ("vertex", k),
        };
        let narration = tr!(
            "ellipse-depth",
            squashed = num(r.squashed_distance),
            depth = num(way.depth),
            through = through,
            i = i.to_string(),
            offset = vec2(way.normal * way.depth)
        );
        let points = r.penetration.map(|p| (p.point_a, p.point_b));
        let items = vec![Item::Penetration {
            normal: way.normal,
            depth: way.depth,
            points,
        }];
        Step::result(narration, line::DEPTH, items).claiming(vec![Claim::Separates {
            offset: way.normal * way.depth,
            parts: None,
        }])
    }

    fn result_step(&self, r: &EllipsePolygonResult) -> Step {
        if let EllipsePolygonOutcome::Overlapping {
            way_out: Some(way), ..
        }
        | EllipsePolygonOutcome::CentreInside {
            way_out: Some(way), ..
        } = r.outcome
        {
            return self.depth_step(r, way);
        }
        if let (EllipsePolygonOutcome::EpaAnswered { depth }, Some(p)) = (r.outcome, r.penetration)
        {
            let narration = tr!(
                "ellipse-epa",
                depth = num(depth),
                offset = vec2(p.normal * p.depth)
            );
            let items = vec![Item::Penetration {
                normal: p.normal,
                depth: p.depth,
                points: Some((p.point_a, p.point_b)),
            }];
            return Step::result(narration, line::DEPTH, items).claiming(vec![Claim::Separates {
                offset: p.normal * p.depth,
                parts: None,
            }]);
        }
        match (r.outcome, r.closest) {
            (EllipsePolygonOutcome::Separated { distance, feature }, Some((on_a, on_b))) => {
                let (on_polygon, on_ellipse) = match r.polygon {
                    Side::A => (on_a, on_b),
                    Side::B => (on_b, on_a),
                };
                let (feature, i) = match feature {
                    Feature::Face(i) => ("face", i),
                    Feature::Vertex(k) => ("vertex", k),
                };
                let narration = tr!(
                    "ellipse-apart",
                    distance = num(distance),
                    e = vec2(on_ellipse),
                    p = vec2(on_polygon),
                    feature = feature,
                    i = i.to_string()
                );
                Step::result(narration, line::RESULT, vec![Item::Distance { on_a, on_b }])
            }
            (EllipsePolygonOutcome::IterationLimit { steps }, Some((on_a, on_b))) => {
                let narration = tr!(
                    "ellipse-cap",
                    steps = steps.to_string(),
                    gap = num(r.distance)
                );
                Step::result(narration, line::RESULT, vec![Item::Distance { on_a, on_b }])
            }
            (
                EllipsePolygonOutcome::GjkAnswered {
                    climb_gap,
                    distance,
                },
                Some((on_a, on_b)),
            ) => {
                let narration = tr!(
                    "ellipse-gjk",
                    gap = num(climb_gap),
                    distance = num(distance)
                );
                Step::result(narration, line::RESULT, vec![Item::Distance { on_a, on_b }])
            }
            (EllipsePolygonOutcome::Touching { gap }, _) => {
                let narration = tr!("ellipse-touching", gap = sci(gap));
                Step::result(narration, line::RESULT, vec![Item::Overlap])
            }
            _ => {
                let narration = tr!("ellipse-intersect", squashed = num(r.squashed_distance));
                Step::result(narration, line::INTERSECT, vec![Item::Overlap])
            }
        }
    }
}

/// The claims of a step about a face and the direction `m`: the edge highlighted, the
/// arrow `m` drawn along it.
fn face_and_m(edge: FaceEdge, m: DVec2) -> Vec<Claim> {
    vec![
        Claim::Edge {
            from: edge.from,
            to: edge.to,
        },
        Claim::Vector {
            label: "m",
            value: m,
        },
    ]
}

/// A small number in scientific notation ("2.3e−5").
fn sci(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    if x.abs() >= 0.01 && x.abs() < 1e4 {
        return num(x);
    }
    format!("{x:.1e}").replace('-', "−")
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::shapes::{ConvexPolygon, Ellipse, Pose};

    fn square(x: f64, y: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(x, y), 0.0),
        )
    }

    fn ellipse(a: f64, b: f64, x: f64, y: f64, rotation: f64) -> Shape {
        Shape::new(
            Geometry::Ellipse(Ellipse { a, b }),
            Pose::new(DVec2::new(x, y), rotation),
        )
    }

    fn titles(steps: &[Step]) -> Vec<&str> {
        steps.iter().map(|s| s.title.as_str()).collect()
    }

    #[test]
    fn an_ellipse_beside_a_face_is_settled_by_one_face_check() {
        let steps = super::super::trace(
            &EllipsePolygonVisualizer,
            &square(0.0, 0.0),
            &ellipse(2.0, 0.5, 0.0, 2.0, 0.0),
        );
        assert_eq!(
            titles(&steps)[1..],
            [
                "Squash the ellipse into a circle",
                "Squashed separation of edge 0",
                "Squashed separation of edge 1",
                "Squashed separation of edge 2",
                "Squashed separation of edge 3",
                "Region: face",
                "Separating direction",
                "Face check: edge 2",
                "Result"
            ]
        );
        // The square's top at y = 1, the ellipse's bottom at 2 − 0.5.
        let last = steps.last().unwrap();
        assert!(
            last.narration.contains("distance 0.50"),
            "{}",
            last.narration
        );
    }

    #[test]
    fn an_ellipse_off_a_corner_climbs_by_newton_and_overlaps_measure_their_depth() {
        let steps = super::super::trace(
            &EllipsePolygonVisualizer,
            &ellipse(1.5, 0.4, 2.2, 2.0, 0.6),
            &square(0.0, 0.0),
        );
        assert!(titles(&steps)
            .iter()
            .any(|t| t.starts_with("Newton in vertex 2")));
        let overlapping = super::super::trace(
            &EllipsePolygonVisualizer,
            &ellipse(1.5, 0.4, 1.0, 1.0, 0.6),
            &square(0.0, 0.0),
        );
        let last = overlapping.last().unwrap();
        assert!(
            last.narration.contains("the shortest way out is"),
            "{}",
            last.narration
        );
        assert!(titles(&overlapping)
            .iter()
            .any(|t| t.starts_with("Way out across edge")));
        // The depth drawn is EPA's (another algorithm), to 1e-9.
        let (a, b) = (ellipse(1.5, 0.4, 1.0, 1.0, 0.6), square(0.0, 0.0));
        let epa = gjk_lab_core::algorithms::epa::Epa::new(&a, &b).run();
        let expected = epa.penetration.expect("they overlap").depth;
        let drawn = last.items.iter().find_map(|i| match i {
            Item::Penetration { depth, .. } => Some(*depth),
            _ => None,
        });
        assert!((drawn.expect("the depth is drawn") - expected).abs() < 1e-9);
    }
}
