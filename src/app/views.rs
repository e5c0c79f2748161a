//! The two linked views: the shapes in the world, and the Minkowski difference A − B
//! with its origin and axes. The items of the current step are drawn in both; a new
//! support point is joined across the views to the points of A and B it comes from.

use super::figures;
use super::pick::paint_order;
use super::predict;
use super::state::{App, Mode};
use super::view::camera::fit_margin;
use super::view::camera::Viewport;
use super::view::canvas::{
    draw_backdrop, draw_parts, draw_readout, fill_shape, shape_outline, split, Canvas, Grid, Hover,
};
use super::view::draw::{circle_segments, palette, palette::with_alpha, Painter};
use super::view::items::{draw_core, draw_minkowski_item, draw_world_item};
use super::visualizers::{clip, Item};
use gjk_lab::algorithms::Algorithm;
use gjk_lab::minkowski::SupportPoint;
use gjk_lab::shapes::Geometry;
use glam::{DVec2, Vec2};
use macroquad::color::Color;

/// Room a fit leaves around the world's shapes for their labels, in pixels.
const WORLD_ROOM_PX: f32 = 16.0;
/// Room a fit leaves around the shapes for SAT's axes, drawn beside them (38 pixels
/// off, with their shadows).
const SAT_ROOM_PX: f32 = 50.0;
/// Room a fit leaves around A − B for the labels about the origin.
const MINKOWSKI_ROOM_PX: f32 = 30.0;
/// Scenes with more shapes than this only label A and B, and draw the other shapes
/// with hard (cheaper) edges.
const LABEL_ALL_LIMIT: usize = 40;

/// Colour of shape `i`.
fn shape_color(app: &App, i: usize) -> Color {
    if i == app.a {
        palette::SHAPE_A
    } else if i == app.b {
        palette::SHAPE_B
    } else {
        palette::SHAPE_OTHER
    }
}

/// Draws both views of the current step (the many-shapes mode has its own view).
pub fn draw(app: &App, painter: &mut Painter, area: Viewport, hover: Hover) {
    if app.mode == Mode::Many {
        super::broad_view::draw(app, painter, hover);
        return;
    }
    let (world, minkowski) = split(area, app.layout);
    let items = shown_items(app);
    if world.is_some() {
        let mut canvas = Canvas::new(&mut *painter, app.world_camera);
        draw_world_view(app, &mut canvas, hover);
        draw_readout(&mut canvas, hover.mouse, "");
        canvas.finish();
    }
    if minkowski.is_some() {
        let mut canvas = Canvas::new(&mut *painter, app.minkowski_camera);
        draw_minkowski_view(app, &mut canvas);
        draw_readout(&mut canvas, hover.mouse, "A - B: ");
        canvas.finish();
    }
    if let (Some(_), Some(m)) = (world, minkowski) {
        let x = m.x - 2.0;
        painter.line(
            Vec2::new(x, m.y),
            Vec2::new(x, m.y + m.h),
            2.0,
            palette::AXES,
        );
        draw_joins(app, painter, items, hover);
        painter.flush();
    }
}

/// What the views draw of the current step: nothing on a lesson figure's page (the
/// figure is the picture), else the step's items.
pub(super) fn shown_items(app: &App) -> &[Item] {
    if figures::page_figure(app).is_some() {
        return &[];
    }
    app.current().map_or(&[], |s| &s.items)
}

/// The world view: the shapes, the step's items or the page's figure, and a waiting
/// question's candidates.
pub(super) fn draw_world_view(app: &App, canvas: &mut Canvas, hover: Hover) {
    draw_world(app, canvas, shown_items(app), hover);
    if let Some(figure) = figures::page_figure(app) {
        figures::draw_world(app, canvas, figure);
    }
    draw_candidates(app, canvas, predict::View::World);
}

/// The A − B view: its outline, the step's items or the page's figure, and a waiting
/// question's candidates.
pub(super) fn draw_minkowski_view(app: &App, canvas: &mut Canvas) {
    draw_minkowski(app, canvas, shown_items(app));
    if let Some(figure) = figures::page_figure(app) {
        figures::draw_minkowski(app, canvas, figure);
    }
    draw_candidates(app, canvas, predict::View::Minkowski);
}

/// While a question waits: every clickable answer of this view, faintly (rings on
/// points, a thin line along edges), so the learner sees what can be chosen.
fn draw_candidates(app: &App, canvas: &mut Canvas, view: predict::View) {
    let Some(q) = app.question else {
        return;
    };
    let color = with_alpha(palette::TEXT, 0.55);
    for c in predict::candidates(app, &q)
        .0
        .iter()
        .filter(|c| c.view == view)
    {
        match c.target {
            predict::Target::Point(p) => canvas.painter.ring(canvas.s(p), 9.0, 1.5, color),
            predict::Target::Segment(a, b) => {
                let (a, b) = (canvas.s(a), canvas.s(b));
                canvas.painter.dashed(a, b, 1.5, 3.0, 4.0, color);
            }
            predict::Target::Triangle(_) => {}
        }
    }
}

pub(super) fn draw_world(app: &App, canvas: &mut Canvas, items: &[Item], hover: Hover) {
    draw_backdrop(canvas, "World", false, Grid::Feathered);
    let shapes = &app.scene.shapes;
    let (min, max) = canvas.camera.visible_world();
    let label_all = shapes.len() <= LABEL_ALL_LIMIT;
    for i in paint_order(shapes.len(), app.a, app.b) {
        let shape = &shapes[i].shape;
        let bb = shape.aabb();
        if bb.max.x < min.x || bb.min.x > max.x || bb.max.y < min.y || bb.min.y > max.y {
            continue;
        }
        let color = shape_color(app, i);
        let outline = shape_outline(shape, &canvas.camera);
        let hovered = hover.shape == Some(i);
        fill_shape(
            canvas,
            shape,
            &outline,
            with_alpha(color, if hovered { 0.32 } else { 0.2 }),
        );
        let width = if hovered { 3.5 } else { 2.0 };
        if label_all || hovered || i == app.a || i == app.b {
            canvas.painter.polyline(&outline, true, width, color);
        } else {
            canvas.painter.polyline_fast(&outline, true, width, color);
        }
        if let Geometry::Concave(concave) = shape.geometry() {
            let decisive = match app.decisive {
                Some([part, _]) if i == app.a => Some(part),
                Some([_, part]) if i == app.b => Some(part),
                _ => None,
            };
            draw_parts(canvas, shape, concave, decisive, color);
        }
        if label_all || i == app.a || i == app.b {
            canvas.painter.disc(canvas.s(shape.position()), 3.0, color);
            let role = if i == app.a {
                " (A)"
            } else if i == app.b {
                " (B)"
            } else {
                ""
            };
            let name = shapes[i].display_name(i);
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
            .and_then(|s| s.shape.geometry().polygon_vertices()?.get(v).copied());
        if let Some(p) = vertex {
            let at = canvas.s(shapes[i].shape.to_world(p));
            canvas.painter.ring(at, 8.0, 2.5, palette::TEXT);
        }
    }
    if let Some(rejected) = &app.rejected {
        let points: Vec<Vec2> = rejected.iter().map(|&p| canvas.s(p)).collect();
        canvas.painter.dashed_loop(&points, 2.5, palette::REJECTED);
        // The two edges that would cross or touch, solid and thick.
        for &[from, to] in &app.rejected_edges {
            if let (Some(&a), Some(&b)) = (points.get(from), points.get(to)) {
                canvas.painter.line(a, b, 5.0, palette::REJECTED);
            }
        }
    }
    let pair = shapes.get(app.a).zip(shapes.get(app.b));
    // At the result, the penetration arrow replaces the closest edge's push arrow.
    let has_result = items.iter().any(|i| matches!(i, Item::Penetration { .. }));
    for item in items {
        if !(has_result && matches!(item, Item::Edge { .. })) {
            if let Some((a, b)) = pair {
                draw_world_item(canvas, item, a, b);
            }
        }
    }
}

pub(super) fn draw_minkowski(app: &App, canvas: &mut Canvas, items: &[Item]) {
    let title = match app.decisive {
        // With a concave shape, the difference of the decisive part pair.
        Some([i, j]) => format!("A - B (part {i} of A, part {j} of B)"),
        None => "A - B (Minkowski difference)".to_string(),
    };
    draw_backdrop(canvas, &title, true, Grid::Feathered);
    let radius = app
        .scene
        .shapes
        .get(app.a)
        .zip(app.scene.shapes.get(app.b))
        .map_or(1.0, |(a, b)| {
            a.shape.bounding_radius() + b.shape.bounding_radius()
        });
    let samples = circle_segments(canvas.camera.to_pixels(radius)).max(64);
    let outline: Vec<Vec2> = app
        .minkowski_outline(samples)
        .into_iter()
        .map(|p| canvas.s(p))
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
    if let Some(core) = app.minkowski_core_outline(samples) {
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
    let o = canvas.s(DVec2::ZERO);
    canvas.painter.point(o, 5.0, palette::ORIGIN);
    canvas.label("O", o + Vec2::new(-22.0, 26.0), palette::ORIGIN);
}

/// Dashed lines across the two views, from a support point's sources on A and B (left)
/// to the support point on A − B (right): `w = a − b`.
fn draw_joins(app: &App, painter: &mut Painter, items: &[Item], hover: Hover) {
    let join = |painter: &mut Painter, w: &SupportPoint, color: Color| {
        let p = app.minkowski_camera.world_to_screen(w.p);
        for source in [w.a, w.b] {
            let s = app.world_camera.world_to_screen(source);
            if app.world_camera.viewport.contains(s) && app.minkowski_camera.viewport.contains(p) {
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
        .and_then(|m| point_near(app, items, m))
    {
        let p = app.minkowski_camera.world_to_screen(w.p);
        painter.ring(p, 10.0, 2.0, palette::TEXT);
        for source in [w.a, w.b] {
            painter.ring(
                app.world_camera.world_to_screen(source),
                9.0,
                2.0,
                palette::TEXT,
            );
        }
        join(painter, &w, with_alpha(palette::TEXT, 0.7));
    }
}

/// The point of the step's simplex, polytope or dropped points within 12 pixels of the
/// mouse in the A − B view.
fn point_near(app: &App, items: &[Item], mouse: Vec2) -> Option<SupportPoint> {
    items
        .iter()
        .flat_map(|item| match item {
            Item::Simplex { points, .. } | Item::Polytope(points) | Item::Dropped(points) => {
                points.as_slice()
            }
            Item::Support(w) | Item::Inserted(w) => std::slice::from_ref(w),
            _ => &[],
        })
        .map(|w| {
            (
                *w,
                app.minkowski_camera.world_to_screen(w.p).distance(mouse),
            )
        })
        .filter(|&(_, d)| d <= 12.0)
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(w, _)| w)
}

/// Fits the Minkowski camera to A − B and the origin.
pub fn fit_minkowski(app: &mut App) {
    let outline = app.minkowski_outline(64);
    let (mut min, mut max) = (DVec2::ZERO, DVec2::ZERO);
    for p in outline {
        min = min.min(p);
        max = max.max(p);
    }
    // Room for the labels around the origin (labels are kept inside the view anyway).
    let margin = fit_margin(app.minkowski_camera.viewport, MINKOWSKI_ROOM_PX);
    app.minkowski_camera.fit(min, max, margin);
}

/// Fits the world camera to every shape.
pub fn fit_world(app: &mut App) {
    let mut boxes: Vec<(DVec2, DVec2)> = app
        .scene
        .shapes
        .iter()
        .map(|s| {
            let bb = s.shape.aabb();
            (bb.min, bb.max)
        })
        .collect();
    // Also where B goes when pushed out, so that the ghost of B stays in view.
    if app.has_pair() {
        let (a, b) = (
            &app.scene.shapes[app.a].shape,
            &app.scene.shapes[app.b].shape,
        );
        let answer = gjk_lab::query::query(a, b);
        if let Some(normal) = answer.normal.filter(|_| answer.depth.is_finite()) {
            let bb = b.aabb();
            let offset = normal * answer.depth;
            boxes.push((bb.min + offset, bb.max + offset));
        }
    }
    if app.mode == Mode::Many {
        let bounds = app.many.bounds;
        boxes.push((bounds.min, bounds.max));
    }
    let Some(&first) = boxes.first() else { return };
    let (min, max) = boxes.iter().fold(first, |(lo, hi), &(bmin, bmax)| {
        (lo.min(bmin), hi.max(bmax))
    });
    // The many-shapes mode keeps room at the edges for the sweep's end-point axis.
    // SAT draws its axes beside the shapes: leave room for them.
    let sat = matches!(app.algorithm, Algorithm::Sat | Algorithm::SatObb);
    let viewport = app.world_camera.viewport;
    let margin = match app.mode {
        Mode::Pair if sat => fit_margin(viewport, SAT_ROOM_PX),
        Mode::Pair => fit_margin(viewport, WORLD_ROOM_PX),
        Mode::Many => super::broad_view::AXIS_BAND_PX + 12.0,
    };
    app.world_camera.fit(min, max, margin);
    if let Some((center, zoom)) = app.file_view.take() {
        app.world_camera.center = center;
        app.world_camera.zoom = zoom.min(app.world_camera.zoom);
    }
}
