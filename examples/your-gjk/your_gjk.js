#!/usr/bin/env node
// Your own GJK, stage by stage (Node, no dependencies).
//
// The reading and the writing are done: this program reads a pair of shapes as
// `gjk-lab world` prints it, runs GJK through the functions below, and prints every
// step in gjk-lab's trace format (docs/trace-format.md). The algorithm is yours to
// write, one stage at a time: each TODO below throws todo(stage) until you replace
// it. The program finds how far you have got and says so on its result line
// ("stage": N), and `gjk-lab check` judges exactly that much:
//
//     gjk-lab world scenes/dyn4j-gjk.ron > pair.json
//     node examples/your-gjk/your_gjk.js pair.json > mine.jsonl
//     gjk-lab check scenes/dyn4j-gjk.ron --algo gjk --trace mine.jsonl
//
// (or pipe: gjk-lab world SCENE | node your_gjk.js > mine.jsonl). The stages, what
// each one asks, and the mistake each one invites: examples/your-gjk/README.md.
//
// Points and directions are arrays [x, y]. A shape is the object `gjk-lab world`
// prints: {kind: "polygon", vertices: [[x, y], ...]},
// {kind: "circle", center: [x, y], radius: r},
// {kind: "ellipse", center: [x, y], axes: [a, b], rotation: t},
// {kind: "capsule", a: [x, y], b: [x, y], radius: r} (a segment when r is 0) or
// {kind: "rounded_polygon", vertices: [[x, y], ...], radius: r}.
"use strict";

const fs = require("fs");

class Todo extends Error {
  constructor(stage) {
    super(`stage ${stage} is not written yet`);
    this.stage = stage;
  }
}
const todo = (stage) => {
  throw new Todo(stage);
};

// Vector helpers (given).
const add = (u, v) => [u[0] + v[0], u[1] + v[1]];
const sub = (u, v) => [u[0] - v[0], u[1] - v[1]];
const neg = (u) => [-u[0], -u[1]];
const scale = (k, u) => [k * u[0], k * u[1]];
const dot = (u, v) => u[0] * v[0] + u[1] * v[1];
// The triple product (a × b) × c in the plane: b·(a·c) − a·(b·c).
const triple = (a, b, c) => {
  const ac = dot(a, c), bc = dot(b, c);
  return [b[0] * ac - a[0] * bc, b[1] * ac - a[1] * bc];
};
const same = (p, q) => p[0] === q[0] && p[1] === q[1];

// Stage 1: the support function.
// >>> stage 1
// The point of `shape` farthest along the direction d. A polygon: its vertex of
// largest v·d. A circle: its centre + radius·d/|d|. A capsule or a rounded polygon is
// its core grown by its radius: the core's farthest point (an end, a vertex) +
// radius·d/|d|. (An ellipse, if you like: in its own frame the farthest point is
// (a²·dx, b²·dy) / sqrt(a²·dx² + b²·dy²).)
function support(shape, d) {
  todo(1);
}

// The support point of A − B along d: returns [w, a, b], w = a − b, with a the
// farthest point of A along d and b the farthest point of B along −d.
function supportOfDifference(A, B, d) {
  todo(1);
}
// <<< stage 1

// Stage 2: the first direction and the "passed the origin?" test.
// >>> stage 2
// Any direction that is not zero (from A's centre towards B's, for instance).
function firstDirection(A, B) {
  todo(2);
}

// The simplex is the one point a: the direction from it towards the origin.
function directionFromPoint(a) {
  todo(2);
}

// Did the support point w reach the origin along d? When it did not, no point of
// A − B lies beyond the origin along d: A and B are apart.
function passedOrigin(w, d) {
  todo(2);
}
// <<< stage 2

// Stage 3: the segment case.
// >>> stage 3
// The simplex is the segment from b to a, a the newest point. Return the next
// direction: perpendicular to the segment, towards the origin.
function segmentCase(a, b) {
  todo(3);
}
// <<< stage 3

// Stage 4: the triangle case.
// >>> stage 4
// The simplex is the triangle a, b, c, a the newest point. Return [kept, d]: the
// points to keep (an array, among a, b, c) and the next direction; or
// [[a, b, c], null] when the origin lies inside the triangle (A and B intersect).
function triangleCase(a, b, c) {
  todo(4);
}
// <<< stage 4

// Stage 5: termination.
// >>> stage 5
// True when the new support point w brings nothing new: it is already a point of the
// simplex (an array of points).
function noProgress(simplex, w) {
  todo(5);
}

// The new direction d is zero, or so small against the simplex it was computed from
// (an array of points, the newest last) that it is only rounding: true when that
// means the origin lies on the simplex (the shapes touch), so there is no direction
// left to search along.
function originOnSimplex(simplex, d) {
  todo(5);
}
// <<< stage 5

// The loop and the trace (given).

const MAX_ROUNDS = 32;
const STAGE_PROBES = [
  [1, (A, B) => [support(A, [1, 0]), supportOfDifference(A, B, [1, 0])]],
  [2, (A, B) => [firstDirection(A, B), directionFromPoint([1, 1]), passedOrigin([1, 0], [1, 0])]],
  [3, () => segmentCase([1, 1], [-1, 1])],
  [4, () => triangleCase([0, 2], [1, -1], [-1, -1])],
  [5, () => [noProgress([[1, 0]], [1, 0]), originOnSimplex([[1, 0], [0, 1]], [1, 0])]],
];

// How many stages are written: the first stage whose function still throws Todo,
// minus one.
function stagesWritten(A, B) {
  for (const [stage, probe] of STAGE_PROBES) {
    try {
      probe(A, B);
    } catch (e) {
      if (e instanceof Todo) return stage - 1;
      throw e;
    }
  }
  return 5;
}

const emit = (kind, fields) => console.log(JSON.stringify({ kind, ...fields }));
const entry = (s) => ({ p: s[0], a: s[1], b: s[2] });

// Whether A and B intersect (touching counts): true, false, or null when the run
// stops undecided (at a stage not written yet, or after MAX_ROUNDS).
function gjk(A, B, stage) {
  let d = firstDirection(A, B);
  emit("start", { direction: d });
  let simplex = []; // support points [w, a, b], the newest last
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [w, a, b] = supportOfDifference(A, B, d);
    emit("support", { direction: d, support: { p: w, a, b } });
    if (!passedOrigin(w, d)) return false;
    if (stage >= 5 && noProgress(simplex.map((s) => s[0]), w)) return true; // touching
    simplex.push([w, a, b]);
    if (simplex.length === 1) {
      d = directionFromPoint(w);
    } else if (simplex.length === 2) {
      if (stage < 3) return null;
      d = segmentCase(simplex[1][0], simplex[0][0]);
    } else {
      if (stage < 4) return null;
      let kept;
      [kept, d] = triangleCase(simplex[2][0], simplex[1][0], simplex[0][0]);
      simplex = simplex.filter((s) => kept.some((p) => same(p, s[0])));
      if (d === null) {
        emit("region", { simplex: simplex.map(entry) });
        return true; // the origin lies inside the triangle
      }
    }
    if (stage >= 5 && originOnSimplex(simplex.map((s) => s[0]), d)) {
      emit("region", { simplex: simplex.map(entry) });
      return true; // touching
    }
    emit("region", { simplex: simplex.map(entry) });
    emit("direction", { direction: d });
  }
  return null;
}

// Stage 1 alone: the support point of A − B along eight directions.
function probeSupport(A, B) {
  for (let k = 0; k < 8; k++) {
    const t = (k * Math.PI) / 4 + 0.3;
    const d = [Math.cos(t), Math.sin(t)];
    const [w, a, b] = supportOfDifference(A, B, d);
    emit("support", { direction: d, support: { p: w, a, b } });
  }
}

function main() {
  const text = fs.readFileSync(process.argv[2] || 0, "utf8");
  const pair = JSON.parse(text);
  const [A, B] = [pair.a, pair.b];
  const stage = stagesWritten(A, B);
  if (stage === 0) {
    console.error("nothing to run yet: write stage 1, the support function (see examples/your-gjk/README.md)");
    process.exit(1);
  }
  let intersects = null;
  if (stage === 1) probeSupport(A, B);
  else intersects = gjk(A, B, stage);
  emit("result", { trace_version: 1, algorithm: "gjk", intersects, stage });
}

main();
