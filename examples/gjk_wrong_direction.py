#!/usr/bin/env python3
"""examples/gjk_reference.py with one classic bug: in the segment case the triple
product's factors are in the wrong order, so the search direction points away from
the origin. `gjk-lab check` finds the step where it goes wrong:

    python3 examples/gjk_wrong_direction.py > buggy.jsonl
    gjk-lab check scenes/dyn4j-gjk.ron --algo gjk --trace buggy.jsonl

It writes gjk-lab's trace format, version 1 (docs/trace-format.md). Standard library
only.

The shapes are those of scenes/dyn4j-gjk.ron (dyn4j's GJK post, in world
coordinates); give a JSON scene of polygons to use its shapes 0 and 1 instead:

    python3 examples/gjk_wrong_direction.py scenes/far-away.json

Everything else is the reference's textbook loop.
"""

import json
import math
import sys

A = [(4.0, 11.0), (4.0, 5.0), (9.0, 9.0)]
B = [(5.0, 7.0), (7.0, 3.0), (10.0, 2.0), (12.0, 7.0)]


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def sub(u, v):
    return (u[0] - v[0], u[1] - v[1])


def neg(u):
    return (-u[0], -u[1])


def triple(a, b, c):
    """(a × b) × c in the plane: b·(a·c) − a·(b·c)."""
    ac, bc = dot(a, c), dot(b, c)
    return (b[0] * ac - a[0] * bc, b[1] * ac - a[1] * bc)


def support(shape, d):
    """The vertex of the polygon farthest along d."""
    return max(shape, key=lambda v: dot(v, d))


def centre(shape):
    return (sum(v[0] for v in shape) / len(shape), sum(v[1] for v in shape) / len(shape))


def emit(kind, **fields):
    print(json.dumps(dict(kind=kind, **fields)))


def point(s):
    return {"p": s[0], "a": s[1], "b": s[2]}


def gjk(a_shape, b_shape):
    """Returns whether the polygons intersect (touching counts), writing each step."""
    d = sub(centre(b_shape), centre(a_shape))  # from A's centre towards B's
    if d == (0.0, 0.0):
        d = (1.0, 0.0)
    emit("start", direction=d)
    simplex = []  # support points (p, a, b), the newest last
    for _ in range(64):
        a = support(a_shape, d)
        b = support(b_shape, neg(d))
        w = sub(a, b)
        emit("support", direction=d, support={"p": w, "a": a, "b": b})
        if dot(w, d) < 0:
            return False  # d separates A and B
        if any(s[0] == w for s in simplex):
            return True  # no progress: the origin is on the simplex (touching)
        simplex.append((w, a, b))
        if len(simplex) == 1:
            d = neg(w)
        elif len(simplex) == 2:
            bb, aa = simplex[0][0], simplex[1][0]
            ab, ao = sub(bb, aa), neg(aa)
            d = triple(ao, ab, ab)  # THE BUG: should be triple(ab, ao, ab)
        else:
            cc, bb, aa = simplex[0][0], simplex[1][0], simplex[2][0]
            ab, ac, ao = sub(bb, aa), sub(cc, aa), neg(aa)
            ab_perp = triple(ac, ab, ab)
            ac_perp = triple(ab, ac, ac)
            if dot(ab_perp, ao) > 0:
                del simplex[0]  # the origin is beyond AB: drop C
                d = ab_perp
            elif dot(ac_perp, ao) > 0:
                del simplex[1]  # beyond AC: drop B
                d = ac_perp
            else:
                emit("region", simplex=[point(s) for s in simplex])
                return True  # the triangle holds the origin
        emit("region", simplex=[point(s) for s in simplex])
        if d == (0.0, 0.0):
            return True  # the origin lies on the segment: touching
        emit("direction", direction=d)
    return True


def load_scene(path):
    """Shapes 0 and 1 of a JSON scene of polygons, in world coordinates."""
    with open(path) as f:
        scene = json.load(f)
    shapes = []
    for s in scene["shapes"][:2]:
        (x, y), t = s["position"], s.get("rotation", 0.0)
        c, sn = math.cos(t), math.sin(t)
        shapes.append([(x + c * u - sn * v, y + sn * u + c * v) for u, v in s["shape"]["Polygon"]["vertices"]])
    return shapes


if __name__ == "__main__":
    a_shape, b_shape = load_scene(sys.argv[1]) if len(sys.argv) > 1 else (A, B)
    intersects = gjk(a_shape, b_shape)
    emit("result", trace_version=1, algorithm="gjk", intersects=intersects)
