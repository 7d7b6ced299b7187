# MindSpore's "Introduction to Graph Mode Programming" page, section "supporting the high level usage of dicti": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import numpy as np
import mindspore
from mindspore import nn

x = {"a": mindspore.tensor(np.array([1, 2, 3])), "b": mindspore.tensor(np.array([4, 5, 6])), "c": mindspore.tensor(np.array([7, 8, 9]))}

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      y = x["b"]
      x["a"] = (2, 3, 4)
      return x, y

net = Net()
out1, out2 = net()
print('out1:{}'.format(out1))
print('out2:{}'.format(out2))
