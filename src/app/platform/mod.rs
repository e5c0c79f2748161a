//! Everything that differs between the desktop and the browser, in one place: the
//! clock, files (scenes, saves, exports), storage kept between runs, the log, the
//! clipboard, the page address and the app's status. The rest of the app calls these
//! functions and never asks which platform it runs on.
//!
//! | | desktop ([`desktop`]) | browser ([`web`]) |
//! |---|---|---|
//! | clock | `std::time::Instant` | `performance.now()` (sub-millisecond) |
//! | scenes | files | presets and lessons built into the program (`build.rs`), files the learner opened (picker, drop) |
//! | save, export | atomic file writes | downloads |
//! | storage | files in the data folder | `localStorage` |
//! | errors, panics | stderr | the browser console, and the page |
//! | clipboard | the system clipboard | `navigator.clipboard` |
//! | share links | `gjk-lab open 'LINK'`, paste | the page address's `#…` |
//! | idle | waits on the X connection ([`x11`]), looks at the scene file twice a second | the event loop blocks |
//!
//! The JavaScript half of the browser platform is `web/gjk_lab.js`.

#[cfg(not(target_arch = "wasm32"))]
mod desktop;
#[cfg(not(target_arch = "wasm32"))]
pub use desktop::*;

#[cfg(all(not(target_arch = "wasm32"), target_os = "linux"))]
mod x11;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;

use gjk_lab_core::scene::{Format, Scene, SceneError, SceneErrorKind};
use std::path::{Component, Path};

/// Reads and validates a scene from wherever the platform keeps it (format by
/// extension); errors name the file as [`Scene::load`]'s do.
pub fn load_scene(path: &Path) -> Result<Scene, SceneError> {
    let format = Format::of(path)?;
    let text = read_text(path).map_err(|e| SceneError {
        file: Some(path.to_path_buf()),
        kind: SceneErrorKind::Io(e),
    })?;
    Scene::from_text(&text, format, Some(path))
}

/// A path as `a/b/c`, without `.` parts (so that `./scenes/x.ron` and `scenes/x.ron`
/// name the same built-in file). Used by the browser's built-in files.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn normalized(path: &Path) -> String {
    path.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The share link of a payload: the page address followed by `#payload` (the bare
/// fragment when the platform has no page address).
pub fn share_link(payload: &str) -> String {
    format!("{}#{payload}", page_address().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_parts_do_not_change_a_name() {
        assert_eq!(
            normalized(Path::new("./scenes/lessons/a.ron")),
            "scenes/lessons/a.ron"
        );
        assert_eq!(normalized(Path::new("scenes/./a.ron")), "scenes/a.ron");
    }
}
