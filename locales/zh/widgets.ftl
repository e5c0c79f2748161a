# 面板共用的小部件（src/app/widgets.rs）和图例条目（src/app/legend.rs）。
# 术语以 docs/glossary.md 为准。

# $title：算法的标题。
widgets-pseudo-code = 伪代码：{ $title }
widgets-legend = 图例
widgets-legend-hover = 只列出当前步骤画出的内容。悬停在条目上可查看它用到的术语；所有术语都在帮助标签页的术语表中。

## 图例条目：视图中每种颜色的含义。
legend-a-its-shadow-on-the = A；它在轴上的投影区间
legend-b-its-shadow-on-the = B；它在轴上的投影区间
legend-shape-a = 图形 A
legend-shape-b = 图形 B
legend-other-shapes = 其他图形
legend-concave-its-convex-parts = 凹多边形：拆出的凸块
legend-rejected-edit-edges-cross = 被拒绝的修改（边相交）
legend-rings-dashed-gjk-labs-own = 圆环、虚线：gjk-lab 自己在这里的运行
legend-a-b-n-is-a = A − B：n 是一个面的法线
legend-o-overlap-distance-to-face = O：重叠量 = 到面的距离
legend-minkowski-difference-a-b = 闵可夫斯基差 A − B
legend-dashed-the-core-of-a = 虚线：A − B 的核心形状
legend-origin-o-of-a-b = A − B 的原点 O
legend-search-direction-d-d = 搜索方向 d、−d
legend-support-point-w-a-b = 支撑点 w = a − b；a、b
legend-simplex = 单纯形
legend-dropped-point-ghost = 被丢弃的点（虚影）
legend-voronoi-region-holding-o = O 所在的 Voronoi 区域
legend-closest-point-v-weights = 最近点 v（权重 λ）
legend-closest-point-v = 最近点 v
legend-foot-nearest-point-of-a = 垂足：直线上的最近点
legend-epa-polytope = EPA 扩展多边形
legend-closest-edge-its-normal-n = 最近边、其法线 n、距离
legend-separating-line = 分离线
legend-origin-inside-overlap = 原点在内部：重叠
legend-distance-closest-points = 距离；最近点
legend-depth-along-n-b-moved = 沿 n 的深度；移出后的 B
legend-axis-n-tested-its-edge = 正在检测的轴 n 及其边
legend-smallest-overlap-so-far = 目前最小的重叠量
legend-smallest-overlap-the-mtv = 最小的重叠量：即 MTV
legend-separating-axis-the-gap = 分离轴；间隙
legend-collision-normal-n-depth = 碰撞法线 n、深度
legend-reference-edge-its-face-n = 参考边、参考面；n
legend-incident-edge = 入射边
legend-other-facing-edge = 另一条朝向对方的边
legend-side-plane = 侧平面
legend-the-side-a-plane-cuts = 侧平面切掉的一侧
legend-incident-edge-after-the-clip = 裁剪后的入射边
legend-cut-off-ghost = 被切掉的部分（虚影）
legend-kept-point-its-depth = 保留的点及其深度
legend-dropped-above-the-face = 丢弃：位于参考面上方
legend-contact-point-depth = 接触点、深度
legend-bound-line-through-w-perpendicular = 过 w 且垂直于 d 的下界线
legend-dashed-the-face-as-an = 虚线：作为 A − B 一条边的面
legend-dotted-whole-b-moved-out = 点线：整个 B 移出后的位置
legend-dashed-a-and-b-at = 虚线：时刻 t 时的 A 和 B
legend-filled-a-and-b-at = 实心：碰撞时的 A 和 B
legend-dotted-the-touch-the-samples = 点线：采样漏掉的接触
legend-ray-r-from-o-x = 从 O 出发的射线 r；x = λ·r
legend-d-from-a-bs-nearest = d：从 A − B 的最近点指向 x
legend-ws-line-a-b-lies = w 所在的直线：A − B 在它后方
legend-edge-line-a-b-lies = 一条边所在的直线：A − B 在它后方
legend-face-gap-s = 间隙 s：从面所在直线到最深的顶点
legend-normal-n-from-a-towards = 法线 n，从 A 指向 B
legend-deepest-points-along-n = 沿 n 最深的点
legend-c-the-circles-ellipses-centre = c：圆心（椭圆的中心）
legend-w-other-polygons-deepest-vertex = w：另一个多边形最深的顶点
legend-edge-its-normal-separation-s = 边、其法线、分离量 s
legend-shaded-the-centres-region = 阴影：圆心所在的区域
legend-q-the-polygons-point-nearest = q：多边形上离 c 最近的点
legend-n-normal-from-q-towards = n：从 q 指向 c 的法线
legend-dashed-squashed-plane-where-the = 虚线：压缩后的平面，椭圆在其中是圆
legend-squashed-edge-its-separation-s = 压缩后的边、其分离量 s'
legend-q-squashed-polygons-point-nearest = q'：压缩后的多边形上离 c 最近的点
legend-e-or-a-the-first = e 或 a：第一个图形沿 m 的点
legend-m-direction-gap-between-the = m：方向，两条直线间的间隙
legend-in-a-b-the-gap = 在 A − B 中：到垂直于 m 的直线的间隙
legend-the-face-checked = 所检查的面
legend-dashed-bounding-circles = 虚线：包围圆
legend-d-b-a-the-vertex = d = b − a：顶点对
legend-shape-in-no-pair = 不在任何图形对中的图形
legend-bounding-box-aabb = 包围盒（AABB）
legend-pair-aabbs-overlap = 图形对：AABB 重叠
legend-contact-shapes-touch = 接触：图形相接触
legend-active-list-sweep = 活动列表（扫描）
legend-sweep-line-a-swap = 扫描线；一次交换
legend-min-end-point-up = 最小端点（向上）
legend-max-end-point-down = 最大端点（向下）
legend-a-polygons-own-axes-x = 多边形自身的坐标轴 x'、y'
legend-as-box-axes-e0-e1 = 矩形 A 的坐标轴 e0、e1
