#!/usr/bin/env python3
"""Your own GJK, stage by stage (Python 3, standard library only).

The reading and the writing are done: this program reads a pair of shapes as
`gjk-lab world` prints it, runs GJK through the functions below, and prints every
step in gjk-lab's trace format (docs/trace-format.md). The algorithm is yours to
write, one stage at a time: each TODO below raises Todo(stage) until you replace it.
The program finds how far you have got and says so on its result line
("stage": N), and `gjk-lab check` judges exactly that much:

    gjk-lab world scenes/dyn4j-gjk.ron > pair.json
    python3 examples/your-gjk/your_gjk.py pair.json > mine.jsonl
    gjk-lab check scenes/dyn4j-gjk.ron --algo gjk --trace mine.jsonl

(or pipe: gjk-lab world SCENE | python3 your_gjk.py > mine.jsonl). The stages, what
each one asks, and the mistake each one invites: examples/your-gjk/README.md.

Points and directions are tuples (x, y). A shape is the dict `gjk-lab world`
prints: {"kind": "polygon", "vertices": [[x, y], ...]},
{"kind": "circle", "center": [x, y], "radius": r},
{"kind": "ellipse", "center": [x, y], "axes": [a, b], "rotation": t},
{"kind": "capsule", "a": [x, y], "b": [x, y], "radius": r} (a segment when r is 0) or
{"kind": "rounded_polygon", "vertices": [[x, y], ...], "radius": r}.
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


def triple(a, b, c):
    """The triple product (a × b) × c in the plane: b·(a·c) − a·(b·c)."""
    ac, bc = dot(a, c), dot(b, c)
    return (b[0] * ac - a[0] * bc, b[1] * ac - a[1] * bc)


# Stage 1: the support function.
# >>> stage 1
def support(shape, d):
    """The point of `shape` farthest along the direction d.

    A polygon: its vertex of largest v·d. A circle: its centre + radius·d/|d|.
    A capsule or a rounded polygon is its core grown by its radius: the core's
    farthest point (an end, a vertex) + radius·d/|d|. (An ellipse, if you like: in
    its own frame the farthest point is (a²·dx, b²·dy) / sqrt(a²·dx² + b²·dy²).)
    """
    raise Todo(1)


def support_of_difference(A, B, d):
    """The support point of A − B along d: returns (w, a, b), w = a − b, with a the
    farthest point of A along d and b the farthest point of B along −d."""
    raise Todo(1)
# <<< stage 1


# Stage 2: the first direction and the "passed the origin?" test.
# >>> stage 2
def first_direction(A, B):
    """Any direction that is not zero (from A's centre towards B's, for instance)."""
    raise Todo(2)


def direction_from_point(a):
    """The simplex is the one point a: the direction from it towards the origin."""
    raise Todo(2)


def passed_origin(w, d):
    """Did the support point w reach the origin along d? When it did not, no point of
    A − B lies beyond the origin along d: A and B are apart."""
    raise Todo(2)
# <<< stage 2


# Stage 3: the segment case.
# >>> stage 3
def segment_case(a, b):
    """The simplex is the segment from b to a, a the newest point. Return the next
    direction: perpendicular to the segment, towards the origin."""
    raise Todo(3)
# <<< stage 3


# Stage 4: the triangle case.
# >>> stage 4
def triangle_case(a, b, c):
    """The simplex is the triangle a, b, c, a the newest point. Return (kept, d): the
    points to keep (a list, among a, b, c) and the next direction; or ([a, b, c],
    None) when the origin lies inside the triangle (A and B intersect)."""
    raise Todo(4)
# <<< stage 4


# Stage 5: termination.
# >>> stage 5
def no_progress(simplex, w):
    """True when the new support point w brings nothing new: it is already a point of
    the simplex (a list of points)."""
    raise Todo(5)


def origin_on_simplex(simplex, d):
    """The new direction d is zero, or so small against the simplex it was computed
    from (a list of points, the newest last) that it is only rounding: True when that
    means the origin lies on the simplex (the shapes touch), so there is no direction
    left to search along."""
    raise Todo(5)
# <<< stage 5


# The loop and the trace (given).

MAX_ROUNDS = 32
STAGE_PROBES = [
    (1, lambda A, B: (support(A, (1.0, 0.0)), support_of_difference(A, B, (1.0, 0.0)))),
    (2, lambda A, B: (first_direction(A, B), direction_from_point((1.0, 1.0)), passed_origin((1.0, 0.0), (1.0, 0.0)))),
    (3, lambda A, B: segment_case((1.0, 1.0), (-1.0, 1.0))),
    (4, lambda A, B: triangle_case((0.0, 2.0), (1.0, -1.0), (-1.0, -1.0))),
    (5, lambda A, B: (no_progress([(1.0, 0.0)], (1.0, 0.0)), origin_on_simplex([(1.0, 0.0), (0.0, 1.0)], (1.0, 0.0)))),
]


def stages_written(A, B):
    """How many stages are written: the first stage whose function still raises Todo,
    minus one."""
    for stage, probe in STAGE_PROBES:
        try:
            probe(A, B)
        except Todo:
            return stage - 1
    return 5


def emit(kind, **fields):
    print(json.dumps(dict(kind=kind, **fields)))


def entry(s):
    return {"p": s[0], "a": s[1], "b": s[2]}


def gjk(A, B, stage):
    """Whether A and B intersect (touching counts): True, False, or None when the run
    stops undecided (at a stage not written yet, or after MAX_ROUNDS)."""
    d = first_direction(A, B)
    emit("start", direction=d)
    simplex = []  # support points (w, a, b), the newest last
    for _ in range(MAX_ROUNDS):
        w, a, b = support_of_difference(A, B, d)
        emit("support", direction=d, support={"p": w, "a": a, "b": b})
        if not passed_origin(w, d):
            return False
        if stage >= 5 and no_progress([s[0] for s in simplex], w):
            return True  # the origin lies on the simplex: touching
        simplex.append((w, a, b))
        if len(simplex) == 1:
            d = direction_from_point(w)
        elif len(simplex) == 2:
            if stage < 3:
                return None
            d = segment_case(simplex[1][0], simplex[0][0])
        else:
            if stage < 4:
                return None
            kept, d = triangle_case(simplex[2][0], simplex[1][0], simplex[0][0])
            kept = [tuple(p) for p in kept]
            simplex = [s for s in simplex if tuple(s[0]) in kept]
            if d is None:
                emit("region", simplex=[entry(s) for s in simplex])
                return True  # the origin lies inside the triangle
        if stage >= 5 and origin_on_simplex([s[0] for s in simplex], d):
            emit("region", simplex=[entry(s) for s in simplex])
            return True  # touching
        emit("region", simplex=[entry(s) for s in simplex])
        emit("direction", direction=d)
    return None


def probe_support(A, B):
    """Stage 1 alone: the support point of A − B along eight directions."""
    for k in range(8):
        t = k * math.pi / 4 + 0.3
        d = (math.cos(t), math.sin(t))
        w, a, b = support_of_difference(A, B, d)
        emit("support", direction=d, support={"p": w, "a": a, "b": b})


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    pair = json.loads(text)
    A, B = pair["a"], pair["b"]
    stage = stages_written(A, B)
    if stage == 0:
        sys.exit("nothing to run yet: write stage 1, the support function (see examples/your-gjk/README.md)")
    intersects = None
    if stage == 1:
        probe_support(A, B)
    else:
        intersects = gjk(A, B, stage)
    emit("result", trace_version=1, algorithm="gjk", intersects=intersects, stage=stage)


if __name__ == "__main__":
    main()
