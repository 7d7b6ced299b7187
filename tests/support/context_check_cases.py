"""``set_context``'s argument type check (``args_type_check``, its unchecked ``__wrapped__``),
``deterministic``'s environment variables, ``context.get_jit_config`` and the context object
(``K_CONTEXT``, ``_context()``), as MindSpore's own context test file uses them:
``scripts/record_test_helper_behaviour.py`` records MindSpore 2.10's outcomes and
``tests/test_context_checks.py`` replays them on deepsink. ``ms`` is ``mindspore`` or
``deepsink``."""

from __future__ import annotations

import os

from graph_parity_cases import MESSAGES


def cases(ms) -> dict:
    context = ms.context
    out: dict = {}
    for name, value in (
        ("max_device_memory", True),
        ("max_device_memory", 1),
        ("variable_memory_max_size", True),
        ("variable_memory_max_size", 1),
        ("deterministic", 1),
        ("jit_config", "O1"),
        ("device_id", "0"),
    ):
        out[f"type_{name}_{type(value).__name__}"] = lambda n=name, v=value: context.set_context(
            **{n: v}
        )
    out["wrapped_is_unchecked"] = lambda: context.set_context.__wrapped__ is not None
    out["deterministic_bad"] = lambda: context.set_context(deterministic="NOTRIGHT")

    def deterministic(value):
        def run():
            context.set_context(deterministic=value)
            return [os.getenv("HCCL_DETERMINISTIC"), os.getenv("TE_PARALLEL_COMPILER")]

        return run

    out["deterministic_on"] = deterministic("ON")
    out["deterministic_off"] = deterministic("OFF")

    def jit(level):
        def run():
            context.set_context(jit_config={"jit_level": level})
            return dict(context.get_jit_config())

        return run

    out["jit_config_o1"] = jit("O1")
    out["jit_config_o0"] = jit("O0")
    out["jit_config_empty_level"] = jit("")
    out["jit_config_bad_key"] = lambda: context.set_context(jit_config={"level": "O1"})

    def graphs_path():
        import shutil
        import tempfile

        top = tempfile.mkdtemp()
        try:
            context.set_context(save_graphs_path=os.path.join(top, "a", "..", "ir"))
            got = context.get_context("save_graphs_path")
            return [got == os.path.realpath(os.path.join(top, "ir")), os.path.isdir(got)]
        finally:
            shutil.rmtree(top)

    out["save_graphs_path_made_real"] = graphs_path
    out["save_graphs_path_empty"] = lambda: context.set_context(save_graphs_path="")
    out["context_object"] = lambda: [
        context.K_CONTEXT is not None,
        context._context() is context._context(),
        context._context().get_mode() == context.get_context("mode"),
    ]
    return out


def outcomes(ms) -> dict:
    res = {}
    for name, fn in cases(ms).items():
        try:
            got = fn()
            res[name] = {"python": None if got is None else got}
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            res[name] = {"error": type(e).__name__, "message": str(e).splitlines()[0][:MESSAGES]}
    ms.context.set_context(deterministic="OFF", jit_config={"jit_level": "O0"})
    ms.context.set_context(save_graphs_path=".")
    return res
