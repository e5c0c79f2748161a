//! Face separation (`algorithms::face_separation`), the path polygon penetration and
//! manifolds now take, against independent references:
//!
//! - the brute-force SAT of `common` (every edge normal of both polygons, both
//!   directions, support values by scanning world vertices): the exact depth of two
//!   convex polygons, and whether they intersect;
//! - the definition of the normal: `h_{A−B}(normal) = depth` (B moved by
//!   `depth·normal` touches A);
//! - EPA + clipping, the path these pairs took before (another algorithm), for the
//!   contact points when the collision normal is unambiguous;
//! - analytic answers in the named cases (for two rectangles, box against box's
//!   answers too; `tests/box_box.rs` has its own properties).
//!
//! Property cases: `GJK_LAB_CASES` (100,000 by default).

mod common;

use common::{boundary_error, h, polygon, sat};
use gjk_lab_core::algorithms::answer::Side;
use gjk_lab_core::algorithms::box_box::BoxBox;
use gjk_lab_core::algorithms::face_separation::{
    FaceSeparation, FaceSeparationEvent, FaceSeparationOutcome,
};
use gjk_lab_core::algorithms::{record, StepMachine};
use gjk_lab_core::query;
use gjk_lab_core::query::clipping;
use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;

fn arb_polygon() -> impl Strategy<Value = Shape> {
    (
        common::arb_convex_polygon(12, 0.2..2.5, 0.01),
        -2.5f64..2.5,
        -2.5f64..2.5,
        0.0f64..std::f64::consts::TAU,
    )
        .prop_map(|(g, x, y, r)| Shape::new(g, Pose::new(DVec2::new(x, y), r)))
}

fn boxed(hx: f64, hy: f64, x: f64, y: f64, rotation: f64) -> Shape {
    Shape::new(
        Geometry::Polygon(ConvexPolygon::rectangle(hx, hy)),
        Pose::new(DVec2::new(x, y), rotation),
    )
}

fn run(a: &Shape, b: &Shape) -> FaceSeparationOutcome {
    FaceSeparation::for_pair(a, b)
        .expect("two convex polygons")
        .run()
}

/// Face separation's outcome and, for two rectangles, box against box's: the named
/// cases hold for both (the same method, the box's in closed form).
fn outcomes(a: &Shape, b: &Shape) -> Vec<FaceSeparationOutcome> {
    let mut all = vec![run(a, b)];
    all.extend(BoxBox::for_pair(a, b).map(|m| m.run()));
    all
}

/// The pair's size, for tolerances.
fn size(a: &Shape, b: &Shape) -> f64 {
    a.bounding_radius().max(b.bounding_radius())
}

proptest! {
    #![proptest_config(common::proptest_config(100_000))]

    /// Intersects exactly when the brute-force SAT finds no gap; the depth is SAT's
    /// minimum overlap; the normal's support value is the depth (moving B by
    /// depth·normal leaves the shapes touching).
    #[test]
    fn depth_and_normal_match_brute_force_sat(a in arb_polygon(), b in arb_polygon()) {
        let reference = sat(&a, &b).signed;
        let tol = 1e-9 * size(&a, &b);
        // The intersection query takes this path too (its face steps alone).
        if reference.abs() > tol {
            prop_assert_eq!(query::intersects(&a, &b), reference > 0.0, "SAT {}", reference);
        }
        match run(&a, &b) {
            FaceSeparationOutcome::Separated { face } => {
                prop_assert!(reference <= tol, "separated by {face:?}, SAT depth {reference}");
                // A positive separation is a lower bound on the distance.
                prop_assert!(face.separation <= -reference + tol);
            }
            FaceSeparationOutcome::CirclesApart { gap } => {
                prop_assert!(reference < 0.0, "circles {gap} apart, SAT depth {reference}");
                // The circles' gap is a lower bound on the distance too (SAT's gap is
                // one: the distance is at least the larger of the two).
                prop_assert!(gap > 0.0);
                let d = query::distance(&a, &b).distance;
                prop_assert!(gap <= d + tol, "{gap} vs {d}");
            }
            FaceSeparationOutcome::Contact { depth, normal, .. } => {
                prop_assert!(reference >= -tol, "intersects, SAT gap {}", -reference);
                prop_assert!((depth - reference.max(0.0)).abs() <= tol,
                    "depth {depth}, SAT {reference}");
                prop_assert!((normal.length() - 1.0).abs() < 1e-12);
                prop_assert!((h(&a, &b, normal) - depth).abs() <= tol,
                    "h(n) = {}, depth {depth}", h(&a, &b, normal));
            }
        }
    }

    /// The contact points lie on the incident polygon's boundary, within the
    /// reference polygon's reach; the deepest has the penetration depth; and each
    /// point's depth is its distance below the reference face.
    #[test]
    fn contacts_lie_on_the_incident_polygon_at_their_depths(
        a in arb_polygon(), b in arb_polygon()
    ) {
        let tol = 1e-9 * size(&a, &b);
        let FaceSeparationOutcome::Contact { depth, normal, reference, clip, .. } = run(&a, &b)
        else {
            return Ok(());
        };
        let contacts = clip.contacts();
        prop_assert!(!contacts.is_empty());
        let (incident, reference_shape) = match reference {
            Side::A => (&b, &a),
            Side::B => (&a, &b),
        };
        let mut deepest: f64 = 0.0;
        for c in contacts.iter() {
            prop_assert!(boundary_error(incident, c.point) <= 1e-9 * size(&a, &b).max(1.0),
                "{c:?} off the incident polygon");
            prop_assert!(c.depth >= 0.0 && c.depth <= depth + tol, "{c:?}, depth {depth}");
            // The point moved out along the normal by its depth is on or outside the
            // reference polygon's supporting line.
            let face = if reference == Side::A { normal } else { -normal };
            let reach = common::support_value(reference_shape, face);
            let moved = match reference {
                Side::A => c.point + normal * c.depth,
                Side::B => c.point - normal * c.depth,
            };
            prop_assert!((moved.dot(face) - reach).abs() <= tol.max(1e-9),
                "{c:?} moved by its depth is not on the reference face");
            deepest = deepest.max(c.depth);
        }
        prop_assert!((deepest - depth).abs() <= tol.max(1e-9), "deepest {deepest}, depth {depth}");
    }

    /// Where EPA's normal is the face separation's (one face is clearly the nearest),
    /// the contacts are those EPA + clipping finds, point for point.
    #[test]
    fn contacts_agree_with_epa_and_clipping(a in arb_polygon(), b in arb_polygon()) {
        let FaceSeparationOutcome::Contact { normal, clip, .. } = run(&a, &b) else {
            return Ok(());
        };
        let old = clipping(&a, &b);
        prop_assume!((old.normal() - normal).length() < 1e-6);
        let theirs: Vec<_> = old.run().contacts().iter().collect();
        let ours: Vec<_> = clip.contacts().iter().collect();
        prop_assert_eq!(ours.len(), theirs.len(), "{:?} vs {:?}", ours, theirs);
        for (p, q) in ours.iter().zip(&theirs) {
            prop_assert!((p.point - q.point).length() < 1e-6 * size(&a, &b).max(1.0),
                "{ours:?} vs {theirs:?}");
        }
    }

    /// The fast paths (`run`, `intersects`, `contacts`, `penetration`) call the same steps as the
    /// watched run without `advance`'s dispatch: their answers are the watched run's,
    /// bit for bit — also after a few steps watched, then the rest unwatched.
    #[test]
    fn fast_paths_give_the_watched_runs_answer(
        a in arb_polygon(),
        b in arb_polygon(),
        watched in 0usize..24,
    ) {
        let machine = FaceSeparation::for_pair(&a, &b).expect("two convex polygons");
        let frames = record(machine.clone());
        let FaceSeparationEvent::Done { outcome } = frames.last().expect("steps").event else {
            panic!("the last step is Done");
        };
        let mut resumed = machine.clone();
        for _ in 0..watched {
            resumed.step();
        }
        let answers = |m: FaceSeparation| common::FastAnswers {
            run: m.clone().run(),
            contacts: m.clone().contacts(),
            penetration: m.clone().penetration(),
            intersects: m.intersects(),
        };
        for m in [machine, resumed] {
            prop_assert_eq!(common::fast_answers_match(outcome, answers(m)), Ok(()));
        }
    }

    /// The query functions take this path and agree with each other.
    #[test]
    fn queries_agree(a in arb_polygon(), b in arb_polygon()) {
        let full = query::query(&a, &b);
        let tol = 1e-9 * size(&a, &b);
        if let Some(p) = query::penetration(&a, &b) {
            if full.intersects {
                prop_assert!((p.depth - full.depth).abs() <= tol);
                prop_assert!((p.point_a - p.point_b - p.normal * p.depth).length() <= tol.max(1e-12));
            }
        }
        if full.intersects {
            prop_assert_eq!(query::contacts(&a, &b).len(), full.contacts.len());
        }
    }
}

#[test]
fn a_box_resting_on_a_box_touches_in_two_points_on_the_reference_face() {
    // B (2 × 1) sits 0.1 into A (4 × 2) from above, shifted right: A's top face is the
    // reference, B's bottom edge is clipped to x ∈ [0.5, 2].
    let a = boxed(2.0, 1.0, 0.0, 0.0, 0.0);
    let b = boxed(1.0, 0.5, 1.5, 1.4, 0.0);
    let all = outcomes(&a, &b);
    assert_eq!(all.len(), 2, "face separation and box against box");
    for outcome in all {
        let FaceSeparationOutcome::Contact {
            depth,
            normal,
            reference,
            face,
            clip,
        } = outcome
        else {
            panic!("they overlap");
        };
        assert!((depth - 0.1).abs() < 1e-12);
        assert!((normal - DVec2::Y).length() < 1e-12);
        assert_eq!((reference, face), (Side::A, 2), "A's top face, edge 2");
        let mut points: Vec<DVec2> = clip.contacts().iter().map(|c| c.point).collect();
        points.sort_by(|p, q| p.x.total_cmp(&q.x));
        assert_eq!(points.len(), 2);
        assert!(
            (points[0] - DVec2::new(0.5, 0.9)).length() < 1e-12,
            "{points:?}"
        );
        assert!(
            (points[1] - DVec2::new(2.0, 0.9)).length() < 1e-12,
            "{points:?}"
        );
    }
}

#[test]
fn a_corner_into_a_face_gives_one_point() {
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    // A square turned 45°, its lowest corner 0.2 below A's top face.
    let half_diagonal = 0.5f64.sqrt();
    let b = boxed(
        0.5,
        0.5,
        0.1,
        0.8 + half_diagonal,
        std::f64::consts::FRAC_PI_4,
    );
    for outcome in outcomes(&a, &b) {
        let contacts: Vec<_> = outcome.contacts().iter().collect();
        assert_eq!(contacts.len(), 1, "{contacts:?}");
        assert!((contacts[0].point - DVec2::new(0.1, 0.8)).length() < 1e-12);
        assert!((contacts[0].depth - 0.2).abs() < 1e-12);
    }
}

#[test]
fn a_vertex_to_vertex_gap_is_separated_by_a_face_with_a_smaller_separation() {
    // A wide and a tall rectangle corner to corner, 0.2 apart along each axis (their
    // bounding circles overlap): the distance is 0.2·√2 and every face's separation
    // is at most 0.2.
    let a = boxed(1.0, 0.1, 0.0, 0.0, 0.0);
    let b = boxed(0.1, 1.0, 1.3, 1.3, 0.0);
    let FaceSeparationOutcome::Separated { face } = run(&a, &b) else {
        panic!("apart");
    };
    assert!((face.separation - 0.2).abs() < 1e-12, "{face:?}");
    assert_eq!(face.edge.shape, Side::A, "A's faces are tested first");
}

/// Bounding circles apart: separated with no face measured, the circles' gap a lower
/// bound on the distance (two unit squares 3 apart: circles of radius √2/2, gap
/// 3 − √2; distance 2).
#[test]
fn bounding_circles_apart_separate_without_a_face() {
    let a = boxed(0.5, 0.5, 0.0, 0.0, 0.0);
    let b = boxed(0.5, 0.5, 3.0, 0.0, 0.7);
    let FaceSeparationOutcome::CirclesApart { gap } = run(&a, &b) else {
        panic!("circles apart");
    };
    assert!((gap - (3.0 - 2f64.sqrt())).abs() < 1e-12, "{gap}");
    assert!(query::contacts(&a, &b).is_empty());
    assert!(query::penetration(&a, &b).is_none());
    // Just overlapping circles: the faces decide.
    let near = boxed(0.5, 0.5, 1.4, 0.0, 0.7);
    assert!(matches!(
        run(&a, &near),
        FaceSeparationOutcome::Separated { .. }
    ));
}

#[test]
fn touching_faces_intersect_at_depth_zero() {
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let b = boxed(1.0, 1.0, 2.0, 0.5, 0.0);
    for outcome in outcomes(&a, &b) {
        let FaceSeparationOutcome::Contact { depth, clip, .. } = outcome else {
            panic!("touching counts as intersecting");
        };
        assert_eq!(depth, 0.0);
        assert_eq!(clip.contacts().len(), 2);
    }
}

#[test]
fn parallel_faces_keep_a_as_the_reference_both_ways_round() {
    // Equal boxes stacked: both best faces have the same separation; A's wins (no
    // flip-flop), whichever shape is A.
    let low = boxed(1.0, 0.5, 0.0, 0.0, 0.0);
    let high = boxed(1.0, 0.5, 0.3, 0.9, 0.0);
    for (a, b) in [(&low, &high), (&high, &low)] {
        for outcome in outcomes(a, b) {
            let FaceSeparationOutcome::Contact { reference, .. } = outcome else {
                panic!("overlap");
            };
            assert_eq!(reference, Side::A);
        }
    }
}

#[test]
fn a_polygon_inside_another_is_pushed_out_across_the_nearest_face() {
    let a = boxed(3.0, 2.0, 0.0, 0.0, 0.0);
    let b = polygon(&[(-0.2, -0.2), (0.2, -0.2), (0.0, 0.3)], (2.5, 0.0), 0.0);
    let FaceSeparationOutcome::Contact {
        depth,
        normal,
        clip,
        ..
    } = run(&a, &b)
    else {
        panic!("contained");
    };
    // The way out is across A's right face (x = 3), nearest to B: B's leftmost
    // point (x = 2.3) must get past it, depth 3 − 2.3 = 0.7 along +x.
    assert!((depth - 0.7).abs() < 1e-12, "{depth}");
    assert!((normal - DVec2::X).length() < 1e-12);
    assert!(!clip.contacts().is_empty());
}

#[test]
fn the_same_square_twice_is_answered() {
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let FaceSeparationOutcome::Contact { depth, normal, .. } = run(&a, &a) else {
        panic!("overlap");
    };
    assert!((depth - 2.0).abs() < 1e-12);
    assert!((normal.length() - 1.0).abs() < 1e-12);
}

#[test]
fn far_from_the_origin_the_answer_keeps_its_digits() {
    let offset = DVec2::new(1e7, -3e7);
    let a = boxed(2.0, 1.0, offset.x, offset.y, 0.3);
    let b = boxed(1.0, 0.5, offset.x + 0.5, offset.y + 1.2, 0.3);
    let near = run(
        &boxed(2.0, 1.0, 0.0, 0.0, 0.3),
        &boxed(1.0, 0.5, 0.5, 1.2, 0.3),
    );
    let far = run(&a, &b);
    let (
        FaceSeparationOutcome::Contact { depth: d1, .. },
        FaceSeparationOutcome::Contact { depth: d2, .. },
    ) = (near, far)
    else {
        panic!("both overlap");
    };
    assert!((d1 - d2).abs() < 1e-8, "{d1} vs {d2}");
}

#[test]
fn the_steps_are_the_frame_every_face_the_reference_and_clipping() {
    let a = boxed(2.0, 1.0, 0.0, 0.0, 0.0);
    let b = boxed(1.0, 0.5, 1.5, 1.4, 0.0);
    let frames = record(FaceSeparation::for_pair(&a, &b).unwrap());
    let kinds: Vec<&str> = frames
        .iter()
        .map(|f| match f.event {
            FaceSeparationEvent::Frame { .. } => "frame",
            FaceSeparationEvent::Face { .. } => "face",
            FaceSeparationEvent::Reference { .. } => "reference",
            FaceSeparationEvent::Clip(_) => "clip",
            FaceSeparationEvent::Done { .. } => "done",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "frame",
            "face",
            "face",
            "face",
            "face",
            "face",
            "face",
            "face",
            "face",
            "reference",
            "clip",
            "clip",
            "clip",
            "clip",
            "done"
        ]
    );
    // A separated pair stops at the first face with a gap.
    let far = boxed(1.0, 0.5, 0.0, 3.0, 0.0);
    let frames = record(FaceSeparation::for_pair(&a, &far).unwrap());
    assert_eq!(
        frames.len(),
        1 + 3 + 1,
        "frame, faces 0, 1, 2 (the gap), done"
    );
}

#[test]
fn only_two_convex_polygons_are_taken() {
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let c = Shape::new(
        Geometry::Circle(gjk_lab_core::shapes::Circle { radius: 1.0 }),
        Pose::new(DVec2::ZERO, 0.0),
    );
    assert!(FaceSeparation::for_pair(&a, &c).is_none());
    assert!(FaceSeparation::for_pair(&c, &a).is_none());
}

/// A fuzz finding: B a sliver whose two vertices lie 6e-17 apart (an edge 4e-12 of its
/// size), A a sliver 1.85 long. For A's face 1 the two are exactly as deep as each
/// other, and the walk from the last face's deepest vertex stopped on the tie; the
/// deepest lay beyond it. For face 2 the walk then started there and called the face
/// separating by 2.9e-7 where B reaches 1.4e-7 behind it. The walk now crosses ties
/// within rounding: face separation gives the brute-force depth, and polygon distance
/// says they intersect.
#[test]
fn a_tie_a_hair_wide_does_not_stop_the_walk() {
    use gjk_lab_core::algorithms::polygon_distance::PolygonDistance;
    let shape = |v: &[DVec2], p: DVec2| {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::new(v).unwrap()),
            Pose::new(p, 0.0),
        )
    };
    let a = shape(
        &[
            DVec2::new(0.0, 7.291122019556398e-304),
            DVec2::new(1.8500000029802321, 1.4627450986678013e-5),
            DVec2::new(1.5252450980392157e-5, 1.4627450980392157e-5),
        ],
        DVec2::new(1.4627450980392152e-5, 5.38986930956e-312),
    );
    let b = shape(
        &[
            DVec2::new(6.0461274e-317, 0.0),
            DVec2::new(1.4627450980392157e-5, 1.4627450980392157e-5),
            DVec2::new(1.462745098033338e-5, 1.4627450980392157e-5),
        ],
        DVec2::new(1.4830882352941177e-5, 1.547808653e-314),
    );
    let expected = common::reference(&a, &b).signed;
    assert!(expected > 1e-7);
    for (x, y) in [(&a, &b), (&b, &a)] {
        let depth = FaceSeparation::for_pair(x, y)
            .unwrap()
            .penetration()
            .map(|p| p.depth);
        assert!(
            depth.is_some_and(|d| (d - expected).abs() < 1e-18),
            "{depth:?} vs {expected}"
        );
        assert!(PolygonDistance::for_pair(x, y).unwrap().run().intersects);
    }
    let invariant = gjk_lab_core::invariants::check_pair(&a, &b);
    assert!(invariant.is_ok(), "{invariant:?}");
}
