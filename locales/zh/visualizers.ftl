# 各算法逐步讲解共用的句子（src/app/visualizers/mod.rs）。
# 数字已格式化后传入（"0.25"、"(1.50, −2.00)"）；计数以数字传入。

vis-title-intro = 第一步之前
vis-title-result = 结果
vis-title-start = 第一个搜索方向
vis-title-added = 加入单纯形

# 两个句子前后相接（中文句间不加空格）。
vis-then = { $first }{ $second }

vis-seed-miss = 这是原文的版本给出的答案，但它是错的：把 B 移动 { $offset } 后，B 仍嵌在 A 中，深度为 { $depth }，所以并没有把两者分开（因此不画 B 的虚影：它并没有移出去）。

vis-region-vertex = 顶点 { $name }
vis-region-edge = 边 { $from }{ $to }
vis-region-interior = 三角形内部

vis-source-vertex = { $shape } 的顶点 { $index }
vis-source-point = { $shape } 上的点 { $point }
vis-sources = { $a } 减去 { $b }

vis-region-single-point = 单纯形只有一个点，所以这个点就是它离原点最近的特征。
vis-region-which = 单纯形的哪个特征离原点最近？原点位于 { $feature } 的 Voronoi 区域（阴影部分）中。{ $dropped ->
        [0] 没有点被丢弃。
       *[other] 其余的点被丢弃（显示为虚影）；单纯形保留 { $kept } 个点。
    }

vis-instead = { $text }点击下方按钮可切换到 { $algorithm }，它能处理这一对图形。

vis-start = { $fallback ->
        [yes] A 和 B 的形心重合，所以从 x 轴方向开始搜索：
       *[no] 从 A 的形心朝 B 的形心开始搜索：
    }d = { $d }。任何方向都可以；这个方向通常能更快找到答案。

vis-added = w 作为 { $name } 加入单纯形；单纯形现在是{ $shape ->
        [point] 单个点 { $name }
        [segment] 线段 { $points }
       *[triangle] 三角形 { $points }
    }。
