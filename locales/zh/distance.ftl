# GJK 距离（src/app/visualizers/distance.rs）。

distance-intro = A 与 B 之间的距离，就是原点到 A − B 的距离。GJK 距离算法不断移动单纯形，直到它包含 v，即 A − B 上离原点最近的点；把同样的权重用在 A 和 B 的点上，就得到两者的最近点。点击“下一步 ▶”开始第一步。

distance-title-support = 支撑点
distance-title-region = Voronoi 区域
distance-title-direction = 新的搜索方向
distance-title-closest = 最近点
distance-title-refined = 细化最近点（曲线边界）

distance-direction-minus-v = 接下来从 v 朝原点搜索：d = −v = { $d }。
distance-direction-edge = 接下来从 v 朝原点搜索：d = { $d }，即这条边指向原点一侧的垂线方向。它与 −v = { $minus_v } 方向相同，只是长短不同，而支撑点只取决于方向。
distance-direction = 接下来朝原点搜索：d = { $d }。

distance-support = 沿方向 d = { $d } 求支撑点：{ $sources } = w { $w }。{ $round ->
        [yes] 把 w 沿 d 向外平移两者半径之和 r_A + r_B = { $margin }，过该点且垂直于 d 的下界线（虚线）把整个带圆角的 A − B 隔在远离原点的一侧，所以距离至少为 { $bound }。
       *[no] 过 w 且垂直于 d 的下界线（虚线）把整个 A − B 隔在远离原点的一侧，所以距离至少为 { $bound }。
    }{ $test ->
        [stuck] 进展检测：|v|² − v·w = { $gap }，没有进展。
        [progress] 进展检测：|v|² − v·w = { $gap } > 0，所以 w 可能让单纯形更靠近原点。
       *[none] { "" }
    }

distance-closest = v = { $v } 是单纯形上离原点最近的点，权重 λ = [{ $weights }]。{ $round ->
        [yes] 所以距离至多为 { $distance }（即 |v| 减去两者半径之和 r_A + r_B）。把同样的权重用在两个核心形状的点上，得到核心上的最近点；再各自按半径朝另一个图形向外移动（A 的沿 −v，B 的沿 v），得到 A 上的 { $on_a } 和 B 上的 { $on_b }。
       *[no] 所以距离至多为 { $distance }（即 |v|）。把同样的权重用在 A 和 B 的点上，得到 A 上的 { $on_a } 和 B 上的 { $on_b }。
    }

distance-refined = 这里的 A − B 是曲线边界（椭圆），GJK 在其上求得的 v 只精确到它的停止条件：从 A 指向 B 的方向 d = −v/|v| = { $d } 偏差了 { $turn } rad。距离是所有方向 n 上间隙 −w·n 的最大值（w 为沿 n 的支撑点），当 w 恰好落在 n 方向上时取得最大。转动 n 直到满足这一点（对角度 θ 做牛顿迭代：h = w·n 的斜率以 h'' = ρ − h 的速率变化，ρ 为边界的曲率半径，在椭圆上为 a²b²/h_E³；共求了 { $evaluations } 个支撑点），得到 n = { $n }，w = { $w }，距离 { $distance }：最近点为 A 上的 { $on_a } 和 B 上的 { $on_b }。

distance-done-between = 已收敛：再没有支撑点能明显更近。距离为 { $distance }，位于 A 上的 { $on_a } 与 B 上的 { $on_b } 之间。
distance-done = 已收敛：再没有支撑点能明显更近。距离为 { $distance }。
distance-done-enclosed = 单纯形包围了原点：A 与 B 重叠，距离为 0。请用 EPA 求穿透深度。
distance-done-on-simplex = 单纯形到达了原点（误差在 { $distance } 以内）：A 与 B 接触或重叠，距离为 0。
distance-done-radius = 核心形状（圆的圆心、胶囊体的线段、圆角多边形的多边形）之间的距离为 { $distance }，小于两半径之和：圆角部分重叠，距离为 0。
distance-done-cap = 在求了 { $iterations } 个支撑点后停止；距离的最佳上界为 { $distance }。
