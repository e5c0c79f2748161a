//! Ellipse against convex polygon: the plane squashed along the ellipse's axes until
//! it is a circle (the squashed polygon drawn dashed about the ellipse's centre), each
//! edge's squashed separation `s'`, the squashed centre's region and distance `δ'`
//! (circle against polygon there); then, when apart, the climb: the separating
//! direction `m` mapped back, face checks and Newton probes, each drawn as the gap
//! between the two lines normal to `m` through the shapes' nearest points.

use super::circle_polygon::{region_figure, Figure};
use super::trail::Trail;
use super::{num, vec2, Claim, Item, Step, Visualizer};
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
        "An ellipse is a squashed circle. Squash the plane along the ellipse's axes, x by \
         1/a and y by 1/b, and the ellipse becomes the unit circle while the polygon stays \
         a convex polygon. Squashing keeps overlaps and separating lines, so whether the \
         shapes meet is the circle's question: one loop over the edges, then the centre's \
         Voronoi region. It does not keep distances: when they are apart, the squashed \
         separating line only gives a direction m to start from, and Newton's method \
         turns m until the gap between the shapes' shadows on it is largest — that gap \
         is the distance. When they overlap, the depth is the shortest way out: across \
         a face, or through a vertex inside the ellipse to the boundary point whose \
         normal passes through it. Next ▶ takes the first step."
            .into()
    }

    fn steps(&self, a: &Shape, b: &Shape) -> Vec<Step> {
        let Some(machine) = EllipsePolygon::for_pair(a, b) else {
            let text = format!(
                "Squash and climb does not apply to a {} and a {}: it needs one ellipse \
                 and one convex polygon.",
                a.geometry().kind(),
                b.geometry().kind(),
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
        };
        story.squashed = story.vertices.iter().map(|&v| story.drawn(v)).collect();
        record(machine)
            .into_iter()
            .map(|frame| story.step(frame.event, frame.state.result()))
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
                None => Step::result("Squash and climb ended.".into(), line::RESULT, vec![]),
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
        let narration = format!(
            "{p} is the polygon, {e} the ellipse: semi-axes a = {} along its axis u = {} \
             and b = {} across it, centre c = {}. Squash the plane about c, along u by \
             1/a and across by 1/b: the ellipse becomes the unit circle, the polygon \
             another convex polygon (both dashed, drawn about c with the circle at radius \
             √(ab) = {}, the ellipse's own area). Lines stay lines and insides stay \
             insides: the squashed shapes overlap exactly when the real ones do. The work \
             is done in the polygon's frame; no squashed point is ever stored.",
            num(a),
            vec2(self.axis),
            num(b),
            vec2(self.centre),
            num(self.radius),
        );
        let items = vec![self.squashed_figure(), self.centre_item()];
        Step::new(
            "Squash the ellipse into a circle",
            narration,
            line::SQUASH,
            items,
        )
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
        let where_ = if height > 0.0 {
            "in front of"
        } else {
            "behind"
        };
        let alone = if s > 1.0 {
            format!(
                " It is more than 1: this edge's line alone separates them (its real \
                 separation s{i} = h − r = {} > 0).",
                num(height - reach)
            )
        } else {
            String::new()
        };
        let running = if best == i {
            "The best so far".to_string()
        } else {
            format!("Edge {best}'s {} is still the best", num(best_s))
        };
        let narration = format!(
            "Edge {i}, outward normal n{i} = {}: the centre is h = n{i}·(c − v{i}) = {} \
             {where_} its line, and the ellipse reaches r(n{i}) = √(a²p² + b²q²) = {} \
             along the normal (p, q: the normal's parts along the ellipse's axes). Squashed, the edge's separation from the centre is \
             s'{i} = h / r = {}, in units of the circle's radius.{alone} {running}.",
            vec2(edge.normal),
            num(height),
            num(reach),
            num(s),
        );
        let items = vec![
            self.squashed_figure(),
            Item::ClosedForm(Figure::Earlier(self.earlier.clone())),
            self.edge_item(edge, s, true),
            self.centre_item(),
        ];
        let title = format!("Squashed separation of edge {i}");
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
        let (title, place) = match region {
            VoronoiRegion::Inside(_) => (
                "Region: inside",
                "Every s' is ≤ 0: the centre is inside the polygon".to_string(),
            ),
            VoronoiRegion::Vertex(k) => (
                "Region: vertex",
                format!(
                    "The squashed centre projects on that edge at t = {} — {} it — so it \
                     lies in the Voronoi region of vertex {k} (shaded), and its distance \
                     to the squashed polygon is δ' = |q'| = {}, to that vertex",
                    num(t),
                    if t <= 0.0 {
                        "before the start of"
                    } else {
                        "past the end of"
                    },
                    num(delta)
                ),
            ),
            VoronoiRegion::Face(_) => (
                "Region: face",
                format!(
                    "The squashed centre projects on that edge at t = {}, between its \
                     ends: it lies in the edge's face region (shaded), and δ' = s' = {}",
                    num(t),
                    num(delta)
                ),
            ),
        };
        let verdict = if delta <= 1.0 {
            "δ' ≤ 1: the unit circle reaches the squashed polygon, so the ellipse reaches \
             the polygon: they intersect."
        } else {
            "δ' > 1: the squashed circle and polygon are apart, so the real shapes are \
             apart too. By how much the squashed picture cannot say: squashing shortens \
             some lengths more than others."
        };
        // Edges nearly in line: the walk from the best edge reached another (see
        // ellipse_polygon's `settle_edge`).
        let n = self.seen.len().max(1) as u32;
        let stayed = match region {
            VoronoiRegion::Inside(k) | VoronoiRegion::Face(k) => k == best,
            VoronoiRegion::Vertex(k) => k == best || k == (best + 1) % n,
        };
        let walked = if stayed {
            ""
        } else {
            "It leads only by rounding: the squashed centre is past its end but not past \
             that vertex along the neighbouring edge, nearly in line with it, so the walk \
             moves on to that edge. "
        };
        let narration = format!(
            "The largest squashed separation is edge {best}'s, s' = {}. {walked}{place}. \
             {verdict}",
            num(best_s)
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
        Step::new(title, narration, line, items).claiming(claims)
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
        let narration = format!(
            "Mapped back, the squashed line normal to q' still separates the shapes; its \
             normal becomes m = {} (normals map by 1/a and 1/b in the ellipse's axes), \
             pointing from the ellipse to the polygon. On m the two shadows are apart by \
             gap(m) = {} > 0: the distance is at least that (in A − B, the gap from the \
             origin to the dashed line normal to m that touches A − B). The distance is \
             the largest gap over all directions, and where the gap is positive it rises \
             to one peak: climb it from here.",
            vec2(m),
            num(gap)
        );
        let items = vec![self.gap_item(m, e, p)];
        Step::new("Separating direction", narration, line::DIRECTION, items).claiming(vec![
            Claim::Vector {
                label: "m",
                value: m,
            },
        ])
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
        let (verdict, line) = match next {
            FaceVerdict::Face => (
                format!(
                    "0 ≤ t ≤ 1: e faces the inside of the edge, so turning m either way \
                     lowers the gap — the face is the polygon's nearest feature, and the \
                     gap here, the face's separation s{i} = {}, is the peak.",
                    num(gap)
                ),
                line::FACE_VERDICT,
            ),
            FaceVerdict::Vertex(k) => (
                format!(
                    "t is {} the edge, so the gap still grows turning m {}, into the \
                     piece of directions where vertex {k} is the polygon's nearest point.",
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
                line::FACE_CHECK,
            ),
        };
        let narration = format!(
            "At m = −n{i} = {}, edge {i}'s normal reversed, the gap has a corner: the \
             polygon's nearest points along m are the whole edge. The ellipse's point \
             nearest the polygon is e = {}; it projects on edge {i} at t = {}, and the gap \
             is {}. {verdict}",
            vec2(m),
            vec2(e),
            num(t),
            num(gap),
        );
        let foot = e + m * gap;
        let items = vec![
            Item::ClosedForm(Figure::Face {
                from: edge.from,
                to: edge.to,
            }),
            self.gap_item(m, e, foot),
        ];
        Step::new(&format!("Face check: edge {i}"), narration, line, items)
            .claiming(face_and_m(edge, m))
    }

    fn newton_step(
        &self,
        (k, v): (u32, DVec2),
        m: DVec2,
        e: DVec2,
        (gap, slope, rho): (f64, f64, f64),
        (turn, how, settled): (f64, Turn, bool),
    ) -> Step {
        let chosen = match how {
            Turn::Newton => format!(
                "Newton's step from the last direction turned m by {} rad",
                sci(turn)
            ),
            Turn::Bisection => format!(
                "Newton's step left the bracket around the peak, so m turned by {} rad to \
                 its middle",
                sci(turn)
            ),
            Turn::PieceEnd => format!(
                "Newton's step would leave the piece, so m turned by {} rad to its end, a \
                 face normal",
                sci(turn)
            ),
        };
        let newton = slope / (gap + rho);
        let next = if settled && (slope == 0.0 || newton.abs() <= 1e-7) {
            format!(
                "Newton's next turn, gap'/(gap + ρ) = {} rad, is below 1e-7 rad: taken \
                 without another probe, it lands on the peak within about its square.",
                sci(newton)
            )
        } else if settled {
            "The bracket around the peak is below 1e-12 rad wide: the peak is here.".to_string()
        } else if slope.abs() > 0.0 {
            format!(
                "Next, Newton's step Δθ = gap'/(gap + ρ) = {} rad.",
                sci(newton)
            )
        } else {
            String::new()
        };
        let narration = format!(
            "{chosen}: m = {}. Vertex {k} is the polygon's nearest point along it, the \
             ellipse's is e = {}: gap = m·(v − c) − r(m) = {}, its slope \
             gap' = t·(v − e) = {} (t: m turned a quarter left), and the ellipse's radius of curvature at e is \
             ρ = {} (gap'' = −gap − ρ). {next}",
            vec2(m),
            vec2(e),
            num(gap),
            sci(slope),
            num(rho),
        );
        let items = vec![self.gap_item(m, e, v)];
        Step::new(
            &format!("Newton in vertex {k}'s piece"),
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
        let narration = format!(
            "They overlap, so the question becomes how deep: the shortest move of the \
             polygon that frees it. Moved along a direction m, the polygon must carry its \
             lowest point along m past the ellipse's highest, e: the depth along m is \
             m·(e − v) for the polygon's lowest vertex v, minus the gap of the shadows. \
             Along a face's reversed normal the whole face is lowest, and the move is \
             minus the face's real separation s = n·(c − v) − r(n). The largest s is edge \
             {i}'s, {}: moving the polygon by {} along m = −n{i} = {} takes the face's line \
             past e = {}, and that line then separates them. A vertex inside the ellipse \
             may have a shorter way out.",
            num(-depth),
            num(depth),
            vec2(m),
            vec2(e),
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
            &format!("Way out across edge {i}"),
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
        let place = if inside {
            format!("Vertex {k} is inside the ellipse")
        } else {
            format!(
                "Vertex {k} is outside the ellipse but inside its evolute (the curve of \
                 its centres of curvature, reaching past a long ellipse's sides)"
            )
        };
        let which = if second {
            "a second boundary point across the minor axis, where the boundary's normal \
             passes through it"
        } else {
            "its nearest boundary point"
        };
        let (Some(e), Some(m), Some(depth), None) = (e, m, depth, passed) else {
            let why = match passed {
                Some(PassedOver::PieceEnd) => format!(
                    "but searching its piece for {which}, the gap rises all the way to the \
                     piece's end, an edge's reversed normal: no boundary normal in the piece \
                     passes through the vertex, and that edge's way out is no shorter than \
                     the best edge's. The shortest way out so far: {}",
                    num(best)
                ),
                Some(PassedOver::Bound) => format!(
                    "but no boundary point is nearer to it than min(a, b)·(1 − |v'|) = {} \
                     (squashing shortens no length by more than the factor 1/min(a, b)), \
                     and the shortest way out so far is {}",
                    num(bound),
                    num(best)
                ),
                _ => format!(
                    "but the normal at {which} lies in a quarter of directions (bounded by \
                     the ellipse's axes) that misses the vertex's piece — the directions \
                     along which it is the polygon's lowest point, between its edges' \
                     reversed normals: pushed along any of those the rest of the polygon \
                     would stay inside. The shortest way out so far: {}",
                    num(best)
                ),
            };
            let narration = format!("{place}, {why}: passed over.");
            let items = vec![Item::ClosedForm(Figure::Centre(v))];
            return Step::new(
                &format!("Way out through vertex {k}: passed over"),
                narration,
                line::VERTEX_WAY,
                items,
            );
        };
        let which = if second {
            "Besides its nearest boundary point, a second one across the minor axis is \
             nearer to it than its neighbours on the boundary: it"
        } else {
            "Its nearest boundary point (searched within its piece)"
        };
        let verdict = if counts {
            format!(
                "Vertex {k} is the polygon's lowest point along m, so moving the polygon by \
                 {} along m brings it onto e, and the tangent there separates the shapes. \
                 The shortest way out so far: {}.",
                num(depth),
                num(best)
            )
        } else {
            let lower = self
                .vertices
                .iter()
                .enumerate()
                .min_by(|p, q| m.dot(*p.1).total_cmp(&m.dot(*q.1)))
                .map_or(0, |(j, _)| j);
            format!(
                "But vertex {lower}, not {k}, is the polygon's lowest point along m: that \
                 move would leave it inside, so this way out does not count. The shortest \
                 so far: {}.",
                num(best)
            )
        };
        let narration = format!(
            "{place}. {which} is e = {}, where the boundary's normal m = {} passes \
             through the vertex (found by Newton's method on the angle of m, {probes} \
             directions probed): the two lines normal to m through e and the vertex are \
             {} apart. {verdict}",
            vec2(e),
            vec2(m),
            num(depth),
        );
        let items = vec![self.gap_item(m, e, v)];
        let title = if second {
            format!("Way out through vertex {k} (second)")
        } else {
            format!("Way out through vertex {k}")
        };
        Step::new(&title, narration, line::VERTEX_WAY, items).claiming(vec![Claim::Vector {
            label: "m",
            value: m,
        }])
    }

    /// The overlap's answer: the shortest way out.
    fn depth_step(&self, r: &EllipsePolygonResult, way: WayOut) -> Step {
        let through = match way.through {
            Feature::Face(i) => format!("across edge {i}"),
            Feature::Vertex(k) => format!("through vertex {k}"),
        };
        let narration = format!(
            "They overlap (δ' = {} ≤ 1) by {}: the shortest way out is {through}. Moving \
             B by depth·n = {} separates the shapes (ghost of B).",
            num(r.squashed_distance),
            num(way.depth),
            vec2(way.normal * way.depth),
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
            let narration = format!(
                "The best face's way out failed its check (the ellipse's deepest point did \
                 not lie across the face, which only rounding allows): GJK and EPA \
                 measured the depth instead, {}. Moving B by depth·n = {} separates the \
                 shapes (ghost of B).",
                num(depth),
                vec2(p.normal * p.depth)
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
                let what = match feature {
                    Feature::Face(i) => format!("on edge {i}"),
                    Feature::Vertex(k) => format!("vertex {k}"),
                };
                let narration = format!(
                    "Apart, at distance {} = the gap at the peak. Closest points: on the \
                     ellipse e = {}, on the polygon {} ({what}).",
                    num(distance),
                    vec2(on_ellipse),
                    vec2(on_polygon),
                );
                Step::result(narration, line::RESULT, vec![Item::Distance { on_a, on_b }])
            }
            (EllipsePolygonOutcome::IterationLimit { steps }, Some((on_a, on_b))) => {
                let narration = format!(
                    "Stopped after {steps} steps, the cap: the largest gap found, {}, is \
                     the answer (a lower bound on the distance).",
                    num(r.distance)
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
                let narration = format!(
                    "The climb's gap, {}, and the distance between its two points disagree \
                     by more than 1e-10 of the size: the ellipse is too thin for \
                     directions to resolve its curve (its support point sweeps across it \
                     within less than a rounding of the angle). GJK distance, which works \
                     with points, answers: apart, at distance {}.",
                    num(climb_gap),
                    num(distance)
                );
                Step::result(narration, line::RESULT, vec![Item::Distance { on_a, on_b }])
            }
            (EllipsePolygonOutcome::Touching { gap }, _) => {
                let narration = format!(
                    "The largest gap is {}, within the touching tolerance: they touch, \
                     which counts as intersecting, at depth 0.",
                    sci(gap)
                );
                Step::result(narration, line::RESULT, vec![Item::Overlap])
            }
            _ => {
                let narration = format!(
                    "They intersect (δ' = {} ≤ 1); only whether they meet was asked, not \
                     how deep.",
                    num(r.squashed_distance)
                );
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
