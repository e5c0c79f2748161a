//! The browser platform (`wasm32-unknown-unknown`): built-in scenes, `localStorage`,
//! the console, downloads, the page address. Each function calls one function of
//! `web/gjk_lab.js` (a miniquad plugin); strings cross with `sapp-jsutils`' objects.

use super::PlatformError;
use sapp_jsutils::{JsObject, JsObjectWeak};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every preset and lesson, built into the program by `build.rs`: (path, its text
/// zlib-compressed).
const BUILT_IN: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/built_in_scenes.rs"));

/// A built-in scene's text, inflated (`None` if the bytes are not what `build.rs` wrote).
fn built_in_text(packed: &[u8]) -> Option<String> {
    let bytes = miniz_oxide::inflate::decompress_to_vec_zlib(packed).ok()?;
    String::from_utf8(bytes).ok()
}

/// Whether the app runs in a browser.
pub const IN_BROWSER: bool = true;

/// The message (its id) with what the Save section says saving does: show it with
/// `i18n::text(SAVE_HINT)`.
pub const SAVE_HINT: &str = "platform-save-hint-web";

/// What saving does, for the app's notice: English, the value message `notice-saved`
/// selects its words by in either language ("Downloaded scene.ron").
pub const SAVED: &str = "Downloaded";

/// The folder the learner's own files (picked, dropped, saved) appear in.
const OPENED_DIR: &str = "opened";

extern "C" {
    fn gjk_lab_now() -> f64;
    fn gjk_lab_storage_get(key: JsObjectWeak) -> JsObject;
    fn gjk_lab_storage_set(key: JsObjectWeak, value: JsObjectWeak) -> u32;
    fn gjk_lab_log_error(message: JsObjectWeak);
    fn gjk_lab_show_panic(message: JsObjectWeak);
    fn gjk_lab_copy(text: JsObjectWeak);
    fn gjk_lab_page_address() -> JsObject;
    fn gjk_lab_take_link() -> JsObject;
    fn gjk_lab_show_link(payload: JsObjectWeak);
    fn gjk_lab_report_status(json: JsObjectWeak);
    fn gjk_lab_download(name: JsObjectWeak, bytes: JsObjectWeak);
    fn gjk_lab_pick_file();
    fn gjk_lab_take_picked_file() -> JsObject;
    fn gjk_lab_frame_drawn();
    fn gjk_lab_coarse_pointer() -> u32;
    fn gjk_lab_open_code_panel();
    fn gjk_lab_language() -> JsObject;
    fn gjk_lab_link_language() -> JsObject;
    fn gjk_lab_show_language(code: JsObjectWeak);
    fn gjk_lab_request_font();
    fn gjk_lab_take_font() -> JsObject;
}

/// The plugin's version, checked by miniquad's loader against `web/gjk_lab.js`.
#[no_mangle]
pub extern "C" fn gjk_lab_crate_version() -> u32 {
    1
}

/// A JavaScript string as a Rust one (`None` for null or undefined).
fn text_of(object: JsObject) -> Option<String> {
    if object.is_nil() || object.is_undefined() {
        return None;
    }
    let mut text = String::new();
    object.to_string(&mut text);
    Some(text)
}

/// Seconds since the page opened, from `performance.now()` (monotonic, sub-millisecond).
pub fn now() -> f64 {
    unsafe { gjk_lab_now() / 1000.0 }
}

/// The browser does not measure a page's CPU time.
pub fn cpu_time_ms() -> Option<f64> {
    None
}

/// The browser has no headless modes (screenshot, frame times, export), the only
/// callers: a page is never ended from inside.
pub fn exit(code: i32) -> ! {
    panic!("exit({code}) asked of a page");
}

/// A page has no working folder: paths are shown as they are.
pub fn working_dir() -> Option<PathBuf> {
    None
}

/// Every download can be written.
pub fn check_writable(_path: &Path) -> Result<(), PlatformError> {
    Ok(())
}

thread_local! {
    /// The learner's own files of this visit, by path (`opened/NAME`).
    static OPENED: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
}

/// A file's version, to notice changes: files in the browser never change behind the
/// app's back, so there is none.
pub type Stamp = std::time::SystemTime;

/// No file changes by itself in the browser.
pub fn modified(_path: &Path) -> Option<Stamp> {
    None
}

/// A file the learner opened or saved in this visit, else a built-in scene's text.
pub fn read_text(path: &Path) -> Result<String, PlatformError> {
    let name = super::normalized(path);
    if let Some(text) = OPENED.with(|o| o.borrow().get(&name).cloned()) {
        return Ok(text);
    }
    BUILT_IN
        .iter()
        .find(|(p, _)| *p == name)
        .and_then(|(_, packed)| built_in_text(packed))
        .ok_or(PlatformError::NotInBrowser)
}

/// "Writes" a file: the browser downloads it, and the app keeps it for this visit.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), PlatformError> {
    let name = path
        .file_name()
        .map_or_else(|| "scene.ron".into(), |n| n.to_string_lossy().into_owned());
    let name_js = JsObject::string(&name);
    let bytes_js = JsObject::buffer(bytes);
    unsafe { gjk_lab_download(name_js.weak(), bytes_js.weak()) };
    if let Ok(text) = std::str::from_utf8(bytes) {
        OPENED.with(|o| {
            o.borrow_mut()
                .insert(super::normalized(path), text.to_string())
        });
    }
    Ok(())
}

/// Whether a built-in or opened file exists.
pub fn is_file(path: &Path) -> bool {
    read_text(path).is_ok()
}

/// Whether built-in or opened files lie in this folder.
pub fn is_dir(path: &Path) -> bool {
    !scene_files(path).is_empty()
}

/// The built-in and opened scene files directly in a folder, sorted by name.
pub fn scene_files(dir: &Path) -> Vec<PathBuf> {
    let dir = super::normalized(dir);
    let in_dir = |p: &str| {
        p.rsplit_once('/')
            .map_or(dir.is_empty(), |(parent, _)| parent == dir)
    };
    let mut files: Vec<PathBuf> = BUILT_IN
        .iter()
        .map(|(p, _)| p.to_string())
        .chain(OPENED.with(|o| o.borrow().keys().cloned().collect::<Vec<_>>()))
        .filter(|p| in_dir(p))
        .map(PathBuf::from)
        .collect();
    files.sort();
    files.dedup();
    files
}

/// What was kept under `key` in `localStorage`.
pub fn storage_get(key: &str) -> Option<String> {
    let key = JsObject::string(&format!("gjk-lab.{key}"));
    text_of(unsafe { gjk_lab_storage_get(key.weak()) })
}

/// Keeps `value` under `key` in `localStorage`.
pub fn storage_set(key: &str, value: &str) -> Result<(), PlatformError> {
    let key_js = JsObject::string(&format!("gjk-lab.{key}"));
    let value_js = JsObject::string(value);
    match unsafe { gjk_lab_storage_set(key_js.weak(), value_js.weak()) } {
        1 => Ok(()),
        _ => Err(PlatformError::StorageRefused {
            key: key.to_string(),
        }),
    }
}

/// Logs an error the app also shows, to the browser console.
pub fn log_error(message: &str) {
    let message = JsObject::string(message);
    unsafe { gjk_lab_log_error(message.weak()) };
}

/// Sends panics to the browser console and shows them on the page (the program stops:
/// panics abort).
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = JsObject::string(&format!("gjk-lab stopped: {info}"));
        unsafe { gjk_lab_show_panic(message.weak()) };
    }));
}

/// Puts text on the clipboard (`navigator.clipboard`; the page reports no failure:
/// always `Ok`).
pub fn copy_text(text: &str) -> Result<(), PlatformError> {
    let text = JsObject::string(text);
    unsafe { gjk_lab_copy(text.weak()) };
    Ok(())
}

/// The browser gives the clipboard to pages only in a paste event: paste into the
/// link field instead.
pub fn paste_text() -> Option<String> {
    None
}

/// The page's address without its fragment.
pub fn page_address() -> Option<String> {
    text_of(unsafe { gjk_lab_page_address() })
}

/// The fragment of the page address when it is new (at start, and after the learner
/// pasted another link into the address bar).
pub fn take_link() -> Option<String> {
    text_of(unsafe { gjk_lab_take_link() })
}

/// Puts `#payload` in the page address (without reloading).
pub fn show_link(payload: &str) {
    let payload = JsObject::string(payload);
    unsafe { gjk_lab_show_link(payload.weak()) };
}

/// Counts a drawn frame (`window.gjkLabFrames`: the browser test checks that an
/// idle page draws none).
pub fn frame_drawn() {
    unsafe { gjk_lab_frame_drawn() };
}

/// Ends a frame: asks for the next one while busy (else miniquad's blocking event loop
/// sleeps until an input event, a resize or a chosen file).
pub fn pace(busy: bool) {
    if busy {
        macroquad::miniquad::window::schedule_update();
    }
}

/// The browser's event loop blocks by itself: nothing to wait for before a frame.
pub fn rest(_changed: &mut dyn FnMut() -> bool) -> bool {
    false
}

/// Whether the page's pointer is coarse (a finger): the CSS media query
/// `(pointer: coarse)`, or any touch the page has seen.
pub fn coarse_pointer() -> bool {
    unsafe { gjk_lab_coarse_pointer() != 0 }
}

/// None: the page counts the frames itself (`window.gjkLabFrames`).
pub fn frames_drawn() -> Option<u64> {
    None
}

/// The page always gets the status (tests read `window.gjkLabStatus`).
pub fn reports_status() -> bool {
    true
}

/// Hands the status JSON to the page (`window.gjkLabStatus`).
pub fn report_status(json: &str) {
    let json = JsObject::string(json);
    unsafe { gjk_lab_report_status(json.weak()) };
}

/// The browser has a file picker.
pub const HAS_FILE_PICKER: bool = true;

/// Whether the page has a code panel (write your own GJK in the page).
pub const HAS_CODE_PANEL: bool = true;

/// Opens the page's code panel (`web/code_panel.js`).
pub fn open_code_panel() {
    unsafe { gjk_lab_open_code_panel() };
}

/// Opens the browser's file picker.
pub fn pick_file() {
    unsafe { gjk_lab_pick_file() };
}

/// Files the learner chose in the picker since the last call: (name, contents).
pub fn take_picked_files() -> Vec<(String, Vec<u8>)> {
    let mut files = vec![];
    loop {
        let file = unsafe { gjk_lab_take_picked_file() };
        if file.is_nil() || file.is_undefined() {
            return files;
        }
        let name = text_of(file.field("name")).unwrap_or_default();
        let text = text_of(file.field("text")).unwrap_or_default();
        files.push((name, text.into_bytes()));
    }
}

/// Keeps a file the learner opened by content (picked or dropped): its path.
pub fn keep_opened_file(name: &str, bytes: Vec<u8>) -> PathBuf {
    let name = Path::new(name)
        .file_name()
        .map_or_else(|| "scene.ron".into(), |n| n.to_string_lossy().into_owned());
    let path = format!("{OPENED_DIR}/{name}");
    let text = String::from_utf8_lossy(&bytes).into_owned();
    OPENED.with(|o| o.borrow_mut().insert(path.clone(), text));
    PathBuf::from(path)
}

/// The browser keeps the last scene (with its view) for the next visit.
pub const KEEPS_LAST_SCENE: bool = true;

/// The page has its canvas.
pub fn can_open_window() -> Result<(), PlatformError> {
    Ok(())
}

/// The browser's language tag (`navigator.language`: "zh-CN", "en-GB").
pub fn preferred_language() -> Option<String> {
    text_of(unsafe { gjk_lab_language() })
}

/// The language the page address asks for (`?lang=zh`, as share links carry it).
pub fn link_language() -> Option<String> {
    text_of(unsafe { gjk_lab_link_language() })
}

/// Puts the language shown in the page address (`?lang=zh`), so that a reload or a
/// copied address opens in it.
pub fn show_language(code: &str) {
    let code = JsObject::string(code);
    unsafe { gjk_lab_show_language(code.weak()) }
}

thread_local! {
    /// The Chinese font's bytes, once the page has loaded them (kept for the run).
    static CHINESE_FONT: std::cell::Cell<Option<&'static [u8]>> = const { std::cell::Cell::new(None) };
}

/// The Chinese font, once the page has loaded it: the page fetches it only when
/// Chinese is chosen ([`request_chinese_font`]), so an English page never downloads it.
pub fn chinese_font() -> Option<&'static [u8]> {
    CHINESE_FONT.with(|f| f.get())
}

/// Asks the page to fetch the Chinese font (once; [`take_chinese_font`] receives it).
pub fn request_chinese_font() {
    unsafe { gjk_lab_request_font() }
}

/// Whether the Chinese font has just arrived (it is then [`chinese_font`]).
pub fn take_chinese_font() -> bool {
    let object = unsafe { gjk_lab_take_font() };
    if object.is_nil() || object.is_undefined() {
        return false;
    }
    let mut bytes = vec![];
    object.to_byte_buffer(&mut bytes);
    // Leaked once: egui's font definitions take 'static bytes, and the font is kept
    // for the rest of the run.
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    CHINESE_FONT.with(|f| f.set(Some(bytes)));
    true
}
