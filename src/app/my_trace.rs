//! "Load my trace": a learner's own trace (docs/trace-format.md) checked against the
//! pair shown ([`gjk_lab_core::check`]), kept up to date as the shapes move; the pair
//! mode's A − B view draws its support points over gjk-lab's steps and marks the
//! divergence, the Explain tab tells it.

pub mod words;

use super::platform::{self, PlatformError};
use crate::app::i18n::tr;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::check::{self, Report, Text, TraceFile};
use gjk_lab_core::shapes::Shape;
use glam::DVec2;
use std::path::{Path, PathBuf};

/// Why a learner's trace could not be loaded: its file could not be read. (A file
/// that reads but is no trace loads, and says why in the Explain tab.)
#[derive(Debug, thiserror::Error)]
#[error("{}: {error}", path.display())]
pub struct UnreadableTrace {
    /// The file.
    pub path: PathBuf,
    /// Why it could not be read.
    #[source]
    pub error: PlatformError,
}

/// What a check was made for: the shapes' revision, A, B and the algorithm.
pub type CheckKey = (u64, usize, usize, Algorithm);

/// A learner's trace and its check on the pair shown.
#[derive(Clone, Debug)]
pub struct MyTrace {
    /// The file's name, as the panel shows it.
    pub name: String,
    /// The file it was read from and when it was written then (on the desktop: the
    /// trace is read again when the learner's program writes it anew).
    source: Option<(std::path::PathBuf, Option<platform::Stamp>)>,
    /// The file as read; `Err`: why it is not a trace (`name:line: …`).
    file: Result<TraceFile, Text>,
    /// The last check and what it was made for (`Err`: why the file cannot be
    /// checked on this pair, `name:line: …`).
    checked: Option<(CheckKey, Result<Report, Text>)>,
}

impl MyTrace {
    /// A trace from its text.
    pub fn from_text(name: &str, text: &str) -> Self {
        MyTrace {
            name: name.to_string(),
            source: None,
            file: check::read(text).map_err(|e| check::file_error_text(name, &e)),
            checked: None,
        }
    }

    /// The algorithm the trace is of, when it reads and `check` replays it.
    pub fn algorithm(&self) -> Option<Algorithm> {
        let file = self.file.as_ref().ok()?;
        check::CHECKED
            .into_iter()
            .find(|a| a.name() == file.algorithm)
    }

    /// The check on the pair shown (`Err`: why the file, or the pair, cannot be
    /// checked, in English as the command line says it).
    pub fn report(&self) -> Result<&Report, String> {
        self.outcome().map_err(|e| e.to_string())
    }

    /// The check on the pair shown, or why it cannot be made as a sentence.
    fn outcome(&self) -> Result<&Report, Text> {
        match (&self.file, &self.checked) {
            (Err(e), _) => Err(e.clone()),
            (Ok(_), Some((_, Ok(r)))) => Ok(r),
            (Ok(_), Some((_, Err(e)))) => Err(e.clone()),
            (Ok(_), None) => Err(Text::new("check-not-checked-yet")),
        }
    }

    /// The report's sentences for the panel, in the language shown: the verdict,
    /// then (for a divergence) yours, expected, gjk-lab's step and the likely cause
    /// (in English, the lines `gjk-lab check` prints).
    pub fn lines(&self) -> Vec<String> {
        match self.outcome() {
            Err(e) => vec![tr!("trace-not-checked", error = words::render(&e))],
            Ok(r) => r
                .lines(&self.name)
                .iter()
                .map(|l| words::render(l).trim().to_string())
                .collect(),
        }
    }
}

/// The points of A - B the divergence names, to ring in the A - B view: a support
/// point's `p` (not its sources on A and B, which live in the world), the simplex,
/// edge or points of the other rules; none for the closest points (world points).
pub fn marked_points(report: &Report) -> Vec<DVec2> {
    match &report.divergence {
        None => vec![],
        Some(d) if d.rule == "support point" => d.points.iter().take(1).copied().collect(),
        Some(d) if d.rule == "closest points" || report.algorithm == "sat" => vec![],
        Some(d) => d.points.clone(),
    }
}

impl MyTrace {
    /// Reads a learner's trace from a file (a path on the desktop; a picked or
    /// dropped file in the browser). `Err`: the file cannot be read.
    pub fn load(path: &Path) -> Result<MyTrace, UnreadableTrace> {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let stamp = platform::modified(path);
        let text = platform::read_text(path).map_err(|error| UnreadableTrace {
            path: path.to_path_buf(),
            error,
        })?;
        let mut trace = MyTrace::from_text(&name, &text);
        trace.source = Some((path.to_path_buf(), stamp));
        Ok(trace)
    }

    /// The trace read again from its file when the file changed since it was read
    /// (the learner ran their program again), as scene files reload; `None` when it did
    /// not change, or it cannot be read now (a program half-way through writing it:
    /// the next look reads it).
    pub fn reread_if_changed(&self) -> Option<MyTrace> {
        if !self.changed_on_disk() {
            return None;
        }
        MyTrace::load(&self.source.as_ref()?.0).ok()
    }

    /// Whether its file was written since it was read.
    pub fn changed_on_disk(&self) -> bool {
        self.source.as_ref().is_some_and(|(path, stamp)| {
            let now = platform::modified(path);
            now.is_some() && now != *stamp
        })
    }

    /// Checks the trace on shapes `a` and `b` with `key.3`, unless the last check was
    /// made for the same `key` (revision, A, B, algorithm).
    pub fn refresh(&mut self, key: CheckKey, a: &Shape, b: &Shape) {
        if self.checked.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let result = match &self.file {
            Ok(file) => {
                check::check(key.3, a, b, file).map_err(|e| check::file_error_text(&self.name, &e))
            }
            Err(e) => Err(e.clone()),
        };
        self.checked = Some((key, result));
    }

    /// The notice after loading: agrees, diverges, or cannot be checked.
    pub fn summary(&self) -> String {
        let name = &self.name;
        match self.report() {
            Ok(r) if r.agree => tr!("trace-agrees", name = name.as_str()),
            Ok(_) => tr!("trace-diverges", name = name.as_str()),
            Err(_) => tr!("trace-cannot-be-checked", name = name.as_str()),
        }
    }

    /// `my_trace` in the status JSON: the file, whether it agrees, the divergence's
    /// line and cause, or why it cannot be checked; `text`: the Explain tab's sentences
    /// ([`MyTrace::lines`]).
    pub fn status(&self) -> serde_json::Value {
        let text = self.lines();
        match self.report() {
            Ok(r) => serde_json::json!({
                "name": self.name,
                "agree": r.agree,
                "line": r.divergence.as_ref().map(|d| d.line),
                "cause": r.divergence.as_ref().and_then(|d| d.cause),
                "error": null,
                "text": text,
            }),
            Err(e) => serde_json::json!({
                "name": self.name, "agree": null, "line": null, "cause": null, "error": e,
                "text": text,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_file_says_its_line() {
        let t = MyTrace::from_text("bad.jsonl", "{\"kind\":\"support\"\n");
        assert_eq!(
            t.report().unwrap_err(),
            "bad.jsonl:1: the line is cut short (truncated JSON)"
        );
        assert!(t.lines()[0].starts_with("Not checked: bad.jsonl:1:"));
        assert_eq!(t.status()["agree"], serde_json::Value::Null);
    }

    /// A trace file written anew (the learner ran their program again) is read again;
    /// one not written since is not.
    #[test]
    fn a_trace_written_anew_is_read_again() {
        let dir = std::env::temp_dir().join(format!("gjk-lab-my-trace-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mine.jsonl");
        std::fs::write(&path, "{\"kind\":\"support\"\n").unwrap();
        let first = MyTrace::load(&path).unwrap();
        assert!(!first.changed_on_disk());
        assert!(first.reread_if_changed().is_none());
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dyn4j-gjk.trace.jsonl"),
        )
        .unwrap();
        std::fs::write(&path, text).unwrap();
        // The file's time moves on (a file system may keep whole seconds).
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(2);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(later)
            .unwrap();
        assert!(first.changed_on_disk());
        let again = first.reread_if_changed().expect("read again");
        assert_eq!(
            again.algorithm(),
            Some(Algorithm::Gjk),
            "the new file is the one read"
        );
        assert!(!again.changed_on_disk());
        std::fs::remove_dir_all(&dir).ok();
    }
}
