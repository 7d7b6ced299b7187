# MindSpore's "Introduction to Graph Mode Programming" page, section "Tuple": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

class Net(nn.Cell):
   def __init__(self):
      super(Net, self).__init__()
      self.relu = nn.ReLU()
      self.softmax = nn.Softmax()
      self.layers = (self.relu, self.softmax)

   @mindspore.jit
   def construct(self, x, index):
      ret = self.layers[index](x)
      return ret

x = mindspore.tensor([-1.0], mindspore.float32)

net = Net()
ret = net(x, 0)
print('ret:{}'.format(ret))
