# MindSpore's "Introduction to Graph Mode Programming" page, section "built in functions support more data typ": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import numpy as np
import mindspore
from mindspore import nn

class Net(nn.Cell):
   @mindspore.jit
   def construct(self, x):
      return isinstance(x.asnumpy(), np.ndarray)

x = mindspore.tensor(np.array([-1, 2, 4]))
net = Net()
out = net(x)
assert out
