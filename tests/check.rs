//! `gjk-lab check`: gjk-lab's own trace of every preset agrees with itself (A and B
//! swapped too); traces broken in each known way diverge at the broken line with the
//! right cause, the broken numbers made from independent references (brute-force
//! support over the world vertices, closed-form ellipse points); equivalent choices
//! (another first direction, another order of the simplex, the other normal sign
//! when the file states it) still agree; each kind of malformed file exits with code
//! 2 and one line naming file:line; the Python example and its buggy copy give exit
//! codes 0 and 1 at the right step.

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

/// The report's divergence, asserting there is one at `line` (1-based).
fn diverges(report: &Report, line: usize, cause: Option<Cause>) {
    let d = report
        .divergence
        .as_ref()
        .unwrap_or_else(|| panic!("expected a divergence at line {line}: {report:?}"));
    assert_eq!(d.line, line, "{d:?}");
    assert_eq!(d.cause, cause, "{d:?}");
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

/// The index of the first line of `kind` (its `ordinal`-th, 1-based).
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

#[test]
fn every_preset_checks_as_agreeing_with_itself_both_ways() {
    let mut checked = 0;
    for path in presets() {
        let scene = Scene::load(&path).unwrap();
        if scene.shapes.len() > 40 {
            continue; // the many-shapes scenes: their pair 0,1 is like any other
        }
        for algorithm in check::CHECKED {
            for (i, j) in [(0, 1), (1, 0)] {
                let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
                let report = run(algorithm, a, b, &own(algorithm, a, b));
                assert!(
                    report.agree,
                    "{} {} {i},{j}: {:?}",
                    path.display(),
                    algorithm.name(),
                    report.divergence
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 200, "{checked} traces checked");
}

#[test]
fn the_command_line_pipes_trace_into_check() {
    let dir = std::env::temp_dir().join(format!("gjk-lab-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (scene, algo) in [
        ("scenes/circle-polygon.ron", "epa"),
        ("scenes/ellipse-polygon.ron", "distance"),
        ("scenes/concave-l-box.ron", "gjk"),
        ("scenes/sat-separated.ron", "sat"),
    ] {
        let out = gjk_lab(&["trace", scene, "--algo", algo, "--pair", "1,0"]);
        assert!(out.status.success());
        let file = dir.join(format!("{algo}.jsonl"));
        std::fs::write(&file, &out.stdout).unwrap();
        let file = file.to_str().unwrap();
        let out = gjk_lab(&[
            "check", scene, "--algo", algo, "--pair", "1,0", "--trace", file,
        ]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{scene} {algo}: {stdout}");
        assert!(stdout.contains("agrees"), "{stdout}");
        let out = gjk_lab(&[
            "check", scene, "--algo", algo, "--pair", "1,0", "--trace", file, "--json",
        ]);
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["agree"], true);
        assert_eq!(report["pair"], json!([1, 0]));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_support_point_that_is_not_farthest_diverges_there() {
    let s = scene_shapes("scenes/overlapping-polygons.ron");
    let mut lines = own(Algorithm::Gjk, &s[0], &s[1]);
    let k = nth(&lines, "support", 2);
    let d = vec2(&lines[k]["direction"]);
    // Brute force over A's world vertices: one halfway down the list by reach along
    // d (neither the farthest along d nor along −d).
    let mut by_reach = world_vertices(&s[0]);
    by_reach.sort_by(|p, q| p.dot(d).total_cmp(&q.dot(d)));
    let worst = by_reach[by_reach.len() / 2];
    assert!(worst.dot(d) < support_value(&s[0], d.normalize()) * d.length() - 1e-3);
    lines[k]["support"]["a"] = json!(worst);
    lines[k]["support"]["p"] = json!(worst - vec2(&lines[k]["support"]["b"]));
    let report = run(Algorithm::Gjk, &s[0], &s[1], &lines);
    diverges(&report, k + 1, None);
    assert_eq!(report.divergence.unwrap().rule, "support point");

    // B's support along +d instead of −d.
    let mut lines = own(Algorithm::Gjk, &s[0], &s[1]);
    let wrong_b = world_vertices(&s[1])
        .into_iter()
        .max_by(|p, q| p.dot(d).total_cmp(&q.dot(d)))
        .unwrap();
    lines[k]["support"]["b"] = json!(wrong_b);
    lines[k]["support"]["p"] = json!(vec2(&lines[k]["support"]["a"]) - wrong_b);
    diverges(
        &run(Algorithm::Gjk, &s[0], &s[1], &lines),
        k + 1,
        Some(Cause::SupportSign),
    );
}

#[test]
fn the_ellipse_point_at_the_angle_of_d_is_named() {
    let s = scene_shapes("scenes/ellipse-polygon.ron");
    let (ellipse, theta) = match s[0].geometry() {
        Geometry::Ellipse(e) => (*e, s[0].pose().rotation),
        _ => panic!("shape 0 is the ellipse"),
    };
    let mut lines = own(Algorithm::Distance, &s[0], &s[1]);
    let k = nth(&lines, "support", 1);
    let d = vec2(&lines[k]["direction"]);
    // Seed 001's point, computed here in closed form: the angle of d in the ellipse's
    // frame, then (a cos φ, b sin φ) placed in the world.
    let phi = d.y.atan2(d.x) - theta;
    let local = DVec2::new(ellipse.a * phi.cos(), ellipse.b * phi.sin());
    let angle_point = s[0].position() + DVec2::from_angle(theta).rotate(local);
    lines[k]["support"]["a"] = json!(angle_point);
    lines[k]["support"]["p"] = json!(angle_point - vec2(&lines[k]["support"]["b"]));
    diverges(
        &run(Algorithm::Distance, &s[0], &s[1], &lines),
        k + 1,
        Some(Cause::EllipseAngleSupport),
    );
}

#[test]
fn reductions_and_directions_are_judged_by_voronoi_regions_not_by_order() {
    let s = scene_shapes("scenes/dyn4j-distance.ron");
    let lines = own(Algorithm::Distance, &s[0], &s[1]);
    // Another order of the simplex's points: the same set, still right.
    let mut reordered = lines.clone();
    for l in reordered.iter_mut().filter(|l| l["kind"] == "region") {
        l["simplex"].as_array_mut().unwrap().reverse();
    }
    assert!(run(Algorithm::Distance, &s[0], &s[1], &reordered).agree);
    // A region that keeps the point the reduction dropped.
    let k = lines
        .iter()
        .position(|l| l["kind"] == "region" && !l["dropped"].as_array().unwrap().is_empty())
        .expect("some reduction drops a point");
    let mut unreduced = lines.clone();
    let mut all = lines[k]["simplex"].as_array().unwrap().clone();
    all.extend(lines[k]["dropped"].as_array().unwrap().iter().cloned());
    unreduced[k]["simplex"] = json!(all);
    diverges(
        &run(Algorithm::Distance, &s[0], &s[1], &unreduced),
        k + 1,
        Some(Cause::NotReduced),
    );
    // The direction turned round.
    let k = nth(&lines, "direction", 2);
    let mut flipped = lines.clone();
    flipped[k]["direction"] = json!(-vec2(&lines[k]["direction"]));
    diverges(
        &run(Algorithm::Distance, &s[0], &s[1], &flipped),
        k + 1,
        Some(Cause::DirectionAwayFromOrigin),
    );
}

#[test]
fn going_on_after_a_repeated_support_point_is_cycling() {
    let s = scene_shapes("scenes/dyn4j-distance.ron");
    let lines = own(Algorithm::Distance, &s[0], &s[1]);
    let last = nth(&lines, "support", 4);
    let region = lines[nth(&lines, "region", 3)].clone();
    let direction = lines[nth(&lines, "direction", 3)].clone();
    // The last support point repeats a simplex point; a loop without the progress
    // test adds it, reduces to the same feature, and asks again.
    let mut cycling: Vec<Value> = lines[..=last].to_vec();
    for _ in 0..3 {
        cycling.push(region.clone());
        cycling.push(direction.clone());
        cycling.push(lines[last].clone());
    }
    cycling.push(lines.last().unwrap().clone());
    diverges(
        &run(Algorithm::Distance, &s[0], &s[1], &cycling),
        last + 4,
        Some(Cause::NoProgressTest),
    );
}

#[test]
fn verdicts_distances_depths_and_normals_are_gjk_labs() {
    // Touching boxes called separated.
    let s = scene_shapes("scenes/edge-touching.ron");
    let mut lines = own(Algorithm::Sat, &s[0], &s[1]);
    let n = lines.len();
    lines[n - 1]["intersects"] = json!(false);
    diverges(
        &run(Algorithm::Sat, &s[0], &s[1], &lines),
        n,
        Some(Cause::MissingTouchingCase),
    );
    // EPA's normal from B towards A: wrong, unless the file says so.
    let s = scene_shapes("scenes/overlapping-polygons.ron");
    let mut lines = own(Algorithm::Epa, &s[0], &s[1]);
    let n = lines.len();
    lines[n - 1]["normal"] = json!(-vec2(&lines[n - 1]["normal"]));
    diverges(
        &run(Algorithm::Epa, &s[0], &s[1], &lines),
        n,
        Some(Cause::WrongNormalSign),
    );
    lines[n - 1]["normal_convention"] = json!("b_to_a");
    assert!(run(Algorithm::Epa, &s[0], &s[1], &lines).agree);
    // EPA stopped after its first support point, at the first edge's distance.
    let lines = own(Algorithm::Epa, &s[0], &s[1]);
    let k = nth(&lines, "support", 1);
    let mut early: Vec<Value> = lines[..=k].to_vec();
    let mut result = lines.last().unwrap().clone();
    result["depth"] = lines[k - 1]["edge"]["distance"].clone();
    result["normal"] = lines[k - 1]["edge"]["normal"].clone();
    early.push(result);
    diverges(
        &run(Algorithm::Epa, &s[0], &s[1], &early),
        k + 2,
        Some(Cause::EpaToleranceTooLoose),
    );
    // A distance that is too large (stopped early), checked against brute force.
    let s = scene_shapes("scenes/separated-polygons.ron");
    let mut lines = own(Algorithm::Distance, &s[0], &s[1]);
    let n = lines.len();
    let true_distance = -common::reference(&s[0], &s[1]).signed;
    lines[n - 1]["distance"] = json!(true_distance * 1.01);
    diverges(
        &run(Algorithm::Distance, &s[0], &s[1], &lines),
        n,
        Some(Cause::StoppedEarly),
    );
}

#[test]
fn sat_must_test_the_axis_that_separates() {
    let s = scene_shapes("scenes/sat-separated.ron");
    let lines = own(Algorithm::Sat, &s[0], &s[1]);
    // Only the axes that overlap, then "intersecting".
    let mut missed: Vec<Value> = lines
        .iter()
        .filter(|l| l["kind"] == "axis" && l["overlap"].as_f64().unwrap() >= 0.0)
        .cloned()
        .collect();
    let mut result = lines.last().unwrap().clone();
    result["intersects"] = json!(true);
    result["depth"] = json!(0.1);
    result["normal"] = json!([1.0, 0.0]);
    missed.push(result);
    let n = missed.len();
    diverges(
        &run(Algorithm::Sat, &s[0], &s[1], &missed),
        n,
        Some(Cause::MissedAxis),
    );
    // An axis of length 2.
    let mut long = lines.clone();
    long[0]["axis"] = json!(vec2(&lines[0]["axis"]) * 2.0);
    diverges(
        &run(Algorithm::Sat, &s[0], &s[1], &long),
        1,
        Some(Cause::AxisNotNormalized),
    );
}

/// Exit code 2, one line on stderr naming the file and line, nothing on stdout.
fn rejected(dir: &Path, name: &str, content: &str, line: usize, words: &str) {
    let file = dir.join(name);
    std::fs::write(&file, content).unwrap();
    let file = file.to_str().unwrap();
    let out = gjk_lab(&[
        "check",
        "scenes/overlapping-polygons.ron",
        "--algo",
        "gjk",
        "--trace",
        file,
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
    assert!(out.stdout.is_empty(), "{name}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{name}: {stderr}");
    assert!(
        stderr.contains(&format!("{file}:{line}:")),
        "{name}: {stderr}"
    );
    assert!(stderr.contains(words), "{name}: {stderr}");
}

#[test]
fn each_kind_of_malformed_file_exits_with_code_2_naming_its_line() {
    let dir = std::env::temp_dir().join(format!("gjk-lab-bad-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let s = scene_shapes("scenes/overlapping-polygons.ron");
    let good = text(&own(Algorithm::Gjk, &s[0], &s[1]));
    let lines: Vec<&str> = good.lines().collect();
    let n = lines.len();
    let with = |k: usize, new: &str| {
        let mut l = lines.clone();
        l[k] = new;
        l.join("\n") + "\n"
    };
    let v2 = lines[n - 1].replace("\"trace_version\":1", "\"trace_version\":2");
    rejected(&dir, "version.jsonl", &with(n - 1, &v2), n, "version 2");
    let no_version = lines[n - 1].replace("\"trace_version\":1", "\"x\":1");
    rejected(
        &dir,
        "noversion.jsonl",
        &with(n - 1, &no_version),
        n,
        "trace_version",
    );
    let no_a = lines[1].replacen("\"a\":", "\"q\":", 1);
    rejected(&dir, "missing.jsonl", &with(1, &no_a), 2, "support.a");
    let nan = r#"{"kind":"direction","direction":[NaN,1.0]}"#;
    rejected(&dir, "nan.jsonl", &with(4, nan), 5, "NaN");
    let cut = &lines[2][..lines[2].len() / 2];
    rejected(&dir, "cut.jsonl", &with(2, cut), 3, "cut short");
    let truncated = lines[..n - 3].join("\n") + "\n";
    rejected(&dir, "truncated.jsonl", &truncated, n - 3, "result line");
    let sat = lines[n - 1].replace("\"algorithm\":\"gjk\"", "\"algorithm\":\"sat\"");
    rejected(&dir, "other.jsonl", &with(n - 1, &sat), n, "sat");
    // A file that does not exist, and an algorithm check does not replay.
    let out = gjk_lab(&[
        "check",
        "scenes/overlapping-polygons.ron",
        "--algo",
        "clip",
        "--trace",
        "nowhere.jsonl",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("check replays"));
    let out = gjk_lab(&[
        "check",
        "scenes/overlapping-polygons.ron",
        "--algo",
        "gjk",
        "--trace",
        "no/such/trace.jsonl",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/trace.jsonl"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_python_reference_agrees_and_its_buggy_copy_is_caught_at_its_step() {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|o| o.status.success()) {
        println!("skipped: python3 is not installed, so the examples cannot run");
        return;
    }
    let dir = std::env::temp_dir().join(format!("gjk-lab-python-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut codes = vec![];
    for (script, scene) in [
        ("examples/gjk_reference.py", "scenes/dyn4j-gjk.ron"),
        ("examples/gjk_wrong_direction.py", "scenes/dyn4j-gjk.ron"),
        ("examples/gjk_reference.py", "scenes/far-away.json"),
    ] {
        let mut cmd = Command::new("python3");
        cmd.arg(script).current_dir(env!("CARGO_MANIFEST_DIR"));
        if scene.ends_with(".json") {
            cmd.arg(scene);
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{script}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let file = dir.join("mine.jsonl");
        std::fs::write(&file, &out.stdout).unwrap();
        let file = file.to_str().unwrap();
        let out = gjk_lab(&["check", scene, "--algo", "gjk", "--trace", file]);
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        codes.push((out.status.code(), stdout));
    }
    assert_eq!(codes[0].0, Some(0), "{}", codes[0].1);
    assert_eq!(codes[2].0, Some(0), "{}", codes[2].1);
    let (code, report) = &codes[1];
    assert_eq!(*code, Some(1), "{report}");
    // Line 7: the direction from the segment, the first step the bug changes.
    assert!(
        report.contains("mine.jsonl:7: diverges at step 7 (direction)"),
        "{report}"
    );
    assert!(report.contains("points away from the origin"), "{report}");
    assert!(report.contains("likely cause"), "{report}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The trace with every support point written as `p` alone (no `a`, `b`).
fn p_alone(lines: &[Value]) -> Vec<Value> {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) if m.contains_key("p") && m.contains_key("a") => {
                m.retain(|k, _| k == "p");
            }
            Value::Object(m) => m.values_mut().for_each(strip),
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut out = lines.to_vec();
    out.iter_mut().for_each(strip);
    out
}

/// A shape for the property test: a random convex polygon, a circle or an ellipse.
fn arb_shape() -> impl proptest::strategy::Strategy<Value = Shape> {
    use gjk_lab_core::shapes::{Circle, Ellipse, Pose};
    use proptest::prelude::*;
    let geometry = prop_oneof![
        3 => common::arb_convex_polygon(8, 0.3..2.0, 0.05),
        1 => (0.2f64..1.5).prop_map(|radius| Geometry::Circle(Circle { radius })),
        1 => (0.3f64..2.0, 0.2f64..1.0).prop_map(|(a, b)| Geometry::Ellipse(Ellipse { a, b })),
    ];
    (geometry, -2.0f64..2.0, -2.0f64..2.0, -3.2f64..3.2)
        .prop_map(|(g, x, y, r)| Shape::new(g, Pose::new(DVec2::new(x, y), r)))
}

proptest::proptest! {
    #![proptest_config(common::proptest_config(300))]

    /// gjk-lab's own trace of random pairs — polygons, circles, ellipses, apart,
    /// touching or overlapping — agrees with itself for every algorithm check replays:
    /// the checker's invariants hold for every step a correct run takes. GJK's and
    /// GJK distance's agree too with every support point written as `p` alone.
    #[test]
    fn gjk_labs_own_trace_of_random_pairs_agrees(a in arb_shape(), b in arb_shape()) {
        for algorithm in check::CHECKED {
            let lines = own(algorithm, &a, &b);
            let report = run(algorithm, &a, &b, &lines);
            proptest::prop_assert!(
                report.agree,
                "{}: {:?}\n{a:?}\n{b:?}",
                algorithm.name(),
                report.divergence
            );
            if matches!(algorithm, Algorithm::Gjk | Algorithm::Distance) {
                let report = run(algorithm, &a, &b, &p_alone(&lines));
                proptest::prop_assert!(
                    report.agree,
                    "{} with p alone: {:?}\n{a:?}\n{b:?}",
                    algorithm.name(),
                    report.divergence
                );
            }
        }
    }
}

/// EPA's and SAT's stage mistakes are named from the numbers alone (no interpreter
/// needed: gjk-lab's own traces, one number changed), and a trace cut at a stage
/// agrees up to it.
#[test]
fn epa_and_sat_stage_mistakes_are_named_from_the_numbers() {
    let s = scene_shapes("scenes/dyn4j-epa.ron");
    let lines = own(Algorithm::Epa, &s[0], &s[1]);
    let k = nth(&lines, "closest_edge", 1);
    let edge = lines[k]["edge"].clone();
    let normal = vec2(&edge["normal"]);
    let from = vec2(&lines[k]["from"]["p"]);
    for (field, value, cause) in [
        ("normal", json!(-normal), Cause::InwardEdgeNormal),
        (
            "normal",
            json!(normal * 3.0),
            Cause::EdgeNormalNotNormalized,
        ),
        (
            "distance",
            json!(from.length()),
            Cause::EdgeDistanceFromVertex,
        ),
    ] {
        let mut wrong = lines.clone();
        wrong[k]["edge"][field] = value;
        diverges(
            &run(Algorithm::Epa, &s[0], &s[1], &wrong),
            k + 1,
            Some(cause),
        );
    }
    // Cut after the first closest edge, declared stage 1: it agrees, stage 2 next.
    let mut cut = lines[..=k].to_vec();
    cut.push(json!({"kind": "result", "trace_version": 1, "algorithm": "epa", "intersects": true, "stage": 1}));
    let report = run(Algorithm::Epa, &s[0], &s[1], &cut);
    assert!(report.agree, "{report:?}");
    assert_eq!(report.next_stage.map(|n| n.title), Some("expand"));

    let s = scene_shapes("scenes/sat-overlapping.ron");
    let lines = own(Algorithm::Sat, &s[0], &s[1]);
    let axes: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i]["kind"] == "axis")
        .collect();
    // The overlap as one term only, where the other is the smaller.
    let (i, larger) = axes
        .iter()
        .find_map(|&i| {
            let (a, b) = (&lines[i]["projection_a"], &lines[i]["projection_b"]);
            let t1 = a[1].as_f64()? - b[0].as_f64()?;
            let t2 = b[1].as_f64()? - a[0].as_f64()?;
            ((t1 - t2).abs() > 0.1).then_some((i, t1.max(t2)))
        })
        .expect("an axis whose two terms differ");
    let mut wrong = lines.clone();
    wrong[i]["overlap"] = json!(larger);
    diverges(
        &run(Algorithm::Sat, &s[0], &s[1], &wrong),
        i + 1,
        Some(Cause::OneSidedOverlap),
    );
    // A shadow narrower than the shape's.
    let mut wrong = lines.clone();
    let (lo, hi) = (
        wrong[i]["projection_a"][0].as_f64().unwrap(),
        wrong[i]["projection_a"][1].as_f64().unwrap(),
    );
    wrong[i]["projection_a"] = json!([lo + (hi - lo) / 4.0, hi - (hi - lo) / 4.0]);
    diverges(
        &run(Algorithm::Sat, &s[0], &s[1], &wrong),
        i + 1,
        Some(Cause::NarrowShadow),
    );
    // Stage 1: the axes alone. All of them agree; two of them only miss one.
    let mut listed: Vec<Value> = axes
        .iter()
        .map(|&i| json!({"kind": "axis", "axis": lines[i]["axis"]}))
        .collect();
    let result = json!({"kind": "result", "trace_version": 1, "algorithm": "sat", "intersects": null, "stage": 1});
    listed.push(result.clone());
    let report = run(Algorithm::Sat, &s[0], &s[1], &listed);
    assert!(report.agree, "{report:?}");
    assert_eq!(report.next_stage.map(|n| n.title), Some("the shadows"));
    let mut listed = listed[..2].to_vec();
    listed.push(result);
    let n = listed.len();
    diverges(
        &run(Algorithm::Sat, &s[0], &s[1], &listed),
        n,
        Some(Cause::MissedAxis),
    );
}
