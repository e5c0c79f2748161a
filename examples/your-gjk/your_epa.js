#!/usr/bin/env node
// Your own EPA, stage by stage (Node, no dependencies).
//
// EPA, the Expanding Polytope Algorithm, measures how deep two overlapping shapes are
// and which way to push them apart. It starts where GJK ends: GJK's last simplex holds
// the origin inside A − B. The reading, the writing and that GJK are done (GIVEN code,
// marked so below: the GJK you wrote in your_gjk.js, complete); EPA is yours to write,
// one stage at a time: each TODO below throws todo(stage) until you replace it. The
// program finds how far you have got and says so on its result line ("stage": N), and
// `gjk-lab check` judges exactly that much:
//
//     gjk-lab world scenes/dyn4j-epa.ron > pair.json
//     node examples/your-gjk/your_epa.js pair.json > mine.jsonl
//     gjk-lab check scenes/dyn4j-epa.ron --algo epa --trace mine.jsonl
//
// (or pipe: gjk-lab world SCENE | node your_epa.js > mine.jsonl). The stages, what
// each one asks, and the mistake each one invites: examples/your-gjk/README.md.
//
// Points and directions are arrays [x, y]. A shape is the object `gjk-lab world`
// prints: {kind: "polygon", vertices: [[x, y], ...]} or
// {kind: "circle", center: [x, y], radius: r}. Ellipses are out of scope here: their
// A − B has no corners, and EPA's polytope creeps along the curve for many rounds
// (gjk-lab turns its normal with Newton's method at the end instead); the program
// says so and stops.
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
// The cross product's z: u × v = ux·vy − uy·vx (> 0: v turns left of u).
const cross = (u, v) => u[0] * v[1] - u[1] * v[0];
const length = (u) => Math.hypot(u[0], u[1]);
const same = (p, q) => p[0] === q[0] && p[1] === q[1];

// GIVEN: the support function and GJK (the stages of your_gjk.js, complete).

// The point of `shape` farthest along d (a polygon or a circle).
function support(shape, d) {
  if (shape.kind === "polygon") {
    return shape.vertices.reduce((best, v) => (dot(v, d) > dot(best, d) ? v : best));
  }
  if (shape.kind === "circle") return add(shape.center, scale(shape.radius / length(d), d));
  console.error(`${shape.kind}s are out of scope for this starter: polygons and circles only`);
  process.exit(1);
}

// The support point of A − B along d: [w, a, b], w = a − b.
function supportOfDifference(A, B, d) {
  const a = support(A, d);
  const b = support(B, neg(d));
  return [sub(a, b), a, b];
}

function centre(shape) {
  if (shape.kind !== "polygon") return shape.center;
  const n = shape.vertices.length;
  return shape.vertices.reduce((s, v) => [s[0] + v[0] / n, s[1] + v[1] / n], [0, 0]);
}

// The triple product (a × b) × c in the plane: b·(a·c) − a·(b·c).
const triple = (a, b, c) => {
  const ac = dot(a, c), bc = dot(b, c);
  return [b[0] * ac - a[0] * bc, b[1] * ac - a[1] * bc];
};

// GIVEN. Whether A and B intersect, and GJK's last simplex (support points [w, a, b],
// the newest last): around the origin, or through it when they touch.
function gjk(A, B) {
  let d = sub(centre(B), centre(A));
  if (d[0] === 0 && d[1] === 0) d = [1, 0];
  let simplex = [];
  for (let round = 0; round < 64; round++) {
    const s = supportOfDifference(A, B, d);
    const w = s[0];
    if (dot(w, d) < 0) return [false, simplex]; // w did not pass the origin: apart
    if (simplex.some((t) => same(t[0], w))) return [true, simplex]; // no progress: touching
    simplex.push(s);
    if (simplex.length === 1) {
      if (w[0] === 0 && w[1] === 0) return [true, simplex]; // the origin is a point of A − B
      d = neg(w);
    } else if (simplex.length === 2) {
      const [a, b] = [simplex[1][0], simplex[0][0]];
      const [ab, ao] = [sub(b, a), neg(a)];
      d = triple(ab, ao, ab);
      if (length(d) <= 1e-10 * dot(ab, ab) * length(ao)) return [true, simplex]; // on the segment
    } else {
      const [a, b, c] = [simplex[2][0], simplex[1][0], simplex[0][0]];
      const [ab, ac, ao] = [sub(b, a), sub(c, a), neg(a)];
      const [abPerp, acPerp] = [triple(ac, ab, ab), triple(ab, ac, ac)];
      if (dot(abPerp, ao) > 0) {
        [simplex, d] = [[simplex[1], simplex[2]], abPerp];
      } else if (dot(acPerp, ao) > 0) {
        [simplex, d] = [[simplex[0], simplex[2]], acPerp];
      } else {
        return [true, simplex]; // the origin lies inside the triangle
      }
    }
  }
  return [true, simplex];
}

// GIVEN. EPA's first polytope from GJK's simplex, counter-clockwise: a triangle; or,
// when GJK ended on a segment through the origin (touching, or a flat triangle), its
// two end points — the polytope of two edges p→q and q→p, with opposite normals; a
// single point is first completed to such a segment.
function startPolytope(A, B, simplex) {
  if (simplex.length === 3) {
    const [a, b, c] = simplex;
    const [p, q] = [[a, b], [b, c], [c, a]].reduce((x, y) =>
      length(sub(y[1][0], y[0][0])) > length(sub(x[1][0], x[0][0])) ? y : x);
    const area2 = cross(sub(b[0], a[0]), sub(c[0], a[0]));
    if (Math.abs(area2) > 1e-10 * dot(sub(q[0], p[0]), sub(q[0], p[0]))) {
      return area2 > 0 ? [a, b, c] : [a, c, b];
    }
    simplex = [p, q];
  }
  if (simplex.length === 1) {
    const w = simplex[0][0];
    for (const d of [neg(w), [1, 0], [-1, 0], [0, 1], [0, -1]]) {
      if (d[0] === 0 && d[1] === 0) continue;
      const s = supportOfDifference(A, B, d);
      if (length(sub(s[0], w)) > 1e-12) return [simplex[0], s];
    }
  }
  return simplex.slice();
}

// GIVEN. The pair's size: the larger width of the two shapes (their bounding boxes'
// diagonals). Tolerances are relative to it.
function sizeOf(A, B) {
  const width = (shape) => {
    if (shape.kind === "circle") return 2 * shape.radius;
    const xs = shape.vertices.map((v) => v[0]), ys = shape.vertices.map((v) => v[1]);
    return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  };
  return Math.max(width(A), width(B));
}

// Stage 1: the closest edge.
// >>> stage 1
// The edge from p to q of a counter-clockwise polytope: returns [n, distance], n its
// unit outward normal (the polytope lies on the other side) and distance the distance
// of the edge's line from the origin, along n.
function edgeNormal(p, q) {
  todo(1);
}

// The edge of the polytope (an array of points, counter-clockwise; edge i runs from
// polytope[i] to polytope[(i + 1) % polytope.length]) nearest the origin: returns
// [i, n, distance].
function closestEdge(polytope) {
  todo(1);
}
// <<< stage 1

// Stage 2: expand.
// >>> stage 2
// The point of A − B farthest along the closest edge's normal n: returns [w, a, b],
// as supportOfDifference does.
function expansionPoint(A, B, n) {
  todo(2);
}

// The polytope (an array of support points [w, a, b]) with s put between the two ends
// of edge i; returns the new array.
function expand(polytope, i, s) {
  todo(2);
}
// <<< stage 2

// Stage 3: stop.
// >>> stage 3
// After the support point w along the closest edge (normal n, at distance): when EPA
// stops here, returns [depth, normal] — the normal from A towards B: moving B by
// depth·normal separates the shapes; else null (expand, and go round again). size is
// the pair's size (sizeOf).
function stop(w, n, distance, size) {
  todo(3);
}
// <<< stage 3

// The loop and the trace (given).

const MAX_ROUNDS = 100; // the cap: EPA on a circle may creep along its curve for long
const FEW_ROUNDS = 8; // below stage 3, a few rounds show the expansion at work
const STAGE_PROBES = [
  [1, () => [edgeNormal([1, -1], [1, 1]), closestEdge([[0, -1], [1, 1], [-1, 1]])]],
  [2, (A, B) => [expansionPoint(A, B, [1, 0]), expand([[[1, 0], [1, 0], [0, 0]], [[0, 1], [0, 1], [0, 0]]], 0, [[1, 1], [1, 1], [0, 0]])]],
  [3, () => stop([1, 0], [1, 0], 1, 1)],
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
const entry = (s) => ({ p: s[0], a: s[1], b: s[2] });

// Returns [intersects, depth, normal]; depth and normal are null when A and B are
// apart, or when the run stops at a stage not written yet.
function epa(A, B, stage) {
  const [hit, simplex] = gjk(A, B);
  if (!hit) return [false, null, null];
  let polytope = startPolytope(A, B, simplex);
  emit("start", { polytope: polytope.map(entry) });
  const size = sizeOf(A, B);
  let n, distance;
  for (let round = 0; round < (stage >= 3 ? MAX_ROUNDS : FEW_ROUNDS); round++) {
    let i;
    [i, n, distance] = closestEdge(polytope.map((s) => s[0]));
    const [p, q] = [polytope[i], polytope[(i + 1) % polytope.length]];
    emit("closest_edge", { edge: { normal: n, distance }, from: entry(p), to: entry(q) });
    if (stage < 2) return [true, null, null];
    const s = expansionPoint(A, B, n);
    emit("support", { direction: n, support: entry(s) });
    if (stage >= 3) {
      const found = stop(s[0], n, distance, size);
      if (found !== null) return [true, found[0], found[1]];
    }
    if (polytope.some((t) => same(t[0], s[0]))) {
      // The support point is already a vertex: the edge lies on A − B's boundary.
      // Stopping there is stage 3's; a point is never inserted twice.
      if (stage < 3) return [true, null, null];
      continue;
    }
    polytope = expand(polytope, i, s);
    emit("inserted", { point: entry(s) });
  }
  if (stage < 3) return [true, null, null];
  // The cap: the answer is the last closest edge, a lower bound on the depth.
  emit("done", { outcome: { reason: "iteration_limit" } });
  return [true, distance, n];
}

function main() {
  const text = fs.readFileSync(process.argv[2] || 0, "utf8");
  const pair = JSON.parse(text);
  const [A, B] = [pair.a, pair.b];
  const stage = stagesWritten(A, B);
  if (stage === 0) {
    console.error("nothing to run yet: write stage 1, the closest edge (see examples/your-gjk/README.md)");
    process.exit(1);
  }
  const [intersects, depth, normal] = epa(A, B, stage);
  const result = { trace_version: 1, algorithm: "epa", intersects, stage };
  if (depth !== null) Object.assign(result, { depth, normal });
  emit("result", result);
}

main();
