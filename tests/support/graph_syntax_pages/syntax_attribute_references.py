# MindSpore's "Introduction to Graph Mode Programming" page, section "Attribute References and Attribute Modification": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

class Net(nn.Cell):
   def __init__(self):
      super().__init__()
      self.weight = mindspore.Parameter(mindspore.tensor(3, mindspore.float32), name="w")
      self.m = 2

   @mindspore.jit
   def construct(self, x, y):
      self.weight = x  # The conditions are met, they can be modified
      # self.m = 3     # self.m is not of type Parameter and modification is prohibited
      # y.weight = x   # y is not self, modification is prohibited
      return x

net = Net()
ret = net(1, 2)
print('ret:{}'.format(ret))
