# 场景标签页（src/app/files_panel.rs 以及 src/app/panels.rs 的场景部分）：
# 场景列表、打开、分享、你自己的轨迹、保存、导出。

# $dir：列出的文件夹。
files-in = { $dir }/ 中的文件——点击即可打开。
files-lessons = 课程
files-reload-browser = 重新载入文件
files-reload = 重新载入（F5）
files-auto-reload = 文件改动时自动重新载入
files-save-heading = 保存
files-save = 保存（Ctrl+S）
# $count：步数（已格式化）。
files-export = 将第 1–{ $count } 步导出为 GIF
# $path：写出的文件。
files-export-hover = 写出 { $path }（用于幻灯片、课程网页）；无界面方式：gjk-lab SCENE --algo A --export out.gif --steps 1..N

files-open-and-share = 打开与分享
files-open = 打开
files-open-hover = 打开下方输入框中指定的文件
files-or-drop = 或把场景文件拖放到窗口上
files-share = 分享：
files-paste-link = 粘贴链接
files-paste-link-hover = 打开剪贴板中的链接
files-link-hint = 在此粘贴链接
files-open-link = 打开链接
files-copy-link = 复制链接
files-copy-link-hover = 把指向当前情形（场景及其 A、B、算法、步骤和视图）的链接复制到剪贴板：可在浏览器版本中打开，也可用 gjk-lab 打开
# $count：链接的长度。
files-link-copied = 已复制链接（{ $count } 个字符）
# $error：原因。
files-link-not-copied = 无法复制链接：{ $error }
files-open-file = 打开文件…
files-open-file-hover = 从你的电脑中选择一个 .ron 或 .json 场景（也可以把它拖放到页面上）

files-my-trace-heading = 检验你自己的实现
files-my-trace-about = 载入你自己的 GJK、GJK 距离、EPA 或 SAT 输出的轨迹（JSON lines 格式，见 docs/trace-format.md）：它会在当前这对图形上逐步检验，其中的支撑点画在 A - B 上。
files-load-my-trace-picker = 载入我的轨迹…
files-load-my-trace-picker-hover = 从你的电脑中选择一个 .jsonl 轨迹文件（也可以把它拖放到页面上）
files-load-my-trace = 载入我的轨迹
files-unload = 卸载
files-write-your-own = 在这里编写你自己的 GJK…
files-write-your-own-hover = 用 JavaScript 逐个阶段编写，在 A 和 B 上运行，边写边检验
