# MindSpore's "Introduction to Graph Mode Programming" page, section "supporting property setting and modifica": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

@mindspore.jit_class
class InnerClass():
   def __init__(self):
      self.x = 10

class Net(nn.Cell):
   def __init__(self):
      super(Net, self).__init__()
      self.inner = InnerClass()

   @mindspore.jit
   def construct(self):
      self.inner.x = 100
      return

net = Net()
net()
print(f"net.inner.x is {net.inner.x}")
