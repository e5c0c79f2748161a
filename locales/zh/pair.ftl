# 双图形模式在“讲解”页里的部分：时间滑块、你的轨迹、原文的版本与 gjk-lab 的运行
# 并列、SAT 和伪 EPA 与 EPA 并列。

pair-roles = 在步骤中，{ $parts }。
pair-role-is = { $role } 是 { $name }
pair-roles-and = ，
pair-time = 时间 t
pair-time-how-touch = 拖动图形虚线终点位姿上的圆环，设定它在这一步中移动到哪里；拖动它旋臂上的圆环，设定它的转动。
pair-time-how = 拖动图形虚线终点位姿（t = 1）上的圆环，设定它在这一步中移动到哪里；拖动它旋臂上的圆环，设定它的转动。
pair-trace-agrees = 你的轨迹一致
pair-trace-diverges-ringed = 你的轨迹出现分歧（这一步的点在 A - B 中用圆圈标出）
pair-trace-diverges = 你的轨迹出现分歧
pair-trace = 你的轨迹

pair-seed-beside = { $run } 与 gjk-lab 的运行对照
pair-seed-first-difference-here = 第 { $k } 步：两者第一次出现差别的一步。
pair-seed-go-to-difference = 两者在第 { $k } 步第一次出现差别。跳到那里
pair-seed-agree-everywhere = 在这一对图形上，两者每一步都一致。
pair-seed-ours-at = gjk-lab 的第 { $step } 步：{ $title }。{ $narration }
pair-seed-ours-ended = gjk-lab 的运行在第 { $step } 步结束。
pair-seed-answers-differ = 两者的答案不同。
pair-use-instead = 改用 { $algorithm }（{ $key }）

pair-pseudo-vs-epa = 这一对图形上的伪 EPA 与 EPA
pair-answer-depth-normal = { $name }：深度 { $depth }，n { $normal }
pair-answer-no-depth = { $name }：没有深度
pair-answer-edge = 边 { $from } 到 { $to }
pair-they-agree = 两者一致。
pair-pseudo-disagrees = 两者不一致：伪 EPA 停在了一条只是局部最近的边上。

pair-sat-vs-epa = 这一对图形上的 SAT 与 EPA
pair-depth-normal = 深度 { $depth }，n { $normal }
pair-depth = 深度 { $depth }
pair-separated-gap = 分离（在一条轴上的间隙为 { $gap }）
pair-separated-distance = 分离（距离 { $distance }）
pair-does-not-apply = 不适用
pair-agree-apart = 两者一致：都判定为分离。
pair-agree-within = 两者一致（深度相差在 { $tolerance } 以内，法线相差在 1e-6 以内）。
pair-tie-hidden = 深度相同；法线只在显示的位数之后才有差别：两个几乎平行的面同样近（并列），两者各选了一个。
pair-tie = 深度相同，法线不同：两条出路同样短（并列），两者各选了一个。
pair-they-disagree = 两者不一致。
pair-sat-not-applicable = SAT 不适用于这一对图形；GJK + EPA 适用。
