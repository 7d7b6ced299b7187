"""MindSpore names that have no meaning on deepsink's backends, present so that they fail clearly.

Some of MindSpore 2.10's public names exist only for Ascend hardware (its float-status registers,
its fused kernels, the THOR second-order optimizer's Ascend cells), for MindSpore's own graph and
IR formats (MindIR files, graph rewriting, custom compiler passes), or for its parallel modes that
deepsink does not build. A MindSpore program that touches one should stop at that line with a
``NotImplementedError`` saying why, not with ``AttributeError`` as if the name were a typo, and
not with a stand-in that silently does something else.

``unsupported(module, name, why)`` makes such a name: a class whose construction raises, or a
function whose call raises. Every one is recorded in ``REGISTRY`` so that docs/limitations.md's list of
them (``scripts/gen_unsupported.py`` writes it) and the tests see exactly the names that exist.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Unsupported(NamedTuple):
    module: str  # MindSpore's module path, e.g. "mindspore.nn"
    name: str
    why: str


REGISTRY: dict[str, Unsupported] = {}


def _message(module: str, name: str, why: str) -> str:
    return f"{module}.{name} is not supported by deepsink: {why}"


def unsupported(module: str, name: str, why: str, *, kind: str = "class") -> Any:
    """A MindSpore name that raises ``NotImplementedError(why)`` when built or called.

    ``kind`` is ``"class"`` (raises on construction, so ``isinstance`` checks and subclassing
    still import) or ``"function"`` (raises on call).
    """
    if kind not in ("class", "function"):
        raise ValueError(f"unsupported: 'kind' must be 'class' or 'function', got {kind!r}")
    entry = Unsupported(module, name, why)
    REGISTRY[f"{module}.{name}"] = entry
    message = _message(module, name, why)

    if kind == "function":

        def refuse(*args: Any, **kwargs: Any) -> Any:
            raise NotImplementedError(message)

        refuse.__name__ = refuse.__qualname__ = name
        refuse.__doc__ = f"Not supported by deepsink: {why}"
        refuse.__deepsink_unsupported__ = entry
        return refuse

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError(message)

    return type(
        name,
        (),
        {
            "__init__": __init__,
            "__doc__": f"Not supported by deepsink: {why}",
            "__module__": module.replace("mindspore", "deepsink", 1),
            "__deepsink_unsupported__": entry,
        },
    )
