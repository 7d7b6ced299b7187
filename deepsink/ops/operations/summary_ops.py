"""Side-effect primitives that hand values to the host: the summary operators (``ScalarSummary``,
``ImageSummary``, ``TensorSummary``, ``HistogramSummary``), ``TensorDump``/``tensordump`` and
``DumpGradient``.

A summary operator puts its value in a cache under ``"<name>[:Scalar]"`` (``[:Image]``,
``[:Tensor]``, ``[:Histogram]``), the newest value of a name winning, as MindSpore's summary
channel does; ``SummaryRecord.record`` (train mode) takes the cache and writes it as that step's
event. ``TensorDump`` writes ``<file>_<dtype>_<id>.npy`` (``id`` counting every dump of the
process, bfloat16 saved as float32), as MindSpore does. In compiled code (GRAPH_MODE, ``jit``,
a sunk loop) each of them is a host callback that runs when the program runs, once per step.
"""

from __future__ import annotations

import itertools
import os
import threading
from typing import Any

import jax
import numpy as np

from deepsink import context
from deepsink._core import functional, spmd
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor, unwrap
from deepsink.ops.operations.debug_ops import InsertGradientOf
from deepsink.ops.primitive import Primitive

_lock = threading.Lock()
_SUMMARY_CACHE: dict[str, np.ndarray] = {}
_DUMP_IDS = itertools.count()


def take_summary_data() -> dict[str, np.ndarray]:
    """The summary values put since the last call (``"tag[:Type]" -> array``), cache emptied;
    waits for the callbacks of programs already run."""
    global _SUMMARY_CACHE
    jax.effects_barrier()
    with _lock:
        data, _SUMMARY_CACHE = _SUMMARY_CACHE, {}
    return data


def _traced(arrays: list) -> bool:
    return functional.tracing() or any(isinstance(a, jax.core.Tracer) for a in arrays)


def _on_host(fn: Any, array: Any) -> None:
    """``fn(numpy value)`` now, or when the compiled program runs (ordered on one device)."""
    if not _traced([array]):
        fn(np.asarray(array))
        return
    notes = functional.notes()
    if notes is not None:
        notes.callbacks = True
    parallel = context.get_auto_parallel_context("parallel_mode")
    ordered = spmd.world() is None and parallel in (None, context.ParallelMode.STAND_ALONE)
    jax.debug.callback(lambda v: fn(np.asarray(v)), array, ordered=ordered)


class _Summary(Primitive):
    """A summary operator: ``op(name, value)`` records `value` under `name`, returns None."""

    _type = ""

    def __init__(self) -> None:
        super().__init__(self.__class__.__name__)
        self.add_prim_attr("side_effect_io", True)
        self.add_prim_attr("channel_name", f"ms_{self._type.lower()}_summary")

    def __call__(self, name: Any, value: Any) -> None:
        prim = self.__class__.__name__
        if not isinstance(name, str) or not name:
            raise TypeError(f'For "{prim}", the name must be valid string, but got "{name}".')
        if not isinstance(value, Tensor):
            raise TypeError(
                f'For "{prim}", the parameter "value" expect to be Tensor, but got '
                f"{type(value).__name__}"
            )
        self._check(value)
        key = f"{name}[:{self._type}]"

        def put(v: np.ndarray) -> None:
            with _lock:
                _SUMMARY_CACHE[key] = v

        _on_host(put, unwrap(value))

    def _check(self, value: Tensor) -> None:
        """Checks of the value's shape known before it runs."""


class ScalarSummary(_Summary):
    r"""
    Records a scalar (a Tensor of one element) for :class:`mindspore.SummaryRecord` (or
    :class:`mindspore.train.SummaryCollector`), which writes it at its next ``record``.

    Inputs:
        - **name** (str) - The tag.
        - **value** (Tensor) - The value, one element.

    Outputs:
        None.

    Raises:
        TypeError: If `name` is not a non-empty str or `value` is not a Tensor.
        ValueError: If `value` has more than one element.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.ScalarSummary()("loss", ms.Tensor(np.float32(0.5))))
        None
    """

    _type = "Scalar"

    def _check(self, value: Tensor) -> None:
        if int(np.prod(value.shape)) != 1:
            raise ValueError(
                f"For 'ScalarSummary', the value must have one element, but got "
                f"shape {list(value.shape)}"
            )


class TensorSummary(_Summary):
    r"""
    Records a Tensor for :class:`mindspore.SummaryRecord`, written at its next ``record``.

    Inputs:
        - **name** (str) - The tag.
        - **value** (Tensor) - The value.

    Outputs:
        None.

    Raises:
        TypeError: If `name` is not a non-empty str or `value` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.TensorSummary()("weights", ms.Tensor(np.ones((2, 2), np.float32))))
        None
    """

    _type = "Tensor"


class ImageSummary(_Summary):
    r"""
    Records images (NCHW, 1 or 3 channels) for :class:`mindspore.SummaryRecord`.

    Inputs:
        - **name** (str) - The tag.
        - **value** (Tensor) - The images, shape :math:`(N, C, H, W)`.

    Outputs:
        None.

    Raises:
        TypeError: If `name` is not a non-empty str or `value` is not a Tensor.
        ValueError: If `value` is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.ImageSummary()("image", ms.Tensor(np.zeros((1, 3, 4, 4), np.float32))))
        None
    """

    _type = "Image"

    def _check(self, value: Tensor) -> None:
        if len(value.shape) != 4:
            raise ValueError(
                f"For 'ImageSummary', the value must be 4-D (NCHW), but got shape "
                f"{list(value.shape)}"
            )


class HistogramSummary(_Summary):
    r"""
    Records the histogram of a Tensor for :class:`mindspore.SummaryRecord`.

    Inputs:
        - **name** (str) - The tag.
        - **value** (Tensor) - The values, rank greater than 0.

    Outputs:
        None.

    Raises:
        TypeError: If `name` is not a non-empty str or `value` is not a Tensor.
        ValueError: If `value` is 0-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.HistogramSummary()("bias", ms.Tensor(np.array([1.0, 2.0], np.float32))))
        None
    """

    _type = "Histogram"

    def _check(self, value: Tensor) -> None:
        if len(value.shape) == 0:
            raise ValueError(
                "For 'HistogramSummary', the rank of the value must be greater "
                "than 0, but got a 0-D Tensor"
            )


def _dump(file: str, array: Any) -> None:
    dtype = mstype.from_np(np.dtype(array.dtype))
    stem = file[:-4] if file.endswith(".npy") else file

    def write(v: np.ndarray) -> None:
        name = f"{stem}_{str(dtype).lower()}_{next(_DUMP_IDS)}.npy"
        directory = os.path.dirname(name)
        if directory:
            os.makedirs(directory, exist_ok=True)
        np.save(name, v.astype(np.float32) if dtype == mstype.bfloat16 else v)

    _on_host(write, array)


class TensorDump(Primitive):
    r"""
    Saves a Tensor as a ``.npy`` file named ``<file>_<dtype>_<id>.npy`` (a ``.npy`` ending of
    `file` dropped; ``id`` counts the dumps of the process from 0; bfloat16 saved as float32).
    In compiled code the file is written when the program runs.

    Args:
        input_output (str, optional): ``"out"`` or ``"in"``: which side of a redistribution
            in a sharded program is dumped; one device has one side. Default: ``"out"``.

    Inputs:
        - **file** (str) - The path (without the suffix).
        - **input_x** (Tensor) - The Tensor to save.

    Outputs:
        None.

    Raises:
        TypeError: If `file` is not a str or `input_x` is not a Tensor.
        ValueError: If `file` is empty or `input_output` is not ``"in"``/``"out"``.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> path = os.path.join(tempfile.mkdtemp(), "add")
        >>> ops.TensorDump()(path, ms.Tensor(np.array([1.0, 2.0], np.float32)))
        >>> print(sorted(os.listdir(os.path.dirname(path)))[0].startswith("add_float32_"))
        True
    """

    def __init__(self, input_output: str = "out") -> None:
        super().__init__(self.__class__.__name__)
        if input_output not in ("in", "out"):
            raise ValueError(
                f"The 'input_output' argument should be one of ['in', 'out'], but "
                f"got: {input_output}"
            )
        self.input_output = input_output
        self.add_prim_attr("side_effect_io", True)
        self.add_prim_attr("channel_name", "ms_tensor_dump")

    def __call__(self, file: Any, input_x: Any) -> None:
        if not isinstance(file, str):
            raise TypeError(
                f"For 'TensorDump', the 'file' must be str, but got {type(file).__name__}"
            )
        if not file:
            raise ValueError(
                "For 'TensorDump', the input argument[file] cannot be an empty string."
            )
        if not isinstance(input_x, Tensor):
            raise TypeError(
                f"For 'TensorDump', the 'input_x' must be Tensor, but got {type(input_x).__name__}"
            )
        _dump(file, unwrap(input_x))


def tensordump(file_name: str, tensor: Tensor, mode: str = "out") -> None:
    r"""
    Saves `tensor` as ``<file_name>_<dtype>_<id>.npy`` (see :class:`mindspore.ops.TensorDump`).

    Args:
        file_name (str): The path.
        tensor (Tensor): The Tensor to save.
        mode (str, optional): ``"out"`` or ``"in"``. Default: ``"out"``.

    Returns:
        None.

    Raises:
        TypeError: If `file_name` or `mode` is not a str, or `tensor` is not a Tensor.
        ValueError: If `mode` is not ``"in"``/``"out"``.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> path = os.path.join(tempfile.mkdtemp(), "x.npy")
        >>> ops.tensordump(path, ms.Tensor(np.array([3], np.int32)))
        >>> print(os.listdir(os.path.dirname(path))[0].startswith("x_int32_"))
        True
    """
    if not isinstance(file_name, str):
        raise TypeError(
            f"Parameter file_name should only be build_in str type but got: {type(file_name)}"
        )
    if not isinstance(tensor, Tensor):
        raise TypeError(f"Parameter tensor should only be Tensor type, but got: {type(tensor)}")
    if not isinstance(mode, str):
        raise TypeError(f"Parameter mode should only be build_in str type, but got: {type(mode)}")
    if mode not in ("out", "in"):
        if mode == "all":
            raise ValueError("Argument [mode] has been not supported value of 'all'.")
        raise ValueError(f"Parameter mode should in ['out', 'in'], but got {mode}")
    TensorDump(input_output=mode)(file_name, tensor)


class DumpGradient(Primitive):
    r"""
    The identity, whose backward pass saves the gradient reaching `x` with
    :class:`mindspore.ops.TensorDump` (``<path>_<dtype>_<id>.npy``).

    Inputs:
        - **path** (str) - The path of the file.
        - **x** (Tensor) - The value to pass through.
        - **input_output** (str) - ``"in"`` or ``"out"``.

    Outputs:
        Tensor, `x`.

    Raises:
        TypeError: If `path` is not a str.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> path = os.path.join(tempfile.mkdtemp(), "x_dout.npy")
        >>> dg = ops.DumpGradient()
        >>> def f(x, y):
        ...     return dg(path, x, "out") * y
        >>> print(ms.grad(f)(ms.Tensor(1.0), ms.Tensor(2.0)))
        2.0
        >>> print(os.listdir(os.path.dirname(path))[0].startswith("x_dout_float32_"))
        True
    """

    def __init__(self) -> None:
        super().__init__(self.__class__.__name__)

    def __call__(self, path: Any, x: Any, input_output: Any) -> Any:
        if not isinstance(path, str):
            raise TypeError(
                f"For 'DumpGradient', the 'path' must be str, but got {type(path).__name__}"
            )
        dump = TensorDump(input_output)

        def hook(dout: Tensor) -> Tensor:
            dump(path, dout)
            return dout

        return InsertGradientOf(hook)(x)


__all__ = [
    "ScalarSummary",
    "TensorSummary",
    "ImageSummary",
    "HistogramSummary",
    "TensorDump",
    "tensordump",
    "DumpGradient",
]
