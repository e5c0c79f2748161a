//! A command-line fuzzer with a fixed seed: the presets, mutated (numbers replaced by
//! extremes, characters inserted, deleted, duplicated, control characters in names and
//! keys, files cut short), through `query`, `trace` and `bench`. Every run must keep
//! the exit-code contract:
//!
//! - exit 0 with JSON that parses, with no `null` where a number belongs (`distance`,
//!   `depth`, `intersects` — but SAT's, documented as null when SAT does not apply), and with the contract of `gjk_lab_core::invariants::check_json`
//!   (depths and distances ≥ 0, unit normals);
//! - or exit 2 with exactly one line on stderr and nothing on stdout;
//! - never 101 (a panic), a signal, another code, or a hang (each run has a time limit).
//!
//! `GJK_LAB_CLI_FUZZ_SCENES` sets the number of mutated scenes (default 1,000, three runs
//! each); `GJK_LAB_CLI_FUZZ_SEED` the seed (default 13).

use gjk_lab_core::invariants::check_json;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A run that takes longer than this is a hang (a debug build on a busy machine).
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// xorshift64*: a small generator with a fixed seed, so that CI runs the same cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Numbers that once broke something, or sit on the edges of the range.
const NUMBERS: &[&str] = &[
    "1e155",
    "-1e154",
    "1e308",
    "-1e308",
    "1e-170",
    "1e-320",
    "1e12",
    "-1e12",
    "1.0000001e12",
    "1e-9",
    "9e-10",
    "0.0",
    "-0.0",
    "NaN",
    "inf",
    "-inf",
    "1e200",
    "18446744073709551615",
    "-1",
    "3",
    "0.1",
    "1.1",
    "2.0",
    "1e-16",
    "123456789012345678901234567890",
];

/// Bits of text a mutation inserts.
const INSERTS: &[&str] = &[
    "\n",
    "\r",
    "\t",
    "\u{1b}",
    "\\n",
    "\"",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "Polygon(vertices: [(0.0, 0.0), (1e155, 0.0), (0.0, 1e155)])",
    "Circle(radius: 1e-170)",
    "Ellipse(a: 1e12, b: 1e-9)",
    "r#\"a\nb\"",
    "\"a\\nb\": 1, ",
    "// comment\n",
    "/* unterminated",
    "é",
    "\u{2028}",
    "\u{0}",
];

/// One random change to the text.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let at = rng.below(n + 1);
    let span = 1 + rng.below(40);
    let end = (at + span).min(n);
    let s = |a: usize, b: usize| chars[a..b].iter().collect::<String>();
    match rng.below(8) {
        // Replace a number by an extreme one.
        0..=2 => {
            let starts: Vec<usize> = (0..n)
                .filter(|&i| {
                    chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_alphanumeric())
                })
                .collect();
            if starts.is_empty() {
                return text.to_string();
            }
            let i = *rng.pick(&starts);
            let j = (i..n)
                .find(|&k| {
                    !(chars[k].is_ascii_alphanumeric() || chars[k] == '.' || chars[k] == '-')
                })
                .unwrap_or(n);
            format!("{}{}{}", s(0, i), *rng.pick(NUMBERS), s(j, n))
        }
        3 => format!("{}{}", s(0, at), s(end, n)),
        4 => format!("{}{}{}", s(0, end), s(at, end), s(end, n)),
        5 => format!("{}{}{}", s(0, at), *rng.pick(INSERTS), s(at, n)),
        6 => s(0, at),
        _ => {
            let (i, j) = (rng.below(n + 1), rng.below(n + 1));
            let (i, j) = (i.min(j), i.max(j));
            format!("{}{}{}", s(0, i), s(j, n), s(i, j))
        }
    }
}

fn presets() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut out = Vec::new();
    for dir in [root.clone(), root.join("lessons")] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ron") {
                let text = std::fs::read_to_string(&path).unwrap();
                // The many-shapes scenes would spend the budget on 20k pairs a run.
                if text.len() < 8_000 {
                    out.push((path, text));
                }
            }
        }
    }
    out.sort();
    assert!(out.len() >= 10, "the presets are missing");
    out
}

/// Runs the binary with a time limit; `None` when it had to be killed.
fn run(args: &[&str]) -> Option<std::process::Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Read the pipes on threads so that a large output cannot block the child.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut v).ok();
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut v).ok();
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            child.kill().ok();
            child.wait().ok();
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    Some(std::process::Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    })
}

/// No `null` where a number belongs, and the invariants of `check_json`.
fn sane(v: &Value) -> Result<(), String> {
    fn no_null_numbers(v: &Value, path: &str) -> Result<(), String> {
        match v {
            Value::Object(map) => map.iter().try_for_each(|(k, x)| {
                // SAT's `intersects` is null when it does not apply (documented).
                let not_applicable = map
                    .get("outcome")
                    .is_some_and(|o| o["reason"] == "not_applicable");
                if matches!(k.as_str(), "distance" | "depth" | "intersects")
                    && x.is_null()
                    && !(k == "intersects" && not_applicable)
                {
                    return Err(format!("{path}.{k} is null"));
                }
                no_null_numbers(x, &format!("{path}.{k}"))
            }),
            Value::Array(items) => items.iter().try_for_each(|x| no_null_numbers(x, path)),
            _ => Ok(()),
        }
    }
    no_null_numbers(v, "")?;
    check_json(v, "").map_err(|e| e.to_string())
}

/// The contract of one run: its exit code, or how it broke.
fn check(args: &[&str]) -> Result<i32, String> {
    let Some(out) = run(args) else {
        return Err("hang: killed after the time limit".to_string());
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => {
            let docs: Vec<Value> = if args[0] == "trace" {
                stdout
                    .lines()
                    .map(serde_json::from_str)
                    .collect::<Result<_, _>>()
                    .map_err(|e| format!("exit 0 with a line that is not JSON: {e}"))?
            } else {
                vec![serde_json::from_str(&stdout).map_err(|e| format!("exit 0, not JSON: {e}"))?]
            };
            docs.iter()
                .try_for_each(sane)
                .map_err(|e| format!("exit 0, {e}"))?;
            Ok(0)
        }
        Some(2) => {
            if !out.stdout.is_empty() {
                return Err(format!("exit 2 with stdout {stdout:?}"));
            }
            if stderr.lines().count() != 1
                || !stderr.ends_with('\n')
                || stderr.trim_end().contains('\r')
            {
                return Err(format!(
                    "exit 2 without exactly one stderr line: {stderr:?}"
                ));
            }
            Ok(2)
        }
        code => Err(format!("exit {code:?} (signal or panic): {stderr}")),
    }
}

#[test]
fn mutated_presets_keep_the_exit_code_contract() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let scenes = env("GJK_LAB_CLI_FUZZ_SCENES", 1000) as usize;
    let mut rng = Rng(env("GJK_LAB_CLI_FUZZ_SEED", 13).max(1));
    let presets = presets();
    let dir = std::env::temp_dir().join(format!("gjk-lab-cli-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let algorithms = [
        "gjk",
        "distance",
        "epa",
        "pseudo-epa",
        "sat",
        "sat-obb",
        "clip",
    ];
    let (mut runs, mut failures) = (0, Vec::new());
    let (mut ok, mut refused) = (0, 0);
    for k in 0..scenes {
        let (source, text) = rng.pick(&presets).clone();
        let mut mutated = text.clone();
        for _ in 0..1 + rng.below(2) {
            mutated = mutate(&mutated, &mut rng);
        }
        // One scene in four as JSON (saved by the library, then mutated).
        let json = rng.below(4) == 0;
        if json {
            let scene = gjk_lab_core::scene::Scene::from_text(
                &text,
                gjk_lab_core::scene::Format::Ron,
                None,
            )
            .unwrap();
            mutated = mutate(
                &scene.to_file().to_text(gjk_lab_core::scene::Format::Json),
                &mut rng,
            );
        }
        let path = dir.join(format!("m{k}.{}", if json { "json" } else { "ron" }));
        std::fs::write(&path, &mutated).unwrap();
        let p = path.to_str().unwrap();
        let pair = format!("{},{}", rng.below(3), rng.below(3));
        let commands: [Vec<&str>; 3] = [
            vec!["query", p],
            vec![
                "trace",
                p,
                "--algo",
                *rng.pick(&algorithms),
                "--pair",
                &pair,
            ],
            vec!["bench", p, "--checks", "20", "--json"],
        ];
        let before = failures.len();
        for args in &commands {
            runs += 1;
            match check(args) {
                Ok(0) if args[0] == "query" => ok += 1,
                Ok(_) if args[0] == "query" => refused += 1,
                Ok(_) => {}
                Err(e) => failures.push(format!(
                    "{} (from {}): gjk-lab {}: {e}",
                    path.display(),
                    source.display(),
                    args.join(" ")
                )),
            }
        }
        // Keep the files that broke something, for the report.
        if failures.len() == before {
            std::fs::remove_file(&path).ok();
        }
    }
    eprintln!(
        "{runs} runs on {scenes} mutated scenes ({ok} loaded, {refused} refused): {} failures",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The mutations must leave some scenes loadable, or the queries are never reached.
    assert!(
        ok > scenes / 10,
        "only {ok} of {scenes} mutated scenes loaded"
    );
}
