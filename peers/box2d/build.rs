//! Compiles Box2D (every `src/*.c` of `$BOX2D_DIR`) and `shim.c` into a static library
//! when `BOX2D_DIR` names a Box2D v3.1 source tree (an absolute path), and sets
//! `cfg(box2d)`; otherwise does nothing. The flags are issue 34's and
//! `scripts/box2d/compile.sh`'s, `-O2 -DNDEBUG -std=gnu17 -ffp-contract=off`, SSE2 only
//! (no `-march=native`), and the `cc` crate's own.

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(box2d)");
    println!("cargo:rerun-if-env-changed=BOX2D_DIR");
    println!("cargo:rerun-if-changed=shim.c");
    let Some(dir) = std::env::var_os("BOX2D_DIR").map(PathBuf::from) else {
        return;
    };
    // A build script runs in its package's folder, not where cargo was started: a
    // relative path would be read from peers/box2d.
    if dir.is_relative() {
        panic!(
            "BOX2D_DIR={}: give an absolute path (e.g. BOX2D_DIR=$PWD/../box2d)",
            dir.display()
        );
    }
    let (src, include) = (dir.join("src"), dir.join("include"));
    if !include.join("box2d/box2d.h").is_file() {
        panic!(
            "BOX2D_DIR={}: no include/box2d/box2d.h there (a Box2D v3.1 source tree, e.g. \
             git clone --branch v3.1.1 https://github.com/erincatto/box2d)",
            dir.display()
        );
    }
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&src)
        .unwrap_or_else(|e| panic!("BOX2D_DIR={}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    sources.sort();
    // The folders: cargo watches everything in them (a header edited, a file added).
    println!("cargo:rerun-if-changed={}", src.display());
    println!("cargo:rerun-if-changed={}", include.display());
    // GCC's and Clang's flags as scripts/box2d/compile.sh gives them (cc adds its own:
    // -fPIC, one section per function, and CFLAGS from the environment).
    cc::Build::new()
        .files(&sources)
        .file("shim.c")
        .include(&include)
        .include(&src)
        .opt_level(2)
        .debug(false)
        .define("NDEBUG", None)
        .flag_if_supported("-std=gnu17")
        .flag_if_supported("-ffp-contract=off")
        .warnings(false)
        .compile("box2d_peer");
    println!("cargo:rustc-cfg=box2d");
}
