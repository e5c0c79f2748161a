# The lessons' pages, the questions (Predict) and their box, the scene's introduction.
# Terms as docs/glossary.md writes them.

scene-intro = Scene: { $title }
scene-untitled = Scene

lesson-page-heading = { $title } — page { $page } of { $pages }
lesson-drag-d = d (drag)
lesson-drag-p = P (drag)
lesson-region-edge = edge { $edge }
lesson-region-inside = the inside of { $triangle }
lesson-relation-overlap = overlap
lesson-relation-apart = are apart
lesson-no-toi = no time: they do not touch in the step
lesson-previous-page = ◀ Previous page
lesson-next-page = Next page ▶
lesson-page-up = Page Up
lesson-page-down = Page Down
lesson-code-panel = Write it here: the code panel
lesson-show-mine = Show mine.jsonl
lesson-show-mine-hover = Draw the trace your program wrote over gjk-lab's run, and check it
lesson-end = End of the lesson: { $right } of { $total } predictions right. K leaves the lessons.
lesson-now-know = What you now know
lesson-next-lesson = Next lesson: { $title } ▶
lesson-opens-at-one = Opens it at page 1
lesson-last = That was the last lesson.
lesson-open-in-lab = Open in the lab
lesson-open-in-lab-hover = Leaves the lesson: the same scene in the two-shape mode, free to explore (K comes back to the lesson)
lesson-all = All lessons
lesson-list-entry = { $title }  (seen { $seen } pages; { $right } right, { $wrong } wrong)
lesson-welcome = New here? The lessons start from zero —
lesson-start = Start the lessons
lesson-start-hover = K opens and leaves the lessons at any time
lesson-dismiss-hover = Not now, nor on the next starts: the lessons stay in the mode menu and on K
lesson-free-lab = The lesson's scene, free to explore (K: back to the lesson)
lesson-check-browser = To check a stage, open the code panel (Write it here, below), write the stage in JavaScript and press Run on A and B: the page checks your run at once and draws your support points over gjk-lab's.
lesson-check-where-browser = on your computer, in gjk-lab's folder
lesson-check-where-desktop = in the project's folder
lesson-check-show = { " " }Show mine.jsonl (below) draws your run over gjk-lab's, again each time the file changes.
lesson-check = To check a stage on this page's pair, run { $place }: gjk-lab world { $file } --pair { $a },{ $b } | python3 examples/your-gjk/{ $starter }.py > mine.jsonl (or node examples/your-gjk/{ $starter }.js), then gjk-lab check { $file } --pair { $a },{ $b } --algo { $key } --trace mine.jsonl.{ $show }

question-hint = Hint: { $rule }.
question-hint-button = Hint
question-hint-hover = The rule that decides it, not the answer
question-show-me = Show me
question-show-me-hover = Reveal without answering
question-numbers-drawn = Every candidate's number is drawn beside its marker.
question-score = Score: { $right } right, { $wrong } wrong

question-next-support = Predict: where is the next support point? Choose it in A − B (the purple view).
question-kept-feature = Predict: which part of the simplex is nearest the origin and kept? Choose that point or edge in A − B (the purple view).
question-closest-edge = Predict: which polytope edge will EPA expand next? Choose it in A − B (the purple view).
question-separating-axis = Predict: the normal of which edge shows a gap between the two shadows? Choose that edge in the world view (any edge whose normal shows a gap is right).
question-mtv-axis = Predict: the normal of which edge gives the smallest overlap (the MTV)? Choose that edge in the world view.
question-reference-edge = Predict: which edge will be the reference edge? Choose it in the world view.
question-reference-face = Predict: which face will be the reference face? Choose its edge in the world view.
question-centre-region = Predict: in which region of the polygon is the circle's centre: a vertex's, an edge's, or the inside? Choose that vertex, the middle of that edge, or the polygon's middle in the world view.
question-next-swap = Predict: which two neighbouring end points will insertion sort swap next? Choose the gap between them in the end-point list.
question-ray-entry = Predict: where does the ray from the origin first enter A − B? Choose that point on the ray in A − B (the purple view).
question-deepest-point = Predict: at t2, which vertex of the other shape lies deepest against the face (the smallest separation along its normal n)? Choose it in the world view, where the shapes are drawn at t2.
question-safe-step = Predict: to which time will the safe step take t? Choose it on the time line under the world view.
question-sample-hit = Predict: which sample will first find A and B touching? Choose its time on the time line under the world view, or the ring after t = 1 if none will.

rule-next-support = the support point is the point of A − B farthest along the arrow d
rule-kept-feature = GJK keeps the part of the simplex whose Voronoi region holds the origin: the smallest part that holds the simplex's point nearest the origin
rule-closest-edge = EPA expands the polytope edge whose line passes nearest the origin
rule-separating-axis = an axis separates when the two shadows on it have a gap: overlap = min(a1 − b0, b1 − a0) below zero (any such axis is right)
rule-mtv-axis = when every axis overlaps, the MTV is along the axis with the smallest overlap
rule-reference-edge = the reference edge is the edge the other shape reaches past least, along its outward normal: the face of least overlap (parallel faces tie: either is right; the app keeps A's)
rule-reference-face = the reference face is the face of largest separation s = n·(w − v), w the other shape's vertex deepest along −n: the face the other shape reaches behind least (parallel faces tie: either is right; the app keeps A's)
rule-centre-region = the centre's region is the one of the polygon's nearest part to it: a vertex (the centre lies beyond both of its edges' ends), an edge (it lies beside the edge, between its ends), or the inside
rule-next-swap = insertion sort swaps the leftmost two neighbours that are out of order (the left end point larger than the right)
rule-ray-entry = the ray is inside A − B once it has crossed the line of every edge that faces it, so it enters at the last of those crossings: the largest λ
rule-deepest-point = the deepest vertex is the one farthest against the face's normal n at t2: the smallest separation n·(b − a) from the face, the support point against n
rule-safe-step = the gap d − s cannot close faster than μ = (v_A − v_B)·n + |ω_A|·R_A + |ω_B|·R_B (the closing speed along n, plus what the turns can add), so t moves on by Δt = (d − s)/μ
rule-sample-hit = a sampled check sees a hit at the first sample where A and B are within the target (a gap of at most 0; below 0 they overlap); when every sample finds them apart it sees none, even if they meet between two samples
