//! Shapes — convex polygon, circle, ellipse, capsule, rounded polygon, and concave
//! polygon split into convex parts — and their *support function*.
//!
//! The support point of a convex shape in direction `d` is its farthest point along
//! `d`: `s(d) = argmax_{x ∈ shape} x·d`. GJK, EPA and the Minkowski difference only
//! ever ask a shape this one question, which is why one trait, [`Support`], is enough.
//!
//! A geometry ([`ConvexPolygon`], [`Circle`], [`Ellipse`], [`Capsule`],
//! [`RoundedPolygon`]) lives in its own local frame;
//! a [`Shape`] places it in the world with a [`Pose`]. `Shape::support` answers with a
//! point *relative to the shape's position* (world axes): the Minkowski difference
//! subtracts the two positions once, so shapes far from the world origin (1e6) keep
//! their precision.
//!
//! **A core plus a radius** (Box2D's round shapes). A circle is its centre grown by its
//! radius, a capsule its segment grown by its radius, a rounded polygon its polygon
//! grown by its radius: [`Geometry::core_support`] answers for the core and
//! [`Geometry::radius`] gives the radius, which GJK and EPA add at the end.

mod capsule;
mod circle;
mod concave;
mod ellipse;
mod polygon;
mod rounded;
mod world;

pub use capsule::{Capsule, CapsuleError};
pub use circle::Circle;
pub use concave::{ConcavePolygon, MAX_VERTICES};
pub use ellipse::Ellipse;
pub(crate) use polygon::first_max;
pub use polygon::{ConvexPolygon, Obb, PolygonError};
pub use rounded::RoundedPolygon;
pub use world::WorldShape;

use glam::DVec2;
use serde::Serialize;
use std::borrow::Borrow;

/// A support point and, for polygons, the index of the vertex it came from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SupportVertex {
    /// The farthest point along the direction.
    pub point: DVec2,
    /// Index of the polygon vertex that is the support point (`None` for curved shapes).
    pub vertex: Option<u32>,
}

/// The one question GJK and EPA ask a shape: its farthest point along a direction.
pub trait Support {
    /// Farthest point along `direction` (which need not be unit length; a zero
    /// direction gives some boundary point, never a NaN).
    fn support(&self, direction: DVec2) -> SupportVertex;
}

/// Where a shape is: the position of its local origin and its rotation (radians,
/// counter-clockwise).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Pose {
    /// World position of the shape's local origin.
    pub position: DVec2,
    /// Rotation in radians, counter-clockwise.
    pub rotation: f64,
}

impl Pose {
    /// A pose from a position and a rotation in radians.
    pub fn new(position: DVec2, rotation: f64) -> Self {
        Pose { position, rotation }
    }
}

/// Axis-aligned bounding box.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Aabb {
    /// Lower-left corner.
    pub min: DVec2,
    /// Upper-right corner.
    pub max: DVec2,
}

impl Aabb {
    /// Whether two boxes overlap or touch.
    pub fn overlaps(&self, other: &Aabb) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    /// Whether the point lies inside or on the box.
    #[inline(always)]
    pub fn contains(&self, p: DVec2) -> bool {
        p.cmpge(self.min).all() && p.cmple(self.max).all()
    }
}

/// The geometry of a shape in its local frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Geometry {
    /// A convex polygon, counter-clockwise.
    Polygon(ConvexPolygon),
    /// A circle centred on the local origin.
    Circle(Circle),
    /// An ellipse centred on the local origin, semi-axis `a` along local x, `b` along local y.
    Ellipse(Ellipse),
    /// A simple polygon that is not convex, split into convex parts. Its support
    /// function is its convex hull's; queries go part by part ([`crate::query::compound`]).
    Concave(ConcavePolygon),
    /// A capsule: the segment `a–b` swept by a disk (its core is the segment).
    Capsule(Capsule),
    /// A convex polygon swept by a disk (its core is the polygon).
    Rounded(RoundedPolygon),
}

/// A shape's core when it is a polygon with faces — a convex polygon, a rounded
/// polygon's polygon, a capsule's segment (two vertices, two opposite faces) — with the
/// radius the shape grows it by: what Box2D's `b2Polygon` holds (vertices, normals,
/// radius), and what clipping works on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PolygonCore<'g> {
    /// The core's vertices, counter-clockwise (a capsule's: `a`, `b`).
    pub vertices: &'g [DVec2],
    /// The unit outward normal of face `i`, from vertex `i` to vertex `i + 1`.
    pub normals: &'g [DVec2],
    /// The radius the core is grown by (0 for a plain polygon).
    pub radius: f64,
}

impl PolygonCore<'_> {
    /// The index after vertex `i`, going round.
    #[inline(always)]
    pub fn next(&self, i: usize) -> usize {
        if i + 1 >= self.vertices.len() {
            0
        } else {
            i + 1
        }
    }

    /// The vertex with the largest `v·d` (ties: the lowest index) and its index.
    #[inline(always)]
    pub fn support(&self, d: DVec2) -> (usize, DVec2) {
        let mut best = 0;
        let mut best_dot = self.vertices[0].dot(d);
        for (i, v) in self.vertices.iter().enumerate().skip(1) {
            let dot = v.dot(d);
            if dot > best_dot {
                best = i;
                best_dot = dot;
            }
        }
        (best, self.vertices[best])
    }

    /// How far the ray `v + t·u` (unit `u`; local frame) runs inside the grown core
    /// before it reaches the shape's surface, for a point `v` of the core's boundary
    /// and a direction `u` that leaves the core there (`u` against no face through
    /// `v`): where the surface lies straight along `u` from `v`. Once the ray has left
    /// the core, the grown core is the union of its faces' capsules (each face swept
    /// by the radius), so the ray leaves it where it leaves the last of them: the
    /// largest exit over the faces (0 without a radius).
    pub fn surface_along(&self, v: DVec2, u: DVec2) -> f64 {
        if self.radius <= 0.0 {
            return 0.0;
        }
        (0..self.vertices.len())
            .map(|i| {
                crate::geometry::ray_capsule_exit(
                    v,
                    u,
                    self.vertices[i],
                    self.vertices[self.next(i)],
                    self.radius,
                )
            })
            .fold(0.0, f64::max)
    }
}

impl Geometry {
    /// The geometry of a scene polygon (either orientation): a convex list gives
    /// [`Geometry::Polygon`]; a simple concave one [`Geometry::Concave`]; a
    /// self-intersecting one an error naming two edges that cross or touch.
    ///
    /// Vertices beyond [`crate::range::MAX_COORDINATE`] and polygons smaller than
    /// [`crate::range::MIN_SIZE`] are refused first, so that the checks below never see
    /// an overflowing cross product (and say what is true, not "zero area").
    pub fn polygon(vertices: &[DVec2]) -> Result<Geometry, PolygonError> {
        if let Some(i) = vertices.iter().position(|v| !v.is_finite()) {
            return Err(PolygonError::NonFinite { vertex: i });
        }
        if let Some(i) = vertices
            .iter()
            .position(|v| v.abs().max_element() > crate::range::MAX_COORDINATE)
        {
            return Err(PolygonError::OutOfRange {
                vertex: i,
                point: vertices[i],
            });
        }
        let extent = polygon::diameter(vertices);
        if extent > 0.0 && extent < crate::range::MIN_SIZE {
            return Err(PolygonError::TooSmall { extent });
        }
        match ConvexPolygon::new(vertices) {
            Ok(p) => Ok(Geometry::Polygon(p)),
            // A bowtie has zero signed area: let the concave check name its edges.
            Err(
                PolygonError::NonConvex { .. }
                | PolygonError::SelfIntersecting { .. }
                | PolygonError::ZeroArea,
            ) => ConcavePolygon::new(vertices).map(Geometry::Concave),
            Err(e) => Err(e),
        }
    }

    /// A scene polygon with a radius: [`Geometry::polygon`] when the radius is 0,
    /// else a [`Geometry::Rounded`] polygon, which must be convex
    /// ([`PolygonError::RoundedConcave`] names the vertex where it turns the other
    /// way). The radius is taken as given: the scene checks it (finite, not negative,
    /// in range).
    pub fn rounded_polygon(vertices: &[DVec2], radius: f64) -> Result<Geometry, PolygonError> {
        let geometry = Geometry::polygon(vertices)?;
        if radius == 0.0 {
            return Ok(geometry);
        }
        match geometry {
            Geometry::Polygon(p) => Ok(Geometry::Rounded(RoundedPolygon::new(p, radius))),
            _ => Err(PolygonError::RoundedConcave {
                vertex: match ConvexPolygon::new(vertices) {
                    Err(PolygonError::NonConvex { vertex }) => Some(vertex),
                    _ => None,
                },
            }),
        }
    }

    /// The capsule of the segment `a–b` swept by a disk of `radius` (see
    /// [`Capsule::new`] for what is refused).
    pub fn capsule(a: DVec2, b: DVec2, radius: f64) -> Result<Geometry, CapsuleError> {
        Capsule::new(a, b, radius).map(Geometry::Capsule)
    }

    /// Short name of the kind of geometry ("polygon", "circle", "ellipse",
    /// "concave polygon", "capsule", "segment" — a capsule of radius 0 —, "rounded
    /// polygon").
    pub fn kind(&self) -> &'static str {
        match self {
            Geometry::Polygon(_) => "polygon",
            Geometry::Circle(_) => "circle",
            Geometry::Ellipse(_) => "ellipse",
            Geometry::Concave(_) => "concave polygon",
            Geometry::Capsule(c) if c.is_segment() => "segment",
            Geometry::Capsule(_) => "capsule",
            Geometry::Rounded(_) => "rounded polygon",
        }
    }

    /// The polygon's vertices (a concave polygon's outline), or `None` for a shape
    /// with curved sides (a circle, an ellipse, a capsule, a rounded polygon: see
    /// [`Geometry::core_vertices`] for their cores).
    pub fn polygon_vertices(&self) -> Option<&[DVec2]> {
        match self {
            Geometry::Polygon(p) => Some(p.vertices()),
            Geometry::Concave(c) => Some(c.outline()),
            Geometry::Circle(_)
            | Geometry::Ellipse(_)
            | Geometry::Capsule(_)
            | Geometry::Rounded(_) => None,
        }
    }

    /// The vertices of the shape's polygonal core, the points a learner edits: a
    /// polygon's own (a concave polygon's outline), a rounded polygon's core polygon's,
    /// a capsule's two ends `[a, b]`; `None` for a circle or an ellipse.
    pub fn core_vertices(&self) -> Option<&[DVec2]> {
        match self {
            Geometry::Capsule(c) => Some(c.vertices()),
            Geometry::Rounded(r) => Some(r.core().vertices()),
            _ => self.polygon_vertices(),
        }
    }

    /// The core as a polygon with faces and the radius around it (a convex polygon, a
    /// rounded polygon, a capsule), or `None` (a circle's core is a point, an
    /// ellipse is curved, a concave polygon is parts).
    #[inline(always)]
    pub fn polygon_core(&self) -> Option<PolygonCore<'_>> {
        match self {
            Geometry::Polygon(p) => Some(PolygonCore {
                vertices: p.vertices(),
                normals: p.normals(),
                radius: 0.0,
            }),
            Geometry::Rounded(r) => Some(PolygonCore {
                vertices: r.core().vertices(),
                normals: r.core().normals(),
                radius: r.radius(),
            }),
            Geometry::Capsule(c) => Some(PolygonCore {
                vertices: c.vertices(),
                normals: c.normals(),
                radius: c.radius(),
            }),
            Geometry::Circle(_) | Geometry::Ellipse(_) | Geometry::Concave(_) => None,
        }
    }

    /// Whether the shape is a segment: a capsule of radius 0 (Box2D's `b2Segment`).
    pub fn is_segment(&self) -> bool {
        matches!(self, Geometry::Capsule(c) if c.is_segment())
    }

    /// Whether the shape is a core grown by a radius with faces: a capsule or a
    /// rounded polygon (not a circle, whose core is a point).
    pub fn is_rounded(&self) -> bool {
        matches!(self, Geometry::Capsule(_) | Geometry::Rounded(_))
    }

    /// Largest distance from the local origin to a point of the shape.
    pub fn bounding_radius(&self) -> f64 {
        match self {
            Geometry::Polygon(p) => p.bounding_radius(),
            Geometry::Circle(c) => c.radius,
            Geometry::Ellipse(e) => e.a.max(e.b),
            Geometry::Concave(c) => c.bounding_radius(),
            Geometry::Capsule(c) => c.bounding_radius(),
            Geometry::Rounded(r) => r.bounding_radius(),
        }
    }

    /// The radius of the shape's rounded part: a circle is its centre (its *core*)
    /// grown by its radius, as in Box2D, a capsule its segment, a rounded polygon its
    /// polygon; polygons and ellipses have no rounded part (0).
    #[inline(always)]
    pub fn radius(&self) -> f64 {
        match self {
            Geometry::Circle(c) => c.radius,
            Geometry::Capsule(c) => c.radius(),
            Geometry::Rounded(r) => r.radius(),
            Geometry::Polygon(_) | Geometry::Ellipse(_) | Geometry::Concave(_) => 0.0,
        }
    }

    /// The radius of curvature of the core's boundary at its support point along the
    /// unit `direction` (local frame): for an ellipse `a²b²/h³`, with
    /// `h = √(a²dx² + b²dy²)` its support value (the radius of curvature of a
    /// support function `h(θ)` is `h + h''`); 0 at a polygon's vertex and for a
    /// circle's core, its centre. (Along a polygon's face normal it is infinite: the
    /// callers treat those normals as corners of `h`.)
    #[inline(always)]
    pub fn core_curvature_radius(&self, direction: DVec2) -> f64 {
        match self {
            Geometry::Ellipse(e) => {
                let (a2, b2) = (e.a * e.a, e.b * e.b);
                let h = (a2 * direction.x * direction.x + b2 * direction.y * direction.y).sqrt();
                a2 * b2 / (h * h * h)
            }
            Geometry::Polygon(_)
            | Geometry::Circle(_)
            | Geometry::Concave(_)
            | Geometry::Capsule(_)
            | Geometry::Rounded(_) => 0.0,
        }
    }

    /// Support point of the shape's core (the shape without its rounded part): the
    /// centre for a circle, a capsule's farther end, a rounded polygon's core vertex,
    /// the shape itself otherwise.
    #[inline(always)]
    pub fn core_support(&self, direction: DVec2) -> SupportVertex {
        match self {
            Geometry::Circle(_) => SupportVertex {
                point: DVec2::ZERO,
                vertex: None,
            },
            Geometry::Capsule(c) => c.core_support(direction),
            Geometry::Rounded(r) => r.core().support(direction),
            _ => self.support(direction),
        }
    }

    /// A point inside the shape (local frame): the polygon's centroid, a concave
    /// polygon's largest part's centroid, a rounded polygon's core's centroid, a
    /// capsule's midpoint, or the centre.
    pub fn interior_point(&self) -> DVec2 {
        match self {
            Geometry::Polygon(p) => p.centroid(),
            Geometry::Concave(c) => c.interior_point(),
            Geometry::Circle(_) | Geometry::Ellipse(_) => DVec2::ZERO,
            Geometry::Capsule(c) => c.center(),
            Geometry::Rounded(r) => r.core().centroid(),
        }
    }

    /// Boundary points in the local frame, counter-clockwise: the polygon's vertices, or
    /// `segments` points on a curve (a full turn's worth on a capsule's or a rounded
    /// polygon's arcs, shared among them by their angles).
    pub fn outline(&self, segments: usize) -> Vec<DVec2> {
        match self {
            Geometry::Polygon(p) => p.vertices().to_vec(),
            Geometry::Circle(c) => c.outline(segments),
            Geometry::Ellipse(e) => e.outline(segments),
            Geometry::Concave(c) => c.outline().to_vec(),
            Geometry::Capsule(c) => c.outline(segments),
            Geometry::Rounded(r) => r.outline(segments),
        }
    }
}

impl Support for Geometry {
    #[inline(always)]
    fn support(&self, direction: DVec2) -> SupportVertex {
        match self {
            Geometry::Polygon(p) => p.support(direction),
            Geometry::Circle(c) => c.support(direction),
            Geometry::Ellipse(e) => e.support(direction),
            Geometry::Concave(c) => c.support(direction),
            Geometry::Capsule(c) => c.support(direction),
            Geometry::Rounded(r) => r.support(direction),
        }
    }
}

/// A geometry placed in the world by a pose.
///
/// The rotation is cached as the unit complex number `(cos θ, sin θ)` so that a
/// support query costs no trigonometry.
///
/// A `Shape` owns its geometry; a [`ShapeRef`] (`Shape<&Geometry>`,
/// [`Shape::by_ref`]) places a geometry it borrows, with the same methods: what a
/// cast's sweep places at many times without copying the shapes' vertices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape<G = Geometry> {
    geometry: G,
    pose: Pose,
    /// `(cos θ, sin θ)`: rotating `v` is the complex product `rot · v`.
    rot: DVec2,
}

/// A borrowed geometry placed by its own pose (see [`Shape`]): a copy costs a
/// pointer and a pose.
pub type ShapeRef<'g> = Shape<&'g Geometry>;

impl Shape {
    /// Places `geometry` at `pose`.
    pub fn new(geometry: Geometry, pose: Pose) -> Self {
        Shape {
            geometry,
            pose,
            rot: DVec2::from_angle(pose.rotation),
        }
    }

    /// Replaces the geometry, keeping the pose.
    pub fn set_geometry(&mut self, geometry: Geometry) {
        self.geometry = geometry;
    }

    /// The same shape, its geometry borrowed (nothing copied but the pose).
    #[inline(always)]
    pub fn by_ref(&self) -> ShapeRef<'_> {
        Shape {
            geometry: &self.geometry,
            pose: self.pose,
            rot: self.rot,
        }
    }
}

impl ShapeRef<'_> {
    /// An owned copy (the geometry cloned).
    pub fn to_shape(&self) -> Shape {
        Shape {
            geometry: self.geometry.clone(),
            pose: self.pose,
            rot: self.rot,
        }
    }
}

impl<G: Borrow<Geometry>> Shape<G> {
    /// The geometry, in its local frame.
    #[inline(always)]
    pub fn geometry(&self) -> &Geometry {
        self.geometry.borrow()
    }

    /// Where the shape is.
    pub fn pose(&self) -> Pose {
        self.pose
    }

    /// Moves the shape.
    pub fn set_pose(&mut self, pose: Pose) {
        self.pose = pose;
        self.rot = DVec2::from_angle(pose.rotation);
    }

    /// Moves the shape, its rotation vector `(cos θ, sin θ)` of `pose.rotation`
    /// given (computed once by the caller, e.g. a cast's sweep at one time): no sine
    /// or cosine here.
    #[inline(always)]
    pub(crate) fn set_pose_rotated(&mut self, pose: Pose, rotation: DVec2) {
        self.pose = pose;
        self.rot = rotation;
    }

    /// World position of the local origin.
    pub fn position(&self) -> DVec2 {
        self.pose.position
    }

    /// Local point → offset from the shape's position, in world axes.
    #[inline(always)]
    pub fn rotate(&self, local: DVec2) -> DVec2 {
        self.rot.rotate(local)
    }

    /// `(cos θ, sin θ)`: the rotation as a unit vector (rotating `v` is the complex
    /// product of this and `v`).
    #[inline(always)]
    pub(crate) fn rotation_vector(&self) -> DVec2 {
        self.rot
    }

    /// World direction → local direction (rotation by −θ).
    #[inline(always)]
    pub fn unrotate(&self, world: DVec2) -> DVec2 {
        DVec2::new(self.rot.x, -self.rot.y).rotate(world)
    }

    /// Local point → world point.
    pub fn to_world(&self, local: DVec2) -> DVec2 {
        self.pose.position + self.rotate(local)
    }

    /// World point → local point.
    pub fn to_local(&self, world: DVec2) -> DVec2 {
        self.unrotate(world - self.pose.position)
    }

    /// Largest distance from the position to a point of the shape.
    pub fn bounding_radius(&self) -> f64 {
        self.geometry().bounding_radius()
    }

    /// A world point inside the shape (centroid or centre).
    pub fn interior_point(&self) -> DVec2 {
        self.to_world(self.geometry().interior_point())
    }

    /// World-space boundary points, counter-clockwise (see [`Geometry::outline`]).
    pub fn outline(&self, segments: usize) -> Vec<DVec2> {
        self.geometry()
            .outline(segments)
            .into_iter()
            .map(|p| self.to_world(p))
            .collect()
    }

    /// World-space axis-aligned bounding box.
    pub fn aabb(&self) -> Aabb {
        self.aabb_from(DVec2::ZERO)
    }

    /// The axis-aligned bounding box in coordinates relative to `origin` (world axes).
    /// Comparing two shapes' boxes taken from the same nearby origin keeps their
    /// precision far from the world origin: at 1e12 a world coordinate is only good to
    /// 1e-4, more than a small shape's size.
    pub fn aabb_from(&self, origin: DVec2) -> Aabb {
        let (c, s) = (self.rot.x, self.rot.y);
        let position = self.pose.position - origin;
        let half = match self.geometry() {
            Geometry::Polygon(_) | Geometry::Concave(_) => {
                let mut min = DVec2::splat(f64::INFINITY);
                let mut max = DVec2::splat(f64::NEG_INFINITY);
                let vertices = self.geometry().polygon_vertices().unwrap_or_default();
                for &v in vertices {
                    let w = self.rotate(v);
                    min = min.min(w);
                    max = max.max(w);
                }
                return Aabb {
                    min: position + min,
                    max: position + max,
                };
            }
            Geometry::Circle(circle) => DVec2::splat(circle.radius),
            // The core's box grown by the radius (Box2D's `b2ComputeCapsuleAABB`).
            Geometry::Capsule(_) | Geometry::Rounded(_) => {
                let (mut min, mut max) =
                    (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
                for &v in self.geometry().core_vertices().unwrap_or_default() {
                    let w = self.rotate(v);
                    min = min.min(w);
                    max = max.max(w);
                }
                let r = DVec2::splat(self.geometry().radius());
                return Aabb {
                    min: position + min - r,
                    max: position + max + r,
                };
            }
            // Support of a rotated ellipse along x and y (see `Ellipse::support`):
            // half-width √(a²cos²θ + b²sin²θ), half-height √(a²sin²θ + b²cos²θ).
            Geometry::Ellipse(e) => DVec2::new(
                (e.a * e.a * c * c + e.b * e.b * s * s).sqrt(),
                (e.a * e.a * s * s + e.b * e.b * c * c).sqrt(),
            ),
        };
        Aabb {
            min: position - half,
            max: position + half,
        }
    }

    /// Whether a world point lies inside or on the shape (used for picking).
    pub fn contains_point(&self, world: DVec2) -> bool {
        let p = self.to_local(world);
        match self.geometry() {
            Geometry::Polygon(poly) => poly.contains(p),
            Geometry::Concave(c) => c.contains(p),
            Geometry::Circle(c) => p.length_squared() <= c.radius * c.radius,
            Geometry::Ellipse(e) => (p.x / e.a).powi(2) + (p.y / e.b).powi(2) <= 1.0,
            Geometry::Capsule(c) => c.contains(p),
            Geometry::Rounded(r) => r.contains(p),
        }
    }

    /// Whether the shape is a concave polygon (queries then go part by part).
    pub fn is_concave(&self) -> bool {
        matches!(self.geometry(), Geometry::Concave(_))
    }

    /// The convex pieces the queries work on, each with this shape's pose: one per
    /// part of a concave polygon; a convex shape yields itself.
    pub fn parts(&self) -> Vec<Shape> {
        match self.geometry() {
            Geometry::Concave(c) => c
                .parts()
                .iter()
                .map(|p| Shape::new(Geometry::Polygon(p.clone()), self.pose))
                .collect(),
            geometry => vec![Shape {
                geometry: geometry.clone(),
                pose: self.pose,
                rot: self.rot,
            }],
        }
    }
}

impl<G: Borrow<Geometry>> Shape<G> {
    /// Support point of the core (see [`Geometry::core_support`]), relative to the
    /// shape's position.
    #[inline(always)]
    pub fn core_support(&self, direction: DVec2) -> SupportVertex {
        if let Geometry::Circle(_) = self.geometry() {
            // The core of a circle is its centre, whatever the direction.
            return SupportVertex {
                point: DVec2::ZERO,
                vertex: None,
            };
        }
        let local = self.geometry().core_support(self.unrotate(direction));
        SupportVertex {
            point: self.rotate(local.point),
            vertex: local.vertex,
        }
    }

    /// Radius of the rounded part (see [`Geometry::radius`]).
    pub fn radius(&self) -> f64 {
        self.geometry().radius()
    }

    /// Radius of curvature of the core at its support point along the unit world
    /// `direction` (see [`Geometry::core_curvature_radius`]).
    #[inline(always)]
    pub fn core_curvature_radius(&self, direction: DVec2) -> f64 {
        self.geometry()
            .core_curvature_radius(self.unrotate(direction))
    }
}

impl<G: Borrow<Geometry>> Support for Shape<G> {
    /// Support point relative to the shape's position (world axes): rotate the
    /// direction into the local frame, ask the geometry, rotate the answer back.
    #[inline(always)]
    fn support(&self, direction: DVec2) -> SupportVertex {
        let local = self.geometry().support(self.unrotate(direction));
        SupportVertex {
            point: self.rotate(local.point),
            vertex: local.vertex,
        }
    }
}
