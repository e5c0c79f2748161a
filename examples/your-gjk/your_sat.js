#!/usr/bin/env node
// Your own SAT, stage by stage (Node, no dependencies).
//
// SAT, the separating axis theorem: two convex shapes are apart exactly when some
// axis shows a gap between their shadows; for polygons it is enough to try each
// edge's normal. The reading and the writing are done: this program reads a pair of
// shapes as `gjk-lab world` prints it, runs SAT through the functions below, and
// prints every axis in gjk-lab's trace format (docs/trace-format.md). SAT is yours to
// write, one stage at a time: each TODO below throws todo(stage) until you replace it.
// The program finds how far you have got and says so on its result line
// ("stage": N), and `gjk-lab check` judges exactly that much:
//
//     gjk-lab world scenes/sat-overlapping.ron > pair.json
//     node examples/your-gjk/your_sat.js pair.json > mine.jsonl
//     gjk-lab check scenes/sat-overlapping.ron --algo sat --trace mine.jsonl
//
// (or pipe: gjk-lab world SCENE | node your_sat.js > mine.jsonl). The stages, what
// each one asks, and the mistake each one invites: examples/your-gjk/README.md.
//
// Points and directions are arrays [x, y]. A shape is the object `gjk-lab world`
// prints: {kind: "polygon", vertices: [[x, y], ...]} (counter-clockwise) or
// {kind: "circle", center: [x, y], radius: r}. Ellipses are out of scope: no finite
// set of axes decides for an ellipse (gjk-lab's SAT answers null for one); the
// program says so and stops.
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
const length = (u) => Math.hypot(u[0], u[1]);

// Stage 1: the axes.
// >>> stage 1
// The axes to try, an array of unit vectors: the outward normal of every edge of A and
// of B (a polygon's vertices run counter-clockwise: the edge e = q − p has the outward
// normal (e.y, −e.x)); with a circle, the axis from its centre to the other polygon's
// nearest vertex (two circles: from one centre to the other).
function axes(A, B) {
  todo(1);
}
// <<< stage 1

// Stage 2: the shadows.
// >>> stage 2
// The shape's shadow on the unit axis: [lo, hi], the least and the greatest v·axis
// over the shape's points (a circle: its centre's ± its radius).
function shadow(shape, axis) {
  todo(2);
}
// <<< stage 2

// Stage 3: the overlap.
// >>> stage 3
// How much the shadows sa = [a0, a1] and sb = [b0, b1] overlap; negative: the gap
// between them.
function overlap(sa, sb) {
  todo(3);
}

// The axis (or its opposite) pointing from A towards B, given the two shadows on it:
// moving B by overlap·normal separates the shapes.
function normalAToB(axis, sa, sb) {
  todo(3);
}
// <<< stage 3

// The loop and the trace (given).

const STAGE_PROBES = [
  [1, (A, B) => axes(A, B)],
  [2, (A) => shadow(A, [1, 0])],
  [3, () => [overlap([0, 2], [1, 3]), normalAToB([1, 0], [0, 2], [1, 3])]],
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
  return 3;
}

const emit = (kind, fields) => console.log(JSON.stringify({ kind, ...fields }));

// Returns [intersects, depth, normal]; intersects is null below stage 3 (every axis
// is listed, nothing decided), depth and normal null when A and B are apart.
function sat(A, B, stage) {
  let best = null; // [overlap, axis, sa, sb] of the least overlap so far
  for (const axis of axes(A, B)) {
    if (stage < 2) {
      emit("axis", { axis });
      continue;
    }
    const [sa, sb] = [shadow(A, axis), shadow(B, axis)];
    if (stage < 3) {
      emit("axis", { axis, projection_a: sa, projection_b: sb });
      continue;
    }
    const o = overlap(sa, sb);
    emit("axis", { axis, overlap: o, projection_a: sa, projection_b: sb });
    if (o < 0) return [false, null, null]; // a gap: this axis separates A and B
    if (best === null || o < best[0]) best = [o, axis, sa, sb];
  }
  if (stage < 3) return [null, null, null];
  const [o, axis, sa, sb] = best;
  return [true, o, normalAToB(axis, sa, sb)];
}

function main() {
  const text = fs.readFileSync(process.argv[2] || 0, "utf8");
  const pair = JSON.parse(text);
  const [A, B] = [pair.a, pair.b];
  for (const shape of [A, B]) {
    if (shape.kind !== "polygon" && shape.kind !== "circle") {
      console.error(`${shape.kind}s are out of scope for this starter: polygons and circles only`);
      process.exit(1);
    }
  }
  const stage = stagesWritten(A, B);
  if (stage === 0) {
    console.error("nothing to run yet: write stage 1, the axes (see examples/your-gjk/README.md)");
    process.exit(1);
  }
  const [intersects, depth, normal] = sat(A, B, stage);
  const result = { trace_version: 1, algorithm: "sat", intersects, stage };
  if (depth !== null) Object.assign(result, { depth, normal });
  emit("result", result);
}

main();
