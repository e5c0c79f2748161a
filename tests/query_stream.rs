//! `gjk-lab query` writes its pairs as it answers them: the bytes must be those of the
//! whole answer built as one JSON value and pretty-printed, as the command did before
//! it streamed (a public contract: scripts read it). The reference here is that
//! earlier code, kept verbatim: every pair's object, the whole value, and for
//! `--variant` the answer read back and each pair's `variant` added.

use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::query::query;
use gjk_lab_core::scene::Scene;
use gjk_lab_core::trace::trace_variant_each;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The most shapes a preset may have for the whole-value reference (the 2,000-shape
/// preset's value would take gigabytes: `tests/query_scale.rs` checks it instead).
const MAX_SHAPES: usize = 200;

fn gjk_lab_query(path: &Path, variant: Option<&str>) -> Vec<u8> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gjk-lab"));
    command.arg("query").arg(path);
    if let Some(name) = variant {
        command.args(["--variant", name]);
    }
    let out = command.output().expect("the binary runs");
    assert!(
        out.status.success(),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The earlier `query_command`: the whole answer as one value, pretty-printed.
fn reference_query(scene: &Scene) -> String {
    let n = scene.shapes.len();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect();
    let pairs: Vec<_> = pairs
        .into_iter()
        .map(|(i, j)| {
            let q = query(&scene.shapes[i].shape, &scene.shapes[j].shape);
            let mut pair = json!({
                "a": i,
                "b": j,
                "intersects": q.intersects,
                "distance": q.distance,
                "closest_a": q.closest_a,
                "closest_b": q.closest_b,
                "depth": q.depth,
                "normal": q.normal,
                "iterations": q.iterations,
                "outcome": {"gjk": q.gjk_outcome, "epa": q.epa_outcome},
                "method": {"name": q.method(), "outcome": q.outcome},
                "contacts": q.contacts,
            });
            if let Some(parts) = q.parts {
                pair["parts"] = json!(parts);
            }
            pair
        })
        .collect();
    let out = json!({ "version": gjk_lab_core::query::JSON_VERSION, "pairs": pairs });
    serde_json::to_string_pretty(&out).expect("json") + "\n"
}

/// The earlier `query_variant_command`: the answer read back, each pair given the
/// seed's version's answer, pretty-printed again.
fn reference_query_variant(scene: &Scene, variant: Variant) -> String {
    let mut out: Value = serde_json::from_str(&reference_query(scene)).expect("JSON");
    for pair in out["pairs"].as_array_mut().expect("pairs") {
        let (i, j) = (
            pair["a"].as_u64().expect("a") as usize,
            pair["b"].as_u64().expect("b") as usize,
        );
        let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
        let r = trace_variant_each(variant.algorithm(), Some(variant), a, b, &mut |_| {});
        pair["variant"] = json!({
            "name": variant.name(),
            "algorithm": variant.algorithm().name(),
            "intersects": r["intersects"],
            "depth": r.get("depth").cloned().unwrap_or(Value::Null),
            "normal": r.get("normal").cloned().unwrap_or(Value::Null),
            "outcome": r["outcome"],
        });
    }
    serde_json::to_string_pretty(&out).expect("json") + "\n"
}

/// Every scene file under `scenes/` (the presets and the lessons).
fn presets() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("lessons")] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("ron" | "json")
            ) {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 40, "the presets are missing");
    files
}

/// Where two outputs first differ, for the failure message.
fn first_difference(streamed: &[u8], reference: &[u8]) -> String {
    let at = streamed
        .iter()
        .zip(reference)
        .position(|(x, y)| x != y)
        .unwrap_or(streamed.len().min(reference.len()));
    let around = |bytes: &[u8]| {
        String::from_utf8_lossy(&bytes[at.saturating_sub(80)..(at + 80).min(bytes.len())])
            .into_owned()
    };
    format!(
        "byte {at} of {} (reference {}): streamed …{}… reference …{}…",
        streamed.len(),
        reference.len(),
        around(streamed),
        around(reference)
    )
}

#[test]
fn query_streams_the_bytes_of_the_whole_value_on_every_preset() {
    let mut compared = 0;
    for path in presets() {
        let scene = Scene::load(&path).unwrap();
        if scene.shapes.len() > MAX_SHAPES {
            continue;
        }
        let streamed = gjk_lab_query(&path, None);
        let reference = reference_query(&scene);
        assert!(
            streamed == reference.as_bytes(),
            "{}: {}",
            path.display(),
            first_difference(&streamed, reference.as_bytes())
        );
        compared += 1;
    }
    assert!(compared >= 40, "{compared} presets compared");
}

#[test]
fn query_variant_streams_the_bytes_of_the_whole_value() {
    for &variant in Variant::ALL.iter() {
        for path in presets() {
            let scene = Scene::load(&path).unwrap();
            // Every seed's version on the small presets; the 200-shape one once.
            let big = scene.shapes.len() > 40;
            if scene.shapes.len() > MAX_SHAPES || big && variant != Variant::ALL[0] {
                continue;
            }
            let streamed = gjk_lab_query(&path, Some(variant.name()));
            let reference = reference_query_variant(&scene, variant);
            assert!(
                streamed == reference.as_bytes(),
                "{} --variant {}: {}",
                path.display(),
                variant.name(),
                first_difference(&streamed, reference.as_bytes())
            );
        }
    }
}
