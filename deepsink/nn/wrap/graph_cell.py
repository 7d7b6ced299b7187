"""``nn.GraphCell``: a Cell that runs a graph loaded from a MindIR file by ``load``."""

from __future__ import annotations

from typing import Any

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell


class GraphCell(Cell):
    """Runs the graph ``load`` read from a MindIR file, with MindSpore's primitives computed by
    deepsink; its Parameters are the graph's (named as in the exporting network), so it runs in
    either mode, inside ``jit`` and in the sink.

    Args:
        graph (FuncGraph): a graph loaded by ``mindspore.load``.
        params_init (dict): new values (Tensor or Parameter) for the graph's parameters, by name;
            names the graph lacks are ignored. Default: ``None``.
        obf_random_seed (Union[int, None]): dynamic obfuscation, not supported. Default: ``None``.

    Inputs:
        - **inputs** (Tensor) - the graph's inputs, of the shapes and dtypes it was exported with.

    Outputs:
        Tensor or tuple of Tensors, what the graph returns.

    Raises:
        NotImplementedError: ``obf_random_seed`` is given.
        TypeError: ``graph`` is not a FuncGraph, or ``params_init`` not a dict of str to Tensor.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(3, 2)
        >>> x = ms.Tensor(np.ones((1, 3), np.float32))
        >>> path = os.path.join(tempfile.mkdtemp(), 'dense')
        >>> ms.export(net, x, file_name=path, file_format='MINDIR')
        >>> cell = nn.GraphCell(ms.load(path + '.mindir'))
        >>> print(np.allclose(cell(x).asnumpy(), net(x).asnumpy()))
        True
    """

    def __init__(
        self, graph: Any, params_init: dict | None = None, obf_random_seed: Any = None
    ) -> None:
        super().__init__(auto_prefix=True)
        if obf_random_seed is not None:
            raise NotImplementedError("Dynamic structure obfuscation is not supported now.")
        # the FuncGraph ms.load gives (deepsink.train.mindir.graph, a layer above nn): its run and
        # params are what a GraphCell uses
        if not (
            callable(getattr(graph, "run", None))
            and isinstance(getattr(graph, "params", None), dict)
        ):
            raise TypeError(
                "For 'GraphCell', the argument 'graph' must be a FuncGraph loaded from MindIR, "
                f"but got type {type(graph)}."
            )
        params_init = {} if params_init is None else params_init
        if not isinstance(params_init, dict):
            raise TypeError(
                f"For 'GraphCell', the argument 'params_init' must be a dict, but got {type(params_init)}."
            )
        for name, value in params_init.items():
            if not isinstance(name, str) or not isinstance(value, Tensor):
                raise TypeError(
                    "For 'GraphCell', the key of the 'params_init' must be str, and the value must be "
                    f"Tensor or Parameter, but got the key type: {type(name)}, and the value type: {type(value)}"
                )
        self.graph = graph
        self._graph_params: dict[str, Parameter] = {}
        for name, array in graph.params.items():
            value = params_init.get(name)
            data = Tensor(array) if value is None else Tensor(value.asnumpy())
            param = Parameter(data, name=name)
            self.insert_param_to_cell(name, param, check_name_contain_dot=False)
            self._graph_params[name] = param

    def construct(self, *inputs: Any) -> Any:
        return self.graph.run(inputs, self._graph_params)
