//! The trace checker's sentences in the language shown: every [`Text`] of a report
//! (the verdict, yours, expected, gjk-lab's step, the likely cause and its fix, the
//! stage, the note, the next stage) and of a file that cannot be read, looked up by
//! its id in `locales/*/check.ftl` with the values the checker wrote, so both
//! languages show the very same digits. In English it is byte for byte what
//! `gjk-lab check` prints (the core's [`Text`] display; the tests here compare them).

use crate::app::i18n;
use fluent_bundle::FluentArgs;
use gjk_lab_core::check::{Arg, Text};

/// `text` in the language shown, the sentences in it too.
pub fn render(text: &Text) -> String {
    let mut args = FluentArgs::new();
    for (name, value) in &text.args {
        let value = match value {
            Arg::Plain(s) => s.clone(),
            Arg::Text(t) => render(t),
        };
        args.set(*name, value);
    }
    i18n::text_with(text.id, Some(&args))
}

#[cfg(test)]
mod tests;
