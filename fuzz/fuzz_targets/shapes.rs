//! Arbitrary shapes and poses (see `codec.rs`) → validation, then every query and every
//! step machine on every pair, checking the contract of `gjk_lab_core::invariants`: no NaN
//! or infinity, depths and distances ≥ 0, unit normals, swap symmetry, SAT and GJK
//! agreeing on intersects; and sweep and prune against brute force; with motion, every
//! cast algorithm on every pair: no panic, `t` in [0, 1], a unit normal, a finite
//! separation (`gjk_lab_core::invariants::check_cast`).
#![no_main]

#[path = "../codec.rs"]
#[allow(dead_code)] // `encode` is for the seed corpus
mod codec;

use gjk_lab_core::invariants::{check_cast, check_pair, check_sweep};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut shapes = Vec::new();
    let mut motions = Vec::new();
    for entry in codec::decode(data) {
        match entry.to_shape() {
            Ok(shape) => {
                shapes.push(shape);
                motions.push(entry.motion.unwrap_or_default());
            }
            // Refused shapes must say why on one line.
            Err(e) => {
                let message = e.to_string();
                assert!(!message.contains(['\n', '\r']), "{message:?}");
            }
        }
    }
    for i in 0..shapes.len() {
        for j in i + 1..shapes.len() {
            if let Err(e) = check_pair(&shapes[i], &shapes[j]) {
                panic!("{e}\nA = {:?}\nB = {:?}", shapes[i], shapes[j]);
            }
            if let Err(e) = check_cast(&shapes[i], motions[i], &shapes[j], motions[j]) {
                panic!("{e}\nA = {:?} {:?}\nB = {:?} {:?}", shapes[i], motions[i], shapes[j], motions[j]);
            }
        }
    }
    if let Err(e) = check_sweep(&shapes) {
        panic!("{e}\n{shapes:?}");
    }
});
