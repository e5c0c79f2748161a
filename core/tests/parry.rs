//! gjk-lab against parry2d-f64 (0.31, pinned by Cargo.lock), side by side: a third,
//! independent implementation. On random polygon, circle, capsule and rounded-polygon
//! pairs the two agree on
//! intersection, distance and depth, and on polygon pairs on the contact manifold; on the degenerate start of seed 004 (identical
//! squares at the same pose) parry's generic polygon path reports no depth at all,
//! and gjk-lab the true one.

mod common;

use gjk_lab_core::query::query;
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use parry2d_f64::math::{Pose as PPose, Vector as PVec};
use parry2d_f64::query as pq;
use parry2d_f64::shape::{
    Ball, Capsule as PCapsule, ConvexPolygon as PPolygon, RoundShape, Shape as PShape,
};
use proptest::prelude::*;

/// The same shape for parry.
fn to_parry(s: &Shape) -> (PPose, Box<dyn PShape>) {
    let pose = PPose::new(PVec::new(s.position().x, s.position().y), s.pose().rotation);
    let shape: Box<dyn PShape> = match s.geometry() {
        Geometry::Polygon(p) => Box::new(
            PPolygon::from_convex_polyline(
                p.vertices().iter().map(|v| PVec::new(v.x, v.y)).collect(),
            )
            .expect("convex"),
        ),
        Geometry::Circle(c) => Box::new(Ball::new(c.radius)),
        Geometry::Capsule(c) => Box::new(PCapsule::new(
            PVec::new(c.a().x, c.a().y),
            PVec::new(c.b().x, c.b().y),
            c.radius(),
        )),
        Geometry::Rounded(r) => Box::new(RoundShape {
            inner_shape: PPolygon::from_convex_polyline(
                r.core()
                    .vertices()
                    .iter()
                    .map(|v| PVec::new(v.x, v.y))
                    .collect(),
            )
            .expect("convex"),
            border_radius: r.radius(),
        }),
        Geometry::Ellipse(_) => unreachable!("parry has no ellipse"),
        Geometry::Concave(_) => unreachable!("only convex shapes are compared with parry"),
    };
    (pose, shape)
}

/// parry's signed answer: depth (> 0) or minus the distance (< 0).
fn parry_signed(a: &Shape, b: &Shape) -> f64 {
    let ((pa, ga), (pb, gb)) = (to_parry(a), to_parry(b));
    let distance = pq::distance(&pa, ga.as_ref(), &pb, gb.as_ref())
        .unwrap()
        .distance;
    if distance > 0.0 {
        return -distance;
    }
    pq::contact(&pa, ga.as_ref(), &pb, gb.as_ref(), 0.0)
        .unwrap()
        .map_or(0.0, |c| -c.dist)
}

fn arb_shape() -> impl Strategy<Value = Shape> {
    let polygon = common::arb_convex_polygon(9, 0.3..2.0, 0.025);
    let geometry = prop_oneof![
        3 => polygon,
        1 => (0.1f64..2.0).prop_map(|radius| Geometry::Circle(Circle { radius })),
        1 => common::arb_capsule(0.3..2.0),
        1 => common::arb_rounded_polygon(8, 0.3..2.0),
    ];
    (geometry, -3.0f64..3.0, -3.0f64..3.0, 0.0f64..6.3)
        .prop_map(|(g, x, y, r)| Shape::new(g, Pose::new(DVec2::new(x, y), r)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// Away from touching, gjk-lab and parry give the same answer — and where they
    /// differ in the last digits, the exact reference (SAT, brute force, closed form)
    /// says who is closer: gjk-lab is within 1e-9 of it, parry within 1e-4 (its GJK
    /// stops at a relative accuracy of about 5e-8 on the squared distance; seen here:
    /// errors of a few 1e-6, and once 3.3e-5 on a distance of 4.4). When one shape
    /// lies wholly inside the other parry's depth can be plainly wrong (rarely: none
    /// in 200,000 pairs of a fixed stream, but random seeds found the case pinned
    /// below), so there only gjk-lab is held to the exact answer.
    #[test]
    fn agrees_with_parry(a in arb_shape(), b in arb_shape()) {
        let ours = query(&a, &b);
        let theirs = parry_signed(&a, &b);
        let truth = common::reference(&a, &b).signed;
        let scale = a.bounding_radius().max(b.bounding_radius());
        prop_assume!(truth.abs() > 1e-6 * scale);
        prop_assert_eq!(ours.intersects, theirs > 0.0, "parry {}", theirs);
        let signed = if ours.intersects { ours.depth } else { -ours.distance };
        prop_assert!((signed - truth).abs() <= 1e-9 * scale, "ours {} exact {}", signed, truth);
        let contained = |s: &Shape, t: &Shape| s.outline(64).iter().all(|&p| t.contains_point(p));
        if !contained(&a, &b) && !contained(&b, &a) {
            prop_assert!((theirs - truth).abs() <= 1e-4 * scale, "parry {} exact {}", theirs, truth);
        }
    }
}

/// Seed 004's degenerate start: identical 2×2 squares at the origin. The true depth
/// is the square's width, 2 (the reference SAT agrees); parry 0.31's polygon path
/// reports 0 here.
#[test]
fn identical_squares_at_the_origin_we_give_the_true_depth_parry_does_not() {
    let square = || {
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
            Pose::default(),
        )
    };
    let (a, b) = (square(), square());
    let truth = common::sat(&a, &b).signed;
    assert_eq!(truth, 2.0);
    assert_eq!(query(&a, &b).depth, 2.0);
    let theirs = parry_signed(&a, &b);
    assert!(
        theirs < 1.0,
        "parry now answers {theirs}: update the claim in docs/testing.md"
    );
}

/// parry's contact manifold for two polygons (its own SAT-free path: GJK/EPA, then the
/// support features clipped against each other): `(world point on A, world point on
/// B, depth)` per contact.
fn parry_manifold(a: &Shape, b: &Shape) -> Vec<(DVec2, DVec2, f64)> {
    use parry2d_f64::query::details::contact_manifold_pfm_pfm;
    use parry2d_f64::query::ContactManifold;
    let ((pa, ga), (pb, gb)) = (to_parry(a), to_parry(b));
    let (Some(p1), Some(p2)) = (ga.as_convex_polygon(), gb.as_convex_polygon()) else {
        unreachable!("two polygons")
    };
    let pos12 = pa.inv_mul(&pb);
    let mut manifold: ContactManifold<(), ()> = ContactManifold::new();
    contact_manifold_pfm_pfm(&pos12, p1, 0.0, None, p2, 0.0, None, 0.0, &mut manifold);
    let world = |p: PVec| DVec2::new(p.x, p.y);
    manifold
        .points
        .iter()
        .map(|c| (world(pa * c.local_p1), world(pb * c.local_p2), -c.dist))
        // parry keeps clipped points that are slightly apart too (negative depth).
        .filter(|c| c.2 >= -1e-9)
        .collect()
}

/// Whether every two neighbouring edges turn by more than 0.01 rad.
fn no_near_collinear_edges(s: &Shape) -> bool {
    let Geometry::Polygon(p) = s.geometry() else {
        return true;
    };
    let n = p.normals();
    (0..n.len()).all(|i| n[i].dot(n[(i + 1) % n.len()]) < 0.01f64.cos())
}

fn arb_polygon_shape() -> impl Strategy<Value = Shape> {
    (
        common::arb_convex_polygon(9, 0.3..2.0, 0.025),
        -1.0f64..1.0,
        -1.0f64..1.0,
        0.0f64..6.3,
    )
        .prop_map(|(g, x, y, r)| Shape::new(g, Pose::new(DVec2::new(x, y), r)))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 20_000,
        max_global_rejects: 200_000,
        ..ProptestConfig::default()
    })]

    /// Contact manifolds of intersecting polygon pairs: the same number of points as
    /// parry's, the same depths, and each of gjk-lab's points is one of parry's (on
    /// the incident shape: parry gives the point on each shape). Polygons with two
    /// nearly collinear edges are left out: there the incident edge is a near tie that
    /// parry (choosing by the GJK normal) and gjk-lab (by the reference edge's normal)
    /// may break differently, each giving a valid manifold.
    #[test]
    fn contact_manifolds_match_parry(a in arb_polygon_shape(), b in arb_polygon_shape()) {
        prop_assume!(no_near_collinear_edges(&a) && no_near_collinear_edges(&b));
        let q = query(&a, &b);
        let scale = a.bounding_radius().max(b.bounding_radius());
        prop_assume!(q.intersects && q.depth > 1e-6 * scale);
        let theirs = parry_manifold(&a, &b);
        let t = 1e-7 * scale;
        prop_assert_eq!(theirs.len(), q.contacts.len(), "parry {:?} vs {:?}", theirs, q.contacts);
        for c in &q.contacts {
            let matched = theirs.iter().any(|&(pa, pb, depth)| {
                (depth - c.depth).abs() <= t
                    && ((pa - c.point).length() <= t || (pb - c.point).length() <= t)
            });
            prop_assert!(matched, "{:?} is none of parry's {:?}", c, theirs);
        }
    }
}

/// Found by the property above under a random seed: a small triangle wholly inside a
/// large one. The exact depth (SAT over every edge normal) is 1.0756; gjk-lab agrees,
/// parry 0.31's polygon path answers 0.4949.
#[test]
fn a_triangle_inside_a_triangle_we_give_the_true_depth_parry_does_not() {
    let triangle = |v: [(f64, f64); 3], x: f64, y: f64, r: f64| {
        let v: Vec<DVec2> = v.iter().map(|&(x, y)| DVec2::new(x, y)).collect();
        Shape::new(
            Geometry::Polygon(ConvexPolygon::new(&v).unwrap()),
            Pose::new(DVec2::new(x, y), r),
        )
    };
    let a = triangle(
        [
            (0.0, 0.0),
            (0.27364605430569966, -0.2931402656592667),
            (0.0, 0.21969068131489727),
        ],
        2.4038991018081077,
        -0.1234061983228234,
        4.524308661535375,
    );
    let b = triangle(
        [
            (-1.9117552869024965, -1.4737197260290715),
            (1.6448520334637031, -1.8345364751374214),
            (0.4343007950807844, 1.6949765088158546),
        ],
        2.0700051959206984,
        0.2887584735576687,
        0.8949387228831638,
    );
    assert!(
        a.outline(0).iter().all(|&p| b.contains_point(p)),
        "A lies inside B"
    );
    let truth = common::sat(&a, &b).signed;
    assert!((truth - 1.0756322134569922).abs() < 1e-12, "{truth}");
    assert!((query(&a, &b).depth - truth).abs() < 1e-12);
    let theirs = parry_signed(&a, &b);
    assert!(
        (theirs - truth).abs() > 0.5,
        "parry now answers {theirs}: update the claim in docs/testing.md"
    );
}
