# 裁剪：求接触点（src/app/visualizers/clip.rs；面分离和矩形对矩形也用这些步骤）。

clip-intro = 两个重叠的图形在哪里接触？物理引擎需要的不只是穿透深度，还有接触点：一个角戳进一条边时有一个，两条边贴在一起时有两个。裁剪从碰撞法线出发求出它们：选出参考边和入射边，用参考边的侧平面裁剪入射边，再保留位于参考面之下的部分。点击“下一步 ▶”开始第一步。

clip-title-round = 圆角部分接触
clip-title-curved = 最深点
clip-title-reference = 参考边
clip-title-incident = 入射边
clip-title-side-plane = 用侧平面 { $plane } 裁剪
clip-title-keep = 保留参考面之下的点

clip-round = { $reached ->
        [some] 裁剪后最深的点深度为 { $clipped }，不到
       *[none] 裁剪没有留下任何点，所以没有点达到
    }穿透深度 { $depth }：核心形状彼此分离，最近处是两个顶点，所以是圆角部分相接触（胶囊体的端头、圆角多边形的圆角），没有哪条边平贴在另一个图形上。唯一的接触点是 B 深入 A 最深的点 { $point }，深度为 { $contact_depth }（Box2D 的顶点–顶点接触）。
clip-curved = { $shape } 是曲线图形，所以两个图形只在一点接触：{ $shape } 沿法线方向的最深点 { $point }，穿透深度为 { $depth }。没有边需要裁剪。

clip-reference = GJK + EPA 给出从 A 指向 B 的碰撞法线 n = { $n }（深度 { $depth }）。A 的{ $a_core ->
        [yes] 核心边
       *[no] 边
    } { $edge_a } 朝向 B（它的外法线与 n 最一致），B 的{ $b_core ->
        [yes] 核心边
       *[no] 边
    } { $edge_b } 朝向 A。{ $cores ->
        [yes] 带半径的图形在其核心形状上裁剪（A 的半径 { $radius_a }，B 的半径 { $radius_b }）：它的面还要再向外偏移一个半径，所以每个越过量都计入了两个半径。
       *[no] { "" }
    }B 越过 A 的边 { $overlap_a }；A 越过 B 的边 { $overlap_b }。{ $why ->
        [tie] 两者相等（边互相平行）：保留 A 的边，这样拖动图形时选择不会来回跳变。
       *[smaller] 较小的那个，即 { $reference } 的边，才是两个图形真正接触的地方：它就是参考边。
    }

clip-incident = 入射边是 { $shape } 的{ $core ->
        [yes] 核心边
       *[no] 边
    } { $index }，它与参考法线 { $normal } 最接近反向：从 { $from } 到 { $to }。它将被裁剪到参考边旁边的那一段。

clip-side-plane = 侧平面 { $plane }：过参考边{ $end ->
        [first] 第一个
       *[second] 第二个
    }端点 { $point } 且垂直于该边的直线。{ $what ->
        [none] 入射边已经没有点可裁了。
        [all] 入射边的所有点都在它之外：整条边被裁掉，一个点也不剩。
        [nothing] 两个点都在保留的一侧：没有裁掉任何部分。
        [nothing-one] 剩下的那个点在保留的一侧：没有裁掉任何部分。
        [cut-on] 有 { $cut } 个点在它之外，被裁掉了；剩下的点恰好落在侧平面上，边就止于此处。
       *[cut] 有 { $cut } 个点在它之外，被裁掉了；现在这条边止于它与侧平面的交点 { $new }。
    }

clip-kept = { $point } 在参考面之下 { $depth }：保留
clip-dropped = { $point } 在参考面之上 { $height }：丢弃
clip-repeats = 又是 { $point }，深度 { $depth }：与第一个是同一个点，只保留一次
clip-verdicts = { $first }；{ $second }
clip-keep-how = 最后，把每个裁剪后的点与参考面比较；它的深度就是它位于参考面之下多远。
clip-keep-how-round = 最后，把核心形状上每个裁剪后的点沿 −n 方向移动，直到它到达 { $other } 的表面（核心边与 n 垂直时移动 { $other } 的半径 { $other_radius }，边倾斜时移动得更远），再与按 { $shape } 的半径 { $radius } 向外平移后的参考面比较；它的深度就是它位于该面之下多远。
clip-keep-none = 侧平面没有留下入射边上的任何点可与参考面比较。
clip-keep = { $how }{ $verdicts }。

clip-count = { $count } 个接触点
clip-contact = { $point }，深度 { $depth }
clip-and = { $first } 和 { $second }

clip-done-clipped = { $count }：{ $list }。参考边：{ $reference } 的边 { $reference_edge }；入射边：{ $incident } 的边 { $incident_edge }。最大的深度就是穿透深度；这些点位于入射图形上。
clip-done-curved = { $count }：{ $list }，即曲线图形的最深点。
clip-done-round = { $count }：{ $list }，即圆角部分接触处：B 的最深点，深度为穿透深度。
clip-done-deepest = 裁剪没有留下任何点（参考边太短，容不下入射边）：改用入射图形的最深顶点作为接触点：{ $list }。
clip-done-apart = A 与 B 是分离的（距离 { $distance }）：没有接触点可求。

# 画在世界视图中某条边旁的标签。
clip-label-reference = 参考边：{ $shape } 的边 { $index }
clip-label-incident = 入射边：{ $shape } 的边 { $index }
clip-label-facing = 另一条朝向对方的边：{ $shape } 的边 { $index }
