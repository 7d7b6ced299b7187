# MindSpore's "Introduction to Graph Mode Programming" page, section "syntax constraints of basic syntaxes": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn, ops

class Net(nn.Cell):
   def __init__(self):
      super().__init__()
      self.len = 1

   @mindspore.jit
   def construct(self, inputs):
      x = inputs + self.len
      return x

inputs = 2
net = Net()
print("out1:", net(inputs))
net.len = 2
print("out2:", net(inputs))
