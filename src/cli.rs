//! The headless commands: `query`, `trace`, `check`, `world`, `bench`, `sap`.

use crate::app::lessons::listing::ListingError;
use crate::app::AppError;
use crate::args::SettingsError;
use gjk_lab_core::algorithms::cast::advancement::Advancement;
use gjk_lab_core::algorithms::cast::sat_cast::{self, SatCast};
use gjk_lab_core::algorithms::cast::shape_cast::ShapeCast;
use gjk_lab_core::algorithms::cast::toi::TimeOfImpact;
use gjk_lab_core::algorithms::cast::CastOptions;
use gjk_lab_core::algorithms::distance::GjkDistance;
use gjk_lab_core::algorithms::epa::Epa;
use gjk_lab_core::algorithms::gjk::Gjk;
use gjk_lab_core::algorithms::pseudo_epa::PseudoEpa;
use gjk_lab_core::algorithms::sap::{brute_force_pairs, SweepAndPrune};
use gjk_lab_core::algorithms::sat::{Sat, SatMethod};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::{Algorithm, CastAlgorithm};
use gjk_lab_core::crowd::Crowd;
use gjk_lab_core::minkowski::MinkowskiDifference;
use gjk_lab_core::motion::Motion;
use gjk_lab_core::query::clipping;
use gjk_lab_core::query::query;
use gjk_lab_core::scene::{Scene, SceneError};
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::Shape;
use gjk_lab_core::trace::{trace_cast_each, trace_run_each, trace_variant_each};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Value};
use std::hint::black_box;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Why a command failed: the one line `gjk-lab` prints after `error: ` on stderr
/// (exit code 2, nothing on stdout).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The scene file could not be read, parsed or validated.
    #[error(transparent)]
    Scene(#[from] SceneError),
    /// `trace`'s pair (`--pair`, else the scene's view) is not two different shapes of
    /// the scene.
    #[error("{}: pair {i},{j} is not two different shapes of the scene's {count}", file.display())]
    NotAPair {
        /// The scene file.
        file: PathBuf,
        /// The first shape index.
        i: usize,
        /// The second shape index.
        j: usize,
        /// How many shapes the scene has.
        count: usize,
    },
    /// `bench` on a scene with fewer than two shapes.
    #[error("{}: the scene needs at least two shapes", file.display())]
    TooFewShapes {
        /// The scene file.
        file: PathBuf,
    },
    /// `bench --checks` above [`MAX_BENCH_CHECKS`].
    #[error(
        "--checks {0} is more checks than gjk-lab times (at most {MAX_BENCH_CHECKS} per algorithm)"
    )]
    TooManyChecks(usize),
    /// `sap --count 0` or `--frames 0`.
    #[error("--count and --frames must be at least 1")]
    NothingToSimulate,
    /// `sap --count` above [`MAX_SAP_COUNT`].
    #[error("--count {0} is more boxes than gjk-lab simulates (at most {MAX_SAP_COUNT})")]
    TooManyBoxes(usize),
    /// `sap --frames` above [`MAX_SAP_FRAMES`].
    #[error("--frames {0} is more frames than gjk-lab runs (at most {MAX_SAP_FRAMES})")]
    TooManyFrames(usize),
    /// `check`'s trace file could not be read.
    #[error("{}: {error}", file.display())]
    TraceUnreadable {
        /// The trace file.
        file: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// `check`'s trace file is malformed: its line and what is wrong.
    #[error("{}:{}: {}", file.display(), error.line, error.message)]
    BadTrace {
        /// The trace file.
        file: PathBuf,
        /// The line and the reason.
        error: gjk_lab_core::check::TraceError,
    },
    /// `check --algo` names an algorithm `check` does not replay.
    #[error("check replays gjk, distance, epa and sat, not {0}")]
    NotChecked(&'static str),
    /// `check --stage N` beyond the algorithm's stages, or with an algorithm not
    /// written stage by stage.
    #[error("--stage {stage} is not a stage of {algorithm}: {}", stages_of(*.stages))]
    StageOutOfRange {
        /// The stage asked for.
        stage: u8,
        /// The algorithm's name.
        algorithm: &'static str,
        /// How many stages it has (0: not written stage by stage).
        stages: u8,
    },
    /// `--variant` names no seed's version.
    #[error(
        "unknown variant {name:?}: expected one of {known} (see gjk-lab trace --list-variants)"
    )]
    UnknownVariant {
        /// The name given.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// `--variant` of another algorithm than `--algo`.
    #[error(
        "variant {variant:?} is a version of {of}, not of {algo} (drop --algo or pick --algo {of})"
    )]
    VariantOfAnotherAlgorithm {
        /// The variant's name.
        variant: String,
        /// Its algorithm.
        of: &'static str,
        /// The `--algo` given.
        algo: &'static str,
    },
    /// `open` given a scene file or a lesson besides its link.
    #[error("open takes a link and no scene file or lesson")]
    OpenTakesOnlyALink,
    /// A setting (`--touch`, `--convergence`, `--max-iterations`) out of its range.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The window could not open (a scene, a link, a lesson, a screenshot, an
    /// export).
    #[error(transparent)]
    App(#[from] AppError),
    /// `lesson NAME --checkpoints` could not list the lesson.
    #[error(transparent)]
    Lesson(#[from] ListingError),
    /// `cast` (or a cast algorithm's trace) on a scene in which nothing moves.
    #[error(
        "{}: no shape of the scene moves: give one a motion, e.g. motion: (velocity: (1.0, 0.0), angular: 0.0) (see scenes/README.md)",
        file.display()
    )]
    NoMotion {
        /// The scene file.
        file: PathBuf,
    },
    /// `--target` is not a number from 0 to the largest coordinate a scene takes
    /// ([`MAX_COORDINATE`](gjk_lab_core::range::MAX_COORDINATE), 1e12).
    #[error("--target must be a number from 0 to {max:e} (as any length of a scene), not {0:?}", max = gjk_lab_core::range::MAX_COORDINATE)]
    BadTarget(f64),
    /// `--samples` out of its range.
    #[error("--samples must be from 2 to {max}, not {0}", max = gjk_lab_core::algorithms::cast::MAX_SAMPLES)]
    BadSamples(usize),
    /// The algorithm asked cannot answer the pair (the shape cast of a turning shape).
    #[error(transparent)]
    Cast(#[from] gjk_lab_core::query::cast::CastError),
    /// `trace --variant` with a cast algorithm (the seeds' versions are of the still
    /// shapes' algorithms).
    #[error("--variant is a seed's version of a still shapes' algorithm, not of {0}")]
    VariantOfCast(&'static str),
    /// The answer could not be written to standard output. A reader that closed the
    /// pipe ([`CliError::is_closed_pipe`]) is not an error: it has read what it wanted.
    #[error("cannot write the output: {0}")]
    Output(io::Error),
}

impl CliError {
    /// Whether the output's reader has gone (`gjk-lab query … | head -1`): the command
    /// ends quietly, with the exit code it would have had.
    pub fn is_closed_pipe(&self) -> bool {
        matches!(self, CliError::Output(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// A pair of shape indices, written `I,J`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair(pub usize, pub usize);

/// Why a `--pair` value is not `I,J` (clap prints it after the option's name).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    /// There is no comma.
    #[error("expected two shape indices as I,J, got {0:?}")]
    NotTwo(String),
    /// One side is not a non-negative integer.
    #[error("{0:?} is not a shape index")]
    NotAnIndex(String),
}

impl std::str::FromStr for Pair {
    type Err = PairError;
    fn from_str(s: &str) -> Result<Self, PairError> {
        let (i, j) = s
            .split_once(',')
            .ok_or_else(|| PairError::NotTwo(s.to_string()))?;
        let parse = |t: &str| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| PairError::NotAnIndex(t.to_string()))
        };
        Ok(Pair(parse(i)?, parse(j)?))
    }
}

/// Clap's error text as one line: its lines before the usage, trimmed and joined
/// (`error: the following required arguments were not provided: --algo <ALGO>`).
pub fn clap_one_line(text: &str) -> String {
    let line = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let line = gjk_lab_core::scene::one_line(&line);
    if line.is_empty() {
        "error: invalid arguments".to_string()
    } else {
        line
    }
}

/// Every pair `i < j` of `n` shapes, in order, one at a time (a scene of 2,000
/// shapes has 1,999,000: none of the commands holds them all).
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n).flat_map(move |i| (i + 1..n).map(move |j| (i, j)))
}

/// Standard output for a command's answer: buffered, on the locked stdout (its own
/// buffer flushes at every line; this one gathers them).
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// Writes a command's whole answer (a short one: a table, a report, a listing) to
/// standard output.
pub fn emit(text: &str) -> Result<(), CliError> {
    let mut out = stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(CliError::Output)
}

/// `gjk-lab query SCENE [--variant NAME]`: JSON for every pair `i < j`, written to
/// `out` pair by pair as each is answered; with a variant, every pair gains
/// `"variant": {name, algorithm, intersects, depth, normal, outcome}`, the seed's
/// version's answer (as its trace's result line has it). The bytes are those of the
/// whole answer as one value, pretty-printed (`tests/query_stream.rs` compares them),
/// but only one pair is held at a time.
pub fn query_command(
    path: &Path,
    variant: Option<String>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let variant = variant.as_deref().map(variant_named).transpose()?;
    let scene = Scene::load(path)?;
    let answer = QueryAnswer {
        scene: &scene,
        variant,
    };
    serde_json::to_writer_pretty(&mut *out, &answer).map_err(|e| CliError::Output(e.into()))?;
    out.write_all(b"\n")
        .and_then(|()| out.flush())
        .map_err(CliError::Output)
}

/// `gjk-lab query`'s answer, serialised as it is computed: `{"pairs": [...],
/// "version": 2}`, the keys in the order a JSON object of serde_json has them (sorted).
struct QueryAnswer<'s> {
    scene: &'s Scene,
    variant: Option<Variant>,
}

impl Serialize for QueryAnswer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("pairs", &QueryPairs(self))?;
        map.serialize_entry("version", &gjk_lab_core::query::JSON_VERSION)?;
        map.end()
    }
}

/// The `pairs` list of [`QueryAnswer`]: each pair answered when it is written.
struct QueryPairs<'a, 's>(&'a QueryAnswer<'s>);

impl Serialize for QueryPairs<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let QueryAnswer { scene, variant } = *self.0;
        serializer
            .collect_seq(pairs(scene.shapes.len()).map(|(i, j)| query_pair(scene, i, j, variant)))
    }
}

/// One pair's object in `gjk-lab query`'s JSON (and its `variant`'s answer, when one
/// is asked for).
fn query_pair(scene: &Scene, i: usize, j: usize, variant: Option<Variant>) -> Value {
    let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
    let q = query(a, b);
    let mut pair = json!({
        "a": i,
        "b": j,
        "intersects": q.intersects,
        "distance": q.distance,
        "closest_a": q.closest_a,
        "closest_b": q.closest_b,
        "depth": q.depth,
        "normal": q.normal,
        "iterations": q.iterations,
        "outcome": {"gjk": q.gjk_outcome, "epa": q.epa_outcome},
        "method": {"name": q.method(), "outcome": q.outcome},
        "contacts": q.contacts,
    });
    // Only pairs with a concave shape say which parts decided (compatibly).
    if let Some(parts) = q.parts {
        pair["parts"] = json!(parts);
    }
    if let Some(variant) = variant {
        let r = trace_variant_each(variant.algorithm(), Some(variant), a, b, &mut |_| {});
        pair["variant"] = json!({
            "name": variant.name(),
            "algorithm": variant.algorithm().name(),
            "intersects": r["intersects"],
            "depth": r.get("depth").cloned().unwrap_or(Value::Null),
            "normal": r.get("normal").cloned().unwrap_or(Value::Null),
            "outcome": r["outcome"],
        });
    }
    pair
}

/// The trace of `algorithm` (or of the seed's `variant` of it) on the scene's pair, one
/// JSON line per step written to `out` as the step is taken, then the result line
/// with `"pair"`.
fn trace_lines(
    path: &Path,
    algorithm: Algorithm,
    variant: Option<Variant>,
    settings: &Settings,
    pair: Option<Pair>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let scene = Scene::load(path)?;
    let Pair(i, j) = scene_pair(path, &scene, pair)?;
    let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
    // The run cannot be stopped from its callback: after a failed write (a reader
    // gone) the remaining steps are run but not written.
    let mut written = Ok(());
    let mut result = trace_run_each(algorithm, variant, settings, a, b, &mut |step| {
        if written.is_ok() {
            written = json_line(&mut *out, &step);
        }
    });
    written?;
    result["pair"] = json!([i, j]);
    if let Some(v) = variant {
        add_first_difference(&mut result, v, settings, a, b);
    }
    json_line(&mut *out, &result)?;
    out.flush().map_err(CliError::Output)
}

/// One JSON object on a line of its own.
fn json_line(out: &mut impl Write, value: &Value) -> Result<(), CliError> {
    serde_json::to_writer(&mut *out, value).map_err(|e| CliError::Output(e.into()))?;
    out.write_all(b"\n").map_err(CliError::Output)
}

/// `--pair`, else the scene's view, else `0,1`: two different shapes of the scene.
fn scene_pair(path: &Path, scene: &Scene, pair: Option<Pair>) -> Result<Pair, CliError> {
    let n = scene.shapes.len();
    let Pair(i, j) = match pair {
        Some(p) => p,
        None => Pair(scene.view.a.unwrap_or(0), scene.view.b.unwrap_or(1)),
    };
    if i >= n || j >= n || i == j {
        return Err(CliError::NotAPair {
            file: path.to_path_buf(),
            i,
            j,
            count: n,
        });
    }
    Ok(Pair(i, j))
}

/// The stages an algorithm has, for [`CliError::StageOutOfRange`].
fn stages_of(stages: u8) -> String {
    match stages {
        0 => "only gjk, epa and sat are written stage by stage (examples/your-gjk)".into(),
        n => format!("its stages are 1 to {n} (examples/your-gjk)"),
    }
}

/// What `gjk-lab check` prints and whether the trace agrees (exit code 0, else 1).
pub struct CheckOutcome {
    /// The report (text, or JSON with `--json`).
    pub text: String,
    /// Whether the trace agrees with gjk-lab.
    pub agree: bool,
}

/// `gjk-lab check SCENE --algo A --trace MINE.jsonl [--pair I,J] [--json] [--stage N]`: replays a
/// learner's trace against what every step of a correct run satisfies and against
/// gjk-lab's answer (docs/trace-format.md).
/// With `--stage N` the trace is judged as written up to stage `N` of
/// `examples/your-gjk` (GJK 1 to 5, EPA and SAT 1 to 3; it overrides the file's own
/// `stage`). When the trace is of
/// another pair (or of `B − A`), the report names the pair of the scene it agrees with.
pub fn check_command(
    path: &Path,
    algorithm: Algorithm,
    trace_path: &Path,
    pair: Option<Pair>,
    json: bool,
    stage: Option<u8>,
) -> Result<CheckOutcome, CliError> {
    if let Some(stage) = stage {
        let stages = gjk_lab_core::check::stage::count(algorithm);
        if stage > stages {
            return Err(CliError::StageOutOfRange {
                stage,
                algorithm: algorithm.name(),
                stages,
            });
        }
    }
    if !gjk_lab_core::check::CHECKED.contains(&algorithm) {
        return Err(CliError::NotChecked(algorithm.name()));
    }
    let scene = Scene::load(path)?;
    let Pair(i, j) = scene_pair(path, &scene, pair)?;
    let bad = |error| CliError::BadTrace {
        file: trace_path.to_path_buf(),
        error,
    };
    let text = std::fs::read(trace_path).map_err(|error| CliError::TraceUnreadable {
        file: trace_path.to_path_buf(),
        error,
    })?;
    let text = String::from_utf8(text).map_err(|e| {
        let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|&&c| c == b'\n')
            .count();
        bad(gjk_lab_core::check::TraceError::new(
            line,
            gjk_lab_core::check::Text::new("check-read-not-utf8"),
        ))
    })?;
    let mut file = gjk_lab_core::check::read(&text).map_err(bad)?;
    if stage.is_some() {
        file.stage = stage;
    }
    let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
    let report = gjk_lab_core::check::check(algorithm, a, b, &file).map_err(bad)?;
    let suggested = suggested_pair(&scene, algorithm, &file, &report, Pair(i, j));
    let text = if json {
        let mut v = serde_json::to_value(&report).expect("json");
        v["pair"] = json!([i, j]);
        v["trace_version"] = json!(gjk_lab_core::check::TRACE_VERSION);
        if let Some(Pair(k, l)) = suggested {
            v["suggested_pair"] = json!([k, l]);
        }
        serde_json::to_string(&v).expect("json") + "\n"
    } else {
        let mut text = report.to_text(&trace_path.display().to_string());
        if let Some(Pair(k, l)) = suggested {
            text +=
                &format!("  try: --pair {k},{l} (the trace agrees with that pair of the scene)\n");
        }
        text
    };
    Ok(CheckOutcome {
        text,
        agree: report.agree,
    })
}

/// The most shapes a scene may have for `check` to look for the pair a trace of
/// another pair agrees with (every ordered pair is checked).
const MAX_SHAPES_TO_SEARCH: usize = 40;

/// When the report says the trace is of `B − A` or of another pair: the ordered pair
/// of the scene the trace agrees with (`J,I` first), if any.
fn suggested_pair(
    scene: &Scene,
    algorithm: Algorithm,
    file: &gjk_lab_core::check::TraceFile,
    report: &gjk_lab_core::check::Report,
    Pair(i, j): Pair,
) -> Option<Pair> {
    use gjk_lab_core::check::Cause;
    let cause = report.divergence.as_ref()?.cause?;
    if !matches!(cause, Cause::BMinusA | Cause::AnotherPair) {
        return None;
    }
    let n = scene.shapes.len();
    if n > MAX_SHAPES_TO_SEARCH {
        return None;
    }
    let others = (0..n).flat_map(|k| (0..n).map(move |l| Pair(k, l)));
    std::iter::once(Pair(j, i))
        .chain(others)
        .filter(|&Pair(k, l)| k != l && (k, l) != (i, j))
        .find(|&Pair(k, l)| {
            gjk_lab_core::check::check(
                algorithm,
                &scene.shapes[k].shape,
                &scene.shapes[l].shape,
                file,
            )
            .is_ok_and(|r| r.agree)
        })
}

/// `gjk-lab world SCENE [--pair I,J]`: the pair in world coordinates as one JSON
/// object `{"a": …, "b": …}`, each shape as `lesson --checkpoints` writes its pair
/// (`kind`, `name`, `vertices` or `center` and `radius`, or `center`, `axes` and
/// `rotation`). A concave shape is written as the convex part `trace` and `check`
/// step on (the decisive part pair).
pub fn world_command(path: &Path, pair: Option<Pair>) -> Result<String, CliError> {
    use gjk_lab_core::lesson::checkpoint::Names;
    use gjk_lab_core::shapes::WorldShape;
    let scene = Scene::load(path)?;
    let Pair(i, j) = scene_pair(path, &scene, pair)?;
    let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
    let (a, b) = if a.is_concave() || b.is_concave() {
        let [k, l] = gjk_lab_core::query::compound::decisive(a, b).parts;
        (a.parts()[k].clone(), b.parts()[l].clone())
    } else {
        (a.clone(), b.clone())
    };
    let name = |k: usize, role: &str| Names::with_role(&scene.shapes[k].display_name(k), role);
    let out = json!({
        "a": WorldShape::new(&name(i, "A"), &a),
        "b": WorldShape::new(&name(j, "B"), &b),
    });
    Ok(serde_json::to_string(&out).expect("json") + "\n")
}

/// The result line of `trace --variant`, extended: `first_difference`, the step
/// (1-based) where the seed's version first differs from gjk-lab's run (`null` when
/// every step agrees), and `difference`, that step of each in a sentence.
fn add_first_difference(
    result: &mut serde_json::Value,
    variant: Variant,
    settings: &Settings,
    a: &Shape,
    b: &Shape,
) {
    let comparison =
        gjk_lab_core::variants::compare_runs(variant.algorithm(), Some(variant), settings, a, b);
    result["first_difference"] = json!(comparison.first_difference.map(|k| k + 1));
    result["difference"] = json!(comparison
        .describe_first_difference()
        .unwrap_or_else(|| "the seed's version takes every step gjk-lab's run takes".into()));
}

/// The seed's version named `name`, or the error naming the known ones.
pub fn variant_named(name: &str) -> Result<Variant, CliError> {
    Variant::from_name(name).ok_or_else(|| CliError::UnknownVariant {
        name: name.to_string(),
        known: Variant::ALL
            .iter()
            .map(|v| v.name())
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// `gjk-lab trace --list-variants`: one JSON object per line,
/// `{algo, variant, seed, bug, preset}`.
pub fn list_variants(out: &mut impl Write) -> Result<(), CliError> {
    for v in Variant::ALL {
        let line = json!({
            "algo": v.algorithm().name(),
            "variant": v.name(),
            "seed": v.seed(),
            "bug": v.bug(),
            "preset": v.preset(),
        });
        json_line(&mut *out, &line)?;
    }
    out.flush().map_err(CliError::Output)
}

/// `gjk-lab trace SCENE [--algo A] [--variant NAME] [--pair I,J] [settings]`: one
/// JSON object per line per step of `--algo`, then the result; or the seed's version `NAME` of the algorithm (`--algo` may then
/// be left out; when given it must be the variant's algorithm), with the run's
/// settings (`--touch`, `--convergence`, `--max-iterations`, `--precision`).
pub fn trace_variant_command(
    path: &Path,
    algorithm: Option<Algorithm>,
    variant: Option<String>,
    pair: Option<Pair>,
    settings: &crate::args::SettingsArgs,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let settings = settings.settings()?;
    let Some(name) = variant else {
        let algorithm = algorithm.expect("clap requires --algo");
        return trace_lines(path, algorithm, None, &settings, pair, out);
    };
    let variant = variant_named(&name)?;
    if let Some(algo) = algorithm.filter(|a| *a != variant.algorithm()) {
        return Err(CliError::VariantOfAnotherAlgorithm {
            variant: name,
            of: variant.algorithm().name(),
            algo: algo.name(),
        });
    }
    trace_lines(
        path,
        variant.algorithm(),
        Some(variant),
        &settings,
        pair,
        out,
    )
}

/// A cast's options from the command line: the target separation (default 0) and
/// the samples of sub-stepping, each checked.
pub fn cast_options(target: Option<f64>, samples: Option<usize>) -> Result<CastOptions, CliError> {
    let target = target.unwrap_or(gjk_lab_core::algorithms::cast::DEFAULT_TARGET);
    if !(0.0..=gjk_lab_core::range::MAX_COORDINATE).contains(&target) {
        return Err(CliError::BadTarget(target));
    }
    let samples = samples.unwrap_or(gjk_lab_core::algorithms::cast::DEFAULT_SAMPLES);
    if !(2..=gjk_lab_core::algorithms::cast::MAX_SAMPLES).contains(&samples) {
        return Err(CliError::BadSamples(samples));
    }
    Ok(CastOptions { target, samples })
}

/// The scene's pair for a cast, and the two shapes' motions (none: still); a scene
/// in which nothing moves is refused.
fn cast_pair(
    path: &Path,
    scene: &Scene,
    pair: Option<Pair>,
) -> Result<(Pair, Motion, Motion), CliError> {
    if scene.shapes.iter().all(|s| s.motion.is_none()) {
        return Err(CliError::NoMotion {
            file: path.to_path_buf(),
        });
    }
    let Pair(i, j) = scene_pair(path, scene, pair)?;
    let motion = |k: usize| scene.shapes[k].motion.unwrap_or(Motion::NONE);
    Ok((Pair(i, j), motion(i), motion(j)))
}

/// `gjk-lab cast SCENE [--pair I,J] [--target S] [--algo NAME] [--samples N]`: one
/// JSON object, [`CastAnswer`](gjk_lab_core::query::cast::CastAnswer) with `"pair"`:
/// when the pair's shapes, moving as the scene says over `t ∈ [0, 1]`, first come
/// within the target separation.
pub fn cast_command(
    path: &Path,
    pair: Option<Pair>,
    algorithm: Option<CastAlgorithm>,
    options: &CastOptions,
) -> Result<String, CliError> {
    let scene = Scene::load(path)?;
    let (Pair(i, j), ma, mb) = cast_pair(path, &scene, pair)?;
    let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
    let answer = gjk_lab_core::query::cast::cast(algorithm, a, ma, b, mb, options)?;
    let mut value = serde_json::to_value(&answer).expect("json");
    value["pair"] = json!([i, j]);
    value["target"] = json!(options.target);
    Ok(serde_json::to_string(&value).expect("json") + "\n")
}

/// `gjk-lab trace SCENE --algo CAST [--pair I,J] [--target S] [--samples N]`: the steps of
/// a continuous-collision algorithm, one JSON line each, then the result line with
/// `"pair"`.
pub fn trace_cast_command(
    path: &Path,
    algorithm: CastAlgorithm,
    pair: Option<Pair>,
    options: &CastOptions,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let scene = Scene::load(path)?;
    let (Pair(i, j), ma, mb) = cast_pair(path, &scene, pair)?;
    let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
    let mut written = Ok(());
    let mut result = trace_cast_each(algorithm, a, ma, b, mb, options, &mut |step| {
        if written.is_ok() {
            written = json_line(&mut *out, &step);
        }
    })?;
    written?;
    result["pair"] = json!([i, j]);
    json_line(&mut *out, &result)?;
    out.flush().map_err(CliError::Output)
}

/// The most checks per algorithm `gjk-lab bench` times (eight rows of them).
pub const MAX_BENCH_CHECKS: usize = 100_000_000;

/// One row of the benchmark table.
struct Row {
    name: &'static str,
    /// Seed 004's figure from its Unity profiler: ms per 1,000 checks.
    seed_ms: Option<f64>,
    /// Time per check, over the pairs the algorithm applies to (`None`: none).
    ns_per_check: Option<f64>,
    /// How many of the scene's pairs it applies to.
    pairs: usize,
}

impl Row {
    /// A row timed over every pair.
    fn all(
        name: &'static str,
        seed_ms: Option<f64>,
        parts: &[Vec<Shape>],
        checks: usize,
        f: impl Fn(&Shape, &Shape) -> f64,
    ) -> Row {
        let pairs = PartPairs::new(parts.iter().map(Vec::as_slice).collect());
        Row {
            name,
            seed_ms,
            ns_per_check: Some(time_checks(&pairs, checks, f)),
            pairs: pairs.count(),
        }
    }

    /// A SAT row, timed over the pairs the method applies to (SAT has no answer for
    /// an ellipse, the OBB path none for anything but two rectangles): the pairs of
    /// the parts it applies to.
    fn sat(
        name: &'static str,
        seed_ms: Option<f64>,
        parts: &[Vec<Shape>],
        checks: usize,
        method: SatMethod,
    ) -> Row {
        let applies: Vec<Vec<Shape>> = parts
            .iter()
            .map(|p| {
                p.iter()
                    .filter(|s| Sat::applies_to(s, method))
                    .cloned()
                    .collect()
            })
            .collect();
        let pairs = PartPairs::new(applies.iter().map(Vec::as_slice).collect());
        Row {
            name,
            seed_ms,
            ns_per_check: (pairs.count() > 0).then(|| {
                time_checks(&pairs, checks, |a, b| {
                    Sat::with_method(a, b, method)
                        .run()
                        .penetration()
                        .map_or(0.0, |p| p.0)
                })
            }),
            pairs: pairs.count(),
        }
    }
}

/// The convex part pairs of a scene: every part of shape `i` against every part of
/// shape `j`, for `i < j`, in that order, listed as they are visited, never all held
/// (a scene of 2,000 shapes has two million).
struct PartPairs<'s> {
    /// Each shape's convex parts (one for a convex shape), shapes with none left out.
    parts: Vec<&'s [Shape]>,
}

impl<'s> PartPairs<'s> {
    fn new(mut parts: Vec<&'s [Shape]>) -> Self {
        parts.retain(|p| !p.is_empty());
        PartPairs { parts }
    }

    /// How many pairs: `((Σ n_i)² − Σ n_i²) / 2` for shapes of `n_i` parts.
    fn count(&self) -> usize {
        let total: usize = self.parts.iter().map(|p| p.len()).sum();
        let squares: usize = self.parts.iter().map(|p| p.len() * p.len()).sum();
        (total * total - squares) / 2
    }

    /// The pairs, in order.
    fn iter(&self) -> impl Iterator<Item = (&'s Shape, &'s Shape)> + '_ {
        pairs(self.parts.len()).flat_map(move |(i, j)| {
            let (parts_a, parts_b) = (self.parts[i], self.parts[j]);
            parts_a
                .iter()
                .flat_map(move |pa| parts_b.iter().map(move |pb| (pa, pb)))
        })
    }
}

/// The most pairs a row is timed over: the first ones, in order (a scene of 2,000
/// shapes has two million pairs, twenty times what the default 100,000 checks visit;
/// held as references, 1.6 MB).
const MAX_TIMED_PAIRS: usize = 100_000;

/// Times `checks` runs of `f` cycling over the first pairs (as many as the checks
/// visit, at most [`MAX_TIMED_PAIRS`]), after one warm-up pass over them.
fn time_checks(pairs: &PartPairs, checks: usize, f: impl Fn(&Shape, &Shape) -> f64) -> f64 {
    let timed: Vec<(&Shape, &Shape)> = pairs.iter().take(checks.min(MAX_TIMED_PAIRS)).collect();
    let mut sink = 0.0;
    for &(a, b) in &timed {
        sink += f(a, b);
    }
    let start = Instant::now();
    for k in 0..checks {
        let (a, b) = timed[k % timed.len()];
        sink += f(black_box(a), black_box(b));
    }
    let elapsed = start.elapsed();
    black_box(sink);
    elapsed.as_secs_f64() * 1e9 / checks as f64
}

/// `gjk-lab bench SCENE [--checks N] [--json]`: time per check of each algorithm on
/// the scene's pairs, beside seed 004's profiler table.
pub fn bench_command(path: &Path, checks: usize, as_json: bool) -> Result<String, CliError> {
    if checks > MAX_BENCH_CHECKS {
        return Err(CliError::TooManyChecks(checks));
    }
    let scene = Scene::load(path)?;
    // The algorithms work on convex shapes: a concave polygon takes part in the
    // checks through its convex parts, one check per part pair (as in a physics engine).
    let parts: Vec<Vec<Shape>> = scene.shapes.iter().map(|s| s.shape.parts()).collect();
    let all_pairs = PartPairs::new(parts.iter().map(Vec::as_slice).collect()).count();
    if all_pairs == 0 {
        return Err(CliError::TooFewShapes {
            file: path.to_path_buf(),
        });
    }
    let checks = checks.max(1);
    let rows = [
        Row::sat("SAT-OBB", Some(10.0), &parts, checks, SatMethod::Obb),
        Row::sat("SAT", Some(20.0), &parts, checks, SatMethod::General),
        Row::all("GJK (intersection)", Some(15.0), &parts, checks, |a, b| {
            Gjk::new(a, b).run().intersects() as u8 as f64
        }),
        Row::all("GJK distance", None, &parts, checks, |a, b| {
            GjkDistance::new(a, b).run().distance
        }),
        Row::all("EPA (GJK + EPA)", Some(50.0), &parts, checks, |a, b| {
            let gjk = GjkDistance::new(a, b).run_unrefined();
            let epa = Epa::from_gjk(MinkowskiDifference::new(a, b), &gjk).run();
            epa.penetration.map_or(gjk.distance, |p| p.depth)
        }),
        Row::all(
            "Pseudo-EPA (GJK + pseudo-EPA)",
            None,
            &parts,
            checks,
            |a, b| {
                PseudoEpa::new(a, b).run();
                0.0
            },
        ),
        Row::all(
            "Clipping (GJK + EPA + clipping)",
            None,
            &parts,
            checks,
            |a, b| clipping(a, b).run().contacts().len() as f64,
        ),
        Row::all(
            "query (all of the above a query needs)",
            None,
            &parts,
            checks,
            |a, b| query(a, b).depth,
        ),
    ];
    let rows: Vec<Row> = rows.into_iter().chain(cast_rows(&scene, checks)).collect();
    if as_json {
        let rows: Vec<_> = rows
            .iter()
            .map(|r| {
                json!({
                    "algorithm": r.name,
                    "pairs": r.pairs,
                    "ns_per_check": r.ns_per_check,
                    "ms_per_1000_checks": r.ns_per_check.map(|ns| ns * 1e-3),
                    "seed_ms_per_1000_checks": r.seed_ms,
                })
            })
            .collect();
        let out = json!({
            "scene": path.display().to_string(),
            "pairs": all_pairs,
            "checks": checks,
            "rows": rows,
        });
        return Ok(serde_json::to_string_pretty(&out).expect("json") + "\n");
    }
    let mut out = format!(
        "{}: {} convex pair(s), {} checks per algorithm\n\n{:<40} {:>6} {:>12} {:>16} {:>16}\n",
        path.display(),
        all_pairs,
        checks,
        "algorithm",
        "pairs",
        "ns/check",
        "ms/1,000 checks",
        "seed 004 (Unity)"
    );
    for r in &rows {
        let seed = r.seed_ms.map_or("—".to_string(), |ms| format!("{ms} ms"));
        out += &match r.ns_per_check {
            Some(ns) => format!(
                "{:<40} {:>6} {:>12.1} {:>16.4} {:>16}\n",
                r.name,
                r.pairs,
                ns,
                ns * 1e-3,
                seed
            ),
            None => format!(
                "{:<40} {:>6} {:>29} {:>16}\n",
                r.name, 0, "does not apply to any pair", seed
            ),
        };
    }
    Ok(out)
}

/// A moving convex pair of a scene: the shapes (parts of a concave one) and their
/// motions.
type MovingPair = (Shape, Motion, Shape, Motion);

/// The cast rows of `bench`: the shape cast (on the pairs where nothing turns), the
/// SAT cast (on those of two polygons), conservative advancement and the time of
/// impact, each timed over the scene's pairs in which a shape moves (none in a scene
/// without motion).
fn cast_rows(scene: &Scene, checks: usize) -> Vec<Row> {
    let motion = |k: usize| scene.shapes[k].motion;
    let moving: Vec<MovingPair> = pairs(scene.shapes.len())
        .filter(|&(i, j)| motion(i).is_some() || motion(j).is_some())
        .flat_map(|(i, j)| {
            let (ma, mb) = (
                motion(i).unwrap_or(Motion::NONE),
                motion(j).unwrap_or(Motion::NONE),
            );
            let (pa, pb) = (scene.shapes[i].shape.parts(), scene.shapes[j].shape.parts());
            pa.into_iter()
                .flat_map(move |a| pb.clone().into_iter().map(move |b| (a.clone(), ma, b, mb)))
        })
        .take(checks.min(MAX_TIMED_PAIRS))
        .collect();
    if moving.is_empty() {
        return Vec::new();
    }
    let options = CastOptions::default();
    let translating: Vec<MovingPair> = moving
        .iter()
        .filter(|(_, ma, _, mb)| !ma.rotates() && !mb.rotates())
        .cloned()
        .collect();
    // The SAT cast's: two polygons translating, cast to their first touch.
    let polygons: Vec<MovingPair> = translating
        .iter()
        .filter(|(a, ma, b, mb)| sat_cast::applies(a, *ma, b, *mb, options.target))
        .cloned()
        .collect();
    let row = |name: &'static str, cases: &[MovingPair], f: &dyn Fn(&MovingPair) -> f64| Row {
        name,
        seed_ms: None,
        ns_per_check: (!cases.is_empty()).then(|| time_casts(cases, checks, f)),
        pairs: cases.len(),
    };
    vec![
        row("shape cast (GJK-raycast)", &translating, &|(
            a,
            ma,
            b,
            mb,
        )| {
            ShapeCast::new(a, *ma, b, *mb, &options)
                .run()
                .t
                .unwrap_or(2.0)
        }),
        row("SAT cast", &polygons, &|(a, ma, b, mb)| {
            SatCast::new(a, *ma, b, *mb, &options)
                .run()
                .t
                .unwrap_or(2.0)
        }),
        row("conservative advancement", &moving, &|(a, ma, b, mb)| {
            Advancement::new(a, *ma, b, *mb, &options)
                .run()
                .t
                .unwrap_or(2.0)
        }),
        row("time of impact (Box2D's)", &moving, &|(a, ma, b, mb)| {
            TimeOfImpact::new(a, *ma, b, *mb, &options)
                .run()
                .t
                .unwrap_or(2.0)
        }),
    ]
}

/// Times `checks` casts cycling over `cases`, after one warm-up pass over them.
fn time_casts(cases: &[MovingPair], checks: usize, f: &dyn Fn(&MovingPair) -> f64) -> f64 {
    let mut sink = 0.0;
    for c in cases {
        sink += f(c);
    }
    let start = Instant::now();
    for k in 0..checks {
        sink += f(black_box(&cases[k % cases.len()]));
    }
    let elapsed = start.elapsed();
    black_box(sink);
    elapsed.as_secs_f64() * 1e9 / checks as f64
}

/// The most boxes `gjk-lab sap` simulates.
pub const MAX_SAP_COUNT: usize = 1_000_000;

/// The most frames `gjk-lab sap` runs.
pub const MAX_SAP_FRAMES: usize = 1_000_000;

/// What `gjk-lab sap` found.
pub struct SapReport {
    /// The summary or JSON to print.
    pub text: String,
    /// Frames whose pairs differ from brute force (only with `--verify`).
    pub mismatches: usize,
}

/// `gjk-lab sap --count N --frames F [--seed S] [--verify] [--json]`: a crowd of moving
/// boxes; per frame, the broad phase (update every box, restore order, sweep) and the
/// narrow phase (GJK on each pair), timed separately.
pub fn sap_command(
    count: usize,
    frames: usize,
    seed: u64,
    verify: bool,
    json: bool,
) -> Result<SapReport, CliError> {
    if count == 0 || frames == 0 {
        return Err(CliError::NothingToSimulate);
    }
    // A crowd is allocated up front (boxes, AABBs, sorted lists): refuse counts that
    // cannot fit in memory with a clear error instead of a capacity-overflow panic
    // (2⁶⁴ − 1) or an allocation abort (10¹²).
    if count > MAX_SAP_COUNT {
        return Err(CliError::TooManyBoxes(count));
    }
    if frames > MAX_SAP_FRAMES {
        return Err(CliError::TooManyFrames(frames));
    }
    let mut crowd = Crowd::new(count, seed);
    let mut sap = SweepAndPrune::new();
    // The first frame builds the sorted lists from scratch; it is not counted.
    sap.set_all(&crowd.aabbs());
    sap.update();
    let (mut broad, mut narrow) = (0.0, 0.0);
    let (mut swaps, mut candidates, mut pairs, mut contacts, mut mismatches) = (0, 0, 0, 0, 0);
    for _ in 0..frames {
        crowd.step(1.0 / 60.0);
        let aabbs = crowd.aabbs();
        let start = Instant::now();
        for (i, aabb) in aabbs.iter().enumerate() {
            sap.set(i as u32, *aabb);
        }
        sap.update();
        broad += start.elapsed().as_secs_f64();
        let start = Instant::now();
        contacts += sap
            .pairs()
            .iter()
            .filter(|&&(a, b)| {
                gjk_lab_core::query::intersects(
                    &crowd.shapes[a as usize],
                    &crowd.shapes[b as usize],
                )
            })
            .count();
        narrow += start.elapsed().as_secs_f64();
        let stats = sap.stats();
        (swaps, candidates, pairs) = (
            swaps + stats.swaps,
            candidates + stats.candidates,
            pairs + stats.pairs,
        );
        if verify {
            let mut found = sap.pairs().to_vec();
            found.sort_unstable();
            let boxes: Vec<_> = aabbs.into_iter().map(Some).collect();
            if found != brute_force_pairs(&boxes) {
                mismatches += 1;
            }
        }
    }
    let per = |x: usize| x as f64 / frames as f64;
    let (broad_ms, narrow_ms) = (broad * 1e3 / frames as f64, narrow * 1e3 / frames as f64);
    let text = if json {
        serde_json::to_string_pretty(&json!({
            "count": count,
            "frames": frames,
            "seed": seed,
            "axis": sap.axis(),
            "strips": sap.strip_count(),
            "broad_phase_ms_per_frame": broad_ms,
            "narrow_phase_ms_per_frame": narrow_ms,
            "swaps_per_frame": per(swaps),
            "candidate_pairs_per_frame": per(candidates),
            "pairs_per_frame": per(pairs),
            "contacts_per_frame": per(contacts),
            "verified": verify,
            "mismatched_frames": mismatches,
        }))
        .expect("json")
            + "\n"
    } else {
        format!(
            "{count} boxes, {frames} frames (seed {seed}), sweep axis {:?}, {} strip(s)\n\
             broad phase   {broad_ms:9.4} ms/frame\n\
             narrow phase  {narrow_ms:9.4} ms/frame (GJK on each pair)\n\
             swaps         {:9.1} /frame\n\
             candidates    {:9.1} /frame (overlap on the sweep axis)\n\
             pairs         {:9.1} /frame (AABBs overlap)\n\
             contacts      {:9.1} /frame (shapes intersect)\n{}",
            sap.axis(),
            sap.strip_count(),
            per(swaps),
            per(candidates),
            per(pairs),
            per(contacts),
            if verify {
                format!(
                    "verified against brute force: {} frame(s) differ\n",
                    mismatches
                )
            } else {
                String::new()
            }
        )
    };
    Ok(SapReport { text, mismatches })
}
