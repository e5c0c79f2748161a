//! The run settings (`gjk_lab_core::settings`): tolerances, iteration caps and
//! f32 storage go into the same machines. Checked against independent references:
//! the exact separating-axis answer of the pair (brute force over every edge normal),
//! the f64 run, and the numbers a float program must lose (a gap of 0.001 at 1e6).

mod common;

use common::{arb_convex_polygon, proptest_config, reference};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::scene::Scene;
use gjk_lab_core::settings::{Precision, Settings};
use gjk_lab_core::shapes::{Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::trace::trace_run_each;
use gjk_lab_core::DVec2;
use proptest::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The algorithms the settings apply to.
const TUNED: [Algorithm; 6] = [
    Algorithm::Gjk,
    Algorithm::Distance,
    Algorithm::Epa,
    Algorithm::PseudoEpa,
    Algorithm::Sat,
    Algorithm::SatObb,
];

/// One run's steps and result line.
fn run(algorithm: Algorithm, settings: &Settings, a: &Shape, b: &Shape) -> (Vec<Value>, Value) {
    let mut steps = Vec::new();
    let result = trace_run_each(algorithm, None, settings, a, b, &mut |s| steps.push(s));
    (steps, result)
}

fn reason(result: &Value) -> String {
    let o = &result["outcome"];
    o["reason"]
        .as_str()
        .or(o["kind"].as_str())
        .unwrap_or_default()
        .to_string()
}

fn scene_pair(name: &str) -> (Shape, Shape) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenes")
        .join(name);
    let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let (i, j) = (scene.view.a.unwrap_or(0), scene.view.b.unwrap_or(1));
    (scene.shapes[i].shape.clone(), scene.shapes[j].shape.clone())
}

/// The two-shape presets (the many-shapes scenes and the lessons aside).
fn presets() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenes");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("scenes/")
        .map(|e| e.expect("entry").path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("ron" | "json")))
        .filter(|p| !p.to_string_lossy().contains("many-shapes"))
        .collect();
    paths.sort();
    paths
}

/// Settings that name gjk-lab's own values explicitly (the cap given, the same
/// tolerances) run every machine exactly as the defaults do: the settings reach the
/// machines, and reach them unchanged.
#[test]
fn gjk_labs_values_given_explicitly_change_no_step() {
    let mut compared = 0;
    for path in presets() {
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let (a, b) = (&scene.shapes[0].shape, &scene.shapes[1].shape);
        for algorithm in TUNED {
            let explicit = Settings {
                max_iterations: algorithm.own_cap().or(Some(64)),
                ..Settings::default()
            };
            let (steps, result) = run(algorithm, &Settings::default(), a, b);
            let (steps2, mut result2) = run(algorithm, &explicit, a, b);
            assert_eq!(steps, steps2, "{}: {}", path.display(), algorithm.name());
            assert!(result2
                .as_object_mut()
                .unwrap()
                .remove("settings")
                .is_some());
            assert_eq!(result, result2, "{}: {}", path.display(), algorithm.name());
            compared += 1;
        }
    }
    assert!(compared >= 150, "{compared} runs compared");
}

/// A cap below what the pair needs ends every iterative machine with its
/// `iteration_limit` outcome, after exactly that many support points.
#[test]
fn a_low_cap_ends_with_iteration_limit() {
    let (a, b) = scene_pair("overlapping-polygons.ron");
    let capped = |cap| Settings {
        max_iterations: Some(cap),
        ..Settings::default()
    };
    // GJK needs 3 support points to enclose the origin of an overlapping pair.
    let (_, r) = run(Algorithm::Gjk, &capped(2), &a, &b);
    assert_eq!(reason(&r), "iteration_limit");
    assert_eq!(r["outcome"]["iterations"], 2);
    let (_, full) = run(Algorithm::Gjk, &Settings::default(), &a, &b);
    assert_ne!(reason(&full), "iteration_limit");
    let (_, r) = run(Algorithm::Distance, &capped(1), &a, &b);
    assert_eq!(reason(&r), "iteration_limit");
    let (_, r) = run(Algorithm::Epa, &capped(1), &a, &b);
    assert_eq!(reason(&r), "iteration_limit");
    let (_, r) = run(Algorithm::PseudoEpa, &capped(1), &a, &b);
    assert_eq!(reason(&r), "iteration_limit");
}

/// Near 1,000,000 a float is a multiple of 0.0625: a gap of 0.001 between two boxes
/// there is lost when the run stores its values in f32. The f64 run finds the gap (as
/// the exact separating-axis reference does); the f32 runs of GJK and SAT call the
/// boxes touching — the wrong side.
#[test]
fn f32_loses_a_small_gap_far_from_the_origin() {
    let (a, b) = scene_pair("gallery-near-touch-far.ron");
    let truth = reference(&a, &b).signed;
    assert!(
        (truth + 0.001).abs() < 1e-6,
        "the boxes are 0.001 apart: {truth}"
    );
    let f32 = Settings {
        precision: Precision::F32,
        ..Settings::default()
    };
    for algorithm in [Algorithm::Gjk, Algorithm::Sat] {
        let (_, ours) = run(algorithm, &Settings::default(), &a, &b);
        assert_eq!(ours["intersects"], false, "{}", algorithm.name());
        let (_, theirs) = run(algorithm, &f32, &a, &b);
        assert_eq!(theirs["intersects"], true, "{}", algorithm.name());
    }
    // The distance in f32 is a multiple of the float spacing there, not 0.001.
    let (_, d) = run(Algorithm::Distance, &f32, &a, &b);
    let distance = d["distance"].as_f64().unwrap();
    assert!(distance == 0.0 || distance >= 0.0625 - 1e-9, "{distance}");
}

/// A touch tolerance of a tenth of the pair's size calls boxes 0.001 apart (of size
/// ~1.4) touching; gjk-lab's 1e-9 does not.
#[test]
fn a_loose_touch_tolerance_calls_a_near_miss_touching() {
    let (a, b) = scene_pair("gallery-near-touch-far.ron");
    let loose = Settings {
        touch: 0.01,
        ..Settings::default()
    };
    for algorithm in [Algorithm::Gjk, Algorithm::Sat] {
        let (_, r) = run(algorithm, &loose, &a, &b);
        assert_eq!(r["intersects"], true, "{}", algorithm.name());
    }
}

/// A loose convergence tolerance stops EPA early on a curved pair: fewer support
/// points, and a depth within the tolerance (× the pair's size) of the independent
/// reference (the support value of A − B minimised over directions).
#[test]
fn a_loose_convergence_tolerance_gives_a_rougher_depth_sooner() {
    let a = placed(Geometry::Ellipse(Ellipse { a: 2.0, b: 1.0 }), 0.0, 0.0);
    let b = placed(Geometry::Ellipse(Ellipse { a: 1.5, b: 0.5 }), 1.5, 1.0);
    let truth = reference(&a, &b).signed;
    assert!(truth > 0.1, "the ellipses overlap: {truth}");
    let (steps, r) = run(Algorithm::Epa, &Settings::default(), &a, &b);
    assert!((r["depth"].as_f64().unwrap() - truth).abs() < 1e-6);
    let loose = Settings {
        convergence: 0.05,
        ..Settings::default()
    };
    let (loose_steps, r) = run(Algorithm::Epa, &loose, &a, &b);
    let depth = r["depth"].as_f64().unwrap();
    assert!(
        loose_steps.len() < steps.len(),
        "{} vs {} steps",
        loose_steps.len(),
        steps.len()
    );
    assert!((depth - truth).abs() <= 0.05 * 2.0, "{depth} vs {truth}");
}

fn placed(geometry: Geometry, x: f64, y: f64) -> Shape {
    Shape::new(geometry, Pose::new(DVec2::new(x, y), 0.0))
}

/// Two random convex polygons in random poses near the origin.
fn arb_pair() -> impl Strategy<Value = (Shape, Shape)> {
    (
        arb_convex_polygon(9, 0.5..3.0, 0.05),
        arb_convex_polygon(9, 0.5..3.0, 0.05),
        (-4.0f64..4.0, -4.0f64..4.0, 0.0f64..std::f64::consts::TAU),
        (-4.0f64..4.0, -4.0f64..4.0, 0.0f64..std::f64::consts::TAU),
    )
        .prop_map(|(ga, gb, (xa, ya, ta), (xb, yb, tb))| {
            (
                Shape::new(ga, Pose::new(DVec2::new(xa, ya), ta)),
                Shape::new(gb, Pose::new(DVec2::new(xb, yb), tb)),
            )
        })
}

proptest! {
    #![proptest_config(proptest_config(20000))]

    /// On ordinary pairs (size 1–6, near the origin) the f32 run agrees with the exact
    /// answer within float's precision: the same side unless the pair is within 1e-4
    /// of touching, and the distance and depths within 1e-4 of the exact ones.
    #[test]
    fn f32_agrees_with_the_exact_answer_on_ordinary_pairs((a, b) in arb_pair()) {
        let truth = reference(&a, &b).signed;
        let f32 = Settings {
            precision: Precision::F32,
            convergence: 1e-6,
            ..Settings::default()
        };
        let tolerance = 1e-4;
        for algorithm in [Algorithm::Gjk, Algorithm::Sat] {
            let (_, r) = run(algorithm, &f32, &a, &b);
            if truth.abs() > tolerance {
                prop_assert_eq!(r["intersects"].as_bool(), Some(truth > 0.0), "{}", algorithm.name());
            }
        }
        let (_, d) = run(Algorithm::Distance, &f32, &a, &b);
        let distance = d["distance"].as_f64().unwrap();
        prop_assert!((distance - (-truth).max(0.0)).abs() < tolerance, "distance {distance} vs {truth}");
        if truth > tolerance {
            for algorithm in [Algorithm::Epa, Algorithm::Sat] {
                let (_, r) = run(algorithm, &f32, &a, &b);
                let depth = r["depth"].as_f64().unwrap();
                prop_assert!((depth - truth).abs() < tolerance, "{} depth {depth} vs {truth}", algorithm.name());
            }
        }
    }
}
