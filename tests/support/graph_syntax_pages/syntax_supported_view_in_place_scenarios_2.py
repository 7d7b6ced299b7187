# MindSpore's "Introduction to Graph Mode Programming" page, section "supported view in place scenarios": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
import numpy as np
import mindspore


@mindspore.jit(capture_mode='ast', jit_level="O0", backend="ms_backend")
def func(ms_x):
    ms_x[slice(0, 1)] = -1
    return ms_x


np_x = np.arange(2 * 3 * 4).reshape(2, 3, 4)
ms_x = mindspore.tensor(np_x)

ms_output = func(ms_x)
np_x[slice(0, 1)] = -1
assert np.allclose(np_x, ms_output.asnumpy())
