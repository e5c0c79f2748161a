//! Box2D's own unit tests (v3.1.1, `test/test_distance.c` and `test/test_shape.c`)
//! that gjk-lab's shapes can state, with their numbers: a segment is a capsule of
//! radius 0, Box2D's two-vertex proxy. Box2D checks within `FLT_EPSILON` (its `f32`),
//! or within its linear slop (0.005) where its casts stop short on purpose; gjk-lab
//! works in `f64` and casts to the first touch, so the same numbers are held here to
//! 1e-12 (the answers are exact in binary: 2, 1, ½, ⅜), and a cast's `t` to the
//! contract's 1e-9 of the size over the speed (the time of impact stops within its
//! tolerance, 1e-10 of the size, of the touch).

use gjk_lab_core::algorithms::cast::CastOptions;
use gjk_lab_core::algorithms::CastAlgorithm;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::query::cast::cast;
use gjk_lab_core::query::query;
use gjk_lab_core::shapes::{Circle, ConvexPolygon, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;

fn v(x: f64, y: f64) -> DVec2 {
    DVec2::new(x, y)
}

/// Box2D's `b2Segment` from `p` to `q`, at the origin.
fn segment(p: DVec2, q: DVec2) -> Shape {
    Shape::new(Geometry::capsule(p, q, 0.0).unwrap(), Pose::default())
}

/// `b2MakeBox(1, 1)`.
fn unit_box() -> Shape {
    Shape::new(
        Geometry::Polygon(ConvexPolygon::rectangle(1.0, 1.0)),
        Pose::default(),
    )
}

fn close(x: f64, y: f64, what: &str) {
    assert!((x - y).abs() <= 1e-12, "{what}: {x}, Box2D's {y}");
}

/// A cast's `t`: within 1e-9 (the shapes' size and the speed are about 1 here).
fn close_t(t: f64, y: f64, what: &str) {
    assert!((t - y).abs() <= 1e-9, "{what}: t = {t}, Box2D's {y}");
}

fn near(p: DVec2, q: DVec2, what: &str) {
    assert!((p - q).length() <= 1e-12, "{what}: {p}, Box2D's {q}");
}

const EXACT: [CastAlgorithm; 3] = [
    CastAlgorithm::ShapeCast,
    CastAlgorithm::ConservativeAdvancement,
    CastAlgorithm::TimeOfImpact,
];

/// `SegmentDistanceTest`: the segments (−1, −1)–(−1, 1) and (2, 0)–(1, 0) are 2
/// apart, nearest at (−1, 0) and at (1, 0).
#[test]
fn segment_distance() {
    let a = segment(v(-1.0, -1.0), v(-1.0, 1.0));
    let b = segment(v(2.0, 0.0), v(1.0, 0.0));
    let q = query(&a, &b);
    assert!(!q.intersects);
    close(q.distance, 2.0, "distance");
    near(q.closest_a.unwrap(), v(-1.0, 0.0), "closest on the first");
    near(q.closest_b.unwrap(), v(1.0, 0.0), "closest on the second");
}

/// `ShapeDistanceTest`: the box `[−1, 1]²` and the segment (2, −1)–(2, 1) are 1 apart.
#[test]
fn shape_distance() {
    let q = query(&unit_box(), &segment(v(2.0, -1.0), v(2.0, 1.0)));
    assert!(!q.intersects);
    close(q.distance, 1.0, "distance");
}

/// `ShapeCastTest` and `TimeOfImpactTest`: that segment moving by (−2, 0) meets the
/// box half way (Box2D: within its slop of ½), the normal from the box towards it.
#[test]
fn shape_cast_and_time_of_impact() {
    let b = segment(v(2.0, -1.0), v(2.0, 1.0));
    for algo in EXACT {
        let got = cast(
            Some(algo),
            &unit_box(),
            Motion::NONE,
            &b,
            Motion::translation(v(-2.0, 0.0)),
            &CastOptions::default(),
        )
        .unwrap();
        assert!(got.hit, "{algo:?}");
        close_t(got.t.unwrap(), 0.5, &format!("{algo:?}"));
        near(
            got.normal.unwrap(),
            v(1.0, 0.0),
            &format!("{algo:?}'s normal"),
        );
    }
}

/// `RayCastShapeTest`: the ray from (−4, 0) along (8, 0) — a point cast — meets the
/// circle of radius 1 about (1, 0) and the segment (0, 1)–(0, −1) half way, the box at
/// ⅜; each with the normal (−1, 0), back along the ray.
#[test]
fn ray_casts() {
    let circle = Shape::new(
        Geometry::Circle(Circle { radius: 1.0 }),
        Pose::new(v(1.0, 0.0), 0.0),
    );
    let point = Shape::new(
        Geometry::Circle(Circle { radius: 0.0 }),
        Pose::new(v(-4.0, 0.0), 0.0),
    );
    let ray = Motion::translation(v(8.0, 0.0));
    for (target, fraction) in [
        (circle, 0.5),
        (unit_box(), 3.0 / 8.0),
        (segment(v(0.0, 1.0), v(0.0, -1.0)), 0.5),
    ] {
        for algo in EXACT {
            let got = cast(
                Some(algo),
                &target,
                Motion::NONE,
                &point,
                ray,
                &CastOptions::default(),
            )
            .unwrap();
            let what = format!("{algo:?} on the {}", target.geometry().kind());
            assert!(got.hit, "{what}");
            close_t(got.t.unwrap(), fraction, &what);
            near(got.normal.unwrap(), v(-1.0, 0.0), &what);
        }
    }
}

/// `ShapeAABBTest` and `PointInShapeTest`: the boxes of the circle, the box and the
/// segment; (0.5, 0.5) inside the circle and the box, (4, −4) in neither.
#[test]
fn boxes_and_points_inside() {
    let circle = Shape::new(
        Geometry::Circle(Circle { radius: 1.0 }),
        Pose::new(v(1.0, 0.0), 0.0),
    );
    let seg = segment(v(0.0, 1.0), v(0.0, -1.0));
    for (shape, min, max) in [
        (&circle, v(0.0, -1.0), v(2.0, 1.0)),
        (&unit_box(), v(-1.0, -1.0), v(1.0, 1.0)),
        (&seg, v(0.0, -1.0), v(0.0, 1.0)),
    ] {
        let bb = shape.aabb();
        near(bb.min, min, shape.geometry().kind());
        near(bb.max, max, shape.geometry().kind());
    }
    for shape in [&circle, &unit_box()] {
        assert!(shape.contains_point(v(0.5, 0.5)));
        assert!(!shape.contains_point(v(4.0, -4.0)));
    }
}
