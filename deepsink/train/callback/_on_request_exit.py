"""OnRequestExit: stop training or evaluation cleanly on a signal (or a flag in a JSON file) and
save a checkpoint to resume from."""

from __future__ import annotations

import json
import os
import signal
import threading
from typing import Any

from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.train.callback._callback import Callback, RunContext


def _group_size() -> int:
    from deepsink.communication.management import get_group_size

    return get_group_size()


class OnRequestExit(Callback):
    """Stop at the end of the current step when the process receives ``sig`` (or when
    ``config_file`` holds ``{"GracefulExit": 1}``), then save the network's checkpoint to
    ``<directory>/rank_<device_id>/<file_name>_train.ckpt`` (``_eval`` in evaluation). At the
    next ``train``/``eval`` begin that checkpoint, when present, is loaded back.

    With ``MS_ENABLE_GRACEFUL_EXIT=1`` (MindSpore's graceful-exit mode) the request is passed to
    the training step through the ``graceful_exit`` Parameter ``TrainOneStepCell`` then holds:
    set at the next step's begin, read back at its end, where the checkpoint is saved with the
    position it stopped at (``epoch_num``, ``step_num``, ``batch_num``, ``global_step``,
    ``loss_scale``) before training stops; a network without that Parameter is not stopped,
    as in MindSpore. Several devices agree on the exit in MindSpore through an all-reduce inside
    the step, which deepsink does not build: that case raises.

    Args:
        save_ckpt (bool): save the checkpoint on exit. Default: ``True``.
        save_mindir (bool): also export the network as MindIR (``<name>.mindir``, on the step's
            inputs: ``train_dataset_element``/``eval_dataset_element``), with the checkpoint.
            Default: ``True``.
        file_name (str): the files' base name. Default: ``'Net'``.
        directory (str): where to save. Default: ``'./'``.
        config_file (str): a JSON file whose ``"GracefulExit": 1`` requests the exit.
            Default: ``None``.
        sig (int): the exit signal; SIGKILL cannot be caught. Default: ``signal.SIGTERM``.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``sig`` is SIGKILL.
        NotImplementedError: if ``MS_ENABLE_GRACEFUL_EXIT=1`` on more than one device.

    Examples:
        >>> import signal
        >>> from deepsink.train import OnRequestExit
        >>> cb = OnRequestExit(save_mindir=False, file_name='LeNet5', sig=signal.SIGUSR1)
        >>> print(cb.train_name.endswith('LeNet5_train'))
        True
    """

    def __init__(
        self,
        save_ckpt: bool = True,
        save_mindir: bool = True,
        file_name: str = "Net",
        directory: str = "./",
        config_file: str | None = None,
        sig: int = signal.SIGTERM,
    ) -> None:
        super().__init__()
        for name, value, kind in (
            ("save_ckpt", save_ckpt, bool),
            ("save_mindir", save_mindir, bool),
            ("file_name", file_name, str),
            ("sig", sig, int),
        ):
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise TypeError(
                    f"For 'OnRequestExit', '{name}' must be {kind.__name__}, but got "
                    f"{type(value).__name__}"
                )
        if hasattr(signal, "SIGKILL") and sig == signal.SIGKILL:
            raise ValueError("Not support send exit request by signal SIGKILL.")
        self.save_ckpt, self.save_mindir, self.sig = save_ckpt, save_mindir, int(sig)
        self.remote_config_file = config_file
        self.save_path = directory
        self.exit = False
        self.lock = threading.Lock()
        self.key = "GracefulExit"
        # MindSpore's graceful-exit mode (MS_ENABLE_GRACEFUL_EXIT=1): see on_train_step_begin
        self.use_graceful = os.environ.get("MS_ENABLE_GRACEFUL_EXIT") == "1"
        self.is_distributed = _group_size() > 1
        if self.use_graceful and self.is_distributed:
            raise NotImplementedError(
                "For 'OnRequestExit', MS_ENABLE_GRACEFUL_EXIT=1 on more than one device agrees "
                "on the exit through an all-reduce of each rank's 'graceful_init' flag inside the "
                "training step, which deepsink does not build; unset MS_ENABLE_GRACEFUL_EXIT to "
                "stop each rank at the step end of its own request"
            )
        self.stop_train = False
        self.need_do_step_end = False
        self.train_name, self.eval_name = self._get_save_path(file_name)

    def _get_save_path(self, file_name: str) -> tuple[str, str]:
        from deepsink import context

        base = os.getcwd() if self.save_path is None else self.save_path
        path = os.path.join(base, f"rank_{context.get_context('device_id')}")
        return os.path.join(path, f"{file_name}_train"), os.path.join(path, f"{file_name}_eval")

    def _handle_signal(self, signum: int, frame: Any) -> None:
        self.exit = True

    def _config_requests(self) -> bool:
        """Whether ``config_file`` holds ``{"GracefulExit": 1}``."""
        path = self.remote_config_file
        if path and os.path.isfile(path):
            try:
                with open(path) as f:
                    return json.load(f).get(self.key) == 1
            except (OSError, ValueError, AttributeError):
                return False
        return False

    def _requested(self) -> bool:
        if not self.exit:
            self.exit = self._config_requests()
        return self.exit

    @staticmethod
    def _load(net: Any, name: str) -> bool:
        from deepsink.train.serialization import load_checkpoint

        if os.path.isfile(f"{name}.ckpt"):
            load_checkpoint(f"{name}.ckpt", net=net)
            return True
        return False

    def _save(self, net: Any, name: str, inputs: Any) -> None:
        from deepsink.train.serialization import save_checkpoint

        if self.save_ckpt:
            os.makedirs(os.path.dirname(name), exist_ok=True)
            save_checkpoint(net, f"{name}.ckpt")
        self._export(net, name, inputs)

    def _export(self, net: Any, name: str, inputs: Any) -> None:
        """``name.mindir``: ``net`` exported on the inputs of the step it stopped after."""
        from deepsink.train.serialization import export

        if self.save_mindir:
            os.makedirs(os.path.dirname(name) or ".", exist_ok=True)
            export(net, *inputs, file_name=name, file_format="MINDIR")

    def on_train_begin(self, run_context: RunContext) -> None:
        """Catch the exit signal; resume from the saved checkpoint if there is one."""
        signal.signal(self.sig, self._handle_signal)
        if self.save_ckpt:
            self._load(run_context.original_args().train_network, self.train_name)

    def on_train_step_begin(self, run_context: RunContext) -> None:
        """In graceful-exit mode, when the exit was requested (signal or ``config_file``): set
        the train network's ``graceful_exit`` Parameter (``TrainOneStepCell`` has one in that
        mode), which the step's end reads back."""
        with self.lock:
            # MindSpore's: the signal or the file; the file does not count as a signal, so
            # on_train_end saves again only after a signal
            if not self.use_graceful or not (self.exit or self._config_requests()):
                return
            for _, param in run_context.original_args().train_network.parameters_and_names():
                if param.name == "graceful_exit":
                    param.set_data(Tensor(True, mstype.bool_))
                    self.need_do_step_end = True
                    break

    def on_train_step_end(self, run_context: RunContext) -> None:
        """Stop after this step when the exit was requested; in graceful-exit mode, once the
        network's ``graceful_exit`` flag is set, first save the checkpoint with the step it
        stopped at (``epoch_num``, ``step_num``, ``batch_num``, ``global_step``, and
        ``loss_scale`` under a loss-scale manager), as MindSpore 2.10 does."""
        if self.use_graceful:
            self._graceful_step_end(run_context)
            return
        with self.lock:
            if self._requested():
                run_context.request_stop()

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        """In graceful-exit mode, as at a step's end."""
        if self.use_graceful:
            self._graceful_step_end(run_context)

    def _graceful_step_end(self, run_context: RunContext) -> None:
        from deepsink.train.serialization import save_checkpoint

        with self.lock:
            if self.stop_train or not self.need_do_step_end:
                return
            cb = run_context.original_args()
            net = cb.train_network
            for _, param in net.parameters_and_names():
                if param.name != "graceful_exit" or not bool(param.asnumpy()):
                    continue
                if self.save_ckpt:
                    extra = {
                        "epoch_num": cb.cur_epoch_num,
                        "step_num": cb.cur_step_num,
                        "batch_num": cb.batch_num,
                    }
                    if cb.loss_scale_mananger is not None:
                        extra["loss_scale"] = cb.loss_scale_mananger.get_loss_scale()
                    opt = cb.optimizer if cb.optimizer is not None else cb.network.optimizer
                    extra["global_step"] = int(opt.global_step.data)
                    os.makedirs(os.path.dirname(self.train_name) or ".", exist_ok=True)
                    save_checkpoint(net, f"{self.train_name}.ckpt", append_dict=extra)
                self._export(net, self.train_name, cb.train_dataset_element)
                run_context.request_stop()
                self.stop_train = True

    def on_train_end(self, run_context: RunContext) -> None:
        """Save the checkpoint when the exit was requested."""
        if self.exit:
            cb = run_context.original_args()
            self._save(cb.train_network, self.train_name, cb.train_dataset_element)

    def on_eval_begin(self, run_context: RunContext) -> None:
        """Catch the exit signal; load the saved evaluation (or training) checkpoint."""
        signal.signal(self.sig, self._handle_signal)
        if self.save_ckpt:
            net = run_context.original_args().eval_network
            self._load(net, self.eval_name) or self._load(net, self.train_name)

    def on_eval_step_end(self, run_context: RunContext) -> None:
        """Stop after this step when the exit was requested."""
        if self._requested():
            run_context.request_stop()

    def on_eval_end(self, run_context: RunContext) -> None:
        """Save the checkpoint when the exit was requested."""
        if self.exit:
            cb = run_context.original_args()
            self._save(cb.eval_network, self.eval_name, cb.eval_dataset_element)
