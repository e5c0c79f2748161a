# “预测”问题的回答：对或错，你的数字和答案的数字并列，以及候选的名称。
# 数字和点已经写好（"0.50"、"(1.00, −2.00)"）；规则是 lessons.ftl 的 rule-* 消息。

verdict-right = 正确！{ $why }
verdict-wrong = 不是这个。你选的是 { $why }
verdict-answered-before = （本页的问题之前已经回答过：得分保留第一次的回答。）

# 原因："mine" 是所选的候选及其数字。
verdict-why-right = { $mine } — 正确：{ $rule }
verdict-why-wrong = { $mine }；{ $answers } — { $rule }
verdict-why = { $mine } — { $rule }
verdict-says = { $label }：{ $quantity }
verdict-answer = 答案是 { $says }
verdict-answers-below-zero = 答案（凡是小于零的都对）：{ $named }
verdict-list-separator = ；
verdict-group = 法线为 ±{ $normal } 的 { $whose }：{ $quantity }
verdict-owners-edges = { $owner } 的 { $count } 条边
verdict-edges-of = { $owners } 的 { $count } 条边
verdict-owners-and = { " 和 " }

# 按问题的种类，用文字说出候选的数字。
verdict-quantity-next-support = 沿 d 方向到达 { $n }
verdict-quantity-kept-feature = 原点到它的 Voronoi 区域的距离为 { $n }
verdict-quantity-closest-edge = 它所在的直线到原点的距离为 { $n }
verdict-quantity-separating-axis = 重叠量 { $n }
verdict-quantity-mtv-axis = 重叠量 { $n }
verdict-quantity-reference-edge = 另一个图形越过它 { $n }
verdict-quantity-reference-face = s = { $n }
verdict-quantity-centre-region = 圆心到它的区域的距离为 { $n }
verdict-quantity-next-swap = 右减左为 { $n }
verdict-quantity-ray-entry = 射线在距原点 { $n } 处穿过这条边所在的直线
verdict-quantity-deepest-point = 它沿 n 到该面的间距为 { $n }
verdict-quantity-safe-step = Δt = { $n }
verdict-quantity-sample-hit = 间隙 { $n }

# 候选的名称。
verdict-part-point = { $symbol } = { $at }
verdict-part-simplex-point = 点 { $name }
verdict-part-simplex-edge = 边 { $names }
verdict-part-inside = { $names } 的内部
verdict-part-vertex = 顶点 { $k }
verdict-part-segment = 边 { $ends }
verdict-part-edge-with-normal = { $owner } 的边（法线 { $normal }）
verdict-part-face-with-normal = { $owner } 的面（法线 { $normal }）
verdict-part-owners-vertex = { $owner } 的顶点 { $at }
verdict-part-owners-edge = { $owner } 的边 { $ends }
verdict-part-neighbours = { $left } 和 { $right }
verdict-part-time = t = { $t }
verdict-part-sample = 采样 { $index }（t = { $t }）
verdict-part-no-sample = 没有采样命中（每个间隙都大于 0；取最小的）

# 图形的名字和它担任的角色不同时（“C（作为 B）”）。
names-with-role = { $name }（作为 { $role }）
