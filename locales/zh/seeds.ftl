# 原文的版本（或你的设置）与 gjk-lab 的运行对照：第一步和出现差别那一步的句子、
# 运行如何结束，以及每个版本的错误。错误描述中的数字在两种语言中相同，顺序也相同。

pair-two-shapes-needed = 需要两个图形
pair-two-shapes-needed-why = 这个场景至少需要两个图形：一个作为 A，一个作为 B。

seed-label = 原文的版本（{ $title }）
seed-label-with = 原文的版本（{ $title }），使用 { $settings }
seed-label-settings = 你的设置（{ $settings }）
seed-intro = 原文的版本（{ $title }）：{ $bug }。{ $narration }
seed-intro-settings = 这次运行使用你的设置（{ $settings }），而不是 gjk-lab 的。{ $narration }
seed-run = 原文的版本
seed-run-settings = 使用你的设置的运行
seed-there-shown = gjk-lab 的第 { $k } 步显示在伪代码下方，以便对照。
seed-there-ended = gjk-lab 的运行在这里已经结束。
seed-first-difference = { $run }在这里第一次与 gjk-lab 的运行出现差别：{ $there }{ $narration }
seed-ended-cap = 使用你的设置，运行以 iteration_limit 结束：它在能够作出判定之前就达到了 { $cap } 个支撑点的迭代上限。
seed-ended-as = 使用你的设置，运行在 { $steps } 步之后以 { $outcome } 结束。
seed-ended-after = 使用你的设置，运行在 { $steps } 步之后结束。
seed-intersecting = 相交
seed-apart = 分离
seed-wrong-side = 这个判定是错的：它说 A 和 B { $side }，而 gjk-lab 自己的设置判定它们{ $truly }。
seed-numbers-differ = 它和 gjk-lab 自己的设置一样判定 A 和 B { $side }，但数值不同（面板上显示了两者）。
seed-same-answer = 它的答案与 gjk-lab 的相同：A 和 B { $side }。
# $key：depth 或 distance。
seed-not-a-number = 它的{ $key ->
    [depth] 深度
   *[other] 距离
}不是一个数（NaN 或无穷大）。

variant-bug-ellipse-angle-support = 椭圆的支撑点被取为 d 的角度处的边界点 (a cos φ, b sin φ)，而它只有在 a = b 时才是支撑点；于是 GJK 会把分离的一对图形判为重叠，或把重叠的一对判为分离
variant-bug-no-progress-test = 循环既不检测新的支撑点是否更近，也没有接触容差，所以当原点落在 A − B 的一条边上时，它会一次又一次地加入同一个支撑点（这里由迭代上限停止）
variant-bug-foot-normals = 边的法线取自原点在边上的垂足，只有当垂足小于 float.Epsilon（1.4e-45）时才改用垂直方向；当 GJK 结束在一条穿过原点的线段上时，舍入误差会留下一个极小的垂足，两条边得到相同的法线，多边形只向一侧扩展并自相交
variant-bug-loose-tolerance = 当新的支撑点越过边的距离不超过 0.2 时，伪 EPA 就停止，这是一个绝对容差：在尺寸为 1 的图形上，它会停在一条离边界很远的边上，得到错误的深度和法线
variant-bug-obb-touching-separated = 只要一条轴上的重叠量 ≤ 0，OBB 检测就返回“分离”，所以两个恰好接触的矩形被判为分离
variant-bug-mtv-towards-centre = MTV 的轴被转向从 A 的顶点平均值指向 B 的顶点平均值，而不是指向测量重叠的那一侧；当一个图形包含另一个时，这会把它转到错误的方向，沿它移动 B 也无法分开两者
variant-bug-epa-float32 = EPA 在 ε = 1e-3（绝对值）时停止，32 次迭代后放弃（此时返回零向量），并且用 float 从世界坐标计算支撑点：远离原点时，坐标的舍入误差超过了重叠量

# 与 gjk-lab 不同的设置，与 `Settings::describe` 的措辞对应：
# “接触容差 0，最多 5 个支撑点”。
settings-touch = 接触容差 { $value }
settings-convergence = 收敛容差 { $value }
settings-cap = 最多 { $cap } 个支撑点
settings-f32 = 数值以 f32 存储
# 两项之间。
settings-next = { $list }，{ $item }
