//! The two-shape mode's views: the shapes in the world, and the Minkowski difference
//! A − B with its origin and axes. The items of the current step are drawn in both; a
//! new support point is joined across the views to the points of A and B it comes from.

use super::PairMode;
use crate::app::i18n::tr;
use crate::app::lab::Lab;
use crate::app::pick::paint_order;
use crate::app::view::camera::Camera;
use crate::app::view::canvas::{
    draw_backdrop, draw_parts, fill_shape, shape_outline, Canvas, Grid, Hover,
};
use crate::app::view::draw::{circle_segments, palette, palette::with_alpha, Painter};
use crate::app::view::items::{draw_core, draw_minkowski_item, draw_world_item};
use crate::app::visualizers::{clip, Item};
use gjk_lab_core::minkowski::SupportPoint;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::shapes::{Geometry, Shape};
use glam::{DVec2, Vec2};
use macroquad::color::Color;

/// Scenes with more shapes than this only label A and B, and draw the other shapes
/// with hard (cheaper) edges.
const LABEL_ALL_LIMIT: usize = 40;

/// Colour of shape `i`.
fn shape_color(lab: &Lab, i: usize) -> Color {
    if i == lab.a {
        palette::SHAPE_A
    } else if i == lab.b {
        palette::SHAPE_B
    } else {
        palette::SHAPE_OTHER
    }
}

/// The world view: every shape (A and B coloured and named), a hovered vertex, a
/// refused vertex edit, and the step's items.
pub(crate) fn draw_world(
    lab: &Lab,
    pair: &PairMode,
    canvas: &mut Canvas,
    items: &[Item],
    hover: Hover,
) {
    draw_backdrop(canvas, &tr!("view-world"), false, Grid::Feathered);
    let shapes = &lab.scene.shapes;
    let (min, max) = canvas.camera.visible_world();
    let label_all = shapes.len() <= LABEL_ALL_LIMIT;
    for i in paint_order(shapes.len(), lab.a, lab.b) {
        let shape = &shapes[i].shape;
        let bb = shape.aabb();
        if bb.max.x < min.x || bb.min.x > max.x || bb.max.y < min.y || bb.min.y > max.y {
            continue;
        }
        let color = shape_color(lab, i);
        let outline = shape_outline(shape, &canvas.camera);
        let hovered = hover.shape == Some(i);
        fill_shape(
            canvas,
            shape,
            &outline,
            with_alpha(color, if hovered { 0.32 } else { 0.2 }),
        );
        let width = if hovered { 3.5 } else { 2.0 };
        if let Geometry::Circle(c) = shape.geometry() {
            if c.radius == 0.0 {
                // A point (a ray's start when it moves): a ring to see and grab.
                canvas
                    .painter
                    .ring(canvas.s(shape.position()), 7.0, width, color);
            }
        }
        if label_all || hovered || i == lab.a || i == lab.b {
            canvas.painter.polyline(&outline, true, width, color);
        } else {
            canvas.painter.polyline_fast(&outline, true, width, color);
        }
        if let Geometry::Concave(concave) = shape.geometry() {
            let decisive = match pair.decisive {
                Some([part, _]) if i == lab.a => Some(part),
                Some([_, part]) if i == lab.b => Some(part),
                _ => None,
            };
            draw_parts(canvas, shape, concave, decisive, color);
        }
        if shape.geometry().is_rounded() && !shape.geometry().is_segment() {
            // A capsule's or a rounded polygon's core, dashed: the shape is it grown
            // by the radius (its vertices are the ones a drag edits). A segment (a
            // capsule of radius 0) is its own core.
            let core: Vec<Vec2> = shape
                .geometry()
                .core_vertices()
                .unwrap_or_default()
                .iter()
                .map(|&v| canvas.s(shape.to_world(v)))
                .collect();
            canvas
                .painter
                .dashed_loop(&core, 1.5, with_alpha(color, 0.7));
        }
        if let Some(motion) = shapes[i].motion.filter(|m| !m.is_still()) {
            draw_end_pose(canvas, shape, &motion, color);
        }
        if label_all || i == lab.a || i == lab.b {
            canvas.painter.disc(canvas.s(shape.position()), 3.0, color);
            let role = if i == lab.a {
                " (A)"
            } else if i == lab.b {
                " (B)"
            } else {
                ""
            };
            let name = crate::app::i18n::shape_name(&shapes[i], i);
            let text = if name == "A" || name == "B" {
                name
            } else {
                format!("{name}{role}")
            };
            canvas.label(text, canvas.s(shape.position()), color);
        }
    }
    if let Some((i, v)) = hover.vertex {
        let vertex = shapes
            .get(i)
            .and_then(|s| s.shape.geometry().core_vertices()?.get(v).copied());
        if let Some(p) = vertex {
            let at = canvas.s(shapes[i].shape.to_world(p));
            canvas.painter.ring(at, 8.0, 2.5, palette::TEXT);
        }
    }
    if let Some(rejected) = &pair.rejected {
        let points: Vec<Vec2> = rejected.outline.iter().map(|&p| canvas.s(p)).collect();
        canvas.painter.dashed_loop(&points, 2.5, palette::REJECTED);
        // The two edges that would cross or touch, solid and thick.
        for &[from, to] in &rejected.edges {
            if let (Some(&a), Some(&b)) = (points.get(from), points.get(to)) {
                canvas.painter.line(a, b, 5.0, palette::REJECTED);
            }
        }
    }
    super::motion::draw_time_ghosts(lab, pair, canvas);
    let shown = shapes.get(lab.a).zip(shapes.get(lab.b));
    // At the result, the penetration arrow replaces the closest edge's push arrow.
    let has_result = items.iter().any(|i| matches!(i, Item::Penetration { .. }));
    for item in items {
        if !(has_result && matches!(item, Item::Edge { .. })) {
            if let Some((a, b)) = shown {
                draw_world_item(canvas, item, a, b);
            }
        }
    }
    super::motion::draw_handles(lab, canvas);
}

/// A moving shape's pose at the end of the step (`t = 1`, the scene's `motion`):
/// its outline dashed and faint, and an arrow from where it starts to where it ends.
/// The shape itself is drawn where it stands at `t = 0`, where the step's algorithms
/// see it.
fn draw_end_pose(canvas: &mut Canvas, shape: &Shape, motion: &Motion, color: Color) {
    let mut end = shape.clone();
    end.set_pose(motion.pose_at(shape.pose(), 1.0));
    let outline = shape_outline(&end, &canvas.camera);
    let faint = with_alpha(color, 0.55);
    canvas.painter.dashed_loop(&outline, 1.5, faint);
    let (from, to) = (canvas.s(shape.position()), canvas.s(end.position()));
    if from.distance(to) > 12.0 {
        canvas.painter.arrow(from, to, 1.5, faint);
    }
    canvas.label("t = 1", to + Vec2::new(6.0, -14.0), faint);
}

/// The A − B view: the outline of the Minkowski difference (and its core for a
/// circle), the step's items, the learner's trace, gjk-lab's own run beside another,
/// and the origin.
pub(crate) fn draw_minkowski(lab: &Lab, pair: &PairMode, canvas: &mut Canvas, items: &[Item]) {
    let title = match pair.decisive {
        // With a concave shape, the difference of the decisive part pair.
        Some([i, j]) => tr!("view-minkowski-parts", i = i.to_string(), j = j.to_string()),
        None => tr!("view-minkowski"),
    };
    draw_backdrop(canvas, &title, true, Grid::Feathered);
    let radius = lab
        .scene
        .shapes
        .get(lab.a)
        .zip(lab.scene.shapes.get(lab.b))
        .map_or(1.0, |(a, b)| {
            a.shape.bounding_radius() + b.shape.bounding_radius()
        });
    let samples = circle_segments(canvas.camera.to_pixels(radius)).max(64);
    let outline: Vec<Vec2> = pair
        .minkowski_outline(lab, samples)
        .iter()
        .map(|&p| canvas.s(p))
        .collect();
    canvas
        .painter
        .fill_convex(&outline, with_alpha(palette::MINKOWSKI, 0.16));
    canvas
        .painter
        .polyline(&outline, true, 2.5, palette::MINKOWSKI);
    if let Some(top) = outline.iter().min_by(|p, q| p.y.total_cmp(&q.y)) {
        canvas.label("A - B", *top + Vec2::new(-20.0, -8.0), palette::MINKOWSKI);
    }
    if let Some(core) = pair.minkowski_core_outline(lab, samples) {
        draw_core(canvas, &core);
    }
    // Regions first, so that everything else draws over them.
    for item in items {
        // A single point's region is the whole plane: nothing to shade.
        if let Item::Region(planes) = item {
            if planes.is_empty() {
                continue;
            }
            let (min, max) = canvas.camera.visible_world();
            let mut poly = vec![min, DVec2::new(max.x, min.y), max, DVec2::new(min.x, max.y)];
            for &plane in planes {
                poly = clip(&poly, plane);
            }
            let screen: Vec<Vec2> = poly.iter().map(|&p| canvas.s(p)).collect();
            canvas.painter.fill_convex(&screen, palette::REGION);
            canvas
                .painter
                .dashed_loop(&screen, 1.5, with_alpha(palette::REGION, 0.7));
        }
    }
    for item in items {
        draw_minkowski_item(canvas, item);
    }
    if let Some(Ok(report)) = pair.my_trace.as_ref().map(|t| t.report()) {
        draw_my_trace(canvas, report);
    }
    if let Some(seed) = &pair.seed {
        draw_gjk_labs_step(canvas, seed, pair.step);
    }
    let o = canvas.s(DVec2::ZERO);
    canvas.painter.point(o, 5.0, palette::ORIGIN);
    canvas.label("O", o + Vec2::new(-22.0, 26.0), palette::ORIGIN);
}

/// When another run is shown (a seed's version, the learner's settings), gjk-lab's
/// own run at the same step drawn over it: its simplex or polytope dashed, its points
/// ringed, its support point and closest point ringed — so that where the two runs
/// part shows in the picture. At the first step where they differ the view says so.
fn draw_gjk_labs_step(canvas: &mut Canvas, seed: &super::SeedRun, step: usize) {
    let Some(ours) = seed.ours.get(step.min(seed.ours.len().saturating_sub(1))) else {
        return;
    };
    let color = with_alpha(palette::GJK_LABS_RUN, 0.85);
    let mut rings = Vec::new();
    for item in &ours.items {
        match item {
            Item::Simplex { points, .. } | Item::Polytope(points) => {
                let screen: Vec<Vec2> = points.iter().map(|w| canvas.s(w.p)).collect();
                if screen.len() >= 2 {
                    canvas.painter.dashed_loop(&screen, 1.5, color);
                }
                rings.extend(screen);
            }
            Item::Support(w) | Item::Inserted(w) => rings.push(canvas.s(w.p)),
            Item::Closest { point, .. } => rings.push(canvas.s(*point)),
            _ => {}
        }
    }
    for &p in &rings {
        canvas.painter.ring(p, 9.0, 1.5, color);
    }
    if let Some(&top) = rings.iter().min_by(|p, q| p.y.total_cmp(&q.y)) {
        let words = if seed.first_difference == Some(step) {
            tr!("view-gjk-lab-here-parting")
        } else {
            tr!("view-gjk-lab-here")
        };
        canvas.label(words, top + Vec2::new(12.0, -14.0), palette::GJK_LABS_RUN);
    }
}

/// Colour of the learner's own trace over A - B.
const MY_TRACE: Color = Color::new(1.0, 1.0, 0.55, 1.0);

/// The learner's support points over A - B, numbered in their order and joined by a
/// thin line (not for SAT, whose trace has axes, not points), and the divergence's
/// points ringed with the line of the file and the rule it breaks.
fn draw_my_trace(canvas: &mut Canvas, report: &gjk_lab_core::check::Report) {
    if report.algorithm != "sat" {
        let points: Vec<Vec2> = report.learner_points.iter().map(|&p| canvas.s(p)).collect();
        for pair in points.windows(2) {
            canvas
                .painter
                .line(pair[0], pair[1], 1.5, with_alpha(MY_TRACE, 0.5));
        }
        for (k, &p) in points.iter().enumerate() {
            canvas.painter.ring(p, 6.0, 2.0, MY_TRACE);
            canvas.label(
                tr!("view-yours", k = (k + 1).to_string()),
                p + Vec2::new(10.0, -10.0),
                MY_TRACE,
            );
        }
    }
    let marked = crate::app::my_trace::marked_points(report);
    for &p in &marked {
        canvas
            .painter
            .ring(canvas.s(p), 12.0, 3.0, palette::REJECTED);
    }
    if let (Some(d), Some(&p)) = (&report.divergence, marked.first()) {
        let at = canvas.s(p) + Vec2::new(16.0, 30.0);
        canvas.label(
            tr!(
                "view-your-line",
                line = d.line.to_string(),
                rule = d.rule.clone()
            ),
            at,
            palette::REJECTED,
        );
    }
}

/// Dashed lines across the two views, from a support point's sources on A and B (left)
/// to the support point on A − B (right): `w = a − b`.
pub(crate) fn draw_joins(
    lab: &Lab,
    pair: &PairMode,
    painter: &mut Painter,
    items: &[Item],
    hover: Hover,
) {
    let (world, minkowski) = (&lab.world_camera, &pair.minkowski_camera);
    let join = |painter: &mut Painter, w: &SupportPoint, color: Color| {
        let p = minkowski.world_to_screen(w.p);
        for source in [w.a, w.b] {
            let s = world.world_to_screen(source);
            if world.viewport.contains(s) && minkowski.viewport.contains(p) {
                painter.dashed(s, p, 1.5, 6.0, 6.0, color);
            }
        }
    };
    for item in items {
        if let Item::Support(w) | Item::Inserted(w) = item {
            join(painter, w, with_alpha(palette::SUPPORT, 0.45));
        }
    }
    // The simplex or polytope point under the mouse, joined to its a and b.
    if let Some(w) = hover
        .minkowski_mouse
        .and_then(|m| point_near(minkowski, items, m))
    {
        let p = minkowski.world_to_screen(w.p);
        painter.ring(p, 10.0, 2.0, palette::TEXT);
        for source in [w.a, w.b] {
            painter.ring(world.world_to_screen(source), 9.0, 2.0, palette::TEXT);
        }
        join(painter, &w, with_alpha(palette::TEXT, 0.7));
    }
}

/// The point of the step's simplex, polytope or dropped points within 12 pixels of the
/// mouse in the A − B view.
fn point_near(minkowski: &Camera, items: &[Item], mouse: Vec2) -> Option<SupportPoint> {
    items
        .iter()
        .flat_map(|item| match item {
            Item::Simplex { points, .. } | Item::Polytope(points) | Item::Dropped(points) => {
                points.as_slice()
            }
            Item::Support(w) | Item::Inserted(w) => std::slice::from_ref(w),
            _ => &[],
        })
        .map(|w| (*w, minkowski.world_to_screen(w.p).distance(mouse)))
        .filter(|&(_, d)| d <= 12.0)
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(w, _)| w)
}
