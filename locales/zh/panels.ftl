# 面板框架（src/app/panels.rs、src/app/compact.rs）：菜单、开关、帮助标签页。
# 术语以 docs/glossary.md 为准。

## 模式菜单（核心库的 Mode::ALL 保留英文，供命令行使用）。
mode-pair = 两个图形（精检测）
mode-pair-short = 两个图形
mode-many = 多个图形（粗检测）
mode-many-short = 多个图形
mode-lessons = 课程（从零学起）
mode-lessons-short = 课程
mode-hover = M：两个图形 / 多个图形；K：课程

## 布局菜单。
layout-side-by-side = 并排显示
layout-world = 仅世界视图
layout-minkowski = 仅 A − B 视图

## 播放按钮。
play = ▶ 播放
pause = ⏸ 暂停
run = ▶ 运行
resume = ▶ 继续

## 算法菜单（核心库的标题在命令行中保持英文）。
algorithm-gjk = GJK（相交检测）
algorithm-distance = GJK 距离
algorithm-epa = EPA（穿透深度）
algorithm-pseudo-epa = 伪 EPA（两点 EPA）
algorithm-sat = SAT（分离轴）
algorithm-sat-obb = SAT，OBB 快速路径
algorithm-clip = 接触点（裁剪）
algorithm-circle-polygon = 圆与多边形（闭式解）
algorithm-face-separation = 面分离（Box2D）
algorithm-box-box = 矩形与矩形（四条轴）
algorithm-ellipse-polygon = 椭圆与多边形（压缩、爬升）
algorithm-polygon-distance = 多边形距离（特征遍历）
algorithm-discrete = 离散检测（t = 0 与 t = 1）
algorithm-sub-stepping = 子步采样（N 个采样）
algorithm-shape-cast = 形状投射（GJK 射线投射）
algorithm-sat-cast = SAT 投射（随时间变化的间隙）
algorithm-conservative-advancement = 保守推进
algorithm-time-of-impact = 碰撞时间（Box2D）

## 版本菜单：gjk-lab 的实现，或某篇原文的实现。
version-own = gjk-lab 的版本
# $title：下面某个 variant-… 标题。
version-seed = 原文的版本：{ $title }
# $algorithm：算法的标题；$title：该版本的标题。
version-seed-of = { $algorithm }，原文的版本：{ $title }
variant-ellipse-angle-support = 按 d 的角度取椭圆上的点
variant-no-progress-test = 没有进展检测
variant-foot-normals = 由原点的垂足求法线
variant-loose-tolerance = 容差 0.2
variant-obb-touching-separated = 接触算作分离
variant-mtv-towards-centre = MTV 指向 B 的中心
variant-epa-float32 = ε = 1e-3，32 次迭代，单精度浮点

## 预测开关。
predict = 预测
predict-hover = 在每个可以预见的步骤之前，先在图中点出你的猜测。

## 手机上的控件（compact.rs）。
compact-fit = 适应
compact-hide = 收起
compact-hide-hover = 收起面板：给视图留出更多空间
compact-show = 展开
compact-show-hover = 展开面板
compact-world = 世界
# 手机底部的步骤按钮：每个只占屏幕宽度的五分之一，所以用两个字。
compact-back = ◀ 上一步
compact-next = 下一步 ▶

## 帮助标签页。
help-touch = 触屏
help-touch-drag = 单指：拖动图形，或在空白处平移；轻点一个图形，它就成为 A。
help-touch-pinch = 双指：捏合以缩放手指下的视图，一起移动以平移。
help-touch-turn = 手指在图形上按住半秒不动，然后绕着图形移动：图形随之旋转。
help-touch-swipe = 在面板的文字上滑动即可滚动；问题和对它的回答停在上方。
help-touch-phone = 在手机上，顶部的“世界 | A − B”切换视图；底部的按钮逐步前进或后退；“收起”把面板折叠起来。
help-touch-question = 遇到问题时：轻点图中的某个圆环作答。

help-mouse-world = 鼠标（世界视图）
help-mouse-drag = 拖动图形：移动它。
help-mouse-vertex = 拖动多边形的顶点（会出现一个圆环）：改变形状；结果若是凹多边形，会重新拆成几个凸块；若边自相交，则拒绝这次修改并用红色勾出轮廓。
help-mouse-wheel-shape = 在图形上滚动滚轮：旋转它（每格 5°，按住 Shift：1°）。
help-mouse-wheel = 在别处滚动滚轮，或 Ctrl+滚轮：以鼠标为中心缩放。
help-mouse-click = 左键单击图形：设为 A。右键单击：设为 B。
help-mouse-pan = 拖动空白处：平移。
help-mouse-position = 鼠标在视图中时，视图右上角（标题下方）显示鼠标所指处的世界坐标；网格线的刻度标在视图边缘。

help-mouse-minkowski = 鼠标（A − B 视图）
help-minkowski-hover = 悬停在单纯形或多边形的某个点上：圆环标出它由 A 上的哪个点 a 与 B 上的哪个点 b 相减而来。
help-minkowski-pan = 拖动：平移。滚轮：缩放。按 F 让两个视图重新适应图形。
help-minkowski-position = 视图右上角显示鼠标所指的 A − B 中的点：可以和讲解中的数字对照。

help-keys = 键盘
help-keys-touch = 使用键盘时
help-key-step = N 或右方向键：下一步；B 或左方向键：上一步
help-key-ends = Home / End：第一步 / 最后一步
help-key-play = 空格键：播放 / 暂停（速度：用滑块调节）
help-key-algorithm = R：从头开始；1–9、0、-、=：选择算法（按菜单顺序）
help-key-views = F：适应视图；L：布局；M：两个图形 / 多个图形
help-key-version = V：切换到算法的下一个版本：先是 gjk-lab 的，然后依次是各篇原文的（算法菜单旁的菜单）
help-key-reload-browser = F5：重新载入页面（地址保存着你看到的内容：会回到这里）；Ctrl+S：下载场景
help-key-reload = F5：重新载入场景文件（在课程中：回到同一页）；Ctrl+S：保存
help-key-lessons = K：进入课程（回到上次离开的地方）/ 离开课程；Page Up / Page Down：翻页
help-key-question = 有问题等待作答时：按 Tab（或 1–9）选择候选，按 Enter 以它作答
help-drag-reruns = 在第 k 步拖动图形，算法会重新运行，并显示新一轮运行的第 k 步。

help-many = 多个图形（粗检测）
help-many-start = 在左上角选择“多个图形”、按 M，或以 --mode many 启动（超过 40 个图形的场景会直接以此模式打开）。
help-many-drift = 图形在框内漂移、反弹；拖住一个图形可以让它静止。
help-many-colours = 黄色：粗检测得到的图形对（包围盒重叠）；红色：接触（精检测判定两个图形相交）。
help-many-pause = 空格键：暂停 / 继续运动。
help-many-step = N 或右方向键：停下来逐步执行扫描，一次一个端点；一帧结束时，N 让图形继续移动，并逐步执行下一帧的插入排序。
help-many-keys = B / 左方向键、Home / End、R：与其他算法相同。空格键：再次运行。

help-glossary = 术语表
# $lesson、$page：数字。
help-glossary-taught = （第 { $lesson } 课，第 { $page } 页）

## 步骤栏（src/app/pair/mod.rs、src/app/many/mod.rs）。
# $step、$last：当前步骤和最后一步。
step-of = 第 { $step } / { $last } 步
# $step、$last：扫描的当前步骤和最后一步。
sweep-step-of = 扫描：第 { $step } / { $last } 步
sweep-none = N：逐步执行扫描
