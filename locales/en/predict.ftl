# The replies to the Predict questions: right or wrong, with the learner's number beside
# the answer's, and the candidates' names. The numbers and points come written
# ("0.50", "(1.00, −2.00)"); the rules are lessons.ftl's rule-* messages.

verdict-right = Right! { $why }
verdict-wrong = Not this one. Yours, { $why }
verdict-answered-before = { " " }(This page's question was answered before: the score keeps that first answer.)

# Why: "mine" is the chosen candidate with its number.
verdict-why-right = { $mine } — right: { $rule }
verdict-why-wrong = { $mine }; { $answers } — { $rule }
verdict-why = { $mine } — { $rule }
verdict-says = { $label }: { $quantity }
verdict-answer = the answer, { $says }
verdict-answers-below-zero = the answers, every one below zero: { $named }
verdict-list-separator = { "; " }
verdict-group = { $whose } with normal ±{ $normal }: { $quantity }
verdict-owners-edges = { $owner }'s { $count } edges
verdict-edges-of = { $count } edges of { $owners }
verdict-owners-and = { " and " }

# A candidate's number in words, by the question's kind.
verdict-quantity-next-support = reaches { $n } along d
verdict-quantity-kept-feature = the origin is { $n } from its region
verdict-quantity-closest-edge = its line passes the origin at { $n }
verdict-quantity-separating-axis = overlap { $n }
verdict-quantity-mtv-axis = overlap { $n }
verdict-quantity-reference-edge = the other shape reaches past it by { $n }
verdict-quantity-reference-face = s = { $n }
verdict-quantity-centre-region = the centre is { $n } from its region
verdict-quantity-next-swap = right minus left { $n }
verdict-quantity-ray-entry = the ray crosses that edge's line { $n } from the origin
verdict-quantity-deepest-point = its separation from the face along n is { $n }
verdict-quantity-safe-step = Δt = { $n }
verdict-quantity-sample-hit = gap { $n }

# A candidate's name.
verdict-part-point = { $symbol } = { $at }
verdict-part-simplex-point = point { $name }
verdict-part-simplex-edge = edge { $names }
verdict-part-inside = the inside of { $names }
verdict-part-vertex = vertex { $k }
verdict-part-segment = the edge { $ends }
verdict-part-edge-with-normal = { $owner }'s edge with normal { $normal }
verdict-part-face-with-normal = { $owner }'s face with normal { $normal }
verdict-part-owners-vertex = { $owner }'s vertex { $at }
verdict-part-owners-edge = { $owner }'s edge { $ends }
verdict-part-neighbours = { $left } and { $right }
verdict-part-time = t = { $t }
verdict-part-sample = sample { $index } at t = { $t }
verdict-part-no-sample = no sample (every gap above 0; the smallest)

# A shape in the role of A or B when its own name differs ("C (as B)").
names-with-role = { $name } (as { $role })
