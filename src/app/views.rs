//! The views of whichever mode is shown: the many-shapes view ([`super::many`]'s), or
//! the pair's world and A − B views ([`super::pair::view`]) with a lesson page's
//! figure and a waiting question's candidates drawn over them. Also the fits of the
//! two cameras, whose margins depend on the mode.

use super::i18n::tr;
use super::lab::Lab;
use super::lessons::figures;
use super::many::view as many_view;
use super::pair::view::{draw_joins, draw_minkowski, draw_world};
use super::pair::PairMode;
use super::predict;
use super::state::{App, Mode, ModeState};
use super::view::camera::{fit_margin, Viewport};
use super::view::canvas::{draw_readout, split, Canvas, Hover};
use super::view::cast::{time_line, time_line_point};
use super::view::draw::{palette, palette::with_alpha, Painter};
use super::visualizers::{visualizer, CastFigure, Item};
use gjk_lab_core::lesson::checkpoint;
use glam::{DVec2, Vec2};

/// The views' area in the default 1280 × 800 window (the side panel is 470 wide, the
/// top bar about 36 high).
pub const DEFAULT_VIEWS: Viewport = Viewport {
    x: 0.0,
    y: 36.0,
    w: 810.0,
    h: 764.0,
};

/// Room a fit leaves around A − B for the labels about the origin.
const MINKOWSKI_ROOM_PX: f32 = 30.0;
/// Draws the mode shown: the many-shapes view, or the pair's two views of the current
/// step (with a lesson page's figure and a waiting question's candidates over them).
/// The one place the views are chosen by mode.
pub fn draw(app: &App, painter: &mut Painter, area: Viewport, hover: Hover) {
    match &app.mode {
        ModeState::Many { many, .. } => many_view::draw(&app.lab, many, painter, hover),
        ModeState::Pair(pair) => draw_pair(app, pair, painter, area, hover),
    }
}

/// The two-shape mode's views, side by side or one at a time.
fn draw_pair(app: &App, pair: &PairMode, painter: &mut Painter, area: Viewport, hover: Hover) {
    let (world, minkowski) = split(area, app.effective_layout());
    let items = shown_items(app);
    if world.is_some() {
        let mut canvas = Canvas::new(&mut *painter, app.lab.world_camera);
        draw_world_view(app, pair, &mut canvas, hover);
        draw_readout(&mut canvas, hover.mouse, "");
        canvas.finish();
    }
    if minkowski.is_some() {
        let mut canvas = Canvas::new(&mut *painter, pair.minkowski_camera);
        draw_minkowski_view(app, pair, &mut canvas);
        draw_readout(&mut canvas, hover.mouse, "A - B: ");
        canvas.finish();
    }
    if let (Some(w), Some(m)) = (world, minkowski) {
        // The line between the views: upright beside, level when stacked.
        let (from, to) = if m.x > w.x {
            (Vec2::new(m.x - 2.0, m.y), Vec2::new(m.x - 2.0, m.y + m.h))
        } else {
            (Vec2::new(m.x, m.y - 2.0), Vec2::new(m.x + m.w, m.y - 2.0))
        };
        painter.line(from, to, 2.0, palette::AXES);
        draw_joins(&app.lab, pair, painter, items, hover);
        painter.flush();
    }
}

/// What the views draw of the current step: nothing on a lesson figure's page (the
/// figure is the picture), else the step's items.
pub(crate) fn shown_items(app: &App) -> &[Item] {
    if figures::page_figure(app).is_some() {
        return &[];
    }
    app.current().map_or(&[], |s| &s.items)
}

/// The world view: the shapes, the step's items or the page's figure, and a waiting
/// question's candidates.
pub(crate) fn draw_world_view(app: &App, pair: &PairMode, canvas: &mut Canvas, hover: Hover) {
    draw_world(&app.lab, pair, canvas, shown_items(app), hover);
    if let Some(figure) = figures::page_figure(app) {
        figures::draw_world(app, canvas, figure);
    }
    draw_candidates(app, canvas, predict::View::World);
}

/// The A − B view: its outline, the step's items or the page's figure, and a waiting
/// question's candidates.
pub(crate) fn draw_minkowski_view(app: &App, pair: &PairMode, canvas: &mut Canvas) {
    draw_minkowski(&app.lab, pair, canvas, shown_items(app));
    if let Some(figure) = figures::page_figure(app) {
        figures::draw_minkowski(app, canvas, figure);
    }
    draw_candidates(app, canvas, predict::View::Minkowski);
}

/// While a question waits: every candidate's marker in this view (a ring; an edge
/// also faintly dashed along its length), so the learner sees what can be chosen.
/// After an answer, on the step that answers it: every candidate's deciding number
/// beside its marker, the right ones in green, the learner's pick ringed.
fn draw_candidates(app: &App, canvas: &mut Canvas, view: predict::View) {
    let faint = with_alpha(palette::TEXT, 0.55);
    if let Some(q) = &app.lab.predict.question {
        time_line_under(app, canvas, &q.sheet.candidates, view);
        for (k, c) in q.sheet.candidates.iter().enumerate() {
            if predict::View::of(c.space) != view {
                continue;
            }
            if let Some([a, b]) = c.edge {
                let (a, b) = (canvas.s(a), canvas.s(b));
                canvas.painter.dashed(a, b, 1.5, 3.0, 4.0, faint);
            }
            let Some(at) = candidate_at(canvas, c) else {
                continue;
            };
            canvas.painter.ring(at, 9.0, 1.5, faint);
            chosen_mark(canvas, q, k, at);
        }
        return;
    }
    let Some(verdict) = &app.lab.predict.verdict else {
        return;
    };
    let Some(sheet) = &verdict.sheet else {
        return;
    };
    // On the time line, neighbouring times' numbers alternate above and below the
    // line (rings a few pixels apart would print "0.440.65").
    let mut times: Vec<f64> = sheet
        .candidates
        .iter()
        .filter(|c| c.space == checkpoint::Space::Time)
        .map(|c| c.at.x)
        .collect();
    times.sort_by(f64::total_cmp);
    for (k, c) in sheet.candidates.iter().enumerate() {
        if predict::View::of(c.space) != view {
            continue;
        }
        let color = if c.accepted {
            palette::RIGHT
        } else {
            with_alpha(palette::TEXT, 0.8)
        };
        let Some(at) = candidate_at(canvas, c) else {
            continue;
        };
        canvas.painter.ring(at, 6.0, 1.5, color);
        if k == verdict.chosen {
            canvas.painter.ring(at, 11.0, 2.0, palette::TEXT);
        }
        let number = predict::canvas_number(c.value);
        match times.iter().position(|&t| t == c.at.x) {
            Some(rank) if c.space == checkpoint::Space::Time => {
                // ("none" is named below its ring: its number goes above.)
                let below = rank % 2 == 1 && c.part != checkpoint::Part::NoSample;
                let dy = if below { 26.0 } else { -14.0 };
                canvas.label_at(number, at + Vec2::new(-12.0, dy), color);
            }
            _ => canvas.label(number, at, color),
        }
    }
}

/// Where a candidate's marker is drawn on this canvas: its point, or its time on the
/// time line (a time past 1, "no sample", just past the line's end, named there).
fn candidate_at(canvas: &mut Canvas, c: &checkpoint::Candidate) -> Option<Vec2> {
    if c.space != checkpoint::Space::Time {
        return Some(canvas.s(c.at));
    }
    let at = time_line_point(canvas.camera.viewport, c.at.x)?;
    if c.part == checkpoint::Part::NoSample {
        let text = tr!("view-no-sample");
        canvas.label_at(text, at + Vec2::new(-10.0, 24.0), palette::TEXT);
    }
    Some(at)
}

/// The time line under a question's times, when the step shown draws none (a
/// question asked before the run, on its first step).
fn time_line_under(
    app: &App,
    canvas: &mut Canvas,
    candidates: &[checkpoint::Candidate],
    view: predict::View,
) {
    let on_the_line = candidates
        .iter()
        .any(|c| c.space == checkpoint::Space::Time);
    let drawn = shown_items(app)
        .iter()
        .any(|i| matches!(i, Item::Cast(CastFigure::Times(_))));
    if view == predict::View::World && on_the_line && !drawn {
        time_line(canvas, &[]);
    }
}

/// Once a candidate is chosen from the keyboard: every candidate's digit beside its
/// ring (1–9 choose them), and the chosen one ringed thick.
pub(crate) fn chosen_mark(canvas: &mut Canvas, q: &predict::Question, k: usize, at: Vec2) {
    let Some(chosen) = q.chosen else {
        return;
    };
    if k == chosen {
        canvas.painter.ring(at, 14.0, 3.0, palette::TEXT);
    }
    if k < 9 {
        canvas.label(
            (k + 1).to_string(),
            at + Vec2::new(12.0, -12.0),
            palette::TEXT,
        );
    }
}

/// Fits the Minkowski camera to A − B and the origin.
pub fn fit_minkowski(lab: &Lab, pair: &mut PairMode) {
    let outline = pair.minkowski_outline(lab, 64);
    let (mut min, mut max) = (DVec2::ZERO, DVec2::ZERO);
    for &p in outline.iter() {
        min = min.min(p);
        max = max.max(p);
    }
    // A cast's ray and its A − B at other times.
    if let Some((lo, hi)) = pair.cast_extent {
        min = min.min(lo);
        max = max.max(hi);
    }
    // Room for the labels around the origin (labels are kept inside the view anyway).
    let margin = fit_margin(pair.minkowski_camera.viewport, MINKOWSKI_ROOM_PX);
    pair.minkowski_camera.fit(min, max, margin);
}

/// Fits the world camera to every shape.
pub fn fit_world(app: &mut App) {
    let mut boxes: Vec<(DVec2, DVec2)> = app
        .lab
        .scene
        .shapes
        .iter()
        .map(|s| {
            let bb = s.shape.aabb();
            (bb.min, bb.max)
        })
        .collect();
    // Where a moving shape ends its step (its pose at t = 1, drawn dashed).
    for s in &app.lab.scene.shapes {
        if let Some(motion) = s.motion.filter(|m| !m.is_still()) {
            let mut end = s.shape.clone();
            end.set_pose(motion.pose_at(s.shape.pose(), 1.0));
            let bb = end.aabb();
            boxes.push((bb.min, bb.max));
        }
    }
    // Also where B goes when pushed out, so that the ghost of B stays in view.
    if app.lab.has_pair() {
        let (a, b) = (
            &app.lab.scene.shapes[app.lab.a].shape,
            &app.lab.scene.shapes[app.lab.b].shape,
        );
        let answer = gjk_lab_core::query::query(a, b);
        if let Some(normal) = answer.normal.filter(|_| answer.depth.is_finite()) {
            let bb = b.aabb();
            let offset = normal * answer.depth;
            boxes.push((bb.min + offset, bb.max + offset));
        }
    }
    // And every ghost of B the steps draw (a wrong answer's, the whole B moved out of
    // a concave shape), in a lesson those of every page.
    for (b, offset) in ghosts(app) {
        if let Some(shape) = app.lab.scene.shapes.get(b) {
            let bb = shape.shape.aabb();
            boxes.push((bb.min + offset, bb.max + offset));
        }
    }
    if let Some(many) = app.many() {
        let bounds = many.bounds;
        boxes.push((bounds.min, bounds.max));
    }
    let Some(&first) = boxes.first() else { return };
    let (min, max) = boxes.iter().fold(first, |(lo, hi), &(bmin, bmax)| {
        (lo.min(bmin), hi.max(bmax))
    });
    // The many-shapes mode keeps room at the edges for the sweep's end-point axis.
    // SAT draws its axes beside the shapes: leave room for them.
    let viewport = app.lab.world_camera.viewport;
    let margin = match app.mode() {
        Mode::Pair => fit_margin(viewport, visualizer(app.lab.algorithm).world_room_px()),
        Mode::Many => many_view::AXIS_BAND_PX + 12.0,
    };
    app.lab.world_camera.fit(min, max, margin);
    if let Some((center, zoom)) = app.lab.fit.file_view.take() {
        app.lab.world_camera.center = center;
        app.lab.world_camera.zoom = zoom.min(app.lab.world_camera.zoom);
    }
}

/// Where the steps draw B moved out (their claims that moving B separates the
/// shapes): B's index and the move. In a lesson, of every two-shape page's run (its
/// pair and algorithm, as the page shows them), so that one fit keeps every page's
/// ghosts in view; else of the run shown.
pub fn ghosts(app: &App) -> Vec<(usize, DVec2)> {
    let moves = |steps: &[super::visualizers::Step]| -> Vec<DVec2> {
        steps
            .iter()
            .flat_map(|s| &s.claims)
            .filter_map(|c| match c {
                super::visualizers::Claim::Separates { offset, .. } => Some(*offset),
                _ => None,
            })
            .filter(|o| o.is_finite())
            .collect()
    };
    let lab = &app.lab;
    let Some(lesson) = &lab.lesson else {
        return match app.pair() {
            Some(pair) => moves(&pair.steps).into_iter().map(|o| (lab.b, o)).collect(),
            None => vec![],
        };
    };
    let view = &lab.scene.view;
    let mut out = vec![];
    for page in &lesson.pages {
        if page.mode == Some(gjk_lab_core::lesson::PageMode::Many) {
            continue;
        }
        let (a, b) = match (page.a.or(view.a), page.b.or(view.b)) {
            (Some(a), Some(b)) => (a, b),
            _ => (lab.a, lab.b),
        };
        let algorithm = page
            .algorithm
            .unwrap_or(view.algorithm.unwrap_or(lab.algorithm));
        let mut run = PairMode::default();
        run.record(&lab.scene.shapes, a, b, algorithm);
        out.extend(moves(&run.steps).into_iter().map(|o| (b, o)));
    }
    out
}

/// Gives each camera its viewport and fits the views that should be fitted.
pub fn place_cameras(app: &mut App, area: Viewport) {
    let (world, minkowski) = split(area, app.effective_layout());
    if let Some(v) = world {
        app.lab.world_camera.viewport = v;
    }
    if let Some(v) = minkowski {
        app.mode.pair_mode_mut().minkowski_camera.viewport = v;
    }
    if app.lab.fit.world {
        fit_world(app);
        app.lab.fit.world = false;
    }
    let pair = app.mode.pair_mode_mut();
    if pair.follow_minkowski {
        fit_minkowski(&app.lab, pair);
    }
}
