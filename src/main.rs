//! `gjk-lab`: with a subcommand, a headless tool (`query`, `trace`, `check`, `world`, `bench`) or the
//! window on a share link (`open`); without one, the window. In the browser
//! (`wasm32`), only the window: the page is its command line (see `scripts/web.sh`).

mod app;
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
use clap::{Parser, Subcommand};
#[cfg(not(target_arch = "wasm32"))]
use gjk_lab_core::algorithms::{Algorithm, CastAlgorithm};
#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;
#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

/// The browser's entry point: the window on the page's canvas, on the scene the page
/// address links to (else the last scene, else the default preset).
#[cfg(target_arch = "wasm32")]
fn main() {
    if let Err(e) = app::run(app::AppArgs::default()) {
        app::platform::log_error(&e.to_string());
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[derive(Parser, Debug)]
#[command(
    name = "gjk-lab",
    version,
    about = "An interactive, step-through laboratory for 2D collision detection",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    app: app::AppArgs,
}

#[cfg(not(target_arch = "wasm32"))]
#[derive(Subcommand, Debug)]
enum Command {
    /// Open the window on a share link (the app's "Copy link", or a web page's
    /// address): its scene, A, B, algorithm, step and view.
    Open {
        /// The link: a whole address, its `#…` part, or the `gjk1.…` payload.
        link: String,
        #[command(flatten)]
        app: Box<app::AppArgs>,
    },
    /// Print JSON with the collision answer for every pair of shapes in a scene.
    Query {
        /// Scene file (.ron or .json).
        scene: PathBuf,
        /// Also run one of the seeds' versions on every pair (`trace --list-variants`):
        /// each pair gains a `variant` object with its answer.
        #[arg(long)]
        variant: Option<String>,
    },
    /// Print one JSON object per line per step of an algorithm, then the result.
    Trace {
        /// Scene file (.ron or .json).
        #[arg(required_unless_present = "list_variants")]
        scene: Option<PathBuf>,
        /// The algorithm to trace: a still shapes' one, or a moving shapes' one (the
        /// pair's motions from the scene; see `cast`).
        #[arg(long, value_parser = args::any_algorithm(), required_unless_present_any = ["variant", "list_variants"])]
        algo: Option<args::AnyAlgorithm>,
        /// A cast algorithm's target separation (default 0).
        #[arg(long, allow_negative_numbers = true)]
        target: Option<f64>,
        /// Sub-stepping's samples (default 8).
        #[arg(long)]
        samples: Option<usize>,
        /// The pair of shapes, `I,J` (default: the scene's view, else 0,1).
        #[arg(long)]
        pair: Option<cli::Pair>,
        /// Trace one of the seeds' versions of an algorithm instead of gjk-lab's
        /// (`--list-variants` lists them).
        #[arg(long)]
        variant: Option<String>,
        /// List the seeds' versions, one JSON object per line:
        /// `{algo, variant, seed, bug, preset}`.
        #[arg(long, conflicts_with_all = ["scene", "algo", "pair", "variant"])]
        list_variants: bool,
        /// The run's tolerances, cap and precision (the window's Advanced panel).
        #[command(flatten)]
        settings: args::SettingsArgs,
    },
    /// Check your own implementation: replay its trace (docs/trace-format.md) against
    /// what every step of a correct run satisfies and against gjk-lab's answer. Exit
    /// code 0 when they agree, 1 at the first step where they diverge, 2 for a bad file.
    Check {
        /// Scene file (.ron or .json).
        scene: PathBuf,
        /// The algorithm the trace is of: gjk, distance, epa or sat.
        #[arg(long, value_parser = args::algorithm())]
        algo: Algorithm,
        /// The trace file: one JSON object per line, the result line last.
        #[arg(long)]
        trace: PathBuf,
        /// The pair of shapes, `I,J` (default: the scene's view, else 0,1).
        #[arg(long)]
        pair: Option<cli::Pair>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// Judge a trace written up to stage N of examples/your-gjk (GJK 1 to 5: the
        /// support function … termination; EPA 1 to 3: the closest edge, expand, stop;
        /// SAT 1 to 3: the axes, the shadows, the overlap); overrides the trace's own
        /// "stage".
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        stage: Option<u8>,
    },
    /// Print a pair of a scene in world coordinates as one JSON object {"a": …, "b": …}
    /// (each shape's kind, name and vertices, or centre and radius, or centre, axes and
    /// rotation), for your own program in any language to read.
    World {
        /// Scene file (.ron or .json).
        scene: PathBuf,
        /// The pair of shapes, `I,J` (default: the scene's view, else 0,1).
        #[arg(long)]
        pair: Option<cli::Pair>,
    },
    /// Sweep and prune on a crowd of moving boxes: time per frame, swaps, pairs, contacts.
    Sap {
        /// Number of boxes.
        #[arg(long, default_value_t = 10_000)]
        count: usize,
        /// Number of frames.
        #[arg(long, default_value_t = 100)]
        frames: usize,
        /// Seed of the crowd.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Check every frame's pairs against brute force (O(n²)); exit 1 on a difference.
        #[arg(long)]
        verify: bool,
        /// Print JSON instead of a summary.
        #[arg(long)]
        json: bool,
    },
    /// Print every checkpoint of a lesson, one JSON object per line: its question,
    /// rule, pair and every candidate with the number that decides it.
    Lesson {
        /// The lesson: its file name in scenes/lessons ("02-gjk"), the part after its
        /// number ("gjk"), or a path.
        name: String,
        /// List the checkpoints (the one listing this command has).
        #[arg(long, required = true)]
        checkpoints: bool,
    },
    /// When two moving shapes first touch: one JSON object {hit, t, normal, point,
    /// separation, reason, iterations, method} for the pair's motions over t ∈ [0, 1].
    Cast {
        /// Scene file (.ron or .json); some shape must have a `motion`.
        scene: PathBuf,
        /// The pair of shapes, `I,J` (default: the scene's view, else 0,1).
        #[arg(long)]
        pair: Option<cli::Pair>,
        /// The separation that counts as impact (default 0: the first touch).
        #[arg(long, allow_negative_numbers = true)]
        target: Option<f64>,
        /// The algorithm (default: sat-cast for two polygons cast to their first
        /// touch, else shape-cast, when nothing turns; when a shape turns,
        /// time-of-impact, then conservative-advancement where it stops undecided).
        #[arg(long, value_parser = args::cast_algorithm())]
        algo: Option<CastAlgorithm>,
        /// Sub-stepping's samples (default 8).
        #[arg(long)]
        samples: Option<usize>,
    },
    /// Time each algorithm per check on the scene's pairs (seed 004's profiler table).
    Bench {
        /// Scene file (.ron or .json).
        scene: PathBuf,
        /// Checks per algorithm.
        #[arg(long, default_value_t = 100_000)]
        checks: usize,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: clap's text, written as every answer is (clap
            // printing it itself would panic on a closed pipe).
            return finish(cli::emit(&e.to_string()), ExitCode::SUCCESS);
        }
        Err(e) => {
            // One clear line on stderr, nothing on stdout, exit code 2: clap's message
            // up to its usage, joined (what is missing sits on the lines after the first).
            return failure(&cli::clap_one_line(&e.render().to_string()));
        }
    };
    let success = ExitCode::SUCCESS;
    match cli.command {
        Some(Command::Query { scene, variant }) => finish(
            cli::query_command(&scene, variant, &mut cli::stdout()),
            success,
        ),
        Some(Command::Trace {
            list_variants: true,
            ..
        }) => finish(cli::list_variants(&mut cli::stdout()), success),
        Some(Command::Trace {
            scene: Some(scene),
            algo: Some(args::AnyAlgorithm::Cast(algo)),
            pair,
            variant,
            target,
            samples,
            ..
        }) => finish(
            match variant {
                Some(_) => Err(cli::CliError::VariantOfCast(algo.name())),
                None => cli::cast_options(target, samples).and_then(|options| {
                    cli::trace_cast_command(&scene, algo, pair, &options, &mut cli::stdout())
                }),
            },
            success,
        ),
        Some(Command::Trace {
            scene,
            algo,
            pair,
            variant,
            settings,
            ..
        }) => finish(
            cli::trace_variant_command(
                &scene.expect("clap requires a scene"),
                algo.and_then(|a| match a {
                    args::AnyAlgorithm::Still(a) => Some(a),
                    args::AnyAlgorithm::Cast(_) => None,
                }),
                variant,
                pair,
                &settings,
                &mut cli::stdout(),
            ),
            success,
        ),
        Some(Command::Check {
            scene,
            algo,
            trace,
            pair,
            json,
            stage,
        }) => match cli::check_command(&scene, algo, &trace, pair, json, stage) {
            Ok(outcome) => {
                let code = if outcome.agree {
                    success
                } else {
                    ExitCode::from(1)
                };
                finish(cli::emit(&outcome.text), code)
            }
            Err(e) => finish(Err(e), success),
        },
        Some(Command::Cast {
            scene,
            pair,
            target,
            algo,
            samples,
        }) => finish(
            cli::cast_options(target, samples)
                .and_then(|options| cli::cast_command(&scene, pair, algo, &options))
                .and_then(|text| cli::emit(&text)),
            success,
        ),
        Some(Command::World { scene, pair }) => finish(
            cli::world_command(&scene, pair).and_then(|text| cli::emit(&text)),
            success,
        ),
        Some(Command::Bench {
            scene,
            checks,
            json,
        }) => finish(
            cli::bench_command(&scene, checks, json).and_then(|table| cli::emit(&table)),
            success,
        ),
        Some(Command::Sap {
            count,
            frames,
            seed,
            verify,
            json,
        }) => match cli::sap_command(count, frames, seed, verify, json) {
            Ok(report) if report.mismatches > 0 => {
                let code = finish(cli::emit(&report.text), ExitCode::from(1));
                let message = format!(
                    "error: {} frame(s) differ from brute force",
                    report.mismatches
                );
                failure_with(&message, code)
            }
            Ok(report) => finish(cli::emit(&report.text), success),
            Err(e) => finish(Err(e), success),
        },
        Some(Command::Open { link, app }) => finish(open_link(link, app), success),
        Some(Command::Lesson { name, .. }) => finish(
            app::lessons::listing::checkpoints(&name)
                .map_err(cli::CliError::Lesson)
                .and_then(|text| cli::emit(&text)),
            success,
        ),
        None => finish(app::run(cli.app).map_err(cli::CliError::App), success),
    }
}

/// The exit code of a command that has ended: `code` when it did its work and wrote
/// its answer (or the answer's reader closed the pipe: it has read what it wanted, and
/// the command ends quietly), else 2 with one line on stderr and nothing more.
#[cfg(not(target_arch = "wasm32"))]
fn finish(done: Result<(), cli::CliError>, code: ExitCode) -> ExitCode {
    match done {
        Ok(()) => code,
        Err(e) if e.is_closed_pipe() => code,
        Err(e) => failure(&format!(
            "error: {}",
            gjk_lab_core::scene::one_line(&e.to_string())
        )),
    }
}

/// One line on stderr and exit code 2.
#[cfg(not(target_arch = "wasm32"))]
fn failure(line: &str) -> ExitCode {
    failure_with(line, ExitCode::from(2))
}

/// One line on stderr and `code`. A closed stderr is no reason to panic: the exit
/// code still says it.
#[cfg(not(target_arch = "wasm32"))]
fn failure_with(line: &str, code: ExitCode) -> ExitCode {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
    code
}

/// `gjk-lab open LINK [options]`: the window on the link's scene (the options of the
/// window, without a scene file or lesson: the link is the scene).
#[cfg(not(target_arch = "wasm32"))]
fn open_link(link: String, args: Box<app::AppArgs>) -> Result<(), cli::CliError> {
    if args.scene.is_some() || args.lesson.is_some() {
        return Err(cli::CliError::OpenTakesOnlyALink);
    }
    app::run(app::AppArgs {
        link: Some(link),
        ..*args
    })
    .map_err(cli::CliError::App)
}
