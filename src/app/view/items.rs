//! A step's items in pixels: each [`Item`] a visualiser emits, drawn in the world view
//! (over the pair's shapes) or in the A − B view. SAT's and clipping's items are drawn
//! by [`super::sat`], the circle's closed form by [`super::circle`]. Nothing here knows
//! the app or its modes: the world items get the pair's two shapes.

use super::camera::Camera;
use super::canvas::{shape_outline, Canvas, Mark};
use super::draw::{palette, palette::with_alpha};
use super::labels::left_of;
use super::{cast, circle, sat};
use crate::app::i18n::tr;
use crate::app::visualizers::{num, Item};
use gjk_lab_core::scene::NamedShape;
use gjk_lab_core::shapes::Shape;
use glam::{DVec2, Vec2};

/// Screen length of direction arrows.
const ARROW_PX: f32 = 70.0;

/// Draws one item of a step in the world view, where `a` and `b` are the pair's shapes.
pub(crate) fn draw_world_item(canvas: &mut Canvas, item: &Item, a: &NamedShape, b: &NamedShape) {
    match item {
        Item::Direction(d) => {
            let dir = canvas.dir(*d);
            let (pa, pb) = (canvas.s(a.shape.position()), canvas.s(b.shape.position()));
            // d from A's centre and −d from B's point at each other: short enough
            // that they never meet. Each label beside its arrow, on the arrow's left,
            // so that the two fall on opposite sides (at the tips they piled up).
            let length = ARROW_PX.min(0.4 * pa.distance(pb)).max(24.0);
            let (tip_a, tip_b) = (pa + dir * length, pb - dir * length);
            canvas.painter.arrow(pa, tip_a, 3.0, palette::DIRECTION);
            canvas.painter.arrow(pb, tip_b, 3.0, palette::DIRECTION);
            canvas.label_beside(
                "d",
                (pa + tip_a) / 2.0,
                left_of(pa, tip_a),
                palette::DIRECTION,
            );
            canvas.label_beside(
                "-d",
                (pb + tip_b) / 2.0,
                left_of(pb, tip_b),
                palette::DIRECTION,
            );
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
            // Each point w = a − b as its pair of sources joined by a dashed line,
            // named once, beside the line's middle (a name at both ends read as two
            // points w1, one on A and one on B).
            for (k, w) in points.iter().enumerate() {
                let (sa, sb) = (canvas.s(w.a), canvas.s(w.b));
                canvas
                    .painter
                    .dashed(sa, sb, 1.5, 4.0, 5.0, with_alpha(palette::SIMPLEX, 0.5));
                canvas.painter.point(sa, 4.5, palette::SIMPLEX);
                canvas.painter.point(sb, 4.5, palette::SIMPLEX);
                let name = names.get(k).map_or("?", String::as_str);
                canvas.label_beside(name, (sa + sb) / 2.0, left_of(sa, sb), palette::SIMPLEX);
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
            let along = canvas.across_view(gjk_lab_core::geometry::perp_ccw(*axis));
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
            canvas.label(tr!("view-separating-line"), at, palette::RESULT);
            canvas.mark(Mark::Line {
                label: "separating line".into(),
            });
        }
        Item::Overlap => {
            canvas.label(
                tr!("view-overlap"),
                canvas.s((a.shape.position() + b.shape.position()) / 2.0),
                palette::RESULT,
            );
        }
        Item::Distance { on_a, on_b } => {
            let (sa, sb) = (canvas.s(*on_a), canvas.s(*on_b));
            canvas.painter.line(sa, sb, 3.0, palette::RESULT);
            canvas.painter.point(sa, 6.0, palette::RESULT);
            canvas.painter.point(sb, 6.0, palette::RESULT);
            let text = tr!("view-distance", d = num((*on_b - *on_a).length()));
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
                tr!("view-depth", d = num(*depth)),
                (sf + st) / 2.0 + side,
                palette::EDGE,
            );
            if let Some(top) = ghost.iter().min_by(|p, q| p.y.total_cmp(&q.y)) {
                canvas.label(
                    tr!("view-b-moved-out"),
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
                    tr!("view-whole-b-moved-out"),
                    *bottom + Vec2::new(-60.0, 24.0),
                    palette::SHAPE_B,
                );
            }
        }
        Item::Projections(p) => sat::world_projections(canvas, p),
        Item::Notice(text) => sat::notice(canvas, text),
        Item::Feature(f) => sat::world_feature(canvas, f),
        Item::SidePlane {
            point,
            normal,
            plane,
            current,
        } => sat::world_side_plane(canvas, *point, *normal, *plane, *current),
        Item::Clipped { before, after } => sat::world_clipped(canvas, before, after),
        Item::Candidate { point, depth, kept } => {
            sat::world_candidate(canvas, *point, *depth, *kept)
        }
        Item::Contact {
            point,
            depth,
            normal,
        } => sat::world_contact(canvas, *point, *depth, *normal),
        Item::ClosedForm(figure) => circle::world_figure(canvas, figure),
        Item::Cast(figure) => cast::world_figure(canvas, figure, a, b),
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

/// The core difference (dashed): where the simplex and polytope live when a shape is
/// a circle. Two circles' cores differ by a single point.
pub(crate) fn draw_core(canvas: &mut Canvas, core: &[DVec2]) {
    let screen: Vec<Vec2> = core.iter().map(|&p| canvas.s(p)).collect();
    let color = with_alpha(palette::MINKOWSKI, 0.8);
    match screen[..] {
        [] => {}
        [p] => canvas.painter.ring(p, 5.0, 2.0, color),
        _ => canvas.painter.dashed_loop(&screen, 2.0, color),
    }
    if let Some(bottom) = screen.iter().max_by(|p, q| p.y.total_cmp(&q.y)) {
        canvas.label(tr!("view-core"), *bottom + Vec2::new(-16.0, 26.0), color);
    }
}

/// Draws one item of a step in the A − B view.
pub(crate) fn draw_minkowski_item(canvas: &mut Canvas, item: &Item) {
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
            canvas.label(tr!("view-new"), p, palette::SUPPORT);
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
                canvas.label(
                    tr!("view-dropped"),
                    p + Vec2::new(0.0, 22.0),
                    palette::DROPPED,
                );
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
            canvas.label(
                tr!("view-distance", d = num(*distance)),
                foot,
                palette::EDGE,
            );
            canvas.mark(Mark::Arrow {
                label: "n".into(),
                vector: *normal,
            });
        }
        Item::Separation { axis, support } => {
            let along = canvas.across_view(gjk_lab_core::geometry::perp_ccw(*axis));
            let (a, b) = (canvas.s(support.p - along), canvas.s(support.p + along));
            canvas.painter.dashed(a, b, 2.5, 10.0, 7.0, palette::RESULT);
        }
        Item::BoundLine { axis, support } => {
            let along = canvas.across_view(gjk_lab_core::geometry::perp_ccw(*axis));
            let (a, b) = (canvas.s(*support - along), canvas.s(*support + along));
            canvas
                .painter
                .dashed(a, b, 1.5, 8.0, 6.0, with_alpha(palette::DIRECTION, 0.8));
            let at = canvas.s(*support + along * 0.15);
            canvas.label(tr!("view-bound-line"), at, palette::DIRECTION);
            canvas.mark(Mark::Line {
                label: "bound line".into(),
            });
        }
        Item::FaceEdge { normal, offset } => {
            // The line x·n = offset across the view, and the origin's perpendicular to it.
            let foot = *normal * *offset;
            let along = canvas.across_view(gjk_lab_core::geometry::perp_ccw(*normal));
            let (a, b) = (canvas.s(foot - along), canvas.s(foot + along));
            canvas.painter.dashed(a, b, 2.0, 8.0, 6.0, palette::EDGE);
            canvas.painter.line(o, canvas.s(foot), 1.5, palette::EDGE);
            let at = canvas.s(foot + along * 0.12);
            canvas.label(tr!("view-edge-of-difference"), at, palette::EDGE);
            canvas.mark(Mark::Line {
                label: "edge of A - B".into(),
            });
        }
        Item::Overlap => {
            canvas.painter.ring(o, 14.0, 3.0, palette::RESULT);
            canvas.label(
                tr!("view-origin-inside"),
                o + Vec2::new(14.0, 34.0),
                palette::RESULT,
            );
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
        Item::Projections(p) => sat::minkowski_projections(canvas, p),
        Item::CollisionNormal {
            normal,
            depth,
            source,
        } => sat::minkowski_normal(canvas, *normal, *depth, source),
        Item::Region(_)
        | Item::Notice(_)
        | Item::WholeShapesOut(_)
        | Item::Instead(_)
        | Item::Feature(_)
        | Item::SidePlane { .. }
        | Item::Clipped { .. }
        | Item::Candidate { .. }
        | Item::Contact { .. } => {}
        Item::ClosedForm(figure) => circle::minkowski_figure(canvas, figure),
        Item::Cast(figure) => cast::minkowski_figure(canvas, figure),
    }
}
