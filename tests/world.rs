//! `gjk-lab world`: the pair in world coordinates as one JSON object, the very object
//! `lesson --checkpoints` names its pair with; each preset's shapes placed by their
//! pose, computed here from the scene's own numbers; a concave shape's decisive part.

use gjk_lab_core::scene::Scene;
use gjk_lab_core::shapes::Geometry;
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
    files
}

fn vec2(v: &Value) -> DVec2 {
    DVec2::new(v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

/// `world` prints the pair in world coordinates, the very object `lesson
/// --checkpoints` names its pair with; each polygon's vertices are the scene's local
/// vertices placed by its pose (computed here from the RON's numbers); a concave shape
/// is the convex part `trace` steps on; a bad pair is exit code 2.
#[test]
fn world_prints_the_pair_as_the_lessons_name_theirs() {
    let out = gjk_lab(&["world", "scenes/lessons/02-gjk.ron"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    let world: Value = serde_json::from_str(&text).unwrap();
    let out = gjk_lab(&["lesson", "gjk", "--checkpoints"]);
    let first: Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .expect("a checkpoint"),
    )
    .unwrap();
    assert_eq!(world, first["pair"], "the lesson's pair, the same object");

    // Each preset's pair, placed here from the scene's own numbers.
    for path in presets() {
        let scene = Scene::load(&path).unwrap();
        if scene.shapes.len() > 40 || scene.shapes.iter().any(|s| s.shape.is_concave()) {
            continue;
        }
        let out = gjk_lab(&["world", path.to_str().unwrap(), "--pair", "1,0"]);
        let world: Value = serde_json::from_slice(&out.stdout).unwrap();
        for (key, k) in [("a", 1), ("b", 0)] {
            let shape = &scene.shapes[k].shape;
            let json = &world[key];
            let (c, t) = (shape.position(), shape.pose().rotation);
            match shape.geometry() {
                Geometry::Polygon(p) => {
                    assert_eq!(json["kind"], "polygon");
                    for (v, w) in p
                        .vertices()
                        .iter()
                        .zip(json["vertices"].as_array().unwrap())
                    {
                        let placed = c + DVec2::new(
                            t.cos() * v.x - t.sin() * v.y,
                            t.sin() * v.x + t.cos() * v.y,
                        );
                        assert!((placed - vec2(w)).length() < 1e-9, "{}", path.display());
                    }
                }
                Geometry::Circle(circle) => {
                    assert_eq!(json["kind"], "circle");
                    assert_eq!(json["radius"], circle.radius);
                    assert!((vec2(&json["center"]) - c).length() < 1e-12);
                }
                Geometry::Ellipse(e) => {
                    assert_eq!(json["kind"], "ellipse");
                    assert_eq!(json["axes"], serde_json::json!([e.a, e.b]));
                    assert_eq!(json["rotation"], t);
                }
                Geometry::Capsule(capsule) => {
                    assert_eq!(json["kind"], "capsule");
                    assert_eq!(json["radius"], capsule.radius());
                    let place = |v: DVec2| {
                        c + DVec2::new(t.cos() * v.x - t.sin() * v.y, t.sin() * v.x + t.cos() * v.y)
                    };
                    assert!((place(capsule.a()) - vec2(&json["a"])).length() < 1e-9);
                    assert!((place(capsule.b()) - vec2(&json["b"])).length() < 1e-9);
                }
                Geometry::Rounded(r) => {
                    assert_eq!(json["kind"], "rounded_polygon");
                    assert_eq!(json["radius"], r.radius());
                    let vertices = json["vertices"].as_array().unwrap();
                    assert_eq!(vertices.len(), r.core().vertices().len());
                    for (v, w) in r.core().vertices().iter().zip(vertices) {
                        let placed = c + DVec2::new(
                            t.cos() * v.x - t.sin() * v.y,
                            t.sin() * v.x + t.cos() * v.y,
                        );
                        assert!((placed - vec2(w)).length() < 1e-9, "{}", path.display());
                    }
                }
                Geometry::Concave(_) => unreachable!(),
            }
        }
        let role = |k: usize, r: &str| {
            let own = scene.shapes[k].display_name(k);
            if own == r {
                own
            } else {
                format!("{own} (as {r})")
            }
        };
        assert_eq!(world["a"]["name"], role(1, "A"));
        assert_eq!(world["b"]["name"], role(0, "B"));
    }

    // A concave shape: the decisive convex part, as trace steps on it.
    let out = gjk_lab(&["world", "scenes/concave-l-box.ron"]);
    let world: Value = serde_json::from_slice(&out.stdout).unwrap();
    let trace = gjk_lab(&["trace", "scenes/concave-l-box.ron", "--algo", "gjk"]);
    let first: Value = serde_json::from_str(
        String::from_utf8(trace.stdout)
            .unwrap()
            .lines()
            .find(|l| l.contains("\"support\""))
            .unwrap(),
    )
    .unwrap();
    let a = vec2(&first["support"]["a"]);
    assert!(
        world["a"]["vertices"]
            .as_array()
            .unwrap()
            .iter()
            .chain(world["b"]["vertices"].as_array().unwrap())
            .any(|v| (vec2(v) - a).length() < 1e-12),
        "the traced support point is a vertex of the printed part"
    );

    let out = gjk_lab(&["world", "scenes/dyn4j-gjk.ron", "--pair", "0,5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}
