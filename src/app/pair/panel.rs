//! The two-shape mode's Explain tab: the scene, the step's narration and pseudo-code,
//! a better-suited algorithm when this one does not apply, SAT beside EPA and
//! pseudo-EPA beside EPA, and the legend.

use super::{capitalised, PairMode, Request};
use crate::app::controls::Tap;
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
        ui.heading(format!(
            "{} — step {} of {}",
            step.title,
            pair.step,
            pair.step_count()
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
        ui.label(RichText::new("Time t").size(17.0));
        ui.add(egui::Slider::new(&mut t, 0.0..=1.0).fixed_decimals(2));
    });
    let how = if lab.screen.touch {
        "Drag the ring at a shape's dashed end pose to set where it goes over the step, \
         the ring on its arm to set its turn."
    } else {
        "Drag the ring at a shape's dashed end pose (t = 1) to set where it goes over the \
         step, the ring on its arm to set its turn."
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
        Ok(r) if r.agree => ("Your trace agrees", Color32::from_rgb(120, 230, 130)),
        Ok(r) if !crate::app::my_trace::marked_points(r).is_empty() => (
            "Your trace diverges (the step's points are ringed in A - B)",
            Color32::from_rgb(255, 140, 120),
        ),
        Ok(_) => ("Your trace diverges", Color32::from_rgb(255, 140, 120)),
        Err(_) => ("Your trace", Color32::from_gray(200)),
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
    ui.label(
        RichText::new(format!(
            "{} beside gjk-lab's run",
            capitalised(&seed.label())
        ))
        .size(17.0),
    );
    let warn = Color32::from_rgb(255, 140, 120);
    match seed.first_difference {
        Some(k) if k == step => {
            ui.add(
                egui::Label::new(
                    RichText::new(format!("Step {k}: the first step where they differ."))
                        .color(warn)
                        .strong(),
                )
                .wrap(),
            );
        }
        Some(k) => {
            let text = format!("They first differ at step {k}. Go there");
            if ui
                .button(RichText::new(&text).color(warn))
                .tap(&text)
                .clicked()
            {
                request = Some(Request::GoTo(k));
            }
        }
        None => {
            ui.label("They agree at every step on this pair.");
        }
    }
    let ours = match seed.ours.get(step) {
        Some(s) => format!("gjk-lab at step {step}: {}. {}", s.title, s.narration),
        None => format!(
            "gjk-lab's run ended at step {}.",
            seed.ours.len().saturating_sub(1)
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
        ui.add(egui::Label::new(RichText::new("Their answers differ.").color(warn)).wrap());
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
    let label = format!("Use {} instead ({key})", instead.title());
    let text = RichText::new(&label).size(19.0).strong();
    ui.button(text)
        .tap(&label)
        .clicked()
        .then_some(Request::Algorithm(instead))
}

/// Pseudo-EPA's and EPA's answers for the pair, side by side: depth, normal and the
/// edge of A − B each stopped on.
fn pseudo_vs_epa(ui: &mut egui::Ui, c: &visualizers::PseudoEpaComparison) {
    use visualizers::{num4, vec4};
    ui.label(RichText::new("Pseudo-EPA vs EPA on this pair").size(17.0));
    let describe = |name: &str, a: &visualizers::PseudoEpaAnswer| {
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
fn sat_vs_epa(ui: &mut egui::Ui, c: &visualizers::SatEpaComparison) {
    use gjk_lab_core::algorithms::sat::SatOutcome;
    use visualizers::Agreement;
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
        // Two faces of a polygon of many vertices can be nearly parallel: their normals
        // then print alike, and the sentence must not say they differ visibly.
        Agreement::Tie if sat == epa => (
            "Same depth; the normals differ only past the digits shown: two nearly \
             parallel faces are equally near (a tie), and each picked one."
                .to_string(),
            Color32::from_rgb(230, 210, 120),
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

/// When a shape's name is not its role, the line that says which shape each role is
/// ("In the steps, B is C."): the narration speaks of the roles A and B, as the
/// algorithms' pseudo-code does.
pub fn roles_line(lab: &Lab) -> Option<String> {
    let named = |k: usize, role: &str| {
        lab.scene
            .shapes
            .get(k)
            .map(|s| s.display_name(k))
            .filter(|name| name != role)
            .map(|name| format!("{role} is {name}"))
    };
    let parts: Vec<String> = [named(lab.a, "A"), named(lab.b, "B")]
        .into_iter()
        .flatten()
        .collect();
    (!parts.is_empty()).then(|| format!("In the steps, {}.", parts.join(" and ")))
}
