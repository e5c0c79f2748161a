//! The egui panels: controls along the top, and on the right the explanation
//! (narration, pseudo-code with the current line, legend), the scene files and the
//! help. Fonts are large enough to read on a projector.

use super::draw::palette;
use super::files_panel::FilesPanel;
use super::legend;
use super::many::Sample;
use super::state::{scene_files, App, Layout, Mode};
use super::visualizers;
use super::visualizers::sweep;
use egui_macroquad::egui::{self, Color32, FontId, RichText, TextStyle};
use gjk_lab::algorithms::Algorithm;
use macroquad::color::Color;
use std::path::{Path, PathBuf};

/// Width of the right panel.
const SIDE_WIDTH: f32 = 470.0;

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
    scene_list: Vec<PathBuf>,
    lesson_list: Vec<PathBuf>,
    listed_at: f64,
    files: FilesPanel,
}

impl Default for Panels {
    fn default() -> Self {
        Panels {
            tab: Tab::Explain,
            typing: false,
            scene_list: vec![],
            lesson_list: vec![],
            listed_at: f64::NEG_INFINITY,
            files: FilesPanel::default(),
        }
    }
}

/// A macroquad colour as an egui colour.
fn color32(c: Color) -> Color32 {
    let [r, g, b, a]: [u8; 4] = c.into();
    Color32::from_rgba_unmultiplied(r, g, b, a)
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
pub fn setup(ctx: &egui::Context) {
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
    /// Shows every panel; `time` is the app's clock in seconds.
    pub fn show(&mut self, ctx: &egui::Context, app: &mut App, time: f64) {
        self.typing = false;
        self.top(ctx, app);
        if let Some(error) = app.error.clone() {
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
        egui::SidePanel::right("side")
            .frame(panel_frame(ctx))
            .resizable(false)
            .exact_width(SIDE_WIDTH)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut self.tab, Tab::Explain, "Explain");
                    ui.selectable_value(&mut self.tab, Tab::Scenes, "Scenes");
                    ui.selectable_value(&mut self.tab, Tab::Help, "Help");
                });
                ui.separator();
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| match self.tab {
                        Tab::Explain => match app.mode {
                            Mode::Pair => explain(ui, app),
                            Mode::Many => explain_many(ui, app),
                        },
                        Tab::Scenes => self.scenes(ui, app, time),
                        Tab::Help => help(ui),
                    });
            });
    }

    fn top(&mut self, ctx: &egui::Context, app: &mut App) {
        egui::TopBottomPanel::top("controls")
            .frame(panel_frame(ctx))
            .show(ctx, |ui| {
                ui.add_space(2.0);
                ui.horizontal_wrapped(|ui| {
                    mode_combo(ui, app);
                    // The many-shapes mode runs the narrow phase on every pair: the algorithm (and A
                    // and B below) belong to the two-shape mode.
                    if app.mode == Mode::Pair {
                        algorithm_combo(ui, app);
                    }
                    ui.separator();
                    if ui.button("⏮").on_hover_text("First step (Home)").clicked() {
                        app.go_to(0);
                    }
                    if ui
                        .button("◀ Back")
                        .on_hover_text("B or Left arrow")
                        .clicked()
                    {
                        app.back();
                    }
                    if ui
                        .button("Next ▶")
                        .on_hover_text("N or Right arrow")
                        .clicked()
                    {
                        app.next();
                    }
                    if ui.button("⏭").on_hover_text("Last step (End)").clicked() {
                        app.go_to(usize::MAX);
                    }
                    let play = match app.mode {
                        Mode::Many if app.many.sweep.is_some() => "▶ Run",
                        Mode::Many if app.many.paused => "▶ Resume",
                        Mode::Many => "⏸ Pause",
                        Mode::Pair if app.playing => "⏸ Pause",
                        Mode::Pair => "▶ Play",
                    };
                    if ui.button(play).on_hover_text("Space").clicked() {
                        app.toggle_play();
                    }
                    // The many-shapes mode moves in real time: no playing speed.
                    if app.mode == Mode::Pair {
                        ui.add(
                            egui::Slider::new(&mut app.speed, 0.5..=10.0)
                                .logarithmic(true)
                                .suffix(" steps/s"),
                        );
                    }
                    ui.separator();
                    ui.label(RichText::new(step_text(app)).strong());
                });
                ui.horizontal_wrapped(|ui| {
                    if app.mode == Mode::Many {
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
                    if app.mode == Mode::Pair {
                        layout_combo(ui, app);
                    }
                    if app.lesson.is_none() {
                        predict_toggle(ui, app);
                    }
                    if ui.button("Fit (F)").clicked() {
                        app.fit_world = true;
                        app.follow_minkowski = true;
                    }
                    self.files.copy_link_button(ui, app);
                    super::files_panel::open_file_button(ui);
                    if let Some(notice) = &app.notice {
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
fn mode_combo(ui: &mut egui::Ui, app: &mut App) {
    const LESSONS: &str = "Lessons (learn from zero)";
    let in_lesson = app.lesson.is_some();
    let label = if in_lesson {
        LESSONS
    } else {
        Mode::ALL
            .iter()
            .find(|(m, _)| *m == app.mode)
            .map_or("", |(_, s)| s)
    };
    let mut chosen = None;
    let mut lessons = false;
    egui::ComboBox::from_id_salt("mode")
        .selected_text(label)
        .width(240.0)
        .show_ui(ui, |ui| {
            for (m, s) in Mode::ALL {
                if ui
                    .selectable_label(!in_lesson && app.mode == m, s)
                    .clicked()
                {
                    chosen = Some(m);
                }
            }
            lessons = ui.selectable_label(in_lesson, LESSONS).clicked();
        })
        .response
        .on_hover_text("M: pair / many shapes; K: lessons");
    if let Some(mode) = chosen {
        app.close_lesson();
        app.set_mode(mode);
    }
    if lessons && !in_lesson {
        app.set_mode(Mode::Pair);
        app.open_next_lesson();
    }
}

/// The Predict toggle: before every event a learner can foresee (the next support
/// point, the feature kept, the edge EPA expands, SAT's axis, the reference edge, and
/// in the many-shapes mode the next swap of insertion sort), the app asks first and
/// judges a click.
fn predict_toggle(ui: &mut egui::Ui, app: &mut App) {
    let response = ui
        .checkbox(&mut app.predict, "Predict")
        .on_hover_text("Before each step you can foresee, click your guess in the picture first.");
    if response.changed() && !app.predict {
        app.question = None;
    }
}

/// The question waiting for a click, the last verdict, and the score.
fn question_box(ui: &mut egui::Ui, app: &mut App) {
    if let Some(q) = app.question {
        egui::Frame::new()
            .fill(Color32::from_rgb(60, 52, 20))
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.add(
                    egui::Label::new(
                        RichText::new(q.kind.question())
                            .size(18.0)
                            .color(Color32::from_rgb(255, 220, 120)),
                    )
                    .wrap(),
                );
                if ui
                    .button("Show me")
                    .on_hover_text("Reveal without answering")
                    .clicked()
                {
                    app.reveal();
                }
            });
    }
    if let Some(v) = &app.verdict {
        let color = if v.right {
            Color32::from_rgb(120, 230, 130)
        } else {
            Color32::from_rgb(255, 140, 120)
        };
        ui.add(egui::Label::new(RichText::new(&v.text).size(17.0).color(color)).wrap());
    }
    let score = app.lesson.as_ref().map_or(app.score, |l| l.score);
    if app.lesson.is_some() || app.predict {
        ui.label(format!(
            "Score: {} right, {} wrong",
            score.right, score.wrong
        ));
    }
}

/// A lesson's page: its title and number, its text with live numbers, its question,
/// and the way to the next page; at the last page, the lesson's summary.
fn lesson_box(ui: &mut egui::Ui, app: &mut App) {
    let Some(lesson) = &app.lesson else {
        return;
    };
    let (page, pages, score) = (lesson.page, lesson.pages.len(), lesson.score);
    let title = app
        .scene
        .title
        .clone()
        .unwrap_or_else(|| lesson.name.clone());
    ui.heading(format!("{title} — page {} of {pages}", page + 1));
    ui.add(
        egui::Label::new(
            RichText::new(app.page_text())
                .size(19.0)
                .color(Color32::from_gray(240)),
        )
        .wrap(),
    );
    question_box(ui, app);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(page > 0, egui::Button::new("◀ Previous page"))
            .on_hover_text("Page Up")
            .clicked()
        {
            app.previous_page();
        }
        if ui
            .add_enabled(page + 1 < pages, egui::Button::new("Next page ▶"))
            .on_hover_text("Page Down")
            .clicked()
        {
            app.next_page();
        }
    });
    if page + 1 == pages {
        let asked = score.right + score.wrong;
        ui.label(
            RichText::new(format!(
                "End of the lesson: {} of {asked} predictions right. K leaves the lessons; \
                 the mode menu opens the next one.",
                score.right
            ))
            .color(Color32::from_rgb(160, 200, 255)),
        );
    }
    lesson_list(ui, app);
    ui.separator();
}

/// Every lesson, with the pages seen and the score kept between runs.
fn lesson_list(ui: &mut egui::Ui, app: &mut App) {
    let progress = super::lessons::load_progress();
    let files = super::lessons::lesson_files(&super::lessons::root());
    let current = app.lesson.as_ref().map(|l| l.name.clone());
    egui::CollapsingHeader::new("All lessons").show(ui, |ui| {
        for path in files {
            let name = path
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
            let kept = progress.lessons.get(&name).cloned().unwrap_or_default();
            let text = format!(
                "{name}  (seen {} pages; {} right, {} wrong)",
                kept.seen, kept.score.right, kept.score.wrong
            );
            if ui
                .selectable_label(current.as_deref() == Some(name.as_str()), text)
                .clicked()
            {
                app.open_lesson(&path, 0);
            }
        }
    });
}

/// The algorithm chooser (two-shape mode).
fn algorithm_combo(ui: &mut egui::Ui, app: &mut App) {
    let mut algorithm = app.algorithm;
    egui::ComboBox::from_id_salt("algorithm")
        .selected_text(algorithm.title())
        .width(230.0)
        .show_ui(ui, |ui| {
            for a in Algorithm::ALL {
                ui.selectable_value(&mut algorithm, a, a.title());
            }
        });
    app.set_algorithm(algorithm);
}

/// The choosers of shapes A and B (two-shape mode).
fn shape_choosers(ui: &mut egui::Ui, app: &mut App) {
    let names: Vec<String> = app
        .scene
        .shapes
        .iter()
        .enumerate()
        .map(|(i, s)| s.display_name(i))
        .collect();
    let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| "—".into());
    let (mut a, mut b) = (app.a, app.b);
    ui.label(RichText::new("A").color(color32(palette::SHAPE_A)).strong());
    shape_combo(ui, "a", &mut a, &names, &name(app.a));
    ui.label(RichText::new("B").color(color32(palette::SHAPE_B)).strong());
    shape_combo(ui, "b", &mut b, &names, &name(app.b));
    // One change per frame: choosing A as the old B swaps them.
    if a != app.a {
        app.set_a(a);
    } else if b != app.b {
        app.set_b(b);
    }
}

impl Panels {
    fn scenes(&mut self, ui: &mut egui::Ui, app: &mut App, time: f64) {
        let dir = scenes_dir(app.scene_path.as_deref());
        if time - self.listed_at > 1.0 {
            self.scene_list = scene_files(&dir);
            self.lesson_list = super::lessons::lesson_files(&super::lessons::root());
            self.listed_at = time;
        }
        ui.heading("Scenes");
        ui.label(format!(
            "Files in {}/ — click one to open it.",
            dir.display()
        ));
        self.files.list(ui, app, &self.scene_list.clone(), false);
        if !self.lesson_list.is_empty() {
            egui::CollapsingHeader::new("Lessons").show(ui, |ui| {
                self.files.list(ui, app, &self.lesson_list.clone(), true);
            });
        }
        ui.add_space(8.0);
        self.files.open_and_share(ui, app, &mut self.typing);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Reload (F5)").clicked() {
                app.reload();
            }
            ui.checkbox(&mut app.auto_reload, "reload when the file changes");
        });
        ui.add_space(8.0);
        ui.heading("Save");
        ui.label(super::platform::SAVE_HINT);
        let response =
            ui.add(egui::TextEdit::singleline(&mut app.save_path).desired_width(f32::INFINITY));
        self.typing |= response.has_focus();
        if ui.button("Save (Ctrl+S)").clicked() {
            let path = PathBuf::from(app.save_path.trim());
            app.save(&path);
        }
        export_button(ui, app);
        if let Some(title) = &app.scene.title {
            ui.add_space(8.0);
            ui.heading(title);
        }
        if let Some(description) = &app.scene.description {
            ui.label(description);
        }
    }
}

/// Exports every step of the current run as an animated GIF beside the save path
/// (`scene-algorithm.gif`), one step a second.
fn export_button(ui: &mut egui::Ui, app: &mut App) {
    let count = app.step_count();
    let base = PathBuf::from(app.save_path.trim());
    let stem = base
        .file_stem()
        .map_or("scene".into(), |s| s.to_string_lossy().into_owned());
    let out = base.with_file_name(format!("{stem}-{}.gif", app.algorithm.name()));
    let label = format!("Export steps 1–{count} as GIF");
    let button = ui.add_enabled(count > 0, egui::Button::new(label));
    let button = button.on_hover_text(format!(
        "Writes {} (slides, course pages); headless: gjk-lab SCENE --algo A --export out.gif --steps 1..N",
        out.display()
    ));
    if button.clicked() {
        match super::export::Plan::new(&out, None, None, count) {
            Ok(plan) => app.export_request = Some(plan),
            Err(e) => app.error = Some(e),
        }
    }
}

/// A panel's frame without its fill: the window is already cleared to a dark colour,
/// and painting 450,000 more pixels a frame costs the software renderer milliseconds.
fn panel_frame(ctx: &egui::Context) -> egui::Frame {
    egui::Frame::side_top_panel(&ctx.style()).fill(Color32::TRANSPARENT)
}

/// A combo box choosing the layout of the views.
fn layout_combo(ui: &mut egui::Ui, app: &mut App) {
    let mut layout = app.layout;
    let label = Layout::ALL
        .iter()
        .find(|(l, _)| *l == layout)
        .map_or("", |(_, s)| s);
    egui::ComboBox::from_id_salt("layout")
        .selected_text(label)
        .show_ui(ui, |ui| {
            for (l, s) in Layout::ALL {
                ui.selectable_value(&mut layout, l, s);
            }
        });
    app.layout = layout;
}

/// A combo box choosing a shape by name.
fn shape_combo(ui: &mut egui::Ui, id: &str, index: &mut usize, names: &[String], selected: &str) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(selected)
        .width(120.0)
        .show_ui(ui, |ui| {
            for (i, n) in names.iter().enumerate() {
                ui.selectable_value(index, i, n);
            }
        });
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
fn step_text(app: &App) -> String {
    match (app.mode, &app.many.sweep) {
        (Mode::Pair, _) => format!("Step {} / {}", app.step, app.step_count()),
        (Mode::Many, Some(t)) => format!("Sweep {} / {}", t.step, t.last()),
        (Mode::Many, None) => "N: step the sweep".to_string(),
    }
}

/// Pseudo-code with the current line highlighted.
fn pseudo_code(ui: &mut egui::Ui, title: &str, lines: &[&str], current: Option<usize>) {
    ui.label(RichText::new(format!("Pseudo-code: {title}")).strong());
    for (i, line) in lines.iter().enumerate() {
        let text = RichText::new(format!("{line:<47}")).monospace().size(15.0);
        let text = if current == Some(i) {
            text.background_color(Color32::from_rgb(250, 215, 80))
                .color(Color32::BLACK)
                .strong()
        } else {
            text.color(Color32::from_gray(200))
        };
        ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
    }
}

/// The legend of what the views draw now, in two columns; an entry that uses a term
/// of the glossary shows its meaning on hover.
fn legend(ui: &mut egui::Ui, id: &str, entries: &[legend::Entry]) {
    ui.label(RichText::new("Legend").strong())
        .on_hover_text("Only what the current step draws. Hover an entry for the word it uses; all words are in Help → Glossary.");
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([10.0, 3.0])
        .show(ui, |ui| {
            for (k, entry) in entries.iter().enumerate() {
                let response = swatch(ui, entry.color, entry.text);
                if let Some(term) = entry.term {
                    let (name, text) = legend::explain(term);
                    response.on_hover_text(format!("{name}: {text}"));
                }
                if k % 2 == 1 {
                    ui.end_row();
                }
            }
        });
}

/// The scene's title and description (what the preset is there to show), at the top
/// of the Explain tab; a click folds the description away.
fn scene_intro(ui: &mut egui::Ui, app: &App) {
    let title = app.scene.title.as_deref().unwrap_or("Scene");
    let Some(description) = &app.scene.description else {
        ui.label(RichText::new(format!("Scene: {title}")).size(15.0));
        return;
    };
    egui::CollapsingHeader::new(RichText::new(format!("Scene: {title}")).size(15.0))
        .id_salt("scene-intro")
        .default_open(true)
        .show(ui, |ui| {
            ui.label(
                RichText::new(description)
                    .size(15.0)
                    .color(Color32::from_gray(205)),
            );
        });
}

/// The Explain tab of the many-shapes mode: the stepped sweep (narration, active
/// list, swap counter, pseudo-code), the profiler and the legend.
fn explain_many(ui: &mut egui::Ui, app: &mut App) {
    if app.lesson.is_some() {
        lesson_box(ui, app);
    } else if app.question.is_some() || app.verdict.is_some() || app.predict {
        question_box(ui, app);
    }
    let many = &app.many;
    scene_intro(ui, app);
    ui.label(
        RichText::new(format!(
            "{} shapes drift and bounce; sweep and prune finds the pairs whose boxes \
             overlap, the narrow phase the pairs that touch. N steps the sweep, Space \
             pauses.",
            app.scene.shapes.len()
        ))
        .size(15.0),
    );
    if let Some(trace) = &many.sweep {
        let step = trace.current();
        ui.heading(format!(
            "{} — step {} of {}, frame {}",
            step.title,
            trace.step,
            trace.last(),
            trace.frame
        ));
        ui.label(
            RichText::new(&step.narration)
                .size(18.0)
                .color(Color32::from_gray(235)),
        );
        let names = visualizers::sweep::box_names(&app.scene.shapes);
        let ids: Vec<String> = step
            .active
            .iter()
            .map(|&id| names.get(id as usize).cloned().unwrap_or_default())
            .collect();
        ui.label(
            RichText::new(format!("Active list: [{}]", ids.join(", ")))
                .color(color32(palette::ACTIVE)),
        );
        ui.label(format!(
            "So far: {} swaps, {} candidates, {} pairs",
            step.so_far.swaps, step.so_far.candidates, step.so_far.pairs
        ));
        pseudo_code(ui, "sweep and prune", sweep::CODE, step.line);
    }
    ui.add_space(6.0);
    profiler(ui, app);
    ui.add_space(6.0);
    legend(ui, "many-legend", &legend::entries(app));
}

/// Broad- and narrow-phase time of the last frame, the counts, and a graph of the
/// last frames' times.
fn profiler(ui: &mut egui::Ui, app: &App) {
    let many = &app.many;
    let last = many.last_sample();
    // The counts belong to the frame the narration talks about (the stepped one while
    // stepping); the times are always a running frame's.
    let stats = many.shown_stats();
    ui.label(RichText::new("Profiler (per frame)").strong());
    egui::Grid::new("profiler")
        .num_columns(4)
        .spacing([14.0, 2.0])
        .show(ui, |ui| {
            ui.label(RichText::new("broad phase").color(color32(palette::PAIR)));
            ui.label(format!("{:.3} ms", last.broad_ms));
            ui.label("pairs");
            ui.label(many.pairs.len().to_string());
            ui.end_row();
            ui.label(RichText::new("narrow phase").color(color32(palette::CONTACT)));
            ui.label(format!("{:.3} ms", last.narrow_ms));
            ui.label("contacts");
            ui.label(many.contacts.len().to_string());
            ui.end_row();
            ui.label("swaps");
            ui.label(stats.swaps.to_string());
            ui.label("candidates");
            ui.label(stats.candidates.to_string());
            ui.end_row();
        });
    if let Some(trace) = &many.sweep {
        ui.label(
            RichText::new(format!(
                "Counts: the stepped frame {} (as the narration says). Times: the last \
                 running frame (a stepped frame waits for you, so it is not timed).",
                trace.frame
            ))
            .size(14.0)
            .color(Color32::from_gray(190)),
        );
    }
    if let Some(seconds) = last.after_jump {
        ui.label(
            RichText::new(format!(
                "This frame follows a jump of {seconds} s (--advance): its swaps re-sort \
                 all that motion at once. Running frames move 1/60 s each; the graph \
                 shows only those."
            ))
            .size(14.0)
            .color(Color32::from_rgb(200, 200, 140)),
        );
    }
    history_graph(ui, &many.history);
}

/// Broad (yellow) and narrow (red) phase time of the last frames, as two lines.
fn history_graph(ui: &mut egui::Ui, history: &std::collections::VecDeque<Sample>) {
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(SIDE_WIDTH - 40.0, 70.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, Color32::from_gray(90)),
        egui::StrokeKind::Inside,
    );
    // A frame after a jump (`--advance`) is not a running frame: leave it out.
    let running: Vec<&Sample> = history.iter().filter(|s| s.after_jump.is_none()).collect();
    let top = running
        .iter()
        .map(|s| s.broad_ms.max(s.narrow_ms))
        .fold(0.1, f64::max);
    let n = super::many::HISTORY.max(2) as f32;
    let line = |value: fn(&Sample) -> f64, color: Color| {
        let points: Vec<egui::Pos2> = running
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let x = rect.left() + rect.width() * i as f32 / (n - 1.0);
                let y = rect.bottom() - rect.height() * (value(s) / top) as f32;
                egui::pos2(x, y)
            })
            .collect();
        painter.add(egui::Shape::line(
            points,
            egui::Stroke::new(1.5, color32(color)),
        ));
    };
    line(|s| s.broad_ms, palette::PAIR);
    line(|s| s.narrow_ms, palette::CONTACT);
    painter.text(
        rect.left_top() + egui::vec2(4.0, 2.0),
        egui::Align2::LEFT_TOP,
        format!("{top:.2} ms"),
        FontId::proportional(13.0),
        Color32::from_gray(170),
    );
}

fn explain(ui: &mut egui::Ui, app: &mut App) {
    if app.lesson.is_some() {
        lesson_box(ui, app);
    } else if app.question.is_some() || app.verdict.is_some() || app.predict {
        question_box(ui, app);
    }
    scene_intro(ui, app);
    // A lesson figure's page is its own picture: no algorithm step is drawn, so none
    // is told.
    if super::figures::page_figure(app).is_some() {
        ui.add_space(6.0);
        legend(ui, "legend", &legend::entries(app));
        return;
    }
    if let Some(step) = app.current() {
        ui.heading(format!(
            "{} — step {} of {}",
            step.title,
            app.step,
            app.step_count()
        ));
        ui.label(
            RichText::new(&step.narration)
                .size(19.0)
                .color(Color32::from_gray(235)),
        );
        ui.add_space(6.0);
        pseudo_code(
            ui,
            app.algorithm.title(),
            app.algorithm.pseudo_code(),
            step.line,
        );
    }
    offer_instead(ui, app);
    if matches!(
        app.algorithm,
        Algorithm::Sat | Algorithm::SatObb | Algorithm::Epa
    ) && app.has_pair()
    {
        ui.add_space(6.0);
        sat_vs_epa(ui, app);
    }
    if let Some(c) = &app.pseudo_comparison {
        ui.add_space(6.0);
        pseudo_vs_epa(ui, c);
    }
    ui.add_space(6.0);
    legend(ui, "legend", &legend::entries(app));
}

/// When the algorithm does not apply to the pair, a button that switches to one that
/// does (the visualiser names it with an [`Item::Instead`]).
///
/// [`Item::Instead`]: visualizers::Item::Instead
fn offer_instead(ui: &mut egui::Ui, app: &mut App) {
    let instead = app
        .steps
        .iter()
        .flat_map(|s| &s.items)
        .find_map(|i| match i {
            visualizers::Item::Instead(a) => Some(*a),
            _ => None,
        });
    if let Some(algorithm) = instead {
        ui.add_space(6.0);
        let key = visualizers::sat::key_of(algorithm);
        let text = RichText::new(format!("Use {} instead ({key})", algorithm.title()))
            .size(19.0)
            .strong();
        if ui.button(text).clicked() {
            app.set_algorithm(algorithm);
        }
    }
}

/// Pseudo-EPA's and EPA's answers for the pair, side by side: depth, normal and the
/// edge of A − B each stopped on.
fn pseudo_vs_epa(ui: &mut egui::Ui, c: &visualizers::pseudo_epa::Comparison) {
    use visualizers::{num4, vec4};
    ui.label(RichText::new("Pseudo-EPA vs EPA on this pair").size(17.0));
    let describe = |name: &str, a: &visualizers::pseudo_epa::Answer| {
        let answer = match a.normal {
            Some(n) => format!("{name}: depth {}, n {}", num4(a.depth), vec4(n)),
            None => format!("{name}: no depth"),
        };
        match a.edge {
            Some((p, q)) => format!(
                "{answer}\n    edge {} to {}",
                visualizers::vec2(p),
                visualizers::vec2(q)
            ),
            None => answer,
        }
    };
    ui.add(egui::Label::new(RichText::new(describe("pseudo-EPA", &c.pseudo)).monospace()).wrap());
    ui.add(egui::Label::new(RichText::new(describe("EPA", &c.epa)).monospace()).wrap());
    let (verdict, color) = if c.agree {
        ("They agree.", Color32::from_rgb(120, 230, 130))
    } else {
        (
            "They disagree: pseudo-EPA stopped on an edge that is only locally nearest.",
            Color32::from_rgb(255, 140, 120),
        )
    };
    ui.add(egui::Label::new(RichText::new(verdict).color(color)).wrap());
}

/// SAT's and EPA's answers for the current pair (the decisive part pair when a shape
/// is concave), side by side, and whether they agree.
fn sat_vs_epa(ui: &mut egui::Ui, app: &App) {
    use gjk_lab::algorithms::sat::SatOutcome;
    use visualizers::sat::Agreement;
    let Some(c) = &app.comparison else {
        return;
    };
    use visualizers::{num4, vec4 as v};
    let sat = match c.sat {
        SatOutcome::Overlapping { depth, normal, .. } => {
            format!("depth {}, n {}", num4(depth), v(normal))
        }
        SatOutcome::Separated { gap, .. } => format!("separated (gap {} on one axis)", num4(gap)),
        SatOutcome::NotApplicable { .. } => "does not apply".to_string(),
    };
    let epa = match c.epa.normal {
        Some(normal) if c.epa.intersects => {
            format!("depth {}, n {}", num4(c.epa.depth), v(normal))
        }
        _ if c.epa.intersects => format!("depth {}", num4(c.epa.depth)),
        _ => format!("separated (distance {})", num4(c.epa.distance)),
    };
    let (verdict, color) = match c.agreement {
        Agreement::Agree if !c.epa.intersects => (
            "They agree: both say apart.".to_string(),
            Color32::from_rgb(120, 230, 130),
        ),
        Agreement::Agree => (
            format!(
                "They agree (depths within {:.0e}, normals within 1e-6).",
                c.tolerance
            ),
            Color32::from_rgb(120, 230, 130),
        ),
        Agreement::Tie => (
            "Same depth, different normal: two ways out are equally short (a tie), \
             and each picked one."
                .to_string(),
            Color32::from_rgb(230, 210, 120),
        ),
        Agreement::Disagree => (
            "They disagree.".to_string(),
            Color32::from_rgb(255, 110, 110),
        ),
        Agreement::NotApplicable => (
            "SAT does not apply to this pair; GJK + EPA does.".to_string(),
            Color32::from_gray(200),
        ),
    };
    ui.label(RichText::new("SAT vs EPA on this pair").strong());
    egui::Grid::new("sat-vs-epa")
        .num_columns(2)
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            ui.label("SAT");
            ui.label(RichText::new(sat).monospace());
            ui.end_row();
            ui.label("GJK + EPA");
            ui.label(RichText::new(epa).monospace());
            ui.end_row();
        });
    ui.label(RichText::new(verdict).color(color));
}

/// A coloured square and its meaning; the response covers both (for hover text).
fn swatch(ui: &mut egui::Ui, color: Color, meaning: &str) -> egui::Response {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        let opaque = Color::new(color.r, color.g, color.b, color.a.max(0.6));
        ui.painter().rect_filled(rect, 3.0, color32(opaque));
        ui.label(RichText::new(meaning).size(15.0));
    })
    .response
}

/// The words the narration uses, each with its meaning (the legend's hover text shows
/// the same).
fn glossary(ui: &mut egui::Ui) {
    ui.heading("Glossary");
    for &(_, name, text) in legend::GLOSSARY {
        ui.label(
            RichText::new(name)
                .strong()
                .color(Color32::from_rgb(250, 215, 80)),
        );
        ui.label(RichText::new(text).size(16.0));
        ui.add_space(4.0);
    }
}

/// The Help tab: mouse, keys, the many-shapes mode and the glossary.
fn help(ui: &mut egui::Ui) {
    ui.heading("Mouse (world view, left)");
    for line in [
        "Drag a shape: move it.",
        "Drag a polygon vertex (a ring shows): reshape; a concave result is split \
         into convex parts again, a self-crossing one is rejected and outlined in red.",
        "Wheel over a shape: rotate it (5° a notch, Shift: 1°).",
        "Wheel elsewhere, or Ctrl+wheel: zoom about the mouse.",
        "Left click a shape: make it A. Right click: make it B.",
        "Drag empty space: pan.",
        "The world position under the mouse shows at the view's bottom left; the grid \
         lines are labelled along the edges.",
    ] {
        ui.label(format!("• {line}"));
    }
    ui.heading("Mouse (A − B view, right)");
    ui.label(
        "• Hover a simplex or polytope point: rings show the points a on A and b on B \
         it is the difference of.",
    );
    ui.label("• Drag: pan. Wheel: zoom. F fits both views again.");
    ui.label(
        "• The point of A − B under the mouse shows at the view's bottom left: compare \
         it with the narrated numbers.",
    );
    ui.heading("Keys");
    for line in [
        "N or Right arrow: next step;  B or Left arrow: back",
        "Home / End: first / last step",
        "Space: play / pause (speed: slider)",
        "R: restart;  1–9, 0, -, =: algorithm (in menu order)",
        "F: fit views;  L: layout;  M: two shapes / many shapes",
        "F5: reload the scene file;  Ctrl+S: save",
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
