"""What MindSpore 2.10's graph parser decides before anything runs, and what a compiled function
returns: a local variable assigned on some paths only (an ``if`` on any condition, a loop body)
and read after the statement is an ``UnboundLocalError``; a function, Primitive or Cell in the
output is a ``RuntimeError``; a Python number carried by a Tensor loop or joined from a Tensor
``if`` comes back as a Python number; a local holding a Parameter joins a Tensor as its value.
``scripts/record_graph_rebind_fixtures.py`` records the results under 2.10 and
``tests/_core/test_graph_parse.py`` replays them on deepsink."""

from __future__ import annotations

try:
    from tests.support.graph_rebind_cases import describe
except ImportError:  # the recorder puts tests/support itself on the path
    from graph_rebind_cases import describe

GLOBAL_Y = 5


def _outcome(fn, *args) -> object:
    try:
        return _describe(fn(*args))
    except Exception as e:  # noqa: BLE001 - the outcome is the exception's type and first line
        # the first line, up to where 2.10 names the file
        return {"error": type(e).__name__, "head": str(e).split("\n")[0].split(" In file ")[0]}


def _describe(v) -> object:
    if isinstance(v, list | tuple):
        return [_describe(x) for x in v]
    if isinstance(v, type):
        return {"type": v.__name__}
    return describe(v)


def _helper(v):
    return v


def _primexpr_case(ms, x):
    """2.10's private ``_primexpr`` (``constexpr`` that compiles on variables) on constants."""

    @ms.ops.primitive._primexpr
    def scaled(a, b):
        return int(a * b)

    @ms.jit
    def primexpr_on_constants(x):
        return x * scaled(0.9, 20), scaled(2, 3)

    return primexpr_on_constants(x)


def graph_parse(ms) -> dict:
    nn, ops, Tensor = ms.nn, ms.ops, ms.Tensor
    ms.set_context(mode=ms.GRAPH_MODE)
    x = Tensor([1.0], ms.float32)
    cases = {}

    # --- a local variable defined on some paths only ---------------------------------------
    @ms.jit
    def if_constant_true(x):
        if True:  # noqa: SIM108 - the parser joins even a constant condition's paths
            y = 1
        return x + y

    @ms.jit
    def if_tensor_false_branch(x):
        if x < 0:
            y = x
        return y

    @ms.jit
    def if_tensor_true_branch(x):
        if x < 0:
            z = x
        else:
            y = x
        return y, z

    @ms.jit
    def for_over_range(x):
        for i in range(3):
            y = x + i
        return y

    @ms.jit
    def for_target_after_loop(x):
        for i in range(3):  # noqa: B007 - read after the loop, which 2.10 refuses
            x = x + 1
        return x, i

    @ms.jit
    def while_on_python_int(x):
        i = 0
        while i < 3:
            y = x * i
            i += 1
        return y

    @ms.jit
    def if_inside_for(x):
        for _ in range(2):
            if x < 0:
                y = x
        return y

    @ms.jit
    def for_inside_if(x):
        if x > 0:
            for i in range(2):
                y = x + i
        else:
            y = x
        return y

    @ms.jit
    def read_in_lambda(x):
        if x > 0:
            y = 1
        f = lambda: y  # noqa: E731, F841
        return x

    @ms.jit
    def defined_in_both_branches(x):
        if x > 0:
            y = x + 1
        else:
            y = x - 1
        return y

    @ms.jit
    def branch_returns(x):
        if x > 5:
            return x
        y = x * 2
        return y

    @ms.jit
    def reassigned_after(x):
        if x > 0:
            y = 1
        y = 3
        return x + y

    @ms.jit
    def never_read(x):
        if x > 0:
            y = 1  # noqa: F841
        for i in range(2):  # noqa: B007
            z = i  # noqa: F841
        return x

    @ms.jit
    def global_of_that_name(x):
        if x > 0:
            GLOBAL_Y = 1  # noqa: N806
        return GLOBAL_Y

    class NestedFunction(nn.Cell):
        def construct(self, x):
            def func(v):
                while v < 0:
                    y = 0
                return y

            return func(x)

    # --- a function in the output ----------------------------------------------------------
    @ms.jit
    def returns_function(x):
        return _helper

    @ms.jit
    def returns_primitive(x):
        return ops.Add()

    @ms.jit
    def returns_tensor_method(x):
        return x, x.abs

    @ms.jit
    def returns_lambda(x):
        return [x, lambda: 1]

    @ms.jit
    def returns_type(x):
        return x, int

    # --- Python numbers through Tensor control flow ----------------------------------------
    @ms.jit
    def counter_in_while(x):
        n = 0
        while x < 3:
            x = x + 1
            n += 1
        return x, n

    @ms.jit
    def counter_in_unrolled_for_if(x):
        n = 0
        for _ in range(3):
            if x < 3:
                x = x + 1
                n += 1
        return x, n

    @ms.jit
    def counter_then_arithmetic(x):
        n = 0
        while x < 3:
            x = x + 1
            n += 1
        return n + 1, n * 2.0, n / 2, n > 1, n

    @ms.jit
    def float_counter(x):
        n = 0.5
        while x < 3:
            x = x + 1
            n += 1
        return n

    @ms.jit
    def int_joined_from_if(x):
        n = 0
        if x > 0:
            n = 1
        return n

    @ms.jit
    def bool_joined_from_if(x):
        b = False
        if x > 0:
            b = True
        return b

    @ms.jit
    def number_with_tensor(x):
        n = 0
        if x > 0:
            n = 2
        return x * n

    @ms.jit
    def mutable_number_input(n):
        return n * 2, n / 2, n

    @ms.jit
    def mutable_number_in_loop(x, n):
        for _ in range(3):
            n = n + 1
        return x, n

    class ParameterLocal(nn.Cell):
        """A local holding a Parameter, rebound to a Tensor in a Tensor 'if' or 'while'."""

        def __init__(self):
            super().__init__()
            self.update = ms.Parameter(Tensor(1, ms.float32), "update")

        def construct(self, x, y):
            i = self.update
            if x < y:
                i = i + 1
            j = self.update
            while x < y:
                j = j * 2
                x = x + 1
            return i, j, self.update

    class Identity(nn.Cell):
        def construct(self, v):
            return v

    cyclic = [1, 2]
    cyclic.append(cyclic)
    cases["cyclic_list_argument"] = _outcome(Identity(), cyclic)
    looped = {"a": 1}
    looped["b"] = looped
    cases["cyclic_dict_argument"] = _outcome(Identity(), looped)

    cases["primexpr_on_constants"] = _outcome(_primexpr_case, ms, x)

    class CallsGetParameters(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(Tensor([1.0], ms.float32), "w")

        def construct(self, v):
            return v, self.get_parameters()

    class SetsData(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(Tensor([1.0], ms.float32), "w")

        def construct(self, v):
            self.w.set_data(v)
            return v

    @ms.jit
    def calls_initializer(v):
        return v + ms.common.initializer.initializer("ones", [1], ms.float32)

    @ms.jit
    def makes_initializer_class(v):
        return v, ms.common.initializer.One()

    @ms.jit
    def calls_get_context(v):
        return v, ms.context.get_context("mode")

    @ms.jit
    def calls_assign_value(v, w):
        return v.assign_value(w)

    cases["forbidden_cell_get_parameters"] = _outcome(CallsGetParameters(), x)
    cases["forbidden_parameter_set_data"] = _outcome(SetsData(), x)
    cases["forbidden_initializer"] = _outcome(calls_initializer, x)
    cases["forbidden_initializer_class"] = _outcome(makes_initializer_class, x)
    cases["forbidden_get_context"] = _outcome(calls_get_context, x)
    cases["forbidden_assign_value"] = _outcome(calls_assign_value, x, Tensor([2.0], ms.float32))
    three = Tensor(3, ms.float32)
    cases["parameter_local_taken"] = _outcome(ParameterLocal(), Tensor(0, ms.float32), three)
    cases["parameter_local_not_taken"] = _outcome(ParameterLocal(), Tensor(5, ms.float32), three)
    cases["mutable_number_input"] = _outcome(mutable_number_input, ms.mutable(3))
    cases["mutable_float_input"] = _outcome(mutable_number_input, ms.mutable(1.5))
    cases["mutable_number_in_loop"] = _outcome(mutable_number_in_loop, x, ms.mutable(2))
    skip = {
        "mutable_number_input",
        "mutable_number_in_loop",
        "ParameterLocal",
        "three",
        "Identity",
        "cyclic",
        "looped",
        "CallsGetParameters",
        "SetsData",
        "calls_initializer",
        "makes_initializer_class",
        "calls_get_context",
        "calls_assign_value",
    }
    for name, fn in sorted(locals().items()):
        if name in skip:
            continue
        if name in ("nn", "ops", "Tensor", "x", "cases", "ms", "skip", "NestedFunction"):
            continue
        cases[name] = _outcome(fn, x)
    cases["NestedFunction"] = _outcome(NestedFunction(), x)
    return cases
