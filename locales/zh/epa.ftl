# EPA（src/app/visualizers/epa.rs）。

epa-intro = 当 A 与 B 重叠时，A − B 包含原点。穿透深度就是原点到 A − B 边界的距离，沿该边界的法线把 B 移动 depth·n 就能把两者分开。EPA 从 GJK 最终的单纯形出发，不断扩展它。点击“下一步 ▶”开始第一步。

epa-title-start = 初始多边形
epa-title-closest-edge = 最近边
epa-title-support = 沿法线求支撑点
epa-title-inserted = 扩展多边形
epa-title-refined = 细化法线（曲线边界）

epa-start = GJK（距离版本）用了 { $iterations } 个支撑点，结束时原点在 A − B 内部。{ $start ->
        [triangle] 它的三角形就是初始多边形。
        [edges] 它结束在一条穿过原点的线段上，所以 EPA 从 ab 和 ba 这两条法线相反的边开始。
       *[point] 它结束在单个点上；再求一个支撑点组成线段，当作两条方向相反的边。
    }多边形有 { $vertices } 个顶点，都在{ $round ->
        [yes] 核心形状之差的边界上（带圆角的 A − B 比它再向外伸出 r_A + r_B = { $margin }）。
       *[no] A − B 的边界上。
    }

epa-closest-edge = 多边形上离原点最近的边从 { $from } 到 { $to }；{ $normal ->
        [foot] 它的法线（原文版本的做法：取原点在边上垂足的方向；当原点落在边上时，这只是舍入噪声）为
       *[outward] 它的外法线为
    } n = { $n }，距离 e.d = { $distance }。因为多边形在 A − B 内部，穿透深度至少为 e.d。

epa-support = 沿方向 n = { $n } 求支撑点：{ $sources } = w { $w }。{ $round ->
        [yes] w·n = { $projection } 是核心形状穿透深度的一个上界，所以两个图形的穿透深度至多为 w·n + r_A + r_B = { $shapes }（目前最小的上界 U = { $bound }，U + r_A + r_B = { $shapes_bound }）；
       *[no] w·n = { $projection } 是穿透深度的一个上界（目前最小的上界 U = { $bound }）；
    }差值 U − e.d = { $gap } { $converged ->
        [yes] 已在容差之内：这条边就在边界上。
       *[no] 还不够小：边界还在这条边之外。
    }

epa-inserted = w { $w } 把最近边一分为二：它成为第 { $index } 号顶点，多边形现在有 { $vertices } 个顶点。它仍在 A − B 内部，并且向外扩展得更远。

epa-refined = { $why ->
        [gjk] 这里的 A − B 是曲线边界（椭圆），GJK 在其上求得的最近点只精确到它的容差
        [cap] 这里的 A − B 是曲线边界（椭圆），EPA 已达到支撑点的迭代上限，许多面与原点的距离几乎相同：穿透深度已在其上下界之内确定，最佳面的法线也已接近
       *[faces] 这里的 A − B 是曲线边界（椭圆），所以多边形的面只能逼近它的边界：穿透深度已收敛，但最后那个面的法线还没有
    }：n = { $before } 偏差了 { $turn } rad。穿透深度是所有方向上 w·n 的最小值，当支撑点 w 恰好落在 n 方向上时取得最小。转动 n 直到满足这一点（对角度 θ 做牛顿迭代：h = w·n 的斜率以 h'' = ρ − h 的速率变化，ρ 为边界的曲率半径，在椭圆上为 a²b²/h_E³；共求了 { $evaluations } 个支撑点），得到 n = { $n }，w = { $w }，穿透深度 { $depth }：世界视图中的深度箭头沿这个方向。

epa-done-converged = 已收敛：{ $round ->
        [yes] 最近边就在核心形状之差的边界上，而带圆角的 A − B 比它再向外伸出 r_A + r_B = { $margin }。
       *[no] 最近边就在 A − B 的边界上。
    }穿透深度为 { $depth }，方向 n = { $n }：{ $way ->
        [move] 把 B 移动 depth·n = { $offset } 就能把两者分开（B 的虚影）。
        [move-miss] 把 B 移动 depth·n = { $offset }。{ $miss }
        [touch-miss] { $miss }
       *[touch] 两个图形只是接触，B 不需要移动。
    }
epa-done-radius = 只有圆角部分重叠（圆的核心形状是圆心，胶囊体的是线段，圆角多边形的是多边形，而核心形状之间并不重叠）：穿透深度是两半径之和减去核心形状之间的距离，为 { $depth }，方向 n = { $n }，没有多边形需要扩展。
epa-done-apart = GJK 发现 A 与 B 相距 { $distance }，是分离的：没有穿透深度可测。请试试 GJK 距离。
epa-done-degenerate = GJK 的单纯形无法构成多边形：A − B 没有宽度。
epa-done-cap = 在求了 { $iterations } 个支撑点后停止；最佳穿透深度为 { $depth }，方向为 { $n }。
