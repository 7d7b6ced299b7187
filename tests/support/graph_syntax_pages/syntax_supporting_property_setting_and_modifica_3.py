# MindSpore's "Introduction to Graph Mode Programming" page, section "supporting property setting and modifica": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

class Net(nn.Cell):
   def __init__(self):
      super().__init__()
      self.m = 2

   @mindspore.jit
   def construct(self):
      self.m = 3
      return

net = Net()
net()
print(f"net.m is {net.m}")
