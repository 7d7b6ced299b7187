# MindSpore's "Introduction to Graph Mode Programming" page, section "Variables Generate Scenes": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

a = mindspore.tensor([1])
b = (mindspore.tensor([1]), mindspore.tensor([2]))

class Net(nn.Cell):
   @mindspore.jit
   def construct(self, a, b):
      return a, b

net = Net()
ret = net(a, b)
print(ret)
