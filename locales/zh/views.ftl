# 视图的标题和画在视图里的文字（d、w、n、O 等符号保持不变）。
# 视图的内置字体没有 "−"：“A - B” 用连字符书写。

view-world = 世界
view-minkowski = A - B（闵可夫斯基差）
view-minkowski-parts = A - B（A 的凸块 { $i }，B 的凸块 { $j }）
view-gjk-lab-here = gjk-lab 的运行在此
view-gjk-lab-here-parting = gjk-lab 的运行在此：两次运行从这里分开
view-yours = 你的第 { $k } 个
view-your-line = 你的第 { $line } 行：{ $rule }
view-separating-line = 分离线
view-overlap = 重叠
view-distance = 距离 { $d }
view-depth = 深度 { $d }
view-b-moved-out = B 移出后
view-whole-b-moved-out = 整个 B 移出后
view-core = 核心形状
view-new = 新点
view-dropped = 已丢弃
view-bound-line = 下界线
view-edge-of-difference = A - B 的边
view-origin-inside = 原点在内部
view-side-plane = 侧平面 { $plane }
view-cut = 裁掉
view-normal-from = n（{ $source }），深度 { $d }
view-w-line = 过 w 的直线
view-edge-line = 边所在的直线
view-difference-at = t = { $t } 时的 A - B
view-no-sample = 无
view-gap = 间隙

# 多图形视图。
view-many = 世界：粗检测
view-many-paused = 世界：粗检测（已暂停）
view-many-stepped = 世界：粗检测，逐步扫描
view-many-held = { $name }（包围盒 { $i }）
view-many-pair = 图形对
view-many-no-pair = 不成对
view-sweep-line = 扫描线
view-many-axis-one-strip = 沿 { $axis } 轴的端点（一个条带）：min 在上，max 在下
view-many-axis-strip = 沿 { $axis } 轴的端点，条带 { $strip }（条带编号 0 到 { $last }）：min 在上，max 在下
view-many-list = 端点列表（按顺序）：
view-part = 凸块 { $k }
view-slider-t = 滑块：t = { $t }
