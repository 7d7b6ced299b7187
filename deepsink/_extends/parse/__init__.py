"""``mindspore._extends.parse``: its ``compile_config`` (MindSpore 2.10's compile switches,
kept in ``deepsink._compile.compile_config``, where the compiler reads them)."""

from __future__ import annotations

import sys

from deepsink._compile import compile_config

sys.modules[__name__ + ".compile_config"] = compile_config

__all__ = ["compile_config"]
