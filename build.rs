//! Lists every preset (`scenes/*.ron`, `scenes/*.json`) and lesson (`scenes/lessons/`)
//! for the browser build, which has no files to read them from: it writes each one
//! zlib-compressed to `$OUT_DIR/built_in/` (370 KB of text become about a fifth: the
//! program's 4 MB budget) and `$OUT_DIR/built_in_scenes.rs`, a slice of
//! `(path, include_bytes!(compressed file))` that `src/app/platform/web.rs` includes and
//! inflates when a scene is read. The desktop build reads the files instead.

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let mut files = vec![];
    for dir in ["scenes", "scenes/lessons"] {
        println!("cargo:rerun-if-changed={dir}");
        files.extend(scene_files(&root, dir));
    }
    files.sort();
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    let packed = dest.join("built_in");
    std::fs::create_dir_all(&packed).expect("OUT_DIR is writable");
    let mut out = String::from("&[\n");
    for (k, name) in files.iter().enumerate() {
        let text = std::fs::read(root.join(name)).expect("a scene file is readable");
        let file = packed.join(format!("{k}.z"));
        std::fs::write(&file, miniz_oxide::deflate::compress_to_vec_zlib(&text, 9))
            .expect("OUT_DIR is writable");
        out += &format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            file.display().to_string()
        );
    }
    out += "]\n";
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
