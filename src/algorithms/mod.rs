//! The algorithms, each a *step machine*: a state struct whose `step` advances by one
//! event a learner can see and returns it, an event enum, and an outcome enum that
//! names every way the algorithm can end (there is no silent default).
//! (`#[inline(always)]` on the step functions lets the fast path compile into one
//! plain loop; it changes nothing else.)
//!
//! Every machine has one `advance(watch)` that does the work of a step. The stepped
//! view calls it with `watch = true` ([`StepMachine::step`], [`record`]) and gets the
//! event; the fast queries call it with `watch = false` ([`run_to_end`]) and the event
//! is never even built — one implementation, at no cost to the fast path.

// Events are built in closures, `watch.then(|| Event { … })`, never with the eager
// `then_some`: an event nobody watches must not even be built.
#![allow(clippy::unnecessary_lazy_evaluations)]

/// An algorithm's pseudo-code, written once: the lines the app shows beside the steps,
/// each with the name the events use for it (`_` for a line no event executes).
///
/// ```text
/// pseudo_code! {
///     /// The doc of the constant.
///     pub const PSEUDO_CODE;
///     /// The doc of the module of line numbers.
///     pub mod line;
///     START: "d ← from A's centre towards B's",
///     LOOP: "loop",
///     _: "    a line no event executes",
/// }
/// ```
///
/// defines `PSEUDO_CODE: &[&str]`, one line per entry, whose rustdoc shows the lines
/// as a text block (so a module doc links to them instead of repeating them), and
/// `mod line` with a `usize` constant per named line, its index in `PSEUDO_CODE`,
/// documented with the line's text. The numbers are counted, never written, so a line
/// and its name cannot drift apart.
macro_rules! pseudo_code {
    (
        $(#[$code_doc:meta])*
        pub const $code:ident;
        $(#[$line_doc:meta])*
        pub mod $line:ident;
        $($name:tt: $text:literal,)+
    ) => {
        $(#[$code_doc])*
        #[doc = ""]
        #[doc = "```text"]
        #[doc = concat!($($text, "\n"),+)]
        #[doc = "```"]
        pub const $code: &[&str] = &[$($text),+];

        $(#[$line_doc])*
        pub mod $line {
            line_numbers!(0; $($name: $text,)+);
        }
    };
}

/// The constants of `pseudo_code!`'s line module: one per named line, counting from
/// `$n`.
macro_rules! line_numbers {
    ($n:expr;) => {};
    ($n:expr; _: $text:literal, $($rest:tt)*) => {
        line_numbers!($n + 1; $($rest)*);
    };
    ($n:expr; $name:ident: $text:literal, $($rest:tt)*) => {
        #[doc = concat!("`", $text, "`")]
        pub const $name: usize = $n;
        line_numbers!($n + 1; $($rest)*);
    };
}

pub mod answer;
pub mod box_box;
pub mod circle_polygon;
pub mod clip;
pub mod distance;
pub mod ellipse_polygon;
pub mod epa;
pub mod face_separation;
pub mod gjk;
pub mod polygon_distance;
pub mod pseudo_epa;
mod refine;
pub mod sap;
pub mod sat;
pub mod settings;
pub mod simplex;
pub mod variant;

use serde::Serialize;

/// What one call to [`StepMachine::advance`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress<E> {
    /// A step was taken; its event, if someone was watching.
    Stepped(Option<E>),
    /// The algorithm had already ended.
    Ended,
}

/// An algorithm that advances one visible event at a time.
pub trait StepMachine {
    /// What one step shows.
    type Event: Clone + std::fmt::Debug + Serialize;

    /// Does the work of one step. The event is built only when `watch` is true; and
    /// when nobody watches, a machine may take several steps in one call (sweep and
    /// prune runs a whole frame's sweep in one loop). Same code, same result.
    fn advance(&mut self, watch: bool) -> Progress<Self::Event>;

    /// Advances by one event; `None` once the algorithm has ended (its last event is
    /// always a `Done` carrying the outcome).
    #[inline]
    fn step(&mut self) -> Option<Self::Event> {
        match self.advance(true) {
            Progress::Stepped(event) => event,
            Progress::Ended => None,
        }
    }
}

/// Runs a machine to its end without building any event (the fast path); returns the
/// number of steps.
#[inline(always)]
pub fn run_to_end<M: StepMachine>(machine: &mut M) -> usize {
    let mut steps = 0;
    while let Progress::Stepped(_) = machine.advance(false) {
        steps += 1;
    }
    steps
}

/// One recorded step: the event and the machine's state right after it.
#[derive(Clone, Debug)]
pub struct Frame<M: StepMachine> {
    /// The event of this step.
    pub event: M::Event,
    /// The machine after the step (for drawing the simplex, polytope, …).
    pub state: M,
}

/// Runs a machine to its end, keeping every event with a snapshot of the state after
/// it. Every machine has an iteration cap, so this always ends.
pub fn record<M: StepMachine + Clone>(mut machine: M) -> Vec<Frame<M>> {
    let mut frames = Vec::new();
    while let Some(event) = machine.step() {
        frames.push(Frame {
            event,
            state: machine.clone(),
        });
    }
    frames
}

/// The algorithms a learner can step through, in menu order.
/// In scene files and JSON an algorithm is written by its name, a string ("pseudo-epa"):
/// the variant's name in kebab-case, derived once (strum) for the name, JSON and
/// scene files, and by clap for `--algo` (`tests/algorithm_names.rs` checks they agree).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize, clap::ValueEnum,
)]
#[serde(try_from = "String", into = "&'static str")]
#[derive(strum::IntoStaticStr, strum::EnumString, strum::EnumCount, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum Algorithm {
    /// GJK intersection test.
    #[default]
    Gjk,
    /// GJK distance and closest points.
    Distance,
    /// EPA penetration depth and normal.
    Epa,
    /// Seed 003's two-point variant of EPA (a lesson).
    PseudoEpa,
    /// SAT: separating axes and the minimum translation vector.
    Sat,
    /// SAT's fast path for two oriented boxes.
    SatObb,
    /// The contact manifold by clipping.
    Clip,
    /// Circle against convex polygon in closed form (the centre's Voronoi region).
    CirclePolygon,
    /// Two convex polygons: each face's separation, the reference face, clipping
    /// (Box2D's polygon collider).
    FaceSeparation,
    /// Two rectangles: face separation on four axes in closed form.
    BoxBox,
    /// Ellipse against convex polygon: squashed into circle against polygon, then a
    /// Newton climb to the distance.
    EllipsePolygon,
    /// Two convex polygons' distance: a closest-feature walk from a separating
    /// direction.
    PolygonDistance,
}

impl Algorithm {
    /// Every algorithm, in menu order (the order of declaration).
    pub const ALL: [Algorithm; <Algorithm as strum::EnumCount>::COUNT] =
        *<Algorithm as strum::VariantArray>::VARIANTS
            .first_chunk()
            .expect("one entry per variant");

    /// The name used on the command line and in scene files ("pseudo-epa").
    pub fn name(&self) -> &'static str {
        self.into()
    }

    /// The name shown to a learner.
    pub fn title(&self) -> &'static str {
        match self {
            Algorithm::Gjk => "GJK (intersection)",
            Algorithm::Distance => "GJK distance",
            Algorithm::Epa => "EPA (penetration)",
            Algorithm::PseudoEpa => "Pseudo-EPA (two-point EPA)",
            Algorithm::Sat => "SAT (separating axes)",
            Algorithm::SatObb => "SAT, OBB fast path",
            Algorithm::Clip => "Contact points (clipping)",
            Algorithm::CirclePolygon => "Circle vs polygon (closed form)",
            Algorithm::FaceSeparation => "Face separation (Box2D)",
            Algorithm::BoxBox => "Box vs box (four axes)",
            Algorithm::EllipsePolygon => "Ellipse vs polygon (squash, climb)",
            Algorithm::PolygonDistance => "Polygon distance (feature walk)",
        }
    }

    /// Whether a run takes [`settings::Settings`] (tolerances, cap, precision): the
    /// iterative machines and SAT; the closed-form algorithms have none to turn.
    pub fn takes_settings(self) -> bool {
        matches!(
            self,
            Algorithm::Gjk
                | Algorithm::Distance
                | Algorithm::Epa
                | Algorithm::PseudoEpa
                | Algorithm::Sat
                | Algorithm::SatObb
        )
    }

    /// The most support points one run computes by gjk-lab's own cap (`None`: the
    /// algorithm does not iterate on support points).
    pub fn own_cap(self) -> Option<usize> {
        match self {
            Algorithm::Gjk => Some(gjk::MAX_ITERATIONS),
            Algorithm::Distance => Some(distance::MAX_ITERATIONS),
            Algorithm::Epa => Some(epa::MAX_ITERATIONS),
            Algorithm::PseudoEpa => Some(pseudo_epa::MAX_ITERATIONS),
            _ => None,
        }
    }

    /// The pseudo-code shown beside the algorithm's steps, one line per entry (its
    /// events name their lines in it).
    pub fn pseudo_code(self) -> &'static [&'static str] {
        match self {
            Algorithm::Gjk => gjk::PSEUDO_CODE,
            Algorithm::Distance => distance::PSEUDO_CODE,
            Algorithm::Epa => epa::PSEUDO_CODE,
            Algorithm::PseudoEpa => pseudo_epa::PSEUDO_CODE,
            Algorithm::Sat => sat::PSEUDO_CODE,
            Algorithm::SatObb => sat::OBB_PSEUDO_CODE,
            Algorithm::Clip => clip::PSEUDO_CODE,
            Algorithm::CirclePolygon => circle_polygon::PSEUDO_CODE,
            Algorithm::FaceSeparation => face_separation::PSEUDO_CODE,
            Algorithm::BoxBox => box_box::PSEUDO_CODE,
            Algorithm::EllipsePolygon => ellipse_polygon::PSEUDO_CODE,
            Algorithm::PolygonDistance => polygon_distance::PSEUDO_CODE,
        }
    }
}

impl TryFrom<String> for Algorithm {
    type Error = String;
    fn try_from(name: String) -> Result<Self, String> {
        name.parse().map_err(|_| {
            let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!(
                "unknown algorithm {name:?}: expected one of {}",
                names.join(", ")
            )
        })
    }
}
