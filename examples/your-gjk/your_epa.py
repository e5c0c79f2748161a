#!/usr/bin/env python3
"""Your own EPA, stage by stage (Python 3, standard library only).

EPA, the Expanding Polytope Algorithm, measures how deep two overlapping shapes are
and which way to push them apart. It starts where GJK ends: GJK's last simplex holds
the origin inside A − B. The reading, the writing and that GJK are done (GIVEN code,
marked so below: the GJK you wrote in your_gjk.py, complete); EPA is yours to write,
one stage at a time: each TODO below raises Todo(stage) until you replace it. The
program finds how far you have got and says so on its result line ("stage": N), and
`gjk-lab check` judges exactly that much:

    gjk-lab world scenes/dyn4j-epa.ron > pair.json
    python3 examples/your-gjk/your_epa.py pair.json > mine.jsonl
    gjk-lab check scenes/dyn4j-epa.ron --algo epa --trace mine.jsonl

(or pipe: gjk-lab world SCENE | python3 your_epa.py > mine.jsonl). The stages, what
each one asks, and the mistake each one invites: examples/your-gjk/README.md.

Points and directions are tuples (x, y). A shape is the dict `gjk-lab world`
prints: {"kind": "polygon", "vertices": [[x, y], ...]} or
{"kind": "circle", "center": [x, y], "radius": r}. Ellipses are out of scope here:
their A − B has no corners, and EPA's polytope creeps along the curve for many rounds
(gjk-lab turns its normal with Newton's method at the end instead); the program says
so and stops.
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


def cross(u, v):
    """The cross product's z: u × v = ux·vy − uy·vx (> 0: v turns left of u)."""
    return u[0] * v[1] - u[1] * v[0]


def length(u):
    return math.hypot(u[0], u[1])


# GIVEN: the support function and GJK (the stages of your_gjk.py, complete).
def support(shape, d):
    """The point of `shape` farthest along d (a polygon or a circle)."""
    if shape["kind"] == "polygon":
        return tuple(max(shape["vertices"], key=lambda v: dot(v, d)))
    if shape["kind"] == "circle":
        return add(tuple(shape["center"]), scale(shape["radius"] / length(d), d))
    sys.exit(f"{shape['kind']}s are out of scope for this starter: polygons and circles only")


def support_of_difference(A, B, d):
    """The support point of A − B along d: (w, a, b), w = a − b."""
    a = support(A, d)
    b = support(B, neg(d))
    return sub(a, b), a, b


def centre(shape):
    if shape["kind"] != "polygon":
        return tuple(shape["center"])
    vs = shape["vertices"]
    return (sum(v[0] for v in vs) / len(vs), sum(v[1] for v in vs) / len(vs))


def triple(a, b, c):
    """The triple product (a × b) × c in the plane: b·(a·c) − a·(b·c)."""
    ac, bc = dot(a, c), dot(b, c)
    return (b[0] * ac - a[0] * bc, b[1] * ac - a[1] * bc)


def gjk(A, B):
    """GIVEN. Whether A and B intersect, and GJK's last simplex (support points
    (w, a, b), the newest last): around the origin, or through it when they touch."""
    d = sub(centre(B), centre(A))
    if d == (0.0, 0.0):
        d = (1.0, 0.0)
    simplex = []
    for _ in range(64):
        s = support_of_difference(A, B, d)
        w = s[0]
        if dot(w, d) < 0:
            return False, simplex  # w did not pass the origin: apart
        if any(t[0] == w for t in simplex):
            return True, simplex  # no progress: the origin lies on the simplex
        simplex.append(s)
        if len(simplex) == 1:
            if w == (0.0, 0.0):
                return True, simplex  # the origin is a point of A − B: touching
            d = neg(w)
        elif len(simplex) == 2:
            a, b = simplex[1][0], simplex[0][0]
            ab, ao = sub(b, a), neg(a)
            d = triple(ab, ao, ab)
            if length(d) <= 1e-10 * dot(ab, ab) * length(ao):
                return True, simplex  # the origin lies on the segment: touching
        else:
            a, b, c = simplex[2][0], simplex[1][0], simplex[0][0]
            ab, ac, ao = sub(b, a), sub(c, a), neg(a)
            ab_perp, ac_perp = triple(ac, ab, ab), triple(ab, ac, ac)
            if dot(ab_perp, ao) > 0:
                simplex, d = [simplex[1], simplex[2]], ab_perp
            elif dot(ac_perp, ao) > 0:
                simplex, d = [simplex[0], simplex[2]], ac_perp
            else:
                return True, simplex  # the origin lies inside the triangle
    return True, simplex


def start_polytope(A, B, simplex):
    """GIVEN. EPA's first polytope from GJK's simplex, counter-clockwise: a triangle;
    or, when GJK ended on a segment through the origin (touching, or a flat triangle),
    its two end points — the polytope of two edges p→q and q→p, with opposite
    normals; a single point is first completed to such a segment."""
    if len(simplex) == 3:
        a, b, c = simplex
        p, q = max([(a, b), (b, c), (c, a)], key=lambda e: length(sub(e[1][0], e[0][0])))
        area2 = cross(sub(b[0], a[0]), sub(c[0], a[0]))
        if abs(area2) > 1e-10 * dot(sub(q[0], p[0]), sub(q[0], p[0])):
            return [a, b, c] if area2 > 0 else [a, c, b]
        simplex = [p, q]
    if len(simplex) == 1:
        w = simplex[0][0]
        for d in [neg(w), (1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)]:
            if d != (0.0, 0.0):
                s = support_of_difference(A, B, d)
                if length(sub(s[0], w)) > 1e-12:
                    return [simplex[0], s]
    return list(simplex)


def size_of(A, B):
    """GIVEN. The pair's size: the larger width of the two shapes (their bounding
    boxes' diagonals). Tolerances are relative to it."""
    def width(shape):
        if shape["kind"] == "circle":
            return 2 * shape["radius"]
        xs = [v[0] for v in shape["vertices"]]
        ys = [v[1] for v in shape["vertices"]]
        return math.hypot(max(xs) - min(xs), max(ys) - min(ys))
    return max(width(A), width(B))


# Stage 1: the closest edge.
# >>> stage 1
def edge_normal(p, q):
    """The edge from p to q of a counter-clockwise polytope: returns (n, distance),
    n its unit outward normal (the polytope lies on the other side) and distance the
    distance of the edge's line from the origin, along n."""
    raise Todo(1)


def closest_edge(polytope):
    """The edge of the polytope (a list of points, counter-clockwise; edge i runs from
    polytope[i] to polytope[(i + 1) % len(polytope)]) nearest the origin: returns
    (i, n, distance)."""
    raise Todo(1)
# <<< stage 1


# Stage 2: expand.
# >>> stage 2
def expansion_point(A, B, n):
    """The point of A − B farthest along the closest edge's normal n: returns
    (w, a, b), as support_of_difference does."""
    raise Todo(2)


def expand(polytope, i, s):
    """The polytope (a list of support points (w, a, b)) with s put between the two
    ends of edge i; returns the new list."""
    raise Todo(2)
# <<< stage 2


# Stage 3: stop.
# >>> stage 3
def stop(w, n, distance, size):
    """After the support point w along the closest edge (normal n, at distance): when
    EPA stops here, returns (depth, normal) — the normal from A towards B: moving B by
    depth·normal separates the shapes; else None (expand, and go round again). size
    is the pair's size (size_of)."""
    raise Todo(3)
# <<< stage 3


# The loop and the trace (given).

MAX_ROUNDS = 100  # the cap: EPA on a circle may creep along its curve for long
FEW_ROUNDS = 8  # below stage 3, a few rounds show the expansion at work
STAGE_PROBES = [
    (1, lambda A, B: (edge_normal((1.0, -1.0), (1.0, 1.0)), closest_edge([(0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]))),
    (2, lambda A, B: (expansion_point(A, B, (1.0, 0.0)), expand([((1.0, 0.0), (1.0, 0.0), (0.0, 0.0)), ((0.0, 1.0), (0.0, 1.0), (0.0, 0.0))], 0, ((1.0, 1.0), (1.0, 1.0), (0.0, 0.0))))),
    (3, lambda A, B: stop((1.0, 0.0), (1.0, 0.0), 1.0, 1.0)),
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


def entry(s):
    return {"p": s[0], "a": s[1], "b": s[2]}


def epa(A, B, stage):
    """Returns (intersects, depth, normal); depth and normal are None when A and B are
    apart, or when the run stops at a stage not written yet."""
    hit, simplex = gjk(A, B)
    if not hit:
        return False, None, None
    polytope = start_polytope(A, B, simplex)
    emit("start", polytope=[entry(s) for s in polytope])
    size = size_of(A, B)
    for _ in range(MAX_ROUNDS if stage >= 3 else FEW_ROUNDS):
        i, n, distance = closest_edge([s[0] for s in polytope])
        p, q = polytope[i], polytope[(i + 1) % len(polytope)]
        emit("closest_edge", edge={"normal": n, "distance": distance}, **{"from": entry(p), "to": entry(q)})
        if stage < 2:
            return True, None, None
        s = expansion_point(A, B, n)
        emit("support", direction=n, support=entry(s))
        if stage >= 3:
            found = stop(s[0], n, distance, size)
            if found is not None:
                return True, found[0], found[1]
        if any(t[0] == s[0] for t in polytope):
            # The support point is already a vertex: the edge lies on A − B's
            # boundary. Stopping there is stage 3's; a point is never inserted twice.
            if stage < 3:
                return True, None, None
            continue
        polytope = expand(polytope, i, s)
        emit("inserted", point=entry(s))
    if stage < 3:
        return True, None, None
    # The cap: the answer is the last closest edge, a lower bound on the depth.
    emit("done", outcome={"reason": "iteration_limit"})
    return True, distance, n


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    pair = json.loads(text)
    A, B = pair["a"], pair["b"]
    stage = stages_written(A, B)
    if stage == 0:
        sys.exit("nothing to run yet: write stage 1, the closest edge (see examples/your-gjk/README.md)")
    intersects, depth, normal = epa(A, B, stage)
    result = dict(trace_version=1, algorithm="epa", intersects=intersects, stage=stage)
    if depth is not None:
        result.update(depth=depth, normal=normal)
    emit("result", **result)


if __name__ == "__main__":
    main()
