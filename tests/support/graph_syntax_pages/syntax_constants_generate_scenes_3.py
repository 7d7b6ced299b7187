# MindSpore's "Introduction to Graph Mode Programming" page, section "Constants Generate Scenes": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      a = mindspore.tensor([1, 2, 3])
      b = mindspore.tensor([1, 1, 1])
      c = a + b
      return c

net = Net()
ret = net()
print(ret)
