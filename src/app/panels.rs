//! The egui panels: controls along the top, and on the right the explanation
//! (narration, pseudo-code with the current line, legend), the scene files and the
//! help. Fonts are large enough to read on a projector.

use super::draw::palette;
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
    (palette::PART, "concave: part diagonals"),
    (palette::REJECTED, "rejected (edges cross)"),
];

/// The colours of SAT's views and what they mean.
pub const SAT_LEGEND: &[(Color, &str)] = &[
    (palette::SHAPE_A, "A; its shadow on the axis"),
    (palette::SHAPE_B, "B; its shadow; B moved out"),
    (palette::DIRECTION, "axis n, its edge, overlap"),
    (palette::EDGE, "smallest overlap; MTV"),
    (palette::RESULT, "separating axis, gap"),
    (palette::MINKOWSKI, "A − B: n is a face normal"),
    (palette::ORIGIN, "O: overlap = distance to face"),
];

/// The colours of clipping's views and what they mean.
pub const CLIP_LEGEND: &[(Color, &str)] = &[
    (palette::SHAPE_A, "shape A"),
    (palette::SHAPE_B, "shape B"),
    (palette::EDGE, "reference edge, face; n"),
    (palette::DIRECTION, "incident edge"),
    (palette::SIMPLEX, "side plane; clipped edge"),
    (palette::REJECTED, "side a plane cuts off"),
    (palette::SUPPORT, "contact point, depth"),
    (palette::DROPPED, "cut / dropped; other edge"),
];

/// The colours of the many-shapes mode and what they mean.
pub const MANY_LEGEND: &[(Color, &str)] = &[
    (palette::SHAPE_OTHER, "shape in no pair"),
    (palette::AABB, "bounding box (AABB)"),
    (palette::PAIR, "pair: AABBs overlap"),
    (palette::CONTACT, "contact: shapes touch"),
    (palette::ACTIVE, "active list (sweep)"),
    (palette::SWEEP, "sweep line; a swap"),
    (palette::MIN_END, "min end point (up)"),
    (palette::MAX_END, "max end point (down)"),
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
                    let mut mode = app.mode;
                    let label = Mode::ALL
                        .iter()
                        .find(|(m, _)| *m == mode)
                        .map_or("", |(_, s)| s);
                    egui::ComboBox::from_id_salt("mode")
                        .selected_text(label)
                        .width(240.0)
                        .show_ui(ui, |ui| {
                            for (m, s) in Mode::ALL {
                                ui.selectable_value(&mut mode, m, s);
                            }
                        })
                        .response
                        .on_hover_text("M");
                    app.set_mode(mode);
                    // The many-shapes mode runs GJK on every pair: the algorithm (and A
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
                                "Narrow phase: GJK on every pair. The algorithm and A/B \
                                 choosers are in the two-shape mode (M).",
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
    if local.is_dir() {
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

/// A legend in two columns.
fn legend(ui: &mut egui::Ui, id: &str, entries: &[(Color, &str)]) {
    ui.label(RichText::new("Legend").strong());
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([10.0, 3.0])
        .show(ui, |ui| {
            for (k, (color, meaning)) in entries.iter().enumerate() {
                swatch(ui, *color, meaning);
                if k % 2 == 1 {
                    ui.end_row();
                }
            }
        });
}

/// The Explain tab of the many-shapes mode: the stepped sweep (narration, active
/// list, swap counter, pseudo-code), the profiler and the legend.
fn explain_many(ui: &mut egui::Ui, app: &App) {
    let many = &app.many;
    ui.label(
        RichText::new(format!(
            "{} shapes drift and bounce; sweep and prune finds the pairs whose boxes \
             overlap, GJK the pairs that touch. N steps the sweep, Space pauses.",
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
        let ids: Vec<String> = step.active.iter().map(u32::to_string).collect();
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
    legend(ui, "many-legend", MANY_LEGEND);
}

/// Broad- and narrow-phase time of the last frame, the counts, and a graph of the
/// last frames' times.
fn profiler(ui: &mut egui::Ui, app: &App) {
    let many = &app.many;
    let last = many.last_sample();
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
            ui.label(last.stats.swaps.to_string());
            ui.label("candidates");
            ui.label(last.stats.candidates.to_string());
            ui.end_row();
        });
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
        pseudo_code(
            ui,
            app.algorithm.title(),
            visualizer.pseudo_code(),
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
    ui.add_space(6.0);
    let entries = match app.algorithm {
        Algorithm::Sat | Algorithm::SatObb => SAT_LEGEND,
        Algorithm::Clip => CLIP_LEGEND,
        _ => LEGEND,
    };
    legend(ui, "legend", entries);
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

/// SAT's and EPA's answers for the current pair (the decisive part pair when a shape
/// is concave), side by side, and whether they agree.
fn sat_vs_epa(ui: &mut egui::Ui, app: &App) {
    use gjk_lab::algorithms::sat::SatOutcome;
    use visualizers::sat::Agreement;
    let Some(c) = &app.comparison else {
        return;
    };
    let v = |d: glam::DVec2| format!("({:.4}, {:.4})", d.x, d.y);
    let sat = match c.sat {
        SatOutcome::Overlapping { depth, normal, .. } => {
            format!("depth {depth:.4}, n {}", v(normal))
        }
        SatOutcome::Separated { gap, .. } => format!("separated (gap {gap:.4} on one axis)"),
        SatOutcome::NotApplicable { .. } => "does not apply".to_string(),
    };
    let epa = match c.epa.normal {
        Some(normal) if c.epa.intersects => format!("depth {:.4}, n {}", c.epa.depth, v(normal)),
        _ if c.epa.intersects => format!("depth {:.4}", c.epa.depth),
        _ => format!("separated (distance {:.4})", c.epa.distance),
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
        "Drag a polygon vertex (a ring shows): reshape; a concave result is split \
         into convex parts again, a self-crossing one is rejected and outlined in red.",
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
        "R: restart;  1–7: algorithm (in menu order)",
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
        "Yellow: the broad phase's pairs (boxes overlap); red: contacts (GJK says the \
         shapes intersect).",
        "Space: pause / resume the motion.",
        "N or Right arrow: stop and step the sweep, end point by end point; at the end \
         of a frame N moves the shapes on and steps the next frame's insertion sort.",
        "B / Left, Home / End, R: as for the other algorithms. Space: run again.",
    ] {
        ui.label(format!("• {line}"));
    }
}
