//! The figures of the first lessons, drawn over the two shapes instead of an
//! algorithm's step (see [`gjk_lab_core::lesson::Figure`]):
//!
//! - *differences*: every vertex difference `aᵢ − bⱼ` as a point of A − B (for a curved
//!   shape, the support points of A − B in evenly spread directions, the sampled
//!   support), whose convex hull is the outline of A − B; one of them is traced back to
//!   its vertices `a` on A and `b` on B;
//! - *sweep*: A swept by −B — with `c` B's centre, A moved by `−c`, and copies of B
//!   turned half a turn about its centre placed with their centre at the points of
//!   that outline, one after another: `A − B = (A − c) ⊕ (−(B − c))`, so the moved A
//!   and the copies cover A − B;
//! - *support*: a direction `d` the learner drags (an arrow from the middle of A − B,
//!   drawn as long as `d` is: its tip is the point base + d, so that the dot products
//!   the page states, `a·d = ax·dx + ay·dy`, are those of the arrow drawn); the
//!   support points `a = s_A(d)`, `b = s_B(−d)` and `w = s_{A−B}(d) = a − b`, with
//!   their dot products.
//!
//! - *regions*: the Voronoi regions of the simplex at the page's step, each part's
//!   region shaded and named, and a point P the learner drags through them; the
//!   page's `{region}` names the part whose region holds P, the part GJK would keep
//!   if the origin were there.
//!
//! The support points come from the core's [`MinkowskiDifference::full_support`], the
//! function GJK itself calls.

use crate::app::state::App;
use crate::app::view::canvas::{Canvas, Mark};
use crate::app::view::draw::{palette, palette::with_alpha};
use crate::app::visualizers::{num, vec2};
use gjk_lab_core::lesson::Figure;
use gjk_lab_core::minkowski::MinkowskiDifference;
use gjk_lab_core::shapes::{Geometry, Shape};
use glam::{DVec2, Vec2};

/// The dragged direction `d` at first: as long as it is drawn, in units of the views.
pub const FIRST_DIRECTION: DVec2 = DVec2::new(1.41, 0.49);
/// The shortest the dragged arrow gets, in pixels (its tip must stay apart from its
/// base to be grabbed).
const SHORTEST_PX: f32 = 2.0 * GRAB_PX;
/// How near (pixels) the arrow's tip a press must be to drag it.
pub const GRAB_PX: f32 = 16.0;
/// Directions sampled on a curved shape for the *differences* figure.
const CURVED_SAMPLES: usize = 32;
/// Copies of −B along A's outline in the *sweep* figure.
const SWEEP_COPIES: usize = 28;
/// Copies placed per second by the sweep animation.
const SWEEP_RATE: f64 = 7.0;
/// The sweep animation rests this many copies' time on the finished picture.
const SWEEP_REST: usize = 10;

/// The figure of the lesson page shown, if any.
pub fn page_figure(app: &App) -> Option<Figure> {
    let lesson = app.lab.lesson.as_ref()?;
    lesson.pages.get(lesson.page)?.figure
}

/// The three support points of the *support* figure along the learner's direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Supports {
    /// The direction `d`, as long as the arrow drawn.
    pub d: DVec2,
    /// `a = s_A(d)`, the point of A farthest along `d`.
    pub a: DVec2,
    /// `b = s_B(−d)`, the point of B farthest along `−d`.
    pub b: DVec2,
    /// `w = a − b = s_{A−B}(d)`.
    pub w: DVec2,
}

/// The support points along the lesson's direction, for the pair shown.
pub fn supports(app: &App) -> Option<Supports> {
    let (a, b) = app.stepped_pair()?;
    let d = app.lab.lesson.as_ref()?.direction;
    if d.normalize_or_zero() == DVec2::ZERO {
        return None;
    }
    let s = MinkowskiDifference::new(&a, &b).full_support(d);
    Some(Supports {
        d,
        a: s.a,
        b: s.b,
        w: s.p,
    })
}

/// The live numbers of the *support* figure's page text: `{d}`, `{support_a}`,
/// `{support_b}` and `{support}`.
pub fn placeholder(app: &App, name: &str) -> Option<String> {
    if name == "region" {
        return trial_region(app);
    }
    let s = supports(app)?;
    Some(match name {
        "d" => vec2(s.d),
        "support_a" => format!("a = {}, a·d = {}", vec2(s.a), num(s.a.dot(s.d))),
        "support_b" => format!("b = {}, b·(−d) = {}", vec2(s.b), num(-s.b.dot(s.d))),
        // w·d = a·d + b·(−d): the two maxima add up.
        "support" => format!("w = a − b = {}, w·d = {}", vec2(s.w), num(s.w.dot(s.d))),
        _ => return None,
    })
}

/// World vertices of a polygon (none for a curved shape).
fn world_vertices(shape: &Shape) -> Vec<DVec2> {
    match shape.geometry() {
        Geometry::Polygon(p) => p.vertices().iter().map(|&v| shape.to_world(v)).collect(),
        _ => vec![],
    }
}

/// The most vertex differences the *differences* figure draws: two 64-gons' worth.
/// Larger polygons show every k-th vertex of each, and the figure says so.
pub const MAX_DIFFERENCES: usize = 4096;

/// Every how many vertices of A and of B the *differences* figure takes, so that it
/// draws at most [`MAX_DIFFERENCES`] points: `(1, 1)` for the lessons' shapes.
pub fn difference_strides(n: usize, m: usize) -> (usize, usize) {
    let (mut sa, mut sb) = (1, 1);
    while n.div_ceil(sa) * m.div_ceil(sb) > MAX_DIFFERENCES {
        // Thin the polygon that still has more vertices shown.
        if n.div_ceil(sa) >= m.div_ceil(sb) {
            sa += 1;
        } else {
            sb += 1;
        }
    }
    (sa, sb)
}

/// The points of the *differences* figure: every `aᵢ − bⱼ` of two polygons (of large
/// ones, every k-th vertex of each: [`difference_strides`]), or the support points of
/// A − B in [`CURVED_SAMPLES`] directions when a shape is curved.
pub fn differences(app: &App) -> Vec<DVec2> {
    let Some((a, b)) = app.stepped_pair() else {
        return vec![];
    };
    let (va, vb) = (world_vertices(&a), world_vertices(&b));
    if !va.is_empty() && !vb.is_empty() {
        let (sa, sb) = difference_strides(va.len(), vb.len());
        return va
            .iter()
            .step_by(sa)
            .flat_map(|&p| vb.iter().step_by(sb).map(move |&q| p - q))
            .collect();
    }
    let m = MinkowskiDifference::new(&a, &b);
    (0..CURVED_SAMPLES)
        .map(|k| {
            let angle = std::f64::consts::TAU * k as f64 / CURVED_SAMPLES as f64;
            m.full_support(DVec2::from_angle(angle)).p
        })
        .collect()
}

/// The figure's marks in the world view.
pub(crate) fn draw_world(app: &App, canvas: &mut Canvas, figure: Figure) {
    match figure {
        Figure::Differences => {
            if let Some((a, b)) = traced_pair(app) {
                canvas.painter.point(canvas.s(a), 6.0, palette::SHAPE_A);
                canvas.painter.point(canvas.s(b), 6.0, palette::SHAPE_B);
                canvas.label("a", canvas.s(a), palette::SHAPE_A);
                canvas.label("b", canvas.s(b), palette::SHAPE_B);
            }
        }
        Figure::Sweep | Figure::Regions => {}
        Figure::Support => {
            let Some(s) = supports(app) else {
                return;
            };
            let Some((sa, sb)) = app.stepped_pair() else {
                return;
            };
            // The same arrow d from A's centre (−d from B's), as long as it is.
            for (from, v, label) in [(sa.position(), s.d, "d"), (sb.position(), -s.d, "-d")] {
                let (tip, from) = (canvas.s(from + v), canvas.s(from));
                canvas.painter.arrow(from, tip, 3.0, palette::DIRECTION);
                canvas.label(label, tip, palette::DIRECTION);
                canvas.mark(Mark::Arrow {
                    label: label.into(),
                    vector: v,
                });
            }
            for (p, label, color) in [(s.a, "a", palette::SHAPE_A), (s.b, "b", palette::SHAPE_B)] {
                let at = canvas.s(p);
                canvas.painter.point(at, 7.0, color);
                canvas.painter.ring(at, 10.0, 2.0, palette::SUPPORT);
                canvas.label(label, at, color);
            }
        }
    }
}

/// The vertices `a` of A and `b` of B whose difference is the topmost point of the
/// *differences* figure (two polygons only).
fn traced_pair(app: &App) -> Option<(DVec2, DVec2)> {
    let (a, b) = app.stepped_pair()?;
    let (va, vb) = (world_vertices(&a), world_vertices(&b));
    // The topmost a − b takes the topmost a and the lowest b.
    let top = va.iter().copied().max_by(|p, q| p.y.total_cmp(&q.y))?;
    let low = vb.iter().copied().min_by(|p, q| p.y.total_cmp(&q.y))?;
    Some((top, low))
}

/// The figure's marks in the A − B view (over its outline and the origin).
pub(crate) fn draw_minkowski(app: &App, canvas: &mut Canvas, figure: Figure) {
    match figure {
        Figure::Differences => draw_differences(app, canvas),
        Figure::Sweep => draw_sweep(app, canvas),
        Figure::Support => draw_support(app, canvas),
        Figure::Regions => draw_regions(app, canvas),
    }
}

fn draw_differences(app: &App, canvas: &mut Canvas) {
    for p in differences(app) {
        canvas
            .painter
            .point(canvas.s(p), 4.5, with_alpha(palette::TEXT, 0.9));
    }
    if let Some(note) = thinned_note(app) {
        let v = canvas.camera.viewport;
        canvas.label_at(note, Vec2::new(v.x + 12.0, v.y + v.h - 14.0), palette::TEXT);
    }
    if let Some((a, b)) = traced_pair(app) {
        let at = canvas.s(a - b);
        canvas.painter.ring(at, 9.0, 2.0, palette::SUPPORT);
        canvas.label("a - b", at, palette::SUPPORT);
    }
}

/// When the polygons are too large to draw every difference: which ones are shown.
pub fn thinned_note(app: &App) -> Option<String> {
    let (a, b) = app.stepped_pair()?;
    let (n, m) = (world_vertices(&a).len(), world_vertices(&b).len());
    let (sa, sb) = difference_strides(n, m);
    (n > 0 && m > 0 && (sa, sb) != (1, 1)).then(|| {
        format!(
            "{} of the {} differences shown: {} vertex of A against {} of B",
            n.div_ceil(sa) * m.div_ceil(sb),
            n * m,
            every(sa),
            every(sb)
        )
    })
}

/// "every", "every 2nd", "every 3rd", "every 4th", …
fn every(k: usize) -> String {
    if k == 1 {
        "every".into()
    } else {
        format!("every {}", gjk_lab_core::check::ordinal(k))
    }
}

/// Points spread evenly (by length) along a closed outline.
fn along(outline: &[DVec2], count: usize) -> Vec<DVec2> {
    let n = outline.len();
    if n < 2 || count == 0 {
        return outline.to_vec();
    }
    let edge = |k: usize| (outline[k], outline[(k + 1) % n]);
    let total: f64 = (0..n).map(|k| edge(k).0.distance(edge(k).1)).sum();
    let step = total / count as f64;
    let (mut k, mut walked) = (0, 0.0);
    (0..count)
        .map(|i| {
            let target = i as f64 * step;
            while k + 1 < n && walked + edge(k).0.distance(edge(k).1) < target {
                walked += edge(k).0.distance(edge(k).1);
                k += 1;
            }
            let (p, q) = edge(k);
            let length = p.distance(q).max(f64::MIN_POSITIVE);
            p.lerp(q, ((target - walked) / length).clamp(0.0, 1.0))
        })
        .collect()
}

fn draw_sweep(app: &App, canvas: &mut Canvas) {
    let Some((a, b)) = app.stepped_pair() else {
        return;
    };
    let samples = 64;
    // A − B = (A − c) ⊕ (−(B − c)) with c = B's centre: A moved by −c, swept by B
    // turned half a turn about its centre (−B drawn about its centre).
    let c = b.position();
    let moved_a: Vec<DVec2> = a.outline(samples).into_iter().map(|p| p - c).collect();
    let turned_b: Vec<DVec2> = b.outline(samples).into_iter().map(|p| c - p).collect();
    let screen_a: Vec<Vec2> = moved_a.iter().map(|&p| canvas.s(p)).collect();
    canvas
        .painter
        .fill_convex(&screen_a, with_alpha(palette::SHAPE_A, 0.35));
    canvas
        .painter
        .polyline(&screen_a, true, 2.0, palette::SHAPE_A);
    let places = along(&moved_a, SWEEP_COPIES);
    // The animation: copy `shown` is being placed; the earlier ones stay, faint.
    let frame = (app.lab.clock * SWEEP_RATE) as usize % (SWEEP_COPIES + SWEEP_REST);
    let shown = frame.min(SWEEP_COPIES - 1);
    for (k, &at) in places.iter().enumerate().take(shown + 1) {
        let copy: Vec<Vec2> = turned_b.iter().map(|&p| canvas.s(at + p)).collect();
        let current = k == shown && frame < SWEEP_COPIES;
        let (width, color) = if current {
            (2.5, palette::SHAPE_B)
        } else {
            (1.0, with_alpha(palette::SHAPE_B, 0.45))
        };
        canvas.painter.polyline(&copy, true, width, color);
        if current {
            canvas.painter.point(canvas.s(at), 5.0, palette::SHAPE_B);
            let top = copy
                .iter()
                .copied()
                .min_by(|p, q| p.y.total_cmp(&q.y))
                .unwrap_or_default();
            canvas.label("-B", top, palette::SHAPE_B);
        }
    }
    if let Some(low) = screen_a.iter().copied().max_by(|p, q| p.y.total_cmp(&q.y)) {
        canvas.label(
            "A moved by -c",
            low + Vec2::new(-40.0, 26.0),
            palette::SHAPE_A,
        );
    }
}

/// Where the dragged arrow starts: the middle of A − B (the mean of its outline's
/// points), always in view when A − B is, unlike the origin.
fn arrow_base(app: &App) -> DVec2 {
    let outline = app.mode.pair_mode().minkowski_outline(&app.lab, 64);
    if outline.is_empty() {
        return DVec2::ZERO;
    }
    outline.iter().sum::<DVec2>() / outline.len() as f64
}

fn draw_support(app: &App, canvas: &mut Canvas) {
    let Some(s) = supports(app) else {
        return;
    };
    let base = arrow_base(app);
    let (o, tip) = (canvas.s(base), canvas.s(base + s.d));
    canvas.painter.arrow(o, tip, 3.0, palette::DIRECTION);
    canvas.painter.ring(tip, 9.0, 2.0, palette::DIRECTION);
    canvas.label(
        crate::app::i18n::tr!("lesson-drag-d"),
        tip,
        palette::DIRECTION,
    );
    canvas.mark(Mark::Arrow {
        label: "d".into(),
        vector: s.d,
    });
    // The supporting line through w, normal to d: all of A − B lies behind it.
    let along = canvas.across_view(s.d.perp());
    let (p, q) = (canvas.s(s.w - along), canvas.s(s.w + along));
    canvas
        .painter
        .dashed(p, q, 1.5, 6.0, 5.0, with_alpha(palette::SUPPORT, 0.8));
    let w = canvas.s(s.w);
    canvas.painter.point(w, 7.0, palette::SUPPORT);
    canvas.label("w", w, palette::SUPPORT);
}

/// Where the dragged arrow's tip is on screen (A − B view), for grabbing it.
pub fn direction_tip(app: &App) -> Option<Vec2> {
    let s = supports(app)?;
    let camera = &app.mode.pair_mode().minkowski_camera;
    Some(camera.world_to_screen(arrow_base(app) + s.d))
}

/// Moves the arrow's tip to the screen point `m` (A − B view): `d` runs from the
/// arrow's base to it, in the view's units (at least [`SHORTEST_PX`] long).
pub fn drag_direction(app: &mut App, m: Vec2) {
    let camera = app.mode.pair_mode().minkowski_camera;
    let base = arrow_base(app);
    let o = camera.world_to_screen(base);
    let v = m - o;
    if v.length() < 1.0 {
        return;
    }
    let m = o + v * (SHORTEST_PX / v.length()).max(1.0);
    let d = camera.screen_to_world(m) - base;
    if let Some(lesson) = &mut app.lab.lesson {
        lesson.direction = d;
        app.lab.revision += 1;
    }
}

/// The simplex of the page's step (its points and their names), for the *regions*
/// figure.
fn page_simplex(app: &App) -> Option<(Vec<DVec2>, Vec<String>)> {
    app.current()?.items.iter().find_map(|i| match i {
        crate::app::visualizers::Item::Simplex { points, names } => {
            Some((points.iter().map(|w| w.p).collect(), names.clone()))
        }
        _ => None,
    })
}

/// A part of the simplex by its name: "w1", "edge w1w2", "the inside of w1w2w3".
fn part_name(part: &[usize], names: &[String]) -> String {
    let joined: String = part
        .iter()
        .map(|&k| names.get(k).cloned().unwrap_or_default())
        .collect();
    match part.len() {
        1 => joined,
        2 => crate::app::i18n::tr!("lesson-region-edge", edge = joined),
        _ => crate::app::i18n::tr!("lesson-region-inside", triangle = joined),
    }
}

/// Where P starts: a little beyond the newest point, away from the simplex's middle
/// (in the newest point's region, apart from the origin's label).
fn trial_start(simplex: &[DVec2]) -> DVec2 {
    let middle = simplex.iter().sum::<DVec2>() / simplex.len().max(1) as f64;
    let newest = simplex.last().copied().unwrap_or_default();
    newest + (newest - middle) * 0.35
}

/// The dragged point P of the *regions* figure (A − B coordinates).
pub fn trial_point(app: &App) -> Option<DVec2> {
    let (simplex, _) = page_simplex(app)?;
    let lesson = app.lab.lesson.as_ref()?;
    Some(lesson.trial.unwrap_or_else(|| trial_start(&simplex)))
}

/// The name of the part whose Voronoi region holds P.
fn trial_region(app: &App) -> Option<String> {
    let (simplex, names) = page_simplex(app)?;
    let p = trial_point(app)?;
    let regions = gjk_lab_core::lesson::checkpoint::simplex_regions(&simplex);
    let shifted = |planes: &[(DVec2, f64)]| -> Vec<(DVec2, f64)> {
        planes.iter().map(|&(n, c)| (n, c - n.dot(p))).collect()
    };
    regions
        .iter()
        .map(|(part, planes)| {
            let d = gjk_lab_core::lesson::checkpoint::distance_to_region(&shifted(planes));
            (d, part)
        })
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map(|(_, part)| part_name(part, &names))
}

/// Clips a convex polygon (counter-clockwise) by the half-plane `n·x ≤ c`
/// (Sutherland–Hodgman, one plane).
fn clip(polygon: &[DVec2], (n, c): (DVec2, f64)) -> Vec<DVec2> {
    let mut out = vec![];
    for k in 0..polygon.len() {
        let (p, q) = (polygon[k], polygon[(k + 1) % polygon.len()]);
        let (fp, fq) = (n.dot(p) - c, n.dot(q) - c);
        if fp <= 0.0 {
            out.push(p);
        }
        if (fp < 0.0) != (fq < 0.0) && fp != fq {
            out.push(p + (q - p) * (fp / (fp - fq)));
        }
    }
    out
}

/// Tints of the regions: a point's, an edge's, the inside's.
const REGION_TINTS: [macroquad::color::Color; 3] = [
    macroquad::color::Color::new(0.35, 0.75, 1.0, 0.16),
    macroquad::color::Color::new(1.0, 0.75, 0.3, 0.16),
    macroquad::color::Color::new(0.5, 1.0, 0.55, 0.2),
];

fn draw_regions(app: &App, canvas: &mut Canvas) {
    let Some((simplex, names)) = page_simplex(app) else {
        return;
    };
    let v = canvas.camera.viewport;
    let corners = [
        Vec2::new(v.x, v.y + v.h),
        Vec2::new(v.x + v.w, v.y + v.h),
        Vec2::new(v.x + v.w, v.y),
        Vec2::new(v.x, v.y),
    ]
    .map(|c| canvas.camera.screen_to_world(c));
    for (part, planes) in gjk_lab_core::lesson::checkpoint::simplex_regions(&simplex) {
        let area = planes
            .iter()
            .fold(corners.to_vec(), |poly, &h| clip(&poly, h));
        if area.len() < 3 {
            continue;
        }
        let screen: Vec<Vec2> = area.iter().map(|&p| canvas.s(p)).collect();
        let tint = REGION_TINTS[part.len() - 1];
        canvas.painter.fill_convex(&screen, tint);
        canvas
            .painter
            .dashed_loop(&screen, 1.0, with_alpha(palette::TEXT, 0.35));
        let middle = screen.iter().sum::<Vec2>() / screen.len() as f32;
        canvas.label(
            part_name(&part, &names),
            middle,
            with_alpha(palette::TEXT, 0.8),
        );
    }
    let s: Vec<Vec2> = simplex.iter().map(|&p| canvas.s(p)).collect();
    canvas
        .painter
        .polyline(&s, s.len() == 3, 2.0, palette::SIMPLEX);
    for (k, &p) in s.iter().enumerate() {
        canvas.painter.point(p, 5.0, palette::SIMPLEX);
        canvas.label(
            names.get(k).cloned().unwrap_or_default(),
            p,
            palette::SIMPLEX,
        );
    }
    if let Some(p) = trial_point(app) {
        let at = canvas.s(p);
        canvas.painter.point(at, 6.0, palette::DIRECTION);
        canvas.painter.ring(at, 10.0, 2.0, palette::DIRECTION);
        canvas.label(
            crate::app::i18n::tr!("lesson-drag-p"),
            at,
            palette::DIRECTION,
        );
    }
}

/// Where P is on screen (A − B view), for grabbing it.
pub fn trial_screen(app: &App) -> Option<Vec2> {
    (page_figure(app) == Some(Figure::Regions))
        .then(|| trial_point(app))
        .flatten()
        .map(|p| app.mode.pair_mode().minkowski_camera.world_to_screen(p))
}

/// Moves P to the screen point `m` of the A − B view.
pub fn drag_trial(app: &mut App, m: Vec2) {
    let p = app.mode.pair_mode().minkowski_camera.screen_to_world(m);
    if let Some(lesson) = &mut app.lab.lesson {
        lesson.trial = Some(p);
        app.lab.revision += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab_core::scene::Scene;
    use std::path::Path;

    fn lesson_app(name: &str, page: usize) -> App {
        std::env::set_var(
            "GJK_LAB_DATA_DIR",
            std::env::temp_dir().join("gjk-lab-figure-tests"),
        );
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        let scene = Scene::load(&path).unwrap();
        let mut app = App::new(scene, Some(path.clone()), None, None);
        crate::app::place_cameras(&mut app, crate::app::consistency::AREA);
        assert!(app.open_lesson(&path, page));
        app
    }

    /// The figure draws every difference of the lessons' shapes, and at most
    /// MAX_DIFFERENCES of large ones, thinning each polygon evenly.
    #[test]
    fn the_differences_figure_is_thinned_only_for_large_polygons() {
        assert_eq!(difference_strides(8, 4), (1, 1));
        assert_eq!(difference_strides(64, 64), (1, 1));
        for (n, m) in [
            (65, 64),
            (1000, 1000),
            (100_000, 4),
            (3, 100_000),
            (100_000, 100_000),
        ] {
            let (sa, sb) = difference_strides(n, m);
            let shown = n.div_ceil(sa) * m.div_ceil(sb);
            assert!(shown <= MAX_DIFFERENCES, "{n}×{m}: {shown}");
            // Not thinned more than needed: a quarter of the budget at least.
            assert!(4 * shown >= MAX_DIFFERENCES.min(n * m), "{n}×{m}: {shown}");
        }
        assert_eq!(every(1), "every");
        assert_eq!(
            [2, 3, 4, 11, 12, 13, 21, 22, 101].map(every),
            [
                "every 2nd",
                "every 3rd",
                "every 4th",
                "every 11th",
                "every 12th",
                "every 13th",
                "every 21st",
                "every 22nd",
                "every 101st"
            ]
        );
    }

    #[test]
    fn the_support_point_of_a_minus_b_is_the_farthest_vertex_difference() {
        let mut app = lesson_app("scenes/lessons/01-support.ron", 0);
        for k in 0..64 {
            let angle = std::f64::consts::TAU * k as f64 / 64.0;
            app.lab.lesson.as_mut().unwrap().direction = DVec2::from_angle(angle);
            let s = supports(&app).unwrap();
            // Brute force: the vertex difference farthest along d.
            let best = differences(&app)
                .into_iter()
                .map(|p| p.dot(s.d))
                .fold(f64::NEG_INFINITY, f64::max);
            assert!((s.w.dot(s.d) - best).abs() < 1e-9, "angle {angle}");
            assert!(s.w.distance(s.a - s.b) < 1e-12);
        }
    }

    #[test]
    fn dragging_the_arrow_points_d_at_the_mouse() {
        let mut app = lesson_app("scenes/lessons/01-support.ron", 0);
        let tip = direction_tip(&app).unwrap();
        let base = app
            .mode
            .pair_mode()
            .minkowski_camera
            .world_to_screen(arrow_base(&app));
        // Straight up on the screen is +y in the world, the arrow as long as dragged.
        let zoom = app.mode.pair_mode().minkowski_camera.zoom;
        drag_direction(&mut app, base + Vec2::new(0.0, -50.0));
        let d = supports(&app).unwrap().d;
        assert!(d.distance(DVec2::Y * 50.0 / zoom) < 1e-3, "{d}");
        assert!(
            direction_tip(&app)
                .unwrap()
                .distance(base + Vec2::new(0.0, -50.0))
                < 0.5
        );
        // The first arrow is FIRST_DIRECTION long on screen; a drag to its base keeps
        // a tip to grab.
        let first = FIRST_DIRECTION.length() * zoom;
        assert!(
            (tip.distance(base) as f64 - first).abs() < 0.5,
            "{tip} {base}"
        );
        drag_direction(&mut app, base + Vec2::new(3.0, 0.0));
        let tip = direction_tip(&app).unwrap();
        assert!(
            (tip.distance(base) - SHORTEST_PX).abs() < 0.5,
            "{tip} {base}"
        );
        // a·d, as the page states it, is the dot product with the arrow drawn.
        let s = supports(&app).unwrap();
        let said = placeholder(&app, "support_a").unwrap();
        assert!(said.contains(&num(s.a.x * s.d.x + s.a.y * s.d.y)), "{said}");
    }

    #[test]
    fn two_polygons_give_every_vertex_difference_and_their_hull_is_a_minus_b() {
        let app = lesson_app("scenes/lessons/00-minkowski.ron", 2);
        let points = differences(&app);
        assert_eq!(points.len(), 6 * 4);
        // Every outline vertex of A − B is one of the differences, and every
        // difference lies inside the outline (counter-clockwise: left of each edge).
        let outline = app.mode.pair_mode().minkowski_outline(&app.lab, 64);
        for v in outline.iter() {
            assert!(points.iter().any(|p| p.distance(*v) < 1e-9), "{v}");
        }
        for p in &points {
            for k in 0..outline.len() {
                let (a, b) = (outline[k], outline[(k + 1) % outline.len()]);
                assert!((b - a).perp_dot(*p - a) >= -1e-9, "{p} outside");
            }
        }
    }
}
