# MindSpore 2.10 tutorial page tutorials/source_en/debug/pynative.md: its Python code blocks in order.
# Replaced: none (the page downloads nothing); shell (!pip) lines dropped.

import mindspore
mindspore.runtime.launch_blocking()

# ---
def some_function():
    x = 10
    import pdb; pdb.set_trace()  # Set a breakpoint here
    y = x + 1
    return y
