//! What the tests of `examples/your-gjk` share: the starter programs (GJK, EPA, SAT)
//! in Python and JavaScript, filled stage by stage with the solutions kept in
//! `tests/fixtures/your-gjk/` (never in the starters, which stay exercises) or with a
//! classic mistake, run on `gjk-lab world`'s output and checked by `gjk-lab check`.
//! Each language is skipped, with a message, when its interpreter (python3, node) is
//! not installed.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository's root (the tests run the binary from there).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `gjk-lab` with `args` from the root.
pub fn gjk_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs")
}

/// A language of the starters: its interpreter, file extension and comment marker.
pub struct Language {
    /// The interpreter.
    pub program: &'static str,
    /// The files' extension.
    pub ext: &'static str,
    /// A line comment.
    pub comment: &'static str,
    /// The fixtures' folder under `tests/fixtures/your-gjk/`.
    pub fixtures: &'static str,
}

/// Python 3.
pub const PYTHON: Language = Language {
    program: "python3",
    ext: "py",
    comment: "#",
    fixtures: "python",
};

/// Node.
pub const NODE: Language = Language {
    program: "node",
    ext: "js",
    comment: "//",
    fixtures: "js",
};

impl Language {
    /// Whether the interpreter runs here; if not, says so (the test is skipped).
    pub fn present(&self) -> bool {
        let ok = Command::new(self.program)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            println!(
                "skipped: {} is not installed, so the {} starters cannot run",
                self.program, self.ext
            );
        }
        ok
    }

    /// The starter of `algo` ("gjk", "epa", "sat") as shipped.
    pub fn starter(&self, algo: &str) -> String {
        std::fs::read_to_string(root().join(format!("examples/your-gjk/your_{algo}.{}", self.ext)))
            .unwrap()
    }

    /// A fixture of `algo`: GJK's at the language's folder, EPA's and SAT's in their
    /// own folder beneath it.
    pub fn fixture(&self, algo: &str, name: &str) -> String {
        let dir = if algo == "gjk" {
            String::new()
        } else {
            format!("{algo}/")
        };
        let path = root().join(format!(
            "tests/fixtures/your-gjk/{}/{dir}{name}.{}",
            self.fixtures, self.ext
        ));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// `text` with stage `k`'s block (between its markers) replaced by `body`.
    pub fn patch(&self, text: &str, k: u8, body: &str) -> String {
        let (open, close) = self.markers(k);
        let start = text.find(&open).expect("the stage's opening marker") + open.len();
        let end = text[start..].find(&close).expect("its closing marker") + start;
        format!("{}{body}{}", &text[..start], &text[end..])
    }

    fn markers(&self, k: u8) -> (String, String) {
        (
            format!("{} >>> stage {k}\n", self.comment),
            format!("{} <<< stage {k}\n", self.comment),
        )
    }

    /// The starter of `algo` with stages 1 to `stages` filled with the solutions,
    /// except those `instead` names (a stage and the fixture to put there).
    pub fn program(&self, algo: &str, stages: u8, instead: &[(u8, &str)]) -> String {
        let mut text = self.starter(algo);
        for k in 1..=stages {
            let name = instead
                .iter()
                .find(|(s, _)| *s == k)
                .map_or(format!("stage{k}"), |(_, n)| n.to_string());
            text = self.patch(&text, k, &self.fixture(algo, &name));
        }
        text
    }

    /// Runs `program` on `world` (fed on stdin): its exit status, stdout and stderr.
    pub fn execute(&self, program: &str, dir: &Path, world: &[u8]) -> Output {
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
        child.wait_with_output().unwrap()
    }

    /// Runs `program` on the pair `gjk-lab world` prints and returns its trace.
    pub fn run(&self, program: &str, dir: &Path, world: &[u8]) -> String {
        let out = self.execute(program, dir, world);
        assert!(
            out.status.success(),
            "{}: {}",
            self.ext,
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }
}

/// A fresh folder for one test's files.
pub fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gjk-lab-your-gjk-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `gjk-lab world SCENE --pair I,J`, then the program, then `gjk-lab check --algo
/// ALGO --json`: the report and the exit code.
pub fn check(
    lang: &Language,
    algo: &str,
    program: &str,
    dir: &Path,
    scene: &str,
    pair: &str,
) -> (Value, i32) {
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
        algo,
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

/// The starter of `algo` (with `stages` stages) as shipped: every function of every
/// stage is a TODO, and run, it prints no trace and says to write stage 1
/// (`first`: its title).
pub fn starter_stays_an_exercise(lang: &Language, algo: &str, stages: u8, first: &str) {
    let starter = lang.starter(algo);
    for k in 1..=stages {
        let (open, close) = lang.markers(k);
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
            "every function of {algo}'s stage {k} is a TODO:\n{block}"
        );
    }
    assert!(!starter.contains(&format!(">>> stage {}", stages + 1)));
    let dir = temp(&format!("starter-{algo}-{}", lang.ext));
    let world = gjk_lab(&["world", "scenes/dyn4j-gjk.ron"]);
    let out = lang.execute(&starter, &dir, &world.stdout);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("write stage 1, {first}")), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every stage of `algo` (1 to `stages`), filled with the solutions, agrees on each
/// scene (pair 0,1; the whole program both ways) and names the next stage.
pub fn every_stage_agrees(lang: &Language, algo: &str, stages: u8, scenes: &[&str]) {
    let dir = temp(&format!("stages-{algo}-{}", lang.ext));
    for stage in 1..=stages {
        let program = lang.program(algo, stage, &[]);
        let pairs: &[&str] = if stage == stages {
            &["0,1", "1,0"]
        } else {
            &["0,1"]
        };
        for scene in scenes {
            for &pair in pairs {
                let (report, code) = check(lang, algo, &program, &dir, scene, pair);
                let what = format!("{} {algo} stage {stage}, {scene} {pair}", lang.ext);
                assert_eq!(code, 0, "{what}: {report}");
                assert_eq!(report["agree"], true, "{what}: {report}");
                assert_eq!(report["stage"], stage, "{what}");
                if stage < stages {
                    assert_eq!(report["next_stage"]["stage"], stage + 1, "{what}");
                } else {
                    assert!(report["next_stage"].is_null(), "{what}");
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A classic mistake: its fixture (under `mistakes/`), its stage, other stages to
/// fill differently, the scene it shows on, and the cause `check` names.
pub type Mistake = (
    &'static str,
    u8,
    &'static [(u8, &'static str)],
    &'static str,
    &'static str,
);

/// The mistake patched in at its stage (stages after it left as TODOs), caught at
/// that stage on its scene with its named cause and a fix: the divergence.
pub fn caught(lang: &Language, algo: &str, mistake: &Mistake) -> Value {
    let (name, stage, also, scene, cause) = *mistake;
    let dir = temp(&format!("mistake-{algo}-{name}-{}", lang.ext));
    let fixture = format!("mistakes/{name}");
    let mut instead = vec![(stage, fixture.as_str())];
    instead.extend_from_slice(also);
    let program = lang.program(algo, stage, &instead);
    let (report, code) = check(lang, algo, &program, &dir, scene, "0,1");
    let what = format!("{} {algo} {name} on {scene}", lang.ext);
    assert_eq!(code, 1, "{what}: {report}");
    assert_eq!(report["stage"], stage, "{what}");
    let d = &report["divergence"];
    assert_eq!(d["cause"], cause, "{what}: {report}");
    assert!(d["fix"].as_str().is_some_and(|f| !f.is_empty()), "{what}");
    std::fs::remove_dir_all(&dir).unwrap();
    d.clone()
}
