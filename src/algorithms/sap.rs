//! Sweep and prune (SAP): the broad phase of seed 004. Which pairs of shapes have
//! overlapping bounding boxes (AABBs)?
//!
//! Project every box on the *sweep axis* as an interval `[min, max]`, sort the
//! interval end points, and sweep them in order keeping an *active list* of the boxes
//! whose interval has begun and not yet ended:
//!
//! ```text
//! for each end point e in order
//!     if e is a min:  for each box b in active: if e.box and b overlap on the other
//!                         axis: report the pair
//!                     add e.box to active
//!     if e is a max:  remove e.box from active
//! ```
//!
//! **Coherence.** Between frames the boxes move a little, so the end points stay
//! almost sorted: SAP keeps them and restores the order with *insertion sort*, which on
//! an almost sorted list costs one comparison per end point plus one swap per pair of
//! end points that crossed — close to O(n) instead of O(n log n) (the swap count is
//! reported).
//!
//! **Strips.** With many boxes one sweep is not enough: an interval on the sweep axis
//! overlaps those of every box in the same column of the world, most of which are far
//! away on the other axis. So space is cut across the sweep axis into *strips* a few
//! boxes high, and each strip runs its own sweep over the boxes that touch it (a grid
//! of sweeps, as in Terdiman's multi-SAP). A pair that shares several strips is
//! reported only in the strip where their overlap on the other axis begins, so never
//! twice. With few boxes there is one strip: the plain sweep of the seed.
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

/// One end of a box's interval on the sweep axis. It also carries the box's interval
/// on the other axis and the first strip the box is in, copied in once per frame, so
/// that the sweep reads the end points in order and nothing else.
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

impl Endpoint {
    /// Sort order: by value, and at equal values a min before a max (so touching
    /// intervals overlap).
    #[inline(always)]
    fn after(&self, other: &Endpoint) -> bool {
        self.value > other.value || (self.value == other.value && self.is_max && !other.is_max)
    }
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
    /// The entering box is tested against one box of the active list on the other axis.
    Candidate {
        /// The strip.
        strip: usize,
        /// The entering box.
        a: u32,
        /// The active box.
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
}

impl StripGrid {
    #[inline(always)]
    fn strip(&self, v: f64) -> usize {
        // `as usize` truncates towards zero, which is `floor` for the non-negative
        // values it gets here (and saturates negatives and NaN to 0).
        let k = (v - self.origin) * self.inv_height;
        (k as usize).min(self.count - 1)
    }
}

/// Sweep and prune with persistent sorted end points (see the module notes).
#[derive(Clone, Debug)]
pub struct SweepAndPrune {
    /// The boxes by id (meaningful where `present`).
    boxes: Vec<Aabb>,
    present: Vec<bool>,
    /// The strips each box is in (first, last), for the boxes present.
    membership: Vec<(u32, u32)>,
    live: usize,
    axis: Axis,
    grid: StripGrid,
    strips: Vec<Vec<Endpoint>>,
    /// Boxes count at the last rebuild (a rebuild follows when it doubles or halves).
    built_for: usize,
    pairs: Vec<(u32, u32)>,
    stats: SapStats,
    needs_rebuild: bool,
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
            boxes: Vec::new(),
            present: Vec::new(),
            membership: Vec::new(),
            live: 0,
            axis: Axis::X,
            grid: StripGrid {
                origin: 0.0,
                inv_height: 1.0,
                count: 1,
            },
            strips: vec![Vec::new()],
            built_for: 0,
            pairs: Vec::new(),
            stats: SapStats::default(),
            needs_rebuild: true,
        }
    }

    /// Adds box `id` or moves it to `aabb`.
    pub fn set(&mut self, id: u32, aabb: Aabb) {
        let i = id as usize;
        if i >= self.boxes.len() {
            let empty = Aabb {
                min: DVec2::ZERO,
                max: DVec2::ZERO,
            };
            self.boxes.resize(i + 1, empty);
            self.present.resize(i + 1, false);
            self.membership.resize(i + 1, (0, 0));
        }
        let added = !self.present[i];
        self.boxes[i] = aabb;
        self.present[i] = true;
        if added {
            self.live += 1;
            if !self.needs_rebuild {
                self.enter_strips(id);
            }
        } else if !self.needs_rebuild {
            self.update_membership(id);
        }
    }

    /// Removes box `id` (no effect if absent).
    pub fn remove(&mut self, id: u32) {
        let i = id as usize;
        if !self.present.get(i).copied().unwrap_or(false) {
            return;
        }
        if !self.needs_rebuild {
            let (first, last) = self.membership[i];
            for k in first..=last {
                self.strips[k as usize].retain(|e| e.id != id);
            }
        }
        self.present[i] = false;
        self.live -= 1;
    }

    /// Sets every box from a slice (box `i` = `aabbs[i]`), removing any beyond it.
    pub fn set_all(&mut self, aabbs: &[Aabb]) {
        for id in aabbs.len()..self.boxes.len() {
            self.remove(id as u32);
        }
        for (i, &aabb) in aabbs.iter().enumerate() {
            self.set(i as u32, aabb);
        }
    }

    /// The box of `id`, if present.
    pub fn aabb(&self, id: u32) -> Option<Aabb> {
        let i = id as usize;
        self.present
            .get(i)
            .copied()
            .unwrap_or(false)
            .then(|| self.boxes[i])
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

    /// The end points of strip `k`, in sweep order.
    pub fn endpoints(&self, k: usize) -> &[Endpoint] {
        &self.strips[k]
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
        &self.pairs
    }

    /// One frame as a step machine: re-choose the axis if needed, then per strip
    /// restore the order by insertion sort and sweep.
    pub fn frame(&mut self) -> SapFrame<'_> {
        SapFrame {
            phase: FramePhase::Start,
            sap: self,
            active: Vec::new(),
        }
    }

    fn other(&self, aabb: &Aabb) -> (f64, f64) {
        let o = self.axis.other();
        (o.of(aabb.min), o.of(aabb.max))
    }

    fn strips_of(&self, id: u32) -> (u32, u32) {
        let (lo, hi) = self.other(&self.boxes[id as usize]);
        (self.grid.strip(lo) as u32, self.grid.strip(hi) as u32)
    }

    fn endpoints_of(&self, id: u32) -> [Endpoint; 2] {
        let aabb = self.boxes[id as usize];
        let (other_lo, other_hi) = self.other(&aabb);
        let first_strip = self.grid.strip(other_lo) as u16;
        let end = |value, is_max| Endpoint {
            value,
            other_lo,
            other_hi,
            id,
            first_strip,
            is_max,
        };
        [
            end(self.axis.of(aabb.min), false),
            end(self.axis.of(aabb.max), true),
        ]
    }

    /// Puts a box's end points into the strips it touches, each at its sorted place.
    fn enter_strips(&mut self, id: u32) {
        let (first, last) = self.strips_of(id);
        self.membership[id as usize] = (first, last);
        let ends = self.endpoints_of(id);
        for k in first..=last {
            let strip = &mut self.strips[k as usize];
            for e in ends {
                let at = strip.partition_point(|x| !x.after(&e));
                strip.insert(at, e);
            }
        }
    }

    /// Moves a box's end points between strips when it crossed a strip boundary.
    fn update_membership(&mut self, id: u32) {
        let now = self.strips_of(id);
        let before = self.membership[id as usize];
        if now == before {
            return;
        }
        for k in before.0..=before.1 {
            if k < now.0 || k > now.1 {
                self.strips[k as usize].retain(|e| e.id != id);
            }
        }
        let ends = self.endpoints_of(id);
        for k in now.0..=now.1 {
            if k < before.0 || k > before.1 {
                let strip = &mut self.strips[k as usize];
                for e in ends {
                    let at = strip.partition_point(|x| !x.after(&e));
                    strip.insert(at, e);
                }
            }
        }
        self.membership[id as usize] = now;
    }

    /// The boxes present.
    fn present_boxes(&self) -> impl Iterator<Item = &Aabb> + Clone + '_ {
        self.boxes
            .iter()
            .zip(&self.present)
            .filter_map(|(b, &p)| p.then_some(b))
    }

    /// Variances of the box centres along x and y.
    fn variances(&self) -> (f64, f64) {
        let n = self.live.max(1) as f64;
        let centres = self.present_boxes().map(|b| (b.min + b.max) * 0.5);
        let mean = centres.clone().fold(DVec2::ZERO, |s, c| s + c) / n;
        let var = centres.fold(DVec2::ZERO, |s, c| s + (c - mean) * (c - mean)) / n;
        (var.x, var.y)
    }

    /// Whether the axis should change: the other axis clearly more spread out.
    fn axis_should_change(&self, (vx, vy): (f64, f64)) -> bool {
        match self.axis {
            Axis::X => vy > 1.2 * vx,
            Axis::Y => vx > 1.2 * vy,
        }
    }

    /// Chooses the axis and the strips, and refills them (sorted).
    fn rebuild(&mut self, (vx, vy): (f64, f64)) {
        self.axis = if vy > vx { Axis::Y } else { Axis::X };
        let o = self.axis.other();
        let (lo, hi) = self
            .present_boxes()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), b| {
                (l.min(o.of(b.min)), h.max(o.of(b.max)))
            });
        let mean_size = self
            .present_boxes()
            .map(|b| o.of(b.max - b.min))
            .sum::<f64>()
            / self.live.max(1) as f64;
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
        };
        self.strips = vec![Vec::new(); count];
        let ids: Vec<u32> = (0..self.boxes.len() as u32)
            .filter(|&id| self.present[id as usize])
            .collect();
        for id in ids {
            let (first, last) = self.strips_of(id);
            self.membership[id as usize] = (first, last);
            let ends = self.endpoints_of(id);
            for k in first..=last {
                self.strips[k as usize].extend(ends);
            }
        }
        for strip in &mut self.strips {
            strip.sort_by(|a, b| {
                a.value
                    .total_cmp(&b.value)
                    .then((a.is_max as u8).cmp(&(b.is_max as u8)))
            });
        }
        self.built_for = self.live;
        self.needs_rebuild = false;
    }

    /// Refreshes the end points of strip `k` from the boxes (the one pass that reads
    /// the boxes out of order).
    fn refresh(&mut self, k: usize) {
        let axis = self.axis;
        let other = axis.other();
        let (boxes, membership) = (&self.boxes, &self.membership);
        for e in &mut self.strips[k] {
            let b = &boxes[e.id as usize];
            e.value = axis.of(if e.is_max { b.max } else { b.min });
            (e.other_lo, e.other_hi) = (other.of(b.min), other.of(b.max));
            e.first_strip = membership[e.id as usize].0 as u16;
        }
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
    Done,
    Ended,
}

/// A box in the active list (or entering it), with its interval on the other axis
/// and the first strip it is in, so that testing a candidate reads no box.
#[derive(Clone, Copy, Debug)]
struct Active {
    id: u32,
    lo: f64,
    hi: f64,
    first_strip: u16,
}

impl Active {
    fn of(e: &Endpoint) -> Active {
        Active {
            id: e.id,
            lo: e.other_lo,
            hi: e.other_hi,
            first_strip: e.first_strip,
        }
    }

    /// Whether two boxes of strip `strip`, overlapping on the sweep axis, overlap on
    /// the other axis and `strip` is where that overlap begins: at the larger of their
    /// lower edges, which lies in the first strip of its box (so nothing is computed).
    #[inline(always)]
    fn reported_with(&self, other: &Active, strip: usize) -> bool {
        let begins_in = if self.lo >= other.lo {
            self.first_strip
        } else {
            other.first_strip
        };
        self.lo <= other.hi && other.lo <= self.hi && begins_in as usize == strip
    }
}

/// One frame of sweep and prune as a step machine (see [`SweepAndPrune::frame`]).
#[derive(Debug)]
pub struct SapFrame<'s> {
    sap: &'s mut SweepAndPrune,
    phase: FramePhase,
    active: Vec<Active>,
}

impl SapFrame<'_> {
    /// The boxes in the active list of the strip being swept.
    pub fn active(&self) -> Vec<u32> {
        self.active.iter().map(|a| a.id).collect()
    }

    /// The broad phase.
    pub fn sap(&self) -> &SweepAndPrune {
        self.sap
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
            i: 1,
            j: 1,
        };
        if !rebuild {
            sap.refresh(0);
            return self.advance_silently(watch);
        }
        sap.rebuild(variances);
        sap.refresh(0);
        watch.then(|| SapEvent::AxisChosen {
            axis: sap.axis,
            variance_x: variances.0,
            variance_y: variances.1,
            strips: sap.grid.count,
        })
    }

    /// Runs the sort and the sweep of the strips, stopping only to show an event to
    /// someone watching (a comparison without a swap shows nothing). When nobody
    /// watches, the whole frame runs in these loops.
    fn advance_silently(&mut self, watch: bool) -> Option<SapEvent> {
        loop {
            let shown = match self.phase {
                FramePhase::Sort { strip, i, j } => self.sort(strip, i, j, watch),
                FramePhase::Sweep { strip, k, m } => self.sweep(strip, k, m, watch),
                FramePhase::Done => return self.finish(),
                FramePhase::Start | FramePhase::Ended => return None,
            };
            if shown.is_some() {
                return shown;
            }
        }
    }

    /// Insertion sort of a strip, resumed at element `i` moving left from `j`: each
    /// end point moves left past the ones that should come after it.
    #[inline(always)]
    fn sort(&mut self, strip: usize, mut i: usize, mut j: usize, watch: bool) -> Option<SapEvent> {
        let list = &mut self.sap.strips[strip];
        while i < list.len() {
            if j > 0 && list[j - 1].after(&list[j]) {
                list.swap(j - 1, j);
                self.sap.stats.swaps += 1;
                j -= 1;
                if watch {
                    self.phase = FramePhase::Sort { strip, i, j };
                    return Some(SapEvent::Swap {
                        strip,
                        index: j + 1,
                        moved: list[j],
                        passed: list[j + 1],
                    });
                }
            } else {
                i += 1;
                j = i;
            }
        }
        self.phase = FramePhase::Sweep { strip, k: 0, m: 0 };
        self.active.clear();
        None
    }

    /// The sweep of a strip, resumed at end point `k` (for a min end point, at active
    /// box `m`): a min end point tests its box against each active box and joins the
    /// active list; a max end point leaves it.
    #[inline(always)]
    fn sweep(&mut self, strip: usize, mut k: usize, mut m: usize, watch: bool) -> Option<SapEvent> {
        let SweepAndPrune {
            strips,
            pairs,
            stats,
            ..
        } = &mut *self.sap;
        let list = &strips[strip];
        while let Some(&e) = list.get(k) {
            if e.is_max {
                if let Some(pos) = self.active.iter().position(|a| a.id == e.id) {
                    self.active.swap_remove(pos);
                }
                k += 1;
                if watch {
                    self.phase = FramePhase::Sweep { strip, k, m: 0 };
                    return Some(SapEvent::Leave {
                        strip,
                        index: k - 1,
                        endpoint: e,
                    });
                }
                continue;
            }
            let entering = Active::of(&e);
            while let Some(&other) = self.active.get(m) {
                stats.candidates += 1;
                let reported = entering.reported_with(&other, strip);
                if reported {
                    pairs.push((e.id.min(other.id), e.id.max(other.id)));
                    stats.pairs += 1;
                }
                m += 1;
                if watch {
                    self.phase = FramePhase::Sweep { strip, k, m };
                    return Some(SapEvent::Candidate {
                        strip,
                        a: e.id,
                        b: other.id,
                        reported,
                    });
                }
            }
            self.active.push(entering);
            (k, m) = (k + 1, 0);
            if watch {
                self.phase = FramePhase::Sweep { strip, k, m };
                return Some(SapEvent::Enter {
                    strip,
                    index: k - 1,
                    endpoint: e,
                });
            }
        }
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
        self.sap.refresh(next);
        self.phase = FramePhase::Sort {
            strip: next,
            i: 1,
            j: 1,
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
            FramePhase::Sort { .. } | FramePhase::Sweep { .. } => self.advance_silently(watch),
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
mod tests {
    use super::*;

    fn aabb(x0: f64, y0: f64, x1: f64, y1: f64) -> Aabb {
        Aabb {
            min: DVec2::new(x0, y0),
            max: DVec2::new(x1, y1),
        }
    }

    fn sorted(mut v: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
        v.sort();
        v
    }

    #[test]
    fn finds_overlaps_including_touching_boxes() {
        let mut sap = SweepAndPrune::new();
        sap.set_all(&[
            aabb(0.0, 0.0, 1.0, 1.0),
            aabb(1.0, 0.5, 2.0, 1.5), // touches 0 at x = 1
            aabb(5.0, 5.0, 6.0, 6.0),
            aabb(0.5, 3.0, 1.5, 4.0), // overlaps 0 on x only
        ]);
        assert_eq!(sorted(sap.update().to_vec()), vec![(0, 1)]);
        let stats = sap.stats();
        assert_eq!(stats.pairs, 1);
        assert!(stats.candidates >= 1);
    }

    #[test]
    fn insertion_sort_counts_the_crossings() {
        let mut sap = SweepAndPrune::new();
        sap.set_all(&[aabb(0.0, 0.0, 1.0, 1.0), aabb(3.0, 0.0, 4.0, 1.0)]);
        sap.update();
        // Box 1 jumps left over box 0: its two end points pass both of box 0's.
        sap.set(1, aabb(-3.0, 0.0, -2.0, 1.0));
        sap.update();
        assert_eq!(sap.stats().swaps, 4);
        assert!(sap.pairs().is_empty());
    }

    #[test]
    fn a_frame_steps_through_swaps_and_the_sweep() {
        let mut sap = SweepAndPrune::new();
        sap.set_all(&[aabb(0.0, 0.0, 2.0, 1.0), aabb(1.0, 0.0, 3.0, 1.0)]);
        let events: Vec<SapEvent> = {
            let mut frame = sap.frame();
            std::iter::from_fn(|| frame.step()).collect()
        };
        let kinds: Vec<&str> = events
            .iter()
            .map(|e| match e {
                SapEvent::AxisChosen { .. } => "axis",
                SapEvent::Swap { .. } => "swap",
                SapEvent::Enter { .. } => "enter",
                SapEvent::Candidate { .. } => "candidate",
                SapEvent::Leave { .. } => "leave",
                SapEvent::Done { .. } => "done",
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "axis",
                "enter",
                "candidate",
                "enter",
                "leave",
                "leave",
                "done"
            ]
        );
        assert_eq!(sap.pairs(), &[(0, 1)]);
    }

    #[test]
    fn many_boxes_use_strips_and_match_brute_force() {
        let mut sap = SweepAndPrune::new();
        let mut boxes = Vec::new();
        for i in 0..400 {
            let (x, y) = ((i % 20) as f64 * 1.5, (i / 20) as f64 * 1.5);
            boxes.push(aabb(x, y, x + 1.6, y + 1.6));
        }
        sap.set_all(&boxes);
        let pairs = sorted(sap.update().to_vec());
        assert!(sap.strip_count() > 1);
        let all: Vec<Option<Aabb>> = boxes.into_iter().map(Some).collect();
        assert_eq!(pairs, brute_force_pairs(&all));
    }

    #[test]
    fn strip_ranges_tile_the_other_axis() {
        let mut sap = SweepAndPrune::new();
        let boxes: Vec<Aabb> = (0..400)
            .map(|i| {
                let (x, y) = ((i % 20) as f64 * 1.5, (i / 20) as f64 * 1.5);
                aabb(x, y, x + 1.6, y + 1.6)
            })
            .collect();
        sap.set_all(&boxes);
        sap.update();
        let n = sap.strip_count();
        assert_eq!(sap.strip_range(0).0, f64::NEG_INFINITY);
        assert_eq!(sap.strip_range(n - 1).1, f64::INFINITY);
        for k in 1..n {
            assert_eq!(sap.strip_range(k - 1).1, sap.strip_range(k).0);
        }
        // Every end point of strip k belongs to a box that touches its band.
        for k in 0..n {
            let (lo, hi) = sap.strip_range(k);
            for e in sap.endpoints(k) {
                assert!(e.other_hi >= lo && e.other_lo <= hi, "strip {k}: {e:?}");
            }
        }
    }
}
