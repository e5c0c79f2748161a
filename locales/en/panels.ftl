# The panels' frame (src/app/panels.rs, src/app/compact.rs): menus, toggles, the
# Help tab. Terms as docs/glossary.md writes them.

## The mode menu (the core's Mode::ALL keeps its English for the command line).
mode-pair = Two shapes (narrow phase)
mode-pair-short = Two shapes
mode-many = Many shapes (broad phase)
mode-many-short = Many shapes
mode-lessons = Lessons (learn from zero)
mode-lessons-short = Lessons
mode-hover = M: pair / many shapes; K: lessons

## The layout menu.
layout-side-by-side = Side by side
layout-world = World only
layout-minkowski = A − B only

## The play button.
play = ▶ Play
pause = ⏸ Pause
run = ▶ Run
resume = ▶ Resume

## The algorithm menu (the core's titles stay English on the command line).
algorithm-gjk = GJK (intersection)
algorithm-distance = GJK distance
algorithm-epa = EPA (penetration)
algorithm-pseudo-epa = Pseudo-EPA (two-point EPA)
algorithm-sat = SAT (separating axes)
algorithm-sat-obb = SAT, OBB fast path
algorithm-clip = Contact points (clipping)
algorithm-circle-polygon = Circle vs polygon (closed form)
algorithm-face-separation = Face separation (Box2D)
algorithm-box-box = Box vs box (four axes)
algorithm-ellipse-polygon = Ellipse vs polygon (squash, climb)
algorithm-polygon-distance = Polygon distance (feature walk)
algorithm-discrete = Discrete check (t = 0 and t = 1)
algorithm-sub-stepping = Sub-stepping (N samples)
algorithm-shape-cast = Shape cast (GJK-raycast)
algorithm-sat-cast = SAT cast (gaps in time)
algorithm-conservative-advancement = Conservative advancement
algorithm-time-of-impact = Time of impact (Box2D)

## The version menu: gjk-lab's run or a seed's.
version-own = gjk-lab's version
# $title: one of the variant-… titles below.
version-seed = the seed's: { $title }
# $algorithm: the algorithm's title; $title: the variant's.
version-seed-of = { $algorithm }, the seed's: { $title }
variant-ellipse-angle-support = ellipse point at the angle of d
variant-no-progress-test = no progress test
variant-foot-normals = normals from the origin's foot
variant-loose-tolerance = tolerance 0.2
variant-obb-touching-separated = touching is separated
variant-mtv-towards-centre = MTV towards B's centre
variant-epa-float32 = ε = 1e-3, 32 iterations, float

## The Predict toggle.
predict = Predict
predict-hover = Before each step you can foresee, click your guess in the picture first.

## The phone's controls (compact.rs).
compact-fit = Fit
compact-hide = Hide
compact-hide-hover = Fold the panel away: more room for the view
compact-show = Show
compact-show-hover = Show the panel
compact-world = World
# The step buttons across a phone's bottom: a fifth of its width each.
compact-back = ◀ Back
compact-next = Next ▶

## The Help tab.
help-touch = Touch
help-touch-drag = One finger: drag a shape, or pan on empty space; a tap on a shape makes it A.
help-touch-pinch = Two fingers: pinch to zoom the view under them, move together to pan.
help-touch-turn = Hold a finger still on a shape for half a second, then move it round the shape: it turns.
help-touch-swipe = Swipe the panel's text to scroll it; the question and its reply stay above.
help-touch-phone = On a phone, World | A − B (top) switch the view; the buttons at the bottom step; Hide folds the panel away.
help-touch-question = A question: tap one of the rings in the picture.

help-mouse-world = Mouse (world view)
help-mouse-drag = Drag a shape: move it.
help-mouse-vertex = Drag a polygon vertex (a ring shows): reshape; a concave result is split into convex parts again, a self-crossing one is rejected and outlined in red.
help-mouse-wheel-shape = Wheel over a shape: rotate it (5° a notch, Shift: 1°).
help-mouse-wheel = Wheel elsewhere, or Ctrl+wheel: zoom about the mouse.
help-mouse-click = Left click a shape: make it A. Right click: make it B.
help-mouse-pan = Drag empty space: pan.
help-mouse-position = The world position under the mouse shows at the view's top right, below its title, while the mouse is over the view; the grid lines are labelled along the edges.

help-mouse-minkowski = Mouse (A − B view)
help-minkowski-hover = Hover a simplex or polytope point: rings show the points a on A and b on B it is the difference of.
help-minkowski-pan = Drag: pan. Wheel: zoom. F fits both views again.
help-minkowski-position = The point of A − B under the mouse shows at the view's top right: compare it with the narrated numbers.

help-keys = Keys
help-keys-touch = With a keyboard
help-key-step = N or Right arrow: next step;  B or Left arrow: back
help-key-ends = Home / End: first / last step
help-key-play = Space: play / pause (speed: slider)
help-key-algorithm = R: restart;  1–9, 0, -, =: algorithm (in menu order)
help-key-views = F: fit views;  L: layout;  M: two shapes / many shapes
help-key-version = V: the algorithm's next version: gjk-lab's, then each seed's (the menu beside the algorithm's)
help-key-reload-browser = F5: reload the page (the address keeps what you see: you come back to it);  Ctrl+S: download the scene
help-key-reload = F5: reload the scene file (in a lesson: the same page);  Ctrl+S: save
help-key-lessons = K: the lessons, where you left them / leave;  Page Up / Page Down: pages
help-key-question = While a question waits: Tab (or 1–9) picks a candidate, Enter answers with it
help-drag-reruns = Dragging at step k re-runs the algorithm and shows step k of the new run.

help-many = Many shapes (broad phase)
help-many-start = Choose "Many shapes" at the top left, press M, or start with --mode many (scenes of more than 40 shapes open in it).
help-many-drift = The shapes drift and bounce in the box; drag one to hold it still.
help-many-colours = Yellow: the broad phase's pairs (boxes overlap); red: contacts (the narrow phase says the shapes intersect).
help-many-pause = Space: pause / resume the motion.
help-many-step = N or Right arrow: stop and step the sweep, end point by end point; at the end of a frame N moves the shapes on and steps the next frame's insertion sort.
help-many-keys = B / Left, Home / End, R: as for the other algorithms. Space: run again.

help-glossary = Glossary
# $lesson, $page: numbers.
help-glossary-taught = (lesson { $lesson }, page { $page })

## The step bar (src/app/pair/mod.rs, src/app/many/mod.rs).
# $step, $last: the step shown and the last one.
step-of = Step { $step } / { $last }
# $step, $last: the sweep's step shown and its last.
sweep-step-of = Sweep { $step } / { $last }
sweep-none = N: step the sweep
