//! The seeds' versions (`gjk_lab_core::algorithms::variant`): each reproduces its failure
//! on its preset, checked against an independent reference (brute force, an analytic
//! answer), and agrees with gjk-lab step for step where its bug does not bite
//! (property tests over random pairs, away from the trigger).

#[path = "../core/tests/common/mod.rs"]
mod common;

use common::{arb_convex_polygon, proptest_config, reference, world_vertices};
use gjk_lab_core::algorithms::variant::{Variant, SEED_003_TOLERANCE};
use gjk_lab_core::scene::Scene;
use gjk_lab_core::shapes::{Circle, Ellipse, Geometry, Pose, Shape};
use gjk_lab_core::variants::compare;
use gjk_lab_core::DVec2;
use proptest::prelude::*;
use serde_json::Value;
use std::path::Path;

/// The preset's pair.
fn preset(variant: Variant) -> (Shape, Shape) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(variant.preset());
    let scene = Scene::load(&path).expect("the preset loads");
    let (i, j) = (scene.view.a.unwrap_or(0), scene.view.b.unwrap_or(1));
    assert_eq!(
        scene.view.algorithm,
        Some(variant.algorithm()),
        "{}: the preset opens on the variant's algorithm",
        variant.preset()
    );
    (scene.shapes[i].shape.clone(), scene.shapes[j].shape.clone())
}

fn vec2(v: &Value) -> DVec2 {
    DVec2::new(v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

fn reason(result: &Value) -> &str {
    result["outcome"]["reason"].as_str().unwrap()
}

/// Every variant's preset makes the two runs differ, in their answer.
#[test]
fn every_preset_shows_its_variant_going_wrong() {
    for &v in Variant::ALL {
        let (a, b) = preset(v);
        let c = compare(v, &a, &b);
        assert!(c.first_difference.is_some(), "{}: no difference", v.name());
        assert!(c.answers_differ(), "{}: the same answer", v.name());
    }
}

#[test]
fn ellipse_angle_support_calls_an_overlapping_pair_apart() {
    let (a, b) = preset(Variant::EllipseAngleSupport);
    // Independent: a corner of the box lies inside the ellipse (analytic test).
    let Geometry::Ellipse(e) = a.geometry() else {
        panic!("A is the ellipse")
    };
    let inside = world_vertices(&b).into_iter().any(|p| {
        let q = a.to_local(p);
        (q.x / e.a).powi(2) + (q.y / e.b).powi(2) < 1.0
    });
    assert!(inside, "the box reaches into the ellipse");
    let c = compare(Variant::EllipseAngleSupport, &a, &b);
    assert_eq!(c.ours.result["intersects"], true);
    assert_eq!(c.seeds.result["intersects"], false);
    assert_eq!(reason(&c.seeds.result), "separating_axis");
    // The first difference is the first support point on the ellipse: the start agrees.
    let k = c.first_difference.unwrap();
    assert_eq!(c.ours.steps[k]["kind"], "support");
    assert!(k >= 1);
}

#[test]
fn no_progress_test_cycles_on_one_support_point_until_the_cap() {
    let (a, b) = preset(Variant::NoProgressTest);
    // Independent: the square's lowest corner lies on the box's top edge (y = 1).
    let lowest = world_vertices(&b)
        .into_iter()
        .map(|p| p.y)
        .fold(f64::INFINITY, f64::min);
    assert!((lowest - 1.0).abs() < 1e-12, "touching: {lowest}");
    let c = compare(Variant::NoProgressTest, &a, &b);
    assert_eq!(c.ours.result["intersects"], true, "touching intersects");
    assert_eq!(reason(&c.seeds.result), "iteration_limit");
    assert_eq!(
        c.seeds.result["iterations"].as_u64().unwrap() as usize,
        gjk_lab_core::algorithms::gjk::MAX_ITERATIONS
    );
    // The last support points all repeat one vertex pair: the cycle.
    let supports: Vec<_> = c
        .seeds
        .steps
        .iter()
        .filter(|s| s["kind"] == "support")
        .map(|s| {
            (
                s["support"]["vertex_a"].clone(),
                s["support"]["vertex_b"].clone(),
            )
        })
        .collect();
    let tail = &supports[supports.len() - 10..];
    assert!(tail.iter().all(|p| *p == tail[0]), "{tail:?}");
    // Where gjk-lab stops on the repeated point, the seed's loop goes on.
    let k = c.first_difference.unwrap();
    assert_eq!(c.ours.steps[k]["kind"], "done");
}

#[test]
fn foot_normals_stop_at_a_wrong_depth() {
    let (a, b) = preset(Variant::FootNormals);
    let truth = reference(&a, &b).signed; // SAT over every edge normal: exact
    let c = compare(Variant::FootNormals, &a, &b);
    assert_eq!(c.ours.steps[0]["start"], "two_edges");
    let ours = c.ours.result["depth"].as_f64().unwrap();
    let seeds = c.seeds.result["depth"].as_f64().unwrap();
    assert!((ours - truth).abs() < 1e-9, "{ours} vs {truth}");
    assert!(seeds > truth + 0.1, "{seeds} vs {truth}");
    // The start differs already: the two edges' normals.
    assert_eq!(c.first_difference, Some(1));
}

#[test]
fn loose_tolerance_stops_early_with_a_shallow_depth() {
    let (a, b) = preset(Variant::LooseTolerance);
    let truth = reference(&a, &b).signed;
    let c = compare(Variant::LooseTolerance, &a, &b);
    let ours = c.ours.result["depth"].as_f64().unwrap();
    let seeds = c.seeds.result["depth"].as_f64().unwrap();
    assert!((ours - truth).abs() < 1e-9, "{ours} vs {truth}");
    assert!(seeds < truth * 0.5, "{seeds} vs {truth}");
    // The runs agree until a support point advances less than 0.2 past its edge:
    // there the seed stops.
    let k = c.first_difference.unwrap();
    let before = &c.seeds.steps[k - 1];
    assert_eq!(before["kind"], "support");
    assert!(before["advance"].as_f64().unwrap() <= SEED_003_TOLERANCE);
    assert_eq!(c.seeds.steps[k]["kind"], "done");
}

#[test]
fn obb_test_calls_touching_boxes_apart() {
    let (a, b) = preset(Variant::ObbTouchingSeparated);
    assert_eq!(reference(&a, &b).signed, 0.0, "exactly touching");
    let c = compare(Variant::ObbTouchingSeparated, &a, &b);
    assert_eq!(c.ours.result["intersects"], true);
    assert_eq!(c.seeds.result["intersects"], false);
    assert_eq!(c.seeds.result["outcome"]["gap"], 0.0);
}

#[test]
fn mtv_towards_the_centre_does_not_separate_under_containment() {
    let (a, b) = preset(Variant::MtvTowardsCentre);
    let c = compare(Variant::MtvTowardsCentre, &a, &b);
    let moved = |r: &Value| {
        let d = r["depth"].as_f64().unwrap() + 1e-6;
        let n = vec2(&r["normal"]);
        let mut b2 = b.clone();
        b2.set_pose(Pose::new(b.position() + n * d, b.pose().rotation));
        reference(&a, &b2).signed
    };
    assert!(moved(&c.ours.result) < 0.0, "gjk-lab's MTV separates");
    assert!(
        moved(&c.seeds.result) > 0.1,
        "the seed's MTV leaves B inside"
    );
    // The axes agree; only the end differs.
    assert_eq!(c.first_difference, Some(c.ours.steps.len() - 1));
}

#[test]
fn epa_in_float_loses_an_overlap_far_from_the_origin() {
    let (a, b) = preset(Variant::EpaFloat32);
    let truth = reference(&a, &b).signed;
    assert!((truth - 0.01).abs() < 1e-6, "{truth}");
    let c = compare(Variant::EpaFloat32, &a, &b);
    let ours = c.ours.result["depth"].as_f64().unwrap();
    let seeds = c.seeds.result["depth"].as_f64().unwrap();
    assert!((ours - truth).abs() < 1e-6, "{ours}");
    assert!((seeds - truth).abs() > 0.005, "{seeds}");
}

fn placed(g: Geometry, x: f64, y: f64, r: f64) -> Shape {
    Shape::new(g, Pose::new(DVec2::new(x, y), r))
}

fn arb_pair() -> impl Strategy<Value = (Shape, Shape)> {
    (
        arb_convex_polygon(8, 0.5..2.0, 0.05),
        arb_convex_polygon(8, 0.5..2.0, 0.05),
        (-3.0f64..3.0, -3.0f64..3.0, 0.0f64..6.3, 0.0f64..6.3),
    )
        .prop_map(|(ga, gb, (x, y, ra, rb))| (placed(ga, 0.0, 0.0, ra), placed(gb, x, y, rb)))
}

/// A centrally symmetric polygon (a rectangle or a regular polygon with an even
/// number of sides): its vertex average is the middle of its shadow on every axis.
fn arb_symmetric() -> impl Strategy<Value = Geometry> {
    (2usize..5, 0.3f64..2.0, 0.3f64..2.0).prop_map(|(half, rx, ry)| {
        let n = 2 * half;
        let v: Vec<DVec2> = (0..n)
            .map(|k| {
                let t = std::f64::consts::TAU * k as f64 / n as f64;
                DVec2::new(rx * t.cos(), ry * t.sin())
            })
            .collect();
        Geometry::polygon(&v).expect("convex")
    })
}

proptest! {
    #![proptest_config(proptest_config(256))]

    /// Without an ellipse (or with a circle's a = b), the angle point is the support:
    /// the two runs are the same, step for step.
    #[test]
    fn ellipse_support_agrees_without_a_long_ellipse(
        (a, b) in arb_pair(),
        r in 0.3f64..2.0,
        use_circle in any::<bool>(),
    ) {
        let round = if use_circle {
            Geometry::Circle(Circle { radius: r })
        } else {
            Geometry::Ellipse(Ellipse { a: r, b: r })
        };
        let round = placed(round, b.position().x, b.position().y, 0.0);
        let c = compare(Variant::EllipseAngleSupport, &a, &b);
        prop_assert_eq!(c.first_difference, None);
        let c = compare(Variant::EllipseAngleSupport, &a, &round);
        if use_circle {
            prop_assert_eq!(c.first_difference, None);
        } else {
            // a = b: the angle point equals the support up to rounding.
            prop_assert_eq!(&c.ours.result["intersects"], &c.seeds.result["intersects"]);
        }
    }

    /// Away from touching (the origin not within 1e-6 of A − B's boundary) the loop
    /// without a progress test ends with gjk-lab's answer.
    #[test]
    fn no_progress_test_agrees_away_from_touching((a, b) in arb_pair()) {
        if reference(&a, &b).signed.abs() <= 1e-6 {
            return Ok(()); // the trigger: touching
        }
        let c = compare(Variant::NoProgressTest, &a, &b);
        prop_assert_eq!(&c.ours.result["intersects"], &c.seeds.result["intersects"]);
        prop_assert_ne!(reason(&c.seeds.result), "iteration_limit");
    }

    /// When GJK ends on a triangle around the origin, the origin's foot gives every
    /// edge its outward normal: the seed's EPA finds the same depth.
    #[test]
    fn foot_normals_agree_from_a_triangle((a, b) in arb_pair()) {
        let c = compare(Variant::FootNormals, &a, &b);
        if c.ours.steps.first().is_none_or(|s| s["start"] != "triangle") {
            return Ok(()); // the trigger: no triangle around the origin
        }
        let ours = c.ours.result["depth"].as_f64().unwrap();
        let seeds = c.seeds.result["depth"].as_f64().unwrap();
        prop_assert!((ours - seeds).abs() < 1e-9, "{} vs {}", ours, seeds);
    }

    /// The two pseudo-EPA runs agree step for step until a support point advances no
    /// more than 0.2: the first difference is the seed's early stop.
    #[test]
    fn loose_tolerance_agrees_until_it_bites((a, b) in arb_pair()) {
        let c = compare(Variant::LooseTolerance, &a, &b);
        if let Some(k) = c.first_difference {
            let before = &c.seeds.steps[k - 1];
            prop_assert_eq!(&before["kind"], "support");
            prop_assert!(before["advance"].as_f64().unwrap() <= SEED_003_TOLERANCE);
        }
    }

    /// Boxes that overlap or stand apart by more than rounding: the seed's OBB test
    /// agrees with gjk-lab's, step for step.
    #[test]
    fn obb_test_agrees_away_from_touching(
        (w, h, x, y, r) in (0.2f64..2.0, 0.2f64..2.0, -3.0f64..3.0, -3.0f64..3.0, 0.0f64..6.3),
    ) {
        let a = placed(Geometry::polygon(&[DVec2::new(-1.0, -0.5), DVec2::new(1.0, -0.5),
            DVec2::new(1.0, 0.5), DVec2::new(-1.0, 0.5)]).unwrap(), 0.0, 0.0, 0.3);
        let b = placed(Geometry::polygon(&[DVec2::new(-w, -h), DVec2::new(w, -h),
            DVec2::new(w, h), DVec2::new(-w, h)]).unwrap(), x, y, r);
        if reference(&a, &b).signed.abs() <= 1e-9 {
            return Ok(()); // the trigger: touching
        }
        let c = compare(Variant::ObbTouchingSeparated, &a, &b);
        prop_assert_eq!(c.first_difference, None);
    }

    /// For centrally symmetric polygons the vertex average is the middle of every
    /// shadow, so turning the MTV towards B's centre picks the shorter side: the same
    /// run.
    #[test]
    fn mtv_towards_centre_agrees_for_symmetric_shapes(
        ga in arb_symmetric(), gb in arb_symmetric(),
        (x, y, ra, rb) in (-2.0f64..2.0, -2.0f64..2.0, 0.0f64..6.3, 0.0f64..6.3),
    ) {
        let (a, b) = (placed(ga, 0.0, 0.0, ra), placed(gb, x, y, rb));
        let c = compare(Variant::MtvTowardsCentre, &a, &b);
        if c.first_difference.is_some() {
            // Only a tie of both sides (B's centre on A's, to rounding) may differ.
            let ours = vec2(&c.ours.result["normal"]);
            let seeds = vec2(&c.seeds.result["normal"]);
            prop_assert!((ours + seeds).length() < 1e-12, "{} vs {}", ours, seeds);
            let centre_gap = (b.position() - a.position()).dot(ours).abs();
            prop_assert!(centre_gap < 1e-9, "{}", centre_gap);
        }
    }

    /// Near the origin, shapes of unit size: the seed's EPA in float with ε = 1e-3
    /// finds the depth to within ε plus float's rounding.
    #[test]
    fn epa_in_float_agrees_near_the_origin((a, b) in arb_pair()) {
        let c = compare(Variant::EpaFloat32, &a, &b);
        if c.ours.result["intersects"] != true {
            return Ok(()); // nothing to measure
        }
        prop_assert_eq!(reason(&c.seeds.result), "converged");
        let ours = c.ours.result["depth"].as_f64().unwrap();
        let seeds = c.seeds.result["depth"].as_f64().unwrap();
        prop_assert!((ours - seeds).abs() <= 1e-3 + 1e-5, "{} vs {}", ours, seeds);
    }
}

fn gjk_lab(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

#[test]
fn list_variants_prints_one_object_per_variant() {
    let out = gjk_lab(&["trace", "--list-variants"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), Variant::ALL.len());
    assert!(lines.len() >= 6);
    for line in &lines {
        let keys: Vec<_> = line.as_object().unwrap().keys().cloned().collect();
        assert_eq!(keys.len(), 5, "{line}");
        let seed = line["seed"].as_str().unwrap();
        assert!(
            ["000", "001", "002", "003", "004"].contains(&seed),
            "{seed}"
        );
        let preset = line["preset"].as_str().unwrap();
        assert!(preset.starts_with("scenes/"));
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(preset);
        assert!(path.exists(), "{preset}");
        assert!(!line["bug"].as_str().unwrap().is_empty());
        // The preset traces with the variant.
        let variant = line["variant"].as_str().unwrap();
        let run = gjk_lab(&["trace", preset, "--variant", variant]);
        assert!(run.status.success(), "{variant}");
        let last: Value = serde_json::from_str(
            String::from_utf8(run.stdout)
                .unwrap()
                .lines()
                .last()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(last["variant"], variant);
        assert_eq!(last["algorithm"], line["algo"]);
    }
}

/// `trace --variant`'s result line says where the seed's version first parts from
/// gjk-lab's run: `first_difference` is the first step whose line differs from the
/// same step of `trace --algo` on the same pair (compared here line by line, numbers
/// to f32's rounding for the f32 variant), and `difference` names that step.
#[test]
fn trace_with_a_variant_says_where_it_first_differs() {
    let lines = |args: &[&str]| -> Vec<Value> {
        let out = gjk_lab(args);
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let close = |x: &Value, y: &Value| -> bool {
        fn close(x: &Value, y: &Value, rel: f64) -> bool {
            match (x, y) {
                (Value::Number(a), Value::Number(b)) => {
                    let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
                    (a - b).abs() <= rel * a.abs().max(b.abs())
                }
                (Value::Array(a), Value::Array(b)) => {
                    a.len() == b.len() && a.iter().zip(b).all(|(p, q)| close(p, q, rel))
                }
                (Value::Object(a), Value::Object(b)) => a
                    .iter()
                    .filter(|(k, _)| k.as_str() != "tolerance")
                    .all(|(k, p)| b.get(k).is_some_and(|q| close(p, q, rel))),
                _ => x == y,
            }
        }
        close(x, y, 1e-6)
    };
    for &v in Variant::ALL {
        let seeds = lines(&["trace", v.preset(), "--variant", v.name()]);
        let ours = lines(&["trace", v.preset(), "--algo", v.algorithm().name()]);
        let result = seeds.last().unwrap();
        let k = result["first_difference"]
            .as_u64()
            .unwrap_or_else(|| panic!("{}: {result}", v.name())) as usize;
        let (seeds, ours) = (&seeds[..seeds.len() - 1], &ours[..ours.len() - 1]);
        for i in 0..k - 1 {
            assert!(close(&seeds[i], &ours[i]), "{}: step {}", v.name(), i + 1);
        }
        let differs = match (seeds.get(k - 1), ours.get(k - 1)) {
            (Some(x), Some(y)) => !close(x, y),
            _ => true,
        };
        assert!(differs, "{}: step {k} is the same", v.name());
        let words = result["difference"].as_str().unwrap();
        assert!(words.starts_with(&format!("step {k}")), "{words}");
    }
    // Without a variant the result line has no such field.
    let plain = lines(&["trace", "scenes/box-box.ron", "--algo", "sat"]);
    assert!(plain.last().unwrap().get("first_difference").is_none());
}

#[test]
fn a_bad_variant_is_one_line_and_exit_2() {
    for args in [
        &["trace", "scenes/box-box.ron", "--variant", "nope"][..],
        &[
            "trace",
            "scenes/box-box.ron",
            "--algo",
            "sat",
            "--variant",
            "foot-normals",
        ],
        &["query", "scenes/box-box.ron", "--variant", "nope"],
    ] {
        let out = gjk_lab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("variant"), "{err}");
    }
}

#[test]
fn query_with_a_variant_adds_its_answer_to_every_pair() {
    let preset = Variant::EllipseAngleSupport.preset();
    let plain = gjk_lab(&["query", preset]);
    let with = gjk_lab(&["query", preset, "--variant", "ellipse-angle-support"]);
    assert!(plain.status.success() && with.status.success());
    let plain: Value = serde_json::from_slice(&plain.stdout).unwrap();
    let mut with: Value = serde_json::from_slice(&with.stdout).unwrap();
    let pair = &mut with["pairs"][0];
    assert_eq!(pair["variant"]["intersects"], false);
    assert_eq!(pair["intersects"], true);
    pair.as_object_mut().unwrap().remove("variant");
    assert_eq!(plain, with, "the rest of the answer is unchanged");
}

/// The degenerate gallery (`scenes/gallery-*.ron`, with the presets it shares with
/// the rest: identical shapes, the origin on an edge, SAT's parallel tie, stacked
/// boxes): gjk-lab's answers against analytic ones, and seed 004's float EPA failing
/// where its absolute ε is larger than the depth.
#[test]
fn the_gallery_is_answered_exactly_and_seed_004_fails_on_the_slivers() {
    use gjk_lab_core::query::query;
    let pair = |file: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes")
            .join(file);
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        (scene.shapes[0].shape.clone(), scene.shapes[1].shape.clone())
    };
    // Slivers 1e-4 thick overlapping by half their thickness: depth 5e-5, upwards.
    let (a, b) = pair("gallery-slivers.ron");
    let q = query(&a, &b);
    assert!(
        q.intersects && (q.depth - 5e-5).abs() < 1e-15,
        "{}",
        q.depth
    );
    let c = compare(Variant::EpaFloat32, &a, &b);
    let seeds = c.seeds.result["depth"].as_f64().unwrap();
    assert!(
        (seeds - 5e-5).abs() > 5e-5,
        "ε = 1e-3 stops at the first edge: {seeds}"
    );
    // 200 : 1 — the pebble's face 0.01 from the wall's.
    let (a, b) = pair("gallery-200-to-1.ron");
    let q = query(&a, &b);
    assert!(
        !q.intersects && (q.distance - 0.01).abs() < 1e-12,
        "{}",
        q.distance
    );
    // A point (a triangle 1e-6 across) and a box: the corner (1, 1) is nearest.
    let (a, b) = pair("gallery-point-box.ron");
    let q = query(&a, &b);
    assert!((q.distance - 0.5).abs() < 1e-12, "{}", q.distance);
    assert!((q.closest_a.unwrap() - DVec2::ONE).length() < 1e-12);
    // Nearly touching at 1e6: the gap 0.001 (to the precision of the positions).
    let (a, b) = pair("gallery-near-touch-far.ron");
    let q = query(&a, &b);
    assert!(
        !q.intersects && (q.distance - 0.001).abs() < 1e-9,
        "{}",
        q.distance
    );
}
