//! Every string the window can show, each with the font that draws it, for the tests
//! of what the learner reads ([`super::font_coverage`]).
//!
//! The window draws text two ways: the egui panels (egui's default fonts, one list of
//! fonts per family: proportional for most text, monospace for the pseudo-code) and
//! the views' labels (macroquad's `draw_text` with its built-in font). The strings are
//! gathered as the app shows them, without a window:
//!
//! - the panels of egui are run headless, and every piece of text they lay out is
//!   read back with its font family: on every preset with every algorithm (both ways
//!   round), on every lesson page before and after its question is answered (rightly
//!   and wrongly), in the many-shapes mode, and in every tab;
//! - every step's title, narration and legend, on every preset with every algorithm;
//! - the labels both views draw at every one of those steps and pages;
//! - what only a menu or a hover shows: the algorithms', modes' and layouts' names,
//!   every pseudo-code line, every question, the glossary, and the text of every
//!   tooltip, read from the app's sources (a tooltip shows only under the pointer).

use super::consistency::{pair_app, AREA};
use super::lessons::progress::{lesson_files, root};
use super::panels::{self, Panels, Tab};
use super::state::{scene_files, App, Mode};
use super::view::canvas::{Canvas, Hover, Layout};
use super::view::draw::Painter;
use super::views::{draw_minkowski_view, draw_world_view};
use egui_macroquad::egui::{self, epaint, FontFamily};
use gjk_lab_core::algorithms::Algorithm;
use gjk_lab_core::lesson::Checkpoint;
use gjk_lab_core::scene::Scene;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The font a string is drawn with.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Font {
    /// An egui panel, in this family of egui's default fonts.
    Egui(FontFamily),
    /// A view's label: macroquad's built-in font.
    Canvas,
    /// A view's label with a character beyond Latin-1: the Chinese font.
    CanvasChinese,
}

/// Every string shown, each once per font, with the first place it was seen
/// ("scenes/box-box.ron, Box vs box (four axes), step 1, narration").
#[derive(Default)]
pub(super) struct Shown {
    /// (font, text) → where.
    pub(super) strings: BTreeMap<(Font, String), String>,
}

impl Shown {
    /// Records a string shown at `place` in `font`.
    fn add(&mut self, font: Font, text: &str, place: impl FnOnce() -> String) {
        if text.trim().is_empty() {
            return;
        }
        self.strings
            .entry((font, text.to_string()))
            .or_insert_with(place);
    }

    /// Records a panel string (egui's proportional family).
    fn panel(&mut self, text: &str, place: impl FnOnce() -> String) {
        self.add(Font::Egui(FontFamily::Proportional), text, place);
    }
}

/// Every string the window can show, gathered as described in the module docs.
pub(super) fn everything() -> Shown {
    std::env::set_var(
        "GJK_LAB_DATA_DIR",
        std::env::temp_dir().join("gjk-lab-shown-text-tests"),
    );
    let mut shown = Shown::default();
    let mut ui = HeadlessUi::new();
    fixed_strings(&mut shown);
    tooltips(&mut shown);
    messages(&mut shown);
    for path in presets() {
        preset_strings(&mut shown, &mut ui, &path);
    }
    many_strings(&mut shown, &mut ui);
    for path in lesson_files(&root()) {
        lesson_strings(&mut shown, &mut ui, &path);
    }
    shown
}

/// The presets, without the 2,000-shape scene (its pairs are drawn as any other's).
fn presets() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let presets: Vec<PathBuf> = scene_files(&dir)
        .into_iter()
        .filter(|p| !p.to_string_lossy().contains("many-shapes-2000"))
        .collect();
    assert!(presets.len() >= 15, "{} presets", presets.len());
    presets
}

/// A file's name, for the places.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or("?".into(), |f| f.to_string_lossy().into_owned())
}

/// What only a menu, a hover or a later step shows: the names of the algorithms,
/// modes and layouts, every pseudo-code line, every question, the glossary.
fn fixed_strings(shown: &mut Shown) {
    for algorithm in Algorithm::ALL {
        shown.panel(algorithm.title(), || "the algorithm menu".into());
        for (k, line) in algorithm.pseudo_code().iter().enumerate() {
            shown.add(Font::Egui(FontFamily::Monospace), line, || {
                format!("{}'s pseudo-code, line {k}", algorithm.title())
            });
        }
    }
    // The pseudo-code in Chinese, as the window shows it (and sweep and prune's).
    let before = super::i18n::lang();
    super::i18n::set_lang(super::i18n::Lang::Zh);
    let mut codes: Vec<_> = Algorithm::ALL
        .into_iter()
        .map(|a| (a.title(), a.pseudo_code()))
        .collect();
    codes.push((
        "sweep and prune",
        gjk_lab_core::algorithms::sap::PSEUDO_CODE,
    ));
    for (title, lines) in codes {
        let name = super::widgets::code_name(title, lines);
        for k in 0..lines.len() {
            let line = super::widgets::pseudo_line(name, lines, k);
            shown.add(Font::Egui(FontFamily::Monospace), &line, || {
                format!("{title}'s pseudo-code in Chinese, line {k}")
            });
        }
    }
    super::i18n::set_lang(before);
    shown.panel("gjk-lab's version", || "the version menu".into());
    for &v in gjk_lab_core::algorithms::variant::Variant::ALL {
        let label = format!("{}, the seed's: {}", v.algorithm().title(), v.title());
        shown.panel(&label, || "the version menu".into());
        shown.panel(&format!("the seed's: {}", v.title()), || {
            "the version menu".into()
        });
    }
    for (_, name) in Mode::ALL {
        shown.panel(name, || "the mode menu".into());
    }
    for (_, name) in Layout::ALL {
        shown.panel(name, || "the layout menu".into());
    }
    for kind in Checkpoint::ALL {
        shown.panel(kind.question(), || format!("the {} question", kind.name()));
    }
    for &(_, name, text) in super::glossary::GLOSSARY {
        shown.panel(name, || "the glossary".into());
        shown.panel(text, || format!("the glossary's {name:?}"));
    }
}

/// The `.rs` files under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = vec![];
    for entry in std::fs::read_dir(dir).expect("src/app").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The string literal `s` starts with (after white space and a `format!(`), its
/// escapes resolved (a `\` at a line's end drops the line break and the indent).
fn string_literal(s: &str) -> Option<String> {
    let s = s.trim_start();
    let s = s.strip_prefix("format!(").unwrap_or(s).trim_start();
    let mut chars = s.strip_prefix('"')?.chars();
    let mut text = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(text),
            '\\' => match chars.next()? {
                '\n' => {
                    let rest = chars.as_str().trim_start();
                    chars = rest.chars();
                }
                'n' => text.push('\n'),
                other => text.push(other),
            },
            c => text.push(c),
        }
    }
    None
}

/// The literal text of every tooltip (`.on_hover_text("…")`) in the app's sources
/// (but this file's, which names the call).
fn tooltips(shown: &mut Shown) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("app");
    let call = ".on_hover_text(";
    let sources = rust_files(&dir)
        .into_iter()
        .filter(|f| !f.ends_with("shown_text.rs"));
    for file in sources {
        let source = std::fs::read_to_string(&file).expect("a source file");
        for (k, _) in source.match_indices(call) {
            if let Some(text) = string_literal(&source[k + call.len()..]) {
                let line = source[..k].lines().count();
                shown.panel(&text, || format!("{}:{line}, a tooltip", file_name(&file)));
            }
        }
    }
}

/// Every message of the window's texts (`locales/`), in both languages, with its
/// values' places as Fluent shows a missing value (`{$w}`): a tooltip or a menu entry
/// shows only under the pointer, and the Chinese ones only in Chinese.
fn messages(shown: &mut Shown) {
    use super::i18n::{message_ids, text_in, Lang};
    for id in message_ids() {
        for lang in Lang::ALL {
            let text = text_in(lang, &id, None);
            shown.panel(&text, || format!("locales/{}, {id}", lang.code()));
            // The trace checker's report is drawn monospace ("Load my trace", the
            // Explain tab).
            if id.starts_with("check-") || id == "trace-not-checked" {
                shown.add(Font::Egui(FontFamily::Monospace), &text, || {
                    format!("locales/{}, {id} (the trace report)", lang.code())
                });
            }
        }
    }
}

/// The labels both views draw now, as the window would draw them.
fn view_labels(shown: &mut Shown, app: &App, place: &dyn Fn() -> String) {
    for text in canvas_labels(app) {
        let font = if super::view::canvas::needs_chinese_font(&text) {
            Font::CanvasChinese
        } else {
            Font::Canvas
        };
        shown.add(font, &text, || format!("{}, a view's label", place()));
    }
}

/// The texts of the labels both views draw now (the world view and the A − B view,
/// or the many-shapes view), as the window would draw them.
pub(super) fn canvas_labels(app: &App) -> Vec<String> {
    let mut painter = Painter::new();
    let mut texts = vec![];
    if app.mode() == Mode::Many {
        let mut canvas = Canvas::new(&mut painter, app.lab.world_camera);
        let many = app.many().expect("the many-shapes mode");
        super::many::view::draw_view(&app.lab, many, &mut canvas, Hover::default());
        texts.extend(canvas.labels.into_iter().map(|l| l.text));
    } else {
        let mut world = Canvas::new(&mut painter, app.lab.world_camera);
        draw_world_view(app, app.mode.pair_mode(), &mut world, Hover::default());
        texts.extend(world.labels.into_iter().map(|l| l.text));
        let mut minkowski = Canvas::new(&mut painter, app.mode.pair_mode().minkowski_camera);
        draw_minkowski_view(app, app.mode.pair_mode(), &mut minkowski);
        texts.extend(minkowski.labels.into_iter().map(|l| l.text));
    }
    texts
}

/// The current step's title, narration and legend, and the views' labels.
fn step_strings(shown: &mut Shown, app: &App, place: &dyn Fn() -> String) {
    if let Some(step) = app.current() {
        shown.panel(&step.title, || format!("{}, title", place()));
        shown.panel(&step.narration, || format!("{}, narration", place()));
    }
    for entry in super::legend::entries(app) {
        // As the legend shows it: in the language shown.
        let text = super::glossary::shown(entry.text);
        shown.panel(&text, || format!("{}, legend", place()));
    }
    view_labels(shown, app, place);
}

/// Every step of every algorithm on a preset, both ways round, and the panels at its
/// last step.
fn preset_strings(shown: &mut Shown, ui: &mut HeadlessUi, path: &Path) {
    let scene = Scene::load(path).unwrap_or_else(|e| panic!("{e}"));
    let name = file_name(path);
    for swapped in [false, true] {
        for algorithm in Algorithm::ALL {
            let mut app = pair_app(&scene, path, algorithm);
            if swapped {
                std::mem::swap(&mut app.lab.a, &mut app.lab.b);
                app.rerun();
            }
            super::place_cameras(&mut app, AREA);
            let way = if swapped { " (A and B swapped)" } else { "" };
            for k in 0..=app.step_count() {
                app.go_to(k);
                let place = || format!("{name}, {}, step {k}{way}", algorithm.title());
                step_strings(shown, &app, &place);
            }
            let place = format!("{name}, {}{way}, the panels", algorithm.title());
            ui.show(shown, &mut app, Tab::Explain, &place);
            if !swapped {
                predict_strings(
                    shown,
                    ui,
                    &mut app,
                    &format!("{name}, {}", algorithm.title()),
                );
            }
        }
        // In Chinese: every step's texts and the panels, once each way round is
        // enough (the Chinese differs in words, not in which steps there are).
        if !swapped {
            chinese_preset_strings(shown, ui, &scene, path);
        }
        // The seeds' versions on their own presets: every step and the panels.
        for &variant in gjk_lab_core::algorithms::variant::Variant::ALL {
            if !path.ends_with(variant.preset()) {
                continue;
            }
            let mut app = App::new(scene.clone(), Some(path.to_path_buf()), None, Some(0));
            app.set_variant(Some(variant));
            if swapped {
                std::mem::swap(&mut app.lab.a, &mut app.lab.b);
                app.rerun();
            }
            super::place_cameras(&mut app, AREA);
            let way = if swapped { " (A and B swapped)" } else { "" };
            for k in 0..=app.step_count() {
                app.go_to(k);
                let place = || format!("{name}, {}, step {k}{way}", variant.name());
                step_strings(shown, &app, &place);
                let place = format!("{name}, {}, step {k}{way}, the panels", variant.name());
                ui.show(shown, &mut app, Tab::Explain, &place);
            }
        }
    }
    // The tabs that do not follow the step, once per preset (the Scenes tab shows the
    // scene's title and description).
    let mut app = App::new(scene, Some(path.to_path_buf()), None, None);
    for tab in [Tab::Scenes, Tab::Help] {
        ui.show(shown, &mut app, tab, &format!("{name}, the {tab:?} tab"));
    }
    // The Predict toggle's question box.
    app.lab.predict.on = true;
    ui.show(
        shown,
        &mut app,
        Tab::Explain,
        &format!("{name}, Predict on"),
    );
}

/// The Predict toggle over a run from its start: every question it asks, with its
/// hint, answered right and wrong by turns, in the panels and the views.
fn predict_strings(shown: &mut Shown, ui: &mut HeadlessUi, app: &mut App, name: &str) {
    app.lab.predict.on = true;
    app.go_to(0);
    let mut right = true;
    // Each press of N either asks or steps: at most two presses a step.
    for _ in 0..2 * app.step_count() + 2 {
        app.next();
        if app.lab.predict.question.is_none() {
            continue;
        }
        let place = format!("{name}, Predict before step {}", app.step() + 1);
        app.show_hint();
        view_labels(shown, app, &|| place.clone());
        ui.show(shown, app, Tab::Explain, &place);
        app.answer_as(right);
        let place = format!(
            "{place}, answered {}",
            if right { "right" } else { "wrong" }
        );
        view_labels(shown, app, &|| place.clone());
        ui.show(shown, app, Tab::Explain, &place);
        right = !right;
    }
    app.lab.predict.on = false;
}

/// The many-shapes mode: the drifting crowd, then the sweep stepped end point by end
/// point.
fn many_strings(shown: &mut Shown, ui: &mut HeadlessUi) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/many-shapes-200.ron");
    let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::new(scene, Some(path.clone()), None, None);
    app.set_mode(Mode::Many);
    super::place_cameras(&mut app, AREA);
    ui.show(shown, &mut app, Tab::Explain, "many shapes, drifting");
    for press in 1..=60 {
        app.press_next(1);
        let place = || format!("many-shapes-200.ron, sweep press {press}");
        view_labels(shown, &app, &place);
        if press % 20 == 1 {
            ui.show(shown, &mut app, Tab::Explain, &place());
        }
    }
}

/// A moment of a lesson page's question.
#[derive(Clone, Copy, Debug)]
enum Moment {
    /// Asked (or no question).
    Asked,
    /// Its hint shown.
    Hinted,
    /// Answered right.
    Right,
    /// Answered wrong.
    Wrong,
}

/// A preset's texts in Chinese: every algorithm's steps and its panels (the scene's
/// Chinese title and description among them).
fn chinese_preset_strings(shown: &mut Shown, ui: &mut HeadlessUi, scene: &Scene, path: &Path) {
    use super::i18n::{set_lang, Lang};
    let name = file_name(path);
    set_lang(Lang::Zh);
    for algorithm in Algorithm::ALL {
        let mut app = pair_app(scene, path, algorithm);
        super::place_cameras(&mut app, AREA);
        for k in 0..=app.step_count() {
            app.go_to(k);
            let place = || format!("{name}, {}, step {k}, in Chinese", algorithm.title());
            step_strings(shown, &app, &place);
        }
        let place = format!("{name}, {}, the panels in Chinese", algorithm.title());
        ui.show(shown, &mut app, Tab::Explain, &place);
        let place = format!("{name}, {}, in Chinese", algorithm.title());
        predict_strings(shown, ui, &mut app, &place);
    }
    set_lang(Lang::En);
}

/// A lesson's pages in Chinese, as the window shows them (the page's text, title,
/// question, summary; its hint, and the reply to a right and a wrong answer).
fn chinese_lesson_strings(shown: &mut Shown, ui: &mut HeadlessUi, scene: &Scene, path: &Path) {
    use super::i18n::{set_lang, Lang};
    set_lang(Lang::Zh);
    lesson_moments(shown, ui, scene, path, ", in Chinese");
    set_lang(Lang::En);
}

/// Every page of a lesson: its text, question and panels, before the question is
/// answered, with its hint, and after a right and a wrong answer (and in Chinese).
fn lesson_strings(shown: &mut Shown, ui: &mut HeadlessUi, path: &Path) {
    let scene = Scene::load(path).unwrap_or_else(|e| panic!("{e}"));
    lesson_moments(shown, ui, &scene, path, "");
    chinese_lesson_strings(shown, ui, &scene, path);
}

/// Every page of a lesson before its question is answered, with its hint, and after
/// a right and a wrong answer, in the language set (`lang` names it in the places).
fn lesson_moments(shown: &mut Shown, ui: &mut HeadlessUi, scene: &Scene, path: &Path, lang: &str) {
    let pages = scene.lesson.as_ref().map_or(0, |l| l.pages.len());
    let name = file_name(path);
    for page in 0..pages {
        for moment in [Moment::Asked, Moment::Hinted, Moment::Right, Moment::Wrong] {
            let mut app = App::new(scene.clone(), Some(path.to_path_buf()), None, None);
            super::place_cameras(&mut app, AREA);
            assert!(
                app.open_lesson(path, page),
                "{name}: {:?}",
                app.lab.messages.error
            );
            super::place_cameras(&mut app, AREA);
            let asked = app.lab.predict.question.is_some();
            let how = match moment {
                Moment::Asked => "",
                Moment::Hinted => ", its hint shown",
                Moment::Right => ", answered right",
                Moment::Wrong => ", answered wrong",
            };
            let reached = match moment {
                Moment::Asked => true,
                Moment::Hinted => {
                    app.show_hint();
                    asked
                }
                Moment::Right => app.answer_as(true),
                Moment::Wrong => app.answer_as(false),
            };
            if !reached {
                continue;
            }
            let place = || format!("{name}, page {}{how}{lang}", page + 1);
            shown.panel(&app.page_text(), || format!("{}, page text", place()));
            step_strings(shown, &app, &place);
            ui.show(shown, &mut app, Tab::Explain, &place());
        }
    }
}

/// egui without a window: the panels laid out on a 1280 × 800 screen, and every
/// piece of text they lay out read back with its font family.
struct HeadlessUi {
    ctx: egui::Context,
    panels: Panels,
}

impl HeadlessUi {
    fn new() -> Self {
        let ctx = egui::Context::default();
        panels::setup(&ctx);
        HeadlessUi {
            ctx,
            panels: Panels::default(),
        }
    }

    /// Shows the panels once with `tab` open and keeps every text they lay out.
    fn show(&mut self, shown: &mut Shown, app: &mut App, tab: Tab, place: &str) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            ..Default::default()
        };
        self.panels.tab = tab;
        let output = self.ctx.run(input, |ctx| self.panels.show(ctx, app, 0.0));
        for clipped in &output.shapes {
            texts_of(&clipped.shape, &mut |family, text| {
                shown.add(Font::Egui(family), text, || format!("{place}: a panel"));
            });
        }
    }
}

/// Calls `keep` with every text section a shape lays out, and its font family.
fn texts_of(shape: &epaint::Shape, keep: &mut dyn FnMut(FontFamily, &str)) {
    match shape {
        epaint::Shape::Vec(shapes) => {
            for s in shapes {
                texts_of(s, keep);
            }
        }
        epaint::Shape::Text(t) => {
            let job = &t.galley.job;
            for section in &job.sections {
                let text = &job.text[section.byte_range.clone()];
                keep(section.format.font_id.family.clone(), text);
            }
        }
        _ => {}
    }
}

#[test]
fn a_string_literal_is_read_with_its_escapes() {
    let source = "  \"say \\\"hi\\\" \\\n         again\")";
    assert_eq!(string_literal(source).as_deref(), Some("say \"hi\" again"));
    assert_eq!(
        string_literal("format!(\"{n} steps\", n = 3)").as_deref(),
        Some("{n} steps")
    );
    assert_eq!(string_literal("hint)"), None);
}

/// What the window shows in Chinese: every preset's steps and panels with every
/// algorithm, and every lesson's pages (as [`everything`] gathers them in Chinese).
fn in_chinese() -> Shown {
    std::env::set_var(
        "GJK_LAB_DATA_DIR",
        std::env::temp_dir().join("gjk-lab-shown-text-tests"),
    );
    let mut shown = Shown::default();
    let mut ui = HeadlessUi::new();
    for path in presets() {
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        chinese_preset_strings(&mut shown, &mut ui, &scene, &path);
    }
    for path in lesson_files(&root()) {
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        chinese_lesson_strings(&mut shown, &mut ui, &scene, &path);
    }
    shown
}

/// No sentence is left in English in the Chinese window: no string it shows in
/// Chinese holds four English words in a row (names and symbols are single words:
/// "GJK", "A − B", "Box2D").
#[test]
fn nothing_the_window_shows_in_chinese_is_an_english_sentence() {
    let shown = in_chinese();
    assert!(shown.strings.len() > 1000, "{}", shown.strings.len());
    let english: Vec<String> = shown
        .strings
        .iter()
        .filter_map(|((_, text), place)| {
            super::i18n::tests::english_run(text).map(|run| format!("{place}: \"{run}\" in {text}"))
        })
        .collect();
    assert!(english.is_empty(), "{}", english.join("\n"));
}
