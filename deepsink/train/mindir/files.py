"""``load``, ``load_mindir`` and ``save_mindir``: MindSpore 2.10's MindIR file functions."""

from __future__ import annotations

import os
import re
import stat
from typing import Any

from deepsink.train.mindir import proto
from deepsink.train.mindir.graph import FuncGraph, read_model

_FILE_NAME = re.compile(r"^[A-Za-z0-9_./:()!\\-]+$")  # MindSpore's check_file_name_by_regular


def load(file_name: str, **kwargs: Any) -> FuncGraph:
    """Load a MindIR file (as MindSpore 2.10 writes it) into a graph ``nn.GraphCell`` runs.

    Args:
        file_name (str): the ``.mindir`` file.
        kwargs (dict): ``dec_key`` (bytes, 16/24/32 long) and ``dec_mode`` (``'AES-GCM'``
            (default), ``'AES-CBC'``, or a function ``dec_mode(file_name, dec_key)`` returning
            the plain bytes) for an encrypted file.

    Returns:
        FuncGraph, the graph; ``nn.GraphCell(graph)`` runs it.

    Raises:
        NotImplementedError: ``obf_func`` is given (dynamic obfuscation).
        ValueError: ``file_name`` is not a str, does not end with '.mindir' or does not exist.
        RuntimeError: the file cannot be parsed or decrypted, or uses a primitive deepsink lacks.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> path = os.path.join(tempfile.mkdtemp(), 'relu')
        >>> ms.export(nn.ReLU(), ms.Tensor(np.ones((2,), np.float32)), file_name=path, file_format='MINDIR')
        >>> graph = ms.load(path + '.mindir')
        >>> print(nn.GraphCell(graph)(ms.Tensor(np.array([-1.0, 2.0], np.float32))))
        [0. 2.]
    """
    if "obf_func" in kwargs:
        raise NotImplementedError("Dynamic model structure obfuscation is no longer supported.")
    unknown = sorted(set(kwargs) - {"dec_key", "dec_mode"})
    if unknown:
        raise TypeError(
            f"For 'load', got unexpected keyword arguments {unknown}; it takes 'dec_key' and 'dec_mode'"
        )
    if not isinstance(file_name, str):
        raise ValueError(
            f"For 'load', the argument 'file_name' must be string, but got {type(file_name)}."
        )
    if not file_name.endswith(".mindir"):
        raise ValueError(
            "For 'load', the argument 'file_name'(MindIR file) should end with '.mindir', please "
            "input the correct 'file_name'."
        )
    if not os.path.exists(file_name):
        raise ValueError(
            "For 'load', the argument 'file_name'(MindIR file) does not exist, please check whether "
            "the 'file_name' is correct."
        )
    dec_key = kwargs.get("dec_key")
    dec_mode = kwargs.get("dec_mode", "AES-GCM")
    if dec_key is not None and not isinstance(dec_key, bytes):
        raise TypeError(
            f"For 'load', the argument 'dec_key' must be bytes, but got {type(dec_key)}."
        )
    if not callable(dec_mode) and not isinstance(dec_mode, str):
        raise TypeError(
            f"For 'load', the argument 'dec_mode' must be str, but got {type(dec_mode)}."
        )
    file_name = os.path.realpath(file_name)
    model = read_model(file_name, dec_key, dec_mode)
    return FuncGraph(model, os.path.dirname(file_name))


def _check_name(api: str, file_name: Any) -> str:
    if not isinstance(file_name, str) or not _FILE_NAME.match(file_name):
        raise ValueError(
            f"For '{api}', the argument 'file_name' must be a valid file name, but got {file_name!r}."
        )
    return os.path.realpath(file_name)


def load_mindir(file_name: str) -> Any:
    """Parse a MindIR file into its ``ModelProto`` message (deprecated in MindSpore since 2.5).

    Args:
        file_name (str): the file.

    Returns:
        ModelProto, the file's protobuf message (``mind_ir.proto``).

    Raises:
        ValueError: the name is not valid, or the file cannot be read or parsed.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> path = os.path.join(tempfile.mkdtemp(), 'relu')
        >>> ms.export(nn.ReLU(), ms.Tensor(np.ones((2,), np.float32)), file_name=path, file_format='MINDIR')
        >>> print(ms.load_mindir(path + '.mindir').producer_name)
        MindSpore
    """
    file_name = _check_name("load_mindir", file_name)
    model = proto.ModelProto()
    try:
        with open(file_name, "rb") as f:
            model.ParseFromString(f.read())
    except BaseException as e:
        raise ValueError(str(e)) from e
    return model


def save_mindir(model: Any, file_name: str) -> None:
    """Write a ``ModelProto`` (from ``load_mindir``) to ``file_name`` (``.mindir`` appended when
    missing), read-only, as MindSpore does (deprecated in MindSpore since 2.5).

    Args:
        model (ModelProto): the message.
        file_name (str): the file.

    Raises:
        TypeError: ``model`` is not a ModelProto.
        ValueError: the name is not valid or the file cannot be written.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> path = os.path.join(tempfile.mkdtemp(), 'relu')
        >>> ms.export(nn.ReLU(), ms.Tensor(np.ones((2,), np.float32)), file_name=path, file_format='MINDIR')
        >>> md = ms.load_mindir(path + '.mindir')
        >>> md.user_info['version'] = 'v1'
        >>> ms.save_mindir(md, path + '_v1')
        >>> print(ms.load_mindir(path + '_v1.mindir').user_info['version'])
        v1
    """
    file_name = _check_name("save_mindir", file_name)
    if not file_name.endswith(".mindir"):
        file_name += ".mindir"
    os.makedirs(os.path.dirname(file_name), mode=0o700, exist_ok=True)
    if os.path.exists(file_name):
        os.chmod(file_name, stat.S_IWUSR)
    if not isinstance(model, proto.ModelProto):
        raise TypeError(
            f"For 'save_mindir', the argument 'model' must be ModelProto, but got {type(model)}."
        )
    try:
        with os.fdopen(os.open(file_name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
            f.write(model.SerializeToString())
    except BaseException as e:
        raise ValueError(str(e)) from e
    finally:
        if os.path.exists(file_name):
            os.chmod(file_name, stat.S_IRUSR)
