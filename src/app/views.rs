//! The two linked views: the shapes in the world, and the Minkowski difference A − B
//! with its origin and axes. The items of the current step are drawn in both; a new
//! support point is joined across the views to the points of A and B it comes from.

use super::camera::{fit_margin, Camera, Viewport};
use super::draw::{circle_segments, palette, palette::with_alpha, Painter};
use super::pick::paint_order;
use super::predict;
use super::sat_view;
use super::state::{App, Layout, Mode};
use super::visualizers::{clip, Item};
use gjk_lab::algorithms::Algorithm;
use gjk_lab::minkowski::SupportPoint;
use gjk_lab::shapes::{ConcavePolygon, Geometry, Shape};
use glam::{DVec2, Vec2};
use macroquad::color::Color;
use macroquad::text::draw_text;

use super::figures;
pub use super::labels::LABEL_SIZE;
/// Screen length of direction arrows.
const ARROW_PX: f32 = 70.0;
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

/// What the mouse is over, for highlighting.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Hover {
    /// The shape under the mouse.
    pub shape: Option<usize>,
    /// A polygon vertex under the mouse: (shape, vertex).
    pub vertex: Option<(usize, usize)>,
    /// The mouse, when it is over the A − B view (to link a point there to its sources
    /// on A and B).
    pub minkowski_mouse: Option<Vec2>,
    /// The mouse, when it is over a view and not over a panel (for the readout of the
    /// point under it; `None` in screenshots).
    pub mouse: Option<Vec2>,
}

/// Viewports of the world and Minkowski views inside `area` for a layout (`None` for
/// a hidden view).
pub fn split(area: Viewport, layout: Layout) -> (Option<Viewport>, Option<Viewport>) {
    match layout {
        Layout::SideBySide => {
            let half = ((area.w - 4.0) / 2.0).max(1.0);
            (
                Some(Viewport::new(area.x, area.y, half, area.h)),
                Some(Viewport::new(area.x + half + 4.0, area.y, half, area.h)),
            )
        }
        Layout::WorldOnly => (Some(area), None),
        Layout::MinkowskiOnly => (None, Some(area)),
    }
}

/// A text label to draw after the triangles.
#[derive(Clone, Debug)]
pub(super) struct Label {
    /// The text.
    pub(super) text: String,
    /// Where it wants its baseline's left end (the placer may move it).
    pub(super) at: Vec2,
    color: Color,
    /// A tick label: it gives way to every other label and is left out when it
    /// cannot have its own spot.
    optional: bool,
}

/// Something a view drew that a narration may name, kept for the check that every
/// sentence is true of its picture (see `visualizers::Claim`).
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// An arrow with its label: `vector` is the world vector it stands for.
    Arrow {
        /// Its label.
        label: String,
        /// World vector (direction and, where it means one, length).
        vector: DVec2,
    },
    /// A line or segment drawn with this label.
    Line {
        /// Its label.
        label: String,
    },
    /// Two shadows drawn on one axis (world values).
    Shadows {
        /// A's interval.
        a: gjk_lab::algorithms::sat::Interval,
        /// B's interval.
        b: gjk_lab::algorithms::sat::Interval,
    },
    /// A highlighted polygon edge, by its world end points.
    Edge {
        /// First end.
        from: DVec2,
        /// Second end.
        to: DVec2,
    },
    /// Two neighbouring cells of sweep and prune's end-point list highlighted as just
    /// swapped, by their texts ("[a", "c]"): `moved` now on the left of `passed`.
    Swapped {
        /// The end point that moved left.
        moved: String,
        /// The one it passed.
        passed: String,
    },
}

/// Collects a view's triangles and labels.
pub(super) struct Canvas<'p> {
    /// Where the triangles go.
    pub(super) painter: &'p mut Painter,
    pub(super) labels: Vec<Label>,
    /// What was drawn that a narration may name.
    pub(super) marks: Vec<Mark>,
    /// The view's camera.
    pub(super) camera: Camera,
}

impl<'p> Canvas<'p> {
    /// A canvas for a view seen through `camera`.
    pub(super) fn new(painter: &'p mut Painter, camera: Camera) -> Self {
        Canvas {
            painter,
            labels: vec![],
            marks: vec![],
            camera,
        }
    }

    /// Records what was drawn, for the consistency check.
    pub(super) fn mark(&mut self, mark: Mark) {
        self.marks.push(mark);
    }

    /// Every label that is drawn, with its placed baseline position.
    fn placed(&self) -> Vec<(&Label, (String, Vec2))> {
        let wanted: Vec<(&str, Vec2, bool)> = self
            .labels
            .iter()
            .map(|l| (l.text.as_str(), l.at, l.optional))
            .collect();
        let positions = super::labels::place(&wanted, self.camera.viewport);
        self.labels
            .iter()
            .zip(positions)
            .filter_map(|(l, at)| Some((l, (l.text.clone(), at?))))
            .collect()
    }

    /// Where every drawn label goes: its text and placed baseline position.
    #[cfg(test)]
    pub(super) fn placed_labels(&self) -> Vec<(String, Vec2)> {
        self.placed().into_iter().map(|(_, p)| p).collect()
    }

    /// Screen position of a world point (short: it is on almost every line).
    pub(super) fn s(&self, p: DVec2) -> Vec2 {
        self.camera.world_to_screen(p)
    }

    /// A label at exactly `at` (its baseline's left end), drawn after the triangles.
    pub(super) fn label_at(&mut self, text: impl Into<String>, at: Vec2, color: Color) {
        self.labels.push(Label {
            text: text.into(),
            at,
            color,
            optional: false,
        });
    }

    /// A grid tick label at exactly `at`, or nowhere when another label needs the spot.
    pub(super) fn tick_at(&mut self, text: impl Into<String>, at: Vec2, color: Color) {
        self.labels.push(Label {
            text: text.into(),
            at,
            color,
            optional: true,
        });
    }

    /// A label just above and right of `at`, drawn after the triangles.
    pub(super) fn label(&mut self, text: impl Into<String>, at: Vec2, color: Color) {
        self.labels.push(Label {
            text: text.into(),
            at: at + Vec2::new(8.0, -8.0),
            color,
            optional: false,
        });
    }

    /// A world vector along unit direction `d` as long as the viewport's diagonal: a
    /// line through a visible point, this far both ways, crosses the whole view.
    pub(super) fn across_view(&self, d: DVec2) -> DVec2 {
        let v = self.camera.viewport;
        let diagonal = (v.w as f64).hypot(v.h as f64);
        d * diagonal / self.camera.zoom
    }

    /// Screen direction (y down) of a world direction.
    pub(super) fn dir(&self, d: DVec2) -> Vec2 {
        let d = d.normalize_or_zero();
        Vec2::new(d.x as f32, -d.y as f32)
    }

    /// Draws the triangles, then the labels, clipped to the viewport.
    pub(super) fn finish(self) {
        let v = self.camera.viewport;
        // SAFETY: macroquad's internal GL context is only touched from this, the main
        // thread, between frames' draw calls; the scissor is reset below.
        let gl = unsafe { macroquad::window::get_internal_gl() };
        gl.quad_gl
            .scissor(Some((v.x as i32, v.y as i32, v.w as i32, v.h as i32)));
        self.painter.flush();
        for (l, (_, at)) in self.placed() {
            draw_text(&l.text, at.x + 1.0, at.y + 1.0, LABEL_SIZE, palette::RIM);
            draw_text(&l.text, at.x, at.y, LABEL_SIZE, l.color);
        }
        // SAFETY: as above.
        let gl = unsafe { macroquad::window::get_internal_gl() };
        gl.quad_gl.scissor(None);
    }
}

/// Screen outline of a shape, with a segment count from its on-screen size.
pub fn shape_outline(shape: &Shape, camera: &Camera) -> Vec<Vec2> {
    let segments = match shape.geometry() {
        Geometry::Polygon(_) | Geometry::Concave(_) => 0,
        _ => circle_segments(camera.to_pixels(shape.bounding_radius())),
    };
    shape
        .outline(segments)
        .into_iter()
        .map(|p| camera.world_to_screen(p))
        .collect()
}

/// Fills a shape: a convex outline as one triangle fan, a concave polygon part by
/// part (a fan over a concave outline would cover its dents).
pub(super) fn fill_shape(canvas: &mut Canvas, shape: &Shape, outline: &[Vec2], color: Color) {
    match shape.geometry() {
        Geometry::Concave(c) => {
            for part in c.parts() {
                let points = part_outline(canvas, shape, part.vertices());
                canvas.painter.fill_convex(&points, color);
            }
        }
        _ => canvas.painter.fill_convex(outline, color),
    }
}

fn part_outline(canvas: &Canvas, shape: &Shape, local: &[DVec2]) -> Vec<Vec2> {
    local.iter().map(|&v| canvas.s(shape.to_world(v))).collect()
}

/// A concave polygon's convex parts: the diagonals between them (thin, muted), each
/// part's number at its centroid, and the decisive part (the one the stepped algorithm
/// runs on) dashed in the shape's colour.
fn draw_parts(
    canvas: &mut Canvas,
    shape: &Shape,
    concave: &ConcavePolygon,
    decisive: Option<usize>,
    color: Color,
) {
    let outline = concave.outline();
    for &[p, q] in concave.diagonals() {
        let (a, b) = (
            canvas.s(shape.to_world(outline[p])),
            canvas.s(shape.to_world(outline[q])),
        );
        canvas.painter.line(a, b, 1.2, palette::PART);
    }
    for (k, part) in concave.parts().iter().enumerate() {
        let at = canvas.s(shape.to_world(part.centroid()));
        if Some(k) == decisive {
            let points = part_outline(canvas, shape, part.vertices());
            canvas.painter.fill_convex(&points, with_alpha(color, 0.22));
            canvas.painter.dashed_loop(&points, 3.0, color);
            canvas.label_at(format!("part {k}"), at + Vec2::new(-18.0, 5.0), color);
        } else {
            canvas.label_at(k.to_string(), at + Vec2::new(-4.0, 5.0), palette::PART);
        }
    }
}

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

/// How the grid lines of a view are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Grid {
    /// Anti-aliased (feathered): three strips of triangles per line.
    Feathered,
    /// Hard-edged: one strip per line. The grid is faint (alpha 16 of 255), so the
    /// feather does not show, and every line crosses the whole view: the software
    /// renderer rasterises each of its triangles in every tile it crosses. For the
    /// many-shapes view, whose frame budget goes to the shapes.
    Hard,
}

/// Title, grid and (for A − B) the axes through the origin.
/// The window is cleared to the background colour, so views need no fill of their own
/// (filling them would cost the software renderer a few milliseconds a frame).
pub(super) fn draw_backdrop(canvas: &mut Canvas, title: &str, axes: bool, grid: Grid) {
    let v = canvas.camera.viewport;
    canvas.label_at(title, Vec2::new(v.x + 10.0, v.y + 26.0), palette::AXES);
    let (min, max) = canvas.camera.visible_world();
    let spacing = grid_spacing(canvas.camera.zoom);
    let grid_line = |canvas: &mut Canvas, a: DVec2, b: DVec2| {
        let (a, b) = (canvas.s(a), canvas.s(b));
        match grid {
            Grid::Feathered => canvas.painter.line(a, b, 1.0, palette::GRID),
            Grid::Hard => canvas
                .painter
                .polyline_fast(&[a, b], false, 1.0, palette::GRID),
        }
    };
    let mut x = (min.x / spacing).floor() * spacing;
    while x <= max.x {
        grid_line(canvas, DVec2::new(x, min.y), DVec2::new(x, max.y));
        x += spacing;
    }
    let mut y = (min.y / spacing).floor() * spacing;
    while y <= max.y {
        grid_line(canvas, DVec2::new(min.x, y), DVec2::new(max.x, y));
        y += spacing;
    }
    // The many-shapes view (hard grid) keeps its bottom and left for the sweep axis.
    let edges = match grid {
        Grid::Feathered => TickEdges::BottomLeft,
        Grid::Hard => TickEdges::TopRight,
    };
    tick_labels(canvas, spacing, edges);
    if axes {
        let o = canvas.s(DVec2::ZERO);
        canvas.painter.line(
            Vec2::new(v.x, o.y),
            Vec2::new(v.x + v.w, o.y),
            1.5,
            palette::AXES,
        );
        canvas.painter.line(
            Vec2::new(o.x, v.y),
            Vec2::new(o.x, v.y + v.h),
            1.5,
            palette::AXES,
        );
    }
}

/// Which edges of a view carry the grid's tick labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TickEdges {
    /// x along the bottom, y along the left (the two-shape views).
    BottomLeft,
    /// x along the top, y along the right (the many-shapes view, whose bottom and
    /// left carry the sweep's end-point axis).
    TopRight,
}

/// Least distance in pixels between two labelled grid lines along x (a label is up
/// to about six characters wide) and along y.
const TICK_GAP_PX: (f64, f64) = (90.0, 36.0);
/// Pixels kept free of tick labels at the top of a view, for its title and the
/// cursor readout.
const TICK_TOP_PX: f32 = 64.0;

/// Labels the grid lines near the view's edges with their world coordinates, so that
/// the narrated numbers can be checked against the picture. Not every line is
/// labelled: every `stride`-th, so that labels keep [`TICK_GAP_PX`] apart.
fn tick_labels(canvas: &mut Canvas, spacing: f64, edges: TickEdges) {
    let v = canvas.camera.viewport;
    let (min, max) = canvas.camera.visible_world();
    let zoom = canvas.camera.zoom;
    let color = with_alpha(palette::AXES, 0.9);
    let first = (min.x / spacing).ceil() as i64;
    let last = (max.x / spacing).floor() as i64;
    let stride = tick_stride(spacing * zoom, TICK_GAP_PX.0);
    for i in (first..=last).filter(|i| i % stride == 0).take(200) {
        let x = i as f64 * spacing;
        let sx = canvas.s(DVec2::new(x, 0.0)).x;
        let (at, clear) = match edges {
            TickEdges::BottomLeft => (Vec2::new(sx + 4.0, v.y + v.h - 6.0), sx > v.x + 60.0),
            TickEdges::TopRight => (Vec2::new(sx + 4.0, v.y + TICK_TOP_PX - 16.0), true),
        };
        if clear && sx < v.x + v.w - 30.0 {
            canvas.tick_at(tick_text(x, spacing), at, color);
        }
    }
    let first = (min.y / spacing).ceil() as i64;
    let last = (max.y / spacing).floor() as i64;
    let stride = tick_stride(spacing * zoom, TICK_GAP_PX.1);
    for i in (first..=last).filter(|i| i % stride == 0).take(200) {
        let y = i as f64 * spacing;
        let sy = canvas.s(DVec2::new(0.0, y)).y;
        if sy < v.y + TICK_TOP_PX || sy > v.y + v.h - 30.0 {
            continue;
        }
        let text = tick_text(y, spacing);
        let at = match edges {
            TickEdges::BottomLeft => Vec2::new(v.x + 4.0, sy - 4.0),
            // Past the right edge: the label is kept inside, flush with the edge.
            TickEdges::TopRight => Vec2::new(v.x + v.w, sy - 4.0),
        };
        canvas.tick_at(text, at, color);
    }
}

/// Every how many grid lines (1, 2, 5, 10, …) a label goes, so that labelled lines
/// are at least `gap_px` apart when lines are `line_px` apart.
pub fn tick_stride(line_px: f64, gap_px: f64) -> i64 {
    let mut base = 1;
    for _ in 0..12 {
        for k in [1, 2, 5] {
            if (k * base) as f64 * line_px >= gap_px {
                return k * base;
            }
        }
        base *= 10;
    }
    base
}

/// A grid coordinate with as many decimals as the grid spacing needs ("0", not
/// "-0"; ASCII minus: the views' font has no "−").
pub fn tick_text(value: f64, spacing: f64) -> String {
    let decimals = if spacing >= 1.0 {
        0
    } else {
        (-spacing.log10() - 1e-9).ceil().clamp(0.0, 12.0) as usize
    };
    let value = if value.abs() < spacing * 1e-6 {
        0.0
    } else {
        value
    };
    format!("{value:.decimals$}")
}

/// The point under the mouse, at the view's top right below the title: the world
/// position in the world view, the point of A − B in the other, with two decimals
/// more than the grid's labels.
pub(super) fn draw_readout(canvas: &mut Canvas, mouse: Option<Vec2>, what: &str) {
    let v = canvas.camera.viewport;
    let Some(m) = mouse.filter(|&m| v.contains(m)) else {
        return;
    };
    let p = canvas.camera.screen_to_world(m);
    let spacing = grid_spacing(canvas.camera.zoom) / 100.0;
    let text = format!(
        "{what}({}, {})",
        tick_text(p.x, spacing),
        tick_text(p.y, spacing)
    );
    // Past the right edge: the label is kept inside, flush with the edge.
    canvas.label_at(text, Vec2::new(v.x + v.w, v.y + 52.0), palette::TEXT);
}

/// A power of ten (times 1, 2 or 5) that is at least 40 pixels on screen.
pub fn grid_spacing(zoom: f64) -> f64 {
    let target = 40.0 / zoom.max(1e-12);
    let base = 10f64.powf(target.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * base)
        .find(|&s| s >= target)
        .unwrap_or(10.0 * base)
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
    // At the result, the penetration arrow replaces the closest edge's push arrow.
    let has_result = items.iter().any(|i| matches!(i, Item::Penetration { .. }));
    for item in items {
        if !(has_result && matches!(item, Item::Edge { .. })) {
            draw_world_item(app, canvas, item);
        }
    }
}

fn draw_world_item(app: &App, canvas: &mut Canvas, item: &Item) {
    let Some((a, b)) = app.scene.shapes.get(app.a).zip(app.scene.shapes.get(app.b)) else {
        return;
    };
    match item {
        Item::Direction(d) => {
            let dir = canvas.dir(*d);
            let (pa, pb) = (canvas.s(a.shape.position()), canvas.s(b.shape.position()));
            // d from A's centre and −d from B's point at each other: short enough
            // that they never meet.
            let length = ARROW_PX.min(0.4 * pa.distance(pb)).max(24.0);
            canvas
                .painter
                .arrow(pa, pa + dir * length, 3.0, palette::DIRECTION);
            canvas
                .painter
                .arrow(pb, pb - dir * length, 3.0, palette::DIRECTION);
            canvas.label("d", pa + dir * length, palette::DIRECTION);
            canvas.label("-d", pb - dir * length, palette::DIRECTION);
            canvas.mark(Mark::Arrow {
                label: "d".into(),
                vector: *d,
            });
            canvas.mark(Mark::Arrow {
                label: "-d".into(),
                vector: -*d,
            });
        }
        Item::Support(w) | Item::Inserted(w) => {
            let (sa, sb) = (canvas.s(w.a), canvas.s(w.b));
            canvas.painter.point(sa, 6.0, palette::SUPPORT);
            canvas.painter.point(sb, 6.0, palette::SUPPORT);
            canvas.label("a", sa, palette::SUPPORT);
            canvas.label("b", sb, palette::SUPPORT);
        }
        Item::Simplex { points, names } => {
            for (k, w) in points.iter().enumerate() {
                let (sa, sb) = (canvas.s(w.a), canvas.s(w.b));
                canvas
                    .painter
                    .dashed(sa, sb, 1.5, 4.0, 5.0, with_alpha(palette::SIMPLEX, 0.5));
                canvas.painter.point(sa, 4.5, palette::SIMPLEX);
                canvas.painter.point(sb, 4.5, palette::SIMPLEX);
                let name = names.get(k).map_or("?", String::as_str);
                canvas.label(name, sa, palette::SIMPLEX);
                canvas.label(name, sb, palette::SIMPLEX);
            }
        }
        Item::Dropped(points) => {
            for w in points {
                canvas
                    .painter
                    .ghost_point(canvas.s(w.a), 6.0, palette::DROPPED);
                canvas
                    .painter
                    .ghost_point(canvas.s(w.b), 6.0, palette::DROPPED);
            }
        }
        Item::Closest { on_a, on_b, .. } => {
            if let (Some(pa), Some(pb)) = (on_a, on_b) {
                let (sa, sb) = (canvas.s(*pa), canvas.s(*pb));
                canvas
                    .painter
                    .dashed(sa, sb, 2.0, 6.0, 5.0, palette::CLOSEST);
                canvas.painter.point(sa, 5.5, palette::CLOSEST);
                canvas.painter.point(sb, 5.5, palette::CLOSEST);
            }
        }
        Item::Separation { axis, support } => {
            let mid = (support.a + support.b) / 2.0;
            let along = canvas.across_view(gjk_lab::geometry::perp_ccw(*axis));
            canvas.painter.dashed(
                canvas.s(mid - along),
                canvas.s(mid + along),
                2.5,
                10.0,
                7.0,
                palette::RESULT,
            );
            // Away from the support points, which have their own labels.
            let at = canvas.s(mid + along * 0.2);
            canvas.label("separating line", at, palette::RESULT);
            canvas.mark(Mark::Line {
                label: "separating line".into(),
            });
        }
        Item::Overlap => {
            canvas.label(
                "overlap",
                canvas.s((a.shape.position() + b.shape.position()) / 2.0),
                palette::RESULT,
            );
        }
        Item::Distance { on_a, on_b } => {
            let (sa, sb) = (canvas.s(*on_a), canvas.s(*on_b));
            canvas.painter.line(sa, sb, 3.0, palette::RESULT);
            canvas.painter.point(sa, 6.0, palette::RESULT);
            canvas.painter.point(sb, 6.0, palette::RESULT);
            let text = format!("distance {:.3}", (*on_b - *on_a).length());
            canvas.label(text, (sa + sb) / 2.0, palette::RESULT);
        }
        Item::Penetration {
            normal,
            depth,
            points,
        } => {
            let offset = *normal * *depth;
            let ghost = ghost_outline(&b.shape, offset, &canvas.camera);
            canvas.painter.dashed_loop(&ghost, 2.0, palette::SHAPE_B);
            let (from, to) = match points {
                Some((pa, pb)) => (*pb, *pa),
                None => (b.shape.position(), b.shape.position() + offset),
            };
            let (sf, st) = (canvas.s(from), canvas.s(to));
            canvas.painter.arrow(sf, st, 3.0, palette::EDGE);
            canvas.mark(Mark::Arrow {
                label: "depth".into(),
                vector: to - from,
            });
            // Labels beside the arrow and above the ghost, clear of B's own label.
            let side = Vec2::new(-(st - sf).y, (st - sf).x).normalize_or_zero() * 16.0;
            canvas.label(
                format!("depth {depth:.3}"),
                (sf + st) / 2.0 + side,
                palette::EDGE,
            );
            if let Some(top) = ghost.iter().min_by(|p, q| p.y.total_cmp(&q.y)) {
                canvas.label(
                    "B moved out",
                    *top + Vec2::new(-40.0, -6.0),
                    palette::SHAPE_B,
                );
            }
        }
        Item::Edge {
            normal, distance, ..
        } => {
            // The edge's estimate in the world: push B along n by d.
            let from = canvas.s(b.shape.position());
            let length = canvas.camera.to_pixels(*distance).max(50.0);
            let tip = from + canvas.dir(*normal) * length;
            canvas.painter.arrow(from, tip, 2.5, palette::EDGE);
            canvas.label("n", tip, palette::EDGE);
            canvas.mark(Mark::Arrow {
                label: "n".into(),
                vector: *normal,
            });
        }
        Item::WholeShapesOut(offset) => {
            let ghost = ghost_outline(&b.shape, *offset, &canvas.camera);
            for (k, &p) in ghost.iter().enumerate() {
                let q = ghost[(k + 1) % ghost.len()];
                canvas.painter.dashed(p, q, 2.0, 2.0, 5.0, palette::SHAPE_B);
            }
            if let Some(bottom) = ghost.iter().max_by(|p, q| p.y.total_cmp(&q.y)) {
                canvas.label(
                    "whole B moved out",
                    *bottom + Vec2::new(-60.0, 24.0),
                    palette::SHAPE_B,
                );
            }
        }
        Item::Projections(p) => sat_view::world_projections(canvas, p),
        Item::Notice(text) => sat_view::notice(canvas, text),
        Item::Feature(f) => sat_view::world_feature(canvas, f),
        Item::SidePlane {
            point,
            normal,
            plane,
            current,
        } => sat_view::world_side_plane(canvas, *point, *normal, *plane, *current),
        Item::Clipped { before, after } => sat_view::world_clipped(canvas, before, after),
        Item::Candidate { point, depth, kept } => {
            sat_view::world_candidate(canvas, *point, *depth, *kept)
        }
        Item::Contact {
            point,
            depth,
            normal,
        } => sat_view::world_contact(canvas, *point, *depth, *normal),
        Item::ClosedForm(figure) => super::circle_view::world_figure(canvas, figure),
        Item::Region(_)
        | Item::Foot(_)
        | Item::BoundLine { .. }
        | Item::FaceEdge { .. }
        | Item::Polytope(_)
        | Item::Instead(_)
        | Item::CollisionNormal { .. } => {}
    }
}

/// Screen outline of `shape` moved by `offset`.
fn ghost_outline(shape: &Shape, offset: DVec2, camera: &Camera) -> Vec<Vec2> {
    let mut moved = shape.clone();
    let mut pose = moved.pose();
    pose.position += offset;
    moved.set_pose(pose);
    shape_outline(&moved, camera)
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

/// The core difference (dashed): where the simplex and polytope live when a shape is
/// a circle. Two circles' cores differ by a single point.
fn draw_core(canvas: &mut Canvas, core: &[DVec2]) {
    let screen: Vec<Vec2> = core.iter().map(|&p| canvas.s(p)).collect();
    let color = with_alpha(palette::MINKOWSKI, 0.8);
    match screen[..] {
        [] => {}
        [p] => canvas.painter.ring(p, 5.0, 2.0, color),
        _ => canvas.painter.dashed_loop(&screen, 2.0, color),
    }
    if let Some(bottom) = screen.iter().max_by(|p, q| p.y.total_cmp(&q.y)) {
        canvas.label("core", *bottom + Vec2::new(-16.0, 26.0), color);
    }
}

fn draw_minkowski_item(canvas: &mut Canvas, item: &Item) {
    let o = canvas.s(DVec2::ZERO);
    match item {
        Item::Direction(d) => {
            let tip = o + canvas.dir(*d) * ARROW_PX;
            canvas.painter.arrow(o, tip, 3.0, palette::DIRECTION);
            canvas.label("d", tip, palette::DIRECTION);
            canvas.mark(Mark::Arrow {
                label: "d".into(),
                vector: *d,
            });
        }
        Item::Support(w) => {
            let p = canvas.s(w.p);
            canvas.painter.point(p, 7.0, palette::SUPPORT);
            canvas.label("w", p, palette::SUPPORT);
        }
        Item::Inserted(w) => {
            let p = canvas.s(w.p);
            canvas.painter.ring(p, 11.0, 2.5, palette::SUPPORT);
            canvas.painter.point(p, 6.0, palette::SUPPORT);
            canvas.label("new", p, palette::SUPPORT);
        }
        Item::Simplex { points, names } => {
            let screen: Vec<Vec2> = points.iter().map(|w| canvas.s(w.p)).collect();
            if screen.len() == 3 {
                canvas
                    .painter
                    .fill_convex(&screen, with_alpha(palette::SIMPLEX, 0.18));
            }
            if screen.len() >= 2 {
                canvas
                    .painter
                    .polyline(&screen, screen.len() == 3, 3.0, palette::SIMPLEX);
            }
            for (k, &p) in screen.iter().enumerate() {
                canvas.painter.point(p, 5.5, palette::SIMPLEX);
                canvas.label(
                    names.get(k).map_or("?", String::as_str),
                    p,
                    palette::SIMPLEX,
                );
            }
        }
        Item::Dropped(points) => {
            for w in points {
                let p = canvas.s(w.p);
                canvas.painter.ghost_point(p, 7.0, palette::DROPPED);
                canvas.label("dropped", p + Vec2::new(0.0, 22.0), palette::DROPPED);
            }
        }
        Item::Closest { point, .. } => {
            let p = canvas.s(*point);
            canvas.painter.dashed(o, p, 2.0, 6.0, 5.0, palette::CLOSEST);
            canvas.painter.point(p, 6.0, palette::CLOSEST);
            canvas.label("v", p, palette::CLOSEST);
        }
        Item::Foot(p) => {
            let p = canvas.s(*p);
            canvas.painter.dashed(o, p, 1.5, 4.0, 4.0, palette::CLOSEST);
            canvas.painter.ring(p, 5.0, 2.0, palette::CLOSEST);
        }
        Item::Polytope(points) => {
            let screen: Vec<Vec2> = points.iter().map(|w| canvas.s(w.p)).collect();
            canvas
                .painter
                .fill_convex(&screen, with_alpha(palette::SIMPLEX, 0.12));
            canvas
                .painter
                .polyline(&screen, true, 2.5, palette::SIMPLEX);
            for &p in &screen {
                canvas.painter.point(p, 4.5, palette::SIMPLEX);
            }
        }
        Item::Edge {
            from,
            to,
            normal,
            distance,
        } => {
            let (a, b) = (canvas.s(*from), canvas.s(*to));
            canvas.painter.line(a, b, 5.0, palette::EDGE);
            let foot = canvas.s(*normal * *distance);
            canvas.painter.dashed(o, foot, 2.0, 6.0, 5.0, palette::EDGE);
            let tip = foot + canvas.dir(*normal) * 45.0;
            canvas.painter.arrow(foot, tip, 2.5, palette::EDGE);
            canvas.label("n", tip, palette::EDGE);
            canvas.label(format!("distance {distance:.2}"), foot, palette::EDGE);
            canvas.mark(Mark::Arrow {
                label: "n".into(),
                vector: *normal,
            });
        }
        Item::Separation { axis, support } => {
            let along = canvas.across_view(gjk_lab::geometry::perp_ccw(*axis));
            let (a, b) = (canvas.s(support.p - along), canvas.s(support.p + along));
            canvas.painter.dashed(a, b, 2.5, 10.0, 7.0, palette::RESULT);
        }
        Item::BoundLine { axis, support } => {
            let along = canvas.across_view(gjk_lab::geometry::perp_ccw(*axis));
            let (a, b) = (canvas.s(*support - along), canvas.s(*support + along));
            canvas
                .painter
                .dashed(a, b, 1.5, 8.0, 6.0, with_alpha(palette::DIRECTION, 0.8));
            let at = canvas.s(*support + along * 0.15);
            canvas.label("bound line", at, palette::DIRECTION);
            canvas.mark(Mark::Line {
                label: "bound line".into(),
            });
        }
        Item::FaceEdge { normal, offset } => {
            // The line x·n = offset across the view, and the origin's perpendicular to it.
            let foot = *normal * *offset;
            let along = canvas.across_view(gjk_lab::geometry::perp_ccw(*normal));
            let (a, b) = (canvas.s(foot - along), canvas.s(foot + along));
            canvas.painter.dashed(a, b, 2.0, 8.0, 6.0, palette::EDGE);
            canvas.painter.line(o, canvas.s(foot), 1.5, palette::EDGE);
            let at = canvas.s(foot + along * 0.12);
            canvas.label("edge of A - B", at, palette::EDGE);
            canvas.mark(Mark::Line {
                label: "edge of A - B".into(),
            });
        }
        Item::Overlap => {
            canvas.painter.ring(o, 14.0, 3.0, palette::RESULT);
            canvas.label("origin inside", o + Vec2::new(14.0, 34.0), palette::RESULT);
        }
        Item::Distance { on_a, on_b } => {
            let v = canvas.s(*on_a - *on_b);
            canvas.painter.line(o, v, 3.0, palette::RESULT);
            canvas.painter.point(v, 6.0, palette::RESULT);
        }
        Item::Penetration { normal, depth, .. } => {
            let tip = canvas.s(*normal * *depth);
            canvas.painter.arrow(o, tip, 3.5, palette::EDGE);
            // The closest edge's label already gives the depth.
        }
        Item::Projections(p) => sat_view::minkowski_projections(canvas, p),
        Item::CollisionNormal {
            normal,
            depth,
            source,
        } => sat_view::minkowski_normal(canvas, *normal, *depth, source),
        Item::Region(_)
        | Item::Notice(_)
        | Item::WholeShapesOut(_)
        | Item::Instead(_)
        | Item::Feature(_)
        | Item::SidePlane { .. }
        | Item::Clipped { .. }
        | Item::Candidate { .. }
        | Item::Contact { .. } => {}
        Item::ClosedForm(figure) => super::circle_view::minkowski_figure(canvas, figure),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_by_side_splits_the_area_in_two() {
        let (w, m) = split(Viewport::new(0.0, 40.0, 804.0, 600.0), Layout::SideBySide);
        let (w, m) = (w.unwrap(), m.unwrap());
        assert_eq!((w.x, w.w), (0.0, 400.0));
        assert_eq!((m.x, m.w), (404.0, 400.0));
        assert_eq!(
            split(Viewport::new(0.0, 0.0, 10.0, 10.0), Layout::WorldOnly).1,
            None
        );
    }

    #[test]
    fn grid_spacing_is_at_least_40_pixels_and_a_nice_number() {
        for zoom in [0.01, 1.0, 37.0, 80.0, 1000.0] {
            let s = grid_spacing(zoom);
            assert!(s * zoom >= 40.0 - 1e-9, "{zoom}: {s}");
            assert!(s * zoom < 200.0, "{zoom}: {s}");
        }
        assert_eq!(grid_spacing(80.0), 0.5);
    }

    #[test]
    fn tick_labels_have_the_decimals_the_grid_needs() {
        assert_eq!(tick_text(1.5, 0.5), "1.5");
        assert_eq!(tick_text(-0.2, 0.2), "-0.2");
        assert_eq!(tick_text(0.05, 0.05), "0.05");
        assert_eq!(tick_text(20.0, 10.0), "20");
        assert_eq!(tick_text(-1e-17, 0.1), "0.0");
        assert_eq!(tick_text(-3.0, 1.0), "-3");
        assert_eq!(tick_text(1.23456, 0.005), "1.235");
    }

    #[test]
    fn labelled_grid_lines_keep_apart() {
        assert_eq!(tick_stride(100.0, 90.0), 1);
        assert_eq!(tick_stride(40.0, 90.0), 5);
        assert_eq!(tick_stride(50.0, 90.0), 2);
        assert_eq!(tick_stride(40.0, 36.0), 1);
        assert!(tick_stride(1e-9, 90.0) >= 1, "no overflow, no zero stride");
    }
}
