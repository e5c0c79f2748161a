//! Circle against convex polygon in closed form: which Voronoi region of the polygon
//! holds the circle's centre (after Box2D's `b2CollidePolygonAndCircle`).
//!
//! A circle is its centre grown by its radius `r`, so everything about the pair follows
//! from one number: the distance `δ` from the centre `c` to the polygon (negative when
//! the centre is inside). The distance between the shapes is `δ − r`, the penetration
//! depth `r − δ`, and the normal is the direction from the polygon's nearest point to
//! the centre. No GJK, no EPA, no iteration beyond one loop over the edges.
//!
//! The centre `c` is taken into the polygon's frame once. When `|c| > R + r` (`R` the
//! polygon's radius about its position) the bounding circles are apart, and so are the
//! shapes: a yes/no or contact query stops there, the distance goes on. Each edge `i`
//! (vertex `vᵢ`, outward normal `nᵢ`) has the separation `sᵢ = nᵢ·(c − vᵢ)`; the edge
//! with the largest is the best face, and `t = (c − vᵢ)·(vᵢ₊₁ − vᵢ) / |vᵢ₊₁ − vᵢ|²`
//! says where `c` projects on it. (While `c` is past an end `v` of that edge but not
//! past `v` along `v`'s other edge, that edge takes its place, with its separation and
//! `t`: edges nearly in line, see below.) If `s ≤ 0` and `0 ≤ t ≤ 1`, `c` is inside and
//! leaves by face `i`: `δ = s`, `n = nᵢ`. If `t ≤ 0`, `c` lies in the vertex region of
//! `v = vᵢ`, if `t ≥ 1` in that of `v = vᵢ₊₁`: `δ = |c − v|`, `n = (c − v)/δ`. Else it
//! lies in the face region of edge `i`: `δ = s`, `n = nᵢ`. Then `gap = δ − r`: apart
//! when positive, else the depth is `−gap`; the polygon's nearest point is
//! `q = c − δ·n`, the circle's `p = c − r·n`. The pseudo-code the app shows beside the
//! steps is [`PSEUDO_CODE`]; [`line`](mod@line) names the lines the events execute.
//!
//! Why the best face is enough. Every `sᵢ` is at most the centre's distance to the
//! polygon (the polygon lies behind each edge's line), and the nearest point of the
//! polygon lies on the face, or at a vertex of the faces, with the largest `sᵢ`: if
//! it is inside an edge, that edge's `sᵢ` *is* the distance; if it is a vertex `v`, the
//! centre lies in `v`'s normal cone, between the normals of its two edges, and those
//! two edges' separations `n·(c − v)` beat every other edge's. For a centre inside,
//! `−sᵢ` is its depth below edge `i`'s line, and the nearest way out is the edge with
//! the smallest depth, the largest `sᵢ`.
//!
//! Why the walk. Vertex `v`'s Voronoi region is the points past `v` along both of its
//! edges. With exact numbers a centre past an end of the best edge is past it along
//! the other edge too, and the walk never moves. With rounded ones, where two edges
//! are nearly in line (normals 1e-12 apart), rounding picks either as the best face,
//! and a centre beside their common vertex may project past the end of the one picked
//! but onto the other: that one holds its nearest point. And a centre may have every
//! `s ≤ 0` and still be outside: two edges meeting at a needle's tip at an angle of
//! 1e-12 have lines that stay within rounding of each other far beyond the tip, and a
//! centre 46 units out measures `s ≤ 0` from both. It projects past the tip along both
//! edges: the tip's vertex region, as it is, not "inside". (Box2D's
//! `b2CollidePolygonAndCircle` takes such a centre for a deep contact.)
//!
//! The first test comes from face separation: the polygon lies in the circle
//! about its position through its farthest vertex, so when that circle and the circle
//! itself are apart, so are the shapes — nothing else is needed to say "no contact".
//!
//! The same formulas answer all four queries: intersects (`gap ≤ touch`), distance and
//! closest points (`q`, `p`), penetration (depth and the normal from A towards B) and
//! the contact manifold (one point, the circle's deepest, `p`). When the circle is A
//! and the polygon B, the normal from A towards B is `−n`.
//!
//! The work is done in the polygon's frame, relative to its position: a pair far from
//! the origin keeps its precision, and the loop is plain dot products.

use super::answer::{Contact, Contacts, Penetration, Side};
use super::distance::{DistanceOutcome, DistanceResult};
use super::epa::EpaOutcome;
use super::simplex::Simplex;
use super::{Progress, StepMachine};
use crate::geometry::length_and_direction;
use crate::minkowski::{SupportPoint, Tolerance};
use crate::shapes::{ConvexPolygon, Geometry, Shape};
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// The closed form's pseudo-code, as the app shows it beside the steps, one line
    /// per entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute. The best face
    /// ([`CirclePolygonEvent::BestFace`]) executes [`APART`](line::APART) when it
    /// first shows the shapes apart (its separation exceeds the radius, and the
    /// bounding circles did not show it), else [`BEST`](line::BEST).
    pub mod line;
    FRAME: "c ← the circle's centre in the polygon's frame",
    CIRCLES: "if |c| > R + r: circles apart; contacts: none",
    SEPARATION: "for each edge i:  s[i] ← n[i]·(c − v[i])",
    BEST: "best ← the edge i with the largest s[i]",
    APART: "if s > r: apart (δ ≥ s); contacts stop here: none",
    _: "t ← where c projects on the best edge (0..1)",
    _: "while c is past an end v of it but not past v",
    _: "    along v's other edge: best ← that edge",
    INSIDE: "if s ≤ 0 and 0 ≤ t ≤ 1: inside; δ ← s, n ← n[i]",
    VERTEX: "if t ≤ 0 or t ≥ 1: vertex region of its end v:",
    _: "    δ ← |c − v|,  n ← (c − v)/δ",
    FACE: "else: face region; δ ← s, n ← n[i]",
    RESULT: "gap ← δ − r: apart if gap > 0, else depth −gap",
}

/// Most edges the loop visits; a polygon with more ends with
/// [`CirclePolygonOutcome::IterationLimit`], answered from the edges seen.
pub const MAX_EDGES: usize = 1 << 20;

/// Which Voronoi region of the polygon holds the circle's centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "region", content = "index", rename_all = "snake_case")]
pub enum VoronoiRegion {
    /// Outside, beside edge `i` (the centre projects onto it): the normal is the edge's.
    Face(u32),
    /// Outside, nearest to vertex `i`: the normal runs from the vertex to the centre.
    Vertex(u32),
    /// Inside (or on the boundary); the nearest way out is across edge `i`.
    Inside(u32),
}

/// One visible step of the closed form.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CirclePolygonEvent {
    /// The circle's centre, taken into the polygon's frame once.
    Frame {
        /// Which shape is the polygon.
        polygon: Side,
        /// The centre (world).
        centre: DVec2,
        /// The centre in the polygon's frame.
        local: DVec2,
        /// The circle's radius.
        radius: f64,
        /// When the circle and the polygon's bounding circle (about its position,
        /// through its farthest vertex) are apart by more than the touching tolerance,
        /// the gap between them: the shapes are apart, and a yes/no or contact query
        /// stops here (the steps after it measure the distance).
        circles_gap: Option<f64>,
    },
    /// One edge's separation `sᵢ = nᵢ·(c − vᵢ)`.
    Separation {
        /// The edge (from vertex `index` to `index + 1`).
        edge: FaceEdge,
        /// `sᵢ`: how far the centre lies in front of the edge's line (negative: behind).
        separation: f64,
        /// The best edge so far (after this one).
        best: u32,
        /// Its separation.
        best_separation: f64,
    },
    /// The edge with the largest separation.
    BestFace {
        /// The edge.
        edge: FaceEdge,
        /// Its separation.
        separation: f64,
    },
    /// Which region holds the centre.
    Region {
        /// The region.
        region: VoronoiRegion,
        /// Where the centre projects on the best edge's line, `t` (0 at its first
        /// vertex, 1 at its second); always present (an `Option` because the field
        /// was `null` for a centre inside before that case checked it too).
        t: Option<f64>,
        /// The centre's signed distance to the polygon, `δ` (negative inside).
        centre_distance: f64,
        /// The unit normal from the polygon towards the centre (world).
        normal: DVec2,
        /// The polygon's point nearest the centre, `q = c − δ·n` (world).
        nearest: DVec2,
    },
    /// The end, with its reason.
    Done {
        /// How it ended.
        outcome: CirclePolygonOutcome,
    },
}

/// A polygon edge in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FaceEdge {
    /// The edge, from vertex `index` to vertex `index + 1`.
    pub index: u32,
    /// First end (world).
    pub from: DVec2,
    /// Second end (world).
    pub to: DVec2,
    /// Unit outward normal (world).
    pub normal: DVec2,
}

impl FaceEdge {
    /// Edge `i` of `polygon`, placed by `shape`, in world coordinates.
    pub fn of(shape: &Shape, polygon: &ConvexPolygon, i: usize) -> FaceEdge {
        let n = polygon.vertices().len();
        FaceEdge {
            index: i as u32,
            from: shape.to_world(polygon.vertex(i)),
            to: shape.to_world(polygon.vertex((i + 1) % n)),
            normal: shape.rotate(polygon.normal(i)),
        }
    }
}

/// How the closed form ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum CirclePolygonOutcome {
    /// The circle is apart from the polygon by `distance`.
    Separated {
        /// The distance.
        distance: f64,
        /// The centre's region.
        region: VoronoiRegion,
    },
    /// The circle reaches the polygon within the touching tolerance (depth 0).
    Touching {
        /// The gap `δ − r` (between 0 and the touching tolerance).
        gap: f64,
        /// The centre's region.
        region: VoronoiRegion,
    },
    /// The circle overlaps the polygon by `depth`, its centre outside (or on the
    /// boundary).
    Overlapping {
        /// The depth `r − δ`.
        depth: f64,
        /// The centre's region.
        region: VoronoiRegion,
    },
    /// The centre is strictly inside the polygon: depth `r − s`, out across `face`.
    CentreInside {
        /// The depth.
        depth: f64,
        /// The edge of the nearest way out.
        face: u32,
    },
    /// The polygon has more than [`MAX_EDGES`] edges: answered from the first ones.
    IterationLimit {
        /// Edges visited.
        edges: usize,
    },
}

/// What the closed form found.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CirclePolygonResult {
    /// Whether the shapes intersect (touching counts).
    pub intersects: bool,
    /// Distance between the shapes (0 when they intersect).
    pub distance: f64,
    /// Penetration depth (0 when apart or touching; never negative).
    pub depth: f64,
    /// Unit normal from A towards B (when apart: the direction from A's closest point
    /// to B's).
    pub normal: DVec2,
    /// A's closest point (apart) or deepest point inside B (world).
    pub point_a: DVec2,
    /// B's closest point (apart) or deepest point inside A (world);
    /// `point_a − point_b = depth·normal` when they intersect.
    pub point_b: DVec2,
    /// The region of the centre.
    pub region: VoronoiRegion,
    /// The centre's signed distance to the polygon, `δ`.
    pub centre_distance: f64,
    /// The polygon's point nearest the centre (world).
    pub nearest: DVec2,
    /// Which shape is the polygon.
    pub polygon: Side,
    /// The circle's centre (world).
    pub centre: DVec2,
    /// How it ended.
    pub outcome: CirclePolygonOutcome,
    /// Edges visited.
    pub edges: usize,
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Frame,
    Scan,
    Best,
    Region,
    Finish,
    Done,
}

/// The closed form as a step machine.
#[derive(Clone, Debug)]
pub struct CirclePolygon<'s> {
    polygon_shape: &'s Shape,
    polygon: &'s ConvexPolygon,
    circle_shape: &'s Shape,
    radius: f64,
    /// Which shape is the polygon.
    polygon_side: Side,
    /// The centre in the polygon's frame.
    centre: DVec2,
    /// Whether the circle and the polygon's bounding circle are apart.
    circles_apart: bool,
    tolerance: Tolerance,
    /// The next edge to measure.
    next: usize,
    /// The best edge so far and its separation.
    best: (usize, f64),
    /// The region, its `t`, `δ` and the local normal and nearest point.
    region: Option<(VoronoiRegion, Option<f64>, f64, DVec2, DVec2)>,
    phase: Phase,
    result: Option<CirclePolygonResult>,
}

impl<'s> CirclePolygon<'s> {
    /// The closed form for a circle and a convex polygon, either way round; `None` for
    /// any other pair.
    #[inline(always)]
    pub fn for_pair(a: &'s Shape, b: &'s Shape) -> Option<Self> {
        let (polygon_shape, circle_shape, polygon_side) = match (a.geometry(), b.geometry()) {
            (Geometry::Polygon(_), Geometry::Circle(_)) => (a, b, Side::A),
            (Geometry::Circle(_), Geometry::Polygon(_)) => (b, a, Side::B),
            _ => return None,
        };
        let Geometry::Polygon(polygon) = polygon_shape.geometry() else {
            return None;
        };
        Some(CirclePolygon {
            polygon_shape,
            polygon,
            circle_shape,
            radius: circle_shape.radius(),
            polygon_side,
            centre: DVec2::ZERO,
            circles_apart: false,
            tolerance: Tolerance::for_scale(a.bounding_radius().max(b.bounding_radius())),
            next: 0,
            best: (0, f64::NEG_INFINITY),
            region: None,
            phase: Phase::Frame,
            result: None,
        })
    }

    /// Runs to the end and returns the result (the fast path).
    #[inline(always)]
    pub fn run(mut self) -> CirclePolygonResult {
        super::run_to_end(&mut self);
        self.result.expect("a finished closed form has a result")
    }

    /// The steps in their order up to the first that proves the shapes apart: the
    /// frame step when the bounding circles are apart, or the scan when the best
    /// face's separation is larger than the radius — the centre is then at least that
    /// far from the polygon (`δ ≥ s`: a face's separation is a lower bound on the
    /// distance), so the shapes are apart whatever the region. `false` when one does;
    /// then the rest of the run only measures the distance, which a yes/no, a depth or
    /// a contact query does not need.
    #[inline(always)]
    fn overlap_possible(&mut self) -> bool {
        if !matches!(self.phase, Phase::Frame) {
            return true;
        }
        let _ = self.frame(false);
        if self.circles_apart {
            return false;
        }
        let _ = self.scan(false);
        self.best.1 - self.radius <= self.tolerance.touch
    }

    /// The contact manifold only (see [`CirclePolygonResult::contacts`]), stopping
    /// as soon as a step proves the shapes apart (see `overlap_possible`).
    #[inline(always)]
    pub fn contacts(mut self) -> Contacts {
        if !self.overlap_possible() {
            return Contacts::default();
        }
        self.run().contacts()
    }

    /// Whether the shapes intersect (touching counts), stopping as soon as a step
    /// proves them apart.
    #[inline(always)]
    pub fn intersects(mut self) -> bool {
        self.overlap_possible() && self.run().intersects
    }

    /// The penetration depth and normal (see [`CirclePolygonResult::penetration`]),
    /// `None` as soon as a step proves the shapes apart.
    #[inline(always)]
    pub fn penetration(mut self) -> Option<Penetration> {
        if !self.overlap_possible() {
            return None;
        }
        self.run().penetration()
    }

    /// The result, once ended.
    pub fn result(&self) -> Option<CirclePolygonResult> {
        self.result
    }

    /// Which shape is the polygon.
    pub fn polygon_side(&self) -> Side {
        self.polygon_side
    }

    /// The polygon shape and the circle shape.
    pub fn shapes(&self) -> (&'s Shape, &'s Shape) {
        (self.polygon_shape, self.circle_shape)
    }

    /// Edge `i` of the polygon in world coordinates.
    pub fn edge(&self, i: usize) -> FaceEdge {
        FaceEdge::of(self.polygon_shape, self.polygon, i)
    }

    /// Step 1: the centre into the polygon's frame, `c = R⁻¹(c_world − p)`, and the
    /// bounding circles: the polygon lies in the circle about its position through
    /// its farthest vertex (radius `R`), so `|c| > R + r` (plus the touching
    /// tolerance; compared squared, no square root) holds the shapes apart.
    #[inline(always)]
    fn frame(&mut self, watch: bool) -> Option<CirclePolygonEvent> {
        let offset = self.circle_shape.position() - self.polygon_shape.position();
        self.centre = self.polygon_shape.unrotate(offset);
        let reach = self.polygon.bounding_radius() + self.radius + self.tolerance.touch;
        self.circles_apart = self.centre.length_squared() > reach * reach;
        self.phase = Phase::Scan;
        watch.then(|| CirclePolygonEvent::Frame {
            polygon: self.polygon_side,
            centre: self.circle_shape.position(),
            local: self.centre,
            radius: self.radius,
            circles_gap: self
                .circles_apart
                .then(|| self.centre.length() - (self.polygon.bounding_radius() + self.radius)),
        })
    }

    /// Step 2: edge separations. Watched, one edge per step; not watched, the whole
    /// loop at once. Ties keep the lower index.
    #[inline(always)]
    fn scan(&mut self, watch: bool) -> Option<CirclePolygonEvent> {
        let vertices = self.polygon.vertices();
        let normals = self.polygon.normals();
        let end = vertices.len().min(MAX_EDGES);
        let last = if watch { (self.next + 1).min(end) } else { end };
        let (mut best, mut best_s) = self.best;
        for i in self.next..last {
            // sᵢ = nᵢ·(c − vᵢ)
            let s = normals[i].dot(self.centre - vertices[i]);
            if s > best_s {
                best = i;
                best_s = s;
            }
        }
        let measured = self.next;
        self.best = (best, best_s);
        self.next = last;
        if self.next >= end {
            self.phase = Phase::Best;
        }
        watch.then(|| CirclePolygonEvent::Separation {
            edge: self.edge(measured),
            separation: normals[measured].dot(self.centre - vertices[measured]),
            best: best as u32,
            best_separation: best_s,
        })
    }

    /// Step 3: the best face.
    #[inline(always)]
    fn best_face(&mut self, watch: bool) -> Option<CirclePolygonEvent> {
        self.phase = Phase::Region;
        watch.then(|| CirclePolygonEvent::BestFace {
            edge: self.edge(self.best.0),
            separation: self.best.1,
        })
    }

    /// Step 4: which region holds the centre (see the module notes).
    #[inline(always)]
    fn region_step(&mut self, watch: bool) -> Option<CirclePolygonEvent> {
        let (i, s, t) = self.settle_edge(self.best.0, self.best.1);
        let vertices = self.polygon.vertices();
        let j = self.polygon.next_index(i);
        let (v1, v2) = (vertices[i], vertices[j]);
        let c = self.centre;
        let face = self.polygon.normals()[i];
        let (region, t, delta, n) = if s <= 0.0 && (0.0..=1.0).contains(&t) {
            (VoronoiRegion::Inside(i as u32), Some(t), s, face)
        } else {
            // A centre with s ≤ 0 lands here only past a needle's tip (module notes).
            let vertex = |k: usize, v: DVec2| {
                let d = c - v;
                // |c − v| ≥ s. Near the smallest numbers (a centre 1e-158 from the
                // vertex) |c − v|² is subnormal and glam's `length` loses digits, so
                // both come from the scaled forms; when rounding made c − v zero, the
                // face's normal stands.
                if let Some((len, n)) = length_and_direction(d).filter(|(len, _)| len.is_finite()) {
                    (VoronoiRegion::Vertex(k as u32), Some(t), len, n)
                } else {
                    (VoronoiRegion::Face(i as u32), Some(t), s, face)
                }
            };
            if t <= 0.0 {
                vertex(i, v1)
            } else if t >= 1.0 {
                vertex(j, v2)
            } else {
                (VoronoiRegion::Face(i as u32), Some(t), s, face)
            }
        };
        // q = c − δ·n: the polygon's point nearest the centre.
        let nearest = c - n * delta;
        self.region = Some((region, t, delta, n, nearest));
        self.phase = Phase::Finish;
        watch.then(|| CirclePolygonEvent::Region {
            region,
            t,
            centre_distance: delta,
            normal: self.polygon_shape.rotate(n),
            nearest: self.polygon_shape.to_world(nearest),
        })
    }

    /// `t = (c − vᵢ)·e / |e|²`, `e = vᵢ₊₁ − vᵢ`: where the centre projects on edge `i`'s
    /// line (0 at its first vertex, 1 at its second).
    #[inline(always)]
    fn projection(&self, i: usize) -> f64 {
        let vertices = self.polygon.vertices();
        let v = vertices[i];
        let e = vertices[self.polygon.next_index(i)] - v;
        (self.centre - v).dot(e) / e.length_squared()
    }

    /// The edge whose region holds the centre, from the best edge `i` (separation `s`):
    /// while the centre is past an end `v` of the edge but not past `v` along `v`'s
    /// other edge (nearly in line with it), that other edge (module notes). Returns the
    /// edge, its separation and `t`; at most one step per edge, in one direction.
    #[inline(always)]
    fn settle_edge(&self, mut i: usize, mut s: f64) -> (usize, f64, f64) {
        let (vertices, c) = (self.polygon.vertices(), self.centre);
        let mut t = self.projection(i);
        let backwards = t < 0.0;
        for _ in 1..vertices.len().min(MAX_EDGES) {
            let other = if backwards && t < 0.0 {
                // Before vᵢ; the other edge runs from vₕ to vᵢ: not past vᵢ along it?
                let h = self.polygon.prev_index(i);
                ((c - vertices[i]).dot(vertices[i] - vertices[h]) <= 0.0).then_some(h)
            } else if !backwards && t > 1.0 {
                // After vⱼ; the other edge runs from vⱼ to vₖ: not before vⱼ along it?
                let j = self.polygon.next_index(i);
                let k = self.polygon.next_index(j);
                ((c - vertices[j]).dot(vertices[k] - vertices[j]) >= 0.0).then_some(j)
            } else {
                None
            };
            let Some(k) = other else { break };
            i = k;
            s = self.polygon.normals()[k].dot(c - vertices[k]);
            t = self.projection(k);
        }
        (i, s, t)
    }

    /// Step 5: the answer, in world coordinates and A/B terms.
    #[inline(always)]
    fn finish(&mut self, watch: bool) -> Option<CirclePolygonEvent> {
        let (region, _, delta, n_local, nearest_local) =
            self.region.expect("the region is found before the end");
        let r = self.radius;
        let n = self.polygon_shape.rotate(n_local);
        let centre = self.circle_shape.position();
        let nearest = self.polygon_shape.to_world(nearest_local);
        // p = c − r·n: the circle's point nearest the polygon (its deepest when they
        // overlap).
        let on_circle = centre - n * r;
        let gap = delta - r;
        let intersects = gap <= self.tolerance.touch;
        let depth = (-gap).max(0.0);
        let edges = self.next;
        let outcome = if self.polygon.vertices().len() > MAX_EDGES {
            CirclePolygonOutcome::IterationLimit { edges }
        } else if !intersects {
            CirclePolygonOutcome::Separated {
                distance: gap,
                region,
            }
        } else if delta < 0.0 {
            CirclePolygonOutcome::CentreInside {
                depth,
                face: match region {
                    VoronoiRegion::Inside(i) => i,
                    _ => self.best.0 as u32,
                },
            }
        } else if gap > 0.0 {
            CirclePolygonOutcome::Touching { gap, region }
        } else {
            CirclePolygonOutcome::Overlapping { depth, region }
        };
        let (normal, point_a, point_b) = match self.polygon_side {
            Side::A => (n, nearest, on_circle),
            Side::B => (-n, on_circle, nearest),
        };
        self.result = Some(CirclePolygonResult {
            intersects,
            distance: if intersects { 0.0 } else { gap },
            depth,
            normal,
            point_a,
            point_b,
            region,
            centre_distance: delta,
            nearest,
            polygon: self.polygon_side,
            centre,
            outcome,
            edges,
        });
        self.phase = Phase::Done;
        watch.then(|| CirclePolygonEvent::Done { outcome })
    }
}

impl StepMachine for CirclePolygon<'_> {
    type Event = CirclePolygonEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<CirclePolygonEvent> {
        if !watch {
            if let Phase::Frame = self.phase {
                // Nobody watches: the same five steps, in one call, in their order.
                self.frame(false);
                self.scan(false);
                self.best_face(false);
                self.region_step(false);
                self.finish(false);
                return Progress::Stepped(None);
            }
        }
        let event = match self.phase {
            Phase::Frame => self.frame(watch),
            Phase::Scan => self.scan(watch),
            Phase::Best => self.best_face(watch),
            Phase::Region => self.region_step(watch),
            Phase::Finish => self.finish(watch),
            Phase::Done => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}

impl CirclePolygonResult {
    /// The penetration (depth and normal from A towards B), when they intersect.
    #[inline(always)]
    pub fn penetration(&self) -> Option<Penetration> {
        self.intersects.then_some(Penetration {
            depth: self.depth,
            normal: self.normal,
            point_a: self.point_a,
            point_b: self.point_b,
        })
    }

    /// The contact manifold: one point, the circle's deepest (as clipping gives for a
    /// curved shape), with the depth; none when apart.
    #[inline(always)]
    pub fn contacts(&self) -> Contacts {
        if !self.intersects {
            return Contacts::default();
        }
        let point = match self.polygon {
            Side::A => self.point_b,
            Side::B => self.point_a,
        };
        Contacts::one(Contact {
            point,
            depth: self.depth,
        })
    }

    /// The cores' closest points, polygon point and centre, as A's and B's.
    fn cores(&self) -> (DVec2, DVec2) {
        match self.polygon {
            Side::A => (self.nearest, self.centre),
            Side::B => (self.centre, self.nearest),
        }
    }

    /// How GJK distance would name this ending (the `gjk` outcome of `gjk-lab query`):
    /// apart: converged; centre outside the polygon: the cores are within the radius;
    /// centre inside: the core difference encloses the origin; on the boundary: the
    /// origin is on it.
    pub fn distance_outcome(&self) -> DistanceOutcome {
        if !self.intersects {
            DistanceOutcome::Converged {
                distance: self.distance,
            }
        } else if self.centre_distance > 0.0 {
            DistanceOutcome::WithinRadius {
                core_distance: self.centre_distance,
            }
        } else if self.centre_distance < 0.0 {
            DistanceOutcome::OriginEnclosed
        } else {
            DistanceOutcome::OriginOnSimplex { distance: 0.0 }
        }
    }

    /// How EPA would name this ending (the `epa` outcome of `gjk-lab query`): only the
    /// rounded part overlaps when the centre is outside, else the depth is the cores'
    /// depth plus the radius.
    pub fn epa_outcome(&self) -> Option<EpaOutcome> {
        let (depth, normal) = (self.depth, self.normal);
        self.intersects.then_some(if self.centre_distance > 0.0 {
            EpaOutcome::WithinRadius { depth, normal }
        } else {
            EpaOutcome::Converged { depth, normal }
        })
    }

    /// The answer as GJK distance gives it: the final "simplex" is the one pair of core
    /// points, the polygon's point nearest the centre and the centre.
    pub fn distance_result(&self) -> DistanceResult {
        let (a, b) = self.cores();
        let vertex = match self.region {
            VoronoiRegion::Vertex(i) => Some(i),
            _ => None,
        };
        let (vertex_a, vertex_b) = match self.polygon {
            Side::A => (vertex, None),
            Side::B => (None, vertex),
        };
        let point = SupportPoint {
            p: a - b,
            a,
            b,
            vertex_a,
            vertex_b,
        };
        DistanceResult {
            intersects: self.intersects,
            distance: self.distance,
            closest: (!self.intersects).then_some((self.point_a, self.point_b)),
            outcome: self.distance_outcome(),
            iterations: self.edges,
            simplex: Simplex::from_points(&[point]),
            core_closest: a - b,
            refined_normal: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::record;
    use crate::shapes::{Circle, Pose};

    fn square(x: f64, y: f64, rotation: f64) -> Shape {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::new(DVec2::new(x, y), rotation),
        )
    }

    fn circle(r: f64, x: f64, y: f64) -> Shape {
        Shape::new(
            Geometry::Circle(Circle { radius: r }),
            Pose::new(DVec2::new(x, y), 0.0),
        )
    }

    #[test]
    fn only_circle_polygon_pairs_are_taken() {
        let (s, c) = (square(0.0, 0.0, 0.0), circle(1.0, 3.0, 0.0));
        assert!(CirclePolygon::for_pair(&s, &c).is_some());
        assert!(CirclePolygon::for_pair(&c, &s).is_some());
        assert!(CirclePolygon::for_pair(&s, &s).is_none());
        assert!(CirclePolygon::for_pair(&c, &c).is_none());
    }

    #[test]
    fn watched_and_unwatched_runs_give_the_same_result() {
        let (s, c) = (square(0.3, -0.2, 0.4), circle(0.7, 1.9, 0.8));
        let fast = CirclePolygon::for_pair(&s, &c).unwrap().run();
        let frames = record(CirclePolygon::for_pair(&s, &c).unwrap());
        // Frame, 4 edges, best face, region, done.
        assert_eq!(frames.len(), 8);
        assert_eq!(frames.last().unwrap().state.result(), Some(fast));
    }
}
