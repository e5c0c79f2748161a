//! Command-line options shared by `gjk-lab`'s subcommands and the window, mapped onto
//! the core's types (the core knows no command line): an algorithm's name (`--algo`),
//! and a run's settings (`--touch`, `--convergence`, `--max-iterations`,
//! `--precision`), the same knobs as the window's Advanced panel (see
//! [`Settings`](gjk_lab_core::settings::Settings)).

use clap::builder::{PossibleValuesParser, TypedValueParser};
use gjk_lab_core::algorithms::Algorithm;
#[cfg(not(target_arch = "wasm32"))]
use gjk_lab_core::algorithms::CastAlgorithm;
use gjk_lab_core::settings::{InvalidSetting, Precision, Settings};

/// The parser of `--algo`: one of the algorithms' names ([`Algorithm::name`]), listed
/// in `--help` and in the error for an unknown one.
pub fn algorithm() -> impl TypedValueParser<Value = Algorithm> {
    PossibleValuesParser::new(Algorithm::ALL.map(|a| a.name())).map(|name| {
        name.parse()
            .expect("a possible value is an algorithm's name")
    })
}

/// An algorithm `trace` follows: one of the still shapes' ([`Algorithm`]) or of the
/// moving shapes' ([`CastAlgorithm`]). (The command line only: not in the browser.)
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyAlgorithm {
    /// An algorithm on two shapes standing still.
    Still(Algorithm),
    /// A continuous-collision algorithm on two moving shapes.
    Cast(CastAlgorithm),
}

/// The parser of `trace --algo`: every algorithm's name, the still shapes' first.
#[cfg(not(target_arch = "wasm32"))]
pub fn any_algorithm() -> impl TypedValueParser<Value = AnyAlgorithm> {
    algorithm().map(|a| match a.cast() {
        Some(cast) => AnyAlgorithm::Cast(cast),
        None => AnyAlgorithm::Still(a),
    })
}

/// The parser of `cast --algo`: one of the continuous-collision algorithms' names
/// ([`CastAlgorithm::name`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn cast_algorithm() -> impl TypedValueParser<Value = CastAlgorithm> {
    PossibleValuesParser::new(CastAlgorithm::ALL.map(|a| a.name())).map(|name| {
        name.parse()
            .expect("a possible value is a cast algorithm's name")
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

/// What is wrong with a run's settings as options.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SettingsError {
    /// `--precision` is neither `f64` nor `f32` (clap refuses it first; kept for a
    /// caller that builds the options itself).
    #[error("--precision must be f64 or f32, not {0:?}")]
    Precision(String),
    /// A tolerance or the cap is out of its range.
    #[error(transparent)]
    Invalid(#[from] InvalidSetting),
}

impl SettingsArgs {
    /// The settings these options give (gjk-lab's where an option is left out), or
    /// what is wrong with one of them.
    pub fn settings(&self) -> Result<Settings, SettingsError> {
        let defaults = Settings::default();
        let precision = match self.precision.as_deref() {
            None => Precision::F64,
            Some(name) => Precision::from_name(name)
                .ok_or_else(|| SettingsError::Precision(name.to_string()))?,
        };
        let settings = Settings {
            touch: self.touch.unwrap_or(defaults.touch),
            convergence: self.convergence.unwrap_or(defaults.convergence),
            max_iterations: self.max_iterations,
            precision,
        };
        Ok(settings.validated()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A setting out of its range is named as on the command line, and so is a
    /// precision that is neither f64 nor f32.
    #[test]
    fn a_bad_setting_says_which_and_why() {
        let precision = SettingsArgs {
            precision: Some("f16".into()),
            ..SettingsArgs::default()
        };
        let e = precision.settings().unwrap_err();
        assert_eq!(e, SettingsError::Precision("f16".into()));
        assert_eq!(e.to_string(), "--precision must be f64 or f32, not \"f16\"");
        let cap = SettingsArgs {
            max_iterations: Some(0),
            ..SettingsArgs::default()
        };
        let e = cap.settings().unwrap_err();
        assert!(
            matches!(&e, SettingsError::Invalid(i) if i.name == "max-iterations"),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "--max-iterations: the iteration cap must be from 1 to 1000, not 0"
        );
    }

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

    /// `trace --algo` takes the still and the moving shapes' algorithms alike.
    #[test]
    fn trace_takes_the_cast_algorithms_too() {
        let command = clap::Command::new("t").arg(
            clap::Arg::new("algo")
                .long("algo")
                .value_parser(any_algorithm()),
        );
        let get = |name: &str| {
            command
                .clone()
                .try_get_matches_from(["t", "--algo", name])
                .unwrap()
                .get_one::<AnyAlgorithm>("algo")
                .copied()
        };
        assert_eq!(get("gjk"), Some(AnyAlgorithm::Still(Algorithm::Gjk)));
        for a in CastAlgorithm::ALL {
            assert_eq!(get(a.name()), Some(AnyAlgorithm::Cast(a)));
        }
    }
}
