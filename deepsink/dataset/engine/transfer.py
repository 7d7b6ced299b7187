"""``Dataset.device_que``: the pipeline node that sends its input's batches to a device queue.

MindSpore's ``TransferDataset`` is the root of a sink-mode pipeline. It cannot be iterated;
``send(num_epochs)`` starts a sender that pulls the input's rows in the background. On the CPU
target, MindSpore 2.10's sender (``DataQueueOp::SendDataToCPU``) has no queue to push into: it reads
the rows through and counts them, stopping at the end of the data or at ``stop_send()``; the queue
size it reports is always 1, its send summary is empty, and the data-info queue is never fed. The
network of a sink-mode ``Model`` reads its batches through deepsink's sink engine instead
(``deepsink.train.sink``), so on every target deepsink's sender behaves as 2.10's CPU one.
"""

from __future__ import annotations

import threading
import uuid
import weakref
from typing import Any

from deepsink.dataset.core import validator_helpers as vh
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.datasets import Dataset


class _Sender:
    """The background reader of one ``send``: MindSpore's ``_ToDevice`` on the CPU target."""

    def __init__(self, dataset: Dataset, num_epochs: int) -> None:
        self._stop = threading.Event()
        self.batches = 0  # rows read so far (2.10's "total batch")
        self.error: BaseException | None = None
        it = dataset.create_tuple_iterator(num_epochs=num_epochs, output_numpy=True)
        self._thread = threading.Thread(
            target=self._run, args=(it, num_epochs), name="deepsink-device-queue", daemon=True
        )
        self._thread.start()
        self._finalizer = weakref.finalize(self, self._stop.set)

    def _run(self, it: Any, num_epochs: int) -> None:
        epoch = 0
        try:
            while num_epochs == -1 or epoch < num_epochs:
                for _ in it:
                    self.batches += 1
                    if self._stop.is_set():
                        return
                epoch += 1
        except BaseException as e:  # noqa: BLE001 - kept and raised by the queue's next query
            self.error = e
        finally:
            it.stop()

    def stop(self) -> None:
        self._stop.set()

    def check(self) -> None:
        if self.error is not None:
            raise RuntimeError(
                "DataQueueOp thread had been interrupted, please check for other error messages."
            ) from self.error

    def release(self) -> None:
        self._stop.set()
        self._thread.join()


class TransferDataset(Dataset):
    """The node ``Dataset.device_que`` returns: its input, sent to a device queue by ``send``.

    Users do not build it directly. It cannot be iterated: ``send`` runs the pipeline in the
    background (on the CPU target the rows are read through and dropped, as MindSpore 2.10 does).

    Args:
        input_dataset (Dataset): the input.
        send_epoch_end (bool): send an end-of-sequence to the device at each epoch's end.
            Default: ``True``.
        create_data_info_queue (bool): keep a queue of the types and shapes of the batches sent.
            Default: ``False``.
        queue_name (str): the device queue's name; ``""`` makes a new unique one. Default: ``""``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, shuffle=False).batch(2)
        >>> sender = data.device_que()
        >>> print(type(sender).__name__, sender.get_dataset_size())
        TransferDataset 3
        >>> sender.send(1)
        >>> sender.release()
    """

    def __init__(
        self,
        input_dataset: Dataset,
        send_epoch_end: bool = True,
        create_data_info_queue: bool = False,
        queue_name: str = "",
    ) -> None:
        vh.type_check(send_epoch_end, (bool,), "send_epoch_end")
        vh.type_check(create_data_info_queue, (bool,), "create_data_info_queue")
        vh.type_check(queue_name, (str,), "queue_name")
        super().__init__([input_dataset], None, (send_epoch_end, create_data_info_queue))
        self.queue_name = queue_name or str(uuid.uuid1())
        from deepsink import context

        self.device_type = context.get_context("device_target")
        self.device_id = context.get_context("device_id")
        self._send_epoch_end = send_epoch_end
        self._create_data_info_queue = create_data_info_queue
        self._to_device: _Sender | None = None
        self.column_name = input_dataset.get_col_names()

    def _open(self, ctx: Any) -> Any:
        raise RuntimeError("TransferDataset is not iterable.")

    def _num_rows(self) -> int | None:
        return self.children[0]._num_rows()

    def create_dict_iterator(
        self, num_epochs: int = -1, output_numpy: bool = False, do_copy: bool = True
    ) -> Any:
        """Raises RuntimeError: a TransferDataset is not iterable."""
        raise RuntimeError("TransferDataset is not iterable.")

    def create_tuple_iterator(
        self,
        columns: Any = None,
        num_epochs: int = -1,
        output_numpy: bool = False,
        do_copy: bool = True,
    ) -> Any:
        """Raises RuntimeError: a TransferDataset is not iterable."""
        raise RuntimeError("TransferDataset is not iterable.")

    def __iter__(self) -> Any:
        raise RuntimeError("TransferDataset is not iterable.")

    def output_shapes(self) -> list:
        """Raises RuntimeError: the shapes are the input's (ask it)."""
        raise RuntimeError("TransferDataset does not support obtaining output_shapes.")

    def output_types(self) -> list:
        """Raises RuntimeError: the types are the input's (ask it)."""
        raise RuntimeError("TransferDataset does not support obtaining output_types.")

    def send(self, num_epochs: int = -1) -> None:
        """Starts sending (a second call starts over).

        Args:
            num_epochs (int): the epochs to send; -1 for no end. Default: ``-1``.
        """
        vh.check_int(num_epochs, (-1, vh.INT32_MAX), "num_epochs")
        if self._to_device is not None:
            self._to_device.release()
        self._to_device = _Sender(self.children[0], num_epochs)

    def stop_send(self) -> None:
        """Stops the sender at its next batch (on the CPU target it does not resume)."""
        if self._to_device is not None:
            self._to_device.stop()

    def continue_send(self) -> None:
        """Lets a stopped sender go on; on the CPU target, as in MindSpore 2.10, a stopped
        sender has finished and this does nothing."""

    def get_data_info(self) -> tuple[list, list]:
        """The types and shapes of the next batch on the device's data-info queue.

        Raises:
            RuntimeError: before ``send``, without ``create_data_info_queue``, or on the CPU target,
                whose sender records no data info (MindSpore 2.10 waits there forever).
        """
        if self._to_device is None:
            raise RuntimeError("Calling get_data_info with bad state.")
        if not self._create_data_info_queue:
            raise RuntimeError("[Internal ERROR] DataInfo queue is not created.")
        raise RuntimeError(
            f"For 'get_data_info', the data-info queue of queue '{self.queue_name}' is never fed "
            f"on target {self.device_type}: the CPU sender pushes no batch to a device"
        )

    def get_mbuf_queue_size(self) -> int:
        """The batches in the device's buffer queue (1 on the CPU target, as in MindSpore)."""
        if self._to_device is None:
            raise RuntimeError("Device queue is not init, call get_mbuf_queue_size failed.")
        self._to_device.check()
        return 1

    def get_send_info(self) -> tuple:
        """The per-epoch send summary (empty on the CPU target, as in MindSpore)."""
        if self._to_device is None:
            raise RuntimeError(
                "Calling get_send_info with bad state, data queue is not initialized."
            )
        return ()

    def release(self) -> None:
        """Stops the sender and waits for it."""
        sender, self._to_device = self._to_device, None
        if sender is not None:
            sender.release()
            sender.check()


_datasets.register(TransferDataset)

__all__ = ["TransferDataset"]
