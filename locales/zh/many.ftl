# 多图形模式的“讲解”页：逐步执行的扫描和性能分析。

many-intro = { $shapes } 个图形在漂移、反弹；扫描与剪枝（SAP）找出包围盒重叠的图形对，精检测再找出真正接触的图形对。“下一步 ▶”逐步执行扫描，“⏸ 暂停”停止运动。
many-step-heading = { $title } — 第 { $step } 步（共 { $last } 步），第 { $frame } 帧
many-active-list = 活动列表：[{ $ids }]
many-so-far = 到目前为止：交换 { $swaps } 次，候选对 { $candidates } 个，图形对 { $pairs } 个
many-profiler = 性能分析（每帧）
many-broad-phase = 粗检测
many-narrow-phase-row = 精检测
many-pairs = 图形对
many-contacts = 接触
many-swaps = 交换
many-candidates = 候选对
many-counts-stepped = 计数：逐步执行的第 { $frame } 帧（与讲解一致）。耗时：最近一次连续运行的帧（逐步执行的帧在等你操作，所以不计时）。
many-after-jump = 这一帧紧跟在一次 { $seconds } 秒的跳跃（--advance）之后：它的交换一次性重新排好这段时间的全部运动。连续运行时每帧前进 1/60 秒；曲线图只显示这些帧。
