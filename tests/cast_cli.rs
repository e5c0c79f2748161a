//! `gjk-lab cast` and `trace --algo CAST`: the JSON contract of issue 34 on every cast
//! preset (the times computed here from the scenes' own numbers), and bad input as one
//! line on stderr, exit code 2, nothing on stdout.

use serde_json::Value;
use std::process::{Command, Output};

fn gjk_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn cast(args: &[&str]) -> Value {
    let mut all = vec!["cast"];
    all.extend_from_slice(args);
    let out = gjk_lab(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).unwrap()
}

/// A scene file `NAME.ron` holding `text`, in a directory of its own (to remove after):
/// the directory and the file's path.
fn scene_file(name: &str, text: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("gjk-lab-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.ron"));
    std::fs::write(&path, text).unwrap();
    (dir, path.to_str().unwrap().to_string())
}

fn refused(args: &[&str], words: &str) {
    let out = gjk_lab(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: ") && err.contains(words), "{err}");
}

/// Every key of the contract, on every preset, by every exact algorithm.
#[test]
fn cast_answers_every_preset_by_the_contract() {
    let expected = [
        ("scenes/cast-bullet-wall.ron", Some(2.85 / 6.0)),
        ("scenes/cast-grazing-miss.ron", None),
        (
            "scenes/cast-near-hit.ron",
            Some((4.0 - (0.25f64 - 0.499999f64 * 0.499999).sqrt()) / 10.0),
        ),
        ("scenes/cast-long-box.ron", Some((3.0 - 0.05 - 1.0) / 4.0)),
        ("scenes/cast-both-moving.ron", Some(2.5 / 6.0)),
        ("scenes/cast-sat-polygons.ron", Some(2.5 / 6.0)),
    ];
    for (scene, t_ref) in expected {
        // Two polygons: the default is the SAT cast; a ball: the shape cast.
        let polygons = scene.ends_with("both-moving.ron") || scene.ends_with("sat-polygons.ron");
        let default = if polygons { "sat-cast" } else { "shape-cast" };
        // Every algorithm's normal, to agree with the default's.
        let mut normals: Vec<(Option<&str>, f64, f64)> = vec![];
        let mut algos = vec![None, Some("shape-cast")];
        if polygons {
            algos.push(Some("sat-cast"));
        }
        algos.extend([Some("conservative-advancement"), Some("time-of-impact")]);
        for algo in algos {
            let mut args = vec![scene];
            if let Some(a) = algo {
                args.extend(["--algo", a]);
            }
            let v = cast(&args);
            for key in [
                "hit",
                "t",
                "normal",
                "point",
                "separation",
                "reason",
                "iterations",
                "method",
            ] {
                assert!(v.get(key).is_some(), "{scene} {algo:?}: no {key}: {v}");
            }
            assert_eq!(v["method"], algo.unwrap_or(default), "{v}");
            match t_ref {
                Some(t_ref) => {
                    assert_eq!(v["hit"], true, "{scene} {algo:?}: {v}");
                    let t = v["t"].as_f64().unwrap();
                    assert!((t - t_ref).abs() < 1e-7, "{scene} {algo:?}: {t} vs {t_ref}");
                    let n = &v["normal"];
                    let length = n[0].as_f64().unwrap().hypot(n[1].as_f64().unwrap());
                    assert!((length - 1.0).abs() < 1e-12, "{v}");
                    assert!(v["separation"].as_f64().unwrap() < 1e-7, "{v}");
                    normals.push((algo, n[0].as_f64().unwrap(), n[1].as_f64().unwrap()));
                }
                None => {
                    assert_eq!(v["hit"], false, "{scene} {algo:?}: {v}");
                    assert!(v["t"].is_null() && v["normal"].is_null(), "{v}");
                }
            }
        }
        // All from A towards B: the same normal (the time of impact's was B's face's
        // outward normal, from B towards A, when it followed a face of B).
        for &(algo, x, y) in &normals {
            let (_, x0, y0) = normals[0];
            assert!(
                (x - x0).hypot(y - y0) < 1e-6,
                "{scene}: {algo:?}'s normal ({x}, {y}) is not the default's ({x0}, {y0})"
            );
        }
    }
    // The naive ways tunnel through the wall.
    for algo in ["discrete", "sub-stepping"] {
        let v = cast(&["scenes/cast-bullet-wall.ron", "--algo", algo]);
        assert_eq!(v["hit"], false, "{v}");
        assert_eq!(v["reason"], "no_sample_hit", "{v}");
    }
    // A target of the grazing gap or more is a hit.
    let v = cast(&["scenes/cast-grazing-miss.ron", "--target", "2e-6"]);
    assert_eq!(v["hit"], true, "{v}");
}

/// The rotating bar: the far post first, the near one later; the default follows
/// the turn by the time of impact; the shape cast refuses it.
#[test]
fn the_rotating_bar_hits_its_far_post_first() {
    let far = cast(&["scenes/cast-rotating-bar.ron"]);
    assert_eq!(far["method"], "time-of-impact");
    let near = cast(&["scenes/cast-rotating-bar.ron", "--pair", "0,2"]);
    let (t_far, t_near) = (far["t"].as_f64().unwrap(), near["t"].as_f64().unwrap());
    assert!(
        (t_far - 0.3053).abs() < 1e-3 && t_near > t_far,
        "{far} {near}"
    );
    let toi = cast(&["scenes/cast-rotating-bar.ron", "--algo", "time-of-impact"]);
    assert!(
        (toi["t"].as_f64().unwrap() - t_far).abs() < 1e-7,
        "{toi} {far}"
    );
    refused(
        &[
            "cast",
            "scenes/cast-rotating-bar.ron",
            "--algo",
            "shape-cast",
        ],
        "shape-cast follows translations only",
    );
}

/// Overlapping or touching at the start: a hit at 0.
#[test]
fn touching_at_the_start_is_a_hit_at_zero() {
    let (dir, path) = scene_file(
        "touch",
        "(shapes: [(shape: Circle(radius: 1.0), position: (0.0, 0.0)), \
         (shape: Circle(radius: 1.0), position: (2.0, 0.0), motion: (velocity: (5.0, 0.0)))])",
    );
    let v = cast(&[path.as_str()]);
    assert_eq!(v["hit"], true);
    assert_eq!(v["t"], 0.0);
    std::fs::remove_dir_all(&dir).ok();
}

/// A scene without motion, a bad target or pair, an unknown algorithm: exit 2.
#[test]
fn bad_input_is_one_line_and_exit_2() {
    refused(
        &["cast", "scenes/box-box.ron"],
        "no shape of the scene moves",
    );
    refused(
        &["cast", "scenes/cast-bullet-wall.ron", "--target", "-1"],
        "--target must be a number from 0 to 1e12",
    );
    refused(
        &["cast", "scenes/cast-bullet-wall.ron", "--target", "NaN"],
        "--target must be a number from 0 to 1e12",
    );
    // Beyond any length a scene may hold (a 1e300 target was taken for a touch).
    refused(
        &["cast", "scenes/cast-bullet-wall.ron", "--target", "1e300"],
        "--target must be a number from 0 to 1e12",
    );
    refused(
        &["cast", "scenes/cast-bullet-wall.ron", "--pair", "0,7"],
        "is not two different shapes",
    );
    refused(
        &["cast", "scenes/cast-bullet-wall.ron", "--algo", "gjk"],
        "invalid value",
    );
    refused(
        &["trace", "scenes/box-box.ron", "--algo", "time-of-impact"],
        "no shape of the scene moves",
    );
    // The SAT cast takes two polygons translating to their first touch, and says
    // what else it was given.
    refused(
        &["cast", "scenes/cast-bullet-wall.ron", "--algo", "sat-cast"],
        "a shape is a circle",
    );
    refused(
        &["cast", "scenes/cast-rotating-bar.ron", "--algo", "sat-cast"],
        "a shape turns",
    );
    refused(
        &[
            "cast",
            "scenes/cast-sat-polygons.ron",
            "--algo",
            "sat-cast",
            "--target",
            "0.1",
        ],
        "the target is 0.1",
    );
}

/// `trace --algo CAST`: one JSON object per step, the last step `done`, then the
/// result line with the machine's answer.
#[test]
fn trace_steps_the_cast_algorithms() {
    for algo in [
        "discrete",
        "sub-stepping",
        "shape-cast",
        "sat-cast",
        "conservative-advancement",
        "time-of-impact",
    ] {
        // The SAT cast takes polygons: the diamond and the box.
        let scene = if algo == "sat-cast" {
            "scenes/cast-sat-polygons.ron"
        } else {
            "scenes/cast-bullet-wall.ron"
        };
        let out = gjk_lab(&["trace", scene, "--algo", algo]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let (result, steps) = lines.split_last().unwrap();
        assert_eq!(steps.last().unwrap()["kind"], "done", "{algo}");
        for (k, step) in steps.iter().enumerate() {
            assert_eq!(step["index"], k + 1, "{algo}: {step}");
        }
        assert_eq!(result["kind"], "result");
        assert_eq!(result["algorithm"], algo);
        assert_eq!(result["steps"], steps.len());
        let hit = !matches!(algo, "discrete" | "sub-stepping");
        assert_eq!(result["hit"], hit, "{algo}: {result}");
    }
}

/// parry's issue 180 (a grazing cast that parry answered with no hit, 1 ulp from two
/// poses it answered): a box sliding down onto a long segment (parry's `Segment`: here
/// a capsule of radius 0, and one 1e-9 thick). Every exact algorithm hits when the
/// box's bottom, 2 below its centre, reaches the bar, at the time worked out by hand;
/// the normal is straight up from A (the bar) towards B (the box), printed as `[0.0,
/// 1.0]`: no component of −0.
#[test]
fn a_grazing_box_meets_a_long_bar() {
    for radius in [0.0, 1e-9] {
        let (dir, path) = scene_file(
            "grazing",
            &format!(
                "(shapes: [
                (shape: Capsule(a: (1.0, 1.0), b: (124.0, 1.0), radius: {radius:?}),
                 position: (0.0, 0.0)),
                (shape: Polygon(vertices: [(-2.0, -2.0), (2.0, -2.0), (2.0, 2.0), (-2.0, 2.0)]),
                 position: (15.689465, 54.00709), motion: (velocity: (0.81385, -99.9966))),
            ])"
            ),
        );
        let expected = (54.00709 - 2.0 - (1.0 + radius)) / 99.9966;
        for algo in ["shape-cast", "conservative-advancement", "time-of-impact"] {
            let v = cast(&[path.as_str(), "--algo", algo]);
            let t = v["t"].as_f64().unwrap();
            assert!(
                (t - expected).abs() < 1e-9,
                "{algo}, r {radius}: {t} vs {expected}"
            );
            // As printed: serde_json writes −0 as `-0.0`.
            assert_eq!(v["normal"].to_string(), "[0.0,1.0]", "{algo}: {v}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
