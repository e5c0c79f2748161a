//! The egui panels: controls along the top, and on the right the explanation
//! (narration, pseudo-code with the current line, legend), the scene files and the
//! help. Fonts are large enough to read on a projector.

use super::boxes::{question_box, question_box_shown, scene_intro};
use super::controls;
use super::errors::Shown;
use super::files_panel::FilesPanel;
use super::i18n::{algorithm_title, tr};
use super::lessons::figures::page_figure;
use super::lessons::panel::{lesson_box, welcome_box};
use super::screen::{ScreenShape, TOUCH_MIN};
use super::state::{scene_files, App, Mode, ModeState};
use super::view::canvas::Layout;
use super::view::draw::palette;
use super::widgets::{color32, legend, SIDE_WIDTH};
use crate::app::controls::Tap;
use egui_macroquad::egui::{self, Color32, FontId, RichText, TextStyle};
use gjk_lab_core::algorithms::Algorithm;
use std::path::{Path, PathBuf};

/// The tabs of the right panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// Narration, pseudo-code, legend.
    Explain,
    /// Scene files, reload, save.
    Scenes,
    /// Mouse and keys.
    Help,
}

/// State of the panels that is not the app's.
pub struct Panels {
    /// The open tab.
    pub tab: Tab,
    /// Whether a text field has the keyboard (then keys do not step).
    pub typing: bool,
    /// Whether the narrow and phone layouts' drawer is open (else only its tabs show).
    pub drawer_open: bool,
    /// The question whose view the phone layout last switched to (kind, step).
    pub(super) question_seen: Option<(&'static str, usize)>,
    scene_list: Vec<PathBuf>,
    lesson_list: Vec<PathBuf>,
    listed_at: f64,
    pub(super) files: FilesPanel,
    /// The pointer the style was last set for (a finger, or not).
    touch: Option<bool>,
}

impl Default for Panels {
    fn default() -> Self {
        Panels {
            tab: Tab::Explain,
            typing: false,
            drawer_open: true,
            question_seen: None,
            scene_list: vec![],
            lesson_list: vec![],
            listed_at: f64::NEG_INFINITY,
            files: FilesPanel::default(),
            touch: None,
        }
    }
}

/// How many points egui scrolls for one notch of the mouse wheel (egui's own speed
/// for one line).
pub const WHEEL_NOTCH_POINTS: f32 = 40.0;

/// What one wheel notch reaches egui as, in lines. egui-macroquad divides miniquad's
/// wheel delta by 90 before handing it to egui as lines, a scale meant for deltas of
/// about ±120 a notch (Windows); miniquad's X11 back end reports ±1 a notch, so on
/// Linux a notch arrived as 1/90 line: 0.44 points, and lists barely moved.
pub const WHEEL_NOTCH_LINES: f32 = if cfg!(target_os = "linux") {
    1.0 / 90.0
} else {
    1.0
};

/// egui's scroll speed per line such that one notch scrolls [`WHEEL_NOTCH_POINTS`].
pub fn line_scroll_speed() -> f32 {
    WHEEL_NOTCH_POINTS / WHEEL_NOTCH_LINES
}

/// Large fonts, a dark theme and the wheel's scroll speed, once at start-up.
/// The style for a pointer that is a finger, or back to the mouse's: on touch every
/// control is at least [`TOUCH_MIN`] points high (buttons, combos, sliders, tabs,
/// checkboxes), a swipe on a text scrolls the panel instead of selecting the words,
/// and no tooltip waits for a hover a finger cannot make.
fn touch_style(ctx: &egui::Context, touch: bool) {
    ctx.all_styles_mut(|style| {
        let default = egui::Style::default();
        if touch {
            style.spacing.interact_size = egui::vec2(TOUCH_MIN, TOUCH_MIN);
            // A symbol's button ("⏮") is as wide as a finger too.
            style.spacing.button_padding = egui::vec2(16.0, 10.0);
            style.spacing.icon_width = 22.0;
            style.spacing.icon_width_inner = 12.0;
            style.interaction.selectable_labels = false;
            style.interaction.tooltip_delay = f32::INFINITY;
        } else {
            style.spacing.interact_size = default.spacing.interact_size;
            style.spacing.button_padding = egui::vec2(8.0, 3.0);
            style.spacing.icon_width = default.spacing.icon_width;
            style.spacing.icon_width_inner = default.spacing.icon_width_inner;
            style.interaction.selectable_labels = default.interaction.selectable_labels;
            style.interaction.tooltip_delay = default.interaction.tooltip_delay;
        }
    });
}

pub fn setup(ctx: &egui::Context) {
    ctx.set_fonts(super::fonts::definitions(super::platform::chinese_font()));
    ctx.set_theme(egui::Theme::Dark);
    ctx.options_mut(|o| o.line_scroll_speed = line_scroll_speed());
    ctx.all_styles_mut(|style| {
        style.text_styles = [
            (TextStyle::Heading, FontId::proportional(24.0)),
            (TextStyle::Body, FontId::proportional(18.0)),
            (TextStyle::Monospace, FontId::monospace(16.5)),
            (TextStyle::Button, FontId::proportional(18.0)),
            (TextStyle::Small, FontId::proportional(14.0)),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.button_padding = egui::vec2(8.0, 3.0);
    });
}

impl Panels {
    /// Shows every panel; `time` is the app's clock in seconds. The controls drawn
    /// are listed for the status ([`controls`]).
    pub fn show(&mut self, ctx: &egui::Context, app: &mut App, time: f64) {
        self.typing = false;
        if self.touch != Some(app.lab.screen.touch) {
            self.touch = Some(app.lab.screen.touch);
            touch_style(ctx, app.lab.screen.touch);
        }
        controls::begin();
        self.show_the_questions_view(app);
        match app.lab.screen.shape {
            ScreenShape::Phone => self.show_phone(ctx, app, time),
            ScreenShape::Narrow => self.show_narrow(ctx, app, time),
            ScreenShape::Wide => self.show_wide(ctx, app, time),
        }
        controls::end();
    }

    /// The wide layout: the top bar, and the panel on the right of the views.
    fn show_wide(&mut self, ctx: &egui::Context, app: &mut App, time: f64) {
        self.top(ctx, app);
        error_bar(ctx, app);
        egui::SidePanel::right("side")
            .frame(panel_frame(ctx))
            .resizable(false)
            .exact_width(SIDE_WIDTH)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut self.tab, Tab::Explain, tr!("tab-explain"))
                        .tap("Explain");
                    ui.selectable_value(&mut self.tab, Tab::Scenes, tr!("tab-scenes"))
                        .tap("Scenes");
                    ui.selectable_value(&mut self.tab, Tab::Help, tr!("tab-help"))
                        .tap("Help");
                });
                ui.separator();
                pinned_question(ui, app);
                self.tab_contents(ui, app, time);
            });
    }

    /// The open tab's contents, scrolled.
    pub(super) fn tab_contents(&mut self, ui: &mut egui::Ui, app: &mut App, time: f64) {
        egui::ScrollArea::vertical()
            .id_salt("tab")
            .auto_shrink([false, false])
            .show(ui, |ui| match self.tab {
                Tab::Explain => explain(ui, app, &mut self.files),
                Tab::Scenes => self.scenes(ui, app, time),
                Tab::Help => help(ui, app.lab.screen.touch),
            });
    }

    pub(super) fn top(&mut self, ctx: &egui::Context, app: &mut App) {
        egui::TopBottomPanel::top("controls")
            .frame(panel_frame(ctx))
            .show(ctx, |ui| {
                ui.add_space(2.0);
                // A narrow window: short combos and no speed slider, so that the bar
                // keeps to two rows.
                let wide = app.lab.screen.shape == ScreenShape::Wide;
                let (mode_width, algorithm_width) =
                    if wide { (240.0, 230.0) } else { (120.0, 180.0) };
                ui.horizontal_wrapped(|ui| {
                    mode_combo(ui, app, mode_width);
                    // The many-shapes mode runs the narrow phase on every pair: the algorithm (and A
                    // and B below) belong to the two-shape mode.
                    if app.mode() == Mode::Pair {
                        algorithm_combo(ui, app, algorithm_width);
                    }
                    ui.separator();
                    if ui
                        .button("⏮")
                        .tap("⏮")
                        .on_hover_text(tr!("first-step-hover"))
                        .clicked()
                    {
                        app.go_to(0);
                    }
                    if ui
                        .button(tr!("back"))
                        .tap("◀ Back")
                        .on_hover_text(tr!("back-hover"))
                        .clicked()
                    {
                        app.back();
                    }
                    if ui
                        .button(tr!("next"))
                        .tap("Next ▶")
                        .on_hover_text(tr!("next-hover"))
                        .clicked()
                    {
                        app.next();
                    }
                    if ui
                        .button("⏭")
                        .tap("⏭")
                        .on_hover_text(tr!("last-step-hover"))
                        .clicked()
                    {
                        app.go_to(usize::MAX);
                    }
                    let play = app.play_label();
                    if ui
                        .button(play_text(play))
                        .tap(play)
                        .on_hover_text(tr!("play-hover"))
                        .clicked()
                    {
                        app.toggle_play();
                    }
                    // The many-shapes mode moves in real time: no playing speed.
                    if app.mode() == Mode::Pair && wide {
                        ui.add(
                            egui::Slider::new(&mut app.lab.speed, 0.5..=10.0)
                                .logarithmic(true)
                                .suffix(tr!("steps-per-second")),
                        )
                        .tap("speed");
                    }
                    ui.separator();
                    ui.label(RichText::new(step_text(app)).strong());
                });
                ui.horizontal_wrapped(|ui| {
                    // The many-shapes mode says which narrow phase it runs in its Explain
                    // tab: the top bar keeps to two rows.
                    if app.mode() == Mode::Pair {
                        shape_choosers(ui, app);
                        ui.separator();
                    }
                    // The many-shapes mode has one view: no layout to choose.
                    if app.mode() == Mode::Pair {
                        layout_combo(ui, app);
                    }
                    if app.lab.lesson.is_none() {
                        predict_toggle(ui, app);
                    }
                    if ui.button(tr!("fit")).tap("Fit (F)").clicked() {
                        app.fit_views();
                    }
                    self.files.copy_link_button(ui, app);
                    super::files_panel::open_file_button(ui);
                    language_combo(ui, app);
                    // The seed's version of the algorithm, or gjk-lab's: last on the
                    // second row (the first is full), where it moves no other control;
                    // not in a lesson, which teaches gjk-lab's own run.
                    if app.mode() == Mode::Pair && app.lab.lesson.is_none() {
                        ui.separator();
                        variant_combo(ui, app, if wide { 200.0 } else { 150.0 });
                    }
                    if let Some(notice) = &app.lab.messages.notice {
                        ui.separator();
                        ui.label(RichText::new(notice).color(Color32::from_rgb(200, 200, 140)));
                    }
                });
                ui.add_space(2.0);
            });
    }
}

/// The language menu: each language by its own name; a choice shows every text in
/// it at once, keeping the step, the page and the shapes.
pub(super) fn language_combo(ui: &mut egui::Ui, app: &mut App) {
    let shown = super::i18n::lang();
    let mut chosen = shown;
    egui::ComboBox::from_id_salt("language")
        .selected_text(shown.native_name())
        .width(90.0)
        .show_ui(ui, |ui| {
            for lang in super::i18n::Lang::ALL {
                ui.selectable_value(&mut chosen, lang, lang.native_name())
                    .tap(lang.native_name());
            }
        })
        .response
        .tap("language")
        .on_hover_text(tr!("language-hover"));
    if chosen != shown {
        app.set_lang(chosen);
    }
}

/// The mode menu: two shapes, many shapes, or the lessons (a path through the
/// two-shape mode with pages and questions).
pub(super) fn mode_combo(ui: &mut egui::Ui, app: &mut App, width: f32) {
    const LESSONS: &str = "Lessons (learn from zero)";
    let in_lesson = app.lab.lesson.is_some();
    // A narrow combo shows the label's first words ("Two shapes", "Lessons").
    let short = width < 200.0;
    let label = match (in_lesson, short) {
        (true, false) => tr!("mode-lessons"),
        (true, true) => tr!("mode-lessons-short"),
        (false, _) => mode_text(app.mode(), short),
    };
    let mut chosen = None;
    let mut lessons = false;
    egui::ComboBox::from_id_salt("mode")
        .selected_text(label)
        .width(width)
        .show_ui(ui, |ui| {
            for (m, s) in Mode::ALL {
                if ui
                    .selectable_label(!in_lesson && app.mode() == m, mode_text(m, false))
                    .tap(s)
                    .clicked()
                {
                    chosen = Some(m);
                }
            }
            lessons = ui
                .selectable_label(in_lesson, tr!("mode-lessons"))
                .tap(LESSONS)
                .clicked();
        })
        .response
        .tap("mode")
        .on_hover_text(tr!("mode-hover"));
    if let Some(mode) = chosen {
        app.close_lesson();
        app.set_mode(mode);
    }
    if lessons && !in_lesson {
        app.set_mode(Mode::Pair);
        app.resume_lessons();
    }
}

/// The Predict toggle: before every event a learner can foresee (the next support
/// point, the feature kept, the edge EPA expands, SAT's axis, the reference edge, and
/// in the many-shapes mode the next swap of insertion sort), the app asks first and
/// judges a click.
fn predict_toggle(ui: &mut egui::Ui, app: &mut App) {
    let response = ui
        .checkbox(&mut app.lab.predict.on, tr!("predict"))
        .tap("Predict")
        .on_hover_text(tr!("predict-hover"));
    if response.changed() && !app.lab.predict.on {
        app.lab.predict.question = None;
    }
}

/// The algorithm chooser (two-shape mode).
pub(super) fn algorithm_combo(ui: &mut egui::Ui, app: &mut App, width: f32) {
    let mut algorithm = app.lab.algorithm;
    egui::ComboBox::from_id_salt("algorithm")
        .selected_text(algorithm_title(algorithm))
        .width(width)
        .show_ui(ui, |ui| {
            for a in Algorithm::ALL {
                ui.selectable_value(&mut algorithm, a, algorithm_title(a))
                    .tap(a.title());
            }
        })
        .response
        .tap("algorithm");
    app.set_algorithm(algorithm);
}

/// Which version of the algorithm runs: gjk-lab's, or one of the seeds' versions
/// (choosing one shows its algorithm).
fn variant_combo(ui: &mut egui::Ui, app: &mut App, width: f32) {
    use gjk_lab_core::algorithms::variant::Variant;
    let mut variant = app.mode.pair_mode().variant;
    egui::ComboBox::from_id_salt("variant")
        .selected_text(variant.map_or(tr!("version-own"), |v| {
            tr!("version-seed", title = variant_title(v))
        }))
        .width(width)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut variant, None, tr!("version-own"))
                .tap("gjk-lab's version");
            for &v in Variant::ALL {
                // The English label is the control's id.
                let id = format!("{}, the seed's: {}", v.algorithm().title(), v.title());
                let label = tr!(
                    "version-seed-of",
                    algorithm = algorithm_title(v.algorithm()),
                    title = variant_title(v)
                );
                ui.selectable_value(&mut variant, Some(v), label).tap(&id);
            }
        })
        .response
        .tap("version");
    app.set_variant(variant);
}

/// The choosers of shapes A and B (two-shape mode).
fn shape_choosers(ui: &mut egui::Ui, app: &mut App) {
    let names: Vec<String> = app
        .lab
        .scene
        .shapes
        .iter()
        .enumerate()
        .map(|(i, s)| super::i18n::shape_name(s, i))
        .collect();
    let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| "—".into());
    let (mut a, mut b) = (app.lab.a, app.lab.b);
    ui.label(RichText::new("A").color(color32(palette::SHAPE_A)).strong());
    shape_combo(ui, "a", &mut a, &names, &name(app.lab.a));
    ui.label(RichText::new("B").color(color32(palette::SHAPE_B)).strong());
    shape_combo(ui, "b", &mut b, &names, &name(app.lab.b));
    // One change per frame: choosing A as the old B swaps them.
    if a != app.lab.a {
        app.set_a(a);
    } else if b != app.lab.b {
        app.set_b(b);
    }
}

impl Panels {
    fn scenes(&mut self, ui: &mut egui::Ui, app: &mut App, time: f64) {
        // The last action's notice (a phone's top bar may have had no room for it).
        if let Some(notice) = &app.lab.messages.notice {
            ui.label(RichText::new(notice).color(Color32::from_rgb(200, 200, 140)));
        }
        let dir = scenes_dir(app.lab.file.path.as_deref());
        if time - self.listed_at > 1.0 {
            self.scene_list = scene_files(&dir);
            self.lesson_list =
                super::lessons::progress::lesson_files(&super::lessons::progress::root());
            self.listed_at = time;
        }
        ui.heading(tr!("tab-scenes"));
        ui.label(tr!("files-in", dir = dir.display().to_string()));
        self.files.list(ui, app, &self.scene_list.clone(), false);
        if !self.lesson_list.is_empty() {
            egui::CollapsingHeader::new(tr!("files-lessons"))
                .id_salt("Lessons")
                .show(ui, |ui| {
                    self.files.list(ui, app, &self.lesson_list.clone(), true);
                })
                .header_response
                .tap("Lessons");
        }
        ui.add_space(8.0);
        self.files.open_and_share(ui, app, &mut self.typing);
        ui.add_space(8.0);
        self.files.my_trace(ui, app, &mut self.typing);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let (reload, text) = if super::platform::IN_BROWSER {
                ("Reload the file", tr!("files-reload-browser"))
            } else {
                ("Reload (F5)", tr!("files-reload"))
            };
            if ui.button(text).tap(reload).clicked() {
                app.reload();
            }
            ui.checkbox(&mut app.lab.file.auto_reload, tr!("files-auto-reload"))
                .tap("reload when the file changes");
        });
        ui.add_space(8.0);
        ui.heading(tr!("files-save-heading"));
        ui.label(super::i18n::text(super::platform::SAVE_HINT));
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut app.lab.file.save_path)
                    .desired_width(f32::INFINITY),
            )
            .tap("save path");
        self.typing |= response.has_focus();
        if ui.button(tr!("files-save")).tap("Save (Ctrl+S)").clicked() {
            let path = PathBuf::from(app.lab.file.save_path.trim());
            app.save(&path);
        }
        export_button(ui, app);
        if let Some(title) = &app.lab.scene.title {
            ui.add_space(8.0);
            ui.heading(title);
        }
        if let Some(description) = &app.lab.scene.description {
            ui.label(description);
        }
    }
}

/// Exports every step of the current run as an animated GIF beside the save path
/// (`scene-algorithm.gif`), one step a second.
fn export_button(ui: &mut egui::Ui, app: &mut App) {
    let count = app.step_count();
    let base = PathBuf::from(app.lab.file.save_path.trim());
    let stem = base
        .file_stem()
        .map_or("scene".into(), |s| s.to_string_lossy().into_owned());
    let out = base.with_file_name(format!("{stem}-{}.gif", app.lab.algorithm.name()));
    // The English label is the control's id.
    let id = format!("Export steps 1–{count} as GIF");
    let label = tr!("files-export", count = count.to_string());
    let button = ui.add_enabled(count > 0, egui::Button::new(label)).tap(&id);
    let button = button.on_hover_text(tr!("files-export-hover", path = out.display().to_string()));
    if button.clicked() {
        match super::export::Plan::new(&out, None, None, count) {
            Ok(plan) => app.lab.export_request = Some(plan),
            Err(e) => app.lab.messages.error = Some(e.shown()),
        }
    }
}

/// The error, when there is one, in a bar below the top bar.
pub(super) fn error_bar(ctx: &egui::Context, app: &App) {
    if let Some(error) = app.lab.messages.error.clone() {
        egui::TopBottomPanel::top("error")
            .frame(panel_frame(ctx))
            .show(ctx, |ui| {
                ui.label(
                    RichText::new(format!("⚠ {error}"))
                        .color(Color32::from_rgb(255, 110, 110))
                        .strong(),
                );
            });
    }
}

/// A panel's frame without its fill: the window is already cleared to a dark colour,
/// and painting 450,000 more pixels a frame costs the software renderer milliseconds.
pub(super) fn panel_frame(ctx: &egui::Context) -> egui::Frame {
    egui::Frame::side_top_panel(&ctx.style()).fill(Color32::TRANSPARENT)
}

/// A combo box choosing the layout of the views.
fn layout_combo(ui: &mut egui::Ui, app: &mut App) {
    let mut layout = app.lab.layout;
    egui::ComboBox::from_id_salt("layout")
        .selected_text(layout_text(layout))
        .show_ui(ui, |ui| {
            for (l, s) in Layout::ALL {
                ui.selectable_value(&mut layout, l, layout_text(l)).tap(s);
            }
        })
        .response
        .tap("layout");
    app.lab.layout = layout;
}

/// A combo box choosing a shape by name.
fn shape_combo(ui: &mut egui::Ui, id: &str, index: &mut usize, names: &[String], selected: &str) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(selected)
        .width(120.0)
        .show_ui(ui, |ui| {
            for (i, n) in names.iter().enumerate() {
                ui.selectable_value(index, i, n).tap(n);
            }
        })
        .response
        .tap(id);
}

/// The folder whose scenes the panel lists: `scenes/` if it exists, else the current
/// file's folder.
fn scenes_dir(current: Option<&Path>) -> PathBuf {
    let local = PathBuf::from("scenes");
    if super::platform::is_dir(&local) {
        return local;
    }
    current
        .and_then(Path::parent)
        .filter(|p| !p.as_os_str().is_empty())
        .map_or(local, Path::to_path_buf)
}

/// "Step k / n" of the pair mode, or the sweep's step and frame.
pub(super) fn step_text(app: &App) -> String {
    app.mode.shown().step_text()
}

/// How a finger works the app.
fn touch_help(ui: &mut egui::Ui) {
    ui.heading(tr!("help-touch"));
    for line in [
        tr!("help-touch-drag"),
        tr!("help-touch-pinch"),
        tr!("help-touch-turn"),
        tr!("help-touch-swipe"),
        tr!("help-touch-phone"),
        tr!("help-touch-question"),
    ] {
        ui.label(format!("• {line}"));
    }
}

/// The words the narration uses, each with its meaning (the legend's hover text shows
/// the same); in Chinese each term has its English name beside it, the word the
/// English books and papers use.
fn glossary(ui: &mut egui::Ui) {
    ui.heading(tr!("help-glossary"));
    let chinese = super::i18n::lang() == super::i18n::Lang::Zh;
    for &(term, _, _) in super::glossary::GLOSSARY {
        let (name, text) = super::glossary::explain(term);
        let (stem, page) = super::glossary::taught(term);
        let lesson = stem.split('-').next().and_then(|n| n.parse::<u32>().ok());
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(name)
                    .strong()
                    .color(Color32::from_rgb(250, 215, 80)),
            );
            if chinese {
                ui.label(
                    RichText::new(super::glossary::english_name(term))
                        .italics()
                        .color(Color32::from_gray(200)),
                );
            }
            if let Some(lesson) = lesson {
                let taught = tr!(
                    "help-glossary-taught",
                    lesson = lesson.to_string(),
                    page = page.to_string()
                );
                ui.label(RichText::new(taught).color(Color32::GRAY));
            }
        });
        ui.label(RichText::new(text).size(16.0));
        ui.add_space(4.0);
    }
}

/// The Help tab: mouse, keys, the many-shapes mode and the glossary.
fn help(ui: &mut egui::Ui, touch: bool) {
    // A finger first on a touch screen; the mouse and keys after (a tablet may have
    // them too).
    if touch {
        touch_help(ui);
    }
    ui.heading(tr!("help-mouse-world"));
    for line in [
        tr!("help-mouse-drag"),
        tr!("help-mouse-vertex"),
        tr!("help-mouse-wheel-shape"),
        tr!("help-mouse-wheel"),
        tr!("help-mouse-click"),
        tr!("help-mouse-pan"),
        tr!("help-mouse-position"),
    ] {
        ui.label(format!("• {line}"));
    }
    ui.heading(tr!("help-mouse-minkowski"));
    for line in [
        tr!("help-minkowski-hover"),
        tr!("help-minkowski-pan"),
        tr!("help-minkowski-position"),
    ] {
        ui.label(format!("• {line}"));
    }
    if !touch && super::platform::IN_BROWSER {
        touch_help(ui);
    }
    ui.heading(if touch {
        tr!("help-keys-touch")
    } else {
        tr!("help-keys")
    });
    // In the browser F5 reloads the page, which comes back to what was shown: the
    // address holds it.
    let reload = if super::platform::IN_BROWSER {
        tr!("help-key-reload-browser")
    } else {
        tr!("help-key-reload")
    };
    for line in [
        tr!("help-key-step"),
        tr!("help-key-ends"),
        tr!("help-key-play"),
        tr!("help-key-algorithm"),
        tr!("help-key-views"),
        tr!("help-key-version"),
        reload,
        tr!("help-key-lessons"),
        tr!("help-key-question"),
    ] {
        ui.label(format!("• {line}"));
    }
    ui.add_space(6.0);
    ui.label(tr!("help-drag-reruns"));
    ui.heading(tr!("help-many"));
    for line in [
        tr!("help-many-start"),
        tr!("help-many-drift"),
        tr!("help-many-colours"),
        tr!("help-many-pause"),
        tr!("help-many-step"),
        tr!("help-many-keys"),
    ] {
        ui.label(format!("• {line}"));
    }
    glossary(ui);
}

/// A mode's name in the language shown (the core's [`Mode::ALL`] keeps the English,
/// the controls' ids); `short`: its first words, for a narrow menu ("Two shapes").
pub(super) fn mode_text(mode: Mode, short: bool) -> String {
    match (mode, short) {
        (Mode::Pair, false) => tr!("mode-pair"),
        (Mode::Pair, true) => tr!("mode-pair-short"),
        (Mode::Many, false) => tr!("mode-many"),
        (Mode::Many, true) => tr!("mode-many-short"),
    }
}

/// A layout's name in the language shown ([`Layout::ALL`] keeps the English, the
/// controls' ids).
pub(super) fn layout_text(layout: Layout) -> String {
    match layout {
        Layout::SideBySide => tr!("layout-side-by-side"),
        Layout::WorldOnly => tr!("layout-world"),
        Layout::MinkowskiOnly => tr!("layout-minkowski"),
    }
}

/// The play button's label in the language shown; `label` is the English one the
/// modes give ([`App::play_label`]), which stays the button's id.
pub(super) fn play_text(label: &str) -> String {
    match label {
        "▶ Play" => tr!("play"),
        "⏸ Pause" => tr!("pause"),
        "▶ Run" => tr!("run"),
        "▶ Resume" => tr!("resume"),
        other => other.to_string(),
    }
}

/// The title of one of the seeds' versions in the language shown (the core's
/// `Variant::title` stays English).
fn variant_title(variant: gjk_lab_core::algorithms::variant::Variant) -> String {
    use gjk_lab_core::algorithms::variant::Variant;
    match variant {
        Variant::EllipseAngleSupport => tr!("variant-ellipse-angle-support"),
        Variant::NoProgressTest => tr!("variant-no-progress-test"),
        Variant::FootNormals => tr!("variant-foot-normals"),
        Variant::LooseTolerance => tr!("variant-loose-tolerance"),
        Variant::ObbTouchingSeparated => tr!("variant-obb-touching-separated"),
        Variant::MtvTowardsCentre => tr!("variant-mtv-towards-centre"),
        Variant::EpaFloat32 => tr!("variant-epa-float32"),
    }
}

/// The Explain tab: the lesson's page or the waiting question above the shown mode's
/// own explanation; on a first start, the offer of the lessons above the two-shape
/// mode's.
fn explain(ui: &mut egui::Ui, app: &mut App, files: &mut FilesPanel) {
    if app.lab.welcome && app.lab.lesson.is_none() && app.mode() == Mode::Pair {
        welcome_box(ui, app);
    }
    if app.lab.lesson.is_some() {
        lesson_box(ui, app, files);
    }
    // A lesson page may use an algorithm's picture before it teaches the algorithm.
    if app.lesson_page().is_some_and(|p| p.hide_steps) {
        return;
    }
    mode_explain(ui, app);
}

/// Above the panel's scrolling text, in sight whatever was scrolled to, in every
/// layout and tab: a lesson's page buttons, and the question, its hint and the reply
/// (and the score).
pub(super) fn pinned_question(ui: &mut egui::Ui, app: &mut App) {
    super::lessons::panel::page_buttons(ui, app);
    if question_box_shown(app) {
        question_box(ui, app);
    }
    if app.lab.lesson.is_some() || question_box_shown(app) {
        ui.separator();
    }
}

/// The shown mode's part of the Explain tab, between the scene's introduction and the
/// legend (a lesson figure's page is its own picture: no algorithm step is drawn, so
/// none is told). The one place the panel is chosen by mode; what the learner asks
/// for in the two-shape mode's part is carried out here.
fn mode_explain(ui: &mut egui::Ui, app: &mut App) {
    scene_intro(ui, app);
    if page_figure(app).is_some() {
        ui.add_space(6.0);
        legend(ui, "legend", &super::legend::entries(app));
        return;
    }
    let request = match &app.mode {
        ModeState::Pair(pair) => super::pair::panel::explain(ui, &app.lab, pair),
        ModeState::Many { many, .. } => {
            super::many::panel::explain(ui, &app.lab, many);
            None
        }
    };
    ui.add_space(6.0);
    let id = match app.mode() {
        Mode::Pair => "legend",
        Mode::Many => "many-legend",
    };
    legend(ui, id, &super::legend::entries(app));
    if let Some(request) = request {
        app.carry_out(request);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{set_lang, Lang};

    /// The menus' names are the core's English in English (the command line's, the
    /// controls' ids), and Chinese in Chinese.
    #[test]
    fn menu_names_are_the_cores_in_english_and_translated_in_chinese() {
        for lang in Lang::ALL {
            set_lang(lang);
            let same = |shown: String, english: &str| (shown == english) == (lang == Lang::En);
            for a in Algorithm::ALL {
                assert!(same(algorithm_title(a), a.title()), "{a:?} in {lang:?}");
            }
            for (m, s) in Mode::ALL {
                assert!(same(mode_text(m, false), s), "{m:?} in {lang:?}");
            }
            for (l, s) in Layout::ALL {
                assert!(same(layout_text(l), s), "{l:?} in {lang:?}");
            }
            for &v in gjk_lab_core::algorithms::variant::Variant::ALL {
                assert!(same(variant_title(v), v.title()), "{v:?} in {lang:?}");
            }
            for label in ["▶ Play", "⏸ Pause", "▶ Run", "▶ Resume"] {
                assert!(same(play_text(label), label), "{label} in {lang:?}");
            }
        }
        set_lang(Lang::En);
    }

    /// Issue 9, item 8: a wheel notch scrolled the Scenes list by about 0.4 pixels.
    /// egui-macroquad hands egui miniquad's wheel delta divided by 90, and miniquad's
    /// X11 back end reports ±1 a notch. One notch, as egui receives it, now scrolls
    /// a line of egui's own speed.
    #[test]
    fn one_wheel_notch_scrolls_a_line() {
        let egui_delta_of_one_notch = if cfg!(target_os = "linux") {
            1.0 / 90.0
        } else {
            1.0
        };
        let points = egui_delta_of_one_notch * line_scroll_speed();
        assert!((points - WHEEL_NOTCH_POINTS).abs() < 1e-3, "{points}");
    }
}
