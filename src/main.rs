//! `gjk-lab`: with a subcommand, a headless tool (`query`, `trace`, `bench`); without
//! one, the window.

mod app;
mod cli;

use clap::{Parser, Subcommand};
use gjk_lab::algorithms::Algorithm;
use std::path::PathBuf;
use std::process::ExitCode;

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

#[derive(Subcommand, Debug)]
enum Command {
    /// Print JSON with the collision answer for every pair of shapes in a scene.
    Query {
        /// Scene file (.ron or .json).
        scene: PathBuf,
    },
    /// Print one JSON object per line per step of an algorithm, then the result.
    Trace {
        /// Scene file (.ron or .json).
        scene: PathBuf,
        /// The algorithm to trace.
        #[arg(long, value_enum)]
        algo: Algorithm,
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
        Some(Command::Query { scene }) => cli::query_command(&scene),
        Some(Command::Trace { scene, algo, pair }) => cli::trace_command(&scene, algo, pair),
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
        None => app::run(cli.app).map(|()| String::new()),
    };
    match result {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {}", gjk_lab::scene::one_line(&message));
            ExitCode::from(2)
        }
    }
}
