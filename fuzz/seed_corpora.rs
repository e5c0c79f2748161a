//! Writes the seed corpora of the fuzz targets from the preset scenes: for `shapes`,
//! every pair of shapes of every preset (up to 40 pairs a scene) in the byte form of
//! `codec.rs`, to `fuzz/seeds/shapes/`; for `scene_text`, every preset as written and
//! saved as JSON (but the 2,000-shape scene, too big to mutate usefully), to
//! `fuzz/seeds/scene_text/`. Run from the repository root:
//! `cargo run --manifest-path fuzz/Cargo.toml --example seed_corpora`.

#[path = "codec.rs"]
mod codec;

use gjk_lab_core::scene::{Format, Scene};
use std::path::Path;

fn main() {
    let out = Path::new("fuzz/seeds/shapes");
    let texts = Path::new("fuzz/seeds/scene_text");
    std::fs::create_dir_all(out).expect("the seed folder");
    std::fs::create_dir_all(texts).expect("the seed folder");
    let mut written = 0;
    for dir in ["scenes", "scenes/lessons"] {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("run from the repository root")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        files.sort();
        for path in files {
            let scene = Scene::load(&path).expect("presets load");
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            if scene.shapes.len() <= 200 {
                let text = std::fs::read_to_string(&path).expect("read");
                std::fs::write(texts.join(format!("{stem}.ron")), text).expect("write");
                let json = scene.to_file().to_text(Format::Json);
                std::fs::write(texts.join(format!("{stem}.json")), json).expect("write");
            }
            let mut entries = scene.to_file().shapes;
            for e in &mut entries {
                // The byte form has no names.
                e.name = None;
                e.name_zh = None;
            }
            let n = entries.len();
            let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j)));
            for (i, j) in pairs.take(40) {
                let bytes = codec::encode(&[entries[i].clone(), entries[j].clone()]);
                assert_eq!(
                    codec::decode(&bytes),
                    vec![entries[i].clone(), entries[j].clone()]
                );
                std::fs::write(out.join(format!("{stem}-{i}-{j}")), bytes).expect("write");
                written += 1;
            }
        }
    }
    println!("{written} seeds in {}", out.display());
}
