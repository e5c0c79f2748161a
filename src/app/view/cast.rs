//! The casts' figures in pixels ([`Figure`]): A and B placed at a time (ghosts), the
//! time line under the world view, the normal at a contact, the deepest points; in
//! the A − B view the shape cast's ray and search direction and `A − B` at a time.

use super::camera::Viewport;
use super::canvas::{fill_shape, shape_outline, Canvas, Mark};
use super::draw::{palette, palette::with_alpha};
use super::labels::left_of;
use crate::app::i18n::tr;
use crate::app::visualizers::{
    cast_time, CastFigure as Figure, MarkKind, PoseRole, Poses, TimeMark,
};
use gjk_lab_core::geometry::perp_ccw;
use gjk_lab_core::scene::NamedShape;
use gjk_lab_core::shapes::{Geometry, Pose, Shape};
use glam::{DVec2, Vec2};
use macroquad::color::Color;

/// Screen length of the normal's arrow.
const ARROW_PX: f32 = 60.0;

/// Pixels between the time line and the world view's bottom edge.
const TIME_LINE_BOTTOM_PX: f32 = 26.0;

/// Pixels the time line leaves at each side of the view.
const TIME_LINE_SIDE_PX: f32 = 48.0;

/// Draws one figure in the world view, where `a` and `b` are the pair's shapes.
pub(crate) fn world_figure(canvas: &mut Canvas, figure: &Figure, a: &NamedShape, b: &NamedShape) {
    match figure {
        Figure::Poses(poses) => world_poses(canvas, poses, &a.shape, &b.shape),
        Figure::Arrow { at, vector, label } => {
            let from = canvas.s(*at);
            let tip = from + canvas.dir(*vector) * ARROW_PX;
            canvas.painter.arrow(from, tip, 3.0, palette::EDGE);
            canvas.label_beside(
                *label,
                (from + tip) / 2.0,
                left_of(from, tip),
                palette::EDGE,
            );
            canvas.mark(Mark::Arrow {
                label: label.to_string(),
                vector: *vector,
            });
        }
        Figure::Gap { a, b, label, .. } => {
            let (sa, sb) = (canvas.s(*a), canvas.s(*b));
            canvas.painter.line(sa, sb, 2.5, palette::CLOSEST);
            canvas.painter.point(sa, 5.5, palette::CLOSEST);
            canvas.painter.point(sb, 5.5, palette::CLOSEST);
            canvas.label_beside(
                label.clone(),
                (sa + sb) / 2.0,
                left_of(sb, sa),
                palette::CLOSEST,
            );
            canvas.mark(Mark::Line {
                label: label.clone(),
            });
        }
        Figure::Times(marks) => time_line(canvas, marks),
        Figure::Ray { .. }
        | Figure::Search { .. }
        | Figure::Plane { .. }
        | Figure::NextDeepest { .. }
        | Figure::NextAdvance(_)
        | Figure::Samples(_) => {}
    }
}

/// Draws one figure in the A − B view.
pub(crate) fn minkowski_figure(canvas: &mut Canvas, figure: &Figure) {
    let o = canvas.s(DVec2::ZERO);
    match figure {
        Figure::Ray { ray, lambda } => {
            let end = canvas.s(*ray);
            let x = canvas.s(*ray * *lambda);
            canvas.painter.line(o, x, 3.0, palette::DIRECTION);
            canvas
                .painter
                .dashed(x, end, 2.0, 7.0, 5.0, with_alpha(palette::DIRECTION, 0.8));
            canvas
                .painter
                .arrow(x.lerp(end, 0.999), end, 2.0, palette::DIRECTION);
            canvas.label_beside("r (t = 1)", end, left_of(o, end), palette::DIRECTION);
            canvas.mark(Mark::Arrow {
                label: "r".into(),
                vector: *ray,
            });
            canvas.painter.ring(x, 7.0, 2.5, palette::DIRECTION);
            canvas.label_beside("x", x, -left_of(o, end), palette::DIRECTION);
        }
        Figure::Search { from, vector } => {
            let (f, t) = (canvas.s(*from), canvas.s(*from + *vector));
            canvas.painter.arrow(f, t, 2.5, palette::CLOSEST);
            canvas.label_beside("d", (f + t) / 2.0, left_of(f, t), palette::CLOSEST);
            canvas.mark(Mark::Arrow {
                label: "d".into(),
                vector: *vector,
            });
        }
        Figure::Plane {
            normal,
            point,
            edge,
        } => {
            let along = canvas.across_view(perp_ccw(*normal));
            let (p, q) = (canvas.s(*point - along), canvas.s(*point + along));
            canvas
                .painter
                .dashed(p, q, 1.5, 8.0, 6.0, with_alpha(palette::SUPPORT, 0.8));
            let label = if *edge {
                tr!("view-edge-line")
            } else {
                tr!("view-w-line")
            };
            canvas.label(label, canvas.s(*point + along * 0.12), palette::SUPPORT);
            canvas.mark(Mark::Line {
                label: if *edge { "edge's line" } else { "w's line" }.into(),
            });
        }
        Figure::Poses(Poses {
            difference: Some(outline),
            t,
            ..
        }) => {
            let screen: Vec<Vec2> = outline.iter().map(|&p| canvas.s(p)).collect();
            canvas.painter.dashed_loop(&screen, 2.0, palette::MINKOWSKI);
            if let Some(bottom) = screen.iter().max_by(|p, q| p.y.total_cmp(&q.y)) {
                canvas.label(
                    tr!("view-difference-at", t = cast_time(*t)),
                    *bottom + Vec2::new(-40.0, 26.0),
                    palette::MINKOWSKI,
                );
            }
        }
        Figure::Poses(_)
        | Figure::Arrow { .. }
        | Figure::Gap { .. }
        | Figure::Times(_)
        | Figure::NextDeepest { .. }
        | Figure::NextAdvance(_)
        | Figure::Samples(_) => {}
    }
}

/// A and B at one time: dashed ghosts (faint for an earlier time), B's labelled.
fn world_poses(canvas: &mut Canvas, poses: &Poses, a: &Shape, b: &Shape) {
    let (alpha, fill) = match poses.role {
        PoseRole::Earlier => (0.22, 0.0),
        PoseRole::Current => (0.85, 0.08),
        PoseRole::Hit => (1.0, 0.16),
        PoseRole::Missed => (1.0, 0.0),
    };
    let mut b_outline = vec![];
    for (shape, pose, color, is_b) in [
        (a, poses.pose_a, palette::SHAPE_A, false),
        (b, poses.pose_b, palette::SHAPE_B, true),
    ] {
        if pose == shape.pose() && poses.role == PoseRole::Earlier {
            continue; // the shape itself is drawn there
        }
        let placed = placed(shape, pose);
        let outline = shape_outline(&placed, &canvas.camera);
        if fill > 0.0 {
            fill_shape(canvas, &placed, &outline, with_alpha(color, fill));
        }
        if poses.role == PoseRole::Missed {
            for (k, &p) in outline.iter().enumerate() {
                let q = outline[(k + 1) % outline.len()];
                canvas.painter.dashed(p, q, 2.0, 2.0, 5.0, color);
            }
        } else {
            canvas.painter.dashed_loop(
                &outline,
                if alpha > 0.5 { 2.0 } else { 1.2 },
                with_alpha(color, alpha),
            );
        }
        if let Geometry::Circle(c) = placed.geometry() {
            if c.radius == 0.0 {
                // A point's ghost (a ray's point at that time): a ring.
                let at = canvas.s(placed.position());
                canvas.painter.ring(at, 6.0, 2.0, with_alpha(color, alpha));
            }
        }
        if is_b {
            b_outline = outline;
        }
    }
    if let Some(label) = &poses.label {
        if let Some(top) = b_outline.iter().min_by(|p, q| p.y.total_cmp(&q.y)) {
            canvas.label(
                label.clone(),
                *top + Vec2::new(-24.0, -10.0),
                palette::SHAPE_B,
            );
        }
    }
}

/// `shape` moved to `pose`.
fn placed(shape: &Shape, pose: Pose) -> Shape {
    let mut placed = shape.clone();
    placed.set_pose(pose);
    placed
}

/// Pixels past the time line's end where a time above 1 ("no time") is marked.
const PAST_THE_END_PX: f32 = 28.0;

/// The time line's left and right ends and its height on the screen, in the world
/// view's `viewport` (`None` when the view is too narrow to draw it).
fn time_line_ends(v: Viewport) -> Option<(f32, f32, f32)> {
    let y = v.y + v.h - TIME_LINE_BOTTOM_PX;
    let (left, right) = (v.x + TIME_LINE_SIDE_PX, v.x + v.w - TIME_LINE_SIDE_PX);
    (right - left >= 60.0).then_some((left, right, y))
}

/// Where time `t` lies on the time line of the world view's `viewport` (a time above
/// 1, "no time", just past the line's end), `None` when the line is not drawn.
pub(crate) fn time_line_point(viewport: Viewport, t: f64) -> Option<Vec2> {
    let (left, right, y) = time_line_ends(viewport)?;
    let x = if t > 1.0 {
        right + PAST_THE_END_PX
    } else {
        left + (right - left) * t.max(0.0) as f32
    };
    Some(Vec2::new(x, y))
}

/// Pixels per unit of time on the time line of the world view's `viewport` (0 when
/// the line is not drawn).
pub(crate) fn time_line_zoom(viewport: Viewport) -> f64 {
    time_line_ends(viewport).map_or(0.0, |(left, right, _)| f64::from(right - left))
}

/// The time line along the bottom of the world view, from t = 0 to t = 1, with the
/// times looked at: apart (hollow), within the target (filled), the step's own
/// (tall), the hit (red), and the times still to look at (faint).
pub(crate) fn time_line(canvas: &mut Canvas, marks: &[TimeMark]) {
    let v = canvas.camera.viewport;
    let Some((left, right, y)) = time_line_ends(v) else {
        return;
    };
    let at = |t: f64| Vec2::new(left + (right - left) * t.clamp(0.0, 1.0) as f32, y);
    canvas.painter.fill_rect(
        Vec2::new(left - 30.0, y - 16.0),
        Vec2::new(right + 30.0, y + 12.0),
        with_alpha(palette::BACKGROUND, 0.8),
    );
    canvas.painter.line(at(0.0), at(1.0), 2.0, palette::AXES);
    for t in [0.0, 1.0] {
        let p = at(t);
        canvas
            .painter
            .line(p - Vec2::Y * 6.0, p + Vec2::Y * 6.0, 2.0, palette::AXES);
    }
    canvas.label_at("t = 0", at(0.0) + Vec2::new(-26.0, -10.0), palette::TEXT);
    canvas.label_at("1", at(1.0) + Vec2::new(6.0, -10.0), palette::TEXT);
    for mark in marks {
        let p = at(mark.t);
        let (color, radius, hollow): (Color, f32, bool) = match mark.kind {
            MarkKind::Planned => (with_alpha(palette::TEXT, 0.35), 3.0, true),
            MarkKind::Apart => (palette::SIMPLEX, 4.0, true),
            MarkKind::Within => (palette::CLOSEST, 4.5, false),
            MarkKind::Now => (palette::DIRECTION, 5.5, false),
            MarkKind::Hit => (palette::EDGE, 6.0, false),
        };
        if mark.kind == MarkKind::Now {
            canvas
                .painter
                .line(p - Vec2::Y * 10.0, p + Vec2::Y * 10.0, 2.5, color);
        }
        if hollow {
            canvas.painter.ring(p, radius, 1.5, color);
        } else {
            canvas.painter.point(p, radius, color);
        }
    }
}
