#!/usr/bin/env python3
"""Your own SAT, stage by stage (Python 3, standard library only).

SAT, the separating axis theorem: two convex shapes are apart exactly when some axis
shows a gap between their shadows; for polygons it is enough to try each edge's
normal. The reading and the writing are done: this program reads a pair of shapes as
`gjk-lab world` prints it, runs SAT through the functions below, and prints every
axis in gjk-lab's trace format (docs/trace-format.md). SAT is yours to write, one
stage at a time: each TODO below raises Todo(stage) until you replace it. The program
finds how far you have got and says so on its result line ("stage": N), and
`gjk-lab check` judges exactly that much:

    gjk-lab world scenes/sat-overlapping.ron > pair.json
    python3 examples/your-gjk/your_sat.py pair.json > mine.jsonl
    gjk-lab check scenes/sat-overlapping.ron --algo sat --trace mine.jsonl

(or pipe: gjk-lab world SCENE | python3 your_sat.py > mine.jsonl). The stages, what
each one asks, and the mistake each one invites: examples/your-gjk/README.md.

Points and directions are tuples (x, y). A shape is the dict `gjk-lab world`
prints: {"kind": "polygon", "vertices": [[x, y], ...]} (counter-clockwise) or
{"kind": "circle", "center": [x, y], "radius": r}. Ellipses are out of scope: no
finite set of axes decides for an ellipse (gjk-lab's SAT answers null for one); the
program says so and stops.
"""

import json
import math
import sys


class Todo(Exception):
    """A stage not written yet."""

    def __init__(self, stage):
        super().__init__(f"stage {stage} is not written yet")
        self.stage = stage


# Vector helpers (given).
def add(u, v):
    return (u[0] + v[0], u[1] + v[1])


def sub(u, v):
    return (u[0] - v[0], u[1] - v[1])


def neg(u):
    return (-u[0], -u[1])


def scale(k, u):
    return (k * u[0], k * u[1])


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def length(u):
    return math.hypot(u[0], u[1])


# Stage 1: the axes.
# >>> stage 1
def axes(A, B):
    """The axes to try, a list of unit vectors: the outward normal of every edge of A
    and of B (a polygon's vertices run counter-clockwise: the edge e = q − p has the
    outward normal (e.y, −e.x)); with a circle, the axis from its centre to the other
    polygon's nearest vertex (two circles: from one centre to the other)."""
    raise Todo(1)
# <<< stage 1


# Stage 2: the shadows.
# >>> stage 2
def shadow(shape, axis):
    """The shape's shadow on the unit axis: (lo, hi), the least and the greatest v·axis
    over the shape's points (a circle: its centre's ± its radius)."""
    raise Todo(2)
# <<< stage 2


# Stage 3: the overlap.
# >>> stage 3
def overlap(sa, sb):
    """How much the shadows sa = (a0, a1) and sb = (b0, b1) overlap; negative: the gap
    between them."""
    raise Todo(3)


def normal_a_to_b(axis, sa, sb):
    """The axis (or its opposite) pointing from A towards B, given the two shadows on
    it: moving B by overlap·normal separates the shapes."""
    raise Todo(3)
# <<< stage 3


# The loop and the trace (given).

STAGE_PROBES = [
    (1, lambda A, B: axes(A, B)),
    (2, lambda A, B: shadow(A, (1.0, 0.0))),
    (3, lambda A, B: (overlap((0.0, 2.0), (1.0, 3.0)), normal_a_to_b((1.0, 0.0), (0.0, 2.0), (1.0, 3.0)))),
]


def stages_written(A, B):
    """How many stages are written: the first stage whose function still raises Todo,
    minus one."""
    for stage, probe in STAGE_PROBES:
        try:
            probe(A, B)
        except Todo:
            return stage - 1
    return 3


def emit(kind, **fields):
    print(json.dumps(dict(kind=kind, **fields)))


def sat(A, B, stage):
    """Returns (intersects, depth, normal); intersects is None below stage 3 (every
    axis is listed, nothing decided), depth and normal None when A and B are apart."""
    best = None  # (overlap, axis, sa, sb) of the least overlap so far
    for axis in axes(A, B):
        if stage < 2:
            emit("axis", axis=axis)
            continue
        sa, sb = shadow(A, axis), shadow(B, axis)
        if stage < 3:
            emit("axis", axis=axis, projection_a=sa, projection_b=sb)
            continue
        o = overlap(sa, sb)
        emit("axis", axis=axis, overlap=o, projection_a=sa, projection_b=sb)
        if o < 0:
            return False, None, None  # a gap: this axis separates A and B
        if best is None or o < best[0]:
            best = (o, axis, sa, sb)
    if stage < 3:
        return None, None, None
    o, axis, sa, sb = best
    return True, o, normal_a_to_b(axis, sa, sb)


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    pair = json.loads(text)
    A, B = pair["a"], pair["b"]
    for shape in (A, B):
        if shape["kind"] not in ("polygon", "circle"):
            sys.exit(f"{shape['kind']}s are out of scope for this starter: polygons and circles only")
    stage = stages_written(A, B)
    if stage == 0:
        sys.exit("nothing to run yet: write stage 1, the axes (see examples/your-gjk/README.md)")
    intersects, depth, normal = sat(A, B, stage)
    result = dict(trace_version=1, algorithm="sat", intersects=intersects, stage=stage)
    if depth is not None:
        result.update(depth=depth, normal=normal)
    emit("result", **result)


if __name__ == "__main__":
    main()
