# MindSpore's "Introduction to Graph Mode Programming" page, section "supporting property setting and modifica": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

class AssignClass():
   def __init__(self):
      self.x = 1

obj = AssignClass()

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      obj.x = 100

net = Net()
net()
print(f"obj.x is: {obj.x}")
