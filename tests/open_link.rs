//! `gjk-lab open LINK`: the desktop reads the links the browser's (and its own) "Copy
//! link" makes. A broken link exits with code 2 and one line on stderr naming the link
//! and what is wrong, like a broken scene file; a good one gets as far as the window.

use gjk_lab_core::scene::Scene;
use std::path::Path;
use std::process::{Command, Output};

/// Runs `gjk-lab` without a display (the window cannot open: the link is read first).
fn gjk_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("DISPLAY")
        .output()
        .expect("the binary runs")
}

fn one_error_line(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    err.trim_end().to_string()
}

fn preset_link() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/overlapping-polygons.ron");
    let scene = Scene::load(&path).unwrap();
    format!(
        "https://example.org/gjk-lab/#{}",
        gjk_lab_core::link::encode(&scene)
    )
}

#[test]
fn a_good_link_is_read_before_the_window_opens() {
    let err = one_error_line(&gjk_lab(&["open", &preset_link()]));
    assert!(err.starts_with("error: no display"), "{err}");
}

#[test]
fn a_cut_link_is_one_line_naming_the_link() {
    let link = preset_link();
    let cut = &link[..link.len() - 40];
    let err = one_error_line(&gjk_lab(&["open", cut]));
    assert!(
        err.starts_with("error: link: this link was altered or cut"),
        "{err}"
    );
}

#[test]
fn a_link_of_another_program_is_named() {
    let err = one_error_line(&gjk_lab(&["open", "https://example.org/#section-2"]));
    assert_eq!(
        err,
        "error: link: not a gjk-lab link: it starts with \"secti\", not \"gjk3.\""
    );
}

#[test]
fn open_takes_no_scene_file() {
    let err = one_error_line(&gjk_lab(&[
        "open",
        &preset_link(),
        "scenes/overlapping-polygons.ron",
    ]));
    assert_eq!(err, "error: open takes a link and no scene file or lesson");
}
