// The browser half of gjk-lab's platform module (src/app/platform/web.rs): a miniquad
// plugin giving the app a sub-millisecond clock, local storage, the console, the
// clipboard, downloads, a file picker and the page address (share links), and giving
// the page the app's status (window.gjkLabStatus: the same JSON as `--status`).
// Strings cross as sapp-jsutils objects (js_object / get_js_object, sapp_jsutils.js).
"use strict";

(function () {
    // A link in the page address not yet opened by the app (at start, and after the
    // learner pastes another link into the address bar).
    var pendingLink = fragment();
    // The fragment the app itself put in the address (not a new link).
    var shownLink = null;
    // Files chosen in the picker, not yet taken by the app: {name, text}.
    var picked = [];
    var input = null;

    function fragment() {
        var hash = window.location.hash;
        return hash.length > 1 ? hash.substring(1) : null;
    }

    // Ctrl+S saves the scene (a download), not the page.
    window.addEventListener("keydown", function (e) {
        if ((e.ctrlKey || e.metaKey) && (e.key === "s" || e.key === "S")) {
            e.preventDefault();
        }
    }, true);

    window.addEventListener("hashchange", function () {
        var f = fragment();
        if (f !== null && f !== shownLink) {
            pendingLink = f;
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
            copy(get_js_object(text));
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
            window.history.replaceState(null, "", "#" + shownLink);
            window.gjkLabLink = window.location.href;
        };
        env.gjk_lab_report_status = function (json) {
            window.gjkLabStatus = JSON.parse(get_js_object(json));
            if (window.gjkLabFirstFrame === undefined) {
                window.gjkLabFirstFrame = performance.now();
                var loading = document.getElementById("loading");
                if (loading) {
                    loading.style.display = "none";
                }
            }
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
