//! An algorithm's name is one string everywhere: `Algorithm::name`, the JSON and scene
//! files (serde), the command line's `--algo` and the menu order. The names are derived
//! once (strum, which serde and the command line's parser use): this checks that the
//! derivations agree and that the names are the ones files and scripts already use.
//! (The command line's side: `src/args.rs`'s tests.)

use gjk_lab_core::algorithms::Algorithm;

/// The names as scene files, traces and `--algo` have always written them, in menu
/// order; the casts' are `gjk-lab cast --algo`'s, the same as their [`CastAlgorithm`]'s.
///
/// [`CastAlgorithm`]: gjk_lab_core::algorithms::CastAlgorithm
const NAMES: [&str; 18] = [
    "gjk",
    "distance",
    "epa",
    "pseudo-epa",
    "sat",
    "sat-obb",
    "clip",
    "circle-polygon",
    "face-separation",
    "box-box",
    "ellipse-polygon",
    "polygon-distance",
    "discrete",
    "sub-stepping",
    "shape-cast",
    "sat-cast",
    "conservative-advancement",
    "time-of-impact",
];

#[test]
fn every_algorithm_has_one_name_in_files_json_and_the_cli() {
    let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(names, NAMES);
    for a in Algorithm::ALL {
        let name = a.name();
        assert_eq!(serde_json::to_value(a).unwrap(), name);
        assert_eq!(serde_json::from_value::<Algorithm>(name.into()).unwrap(), a);
        assert_eq!(name.parse::<Algorithm>(), Ok(a));
        assert_eq!(Algorithm::try_from(name.to_string()), Ok(a));
    }
}

/// A cast is one algorithm with one name in both registries: the casts' own
/// (`gjk-lab cast`) and the one of everything a learner steps through.
#[test]
fn every_cast_is_the_same_algorithm_in_both_registries() {
    use gjk_lab_core::algorithms::CastAlgorithm;
    let casts: Vec<Algorithm> = Algorithm::ALL.into_iter().filter(|a| a.is_cast()).collect();
    assert_eq!(casts.len(), CastAlgorithm::ALL.len());
    for cast in CastAlgorithm::ALL {
        let a = cast.algorithm();
        assert_eq!(a.cast(), Some(cast));
        assert_eq!(a.name(), cast.name());
        assert_eq!(a.title(), cast.title());
        assert_eq!(a.pseudo_code(), cast.pseudo_code());
        assert_eq!(a.own_cap(), cast.own_cap());
    }
}

#[test]
fn an_unknown_name_lists_the_known_ones() {
    let e = serde_json::from_value::<Algorithm>("GJK".into()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "unknown algorithm \"GJK\": expected one of {}",
            NAMES.join(", ")
        )
    );
}
