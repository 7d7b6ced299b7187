"""What MindSpore 2.10's graph compiler does where the two paths of an ``if`` on a Tensor
condition leave different kinds of values in one variable (or one returns and the other does
not), and with a loop's ``else``: its type join accepts one abstract type and dtype per value
and raises ``TypeError`` ("Cannot join the return values of different branches...") for the
rest, except None against a value, which the compiled call gives back as None or the value
(and ``is None`` tests); a loop's Tensor variable joins what the body leaves in it the same
way; its parser refuses ``for``/``while ... else`` with a ``RuntimeError``.
``scripts/record_graph_compile_fixtures.py`` records the outcomes under 2.10 and
``tests/_core/test_graph_joins.py`` replays them on deepsink."""

from __future__ import annotations

try:
    from tests.support.graph_rebind_cases import describe
except ImportError:  # the recorder puts tests/support itself on the path
    from graph_rebind_cases import describe


def outcome(fn, *args) -> object:
    try:
        out = fn(*args)
    except Exception as e:  # noqa: BLE001 - the outcome is the exception's type and its lines
        # up to where 2.10 adds its call stack or names the file
        lines = str(e).split("\n\n")[0].split("\n")
        return {"error": type(e).__name__, "lines": [ln.split(" In file ")[0] for ln in lines[:2]]}
    return None if out is None else describe(out)


def graph_joins(ms) -> dict:
    Tensor = ms.Tensor
    ms.set_context(mode=ms.GRAPH_MODE)
    cases = {}

    # --- one path returns, the other falls through or returns something else ---------------
    @ms.jit
    def return_tensor_or_tuple(x):
        if x > 1:
            return x
        return (x, x)

    @ms.jit
    def return_tensor_or_float(x):
        if x > 1:
            return x
        return 1.0

    @ms.jit
    def return_tensor_or_int(x):
        if x > 1:
            return x
        return 2

    @ms.jit
    def return_or_fall_through(x):
        if x > 1:
            return x
        y = x + 1  # noqa: F841

    # --- a variable the two paths leave as different kinds ----------------------------------
    @ms.jit
    def tensor_or_tuple(x):
        if x > 1:
            y = x
        else:
            y = (x, x)
        return y

    @ms.jit
    def list_or_tuple(x):
        if x > 1:
            y = [x, x]
        else:
            y = (x, x)
        return y

    @ms.jit
    def int_or_float(x):
        if x > 1:
            y = 1
        else:
            y = 2.5
        return y

    @ms.jit
    def bool_or_int(x):
        if x > 1:
            y = True
        else:
            y = 2
        return y

    @ms.jit
    def float16_or_float32(x):
        if x > 1:
            y = x.astype(ms.float16)
        else:
            y = x.astype(ms.float32)
        return y

    @ms.jit
    def float32_or_int64(x):
        if x > 1:
            y = Tensor([1.0, 2.0])
        else:
            y = Tensor([1, 2])
        return y

    @ms.jit
    def tensors_in_tuples_differ(x):
        if x > 1:
            y = (x, x.astype(ms.float32))
        else:
            y = (x, x)
        return y

    @ms.jit
    def same_kinds(x):
        if x > 1:
            y, n = x * 2, 1
        else:
            y, n = x - 1, 2
        return y, n

    # --- None on one path, a value on the other: the call gives None or the value ------------
    @ms.jit
    def return_or_return_none(x):
        if x > 1:
            return x
        return None

    @ms.jit
    def return_none_in_branch(x):
        if x > 1:
            return None
        return x

    @ms.jit
    def tensor_or_none(x):
        if x > 1:
            y = x
        else:
            y = None
        return y

    @ms.jit
    def none_or_tensor(x):
        y = None
        if x > 1:
            y = x * 2
        return y

    @ms.jit
    def none_join_in_tuple(x):
        if x > 1:
            y = x
        else:
            y = None
        return x, y

    @ms.jit
    def none_join_is_none(x):
        if x > 1:
            y = x
        else:
            y = None
        if y is None:
            return x - 1
        return y

    @ms.jit
    def none_or_int(x):
        if x > 1:
            y = 3
        else:
            y = None
        return y

    @ms.jit
    def none_in_unrolled_loop(x):
        y = None
        for i in range(3):
            if x > i:
                y = x
        return y

    @ms.jit
    def none_in_while(x):
        y = None
        while x < 3:
            if x > 1:
                y = x
            x = x + 1
        return y

    @ms.jit
    def return_in_while_or_none(x):
        while x < 5:
            if x > 3:
                return x
            x = x + 2
        return None

    @ms.jit
    def none_join_is_not_none(x):
        y = None
        if x > 1:
            y = x
        if y is not None:
            return y * 2
        return x

    @ms.jit
    def return_or_none_from_nested_function(x):
        def f(v):
            if v > 1:
                return v
            return None

        return f(x)

    # --- a loop's Tensor variable whose dtype the body changes ------------------------------
    @ms.jit
    def while_dtype_changes(x):
        y = Tensor(1, ms.int32)
        while x < 3:
            y = y * 1.5
            x = x + 1
        return y

    @ms.jit
    def while_dtype_cast(x):
        y = x
        while x < 3:
            y = y.astype(ms.float32)
            x = x + 1
        return y

    @ms.jit
    def unrolled_for_dtype_changes(x):
        y = x
        for _ in range(3):
            y = y / 2
        return y

    # --- a loop's else ----------------------------------------------------------------------
    @ms.jit
    def for_else(x):
        for i in range(3):
            x = x + i
        else:
            x = x * 2
        return x

    @ms.jit
    def while_else(x):
        while x < 3:
            x = x + 1
        else:
            x = x * 2
        return x

    @ms.jit
    def for_else_with_break(x):
        for i in range(3):
            if i > 1:
                break
            x = x + i
        else:
            x = x * 2
        return x

    for fn in (
        return_tensor_or_tuple,
        return_tensor_or_float,
        return_tensor_or_int,
        return_or_fall_through,
        tensor_or_tuple,
        list_or_tuple,
        int_or_float,
        bool_or_int,
        float16_or_float32,
        float32_or_int64,
        tensors_in_tuples_differ,
        same_kinds,
        return_or_return_none,
        return_none_in_branch,
        tensor_or_none,
        none_or_tensor,
        none_join_in_tuple,
        none_join_is_none,
        none_or_int,
        none_in_unrolled_loop,
        none_in_while,
        return_in_while_or_none,
        none_join_is_not_none,
        return_or_none_from_nested_function,
        while_dtype_changes,
        while_dtype_cast,
        unrolled_for_dtype_changes,
        for_else,
        while_else,
        for_else_with_break,
    ):
        for arg in (0, 3):
            cases[f"{fn.__name__}_{arg}"] = outcome(fn, Tensor(arg))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return cases
