# GJK 相交检测（src/app/visualizers/gjk.rs）。

gjk-intro = A 和 B 重叠，当且仅当它们的闵可夫斯基差 A − B（在单独的视图中画出）包含原点。GJK 从不真正构造 A − B：它只求支撑点，即 A − B 在某个方向上最远的点，并让一个单纯形（点、线段、三角形）朝原点生长。点击“下一步 ▶”开始第一步。

gjk-title-support = 支撑点
gjk-title-region = Voronoi 区域
gjk-title-direction = 新的搜索方向

gjk-support = 沿方向 d = { $d } 求支撑点：{ $sources } = w { $w }。{ $round ->
        [yes] w 是两个核心形状之差上的点，带圆角的 A − B 还要比它再向外伸出两者半径之和 r_A + r_B = { $margin }：w·d/|d| + r_A + r_B = { $reach } { $reaches ->
            [yes] ≥ 0，所以 A − B 沿 d 越过了原点：原点仍可能在它内部。
           *[no] < 0：即使 A − B 沿 d 最远的点也到不了原点。
        }
       *[no] w·d/|d| = { $projection } { $reaches ->
            [yes] ≥ 0，所以 w 越过了原点：原点仍可能在 A − B 内部。
           *[no] < 0：即使 A − B 沿 d 最远的点也到不了原点。
        }
    }

gjk-region-inside = 原点在三角形内部：A − B 包含原点。
gjk-region-closest = 单纯形上离原点最近的点是 v = { $v }，距离为 { $distance }。

gjk-direction = 接下来从保留的特征朝原点搜索：d = { $d }{ $from ->
        [point] （= −w，从该点指向原点）
       *[segment] （垂直于线段，指向原点一侧）
    }。

gjk-done-enclosed = 重叠：单纯形包围了原点，所以 A − B 包含原点，A 与 B 相交。接下来可以用 EPA 求穿透有多深。
gjk-done-touching = { $round ->
        [yes] 核心形状相接触：原点落在核心形状之差的单纯形上（距离 { $distance }），所以带圆角的两个图形至少重叠了两者半径之和 r_A + r_B = { $margin }。
       *[no] 接触：原点落在单纯形上（距离 { $distance }），在接触容差之内。接触也算相交。
    }
gjk-done-radius = 圆角部分重叠：有带圆角的图形参与时，GJK 在核心形状上行进（圆的核心形状是它的圆心，胶囊的是它的线段，圆角多边形的是它的多边形），两个核心形状之间的距离为 { $distance }，小于两半径之和。
gjk-done-separated = 分离：d/|d| = { $axis } 是一条分离轴。过支撑点{ $round ->
        [yes] 按半径向外平移后的位置
       *[no] { "" }
    }、垂直于 d 的虚线把 A − B 整个隔在一侧，原点在另一侧；A 与 B 至少相距 { $gap }。
gjk-done-no-progress = 分离：新的支撑点没有让单纯形更靠近原点，原点与它仍相距 { $distance }。
gjk-done-cap = 在求了 { $iterations } 个支撑点后停止（达到迭代上限），此时距离为 { $distance }；最佳猜测：{ $intersects ->
        [yes] 相交
       *[no] 分离
    }。

# 原文的版本得出错误结论时。
gjk-seed-false-axis = 分离：原文的 GJK 认为 d/|d| = { $axis } 是分离轴：它的支撑点沿该方向没有到达原点，于是判定 A 与 B 至少相距 { $gap }。这是原文的版本给出的答案，但它是错的：A − B 沿 d/|d| 真正的支撑点越过原点 { $reach }，A 与 B 是相交的。
gjk-seed-cycle = 原文版本的循环没有进展检测，所以它一次又一次地加入同一个支撑点；如果没有迭代上限，它永远不会停下。它的最佳猜测是{ $right ->
        [yes] 对的
       *[no] 错的
    }：A 与 B { $intersect ->
        [yes] 相交
       *[no] 分离
    }。
gjk-seed-wrong = 这是原文的版本给出的答案，但它是错的：A 与 B { $intersect ->
        [yes] 相交
       *[no] 是分离的
    }。
