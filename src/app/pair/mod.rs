//! The two-shape mode: one narrow-phase algorithm recorded on shapes A and B, shown
//! one step at a time. [`PairMode`] is the state only this mode has — the recorded
//! steps, the step shown, playing, the answers the panel compares, the seed's version
//! or settings it runs with, the A − B view's camera, a rejected vertex edit and the
//! learner's own trace — and it is handed the [`Lab`] (the scene, A, B, the algorithm,
//! the world camera: what outlasts the mode) for everything it does.

pub mod advanced;
pub mod motion;
mod outline;
pub mod panel;
pub mod view;

pub use super::lab::distinct_pair;
use super::lab::Lab;
use super::modes::ModeCommands;
use super::my_trace::MyTrace;
use super::predict::{self, Situation};
use super::view::camera::{Camera, Viewport};
use super::visualizers::sweep::SweepTrace;
use super::visualizers::{self, Claim, Item, Step};
use crate::app::i18n::{self, tr};
use gjk_lab_core::algorithms::cast::CastOptions;
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::checkpoint::Names;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::query::cast::{cast_by_parts, decided, part_pair_method};
use gjk_lab_core::query::compound;
use gjk_lab_core::scene::NamedShape;
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::Shape;
use gjk_lab_core::trace::Ended;
use glam::DVec2;
use std::cell::RefCell;
use std::sync::Arc;

/// The two-shape mode's own state.
#[derive(Clone, Debug)]
pub struct PairMode {
    /// The algorithm's steps on A and B; `steps[0]` is before the first event.
    pub steps: Vec<Step>,
    /// The step shown.
    pub step: usize,
    /// Whether the steps play by themselves.
    pub playing: bool,
    /// Time towards the next played step, in steps.
    pub play_clock: f32,
    /// When A or B is a concave polygon: the part of A and the part of B the stepped
    /// algorithm runs on (the decisive part pair, see `gjk_lab_core::query::compound`).
    pub decisive: Option<[usize; 2]>,
    /// Another method's answer for the stepped pair, when the algorithm shows one
    /// (SAT beside EPA, pseudo-EPA beside EPA), computed with the steps: the panel
    /// shows it every frame, and it changes only when the pair does.
    pub comparison: Option<visualizers::Comparison>,
    /// When a seed's version or other settings are shown: which, gjk-lab's steps
    /// beside them and the first step where they differ.
    pub seed: Option<SeedRun>,
    /// The seed's version shown instead of gjk-lab's, if any (always a version of
    /// the lab's algorithm).
    pub variant: Option<Variant>,
    /// The tolerances, cap and precision of the stepped run (the Advanced panel;
    /// gjk-lab's own by default). Only the algorithms that take settings use them.
    pub settings: Settings,
    /// The A − B view's camera.
    pub minkowski_camera: Camera,
    /// Whether the A − B view keeps A − B and the origin in sight by itself.
    pub follow_minkowski: bool,
    /// A vertex edit refused because the polygon's edges would cross or touch: the
    /// outline it would have made, drawn in red while the drag lasts.
    pub rejected: Option<Rejected>,
    /// The learner's own trace ("Load my trace") and its check on the pair shown.
    pub my_trace: Option<MyTrace>,
    /// The time slider's `t` (0 … 1): ghosts of the moving shapes placed at it.
    pub time: f64,
    /// The box around what a cast draws in A − B beside A − B itself (its ray, A − B at
    /// other times), over all its steps: the A − B view's fit keeps it in sight.
    pub cast_extent: Option<(DVec2, DVec2)>,
    /// The last outline of A − B asked for, kept until the pair changes: the views,
    /// the fit and the figures ask for it several times a frame, and every frame.
    outline_cache: RefCell<Option<(outline::OutlineKey, Arc<[DVec2]>)>>,
}

/// What the learner asked for in the two-shape mode's panel (a panel reads the mode;
/// the app carries the request out).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Request {
    /// Show step `k`.
    GoTo(usize),
    /// Show another algorithm.
    Algorithm(Algorithm),
    /// Run with other settings.
    Settings(Settings),
    /// Move the time slider to `t`.
    Time(f64),
}

/// A refused vertex edit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rejected {
    /// The outline the edit would have made (world points).
    pub outline: Vec<DVec2>,
    /// The two edges that would cross or touch, as pairs of indices into `outline`
    /// (empty when the edit was refused for another reason).
    pub edges: Vec<[usize; 2]>,
}

/// Another run of the algorithm than gjk-lab's own — a seed's version, or the same
/// machine with the learner's settings (the Advanced panel), or both — beside
/// gjk-lab's on the same pair.
#[derive(Clone, Debug)]
pub struct SeedRun {
    /// The seed's version shown, if any (its steps are [`PairMode::steps`]).
    pub variant: Option<Variant>,
    /// The settings it runs with.
    pub settings: Settings,
    /// gjk-lab's steps on the same pair, step 0 first.
    pub ours: Vec<Step>,
    /// The first step where the two runs differ (`None`: they agree throughout).
    pub first_difference: Option<usize>,
    /// Whether their answers differ.
    pub answers_differ: bool,
    /// How the other run ended, beside gjk-lab's.
    pub ending: gjk_lab_core::variants::Ending,
}

impl SeedRun {
    /// What the other run is, in a few words: "the seed's version (no progress
    /// test)", "your settings (touch tolerance 0e0, values stored in f32)".
    pub fn label(&self) -> String {
        let settings = settings_words(&self.settings);
        match (self.variant, settings.is_empty()) {
            (Some(v), true) => tr!("seed-label", title = variant_title(v)),
            (Some(v), false) => tr!(
                "seed-label-with",
                title = variant_title(v),
                settings = settings
            ),
            (None, _) => tr!("seed-label-settings", settings = settings),
        }
    }
}

impl Default for PairMode {
    fn default() -> Self {
        PairMode {
            steps: vec![],
            step: 0,
            playing: false,
            play_clock: 0.0,
            decisive: None,
            comparison: None,
            seed: None,
            variant: None,
            settings: Settings::default(),
            minkowski_camera: Camera::new(DVec2::ZERO, 60.0, Viewport::new(0.0, 0.0, 640.0, 640.0)),
            follow_minkowski: true,
            rejected: None,
            my_trace: None,
            cast_extent: None,
            time: 0.0,
            outline_cache: RefCell::new(None),
        }
    }
}

impl PairMode {
    /// The mode at step `step`, with nothing recorded yet (see [`PairMode::rerun`]);
    /// what the learner chose in the mode it replaces (`kept`: the seed's version, the
    /// settings, the loaded trace, the A − B camera) stays chosen.
    pub fn at_step(step: usize, kept: Option<&PairMode>) -> Self {
        let mut pair = PairMode {
            step,
            ..PairMode::default()
        };
        if let Some(kept) = kept {
            pair.variant = kept.variant;
            pair.settings = kept.settings;
            pair.my_trace = kept.my_trace.clone();
            pair.minkowski_camera = kept.minkowski_camera;
            pair.time = kept.time;
        }
        pair
    }

    /// Number of events of the current run (the last step index).
    pub fn step_count(&self) -> usize {
        self.steps.len().saturating_sub(1)
    }

    /// The step shown.
    pub fn current(&self) -> Option<&Step> {
        self.steps.get(self.step)
    }

    /// Records `algorithm` on shapes `a` and `b` of `shapes` (after any change), with
    /// the seed's version and the settings chosen, keeping the step index clamped to
    /// the new run. With a concave shape the algorithm runs on the decisive part pair,
    /// and every step says so.
    pub fn record(&mut self, shapes: &[NamedShape], a: usize, b: usize, algorithm: Algorithm) {
        let (variant, settings) = (self.variant, &self.settings);
        let (a_index, b_index) = (a, b);
        let pair = distinct_pair(shapes, a, b);
        let motions =
            [a_index, b_index].map(|k| shapes.get(k).and_then(|s| s.motion).unwrap_or_default());
        let mut intro = None;
        self.decisive = None;
        if let Some((a, b)) = pair {
            if a.is_concave() || b.is_concave() {
                let (parts, text) = decisive_part_pair(a, b, motions, algorithm);
                intro = Some(text);
                self.decisive = Some(parts);
            }
        }
        let stepped = pair.map(|(a, b)| stepped_pair(a, b, self.decisive));
        let visualizer = visualizers::visualizer(algorithm);
        self.comparison = stepped
            .as_ref()
            .and_then(|(a, b)| visualizer.comparison(a, b));
        let variant = variant.filter(|v| v.algorithm() == algorithm);
        let settings = if algorithm.takes_settings() {
            *settings
        } else {
            Settings::default()
        };
        self.seed = None;
        self.steps = match (pair, stepped) {
            (Some((whole_a, whole_b)), Some((a, b))) => {
                let mut steps = visualizers::trace_moving(visualizer, &a, &b, motions);
                if variant.is_some() || !settings.is_default() {
                    let other = Other {
                        algorithm,
                        variant,
                        settings,
                    };
                    let (seeds, seed) = seed_run(visualizer, &a, &b, other, steps);
                    steps = seeds;
                    self.seed = Some(seed);
                }
                if let Some(intro) = intro {
                    for step in &mut steps {
                        step.narration = format!("{intro} {}", step.narration);
                    }
                }
                if let Some(parts) = self.decisive {
                    for step in &mut steps {
                        part_pair_only(step, whole_a, whole_b, parts);
                    }
                }
                steps
            }
            _ => vec![Step {
                title: tr!("pair-two-shapes-needed"),
                narration: tr!("pair-two-shapes-needed-why"),
                line: None,
                items: vec![],
                claims: vec![],
                answers: None,
            }],
        };
        self.cast_extent = visualizers::cast_extent(&self.steps);
        self.step = self.step.min(self.step_count());
    }

    /// Starts or stops playing (from the start when at the end).
    pub fn toggle_play(&mut self) {
        self.playing = !self.playing;
        if self.playing && self.step >= self.step_count() {
            self.step = 0;
        }
        self.play_clock = 0.0;
    }

    /// Advances the play clock by `steps` (a fraction of a step, or more) and returns
    /// how many whole steps are due.
    pub fn play(&mut self, steps: f32) -> usize {
        if !self.playing {
            return 0;
        }
        self.play_clock += steps;
        let mut due = 0;
        while self.play_clock >= 1.0 {
            self.play_clock -= 1.0;
            due += 1;
        }
        due
    }

    /// Records the lab's algorithm on A and B again (after any change) and keeps the
    /// step index, clamped to the new run. A waiting question is asked again of the
    /// shapes as they are now; the numbers beside an answered one's candidates were
    /// the old shapes' and go.
    pub fn rerun(&mut self, lab: &mut Lab) {
        self.record(&lab.scene.shapes, lab.a, lab.b, lab.algorithm);
        if let Some(verdict) = &mut lab.predict.verdict {
            verdict.sheet = None;
        }
        if let Some(q) = lab.predict.question.take() {
            self.step = q.asked_at.min(self.step_count());
            let again = predict::question_of_kind(&self.situation(lab), q.kind);
            lab.predict.question = again.map(|again| predict::Question {
                hint: q.hint,
                chosen: q.chosen.filter(|&k| k < again.sheet.candidates.len()),
                ..again
            });
        }
        lab.revision += 1;
    }

    /// Chooses another algorithm, from its first step (a seed's version of another
    /// algorithm is dropped); returns whether anything changed (the caller records the
    /// run again when the mode is shown).
    pub fn choose_algorithm(&mut self, lab: &mut Lab, algorithm: Algorithm) -> bool {
        if algorithm == lab.algorithm {
            return false;
        }
        // An algorithm that draws beside the shapes (SAT's axes) has the world view
        // make room for it.
        let room = |a: Algorithm| visualizers::visualizer(a).world_room_px();
        if room(algorithm) != room(lab.algorithm) {
            lab.fit.world = true;
        }
        lab.algorithm = algorithm;
        self.variant = self.variant.filter(|v| v.algorithm() == algorithm);
        self.step = 0;
        self.playing = false;
        true
    }

    /// Chooses a seed's version of an algorithm (that algorithm, from its first step),
    /// or gjk-lab's (`None`); returns whether anything changed.
    pub fn choose_variant(&mut self, lab: &mut Lab, variant: Option<Variant>) -> bool {
        if variant == self.variant {
            return false;
        }
        if let Some(v) = variant {
            self.choose_algorithm(lab, v.algorithm());
        }
        self.variant = variant;
        lab.predict.question = None;
        self.step = 0;
        self.playing = false;
        true
    }

    /// The version after the one shown: gjk-lab's, then each seed's version of the
    /// algorithm in turn, then gjk-lab's again (key V).
    pub fn next_variant(&self, algorithm: Algorithm) -> Option<Variant> {
        let versions: Vec<Option<Variant>> = std::iter::once(None)
            .chain(Variant::of(algorithm).map(Some))
            .collect();
        let i = versions
            .iter()
            .position(|v| *v == self.variant)
            .unwrap_or(0);
        versions[(i + 1) % versions.len()]
    }

    /// Chooses the settings of the run (the Advanced panel: tolerances, cap,
    /// precision); returns whether anything changed. The step shown stays where the
    /// new run has it.
    pub fn choose_settings(&mut self, lab: &mut Lab, settings: Settings) -> bool {
        if settings == self.settings {
            return false;
        }
        self.settings = settings;
        lab.predict.question = None;
        self.playing = false;
        true
    }

    /// Whether the stepped run is gjk-lab's own: no seed's version and gjk-lab's
    /// settings (for the algorithm shown). Questions are asked only then.
    pub fn runs_gjk_labs_own(&self, algorithm: Algorithm) -> bool {
        self.variant.is_none() && (self.settings.is_default() || !algorithm.takes_settings())
    }

    /// The two convex shapes the stepped algorithm runs on: A and B themselves, or,
    /// when one is concave, the decisive part pair (each part keeps its shape's pose).
    pub fn stepped_pair(&self, lab: &Lab) -> Option<(Shape, Shape)> {
        let (a, b) = distinct_pair(&lab.scene.shapes, lab.a, lab.b)?;
        Some(stepped_pair(a, b, self.decisive))
    }

    /// What a question sees of this mode: its steps, its cameras, its pair.
    pub fn situation<'a>(&'a self, lab: &'a Lab) -> PairSituation<'a> {
        PairSituation { lab, pair: self }
    }
}

/// The two-shape mode as a question sees it (see [`predict::Situation`]).
pub struct PairSituation<'a> {
    lab: &'a Lab,
    pair: &'a PairMode,
}

impl Situation for PairSituation<'_> {
    fn algorithm(&self) -> Algorithm {
        self.lab.algorithm
    }

    fn steps(&self) -> &[Step] {
        &self.pair.steps
    }

    fn step(&self) -> usize {
        self.pair.step
    }

    fn sweep(&self) -> Option<&SweepTrace> {
        None
    }

    fn camera(&self, minkowski: bool) -> &Camera {
        if minkowski {
            &self.pair.minkowski_camera
        } else {
            &self.lab.world_camera
        }
    }

    fn shape_names(&self) -> Vec<String> {
        self.lab.shape_names()
    }

    fn pair_names(&self) -> Names {
        self.lab.pair_names()
    }

    fn stepped_pair(&self) -> Option<(Shape, Shape)> {
        self.pair.stepped_pair(self.lab)
    }
}

/// The two-shape mode's commands: the recorded steps, played or stepped.
impl ModeCommands for PairMode {
    fn next(&mut self, _lab: &mut Lab) {
        self.step = (self.step + 1).min(PairMode::step_count(self));
        // Playing stops at the last step.
        if self.step >= PairMode::step_count(self) {
            self.playing = false;
        }
    }

    fn back(&mut self) {
        self.step = self.step.saturating_sub(1);
    }

    fn go_to(&mut self, _lab: &mut Lab, k: usize) {
        self.step = k.min(PairMode::step_count(self));
    }

    fn restart(&mut self, _lab: &mut Lab) {
        self.step = 0;
        self.playing = false;
    }

    fn toggle_play(&mut self) {
        PairMode::toggle_play(self);
    }

    fn hold(&mut self) {
        self.playing = false;
    }

    fn tick(&mut self, lab: &mut Lab, dt: f32) -> usize {
        self.play(dt * lab.speed)
    }

    fn play_label(&self) -> &'static str {
        if self.playing {
            "⏸ Pause"
        } else {
            "▶ Play"
        }
    }

    fn step_text(&self) -> String {
        crate::app::i18n::tr!(
            "step-of",
            step = self.step.to_string(),
            last = PairMode::step_count(self).to_string()
        )
    }

    fn moving(&self) -> bool {
        self.playing
    }
}

/// The run shown instead of gjk-lab's own: a seed's version and/or other settings.
#[derive(Clone, Copy)]
struct Other {
    algorithm: Algorithm,
    variant: Option<Variant>,
    settings: Settings,
}

/// The other run beside gjk-lab's `ours` (step 0 first): its steps, its intro naming
/// the seed's bug or the settings, at the first step where the runs differ a sentence
/// that says so and what gjk-lab does there, and at its end how it ended beside
/// gjk-lab's answer.
fn seed_run(
    visualizer: &dyn visualizers::Visualizer,
    a: &Shape,
    b: &Shape,
    other: Other,
    ours: Vec<Step>,
) -> (Vec<Step>, SeedRun) {
    let Other {
        algorithm,
        variant,
        settings,
    } = other;
    let mut steps = vec![visualizers::intro_step(visualizer)];
    steps.extend(
        visualizer
            .configured_steps(a, b, variant, &settings)
            .unwrap_or_default(),
    );
    let comparison = gjk_lab_core::variants::compare_runs(algorithm, variant, &settings, a, b);
    let mut seed = SeedRun {
        variant,
        settings,
        ours,
        // Event k of a trace is step k + 1 (step 0 is the intro).
        first_difference: comparison.first_difference.map(|k| k + 1),
        answers_differ: comparison.answers_differ(),
        ending: comparison.ending(),
    };
    steps[0].narration = match variant {
        Some(v) => tr!(
            "seed-intro",
            title = variant_title(v),
            bug = capitalised(&i18n::text(&format!("variant-bug-{}", v.name()))),
            narration = steps[0].narration.as_str()
        ),
        None => tr!(
            "seed-intro-settings",
            settings = settings_words(&settings),
            narration = steps[0].narration.as_str()
        ),
    };
    let run = if variant.is_some() {
        tr!("seed-run")
    } else {
        tr!("seed-run-settings")
    };
    if let Some(k) = seed.first_difference.filter(|&k| k < steps.len()) {
        let there = if k < seed.ours.len() {
            tr!("seed-there-shown", k = k.to_string())
        } else {
            tr!("seed-there-ended")
        };
        steps[k].narration = tr!(
            "seed-first-difference",
            run = run.as_str(),
            there = there,
            narration = steps[k].narration.as_str()
        );
    }
    if variant.is_none() {
        if let Some(last) = steps.last_mut() {
            let cap = algorithm.own_cap().map(|own| settings.cap(own));
            last.narration = format!("{} {}", last.narration, ending_sentence(&seed, cap));
        }
    }
    seed.first_difference = seed.first_difference.filter(|&k| k < steps.len().max(1));
    (steps, seed)
}

/// How a run with the learner's settings ended, beside gjk-lab's answer: its outcome
/// by the name the trace gives it, a wrong side, a number that is not a number.
fn ending_sentence(seed: &SeedRun, cap: Option<usize>) -> String {
    let ending = &seed.ending;
    let mut text = match (&ending.outcome, cap) {
        (Some(_), Some(cap)) if ending.ended == Ended::IterationLimit => {
            tr!("seed-ended-cap", cap = cap.to_string())
        }
        (Some(outcome), _) => tr!(
            "seed-ended-as",
            outcome = outcome.to_string(),
            steps = ending.steps.to_string()
        ),
        (None, _) => tr!("seed-ended-after", steps = ending.steps.to_string()),
    };
    let side = |x: bool| {
        if x {
            tr!("seed-intersecting")
        } else {
            tr!("seed-apart")
        }
    };
    match (ending.intersects, ending.truly_intersects) {
        (Some(x), Some(y)) if x != y => {
            text += &tr!("seed-wrong-side", side = side(x), truly = side(y))
        }
        (Some(x), Some(_)) if seed.answers_differ => {
            text += &tr!("seed-numbers-differ", side = side(x))
        }
        (Some(x), Some(_)) => text += &tr!("seed-same-answer", side = side(x)),
        _ => {}
    }
    for key in &ending.not_numbers {
        text += &tr!("seed-not-a-number", key = key.to_string());
    }
    text
}

/// A version's title in the language shown (the core's `Variant::title` stays
/// English: the menu's controls keep it as their id).
/// The settings that differ from gjk-lab's, in words, in the language shown (the
/// English is [`Settings::describe`]'s); empty for the defaults.
pub fn settings_words(settings: &Settings) -> String {
    use gjk_lab_core::settings::{Precision, DEFAULT_CONVERGENCE, DEFAULT_TOUCH};
    // A tolerance as the sliders show it: 1e-9, 5e-2, and 0 as 0.
    let number = |x: f64| match x {
        0.0 => "0".to_string(),
        _ => format!("{x:e}"),
    };
    let mut parts = Vec::new();
    if settings.touch != DEFAULT_TOUCH {
        parts.push(tr!("settings-touch", value = number(settings.touch)));
    }
    if settings.convergence != DEFAULT_CONVERGENCE {
        parts.push(tr!(
            "settings-convergence",
            value = number(settings.convergence)
        ));
    }
    if let Some(cap) = settings.max_iterations {
        parts.push(tr!("settings-cap", cap = cap.to_string()));
    }
    if settings.precision == Precision::F32 {
        parts.push(tr!("settings-f32"));
    }
    parts
        .into_iter()
        .reduce(|list, item| tr!("settings-next", list = list, item = item))
        .unwrap_or_default()
}

fn variant_title(v: gjk_lab_core::algorithms::variant::Variant) -> String {
    i18n::text(&format!("variant-{}", v.name()))
}

/// A sentence's first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The two convex shapes the stepped algorithm runs on: A and B themselves, or, when
/// one is concave, the decisive part pair (each part keeps its shape's pose).
pub fn stepped_pair(a: &Shape, b: &Shape, decisive: Option<[usize; 2]>) -> (Shape, Shape) {
    match decisive {
        Some([i, j]) => (a.parts().swap_remove(i), b.parts().swap_remove(j)),
        None => (a.clone(), b.clone()),
    }
}

/// The sentence that opens every step's narration on a concave pair: which parts the
/// stepped algorithm runs on, and why those.
fn part_pair_intro(a: &Shape, b: &Shape, [i, j]: [usize; 2], id: &str, t: Option<f64>) -> String {
    let name = |shape: &Shape, part: usize, role: &str| {
        if shape.is_concave() {
            tr!("concave-part-of", part = part.to_string(), role = role)
        } else {
            role.to_string()
        }
    };
    let mut args = fluent_bundle::FluentArgs::new();
    args.set("a", name(a, i, "A"));
    args.set("b", name(b, j, "B"));
    if let Some(t) = t {
        args.set("t", visualizers::cast_time(t));
    }
    i18n::text_with(id, Some(&args))
}

/// The part pair a concave pair's algorithm runs on, and the sentence that says which:
/// for a cast, the part pair its answer is that of (`cast_by_parts`: the first hit's,
/// or the one left undecided before any other's hit) — the picture then steps through
/// what `gjk-lab cast` answers; for a cast that misses, the closest part pair at the
/// start (its own choice too); for the sampled checks, the part pair of the true
/// answer (`gjk-lab cast`'s own method), whose touch they may miss; for a refused cast
/// and for the algorithms on shapes standing still, the deepest part pair, else the
/// closest.
fn decisive_part_pair(
    a: &Shape,
    b: &Shape,
    [motion_a, motion_b]: [Motion; 2],
    algorithm: Algorithm,
) -> ([usize; 2], String) {
    let options = CastOptions::default();
    // The sampled checks look at the part pair that truly meets first (as `trace`).
    let answer = algorithm.cast().and_then(|cast| {
        cast_by_parts(part_pair_method(cast), a, motion_a, b, motion_b, &options).ok()
    });
    match answer {
        Some((answer, parts)) if answer.hit => {
            let intro = part_pair_intro(a, b, parts, "concave-intro-first-hit", answer.t);
            (parts, intro)
        }
        Some((answer, parts)) if !decided(answer.reason) => (
            parts,
            part_pair_intro(a, b, parts, "concave-intro-undecided", None),
        ),
        // Every part pair apart for the whole step, so apart at its start: the closest
        // part pair then, which `cast_by_parts` answers from.
        Some((_, parts)) => (
            parts,
            part_pair_intro(a, b, parts, "concave-intro-closest", None),
        ),
        None => {
            let decisive = compound::decisive(a, b);
            let id = if decisive.query.intersects {
                "concave-intro-deepest"
            } else {
                "concave-intro-closest"
            };
            let intro = part_pair_intro(a, b, decisive.parts, id, None);
            (decisive.parts, intro)
        }
    }
}

/// With a concave shape the algorithm ran on the decisive part pair: a step that says
/// "moving B separates" says it of that pair only, and then shows how far B must move
/// along the same direction to clear the whole shapes (a second, dotted ghost).
fn part_pair_only(step: &mut Step, a: &Shape, b: &Shape, parts: [usize; 2]) {
    let mut offset = None;
    for claim in &mut step.claims {
        if let Claim::Separates {
            offset: o,
            parts: p,
        } = claim
        {
            *p = Some(parts);
            offset = Some(*o);
        }
    }
    let Some(n) = offset.and_then(gjk_lab_core::geometry::try_normalize) else {
        return;
    };
    let [i, j] = parts;
    let pair = tr!("concave-part-pair", i = i.to_string(), j = j.to_string());
    // The algorithm's words are about the pair it ran on: each way the language shown
    // says "separates the shapes" becomes "separates part i of A from part j of B".
    let separates = tr!("concave-separates", pair = pair);
    for whole in tr!("concave-separates-whole").split('|') {
        step.narration = step.narration.replace(whole, &separates);
    }
    match compound::whole_separation(a, b, n) {
        Some(t) => {
            step.narration += &tr!("concave-whole-shapes", t = visualizers::num(t));
            step.items.push(Item::WholeShapesOut(n * t));
            step.claims.push(Claim::Separates {
                offset: n * t,
                parts: None,
            });
        }
        None => {
            step.narration += &tr!("concave-other-pairs");
        }
    }
}
