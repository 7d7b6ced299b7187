# Mode switching on an existing Cell.
# Taken from MindSpore's programming guide "Running Management" (运行管理, mindspore.cn); changed only in the import lines
# (mindspore -> deepsink). device_target="GPU" runs on CPU, with a warning, where no GPU exists.
# Expected output: "Tensor(shape=[1, 4, 5, 5], dtype=Float32, value=" and the convolution's 100 values.
import numpy as np
import deepsink.nn as nn
from deepsink import context, Tensor

context.set_context(mode=context.GRAPH_MODE, device_target="GPU")
conv = nn.Conv2d(3, 4, 3, bias_init='zeros')
input_data = Tensor(np.ones([1, 3, 5, 5]).astype(np.float32))
conv(input_data)
context.set_context(mode=context.PYNATIVE_MODE)
print(repr(conv(input_data)))
