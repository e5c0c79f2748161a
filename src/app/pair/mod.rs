//! The two-shape mode: one narrow-phase algorithm recorded on shapes A and B, shown
//! one step at a time. [`PairMode`] is the state only this mode has — the recorded
//! steps, the step shown, playing, and the answers the panel compares — and exists
//! only while the mode is shown ([`super::state::ModeState::Pair`]). The scene, the
//! choice of A, B and the algorithm belong to the app: they outlast the mode.

pub mod advanced;
pub mod panel;
pub mod view;

use super::visualizers::{self, Claim, Item, Step};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::query::compound;
use gjk_lab_core::scene::NamedShape;
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::Shape;

/// The two-shape mode's own state.
#[derive(Clone, Debug, Default)]
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
        let settings = self.settings.describe();
        match (self.variant, settings.is_empty()) {
            (Some(v), true) => format!("the seed's version ({})", v.title()),
            (Some(v), false) => format!("the seed's version ({}) with {settings}", v.title()),
            (None, _) => format!("your settings ({settings})"),
        }
    }
}

impl PairMode {
    /// The mode at step `step`, with nothing recorded yet (see [`PairMode::record`]).
    pub fn at_step(step: usize) -> Self {
        PairMode {
            step,
            ..PairMode::default()
        }
    }

    /// Number of events of the current run (the last step index).
    pub fn step_count(&self) -> usize {
        self.steps.len().saturating_sub(1)
    }

    /// The step shown.
    pub fn current(&self) -> Option<&Step> {
        self.steps.get(self.step)
    }

    /// Records `algorithm` on shapes `a` and `b` of `shapes` (after any change), keeping
    /// the step index clamped to the new run. With a concave shape the algorithm runs
    /// on the decisive part pair, and every step says so.
    pub fn record(
        &mut self,
        shapes: &[NamedShape],
        a: usize,
        b: usize,
        algorithm: Algorithm,
        variant: Option<Variant>,
        settings: &Settings,
    ) {
        let pair = distinct_pair(shapes, a, b);
        let mut intro = None;
        self.decisive = None;
        if let Some((a, b)) = pair {
            if a.is_concave() || b.is_concave() {
                let decisive = compound::decisive(a, b);
                intro = Some(part_pair_intro(a, b, &decisive));
                self.decisive = Some(decisive.parts);
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
                let mut steps = visualizers::trace(visualizer, &a, &b);
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
                title: "Two shapes needed".into(),
                narration: "This scene needs at least two shapes: one for A and one for B.".into(),
                line: None,
                items: vec![],
                claims: vec![],
                answers: None,
            }],
        };
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
        Some(v) => format!(
            "The seed's version ({}): {}. {}",
            v.title(),
            capitalised(v.bug()),
            steps[0].narration
        ),
        None => format!(
            "This run uses your settings ({}), not gjk-lab's. {}",
            settings.describe(),
            steps[0].narration
        ),
    };
    let run = if variant.is_some() {
        "the seed's version"
    } else {
        "the run with your settings"
    };
    if let Some(k) = seed.first_difference.filter(|&k| k < steps.len()) {
        let there = if k < seed.ours.len() {
            format!("gjk-lab's step {k} is shown below the pseudo-code, for comparison.")
        } else {
            "gjk-lab's run has already ended here.".to_string()
        };
        steps[k].narration = format!(
            "Here {run} first differs from gjk-lab's run: {there} {}",
            steps[k].narration
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
        (Some(outcome), Some(cap)) if outcome == "iteration_limit" => format!(
            "With your settings the run ended as iteration_limit: it reached the cap of {cap} support points before it could decide."
        ),
        (Some(outcome), _) => format!(
            "With your settings the run ended as {outcome} after {} steps.",
            ending.steps
        ),
        (None, _) => format!("With your settings the run ended after {} steps.", ending.steps),
    };
    let side = |x: bool| if x { "intersecting" } else { "apart" };
    match (ending.intersects, ending.truly_intersects) {
        (Some(x), Some(y)) if x != y => text += &format!(
            " That is the wrong side: it calls A and B {}, and gjk-lab's own settings find them {}.",
            side(x),
            side(y)
        ),
        (Some(x), Some(_)) if seed.answers_differ => text += &format!(
            " It calls A and B {} as gjk-lab's own settings do, but its numbers differ (the panel shows both).",
            side(x)
        ),
        (Some(x), Some(_)) => {
            text += &format!(" Its answer is gjk-lab's: A and B {}.", side(x))
        }
        _ => {}
    }
    for key in &ending.not_numbers {
        text += &format!(" Its {key} is not a number (NaN or infinite).");
    }
    text
}

/// A sentence's first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Shapes `a` and `b` of the scene, when they are two distinct shapes of it.
pub fn distinct_pair(shapes: &[NamedShape], a: usize, b: usize) -> Option<(&Shape, &Shape)> {
    (a != b)
        .then(|| Some((&shapes.get(a)?.shape, &shapes.get(b)?.shape)))
        .flatten()
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
fn part_pair_intro(a: &Shape, b: &Shape, decisive: &compound::Decisive) -> String {
    let [i, j] = decisive.parts;
    let name = |shape: &Shape, part: usize, role: &str| {
        if shape.is_concave() {
            format!("part {part} of {role}")
        } else {
            role.to_string()
        }
    };
    let which = if decisive.query.intersects {
        "deepest"
    } else {
        "closest"
    };
    format!(
        "[{} against {}: a concave polygon is checked part by part, and this is the \
         {which} part pair.]",
        name(a, i, "A"),
        name(b, j, "B"),
    )
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
    let pair = format!("part {i} of A from part {j} of B");
    // The algorithm's words are about the pair it ran on.
    for whole in ["separates the shapes", "separates them"] {
        step.narration = step.narration.replace(whole, &format!("separates {pair}"));
    }
    match compound::whole_separation(a, b, n) {
        Some(t) => {
            step.narration = format!(
                "{} Other part pairs may still overlap: along the same direction the \
                 whole shapes need B moved by {} (dotted ghost: whole B moved out).",
                step.narration,
                visualizers::num(t)
            );
            step.items.push(Item::WholeShapesOut(n * t));
            step.claims.push(Claim::Separates {
                offset: n * t,
                parts: None,
            });
        }
        None => {
            step.narration = format!("{} Other part pairs may still overlap.", step.narration);
        }
    }
}
