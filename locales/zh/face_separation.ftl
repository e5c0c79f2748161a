# 面分离（src/app/visualizers/face_separation.rs；矩形对矩形和多边形距离也用这些步骤）。

fs-intro = 物理引擎不用 GJK 也不用 EPA，是怎样求出两个多边形在哪里接触的（Box2D 就是这样做的）？SAT 在每条轴上比较两个图形的投影；面分离则只问每个面一个问题：另一个多边形伸到它后面有多深？这就是 s = n·(w − v)，其中 w 是另一个多边形最深的顶点。s 为正就是有间隙；否则 s 最大的那个面就是参考面，−s 就是穿透深度，再用它裁剪就得到接触点。点击“下一步 ▶”开始第一步。

# 图形的种类（$kind：polygon、circle、ellipse、concave、capsule、segment、rounded）。
fs-kind = { $kind ->
        [segment] 线段
        [circle] 圆
        [ellipse] 椭圆
        [concave] 凹多边形
        [capsule] 胶囊体
        [rounded] 圆角多边形
       *[polygon] 多边形
    }
fs-not-applicable = 面分离不适用于{ $a }和{ $b }：它需要两个凸多边形，要检测的只有它们的各个面。

fs-title-frame = 把 B 放进 A 的局部坐标系
fs-title-face = { $shape } 的面 { $i }
fs-title-reference = 参考面

fs-frame = 一切都在 A 自己的局部坐标系中度量（它的坐标轴 x'、y' 画在它的位置上）。B 只需放进去一次：相对 A 转过 { $degrees }°，位于 t = { $t }。此后每个检测都只是一次点积，而且只移动检测要用到的顶点。{ $circles ->
        [apart] 每个多边形都位于以其位置为圆心、过其最远顶点的圆内，而这两个圆相距 { $gap }（|t| − r_A − r_B）：圆内的多边形也是分离的，不需要度量任何面。
       *[overlap] 它们的包围圆（以各自的位置为圆心、过最远顶点）重叠，所以要逐个度量各个面。
    }

# $first：面 0 为 "yes"（扫描求得），否则 "no"（沿边行走求得）；s > 0 时 $gap 为 "yes"；
# 这个面的 s 是目前最大时 $running 为 "this"。
fs-face = { $own } 的面 { $i }，外法线 n = { $n }：{ $other } 在它后面最深的顶点是 w = { $w }（{ $other } 的顶点 { $k }，{ $first ->
        [yes] 由扫描 { $other } 的各个顶点求得
       *[no] 从上一个面的 w 出发向前行走、只要下一个顶点更深就继续而求得（它随法线一起转动）
    }）。s = n·(w − v) = { $s }：{ $gap ->
        [yes] s > 0：{ $other } 整个位于这个面的前方——有间隙，所以两个多边形是分离的，搜索到此结束。
       *[no] w 位于这个面所在直线的后方 { $behind }；{ $running ->
            [this] 这是目前最大的
           *[other] 面 { $best } 的 { $best_s } 仍是最大的
        }。
    }在 A − B 中，这个面是一条{ $own ->
        [A] 法线相同
       *[B] 法线相反
    }的边，离原点 −s = { $minus_s }（虚线）。

# $why："tolerance"（B 的大得不超过容差，保留 A 的）、"a"、"b"。
fs-reference = A 最大的分离量属于面 { $face_a }，为 { $s_a }；B 的属于面 { $face_b }，为 { $s_b }。{ $why ->
        [tolerance] B 的只大了不超过接触容差：保留 A 的，这样拖动图形时选择不会在平行的面之间来回跳变。
        [a] A 的更大（或两者相等：此时保留 A 的，这样拖动图形时选择不会来回跳变）。
       *[b] B 的更大。
    }所以 { $reference } 的面 { $face } 就是参考面：穿透深度为 −s = { $depth }，从 A 指向 B 的碰撞法线为 n = { $n }。没有哪条轴给出更小的重叠量：A − B 的各条边的法线恰好就是这些面的法线。

# 画在世界视图底部的面的标签。
fs-label-reference = 参考面：{ $shape } 的面 { $face }
fs-label-other = 另一个：{ $shape } 的面 { $face }，s = { $s }

fs-done-circles = 分离：以各自位置为圆心的包围圆相距 { $gap }，所以圆内的多边形至少相距这么远；没有度量任何面。
fs-done-separated = 分离：{ $shape } 的面 { $face } 的前方容下了整个 { $other }，s = { $s } > 0。两个多边形至少相距 s（实际距离可能更大：角对角的间隙；GJK 距离可以测出它）。
fs-done-contact = 两者相交：穿透深度为 { $depth }，沿 n = { $n }（{ $reference } 的面 { $face }）；把 B 移动 depth·n 就能把它们分开。{ $count }：{ $list }。
