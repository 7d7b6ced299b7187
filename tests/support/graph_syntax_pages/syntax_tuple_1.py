# MindSpore's "Introduction to Graph Mode Programming" page, section "Tuple": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import numpy as np
import mindspore
from mindspore import nn

t = mindspore.tensor(np.array([1, 2, 3]))

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      x = (1, (2, 3, 4), 3, 4, t)
      y = x[1][1]
      z = x[4]
      m = x[1:4]
      n = x[-4]
      return y, z, m, n

net = Net()
y, z, m, n = net()
print('y:{}'.format(y))
print('z:{}'.format(z))
print('m:{}'.format(m))
print('n:{}'.format(n))
