#!/usr/bin/env bash
# Builds gjk-lab for the browser into target/web/: index.html, the JavaScript loaders
# (miniquad's gl.js, sapp-jsutils' and quad-url's plugins, copied from the crates in
# the cargo registry; web/gjk_lab.js), and gjk-lab.wasm optimised by wasm-opt, with
# gjk-lab.wasm.gz and gjk-lab.wasm.br beside it for hosts that serve precompressed
# files. Any static server can host the folder as it is.
#
# Usage: bash scripts/web.sh [--serve [PORT]]
#   --serve   then serve target/web on http://127.0.0.1:PORT/ (default 8765) until Ctrl+C
#
# Installs what it needs, as scripts/test.sh does: Debian's rustc-web, cargo-web,
# rust-web-src (the standard library's source, built for wasm32 with -Z build-std) and
# lld-22 (the wasm linker) with apt-get; binaryen (wasm-opt) with npm into
# target/web-tools. The wasm build has its own target directory (target/wasm, or
# $GJK_LAB_WASM_TARGET_DIR), so the desktop build and target/release are untouched.
# Set CARGO_LOCK=/path/to/lockfile to run cargo under flock (shared machines).
set -euo pipefail
cd "$(dirname "$0")/.."

SERVE=0
PORT=8765
while [ $# -gt 0 ]; do
    case "$1" in
        --serve)
            SERVE=1
            if [ $# -gt 1 ] && [[ "$2" =~ ^[0-9]+$ ]]; then PORT="$2"; shift; fi
            ;;
        *) echo "usage: bash scripts/web.sh [--serve [PORT]]" >&2; exit 2 ;;
    esac
    shift
done

OUT=target/web
TOOLS=target/web-tools
WASM_DIR="${GJK_LAB_WASM_TARGET_DIR:-target/wasm}"
BINARYEN_VERSION=132.0.0
LLD=/usr/lib/llvm-22/bin/wasm-ld
LOCK=()
[ -n "${CARGO_LOCK:-}" ] && LOCK=(flock "$CARGO_LOCK")
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# --- what the build needs ------------------------------------------------------------
packages=()
dpkg -s rustc-web cargo-web rust-web-src >/dev/null 2>&1 || packages+=(rustc-web cargo-web rust-web-src)
[ -x "$LLD" ] || packages+=(lld-22)
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
if [ ${#packages[@]} -gt 0 ]; then
    echo "== installing ${packages[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi
if [ ! -x "$TOOLS/node_modules/.bin/wasm-opt" ]; then
    echo "== installing binaryen $BINARYEN_VERSION (wasm-opt) into $TOOLS"
    mkdir -p "$TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund --no-save --silent "binaryen@$BINARYEN_VERSION"
fi

# --- the wasm build ------------------------------------------------------------------
# Debian's rustc 1.96 (in /usr/bin, behind rustup's in PATH) builds std for wasm32 from
# its shipped source (RUSTC_BOOTSTRAP for -Z build-std). rustc no longer passes
# --allow-undefined to the wasm linker, and sapp-jsutils and quad-url declare plain
# extern "C" imports (the JS plugins provide them): pass it ourselves.
echo "== cargo build (wasm32-unknown-unknown, profile web) into $WASM_DIR"
web_cargo() {
    env PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
        CARGO_TARGET_DIR="$WASM_DIR" \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$LLD" \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C link-arg=--allow-undefined" \
        "${LOCK[@]}" /usr/bin/cargo "$@"
}
built_at=$SECONDS
web_cargo build --quiet -Z build-std=std,panic_abort --target wasm32-unknown-unknown \
    --profile web --bin gjk-lab
echo "   built in $((SECONDS - built_at)) s"
RAW="$WASM_DIR/wasm32-unknown-unknown/web/gjk-lab.wasm"

# --- the folder ----------------------------------------------------------------------
rm -rf "$OUT"
mkdir -p "$OUT"
# The JS loaders ship inside the crates the build used: find them with cargo metadata.
web_cargo metadata --format-version 1 --filter-platform wasm32-unknown-unknown >"$WASM_DIR/metadata.json"
node -e '
const meta = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const path = require("path");
const wanted = {"miniquad": "js/gl.js", "sapp-jsutils": "js/sapp_jsutils.js", "quad-url": "js/quad-url.js"};
for (const [name, file] of Object.entries(wanted)) {
    const pkg = meta.packages.find(p => p.name === name);
    if (!pkg) { console.error("error: no crate " + name + " in the build"); process.exit(1); }
    const from = path.join(path.dirname(pkg.manifest_path), file);
    require("fs").copyFileSync(from, path.join(process.argv[2], path.basename(file)));
    console.log("   " + path.basename(file) + " from " + name + " " + pkg.version);
}' "$WASM_DIR/metadata.json" "$OUT"
cp web/index.html web/gjk_lab.js web/code_panel.js "$OUT/"
# The Chinese font: the page fetches it only when Chinese is chosen (src/app/fonts.rs).
cp assets/fonts/NotoSansSC-subset.otf "$OUT/"
# The code panel's program: the very file a learner runs with Node.
cp examples/your-gjk/your_gjk.js "$OUT/"

echo "== wasm-opt -Oz"
opt_at=$SECONDS
"$TOOLS/node_modules/.bin/wasm-opt" -Oz --strip-debug --strip-producers \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-multivalue --enable-reference-types \
    "$RAW" -o "$OUT/gjk-lab.wasm"

# The page knows the program's size, so that its progress bar counts the bytes even
# when a host sends it compressed (the transfer's length is then not the program's).
sed -i "s|gjkLabLoad(\"gjk-lab.wasm\")|gjkLabLoad(\"gjk-lab.wasm\", $(stat -c %s "$OUT/gjk-lab.wasm"))|" \
    "$OUT/index.html"

# Precompressed copies beside every file, for static hosts that serve them
# (docs/browser.md; scripts/serve.js does): gzip -9, and brotli (quality 11) with
# Node's own zlib (Node is here already).
for f in "$OUT"/*.wasm "$OUT"/*.js "$OUT"/*.html "$OUT"/*.otf; do
    gzip -9 -k -f "$f"
    node -e '
const zlib = require("zlib"), fs = require("fs");
const input = fs.readFileSync(process.argv[1]);
fs.writeFileSync(process.argv[1] + ".br", zlib.brotliCompressSync(input, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } }));' "$f"
done

raw=$(stat -c %s "$RAW")
opt=$(stat -c %s "$OUT/gjk-lab.wasm")
gz=$(stat -c %s "$OUT/gjk-lab.wasm.gz")
br=$(stat -c %s "$OUT/gjk-lab.wasm.br")
mb() { awk -v b="$1" 'BEGIN { printf "%.2f MB", b / 1e6 }'; }
echo "   optimised in $((SECONDS - opt_at)) s"
echo "   gjk-lab.wasm: raw $(mb "$raw"), optimised $(mb "$opt"), gzip $(mb "$gz"), brotli $(mb "$br")"
if [ "$opt" -gt 4000000 ]; then
    echo "error: the optimised .wasm is larger than 4 MB" >&2
    exit 1
fi
# The Chinese font's budget: 1.5 MB gzipped (it is fetched only for Chinese).
font_gz=$(gzip -9c "$OUT/NotoSansSC-subset.otf" | wc -c)
echo "   NotoSansSC-subset.otf: $(mb "$(stat -c %s "$OUT/NotoSansSC-subset.otf")"), gzip $(mb "$font_gz")"
if [ "$font_gz" -gt 1500000 ]; then
    echo "error: the Chinese font is larger than 1.5 MB gzipped" >&2
    exit 1
fi
echo "== built $OUT/ (host it on any static server)"

if [ "$SERVE" -eq 1 ]; then
    echo "== serving on http://127.0.0.1:$PORT/  (Ctrl+C stops)"
    exec node "$(dirname "$0")/serve.js" "$OUT" "$PORT"
fi
