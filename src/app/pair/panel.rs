//! The two-shape mode's Explain tab: the scene, the step's narration and pseudo-code,
//! a better-suited algorithm when this one does not apply, SAT beside EPA and
//! pseudo-EPA beside EPA, and the legend.

use super::{capitalised, PairMode, Request};
use crate::app::controls::Tap;
use crate::app::i18n::tr;
use crate::app::lab::Lab;
use crate::app::visualizers::{self, Comparison};
use crate::app::widgets::pseudo_code;
use egui_macroquad::egui::{self, Color32, RichText};

/// The two-shape mode's own part of the Explain tab (the panels put the scene's
/// introduction above it and the legend below): the learner's trace, the Advanced
/// settings, the step's narration and pseudo-code, a seed's version beside gjk-lab's,
/// a better-suited algorithm, and SAT or pseudo-EPA beside EPA. Returns what the
/// learner asked for, which the app carries out.
pub fn explain(ui: &mut egui::Ui, lab: &Lab, pair: &PairMode) -> Option<Request> {
    my_trace(ui, pair);
    let mut request = super::advanced::advanced(ui, lab, pair);
    request = time_slider(ui, lab, pair).or(request);
    if let Some(step) = pair.current() {
        ui.heading(tr!(
            "narration-heading",
            title = step.title.as_str(),
            step = pair.step.to_string(),
            last = pair.step_count().to_string()
        ));
        if let Some(roles) = roles_line(lab) {
            ui.label(
                RichText::new(roles)
                    .size(16.0)
                    .color(Color32::from_gray(190)),
            );
        }
        ui.label(
            RichText::new(&step.narration)
                .size(19.0)
                .color(Color32::from_gray(235)),
        );
        ui.add_space(6.0);
        pseudo_code(
            ui,
            lab.algorithm.title(),
            lab.algorithm.pseudo_code(),
            step.line,
        );
    }
    request = seed_beside(ui, pair).or(request);
    request = offer_instead(ui, pair).or(request);
    match &pair.comparison {
        Some(Comparison::SatEpa(c)) => {
            ui.add_space(6.0);
            sat_vs_epa(ui, c);
        }
        Some(Comparison::PseudoEpa(c)) => {
            ui.add_space(6.0);
            pseudo_vs_epa(ui, c);
        }
        None => {}
    }
    request
}

/// The time slider, when A or B moves over the step (or a cast is shown): ghosts of
/// the moving shapes at its `t`, and how to set a motion.
fn time_slider(ui: &mut egui::Ui, lab: &Lab, pair: &PairMode) -> Option<Request> {
    let moving = [lab.a, lab.b]
        .iter()
        .any(|&k| !super::motion::motion_of(lab, k).is_still());
    if !moving && !lab.algorithm.is_cast() {
        return None;
    }
    let mut t = pair.time;
    ui.horizontal(|ui| {
        ui.label(RichText::new(tr!("pair-time")).size(17.0));
        ui.add(egui::Slider::new(&mut t, 0.0..=1.0).fixed_decimals(2));
    });
    let how = if lab.screen.touch {
        tr!("pair-time-how-touch")
    } else {
        tr!("pair-time-how")
    };
    ui.label(RichText::new(how).size(15.0).color(Color32::from_gray(180)));
    (t != pair.time).then_some(Request::Time(t))
}

/// The learner's own trace, when one is loaded: whether it agrees with what every
/// correct step satisfies on this pair, or where it diverges, what gjk-lab did there
/// and the likely cause (the A - B view marks the step's points).
fn my_trace(ui: &mut egui::Ui, pair: &PairMode) {
    let Some(trace) = &pair.my_trace else {
        return;
    };
    ui.add_space(6.0);
    let (title, color) = match trace.report() {
        Ok(r) if r.agree => (tr!("pair-trace-agrees"), Color32::from_rgb(120, 230, 130)),
        Ok(r) if !crate::app::my_trace::marked_points(r).is_empty() => (
            tr!("pair-trace-diverges-ringed"),
            Color32::from_rgb(255, 140, 120),
        ),
        Ok(_) => (tr!("pair-trace-diverges"), Color32::from_rgb(255, 140, 120)),
        Err(_) => (tr!("pair-trace"), Color32::from_gray(200)),
    };
    ui.label(RichText::new(title).strong().size(17.0).color(color));
    for line in trace.lines() {
        ui.add(egui::Label::new(RichText::new(line).monospace()).wrap());
    }
}

/// When a seed's version is shown: gjk-lab's step at the same index beside it, the
/// first step where the two runs differ (a button goes there), and whether their
/// answers differ.
fn seed_beside(ui: &mut egui::Ui, pair: &PairMode) -> Option<Request> {
    let seed = pair.seed.as_ref()?;
    let step = pair.step;
    let mut request = None;
    ui.add_space(6.0);
    ui.label(RichText::new(tr!("pair-seed-beside", run = capitalised(&seed.label()))).size(17.0));
    let warn = Color32::from_rgb(255, 140, 120);
    match seed.first_difference {
        Some(k) if k == step => {
            ui.add(
                egui::Label::new(
                    RichText::new(tr!("pair-seed-first-difference-here", k = k.to_string()))
                        .color(warn)
                        .strong(),
                )
                .wrap(),
            );
        }
        Some(k) => {
            // The button's id stays English (the tests click by it).
            let id = format!("They first differ at step {k}. Go there");
            let text = tr!("pair-seed-go-to-difference", k = k.to_string());
            if ui
                .button(RichText::new(&text).color(warn))
                .tap(&id)
                .clicked()
            {
                request = Some(Request::GoTo(k));
            }
        }
        None => {
            ui.label(tr!("pair-seed-agree-everywhere"));
        }
    }
    let ours = match seed.ours.get(step) {
        Some(s) => tr!(
            "pair-seed-ours-at",
            step = step.to_string(),
            title = s.title.as_str(),
            narration = s.narration.as_str()
        ),
        None => tr!(
            "pair-seed-ours-ended",
            step = seed.ours.len().saturating_sub(1).to_string()
        ),
    };
    ui.add(
        egui::Label::new(
            RichText::new(ours)
                .size(16.0)
                .color(Color32::from_gray(190)),
        )
        .wrap(),
    );
    if seed.answers_differ {
        ui.add(egui::Label::new(RichText::new(tr!("pair-seed-answers-differ")).color(warn)).wrap());
    }
    request
}

/// When the algorithm does not apply to the pair, a button that switches to one that
/// does (the visualiser names it with an [`Item::Instead`]).
///
/// [`Item::Instead`]: visualizers::Item::Instead
fn offer_instead(ui: &mut egui::Ui, pair: &PairMode) -> Option<Request> {
    let instead = pair
        .steps
        .iter()
        .flat_map(|s| &s.items)
        .find_map(|i| match i {
            visualizers::Item::Instead(a) => Some(*a),
            _ => None,
        })?;
    ui.add_space(6.0);
    let key = visualizers::key_of(instead);
    // The button's id stays English (the tests click by it).
    let id = format!("Use {} instead ({key})", instead.title());
    let label = tr!(
        "pair-use-instead",
        algorithm = crate::app::i18n::algorithm_title(instead),
        key = key.to_string()
    );
    let text = RichText::new(&label).size(19.0).strong();
    ui.button(text)
        .tap(&id)
        .clicked()
        .then_some(Request::Algorithm(instead))
}

/// Pseudo-EPA's and EPA's answers for the pair, side by side: depth, normal and the
/// edge of A − B each stopped on.
fn pseudo_vs_epa(ui: &mut egui::Ui, c: &visualizers::PseudoEpaComparison) {
    use visualizers::{num4, vec4};
    ui.label(RichText::new(tr!("pair-pseudo-vs-epa")).size(17.0));
    let describe = |name: &str, a: &visualizers::PseudoEpaAnswer| {
        let answer = match a.normal {
            Some(n) => tr!(
                "pair-answer-depth-normal",
                name = name,
                depth = num4(a.depth),
                normal = vec4(n)
            ),
            None => tr!("pair-answer-no-depth", name = name),
        };
        match a.edge {
            Some((p, q)) => format!(
                "{answer}\n    {}",
                tr!(
                    "pair-answer-edge",
                    from = visualizers::vec2(p),
                    to = visualizers::vec2(q)
                )
            ),
            None => answer,
        }
    };
    ui.add(egui::Label::new(RichText::new(describe("pseudo-EPA", &c.pseudo)).monospace()).wrap());
    ui.add(egui::Label::new(RichText::new(describe("EPA", &c.epa)).monospace()).wrap());
    let (verdict, color) = if c.agree {
        (tr!("pair-they-agree"), Color32::from_rgb(120, 230, 130))
    } else {
        (
            tr!("pair-pseudo-disagrees"),
            Color32::from_rgb(255, 140, 120),
        )
    };
    ui.add(egui::Label::new(RichText::new(verdict).color(color)).wrap());
}

/// SAT's and EPA's answers for the current pair (the decisive part pair when a shape
/// is concave), side by side, and whether they agree.
fn sat_vs_epa(ui: &mut egui::Ui, c: &visualizers::SatEpaComparison) {
    use gjk_lab_core::algorithms::sat::SatOutcome;
    use visualizers::Agreement;
    use visualizers::{num4, vec4 as v};
    let sat = match c.sat {
        SatOutcome::Overlapping { depth, normal, .. } => {
            tr!("pair-depth-normal", depth = num4(depth), normal = v(normal))
        }
        SatOutcome::Separated { gap, .. } => tr!("pair-separated-gap", gap = num4(gap)),
        SatOutcome::NotApplicable { .. } => tr!("pair-does-not-apply"),
    };
    let epa = match c.epa.normal {
        Some(normal) if c.epa.intersects => {
            tr!(
                "pair-depth-normal",
                depth = num4(c.epa.depth),
                normal = v(normal)
            )
        }
        _ if c.epa.intersects => tr!("pair-depth", depth = num4(c.epa.depth)),
        _ => tr!("pair-separated-distance", distance = num4(c.epa.distance)),
    };
    let (verdict, color) = match c.agreement {
        Agreement::Agree if !c.epa.intersects => {
            (tr!("pair-agree-apart"), Color32::from_rgb(120, 230, 130))
        }
        Agreement::Agree => (
            tr!(
                "pair-agree-within",
                tolerance = format!("{:.0e}", c.tolerance)
            ),
            Color32::from_rgb(120, 230, 130),
        ),
        // Two faces of a polygon of many vertices can be nearly parallel: their normals
        // then print alike, and the sentence must not say they differ visibly.
        Agreement::Tie if sat == epa => (tr!("pair-tie-hidden"), Color32::from_rgb(230, 210, 120)),
        Agreement::Tie => (tr!("pair-tie"), Color32::from_rgb(230, 210, 120)),
        Agreement::Disagree => (tr!("pair-they-disagree"), Color32::from_rgb(255, 110, 110)),
        Agreement::NotApplicable => (tr!("pair-sat-not-applicable"), Color32::from_gray(200)),
    };
    ui.label(RichText::new(tr!("pair-sat-vs-epa")).strong());
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

/// When a shape's name is not its role, the line that says which shape each role is
/// ("In the steps, B is C."): the narration speaks of the roles A and B, as the
/// algorithms' pseudo-code does.
pub fn roles_line(lab: &Lab) -> Option<String> {
    let named = |k: usize, role: &str| {
        lab.scene
            .shapes
            .get(k)
            .map(|s| crate::app::i18n::shape_name(s, k))
            .filter(|name| name != role)
            .map(|name| tr!("pair-role-is", role = role, name = name))
    };
    let parts: Vec<String> = [named(lab.a, "A"), named(lab.b, "B")]
        .into_iter()
        .flatten()
        .collect();
    (!parts.is_empty()).then(|| tr!("pair-roles", parts = parts.join(&tr!("pair-roles-and"))))
}
