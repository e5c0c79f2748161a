// The code panel: write your own GJK in the page, stage by stage, in JavaScript
// (issue 33). The program is examples/your-gjk/your_gjk.js — the very file a learner
// runs with Node — with its five stages (between `// >>> stage N` and
// `// <<< stage N`) written in the panel. "Run on A and B" runs it on the pair the app
// shows (window.gjkLabStatus.world: `gjk-lab world`'s JSON) in a Web Worker, never on
// the page itself, stopped after RUN_LIMIT_MS (an endless loop ends with a message and
// the page stays responsive); its trace goes to the app as a picked file
// ("your-gjk.jsonl"), which checks it step by step on the pair (the Explain tab) and
// draws your support points over A − B; the check's sentences are shown here too.
// Dragging A or B runs it again. The code is kept in this browser (local storage) and
// in the page's address ("~code." after the app's link: a copied link carries it);
// nothing is sent anywhere.
"use strict";

(function () {
    var RUN_LIMIT_MS = 2000;
    var STORE = "gjk-lab-code";
    var MARK = "~code.";
    var TRACE_NAME = "your-gjk.jsonl";
    var program = null;   // the whole starter file
    var starter = null;   // its five stages, as the panel shows them at first
    var worker = null;
    var timer = null;
    var runs = 0;         // runs started (the test waits for them)
    var lastWorld = null; // the pair the last run ran on (JSON)

    function $(id) { return document.getElementById(id); }

    // The stages of a program: the text from each `// >>> stage N` to its
    // `// <<< stage N`, markers included.
    function stagesOf(text) {
        var out = [];
        for (var n = 1; n <= 5; n++) {
            var open = text.indexOf("// >>> stage " + n);
            var close = text.indexOf("// <<< stage " + n);
            if (open < 0 || close < 0) {
                throw new Error("your_gjk.js has no stage " + n);
            }
            out.push(text.substring(open, text.indexOf("\n", close) + 1));
        }
        return out;
    }

    // The program with the learner's stages written in (stage by stage, by marker; a
    // stage the learner deleted stays the starter's).
    function programWith(code) {
        var mine = {};
        for (var n = 1; n <= 5; n++) {
            var open = code.indexOf("// >>> stage " + n);
            var close = code.indexOf("// <<< stage " + n);
            if (open >= 0 && close > open) {
                var end = code.indexOf("\n", close);
                mine[n] = code.substring(open, end < 0 ? code.length : end + 1);
            }
        }
        var text = program;
        stagesOf(program).forEach(function (stage, k) {
            if (mine[k + 1]) {
                text = text.replace(stage, function () { return mine[k + 1]; });
            }
        });
        return text;
    }

    // The worker's script: Node's few names the program uses, then the program.
    function workerSource(code, pairJson) {
        return [
            "\"use strict\";",
            "var lines = [], errors = [];",
            "function Exit(code) { this.code = code; }",
            "var console = { log: function (t) { lines.push(String(t)); }, error: function (t) { errors.push(String(t)); } };",
            "var process = { argv: [\"node\", \"your_gjk.js\", \"pair.json\"], exit: function (c) { throw new Exit(c); } };",
            "var PAIR = " + JSON.stringify(pairJson) + ";",
            "function require(name) { return { readFileSync: function () { return PAIR; } }; }",
            "try {",
            programWith(code).replace(/^#!.*\n/, "").replace(/^"use strict";\n/m, ""),
            "  postMessage({ lines: lines, errors: errors });",
            "} catch (e) {",
            "  postMessage({ lines: lines, errors: errors.concat(e instanceof Exit ? [] : [String(e && e.stack || e)]) });",
            "}",
        ].join("\n");
    }

    function say(text) {
        $("code-output").textContent = text;
    }

    // Runs the program on the pair shown; its trace goes to the app.
    function run() {
        var status = window.gjkLabStatus;
        if (!status || !status.world) {
            say("No pair to run on: choose two shapes A and B.");
            return;
        }
        stop();
        var code = $("code-text").value;
        keep(code);
        var world = JSON.stringify(status.world);
        lastWorld = world;
        runs++;
        var url = URL.createObjectURL(new Blob([workerSource(code, world)], { type: "text/javascript" }));
        worker = new Worker(url);
        URL.revokeObjectURL(url);
        say("Running…");
        timer = setTimeout(function () {
            stop();
            say("Stopped after " + RUN_LIMIT_MS / 1000 + " s: your program did not end. An " +
                "endless loop? GJK ends when a support point brings nothing new (stage 5's " +
                "noProgress) or the origin lies on the simplex (originOnSimplex).");
        }, RUN_LIMIT_MS);
        worker.onmessage = function (e) {
            stop();
            var out = e.data;
            if (out.errors.length > 0 && out.lines.length === 0) {
                say(out.errors.join("\n"));
                return;
            }
            var result = out.lines.length ? JSON.parse(out.lines[out.lines.length - 1]) : {};
            say("Your program wrote " + out.lines.length + " lines up to stage " +
                (result.stage || "?") + (out.errors.length ? "\n" + out.errors.join("\n") : "") +
                "\ngjk-lab checks them…");
            if (window.gjkLabOpenText) {
                window.gjkLabOpenText(TRACE_NAME, out.lines.join("\n") + "\n");
            }
        };
        worker.onerror = function (e) {
            stop();
            e.preventDefault();
            say("Your program does not run: " + e.message);
        };
    }

    function stop() {
        if (timer !== null) {
            clearTimeout(timer);
            timer = null;
        }
        if (worker !== null) {
            worker.terminate();
            worker = null;
        }
    }

    // The code kept: local storage, and the page's address.
    function keep(code) {
        try {
            window.localStorage.setItem(STORE, code);
        } catch (e) {
            // Storage refused (private mode): the address still carries it.
        }
        var hash = window.location.hash;
        var at = hash.indexOf(MARK);
        var link = at >= 0 ? hash.substring(0, at) : hash;
        window.history.replaceState(null, "", link + fragmentOf(code));
    }

    // The code as the address carries it: "~code." + its UTF-8 in URL-safe base64
    // ("" for the starter itself).
    function fragmentOf(code) {
        if (!code || code === starter) {
            return "";
        }
        var bytes = new TextEncoder().encode(code);
        var binary = "";
        for (var i = 0; i < bytes.length; i++) {
            binary += String.fromCharCode(bytes[i]);
        }
        return MARK + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }
    window.gjkLabCodeFragment = function () {
        var area = $("code-text");
        return area && area.value ? fragmentOf(area.value) : window.gjkLabCodePart();
    };

    function codeFromAddress() {
        var hash = window.location.hash;
        var at = hash.indexOf(MARK);
        if (at < 0) {
            return null;
        }
        try {
            var binary = atob(hash.substring(at + MARK.length).replace(/-/g, "+").replace(/_/g, "/"));
            var bytes = new Uint8Array(binary.length);
            for (var i = 0; i < binary.length; i++) {
                bytes[i] = binary.charCodeAt(i);
            }
            return new TextDecoder().decode(bytes);
        } catch (e) {
            return null;
        }
    }

    // Tab in the text indents (two spaces) instead of leaving it; Shift+Tab leaves.
    function indentOnTab(e) {
        if (e.key !== "Tab" || e.shiftKey) {
            return;
        }
        e.preventDefault();
        var area = e.target;
        var start = area.selectionStart;
        area.value = area.value.substring(0, start) + "  " + area.value.substring(area.selectionEnd);
        area.selectionStart = area.selectionEnd = start + 2;
    }

    // The app's canvas beside the panel (index.html's body.coding), and told of its
    // new size (miniquad listens to the window's resize) — after the app's frame, as
    // open() is called from inside it and the app takes no resize in mid-frame.
    function layOut(coding) {
        setTimeout(function () {
            document.body.classList.toggle("coding", coding);
            window.dispatchEvent(new Event("resize"));
        }, 0);
    }

    function open() {
        var panel = $("code-panel");
        if (!panel) {
            return;
        }
        panel.hidden = false;
        layOut(true);
        if (program === null) {
            say("Loading the program…");
            fetch("your_gjk.js").then(function (r) {
                if (!r.ok) {
                    throw new Error("your_gjk.js: HTTP " + r.status);
                }
                return r.text();
            }).then(function (text) {
                program = text;
                starter = stagesOf(text).join("\n");
                var stored = null;
                try {
                    stored = window.localStorage.getItem(STORE);
                } catch (e) {
                    stored = null;
                }
                $("code-text").value = codeFromAddress() || stored || starter;
                say("Write each stage between its >>> and <<< lines, then Run.");
                $("code-text").focus();
            }).catch(function (e) {
                say("The program could not be loaded: " + e.message);
            });
        } else {
            $("code-text").focus();
        }
    }

    function close() {
        stop();
        $("code-panel").hidden = true;
        layOut(false);
        var canvas = $("glcanvas");
        if (canvas) {
            canvas.focus();
        }
    }

    // The check's sentences, as the app writes them, under the run's own lines; and
    // a run again when A or B moved.
    function follow() {
        var status = window.gjkLabStatus;
        var panel = $("code-panel");
        if (status && panel && !panel.hidden && program !== null) {
            var t = status.my_trace;
            var out = $("code-output").textContent;
            var head = out.split("\ngjk-lab")[0];
            if (t && t.name === TRACE_NAME && worker === null && head.indexOf("Your program wrote") === 0) {
                var said = head + "\ngjk-lab's check: " + t.text.join("\n");
                if (said !== out) {
                    say(said);
                }
            }
            var world = JSON.stringify(status.world);
            if (lastWorld !== null && world !== lastWorld && $("code-auto").checked && worker === null) {
                run();
            }
        }
        setTimeout(follow, 300);
    }

    window.gjkLabCodePanel = { open: open, close: close, run: run, runs: function () { return runs; } };

    window.addEventListener("DOMContentLoaded", function () {
        $("code-run").addEventListener("click", run);
        $("code-close").addEventListener("click", close);
        $("code-starter").addEventListener("click", function () {
            var area = $("code-text");
            if (starter !== null && (area.value === starter ||
                    window.confirm("Replace your code with the starter? Your stages are lost."))) {
                area.value = starter;
                keep(starter);
            }
        });
        $("code-text").addEventListener("keydown", indentOnTab);
        // A link that carries code opens the panel with it.
        if (window.location.hash.indexOf(MARK) >= 0) {
            open();
        }
        follow();
    });
})();
