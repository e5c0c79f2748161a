//! A 2D camera: which part of the world a view shows, and where on the screen.
//!
//! World coordinates are `f64` with y pointing up (as in the scene files); screen
//! coordinates are `f32` pixels with y pointing down (as in the window). A camera maps
//! its `center` to the middle of its `viewport` and scales by `zoom` pixels per world
//! unit.

use glam::{DVec2, Vec2};

/// A rectangle on the screen, in pixels (y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Viewport {
    /// A viewport from its left, top, width and height.
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Viewport { x, y, w, h }
    }

    /// The middle of the rectangle.
    pub fn center(&self) -> Vec2 {
        Vec2::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// Whether a screen point lies inside.
    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.x <= self.x + self.w && p.y >= self.y && p.y <= self.y + self.h
    }
}

/// Pixels to leave around content fitted into `viewport`: a twentieth of its smaller
/// side (at least 12, at most 30 pixels), so that the content fills the view, plus
/// `room` for what is drawn beside the content (SAT's axes, labels).
pub fn fit_margin(viewport: Viewport, room: f32) -> f32 {
    (0.05 * viewport.w.min(viewport.h)).clamp(12.0, 30.0) + room.max(0.0)
}

/// Maps world coordinates to screen pixels and back.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// World point shown at the middle of the viewport.
    pub center: DVec2,
    /// Pixels per world unit.
    pub zoom: f64,
    /// Where on the screen the view is drawn.
    pub viewport: Viewport,
}

/// Smallest and largest zoom, in pixels per world unit.
pub const ZOOM_RANGE: (f64, f64) = (1e-3, 1e6);

impl Camera {
    /// A camera looking at `center` with `zoom` pixels per unit.
    pub fn new(center: DVec2, zoom: f64, viewport: Viewport) -> Self {
        Camera {
            center,
            zoom: zoom.clamp(ZOOM_RANGE.0, ZOOM_RANGE.1),
            viewport,
        }
    }

    /// Screen position of a world point.
    pub fn world_to_screen(&self, world: DVec2) -> Vec2 {
        let d = (world - self.center) * self.zoom;
        let c = self.viewport.center();
        Vec2::new(c.x + d.x as f32, c.y - d.y as f32)
    }

    /// World position of a screen point.
    pub fn screen_to_world(&self, screen: Vec2) -> DVec2 {
        let c = self.viewport.center();
        let d = DVec2::new((screen.x - c.x) as f64, (c.y - screen.y) as f64);
        self.center + d / self.zoom
    }

    /// A world length in pixels.
    pub fn to_pixels(self, length: f64) -> f32 {
        (length * self.zoom) as f32
    }

    /// A screen displacement (y down) as a world displacement (y up).
    pub fn screen_delta_to_world(&self, delta: Vec2) -> DVec2 {
        DVec2::new(delta.x as f64, -delta.y as f64) / self.zoom
    }

    /// Moves the view so that the content follows the mouse by `delta` pixels.
    pub fn pan(&mut self, delta: Vec2) {
        self.center -= self.screen_delta_to_world(delta);
    }

    /// Zooms by `factor` keeping the world point under `screen` fixed.
    pub fn zoom_at(&mut self, screen: Vec2, factor: f64) {
        let before = self.screen_to_world(screen);
        self.zoom = (self.zoom * factor).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        let after = self.screen_to_world(screen);
        self.center += before - after;
    }

    /// Centres and zooms so that the box `min..max` fills the viewport, leaving
    /// `margin` pixels on every side.
    pub fn fit(&mut self, min: DVec2, max: DVec2, margin: f32) {
        if !(min.is_finite() && max.is_finite()) {
            return;
        }
        let size = (max - min).max(DVec2::splat(1e-9));
        let w = (self.viewport.w - 2.0 * margin).max(10.0) as f64;
        let h = (self.viewport.h - 2.0 * margin).max(10.0) as f64;
        self.center = (min + max) / 2.0;
        self.zoom = (w / size.x)
            .min(h / size.y)
            .clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
    }

    /// The world box the viewport shows: `(min, max)`.
    pub fn visible_world(&self) -> (DVec2, DVec2) {
        let v = self.viewport;
        let a = self.screen_to_world(Vec2::new(v.x, v.y + v.h));
        let b = self.screen_to_world(Vec2::new(v.x + v.w, v.y));
        (a.min(b), a.max(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn camera() -> Camera {
        Camera::new(
            DVec2::new(1.0, 2.0),
            50.0,
            Viewport::new(100.0, 0.0, 400.0, 300.0),
        )
    }

    #[test]
    fn center_maps_to_viewport_middle() {
        let c = camera();
        assert_eq!(
            c.world_to_screen(DVec2::new(1.0, 2.0)),
            Vec2::new(300.0, 150.0)
        );
    }

    #[test]
    fn world_y_up_is_screen_y_down() {
        let c = camera();
        let s = c.world_to_screen(DVec2::new(2.0, 3.0));
        assert_eq!(s, Vec2::new(350.0, 100.0));
    }

    #[test]
    fn screen_to_world_inverts_world_to_screen() {
        let c = camera();
        for p in [DVec2::new(-3.5, 7.25), DVec2::ZERO, DVec2::new(1e3, -2e2)] {
            let back = c.screen_to_world(c.world_to_screen(p));
            assert!((back - p).length() < 1e-3, "{p} came back as {back}");
        }
    }

    #[test]
    fn pan_moves_content_with_the_mouse() {
        let mut c = camera();
        let p = DVec2::new(0.0, 0.0);
        let before = c.world_to_screen(p);
        c.pan(Vec2::new(30.0, -20.0));
        let after = c.world_to_screen(p);
        assert!((after - before - Vec2::new(30.0, -20.0)).length() < 1e-4);
    }

    #[test]
    fn zoom_keeps_point_under_cursor() {
        let mut c = camera();
        let cursor = Vec2::new(123.0, 45.0);
        let world = c.screen_to_world(cursor);
        c.zoom_at(cursor, 2.5);
        assert!((c.zoom - 125.0).abs() < 1e-9);
        assert!((c.screen_to_world(cursor) - world).length() < 1e-6);
    }

    #[test]
    fn zoom_is_clamped() {
        let mut c = camera();
        c.zoom_at(Vec2::ZERO, 1e12);
        assert_eq!(c.zoom, ZOOM_RANGE.1);
    }

    #[test]
    fn fit_shows_the_whole_box() {
        let mut c = camera();
        c.fit(DVec2::new(-2.0, -1.0), DVec2::new(6.0, 1.0), 10.0);
        let (min, max) = c.visible_world();
        assert!(min.x <= -2.0 && min.y <= -1.0 && max.x >= 6.0 && max.y >= 1.0);
        // Width-limited: 380 px for 8 units.
        assert!((c.zoom - 47.5).abs() < 1e-9);
    }

    #[test]
    fn screen_delta_flips_y() {
        let c = camera();
        assert_eq!(
            c.screen_delta_to_world(Vec2::new(100.0, 50.0)),
            DVec2::new(2.0, -1.0)
        );
    }

    /// Issue 9: a fit left the shapes in about a third of the world view (margins of
    /// 50 to 90 pixels on each side of a 400-pixel-wide view). Fitted content now
    /// fills at least 80% of the view's limiting side, with the room asked for still
    /// left around it.
    #[test]
    fn fitted_content_fills_the_view_and_keeps_its_room() {
        for (w, h) in [
            (405.0, 710.0),
            (810.0, 710.0),
            (1200.0, 500.0),
            (120.0, 90.0),
        ] {
            let viewport = Viewport::new(10.0, 40.0, w, h);
            let mut c = Camera::new(DVec2::ZERO, 1.0, viewport);
            let (min, max) = (DVec2::new(-1.0, -0.5), DVec2::new(3.0, 1.5));
            let room = 20.0;
            let margin = fit_margin(viewport, room);
            c.fit(min, max, margin);
            let (lo, hi) = (c.world_to_screen(min), c.world_to_screen(max));
            let (width, height) = ((hi.x - lo.x).abs(), (hi.y - lo.y).abs());
            let fill = (width / w).max(height / h);
            let expected = if w.min(h) >= 400.0 { 0.8 } else { 0.4 };
            assert!(fill >= expected, "{w}x{h}: fills {fill}");
            // Still inside with the room: no side closer to the edge than `room`.
            assert!(lo.x - viewport.x >= room - 1e-3, "{w}x{h}: left");
            assert!(viewport.x + w - hi.x >= room - 1e-3, "{w}x{h}: right");
            assert!(hi.y - viewport.y >= room - 1e-3, "{w}x{h}: top");
            assert!(viewport.y + h - lo.y >= room - 1e-3, "{w}x{h}: bottom");
        }
        assert_eq!(fit_margin(Viewport::new(0.0, 0.0, 1e4, 1e4), 5.0), 35.0);
        assert_eq!(fit_margin(Viewport::new(0.0, 0.0, 50.0, 50.0), -5.0), 12.0);
    }
}
