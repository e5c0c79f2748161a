//! Drawing of the closed form's figures (circle against polygon; face separation
//! shares its frame, its edges with their separations and adds the deepest vertex), for
//! [`super::views`]: the polygon's frame, edges with their normals and the centre's
//! separation from each, the shaded Voronoi region of the centre, and the polygon's
//! nearest point `q` with the normal `n`. World view only.

use super::draw::{palette, palette::with_alpha};
use super::views::{Canvas, Mark};
use super::visualizers::circle_polygon::Figure;
use super::visualizers::clip;
use glam::{DVec2, Vec2};

/// Screen length of the frame's axes and of edge normals.
const AXIS_PX: f32 = 48.0;

/// Draws one figure in the world view.
pub(super) fn world_figure(canvas: &mut Canvas, figure: &Figure) {
    match figure {
        Figure::Frame { origin, axes } => frame(canvas, *origin, *axes),
        Figure::Centre(c) => {
            let p = canvas.s(*c);
            canvas.painter.point(p, 6.0, palette::SIMPLEX);
            canvas.label("c", p + Vec2::new(-22.0, 26.0), palette::SIMPLEX);
        }
        Figure::Deepest(w) => {
            let p = canvas.s(*w);
            canvas.painter.point(p, 6.0, palette::SUPPORT);
            canvas.label("w", p + Vec2::new(-22.0, 26.0), palette::SUPPORT);
        }
        Figure::Separation {
            from,
            to,
            normal,
            separation,
            centre,
            current,
        } => separation_figure(
            canvas,
            [*from, *to],
            *normal,
            *separation,
            *centre,
            *current,
        ),
        Figure::Region {
            planes,
            inside,
            name,
        } => region(canvas, planes, inside, name),
        Figure::Nearest {
            point,
            centre,
            normal,
        } => nearest(canvas, *point, *centre, *normal),
    }
}

/// The polygon's local axes x' and y' from its position.
fn frame(canvas: &mut Canvas, origin: DVec2, axes: [DVec2; 2]) {
    let o = canvas.s(origin);
    for (axis, name) in axes.iter().zip(["x'", "y'"]) {
        let tip = o + canvas.dir(*axis) * AXIS_PX;
        canvas.painter.arrow(o, tip, 2.5, palette::DIRECTION);
        canvas.label(name, tip, palette::DIRECTION);
    }
}

/// An edge with its outward normal and the dashed separation from its line to the
/// centre; the current one thick and labelled with `s`.
fn separation_figure(
    canvas: &mut Canvas,
    [from, to]: [DVec2; 2],
    normal: DVec2,
    separation: f64,
    centre: DVec2,
    current: bool,
) {
    let color = if current {
        palette::EDGE
    } else {
        with_alpha(palette::EDGE, 0.35)
    };
    let (a, b) = (canvas.s(from), canvas.s(to));
    canvas
        .painter
        .line(a, b, if current { 6.0 } else { 2.5 }, color);
    let mid = (a + b) / 2.0;
    canvas
        .painter
        .arrow(mid, mid + canvas.dir(normal) * 30.0, 2.0, color);
    if !current {
        return;
    }
    canvas.mark(Mark::Edge { from, to });
    // The centre's foot on the edge's line, c − s·n, and the separation along n.
    let foot = canvas.s(centre - normal * separation);
    canvas
        .painter
        .dashed(foot, canvas.s(centre), 2.0, 6.0, 5.0, color);
    canvas.painter.ring(foot, 4.0, 2.0, color);
    let text = format!("s = {separation:.2}");
    canvas.label(text, (foot + canvas.s(centre)) / 2.0, color);
}

/// The region holding the centre, shaded: half-planes clipped to the view, or the
/// polygon itself when the centre is inside.
fn region(
    canvas: &mut Canvas,
    planes: &[super::visualizers::HalfPlane],
    inside: &[DVec2],
    name: &str,
) {
    let area: Vec<DVec2> = if planes.is_empty() {
        inside.to_vec()
    } else {
        let (min, max) = canvas.camera.visible_world();
        let mut poly = vec![min, DVec2::new(max.x, min.y), max, DVec2::new(min.x, max.y)];
        for &plane in planes {
            poly = clip(&poly, plane);
        }
        poly
    };
    if area.len() < 3 {
        return;
    }
    let screen: Vec<Vec2> = area.iter().map(|&p| canvas.s(p)).collect();
    canvas
        .painter
        .fill_convex(&screen, with_alpha(palette::REGION, 0.22));
    canvas
        .painter
        .dashed_loop(&screen, 1.5, with_alpha(palette::SUPPORT, 0.6));
    // The name in a caption at the bottom of the view, clear of the shapes' labels.
    let v = canvas.camera.viewport;
    let at = Vec2::new(v.x + 12.0, v.y + v.h - 12.0);
    canvas.label_at(format!("shaded: {name}"), at, palette::SUPPORT);
}

/// The polygon's nearest point `q`, the line to the centre, and the normal `n`.
fn nearest(canvas: &mut Canvas, point: DVec2, centre: DVec2, normal: DVec2) {
    let (q, c) = (canvas.s(point), canvas.s(centre));
    canvas.painter.dashed(q, c, 2.0, 6.0, 5.0, palette::CLOSEST);
    canvas.painter.point(q, 6.0, palette::CLOSEST);
    canvas.label("q", q + Vec2::new(-24.0, 24.0), palette::CLOSEST);
    let tip = q + canvas.dir(normal) * AXIS_PX;
    canvas.painter.arrow(q, tip, 3.0, palette::EDGE);
    canvas.label("n", tip, palette::EDGE);
    canvas.mark(Mark::Arrow {
        label: "n".into(),
        vector: normal,
    });
}
