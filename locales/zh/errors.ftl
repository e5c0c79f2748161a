# 窗口显示的错误：场景文件、图形、课程、链接和平台的错误（src/app/errors.rs）。
# 英文版与核心库的原文逐字相同（有测试比对）；命令行打印核心库的原文。
# 解析器（RON、JSON）和操作系统给出的原因保持原文。

## 位置。
error-in-file = { $file }：{ $error }
error-at-line = { $file } 第 { $line } 行第 { $column } 列：{ $error }
error-no-file = <场景>
error-io = 无法读写文件：{ $reason }
error-unknown-format = 未知的场景格式 { $ext }：请使用 .ron 或 .json 文件
error-shape = 图形 { $index }：{ $error }
error-shape-named = 图形 { $index }（{ $name }）：{ $error }
error-view = 视图（view）：{ $error }
error-lesson = 课程：{ $error }
error-lesson-page = 课程第 { $page } 页：{ $error }

## 范围错误所说的量。
quantity-position = 位置
quantity-center = 中心
quantity-motion-velocity = 运动速度
quantity-motion-angular-speed = 运动角速度
quantity-end-position = 终点位置（位置 + 速度）
quantity-polygon-radius = 多边形的半径
quantity-circle-radius = 圆的半径
quantity-ellipse-semi-axis-a = 椭圆的半轴 a
quantity-ellipse-semi-axis-b = 椭圆的半轴 b
quantity-capsule-end-a = 胶囊体的端点 a
quantity-capsule-end-b = 胶囊体的端点 b
quantity-capsule-radius = 胶囊体的半径
quantity-vertex = 顶点 { $index }
quantity-polygon-extent = 多边形的尺寸

## 一个图形。
error-position-not-finite = 位置 { $point } 的坐标不全是有限数
error-rotation-not-finite = 旋转角 { $value } 不是有限数
error-not-positive = { $what }必须是正数，现在是 { $value }
error-negative = { $what }不能是负数，现在是 { $value }
error-polygon = 多边形：{ $error }
error-capsule = 胶囊体：{ $error }
error-not-finite = { $what }是 { $value }，不是有限数
error-too-large = { $what } { $value } 超出了 gjk-lab 的计算范围（坐标和尺寸的绝对值最大为 { $max }）
error-point-not-finite = { $what } ({ $x }, { $y }) 的坐标不全是有限数
error-point-too-large = { $what } ({ $x }, { $y }) 超出了 gjk-lab 的计算范围（坐标的绝对值最大为 { $max }）
error-too-small = { $what } { $size } 小于 gjk-lab 的计算范围（图形的尺寸至少要有 { $min }）
error-polygon-non-finite = 顶点 { $vertex } 有一个坐标不是有限数
# $segment：只有两个不同的顶点时为 yes（一条线段）。
error-polygon-too-few = 多边形至少需要 3 个不同的顶点，这个只有 { $distinct } 个{ $segment ->
        [yes] { error-polygon-segment }
       *[no] {""}
    }
error-polygon-zero-area = 这个多边形的面积为零（所有顶点都在一条直线上）{ error-polygon-segment }
error-polygon-segment = ；线段写作 Capsule(a: (x, y), b: (x, y), radius: 0.0)
error-polygon-non-convex = 这个多边形不是凸的：它在顶点 { $vertex } 处朝相反的方向转弯
error-polygon-self-intersecting = 这个多边形的边界自相交（它绕了 { $windings } 圈）
error-polygon-edges-intersect = 这个多边形的边界与自身相交或接触：边 { $first }（顶点 { $first } 到 { $first_end }）与边 { $second }（顶点 { $second } 到 { $second_end }）相遇；多边形必须是简单多边形
error-polygon-too-many = 凹多边形最多只能有 { $max } 个顶点，这个有 { $count } 个
error-polygon-decomposition = 无法把这个多边形拆成几个凸块（它几乎碰到了自身）
error-polygon-out-of-range = 顶点 { $vertex } 超出范围
error-polygon-rounded-concave = 带半径的多边形必须是凸的，而这个是凹的：把它拆成几个凸多边形，每个都带上这个半径
error-polygon-rounded-concave-at = 带半径的多边形必须是凸的，而这个是凹的（它在顶点 { $vertex } 处朝相反的方向转弯）：把它拆成几个凸多边形，每个都带上这个半径
error-polygon-too-small = 多边形的尺寸 { $extent } 太小
error-capsule-zero-length = 它的两个端点 a ({ $ax }, { $ay }) 和 b ({ $bx }, { $by }) 相距 { $length }：胶囊体需要一条长度至少为 { $min } 的线段（并且长于其坐标的 1e-12 倍）；a = b 时它是{ $point ->
        [yes] 一个点：请写 Point
       *[no] 一个圆：请写 Circle(radius: { $radius })
    }

## 视图部分。
error-view-no-such-shape = { $label } = { $index }，但场景只有 { $count } 个图形
error-view-same-shape = a 和 b 必须是两个不同的图形
error-view-center-not-finite = 中心 { $point } 的坐标不全是有限数
error-view-bad-zoom = 缩放（zoom）必须是正数，而它是 { $value }

## 课程部分。
error-lesson-no-pages = 一个课程至少需要一页
error-lesson-summary-lines = 总结（summary）：{ $lines } 行；总结必须正好 { $expected } 行（或者不写）
error-lesson-summary-line-empty = 总结第 { $line } 行：是空的
error-lesson-summary-line-too-long = 总结第 { $line } 行：{ $chars } 个字符；每行是一个短句，最多 { $max } 个字符
error-lesson-summary-zh-lines = summary_zh：{ $zh } 行，而英文总结有 { $english } 行；每一行旁边都要有它的中文
error-lesson-zh-placeholders = zh：中文文本引用的实时数值是 { $zh }，英文是 { $english }：两者必须引用相同的数值
error-lesson-empty-text = 文本是空的
error-lesson-text-too-long = 文本有 { $chars } 个字符；一页最多 { $max } 个字符
error-lesson-unknown-placeholder = 未知的实时数值 { $name }：请使用其中之一：{ $known }
error-lesson-no-such-shape = { $label }：{ $index } 不是图形（场景有 { $shapes } 个图形）
error-lesson-same-shape = a 和 b 是同一个图形
error-lesson-frame-on-pair-page = frame：只有多图形页（mode: many）才有帧
error-lesson-algorithm-on-many-page = 多图形页（mode: many）显示扫描与剪枝：它不接受算法或示意图
error-lesson-checkpoint-on-figure = 示意图页不能设检查点（示意图没有步骤）
error-lesson-pair-checkpoint-on-many-page = 检查点 { $checkpoint } 问的是两个图形的算法，但这一页显示扫描与剪枝（mode: many）
error-lesson-many-checkpoint-on-pair-page = 检查点 { $checkpoint } 问的是扫描与剪枝：这一页需要 mode: many
error-lesson-checkpoint-of-another-algorithm = 检查点 { $checkpoint } 问的是 { $algorithms } 的步骤，但这一页显示 { $algorithm }
# “a、b 或 c”。
error-one-of = { $rest } 或 { $last }
# 列表中两项之间。
error-list-next = { $list }、{ $item }
error-no-lesson-section = { $file }：这个场景没有课程部分（lesson）
error-no-lessons = { $folder } 中没有课程
error-no-such-lesson = 没有名为 { $name } 的课程；现有的课程：{ $lessons }

## 分享的链接。
error-link-empty = 链接：是空的：“#”后面什么也没有
error-link-unknown-format = 链接：不是 gjk-lab 的链接：它以 { $start } 开头，而不是 { $prefix }
error-link-too-long = 链接：{ $chars } 个字符，超过了 { $max } 个
error-link-altered = 链接：这个链接被改动或截断了（{ $why }）；请重新获取这个链接
error-link-base64 = 链接：被截断或改动（base64：{ $why }）
error-link-compression = 链接：被截断或改动（压缩数据：{ $why }）
error-link-too-large = 链接：其中的场景会超过 { $mb } MB
error-link-not-text = 链接：场景不是 UTF-8 文本
error-link-content = 链接：{ $why }
error-link-neither = 链接：其中既没有场景也没有课程

## 文件、存储和导出。
error-not-in-browser = 浏览器中没有这个场景（用“打开文件…”打开它）
error-no-data-folder = 没有保存数据的文件夹
error-storage-refused = { $key }：浏览器的本地存储拒绝了它
error-no-display = 没有可以打开窗口的显示器（没有设置 DISPLAY）：请在桌面上运行，或者在 xvfb-run -a -s "-screen 0 1280x800x24" 下运行
error-export-png-without-step = { $file }：PNG 序列的文件名需要含有 %d（步骤编号），例如 step-%d.png
error-export-unknown-format = { $file }：导出必须是 .gif 文件，或含有 %d 的 .png 文件名模板
error-export-not-a-range = --steps { $text }：应该是 1..{ $count } 这样的范围
error-export-backwards = --steps { $text }：第一步在最后一步之后
error-export-past-the-run = --steps { $text }：这次运行有 { $count } 步（0 是第一步之前的状态）
error-export-rate = --fps { $rate }：帧率应在每秒 0.1 到 50 帧之间
error-export-no-frames = { $file }：没有要写入的帧

## 解析器（RON 或 JSON）的报错：英文界面显示它的原文；中文界面先说明，
## 再在括号里附上原文。

parser-expected-comma = 这里缺少逗号（{ $message }）
parser-expected-colon = 这里缺少冒号（{ $message }）
parser-expected-close-paren = 这里缺少右括号 `)`（{ $message }）
parser-expected-close-bracket = 这里缺少 `]`（{ $message }）
parser-expected-close-brace = 这里缺少 `{"}"}`（{ $message }）
parser-expected-open-paren = 这里应该是左括号 `(`（{ $message }）
parser-expected-open-bracket = 这里应该是一个列表，以 `[` 开头（{ $message }）
parser-expected-number = 这里应该是一个数（{ $message }）
parser-expected-integer = 这里应该是一个整数（{ $message }）
parser-expected-string = 这里应该是一个字符串（{ $message }）
parser-string-end = 字符串没有结束（缺少 `"`）（{ $message }）
parser-expected-boolean = 这里应该是 true 或 false（{ $message }）
parser-expected-identifier = 这里应该是一个名称（{ $message }）
parser-eof = 文件在结构结束之前就结束了（{ $message }）
parser-trailing = 场景结束之后还有多余的字符（{ $message }）
parser-unexpected-char = 这里出现了意外的字符（{ $message }）
parser-missing-field = 缺少一个必需的字段（{ $message }）
parser-unknown-field = 未知的字段（{ $message }）
parser-duplicate-field = 字段重复了（{ $message }）
parser-unknown-variant = 未知的种类名称（{ $message }）
parser-unknown-enum-variant = 未知的种类名称（{ $message }）
parser-unclosed-comment = 注释 /* 没有结束（{ $message }）
parser-integer-bounds = 整数超出了范围（{ $message }）
parser-wrong-type = 这里的值类型不对（{ $message }）
json-missing-field = 缺少一个必需的字段（{ $message }）
json-unknown-field = 未知的字段（{ $message }）
json-unknown-variant = 未知的种类名称（{ $message }）
json-duplicate-field = 字段重复了（{ $message }）
json-invalid-type = 这里的值类型不对（{ $message }）
json-invalid-length = 列表的长度不对（{ $message }）
json-invalid-value = 这里的值不对（{ $message }）
json-expected-comma-bracket = 这里缺少逗号或 `]`（{ $message }）
json-expected-comma-brace = 这里缺少逗号或 `{"}"}`（{ $message }）
json-expected-colon = 这里缺少冒号（{ $message }）
json-expected-value = 这里应该是一个值（{ $message }）
json-eof = 文件在结构结束之前就结束了（{ $message }）
json-trailing-comma = 多余的逗号（{ $message }）
json-trailing = 场景结束之后还有多余的字符（{ $message }）
json-key-string = 键必须是字符串（{ $message }）
json-control-character = 字符串中有控制字符（{ $message }）
json-invalid-number = 这不是一个合法的数（{ $message }）
json-number-range = 数超出了范围（{ $message }）
parser-other = 无法解析（{ $message }）
