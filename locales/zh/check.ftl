# 轨迹检查的报告（“讲解”页的“载入我的轨迹”）：`gjk-lab check` 打印的英文句子的中文。
# 值由检查器写出：数字、点、代码，两种语言相同。

check-report-agrees = { $file }：与 gjk-lab 的 { $algorithm } 一致{ $stage }：{ $steps } 步，{ $supports } { $unit }；gjk-lab 用了 { $ours } 步；容差每步 { $step_tolerance }，答案 { $answer_tolerance }
check-report-every-stage = ，全部阶段（1 到 { $last }）
check-report-up-to-stage = ，直到阶段 { $k }（{ $title }）
check-report-whole = {""}
check-unit-axis = 条轴
check-unit-axes = 条轴
check-unit-support-point = 个支撑点
check-unit-support-points = 个支撑点
check-report-diverges = { $file }:{ $line }：在第 { $step } 步（{ $kind }）出现分歧：{ $rule }
check-report-yours = 你的：{ $text }
check-report-expected = 应为：{ $text }
check-report-gjk-lab = gjk-lab：{ $text }
check-report-likely-cause = 可能的原因：{ $text }
check-report-fix = 改法：{ $text }
check-report-stage = 阶段：{ $k }，{ $title }
check-report-note = 注意：{ $text }
check-report-next = 接下来：阶段 { $k }，{ $title }：{ $what }
check-not-checked-yet = 尚未检查
check-file-error = { $file }:{ $line }：{ $message }
check-rule-direction = 方向
check-rule-simplex = 单纯形
check-rule-closest-point = 最近点
check-rule-reduction = 化简
check-rule-verdict = 结论
check-rule-distance = 距离
check-rule-closest-points = 两个最近点
check-rule-progress = 进展
check-rule-start = 起点
check-rule-closest-edge = 最近边
check-rule-support-point = 支撑点
check-rule-insertion = 插入
check-rule-depth = 穿透深度
check-rule-normal = 法线
check-rule-axis = 轴
check-rule-shadow = 投影区间
check-rule-axes = 轴的列表
check-ours-step = 它的{ $ordinal } { $kind } 步（第 { $index } 步）：{ $step }
check-ours-no-step = 它没有{ $ordinal } { $kind } 步；它结束时：{ $result }
check-ours-ended = 它结束时：{ $result }
check-ours-matched = { $text }（到这里为止，gjk-lab 的运行与你的一致）
check-ours-other-steps = { $text }（在这之前，gjk-lab 的运行走了别的步骤）
check-ordinal-st = 第 { $k } 个
check-ordinal-nd = 第 { $k } 个
check-ordinal-rd = 第 { $k } 个
check-ordinal-th = 第 { $k } 个
check-none = 无
check-plain = { $text }
check-join = { $first }，{ $rest }
check-step-polytope = 多面体 { $points }
check-step-start = 第一个方向 { $d }
check-step-support = 支撑点 w = { $w }（a = { $a }，b = { $b }），沿 d = { $d }
check-step-added = 单纯形 { $points }
check-kept = 保留 { $points }
check-step-closest-point = 最近点 v = { $v }，距离 { $distance }
check-step-direction = d = { $d }
check-step-closest-edge = 最近边 { $from }–{ $to }，距离 { $distance }，法线 { $normal }
check-inserted = 插入了 { $p }
check-step-axis = 轴 { $axis }，重叠量 { $overlap }
check-step-done = 结束（{ $reason }）
check-result-intersects = 相交 { $value }
check-result-distance = 距离 { $value }
check-result-depth = 穿透深度 { $value }
check-result-normal = 法线 { $value }
check-verdict-touching = 相交：两个图形接触，而接触也算相交（如果你的库把接触算作分离，请在结果行写上 "touching": "apart"）
check-verdict-intersecting = 相交（接触也算相交）
check-verdict-separated = 分离
check-found-intersecting = 相交
check-beyond-gjk = 在第 { $line } 行，{ $what }：这时该怎么做属于阶段 5（终止），所以检查到此为止
check-beyond-zero-direction = 搜索方向为零（原点在单纯形上：接触）
check-beyond-through-origin = 单纯形经过原点（接触）
check-beyond-repeat = 搜索找到了一个它已经有过的支撑点
check-beyond-epa = 在第 { $line } 行，支撑点已经是多面体的顶点（它的边在 A − B 的边界上）：这时该怎么做属于阶段 3（停止），所以检查到此为止
check-note-unreached = 这次运行在需要阶段 { $k } 的代码之前就给出了答案：这一对图形用不到它，所以也请在另一对图形上检查这个阶段（两个重叠的多边形会用到阶段 3 和 4；接触的图形会用到阶段 5）
check-found-searches-along-announced = 沿 { $d } 搜索
check-expected-announced = 第 { $line } 行宣布的方向 { $d }
check-found-simplex = 单纯形是 { $points }
check-expected-simplex = 之前的单纯形加上新的点：{ $points }
check-found-v = v = { $v }
check-expected-nearest-point = { $simplex } 中离原点最近的点 { $v }
check-found-distance = 距离 { $d }
check-expected-distance-radii = 距离 max(0, |v| − 半径之和) = { $d }
check-expected-distance-v = 距离 max(0, |v|) = { $d }
check-found-repeated-point = 第 { $line } 行的支撑点重复了单纯形中的一个点之后，搜索仍在继续
check-found-cycles = 第 { $line } 行的支撑点又回来了，重建了第 { $earlier } 行时的单纯形，搜索仍在继续：它在循环
check-expected-stop-repeat = 在这里停止：搜索已经有过的支撑点意味着单纯形不可能离原点更近
check-found-no-length = d = { $d } 的长度为零
check-expected-origin-on-simplex = 原点在单纯形 { $simplex } 上：停止（接触）
check-expected-towards-origin = 一个指向原点的方向
check-found-not-perpendicular = d = { $d } 不垂直于经过原点的线段
check-expected-perpendicular = { $p }–{ $q } 的一条垂线
check-found-points-away = d = { $d } 背离原点
check-expected-from-nearest = 从单纯形上最近的点 { $v } 指向原点：沿 { $want }
check-found-degrees-off = d = { $d } 偏了 { $degrees }°
check-expected-feature = { $simplex } 中离原点最近的部分（它离原点 { $distance }，最近处在 { $point }）
check-found-kept-count = 保留了 { $count } 个点
check-found-kept-not-in = 保留了 { $p }，它不在单纯形 { $simplex } 中
check-found-kept-passes = 保留了 { $points }，它离原点 { $distance }
check-found-separated-reaches = 分离（第 { $line } 行的支撑点沿 d 越过原点 { $value }）
check-found-intersecting-simplex = 相交，而单纯形 { $simplex } 离原点 { $distance }
check-expected-distance-within = 距离 { $d }（误差在 { $tolerance } 以内）
check-found-closest-points = A 上的 { $qa }（在它外面 { $off_a }）和 B 上的 { $qb }（在它外面 { $off_b }），相距 { $gap }
check-expected-closest-points = A 上一点和 B 上一点，相距 { $d }
check-found-polytope-no-origin = 多面体 { $polytope } 不包含原点
check-expected-gjk-simplex = GJK 最后的单纯形：包住原点的三角形，或经过原点的线段（两条方向相反的边）
check-found-epa-goes-on = 支撑点 { $w }（第 { $line } 行）已经是多面体的顶点，却还在继续：用你的法线和距离算出 w·n − e.d = { $gap }
check-expected-epa-stop = 停止：这条边在 A − B 的边界上（w·n − e.d 在一个相对于图形尺寸的容差以内）
check-found-not-an-edge = { $from }–{ $to } 不是多面体的边
check-expected-an-edge = 多面体 { $polytope } 的一条边（每个新点插在找到它的那条边的两个点之间）
check-found-edge-no-length = 一条长度为零的边
check-expected-two-points = 两个不同的点之间的一条边
check-found-reversed-edge = 边 { $from }–{ $to }，法线 { $normal }：它的走向与多面体的顺序相反，所以法线指向多面体内部
check-expected-in-order = 多面体 { $polytope } 中按其顺序的一条边（每个新点插在找到它的那条边的两端之间），以及它向外的法线 { $normal }
check-found-normal-inward = 法线 { $normal } 指向多面体内部
check-expected-outward-unit = 向外的单位法向量 { $normal }
check-found-normal = 法线 { $normal }
check-found-normal-length = 法线 { $normal } 的长度为 { $length }
check-expected-edge-outward-unit = 这条边向外的单位法向量 { $normal }
check-expected-edge-distance = 这条边所在直线到原点的距离，n·from = { $d }
check-found-edge-at = 边 { $from }–{ $to }，距离 { $d }
check-expected-nearest-edge = 多面体离原点最近的边 { $p }–{ $q }，距离 { $d }
check-found-searches-along = 沿 { $d } 搜索
check-expected-along-normal = 沿最近边向外的法线 { $normal }
check-expected-just-found = 刚找到的支撑点 { $w }
check-found-depth-stopped = 穿透深度 { $depth }（在第 { $line } 行的支撑点之后停止，它越过它的边 { $gap }）
check-found-depth = 穿透深度 { $depth }
check-expected-depth-within = 穿透深度 { $depth }（误差在 { $tolerance } 以内）
check-expected-unit-normal = 单位法向量
check-found-normal-leaves = 法线 { $normal }：沿它把两个图形移开 { $depth } 后，它们还{ $state } { $by }
check-state-overlapping = 重叠
check-state-apart = 相距
check-expected-normal-way-out = 一条{ $convention }的法线，沿它移开穿透深度 { $depth } 正好分开两个图形（gjk-lab 的：{ $ours }）
check-convention-a-to-b = 从 A 指向 B
check-convention-b-to-a = 从 B 指向 A（按文件的约定）
check-found-axis-length = 轴 { $axis } 的长度为 { $length }
check-expected-unit-axis = 单位长度的轴：沿它的重叠量才是距离
check-found-shadow = { $key } [{ $low }, { $high }]，在轴 { $axis } 上
check-expected-shadow = 投影区间 [{ $low }, { $high }]：整个图形上 v·axis 的最小值和最大值（世界坐标）
check-found-overlap = 重叠量 { $overlap }，在轴 { $axis } 上
check-expected-overlap = 重叠量 min(a₁ − b₀, b₁ − a₀) = min({ $first }, { $second }) = { $overlap }
check-found-axes-missing = { $count } 条轴；{ $what } { $axis } 不在其中
check-expected-every-axis = A 和 B 的每条边的法线（有圆时，还有从圆心指向另一个多边形最近顶点的轴）
check-axis-edge-normal = { $shape } 的边 { $i } 的法线
check-axis-circle = 从圆心指向最近顶点（或圆心）的轴
check-expected-no-answer = 没有答案（null）：SAT 不适用于椭圆（它的轴没有闭式解）
check-found-intersecting-gap = 相交，尽管轴 { $axis }（第 { $line } 行）有 { $gap } 的间隙
check-found-intersecting-untested = 相交，但这条轴从未检验过：{ $what } { $axis }（它的间隙：{ $gap }）
check-found-separated-touching = 用轴 { $axis }（第 { $line } 行）判定分离，但它的重叠量为 0：两个图形接触
check-found-depth-untested = 穿透深度 { $depth }；重叠量最小的那条轴从未检验过：{ $what } { $axis }
check-expected-smallest-overlap = 最小的重叠量 { $depth }（误差在 { $tolerance } 以内）
check-found-direction-no-length = 方向 { $d } 的长度为零
check-expected-nonzero-direction = 一个不为零的搜索方向
check-found-p-not-difference = p = { $p }，但 a − b = { $difference }
check-expected-p-difference = p = a − b：A − B 上的点是它两个来源点之差
check-found-point-outside = { $shape } 的点 { $point } 在 { $shape } 外面 { $by }
check-found-point-short = { $shape } 的点 { $point } 沿 { $along } 达到 { $reach }，比 { $shape } 最远的点差 { $short }
check-expected-farthest = { $shape } 沿 { $along } = { $dir } 最远的点：它达到 { $reach }
check-found-no-vertex-difference = p = { $p } 不是这一对图形的顶点差 aᵢ − bⱼ（最近的一个相距 { $off }）
check-found-outside-difference = p = { $p } 在 A − B 外面 { $off }
check-found-difference-short = p = { $p } 沿 d 达到 { $reach }，比 A − B 最远的点差 { $short }
check-expected-difference-farthest = A − B 沿 d = { $d } 最远的点：它达到 { $reach }
check-expected-vertex-difference-farthest = A − B 沿 d = { $d } 最远的点（一个顶点差）：它达到 { $reach }
check-read-missing-field = 缺少字段 `{ $key }`
check-read-not-number = `{ $key }` 不是数字
check-read-not-boolean = `{ $key }` 不是 true 或 false
check-read-not-vector = `{ $key }` 不是向量 [x, y]
check-read-not-point-list = `{ $key }` 不是点的列表
check-read-not-point = `{ $key }[{ $i }]` 不是点（[x, y] 或 { $form }）
check-read-not-object = `{ $key }` 不是对象
check-read-nan = 有一个数是 NaN 或无穷大（JSON 没有这样的数）
check-read-out-of-range = 有一个数超出范围（无穷大）
check-read-cut-short = 这一行被截断了（JSON 不完整）
check-read-not-json = 不是 JSON：{ $error }
check-read-not-object-line = 不是 JSON 对象
check-read-no-kind = 缺少字段 `kind`（一个字符串）
check-read-not-finite = `{ $path }` 不是有限数
check-read-empty = 文件里既没有步骤，也没有结果行
check-read-ends-with = 轨迹以一行 `{ $kind }` 结束，而不是它的结果行（被截断了？）
check-read-early-result = 最后一行之前出现了结果行
check-read-no-version = 缺少字段 `trace_version`（这个 gjk-lab 读取版本 { $version }）
check-read-version-not-whole = `trace_version` 不是整数（这个 gjk-lab 读取版本 { $version }）
check-read-wrong-version = 轨迹版本 { $found } 不是这个 gjk-lab 能读取的（版本 { $version }）
check-read-bad-normal-convention = `normal_convention` { $value } 既不是 "a_to_b" 也不是 "b_to_a"
check-read-bad-circle-support = `circle_support` { $value } 既不是 "full" 也不是 "core"
check-read-bad-touching = `touching` { $value } 既不是 "intersecting" 也不是 "apart"
check-read-stage-not-staged = `stage` 用于逐个阶段编写的轨迹（examples/your-gjk：gjk、epa 或 sat），不用于 `{ $algorithm }`
check-read-stage-out-of-range = `stage` 不是 { $algorithm } 的阶段（1 到 { $last }）
check-read-not-utf8 = 不是 UTF-8 文本
check-read-support-before-region = 第 { $line } 行支撑点的 region 行之前出现了 support 行（格式要求每次化简之后写出单纯形）
check-read-region-without-support = region 行之前没有支撑点
check-read-edge-before-start = start 行（它的 `polytope`）之前出现了 closest_edge 行
check-read-support-before-edge = 任何 closest_edge 行之前出现了 support 行
check-read-other-algorithm = 一条 `{ $file }` 的轨迹，却按 `{ $algorithm }` 检查
check-read-not-replayed = `{ $algorithm }` 不是 check 能重放的算法（gjk、distance、epa、sat）
check-stage-gjk-1-title = 支撑函数
check-stage-gjk-1-what = support(shape, d)，图形沿 d 最远的点，以及 A − B 的支撑点 s(A, d) − s(B, −d)
check-stage-gjk-2-title = 第一个方向，以及“越过原点了吗？”检测
check-stage-gjk-2-what = 任意一个不为零的第一个方向，第一个点 A 之后的方向 −A，以及 w·d < 0：支撑点没有越过原点，所以两个图形分离
check-stage-gjk-3-title = 线段情形
check-stage-gjk-3-what = 以 A 为线段 AB 的最新点，方向 (AB × AO) × AB：垂直于 AB，指向原点（三重积）
check-stage-gjk-4-title = 三角形情形
check-stage-gjk-4-what = 以 A 为三角形 ABC 的最新点：在 AB 之外（AB⊥·AO > 0）保留 A 和 B，在 AC 之外保留 A 和 C，否则原点在内部：相交（Voronoi 区域）
check-stage-gjk-5-title = 终止
check-stage-gjk-5-what = 原点在单纯形上（方向为 0：接触）时停止，支撑点已经在单纯形中（没有进展）时停止，否则在接触的图形上搜索会永远循环
check-stage-epa-1-title = 最近边
check-stage-epa-1-what = 逆时针多面体的每条边 p→q：它向外的单位法向量 n = (e.y, −e.x)/|e|，其中 e = q − p，以及它到原点的距离 n·p（按边所在的直线，而不是按顶点）；最近边就是距离最小的那条
check-stage-epa-2-title = 扩展
check-stage-epa-2-what = A − B 沿最近边法线的支撑点 w，插在这条边的两端之间（在它的下标 + 1 处），使多面体保持凸且逆时针
check-stage-epa-3-title = 停止
check-stage-epa-3-what = 当 w 不比这条边更远时停止，即 w·n − distance ≤ ε，ε 相对于图形的尺寸：穿透深度就是这条边的距离，法线就是它的 n（从 A 指向 B）；同时为轮数设上限
check-stage-sat-1-title = 轴
check-stage-sat-1-what = 两个多边形（A 的和 B 的）各条边的单位法向量；有圆时，从圆心指向另一个多边形最近顶点的单位轴（两个圆：经过两个圆心的直线）
check-stage-sat-2-title = 投影区间
check-stage-sat-2-what = 每个图形在轴上的投影区间，即所有顶点上 v·n 的区间 [min, max]（圆：c·n ± r）
check-stage-sat-3-title = 重叠量
check-stage-sat-3-what = 两个投影区间的重叠量 min(a₁ − b₀, b₁ − a₀)：任何一条轴上有间隙（< 0）就说明分离，在那里停止；否则重叠量最小的轴给出穿透深度和法线，并把法线转成从 A 指向 B
check-cause-no-progress-test = 没有进展检测：这个支撑点是搜索已经有过的（单纯形中的一个点，或者它丢掉后又重新找到的点，重建了它曾有的单纯形），所以从这里开始各轮会永远重复
check-fix-no-progress-test = 当 w 已经是单纯形中的点，或者它没有让单纯形更接近原点时停止：|v|² − v·w ≤ ε|v|²
check-cause-touching-loop = 两个图形接触：支撑点恰好越过原点 0，`< 0`（正确地）让搜索继续，而没有进展检测时，它会带着一个已有的点一轮又一轮地继续，除非有别的东西让它停下——为接触所做的修正把错误的答案变成了死循环
check-fix-touching-loop = 保留 `< 0`，并在原点位于单纯形上（|v| = 0，或线段方向为 0）或 w 已经在单纯形中时停止：两个图形接触（相交；如果你的结果行写了 "touching": "apart"，则为分离）
check-cause-ellipse-angle-support = 椭圆的支撑点取的是 d 的角度处的点 (a cos φ, b sin φ)，它不是沿 d 最远的点
check-fix-ellipse-angle-support = 在椭圆自己的坐标系中，它沿 d 最远的点是 (a²dx, b²dy)/‖(a·dx, b·dy)‖；再把它旋转并移到世界坐标
check-cause-support-sign = 支撑点取错了 d 的符号：B 的点取了沿 d 最远的（或 A 的取了沿 −d 最远的）
check-fix-support-sign = 令 w = support_A(d) − support_B(−d)
check-cause-direction-away-from-origin = 搜索方向背离原点
check-fix-direction-away-from-origin = 对于以 A 为最新点的线段 AB，d = (AB × AO) × AB：检查三重积中因子的顺序，或垂线的朝向
check-cause-direction-not-negated = 第一个支撑点之后，搜索方向就是这个点本身，它背离原点
check-fix-direction-not-negated = 单纯形中只有一个点 A 时，下一个方向是 AO = −A，指向原点
check-cause-triple-product-cancellation = 这个方向是舍入噪声：原点（几乎）在线段所在的直线上，所以三重积 (AB × AO) × AB 相对于其因子的大小几乎抵消为零
check-fix-triple-product-cancellation = 当 |d| 相对于 |AB|²·|AO| 极小时（比如低于它的 1e-10），把原点当作在线段上并停止（接触），或者直接取 AB 在原点一侧的垂线
check-cause-zero-direction = 搜索方向为零：原点在单纯形的线段上（三重积为零），所以两个图形接触
check-fix-zero-direction = 在这里停止：原点在单纯形上，两个图形接触（相交；如果你的结果行写了 "touching": "apart"，则为分离）；沿零方向的支撑点没有意义
check-cause-not-reduced = 单纯形没有化简为离原点最近的部分（Voronoi 区域）：保留了一个其区域不包含原点的点
check-fix-not-reduced = 只保留离原点最近的部分：包住原点的三角形，否则是其 Voronoi 区域包含原点的边或点
check-cause-wrong-feature-kept = 化简保留了错误的点：是单纯形的一部分，但不是离原点最近的那部分
check-fix-wrong-feature-kept = 以 A 为三角形 ABC 的最新点，AB⊥·AO > 0 时原点在 AB 之外（保留 A 和 B），AC⊥·AO > 0 时在 AC 之外（保留 A 和 C），否则在内部；AB⊥ = (AC × AB) × AB 背离 C：检查每个检测保留的是哪一对点
check-cause-float32-storage = 这些数的偏差正是 float（f32）存储在离原点这么远的世界坐标上舍掉的部分（f32 大约保留 7 位有效数字：在 10⁶ 处，步长为 0.06）
check-fix-float32-storage = 用 double（f64）存储坐标，或者相对于某个图形的位置计算（先从两个图形中都减去它：A − B 不变）
check-cause-b-minus-a = 这是 B − A 的轨迹：它的支撑点是 B 的点减 A 的点（A 和 B 交换了）
check-fix-b-minus-a = 把 A 和 B 交换后检查这条轨迹（--pair J,I），或者计算 support_A(d) − support_B(−d)
check-cause-another-pair = 轨迹中没有一个支撑点在这一对图形的 A − B 上（也不在 B − A 上）：这是另一个场景或另一对图形的轨迹，或者支撑点不是 a − b
check-fix-another-pair = 对你要检查的那一对图形生成轨迹（--pair I,J；`gjk-lab world SCENE --pair I,J` 会打印它），并检查支撑点是否为 a − b
check-cause-wrong-normal-sign = 法线的符号：它从 B 指向 A
check-fix-wrong-normal-sign = 把它反过来，或者修正顶点的绕向；如果这就是你的约定，请在结果行上写明 "normal_convention": "b_to_a"
check-cause-epa-tolerance-too-loose = EPA 的停止容差太宽松：新的支撑点仍明显越过最近边时，它就停止了
check-fix-epa-tolerance-too-loose = 使用相对于图形尺寸的容差，例如当 w·n − d ≤ 1e-10 × 尺寸时停止
check-cause-missing-touching-case = 接触的图形被判为分离：支撑值（或重叠量）恰好为 0 表示接触，而接触也算相交
check-fix-missing-touching-case = 检测 `< 0`（或 `< −tolerance`），而不是 `<= 0`——然后加上进展检测（当 w 已经在单纯形中，或原点位于单纯形上时停止），否则接触的一对图形会永远循环；如果在你的库里接触算作分离，请在结果行上写 "touching": "apart"
check-cause-missed-axis = SAT 必须检验的一条轴从未检验过
check-fix-missed-axis = 检验 A 和 B 的每条边的法线（有圆时，还有经过圆心和最近顶点的轴）
check-cause-ignored-separating-axis = 一条有间隙（重叠量为负）的轴把两个图形分开了，而 SAT 还在继续
check-fix-ignored-separating-axis = 在第一条有间隙的轴处停止，并回答 "separated"
check-cause-axis-not-normalized = 轴没有归一化：沿它量出的重叠量按它的长度缩放了，最小的那个不是穿透深度
check-fix-axis-not-normalized = 投影之前先把每条边的法线归一化
check-cause-wrong-insertion = EPA 的新点没有插在找到它的那条边的两个点之间，所以多面体自相交了
check-fix-wrong-insertion = 把新点插在这条边的下标 + 1 处
check-cause-stopped-early = GJK 距离停得太早：新的支撑点仍能让单纯形明显更近
check-fix-stopped-early = 使用更严格的、相对于图形尺寸的进展容差
check-cause-inward-edge-normal = 边的法线指向多面体内部：对于逆时针的多面体，边 p→q 向外的法线是 (e.y, −e.x)，其中 e = q − p，而 (−e.y, e.x) 是向内的——这样每个距离都会是负的，最近边就选错了
check-fix-inward-edge-normal = 对于逆时针多面体的边 p→q，n = (e.y, −e.x)/|e|，其中 e = q − p（顺时针的多面体需要相反的符号）
check-cause-edge-normal-not-normalized = 边的法线不是单位长度：n·p 就成了边的距离乘以 |n|，于是较长的边看起来比实际更远，最近边就选错了
check-fix-edge-normal-not-normalized = 在计算距离 n·p 之前，先把 (e.y, −e.x) 除以它的长度 |e|
check-cause-edge-distance-from-vertex = 边的距离取的是它某个顶点到原点的距离 |p|，而不是边所在直线的距离 n·p：除非原点在这条直线上的最近点正是那个顶点，否则两者不同
check-fix-edge-distance-from-vertex = 距离 = n·p，其中 n 是向外的单位法向量（p 取这条边的任一端点：结果相同）
check-cause-epa-missing-stop = EPA 在一个不比最近边更远的支撑点之后还在继续（w·n − e.d 在 0 的舍入范围内，w 已经是顶点）：这条边在 A − B 的边界上，多面体在那里无法再长大——缺少停止检测，或者它的容差是绝对的且小于这个尺度下的舍入误差，所以各轮一直继续到上限
check-fix-epa-missing-stop = 当 w·n − e.d ≤ ε 时停止，ε 相对于图形的尺寸（比如 1e-9 × 它们的宽度）：穿透深度是 e.d，法线是 n；并为轮数保留上限
check-cause-narrow-shadow = 投影区间比图形的窄：它的 [min, max] 只取自部分顶点（比如其中两个），或者漏掉了圆的半径
check-fix-narrow-shadow = 投影每一个顶点：[所有 v 上 v·n 的最小值, 所有 v 上 v·n 的最大值]；圆的投影区间是 [c·n − r, c·n + r]
check-cause-one-sided-overlap = 重叠量只取了 a₁ − b₀（或只取了 b₁ − a₀）：当 B 的投影区间在 A 的另一侧时，这一项很大，而两个投影区间其实重叠很少，甚至没有重叠
check-fix-one-sided-overlap = 重叠量 = min(a₁ − b₀, b₁ − a₀)：两个投影区间的重叠量是两者中较小的那个，为负时就是间隙
