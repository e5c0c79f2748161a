//! Predict, then reveal. Before an event a learner should be able to foresee, the app
//! stops and asks; the learner answers by clicking in the picture; the app judges the
//! click on the geometry — the candidate (point, edge, triangle) nearest the click,
//! within [`TOLERANCE_PX`] — says right or wrong and why, and shows the step.
//!
//! The right answer is read from the step the algorithm records for that event (the
//! support point it found, the feature it kept, the edge it chose), so the question is
//! always about what the algorithm is about to do on the shapes as they are now. The
//! lessons ask at their checkpoints; the "Predict" toggle of the two-shape mode asks
//! before every event of these kinds.

use super::view::camera::Camera;
use super::view::sweep_list::swap_points;
use super::visualizers::sweep::SweepTrace;
use super::visualizers::{FeatureRole, Item, Step};
use gjk_lab::algorithms::sap::SapEvent;
use gjk_lab::algorithms::Algorithm;
use gjk_lab::geometry::{point_segment_distance, triangle_contains};
use gjk_lab::lesson::Checkpoint;
use gjk_lab::shapes::Shape;
use glam::{DVec2, Vec2};
use serde::Serialize;

/// What a question sees of the lab it is asked in. The app implements it; a question
/// reads the mode's recorded steps and cameras through it and never the app itself.
pub trait Lab {
    /// The algorithm stepped on the pair.
    fn algorithm(&self) -> Algorithm;
    /// The pair's recorded steps (`steps[0]` is before the first event).
    fn steps(&self) -> &[Step];
    /// The step shown.
    fn step(&self) -> usize;
    /// Whether the many-shapes mode is shown (its questions are about the sweep).
    fn many_shapes(&self) -> bool;
    /// The many-shapes mode's stepped sweep, when that mode is shown and a frame is
    /// being stepped (`None` in the two-shape mode).
    fn sweep(&self) -> Option<&SweepTrace>;
    /// The camera of the world view, or of the A − B view.
    fn camera(&self, minkowski: bool) -> &Camera;
    /// Points on the outline of `A − B` (of its core, where a circle walks on its
    /// centre), `samples` per curved part.
    fn minkowski_points(&self, samples: usize) -> Vec<DVec2>;
    /// The pair the algorithm is stepped on, in the world (for a concave shape, the
    /// decisive part).
    fn stepped_pair(&self) -> Option<(Shape, Shape)>;
}

/// How near (pixels) a click must be to a candidate to count as choosing it.
pub const TOLERANCE_PX: f64 = 24.0;

/// Which view a click or a candidate is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The shapes in the world.
    World,
    /// The Minkowski difference A − B.
    Minkowski,
    /// Drawn in screen pixels, over the views (sweep and prune's end-point list):
    /// its candidates' coordinates are pixels.
    Screen,
}

/// Something a learner may click.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// A point.
    Point(DVec2),
    /// An edge.
    Segment(DVec2, DVec2),
    /// A triangle's inside.
    Triangle([DVec2; 3]),
}

/// A clickable answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// Where it is drawn.
    pub view: View,
    /// What it is.
    pub target: Target,
}

/// A question waiting for its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// What it asks.
    pub kind: Checkpoint,
    /// The step it is asked at (the views show it while the question waits).
    pub asked_at: usize,
    /// The step that answers it.
    pub reveal: usize,
}

/// How an answer was judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Right or wrong.
    pub right: bool,
    /// Why, with the numbers (the revealed step's narration).
    pub text: String,
}

/// Answers judged so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Score {
    /// Right answers.
    pub right: u32,
    /// Wrong answers.
    pub wrong: u32,
}

/// The title of the step that answers each kind of question.
fn answering_title(kind: Checkpoint) -> &'static str {
    match kind {
        Checkpoint::NextSupport => "Support point",
        Checkpoint::KeptFeature => "Voronoi region",
        Checkpoint::ClosestEdge => "Closest edge",
        Checkpoint::SeparatingAxis => "Separating axis",
        Checkpoint::MtvAxis => "Result",
        Checkpoint::ReferenceEdge => "Reference edge",
        Checkpoint::NextSwap => "Swap",
    }
}

/// The question of `kind` about the first event of its kind after the current step,
/// if the current run has one (and, for SAT, if the answer is an edge).
pub fn question_of_kind(app: &dyn Lab, kind: Checkpoint) -> Option<Question> {
    if kind.is_broad_phase() {
        return swap_question(app);
    }
    if !kind.algorithms().contains(&app.algorithm()) {
        return None;
    }
    let title = answering_title(kind);
    let reveal = (app.step() + 1..app.steps().len()).find(|&k| app.steps()[k].title == title)?;
    let question = Question {
        kind,
        asked_at: app.step(),
        reveal,
    };
    // A question needs a right answer among the candidates.
    candidates(app, &question).1.map(|_| question)
}

/// Sweep and prune's question: the next swap of the stepped frame, asked on the list
/// just before it (so the list shown is the one the swap acts on).
fn swap_question(app: &dyn Lab) -> Option<Question> {
    let trace = app.sweep()?;
    let reveal = (trace.step + 1..trace.steps.len())
        .find(|&k| matches!(trace.steps[k].event, Some(SapEvent::Swap { .. })))?;
    let question = Question {
        kind: Checkpoint::NextSwap,
        asked_at: reveal - 1,
        reveal,
    };
    candidates(app, &question).1.map(|_| question)
}

/// The narration of the step that answers a question.
fn revealed_narration(app: &dyn Lab, q: &Question) -> String {
    if q.kind.is_broad_phase() {
        let trace = app.sweep();
        return trace
            .and_then(|t| t.steps.get(q.reveal))
            .map_or(String::new(), |s| s.narration.clone());
    }
    app.steps()
        .get(q.reveal)
        .map_or(String::new(), |s| s.narration.clone())
}

/// The question to ask before the next step, when the Predict toggle is on: the next
/// event, if it is of a kind learners predict.
pub fn question_before_next(app: &dyn Lab) -> Option<Question> {
    if app.many_shapes() {
        let trace = app.sweep()?;
        let next = trace.steps.get(trace.step + 1)?;
        return matches!(next.event, Some(SapEvent::Swap { .. }))
            .then(|| swap_question(app))
            .flatten();
    }
    let next = app.steps().get(app.step() + 1)?;
    let kind = match (app.algorithm(), next.title.as_str()) {
        (Algorithm::Gjk | Algorithm::Distance, "Support point") => Checkpoint::NextSupport,
        (Algorithm::Gjk | Algorithm::Distance, "Voronoi region") => Checkpoint::KeptFeature,
        (Algorithm::Epa, "Closest edge") => Checkpoint::ClosestEdge,
        (Algorithm::Clip, "Reference edge") => Checkpoint::ReferenceEdge,
        (Algorithm::Sat | Algorithm::SatObb, _) if app.step() == 0 => {
            let separated = app.steps().iter().any(|s| s.title == "Separating axis");
            if separated {
                Checkpoint::SeparatingAxis
            } else {
                Checkpoint::MtvAxis
            }
        }
        _ => return None,
    };
    question_of_kind(app, kind)
}

/// The clickable candidates of a question and the index of the right one (`None`
/// when the revealed step does not show an answer of that kind).
pub fn candidates(app: &dyn Lab, q: &Question) -> (Vec<Candidate>, Option<usize>) {
    // Sweep and prune's steps are the stepped frame's, not the pair's.
    if q.kind.is_broad_phase() {
        return swap_candidates(app, q);
    }
    let (Some(asked), Some(revealed)) = (app.steps().get(q.asked_at), app.steps().get(q.reveal))
    else {
        return (vec![], None);
    };
    match q.kind {
        Checkpoint::NextSupport => {
            let w = revealed.items.iter().find_map(|i| match i {
                Item::Support(w) => Some(w.p),
                _ => None,
            });
            // The points of A − B (of its core, where a circle walks on its centre).
            let mut points = app.minkowski_points(48);
            if let Some(w) = w {
                if !points
                    .iter()
                    .any(|p| p.distance(w) <= 1e-9 * (1.0 + w.length()))
                {
                    points.push(w);
                }
            }
            let right = w.and_then(|w| nearest_point(&points, w));
            let list = candidates_in(View::Minkowski, points.into_iter().map(Target::Point));
            (list, right)
        }
        Checkpoint::KeptFeature => {
            let before = simplex_of(&asked.items);
            let kept = simplex_of(&revealed.items);
            let features = simplex_features(&before);
            let right = features.iter().position(|f| same_feature(f, &kept));
            let list = candidates_in(View::Minkowski, features);
            (list, right)
        }
        Checkpoint::ClosestEdge => {
            let polytope = asked.items.iter().find_map(|i| match i {
                Item::Polytope(p) => Some(p.iter().map(|w| w.p).collect::<Vec<_>>()),
                _ => None,
            });
            let edge = revealed.items.iter().find_map(|i| match i {
                Item::Edge { from, to, .. } => Some((*from, *to)),
                _ => None,
            });
            let edges: Vec<Target> = polytope
                .map(|p| {
                    (0..p.len())
                        .map(|k| Target::Segment(p[k], p[(k + 1) % p.len()]))
                        .collect()
                })
                .unwrap_or_default();
            let right = edge.and_then(|(a, b)| {
                edges
                    .iter()
                    .position(|t| same_feature(t, &[a, b]) || same_feature(t, &[b, a]))
            });
            let list = candidates_in(View::Minkowski, edges);
            (list, right)
        }
        Checkpoint::NextSwap => (vec![], None),
        Checkpoint::SeparatingAxis | Checkpoint::MtvAxis | Checkpoint::ReferenceEdge => {
            let answer = revealed.items.iter().find_map(|i| match i {
                Item::Projections(p) if p.source_is_edge => p.source.map(|(a, b, _)| (a, b)),
                Item::Feature(f) if f.role == FeatureRole::Reference => Some((f.from, f.to)),
                _ => None,
            });
            let edges = world_edges(app);
            let right = answer.and_then(|(a, b)| {
                edges.iter().position(|t| match t {
                    Target::Segment(p, q) => {
                        close(*p, a) && close(*q, b) || close(*p, b) && close(*q, a)
                    }
                    _ => false,
                })
            });
            let list = candidates_in(View::World, edges);
            (list, right)
        }
    }
}

/// The borders between neighbouring cells of the end-point list as it is before the
/// swap, and the border of the two cells the swap exchanges (`Swap { index }` moves
/// the end point at `index` left past the one at `index − 1`).
fn swap_candidates(app: &dyn Lab, q: &Question) -> (Vec<Candidate>, Option<usize>) {
    let Some(trace) = app.sweep() else {
        return (vec![], None);
    };
    let n = trace.endpoints_at(q.asked_at).len();
    let points = swap_points(app.camera(false).viewport, n, trace.boxes.len());
    let right = match trace.steps.get(q.reveal).and_then(|s| s.event.as_ref()) {
        Some(SapEvent::Swap { index, .. }) if *index >= 1 && *index - 1 < points.len() => {
            Some(index - 1)
        }
        _ => None,
    };
    let targets = points
        .into_iter()
        .map(|p| Target::Point(DVec2::new(p.x as f64, p.y as f64)));
    (candidates_in(View::Screen, targets), right)
}

/// Screen position of a candidate's point `p` in `view`.
fn to_screen(app: &dyn Lab, view: View, p: DVec2) -> Vec2 {
    match view {
        View::World => app.camera(false).world_to_screen(p),
        View::Minkowski => app.camera(true).world_to_screen(p),
        View::Screen => Vec2::new(p.x as f32, p.y as f32),
    }
}

/// Every target as a candidate of `view`.
fn candidates_in(view: View, targets: impl IntoIterator<Item = Target>) -> Vec<Candidate> {
    targets
        .into_iter()
        .map(|target| Candidate { view, target })
        .collect()
}

/// A waiting question for `--status` (for tests that drive the window): its kind, its
/// candidates' screen positions (a point itself, an edge's middle) and which of them is
/// right.
pub fn status(app: &dyn Lab, q: &Question) -> serde_json::Value {
    let (list, right) = candidates(app, q);
    let screen: Vec<[f32; 2]> = list
        .iter()
        .map(|c| to_screen(app, c.view, anchor(&c.target)).to_array())
        .collect();
    serde_json::json!({ "kind": q.kind.name(), "candidates": screen, "answer": right })
}

/// Judges a click at `click` (screen) in `view`: the nearest candidate of that view
/// within [`TOLERANCE_PX`]; `None` when the click is near no candidate.
pub fn judge(app: &dyn Lab, q: &Question, view: View, click: Vec2) -> Option<Verdict> {
    let (list, right) = candidates(app, q);
    let chosen = list
        .iter()
        .enumerate()
        .filter(|(_, c)| c.view == view)
        .map(|(k, c)| (k, pixel_distance(app, view, &c.target, click)))
        .filter(|&(_, d)| d <= TOLERANCE_PX)
        // Points before edges before insides: the most specific thing under the click.
        .min_by(|x, y| {
            let rank = |k: usize| match list[k].target {
                Target::Point(_) => 0,
                Target::Segment(..) => 1,
                Target::Triangle(_) => 2,
            };
            (rank(x.0), x.1)
                .partial_cmp(&(rank(y.0), y.1))
                .unwrap_or(std::cmp::Ordering::Equal)
        })?
        .0;
    let is_right = Some(chosen) == right
        || right.is_some_and(|r| same_axis(q.kind, &list[chosen].target, &list[r].target));
    let why = revealed_narration(app, q);
    let text = if is_right {
        format!("Right! {why}")
    } else {
        format!("Not this one — the highlighted answer is the algorithm's. {why}")
    };
    Some(Verdict {
        right: is_right,
        text,
    })
}

/// Where a click chooses the right candidate (`right`), or the candidate of the same
/// view farthest from it: its view and screen point.
pub fn click_for(app: &dyn Lab, q: &Question, right: bool) -> Option<(View, Vec2)> {
    let (list, answer) = candidates(app, q);
    let good = list.get(answer?)?;
    let screen = |c: &Candidate| to_screen(app, c.view, anchor(&c.target));
    let chosen = if right {
        good
    } else {
        list.iter().filter(|c| c.view == good.view).max_by(|x, y| {
            let d = |c: &Candidate| screen(c).distance(screen(good));
            d(x).total_cmp(&d(y))
        })?
    };
    Some((chosen.view, screen(chosen)))
}

/// A point that lies on a target: a point itself, an edge's middle, a triangle's centroid.
pub fn anchor(t: &Target) -> DVec2 {
    match *t {
        Target::Point(p) => p,
        Target::Segment(a, b) => (a + b) / 2.0,
        Target::Triangle([a, b, c]) => (a + b + c) / 3.0,
    }
}

/// Distance in pixels from a click to a target of `view` (0 inside a triangle).
fn pixel_distance(app: &dyn Lab, view: View, target: &Target, click: Vec2) -> f64 {
    let s = |p: DVec2| {
        let v = to_screen(app, view, p);
        DVec2::new(v.x as f64, v.y as f64)
    };
    let m = DVec2::new(click.x as f64, click.y as f64);
    match *target {
        Target::Point(p) => s(p).distance(m),
        Target::Segment(a, b) => point_segment_distance(m, s(a), s(b)),
        Target::Triangle([a, b, c]) => {
            if triangle_contains(s(a), s(b), s(c), m) {
                0.0
            } else {
                f64::INFINITY
            }
        }
    }
}

/// SAT's questions are about an axis: an edge parallel to the right one (a box's
/// opposite edge) has the same normal line, and counts as the same answer.
fn same_axis(kind: Checkpoint, chosen: &Target, right: &Target) -> bool {
    let (Target::Segment(a, b), Target::Segment(c, d)) = (*chosen, *right) else {
        return false;
    };
    let axis_question = matches!(kind, Checkpoint::SeparatingAxis | Checkpoint::MtvAxis);
    let (u, v) = (b - a, d - c);
    axis_question && u.perp_dot(v).abs() <= 1e-9 * u.length() * v.length()
}

/// The points of the simplex a step draws.
fn simplex_of(items: &[Item]) -> Vec<DVec2> {
    items
        .iter()
        .find_map(|i| match i {
            Item::Simplex { points, .. } => Some(points.iter().map(|w| w.p).collect()),
            _ => None,
        })
        .unwrap_or_default()
}

/// A simplex's features: each point, each edge, and a triangle's inside.
fn simplex_features(points: &[DVec2]) -> Vec<Target> {
    let mut features: Vec<Target> = points.iter().map(|&p| Target::Point(p)).collect();
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            features.push(Target::Segment(points[i], points[j]));
        }
    }
    if let [a, b, c] = points[..] {
        features.push(Target::Triangle([a, b, c]));
    }
    features
}

/// Whether a feature is exactly the given set of points.
fn same_feature(feature: &Target, points: &[DVec2]) -> bool {
    let has = |p: DVec2| points.iter().any(|&q| close(p, q));
    match *feature {
        Target::Point(p) => points.len() == 1 && has(p),
        Target::Segment(a, b) => points.len() == 2 && has(a) && has(b),
        Target::Triangle([a, b, c]) => points.len() == 3 && has(a) && has(b) && has(c),
    }
}

fn close(p: DVec2, q: DVec2) -> bool {
    p.distance(q) <= 1e-9 * (1.0 + p.length())
}

fn nearest_point(points: &[DVec2], w: DVec2) -> Option<usize> {
    (0..points.len()).min_by(|&i, &j| points[i].distance(w).total_cmp(&points[j].distance(w)))
}

/// Every edge of the stepped pair's polygons, in the world.
fn world_edges(app: &dyn Lab) -> Vec<Target> {
    let Some((a, b)) = app.stepped_pair() else {
        return vec![];
    };
    [a, b].iter().flat_map(edges_of).collect()
}

fn edges_of(shape: &Shape) -> Vec<Target> {
    let Some(local) = shape.geometry().polygon_vertices() else {
        return vec![];
    };
    let world: Vec<DVec2> = local.iter().map(|&v| shape.to_world(v)).collect();
    (0..world.len())
        .map(|k| Target::Segment(world[k], world[(k + 1) % world.len()]))
        .collect()
}
