# MindSpore's "Introduction to Graph Mode Programming" page, section "supporting property setting and modifica": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import numpy as np
import mindspore
from mindspore import nn

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      a = np.array([1, 2, 3, 4])
      a.shape = (2, 2)
      return a.shape

net = Net()
shape = net()
print(f"shape is {shape}")
