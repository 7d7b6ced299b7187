# MindSpore 2.10 tutorial page tutorials/source_en/custom_program/operation/op_custom_prim.rst: its Python code blocks in order.
# Replaced: none (the page downloads nothing); shell (!pip) lines dropped.

import numpy as np

def sin_by_numpy(x):
    return np.sin(x)

# ---
def infer_shape(x):
    #    1. here x is the shape of the input tensor
    #    2. sin is elements, so the shape of the output is the same as that of the input.
    return x

def infer_dtype(x):
    #    1. here x is the dtype of the input tensor
    #    2. sin keeps the dtype, so the dtype of the output is the same as that of the input.
    return x

# ---
from mindspore import ops

sin_by_numpy_op = ops.Custom(func=sin_by_numpy, # this is for the computation function
                             out_shape=infer_shape, # this is for the infer shape function
                             out_dtype=infer_dtype, # this is for the infer dtype function
                             func_type="pyfunc" # this is for the custom op mode
                             )

# ---
import numpy as np
import mindspore as ms
from mindspore import ops

ms.set_context(mode=ms.GRAPH_MODE)
ms.set_device(device_target="CPU")


def sin_by_numpy(x):
    return np.sin(x)

def infer_shape(x):
    return x

def infer_dtype(x):
    return x

sin_by_numpy_op = ops.Custom(func=sin_by_numpy,
                             out_shape=infer_shape,
                             out_dtype=infer_dtype,
                             func_type="pyfunc")

input_tensor = ms.Tensor([0, 1, 0.2, 0.3, 0.4], dtype=ms.float32)
result_cus = sin_by_numpy_op(input_tensor)
print(result_cus)
