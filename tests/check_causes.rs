//! `gjk-lab check`, second step: what outside implementations write and how they go
//! wrong. Touching declared as apart is right on a touching pair and on no other; a
//! support point given as `p` alone is judged as a vertex difference (polygons) or a
//! point of the boundary of `A − B` (curved shapes), and gjk-lab's own traces so
//! stripped agree on every preset; each named cause is recognised from numbers made
//! here independently — f32 rounding by `as f32`, a triple product computed by hand, a
//! trace of the swapped pair, of another scene, a cycle through a dropped point, a
//! support point moved off the ellipse in EPA's and GJK distance's `refined` step.

#[path = "../core/tests/common/mod.rs"]
mod common;

use common::{support_value, world_vertices};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::check::{self, Cause, Report};
use gjk_lab_core::scene::Scene;
use gjk_lab_core::shapes::{Geometry, Shape};
use gjk_lab_core::DVec2;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gjk_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn scene_shapes(path: &str) -> Vec<Shape> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    Scene::load(&path)
        .unwrap()
        .shapes
        .into_iter()
        .map(|s| s.shape)
        .collect()
}

/// gjk-lab's own trace of shapes `a`, `b` as JSON lines.
fn own(algorithm: Algorithm, a: &Shape, b: &Shape) -> Vec<Value> {
    let t = gjk_lab_core::trace::trace(algorithm, a, b);
    t.steps.into_iter().chain([t.result]).collect()
}

fn text(lines: &[Value]) -> String {
    lines.iter().map(|l| l.to_string() + "\n").collect()
}

fn run(algorithm: Algorithm, a: &Shape, b: &Shape, lines: &[Value]) -> Report {
    let file = check::read(&text(lines)).expect("a well-formed file");
    check::check(algorithm, a, b, &file).expect("checkable")
}

/// The report's divergence, asserting there is one at `line` (1-based) with `cause`.
fn diverges(report: &Report, line: usize, cause: Option<Cause>) {
    let d = report
        .divergence
        .as_ref()
        .unwrap_or_else(|| panic!("expected a divergence at line {line}: {report:?}"));
    assert_eq!((d.line, d.cause), (line, cause), "{d:?}");
}

fn agrees(report: &Report, what: &str) {
    assert!(report.agree, "{what}: {:?}", report.divergence);
}

fn presets() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("ron" | "json")))
        .collect();
    files.sort();
    files
}

/// The index of the `ordinal`-th (1-based) line of `kind`.
fn nth(lines: &[Value], kind: &str, ordinal: usize) -> usize {
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l["kind"] == kind)
        .nth(ordinal - 1)
        .unwrap_or_else(|| panic!("no {ordinal}th {kind}"))
        .0
}

fn vec2(v: &Value) -> DVec2 {
    DVec2::new(v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

/// The trace with every support point written as `p` alone (a support function that
/// returns only the difference), in support lines and simplices alike.
fn p_alone(lines: &[Value]) -> Vec<Value> {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                if m.contains_key("p") && m.contains_key("a") {
                    m.retain(|k, _| k == "p");
                } else {
                    m.values_mut().for_each(strip);
                }
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut out = lines.to_vec();
    out.iter_mut().for_each(strip);
    out
}

#[test]
fn touching_is_a_convention_a_trace_can_declare() {
    // Two boxes sharing part of an edge: "no collision" is right only when the file
    // says touching is apart.
    let s = scene_shapes("scenes/edge-touching.ron");
    for algorithm in [Algorithm::Gjk, Algorithm::Epa, Algorithm::Sat] {
        let mut lines = own(algorithm, &s[0], &s[1]);
        let n = lines.len();
        lines[n - 1]["intersects"] = json!(false);
        let report = run(algorithm, &s[0], &s[1], &lines);
        let d = report
            .divergence
            .as_ref()
            .expect("apart is wrong by default");
        assert_eq!((d.line, d.rule.as_str()), (n, "verdict"), "{d:?}");
        if algorithm != Algorithm::Epa {
            // GJK's simplex passes through the origin; SAT has an axis of overlap 0.
            assert_eq!(d.cause, Some(Cause::MissingTouchingCase), "{d:?}");
            // The advice pairs `< 0` with a progress test: alone, it loops.
            assert!(d.fix.as_ref().unwrap().contains("progress test"), "{d:?}");
        }
        lines[n - 1]["touching"] = json!("apart");
        agrees(&run(algorithm, &s[0], &s[1], &lines), algorithm.name());
        // Intersecting is right too: at exactly 0 the rounding decides.
        lines[n - 1]["intersects"] = json!(true);
        agrees(&run(algorithm, &s[0], &s[1], &lines), algorithm.name());
    }
    // On a pair that overlaps (by 0.34), apart stays wrong whatever the convention.
    let s = scene_shapes("scenes/overlapping-polygons.ron");
    let mut lines = own(Algorithm::Gjk, &s[0], &s[1]);
    let n = lines.len();
    lines[n - 1]["intersects"] = json!(false);
    lines[n - 1]["touching"] = json!("apart");
    diverges(&run(Algorithm::Gjk, &s[0], &s[1], &lines), n, None);
}

#[test]
fn p_alone_is_enough_for_gjk_and_distance() {
    let mut checked = 0;
    for path in presets() {
        let scene = Scene::load(&path).unwrap();
        if scene.shapes.len() > 40 {
            continue;
        }
        for algorithm in [Algorithm::Gjk, Algorithm::Distance] {
            for (i, j) in [(0, 1), (1, 0)] {
                let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
                let lines = p_alone(&own(algorithm, a, b));
                assert!(!text(&lines).contains("\"a\":["), "stripped");
                let what = format!("{} {} {i},{j}", path.display(), algorithm.name());
                agrees(&run(algorithm, a, b, &lines), &what);
                checked += 1;
            }
        }
    }
    assert!(checked >= 100, "{checked}");

    // A vertex difference that is not the farthest along d, found by brute force over
    // the world vertices: diverges there, as "no farthest point".
    let s = scene_shapes("scenes/overlapping-polygons.ron");
    let lines = p_alone(&own(Algorithm::Gjk, &s[0], &s[1]));
    let k = nth(&lines, "support", 2);
    let d = vec2(&lines[k]["direction"]).normalize();
    let mut differences: Vec<DVec2> = world_vertices(&s[0])
        .into_iter()
        .flat_map(|p| world_vertices(&s[1]).into_iter().map(move |q| p - q))
        .collect();
    differences.sort_by(|p, q| p.dot(d).total_cmp(&q.dot(d)));
    let middle = differences[differences.len() / 2];
    let mut short = lines.clone();
    short[k]["support"]["p"] = json!(middle);
    let report = run(Algorithm::Gjk, &s[0], &s[1], &short);
    let divergence = report.divergence.unwrap();
    assert_eq!(divergence.line, k + 1);
    assert!(
        divergence.found.contains("short of A − B"),
        "{divergence:?}"
    );
    // A point that is no vertex difference at all (halfway to the next one).
    let mut between = lines.clone();
    between[k]["support"]["p"] = json!((differences[0] + differences[1]) * 0.5 + DVec2::X);
    let report = run(Algorithm::Gjk, &s[0], &s[1], &between);
    assert_eq!(report.divergence.unwrap().line, k + 1);
    // B's point along +d: the farthest of A along d minus the farthest of B along d.
    let far = |shape: &Shape, d: DVec2| {
        world_vertices(shape)
            .into_iter()
            .max_by(|p, q| p.dot(d).total_cmp(&q.dot(d)))
            .unwrap()
    };
    let mut sign = lines.clone();
    sign[k]["support"]["p"] = json!(far(&s[0], d) - far(&s[1], d));
    diverges(
        &run(Algorithm::Gjk, &s[0], &s[1], &sign),
        k + 1,
        Some(Cause::SupportSign),
    );
    // A curved pair: a point of the circle's boundary that is not the farthest.
    let s = scene_shapes("scenes/circle-polygon.ron");
    let lines = p_alone(&own(Algorithm::Distance, &s[0], &s[1]));
    let k = nth(&lines, "support", 1);
    let mut turned = lines.clone();
    let p = vec2(&lines[k]["support"]["p"]);
    turned[k]["support"]["p"] = json!(p + DVec2::new(0.05, -0.05));
    assert_eq!(
        run(Algorithm::Distance, &s[0], &s[1], &turned)
            .divergence
            .unwrap()
            .line,
        k + 1
    );
}

#[test]
fn a_trace_of_b_minus_a_is_named_and_the_command_line_suggests_the_pair() {
    let s = scene_shapes("scenes/overlapping-polygons.ron");
    for strip in [false, true] {
        let mut lines = own(Algorithm::Gjk, &s[1], &s[0]);
        if strip {
            lines = p_alone(&lines);
        }
        let k = nth(&lines, "support", 1);
        diverges(
            &run(Algorithm::Gjk, &s[0], &s[1], &lines),
            k + 1,
            Some(Cause::BMinusA),
        );
    }
    let dir = std::env::temp_dir().join(format!("gjk-lab-b-minus-a-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("swapped.jsonl");
    let out = gjk_lab(&[
        "trace",
        "scenes/overlapping-polygons.ron",
        "--algo",
        "gjk",
        "--pair",
        "1,0",
    ]);
    std::fs::write(&file, &out.stdout).unwrap();
    let file = file.to_str().unwrap();
    let args = [
        "check",
        "scenes/overlapping-polygons.ron",
        "--algo",
        "gjk",
        "--trace",
        file,
    ];
    let out = gjk_lab(&args);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("B − A"), "{report}");
    assert!(report.contains("try: --pair 1,0"), "{report}");
    let out = gjk_lab(&[&args[..], &["--json"]].concat());
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["suggested_pair"], json!([1, 0]));
    assert_eq!(json["divergence"]["cause"], "b_minus_a");
    assert!(json["divergence"]["fix"]
        .as_str()
        .unwrap()
        .contains("--pair"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_trace_of_another_scene_or_pair_is_named() {
    // dyn4j's shapes checked against another scene's pair.
    let dyn4j = scene_shapes("scenes/dyn4j-gjk.ron");
    let s = scene_shapes("scenes/overlapping-polygons.ron");
    for strip in [false, true] {
        let mut lines = own(Algorithm::Gjk, &dyn4j[0], &dyn4j[1]);
        if strip {
            lines = p_alone(&lines);
        }
        let k = nth(&lines, "support", 1);
        diverges(
            &run(Algorithm::Gjk, &s[0], &s[1], &lines),
            k + 1,
            Some(Cause::AnotherPair),
        );
    }
    // A scene of three shapes: a trace of pair 0,2 checked as 0,1 names 0,2.
    let dir = std::env::temp_dir().join(format!("gjk-lab-other-pair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scene = dir.join("three.ron");
    std::fs::write(
        &scene,
        r#"(shapes: [
            (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]), position: (0.0, 0.0)),
            (name: "B", shape: Polygon(vertices: [(-1.0, -0.5), (1.0, -0.5), (0.0, 1.0)]), position: (5.0, 0.3), rotation: 0.4),
            (name: "C", shape: Polygon(vertices: [(-0.7, -0.7), (0.7, -0.7), (0.7, 0.7), (-0.7, 0.7)]), position: (1.2, 0.9), rotation: 0.3),
        ])"#,
    )
    .unwrap();
    let scene = scene.to_str().unwrap();
    let out = gjk_lab(&["trace", scene, "--algo", "gjk", "--pair", "0,2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = dir.join("mine.jsonl");
    std::fs::write(&file, &out.stdout).unwrap();
    let out = gjk_lab(&[
        "check",
        scene,
        "--algo",
        "gjk",
        "--pair",
        "0,1",
        "--trace",
        file.to_str().unwrap(),
    ]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("another scene or pair"), "{report}");
    assert!(report.contains("try: --pair 0,2"), "{report}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `v` rounded to f32, as a program that stores world coordinates in `float` has it.
fn f32_point(v: DVec2) -> DVec2 {
    DVec2::new(f64::from(v.x as f32), f64::from(v.y as f32))
}

/// The trace with every support point's sources stored in f32 and its difference
/// computed in f32.
fn in_float32(lines: &[Value]) -> Vec<Value> {
    let mut out = lines.to_vec();
    for l in out.iter_mut().filter(|l| l["kind"] == "support") {
        let (a, b) = (
            f32_point(vec2(&l["support"]["a"])),
            f32_point(vec2(&l["support"]["b"])),
        );
        let p = DVec2::new(
            f64::from(a.x as f32 - b.x as f32),
            f64::from(a.y as f32 - b.y as f32),
        );
        l["support"] = json!({"a": a, "b": b, "p": p});
    }
    out
}

#[test]
fn float32_storage_far_from_the_origin_is_named_and_near_it_agrees() {
    // A millon units from the origin f32 keeps steps of 0.06: the first support point
    // is off by that much, far beyond the step tolerance.
    let s = scene_shapes("scenes/seed-004-epa-float.ron");
    assert!(s[0].position().length() > 1e5);
    let lines = in_float32(&own(Algorithm::Gjk, &s[0], &s[1]));
    let k = nth(&lines, "support", 1);
    diverges(
        &run(Algorithm::Gjk, &s[0], &s[1], &lines),
        k + 1,
        Some(Cause::Float32Storage),
    );
    diverges(
        &run(Algorithm::Gjk, &s[0], &s[1], &p_alone(&lines)),
        k + 1,
        Some(Cause::Float32Storage),
    );
    // Near the origin the same rounding is within a step's tolerance: no alarm.
    for scene in ["scenes/overlapping-polygons.ron", "scenes/dyn4j-gjk.ron"] {
        let s = scene_shapes(scene);
        let lines = in_float32(&own(Algorithm::Gjk, &s[0], &s[1]));
        agrees(&run(Algorithm::Gjk, &s[0], &s[1], &lines), scene);
    }
}

/// `(a × b) × c` in the plane, written out here: `b·(a·c) − a·(b·c)`.
fn triple(a: DVec2, b: DVec2, c: DVec2) -> DVec2 {
    b * a.dot(c) - a * b.dot(c)
}

#[test]
fn a_direction_of_rounding_noise_and_a_zero_direction_are_named() {
    // Two needles 1e-4 thick along each other: the segment from (1, 5e-5) to
    // (−3, −1.5e-4) passes exactly through the origin, and the triple product of its
    // points comes out as rounding noise (about 1e-14), pointing anywhere.
    let s = scene_shapes("scenes/gallery-slivers.ron");
    let (w1, w2) = (
        DVec2::new(1.0, 5e-5),
        DVec2::new(-3.0, -0.00015000000000000001),
    );
    let d = triple(w1 - w2, -w2, w1 - w2);
    assert!(d.length() > 0.0 && d.length() < 1e-12, "{d}");
    let point = |p: DVec2| json!({"p": p});
    let start = DVec2::new(1.0, 5e-5);
    let mut lines = vec![
        json!({"kind": "start", "direction": start}),
        json!({"kind": "support", "direction": start, "support": point(w1)}),
        json!({"kind": "region", "simplex": [w1]}),
        json!({"kind": "support", "direction": -w1, "support": point(w2)}),
        json!({"kind": "region", "simplex": [w1, w2]}),
        json!({"kind": "direction", "direction": d}),
        json!({"kind": "result", "trace_version": 1, "algorithm": "gjk", "intersects": true}),
    ];
    diverges(
        &run(Algorithm::Gjk, &s[0], &s[1], &lines),
        6,
        Some(Cause::TripleProductCancellation),
    );
    // The same segment and a zero direction: the origin on the segment, touching.
    lines[5] = json!({"kind": "direction", "direction": [0.0, 0.0]});
    diverges(
        &run(Algorithm::Gjk, &s[0], &s[1], &lines),
        6,
        Some(Cause::ZeroDirection),
    );
    // Stopping there is right: the origin is on the simplex.
    lines.remove(5);
    agrees(
        &run(Algorithm::Gjk, &s[0], &s[1], &lines),
        "stopped on the segment",
    );
}

#[test]
fn a_support_point_that_returns_after_it_was_dropped_is_a_cycle() {
    // Two boxes sharing an edge: A − B = [−4, 0] × [−2.5, 1.5], the origin on its
    // right edge, where the vertex differences (0, 1.5), (0, −0.5) and (0, −2.5) tie
    // along (1, 0). Every step below is one a correct run may take; the third support
    // point is the one the second reduction dropped, and it rebuilds the same simplex.
    let s = scene_shapes("scenes/edge-touching.ron");
    let (top, mid, low) = (
        DVec2::new(0.0, 1.5),
        DVec2::new(0.0, -0.5),
        DVec2::new(0.0, -2.5),
    );
    for p in [top, mid, low] {
        // Independent: each is a vertex difference on the support line x = 0.
        assert!((common::h(&s[0], &s[1], DVec2::X) - p.x).abs() < 1e-12);
        assert!(world_vertices(&s[0])
            .iter()
            .any(|a| world_vertices(&s[1])
                .iter()
                .any(|b| (*a - *b - p).length() < 1e-12)));
    }
    let x = DVec2::X;
    let support = |p: DVec2| json!({"kind": "support", "direction": x, "support": {"p": p}});
    let lines = vec![
        json!({"kind": "start", "direction": x}),
        support(top),
        json!({"kind": "region", "simplex": [top]}),
        json!({"kind": "support", "direction": -top, "support": {"p": low}}),
        json!({"kind": "region", "simplex": [top, low]}),
        support(mid),
        json!({"kind": "region", "simplex": [top, low]}),
        support(mid),
        json!({"kind": "region", "simplex": [top, low]}),
        support(mid),
        json!({"kind": "result", "trace_version": 1, "algorithm": "gjk", "intersects": true}),
    ];
    // Line 8 brings back the point line 6 found and line 7 dropped: the whole simplex
    // of line 6 again. Going on after it (the search at line 10) is the cycle.
    let report = run(Algorithm::Gjk, &s[0], &s[1], &lines);
    diverges(&report, 10, Some(Cause::TouchingLoop));
    let d = report.divergence.unwrap();
    assert!(d.found.contains("came back"), "{d:?}");
    // Stopping at the returning point is right.
    agrees(
        &run(
            Algorithm::Gjk,
            &s[0],
            &s[1],
            &[&lines[..8], &lines[10..]].concat(),
        ),
        "stopped when the point came back",
    );
}

#[test]
fn a_moved_support_point_in_the_refined_step_is_found() {
    // EPA on an ellipse and a polygon, and GJK distance on an ellipse and a polygon:
    // the support point along the turned normal, moved along the ellipse's boundary
    // (its parametric angle turned by 0.05 rad), is no farthest point.
    for (scene, algorithm) in [
        ("scenes/ellipse-polygon-depth.ron", Algorithm::Epa),
        ("scenes/ellipse-polygon.ron", Algorithm::Distance),
    ] {
        let s = scene_shapes(scene);
        let lines = own(algorithm, &s[0], &s[1]);
        let k = nth(&lines, "refined", 1);
        agrees(&run(algorithm, &s[0], &s[1], &lines), scene);
        let (ellipse, theta) = match s[0].geometry() {
            Geometry::Ellipse(e) => (*e, s[0].pose().rotation),
            _ => panic!("{scene}: shape 0 is the ellipse"),
        };
        let a = vec2(&lines[k]["support"]["a"]);
        let local = DVec2::from_angle(-theta).rotate(a - s[0].position());
        let phi = (local.y / ellipse.b).atan2(local.x / ellipse.a) + 0.05;
        let moved = s[0].position()
            + DVec2::from_angle(theta)
                .rotate(DVec2::new(ellipse.a * phi.cos(), ellipse.b * phi.sin()));
        let n = vec2(&lines[k]["normal"]);
        assert!(moved.dot(n) < support_value(&s[0], n.normalize()) - 1e-4);
        let mut bad = lines.clone();
        bad[k]["support"]["a"] = json!(moved);
        bad[k]["support"]["p"] = json!(moved - vec2(&lines[k]["support"]["b"]));
        let report = run(algorithm, &s[0], &s[1], &bad);
        diverges(&report, k + 1, None);
        assert_eq!(report.divergence.unwrap().rule, "support point");
    }
}
