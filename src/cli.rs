//! The headless commands: `query`, `trace`, `check`, `bench`, `sap`.

use crate::app::lessons::listing::ListingError;
use crate::app::AppError;
use crate::args::SettingsError;
use gjk_lab_core::algorithms::distance::GjkDistance;
use gjk_lab_core::algorithms::epa::Epa;
use gjk_lab_core::algorithms::gjk::Gjk;
use gjk_lab_core::algorithms::pseudo_epa::PseudoEpa;
use gjk_lab_core::algorithms::sap::{brute_force_pairs, SweepAndPrune};
use gjk_lab_core::algorithms::sat::{Sat, SatMethod};
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::crowd::Crowd;
use gjk_lab_core::minkowski::MinkowskiDifference;
use gjk_lab_core::query::clipping;
use gjk_lab_core::query::query;
use gjk_lab_core::scene::{Scene, SceneError};
use gjk_lab_core::settings::Settings;
use gjk_lab_core::shapes::Shape;
use gjk_lab_core::trace::{trace_run_each, trace_variant_each};
use serde_json::json;
use std::hint::black_box;
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

/// Every pair `i < j` of the scene's shapes.
fn pairs(scene: &Scene) -> Vec<(usize, usize)> {
    let n = scene.shapes.len();
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect()
}

/// `gjk-lab query SCENE`: JSON for every pair `i < j`.
pub fn query_command(path: &Path) -> Result<String, CliError> {
    let scene = Scene::load(path)?;
    let pairs: Vec<_> = pairs(&scene)
        .into_iter()
        .map(|(i, j)| {
            let q = query(&scene.shapes[i].shape, &scene.shapes[j].shape);
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
            pair
        })
        .collect();
    let out = json!({ "version": gjk_lab_core::query::JSON_VERSION, "pairs": pairs });
    Ok(serde_json::to_string_pretty(&out).expect("json") + "\n")
}

/// The trace of `algorithm` (or of the seed's `variant` of it) on the scene's pair, one
/// JSON line per step, then the result line with `"pair"`.
fn trace_lines(
    path: &Path,
    algorithm: Algorithm,
    variant: Option<Variant>,
    settings: &Settings,
    pair: Option<Pair>,
) -> Result<String, CliError> {
    let scene = Scene::load(path)?;
    let Pair(i, j) = scene_pair(path, &scene, pair)?;
    let mut out = String::new();
    let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
    let mut result = trace_run_each(algorithm, variant, settings, a, b, &mut |step| {
        out += &serde_json::to_string(&step).expect("json");
        out.push('\n');
    });
    result["pair"] = json!([i, j]);
    out += &serde_json::to_string(&result).expect("json");
    out.push('\n');
    Ok(out)
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

/// What `gjk-lab check` prints and whether the trace agrees (exit code 0, else 1).
pub struct CheckOutcome {
    /// The report (text, or JSON with `--json`).
    pub text: String,
    /// Whether the trace agrees with gjk-lab.
    pub agree: bool,
}

/// `gjk-lab check SCENE --algo A --trace MINE.jsonl [--pair I,J] [--json]`: replays a
/// learner's trace against what every step of a correct run satisfies and against
/// gjk-lab's answer (docs/trace-format.md).
pub fn check_command(
    path: &Path,
    algorithm: Algorithm,
    trace_path: &Path,
    pair: Option<Pair>,
    json: bool,
) -> Result<CheckOutcome, CliError> {
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
        bad(gjk_lab_core::check::TraceError {
            line,
            message: "not UTF-8 text".into(),
        })
    })?;
    let file = gjk_lab_core::check::read(&text).map_err(bad)?;
    let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
    let report = gjk_lab_core::check::check(algorithm, a, b, &file).map_err(bad)?;
    let text = if json {
        let mut v = serde_json::to_value(&report).expect("json");
        v["pair"] = json!([i, j]);
        v["trace_version"] = json!(gjk_lab_core::check::TRACE_VERSION);
        serde_json::to_string(&v).expect("json") + "\n"
    } else {
        report.to_text(&trace_path.display().to_string())
    };
    Ok(CheckOutcome {
        text,
        agree: report.agree,
    })
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
pub fn list_variants() -> String {
    Variant::ALL
        .iter()
        .map(|v| {
            let line = json!({
                "algo": v.algorithm().name(),
                "variant": v.name(),
                "seed": v.seed(),
                "bug": v.bug(),
                "preset": v.preset(),
            });
            serde_json::to_string(&line).expect("json") + "\n"
        })
        .collect()
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
) -> Result<String, CliError> {
    let settings = settings.settings()?;
    let Some(name) = variant else {
        let algorithm = algorithm.expect("clap requires --algo");
        return trace_lines(path, algorithm, None, &settings, pair);
    };
    let variant = variant_named(&name)?;
    if let Some(algo) = algorithm.filter(|a| *a != variant.algorithm()) {
        return Err(CliError::VariantOfAnotherAlgorithm {
            variant: name,
            of: variant.algorithm().name(),
            algo: algo.name(),
        });
    }
    trace_lines(path, variant.algorithm(), Some(variant), &settings, pair)
}

/// `gjk-lab query SCENE [--variant NAME]`: [`query_command`]; with a variant, every
/// pair gains `"variant": {name, algorithm, intersects, depth, normal, outcome}`, the
/// seed's version's answer (as its trace's result line has it).
pub fn query_variant_command(path: &Path, variant: Option<String>) -> Result<String, CliError> {
    let Some(name) = variant else {
        return query_command(path);
    };
    let variant = variant_named(&name)?;
    let scene = Scene::load(path)?;
    let mut out: serde_json::Value =
        serde_json::from_str(&query_command(path)?).expect("query writes JSON");
    let answers = out["pairs"].as_array_mut().expect("pairs");
    for pair in answers.iter_mut() {
        let (i, j) = (
            pair["a"].as_u64().expect("a") as usize,
            pair["b"].as_u64().expect("b") as usize,
        );
        let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
        let r = trace_variant_each(variant.algorithm(), Some(variant), a, b, &mut |_| {});
        pair["variant"] = json!({
            "name": variant.name(),
            "algorithm": variant.algorithm().name(),
            "intersects": r["intersects"],
            "depth": r.get("depth").cloned().unwrap_or(serde_json::Value::Null),
            "normal": r.get("normal").cloned().unwrap_or(serde_json::Value::Null),
            "outcome": r["outcome"],
        });
    }
    Ok(serde_json::to_string_pretty(&out).expect("json") + "\n")
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
        shapes: &[(Shape, Shape)],
        checks: usize,
        f: impl Fn(&Shape, &Shape) -> f64,
    ) -> Row {
        Row {
            name,
            seed_ms,
            ns_per_check: Some(time_checks(shapes, checks, f)),
            pairs: shapes.len(),
        }
    }

    /// A SAT row, timed over the pairs the method applies to (SAT has no answer for
    /// an ellipse, the OBB path none for anything but two rectangles).
    fn sat(
        name: &'static str,
        seed_ms: Option<f64>,
        shapes: &[(Shape, Shape)],
        checks: usize,
        method: SatMethod,
    ) -> Row {
        let applies: Vec<(Shape, Shape)> = shapes
            .iter()
            .filter(|(a, b)| Sat::with_method(a, b, method).run().intersects().is_some())
            .cloned()
            .collect();
        Row {
            name,
            seed_ms,
            ns_per_check: (!applies.is_empty()).then(|| {
                time_checks(&applies, checks, |a, b| {
                    Sat::with_method(a, b, method)
                        .run()
                        .penetration()
                        .map_or(0.0, |p| p.0)
                })
            }),
            pairs: applies.len(),
        }
    }
}

/// Times `checks` runs of `f` cycling over the pairs (after one warm-up pass).
fn time_checks(shapes: &[(Shape, Shape)], checks: usize, f: impl Fn(&Shape, &Shape) -> f64) -> f64 {
    let mut sink = 0.0;
    for (a, b) in shapes {
        sink += f(a, b);
    }
    let start = Instant::now();
    for k in 0..checks {
        let (a, b) = &shapes[k % shapes.len()];
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
    let shapes: Vec<(Shape, Shape)> = pairs(&scene)
        .into_iter()
        .flat_map(|(i, j)| {
            let parts_b = scene.shapes[j].shape.parts();
            scene.shapes[i]
                .shape
                .parts()
                .into_iter()
                .flat_map(move |pa| parts_b.clone().into_iter().map(move |pb| (pa.clone(), pb)))
        })
        .collect();
    if shapes.is_empty() {
        return Err(CliError::TooFewShapes {
            file: path.to_path_buf(),
        });
    }
    let checks = checks.max(1);
    let rows = [
        Row::sat("SAT-OBB", Some(10.0), &shapes, checks, SatMethod::Obb),
        Row::sat("SAT", Some(20.0), &shapes, checks, SatMethod::General),
        Row::all("GJK (intersection)", Some(15.0), &shapes, checks, |a, b| {
            Gjk::new(a, b).run().intersects() as u8 as f64
        }),
        Row::all("GJK distance", None, &shapes, checks, |a, b| {
            GjkDistance::new(a, b).run().distance
        }),
        Row::all("EPA (GJK + EPA)", Some(50.0), &shapes, checks, |a, b| {
            let gjk = GjkDistance::new(a, b).run_unrefined();
            let epa = Epa::from_gjk(MinkowskiDifference::new(a, b), &gjk).run();
            epa.penetration.map_or(gjk.distance, |p| p.depth)
        }),
        Row::all(
            "Pseudo-EPA (GJK + pseudo-EPA)",
            None,
            &shapes,
            checks,
            |a, b| {
                PseudoEpa::new(a, b).run();
                0.0
            },
        ),
        Row::all(
            "Clipping (GJK + EPA + clipping)",
            None,
            &shapes,
            checks,
            |a, b| clipping(a, b).run().contacts().len() as f64,
        ),
        Row::all(
            "query (all of the above a query needs)",
            None,
            &shapes,
            checks,
            |a, b| query(a, b).depth,
        ),
    ];
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
            "pairs": shapes.len(),
            "checks": checks,
            "rows": rows,
        });
        return Ok(serde_json::to_string_pretty(&out).expect("json") + "\n");
    }
    let mut out = format!(
        "{}: {} convex pair(s), {} checks per algorithm\n\n{:<40} {:>6} {:>12} {:>16} {:>16}\n",
        path.display(),
        shapes.len(),
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
