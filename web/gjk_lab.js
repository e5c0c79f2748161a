// The browser half of gjk-lab's platform module (src/app/platform/web.rs): a miniquad
// plugin giving the app a sub-millisecond clock, local storage, the console, the
// clipboard, downloads, a file picker and the page address (share links), and giving
// the page the app's status (window.gjkLabStatus: the same JSON as `--status`).
// From the status the page also keeps its address (the current state's share link,
// so that a reload resumes it and the address bar is always a link to what is shown),
// its title, and the narration region (the step's words, for a screen reader).
// gjkLabLoad() loads the .wasm with a progress bar, and says what is wrong (and the
// fix) when the page is opened from disk or the browser has no WebGL.
// Strings cross as sapp-jsutils objects (js_object / get_js_object, sapp_jsutils.js).
"use strict";

(function () {
    // The mark of the learner's code in the address (set before anything reads it).
    var CODE_MARK = "~code.";
    // A link in the page address not yet opened by the app (at start, and after the
    // learner pastes another link into the address bar).
    var pendingLink = fragment();
    // The fragment the app itself put in the address (not a new link).
    var shownLink = null;
    // Files chosen in the picker, not yet taken by the app: {name, text}.
    var picked = [];
    // The Chinese font (scripts/fonts.sh), beside index.html; fetched once, on demand.
    var CHINESE_FONT = "NotoSansSC-subset.otf";
    var fontRequested = false;
    var fontBytes = null;
    var input = null;

    // The address's fragment: the app's link, then maybe the learner's code
    // ("~code." + its text in URL-safe base64, web/code_panel.js), which is the page's
    // and never reaches the app.
    function fragment() {
        var hash = window.location.hash;
        var link = hash.length > 1 ? hash.substring(1) : null;
        if (link !== null && link.indexOf(CODE_MARK) >= 0) {
            link = link.substring(0, link.indexOf(CODE_MARK)) || null;
        }
        return link;
    }
    // The code part of the address ("" when none).
    function codePart() {
        var hash = window.location.hash;
        var at = hash.indexOf(CODE_MARK);
        return at >= 0 ? hash.substring(at) : "";
    }
    window.gjkLabCodePart = codePart;
    // The address with `link` (the app's) and the code part the page keeps.
    function addressWith(link) {
        return "#" + link + (window.gjkLabCodeFragment ? window.gjkLabCodeFragment() : codePart());
    }

    // Whether the pointer is a finger: the media query, and any touch seen (a touch
    // laptop reports a fine pointer but is touched).
    var coarseQuery = window.matchMedia ? window.matchMedia("(pointer: coarse)") : null;
    var coarse = coarseQuery !== null && coarseQuery.matches;
    if (coarseQuery !== null && coarseQuery.addEventListener) {
        coarseQuery.addEventListener("change", function (e) { coarse = e.matches || coarse; });
    }
    window.addEventListener("touchstart", function () { coarse = true; },
        { capture: true, passive: true });

    // Ctrl+S saves the scene (a download), not the page.
    window.addEventListener("keydown", function (e) {
        if ((e.ctrlKey || e.metaKey) && (e.key === "s" || e.key === "S")) {
            e.preventDefault();
        }
    }, true);

    // Asks the app for a frame: it draws only when something happens (its event loop
    // blocks when idle), and a new address or a chosen file is not an input event.
    var scheduleFrame = null;
    function wake() {
        if (scheduleFrame !== null && window.gjkLabFirstFrame !== undefined) {
            scheduleFrame();
        }
    }

    // A text handed to the app as if the learner had picked a file of that name (the
    // code panel's trace: "your-gjk.jsonl").
    window.gjkLabOpenText = function (name, text) {
        picked.push({ name: name, text: text });
        wake();
    };

    window.addEventListener("hashchange", function () {
        var f = fragment();
        if (f !== null && f !== shownLink) {
            pendingLink = f;
            wake();
        }
    });
    // A dropped file reaches the app through gl.js's own handler: a frame after it.
    window.addEventListener("drop", function () { setTimeout(wake, 50); });

    // The page's own words, before the program has loaded (the program's are in
    // locales/), in the language the program will start in: the address's ?lang=,
    // else the one chosen in an earlier visit, else the browser's.
    var PAGE_TEXTS = {
        en: {
            loading: "Loading gjk-lab…",
            of: " of ",
            starting: "Starting gjk-lab…",
            fileUrl: "gjk-lab cannot start from a file opened on disk: the browser " +
                "does not let a page opened from file:// load its program (gjk-lab.wasm).\n" +
                "Serve this folder over http: run `python3 -m http.server` in it, then " +
                "open http://localhost:8000/ (or host the folder on any web server).",
            noWebGl: "gjk-lab needs WebGL, which this browser has turned off or lacks.\n" +
                "Turn on hardware acceleration (or WebGL) in the browser's settings, " +
                "or open the page in another browser.",
            loadFailed: "gjk-lab could not load its program: ",
            checkConnection: "\nCheck the connection and reload the page.",
            canvas: "gjk-lab: the shapes and A − B. Keys: N next step, B back; when a " +
                "question waits, Tab or 1–9 choose a candidate and Enter answers. The " +
                "words of each step are read out.",
        },
        zh: {
            loading: "正在加载 gjk-lab…",
            of: " / ",
            starting: "正在启动 gjk-lab…",
            fileUrl: "gjk-lab 无法从磁盘上直接打开的文件启动：浏览器不允许通过 file:// " +
                "打开的页面加载程序（gjk-lab.wasm）。\n请通过 http 提供这个文件夹：在其中运行 " +
                "`python3 -m http.server`，然后打开 http://localhost:8000/（或把文件夹放到任意网页服务器上）。",
            noWebGl: "gjk-lab 需要 WebGL，而这个浏览器关闭了它或不支持它。\n" +
                "请在浏览器设置中打开硬件加速（或 WebGL），或换一个浏览器打开本页。",
            loadFailed: "gjk-lab 无法加载程序：",
            checkConnection: "\n请检查网络连接，然后重新加载页面。",
            canvas: "gjk-lab：图形与 A − B。按键：N 下一步，B 上一步；有问题等待回答时，" +
                "用 Tab 或 1–9 选择候选，按 Enter 作答。每一步的讲解会被朗读出来。",
        },
    };
    function pageLanguage() {
        var tags = [new URLSearchParams(window.location.search).get("lang")];
        try {
            tags.push(window.localStorage.getItem("lang"));
        } catch (e) {
            // Storage turned off: the browser's language decides.
        }
        tags.push(navigator.language);
        for (var i = 0; i < tags.length; i++) {
            var primary = (tags[i] || "").toLowerCase().split(/[-_]/)[0];
            if (primary === "zh" || primary === "en") {
                return primary;
            }
        }
        return "en";
    }
    var PAGE = PAGE_TEXTS[pageLanguage()];
    document.documentElement.lang = pageLanguage() === "zh" ? "zh-CN" : "en";
    document.addEventListener("DOMContentLoaded", function () {
        var label = document.getElementById("loading-text");
        if (label) {
            label.textContent = PAGE.loading;
        }
        var canvas = document.getElementById("glcanvas");
        if (canvas) {
            canvas.setAttribute("aria-label", PAGE.canvas);
        }
    });

    // Shows a problem on the page (a panic stops the app: the canvas would freeze).
    function showProblem(text) {
        var box = document.getElementById("problem");
        if (box) {
            box.textContent = text;
            box.hidden = false;
        }
    }
    window.gjkLabShowProblem = showProblem;

    // The address follows the state shown, at most every REPLACE_MS (browsers limit
    // how often a page may rewrite its address), the last change always arriving.
    var REPLACE_MS = 300;
    var wantedLink = null;
    var replaceTimer = null;
    var replacedAt = -Infinity;
    function replaceAddress() {
        replaceTimer = null;
        replacedAt = performance.now();
        var hash = wantedLink.split("#")[1];
        if (hash && addressWith(hash) !== window.location.hash) {
            shownLink = hash;
            window.history.replaceState(null, "", addressWith(hash));
        }
    }
    function followLink(link) {
        if (typeof link !== "string" || link === wantedLink) {
            return;
        }
        wantedLink = link;
        if (replaceTimer === null) {
            var wait = Math.max(0, REPLACE_MS - (performance.now() - replacedAt));
            replaceTimer = setTimeout(replaceAddress, wait);
        }
    }

    // A link the app refused (it shows why, over the default scene) stays in the
    // address bar, to be seen and copied, until the learner moves on: while the
    // error is shown and what is shown is still what the refusal opened.
    var heldLink = null;
    function holdRefusedLink(status) {
        var refused = typeof status.error === "string" && status.error.indexOf("link") === 0;
        if (heldLink === null && refused && fragment() !== null &&
            fragment() !== (status.link || "").split("#")[1]) {
            heldLink = status.link;
        } else if (heldLink !== null && (!refused || status.link !== heldLink)) {
            heldLink = null;
        }
    }

    // The narration region: the lesson's page, the step's title, narration and
    // pseudo-code line, and while a question waits the question, its hint, the
    // candidate chosen from the keyboard and the reply; visually hidden, read out by
    // screen readers (aria-live).
    var narrated = null;
    function narrate(status) {
        var n = status.narration || {};
        var key = JSON.stringify(n);
        var region = document.getElementById("narration");
        if (key === narrated || !region) {
            return;
        }
        narrated = key;
        var parts = [["page", n.page_text], ["title", n.heading], ["text", n.text],
            ["code", n.code_line ? "Pseudo-code: " + n.code_line : null],
            ["question", n.question], ["hint", n.hint], ["choice", n.choice],
            ["reply", n.reply]];
        region.textContent = "";
        parts.forEach(function (part) {
            if (part[1]) {
                var p = document.createElement(part[0] === "title" ? "h2" : "p");
                p.className = "narration-" + part[0];
                p.textContent = part[1];
                region.appendChild(p);
            }
        });
    }

    // Loads the .wasm with a progress bar, after checking that it can load at all;
    // `size`: the program's size in bytes (scripts/web.sh writes it into the page), so
    // that the bar counts even a compressed transfer.
    function load_with_progress(url, size) {
        if (window.location.protocol === "file:") {
            showProblem(PAGE.fileUrl);
            hideLoading();
            return;
        }
        var probe = document.createElement("canvas");
        if (!window.WebGLRenderingContext || !(probe.getContext("webgl") || probe.getContext("experimental-webgl"))) {
            showProblem(PAGE.noWebGl);
            hideLoading();
            return;
        }
        var bar = document.getElementById("progress");
        var label = document.getElementById("loading-text");
        fetch(url).then(function (response) {
            if (!response.ok) {
                throw new Error(url + ": HTTP " + response.status);
            }
            // A compressed transfer's length is not the program's: then no percentage.
            var encoded = response.headers.get("Content-Encoding");
            var total = size || (encoded ? 0 : Number(response.headers.get("Content-Length")) || 0);
            if (!response.body || !response.body.getReader) {
                return response.arrayBuffer();
            }
            var reader = response.body.getReader();
            var chunks = [];
            var received = 0;
            function pump() {
                return reader.read().then(function (r) {
                    if (r.done) {
                        var all = new Uint8Array(received);
                        var at = 0;
                        chunks.forEach(function (c) { all.set(c, at); at += c.length; });
                        return all.buffer;
                    }
                    chunks.push(r.value);
                    received += r.value.length;
                    var mb = (received / 1e6).toFixed(1) + " MB";
                    if (bar && total > 0) {
                        bar.max = total;
                        bar.value = Math.min(received, total);
                        label.textContent = PAGE.loading + " " + mb + PAGE.of + (total / 1e6).toFixed(1) + " MB";
                    } else if (label) {
                        label.textContent = PAGE.loading + " " + mb;
                    }
                    return pump();
                });
            }
            return pump();
        }).then(function (bytes) {
            if (label) {
                label.textContent = PAGE.starting;
            }
            var blob = new Blob([bytes], { type: "application/wasm" });
            load(URL.createObjectURL(blob));
        }).catch(function (e) {
            showProblem(PAGE.loadFailed + e.message + PAGE.checkConnection);
            hideLoading();
        });
    }
    window.gjkLabLoad = load_with_progress;

    function hideLoading() {
        var loading = document.getElementById("loading");
        if (loading) {
            loading.style.display = "none";
        }
    }

    function filePicker() {
        if (input === null) {
            input = document.createElement("input");
            input.type = "file";
            input.accept = ".ron,.json,.jsonl";
            input.multiple = false;
            input.style.display = "none";
            input.addEventListener("change", function () {
                for (var i = 0; i < input.files.length; i++) {
                    (function (file) {
                        file.text().then(function (text) {
                            picked.push({ name: file.name, text: text });
                            wake();
                        }, function (e) {
                            console.error("gjk-lab: " + file.name + ": " + e);
                        });
                    })(input.files[i]);
                }
                input.value = "";
            });
            document.body.appendChild(input);
        }
        return input;
    }

    function copy(text) {
        function fallback() {
            var area = document.createElement("textarea");
            area.value = text;
            document.body.appendChild(area);
            area.select();
            var ok = false;
            try {
                ok = document.execCommand("copy");
            } catch (e) {
                ok = false;
            }
            document.body.removeChild(area);
            var canvas = document.getElementById("glcanvas");
            if (canvas) {
                canvas.focus();
            }
            if (!ok) {
                console.warn("gjk-lab: the browser did not let the page copy the link; " +
                    "it is in the address bar and in the link field");
            }
        }
        if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(text).catch(fallback);
        } else {
            fallback();
        }
    }

    function download(name, bytes) {
        var blob = new Blob([bytes], { type: "application/octet-stream" });
        var url = URL.createObjectURL(blob);
        var a = document.createElement("a");
        a.href = url;
        a.download = name;
        document.body.appendChild(a);
        a.click();
        document.body.removeChild(a);
        setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    }

    function register_plugin(importObject) {
        var env = importObject.env;
        scheduleFrame = function () { env.sapp_schedule_update(); };
        // Frames the app has drawn (the browser test checks that an idle app draws none).
        window.gjkLabFrames = 0;
        env.gjk_lab_frame_drawn = function () {
            window.gjkLabFrames++;
        };
        env.gjk_lab_open_code_panel = function () {
            if (window.gjkLabCodePanel) {
                window.gjkLabCodePanel.open();
            }
        };
        env.gjk_lab_coarse_pointer = function () {
            return coarse ? 1 : 0;
        };
        // The browser's language ("zh-CN"): the window starts in it (src/app/i18n.rs)
        // unless the address (?lang=zh) or an earlier choice says otherwise.
        env.gjk_lab_language = function () {
            return js_object(navigator.language || null);
        };
        env.gjk_lab_link_language = function () {
            return js_object(new URLSearchParams(window.location.search).get("lang"));
        };
        env.gjk_lab_show_language = function (code) {
            var url = new URL(window.location.href);
            url.searchParams.set("lang", get_js_object(code));
            history.replaceState(history.state, "", url.toString());
            document.documentElement.lang = get_js_object(code) === "zh" ? "zh-CN" : "en";
        };
        // The Chinese font, fetched only when Chinese is chosen (an English page
        // never downloads it); the app takes it when it has arrived.
        env.gjk_lab_request_font = function () {
            if (fontRequested) {
                return;
            }
            fontRequested = true;
            fetch(CHINESE_FONT).then(function (response) {
                if (!response.ok) {
                    throw new Error(response.status + " " + response.statusText);
                }
                return response.arrayBuffer();
            }).then(function (buffer) {
                fontBytes = new Uint8Array(buffer);
                window.gjkLabFontLoaded = true;
                wake();
            }, function (e) {
                console.error("gjk-lab: " + CHINESE_FONT + ": " + e);
            });
        };
        env.gjk_lab_take_font = function () {
            var bytes = fontBytes;
            fontBytes = null;
            return js_object(bytes);
        };
        env.gjk_lab_now = function () {
            return performance.now();
        };
        env.gjk_lab_storage_get = function (key) {
            try {
                return js_object(window.localStorage.getItem(get_js_object(key)));
            } catch (e) {
                return js_object(null);
            }
        };
        env.gjk_lab_storage_set = function (key, value) {
            try {
                window.localStorage.setItem(get_js_object(key), get_js_object(value));
                return 1;
            } catch (e) {
                return 0;
            }
        };
        env.gjk_lab_log_error = function (message) {
            console.error("gjk-lab: " + get_js_object(message));
        };
        env.gjk_lab_show_panic = function (message) {
            var text = get_js_object(message);
            console.error(text);
            showProblem(text);
        };
        env.gjk_lab_copy = function (text) {
            // A link copied while the code panel holds code carries the code too.
            var t = get_js_object(text);
            var code = window.gjkLabCodeFragment ? window.gjkLabCodeFragment() : "";
            copy(t.indexOf("#gjk") >= 0 && code ? t + code : t);
        };
        env.gjk_lab_page_address = function () {
            return js_object(window.location.href.split("#")[0]);
        };
        env.gjk_lab_take_link = function () {
            var link = pendingLink;
            pendingLink = null;
            return js_object(link);
        };
        env.gjk_lab_show_link = function (payload) {
            shownLink = get_js_object(payload);
            window.history.replaceState(null, "", addressWith(shownLink));
            window.gjkLabLink = window.location.href;
        };
        env.gjk_lab_report_status = function (json) {
            var status = JSON.parse(get_js_object(json));
            window.gjkLabStatus = status;
            if (window.gjkLabFirstFrame === undefined) {
                window.gjkLabFirstFrame = performance.now();
                hideLoading();
            }
            if (status.title && document.title !== status.title) {
                document.title = status.title;
            }
            holdRefusedLink(status);
            if (heldLink === null) {
                followLink(status.link);
            }
            narrate(status);
        };
        env.gjk_lab_download = function (name, bytes) {
            download(get_js_object(name), get_js_object(bytes));
        };
        env.gjk_lab_pick_file = function () {
            filePicker().click();
        };
        env.gjk_lab_take_picked_file = function () {
            return js_object(picked.length > 0 ? picked.shift() : null);
        };
    }

    miniquad_add_plugin({ register_plugin: register_plugin, version: 1, name: "gjk_lab" });
})();
