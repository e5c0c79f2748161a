//! Reading a trace file (format version [`TRACE_VERSION`], see
//! `docs/trace-format.md`): JSON lines, each an object with a `kind`, the last one the
//! result line carrying `trace_version`. Every malformed file gets one
//! [`TraceError`] naming its line: not JSON (a truncated line), a number that is NaN
//! or infinite, a field that is missing or of the wrong type, a wrong version, no
//! result line (a truncated file).

use super::text::{text, Text};
use glam::DVec2;
use serde_json::{Map, Value};

pub use crate::trace::TRACE_VERSION;

/// Why a trace file cannot be checked: the line (1-based) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TraceError {
    /// The line of the file (1-based; for a missing result line, the last line).
    pub line: usize,
    /// What is wrong, in one sentence.
    pub message: String,
    /// [`TraceError::message`] as a sentence a window can show in its language.
    pub text: Text,
}

impl TraceError {
    /// The error at `line` (1-based) saying `text`.
    pub fn new(line: usize, text: Text) -> Self {
        TraceError {
            line,
            message: text.to_string(),
            text,
        }
    }
}

/// Which way a normal in the file points (`normal_convention` on the result line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NormalConvention {
    /// From A towards B: moving B by `depth·normal` separates the shapes (gjk-lab's).
    AToB,
    /// From B towards A: moving A by `depth·normal` separates them.
    BToA,
}

/// What a circle's support point is in the file (`circle_support` on the result
/// line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CircleSupport {
    /// The point of the circle farthest along the direction (centre + r·d̂).
    Full,
    /// The circle's centre (its core), the radius added at the end (gjk-lab's way).
    Core,
}

/// What a touching pair is in the file (`touching` on the result line): the verdict
/// a pair whose boundaries meet, with nothing inside shared, is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touching {
    /// Touching counts as intersecting (the default, gjk-lab's).
    Intersecting,
    /// Touching counts as apart ("do not collide"), as some libraries document it: a
    /// touching pair answered "no collision" is right.
    Apart,
}

/// One line of a trace: its number in the file and its object.
#[derive(Clone, Debug)]
pub struct Line {
    /// 1-based line number in the file.
    pub number: usize,
    /// The object.
    pub value: Map<String, Value>,
}

/// A whole trace file, read and checked for form (not yet for content).
#[derive(Clone, Debug)]
pub struct TraceFile {
    /// The step lines, in order (the result line excluded).
    pub steps: Vec<Line>,
    /// The result line.
    pub result: Line,
    /// `algorithm` on the result line.
    pub algorithm: String,
    /// `normal_convention` (default: from A towards B).
    pub normals: NormalConvention,
    /// `circle_support` (default: the full circle).
    pub circles: CircleSupport,
    /// `touching` (default: touching counts as intersecting).
    pub touching: Touching,
    /// `stage` (GJK, EPA and SAT): the last stage of `examples/your-gjk` the program
    /// that wrote it has (1 to [`super::stage::count`] of its algorithm); `None`: the
    /// whole algorithm. `gjk-lab check --stage N` sets it too.
    pub stage: Option<u8>,
}

impl Line {
    /// The step kind.
    pub fn kind(&self) -> &str {
        self.value
            .get("kind")
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    /// `index` when the line has one, else its line number: how the report names
    /// the step.
    pub fn step(&self) -> usize {
        self.value
            .get("index")
            .and_then(Value::as_u64)
            .map_or(self.number, |i| i as usize)
    }

    fn error(&self, text: Text) -> TraceError {
        TraceError::new(self.number, text)
    }

    /// Whether the line has the field (and it is not null).
    pub fn has(&self, key: &str) -> bool {
        self.value.get(key).is_some_and(|v| !v.is_null())
    }

    /// A required number.
    pub fn number(&self, key: &str) -> Result<f64, TraceError> {
        match self.value.get(key) {
            None | Some(Value::Null) => {
                Err(self.error(text!("check-read-missing-field", key = key)))
            }
            Some(v) => v
                .as_f64()
                .ok_or_else(|| self.error(text!("check-read-not-number", key = key))),
        }
    }

    /// A required boolean.
    pub fn boolean(&self, key: &str) -> Result<bool, TraceError> {
        match self.value.get(key) {
            None | Some(Value::Null) => {
                Err(self.error(text!("check-read-missing-field", key = key)))
            }
            Some(v) => v
                .as_bool()
                .ok_or_else(|| self.error(text!("check-read-not-boolean", key = key))),
        }
    }

    /// A required vector `[x, y]`.
    pub fn vector(&self, key: &str) -> Result<DVec2, TraceError> {
        let v = self
            .value
            .get(key)
            .filter(|v| !v.is_null())
            .ok_or_else(|| self.error(text!("check-read-missing-field", key = key)))?;
        vector(v).ok_or_else(|| self.error(text!("check-read-not-vector", key = key)))
    }

    /// An optional vector: `None` when absent or null.
    pub fn optional_vector(&self, key: &str) -> Result<Option<DVec2>, TraceError> {
        if self.has(key) {
            self.vector(key).map(Some)
        } else {
            Ok(None)
        }
    }

    /// A required support point `{"a": [x, y], "b": [x, y], "p": [x, y]}`: `p` with
    /// `a` and `b`, or `p` alone, or `a` and `b` alone (then `p = a − b`).
    pub fn support(&self, key: &str) -> Result<Support, TraceError> {
        let v = self
            .value
            .get(key)
            .filter(|v| !v.is_null())
            .ok_or_else(|| self.error(text!("check-read-missing-field", key = key)))?;
        let field = |name: &str| -> Result<Option<DVec2>, TraceError> {
            match v.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(x) => vector(x).map(Some).ok_or_else(|| {
                    self.error(text!(
                        "check-read-not-vector",
                        key = format!("{key}.{name}")
                    ))
                }),
            }
        };
        let missing = |name: &str| {
            self.error(text!(
                "check-read-missing-field",
                key = format!("{key}.{name}")
            ))
        };
        let (a, b, p) = (field("a")?, field("b")?, field("p")?);
        let p = match (a, b, p) {
            (_, _, Some(p)) => p,
            (Some(a), Some(b), None) => a - b,
            (None, _, None) => return Err(missing("a")),
            (Some(_), None, None) => return Err(missing("b")),
        };
        if a.is_some() != b.is_some() {
            return Err(missing(if a.is_none() { "a" } else { "b" }));
        }
        Ok(Support {
            p,
            a,
            b,
            p_given: field("p")?.is_some(),
        })
    }

    /// A required list of points: each `[x, y]` or an object with `p`.
    pub fn points(&self, key: &str) -> Result<Vec<DVec2>, TraceError> {
        let list = self
            .value
            .get(key)
            .filter(|v| !v.is_null())
            .ok_or_else(|| self.error(text!("check-read-missing-field", key = key)))?
            .as_array()
            .ok_or_else(|| self.error(text!("check-read-not-point-list", key = key)))?;
        list.iter()
            .enumerate()
            .map(|(i, item)| {
                vector(item)
                    .or_else(|| item.get("p").and_then(vector))
                    .ok_or_else(|| {
                        self.error(text!(
                            "check-read-not-point",
                            key = key,
                            i = i.to_string(),
                            form = "{\"p\": [x, y]}"
                        ))
                    })
            })
            .collect()
    }

    /// A required object field.
    pub fn object(&self, key: &str) -> Result<Line, TraceError> {
        match self.value.get(key) {
            Some(Value::Object(m)) => Ok(Line {
                number: self.number,
                value: m.clone(),
            }),
            None | Some(Value::Null) => {
                Err(self.error(text!("check-read-missing-field", key = key)))
            }
            Some(_) => Err(self.error(text!("check-read-not-object", key = key))),
        }
    }
}

/// A support point of `A − B` with its sources on A and B (world coordinates).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Support {
    /// The point of `A − B` (`a − b` when the file leaves it out).
    pub p: DVec2,
    /// The point of A (`None`: the file gives `p` alone, as a support function that
    /// returns only the difference does).
    pub a: Option<DVec2>,
    /// The point of B (`None` exactly when `a` is).
    pub b: Option<DVec2>,
    /// Whether the file gave `p` (then it must equal `a − b`).
    pub p_given: bool,
}

fn vector(v: &Value) -> Option<DVec2> {
    let a = v.as_array()?;
    if a.len() != 2 {
        return None;
    }
    Some(DVec2::new(a[0].as_f64()?, a[1].as_f64()?))
}

/// Reads a trace from its text. The result line must be the last line (blank lines
/// are skipped) and carry `trace_version` and `algorithm`.
pub fn read(text: &str) -> Result<TraceFile, TraceError> {
    let mut lines = Vec::new();
    let mut last_number = 0;
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        last_number = number;
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        let value: Value =
            serde_json::from_str(raw).map_err(|e| TraceError::new(number, json_error(raw, &e)))?;
        let Value::Object(map) = value else {
            return Err(TraceError::new(number, text!("check-read-not-object-line")));
        };
        let line = Line { number, value: map };
        if !line.value.get("kind").is_some_and(Value::is_string) {
            return Err(line.error(text!("check-read-no-kind")));
        }
        if let Some(path) = non_finite(&Value::Object(line.value.clone()), "") {
            return Err(line.error(text!("check-read-not-finite", path = path)));
        }
        lines.push(line);
    }
    let Some(result) = lines.pop() else {
        return Err(TraceError::new(
            last_number.max(1),
            text!("check-read-empty"),
        ));
    };
    if result.kind() != "result" {
        return Err(result.error(text!("check-read-ends-with", kind = result.kind())));
    }
    if let Some(early) = lines.iter().find(|l| l.kind() == "result") {
        return Err(early.error(text!("check-read-early-result")));
    }
    let version = match result.value.get("trace_version") {
        None | Some(Value::Null) => {
            return Err(result.error(text!(
                "check-read-no-version",
                version = TRACE_VERSION.to_string()
            )))
        }
        Some(v) => v.as_u64().ok_or_else(|| {
            result.error(text!(
                "check-read-version-not-whole",
                version = TRACE_VERSION.to_string()
            ))
        })?,
    };
    if version != TRACE_VERSION {
        return Err(result.error(text!(
            "check-read-wrong-version",
            found = version.to_string(),
            version = TRACE_VERSION.to_string()
        )));
    }
    let algorithm = result
        .value
        .get("algorithm")
        .and_then(Value::as_str)
        .ok_or_else(|| result.error(text!("check-read-missing-field", key = "algorithm")))?
        .to_string();
    let normals = match result
        .value
        .get("normal_convention")
        .and_then(Value::as_str)
    {
        None | Some("a_to_b") => NormalConvention::AToB,
        Some("b_to_a") => NormalConvention::BToA,
        Some(other) => {
            return Err(result.error(text!(
                "check-read-bad-normal-convention",
                value = format!("{other:?}")
            )))
        }
    };
    let circles = match result.value.get("circle_support").and_then(Value::as_str) {
        None | Some("full") => CircleSupport::Full,
        Some("core") => CircleSupport::Core,
        Some(other) => {
            return Err(result.error(text!(
                "check-read-bad-circle-support",
                value = format!("{other:?}")
            )))
        }
    };
    let touching = match result.value.get("touching").and_then(Value::as_str) {
        None | Some("intersecting") => Touching::Intersecting,
        Some("apart") => Touching::Apart,
        Some(other) => {
            return Err(result.error(text!(
                "check-read-bad-touching",
                value = format!("{other:?}")
            )))
        }
    };
    let stage = match result.value.get("stage") {
        None | Some(Value::Null) => None,
        Some(v) => {
            let Some(written) = super::stage::algorithm_named(&algorithm) else {
                return Err(result.error(text!(
                    "check-read-stage-not-staged",
                    algorithm = algorithm.as_str()
                )));
            };
            let last = super::stage::count(written);
            Some(
                v.as_u64()
                    .filter(|k| (1..=u64::from(last)).contains(k))
                    .ok_or_else(|| {
                        result.error(text!(
                            "check-read-stage-out-of-range",
                            algorithm = algorithm.as_str(),
                            last = last.to_string()
                        ))
                    })? as u8,
            )
        }
    };
    Ok(TraceFile {
        steps: lines,
        result,
        algorithm,
        normals,
        circles,
        touching,
        stage,
    })
}

/// A JSON error in words: NaN and infinities (which JSON has no spelling for, and
/// some writers print anyway), a line cut short, or anything else.
fn json_error(raw: &str, e: &serde_json::Error) -> Text {
    let lower = raw.to_ascii_lowercase();
    if lower.contains("nan") || lower.contains("infinity") {
        text!("check-read-nan")
    } else if e.to_string().contains("out of range") {
        text!("check-read-out-of-range")
    } else if e.is_eof() {
        text!("check-read-cut-short")
    } else {
        text!("check-read-not-json", error = e.to_string())
    }
}

/// The path of the first number that is not finite (serde_json never makes one from
/// text, but a very large literal like 1e999 overflows to infinity).
fn non_finite(v: &Value, path: &str) -> Option<String> {
    match v {
        Value::Number(n) => n
            .as_f64()
            .filter(|x| !x.is_finite())
            .map(|_| path.to_string()),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, x)| non_finite(x, &format!("{path}[{i}]"))),
        Value::Object(m) => m.iter().find_map(|(k, x)| {
            let p = if path.is_empty() {
                k.clone()
            } else {
                format!("{path}.{k}")
            };
            non_finite(x, &p)
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RESULT: &str =
        r#"{"kind":"result","trace_version":1,"algorithm":"gjk","intersects":true}"#;

    #[test]
    fn a_good_file_reads() {
        let text = format!(
            "{}\n\n{RESULT}\n",
            r#"{"kind":"support","direction":[1,0],"support":{"a":[1,0],"b":[0,0]}}"#
        );
        let t = read(&text).unwrap();
        assert_eq!(t.steps.len(), 1);
        assert_eq!(t.result.number, 3);
        let s = t.steps[0].support("support").unwrap();
        assert_eq!(s.p, DVec2::new(1.0, 0.0));
        assert!(!s.p_given);
        assert_eq!((t.touching, t.stage), (Touching::Intersecting, None));
    }

    #[test]
    fn p_alone_a_touching_convention_and_a_stage_read() {
        let text = format!(
            "{}\n{}\n",
            r#"{"kind":"support","direction":[1,0],"support":{"p":[2,1]}}"#,
            RESULT.replace("true}", r#"true,"touching":"apart","stage":3}"#)
        );
        let t = read(&text).unwrap();
        let s = t.steps[0].support("support").unwrap();
        assert_eq!((s.p, s.a, s.b), (DVec2::new(2.0, 1.0), None, None));
        assert_eq!((t.touching, t.stage), (Touching::Apart, Some(3)));
        // `a` without `b` (and no `p`) is no support point.
        let half = read(&format!(
            "{}\n{RESULT}\n",
            r#"{"kind":"support","direction":[1,0],"support":{"a":[1,0]}}"#
        ))
        .unwrap();
        let e = half.steps[0].support("support").unwrap_err();
        assert!(e.message.contains("support.b"), "{e}");
    }

    #[test]
    fn each_kind_of_bad_file_names_its_line() {
        let bad = [
            (format!("{{\"kind\":\"support\"\n{RESULT}"), 1, "cut short"),
            (
                format!("{{\"kind\":\"x\",\"d\":[NaN,1]}}\n{RESULT}"),
                1,
                "NaN",
            ),
            (
                format!("{{\"kind\":\"x\",\"d\":1e999}}\n{RESULT}"),
                1,
                "infinite",
            ),
            ("{\"kind\":\"support\"}\n".to_string(), 1, "result line"),
            (RESULT.replace(":1,", ":2,"), 1, "version 2"),
            (
                RESULT.replace("\"trace_version\":1,", ""),
                1,
                "trace_version",
            ),
            ("[1,2]\n".to_string(), 1, "object"),
            ("{\"index\":1}\n".to_string(), 1, "kind"),
            (String::new(), 1, "no step"),
            (
                RESULT.replace("true}", r#"true,"touching":"yes"}"#),
                1,
                "touching",
            ),
            (RESULT.replace("true}", r#"true,"stage":6}"#), 1, "stage"),
            (
                RESULT
                    .replace("true}", r#"true,"stage":2}"#)
                    .replace("gjk", "distance"),
                1,
                "stage",
            ),
            (
                RESULT
                    .replace("true}", r#"true,"stage":4}"#)
                    .replace("gjk", "sat"),
                1,
                "1 to 3",
            ),
        ];
        for (text, line, words) in bad {
            let e = read(&text).unwrap_err();
            assert_eq!(e.line, line, "{text}: {e}");
            assert!(e.to_string().contains(words), "{text}: {e}");
        }
    }
}
