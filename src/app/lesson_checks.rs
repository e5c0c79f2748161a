//! Tests of the lessons: every lesson loads, every page of every lesson says only what
//! its picture shows (the check of [`super::consistency`]) on the lesson's scene and on
//! a moved copy of it, and every checkpoint judges a click on the right answer right
//! and a click on another candidate wrong — with the right answer worked out here from
//! the geometry alone (brute force over vertices and edges), not read from the app.

use super::consistency::{check_current_step, AREA};
use super::lessons::progress::{lesson_files, root};
use super::predict::{self, Question};
use super::state::App;
use super::visualizers::Item;
use gjk_lab_core::geometry::point_segment_distance;
use gjk_lab_core::lesson::checkpoint::{number, Sheet, Space};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::scene::Scene;
use gjk_lab_core::shapes::Shape;
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
        app.lab.messages.error
    );
    if moved {
        let b = app.lab.b;
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

/// The points of a step's item of the kind `pick` finds.
fn simplex_points(items: &[Item]) -> Vec<DVec2> {
    items
        .iter()
        .find_map(|i| match i {
            Item::Simplex { points, .. } => Some(points.iter().map(|w| w.p).collect()),
            _ => None,
        })
        .unwrap_or_default()
}

fn polytope_points(items: &[Item]) -> Vec<DVec2> {
    items
        .iter()
        .find_map(|i| match i {
            Item::Polytope(p) => Some(p.iter().map(|w| w.p).collect()),
            _ => None,
        })
        .unwrap_or_default()
}

fn overlap(va: &[DVec2], vb: &[DVec2], n: DVec2) -> f64 {
    let ((a0, a1), (b0, b1)) = (shadow(va, n), shadow(vb, n));
    (a1 - b0).min(b1 - a0)
}

fn near(x: f64, y: f64) -> bool {
    (x - y).abs() <= 1e-7 * (1.0 + x.abs().max(y.abs()))
}

fn close(p: DVec2, q: DVec2) -> bool {
    p.distance(q) <= 1e-7 * (1.0 + p.length())
}

/// Checks a sheet against the geometry alone: every candidate's value recomputed
/// (vertex differences for support points, projections for SAT axes, line distances
/// for EPA edges, …) and the accepted set worked out by brute force. Returns what is
/// wrong.
fn independent_check(app: &App, q: &Question, sheet: &Sheet) -> Vec<String> {
    let mut wrong = vec![];
    if q.kind.is_broad_phase() {
        // The leftmost neighbours out of order, by the boxes' own values.
        let trace = app.many().and_then(|m| m.sweep.as_ref()).expect("a sweep");
        let list = trace.endpoints_at(q.asked_at);
        let value = |k: usize| {
            let e = &list[k];
            let bb = app.lab.scene.shapes[e.id as usize].shape.aabb();
            trace.axis.of(if e.is_max { bb.max } else { bb.min })
        };
        let first = (1..list.len()).find(|&k| value(k) < value(k - 1));
        expect_accepted(
            sheet,
            &mut wrong,
            (1..list.len()).map(|k| Some(k) == first).collect(),
        );
        return wrong;
    }
    let (a, b) = app.stepped_pair().expect("a pair");
    let (va, vb) = (world_vertices(&a), world_vertices(&b));
    let asked = &app.steps()[q.asked_at];
    let values: Vec<f64> = match q.kind {
        Checkpoint::NextSupport => {
            let d = sheet.direction.expect("a direction").normalize();
            // The cores' points: a polygon's vertices, a circle's centre, an ellipse's
            // outline sampled finely (its support is then only as exact as the
            // sampling, well inside the question's tolerance for curves).
            let core = |s: &Shape| -> Vec<DVec2> {
                match s.geometry() {
                    gjk_lab_core::shapes::Geometry::Circle(_) => vec![s.position()],
                    gjk_lab_core::shapes::Geometry::Ellipse(_) => s.outline(4096),
                    _ => world_vertices(s),
                }
            };
            let polygons = !va.is_empty() && !vb.is_empty();
            let (ca, cb) = (core(&a), core(&b));
            let all: Vec<DVec2> = ca
                .iter()
                .flat_map(|&p| cb.iter().map(move |&q| p - q))
                .collect();
            let best = all
                .iter()
                .map(|w| w.dot(d))
                .fold(f64::NEG_INFINITY, f64::max);
            if polygons {
                for c in &sheet.candidates {
                    if !all.iter().any(|&w| close(w, c.at)) {
                        wrong.push(format!("{} is no vertex difference", c.label));
                    }
                }
            }
            let tolerance = match sheet.accept {
                gjk_lab_core::lesson::checkpoint::Accept::Best { tolerance, .. } => tolerance,
                _ => 0.0,
            };
            let slack = if polygons { 1e-7 } else { 1e-4 };
            for c in &sheet.candidates {
                let v = c.at.dot(d);
                let within = v >= best - tolerance - slack * (1.0 + best.abs());
                let clearly_out = v < best - tolerance - slack * (1.0 + best.abs());
                if c.accepted && !within || !c.accepted && !clearly_out && polygons {
                    wrong.push(format!(
                        "{}: accepted {} but reaches {v} where the best reaches {best}",
                        c.label, c.accepted
                    ));
                }
            }
            sheet.candidates.iter().map(|c| c.at.dot(d)).collect()
        }
        Checkpoint::KeptFeature => {
            // The nearest point of the simplex to the origin, by brute force over its
            // points, edges and inside; the kept feature is the smallest holding it.
            let p = simplex_points(&asked.items);
            let mut nearest = p.iter().map(|q| q.length()).fold(f64::INFINITY, f64::min);
            for i in 0..p.len() {
                for j in i + 1..p.len() {
                    nearest = nearest.min(point_segment_distance(DVec2::ZERO, p[i], p[j]));
                }
            }
            // Inside when the origin is on the same side of all three edges.
            let side = |x: DVec2, y: DVec2| (y - x).perp_dot(-x).signum();
            let inside = p.len() == 3 && {
                let s = [side(p[0], p[1]), side(p[1], p[2]), side(p[2], p[0])];
                s[0] == s[1] && s[1] == s[2]
            };
            if inside {
                nearest = 0.0;
            }
            let scale = p.iter().fold(1.0f64, |m, q| m.max(q.length()));
            if nearest <= 1e-9 * scale {
                // The origin on the simplex (touching): every part whose closure holds it
                // is right (the point, the edges through it, the triangle).
                let on = |c: &gjk_lab_core::lesson::checkpoint::Candidate| match c.edge {
                    Some([x, y]) => point_segment_distance(DVec2::ZERO, x, y) <= 1e-9 * scale,
                    None if p.iter().any(|&q| close(q, c.at)) => c.at.length() <= 1e-9 * scale,
                    None => p.len() == 3,
                };
                expect_accepted(sheet, &mut wrong, sheet.candidates.iter().map(on).collect());
                return wrong;
            }
            let holds = |c: &gjk_lab_core::lesson::checkpoint::Candidate| match c.edge {
                Some([x, y]) => {
                    let d = point_segment_distance(DVec2::ZERO, x, y);
                    near(d, nearest)
                        && !near(x.length(), nearest)
                        && !near(y.length(), nearest)
                        && !inside
                }
                None if p.iter().any(|&q| close(q, c.at)) => {
                    near(c.at.length(), nearest) && !inside
                }
                None => inside,
            };
            expect_accepted(
                sheet,
                &mut wrong,
                sheet.candidates.iter().map(holds).collect(),
            );
            return wrong;
        }
        Checkpoint::ClosestEdge => {
            let p = polytope_points(&asked.items);
            let line = |x: DVec2, y: DVec2| (y - x).perp_dot(-x).abs() / (y - x).length();
            let best = (0..p.len())
                .map(|k| line(p[k], p[(k + 1) % p.len()]))
                .fold(f64::INFINITY, f64::min);
            let v: Vec<f64> = sheet
                .candidates
                .iter()
                .map(|c| {
                    let [x, y] = c.edge.expect("an edge");
                    line(x, y)
                })
                .collect();
            expect_accepted(
                sheet,
                &mut wrong,
                v.iter().map(|&x| near(x, best)).collect(),
            );
            v
        }
        Checkpoint::SeparatingAxis | Checkpoint::MtvAxis => {
            let normals: Vec<f64> = sheet
                .candidates
                .iter()
                .map(|c| {
                    let [x, y] = c.edge.expect("an edge");
                    let e = y - x;
                    overlap(&va, &vb, DVec2::new(e.y, -e.x).normalize())
                })
                .collect();
            let all: Vec<f64> = edges(&va)
                .iter()
                .chain(&edges(&vb))
                .map(|e| overlap(&va, &vb, e.2))
                .collect();
            if sheet.candidates.len() != all.len() {
                wrong.push(format!(
                    "{} candidates for {} edges",
                    sheet.candidates.len(),
                    all.len()
                ));
            }
            let min = all.iter().copied().fold(f64::INFINITY, f64::min);
            expect_accepted(
                sheet,
                &mut wrong,
                normals
                    .iter()
                    .map(|&v| {
                        if q.kind == Checkpoint::SeparatingAxis {
                            v < 0.0
                        } else {
                            near(v, min)
                        }
                    })
                    .collect(),
            );
            normals
        }
        Checkpoint::ReferenceEdge => {
            // Every edge: how far the other polygon reaches past it along its outward
            // normal; the least is the reference (parallel faces tie).
            let reach = |own: &[DVec2], other: &[DVec2]| -> Vec<f64> {
                edges(own)
                    .iter()
                    .map(|e| shadow(own, e.2).1 - shadow(other, e.2).0)
                    .collect()
            };
            let v: Vec<f64> = reach(&va, &vb).into_iter().chain(reach(&vb, &va)).collect();
            let best = v.iter().copied().fold(f64::INFINITY, f64::min);
            expect_accepted(
                sheet,
                &mut wrong,
                v.iter().map(|&x| (x - best).abs() <= 1e-6).collect(),
            );
            v
        }
        Checkpoint::ReferenceFace => {
            // Every face: its separation s = n·(w − v), w the other polygon's vertex
            // deepest along −n, v the face's first vertex (negative behind the face);
            // the largest is the reference (parallel faces tie).
            let separation = |own: &[DVec2], other: &[DVec2]| -> Vec<f64> {
                edges(own)
                    .iter()
                    .map(|&(v, _, n)| {
                        let w = other
                            .iter()
                            .copied()
                            .min_by(|x, y| x.dot(n).total_cmp(&y.dot(n)))
                            .expect("a vertex");
                        n.dot(w - v)
                    })
                    .collect()
            };
            let v: Vec<f64> = separation(&va, &vb)
                .into_iter()
                .chain(separation(&vb, &va))
                .collect();
            let best = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            // Asked only of touching or overlapping shapes: no face has a gap.
            if best > 1e-6 {
                wrong.push(format!("the largest separation {best} is a gap"));
            }
            expect_accepted(
                sheet,
                &mut wrong,
                v.iter().map(|&x| (x - best).abs() <= 1e-6).collect(),
            );
            v
        }
        Checkpoint::CentreRegion => {
            // The polygon's nearest point to the centre by brute force over its edges:
            // at a vertex, that vertex's region; inside an edge, the edge's; the inside
            // when the centre is in the polygon.
            let (poly, c) = if va.is_empty() {
                (vb.clone(), a.position())
            } else {
                (va.clone(), b.position())
            };
            let n = poly.len();
            let inside = (0..n).all(|i| (poly[(i + 1) % n] - poly[i]).perp_dot(c - poly[i]) >= 0.0);
            let (mut best, mut at) = (f64::INFINITY, DVec2::ZERO);
            for i in 0..n {
                let (p, q) = (poly[i], poly[(i + 1) % n]);
                let t = ((c - p).dot(q - p) / (q - p).length_squared()).clamp(0.0, 1.0);
                let foot = p + (q - p) * t;
                if foot.distance(c) < best {
                    (best, at) = (foot.distance(c), foot);
                }
            }
            let vertex = poly.iter().any(|&v| close(v, at));
            let right = |c: &gjk_lab_core::lesson::checkpoint::Candidate| {
                if inside {
                    c.label.starts_with("the inside")
                } else if vertex {
                    c.edge.is_none() && close(c.at, at)
                } else {
                    c.edge
                        .is_some_and(|[p, q]| point_segment_distance(at, p, q) < 1e-9)
                }
            };
            expect_accepted(
                sheet,
                &mut wrong,
                sheet.candidates.iter().map(right).collect(),
            );
            return wrong;
        }
        Checkpoint::NextSwap => unreachable!(),
        Checkpoint::DeepestPoint => {
            // Each vertex's separation from the face's line, recomputed from where the
            // candidate is drawn; the smallest accepted (the algorithm's own choice is
            // checked against it by the revealed step, `algorithm_answer`).
            let (normal, face) = asked
                .items
                .iter()
                .find_map(|i| match i {
                    Item::Cast(super::visualizers::CastFigure::NextDeepest {
                        normal,
                        face,
                        ..
                    }) => Some((normal.normalize(), *face)),
                    _ => None,
                })
                .expect("the face");
            let values: Vec<f64> = sheet
                .candidates
                .iter()
                .map(|c| (c.at - face).dot(normal))
                .collect();
            let best = values.iter().copied().fold(f64::INFINITY, f64::min);
            expect_accepted(
                sheet,
                &mut wrong,
                values.iter().map(|&v| near(v, best)).collect(),
            );
            values
        }
        Checkpoint::SafeStep => {
            let Some((now, dt)) = safe_step_by_hand(app, asked) else {
                return wrong; // a shape whose core's reach is not worked out here
            };
            let values: Vec<f64> = sheet.candidates.iter().map(|c| c.at.x - now).collect();
            expect_accepted(
                sheet,
                &mut wrong,
                values
                    .iter()
                    .map(|&v| (v - dt).abs() <= 1e-6 * (1.0 + dt))
                    .collect(),
            );
            values
        }
        Checkpoint::SampleHit => {
            // The shapes placed at each sample by the scene's motions, their gap by
            // the static query (minus the depth when they overlap); "no sample" last.
            let shapes = &app.lab.scene.shapes;
            let placed = |k: usize, t: f64| {
                let (mut s, m) = (
                    shapes[k].shape.clone(),
                    shapes[k].motion.unwrap_or_default(),
                );
                let pose = s.pose();
                s.set_pose(gjk_lab_core::shapes::Pose::new(
                    pose.position + m.velocity * t,
                    pose.rotation + m.angular * t,
                ));
                s
            };
            let mut values: Vec<f64> = sheet.candidates[..sheet.candidates.len() - 1]
                .iter()
                .map(|c| {
                    let q = gjk_lab_core::query::query(
                        &placed(app.lab.a, c.at.x),
                        &placed(app.lab.b, c.at.x),
                    );
                    if q.intersects {
                        -q.depth
                    } else {
                        q.distance
                    }
                })
                .collect();
            let first = values
                .iter()
                .position(|&v| v <= 0.0)
                .unwrap_or(values.len());
            values.push(values.iter().copied().fold(f64::INFINITY, f64::min));
            expect_accepted(
                sheet,
                &mut wrong,
                (0..values.len()).map(|k| k == first).collect(),
            );
            values
        }
        Checkpoint::RayEntry => {
            // B moved along the ray by λ·r touches A, by the static query (not the
            // cast): the first such λ, by sampling and bisection.
            let ray = asked
                .items
                .iter()
                .find_map(|i| match i {
                    Item::Cast(super::visualizers::CastFigure::Ray { ray, .. }) => Some(*ray),
                    _ => None,
                })
                .expect("a ray");
            let touches = |l: f64| {
                let mut moved = b.clone();
                let mut pose = moved.pose();
                pose.position += ray * l;
                moved.set_pose(pose);
                gjk_lab_core::query::query(&a, &moved).intersects
            };
            let top = sheet
                .candidates
                .iter()
                .fold(1.0f64, |m, c| m.max(c.value / ray.length()))
                * 1.5;
            let k = (1..=4000)
                .find(|&k| touches(top * k as f64 / 4000.0))
                .expect("the ray enters A − B");
            let (mut lo, mut hi) = (top * (k - 1) as f64 / 4000.0, top * k as f64 / 4000.0);
            for _ in 0..60 {
                let mid = 0.5 * (lo + hi);
                if touches(mid) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            let values: Vec<f64> = sheet
                .candidates
                .iter()
                .map(|c| c.at.dot(ray) / ray.length())
                .collect();
            let first = 0.5 * (lo + hi) * ray.length();
            expect_accepted(
                sheet,
                &mut wrong,
                values
                    .iter()
                    .map(|&l| (l - first).abs() <= 1e-6 * (1.0 + first))
                    .collect(),
            );
            values
        }
    };
    for (c, v) in sheet.candidates.iter().zip(values) {
        if !near(c.value, v) {
            wrong.push(format!("{}: value {} but recomputed {v}", c.label, c.value));
        }
    }
    wrong
}

/// Conservative advancement's safe step at the step `asked` (its shapes placed at the
/// step's time, drawn as its ghosts), worked out by hand: the distance by the static
/// query, the normal from its closest points, the bound from the scene's motions and
/// each polygon's farthest vertex from its origin (a circle's core is its centre: no
/// reach). The step's time and `Δt`; `None` for other shapes.
fn safe_step_by_hand(app: &App, asked: &super::visualizers::Step) -> Option<(f64, f64)> {
    use super::visualizers::{CastFigure, PoseRole};
    use gjk_lab_core::shapes::Geometry;
    let poses = asked.items.iter().find_map(|i| match i {
        Item::Cast(CastFigure::Poses(p)) if p.role == PoseRole::Current => Some(p.clone()),
        _ => None,
    })?;
    let shapes = &app.lab.scene.shapes;
    let (k, j) = (app.lab.a, app.lab.b);
    let reach = |s: &Shape| match s.geometry() {
        Geometry::Circle(_) => Some(0.0),
        Geometry::Polygon(_) => s
            .geometry()
            .polygon_vertices()
            .map(|v| v.iter().fold(0.0f64, |m, p| m.max(p.length()))),
        _ => None,
    };
    let (mut a, mut b) = (shapes[k].shape.clone(), shapes[j].shape.clone());
    let (reach_a, reach_b) = (reach(&a)?, reach(&b)?);
    a.set_pose(poses.pose_a);
    b.set_pose(poses.pose_b);
    let q = gjk_lab_core::query::query(&a, &b);
    let n = (q.closest_b? - q.closest_a?).normalize();
    let (ma, mb) = (
        shapes[k].motion.unwrap_or_default(),
        shapes[j].motion.unwrap_or_default(),
    );
    let bound = (ma.velocity - mb.velocity).dot(n)
        + ma.angular.abs() * reach_a
        + mb.angular.abs() * reach_b;
    Some((poses.t, q.distance / bound))
}

/// Adds to `wrong` each candidate whose acceptance is not `accepted`'s.
fn expect_accepted(sheet: &Sheet, wrong: &mut Vec<String>, accepted: Vec<bool>) {
    for (c, want) in sheet.candidates.iter().zip(accepted) {
        if c.accepted != want {
            wrong.push(format!(
                "{}: accepted {} but the geometry says {want}",
                c.label, c.accepted
            ));
        }
    }
}

/// Where the algorithm's own answer is drawn: the support point it found, the centre
/// of the feature it kept, the middle of the edge it chose, the border of the swap.
fn algorithm_answer(app: &App, q: &Question) -> DVec2 {
    if q.kind.is_broad_phase() {
        let trace = app.many().and_then(|m| m.sweep.as_ref()).expect("a sweep");
        return match trace.steps[q.reveal].event {
            Some(gjk_lab_core::algorithms::sap::SapEvent::Swap { index, .. }) => {
                DVec2::new(index as f64 - 0.5, 0.0)
            }
            _ => panic!("the revealed step is a swap"),
        };
    }
    let revealed = &app.steps()[q.reveal];
    let found = revealed.items.iter().find_map(|i| match (q.kind, i) {
        (Checkpoint::NextSupport, Item::Support(w)) => Some(w.p),
        (
            Checkpoint::DeepestPoint,
            Item::Cast(super::visualizers::CastFigure::Gap { a, b, .. }),
        ) => {
            // The other shape's point: the one of the two that is a candidate.
            let sheet = q.sheet.candidates.iter();
            let on = |p: DVec2| sheet.clone().any(|c| close(c.at, p));
            Some(if on(*b) { *b } else { *a })
        }
        (Checkpoint::RayEntry, Item::Cast(super::visualizers::CastFigure::Ray { ray, lambda })) => {
            Some(*ray * *lambda)
        }
        // The time the safe step reached: its ghost's.
        (Checkpoint::SafeStep, Item::Cast(super::visualizers::CastFigure::Poses(p)))
            if p.role == super::visualizers::PoseRole::Current =>
        {
            Some(DVec2::new(p.t, 0.0))
        }
        // The sample that saw the hit (filled on the result's time line), else "no
        // sample".
        (Checkpoint::SampleHit, Item::Cast(super::visualizers::CastFigure::Times(marks))) => {
            let within = marks
                .iter()
                .find(|m| m.kind == super::visualizers::MarkKind::Within);
            Some(within.map_or(
                DVec2::new(gjk_lab_core::lesson::checkpoint::NO_SAMPLE, 0.0),
                |m| DVec2::new(m.t, 0.0),
            ))
        }
        (Checkpoint::ClosestEdge, Item::Edge { from, to, .. }) => Some((*from + *to) / 2.0),
        (Checkpoint::SeparatingAxis | Checkpoint::MtvAxis, Item::Projections(p))
            if p.source_is_edge =>
        {
            p.source.map(|(x, y, _)| (x + y) / 2.0)
        }
        (Checkpoint::ReferenceEdge | Checkpoint::ReferenceFace, Item::Feature(f))
            if f.role == super::visualizers::FeatureRole::Reference =>
        {
            Some((f.from + f.to) / 2.0)
        }
        _ => None,
    });
    match (q.kind, found) {
        (Checkpoint::CentreRegion, _) => {
            // The region's nearest point q, or the polygon's middle for the inside.
            let sheet = q.sheet.clone();
            let inside = revealed.title.ends_with("inside");
            let nearest = revealed.items.iter().find_map(|i| match i {
                Item::ClosedForm(super::visualizers::ClosedFormFigure::Nearest {
                    point, ..
                }) => Some(*point),
                _ => None,
            });
            let pick = sheet.candidates.iter().find(|c| match (inside, nearest) {
                (true, _) => c.label.starts_with("the inside"),
                (false, Some(p)) if revealed.title.ends_with("vertex") => {
                    c.edge.is_none() && close(c.at, p)
                }
                (false, Some(p)) => c
                    .edge
                    .is_some_and(|[x, y]| point_segment_distance(p, x, y) < 1e-7),
                _ => false,
            });
            pick.map_or(DVec2::splat(f64::NAN), |c| c.at)
        }
        (Checkpoint::KeptFeature, _) => {
            let kept = simplex_points(&revealed.items);
            kept.iter().sum::<DVec2>() / kept.len() as f64
        }
        (_, Some(p)) => p,
        // No answer drawn on the revealed step: NaN, which no candidate is near.
        _ => DVec2::splat(f64::NAN),
    }
}

/// Pixels per unit of a candidate's space.
fn zoom(app: &App, space: Space) -> f64 {
    predict::zoom(&*app.situation(), space)
}

use super::predict::{MARGIN_PX, MARGIN_SHARE};

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

/// What is wrong with a question's sheet, whoever asks it: fewer than two candidates,
/// values or an accepted set the geometry alone contradicts, or the algorithm's own
/// answer not accepted.
fn sheet_problems(app: &App, q: &Question, sheet: &Sheet) -> Vec<String> {
    let mut problems = vec![];
    if sheet.candidates.len() < 2 {
        problems.push(format!("{} candidate(s)", sheet.candidates.len()));
    }
    problems.extend(independent_check(app, q, sheet));
    let answer = algorithm_answer(app, q);
    if !sheet
        .candidates
        .iter()
        .any(|c| c.accepted && c.at.distance(answer) <= 1e-7 * (1.0 + answer.length()))
    {
        problems.push(format!("the algorithm's answer {answer} is not accepted"));
    }
    problems
}

/// Every checkpoint of every lesson, on the lesson's scene and on a moved copy: two
/// candidates or more; values and the accepted set as the geometry alone says; the
/// algorithm's own answer accepted; a click on every right marker judged right and
/// on every wrong one judged wrong, its reply quoting its number and the answer's;
/// and, on the lesson's own scene, the answer ahead of the best wrong candidate by
/// 10% of its value and 20 pixels.
#[test]
fn every_checkpoint_is_fair() {
    let mut problems = vec![];
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
                let Some(q) = app.lab.predict.question.clone() else {
                    problems.push(format!("{at}: the {} question is not asked", kind.name()));
                    continue;
                };
                let sheet = q.sheet.clone();
                problems.extend(
                    sheet_problems(&app, &q, &sheet)
                        .into_iter()
                        .map(|e| format!("{at}: {e}")),
                );
                if !moved {
                    problems.extend(
                        margin_problems(&app, &sheet)
                            .into_iter()
                            .map(|e| format!("{at}: {e}")),
                    );
                }
                problems.extend(
                    click_problems(&path, page, moved, &sheet)
                        .into_iter()
                        .map(|e| format!("{at}: {e}")),
                );
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Whether the question is decided by a clear margin on the lesson's own scene, and
/// its markers apart enough to click.
fn margin_problems(app: &App, sheet: &Sheet) -> Vec<String> {
    let mut out = vec![];
    if let Some(m) = sheet.swap_margin() {
        // The next swap: the answer's own disorder, and the in-order neighbours left
        // of it, each visible on the world view's axis (where the end points are
        // drawn) and a tenth of the list's largest gap; recomputed here from the
        // values, left to right.
        let values: Vec<f64> = sheet.candidates.iter().map(|c| c.value).collect();
        let k = values.iter().position(|&v| v < 0.0).expect("a swap");
        let zoom = zoom(app, Space::World);
        let largest = values.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        let mut seen = vec![("the answer's disorder", -values[k])];
        seen.extend(
            values[..k]
                .iter()
                .map(|&v| ("an in-order gap left of it", v)),
        );
        for (what, gap) in seen {
            if gap * zoom < MARGIN_PX || gap < MARGIN_SHARE * largest {
                out.push(format!(
                    "{what} is {gap:.4}: {:.1} px on screen, {:.0}% of the largest gap \
                     {largest:.4} (< {MARGIN_PX} px or < 10%)",
                    gap * zoom,
                    100.0 * gap / largest
                ));
            }
        }
        let smallest = m.disorder.min(m.in_order.unwrap_or(f64::INFINITY));
        if sheet.margin() != Some((smallest, largest)) {
            out.push(format!(
                "the sheet's margin {:?} is not {smallest}",
                sheet.margin()
            ));
        }
        return out;
    }
    let Some((gap, answer)) = sheet.margin() else {
        return out;
    };
    let space = sheet.value_space();
    let px = gap * zoom(app, space);
    let best_accept = matches!(
        sheet.accept,
        gjk_lab_core::lesson::checkpoint::Accept::Best { .. }
    );
    if best_accept && gap < MARGIN_SHARE * answer.abs() {
        out.push(format!(
            "a near-tie: the answer {answer:.4} beats the best wrong by {gap:.4} (< 10%)"
        ));
    }
    if px < MARGIN_PX {
        out.push(format!(
            "a near-tie: the values differ by {gap:.4}, {px:.1} px on screen (< {MARGIN_PX})"
        ));
    }
    // EPA's nearest edge: the origin not all but on it (a question with nothing to
    // compare by eye), its line at least MARGIN_PX from the origin.
    let nearest_px = answer.abs() * zoom(app, space);
    if sheet.kind == Checkpoint::ClosestEdge && nearest_px < MARGIN_PX {
        out.push(format!(
            "trivial: the origin lies {nearest_px:.1} px from the nearest edge's line \
             (< {MARGIN_PX})"
        ));
    }
    for r in sheet.candidates.iter().filter(|c| c.accepted) {
        for w in sheet.candidates.iter().filter(|c| !c.accepted) {
            let (Some(x), Some(y)) = (
                predict::marker(&*app.situation(), r.space, r.at),
                predict::marker(&*app.situation(), w.space, w.at),
            ) else {
                continue;
            };
            // Two rings (radius 9 px) that do not overlap.
            if x.distance(y) < 18.0 {
                out.push(format!(
                    "the markers of {} (right) and {} (wrong) are {:.0} px apart",
                    r.label,
                    w.label,
                    x.distance(y)
                ));
            }
        }
    }
    out
}

/// Clicks every candidate's marker in a fresh app: right ones judged right, wrong
/// ones wrong with both numbers in the reply.
fn click_problems(path: &Path, page: usize, moved: bool, sheet: &Sheet) -> Vec<String> {
    let mut out = vec![];
    let answer = sheet
        .candidates
        .iter()
        .find(|c| c.accepted)
        .expect("an answer");
    for c in &sheet.candidates {
        let mut app = app_at(path, page, moved);
        let Some(click) = predict::marker(&*app.situation(), c.space, c.at) else {
            out.push(format!("{}: no marker", c.label));
            continue;
        };
        if !app.answer(predict::View::of(c.space), click) {
            out.push(format!("{}: the click on its marker is not taken", c.label));
            continue;
        }
        let verdict = app.lab.predict.verdict.clone().expect("a verdict");
        if verdict.right != c.accepted {
            // Two markers on one spot: the nearer one won; fine if it is as right.
            let chosen = &sheet.candidates[verdict.chosen];
            if chosen.accepted != c.accepted {
                out.push(format!(
                    "{}: judged {} ({})",
                    c.label, verdict.right, verdict.text
                ));
            }
            continue;
        }
        if !c.accepted {
            let (mine, theirs) = (number(c.value), number(answer.value));
            if !verdict.text.contains(&mine) || !verdict.text.contains(&theirs) {
                out.push(format!(
                    "{}: the reply does not quote {mine} and {theirs}: {}",
                    c.label, verdict.text
                ));
            }
        }
    }
    out
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
    let e = Scene::from_text(
        text,
        gjk_lab_core::scene::Format::Ron,
        Some(Path::new("l.ron")),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "l.ron: lesson, page 2: checkpoint \"next-support\" asks about gjk, distance or shape-cast steps, but the page shows \"epa\""
    );
    let typo = text.replace("next-support", "next-suport");
    let e = Scene::from_text(
        &typo,
        gjk_lab_core::scene::Format::Ron,
        Some(Path::new("l.ron")),
    )
    .unwrap_err();
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
    let mut shapes = app.lab.scene.shapes.clone();
    let mut many = super::many::Many::unsorted(&shapes);
    many.sweep_to_frame(&mut shapes, 2, 0);
    app.show_many(many, shapes);
    app.lab.predict.on = true;
    app.go_to(0);
    app.next();
    let q = app
        .lab
        .predict
        .question
        .clone()
        .expect("a question before the swap");
    assert_eq!(q.kind, Checkpoint::NextSwap);
    app.next();
    assert_eq!(
        app.many().and_then(|m| m.sweep.as_ref()).unwrap().step,
        0,
        "N waits for the answer"
    );
    let sheet = q.sheet.clone();
    assert!(independent_check(&app, &q, &sheet).is_empty());
    assert!(app.answer_as(true));
    assert!(app.lab.predict.verdict.as_ref().is_some_and(|v| v.right));
    assert_eq!(
        app.many().and_then(|m| m.sweep.as_ref()).unwrap().step,
        q.reveal
    );
}

/// What a lesson page shows in words: its text, its question and hint, and unless it
/// hides the step panel, the step's title and narration and the legend's lines.
fn shown_words(app: &App) -> Vec<String> {
    let mut out = vec![app.page_text()];
    if let Some(q) = &app.lab.predict.question {
        out.push(q.kind.question().to_string());
        out.push(q.kind.rule().to_string());
    }
    if app.lesson_page().is_some_and(|p| p.hide_steps) {
        return out;
    }
    if let Some(step) = app.current() {
        out.push(step.title.clone());
        out.push(step.narration.clone());
    }
    if let Some(trace) = app.many().and_then(|m| m.sweep.as_ref()) {
        out.push(trace.current().narration.clone());
    }
    out.extend(
        super::legend::entries(app)
            .into_iter()
            .map(|e| e.text.to_string()),
    );
    out
}

/// Everything a lesson page shows in words, in the panel and in the picture, as it
/// opens and, where it asks, after a right answer and after a wrong one (the reply,
/// the revealed step, its labels): [`shown_words`] and the labels both views draw.
fn shown_everywhere(path: &Path, page: usize) -> Vec<String> {
    let app = app_at(path, page, false);
    let mut out = shown_words(&app);
    out.extend(super::shown_text::canvas_labels(&app));
    if app.lab.predict.question.is_none() {
        return out;
    }
    for right in [true, false] {
        let mut app = app_at(path, page, false);
        assert!(app.answer_as(right));
        out.extend(shown_words(&app));
        out.extend(super::shown_text::canvas_labels(&app));
        out.extend(app.lab.predict.verdict.iter().map(|v| v.text.clone()));
    }
    out
}

/// Every term of the glossary is taught on its page before any page uses it: page
/// text, question, hint, narration, legend, the labels drawn in the views and the
/// replies, before and after the page's question is answered, lesson by lesson in
/// order.
#[test]
fn every_term_is_taught_before_it_is_used() {
    use super::glossary::{taught, uses, words, GLOSSARY};
    let files = lessons();
    let order = |stem: &str| files.iter().position(|p| p.file_stem().unwrap() == stem);
    let mut problems = vec![];
    for (l, path) in files.iter().enumerate() {
        let pages = Scene::load(path).unwrap().lesson.unwrap().pages.len();
        for page in 0..pages {
            let shown = shown_everywhere(path, page);
            for &(term, name, _) in GLOSSARY {
                let (stem, at) = taught(term);
                let when = (order(stem).expect("a lesson of the glossary"), at);
                if (l, page + 1) >= when {
                    continue;
                }
                for text in &shown {
                    if let Some(word) = words(term).iter().find(|w| uses(text, w)) {
                        problems.push(format!(
                            "{} page {}: uses \"{word}\" ({name}, taught in {stem} page {at}): {}",
                            path.display(),
                            page + 1,
                            text.chars().take(160).collect::<String>()
                        ));
                        break;
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The terms test sees the picture too: a label drawn in a view (not in the panel)
/// that uses a term is found — lesson 1's old "bound line" and lesson 2's "v" were
/// only labels.
#[test]
fn the_terms_test_reads_the_labels_of_the_views() {
    let path = root().join("scenes/lessons/03-distance.ron");
    // Page 2 asks for the support point; the revealed step draws the bound line.
    let app = app_at(&path, 1, false);
    assert!(!shown_words(&app).iter().any(|t| t.contains("bound line")));
    let shown = shown_everywhere(&path, 1);
    assert!(shown.iter().any(|t| t == "bound line"), "{shown:?}");
    assert!(shown.iter().any(|t| t == "v"), "{shown:?}");
}

/// The Predict toggle on every preset and every algorithm: each question it asks has
/// two candidates or more, values and an accepted set the geometry alone confirms,
/// and the algorithm's own answer among the accepted.
#[test]
fn predict_asks_fair_questions_on_every_preset() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut asked = std::collections::BTreeSet::new();
    let mut problems = vec![];
    for path in super::platform::scene_files(&dir) {
        if path.to_string_lossy().contains("many-shapes") {
            continue;
        }
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for algorithm in gjk_lab_core::algorithms::Algorithm::ALL {
            let mut app = App::new(scene.clone(), Some(path.clone()), Some(algorithm), Some(0));
            super::place_cameras(&mut app, AREA);
            app.lab.predict.on = true;
            for _ in 0..200 {
                app.next();
                let Some(q) = app.lab.predict.question.clone() else {
                    if app.step() >= app.step_count() {
                        break;
                    }
                    continue;
                };
                asked.insert((q.kind.name(), algorithm.name()));
                let at = format!(
                    "{} {} step {}",
                    path.display(),
                    algorithm.name(),
                    q.asked_at
                );
                let sheet = q.sheet.clone();
                problems.extend(
                    sheet_problems(&app, &q, &sheet)
                        .into_iter()
                        .map(|e| format!("{at}: {e}")),
                );
                assert!(app.answer_as(true), "{at}");
                if !app.lab.predict.verdict.as_ref().is_some_and(|v| v.right) {
                    problems.push(format!("{at}: a right answer judged wrong"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Every kind of question the two-shape mode asks, on the algorithms that step it.
    for kind in [
        ("next-support", "gjk"),
        ("kept-feature", "distance"),
        ("closest-edge", "epa"),
        ("separating-axis", "sat"),
        ("mtv-axis", "sat-obb"),
        ("reference-edge", "clip"),
        ("reference-face", "face-separation"),
        ("reference-face", "box-box"),
        ("centre-region", "circle-polygon"),
        ("safe-step", "conservative-advancement"),
        ("sample-hit", "discrete"),
        ("sample-hit", "sub-stepping"),
    ] {
        assert!(
            asked.contains(&kind),
            "never asked: {kind:?} (asked: {asked:?})"
        );
    }
}

/// The narration speaks of the roles A and B; where a shape's name differs, the step
/// panel says which shape plays the role (lesson 7 page 4 steps A against C).
#[test]
fn the_step_panel_names_the_shape_behind_a_role() {
    let path = root().join("scenes/lessons/07-sat-obb.ron");
    let app = app_at(&path, 3, false);
    assert_eq!(
        super::pair::panel::roles_line(&app.lab).as_deref(),
        Some("In the steps, B is C.")
    );
    let app = app_at(&path, 1, false);
    assert_eq!(super::pair::panel::roles_line(&app.lab), None);
}

/// The steps that answer each kind of question are marked by their visualisers
/// (`Step::answers`); Predict once found them by title. On every preset, with every
/// algorithm that asks that kind, both ways round, the marked steps are exactly the
/// steps the old title table named — the table kept here as the independent reference.
#[test]
fn the_answering_steps_are_the_ones_the_titles_name() {
    let by_title = |kind: Checkpoint, title: &str| match kind {
        Checkpoint::NextSupport => title == "Support point",
        Checkpoint::KeptFeature => title == "Voronoi region",
        Checkpoint::ClosestEdge => title == "Closest edge",
        Checkpoint::SeparatingAxis => title == "Separating axis",
        Checkpoint::MtvAxis => title == "Result",
        Checkpoint::ReferenceEdge => title == "Reference edge",
        Checkpoint::ReferenceFace => title == "Reference face",
        Checkpoint::CentreRegion => title.starts_with("Region: "),
        Checkpoint::NextSwap => false,
        Checkpoint::RayEntry => title == "Result",
        Checkpoint::DeepestPoint => title == "Deepest vertex",
        Checkpoint::SafeStep => title == "Advance",
        Checkpoint::SampleHit => title == "Result",
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut marked = 0;
    for path in super::platform::scene_files(&dir) {
        if path.to_string_lossy().contains("many-shapes") {
            continue;
        }
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for algorithm in gjk_lab_core::algorithms::Algorithm::ALL {
            for swapped in [false, true] {
                let mut app = App::new(scene.clone(), Some(path.clone()), Some(algorithm), Some(0));
                if swapped {
                    std::mem::swap(&mut app.lab.a, &mut app.lab.b);
                    app.rerun();
                }
                for kind in Checkpoint::ALL {
                    if !kind.algorithms().contains(&algorithm) {
                        continue;
                    }
                    for (k, step) in app.steps().iter().enumerate() {
                        // SAT's answer to the MTV question is a result that measured an
                        // edge's axis (a "Result" that only says SAT does not apply
                        // answers nothing: Predict never asked there).
                        let sat_result = kind == Checkpoint::MtvAxis
                            && !step.items.iter().any(|i| matches!(i, Item::Projections(_)));
                        // The ray's entry is the answer of a result that hit after t = 0.
                        let no_entry = kind == Checkpoint::RayEntry
                            && !step.narration.starts_with("Hit at t = ");
                        let expected = by_title(kind, &step.title) && !sat_result && !no_entry;
                        assert_eq!(
                            step.answers == Some(kind),
                            expected,
                            "{} {} step {k} ({}) {kind:?}{}",
                            path.display(),
                            algorithm.name(),
                            step.title,
                            if swapped { ", swapped" } else { "" }
                        );
                        marked += usize::from(expected);
                    }
                }
            }
        }
    }
    assert!(marked > 100, "{marked} answering steps");
}

/// Every ghost of B a lesson page draws (B moved out by the depth, and with a concave
/// shape the whole B moved out) lies inside the world view as the page opens: the
/// ghosts are read from the items the page's step draws, B's box moved by each.
/// Lesson 5's and lesson 9's last pages once drew theirs outside the view.
#[test]
fn every_ghost_a_page_draws_is_in_view() {
    let (mut problems, mut ghosts) = (vec![], vec![]);
    for path in lessons() {
        let pages = Scene::load(&path).unwrap().lesson.unwrap().pages;
        for page in 0..pages.len() {
            let app = app_at(&path, page, false);
            if app.mode() == super::state::Mode::Many {
                continue;
            }
            let Some(step) = app.current() else { continue };
            let (min, max) = app.lab.world_camera.visible_world();
            let bb = app.lab.scene.shapes[app.lab.b].shape.aabb();
            for item in &step.items {
                let offset = match item {
                    Item::Penetration { normal, depth, .. } => *normal * *depth,
                    Item::WholeShapesOut(offset) => *offset,
                    _ => continue,
                };
                let at = format!("{} page {}", path.display(), page + 1);
                let (lo, hi) = (bb.min + offset, bb.max + offset);
                if lo.x < min.x || lo.y < min.y || hi.x > max.x || hi.y > max.y {
                    problems.push(format!(
                        "{at}: the ghost {lo}..{hi} leaves the view {min}..{max}"
                    ));
                }
                ghosts.push(at);
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for page in ["05-pseudo-epa.ron page 5", "09-concave.ron page 4"] {
        assert!(
            ghosts.iter().any(|g| g.ends_with(page)),
            "{page} draws no ghost: {ghosts:?}"
        );
    }
}

/// How wide a gap or an overlap must be on screen to be seen between two outlines
/// drawn 2 px wide: a few strokes.
const VISIBLE_PX: f64 = 8.0;

/// A page that says whether A and B overlap or are apart says it of a picture that
/// shows it: the gap between them, or how deep they overlap, is at least
/// [`VISIBLE_PX`] on the world view as the page opens (lesson 0's first page once said
/// "apart" of a 0.013 gap, under a pixel).
#[test]
fn a_page_that_says_apart_or_overlap_shows_it() {
    let mut problems = vec![];
    let mut checked = 0;
    for path in lessons() {
        let pages = Scene::load(&path).unwrap().lesson.unwrap().pages;
        for (page, p) in pages.iter().enumerate() {
            if !p.text.contains("{relation}") {
                continue;
            }
            let app = app_at(&path, page, false);
            let shapes = &app.lab.scene.shapes;
            let q = gjk_lab_core::query::query(&shapes[app.lab.a].shape, &shapes[app.lab.b].shape);
            let (gap, what) = if q.intersects {
                (q.depth, "deep")
            } else {
                (q.distance, "apart")
            };
            let px = gap * zoom(&app, Space::World);
            if px < VISIBLE_PX {
                problems.push(format!(
                    "{} page {}: {gap:.4} {what}, {px:.1} px on screen (< {VISIBLE_PX})",
                    path.display(),
                    page + 1
                ));
            }
            checked += 1;
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 5, "{checked} pages say how A and B lie");
}

/// "Start looking from A's centre towards B's": on every lesson page that shows the
/// first search direction, d points from A's position to B's, the positions the
/// lesson file gives and the status file shows, so the centre the page means (each
/// shape's centre of area, where the first d starts and ends) is the one a learner
/// can read. Lessons 1 and 3 once placed B's vertices off its centre of area: d
/// (3.23, 0.82) against centres (3.16, 0.84).
#[test]
fn the_first_direction_runs_between_the_centres_the_lesson_gives() {
    use gjk_lab_core::shapes::Geometry;
    let (mut problems, mut checked) = (vec![], 0);
    for path in lessons() {
        let pages = Scene::load(&path).unwrap().lesson.unwrap().pages;
        for page in 0..pages.len() {
            let app = app_at(&path, page, false);
            if app.mode() == super::state::Mode::Many {
                continue;
            }
            let shapes = &app.lab.scene.shapes;
            let (a, b) = (&shapes[app.lab.a].shape, &shapes[app.lab.b].shape);
            // A concave shape's steps run on a part pair: no "centre" is named.
            if [a, b]
                .iter()
                .any(|s| matches!(s.geometry(), Geometry::Concave(_)))
            {
                continue;
            }
            let Some(d) = app
                .steps()
                .iter()
                .find(|s| s.title == "First search direction")
                .and_then(|s| {
                    s.items.iter().find_map(|i| match i {
                        Item::Direction(d) => Some(*d),
                        _ => None,
                    })
                })
            else {
                continue;
            };
            let between = b.position() - a.position();
            let at = format!("{} page {}", path.display(), page + 1);
            if d.perp_dot(between).abs() > 1e-4 * d.length() * between.length()
                || d.dot(between) <= 0.0
            {
                problems.push(format!("{at}: d = {d}, from A's position to B's {between}"));
            }
            checked += 1;
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 10, "{checked} pages show the first direction");
}

/// The casts' questions asked before every step that answers them on every preset and
/// on the moving shapes' lesson (whether or not its margins would let the Predict toggle ask it there): the shape
/// cast's ray entry and next support point, the time of impact's deepest vertex,
/// conservative advancement's safe step, the sampled checks' first sample within the
/// target. Each sheet holds a wrong candidate beside the right ones, agrees with the
/// geometry alone, and accepts the answer the step then shows.
#[test]
fn the_casts_questions_agree_with_the_step_that_answers_them() {
    use gjk_lab_core::algorithms::Algorithm;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut asked = std::collections::BTreeMap::new();
    let mut problems = vec![];
    let lessons = lesson_files(&root())
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("moving"));
    for path in super::platform::scene_files(&dir)
        .into_iter()
        .chain(lessons)
    {
        if path.to_string_lossy().contains("many-shapes") {
            continue;
        }
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for (algorithm, kinds) in [
            (
                Algorithm::ShapeCast,
                &[Checkpoint::RayEntry, Checkpoint::NextSupport][..],
            ),
            (Algorithm::SatCast, &[Checkpoint::RayEntry][..]),
            (Algorithm::TimeOfImpact, &[Checkpoint::DeepestPoint][..]),
            (
                Algorithm::ConservativeAdvancement,
                &[Checkpoint::SafeStep][..],
            ),
            (Algorithm::Discrete, &[Checkpoint::SampleHit][..]),
            (Algorithm::SubStepping, &[Checkpoint::SampleHit][..]),
        ] {
            let mut app = App::new(scene.clone(), Some(path.clone()), Some(algorithm), Some(0));
            let n = scene.shapes.len();
            for (a, b) in (0..n).flat_map(|a| (0..n).map(move |b| (a, b))) {
                if a == b {
                    continue;
                }
                (app.lab.a, app.lab.b) = (a, b);
                app.rerun();
                super::place_cameras(&mut app, AREA);
                for &kind in kinds {
                    let answering: Vec<usize> = (1..app.steps().len())
                        .filter(|&k| app.steps()[k].answers == Some(kind))
                        .collect();
                    for k in answering {
                        // A question about the whole run is asked before its first step.
                        app.go_to(if kind.asked_before_the_run() {
                            0
                        } else {
                            k - 1
                        });
                        let Some(q) = predict::question_of_kind(&*app.situation(), kind) else {
                            continue; // every candidate right (a tie): nothing to ask
                        };
                        // A near-tie (a sliver's two points within 1e-8) is for no learner:
                        // Predict asks only clear questions, and tolerances differ there.
                        if q.sheet
                            .margin()
                            .is_none_or(|(gap, of)| gap <= 1e-6 * (1.0 + of.abs()))
                        {
                            continue;
                        }
                        *asked.entry(kind.name()).or_insert(0) += 1;
                        let at = format!(
                            "{} {} pair {a},{b} step {}",
                            path.display(),
                            algorithm.name(),
                            q.asked_at
                        );
                        problems.extend(
                            sheet_problems(&app, &q, &q.sheet)
                                .into_iter()
                                .map(|e| format!("{at}: {e}")),
                        );
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for kind in [
        "ray-entry",
        "next-support",
        "deepest-point",
        "safe-step",
        "sample-hit",
    ] {
        assert!(
            asked.get(kind).is_some_and(|&n| n > 0),
            "never asked: {kind} ({asked:?})"
        );
    }
}
