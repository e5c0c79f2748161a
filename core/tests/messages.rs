//! The exact words of the core's refusals: a scene's shape, view and lesson, the names
//! files use, the numeric range, and the contract checks of `invariants`. These texts
//! reach learners (the CLI's stderr, the window's notices) and lesson authors, so each
//! is pinned here byte for byte, whatever type carries it.

use gjk_lab_core::algorithms::answer::Contact;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::invariants::{check_json, check_query};
use gjk_lab_core::lesson::checkpoint::Checkpoint;
use gjk_lab_core::lesson::{Figure, PageMode, MAX_PAGE_CHARS, MAX_SUMMARY_CHARS};
use gjk_lab_core::query::query;
use gjk_lab_core::range::{check_coordinate, check_point, check_size, Quantity};
use gjk_lab_core::scene::{Format, Scene};
use gjk_lab_core::shapes::{Circle, Geometry, Pose, Shape};
use gjk_lab_core::DVec2;
use serde_json::json;

/// The error of scene text (RON), as the CLI prints it after `error: `.
fn refusal(ron: &str) -> String {
    Scene::from_text(ron, Format::Ron, None)
        .expect_err("the scene is refused")
        .to_string()
}

/// Two unit circles, then `more` inside the scene's parentheses.
fn two_circles(more: &str) -> String {
    format!(
        "(shapes: [(shape: Circle(radius: 1.0), position: (0.0, 0.0)), \
         (shape: Circle(radius: 1.0), position: (3.0, 0.0))], {more})"
    )
}

/// One shape entry (`shape: …, position: …`) in a scene of its own.
fn one_shape(entry: &str) -> String {
    format!("(shapes: [({entry})])")
}

#[test]
fn range_checks_name_the_value_and_the_limit() {
    fn e<E: ToString>(r: Result<(), E>) -> String {
        r.expect_err("refused").to_string()
    }
    assert_eq!(
        e(check_coordinate(Quantity::CircleRadius, f64::NAN)),
        "circle radius is NaN, not a finite number"
    );
    assert_eq!(
        e(check_coordinate(Quantity::CircleRadius, 1e155)),
        "circle radius 1e155 is beyond the range gjk-lab computes in (coordinates and \
         sizes up to 1e12 in magnitude)"
    );
    assert_eq!(
        e(check_point(
            Quantity::Vertex(1),
            DVec2::new(f64::INFINITY, 2.0)
        )),
        "vertex 1 (inf, 2) is not finite"
    );
    assert_eq!(
        e(check_point(Quantity::Vertex(1), DVec2::new(1e200, 0.5))),
        "vertex 1 (1e200, 0.5) is beyond the range gjk-lab computes in (coordinates up \
         to 1e12 in magnitude)"
    );
    assert_eq!(
        e(check_size(Quantity::PolygonExtent, 1e-170)),
        "the polygon's extent 1e-170 is below the range gjk-lab computes in (shapes at least \
         1e-9 across)"
    );
}

#[test]
fn a_refused_shape_is_named_and_says_why() {
    for (entry, says) in [
        (
            "name: \"ball\", shape: Circle(radius: 1.0), position: (NaN, 0.0)",
            "<scene>: shape 0 (\"ball\"): position [NaN, 0] is not finite",
        ),
        (
            "shape: Circle(radius: 1.0), position: (2e12, 0.0)",
            "<scene>: shape 0: position (2000000000000, 0) is beyond the range gjk-lab \
             computes in (coordinates up to 1e12 in magnitude)",
        ),
        (
            "shape: Circle(radius: 1.0), position: (0.0, 0.0), rotation: inf",
            "<scene>: shape 0: rotation inf is not finite",
        ),
        (
            "shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]), \
             position: (0.0, 0.0)",
            "<scene>: shape 0: polygon: the polygon has zero area (all vertices on one line); \
             a segment is written Capsule(a: (x, y), b: (x, y), radius: 0.0)",
        ),
        (
            "shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0), (0.0, 0.0)]), \
             position: (0.0, 0.0)",
            "<scene>: shape 0: polygon: a polygon needs at least 3 distinct vertices, this \
             one has 2; a segment is written Capsule(a: (x, y), b: (x, y), radius: 0.0)",
        ),
        (
            "shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0)]), position: (0.0, 0.0)",
            "<scene>: shape 0: polygon: a polygon needs at least 3 distinct vertices, this \
             one has 2; a segment is written Capsule(a: (x, y), b: (x, y), radius: 0.0)",
        ),
        (
            "shape: Polygon(vertices: [(0.0, 0.0), (1e13, 0.0), (0.0, 1.0)]), \
             position: (0.0, 0.0)",
            "<scene>: shape 0: polygon: vertex 1 (10000000000000, 0) is beyond the range gjk-lab \
             computes in (coordinates up to 1e12 in magnitude)",
        ),
        (
            "shape: Circle(radius: -1.0), position: (0.0, 0.0)",
            "<scene>: shape 0: circle radius must be positive, not -1",
        ),
        (
            "shape: Circle(radius: NaN), position: (0.0, 0.0)",
            "<scene>: shape 0: circle radius is NaN, not a finite number",
        ),
        (
            "shape: Circle(radius: 2e12), position: (0.0, 0.0)",
            "<scene>: shape 0: circle radius 2000000000000 is beyond the range gjk-lab \
             computes in (coordinates and sizes up to 1e12 in magnitude)",
        ),
        (
            "shape: Circle(radius: 1e-10), position: (0.0, 0.0)",
            "<scene>: shape 0: circle radius 1e-10 is below the range gjk-lab computes in \
             (shapes at least 1e-9 across)",
        ),
        (
            "shape: Ellipse(a: 1.0, b: 0.0), position: (0.0, 0.0)",
            "<scene>: shape 0: ellipse semi-axis b must be positive, not 0",
        ),
    ] {
        assert_eq!(refusal(&one_shape(entry)), says, "{entry}");
    }
}

/// Capsules and rounded polygons: each refusal is one line naming the shape.
#[test]
fn a_refused_capsule_or_rounded_polygon_says_why() {
    for (entry, says) in [
        (
            "shape: Capsule(a: (1.0, 2.0), b: (1.0, 2.0), radius: 0.3), position: (0.0, 0.0)",
            "<scene>: shape 0: capsule: its ends a (1, 2) and b (1, 2) are 0 apart: a \
             capsule needs a segment at least 1e-9 long (and longer than 1e-12 of its \
             coordinates); with a = b it is a circle: write Circle(radius: 0.3)",
        ),
        (
            "shape: Capsule(a: (1.0, 2.0), b: (1.0, 2.0), radius: 0.0), position: (0.0, 0.0)",
            "<scene>: shape 0: capsule: its ends a (1, 2) and b (1, 2) are 0 apart: a \
             capsule needs a segment at least 1e-9 long (and longer than 1e-12 of its \
             coordinates); with a = b it is a point: write Point",
        ),
        (
            "shape: Capsule(a: (0.0, 0.0), b: (1.0, 0.0), radius: -0.5), position: (0.0, 0.0)",
            "<scene>: shape 0: capsule radius must not be negative, not -0.5",
        ),
        (
            "shape: Capsule(a: (0.0, 0.0), b: (1.0, 0.0), radius: 1e-12), position: (0.0, 0.0)",
            "<scene>: shape 0: capsule radius 1e-12 is below the range gjk-lab computes in \
             (shapes at least 1e-9 across)",
        ),
        (
            "shape: Capsule(a: (0.0, 0.0), b: (1.0, 0.0), radius: inf), position: (0.0, 0.0)",
            "<scene>: shape 0: capsule radius is inf, not a finite number",
        ),
        (
            "shape: Capsule(a: (0.0, NaN), b: (1.0, 0.0), radius: 1.0), position: (0.0, 0.0)",
            "<scene>: shape 0: capsule end a (0, NaN) is not finite",
        ),
        (
            "shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], radius: -0.1), \
             position: (0.0, 0.0)",
            "<scene>: shape 0: polygon radius must not be negative, not -0.1",
        ),
        (
            "shape: Polygon(vertices: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], radius: NaN), \
             position: (0.0, 0.0)",
            "<scene>: shape 0: polygon radius is NaN, not a finite number",
        ),
        (
            "shape: Polygon(vertices: [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (1.0, 0.5), \
             (0.0, 2.0)], radius: 0.1), position: (0.0, 0.0)",
            "<scene>: shape 0: polygon: a polygon with a radius must be convex, and this \
             one is concave (it turns the other way at vertex 3): split it into convex \
             polygons, each with the radius",
        ),
    ] {
        assert_eq!(refusal(&one_shape(entry)), says, "{entry}");
    }
}

#[test]
fn a_refused_view_says_why() {
    for (view, says) in [
        ("a: 5", "<scene>: view: a = 5, but the scene has 2 shapes"),
        (
            "a: 0, b: 0",
            "<scene>: view: a and b must be two different shapes",
        ),
        (
            "center: (NaN, 1.0)",
            "<scene>: view: center [NaN, 1] is not finite",
        ),
        (
            "center: (0.0, -3e12)",
            "<scene>: view: center (0, -3000000000000) is beyond the range gjk-lab \
             computes in (coordinates up to 1e12 in magnitude)",
        ),
        (
            "zoom: 0.0",
            "<scene>: view: zoom must be a positive number, not 0",
        ),
    ] {
        let ron = two_circles(&format!("view: ({view})"));
        assert_eq!(refusal(&ron), says, "{view}");
    }
    let one = one_shape("shape: Circle(radius: 1.0), position: (0.0, 0.0)");
    let one = one.replace("])", "], view: (b: 1))");
    assert_eq!(
        refusal(&one),
        "<scene>: view: b = 1, but the scene has 1 shape"
    );
}

#[test]
fn a_refused_lesson_names_its_page_and_says_why() {
    let long_text = "x".repeat(MAX_PAGE_CHARS + 1);
    let long_line = "y".repeat(MAX_SUMMARY_CHARS + 5);
    let cases: Vec<(String, String)> = vec![
        (
            "pages: []".into(),
            "<scene>: lesson: a lesson needs at least one page".into(),
        ),
        (
            "pages: [(text: \"ok\")], summary: [\"One.\", \"Two.\"]".into(),
            "<scene>: lesson: summary: 2 lines; a summary has exactly 3 (or is left out)".into(),
        ),
        (
            "pages: [(text: \"ok\")], summary: [\"One.\", \" \", \"Three.\"]".into(),
            "<scene>: lesson: summary, line 2: empty".into(),
        ),
        (
            format!("pages: [(text: \"ok\")], summary: [\"One.\", \"Two.\", \"{long_line}\"]"),
            "<scene>: lesson: summary, line 3: 125 characters; a line is one short \
             sentence, at most 120"
                .into(),
        ),
        (
            "pages: [(text: \"ok\"), (text: \"  \")]".into(),
            "<scene>: lesson, page 2: the text is empty".into(),
        ),
        (
            format!("pages: [(text: \"{long_text}\")]"),
            "<scene>: lesson, page 1: the text has 901 characters; a page holds at most 900".into(),
        ),
        (
            "pages: [(text: \"{dpeth}\")]".into(),
            "<scene>: lesson, page 1: unknown live number {dpeth}: use one of {distance}, \
             {depth}, {normal}, {relation}, {steps}, {A}, {B}, {swaps}, {frame}, {d}, \
             {support_a}, {support_b}, {support}, {region}, {check}, {toi}"
                .into(),
        ),
        (
            "pages: [(text: \"ok\", b: 4)]".into(),
            "<scene>: lesson, page 1: b: 4 is not a shape (the scene has 2)".into(),
        ),
        (
            "pages: [(text: \"ok\", a: 1, b: 1)]".into(),
            "<scene>: lesson, page 1: a and b are the same shape".into(),
        ),
        (
            "pages: [(text: \"ok\", frame: 2)]".into(),
            "<scene>: lesson, page 1: frame: only a many-shapes page (mode: many) has \
             frames"
                .into(),
        ),
        (
            "pages: [(text: \"ok\", mode: \"many\", algorithm: \"sat\")]".into(),
            "<scene>: lesson, page 1: a many-shapes page (mode: many) shows sweep and \
             prune: it takes no algorithm or figure"
                .into(),
        ),
        (
            "pages: [(text: \"ok\", figure: \"support\", checkpoint: \"next-support\")]".into(),
            "<scene>: lesson, page 1: a figure page takes no checkpoint (a figure has no \
             steps)"
                .into(),
        ),
        (
            "pages: [(text: \"ok\", mode: \"many\", checkpoint: \"next-support\")]".into(),
            "<scene>: lesson, page 1: checkpoint \"next-support\" asks about a two-shape \
             algorithm, but the page shows sweep and prune (mode: many)"
                .into(),
        ),
        (
            "pages: [(text: \"ok\", checkpoint: \"next-swap\")]".into(),
            "<scene>: lesson, page 1: checkpoint \"next-swap\" asks about sweep and prune: \
             the page needs mode: many"
                .into(),
        ),
        (
            "pages: [(text: \"ok\", algorithm: \"epa\", checkpoint: \"next-support\")]".into(),
            "<scene>: lesson, page 1: checkpoint \"next-support\" asks about gjk, \
             distance or shape-cast steps, but the page shows \"epa\""
                .into(),
        ),
    ];
    for (lesson, says) in cases {
        let ron = two_circles(&format!("lesson: ({lesson})"));
        assert_eq!(refusal(&ron), says, "{lesson}");
    }
}

#[test]
fn an_unknown_name_lists_the_known_ones() {
    let algorithms: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(
        Algorithm::try_from("magic".to_string())
            .unwrap_err()
            .to_string(),
        format!(
            "unknown algorithm \"magic\": expected one of {}",
            algorithms.join(", ")
        )
    );
    assert_eq!(
        Checkpoint::try_from("guess".to_string())
            .unwrap_err()
            .to_string(),
        "unknown checkpoint \"guess\": expected one of next-support, kept-feature, \
         closest-edge, separating-axis, mtv-axis, reference-edge, reference-face, centre-region, next-swap, ray-entry, deepest-point, \
         safe-step, sample-hit"
    );
    assert_eq!(
        Figure::try_from("pie".to_string()).unwrap_err().to_string(),
        "unknown figure \"pie\": expected one of differences, sweep, support, regions"
    );
    assert_eq!(
        PageMode::try_from("few".to_string())
            .unwrap_err()
            .to_string(),
        "unknown mode \"few\": expected one of pair, many"
    );
    // In a file, the parser's position comes first.
    assert_eq!(
        refusal(&two_circles("view: (algorithm: \"magic\")")),
        format!(
            "<scene>:1:135: unknown algorithm \"magic\": expected one of {}",
            algorithms.join(", ")
        )
    );
}

#[test]
fn a_broken_contract_is_named_with_its_path_and_value() {
    let e = |v: serde_json::Value| check_json(&v, "").unwrap_err().to_string();
    assert_eq!(e(json!({"depth": -1.0})), ".depth is negative: -1e0");
    assert_eq!(
        e(json!({"steps": [{"x": 1}, {"distance": -2.5}]})),
        ".steps[1].distance is negative: -2.5e0"
    );
    assert_eq!(
        e(json!({"normal": [3.0, 4.0]})),
        ".normal [3, 4] is not a unit vector (length 5)"
    );
    assert_eq!(
        e(json!({"result": {"axis": [null, 1.0]}})),
        ".result.axis [NaN, 1] is not a unit vector (length NaN)"
    );
    // Signed by design: a candidate's depth and an edge's distance.
    assert!(check_json(&json!({"candidates": [{"depth": -1.0}]}), "").is_ok());

    let circle = |x: f64| {
        Shape::new(
            Geometry::Circle(Circle { radius: 1.0 }),
            Pose::new(DVec2::new(x, 0.0), 0.0),
        )
    };
    let apart = query(&circle(0.0), &circle(3.0));
    let deep = query(&circle(0.0), &circle(1.0));
    let broken = |change: &dyn Fn(&mut gjk_lab_core::query::PairQuery), from| {
        let mut q = Clone::clone(from);
        change(&mut q);
        check_query(&q).unwrap_err().to_string()
    };
    assert_eq!(
        broken(&|q| q.distance = f64::NAN, &apart),
        "distance is NaN"
    );
    assert_eq!(
        broken(&|q| q.depth = -0.5, &apart),
        "depth is negative: -5e-1"
    );
    assert_eq!(
        broken(&|q| q.distance = 0.25, &deep),
        "intersecting with distance 0.25"
    );
    assert_eq!(
        broken(&|q| q.normal = Some(DVec2::new(0.0, 2.0)), &deep),
        "normal [0, 2] is not a unit vector (length 2)"
    );
    assert_eq!(
        broken(&|q| q.depth = 0.5, &apart),
        "separated with depth 0.5"
    );
    assert_eq!(
        broken(&|q| q.closest_b = Some(DVec2::new(f64::NAN, 0.0)), &apart),
        "closest point [NaN, 0] is not finite"
    );
    assert_eq!(
        broken(
            &|q| {
                q.contacts = vec![Contact {
                    point: DVec2::ZERO,
                    depth: -1.0,
                }]
            },
            &deep
        ),
        "contact depth is negative: -1e0"
    );
    assert_eq!(
        broken(
            &|q| {
                q.contacts = vec![Contact {
                    point: DVec2::new(0.0, f64::INFINITY),
                    depth: 0.5,
                }]
            },
            &deep
        ),
        "contact point [0, inf] is not finite"
    );
}
