//! Drawing of the items of SAT and clipping, for the views ([`super::items`]): an axis with both
//! projections on it, its face line in A − B, reference and incident edges, side
//! planes, clipped points and contacts, and a notice in words.

use super::canvas::{Canvas, Mark};
use super::draw::{palette, palette::with_alpha};
use super::labels::LABEL_SIZE;
use crate::app::i18n::tr;
use crate::app::visualizers::{clip, num, AxisRole, Feature, FeatureRole, HalfPlane, Projections};
use gjk_lab_core::geometry::perp_ccw;
use glam::{DVec2, Vec2};
use macroquad::color::Color;

/// Distance (pixels) of an axis's line from the shapes.
const AXIS_OFFSET_PX: f64 = 38.0;
/// Where a point's depth goes, from the point (below left: short, and clear of the
/// normal's arrow).
const DEPTH_LABEL: Vec2 = Vec2::new(-66.0, 30.0);
/// Distance (pixels) of each interval from its axis line (A on the shapes' side).
const BAR_OFFSET_PX: f32 = 5.0;

/// The colour of an axis by its role.
fn role_color(role: AxisRole) -> Color {
    match role {
        AxisRole::Tested => palette::DIRECTION,
        AxisRole::Minimum | AxisRole::RunningMinimum => palette::EDGE,
        AxisRole::Separating => palette::RESULT,
    }
}

/// The smallest and largest of `d·corner` over the visible corners of the view.
fn visible_range(canvas: &Canvas, d: DVec2) -> (f64, f64) {
    let (min, max) = canvas.camera.visible_world();
    [min, DVec2::new(max.x, min.y), max, DVec2::new(min.x, max.y)]
        .iter()
        .map(|c| c.dot(d))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
}

/// The world view of an axis: its line beside the shapes, A's and B's intervals on
/// it, their overlap (or gap, with the separating line), the projectors from the
/// shapes' extreme points, and the feature the axis comes from.
pub(super) fn world_projections(canvas: &mut Canvas, p: &Projections) {
    if p.role == AxisRole::RunningMinimum {
        world_source(canvas, p, true);
        return;
    }
    canvas.mark(Mark::Shadows { a: p.a, b: p.b });
    let zoom = canvas.camera.zoom;
    let color = role_color(p.role);
    let offset = AXIS_OFFSET_PX;
    // Past the shapes, but kept inside the view.
    let (q_lo, q_hi) = visible_range(canvas, p.side);
    let margin = 30.0 / zoom;
    let q = (p.beside + offset / zoom)
        .min(q_hi - margin)
        .max(q_lo + margin);
    let at = |t: f64| p.axis * t + p.side * q;
    let (t_lo, t_hi) = visible_range(canvas, p.axis);
    canvas.painter.line(
        canvas.s(at(t_lo)),
        canvas.s(at(t_hi)),
        1.5,
        with_alpha(color, 0.7),
    );
    let out = canvas.dir(p.side);
    let bar = |canvas: &Canvas, t: f64, px: f32| canvas.s(at(t)) + out * px;
    {
        for (ends, interval, shape) in [
            (p.ends_a, p.a, palette::SHAPE_A),
            (p.ends_b, p.b, palette::SHAPE_B),
        ] {
            for (end, t) in ends.iter().zip([interval.min, interval.max]) {
                let foot = canvas.s(at(t));
                canvas
                    .painter
                    .dashed(canvas.s(*end), foot, 1.2, 4.0, 5.0, with_alpha(shape, 0.55));
            }
        }
    }
    // The common part of the two shadows, or the gap between them.
    let (lo, hi) = (p.a.min.max(p.b.min), p.a.max.min(p.b.max));
    if lo <= hi {
        canvas.painter.line(
            bar(canvas, lo, 0.0),
            bar(canvas, hi, 0.0),
            20.0,
            with_alpha(color, 0.35),
        );
    } else {
        canvas.painter.dashed(
            bar(canvas, hi, 0.0),
            bar(canvas, lo, 0.0),
            3.0,
            5.0,
            4.0,
            color,
        );
        if p.role == AxisRole::Separating {
            let mid = p.axis * ((lo + hi) / 2.0);
            let along = canvas.across_view(p.side);
            let (s, e) = (canvas.s(mid - along), canvas.s(mid + along));
            canvas.painter.dashed(s, e, 2.5, 10.0, 7.0, palette::RESULT);
        }
    }
    for (interval, px, shape) in [
        (p.a, -BAR_OFFSET_PX, palette::SHAPE_A),
        (p.b, BAR_OFFSET_PX, palette::SHAPE_B),
    ] {
        let (s, e) = (bar(canvas, interval.min, px), bar(canvas, interval.max, px));
        canvas.painter.line(s, e, 6.0, shape);
        for end in [s, e] {
            canvas
                .painter
                .line(end - out * 6.0, end + out * 6.0, 2.0, shape);
        }
    }
    let mid = (p.a.min.min(p.b.min) + p.a.max.max(p.b.max)) / 2.0;
    canvas.label_at(
        p.label.clone(),
        bar(canvas, mid, 0.0) + out * 34.0 - Vec2::new(60.0, -8.0),
        color,
    );
    world_source(canvas, p, false);
}

/// The feature an axis comes from, thick, with the axis `n` as an arrow from its
/// middle (for an edge: its outward normal), and `-n` beside it when B's way out is
/// against the axis; `labelled`: the running minimum, named by its label instead.
fn world_source(canvas: &mut Canvas, p: &Projections, labelled: bool) {
    let color = role_color(p.role);
    let Some((from, to, _)) = p.source else {
        return;
    };
    let (s, e) = (canvas.s(from), canvas.s(to));
    canvas.painter.line(s, e, 5.0, color);
    if p.source_is_edge {
        canvas.mark(Mark::Edge { from, to });
    }
    let mid = (s + e) / 2.0;
    let tip = mid + canvas.dir(p.axis) * 34.0;
    canvas.painter.arrow(mid, tip, 2.5, color);
    let text = if labelled {
        format!("n: {}", p.label)
    } else {
        "n".to_string()
    };
    canvas.label(text.clone(), tip, color);
    canvas.mark(Mark::Arrow {
        label: text,
        vector: p.axis,
    });
    if p.way_out && p.normal.dot(p.axis) < 0.0 {
        let tip = mid - canvas.dir(p.axis) * 34.0;
        canvas.painter.arrow(mid, tip, 2.5, color);
        canvas.label("-n", tip, color);
        canvas.mark(Mark::Arrow {
            label: "-n".into(),
            vector: -p.axis,
        });
    }
}

/// The A − B view of an axis: the supporting line `x·normal = overlap` (a face of
/// A − B for an edge normal) and its distance from the origin — the overlap, or, when
/// the origin lies outside it, the gap.
pub(super) fn minkowski_projections(canvas: &mut Canvas, p: &Projections) {
    let color = role_color(p.role);
    let foot = p.normal * p.overlap;
    let along = canvas.across_view(perp_ccw(p.normal));
    let (s, e) = (canvas.s(foot - along), canvas.s(foot + along));
    canvas.painter.dashed(s, e, 2.5, 10.0, 6.0, color);
    let (o, f) = (canvas.s(DVec2::ZERO), canvas.s(foot));
    if p.overlap > 0.0 {
        canvas.painter.arrow(o, f, 3.0, color);
    } else {
        canvas.painter.dashed(o, f, 3.0, 5.0, 4.0, color);
    }
    // The running minimum's label one line lower: on a tie both lines coincide.
    let below = if p.role == AxisRole::RunningMinimum {
        LABEL_SIZE * 1.1
    } else {
        0.0
    };
    let at = f + canvas.dir(p.normal) * 10.0 + Vec2::new(0.0, below);
    canvas.label(p.label.clone(), at, color);
}

/// The colour of a clipping feature.
fn feature_color(role: FeatureRole) -> Color {
    match role {
        FeatureRole::Reference => palette::EDGE,
        FeatureRole::Incident => palette::DIRECTION,
        FeatureRole::Facing => palette::DROPPED,
    }
}

/// An edge of clipping: thick, labelled, with its outward normal; the reference edge
/// also with its face line (dashed), below which points are kept.
pub(super) fn world_feature(canvas: &mut Canvas, f: &Feature) {
    let color = feature_color(f.role);
    if f.role == FeatureRole::Reference {
        let along = canvas.across_view((f.to - f.from).normalize_or_zero());
        canvas.painter.dashed(
            canvas.s(f.from - along),
            canvas.s(f.to + along),
            1.5,
            8.0,
            6.0,
            with_alpha(color, 0.5),
        );
    }
    let (s, e) = (canvas.s(f.from), canvas.s(f.to));
    canvas.painter.line(s, e, 6.0, color);
    canvas.mark(Mark::Edge {
        from: f.from,
        to: f.to,
    });
    let mid = (s + e) / 2.0;
    let n = canvas.dir(f.normal);
    canvas.painter.arrow(mid, mid + n * 36.0, 2.5, color);
    // The name in a caption at the bottom of the view, in the edge's colour: the edges
    // are often short on screen and close together, and labels beside them collide.
    let v = canvas.camera.viewport;
    let row = match f.role {
        FeatureRole::Reference => 1.0,
        FeatureRole::Incident | FeatureRole::Facing => 0.0,
    };
    let at = Vec2::new(v.x + 12.0, v.y + v.h - 12.0 - row * LABEL_SIZE * 1.2);
    canvas.label_at(f.label.clone(), at, color);
}

/// A side plane: the line through an end of the reference edge, perpendicular to it;
/// the side it cuts away is shaded when it is the current one.
pub(super) fn world_side_plane(
    canvas: &mut Canvas,
    point: DVec2,
    normal: DVec2,
    plane: u32,
    current: bool,
) {
    let color = if current {
        palette::SIMPLEX
    } else {
        with_alpha(palette::SIMPLEX, 0.4)
    };
    if current {
        let (min, max) = canvas.camera.visible_world();
        let mut cut = vec![min, DVec2::new(max.x, min.y), max, DVec2::new(min.x, max.y)];
        cut = clip(
            &cut,
            HalfPlane {
                normal,
                offset: normal.dot(point),
            },
        );
        let screen: Vec<Vec2> = cut.iter().map(|&p| canvas.s(p)).collect();
        canvas
            .painter
            .fill_convex(&screen, with_alpha(palette::REJECTED, 0.08));
    }
    let along = canvas.across_view(perp_ccw(normal));
    canvas.painter.dashed(
        canvas.s(point - along),
        canvas.s(point + along),
        if current { 2.5 } else { 1.5 },
        9.0,
        6.0,
        color,
    );
    let p = canvas.s(point);
    let keep = canvas.dir(normal);
    canvas.painter.arrow(p, p + keep * 30.0, 2.0, color);
    // Near the top of the view, clear of the shapes' names.
    let up = canvas.dir(perp_ccw(normal));
    let up = if up.y > 0.0 { -up } else { up };
    let top = canvas.camera.viewport.y + 56.0;
    let t = if up.y < -0.3 {
        (top - p.y) / up.y
    } else {
        70.0
    };
    canvas.label(
        tr!("view-side-plane", plane = plane.to_string()),
        p + up * t,
        color,
    );
}

/// The incident edge's points before a clip (ghosts) and after it (the segment left).
pub(super) fn world_clipped(canvas: &mut Canvas, before: &[DVec2], after: &[DVec2]) {
    for &p in before.iter().filter(|p| !after.contains(p)) {
        canvas
            .painter
            .ghost_point(canvas.s(p), 7.0, palette::DROPPED);
        canvas.label(
            tr!("view-cut"),
            canvas.s(p) + Vec2::new(0.0, 24.0),
            palette::DROPPED,
        );
    }
    let screen: Vec<Vec2> = after.iter().map(|&p| canvas.s(p)).collect();
    if let [s, e] = screen[..] {
        canvas.painter.line(s, e, 3.0, palette::SIMPLEX);
    }
    for p in screen {
        canvas.painter.point(p, 6.0, palette::SIMPLEX);
    }
}

/// A clipped point with its depth: kept (green) or dropped (ghosted).
pub(super) fn world_candidate(canvas: &mut Canvas, point: DVec2, depth: f64, kept: bool) {
    let p = canvas.s(point);
    if kept {
        canvas.painter.point(p, 7.0, palette::SUPPORT);
        canvas.label(num(depth), p + DEPTH_LABEL, palette::SUPPORT);
    } else {
        canvas.painter.ghost_point(p, 7.0, palette::DROPPED);
        canvas.label(tr!("view-dropped"), p, palette::DROPPED);
    }
}

/// A contact point, its depth, and the normal along which it is pushed out.
pub(super) fn world_contact(canvas: &mut Canvas, point: DVec2, depth: f64, normal: DVec2) {
    let p = canvas.s(point);
    let length = canvas.camera.to_pixels(depth).max(22.0);
    canvas
        .painter
        .arrow(p, p + canvas.dir(normal) * length, 2.5, palette::SUPPORT);
    canvas.painter.point(p, 7.5, palette::SUPPORT);
    canvas.label(num(depth), p + DEPTH_LABEL, palette::SUPPORT);
}

/// The collision normal from the origin of A − B, as long as the depth, labelled with
/// the algorithm that found it.
pub(super) fn minkowski_normal(canvas: &mut Canvas, normal: DVec2, depth: f64, source: &str) {
    let o = canvas.s(DVec2::ZERO);
    let length = canvas.camera.to_pixels(depth).max(40.0);
    let tip = o + canvas.dir(normal) * length;
    canvas.painter.arrow(o, tip, 3.0, palette::EDGE);
    // Behind the origin, away from the arrow: its tip is often near A − B's label.
    canvas.label(
        tr!("view-normal-from", source = source, d = num(depth)),
        o - canvas.dir(normal) * 34.0 + Vec2::new(0.0, 10.0),
        palette::EDGE,
    );
}

/// A sentence in large type across the top of a view, on a dark band.
pub(super) fn notice(canvas: &mut Canvas, text: &str) {
    let v = canvas.camera.viewport;
    let lines = wrap(text, v.w - 40.0);
    let height = LABEL_SIZE * 1.25;
    let top = v.y + 48.0;
    canvas.painter.fill_rect(
        Vec2::new(v.x + 10.0, top - 8.0),
        Vec2::new(v.x + v.w - 10.0, top + height * lines.len() as f32 + 4.0),
        with_alpha(palette::RIM, 0.85),
    );
    for (k, line) in lines.into_iter().enumerate() {
        let at = Vec2::new(v.x + 20.0, top + height * (k as f32 + 0.8));
        canvas.label_at(line, at, palette::TEXT);
    }
}

/// Splits `text` into lines no wider than `width` pixels at the label size: between
/// words, and between any two Chinese characters (Chinese has no spaces to break at).
fn wrap(text: &str, width: f32) -> Vec<String> {
    let fits = |s: &str| super::labels::text_width(s) <= width;
    let mut lines = vec![];
    let mut line = String::new();
    for (spaced, token) in tokens(text) {
        let candidate = match (line.is_empty(), spaced) {
            (true, _) => token.to_string(),
            (false, true) => format!("{line} {token}"),
            (false, false) => format!("{line}{token}"),
        };
        if fits(&candidate) || line.is_empty() {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, token.to_string()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The pieces a line may break between, each with whether a space came before it: a
/// run of text without spaces, or one Chinese character (with the punctuation that
/// must not begin a line, "，" "。" "：" …, kept on the character before it, and an
/// opening bracket, which must not end one, on the character after it).
fn tokens(text: &str) -> Vec<(bool, &str)> {
    let wide = |c: char| c as u32 >= 0x2E80;
    let closing = |c: char| "，。：；、）！？”".contains(c);
    let opening = |c: char| "（《【「".contains(c);
    let mut out: Vec<(bool, &str)> = vec![];
    let mut spaced = false;
    let mut start: Option<usize> = None;
    let mut opened = false;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((spaced, &text[s..i]));
            }
            (spaced, opened) = (true, false);
            continue;
        }
        // A Chinese character starts a piece of its own, unless it is punctuation
        // that closes the one before it, or an opening bracket comes just before it.
        let after_opening = std::mem::replace(&mut opened, opening(c));
        if wide(c) && !closing(c) && !after_opening {
            if let Some(s) = start.take() {
                out.push((spaced, &text[s..i]));
                spaced = false;
            }
        }
        if start.is_none() {
            start = Some(i);
        }
        // After a Chinese character (not a closing mark) the piece ends too, unless a
        // closing mark follows ("圆，" stays together) or it opens a bracket ("（圆").
        let next = text[i + c.len_utf8()..].chars().next();
        if wide(c) && !opening(c) && !next.is_some_and(closing) {
            let end = i + c.len_utf8();
            out.push((spaced, &text[start.take().unwrap_or(i)..end]));
            spaced = false;
        }
    }
    if let Some(s) = start {
        out.push((spaced, &text[s..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{tokens, wrap};

    #[test]
    fn chinese_breaks_between_characters_and_keeps_its_closing_marks() {
        assert_eq!(
            tokens("A 与 B 是分离的：没有 GJK。"),
            [
                (false, "A"),
                (true, "与"),
                (true, "B"),
                (true, "是"),
                (false, "分"),
                (false, "离"),
                (false, "的："),
                (false, "没"),
                (false, "有"),
                (true, "GJK。")
            ]
        );
        let width = super::super::labels::text_width("SAT 不适用：椭圆");
        let lines = wrap(
            "SAT 不适用：椭圆需要的轴没有闭式解。GJK + EPA 适用于任何凸形状。",
            width,
        );
        assert!(lines.len() >= 3, "{lines:?}");
        assert!(lines
            .iter()
            .all(|l| super::super::labels::text_width(l) <= width));
        // Only a break's own space is dropped.
        let text = "SAT 不适用：椭圆需要的轴没有闭式解。GJK + EPA 适用于任何凸形状。";
        assert_eq!(lines.join(" ").replace(' ', ""), text.replace(' ', ""));
        assert_eq!(wrap("two words", 1000.0), ["two words"]);
        // An opening bracket stays with what it opens.
        assert_eq!(
            tokens("线段（半径）"),
            [
                (false, "线"),
                (false, "段"),
                (false, "（半"),
                (false, "径）")
            ]
        );
    }
}
