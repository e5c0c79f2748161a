//! Sweep and prune against brute force (every pair tested), frame after frame, on
//! random boxes that move a little, jump far, appear and disappear — including tall
//! boxes spanning many strips, boxes of zero size, touching boxes, and scenes whose
//! spread turns from one axis to the other (so the sweep axis changes).

use gjk_lab_core::algorithms::sap::{brute_force_pairs, SapEvent, SweepAndPrune};
use gjk_lab_core::shapes::Aabb;
use gjk_lab_core::DVec2;
use proptest::prelude::*;

fn aabb(x: f64, y: f64, w: f64, h: f64) -> Aabb {
    Aabb {
        min: DVec2::new(x, y),
        max: DVec2::new(x + w, y + h),
    }
}

/// One change to the scene in a frame.
#[derive(Clone, Debug)]
enum Change {
    /// Box `i` moves by a small step.
    Nudge(usize, f64, f64),
    /// Box `i` jumps to a new box.
    Jump(usize, Aabb),
    /// Box `i` is removed (or re-added if absent).
    Toggle(usize, Aabb),
}

fn arb_box(spread_x: f64, spread_y: f64) -> impl Strategy<Value = Aabb> {
    (
        -spread_x..spread_x,
        -spread_y..spread_y,
        prop_oneof![4 => 0.1f64..2.0, 1 => Just(0.0), 1 => 5.0f64..30.0],
        prop_oneof![4 => 0.1f64..2.0, 1 => Just(0.0), 1 => 5.0f64..30.0],
    )
        .prop_map(|(x, y, w, h)| aabb(x, y, w, h))
}

fn arb_change(n: usize) -> impl Strategy<Value = Change> {
    prop_oneof![
        6 => (0..n, -0.3f64..0.3, -0.3f64..0.3).prop_map(|(i, dx, dy)| Change::Nudge(i, dx, dy)),
        1 => (0..n, arb_box(40.0, 40.0)).prop_map(|(i, b)| Change::Jump(i, b)),
        1 => (0..n, arb_box(40.0, 40.0)).prop_map(|(i, b)| Change::Toggle(i, b)),
    ]
}

fn arb_scene() -> impl Strategy<Value = (Vec<Aabb>, Vec<Vec<Change>>)> {
    (1usize..120, 1.0f64..60.0, 1.0f64..60.0).prop_flat_map(|(n, sx, sy)| {
        (
            prop::collection::vec(arb_box(sx, sy), n),
            prop::collection::vec(prop::collection::vec(arb_change(n), 0..40), 1..6),
        )
    })
}

fn check(sap: &mut SweepAndPrune, boxes: &[Option<Aabb>]) -> Result<(), TestCaseError> {
    let mut found = sap.update().to_vec();
    found.sort_unstable();
    let expected = brute_force_pairs(boxes);
    prop_assert_eq!(&found, &expected);
    prop_assert_eq!(sap.stats().pairs, expected.len());
    prop_assert!(sap.stats().candidates >= expected.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// Every frame, the pairs equal brute force.
    #[test]
    fn pairs_equal_brute_force_every_frame((initial, frames) in arb_scene()) {
        let mut boxes: Vec<Option<Aabb>> = initial.into_iter().map(Some).collect();
        let mut sap = SweepAndPrune::new();
        for (i, b) in boxes.iter().enumerate() {
            sap.set(i as u32, b.unwrap());
        }
        check(&mut sap, &boxes)?;
        for changes in frames {
            for change in changes {
                match change {
                    Change::Nudge(i, dx, dy) => {
                        if let Some(b) = boxes[i].as_mut() {
                            b.min += DVec2::new(dx, dy);
                            b.max += DVec2::new(dx, dy);
                            sap.set(i as u32, *b);
                        }
                    }
                    Change::Jump(i, new) => {
                        if boxes[i].is_some() {
                            boxes[i] = Some(new);
                            sap.set(i as u32, new);
                        }
                    }
                    Change::Toggle(i, new) => {
                        if boxes[i].take().is_some() {
                            sap.remove(i as u32);
                        } else {
                            boxes[i] = Some(new);
                            sap.set(i as u32, new);
                        }
                    }
                }
            }
            check(&mut sap, &boxes)?;
        }
    }
}

/// A crowd spread along x turns to spread along y: the sweep axis changes, and the
/// pairs stay exact throughout.
#[test]
fn the_sweep_axis_follows_the_spread() {
    let mut sap = SweepAndPrune::new();
    let wide: Vec<Aabb> = (0..300)
        .map(|i| aabb((i % 100) as f64 * 3.0, (i / 100) as f64 * 1.5, 2.0, 2.0))
        .collect();
    sap.set_all(&wide);
    sap.update();
    assert_eq!(sap.axis(), gjk_lab_core::algorithms::sap::Axis::X);
    let tall: Vec<Aabb> = (0..300)
        .map(|i| aabb((i / 100) as f64 * 1.5, (i % 100) as f64 * 3.0, 2.0, 2.0))
        .collect();
    sap.set_all(&tall);
    let mut found = sap.update().to_vec();
    found.sort_unstable();
    assert_eq!(sap.axis(), gjk_lab_core::algorithms::sap::Axis::Y);
    let all: Vec<Option<Aabb>> = tall.into_iter().map(Some).collect();
    assert_eq!(found, brute_force_pairs(&all));
}

/// Boxes that only touch (at an edge or a corner) overlap, as shapes do.
#[test]
fn touching_boxes_are_pairs() {
    let mut sap = SweepAndPrune::new();
    sap.set_all(&[
        aabb(0.0, 0.0, 1.0, 1.0),
        aabb(1.0, 1.0, 1.0, 1.0),
        aabb(2.0, 0.0, 1.0, 1.0),
    ]);
    let mut found = sap.update().to_vec();
    found.sort_unstable();
    assert_eq!(found, vec![(0, 1), (1, 2)]);
}

/// Boxes on an integer grid: equal end points (touching boxes, shared edges, boxes of
/// zero width) are the rule here, and boxes move by whole units, several times a frame,
/// across strip boundaries and back.
/// A move of one frame: box `i` shifts by `(dx, dy)`, or is removed (or put back)
/// when the flag is set.
type GridMove = (usize, i32, i32, bool);

fn arb_grid_scene() -> impl Strategy<Value = (Vec<Aabb>, Vec<Vec<GridMove>>)> {
    let grid_box = (0i32..16, 0i32..16, 0i32..4, 0i32..4)
        .prop_map(|(x, y, w, h)| aabb(x as f64, y as f64, w as f64, h as f64));
    (2usize..60).prop_flat_map(move |n| {
        (
            prop::collection::vec(grid_box.clone(), n),
            prop::collection::vec(
                prop::collection::vec(
                    (0..n, -2i32..=2, -2i32..=2, prop::bool::weighted(0.1)),
                    0..30,
                ),
                1..8,
            ),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// On the grid, every frame's pairs equal brute force, with boxes moved (or removed
    /// and put back) several times between frames.
    #[test]
    fn pairs_equal_brute_force_with_equal_end_points((initial, frames) in arb_grid_scene()) {
        // The last place of each box (where a removed box comes back).
        let mut last = initial.clone();
        let mut boxes: Vec<Option<Aabb>> = initial.into_iter().map(Some).collect();
        let mut sap = SweepAndPrune::new();
        for (i, b) in boxes.iter().enumerate() {
            sap.set(i as u32, b.unwrap());
        }
        check(&mut sap, &boxes)?;
        for moves in frames {
            for (i, dx, dy, toggle) in moves {
                if boxes[i].is_some() && toggle {
                    boxes[i] = None;
                    sap.remove(i as u32);
                } else if boxes[i].is_some() || toggle {
                    let shift = DVec2::new(dx as f64, dy as f64);
                    last[i] = Aabb { min: last[i].min + shift, max: last[i].max + shift };
                    boxes[i] = Some(last[i]);
                    sap.set(i as u32, last[i]);
                }
            }
            check(&mut sap, &boxes)?;
        }
    }
}

/// A frame stepped part of the way and then abandoned leaves the kept overlaps half
/// updated: the next frame must still find exactly the pairs (it rebuilds).
#[test]
fn a_frame_left_half_done_does_not_spoil_the_next() {
    use gjk_lab_core::algorithms::StepMachine;
    let boxes: Vec<Aabb> = (0..200)
        .map(|i| aabb((i % 20) as f64 * 1.5, (i / 20) as f64 * 1.5, 1.6, 1.6))
        .collect();
    let mut sap = SweepAndPrune::new();
    sap.set_all(&boxes);
    sap.update();
    // Every box jumps 2.2 to the right: many swaps, overlaps begin and end.
    let moved: Vec<Aabb> = boxes
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let d = DVec2::new(if i % 3 == 0 { 2.2 } else { 0.0 }, 0.0);
            Aabb {
                min: b.min + d,
                max: b.max + d,
            }
        })
        .collect();
    sap.set_all(&moved);
    {
        let mut frame = sap.frame();
        for _ in 0..25 {
            frame.step();
        }
    }
    sap.set_all(&boxes);
    let mut found = sap.update().to_vec();
    found.sort_unstable();
    let all: Vec<Option<Aabb>> = boxes.into_iter().map(Some).collect();
    assert_eq!(found, brute_force_pairs(&all));
}

/// A frame abandoned right after a box entered a strip (its overlaps there not yet
/// found) must not leave that box marked as pending: the frames after the rebuild
/// must still keep the overlaps its swaps begin.
#[test]
fn a_frame_abandoned_while_a_box_enters_a_strip_does_not_spoil_later_frames() {
    use gjk_lab_core::algorithms::StepMachine;
    let mut boxes: Vec<Aabb> = (0..200)
        .map(|i| aabb((i % 20) as f64 * 1.5, (i / 20) as f64 * 1.5, 1.6, 1.6))
        .collect();
    let mut sap = SweepAndPrune::new();
    sap.set_all(&boxes);
    sap.update();
    assert!(sap.strip_count() > 1);
    // Box 105 (row 5) jumps far right into the bottom strip, and box 0 moves right
    // past box 1's end points; the frame is abandoned at its first swap, after the
    // bottom strip took box 105 in and before its overlaps there were found.
    boxes[105] = aabb(100.0, 0.1, 1.6, 1.6);
    boxes[0] = aabb(2.2, 0.0, 1.6, 1.6);
    sap.set_all(&boxes);
    {
        let mut frame = sap.frame();
        let first = frame.step();
        assert!(
            matches!(first, Some(SapEvent::Swap { strip: 0, .. })),
            "{first:?}"
        );
    }
    // A rebuild, then the box slides left over box 19's end: a swap begins the overlap.
    sap.update();
    boxes[105] = aabb(28.0, 0.1, 1.6, 1.6);
    sap.set_all(&boxes);
    let mut found = sap.update().to_vec();
    found.sort_unstable();
    let all: Vec<Option<Aabb>> = boxes.into_iter().map(Some).collect();
    assert_eq!(found, brute_force_pairs(&all));
}

/// Within one frame a box changes strips several times (there and back, on to a
/// third strip), or changes strips and is removed, then re-added: each next frame
/// must list the box's end points exactly in the strips it ends up in.
#[test]
fn a_box_set_several_times_in_a_frame_ends_in_the_right_strips() {
    let grid: Vec<Aabb> = (0..200)
        .map(|i| aabb((i % 20) as f64 * 1.5, (i / 20) as f64 * 1.5, 1.6, 1.6))
        .collect();
    let mut sap = SweepAndPrune::new();
    sap.set_all(&grid);
    sap.update();
    assert!(sap.strip_count() > 2);
    let check = |sap: &mut SweepAndPrune, boxes: &[Option<Aabb>]| {
        let mut found = sap.update().to_vec();
        found.sort_unstable();
        assert_eq!(found, brute_force_pairs(boxes));
    };
    let mut boxes: Vec<Option<Aabb>> = grid.iter().copied().map(Some).collect();
    // There and back: box 45 visits the top rows and returns home.
    sap.set(45, aabb(7.5, 13.5, 1.6, 1.6));
    sap.set(45, grid[45]);
    check(&mut sap, &boxes);
    // On to a third strip: bottom row, then top row.
    sap.set(46, aabb(9.0, 0.2, 1.6, 1.6));
    sap.set(46, aabb(9.2, 13.6, 1.6, 1.6));
    boxes[46] = Some(aabb(9.2, 13.6, 1.6, 1.6));
    check(&mut sap, &boxes);
    // Moved, then removed in the same frame; re-added, moved twice, the next.
    sap.set(47, aabb(10.5, 13.4, 1.6, 1.6));
    sap.remove(47);
    boxes[47] = None;
    check(&mut sap, &boxes);
    sap.set(47, aabb(10.4, 0.3, 1.6, 1.6));
    sap.set(47, aabb(10.6, 6.1, 1.6, 1.6));
    boxes[47] = Some(aabb(10.6, 6.1, 1.6, 1.6));
    check(&mut sap, &boxes);
    // It slides along the sweep axis past its neighbours: swaps begin overlaps.
    sap.set(47, aabb(13.7, 6.1, 1.6, 1.6));
    boxes[47] = Some(aabb(13.7, 6.1, 1.6, 1.6));
    check(&mut sap, &boxes);
    // And every box back home, one frame later.
    sap.set_all(&grid);
    let home: Vec<Option<Aabb>> = grid.iter().copied().map(Some).collect();
    check(&mut sap, &home);
}

/// The watched frame (one event per swap, candidate, entry and exit) and the fast
/// path are the same step machine: on a moving crowd they make the same swaps, test
/// the same candidates and find the same pairs, which are brute force's, and the
/// watched frame shows one swap event per swap counted.
#[test]
fn watched_frames_make_the_same_swaps_and_pairs_as_the_fast_path() {
    use gjk_lab_core::algorithms::StepMachine;
    use gjk_lab_core::crowd::Crowd;
    let mut crowd = Crowd::new(300, 7);
    let (mut fast, mut watched) = (SweepAndPrune::new(), SweepAndPrune::new());
    let mut swaps_seen = 0;
    for _ in 0..40 {
        crowd.step(1.0 / 20.0);
        let boxes = crowd.aabbs();
        fast.set_all(&boxes);
        watched.set_all(&boxes);
        let mut expected = fast.update().to_vec();
        let events: Vec<SapEvent> = {
            let mut frame = watched.frame();
            std::iter::from_fn(|| frame.step()).collect()
        };
        let swaps = events
            .iter()
            .filter(|e| matches!(e, SapEvent::Swap { .. }))
            .count();
        assert_eq!(swaps, watched.stats().swaps);
        swaps_seen += swaps;
        assert_eq!(watched.stats(), fast.stats());
        let mut found = watched.pairs().to_vec();
        found.sort_unstable();
        expected.sort_unstable();
        assert_eq!(found, expected);
        let all: Vec<Option<Aabb>> = boxes.into_iter().map(Some).collect();
        assert_eq!(found, brute_force_pairs(&all));
    }
    assert!(swaps_seen > 0);
}
