# 窗口框架：顶栏、标签页、语言菜单。
# 术语以 docs/glossary.md 为准。

language = 语言
language-hover = 窗口的语言：所有文字、讲解和课程页面（当前步骤和图形保持不变）

first-step-hover = 第一步（Home）
back = ◀ 上一步
back-hover = B 或左方向键
next = 下一步 ▶
next-hover = N 或右方向键
last-step-hover = 最后一步（End）
play-hover = 空格键
steps-per-second = { " " }步/秒
many-narrow-phase = 精检测（窄相）：每一对都用面分离、闭式解或 GJK；算法和 A/B 在双图形模式（M）中选择。
fit = 适应视图（F）

tab-explain = 讲解
tab-scenes = 场景
tab-help = 帮助

# 场景文件没有给名字的图形（N：它的序号）。
shape-default-name = 图形 { $index }
