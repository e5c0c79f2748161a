//! `gjk-lab`: with a subcommand, a headless tool (`query`, `trace`, `check`, `bench`) or the
//! window on a share link (`open`); without one, the window. In the browser
//! (`wasm32`), only the window: the page is its command line (see `scripts/web.sh`).

mod app;
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
use clap::{Parser, Subcommand};
#[cfg(not(target_arch = "wasm32"))]
use gjk_lab_core::algorithms::Algorithm;
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
        /// The algorithm to trace.
        #[arg(long, value_parser = args::algorithm(), required_unless_present_any = ["variant", "list_variants"])]
        algo: Option<Algorithm>,
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
            // --help and --version
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // One clear line on stderr, nothing on stdout, exit code 2: clap's message
            // up to its usage, joined (what is missing sits on the lines after the first).
            eprintln!("{}", cli::clap_one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Some(Command::Query { scene, variant }) => cli::query_variant_command(&scene, variant),
        Some(Command::Trace {
            list_variants: true,
            ..
        }) => Ok(cli::list_variants()),
        Some(Command::Trace {
            scene,
            algo,
            pair,
            variant,
            settings,
            ..
        }) => cli::trace_variant_command(
            &scene.expect("clap requires a scene"),
            algo,
            variant,
            pair,
            &settings,
        ),
        Some(Command::Check {
            scene,
            algo,
            trace,
            pair,
            json,
        }) => match cli::check_command(&scene, algo, &trace, pair, json) {
            Ok(outcome) if !outcome.agree => {
                print!("{}", outcome.text);
                return ExitCode::from(1);
            }
            Ok(outcome) => Ok(outcome.text),
            Err(e) => Err(e),
        },
        Some(Command::Bench {
            scene,
            checks,
            json,
        }) => cli::bench_command(&scene, checks, json),
        Some(Command::Sap {
            count,
            frames,
            seed,
            verify,
            json,
        }) => match cli::sap_command(count, frames, seed, verify, json) {
            Ok(report) if report.mismatches > 0 => {
                print!("{}", report.text);
                eprintln!(
                    "error: {} frame(s) differ from brute force",
                    report.mismatches
                );
                return ExitCode::from(1);
            }
            Ok(report) => Ok(report.text),
            Err(e) => Err(e),
        },
        Some(Command::Open { link, app }) => open_link(link, app),
        Some(Command::Lesson { name, .. }) => {
            app::lessons::listing::checkpoints(&name).map_err(cli::CliError::Lesson)
        }
        None => app::run(cli.app)
            .map(|()| String::new())
            .map_err(cli::CliError::App),
    };
    match result {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}", gjk_lab_core::scene::one_line(&e.to_string()));
            ExitCode::from(2)
        }
    }
}

/// `gjk-lab open LINK [options]`: the window on the link's scene (the options of the
/// window, without a scene file or lesson: the link is the scene).
#[cfg(not(target_arch = "wasm32"))]
fn open_link(link: String, args: Box<app::AppArgs>) -> Result<String, cli::CliError> {
    if args.scene.is_some() || args.lesson.is_some() {
        return Err(cli::CliError::OpenTakesOnlyALink);
    }
    app::run(app::AppArgs {
        link: Some(link),
        ..*args
    })
    .map(|()| String::new())
    .map_err(cli::CliError::App)
}
