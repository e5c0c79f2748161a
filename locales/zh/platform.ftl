# 各平台（src/app/platform/desktop.rs、web.rs）在窗口中显示的文字。

# 保存部分（场景页）：桌面版与浏览器中保存做什么。
platform-save-hint-desktop = 保存图形、A 和 B、算法、步骤与视图，原子写入。
platform-save-hint-web = 保存图形、A 和 B、算法、步骤与视图：由浏览器下载文件（文件名取自输入框）。
