"""The wording of MindSpore's errors from its C++ dataset pipeline."""

from __future__ import annotations

_RULE = "------------------------------------------------------------------\n"


def _worded(head: str, message: str) -> RuntimeError:
    return RuntimeError(
        f"{head}\n\n{_RULE}- Dataset Pipeline Error Message: \n{_RULE}[ERROR] {message}"
    )


def pipeline_error(message: str) -> RuntimeError:
    """A RuntimeError worded as MindSpore 2.10's errors from its C++ kernels."""
    return _worded(
        "Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. ",
        message,
    )


def syntax_error(message: str) -> RuntimeError:
    """A RuntimeError worded as MindSpore 2.10's pipeline checks when a pipeline is built."""
    return _worded("Syntax error. ", message)
