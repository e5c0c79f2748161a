//! "Load my trace": a learner's own trace (docs/trace-format.md) checked against the
//! pair shown ([`gjk_lab::check`]), kept up to date as the shapes move; the pair
//! mode's A − B view draws its support points over gjk-lab's steps and marks the
//! divergence, the Explain tab tells it.

use super::platform;
use super::state::App;
use gjk_lab::algorithms::Algorithm;
use gjk_lab::check::{self, Report, TraceFile};
use glam::DVec2;
use std::path::Path;

/// What a check was made for: the shapes' revision, A, B and the algorithm.
type Key = (u64, usize, usize, Algorithm);

/// A learner's trace and its check on the pair shown.
pub struct MyTrace {
    /// The file's name, as the panel shows it.
    pub name: String,
    /// The file as read; `Err`: why it is not a trace (`name:line: …`).
    file: Result<TraceFile, String>,
    /// The last check and what it was made for.
    checked: Option<(Key, Result<Report, String>)>,
}

impl MyTrace {
    /// A trace from its text.
    pub fn from_text(name: &str, text: &str) -> Self {
        MyTrace {
            name: name.to_string(),
            file: check::read(text).map_err(|e| format!("{name}:{}: {}", e.line, e.message)),
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

    /// The check on the pair shown (`Err`: the file, or the pair, cannot be checked).
    pub fn report(&self) -> Result<&Report, &str> {
        match (&self.file, &self.checked) {
            (Err(e), _) => Err(e),
            (Ok(_), Some((_, Ok(r)))) => Ok(r),
            (Ok(_), Some((_, Err(e)))) => Err(e),
            (Ok(_), None) => Err("not checked yet"),
        }
    }

    /// The report's sentences for the panel: the verdict, then (for a divergence)
    /// yours, expected, gjk-lab's step and the likely cause.
    pub fn lines(&self) -> Vec<String> {
        match self.report() {
            Err(e) => vec![format!("Not checked: {e}")],
            Ok(r) => r
                .to_text(&self.name)
                .lines()
                .map(|l| l.trim().to_string())
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

impl App {
    /// Loads a learner's trace from a file (a path on the desktop; a picked or dropped
    /// file in the browser), switches to its algorithm and checks it on the pair.
    pub fn load_my_trace(&mut self, path: &Path) {
        let name = path
            .file_name()
            .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let text = match platform::read_text(path) {
            Ok(text) => text,
            Err(e) => {
                self.fail(format!("{}: {e}", path.display()));
                return;
            }
        };
        let trace = MyTrace::from_text(&name, &text);
        if let Some(algorithm) = trace.algorithm() {
            if algorithm != self.algorithm {
                self.set_algorithm(algorithm);
            }
        }
        self.my_trace = Some(trace);
        self.refresh_my_trace();
        let agree = self
            .my_trace
            .as_ref()
            .and_then(|t| t.report().ok())
            .map(|r| r.agree);
        match agree {
            Some(true) => self.succeed(format!("Your trace {name} agrees with gjk-lab")),
            Some(false) => self.succeed(format!("Your trace {name} diverges: see the Explain tab")),
            None => self.succeed(format!("Loaded {name}: it cannot be checked, see the Explain tab")),
        }
    }

    /// Checks the loaded trace again when the shapes, A, B or the algorithm changed.
    pub fn refresh_my_trace(&mut self) {
        let key = (self.revision, self.a, self.b, self.algorithm);
        let (Some(trace), Some(a), Some(b)) = (
            self.my_trace.as_mut(),
            self.scene.shapes.get(self.a),
            self.scene.shapes.get(self.b),
        ) else {
            return;
        };
        if trace.checked.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let result = match &trace.file {
            Ok(file) => check::check(self.algorithm, &a.shape, &b.shape, file)
                .map_err(|e| format!("{}:{}: {}", trace.name, e.line, e.message)),
            Err(e) => Err(e.clone()),
        };
        trace.checked = Some((key, result));
    }

    /// `my_trace` in the status JSON: the file, whether it agrees, the divergence's
    /// line and cause; `null` when no trace is loaded.
    pub fn my_trace_status(&self) -> serde_json::Value {
        let Some(trace) = &self.my_trace else {
            return serde_json::Value::Null;
        };
        match trace.report() {
            Ok(r) => serde_json::json!({
                "name": trace.name,
                "agree": r.agree,
                "line": r.divergence.as_ref().map(|d| d.line),
                "cause": r.divergence.as_ref().and_then(|d| d.cause),
                "error": null,
            }),
            Err(e) => serde_json::json!({
                "name": trace.name, "agree": null, "line": null, "cause": null, "error": e,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk_lab::scene::Scene;
    use std::path::PathBuf;

    fn app() -> App {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenes/dyn4j-gjk.ron");
        App::new(Scene::load(&path).unwrap(), Some(path), None, None)
    }

    fn own_trace(app: &App, algorithm: Algorithm) -> String {
        let t = gjk_lab::trace::trace(
            algorithm,
            &app.scene.shapes[app.a].shape,
            &app.scene.shapes[app.b].shape,
        );
        t.steps
            .iter()
            .chain([&t.result])
            .map(|l| l.to_string() + "\n")
            .collect()
    }

    #[test]
    fn a_loaded_trace_is_checked_switches_the_algorithm_and_follows_the_shapes() {
        let mut app = app();
        let dir = std::env::temp_dir().join(format!("gjk-lab-my-trace-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("mine.jsonl");
        std::fs::write(&file, own_trace(&app, Algorithm::Epa)).unwrap();
        app.load_my_trace(&file);
        assert_eq!(app.algorithm, Algorithm::Epa, "switched to the trace's algorithm");
        assert_eq!(app.my_trace_status()["agree"], true);
        // Moving B makes it a trace of another pair: it no longer agrees.
        let mut pose = app.scene.shapes[1].shape.pose();
        pose.position.x += 0.5;
        app.scene.shapes[1].shape.set_pose(pose);
        app.revision += 1;
        app.refresh_my_trace();
        assert_eq!(app.my_trace_status()["agree"], false);
        let lines = app.my_trace.as_ref().unwrap().lines();
        assert!(lines[0].contains("diverges"), "{lines:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_broken_file_says_its_line() {
        let t = MyTrace::from_text("bad.jsonl", "{\"kind\":\"support\"\n");
        assert_eq!(t.report().unwrap_err(), "bad.jsonl:1: the line is cut short (truncated JSON)");
        assert!(t.lines()[0].starts_with("Not checked: bad.jsonl:1:"));
    }
}
