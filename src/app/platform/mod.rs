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
use std::path::{Component, Path, PathBuf};

/// Why the platform could not do what the app asked: read or write a file, keep a
/// value between runs, open the window. One type for both platforms, so that their
/// functions have the same signatures; each variant says where it can happen. The
/// message is the one the app shows (or prints after `error: `).
#[derive(Debug, thiserror::Error)]
pub enum PlatformError {
    /// A file could not be read (the desktop): the system's reason. The message is
    /// the reason alone: the caller names the file, as a scene's error does.
    #[error("{0}")]
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Read(#[source] std::io::Error),
    /// The browser has no file at that path: none built in, none opened in this visit.
    #[error("no such scene in the browser (open it with \"Open file…\")")]
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    NotInBrowser,
    /// A file could not be created or written (the desktop).
    #[error("{}: {error}", path.display())]
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        error: std::io::Error,
    },
    /// There is no folder to keep values in between runs (the desktop, without a home
    /// folder or `$GJK_LAB_DATA_DIR`).
    #[error("no data folder")]
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    NoDataFolder,
    /// The browser's local storage refused a value (full, or turned off).
    #[error("{key}: the browser's local storage refused it")]
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    StorageRefused {
        /// The key it was kept under.
        key: String,
    },
    /// There is no display to open the window on (the desktop, without `DISPLAY`).
    #[error(
        "no display to open the window on (DISPLAY is not set): run it on a \
         desktop, or under xvfb-run -a -s \"-screen 0 1280x800x24\""
    )]
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    NoDisplay,
}

/// Reads and validates a scene from wherever the platform keeps it (format by
/// extension); errors name the file as [`Scene::load`]'s do.
pub fn load_scene(path: &Path) -> Result<Scene, SceneError> {
    let format = Format::of(path)?;
    let text = read_text(path).map_err(|e| SceneError {
        file: Some(path.to_path_buf()),
        kind: SceneErrorKind::Io(e.to_string()),
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

/// The share link of a payload: the page address with the language shown
/// (`?lang=zh`) followed by `#payload` (the bare fragment when the platform has no
/// page address).
pub fn share_link(payload: &str) -> String {
    let page = page_address().map(|page| with_language(&page, crate::app::i18n::lang().code()));
    format!("{}#{payload}", page.unwrap_or_default())
}

/// `address` with its query's `lang` set to `code` (added, or replacing the one it had).
pub fn with_language(address: &str, code: &str) -> String {
    let (page, query) = address.split_once('?').unwrap_or((address, ""));
    let mut params: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("lang="))
        .collect();
    let lang = format!("lang={code}");
    params.push(&lang);
    format!("{page}?{}", params.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_carries_the_language() {
        assert_eq!(
            with_language("https://x.org/lab/", "zh"),
            "https://x.org/lab/?lang=zh"
        );
        assert_eq!(
            with_language("http://h/index.html?lang=en&x=1", "zh"),
            "http://h/index.html?x=1&lang=zh"
        );
        assert_eq!(
            with_language("file:///a/index.html?", "en"),
            "file:///a/index.html?lang=en"
        );
    }

    /// The Save section's hint is a message in both languages, on both platforms (the
    /// browser's id is written out: web.rs is not built here), its English the old text.
    #[test]
    fn the_save_hints_are_messages() {
        use crate::app::i18n::{text_in, Lang};
        assert_eq!(
            text_in(Lang::En, SAVE_HINT, None),
            "Shapes, A and B, algorithm, step and view, written atomically."
        );
        for id in [SAVE_HINT, "platform-save-hint-web"] {
            for lang in Lang::ALL {
                assert_ne!(text_in(lang, id, None), id, "{id} in {}", lang.code());
            }
        }
    }

    #[test]
    fn dot_parts_do_not_change_a_name() {
        assert_eq!(
            normalized(Path::new("./scenes/lessons/a.ron")),
            "scenes/lessons/a.ron"
        );
        assert_eq!(normalized(Path::new("scenes/./a.ron")), "scenes/a.ron");
    }
}
