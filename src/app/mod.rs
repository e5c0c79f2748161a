//! The window (issue "The app"): macroquad drawing and input, egui panels.
//!
//! [`state::App`] holds what outlasts a mode and the mode shown, with the state only
//! it has ([`pair`], [`many`]); [`lessons`] and [`predict`] guide the learner over
//! them; [`views`] and [`panels`] show whichever mode is on; [`view`] turns the
//! [`visualizers`]' items into pixels; [`platform`] holds every difference between the
//! desktop and the browser. The code map and the layer rules: `docs/architecture.md`.
//!
//! Extra modes for tests: `--status FILE` writes the state as JSON whenever it
//! changes, `--screenshot OUT.png` renders one frame and exits, `--frames N` prints
//! the mean and worst frame time over N frames and exits.

#[cfg(test)]
mod big_shapes;
pub mod boxes;
pub mod compact;
#[cfg(test)]
mod consistency;
pub mod controls;
pub mod errors;
pub mod export;
pub mod files_panel;
#[cfg(test)]
mod font_coverage;
pub mod fonts;
pub mod glossary;
pub mod i18n;
pub mod idle;
pub mod input;
pub mod lab;
pub mod legend;
#[cfg(test)]
mod lesson_checks;
pub mod lessons;
pub mod many;
pub mod modes;
pub mod my_trace;
pub mod pair;
pub mod panels;
pub mod pick;
pub mod platform;
pub mod predict;
pub mod screen;
pub mod session;
pub mod share;
#[cfg(test)]
mod shown_text;
pub mod state;
pub mod status;
pub mod view;
pub mod views;
pub mod visualizers;
pub mod widgets;

use crate::app::i18n::tr;
use crate::args::SettingsError;
use errors::Shown;
use export::ExportError;
use gjk_lab_core::algorithms::variant::Variant;
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::link::LinkError;
use gjk_lab_core::scene::{Scene, SceneError};
use lessons::progress::NoSuchLesson;
use macroquad::miniquad;
use platform::PlatformError;
use std::io::Write;
use std::path::{Path, PathBuf};
use view::camera::Viewport;
pub use views::{place_cameras, DEFAULT_VIEWS};

/// Why the app cannot open what it was asked to: every check [`run`] makes before the
/// window opens. The message is the line `gjk-lab` prints after `error: `.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The scene (or the lesson's file) could not be read, parsed or validated.
    #[error(transparent)]
    Scene(#[from] SceneError),
    /// The link is broken.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// A lesson link names a path, not a lesson's file name.
    #[error("link: no lesson {0:?}")]
    LinkToAPath(String),
    /// A lesson link names no lesson.
    #[error("link: {0}")]
    LinkToNoLesson(NoSuchLesson),
    /// `--lesson` names no lesson.
    #[error(transparent)]
    NoSuchLesson(#[from] NoSuchLesson),
    /// `--screenshot` is not a `.png` file.
    #[error("{}: the screenshot must be a .png file", .0.display())]
    ScreenshotNotPng(PathBuf),
    /// `--variant` names no seed's version.
    #[error("unknown variant {name:?}: expected one of {}", known.join(", "))]
    UnknownVariant {
        /// The name given.
        name: String,
        /// The versions' names.
        known: Vec<&'static str>,
    },
    /// `--variant` is a version of another algorithm than `--algo`.
    #[error("variant {name:?} is a version of {of}, not of {algo}")]
    VariantOfAnotherAlgorithm {
        /// The version's name.
        name: String,
        /// Its algorithm's name.
        of: &'static str,
        /// The `--algo` given.
        algo: &'static str,
    },
    /// A setting is out of its range.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// `--page` is not a page of the lesson.
    #[error("{}: --page {page}: the lesson has pages 1 to {pages}", lesson.display())]
    NoSuchPage {
        /// The lesson's file.
        lesson: PathBuf,
        /// The page given.
        page: usize,
        /// The lesson's pages.
        pages: usize,
    },
    /// `--answer` on a page that asks nothing.
    #[error("{}: --answer: page {page} asks no question", lesson.display())]
    NoQuestion {
        /// The lesson's file.
        lesson: PathBuf,
        /// The page.
        page: usize,
    },
    /// `--export` in the many-shapes mode, which has no pair algorithm's steps.
    #[error(
        "{}: --export shows the steps of a pair algorithm; add --mode pair",
        .0.display()
    )]
    ExportNeedsPair(PathBuf),
    /// The export's plan is refused.
    #[error(transparent)]
    Export(#[from] ExportError),
    /// The platform cannot do it: write the screenshot, open a window.
    #[error(transparent)]
    Platform(#[from] PlatformError),
    /// `--my-trace`: the trace cannot be read.
    #[error(transparent)]
    Trace(#[from] my_trace::UnreadableTrace),
    /// The app refused, as its error notice says (a lesson page it cannot open, a
    /// trace it cannot read): the text is the notice the window would show, which the
    /// app's operations report as text.
    #[error("{0}")]
    Refused(String),
}

impl Shown for AppError {
    /// The window shows only a broken link's errors (the others stop `gjk-lab` before
    /// the window opens, on the command line, in English).
    fn shown(&self) -> String {
        match self {
            AppError::Scene(e) => e.shown(),
            AppError::Link(e) => e.shown(),
            AppError::LinkToAPath(name) => {
                tr!("notice-link-no-lesson", name = format!("{name:?}"))
            }
            AppError::LinkToNoLesson(e) => tr!("notice-link-error", error = e.shown()),
            AppError::NoSuchLesson(e) => e.shown(),
            e => e.to_string(),
        }
    }
}

/// The preset opened when no scene is given.
pub const DEFAULT_SCENE: &str = "scenes/overlapping-polygons.ron";

/// Frames drawn before a screenshot is taken (egui settles its layout in two).
const SCREENSHOT_FRAME: u64 = 4;
/// The longest time step a frame advances the motion by, in seconds (the frame after
/// an idle rest comes after the whole rest).
const MAX_TICK_S: f32 = 0.1;
/// Most presses of N that `--step` replays in the many-shapes mode.
const MAX_SWEEP_PRESSES: usize = 100_000;
/// The seed's version `--variant NAME` names, if it fits `--algo`.
fn seed_variant(name: &str, algo: Option<Algorithm>) -> Result<Variant, AppError> {
    let variant = Variant::from_name(name).ok_or_else(|| AppError::UnknownVariant {
        name: name.to_string(),
        known: Variant::ALL.iter().map(|v| v.name()).collect(),
    })?;
    match algo {
        Some(a) if a != variant.algorithm() => Err(AppError::VariantOfAnotherAlgorithm {
            name: name.to_string(),
            of: variant.algorithm().name(),
            algo: a.name(),
        }),
        _ => Ok(variant),
    }
}

/// Frames not counted by `--frames` (start-up, first layout).
const WARM_UP_FRAMES: usize = 10;

/// Options of the window.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct AppArgs {
    /// A share link to open (`gjk-lab open LINK`): a whole address, its `#…` fragment
    /// or the payload alone.
    #[arg(skip)]
    pub link: Option<String>,
    /// Scene file to open (default: the default preset).
    pub scene: Option<PathBuf>,
    /// Algorithm to show.
    #[arg(long, value_parser = crate::args::algorithm())]
    pub algo: Option<Algorithm>,
    /// Show one of the seeds' versions of the algorithm beside gjk-lab's
    /// (`gjk-lab trace --list-variants` lists them; it sets the algorithm).
    #[arg(long)]
    pub variant: Option<String>,
    /// Step to show (0 = before the first event); in the many-shapes mode, what pressing
    /// N that many times shows (past a frame's end, into the next frames; at most
    /// 100,000).
    #[arg(long)]
    pub step: Option<usize>,
    /// `pair`: two shapes and a narrow-phase algorithm; `many`: every shape drifting,
    /// with the broad phase (default: `many` for scenes of more than 40 shapes).
    #[arg(long, value_enum)]
    pub mode: Option<state::Mode>,
    /// In the many-shapes mode: let the shapes drift for this many seconds (simulated,
    /// at most 600) before the first frame, e.g. for a screenshot with pairs.
    #[arg(long)]
    pub advance: Option<f64>,
    /// Render that state with its panels to this PNG file and exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Write the app's state as JSON to this file whenever it changes.
    #[arg(long)]
    pub status: Option<PathBuf>,
    /// Draw N frames (after 10 warm-up frames), print the mean and worst frame time in
    /// milliseconds, and exit.
    #[arg(long)]
    pub frames: Option<usize>,
    /// With --frames: rotate shape A a little every frame, as a drag would, so that
    /// every frame re-runs the algorithm on the changed shapes. (In the many-shapes
    /// mode every shape moves anyway.)
    #[arg(long, requires = "frames")]
    pub animate: bool,
    /// Open a lesson: its file name in scenes/lessons ("02-gjk"), the part after its
    /// number ("gjk"), or a path.
    #[arg(long)]
    pub lesson: Option<String>,
    /// With --lesson: the page to open (1-based).
    #[arg(long, requires = "lesson")]
    pub page: Option<usize>,
    /// With --lesson: answer the page's checkpoint at once, rightly or wrongly (as a
    /// click on the right candidate or on another would), to show the verdict: for
    /// screenshots of a checkpoint after its answer.
    #[arg(long, requires = "lesson", value_parser = ["right", "wrong"])]
    pub answer: Option<String>,
    /// Render a range of steps (see --steps) to an animated GIF (`out.gif`) or to one
    /// PNG per step (`out-%d.png`, %d = the step), then exit.
    #[arg(long)]
    pub export: Option<PathBuf>,
    /// With --export: the steps, `A..B` inclusive (default: every step from 1).
    #[arg(long, requires = "export")]
    pub steps: Option<String>,
    /// With --export: frames (steps) per second of the GIF (default 1).
    #[arg(long, requires = "export")]
    pub fps: Option<f64>,
    /// The panel's tab to open: `explain` (default), `scenes` or `help` (e.g. for a
    /// screenshot of the Help tab).
    #[arg(long, value_parser = ["explain", "scenes", "help"])]
    pub tab: Option<String>,
    /// The window's language: `en` (English) or `zh` (简体中文, Simplified Chinese);
    /// remembered for the next runs (default: the last one chosen, else the system's).
    #[arg(long, value_parser = ["en", "zh"])]
    pub lang: Option<String>,
    /// Load your own implementation's trace (docs/trace-format.md) and check it on the
    /// pair shown, as the Scenes tab's "Load my trace" does.
    #[arg(long)]
    pub my_trace: Option<PathBuf>,
    /// The stepped run's tolerances, cap and precision (as the Advanced panel sets
    /// them).
    #[command(flatten)]
    pub settings: crate::args::SettingsArgs,
}

/// The default preset: `scenes/…` from the working folder, else from the source tree.
fn default_scene() -> PathBuf {
    let local = PathBuf::from(DEFAULT_SCENE);
    if platform::is_file(&local) {
        local
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(DEFAULT_SCENE)
    }
}

/// What the app opens with: the scene, its file (for a link, the preset it came from,
/// if any), whether it came from a link, the error of a broken link the page address
/// brought (shown in the app over the default scene), and a lesson's page a link
/// names (file, 1-based page).
struct Opening {
    scene: Scene,
    path: Option<PathBuf>,
    from_link: bool,
    broken_link: Option<AppError>,
    lesson_page: Option<(PathBuf, usize)>,
}

/// What a link opens, as an [`Opening`] (`broken_link` unset).
fn opening_of_link(link: &str) -> Result<Opening, AppError> {
    use gjk_lab_core::link::Shared;
    match gjk_lab_core::link::open(link)? {
        Shared::Scene { scene, file } => Ok(Opening {
            scene: *scene,
            path: file.map(PathBuf::from).filter(|f| platform::is_file(f)),
            from_link: true,
            broken_link: None,
            lesson_page: None,
        }),
        Shared::Lesson { name, page } => {
            if name.contains(['/', '\\']) {
                return Err(AppError::LinkToAPath(name));
            }
            let path = lessons::progress::find(&name).map_err(AppError::LinkToNoLesson)?;
            let scene = platform::load_scene(&path)?;
            Ok(Opening {
                scene,
                path: Some(path.clone()),
                from_link: true,
                broken_link: None,
                lesson_page: Some((path, page)),
            })
        }
    }
}

/// The scene the app opens (see [`Opening`]).
fn opening_scene(args: &AppArgs, lesson: Option<&Path>) -> Result<Opening, AppError> {
    if let Some(link) = &args.link {
        // Like a broken scene file on the command line: an error before any window.
        return opening_of_link(link);
    }
    let mut broken_link = None;
    if lesson.is_none() && args.scene.is_none() {
        if let Some(link) = platform::take_link() {
            match opening_of_link(&link) {
                Ok(opening) => return Ok(opening),
                Err(e) => broken_link = Some(e),
            }
        } else if let Some(scene) = session::last_scene() {
            return Ok(Opening {
                scene,
                path: None,
                from_link: true,
                broken_link: None,
                lesson_page: None,
            });
        }
    }
    let path = lesson
        .map(Path::to_path_buf)
        .or_else(|| args.scene.clone())
        .unwrap_or_else(default_scene);
    let scene = platform::load_scene(&path)?;
    Ok(Opening {
        scene,
        path: Some(path),
        from_link: false,
        broken_link,
        lesson_page: None,
    })
}

/// Whether the window offers the lessons on this start: a first start (no lesson
/// opened in any run yet, the offer never dismissed) of the interactive window — not
/// a picture or a measurement (`--screenshot`, `--export`, `--frames`), nor a start
/// in a lesson.
fn offers_lessons(args: &AppArgs) -> bool {
    let rendering = args.screenshot.is_some() || args.export.is_some() || args.frames.is_some();
    !rendering && args.lesson.is_none() && lessons::progress::load_progress().first_start()
}

/// The language the window starts in: `--lang` (on the web, the address's
/// `?lang=`), else the one chosen in an earlier run, else the system's (the browser's
/// language on the web), else English.
fn start_language(flag: Option<&str>) -> i18n::Lang {
    let stored = platform::storage_get(i18n::STORAGE_KEY);
    [
        flag.map(str::to_string),
        platform::link_language(),
        stored,
        platform::preferred_language(),
    ]
    .into_iter()
    .flatten()
    .find_map(|tag| i18n::Lang::from_tag(&tag))
    .unwrap_or_default()
}

/// Opens the window (returns an error before opening it if the scene cannot be read).
pub fn run(args: AppArgs) -> Result<(), AppError> {
    let lesson = args
        .lesson
        .as_deref()
        .map(lessons::progress::find)
        .transpose()?;
    let Opening {
        scene,
        path,
        from_link,
        broken_link,
        lesson_page,
    } = opening_scene(&args, lesson.as_deref())?;
    let shown = path
        .clone()
        .unwrap_or_else(|| PathBuf::from(gjk_lab_core::link::LINK_NAME));
    if let Some(out) = &args.screenshot {
        // Fail now, with a message, rather than after opening the window (the PNG
        // encoder picks the format from the extension, and panics on any other).
        let png = out.extension().and_then(|e| e.to_str());
        if !png.is_some_and(|e| e.eq_ignore_ascii_case("png")) {
            return Err(AppError::ScreenshotNotPng(out.clone()));
        }
        platform::check_writable(out)?;
    }
    let mut app = state::App::new(scene, path, args.algo, args.step);
    // The steps are narrated again in this language (or once its font has arrived).
    app.show_lang(start_language(args.lang.as_deref()));
    if from_link {
        // A link's scene saves to a new file, never over the preset it came from.
        app.lab.file.save_path = "scene.ron".into();
    }
    if let Some(e) = broken_link {
        app.lab.fail(e.shown());
    }
    if let Some((path, page)) = &lesson_page {
        if !app.open_lesson(path, page.saturating_sub(1)) {
            return Err(refusal(&app));
        }
    }
    if let Some(name) = &args.variant {
        let variant = seed_variant(name, args.algo)?;
        app.set_variant(Some(variant));
        if let Some(step) = args.step {
            app.go_to(step);
        }
    }
    let settings = args.settings.settings()?;
    if !settings.is_default() {
        app.set_settings(settings);
        if let Some(step) = args.step {
            app.go_to(step);
        }
    }
    app.lab.welcome = offers_lessons(&args);
    if let Some(mode) = args.mode {
        app.set_mode(mode);
    }
    if let Some(seconds) = args.advance {
        app.advance(seconds);
    }
    if let Some(trace) = &args.my_trace {
        // A file that cannot be read stops the start with one line, before a window.
        app.show_my_trace(my_trace::MyTrace::load(trace)?);
    }
    if let Some(lesson) = &lesson {
        let page = args.page.unwrap_or(1);
        let pages = app.lab.scene.lesson.as_ref().map_or(0, |l| l.pages.len());
        if pages > 0 && (page == 0 || page > pages) {
            return Err(AppError::NoSuchPage {
                lesson: lesson.clone(),
                page,
                pages,
            });
        }
        if !app.open_lesson(lesson, page - 1) {
            return Err(refusal(&app));
        }
        if let Some(answer) = &args.answer {
            // The candidates' screen positions as the first frame will lay them out.
            place_cameras(&mut app, DEFAULT_VIEWS);
            if !app.answer_as(answer == "right") {
                return Err(AppError::NoQuestion {
                    lesson: lesson.clone(),
                    page,
                });
            }
        }
    }
    if let Some(out) = &args.export {
        if app.mode() == state::Mode::Many {
            return Err(AppError::ExportNeedsPair(shown));
        }
        let plan = export::Plan::new(out, args.steps.as_deref(), args.fps, app.step_count())?;
        app.lab.export_request = Some(plan);
    }
    if let (state::Mode::Many, Some(k)) = (app.mode(), args.step) {
        app.press_next(k.min(MAX_SWEEP_PRESSES));
    }
    platform::can_open_window()?;
    let conf = macroquad::conf::Conf {
        miniquad_conf: miniquad::conf::Conf {
            window_title: "gjk-lab".to_string(),
            window_width: 1280,
            window_height: 800,
            // The browser draws at the device's pixel ratio (sharp on a phone); the
            // desktop keeps one pixel a point (X11 reports no scale).
            high_dpi: cfg!(target_arch = "wasm32"),
            platform: miniquad::conf::Platform {
                // The browser draws a frame only when asked (src/app/idle.rs).
                blocking_event_loop: cfg!(target_arch = "wasm32"),
                ..Default::default()
            },
            sample_count: 1,
            window_resizable: true,
            ..Default::default()
        },
        // With the blocking loop (the browser), every kind of input wakes the app.
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            mouse_wheel: true,
            specific_key: None,
            touch: true,
        }),
        draw_call_vertex_capacity: 65_536,
        draw_call_index_capacity: 196_608,
        ..Default::default()
    };
    macroquad::Window::from_config(conf, main_loop(app, args));
    Ok(())
}

/// The error the app showed when it refused (its error notice), as an [`AppError`].
fn refusal(app: &state::App) -> AppError {
    AppError::Refused(app.lab.messages.error.clone().unwrap_or_default())
}

/// Mean and worst frame time for `--frames`.
struct FrameTimer {
    wanted: usize,
    times: Vec<f64>,
    last: Option<f64>,
    cpu_start: Option<f64>,
}

impl FrameTimer {
    fn new(wanted: usize) -> Self {
        FrameTimer {
            wanted,
            times: vec![],
            last: None,
            cpu_start: None,
        }
    }

    /// Records the end of a frame; returns true once `wanted` frames are measured.
    fn tick(&mut self) -> bool {
        let now = platform::now();
        if let Some(last) = self.last {
            self.times.push((now - last) * 1e3);
        }
        self.last = Some(now);
        if self.times.len() == WARM_UP_FRAMES {
            self.cpu_start = platform::cpu_time_ms();
        }
        self.times.len() >= self.wanted + WARM_UP_FRAMES
    }

    /// "frames: N, mean: X ms, worst: Y ms, cpu: Z ms/frame, p95: …, p99: …, over 16 ms: K".
    fn report(&self) -> String {
        let measured = &self.times[WARM_UP_FRAMES.min(self.times.len())..];
        let n = measured.len().max(1) as f64;
        let mean = measured.iter().sum::<f64>() / n;
        let worst = measured.iter().copied().fold(0.0, f64::max);
        let mut sorted = measured.to_vec();
        sorted.sort_by(f64::total_cmp);
        let percentile = |p: f64| {
            let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
            sorted.get(i).copied().unwrap_or(0.0)
        };
        let over = measured.iter().filter(|&&t| t > 16.0).count();
        let spread = format!(
            ", p95: {:.2} ms, p99: {:.2} ms, over 16 ms: {over}",
            percentile(0.95),
            percentile(0.99)
        );
        let cpu = match (self.cpu_start, platform::cpu_time_ms()) {
            (Some(start), Some(end)) => format!(", cpu: {:.2} ms/frame", (end - start) / n),
            _ => String::new(),
        };
        format!(
            "frames: {}, mean: {mean:.2} ms, worst: {worst:.2} ms{cpu}{spread}",
            measured.len()
        )
    }
}

/// Writes the screen to a PNG (opaque) and reports failure.
/// An export under way: the recorder and the step the app showed before it.
struct Exporting {
    recorder: export::Recorder,
    /// The step to go back to afterwards (in the window).
    previous: usize,
    /// Frames drawn of the current step (egui settles its layout in two).
    settled: u32,
    /// The first error, which ends the export.
    error: Option<ExportError>,
}

impl Exporting {
    fn new(plan: export::Plan, app: &state::App) -> Self {
        Exporting {
            recorder: export::Recorder::new(plan),
            previous: app.step(),
            settled: 0,
            error: None,
        }
    }

    /// Shows the step the next frame must capture.
    fn show_next_step(&mut self, app: &mut state::App) {
        if let Some(k) = self.recorder.next_step() {
            if app.step() != k {
                app.go_to(k);
                self.settled = 0;
            }
        }
    }

    /// Captures the drawn frame once it has settled; `Some(result)` when the export
    /// is over.
    fn capture(&mut self, app: &state::App) -> Option<Result<(), ExportError>> {
        self.settled += 1;
        let step = self.recorder.next_step();
        if let (Some(k), true) = (step, self.settled >= 2 && self.error.is_none()) {
            if app.step() == k {
                let image = macroquad::texture::get_screen_data();
                let frame = export::Frame::from_screen(image.width, image.height, &image.bytes);
                if let Err(e) = self.recorder.capture(k, frame) {
                    self.error = Some(e);
                }
                self.settled = 0;
            }
        }
        match (self.error.take(), self.recorder.next_step()) {
            (Some(e), _) => Some(Err(e)),
            (None, None) => Some(Ok(())),
            (None, Some(_)) => None,
        }
    }

    /// Writes what is left; headless, exits with 0 (or 2 and the error); in the
    /// window, goes back to the step it showed and says what was written.
    fn finish(self, app: &mut state::App, captured: Result<(), ExportError>, headless: bool) {
        let written = captured.and_then(|()| self.recorder.finish());
        if headless {
            match written {
                Ok(what) => {
                    // A reader that has gone (a closed pipe) is no reason to panic.
                    let _ = writeln!(std::io::stdout(), "exported {what}");
                    platform::exit(0);
                }
                Err(e) => {
                    eprintln!("error: {}", e.to_string().replace('\n', " "));
                    platform::exit(2);
                }
            }
        }
        app.go_to(self.previous);
        match written {
            Ok(what) => app.lab.messages.notice = Some(tr!("notice-exported", what = what)),
            Err(e) => app.lab.messages.error = Some(e.shown()),
        }
    }
}

fn screenshot(out: &Path) -> Result<(), ExportError> {
    let image = macroquad::texture::get_screen_data();
    let frame = export::Frame::from_screen(image.width, image.height, &image.bytes);
    export::write_png(out, &frame)
}

async fn main_loop(mut app: state::App, args: AppArgs) {
    // Here, not in run(): miniquad sets its own panic hook when the window opens.
    platform::install_panic_hook();
    egui_macroquad::cfg(panels::setup);
    // The views' labels in Chinese (the desktop has the font from the start).
    if let Some(bytes) = platform::chinese_font() {
        view::canvas::use_chinese_font(bytes);
    }
    let mut painter = view::draw::Painter::new();
    let mut mouse = input::Input::default();
    let mut panels = panels::Panels::default();
    panels.tab = match args.tab.as_deref() {
        Some("scenes") => panels::Tab::Scenes,
        Some("help") => panels::Tab::Help,
        _ => panels::Tab::Explain,
    };
    let mut last_status = String::new();
    let mut timer = args.frames.map(FrameTimer::new);
    let mut exporting: Option<Exporting> = None;
    let mut frame: u64 = 0;
    let mut session = session::Session::default();
    let mut window_size = None;
    let mut idle = idle::Idle::new(platform::now());
    let mut font_arrived = None;
    loop {
        // After an idle frame, wait until something happens (the browser's loop
        // waits by itself).
        idle.rest(&mut || app.files_changed_on_disk());
        // The shape of the screen, from the window's size; a new size (a resized
        // window, a phone turned) fits both views again, as F does.
        let size = (
            macroquad::window::screen_width(),
            macroquad::window::screen_height(),
        );
        app.lab.screen = screen::Screen {
            shape: screen::ScreenShape::of(size.0, size.1),
            touch: platform::coarse_pointer() || mouse.touched(),
        };
        let resized = window_size.is_some_and(|s| s != size);
        if resized {
            app.fit_views();
        }
        window_size = Some(size);
        if exporting.is_none() {
            exporting = app
                .lab
                .export_request
                .take()
                .map(|plan| Exporting::new(plan, &app));
        }
        if let Some(e) = exporting.as_mut() {
            e.show_next_step(&mut app);
        }
        let time = macroquad::time::get_time();
        let mut area = Viewport::new(
            0.0,
            0.0,
            macroquad::window::screen_width(),
            macroquad::window::screen_height(),
        );
        let mut arrived = false;
        let mut over_panels = false;
        let mut egui_busy = false;
        egui_macroquad::ui(|ctx| {
            // The Chinese font has arrived (the browser): egui takes it now, and the
            // language that waited for it is shown from the next frame, when egui has
            // its glyphs.
            if let Some(lang) = font_arrived.take() {
                app.show_lang(lang);
            }
            if platform::take_chinese_font() {
                ctx.set_fonts(fonts::definitions(platform::chinese_font()));
                if let Some(bytes) = platform::chinese_font() {
                    view::canvas::use_chinese_font(bytes);
                }
                font_arrived = i18n::pending();
            }
            // egui-miniquad tells egui the device's pixel ratio only when it changes,
            // not at start: without this, a DPR-3 phone lays the panels out on three
            // times its width in points.
            let dpi = macroquad::window::screen_dpi_scale();
            if (ctx.pixels_per_point() - dpi).abs() > 1e-3 {
                ctx.set_pixels_per_point(dpi);
            }
            panels.show(ctx, &mut app, time);
            let r = ctx.available_rect();
            area = Viewport::new(r.min.x, r.min.y, r.width(), r.height());
            over_panels = ctx.is_pointer_over_area() || ctx.is_using_pointer();
            egui_busy = ctx.has_requested_repaint();
            if !panels.typing {
                // A clicked button keeps the focus, and Space would click it again.
                ctx.memory_mut(|m| {
                    if let Some(id) = m.focused() {
                        m.surrender_focus(id);
                    }
                });
            }
        });
        place_cameras(&mut app, area);
        if args.screenshot.is_none() && exporting.is_none() {
            arrived = session.receive(&mut app);
            mouse.mouse(&mut app, area, over_panels);
            if !panels.typing {
                input::keys(&mut app);
            }
            // A frame after a rest follows a long wait: the motion resumes, not jumps.
            app.tick(macroquad::time::get_frame_time().min(MAX_TICK_S));
            if frame % 15 == 0 || idle.woke() {
                app.reload_if_changed();
                app.reread_my_trace_if_changed();
            }
        }
        app.refresh_my_trace();
        macroquad::window::clear_background(view::draw::palette::BACKGROUND);
        views::draw(&app, &mut painter, area, mouse.hover);
        egui_macroquad::draw();
        if let Some(path) = &args.status {
            status::write(&app, path, &mut last_status);
        }
        session.report(&app);
        if let Some(e) = exporting.as_mut() {
            if frame >= SCREENSHOT_FRAME {
                if let Some(done) = e.capture(&app) {
                    let headless = args.export.is_some();
                    if let Some(e) = exporting.take() {
                        e.finish(&mut app, done, headless);
                    }
                }
            }
        }
        if let Some(out) = &args.screenshot {
            if frame >= SCREENSHOT_FRAME {
                let code = match screenshot(out) {
                    Ok(()) => 0,
                    Err(e) => {
                        eprintln!("error: {e}");
                        2
                    }
                };
                platform::exit(code);
            }
        }
        if let Some(t) = timer.as_mut() {
            if args.animate {
                app.rotate_shape(app.lab.a, 0.5_f64.to_radians());
            }
            if t.tick() {
                let _ = writeln!(std::io::stdout(), "{}", t.report());
                platform::exit(0);
            }
        }
        frame += 1;
        // Headless modes and exports draw every frame; the window rests when idle.
        let rendering = args.screenshot.is_some() || timer.is_some() || exporting.is_some();
        let moving = rendering || egui_busy || resized || arrived || idle::moves(&app);
        let busy = idle.busy(platform::now(), moving) || frame < SCREENSHOT_FRAME;
        idle.pace(busy);
        macroquad::window::next_frame().await;
    }
}
