"""The lowering a hand-tuned kernel family (``conv``, ``pool``) is forced to (``None``: chosen per
backend and shape; a name: that lowering for every later trace, for benchmarks and tests), and the
backend the automatic choice looks at."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager


def platform() -> str:
    from deepsink import context

    return context.device().platform


class Forced:
    """One family's forced lowering: one of ``names`` or None; the variable ``env`` sets it."""

    def __init__(self, names: tuple[str, ...], env: str) -> None:
        self.names, self.name = names, None
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
        """Trace the ``with`` block with ``name`` forced, then restore the one before."""
        saved = self.name
        self.set(name)
        try:
            yield
        finally:
            self.set(saved)
