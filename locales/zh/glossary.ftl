# 帮助标签页中的术语表，以及图例悬停提示中的术语（src/app/glossary.rs）：
# 每个术语的名称和含义。术语以 docs/glossary.md 为准。

glossary-minkowski-difference = 闵可夫斯基差 A − B
glossary-minkowski-difference-text = 所有 a − b 构成的点集，其中 a 属于 A，b 属于 B。A 与 B 重叠，当且仅当 A − B 包含原点 O；两者的距离就是 O 到 A − B 的距离。所以这里的每个算法都在 A − B 上计算，而不是直接处理这两个图形。
glossary-support-point = 支撑点
glossary-support-point-text = 图形上沿方向 d 最远的点。对 A − B 而言，支撑点 w = a − b，其中 a 是 A 沿 d 的支撑点，b 是 B 沿 −d 的支撑点：求 A − B 的一个支撑点，只需求 A 和 B 各一个支撑点，A − B 本身从不需要构造出来。
glossary-simplex = 单纯形
glossary-simplex-text = GJK 所维护的 A − B 的一个、两个或三个支撑点（点、线段、三角形）。每一步保留离原点最近的部分，再朝原点方向加入一个新点；若三角形包围了 O，就证明两者重叠。
glossary-voronoi-region = Voronoi 区域
glossary-voronoi-region-text = 平面上离单纯形的某个特征（一个点或一条边）比离其他特征都近的部分。O 所在的区域指出了离 O 最近的特征：GJK 保留这个特征，丢弃其余部分。
glossary-closest-point = 最近点 v
glossary-closest-point-text = 单纯形上离原点 O 最近的点（算法结束时，即 A − B 上离 O 最近的点）。GJK 保留单纯形中包含它的部分；GJK 距离算法接着从 v 朝 O 的方向搜索，停止时 |v| 就是距离。
glossary-barycentric = 重心坐标（权重 λ）
glossary-barycentric-text = 满足 λ ≥ 0 且 Σλ = 1 的一组数，把最近点写成单纯形各顶点的加权组合：v = λ₁w₁ + λ₂w₂。同样的权重也用来组合 A 上和 B 上的对应点。
glossary-feet = 垂足（最近点对）
glossary-feet-text = A 与 B 上彼此最近的两个点：λ₁a₁ + λ₂a₂ + … 和 λ₁b₁ + λ₂b₂ + …，即单纯形各点的来源按 λ 加权。它们的差就是 A − B 的最近点 v。（伪 EPA 也把直线上离 O 最近的点称为垂足。）
glossary-bound-line = 下界线
glossary-bound-line-text = 过支撑点 w、垂直于 d 的直线。整个 A − B 都在它的后方，所以在 GJK 距离算法中，距离至少等于 O 到这条线的距离。
glossary-progress-test = 进展检测
glossary-progress-test-text = GJK 距离算法的终止条件：|v|² − v·w 表示新的支撑点 w 最多还能让 v 靠近多少。当它小到可以忽略时，再没有支撑点能更近：v 就是 A − B 上离 O 最近的点。
glossary-core = 核心形状
glossary-core-text = 圆可以看作它的圆心向外扩张一个半径（椭圆则不行）。GJK 和 EPA 在核心形状的差上计算（先不计半径），最后再加上半径：即 A − B 内部的虚线轮廓。
glossary-polytope = 扩展多边形
glossary-polytope-text = EPA 在 A − B 内部维护的多边形，由 GJK 的最后一个单纯形扩展而来。每一步取它离 O 最近的边，用一个新的支撑点把这条边向外推；当外面再没有更远的点时，这条边就是 A − B 上离 O 最近的面。
glossary-mtv = 最小平移向量（MTV）
glossary-mtv-text = 能把两个图形分开的 B 的最短移动：它的长度是穿透深度，方向是碰撞法线 n。EPA 把它求作 A − B 上离 O 最近的面；SAT 把它求作重叠量最小的轴。
glossary-separating-axis = 分离轴
glossary-separating-axis-text = 这样一个方向：A 和 B 在它上面的投影区间互不重叠。只要存在这样的轴，两个凸图形就是分离的；SAT 逐一尝试每条边的法线。
glossary-reference-edge = 参考边
glossary-reference-edge-text = 裁剪中，最接近正对碰撞法线方向的那条边；用它的参考面和侧平面去裁剪另一条边。
glossary-incident-edge = 入射边
glossary-incident-edge-text = 裁剪中，另一个图形上最正对参考边的那条边；它被裁剪到只剩接触点。
glossary-clipping = 裁剪
glossary-clipping-text = 先用参考边的侧平面裁掉入射边超出的部分，再丢弃位于参考面前方的点：剩下的就是接触点。
glossary-side-plane = 侧平面
glossary-side-plane-text = 过参考边的一个端点、垂直于参考边的直线。裁剪会切掉入射边在每个侧平面之外的部分。
glossary-dot-product = 点积 p·d
glossary-dot-product-text = px·dx + py·dy，等于 |p|·|d|·cos(两者的夹角)：p 沿 d 方向伸出的长度乘以 |d|（p·d/|d| 才是 p 沿 d 伸出的长度）。沿 d 的支撑点就是点积最大的那个点。
glossary-normal = 法线
glossary-normal-text = 垂直于一条边、指向图形外侧的单位方向。SAT 把图形投影到各边的法线上；EPA 沿最近边的法线向外扩展。
glossary-strip = 条带
glossary-strip-text = 包围盒很多时，扫描与剪枝把平面沿扫描轴的垂直方向分成若干条带，每个条带各有一份排好序的端点列表：一个包围盒出现在它所触及的每个条带中。包围盒不多时，一个条带就够了。
