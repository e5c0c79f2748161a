# A seed's version (or the learner's settings) beside gjk-lab's run: the first step's
# and the differing step's sentences, how the run ended, and each version's bug.
# Numbers in a bug's sentence stay the same in both languages, in the same order.

pair-two-shapes-needed = Two shapes needed
pair-two-shapes-needed-why = This scene needs at least two shapes: one for A and one for B.

seed-label = the seed's version ({ $title })
seed-label-with = the seed's version ({ $title }) with { $settings }
seed-label-settings = your settings ({ $settings })
seed-intro = The seed's version ({ $title }): { $bug }. { $narration }
seed-intro-settings = This run uses your settings ({ $settings }), not gjk-lab's. { $narration }
seed-run = the seed's version
seed-run-settings = the run with your settings
seed-there-shown = gjk-lab's step { $k } is shown below the pseudo-code, for comparison.
seed-there-ended = gjk-lab's run has already ended here.
seed-first-difference = Here { $run } first differs from gjk-lab's run: { $there } { $narration }
seed-ended-cap = With your settings the run ended as iteration_limit: it reached the cap of { $cap } support points before it could decide.
seed-ended-as = With your settings the run ended as { $outcome } after { $steps } steps.
seed-ended-after = With your settings the run ended after { $steps } steps.
seed-intersecting = intersecting
seed-apart = apart
seed-wrong-side = { " " }That is the wrong side: it calls A and B { $side }, and gjk-lab's own settings find them { $truly }.
seed-numbers-differ = { " " }It calls A and B { $side } as gjk-lab's own settings do, but its numbers differ (the panel shows both).
seed-same-answer = { " " }Its answer is gjk-lab's: A and B { $side }.
# $key: depth or distance.
seed-not-a-number = { " " }Its { $key } is not a number (NaN or infinite).

variant-bug-ellipse-angle-support = the ellipse's support is taken as the boundary point at the angle of d, (a cos φ, b sin φ), which is the support point only when a = b; GJK then calls a separated pair overlapping or an overlapping pair separated
variant-bug-no-progress-test = the loop has no test that the new support point gets closer and no touch tolerance, so with the origin on an edge of A − B it adds the same support point again and again (stopped here by the iteration cap)
variant-bug-foot-normals = edge normals come from the origin's foot on the edge, the perpendicular only when that foot is below float.Epsilon (1.4e-45); when GJK ends on a segment through the origin, rounding leaves a tiny foot, both edges get the same normal, the polytope grows on one side only and crosses itself
variant-bug-loose-tolerance = pseudo-EPA stops when the new support point advances no more than 0.2 past the edge, an absolute tolerance: on shapes of size 1 it stops on an edge far from the boundary, with a depth and normal that are wrong
variant-bug-obb-touching-separated = the OBB test returns 'separated' when an axis's overlap is ≤ 0, so two boxes that touch are called apart
variant-bug-mtv-towards-centre = the MTV's axis is turned to point from A's vertex average to B's, not to the side the overlap was measured on; when one shape contains the other that turns it the wrong way, and moving B by it does not separate them
variant-bug-epa-float32 = EPA stops at ε = 1e-3 (absolute), gives up after 32 iterations (returning a zero vector there) and computes support points in float from world coordinates: far from the origin the rounding of the coordinates exceeds the overlap

# The settings that differ from gjk-lab's, as `Settings::describe` words them:
# "touch tolerance 0, at most 5 support points".
settings-touch = touch tolerance { $value }
settings-convergence = convergence tolerance { $value }
settings-cap = at most { $cap } support points
settings-f32 = values stored in f32
# Between two of them (a comma and a space).
settings-next = { $list }, { $item }
