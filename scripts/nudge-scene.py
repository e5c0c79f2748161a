#!/usr/bin/env python3
"""Moves the first shape of a scene file 1 to the right, editing the file on disk as
a person would in an editor (the window must notice and reload it). Used by the
window test (scripts/e2e.sh) and the idle measurement (scripts/idle-cost.sh).

    python3 scripts/nudge-scene.py SCENE.ron
"""
import re
import sys

path = sys.argv[1]
text = open(path).read()
m = re.search(r"position: \((-?[0-9.]+)", text)
open(path, "w").write(text[: m.start(1)] + str(float(m.group(1)) + 1.0) + text[m.end(1):])
