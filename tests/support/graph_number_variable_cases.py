"""The dtype of a Python number read in a Tensor loop (``self.nums[j]`` with ``j`` a loop
counter) next to a Tensor: MindSpore 2.10 treats it as a Python scalar, so an int32 Tensor plus
an int stays int32 and an int Tensor plus a float is float32.
``scripts/record_graph_fallback_fixtures.py`` records the outcomes under 2.10 and
``tests/_core/test_graph_number_variables.py`` replays them on deepsink."""

from __future__ import annotations


def graph_number_variables(ms) -> dict:
    nn, Tensor = ms.nn, ms.Tensor

    class Accumulate(nn.Cell):
        def __init__(self, nums, reflected):
            super().__init__()
            self.nums = nums
            self.reflected = reflected

        def construct(self, x, n):
            out = x
            j = 0
            while j < n:
                out = self.nums[j] + out if self.reflected else out + self.nums[j]
                j = j + 1
            return out

    ms.set_context(mode=ms.GRAPH_MODE)
    cases = {}
    try:
        for nums in ([1, 2, 3], [1.5, 2.5, 3.5]):
            for dtype in (ms.int32, ms.int8, ms.float16):
                for reflected in (False, True):
                    name = f"{type(nums[0]).__name__}_{dtype}_{'r' if reflected else 'l'}"
                    try:
                        out = Accumulate(nums, reflected)(Tensor([2, 3], dtype), Tensor(2))
                    except TypeError as e:  # an int Tensor that a float makes float: no join
                        cases[name] = {"error": type(e).__name__}
                        continue
                    cases[name] = [str(out.dtype), out.asnumpy().tolist()]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return cases
