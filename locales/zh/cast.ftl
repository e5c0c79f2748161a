# 运动的图形：五种投射检测（src/app/visualizers/cast/*.rs）。时间带四位小数（"0.4704"），
# 距离带两位小数或写作 "1.0e−6"；计数以数字传入。

cast-intro-discrete = 运动的图形：在一步之内，t 从 0 变到 1，每个图形从它现在的位姿移动到 t = 1 时的虚线位姿。离散检测只看 t = 0 和 t = 1 这两个时刻，就像每帧检测一次的游戏那样：两者之间发生的事永远看不到。点击“下一步 ▶”开始第一步。
cast-intro-sub-stepping = 子步采样取 8 个等间距的时刻，从 t = 0 到 t = 1：比两个多，但仍然是有限个。如果一个图形比另一个图形在两次采样之间移动的距离还薄，就可能被悄无声息地穿过。点击“下一步 ▶”开始第一步。
cast-intro-shape-cast = 形状投射（GJK 射线投射）能精确求解平移运动。B 移动 t·r（r = v_B − v_A）后与 A 相遇，当且仅当 t·r 落在 A − B 中：碰撞时间就是从原点沿 r 出发的射线第一次进入 A − B 的位置。GJK 的支撑点无需构造 A − B 就能找到它。点击“下一步 ▶”开始第一步。
cast-intro-advancement = 保守推进先测出距离 d，再给出它缩小速度的上界（μ：接近速度加上旋转可能带来的部分），然后把时间向前推进 d/μ——这一步不可能越过第一次接触。如此反复，直到两个图形接触，或下一步会越过这一时间步的终点。点击“下一步 ▶”开始第一步。
cast-intro-toi = 碰撞时间（Box2D 的做法）随着时间推移，跟踪沿最近特征所在轴的间距，用求根算法找出它到达目标的时刻，并检查没有别的点对陷得更深：在旋转或图形贴近擦过、使保守推进变得极其缓慢的地方，它所需的距离计算次数要少得多。点击“下一步 ▶”开始第一步。

# 各投射共用（cast/mod.rs）。
cast-apart = { $state ->
        [touch] A 与 B 接触或重叠
        [target] A 与 B 相距 { $distance }（目标为 { $target }）
       *[apart] A 与 B 相距 { $distance }
    }
cast-title-distance = 距离
# $name 是时间的符号：t，碰撞时间中为 t1。
cast-distance = 在 { $name } = { $t } 时，对放在该处的 A 和 B 做 GJK 距离计算（即虚影；该时刻的 A − B 在它的视图中以虚线画出）：{ $apart }。
cast-hit-normal = 该处从 A 指向 B 的法线：n = { $n }。
cast-initial-overlap = A 与 B 在 t = 0 时已经接触或重叠：在 t = 0 命中。
# B 的虚影旁的标签。
cast-label-hit = 命中：t = { $t }
cast-label-missed = 漏检：t = { $t }
cast-label-probe = 试探：t = { $t }

# 离散检测与子步采样（cast/sampled.rs）。
cast-title-times = 要查看的时刻
cast-times-discrete = 离散检测把 A 和 B 放在两个时刻：t = 0 和 t = 1（世界视图下方时间轴上的标记），并在每个时刻检查它们是否接触。
cast-times-sub-stepping = 子步采样把 A 和 B 放在 { $samples } 个时刻，相邻两个相隔 { $spacing }（世界视图下方时间轴上的标记），并在每个时刻检查它们是否接触。
cast-title-sample = 采样 { $n }
cast-sample = 采样 { $n }，t = { $t }：{ $apart }，{ $within ->
        [yes] 已在目标之内：命中，检测到此为止。
       *[no] 这一时刻没有命中。
    }在它的视图中，该时刻的 A − B（虚线）{ $holds ->
        [yes] 包含原点。
       *[no] 与原点相距 { $gap }。
    }
cast-sampled-hit = 在采样 { $sample }（t = { $t }）看到命中。
cast-sampled-hit-late = 在采样 { $sample }（t = { $t }）看到命中。其实两个图形更早就已接触，在 t = { $first }，位于两次采样之间：采样检测找到的是它们已经重叠的时刻，而不是第一次接触的时刻。
cast-sampled-tunnelled = { $samples } 个采样都没有看到命中，但 A 与 B 确实相遇了：在 t = { $first }（点线虚影，由{ $method ->
        [shape-cast] 形状投射
        [sat-cast] SAT 投射
        [time-of-impact] 碰撞时间算法
       *[conservative-advancement] 保守推进
    }求得），位于两次采样之间。运动的图形悄无声息地穿了过去：发生了隧穿。
cast-sampled-apart = { $samples } 个采样都没有看到命中，这里也没有漏掉什么：两个图形在整步内始终分离（{ $method ->
        [shape-cast] 形状投射
        [sat-cast] SAT 投射
        [time-of-impact] 碰撞时间算法
       *[conservative-advancement] 保守推进
    }的结论相同）。
cast-sampled-undecided = { $samples } 个采样都没有看到命中。两个图形是否在两个采样之间相遇，这里无法得知：{ $method ->
        [shape-cast] 形状投射
        [sat-cast] SAT 投射
        [time-of-impact] 碰撞时间算法
       *[conservative-advancement] 保守推进
    }在作出判断之前就停止了。

# 形状投射（cast/shape_cast.rs）。
cast-title-ray = 穿过 A − B 的射线
cast-shape-start = B 移动 t·r（r = v_B − v_A = { $r }）后与 A 接触，当且仅当 t·r 落在{ $grown ->
        [yes] 向外扩大 σ = { $sigma } 的 A − B（σ 即两者的半径加上目标间距）中
       *[no] { " " }A − B 中
    }。所以第一次接触就发生在从原点沿 r 出发的射线进入 A − B 的地方：射线的终点是 t = 1。x = λ·r 从原点出发，λ = 0；{ $fallback ->
        [yes] A − B 的内点就是原点本身，所以 d 先沿 x 轴：d = { $d }
       *[no] d = { $d } 从 A − B 内部指向 x
    }。
cast-title-support = 支撑点
cast-shape-support = 沿 d 求支撑点：w = { $w }（{ $sources }）。{ $beyond ->
        [yes] x 位于{ $grown ->
            [yes] 过 w 的直线向外平移 σ 后
           *[no] 过 w 的直线
        }外侧 { $gap } 处：A − B 没有任何部分越过这条线，所以射线还不可能进入 A − B；若射线正朝这条线接近，λ 就前进到这条线上。
       *[no] x 不在{ $grown ->
            [yes] 过 w 的直线向外平移 σ 后
           *[no] 过 w 的直线
        }的外侧：w 加入单纯形，单纯形向 x 收拢。
    }
cast-title-lambda = λ 前进
cast-shape-advance = λ 从 { $from } 跳到 { $to }，即射线与{ $grown ->
        [yes] 过 w 的直线向外平移 σ 后
       *[no] 过 w 的直线
    }相交之处（n·r = { $approach }：射线正朝这条线接近）。x = λ·r = { $x }。两个图形在 t = { $to } 之前不可能接触：虚影画出它们在该时刻的位置，仍然分离或恰好接触。
cast-shape-added = { $again ->
        [yes] w 又是 { $name }，单纯形中已有这个点（此后 x 已沿射线移动）；单纯形现在是 { $points }。
       *[no] w 作为 { $name } 加入单纯形；单纯形现在是 { $points }。
    }
cast-title-nearest = 离 x 最近的特征
# $count：单纯形保留的点数；$points：它们的名字。
cast-shape-region = 单纯形保留{ $count ->
        [0] 的部分为空
        [1] 点 { $points }
        [2] 边 { $points }
       *[other] 三角形 { $points }
    }，即离 x 最近的部分。d = x − （它上面的最近点）= { $d }。单纯形只是 A − B 的一部分，所以在 t = { $t } 时两个图形至多相距 { $gap }（若 A − B 的其他部分离 x 更近，则距离更小）。
cast-shape-overlap = A 与 B 在 t = 0 时已经接触或重叠：在 t = 0 命中（投射给出的是它们第一次进入目标间距的时刻，也就是现在）。
cast-shape-hit = 在 t = λ = { $t } 命中：x 与 A − B 的距离在容差之内（两个图形在该处相距 { $gap }）。
cast-shape-moving-away = 没有命中：射线与{ $grown ->
        [yes] 过 w 的直线向外平移 σ 后
       *[no] 过 w 的直线
    }平行或背离它（n = { $n }），而整个 A − B 都在这条线的后方，所以射线永远不会进入 A − B。
cast-shape-beyond = 这一步内没有命中：射线要到 λ = { $lambda } 才会与{ $grown ->
        [yes] 过 w 的直线向外平移 σ 后
       *[no] 过 w 的直线
    }相交，超出了它在 λ = 1 处的终点。
cast-shape-still = 没有命中：A 与 B 的运动相同（r = 0）且彼此分离，所以会一直保持分离。
cast-shape-rotating = 有图形在旋转，而射线只能描述平移。保守推进和碰撞时间能处理旋转。
cast-shape-cap = 求了 { $iterations } 个支撑点后停止（达到迭代上限）：两个图形至少在 t = { $t } 之前是分离的。

# 保守推进（cast/advancement.rs）。
cast-title-bound-parts = 上界的组成
cast-bound-parts = 上界由这些部分组成：v_A − v_B = { $closing }；在这一步中 A 转过 { $angular_a } rad，B 转过 { $angular_b } rad；A 的核心形状上离它的旋转中心最远的点，距离为 R_A = { $reach_a }，B 的为 R_B = { $reach_b }。
cast-title-bound = 接近速度的上界
cast-bound = 沿 n = { $n } 的间隙最快能以多快的速度缩小？μ = (v_A − v_B)·n + |ω_A|·R_A + |ω_B|·R_B = { $linear } + { $angular } = { $bound }。A 或 B 上没有任何一点能比这更快地缩小它。
cast-title-advance = 推进
cast-advance = 安全步长：Δt = (d − s)/μ = { $step }。时间从 { $from } 推进到 { $to }：{ $gap } 的间隙不可能更早闭合，所以在新的虚影处两个图形仍然分离或恰好接触。
cast-advancement-hit = 在 t = { $t } 命中：距离（{ $distance }）已在目标的容差之内，共走了 { $advances } 个安全步（{ $evaluations } 次距离计算）。两个图形靠得越近，每一步就越小：图形贴得很近擦身而过时，推进会变得极其缓慢。碰撞时间在这对图形上需要 { $toi } 次距离计算。
cast-advancement-separating = 没有命中：μ = { $bound } 不为正，所以沿 n 的间隙根本不会缩小。
cast-advancement-beyond = 这一步内没有命中：从 t = { $t } 起，安全步长 { $step } 会越过 t = 1，所以两个图形直到这一步结束都保持分离。
cast-advancement-cap = 做了 { $iterations } 次距离计算后停止（达到迭代上限）：推进极其缓慢。两个图形至少在 t = { $t } 之前是分离的。

# 碰撞时间（cast/toi.rs）。
cast-title-target = 目标
cast-toi-target = 目标间距 s = { $s }，容差 ε = { $tolerance }（按图形尺寸取的一个比例）：命中是指距离落在 [s, s + ε] 内的时刻。
cast-title-function = 分离函数
# $i 和 $j：面的两个顶点。
cast-toi-function = 最近的特征{ $feature ->
        [points] 是两个点，A 上一个、B 上一个：轴从其中一点指向另一点，并随它们一起转动
        [face-a] 是 A 的一个面（顶点 { $i } 和 { $j }）和 B 的一个点：轴是这个面的法线，随 A 一起转动
        [face-b] 是 B 的一个面（顶点 { $i } 和 { $j }）和 A 的一个点：轴是这个面的法线，随 B 一起转动
       *[face] 是一个面和一个点
    }。f(t) 是沿该轴 n = { $n } 的间距随时间的变化：只要它保持在 s 之上，这两个特征之间的距离也保持在 s 之上。
cast-title-deepest-vertex = 最深的顶点
cast-title-deepest-points = 最深的点
# 没有顶点编号的点（"A 上的点"）。
cast-shape-point = { $shape } 上的点
cast-toi-deepest = 在 t2 = { $t2 } 时，沿 n = { $n } 陷得最深的点是 { $a } 和 { $b }：它们的间距 s2 = { $separation }，{ $verdict ->
        [end] 至少为 s：这条轴让它们一直分离到这一步结束。
        [holds] 至少为 s：这条轴让它们在 t2 之前保持分离，所以 t1 移到 t2。
        [curved] 在这里至少为 s，但旋转可能让它们在 t2 之前进入 s 之内又再分开（间距的弯曲程度无法排除这种情况），所以把 t2 减半，重新寻找最深的点。
       *[below] 低于 s：在 t1 与 t2 之间这对点穿过了目标，接下来由求根算法找出具体的时刻。
    }
cast-title-bracket = 有根区间
cast-toi-bracket = 这对点的间距在 t1 = { $t1 } 时为 { $s1 }，每单位时间变化 { $r1 }；在 t2 = { $t2 } 时为 { $s2 }，每单位时间变化 { $r2 }：它在两者之间的某处穿过目标值 s + ε/2 = { $aim }。求根用的三次曲线在两端取这两个值和这两个斜率。
cast-title-root = 求根
cast-toi-root = 第 { $iteration } 次试探，用{ $rule ->
        [bisection] 二分法（取区间的中点：前两次试探移动的是同一端）
        [cubic] 三次曲线（接近过两端的间距及其斜率的曲线与目标值的交点：从割线的交点出发，在这条曲线上走一步牛顿法）
       *[secant] 割线法（取过两端点的直线与目标值的交点：三次曲线上的牛顿步跳出了区间）
    }：t = { $t }，间距 { $separation }；{ $found ->
        [yes] 已足够接近目标值：这就是根，即新的 t2。
       *[no] 区间现在是 [{ $lo }, { $hi }]。
    }
cast-toi-hit = 在 t = { $t } 命中：{ $within ->
        [bracket] 这对点沿轴的间距在该处落在 [s, s + ε] 内，距离 { $distance } 不超过 s + 2ε，
       *[window] 距离 { $distance } 落在 [s, s + ε] 内，
    }共做了 { $iterations } 次距离计算。{ $compare ->
        [more] 保守推进在这对图形上需要 { $advancement } 次：求根算法直接跟踪间距本身，而保守推进只是给出它的界。
        [same] 保守推进在这对图形上需要的次数相同：它在图形旋转或贴近擦过时才会落后，这里不是。
        [fewer] 保守推进在这对图形上只需要 { $advancement } 次。
       *[none] 保守推进在这对图形上做了 { $advancement } 次距离计算后停止，没有命中。
    }
cast-toi-separated = 没有命中：沿这条轴，最深的两点在这一步结束时仍相距 { $separation }（t = 1），大于 s + ε，所以两个图形在整步内保持分离。
cast-toi-failed = 停止：这对点在 t1 = { $t } 时的间距已经是 { $separation }——{ $case ->
        [window] 在命中窗口之内，但 GJK 距离算出两个图形在那里相距更远：这条轴并不能描述它们，因此不能据此判定为命中。
       *[below] 低于目标，所以求根算法找不到有根区间（即 Box2D 的“failed”）。
    }两个图形在 t1 之前是分离的。
cast-toi-push-back = 停止：有一条轴需要的回退次数超过了上限。两个图形在 t1 = { $t } 之前是分离的。
cast-toi-cap = 做了 { $iterations } 次距离计算后停止（达到迭代上限）。两个图形在 t1 = { $t } 之前是分离的。

# The SAT cast (cast/sat_cast.rs).
cast-intro-sat-cast = SAT 投射求解两个只平移、不旋转的凸多边形的首次接触。沿 A 和 B 的每个面法线 n（统一指向从 A 到 B），两形之间的间隙在 t = 0 时为 s，每一步变化 c = n·r（r = v_B − v_A）：它是关于 t 的一条直线。所有间隙同时闭合时两形恰好接触，所以首次接触是正在闭合的间隙中最晚闭合的时刻，前提是此前没有正在张开的间隙重新张开。在 A − B 中，每个面法线都是一条边，间隙在从原点沿 r 的射线穿过该边所在直线处闭合。点击“下一步 ▶”开始第一步。
cast-sat-start = B 移动 t·r（r = v_B − v_A = { $r }）后与 A 接触，当且仅当 t·r 落在 A − B 中：即从原点沿 r 的射线，其终点为 t = 1。A 和 B 的每个面法线都是 A − B 某条边的法线（相互平行的面共用一条边）：共有 { $faces } 个面要测量。对 t ∈ [t_in, t_out]，已测的所有间隙都闭合；测量任何面之前，这个区间是 [0, 1]，即整个时间步。
cast-title-sat-face = { $shape } 的一个面
cast-sat-face = { $shape } 的一个面，法线 n = { $n }（从 A 指向 B）。沿 n 的间隙为 s = { $s }（t = 0 时），即从该面所在直线到 { $other } 朝它最深的顶点的距离，每一步变化 c = n·r = { $c }：在时刻 t 为 s + t·c。{ $how ->
        [enter] 它在 t = −s/c = { $cross } 闭合，比之前所有间隙都晚：t_in 移到这里，即 x，射线在 A − B 中穿过这条边的虚线之处。
        [late] 它在 t = −s/c = { $cross } 闭合，比之前所有间隙都晚，并且晚于时间步的终点：t_in 移到这里。
        [closed] 它在 t = 0 时已经闭合（s ≤ 0），并且只会进一步闭合（c < 0）：什么都不变。
        [before] 它在 t = −s/c = { $cross } 闭合，不晚于 t_in：什么都不变。
        [exit] 它在 t = −s/c = { $cross } 重新张开，比之前所有间隙都早：t_out 移到这里。
        [after] 它在 t = −s/c = { $cross } 重新张开，不早于 t_out：什么都不变。
        [open] 它在 t = 0 时张开且不会闭合（c ≥ 0）：沿 n，A 和 B 在整个时间步中至少相距 s。
       *[still] 它在整个时间步中保持闭合（c = 0，s ≤ 0）：什么都不变。
    }{ $window ->
        [closed] 对 t ∈ [t_in, t_out] = [{ $t_in }, { $t_out }]，目前测过的所有间隙都闭合。
        [empty] 没有哪个时刻能让目前测过的所有间隙都闭合：t_in = { $t_in } 晚于 t_out = { $t_out }。
       *[none] { "" }
    }
cast-sat-hit = 在 t = t_in = { $t } 命中：从此时起（直到 t_out = { $t_out }）所有间隙都闭合，最后闭合的是沿 { $shape } 的一个面的间隙；在 A − B 中，射线正是从该面对应的边进入。
cast-sat-overlap = 在 t = 0 时没有张开的间隙：A 和 B 已经接触或重叠，在 t = 0 命中（投射回答的是两形首次进入目标间距的时刻，也就是现在）。
cast-sat-open = 未命中：这个间隙在 t = 0 时张开且永不闭合，所以 A 和 B 在整个时间步中保持分离（在 A − B 中，射线沿该边所在直线旁经过或远离它）。
cast-sat-passes = 未命中：所有间隙从未同时闭合。最后一个闭合的间隙在 t_in = { $t_in } 闭合，但更早的 t_out = { $t_out } 时已有一个间隙重新张开：射线从 A − B 旁边经过。
cast-sat-beyond = 本时间步内未命中：最后一个间隙要到 t_in = { $t_in } 才闭合，晚于时间步的终点 t = 1。
cast-sat-too-close = 这对图形的间隙只能在舍入误差范围内作出判断（射线在舍入误差内擦过 A − B 的某个角，或两形在 t_in 处的接触点相距超过容差），所以由 GJK 射线投射作答：{ $answer }
cast-sat-gjk-hit = 在 t = { $t } 命中。
cast-sat-gjk-miss = 未命中。
cast-sat-not-applicable = SAT 投射测量的是两个无半径、只平移不旋转的凸多边形的面法线，并求其首次接触；{ $why }
cast-sat-na-turns = 这里有图形在旋转，而旋转图形的间隙不是关于 t 的直线。
cast-sat-na-shape = 这里有一个图形是{ $kind }。
cast-sat-na-target = 这里目标间距大于 0，A − B 扩大该间距后在角上是圆的，它的边无法描述这些角。
