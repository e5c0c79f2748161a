//! The app's house rules (docs/architecture.md), kept as the core's are
//! (`core/tests/layers.rs`): the source read as Rust syntax, every path resolved to
//! the module that defines what it names, and a failure on an import cycle, on an
//! import from a lower layer to a higher one, on a visualiser that imports the app, on
//! a mode that imports the other, and on a file over 1,200 lines — each proved by
//! planting an import that breaks it into a copy of the tree. (The core is another
//! crate: the compiler keeps it from importing the app at all.)

#[path = "../core/tests/support/module_graph.rs"]
mod module_graph;

use module_graph::*;
use std::collections::BTreeMap;
use std::path::Path;

/// Most lines a source file may have.
const MAX_LINES: usize = 1200;

/// The app's layers, bottom up: a module may import its own layer and those below it.
/// A module's layer is that of the longest prefix listed.
const LAYERS: &[(usize, &[&str])] = &[
    // What every part may use: the platform (desktop or browser), the screen's shape,
    // hit-testing, exports, the learner's trace, the options shared with the CLI, the
    // glossary, the panels' mode-free widgets, the texts in both languages and the
    // fonts.
    (
        0,
        &[
            "args",
            "app/platform",
            "app/screen",
            "app/pick",
            "app/export",
            "app/my_trace",
            "app/widgets",
            "app/glossary",
            "app/controls",
            "app/i18n",
            "app/fonts",
        ],
    ),
    // The visualisers: each algorithm's events turned into steps (the core only).
    (1, &["app/visualizers"]),
    // Pixels: cameras, the painter, labels, the items of a step. Knows no mode.
    (2, &["app/view"]),
    // Questions (through the modes' Situation), what a lesson keeps between runs and
    // the errors in the language shown.
    (3, &["app/predict", "app/lessons/progress", "app/errors"]),
    // What outlasts a mode.
    (4, &["app/lab"]),
    // The commands every mode answers.
    (5, &["app/modes"]),
    // The modes, each with its own state, views and panel.
    (6, &["app/pair", "app/many"]),
    // The app: the lab and the mode shown, and every change a learner can make.
    (7, &["app/state"]),
    // What drives and shows the app: lessons, input, the panels and views, sessions.
    (
        8,
        &[
            "app/lessons",
            "app/boxes",
            "app/legend",
            "app/views",
            "app/panels",
            "app/compact",
            "app/input",
            "app/idle",
            "app/session",
            "app/share",
            "app/status",
            "app/files_panel",
        ],
    ),
    // The window's loop and options.
    (9, &["app"]),
    // The binary: the command line and the window.
    (10, &["", "cli"]),
];

/// A module's layer (`None` for a module no rule names).
fn layer(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .flat_map(|(rank, prefixes)| prefixes.iter().map(move |p| (*rank, *p)))
        .filter(|(_, p)| under(module, p))
        .max_by_key(|(_, p)| p.len())
        .map(|(rank, _)| rank)
}

/// Every broken rule of the app whose sources are `sources`, one line each.
fn broken_rules(sources: &BTreeMap<String, String>) -> Vec<String> {
    let modules = from_sources("main.rs", sources);
    let mut broken = vec![];
    if let Some(cycle) = find_cycle(&unit_graph(&modules)) {
        broken.push(format!("import cycle: {}", cycle.join(" → ")));
    }
    let modes = ["app/pair", "app/many"];
    for (m, imports) in graph(&modules) {
        for i in imports {
            if let (Some(from), Some(to)) = (layer(&m), layer(&i)) {
                if to > from {
                    broken.push(format!(
                        "{m} (layer {from}) imports {i} (layer {to}): a layer imports only the layers below it"
                    ));
                }
            }
            // A visualiser's words come from the texts (app/i18n, a leaf that imports
            // nothing of the app); everything else it needs is the core's.
            if under(&m, "app/visualizers") && !under(&i, "app/visualizers") && i != "app/i18n" {
                broken.push(format!(
                    "{m} imports {i}: a visualiser imports the core only"
                ));
            }
            let mode_of = |x: &str| modes.iter().position(|p| under(x, p));
            if let (Some(a), Some(b)) = (mode_of(&m), mode_of(&i)) {
                if a != b {
                    broken.push(format!("{m} imports {i}: a mode never imports the other"));
                }
            }
        }
    }
    for (m, module) in &modules {
        if layer(m).is_none() {
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

fn app_sources() -> BTreeMap<String, String> {
    read_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn every_import_keeps_the_layers_and_no_module_imports_itself_back() {
    let broken = broken_rules(&app_sources());
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// Each import that breaks a rule, planted alone into a copy of the tree, is caught.
#[test]
fn each_planted_import_is_caught() {
    let sources = app_sources();
    let plants = [
        // The view layer reaching for the window's options (a scanner missed it).
        (
            "app/view/draw.rs",
            "use crate::app::AppArgs;",
            "app/view/draw (layer 2) imports app (layer 9)",
        ),
        // A mode's view taking the whole app again.
        (
            "app/pair/view.rs",
            "use crate::app::state::App;",
            "app/pair/view (layer 6) imports app/state (layer 7)",
        ),
        // One mode importing the other.
        (
            "app/pair/mod.rs",
            "use super::many::Many;",
            "a mode never imports the other",
        ),
        // A visualiser drawing by itself.
        (
            "app/visualizers/gjk.rs",
            "use crate::app::view::draw::Painter;",
            "a visualiser imports the core only",
        ),
        // Questions reaching past their Situation into the app.
        (
            "app/predict.rs",
            "use super::state::App;",
            "app/predict (layer 3) imports app/state (layer 7)",
        ),
        // The lab importing the modes back: a cycle through the mode's own file.
        ("app/lab.rs", "use super::pair::PairMode;", "import cycle"),
    ];
    for (file, line, expected) in plants {
        let broken = broken_rules(&planted(&sources, file, line));
        assert!(
            broken.iter().any(|b| b.contains(expected)),
            "planting `{line}` in {file} should break \"{expected}\"; found: {broken:#?}"
        );
    }
}

/// The app holds only what outlasts a mode: `App` (the lab and the mode shown) and
/// `Lab` stay at most 20 fields each; state only one mode uses belongs to that mode.
#[test]
fn the_app_and_its_lab_stay_small() {
    let sources = app_sources();
    for (file, name) in [("app/state.rs", "App"), ("app/lab.rs", "Lab")] {
        let parsed = syn::parse_file(&sources[file]).expect("parses");
        let fields = parsed
            .items
            .iter()
            .find_map(|item| match item {
                syn::Item::Struct(s) if s.ident == name => Some(s.fields.len()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no struct {name} in {file}"));
        assert!(fields <= 20, "{name} has {fields} fields (at most 20)");
    }
}
