# MindSpore's "Introduction to Graph Mode Programming" page, section "Constants Generate Scenes": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

a = 1
b = [1, 2]
c = ("a", "b", "c")

class Net(nn.Cell):
   @mindspore.jit
   def construct(self, a, b, c):
      return a, b, c

net = Net()
ret = net(a, b, c)
print(ret)
