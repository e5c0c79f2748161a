// A static server for gjk-lab's web folder (target/web) that sends the precompressed
// copies scripts/web.sh writes beside each file — `X.br` (brotli) or `X.gz` (gzip) —
// with the matching Content-Encoding when the browser accepts it, as nginx's
// gzip_static/brotli_static or Caddy's `precompressed` do (docs/browser.md). The page
// always asks for the plain name; a slow connection gets the smaller file.
//
//   node scripts/serve.js DIR [PORT]     (scripts/web.sh --serve runs it)
//   const { serve } = require("./serve.js"); serve(dir, port, options)  (the tests)
"use strict";

const fs = require("fs");
const http = require("http");
const path = require("path");

const TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".ron": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".woff2": "font/woff2",
};

// The file to send for `file` and the Accept-Encoding header: the brotli copy, the
// gzip copy or the file itself, and its encoding.
function chooseEncoding(file, accepted) {
    // "br;q=1.0, gzip, *;q=0": the names whose weight is not 0.
    const names = (accepted || "").split(",").map((part) => {
        const [name, ...params] = part.trim().split(";");
        const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
        return { name: name.trim(), weight: q ? Number(q.slice(2)) : 1 };
    }).filter((e) => e.weight > 0).map((e) => e.name);
    const accepts = (name) => names.includes(name);
    for (const [name, ext] of [["br", ".br"], ["gzip", ".gz"]]) {
        if (accepts(name) && fs.existsSync(file + ext)) {
            return { path: file + ext, encoding: name };
        }
    }
    return { path: file, encoding: null };
}

// Serves `dir` on 127.0.0.1:`port` (0: any free port); resolves to the server.
// `options.log(req, sent)` is told of every request (the tests count the bytes).
function serve(dir, port, options) {
    const root = path.resolve(dir);
    const log = (options && options.log) || (() => {});
    const server = http.createServer((req, res) => {
        const name = decodeURIComponent(req.url.split("?")[0].split("#")[0]);
        const file = path.join(root, name === "/" ? "index.html" : name);
        if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
            res.writeHead(404);
            res.end();
            log(req, { status: 404, bytes: 0, encoding: null });
            return;
        }
        const chosen = chooseEncoding(file, req.headers["accept-encoding"]);
        const size = fs.statSync(chosen.path).size;
        const headers = {
            "Content-Type": TYPES[path.extname(file)] || "application/octet-stream",
            "Content-Length": size,
            "Vary": "Accept-Encoding",
            // The page's own files change with every build: ask again each time.
            "Cache-Control": "no-cache",
        };
        if (chosen.encoding) {
            headers["Content-Encoding"] = chosen.encoding;
        }
        res.writeHead(200, headers);
        fs.createReadStream(chosen.path).pipe(res);
        log(req, { status: 200, bytes: size, encoding: chosen.encoding });
    });
    return new Promise((resolve) => server.listen(port || 0, "127.0.0.1", () => resolve(server)));
}

module.exports = { serve, chooseEncoding };

if (require.main === module) {
    const dir = process.argv[2] || "target/web";
    const port = Number(process.argv[3] || 8765);
    serve(dir, port).then((server) => {
        console.log("serving " + dir + " on http://127.0.0.1:" + server.address().port +
            "/ (precompressed .br/.gz sent with Content-Encoding; Ctrl+C stops)");
    });
}
