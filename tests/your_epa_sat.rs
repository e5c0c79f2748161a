//! `examples/your-gjk`: the EPA and SAT starter programs in Python and JavaScript,
//! filled stage by stage with the solutions in `tests/fixtures/your-gjk/{python,js}/
//! {epa,sat}/` and checked by `gjk-lab check`: each stage agrees on overlapping polygon
//! pairs, a circle pair, touching pairs (EPA) and apart pairs, and names the next
//! stage; each classic mistake, patched in at its stage, is caught there with its
//! named cause. A language whose interpreter is missing is skipped with a message.
//! (What the GJK tests share with these: `tests/starters/mod.rs`.)

mod starters;

use starters::{caught, gjk_lab, temp, Language, Mistake, NODE, PYTHON};

/// EPA's pairs: overlapping polygons (dyn4j's, two others), a circle against a box,
/// touching pairs (edges, boxes side by side), an apart pair (GJK ends it), and
/// dyn4j's pair ten million times larger.
const EPA_SCENES: [&str; 8] = [
    "scenes/dyn4j-epa.ron",
    "scenes/overlapping-polygons.ron",
    "scenes/box-box.ron",
    "scenes/circle-polygon.ron",
    "scenes/edge-touching.ron",
    "tests/fixtures/your-gjk/side-by-side.ron",
    "scenes/separated-polygons.ron",
    "tests/fixtures/your-gjk/epa-large.ron",
];

/// SAT's pairs: overlapping polygons, a circle against a box, a circle pair apart,
/// apart polygons, touching edges.
const SAT_SCENES: [&str; 7] = [
    "scenes/sat-overlapping.ron",
    "scenes/overlapping-polygons.ron",
    "scenes/circle-polygon.ron",
    "scenes/box-box-circles-apart.ron",
    "scenes/sat-separated.ron",
    "scenes/separated-polygons.ron",
    "scenes/edge-touching.ron",
];

/// EPA's classic mistakes, each at its stage.
const EPA_MISTAKES: [Mistake; 7] = [
    // The other perpendicular: the normal points into the polytope.
    (
        "inward-normal",
        1,
        &[],
        "scenes/dyn4j-epa.ron",
        "inward_edge_normal",
    ),
    // (e.y, −e.x) not divided by |e|.
    (
        "not-normalised",
        1,
        &[],
        "scenes/overlapping-polygons.ron",
        "edge_normal_not_normalized",
    ),
    // The distance of the nearer end, not of the edge's line.
    (
        "vertex-distance",
        1,
        &[],
        "scenes/dyn4j-epa.ron",
        "edge_distance_from_vertex",
    ),
    // The new point put at the edge's index, before its first end.
    (
        "wrong-insertion",
        2,
        &[],
        "scenes/overlapping-polygons.ron",
        "wrong_insertion",
    ),
    // No stop test: the support point repeats a vertex and the rounds go on.
    (
        "no-stop",
        3,
        &[],
        "scenes/dyn4j-epa.ron",
        "epa_missing_stop",
    ),
    // An absolute tolerance of 1e-12: at 1e8 the rounding is larger.
    (
        "absolute-tolerance",
        3,
        &[],
        "tests/fixtures/your-gjk/epa-large.ron",
        "epa_missing_stop",
    ),
    // The normal from B towards A.
    (
        "normal-b-to-a",
        3,
        &[],
        "scenes/overlapping-polygons.ron",
        "wrong_normal_sign",
    ),
];

/// SAT's classic mistakes, each at its stage.
const SAT_MISTAKES: [Mistake; 6] = [
    // Only A's edge normals.
    (
        "one-shape",
        1,
        &[],
        "scenes/sat-overlapping.ron",
        "missed_axis",
    ),
    // With a circle, only A's edges: the circle's axis never tried.
    (
        "one-shape",
        1,
        &[],
        "scenes/circle-polygon.ron",
        "missed_axis",
    ),
    // Edge normals not made unit length.
    (
        "not-normalised",
        1,
        &[],
        "scenes/sat-overlapping.ron",
        "axis_not_normalized",
    ),
    // The shadow of two vertices only.
    (
        "two-vertices",
        2,
        &[],
        "scenes/overlapping-polygons.ron",
        "narrow_shadow",
    ),
    // a₁ − b₀ only.
    (
        "one-sided",
        3,
        &[],
        "scenes/sat-separated.ron",
        "one_sided_overlap",
    ),
    // The normal from B towards A.
    (
        "normal-b-to-a",
        3,
        &[],
        "scenes/sat-overlapping.ron",
        "wrong_normal_sign",
    ),
];

fn epa(lang: &Language) {
    starters::starter_stays_an_exercise(lang, "epa", 3, "the closest edge");
    starters::every_stage_agrees(lang, "epa", 3, &EPA_SCENES);
    for mistake in &EPA_MISTAKES {
        caught(lang, "epa", mistake);
    }
}

fn sat(lang: &Language) {
    starters::starter_stays_an_exercise(lang, "sat", 3, "the axes");
    starters::every_stage_agrees(lang, "sat", 3, &SAT_SCENES);
    for mistake in &SAT_MISTAKES {
        caught(lang, "sat", mistake);
    }
}

#[test]
fn python_epa_stage_by_stage() {
    if PYTHON.present() {
        epa(&PYTHON);
    }
}

#[test]
fn javascript_epa_stage_by_stage() {
    if NODE.present() {
        epa(&NODE);
    }
}

#[test]
fn python_sat_stage_by_stage() {
    if PYTHON.present() {
        sat(&PYTHON);
    }
}

#[test]
fn javascript_sat_stage_by_stage() {
    if NODE.present() {
        sat(&NODE);
    }
}

/// The right answer's numbers stand beside the learner's: the report of a mistake
/// names both (EPA's vertex distance, SAT's one-sided overlap).
#[test]
fn a_mistake_shows_both_numbers() {
    if !PYTHON.present() {
        return;
    }
    let d = caught(&PYTHON, "epa", &EPA_MISTAKES[2]);
    assert!(
        d["found"].as_str().unwrap().contains("distance 2.2361"),
        "{d}"
    );
    assert!(d["expected"].as_str().unwrap().contains("0.937"), "{d}");
    let d = caught(&PYTHON, "sat", &SAT_MISTAKES[4]);
    assert!(
        d["found"].as_str().unwrap().contains("overlap 3.115"),
        "{d}"
    );
    assert!(d["expected"].as_str().unwrap().contains("0.9733"), "{d}");
}

/// An EPA trace cut after its first closest edge, judged with `--stage 1`: it agrees
/// and names stage 2, expand; as a whole trace (no `--stage`) its missing depth makes
/// it a bad file; `--stage 4` is no stage of EPA.
#[test]
fn check_stage_on_the_command_line_for_epa() {
    let dir = temp("stage-option-epa");
    let out = gjk_lab(&["trace", "scenes/dyn4j-epa.ron", "--algo", "epa"]);
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    let first_edge = lines
        .iter()
        .position(|l| l.contains("\"kind\":\"closest_edge\""))
        .unwrap();
    let mut cut: Vec<String> = lines[..=first_edge].iter().map(|l| l.to_string()).collect();
    cut.push(r#"{"kind":"result","trace_version":1,"algorithm":"epa","intersects":true}"#.into());
    let file = dir.join("cut.jsonl");
    std::fs::write(&file, cut.join("\n") + "\n").unwrap();
    let file = file.to_str().unwrap();
    let base = [
        "check",
        "scenes/dyn4j-epa.ron",
        "--algo",
        "epa",
        "--trace",
        file,
    ];
    assert_eq!(gjk_lab(&base).status.code(), Some(2));
    let out = gjk_lab(&[&base[..], &["--stage", "1"]].concat());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("up to stage 1, the closest edge"), "{text}");
    assert!(text.contains("next: stage 2, expand"), "{text}");
    let out = gjk_lab(&[&base[..], &["--stage", "4"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("its stages are 1 to 3"));
    std::fs::remove_dir_all(&dir).unwrap();
}
