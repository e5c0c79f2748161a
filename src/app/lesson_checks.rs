//! Tests of the lessons: every lesson loads, every page of every lesson says only what
//! its picture shows (the check of [`super::consistency`]) on the lesson's scene and on
//! a moved copy of it, and every checkpoint judges a click on the right answer right
//! and a click on another candidate wrong — with the right answer worked out here from
//! the geometry alone (brute force over vertices and edges), not read from the app.

use super::consistency::{check_current_step, AREA};
use super::lessons::progress::{lesson_files, root};
use super::predict::{self, anchor, Candidate, Question, Target, View};
use super::state::App;
use super::visualizers::Item;
use gjk_lab::geometry::point_segment_distance;
use gjk_lab::lesson::Checkpoint;
use gjk_lab::scene::Scene;
use gjk_lab::shapes::Shape;
use glam::DVec2;
use std::path::{Path, PathBuf};

/// An app on a lesson's scene at page `page`, its views laid out as in the window;
/// `moved`: B shifted a little first (the lesson must hold for a dragged scene too).
fn app_at(path: &Path, page: usize, moved: bool) -> App {
    std::env::set_var(
        "GJK_LAB_DATA_DIR",
        std::env::temp_dir().join("gjk-lab-lesson-tests"),
    );
    let scene = Scene::load(path).unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::new(scene, Some(path.to_path_buf()), None, None);
    super::place_cameras(&mut app, AREA);
    assert!(
        app.open_lesson(path, page),
        "{}: {:?}",
        path.display(),
        app.error
    );
    if moved {
        let b = app.b;
        app.move_shape(b, DVec2::new(0.07, -0.05));
        // A many-shapes page starts from the lesson file's boxes: the moved box is
        // checked as it is, without opening the page again.
        if app.mode() != super::state::Mode::Many {
            app.apply_page();
        }
    }
    super::place_cameras(&mut app, AREA);
    app
}

fn lessons() -> Vec<PathBuf> {
    let files = lesson_files(&root());
    assert!(files.len() >= 10, "{} lessons", files.len());
    files
}

fn world_vertices(s: &Shape) -> Vec<DVec2> {
    s.geometry()
        .polygon_vertices()
        .map(|v| v.iter().map(|&p| s.to_world(p)).collect())
        .unwrap_or_default()
}

/// Outward normals of a polygon's edges (counter-clockwise), with the edges.
fn edges(poly: &[DVec2]) -> Vec<(DVec2, DVec2, DVec2)> {
    (0..poly.len())
        .map(|i| {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            let e = q - p;
            (p, q, DVec2::new(e.y, -e.x).normalize())
        })
        .collect()
}

fn shadow(poly: &[DVec2], n: DVec2) -> (f64, f64) {
    poly.iter()
        .map(|p| p.dot(n))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
}

/// The right answer of a question, worked out from the geometry alone.
fn expected(app: &App, q: &Question) -> Target {
    if q.kind.is_broad_phase() {
        return expected_swap(app, q);
    }
    let (a, b) = app.stepped_pair().expect("a pair");
    let (va, vb) = (world_vertices(&a), world_vertices(&b));
    let asked = &app.steps()[q.asked_at];
    match q.kind {
        Checkpoint::NextSupport => {
            // The direction the asked step shows (or the one GJK searches next).
            let d = asked
                .items
                .iter()
                .find_map(|i| match i {
                    Item::Direction(d) => Some(*d),
                    _ => None,
                })
                .expect("a direction on the asked step");
            let w = va
                .iter()
                .flat_map(|&p| vb.iter().map(move |&q| p - q))
                .max_by(|x, y| x.dot(d).total_cmp(&y.dot(d)))
                .expect("vertices");
            Target::Point(w)
        }
        Checkpoint::KeptFeature => {
            let points: Vec<DVec2> = asked
                .items
                .iter()
                .find_map(|i| match i {
                    Item::Simplex { points, .. } => Some(points.iter().map(|w| w.p).collect()),
                    _ => None,
                })
                .expect("a simplex");
            // The feature nearest the origin; a point wins ties with its edges.
            let mut best = (f64::INFINITY, Target::Point(points[0]));
            for &p in &points {
                if p.length() < best.0 - 1e-12 {
                    best = (p.length(), Target::Point(p));
                }
            }
            for i in 0..points.len() {
                for j in i + 1..points.len() {
                    let d = point_segment_distance(DVec2::ZERO, points[i], points[j]);
                    if d < best.0 - 1e-9 {
                        best = (d, Target::Segment(points[i], points[j]));
                    }
                }
            }
            best.1
        }
        Checkpoint::ClosestEdge => {
            let p: Vec<DVec2> = asked
                .items
                .iter()
                .find_map(|i| match i {
                    Item::Polytope(p) => Some(p.iter().map(|w| w.p).collect()),
                    _ => None,
                })
                .expect("a polytope");
            let k = (0..p.len())
                .min_by(|&i, &j| {
                    let d =
                        |k: usize| point_segment_distance(DVec2::ZERO, p[k], p[(k + 1) % p.len()]);
                    d(i).total_cmp(&d(j))
                })
                .expect("edges");
            Target::Segment(p[k], p[(k + 1) % p.len()])
        }
        Checkpoint::SeparatingAxis | Checkpoint::MtvAxis => {
            // SAT's order: A's edges, then B's; the first gap, or the smallest overlap
            // (ties within 1e-9 keep the first). The OBB path tests each box's two
            // axes, along edge 0 (the normal of edge 1) and along edge 1.
            let order = |poly: &[DVec2]| {
                let all = edges(poly);
                if app.algorithm == gjk_lab::algorithms::Algorithm::SatObb {
                    vec![all[1], all[0]]
                } else {
                    all
                }
            };
            let all: Vec<_> = order(&va).into_iter().chain(order(&vb)).collect();
            let overlap = |n: DVec2| {
                let ((a0, a1), (b0, b1)) = (shadow(&va, n), shadow(&vb, n));
                (a1 - b0).min(b1 - a0)
            };
            let pick = if q.kind == Checkpoint::SeparatingAxis {
                all.iter().find(|e| overlap(e.2) < 0.0)
            } else {
                let min = all
                    .iter()
                    .map(|e| overlap(e.2))
                    .fold(f64::INFINITY, f64::min);
                all.iter().find(|e| overlap(e.2) <= min + 1e-9)
            };
            let (p, q, _) = *pick.expect("an axis");
            Target::Segment(p, q)
        }
        Checkpoint::ReferenceEdge => {
            // The collision normal n (A towards B); each shape's edge most facing the
            // other; the reference is the one along whose normal the shapes overlap
            // least (a tie keeps A's).
            let n = gjk_lab::query::query(&a, &b).normal.expect("a normal");
            let face = |poly: &[DVec2], towards: DVec2| {
                edges(poly)
                    .into_iter()
                    .max_by(|x, y| x.2.dot(towards).total_cmp(&y.2.dot(towards)))
                    .expect("edges")
            };
            let (fa, fb) = (face(&va, n), face(&vb, -n));
            let overlap_a = shadow(&va, fa.2).1 - shadow(&vb, fa.2).0;
            let overlap_b = shadow(&vb, fb.2).1 - shadow(&va, fb.2).0;
            let f = if overlap_b < overlap_a - 1e-9 { fb } else { fa };
            Target::Segment(f.0, f.1)
        }
        Checkpoint::NextSwap => expected_swap(app, q),
    }
}

/// Sweep and prune's next swap, from the boxes alone: textbook insertion sort finishes
/// moving one end point before the next, and all left of it is sorted, so its next
/// swap is the leftmost pair of neighbours out of order (by value; at equal values a
/// max after a min). The list's order is the app's; the values are the shapes' boxes.
fn expected_swap(app: &App, q: &Question) -> Target {
    let trace = app
        .many()
        .and_then(|m| m.sweep.as_ref())
        .expect("a stepped sweep");
    let list = trace.endpoints_at(q.asked_at);
    let value = |k: usize| {
        let e = &list[k];
        let bb = app.scene.shapes[e.id as usize].shape.aabb();
        let v = if e.is_max { bb.max } else { bb.min };
        (trace.axis.of(v), e.is_max)
    };
    let out_of_order = |k: usize| {
        let ((x, x_max), (y, y_max)) = (value(k - 1), value(k));
        x > y || (x == y && x_max && !y_max)
    };
    let k = (1..list.len())
        .find(|&k| out_of_order(k))
        .expect("a pair out of order");
    let points = super::view::sweep_list::swap_points(
        app.world_camera.viewport,
        list.len(),
        trace.boxes.len(),
    );
    let p = points[k - 1];
    Target::Point(DVec2::new(p.x as f64, p.y as f64))
}

fn same(t: &Target, u: &Target) -> bool {
    let close = |p: DVec2, q: DVec2| p.distance(q) <= 1e-7 * (1.0 + p.length());
    match (*t, *u) {
        (Target::Point(p), Target::Point(q)) => close(p, q),
        (Target::Segment(a, b), Target::Segment(c, d)) => {
            close(a, c) && close(b, d) || close(a, d) && close(b, c)
        }
        _ => false,
    }
}

fn parallel_axis(kind: Checkpoint, t: &Target, u: &Target) -> bool {
    let sat = matches!(kind, Checkpoint::SeparatingAxis | Checkpoint::MtvAxis);
    match (*t, *u) {
        (Target::Segment(a, b), Target::Segment(c, d)) if sat => {
            let (x, y) = (b - a, d - c);
            x.perp_dot(y).abs() <= 1e-9 * x.length() * y.length()
        }
        _ => false,
    }
}

fn screen(app: &App, c: &Candidate) -> glam::Vec2 {
    let p = anchor(&c.target);
    match c.view {
        View::World => app.world_camera.world_to_screen(p),
        View::Minkowski => app.minkowski_camera.world_to_screen(p),
        View::Screen => glam::Vec2::new(p.x as f32, p.y as f32),
    }
}

#[test]
fn every_lesson_loads_with_two_checkpoints_or_more() {
    for path in lessons() {
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let lesson = scene
            .lesson
            .unwrap_or_else(|| panic!("{}: no lesson", path.display()));
        let checkpoints = lesson
            .pages
            .iter()
            .filter(|p| p.checkpoint.is_some())
            .count();
        assert!(
            checkpoints >= 2,
            "{}: {checkpoints} checkpoints",
            path.display()
        );
    }
}

#[test]
fn every_page_says_only_what_its_picture_shows_here_and_moved() {
    let mut problems = vec![];
    for path in lessons() {
        let pages = Scene::load(&path).unwrap().lesson.unwrap().pages.len();
        for moved in [false, true] {
            for page in 0..pages {
                let mut app = app_at(&path, page, moved);
                let text = app.page_text();
                assert!(
                    !text.contains('{') && !text.contains('—'),
                    "{}: {text}",
                    path.display()
                );
                // The page as it opens, and after "Show me" where it asks.
                let at = format!(
                    "{} page {}{}",
                    path.display(),
                    page + 1,
                    if moved { " (moved)" } else { "" }
                );
                problems.extend(
                    check_current_step(&app)
                        .into_iter()
                        .map(|e| format!("{at}: {e}")),
                );
                app.reveal();
                problems.extend(
                    check_current_step(&app)
                        .into_iter()
                        .map(|e| format!("{at}, revealed: {e}")),
                );
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_checkpoint_judges_the_geometric_answer_right_and_another_wrong() {
    for path in lessons() {
        let pages = Scene::load(&path).unwrap().lesson.unwrap().pages;
        for moved in [false, true] {
            for (page, p) in pages.iter().enumerate() {
                let Some(kind) = p.checkpoint else { continue };
                let at = format!(
                    "{} page {}{}",
                    path.display(),
                    page + 1,
                    if moved { " (moved)" } else { "" }
                );
                let app = app_at(&path, page, moved);
                let q = app
                    .question
                    .unwrap_or_else(|| panic!("{at}: the {} question is not asked", kind.name()));
                let truth = expected(&app, &q);
                let (list, _) = predict::candidates(&app, &q);
                let right = list
                    .iter()
                    .find(|c| same(&c.target, &truth))
                    .unwrap_or_else(|| {
                        panic!("{at}: the answer {truth:?} is not among the candidates")
                    });
                // A click on the right answer.
                let mut good = app_at(&path, page, moved);
                assert!(
                    good.answer(right.view, screen(&good, right)),
                    "{at}: click not taken"
                );
                assert!(
                    good.verdict.as_ref().is_some_and(|v| v.right),
                    "{at}: {:?}",
                    good.verdict
                );
                let shown = match good.many().and_then(|m| m.sweep.as_ref()) {
                    Some(trace) if kind.is_broad_phase() => trace.step,
                    _ => good.step(),
                };
                assert_eq!(shown, q.reveal, "{at}: the answer is shown");
                // A click on the candidate farthest from it (for SAT, not an edge
                // parallel to it: that one has the same axis, and is right too).
                let wrong = list
                    .iter()
                    .filter(|c| c.view == right.view && !same(&c.target, &truth))
                    .filter(|c| !parallel_axis(kind, &c.target, &truth))
                    .max_by(|x, y| {
                        let d = |c: &Candidate| screen(&app, c).distance(screen(&app, right));
                        d(x).total_cmp(&d(y))
                    });
                if let Some(wrong) = wrong {
                    let mut bad = app_at(&path, page, moved);
                    assert!(
                        bad.answer(wrong.view, screen(&bad, wrong)),
                        "{at}: click not taken"
                    );
                    assert!(
                        bad.verdict.as_ref().is_some_and(|v| !v.right),
                        "{at}: {:?}",
                        bad.verdict
                    );
                }
            }
        }
    }
}

#[test]
fn a_broken_lesson_section_names_the_page() {
    let text = r#"(shapes: [
        (shape: Circle(radius: 1.0), position: (0.0, 0.0)),
        (shape: Circle(radius: 1.0), position: (3.0, 0.0)),
    ], lesson: (pages: [
        (text: "fine"),
        (text: "Click it.", algorithm: "epa", checkpoint: "next-support"),
    ]))"#;
    let e =
        Scene::from_text(text, gjk_lab::scene::Format::Ron, Some(Path::new("l.ron"))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "l.ron: lesson, page 2: checkpoint \"next-support\" asks about gjk or distance steps, but the page shows \"epa\""
    );
    let typo = text.replace("next-support", "next-suport");
    let e =
        Scene::from_text(&typo, gjk_lab::scene::Format::Ron, Some(Path::new("l.ron"))).unwrap_err();
    assert!(e.to_string().starts_with("l.ron:6:"), "{e}");
    assert!(
        e.to_string().contains("unknown checkpoint \"next-suport\""),
        "{e}"
    );
}

#[test]
fn predict_asks_before_a_swap_in_the_many_shapes_mode() {
    let path = root().join("scenes/lessons/10-sweep-and-prune.ron");
    // Page 4 is frame 2, whose first event is a swap; out of the lesson, with Predict.
    // Leaving the lesson leaves its many-shapes page too: the frame is set up again.
    let mut app = app_at(&path, 3, false);
    app.close_lesson();
    assert_eq!(app.mode(), super::state::Mode::Pair);
    let mut shapes = app.scene.shapes.clone();
    let mut many = super::many::Many::unsorted(&shapes);
    many.sweep_to_frame(&mut shapes, 2, 0);
    app.show_many(many, shapes);
    app.predict = true;
    app.go_to(0);
    app.next();
    let q = app.question.expect("a question before the swap");
    assert_eq!(q.kind, Checkpoint::NextSwap);
    app.next();
    assert_eq!(
        app.many().and_then(|m| m.sweep.as_ref()).unwrap().step,
        0,
        "N waits for the answer"
    );
    let truth = expected(&app, &q);
    let (list, right) = predict::candidates(&app, &q);
    assert!(same(&list[right.unwrap()].target, &truth));
    assert!(app.answer_as(true));
    assert!(app.verdict.as_ref().is_some_and(|v| v.right));
    assert_eq!(
        app.many().and_then(|m| m.sweep.as_ref()).unwrap().step,
        q.reveal
    );
}
