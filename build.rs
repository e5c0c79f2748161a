//! Lists every preset (`scenes/*.ron`, `scenes/*.json`) and lesson (`scenes/lessons/`)
//! for the browser build, which has no files to read them from: it writes each one
//! zlib-compressed to `$OUT_DIR/built_in/` (370 KB of text become about a fifth: the
//! program's 4 MB budget) and `$OUT_DIR/built_in_scenes.rs`, a slice of
//! `(path, include_bytes!(compressed file))` that `src/app/platform/web.rs` includes and
//! inflates when a scene is read. The desktop build reads the files instead.
//!
//! It also lists the window's texts, `locales/LANG/*.ftl` (Project Fluent), into
//! `$OUT_DIR/locales.rs`: a slice of `(language, file, include_str!(file))` that
//! `src/app/i18n.rs` includes, so that a new `.ftl` file needs no line of code.

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
    write_locales(&root, &dest);
}

/// `$OUT_DIR/locales.rs`: every `locales/LANG/NAME.ftl`, in order of language and name.
fn write_locales(root: &Path, dest: &Path) {
    println!("cargo:rerun-if-changed=locales");
    let mut files = vec![];
    for lang in ["en", "zh"] {
        let dir = root.join("locales").join(lang);
        println!("cargo:rerun-if-changed={}", dir.display());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.filter_map(|e| e.ok()) {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".ftl") {
                files.push((lang, name, entry.path()));
            }
        }
    }
    files.sort();
    let mut out = String::from("&[\n");
    for (lang, name, path) in files {
        out += &format!(
            "    ({lang:?}, {name:?}, include_str!({:?})),\n",
            path.display().to_string()
        );
    }
    out += "]\n";
    std::fs::write(dest.join("locales.rs"), out).expect("OUT_DIR is writable");
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
