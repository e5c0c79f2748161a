//! The core's house rules (docs/architecture.md), kept by reading the source as Rust
//! syntax (`tests/support/module_graph.rs`): every path a module's code names is
//! resolved to the module that defines it, through `use` groups, `self::`, `super::`,
//! bare child paths and re-exports. The test fails on an import cycle, on an import
//! from a lower layer to a higher one, on a window or command-line crate in the core's
//! manifest, and on a source file over 1,200 lines — and it proves it would, by
//! planting each kind of import that once slipped past a text scanner into a copy of
//! the tree.

#[path = "support/module_graph.rs"]
mod module_graph;

use module_graph::*;
use std::collections::BTreeMap;
use std::path::Path;

/// Most lines a source file may have.
const MAX_LINES: usize = 1200;

/// The core's layers, bottom up: a module may import its own layer and the layers
/// below it, never one above. A module's layer is that of the longest prefix listed.
const LAYERS: &[(usize, &[&str])] = &[
    // Numbers, tolerances: what everything stands on.
    (0, &["geometry", "range", "settings"]),
    // Shapes, and how a shape moves over a step (a pose at each time).
    (1, &["shapes", "motion"]),
    (2, &["minkowski"]),
    // Below every algorithm: the step machine, the answer types, the simplex, the
    // normal refinement, the seeds' small formulas.
    (
        3,
        &[
            "algorithms/machine",
            "algorithms/answer",
            "algorithms/simplex",
            "algorithms/refine",
            "algorithms/variant",
        ],
    ),
    // The step machines themselves.
    (4, &["algorithms"]),
    // The registry names the machines, so it sits above them.
    (5, &["algorithms/registry"]),
    // The fast queries: the pair answer, the convex dispatch, concave part by part,
    // then the entry point.
    (6, &["query/pair"]),
    (7, &["query/convex"]),
    (8, &["query/compound"]),
    (9, &["query"]),
    // Files, traces, contracts: scene files, lessons, links, traces, the check of a
    // learner's trace, the invariants the tests and fuzzers share.
    (
        10,
        &[
            "crowd",
            "scene",
            "lesson",
            "link",
            "trace",
            "variants",
            "invariants",
            "check",
        ],
    ),
];

/// The algorithms' facade (`algorithms/mod.rs`) re-exports the registry, so it sits
/// with it; the crate root declares everything.
fn layer(module: &str) -> Option<usize> {
    if module == "algorithms" {
        return Some(5);
    }
    if module.is_empty() {
        return None;
    }
    LAYERS
        .iter()
        .flat_map(|(rank, prefixes)| prefixes.iter().map(move |p| (*rank, *p)))
        .filter(|(_, p)| under(module, p))
        .max_by_key(|(_, p)| p.len())
        .map(|(rank, _)| rank)
}

/// Every broken rule of the core whose sources are `sources`, one line each.
fn broken_rules(sources: &BTreeMap<String, String>) -> Vec<String> {
    let modules = from_sources("lib.rs", sources);
    let mut broken = vec![];
    if let Some(cycle) = find_cycle(&unit_graph(&modules)) {
        broken.push(format!("import cycle: {}", cycle.join(" → ")));
    }
    for (m, imports) in graph(&modules) {
        for i in imports {
            let (Some(from), Some(to)) = (layer(&m), layer(&i)) else {
                continue;
            };
            if to > from {
                broken.push(format!(
                    "{m} (layer {from}) imports {i} (layer {to}): a layer imports only the layers below it"
                ));
            }
            let below_every_algorithm = ["algorithms/answer", "algorithms/refine"];
            if below_every_algorithm.contains(&m.as_str())
                && under(&i, "algorithms")
                && i != "algorithms/answer"
                && i != "algorithms/machine"
            {
                broken.push(format!(
                    "{m} imports {i}: the answer types and the refinement import no algorithm"
                ));
            }
        }
    }
    for (m, module) in &modules {
        if layer(m).is_none() && !m.is_empty() {
            broken.push(format!("{m} is in no layer: add it to LAYERS"));
        }
        if module.lines > MAX_LINES {
            broken.push(format!(
                "{}: {} lines (split it: at most {MAX_LINES})",
                module.file, module.lines
            ));
        }
    }
    broken
}

fn core_sources() -> BTreeMap<String, String> {
    read_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn every_import_keeps_the_layers_and_no_module_imports_itself_back() {
    let broken = broken_rules(&core_sources());
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// Each import that a text scanner once let through, planted alone into a copy of
/// the tree, is caught, with the rule it breaks.
#[test]
fn each_planted_import_is_caught() {
    let sources = core_sources();
    let plants = [
        // A nested group (a scanner read it only to its first `}`).
        (
            "algorithms/sat.rs",
            "use crate::{geometry::{cross}, query::PairQuery};",
            "algorithms/sat (layer 4) imports query/pair",
        ),
        // The bottom layer importing the top.
        (
            "geometry.rs",
            "use crate::scene::Scene;",
            "geometry (layer 0) imports scene",
        ),
        // A cycle through `shapes/mod.rs` (its children are private parts of it).
        (
            "shapes/polygon.rs",
            "use crate::query::PairQuery;",
            "import cycle",
        ),
        (
            "minkowski.rs",
            "use crate::trace::TRACE_VERSION;",
            "minkowski (layer 2) imports trace",
        ),
        // A machine naming the registry above it.
        (
            "algorithms/epa.rs",
            "use super::Algorithm;",
            "algorithms/epa (layer 4) imports algorithms/registry",
        ),
        // A path inside a macro call, not in a `use`.
        (
            "range.rs",
            "pub fn planted() { let _ = format!(\"{:?}\", crate::minkowski::MinkowskiDifference::new); }",
            "range (layer 0) imports minkowski",
        ),
        // Settings sit below the Minkowski difference now; the way back up is closed.
        (
            "settings.rs",
            "use crate::minkowski::Tolerance;",
            "settings (layer 0) imports minkowski",
        ),
    ];
    for (file, line, expected) in plants {
        let broken = broken_rules(&planted(&sources, file, line));
        assert!(
            broken.iter().any(|b| b.contains(expected)),
            "planting `{line}` in {file} should break \"{expected}\"; found: {broken:#?}"
        );
    }
    // The planted cycle through shapes/mod.rs is also a layer break.
    let broken = broken_rules(&planted(
        &sources,
        "shapes/polygon.rs",
        "use crate::query::PairQuery;",
    ));
    assert!(
        broken
            .iter()
            .any(|b| b.contains("shapes/polygon (layer 1) imports query/pair")),
        "{broken:#?}"
    );
}

/// The reader on a made-up crate: each way of naming a module resolves to the module
/// that defines the item.
#[test]
fn the_reader_resolves_every_form_of_path() {
    let sources: BTreeMap<String, String> = [
        (
            "lib.rs",
            "pub mod a; pub mod b; mod c; pub use c::Hidden;\n\
             pub fn root() { a::f(); }",
        ),
        (
            "a.rs",
            "pub mod inner;\n\
             use crate::{b::{self, X as Y}, Hidden};\n\
             pub use inner::*;\n\
             pub fn f() { self::inner::g(); let _ = b::Z; assert!(crate::b::deep::h()); }",
        ),
        ("a/inner.rs", "pub fn g() { super::super::b::deep::h(); }"),
        (
            "b.rs",
            "mod deep; pub use deep::h; pub struct X; pub struct Z;",
        ),
        ("b/deep.rs", "pub fn h() -> bool { true }"),
        ("c.rs", "pub struct Hidden;"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let modules = from_sources("lib.rs", &sources);
    let g = graph(&modules);
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
    // `b::{self, X as Y}` is b; `Hidden` is c's through the root's re-export; the
    // macro's path and `self::inner` are read too.
    assert_eq!(g["a"], set(&["a/inner", "b", "b/deep", "c"]));
    assert_eq!(
        g["a/inner"],
        set(&["b/deep"]),
        "super::super:: climbs twice"
    );
    assert_eq!(g[""], set(&["a", "c"]), "a bare child path and a re-export");
    // A glob re-export resolves to the module that defines the name.
    assert_eq!(
        resolve(&modules, &["crate", "a", "g"].map(String::from)),
        Some("a/inner".to_string())
    );
    // A private child is a part of its parent (but the crate root's children stand
    // alone: in a binary every top module is private).
    assert_eq!(unit(&modules, "b/deep"), "b");
    assert_eq!(unit(&modules, "c"), "c");
    assert_eq!(unit(&modules, "a/inner"), "a/inner");
}

#[test]
fn the_core_depends_on_no_window_or_command_line_crate() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let dependencies: String = manifest
        .split("\n[")
        .filter(|section| section.contains("dependencies]") && !section.starts_with("dev-"))
        .collect();
    for name in ["macroquad", "miniquad", "egui", "clap"] {
        assert!(
            !dependencies.contains(name),
            "core/Cargo.toml depends on {name}: the core builds with no window and no command line"
        );
    }
}
