// What the browser tests share (scripts/web-test.js, scripts/web-touch-test.js): the
// tally of checks, Chromium launched on a folder served by scripts/serve.js, a page
// that records its problems, the app's status (window.gjkLabStatus) and waiting for
// it, keys, clicks and fingers (the DevTools protocol's touch events).
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const puppeteer = require("puppeteer-core");
const { serve } = require("./serve.js");

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

let passed = 0;
let failed = 0;
function pass(what) { console.log("PASS: " + what); passed++; }
function fail(what) { console.log("FAIL: " + what); failed++; }
function check(ok, what, why) { ok ? pass(what) : fail(what + (why ? ": " + why : "")); }
// Prints the tally and ends the process: 0 when every check passed (and some ran).
function finish() {
    console.log(passed + " passed, " + failed + " failed");
    process.exit(failed === 0 && passed > 0 ? 0 : 1);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const PHONE_TURNED = { ...PHONE, width: 844, height: 390 };

// Serves `web` and launches Chromium (headless, SwiftShader's WebGL, a profile of its
// own); runs `body(browser, base)`, then closes both. `log` hears every request.
async function withBrowser(web, body, log) {
    const server = await serve(web, 0, { log });
    const base = "http://127.0.0.1:" + server.address().port + "/";
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "gjk-lab-chromium-"));
    const browser = await puppeteer.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [
            "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run", "--user-data-dir=" + profile, "--window-size=1280,800",
        ],
    });
    try {
        await body(browser, base);
    } finally {
        await browser.close();
        server.close();
        fs.rmSync(profile, { recursive: true, force: true });
    }
}

// A new page that records console errors, failed requests and page errors; waits for
// the app's first status.
// Every address any page of the test asked for (the Chinese font must be asked for
// only by a page in Chinese).
const requested = [];

async function open(browser, url, problems, viewport = DESKTOP) {
    const page = await browser.newPage();
    // THROTTLE=N runs the page's CPU N times slower (Chromium's own throttling): a slow
    // CI machine, to find a test that only passes on a fast one.
    if (process.env.THROTTLE) {
        const cdp = await page.createCDPSession();
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.THROTTLE) });
    }
    await page.setViewport(viewport);
    page.on("request", (r) => requested.push(r.url()));
    page.on("console", (m) => {
        if (m.type() === "error" || m.text().startsWith("Missed function")) {
            problems.push("console: " + m.text());
        }
    });
    page.on("pageerror", (e) => problems.push("page error: " + e.message));
    page.on("requestfailed", (r) => problems.push("request failed: " + r.url()));
    page.on("response", (r) => {
        if (r.status() >= 400) problems.push("HTTP " + r.status() + ": " + r.url());
    });
    const start = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => window.gjkLabStatus !== undefined, { timeout: 90000 });
    const firstFrame = await page.evaluate(() => window.gjkLabFirstFrame);
    return { page, loadMs: Date.now() - start, firstFrame };
}

const status = (page) => page.evaluate(() => window.gjkLabStatus);

// Waits until the status satisfies `test` (up to `ms`); returns the last status.
async function until(page, test, ms = 5000) {
    const end = Date.now() + ms;
    let s = await status(page);
    while (!test(s) && Date.now() < end) {
        await sleep(50);
        s = await status(page);
    }
    return s;
}

// The control `wanted` finds, once it has stopped moving: egui's scroll area glides to
// its place over several frames after a wheel turn or a swipe, and a slow machine's
// status may still show it on the way. Two statuses 250 ms apart must place it alike.
async function settled(page, wanted, ms = 3000) {
    let before = wanted(await status(page));
    for (const end = Date.now() + ms; Date.now() < end;) {
        await sleep(250);
        const now = wanted(await status(page));
        if (before && now && JSON.stringify(before.visible) === JSON.stringify(now.visible)) return now;
        before = now;
    }
    return before;
}

async function key(page, k) {
    await page.keyboard.press(k);
    await sleep(120);
}

async function click(page, [x, y]) {
    await page.mouse.move(x, y);
    await sleep(60);
    await page.mouse.down();
    await sleep(80);
    await page.mouse.up();
    await sleep(250);
}

// A finger on the page: touchStart at `from`, moves to each point of `path` (80 ms
// apart), touchEnd (Chromium's touch emulation, through the DevTools protocol).
async function finger(page, from, path = [], holdMs = 80) {
    const cdp = await page.createCDPSession();
    const point = ([x, y]) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from) });
    await sleep(holdMs);
    for (const p of path) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(p) });
        await sleep(80);
    }
    await sleep(80);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await sleep(250);
    await cdp.detach();
}

// Whether A and B are drawn inside the page's viewport (CSS pixels, as the status's
// screen positions are), at least `apart` pixels from each other.
function pairOnScreen(s, viewport, apart = 30) {
    const [p, q] = [s.shapes[s.a].screen, s.shapes[s.b].screen];
    const inside = (r) => r[0] > 0 && r[0] < viewport.width && r[1] > 0 && r[1] < viewport.height;
    const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
    return { ok: inside(p) && inside(q) && d >= apart, text: `A at ${p.map(Math.round)}, B at ${q.map(Math.round)}, ${d.toFixed(0)} px apart` };
}

// Pixels per world unit of the world view, from two shapes' world and screen distances.
function zoomOf(s) {
    const [p, q] = [s.shapes[s.a], s.shapes[s.b]];
    const world = Math.hypot(q.position[0] - p.position[0], q.position[1] - p.position[1]);
    const screen = Math.hypot(q.screen[0] - p.screen[0], q.screen[1] - p.screen[1]);
    return screen / world;
}

// With SHOTS=DIR, a screenshot of the page there.
async function shot(page, name) {
    if (!process.env.SHOTS) return;
    const file = path.join(process.env.SHOTS, name);
    await page.screenshot({ path: file });
    console.log("screenshot: " + file);
}

module.exports = {
    pass, fail, check, finish, sleep, DESKTOP, PHONE, PHONE_TURNED, withBrowser, open,
    status, until, settled, key, click, finger, pairOnScreen, zoomOf, shot, requested,
};
