# MindSpore's "Introduction to Graph Mode Programming" page, section "supported view operations": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import numpy as np
import mindspore
from mindspore import nn, mint
from mindspore import grad


class Net(nn.Cell):
    def construct(self, x):
        out = mint.narrow(x, 1, 1, 2)
        return out


net = Net()
np_x = np.arange(9).reshape(3, 3).astype(np.float32)
x = mindspore.tensor(np_x)

pynative_out = net(x)
pynative_grad_out = grad(net)(x)

net.construct = mindspore.jit(net.construct, backend='ms_backend')
graph_out = net(x)
graph_grad_out = grad(net)(x)

assert (graph_out == pynative_out).all()
assert (graph_grad_out == pynative_grad_out).all()
