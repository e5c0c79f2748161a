# 窗口在操作之后显示的提示和错误（在顶栏下方）。
# 核心库的错误（场景文件、链接的错误）在 errors.ftl 中。

notice-loaded = 已载入 { $path }
notice-reloaded = 已重新载入 { $path }
notice-no-file-to-reload = 这个场景没有可以重新载入的文件
# $verb：桌面版为 "Saved"，浏览器中为 "Downloaded"。
notice-saved = { $verb ->
    [Downloaded] 已下载 { $path }
   *[other] 已保存 { $path }
}
notice-could-not-save = 无法保存：{ $error }
notice-opened-link = 已打开分享的链接
notice-link-no-lesson = 链接：没有名为 { $name } 的课程
notice-link-error = 链接：{ $error }
notice-exported = 已导出 { $what }
notice-vertex-edit-rejected = 顶点编辑被拒绝：{ $error }
notice-turning-shape = 正在旋转图形：用手指绕着它转动
vertex-edit-no-such-shape = 没有这个图形
vertex-edit-not-a-polygon = 只有多边形以及胶囊体和圆角多边形的核心形状才有顶点
vertex-edit-no-such-vertex = 没有这个顶点
vertex-edit-merges-vertices = 这样会使两个顶点重合

# 导出写下了什么。
export-png-files = { $count } 个 PNG 文件（{ $pattern }）
export-gif = { $path }（{ $count } 帧）

# 网页的讲解区域（供屏幕阅读器朗读）。
narration-heading = { $title } — 第 { $step } 步（共 { $last } 步）
narration-choice = 第 { $k } 个候选（共 { $count } 个）：{ $label }。按 Enter 用它作答。

# 你自己的轨迹（载入我的轨迹）：载入之后的提示。
trace-agrees = 你的轨迹 { $name } 与 gjk-lab 一致
trace-diverges = 你的轨迹 { $name } 出现分歧：请看“讲解”页
trace-cannot-be-checked = 已载入 { $name }：它无法检查，请看“讲解”页
trace-not-checked = 未检查：{ $error }
