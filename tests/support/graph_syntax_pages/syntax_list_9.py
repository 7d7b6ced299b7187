# MindSpore's "Introduction to Graph Mode Programming" page, section "List": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      x1 = [1, 2, 3]
      x1.extend((4, "a"))
      x2 = [1, 2, 3]
      x2.extend(mindspore.tensor([4, 5]))
      return x1, x2

net = Net()
output1, output2 = net()
print('output1:{}'.format(output1))
print('output2:{}'.format(output2))
