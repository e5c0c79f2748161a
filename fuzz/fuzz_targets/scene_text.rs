//! Scene text (RON, or JSON when it starts with `{`) → load; a refused scene must say
//! why on one line; a loaded one must save in both formats and reload as the same
//! scene, and its pairs must keep the contract of `gjk_lab_core::invariants`.
#![no_main]

use gjk_lab_core::invariants::{check_pair, check_query};
use gjk_lab_core::query::query;
use gjk_lab_core::scene::{Format, Scene};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

/// Pairs queried per input, and pairs run through every step machine.
const QUERIED: usize = 64;
const CHECKED: usize = 4;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let format = if text.trim_start().starts_with('{') {
        Format::Json
    } else {
        Format::Ron
    };
    let scene = match Scene::from_text(text, format, Some(Path::new("fuzz.ron"))) {
        Ok(scene) => scene,
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains(['\n', '\r']), "{message:?}");
            return;
        }
    };
    for format in [Format::Ron, Format::Json] {
        let saved = scene.to_file().to_text(format);
        match Scene::from_text(&saved, format, None) {
            Ok(back) => assert!(
                back == scene,
                "{format:?} round trip changed the scene:\n{saved}"
            ),
            Err(e) => panic!("the saved scene does not reload: {e}\n{saved}"),
        }
    }
    let n = scene.shapes.len();
    let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j)));
    for (k, (i, j)) in pairs.take(QUERIED).enumerate() {
        let (a, b) = (&scene.shapes[i].shape, &scene.shapes[j].shape);
        if let Err(e) = check_query(&query(a, b)) {
            panic!("pair {i},{j}: {e}");
        }
        if k < CHECKED {
            if let Err(e) = check_pair(a, b) {
                panic!("pair {i},{j}: {e}");
            }
        }
    }
});
