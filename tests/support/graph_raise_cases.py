"""What MindSpore 2.10's graph ``raise`` raises: the exception types its compiler supports
(another is its ``RuntimeError`` "Unsupported exception type: ..."), and the message it writes
from the arguments (floats in C++'s default notation, a sequence of one element as the element,
several arguments as a tuple; None among them, which it has no text for, is its RuntimeError).
``scripts/record_graph_compile_fixtures.py`` records the outcomes under 2.10 and
``tests/_core/test_graph_raise.py`` replays them on deepsink."""

from __future__ import annotations

try:
    from tests.support.graph_join_cases import outcome
except ImportError:  # the recorder puts tests/support itself on the path
    from graph_join_cases import outcome


class CustomError(Exception):
    pass


def graph_raises(ms) -> dict:
    nn, Tensor = ms.nn, ms.Tensor
    ms.set_context(mode=ms.GRAPH_MODE)

    class NestedSequences(nn.Cell):
        def construct(self):
            x = [1, 2.0]
            raise ValueError(x, (x, 2.5))

    class OneFloat(nn.Cell):
        def construct(self):
            raise ValueError(2.0)

    class Floats(nn.Cell):
        def construct(self):
            raise ValueError(1.2345678, 0.1, 100000.0, 1e16, -0.5, 1e-8, (1.0,), [2.5], 7)

    class OneElementTuple(nn.Cell):
        def construct(self):
            raise ValueError((1.0,))

    class StringAndTensor(nn.Cell):
        def construct(self):
            raise IndexError("x", Tensor([1, 2]))

    class Message(nn.Cell):
        def construct(self, x):
            if x == 1:
                raise TypeError("The input should not be 1.")
            return x

    class RaisesImportError(nn.Cell):
        def construct(self, x):
            if x == 1:
                raise ImportError("no")
            return x

    class RaisesUserWarning(nn.Cell):
        def construct(self, x):
            if x == 1:
                raise UserWarning("no")
            return x

    class RaisesCustomError(nn.Cell):
        def construct(self, x):
            if x == 1:
                raise CustomError("no")
            return x

    class RaisesUndefinedName(nn.Cell):
        def construct(self, x):
            if x == 1:
                raise NotDefinedError("no")  # noqa: F821 - a type name that names nothing
            return x

    class RaisesOnTensor(nn.Cell):
        def construct(self, x):
            if x > 1:
                raise ValueError("msg", 2.0)
            return x

    class BareTypeNotReached(nn.Cell):
        def construct(self, x):
            if x == 2:
                raise ImportError
            return x

    class RaisesNoneArgument(nn.Cell):
        def construct(self, x):
            raise ValueError("a", None)

    class RaisesNone(nn.Cell):
        def construct(self, x):
            raise ValueError(None)

    class RaisesNoneOnTensor(nn.Cell):
        def construct(self, x):
            if x > 1:
                raise ValueError("a", None)
            return x

    cases = {
        "nested_sequences": outcome(NestedSequences()),
        "one_float": outcome(OneFloat()),
        "floats": outcome(Floats()),
        "one_element_tuple": outcome(OneElementTuple()),
        "string_and_tensor": outcome(StringAndTensor()),
        "message": outcome(Message(), 1),
        "import_error": outcome(RaisesImportError(), 1),
        "user_warning": outcome(RaisesUserWarning(), 1),
        "custom_error": outcome(RaisesCustomError(), 1),
        "undefined_name": outcome(RaisesUndefinedName(), 1),
        "on_tensor_condition": outcome(RaisesOnTensor(), Tensor(2)),
        "bare_type_not_reached": outcome(BareTypeNotReached(), 1),
        "none_argument": outcome(RaisesNoneArgument(), Tensor(1)),
        "none": outcome(RaisesNone(), Tensor(1)),
        "none_argument_on_tensor_condition": outcome(RaisesNoneOnTensor(), Tensor(2)),
    }
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return cases
