#!/usr/bin/env bash
# The browser stage of the test command: builds the web version (scripts/web.sh) and
# runs scripts/web-test.js in Debian's Chromium (headless, SwiftShader), driven by
# puppeteer-core. Installs Chromium with apt-get and puppeteer-core with npm into
# target/web-test (never a browser download). Prints the stage's time.
#
# Then scripts/web-touch-test.js: a lesson by touch on phones and tablets, a checkpoint
# from the keyboard, the first frame at 1.5 Mbit/s. Then scripts/web-code-test.js: the
# code panel (write your own GJK in the page, checked; an endless loop stopped).
#
# Usage: bash scripts/web-test.sh [SCREENSHOT.png]   (also saves a screenshot of the app)
#        SHOTS=screenshots bash scripts/web-test.sh screenshots/web-browser.png
#                 (also the phone, 800×600 and desktop pictures, web-*.png)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
PUPPETEER_VERSION=25.16.0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

if ! command -v chromium >/dev/null 2>&1; then
    echo "== installing chromium"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

bash scripts/web.sh

if [ ! -d target/web-test/node_modules/puppeteer-core ]; then
    echo "== installing puppeteer-core $PUPPETEER_VERSION into target/web-test"
    mkdir -p target/web-test
    PUPPETEER_SKIP_DOWNLOAD=1 npm install --prefix target/web-test --no-audit --no-fund \
        --no-save --silent "puppeteer-core@$PUPPETEER_VERSION"
fi

echo "== browser test (Chromium $(chromium --version 2>/dev/null | awk '{print $2}'))"
status=0
NODE_PATH="$PWD/target/web-test/node_modules" CHROMIUM="$(command -v chromium)" \
    node scripts/web-test.js target/web "$@" || status=$?
echo "== browser test on phones and tablets, by touch"
NODE_PATH="$PWD/target/web-test/node_modules" CHROMIUM="$(command -v chromium)" \
    node scripts/web-touch-test.js target/web || status=$?
echo "== browser test of the code panel (write your own GJK in the page)"
NODE_PATH="$PWD/target/web-test/node_modules" CHROMIUM="$(command -v chromium)" \
    node scripts/web-code-test.js target/web || status=$?
echo "== web stage: $(($(date +%s) - start)) s"
exit $status
