//! Box against box (`algorithms::box_box`), the path rectangle pairs take for
//! penetration and manifolds, against independent references: the brute-force SAT
//! of `common` (depth, and whether they intersect), the definition of the normal
//! (`h_{A−B}(n) = depth`), face separation (the general method, which walks vertices
//! where this uses four closed formulas) for the contact points, and analytic answers
//! in the named cases (the cases shared with face separation are checked for both in
//! `tests/face_separation.rs`). Property cases: `GJK_LAB_CASES` (100,000 by default).

mod common;

use common::{boundary_error, h, sat};
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::box_box::{BoxBox, BoxBoxEvent};
use gjk_lab_core::algorithms::face_separation::{FaceSeparation, FaceSeparationOutcome};
use gjk_lab_core::algorithms::{record, StepMachine};
use gjk_lab_core::query;
use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;

fn boxed(hx: f64, hy: f64, x: f64, y: f64, rotation: f64) -> Shape {
    Shape::new(
        Geometry::Polygon(ConvexPolygon::rectangle(hx, hy)),
        Pose::new(DVec2::new(x, y), rotation),
    )
}

/// A rectangle: half the time with its centre off the local origin and its vertices
/// starting at any corner, so that the box frame is not the shape's frame; half the
/// time `ConvexPolygon::rectangle`, whose box is the shape's frame (box vs box then
/// takes the relative pose from the two rotations alone).
fn arb_box() -> impl Strategy<Value = Shape> {
    (
        0.05f64..2.0,
        0.05f64..2.0,
        -0.5f64..0.5,
        -0.5f64..0.5,
        0usize..4,
        -2.0f64..2.0,
        -2.0f64..2.0,
        0.0f64..std::f64::consts::TAU,
        any::<bool>(),
    )
        .prop_map(|(hx, hy, cx, cy, start, x, y, r, aligned)| {
            if aligned {
                return boxed(hx, hy, x, y, r);
            }
            let corners = [(-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)];
            let v: Vec<DVec2> = (0..4)
                .map(|k| {
                    let (px, py) = corners[(start + k) % 4];
                    DVec2::new(px + cx, py + cy)
                })
                .collect();
            Shape::new(
                Geometry::Polygon(ConvexPolygon::new(&v).expect("a rectangle")),
                Pose::new(DVec2::new(x, y), r),
            )
        })
}

fn run(a: &Shape, b: &Shape) -> FaceSeparationOutcome {
    BoxBox::for_pair(a, b).expect("two rectangles").run()
}

fn size(a: &Shape, b: &Shape) -> f64 {
    a.bounding_radius().max(b.bounding_radius())
}

/// The distance between two polygons that do not intersect: the least distance from a
/// corner of one to an edge of the other, over all pairs.
fn brute_force_distance(a: &Shape, b: &Shape) -> f64 {
    let point_segment = |p: DVec2, u: DVec2, v: DVec2| {
        let t = ((p - u).dot(v - u) / (v - u).length_squared()).clamp(0.0, 1.0);
        (u + (v - u) * t - p).length()
    };
    let one_way = |x: &Shape, y: &Shape| {
        let (xs, ys) = (common::world_vertices(x), common::world_vertices(y));
        let n = ys.len();
        xs.iter()
            .flat_map(|&p| (0..n).map(move |i| (p, i)))
            .map(|(p, i)| point_segment(p, ys[i], ys[(i + 1) % n]))
            .fold(f64::INFINITY, f64::min)
    };
    one_way(a, b).min(one_way(b, a))
}

proptest! {
    #![proptest_config(common::proptest_config(100_000))]

    /// Intersects exactly when brute-force SAT finds no gap; the depth is SAT's; the
    /// normal's support value is the depth.
    #[test]
    fn depth_and_normal_match_brute_force_sat(a in arb_box(), b in arb_box()) {
        prop_assert!(BoxBox::for_pair(&a, &b).is_some(), "rectangles are boxes");
        let reference = sat(&a, &b).signed;
        let tol = 1e-9 * size(&a, &b);
        // The intersection query takes this path too (its face steps alone).
        if reference.abs() > tol {
            prop_assert_eq!(query::intersects(&a, &b), reference > 0.0, "SAT {}", reference);
        }
        match run(&a, &b) {
            FaceSeparationOutcome::Separated { face } => {
                prop_assert!(reference <= tol, "separated by {face:?}, SAT depth {reference}");
            }
            FaceSeparationOutcome::CirclesApart { gap } => {
                prop_assert!(reference < 0.0, "circles {gap} apart, SAT depth {reference}");
                // The circles' gap is a lower bound on the distance.
                prop_assert!(gap > 0.0);
                let d = brute_force_distance(&a, &b);
                prop_assert!(gap <= d + tol, "{gap} vs {d}");
            }
            FaceSeparationOutcome::Contact { depth, normal, .. } => {
                prop_assert!(reference >= -tol, "intersects, SAT gap {}", -reference);
                prop_assert!((depth - reference.max(0.0)).abs() <= tol, "{depth} vs {reference}");
                prop_assert!((h(&a, &b, normal) - depth).abs() <= tol);
            }
        }
    }

    /// The same contacts as face separation (the general method), unless the two
    /// boxes' best separations are within rounding of a tie (then either face is a
    /// right reference).
    #[test]
    fn contacts_match_face_separation(a in arb_box(), b in arb_box()) {
        let general = FaceSeparation::for_pair(&a, &b).unwrap().run();
        let boxes = run(&a, &b);
        prop_assert_eq!(general.intersects(), boxes.intersects());
        let (
            FaceSeparationOutcome::Contact { reference: r1, normal: n1, clip: c1, .. },
            FaceSeparationOutcome::Contact { reference: r2, normal: n2, clip: c2, .. },
        ) = (general, boxes) else {
            return Ok(());
        };
        prop_assume!(r1 == r2 && (n1 - n2).length() < 1e-9);
        let (p, q): (Vec<_>, Vec<_>) = (c1.contacts().iter().collect(), c2.contacts().iter().collect());
        prop_assert_eq!(p.len(), q.len(), "{:?} vs {:?}", p, q);
        for (x, y) in p.iter().zip(&q) {
            prop_assert!((x.point - y.point).length() < 1e-9 * size(&a, &b).max(1.0), "{p:?} vs {q:?}");
            prop_assert!((x.depth - y.depth).abs() < 1e-9 * size(&a, &b).max(1.0));
        }
        for c in q {
            let incident = if r2 == Side::A { &b } else { &a };
            prop_assert!(boundary_error(incident, c.point) < 1e-9 * size(&a, &b).max(1.0));
        }
    }

    /// The fast paths (`run`, `intersects`, `contacts`, `penetration`) call the same steps as the
    /// watched run without `advance`'s dispatch: their answers are the watched run's,
    /// bit for bit — also after a few steps watched, then the rest unwatched.
    #[test]
    fn fast_paths_give_the_watched_runs_answer(a in arb_box(), b in arb_box(), watched in 0usize..12) {
        let machine = BoxBox::for_pair(&a, &b).expect("two rectangles");
        let frames = record(machine.clone());
        let BoxBoxEvent::Done { outcome } = frames.last().expect("steps").event else {
            panic!("the last step is Done");
        };
        let mut resumed = machine.clone();
        for _ in 0..watched {
            resumed.step();
        }
        let answers = |m: BoxBox| common::FastAnswers {
            run: m.clone().run(),
            contacts: m.clone().contacts(),
            penetration: m.clone().penetration(),
            intersects: m.intersects(),
        };
        for m in [machine, resumed] {
            prop_assert_eq!(common::fast_answers_match(outcome, answers(m)), Ok(()));
        }
    }

    /// The queries take this path: penetration agrees with the full query.
    #[test]
    fn queries_agree(a in arb_box(), b in arb_box()) {
        let full = query::query(&a, &b);
        if let (true, Some(p)) = (full.intersects, query::penetration(&a, &b)) {
            prop_assert!((p.depth - full.depth).abs() <= 1e-9 * size(&a, &b));
            prop_assert!((p.point_a - p.point_b - p.normal * p.depth).length() <= 1e-9 * size(&a, &b).max(1.0));
        }
    }
}

#[test]
fn b_is_the_reference_when_its_face_is_clearly_shallower() {
    // A thin plank A, tilted 0.5 rad from upright, pokes its lowest corner 0.1 into
    // the top face of a big box B (the corner lies cos 0.5 + 0.1·sin 0.5 below the
    // plank's centre): the way out is across B's top face, depth 0.1; every face of A
    // is deeper.
    let below = 0.5f64.cos() + 0.1 * 0.5f64.sin();
    let a = boxed(
        1.0,
        0.1,
        0.0,
        0.9 + below,
        std::f64::consts::FRAC_PI_2 + 0.5,
    );
    let b = boxed(2.0, 1.0, 0.0, 0.0, 0.0);
    let FaceSeparationOutcome::Contact {
        depth,
        normal,
        reference,
        ..
    } = run(&a, &b)
    else {
        panic!("overlap");
    };
    assert_eq!(reference, Side::B);
    assert!((depth - 0.1).abs() < 1e-12, "{depth}");
    // From A towards B: down.
    assert!((normal + DVec2::Y).length() < 1e-12, "{normal}");
    // The incident face is A's face on the side of −axis 0 (its outward normal most
    // against B's (0, 1)); both its corners lie below B's top face y = 1: the lowest,
    // (sin 0.5 − 0.1·cos 0.5, 0.9), 0.1 deep, and the other 0.2·sin 0.5 higher,
    // (sin 0.5 + 0.1·cos 0.5, 0.9 + 0.2·sin 0.5). A's corners come from A's pose in
    // B's box frame (the inverse of B in A's), so this checks that path against the
    // analytic corners.
    let (s, c) = 0.5f64.sin_cos();
    let expected = [
        (DVec2::new(s - 0.1 * c, 0.9), 0.1),
        (DVec2::new(s + 0.1 * c, 0.9 + 0.2 * s), 0.1 - 0.2 * s),
    ];
    let contacts = query::contacts(&a, &b);
    assert_eq!(contacts.len(), 2, "{contacts:?}");
    for (point, depth) in expected {
        assert!(
            contacts
                .iter()
                .any(|k| (k.point - point).length() < 1e-12 && (k.depth - depth).abs() < 1e-12),
            "expected {point} at depth {depth} among {contacts:?}"
        );
    }
}

#[test]
fn a_gap_on_a_b_axis_stops_there() {
    // B turned 45° beside A's corner: on A's axes B's shadow [0.74, 2.16] overlaps
    // A's [−1, 1]; on B's first axis (1, 1)/√2 the centres are 1.45·√2 = 2.05 apart,
    // A's shadow is √2 wide each way and B's 0.5: a gap of 0.14.
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let b = boxed(0.5, 0.5, 1.45, 1.45, std::f64::consts::FRAC_PI_4);
    let frames = record(BoxBox::for_pair(&a, &b).unwrap());
    let axes = frames
        .iter()
        .filter(|f| matches!(f.event, BoxBoxEvent::Axis { .. }))
        .count();
    assert_eq!(axes, 3, "A's two axes overlap, B's first separates");
    let FaceSeparationOutcome::Separated { face } = run(&a, &b) else {
        panic!("apart");
    };
    assert_eq!(face.edge.shape, Side::B);
    let gap = 1.45 * 2f64.sqrt() - 2f64.sqrt() - 0.5;
    assert!((face.separation - gap).abs() < 1e-12, "{face:?}");
}

#[test]
fn bounding_circles_apart_end_at_the_frame_step() {
    // Two unit squares 3 apart: their circles (radius √2/2 each) are 3 − √2 apart, so
    // no axis is measured — face separation's first line, and its outcome.
    let a = boxed(0.5, 0.5, 0.0, 0.0, 0.0);
    let b = boxed(0.5, 0.5, 3.0, 0.0, 0.7);
    let frames = record(BoxBox::for_pair(&a, &b).unwrap());
    assert_eq!(frames.len(), 2, "the frame step, then the end");
    let BoxBoxEvent::Frame { circles_gap, .. } = frames[0].event else {
        panic!("the frame step first");
    };
    let expected = 3.0 - 2f64.sqrt();
    assert!((circles_gap.expect("apart") - expected).abs() < 1e-12);
    let FaceSeparationOutcome::CirclesApart { gap } = run(&a, &b) else {
        panic!("circles apart");
    };
    assert!((gap - expected).abs() < 1e-12, "{gap}");
    let machine = || BoxBox::for_pair(&a, &b).unwrap();
    assert!(machine().contacts().is_empty());
    assert!(!machine().intersects());
    assert!(machine().penetration().is_none());
    // Overlapping circles (1.4 apart): the axes decide (B's corner reaches A's face).
    let near = boxed(0.5, 0.5, 1.4, 0.0, 0.7);
    let BoxBoxEvent::Frame { circles_gap, .. } =
        record(BoxBox::for_pair(&a, &near).unwrap())[0].event
    else {
        panic!("the frame step first");
    };
    assert_eq!(circles_gap, None);
}

#[test]
fn the_steps_are_the_frame_four_axes_the_reference_and_clipping() {
    let a = boxed(2.0, 1.0, 0.0, 0.0, 0.0);
    let b = boxed(1.0, 0.5, 1.5, 1.4, 0.2);
    let kinds: Vec<&str> = record(BoxBox::for_pair(&a, &b).unwrap())
        .iter()
        .map(|f| match f.event {
            BoxBoxEvent::Frame { .. } => "frame",
            BoxBoxEvent::Axis { .. } => "axis",
            BoxBoxEvent::Reference { .. } => "reference",
            BoxBoxEvent::Clip(_) => "clip",
            BoxBoxEvent::Done { .. } => "done",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "frame",
            "axis",
            "axis",
            "axis",
            "axis",
            "reference",
            "clip",
            "clip",
            "clip",
            "clip",
            "done"
        ]
    );
}

#[test]
fn only_two_rectangles_are_taken() {
    let square = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let triangle = common::polygon(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], (0.0, 0.0), 0.0);
    assert!(BoxBox::for_pair(&square, &triangle).is_none());
    assert!(BoxBox::for_pair(&triangle, &square).is_none());
    assert!(BoxBox::for_pair(&square, &square).is_some());
}

#[test]
fn a_quadrilateral_square_within_the_tolerance_keeps_its_contacts_on_its_boundary() {
    // B is a 2 × 1 rectangle with one corner moved 4e-10 sideways: square to within
    // the rectangle test's 1e-9, so box vs box takes it, and its incident corners
    // come from its box (centre, axes, half-extents), not from its vertices. They
    // must still lie on B's own boundary, and match face separation (which walks the
    // real vertices), to the touching tolerance.
    let delta = 4e-10;
    let near = ConvexPolygon::new(&[
        DVec2::new(-1.0, -0.5),
        DVec2::new(1.0, -0.5),
        DVec2::new(1.0 + delta, 0.5),
        DVec2::new(-1.0, 0.5),
    ])
    .expect("convex");
    assert!(
        near.obb().is_some(),
        "square to within the tolerance: a box"
    );
    let a = boxed(3.0, 1.0, 0.0, 0.0, 0.0);
    let b = Shape::new(
        Geometry::Polygon(near),
        Pose::new(DVec2::new(0.3, 1.45), 0.02),
    );
    let boxes = run(&a, &b);
    let general = FaceSeparation::for_pair(&a, &b).unwrap().run();
    let (
        FaceSeparationOutcome::Contact {
            reference: r1,
            clip: c1,
            ..
        },
        FaceSeparationOutcome::Contact {
            reference: r2,
            clip: c2,
            ..
        },
    ) = (general, boxes)
    else {
        panic!("they overlap: {general:?} / {boxes:?}");
    };
    assert_eq!(r1, r2);
    assert_eq!(
        r2,
        Side::A,
        "A's top face is the reference, B's face the incident one"
    );
    let (p, q): (Vec<_>, Vec<_>) = (
        c1.contacts().iter().collect(),
        c2.contacts().iter().collect(),
    );
    assert_eq!(p.len(), 2, "B's bottom face lies below A's top face: {p:?}");
    assert_eq!(p.len(), q.len(), "{p:?} vs {q:?}");
    let tolerance = 1e-9 * size(&a, &b);
    for (x, y) in p.iter().zip(&q) {
        assert!((x.point - y.point).length() < tolerance, "{p:?} vs {q:?}");
        assert!((x.depth - y.depth).abs() < tolerance, "{p:?} vs {q:?}");
    }
    let incident = if r2 == Side::A { &b } else { &a };
    for c in q {
        assert!(boundary_error(incident, c.point) < tolerance, "{c:?}");
    }
}

/// Box vs box takes B's pose in A's frame from the two rotations alone when both boxes
/// are their polygons' frames (`ConvexPolygon::rectangle`: centred on the local origin,
/// written from the lower left corner counter-clockwise); any other rectangle is
/// placed in the world first. The same rectangle written both ways gives the same
/// answer, to rounding, at every pose of a sweep.
#[test]
fn a_rectangle_in_its_own_frame_gives_the_same_answer_as_one_placed_in_the_world() {
    let aligned = ConvexPolygon::rectangle(1.0, 0.6);
    let corners = aligned.vertices().to_vec();
    let from_corner_2 = ConvexPolygon::new(&[corners[2], corners[3], corners[0], corners[1]])
        .expect("the same rectangle");
    let shifted = ConvexPolygon::new(&corners.iter().map(|&v| v + DVec2::X).collect::<Vec<_>>())
        .expect("a rectangle");
    assert!(aligned.obb_is_aligned());
    assert!(!from_corner_2.obb_is_aligned());
    assert!(!shifted.obb_is_aligned());
    let other = ConvexPolygon::rectangle(0.7, 0.45);
    for k in 0..400 {
        let t = k as f64 / 400.0;
        let pose_a = Pose::new(DVec2::new(0.3, -0.2), 7.0 * t);
        let pose_b = Pose::new(DVec2::from_angle(11.0 * t) * (0.2 + 1.6 * t), -5.0 * t);
        let b = Shape::new(Geometry::Polygon(other.clone()), pose_b);
        let fast = Shape::new(Geometry::Polygon(aligned.clone()), pose_a);
        let placed = Shape::new(Geometry::Polygon(from_corner_2.clone()), pose_a);
        let (p, q) = (run(&fast, &b), run(&placed, &b));
        assert_eq!(p.intersects(), q.intersects(), "pose {k}");
        let (
            FaceSeparationOutcome::Contact {
                depth: d1,
                normal: n1,
                clip: c1,
                ..
            },
            FaceSeparationOutcome::Contact {
                depth: d2,
                normal: n2,
                clip: c2,
                ..
            },
        ) = (p, q)
        else {
            continue;
        };
        assert!(
            (d1 - d2).abs() < 1e-12 && (n1 - n2).length() < 1e-12,
            "pose {k}"
        );
        let (c1, c2): (Vec<_>, Vec<_>) = (
            c1.contacts().iter().collect(),
            c2.contacts().iter().collect(),
        );
        assert_eq!(c1.len(), c2.len(), "pose {k}");
        for (x, y) in c1.iter().zip(&c2) {
            assert!(
                (x.point - y.point).length() < 1e-12,
                "pose {k}: {c1:?} vs {c2:?}"
            );
        }
    }
}
