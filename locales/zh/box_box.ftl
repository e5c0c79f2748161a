# 矩形对矩形（src/app/visualizers/box_box.rs；裁剪和结果用面分离的，见 locales/*/face_separation.ftl）。

bb-intro = 两个矩形是物理引擎里最常见、也最便宜的一对图形：矩形只有两条轴，而每条轴上只有朝向另一个矩形的那个面才重要。所以四个闭式公式——两个矩形在每条轴上的投影区间之间的间隙——就给出了面分离的结果，而用矩形的面做裁剪只是与它的半长比较一下。结果与面分离相同，却不需要遍历顶点。点击“下一步 ▶”开始第一步。

# 图形的种类（$a、$b：fs-kind、bb-rectangle 或 bb-polygon）。
bb-not-applicable = 矩形对矩形不适用于{ $a }和{ $b }：它需要两个矩形，要检测的只有它们的四条轴。
bb-rectangle = 矩形
bb-polygon = { $vertices } 个顶点的多边形

bb-title-circles = 包围圆
bb-title-frame = A 的矩形坐标系
bb-title-axis = { $shape } 的轴 { $k }

bb-frame = 每个矩形都位于以其位置为圆心、过其最远角点的圆内（半径分别为 { $r_a } 和 { $r_b }，虚线）{ $circles ->
        [apart] ，而这两个圆相距 { $gap }（|p_B − p_A| − r_A − r_B）：圆内的矩形也是分离的，不需要度量任何轴。
       *[overlap] ；两个圆重叠，所以要由各条轴来判定。一切都在 A 的矩形坐标系中度量：它的中心和坐标轴 e₀、e₁（箭头 e0、e1）。在这里，B 的中心位于 d = { $d }，B 的坐标轴转过了 { $degrees }°。剩下需要的只是每个矩形沿自身坐标轴的半长 h₀、h₁。
    }

# $verdict："gap"（s > 0）、"largest"（这条轴的 s 是目前最大的）、"kept"。
bb-axis = { $own } 的轴 { $k }，u = { $u }。两个中心沿它相距 |d·u| = { $centres }，{ $own } 的投影从中心伸出 h = { $h }，{ $other } 的伸出 |u·e₀|·h₀ + |u·e₁|·h₁ = { $reach }；所以 s = { $centres } − { $h } − { $reach } = { $s }，即 { $own } 的面 { $face }（朝向 { $other } 的那个面）的分离量。{ $verdict ->
        [gap] s > 0：两个投影区间不相交——有间隙，所以两个矩形是分离的，搜索到此结束。
        [largest] { $other } 的角点 w 位于这个面后方 { $behind }：这是 { $own } 的各条轴中目前最大的 s。
       *[kept] { $other } 的角点 w 位于这个面后方 { $behind }；{ $own } 的轴 { $best } 仍保有更大的 s，即 { $best_s }。
    }在 A − B 中，这个面是一条离原点 −s = { $minus_s } 的边（虚线）。

# $why："b"（B 的更大）、"tolerance"（B 的大得不超过容差：保留 A 的）、"a"。
bb-reference = A 最大的分离量为 { $s_a }，B 的为 { $s_b }：{ $why ->
        [b] B 的更大
        [tolerance] B 的只大了不超过接触容差，所以保留 A 的（不会在平行的面之间来回跳变）
       *[a] A 的更大（或两者相等：此时保留 A 的）
    }。所以 { $shape } 的面 { $face } 就是参考面：穿透深度为 −s = { $depth }，从 A 指向 B 的法线为 n = { $n }。
