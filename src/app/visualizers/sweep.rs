//! Sweep and prune, stepped: one frame of [`SweepAndPrune`] recorded event by event
//! with [`SapFrame::step`] — the same code as the fast path, watched — and turned into
//! steps with a narration, a pseudo-code line and what to highlight. The drawing is in
//! [`crate::app::broad_view`]; nothing here draws, so it is tested without a window.
//!
//! A frame first restores the order of each strip's end points by insertion sort
//! (one `Swap` step per swap; a min passing a max adds a pair to the strip's kept
//! overlaps), then, in the first frame (or after a rebuild), sweeps the strip
//! (`Enter`, `Candidate`, `Leave`), and in later frames tests the kept overlaps on the
//! other axis (one `Candidate` each).
//! [`SweepTrace::endpoints_at`] gives the strip's list as it was at any step: the list
//! at the end of the frame with the later swaps undone.
//!
//! [`SapFrame::step`]: gjk_lab_core::algorithms::StepMachine::step

use super::num;
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::sap::{line, Axis, Endpoint, SapEvent, SapStats, SweepAndPrune};
use gjk_lab_core::algorithms::StepMachine;
use gjk_lab_core::scene::NamedShape;
use gjk_lab_core::shapes::Aabb;

/// One step of a stepped frame.
#[derive(Clone, Debug)]
pub struct SweepStep {
    /// The event (`None` for step 0, before the first event).
    pub event: Option<SapEvent>,
    /// The active list after the event (box ids).
    pub active: Vec<u32>,
    /// A few words.
    pub title: String,
    /// The step in sentences, with its numbers.
    pub narration: String,
    /// The pseudo-code line it executes (index into [`gjk_lab_core::algorithms::sap::PSEUDO_CODE`]).
    pub line: Option<usize>,
    /// Counts so far in the frame.
    pub so_far: SapStats,
}

/// One frame of sweep and prune, recorded.
#[derive(Clone, Debug)]
pub struct SweepTrace {
    /// Step 0 (before the first event), then one step per event.
    pub steps: Vec<SweepStep>,
    /// The step shown.
    pub step: usize,
    /// How many frames were stepped before this one (0 for the first).
    pub frame: u64,
    /// The sweep axis of the frame.
    pub axis: Axis,
    /// Each strip's end points at the end of the frame (sorted).
    pub final_strips: Vec<Vec<Endpoint>>,
    /// Each strip's band on the other axis.
    pub strip_ranges: Vec<(f64, f64)>,
    /// The boxes, by id, as the frame saw them.
    pub boxes: Vec<Aabb>,
    /// Whether the frame swept its strips with an active list (the first frame, or
    /// after a rebuild) rather than checking the overlaps kept from the last frame.
    pub swept: bool,
}

impl SweepTrace {
    /// Runs one frame of `sap` (whose boxes are `boxes`) event by event and records it.
    pub fn record(
        sap: &mut SweepAndPrune,
        boxes: &[Aabb],
        frame: u64,
        names: &[String],
    ) -> SweepTrace {
        let total: usize = (0..sap.strip_count())
            .map(|k| sap.endpoints(k).len())
            .sum::<usize>()
            .max(2 * boxes.len());
        let mut steps = vec![SweepStep {
            event: None,
            active: vec![],
            title: tr!("vis-title-intro"),
            narration: tr!("sweep-intro"),
            line: None,
            so_far: SapStats::default(),
        }];
        let mut so_far = SapStats::default();
        let mut events = sap.frame();
        while let Some(event) = events.step() {
            count(&mut so_far, &event);
            let (title, narration, line) = describe(&event, boxes, names, so_far, total, &events);
            steps.push(SweepStep {
                event: Some(event),
                active: events.active(),
                title,
                narration,
                line: Some(line),
                so_far,
            });
        }
        let swept = events.sweeping();
        drop(events);
        let strips = sap.strip_count();
        SweepTrace {
            steps,
            step: 0,
            frame,
            axis: sap.axis(),
            final_strips: (0..strips).map(|k| sap.endpoints(k)).collect(),
            swept,
            strip_ranges: (0..strips).map(|k| sap.strip_range(k)).collect(),
            boxes: boxes.to_vec(),
        }
    }

    /// The last step index.
    pub fn last(&self) -> usize {
        self.steps.len().saturating_sub(1)
    }

    /// The step shown.
    pub fn current(&self) -> &SweepStep {
        &self.steps[self.step.min(self.last())]
    }

    /// The strip that step `k` works on (0 before the first strip event).
    pub fn strip_at(&self, k: usize) -> usize {
        self.steps[..=k.min(self.last())]
            .iter()
            .rev()
            .find_map(|s| s.event.as_ref().and_then(event_strip))
            .unwrap_or(0)
    }

    /// The end points of step `k`'s strip as they were after step `k`: the final list
    /// with the strip's later swaps undone, latest first.
    pub fn endpoints_at(&self, k: usize) -> Vec<Endpoint> {
        let strip = self.strip_at(k);
        let mut list = self.final_strips.get(strip).cloned().unwrap_or_default();
        for later in self.steps.iter().skip(k + 1).rev() {
            if let Some(SapEvent::Swap {
                strip: s, index, ..
            }) = later.event
            {
                if s == strip && index >= 1 && index < list.len() {
                    list.swap(index - 1, index);
                }
            }
        }
        list
    }

    /// Where the sweep line is at step `k` (a value on the sweep axis), if sweeping.
    pub fn sweep_value(&self, k: usize) -> Option<f64> {
        if !self.swept {
            return None;
        }
        match self.steps.get(k)?.event.as_ref()? {
            SapEvent::Enter { endpoint, .. } | SapEvent::Leave { endpoint, .. } => {
                Some(endpoint.value)
            }
            SapEvent::Candidate { a, .. } => {
                let aabb = self.boxes.get(*a as usize)?;
                Some(self.axis.of(aabb.min))
            }
            _ => None,
        }
    }

    /// The pairs reported up to and including step `k`.
    pub fn reported_until(&self, k: usize) -> Vec<(u32, u32)> {
        self.steps[..=k.min(self.last())]
            .iter()
            .filter_map(|s| match s.event {
                Some(SapEvent::Candidate {
                    a,
                    b,
                    reported: true,
                    ..
                }) => Some((a.min(b), a.max(b))),
                _ => None,
            })
            .collect()
    }
}

/// How each box is named in the narration and on its end points: its shape's name
/// when short (at most three characters: "a", "B2"), else its index.
pub fn box_names(shapes: &[NamedShape]) -> Vec<String> {
    shapes
        .iter()
        .enumerate()
        .map(|(i, s)| match &s.name {
            Some(name) if !name.trim().is_empty() && name.chars().count() <= 3 => name.clone(),
            _ => i.to_string(),
        })
        .collect()
}

/// The strip an event works on.
fn event_strip(event: &SapEvent) -> Option<usize> {
    match event {
        SapEvent::Swap { strip, .. }
        | SapEvent::Enter { strip, .. }
        | SapEvent::Candidate { strip, .. }
        | SapEvent::Leave { strip, .. } => Some(*strip),
        SapEvent::AxisChosen { .. } | SapEvent::Done { .. } => None,
    }
}

/// Adds an event to the running counts.
fn count(so_far: &mut SapStats, event: &SapEvent) {
    match event {
        SapEvent::Swap { .. } => so_far.swaps += 1,
        SapEvent::Candidate { reported, .. } => {
            so_far.candidates += 1;
            so_far.pairs += usize::from(*reported);
        }
        _ => {}
    }
}

/// Comparisons a full re-sort of `n` end points would cost: `n·log2(n)` (merge sort's
/// order of growth; the worst case is a little less, `n·⌈log2 n⌉ − 2^⌈log2 n⌉ + 1`).
pub fn full_sort_cost(n: usize) -> usize {
    if n < 2 {
        return 0;
    }
    (n as f64 * (n as f64).log2()).round() as usize
}

/// "min" or "max".
fn end_name(e: &Endpoint) -> &'static str {
    if e.is_max {
        "max"
    } else {
        "min"
    }
}

/// "x" or "y".
fn axis_name(axis: Axis) -> &'static str {
    match axis {
        Axis::X => "x",
        Axis::Y => "y",
    }
}

/// Title, narration and pseudo-code line of one event.
fn describe(
    event: &SapEvent,
    boxes: &[Aabb],
    names: &[String],
    so_far: SapStats,
    total: usize,
    frame: &gjk_lab_core::algorithms::sap::SapFrame,
) -> (String, String, usize) {
    let axis = frame.sap().axis();
    let (along, other) = (axis_name(axis), axis_name(axis.other()));
    let active = frame.active().len();
    let name = |id: u32| {
        names
            .get(id as usize)
            .cloned()
            .unwrap_or_else(|| id.to_string())
    };
    match event {
        SapEvent::AxisChosen {
            axis,
            variance_x,
            variance_y,
            strips,
        } => (
            tr!("sweep-title-axis"),
            tr!(
                "sweep-axis",
                vx = num(*variance_x),
                vy = num(*variance_y),
                axis = axis_name(*axis),
                strips = *strips
            ),
            line::AXIS,
        ),
        SapEvent::Swap {
            strip,
            moved,
            passed,
            ..
        } => {
            let begins = !moved.is_max && passed.is_max;
            let overlap = match (moved.is_max, passed.is_max) {
                (false, true) => "begins",
                (true, false) => "ends",
                _ => "same",
            };
            (
                tr!("sweep-title-swap"),
                tr!(
                    "sweep-swap",
                    strip = strip.to_string(),
                    moved = end_name(moved),
                    id = name(moved.id),
                    along = along,
                    value = num(moved.value),
                    passed = end_name(passed),
                    other_id = name(passed.id),
                    other_value = num(passed.value),
                    overlap = overlap,
                    swaps = so_far.swaps.to_string(),
                    cost = full_sort_cost(total).to_string(),
                    total = total.to_string()
                ),
                if begins {
                    line::SWAP_BEGINS_OVERLAP
                } else {
                    line::SWAP
                },
            )
        }
        SapEvent::Enter {
            strip, endpoint, ..
        } => (
            tr!("sweep-title-enter"),
            tr!(
                "sweep-enter",
                strip = strip.to_string(),
                id = name(endpoint.id),
                along = along,
                value = num(endpoint.value),
                active = active.to_string()
            ),
            line::ENTER,
        ),
        SapEvent::Candidate { a, b, reported, .. } => {
            let span = |id: u32| {
                boxes.get(id as usize).map_or(String::new(), |bb| {
                    format!(
                        "[{}, {}]",
                        num(axis.other().of(bb.min)),
                        num(axis.other().of(bb.max))
                    )
                })
            };
            let lines = if frame.sweeping() {
                (line::SWEEP_REPORT, line::SWEEP_TEST)
            } else {
                (line::KEPT_REPORT, line::KEPT_TEST)
            };
            (
                tr!("sweep-title-candidate"),
                tr!(
                    "sweep-candidate",
                    a = name(*a),
                    b = name(*b),
                    sweeping = if frame.sweeping() { "yes" } else { "no" },
                    along = along,
                    other = other,
                    span_a = span(*a),
                    span_b = span(*b),
                    reported = if *reported { "yes" } else { "no" },
                    candidates = so_far.candidates.to_string(),
                    pairs = so_far.pairs.to_string()
                ),
                if *reported { lines.0 } else { lines.1 },
            )
        }
        SapEvent::Leave {
            strip, endpoint, ..
        } => (
            tr!("sweep-title-leave"),
            tr!(
                "sweep-leave",
                strip = strip.to_string(),
                id = name(endpoint.id),
                along = along,
                value = num(endpoint.value),
                active = active.to_string()
            ),
            line::LEAVE,
        ),
        SapEvent::Done { stats } => (
            tr!("sweep-title-done"),
            done_narration(stats, total, other),
            line::DONE,
        ),
    }
}

/// The narration of a frame's end: its swaps, candidates and pairs, each count with
/// its noun in the right number.
fn done_narration(stats: &SapStats, total: usize, other: &str) -> String {
    tr!(
        "sweep-done",
        swaps = stats.swaps,
        cost = full_sort_cost(total).to_string(),
        candidates = stats.candidates,
        other = other,
        pairs = stats.pairs
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DVec2;

    fn aabb(x0: f64, y0: f64, x1: f64, y1: f64) -> Aabb {
        Aabb {
            min: DVec2::new(x0, y0),
            max: DVec2::new(x1, y1),
        }
    }

    /// "1 swaps", "1 candidates were tested": every count in a narration agrees with its
    /// noun, on the sweep and prune lesson's frames and on a frame's end with counts of
    /// 0, 1 and 2 of each.
    #[test]
    fn a_count_agrees_with_its_noun() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenes/lessons/10-sweep-and-prune.ron"
        );
        let mut shapes = gjk_lab_core::scene::Scene::load(std::path::Path::new(path))
            .unwrap()
            .shapes;
        let mut many = crate::app::many::Many::unsorted(&shapes);
        let mut narrations = vec![];
        for frame in 0..16 {
            many.sweep_to_frame(&mut shapes, frame, 0);
            let trace = many.sweep.as_ref().unwrap();
            narrations.extend(trace.steps.iter().map(|s| s.narration.clone()));
        }
        for n in 0..3 {
            let stats = SapStats {
                swaps: n,
                candidates: n,
                pairs: n,
            };
            narrations.push(done_narration(&stats, 16, "y"));
        }
        let (mut ones, mut others) = (0, 0);
        for narration in &narrations {
            let words: Vec<&str> = narration.split_whitespace().collect();
            for w in words.windows(2) {
                let noun = w[1].trim_end_matches([',', '.', ';', ':', ')']);
                let Ok(n) = w[0].parse::<usize>() else {
                    continue;
                };
                for (one, many) in [
                    ("swap", "swaps"),
                    ("candidate", "candidates"),
                    ("pair", "pairs"),
                ] {
                    if noun == one || noun == many {
                        assert_eq!(noun == one, n == 1, "{narration}");
                        if n == 1 {
                            ones += 1;
                        } else {
                            others += 1;
                        }
                    }
                }
            }
        }
        assert!(
            ones >= 3 && others > 3,
            "{ones} counts of one, {others} of others"
        );
        assert!(narrations
            .iter()
            .any(|n| n.starts_with("The order needed no swap")));
    }

    /// Every step of a few frames (the sweep and prune lesson's, and a crowd's whose
    /// strips are many) says the same numbers in Chinese as in English, and its Chinese
    /// is not its English.
    #[test]
    fn every_step_says_the_same_numbers_in_both_languages() {
        use crate::app::i18n::{set_lang, Lang};
        let digits = |t: &str| -> Vec<String> {
            t.split(|c: char| !c.is_ascii_digit())
                .filter(|d| !d.is_empty())
                .map(str::to_string)
                .collect()
        };
        let mut compared = 0;
        for file in ["lessons/10-sweep-and-prune.ron", "many-shapes-200.ron"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("scenes")
                .join(file);
            let shapes = gjk_lab_core::scene::Scene::load(&path).unwrap().shapes;
            let names = box_names(&shapes);
            let mut boxes: Vec<Aabb> = shapes.iter().map(|s| s.shape.aabb()).collect();
            let (mut en, mut zh) = (SweepAndPrune::new(), SweepAndPrune::new());
            for frame in 0..4 {
                for (k, b) in boxes.iter_mut().enumerate() {
                    let shift = DVec2::new(0.3 * (k % 5) as f64 - 0.6, 0.2 * (k % 3) as f64);
                    *b = aabb(
                        b.min.x + shift.x,
                        b.min.y + shift.y,
                        b.max.x + shift.x,
                        b.max.y + shift.y,
                    );
                }
                en.set_all(&boxes);
                zh.set_all(&boxes);
                let english = SweepTrace::record(&mut en, &boxes, frame, &names);
                set_lang(Lang::Zh);
                let chinese = SweepTrace::record(&mut zh, &boxes, frame, &names);
                set_lang(Lang::En);
                assert_eq!(english.steps.len(), chinese.steps.len());
                for (e, z) in english.steps.iter().zip(&chinese.steps) {
                    for (e, z) in [(&e.title, &z.title), (&e.narration, &z.narration)] {
                        assert_eq!(digits(e), digits(z), "\n{e}\n{z}");
                        assert_ne!(e, z);
                        assert!(!z.contains('{') && !e.contains('{'), "{e}\n{z}");
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 100, "{compared} steps");
    }

    /// Three boxes in a row along x, the first two overlapping.
    fn boxes() -> Vec<Aabb> {
        vec![
            aabb(0.0, 0.0, 2.0, 1.0),
            aabb(1.5, 0.2, 3.0, 1.2),
            aabb(5.0, 0.0, 6.0, 1.0),
        ]
    }

    #[test]
    fn a_frame_shows_enter_candidate_and_leave_with_the_active_list() {
        let mut sap = SweepAndPrune::new();
        let b = boxes();
        sap.set_all(&b);
        let trace = SweepTrace::record(&mut sap, &b, 0, &[]);
        assert!(trace.steps[0].event.is_none());
        let enter_1 = trace
            .steps
            .iter()
            .find(|s| matches!(s.event, Some(SapEvent::Enter { endpoint, .. }) if endpoint.id == 1))
            .unwrap();
        assert_eq!(enter_1.active, vec![0, 1]);
        assert_eq!(trace.reported_until(trace.last()), vec![(0, 1)]);
        assert!(matches!(
            trace.steps.last().unwrap().event,
            Some(SapEvent::Done { .. })
        ));
        // The sweep line only moves forward within the strip.
        let values: Vec<f64> = (0..=trace.last())
            .filter_map(|k| trace.sweep_value(k))
            .collect();
        assert!(values.windows(2).all(|w| w[0] <= w[1]), "{values:?}");
        for s in &trace.steps {
            assert!(s
                .line
                .is_none_or(|l| l < gjk_lab_core::algorithms::sap::PSEUDO_CODE.len()));
            assert!(!s.narration.contains("NaN"));
        }
    }

    #[test]
    fn the_next_frame_shows_the_swaps_and_the_list_before_them() {
        let mut sap = SweepAndPrune::new();
        let mut b = boxes();
        sap.set_all(&b);
        sap.update();
        // Box 2 jumps left past box 1's end points: its min and max cross them.
        b[2] = aabb(0.5, 0.0, 1.0, 1.0);
        sap.set_all(&b);
        let trace = SweepTrace::record(&mut sap, &b, 1, &[]);
        let swaps: Vec<usize> = (0..=trace.last())
            .filter(|&k| matches!(trace.steps[k].event, Some(SapEvent::Swap { .. })))
            .collect();
        assert!(!swaps.is_empty());
        assert_eq!(trace.steps[trace.last()].so_far.swaps, swaps.len());
        // Before the first swap the list is out of order; after the last, sorted.
        let before = trace.endpoints_at(swaps[0] - 1);
        assert!(before.windows(2).any(|w| w[0].value > w[1].value));
        let after = trace.endpoints_at(*swaps.last().unwrap());
        assert!(after.windows(2).all(|w| w[0].value <= w[1].value));
        assert_eq!(after, trace.final_strips[0]);
        // At a swap step, the moved end point sits just left of the one it passed.
        let Some(SapEvent::Swap {
            index,
            moved,
            passed,
            ..
        }) = trace.steps[swaps[0]].event
        else {
            unreachable!()
        };
        let list = trace.endpoints_at(swaps[0]);
        assert_eq!((list[index - 1], list[index]), (moved, passed));
    }

    #[test]
    fn full_sort_cost_is_n_log2_n() {
        assert_eq!(full_sort_cost(0), 0);
        assert_eq!(full_sort_cost(1), 0);
        assert_eq!(full_sort_cost(8), 24);
        assert_eq!(full_sort_cost(400), 3458);
    }
}
