//! The fonts the panels draw text with: egui's own four fonts, cut to the characters
//! gjk-lab shows (`scripts/fonts.sh` writes them to `assets/fonts/`), and the Chinese
//! font when it is there.
//!
//! egui's crates embed its fonts whole (1.4 MB) unless told not to; gjk-lab builds
//! egui without them (`vendor/README.md`) and hands egui these instead, in the same
//! order and with the same sizes egui gives its own, so the panels look as they did.
//! The test `every_character_the_window_shows_is_in_the_font_that_draws_it`
//! ([`super::font_coverage`]) reads the same definitions and fails when a shown
//! character has no glyph.

use egui_macroquad::egui::{self, FontData, FontFamily, FontTweak};
use std::sync::Arc;

/// Ubuntu Light: the panels' text.
const UBUNTU_LIGHT: &[u8] = include_bytes!("../../assets/fonts/Ubuntu-Light.ttf");
/// Hack: the pseudo-code and numbers in columns.
const HACK: &[u8] = include_bytes!("../../assets/fonts/Hack-Regular.ttf");
/// Noto Emoji: symbols Ubuntu lacks.
const NOTO_EMOJI: &[u8] = include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf");
/// emoji-icon-font: the buttons' symbols (▶ ⏮ ⏭ …).
const EMOJI_ICON: &[u8] = include_bytes!("../../assets/fonts/emoji-icon-font.ttf");
/// DejaVu Sans, cut to the subscript letters no font above has (ᵢ ⱼ: the trace
/// checker's "aᵢ − bⱼ").
const DEJAVU: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf");

/// The name the Chinese font has in egui's definitions.
pub const CHINESE: &str = "NotoSansSC";

/// The fonts for egui: egui's own order, and `chinese` (Noto Sans SC's bytes, when
/// loaded) right after the text font of each family, so that Latin letters keep
/// Ubuntu's and Hack's shapes and Chinese characters find theirs.
pub fn definitions(chinese: Option<&'static [u8]>) -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::empty();
    let mut add = |name: &str, data: FontData| {
        fonts.font_data.insert(name.to_owned(), Arc::new(data));
    };
    add("Hack", FontData::from_static(HACK));
    add("Ubuntu-Light", FontData::from_static(UBUNTU_LIGHT));
    // The two symbol fonts drawn smaller, as egui draws them.
    add(
        "NotoEmoji-Regular",
        FontData::from_static(NOTO_EMOJI).tweak(FontTweak {
            scale: 0.81,
            ..Default::default()
        }),
    );
    add(
        "emoji-icon-font",
        FontData::from_static(EMOJI_ICON).tweak(FontTweak {
            scale: 0.90,
            ..Default::default()
        }),
    );
    add("DejaVuSans-subset", FontData::from_static(DEJAVU));
    let symbols = ["NotoEmoji-Regular", "emoji-icon-font", "DejaVuSans-subset"];
    let mut proportional = vec!["Ubuntu-Light"];
    let mut monospace = vec!["Hack", "Ubuntu-Light"];
    if let Some(bytes) = chinese {
        add(CHINESE, FontData::from_static(bytes));
        proportional.push(CHINESE);
        monospace.push(CHINESE);
    }
    proportional.extend(symbols);
    monospace.extend(symbols);
    let names = |list: Vec<&str>| list.into_iter().map(str::to_owned).collect();
    fonts
        .families
        .insert(FontFamily::Proportional, names(proportional));
    fonts
        .families
        .insert(FontFamily::Monospace, names(monospace));
    fonts
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_macroquad::egui::{epaint, Color32, FontId};

    /// `text` laid out by egui with the Chinese font, wrapped at each of `widths`
    /// (pixels): each width with its rows.
    fn wrapped(
        text: &str,
        widths: impl Iterator<Item = usize>,
    ) -> Vec<(usize, Vec<epaint::text::Row>)> {
        let chinese = crate::app::platform::chinese_font();
        let fonts = epaint::Fonts::new(1.0, 4096, definitions(chinese));
        widths
            .map(|width| {
                let galley = fonts.layout(
                    text.to_string(),
                    FontId::proportional(18.0),
                    Color32::WHITE,
                    width as f32,
                );
                (width, galley.rows.clone())
            })
            .collect()
    }

    /// A Chinese paragraph wrapped at many widths never starts a line with the
    /// punctuation that may not start one (，：；？！）。、”) nor ends one with an
    /// opening bracket or quote (（“): the line-breaking rules of the patched egui
    /// (`vendor/README.md`).
    #[test]
    fn chinese_lines_never_start_with_closing_punctuation() {
        let text = "现在单纯形是线段 w1w2。它有三个部分：两个端点，以及它们之间的边。每个部分都有自己的 \
                    Voronoi 区域，即平面上离这个部分比离其他部分更近的点；图中用阴影标出（拖动 P）！\
                    d = x − （它上面的最近点）= 0.5；“间隙”为正。";
        let mut rows = 0;
        for (width, galley_rows) in wrapped(text, (120..=460).step_by(7)) {
            for row in galley_rows.iter().skip(1) {
                rows += 1;
                let first = row.glyphs.first().map(|g| g.chr);
                assert!(
                    !first.is_some_and(|c| "，：；？！）。、”".contains(c)),
                    "width {width}: a line starts with {first:?}"
                );
            }
            // Nor ends with an opening bracket or quote.
            for row in &galley_rows {
                let last = row.glyphs.iter().rev().find(|g| !g.chr.is_whitespace());
                let last = last.map(|g| g.chr);
                assert!(
                    !last.is_some_and(|c| "（“".contains(c)),
                    "width {width}: a line ends with {last:?}"
                );
            }
        }
        assert!(
            rows > 100,
            "only {rows} wrapped lines: the test checks little"
        );
    }

    /// "A − B" in Chinese text stays on one line at every width.
    #[test]
    fn a_minus_b_is_never_broken_in_chinese() {
        let text = crate::app::i18n::typeset(
            "两个图形重叠，当且仅当 A − B 含有原点；B − A 是它关于原点的镜像，A − B 上离原点最近的点给出距离。",
        );
        let mut joins = 0;
        // (From 100 px: narrower, "点；B − A" alone does not fit, and egui breaks anywhere.)
        for (width, rows) in wrapped(&text, (100..=460).step_by(3)) {
            for pair in rows.windows(2) {
                let last = pair[0].glyphs.iter().rev().find(|g| !g.chr.is_whitespace());
                let first = pair[1].glyphs.first().map(|g| g.chr);
                joins += 1;
                assert!(
                    // A break inside leaves the minus at one end of a row.
                    last.map(|g| g.chr) != Some('−') && first != Some('−'),
                    "width {width}: a row ends with {:?} and the next starts with {first:?}",
                    last.map(|g| g.chr)
                );
            }
        }
        assert!(
            joins > 100,
            "only {joins} line breaks: the test checks little"
        );
    }
}
