"""Callbacks for ``Model.train``/``eval``/``fit`` (MindSpore's ``mindspore.train.callback``).

Hooks fire once per step, or once per sink with ``dataset_sink_mode=True`` (``cur_step_num`` then
advances by the sink's step count); see ``_callback.py`` for the order the Model calls them in.
"""

# Note: `import X as X` marks a public re-export (PEP 484).
# mindspore.dataset exports WaitedDSCallback; the dataset layer does not import training, so the
# class is bound there from here
from deepsink import dataset as _dataset  # noqa: E402
from deepsink.dataset import callback as _ds_callback  # noqa: E402
from deepsink.train.callback._backup_and_restore import BackupAndRestore as BackupAndRestore
from deepsink.train.callback._callback import Callback as Callback
from deepsink.train.callback._callback import CallbackManager as CallbackManager
from deepsink.train.callback._callback import CallbackParam as CallbackParam
from deepsink.train.callback._callback import RunContext as RunContext
from deepsink.train.callback._checkpoint import CheckpointConfig as CheckpointConfig
from deepsink.train.callback._checkpoint import ModelCheckpoint as ModelCheckpoint
from deepsink.train.callback._early_stop import EarlyStopping as EarlyStopping
from deepsink.train.callback._flops_collector import (
    FlopsUtilizationCollector as FlopsUtilizationCollector,
)
from deepsink.train.callback._history import History as History
from deepsink.train.callback._lambda_callback import LambdaCallback as LambdaCallback
from deepsink.train.callback._loss_monitor import LossMonitor as LossMonitor
from deepsink.train.callback._lr_scheduler import LearningRateScheduler as LearningRateScheduler
from deepsink.train.callback._on_request_exit import OnRequestExit as OnRequestExit
from deepsink.train.callback._progress import ProgressBar as ProgressBar
from deepsink.train.callback._reduce_lr import ReduceLROnPlateau as ReduceLROnPlateau
from deepsink.train.callback._refused import SummaryLandscape as SummaryLandscape
from deepsink.train.callback._refused import TrainFaultTolerance as TrainFaultTolerance
from deepsink.train.callback._summary_collector import SummaryCollector as SummaryCollector
from deepsink.train.callback._time_breakdown import TimeBreakdown as TimeBreakdown
from deepsink.train.callback._time_monitor import TimeMonitor as TimeMonitor
from deepsink.train.callback._waited_ds_callback import WaitedDSCallback as WaitedDSCallback

for _module in (_dataset, _ds_callback):
    _module.WaitedDSCallback = WaitedDSCallback
    if hasattr(_module, "__all__") and "WaitedDSCallback" not in _module.__all__:
        _module.__all__ = sorted({*_module.__all__, "WaitedDSCallback"})

# MindSpore's own names for the two (its callback tests and some user callbacks import them)
_CallbackManager = CallbackManager
_InternalCallbackParam = CallbackParam
from deepsink.train.callback._checkpoint_manager import CheckpointManager as _CheckpointManager  # noqa: E402, F401, I001
from deepsink.train.callback._save_op import checkpoint_cb_for_save_op as _checkpoint_cb_for_save_op  # noqa: E402, F401
from deepsink.train.callback._save_op import set_cur_net as _set_cur_net  # noqa: E402, F401

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
