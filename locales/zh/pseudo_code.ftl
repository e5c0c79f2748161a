# 步骤旁的伪代码（src/app/widgets.rs 的 `pseudo_code`），每行一条消息：
# pseudo-算法-N 是核心 `Algorithm::pseudo_code()` 的第 N 行（从 1 数起；`sap` 是多图形模式中
# 扫描与剪枝的伪代码）。开头的空格由窗口按英文行的缩进补上。代码的符号保持不变，只翻译其中的词。

## gjk
pseudo-gjk-1 = d ← 从 A 的中心指向 B 的中心
pseudo-gjk-2 = 循环
pseudo-gjk-3 = w ← support_A(d) − support_B(−d)   （支撑点）
pseudo-gjk-4 = 若 w·d/|d| + r_A + r_B < 0：返回 分离
pseudo-gjk-5 = 若 w 不再更近：停止
pseudo-gjk-6 = simplex ← simplex + {"{"}w{"}"}   （加入单纯形）
pseudo-gjk-7 = 保留离原点最近的特征（Voronoi 区域）
pseudo-gjk-8 = 若原点在三角形内：返回 重叠
pseudo-gjk-9 = 圆角：|cores| ≤ r_A + r_B：重叠
pseudo-gjk-10 = d ← 从该特征指向原点

## distance
pseudo-distance-1 = d ← 从 A 的中心指向 B 的中心
pseudo-distance-2 = 循环
pseudo-distance-3 = w ← support_{"{"}A−B{"}"}(d)   （支撑点）
pseudo-distance-4 = 若 |v|² − v·w ≤ ε|v|²：停止
pseudo-distance-5 = simplex ← simplex + {"{"}w{"}"}   （加入单纯形）
pseudo-distance-6 = 保留离原点最近的特征（Voronoi 区域）
pseudo-distance-7 = v ← 最近点，v = Σ λi·wi
pseudo-distance-8 = 圆角：|cores| ≤ r_A + r_B：重叠
pseudo-distance-9 = d ← −v
pseudo-distance-10 = 曲线图形：转动 d 直到 w 落在它的方向上（牛顿法）
pseudo-distance-11 = A 上：Σ λi·ai + r_A·n，  B 上：Σ λi·bi − r_B·n，  距离 |v| − r_A − r_B   （n = −v/|v|）

## epa
pseudo-epa-1 = 扩展多边形 ← GJK 最终的单纯形；  U ← ∞
pseudo-epa-2 = 循环
pseudo-epa-3 = e ← 离 O 最近的边（法线 n，距离 e.d）
pseudo-epa-4 = w ← support_{"{"}A−B{"}"}(n)；  U ← min(U, w·n)
pseudo-epa-5 = 若 U − e.d ≤ ε：返回 深度 U + r_A + r_B，法线 n
pseudo-epa-6 = 在 w 处把 e 拆成两条边
pseudo-epa-7 = 圆角：深度 ← r_A + r_B − |cores|
pseudo-epa-8 = A、B 分离或 A − B 没有面积：无深度
pseudo-epa-9 = A − B 为曲线：转动 n 直到 w(n) ‖ n（牛顿法）

## pseudo-epa
pseudo-pseudo-epa-1 = p, q, r ← GJK 的三角形（r 最新）
pseudo-pseudo-epa-2 = 循环
pseudo-pseudo-epa-3 = fp ← 直线 pr 上的垂足；  fq ← 直线 qr 上的垂足
pseudo-pseudo-epa-4 = 若 |fp| > |fq|：p ← q; q ← r; d ← fq/|fq|
pseudo-pseudo-epa-5 = 否则：          q ← r;        d ← fp/|fp|
pseudo-pseudo-epa-6 = r ← support_{"{"}A−B{"}"}(d)   （支撑点）
pseudo-pseudo-epa-7 = 若 (r − p)·d ≤ tol：返回 直线 pq 上的垂足（其长度 + r_A + r_B）
pseudo-pseudo-epa-8 = 圆角：深度 ← r_A + r_B − |cores|

## sat
pseudo-sat-1 = 对每条轴 n：先 A 的边法线，再 B 的
pseudo-sat-2 = 把 A 和 B 投影到 n 上：[a₀, a₁], [b₀, b₁]
pseudo-sat-3 = o ← min(a₁ − b₀, b₁ − a₀)   （重叠量）
pseudo-sat-4 = 若 o < 0：返回 分离（n 是分离轴）
pseudo-sat-5 = 若 o < best.o：best ← (o, ±n)
pseudo-sat-6 = 返回 重叠：MTV = best.o · best.n

## sat-obb
pseudo-sat-obb-1 = 对矩形的每条轴 n：先 A 的两条，再 B 的两条
pseudo-sat-obb-2 = r ← Σ |axis_k·n|·half_k；  投影区间 ← c·n ± r
pseudo-sat-obb-3 = o ← min(a₁ − b₀, b₁ − a₀)   （重叠量）
pseudo-sat-obb-4 = 若 o < 0：返回 分离（n 是分离轴）
pseudo-sat-obb-5 = 若 o < best.o：best ← (o, ±n)
pseudo-sat-obb-6 = 返回 重叠：MTV = best.o · best.n

## clip
pseudo-clip-1 = n ← 碰撞法线（GJK + EPA），A → B
pseudo-clip-2 = e_A ← A 朝向 n 的边；  e_B ← B 朝向 −n 的边
pseudo-clip-3 = 参考边 ← 重叠较少的那条（相同时取 A 的）
pseudo-clip-4 = 入射边 ← 另一图形上与参考法线最相对的边
pseudo-clip-5 = 用侧平面 1（参考边起点）裁剪入射边
pseudo-clip-6 = 用侧平面 2（参考边终点）裁剪入射边
pseudo-clip-7 = 保留参考面下方的点：深度
pseudo-clip-8 = 曲线图形：取它的最深点，一个接触点
pseudo-clip-9 = 圆角部分接触：B 的最深点
pseudo-clip-10 = 返回 接触点（1 或 2 个）

## circle-polygon
pseudo-circle-polygon-1 = c ← 圆心在多边形坐标系中的位置
pseudo-circle-polygon-2 = 若 |c| > R + r：两圆分离；接触点：无
pseudo-circle-polygon-3 = 对每条边 i：  s[i] ← n[i]·(c − v[i])
pseudo-circle-polygon-4 = best ← s[i] 最大的边 i
pseudo-circle-polygon-5 = 若 s > r：分离（δ ≥ s）；接触点到此为止：无
pseudo-circle-polygon-6 = t ← c 在最佳边上的投影位置（0..1）
pseudo-circle-polygon-7 = 当 c 越过它的端点 v、但未越过 v 时
pseudo-circle-polygon-8 = 沿 v 的另一条边：best ← 那条边
pseudo-circle-polygon-9 = 若 s ≤ 0 且 0 ≤ t ≤ 1：在内部；δ ← s, n ← n[i]
pseudo-circle-polygon-10 = 若 t ≤ 0 或 t ≥ 1：在端点 v 的顶点区域：
pseudo-circle-polygon-11 = δ ← |c − v|,  n ← (c − v)/δ
pseudo-circle-polygon-12 = 否则：面区域；δ ← s, n ← n[i]
pseudo-circle-polygon-13 = gap ← δ − r：gap > 0 则分离，否则深度为 −gap

## face-separation
pseudo-face-separation-1 = B 在 A 的坐标系中：R ← R_A^T·R_B, t ← R_A^T·(p_B−p_A)
pseudo-face-separation-2 = |t| > r_A + r_B：包围圆不相交：分离
pseudo-face-separation-3 = 对 A 的每个面 i：w ← B 沿 −n[i] 的支撑点
pseudo-face-separation-4 = s[i] ← n[i]·(w − v[i])；  若 s[i] > 0：分离
pseudo-face-separation-5 = 对 B 的每个面：同样，对 A 的顶点
pseudo-face-separation-6 = 参考面 ← s 最大的面（相同时取 A 的）
pseudo-face-separation-7 = 入射边 ← 另一图形上与参考法线最相对的边
pseudo-face-separation-8 = 用侧平面 1（参考边起点）裁剪入射边
pseudo-face-separation-9 = 用侧平面 2（参考边终点）裁剪入射边
pseudo-face-separation-10 = 保留参考面下方的点：深度
pseudo-face-separation-11 = 返回 深度 −s、法线和接触点

## box-box
pseudo-box-box-1 = |p_B − p_A| > r_A + r_B：包围圆不相交，分离
pseudo-box-box-2 = A 的矩形坐标系：d ← B 的中心 − A 的中心，  R ← B 的轴
pseudo-box-box-3 = 轴 u：s ← |d·u| − h − (|u·e₀|·h₀ + |u·e₁|·h₁)
pseudo-box-box-4 = 若 s > 0：分离
pseudo-box-box-5 = 参考面 ← s 最大的轴（相同时取 A 的）
pseudo-box-box-6 = 入射边 ← 另一矩形上与法线最相对的边
pseudo-box-box-7 = 用侧平面 1（参考边起点）裁剪入射边
pseudo-box-box-8 = 用侧平面 2（参考边终点）裁剪入射边
pseudo-box-box-9 = 保留参考面下方的点：深度
pseudo-box-box-10 = 返回 深度 −s、法线和接触点

## ellipse-polygon
pseudo-ellipse-polygon-1 = c, axes ← 椭圆在多边形坐标系中的中心和轴
pseudo-ellipse-polygon-2 = 对每条边 i：  s'[i] ← n[i]·(c − v[i]) / r(n[i])
pseudo-ellipse-polygon-3 = best ← 最大的 s'[i]；  δ' ← 压缩后的距离
pseudo-ellipse-polygon-4 = 若 δ' ≤ 1：相交；深度是最短的脱离路径：
pseudo-ellipse-polygon-5 = 穿过一个面：沿 m = −n[i] 为 −s[i]，s[i] 取最大
pseudo-ellipse-polygon-6 = 经过内部的顶点 v：到 e，即法线 m 经过 v 之处
pseudo-ellipse-polygon-7 = 若 v 沿 m 最低则计入；深度 ← 最短者
pseudo-ellipse-polygon-8 = m ← 映射回去的 q'：沿 m 投影区间分离
pseudo-ellipse-polygon-9 = 在面法线 m = −n[i] 处：t ← e 的投影位置
pseudo-ellipse-polygon-10 = 0 ≤ t ≤ 1：该面最近；否则在某个顶点的方向段
pseudo-ellipse-polygon-11 = 在顶点 v 的方向段：θ ← θ + gap'/(gap + ρ)
pseudo-ellipse-polygon-12 = 距离 ← gap(m)；最近点：e 与多边形上的对应点

## polygon-distance
pseudo-polygon-distance-1 = 以位置为中心的包围圆分离？m ← 两圆心的连线
pseudo-polygon-distance-2 = a ← A 沿 m 最远的顶点，b ← B 最近的
pseudo-polygon-distance-3 = 否则：B 的形心在 A 每个面的后方？相交
pseudo-polygon-distance-4 = 否则：B 在 A 的坐标系中；先 A 的每个面，再 B 的：
pseudo-polygon-distance-5 = s ← n·(w − v)；  s > 0：m ← n，分离：从这里开始遍历
pseudo-polygon-distance-6 = 没有面分离它们：相交，距离 0
pseudo-polygon-distance-7 = 在面法线处：t ← 另一图形顶点的投影位置
pseudo-polygon-distance-8 = 0 ≤ t ≤ 1：面与顶点最近，距离 = gap
pseudo-polygon-distance-9 = 否则：越过面的端点，到下一对顶点
pseudo-polygon-distance-10 = 在一对顶点处：d ← b − a；把 m 转向 d：
pseudo-polygon-distance-11 = 先到 d：这两个顶点最近，距离 |d|
pseudo-polygon-distance-12 = 否则：停在先到达的面法线
pseudo-polygon-distance-13 = 返回 距离和最近点

## discrete
pseudo-discrete-1 = 采样 t_k = k/(N − 1), k = 0 … N − 1   （N = 2：t = 0, 1）
pseudo-discrete-2 = 对每个采样 t_k：
pseudo-discrete-3 = 把 A 和 B 放到 t_k 时刻：x + t_k·v, θ + t_k·ω
pseudo-discrete-4 = d ← distance(A(t_k), B(t_k))   （GJK 距离）
pseudo-discrete-5 = 若 d ≤ target：返回 在 t_k 命中
pseudo-discrete-6 = 返回 未命中   （采样之间发生的事永远看不到）

## sub-stepping：与离散检测相同的伪代码（N 个采样）
pseudo-sub-stepping-1 = { pseudo-discrete-1 }
pseudo-sub-stepping-2 = { pseudo-discrete-2 }
pseudo-sub-stepping-3 = { pseudo-discrete-3 }
pseudo-sub-stepping-4 = { pseudo-discrete-4 }
pseudo-sub-stepping-5 = { pseudo-discrete-5 }
pseudo-sub-stepping-6 = { pseudo-discrete-6 }

## shape-cast
pseudo-shape-cast-1 = r ← v_B − v_A,  λ ← 0,  x ← 0,  d ← x − (A − B 上的一点)
pseudo-shape-cast-2 = 循环
pseudo-shape-cast-3 = w ← support_{"{"}A−B{"}"}(d)   （支撑点）
pseudo-shape-cast-4 = 若 d·(x − w) > σ|d|：   （x 在过 w 的直线之外，该线外扩 σ）
pseudo-shape-cast-5 = 若 d·r ≥ 0：返回 未命中   （射线不会再回来）
pseudo-shape-cast-6 = λ ← λ − (d·(x − w) − σ|d|)/(d·r),  x ← λ·r,  n ← d/|d|
pseudo-shape-cast-7 = 若 λ > 1：返回 未命中
pseudo-shape-cast-8 = simplex ← simplex + {"{"}w{"}"}   （加入单纯形）
pseudo-shape-cast-9 = d ← x − (单纯形上离 x 最近的点)；保留该特征
pseudo-shape-cast-10 = 若 |d| ≤ σ + ε：返回 在 t = λ 命中，法线 n
pseudo-shape-cast-11 = σ = 半径之和 + 目标间距：  A − B 扩大 σ

## sat-cast
pseudo-sat-cast-1 = r ← v_B − v_A,  t_in ← 0,  t_out ← 1   （t_in：进入时刻，t_out：离开时刻）
pseudo-sat-cast-2 = 对 A、再对 B 的每个面法线 n   （n 从 A 指向 B）：
pseudo-sat-cast-3 = s ← t = 0 时沿 n 的间隙；  c ← n·r   （时刻 t 的间隙为 s + t·c）
pseudo-sat-cast-4 = 若 c ≥ 0 且 s > 0：返回 未命中   （张开且永不闭合）
pseudo-sat-cast-5 = 若 c < 0 且 s + t_in·c > 0：t_in ← −s/c   （t_in 时仍张开：闭合得更晚）
pseudo-sat-cast-6 = 若 c > 0 且 s + t_out·c > 0：t_out ← −s/c   （t_out 时已张开：张开得更早）
pseudo-sat-cast-7 = 若 t_in > t_out：返回 未命中   （从未同时全部闭合）
pseudo-sat-cast-8 = 返回 在 t_in 命中，法线：决定 t_in 的那个面
pseudo-sat-cast-9 = （A − B 中法线为 n 的边：射线 x = t·r 在 t = −s/c 穿过它）

## conservative-advancement
pseudo-conservative-advancement-1 = t ← 0；  R_A, R_B ← 各自离旋转中心的最远距离
pseudo-conservative-advancement-2 = 循环
pseudo-conservative-advancement-3 = d, n ← distance(A(t), B(t))   （GJK 距离）
pseudo-conservative-advancement-4 = 若 d ≤ s + ε：返回 在 t 命中
pseudo-conservative-advancement-5 = μ ← (v_A − v_B)·n + |ω_A|·R_A + |ω_B|·R_B
pseudo-conservative-advancement-6 = 若 μ ≤ 0：返回 未命中   （间隙不会缩小）
pseudo-conservative-advancement-7 = Δt ← (d − s)/μ；   若 t + Δt > 1：返回 未命中
pseudo-conservative-advancement-8 = t ← t + Δt

## time-of-impact
pseudo-time-of-impact-1 = t1 ← 0   （目标间距 s，容差 ε）
pseudo-time-of-impact-2 = 循环
pseudo-time-of-impact-3 = d ← distance(A(t1), B(t1))   （GJK 距离）
pseudo-time-of-impact-4 = 若 d ≤ s + ε：返回 在 t1 命中
pseudo-time-of-impact-5 = f ← 沿最近特征的分离函数（两个点，或一个面）
pseudo-time-of-impact-6 = t2 ← 1；  循环   （回退）
pseudo-time-of-impact-7 = s2, (i, j) ← t2 时沿 f 的最深点   （若转动可能下探：t2 ← (t1 + t2)/2）
pseudo-time-of-impact-8 = 若 t2 = 1 且 s2 > s + ε 且无下探：返回 未命中
pseudo-time-of-impact-9 = 若 s2 ≥ s 且无下探：t1 ← t2，跳出   （该轴一直有效到 t2）
pseudo-time-of-impact-10 = s1 ← f_ij(t1)；  若 s1 ≤ s + ε：若 s1 ≥ s 且 d ≤ s + 2ε 则返回 在 t1 命中，否则返回 失败
pseudo-time-of-impact-11 = t2 ← f_ij(t) = s + ε/2 在 [t1, t2] 中的根   （过两端 f、f' 的三次曲线；二分法）

## sap
pseudo-sap-1 = 轴 ← 包围盒中心分布最广的那条
pseudo-sap-2 = 对横跨该轴的每个条带：
pseudo-sap-3 = 插入排序：交换顺序错误的相邻端点
pseudo-sap-4 = 一个 min 越过一个 max：overlaps ← overlaps + {"{"}它们这一对{"}"}
pseudo-sap-5 = 若条带刚建立（第一帧）：
pseudo-sap-6 = active ← ∅   （活动列表）
pseudo-sap-7 = 按顺序对每个端点 e：
pseudo-sap-8 = 若 e 是 min：
pseudo-sap-9 = 对 active 中的每个包围盒 b：overlaps ← overlaps + {"{"}(e.box, b){"}"}
pseudo-sap-10 = 若 e.box、b 在另一条轴上重叠：
pseudo-sap-11 = 报告这一对 (e.box, b)
pseudo-sap-12 = active ← active + {"{"}e.box{"}"}（加入）
pseudo-sap-13 = 否则：active ← active − {"{"}e.box{"}"}
pseudo-sap-14 = 否则：对 overlaps 中沿该轴仍重叠的每一对：
pseudo-sap-15 = 若它们在另一条轴上也重叠：报告这一对
pseudo-sap-16 = 图形对 → 精检测（对图形做 GJK）

## 扫描与剪枝伪代码的标题（多图形模式）。
pseudo-code-title-sap = 扫描与剪枝（SAP）
