//! The command-line contract: `query` answers every preset correctly (against the
//! brute-force references), `trace` prints one JSON object per step and then the
//! result, `bench` runs, and bad input gives exit code 2, one line on stderr and
//! nothing on stdout.

#[path = "../core/tests/common/mod.rs"]
mod common;

use common::{h, reference};
use gjk_lab_core::scene::Scene;
use gjk_lab_core::shapes::{Geometry, Shape};
use gjk_lab_core::DVec2;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gjk_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn presets() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("ron" | "json")))
        .collect();
    files.sort();
    assert!(files.len() >= 9, "the presets are missing");
    files
}

fn vec2(v: &Value) -> DVec2 {
    DVec2::new(v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

#[test]
fn query_answers_every_preset_like_the_brute_force_reference() {
    for path in presets() {
        if Scene::load(&path).unwrap().shapes.len() > 200 {
            // The 2,000-shape scene is for the window's frame time: its 2 million
            // pairs would take minutes against brute force in a debug build.
            continue;
        }
        let out = gjk_lab(&["query", path.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        let scene = Scene::load(&path).unwrap();
        let n = scene.shapes.len();
        let pairs = json["pairs"].as_array().unwrap();
        assert_eq!(pairs.len(), n * (n - 1) / 2);
        for p in pairs {
            let (i, j) = (
                p["a"].as_u64().unwrap() as usize,
                p["b"].as_u64().unwrap() as usize,
            );
            assert!(i < j);
            let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
            let r = reference(a, b);
            let tol = 1e-7 * a.bounding_radius().max(b.bounding_radius());
            let what = format!("{} pair {i},{j}: {p}", path.display());
            assert_eq!(
                p["intersects"].as_bool().unwrap(),
                r.signed >= -tol,
                "{what}"
            );
            if r.signed >= -tol {
                assert!(
                    (p["depth"].as_f64().unwrap() - r.signed.max(0.0)).abs() <= tol,
                    "{what}"
                );
                assert_eq!(p["distance"].as_f64().unwrap(), 0.0, "{what}");
                let normal = vec2(&p["normal"]);
                // With a concave shape the normal is the decisive part pair's.
                let (a, b) = match p["parts"].as_array() {
                    Some(ij) => (
                        &a.parts()[ij[0].as_u64().unwrap() as usize],
                        &b.parts()[ij[1].as_u64().unwrap() as usize],
                    ),
                    None => (a, b),
                };
                assert!(
                    (h(a, b, normal) - p["depth"].as_f64().unwrap()).abs() <= tol,
                    "{what}"
                );
                assert!(
                    p["closest_a"].is_null() && p["closest_b"].is_null(),
                    "{what}"
                );
                // One or two contact points, none deeper than the penetration.
                let contacts = p["contacts"].as_array().unwrap();
                assert!((1..=2).contains(&contacts.len()), "{what}");
                for c in contacts {
                    let d = c["depth"].as_f64().unwrap();
                    assert!(
                        d >= 0.0 && d <= p["depth"].as_f64().unwrap() + tol,
                        "{what}"
                    );
                    assert!(vec2(&c["point"]).is_finite(), "{what}");
                }
            } else {
                assert!(
                    (p["distance"].as_f64().unwrap() + r.signed).abs() <= tol,
                    "{what}"
                );
                assert_eq!(p["depth"].as_f64().unwrap(), 0.0, "{what}");
                assert!(p["normal"].is_null(), "{what}");
                let gap = vec2(&p["closest_b"]) - vec2(&p["closest_a"]);
                assert!((gap.length() + r.signed).abs() <= tol, "{what}");
                assert_eq!(p["contacts"], serde_json::json!([]), "{what}");
            }
            // (0 when no support point was needed: two polygons settled by B's
            // centroid inside A.)
            assert!(p["iterations"]["gjk"].is_u64(), "{what}");
            assert!(p["iterations"]["epa"].is_u64(), "{what}");
        }
    }
}

/// The method `query` should name for a convex pair, from the shapes' kinds and the
/// brute-force verdict alone (the conventions in docs/conventions.md).
fn expected_method(a: &Shape, b: &Shape, intersects: bool) -> &'static [&'static str] {
    let kind = |s: &Shape| match s.geometry() {
        Geometry::Polygon(_) => "polygon",
        Geometry::Circle(_) => "circle",
        Geometry::Ellipse(_) => "ellipse",
        _ => "other",
    };
    match (kind(a), kind(b), intersects) {
        ("polygon", "circle", _) | ("circle", "polygon", _) => &["circle-polygon"],
        ("polygon", "polygon", false) => &["polygon-distance"],
        ("polygon", "polygon", true) => &["face-separation", "box-box"],
        // Squash and climb; EPA when its way out fails its check.
        ("polygon", "ellipse", _) | ("ellipse", "polygon", _) => &["ellipse-polygon", "epa"],
        (_, _, false) => &["distance"],
        (_, _, true) => &["epa"],
    }
}

/// `query` on capsule pairs written as a scene: apart, the distance is the exact
/// segment–segment distance minus the radii (worked out here by hand); overlapping
/// with apart cores, the depth is the radii minus that distance.
#[test]
fn query_answers_capsule_pairs_like_the_segment_distance() {
    let dir = std::env::temp_dir().join(format!("gjk-lab-capsules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Cores: (0,0)–(2,0) and (3,1)–(3,3) (B at (3, 2), turned a quarter): nearest
    // (2,0) and (3,1), √2 apart; radii 0.3 and 0.2: distance √2 − 0.5. Then B moved
    // 0.6 left: cores (2.4,1)–(2.4,3), nearest (2,0)–(2.4,1), √1.16 apart, less than
    // the radii's sum 1.5 (with radii 1.0 and 0.5): depth 1.5 − √1.16.
    for (text, signed) in [
        (
            "(shapes: [(shape: Capsule(a: (0.0, 0.0), b: (2.0, 0.0), radius: 0.3), \
             position: (0.0, 0.0)), (shape: Capsule(a: (-1.0, 0.0), b: (1.0, 0.0), \
             radius: 0.2), position: (3.0, 2.0), rotation: 1.5707963267948966)])",
            0.5 - 2f64.sqrt(),
        ),
        (
            "(shapes: [(shape: Capsule(a: (0.0, 0.0), b: (2.0, 0.0), radius: 1.0), \
             position: (0.0, 0.0)), (shape: Capsule(a: (-1.0, 0.0), b: (1.0, 0.0), \
             radius: 0.5), position: (2.4, 2.0), rotation: 1.5707963267948966)])",
            1.5 - 1.16f64.sqrt(),
        ),
    ] {
        let file = dir.join("capsules.ron");
        std::fs::write(&file, text).unwrap();
        let out = gjk_lab(&["query", file.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        let p = &json["pairs"][0];
        if signed < 0.0 {
            assert_eq!(p["intersects"], false, "{p}");
            assert!(
                (p["distance"].as_f64().unwrap() + signed).abs() < 1e-12,
                "{p}"
            );
        } else {
            assert_eq!(p["intersects"], true, "{p}");
            assert!((p["depth"].as_f64().unwrap() - signed).abs() < 1e-12, "{p}");
            assert_eq!(p["method"]["name"], "epa", "{p}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn query_says_its_version_and_which_method_answered() {
    for path in presets() {
        let scene = Scene::load(&path).unwrap();
        if scene.shapes.len() > 12 {
            continue;
        }
        let out = gjk_lab(&["query", path.to_str().unwrap()]);
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["version"], 2, "{}", path.display());
        for p in json["pairs"].as_array().unwrap() {
            let (i, j) = (p["a"].as_u64().unwrap(), p["b"].as_u64().unwrap());
            let (a, b) = (
                &scene.shapes[i as usize].shape,
                &scene.shapes[j as usize].shape,
            );
            let what = format!("{} pair {i},{j}: {}", path.display(), p["method"]);
            let name = p["method"]["name"].as_str().expect("method.name");
            assert!(p["method"]["outcome"].is_object(), "{what}");
            if a.is_concave() || b.is_concave() {
                continue;
            }
            let tol = 1e-7 * a.bounding_radius().max(b.bounding_radius());
            let intersects = reference(a, b).signed >= -tol;
            assert!(
                expected_method(a, b, intersects).contains(&name),
                "{what}: expected one of {:?}",
                expected_method(a, b, intersects)
            );
            // Version 1's fields are all still there.
            for key in [
                "intersects",
                "distance",
                "depth",
                "iterations",
                "outcome",
                "contacts",
            ] {
                assert!(!p[key].is_null(), "{what}: {key}");
            }
        }
    }
}

#[test]
fn trace_prints_numbered_steps_then_the_result() {
    for algo in [
        "gjk",
        "distance",
        "epa",
        "pseudo-epa",
        "sat",
        "sat-obb",
        "clip",
    ] {
        for path in presets() {
            let out = gjk_lab(&[
                "trace",
                path.to_str().unwrap(),
                "--algo",
                algo,
                "--pair",
                "0,1",
            ]);
            assert!(out.status.success(), "{algo} {}", path.display());
            let text = String::from_utf8(out.stdout).unwrap();
            let lines: Vec<Value> = text
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert!(lines.len() >= 2, "{algo} {}: {text}", path.display());
            for (k, line) in lines.iter().enumerate() {
                assert_eq!(line["index"].as_u64().unwrap() as usize, k + 1, "{line}");
                assert!(line["kind"].is_string(), "{line}");
            }
            let (last_step, result) = (&lines[lines.len() - 2], &lines[lines.len() - 1]);
            assert_eq!(last_step["kind"], "done", "the last step names the outcome");
            assert!(last_step["outcome"]["reason"].is_string());
            assert_eq!(result["kind"], "result");
            assert_eq!(result["algorithm"], algo);
            // SAT has no answer for an ellipse (nor the OBB path for a non-box), and
            // says why.
            let not_applicable = last_step["outcome"]["reason"] == "not_applicable";
            assert!(
                result["intersects"].is_boolean()
                    || (not_applicable && result["intersects"].is_null()),
                "{algo} {}: {result}",
                path.display()
            );
            assert_eq!(result["steps"].as_u64().unwrap() as usize, lines.len() - 1);
        }
    }
}

#[test]
fn trace_follows_the_seed_loop_for_gjk() {
    let out = gjk_lab(&["trace", "scenes/overlapping-polygons.ron", "--algo", "gjk"]);
    let kinds: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(&kinds[..4], ["start", "support", "added", "region"]);
    assert_eq!(kinds[kinds.len() - 1], "result");
}

#[test]
fn bench_prints_a_table_and_json() {
    let out = gjk_lab(&[
        "bench",
        "scenes/overlapping-polygons.ron",
        "--checks",
        "200",
        "--json",
    ]);
    assert!(out.status.success());
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = json["rows"].as_array().unwrap();
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["algorithm"].as_str().unwrap())
        .collect();
    for name in ["SAT-OBB", "SAT", "GJK (intersection)", "EPA (GJK + EPA)"] {
        assert!(names.contains(&name), "{names:?}");
    }
    assert!(names.iter().any(|n| n.starts_with("Clipping")), "{names:?}");
    for row in rows {
        // A row that applies to no pair (SAT-OBB: no rectangle pair here) has no time.
        match row["pairs"].as_u64().unwrap() {
            0 => assert!(row["ns_per_check"].is_null(), "{row}"),
            _ => assert!(row["ns_per_check"].as_f64().unwrap() > 0.0, "{row}"),
        }
    }
    let out = gjk_lab(&[
        "bench",
        "scenes/overlapping-polygons.ron",
        "--checks",
        "200",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("GJK") && text.contains("EPA") && text.contains("seed 004"),
        "{text}"
    );
}

/// Exit code 2, exactly one line on stderr, nothing on stdout.
fn assert_rejected(args: &[&str], expected: &str) {
    let out = gjk_lab(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
}

#[test]
fn bad_input_exits_with_code_2_and_one_line() {
    let dir = std::env::temp_dir().join(format!("gjk-lab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, "(shapes: [\n  (shape: Circle(radius: 1.0), position: (0.0, 0.0)),\n  (shape: Circle(radius: -1.0), position: (1.0, 0.0)),\n])").unwrap();
    let syntax = dir.join("syntax.json");
    std::fs::write(
        &syntax,
        "{\"shapes\": [\n  {\"shape\": {\"Circle\": {\"radius\": 1.0}}, \"position\": [0, 0],}\n]}",
    )
    .unwrap();
    let (broken, syntax) = (broken.to_str().unwrap(), syntax.to_str().unwrap());

    assert_rejected(&["query", "no/such/scene.ron"], "no/such/scene.ron");
    assert_rejected(
        &["query", broken],
        "shape 1: circle radius must be positive",
    );
    assert_rejected(&["query", syntax], "syntax.json:2:");
    assert_rejected(&["query", "Cargo.toml"], "unknown scene format");
    assert_rejected(
        &[
            "trace",
            "scenes/overlapping-polygons.ron",
            "--algo",
            "sat-magic",
        ],
        "sat-magic",
    );
    assert_rejected(
        &[
            "trace",
            "scenes/overlapping-polygons.ron",
            "--algo",
            "gjk",
            "--pair",
            "0,7",
        ],
        "pair 0,7",
    );
    assert_rejected(
        &[
            "trace",
            "scenes/overlapping-polygons.ron",
            "--algo",
            "gjk",
            "--pair",
            "x",
        ],
        "I,J",
    );
    assert_rejected(
        &[
            "bench",
            "scenes/overlapping-polygons.ron",
            "--checks",
            "lots",
        ],
        "lots",
    );
    assert_rejected(&["frobnicate", "--now"], "error");
    assert_rejected(&["sap", "--count", "0"], "--count");
    let scene = "scenes/overlapping-polygons.ron";
    for (setting, value) in [
        ("--touch", "-1"),
        ("--touch", "nan"),
        ("--convergence", "0.5"),
        ("--max-iterations", "0"),
    ] {
        let args = ["trace", scene, "--algo", "gjk", setting, value];
        assert_rejected(&args, &format!("{setting}: "));
    }
    assert_rejected(
        &["trace", scene, "--algo", "gjk", "--precision", "f16"],
        "f16",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sap_verifies_every_frame_against_brute_force() {
    let out = gjk_lab(&[
        "sap", "--count", "800", "--frames", "12", "--seed", "7", "--verify", "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["mismatched_frames"], 0);
    assert_eq!(json["verified"], true);
    assert_eq!(json["count"], 800);
    // The crowd is built so that each box overlaps about two others.
    let pairs = json["pairs_per_frame"].as_f64().unwrap();
    assert!((400.0..1600.0).contains(&pairs), "{pairs}");
    assert!(json["contacts_per_frame"].as_f64().unwrap() <= pairs);
    assert!(json["candidate_pairs_per_frame"].as_f64().unwrap() >= pairs);
    let text =
        String::from_utf8(gjk_lab(&["sap", "--count", "300", "--frames", "3"]).stdout).unwrap();
    assert!(
        text.contains("broad phase") && text.contains("swaps"),
        "{text}"
    );
}

/// `lesson NAME --checkpoints`: one JSON object per checkpoint page of every lesson,
/// with the contract's fields; the accepted set is what `accept` says of the values
/// (`equal`: within `tolerance` of `answer`; `first-within`: the first at most zero,
/// else the last), and every support candidate's value is its `w·d/|d|` (recomputed
/// here).
#[test]
fn lesson_checkpoints_lists_every_checkpoint_with_its_numbers() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/lessons");
    let mut lessons: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    lessons.sort();
    assert!(lessons.len() >= 11);
    let data = std::env::temp_dir().join("gjk-lab-cli-lesson-test");
    for path in lessons {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let scene = Scene::load(&path).unwrap();
        let pages = scene.lesson.unwrap().pages;
        let expected: Vec<usize> = (0..pages.len())
            .filter(|&k| pages[k].checkpoint.is_some())
            .map(|k| k + 1)
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
            .args(["lesson", &stem, "--checkpoints"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("GJK_LAB_DATA_DIR", &data)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{stem}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let listed: Vec<usize> = lines
            .iter()
            .map(|l| l["page"].as_u64().unwrap() as usize)
            .collect();
        assert_eq!(listed, expected, "{stem}");
        for l in &lines {
            assert_eq!(l["lesson"], stem.as_str());
            for field in ["kind", "question", "rule", "accept"] {
                assert!(l[field].is_string(), "{stem}: {field} in {l}");
            }
            let candidates = l["candidates"].as_array().unwrap();
            assert!(candidates.len() >= 2, "{stem} page {}: {l}", l["page"]);
            let values: Vec<f64> = candidates
                .iter()
                .map(|c| c["value"].as_f64().unwrap())
                .collect();
            let accepted: Vec<bool> = candidates
                .iter()
                .map(|c| c["accepted"].as_bool().unwrap())
                .collect();
            let want: Vec<bool> = match l["accept"].as_str().unwrap() {
                "negative" => values.iter().map(|&v| v < 0.0).collect(),
                "first-negative" => {
                    let first = values.iter().position(|&v| v < 0.0);
                    (0..values.len()).map(|k| Some(k) == first).collect()
                }
                "best" => {
                    let tol = l["tolerance"].as_f64().unwrap();
                    let best = if l["better"] == "max" {
                        values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
                    } else {
                        values.iter().copied().fold(f64::INFINITY, f64::min)
                    };
                    values.iter().map(|&v| (v - best).abs() <= tol).collect()
                }
                "equal" => {
                    let answer = l["answer"].as_f64().unwrap();
                    let tol = l["tolerance"].as_f64().unwrap();
                    values.iter().map(|&v| (v - answer).abs() <= tol).collect()
                }
                "first-within" => {
                    let first = values
                        .iter()
                        .position(|&v| v <= 0.0)
                        .unwrap_or(values.len() - 1);
                    (0..values.len()).map(|k| k == first).collect()
                }
                other => panic!("accept {other}"),
            };
            assert_eq!(accepted, want, "{stem} page {}", l["page"]);
            if l["kind"] == "next-support" {
                let d = vec2(&l["direction"]).normalize();
                for c in candidates {
                    let w = vec2(&c["at"]);
                    assert!(
                        (w.dot(d) - c["value"].as_f64().unwrap()).abs() < 1e-9,
                        "{c}"
                    );
                }
            }
            if l["kind"] != "next-swap" {
                assert_eq!(l["pair"]["a"]["kind"], "polygon", "{l}");
            }
            for c in candidates
                .iter()
                .filter(|c| !c["accepted"].as_bool().unwrap())
            {
                assert!(c["why"].as_str().unwrap().contains("the answer"), "{c}");
            }
        }
    }
    // Without --checkpoints: a usage error, one line, exit code 2.
    let bare = gjk_lab(&["lesson", "02-gjk"]);
    assert_eq!(bare.status.code(), Some(2));
    let unknown = gjk_lab(&["lesson", "no-such-lesson", "--checkpoints"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no lesson"));
}

/// The window's start refuses bad options before any window opens, each with its own
/// words (exit code 2, one line): pinned here byte for byte. Run without a display and
/// with a data folder of its own, so that nothing opens and nothing of the user's is
/// touched.
#[test]
fn the_window_start_says_exactly_what_is_wrong() {
    use gjk_lab_core::algorithms::variant::Variant;
    let data = std::env::temp_dir().join(format!("gjk-lab-cli-start-{}", std::process::id()));
    let refused = |args: &[&str]| -> String {
        let out = Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env_remove("DISPLAY")
            .env("GJK_LAB_DATA_DIR", &data)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        stderr.trim_end().to_string()
    };
    let mut lessons: Vec<String> = std::fs::read_dir("scenes/lessons")
        .or_else(|_| {
            std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/lessons"))
        })
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    lessons.sort();
    let lessons = lessons.join(", ");
    let variants: Vec<_> = Variant::ALL.iter().map(|v| v.name()).collect();
    let scene = "scenes/overlapping-polygons.ron";
    let gjk = "./scenes/lessons/02-gjk.ron";
    let link = |payload: String| format!("https://example.org/#{payload}");
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec![scene.into()],
            "error: no display to open the window on (DISPLAY is not set): run it on a \
             desktop, or under xvfb-run -a -s \"-screen 0 1280x800x24\""
                .into(),
        ),
        (
            vec![scene.into(), "--screenshot".into(), "out.jpg".into()],
            "error: out.jpg: the screenshot must be a .png file".into(),
        ),
        (
            vec![
                scene.into(),
                "--screenshot".into(),
                "no/such/dir/x.png".into(),
            ],
            "error: no/such/dir/x.png: No such file or directory (os error 2)".into(),
        ),
        (
            vec![scene.into(), "--variant".into(), "magic".into()],
            format!(
                "error: unknown variant \"magic\": expected one of {}",
                variants.join(", ")
            ),
        ),
        (
            vec![
                scene.into(),
                "--algo".into(),
                "sat".into(),
                "--variant".into(),
                Variant::NoProgressTest.name().into(),
            ],
            format!(
                "error: variant {:?} is a version of gjk, not of sat",
                Variant::NoProgressTest.name()
            ),
        ),
        (
            vec![scene.into(), "--touch".into(), "5".into()],
            "error: --touch: the touch tolerance must be a number from 0 to 0.1 (a fraction \
             of the pair's size), not 5"
                .into(),
        ),
        (
            vec![scene.into(), "--max-iterations".into(), "0".into()],
            "error: --max-iterations: the iteration cap must be from 1 to 1000, not 0".into(),
        ),
        (
            vec!["--lesson".into(), "no-such".into()],
            format!("error: no lesson \"no-such\": the lessons are {lessons}"),
        ),
        (
            vec![
                "--lesson".into(),
                "gjk".into(),
                "--page".into(),
                "99".into(),
            ],
            format!("error: {gjk}: --page 99: the lesson has pages 1 to 8"),
        ),
        (
            vec![
                "--lesson".into(),
                "gjk".into(),
                "--answer".into(),
                "right".into(),
            ],
            format!("error: {gjk}: --answer: page 1 asks no question"),
        ),
        (
            vec!["--lesson".into(), scene.into()],
            format!("error: {scene}: this scene has no lesson section"),
        ),
        (
            vec![
                "scenes/many-shapes-200.ron".into(),
                "--export".into(),
                "out.gif".into(),
            ],
            "error: scenes/many-shapes-200.ron: --export shows the steps of a pair \
             algorithm; add --mode pair"
                .into(),
        ),
        (
            vec![scene.into(), "--export".into(), "out.png".into()],
            "error: out.png: a PNG sequence needs %d in the file name (the step number), \
             e.g. step-%d.png"
                .into(),
        ),
        (
            vec![scene.into(), "--export".into(), "out.mp4".into()],
            "error: out.mp4: the export must be a .gif file or a .png pattern with %d".into(),
        ),
        (
            vec![
                scene.into(),
                "--export".into(),
                "out.gif".into(),
                "--steps".into(),
                "4..2".into(),
            ],
            "error: --steps \"4..2\": the first step comes after the last".into(),
        ),
        (
            vec![
                scene.into(),
                "--export".into(),
                "out.gif".into(),
                "--steps".into(),
                "1..x".into(),
            ],
            "error: --steps \"1..x\": expected a range like 1..13".into(),
        ),
        (
            vec![
                scene.into(),
                "--export".into(),
                "out.gif".into(),
                "--steps".into(),
                "1..99".into(),
            ],
            "error: --steps \"1..99\": this run has 13 steps (0 is the state before the \
             first)"
                .into(),
        ),
        (
            vec![
                scene.into(),
                "--export".into(),
                "out.gif".into(),
                "--fps".into(),
                "0".into(),
            ],
            "error: --fps 0: give a rate from 0.1 to 50 frames per second".into(),
        ),
        (
            vec![
                "open".into(),
                link(gjk_lab_core::link::encode_lesson("../02-gjk", 1)),
            ],
            "error: link: no lesson \"../02-gjk\"".into(),
        ),
        (
            vec![
                "open".into(),
                link(gjk_lab_core::link::encode_lesson("no-such", 1)),
            ],
            format!("error: link: no lesson \"no-such\": the lessons are {lessons}"),
        ),
        (
            vec!["lesson".into(), "no-such".into(), "--checkpoints".into()],
            format!("error: no lesson \"no-such\": the lessons are {lessons}"),
        ),
        (
            vec!["lesson".into(), scene.into(), "--checkpoints".into()],
            format!("error: {scene}: this scene has no lesson section"),
        ),
        (
            vec![
                "trace".into(),
                scene.into(),
                "--algo".into(),
                "gjk".into(),
                "--convergence".into(),
                "0.5".into(),
            ],
            "error: --convergence: the convergence tolerance must be a number from 0 to 0.1 \
             (a fraction of the pair's size), not 0.5"
                .into(),
        ),
    ];
    for (args, says) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_eq!(refused(&args), says, "{args:?}");
    }
    // A trace that cannot be read stops the start with one line, as every refusal.
    let out = Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args([scene, "--my-trace", "no-such.jsonl"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("DISPLAY")
        .env("GJK_LAB_DATA_DIR", &data)
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: no-such.jsonl: No such file or directory (os error 2)\n"
    );
    std::fs::remove_dir_all(&data).ok();
}
