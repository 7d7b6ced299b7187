# MindSpore's "Introduction to Graph Mode Programming" page, section "List": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

list_input = [1, 2, 3, 4]

class Net(nn.Cell):
   @mindspore.jit
   def construct(self, x):
      return x

net = Net()
output = net(list_input)  # output: [1, 2, 3, 4]
