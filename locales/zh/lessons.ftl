# 课程页面、预测题（Predict）及其提问框、场景简介。
# 术语以 docs/glossary.md 为准。

scene-intro = 场景：{ $title }
scene-untitled = 场景

lesson-page-heading = { $title } — 第 { $page } / { $pages } 页
lesson-drag-d = d（拖动）
lesson-drag-p = P（拖动）
lesson-region-edge = 边 { $edge }
lesson-region-inside = { $triangle } 的内部
lesson-relation-overlap = 重叠
lesson-relation-apart = 分离
lesson-no-toi = 没有这样的时刻：这一步内它们不会接触
lesson-previous-page = ◀ 上一页
lesson-next-page = 下一页 ▶
lesson-page-up = Page Up 键
lesson-page-down = Page Down 键
lesson-code-panel = 在这里编写：代码面板
lesson-show-mine = 显示 mine.jsonl
lesson-show-mine-hover = 把你的程序写出的轨迹画在 gjk-lab 的运行之上，并检查它
lesson-end = 本课结束：{ $total } 次预测中答对 { $right } 次。按 K 离开课程。
lesson-now-know = 你现在知道了
lesson-next-lesson = 下一课：{ $title } ▶
lesson-opens-at-one = 从第 1 页打开
lesson-last = 这是最后一课。
lesson-open-in-lab = 在实验室中打开
lesson-open-in-lab-hover = 离开课程：在双图形模式中打开同一个场景，自由探索（按 K 回到课程）
lesson-all = 全部课程
lesson-list-entry = { $title }（已看 { $seen } 页；答对 { $right } 次，答错 { $wrong } 次）
lesson-welcome = 第一次来？课程从零讲起 ——
lesson-start = 开始学习
lesson-start-hover = 随时按 K 进入或离开课程
lesson-dismiss-hover = 现在不要，以后启动时也不再提示：课程仍在模式菜单中，按 K 即可打开
lesson-free-lab = 课程的场景，可自由探索（按 K 回到课程）
lesson-check-browser = 要检查某个阶段，请打开代码面板（下方的“在这里编写”），用 JavaScript 写出这个阶段，再对 A 和 B 点“运行”：页面会立即检查你的运行，并把你的支撑点画在 gjk-lab 的支撑点之上。
lesson-check-where-browser = 在你自己的电脑上、gjk-lab 的文件夹中
lesson-check-where-desktop = 在项目文件夹中
lesson-check-show = { " " }“显示 mine.jsonl”（下方）会把你的运行画在 gjk-lab 的运行之上，文件每次改变都会重新绘制。
lesson-check = 要在本页这一对图形上检查某个阶段，请{ $place }运行：gjk-lab world { $file } --pair { $a },{ $b } | python3 examples/your-gjk/{ $starter }.py > mine.jsonl（或 node examples/your-gjk/{ $starter }.js），然后运行 gjk-lab check { $file } --pair { $a },{ $b } --algo { $key } --trace mine.jsonl。{ $show }

question-hint = 提示：{ $rule }。
question-hint-button = 提示
question-hint-hover = 判定它的规则，而不是答案
question-show-me = 直接揭晓
question-show-me-hover = 不作答，直接显示下一步
question-numbers-drawn = 每个候选的数值都标在它的标记旁边。
question-score = 得分：答对 { $right } 次，答错 { $wrong } 次

question-next-support = 预测：下一个支撑点在哪里？在 A − B（紫色视图）中选出它。
question-kept-feature = 预测：单纯形的哪一部分离原点最近、会被保留？在 A − B（紫色视图）中选出那个点或那条边。
question-closest-edge = 预测：EPA 下一步会扩展多边形的哪条边？在 A − B（紫色视图）中选出它。
question-separating-axis = 预测：哪条边的法线上，两个投影之间有间隙？在世界视图中选出那条边（法线上有间隙的任意一条边都算对）。
question-mtv-axis = 预测：哪条边的法线给出最小的重叠量（即 MTV 的方向）？在世界视图中选出那条边。
question-reference-edge = 预测：哪条边会成为参考边？在世界视图中选出它。
question-reference-face = 预测：哪个面会成为参考面？在世界视图中选出它的边。
question-centre-region = 预测：圆心位于多边形的哪个区域：某个顶点的、某条边的，还是内部？在世界视图中选出那个顶点、那条边的中点，或多边形的中心。
question-next-swap = 预测：插入排序下一步会交换哪两个相邻的端点？在端点列表中选出它们之间的空隙。
question-ray-entry = 预测：从原点出发的射线在哪里第一次进入 A − B？在 A − B（紫色视图）中选出射线上的那个点。
question-deepest-point = 预测：在 t2 时刻，另一个图形的哪个顶点最深地压向这个面（沿法线 n 的分离量最小）？在世界视图中选出它，图形按 t2 时刻绘制。
question-safe-step = 预测：这一步安全推进会把 t 推进到哪个时刻？在世界视图下方的时间轴上选出它。
question-sample-hit = 预测：哪个采样会最先发现 A 和 B 接触？在世界视图下方的时间轴上选出它的时刻；如果没有任何采样发现，就选 t = 1 之后的那个圆环。

rule-next-support = 支撑点是 A − B 上沿箭头 d 方向最远的点
rule-kept-feature = GJK 保留其 Voronoi 区域包含原点的那部分单纯形：也就是包含单纯形上离原点最近点的最小部分
rule-closest-edge = EPA 扩展所在直线离原点最近的那条多边形边
rule-separating-axis = 当两个投影在某条轴上有间隙时，这条轴就是分离轴：重叠量 = min(a1 − b0, b1 − a0) 小于零（任意一条这样的轴都算对）
rule-mtv-axis = 当每条轴上都有重叠时，MTV 沿重叠量最小的那条轴
rule-reference-edge = 参考边是另一个图形沿其外法线越过得最少的那条边：重叠最小的面（两个面平行时不分先后：选哪个都对；程序保留 A 的）
rule-reference-face = 参考面是分离量 s = n·(w − v) 最大的面，其中 w 是另一个图形沿 −n 最深的顶点：也就是另一个图形越过得最少的面（两个面平行时不分先后：选哪个都对；程序保留 A 的）
rule-centre-region = 圆心所在的区域，属于多边形上离它最近的部分：某个顶点（圆心位于它两条边的端点之外）、某条边（圆心在这条边旁边、两端点之间），或内部
rule-next-swap = 插入排序交换最左边一对顺序错误的相邻端点（左边的端点比右边的大）
rule-ray-entry = 射线穿过了每条朝向它的边所在的直线之后才在 A − B 内部，所以它在这些交点中的最后一个进入：λ 最大的那个
rule-deepest-point = 最深的顶点是在 t2 时刻沿面的法线 n 反方向最远的顶点：它到这个面的分离量 n·(b − a) 最小，即沿 −n 的支撑点
rule-safe-step = 间隙 d − s 缩小的速度不会超过 μ = (v_A − v_B)·n + |ω_A|·R_A + |ω_B|·R_B（沿 n 相互接近的速度，加上旋转可能增加的部分），所以 t 推进 Δt = (d − s)/μ
rule-sample-hit = 采样检测在第一个发现 A 与 B 落在目标间距之内的采样处看到命中（间隙不超过 0；小于 0 表示重叠）；如果每个采样都发现它们分离，它就看不到命中，即使它们在两次采样之间相遇过
