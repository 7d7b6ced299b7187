"""Checkpoint helpers beyond save/load: ``load_segmented_checkpoints``, ``merge_sliced_parameter``,
``build_searched_strategy`` and ``load_distributed_checkpoint`` (JSON strategy files,
``_core/semi_auto.py``); the conversion tools between strategies are refused.
``load_checkpoint_async`` lives in ``serialization``, as in MindSpore."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from deepsink._core import semi_auto
from deepsink._core.unsupported import unsupported
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.train.serialization import ParamDictFuture as ParamDictFuture
from deepsink.train.serialization import (
    _load_checkpoint_arguments,
    load_checkpoint,
    load_param_into_net,
    save_checkpoint,
)
from deepsink.train.serialization import load_checkpoint_async as load_checkpoint_async


@_load_checkpoint_arguments("ckpt_file_dir")
def load_segmented_checkpoints(ckpt_file_dir: str, options: dict) -> dict:
    """Load every ``.ckpt`` file of a directory (a checkpoint saved in segments) into one dict,
    in file-name order, and into ``net`` when given.

    Args:
        ckpt_file_dir (str): the directory.
        net (Cell, optional): load the combined dict into it. Default: ``None``.
        strict_load (bool, optional): see :func:`load_param_into_net`. Default: ``False``.
        filter_prefix, dec_key, dec_mode, specify_prefix, choice_func: see
            :func:`load_checkpoint`.

    Returns:
        dict, the Parameters of all files.

    Raises:
        ValueError: if ``ckpt_file_dir`` is not a directory, holds no ``.ckpt`` file, or two
            files hold the same name.

    Examples:
        >>> import os, tempfile
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> d = tempfile.mkdtemp()
        >>> net = nn.Dense(2, 1)
        >>> ms.save_checkpoint([{"name": "weight", "data": net.weight}], os.path.join(d, "a.ckpt"))
        >>> ms.save_checkpoint([{"name": "bias", "data": net.bias}], os.path.join(d, "b.ckpt"))
        >>> print(sorted(ms.load_segmented_checkpoints(d)))
        ['bias', 'weight']
    """
    if not isinstance(ckpt_file_dir, str) or not os.path.isdir(ckpt_file_dir):
        raise ValueError(
            f"For 'load_segmented_checkpoints', 'ckpt_file_dir' must be a "
            f"directory, but got {ckpt_file_dir!r}"
        )
    files = sorted(f for f in os.listdir(ckpt_file_dir) if f.endswith(".ckpt"))
    if not files:
        raise ValueError(
            f"For 'load_segmented_checkpoints', there is no .ckpt file in {ckpt_file_dir!r}"
        )
    net, strict_load = options.pop("net"), options.pop("strict_load")
    merged: dict = {}
    for name in files:
        part = load_checkpoint(os.path.join(ckpt_file_dir, name), **options)
        clash = merged.keys() & part.keys()
        if clash:
            raise ValueError(
                f"For 'load_segmented_checkpoints', {sorted(clash)} are in more "
                f"than one file (last: {name})"
            )
        merged.update(part)
    if net is not None:
        load_param_into_net(net, merged, strict_load=strict_load)
    return merged


def merge_sliced_parameter(sliced_parameters: list, strategy: dict | None = None) -> Parameter:
    """Join the slices of one Parameter (one per rank, in rank order) into the whole Parameter.

    Without ``strategy`` the slices are concatenated along axis 0. With ``strategy`` (MindSpore's
    per-parameter layout: ``dev_mat``, ``tensor_map``, ``param_split_shape``,
    ``field_size``), the slices are placed by the device matrix and tensor map.

    Args:
        sliced_parameters (list[Parameter]): the slices, same name, dtype and requires_grad.
        strategy (dict, optional): ``{name: layout}``. Default: ``None``.

    Returns:
        Parameter, the whole Parameter.

    Raises:
        TypeError: if ``sliced_parameters`` is not a list of Parameters or ``strategy`` not a
            dict.
        ValueError: for slices that differ in name, dtype or requires_grad.
        KeyError: if the name is not in ``strategy``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import Tensor, Parameter
        >>> parts = [Parameter(Tensor(np.array([1.0, 2.0])), "w"), Parameter(Tensor(np.array([3.0])), "w")]
        >>> merged = ms.merge_sliced_parameter(parts)
        >>> print(merged.name, merged.asnumpy())
        w [1. 2. 3.]
    """
    if (
        not isinstance(sliced_parameters, list)
        or not sliced_parameters
        or not all(isinstance(p, Parameter) for p in sliced_parameters)
    ):
        raise TypeError(
            "For 'merge_sliced_parameter', 'sliced_parameters' must be a non-empty "
            "list of Parameter"
        )
    first = sliced_parameters[0]
    for p in sliced_parameters[1:]:
        if p.name != first.name or p.dtype != first.dtype or p.requires_grad != first.requires_grad:
            raise ValueError(
                "For 'merge_sliced_parameter', every slice must have the same name, "
                "dtype and requires_grad, but got "
                f"{(first.name, first.dtype, first.requires_grad)} and "
                f"{(p.name, p.dtype, p.requires_grad)}"
            )
    slices = [p.asnumpy() for p in sliced_parameters]
    if strategy is None:
        whole = np.concatenate(slices, axis=0)
    else:
        if not isinstance(strategy, dict):
            raise TypeError(
                f"For 'merge_sliced_parameter', 'strategy' must be a dict, but got "
                f"{type(strategy).__name__}"
            )
        if first.name not in strategy:
            raise KeyError(
                f"For 'merge_sliced_parameter', the parameter name {first.name!r} is "
                f"not in the keys of 'strategy'"
            )
        whole = _merge_by_layout(slices, strategy[first.name])
    return Parameter(whole, first.name, requires_grad=first.requires_grad)


def _field(layout: Any, key: str, default: Any = None) -> Any:
    if isinstance(layout, dict):
        return layout.get(key, default)
    return getattr(layout, key, default)


def _merge_by_layout(slices: list[np.ndarray], layout: Any) -> np.ndarray:
    """Rebuild a tensor from rank slices given MindSpore's device matrix and tensor map.

    ``tensor_map[i]`` names the device-matrix axis (counted from the right, -1 = none) that
    splits tensor axis i; ranks are laid out row-major over ``dev_mat``."""
    dev_mat = _field(layout, "dev_mat")
    if dev_mat is None:  # a strategy file's (build_searched_strategy) name for it
        dev_mat = _field(layout, "dev_matrix")
    dev_mat = [int(v) for v in dev_mat]
    tensor_map = [int(v) for v in _field(layout, "tensor_map")]
    if int(np.prod(dev_mat)) != len(slices):
        raise ValueError(
            f"For 'merge_sliced_parameter', the device matrix {dev_mat} needs "
            f"{int(np.prod(dev_mat))} slices, but got {len(slices)}"
        )
    ndim = slices[0].ndim
    if len(tensor_map) != ndim:
        raise ValueError(
            f"For 'merge_sliced_parameter', the tensor map {tensor_map} does not "
            f"fit a {ndim}-D parameter"
        )
    parts = [dev_mat[len(dev_mat) - 1 - m] if m >= 0 else 1 for m in tensor_map]
    blocks: dict[tuple, np.ndarray] = {}
    for rank, piece in enumerate(slices):
        coord = np.unravel_index(rank, dev_mat)
        index = tuple(int(coord[len(dev_mat) - 1 - m]) if m >= 0 else 0 for m in tensor_map)
        blocks.setdefault(index, piece)  # repeated (unsplit) copies: keep the first
    grid = np.empty(parts, dtype=object)
    for index, piece in blocks.items():
        grid[index] = piece
    return np.block(grid.tolist()) if ndim > 0 else slices[0]


_STRATEGY = (
    "it converts checkpoints between the strategies of MindSpore's auto-parallel compiler or "
    "reads its group files and ProtoBuf strategy files; deepsink writes and reads JSON "
    "strategy files and merges per-rank checkpoints with load_distributed_checkpoint"
)


def _slice_by_layout(whole: np.ndarray, layout: Any, rank: int) -> np.ndarray:
    """Rank ``rank``'s slice of ``whole`` under a layout (the inverse of ``_merge_by_layout``)."""
    dev_mat = [int(v) for v in _field(layout, "dev_matrix", _field(layout, "dev_mat"))]
    tensor_map = [int(v) for v in _field(layout, "tensor_map")]
    coord = np.unravel_index(rank, dev_mat)
    index = []
    for k, m in enumerate(tensor_map):
        if m < 0:
            index.append(slice(None))
            continue
        parts = dev_mat[len(dev_mat) - 1 - m]
        size = whole.shape[k] // parts
        block = int(coord[len(dev_mat) - 1 - m])
        index.append(slice(block * size, (block + 1) * size))
    return whole[tuple(index)]


def _rank_files(folder: str, api: str) -> list[str]:
    """``folder/rank_<i>/``'s checkpoint per rank (the last name in lexicographic order)."""
    if not os.path.isdir(folder):
        raise NotADirectoryError(f"For '{api}', {folder} is not a directory.")
    ranks = sorted(
        (int(d[len("rank_") :]), d)
        for d in os.listdir(folder)
        if d.startswith("rank_") and d[len("rank_") :].isdigit()
    )
    if not ranks or [r for r, _ in ranks] != list(range(len(ranks))):
        raise ValueError(
            f"For '{api}', {folder} must hold one folder rank_<i> per rank, from rank_0 on"
        )
    files = []
    for r, d in ranks:
        names = sorted(
            f for f in os.listdir(os.path.join(folder, d)) if f.endswith((".ckpt", ".safetensors"))
        )
        if not names:
            raise ValueError(f"For '{api}', the checkpoint file is missing in rank {r}'s folder.")
        files.append(os.path.join(folder, d, names[-1]))
    return files


def _merged(files: list[str], strategy: dict) -> dict:
    ranks = [
        load_checkpoint(f, format="safetensors" if f.endswith(".safetensors") else "ckpt")
        for f in files
    ]
    whole = {}
    for name, first in ranks[0].items():
        if name in strategy:
            whole[name] = merge_sliced_parameter([r[name] for r in ranks], {name: strategy[name]})
        else:
            whole[name] = first
    return whole


def transform_checkpoints(
    src_checkpoints_dir: str,
    dst_checkpoints_dir: str,
    ckpt_prefix: str,
    src_strategy_file: str | None = None,
    dst_strategy_file: str | None = None,
    process_num: int = 1,
    output_format: str = "ckpt",
) -> None:
    """Re-slice per-rank checkpoints from one strategy to another: each Parameter's source
    slices are merged by ``src_strategy_file`` and cut by ``dst_strategy_file``; rank ``i``'s
    result is ``dst_checkpoints_dir/rank_<i>/<ckpt_prefix><i>.ckpt``.

    Args:
        src_checkpoints_dir (str): the folder of ``rank_<i>`` folders, one checkpoint each (the
            last name in lexicographic order).
        dst_checkpoints_dir (str): where the re-sliced ``rank_<i>`` folders go.
        ckpt_prefix (str): the file name prefix of the results.
        src_strategy_file (str, optional): the source JSON strategy file; ``None``: the sources
            hold whole Parameters. Default: ``None``.
        dst_strategy_file (str, optional): the target JSON strategy file; ``None``: whole
            Parameters (one rank). Default: ``None``.
        process_num (int, optional): worker processes; the work is done in this one. Default: ``1``.
        output_format (str, optional): ``"ckpt"`` or ``"safetensors"``. Default: ``"ckpt"``.

    Raises:
        NotADirectoryError: ``src_checkpoints_dir`` is not a folder.
        ValueError: a rank's checkpoint is missing, or ``output_format`` is unknown.
        TypeError: a strategy file name is not a str.

    Examples:
        >>> import json, os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> src, dst = tempfile.mkdtemp(), tempfile.mkdtemp()
        >>> w = np.arange(8, dtype=np.float32).reshape(4, 2)
        >>> for r in range(2):  # rank r holds rows 2r, 2r + 1
        ...     os.makedirs(os.path.join(src, f"rank_{r}"))
        ...     part = [{"name": "w", "data": ms.Tensor(w[2 * r : 2 * r + 2])}]
        ...     ms.save_checkpoint(part, os.path.join(src, f"rank_{r}", "net.ckpt"))
        >>> with open(os.path.join(src, "s.json"), "w") as f:
        ...     json.dump({"parallel_layout_item": {"w": {"dev_matrix": [2], "tensor_map": [0, -1]}}}, f)
        >>> ms.transform_checkpoints(src, dst, "whole", os.path.join(src, "s.json"))
        >>> print(ms.load_checkpoint(os.path.join(dst, "rank_0", "whole0.ckpt"))["w"].shape)
        (4, 2)
    """
    api = "transform_checkpoints"
    for name, v in (
        ("src_strategy_file", src_strategy_file),
        ("dst_strategy_file", dst_strategy_file),
    ):
        if v is not None and not isinstance(v, str):
            raise TypeError(f"For '{api}', '{name}' must be str or None, but got {type(v)}.")
    if output_format not in ("ckpt", "safetensors"):
        raise ValueError(
            f"For '{api}', 'output_format' must be 'ckpt' or 'safetensors', but got {output_format}."
        )
    if isinstance(process_num, bool) or not isinstance(process_num, int) or process_num < 1:
        raise ValueError(
            f"For '{api}', 'process_num' must be a positive int, but got {process_num}."
        )
    src = build_searched_strategy(src_strategy_file) if src_strategy_file else {}
    dst = build_searched_strategy(dst_strategy_file) if dst_strategy_file else {}
    whole = _merged(_rank_files(src_checkpoints_dir, api), src)
    for rank in range(_devices(dst)):
        folder = os.path.join(dst_checkpoints_dir, f"rank_{rank}")
        os.makedirs(folder, exist_ok=True)
        _save_rank(whole, dst, rank, os.path.join(folder, f"{ckpt_prefix}{rank}.{output_format}"))


def _devices(layouts: dict) -> int:
    """How many devices the layouts split over (1 for none: whole Parameters)."""
    return max(
        (
            int(np.prod(_field(lay, "dev_matrix", _field(lay, "dev_mat"))))
            for lay in layouts.values()
        ),
        default=1,
    )


def _save_rank(whole: dict, dst: dict, rank: int, file_name: str) -> None:
    """Save device ``rank``'s slices (by the layouts ``dst``) of the whole Parameters ``whole``
    to ``file_name``, in the format its extension names."""
    params = []
    for name, p in whole.items():
        value = p.asnumpy()
        if name in dst:
            value = _slice_by_layout(value, dst[name], rank)
        params.append({"name": name, "data": Tensor(np.array(value))})  # a contiguous copy
    fmt = "safetensors" if file_name.endswith(".safetensors") else "ckpt"
    save_checkpoint(params, file_name, format=fmt)


def _transform_by_rank(
    rank_id: int,
    files_map: dict,
    save_file_name: str,
    src_strategy_file: str | None,
    dst_strategy_file: str | None,
    kind: str,
) -> None:
    """``transform_checkpoint_by_rank`` (``kind`` ``"checkpoint"``) and
    ``transform_safetensors_by_rank`` (``"safetensor"``), with 2.10's checks and messages."""
    ext = ".ckpt" if kind == "checkpoint" else ".safetensors"
    if not isinstance(files_map, dict):
        raise TypeError(f"The {kind}_files_map should be a dict.")
    if isinstance(rank_id, bool) or not isinstance(rank_id, int):
        raise TypeError("The rank_id should be a int.")
    if not isinstance(save_file_name, str):
        raise TypeError(f"The save_{kind}_file_name should be a str.")
    if not save_file_name.endswith(ext):
        raise ValueError(f"The save_{kind}_file_name {save_file_name} should end with {ext}")
    folder = os.path.dirname(dst_strategy_file) if dst_strategy_file else ""
    if folder and not os.path.exists(folder):
        raise ValueError(f"The director of dst_strategy_file: {folder} is not exists.")
    label = "Checkpoint" if kind == "checkpoint" else "safetensor"
    for rank, local_file in files_map.items():
        if not os.path.exists(local_file):
            raise ValueError(f"{label} file {local_file} in rank {rank} not exits: ")
    src = build_searched_strategy(src_strategy_file) if src_strategy_file else {}
    dst = build_searched_strategy(dst_strategy_file) if dst_strategy_file else {}
    whole = _merged([files_map[r] for r in sorted(files_map)], src)
    _save_rank(whole, dst, rank_id % _devices(dst), os.path.abspath(save_file_name))


def transform_checkpoint_by_rank(
    rank_id: int,
    checkpoint_files_map: dict,
    save_checkpoint_file_name: str,
    src_strategy_file: str | None = None,
    dst_strategy_file: str | None = None,
) -> None:
    """Write one rank's checkpoint under a new strategy: the source ranks' slices
    (``checkpoint_files_map``) are merged by ``src_strategy_file`` and cut for ``rank_id`` by
    ``dst_strategy_file``.

    Args:
        rank_id (int): the destination rank.
        checkpoint_files_map (dict): ``{source rank: its .ckpt file}``.
        save_checkpoint_file_name (str): the ``.ckpt`` file to write.
        src_strategy_file (str, optional): the source JSON strategy file; ``None``: the sources
            hold whole Parameters. Default: ``None``.
        dst_strategy_file (str, optional): the destination JSON strategy file; ``None``: whole
            Parameters. Default: ``None``.

    Raises:
        TypeError: ``checkpoint_files_map`` is not a dict, ``rank_id`` not an int or
            ``save_checkpoint_file_name`` not a str.
        ValueError: the file name does not end with ``.ckpt``, a source file is missing, or the
            folder of ``dst_strategy_file`` does not exist.

    Examples:
        >>> import json, os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> d = tempfile.mkdtemp()
        >>> w = np.arange(8, dtype=np.float32).reshape(4, 2)
        >>> files = {}
        >>> for r in range(2):  # rank r holds rows 2r, 2r + 1
        ...     files[r] = os.path.join(d, f"src{r}.ckpt")
        ...     ms.save_checkpoint([{"name": "w", "data": ms.Tensor(w[2 * r : 2 * r + 2])}], files[r])
        >>> with open(os.path.join(d, "s.json"), "w") as f:
        ...     json.dump({"parallel_layout_item": {"w": {"dev_matrix": [2], "tensor_map": [0, -1]}}}, f)
        >>> out = os.path.join(d, "whole.ckpt")
        >>> ms.transform_checkpoint_by_rank(0, files, out, os.path.join(d, "s.json"))
        >>> print(ms.load_checkpoint(out)["w"].shape)
        (4, 2)
    """
    _transform_by_rank(
        rank_id,
        checkpoint_files_map,
        save_checkpoint_file_name,
        src_strategy_file,
        dst_strategy_file,
        "checkpoint",
    )


def build_searched_strategy(strategy_filename: str) -> dict:
    """The Parameters' layouts in a strategy file (``strategy_ckpt_config``'s ``save_file``,
    ``AutoParallel.save_param_strategy_file``): ``{name: {"dev_matrix": [...], "tensor_map":
    [...], ...}}``, as ``merge_sliced_parameter`` takes them.

    Args:
        strategy_filename (str): MindSpore's JSON strategy file (a name ending in ``.json``).

    Returns:
        dict, the layout of each Parameter.

    Raises:
        ValueError: the file does not exist.
        NotImplementedError: the file is not a JSON strategy file (MindSpore's ProtoBuf format).

    Examples:
        >>> import json, os, tempfile
        >>> import deepsink as ms
        >>> path = os.path.join(tempfile.mkdtemp(), "strategy.json")
        >>> layout = {"dev_matrix": [2], "tensor_map": [0, -1]}
        >>> with open(path, "w") as f:
        ...     json.dump({"parallel_layout_item": {"w": layout}}, f)
        >>> print(ms.build_searched_strategy(path)["w"]["tensor_map"])
        [0, -1]
    """
    return semi_auto.read_strategy_file(strategy_filename, "build_searched_strategy")


def load_distributed_checkpoint(
    network: Any,
    checkpoint_filenames: list | None = None,
    predict_strategy: Any = None,
    train_strategy_filename: str | None = None,
    strict_load: bool = False,
    dec_key: bytes | None = None,
    dec_mode: str = "AES-GCM",
    format: str = "ckpt",  # noqa: A002 - MindSpore's argument name
    **kwargs: Any,
) -> None:
    """Load the per-rank checkpoints of a split run (rank ``i``'s file holds device ``i``'s
    slice of each Parameter) into ``network`` whole: each Parameter's slices are merged by its
    layout in ``train_strategy_filename``; one the file does not name is taken from rank 0's file
    (it was not split). Under a semi-auto plan the next compiled step splits them again.

    Args:
        network (Cell): the network to load into.
        checkpoint_filenames (list[str]): one checkpoint per rank, in rank order.
        predict_strategy (dict, optional): the layouts of the network the checkpoint is loaded
            into, when its strategy differs from training's: ``{name: [dev_matrix, tensor_map,
            param_split_shape, field_size, ...]}`` (as MindSpore's strategy lists give them;
            ``param_split_shape`` empty, ``field_size`` 0). Each named Parameter is placed split
            that way over the first ``prod(dev_matrix)`` devices (each process holds its own
            devices' slices). ``None``: whole Parameters, laid out by the network's own plan at
            its next step. Default: ``None``.
        train_strategy_filename (str): the strategy file the checkpoints were written under.
        strict_load (bool, optional): as ``load_param_into_net``. Default: ``False``.
        dec_key (bytes, optional): the decryption key; only ``None``. Default: ``None``.
        dec_mode (str, optional): the decryption mode. Default: ``"AES-GCM"``.
        format (str, optional): ``"ckpt"`` or ``"safetensors"`` (each file is read by its name's
            extension). Default: ``"ckpt"``.

    Raises:
        TypeError: ``checkpoint_filenames`` is not a list of str.
        ValueError: ``train_strategy_filename`` is missing, a layout needs more files, or
            ``predict_strategy`` is not a dict of such lists.
        NotImplementedError: ``dec_key`` or another option of 2.10 is given.

    Examples:
        >>> import json, os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> folder = tempfile.mkdtemp()
        >>> w = np.arange(8, dtype=np.float32).reshape(4, 2)
        >>> files = [os.path.join(folder, f"rank{r}.ckpt") for r in range(2)]
        >>> for r in range(2):  # rank r holds rows 2r, 2r + 1
        ...     ms.save_checkpoint([{"name": "weight", "data": ms.Tensor(w[2 * r : 2 * r + 2])}], files[r])
        >>> with open(os.path.join(folder, "s.json"), "w") as f:
        ...     json.dump({"parallel_layout_item": {"weight": {"dev_matrix": [2], "tensor_map": [0, -1]}}}, f)
        >>> net = nn.Dense(2, 4)
        >>> ms.load_distributed_checkpoint(net, files, train_strategy_filename=os.path.join(folder, "s.json"))
        >>> print(net.weight.asnumpy()[3])
        [6. 7.]
    """
    api = "load_distributed_checkpoint"
    if any(v is not None and v is not False for v in kwargs.values()):
        raise NotImplementedError(f"For '{api}', the options {sorted(kwargs)} are not supported")
    _check_predict_strategy(predict_strategy)
    if not isinstance(checkpoint_filenames, list) or not all(
        isinstance(f, str) for f in checkpoint_filenames
    ):
        raise TypeError(f"For '{api}', 'checkpoint_filenames' must be a list of str")
    if train_strategy_filename is None:
        raise ValueError(f"For '{api}', 'train_strategy_filename' is needed to merge the slices")
    if dec_key is not None:
        raise NotImplementedError(f"For '{api}', encrypted rank checkpoints are not supported")
    if format not in ("ckpt", "safetensors"):
        raise ValueError(f"For '{api}', 'format' must be 'ckpt' or 'safetensors', but got {format}")
    whole = _merged(checkpoint_filenames, build_searched_strategy(train_strategy_filename))
    load_param_into_net(network, whole, strict_load=strict_load)
    if predict_strategy:
        _place_predicted(network, predict_strategy)


def _check_predict_strategy(predict_strategy: Any) -> None:
    """2.10's check: a dict of ``name: [dev_matrix, tensor_map, param_split_shape, 0, ...]``."""
    if predict_strategy is None:
        return
    if not isinstance(predict_strategy, dict):
        raise TypeError(
            "For 'load_distributed_checkpoint', the argument 'predict_strategy' must be dict, "
            f"but got {type(predict_strategy).__name__}"
        )

    def ints(v: Any) -> bool:
        return isinstance(v, list) and all(isinstance(i, int) for i in v)

    ok = True
    for key, value in predict_strategy.items():
        if not isinstance(key, str) or not isinstance(value, list | tuple) or len(value) < 4:
            ok = False
            break
        dev_matrix, tensor_map, split_shape, field = value[:4]
        if not (ints(dev_matrix) and ints(tensor_map) and (ints(split_shape) or not split_shape)):
            ok = False
        if not isinstance(field, int) or field != 0:
            ok = False
    if not ok:
        raise ValueError(
            "For 'load_distributed_checkpoint', the argument 'predict_strategy' is dict, the key "
            "of it must be string, and the value of it must be list or tuple that the first four "
            "elements must be dev_matrix (list[int]), tensor_map (list[int]), param_split_shape "
            "(list[int]) and field_size (int, which value is 0)."
        )


def _place_predicted(network: Any, predict_strategy: dict) -> None:
    """Each Parameter ``predict_strategy`` names, split over the devices as it says."""
    import jax

    params = {p.name: p for p in network.get_parameters()}
    for name, value in predict_strategy.items():
        param = params.get(name)
        if param is None:
            continue
        dm, tmap = list(value[0]), list(value[1])
        plan = semi_auto.plan_for(int(np.prod(dm)), semi_auto.SEMI_AUTO, "full_batch")
        layout = {
            "device_matrix": tuple(dm),
            "alias_name": tuple(f"d{k}" for k in range(len(dm))),
            "tensor_map": tuple(tmap),
        }
        data = np.asarray(param.asnumpy())
        sharding = semi_auto.strategy_sharding(
            f"load_distributed_checkpoint '{name}'", layout, data.shape, plan
        )
        param._value = jax.make_array_from_callback(data.shape, sharding, data.__getitem__)


convert_checkpoints = unsupported("mindspore", "convert_checkpoints", _STRATEGY, kind="function")
convert_checkpoint_by_rank = unsupported(
    "mindspore", "convert_checkpoint_by_rank", _STRATEGY, kind="function"
)
unified_safetensors = unsupported("mindspore", "unified_safetensors", _STRATEGY, kind="function")
restore_group_info_list = unsupported(
    "mindspore", "restore_group_info_list", _STRATEGY, kind="function"
)
rank_list_for_transform = unsupported(
    "mindspore", "rank_list_for_transform", _STRATEGY, kind="function"
)
rank_list_for_convert = unsupported(
    "mindspore", "rank_list_for_convert", _STRATEGY, kind="function"
)
get_ckpt_path_with_strategy = unsupported(
    "mindspore", "get_ckpt_path_with_strategy", _STRATEGY, kind="function"
)
merge_pipeline_strategys = unsupported(
    "mindspore", "merge_pipeline_strategys", _STRATEGY, kind="function"
)
sync_pipeline_shared_parameters = unsupported(
    "mindspore",
    "sync_pipeline_shared_parameters",
    "it synchronizes weights shared between the stages of MindSpore's pipeline parallelism, "
    "which deepsink does not build",
    kind="function",
)
_OBF = (
    "it applies MindSpore's weight obfuscation (obf_config of a MindIR model), which "
    "deepsink's MindIR export does not write"
)
obfuscate_ckpt = unsupported("mindspore", "obfuscate_ckpt", _OBF, kind="function")
load_obf_params_into_net = unsupported(
    "mindspore", "load_obf_params_into_net", _OBF, kind="function"
)
_MINDIR = (
    "it splits a MindIR graph across devices for MindSpore's auto-parallel mode "
    "(SAPP), which deepsink does not build (it runs data parallelism only)"
)
from deepsink.train.mindir.files import load as load  # noqa: E402
from deepsink.train.mindir.files import load_mindir as load_mindir  # noqa: E402
from deepsink.train.mindir.files import save_mindir as save_mindir  # noqa: E402

export_split_mindir = unsupported("mindspore", "export_split_mindir", _MINDIR, kind="function")
_MINDIO = "MindIO is Huawei's storage-acceleration service for Ascend clusters"
mindio_preload = unsupported("mindspore", "mindio_preload", _MINDIO, kind="function")
set_mindio_server_info = unsupported(
    "mindspore", "set_mindio_server_info", _MINDIO, kind="function"
)

# mindspore.common exports these too: bound there from here (common is a lower layer)
import deepsink.common as _common  # noqa: E402

for _name in ("load_mindir", "save_mindir", "mindio_preload", "set_mindio_server_info"):
    setattr(_common, _name, globals()[_name])
