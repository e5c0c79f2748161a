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
//      "Load my trace": traces chosen in the file picker are checked on dyn4j's GJK
//      scene (gjk-lab's own and a correct Python GJK's agree; the buggy Python GJK's
//      diverges at line 7, narrated in the status's my_trace.text);
//   7. a screenshot is not blank;
//   8. on a phone (390×844, DPR 3, touch): A and B drawn inside the screen, the canvas
//      at device pixels, a finger drag moves B, a tap on Next advances, a long press
//      and a quarter circle turn A; turned to 844×390 the pair is refitted; two
//      fingers zoom; 800×600 takes the narrow layout;
//   9. a lesson page's link opens that page; after a page turn, a reload resumes the
//      turned page (the address follows the state); an altered link is refused;
//      file:// and a browser without WebGL say what to do; on a slow connection
//      the progress bar counts the download; the title names the scene; the
//      narration region holds the step's words;
//  10. languages: no English page has asked for the Chinese font; a link with
//      ?lang=zh opens in Chinese (status "lang", the narration in Chinese) once the
//      font has arrived, and the share link keeps lang=zh.
// With SHOTS=DIR it also saves the phone, 800×600 and desktop pictures there.
// It prints the time to the first frame and the frame times of the default scene and
// of many-shapes-200. Usage: node scripts/web-test.js WEB_DIR [SCREENSHOT.png]
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const zlib = require("zlib");
const {
    pass, fail, check, finish, sleep, DESKTOP, PHONE, PHONE_TURNED, withBrowser, open,
    status, until, key, click, finger, pairOnScreen, zoomOf, shot, requested,
} = require("./web-test-lib.js");

const WEB = path.resolve(process.argv[2] || "target/web");
const SHOT = process.argv[3] || null;
// The default scene's share link at step 0 (from the first page's status).
let DEFAULT_LINK = null;
// Positions in the 1280×800 page (the window's layout, as on the desktop).
const SCENES_TAB = [934, 104];
const COPY_LINK = [642, 62];
const OPEN_FILE = [742, 62];
const FIRST_ROW_Y = 209;
const ROW_PITCH = 33;

// Mean and worst interval between animation frames over `ms` (the app draws in them
// while something moves), and how many frames the app drew.
function frameTimes(page, ms) {
    return page.evaluate((ms) => new Promise((resolve) => {
        const times = [];
        let last = null;
        const drawn = window.gjkLabFrames;
        const end = performance.now() + ms;
        function tick(now) {
            if (last !== null) times.push(now - last);
            last = now;
            if (now < end) requestAnimationFrame(tick); else {
                const mean = times.reduce((a, b) => a + b, 0) / times.length;
                resolve({ frames: times.length, mean, worst: Math.max(...times), drawn: window.gjkLabFrames - drawn });
            }
        }
        requestAnimationFrame(tick);
    }), ms);
}

// Frames the app draws in `ms` with no input, and how long the page's main thread
// was busy meanwhile (the DevTools protocol's TaskDuration).
async function idleCost(page, ms) {
    const cdp = await page.createCDPSession();
    await cdp.send("Performance.enable");
    const task = async () => (await cdp.send("Performance.getMetrics")).metrics
        .find((m) => m.name === "TaskDuration").value;
    const [f0, t0] = [await page.evaluate(() => window.gjkLabFrames), await task()];
    await sleep(ms);
    const [f1, t1] = [await page.evaluate(() => window.gjkLabFrames), await task()];
    await cdp.detach();
    return { frames: f1 - f0, busyMs: (t1 - t0) * 1000 };
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

// Drags shape `b` 100 px right, its press and first move sent together (mouse events
// on the canvas in one task, so that one frame of the app sees both); checks that B
// moved 100 px, not 75.
async function dragInOneFrame(page, b, zoom) {
    const before = (await status(page)).shapes[b];
    const [x, y] = before.screen;
    await page.mouse.move(x, y);
    await sleep(300);
    const send = (events) => page.evaluate((events) => {
        const canvas = document.getElementById("glcanvas");
        for (const [type, px, py, buttons] of events) {
            canvas.dispatchEvent(new MouseEvent(type, { clientX: px, clientY: py, button: 0, buttons, bubbles: true }));
        }
    }, events);
    await send([["mousedown", x, y, 1], ["mousemove", x + 25, y, 1]]);
    for (const dx of [50, 75, 100]) {
        await sleep(120);
        await send([["mousemove", x + dx, y, 1]]);
    }
    await sleep(150);
    await send([["mouseup", x + 100, y, 0]]);
    const s = await until(page, (t) => t.shapes[b].position[0] !== before.position[0]);
    const px = (s.shapes[b].position[0] - before.position[0]) * zoom;
    check(Math.abs(px - 100) < 1, `a press and the drag's first move in one frame: B follows the whole drag (${px.toFixed(1)} of 100 px)`);
}

async function main() {
    if (!fs.existsSync(path.join(WEB, "gjk-lab.wasm"))) {
        fail("no " + WEB + "/gjk-lab.wasm (build it with: bash scripts/web.sh)");
        return;
    }
    await withBrowser(WEB, run);
}

async function run(browser, base) {
    // 1. Load: status, no console error.
    const problems = [];
    const { page, loadMs, firstFrame } = await open(browser, base, problems);
    let s = await status(page);
    check(s.scene === "scenes/overlapping-polygons.ron" && s.step === 0 && s.error === null,
        "the page opens the default preset at step 0 (first frame after " +
        Math.round(firstFrame) + " ms; status after " + loadMs + " ms)", JSON.stringify(s).slice(0, 200));
    DEFAULT_LINK = s.link;
    // Idle: a paused scene with no input draws no frame (the event loop blocks).
    await sleep(2500);
    const idle = await idleCost(page, 3000);
    check(idle.frames <= 1, `an idle page draws ${idle.frames} frames in 3 s ` +
        `(the browser's main thread busy ${idle.busyMs.toFixed(0)} ms of them)`);

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

    // A slow frame: the press and the first 25 px of the drag reach the page before the
    // app's next frame (sent as page events at once, as a busy phone delivers them).
    // The drag starts where the press was: B moves the whole 100 px.
    await dragInOneFrame(page, s.b, zoom);

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
    check(link.startsWith(base + "?lang=en#gjk3."), "Copy link makes a link (with its language) of " + link.length + " characters", link);
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
    check(pasted.step === shared.step && pasted.error === null && pasted.scene === shared.scene &&
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
        `worst ${manyFrames.worst.toFixed(1)} ms over ${manyFrames.frames} frames ` +
        `(${manyFrames.drawn} drawn by the app)`);

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

    await myTrace(browser, base, problems);
    await phone(browser, base, problems);
    await lessonLinks(browser, base, problems);
    await pageChecks(browser, base, problems);
    await languageChecks(browser, base, problems);

    if (problems.length === 0) pass("no console error, failed request or page error");
    else fail("problems on the page:\n    " + problems.join("\n    "));
}

// Chooses `file` in the page's file picker, opened by a click at `at` (the picker
// takes scenes and traces; "Open file…" and "Load my trace…" open the same one).
async function pick(page, at, file) {
    const [chooser] = await Promise.all([
        page.waitForFileChooser({ timeout: 10000 }),
        click(page, at),
    ]);
    await chooser.accept([file]);
}

// 6b. "Load my trace" in the browser (issue 23): on dyn4j's GJK scene, chosen in the
// file picker, gjk-lab's own trace of the scene (tests/fixtures, written by
// `gjk-lab trace scenes/dyn4j-gjk.ron --algo gjk`) and the trace of a correct Python
// GJK (examples/gjk_reference.py) agree; the trace of the Python GJK with the
// triple-product bug (examples/gjk_wrong_direction.py) diverges at its line 7, the
// direction pointing away from the origin, and the Explain tab says so.
async function myTrace(browser, base, problems) {
    const root = path.join(__dirname, "..");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gjk-lab-traces-"));
    const written = {};
    for (const name of ["gjk_reference", "gjk_wrong_direction"]) {
        const out = require("child_process").spawnSync("python3", [path.join(root, "examples", name + ".py")]);
        written[name] = path.join(dir, name + ".jsonl");
        fs.writeFileSync(written[name], out.stdout || "");
        if (out.status !== 0) fail(`examples/${name}.py did not run: ${out.error || out.stderr}`);
    }
    // The default scene's link (a bare visit would open the last scene, kept).
    const { page } = await open(browser, DEFAULT_LINK, problems);
    await pick(page, OPEN_FILE, path.join(root, "scenes", "dyn4j-gjk.ron"));
    let s = await until(page, (t) => t.scene === "opened/dyn4j-gjk.ron", 10000);
    check(s.scene === "opened/dyn4j-gjk.ron" && s.my_trace === null, "dyn4j's GJK scene opens, no trace loaded",
        "scene " + s.scene);
    const cases = [
        [path.join(root, "tests", "fixtures", "dyn4j-gjk.trace.jsonl"), "gjk-lab's own trace"],
        [written.gjk_reference, "a correct Python GJK's trace (examples/gjk_reference.py)"],
    ];
    for (const [file, what] of cases) {
        await pick(page, OPEN_FILE, file);
        const name = path.basename(file);
        s = await until(page, (t) => t.my_trace !== null && t.my_trace.name.endsWith(name), 10000);
        const t = s.my_trace || {};
        check(t.agree === true && t.line === null && t.error === null && s.algorithm === "gjk" &&
            /agrees/.test((t.text || [])[0] || ""),
            `${what}, chosen in the file picker, agrees with gjk-lab: "${(t.text || [])[0]}"`, JSON.stringify(t));
    }
    await pick(page, OPEN_FILE, written.gjk_wrong_direction);
    s = await until(page, (t) => t.my_trace !== null && t.my_trace.name.endsWith("gjk_wrong_direction.jsonl"), 10000);
    const t = s.my_trace || {};
    const text = (t.text || []).join(" ");
    check(t.agree === false && t.line === 7 && t.cause === "direction_away_from_origin" &&
        /:7: diverges/.test(text) && /points away from the origin/.test(text),
        `the buggy Python GJK's trace diverges at line 7 (direction away from the origin), ` +
        `narrated: "${text.slice(0, 160)}…"`, JSON.stringify(t));
    // The step does not drop the check: N keeps it, and the Explain tab shows it.
    await page.focus("#glcanvas");
    await key(page, "n");
    s = await until(page, (u) => u.step === 1);
    check(s.step === 1 && s.my_trace && s.my_trace.line === 7, "stepping keeps the check of the trace",
        JSON.stringify(s.my_trace));
    await shot(page, "web-my-trace.png");
    if (!process.env.SHOTS && process.env.MY_TRACE_SHOT) {
        await page.screenshot({ path: process.env.MY_TRACE_SHOT });
    }
    await page.close();
    fs.rmSync(dir, { recursive: true, force: true });
}

// 8. A phone: the pair on the screen, device pixels, a finger drag, a tap on Next, a turn.
async function phone(browser, base, problems) {
    const { page } = await open(browser, DEFAULT_LINK, problems, PHONE);
    let s = await until(page, (t) => t.screen === "phone" && t.shapes.length >= 2);
    let on = pairOnScreen(s, PHONE);
    check(s.screen === "phone" && s.layout === "world" && on.ok,
        `on a phone (390×844) the world view shows A and B inside the screen: ${on.text}`, s.screen + " " + s.layout);
    const canvas = await page.evaluate(() => {
        const c = document.getElementById("glcanvas");
        return [c.width, c.height, window.devicePixelRatio];
    });
    check(canvas[0] === 390 * 3 && canvas[1] === 844 * 3,
        `the canvas is drawn at device pixels (${canvas[0]}×${canvas[1]} at DPR ${canvas[2]})`);
    await shot(page, "web-phone.png");

    // One finger drags B by 60 px to the right.
    const zoom = zoomOf(s);
    const before = s.shapes[s.b];
    const [x, y] = before.screen;
    await finger(page, [x, y], [[x + 20, y], [x + 40, y], [x + 60, y]]);
    s = await until(page, (t) => t.shapes[t.b].position[0] !== before.position[0]);
    const dx = s.shapes[s.b].position[0] - before.position[0];
    check(Math.abs(dx - 60 / zoom) < 0.02 * (60 / zoom),
        `a finger drag of 60 px moves B by ${dx.toFixed(4)} (expected ${(60 / zoom).toFixed(4)})`);

    // A tap on Next (the fourth of the five buttons along the bottom) advances a step.
    const step = s.step;
    await finger(page, [PHONE.width * 0.7, PHONE.height - 34]);
    s = await until(page, (t) => t.step === step + 1);
    check(s.step === step + 1, `a tap on Next shows step ${s.step} (was ${step})`);
    await sleep(300);
    await shot(page, "web-phone-step.png");

    // A finger held still on A for 0.8 s, then moved a quarter turn round its centre,
    // turns A by about a quarter turn (counter-clockwise on the screen: y is down).
    const a0 = s.shapes[s.a];
    const [ax, ay] = a0.screen;
    await finger(page, [ax + 30, ay], [[ax + 26, ay - 15], [ax + 15, ay - 26], [ax, ay - 30]], 800);
    s = await until(page, (t) => t.shapes[t.a].rotation !== a0.rotation);
    const turned = s.shapes[s.a].rotation - a0.rotation;
    check(Math.abs(turned - Math.PI / 2) < 0.15 && s.shapes[s.a].position[0] === a0.position[0],
        `a long press on A, then a quarter circle round it, turns A by ${(turned * 180 / Math.PI).toFixed(1)}°`);

    // Turned on its side: the pair is fitted again, inside the screen.
    await page.setViewport(PHONE_TURNED);
    await sleep(800);
    s = await until(page, (t) => pairOnScreen(t, PHONE_TURNED).ok, 3000);
    on = pairOnScreen(s, PHONE_TURNED);
    const canvasTurned = await page.evaluate(() => document.getElementById("glcanvas").width);
    check(on.ok && canvasTurned === 844 * 3,
        `turned to 844×390, the pair is refitted: ${on.text}`, "canvas " + canvasTurned);
    await shot(page, "web-phone-landscape.png");

    // Two fingers pinch apart: the world view zooms in.
    const cdp = await page.createCDPSession();
    const z0 = zoomOf(s);
    const [cx, cy] = [200, 230];
    const two = (d) => [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: two(30) });
    for (const d of [40, 50, 60]) {
        await sleep(80);
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: two(d) });
    }
    await sleep(120);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
    s = await until(page, (t) => zoomOf(t) > z0 * 1.5, 3000);
    check(zoomOf(s) > z0 * 1.5, `two fingers spread from 60 to 120 px zoom the world in ${(zoomOf(s) / z0).toFixed(2)}×`);
    await page.close();

    // 800×600: the narrow layout (the panel below), both views on the screen.
    const narrow = await open(browser, DEFAULT_LINK, problems, { width: 800, height: 600 });
    s = await until(narrow.page, (t) => t.screen === "narrow");
    on = pairOnScreen(s, { width: 800, height: 600 });
    check(s.screen === "narrow" && on.ok, `at 800×600 the narrow layout shows the pair: ${on.text}`, s.screen);
    await shot(narrow.page, "web-800x600.png");
    await narrow.page.close();
}

// 9. Lesson links, the address following the state, reload, altered links.
async function lessonLinks(browser, base, problems) {
    const { page } = await open(browser, DEFAULT_LINK, problems);
    await page.focus("#glcanvas");
    await key(page, "k");
    let s = await until(page, (t) => t.mode === "lesson");
    // On to the first page that asks a question (lesson 0's page 7).
    for (let k = 0; k < 12 && s.checkpoint === null && s.page < s.pages; k++) {
        await key(page, "PageDown");
        s = await until(page, (t) => t.page > s.page);
    }
    const made = s;
    await page.close();
    check(made.link.startsWith(base + "?lang=en#gjk3.") && made.link.length < 128,
        `a lesson page's link is short (${made.link.length} characters)`, made.link);

    const second = await open(browser, made.link, problems);
    s = await until(second.page, (t) => t.lesson === made.lesson && t.page === made.page);
    check(s.mode === "lesson" && s.lesson === made.lesson && s.page === made.page &&
        made.checkpoint !== null && s.checkpoint === made.checkpoint && s.error === null,
        `the link opens ${made.lesson} at page ${made.page} (question: ${made.checkpoint})`, JSON.stringify(s).slice(0, 200));
    const title = await second.page.title();
    check(title === made.lesson_title + " — gjk-lab", `the page's title names the lesson: "${title}"`);

    // Turn a page; the address follows; a reload opens the turned page.
    await second.page.focus("#glcanvas");
    await key(second.page, "PageDown");
    s = await until(second.page, (t) => t.page === made.page + 1);
    await second.page.waitForFunction((l) => window.location.href === l, { timeout: 5000 }, s.link).catch(() => {});
    const address = await second.page.evaluate(() => window.location.href);
    check(address === s.link, "the address bar follows the state (the turned page's link)", address);
    await second.page.reload();
    await second.page.waitForFunction(() => window.gjkLabStatus !== undefined, { timeout: 90000 });
    s = await until(second.page, (t) => t.page === made.page + 1);
    check(s.mode === "lesson" && s.lesson === made.lesson && s.page === made.page + 1,
        `a reload resumes the turned page (${s.lesson}, page ${s.page})`, JSON.stringify(s).slice(0, 200));
    await second.page.close();

    // One character changed in the middle: refused as altered, over the default scene.
    const [addr, payload] = DEFAULT_LINK.split("#");
    const i = Math.floor(payload.length / 2);
    const swapped = payload[i] === "A" ? "B" : "A";
    const altered = addr + "#" + payload.slice(0, i) + swapped + payload.slice(i + 1);
    const alteredProblems = [];
    const third = await open(browser, altered, alteredProblems);
    s = await status(third.page);
    check(/this link was altered or cut/.test(s.error || "") && s.scene === "scenes/overlapping-polygons.ron",
        `an altered link is refused: "${s.error}", over the default scene`, JSON.stringify(alteredProblems));
    await third.page.close();
}

// The page itself: file://, the title, the narration region.
async function pageChecks(browser, base, problems) {
    const local = await browser.newPage();
    await local.goto("file://" + path.join(WEB, "index.html"));
    await local.waitForFunction(() => !document.getElementById("problem").hidden, { timeout: 10000 }).catch(() => {});
    const said = await local.evaluate(() => document.getElementById("problem").hidden ? "" : document.getElementById("problem").textContent);
    check(said.includes("python3 -m http.server"), "opened from file://, the page says how to serve it", said);
    await local.close();

    // No WebGL: the page says so (here the browser's WebGL is taken away).
    const blind = await browser.newPage();
    await blind.evaluateOnNewDocument(() => {
        const real = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
            return /webgl/.test(kind) ? null : real.call(this, kind, ...rest);
        };
    });
    await blind.goto(base);
    await blind.waitForFunction(() => !document.getElementById("problem").hidden, { timeout: 10000 }).catch(() => {});
    const noGl = await blind.evaluate(() => document.getElementById("problem").textContent);
    check(noGl.includes("needs WebGL"), "without WebGL, the page says what is missing", noGl);
    await blind.close();

    // A slow connection: the progress bar counts the download's bytes.
    const slow = await browser.newPage();
    const net = await slow.createCDPSession();
    await net.send("Network.enable");
    await net.send("Network.emulateNetworkConditions", {
        offline: false, latency: 20, downloadThroughput: 2e6, uploadThroughput: 1e6,
    });
    await slow.goto(base);
    let seen = null;
    for (let k = 0; k < 100 && seen === null; k++) {
        const bar = await slow.evaluate(() => {
            const p = document.getElementById("progress");
            return { value: p.value, max: p.max, text: document.getElementById("loading-text").textContent };
        });
        if (bar.value > 0 && bar.value < bar.max) seen = bar;
        await sleep(100);
    }
    check(seen !== null, "on a slow connection the progress bar counts the download" +
        (seen ? ` ("${seen.text}")` : ""));
    await net.detach();
    await slow.close();

    const { page } = await open(browser, DEFAULT_LINK, problems);
    let s = await status(page);
    check((await page.title()) === "Overlapping polygons — gjk-lab", `the title names the scene: "${await page.title()}"`);
    await page.focus("#glcanvas");
    await key(page, "n");
    await key(page, "n");
    s = await until(page, (t) => t.step === 2);
    await sleep(200);
    const region = await page.evaluate(() => {
        const r = document.getElementById("narration");
        return { text: r.textContent, live: r.getAttribute("aria-live") };
    });
    check(region.live === "polite" && region.text.includes(s.step_title) &&
        region.text.includes(s.narration.text.slice(0, 40)),
        `the narration region holds step ${s.step}'s words ("${s.step_title}", ${region.text.length} characters)`, region.text.slice(0, 200));
    await shot(page, "web-desktop.png");
    await page.close();
}

// 10. The languages: English pages never fetch the Chinese font; a ?lang=zh link
// shows Chinese once its font has arrived.
async function languageChecks(browser, base, problems) {
    const FONT = "NotoSansSC-subset.otf";
    const englishPages = requested.length;
    check(englishPages > 0 && !requested.some((u) => u.endsWith(FONT)),
        `no English page asked for the Chinese font (${englishPages} requests)`);
    const { page } = await open(browser, base + "?lang=zh", problems);
    const s = await until(page, (t) => t.lang === "zh", 20000);
    const loaded = await page.evaluate(() => window.gjkLabFontLoaded === true);
    const fetched = requested.filter((u) => u.endsWith(FONT)).length;
    check(s.lang === "zh" && loaded && fetched === 1,
        `a ?lang=zh link shows Chinese (status lang "${s.lang}") once the font has arrived (fetched ${fetched}×)`);
    await page.focus("#glcanvas");
    await key(page, "n");
    await until(page, (t) => t.step === 1);
    await sleep(200);
    const words = await page.evaluate(() => document.getElementById("narration").textContent);
    check(/[\u4e00-\u9fff]/.test(words), "the narration region reads Chinese", words.slice(0, 120));
    const link = (await status(page)).link || "";
    check(link.includes("lang=zh"), "the share link keeps the language", link.slice(0, 120));
    await shot(page, "web-zh.png");
    await page.close();
}

main()
    .catch((e) => fail("the test itself failed: " + (e && e.stack ? e.stack : e)))
    .finally(finish);
