//! The house rules of the code (docs/architecture.md): read every module's
//! `crate::…` and `super::…` paths in src/ (outside `#[cfg(test)]` blocks and
//! comments), and fail on an import cycle between modules, on an import the layer
//! rules forbid, and on a source file over 1,200 lines. The same reading as
//! `../shared/tools/modcycles.py`, so that a cycle fails here before it is committed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Most lines a source file may have.
const MAX_LINES: usize = 1200;

/// Module name ("algorithms/epa", "app/view/canvas", "" for the crate root) → source.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    walk(&src, &mut files);
    files
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(&src).unwrap().with_extension("");
            let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into()).collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            (parts.join("/"), std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

/// The code a module runs: without comments and without its `#[cfg(test)] mod … {}`
/// block (tests may import anything).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules `name` imports: each `crate::a::b` or `super::a` path (`super::super::`
/// too, and `{…}` groups expanded one level), resolved to the longest prefix that is a
/// module.
fn imports(name: &str, text: &str, all: &BTreeMap<String, String>) -> BTreeSet<String> {
    let own: Vec<&str> = name.split('/').filter(|s| !s.is_empty()).collect();
    let code = code(text);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = BTreeSet::new();
    let mut at = 0;
    while let Some(k) = code[at..].find(['c', 's']).map(|k| k + at) {
        at = k + 1;
        let rest = &code[k..];
        let starts_path = rest.starts_with("crate::") || rest.starts_with("super::");
        if !starts_path
            || code[..k]
                .chars()
                .next_back()
                .is_some_and(|c| ident(c) || c == ':')
        {
            continue;
        }
        // The path: words and `::`, then maybe one `{…}` group.
        let len = rest
            .find(|c: char| {
                !(ident(c) || c == ':' || c == '{' || c == '}' || c == ',' || c.is_whitespace())
            })
            .unwrap_or(rest.len());
        let path = &rest[..len];
        let (stem, group) = match (path.find('{'), path.find('}')) {
            (Some(open), Some(close)) if open < close => {
                (&path[..open], path[open + 1..close].split(',').collect())
            }
            _ => (
                path.split(|c: char| c.is_whitespace() || c == ',')
                    .next()
                    .unwrap_or(""),
                vec![""],
            ),
        };
        let mut base: Vec<&str> = vec![];
        let mut words = stem
            .split("::")
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .peekable();
        if words.next() == Some("super") {
            base = own[..own.len().saturating_sub(1)].to_vec();
            while words.peek() == Some(&"super") {
                words.next();
                base.pop();
            }
        }
        let stem: Vec<&str> = base.into_iter().chain(words).collect();
        for item in group {
            let full: Vec<&str> = stem
                .iter()
                .copied()
                .chain(item.split("::").map(str::trim))
                .filter(|w| !w.is_empty() && *w != "self" && w.chars().all(ident))
                .collect();
            let module = (1..=full.len())
                .rev()
                .map(|n| full[..n].join("/"))
                .find(|m| all.contains_key(m));
            if let Some(m) = module.filter(|m| m != name) {
                found.insert(m);
            }
        }
    }
    found
}

/// Every module's imports.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let all = modules();
    all.iter()
        .map(|(name, text)| (name.clone(), imports(name, text, &all)))
        .collect()
}

/// Whether `module` is `prefix` or inside it.
fn under(module: &str, prefix: &str) -> bool {
    module == prefix || module.starts_with(&format!("{prefix}/"))
}

#[test]
fn no_module_imports_itself_back() {
    let graph = graph();
    // Depth-first search from every module; a grey module met again closes a cycle.
    fn visit<'g>(
        m: &'g str,
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'g str>,
        done: &mut BTreeSet<&'g str>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| *p == m) {
            return Some(
                path[i..]
                    .iter()
                    .map(|s| s.to_string())
                    .chain([m.to_string()])
                    .collect(),
            );
        }
        if !done.insert(m) {
            return None;
        }
        path.push(m);
        for next in &graph[m] {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        let cycle = visit(m, &graph, &mut vec![], &mut done);
        assert!(
            cycle.is_none(),
            "import cycle: {}",
            cycle.unwrap().join(" → ")
        );
    }
}

#[test]
fn every_import_keeps_the_layers() {
    let graph = graph();
    let app_modes = ["app/pair", "app/many"];
    let app_above_view = [
        "app/state",
        "app/pair",
        "app/many",
        "app/lessons",
        "app/predict",
        "app/views",
        "app/panels",
        "app/input",
        "app/session",
        "app/files_panel",
        "app/legend",
        "app/export",
    ];
    let core_above_algorithms = [
        "query",
        "scene",
        "lesson",
        "trace",
        "check",
        "variants",
        "invariants",
        "link",
        "crowd",
    ];
    let mut broken = vec![];
    for (m, imports) in &graph {
        for i in imports {
            let rule = if !under(m, "app") && m != "main" && m != "cli" && under(i, "app") {
                Some("the core never imports the app")
            } else if under(m, "algorithms") && core_above_algorithms.iter().any(|p| under(i, p)) {
                Some("an algorithm never imports the queries, scenes or lessons above it")
            } else if (m == "algorithms/answer" || m == "algorithms/refine")
                && under(i, "algorithms")
                && i != "algorithms/answer"
                && i != "algorithms"
            {
                Some("the answer types and the refinement sit below every algorithm")
            } else if m == "query/compound" && i == "query" {
                Some("the compound layer calls the convex dispatch only")
            } else if under(m, "app/view") && app_above_view.iter().any(|p| under(i, p)) {
                Some("the view layer knows no mode and no app state")
            } else if under(m, "app/visualizers") && under(i, "app") && !under(i, "app/visualizers")
            {
                Some("a visualiser imports the core only")
            } else if app_modes.iter().any(|a| under(m, a))
                && app_modes.iter().any(|b| under(i, b) && !under(m, b))
            {
                Some("a mode never imports another mode")
            } else if under(m, "app/predict")
                && (under(i, "app/state")
                    || app_modes.iter().any(|p| under(i, p))
                    || under(i, "app/lessons"))
            {
                Some("predict sees the modes through its Lab trait only")
            } else {
                None
            };
            if let Some(rule) = rule {
                broken.push(format!("{m} imports {i}: {rule}"));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_core_names_no_window_library() {
    for (m, text) in modules() {
        if under(&m, "app") || m == "main" || m == "cli" {
            continue;
        }
        for word in ["macroquad", "egui", "miniquad"] {
            assert!(
                !code(&text).contains(word),
                "{m} mentions {word}: the core builds without a display"
            );
        }
    }
}

#[test]
fn no_source_file_is_over_1200_lines() {
    let long: Vec<String> = modules()
        .iter()
        .map(|(m, text)| (m, text.lines().count()))
        .filter(|(_, n)| *n > MAX_LINES)
        .map(|(m, n)| format!("{m}: {n} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "split these files (at most {MAX_LINES} lines): {}",
        long.join(", ")
    );
}

#[test]
fn the_reading_finds_imports_and_would_catch_a_cycle() {
    // The reader itself, on made-up modules: a test that cannot fail guards nothing.
    let all: BTreeMap<String, String> = [
        (
            "a".to_string(),
            "use crate::b::{X, c::Y};\nuse super::d;".to_string(),
        ),
        (
            "b".to_string(),
            "// use crate::a;\npub struct X;".to_string(),
        ),
        ("b/c".to_string(), "use super::super::a::Z;".to_string()),
        ("d".to_string(), String::new()),
    ]
    .into();
    let a = imports("a", &all["a"], &all);
    assert_eq!(a, ["b", "b/c", "d"].map(String::from).into());
    assert!(
        imports("b", &all["b"], &all).is_empty(),
        "comments are not imports"
    );
    let c = imports("b/c", &all["b/c"], &all);
    assert_eq!(
        c,
        ["a"].map(String::from).into(),
        "super::super:: climbs twice"
    );
}
