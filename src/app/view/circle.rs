//! Drawing of the closed form's figures (circle against polygon; face separation
//! shares its frame, its edges with their separations and adds the deepest vertex), for
//! [`super::items`]: the polygon's frame, edges with their normals and the centre's
//! separation from each, the shaded Voronoi region of the centre, and the polygon's
//! nearest point `q` with the normal `n`; for an ellipse against a polygon, the
//! squashed plane, its edges' separations `s'`, its nearest point `q'`, and the gap of
//! the shadows along a direction `m`. World view only.

use super::canvas::{Canvas, Mark};
use super::draw::{palette, palette::with_alpha};
use crate::app::i18n::tr;
use crate::app::visualizers::ClosedFormFigure as Figure;
use crate::app::visualizers::{clip, num};
use glam::{DVec2, Vec2};

/// Screen length of the frame's axes and of edge normals.
const AXIS_PX: f32 = 48.0;

/// Draws one figure in the world view.
pub(super) fn world_figure(canvas: &mut Canvas, figure: &Figure) {
    match figure {
        Figure::Frame {
            origin,
            axes,
            names,
        } => frame(canvas, *origin, *axes, names.labels()),
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
        Figure::Earlier(figures) => {
            for figure in figures.in_order() {
                world_figure(canvas, figure);
            }
        }
        Figure::Nearest {
            point,
            centre,
            normal,
        } => nearest(canvas, *point, *centre, *normal),
        Figure::Squashed {
            centre,
            radius,
            outline,
        } => squashed(canvas, *centre, *radius, outline),
        Figure::SquashedEdge {
            edge,
            squashed,
            normal,
            separation,
            centre,
            radius,
            current,
        } => squashed_edge(
            canvas,
            [*edge, *squashed],
            *normal,
            (*separation, *radius),
            *centre,
            *current,
        ),
        Figure::SquashedNearest { point, centre } => {
            let (q, c) = (canvas.s(*point), canvas.s(*centre));
            canvas.painter.dashed(q, c, 2.0, 6.0, 5.0, palette::CLOSEST);
            canvas.painter.point(q, 6.0, palette::CLOSEST);
            canvas.label("q'", q + Vec2::new(-26.0, 24.0), palette::CLOSEST);
        }
        Figure::Gap {
            direction,
            from,
            to,
            ..
        } => gap(canvas, *direction, *from, *to),
        Figure::Circles { centres, radii } => circles(canvas, *centres, *radii),
        Figure::Segment { from, to, label } => {
            let (a, b) = (canvas.s(*from), canvas.s(*to));
            canvas.painter.dashed(a, b, 2.5, 7.0, 5.0, palette::SIMPLEX);
            canvas.label(*label, (a + b) / 2.0, palette::SIMPLEX);
            canvas.mark(Mark::Line {
                label: (*label).into(),
            });
        }
        Figure::Face { from, to } => {
            let (a, b) = (canvas.s(*from), canvas.s(*to));
            canvas.painter.line(a, b, 6.0, palette::EDGE);
            canvas.mark(Mark::Edge {
                from: *from,
                to: *to,
            });
        }
    }
}

/// Draws one figure in the Minkowski view (only the gap has a picture there).
pub(super) fn minkowski_figure(canvas: &mut Canvas, figure: &Figure) {
    let Figure::Gap {
        direction,
        from,
        to,
        from_is_a,
    } = figure
    else {
        return;
    };
    // A − B meets the line at a − b; the line is normal to m, and the origin's foot on
    // it is gap·(±m) away: the gap is a lower bound on the distance.
    let w = if *from_is_a {
        from.0 - to.0
    } else {
        to.0 - from.0
    };
    let foot = *direction * direction.dot(w);
    let along = canvas.across_view(direction.perp());
    let (a, b) = (canvas.s(foot - along), canvas.s(foot + along));
    canvas
        .painter
        .dashed(a, b, 2.0, 8.0, 6.0, with_alpha(palette::DIRECTION, 0.9));
    let o = canvas.s(DVec2::ZERO);
    canvas
        .painter
        .line(o, canvas.s(foot), 2.0, palette::CLOSEST);
    canvas.painter.point(canvas.s(w), 5.0, palette::SUPPORT);
    canvas.label(
        tr!("view-gap"),
        (o + canvas.s(foot)) / 2.0,
        palette::CLOSEST,
    );
}

/// The squashed plane: the unit circle (drawn at `radius`) and the squashed polygon,
/// dashed.
fn squashed(canvas: &mut Canvas, centre: DVec2, radius: f64, outline: &[DVec2]) {
    let color = with_alpha(palette::SIMPLEX, 0.8);
    dashed_circle(canvas, centre, radius, 2.0, color);
    let screen: Vec<Vec2> = outline.iter().map(|&p| canvas.s(p)).collect();
    canvas.painter.dashed_loop(&screen, 2.0, color);
}

/// An edge in the squashed plane with its normal and the dashed separation `s'` from
/// its line to the centre (drawn `s'·radius` long, the unit circle being drawn at
/// `radius`); the real edge highlighted too, the current one thick and labelled.
fn squashed_edge(
    canvas: &mut Canvas,
    [edge, squashed]: [[DVec2; 2]; 2],
    normal: DVec2,
    (separation, radius): (f64, f64),
    centre: DVec2,
    current: bool,
) {
    let color = if current {
        palette::EDGE
    } else {
        with_alpha(palette::EDGE, 0.35)
    };
    let (a, b) = (canvas.s(squashed[0]), canvas.s(squashed[1]));
    canvas
        .painter
        .line(a, b, if current { 5.0 } else { 2.0 }, color);
    let mid = (a + b) / 2.0;
    canvas
        .painter
        .arrow(mid, mid + canvas.dir(normal) * 30.0, 2.0, color);
    if !current {
        return;
    }
    let (ra, rb) = (canvas.s(edge[0]), canvas.s(edge[1]));
    canvas
        .painter
        .line(ra, rb, 4.0, with_alpha(palette::EDGE, 0.6));
    canvas.mark(Mark::Edge {
        from: edge[0],
        to: edge[1],
    });
    // The centre's foot on the squashed edge's line, and the separation along n.
    let foot = canvas.s(centre - normal * (separation * radius));
    canvas
        .painter
        .dashed(foot, canvas.s(centre), 2.0, 6.0, 5.0, color);
    canvas.painter.ring(foot, 4.0, 2.0, color);
    let text = format!("s' = {}", num(separation));
    canvas.label(text, (foot + canvas.s(centre)) / 2.0, color);
}

/// A dashed circle of world `radius` about `centre`.
fn dashed_circle(
    canvas: &mut Canvas,
    centre: DVec2,
    radius: f64,
    width: f32,
    color: macroquad::color::Color,
) {
    let (c, r) = (canvas.s(centre), canvas.camera.to_pixels(radius));
    let segments = super::draw::circle_segments(r).max(24);
    let circle: Vec<Vec2> = (0..segments)
        .map(|i| {
            let (sin, cos) = (std::f32::consts::TAU * i as f32 / segments as f32).sin_cos();
            c + Vec2::new(cos, sin) * r
        })
        .collect();
    canvas.painter.dashed_loop(&circle, width, color);
}

/// The bounding circles, dashed, and the line between their centres.
fn circles(canvas: &mut Canvas, centres: [DVec2; 2], radii: [f64; 2]) {
    let color = with_alpha(palette::DIRECTION, 0.8);
    for (c, r) in centres.iter().zip(radii) {
        dashed_circle(canvas, *c, r, 1.5, color);
    }
    let (a, b) = (canvas.s(centres[0]), canvas.s(centres[1]));
    canvas.painter.dashed(a, b, 1.5, 6.0, 6.0, color);
}

/// The gap of the shadows along `m`: the lines normal to `m` through the first
/// shape's point (`e` on an ellipse) and the second's, the gap between them, and the
/// arrow `m`.
fn gap(
    canvas: &mut Canvas,
    m: DVec2,
    (e, from_label): (DVec2, &str),
    (p, to_label): (DVec2, &str),
) {
    let (se, sp) = (canvas.s(e), canvas.s(p));
    let along = canvas.dir(m.perp()) * 60.0;
    for (at, color) in [(se, palette::SHAPE_A), (sp, palette::CLOSEST)] {
        canvas.painter.dashed(
            at - along,
            at + along,
            2.0,
            6.0,
            5.0,
            with_alpha(color, 0.9),
        );
    }
    // The polygon's line, moved back along m onto e's: the gap between the lines.
    let foot = canvas.s(e + m * m.dot(p - e));
    canvas.painter.line(se, foot, 2.0, palette::CLOSEST);
    canvas.painter.point(se, 6.0, palette::SUPPORT);
    canvas.label(from_label, se + Vec2::new(-24.0, 24.0), palette::SUPPORT);
    canvas.painter.point(sp, 6.0, palette::CLOSEST);
    if !to_label.is_empty() {
        canvas.label(to_label, sp + Vec2::new(8.0, 24.0), palette::CLOSEST);
    }
    let tip = se + canvas.dir(m) * AXIS_PX;
    canvas.painter.arrow(se, tip, 3.0, palette::DIRECTION);
    canvas.label("m", tip, palette::DIRECTION);
    canvas.mark(Mark::Arrow {
        label: "m".into(),
        vector: m,
    });
}

/// The polygon's local axes from its position, each labelled with its name beside
/// its head, on the side away from the other axis: outside the corner the two arrows
/// make, where the shape's own name (above right of its position) is not.
fn frame(canvas: &mut Canvas, origin: DVec2, axes: [DVec2; 2], names: [&str; 2]) {
    let o = canvas.s(origin);
    let dirs = axes.map(|a| canvas.dir(a));
    for k in 0..2 {
        let tip = o + dirs[k] * AXIS_PX;
        canvas.painter.arrow(o, tip, 2.5, palette::DIRECTION);
        let head = tip - dirs[k] * 8.0;
        canvas.label_beside(names[k], head, -dirs[1 - k], palette::DIRECTION);
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
    let text = format!("s = {}", num(separation));
    canvas.label(text, (foot + canvas.s(centre)) / 2.0, color);
}

/// The region holding the centre, shaded: half-planes clipped to the view, or the
/// polygon itself when the centre is inside.
fn region(
    canvas: &mut Canvas,
    planes: &[crate::app::visualizers::HalfPlane],
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
