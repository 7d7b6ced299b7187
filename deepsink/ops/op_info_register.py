"""Registration information of custom operators: ``CustomRegOp``, ``CpuRegOp``, ``DataType``,
``custom_info_register`` and ``op_info_register``.

In MindSpore a registration record (a dict built by a ``RegOp`` builder) says which dtypes and
formats a kernel accepts. deepsink's ``ops.Custom`` reads the records bound to its function
(``reg_info=`` or ``custom_info_register``) the same way: a call whose input dtypes match none of
the record's ``dtype_format`` rows for the CPU target is refused, as MindSpore's kernel selection
refuses it. ``op_info_register`` registers information of a built-in kernel in MindSpore's
operator library; deepsink's built-in kernels are XLA's, so the information is validated and kept
(``registered_op_info``) but selects nothing, and the decorator warns once that it has no effect.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable
from typing import Any

from deepsink._core.unsupported import unsupported

_logger = logging.getLogger("deepsink")

_REGISTERED: dict[str, dict] = {}
_WARNED: list[bool] = []


def registered_op_info() -> dict[str, dict]:
    """The records ``op_info_register`` has kept, by operator name."""
    return dict(_REGISTERED)


def op_info_register(op_info: str | dict) -> Callable[[Callable], Callable]:
    r"""
    A decorator that registers information (dtypes and formats) of a built-in operator's kernel.

    deepsink's kernels are XLA's: the information is checked (JSON text or a dict with an
    ``op_name``) and kept, but selects no kernel, so the first use warns that it has no effect.

    Args:
        op_info (Union[str, dict]): The operator information, JSON text or a dict.

    Returns:
        Function, a decorator that returns the function it decorates (called unchanged).

    Raises:
        TypeError: If `op_info` is neither str nor dict.
        ValueError: If `op_info` is not valid JSON or has no ``op_name``.

    Examples:
        >>> from deepsink.ops import op_info_register, CpuRegOp, DataType
        >>> abs_info = CpuRegOp("Abs").input(0, "x", "required").output(0, "y", "required") \
        ...     .dtype_format(DataType.F32_Default, DataType.F32_Default).get_op_info()
        >>> @op_info_register(abs_info)
        ... def _abs_cpu():
        ...     return
        >>> print(_abs_cpu())
        None
    """

    def register_decorator(func: Callable) -> Callable:
        text = json.dumps(op_info) if isinstance(op_info, dict) else op_info
        if not isinstance(text, str):
            raise TypeError(
                f"For 'op_info_register', the 'op_info' must be str or dict, but got "
                f"{type(op_info).__name__}"
            )
        try:
            info = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"Invalid op info:\n{text}\n") from exc
        if not isinstance(info, dict) or not isinstance(info.get("op_name"), str):
            raise ValueError(f"Invalid op info (no 'op_name'):\n{text}\n")
        _REGISTERED[info["op_name"]] = info
        if not _WARNED:
            _WARNED.append(True)
            _logger.warning(
                "op_info_register has no effect on deepsink: its kernels are XLA's, so the "
                "registered information of %r selects no kernel",
                info["op_name"],
            )

        @functools.wraps(func)
        def wrapped_function(*args: Any, **kwargs: Any) -> Any:
            return func(*args, **kwargs)

        return wrapped_function

    return register_decorator


def custom_info_register(*reg_info: str | dict) -> Callable[[Callable], Callable]:
    r"""
    A decorator that binds registration information to the `func` of :class:`mindspore.ops.Custom`.

    Args:
        reg_info (tuple[str, dict]): Each item is registration information, JSON text or a dict
            (as ``CustomRegOp(...).get_op_info()`` makes it).

    Returns:
        Function, a decorator; the function it returns carries the information as ``reg_info``.

    Raises:
        TypeError: If an item of `reg_info` is neither str nor dict.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> from deepsink.ops import custom_info_register, CustomRegOp, DataType
        >>> info = CustomRegOp().input(0, "x").output(0, "y") \
        ...     .dtype_format(DataType.F32_Default, DataType.F32_Default).target("CPU").get_op_info()
        >>> @custom_info_register(info)
        ... def twice(x):
        ...     return x * 2
        >>> op = ops.Custom(twice, lambda x: x, lambda x: x, "pyfunc")
        >>> print(op(ms.Tensor(np.array([1.0, 2.0], np.float32))))
        [2. 4.]
    """
    for item in reg_info:
        if not isinstance(item, str | dict):
            raise TypeError(
                f"For 'custom_info_register', each 'reg_info' must be str or dict, but got "
                f"{type(item).__name__}"
            )

    def decorator(func: Callable) -> Callable:
        func.reg_info = reg_info

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return func(*args, **kwargs)

        return wrapper

    return decorator


class RegOp:
    """Base of the registration-information builders: inputs, outputs, attributes and the
    supported (dtype, format) rows of one operator, returned as a dict by ``get_op_info``.

    Args:
        op_name (str): The operator's name.
    """

    def __init__(self, op_name: str = "") -> None:
        if not isinstance(op_name, str):
            raise ValueError("op name value must be string")
        if not op_name.strip():
            raise ValueError("op name is empty")
        self.op_name = op_name
        self.inputs: list[dict] = []
        self.outputs: list[dict] = []
        self.attr_: list[dict] = []
        self.fusion_type_ = ""
        self.dtype_format_: list[tuple] = []

    @staticmethod
    def _is_string(value: Any) -> bool:
        if not isinstance(value, str):
            raise TypeError(f"{value} value must be str")
        return True

    @staticmethod
    def _is_int(value: Any) -> bool:
        if not isinstance(value, int):
            raise TypeError(f"{value} value must be int")
        return True

    @staticmethod
    def _is_bool(value: Any) -> bool:
        if not isinstance(value, bool):
            raise TypeError(f"{value} value must be bool")
        return True

    @staticmethod
    def _is_list(value: Any) -> bool:
        if not isinstance(value, list):
            raise TypeError(f"{value} value must be list")
        return True

    def _check_param(self, param_list: list, key_list: list, fn_list: list, kwargs: dict) -> dict:
        """The dict of the given (not None) values under ``key_list``'s keys, each checked."""
        for i in (param_list, key_list, fn_list):
            if not isinstance(i, list):
                raise TypeError(f"{i} value must be list type")
        if len(param_list) != len(key_list) or (
            len(fn_list) != 1 and len(param_list) != len(fn_list)
        ):
            raise ValueError(
                f"param_list size {len(param_list)}, key_list size {len(key_list)}, must be "
                f"equal.And fn_list size {len(fn_list)}."
            )
        out: dict = {}
        for idx, element in enumerate(param_list):
            if element is not None:
                (fn_list[0] if len(fn_list) == 1 else fn_list[idx])(element)
                out[key_list[idx]] = element
        return {**out, **kwargs}

    def _io(self, into: list, values: list, type_key: str, kwargs: dict) -> RegOp:
        """Adds an input or output: ``values`` (index, name, param type) under ``"index"``,
        ``"name"`` and ``type_key``."""
        keys = ["index", "name", type_key]
        into.append(
            self._check_param(
                values, keys, [self._is_int, self._is_string, self._is_string], kwargs
            )
        )
        return self

    def fusion_type(self, fusion_type: str) -> RegOp:
        """The operator's fusion type (a str)."""
        self._is_string(fusion_type)
        self.fusion_type_ = fusion_type
        return self

    def dtype_format(self, *args: tuple) -> RegOp:
        """One supported row: a (dtype, format) pair per input, then per output."""
        if len(self.inputs) + len(self.outputs) != len(args):
            raise ValueError("input size add output size must be equal to dtype format size")
        row = []
        for arg in args:
            if not isinstance(arg, tuple) or len(arg) not in (2, 3):
                raise ValueError("dtype and format value must be tuple of two or three elements")
            for part in arg:
                self._is_string(part)
            row.append(arg)
        self.dtype_format_.append(tuple(row))
        return self

    def get_op_info(self) -> dict:
        """The registration information as a dict (the keys without their trailing ``_``)."""
        renamed = {
            "dynamic_shape_support": "dynamicShapeSupport",
            "dynamic_rank_support": "dynamicRankSupport",
            "dynamic_compile_static": "dynamicCompileStatic",
            "need_check_support": "needCheckSupport",
            "dynamic_format": "dynamicFormat",
        }
        info = {}
        for key, value in self.__dict__.items():
            if key.endswith("_"):
                key = key.rstrip("_")
                key = renamed.get(key, key)
            info[key] = value
        return info


class CpuRegOp(RegOp):
    r"""
    Registration information of a CPU kernel (for :func:`mindspore.ops.op_info_register`).

    Args:
        op_name (str): The operator's name.

    Examples:
        >>> from deepsink.ops import CpuRegOp, DataType
        >>> info = CpuRegOp("Abs").input(0, "x", "required").output(0, "y", "required") \
        ...     .dtype_format(DataType.F32_Default, DataType.F32_Default).get_op_info()
        >>> print(info["op_name"], info["imply_type"], info["dtype_format"])
        Abs CPU [(('float32', 'DefaultFormat'), ('float32', 'DefaultFormat'))]
    """

    def __init__(self, op_name: str) -> None:
        super().__init__(op_name)
        self.imply_type = "CPU"

    def input(
        self,
        index: int | None = None,
        name: str | None = None,
        param_type: str | None = None,
        **kwargs: Any,
    ) -> CpuRegOp:
        """An input: its index, name and param type (``"required"``, ``"dynamic"``,
        ``"optional"``)."""
        return self._io(self.inputs, [index, name, param_type], "param_type", kwargs)

    def output(
        self,
        index: int | None = None,
        name: str | None = None,
        param_type: str | None = None,
        **kwargs: Any,
    ) -> CpuRegOp:
        """An output: its index, name and param type."""
        return self._io(self.outputs, [index, name, param_type], "param_type", kwargs)

    def attr(
        self,
        name: str | None = None,
        value_type: str | None = None,
        value: str | None = None,
        **kwargs: Any,
    ) -> CpuRegOp:
        """An attribute: its name, value type and value."""
        self.attr_.append(
            self._check_param(
                [name, value_type, value], ["name", "type", "value"], [self._is_string], kwargs
            )
        )
        return self


class CustomRegOp(RegOp):
    r"""
    Registration information of the `func` of :class:`mindspore.ops.Custom`: its inputs, outputs,
    attributes, supported (dtype, format) rows and target.

    Args:
        op_name (str, optional): The kernel's name. Default: ``"Custom"``.

    Examples:
        >>> from deepsink.ops import CustomRegOp, DataType
        >>> info = CustomRegOp().input(0, "x", "dynamic").output(0, "y") \
        ...     .dtype_format(DataType.F16_Default, DataType.F16_Default) \
        ...     .dtype_format(DataType.F32_Default, DataType.F32_Default) \
        ...     .target("CPU").get_op_info()
        >>> print(info["target"], info["inputs"])
        CPU [{'index': 0, 'name': 'x', 'paramType': 'dynamic'}]
    """

    def __init__(self, op_name: str = "Custom") -> None:
        super().__init__(op_name)
        self.target_: str | None = "UnKnown"

    def input(
        self,
        index: int | None = None,
        name: str | None = None,
        param_type: str | None = "required",
        **kwargs: Any,
    ) -> CustomRegOp:
        """An input of `func`: ``{"index", "name", "paramType"}`` (``"required"``,
        ``"dynamic"`` or ``"optional"``)."""
        return self._io(self.inputs, [index, name, param_type], "paramType", kwargs)

    def output(
        self,
        index: int | None = None,
        name: str | None = None,
        param_type: str | None = "required",
        **kwargs: Any,
    ) -> CustomRegOp:
        """An output of `func`: ``{"index", "name", "paramType"}``."""
        return self._io(self.outputs, [index, name, param_type], "paramType", kwargs)

    def dtype_format(self, *args: tuple) -> CustomRegOp:
        """One supported row: a (dtype, format) pair per input, then per output."""
        io_nums = len(self.inputs) + len(self.outputs)
        if len(args) != io_nums:
            raise ValueError(
                f"The size of 'args' must be equal to the sum of input tensors and output "
                f"tensors, but got {len(args)} vs {io_nums}"
            )
        super().dtype_format(*args)
        return self

    def attr(
        self,
        name: str | None = None,
        param_type: str | None = None,
        value_type: str | None = None,
        default_value: str | None = None,
        **kwargs: Any,
    ) -> CustomRegOp:
        """An attribute of `func`: ``{"name", "paramType", "type", "defaultValue"}``."""
        self.attr_.append(
            self._check_param(
                [name, param_type, value_type, default_value],
                ["name", "paramType", "type", "defaultValue"],
                [self._is_string],
                kwargs,
            )
        )
        return self

    def target(self, target: str | None = None) -> CustomRegOp:
        """The device the information is for (``"Ascend"``, ``"GPU"`` or ``"CPU"``)."""
        if target is not None:
            self._is_string(target)
        self.target_ = target
        return self

    def get_op_info(self) -> dict:
        """The registration information as a dict."""
        return {k.rstrip("_") if k.endswith("_") else k: v for k, v in self.__dict__.items()}


# DataType: (dtype, format) pairs named <DTYPE>_<FORMAT>, MindSpore's table.
_COMMON_FORMATS = {
    "None": "", "Default": "DefaultFormat", "5HD": "NC1HWC0", "FracZ": "FRACTAL_Z",
    "FracNZ": "FRACTAL_NZ", "C1HWNCoC0": "C1HWNCoC0", "NCHW": "NCHW", "NHWC": "NHWC",
    "HWCN": "HWCN", "NDHWC": "NDHWC", "ChannelLast": "ChannelLast",
}  # fmt: skip
_FLOAT_3D = {
    "NCDHW": "NCDHW", "DHWCN": "DHWCN", "NDC1HWC0": "NDC1HWC0", "FRACTAL_Z_3D": "FRACTAL_Z_3D",
    "FracZNLSTM": "FRACTAL_ZN_LSTM", "FracZNRNN": "FRACTAL_ZN_RNN", "ND_RNNBIAS": "ND_RNN_BIAS",
}  # fmt: skip
_EXTRA_FORMATS = {
    "I8": {"NCDHW": "NCDHW", "NDC1HWC0": "NDC1HWC0", "NC1HWC0": "NC1HWC0"},
    "U8": {"NCDHW": "NCDHW", "NDC1HWC0": "NDC1HWC0", "NC1HWC0": "NC1HWC0"},
    "I32": {"NDC1HWC0": "NDC1HWC0", "NCDHW": "NCDHW"},
    "F16": _FLOAT_3D, "F32": _FLOAT_3D, "BF16": _FLOAT_3D,
}  # fmt: skip
_DTYPES = {
    "BOOL": "bool", "I8": "int8", "U8": "uint8", "I16": "int16", "U16": "uint16",
    "I32": "int32", "U32": "uint32", "I64": "int64", "U64": "uint64", "F16": "float16",
    "F32": "float32", "F64": "float64", "BF16": "bfloat16",
}  # fmt: skip


def _data_type_table() -> dict[str, tuple]:
    table: dict[str, tuple] = {"None_None": ("", ""), "None_Default": ("", "DefaultFormat")}
    for short, dtype in _DTYPES.items():
        for fmt_name, fmt in {**_COMMON_FORMATS, **_EXTRA_FORMATS.get(short, {})}.items():
            table[f"{short}_{fmt_name}"] = (dtype, fmt)
        table[f"{short}_Default_Tuple"] = (dtype, "DefaultFormat", "tuple")
        table[f"{short}_Default_List"] = (dtype, "DefaultFormat", "list")
    for short, dtype in (("C64", "complex64"), ("C128", "complex128")):
        table[f"{short}_Default"] = (dtype, "DefaultFormat")
        table[f"{short}_Default_Tuple"] = (dtype, "DefaultFormat", "tuple")
    return table


class DataType:
    r"""
    Named (dtype, format) pairs for the ``dtype_format`` rows of registration information:
    ``DataType.F32_Default`` is ``("float32", "DefaultFormat")``, ``DataType.I32_None`` is
    ``("int32", "")``, ``DataType.F16_Default_Tuple`` is ``("float16", "DefaultFormat",
    "tuple")``. deepsink's tensors have one (the default) format; the other formats are
    MindSpore's Ascend layouts, kept as names so that registration code reads unchanged.

    Examples:
        >>> from deepsink.ops import DataType
        >>> print(DataType.F32_Default, DataType.I32_None)
        ('float32', 'DefaultFormat') ('int32', '')
    """


for _name, _value in _data_type_table().items():
    setattr(DataType, _name, _value)
del _name, _value

AkgGpuRegOp = unsupported(
    "mindspore.ops",
    "AkgGpuRegOp",
    "it registers a kernel of the AKG compiler for NVIDIA GPUs, which deepsink does not "
    "build; write the kernel as an ops.Custom 'pyfunc' or 'hybrid' function, or in jax",
)
