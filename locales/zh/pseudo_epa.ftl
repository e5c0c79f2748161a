# 伪 EPA，种子 003 的版本（src/app/visualizers/pseudo_epa.rs）。

pepa-intro = 伪 EPA（两点 EPA）是 EPA 的一种更省事的变体：它只保留一个三角形，并且每次只保留经过最新一点的两条边之一。其余的点被它永久丢弃，所以它可能停在一条只是局部最近的边上。点击“下一步 ▶”开始第一步。

pepa-title-start = 初始三角形
pepa-title-choose = 选择一条边
pepa-title-support = 支撑点

pepa-start = GJK 用了 { $iterations } 个支撑点。{ $completed ->
        [yes] 它停在一条线段上，所以再求一个支撑点补成三角形。
       *[no] { "" }
    }三角形为 p { $p }、q { $q }、r { $r }（r 是最新的点）。

# $edge：保留的边的名字，"pr" 或 "qr"。
pepa-choose = 原点的垂足：在直线 pr 上为 { $foot_pr }（|fp| = { $length_pr }），在直线 qr 上为 { $foot_qr }（|fq| = { $length_qr }）。它保留较近的那条边 { $edge }，并永久丢弃点 { $dropped }（已丢弃）。新的搜索方向 d = { $d }。

pepa-support = 沿方向 d = { $d } 求支撑点：{ $sources } = r { $w }。它越过这条边 (r − p)·d = { $advance }；容差为 { $tolerance }{ $stops ->
        [yes] ，所以伪 EPA 到此停止。
       *[no] ，所以继续。
    }

# $way："wrong"（B 的虚影仍与 A 重叠）、"longer"（能分开，但 EPA 的移出方式更短）、"same"；
# $epa："found"（EPA 的深度和法线）或 "none"。
pepa-done-stopped = 由原点在直线 pq 上的垂足得出结果{ $round ->
        [yes] （在核心形状之差上），再加上两者半径之和 r_A + r_B = { $margin }
       *[no] { "" }
    }：穿透深度 { $depth }，沿 n = { $n }。这条边只是伪 EPA 看过的边中最近的。{ $way ->
        [wrong] 把 B 移动 depth·n（B 的虚影）并不能把它们分开：它们仍然重叠，深度为 { $left }。{ $epa ->
            [found] EPA 求得的穿透深度为 { $epa_depth }，沿 { $epa_n }
           *[none] EPA 没有发现重叠
        }：伪 EPA 停在了错误的边上。
        [longer] 把 B 移动 depth·n（B 的虚影）能把它们分开，但这不是最短的移出方式：{ $epa ->
            [found] EPA 求得的穿透深度为 { $epa_depth }，沿 { $epa_n }
           *[none] EPA 没有发现重叠
        }。
       *[same] 把 B 移动 depth·n（B 的虚影）能把它们分开；{ $epa ->
            [found] EPA 求得的也是穿透深度 { $epa_depth }，沿 { $epa_n }
           *[none] EPA 也没有发现重叠
        }。
    }
pepa-done-radius = 只有圆角部分重叠（核心形状并不重叠：圆的核心形状是圆心，胶囊的是线段，圆角多边形的是多边形）：与 EPA 一样，穿透深度等于两个半径之和减去核心形状之间的距离，为 { $depth }，沿 n = { $n }。
pepa-done-apart = GJK 发现 A 与 B 分离，距离为 { $distance }：没有什么可度量的。
pepa-done-degenerate = GJK 的单纯形无法补成三角形。
pepa-done-limit = 求了 { $iterations } 个支撑点后停止：穿透深度 { $depth }，沿 { $n }。
