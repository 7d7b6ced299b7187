# MindSpore's "Introduction to Graph Mode Programming" page, section "List": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      x = [[1, 2], 3, 4]
      a = x[0]
      b = x[0][mindspore.tensor([1])]
      c = x[1:3:1]
      return a, b, c

net = Net()
a, b, c = net()
print('a:{}'.format(a))
print('b:{}'.format(b))
print('c:{}'.format(c))
