# SAT 及其 OBB 快速路径（src/app/visualizers/sat.rs）。

sat-intro-general = 两个凸多边形分离，当且仅当存在某条轴能把它们的投影（影子）分开，而且只需检查它们各条边的法线。SAT 逐条检测这些轴：只要有一条轴上出现间隙就结束；如果每条轴上都重叠，最小的重叠量就给出最小平移向量（MTV）。点击“下一步 ▶”开始第一步。
sat-intro-obb = 两个矩形各自只有两个边方向，所以 SAT 只需检测四条轴；矩形在轴上的投影就是其中心的投影 ± 一个投影“半径”，无需遍历各个角点（OBB 快速路径）。点击“下一步 ▶”开始第一步。

sat-title-separating = 分离轴
sat-title-new-minimum = 轴：新的最小值
sat-title-overlap = 轴：重叠

# 轴的来源。
sat-source-edge = { $shape } 的边 { $edge } 的外法线
sat-source-box-axis = { $shape } 的矩形轴 { $axis }
sat-source-vertex = 从 { $shape } 的顶点 { $vertex }（离圆心最近的顶点）到圆心的连线
sat-source-centres = 过两个圆心的连线

sat-axis = 第 { $tested } 条轴（共 { $count } 条）：n = { $n }，即 { $source }。投影到 n 上，A 的投影区间为 [a₀, a₁] = [{ $a0 }, { $a1 }]，B 的为 [b₀, b₁] = [{ $b0 }, { $b1 }]；min(a₁ − b₀, b₁ − a₀) = min({ $plus }, { $minus }) = { $overlap }。
sat-separating = 结果为负：两个投影不重叠，它们之间的间隙为 { $gap }。n 是一条分离轴，所以 A 与 B 不相交，SAT 到此结束，不再检测剩下的 { $left } 条轴。
sat-new-minimum = 两个投影重叠了 o = { $overlap }。{ $way }这是目前最小的重叠量：新的最小值。
sat-not-smaller = 两个投影重叠了 o = { $overlap }。它并不比目前的最小值 { $best }（{ $source }）更小{ $tie ->
        [smaller] ：它只小了 { $by }，小于判定相等的容差（1e-9 × 这对图形的尺寸），所以保留先前的轴——舍入噪声不会左右结果。
        [exact] ：两者恰好相等，保留先前的轴。
       *[none] 。
    }
sat-way-out = 较短的移出方式是把 B 沿 { $sign } = { $vector } 移动 o{ $why ->
        [a-against] ——与 A 的边 { $edge } 的外法线方向相反：B 的投影更靠近 A 的投影的另一端，所以 B 从那边移出更快
        [b-against] ——与 B 的边 { $edge } 的朝向相反
        [b-along] ——即 B 的边 { $edge } 的朝向
       *[none] { "" }
    }。

sat-done-overlap = 全部 { $axes } 条轴上都重叠，所以没有轴能把 A 和 B 分开：它们相交。最小的重叠量 { $depth } 出现在 n = { $n }（{ $source }）上，这就是最小平移向量（MTV）：{ $way ->
        [touch] 它们只是接触：深度为 0，B 不需要移动。
        [miss] 原文的版本把它转向 B 的中心，沿 { $normal }。{ $miss }
       *[move] 把 B 移动 { $depth }，方向沿 { $normal }，就能把它们分开（B 的虚影）。
    }在 A − B 中，这条轴对应离原点最近的面，距离为 { $depth }——也就是 EPA 求出的穿透深度。
sat-done-separated = 分离：n = { $n }（{ $source }）把 A 和 B 分开，在检测了 { $tested } 条轴（共 { $count } 条）后找到。两个投影之间的间隙 { $gap } 是距离的一个下界（只有当这条轴恰好是最近点之间的方向时才等于距离；GJK 距离可以测出它）。横跨间隙的虚线把两个图形分开。

# 画在某条轴的投影区间旁的标签。
sat-label-gap = 间隙 { $gap }：分离轴
sat-label-new-minimum = 重叠 { $overlap }：新的最小值
sat-label-overlap = 重叠 { $overlap }
sat-label-minimum = 目前最小 { $overlap }
sat-label-mtv = MTV：深度 { $depth }
sat-label-separated = 间隙 { $gap }：分离

# SAT 为什么不能回答这一对图形（$shape：A 或 B）。
sat-na-curved = SAT 不适用：{ $shape } 是椭圆，它需要的轴（它离另一个图形最近的点处的法线）没有闭式解。GJK + EPA 适用于任何凸形状。
sat-na-not-a-box = OBB 快速路径需要两个矩形，而 { $shape } 不是矩形。通用的 SAT 适用于任何凸多边形。
sat-na-concave = { $shape } 是凹多边形：SAT 在它的各个凸部分上运行，一次一对。
# $kind：capsule 或 rounded。
sat-na-rounded = SAT 不适用：{ $shape } 是{ $kind ->
        [capsule] 胶囊体
       *[rounded] 圆角多边形
    }，即核心形状向外扩大一个半径；在它的圆弧朝向另一个图形的地方，分离轴沿着两者最近点之间的连线，任何边法线的列表里都没有这条轴。GJK + EPA 适用于任何凸形状：在核心形状上计算，最后再加上半径。
sat-na-segment = SAT 不适用：{ $shape } 是线段（半径为 0 的胶囊体），而 gjk-lab 的 SAT 只处理多边形和圆。线段的边法线并不总是够用：同一条直线上两条分开的线段，在每条边法线上都重叠（投影只有一个点宽），只有这条直线自身的方向才能把它们分开。GJK + EPA 适用于任何凸形状。
