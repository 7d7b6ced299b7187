"""``save_graphs``: the intermediate code of each compile stage, written as files.

Every program deepsink compiles (a GRAPH_MODE Cell call, ``deepsink.jit``, a TrainOneStepCell step,
a sink loop, an eval step) is built by ``graphs.jit``, the one wrapper over ``jax.jit``, which also
gives CPU programs deepsink's XLA options (:func:`compiler_options`). With ``save_graphs`` off it is
``jax.jit`` (nothing is traced or written per call; the options add one check of the current trace
per call). With it on,
each new input signature is traced, lowered and compiled once, explicitly, and the stages that exist
on XLA are written into ``save_graphs_path`` before the compiled program runs:

==========================================  =====================================================
``00_jaxpr_<net>_<n>.ir``                   the traced program (JAX's jaxpr), MindSpore's parse /
                                            type-inference stage
``00_jaxpr_<net>_<n>.dot``                  the same program as a Graphviz graph (level >= 1)
``01_stablehlo_<net>_<n>.ir``               the lowered StableHLO module handed to XLA
``02_optimized_hlo_<net>_<n>.ir``           the HLO after XLA's optimization passes (what runs)
``xla_<net>_<n>/``                          level >= 2: XLA's own dumps: HLO before/after
                                            optimization as text and ``.dot``, buffer assignment
                                            (level 3 adds the HLO after every XLA pass)
==========================================  =====================================================

``<n>`` numbers the programs of the process (all stage files of one program share it), as
MindSpore's trailing counter does. Levels follow MindSpore 2.x: ``True`` means 2, ``False`` 0.
The compiled program is the one that runs, so nothing is compiled twice.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import re
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import jax
import jaxlib
from jax.extend import core as jcore

from deepsink import context
from deepsink._core import functional

_counter = itertools.count()

# XLA options of every CPU program deepsink compiles. XLA:CPU (jaxlib 0.10) hands dots, reductions
# and convolutions to YNNPACK by default; for the small matmuls of LeNet-sized layers (a few
# thousand rows, 6-150 columns, or a long contraction) and for the pooling reduce-windows its
# kernels are 2-5x slower than XLA's own (Eigen and the loop emitters), and Eigen's canonical
# convolution runs ResNet's 3x3 layers about 2x faster without it. Turning it off cut the seed
# LeNet sink from 3.08 to 2.66 ms/step (bench/bench_sink_lowerings.py auto xla=jax, interleaved),
# and a ResNet-18/CIFAR step from 1043 ms (with it, best lowerings) to 935 (without it, Eigen
# convolutions; bench/resnet_lowerings.py), on a 2-vCPU Xeon. The option is experimental: an XLA
# that does not know it rejects every compile, and checking would need a compile (initializing the
# backend, which jax.distributed forbids before init). So it is applied for the jaxlib releases it
# was measured on.
_CPU_OPTIONS = {"xla_cpu_experimental_ynn_fusion_type": ""}
_MEASURED_ON = ((0, 10), (0, 11))  # jaxlib versions [from, to)


@functools.cache
def _measured_jaxlib() -> bool:
    version = tuple(int(p) for p in jaxlib.__version__.split(".")[:2])
    return _MEASURED_ON[0] <= version < _MEASURED_ON[1]


def compiler_options() -> dict[str, Any]:
    """The XLA options of a program for the context's device: :data:`_CPU_OPTIONS` on a CPU
    with a jaxlib release they were measured on, none otherwise."""
    if _measured_jaxlib() and context.device().platform == "cpu":
        return dict(_CPU_OPTIONS)
    return {}


def jit(
    fun: Callable,
    name: str,
    *,
    static_argnums: Sequence[int] | int = (),
    donate_argnums: Sequence[int] | int = (),
) -> Callable:
    """``jax.jit(fun, ...)`` with :func:`compiler_options`; with ``save_graphs`` on, a wrapper that
    writes each compile's stages.

    Callers put ``save_graphs`` in their compile cache key (it is a ``compiles`` context option),
    so a program built while it was off never pays for it.
    """
    fun = _staged(fun)
    jitted = jax.jit(fun, static_argnums=static_argnums, donate_argnums=donate_argnums)
    if context.get_context("save_graphs"):
        static = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)
        return _Dumping(jitted, name, static)
    options = compiler_options()
    if not options:
        return jitted
    tuned = jax.jit(
        fun, static_argnums=static_argnums, donate_argnums=donate_argnums, compiler_options=options
    )
    return _TopLevel(tuned, jitted)


def composite(*, static_argnames: Sequence[str] = ()) -> Callable[[Callable], Callable]:
    """Decorator: an op's composite computation (many primitives: a scan, gathers, a reduction)
    run as one compiled program when called op by op (PyNative), instead of one XLA program per
    primitive met on a new shape. The program is cached per input shapes and dtypes and per value
    of ``static_argnames`` (Python values the computation branches on, given by keyword), so a
    later call of the same signature compiles nothing; called inside another trace (``jit``, a
    GRAPH_MODE Cell, a gradient) it is inlined into the outer program. The op checks its arguments
    before calling it, so bad input raises MindSpore's error without compiling."""

    def wrap(fun: Callable) -> Callable:
        plain = jax.jit(fun, static_argnames=tuple(static_argnames))

        @functools.cache
        def tuned(options: tuple) -> Callable:
            return jax.jit(
                fun, static_argnames=tuple(static_argnames), compiler_options=dict(options)
            )

        @functools.wraps(fun)
        def call(*args: Any, **kwargs: Any) -> Any:
            options = compiler_options() if _top_level() else None
            if options:
                return tuned(tuple(sorted(options.items())))(*args, **kwargs)
            return plain(*args, **kwargs)

        return call

    return wrap


def _staged(fun: Callable) -> Callable:
    """``fun`` marking its trace as a compile (``functional.compiling``)."""

    @functools.wraps(fun)
    def staged(*args: Any, **kwargs: Any) -> Any:
        with functional.compile_trace():
            return fun(*args, **kwargs)

    return staged


# The trace JAX runs Python under when no transformation is active (read here, at import).
_EVAL_TRACE = type(jcore.find_top_trace(()))


def _top_level() -> bool:
    """True when no JAX transformation (jit, grad, vmap) is tracing the caller."""
    return type(jcore.find_top_trace(())) is _EVAL_TRACE


class _TopLevel:
    """``tuned`` (compiled with :func:`compiler_options`) when called as a program of its own;
    ``plain`` inside another trace, where JAX allows no compile options (the outer program's
    apply) and the call is inlined anyway. Everything else (``lower``, ``trace``) is ``tuned``'s."""

    def __init__(self, tuned: Any, plain: Any) -> None:
        self._tuned, self._plain = tuned, plain

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return (self._tuned if _top_level() else self._plain)(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._tuned, name)


class _Dumping:
    """Compile explicitly per signature, write the stages, run the compiled program."""

    def __init__(self, jitted: Any, name: str, static: tuple[int, ...]) -> None:
        self._jitted = jitted
        self._name = _safe(name)
        self._static = static
        self._compiled: dict[Any, Any] = {}

    def _signature(self, args: tuple) -> Any:
        dyn = [a for i, a in enumerate(args) if i not in self._static]
        leaves, tree = jax.tree_util.tree_flatten(dyn)
        # a program is compiled for its arguments' shardings too (a split network's state comes
        # back split after its first step)
        avals = tuple(
            (
                getattr(x, "shape", ()),
                str(getattr(x, "dtype", type(x))),
                getattr(x, "weak_type", 0),
                x.sharding
                if isinstance(x, jax.Array) and not isinstance(x, jax.core.Tracer)
                else None,
            )
            for x in leaves
        )
        return tree, avals, tuple(args[i] for i in self._static)

    def __call__(self, *args: Any) -> Any:
        compiled = self.precompile(*args)
        return compiled(*[a for i, a in enumerate(args) if i not in self._static])

    def precompile(self, *args: Any) -> Any:
        """The compiled program for these arguments, compiled (and its stages written) once."""
        key = self._signature(args)
        compiled = self._compiled.get(key)
        if compiled is None:
            compiled = self._compiled[key] = self._compile(args)
        return compiled

    def _compile(self, args: tuple) -> Any:
        level = int(context.get_context("save_graphs"))
        path = _graphs_folder(context.get_context("save_graphs_path"))
        if path is None:  # MindSpore trains on when it cannot write the graphs
            return self._jitted.trace(*args).lower().compile(compiler_options=compiler_options())
        n = next(_counter)
        stem = f"{self._name}_{n:04d}"
        traced = self._jitted.trace(*args)
        _write(path, f"00_jaxpr_{stem}.ir", str(traced.jaxpr))
        _write(path, f"00_jaxpr_{stem}.dot", jaxpr_to_dot(traced.jaxpr, self._name))
        lowered = traced.lower()
        _write(path, f"01_stablehlo_{stem}.ir", lowered.as_text())
        options = dict(compiler_options())
        if level >= 2:
            options |= {
                "xla_dump_to": os.path.join(path, f"xla_{stem}"),
                "xla_dump_hlo_as_text": True,
                "xla_dump_hlo_as_dot": True,
            }
            if level >= 3:
                options["xla_dump_hlo_pass_re"] = ".*"
        if level >= 2:
            with _persistent_cache_off():  # XLA dumps only what it compiles
                compiled = lowered.compile(compiler_options=options)
        else:
            compiled = lowered.compile(compiler_options=options)
        _write(path, f"02_optimized_hlo_{stem}.ir", compiled.as_text())
        return compiled


@contextlib.contextmanager
def _persistent_cache_off() -> Iterator[None]:
    """Compile past JAX's persistent compilation cache (``jax_compilation_cache_dir``): its key
    leaves XLA's dump options out, so a program already in the cache would load from it and XLA
    would write none of the dumps ``save_graphs`` level 2 asks for. JAX takes its decision whether
    the cache is used once per process; it is set to "not used" for the compile and restored."""
    from jax._src import compilation_cache as cache

    decision = cache._cache_checked, cache._cache_used
    cache._cache_checked, cache._cache_used = True, False
    try:
        yield
    finally:
        cache._cache_checked, cache._cache_used = decision


_unwritable_warned: set[str] = set()


def _graphs_folder(path: str) -> str | None:
    """``path``, created if missing; None (warned once per path) when it cannot be a folder, e.g.
    an existing file: MindSpore logs its failed writes and trains on, so does deepsink."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        if path not in _unwritable_warned:
            _unwritable_warned.add(path)
            what = "an existing file" if os.path.isfile(path) else f"not writable ({e.strerror})"
            warnings.warn(
                f"For 'set_context', 'save_graphs_path' {path!r} is {what}, not a folder that "
                "can hold the graph files: no graph is saved and the program runs on; set "
                "'save_graphs_path' to a folder",
                stacklevel=4,
            )
        return None
    return path


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name) or "program"


def _write(path: str, name: str, text: str) -> None:
    with open(os.path.join(path, name), "w", encoding="utf-8") as f:
        f.write(text)


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def jaxpr_to_dot(closed: Any, name: str) -> str:
    """A Graphviz ``digraph`` of a (closed) jaxpr: inputs (``in 0: float32[2,4]``), one node per
    equation (``dot_general -> float32[2,2]``: the op and its output shapes), outputs (``out 0:
    ...``); the bodies of nested programs (``scan``, ``cond``, ``pjit``, ``custom_vjp``) become
    clusters."""
    lines = [f"digraph {_quote(name)} {{", "  rankdir=TB;", "  node [fontsize=10];"]
    ids = itertools.count()

    def emit(jaxpr: Any, indent: str, prefix: str) -> tuple[list[str], list[str]]:
        """Nodes and edges of ``jaxpr``; returns the node ids of its inputs and outputs."""
        where: dict[Any, str] = {}
        ins = []
        inputs = [("const", i, v) for i, v in enumerate(jaxpr.constvars)]
        inputs += [("in", i, v) for i, v in enumerate(jaxpr.invars)]
        for kind, i, v in inputs:  # labelled by position and shape, once (no variable ids)
            node = f"n{next(ids)}"
            where[v] = node
            ins.append(node)
            lines.append(
                f"{indent}{node} [shape=ellipse, label={_quote(f'{prefix}{kind} {i}: {v.aval.str_short()}')}];"
            )
        for eqn in jaxpr.eqns:
            node = f"n{next(ids)}"
            outs = ", ".join(v.aval.str_short() for v in eqn.outvars)
            lines.append(
                f"{indent}{node} [shape=box, label={_quote(f'{eqn.primitive.name} -> {outs}')}];"
            )
            for v in eqn.invars:
                src = where.get(v) if not isinstance(v, jcore.Literal) else None
                if src is not None:
                    lines.append(f"{indent}{src} -> {node};")
            for sub in _subjaxprs(eqn):
                cluster = f"cluster_{next(ids)}"
                lines.append(f"{indent}subgraph {cluster} {{")
                lines.append(f"{indent}  label={_quote(eqn.primitive.name)}; style=dashed;")
                sub_ins, _ = emit(sub, indent + "  ", "")
                lines.append(f"{indent}}}")
                if sub_ins:
                    lines.append(f"{indent}{node} -> {sub_ins[0]} [style=dotted];")
            for v in eqn.outvars:
                where[v] = node
        outs = []
        for i, v in enumerate(jaxpr.outvars):
            node = f"n{next(ids)}"
            outs.append(node)
            lines.append(
                f"{indent}{node} [shape=ellipse, style=filled, label={_quote(f'out {i}: {v.aval.str_short()}')}];"
            )
            src = where.get(v) if not isinstance(v, jcore.Literal) else None
            if src is not None:
                lines.append(f"{indent}{src} -> {node};")
        return ins, outs

    emit(getattr(closed, "jaxpr", closed), "  ", "")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _subjaxprs(eqn: Any) -> list:
    found = []
    for p in eqn.params.values():
        for x in p if isinstance(p, tuple | list) else (p,):
            inner = getattr(x, "jaxpr", None)
            if isinstance(x, jcore.Jaxpr):
                found.append(x)
            elif isinstance(inner, jcore.Jaxpr):
                found.append(inner)
    return found
