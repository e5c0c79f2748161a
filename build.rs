//! Lists every preset (`scenes/*.ron`, `scenes/*.json`) and lesson (`scenes/lessons/`)
//! for the browser build, which has no files to read them from: it writes
//! `$OUT_DIR/built_in_scenes.rs`, a slice of `(path, include_str!(file))` that
//! `src/app/platform/web.rs` includes. The desktop build reads the files instead.

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let mut files = vec![];
    for dir in ["scenes", "scenes/lessons"] {
        println!("cargo:rerun-if-changed={dir}");
        files.extend(scene_files(&root, dir));
    }
    files.sort();
    let mut out = String::from("&[\n");
    for name in files {
        let full = root.join(&name);
        out += &format!(
            "    ({name:?}, include_str!({:?})),\n",
            full.display().to_string()
        );
    }
    out += "]\n";
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    std::fs::write(dest.join("built_in_scenes.rs"), out).expect("OUT_DIR is writable");
}

/// The scene files directly in `root/dir`, as `dir/name`.
fn scene_files(root: &Path, dir: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
        return vec![];
    };
    entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron") || n.ends_with(".json"))
        .map(|n| format!("{dir}/{n}"))
        .collect()
}
