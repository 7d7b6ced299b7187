"""mindspore.common and mindspore.context export the names MindSpore 2.10 lists in their
``__all__``, as the very objects the top level exports (one implementation)."""

import deepsink as ms
import deepsink.common as common
import deepsink.context as context

COMMON = (
    "DeviceCtx Generator JitConfig Symbol UntypedStorage default_generator enable_dynamic "
    "flops_collection from_numpy get_rng_state initial_seed is_tensor jit_class lazy_inline "
    "load_mindir manual_seed mindio_preload ms_memory_recycle no_inline "
    "register_saved_tensors_hooks save_mindir saved_tensors_hooks seed set_dump "
    "set_mindio_server_info set_recursion_limit set_rng_state swap_tensors"
).split()
CONTEXT = ["STRICT", "COMPATIBLE", "LAX", "set_ps_context", "get_ps_context"]


def test_common_exports_the_top_level_objects():
    for name in COMMON:
        assert getattr(common, name) is getattr(ms, name), name
        assert name in common.__all__, name


def test_context_exports_syntax_levels_and_ps_context():
    assert (context.STRICT, context.COMPATIBLE, context.LAX) == (0, 1, 2)  # 2.10's values
    for name in CONTEXT:
        assert getattr(context, name) is getattr(ms, name), name
        assert name in context.__all__, name
    assert context.get_ps_context("enable_ps") is False


def test_common_seed_functions_work_through_common():
    common.manual_seed(7)
    assert common.initial_seed() == 7
    state = common.get_rng_state()
    a = ms.mint.rand(3)  # mint's draws come from the default generator
    common.set_rng_state(state)
    assert (ms.mint.rand(3).asnumpy() == a.asnumpy()).all()
    assert common.is_tensor(common.from_numpy(__import__("numpy").ones(2)))


def test_importing_a_loaded_module_under_the_alias_keeps_the_function_it_shadows():
    # MindSpore binds the function ``seed`` over its module ``mindspore.common.seed``; importing
    # that module again by its ``mindspore`` name (as its own test files do) must not rebind it
    import importlib
    import sys

    from deepsink._core.alias_site import sitecustomize

    had = {n for n in sys.modules if n == "mindspore" or n.startswith("mindspore.")}
    finders = list(sys.meta_path)
    sitecustomize.install()
    try:
        importlib.import_module("mindspore.common.seed")
        importlib.import_module("mindspore.common")
        assert common.seed is ms.seed
        assert sys.modules["mindspore.common.seed"] is sys.modules["deepsink.common.seed"]
    finally:
        sys.meta_path[:] = finders
        for name in [n for n in sys.modules if n.startswith("mindspore")]:
            if (name == "mindspore" or name.startswith("mindspore.")) and name not in had:
                del sys.modules[name]
