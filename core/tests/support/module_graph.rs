//! The module graph of a crate, read as Rust syntax (`syn`): every module file from the
//! crate root's `mod` declarations, and every path each module's code names — `use`
//! trees with their nested groups, `crate::`/`self::`/`super::` paths, paths through a
//! child module or a `use` binding, and paths inside macro calls — each resolved to the
//! module that *defines* what it names, following re-exports (`pub use`, globs) to
//! their source. Code under `#[cfg(test)]` is left out: tests may import anything.
//!
//! Shared by the core's layer test (`core/tests/layers.rs`) and the app's
//! (`tests/layers.rs`).

// Each test binary uses part of it.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// A module: its file, what it declares and what its code names.
#[derive(Debug, Default, Clone)]
pub struct Module {
    /// The file the module is in (relative to `src/`).
    pub file: String,
    /// Its child modules' names.
    pub children: BTreeSet<String>,
    /// Those of its children declared without `pub` (`mod climb;`): parts of its own
    /// implementation that nothing outside it can name.
    pub private_children: BTreeSet<String>,
    /// The names of the items it defines (functions, types, traits, constants, macros).
    pub defined: BTreeSet<String>,
    /// Its `use` bindings: the name bound → the absolute path it stands for
    /// (`["crate", …]` inside the crate, `[crate_name, …]` for another crate).
    pub bindings: BTreeMap<String, Vec<String>>,
    /// Its glob imports (`use x::*`): the absolute paths of the modules globbed.
    pub globs: Vec<Vec<String>>,
    /// Every path its code names, made absolute.
    pub paths: Vec<Vec<String>>,
    /// Lines in its file (for the file-size rule; inline modules count with their file).
    pub lines: usize,
}

/// A crate's modules by name: "" for the root, "algorithms/epa", "app/view/canvas".
pub type Modules = BTreeMap<String, Module>;

/// Reads the crate whose root file is `root` (`src/lib.rs` or `src/main.rs`).
pub fn read_crate(root: &Path) -> Modules {
    let sources = read_sources(root.parent().expect("the root file is in src/"));
    let root_file = root.file_name().unwrap().to_string_lossy().into_owned();
    from_sources(&root_file, &sources)
}

/// Every `.rs` file under `src`, by its path relative to `src` ("app/view/draw.rs").
pub fn read_sources(src: &Path) -> BTreeMap<String, String> {
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
    let mut files = vec![];
    walk(src, &mut files);
    files
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(src).unwrap();
            let rel = rel.iter().map(|p| p.to_string_lossy()).collect::<Vec<_>>();
            (rel.join("/"), std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

/// The modules of a crate given its sources (file path → text) and its root file's
/// path among them; the tests plant imports into the sources this way.
pub fn from_sources(root_file: &str, sources: &BTreeMap<String, String>) -> Modules {
    let mut modules = Modules::new();
    let text = &sources[root_file];
    let file = syn::parse_file(text).unwrap_or_else(|e| panic!("{root_file}: {e}"));
    read_module("", root_file, "", &file.items, text, sources, &mut modules);
    modules
}

/// Whether the attributes hold `#[cfg(test)]` (or a `cfg` naming `test` first).
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta
                .require_list()
                .is_ok_and(|l| l.tokens.to_string().trim() == "test")
    })
}

/// The directory a module's children live in: beside `mod.rs`/`lib.rs`/`main.rs`, in a
/// folder named after any other file.
fn children_dir(file: &str) -> String {
    let (dir, name) = file.rsplit_once('/').unwrap_or(("", file));
    let stem = name.trim_end_matches(".rs");
    let folder = if matches!(stem, "mod" | "lib" | "main") {
        dir.to_string()
    } else if dir.is_empty() {
        stem.to_string()
    } else {
        format!("{dir}/{stem}")
    };
    folder
}

/// Reads one module (`name`, in `file`, whose children live in `dir`) and its children.
fn read_module(
    name: &str,
    file: &str,
    dir: &str,
    items: &[syn::Item],
    text: &str,
    sources: &BTreeMap<String, String>,
    modules: &mut Modules,
) {
    let own: Vec<String> = name
        .split('/')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let mut module = Module {
        file: file.to_string(),
        lines: text.lines().count(),
        ..Module::default()
    };
    let join = |child: &str| {
        if name.is_empty() {
            child.to_string()
        } else {
            format!("{name}/{child}")
        }
    };
    let mut collector = PathCollector::default();
    for item in items {
        if is_test(item_attrs(item)) {
            continue;
        }
        match item {
            syn::Item::Mod(m) => {
                let child = m.ident.to_string();
                module.children.insert(child.clone());
                if matches!(m.vis, syn::Visibility::Inherited) {
                    module.private_children.insert(child.clone());
                }
                let child_dir = if dir.is_empty() {
                    child.clone()
                } else {
                    format!("{dir}/{child}")
                };
                match &m.content {
                    Some((_, inner)) => {
                        read_module(&join(&child), file, &child_dir, inner, "", sources, modules)
                    }
                    None => {
                        let explicit = m.attrs.iter().find_map(|a| {
                            let syn::Meta::NameValue(nv) = &a.meta else {
                                return None;
                            };
                            if !nv.path.is_ident("path") {
                                return None;
                            }
                            match &nv.value {
                                syn::Expr::Lit(syn::ExprLit {
                                    lit: syn::Lit::Str(s),
                                    ..
                                }) => Some(s.value()),
                                _ => None,
                            }
                        });
                        let prefix = if dir.is_empty() {
                            String::new()
                        } else {
                            format!("{dir}/")
                        };
                        let candidates = match explicit {
                            Some(p) => {
                                let base = file.rsplit_once('/').map_or("", |(d, _)| d);
                                vec![if base.is_empty() {
                                    p
                                } else {
                                    format!("{base}/{p}")
                                }]
                            }
                            None => vec![
                                format!("{prefix}{child}.rs"),
                                format!("{prefix}{child}/mod.rs"),
                            ],
                        };
                        let Some(path) = candidates.iter().find(|c| sources.contains_key(*c))
                        else {
                            panic!("{file}: no file for `mod {child};` (tried {candidates:?})");
                        };
                        let child_text = &sources[path];
                        let parsed =
                            syn::parse_file(child_text).unwrap_or_else(|e| panic!("{path}: {e}"));
                        read_module(
                            &join(&child),
                            path,
                            &children_dir(path),
                            &parsed.items,
                            child_text,
                            sources,
                            modules,
                        );
                    }
                }
            }
            syn::Item::Use(u) => {
                let mut prefix = vec![];
                read_use_tree(&u.tree, &mut prefix, &own, &mut module);
            }
            other => {
                if let Some(ident) = item_name(other) {
                    module.defined.insert(ident);
                }
                collector.visit_item(other);
            }
        }
    }
    // Paths in the code, made absolute (a path through a `use` binding is resolved
    // later, as a binding's own path is).
    for path in collector.paths {
        if let Some(abs) = absolute(&path, &own, &module.children, &module.bindings) {
            module.paths.push(abs);
        }
    }
    modules.insert(name.to_string(), module);
}

/// An item's attributes.
fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::ExternCrate(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::ForeignMod(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::TraitAlias(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// The name an item defines, if any.
fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Const(i) => &i.ident,
        syn::Item::Enum(i) => &i.ident,
        syn::Item::Fn(i) => &i.sig.ident,
        syn::Item::Macro(i) => i.ident.as_ref()?,
        syn::Item::Static(i) => &i.ident,
        syn::Item::Struct(i) => &i.ident,
        syn::Item::Trait(i) => &i.ident,
        syn::Item::TraitAlias(i) => &i.ident,
        syn::Item::Type(i) => &i.ident,
        syn::Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// Walks a `use` tree: every leaf becomes a binding (or a glob) and a path named.
fn read_use_tree(tree: &syn::UseTree, prefix: &mut Vec<String>, own: &[String], m: &mut Module) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            read_use_tree(&p.tree, prefix, own, m);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            bind(prefix, &name, &name, own, m);
        }
        syn::UseTree::Rename(r) => {
            bind(prefix, &r.ident.to_string(), &r.rename.to_string(), own, m)
        }
        syn::UseTree::Glob(_) => {
            if let Some(abs) = absolute(prefix, own, &m.children, &BTreeMap::new()) {
                m.paths.push(abs.clone());
                m.globs.push(abs);
            }
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                read_use_tree(t, prefix, own, m);
            }
        }
    }
}

/// Records `use prefix::name as bound`.
fn bind(prefix: &[String], name: &str, bound: &str, own: &[String], m: &mut Module) {
    let mut path = prefix.to_vec();
    // `use a::b::{self}` binds `b`.
    let bound = if name == "self" {
        prefix.last().cloned().unwrap_or_default()
    } else {
        path.push(name.to_string());
        bound.to_string()
    };
    if let Some(abs) = absolute(&path, own, &m.children, &BTreeMap::new()) {
        m.paths.push(abs.clone());
        if bound != "_" {
            m.bindings.insert(bound, abs);
        }
    }
}

/// `path` as named in module `own` made absolute: `["crate", …]` for an item of this
/// crate, `[other_crate, …]` for another's; `None` for a path that names nothing
/// outside the module (a local, a type parameter, a variant of a type in scope).
fn absolute(
    path: &[String],
    own: &[String],
    children: &BTreeSet<String>,
    bindings: &BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let (mut base, rest): (Vec<String>, &[String]) = match first.as_str() {
        "crate" => (vec!["crate".into()], &path[1..]),
        "self" => (
            std::iter::once("crate".to_string())
                .chain(own.iter().cloned())
                .collect(),
            &path[1..],
        ),
        "super" => {
            let mut base: Vec<String> = std::iter::once("crate".to_string())
                .chain(own.iter().cloned())
                .collect();
            let mut i = 0;
            while path.get(i).is_some_and(|s| s == "super") {
                base.pop();
                i += 1;
            }
            (base, &path[i..])
        }
        name if children.contains(name) => (
            std::iter::once("crate".to_string())
                .chain(own.iter().cloned())
                .collect(),
            path,
        ),
        name if bindings.contains_key(name) => (bindings[name].clone(), &path[1..]),
        // Another crate (`std::…`, `glam::…`, `gjk_lab_core::…`), or a name that is
        // not a path out of the module (a single word: a local, a type in scope).
        name if path.len() > 1 && name.chars().next().is_some_and(|c| c.is_lowercase()) => {
            (vec![], path)
        }
        _ => return None,
    };
    base.extend(rest.iter().cloned());
    Some(base)
}

/// Collects the paths an item's code names (not its nested modules' or `use`s', which
/// are read as their own).
#[derive(Default)]
struct PathCollector {
    paths: Vec<Vec<String>>,
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        // `self` alone is a method's receiver, not a module.
        let receiver = path.segments.len() == 1 && path.segments[0].ident == "self";
        if path.leading_colon.is_none() && !receiver {
            self.paths
                .push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, path);
    }

    // `pub(super)` names who may see an item, not what it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        // A macro's arguments are tokens, not syntax: read `a::b::c` runs from them.
        self.visit_path(&mac.path);
        read_token_paths(mac.tokens.clone(), &mut self.paths);
    }

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}

    fn visit_item_use(&mut self, _: &'ast syn::ItemUse) {}

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

/// The `a::b::c` runs in a token stream (and in its groups).
fn read_token_paths(tokens: proc_macro2::TokenStream, out: &mut Vec<Vec<String>>) {
    let mut run: Vec<String> = vec![];
    let mut colons = 0;
    let flush = |run: &mut Vec<String>, out: &mut Vec<Vec<String>>| {
        if run.len() > 1 {
            out.push(std::mem::take(run));
        }
        run.clear();
    };
    for tt in tokens {
        match tt {
            proc_macro2::TokenTree::Ident(i) => {
                if !run.is_empty() && colons != 2 {
                    flush(&mut run, out);
                }
                run.push(i.to_string());
                colons = 0;
            }
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
            proc_macro2::TokenTree::Group(g) => {
                flush(&mut run, out);
                colons = 0;
                read_token_paths(g.stream(), out);
            }
            _ => {
                flush(&mut run, out);
                colons = 0;
            }
        }
    }
    flush(&mut run, out);
}

/// The module an absolute path names or whose item it names, following `use`
/// bindings (re-exports) and globs to the module that defines the item; `None` for
/// another crate's path.
pub fn resolve(modules: &Modules, path: &[String]) -> Option<String> {
    resolve_within(modules, path, 0)
}

fn resolve_within(modules: &Modules, path: &[String], depth: usize) -> Option<String> {
    if path.first().map(String::as_str) != Some("crate") || depth > 32 {
        return None;
    }
    let mut at: Vec<String> = vec![];
    for (i, segment) in path.iter().enumerate().skip(1) {
        let name = at.join("/");
        let Some(m) = modules.get(&name) else {
            return Some(name);
        };
        // A name both a child module and an item of this module (`mod clip;` beside
        // `fn clip`): the path's last word is the item, an inner word the module.
        let last = i + 1 == path.len();
        if m.children.contains(segment) && !(last && m.defined.contains(segment)) {
            at.push(segment.clone());
            continue;
        }
        if m.defined.contains(segment) {
            return Some(name);
        }
        if let Some(target) = m.bindings.get(segment) {
            // A binding to another crate's item (`pub use glam::DVec2`) leaves the crate.
            let through: Vec<String> = target.iter().chain(&path[i + 1..]).cloned().collect();
            return resolve_within(modules, &through, depth + 1);
        }
        for glob in &m.globs {
            let through: Vec<String> = glob.iter().chain(&path[i..]).cloned().collect();
            if let Some(found) = resolve_within(modules, &through, depth + 1) {
                if defines(modules, &found, segment) || found != glob_module(glob) {
                    return Some(found);
                }
            }
        }
        // An associated item, a variant or a name this reading does not know.
        return Some(name);
    }
    Some(at.join("/"))
}

/// Whether module `m` defines or binds `name`.
fn defines(modules: &Modules, m: &str, name: &str) -> bool {
    modules
        .get(m)
        .is_some_and(|m| m.defined.contains(name) || m.bindings.contains_key(name))
}

/// The module name of an absolute path to a module.
fn glob_module(glob: &[String]) -> String {
    glob[1..].join("/")
}

/// Every module's imports: the modules its paths resolve to (itself left out).
pub fn graph(modules: &Modules) -> BTreeMap<String, BTreeSet<String>> {
    modules
        .iter()
        .map(|(name, m)| {
            let imports = m
                .paths
                .iter()
                .filter_map(|p| resolve(modules, p))
                .filter(|target| target != name)
                .collect();
            (name.clone(), imports)
        })
        .collect()
}

/// The other crates a module's paths name (their first segment), e.g. `gjk_lab_core`.
pub fn crates_named(m: &Module) -> BTreeSet<String> {
    m.paths
        .iter()
        .filter(|p| p.first().is_some_and(|f| f != "crate"))
        .filter_map(|p| p.first().cloned())
        .collect()
}

/// The unit a module belongs to for the cycle rule: a private child module (`mod x;`
/// in a module other than the crate root) is part of its parent's implementation, so a
/// module and its private parts may use each other, as the items of one file do.
pub fn unit(modules: &Modules, module: &str) -> String {
    let mut name = module.to_string();
    while let Some((parent, child)) = name.rsplit_once('/') {
        let private = modules
            .get(parent)
            .is_some_and(|p| p.private_children.contains(child));
        if !private {
            break;
        }
        name = parent.to_string();
    }
    name
}

/// The graph between units ([`unit`]): each module's imports, from its unit to theirs.
pub fn unit_graph(modules: &Modules) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (m, imports) in graph(modules) {
        let from = unit(modules, &m);
        let entry = out.entry(from.clone()).or_default();
        entry.extend(
            imports
                .iter()
                .map(|i| unit(modules, i))
                .filter(|to| *to != from),
        );
    }
    out
}

/// A cycle in the graph, if there is one (depth-first search: a module met again while
/// still on the path closes a cycle), as the modules along it.
pub fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit<'g>(
        m: &'g str,
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'g str>,
        done: &mut BTreeSet<&'g str>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| *p == m) {
            let mut cycle: Vec<String> = path[i..].iter().map(|s| s.to_string()).collect();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if !done.insert(m) {
            return None;
        }
        path.push(m);
        for next in graph.get(m).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| visit(m, graph, &mut vec![], &mut done))
}

/// Whether `module` is `prefix` or inside it ("" is the crate root only).
pub fn under(module: &str, prefix: &str) -> bool {
    module == prefix || (!prefix.is_empty() && module.starts_with(&format!("{prefix}/")))
}

/// The sources with `line` added at the top of `file` (after its inner doc comments
/// and attributes, where an item may stand).
pub fn planted(
    sources: &BTreeMap<String, String>,
    file: &str,
    line: &str,
) -> BTreeMap<String, String> {
    let mut out = sources.clone();
    let text = out
        .get_mut(file)
        .unwrap_or_else(|| panic!("no file {file}"));
    text.push('\n');
    text.push_str(line);
    text.push('\n');
    out
}
