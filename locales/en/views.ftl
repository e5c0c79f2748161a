# The views' titles and the words drawn in them (symbols such as d, w, n, O stay as
# they are). The views' built-in font has no "−": "A - B" is written with a hyphen.

view-world = World
view-minkowski = A - B (Minkowski difference)
view-minkowski-parts = A - B (part { $i } of A, part { $j } of B)
view-gjk-lab-here = gjk-lab here
view-gjk-lab-here-parting = gjk-lab here: the runs part
view-yours = yours { $k }
view-your-line = your line { $line }: { $rule }
view-separating-line = separating line
view-overlap = overlap
view-distance = distance { $d }
view-depth = depth { $d }
view-b-moved-out = B moved out
view-whole-b-moved-out = whole B moved out
view-core = core
view-new = new
view-dropped = dropped
view-bound-line = bound line
view-edge-of-difference = edge of A - B
view-origin-inside = origin inside
view-side-plane = side plane { $plane }
view-cut = cut
view-normal-from = n ({ $source }), depth { $d }
view-w-line = w's line
view-edge-line = edge's line
view-difference-at = A - B at t = { $t }
view-no-sample = none
view-gap = gap

# The many-shapes view.
view-many = World: broad phase
view-many-paused = World: broad phase (paused)
view-many-stepped = World: broad phase, sweep stepped
view-many-held = { $name } (box { $i })
view-many-pair = pair
view-many-no-pair = no pair
view-sweep-line = sweep line
view-many-axis-one-strip = end points along { $axis } (one strip): min up, max down
view-many-axis-strip = end points along { $axis }, strip { $strip } of strips 0 to { $last }: min up, max down
view-many-list = end-point list (in order):
view-part = part { $k }
view-slider-t = slider: t = { $t }
