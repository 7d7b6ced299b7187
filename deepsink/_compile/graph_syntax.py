"""Source-to-graph conversion: Python control flow on Tensors in compiled functions.

MindSpore's GRAPH_MODE and ``jit`` parse a function's source and compile it, so an ``if`` or a
``while`` on a Tensor becomes control flow in the graph. deepsink traces with JAX, where such a
test has no value yet. ``convert(fn)`` therefore rewrites the function's syntax tree once (cached
per code object) into code that calls the operators of ``_compile/control_flow.py``:

- ``if``/``elif``/``else`` -> ``control_flow.if_stmt`` (``lax.cond`` on a traced test);
- ``while`` -> ``while_stmt`` (``lax.while_loop``); ``for`` -> ``for_stmt`` (``fori_loop`` over a
  traced Tensor's first axis or a ``range`` with a Tensor bound, else unrolled as in MindSpore);
- ``break``/``continue``/``return`` inside them -> flag variables and guarded statements;
- ``and``/``or``/``not``, chained comparisons, conditional expressions, ``assert``;
- every call -> ``call(f)``, which converts the user functions and methods called from converted
  code (library code, deepsink's own included, is traced as it is).

A test whose value is known when traced (a Python value, a shape, a concrete Tensor) runs as
plain Python, which is MindSpore's compile-time constant folding. ``compiled(fn)`` is the one
entry point the compile paths use (GRAPH_MODE Cell calls, ``jit``, gradients inside them).
"""

from __future__ import annotations

import ast
import builtins
import functools
import inspect
import itertools
import os
import sys
import sysconfig
import textwrap
import threading
import types
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from deepsink._compile import graph_names
from deepsink._compile.control_flow import (  # noqa: F401 - the converted code's operators
    RET_VALUE,
    Undefined,
    and_,
    assert_,
    defined,
    for_stmt,
    getitem,
    if_stmt,
    ifexp,
    in_,
    is_,
    is_traced,
    not_,
    not_returned,
    or_,
    print_,
    raise_,
    range_,
    returned,
    unbound,
    while_stmt,
)
from deepsink._compile.writeback import (  # noqa: F401 - the converted code's operators
    note,
    note_augmented,
)
from deepsink._compile.writeback import scope as _scope
from deepsink._core import functional
from deepsink._core.validate import HostReadError
from deepsink.common.mutable import length  # noqa: F401 - the converted code's len
from deepsink.common.tensor import Tensor, _graph_rule

_NS = "_ds_"  # the name under which converted code sees this module
_RET_FLAG = "_ds_ret"
_counter = itertools.count()
_local = threading.local()


# --- when and what to convert ------------------------------------------------------------------

_LIBRARY_ROOTS = tuple(
    {
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))),  # deepsink
        sysconfig.get_paths()["stdlib"],
    }
)
# the installed packages' folders: inside the standard library's folder on an installation that
# is not a virtual environment, and the libraries written for MindSpore there (mindcv, mindyolo,
# ...) are converted as MindSpore parses them
_PACKAGE_ROOTS = tuple({sysconfig.get_paths()[k] for k in ("purelib", "platlib")})
_LIBRARY_MODULES = (
    "deepsink",
    "mindspore",
    "jax",
    "jaxlib",
    "numpy",
    "optax",
    "scipy",
    "ml_dtypes",
)


def active() -> bool:
    """Whether code run now is being compiled as MindSpore's graph mode compiles it (inside a
    GRAPH_MODE call, ``jit``, a training step or sink loop), not a PyNative capture."""
    return functional.tracing() and not functional.capturing()


def compiled(fn: Callable) -> Callable:
    """``fn`` as the compile paths run it: converted while compiling, else unchanged."""
    if active() and not getattr(_local, "plain", 0):
        _scope(fn)
        return convert(fn)
    return fn


def do_not_convert(fn: Callable) -> Callable:
    """Mark ``fn`` to run as written inside compiled code (``ops.constexpr`` functions compute
    on compile-time constants in Python)."""
    try:
        fn._ds_converted = True  # type: ignore[attr-defined]
    except AttributeError:  # a builtin or a callable object: never converted anyway
        pass
    return fn


def traced_only(fn: Callable) -> Callable:
    """``fn`` compiled by tracing alone (``jit(capture_mode="trace")``): neither it nor what it
    calls is converted."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        _local.plain = getattr(_local, "plain", 0) + 1
        try:
            return fn(*args, **kwargs)
        finally:
            _local.plain -= 1

    run._ds_converted = True  # type: ignore[attr-defined]
    return run


def is_user_function(fn: Any) -> bool:
    """Whether ``fn`` is a Python function of the user's (not of deepsink, a library or the
    standard library): what compiled code converts."""
    code = getattr(fn, "__code__", None)
    if not isinstance(fn, types.FunctionType) or code is None:
        return False
    module = (getattr(fn, "__module__", None) or "").split(".")[0]
    if module in _LIBRARY_MODULES:
        return False
    filename = os.path.abspath(code.co_filename)
    if any(filename.startswith(root + os.sep) for root in _PACKAGE_ROOTS):
        return True
    return not any(filename.startswith(root + os.sep) for root in _LIBRARY_ROOTS)


_converted: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_codes: dict[types.CodeType, types.CodeType | None] = {}


def convert(fn: Any) -> Any:
    """The converted form of a user function or method (``fn`` itself for anything else)."""
    if isinstance(fn, types.MethodType):
        conv = convert(fn.__func__)
        return fn if conv is fn.__func__ else types.MethodType(conv, fn.__self__)
    if not is_user_function(fn) or getattr(fn, "_ds_converted", False):
        return fn
    if _NS in fn.__code__.co_freevars:
        return fn  # defined inside converted code: converted with it
    code = _codes.get(fn.__code__, ...)
    if code is ...:
        code = _codes[fn.__code__] = _convert_code(fn)
    unbound_read = _unbound_reads.get(fn.__code__)
    if unbound_read is not None and functional.compiling():
        raise UnboundLocalError(unbound_read)  # MindSpore's parser refuses it when compiling
    conv = _converted.get(fn)
    if conv is None:
        why = _unconvertible.get(fn.__code__)
        conv = (
            _rebind(fn, code)
            if code is not None
            else fn
            if why is None
            else (_named_on_host_read(fn, why))
        )
        _converted[fn] = conv
    return conv


# the code objects that read a local variable defined on some paths only (graph_names), with
# MindSpore's message: raised when compiled, not in a PyNative gradient trace
_unbound_reads: dict[types.CodeType, str] = {}

# the code objects that cannot be converted, with why (no source to parse): a host read of a
# Tensor inside one names the function
_unconvertible: dict[types.CodeType, str] = {}


def _named_on_host_read(fn: types.FunctionType, why: str) -> Callable:
    """``fn`` run as written (it cannot be converted), a Tensor condition in it an error that
    names it, where it is and why it was not converted."""
    code = fn.__code__
    where = f"'{fn.__qualname__}' ({code.co_filename}:{code.co_firstlineno})"

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except HostReadError as e:
            if "is not converted to graph control flow" in str(e):
                raise
            raise HostReadError(
                f"{where} is not converted to graph control flow: {why}. {e}"
            ).with_traceback(e.__traceback__) from None

    run._ds_converted = True  # type: ignore[attr-defined]
    return run


def call(f: Any) -> Any:
    """What converted code calls for ``f(...)``: user functions converted, ``range`` able to
    take a Tensor bound, everything else as it is (Cells convert their own ``construct``)."""
    if f is builtins.range:
        return range_
    graph_builtin = _GRAPH_BUILTINS.get(id(f))
    if graph_builtin is not None and graph_builtin[0] is f:
        return graph_builtin[1]
    if functional.compiling():
        _check_allowed(f)
    if isinstance(f, types.FunctionType | types.MethodType):
        _scope(f)
        return convert(f)
    if isinstance(f, types.BuiltinMethodType) and f.__name__ in _MUTATORS:
        # list.append, dict.update...: a container changed in place
        note(f.__self__, f"{type(f.__self__).__name__}.{f.__name__}")
        return f
    if isinstance(f, functools.partial):
        func = call(f.func)
        return f if func is f.func else functools.partial(func, *f.args, **f.keywords)
    if not isinstance(f, type) and getattr(type(f), "__ms_class__", False):
        if not callable(f):  # MindSpore's rule for a jit_class object called like a function
            raise ValueError(
                f"MsClassObject: '{type(f).__name__}' has no __call__ function, please check "
                "the code."
            )
    if not isinstance(f, type) and not hasattr(f, "construct"):
        method = type(f).__dict__.get("__call__")  # a user object called like a function
        if isinstance(method, types.FunctionType) and is_user_function(method):
            return types.MethodType(convert(method), f)
    return f


# what MindSpore 2.10 refuses to call in a compiled function (its jit_forbidden_register list):
# every function and class of these modules, and these methods of these classes
_FORBIDDEN_MODULES = frozenset(("deepsink.common.initializer", "deepsink.context", "deepsink.log"))
_FORBIDDEN_METHODS = {
    ("deepsink.nn.cell", "Cell"): frozenset(
        (
            "register_buffer",
            "get_buffer",
            "named_buffers",
            "buffers",
            "get_sub_cell",
            "trainable_params",
            "untrainable_params",
            "get_parameters",
            "to",
            "to_empty",
            "register_forward_pre_hook",
            "register_forward_hook",
            "register_backward_pre_hook",
            "register_backward_hook",
            "register_state_dict_post_hook",
            "register_state_dict_pre_hook",
            "state_dict",
            "register_load_state_dict_pre_hook",
            "register_load_state_dict_post_hook",
            "load_state_dict",
            "register_saved_tensors_hooks",
        )
    ),
    ("deepsink.common.tensor", "Tensor"): frozenset(("set_const_arg", "assign_value")),
    ("deepsink.common.parameter", "Parameter"): frozenset(("set_data",)),
}


def _forbidden(what: str, name: str) -> RuntimeError:
    return RuntimeError(
        f"Failed to compile in GRAPH_MODE because the {what} is not supported in 'construct' or "
        f"function with @jit decorator. Try to use the {name} externally such as initialized in "
        "the method '__init__' before assigning."
    )


def _check_allowed(f: Any) -> None:
    """MindSpore's RuntimeError for a call its graph mode forbids (``_FORBIDDEN_*``)."""
    if isinstance(f, types.MethodType):
        for klass in type(f.__self__).__mro__:
            names = _FORBIDDEN_METHODS.get((klass.__module__, klass.__qualname__))
            if names and f.__name__ in names and klass.__dict__.get(f.__name__) is f.__func__:
                if klass.__qualname__ == "Cell":
                    full = f"'mindspore.nn.cell.Cell.{f.__name__}'"
                    raise _forbidden(f"method or function {full}", f"method or function {full}")
                method = f"'{klass.__qualname__}' object's method '{f.__name__}'"
                raise _forbidden(f"{method}", f"'{klass.__qualname__}.{f.__name__}'")
        return
    module = getattr(f, "__module__", None)
    if module in _FORBIDDEN_MODULES and isinstance(f, type | types.FunctionType):
        kind = "class" if isinstance(f, type) else "method or function"
        full = f"'mindspore{module[len('deepsink') :]}.{f.__qualname__}'"
        raise _forbidden(f"{kind} {full}", f"{kind} {full}")


_MUTATORS = frozenset(
    (
        "append",
        "extend",
        "insert",
        "pop",
        "remove",
        "clear",
        "reverse",
        "sort",
        "update",
        "setdefault",
        "popitem",
        "__setitem__",
        "__delitem__",
        "__iadd__",
    )
)


# MindSpore's graph mode evaluates these builtins to tuples (a map over lists to a list), not
# to lazy iterators: what a compiled function returns or prints is the sequence itself
def _map(f: Any, *iterables: Any) -> Any:
    out = tuple(map(call(f), *iterables))
    return list(out) if iterables and isinstance(iterables[0], list) else out


def _filter(f: Any, iterable: Any) -> list:
    return list(filter(call(f) if f is not None else None, iterable))


def _number(kind: type) -> Callable:
    def convert(x: Any = 0, *args: Any) -> Any:
        if isinstance(x, np.ndarray) and x.size == 1:  # int(array([3])) is 3 in MindSpore
            x = x.reshape(())
        return kind(x, *args)

    return convert


def _str(*args: Any, **kwargs: Any) -> str:
    if args and isinstance(args[0], Tensor) and is_traced(args[0]):
        raise _graph_rule("str()")  # its text is its value: known only when the program runs
    return str(*args, **kwargs)


def _zip(*iterables: Any) -> tuple:
    return tuple(zip(*iterables))


def _enumerate(iterable: Any, start: int = 0) -> tuple:
    return tuple(enumerate(iterable, start))


_GRAPH_BUILTINS = {
    id(f): (f, g)
    for f, g in (
        (map, _map),
        (filter, _filter),
        (zip, _zip),
        (enumerate, _enumerate),
        (int, _number(int)),
        (float, _number(float)),
        (str, _str),
    )
}


# dict methods as MindSpore's graph mode has them: has_key (which Python 3 lacks), and keys,
# values and items giving a tuple, a tuple and a list (not views)
_GRAPH_METHODS = {
    "has_key": lambda d: d.__contains__,
    "keys": lambda d: lambda: tuple(d.keys()),
    "values": lambda d: lambda: tuple(d.values()),
    "items": lambda d: lambda: list(d.items()),
}


def method(obj: Any, name: str) -> Any:
    """``obj.name`` in converted code, where ``name`` is one of ``_GRAPH_METHODS``."""
    if type(obj) is dict:
        return _GRAPH_METHODS[name](obj)
    return getattr(obj, name)


def _rebind(fn: types.FunctionType, code: types.CodeType) -> types.FunctionType:
    free = fn.__code__.co_freevars
    cells = []
    for name in code.co_freevars:
        if name == _NS:
            cells.append(types.CellType(sys.modules[__name__]))
        else:
            cells.append(fn.__closure__[free.index(name)])
    new = types.FunctionType(code, fn.__globals__, fn.__name__, fn.__defaults__, tuple(cells))
    new.__kwdefaults__ = fn.__kwdefaults__
    new.__qualname__ = fn.__qualname__
    new.__module__ = fn.__module__
    new.__doc__ = fn.__doc__
    new._ds_converted = True  # type: ignore[attr-defined]
    return new


def parse_function(fn: types.FunctionType) -> tuple[ast.FunctionDef, str, int] | None:
    """``fn``'s own ``def`` parsed from its source: (the node, its file, its first line), or None
    when the source does not parse or holds no ``def`` of that name (a lambda, a def made by a
    decorator we cannot see through). OSError or TypeError when it has no source (built at run
    time). The one parser of user code: the compile paths and ``mindspore.rewrite`` use it."""
    # read the source of fn's own code: inspect follows a functools.wraps wrapper's
    # __wrapped__ to another function, whose globals and closure are not fn's
    lines, first = inspect.getsourcelines(fn.__code__)
    filename = inspect.getsourcefile(fn.__code__) or fn.__code__.co_filename
    try:
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except SyntaxError:
        return None
    node = tree.body[0] if tree.body else None
    name = fn.__code__.co_name  # a functools.wraps wrapper's __name__ is the wrapped one's
    if not isinstance(node, ast.FunctionDef) or node.name != name:
        return None
    return node, filename, first


def _convert_code(fn: types.FunctionType) -> types.CodeType | None:
    """The code object of ``fn`` converted, or None when it has no source to parse (built at
    run time) or nothing to convert."""
    try:
        parsed = parse_function(fn)
    except (OSError, TypeError):
        _unconvertible[fn.__code__] = (
            "its source cannot be read (a function or class made by exec() or compile() has "
            "none); define it in a .py file, or run it in PYNATIVE_MODE"
        )
        return None
    if parsed is None:
        return None
    node, filename, first = parsed
    name = node.name
    _check_syntax(node, filename, first)
    known = {*fn.__globals__, *vars(builtins), *fn.__code__.co_freevars}
    unbound_read = graph_names.unbound_read(node, filename, first, known)
    if unbound_read is not None:
        _unbound_reads[fn.__code__] = unbound_read
    node.decorator_list = []
    _convert_function(node, "__class__" in fn.__code__.co_freevars)
    params = [_NS, *fn.__code__.co_freevars]
    factory = ast.FunctionDef(
        name="_ds_factory",
        args=ast.arguments(
            posonlyargs=[],
            args=[ast.arg(p) for p in params],
            vararg=None,
            kwonlyargs=[],
            kw_defaults=[],
            kwarg=None,
            defaults=[],
        ),
        # the def binds the function's name in the factory; a recursive call must still read
        # the module's global (a nested function's own name is a free variable: kept)
        body=[
            *([ast.Global([node.name])] if node.name not in params else []),
            node,
            ast.Return(ast.Name(node.name, ast.Load())),
        ],
        decorator_list=[],
        returns=None,
        type_params=[],
    )
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    ast.increment_lineno(module, first - 1)
    code = compile(module, filename, "exec")
    factory_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    return next(
        c for c in factory_code.co_consts if isinstance(c, types.CodeType) and c.co_name == name
    )


# --- unsupported syntax ------------------------------------------------------------------------


_UNSUPPORTED = {
    ast.Try: ("statement", "handle the exception outside the compiled function"),
    ast.Delete: ("statement", "drop the 'del'; a name can be rebound instead"),
    ast.ClassDef: ("statement", "define the class at module level"),
    ast.AsyncFunctionDef: ("statement", "define the function without 'async'"),
    ast.Import: ("statement", "import at module level"),
    ast.ImportFrom: ("statement", "import at module level"),
}


def _check_syntax(fn: ast.FunctionDef, filename: str, first: int) -> None:
    """What MindSpore's static graph syntax rejects inside a compiled function, with its
    exception type and first line ("Unsupported statement 'Try'."), plus where and the fix.
    A generator (``yield``) is rejected in the function and in the functions it defines, as
    MindSpore's parser rejects it ("Unsupported expression 'Yield'.")."""
    for n in sorted(ast.walk(fn), key=lambda n: getattr(n, "lineno", 0)):
        if isinstance(n, ast.Yield | ast.YieldFrom):
            raise RuntimeError(
                f"Unsupported expression '{type(n).__name__}'.\n"
                f"In file {filename}:{first + n.lineno - 1}: MindSpore's static graph syntax "
                "(GRAPH_MODE, jit) has no generators; return a list or tuple (or use a "
                "generator expression, which becomes a tuple), or run this code in "
                "PYNATIVE_MODE"
            )
    for n in sorted(_scope_nodes(fn), key=lambda n: getattr(n, "lineno", 0)):
        if isinstance(n, ast.For | ast.While) and n.orelse:
            word = "for" if isinstance(n, ast.For) else "while"
            raise RuntimeError(
                f"The '{word}...else...' statement is not supported now.\n"
                f"In file {filename}:{first + n.orelse[0].lineno - 1}: MindSpore's static graph "
                f"syntax (GRAPH_MODE, jit) has no 'else' on a loop; set a flag before 'break' "
                "and test it after the loop, or run this code in PYNATIVE_MODE"
            )
        kind = _UNSUPPORTED.get(type(n))
        if kind is not None:
            line = first + n.lineno - 1
            raise RuntimeError(
                f"Unsupported {kind[0]} '{type(n).__name__}'.\n"
                f"In file {filename}:{line}: MindSpore's static graph syntax (GRAPH_MODE, jit) "
                f"does not support it; {kind[1]}, or run this code in PYNATIVE_MODE"
            )


def _scope_nodes(fn: ast.AST) -> list[ast.AST]:
    """The nodes of ``fn``'s own scope (not inside nested functions, lambdas or classes)."""
    out = []
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        n = stack.pop()
        out.append(n)
        if not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            stack.extend(ast.iter_child_nodes(n))
    return out


# --- AST helpers -------------------------------------------------------------------------------


def _name(id_: str, store: bool = False) -> ast.Name:
    return ast.Name(id_, ast.Store() if store else ast.Load())


def _assign(id_: str, value: ast.expr) -> ast.Assign:
    return ast.Assign(targets=[_name(id_, True)], value=value)


def _const(v: Any) -> ast.Constant:
    return ast.Constant(v)


def _not(e: ast.expr) -> ast.expr:
    return ast.UnaryOp(ast.Not(), e)


def _ns_call(fn: str, *args: ast.expr) -> ast.Call:
    return ast.Call(ast.Attribute(_name(_NS), fn, ast.Load()), list(args), [])


def _def(
    name: str,
    body: list,
    params: tuple = (),
    nonlocal_: list | None = None,
    global_: list | None = None,
) -> ast.FunctionDef:
    stmts = (
        ([ast.Nonlocal(list(nonlocal_))] if nonlocal_ else [])
        + ([ast.Global(list(global_))] if global_ else [])
        + (body or [ast.Pass()])
    )
    return ast.FunctionDef(
        name=name,
        args=ast.arguments(
            posonlyargs=[],
            args=[ast.arg(p) for p in params],
            vararg=None,
            kwonlyargs=[],
            kw_defaults=[],
            kwarg=None,
            defaults=[],
        ),
        body=stmts,
        decorator_list=[],
        returns=None,
        type_params=[],
    )


def _walk_scope(stmts: list) -> list[ast.AST]:
    out = []
    stack = list(stmts)
    while stack:
        n = stack.pop()
        out.append(n)
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            if isinstance(n, ast.FunctionDef) and n.name.startswith("_ds_fn"):
                stack.extend(s for s in n.body if isinstance(s, ast.Nonlocal))
            continue
        if isinstance(n, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            continue
        stack.extend(ast.iter_child_nodes(n))
    return out


def _assigned(stmts: list, skip: set[str]) -> list[str]:
    """The names ``stmts`` bind in the current scope, in first-binding order."""
    names: dict[str, None] = {}
    for n in reversed(_walk_scope(stmts)):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store | ast.Del):
            names[n.id] = None
        elif isinstance(n, ast.Nonlocal):
            names.update(dict.fromkeys(n.names))
        elif isinstance(n, ast.FunctionDef | ast.ClassDef) and not n.name.startswith("_ds_fn"):
            names[n.name] = None
        elif isinstance(n, ast.Import | ast.ImportFrom):
            for a in n.names:
                names[(a.asname or a.name).split(".")[0]] = None
        elif isinstance(n, ast.ExceptHandler) and n.name:
            names[n.name] = None
    return [k for k in names if k not in skip and not k.startswith("_ds_fn")]


def _item_assigned(stmts: list) -> list[str]:
    """The names ``stmts`` change by item assignment (``x[k] = v``, ``x[k] += v``, as written or
    once wrapped in the converter's ``note``): MindSpore's graph mode rebinds ``x`` to the
    changed value, so a statement on a Tensor condition threads ``x`` as it threads ``x = ...``."""
    names: dict[str, None] = {}
    for n in reversed(_walk_scope(stmts)):
        if not (isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store)):
            continue
        base = n.value
        if isinstance(base, ast.Call) and _is_ns_call(base, "note") and base.args:
            base = base.args[0]
        if isinstance(base, ast.Name):
            names[base.id] = None
    return list(names)


def _is_ns_call(node: ast.Call, fn: str) -> bool:
    f = node.func
    return (
        isinstance(f, ast.Attribute)
        and f.attr == fn
        and isinstance(f.value, ast.Name)
        and f.value.id == _NS
    )


def _contains(stmts: list, pred: Callable[[ast.AST], bool]) -> bool:
    return any(pred(n) for n in _walk_scope(stmts))


def _is_return(n: ast.AST) -> bool:
    return isinstance(n, ast.Return)


def _always_returns(stmts: list) -> bool:
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, ast.Return | ast.Raise):
        return True
    if isinstance(last, ast.If):
        return _always_returns(last.body) and _always_returns(last.orelse)
    return False


# --- return -----------------------------------------------------------------------------------


def _lift_returns(stmts: list) -> list:
    """``if c: ...; return a`` followed by more statements: those move into the ``else`` (and
    symmetrically), so both paths end in a return and no flag is needed for the common
    early-return pattern."""
    for i, s in enumerate(stmts):
        if isinstance(s, ast.If):
            s.body, s.orelse = _lift_returns(s.body), _lift_returns(s.orelse)
            rest = stmts[i + 1 :]
            if rest and _always_returns(s.body):
                s.orelse = _lift_returns(s.orelse + rest)
                return stmts[: i + 1]
            if rest and s.orelse and _always_returns(s.orelse):
                s.body = _lift_returns(s.body + rest)
                return stmts[: i + 1]
    return stmts


def _none_tested(test: ast.expr) -> str | None:
    """The local ``x`` of a test ``x is None`` / ``x is not None`` (or its ``not``): an ``if``
    on it threads ``x``, so that where a value that may be None is there, its path sees the
    value (``control_flow.if_stmt``)."""
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is | ast.IsNot)
    ):
        return None
    sides = (test.left, test.comparators[0])
    for a, b in (sides, sides[::-1]):
        if isinstance(a, ast.Name) and isinstance(b, ast.Constant) and b.value is None:
            return a.id
    return None


def _rewrite_returns(stmts: list, in_loop: bool) -> list:
    """``return v`` -> ``_ds_retval = v; _ds_ret = True`` (and ``break`` inside a loop); the
    statements after one that may return run under ``if not _ds_ret``."""
    out: list = []
    for i, s in enumerate(stmts):
        if isinstance(s, ast.Return):
            out += [_assign(RET_VALUE, s.value or _const(None)), _assign(_RET_FLAG, _const(True))]
            if in_loop:
                out.append(ast.Break())
            return out
        if isinstance(s, ast.If):
            s.body = _rewrite_returns(s.body, in_loop)
            s.orelse = _rewrite_returns(s.orelse, in_loop)
        elif isinstance(s, ast.For | ast.While):
            s.body = _rewrite_returns(s.body, True)
            s.orelse = _rewrite_returns(s.orelse, in_loop)
        elif isinstance(s, ast.With):
            s.body = _rewrite_returns(s.body, in_loop)
        out.append(s)
        rest = stmts[i + 1 :]
        if not _contains([s], lambda n: isinstance(n, ast.Name) and n.id == _RET_FLAG):
            continue
        if in_loop:
            if isinstance(s, ast.For | ast.While):
                out.append(ast.If(_name(_RET_FLAG), [ast.Break()], []))
            continue
        if rest:
            out.append(ast.If(_not(_name(_RET_FLAG)), _rewrite_returns(rest, False), []))
        return out
    return out


def _convert_returns(fn: ast.FunctionDef) -> None:
    body = _lift_returns(fn.body)
    nested = [n for n in _walk_scope(body) if _is_return(n)]
    tail = body[-1] if body else None
    if all(n is tail for n in nested):
        fn.body = body
        return
    # a function that may end without a return gives None on that path, a value on the
    # others: known only when the program runs if a Tensor condition decides (returned)
    result = (
        _name(RET_VALUE)
        if _always_returns(body)
        else _ns_call("returned", _name(_RET_FLAG), _name(RET_VALUE))
    )
    fn.body = [
        _assign(_RET_FLAG, _const(False)),
        _assign(RET_VALUE, _ns_call("not_returned")),
        *_rewrite_returns(body, False),
        ast.Return(result),
    ]


# --- break / continue ---------------------------------------------------------------------------


class _Loops(ast.NodeTransformer):
    """Each loop's ``break``/``continue`` -> flags, the rest of its body guarded by them."""

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return node  # a nested function's loops are its own

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef  # noqa: N815

    def _loop(self, node: ast.For | ast.While) -> Any:
        self.generic_visit(node)  # inner loops first
        n = next(_counter)
        brk, cont = f"_ds_brk_{n}", f"_ds_cont_{n}"
        found = {brk: False, cont: False}

        def block(stmts: list) -> list:
            out: list = []
            for i, s in enumerate(stmts):
                if isinstance(s, ast.Break | ast.Continue):
                    flag = brk if isinstance(s, ast.Break) else cont
                    found[flag] = True
                    out.append(_assign(flag, _const(True)))
                    return out
                if isinstance(s, ast.If):
                    s.body, s.orelse = block(s.body), block(s.orelse)
                elif isinstance(s, ast.With):
                    s.body = block(s.body)
                out.append(s)
                flags = [
                    f
                    for f in (brk, cont)
                    if _contains(
                        [s],
                        lambda x, f=f: (
                            isinstance(x, ast.Name) and x.id == f and isinstance(x.ctx, ast.Store)
                        ),
                    )
                ]
                rest = stmts[i + 1 :]
                if flags and rest:
                    test = (
                        _name(flags[0])
                        if len(flags) == 1
                        else ast.BoolOp(ast.Or(), [_name(f) for f in flags])
                    )
                    out.append(ast.If(_not(test), block(rest), []))
                    return out
            return out

        node.body = block(node.body)
        if found[cont]:
            node.body.insert(0, _assign(cont, _const(False)))
        out: list = []
        if found[brk]:
            out.append(_assign(brk, _const(False)))
            if isinstance(node, ast.While):
                node.test = ast.BoolOp(ast.And(), [_not(_name(brk)), node.test])
            else:
                node._ds_extra = _not(_name(brk))  # type: ignore[attr-defined]
        out.append(node)  # a loop's 'else' never gets here (_check_syntax refuses it)
        flat: list = []
        for s in out:
            flat.extend(s if isinstance(s, list) else [s])
        return flat

    visit_For = visit_While = _loop  # noqa: N815


# --- control flow and expressions ---------------------------------------------------------------


class _ControlFlow(ast.NodeTransformer):
    """``if``/``while``/``for`` -> operator calls over the variables they assign; boolean
    operators, conditional expressions, ``assert`` and calls -> operator calls."""

    def __init__(
        self, skip: set[str], self_name: str | None, nonlocals: set[str], local: set[str]
    ) -> None:
        self.skip = skip  # the function's global names: not threaded as local state
        self.self_name = self_name
        self.nonlocals = nonlocals  # the function's own nonlocal names
        self.local = local  # the function's local names (parameters and assigned names)

    def _outer(self, stmts: list) -> tuple[list[str], ast.Tuple]:
        """The global names ``stmts`` assign (declared in the functions made of them), and the
        (name, kind) pairs of the global and nonlocal ones, which a Tensor condition refuses."""
        assigned = _assigned(stmts, set())
        glob = [n for n in assigned if n in self.skip]
        pairs = [(n, "global") for n in glob] + [
            (n, "nonlocal") for n in assigned if n in self.nonlocals
        ]
        return glob, ast.Tuple(
            [ast.Tuple([_const(n), _const(k)], ast.Load()) for n, k in pairs], ast.Load()
        )

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        if node.name.startswith("_ds_fn"):
            return node
        # a nested user function: its own scope, converted the same way
        _convert_function(node, False)
        return node

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        self.generic_visit(node)
        return node

    # expressions
    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        fn = "and_" if isinstance(node.op, ast.And) else "or_"
        return _ns_call(fn, *[_lambda(v) for v in node.values])

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return _ns_call("not_", node.operand)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        if len(node.ops) == 1:
            op = node.ops[0]
            if isinstance(op, ast.In | ast.NotIn):
                call = _ns_call("in_", node.left, node.comparators[0])
                return _ns_call("not_", call) if isinstance(op, ast.NotIn) else call
            if isinstance(op, ast.Is | ast.IsNot):  # a value that may be None
                call = _ns_call("is_", node.left, node.comparators[0])
                return _ns_call("not_", call) if isinstance(op, ast.IsNot) else call
            return node
        parts, left = [], node.left
        for op, right in zip(node.ops, node.comparators, strict=True):
            parts.append(ast.Compare(left, [op], [right]))
            left = right
        return _ns_call("and_", *[_lambda(p) for p in parts])

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Store):  # x[k] = v: the container x changes
            node.value = _ns_call("note", node.value, _const("An item assignment"))
            return node
        if not isinstance(node.ctx, ast.Load) or isinstance(node.slice, ast.Slice | ast.Tuple):
            return node
        return _ns_call("getitem", node.value, node.slice)

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        return _ns_call("ifexp", node.test, _lambda(node.body), _lambda(node.orelse))

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Name) and (f.id.startswith("_ds_") or f.id == "super"):
            return node
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == _NS:
            return node
        if isinstance(f, ast.Name) and f.id == "print":
            node.func = ast.Attribute(_name(_NS), "print_", ast.Load())
            return node
        if isinstance(f, ast.Name) and f.id == "len":
            node.func = ast.Attribute(_name(_NS), "length", ast.Load())
            return node
        if isinstance(f, ast.Name) and f.id in (
            "isinstance",
            "getattr",
            "hasattr",
            "type",
            "id",
        ):
            return node
        if isinstance(f, ast.Attribute) and f.attr in _GRAPH_METHODS:
            f = _ns_call("method", f.value, _const(f.attr))
        node.func = _ns_call("call", f)
        if (
            isinstance(f, ast.Call)
            and isinstance(f.func, ast.Name)
            and f.func.id == "super"
            and not f.args
            and self.self_name
        ):
            f.args = [_name("__class__"), _name(self.self_name)]
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        self.generic_visit(node)
        v = node.value
        if (
            isinstance(v, ast.Call)
            and isinstance(v.func, ast.Name)
            and v.func.id == "super"
            and not v.args
            and self.self_name
        ):
            v.args = [_name("__class__"), _name(self.self_name)]
        if isinstance(node.ctx, ast.Store):  # obj.attr = v: the object obj changes
            node.value = _ns_call("note", node.value, _const("An attribute assignment"))
        return node

    # statements
    def visit_Return(self, node: ast.Return) -> ast.AST:
        self.generic_visit(node)
        if node.value is not None:
            node.value = _ns_call("defined", node.value)
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> Any:
        self.generic_visit(node)
        if isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add):
            # x += [v] on a list argument: MindSpore 2.10 makes a new list
            load = ast.Name(node.target.id, ast.Load())
            return [ast.Expr(_ns_call("note_augmented", load)), node]
        return node

    def visit_Raise(self, node: ast.Raise) -> ast.AST:
        self.generic_visit(node)
        if node.exc is None or node.cause is not None:
            return node
        exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        if isinstance(exc, ast.Call) and isinstance(exc.func, ast.Attribute) and exc.args:
            exc = exc.args[0]  # the converter's call wrapper, call(f)(...), made by visit_Call
        name = _const(exc.id if isinstance(exc, ast.Name) else None)
        # the exception made when the raise is reached, so that a type name that names
        # nothing is MindSpore's "Unsupported exception type" and not a NameError
        return ast.Expr(_ns_call("raise_", _lambda(node.exc), name))

    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        self.generic_visit(node)
        args = [node.test] + ([_lambda(node.msg)] if node.msg is not None else [])
        return ast.Expr(_ns_call("assert_", *args))

    def _state(self, stmts: list, extra: tuple = ()) -> tuple[list[str], list]:
        items = [x for x in _item_assigned(stmts) if x in self.local and x not in self.nonlocals]
        names = list(dict.fromkeys([*extra, *_assigned(stmts, self.skip), *items]))
        n = next(_counter)
        get = _def(
            f"_ds_fn_get_{n}", [ast.Return(ast.Tuple([_name(x) for x in names], ast.Load()))]
        )
        setter_body = (
            [ast.Assign([ast.Tuple([_name(x, True) for x in names], ast.Store())], _name("_ds_v"))]
            if names
            else [ast.Pass()]
        )
        set_ = _def(f"_ds_fn_set_{n}", setter_body, ("_ds_v",), names)
        guards = [
            ast.Try(
                body=[ast.Expr(_name(x))],
                handlers=[
                    ast.ExceptHandler(
                        _name("NameError"),
                        None,
                        [
                            _assign(
                                x,
                                _ns_call("unbound", _const(x), ast.Call(_name("globals"), [], [])),
                            )
                        ],
                    )
                ],
                orelse=[],
                finalbody=[],
            )
            for x in names
        ]
        return names, [*guards, get, set_]

    def visit_If(self, node: ast.If) -> Any:
        tested = _none_tested(node.test)
        self.generic_visit(node)
        extra = (tested,) if tested in self.local and tested not in self.nonlocals else ()
        names, pre = self._state(node.body + node.orelse, extra)
        glob, outer = self._outer(node.body + node.orelse)
        n = next(_counter)
        body = _def(f"_ds_fn_then_{n}", node.body, (), names, glob)
        orelse = _def(f"_ds_fn_else_{n}", node.orelse, (), names, glob)
        call = _ns_call(
            "if_stmt",
            node.test,
            _name(body.name),
            _name(orelse.name),
            _name(pre[-2].name),
            _name(pre[-1].name),
            _names_tuple(names),
            outer,
        )
        return [*pre, body, orelse, _at(ast.Expr(call), node)]

    def visit_While(self, node: ast.While) -> Any:
        self.generic_visit(node)
        names, pre = self._state(node.body)
        glob, outer = self._outer(node.body)
        n = next(_counter)
        test = _def(f"_ds_fn_test_{n}", [ast.Return(node.test)])
        body = _def(f"_ds_fn_body_{n}", node.body, (), names, glob)
        call = _ns_call(
            "while_stmt",
            _name(test.name),
            _name(body.name),
            _name(pre[-2].name),
            _name(pre[-1].name),
            _names_tuple(names),
            outer,
        )
        return [*pre, test, body, _at(ast.Expr(call), node)]

    def visit_For(self, node: ast.For) -> Any:
        extra = getattr(node, "_ds_extra", None)
        self.generic_visit(node)
        if extra is not None:
            extra = self.visit(extra)
        target_names = _assigned([ast.Assign([node.target], _const(None))], self.skip)
        names, pre = self._state(node.body, tuple(target_names))
        glob, outer = self._outer([ast.Assign([node.target], _const(None)), *node.body])
        n = next(_counter)
        item = f"_ds_item_{n}"
        body = _def(
            f"_ds_fn_body_{n}",
            [ast.Assign([node.target], _name(item)), *node.body],
            (item,),
            names,
            glob,
        )
        stmts = [*pre, body]
        test: ast.expr = _const(None)
        if extra is not None:
            tdef = _def(f"_ds_fn_test_{n}", [ast.Return(extra)])
            stmts.append(tdef)
            test = _name(tdef.name)
        call = _ns_call(
            "for_stmt",
            node.iter,
            test,
            _name(body.name),
            _name(pre[-2].name),
            _name(pre[-1].name),
            _names_tuple(names),
            outer,
        )
        return [*stmts, _at(ast.Expr(call), node)]


def _at(stmt: ast.stmt, node: ast.AST) -> ast.stmt:
    """``stmt`` (and what it holds) placed on ``node``'s line: errors name the loop's line
    (a statement the converter made has none: ``stmt`` keeps its enclosing one)."""
    if not hasattr(node, "lineno"):
        return stmt
    for n in ast.walk(stmt):
        n.lineno = n.end_lineno = node.lineno
        n.col_offset, n.end_col_offset = node.col_offset, node.col_offset + 1
    return stmt


def _lambda(e: ast.expr) -> ast.Lambda:
    return ast.Lambda(
        ast.arguments(
            posonlyargs=[],
            args=[],
            vararg=None,
            kwonlyargs=[],
            kw_defaults=[],
            kwarg=None,
            defaults=[],
        ),
        e,
    )


def _names_tuple(names: list[str]) -> ast.Tuple:
    return ast.Tuple([_const(x) for x in names], ast.Load())


def _convert_function(fn: ast.FunctionDef, has_class_cell: bool) -> None:
    """Rewrite ``fn`` in place: returns, then loops' break/continue, then control flow."""
    skip = {g for n in _walk_scope(fn.body) if isinstance(n, ast.Global) for g in n.names}
    nonlocals = {g for n in _walk_scope(fn.body) if isinstance(n, ast.Nonlocal) for g in n.names}
    _convert_returns(fn)
    fn.body = _flatten_stmts(_Loops().visit(ast.Module(fn.body, [])).body)
    args = fn.args.posonlyargs + fn.args.args
    self_name = args[0].arg if args and has_class_cell else None
    a = fn.args
    params = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p]
    local = {*params, *_assigned(fn.body, skip | nonlocals)}
    cf = _ControlFlow(skip, self_name, nonlocals, local)
    fn.body = _flatten_stmts([cf.visit(s) for s in fn.body])


def _flatten_stmts(stmts: list) -> list:
    out: list = []
    for s in stmts:
        out.extend(_flatten_stmts(s) if isinstance(s, list) else [s])
    return out
