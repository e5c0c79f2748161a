// The browser test of a class on phones and tablets (issue 32; run by
// scripts/web-test.sh after scripts/web-test.js): a phone upright and on its side, a
// tablet and a touch laptop go through a lesson with swipes and taps only, and:
//   - every control the status lists (`controls`: the panels' and a question's
//     candidates) is at least 44 CSS px each way, and every control tapped is one;
//   - a swipe on the panel scrolls it;
//   - at every checkpoint the question is on the screen (its rect inside the
//     viewport), and after the answer the reply is;
//   - the lesson page's text and "Next page" are in sight, or one swipe away;
//   - the live region carries the question and the reply;
//   - the lesson link opens on the tablet with A and B in view;
//   - a link pasted into the open tab is drawn at once (the new page and its panel
//     within 0.5 s), and a refused link stays in the address bar;
// then, on the desktop, a checkpoint answered from the keyboard only (Tab, Enter),
// the canvas's role and label; and the first frame at 1.5 Mbit/s, the program sent
// compressed (scripts/serve.js), measured and reported.
// With SHOTS=DIR it saves the phone (both ways) and tablet pictures there.
// Usage: node scripts/web-touch-test.js WEB_DIR
"use strict";

const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const {
    pass, fail, check, finish, sleep, DESKTOP, PHONE, PHONE_TURNED, withBrowser, open,
    status, until, settled, key, finger, pairOnScreen, shot,
} = require("./web-test-lib.js");

const WEB = path.resolve(process.argv[2] || "target/web");
const TABLET = { width: 820, height: 1180, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const TOUCH_LAPTOP = { width: 1366, height: 768, deviceScaleFactor: 1, isMobile: false, hasTouch: true };
const MIN = 44;
// The lesson walked through: GJK, whose pages ask about support points and the part
// of the simplex kept.
const LESSON = "02-gjk";

const centre = (r) => [r[0] + r[2] / 2, r[1] + r[3] / 2];
const inside = (r, v) => r[0] >= 0 && r[1] >= 0 && r[0] + r[2] <= v.width + 0.5 && r[1] + r[3] <= v.height + 0.5;
const control = (s, label) => (s.controls || []).find((c) => c.label === label);

// The controls smaller than a finger, as "label w×h".
function small(s) {
    return (s.controls || []).filter((c) => c.rect[2] < MIN - 0.01 || c.rect[3] < MIN - 0.01)
        .map((c) => `${c.label} ${c.rect[2].toFixed(0)}×${c.rect[3].toFixed(0)}`);
}

// A tap on a control, at the middle of its part in sight.
async function tap(page, c, tapped) {
    tapped.push(c);
    await finger(page, centre(c.visible));
}

// A swipe up on the panel (from a point of it), as a finger scrolls a page.
async function swipeUp(page, at, by) {
    const [x, y] = at;
    const steps = 6;
    const moves = [];
    for (let k = 1; k <= steps; k++) moves.push([x, y - (by * k) / steps]);
    await finger(page, [x, y], moves, 60);
}

// A link to page `page` of a lesson in the links' second version (core/src/link.rs:
// "gjk2." + URL-safe base64 of the zlib-compressed JSON {"lesson", "page"}), which the
// app still opens; its own are version 3, the same bytes and then their CRC-32.
function lessonLink(base, name, page) {
    const json = JSON.stringify({ lesson: name, page });
    return base + "#gjk2." + zlib.deflateSync(Buffer.from(json), { level: 9 }).toString("base64url");
}

// One device through the lesson, with taps and swipes only.
async function device(browser, name, viewport, link, problems, shots) {
    const { page } = await open(browser, link, problems, viewport);
    let s = await until(page, (t) => t.mode === "lesson" && t.lesson === LESSON + ".ron", 8000);
    // The first touch tells a fine-pointer device (the touch laptop) it is touched.
    if (!s.touch) {
        await finger(page, [viewport.width - 5, viewport.height / 2]);
        s = await until(page, (t) => t.touch, 3000);
    }
    check(s.touch, `${name}: the app takes the pointer for a finger`);
    const on = pairOnScreen(s, viewport);
    check(on.ok, `${name}: the lesson link opens with A and B in view (${on.text})`);
    if (shots[0]) await shot(page, shots[0]);
    const tapped = [];
    let smallest = Infinity;
    let checkpoints = 0;
    let swiped = false;
    const tooSmall = new Set();
    for (let turn = 0; turn < 12 && s.page < s.pages; turn++) {
        small(s).forEach((x) => tooSmall.add(x));
        if (s.checkpoint !== null) {
            checkpoints++;
            const q = s.rects.question;
            check(q !== undefined && inside(q, viewport),
                `${name}, page ${s.page}: the question is on the screen (${q ? q.map(Math.round) : "not drawn"})`);
            const live = await page.evaluate(() => document.getElementById("narration").textContent);
            check(live.includes(s.narration.question), `${name}, page ${s.page}: the live region carries the question`);
            // Tap the right candidate (its control: a square round its ring).
            const right = s.question.answer;
            const c = await settled(page,
                (t) => (t.controls || []).filter((x) => x.label.startsWith("candidate "))[right]);
            if (!c) {
                fail(`${name}, page ${s.page}: no candidate control to tap`);
                break;
            }
            await tap(page, c, tapped);
            s = await until(page, (t) => t.verdict !== null && t.checkpoint === null, 3000);
            const r = s.rects.reply;
            check(s.verdict === "right" && r !== undefined && inside(r, viewport),
                `${name}, page ${s.page}: a tap on the right ring is judged right, and the reply is on the screen (${r ? r.map(Math.round) : "not drawn"})`,
                s.verdict_text);
            const live2 = await page.evaluate(() => document.getElementById("narration").textContent);
            check(s.narration.reply && live2.includes(s.narration.reply), `${name}, page ${s.page}: the live region carries the reply`);
        }
        // Next page: in sight, or one swipe away.
        let next = control(s, "Next page ▶");
        const whole = (c) => c && c.visible[3] >= c.rect[3] - 0.5 && inside(c.rect, viewport);
        if (!whole(next)) {
            const text = s.rects.page_text;
            const from = text ? centre(text) : [viewport.width - 60, viewport.height * 0.8];
            const before = JSON.stringify(s.rects);
            await swipeUp(page, from, Math.min(300, viewport.height / 3));
            await sleep(600);
            s = await status(page);
            if (JSON.stringify(s.rects) !== before) swiped = true;
        }
        // Where it rests: after a swipe the panel glides on for a while, and a slow
        // machine's status can still show the button on the way.
        next = await settled(page, (t) => control(t, "Next page ▶"));
        if (!whole(next)) {
            fail(`${name}, page ${s.page}: "Next page" is not in sight, even after a swipe`);
            break;
        }
        const page0 = s.page;
        await tap(page, next, tapped);
        s = await until(page, (t) => t.page === page0 + 1, 3000);
        if (s.page !== page0 + 1) {
            fail(`${name}: a tap on Next page did not turn page ${page0}`);
            break;
        }
    }
    for (const c of tapped) smallest = Math.min(smallest, c.rect[2], c.rect[3]);
    check(smallest >= MIN, `${name}: every control tapped (${tapped.length}) is at least ${MIN} px (the smallest ${smallest.toFixed(0)})`);
    check(tooSmall.size === 0, `${name}: every control shown is at least ${MIN} px`, [...tooSmall].join(", "));
    check(checkpoints > 0, `${name}: the walk met ${checkpoints} checkpoint(s)`);
    if (shots[1]) await shot(page, shots[1]);
    return { page, swiped };
}

// A swipe scrolls the panel: the page text moves up.
async function swipeScrolls(page, viewport, name) {
    const before = await status(page);
    const text = before.rects.page_text;
    if (!text) {
        fail(`${name}: no page text to swipe`);
        return;
    }
    await swipeUp(page, centre(text), 120);
    await sleep(800);
    const after = await status(page);
    const moved = after.rects.page_text ? before.rects.page_text[1] - after.rects.page_text[1] : Infinity;
    check(moved > 20, `${name}: a swipe on the panel scrolls it (the page text moved up ${Number.isFinite(moved) ? moved.toFixed(0) + " px" : "out of sight"})`);
}

// A new address in the open tab is drawn at once; a refused one stays in the bar.
async function pastedLinks(page, name, problems) {
    // Back to page 1 by pasting the first page's link into the address bar.
    await sleep(1600);
    const frames0 = await page.evaluate(() => window.gjkLabFrames);
    const first = process.env.FIRST_LINK.split("#")[1];
    const t0 = Date.now();
    await page.evaluate((h) => { window.location.hash = h; }, first);
    const s = await until(page, (t) => t.page === 1, 2000);
    const ms = Date.now() - t0;
    // The panels show the new page a frame after the app has it: frames go on.
    await sleep(300);
    const frames = await page.evaluate(() => window.gjkLabFrames);
    check(s.page === 1 && ms <= 500 && frames - frames0 >= 2,
        `${name}: a link pasted into the open tab is drawn within ${ms} ms (page ${s.page}, ${frames - frames0} frames)`);
    // An altered link: refused, and it stays in the address bar to be seen and copied.
    const i = Math.floor(first.length / 2);
    const altered = first.slice(0, i) + (first[i] === "A" ? "B" : "A") + first.slice(i + 1);
    await page.evaluate((h) => { window.location.hash = h; }, altered);
    const seen = problems.length;
    const refused = await until(page, (t) => /link/.test(t.error || ""), 3000);
    await sleep(1200);
    const address = await page.evaluate(() => window.location.hash.slice(1));
    check(/link/.test(refused.error || "") && address === altered,
        `${name}: a refused link stays in the address bar ("${refused.error}")`, address.slice(0, 40));
    // The refusal is also logged to the console, as every error is: expected here.
    problems.splice(seen, problems.length - seen,
        ...problems.slice(seen).filter((p) => !p.includes("this link was altered")));
}

// The desktop: a checkpoint answered from the keyboard alone; the canvas's role.
async function keyboard(browser, link, problems) {
    const { page } = await open(browser, link, problems, DESKTOP);
    await page.focus("#glcanvas");
    let s = await until(page, (t) => t.mode === "lesson");
    for (let k = 0; k < 12 && s.checkpoint === null && s.page < s.pages; k++) {
        await key(page, "PageDown");
        s = await until(page, (t) => t.page > s.page || t.checkpoint !== null);
    }
    check(s.checkpoint !== null, `keyboard: page ${s.page} asks ${s.checkpoint}`);
    const right = s.question.answer;
    for (let k = 0; k <= right; k++) await key(page, "Tab");
    s = await until(page, (t) => t.narration.choice);
    const live = await page.evaluate(() => document.getElementById("narration").textContent);
    check(s.narration.choice && live.includes(s.narration.choice),
        `keyboard: Tab chooses a candidate and the live region says which ("${s.narration.choice}")`);
    await key(page, "Enter");
    s = await until(page, (t) => t.verdict !== null);
    check(s.verdict === "right", `keyboard: Enter answers with it, judged ${s.verdict}`, s.verdict_text);
    const canvas = await page.evaluate(() => {
        const c = document.getElementById("glcanvas");
        return [c.getAttribute("role"), c.getAttribute("aria-label")];
    });
    check(canvas[0] === "application" && (canvas[1] || "").length > 40,
        `the canvas has a role (${canvas[0]}) and a label`);
    await page.close();
}

// The first frame at 1.5 Mbit/s (100 ms latency), the program sent compressed.
async function slow(browser, base, log) {
    const page = await browser.newPage();
    await page.setViewport(DESKTOP);
    const cdp = await page.createCDPSession();
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
        offline: false, latency: 100,
        downloadThroughput: 1.5e6 / 8, uploadThroughput: 0.75e6 / 8,
    });
    log.length = 0;
    const t0 = Date.now();
    await page.goto(base);
    await page.waitForFunction(() => window.gjkLabFirstFrame !== undefined, { timeout: 120000 });
    const ms = Date.now() - t0;
    const wasm = log.find((e) => e.url.endsWith(".wasm"));
    const sent = log.reduce((n, e) => n + e.bytes, 0);
    console.log(`first frame at 1.5 Mbit/s: ${(ms / 1000).toFixed(1)} s; ` +
        `${(sent / 1e6).toFixed(2)} MB sent, the program ${wasm ? (wasm.bytes / 1e6).toFixed(2) + " MB " + (wasm.encoding || "raw") : "?"}`);
    check(wasm && wasm.encoding === "br", "the program is sent brotli-compressed to a browser that takes it", JSON.stringify(wasm));
    check(ms <= 10000, `the first frame comes within 10 s at 1.5 Mbit/s (${(ms / 1000).toFixed(1)} s)`);
    await cdp.detach();
    await page.close();
}

async function main() {
    if (!fs.existsSync(path.join(WEB, "gjk-lab.wasm"))) {
        fail("no " + WEB + "/gjk-lab.wasm (build it with: bash scripts/web.sh)");
        return;
    }
    const log = [];
    await withBrowser(WEB, async (browser, base) => {
        const problems = [];
        const link = lessonLink(base, LESSON + ".ron", 1);
        process.env.FIRST_LINK = link;
        const walks = [
            ["phone upright", PHONE, ["web-phone-lesson.png", null]],
            ["phone on its side", PHONE_TURNED, ["web-phone-lesson-landscape.png", null]],
            ["tablet", TABLET, ["web-tablet-lesson.png", "web-tablet-lesson-end.png"]],
            ["touch laptop", TOUCH_LAPTOP, [null, null]],
        ];
        for (const [name, viewport, shots] of walks) {
            const { page } = await device(browser, name, viewport, link, problems, shots);
            if (name === "phone upright") {
                await pastedLinks(page, name, problems);
            }
            await page.close();
        }
        // A swipe scrolls the panel (the tablet's drawer holds the long page text).
        const { page } = await open(browser, link, problems, TABLET);
        await until(page, (t) => t.rects && t.rects.page_text);
        await swipeScrolls(page, TABLET, "tablet");
        await page.close();
        await keyboard(browser, link, problems);
        await slow(browser, base, log);
        check(problems.length === 0, "no console error, failed request or page error", problems.join("; "));
    }, (req, sent) => log.push({ url: req.url, ...sent }));
}

main()
    .catch((e) => fail("the test itself failed: " + (e && e.stack ? e.stack : e)))
    .finally(finish);
