//! Sweep and prune (SAP): the broad phase of seed 004. Which pairs of shapes have
//! overlapping bounding boxes (AABBs)?
//!
//! Project every box on the *sweep axis* as an interval `[min, max]`, sort the interval
//! end points, and sweep them in order keeping an *active list* of the boxes whose
//! interval has begun and not yet ended. At a min, the box is tested against every
//! active box — a pair is reported when the two also overlap on the other axis — and
//! joins the list; at a max it leaves. The pseudo-code the many-shapes mode shows
//! beside a stepped frame is [`PSEUDO_CODE`] (it also has the insertion sort, the
//! strips and the kept overlaps described below); [`line`](mod@line) names the lines
//! the events execute.
//!
//! **Coherence.** Between frames the boxes move a little, so the end points stay
//! almost sorted: SAP keeps them and restores the order with *insertion sort*, which on
//! an almost sorted list costs one comparison per end point plus one swap per pair of
//! end points that crossed — close to O(n) instead of O(n log n) (the swap count is
//! reported).
//!
//! **Kept overlaps** (Baraff's incremental sweep and prune). The pairs whose intervals
//! overlap along the sweep axis change only where a min and a max swap: a min passing
//! a max to the left begins an overlap, a max passing a min ends one. So the sweep runs
//! only in the first frame (and after a rebuild), and each strip keeps its list of
//! overlapping pairs: the swaps add pairs, and each frame tests only the kept pairs on
//! the other axis, dropping those that stopped overlapping. Same pairs, no active list,
//! no allocation in a frame once the lists have grown.
//!
//! **Strips.** With many boxes one sweep is not enough: an interval on the sweep axis
//! overlaps those of every box in the same column of the world, most of which are far
//! away on the other axis. So space is cut across the sweep axis into *strips* a few
//! boxes high, and each strip runs its own sweep over the boxes that touch it (a grid
//! of sweeps, as in Terdiman's multi-SAP). A pair that shares several strips is
//! reported only in the strip where their overlap on the other axis begins, so never
//! twice. With few boxes there is one strip: the plain sweep of the seed. A box that
//! moves into a strip is put in at about its place (the sort finishes the job) and its
//! overlaps there are found after the sort, among the boxes whose min lies at most the
//! widest box's width before its own; a box that moves out is dropped from the strip.
//!
//! **Axis.** The sweep runs along the axis where the boxes' centres are most spread
//! out (largest variance); SAP re-chooses it when the other axis becomes clearly more
//! spread (by 20%), and then rebuilds its strips.
//!
//! Touching boxes overlap (at equal values a min sorts before a max), as for shapes.

use super::{Progress, StepMachine};
use crate::shapes::Aabb;
use glam::DVec2;
use serde::Serialize;

pseudo_code! {
    /// Sweep and prune's pseudo-code, as the many-shapes mode shows it beside a stepped
    /// frame, one line per entry.
    pub const PSEUDO_CODE;
    /// The lines of [`PSEUDO_CODE`] the events execute. A candidate pair
    /// ([`SapEvent::Candidate`]) executes the sweep's lines when the frame sweeps
    /// ([`SapFrame::sweeping`]), else the kept overlaps'.
    pub mod line;
    AXIS: "axis ← the one where box centres spread most",
    _: "for each strip across the axis:",
    SWAP: "    insertion sort: swap neighbours out of order",
    SWAP_BEGINS_OVERLAP: "        a min passes a max: overlaps ← overlaps + {their pair}",
    _: "    if the strip was just built (first frame):",
    _: "        active ← ∅",
    _: "        for each end point e, in order:",
    _: "            if e is a min:",
    _: "                for each box b in active: overlaps ← overlaps + {(e.box, b)}",
    SWEEP_TEST: "                    if e.box, b overlap on other axis:",
    SWEEP_REPORT: "                        report pair (e.box, b)",
    ENTER: "                active ← active + {e.box}",
    LEAVE: "            else: active ← active − {e.box}",
    KEPT_TEST: "    else: for each pair in overlaps still overlapping along the axis:",
    KEPT_REPORT: "        if they overlap on other axis: report the pair",
    DONE: "pairs → narrow phase (GJK on the shapes)",
}

/// A coordinate axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    /// The x axis.
    X,
    /// The y axis.
    Y,
}

impl Axis {
    /// The coordinate of `v` along this axis.
    #[inline(always)]
    pub fn of(self, v: DVec2) -> f64 {
        match self {
            Axis::X => v.x,
            Axis::Y => v.y,
        }
    }

    /// The other axis.
    pub fn other(self) -> Axis {
        match self {
            Axis::X => Axis::Y,
            Axis::Y => Axis::X,
        }
    }
}

/// One end of a box's interval on the sweep axis, with the box's interval on the other
/// axis and the first strip the box is in: an end point as the events and the views
/// show it (a strip stores it packed: its value, and the box id and min/max in one
/// `u32`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Endpoint {
    /// The coordinate along the sweep axis.
    pub value: f64,
    /// The box's interval on the other axis: lower end.
    pub other_lo: f64,
    /// Upper end.
    pub other_hi: f64,
    /// The box.
    pub id: u32,
    /// The first strip the box is in.
    pub first_strip: u16,
    /// Whether this is the interval's upper end.
    pub is_max: bool,
}

/// Counts of one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SapStats {
    /// Swaps insertion sort made to restore the order.
    pub swaps: usize,
    /// Pairs whose intervals overlap on the sweep axis (tested on the other axis).
    pub candidates: usize,
    /// Pairs whose boxes overlap.
    pub pairs: usize,
}

/// One visible step of a SAP frame.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SapEvent {
    /// The sweep axis was (re)chosen and the strips rebuilt.
    AxisChosen {
        /// The sweep axis.
        axis: Axis,
        /// Variance of the box centres along x.
        variance_x: f64,
        /// Variance along y.
        variance_y: f64,
        /// How many strips.
        strips: usize,
    },
    /// Insertion sort swapped two neighbouring end points of a strip.
    Swap {
        /// The strip.
        strip: usize,
        /// Index of the end point that moved left (it is now at `index − 1`).
        index: usize,
        /// The end point that moved left.
        moved: Endpoint,
        /// The end point it passed.
        passed: Endpoint,
    },
    /// A box's interval begins: it joins the active list.
    Enter {
        /// The strip.
        strip: usize,
        /// Index of the end point in the strip.
        index: usize,
        /// The end point.
        endpoint: Endpoint,
    },
    /// Two boxes overlapping along the sweep axis are tested on the other axis: in a
    /// sweep, the entering box and one box of the active list; otherwise, a pair kept
    /// in the strip's overlaps.
    Candidate {
        /// The strip.
        strip: usize,
        /// The entering box (in a sweep), or the pair's first box.
        a: u32,
        /// The active box (in a sweep), or the pair's second box.
        b: u32,
        /// Whether they overlap on the other axis (and this strip reports them).
        reported: bool,
    },
    /// A box's interval ends: it leaves the active list.
    Leave {
        /// The strip.
        strip: usize,
        /// Index of the end point in the strip.
        index: usize,
        /// The end point.
        endpoint: Endpoint,
    },
    /// The frame is done.
    Done {
        /// Its counts.
        stats: SapStats,
    },
}

/// The strips across the sweep axis: strip `k` covers `[origin + k·height,
/// origin + (k+1)·height)` on the other axis; values outside fall in the end strips.
#[derive(Clone, Copy, Debug, PartialEq)]
struct StripGrid {
    origin: f64,
    /// `1 / height` (a multiplication is cheaper than a division; every strip index
    /// comes from this one function, so the strips agree with each other).
    inv_height: f64,
    count: usize,
    /// The last strip's index, `count − 1`, as a float.
    last: f64,
}

impl StripGrid {
    #[inline(always)]
    fn strip(&self, v: f64) -> usize {
        // Clamped to `[0, last]` as a float (`max` turns NaN into 0), so that `as`
        // only truncates towards zero, which is `floor` for these values.
        let k = (v - self.origin) * self.inv_height;
        k.max(0.0).min(self.last) as u32 as usize
    }
}

/// A box as the sweep reads it: its interval along the sweep axis (`lo`, `hi`) and
/// on the other axis, and the strips its end points are in (`first > last`: none).
/// The only copy of the box (40 bytes), written by `set`; the sort, the sweep and
/// the check read only these and the strips' own arrays.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    lo: f64,
    hi: f64,
    other_lo: f64,
    other_hi: f64,
    first: u16,
    last: u16,
    /// Whether the box is present.
    present: bool,
    /// Whether the box is listed in `SweepAndPrune::moved`.
    queued: bool,
}

/// No strip.
const NO_STRIPS: (u16, u16) = (1, 0);

impl Slot {
    /// No box.
    const NONE: Slot = Slot {
        lo: 0.0,
        hi: 0.0,
        other_lo: 0.0,
        other_hi: 0.0,
        first: NO_STRIPS.0,
        last: NO_STRIPS.1,
        present: false,
        queued: false,
    };

    #[inline(always)]
    fn in_strip(&self, k: u32) -> bool {
        (self.first as u32 <= k) & (k <= self.last as u32)
    }

    /// The box, for sweep axis `axis`.
    fn aabb(&self, axis: Axis) -> Aabb {
        let (lo, hi) = (
            DVec2::new(self.lo, self.other_lo),
            DVec2::new(self.hi, self.other_hi),
        );
        match axis {
            Axis::X => Aabb { min: lo, max: hi },
            Axis::Y => Aabb {
                min: DVec2::new(lo.y, lo.x),
                max: DVec2::new(hi.y, hi.x),
            },
        }
    }

    /// Whether two boxes' intervals overlap along the sweep axis (touching counts).
    #[inline(always)]
    fn overlaps_along(&self, other: &Slot) -> bool {
        (self.lo <= other.hi) & (other.lo <= self.hi)
    }

    /// Whether they overlap on the other axis.
    #[inline(always)]
    fn overlaps_across(&self, other: &Slot) -> bool {
        (self.other_lo <= other.other_hi) & (other.other_lo <= self.other_hi)
    }
}

/// An end point packed in a `u32`: the box id times two, plus one for a max.
#[inline(always)]
fn key(id: u32, is_max: bool) -> u32 {
    id << 1 | is_max as u32
}

/// The end points of one strip, in sweep order, as two parallel arrays (values and
/// packed keys: insertion sort compares the first and moves both, 12 bytes per end
/// point), and the pairs of its boxes whose intervals overlap along the sweep axis.
#[derive(Clone, Debug, Default)]
struct Strip {
    values: Vec<f64>,
    keys: Vec<u32>,
    /// Pairs `(a, b)`, `a < b`, overlapping along the sweep axis, kept from frame to
    /// frame: a swap adds one; a pair that stopped overlapping (or whose box left the
    /// strip) is dropped when the check meets it.
    overlaps: Vec<(u32, u32)>,
    /// Boxes that enter this strip this frame (their overlaps are found after the sort).
    entering: Vec<u32>,
    /// Whether a box left this strip this frame (its end points are still listed).
    left: bool,
}

impl Strip {
    /// Whether the end point at `j − 1` sorts after the one at `j`: by value, and at
    /// equal values a min before a max (so touching intervals overlap).
    #[inline(always)]
    fn out_of_order(&self, j: usize) -> bool {
        let (a, b) = (self.values[j - 1], self.values[j]);
        a > b || (a == b && self.keys[j - 1] & 1 == 1 && self.keys[j] & 1 == 0)
    }

    /// Reads end point `j`'s value from its box's slot (the one read of the slots in
    /// end point order, out of box order).
    #[inline(always)]
    fn read_value(&mut self, j: usize, slots: &[Slot]) {
        let key = self.keys[j];
        let slot = &slots[(key >> 1) as usize];
        self.values[j] = if key & 1 == 1 { slot.hi } else { slot.lo };
    }

    /// Reads end points `i, i + 1, …` from their slots as long as each is in order
    /// after the one before it; returns the first one out of order (or the length).
    /// Between frames most end points are: this is insertion sort's scan.
    #[inline(always)]
    fn read_in_order(&mut self, mut i: usize, slots: &[Slot]) -> usize {
        while i < self.keys.len() {
            self.read_value(i, slots);
            if i > 0 && self.out_of_order(i) {
                break;
            }
            i += 1;
        }
        i
    }

    /// Removes box `id`'s end points and pairs.
    fn remove_box(&mut self, id: u32) {
        let mut w = 0;
        for r in 0..self.keys.len() {
            if self.keys[r] >> 1 != id {
                self.values[w] = self.values[r];
                self.keys[w] = self.keys[r];
                w += 1;
            }
        }
        self.values.truncate(w);
        self.keys.truncate(w);
        self.overlaps.retain(|&(a, b)| a != id && b != id);
        self.entering.retain(|&e| e != id);
    }
}

/// A box moved from the strips of `old` to those of `new`: each strip it enters lists
/// it as entering, each strip it leaves is marked.
fn strips_changed(strips: &mut [Strip], id: u32, old: Slot, new: Slot) {
    for k in new.first as u32..=new.last as u32 {
        if !old.in_strip(k) {
            strips[k as usize].entering.push(id);
        }
    }
    for k in old.first as u32..=old.last as u32 {
        if !new.in_strip(k) {
            strips[k as usize].left = true;
        }
    }
}

/// The slot of a box for sweep axis `axis` and strips `grid` (strips not yet entered).
#[inline(always)]
fn slot_of(axis: Axis, grid: &StripGrid, aabb: &Aabb) -> Slot {
    let (lo, hi) = match axis {
        Axis::X => (aabb.min, aabb.max),
        Axis::Y => (
            DVec2::new(aabb.min.y, aabb.min.x),
            DVec2::new(aabb.max.y, aabb.max.x),
        ),
    };
    Slot {
        lo: lo.x,
        hi: hi.x,
        other_lo: lo.y,
        other_hi: hi.y,
        first: grid.strip(lo.y) as u16,
        last: grid.strip(hi.y) as u16,
        present: true,
        queued: false,
    }
}

/// Sweep and prune with persistent sorted end points and persistent overlaps (see the
/// module notes).
#[derive(Clone, Debug)]
pub struct SweepAndPrune {
    /// The boxes as the sweep reads them, by id.
    slots: Vec<Slot>,
    /// Boxes whose overlaps in the strip being processed are not known yet.
    pending: Vec<bool>,
    /// Boxes whose strips changed since the last frame, each with the strips its end
    /// points are listed in (`first`, `last`): the next frame moves them.
    moved: Vec<(u32, u16, u16)>,
    live: usize,
    axis: Axis,
    grid: StripGrid,
    strips: Vec<Strip>,
    /// The widest box along the sweep axis since the last rebuild, so at least as
    /// wide as any box now (how far back an entering box looks for boxes overlapping
    /// it).
    widest: f64,
    /// Boxes count at the last rebuild (a rebuild follows when it doubles or halves).
    built_for: usize,
    pairs: Vec<(u32, u32)>,
    stats: SapStats,
    needs_rebuild: bool,
    /// Buffers a rebuild fills and keeps (the boxes, each strip's end points before
    /// sorting), so that a rebuild after the first allocates nothing.
    rebuild_boxes: Vec<(usize, Aabb)>,
    rebuild_lists: Vec<Vec<(f64, u32)>>,
    /// The active list's buffer between frames (a frame takes it and gives it back).
    active: Vec<u32>,
}

impl Default for SweepAndPrune {
    fn default() -> Self {
        Self::new()
    }
}

impl SweepAndPrune {
    /// An empty broad phase.
    pub fn new() -> Self {
        SweepAndPrune {
            slots: Vec::new(),
            pending: Vec::new(),
            moved: Vec::new(),
            live: 0,
            axis: Axis::X,
            grid: StripGrid {
                origin: 0.0,
                inv_height: 1.0,
                count: 1,
                last: 0.0,
            },
            strips: vec![Strip::default()],
            widest: 0.0,
            built_for: 0,
            pairs: Vec::new(),
            stats: SapStats::default(),
            needs_rebuild: true,
            rebuild_boxes: Vec::new(),
            rebuild_lists: Vec::new(),
            active: Vec::new(),
        }
    }

    /// Adds box `id` or moves it to `aabb`: its slot (intervals and strips) is
    /// computed here, and if its strips changed, the next frame moves its end points.
    #[inline]
    pub fn set(&mut self, id: u32, aabb: Aabb) {
        let i = id as usize;
        if i >= self.slots.len() {
            self.grow(i + 1);
        }
        let mut new = slot_of(self.axis, &self.grid, &aabb);
        let width = new.hi - new.lo;
        if width > self.widest {
            self.widest = width;
        }
        let slot = &mut self.slots[i];
        new.queued = slot.queued;
        if !slot.present {
            self.live += 1;
        }
        let strips_changed = (slot.first != new.first) | (slot.last != new.last);
        if strips_changed && !slot.queued && !self.needs_rebuild {
            // The first change of strips in this frame: its end points are still
            // in the strips of the last frame, `slot.first..=slot.last`.
            new.queued = true;
            self.moved.push((id, slot.first, slot.last));
        }
        *slot = new;
    }

    /// Room for boxes `0..n`.
    #[cold]
    fn grow(&mut self, n: usize) {
        self.slots.resize(n, Slot::NONE);
        self.pending.resize(n, false);
    }

    /// Removes box `id` (no effect if absent).
    pub fn remove(&mut self, id: u32) {
        let i = id as usize;
        if !self.slots.get(i).is_some_and(|s| s.present) {
            return;
        }
        let slot = std::mem::replace(&mut self.slots[i], Slot::NONE);
        let (mut first, mut last) = (slot.first, slot.last);
        if slot.queued {
            // Its end points are still in the strips it was in at the last frame.
            let at = self.moved.iter().position(|m| m.0 == id);
            if let Some(at) = at {
                (_, first, last) = self.moved.swap_remove(at);
            }
        }
        if !self.needs_rebuild {
            for k in first..=last {
                self.strips[k as usize].remove_box(id);
            }
        }
        self.live -= 1;
    }

    /// Sets every box from a slice (box `i` = `aabbs[i]`), removing any beyond it.
    pub fn set_all(&mut self, aabbs: &[Aabb]) {
        for id in aabbs.len()..self.slots.len() {
            self.remove(id as u32);
        }
        for (i, &aabb) in aabbs.iter().enumerate() {
            self.set(i as u32, aabb);
        }
    }

    /// The box of `id`, if present.
    pub fn aabb(&self, id: u32) -> Option<Aabb> {
        let i = id as usize;
        self.slots
            .get(i)
            .filter(|s| s.present)
            .map(|s| s.aabb(self.axis))
    }

    /// The sweep axis.
    pub fn axis(&self) -> Axis {
        self.axis
    }

    /// Number of strips.
    pub fn strip_count(&self) -> usize {
        self.grid.count
    }

    /// The band of strip `k` on the other axis, `[lo, hi)`: the first strip reaches
    /// down to −∞ and the last up to +∞ (values outside the grid fall in the end
    /// strips). For drawing the strip boundaries.
    pub fn strip_range(&self, k: usize) -> (f64, f64) {
        let height = 1.0 / self.grid.inv_height;
        let lo = if k == 0 {
            f64::NEG_INFINITY
        } else {
            self.grid.origin + k as f64 * height
        };
        let hi = if k + 1 >= self.grid.count {
            f64::INFINITY
        } else {
            self.grid.origin + (k + 1) as f64 * height
        };
        (lo, hi)
    }

    /// The end points of strip `k`, in sweep order (as of the last frame), unpacked
    /// for showing.
    pub fn endpoints(&self, k: usize) -> Vec<Endpoint> {
        self.strips.get(k).map_or_else(Vec::new, |strip| {
            (0..strip.keys.len())
                .map(|j| self.endpoint(strip, j))
                .collect()
        })
    }

    /// The pairs `(a, b)`, `a < b`, overlapping along the sweep axis in strip `k`,
    /// kept from the last frame (in the order the check visits them).
    pub fn overlaps(&self, k: usize) -> &[(u32, u32)] {
        self.strips.get(k).map_or(&[], |s| &s.overlaps)
    }

    /// The pairs `(a, b)`, `a < b`, of the last frame.
    pub fn pairs(&self) -> &[(u32, u32)] {
        &self.pairs
    }

    /// The counts of the last frame.
    pub fn stats(&self) -> SapStats {
        self.stats
    }

    /// Runs one frame to the end (the fast path) and returns its pairs.
    pub fn update(&mut self) -> &[(u32, u32)] {
        let mut frame = self.frame();
        super::run_to_end(&mut frame);
        drop(frame);
        &self.pairs
    }

    /// One frame as a step machine: re-choose the axis if needed, then per strip
    /// restore the order by insertion sort (keeping the overlaps up to date at each
    /// swap) and check the overlaps on the other axis — or, after a rebuild, sweep.
    pub fn frame(&mut self) -> SapFrame<'_> {
        let mut active = std::mem::take(&mut self.active);
        active.clear();
        SapFrame {
            phase: FramePhase::Start,
            sap: self,
            active,
            sweeping: false,
        }
    }

    /// End point `j` of a strip, unpacked.
    fn endpoint(&self, strip: &Strip, j: usize) -> Endpoint {
        let id = strip.keys[j] >> 1;
        let slot = &self.slots[id as usize];
        Endpoint {
            value: strip.values[j],
            other_lo: slot.other_lo,
            other_hi: slot.other_hi,
            id,
            first_strip: slot.first,
            is_max: strip.keys[j] & 1 == 1,
        }
    }

    /// The slot of a box for the current axis and grid (strips not yet entered).
    #[inline(always)]
    fn slot_of(&self, aabb: &Aabb) -> Slot {
        slot_of(self.axis, &self.grid, aabb)
    }

    /// The variances of the box centres along x and y (from sums shifted by the
    /// first centre, which keeps them accurate far from the origin).
    fn variances(&self) -> (f64, f64) {
        // Centres as (along the sweep axis, across it).
        let centre = |s: &Slot| DVec2::new(s.lo + s.hi, s.other_lo + s.other_hi) * 0.5;
        let first = self.slots.iter().find(|s| s.present);
        let shift = first.map_or(DVec2::ZERO, centre);
        let (mut sum, mut sum_sq) = (DVec2::ZERO, DVec2::ZERO);
        for slot in &self.slots {
            if slot.present {
                let d = centre(slot) - shift;
                (sum, sum_sq) = (sum + d, sum_sq + d * d);
            }
        }
        let n = self.live.max(1) as f64;
        let var = sum_sq / n - (sum / n) * (sum / n);
        let (along, across) = (var.x.max(0.0), var.y.max(0.0));
        match self.axis {
            Axis::X => (along, across),
            Axis::Y => (across, along),
        }
    }

    /// The boxes whose strips changed since the last frame: each strip a box enters
    /// lists it as entering, each strip it left is marked (it drops the box's end
    /// points).
    fn move_boxes(&mut self) {
        for (id, first, last) in self.moved.drain(..) {
            let new = &mut self.slots[id as usize];
            new.queued = false;
            let old = Slot {
                first,
                last,
                ..Slot::NONE
            };
            strips_changed(&mut self.strips, id, old, *new);
        }
    }

    /// Whether the axis should change: the other axis clearly more spread out.
    fn axis_should_change(&self, (vx, vy): (f64, f64)) -> bool {
        match self.axis {
            Axis::X => vy > 1.2 * vx,
            Axis::Y => vx > 1.2 * vy,
        }
    }

    /// The boxes present, by id.
    fn present_boxes(&self) -> impl Iterator<Item = (usize, Aabb)> + '_ {
        let axis = self.axis;
        let present = self.slots.iter().enumerate().filter(|(_, s)| s.present);
        present.map(move |(id, s)| (id, s.aabb(axis)))
    }

    /// Chooses the axis and the strips, and refills them (sorted, no overlaps yet:
    /// the sweep finds them).
    fn rebuild(&mut self, (vx, vy): (f64, f64)) {
        // The boxes, read from their slots before the axis changes.
        let mut boxes = std::mem::take(&mut self.rebuild_boxes);
        boxes.clear();
        boxes.extend(self.present_boxes());
        self.axis = if vy > vx { Axis::Y } else { Axis::X };
        let o = self.axis.other();
        let (lo, hi) = boxes
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), (_, b)| {
                (l.min(o.of(b.min)), h.max(o.of(b.max)))
            });
        let mean_size =
            boxes.iter().map(|(_, b)| o.of(b.max - b.min)).sum::<f64>() / self.live.max(1) as f64;
        // Strips about 2.5 boxes high: most boxes sit in one strip, and a strip holds
        // few boxes that are far apart on the other axis (measured: 2 to 3 is best).
        let height = (2.5 * mean_size).max(f64::MIN_POSITIVE);
        let extent = hi - lo;
        let count = if extent.is_finite() && extent > 0.0 {
            ((extent / height).ceil() as usize).clamp(1, 4096)
        } else {
            1
        };
        self.grid = StripGrid {
            origin: if lo.is_finite() { lo } else { 0.0 },
            inv_height: if count > 1 {
                count as f64 / extent
            } else {
                1.0
            },
            count,
            last: (count - 1) as f64,
        };
        let mut lists = std::mem::take(&mut self.rebuild_lists);
        lists.iter_mut().for_each(Vec::clear);
        if lists.len() < count {
            lists.resize_with(count, Vec::new);
        }
        let mut widest = 0.0f64;
        for &(id, aabb) in &boxes {
            let slot = self.slot_of(&aabb);
            self.slots[id] = slot;
            widest = widest.max(slot.hi - slot.lo);
            for k in slot.first..=slot.last {
                let list = &mut lists[k as usize];
                list.push((slot.lo, key(id as u32, false)));
                list.push((slot.hi, key(id as u32, true)));
            }
        }
        // The strips keep their buffers (cleared, refilled): sorted by value, at equal
        // values a min before a max, then by box (a total order: an unstable sort,
        // which needs no buffer, gives the one answer).
        self.strips.resize_with(count, Strip::default);
        for (strip, list) in self.strips.iter_mut().zip(&mut lists) {
            list.sort_unstable_by(|a, b| {
                a.0.total_cmp(&b.0)
                    .then((a.1 & 1).cmp(&(b.1 & 1)))
                    .then(a.1.cmp(&b.1))
            });
            strip.values.clear();
            strip.values.extend(list.iter().map(|e| e.0));
            strip.keys.clear();
            strip.keys.extend(list.iter().map(|e| e.1));
            strip.overlaps.clear();
            strip.entering.clear();
            strip.left = false;
        }
        self.rebuild_boxes = boxes;
        self.rebuild_lists = lists;
        // A frame abandoned between a strip's `prepare` and its
        // `overlaps_of_entering` leaves boxes marked pending: none is after a rebuild.
        self.pending.fill(false);
        self.widest = widest;
        // Every slot is new (none queued): the strips were filled from them.
        self.moved.clear();
        self.built_for = self.live;
        self.needs_rebuild = false;
    }

    /// Prepares strip `k` for its sort: drops the end points of boxes that left it
    /// (if any did), puts in those of the boxes entering it, each at about its place
    /// (the sort finishes the job), and reads the first end point's value (the sort
    /// reads each next one's as it reaches it).
    fn prepare(&mut self, k: usize) {
        let (slots, strip) = (&self.slots, &mut self.strips[k]);
        if strip.left {
            strip.left = false;
            let mut w = 0;
            for r in 0..strip.keys.len() {
                let key = strip.keys[r];
                strip.keys[w] = key;
                strip.values[w] = strip.values[r];
                w += usize::from(slots[(key >> 1) as usize].in_strip(k as u32));
            }
            strip.keys.truncate(w);
            strip.values.truncate(w);
        }
        for &id in &strip.entering {
            let slot = &slots[id as usize];
            for (value, is_max) in [(slot.lo, false), (slot.hi, true)] {
                let at = strip.values.partition_point(|&v| v <= value);
                strip.values.insert(at, value);
                strip.keys.insert(at, key(id, is_max));
            }
            self.pending[id as usize] = true;
        }
        if !strip.keys.is_empty() {
            strip.read_value(0, slots);
        }
    }

    /// After strip `k`'s sort, the overlaps of the boxes that entered it: the boxes
    /// whose min lies in `[lo − widest, hi]` and whose max is at least `lo`.
    fn overlaps_of_entering(&mut self, k: usize) {
        let (slots, strip) = (&self.slots, &mut self.strips[k]);
        // Taken out while the strip's lists are read, then given back emptied: its
        // buffer stays for the next frame (no allocation once grown).
        let mut entering = std::mem::take(&mut strip.entering);
        for &e in &entering {
            self.pending[e as usize] = false;
            let s = &slots[e as usize];
            let from = strip.values.partition_point(|&v| v < s.lo - self.widest);
            for j in from..strip.values.len() {
                if strip.values[j] > s.hi {
                    break;
                }
                let (b, is_max) = (strip.keys[j] >> 1, strip.keys[j] & 1 == 1);
                if !is_max
                    && b != e
                    && !self.pending[b as usize]
                    && s.overlaps_along(&slots[b as usize])
                {
                    strip.overlaps.push((e.min(b), e.max(b)));
                }
            }
        }
        entering.clear();
        strip.entering = entering;
    }
}

#[derive(Clone, Copy, Debug)]
enum FramePhase {
    Start,
    /// Insertion sort of strip `strip`: element `i` is being moved left, now at `j`.
    Sort {
        strip: usize,
        i: usize,
        j: usize,
    },
    /// Sweep of strip `strip` at end point `k`; for a min, testing active box `m`.
    Sweep {
        strip: usize,
        k: usize,
        m: usize,
    },
    /// Check of strip `strip`'s overlaps on the other axis, at overlap `m`.
    Check {
        strip: usize,
        m: usize,
    },
    Done,
    Ended,
}

/// One frame of sweep and prune as a step machine (see [`SweepAndPrune::frame`]).
#[derive(Debug)]
pub struct SapFrame<'s> {
    sap: &'s mut SweepAndPrune,
    phase: FramePhase,
    /// The active list of the strip being swept (box ids).
    active: Vec<u32>,
    /// Whether this frame sweeps (after a rebuild) rather than checks kept overlaps.
    sweeping: bool,
}

impl Drop for SapFrame<'_> {
    /// A frame left half done leaves the strips' overlaps half updated: the next frame
    /// rebuilds them.
    fn drop(&mut self) {
        self.sap.active = std::mem::take(&mut self.active);
        if !matches!(self.phase, FramePhase::Ended | FramePhase::Done) {
            self.sap.needs_rebuild = true;
        }
    }
}

/// Whether two boxes of strip `strip`, overlapping along the sweep axis, overlap on
/// the other axis and `strip` is where that overlap begins: at the larger of their
/// lower edges, which lies in the first strip of its box (so nothing is computed).
#[inline(always)]
fn reported_in(a: &Slot, b: &Slot, strip: usize) -> bool {
    let begins_in = if a.other_lo >= b.other_lo {
        a.first
    } else {
        b.first
    };
    a.overlaps_across(b) & (begins_in as usize == strip)
}

impl SapFrame<'_> {
    /// The boxes in the active list of the strip being swept.
    pub fn active(&self) -> Vec<u32> {
        self.active.clone()
    }

    /// The broad phase.
    pub fn sap(&self) -> &SweepAndPrune {
        self.sap
    }

    /// Whether this frame sweeps the strips with an active list (the first frame and
    /// after a rebuild), rather than checking the overlaps kept from the last frame.
    pub fn sweeping(&self) -> bool {
        self.sweeping
    }

    fn start(&mut self, watch: bool) -> Option<SapEvent> {
        let sap = &mut *self.sap;
        sap.pairs.clear();
        sap.stats = SapStats::default();
        let variances = sap.variances();
        let rebuild = sap.needs_rebuild
            || sap.axis_should_change(variances)
            || sap.live > 2 * sap.built_for.max(8)
            || 2 * sap.live.max(8) < sap.built_for;
        self.phase = FramePhase::Sort {
            strip: 0,
            i: 0,
            j: 0,
        };
        self.sweeping = rebuild;
        if !rebuild {
            sap.move_boxes();
            sap.prepare(0);
            return self.advance_silently(watch);
        }
        sap.rebuild(variances);
        watch.then(|| SapEvent::AxisChosen {
            axis: sap.axis,
            variance_x: variances.0,
            variance_y: variances.1,
            strips: sap.grid.count,
        })
    }

    /// Runs the sort and the sweep (or check) of the strips, stopping only to show an
    /// event to someone watching (a comparison without a swap shows nothing). When
    /// nobody watches, the whole frame runs in these loops.
    #[inline(always)]
    fn advance_silently(&mut self, watch: bool) -> Option<SapEvent> {
        loop {
            let shown = match self.phase {
                FramePhase::Sort { strip, i, j } => self.sort(strip, i, j, watch),
                FramePhase::Sweep { strip, k, m } => self.sweep(strip, k, m, watch),
                FramePhase::Check { strip, m } => self.check(strip, m, watch),
                FramePhase::Done => return self.finish(),
                FramePhase::Start | FramePhase::Ended => return None,
            };
            if shown.is_some() {
                return shown;
            }
        }
    }

    /// Insertion sort of a strip, resumed at element `i` moving left from `j`: each
    /// end point moves left past the ones that should come after it. A min that moves
    /// left past a max: the two intervals now overlap, and their pair joins the strip's
    /// overlaps (Baraff's incremental sweep and prune). A max past a min: they no longer
    /// overlap, and the check will drop the pair.
    #[inline(always)]
    fn sort(&mut self, strip: usize, mut i: usize, mut j: usize, watch: bool) -> Option<SapEvent> {
        let sap = &mut *self.sap;
        let list = &mut sap.strips[strip];
        while i < list.keys.len() {
            if j > 0 && list.out_of_order(j) {
                list.values.swap(j - 1, j);
                list.keys.swap(j - 1, j);
                sap.stats.swaps += 1;
                j -= 1;
                let (moved, passed) = (list.keys[j], list.keys[j + 1]);
                let (a, b) = (moved >> 1, passed >> 1);
                if moved & 1 == 0
                    && passed & 1 == 1
                    && !sap.pending[a as usize]
                    && !sap.pending[b as usize]
                {
                    list.overlaps.push((a.min(b), a.max(b)));
                }
                if watch {
                    self.phase = FramePhase::Sort { strip, i, j };
                    let list = &sap.strips[strip];
                    return Some(SapEvent::Swap {
                        strip,
                        index: j + 1,
                        moved: sap.endpoint(list, j),
                        passed: sap.endpoint(list, j + 1),
                    });
                }
            } else {
                i = list.read_in_order(i + 1, &sap.slots);
                j = i;
            }
        }
        self.active.clear();
        self.phase = if self.sweeping {
            FramePhase::Sweep { strip, k: 0, m: 0 }
        } else {
            sap.overlaps_of_entering(strip);
            FramePhase::Check { strip, m: 0 }
        };
        None
    }

    /// The sweep of a strip, resumed at end point `k` (for a min end point, at active
    /// box `m`): a min end point tests its box against each active box (each such pair
    /// overlaps along the sweep axis and is kept in the strip's overlaps) and joins
    /// the active list; a max end point leaves it.
    #[inline(always)]
    fn sweep(&mut self, strip: usize, mut k: usize, mut m: usize, watch: bool) -> Option<SapEvent> {
        let SweepAndPrune {
            strips,
            slots,
            pairs,
            stats,
            ..
        } = &mut *self.sap;
        let list = &mut strips[strip];
        while let Some(&key) = list.keys.get(k) {
            let (id, is_max) = (key >> 1, key & 1 == 1);
            if is_max {
                if let Some(pos) = self.active.iter().position(|&a| a == id) {
                    self.active.swap_remove(pos);
                }
                k += 1;
                if watch {
                    self.phase = FramePhase::Sweep { strip, k, m: 0 };
                    return Some(SapEvent::Leave {
                        strip,
                        index: k - 1,
                        endpoint: self.sap.endpoint(&self.sap.strips[strip], k - 1),
                    });
                }
                continue;
            }
            let entering = &slots[id as usize];
            while let Some(&other) = self.active.get(m) {
                stats.candidates += 1;
                list.overlaps.push((id.min(other), id.max(other)));
                let reported = reported_in(entering, &slots[other as usize], strip);
                if reported {
                    pairs.push((id.min(other), id.max(other)));
                    stats.pairs += 1;
                }
                m += 1;
                if watch {
                    self.phase = FramePhase::Sweep { strip, k, m };
                    return Some(SapEvent::Candidate {
                        strip,
                        a: id,
                        b: other,
                        reported,
                    });
                }
            }
            self.active.push(id);
            (k, m) = (k + 1, 0);
            if watch {
                self.phase = FramePhase::Sweep { strip, k, m };
                return Some(SapEvent::Enter {
                    strip,
                    index: k - 1,
                    endpoint: self.sap.endpoint(&self.sap.strips[strip], k - 1),
                });
            }
        }
        self.next_strip(strip);
        None
    }

    /// The check of a strip's overlaps, resumed at overlap `m`: a pair whose intervals
    /// still overlap along the sweep axis is tested on the other axis; one that no
    /// longer does (or whose box left the strip) is dropped without a test.
    #[inline(always)]
    fn check(&mut self, strip: usize, mut m: usize, watch: bool) -> Option<SapEvent> {
        let SweepAndPrune {
            strips,
            slots,
            pairs,
            stats,
            ..
        } = &mut *self.sap;
        let overlaps = &mut strips[strip].overlaps;
        let k = strip as u32;
        // Room for every pair, written unconditionally and kept by advancing `n`
        // (no branch on the test's outcome).
        let (mut n, mut tested) = (pairs.len(), 0);
        pairs.resize(n + overlaps.len() - m.min(overlaps.len()), (0, 0));
        while let Some(&(a, b)) = overlaps.get(m) {
            let (sa, sb) = (&slots[a as usize], &slots[b as usize]);
            if !(sa.in_strip(k) & sb.in_strip(k) & sa.overlaps_along(sb)) {
                overlaps.swap_remove(m);
                continue;
            }
            let reported = reported_in(sa, sb, strip);
            pairs[n] = (a, b);
            n += usize::from(reported);
            tested += 1;
            m += 1;
            if watch {
                pairs.truncate(n);
                stats.pairs = n;
                stats.candidates += tested;
                self.phase = FramePhase::Check { strip, m };
                return Some(SapEvent::Candidate {
                    strip,
                    a,
                    b,
                    reported,
                });
            }
        }
        pairs.truncate(n);
        stats.pairs = n;
        stats.candidates += tested;
        self.next_strip(strip);
        None
    }

    /// On to the next strip's sort, or to the end of the frame.
    fn next_strip(&mut self, strip: usize) {
        let next = strip + 1;
        if next >= self.sap.grid.count {
            self.phase = FramePhase::Done;
            return;
        }
        self.sap.prepare(next);
        self.phase = FramePhase::Sort {
            strip: next,
            i: 0,
            j: 0,
        };
    }

    fn finish(&mut self) -> Option<SapEvent> {
        self.phase = FramePhase::Ended;
        Some(SapEvent::Done {
            stats: self.sap.stats,
        })
    }
}

impl StepMachine for SapFrame<'_> {
    type Event = SapEvent;

    #[inline(always)]
    fn advance(&mut self, watch: bool) -> Progress<SapEvent> {
        let event = match self.phase {
            FramePhase::Start => self.start(watch),
            FramePhase::Sort { .. } | FramePhase::Sweep { .. } | FramePhase::Check { .. } => {
                self.advance_silently(watch)
            }
            FramePhase::Done => self.finish(),
            FramePhase::Ended => return Progress::Ended,
        };
        Progress::Stepped(event)
    }
}

/// The overlapping pairs by brute force (every pair tested), for checking.
pub fn brute_force_pairs(aabbs: &[Option<Aabb>]) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for (i, a) in aabbs.iter().enumerate() {
        let Some(a) = a else { continue };
        for (j, b) in aabbs.iter().enumerate().skip(i + 1) {
            if b.is_some_and(|b| a.overlaps(&b)) {
                pairs.push((i as u32, j as u32));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests;
