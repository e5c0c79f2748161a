# The two-shape mode's own part of the Explain tab: the time slider, the learner's
# trace, a seed's version beside gjk-lab's run, SAT and pseudo-EPA beside EPA.

pair-roles = In the steps, { $parts }.
pair-role-is = { $role } is { $name }
pair-roles-and = { " and " }
pair-time = Time t
pair-time-how-touch = Drag the ring at a shape's dashed end pose to set where it goes over the step, the ring on its arm to set its turn.
pair-time-how = Drag the ring at a shape's dashed end pose (t = 1) to set where it goes over the step, the ring on its arm to set its turn.
pair-trace-agrees = Your trace agrees
pair-trace-diverges-ringed = Your trace diverges (the step's points are ringed in A - B)
pair-trace-diverges = Your trace diverges
pair-trace = Your trace

pair-seed-beside = { $run } beside gjk-lab's run
pair-seed-first-difference-here = Step { $k }: the first step where they differ.
pair-seed-go-to-difference = They first differ at step { $k }. Go there
pair-seed-agree-everywhere = They agree at every step on this pair.
pair-seed-ours-at = gjk-lab at step { $step }: { $title }. { $narration }
pair-seed-ours-ended = gjk-lab's run ended at step { $step }.
pair-seed-answers-differ = Their answers differ.
pair-use-instead = Use { $algorithm } instead ({ $key })

pair-pseudo-vs-epa = Pseudo-EPA vs EPA on this pair
pair-answer-depth-normal = { $name }: depth { $depth }, n { $normal }
pair-answer-no-depth = { $name }: no depth
pair-answer-edge = edge { $from } to { $to }
pair-they-agree = They agree.
pair-pseudo-disagrees = They disagree: pseudo-EPA stopped on an edge that is only locally nearest.

pair-sat-vs-epa = SAT vs EPA on this pair
pair-depth-normal = depth { $depth }, n { $normal }
pair-depth = depth { $depth }
pair-separated-gap = separated (gap { $gap } on one axis)
pair-separated-distance = separated (distance { $distance })
pair-does-not-apply = does not apply
pair-agree-apart = They agree: both say apart.
pair-agree-within = They agree (depths within { $tolerance }, normals within 1e-6).
pair-tie-hidden = Same depth; the normals differ only past the digits shown: two nearly parallel faces are equally near (a tie), and each picked one.
pair-tie = Same depth, different normal: two ways out are equally short (a tie), and each picked one.
pair-they-disagree = They disagree.
pair-sat-not-applicable = SAT does not apply to this pair; GJK + EPA does.
