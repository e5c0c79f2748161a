//! `examples/your-gjk`: the GJK starter programs in Python and JavaScript, filled
//! stage by stage with the solutions kept in `tests/fixtures/your-gjk/` (never in the
//! starters, which stay exercises), run on presets and checked by `gjk-lab check` from
//! the command line: each stage agrees on an overlapping pair, an apart pair, touching
//! pairs and a circle pair, and says the next stage; each classic mistake, patched in
//! at its stage, is caught there with its named cause. Each language is skipped, with a
//! message, when its interpreter (python3, node) is not installed. (EPA's and SAT's
//! starters: `tests/your_epa_sat.rs`; what both share: `tests/starters/mod.rs`.)

mod starters;

use starters::{caught, check, gjk_lab, temp, Language, Mistake, NODE, PYTHON};

/// An overlapping pair (two, one of dyn4j's), an apart pair, touching pairs (edges,
/// a corner into a face, boxes side by side), a circle with a box, two capsules, a
/// capsule on a rounded box and a box on a segment, each both ways.
const PRESETS: [&str; 10] = [
    "scenes/dyn4j-gjk.ron",
    "scenes/overlapping-polygons.ron",
    "scenes/separated-polygons.ron",
    "scenes/edge-touching.ron",
    "scenes/seed-004-obb-touching.ron",
    "tests/fixtures/your-gjk/side-by-side.ron",
    "scenes/circle-polygon.ron",
    "scenes/capsules.ron",
    "scenes/capsule-rounded-box.ron",
    "scenes/segment-box.ron",
];

fn starters_stay_exercises(lang: &Language) {
    starters::starter_stays_an_exercise(lang, "gjk", 5, "the support function");
}

fn every_stage_agrees_and_names_the_next(lang: &Language) {
    starters::every_stage_agrees(lang, "gjk", 5, &PRESETS);
    // kroitor/gjk.c's triangle case (the other order, `>= 0`): right as well.
    let dir = temp(&format!("kroitor-{}", lang.ext));
    let program = lang.program("gjk", 5, &[(4, "stage4-kroitor")]);
    for scene in PRESETS {
        let (report, code) = check(lang, "gjk", &program, &dir, scene, "0,1");
        assert_eq!(
            code, 0,
            "{} kroitor's triangle case, {scene}: {report}",
            lang.ext
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each classic mistake, patched in at its stage (stages after it left as TODOs),
/// caught at that stage on the scene, with its named cause.
fn each_mistake_is_caught_at_its_stage(lang: &Language) {
    for mistake in MISTAKES.iter() {
        let d = caught(lang, "gjk", mistake);
        if mistake.0 == "touching-apart" {
            assert!(
                d["fix"].as_str().unwrap().contains("progress test"),
                "{} {}",
                lang.ext,
                mistake.0
            );
        }
    }
}

/// GJK's classic mistakes: fixture, stage, other stages to fill differently, the
/// scene, the cause.
const MISTAKES: [Mistake; 7] = [
    // B's support along +d.
    (
        "support-sign",
        1,
        &[],
        "scenes/dyn4j-gjk.ron",
        "support_sign",
    ),
    // The direction after one point not negated.
    (
        "not-negated",
        2,
        &[],
        "scenes/dyn4j-gjk.ron",
        "direction_not_negated",
    ),
    // `<= 0` for `< 0`: the touching boxes called apart (the advice pairs `< 0` with a
    // progress test).
    (
        "touching-apart",
        2,
        &[],
        "tests/fixtures/your-gjk/side-by-side.ron",
        "missing_touching_case",
    ),
    // The triple product's factors swapped.
    (
        "swapped-triple",
        3,
        &[],
        "scenes/dyn4j-gjk.ron",
        "direction_away_from_origin",
    ),
    // The two edge tests keep each other's points.
    (
        "wrong-points-kept",
        4,
        &[],
        "scenes/ellipse-circle.ron",
        "wrong_feature_kept",
    ),
    // `< 0` with no progress test, under kroitor's triangle case: the touching boxes
    // loop.
    (
        "no-progress-test",
        5,
        &[(4, "stage4-kroitor")],
        "scenes/seed-004-obb-touching.ron",
        "touching_loop",
    ),
    // The origin on the segment only at an exact zero: the slivers' triple product
    // is rounding.
    (
        "exact-zero",
        5,
        &[],
        "scenes/gallery-slivers.ron",
        "triple_product_cancellation",
    ),
];

#[test]
fn the_python_starter_stays_an_exercise() {
    if PYTHON.present() {
        starters_stay_exercises(&PYTHON);
    }
}

#[test]
fn the_javascript_starter_stays_an_exercise() {
    if NODE.present() {
        starters_stay_exercises(&NODE);
    }
}

#[test]
fn python_every_stage_agrees_and_names_the_next() {
    if PYTHON.present() {
        every_stage_agrees_and_names_the_next(&PYTHON);
    }
}

#[test]
fn javascript_every_stage_agrees_and_names_the_next() {
    if NODE.present() {
        every_stage_agrees_and_names_the_next(&NODE);
    }
}

#[test]
fn python_each_mistake_is_caught_at_its_stage() {
    if PYTHON.present() {
        each_mistake_is_caught_at_its_stage(&PYTHON);
    }
}

#[test]
fn javascript_each_mistake_is_caught_at_its_stage() {
    if NODE.present() {
        each_mistake_is_caught_at_its_stage(&NODE);
    }
}

/// A trace judged to a stage by `--stage`: the file says nothing, the command line says
/// how far it goes; `--stage` on another algorithm is exit code 2.
#[test]
fn check_stage_on_the_command_line() {
    let dir = temp("stage-option");
    let out = gjk_lab(&["trace", "scenes/dyn4j-gjk.ron", "--algo", "gjk"]);
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    // gjk-lab's own run up to its third support point, with an undecided result line.
    let third = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains("\"kind\":\"support\""))
        .nth(2)
        .unwrap()
        .0;
    let mut cut: Vec<String> = lines[..=third].iter().map(|l| l.to_string()).collect();
    cut.push(r#"{"kind":"result","trace_version":1,"algorithm":"gjk","intersects":null}"#.into());
    let file = dir.join("cut.jsonl");
    std::fs::write(&file, cut.join("\n") + "\n").unwrap();
    let file = file.to_str().unwrap();
    let base = [
        "check",
        "scenes/dyn4j-gjk.ron",
        "--algo",
        "gjk",
        "--trace",
        file,
    ];
    // As a whole trace the verdict is missing: a bad file.
    assert_eq!(gjk_lab(&base).status.code(), Some(2));
    let out = gjk_lab(&[&base[..], &["--stage", "3"]].concat());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("up to stage 3, the segment case"), "{text}");
    assert!(text.contains("next: stage 4, the triangle case"), "{text}");
    for bad in [&["--stage", "6"][..], &["--stage", "0"]] {
        assert_eq!(gjk_lab(&[&base[..], bad].concat()).status.code(), Some(2));
    }
    let out = gjk_lab(&[
        "check",
        "scenes/dyn4j-gjk.ron",
        "--algo",
        "sat",
        "--trace",
        file,
        "--stage",
        "4",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("its stages are 1 to 3"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
