# MindSpore's "Introduction to Graph Mode Programming" page, section "List": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import numpy as np
import mindspore
from mindspore import nn

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      a = [1, 2, 3, 4]
      b = ["1", "2", "a"]
      c = [mindspore.tensor([1]), mindspore.tensor([2])]
      d = [a, b, c, (4, 5)]
      return d
