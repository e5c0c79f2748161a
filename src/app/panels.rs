//! The egui panels: controls along the top, and on the right the explanation
//! (narration, pseudo-code with the current line, legend), the scene files and the
//! help. Fonts are large enough to read on a projector.

use super::draw::palette;
use super::state::{scene_files, App, Layout};
use super::visualizers;
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
    listed_at: f64,
}

impl Default for Panels {
    fn default() -> Self {
        Panels {
            tab: Tab::Explain,
            typing: false,
            scene_list: vec![],
            listed_at: f64::NEG_INFINITY,
        }
    }
}

/// A macroquad colour as an egui colour.
fn color32(c: Color) -> Color32 {
    let [r, g, b, a]: [u8; 4] = c.into();
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// Every colour of the views and what it means.
pub const LEGEND: &[(Color, &str)] = &[
    (palette::SHAPE_A, "shape A"),
    (palette::SHAPE_B, "shape B (dashed: moved out)"),
    (palette::SHAPE_OTHER, "other shapes"),
    (palette::MINKOWSKI, "A − B; dashed: its core"),
    (palette::ORIGIN, "origin O of A − B"),
    (palette::DIRECTION, "search direction d, −d"),
    (palette::SUPPORT, "support w = a − b; a, b"),
    (palette::SIMPLEX, "simplex / EPA polytope"),
    (palette::DROPPED, "dropped point (ghost)"),
    (palette::REGION, "Voronoi region of O"),
    (palette::CLOSEST, "closest point v; feet"),
    (palette::EDGE, "closest edge, n, depth"),
    (palette::RESULT, "distance, separating line"),
    (palette::REJECTED, "rejected (not convex)"),
];

/// Large fonts and a dark theme, once at start-up.
pub fn setup(ctx: &egui::Context) {
    ctx.set_theme(egui::Theme::Dark);
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
                        Tab::Explain => explain(ui, app),
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
                    let play = if app.playing { "⏸ Pause" } else { "▶ Play" };
                    if ui.button(play).on_hover_text("Space").clicked() {
                        app.toggle_play();
                    }
                    ui.add(
                        egui::Slider::new(&mut app.speed, 0.5..=10.0)
                            .logarithmic(true)
                            .suffix(" steps/s"),
                    );
                    ui.separator();
                    ui.label(
                        RichText::new(format!("Step {} / {}", app.step, app.step_count())).strong(),
                    );
                });
                ui.horizontal_wrapped(|ui| {
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
                    ui.separator();
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
                    if ui.button("Fit (F)").clicked() {
                        app.fit_world = true;
                        app.follow_minkowski = true;
                    }
                    if let Some(notice) = &app.notice {
                        ui.separator();
                        ui.label(RichText::new(notice).color(Color32::from_rgb(200, 200, 140)));
                    }
                });
                ui.add_space(2.0);
            });
    }

    fn scenes(&mut self, ui: &mut egui::Ui, app: &mut App, time: f64) {
        let dir = scenes_dir(app.scene_path.as_deref());
        if time - self.listed_at > 1.0 {
            self.scene_list = scene_files(&dir);
            self.listed_at = time;
        }
        ui.heading("Scenes");
        ui.label(format!(
            "Files in {}/ — click one to open it.",
            dir.display()
        ));
        for path in self.scene_list.clone() {
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let current = app.scene_path.as_deref() == Some(path.as_path());
            if ui.selectable_label(current, name).clicked() {
                app.load(&path);
            }
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Reload (F5)").clicked() {
                app.reload();
            }
            ui.checkbox(&mut app.auto_reload, "reload when the file changes");
        });
        ui.add_space(8.0);
        ui.heading("Save");
        ui.label("Shapes, A and B, algorithm, step and view, written atomically.");
        let response =
            ui.add(egui::TextEdit::singleline(&mut app.save_path).desired_width(f32::INFINITY));
        self.typing |= response.has_focus();
        if ui.button("Save (Ctrl+S)").clicked() {
            let path = PathBuf::from(app.save_path.trim());
            app.save(&path);
        }
        if let Some(title) = &app.scene.title {
            ui.add_space(8.0);
            ui.heading(title);
        }
        if let Some(description) = &app.scene.description {
            ui.label(description);
        }
    }
}

/// A panel's frame without its fill: the window is already cleared to a dark colour,
/// and painting 450,000 more pixels a frame costs the software renderer milliseconds.
fn panel_frame(ctx: &egui::Context) -> egui::Frame {
    egui::Frame::side_top_panel(&ctx.style()).fill(Color32::TRANSPARENT)
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
    if local.is_dir() {
        return local;
    }
    current
        .and_then(Path::parent)
        .filter(|p| !p.as_os_str().is_empty())
        .map_or(local, Path::to_path_buf)
}

fn explain(ui: &mut egui::Ui, app: &App) {
    let visualizer = visualizers::visualizer(app.algorithm);
    if let Some(title) = &app.scene.title {
        ui.label(RichText::new(format!("Scene: {title}")).size(15.0));
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
        ui.label(RichText::new(format!("Pseudo-code: {}", app.algorithm.title())).strong());
        for (i, line) in visualizer.pseudo_code().iter().enumerate() {
            let text = RichText::new(format!("{line:<47}")).monospace().size(15.0);
            let text = if step.line == Some(i) {
                text.background_color(Color32::from_rgb(250, 215, 80))
                    .color(Color32::BLACK)
                    .strong()
            } else {
                text.color(Color32::from_gray(200))
            };
            ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
        }
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Legend").strong());
    egui::Grid::new("legend")
        .num_columns(2)
        .spacing([10.0, 3.0])
        .show(ui, |ui| {
            for (k, (color, meaning)) in LEGEND.iter().enumerate() {
                swatch(ui, *color, meaning);
                if k % 2 == 1 {
                    ui.end_row();
                }
            }
        });
}

/// A coloured square and its meaning.
fn swatch(ui: &mut egui::Ui, color: Color, meaning: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        let opaque = Color::new(color.r, color.g, color.b, color.a.max(0.6));
        ui.painter().rect_filled(rect, 3.0, color32(opaque));
        ui.label(RichText::new(meaning).size(15.0));
    });
}

fn help(ui: &mut egui::Ui) {
    ui.heading("Mouse (world view, left)");
    for line in [
        "Drag a shape: move it.",
        "Drag a polygon vertex (a ring shows): reshape; a non-convex result is \
         rejected and outlined in red.",
        "Wheel over a shape: rotate it (5° a notch, Shift: 1°).",
        "Wheel elsewhere, or Ctrl+wheel: zoom about the mouse.",
        "Left click a shape: make it A. Right click: make it B.",
        "Drag empty space: pan.",
    ] {
        ui.label(format!("• {line}"));
    }
    ui.heading("Mouse (A − B view, right)");
    ui.label(
        "• Hover a simplex or polytope point: rings show the points a on A and b on B \
         it is the difference of.",
    );
    ui.label("• Drag: pan. Wheel: zoom. F fits both views again.");
    ui.heading("Keys");
    for line in [
        "N or Right arrow: next step;  B or Left arrow: back",
        "Home / End: first / last step",
        "Space: play / pause (speed: slider)",
        "R: restart;  1–4: algorithm",
        "F: fit views;  L: layout",
        "F5: reload the scene file;  Ctrl+S: save",
    ] {
        ui.label(format!("• {line}"));
    }
    ui.add_space(6.0);
    ui.label("Dragging at step k re-runs the algorithm and shows step k of the new run.");
}
