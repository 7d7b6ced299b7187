"""What MindSpore 2.10's graph mode (its JIT Fallback, with ``compile_config``'s
``FALLBACK_SUPPORT_LIST_DICT_INPLACE`` at its default) does with the caller's lists and dicts: a
list or dict from outside the call (a global, an attribute, an argument) that a compiled function
returns is the very same object; a list argument changed by ``reverse``, ``extend``, ``insert``
or ``pop`` (a dict argument by an item assignment) is changed for the caller, on every call; an
``append``, an item assignment, ``clear`` or ``+=`` on a list (``update`` or ``clear`` on a dict)
makes a new object, which the function returns, and the caller's keeps what it held then.
``compile_config`` holds 2.10's switch names and defaults.
``scripts/record_graph_fallback_fixtures.py`` records the outcomes under 2.10 and
``tests/_core/test_graph_list_inplace.py`` replays them on deepsink."""

from __future__ import annotations

import importlib

GLOBAL_LIST = [1, 2, 3, 4]
GLOBAL_DICT = {"a": 1, "b": 2}
GLOBAL_NESTED = [1, [3, 4], None]


def _plain(v) -> object:
    """A value as JSON: Tensors as their dtype and values."""
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, tuple):
        return {"tuple": [_plain(x) for x in v]}
    if isinstance(v, dict):
        return {"dict": [[k, _plain(x)] for k, x in v.items()]}
    if v is None or isinstance(v, bool | int | float | str):
        return v
    return {"Tensor": [str(v.dtype), v.asnumpy().tolist()]}


def _twice(fn, make) -> dict:
    """Two calls of ``fn`` on one argument ``make()`` builds: whether each returns the caller's
    object, and what the caller's object and the result hold after each."""
    x = make()
    out = {}
    for i in (1, 2):
        try:
            r = fn(x)
        except Exception as e:  # noqa: BLE001 - the outcome is the exception's type
            out[f"call{i}"] = {"error": type(e).__name__}
            break
        out[f"call{i}"] = {"same": r is x, "arg": _plain(x), "result": _plain(r)}
    return out


def _reverse(x):
    x.reverse()
    return x


def _append(x):
    x.append(5)
    return x


def _extend(x):
    x.extend([7])
    return x


def _insert(x):
    x.insert(0, 9)
    return x


def _pop(x):
    x.pop()
    return x


def _item(x):
    x[0] = 10
    return x


def _clear(x):
    x.clear()
    return x


def _augmented(x):
    x += [3]
    return x


def _pop_then_append(x):
    y = x.pop()
    x.append(y)
    return x


def _reverse_then_append(x):
    x.reverse()
    x.append(1)
    return x


def _dict_item(x):
    x["c"] = 3
    return x


def _dict_update(x):
    x.update({"c": 3})
    return x


def _identity(x):
    return x


def _return_global():
    return GLOBAL_LIST


def _return_global_dict():
    return GLOBAL_DICT


def _return_nested_item():
    return GLOBAL_NESTED[1]


def _global_in_new_list(a):
    return [1, a, GLOBAL_NESTED]


LIST_METHODS = {
    "reverse": _reverse,
    "append": _append,
    "extend": _extend,
    "insert": _insert,
    "pop": _pop,
    "item_assignment": _item,
    "clear": _clear,
    "augmented_add": _augmented,
    "pop_then_append": _pop_then_append,
    "reverse_then_append": _reverse_then_append,
}
DICT_METHODS = {"item_assignment": _dict_item, "update": _dict_update, "clear": _clear}


def graph_list_inplace(ms) -> dict:
    Tensor, nn = ms.Tensor, ms.nn
    ms.set_context(mode=ms.GRAPH_MODE)
    cases = {}
    for name, fn in LIST_METHODS.items():
        cases[f"list_{name}"] = _twice(ms.jit(fn), lambda: [1, 2, 3, 4])
    for name, fn in DICT_METHODS.items():
        cases[f"dict_{name}"] = _twice(ms.jit(fn), lambda: {"a": 1})
    cases["list_of_tensors_reverse"] = _twice(ms.jit(_reverse), lambda: [Tensor([1]), 2])
    cases["tuple_holding_a_list"] = (lambda x: ms.jit(_identity)(x)[0] is x[0])(([1, 2], 3))
    cases["mutable_list_returned_itself"] = (lambda x: ms.jit(_identity)(x) is x)(
        ms.mutable([1, 2, 3])
    )
    cases["global_list_is_returned_itself"] = ms.jit(_return_global)() is GLOBAL_LIST
    cases["global_dict_is_returned_itself"] = ms.jit(_return_global_dict)() is GLOBAL_DICT
    cases["item_of_global_is_returned_itself"] = ms.jit(_return_nested_item)() is GLOBAL_NESTED[1]
    out = ms.jit(_global_in_new_list)(Tensor([1]))
    cases["global_inside_a_new_list"] = [type(out).__name__, out[2] is GLOBAL_NESTED]

    class Popper(nn.Cell):
        def __init__(self, obj):
            super().__init__()
            self.obj = obj

        def construct(self):
            y = self.obj.pop()
            return self.obj, y

    obj = [1, 2, Tensor([3]), "x"]
    got, y = Popper(obj)()
    cases["attribute_list_pop"] = {"same": got is obj, "obj": _plain(obj), "popped": y}

    compile_config = importlib.import_module(ms.__name__ + "._extends.parse.compile_config")
    cases["compile_config"] = {
        name: str(getattr(compile_config, name)) for name in compile_config.__all__
    }
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return cases
