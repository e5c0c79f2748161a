# 凹图形的步骤：算法运行在起决定作用的凸块对上，讲解要说明这一点。
# concave-separates-whole 用 "|" 分隔列出讲解中“把两个图形分开”的各种说法
# （每一种都替换为 concave-separates）。

concave-part-pair = A 的凸块 { $i } 与 B 的凸块 { $j }
concave-separates = 把 { $pair } 分开
concave-separates-whole = 把两者分开|把它们分开|把两个图形分开
concave-whole-shapes = 其他凸块对可能仍然重叠：沿同一方向，整个图形需要把 B 移动 { $t }（点线虚影：整个 B 移出后）。
concave-other-pairs = 其他凸块对可能仍然重叠。

# 凹图形的每一步讲解开头的那句话。
concave-part-of = { $role } 的凸块 { $part }
concave-intro-deepest = [{ $a } 对 { $b }：凹多边形要逐个凸块检测，这是穿透最深的一对凸块。]
concave-intro-closest = [{ $a } 对 { $b }：凹多边形要逐个凸块检测，这是距离最近的一对凸块。]
concave-intro-first-hit = [{ $a } 对 { $b }：凹多边形要逐个凸块投射，这一对凸块最先相遇，在 t = { $t }。]
concave-intro-undecided = [{ $a } 对 { $b }：凹多边形要逐个凸块投射，这一对凸块在其他任何一对相遇之前就停在未定状态：投射的结果未定。]
