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
pub mod cast;
pub mod circle_polygon;
pub mod clip;
pub mod distance;
pub mod ellipse_polygon;
pub mod epa;
pub mod face_separation;
pub mod gjk;
pub mod machine;
pub mod polygon_distance;
pub mod pseudo_epa;
pub(crate) mod refine;
pub mod registry;
pub mod sap;
pub mod sat;
pub mod simplex;
pub mod variant;

pub use machine::{record, run_to_end, Frame, Progress, StepMachine};
pub use registry::{Algorithm, CastAlgorithm, UnknownName};
