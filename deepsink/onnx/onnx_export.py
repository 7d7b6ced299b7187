"""``mindspore.onnx.export``: a network as an ONNX model, with MindSpore 2.10's options."""

from __future__ import annotations

import os
from typing import Any


def _check_isinstance(name: str, value: Any, cls: type) -> None:
    if not isinstance(value, cls):
        raise ValueError(f"The parameter '{name}' must be isinstance of {cls}, but got {value}.")


def _dynamic_axes(net: Any, inputs: tuple, input_names: list, dynamic_axes: dict) -> dict:
    """``dynamic_axes`` ({input name: {axis: name}}) by input index, checked."""
    from deepsink.common.tensor import Tensor
    from deepsink.train import onnx_export

    names = input_names or onnx_export._input_names(net, len(inputs))
    out: dict[int, dict[int, str]] = {}
    for key, axes in dynamic_axes.items():
        if key not in names:
            raise ValueError(
                f"For 'onnx.export', the key {key!r} of 'dynamic_axes' must name an input of the "
                f"graph, one of {names}, but got {key!r}."
            )
        if not isinstance(axes, dict):
            raise ValueError(
                f"For 'onnx.export', dynamic_axes[{key!r}] must be a dict of axis to axis name, "
                f"but got {axes!r}."
            )
        index = names.index(key)
        x = inputs[index]
        rank = len(x.shape) if isinstance(x, Tensor) or hasattr(x, "shape") else 0
        for axis, name in axes.items():
            if not isinstance(axis, int) or isinstance(axis, bool) or not -rank <= axis < rank:
                raise ValueError(
                    f"For 'onnx.export', dynamic_axes[{key!r}] names axis {axis!r}, but the input "
                    f"has rank {rank}."
                )
            if not isinstance(name, str) or not name:
                raise ValueError(
                    f"For 'onnx.export', dynamic_axes[{key!r}][{axis}] must be a non-empty str, "
                    f"but got {name!r}."
                )
            out.setdefault(index, {})[axis % rank] = name
    return out


def export(
    net: Any,
    *inputs: Any,
    file_name: str,
    input_names: list | None = None,
    output_names: list | None = None,
    export_params: bool = True,
    keep_initializers_as_inputs: bool = False,
    dynamic_axes: dict | None = None,
) -> None:
    """Export a network's forward pass (traced with ``inputs``, in inference mode) as an ONNX
    model that ONNX Runtime runs; ``.onnx`` is appended to ``file_name`` when missing. Needs
    jax2onnx (``pip install 'deepsink[onnx]'``); docs/export.md says what converts.

    Args:
        net (Cell): the network.
        inputs (Tensor): example inputs; the model keeps their shapes and dtypes.
        file_name (str): the output file.
        input_names (list, optional): names of the graph's inputs, in order. Default: ``None``
            (``construct``'s argument names).
        output_names (list, optional): names of the graph's outputs, in order. Default: ``None``.
        export_params (bool, optional): ``False`` leaves the Parameters as graph inputs, without
            their values. Default: ``True``.
        keep_initializers_as_inputs (bool, optional): list the Parameters (initializers) among
            the graph's inputs too, so they can be fed. Default: ``False``.
        dynamic_axes (dict, optional): axes of the inputs left dynamic in the model, as
            ``{input_name: {axis: axis_name}}`` (``{"x": {0: "batch"}}``); the same axis name on
            several inputs is one size. ``input_name`` is one of ``input_names`` (or
            ``construct``'s argument names). Default: ``None`` (the inputs' shapes, fixed).

    Raises:
        ValueError: ``net`` is not a Cell, ``input_names``/``output_names`` not lists,
            ``dynamic_axes`` not a dict, a dataset as input, or an operation ONNX has no
            operator for (named, with the network's line).
        ValueError: ``dynamic_axes`` names an input the graph lacks or an axis out of range.
        NotImplementedError: the Parameters exceed 2 GB.
        ImportError: jax2onnx is not installed.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> path = os.path.join(tempfile.mkdtemp(), 'dense')
        >>> x = ms.Tensor(np.ones((1, 2), np.float32))
        >>> try:
        ...     ms.onnx.export(nn.Dense(2, 1), x, file_name=path, input_names=['input1'])
        ...     done = os.path.exists(path + '.onnx')
        ... except ImportError as e:  # without the onnx extra, the error says how to install it
        ...     done = "deepsink[onnx]" in str(e)
        >>> print(done)
        True
    """
    from deepsink.dataset.engine.datasets import Dataset
    from deepsink.nn.cell import Cell
    from deepsink.train import onnx_export

    _check_isinstance("net", net, Cell)
    input_names = input_names or []
    _check_isinstance("input_names", input_names, list)
    output_names = output_names or []
    _check_isinstance("output_names", output_names, list)
    dynamic_axes = dynamic_axes or {}
    _check_isinstance("dynamic_axes", dynamic_axes, dict)
    if inputs and all(isinstance(x, Dataset) for x in inputs):
        raise ValueError("Can not support dataset as inputs to export ONNX model.")
    axes = _dynamic_axes(net, inputs, input_names, dynamic_axes)
    training = net.training
    net.set_train(False)
    try:
        total = onnx_export.net_size_kb(net)
        if total > onnx_export.PROTO_LIMIT_KB:
            raise NotImplementedError(
                f"For 'onnx.export', the Parameters ({total / 1024 / 1024:.2f} GB) exceed the 2 GB "
                "of one ONNX file; deepsink does not write them to external data files"
            )
        model = onnx_export.to_model(
            net,
            inputs,
            input_names,
            output_names,
            export_params,
            keep_initializers_as_inputs,
            axes,
        )
    finally:
        net.set_train(training)
    file_name = os.path.abspath(file_name)
    if not file_name.endswith(".onnx"):
        file_name += ".onnx"
    os.makedirs(os.path.dirname(file_name), exist_ok=True)
    with open(file_name, "wb") as f:
        f.write(model.SerializeToString())
