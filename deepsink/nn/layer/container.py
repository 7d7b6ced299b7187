"""SequentialCell and CellList (MindSpore's ``nn/layer/container.py``).

Children are attributes named '0', '1', ... (or the OrderedDict keys), so their Parameters are
named '0.weight' etc. and get the container's own prefix when it is attached to a parent.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator
from typing import Any

from deepsink._core.validate import fail_arg, shown
from deepsink.nn.cell import Cell


def _check_cell(cell: Any, api: str) -> Cell:
    if not isinstance(cell, Cell):
        raise TypeError(f"For '{api}', each cell must be a Cell, but got {type(cell).__name__}")
    return cell


def _check_index(index: Any, n: int, api: str, inserting: bool = False) -> int:
    if isinstance(index, bool) or not isinstance(index, int):
        fail_arg(api, "index", "an int or slice", index, TypeError)
    hi = n if inserting else n - 1
    if not -n <= index <= hi:
        fail_arg(api, "index", f"in range [{-n}, {hi}]", index, IndexError)
    return index + n if index < 0 else index


class _CellContainer(Cell):
    """Children in ``_cells`` order; keeps Parameter names in step with the keys."""

    _api = "CellList"

    def _prefix(self) -> str:
        """The prefix a parent gave this container's Parameters ('' when it has none)."""
        for path, param in self.parameters_and_names():
            if param.name.endswith(path):
                return param.name[: len(param.name) - len(path)]
        return ""

    def _set_children(self, items: Iterable[tuple[str, Cell]]) -> None:
        """Replace all children by ``items`` (keys in order) and rename their Parameters."""
        prefix = self._prefix()
        for key in list(self._cells):
            delattr(self, key)
        for key, cell in items:
            setattr(self, key, cell)
            if prefix and self._auto_prefix:
                cell.update_parameters_name(f"{prefix}{key}.")

    def _renumbered(self, cells: Iterable[Cell]) -> list[tuple[str, Cell]]:
        return [(str(i), c) for i, c in enumerate(cells)]

    def __len__(self) -> int:
        return len(self._cells)

    def __bool__(self) -> bool:
        return len(self._cells) > 0

    def __iter__(self) -> Iterator[Cell]:
        return iter(list(self._cells.values()))

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            if isinstance(self, SequentialCell):
                return SequentialCell(OrderedDict(list(self._cells.items())[index]))
            return type(self)(list(self._cells.values())[index])
        return list(self._cells.values())[_check_index(index, len(self), self._api)]

    def __setitem__(self, index: int, cell: Cell) -> None:
        _check_cell(cell, self._api)
        i = _check_index(index, len(self), self._api)
        items = list(self._cells.items())
        items[i] = (items[i][0], cell)
        self._set_children(items)

    def __delitem__(self, index: int | slice) -> None:
        cells = list(self._cells.values())
        if isinstance(index, slice):
            del cells[index]
        else:
            del cells[_check_index(index, len(self), self._api)]
        self._set_children(self._renumbered(cells))

    def append(self, cell: Cell) -> None:
        """Add ``cell`` at the end (named by its position); its Parameters are named with the
        prefix MindSpore reads off the existing children's names (``_appended_prefix``)."""
        _check_cell(cell, self._api)
        key = str(len(self))
        prefix = self._appended_prefix()
        setattr(self, key, cell)
        if self._auto_prefix:
            cell.update_parameters_name(f"{prefix}{key}.")

    def _appended_prefix(self) -> str:
        """MindSpore's prefix for an appended child (its ``_get_prefix_and_index``): the first
        child's first Parameter name up to the last part equal to that child's key, unless a
        second child's name confirms an earlier one. A container inside another container (a
        list of stages, each a list of blocks) thus names its later children after the first
        one's full path, as MindSpore does (mindcv's RegNet: ``0.blocks.1.blocks.0.weight``)."""
        firsts = []
        for key, child in self._cells.items():
            named = next(iter(child.parameters_and_names()), None)
            if named is not None:
                firsts.append((key, named[1].name.split(".")))
                if len(firsts) == 2:
                    break
        if not firsts:
            return ""
        (key, parts), second = firsts[0], firsts[1] if len(firsts) == 2 else None
        prefix = ""
        for idx, part in enumerate(parts):
            if part == key:
                prefix = ".".join(parts[:idx]) + "." if idx else ""
                if second is not None and idx < len(second[1]) and second[1][idx] == second[0]:
                    break
        return prefix


class SequentialCell(_CellContainer):
    """Runs its cells in order, each on the previous one's output. Built from cells as arguments,
    a list of cells, or an OrderedDict (the keys name the children); supports indexing, slicing,
    ``append``, ``insert`` and ``len``.

    Args:
        args (Union[Cell, list[Cell], OrderedDict]): the cells.

    Inputs:
        - **x** (Tensor) - the first cell's input.

    Outputs:
        The last cell's output.

    Raises:
        TypeError: an element is not a Cell, or the argument is not a list or OrderedDict.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.SequentialCell(nn.Dense(3, 2, weight_init='ones', bias_init='zeros'), nn.ReLU())
        >>> print(net(ms.Tensor(np.array([[1.0, -2.0, 0.5]], np.float32))))
        [[0. 0.]]
        >>> print(len(net), type(net[1]).__name__)
        2 ReLU
    """

    _api = "SequentialCell"

    def __init__(self, *args: Any) -> None:
        super().__init__()
        if len(args) == 1 and not isinstance(args[0], Cell):
            cells = args[0]
            if isinstance(cells, OrderedDict | dict):
                items = [(str(k), _check_cell(c, self._api)) for k, c in cells.items()]
            elif isinstance(cells, list | tuple):
                items = self._renumbered(_check_cell(c, self._api) for c in cells)
            else:
                raise TypeError(
                    f"For 'SequentialCell', 'args[0]' must be a Cell, list or OrderedDict, "
                    f"but got {type(cells).__name__}"
                )
        else:
            items = self._renumbered(_check_cell(c, self._api) for c in args)
        for key, cell in items:
            setattr(self, key, cell)

    @property
    def cell_list(self) -> list[Cell]:
        """The cells in order (MindSpore's attribute, which code such as mindcv's feature
        extractor iterates)."""
        return list(self._cells.values())

    def construct(self, input_data: Any) -> Any:
        for cell in self._cells.values():
            input_data = cell(input_data)
        return input_data


class CellList(_CellContainer):
    """A list of Cells registered as children, so their Parameters belong to the owner (named
    ``<attr>.<index>.weight``). It is not callable: iterate over it or index it in ``construct``.

    Args:
        args (list[Cell], optional): the initial cells.

    Inputs:
        None (a CellList is not called).

    Outputs:
        None.

    Raises:
        TypeError: an element is not a Cell.
        IndexError: an index is out of range.
        NotImplementedError: the CellList is called.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layers = nn.CellList([nn.Dense(2, 2), nn.ReLU()])
        >>> layers.append(nn.Dense(2, 1))
        >>> print(len(layers), [type(c).__name__ for c in layers])
        3 ['Dense', 'ReLU', 'Dense']
    """

    _api = "CellList"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        if len(args) == 1:
            self.extend(args[0])

    def construct(self, *inputs: Any) -> Any:
        raise NotImplementedError("For 'CellList', a CellList is not callable; call its cells")

    def insert(self, index: int, cell: Cell) -> None:
        """Insert ``cell`` before position ``index``; later cells are renumbered."""
        _check_cell(cell, self._api)
        cells = list(self._cells.values())
        cells.insert(_check_index(index, len(self), self._api, inserting=True), cell)
        self._set_children(self._renumbered(cells))

    def extend(self, cells: list[Cell]) -> CellList:
        """Append every Cell of the list ``cells``."""
        if not isinstance(cells, list | tuple):
            fail_arg(self._api, "cells", "a list of Cells", shown(type(cells).__name__), TypeError)
        for cell in cells:
            self.append(cell)
        return self

    def __iadd__(self, cells: list[Cell]) -> CellList:
        return self.extend(list(cells))


class CellDict(Cell):
    """An ordered dict of Cells registered as children: the keys are the child names, so their
    Parameters are named ``<key>.weight``. It is not callable: index it by key in ``construct``.

    Args:
        args (Union[dict, list[tuple[str, Cell]]], optional): the initial (key, Cell) pairs.

    Inputs:
        None (a CellDict is not called).

    Outputs:
        None.

    Raises:
        TypeError: a key is not a str, or a value not a Cell.
        KeyError: a key is empty or contains '.'.
        NotImplementedError: the CellDict is called.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> cells = nn.CellDict({'conv': nn.Conv2d(1, 2, 3), 'act': nn.ReLU()})
        >>> print(list(cells.keys()))
        ['conv', 'act']
        >>> print(type(cells['act']).__name__)
        ReLU
    """

    _api = "CellDict"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        if len(args) > 1:
            fail_arg(
                "CellDict",
                "args",
                "at most one dict or iterable of (key, Cell) pairs",
                len(args),
                TypeError,
            )
        if args:
            self.update(args[0])

    @staticmethod
    def _key(key: Any) -> str:
        if not isinstance(key, str):
            fail_arg("CellDict", "key", "a str", key, TypeError)
        if "." in key or not key:
            fail_arg("CellDict", "key", "a non-empty str without '.'", key, KeyError)
        return key

    def construct(self, *inputs: Any) -> Any:
        raise NotImplementedError("For 'CellDict', a CellDict is not callable; call its cells")

    def __getitem__(self, key: str) -> Cell:
        return self._cells[key]

    def __setitem__(self, key: str, cell: Cell) -> None:
        setattr(self, self._key(key), _check_cell(cell, self._api))

    def __delitem__(self, key: str) -> None:
        delattr(self, key)

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._cells))

    def __contains__(self, key: Any) -> bool:
        return key in self._cells

    def keys(self) -> list[str]:
        return list(self._cells)

    def values(self) -> list[Cell]:
        return list(self._cells.values())

    def items(self) -> list[tuple[str, Cell]]:
        return list(self._cells.items())

    def clear(self) -> None:
        for key in list(self._cells):
            delattr(self, key)

    def pop(self, key: str) -> Cell:
        cell = self._cells[key]
        delattr(self, key)
        return cell

    def update(self, cells: Any) -> None:
        """Add (or replace) cells from a dict, CellDict or iterable of (key, Cell) pairs."""
        items = cells.items() if hasattr(cells, "items") else cells
        for pair in items:
            if not isinstance(pair, tuple | list) or len(pair) != 2:
                fail_arg("CellDict", "cells", "(key, Cell) pairs", pair, TypeError)
            self[pair[0]] = pair[1]
