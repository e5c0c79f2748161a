//! The shape of the screen, chosen from the window's size every frame: a wide desktop
//! window (the views side by side, the panel on the right), a narrow one (the panel
//! as a drawer below the views) or a phone (one view at a time behind World | A − B
//! tabs, the step controls as large buttons at the bottom, the panel a drawer).

/// How the window is laid out, from its size in points (logical pixels).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScreenShape {
    /// At least [`WIDE_MIN_WIDTH`] wide: today's desktop layout.
    #[default]
    Wide,
    /// Narrower than that (a small window, a tablet): the panel is a drawer below.
    Narrow,
    /// Narrower than [`PHONE_MAX_WIDTH`] or lower than [`PHONE_MAX_HEIGHT`] (a phone,
    /// either way round): one view at a time and large step buttons.
    Phone,
}

/// The screen the app is shown on: its shape (from its size) and how it is pointed at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Screen {
    /// How the window is laid out.
    pub shape: ScreenShape,
    /// Whether the pointer is coarse — a finger (a phone, a tablet, a touch laptop):
    /// every control is then at least [`TOUCH_MIN`] points, labels are not selected
    /// by a tap, and texts name taps and on-screen buttons, not keys. Touch is a
    /// pointer, not a screen size: a tablet is narrow or wide, and touched.
    pub touch: bool,
}

/// The smallest side of a control on a touch screen, in points (CSS pixels on the
/// web): Apple's guideline (Google's asks for 48).
pub const TOUCH_MIN: f32 = 44.0;

/// The narrowest window that keeps the side panel (470 points) beside two views.
pub const WIDE_MIN_WIDTH: f32 = 1100.0;
/// Below this width, a phone held upright.
pub const PHONE_MAX_WIDTH: f32 = 600.0;
/// Below this height, a phone turned on its side.
pub const PHONE_MAX_HEIGHT: f32 = 500.0;
/// The smallest side of a touch target, in points (Apple's and Google's guidelines
/// ask for 44 and 48).
pub const TOUCH_TARGET: f32 = 48.0;

impl ScreenShape {
    /// The shape of a window `width` × `height` points.
    pub fn of(width: f32, height: f32) -> Self {
        if width < PHONE_MAX_WIDTH || height < PHONE_MAX_HEIGHT {
            ScreenShape::Phone
        } else if width < WIDE_MIN_WIDTH {
            ScreenShape::Narrow
        } else {
            ScreenShape::Wide
        }
    }

    /// Its name in the status (`wide`, `narrow`, `phone`).
    pub fn name(self) -> &'static str {
        match self {
            ScreenShape::Wide => "wide",
            ScreenShape::Narrow => "narrow",
            ScreenShape::Phone => "phone",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_get_the_shape_of_their_size() {
        assert_eq!(ScreenShape::of(1280.0, 800.0), ScreenShape::Wide);
        assert_eq!(ScreenShape::of(1920.0, 1080.0), ScreenShape::Wide);
        assert_eq!(ScreenShape::of(800.0, 600.0), ScreenShape::Narrow);
        assert_eq!(ScreenShape::of(1024.0, 768.0), ScreenShape::Narrow);
        // A phone upright and on its side.
        assert_eq!(ScreenShape::of(390.0, 844.0), ScreenShape::Phone);
        assert_eq!(ScreenShape::of(844.0, 390.0), ScreenShape::Phone);
    }
}
