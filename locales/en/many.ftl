# The many-shapes mode's Explain tab: the stepped sweep and the profiler.

many-intro = { $shapes } shapes drift and bounce; sweep and prune finds the pairs whose boxes overlap, the narrow phase the pairs that touch. Next ▶ steps the sweep, ⏸ Pause stops the motion.
many-step-heading = { $title } — step { $step } of { $last }, frame { $frame }
many-active-list = Active list: [{ $ids }]
many-so-far = So far: { $swaps } swaps, { $candidates } candidates, { $pairs } pairs
many-profiler = Profiler (per frame)
many-broad-phase = broad phase
many-narrow-phase-row = narrow phase
many-pairs = pairs
many-contacts = contacts
many-swaps = swaps
many-candidates = candidates
many-counts-stepped = Counts: the stepped frame { $frame } (as the narration says). Times: the last running frame (a stepped frame waits for you, so it is not timed).
many-after-jump = This frame follows a jump of { $seconds } s (--advance): its swaps re-sort all that motion at once. Running frames move 1/60 s each; the graph shows only those.
