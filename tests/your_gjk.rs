//! `examples/your-gjk`: the starter programs in Python and JavaScript, filled stage by
//! stage with the solutions kept in `tests/fixtures/your-gjk/` (never in the starters,
//! which stay exercises), run on presets and checked by `gjk-lab check` from the
//! command line: each stage agrees on an overlapping pair, an apart pair, touching
//! pairs and a circle pair, and says the next stage; each classic mistake, patched in
//! at its stage, is caught there with its named cause. Each language is skipped, with a
//! message, when its interpreter (python3, node) is not installed.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn gjk_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs")
}

/// A language of the starters: its interpreter, file extension and comment marker.
struct Language {
    program: &'static str,
    ext: &'static str,
    comment: &'static str,
    fixtures: &'static str,
}

const PYTHON: Language = Language {
    program: "python3",
    ext: "py",
    comment: "#",
    fixtures: "python",
};

const NODE: Language = Language {
    program: "node",
    ext: "js",
    comment: "//",
    fixtures: "js",
};

impl Language {
    /// Whether the interpreter runs here; if not, says so (the test is skipped).
    fn present(&self) -> bool {
        let ok = Command::new(self.program)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            println!(
                "skipped: {} is not installed, so the {} starter cannot run",
                self.program, self.ext
            );
        }
        ok
    }

    fn starter(&self) -> String {
        std::fs::read_to_string(root().join(format!("examples/your-gjk/your_gjk.{}", self.ext)))
            .unwrap()
    }

    fn fixture(&self, name: &str) -> String {
        let path = root().join(format!(
            "tests/fixtures/your-gjk/{}/{name}.{}",
            self.fixtures, self.ext
        ));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// The starter with stage `k`'s block (between its markers) replaced by `body`.
    fn patch(&self, text: &str, k: u8, body: &str) -> String {
        let open = format!("{} >>> stage {k}\n", self.comment);
        let close = format!("{} <<< stage {k}\n", self.comment);
        let start = text.find(&open).expect("the stage's opening marker") + open.len();
        let end = text[start..].find(&close).expect("its closing marker") + start;
        format!("{}{body}{}", &text[..start], &text[end..])
    }

    /// The starter with stages 1 to `stages` filled with the solutions, except those
    /// `instead` names (a stage and the fixture to put there).
    fn program(&self, stages: u8, instead: &[(u8, &str)]) -> String {
        let mut text = self.starter();
        for k in 1..=stages {
            let name = instead
                .iter()
                .find(|(s, _)| *s == k)
                .map_or(format!("stage{k}"), |(_, n)| n.to_string());
            text = self.patch(&text, k, &self.fixture(&name));
        }
        text
    }

    /// Runs `program` on the pair `gjk-lab world` prints (fed on stdin) and returns
    /// its trace.
    fn run(&self, program: &str, dir: &Path, world: &[u8]) -> String {
        let file = dir.join(format!("mine.{}", self.ext));
        std::fs::write(&file, program).unwrap();
        let mut child = Command::new(self.program)
            .arg(&file)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(world).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gjk-lab-your-gjk-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `gjk-lab world SCENE --pair I,J`, then the program, then `gjk-lab check --json`: the
/// report and the exit code.
fn check(lang: &Language, program: &str, dir: &Path, scene: &str, pair: &str) -> (Value, i32) {
    let world = gjk_lab(&["world", scene, "--pair", pair]);
    assert!(world.status.success(), "{scene}");
    let trace = lang.run(program, dir, &world.stdout);
    let file = dir.join("mine.jsonl");
    std::fs::write(&file, &trace).unwrap();
    let out = gjk_lab(&[
        "check",
        scene,
        "--pair",
        pair,
        "--algo",
        "gjk",
        "--trace",
        file.to_str().unwrap(),
        "--json",
    ]);
    let report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{scene}: {e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (report, out.status.code().unwrap())
}

/// An overlapping pair (two, one of dyn4j's), an apart pair, touching pairs (edges,
/// a corner into a face, boxes side by side) and a circle with a box, each both ways.
const PRESETS: [&str; 7] = [
    "scenes/dyn4j-gjk.ron",
    "scenes/overlapping-polygons.ron",
    "scenes/separated-polygons.ron",
    "scenes/edge-touching.ron",
    "scenes/seed-004-obb-touching.ron",
    "tests/fixtures/your-gjk/side-by-side.ron",
    "scenes/circle-polygon.ron",
];

fn starters_stay_exercises(lang: &Language) {
    let starter = lang.starter();
    for k in 1..=5u8 {
        let open = format!("{} >>> stage {k}\n", lang.comment);
        let close = format!("{} <<< stage {k}\n", lang.comment);
        let block = &starter[starter.find(&open).unwrap()..starter.find(&close).unwrap()];
        let todo = if lang.ext == "py" {
            format!("raise Todo({k})")
        } else {
            format!("todo({k})")
        };
        let functions = block.matches(if lang.ext == "py" {
            "\ndef "
        } else {
            "\nfunction "
        });
        assert_eq!(
            block.matches(&todo).count(),
            functions.count(),
            "every function of stage {k} is a TODO:\n{block}"
        );
    }
    // Run as shipped, it says what to write first, and prints no trace.
    let dir = temp(&format!("starter-{}", lang.ext));
    let file = dir.join(format!("mine.{}", lang.ext));
    std::fs::write(&file, &starter).unwrap();
    let world = gjk_lab(&["world", "scenes/dyn4j-gjk.ron"]);
    let mut child = Command::new(lang.program)
        .arg(&file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&world.stdout)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("write stage 1"));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn every_stage_agrees_and_names_the_next(lang: &Language) {
    let dir = temp(&format!("stages-{}", lang.ext));
    for stages in 1..=5u8 {
        let program = lang.program(stages, &[]);
        // Every stage on each pair one way; the whole program both ways.
        let pairs: &[&str] = if stages == 5 {
            &["0,1", "1,0"]
        } else {
            &["0,1"]
        };
        for scene in PRESETS {
            for &pair in pairs {
                let (report, code) = check(lang, &program, &dir, scene, pair);
                let what = format!("{} stage {stages}, {scene} {pair}", lang.ext);
                assert_eq!(code, 0, "{what}: {report}");
                assert_eq!(report["agree"], true, "{what}: {report}");
                assert_eq!(report["stage"], stages, "{what}");
                if stages < 5 {
                    assert_eq!(report["next_stage"]["stage"], stages + 1, "{what}");
                } else {
                    assert!(report["next_stage"].is_null(), "{what}");
                }
            }
        }
    }
    // kroitor/gjk.c's triangle case (the other order, `>= 0`): right as well.
    let program = lang.program(5, &[(4, "stage4-kroitor")]);
    for scene in PRESETS {
        let (report, code) = check(lang, &program, &dir, scene, "0,1");
        assert_eq!(
            code, 0,
            "{} kroitor's triangle case, {scene}: {report}",
            lang.ext
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A classic mistake: its fixture, its stage, other stages to fill differently, the
/// scene it shows on, and the cause `check` names.
type Mistake = (
    &'static str,
    u8,
    &'static [(u8, &'static str)],
    &'static str,
    &'static str,
);

/// Each classic mistake, patched in at its stage (stages after it left as TODOs),
/// caught at that stage on the scene, with its named cause.
fn each_mistake_is_caught_at_its_stage(lang: &Language) {
    let dir = temp(&format!("mistakes-{}", lang.ext));
    let cases: [Mistake; 7] = [
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
    for (mistake, stage, also, scene, cause) in cases {
        let name = format!("mistakes/{mistake}");
        let mut instead = vec![(stage, name.as_str())];
        instead.extend_from_slice(also);
        let program = lang.program(stage, &instead);
        let (report, code) = check(lang, &program, &dir, scene, "0,1");
        let what = format!("{} {mistake} on {scene}", lang.ext);
        assert_eq!(code, 1, "{what}: {report}");
        assert_eq!(report["stage"], stage, "{what}");
        let d = &report["divergence"];
        assert_eq!(d["cause"], cause, "{what}: {report}");
        assert!(d["fix"].as_str().is_some_and(|f| !f.is_empty()), "{what}");
        if mistake == "touching-apart" {
            assert!(
                d["fix"].as_str().unwrap().contains("progress test"),
                "{what}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

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
