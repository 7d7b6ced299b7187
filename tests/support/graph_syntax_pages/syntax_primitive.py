# MindSpore's "Introduction to Graph Mode Programming" page, section "Primitive": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn, ops
import numpy as np

class Net(nn.Cell):
   def __init__(self):
      super(Net, self).__init__()

   @mindspore.jit
   def construct(self, x):
      reduce_sum = ops.ReduceSum(True) #`Primitive` and its subclass instances can be constructed in construct.
      ret = reduce_sum(x, axis=2)
      return ret

x = mindspore.tensor(np.random.randn(3, 4, 5, 6).astype(np.float32))
net = Net()
ret = net(x)
print('ret.shape:{}'.format(ret.shape))
