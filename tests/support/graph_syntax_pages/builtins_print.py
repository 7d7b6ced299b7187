# MindSpore's "Graph Mode Syntax - Python Built-in Functions" page, section "print": its example as the page writes it
# (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import mindspore
import numpy as np

x = mindspore.tensor(np.array([1, 2, 3]), mindspore.int32)
y = mindspore.tensor(3, mindspore.int32)

@mindspore.jit()
def test(x, y):
    print(x)
    print(y)
    return x, y

ret = test(x, y)
