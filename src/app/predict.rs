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

use super::i18n::{self, tr};
use super::view::camera::Camera;
use super::view::cast::{time_line_point, time_line_zoom};
use super::view::sweep_list::{cell_text, swap_points};
use super::visualizers::sweep::SweepTrace;
use super::visualizers::{CastFigure, Item, Step};
use gjk_lab_core::algorithms::sap::SapEvent;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::checkpoint::{self, Names, Part, Sheet, Space};
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
            // The time line is drawn in the world view.
            Space::Time => View::World,
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
/// [`MARGIN_SHARE`] of the list's largest gap ([`checkpoint::SwapMargin`]); for the
/// first sample within the target, whether the gap of every sample up to the answer
/// is that clear in the world view and [`MARGIN_SHARE`] of the largest gap.
pub fn clear(app: &dyn Situation, sheet: &Sheet) -> bool {
    let Some((gap, of)) = sheet.margin() else {
        return false;
    };
    let space = sheet.value_space();
    let share_ok =
        matches!(sheet.accept, checkpoint::Accept::Negative) || gap >= MARGIN_SHARE * of.abs();
    gap * zoom(app, space) >= MARGIN_PX && share_ok
}

/// Pixels per unit of the values of a candidate in `space`: the A − B view's zoom for
/// its points, the time line's length for times, else the world view's (the
/// end-point list's values are x positions of the world, read on its axis).
pub fn zoom(app: &dyn Situation, space: Space) -> f64 {
    if space == Space::Time {
        return time_line_zoom(app.camera(false).viewport);
    }
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
        Checkpoint::SafeStep => asked.items.iter().find_map(|i| match i {
            Item::Cast(CastFigure::NextAdvance(next)) => checkpoint::safe_step(next),
            _ => None,
        }),
        // Asked before the run: the gaps are those the check plans (its first step's).
        Checkpoint::SampleHit => app
            .steps()
            .iter()
            .flat_map(|s| &s.items)
            .find_map(|i| match i {
                Item::Cast(CastFigure::Samples(gaps)) => checkpoint::sample_hit(gaps),
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
        Space::Time => time_line_point(app.camera(false).viewport, at.x),
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
    let why = why(&sheet, k);
    let text = if right {
        tr!("verdict-right", why = why)
    } else {
        tr!("verdict-wrong", why = why)
    };
    Some(Verdict {
        right,
        text,
        chosen: k,
        sheet: Some(sheet),
    })
}

/// Candidate `k`'s name in the language shown ("B's edge with normal (0.00, 1.00)",
/// "B 的边（法线 (0.00, 1.00)）"): in English, the sheet's own label.
pub fn candidate_label(sheet: &Sheet, k: usize) -> String {
    sheet
        .candidates
        .get(k)
        .map_or_else(String::new, |c| part_text(&c.part))
}

/// A candidate's name, worded from its parts in the language shown.
fn part_text(part: &Part) -> String {
    match part {
        Part::Point { symbol, at } => tr!("verdict-part-point", symbol = *symbol, at = at.as_str()),
        Part::SimplexPoint(name) => tr!("verdict-part-simplex-point", name = name.as_str()),
        Part::SimplexEdge(names) => tr!("verdict-part-simplex-edge", names = names.as_str()),
        Part::Inside(names) => tr!("verdict-part-inside", names = names.as_str()),
        Part::Vertex(k) => tr!("verdict-part-vertex", k = k.to_string()),
        Part::Segment(ends) => tr!("verdict-part-segment", ends = ends.as_str()),
        Part::Side {
            owner,
            face: false,
            normal,
        } => tr!(
            "verdict-part-edge-with-normal",
            owner = owner.as_str(),
            normal = normal.as_str()
        ),
        Part::Side {
            owner,
            face: true,
            normal,
        } => tr!(
            "verdict-part-face-with-normal",
            owner = owner.as_str(),
            normal = normal.as_str()
        ),
        Part::OwnersVertex { owner, at } => {
            tr!(
                "verdict-part-owners-vertex",
                owner = owner.as_str(),
                at = at.as_str()
            )
        }
        Part::OwnersSegment { owner, ends } => {
            tr!(
                "verdict-part-owners-edge",
                owner = owner.as_str(),
                ends = ends.as_str()
            )
        }
        Part::Neighbours(left, right) => tr!(
            "verdict-part-neighbours",
            left = left.as_str(),
            right = right.as_str()
        ),
        Part::Time(t) => tr!("verdict-part-time", t = t.as_str()),
        Part::Sample { index, t } => tr!(
            "verdict-part-sample",
            index = index.to_string(),
            t = t.as_str()
        ),
        Part::NoSample => tr!("verdict-part-no-sample"),
    }
}

/// A number of a sheet's kind in words ("overlap 0.50", "重叠量 0.50").
fn quantity(sheet: &Sheet, value: f64) -> String {
    let id = format!("verdict-quantity-{}", sheet.kind.name());
    let mut args = fluent_bundle::FluentArgs::new();
    args.set("n", checkpoint::number(value));
    i18n::text_with(&id, Some(&args))
}

/// Why candidate `k` is right or wrong, in the language shown: its number, for a
/// wrong one the answer's (or, where every value below zero is right, every answer's,
/// parallel edges once) beside it, and the rule. In English, the sheet's own `why`
/// (a test checks the two agree).
pub fn why(sheet: &Sheet, k: usize) -> String {
    let says = |c: &checkpoint::Candidate| {
        tr!(
            "verdict-says",
            label = part_text(&c.part),
            quantity = quantity(sheet, c.value)
        )
    };
    let answers = match sheet.accept {
        checkpoint::Accept::Negative => {
            let right: Vec<&checkpoint::Candidate> =
                sheet.candidates.iter().filter(|c| c.accepted).collect();
            let named: Vec<String> = checkpoint::same_axis_groups(&right)
                .iter()
                .map(|group| match group[..] {
                    [one] => says(one),
                    _ => tr!(
                        "verdict-group",
                        whose = whose_edges(group),
                        normal = checkpoint::point(checkpoint::either_way(
                            group[0].axis.unwrap_or_default()
                        )),
                        quantity = quantity(sheet, group[0].value)
                    ),
                })
                .collect();
            (!named.is_empty()).then(|| {
                tr!(
                    "verdict-answers-below-zero",
                    named = named.join(&tr!("verdict-list-separator"))
                )
            })
        }
        _ => sheet
            .candidates
            .iter()
            .find(|c| c.accepted)
            .map(|a| tr!("verdict-answer", says = says(a))),
    };
    let rule = i18n::text(&format!("rule-{}", sheet.kind.name()));
    let Some(c) = sheet.candidates.get(k) else {
        return String::new();
    };
    let mine = says(c);
    match (answers, c.accepted) {
        (_, true) => tr!("verdict-why-right", mine = mine, rule = rule),
        (Some(answers), false) => tr!(
            "verdict-why-wrong",
            mine = mine,
            answers = answers,
            rule = rule
        ),
        (None, false) => tr!("verdict-why", mine = mine, rule = rule),
    }
}

/// Whose a group of parallel edges is: "A's 2 edges", or "2 edges of A and B".
fn whose_edges(group: &[&checkpoint::Candidate]) -> String {
    let mut owners: Vec<&str> = vec![];
    for c in group {
        let owner = c.part.owner().unwrap_or("");
        if !owners.contains(&owner) {
            owners.push(owner);
        }
    }
    match owners[..] {
        [one] if !one.is_empty() => tr!("verdict-owners-edges", owner = one, count = group.len()),
        _ => tr!(
            "verdict-edges-of",
            owners = owners.join(&tr!("verdict-owners-and")),
            count = group.len()
        ),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{set_lang, Lang};
    use gjk_lab_core::shapes::{Geometry, Pose};

    fn square(x: f64, y: f64, angle: f64) -> Shape {
        let h = 0.5;
        let corners = [
            DVec2::new(-h, -h),
            DVec2::new(h, -h),
            DVec2::new(h, h),
            DVec2::new(-h, h),
        ];
        Shape::new(
            Geometry::polygon(&corners).expect("a square"),
            Pose::new(DVec2::new(x, y), angle),
        )
    }

    /// A sheet of every kind, with ties, parallel edges of both shapes, and a shape
    /// in a role that is not its name.
    fn sheets() -> Vec<Sheet> {
        let names = Names {
            a: "A".into(),
            b: "C (as B)".into(),
        };
        let (apart, b_apart) = (square(0.0, 0.0, 0.0), square(2.0, 0.0, 0.0));
        let (over, b_over) = (square(0.0, 0.0, 0.0), square(0.8, 0.3, 0.2));
        let simplex = [
            DVec2::new(-1.0, 1.0),
            DVec2::new(2.0, 1.0),
            DVec2::new(0.5, -2.0),
        ];
        let letters: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
        let polytope = [
            DVec2::new(-1.0, -1.0),
            DVec2::new(2.0, -0.5),
            DVec2::new(1.0, 2.0),
        ];
        let mut sheets = vec![
            checkpoint::next_support(&over, &b_over, DVec2::new(1.0, 0.3)),
            checkpoint::kept_feature(&simplex[..2], &letters),
            checkpoint::kept_feature(&simplex, &letters),
            checkpoint::closest_edge(&polytope),
            checkpoint::next_swap(
                &[0.0, 1.0, 0.5, 2.0],
                &["[a", "[b", "a]", "b]"].map(String::from),
            ),
            checkpoint::deepest_point(&polytope, DVec2::Y, DVec2::new(0.0, -2.0)),
        ];
        let next = checkpoint::Advance {
            t: 0.2,
            gap: 0.6,
            linear: 1.5,
            angular: 0.5,
            speed: 2.5,
            spin: 3.5,
            touch: Some(0.9),
        };
        sheets.extend(checkpoint::safe_step(&next));
        sheets.extend(checkpoint::sample_hit(&[
            (0.0, 2.0),
            (0.5, -0.4),
            (1.0, 0.3),
        ]));
        sheets.extend(checkpoint::sample_hit(&[(0.0, 3.0), (1.0, 6.5)]));
        sheets.extend(checkpoint::separating_axis(&apart, &b_apart, &names));
        sheets.extend(checkpoint::mtv_axis(&over, &b_over, &names));
        sheets.extend(checkpoint::reference_edge(&over, &b_over, 1e-9, &names));
        sheets.extend(checkpoint::reference_face(&over, &b_over, 1e-9, &names));
        sheets.extend(checkpoint::centre_region(&apart, DVec2::new(1.2, 0.9), "A"));
        let md = MinkowskiDifference::new(&apart, &b_apart);
        sheets.extend(checkpoint::ray_entry(&md.outline(0), DVec2::new(-3.0, 0.2)));
        sheets
    }

    /// The English reply worded from the candidates' parts is the core's, word for
    /// word; the Chinese one keeps every number.
    #[test]
    fn the_worded_reply_is_the_cores_in_english_with_the_same_numbers_in_chinese() {
        let sheets = sheets();
        assert!(
            sheets.len() >= 15,
            "a sheet of every kind: {}",
            sheets.len()
        );
        for sheet in &sheets {
            for (k, c) in sheet.candidates.iter().enumerate() {
                set_lang(Lang::En);
                assert_eq!(candidate_label(sheet, k), c.label);
                assert_eq!(why(sheet, k), c.why, "{:?}", sheet.kind);
                set_lang(Lang::Zh);
                let zh = why(sheet, k);
                let digits = |s: &str| -> String {
                    s.chars()
                        .filter(|c| c.is_ascii_digit() || *c == '−')
                        .collect()
                };
                assert!(
                    zh.chars().any(|c| c as u32 > 0x2E80),
                    "{:?} in Chinese: {zh}",
                    sheet.kind
                );
                assert!(
                    digits(&zh).contains(&digits(&checkpoint::number(c.value))),
                    "{zh}"
                );
            }
        }
        set_lang(Lang::En);
    }
}
