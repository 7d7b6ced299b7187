"""The lowering a hand-tuned kernel family (``conv``, ``pool``) is forced to, and the backend the
automatic choice looks at.

Each family holds one :class:`Forced`: ``None`` lets the family choose per backend (and shape);
a name forces that lowering for every later trace, for benchmarks and tests (compiled functions
already cached keep theirs). An environment variable sets it at import.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager


def platform() -> str:
    """The platform of the current device (``"cpu"``, ``"gpu"``, ...)."""
    from deepsink import context

    return context.device().platform


class Forced:
    """The forced lowering of one family: one of ``names`` (``"auto"``: none), or None."""

    def __init__(self, names: tuple[str, ...], env: str) -> None:
        self.names = names
        self.name: str | None = None
        if os.environ.get(env):
            self.set(os.environ[env])

    def set(self, name: str | None) -> None:
        """Force ``name`` for every later trace (``None`` or ``"auto"``: choose per backend)."""
        if name not in (None, *self.names):
            raise ValueError(
                f"For 'set_lowering', 'name' must be one of {list(self.names)}, but got {name!r}"
            )
        self.name = None if name == "auto" else name

    @contextmanager
    def scope(self, name: str | None) -> Iterator[None]:
        """Trace the ``with`` block with ``name`` forced, then restore the lowering forced
        before, also when the block raises."""
        saved = self.name
        self.set(name)
        try:
            yield
        finally:
            self.set(saved)
