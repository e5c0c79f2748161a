//! Tests of [`super`] (sap.rs), kept apart so that the module reads as a lesson.

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
fn a_box_reads_back_exactly_on_either_sweep_axis() {
    // Spread along y: the sweep axis is y, and the slots hold each box with its
    // coordinates swapped; `aabb` must give back exactly the box set.
    let boxes: Vec<Aabb> = (0..50)
        .map(|i| {
            aabb(
                0.1 * i as f64,
                3.0 * i as f64,
                0.3 + 0.1 * i as f64,
                3.7 * i as f64 + 1.0,
            )
        })
        .collect();
    let mut sap = SweepAndPrune::new();
    sap.set_all(&boxes);
    sap.update();
    assert_eq!(sap.axis(), Axis::Y);
    for (i, b) in boxes.iter().enumerate() {
        assert_eq!(sap.aabb(i as u32), Some(*b));
    }
    sap.remove(7);
    assert_eq!(sap.aabb(7), None);
    assert_eq!(sap.aabb(50), None);
    let moved = aabb(1.0, 2.0, 3.0, 4.0);
    sap.set(8, moved);
    assert_eq!(sap.aabb(8), Some(moved));
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
