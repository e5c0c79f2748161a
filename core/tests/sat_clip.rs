//! SAT, the OBB fast path and the contact manifold, against independent references:
//! the brute-force SAT of `common` (every edge normal, both directions), EPA (another
//! algorithm), closed forms for circles, and analytic answers in the named cases.
//!
//! The properties run 100,000 random pairs by default (`GJK_LAB_CASES` changes that).

mod common;

use common::{boundary_error, h, polygon, reference, world_vertices};
use gjk_lab_core::algorithms::answer::{Contact, Side};
use gjk_lab_core::algorithms::clip::{ClipEvent, ClipOutcome};
use gjk_lab_core::algorithms::record;
use gjk_lab_core::algorithms::sat::{AxisSource, NotApplicable, Sat, SatEvent, SatOutcome};
use gjk_lab_core::query::clipping;
use gjk_lab_core::query::{self, query};
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;

/// Polygons, and circles (SAT's closest-vertex axis); no ellipses (SAT does not apply).
fn arb_sat_geometry() -> impl Strategy<Value = Geometry> {
    prop_oneof![
        4 => common::arb_convex_polygon(10, 0.2..2.5, 0.01),
        1 => (0.1f64..2.0).prop_map(|radius| Geometry::Circle(Circle { radius })),
    ]
}

fn place(g: Geometry, x: f64, y: f64, r: f64) -> Shape {
    Shape::new(g, Pose::new(DVec2::new(x, y), r))
}

fn arb_shape_with(geometry: impl Strategy<Value = Geometry>) -> impl Strategy<Value = Shape> {
    (
        geometry,
        -3.0f64..3.0,
        -3.0f64..3.0,
        0.0f64..std::f64::consts::TAU,
    )
        .prop_map(|(g, x, y, r)| place(g, x, y, r))
}

fn arb_polygon_shape() -> impl Strategy<Value = Shape> {
    arb_shape_with(common::arb_convex_polygon(10, 0.2..2.5, 0.01))
}

fn arb_box() -> impl Strategy<Value = Shape> {
    arb_shape_with(
        (0.05f64..2.0, 0.05f64..2.0)
            .prop_map(|(hx, hy)| Geometry::Polygon(ConvexPolygon::rectangle(hx, hy))),
    )
}

fn scale_of(a: &Shape, b: &Shape) -> f64 {
    a.bounding_radius().max(b.bounding_radius())
}

/// All the ways out the brute-force SAT of `common` considers, sorted by length:
/// `(h_{A−B}(±n), ±n)` over every edge normal `n` of both polygons.
fn ways_out(a: &Shape, b: &Shape) -> Vec<(f64, DVec2)> {
    let mut out = Vec::new();
    for poly in [world_vertices(a), world_vertices(b)] {
        for i in 0..poly.len() {
            let e = poly[(i + 1) % poly.len()] - poly[i];
            let n = DVec2::new(e.y, -e.x).normalize();
            out.push((h(a, b, n), n));
            out.push((h(a, b, -n), -n));
        }
    }
    out.sort_by(|x, y| x.0.total_cmp(&y.0));
    out
}

/// Distance from a world point to a shape (0 inside).
fn distance_to(s: &Shape, p: DVec2) -> f64 {
    if s.contains_point(p) {
        0.0
    } else {
        boundary_error(s, p)
    }
}

/// Checks a contact manifold against the pair's penetration, independently of how it
/// was built: 1 or 2 points; each on the boundary of one shape and no farther from the
/// other than its depth (a point `d` below the reference face is `d` from that face);
/// no point deeper than the penetration; and for two polygons the deepest point as
/// deep as the penetration (the reference face is the MTV's face). A clipped point may
/// lie outside the reference shape near an acute corner — clipping's known
/// approximation, Box2D's too — so "inside both" is not required.
fn check_manifold(a: &Shape, b: &Shape, contacts: &[Contact], depth: f64) {
    let t = 1e-8 * scale_of(a, b);
    assert!(
        (1..=2).contains(&contacts.len()),
        "{} contacts",
        contacts.len()
    );
    for c in contacts {
        let on_a = boundary_error(a, c.point) <= t && distance_to(b, c.point) <= c.depth + t;
        let on_b = boundary_error(b, c.point) <= t && distance_to(a, c.point) <= c.depth + t;
        assert!(
            on_a || on_b,
            "{c:?} is not on one shape within its depth of the other"
        );
        assert!(
            c.depth >= 0.0 && c.depth <= depth + t,
            "{c:?} deeper than {depth}"
        );
    }
    let polygons = matches!(a.geometry(), Geometry::Polygon(_))
        && matches!(b.geometry(), Geometry::Polygon(_));
    let deepest = contacts.iter().map(|c| c.depth).fold(0.0, f64::max);
    if polygons {
        assert!(
            (deepest - depth).abs() <= t,
            "deepest {deepest} vs depth {depth}"
        );
    } else {
        assert_eq!(contacts.len(), 1, "a curved shape touches in one point");
        assert!((deepest - depth).abs() <= t);
    }
}

proptest! {
    #![proptest_config(common::proptest_config(100_000))]

    /// SAT against the independent reference and against EPA: the same yes/no; the
    /// same depth; its normal is a true way out (`h(normal) = depth`); and the same
    /// normal as EPA's when the minimum is unique.
    #[test]
    fn sat_agrees_with_epa_and_the_reference(
        a in arb_shape_with(arb_sat_geometry()),
        b in arb_shape_with(arb_sat_geometry()),
    ) {
        let r = reference(&a, &b);
        let scale = scale_of(&a, &b);
        prop_assume!(r.signed.abs() > 1e-6 * scale);
        let t = 1e-8 * scale;
        let sat = Sat::new(&a, &b).run();
        prop_assert_eq!(sat.intersects(), Some(r.signed > 0.0), "{:?}", sat);
        match sat {
            SatOutcome::Overlapping { depth, normal, .. } => {
                let q = query(&a, &b);
                prop_assert!((depth - r.signed).abs() <= t, "SAT {} vs reference {}", depth, r.signed);
                prop_assert!((depth - q.depth).abs() <= t, "SAT {} vs EPA {}", depth, q.depth);
                prop_assert!((h(&a, &b, normal) - depth).abs() <= t, "h(normal) {}", h(&a, &b, normal));
                let polygons = matches!((a.geometry(), b.geometry()), (Geometry::Polygon(_), Geometry::Polygon(_)));
                if polygons {
                    let ways = ways_out(&a, &b);
                    // Unique minimum: the next different way out is clearly longer.
                    let unique = ways.iter().skip(1).all(|w| w.0 - ways[0].0 > 1e-6 * scale || (w.1 - ways[0].1).length() < 1e-9);
                    if unique {
                        let n = q.normal.unwrap();
                        prop_assert!((normal - n).length() < 1e-6, "SAT {} vs EPA {}", normal, n);
                    }
                }
            }
            SatOutcome::Separated { gap, normal, .. } => {
                // The gap along a separating axis is a lower bound on the distance,
                // and that axis really separates: h(−normal)... both projections apart.
                prop_assert!(gap > 0.0 && gap <= -r.signed + t, "gap {} vs distance {}", gap, -r.signed);
                prop_assert!((h(&a, &b, normal) + gap).abs() <= t);
            }
            SatOutcome::NotApplicable { why } => prop_assert!(false, "{:?}", why),
        }
    }

    /// The textbook SAT, step by step, against shadows projected by brute force (every
    /// vertex of both polygons on every axis, in SAT's order: A's edge normals, then
    /// B's): each step's shadows and overlap `min(a₁ − b₀, b₁ − a₀)` are the brute
    /// force's, and SAT stops at the first axis whose shadows have a gap.
    #[test]
    fn sat_steps_are_the_shadows_and_stop_at_the_first_gap(
        a in arb_polygon_shape(),
        b in arb_polygon_shape(),
    ) {
        let (va, vb) = (world_vertices(&a), world_vertices(&b));
        let t = 1e-9 * scale_of(&a, &b).max(1.0) * 10.0;
        let normals: Vec<DVec2> = [&va, &vb]
            .iter()
            .flat_map(|poly| {
                (0..poly.len()).map(|i| {
                    let e = poly[(i + 1) % poly.len()] - poly[i];
                    DVec2::new(e.y, -e.x).normalize()
                })
            })
            .collect();
        let shadow = |poly: &[DVec2], n: DVec2| {
            let dots = poly.iter().map(|p| p.dot(n));
            (dots.clone().fold(f64::INFINITY, f64::min), dots.fold(f64::NEG_INFINITY, f64::max))
        };
        let origin = a.position();
        let frames = record(Sat::new(&a, &b));
        let mut tested = 0;
        for frame in &frames {
            let SatEvent::Axis { test, .. } = frame.event else { continue };
            let n = normals[tested];
            prop_assert!((test.axis - n).length() < 1e-9, "axis {} vs {}", test.axis, n);
            let (a0, a1) = shadow(&va, n);
            let (b0, b1) = shadow(&vb, n);
            let shift = origin.dot(n);
            prop_assert!((test.a.min + shift - a0).abs() <= t && (test.a.max + shift - a1).abs() <= t);
            prop_assert!((test.b.min + shift - b0).abs() <= t && (test.b.max + shift - b1).abs() <= t);
            let overlap = (a1 - b0).min(b1 - a0);
            prop_assert!((test.overlap - overlap).abs() <= t, "overlap {} vs {}", test.overlap, overlap);
            tested += 1;
        }
        // Where the brute force first sees a gap (beyond the touch tolerance), SAT stopped.
        let first_gap = normals.iter().position(|&n| {
            let ((a0, a1), (b0, b1)) = (shadow(&va, n), shadow(&vb, n));
            (a1 - b0).min(b1 - a0) < -1e-6 * scale_of(&a, &b)
        });
        match first_gap {
            Some(k) => prop_assert!(tested <= k + 1, "SAT tested {} axes, the first gap is axis {}", tested, k + 1),
            None => {
                let separated = matches!(
                    frames.last().map(|f| f.event),
                    Some(SatEvent::Done { outcome: SatOutcome::Separated { .. } })
                );
                prop_assert!(tested >= normals.len() || separated, "stopped after {} axes", tested);
            }
        }
    }

    /// The OBB fast path against the general SAT and the reference, on random boxes.
    #[test]
    fn sat_obb_agrees_with_sat_on_boxes(a in arb_box(), b in arb_box()) {
        let r = reference(&a, &b);
        let scale = scale_of(&a, &b);
        prop_assume!(r.signed.abs() > 1e-6 * scale);
        let t = 1e-8 * scale;
        let obb = Sat::obb(&a, &b).run();
        prop_assert_eq!(obb.intersects(), Some(r.signed > 0.0));
        if let Some((depth, normal)) = obb.penetration() {
            prop_assert!((depth - r.signed).abs() <= t, "OBB {} vs {}", depth, r.signed);
            prop_assert!((h(&a, &b, normal) - depth).abs() <= t);
            let (general, _) = Sat::new(&a, &b).run().penetration().unwrap();
            prop_assert!((general - depth).abs() <= t);
        }
    }

    /// Contact manifolds of intersecting pairs (polygons, circles, ellipses) pass the
    /// independent checks of `check_manifold`.
    #[test]
    fn contact_manifolds_lie_in_the_overlap(
        a in arb_shape_with(prop_oneof![
            4 => common::arb_convex_polygon(10, 0.2..2.5, 0.01),
            1 => (0.1f64..2.0).prop_map(|radius| Geometry::Circle(Circle { radius })),
            1 => (0.1f64..2.0, 0.1f64..2.0).prop_map(|(a, b)| Geometry::Ellipse(Ellipse { a, b })),
        ]),
        b in arb_polygon_shape(),
        swap in any::<bool>(),
    ) {
        let (a, b) = if swap { (b, a) } else { (a, b) };
        let r = reference(&a, &b);
        prop_assume!(r.signed > 1e-6 * scale_of(&a, &b));
        let q = query(&a, &b);
        check_manifold(&a, &b, &q.contacts, q.depth);
    }

    /// The stepped clip and the fast query give the same contacts, and the recorded
    /// steps are the documented sequence.
    #[test]
    fn stepped_clip_matches_the_query(a in arb_polygon_shape(), b in arb_polygon_shape()) {
        let q = query(&a, &b);
        let frames = record(clipping(&a, &b));
        let ClipEvent::Done { outcome } = frames.last().unwrap().event else {
            panic!("the last step is Done");
        };
        let stepped: Vec<Contact> = outcome.contacts().iter().collect();
        prop_assert_eq!(&stepped, &q.contacts);
        if q.intersects {
            let kinds: Vec<&str> = frames.iter().map(|f| kind(&f.event)).collect();
            prop_assert_eq!(kinds, vec!["reference_edge", "incident_edge", "clip", "clip", "keep_below", "done"]);
        } else {
            prop_assert_eq!(frames.len(), 1);
        }
    }
}

fn kind(e: &ClipEvent) -> &'static str {
    match e {
        ClipEvent::ReferenceEdge { .. } => "reference_edge",
        ClipEvent::IncidentEdge { .. } => "incident_edge",
        ClipEvent::Clip { .. } => "clip",
        ClipEvent::KeepBelow { .. } => "keep_below",
        ClipEvent::CurvedContact { .. } => "curved_contact",
        ClipEvent::RoundContact { .. } => "round_contact",
        ClipEvent::Done { .. } => "done",
    }
}

/// A 6 × 1 box centred on the origin: the ground of the contact tests.
fn ground() -> Shape {
    place(
        Geometry::Polygon(ConvexPolygon::rectangle(3.0, 0.5)),
        0.0,
        0.0,
        0.0,
    )
}

fn square(half: f64, x: f64, y: f64, rotation: f64) -> Shape {
    place(
        Geometry::Polygon(ConvexPolygon::rectangle(half, half)),
        x,
        y,
        rotation,
    )
}

fn sorted_points(contacts: &[Contact]) -> Vec<(f64, f64, f64)> {
    let mut v: Vec<_> = contacts
        .iter()
        .map(|c| (c.point.x, c.point.y, c.depth))
        .collect();
    v.sort_by(|p, q| p.0.total_cmp(&q.0));
    v
}

fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "{actual} vs expected {expected}"
    );
}

/// A box resting on a wider box, sunk 0.1: two contacts, at the upper box's bottom
/// corners, each 0.1 deep.
#[test]
fn box_stack_gives_two_contacts_at_the_corners() {
    let ground = ground();
    let top = square(0.5, 0.7, 0.9, 0.0);
    let q = query(&ground, &top);
    assert_close(q.depth, 0.1);
    let pts = sorted_points(&q.contacts);
    assert_eq!(pts.len(), 2, "{pts:?}");
    for (p, x) in pts.iter().zip([0.2, 1.2]) {
        assert_close(p.0, x);
        assert_close(p.1, 0.4);
        assert_close(p.2, 0.1);
    }
}

/// A diamond's lowest vertex poking 0.25 into a box's top edge: one contact, the vertex.
#[test]
fn vertex_contact_gives_one_point() {
    let ground = ground();
    let diamond = square(
        0.5,
        0.3,
        0.25 + 0.5 * 2f64.sqrt(),
        std::f64::consts::FRAC_PI_4,
    );
    for (a, b) in [(&ground, &diamond), (&diamond, &ground)] {
        let q = query(a, b);
        assert_close(q.depth, 0.25);
        assert_eq!(q.contacts.len(), 1, "{:?}", q.contacts);
        let c = q.contacts[0];
        assert!((c.point - DVec2::new(0.3, 0.25)).length() < 1e-12, "{c:?}");
        assert_close(c.depth, 0.25);
    }
}

/// A small box inside a big one: the way out is up through the nearest face, and the
/// small box's far edge gives two contacts as deep as that.
#[test]
fn containment_gives_the_way_out_and_two_contacts() {
    let big = square(2.0, 0.0, 0.0, 0.0);
    let small = place(
        Geometry::Polygon(ConvexPolygon::rectangle(0.3, 0.2)),
        0.5,
        1.2,
        0.0,
    );
    let q = query(&big, &small);
    // Out through the top: 2 − (1.2 − 0.2) = 1.0.
    assert_close(q.depth, 1.0);
    assert!((q.normal.unwrap() - DVec2::Y).length() < 1e-12);
    let pts = sorted_points(&q.contacts);
    assert_eq!(pts.len(), 2);
    for (p, x) in pts.iter().zip([0.2, 0.8]) {
        assert_close(p.0, x);
        assert_close(p.1, 1.0);
        assert_close(p.2, 1.0);
    }
    // SAT agrees, and its MTV points the way it measured, not towards a centroid.
    let (depth, normal) = Sat::new(&big, &small).run().penetration().unwrap();
    assert_close(depth, 1.0);
    assert!((normal - DVec2::Y).length() < 1e-12);
}

/// Seed 004 turns the MTV towards B's centre. Here B's centre lies to the right of A's,
/// yet the shortest way out pushes B down through A's bottom face: a thin wide box
/// inside a tall box, low and a little to the right.
#[test]
fn sat_direction_is_the_measured_one_not_the_centroid_direction() {
    let tall = place(
        Geometry::Polygon(ConvexPolygon::rectangle(1.0, 3.0)),
        0.0,
        0.0,
        0.0,
    );
    let low = place(
        Geometry::Polygon(ConvexPolygon::rectangle(0.8, 0.1)),
        0.1,
        -2.8,
        0.0,
    );
    let (depth, normal) = Sat::new(&tall, &low).run().penetration().unwrap();
    // Down: −3 − (−2.8 + 0.1)... B's top is at −2.7, A's bottom at −3: 0.3 to move.
    assert_close(depth, 0.3);
    assert!((normal - DVec2::NEG_Y).length() < 1e-12, "{normal}");
    assert!((h(&tall, &low, normal) - depth).abs() < 1e-12);
}

/// Two identical boxes, edges parallel, overlapping: every pair of opposite axes ties.
/// The answer is always A's first axis with the smallest overlap, whatever the
/// rounding, and the contact's reference edge is A's.
#[test]
fn parallel_edge_ties_are_deterministic() {
    for k in 0..200 {
        let dx = 1.5 + 1e-3 * k as f64;
        let a = square(1.0, 0.0, 0.0, 0.0);
        let b = square(1.0, dx, 0.0, 0.0);
        let outcome = Sat::new(&a, &b).run();
        let SatOutcome::Overlapping { source, normal, .. } = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(
            source,
            AxisSource::Edge {
                shape: Side::A,
                edge: 1
            }
        );
        assert_eq!(normal, DVec2::X);
        let frames = record(clipping(&a, &b));
        let ClipEvent::ReferenceEdge { reference, .. } = frames[0].event else {
            panic!()
        };
        assert_eq!(reference, Side::A, "frame {k}");
    }
}

/// Dragging a box slowly across another (parallel edges): the reference edge never
/// changes sides and there are always two contacts, no flip-flop between frames.
#[test]
fn slow_drag_over_parallel_edges_does_not_flip_flop() {
    let ground = ground();
    let mut sides = Vec::new();
    for k in 0..500 {
        let x = -1.5 + 3.0 * k as f64 / 499.0;
        let top = square(0.5, x, 0.97 + 1e-13 * (k % 7) as f64, 0.0);
        let frames = record(clipping(&ground, &top));
        let ClipEvent::ReferenceEdge { reference, .. } = frames[0].event else {
            panic!()
        };
        sides.push(reference);
        let ClipEvent::Done { outcome } = frames.last().unwrap().event else {
            panic!()
        };
        assert_eq!(outcome.contacts().len(), 2, "frame {k}: {outcome:?}");
    }
    assert!(sides.iter().all(|&s| s == sides[0]), "{sides:?}");
}

/// A circle over a box's corner: SAT needs the closest-vertex axis; the depth is the
/// closed form `r − |c − corner|` and the contact is the circle's deepest point.
#[test]
fn circle_near_a_corner_uses_the_closest_vertex_axis() {
    let b = square(1.0, 0.0, 0.0, 0.0);
    let c = place(Geometry::Circle(Circle { radius: 0.5 }), 1.3, 1.3, 0.0);
    let expected = 0.5 - 0.3 * 2f64.sqrt();
    let outcome = Sat::new(&b, &c).run();
    let SatOutcome::Overlapping {
        depth,
        normal,
        source,
        ..
    } = outcome
    else {
        panic!("{outcome:?}")
    };
    assert_eq!(
        source,
        AxisSource::ClosestVertex {
            shape: Side::A,
            vertex: 2
        }
    );
    assert_close(depth, expected);
    assert!((normal - DVec2::ONE.normalize()).length() < 1e-12);
    let q = query(&b, &c);
    assert_eq!(q.contacts.len(), 1);
    let deepest = DVec2::splat(1.3) - DVec2::ONE.normalize() * 0.5;
    assert!((q.contacts[0].point - deepest).length() < 1e-9);
    assert!((q.contacts[0].depth - expected).abs() < 1e-9);
}

/// Two circles, and two circles with the same centre (any axis; depth r₁ + r₂).
#[test]
fn two_circles() {
    let a = place(Geometry::Circle(Circle { radius: 1.0 }), 0.0, 0.0, 0.0);
    let b = place(Geometry::Circle(Circle { radius: 0.5 }), 1.2, 0.0, 0.0);
    let (depth, normal) = Sat::new(&a, &b).run().penetration().unwrap();
    assert_close(depth, 0.3);
    assert_eq!(normal, DVec2::X);
    let same = place(Geometry::Circle(Circle { radius: 0.5 }), 0.0, 0.0, 0.0);
    let (depth, _) = Sat::new(&a, &same).run().penetration().unwrap();
    assert_close(depth, 1.5);
}

/// An ellipse: SAT says it does not apply (and which shape), never a wrong answer.
#[test]
fn sat_does_not_apply_to_ellipses() {
    let e = place(Geometry::Ellipse(Ellipse { a: 1.0, b: 0.5 }), 0.0, 0.0, 0.3);
    let s = square(1.0, 0.5, 0.0, 0.0);
    assert_eq!(
        Sat::new(&s, &e).run(),
        SatOutcome::NotApplicable {
            why: NotApplicable::Curved { shape: Side::B }
        }
    );
    assert!(query::sat(&e, &s).intersects().is_none());
    let frames = record(Sat::new(&e, &s));
    assert_eq!(frames.len(), 1, "it ends at once, saying why");
}

/// The OBB path needs two rectangles; a square-looking but slanted quadrilateral is
/// not one.
#[test]
fn obb_needs_two_rectangles() {
    let a = square(1.0, 0.0, 0.0, 0.3);
    let rhombus = polygon(
        &[(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-0.9, 0.0)],
        (0.5, 0.0),
        0.0,
    );
    assert_eq!(
        Sat::obb(&a, &rhombus).run(),
        SatOutcome::NotApplicable {
            why: NotApplicable::NotABox { shape: Side::B }
        }
    );
    let circle = place(Geometry::Circle(Circle { radius: 1.0 }), 0.0, 0.0, 0.0);
    assert!(Sat::obb(&circle, &a).run().intersects().is_none());
}

/// Touching counts as intersecting, for SAT and for the OBB path (seed 004's OBB code
/// calls touching boxes separated).
#[test]
fn touching_boxes_intersect_with_zero_depth() {
    let a = square(1.0, 0.0, 0.0, 0.0);
    let b = square(1.0, 2.0, 0.5, 0.0);
    for outcome in [Sat::new(&a, &b).run(), Sat::obb(&a, &b).run()] {
        let (depth, normal) = outcome.penetration().expect("touching intersects");
        assert_eq!(depth, 0.0);
        assert_eq!(normal, DVec2::X);
    }
    let q = query(&a, &b);
    assert_eq!(q.contacts.len(), 2);
    assert!(q.contacts.iter().all(|c| c.depth == 0.0));
}

/// SAT stops at the first separating axis and reports the gap along it.
#[test]
fn sat_stops_at_the_first_separating_axis() {
    let a = square(1.0, 0.0, 0.0, 0.0);
    let b = square(1.0, 5.0, 0.0, 0.0);
    let frames = record(Sat::new(&a, &b));
    // A's edges: 0 (bottom, −y) overlaps, 1 (right, +x) separates; then Done.
    assert_eq!(frames.len(), 3);
    let SatOutcome::Separated {
        gap,
        normal,
        axes_tested,
        ..
    } = Sat::new(&a, &b).run()
    else {
        panic!()
    };
    assert_close(gap, 3.0);
    assert_eq!(normal, DVec2::X);
    assert_eq!(axes_tested, 2);
}

/// Far from the origin and tiny: the manifold keeps its precision.
#[test]
fn far_away_manifold_keeps_precision() {
    let far = 1e6;
    let ground = place(
        Geometry::Polygon(ConvexPolygon::rectangle(3e-3, 5e-4)),
        far,
        -far,
        0.0,
    );
    let top = square(5e-4, far + 7e-4, -far + 9e-4, 0.0);
    let q = query(&ground, &top);
    // Positions of 1e6 are rounded to about 1e-10.
    assert!((q.depth - 1e-4).abs() < 1e-9, "{}", q.depth);
    let pts = sorted_points(&q.contacts);
    assert_eq!(pts.len(), 2);
    assert!((pts[0].0 - (far + 2e-4)).abs() < 1e-9);
    assert!((pts[1].0 - (far + 1.2e-3)).abs() < 1e-9);
}

/// Separated pairs have no contacts, and the clip machine says why.
#[test]
fn separated_pairs_have_no_contacts() {
    let a = square(1.0, 0.0, 0.0, 0.0);
    let b = square(1.0, 3.0, 0.0, 0.0);
    assert!(query(&a, &b).contacts.is_empty());
    let outcome = clipping(&a, &b).run();
    assert!(
        matches!(outcome, ClipOutcome::NotIntersecting { distance } if (distance - 1.0).abs() < 1e-12)
    );
}

/// A fuzz finding: two polygons 1.8e9 across, overlapping by 905.74 along y (B's
/// bottom vertices reach below A's top face). On A's first axis, A's bottom face and
/// the two vertices beside it project within 3e-9 of each other, far below rounding
/// at this size, and the shadow walk stopped on that flat bottom as if it were the
/// top: SAT reported a gap of 1.8e9. A walk that ends on a tie compares every vertex.
#[test]
fn a_flat_bottom_within_rounding_is_not_taken_for_the_top() {
    let a = polygon(
        &[
            (-1799999237.06057, -1800000000.01382),
            (4.667261458398647e-62, -1800000000.0065384),
            (4.667261458398647e-62, 4.667261458398647e-62),
            (-1800000000.01382, 4.667261458398686e-62),
            (-1800000000.01382, -1800000000.0065484),
            (-1800000000.0030808, -1800000000.01382),
        ],
        (8.095e-320, -1800000000.0138206),
        2.42744e-319,
    );
    let b = polygon(
        &[
            (1.640991965669284e-308, -1750000000.0),
            (-1750000001.5250406, -1800000905.7112036),
            (5.305248506e-315, -1800000905.75777),
        ],
        (1.5908751644e-314, 4.619593708312142e-62),
        4.800852227119014e-62,
    );
    // B's lowest vertex is 905.74 below A's top face (y = −1800000000.0138); SAT
    // keeps the first of axes whose overlaps agree within its depth tolerance
    // (1e-10 of the size: 0.25 here), and A's edge 0, tilted 4e-12 from the top
    // face's normal, measures 905.75 on it.
    let expected = 1800000905.75777 - 1800000000.0138206;
    let tolerance = 1e-10 * a.bounding_radius().max(b.bounding_radius());
    for (first, second, flip) in [(&a, &b, 1.0), (&b, &a, -1.0)] {
        let (depth, normal) = Sat::new(first, second)
            .run()
            .penetration()
            .expect("they overlap");
        assert!(
            (depth - expected).abs() <= tolerance,
            "depth {depth} vs {expected}"
        );
        assert!((normal - DVec2::Y * flip).length() < 1e-9, "{normal:?}");
    }
    gjk_lab_core::invariants::check_pair(&a, &b).expect("every method agrees");
}
