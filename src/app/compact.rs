//! The panels of the narrow and phone layouts ([`super::screen::ScreenShape`]): the explanation,
//! scenes and help as a drawer (below the views, or beside them on a phone turned on
//! its side) with a handle to fold it away; on a phone, a short top bar with the
//! World | A − B tabs, and the step controls as large buttons at the bottom.

use super::i18n::tr;
use super::panels::{algorithm_combo, error_bar, mode_combo, panel_frame, step_text, Panels, Tab};
use super::predict;
use super::screen::{TOUCH_MIN, TOUCH_TARGET};
use super::state::{App, Mode};
use super::view::canvas::Layout;
use crate::app::controls::Tap;
use egui_macroquad::egui::{self, Color32, RichText};

/// The drawer's share of the window's height when it lies below the views.
const DRAWER_SHARE: f32 = 0.4;
/// The drawer's share of the window's width when it lies beside the views.
const SIDE_DRAWER_SHARE: f32 = 0.42;
/// The least room, in points, for the notice at the end of the phone's one-row top bar
/// (less, and it goes on a row of its own).
const NOTICE_MIN_WIDTH: f32 = 120.0;

impl Panels {
    /// The narrow layout: today's top bar, and the panel as a drawer below the views.
    pub(super) fn show_narrow(&mut self, ctx: &egui::Context, app: &mut App, time: f64) {
        self.top(ctx, app);
        error_bar(ctx, app);
        self.drawer(ctx, app, time, false);
    }

    /// The phone layout: a short top bar, the step buttons at the bottom, the panel
    /// as a drawer (below the view upright, beside it on its side), one view at a time.
    pub(super) fn show_phone(&mut self, ctx: &egui::Context, app: &mut App, time: f64) {
        // On its side the phone is wide enough for one row (the drawer goes beside the
        // view); upright, the choosers take the first row and the view's controls the
        // second. A row that does not fit wraps.
        let beside = ctx.screen_rect().width() > ctx.screen_rect().height();
        egui::TopBottomPanel::top("controls")
            .frame(panel_frame(ctx))
            .show(ctx, |ui| {
                if beside {
                    ui.horizontal_wrapped(|ui| {
                        choosers(ui, app);
                        ui.separator();
                        self.view_controls(ui, app, true);
                    });
                } else {
                    ui.horizontal_wrapped(|ui| choosers(ui, app));
                    ui.horizontal_wrapped(|ui| self.view_controls(ui, app, false));
                }
            });
        error_bar(ctx, app);
        step_buttons(ctx, app);
        self.drawer(ctx, app, time, beside);
    }

    /// The phone's view controls: World | A − B, Fit, Copy link and the last notice
    /// (`one_row`: cut to the row's end, whole on hover, when there is room for a few
    /// words; else it wraps below).
    fn view_controls(&mut self, ui: &mut egui::Ui, app: &mut App, one_row: bool) {
        if app.mode() == Mode::Pair {
            view_tabs(ui, app);
            ui.separator();
        }
        let big =
            |text: String| egui::Button::new(text).min_size(egui::vec2(TOUCH_TARGET, TOUCH_MIN));
        if ui.add(big(tr!("compact-fit"))).tap("Fit").clicked() {
            app.fit_views();
        }
        self.files.copy_link_button(ui, app);
        let Some(notice) = &app.lab.messages.notice else {
            return;
        };
        let text = RichText::new(notice).color(Color32::from_rgb(200, 200, 140));
        // Cut to the row's end, whole on hover; a phone on its side keeps its height
        // for the view and the panel: with no room on the row, the notice is at the
        // top of the Scenes tab (an error always shows in its bar).
        let room = ui.available_size_before_wrap();
        if room.x >= NOTICE_MIN_WIDTH {
            ui.allocate_ui(room, |ui| ui.add(egui::Label::new(text).truncate()));
        } else if !one_row {
            ui.label(text);
        }
    }

    /// The explanation, scenes and help in a drawer with its tabs and a fold handle;
    /// `beside` puts it on the right (a phone on its side), else below the views.
    fn drawer(&mut self, ctx: &egui::Context, app: &mut App, time: f64, beside: bool) {
        let screen = ctx.screen_rect();
        let mut contents = |ui: &mut egui::Ui, this: &mut Panels| {
            ui.horizontal(|ui| {
                // Each tab's English name is its control's id.
                for (tab, id, label) in [
                    (Tab::Explain, "Explain", tr!("tab-explain")),
                    (Tab::Scenes, "Scenes", tr!("tab-scenes")),
                    (Tab::Help, "Help", tr!("tab-help")),
                ] {
                    let chosen = this.tab == tab && this.drawer_open;
                    let button = egui::Button::new(label)
                        .selected(chosen)
                        .min_size(egui::vec2(TOUCH_TARGET + 16.0, TOUCH_MIN));
                    if ui.add(button).tap(id).clicked() {
                        // The open tab's button folds the drawer; another opens it.
                        this.drawer_open = !(chosen && this.drawer_open);
                        this.tab = tab;
                        app.fit_views();
                    }
                }
                let (fold, text, tip) = if this.drawer_open {
                    ("Hide", tr!("compact-hide"), tr!("compact-hide-hover"))
                } else {
                    ("Show", tr!("compact-show"), tr!("compact-show-hover"))
                };
                let fold_button =
                    egui::Button::new(text).min_size(egui::vec2(TOUCH_TARGET, TOUCH_MIN));
                if ui.add(fold_button).tap(fold).on_hover_text(tip).clicked() {
                    this.drawer_open = !this.drawer_open;
                    app.fit_views();
                }
            });
            // A waiting question, its hint and the reply stay in sight, the drawer
            // folded or not.
            ui.separator();
            super::panels::pinned_question(ui, app);
            if this.drawer_open {
                this.tab_contents(ui, app, time);
            }
        };
        if beside {
            let width = (screen.width() * SIDE_DRAWER_SHARE).clamp(200.0, 420.0);
            let width = if self.drawer_open { width } else { 260.0 };
            egui::SidePanel::right("side")
                .frame(panel_frame(ctx))
                .resizable(false)
                .exact_width(width)
                .show(ctx, |ui| contents(ui, self));
        } else {
            let panel = egui::TopBottomPanel::bottom("drawer")
                .frame(panel_frame(ctx))
                .resizable(false);
            let panel = if self.drawer_open {
                panel.exact_height((screen.height() * DRAWER_SHARE).max(140.0))
            } else {
                panel
            };
            panel.show(ctx, |ui| contents(ui, self));
        }
    }
}

impl Panels {
    /// A question that appears while one view is shown (a phone, or a layout of one
    /// view) and it is the other switches to the view its candidates are in (the
    /// learner could not choose them); the learner's own choice of view is left alone
    /// afterwards.
    pub(super) fn show_the_questions_view(&mut self, app: &mut App) {
        let asked = app
            .lab
            .predict
            .question
            .as_ref()
            .map(|q| (q.kind.name(), q.asked_at));
        if asked == self.question_seen {
            return;
        }
        self.question_seen = asked;
        let Some(q) = &app.lab.predict.question else {
            return;
        };
        if app.effective_layout() == Layout::SideBySide {
            return;
        }
        let view = q
            .sheet
            .candidates
            .first()
            .map(|c| predict::View::of(c.space));
        let layout = match view {
            Some(predict::View::World) => Layout::WorldOnly,
            Some(predict::View::Minkowski) => Layout::MinkowskiOnly,
            _ => return,
        };
        if app.effective_layout() != layout {
            app.lab.layout = layout;
            app.fit_views();
        }
    }
}

/// The phone's mode and algorithm choosers.
fn choosers(ui: &mut egui::Ui, app: &mut App) {
    mode_combo(ui, app, 120.0);
    if app.mode() == Mode::Pair {
        algorithm_combo(ui, app, 180.0);
    }
}

/// The World | A − B tabs of the phone's one view.
fn view_tabs(ui: &mut egui::Ui, app: &mut App) {
    let shown = app.effective_layout();
    for (layout, id, label) in [
        (Layout::WorldOnly, "World", tr!("compact-world")),
        (Layout::MinkowskiOnly, "A − B", "A − B".to_string()),
    ] {
        let button = egui::Button::new(label)
            .selected(shown == layout)
            .min_size(egui::vec2(TOUCH_TARGET + 12.0, TOUCH_MIN));
        if ui.add(button).tap(id).clicked() && shown != layout {
            app.lab.layout = layout;
            app.fit_views();
        }
    }
}

/// The step controls as large buttons across the bottom (first, back, play, next,
/// last), with the step shown above them.
fn step_buttons(ctx: &egui::Context, app: &mut App) {
    egui::TopBottomPanel::bottom("steps")
        .frame(panel_frame(ctx))
        .show(ctx, |ui| {
            ui.label(RichText::new(step_text(app)).strong());
            // The play button's symbol, without its word. Each button's English is its
            // control's id.
            let label = app.play_label();
            let play = label.split(' ').next().unwrap_or(label);
            let buttons = [
                ("⏮", "⏮".to_string()),
                ("◀ Back", tr!("compact-back")),
                (play, play.to_string()),
                ("Next ▶", tr!("compact-next")),
                ("⏭", "⏭".to_string()),
            ];
            let gap = ui.spacing().item_spacing.x;
            let width = ((ui.available_width() - gap * 4.0) / 5.0).max(TOUCH_TARGET);
            ui.horizontal(|ui| {
                ui.spacing_mut().button_padding.x = 2.0;
                for (k, (id, label)) in buttons.into_iter().enumerate() {
                    let button = egui::Button::new(RichText::new(label).size(18.0))
                        .min_size(egui::vec2(width, TOUCH_TARGET));
                    if ui.add(button).tap(id).clicked() {
                        match k {
                            0 => app.go_to(0),
                            1 => app.back(),
                            2 => app.toggle_play(),
                            3 => app.next(),
                            _ => app.go_to(usize::MAX),
                        }
                    }
                }
            });
            ui.add_space(4.0);
        });
}
