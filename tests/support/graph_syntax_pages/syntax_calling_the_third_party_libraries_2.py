# MindSpore's "Introduction to Graph Mode Programming" page, section "calling the third party libraries": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
from scipy import linalg
import mindspore
from mindspore import nn

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      x = [[1, 2], [3, 4]]
      return linalg.qr(x)

net = Net()
out = net()
print(out[0].shape)
