#!/usr/bin/env bash
# Cuts the fonts the window draws text with down to the characters it shows, into
# assets/fonts/ (read by src/app/fonts.rs). Run it again when a text gains a character
# no font there has: the test
# `every_character_the_window_shows_is_in_the_font_that_draws_it` (src/app/font_coverage.rs)
# fails and names it.
#
# - egui's own fonts (Ubuntu Light, Hack, Noto Emoji, emoji-icon-font, from the
#   `epaint_default_fonts` crate in Cargo's registry) keep fixed Unicode blocks: Latin,
#   Greek, punctuation, arrows, mathematical operators and the symbols the buttons use,
#   so that any name a learner types in those scripts still draws.
# - Noto Sans CJK SC (Debian's fonts-noto-cjk) keeps exactly the characters of the
#   Chinese texts (locales/zh/*.ftl, the scenes' and lessons' `zh` texts) and CJK punctuation.
# - DejaVu Sans (Debian's fonts-dejavu-core) keeps the subscript letters ᵢ … ᵪ and ⱼ,
#   which none of the others has.
#
# Needs: python3 with fonttools (pip install fonttools), fonts-noto-cjk and
# fonts-dejavu-core (apt-get).
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c 'import fontTools' 2>/dev/null || pip install -q fonttools
NOTO_CJK=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
[ -f "$NOTO_CJK" ] || { apt-get install -y -qq fonts-noto-cjk >/dev/null; }

version=$(grep -A1 '^name = "epaint"' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
# epaint_default_fonts is versioned with epaint (no longer in Cargo.lock: turned off).
[ -n "$version" ] || { echo "no epaint in Cargo.lock" >&2; exit 1; }
egui_fonts=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/epaint_default_fonts-"$version"/fonts 2>/dev/null | head -1 || true)
if [ ! -d "$egui_fonts" ]; then
    # Not in Cargo's registry (no build uses it now): let Cargo fetch the crate.
    fetch_dir=$(mktemp -d)
    mkdir -p "$fetch_dir/src" && touch "$fetch_dir/src/lib.rs"
    printf '[package]\nname = "fetch-fonts"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\nepaint_default_fonts = "=%s"\n' \
        "$version" >"$fetch_dir/Cargo.toml"
    (cd "$fetch_dir" && cargo fetch --quiet)
    egui_fonts=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/epaint_default_fonts-"$version"/fonts | head -1)
fi
out=assets/fonts
mkdir -p "$out"

# The blocks egui's fonts keep (see above).
latin="U+0020-007E,U+00A0-024F,U+0370-03FF,U+2000-206F,U+2070-209F,U+20AC,U+2100-214F,\
U+2190-21FF,U+2200-22FF,U+2300-23FF,U+2460-24FF,U+2500-25FF,U+2600-26FF,U+2700-27BF,\
U+2B00-2BFF,U+FFFD"
for font in Ubuntu-Light Hack-Regular NotoEmoji-Regular emoji-icon-font; do
    pyftsubset "$egui_fonts/$font.ttf" --unicodes="$latin" --layout-features='*' \
        --no-hinting --desubroutinize --output-file="$out/$font.ttf"
done
cp "$egui_fonts/UFL.txt" "$egui_fonts/OFL.txt" "$egui_fonts/emoji-icon-font-mit-license.txt" \
    "$egui_fonts/Hack-Regular.txt" "$out/"

# The Chinese texts' characters, and the punctuation they may use.
chars=$(mktemp)
{ cat locales/zh/*.ftl scenes/*.ron scenes/*.json scenes/lessons/*.ron docs/glossary.md 2>/dev/null || true; } |
    python3 -c '
import sys
text = sys.stdin.read()
cjk = {c for c in text if ord(c) >= 0x2E80}
cjk |= set("，。、：；？！（）《》“”‘’…—·「」【】～")
sys.stdout.write("".join(sorted(cjk)))' >"$chars"
pyftsubset "$NOTO_CJK" --font-number=2 --text-file="$chars" --unicodes="$latin" \
    --layout-features='*' --no-hinting --desubroutinize \
    --name-IDs='*' --output-file="$out/NotoSansSC-subset.otf"
rm -f "$chars"
cp /usr/share/doc/fonts-noto-cjk/copyright "$out/NotoSansCJK-copyright.txt" 2>/dev/null || true

# DejaVu Sans (Debian's fonts-dejavu-core) for the few letters no font above has: the
# subscripts ᵢ ⱼ of the trace checker's "aᵢ − bⱼ" (and their neighbours).
DEJAVU=${DEJAVU:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}
[ -f "$DEJAVU" ] || { apt-get install -y -qq fonts-dejavu-core >/dev/null; }
pyftsubset "$DEJAVU" --unicodes="U+1D62-1D6A,U+2C7C" --layout-features='*' \
    --no-hinting --desubroutinize --output-file="$out/DejaVuSans-subset.ttf"
cp /usr/share/doc/fonts-dejavu-core/copyright "$out/DejaVu-copyright.txt" 2>/dev/null || true
ls -l "$out"
