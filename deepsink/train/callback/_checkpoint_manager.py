"""The checkpoint files of one prefix in a folder, and the keep rules ``ModelCheckpoint`` applies
to them (MindSpore's ``mindspore.train.callback._CheckpointManager``)."""

from __future__ import annotations

import os
import stat

from deepsink import log as logger


class CheckpointManager:
    """The files ``<prefix>-<digits, '_'>.<format>`` of a folder (``update_ckpoint_filelist``), and
    their removal: one file, the oldest, or all but the oldest of the last minutes.

    A file another process (a rank sharing the folder) removed first is dropped from the list
    without a warning.

    Args:
        format (str): ``"ckpt"`` or ``"safetensors"``. Default: ``"ckpt"``.
    """

    def __init__(self, format: str = "ckpt") -> None:  # noqa: A002
        self._ckpoint_filelist: list[str] = []
        self._format = format

    @property
    def ckpoint_filelist(self) -> list[str]:
        """The checkpoint files managed here."""
        return self._ckpoint_filelist

    @property
    def ckpoint_num(self) -> int:
        """How many checkpoint files are managed here."""
        return len(self._ckpoint_filelist)

    def update_ckpoint_filelist(self, directory: str, prefix: str) -> None:
        """List ``directory``'s checkpoints of ``prefix`` (no letters between prefix and format)."""
        ext = f".{self._format}"
        self._ckpoint_filelist = []
        for name in os.listdir(directory):
            if os.path.splitext(name)[-1] != ext or not name.startswith(prefix + "-"):
                continue
            if not any(c.isalpha() for c in name[len(prefix) : -len(ext)]):
                self._ckpoint_filelist.append(os.path.join(directory, name))

    def remove_ckpoint_file(self, file_name: str) -> None:
        """Remove ``file_name`` from the folder and from the list."""
        try:
            os.chmod(file_name, stat.S_IWUSR | stat.S_IRUSR)
            os.remove(file_name)
        except FileNotFoundError:
            pass  # already removed by another rank sharing the folder
        except OSError:
            logger.warning("OSError, failed to remove the older ckpt file %s.", file_name)
        if file_name in self._ckpoint_filelist:
            self._ckpoint_filelist.remove(file_name)
        else:
            logger.warning("ValueError, failed to remove the older ckpt file %s.", file_name)

    def remove_oldest_ckpoint_file(self) -> None:
        """Remove the file modified longest ago."""
        by_time = self._by_mtime()
        if by_time:
            self.remove_ckpoint_file(by_time[0][0])

    def keep_one_ckpoint_per_minutes(self, minutes: int, cur_time: float) -> None:
        """Of the files modified in the ``minutes`` before ``cur_time``, keep only the oldest."""
        recent = [f for f, t in self._by_mtime() if cur_time - t < 60 * minutes]
        for f in recent[1:]:
            self.remove_ckpoint_file(f)

    def _by_mtime(self) -> list[tuple[str, float]]:
        """(file, mtime), oldest first; files that no longer exist leave the list."""
        times = []
        for f in list(self._ckpoint_filelist):
            try:
                times.append((f, os.path.getmtime(f)))
            except FileNotFoundError:
                self._ckpoint_filelist.remove(f)
        return sorted(times, key=lambda ft: ft[1])
