//! The desktop platform: files, the system clipboard, stderr.

use super::PlatformError;
use gjk_lab_core::scene::write_atomically;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Instant, SystemTime};

/// Whether the app runs in a browser.
pub const IN_BROWSER: bool = false;

/// The message (its id) with what the Save section says saving does: show it with
/// `i18n::text(SAVE_HINT)`.
pub const SAVE_HINT: &str = "platform-save-hint-desktop";

/// What saving does, for the app's notice: English, the value message `notice-saved`
/// selects its words by in either language ("Saved scene.ron").
pub const SAVED: &str = "Saved";

/// Seconds since the first call, on a monotonic clock.
pub fn now() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// CPU time this process has used, all threads together (the software renderer's
/// too), in milliseconds: `getrusage(RUSAGE_SELF)`'s user and system time. `None`
/// where the platform has no such call.
pub fn cpu_time_ms() -> Option<f64> {
    #[cfg(unix)]
    {
        // SAFETY: getrusage only writes the struct it is given, which is plain data.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
            return None;
        }
        let ms = |t: libc::timeval| t.tv_sec as f64 * 1e3 + t.tv_usec as f64 / 1e3;
        Some(ms(usage.ru_utime) + ms(usage.ru_stime))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Ends the program with exit code `code` (the headless modes: a screenshot, frame
/// times, an export).
pub fn exit(code: i32) -> ! {
    std::process::exit(code)
}

/// The working folder, to show paths relative to it (`scenes/box-box.ron`).
pub fn working_dir() -> Option<PathBuf> {
    std::env::current_dir().ok()
}

/// Checks that a file can be written at `path` by creating it (empty): a headless run
/// fails with the reason before it opens the window.
pub fn check_writable(path: &Path) -> Result<(), PlatformError> {
    std::fs::File::create(path)
        .map(drop)
        .map_err(|error| PlatformError::Write {
            path: path.to_path_buf(),
            error,
        })
}

/// A file's version, to notice changes (its modification time).
pub type Stamp = SystemTime;

/// The file's modification time.
pub fn modified(path: &Path) -> Option<Stamp> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// A text file's contents.
pub fn read_text(path: &Path) -> Result<String, PlatformError> {
    std::fs::read_to_string(path).map_err(PlatformError::Read)
}

/// Writes a file atomically (a reader sees the old file or the new one, never a part).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), PlatformError> {
    write_atomically(path, bytes).map_err(|error| PlatformError::Write {
        path: path.to_path_buf(),
        error,
    })
}

/// Whether a file exists.
pub fn is_file(path: &Path) -> bool {
    path.is_file()
}

/// Whether a folder exists.
pub fn is_dir(path: &Path) -> bool {
    path.is_dir()
}

/// The scene files (`.ron`, `.json`) in a folder, sorted by name.
pub fn scene_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return vec![];
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("ron" | "json")))
        .collect();
    files.sort();
    files
}

#[cfg(test)]
thread_local! {
    /// A test's own data folder: tests run in parallel threads of one process, which
    /// share `$GJK_LAB_DATA_DIR`, so a test that reads back what it kept sets its own.
    static TEST_DATA_DIR: std::cell::RefCell<Option<PathBuf>> =
        const { std::cell::RefCell::new(None) };
}

/// Makes `dir` this test thread's data folder (before `$GJK_LAB_DATA_DIR`).
#[cfg(test)]
pub fn set_test_data_dir(dir: &Path) {
    TEST_DATA_DIR.with(|d| *d.borrow_mut() = Some(dir.to_path_buf()));
}

/// The folder of what is kept between runs: `$GJK_LAB_DATA_DIR`, else the user's data
/// folder's `gjk-lab` (in tests, a thread's own folder first: [`set_test_data_dir`]).
pub fn data_dir() -> Option<PathBuf> {
    #[cfg(test)]
    if let Some(dir) = TEST_DATA_DIR.with(|d| d.borrow().clone()) {
        return Some(dir);
    }
    match std::env::var_os("GJK_LAB_DATA_DIR") {
        Some(dir) => Some(PathBuf::from(dir)),
        None => Some(dirs::data_dir()?.join("gjk-lab")),
    }
}

/// What was kept under `key` (a file name in [`data_dir`]).
pub fn storage_get(key: &str) -> Option<String> {
    std::fs::read_to_string(data_dir()?.join(key)).ok()
}

/// Keeps `value` under `key`, atomically.
pub fn storage_set(key: &str, value: &str) -> Result<(), PlatformError> {
    let dir = data_dir().ok_or(PlatformError::NoDataFolder)?;
    let _ = std::fs::create_dir_all(&dir);
    write_file(&dir.join(key), value.as_bytes())
}

/// Logs an error the app also shows.
pub fn log_error(message: &str) {
    eprintln!("error: {message}");
}

/// Panics go to stderr (Rust's own hook): nothing to install.
pub fn install_panic_hook() {}

/// Puts text on the system clipboard (miniquad reports no failure: always `Ok`).
pub fn copy_text(text: &str) -> Result<(), PlatformError> {
    macroquad::miniquad::window::clipboard_set(text);
    Ok(())
}

/// The system clipboard's text.
pub fn paste_text() -> Option<String> {
    macroquad::miniquad::window::clipboard_get()
}

/// The address share links start with: `$GJK_LAB_WEB_URL` (where the web build is
/// hosted), else none (the link is the bare `#gjk1.…` fragment, which `gjk-lab open`
/// and the page's "Open link" field take as it is).
pub fn page_address() -> Option<String> {
    std::env::var("GJK_LAB_WEB_URL").ok()
}

/// A link the page address brought (the browser only).
pub fn take_link() -> Option<String> {
    None
}

/// Shows a link in the page address (the browser only).
pub fn show_link(_payload: &str) {}

/// Whether the app reports its status every time it changes without being asked (the
/// browser: to the page); the desktop writes it only with `--status FILE`.
pub fn reports_status() -> bool {
    false
}

/// How often an idle window looks at its scene file (auto-reload), in seconds.
const LOOK_EVERY_S: f64 = 0.5;

/// How long an idle window sleeps where it cannot wait for its events (not X11 with
/// GLX), in seconds: about ten frames a second.
const IDLE_FRAME_S: f64 = 0.1;

/// Rests an idle window before its next frame: waits until an event comes to the
/// window (input, a resize, an exposure, a close) or `changed()` (the scene file,
/// asked every [`LOOK_EVERY_S`]) says so. Returns whether it waited for one of them;
/// where the window's events cannot be awaited it sleeps [`IDLE_FRAME_S`] instead and
/// returns false.
pub fn rest(changed: &mut dyn FnMut() -> bool) -> bool {
    #[cfg(target_os = "linux")]
    loop {
        match super::x11::wait_for_event(LOOK_EVERY_S) {
            Some(true) => return true,
            Some(false) if changed() => return true,
            Some(false) => {}
            None => break,
        }
    }
    std::thread::sleep(std::time::Duration::from_secs_f64(IDLE_FRAME_S));
    false
}

/// Ends a frame: nothing to ask on the desktop, whose event loop draws the next frame
/// at once (an idle one [`rest`]s first).
pub fn pace(_busy: bool) {}

/// The frames the window has drawn.
static FRAMES_DRAWN: AtomicU64 = AtomicU64::new(0);

/// Counts a drawn frame (the status's `frames`: the window test checks that an idle
/// window draws none).
pub fn frame_drawn() {
    FRAMES_DRAWN.fetch_add(1, Ordering::Relaxed);
}

/// Whether the pointer is coarse (a finger): `GJK_LAB_TOUCH=1` says so (the window
/// then lays itself out for touch, as a touch screen in the browser does); otherwise
/// the window learns it from the first touch it sees.
pub fn coarse_pointer() -> bool {
    static TOUCH: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *TOUCH.get_or_init(|| std::env::var_os("GJK_LAB_TOUCH").is_some_and(|v| v == "1"))
}

/// How many frames the window has drawn (the status's `frames`; the browser's page
/// counts them itself, `window.gjkLabFrames`).
pub fn frames_drawn() -> Option<u64> {
    Some(FRAMES_DRAWN.load(Ordering::Relaxed))
}

/// Reports the status JSON to the page (the browser only).
pub fn report_status(_json: &str) {}

/// Whether the platform has a file picker the app opens (the desktop opens paths).
pub const HAS_FILE_PICKER: bool = false;

/// Whether the page has a code panel (the browser only: on the desktop the learner's
/// program writes a trace file, read again whenever it changes).
pub const HAS_CODE_PANEL: bool = false;

/// Opens the page's code panel (the browser only).
pub fn open_code_panel() {}

/// Opens the file picker (the browser only).
pub fn pick_file() {}

/// Files the learner chose in the picker since the last call: (name, contents).
pub fn take_picked_files() -> Vec<(String, Vec<u8>)> {
    vec![]
}

/// Keeps a file the learner opened by content (a drop without a path): its path.
pub fn keep_opened_file(name: &str, _bytes: Vec<u8>) -> PathBuf {
    PathBuf::from(name)
}

/// Whether the app keeps the last scene for the next run (the desktop opens what the
/// command line names).
pub const KEEPS_LAST_SCENE: bool = false;

/// Whether a window can open: macroquad opens an X11 window, so say so plainly rather
/// than panic without a display.
pub fn can_open_window() -> Result<(), PlatformError> {
    if std::env::var_os("DISPLAY").is_none() {
        return Err(PlatformError::NoDisplay);
    }
    Ok(())
}

/// The system's language tag ("zh_CN.UTF-8"), from the locale variables in the order
/// the C library reads them; `None` when none is set.
pub fn preferred_language() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
}

/// The Chinese font (Noto Sans SC cut to the characters of the texts,
/// `scripts/fonts.sh`): the desktop program carries it.
pub fn chinese_font() -> Option<&'static [u8]> {
    Some(include_bytes!(
        "../../../assets/fonts/NotoSansSC-subset.otf"
    ))
}

/// The language a link asks for (the browser only: `?lang=zh`).
pub fn link_language() -> Option<String> {
    None
}

/// Puts the language shown in the page address (the browser only).
pub fn show_language(_code: &str) {}

/// Asks for the Chinese font (the desktop carries it: nothing to do).
pub fn request_chinese_font() {}

/// Whether the Chinese font has just arrived (the desktop has it from the start).
pub fn take_chinese_font() -> bool {
    false
}
