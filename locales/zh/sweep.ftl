# 扫描与剪枝，在多图形模式中逐步执行（src/app/visualizers/sweep.rs）。

sweep-intro = 扫描与剪枝（SAP）不必逐对检测，就能找出包围盒（AABB）互相重叠的图形对。每个包围盒在扫描轴上是一个区间 [min, max]；所有端点保持有序（画在世界视图下方、沿轴排列的刻度），一条扫描线按顺序经过它们，同时维护一个它当前所在的包围盒列表（活动列表）。沿这条轴重叠的对会保留到下一帧，在那里由插入排序的交换让它们保持最新。点击“下一步 ▶”开始第一步。

sweep-title-axis = 选择扫描轴
sweep-title-swap = 插入排序：交换
sweep-title-enter = 包围盒进入活动列表
sweep-title-candidate = 候选对
sweep-title-leave = 包围盒离开活动列表
sweep-title-done = 本帧结束

sweep-axis = 包围盒中心沿 x 的方差为 { $vx }，沿 y 的方差为 { $vy }，所以沿 { $axis } 扫描。空间沿垂直于扫描轴的方向被切成 { $strips } 个条带，每个条带各自扫描。

# `moved` 和 `passed` 是 "min" 或 "max"，即端点自己的名字。
sweep-swap = 条带 { $strip }：包围盒 { $id } 的 { $moved }（{ $along } = { $value }）移到了包围盒 { $other_id } 的 { $passed }（{ $other_value }）左边，所以两者交换。{ $overlap ->
        [begins] 它们的区间现在沿 { $along } 重叠了：这一对加入该条带的重叠对。
        [ends] 它们的区间沿 { $along } 不再重叠：这一对离开该条带的重叠对。
       *[same] { "" }
    }到目前为止交换了 { $swaps } 次，而完全重新排序约需 { $cost } 次比较（共 { $total } 个端点，n·log2 n）。

sweep-enter = 条带 { $strip }：扫描线到达包围盒 { $id } 的 min，{ $along } = { $value }。它已与每个活动的包围盒做过检测；现在它加入活动列表（活动的有 { $active } 个）。

sweep-candidate = 包围盒 { $a } 与{ $sweeping ->
        [yes] 活动包围盒
       *[no] 包围盒
    } { $b } 沿 { $along } 重叠{ $sweeping ->
        [yes] ；这一对保留在该条带的重叠对中
       *[no] （这是保留在该条带重叠对中的一对）
    }。在 { $other } 上：{ $span_a } 和 { $span_b }：{ $reported ->
        [yes] 两者重叠：报告图形对 ({ $a }, { $b })
       *[no] 那里没有重叠（或者重叠从另一个条带开始）：不算图形对
    }。到目前为止候选对 { $candidates } 个，图形对 { $pairs } 个。

sweep-leave = 条带 { $strip }：扫描线经过包围盒 { $id } 的 max，{ $along } = { $value }：之后的包围盒沿 { $along } 都不可能与它重叠，所以它离开活动列表（活动的有 { $active } 个）。

sweep-done = { $swaps ->
        [0] 顺序不需要任何交换
       *[other] { $swaps } 次交换恢复了顺序
    }（完全重新排序约需 { $cost } 次比较）；在 { $other } 上检测了 { $candidates } 个候选对，报告了 { $pairs } 个图形对，它们将交给精检测。点击“下一步 ▶”进入下一帧：图形继续运动，插入排序一次次交换来修复顺序，并让重叠对保持最新，只有保留下来的重叠对会被再次检测。
