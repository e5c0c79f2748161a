// The browser test of gjk-lab (run by scripts/web-test.sh): serves target/web on
// 127.0.0.1, opens it in Debian's Chromium (headless, SwiftShader's software WebGL)
// driven by puppeteer-core, and checks what the app reports to the page
// (window.gjkLabStatus, the same JSON as the desktop's --status):
//   1. the page loads, draws and reports its status with no console error;
//   2. N advances a step, B goes back;
//   3. dragging shape B by 100 px moves it by 100 px / zoom in world units;
//   4. a preset opens from the Scenes tab;
//   5. "Copy link" makes a link that opens the same scene at the same step in a new
//      page; a broken link shows a one-line error and the default scene;
//   6. a scene file dropped on the page opens; the last scene comes back on reload;
//   7. a screenshot is not blank.
// It prints the time to the first frame and the frame times of the default scene and
// of many-shapes-200. Usage: node scripts/web-test.js WEB_DIR [SCREENSHOT.png]
"use strict";

const fs = require("fs");
const http = require("http");
const os = require("os");
const path = require("path");
const zlib = require("zlib");
const puppeteer = require("puppeteer-core");

const WEB = path.resolve(process.argv[2] || "target/web");
const SHOT = process.argv[3] || null;
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
// Positions in the 1280×800 page (the window's layout, as on the desktop).
const SCENES_TAB = [934, 104];
const COPY_LINK = [642, 62];
const OPEN_FILE = [742, 62];
const FIRST_ROW_Y = 209;
const ROW_PITCH = 33;

let passed = 0;
let failed = 0;
function pass(what) { console.log("PASS: " + what); passed++; }
function fail(what) { console.log("FAIL: " + what); failed++; }
function check(ok, what, why) { ok ? pass(what) : fail(what + (why ? ": " + why : "")); }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A static server for the folder (any static server would do).
function serve(dir) {
    const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
    const server = http.createServer((req, res) => {
        const name = decodeURIComponent(req.url.split("?")[0].split("#")[0]);
        const file = path.join(dir, name === "/" ? "index.html" : name);
        if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
            res.writeHead(404);
            res.end();
            return;
        }
        res.writeHead(200, { "Content-Type": types[path.extname(file)] || "application/octet-stream" });
        fs.createReadStream(file).pipe(res);
    });
    return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// A new page that records console errors, failed requests and page errors.
async function open(browser, url, problems) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
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

// Mean and worst interval between animation frames over `ms` (the app draws in them).
function frameTimes(page, ms) {
    return page.evaluate((ms) => new Promise((resolve) => {
        const times = [];
        let last = null;
        const end = performance.now() + ms;
        function tick(now) {
            if (last !== null) times.push(now - last);
            last = now;
            if (now < end) requestAnimationFrame(tick); else {
                const mean = times.reduce((a, b) => a + b, 0) / times.length;
                resolve({ frames: times.length, mean, worst: Math.max(...times) });
            }
        }
        requestAnimationFrame(tick);
    }), ms);
}

// Distinct colours of a PNG (8-bit RGB or RGBA, not interlaced: Chromium's screenshots).
function pngColours(png) {
    let pos = 8, width = 0, height = 0, channels = 4;
    const data = [];
    while (pos < png.length) {
        const len = png.readUInt32BE(pos);
        const type = png.toString("ascii", pos + 4, pos + 8);
        const body = png.subarray(pos + 8, pos + 8 + len);
        if (type === "IHDR") {
            width = body.readUInt32BE(0);
            height = body.readUInt32BE(4);
            channels = body[9] === 6 ? 4 : 3;
        } else if (type === "IDAT") data.push(body);
        pos += 12 + len;
    }
    const raw = zlib.inflateSync(Buffer.concat(data));
    const stride = width * channels;
    const out = Buffer.alloc(height * stride);
    for (let y = 0; y < height; y++) {
        const filter = raw[y * (stride + 1)];
        for (let x = 0; x < stride; x++) {
            const v = raw[y * (stride + 1) + 1 + x];
            const a = x >= channels ? out[y * stride + x - channels] : 0;
            const b = y > 0 ? out[(y - 1) * stride + x] : 0;
            const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels] : 0;
            let p;
            switch (filter) {
                case 0: p = 0; break;
                case 1: p = a; break;
                case 2: p = b; break;
                case 3: p = (a + b) >> 1; break;
                default: {
                    const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c);
                    p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
                }
            }
            out[y * stride + x] = (v + p) & 255;
        }
    }
    const colours = new Set();
    for (let i = 0; i < out.length; i += channels) colours.add(out.readUIntBE(i, 3));
    return { width, height, colours: colours.size };
}

// Pixels per world unit of the world view, from two shapes' world and screen distances
// (as scripts/e2e.sh does).
function zoomOf(s) {
    const [p, q] = [s.shapes[s.a], s.shapes[s.b]];
    const world = Math.hypot(q.position[0] - p.position[0], q.position[1] - p.position[1]);
    const screen = Math.hypot(q.screen[0] - p.screen[0], q.screen[1] - p.screen[1]);
    return screen / world;
}

async function main() {
    if (!fs.existsSync(path.join(WEB, "gjk-lab.wasm"))) {
        fail("no " + WEB + "/gjk-lab.wasm (build it with: bash scripts/web.sh)");
        return;
    }
    const server = await serve(WEB);
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
        await run(browser, base);
    } finally {
        await browser.close();
        server.close();
        fs.rmSync(profile, { recursive: true, force: true });
    }
}

async function run(browser, base) {
    // 1. Load: status, no console error.
    const problems = [];
    const { page, loadMs, firstFrame } = await open(browser, base, problems);
    let s = await status(page);
    check(s.scene === "scenes/overlapping-polygons.ron" && s.step === 0 && s.error === null,
        "the page opens the default preset at step 0 (first frame after " +
        Math.round(firstFrame) + " ms; status after " + loadMs + " ms)", JSON.stringify(s).slice(0, 200));
    const defaultFrames = await frameTimes(page, 3000);
    console.log(`frame time, default scene: mean ${defaultFrames.mean.toFixed(1)} ms, ` +
        `worst ${defaultFrames.worst.toFixed(1)} ms over ${defaultFrames.frames} frames`);

    // 2. N N N B -> step 2.
    await page.focus("#glcanvas");
    for (const k of ["n", "n", "n", "b"]) await key(page, k);
    s = await until(page, (s) => s.step === 2);
    check(s.step === 2, "N three times and B once shows step 2 (of " + s.step_count + ")", "step " + s.step);

    // 3. Drag B by 100 px right: B moves by 100 / zoom world units along x.
    const zoom = zoomOf(s);
    const before = s.shapes[s.b];
    const [x, y] = before.screen;
    await page.mouse.move(x, y);
    await sleep(150);
    await page.mouse.down();
    await sleep(150);
    for (const dx of [25, 50, 75, 100]) {
        await page.mouse.move(x + dx, y);
        await sleep(120);
    }
    await sleep(150);
    await page.mouse.up();
    // A move in the same frame as the release would still count as the drag's.
    await sleep(300);
    s = await until(page, (t) => t.shapes[t.b].position[0] !== before.position[0]);
    const after = s.shapes[s.b];
    const dxWorld = after.position[0] - before.position[0];
    const dyWorld = after.position[1] - before.position[1];
    const want = 100 / zoom;
    check(Math.abs(dxWorld - want) < 0.01 * want && Math.abs(dyWorld) < 1e-6,
        `dragging B by 100 px moves it by ${dxWorld.toFixed(4)} (expected ${want.toFixed(4)} at ${zoom.toFixed(2)} px/unit)`,
        `dy ${dyWorld}`);

    // The drag is over: moving the mouse on does not move B.
    await page.mouse.move(x + 200, y + 80);
    await sleep(300);
    const moved = (await status(page)).shapes[s.b];
    check(moved.position[0] === after.position[0] && moved.position[1] === after.position[1],
        "after the button is up, moving the mouse leaves B where it is", JSON.stringify(moved.position));

    // 4. A preset from the Scenes tab: the second row is the second scene file by name.
    await click(page, SCENES_TAB);
    const files = fs.readdirSync(path.join(__dirname, "..", "scenes"))
        .filter((f) => f.endsWith(".ron") || f.endsWith(".json")).sort();
    const wanted = "scenes/" + files[1];
    // At the step its view names (0 when it names none).
    const viewStep = fs.readFileSync(path.join(__dirname, "..", wanted), "utf8")
        .match(/view:[^\n]*step"?:\s*(\d+)/);
    const wantedStep = viewStep ? Number(viewStep[1]) : 0;
    await click(page, [900, FIRST_ROW_Y + ROW_PITCH]);
    s = await until(page, (t) => t.scene === wanted);
    check(s.scene === wanted && s.step === wantedStep && s.error === null,
        "clicking the second row of the Scenes tab opens " + wanted + " at step " + wantedStep,
        "scene " + s.scene + ", step " + s.step + ", error " + s.error);

    // 5. Copy link, then open it in a new page: the same scene at the same step.
    await page.focus("#glcanvas");
    await key(page, "1");
    s = await until(page, (t) => t.algorithm === "gjk");
    const target = Math.min(3, s.step_count);
    for (let i = 0; i < target; i++) await key(page, "n");
    const shared = await until(page, (t) => t.step === target);
    await click(page, COPY_LINK);
    const link = await page.waitForFunction(() => window.gjkLabLink, { timeout: 5000 }).then((h) => h.jsonValue());
    check(link.startsWith(base + "#gjk1."), "Copy link makes a link of " + link.length + " characters", link);
    if (SHOT) {
        await page.mouse.move(1275, 140);
        await sleep(400);
        await page.screenshot({ path: SHOT });
        console.log("screenshot: " + SHOT);
    }
    const second = await open(browser, link, problems);
    const opened = await status(second.page);
    const same = opened.step === shared.step && opened.algorithm === shared.algorithm &&
        opened.a === shared.a && opened.b === shared.b &&
        JSON.stringify(opened.shapes.map((x) => [x.name, x.position, x.rotation])) ===
        JSON.stringify(shared.shapes.map((x) => [x.name, x.position, x.rotation]));
    check(same && opened.error === null,
        "the link opens the same shapes on " + opened.algorithm + " at step " + opened.step + " in a new page",
        JSON.stringify(opened).slice(0, 300));
    await second.page.close();

    // A broken link: the same one-line error as a broken file, on the default scene; the
    // error also goes to the console.
    const brokenProblems = [];
    const broken = await open(browser, base + "#gjk1.this-link-was-cut", brokenProblems);
    const b = await status(broken.page);
    check(b.scene === "scenes/overlapping-polygons.ron" && /^link: [^\n]+$/.test(b.error || "") &&
        brokenProblems.length === 1 && brokenProblems[0].includes(b.error),
        "a broken link shows \"" + b.error + "\" over the default scene, and logs it",
        JSON.stringify(brokenProblems));
    // A link pasted into the address bar of an open page opens there.
    await broken.page.evaluate((hash) => { window.location.hash = hash; }, link.split("#")[1]);
    const pasted = await until(broken.page, (t) => t.step === shared.step && t.error === null, 10000);
    check(pasted.step === shared.step && pasted.error === null && pasted.scene === null &&
        pasted.shapes.length === shared.shapes.length,
        "a link pasted into the address bar opens in the page", JSON.stringify(pasted).slice(0, 200));
    await broken.page.close();

    // The lessons: K opens the first, Page Down turns a page, the progress is kept in
    // local storage; K leaves.
    await page.focus("#glcanvas");
    await key(page, "k");
    s = await until(page, (t) => t.mode === "lesson");
    await key(page, "PageDown");
    s = await until(page, (t) => t.page === 2);
    const progress = await page.evaluate(() => JSON.parse(localStorage.getItem("gjk-lab.progress.json") || "{}"));
    const first = s.lesson && progress.lessons && progress.lessons[s.lesson];
    check(s.mode === "lesson" && s.page === 2 && first && first.seen === 2,
        "K opens the lesson " + s.lesson + ", Page Down its page 2, kept in local storage",
        JSON.stringify(progress));
    await key(page, "k");
    s = await until(page, (t) => t.mode === "pair");

    // 6. The file picker ("Open file…", beside Copy link) opens a scene from the computer.
    const [chooser] = await Promise.all([
        page.waitForFileChooser({ timeout: 10000 }),
        click(page, OPEN_FILE),
    ]);
    await chooser.accept([path.join(__dirname, "..", "scenes", "ellipse-circle.ron")]);
    s = await until(page, (t) => t.scene === "opened/ellipse-circle.ron", 10000);
    check(s.scene === "opened/ellipse-circle.ron" && s.error === null && s.mode === "pair",
        "Open file… opens the chosen scene file", "scene " + s.scene);

    // A scene file dropped on the page opens (here many-shapes-200, then timed).
    const text = fs.readFileSync(path.join(__dirname, "..", "scenes", "many-shapes-200.ron"), "utf8");
    await page.evaluate((text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], "many-shapes-200.ron", { type: "text/plain" }));
        window.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    }, text);
    s = await until(page, (t) => t.scene === "opened/many-shapes-200.ron", 10000);
    check(s.scene === "opened/many-shapes-200.ron" && s.mode === "many" && s.shapes.length === 200,
        "a dropped scene file opens (200 shapes, many-shapes mode)", "scene " + s.scene + ", mode " + s.mode);
    const manyFrames = await frameTimes(page, 3000);
    console.log(`frame time, many-shapes-200: mean ${manyFrames.mean.toFixed(1)} ms, ` +
        `worst ${manyFrames.worst.toFixed(1)} ms over ${manyFrames.frames} frames`);

    // The last scene comes back in a new visit (local storage; kept every second).
    await sleep(1500);
    const again = await open(browser, base, problems);
    const kept = await status(again.page);
    check(JSON.stringify(kept.shapes.map((x) => x.name)) === JSON.stringify(s.shapes.map((x) => x.name)) &&
        kept.step === s.step && kept.algorithm === s.algorithm,
        "a new visit opens the last scene (" + kept.shapes.length + " shapes, " + kept.algorithm + ")",
        JSON.stringify(kept).slice(0, 200));
    await again.page.close();

    // 7. A screenshot that is not blank.
    await click(page, SCENES_TAB);
    const png = await page.screenshot({ type: "png" });
    const picture = pngColours(Buffer.from(png));
    check(picture.colours > 50, `screenshot ${picture.width}x${picture.height} has ${picture.colours} colours`);

    if (problems.length === 0) pass("no console error, failed request or page error");
    else fail("problems on the page:\n    " + problems.join("\n    "));
}

main()
    .catch((e) => fail("the test itself failed: " + (e && e.stack ? e.stack : e)))
    .finally(() => {
        console.log(passed + " passed, " + failed + " failed");
        process.exit(failed === 0 && passed > 0 ? 0 : 1);
    });
