//! The egui panels: controls along the top, and on the right the explanation
//! (narration, pseudo-code with the current line, legend), the scene files and the
//! help. Fonts are large enough to read on a projector.

use super::boxes::{question_box, question_box_shown, scene_intro};
use super::controls;
use super::files_panel::FilesPanel;
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
    ctx.set_fonts(super::fonts::definitions(None));
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
                    ui.selectable_value(&mut self.tab, Tab::Explain, "Explain")
                        .tap("Explain");
                    ui.selectable_value(&mut self.tab, Tab::Scenes, "Scenes")
                        .tap("Scenes");
                    ui.selectable_value(&mut self.tab, Tab::Help, "Help")
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
                        .on_hover_text("First step (Home)")
                        .clicked()
                    {
                        app.go_to(0);
                    }
                    if ui
                        .button("◀ Back")
                        .tap("◀ Back")
                        .on_hover_text("B or Left arrow")
                        .clicked()
                    {
                        app.back();
                    }
                    if ui
                        .button("Next ▶")
                        .tap("Next ▶")
                        .on_hover_text("N or Right arrow")
                        .clicked()
                    {
                        app.next();
                    }
                    if ui
                        .button("⏭")
                        .tap("⏭")
                        .on_hover_text("Last step (End)")
                        .clicked()
                    {
                        app.go_to(usize::MAX);
                    }
                    let play = app.play_label();
                    if ui.button(play).tap(play).on_hover_text("Space").clicked() {
                        app.toggle_play();
                    }
                    // The many-shapes mode moves in real time: no playing speed.
                    if app.mode() == Mode::Pair && wide {
                        ui.add(
                            egui::Slider::new(&mut app.lab.speed, 0.5..=10.0)
                                .logarithmic(true)
                                .suffix(" steps/s"),
                        )
                        .tap("speed");
                    }
                    ui.separator();
                    ui.label(RichText::new(step_text(app)).strong());
                });
                ui.horizontal_wrapped(|ui| {
                    if app.mode() == Mode::Many {
                        ui.label(
                            RichText::new(
                                "Narrow phase: face separation, a closed form or GJK on \
                                 every pair. The algorithm and A/B choosers are in the \
                                 two-shape mode (M).",
                            )
                            .color(Color32::from_gray(170)),
                        );
                    } else {
                        shape_choosers(ui, app);
                    }
                    ui.separator();
                    // The many-shapes mode has one view: no layout to choose.
                    if app.mode() == Mode::Pair {
                        layout_combo(ui, app);
                    }
                    if app.lab.lesson.is_none() {
                        predict_toggle(ui, app);
                    }
                    if ui.button("Fit (F)").tap("Fit (F)").clicked() {
                        app.fit_views();
                    }
                    self.files.copy_link_button(ui, app);
                    super::files_panel::open_file_button(ui);
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

/// The mode menu: two shapes, many shapes, or the lessons (a path through the
/// two-shape mode with pages and questions).
pub(super) fn mode_combo(ui: &mut egui::Ui, app: &mut App, width: f32) {
    const LESSONS: &str = "Lessons (learn from zero)";
    let in_lesson = app.lab.lesson.is_some();
    let label = if in_lesson {
        LESSONS
    } else {
        Mode::ALL
            .iter()
            .find(|(m, _)| *m == app.mode())
            .map_or("", |(_, s)| s)
    };
    // A narrow combo shows the label's first words ("Two shapes", "Lessons").
    let label = match label.split_once(" (") {
        Some((short, _)) if width < 200.0 => short,
        _ => label,
    };
    let mut chosen = None;
    let mut lessons = false;
    egui::ComboBox::from_id_salt("mode")
        .selected_text(label)
        .width(width)
        .show_ui(ui, |ui| {
            for (m, s) in Mode::ALL {
                if ui
                    .selectable_label(!in_lesson && app.mode() == m, s)
                    .tap(s)
                    .clicked()
                {
                    chosen = Some(m);
                }
            }
            lessons = ui
                .selectable_label(in_lesson, LESSONS)
                .tap(LESSONS)
                .clicked();
        })
        .response
        .tap("mode")
        .on_hover_text("M: pair / many shapes; K: lessons");
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
        .checkbox(&mut app.lab.predict.on, "Predict")
        .tap("Predict")
        .on_hover_text("Before each step you can foresee, click your guess in the picture first.");
    if response.changed() && !app.lab.predict.on {
        app.lab.predict.question = None;
    }
}

/// The algorithm chooser (two-shape mode).
pub(super) fn algorithm_combo(ui: &mut egui::Ui, app: &mut App, width: f32) {
    let mut algorithm = app.lab.algorithm;
    egui::ComboBox::from_id_salt("algorithm")
        .selected_text(algorithm.title())
        .width(width)
        .show_ui(ui, |ui| {
            for a in Algorithm::ALL {
                ui.selectable_value(&mut algorithm, a, a.title())
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
        .selected_text(variant.map_or("gjk-lab's version".to_string(), |v| {
            format!("the seed's: {}", v.title())
        }))
        .width(width)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut variant, None, "gjk-lab's version")
                .tap("gjk-lab's version");
            for &v in Variant::ALL {
                let label = format!("{}, the seed's: {}", v.algorithm().title(), v.title());
                ui.selectable_value(&mut variant, Some(v), label.as_str())
                    .tap(&label);
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
        .map(|(i, s)| s.display_name(i))
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
        ui.heading("Scenes");
        ui.label(format!(
            "Files in {}/ — click one to open it.",
            dir.display()
        ));
        self.files.list(ui, app, &self.scene_list.clone(), false);
        if !self.lesson_list.is_empty() {
            egui::CollapsingHeader::new("Lessons")
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
            let reload = if super::platform::IN_BROWSER {
                "Reload the file"
            } else {
                "Reload (F5)"
            };
            if ui.button(reload).tap(reload).clicked() {
                app.reload();
            }
            ui.checkbox(
                &mut app.lab.file.auto_reload,
                "reload when the file changes",
            )
            .tap("reload when the file changes");
        });
        ui.add_space(8.0);
        ui.heading("Save");
        ui.label(super::platform::SAVE_HINT);
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut app.lab.file.save_path)
                    .desired_width(f32::INFINITY),
            )
            .tap("save path");
        self.typing |= response.has_focus();
        if ui.button("Save (Ctrl+S)").tap("Save (Ctrl+S)").clicked() {
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
    let label = format!("Export steps 1–{count} as GIF");
    let button = ui
        .add_enabled(count > 0, egui::Button::new(label.as_str()))
        .tap(&label);
    let button = button.on_hover_text(format!(
        "Writes {} (slides, course pages); headless: gjk-lab SCENE --algo A --export out.gif --steps 1..N",
        out.display()
    ));
    if button.clicked() {
        match super::export::Plan::new(&out, None, None, count) {
            Ok(plan) => app.lab.export_request = Some(plan),
            Err(e) => app.lab.messages.error = Some(e.to_string()),
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
    let label = Layout::ALL
        .iter()
        .find(|(l, _)| *l == layout)
        .map_or("", |(_, s)| s);
    egui::ComboBox::from_id_salt("layout")
        .selected_text(label)
        .show_ui(ui, |ui| {
            for (l, s) in Layout::ALL {
                ui.selectable_value(&mut layout, l, s).tap(s);
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
    ui.heading("Touch");
    for line in [
        "One finger: drag a shape, or pan on empty space; a tap on a shape makes it A.",
        "Two fingers: pinch to zoom the view under them, move together to pan.",
        "Hold a finger still on a shape for half a second, then move it round the \
         shape: it turns.",
        "Swipe the panel's text to scroll it; the question and its reply stay above.",
        "On a phone, World | A − B (top) switch the view; the buttons at the bottom \
         step; Hide folds the panel away.",
        "A question: tap one of the rings in the picture.",
    ] {
        ui.label(format!("• {line}"));
    }
}

/// The words the narration uses, each with its meaning (the legend's hover text shows
/// the same).
fn glossary(ui: &mut egui::Ui) {
    ui.heading("Glossary");
    for &(term, name, text) in super::glossary::GLOSSARY {
        let (stem, page) = super::glossary::taught(term);
        let lesson = stem.split('-').next().and_then(|n| n.parse::<u32>().ok());
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(name)
                    .strong()
                    .color(Color32::from_rgb(250, 215, 80)),
            );
            if let Some(lesson) = lesson {
                ui.label(
                    RichText::new(format!("(lesson {lesson}, page {page})")).color(Color32::GRAY),
                );
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
    ui.heading("Mouse (world view)");
    for line in [
        "Drag a shape: move it.",
        "Drag a polygon vertex (a ring shows): reshape; a concave result is split \
         into convex parts again, a self-crossing one is rejected and outlined in red.",
        "Wheel over a shape: rotate it (5° a notch, Shift: 1°).",
        "Wheel elsewhere, or Ctrl+wheel: zoom about the mouse.",
        "Left click a shape: make it A. Right click: make it B.",
        "Drag empty space: pan.",
        "The world position under the mouse shows at the view's top right, below its \
         title, while the mouse is over the view; the grid lines are labelled along the \
         edges.",
    ] {
        ui.label(format!("• {line}"));
    }
    ui.heading("Mouse (A − B view)");
    ui.label(
        "• Hover a simplex or polytope point: rings show the points a on A and b on B \
         it is the difference of.",
    );
    ui.label("• Drag: pan. Wheel: zoom. F fits both views again.");
    ui.label(
        "• The point of A − B under the mouse shows at the view's top right: compare it \
         with the narrated numbers.",
    );
    if !touch && super::platform::IN_BROWSER {
        touch_help(ui);
    }
    ui.heading(if touch { "With a keyboard" } else { "Keys" });
    // In the browser F5 reloads the page, which comes back to what was shown: the
    // address holds it.
    let reload = if super::platform::IN_BROWSER {
        "F5: reload the page (the address keeps what you see: you come back to it);  \
         Ctrl+S: download the scene"
    } else {
        "F5: reload the scene file (in a lesson: the same page);  Ctrl+S: save"
    };
    for line in [
        "N or Right arrow: next step;  B or Left arrow: back",
        "Home / End: first / last step",
        "Space: play / pause (speed: slider)",
        "R: restart;  1–9, 0, -, =: algorithm (in menu order)",
        "F: fit views;  L: layout;  M: two shapes / many shapes",
        "V: the algorithm's next version: gjk-lab's, then each seed's (the menu beside the algorithm's)",
        reload,
        "K: the lessons, where you left them / leave;  Page Up / Page Down: pages",
        "While a question waits: Tab (or 1–9) picks a candidate, Enter answers with it",
    ] {
        ui.label(format!("• {line}"));
    }
    ui.add_space(6.0);
    ui.label("Dragging at step k re-runs the algorithm and shows step k of the new run.");
    ui.heading("Many shapes (broad phase)");
    for line in [
        "Choose \"Many shapes\" at the top left, press M, or start with --mode many \
         (scenes of more than 40 shapes open in it).",
        "The shapes drift and bounce in the box; drag one to hold it still.",
        "Yellow: the broad phase's pairs (boxes overlap); red: contacts (the narrow \
         phase says the shapes intersect).",
        "Space: pause / resume the motion.",
        "N or Right arrow: stop and step the sweep, end point by end point; at the end \
         of a frame N moves the shapes on and steps the next frame's insertion sort.",
        "B / Left, Home / End, R: as for the other algorithms. Space: run again.",
    ] {
        ui.label(format!("• {line}"));
    }
    glossary(ui);
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
