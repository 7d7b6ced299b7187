# MindSpore's "Introduction to Graph Mode Programming" page, section "supporting the high level usage of dicti": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
from mindspore import nn

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      x = {'a': 'a', 'b': 'b'}
      y = x.get('a')
      z = dict(y=y)
      return z

net = Net()
out = net()
print("out:", out)
