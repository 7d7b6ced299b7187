# MindSpore's "Introduction to Graph Mode Programming" page, section "supported in place operations": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn
from mindspore import grad


class Net(nn.Cell):
    def construct(self, x, y):
        x.add_(y)
        return x


x = mindspore.tensor(2, dtype=mindspore.int32)
y = mindspore.tensor(3, dtype=mindspore.int32)
net = Net()
pynative_out = net(x, y)
pynative_grad_out = grad(net)(x, y)
print("pynative_out: ", pynative_out)
print("pynative_grad_out: ", pynative_grad_out)
