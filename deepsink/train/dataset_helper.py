"""DatasetHelper and connect_network_with_dataset: custom training loops over the sink engine.

In sink mode one iteration of the helper is one sink: it yields an empty input tuple once per epoch,
and the connected network, called with it, runs ``sink_size`` steps on the device (reading its
inputs as ``ops.GetNext`` would) and returns the last step's outputs. This holds in GRAPH_MODE and
in PYNATIVE_MODE alike. Without sink the helper yields the dataset's batches as Tensors.
"""

from __future__ import annotations

import itertools
import weakref
from typing import Any

from deepsink import _checkparam, nn
from deepsink._compile import jit as _jit
from deepsink._core.validate import check_positive_int, fail_arg, shown
from deepsink.common.tensor import wrap
from deepsink.train.model import host_batches
from deepsink.train.sink.session import SinkSession


class DatasetHelper:
    """MindSpore's ``DatasetHelper(dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1)``.

    Args:
        dataset (Dataset): the dataset.
        dataset_sink_mode (bool): feed the data through a device queue. Default: ``True``.
        sink_size (int): steps per sink, -1 for a whole epoch. Default: ``-1``.
        epoch_num (int): the number of epochs. Default: ``1``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> ds = ms.dataset.NumpySlicesDataset({'x': np.ones((4, 2), np.float32)}, shuffle=False).batch(2)
        >>> helper = ms.DatasetHelper(ds, dataset_sink_mode=False)
        >>> for (x,) in helper:
        ...     print(x.shape)
        (2, 2)
        (2, 2)
    """

    def __init__(
        self, dataset: Any, dataset_sink_mode: bool = True, sink_size: int = -1, epoch_num: int = 1
    ) -> None:
        # 2.10's checks and texts: a bool, then an int (not a bool), then -1 or positive
        _checkparam.check_bool(dataset_sink_mode)
        _checkparam.check_is_int(sink_size)
        if sink_size == 0 or sink_size < -1:
            raise ValueError(
                f"The 'sink_size' must be -1 or positive, but got sink_size {sink_size}."
            )
        check_positive_int(epoch_num, "epoch_num", "DatasetHelper")
        if not dataset_sink_mode or sink_size == -1:
            size = dataset.get_dataset_size()
            if not size or size <= 0:
                raise ValueError(
                    f"For 'DatasetHelper', 'dataset' must not be empty, but its size is {size}"
                )
        self.dataset = dataset
        self.dataset_sink_mode = dataset_sink_mode
        self.epoch_num = epoch_num
        self._sink_size = size if sink_size == -1 else sink_size
        self._host = None

    def sink_size(self) -> int:
        """Steps per sink (the dataset size when ``sink_size=-1``)."""
        return self._sink_size

    def __len__(self) -> int:
        return 1 if self.dataset_sink_mode else self.dataset.get_dataset_size()

    def __iter__(self):
        if self.dataset_sink_mode:
            yield ()
            return
        if self._host is None:
            self._host = host_batches(self.dataset)
        yield from itertools.islice(self._host, self.dataset.get_dataset_size())

    def types_shapes(self) -> tuple[list, list]:
        return list(self.dataset.output_types()), list(self.dataset.output_shapes())

    def get_data_info(self) -> tuple[list, list]:
        return self.types_shapes()

    def stop_send(self) -> None:
        pass

    def continue_send(self) -> None:
        pass

    def release(self) -> None:
        pass


class _SinkNetwork(nn.Cell):
    """The network bound to a helper's device queue; each call runs one sink (MindSpore's
    ``_DataWrapper`` with ``GetNext``)."""

    def __init__(self, network: nn.Cell, helper: DatasetHelper) -> None:
        super().__init__(auto_prefix=False)
        self.network = network
        self._helper = helper
        self._session: SinkSession | None = None
        self._cache: _jit.CompileCache = _jit.CompileCache()

    def _open(self) -> SinkSession:
        if self._session is None:
            h = self._helper
            plan = itertools.repeat(h.sink_size(), h.epoch_num)
            self._session = SinkSession(
                self.network, _jit.state_of(self.network), h.dataset, plan, self._cache
            )
            weakref.finalize(self, self._session.close)
        return self._session

    def __call__(self, *inputs: Any) -> Any:
        if inputs:
            raise TypeError(
                "For the network returned by 'connect_network_with_dataset', call it with the "
                f"(empty) inputs the DatasetHelper yields, but got {len(inputs)} inputs"
            )
        session = self._open()
        try:
            out = wrap(session.run())
        except BaseException:
            self.close()
            raise
        if session.host_syncs == self._helper.epoch_num:
            self.close()
        return out

    def close(self) -> None:
        """Stop the device queue (done automatically after the last of ``epoch_num`` sinks)."""
        if self._session is not None:
            self._session.close()
            self._session = None


def connect_network_with_dataset(network: nn.Cell, dataset_helper: DatasetHelper) -> nn.Cell:
    """Bind ``network`` to the helper's device queue in sink mode. Outside sink mode deepsink
    returns the network itself, where MindSpore 2.10 raises RuntimeError.

    Args:
        network (Cell): the network, called with the dataset's columns.
        dataset_helper (DatasetHelper): the helper of the dataset.

    Returns:
        Cell, a network that takes its inputs from the device queue in sink mode, else ``network``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> ds = ms.dataset.NumpySlicesDataset({'x': np.ones((4, 2), np.float32)}, shuffle=False).batch(2)
        >>> helper = ms.DatasetHelper(ds, dataset_sink_mode=False)
        >>> net = ms.connect_network_with_dataset(nn.Dense(2, 1), helper)
        >>> print(type(net).__name__)
        Dense
    """
    if not isinstance(network, nn.Cell):
        fail_arg(
            "connect_network_with_dataset",
            "network",
            "a Cell (the network to run on the helper's data)",
            type(network).__name__,
            TypeError,
        )
    if not isinstance(dataset_helper, DatasetHelper):
        fail_arg(
            "connect_network_with_dataset",
            "dataset_helper",
            "a DatasetHelper",
            shown(type(dataset_helper).__name__),
            TypeError,
        )
    if not dataset_helper.dataset_sink_mode:
        return network
    return _SinkNetwork(network, dataset_helper)
