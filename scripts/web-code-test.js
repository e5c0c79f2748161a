// The browser test of the code panel (issue 33; run by scripts/web-test.sh): a learner
// writes their own GJK in the page and gjk-lab checks it on the pair shown.
//   - the app's "Write your own GJK here…" button opens the panel with the starter's
//     five stages (examples/your-gjk/your_gjk.js), the status carrying the pair;
//   - the starter alone runs and says to write stage 1;
//   - stage 1 written (the solutions of tests/fixtures/your-gjk/js) is checked by the
//     app: the status's my_trace agrees, the panel shows the check's sentences;
//   - all five stages: the trace agrees on the pair, and again, re-run by itself, after
//     A is dragged to another place; a stage with the classic mistake (the support's
//     sign) is caught, named, by the app's check;
//   - an endless loop is stopped after 2 s with a message, and the app still steps;
//   - the code is in the address: the page opened at that address shows it again;
//   - on a phone the panel's buttons are at least 44 px and the panel leaves the
//     top of the app in sight;
//   - lesson 3b (write your own GJK) tells the browser's learner to use the panel, and
//     its page's button opens it; lesson 5b (EPA) gives the commands instead.
// With SHOTS=DIR it saves the panel's picture there (web-code-panel.png).
// Usage: node scripts/web-code-test.js WEB_DIR
"use strict";

const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const {
    pass, fail, check, finish, sleep, DESKTOP, PHONE, withBrowser, open, status, until, settled, key,
    click, shot,
} = require("./web-test-lib.js");

const WEB = path.resolve(process.argv[2] || "target/web");
const FIXTURES = path.join(__dirname, "..", "tests", "fixtures", "your-gjk", "js");
const TRACE = "your-gjk.jsonl";

// The panel's text with stage `k`'s body (between its markers) replaced by `body`.
function patch(text, k, body) {
    const opening = `// >>> stage ${k}\n`;
    const closing = `// <<< stage ${k}\n`;
    const start = text.indexOf(opening) + opening.length;
    const end = text.indexOf(closing);
    if (start < opening.length || end < start) throw new Error("no stage " + k + " in the panel");
    return text.substring(0, start) + body + text.substring(end);
}
const solution = (name) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
function solved(starter, stages, instead = {}) {
    let text = starter;
    for (let k = 1; k <= stages; k++) {
        text = patch(text, k, instead[k] !== undefined ? instead[k] : solution(`stage${k}.js`));
    }
    return text;
}

// Writes `text` into the panel, presses Run and waits for the run's end (the output
// no longer "Running…") and, when it wrote a trace, for the app's check of it.
async function runCode(page, text) {
    await page.evaluate((t) => { document.getElementById("code-text").value = t; }, text);
    const before = await page.evaluate(() => window.gjkLabCodePanel.runs());
    await page.click("#code-run");
    await page.waitForFunction((n) => window.gjkLabCodePanel.runs() > n &&
        document.getElementById("code-output").textContent !== "Running…", { timeout: 8000 }, before);
    await sleep(200);
}

// A click in the middle of a control's visible part, as a person makes it (the press
// held for a moment: a press and release in one frame is not a click to every toolkit).
const clickOn = (page, control) => click(page, [control.visible[0] + control.visible[2] / 2,
    control.visible[1] + control.visible[3] / 2]);

const output = (page) => page.evaluate(() => document.getElementById("code-output").textContent);

// Waits until the app's check of the panel's trace satisfies `test`.
async function checked(page, test, ms = 5000) {
    return until(page, (s) => s.my_trace && s.my_trace.name === TRACE && test(s.my_trace), ms);
}

async function desktop(browser, base, problems) {
    const { page } = await open(browser, base, problems, DESKTOP);
    let s = await until(page, (t) => t.world);
    check(s.world && s.world.a && s.world.b, "the status carries the pair as `gjk-lab world` prints it",
        JSON.stringify(s.world));
    // The button is in the Scenes tab, under "Check your own implementation": the
    // learner opens the tab and scrolls down to it.
    const tab = (s.controls || []).find((c) => c.label === "Scenes");
    if (tab) {
        await clickOn(page, tab);
    }
    const wanted = (t) => (t.controls || []).find((c) => c.label === "Write your own GJK here…");
    for (let k = 0; k < 20 && !wanted(s); k++) {
        await page.mouse.move(DESKTOP.width - 200, DESKTOP.height - 200);
        await page.mouse.wheel({ deltaY: 300 });
        s = await until(page, wanted, 300);
    }
    const button = await settled(page, wanted);
    if (!button) {
        fail("the Scenes tab has the button \"Write your own GJK here…\"");
        return null;
    }
    await clickOn(page, button);
    await page.waitForFunction(() => !document.getElementById("code-panel").hidden &&
        document.getElementById("code-text").value.includes("// >>> stage 5"), { timeout: 5000 })
        .then(() => pass("the button opens the code panel with the starter's five stages"))
        .catch(() => fail("the button opens the code panel with the starter's five stages: clicked " +
            JSON.stringify(button)));
    const starter = await page.evaluate(() => document.getElementById("code-text").value);
    check(!starter.includes("function main") && starter.includes("function support"),
        "the panel shows the stages, not the reading and writing around them");

    await runCode(page, starter);
    let out = await output(page);
    check(/write stage 1/.test(out), "the starter runs and says to write stage 1", out);

    await runCode(page, solved(starter, 1));
    s = await checked(page, (t) => t.agree === true);
    check(s.my_trace && s.my_trace.agree === true, "the app checks the trace and it agrees",
        JSON.stringify(s.my_trace));
    await page.waitForFunction(() => document.getElementById("code-output").textContent
        .includes("gjk-lab's check:"), { timeout: 3000 }).catch(() => {});
    out = await output(page);
    check(out.includes("up to stage 1") && out.includes("gjk-lab's check:"),
        "the panel shows how far the program got and the app's check", out);

    const whole = solved(starter, 5);
    await runCode(page, whole);
    s = await checked(page, (t) => t.agree === true && t.text.join(" ").includes("stage 5"));
    check(s.my_trace && s.my_trace.agree === true, "all five stages: the trace agrees on the pair",
        JSON.stringify(s.my_trace && s.my_trace.text));
    await page.waitForFunction(() => document.getElementById("code-output").textContent
        .includes("gjk-lab's check:"), { timeout: 3000 }).catch(() => {});
    await shot(page, "web-code-panel.png");

    // A dragged: the program runs again by itself, on the new pair, and agrees there.
    const runs = await page.evaluate(() => window.gjkLabCodePanel.runs());
    const a = s.shapes[s.a].screen;
    const moved = JSON.stringify(s.world);
    await page.mouse.move(a[0], a[1]);
    await page.mouse.down();
    for (let k = 1; k <= 8; k++) {
        await page.mouse.move(a[0] - 12 * k, a[1] + 6 * k);
        await sleep(30);
    }
    await page.mouse.up();
    await page.waitForFunction((n) => window.gjkLabCodePanel.runs() > n, { timeout: 5000 }, runs)
        .then(() => pass("dragging A runs the program again"))
        .catch(() => fail("dragging A runs the program again"));
    s = await until(page, (t) => JSON.stringify(t.world) !== moved && t.my_trace && t.my_trace.agree === true, 5000);
    check(JSON.stringify(s.world) !== moved && s.my_trace.agree === true,
        "after the drag the trace agrees on the new pair", JSON.stringify(s.my_trace));

    // The classic mistake of stage 1: B's support taken along d, not −d.
    await runCode(page, solved(starter, 1, { 1: solution("mistakes/support-sign.js") }));
    s = await checked(page, (t) => t.agree === false);
    check(s.my_trace && s.my_trace.agree === false && s.my_trace.cause === "support_sign",
        `the support's sign mistake is caught and named (${s.my_trace && s.my_trace.cause})`,
        JSON.stringify(s.my_trace));

    // An endless loop: stopped, said, and the app still answers.
    const step = (await status(page)).step;
    await runCode(page, patch(whole, 1, "function support(shape, d) {\n  for (;;) {}\n}\n"));
    out = await output(page);
    check(/^Stopped after 2 s/.test(out), "an endless loop is stopped after 2 s, with a message", out);
    await page.focus("#glcanvas");
    await key(page, "n");
    s = await until(page, (t) => t.step !== step, 3000);
    check(s.step !== step, "the app still steps after the endless loop", `step ${step} → ${s.step}`);

    // The code is in the address; the page opened there shows it again.
    await runCode(page, whole);
    const address = await page.evaluate(() => window.location.href);
    check(address.includes("~code."), "the code is kept in the page's address");
    const again = await open(browser, address, problems, DESKTOP);
    await again.page.waitForFunction((t) => !document.getElementById("code-panel").hidden &&
        document.getElementById("code-text").value === t, { timeout: 5000 }, whole)
        .then(() => pass("the address opens the panel with the learner's code"))
        .catch(() => fail("the address opens the panel with the learner's code"));
    const there = await until(again.page, (t) => JSON.stringify(t.world) === JSON.stringify(s.world), 3000);
    check(JSON.stringify(there.world) === JSON.stringify(s.world),
        "and with the app's pair as it was (the app reads its link, not the code part)",
        JSON.stringify(there.world));
    await again.page.close();
    return page;
}

async function phone(browser, base, problems) {
    const { page } = await open(browser, base, problems, PHONE);
    await page.evaluate(() => window.gjkLabCodePanel.open());
    await page.waitForFunction(() => document.getElementById("code-text").value.includes("stage 5"), { timeout: 5000 });
    const rects = await page.evaluate(() => Array.from(
        document.querySelectorAll("#code-panel button, #code-panel label")).map((e) => {
        const r = e.getBoundingClientRect();
        return { text: e.textContent.trim(), w: r.width, h: r.height, bottom: r.bottom };
    }));
    const small = rects.filter((r) => r.w < 44 || r.h < 44);
    check(small.length === 0, "on a phone every control of the panel is at least 44 px",
        small.map((r) => `${r.text} ${r.w.toFixed(0)}×${r.h.toFixed(0)}`).join(", "));
    const top = await page.evaluate(() => document.getElementById("code-panel").getBoundingClientRect().top);
    check(top >= PHONE.height * 0.3, `on a phone the panel leaves the app's upper part in sight (top at ${top.toFixed(0)} px)`);
    const inside = rects.every((r) => r.bottom <= PHONE.height + 0.5);
    check(inside, "on a phone the panel's controls are on the screen");
    await page.click("#code-close");
    const hidden = await page.evaluate(() => document.getElementById("code-panel").hidden);
    check(hidden, "Close hides the panel");
    await page.close();
}

// A link to page `page` (1-based) of a lesson, in the links' second version, which the
// app still opens (core/src/link.rs; its own are "gjk3.", the same and a CRC-32).
function lessonLink(base, name, page) {
    const json = JSON.stringify({ lesson: name, page });
    return base + "#gjk2." + zlib.deflateSync(Buffer.from(json), { level: 9 }).toString("base64url");
}

// The code lessons: 3b's first page names the code panel and its button opens it; 5b's
// (EPA, not written in the panel) gives the commands and offers no panel.
async function codeLessons(browser, base, problems) {
    const { page } = await open(browser, lessonLink(base, "03b-your-gjk.ron", 1), problems, DESKTOP);
    let s = await until(page, (t) => t.mode === "lesson" && t.lesson === "03b-your-gjk.ron", 8000);
    const text = (s.narration && s.narration.page_text) || "";
    check(text.includes("open the code panel") && !text.includes("python3"),
        "lesson 3b tells the browser's learner to write GJK in the code panel", text);
    const wanted = (t) => (t.controls || []).find((c) => c.label === "Write it here: the code panel");
    await until(page, wanted, 3000);
    const button = await settled(page, wanted);
    if (button) {
        await clickOn(page, button);
        await page.waitForFunction(() => !document.getElementById("code-panel").hidden, { timeout: 5000 })
            .then(() => pass("the lesson page's button opens the code panel"))
            .catch(() => fail("the lesson page's button opens the code panel"));
    } else {
        fail("lesson 3b's page has the button \"Write it here: the code panel\"");
    }
    await page.close();
    const epa = await open(browser, lessonLink(base, "05b-your-epa.ron", 1), problems, DESKTOP);
    s = await until(epa.page, (t) => t.mode === "lesson" && t.lesson === "05b-your-epa.ron", 8000);
    const said = (s.narration && s.narration.page_text) || "";
    check(said.includes("examples/your-gjk/your_epa.py") && said.includes("--algo epa") && !wanted(s),
        "lesson 5b gives EPA's commands and no code panel button", said);
    await epa.page.close();
}

async function main() {
    if (!fs.existsSync(path.join(WEB, "your_gjk.js"))) {
        fail("no " + WEB + "/your_gjk.js (build it with: bash scripts/web.sh)");
        return;
    }
    await withBrowser(WEB, async (browser, base) => {
        const problems = [];
        const page = await desktop(browser, base, problems);
        if (page) await page.close();
        await phone(browser, base, problems);
        await codeLessons(browser, base, problems);
        check(problems.length === 0, "no console error, failed request or page error", problems.join("; "));
    });
}

main()
    .catch((e) => fail("the test itself failed: " + (e && e.stack ? e.stack : e)))
    .finally(finish);
