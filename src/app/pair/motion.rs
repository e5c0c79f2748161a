//! A moving shape's handles and the time slider's ghosts in the world view.
//!
//! A shape that moves over the step is drawn where it stands at `t = 0` and dashed where
//! it ends at `t = 1` (`view.rs`). Two handles on that end pose set its motion: the
//! *velocity* handle, the end pose's centre (dragged, it moves the end pose: the
//! velocity is the way from start to end); and the *turn* handle, on a short arm from
//! that centre along the end pose's rotation (dragged round, it turns the end pose:
//! the angular speed is the turn from start to end, and going round again adds a
//! whole turn). With a cast algorithm shown, A and B have their handles even while
//! they stand still, so that a learner can set them moving. The time slider (the
//! Explain tab) places ghosts of every moving shape at its time `t`.

use super::PairMode;
use crate::app::i18n::tr;
use crate::app::lab::Lab;
use crate::app::view::camera::Camera;
use crate::app::view::canvas::{fill_shape, shape_outline, Canvas};
use crate::app::view::draw::{palette, palette::with_alpha};
use gjk_lab_core::motion::Motion;
use gjk_lab_core::shapes::Pose;
use glam::Vec2;

/// Length of the turn handle's arm, in pixels.
const ARM_PX: f32 = 44.0;

/// Radius of a handle's ring with a mouse; with a finger the ring grabs within half of
/// the 44 px a touch control needs.
const RING_PX: f32 = 7.0;

/// Pixels from a handle's centre within which a mouse grabs it.
const GRAB_MOUSE_PX: f32 = 11.0;

/// Pixels from a handle's centre within which a finger grabs it (a 44 px target).
const GRAB_TOUCH_PX: f32 = 22.0;

/// Which part of the motion a handle sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandleKind {
    /// The velocity: the end pose's centre.
    Velocity,
    /// The angular speed: the end of the arm along the end pose's rotation.
    Turn,
}

/// A handle of shape `shape`, at the screen point `at`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handle {
    /// The shape's index in the scene.
    pub shape: usize,
    /// What it sets.
    pub kind: HandleKind,
    /// Where it is drawn (screen pixels).
    pub at: Vec2,
}

/// The shapes that have handles: A and B when they move, or always when a cast
/// algorithm is shown.
fn handled(lab: &Lab) -> Vec<usize> {
    let cast = lab.algorithm.is_cast();
    let mut shapes = vec![];
    for k in [lab.a, lab.b] {
        let Some(s) = lab.scene.shapes.get(k) else {
            continue;
        };
        let moving = s.motion.is_some_and(|m| !m.is_still());
        if (cast || moving) && !shapes.contains(&k) {
            shapes.push(k);
        }
    }
    shapes
}

/// The motion of shape `k` (none: standing still).
pub fn motion_of(lab: &Lab, k: usize) -> Motion {
    lab.scene
        .shapes
        .get(k)
        .and_then(|s| s.motion)
        .unwrap_or_default()
}

/// Shape `k`'s pose at `t = 1`.
fn end_pose(lab: &Lab, k: usize) -> Option<Pose> {
    let shape = &lab.scene.shapes.get(k)?.shape;
    Some(motion_of(lab, k).pose_at(shape.pose(), 1.0))
}

/// Every handle in the world view.
pub fn handles(lab: &Lab) -> Vec<Handle> {
    let camera = &lab.world_camera;
    let mut out = vec![];
    for k in handled(lab) {
        let Some(end) = end_pose(lab, k) else {
            continue;
        };
        let centre = camera.world_to_screen(end.position);
        out.push(Handle {
            shape: k,
            kind: HandleKind::Velocity,
            at: centre,
        });
        out.push(Handle {
            shape: k,
            kind: HandleKind::Turn,
            at: centre + arm(end.rotation),
        });
    }
    out
}

/// The turn handle's arm for a rotation (screen: y points down).
fn arm(rotation: f64) -> Vec2 {
    Vec2::new(rotation.cos() as f32, -(rotation.sin() as f32)) * ARM_PX
}

/// The handle under the screen point `m`, if any (the nearest within grabbing reach).
pub fn handle_at(lab: &Lab, m: Vec2) -> Option<Handle> {
    let reach = if lab.screen.touch {
        GRAB_TOUCH_PX
    } else {
        GRAB_MOUSE_PX
    };
    handles(lab)
        .into_iter()
        .filter(|h| h.at.distance(m) <= reach)
        .min_by(|p, q| p.at.distance(m).total_cmp(&q.at.distance(m)))
}

/// The motion that dragging `handle` to the screen point `m` makes: the velocity from
/// the start to the point, or the angular speed turned on by the arm's change of
/// direction (unwrapped: a drag once round adds 2π).
pub fn dragged(lab: &Lab, handle: &Handle, m: Vec2) -> Option<Motion> {
    let shape = &lab.scene.shapes.get(handle.shape)?.shape;
    let camera: &Camera = &lab.world_camera;
    let mut motion = motion_of(lab, handle.shape);
    match handle.kind {
        HandleKind::Velocity => {
            motion.velocity = camera.screen_to_world(m) - shape.position();
        }
        HandleKind::Turn => {
            let end = motion.pose_at(shape.pose(), 1.0);
            let v = camera.screen_to_world(m) - end.position;
            if v.length_squared() == 0.0 {
                return None;
            }
            let to = v.y.atan2(v.x);
            // The turn from the arm's last direction, wrapped to (−π, π].
            let mut delta = to - end.rotation;
            delta -= std::f64::consts::TAU * (delta / std::f64::consts::TAU).round();
            motion.angular += delta;
        }
    }
    Some(motion)
}

/// Draws the handles (rings; the turn handle on its arm).
pub(crate) fn draw_handles(lab: &Lab, canvas: &mut Canvas) {
    let radius = if lab.screen.touch {
        2.0 * RING_PX
    } else {
        RING_PX
    };
    let all = handles(lab);
    for &h in &all {
        let color = if h.shape == lab.a {
            palette::SHAPE_A
        } else {
            palette::SHAPE_B
        };
        if h.kind == HandleKind::Turn {
            let centre = all
                .iter()
                .find(|v| v.shape == h.shape && v.kind == HandleKind::Velocity)
                .map_or(h.at, |v| v.at);
            canvas
                .painter
                .line(centre, h.at, 1.5, with_alpha(color, 0.7));
            canvas.painter.ring(h.at, radius * 0.8, 2.0, color);
        } else {
            canvas.painter.ring(h.at, radius, 2.0, color);
        }
    }
}

/// The time slider's ghosts: every moving shape at the slider's time (none at 0,
/// where the shapes themselves stand).
pub(crate) fn draw_time_ghosts(lab: &Lab, pair: &PairMode, canvas: &mut Canvas) {
    let t = pair.time;
    if t <= 0.0 {
        return;
    }
    let mut labelled = false;
    for (k, s) in lab.scene.shapes.iter().enumerate() {
        let Some(motion) = s.motion.filter(|m| !m.is_still()) else {
            continue;
        };
        let mut ghost = s.shape.clone();
        ghost.set_pose(motion.pose_at(s.shape.pose(), t));
        let outline = shape_outline(&ghost, &canvas.camera);
        let color = if k == lab.a {
            palette::SHAPE_A
        } else if k == lab.b {
            palette::SHAPE_B
        } else {
            palette::SHAPE_OTHER
        };
        fill_shape(canvas, &ghost, &outline, with_alpha(color, 0.14));
        canvas
            .painter
            .polyline(&outline, true, 1.5, with_alpha(color, 0.8));
        if !labelled {
            if let Some(top) = outline.iter().min_by(|p, q| p.y.total_cmp(&q.y)) {
                canvas.label(
                    tr!("view-slider-t", t = format!("{t:.2}")),
                    *top + Vec2::new(-30.0, -12.0),
                    color,
                );
                labelled = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::state::App;
    use crate::app::view::camera::{Camera, Viewport};
    use gjk_lab_core::algorithms::Algorithm;
    use gjk_lab_core::scene::{Format, Scene};
    use glam::DVec2;

    /// A square A standing still and a bullet B moving by (4, 0), turning 0.5 rad, on a
    /// camera of 50 px per unit centred on the origin.
    fn app() -> App {
        let text = r#"(shapes: [
            (name: "A", shape: Polygon(vertices: [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]), position: (0.0, 0.0)),
            (name: "B", shape: Polygon(vertices: [(-0.3, -0.1), (0.3, 0.0), (-0.3, 0.1)]), position: (-3.0, 0.0),
             motion: (velocity: (4.0, 0.0), angular: 0.5)),
        ])"#;
        let scene = Scene::from_text(text, Format::Ron, None).unwrap();
        let mut app = App::new(scene, None, Some(Algorithm::ShapeCast), None);
        app.lab.world_camera =
            Camera::new(DVec2::ZERO, 50.0, Viewport::new(0.0, 0.0, 800.0, 600.0));
        app
    }

    fn handle(app: &App, shape: usize, kind: HandleKind) -> Handle {
        handles(&app.lab)
            .into_iter()
            .find(|h| h.shape == shape && h.kind == kind)
            .expect("a handle")
    }

    /// The velocity handle sits at the end pose's centre; dragged 100 px to the left it
    /// shortens the velocity by 100 px / zoom = 2 units, and the turn stays.
    #[test]
    fn the_velocity_handle_moves_the_end_pose() {
        let mut app = app();
        let h = handle(&app, 1, HandleKind::Velocity);
        let end = app.lab.world_camera.world_to_screen(DVec2::new(1.0, 0.0));
        assert!(h.at.distance(end) < 1e-3, "{:?} vs {end:?}", h.at);
        let m = dragged(&app.lab, &h, h.at - Vec2::new(100.0, 0.0)).unwrap();
        assert!((m.velocity - DVec2::new(2.0, 0.0)).length() < 1e-9, "{m:?}");
        assert_eq!(m.angular, 0.5);
        app.set_motion(1, m);
        assert_eq!(app.lab.scene.shapes[1].motion, Some(m));
    }

    /// The turn handle sits on an arm along the end pose's rotation; dragged round to
    /// the arm's opposite side it adds half a turn; a motion with no move and no turn is
    /// saved as none; a velocity past the scene files' range is refused.
    #[test]
    fn the_turn_handle_turns_the_end_pose_and_nothing_is_none() {
        let mut app = app();
        let h = handle(&app, 1, HandleKind::Turn);
        let centre = handle(&app, 1, HandleKind::Velocity).at;
        assert!((h.at.distance(centre) - ARM_PX).abs() < 1e-3);
        // A quarter turn further round, then a quarter more (the drag's own steps).
        let arm =
            |angle: f64| centre + Vec2::new(angle.cos() as f32, -(angle.sin() as f32)) * ARM_PX;
        let m = dragged(&app.lab, &h, arm(0.5 + std::f64::consts::FRAC_PI_2)).unwrap();
        assert!(
            (m.angular - (0.5 + std::f64::consts::FRAC_PI_2)).abs() < 1e-6,
            "{m:?}"
        );
        app.set_motion(1, m);
        let h = handle(&app, 1, HandleKind::Turn);
        let m = dragged(&app.lab, &h, arm(0.5 + std::f64::consts::PI)).unwrap();
        assert!(
            (m.angular - (0.5 + std::f64::consts::PI)).abs() < 1e-6,
            "{m:?}"
        );
        // Still A has its handles too (a cast is shown); no motion at all is none.
        let a = handle(&app, 0, HandleKind::Velocity);
        let still = dragged(&app.lab, &a, a.at).unwrap();
        app.set_motion(0, still);
        assert_eq!(app.lab.scene.shapes[0].motion, None);
        let far = gjk_lab_core::motion::Motion::translation(DVec2::new(1e300, 0.0));
        app.set_motion(1, far);
        assert_ne!(app.lab.scene.shapes[1].motion, Some(far));
    }
}
