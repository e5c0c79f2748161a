//! The step machine: what every algorithm is (a state whose `advance` takes one step a
//! learner can see), the fast path that runs one to its end without building events,
//! and the recording of every step for the stepped view.

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
/// number of calls to `advance` that stepped (the steps, unless the machine takes
/// several in one unwatched call, as sweep and prune, the circle against a polygon,
/// GJK distance and the time of impact do).
#[inline(always)]
pub fn run_to_end<M: StepMachine>(machine: &mut M) -> usize {
    let mut steps = 0;
    while let Progress::Stepped(_) = machine.advance(false) {
        steps += 1;
    }
    steps
}

/// [`StepMachine::advance`] for a machine written one step at a time (its
/// `take_step(watch)`: `Some(event)` for a step taken, the event only when watched;
/// `None` once it has ended): one step when watched; unwatched, every step to the end
/// in one call — the same steps, without handing an empty event back after each, in a
/// loop the compiler turns into jumps from each phase to the next.
///
/// A macro, not a function taking a closure: a closure holding `&mut machine` kept GJK
/// distance's machine in memory instead of registers (the time of impact 35% slower).
macro_rules! advance_by_steps {
    ($machine:expr, $watch:expr) => {{
        if $watch {
            match $machine.take_step(true) {
                Some(event) => $crate::algorithms::Progress::Stepped(event),
                None => $crate::algorithms::Progress::Ended,
            }
        } else if $machine.take_step(false).is_none() {
            $crate::algorithms::Progress::Ended
        } else {
            while $machine.take_step(false).is_some() {}
            $crate::algorithms::Progress::Stepped(None)
        }
    }};
}
pub(crate) use advance_by_steps;

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
