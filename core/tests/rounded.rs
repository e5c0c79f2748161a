//! Capsules and rounded polygons ("a core plus a radius"), named cases with answers
//! worked out by hand: a rounded polygon of radius 0 is the polygon; capsules
//! touching exactly; capsules end on (collinear cores); crossing cores; a capsule on a
//! rounded box (two contacts); the broad phase's box; the scene's schema (old scenes
//! and saves unchanged, the new fields both ways, RON and JSON); and the property that
//! `query` agrees with the exact segment–segment distance minus the radii and with a
//! dense sampling of the boundaries.

mod common;

use gjk_lab_core::query::query;
use gjk_lab_core::scene::{Format, Scene, ShapeSpec};
use gjk_lab_core::shapes::{ConvexPolygon, Geometry, Pose, RoundedPolygon, Shape};
use gjk_lab_core::DVec2;
use proptest::prelude::*;

fn v(x: f64, y: f64) -> DVec2 {
    DVec2::new(x, y)
}

fn capsule(a: DVec2, b: DVec2, r: f64, x: f64, y: f64, rotation: f64) -> Shape {
    Shape::new(
        Geometry::capsule(a, b, r).unwrap(),
        Pose::new(v(x, y), rotation),
    )
}

fn close(x: f64, y: f64, what: &str) {
    assert!(
        (x - y).abs() <= 1e-9 * (1.0 + y.abs()),
        "{what}: {x} vs {y}"
    );
}

/// A rounded polygon of radius 0 is the polygon: the same answers (intersection,
/// distance, depth, normal, contacts) against a box, a circle and a capsule, apart and
/// overlapping; and a scene's `radius: 0.0` loads as a plain polygon.
#[test]
fn a_zero_radius_rounded_polygon_is_the_polygon() {
    let core =
        ConvexPolygon::new(&[v(-1.0, -0.5), v(1.2, -0.7), v(0.8, 0.9), v(-0.6, 0.6)]).unwrap();
    let others = [
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(0.7, 0.4)),
            Pose::new(v(1.5, 0.6), 0.3),
        ),
        Shape::new(
            Geometry::Polygon(ConvexPolygon::rectangle(0.7, 0.4)),
            Pose::new(v(4.0, 0.6), 0.3),
        ),
        capsule(v(-0.5, 0.0), v(0.5, 0.2), 0.3, 1.2, 1.1, 0.4),
        capsule(v(-0.5, 0.0), v(0.5, 0.2), 0.3, 3.2, 1.1, 0.4),
    ];
    for (k, other) in others.iter().enumerate() {
        let pose = Pose::new(v(0.1, -0.2), 0.2);
        let plain = Shape::new(Geometry::Polygon(core.clone()), pose);
        let rounded = Shape::new(
            Geometry::Rounded(RoundedPolygon::new(core.clone(), 0.0)),
            pose,
        );
        let (p, r) = (query(&plain, other), query(&rounded, other));
        assert_eq!(p.intersects, r.intersects, "{k}");
        close(r.distance, p.distance, "distance");
        close(r.depth, p.depth, "depth");
        if let (Some(n), Some(m)) = (p.normal, r.normal) {
            assert!((n - m).length() < 1e-9, "{k}: {n} vs {m}");
        }
        assert_eq!(p.contacts.len(), r.contacts.len(), "{k}");
        for c in &r.contacts {
            assert!(
                p.contacts.iter().any(
                    |d| (d.point - c.point).length() < 1e-9 && (d.depth - c.depth).abs() < 1e-9
                ),
                "{k}: {c:?} not in {:?}",
                p.contacts
            );
        }
    }
    let scene = Scene::from_text(
        "(shapes: [(shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], radius: 0.0), \
         position: (0.0, 0.0))])",
        Format::Ron,
        None,
    )
    .unwrap();
    assert!(matches!(
        scene.shapes[0].shape.geometry(),
        Geometry::Polygon(_)
    ));
}

/// Two parallel capsules whose surfaces meet exactly (cores 1.0 apart, radii 0.4 and
/// 0.6): touching counts as intersecting, depth 0, distance 0, the normal across.
#[test]
fn capsules_touching() {
    let a = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.4, 0.0, 0.0, 0.0);
    let b = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.6, 0.5, 1.0, 0.0);
    let q = query(&a, &b);
    assert!(q.intersects, "{q:?}");
    assert!(q.depth.abs() < 1e-12 && q.distance.abs() < 1e-12, "{q:?}");
    let n = q.normal.expect("a normal");
    assert!((n - DVec2::Y).length() < 1e-9, "{n}");
    // Moved apart by 1e-6: a distance of 1e-6, with the closest points on the sides.
    let b = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.6, 0.5, 1.0 + 1e-6, 0.0);
    let q = query(&a, &b);
    assert!(!q.intersects);
    close(q.distance, 1e-6, "distance");
    let (pa, pb) = (q.closest_a.unwrap(), q.closest_b.unwrap());
    close(pa.y, 0.4, "closest on A");
    close(pb.y, 0.4 + 1e-6, "closest on B");
    assert!(pa.x >= -0.5 - 1e-9 && pa.x <= 1.0 + 1e-9, "{pa}");
}

/// Capsules end on, their cores on one line (the cores' difference is a segment
/// through the origin's line): apart by 0.2, then overlapping by 0.3 — the depth is
/// the radii's sum minus the gap between the ends, along the line, one contact.
#[test]
fn capsules_end_on() {
    let a = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.5, 0.0, 0.0, 0.0);
    // B's core from 2.7 to 4.7: the ends 1.7 apart, the surfaces 0.7 apart.
    let b = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.5, 3.7, 0.0, 0.0);
    let q = query(&a, &b);
    assert!(!q.intersects);
    close(q.distance, 0.7, "distance end on");
    close(q.closest_a.unwrap().x, 1.5, "A's closest point");
    close(q.closest_b.unwrap().x, 2.2, "B's closest point");
    // B's core from 1.7: ends 0.7 apart, overlap 1.0 − 0.7 = 0.3.
    let b = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.5, 2.7, 0.0, 0.0);
    let q = query(&a, &b);
    assert!(q.intersects);
    close(q.depth, 0.3, "depth end on");
    let n = q.normal.unwrap();
    assert!((n - DVec2::X).length() < 1e-9, "{n}");
    assert_eq!(q.contacts.len(), 1, "{:?}", q.contacts);
    let c = q.contacts[0];
    close(c.depth, 0.3, "contact depth");
    assert!((c.point - v(1.2, 0.0)).length() < 1e-9, "{c:?}");
    // Turned end on: B standing upright on A's end cap.
    let b = capsule(v(0.0, 0.0), v(0.0, 2.0), 0.5, 1.0, 0.8, 0.0);
    let q = query(&a, &b);
    close(q.depth, 0.2, "upright on the end cap");
    assert!((q.normal.unwrap() - DVec2::Y).length() < 1e-9);
}

/// Crossing cores (an X): the cores' depth, the smaller push along either segment's
/// normal, plus the radii.
#[test]
fn capsules_crossing() {
    let a = capsule(v(-2.0, 0.0), v(2.0, 0.0), 0.25, 0.0, 0.0, 0.0);
    // Vertical, from y = −0.5 to 1.5 at x = 0.5: pushing it up frees it after 0.5,
    // sideways after 1.5 (to x = 2); depth 0.5 + 0.25 + 0.25 = 1.0 along +y.
    let b = capsule(v(0.0, -1.0), v(0.0, 1.0), 0.25, 0.5, 0.5, 0.0);
    let q = query(&a, &b);
    close(q.depth, 1.0, "crossing depth");
    assert!((q.normal.unwrap() - DVec2::Y).length() < 1e-9);
}

/// A short capsule across a long one, their cores crossing: both ends of the short
/// core, moved along −n onto its surface, land on its far end cap — one contact
/// there, not the same point twice.
#[test]
fn crossing_cores_give_one_contact_not_one_point_twice() {
    let short = capsule(v(-0.5, 0.0), v(0.5, 0.0), 0.2, 0.0, 0.0, 0.0);
    let long = capsule(v(0.0, -2.0), v(0.0, 2.0), 0.2, 0.05, 0.0, 0.0);
    let q = query(&short, &long);
    // Pushing the long one right frees it after 0.7 − (0.05 − 0.2) = 0.85.
    close(q.depth, 0.85, "depth");
    assert_eq!(q.contacts.len(), 1, "{:?}", q.contacts);
    close(q.contacts[0].point.x, 0.7, "the short capsule's far end");
    close(q.contacts[0].depth, 0.85, "as deep as the overlap");
}

/// A resting contact seen from below: `depth` along +y, and two contacts that deep,
/// at `xs` (left to right).
fn two_contacts_up(q: &gjk_lab_core::query::PairQuery, depth: f64, xs: [f64; 2]) {
    close(q.depth, depth, "depth");
    assert!((q.normal.unwrap() - DVec2::Y).length() < 1e-9, "{q:?}");
    assert_eq!(q.contacts.len(), 2, "{:?}", q.contacts);
    let mut found: Vec<f64> = q.contacts.iter().map(|c| c.point.x).collect();
    found.sort_by(f64::total_cmp);
    close(found[0], xs[0], "left contact");
    close(found[1], xs[1], "right contact");
    for c in &q.contacts {
        close(c.depth, depth, "contact depth");
    }
}

/// A capsule lying on a rounded box: two contacts under its ends, each on the
/// capsule's surface, as deep as the overlap (Box2D's manifold, the cores' pushed out
/// by the radii).
#[test]
fn a_capsule_lying_on_a_rounded_box_has_two_contacts() {
    let rounded = Shape::new(
        Geometry::rounded_polygon(
            &[v(-2.0, -0.5), v(2.0, -0.5), v(2.0, 0.5), v(-2.0, 0.5)],
            0.25,
        )
        .unwrap(),
        Pose::default(),
    );
    // Core at y = 1.0, radius 0.3: its bottom at 0.7, the box's top at 0.75.
    let c = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.3, 0.3, 1.0, 0.0);
    let q = query(&rounded, &c);
    two_contacts_up(&q, 0.05, [-0.7, 1.3]);
    for k in &q.contacts {
        close(k.point.y, 0.7, "on the capsule's surface");
    }
}

/// A segment (a capsule of radius 0) crossing another: the cores' depth alone, the
/// smaller push along either segment's normal (as `capsules_crossing`, without radii).
#[test]
fn segments_crossing() {
    let a = capsule(v(-2.0, 0.0), v(2.0, 0.0), 0.0, 0.0, 0.0, 0.0);
    // Vertical, from y = −0.5 to 1.5 at x = 0.5: up by 0.5 frees it, sideways by 1.5.
    let b = capsule(v(0.0, -1.0), v(0.0, 1.0), 0.0, 0.5, 0.5, 0.0);
    let q = query(&a, &b);
    assert!(q.intersects, "{q:?}");
    close(q.depth, 0.5, "crossing depth");
    assert!((q.normal.unwrap() - DVec2::Y).length() < 1e-9);
    // Moved up by 0.5 + 1e-6: B's lower end 1e-6 above A.
    let b = capsule(v(0.0, -1.0), v(0.0, 1.0), 0.0, 0.5, 1.0 + 1e-6, 0.0);
    let q = query(&a, &b);
    assert!(!q.intersects);
    close(q.distance, 1e-6, "distance above");
    assert!(
        (q.closest_a.unwrap() - v(0.5, 0.0)).length() < 1e-9,
        "{q:?}"
    );
    assert!(
        (q.closest_b.unwrap() - v(0.5, 1e-6)).length() < 1e-9,
        "{q:?}"
    );
}

/// Two segments on one line (`A − B` is a segment too, with no area): apart by 0.5,
/// they do not intersect, 0.5 apart between the facing ends; overlapping by 1, they
/// intersect with depth 0 (an infinitesimal push across the line frees them).
#[test]
fn segments_on_one_line() {
    let a = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.0, 0.0, 0.0, 0.0);
    let b = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.0, 2.5, 0.0, 0.0);
    let q = query(&a, &b);
    assert!(!q.intersects, "{q:?}");
    close(q.distance, 0.5, "distance end to end");
    assert!(
        (q.closest_a.unwrap() - v(1.0, 0.0)).length() < 1e-9,
        "{q:?}"
    );
    assert!(
        (q.closest_b.unwrap() - v(1.5, 0.0)).length() < 1e-9,
        "{q:?}"
    );
    let b = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.0, 1.0, 0.0, 0.0);
    let q = query(&a, &b);
    assert!(q.intersects, "{q:?}");
    assert!(q.depth.abs() < 1e-12, "{q:?}");
    // Parallel, 0.25 apart: the distance between the lines.
    let b = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.0, 1.0, 0.25, 0.0);
    let q = query(&a, &b);
    assert!(!q.intersects);
    close(q.distance, 0.25, "parallel distance");
}

/// A segment sunk 0.05 into a box's top face (Box2D's segment against polygon: its
/// manifold is the polygons', the segment a polygon of two vertices): two contacts,
/// under its ends, each 0.05 deep; and a segment through the box from side to side,
/// whose depth is the shorter way out of it.
#[test]
fn a_segment_on_a_box() {
    let block = Shape::new(
        Geometry::Polygon(ConvexPolygon::rectangle(2.0, 0.5)),
        Pose::default(),
    );
    let lying = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.0, 0.3, 0.45, 0.0);
    let q = query(&block, &lying);
    assert!(q.intersects);
    two_contacts_up(&q, 0.05, [-0.7, 1.3]);
    // Through the box, 0.2 above its middle, longer than it: out by 0.3 upwards.
    let through = capsule(v(-3.0, 0.0), v(3.0, 0.0), 0.0, 0.0, 0.2, 0.0);
    let q = query(&block, &through);
    close(q.depth, 0.3, "depth through");
    assert!((q.normal.unwrap() - DVec2::Y).length() < 1e-9);
    // A segment has no inside: a point on it is on its boundary.
    assert!(through.contains_point(v(0.5, 0.2)));
    assert!(!through.contains_point(v(0.5, 0.2 + 1e-6)));
}

/// The broad phase's box holds the radius: a capsule turned by 90° and a rounded box.
#[test]
fn the_aabb_includes_the_radius() {
    let c = capsule(
        v(-1.0, 0.0),
        v(1.0, 0.0),
        0.3,
        5.0,
        2.0,
        std::f64::consts::FRAC_PI_2,
    );
    let bb = c.aabb();
    assert!((bb.min - v(4.7, 0.7)).length() < 1e-12, "{bb:?}");
    assert!((bb.max - v(5.3, 3.3)).length() < 1e-12, "{bb:?}");
    let r = Shape::new(
        Geometry::rounded_polygon(
            &[v(-1.0, -0.5), v(1.0, -0.5), v(1.0, 0.5), v(-1.0, 0.5)],
            0.25,
        )
        .unwrap(),
        Pose::new(v(0.0, 0.0), 0.0),
    );
    let bb = r.aabb();
    assert_eq!((bb.min, bb.max), (v(-1.25, -0.75), v(1.25, 0.75)));
    // A segment's box has no width across it.
    let bb = capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.0, 5.0, 2.0, 0.0).aabb();
    assert_eq!((bb.min, bb.max), (v(4.0, 2.0), v(6.0, 2.0)));
}

/// The schema: a scene without radii is read and written as before (no `radius`
/// key appears); capsules and rounded polygons go both ways, in RON and in JSON.
#[test]
fn the_schema_is_extended_compatibly() {
    let old = "(shapes: [(shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]), \
               position: (0.0, 0.0))])";
    let scene = Scene::from_text(old, Format::Ron, None).unwrap();
    let written = scene.to_file().to_text(Format::Ron);
    assert!(!written.contains("radius"), "{written}");
    let json = scene.to_file().to_text(Format::Json);
    assert!(!json.contains("radius"), "{json}");

    let new = "(shapes: [\
        (shape: Capsule(a: (-1.0, 0.0), b: (1.0, 0.5), radius: 0.3), position: (0.0, 0.0)),\
        (shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], radius: 0.2), \
         position: (3.0, 0.0), rotation: 0.5),\
        (shape: Capsule(a: (0.0, -1.0), b: (0.0, 1.0), radius: -0.0), position: (6.0, 0.0))])";
    let scene = Scene::from_text(new, Format::Ron, None).unwrap();
    for format in [Format::Ron, Format::Json] {
        let text = scene.to_file().to_text(format);
        let again = Scene::from_text(&text, format, None).unwrap();
        assert_eq!(again.shapes.len(), 3);
        for (x, y) in scene.shapes.iter().zip(&again.shapes) {
            assert_eq!(x.shape, y.shape, "{text}");
        }
    }
    let file = scene.to_file();
    assert!(matches!(file.shapes[0].shape, ShapeSpec::Capsule { radius, .. } if radius == 0.3));
    // A radius of −0 is a segment's, written back as 0.
    assert!(scene.shapes[2].shape.geometry().is_segment());
    assert!(matches!(
        file.shapes[2].shape,
        ShapeSpec::Capsule { radius, .. } if radius.to_bits() == 0
    ));
    assert!(matches!(
        file.shapes[1].shape,
        ShapeSpec::Polygon {
            radius: Some(r),
            ..
        } if r == 0.2
    ));
}

/// The distance from `p` to the segment `ab`, written here (not the library's).
fn to_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
    (a + ab * t - p).length()
}

/// The exact distance between two segments: 0 when they cross (each one's ends on
/// opposite sides of the other's line), else the least of the four end-to-segment
/// distances.
fn segment_distance(p: DVec2, q: DVec2, r: DVec2, s: DVec2) -> f64 {
    let side = |a: DVec2, b: DVec2, c: DVec2| (b - a).perp_dot(c - a);
    let collinear = side(p, q, r) == 0.0 && side(p, q, s) == 0.0;
    let crosses =
        !collinear && side(p, q, r) * side(p, q, s) <= 0.0 && side(r, s, p) * side(r, s, q) <= 0.0;
    if crosses {
        return 0.0;
    }
    to_segment(p, r, s)
        .min(to_segment(q, r, s))
        .min(to_segment(r, p, q))
        .min(to_segment(s, p, q))
}

/// The signed distance between two capsules: the exact segment–segment distance
/// minus the radii (negative: they overlap; when the cores cross, minus the radii):
/// the reference the property below holds `query` to, independent of GJK.
fn exact_capsule_signed(a: &Shape, b: &Shape) -> Option<f64> {
    let ends = |s: &Shape| match s.geometry() {
        Geometry::Capsule(c) => Some((s.to_world(c.a()), s.to_world(c.b()), c.radius())),
        _ => None,
    };
    let ((p, q, ra), (r, s, rb)) = (ends(a)?, ends(b)?);
    Some(segment_distance(p, q, r, s) - ra - rb)
}

/// Whether two capsules' cores cross (or touch): their exact distance is 0.
fn cores_cross(a: &Shape, b: &Shape) -> bool {
    let ends = |s: &Shape| match s.geometry() {
        Geometry::Capsule(c) => (s.to_world(c.a()), s.to_world(c.b())),
        _ => unreachable!("capsules only"),
    };
    let ((p, q), (r, s)) = (ends(a), ends(b));
    segment_distance(p, q, r, s) == 0.0
}

/// The smallest distance between points of two outlines sampled densely (each
/// boundary point's distance to the other outline's chords), for apart shapes: an
/// upper bound of the distance that the exact one must not exceed, and close to it.
fn sampled_distance(a: &Shape, b: &Shape) -> f64 {
    let (pa, pb) = (a.outline(512), b.outline(512));
    let to = |p: DVec2, poly: &[DVec2]| {
        (0..poly.len())
            .map(|i| {
                gjk_lab_core::geometry::point_segment_distance(
                    p,
                    poly[i],
                    poly[(i + 1) % poly.len()],
                )
            })
            .fold(f64::INFINITY, f64::min)
    };
    pa.iter()
        .map(|&p| to(p, &pb))
        .chain(pb.iter().map(|&p| to(p, &pa)))
        .fold(f64::INFINITY, f64::min)
}

fn arb_capsule_shape() -> impl Strategy<Value = Shape> {
    (
        common::arb_capsule(0.2..2.0),
        -2.5f64..2.5,
        -2.5f64..2.5,
        0.0f64..6.3,
    )
        .prop_map(|(g, x, y, r)| Shape::new(g, Pose::new(v(x, y), r)))
}

fn cases(default: u32) -> u32 {
    std::env::var("GJK_LAB_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(5_000)))]

    /// Capsule pairs: `query` against the exact segment–segment distance minus the
    /// radii (apart: the distance; cores apart but within the radii: the depth), and
    /// apart pairs against dense sampling of both boundaries.
    #[test]
    fn capsule_pairs_agree_with_brute_force(a in arb_capsule_shape(), b in arb_capsule_shape()) {
        let q = query(&a, &b);
        let exact = exact_capsule_signed(&a, &b).unwrap();
        let scale = a.bounding_radius().max(b.bounding_radius());
        let t = 1e-9 * scale;
        if exact > t {
            prop_assert!(!q.intersects, "exact distance {}", exact);
            prop_assert!((q.distance - exact).abs() <= t, "{} vs {}", q.distance, exact);
            let sampled = sampled_distance(&a, &b);
            prop_assert!(sampled >= exact - t && sampled - exact < 1e-4 * scale,
                "sampled {} exact {}", sampled, exact);
            // The closest points lie on the surfaces, `distance` apart.
            let (pa, pb) = (q.closest_a.unwrap(), q.closest_b.unwrap());
            prop_assert!(common::boundary_error(&a, pa) <= 1e-8 * scale);
            prop_assert!(common::boundary_error(&b, pb) <= 1e-8 * scale);
            prop_assert!(((pa - pb).length() - exact).abs() <= 1e-8 * scale);
        } else if exact < -t || cores_cross(&a, &b) {
            // (Crossing cores: two segments' depth is their own, not the radii's.)
            prop_assert!(q.intersects);
            let reference = common::rounded_reference(&a, &b).unwrap().signed;
            prop_assert!((q.depth - reference).abs() <= 1e-8 * scale, "{} vs {}", q.depth, reference);
            // Every contact lies within the depth of both surfaces.
            for c in &q.contacts {
                prop_assert!(c.depth >= 0.0 && c.depth <= q.depth + 1e-8 * scale, "{:?}", c);
            }
            prop_assert!(!q.contacts.is_empty());
        }
    }
}

/// A capsule or a rounded polygon, placed.
fn arb_rounded_shape() -> impl Strategy<Value = Shape> {
    let geometry = prop_oneof![
        common::arb_capsule(0.2..2.0),
        common::arb_rounded_polygon(8, 0.2..2.0),
    ];
    (geometry, -2.5f64..2.5, -2.5f64..2.5, 0.0f64..6.3)
        .prop_map(|(g, x, y, r)| Shape::new(g, Pose::new(v(x, y), r)))
}

/// A capsule, a rounded polygon or a plain convex polygon, placed.
fn arb_core_shape() -> impl Strategy<Value = Shape> {
    let polygon = (
        common::arb_convex_polygon(8, 0.2..2.0, 0.01),
        -2.5f64..2.5,
        -2.5f64..2.5,
        0.0f64..6.3,
    )
        .prop_map(|(g, x, y, r)| Shape::new(g, Pose::new(v(x, y), r)));
    prop_oneof![2 => arb_rounded_shape(), 1 => polygon]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(20_000)))]

    /// Capsules and rounded polygons against each other and against polygons: the
    /// intersection, distance and depth of the brute-force reference (the cores'
    /// segment distances and SAT depth, plus the radii); each contact lies on one
    /// shape's surface, no deeper than the penetration; moving B by
    /// `depth · normal` leaves them touching, not overlapping.
    #[test]
    fn rounded_pairs_agree_with_the_cores_reference(a in arb_core_shape(), b in arb_rounded_shape()) {
        let q = query(&a, &b);
        let reference = common::rounded_reference(&a, &b).unwrap().signed;
        let scale = a.bounding_radius().max(b.bounding_radius());
        let t = 1e-8 * scale;
        prop_assume!(reference.abs() > t);
        prop_assert_eq!(q.intersects, reference > 0.0, "reference {}", reference);
        if reference > 0.0 {
            prop_assert!((q.depth - reference).abs() <= t, "{} vs {}", q.depth, reference);
            prop_assert!(!q.contacts.is_empty() && q.contacts.len() <= 2);
            if let [c0, c1] = q.contacts[..] {
                prop_assert!(c0.point.distance(c1.point) > 1e-9 * scale, "one point twice: {:?}", q.contacts);
            }
            for c in &q.contacts {
                prop_assert!(c.depth >= 0.0 && c.depth <= q.depth + t, "{:?} depth {}", c, q.depth);
                let on_a = common::boundary_error(&a, c.point) <= 1e-7 * scale;
                let on_b = common::boundary_error(&b, c.point) <= 1e-7 * scale;
                prop_assert!(on_a || on_b, "{:?} on neither surface", c);
                // (Not "inside the other shape": clipping keeps the points below the
                // reference face between its side planes, which near an acute corner
                // of the reference polygon may lie outside it, as in Box2D.)
            }
            let n = q.normal.unwrap();
            let moved = Shape::new(b.geometry().clone(), Pose::new(b.position() + n * q.depth, b.pose().rotation));
            let after = common::rounded_reference(&a, &moved).unwrap().signed;
            prop_assert!(after.abs() <= 1e-7 * scale, "after the push: {}", after);
        } else {
            prop_assert!((q.distance + reference).abs() <= t, "{} vs {}", q.distance, -reference);
        }
    }
}
