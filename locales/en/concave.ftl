# A concave shape's step: the algorithm ran on its decisive part pair, and the
# narration says so. concave-separates-whole lists, between "|", the ways the
# narration says "separates the shapes" (each is replaced by concave-separates).

concave-part-pair = part { $i } of A from part { $j } of B
concave-separates = separates { $pair }
concave-separates-whole = separates the shapes|separates them
concave-whole-shapes = { " " }Other part pairs may still overlap: along the same direction the whole shapes need B moved by { $t } (dotted ghost: whole B moved out).
concave-other-pairs = { " " }Other part pairs may still overlap.

# The sentence that opens every step's narration on a concave pair.
concave-part-of = part { $part } of { $role }
concave-intro-deepest = [{ $a } against { $b }: a concave polygon is checked part by part, and this is the deepest part pair.]
concave-intro-closest = [{ $a } against { $b }: a concave polygon is checked part by part, and this is the closest part pair.]
concave-intro-first-hit = [{ $a } against { $b }: a concave polygon is cast part by part, and this part pair is the first to meet, at t = { $t }.]
concave-intro-undecided = [{ $a } against { $b }: a concave polygon is cast part by part, and this part pair stops undecided before any other pair meets: the cast is undecided.]
