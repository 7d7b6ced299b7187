# MindSpore's "Introduction to Graph Mode Programming" page, section "supported in place operations": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn, context, Parameter, ParameterTuple
from mindspore import dtype as mstype
from mindspore import ops


class GradOfAllInputsAndParams(nn.Cell):
    def __init__(self, net):
        super(GradOfAllInputsAndParams, self).__init__()
        self.net = net
        self.params = ParameterTuple(net.trainable_params())
        self.grad_op = ops.GradOperation(get_all=True, get_by_list=True)

    def construct(self, x, y):
        gradient_function = self.grad_op(self.net, self.params)
        return gradient_function(x, y)


class Net(nn.Cell):
    def __init__(self):
        super(Net, self).__init__()
        self.param1 = Parameter(mindspore.tensor([1], dtype=mstype.float32), name="param1")
        self.param2 = Parameter(mindspore.tensor([1], dtype=mstype.float32), name="param2")

    def construct(self, x, y):
        out = self.param1 + self.param2 + x + y
        out = out * x
        return out.add_(y)


x = mindspore.tensor([1], dtype=mstype.float32)
y = mindspore.tensor([2], dtype=mstype.float32)
net = Net()
net.construct = mindspore.jit(net.construct, backend='ms_backend')
graph_out = net(x, y)
graph_grad_out = GradOfAllInputsAndParams(net)(x, y)
print("graph_out: ", graph_out)
print("graph_grad_out: ", graph_grad_out)
