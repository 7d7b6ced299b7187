# MindSpore's "Introduction to Graph Mode Programming" page, section "calling the third party libraries": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import numpy as np
import mindspore
from mindspore import nn

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      x = np.array([1, 2, 3])
      out = mindspore.tensor(x) + 1
      return out

net = Net()
print(net())
