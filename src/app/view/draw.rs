//! Drawing primitives shared by every view and visualiser: thick polylines with mitred
//! joins, filled convex polygons, discs, arrows, dashed lines, and the colours the
//! legend names.
//!
//! Software OpenGL (llvmpipe) pays per draw call, so a [`Painter`] collects the
//! triangles of a whole view into one [`Mesh`] and draws it at once, with a shader
//! that needs no texture (see [`flat_material`]). The core computes in `f64`; points
//! become `f32` only here, in screen pixels.

use macroquad::color::Color;
use macroquad::material::{gl_use_default_material, gl_use_material, load_material};
use macroquad::material::{Material, MaterialParams};
use macroquad::math::{Vec2, Vec3, Vec4};
use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation};
use macroquad::miniquad::{PipelineParams, ShaderSource};
use macroquad::models::{draw_mesh, Mesh, Vertex};

/// Width in pixels over which edges fade out.
const FEATHER: f32 = 1.0;

/// Most vertices in one mesh (indices are `u16`).
const MESH_VERTEX_LIMIT: usize = 60_000;

/// Segment count for a circle of `radius_px` pixels so that the chord is never more
/// than a quarter pixel off the true circle (at least 12, at most 720).
pub fn circle_segments(radius_px: f32) -> usize {
    let r = radius_px.abs().max(0.5) as f64;
    let tolerance = 0.25_f64.min(r);
    let n = std::f64::consts::PI / (1.0 - tolerance / r).acos();
    (n.ceil() as usize).clamp(12, 720)
}

/// Points of a drawn outline closer than this (pixels) to the last point kept are
/// dropped: a shape of 100,000 vertices draws as the few hundred the screen can show,
/// and an outline moves by less than this budget. (The outlines of the presets have
/// their vertices several pixels apart and draw unchanged.)
pub const OUTLINE_BUDGET_PX: f32 = 1.5;

/// The points of an outline thinned to [`OUTLINE_BUDGET_PX`] in one pass: each point
/// closer than the budget to the last point kept is dropped (the *radial distance*
/// simplification), and so, for a closed outline, is a last point that closes on the
/// first. Fewer than four points are kept as they are. Returns the points borrowed
/// when nothing is dropped.
pub fn thinned(points: &[Vec2], closed: bool) -> std::borrow::Cow<'_, [Vec2]> {
    use std::borrow::Cow;
    let n = points.len();
    let near = |p: Vec2, q: Vec2| p.distance_squared(q) < OUTLINE_BUDGET_PX * OUTLINE_BUDGET_PX;
    if n < 4 || !(1..n).any(|i| near(points[i], points[i - 1])) {
        return Cow::Borrowed(points);
    }
    let mut kept = Vec::with_capacity(n);
    kept.push(points[0]);
    for (i, &p) in points.iter().enumerate().skip(1) {
        let last = i + 1 == n;
        // An open polyline keeps its end point: where the line stops is information.
        if !near(p, kept[kept.len() - 1]) || (last && !closed) {
            kept.push(p);
        }
    }
    if closed && kept.len() > 3 && near(kept[kept.len() - 1], kept[0]) {
        kept.pop();
    }
    if kept.len() < 3 && n >= 3 {
        // A shape smaller than the budget: keep its extent, not a dot.
        return Cow::Borrowed(points);
    }
    Cow::Owned(kept)
}

/// Vertex shader of [`flat_material`]: macroquad's own, without texture coordinates.
const FLAT_VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec4 color0;
varying lowp vec4 color;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
}"#;

/// Fragment shader of [`flat_material`]: the vertex colour, nothing else.
const FLAT_FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;
void main() {
    gl_FragColor = color;
}"#;

/// A material for untextured triangles, alpha-blended as macroquad's default one.
///
/// macroquad's default shader multiplies every fragment by a sample of a 1×1 white
/// texture. A GPU does not notice; llvmpipe runs the texture fetch in software for
/// every pixel, and at 2,000 shapes that was about a fifth of the frame's CPU time.
/// `None` if the shader does not compile (the default material is used then).
fn flat_material() -> Option<Material> {
    let params = MaterialParams {
        pipeline_params: PipelineParams {
            color_blend: Some(BlendState::new(
                Equation::Add,
                BlendFactor::Value(BlendValue::SourceAlpha),
                BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
            )),
            ..Default::default()
        },
        ..Default::default()
    };
    let source = ShaderSource::Glsl {
        vertex: FLAT_VERTEX,
        fragment: FLAT_FRAGMENT,
    };
    load_material(source, params).ok()
}

/// Collects triangles and draws them in as few meshes as possible.
#[derive(Default)]
pub struct Painter {
    vertices: Vec<Vertex>,
    indices: Vec<u16>,
    /// The untextured material, made at the first flush (it needs the GL context);
    /// the inner `None` if it could not be made.
    material: Option<Option<Material>>,
}

impl Painter {
    /// An empty painter.
    pub fn new() -> Self {
        Self::default()
    }

    /// The vertices collected and not yet drawn (what a frame hands the GPU).
    #[cfg(test)]
    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    /// Draws everything collected so far and empties the painter.
    pub fn flush(&mut self) {
        if self.vertices.is_empty() {
            return;
        }
        let mesh = Mesh {
            vertices: std::mem::take(&mut self.vertices),
            indices: std::mem::take(&mut self.indices),
            texture: None,
        };
        let material = self.material.get_or_insert_with(flat_material);
        if let Some(material) = material {
            gl_use_material(material);
        }
        draw_mesh(&mesh);
        gl_use_default_material();
        // Keep the allocations for the next frame.
        let Mesh {
            mut vertices,
            mut indices,
            ..
        } = mesh;
        vertices.clear();
        indices.clear();
        self.vertices = vertices;
        self.indices = indices;
    }

    /// Makes room for `n` more vertices, drawing what is pending if needed.
    fn reserve(&mut self, n: usize) -> u16 {
        if self.vertices.len() + n > MESH_VERTEX_LIMIT {
            self.flush();
        }
        self.vertices.len() as u16
    }

    fn vertex(&mut self, p: Vec2, color: Color) {
        self.vertices.push(Vertex {
            position: Vec3::new(p.x, p.y, 0.0),
            uv: Vec2::ZERO,
            color: color.into(),
            normal: Vec4::ZERO,
        });
    }

    /// A filled triangle.
    pub fn triangle(&mut self, a: Vec2, b: Vec2, c: Vec2, color: Color) {
        let base = self.reserve(3);
        for p in [a, b, c] {
            self.vertex(p, color);
        }
        self.indices.extend([base, base + 1, base + 2]);
    }

    /// A filled convex polygon (a triangle fan; an outline of more points than one
    /// mesh holds is drawn as several fans about its first point).
    pub fn fill_convex(&mut self, points: &[Vec2], color: Color) {
        let points = &*thinned(points, true);
        if points.len() < 3 {
            return;
        }
        let mut first = 1;
        while first + 1 < points.len() {
            let last = (first + MESH_VERTEX_LIMIT / 2).min(points.len() - 1);
            let base = self.reserve(last - first + 2);
            self.vertex(points[0], color);
            for &p in &points[first..=last] {
                self.vertex(p, color);
            }
            for i in 1..(last - first + 1) as u16 {
                self.indices.extend([base, base + i, base + i + 1]);
            }
            first = last;
        }
    }

    /// A straight line of `width` pixels (a polyline of two points).
    pub fn line(&mut self, a: Vec2, b: Vec2, width: f32, color: Color) {
        if (b - a).length() > 1e-6 {
            self.polyline(&[a, b], false, width, color);
        }
    }

    /// A polyline of `width` pixels with mitred joins; `closed` joins the last point to
    /// the first. Its edges fade out over one pixel (feathering), which anti-aliases
    /// them without multisampling.
    pub fn polyline(&mut self, points: &[Vec2], closed: bool, width: f32, color: Color) {
        let points = &*thinned(points, closed);
        let core = (width / 2.0 - FEATHER / 2.0).max(0.25);
        let outer = core + FEATHER;
        let clear = Color::new(color.r, color.g, color.b, 0.0);
        // Per point: outer left, core left, core right, outer right.
        self.strip(points, closed, 4, |painter, p, m| {
            painter.vertex(p + m * outer, clear);
            painter.vertex(p + m * core, color);
            painter.vertex(p - m * core, color);
            painter.vertex(p - m * outer, clear);
        });
    }

    /// The triangles of a polyline: `across` vertices per point (made by `put` from the
    /// point and its miter), two triangles between each pair of neighbours across
    /// consecutive points. Long outlines are cut into pieces that each fit one mesh.
    fn strip(
        &mut self,
        points: &[Vec2],
        closed: bool,
        across: usize,
        mut put: impl FnMut(&mut Self, Vec2, Vec2),
    ) {
        let n = points.len();
        if n < 2 {
            return;
        }
        let segments = if closed { n } else { n - 1 };
        let mut first = 0;
        while first < segments {
            let last = (first + MESH_VERTEX_LIMIT / across - 1).min(segments);
            let base = self.reserve(across * (last - first + 1));
            for k in first..=last {
                put(self, points[k % n], miter(points, k % n, closed));
            }
            for s in 0..(last - first) {
                let p = base + (across * s) as u16;
                let q = p + across as u16;
                for k in 0..across as u16 - 1 {
                    self.indices
                        .extend([p + k, q + k, q + k + 1, p + k, q + k + 1, p + k + 1]);
                }
            }
            first = last;
        }
    }

    /// A polyline with hard edges: a third of the triangles of [`Painter::polyline`],
    /// for crowds of shapes where feathering costs more than it shows.
    pub fn polyline_fast(&mut self, points: &[Vec2], closed: bool, width: f32, color: Color) {
        let points = &*thinned(points, closed);
        let half = width / 2.0;
        self.strip(points, closed, 2, |painter, p, m| {
            painter.vertex(p + m * half, color);
            painter.vertex(p - m * half, color);
        });
    }

    /// A dashed line: `dash` pixels drawn, `gap` pixels skipped.
    pub fn dashed(&mut self, a: Vec2, b: Vec2, width: f32, dash: f32, gap: f32, color: Color) {
        let len = (b - a).length();
        if len.is_nan() || len <= 1e-6 || dash <= 0.0 {
            return;
        }
        let dir = (b - a) / len;
        let mut t = 0.0;
        // A dashed line across a huge zoom would be millions of dashes: cap them.
        let period = (dash + gap).max(len / 500.0);
        while t < len {
            let end = (t + dash).min(len);
            self.line(a + dir * t, a + dir * end, width, color);
            t += period;
        }
    }

    /// The outline of an axis-aligned rectangle with hard edges, corners in pixels.
    pub fn rect_outline(&mut self, min: Vec2, max: Vec2, width: f32, color: Color) {
        let corners = [min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)];
        self.polyline_fast(&corners, true, width, color);
    }

    /// A filled axis-aligned rectangle, corners in pixels.
    pub fn fill_rect(&mut self, min: Vec2, max: Vec2, color: Color) {
        let corners = [min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)];
        self.fill_convex(&corners, color);
    }

    /// A dashed closed outline.
    pub fn dashed_loop(&mut self, points: &[Vec2], width: f32, color: Color) {
        let points = &*thinned(points, true);
        for i in 0..points.len() {
            let j = (i + 1) % points.len();
            self.dashed(points[i], points[j], width, 8.0, 6.0, color);
        }
    }

    /// A filled disc of `radius` pixels, its rim feathered over one pixel.
    pub fn disc(&mut self, center: Vec2, radius: f32, color: Color) {
        let n = circle_segments(radius).min(64);
        let clear = Color::new(color.r, color.g, color.b, 0.0);
        let inner = (radius - FEATHER / 2.0).max(0.25);
        let base = self.reserve(2 * n + 1);
        self.vertex(center, color);
        for i in 0..n {
            let dir = Vec2::from_angle(std::f32::consts::TAU * i as f32 / n as f32);
            self.vertex(center + dir * inner, color);
            self.vertex(center + dir * (inner + FEATHER), clear);
        }
        for i in 0..n as u16 {
            let j = (i + 1) % n as u16;
            let (ci, oi, cj, oj) = (
                base + 1 + 2 * i,
                base + 2 + 2 * i,
                base + 1 + 2 * j,
                base + 2 + 2 * j,
            );
            self.indices.extend([base, ci, cj, ci, oi, oj, ci, oj, cj]);
        }
    }

    /// A ring (circle outline) of `radius` pixels.
    pub fn ring(&mut self, center: Vec2, radius: f32, width: f32, color: Color) {
        let n = circle_segments(radius).min(64);
        let points: Vec<Vec2> = (0..n)
            .map(|i| {
                center + Vec2::from_angle(std::f32::consts::TAU * i as f32 / n as f32) * radius
            })
            .collect();
        self.polyline(&points, true, width, color);
    }

    /// A point marker: a disc with a dark rim so it shows on any fill.
    pub fn point(&mut self, center: Vec2, radius: f32, color: Color) {
        self.disc(center, radius + 1.5, palette::RIM);
        self.disc(center, radius, color);
    }

    /// A ghosted point: a hollow ring.
    pub fn ghost_point(&mut self, center: Vec2, radius: f32, color: Color) {
        self.ring(center, radius, 2.0, color);
    }

    /// An arrow from `from` to `to` with a filled head.
    pub fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, color: Color) {
        let d = to - from;
        let len = d.length();
        if len.is_nan() || len <= 1e-3 {
            return;
        }
        let dir = d / len;
        let head = (4.0 * width + 6.0).min(len * 0.6);
        let side = Vec2::new(-dir.y, dir.x) * head * 0.45;
        let base = to - dir * head;
        self.line(from, base + dir * 1.0, width, color);
        self.triangle(to, base + side, base - side, color);
    }
}

/// Unit offset of the left side of a thick polyline at point `i`, scaled so that the
/// two edges meet (a mitre), limited at sharp corners.
fn miter(points: &[Vec2], i: usize, closed: bool) -> Vec2 {
    let n = points.len();
    let normal = |a: Vec2, b: Vec2| {
        let d = (b - a).normalize_or_zero();
        Vec2::new(-d.y, d.x)
    };
    let prev = if i > 0 {
        Some(normal(points[i - 1], points[i]))
    } else if closed {
        Some(normal(points[n - 1], points[0]))
    } else {
        None
    };
    let next = if i + 1 < n {
        Some(normal(points[i], points[i + 1]))
    } else if closed {
        Some(normal(points[n - 1], points[0]))
    } else {
        None
    };
    match (prev, next) {
        (Some(p), Some(q)) => {
            let m = (p + q).normalize_or_zero();
            let cos = m.dot(q);
            if m == Vec2::ZERO || cos < 0.25 {
                q
            } else {
                m / cos
            }
        }
        (Some(p), None) => p,
        (None, Some(q)) => q,
        (None, None) => Vec2::ZERO,
    }
}

/// The colours of the app. The legend shows each with its meaning.
pub mod palette {
    use macroquad::color::Color;

    const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Color {
        Color::new(
            r as f32 / 255.0,
            g as f32 / 255.0,
            b as f32 / 255.0,
            a as f32 / 255.0,
        )
    }

    /// Background of the views.
    pub const BACKGROUND: Color = rgba(24, 26, 33, 255);
    /// Grid lines.
    pub const GRID: Color = rgba(255, 255, 255, 16);
    /// Axes through the origin.
    pub const AXES: Color = rgba(200, 200, 210, 110);
    /// Dark rim around point markers.
    pub const RIM: Color = rgba(10, 10, 14, 230);
    /// Labels.
    pub const TEXT: Color = rgba(235, 235, 240, 255);
    /// Shape A.
    pub const SHAPE_A: Color = rgba(80, 160, 255, 255);
    /// Shape B.
    pub const SHAPE_B: Color = rgba(255, 150, 50, 255);
    /// Shapes that are neither A nor B.
    pub const SHAPE_OTHER: Color = rgba(150, 150, 160, 255);
    /// The Minkowski difference A − B.
    pub const MINKOWSKI: Color = rgba(190, 120, 255, 255);
    /// The origin of A − B.
    pub const ORIGIN: Color = rgba(255, 255, 255, 255);
    /// The search direction.
    pub const DIRECTION: Color = rgba(255, 220, 60, 255);
    /// A new support point and the points of A and B it comes from.
    pub const SUPPORT: Color = rgba(90, 230, 110, 255);
    /// A right answer's marker and number, after a question is answered.
    pub const RIGHT: Color = rgba(120, 230, 130, 255);
    /// The simplex (GJK) or the polytope (EPA).
    pub const SIMPLEX: Color = rgba(60, 220, 230, 255);
    /// Points dropped from the simplex (tan: apart from the grey of other shapes).
    pub const DROPPED: Color = rgba(200, 145, 95, 220);
    /// The Voronoi region that holds the origin (sage: apart from the simplex's cyan).
    pub const REGION: Color = rgba(130, 180, 130, 48);
    /// The closest point to the origin.
    pub const CLOSEST: Color = rgba(255, 90, 200, 255);
    /// EPA's closest edge and its normal.
    pub const EDGE: Color = rgba(255, 80, 80, 255);
    /// The final answer: distance segment, separating line (light pink: apart from
    /// the white origin).
    pub const RESULT: Color = rgba(255, 180, 250, 255);
    /// The diagonals between a concave polygon's convex parts (thin, lime: apart
    /// from the grey of other shapes).
    pub const PART: Color = rgba(205, 255, 80, 150);
    /// A rejected edit (a polygon whose edges would cross): crimson, apart from the
    /// red of EPA's closest edge.
    pub const REJECTED: Color = rgba(255, 0, 120, 255);

    /// A bounding box (AABB) in the many-shapes mode.
    pub const AABB: Color = rgba(140, 150, 175, 90);
    /// A broad-phase pair: the AABBs overlap.
    pub const PAIR: Color = rgba(255, 210, 70, 255);
    /// A contact: the narrow phase found the shapes intersect.
    pub const CONTACT: Color = rgba(255, 80, 80, 255);
    /// The sweep's active list.
    pub const ACTIVE: Color = rgba(60, 220, 230, 255);
    /// A min end point on the sweep axis.
    pub const MIN_END: Color = rgba(90, 230, 110, 255);
    /// A max end point on the sweep axis.
    pub const MAX_END: Color = rgba(255, 120, 200, 255);
    /// The sweep line, and the two end points of a swap.
    pub const SWEEP: Color = rgba(255, 255, 255, 255);
    /// The current strip of the sweep.
    pub const STRIP: Color = rgba(255, 255, 255, 14);
    /// gjk-lab's own run, drawn over another run's step (a seed's version, the
    /// learner's settings).
    pub const GJK_LABS_RUN: Color = rgba(140, 242, 255, 255);

    /// `color` with its alpha replaced.
    pub fn with_alpha(color: Color, alpha: f32) -> Color {
        Color::new(color.r, color.g, color.b, alpha)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circle_segments_grow_with_size() {
        assert_eq!(circle_segments(2.0), 12);
        let small = circle_segments(20.0);
        let large = circle_segments(400.0);
        assert!(large > small, "{large} > {small}");
        assert!(large <= 720);
        // The chord error stays under a quarter pixel.
        let n = large as f32;
        let sagitta = 400.0 * (1.0 - (std::f32::consts::PI / n).cos());
        assert!(sagitta <= 0.26, "sagitta {sagitta}");
    }

    /// A circle of 100,000 points, 100 px across, keeps about one point per budget
    /// of its length; an 8-gon of the presets keeps every point.
    #[test]
    fn outlines_are_thinned_to_the_pixel_budget() {
        let circle = |n: usize, r: f32| -> Vec<Vec2> {
            (0..n)
                .map(|k| Vec2::from_angle(std::f32::consts::TAU * k as f32 / n as f32) * r)
                .collect()
        };
        let dense = circle(100_000, 100.0);
        let kept = thinned(&dense, true);
        let most = (std::f32::consts::TAU * 100.0 / OUTLINE_BUDGET_PX) as usize + 1;
        assert!(
            kept.len() <= most && kept.len() >= most / 2,
            "{}",
            kept.len()
        );
        // Every point dropped is within the budget of a point kept.
        for p in dense.iter().step_by(97) {
            let near = kept.iter().map(|q| q.distance(*p)).fold(f32::MAX, f32::min);
            assert!(near < OUTLINE_BUDGET_PX, "{p:?}: {near}");
        }
        let octagon = circle(8, 40.0);
        assert!(matches!(
            thinned(&octagon, true),
            std::borrow::Cow::Borrowed(_)
        ));
        // An open line keeps both ends; a shape smaller than the budget keeps itself.
        let line = [
            Vec2::ZERO,
            Vec2::new(0.5, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(40.0, 0.0),
            Vec2::new(40.5, 0.0),
        ];
        let kept = thinned(&line, false);
        assert_eq!((kept[0], kept[kept.len() - 1]), (line[0], line[4]));
        let speck = circle(50, 0.3);
        assert_eq!(thinned(&speck, true).len(), 50);
    }

    #[test]
    fn miter_of_a_square_corner_reaches_the_corner_of_the_thick_outline() {
        let square = [
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(10.0, 10.0),
            Vec2::new(0.0, 10.0),
        ];
        let m = miter(&square, 1, true);
        assert!((m.length() - std::f32::consts::SQRT_2).abs() < 1e-5);
    }
}
