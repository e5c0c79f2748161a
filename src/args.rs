//! Command-line options shared by `gjk-lab`'s subcommands and the window, mapped onto
//! the core's types (the core knows no command line): an algorithm's name (`--algo`),
//! and a run's settings (`--touch`, `--convergence`, `--max-iterations`,
//! `--precision`), the same knobs as the window's Advanced panel (see
//! [`Settings`](gjk_lab_core::settings::Settings)).

use clap::builder::{PossibleValuesParser, TypedValueParser};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::settings::{Precision, Settings};

/// The parser of `--algo`: one of the algorithms' names ([`Algorithm::name`]), listed
/// in `--help` and in the error for an unknown one.
pub fn algorithm() -> impl TypedValueParser<Value = Algorithm> {
    PossibleValuesParser::new(Algorithm::ALL.map(|a| a.name())).map(|name| {
        name.parse()
            .expect("a possible value is an algorithm's name")
    })
}

/// A run's tolerances, iteration cap and precision, as options.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SettingsArgs {
    /// Touch tolerance, a fraction of the pair's size (gjk-lab's: 1e-9).
    #[arg(long, value_name = "FRACTION", allow_negative_numbers = true)]
    pub touch: Option<f64>,
    /// Convergence tolerance, relative (gjk-lab's: 1e-10).
    #[arg(long, value_name = "FRACTION", allow_negative_numbers = true)]
    pub convergence: Option<f64>,
    /// The most support points one run computes (gjk-lab's: GJK 64, distance 64, EPA
    /// 128, pseudo-EPA 64).
    #[arg(long, value_name = "N")]
    pub max_iterations: Option<usize>,
    /// The arithmetic the run stores its values in: f64 (gjk-lab's) or f32.
    #[arg(long, value_parser = ["f64", "f32"])]
    pub precision: Option<String>,
}

impl SettingsArgs {
    /// The settings these options give (gjk-lab's where an option is left out), or
    /// what is wrong with one of them.
    pub fn settings(&self) -> Result<Settings, String> {
        let defaults = Settings::default();
        let precision = match self.precision.as_deref() {
            None => Precision::F64,
            Some(name) => Precision::from_name(name)
                .ok_or_else(|| format!("--precision must be f64 or f32, not {name:?}"))?,
        };
        Settings {
            touch: self.touch.unwrap_or(defaults.touch),
            convergence: self.convergence.unwrap_or(defaults.convergence),
            max_iterations: self.max_iterations,
            precision,
        }
        .validated()
        .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--algo` takes every algorithm by its name, in menu order, and refuses another
    /// name listing the known ones.
    #[test]
    fn algo_takes_every_algorithm_by_its_name() {
        let command = clap::Command::new("t").arg(
            clap::Arg::new("algo")
                .long("algo")
                .value_parser(algorithm()),
        );
        for a in Algorithm::ALL {
            let matches = command
                .clone()
                .try_get_matches_from(["t", "--algo", a.name()])
                .unwrap();
            assert_eq!(matches.get_one::<Algorithm>("algo"), Some(&a));
        }
        let e = command
            .try_get_matches_from(["t", "--algo", "GJK"])
            .unwrap_err()
            .to_string();
        for a in Algorithm::ALL {
            assert!(e.contains(a.name()), "{e}");
        }
    }
}
