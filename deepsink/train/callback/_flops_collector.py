"""FlopsUtilizationCollector: the model and hardware FLOPs utilization (MFU, HFU) of each
training step, from XLA's cost analysis of the compiled step."""

from __future__ import annotations

import math
import time
from typing import Any

import jax

from deepsink.train.callback._callback import Callback, RunContext


def _flops(analysis: Any) -> float:
    if isinstance(analysis, list | tuple):
        analysis = analysis[0] if analysis else {}
    return float((analysis or {}).get("flops", 0.0))


def step_flops(network: Any, shapes: list, dtypes: list) -> tuple[float, float]:
    """``(model FLOPs, hardware FLOPs)`` of one call of ``network`` on inputs of these shapes and
    dtypes: XLA's cost analysis of the program as written (before optimization) and of the
    compiled executable (after fusion and rematerialization)."""
    from deepsink._core import functional
    from deepsink.common import dtype as mstype
    from deepsink.common.tensor import Tensor

    avals = [
        jax.ShapeDtypeStruct(tuple(int(d) for d in s), mstype.to_np(t))
        for s, t in zip(shapes, dtypes)
    ]

    def call(*args: Any) -> Any:
        return network(*[Tensor._from(a) for a in args])

    boxes = functional.discover(call, *avals)
    pure = functional.pure(call, boxes)
    lowered = jax.jit(lambda state, *a: pure(state, *a)[:2]).lower(functional.values(boxes), *avals)
    model = _flops(lowered.cost_analysis())
    hardware = _flops(lowered.compile().cost_analysis())
    return model, hardware or model


class FlopsUtilizationCollector(Callback):
    """Print the FLOPs of the training step once, then each step's time with its model FLOPs
    utilization (MFU) and hardware FLOPs utilization (HFU) against ``computility``.

    The FLOPs come from XLA's cost analysis of the training network on the dataset's batch
    shapes: the model FLOPs of the program as written, the hardware FLOPs of the compiled
    program (with the recomputation XLA adds). deepsink runs data parallelism, so each device
    runs the whole model: the full and the shard FLOPs are the same.

    Args:
        data_size (int): the steps between the lines printed (a line is printed for the steps
            whose number is not a multiple of it, as MindSpore does).
        computility (int, optional): the peak FLOPs per second of one device. Default: ``1``.
        full_flops (bool, optional): report the full model (True) or the shard of one device.
            Default: ``True``.
        enable_ma_collector (bool, optional): also write the FLOPs and step times to
            ``flops_rank_<id>.txt`` and ``time_step_rank_<id>.txt`` in ``$MA_LOG_DIR`` (default
            the working directory). Default: ``False``.

    Raises:
        TypeError: if ``data_size`` is not a positive int, or a flag not a bool.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> from deepsink import nn
        >>> from deepsink.train import Model, FlopsUtilizationCollector
        >>> data = {"x": np.ones((8, 10), np.float32), "y": np.zeros((8,), np.int32)}
        >>> train_dataset = ds.NumpySlicesDataset(data=data).batch(4)
        >>> net = nn.Dense(10, 5)
        >>> crit = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
        >>> opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
        >>> flops_callback = FlopsUtilizationCollector(train_dataset.get_dataset_size(), computility=10e6)
        >>> model = Model(net, loss_fn=crit, optimizer=opt)
        >>> model.train(1, train_dataset, callbacks=[flops_callback], dataset_sink_mode=False)  # doctest: +ELLIPSIS
        Full model flops is ..., Full hardware flops is ..., Shard model flops is ..., Shard hardware flops is ....
        Train per step time: ... ms mfu:...% hfu:...%
        >>> print(flops_callback.full_model_flops > 0)
        True
    """

    def __init__(
        self,
        data_size: int,
        computility: float = 1,
        full_flops: bool = True,
        enable_ma_collector: bool = False,
    ) -> None:
        super().__init__()
        if isinstance(data_size, bool) or not isinstance(data_size, int) or data_size <= 0:
            raise TypeError(
                f"For 'FlopsUtilizationCollector', 'data_size' must be a positive "
                f"int, but got {data_size!r}"
            )
        for name, value in (
            ("full_flops", full_flops),
            ("enable_ma_collector", enable_ma_collector),
        ):
            if not isinstance(value, bool):
                raise TypeError(
                    f"For 'FlopsUtilizationCollector', '{name}' must be bool, but got "
                    f"{type(value).__name__}"
                )
        if (
            isinstance(computility, bool)
            or not isinstance(computility, int | float)
            or computility <= 0
        ):
            raise TypeError(
                f"For 'FlopsUtilizationCollector', 'computility' must be a positive "
                f"number, but got {computility!r}"
            )
        self.data_size, self.computility = data_size, computility
        self.full_flops, self.ma = full_flops, enable_ma_collector
        self.verbose = not (computility == 1 and enable_ma_collector)
        self.full_model_flops = self.full_hardware_flops = 0.0
        self.shard_model_flops = self.shard_hardware_flops = 0.0
        self.full_mfu = self.full_hfu = self.shard_mfu = self.shard_hfu = 0.0
        self.mfu_calculated = False
        self.batch_step_size: int | None = None
        self.step_time = time.time()
        self._time_path = ""

    def step_begin(self, run_context: RunContext) -> None:
        """Note the time the step starts."""
        if self.batch_step_size is None:
            batch_num = run_context.original_args().get("batch_num")
            self.batch_step_size = (
                batch_num if isinstance(batch_num, int) and batch_num > 0 else self.data_size
            )
        self.step_time = time.time()

    def _measure(self, cb_params: Any) -> bool:
        dataset = (
            cb_params.get("train_dataset")
            if cb_params.get("mode") == "train"
            else cb_params.get("valid_dataset")
        )
        network = (
            cb_params.get("train_network")
            if cb_params.get("mode") == "train"
            else cb_params.get("eval_network")
        )
        if dataset is None or network is None:
            return False
        model, hardware = step_flops(network, dataset.output_shapes(), dataset.output_types())
        self.shard_model_flops = self.full_model_flops = model
        self.shard_hardware_flops = self.full_hardware_flops = hardware
        self.full_mfu = self.shard_mfu = model / self.computility
        self.full_hfu = self.shard_hfu = hardware / self.computility
        return True

    def _rank(self) -> int:
        try:
            from deepsink.communication import get_rank

            return get_rank()
        except (ImportError, RuntimeError):
            return 0

    def step_end(self, run_context: RunContext) -> None:
        """Print the FLOPs (first step) and the step time with MFU and HFU."""
        import os

        step_ms = (time.time() - self.step_time) * 1000
        cb_params = run_context.original_args()
        if not self.mfu_calculated:
            if not self._measure(cb_params):
                return
            self.mfu_calculated = True
            if self.ma:
                log_dir = os.path.realpath(os.getenv("MA_LOG_DIR", "./"))
                stamp = int(round(time.time() * 1000))
                rank = self._rank()
                self._time_path = os.path.join(log_dir, f"time_step_rank_{rank}.txt")
                with open(os.path.join(log_dir, f"flops_rank_{rank}.txt"), "w") as f:
                    f.write(
                        f'flops{{type="model_flops", rank_id="{rank}"}} '
                        f"{self.shard_model_flops} {stamp}\n"
                    )
                    f.write(
                        f'flops{{type="hardware_flops", rank_id="{rank}"}} '
                        f"{self.shard_hardware_flops} {stamp}\n"
                    )
            if self.verbose:
                shard = (
                    f"Shard model flops is {self.shard_model_flops}, "
                    f"Shard hardware flops is {self.shard_hardware_flops}."
                )
                full = (
                    f"Full model flops is {self.full_model_flops}, "
                    f"Full hardware flops is {self.full_hardware_flops}, "
                )
                print(full + shard if self.full_flops else shard, flush=True)
        if cb_params.get("dataset_sink_mode"):
            step_ms /= self.batch_step_size or 1
        if self.ma and self._time_path:
            with open(self._time_path, "w") as f:
                f.write(
                    f'time_monitor{{type="per_step_time", rank_id="{self._rank()}"}} '
                    f"{step_ms} {int(round(time.time() * 1000))}\n"
                )
        if self.verbose and cb_params.cur_step_num % self.data_size:
            mfu_per_s = self.full_mfu if self.full_flops else self.shard_mfu
            hfu_per_s = self.full_hfu if self.full_flops else self.shard_hfu
            line = f"{str(cb_params.get('mode', 'train')).title()} per step time: {step_ms:5.3f} ms"
            for label, value in (
                (" mfu:", 1000 * mfu_per_s / step_ms),
                (" hfu:", 1000 * hfu_per_s / step_ms),
            ):
                line += label + f"{math.floor(value * 10**4) / 10**2:.2f}%"
            print(line, flush=True)
