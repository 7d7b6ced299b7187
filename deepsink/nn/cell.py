"""Cell: MindSpore's module base. Holds Parameters, sub-cells, the training flag and ``construct``.

Attribute assignment registers Parameters and sub-cells with MindSpore's naming: a child cell's
Parameters are renamed ``<attr>.<path>`` when it is attached (``conv1.weight``) unless the parent
was made with ``auto_prefix=False`` (WithLossCell, TrainOneStepCell). In GRAPH_MODE a top-level call
compiles (``_compile.jit``); nested calls just run ``construct``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

import jax
import numpy as np

from deepsink import context
from deepsink._compile import capture, graph_syntax, jit
from deepsink._compile import grad as _grad
from deepsink._core import functional
from deepsink._core.tracebacks import api_boundary
from deepsink._core.validate import check_non_negative_int
from deepsink.common import dtype as mstype
from deepsink.common import parallel_config
from deepsink.common.parameter import PARAMETER_NAME_DEFAULT, Parameter, ParameterTuple
from deepsink.common.tensor import Tensor, unwrap_tree
from deepsink.nn import _cell_hooks

_BUILTIN = __name__.split(".", 1)[0] + "."  # deepsink's own Cells (nn layers, losses, wrappers)


def _check_no_numpy(cell: Any, args: tuple, kwargs: dict) -> None:
    """MindSpore's layers take Tensors: a NumPy array raises TypeError there (its primitives reject
    it, in PYNATIVE_MODE and GRAPH_MODE alike), so it does here too, and a script that runs on
    deepsink does not fail on MindSpore. A Cell of the user's own passes its inputs on as they are;
    the first deepsink layer or op that gets the array raises."""
    values = (*args, *kwargs.values())
    for i, value in enumerate(values):
        if isinstance(value, np.ndarray):
            where = f"input {i}" if i < len(args) else f"input '{list(kwargs)[i - len(args)]}'"
            raise TypeError(
                f"For '{type(cell).__name__}', the inputs must be Tensors, but {where} is "
                f"<class 'numpy.ndarray'>; wrap it as mindspore.Tensor(...)"
            )


class Cell:
    """The base class of every layer and network (MindSpore's ``nn.Cell``).

    A subclass assigns its Parameters and child Cells as attributes in ``__init__`` (after
    ``super().__init__()``) and computes in ``construct``; calling the Cell runs ``construct``
    (compiled in GRAPH_MODE, op by op or as a captured program in PYNATIVE_MODE). Parameters are
    named after their attribute path (``fc1.weight``).

    Args:
        auto_prefix (bool): prefix the names of the children's Parameters with the attribute name.
            Default: ``True``.
        flags (dict, optional): attributes to set on the Cell (``add_flags``). Default: ``None``.

    Inputs:
        - **args** (Any) - what the subclass's ``construct`` takes.

    Outputs:
        What the subclass's ``construct`` returns.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.fc1 = nn.Dense(3, 4)
        ...         self.relu = nn.ReLU()
        ...         self.fc2 = nn.Dense(4, 2)
        ...
        ...     def construct(self, x):
        ...         return self.fc2(self.relu(self.fc1(x)))
        >>> net = Net()
        >>> net(ms.Tensor(np.ones((5, 3), np.float32))).shape
        (5, 2)
        >>> [p.name for p in net.trainable_params()]
        ['fc1.weight', 'fc1.bias', 'fc2.weight', 'fc2.bias']
    """

    def __init__(self, auto_prefix: bool = True, flags: dict | None = None) -> None:
        d = self.__dict__
        d["_params"] = OrderedDict()
        d["_cells"] = OrderedDict()
        d["_param_tuples"] = OrderedDict()
        d["_auto_prefix"] = auto_prefix
        d["_compile_cache"] = {}
        d["_cast_type"] = None
        d["_amp_level"] = ""  # MindSpore's: the mixed-precision level amp.auto_mixed_precision set
        d["training"] = False
        d["requires_grad"] = False
        d["cls_name"] = type(self).__name__  # MindSpore's attribute; error texts of subclasses
        if flags:
            self.add_flags(**flags)

    # --- registration -------------------------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        d = self.__dict__
        if "_params" not in d and isinstance(value, Parameter | Cell | ParameterTuple):
            raise AttributeError(
                f"For '{type(self).__name__}', call 'super().__init__()' before assigning "
                f"Parameters or Cells (while setting '{name}')"
            )
        if "_params" in d:
            if name in d["_params"] and isinstance(value, Cell):
                raise KeyError(
                    f"For '{type(self).__name__}', '{name}' is a Parameter slot and cannot be "
                    "assigned a Cell"
                )
            if (
                name in d["_params"]
                and value is not None
                and not isinstance(value, Parameter | ParameterTuple)
            ):
                # MindSpore's rule: a Tensor loads into the existing Parameter (which keeps its
                # name and dtype), as `m.weight = initializer(...)` or `self.step += 1` in a
                # construct rely on; any other value is refused
                current = d["_params"][name]
                if (
                    functional.compiling()
                    and current is not None
                    and isinstance(value, int | float | np.number)
                ):  # in a compiled construct the assignment is an Assign of the number
                    value = Tensor(value, current.dtype)
                if not isinstance(value, Tensor):
                    raise TypeError(
                        f"Parameter '{name}' already exists in network, can not assign this "
                        f"type: '{type(value)}' as a parameter."
                    )
                if current is None:
                    raise AttributeError(
                        f"For '{type(self).__name__}', Parameter '{name}' was set to None; assign "
                        "a Parameter to it, not a Tensor"
                    )
                current.set_data(value)
                return
            if name in d["_cells"] and value is not None and not isinstance(value, Cell):
                raise TypeError(
                    f"For '{type(self).__name__}', '{name}' is a child Cell slot and can only be "
                    f"assigned a Cell or None, but got {type(value).__name__}"
                )
            for registry in (d["_params"], d["_cells"], d["_param_tuples"]):
                if name in registry:
                    registry.pop(name)
                    jit.structure_changed(self)
                    if value is None and registry is not d["_param_tuples"]:
                        registry[name] = None  # the slot stays registered (MindSpore's rule)
        if isinstance(value, Parameter):
            if value.name == PARAMETER_NAME_DEFAULT:
                value.name = name
            d["_params"][name] = value
            jit.structure_changed(self)
        elif isinstance(value, Cell):
            if self._auto_prefix:
                value.update_parameters_name(name + ".")
            d["_cells"][name] = value
            jit.structure_changed(self)
        elif isinstance(value, ParameterTuple):
            d["_param_tuples"][name] = value
            jit.structure_changed(self)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        for registry in (self._params, self._cells, self._param_tuples):
            registry.pop(name, None)
        jit.structure_changed(self)
        object.__delattr__(self, name)

    def insert_param_to_cell(
        self, param_name: str, param: Parameter, check_name_contain_dot: bool = True
    ) -> None:
        """Registers ``param`` as this Cell's Parameter ``param_name`` (as assigning
        ``self.<param_name> = param`` does).

        Args:
            param_name (str): the attribute name.
            param (Parameter): the Parameter; its name becomes ``param_name`` if it has none.
            check_name_contain_dot (bool): refuse names with a '.'. Default: ``True``.

        Raises:
            KeyError: ``param_name`` is empty or contains '.', or names an existing non-Parameter attribute.
            TypeError: ``param`` is not a Parameter.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.Cell()
            >>> net.insert_param_to_cell('scale', ms.Parameter(ms.Tensor(2.0), name='scale'))
            >>> print([p.name for p in net.get_parameters()])
            ['scale']
        """
        if not isinstance(param_name, str) or not param_name:
            raise KeyError(
                f"For 'insert_param_to_cell', 'param_name' must be a non-empty str, but got {param_name!r}"
            )
        if check_name_contain_dot and "." in param_name:
            raise KeyError(
                f"For 'insert_param_to_cell', 'param_name' must not contain '.', but got {param_name!r}"
            )
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(
                f"For 'insert_param_to_cell', 'param' must be a Parameter, but got {type(param).__name__}"
            )
        if param_name in self.__dict__ and param_name not in self._params:
            raise KeyError(
                f"For 'insert_param_to_cell', the name {param_name!r} already exists in {type(self).__name__}"
            )
        setattr(self, param_name, param)

    def insert_child_to_cell(self, child_name: str, child_cell: Cell | None) -> None:
        """Registers ``child_cell`` as this Cell's child ``child_name`` (as assigning
        ``self.<child_name> = child_cell`` does); None keeps an empty slot.

        Args:
            child_name (str): the attribute name.
            child_cell (Union[Cell, None]): the child.

        Raises:
            KeyError: ``child_name`` is not a non-empty str without '.'.
            TypeError: ``child_cell`` is neither a Cell nor None.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.Cell()
            >>> net.insert_child_to_cell('fc', nn.Dense(2, 1))
            >>> print([name for name, _ in net.cells_and_names()])
            ['', 'fc']
        """
        if not isinstance(child_name, str) or not child_name or "." in child_name:
            raise KeyError(
                "For 'insert_child_to_cell', 'child_name' must be a non-empty str without '.', "
                f"but got {child_name!r}"
            )
        if child_cell is None:
            self.__dict__["_cells"][child_name] = None
            object.__setattr__(self, child_name, None)
            jit.structure_changed(self)
            return
        if not isinstance(child_cell, Cell):
            raise TypeError(
                f"For 'insert_child_to_cell', 'child_cell' must be a Cell, but got {type(child_cell).__name__}"
            )
        setattr(self, child_name, child_cell)

    def update_parameters_name(self, prefix: str = "", recurse: bool = True) -> None:
        """Prefixes every Parameter's name with ``prefix`` (recursively by default), as attaching
        the Cell to a parent does.

        Args:
            prefix (str): the prefix. Default: ``''``.
            recurse (bool): include the children's Parameters. Default: ``True``.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> fc = nn.Dense(2, 1)
            >>> fc.update_parameters_name('head.')
            >>> print([p.name for p in fc.get_parameters()])
            ['head.weight', 'head.bias']
        """
        for path, param in self.parameters_and_names(expand=recurse):
            param.name = prefix + path

    # --- traversal ------------------------------------------------------------------------------
    def cells_and_names(self, cell_name: str = "") -> Iterator[tuple[str, Cell]]:
        """Every Cell in this network, this one first, depth first, each once: ``(name, cell)``
        with the name its attribute path (``"fc1"``, ``"block.conv"``), this Cell named
        ``cell_name``.

        Args:
            cell_name (str): the name given to this Cell. Default: ``""``.

        Returns:
            Iterator[tuple[str, Cell]].

        Examples:
            >>> from deepsink import nn
            >>> net = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU()])
            >>> [name for name, _ in net.cells_and_names()]
            ['', '0', '1']
        """
        seen: set[int] = set()

        def walk(cell: Cell, prefix: str):
            if id(cell) in seen:
                return
            seen.add(id(cell))
            yield prefix, cell
            for name, child in cell._cells.items():
                if child is not None:
                    yield from walk(child, f"{prefix}.{name}" if prefix else name)

        yield from walk(self, cell_name)

    def cells(self):
        """The direct child Cells, in registration order.

        Returns:
            Iterator[Cell], the children.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.SequentialCell(nn.Dense(2, 3), nn.ReLU())
            >>> print([type(c).__name__ for c in net.cells()])
            ['Dense', 'ReLU']
        """
        return [c for c in self._cells.values() if c is not None]

    def name_cells(self) -> OrderedDict:
        """The direct child Cells by attribute name.

        Returns:
            OrderedDict[str, Cell], the children.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.SequentialCell(nn.Dense(2, 3), nn.ReLU())
            >>> print(list(net.name_cells().keys()))
            ['0', '1']
        """
        return OrderedDict((k, c) for k, c in self._cells.items() if c is not None)

    def apply(self, fn: Any) -> Cell:
        """Calls ``fn`` on every sub-cell (children first) and then on this Cell, e.g. to initialise
        weights.

        Args:
            fn (Callable[[Cell], None]): called with each Cell.

        Returns:
            Cell, this Cell.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.SequentialCell(nn.Dense(2, 3), nn.ReLU())
            >>> seen = []
            >>> _ = net.apply(lambda cell: seen.append(type(cell).__name__))
            >>> print(seen)
            ['Dense', 'ReLU', 'SequentialCell']
        """
        for cell in self.cells():
            cell.apply(fn)
        fn(self)
        return self

    def parameters_and_names(
        self, name_prefix: str = "", expand: bool = True
    ) -> Iterator[tuple[str, Parameter]]:  # noqa: E501
        """(name, Parameter) pairs of this Cell and its sub-cells, each Parameter once: a Cell's own
        Parameters before its children's.

        Args:
            name_prefix (str): prepended to each name. Default: ``''``.
            expand (bool): include the sub-cells' Parameters. Default: ``True``.

        Returns:
            Iterator[tuple[str, Parameter]], the pairs.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.SequentialCell(nn.Dense(2, 3), nn.ReLU())
            >>> print([name for name, _ in net.parameters_and_names()])
            ['0.weight', '0.bias']
        """
        seen: set[int] = set()
        cells = self.cells_and_names(name_prefix) if expand else [(name_prefix, self)]
        for cell_name, cell in cells:
            for name, param in cell._own_parameters():
                if id(param) not in seen:
                    seen.add(id(param))
                    yield (f"{cell_name}.{name}" if cell_name else name), param

    def check_names(self) -> None:
        """Checks that no two of this Cell's Parameters share a name (compiling a Cell checks it).

        Raises:
            ValueError: a Parameter's name is already taken by another Parameter.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> nn.Dense(2, 1).check_names()
        """
        names: set[str] = set()
        for value, param in self.parameters_and_names():
            if param.name in names:
                raise ValueError(
                    f"The value of {value} is {param}, its name '{param.name}' already exists. "
                    "Please set a unique name for the parameter."
                )
            names.add(param.name)

    def _own_parameters(self) -> Iterator[tuple[str, Parameter]]:
        """This cell's Parameters and ParameterTuple members, in assignment order."""
        params, tuples = self._params, self._param_tuples
        for name in self.__dict__:
            if name in params:
                if params[name] is not None:
                    yield name, params[name]
            elif name in tuples:
                yield from ((p.name, p) for p in tuples[name])

    def get_parameters(self, expand: bool = True) -> Iterator[Parameter]:
        """The Parameters of this Cell and (with ``expand``) its sub-cells, each once.

        Args:
            expand (bool): include the sub-cells' Parameters. Default: ``True``.

        Returns:
            Iterator[Parameter], the Parameters.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.SequentialCell(nn.Dense(2, 3), nn.ReLU())
            >>> print([p.name for p in net.get_parameters()])
            ['0.weight', '0.bias']
        """
        for _, param in self.parameters_and_names(expand=expand):
            yield param

    def trainable_params(self, recurse: bool = True) -> list[Parameter]:
        """The Parameters with ``requires_grad=True`` (what an optimizer updates), in definition
        order; with ``recurse=False`` only this Cell's own.

        Args:
            recurse (bool): include the children's Parameters. Default: ``True``.

        Returns:
            list[Parameter].

        Examples:
            >>> from deepsink import nn
            >>> [p.name for p in nn.Dense(3, 4).trainable_params()]
            ['weight', 'bias']
        """
        return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

    def untrainable_params(self, recurse: bool = True) -> list[Parameter]:
        """The Parameters with ``requires_grad=False`` (e.g. BatchNorm's running statistics).

        Args:
            recurse (bool): include the sub-cells' Parameters. Default: ``True``.

        Returns:
            list[Parameter], the frozen Parameters.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> bn = nn.BatchNorm2d(2)
            >>> print([p.name for p in bn.untrainable_params()])
            ['mean', 'variance']
        """
        return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

    def parameters_dict(self, recurse: bool = True) -> OrderedDict:
        """The Parameters by name.

        Args:
            recurse (bool): include the sub-cells' Parameters. Default: ``True``.

        Returns:
            OrderedDict[str, Parameter], the Parameters by name.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.SequentialCell(nn.Dense(2, 3), nn.ReLU())
            >>> print(list(net.parameters_dict().keys()))
            ['0.weight', '0.bias']
        """
        return OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse))

    def init_parameters_data(self, auto_parallel_mode: bool = False) -> dict:
        """MindSpore's delayed initialisation. deepsink creates every Parameter with its data, so
        there is nothing left to initialise and each Parameter maps to itself.

        Args:
            auto_parallel_mode (bool): kept for MindSpore's signature. Default: ``False``.

        Returns:
            dict[Parameter, Parameter], each Parameter of this Cell mapped to itself.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> fc = nn.Dense(2, 1)
            >>> print(len(fc.init_parameters_data()))
            2
        """
        if not isinstance(auto_parallel_mode, bool):
            raise TypeError(
                f"For 'init_parameters_data', 'auto_parallel_mode' must be a bool, "
                f"but got {type(auto_parallel_mode).__name__}"
            )
        return {p: p for p in self.get_parameters()}

    # --- flags ----------------------------------------------------------------------------------
    def set_train(self, mode: bool = True) -> Cell:
        """Put this Cell and all its children in training (``True``) or inference mode (Dropout
        and BatchNorm behave accordingly); returns the Cell.

        Args:
            mode (bool): Default: ``True``.

        Returns:
            Cell, this one.

        Examples:
            >>> from deepsink import nn
            >>> nn.Dropout(p=0.5).set_train().training
            True
        """
        for _, cell in self.cells_and_names():
            cell.__dict__["training"] = bool(mode)
        return self

    def set_grad(self, requires_grad: bool = True) -> Cell:
        """Marks whether this Cell is differentiated (MindSpore's flag for PyNative training). deepsink
        traces gradients on demand, so the flag is recorded and changes no result.

        Args:
            requires_grad (bool): the flag. Default: ``True``.

        Returns:
            Cell, this Cell.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> fc = nn.Dense(2, 1).set_grad()
            >>> print(fc.requires_grad)
            True
        """
        self.__dict__["requires_grad"] = bool(requires_grad)
        return self

    def add_flags(self, **flags: Any) -> Cell:
        """Sets the given flags as attributes of this Cell (MindSpore's way to tag a Cell).

        Args:
            flags (dict): ``name=value`` pairs.

        Returns:
            Cell, this Cell.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> fc = nn.Dense(2, 1).add_flags(frozen=True)
            >>> print(fc.frozen)
            True
        """
        for k, v in flags.items():
            object.__setattr__(self, k, v)
        if "_func_graph_flags" not in self.__dict__:
            object.__setattr__(self, "_func_graph_flags", {})
        self._func_graph_flags.update(flags)
        return self

    def add_flags_recursive(self, **flags: Any) -> Cell:
        """``add_flags`` on this Cell and every Cell below it.

        Args:
            flags (dict): ``name=value`` pairs.

        Returns:
            Cell, this Cell.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.SequentialCell(nn.Dense(2, 1)).add_flags_recursive(frozen=True)
            >>> print(net[0].get_flags())
            {'frozen': True}
        """
        for _, cell in self.cells_and_names():
            cell.add_flags(**flags)
        return self

    def get_flags(self) -> dict:
        """The flags ``add_flags`` set on this Cell, as a dict (the dict itself).

        Returns:
            dict, the flag names and their values.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> print(nn.ReLU().add_flags(sink_mode=True).get_flags())
            {'sink_mode': True}
        """
        if "_func_graph_flags" not in self.__dict__:
            object.__setattr__(self, "_func_graph_flags", {})
        return self._func_graph_flags

    def set_comm_fusion(self, fusion_type: int, recurse: bool = True) -> Cell:
        """Set ``comm_fusion`` of this Cell's trainable Parameters (and its children's with
        ``recurse``): MindSpore's fusion group of the collectives that gather or reduce them.

        deepsink records the group on each Parameter; which collectives XLA combines is decided by
        its own combiner passes when the step compiles, so the group changes no computation.

        Args:
            fusion_type (int): the group, >= 0.
            recurse (bool): include the children's Parameters. Default: ``True``.

        Returns:
            Cell, this Cell.

        Raises:
            TypeError: ``fusion_type`` is not an int.
            ValueError: ``fusion_type`` is negative.

        Examples:
            >>> from deepsink import nn
            >>> print(nn.Dense(2, 1).set_comm_fusion(3).weight.comm_fusion)
            3
        """
        check_non_negative_int(fusion_type, "fusion_type", "Cell.set_comm_fusion")
        for param in self.trainable_params(recurse):
            param.comm_fusion = fusion_type
        return self

    def set_boost(self, boost_type: str) -> Cell:
        """Mark this Cell and its children for one of ``mindspore.boost``'s algorithms: the flag
        ``boost_type`` set to True on each (``boost.LessBN`` sets ``'less_bn'``).

        Args:
            boost_type (str): the algorithm; ``'less_bn'`` is the one MindSpore 2.10 has.

        Returns:
            Cell, this Cell.

        Raises:
            ValueError: ``boost_type`` is not ``'less_bn'``.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> print(nn.Dense(2, 1).set_boost("less_bn").get_flags())
            {'less_bn': True}
        """
        if boost_type not in ("less_bn",):
            raise ValueError(
                "For 'set_boost', the argument 'boost_type' must be 'less_bn', "
                f"but got {boost_type}."
            )
        return self.add_flags_recursive(less_bn=True)

    @property
    def param_prefix(self) -> str:
        """The attribute path of this Cell in the network whose ``update_cell_prefix`` was last
        called (``''`` before): the prefix of its own Parameters' names."""
        return self.__dict__.get("_param_prefix", "")

    def update_cell_prefix(self) -> None:
        """Set ``param_prefix`` of this Cell and every Cell below it to its attribute path.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.SequentialCell(nn.Dense(2, 1))
            >>> net.update_cell_prefix()
            >>> print(net[0].param_prefix)
            0
        """
        for name, cell in self.cells_and_names():
            object.__setattr__(cell, "_param_prefix", name)

    def to_float(self, dst_type: Any) -> Cell:
        """Runs this Cell and its children with their float inputs cast to ``dst_type`` (mixed
        precision by hand).

        Args:
            dst_type (mindspore.dtype): ``ms.float16``, ``ms.bfloat16`` or ``ms.float32``.

        Returns:
            Cell, this Cell.

        Raises:
            ValueError: ``dst_type`` is not a float type.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> import numpy as np
            >>> fc = nn.Dense(2, 1).to_float(ms.float16)
            >>> print(fc(ms.Tensor(np.ones((1, 2), np.float32))).dtype)
            Float16
        """
        if dst_type not in (mstype.float16, mstype.float32, mstype.bfloat16):
            raise ValueError(
                f"For 'to_float', 'dst_type' must be float16, bfloat16 or float32, but got {dst_type}"
            )
        for _, cell in self.cells_and_names():
            cell.__dict__["_cast_type"] = dst_type
        return self

    # --- execution ------------------------------------------------------------------------------
    def construct(self, *args: Any, **kwargs: Any) -> Any:
        # AttributeError as MindSpore (its base Cell has no construct at all)
        """The computation of the Cell; subclasses override it. Calling the Cell runs it (compiled in
        GRAPH_MODE).

        Args:
            args (Any): the inputs.
            kwargs (Any): keyword inputs.

        Returns:
            Any, the outputs.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> class Double(nn.Cell):
            ...     def construct(self, x):
            ...         return x * 2
            >>> print(Double()(ms.Tensor(3.0)))
            6.0
        """
        raise AttributeError(f"For '{type(self).__name__}', 'construct' is not implemented")

    _pynative_capture = (
        False  # PyNative top-level calls run captured programs (_compile/capture.py)
    )

    @api_boundary
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if type(self).__module__.startswith(_BUILTIN):
            _check_no_numpy(self, args, kwargs)
        hooked = _cell_hooks.has_hooks(self)
        if functional.tracing():
            functional.note_cell(self)
        elif (
            self._pynative_capture
            and not hooked
            and not context.is_graph_mode()
            and capture.active()
        ):
            return capture.call_cell(self, args, kwargs)
        stage = self.__dict__.get("_pipeline_stage")
        if stage is not None and functional.tracing():
            # the ops of a Cell with a pipeline stage carry it and its segment (the chunk of an
            # interleaved pipeline): ``_core/pipeline.py`` cuts there
            segment = self.__dict__.get("_pipeline_segment")
            scope = f"pipeline_stage={stage}" + ("" if segment is None else f"_segment={segment}")
            with jax.named_scope(scope):
                return self._call_hooked(hooked, args, kwargs)
        return self._call_hooked(hooked, args, kwargs)

    def _call_hooked(self, hooked: bool, args: tuple, kwargs: dict) -> Any:
        if hooked:
            return _cell_hooks.call_with_hooks(
                self, args, kwargs, lambda a, k: self._call_eager(a, k)
            )
        return self._call_eager(args, kwargs)

    @property
    def pipeline_stage(self) -> int | None:
        """The pipeline stage of this Cell (``pipeline_stages`` > 1): its operators run on that
        stage's devices. Default: ``None`` (the stage of its inputs)."""
        return self.__dict__.get("_pipeline_stage")

    @pipeline_stage.setter
    def pipeline_stage(self, value: int) -> None:
        self.__dict__["_pipeline_stage"] = _pipeline_index(
            value, "For 'Cell', the property", "pipeline_stage"
        )

    @property
    def pipeline_segment(self) -> int | None:
        """The pipeline segment of this Cell: with ``pipeline_interleave``, the chunk of its
        stage it runs in (``zero_bubble_v``: 0 on the way up the stages, 1 on the way back).
        Default: ``None`` (segment 0)."""
        return self.__dict__.get("_pipeline_segment")

    @pipeline_segment.setter
    def pipeline_segment(self, value: int) -> None:
        # 2.10's own wording: a bad segment's error names the context's 'pipeline_stages'
        self.__dict__["_pipeline_segment"] = _pipeline_index(
            value, "For 'context.set_auto_parallel_context', the argument", "pipeline_stages"
        )

    # --- hooks (deepsink/nn/_cell_hooks.py) ---------------------------------------------------
    def register_forward_pre_hook(
        self, hook_fn: Any, *, prepend: bool = False, with_kwargs: bool = False
    ) -> Any:
        """Registers ``hook_fn(cell, args) -> None or new_args`` (with ``with_kwargs``:
        ``hook_fn(cell, args, kwargs) -> None or (new_args, new_kwargs)``), called before
        ``construct``.

        Args:
            hook_fn (function): The hook.
            prepend (bool, optional): Run it before the hooks already registered. Default: ``False``.
            with_kwargs (bool, optional): Pass (and let it return) the keyword arguments too.
                Default: ``False``.

        Returns:
            HookHandle, whose ``remove()`` unregisters the hook.

        Raises:
            TypeError: If `hook_fn` is not callable.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.ReLU()
            >>> h = net.register_forward_pre_hook(lambda cell, args: (args[0] * 2,))
            >>> print(net(ms.Tensor([-1.0, 2.0])))
            [0. 4.]
        """
        return _cell_hooks.register(self, "_forward_pre_hook", hook_fn, prepend, with_kwargs)

    def register_forward_hook(
        self,
        hook_fn: Any,
        *,
        prepend: bool = False,
        with_kwargs: bool = False,
        always_call: bool = False,
    ) -> Any:
        """Registers ``hook_fn(cell, args, output) -> None or new_output`` (with ``with_kwargs``:
        ``hook_fn(cell, args, kwargs, output)``), called after ``construct``.

        Args:
            hook_fn (function): The hook.
            prepend (bool, optional): Run it before the hooks already registered. Default: ``False``.
            with_kwargs (bool, optional): Pass the keyword arguments too. Default: ``False``.
            always_call (bool, optional): Also call it when ``construct`` raises; not supported
                here (raises NotImplementedError when True). Default: ``False``.

        Returns:
            HookHandle, whose ``remove()`` unregisters the hook.

        Raises:
            TypeError: If `hook_fn` is not callable.
            NotImplementedError: If `always_call` is True.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.ReLU()
            >>> h = net.register_forward_hook(lambda cell, args, out: out + 1)
            >>> print(net(ms.Tensor([-1.0, 2.0])))
            [1. 3.]
        """
        if always_call:
            raise NotImplementedError(
                "For 'register_forward_hook', always_call=True (calling the hook when construct "
                "raises) is not supported by deepsink."
            )
        return _cell_hooks.register(self, "_forward_hook", hook_fn, prepend, with_kwargs)

    def register_backward_pre_hook(self, hook_fn: Any) -> Any:
        """Registers ``hook_fn(cell, grad_output) -> None or new grad_output``, called when the
        backward pass reaches the Cell's outputs (``grad_output``: a tuple of Tensors).

        Args:
            hook_fn (function): The hook.

        Returns:
            HookHandle, whose ``remove()`` unregisters the hook.

        Raises:
            TypeError: If `hook_fn` is not callable.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.ReLU()
            >>> h = net.register_backward_pre_hook(lambda cell, g: (g[0] * 3,))
            >>> print(ms.grad(net)(ms.Tensor([-1.0, 2.0])))
            [0. 3.]
        """
        return _cell_hooks.register(self, "_backward_pre_hook", hook_fn)

    def register_backward_hook(self, hook_fn: Any) -> Any:
        """Registers ``hook_fn(cell, grad_input, grad_output) -> None or new grad_input``, called
        when the backward pass has gone through the Cell (``grad_input``: the gradients of its
        Tensor inputs; ``grad_output``: those of its outputs; tuples of Tensors).

        Args:
            hook_fn (function): The hook.

        Returns:
            HookHandle, whose ``remove()`` unregisters the hook.

        Raises:
            TypeError: If `hook_fn` is not callable.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.ReLU()
            >>> h = net.register_backward_hook(lambda cell, gi, go: print(gi[0], go[0]))
            >>> g = ms.grad(net)(ms.Tensor([-1.0, 2.0]))
            [0. 1.] [1. 1.]
        """
        return _cell_hooks.register(self, "_backward_hook", hook_fn)

    def _call_eager(self, args: tuple, kwargs: dict) -> Any:
        """The call itself: construct (GRAPH_MODE: compiled), casts, synchronisation."""
        try:
            if context.is_graph_mode() and not functional.tracing():
                return jit.call_cell(self, args, kwargs)
            if self._cast_type is not None:
                args = _cast_floats(args, self._cast_type)
            if getattr(type(self), "bprop", None) is not None:
                if kwargs:
                    raise TypeError(
                        f"For '{type(self).__name__}', a Cell with a custom 'bprop' takes "
                        f"positional inputs only, but got keyword arguments {sorted(kwargs)}"
                    )
                out = _grad.custom_bprop_call(self, args)
            else:
                construct = graph_syntax.compiled(self.construct)
                sharded = self.__dict__.get("_sharded_call")
                if sharded is None:
                    out = construct(*args, **kwargs)
                else:  # Cell.shard: inputs/outputs laid out (semi-auto parallel)
                    out = sharded.run(construct, args, kwargs)
        except AttributeError as e:
            err = _python_input_error(self, args, e)
            if err is None:
                raise
            raise err from e
        out_cast = self.__dict__.get("_out_cast")
        if out_cast is not None:
            out = cast_float_outputs(out, out_cast)
        if context.option("pynative_synchronize") and not functional.tracing():
            jax.block_until_ready(unwrap_tree(out))
        return out

    def shard(
        self,
        in_strategy: tuple,
        out_strategy: tuple | None = None,
        parameter_plan: dict | None = None,
        device: str = "Ascend",
        level: int = 0,
    ) -> Cell:
        """Lay this Cell's inputs, outputs and Parameters out over the devices (semi-auto /
        auto parallel): ``ms.shard(self, ...)`` applied to every call of the Cell.

        Args:
            in_strategy (tuple): one strategy (tuple of split numbers, ``Layout`` or ``None``:
                data parallel) per Tensor input.
            out_strategy (tuple, optional): one per output. Default: ``None``.
            parameter_plan (dict, optional): Parameter name -> strategy or Layout. Default: ``None``.
            device (str, optional): MindSpore's target device name. Default: ``"Ascend"``.
            level (int, optional): MindSpore's search level. Default: ``0``.

        Returns:
            Cell, this Cell.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.Dense(4, 2)
            >>> net = net.shard(in_strategy=((2, 1),), parameter_plan={"weight": (1, 1)})
            >>> print(type(net).__name__)
            Dense
        """
        self.__dict__["_sharded_call"] = parallel_config.shard(
            self, in_strategy, out_strategy, parameter_plan, device, level
        )
        return self

    @api_boundary
    def compile(self, *args: Any, **kwargs: Any) -> None:
        """Compiles the Cell for these inputs without running it, so that the first call with inputs of
        the same shapes and dtypes does not compile. In GRAPH_MODE the program is built now; in
        PYNATIVE_MODE there is nothing to build. In both modes the Parameters' names are checked.

        Args:
            args (Any): example inputs (their shapes and dtypes matter).
            kwargs (Any): keyword inputs.

        Raises:
            ValueError: two of the Cell's Parameters have the same name.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> import numpy as np
            >>> fc = nn.Dense(2, 1)
            >>> fc.compile(ms.Tensor(np.ones((4, 2), np.float32)))
            >>> print(fc(ms.Tensor(np.ones((4, 2), np.float32))).shape)
            (4, 1)
        """
        self.check_names()
        if context.is_graph_mode() and not functional.tracing():
            jit.compile_cell(self, args, kwargs)

    def set_jit_config(self, jit_config: Any) -> Cell:
        """Attaches a ``JitConfig`` to this Cell. Its options select MindSpore's compiler levels;
        deepsink's XLA programs have none, and ``JitConfig`` warns about values that change nothing.

        Args:
            jit_config (JitConfig): the configuration.

        Returns:
            Cell, this Cell.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> fc = nn.Dense(2, 1)
            >>> _ = fc.set_jit_config(ms.JitConfig(exc_mode='auto'))
            >>> print(fc.get_jit_config()['exc_mode'])
            auto
        """
        from deepsink.common.jit_config import JitConfig

        if not isinstance(jit_config, JitConfig):
            raise TypeError(
                f"For 'set_jit_config', 'jit_config' must be a JitConfig, but got "
                f"{type(jit_config).__name__}"
            )
        self.__dict__["_jit_config_dict"] = dict(jit_config.jit_config_dict)
        return self

    def get_jit_config(self) -> dict:
        """The options given to ``set_jit_config``.

        Returns:
            dict, the options (empty if none were set).

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> print(nn.Dense(2, 1).get_jit_config())
            {}
        """
        return dict(self.__dict__.get("_jit_config_dict", {}))

    def set_inputs(self, *inputs: Any, **kwargs: Any) -> Cell:
        """Declares the inputs' shapes and dtypes (MindSpore's dynamic-shape hint: ``None`` or a
        ``Symbol`` for a dynamic axis). Each compiled call of this Cell (GRAPH_MODE, ``jit``, a sink)
        checks its Tensor inputs against it with MindSpore's rules: rank, static dimensions, dtype
        and each Symbol's bounds, then pads each dynamic dimension to its bucket and runs one
        program per bucket, with the padding masked out (docs/dynamic_shapes.md).

        Args:
            inputs (Tensor): one Tensor per input, shapes may hold None or a Symbol.
            kwargs (Any): keyword inputs.

        Returns:
            Cell, this Cell.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> fc = nn.Dense(2, 1)
            >>> _ = fc.set_inputs(ms.Tensor(shape=[None, 2], dtype=ms.float32))
            >>> print(fc.get_inputs()[0].shape)
            (-1, 2)
        """
        self.__dict__["_set_inputs"] = inputs
        return self

    def get_inputs(self) -> tuple | None:
        """The inputs given to ``set_inputs``.

        Returns:
            tuple, the declared inputs, or None if ``set_inputs`` was not called.

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> print(nn.Dense(2, 1).get_inputs())
            None
        """
        return self.__dict__.get("_set_inputs")

    # --- printing -------------------------------------------------------------------------------
    def extend_repr(self) -> str:
        """The extra text shown between the parentheses of the Cell's ``repr``; subclasses override it
        to show their configuration.

        Returns:
            str, the text (empty by default).

        Examples:
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> class Scale(nn.Cell):
            ...     def __init__(self, k):
            ...         super().__init__()
            ...         self.k = k
            ...     def extend_repr(self):
            ...         return f'k={self.k}'
            >>> print(Scale(3))
            Scale(k=3)
        """
        return ""

    def __repr__(self) -> str:
        """MindSpore 2.x's nested layout: ``Name(extra)``, or one line per child when it has any."""
        extra = self.extend_repr()
        if not self._cells:
            return f"{type(self).__name__}({extra})"
        lines = [extra] if extra else []
        lines += [f"({name}): {child!r}" for name, child in self._cells.items()]
        body = "\n".join(lines).replace("\n", "\n  ")
        return f"{type(self).__name__}(\n  {body}\n)"


def cast_float_outputs(out: Any, dst_type: Any) -> Any:
    """Float Tensors anywhere in ``out`` cast to ``dst_type`` (MindSpore's mixed_precision_cast);
    what mixed precision sets on a Cell with ``_out_cast``."""
    if isinstance(out, tuple | list):
        return type(out)(cast_float_outputs(o, dst_type) for o in out)
    return _cast_float(out, mstype.to_np(dst_type))


def _cast_float(x: Any, np_dtype: Any) -> Any:
    """``x`` cast to ``np_dtype`` when it is a float Tensor of another dtype, else ``x``."""
    if isinstance(x, Tensor) and mstype.is_float(x._data.dtype) and x._data.dtype != np_dtype:
        return Tensor._from(x._data.astype(np_dtype))
    return x


def _python_input_error(cell: Any, args: tuple, error: AttributeError) -> TypeError | None:
    """A clear error when a Python list/tuple/number reached an op that needs a Tensor (the
    AttributeError it raised names that Python type); None for any other AttributeError."""
    for i, a in enumerate(args):
        if isinstance(a, list | tuple | int | float) and (
            f"'{type(a).__name__}' object has no attribute" in str(error)
        ):
            return TypeError(
                f"For '{type(cell).__name__}', the inputs must be Tensors, but input {i} is a "
                f"Python {type(a).__name__}; wrap the data in a Tensor, e.g. "
                "Tensor(np.array(data, np.float32)) or Tensor(data, mstype.float32)"
            )
    return None


def _cast_floats(args: tuple, dst_type: Any) -> tuple:
    np_dtype = mstype.to_np(dst_type)
    return tuple(_cast_float(a, np_dtype) for a in args)


def _pipeline_index(value: Any, api: str, name: str) -> int:
    """A pipeline stage or segment: a non-negative int (MindSpore's errors, ``api`` and
    ``name`` as it words them)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{api} '{name}' must be int type, but got type : {type(value)}")
    if value < 0:
        raise ValueError(f"{api} '{name}' can not be less than 0, but got {value}")
    return value
