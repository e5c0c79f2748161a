# 双图形模式的“高级”设置（容差、迭代上限、精度）。

advanced-title = 高级：容差、迭代上限、精度
advanced-title-changed = 高级：容差、迭代上限、精度（已修改）
advanced-intro = 调整任何一个旋钮，运行都会用它重新开始；随后的步骤会显示它在哪里第一次与 gjk-lab 自己的运行出现差别，以及它如何结束。
advanced-touch = 接触容差，× 这一对图形的尺寸
advanced-convergence = 收敛容差，相对值
advanced-tolerance = { $label } — gjk-lab 的：{ $default }
advanced-cap = 迭代上限，支撑点个数 — gjk-lab 的：{ $own }
advanced-precision = 精度
advanced-f32 = f32（数值以 float 存储）
advanced-reset = gjk-lab 的设置
advanced-below-precision = 收敛容差 { $tolerance } 低于 float 的精度（{ $epsilon }）：一对曲线图形可能永远达不到它，一直运行到迭代上限。
advanced-touch-zero = 接触容差为 0：恰好接触的图形由舍入误差决定。
