//! Predict, then reveal. Before an event a learner should be able to foresee, the app
//! stops and asks; the learner answers by clicking one of the candidate markers the
//! question draws; the app judges the click by the marker nearest it, within
//! [`TOLERANCE_PX`] — never by the geometry under the pointer — says right or wrong
//! with the learner's number beside the answer's, and shows the step.
//!
//! The candidates, their deciding numbers and which of them are right come from the
//! core's [`checkpoint`] sheets, worked out from the situation the asked step shows
//! (the direction, the simplex, the polytope, the shapes): every right answer is
//! accepted, ties included. The lessons ask at their checkpoints; the "Predict" toggle
//! of the two-shape mode asks before every event of these kinds.

use super::view::camera::Camera;
use super::view::sweep_list::{cell_text, swap_points};
use super::visualizers::sweep::SweepTrace;
use super::visualizers::{CastFigure, Item, Step};
use gjk_lab_core::algorithms::sap::SapEvent;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::checkpoint::{self, Names, Sheet, Space};
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::minkowski::MinkowskiDifference;
use gjk_lab_core::shapes::Shape;
use glam::{DVec2, Vec2};
use serde::Serialize;

/// What a question sees of the mode it is asked in. Each mode implements it over its
/// own state and the lab ([`super::pair::PairSituation`], [`super::many::ManySituation`]);
/// a question reads the mode's recorded steps and cameras through it and never the app
/// itself.
pub trait Situation {
    /// The algorithm stepped on the pair.
    fn algorithm(&self) -> Algorithm;
    /// The pair's recorded steps (`steps[0]` is before the first event).
    fn steps(&self) -> &[Step];
    /// The step shown.
    fn step(&self) -> usize;
    /// The many-shapes mode's stepped sweep, when that mode is shown and a frame is
    /// being stepped (`None` in the two-shape mode).
    fn sweep(&self) -> Option<&SweepTrace>;
    /// The camera of the world view, or of the A − B view.
    fn camera(&self, minkowski: bool) -> &Camera;
    /// Every shape's name as the views label it (by index in the scene).
    fn shape_names(&self) -> Vec<String>;
    /// The stepped pair's names, each with its role when it differs ("C (as B)").
    fn pair_names(&self) -> Names;
    /// The pair the algorithm is stepped on, in the world (for a concave shape, the
    /// decisive part).
    fn stepped_pair(&self) -> Option<(Shape, Shape)>;
}

/// A question is asked only when its answer beats the best wrong candidate by at
/// least this many pixels on screen (the values' difference times the view's zoom)…
pub const MARGIN_PX: f64 = 20.0;
/// … and by this share of the answer's value (for a question of the best value).
pub const MARGIN_SHARE: f64 = 0.10;

/// How near (pixels) a click must be to a candidate's marker to count as choosing it.
pub const TOLERANCE_PX: f64 = 24.0;

/// Which view a click or a candidate is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The shapes in the world.
    World,
    /// The Minkowski difference A − B.
    Minkowski,
    /// Drawn in screen pixels, over the views (sweep and prune's end-point list).
    Screen,
}

impl View {
    /// The view a candidate's marker is drawn in.
    pub fn of(space: Space) -> View {
        match space {
            Space::World => View::World,
            Space::Minkowski => View::Minkowski,
            Space::List => View::Screen,
        }
    }
}

/// A question waiting for its answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// What it asks.
    pub kind: Checkpoint,
    /// The step it is asked at (the views show it while the question waits).
    pub asked_at: usize,
    /// The step that answers it.
    pub reveal: usize,
    /// Whether the learner asked for the hint (the question's rule).
    pub hint: bool,
    /// The candidate chosen from the keyboard (Tab, a digit), not yet answered with
    /// (Enter answers): an index into the sheet's candidates.
    pub chosen: Option<usize>,
    /// Its candidates, their numbers and which are right: worked out once, when the
    /// question is asked (the views, the panel, the status and the judge all read
    /// this one; a change of the shapes asks the question again).
    pub sheet: Sheet,
}

/// How an answer was judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Right or wrong.
    pub right: bool,
    /// Why, with the learner's number and the answer's.
    pub text: String,
    /// The question's sheet, to show every candidate's number after the answer
    /// (dropped when the shapes change: the numbers would no longer be theirs).
    pub sheet: Option<Sheet>,
    /// The candidate chosen.
    pub chosen: usize,
}

/// Answers judged so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Score {
    /// Right answers.
    pub right: u32,
    /// Wrong answers.
    pub wrong: u32,
}

impl Score {
    /// Counts one answer.
    pub fn add(&mut self, right: bool) {
        if right {
            self.right += 1;
        } else {
            self.wrong += 1;
        }
    }
}

/// The question of `kind` about the first event of its kind after the current step,
/// if the current run has one (and its sheet has a right answer).
pub fn question_of_kind(app: &dyn Situation, kind: Checkpoint) -> Option<Question> {
    if kind.is_broad_phase() {
        return swap_question(app);
    }
    if !kind.algorithms().contains(&app.algorithm()) {
        return None;
    }
    // The visualiser marks the steps that answer each kind of question.
    let reveal =
        (app.step() + 1..app.steps().len()).find(|&k| app.steps()[k].answers == Some(kind))?;
    let question = Asked {
        kind,
        asked_at: app.step(),
        reveal,
    };
    // SAT's questions are about edges: the answering step must test an edge's normal
    // (not a box's axis of a part pair SAT does not apply to).
    let sat = matches!(kind, Checkpoint::SeparatingAxis | Checkpoint::MtvAxis);
    let edge_axis = app.steps()[reveal]
        .items
        .iter()
        .any(|i| matches!(i, Item::Projections(p) if p.source_is_edge && p.source.is_some()));
    if sat && !edge_axis {
        return None;
    }
    asked(app, question)
}

/// A question before its sheet is worked out.
#[derive(Clone, Copy)]
struct Asked {
    kind: Checkpoint,
    asked_at: usize,
    reveal: usize,
}

/// The question, with its sheet, if the sheet has a right answer and something wrong
/// to choose.
fn asked(app: &dyn Situation, asked: Asked) -> Option<Question> {
    let sheet = work_out_sheet(app, asked.kind, asked.asked_at)?;
    let right = sheet.candidates.iter().any(|c| c.accepted);
    let wrong = sheet.candidates.iter().any(|c| !c.accepted);
    (right && wrong).then_some(Question {
        kind: asked.kind,
        asked_at: asked.asked_at,
        reveal: asked.reveal,
        hint: false,
        chosen: None,
        sheet,
    })
}

/// Sweep and prune's question: the next swap of the stepped frame, asked on the list
/// just before it (so the list shown is the one the swap acts on).
fn swap_question(app: &dyn Situation) -> Option<Question> {
    let trace = app.sweep()?;
    let reveal = (trace.step + 1..trace.steps.len())
        .find(|&k| matches!(trace.steps[k].event, Some(SapEvent::Swap { .. })))?;
    let question = Asked {
        kind: Checkpoint::NextSwap,
        asked_at: reveal - 1,
        reveal,
    };
    asked(app, question)
}

/// The question to ask before the next step, when the Predict toggle is on: the next
/// event, if it is of a kind learners predict.
pub fn question_before_next(app: &dyn Situation) -> Option<Question> {
    if let Some(trace) = app.sweep() {
        let next = trace.steps.get(trace.step + 1)?;
        return matches!(next.event, Some(SapEvent::Swap { .. }))
            .then(|| swap_question(app))
            .flatten();
    }
    // The visualiser marks the step that answers each kind of question: the next
    // step's kind is asked before it. A question about the whole run (SAT's: which
    // axis separates, which gives the MTV) is asked before its first step.
    let next = app.steps().get(app.step() + 1)?;
    let kind = match next.answers {
        Some(kind) if !kind.asked_before_the_run() => kind,
        _ if app.step() == 0 => app
            .steps()
            .iter()
            .find_map(|s| s.answers.filter(|k| k.asked_before_the_run()))?,
        _ => return None,
    };
    // The toggle asks only what a learner can decide: near-ties are skipped. (A lesson
    // asks on every page; its scenes are made to keep the margins, which a test checks.)
    let question = question_of_kind(app, kind)?;
    clear(app, &question.sheet).then_some(question)
}

/// Whether a sheet's answer beats its best wrong candidate by [`MARGIN_PX`] on screen
/// and, for a question of the best value, by [`MARGIN_SHARE`] of its value; for the
/// next swap, whether its own disorder and the in-order neighbours left of it are
/// each that clear on the world view's axis, where the end points are drawn, and
/// [`MARGIN_SHARE`] of the list's largest gap ([`checkpoint::SwapMargin`]).
pub fn clear(app: &dyn Situation, sheet: &Sheet) -> bool {
    let Some((gap, of)) = sheet.margin() else {
        return false;
    };
    let space = sheet.candidates.first().map_or(Space::World, |c| c.space);
    let share_ok =
        matches!(sheet.accept, checkpoint::Accept::Negative) || gap >= MARGIN_SHARE * of.abs();
    gap * zoom(app, space) >= MARGIN_PX && share_ok
}

/// Pixels per unit of the values of a candidate in `space`: the A − B view's zoom for
/// its points, else the world view's (the end-point list's values are x positions of
/// the world, read on its axis).
pub fn zoom(app: &dyn Situation, space: Space) -> f64 {
    let camera = app.camera(space == Space::Minkowski);
    camera
        .world_to_screen(DVec2::X)
        .distance(camera.world_to_screen(DVec2::ZERO)) as f64
}

/// A question's sheet: its candidates, their numbers and which are right, worked out
/// from what the step it is asked at shows (`None` when it shows nothing to ask about).
fn work_out_sheet(app: &dyn Situation, kind: Checkpoint, asked_at: usize) -> Option<Sheet> {
    if kind.is_broad_phase() {
        let trace = app.sweep()?;
        let names = app.shape_names();
        let list = trace.endpoints_at(asked_at);
        let values: Vec<f64> = list.iter().map(|e| e.value).collect();
        let labels: Vec<String> = list.iter().map(|e| cell_text(e, &names)).collect();
        return Some(checkpoint::next_swap(&values, &labels));
    }
    let asked = app.steps().get(asked_at)?;
    match kind {
        Checkpoint::NextSupport => {
            // GJK's search direction d, or the shape cast's v.
            let d = asked.items.iter().find_map(|i| match i {
                Item::Direction(d) => Some(*d),
                Item::Cast(CastFigure::Search { vector, .. }) => Some(*vector),
                _ => None,
            })?;
            let (a, b) = app.stepped_pair()?;
            Some(checkpoint::next_support(&a, &b, d))
        }
        Checkpoint::KeptFeature => {
            let (points, names) = asked.items.iter().find_map(|i| match i {
                Item::Simplex { points, names } => Some((
                    points.iter().map(|w| w.p).collect::<Vec<_>>(),
                    names.clone(),
                )),
                _ => None,
            })?;
            Some(checkpoint::kept_feature(&points, &names))
        }
        Checkpoint::ClosestEdge => {
            let polytope = asked.items.iter().find_map(|i| match i {
                Item::Polytope(p) => Some(p.iter().map(|w| w.p).collect::<Vec<_>>()),
                _ => None,
            })?;
            Some(checkpoint::closest_edge(&polytope))
        }
        Checkpoint::SeparatingAxis => {
            let (a, b) = app.stepped_pair()?;
            checkpoint::separating_axis(&a, &b, &app.pair_names())
        }
        Checkpoint::MtvAxis => {
            let (a, b) = app.stepped_pair()?;
            checkpoint::mtv_axis(&a, &b, &app.pair_names())
        }
        Checkpoint::ReferenceEdge => {
            let (a, b) = app.stepped_pair()?;
            let touch = MinkowskiDifference::new(&a, &b).tolerance.touch;
            checkpoint::reference_edge(&a, &b, touch, &app.pair_names())
        }
        Checkpoint::ReferenceFace => {
            let (a, b) = app.stepped_pair()?;
            let touch = MinkowskiDifference::new(&a, &b).tolerance.touch;
            checkpoint::reference_face(&a, &b, touch, &app.pair_names())
        }
        Checkpoint::CentreRegion => {
            let (a, b) = app.stepped_pair()?;
            let names = app.pair_names();
            if a.geometry().polygon_vertices().is_some() {
                checkpoint::centre_region(&a, b.position(), &names.a)
            } else {
                checkpoint::centre_region(&b, a.position(), &names.b)
            }
        }
        Checkpoint::NextSwap => None,
        Checkpoint::DeepestPoint => asked.items.iter().find_map(|i| match i {
            Item::Cast(CastFigure::NextDeepest {
                normal,
                face,
                vertices,
            }) => Some(checkpoint::deepest_point(vertices, *normal, *face)),
            _ => None,
        }),
        Checkpoint::RayEntry => {
            let ray = asked.items.iter().find_map(|i| match i {
                Item::Cast(CastFigure::Ray { ray, .. }) => Some(*ray),
                _ => None,
            })?;
            let (a, b) = app.stepped_pair()?;
            // Polygons only: a rounded A − B has no edges to cross.
            let md = MinkowskiDifference::new(&a, &b);
            if md.margin() > 0.0 || md.is_curved() {
                return None;
            }
            checkpoint::ray_entry(&md.outline(0), ray)
        }
    }
}

/// A candidate's number as the views draw it: the canvas font has no true minus sign,
/// so an ASCII hyphen stands for it.
pub fn canvas_number(x: f64) -> String {
    checkpoint::number(x).replace('−', "-")
}

/// Screen position of a candidate's marker.
pub fn marker(app: &dyn Situation, space: Space, at: DVec2) -> Option<Vec2> {
    match space {
        Space::World => Some(app.camera(false).world_to_screen(at)),
        Space::Minkowski => Some(app.camera(true).world_to_screen(at)),
        Space::List => {
            let trace = app.sweep()?;
            let n = trace.endpoints_at(trace.step).len();
            let points = swap_points(app.camera(false).viewport, n, trace.boxes.len());
            // `at.x` is the border between cells at.x − 0.5 and at.x + 0.5.
            points.get((at.x - 0.5).round().max(0.0) as usize).copied()
        }
    }
}

/// A waiting question for `--status` (for tests that drive the window): its kind, its
/// candidates' marker positions (screen), the first right one, every right one, and
/// each candidate's deciding number.
pub fn status(app: &dyn Situation, q: &Question) -> serde_json::Value {
    let sheet = &q.sheet;
    let screen: Vec<Option<[f32; 2]>> = sheet
        .candidates
        .iter()
        .map(|c| marker(app, c.space, c.at).map(|p| p.to_array()))
        .collect();
    let accepted = sheet.accepted();
    let values: Vec<f64> = sheet.candidates.iter().map(|c| c.value).collect();
    serde_json::json!({
        "kind": q.kind.name(),
        "candidates": screen,
        "answer": accepted.first(),
        "accepted": accepted,
        "values": values,
        "rule": q.kind.rule(),
    })
}

/// The candidate whose marker in `view` is nearest the click, within [`TOLERANCE_PX`].
fn chosen(app: &dyn Situation, sheet: &Sheet, view: View, click: Vec2) -> Option<usize> {
    sheet
        .candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| View::of(c.space) == view)
        .filter_map(|(k, c)| Some((k, marker(app, c.space, c.at)?.distance(click))))
        .filter(|&(_, d)| (d as f64) <= TOLERANCE_PX)
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(k, _)| k)
}

/// Judges a click at `click` (screen) in `view`: the candidate whose marker is nearest,
/// within [`TOLERANCE_PX`]; `None` when the click is near no marker.
pub fn judge(app: &dyn Situation, q: &Question, view: View, click: Vec2) -> Option<Verdict> {
    let sheet = q.sheet.clone();
    let k = chosen(app, &sheet, view, click)?;
    let pick = &sheet.candidates[k];
    let right = pick.accepted;
    let text = if right {
        format!("Right! {}", pick.why)
    } else {
        format!("Not this one. Yours, {}", pick.why)
    };
    Some(Verdict {
        right,
        text,
        chosen: k,
        sheet: Some(sheet),
    })
}

/// Where a click chooses a right candidate (`right`), or the wrong candidate of the
/// same view farthest from it: its view and screen point.
pub fn click_for(app: &dyn Situation, q: &Question, right: bool) -> Option<(View, Vec2)> {
    let sheet = &q.sheet;
    let good = sheet.candidates.iter().find(|c| c.accepted)?;
    let screen = |c: &checkpoint::Candidate| marker(app, c.space, c.at);
    let good_at = screen(good)?;
    let chosen = if right {
        good
    } else {
        sheet
            .candidates
            .iter()
            .filter(|c| !c.accepted && c.space == good.space)
            .filter(|c| screen(c).is_some())
            .max_by(|x, y| {
                let d = |c: &checkpoint::Candidate| screen(c).map_or(0.0, |p| p.distance(good_at));
                d(x).total_cmp(&d(y))
            })?
    };
    Some((View::of(chosen.space), screen(chosen)?))
}
