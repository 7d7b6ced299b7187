"""BackupAndRestore: back the training state up each epoch and resume from it after a crash.

As in MindSpore, ``backup_dir/backup.ckpt`` is written (atomically) at the end of every
``save_freq``-th epoch and loaded into the training network when training begins, and deleted when
training ends (``delete_checkpoint``). deepsink goes further than MindSpore's callback, which only
restores the weights and then runs every epoch again: the backup also records the epoch it was
taken at and the global random key, and ``Model.train`` starts at the epoch after it, with the
dataset positioned where that epoch ended, so the resumed run is the uninterrupted one.
"""

from __future__ import annotations

import os
import stat
from typing import Any

from deepsink._core.validate import check_bool, check_positive_int, fail_arg
from deepsink.common.tensor import Tensor
from deepsink.train._ckpt_rng import saving_rng_key
from deepsink.train.callback._callback import Callback, logger
from deepsink.train.callback._checkpoint import make_directory
from deepsink.train.serialization import load_checkpoint, save_checkpoint

#: The attribute a callback sets on cb_params in ``on_train_begin`` to make the Model start later.
RESUME_EPOCH = "resume_epoch"
_EPOCH_KEY = "epoch_num"


class BackupAndRestore(Callback):
    """MindSpore's ``BackupAndRestore(backup_dir, save_freq="epoch", delete_checkpoint=True)``.

    Args:
        backup_dir (str): folder of ``backup.ckpt`` (created if missing).
        save_freq (Union["epoch", int]): back up every epoch, or every ``save_freq`` epochs.
        delete_checkpoint (bool): delete the backup when training ends. Default: True.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> import tempfile
        >>> net = nn.Dense(2, 1)
        >>> data = {'x': np.ones((8, 2), np.float32), 'y': np.zeros((8, 1), np.float32)}
        >>> ds = ms.dataset.NumpySlicesDataset(data, shuffle=False).batch(4)
        >>> model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        >>> tmp = tempfile.mkdtemp()
        >>> cb = ms.train.BackupAndRestore(tmp, save_freq=1)
        >>> model.train(2, ds, callbacks=[cb], dataset_sink_mode=False)
        >>> print(net.weight.shape)
        (1, 2)
    """

    def __init__(
        self, backup_dir: str, save_freq: str | int = "epoch", delete_checkpoint: bool = True
    ) -> None:
        super().__init__()
        if not isinstance(backup_dir, str):
            fail_arg("BackupAndRestore", "backup_dir", "a str", backup_dir)
        self.backup_file = os.path.join(
            make_directory(backup_dir, "BackupAndRestore"), "backup.ckpt"
        )
        if save_freq == "epoch":
            self.save_freq = 1
        else:
            if isinstance(save_freq, str):
                fail_arg("BackupAndRestore", "save_freq", "'epoch' or a positive int", save_freq)
            self.save_freq = check_positive_int(save_freq, "save_freq", "BackupAndRestore")
        self.delete_checkpoint = check_bool(
            delete_checkpoint, "delete_checkpoint", "BackupAndRestore"
        )

    def on_train_begin(self, run_context: Any) -> None:
        """Load the backup, if any, and ask the Model to start after its epoch."""
        if not os.path.exists(self.backup_file):
            return
        cb_params = run_context.original_args()
        logger.info(
            "Restore checkpoint file is %s, load checkpoint into train net.", self.backup_file
        )
        params = load_checkpoint(self.backup_file, net=cb_params.train_network)
        epoch = params.get(_EPOCH_KEY)
        if isinstance(epoch, Tensor):
            cb_params[RESUME_EPOCH] = int(epoch.asnumpy())

    def on_train_epoch_end(self, run_context: Any) -> None:
        """Back up every ``save_freq`` epochs."""
        cb_params = run_context.original_args()
        if cb_params.cur_epoch_num % self.save_freq == 0:
            append = {_EPOCH_KEY: int(cb_params.cur_epoch_num)}
            with saving_rng_key():  # the random key too, outside the entries (_ckpt_rng)
                save_checkpoint(cb_params.train_network, self.backup_file, append_dict=append)

    def on_train_end(self, run_context: Any) -> None:
        """Delete the backup (``delete_checkpoint``)."""
        if self.delete_checkpoint and os.path.exists(self.backup_file):
            os.chmod(self.backup_file, stat.S_IWUSR | stat.S_IRUSR)
            os.remove(self.backup_file)
