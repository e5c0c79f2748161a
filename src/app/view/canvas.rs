//! A view's canvas and the primitives every view draws with: the [`Canvas`] that
//! collects a view's triangles, labels and [`Mark`]s; shape outlines and fills; the
//! backdrop (title, grid, tick labels, axes) and the readout of the point under the
//! mouse; how the views share the screen ([`Layout`], [`split`]). Nothing here knows
//! the app or its modes.

use super::camera::{Camera, Viewport};
use super::draw::{circle_segments, palette, palette::with_alpha, Painter};
use crate::app::i18n::tr;
use gjk_lab_core::shapes::{ConcavePolygon, Geometry, Shape};
use glam::{DVec2, Vec2};
use macroquad::color::Color;
use macroquad::text::{draw_text, draw_text_ex, Font, TextParams};

/// How the two views share the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// World on the left, A − B on the right.
    SideBySide,
    /// Only the world.
    WorldOnly,
    /// Only A − B.
    MinkowskiOnly,
}

impl Layout {
    /// Every layout, in menu order, with its label.
    pub const ALL: [(Layout, &'static str); 3] = [
        (Layout::SideBySide, "Side by side"),
        (Layout::WorldOnly, "World only"),
        (Layout::MinkowskiOnly, "A − B only"),
    ];

    /// Its name in the status (`side-by-side`, `world`, `minkowski`).
    pub fn name(self) -> &'static str {
        match self {
            Layout::SideBySide => "side-by-side",
            Layout::WorldOnly => "world",
            Layout::MinkowskiOnly => "minkowski",
        }
    }
}

use super::labels::LABEL_SIZE;
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
/// a hidden view). Both views side by side when the area is at least as wide as it is
/// high, else one above the other (the world on top), so that neither is a sliver.
pub fn split(area: Viewport, layout: Layout) -> (Option<Viewport>, Option<Viewport>) {
    match layout {
        Layout::SideBySide if area.w >= area.h => {
            let half = ((area.w - 4.0) / 2.0).max(1.0);
            (
                Some(Viewport::new(area.x, area.y, half, area.h)),
                Some(Viewport::new(area.x + half + 4.0, area.y, half, area.h)),
            )
        }
        Layout::SideBySide => {
            let half = ((area.h - 4.0) / 2.0).max(1.0);
            (
                Some(Viewport::new(area.x, area.y, area.w, half)),
                Some(Viewport::new(area.x, area.y + half + 4.0, area.w, half)),
            )
        }
        Layout::WorldOnly => (Some(area), None),
        Layout::MinkowskiOnly => (None, Some(area)),
    }
}

/// A text label to draw after the triangles.
#[derive(Clone, Debug)]
pub(crate) struct Label {
    /// The text.
    pub(crate) text: String,
    /// Where it wants its baseline's left end (the placer may move it).
    pub(crate) at: Vec2,
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
        a: gjk_lab_core::algorithms::sat::Interval,
        /// B's interval.
        b: gjk_lab_core::algorithms::sat::Interval,
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
pub(crate) struct Canvas<'p> {
    /// Where the triangles go.
    pub(crate) painter: &'p mut Painter,
    pub(crate) labels: Vec<Label>,
    /// What was drawn that a narration may name.
    pub(crate) marks: Vec<Mark>,
    /// The view's camera.
    pub(crate) camera: Camera,
}

impl<'p> Canvas<'p> {
    /// A canvas for a view seen through `camera`.
    pub(crate) fn new(painter: &'p mut Painter, camera: Camera) -> Self {
        Canvas {
            painter,
            labels: vec![],
            marks: vec![],
            camera,
        }
    }

    /// Records what was drawn, for the consistency check.
    pub(crate) fn mark(&mut self, mark: Mark) {
        self.marks.push(mark);
    }

    /// Every label that is drawn, with its placed baseline position: all but those
    /// that repeat another ([`super::labels::repeats`]), placed apart.
    fn placed(&self) -> Vec<(&Label, (String, Vec2))> {
        let texts: Vec<(&str, bool)> = self
            .labels
            .iter()
            .map(|l| (l.text.as_str(), l.optional))
            .collect();
        let repeats = super::labels::repeats(&texts);
        let kept: Vec<&Label> = self
            .labels
            .iter()
            .zip(repeats)
            .filter(|(_, repeat)| !repeat)
            .map(|(l, _)| l)
            .collect();
        let wanted: Vec<(&str, Vec2, bool)> = kept
            .iter()
            .map(|l| (l.text.as_str(), l.at, l.optional))
            .collect();
        let positions = super::labels::place(&wanted, self.camera.viewport);
        kept.into_iter()
            .zip(positions)
            .filter_map(|(l, at)| Some((l, (l.text.clone(), at?))))
            .collect()
    }

    /// Where every drawn label goes: its text, its placed baseline position, and
    /// whether it is a grid tick.
    #[cfg(test)]
    pub(crate) fn placed_labels(&self) -> Vec<(String, Vec2, bool)> {
        self.placed()
            .into_iter()
            .map(|(l, (text, at))| (text, at, l.optional))
            .collect()
    }

    /// Screen position of a world point (short: it is on almost every line).
    pub(crate) fn s(&self, p: DVec2) -> Vec2 {
        self.camera.world_to_screen(p)
    }

    /// Keeps a label to draw after the triangles, in characters the views' font has.
    fn push(&mut self, text: String, at: Vec2, color: Color, optional: bool) {
        self.labels.push(Label {
            text: drawable(text),
            at,
            color,
            optional,
        });
    }

    /// A label at exactly `at` (its baseline's left end), drawn after the triangles.
    pub(crate) fn label_at(&mut self, text: impl Into<String>, at: Vec2, color: Color) {
        self.push(text.into(), at, color, false);
    }

    /// A grid tick label at exactly `at`, or nowhere when another label needs the spot.
    pub(crate) fn tick_at(&mut self, text: impl Into<String>, at: Vec2, color: Color) {
        self.push(text.into(), at, color, true);
    }

    /// A label just above and right of `at`, drawn after the triangles.
    pub(crate) fn label(&mut self, text: impl Into<String>, at: Vec2, color: Color) {
        self.push(text.into(), at + Vec2::new(8.0, -8.0), color, false);
    }

    /// A label beside `point`, towards the unit screen direction `side`
    /// ([`super::labels::beside`]).
    pub(crate) fn label_beside(
        &mut self,
        text: impl Into<String>,
        point: Vec2,
        side: Vec2,
        color: Color,
    ) {
        let text = drawable(text.into());
        let at = super::labels::beside(&text, point, side);
        self.push(text, at, color, false);
    }

    /// A world vector along unit direction `d` as long as the viewport's diagonal: a
    /// line through a visible point, this far both ways, crosses the whole view.
    pub(crate) fn across_view(&self, d: DVec2) -> DVec2 {
        let v = self.camera.viewport;
        let diagonal = (v.w as f64).hypot(v.h as f64);
        d * diagonal / self.camera.zoom
    }

    /// Screen direction (y down) of a world direction.
    pub(crate) fn dir(&self, d: DVec2) -> Vec2 {
        let d = d.normalize_or_zero();
        Vec2::new(d.x as f32, -d.y as f32)
    }

    /// Draws the triangles, then the labels, clipped to the viewport.
    pub(crate) fn finish(self) {
        let v = self.camera.viewport;
        // SAFETY: macroquad's internal GL context is only touched from this, the main
        // thread, between frames' draw calls; the scissor is reset below.
        let gl = unsafe { macroquad::window::get_internal_gl() };
        // The scissor is in device pixels; the viewport in points (a phone's three
        // pixels a point, the browser's device pixel ratio).
        let k = macroquad::window::screen_dpi_scale();
        let px = |x: f32| (x * k).round() as i32;
        gl.quad_gl
            .scissor(Some((px(v.x), px(v.y), px(v.w), px(v.h))));
        self.painter.flush();
        for (l, (_, at)) in self.placed() {
            draw_label(&l.text, at + Vec2::ONE, palette::RIM);
            draw_label(&l.text, at, l.color);
        }
        // SAFETY: as above.
        let gl = unsafe { macroquad::window::get_internal_gl() };
        gl.quad_gl.scissor(None);
    }
}

thread_local! {
    /// The font of the labels in Chinese, once the app has handed it over
    /// ([`use_chinese_font`]).
    static CHINESE_FONT: std::cell::RefCell<Option<Font>> = const { std::cell::RefCell::new(None) };
}

/// Gives the views the Chinese font (Noto Sans SC's bytes) for labels in Chinese.
pub fn use_chinese_font(bytes: &[u8]) {
    if let Ok(font) = macroquad::text::load_ttf_font_from_bytes(bytes) {
        CHINESE_FONT.with(|f| *f.borrow_mut() = Some(font));
    }
}

/// Whether a label needs the Chinese font: it has a character beyond Latin-1, which
/// macroquad's built-in font lacks (a label of the English window never has one).
pub fn needs_chinese_font(text: &str) -> bool {
    text.chars().any(|c| c as u32 > 0xFF)
}

/// Draws a label at its baseline's left end `at`: in macroquad's built-in font, or
/// in the Chinese font when it needs it (and the app has given it).
fn draw_label(text: &str, at: Vec2, color: Color) {
    if needs_chinese_font(text) {
        let drawn = CHINESE_FONT.with(|f| {
            let font = f.borrow();
            let font = font.as_ref()?;
            let params = TextParams {
                font: Some(font),
                // Noto draws larger than ProggyClean at one size: a smaller size gives
                // the same height to the letters the two share.
                font_size: (LABEL_SIZE * 0.8) as u16,
                color,
                ..Default::default()
            };
            draw_text_ex(text, at.x, at.y, params);
            Some(())
        });
        if drawn.is_some() {
            return;
        }
    }
    draw_text(text, at.x, at.y, LABEL_SIZE, color);
}

/// A label's text as the views' font can draw it. macroquad's built-in font
/// (ProggyClean) has printable ASCII and Latin-1 only: the minus sign "−" (U+2212) the
/// narration's numbers use is written as ASCII "-". Every other character must be in
/// the font already (`font_coverage`'s test checks every label the views draw).
pub(crate) fn drawable(text: String) -> String {
    if text.contains('−') {
        text.replace('−', "-")
    } else {
        text
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
pub(crate) fn fill_shape(canvas: &mut Canvas, shape: &Shape, outline: &[Vec2], color: Color) {
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
pub(crate) fn draw_parts(
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
            canvas.label_at(
                tr!("view-part", k = k.to_string()),
                at + Vec2::new(-18.0, 5.0),
                color,
            );
        } else if part_holds_label(canvas, part.vertices(), &k.to_string()) {
            canvas.label_at(k.to_string(), at + Vec2::new(-4.0, 5.0), palette::PART);
        }
    }
}

/// Whether a part is large enough on screen to carry its number: at least four times
/// the area of the label's box. The hundreds of slivers of a detailed outline go
/// unnumbered (a number there would cover the part it names, and placing hundreds of
/// labels apart costs more than the rest of the frame); every part of the presets is
/// numbered.
fn part_holds_label(canvas: &Canvas, local: &[DVec2], text: &str) -> bool {
    let area_px = (gjk_lab_core::geometry::signed_area2(local) / 2.0).abs()
        * (canvas.camera.zoom * canvas.camera.zoom);
    let label = super::labels::text_rect(text, Vec2::ZERO);
    let label_area = (label.max - label.min).x * (label.max - label.min).y;
    area_px >= 4.0 * label_area as f64
}

/// How the grid lines of a view are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Grid {
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
pub(crate) fn draw_backdrop(canvas: &mut Canvas, title: &str, axes: bool, grid: Grid) {
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
pub(crate) fn draw_readout(canvas: &mut Canvas, mouse: Option<Vec2>, what: &str) {
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

    /// A tall area (a narrow window) stacks the views: each keeps the whole width.
    #[test]
    fn a_tall_area_stacks_the_views() {
        let (w, m) = split(Viewport::new(0.0, 40.0, 390.0, 604.0), Layout::SideBySide);
        let (w, m) = (w.unwrap(), m.unwrap());
        assert_eq!((w.x, w.y, w.w, w.h), (0.0, 40.0, 390.0, 300.0));
        assert_eq!((m.x, m.y, m.w, m.h), (0.0, 344.0, 390.0, 300.0));
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
