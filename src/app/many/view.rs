//! The many-shapes mode's view: every shape with its AABB, broad-phase pairs (AABBs
//! overlap) and narrow-phase contacts (shapes intersect) in their own colours, and,
//! while the sweep is stepped, its strips, active list, sweep line and the end points
//! along the sweep axis (a band at the bottom of the view for x, at the left for y).
//!
//! Everything goes into the one batched mesh of the [`Painter`]: at 2,000 shapes a
//! draw call per shape would cost the software renderer more than a frame.

use super::Many;
use crate::app::i18n::tr;
use crate::app::lab::Lab;
use crate::app::pick::paint_order;
use crate::app::predict;
use crate::app::view::camera::Camera;
use crate::app::view::canvas::{
    draw_backdrop, draw_readout, fill_shape, shape_outline, Canvas, Grid, Hover, Mark,
};
use crate::app::view::draw::{palette, palette::with_alpha, Painter};
use crate::app::view::sweep_list::{
    cell_text, current_indices, list_cells, LIST_MAX_BOXES, LIST_ROW_PX,
};
use crate::app::visualizers::sweep::{self, SweepTrace};
use gjk_lab_core::algorithms::sap::{Axis, SapEvent};
use gjk_lab_core::lesson::checkpoint;
use gjk_lab_core::shapes::{Aabb, Shape};
use glam::{DVec2, Vec2};
use macroquad::color::Color;

/// Thickness of the end-point band along the sweep axis, in pixels.
pub const AXIS_BAND_PX: f32 = 64.0;
/// End points are labelled with their box id when ticks are at least this far apart.
const LABEL_SPACING_PX: f32 = 24.0;
/// Length of an end point's tick, in pixels.
const TICK_PX: f32 = 16.0;
/// Shapes smaller than this on screen (bounding radius, pixels) are drawn filled,
/// without an outline, curves with few segments ([`small_segments`]), over a shaded AABB
/// rather than an outlined one: the software renderer pays for every triangle, and
/// 2,000 shapes must fit in a frame.
const SMALL_PX: f32 = 6.0;
/// Fewest segments of a small circle or ellipse.
const SMALL_SEGMENTS_MIN: usize = 5;
/// How far (pixels) a small curve's chords may stray from the curve.
const SMALL_SAGITTA_PX: f32 = 0.5;

/// What the broad and narrow phases say about a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// In no pair.
    Alone,
    /// In a broad-phase pair (its AABB overlaps another).
    Pair,
    /// In a contact (it intersects another shape).
    Contact,
}

impl Role {
    /// The colour of the role.
    fn color(self) -> Color {
        match self {
            Role::Alone => palette::SHAPE_OTHER,
            Role::Pair => palette::PAIR,
            Role::Contact => palette::CONTACT,
        }
    }
}

/// The role of every shape. While the sweep is stepped, only the pairs reported so far
/// count, so that each pair lights up as it is emitted.
pub fn roles(count: usize, pairs: &[(u32, u32)], contacts: &[(u32, u32)]) -> Vec<Role> {
    let mut roles = vec![Role::Alone; count];
    let mut mark = |pair: &(u32, u32), role: Role| {
        for id in [pair.0, pair.1] {
            if let Some(r) = roles.get_mut(id as usize) {
                *r = (*r).max(role);
            }
        }
    };
    pairs.iter().for_each(|p| mark(p, Role::Pair));
    contacts.iter().for_each(|p| mark(p, Role::Contact));
    roles
}

/// A list of pairs of shape indices `(a, b)`, `a < b`.
type Pairs = Vec<(u32, u32)>;

/// The pairs and contacts to show: all of the last frame's, or while stepping those
/// reported up to the current step.
fn shown_pairs(many: &Many) -> (Pairs, Pairs) {
    match &many.sweep {
        None => (many.pairs.clone(), many.contacts.clone()),
        Some(trace) => {
            let pairs = trace.reported_until(trace.step);
            let contacts = many
                .contacts
                .iter()
                .copied()
                .filter(|c| pairs.contains(c))
                .collect();
            (pairs, contacts)
        }
    }
}

/// A world point from a coordinate along the sweep axis and one across it.
fn on_axes(axis: Axis, along: f64, across: f64) -> DVec2 {
    match axis {
        Axis::X => DVec2::new(along, across),
        Axis::Y => DVec2::new(across, along),
    }
}

/// The AABB's screen corners (top-left, bottom-right).
fn screen_box(camera: &Camera, aabb: &Aabb) -> (Vec2, Vec2) {
    let (a, b) = (
        camera.world_to_screen(aabb.min),
        camera.world_to_screen(aabb.max),
    );
    (a.min(b), a.max(b))
}

/// Whether an AABB is (partly) inside the visible world.
fn visible(aabb: &Aabb, min: DVec2, max: DVec2) -> bool {
    aabb.max.x >= min.x && aabb.min.x <= max.x && aabb.max.y >= min.y && aabb.min.y <= max.y
}

/// Draws the many-shapes view in the world viewport.
pub fn draw(lab: &Lab, many: &Many, painter: &mut Painter, hover: Hover) {
    let mut canvas = Canvas::new(painter, lab.world_camera);
    draw_view(lab, many, &mut canvas, hover);
    canvas.finish();
}

/// Draws the view into `canvas` (the tests check what it drew, without a window).
pub(crate) fn draw_view(lab: &Lab, many: &Many, canvas: &mut Canvas, hover: Hover) {
    let title = match &many.sweep {
        Some(_) => tr!("view-many-stepped"),
        None if many.paused => tr!("view-many-paused"),
        None => tr!("view-many"),
    };
    draw_backdrop(canvas, &title, false, Grid::Hard);
    let (b0, b1) = screen_box(&canvas.camera, &many.bounds);
    canvas.painter.rect_outline(b0, b1, 2.0, palette::AXES);
    if let Some(trace) = &many.sweep {
        draw_strips(canvas, trace);
    }
    let (pairs, contacts) = shown_pairs(many);
    let roles = roles(lab.scene.shapes.len(), &pairs, &contacts);
    draw_shapes(lab, many, canvas, &roles, hover);
    draw_links(lab, many, canvas, hover, &roles, &pairs, &contacts);
    draw_names(lab, canvas);
    if let Some(trace) = &many.sweep {
        let names = sweep::box_names(&lab.scene.shapes);
        draw_sweep(canvas, trace);
        draw_axis_band(canvas, trace, &names);
        draw_list(canvas, trace, &names);
        draw_swap_candidates(lab, many, canvas);
    }
    draw_readout(canvas, hover.mouse, "");
}

/// Every visible shape (filled, outlined in its role's colour) and its AABB.
fn draw_shapes(lab: &Lab, many: &Many, canvas: &mut Canvas, roles: &[Role], hover: Hover) {
    let shapes = &lab.scene.shapes;
    let (min, max) = canvas.camera.visible_world();
    for i in paint_order(shapes.len(), lab.a, lab.b) {
        let shape = &shapes[i].shape;
        let bb = shape.aabb();
        if !visible(&bb, min, max) {
            continue;
        }
        let role = roles.get(i).copied().unwrap_or(Role::Alone);
        let held = many.held == Some(i) || hover.shape == Some(i);
        let small = drawn_small(lab, many, hover, &canvas.camera, i);
        draw_aabb(canvas, &bb, role, small);
        draw_shape(canvas, shape, role.color(), small, held);
        if held {
            let at = canvas.s(shape.position());
            let name = tr!(
                "view-many-held",
                name = crate::app::i18n::shape_name(&shapes[i], i),
                i = i.to_string()
            );
            canvas.label(name, at, palette::TEXT);
        }
    }
}

/// Whether shape `i` is drawn small: solid, without an outline (see [`SMALL_PX`]). A
/// shape held or under the mouse is always drawn outlined.
fn drawn_small(lab: &Lab, many: &Many, hover: Hover, camera: &Camera, i: usize) -> bool {
    let held = many.held == Some(i) || hover.shape == Some(i);
    let radius = lab.scene.shapes.get(i).map(|s| s.shape.bounding_radius());
    !held && radius.is_some_and(|r| camera.to_pixels(r) < SMALL_PX)
}

/// A shape's AABB: outlined, or shaded when the shape is small (a shaded box is two
/// triangles, an outline eight).
fn draw_aabb(canvas: &mut Canvas, bb: &Aabb, role: Role, small: bool) {
    let (b0, b1) = screen_box(&canvas.camera, bb);
    let color = match role {
        Role::Alone => palette::AABB,
        _ => with_alpha(palette::PAIR, 0.45),
    };
    if small {
        canvas
            .painter
            .fill_rect(b0, b1, with_alpha(color, color.a * 0.5));
    } else {
        canvas.painter.rect_outline(b0, b1, 1.0, color);
    }
}

/// A shape: filled when small, else lightly filled and outlined (thicker when held).
fn draw_shape(canvas: &mut Canvas, shape: &Shape, color: Color, small: bool, held: bool) {
    // A segment has nothing to fill: it is always drawn as its outline.
    if small && !shape.geometry().is_segment() {
        let outline = coarse_outline(shape, &canvas.camera);
        fill_shape(canvas, shape, &outline, with_alpha(color, 0.75));
        return;
    }
    let outline = shape_outline(shape, &canvas.camera);
    fill_shape(canvas, shape, &outline, with_alpha(color, 0.16));
    let width = if held { 3.0 } else { 1.5 };
    canvas.painter.polyline_fast(&outline, true, width, color);
}

/// Segments for a small curve of `radius_px` pixels: as few as keep each chord within
/// [`SMALL_SAGITTA_PX`] of the curve (a chord spanning angle `2π/n` strays
/// `r·(1 − cos(π/n))`), so a 3-pixel circle is a hexagon, not a 30-gon.
fn small_segments(radius_px: f32) -> usize {
    let r = radius_px.max(SMALL_SAGITTA_PX);
    let n = std::f32::consts::PI / (1.0 - SMALL_SAGITTA_PX / r).acos();
    (n.ceil() as usize).max(SMALL_SEGMENTS_MIN)
}

/// Screen outline of a small shape: curves with few segments.
fn coarse_outline(shape: &Shape, camera: &Camera) -> Vec<Vec2> {
    let segments = small_segments(camera.to_pixels(shape.bounding_radius()));
    shape
        .outline(segments)
        .into_iter()
        .map(|p| camera.world_to_screen(p))
        .collect()
}

/// A line between the centres of the shapes of each pair: thin for broad-phase pairs,
/// thick for contacts.
///
/// Two kinds of line are left out because they cannot be seen, and llvmpipe pays for
/// every triangle: a pair's thin line when the pair is also a contact (the thick red
/// line covers it), and a line between two small shapes drawn solid in the line's own
/// colour whose centres are closer than their radii together (a line of the shapes'
/// colour over the shapes). At 2,000 shapes that is most of the lines.
fn draw_links(
    lab: &Lab,
    many: &Many,
    canvas: &mut Canvas,
    hover: Hover,
    roles: &[Role],
    pairs: &[(u32, u32)],
    contacts: &[(u32, u32)],
) {
    let mut contacts_left = contacts.iter().peekable();
    for pair in pairs {
        // Contacts are the pairs that passed the narrow phase, in the pairs' order.
        if contacts_left.next_if_eq(&pair).is_some() {
            continue;
        }
        link(lab, many, canvas, (hover, roles), *pair, Role::Pair);
    }
    for &contact in contacts {
        link(lab, many, canvas, (hover, roles), contact, Role::Contact);
    }
}

/// One pair's line in the colour of `role`, unless it would be hidden (see
/// [`draw_links`]).
fn link(
    lab: &Lab,
    many: &Many,
    canvas: &mut Canvas,
    (hover, roles): (Hover, &[Role]),
    (a, b): (u32, u32),
    role: Role,
) {
    let shape = |id: u32| lab.scene.shapes.get(id as usize).map(|s| &s.shape);
    let (Some(sa), Some(sb)) = (shape(a), shape(b)) else {
        return;
    };
    let (pa, pb) = (canvas.s(sa.position()), canvas.s(sb.position()));
    let end = |id: u32, shape: &Shape| End {
        radius_px: canvas.camera.to_pixels(shape.bounding_radius()),
        small: drawn_small(lab, many, hover, &canvas.camera, id as usize),
        role: roles.get(id as usize).copied().unwrap_or(Role::Alone),
    };
    if link_hidden([end(a, sa), end(b, sb)], pa.distance(pb), role) {
        return;
    }
    let width = if role == Role::Contact { 3.0 } else { 1.5 };
    canvas
        .painter
        .polyline_fast(&[pa, pb], false, width, role.color());
}

/// One end of a pair's line: how its shape is drawn.
#[derive(Clone, Copy, Debug)]
struct End {
    /// Bounding radius on screen.
    radius_px: f32,
    /// Drawn small (solid, see [`drawn_small`]).
    small: bool,
    /// Its colour.
    role: Role,
}

/// Whether a line of `role`'s colour, `length` pixels long, is hidden by the shapes
/// at its ends: both drawn small (solid), both in the line's colour, and the line no
/// longer than their radii together.
fn link_hidden(ends: [End; 2], length: f32, role: Role) -> bool {
    let covers = |e: &End| e.small && e.role == role;
    ends.iter().all(covers) && length <= ends[0].radius_px + ends[1].radius_px
}

/// The strips' boundaries (dashed, across the view) and the current strip's band.
fn draw_strips(canvas: &mut Canvas, trace: &SweepTrace) {
    let (min, max) = canvas.camera.visible_world();
    let axis = trace.axis;
    let (lo_view, hi_view) = (axis.other().of(min), axis.other().of(max));
    let (along_lo, along_hi) = (axis.of(min), axis.of(max));
    for &(lo, _) in trace.strip_ranges.iter().skip(1) {
        if lo > lo_view && lo < hi_view {
            let a = canvas.s(on_axes(axis, along_lo, lo));
            let b = canvas.s(on_axes(axis, along_hi, lo));
            canvas
                .painter
                .dashed(a, b, 1.5, 10.0, 8.0, with_alpha(palette::AXES, 0.5));
        }
    }
    let strip = trace.strip_at(trace.step);
    if let Some(&(lo, hi)) = trace.strip_ranges.get(strip) {
        let (lo, hi) = (lo.max(lo_view), hi.min(hi_view));
        if lo < hi {
            let a = canvas.s(on_axes(axis, along_lo, lo));
            let b = canvas.s(on_axes(axis, along_hi, hi));
            canvas.painter.fill_rect(a.min(b), a.max(b), palette::STRIP);
        }
    }
}

/// The active list, the boxes of the current event, and the sweep line.
fn draw_sweep(canvas: &mut Canvas, trace: &SweepTrace) {
    let step = trace.current();
    let boxed = |canvas: &mut Canvas, id: u32, fill: Option<Color>, width: f32, color: Color| {
        if let Some(bb) = trace.boxes.get(id as usize) {
            let (a, b) = screen_box(&canvas.camera, bb);
            if let Some(fill) = fill {
                canvas.painter.fill_rect(a, b, fill);
            }
            canvas.painter.rect_outline(a, b, width, color);
        }
    };
    for &id in &step.active {
        boxed(
            canvas,
            id,
            Some(with_alpha(palette::ACTIVE, 0.22)),
            2.0,
            palette::ACTIVE,
        );
    }
    let centre = |id: u32| {
        trace
            .boxes
            .get(id as usize)
            .map(|bb| (bb.min + bb.max) / 2.0)
    };
    match step.event {
        Some(SapEvent::Enter { endpoint, .. }) => {
            boxed(canvas, endpoint.id, None, 3.0, palette::MIN_END);
        }
        Some(SapEvent::Leave { endpoint, .. }) => {
            boxed(canvas, endpoint.id, None, 3.0, palette::MAX_END);
        }
        Some(SapEvent::Candidate { a, b, reported, .. }) => {
            boxed(canvas, a, None, 3.0, palette::SWEEP);
            boxed(canvas, b, None, 3.0, palette::SWEEP);
            if let (Some(pa), Some(pb)) = (centre(a), centre(b)) {
                let (sa, sb) = (canvas.s(pa), canvas.s(pb));
                let (color, text) = if reported {
                    (palette::PAIR, tr!("view-many-pair"))
                } else {
                    (palette::DROPPED, tr!("view-many-no-pair"))
                };
                canvas.painter.dashed(sa, sb, 2.5, 6.0, 4.0, color);
                canvas.label(text, (sa + sb) / 2.0, color);
            }
        }
        Some(SapEvent::Swap { moved, passed, .. }) => {
            boxed(canvas, moved.id, None, 3.0, palette::SWEEP);
            boxed(canvas, passed.id, None, 2.0, palette::SWEEP);
        }
        _ => {}
    }
    draw_sweep_line(canvas, trace);
}

/// The sweep line across the current strip, at the current end point.
fn draw_sweep_line(canvas: &mut Canvas, trace: &SweepTrace) {
    let Some(value) = trace.sweep_value(trace.step) else {
        return;
    };
    let axis = trace.axis;
    let (min, max) = canvas.camera.visible_world();
    let strip = trace.strip_at(trace.step);
    let (lo, hi) = trace
        .strip_ranges
        .get(strip)
        .copied()
        .unwrap_or((f64::NEG_INFINITY, f64::INFINITY));
    let lo = lo.max(axis.other().of(min));
    let hi = hi.min(axis.other().of(max));
    let (a, b) = (
        canvas.s(on_axes(axis, value, lo)),
        canvas.s(on_axes(axis, value, hi)),
    );
    canvas.painter.line(a, b, 2.5, palette::SWEEP);
    canvas.label(tr!("view-sweep-line"), a.min(b), palette::SWEEP);
}

/// The band along the sweep axis with the current strip's end points as ticks, in
/// list order as they were at this step: mins up (or left), maxes down (or right).
fn draw_axis_band(canvas: &mut Canvas, trace: &SweepTrace, names: &[String]) {
    let v = canvas.camera.viewport;
    let axis = trace.axis;
    let (band_min, band_max) = match axis {
        Axis::X => (
            Vec2::new(v.x, v.y + v.h - AXIS_BAND_PX),
            Vec2::new(v.x + v.w, v.y + v.h),
        ),
        Axis::Y => (
            Vec2::new(v.x, v.y),
            Vec2::new(v.x + AXIS_BAND_PX, v.y + v.h),
        ),
    };
    canvas
        .painter
        .fill_rect(band_min, band_max, with_alpha(palette::BACKGROUND, 0.92));
    let mid = (band_min + band_max) / 2.0;
    // A screen point of the band: `along` in pixels along the axis, `off` across it.
    let at = |along: f32, off: f32| match axis {
        Axis::X => Vec2::new(along, mid.y + off),
        Axis::Y => Vec2::new(mid.x + off, along),
    };
    let pixel = |camera: &Camera, value: f64| {
        let p = camera.world_to_screen(on_axes(axis, value, 0.0));
        match axis {
            Axis::X => p.x,
            Axis::Y => p.y,
        }
    };
    let (lo_px, hi_px) = match axis {
        Axis::X => (band_min.x, band_max.x),
        Axis::Y => (band_min.y, band_max.y),
    };
    canvas
        .painter
        .line(at(lo_px, 0.0), at(hi_px, 0.0), 1.5, palette::AXES);
    let list = trace.endpoints_at(trace.step);
    let ticks: Vec<(f32, usize)> = list
        .iter()
        .enumerate()
        .map(|(i, e)| (pixel(&canvas.camera, e.value), i))
        .filter(|&(p, _)| p >= lo_px && p <= hi_px)
        .collect();
    let label_ids = ticks.len() < 2 || (hi_px - lo_px) / ticks.len() as f32 >= LABEL_SPACING_PX;
    let current = current_indices(trace);
    let active = &trace.current().active;
    for &(p, i) in &ticks {
        let e = &list[i];
        let (color, sign) = if e.is_max {
            (palette::MAX_END, 1.0)
        } else {
            (palette::MIN_END, -1.0)
        };
        let highlighted = current.contains(&i);
        let (length, width) = if highlighted {
            (TICK_PX + 10.0, 3.5)
        } else if active.contains(&e.id) {
            (TICK_PX, 3.0)
        } else {
            (TICK_PX, 1.5)
        };
        let color = if highlighted { palette::SWEEP } else { color };
        canvas
            .painter
            .line(at(p, 0.0), at(p, sign * length), width, color);
        if label_ids || highlighted {
            // Baselines: above a min's tick, below a max's (inside the band).
            let off = if e.is_max {
                length + 12.0
            } else {
                -(length + 3.0)
            };
            let text = names
                .get(e.id as usize)
                .cloned()
                .unwrap_or_else(|| e.id.to_string());
            let anchor = at(p, off) - Vec2::new(4.0 * text.len() as f32, 0.0);
            canvas.label_at(text, anchor, color);
        }
    }
    if let Some(value) = trace.sweep_value(trace.step) {
        let p = pixel(&canvas.camera, value);
        if p >= lo_px && p <= hi_px {
            canvas.painter.line(
                at(p, -AXIS_BAND_PX / 2.0),
                at(p, AXIS_BAND_PX / 2.0),
                1.5,
                palette::SWEEP,
            );
        }
    }
    let name = match axis {
        Axis::X => "x",
        Axis::Y => "y",
    };
    let title = strip_title(name, trace.strip_at(trace.step), trace.strip_ranges.len());
    // Outside the band, clear of the ticks' labels.
    let title_at = match axis {
        Axis::X => Vec2::new(band_min.x + 8.0, band_min.y - 6.0),
        Axis::Y => Vec2::new(band_max.x + 8.0, band_max.y - 8.0),
    };
    canvas.label_at(title, title_at, palette::AXES);
}

/// The title of the end-point axis: which strip's end points it shows, out of how many
/// (numbered from 0); one strip is not numbered.
fn strip_title(axis: &str, strip: usize, strips: usize) -> String {
    if strips <= 1 {
        tr!("view-many-axis-one-strip", axis = axis)
    } else {
        tr!(
            "view-many-axis-strip",
            axis = axis,
            strip = strip.to_string(),
            last = (strips - 1).to_string()
        )
    }
}

/// The current strip's end points as a row of cells in list order — `[a` the min of box
/// a, `a]` its max — as they are after the current step; the two cells a swap just
/// exchanged are highlighted, with an arrow under the one that moved left.
fn draw_list(canvas: &mut Canvas, trace: &SweepTrace, names: &[String]) {
    let list = trace.endpoints_at(trace.step);
    let Some((centres, width)) = list_cells(canvas.camera.viewport, list.len(), trace.boxes.len())
    else {
        return;
    };
    let half = Vec2::new(width / 2.0, LIST_ROW_PX / 2.0);
    let (first, last) = (centres[0] - half, centres[centres.len() - 1] + half);
    canvas
        .painter
        .fill_rect(first, last, with_alpha(palette::BACKGROUND, 0.92));
    let current = current_indices(trace);
    let swapped = matches!(trace.current().event, Some(SapEvent::Swap { .. }));
    for (k, (e, &c)) in list.iter().zip(&centres).enumerate() {
        let text = cell_text(e, names);
        let color = if e.is_max {
            palette::MAX_END
        } else {
            palette::MIN_END
        };
        let highlighted = current.contains(&k);
        let border = if highlighted {
            palette::SWEEP
        } else {
            palette::AXES
        };
        canvas.painter.rect_outline(
            c - half,
            c + half,
            if highlighted { 3.0 } else { 1.0 },
            border,
        );
        let anchor = c + Vec2::new(-4.0 * text.chars().count() as f32, 5.0);
        canvas.label_at(
            text,
            anchor,
            if highlighted { palette::SWEEP } else { color },
        );
    }
    if let (true, &[moved, passed]) = (swapped, &current[..]) {
        let text = |k: usize| list.get(k).map_or(String::new(), |e| cell_text(e, names));
        canvas.mark(Mark::Swapped {
            moved: text(moved),
            passed: text(passed),
        });
        // The end point that moved left now sits at `moved`; it came from the cell on
        // its right.
        if let Some(&c) = centres.get(moved) {
            let y = c.y + half.y + 13.0;
            canvas.painter.arrow(
                Vec2::new(c.x + width, y),
                Vec2::new(c.x, y),
                2.0,
                palette::SWEEP,
            );
        }
    }
    canvas.label_at(
        tr!("view-many-list"),
        Vec2::new(first.x, first.y - 6.0),
        palette::AXES,
    );
}

/// In a small scene, each shape's name (as the end points and the narration name
/// its box) at its centre.
fn draw_names(lab: &Lab, canvas: &mut Canvas) {
    if lab.scene.shapes.len() > LIST_MAX_BOXES {
        return;
    }
    for (name, named) in sweep::box_names(&lab.scene.shapes)
        .into_iter()
        .zip(&lab.scene.shapes)
    {
        let centre = canvas.s(named.shape.pose().position);
        let at = centre + Vec2::new(-4.5 * name.chars().count() as f32, 6.0);
        canvas.label_at(name, at, palette::TEXT);
    }
}

/// While a "which swap next?" question waits: a ring on every border between two
/// neighbouring cells of the list, the places a click can choose. After the answer the
/// list shows the swap done, so the borders' old numbers (right − left) would sit
/// between other cells: only the right border's ring stays, green; the reply in the
/// panel quotes the numbers.
fn draw_swap_candidates(lab: &Lab, many: &Many, canvas: &mut Canvas) {
    let color = with_alpha(palette::TEXT, 0.55);
    if let Some(q) = &lab.predict.question {
        for (k, c) in q.sheet.candidates.iter().enumerate() {
            if let Some(p) = predict::marker(&many.situation(lab), c.space, c.at) {
                canvas.painter.ring(p, 6.0, 1.5, color);
                if q.chosen == Some(k) {
                    canvas.painter.ring(p, 11.0, 3.0, palette::TEXT);
                }
            }
        }
        return;
    }
    let Some(sheet) = lab.predict.verdict.as_ref().and_then(|v| v.sheet.as_ref()) else {
        return;
    };
    for c in sheet
        .candidates
        .iter()
        .filter(|c| c.space == checkpoint::Space::List && c.accepted)
    {
        if let Some(p) = predict::marker(&many.situation(lab), c.space, c.at) {
            canvas.painter.ring(p, 6.0, 2.0, palette::RIGHT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One strip is not numbered "strip 0 (of 0-0)"; several say which of how many.
    #[test]
    fn the_axis_title_says_which_strip() {
        assert_eq!(
            strip_title("x", 0, 1),
            "end points along x (one strip): min up, max down"
        );
        assert_eq!(
            strip_title("y", 2, 5),
            "end points along y, strip 2 of strips 0 to 4: min up, max down"
        );
    }

    #[test]
    fn a_contact_outranks_a_pair() {
        let roles = roles(4, &[(0, 1), (1, 2)], &[(1, 2)]);
        assert_eq!(
            roles,
            vec![Role::Pair, Role::Contact, Role::Contact, Role::Alone]
        );
        // Ids out of range are ignored, not a panic.
        assert_eq!(roles_len(&[(7, 9)]), 2);
    }

    fn roles_len(pairs: &[(u32, u32)]) -> usize {
        roles(2, pairs, &[]).len()
    }

    #[test]
    fn small_curves_get_few_segments_but_stay_round() {
        assert_eq!(small_segments(0.1), SMALL_SEGMENTS_MIN);
        assert_eq!(small_segments(3.6), 6);
        for r in [1.0_f32, 2.0, 3.0, 4.5, SMALL_PX] {
            let n = small_segments(r) as f32;
            let sagitta = r * (1.0 - (std::f32::consts::PI / n).cos());
            assert!(sagitta <= SMALL_SAGITTA_PX + 1e-6, "r {r}: {sagitta}");
        }
    }

    #[test]
    fn a_link_is_left_out_only_where_it_cannot_be_seen() {
        let (pair, contact) = (Role::Pair, Role::Contact);
        let end = |small, role| End {
            radius_px: 3.0,
            small,
            role,
        };
        // Two small yellow shapes 5 px apart: a yellow line over them.
        assert!(link_hidden([end(true, pair), end(true, pair)], 5.0, pair));
        // Longer than the shapes: the line shows between them.
        assert!(!link_hidden([end(true, pair), end(true, pair)], 7.0, pair));
        // A yellow line over a red shape shows.
        assert!(!link_hidden(
            [end(true, contact), end(true, pair)],
            5.0,
            pair
        ));
        // A shape drawn outlined (large, held or under the mouse): the line shows.
        assert!(!link_hidden(
            [end(false, contact), end(true, contact)],
            5.0,
            contact
        ));
    }

    #[test]
    fn on_axes_puts_along_on_the_sweep_axis() {
        assert_eq!(on_axes(Axis::X, 1.0, 2.0), DVec2::new(1.0, 2.0));
        assert_eq!(on_axes(Axis::Y, 1.0, 2.0), DVec2::new(2.0, 1.0));
    }
}
