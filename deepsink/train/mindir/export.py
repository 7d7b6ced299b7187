"""``export(..., file_format="MINDIR")``: a deepsink network as a MindIR file MindSpore 2.10 runs.

The network's forward pass is traced to a jaxpr (its Parameters as inputs, with the plain XLA
convolution, not CPU's im2col rewrite); calls (``jit``, ``custom_jvp``/``custom_vjp``) are inlined,
equations whose inputs are all known are computed at export time, and every other JAX primitive
is written as the MindSpore primitive(s) the table in ``primitives`` names for it, in the node
layout MindSpore 2.10 writes (options as Constant inputs of a PRIMITIVE_FUNCTION, or attributes
of an older PRIMITIVE). A JAX primitive without a MindSpore counterpart raises ``ValueError``
naming it and the line of the network it came from.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import warnings
from typing import Any, NoReturn

import jax
import numpy as np
from jax.extend import core as jex_core

from deepsink.train.mindir import proto
from deepsink.train.mindir.primitives import PRIMITIVES, exports, is_constant_dim

# JAX primitives that call a sub-jaxpr (inlined) and the parameter holding it
_CALLS = {
    "pjit": "jaxpr", "jit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
    "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr",
    "custom_vjp_call_jaxpr": "fun_jaxpr", "remat": "jaxpr", "checkpoint": "jaxpr",
}  # fmt: skip
_IDENTITY = {"stop_gradient", "copy", "copy_p", "optimization_barrier", "reduce_precision"}
_DATA_TYPES = {
    "float32": 1, "uint8": 2, "int8": 3, "uint16": 4, "int16": 5, "int32": 6, "int64": 7,
    "bool": 9, "float16": 10, "float64": 11, "uint32": 12, "uint64": 13, "bfloat16": 16,
}  # fmt: skip
_ATTR = {name: i for i, name in enumerate(proto.ATTRIBUTE_TYPES)}


def _debug_only(eqn: Any) -> bool:
    """An equation with no outputs that only prints (a ``cond`` around a ``debug_callback``: the
    out-of-range warning of ``nn.Embedding``'s lookup): not part of what the model computes, so
    not written."""
    if eqn.outvars:
        return False
    if eqn.primitive.name == "debug_callback":
        return True
    subs = [v for v in eqn.params.values() if hasattr(v, "jaxpr") or isinstance(v, tuple)]
    jaxprs = [j for v in subs for j in (v if isinstance(v, tuple) else (v,)) if hasattr(j, "jaxpr")]
    return bool(jaxprs) and all(_debug_only(e) for j in jaxprs for e in j.jaxpr.eqns)


def _without_debug_checks(jaxpr: Any) -> Any:
    """``jaxpr`` less its print-only equations (``debug_only``) and what only they used."""
    used = {v for v in jaxpr.outvars if not isinstance(v, jex_core.Literal)}
    kept = []
    for eqn in reversed(jaxpr.eqns):
        if _debug_only(eqn) or not (eqn.effects or any(v in used for v in eqn.outvars)):
            continue
        kept.append(eqn)
        used.update(v for v in eqn.invars if not isinstance(v, jex_core.Literal))
    return jaxpr.replace(eqns=kept[::-1])


def _where(eqn: Any) -> str:
    """The line of the network's code (outside deepsink, JAX and the standard library) that
    made ``eqn``."""
    import sysconfig

    import deepsink

    skip = tuple(os.path.dirname(m.__file__) + os.sep for m in (deepsink, jax, np)) + (
        sysconfig.get_paths()["stdlib"] + os.sep,
    )
    tb = getattr(eqn.source_info, "traceback", None)
    for frame in tb.frames if tb is not None else ():
        if not frame.file_name.startswith(skip) and "jaxlib" not in frame.file_name:
            return f"{frame.file_name}:{frame.line_num} ({frame.function_name})"
    return "an unknown line"


def _tensor_proto(t: Any, shape: tuple, dtype: Any, name: str = "") -> Any:
    dname = np.dtype(dtype).name
    if dname not in _DATA_TYPES:
        raise ValueError(f"For 'export', MindIR has no data type for {dname} ({name or 'a value'})")
    t.dims.extend(_dim(d) for d in shape)
    t.data_type = _DATA_TYPES[dname]
    if name:
        t.name = name
    return t


def _dim(d: Any) -> int:
    """A dimension as MindIR writes it: -1 for a dynamic (symbolic) one."""
    return int(d) if is_constant_dim(d) else -1


def dynamic_inputs(inputs: tuple) -> tuple:
    """``inputs`` with each dynamic-shape placeholder (``Tensor(shape=[None, 2, 3], ...)``) as a
    ``jax.ShapeDtypeStruct`` whose unknown dimensions are symbolic (one symbol each): the network
    is traced once for every size, the file's dimensions -1, as MindSpore 2.10 writes them."""
    from jax import export as jax_export

    from deepsink.common.tensor import Tensor, _Placeholder

    holders = [vars(x).get("_data") if isinstance(x, Tensor) else None for x in inputs]
    holders = [h if isinstance(h, _Placeholder) else None for h in holders]
    if any(h is not None and h.shape == (-2,) for h in holders):
        raise NotImplementedError(
            "For 'export', deepsink writes a MindIR input of unknown rank (Tensor(shape=None, "
            "dtype=...)) only with its rank known: give its shape with None for the unknown "
            "dimensions"
        )
    count = sum(d == -1 for h in holders if h is not None for d in h.shape)
    if not count:
        return tuple(inputs)
    # one symbolic scope for all of them (JAX compares only symbols of one scope)
    symbols = iter(jax_export.symbolic_shape(", ".join(f"_d{i}" for i in range(count))))
    out = []
    for x, h in zip(inputs, holders, strict=True):
        if h is None:
            out.append(x)
            continue
        shape = tuple(next(symbols) if d == -1 else d for d in h.shape)
        out.append(jax.ShapeDtypeStruct(shape, h.dtype))
    return tuple(out)


def _set_attr(a: Any, value: Any) -> Any:
    """An AttributeProto holding ``value`` as MindSpore writes it."""
    if isinstance(value, bool) or isinstance(value, np.bool_):
        a.type, a.i = _ATTR["BOOL"], int(value)
    elif isinstance(value, (int, np.integer)):
        a.type, a.i = _ATTR["INT64"], int(value)
    elif isinstance(value, (float, np.floating)):
        a.type, a.f = _ATTR["FLOAT"], float(value)
    elif isinstance(value, str):
        a.type, a.s = _ATTR["STRING"], value.encode()
    elif isinstance(value, tuple):
        a.type = _ATTR["TUPLE"]
        for v in value:
            item = a.values.add()
            item.type, item.ints[:] = _ATTR["INT64"], [int(v)]
    else:
        raise TypeError(f"no MindIR attribute for {value!r}")
    return a


def _shape_attr(node: Any, avals: list) -> None:
    """A node's abstract: one tensor, or a tuple of them."""
    if len(avals) == 1:
        a = node.attribute.add(name="shape", type=_ATTR["TENSORS"])
        _tensor_proto(a.tensors.add(), avals[0].shape, avals[0].dtype)
        return
    a = node.attribute.add(name="shape", type=_ATTR["TUPLE"])
    for aval in avals:
        _tensor_proto(a.values.add(type=_ATTR["TENSORS"]).tensors.add(), aval.shape, aval.dtype)


class Writer:
    """Builds the MindIR graph: nodes, Constant nodes, the primitive table, the abstract shapes."""

    def __init__(self, graph_name: str) -> None:
        self.model = proto.ModelProto(
            ir_version="1.1",
            producer_name="MindSpore",
            model_version="2.10.0",
            little_endian=True,
            mind_ir_version=proto.VERSION,
        )
        self.graph = self.model.graph
        self.graph.name = graph_name
        self._prims: dict[tuple, str] = {}
        self._consts: dict[tuple, str] = {}
        self._count = 0
        self._graphs = 0
        self.origin: Any = None  # the equation of the network's code being converted

    def _name(self, kind: str) -> str:
        self._count += 1
        return f"{self.graph.name}:{kind}_{self._count}"

    def _constant(self, key: tuple, fill: Any) -> str:
        key = (self.graph.name, *key)  # each graph holds the constants it uses
        if key not in self._consts:
            name = f"ValueNode_{len(self._consts) + 1}"
            node = self.graph.node.add(output=[name], name=name, op_type="Constant")
            a = node.attribute.add(name="value")
            fill(a)
            self._consts[key] = name
        return self._consts[key]

    def scalar(self, value: Any) -> str:
        """A bool/int/float option input (MindSpore's scalar ValueNode)."""
        return self._constant(
            ("scalar", type(value).__name__, value), lambda a: _set_attr(a, value)
        )

    def ints(self, values: Any, eqn: Any = None) -> str:
        """A tuple-of-int option input (a shape, axes, a permutation); a shape of a dynamic
        (symbolic) dimension has -1 there (``eqn``: the equation it is a Reshape's or a
        BroadcastTo's shape for, which read -1 as "inferred"/"kept"; at most one)."""
        dynamic = [v for v in values if not is_constant_dim(v)]
        if dynamic and (eqn is None or len(dynamic) > 1):
            self.refuse(eqn or self.origin, f"a shape {tuple(values)} of dynamic dimensions")
        values = tuple(_dim(v) for v in values)
        return self._constant(("ints", values), lambda a: _set_attr(a, values))

    def const(self, array: Any) -> str:
        """A tensor constant."""
        array = np.asarray(array)
        key = ("tensor", array.dtype.name, array.shape, array.tobytes())

        def fill(a: Any) -> None:
            a.type = _ATTR["TENSORS"]
            t = _tensor_proto(a.tensors.add(), array.shape, array.dtype, "value0")
            t.raw_data = np.ascontiguousarray(array).tobytes()

        return self._constant(key, fill)

    def _primitive(self, name: str, attrs: dict | None) -> str:
        key = (name, tuple(sorted((attrs or {}).items())))
        if key not in self._prims:
            label = f"{name}:{len(self._prims) + 1}"
            entry = PRIMITIVES[name]
            p = self.model.primitives.add(name=label, op_type=name, instance_name="")
            p.prim_type = 2 if entry.function else 1  # PRIMITIVE_FUNCTION / PRIMITIVE
            for k, v in (attrs or {}).items():
                _set_attr(p.attribute.add(name=k), v)
            self._prims[key] = label
        return self._prims[key]

    def node(
        self,
        name: str,
        inputs: list,
        eqn: Any,
        attrs: dict | None = None,
        shape: tuple | None = None,
    ) -> str:
        """Add a node computing MindSpore primitive ``name``; its abstract is the equation's
        output (or ``shape`` of that dtype, for an intermediate node)."""
        out = self._name("CNode")
        node = self.graph.node.add(input=inputs, output=[out], name=out)
        node.op_type = "REF::" + self._primitive(name, attrs)
        aval = eqn.outvars[0].aval
        a = node.attribute.add(name="shape", type=_ATTR["TENSORS"])
        _tensor_proto(a.tensors.add(), aval.shape if shape is None else shape, aval.dtype)
        node.domain = f"Default/{name}-op{self._count}"
        return out

    def tuple(self, inputs: list, eqn: Any, shape: tuple | None = None) -> str:
        """A MakeTuple of ``inputs`` (the equation's inputs; each of ``shape`` when given)."""
        out = self._name("CNode")
        node = self.graph.node.add(input=inputs, output=[out], name=out)
        node.op_type = "REF::" + self._primitive("MakeTuple", None)
        a = node.attribute.add(name="shape", type=_ATTR["TUPLE"])
        for v in eqn.invars:
            item = a.values.add(type=_ATTR["TENSORS"])
            _tensor_proto(
                item.tensors.add(), v.aval.shape if shape is None else shape, v.aval.dtype
            )
        return out

    # ---------------------------------------------------------------- control flow
    def subgraph_name(self, mark: str) -> str:
        """A new sub-graph's name: the top graph's, with MindSpore's mark of its role (a loop's
        header ↵, body ↻ and exit ↓; an if's ✓ and ✗ branches)."""
        self._graphs += 1
        return f"{self._graphs}_{mark}{self.model.graph.name}"

    @contextlib.contextmanager
    def subgraph(self, name: str, avals: list) -> Any:
        """Write into a new sub-graph ``name`` (``model.functions``) taking inputs of ``avals``;
        yields the inputs' names."""
        g = self.model.functions.add(name=name)
        for k in ("defer_inline", "undeterminate"):
            g.attribute.add(name=k, type=_ATTR["BOOL"], i=0)
        names = []
        for i, aval in enumerate(avals):
            vi = g.input.add(name=f"{name}:a{i}")
            _tensor_proto(vi.tensor.add(), aval.shape, aval.dtype)
            names.append(vi.name)
        saved, self.graph = self.graph, g
        try:
            yield names
        finally:
            self.graph = saved

    def outputs(self, refs: list, avals: list) -> None:
        """The current graph's output: one value, or a MakeTuple of several."""
        out = refs[0] if len(refs) == 1 else self.tuple(refs, _Avals(avals))
        o = self.graph.output.add(name=out)
        for aval in avals:
            _tensor_proto(o.tensor.add(), aval.shape, aval.dtype)

    def monad(self) -> str:
        """MindSpore's ``U`` monad constant, the start of a chain of side effects."""
        return self._constant(("UMonad",), lambda a: setattr(a, "type", _ATTR["UMONAD"]))

    def assign_all(self, assigns: list, out: str, out_aval: Any) -> str:
        """``out`` after the Parameter updates ``assigns`` (``(parameter ref, value ref, aval)``),
        as MindSpore 2.10 writes ``self.w = ...`` in ``construct``: each an ``Assign`` chained
        by ``UpdateState`` from the U monad, the output a ``Depend`` on the last state."""
        state = self.monad()
        for param, value, aval in assigns:
            like = type("Eqn", (), {"outvars": [type("Var", (), {"aval": aval})]})
            done = self.node("Assign", [param, value, state], like, {"side_effect_mem": True})
            state = self._plumbing("UpdateState", [state, done]).output[0]
        node = self._plumbing("Depend", [out, state], {"side_effect_propagate": 1})
        if out_aval is not None:
            a = node.attribute.add(name="shape", type=_ATTR["TENSORS"])
            _tensor_proto(a.tensors.add(), out_aval.shape, out_aval.dtype)
        return node.output[0]

    def _plumbing(self, prim: str, inputs: list, attrs: dict | None = None) -> Any:
        out = self._name("CNode")
        node = self.graph.node.add(input=inputs, output=[out], name=out)
        node.op_type = "REF::" + self._primitive(prim, attrs)
        node.domain = f"Default/{prim}-op{self._count}"
        return node

    def partial(self, graph: str, args: list) -> str:
        """``Partial(graph, *args)``: the sub-graph with its inputs bound (a Switch's branch)."""
        node = self._plumbing("Partial", [graph, *args], {"side_effect_propagate": 1})
        node.attribute.add(name="shape", type=_ATTR["PARTIALCLOSURE"], s=node.name.encode())
        return node.output[0]

    def switch(self, pred: str, true: str, false: str, graphs: tuple[str, str]) -> str:
        """``Switch(pred, true, false)``: the branch (a Partial) ``pred`` picks."""
        node = self._plumbing("Switch", [pred, true, false])
        a = node.attribute.add(name="shape", type=_ATTR["UNIONFUNCCLOSURE"])
        for g in graphs:
            a.values.add(type=_ATTR["FUNCGRAPHCLOSURE"], s=g.encode())
        return node.output[0]

    def call(self, target: str, args: list, avals: list) -> str:
        """A node calling sub-graph ``target`` (or the Partial a Switch picked) on ``args``."""
        out = self._name("CNode")
        node = self.graph.node.add(input=args, output=[out], name=out, op_type="REF::" + target)
        _shape_attr(node, avals)
        node.domain = "0"
        return out

    def node_tuple(self, name: str, inputs: list, eqn: Any, attrs: dict | None = None) -> list:
        """Add a node computing MindSpore primitive ``name`` with a tuple of results (the
        equation's outputs); returns a reference to each (TupleGetItem)."""
        node = self._plumbing(name, inputs, attrs)
        avals = [v.aval for v in eqn.outvars]
        _shape_attr(node, avals)
        return [self.getitem(node.output[0], i, aval) for i, aval in enumerate(avals)]

    def getitem(self, tup: str, index: int, aval: Any) -> str:
        """``TupleGetItem(tup, index)``."""
        node = self._plumbing("TupleGetItem", [tup, self.scalar(index)])
        a = node.attribute.add(name="shape", type=_ATTR["TENSORS"])
        _tensor_proto(a.tensors.add(), aval.shape, aval.dtype)
        return node.output[0]

    def refuse(self, eqn: Any, what: str) -> NoReturn:
        raise ValueError(
            f"For 'export', MindIR has no MindSpore primitive for {what} (JAX primitive "
            f"'{eqn.primitive.name}', from {_where(self.origin or eqn)})"
        )


class _Converter:
    def __init__(self, writer: Writer) -> None:
        self.w = writer
        self.table = exports()
        self._bools: dict[str, str] = {}  # an int cast of a bool -> the bool (a cond's index)
        self.dims: dict[Any, tuple] = {}  # a dynamic dimension -> (input's ref, its aval, axis)

    def run(self, jaxpr: Any, args: list, origin: Any = None) -> list:
        """``args``: per invar, ("ref", name) or ("const", array); returns the outvars likewise.
        ``origin``: the outermost call equation being inlined (its traceback names the network's
        line; an inlined body was traced once, inside deepsink)."""
        env: dict[Any, tuple] = dict(zip(jaxpr.invars, args, strict=True))

        def read(v: Any) -> tuple:
            if isinstance(v, jex_core.Literal):
                return ("const", np.asarray(v.val, dtype=v.aval.dtype))
            return env[v]

        for eqn in jaxpr.eqns:
            ins = [read(v) for v in eqn.invars]
            prim = eqn.primitive.name
            self.w.origin = origin or eqn
            if prim in _CALLS:
                sub = eqn.params[_CALLS[prim]]
                inner = sub.jaxpr if hasattr(sub, "jaxpr") else sub
                consts = [("const", np.asarray(c)) for c in getattr(sub, "consts", ())]
                outs = self.run(inner, consts + ins, origin or eqn)
            elif prim in _IDENTITY:
                outs = ins
            elif prim == "dim_as_value":
                outs = [("ref", self._dim_value(eqn))]
            elif all(kind == "const" for kind, _ in ins):  # known at export time: computed now
                vals = eqn.primitive.bind(*(v for _, v in ins), **eqn.params)
                vals = vals if eqn.primitive.multiple_results else [vals]
                outs = [("const", np.asarray(v)) for v in vals]
            elif prim == "scan":
                outs = self._unrolled_scan(eqn, ins)
            elif prim == "while":
                outs = self._while(eqn, ins)
            elif prim == "cond":
                outs = self._cond(eqn, ins)
            elif prim in self.table:
                refs = [name if kind == "ref" else self.w.const(name) for kind, name in ins]
                made = self.table[prim].emit(self.w, eqn, refs)
                outs = [("ref", r) for r in (made if eqn.primitive.multiple_results else [made])]
                if prim == "convert_element_type" and eqn.invars[0].aval.dtype == np.bool_:
                    self._bools[made] = refs[0]
            else:
                self.w.refuse(eqn, f"'{prim}'")
            for v, o in zip(eqn.outvars, outs, strict=True):
                env[v] = o
        return [read(v) for v in jaxpr.outvars]

    def _dim_value(self, eqn: Any) -> str:
        """A dynamic dimension's size (``x.shape[0]`` of a placeholder input), as MindSpore
        reads it: ``TensorShape(x)``, the axis gathered (a 0-d int64), cast to JAX's dtype."""
        dim = eqn.params["dim"]
        if dim not in self.dims:
            self.w.refuse(eqn, f"the size {dim}, not one dynamic dimension of an input")
        ref, aval, axis = self.dims[dim]
        like = _Eqn(eqn, (len(aval.shape),), np.int64)
        shape = self.w.node("TensorShape", [ref], like)
        size = self.w.node(
            "Gather",
            [shape, self.w.const(np.asarray(axis, np.int32)), self.w.scalar(0), self.w.scalar(0)],
            _Eqn(eqn, (), np.int64),
        )
        dtype = np.dtype(eqn.outvars[0].aval.dtype)
        if dtype == np.int64:
            return size
        from deepsink.train.mindir.primitives import TYPE_IDS

        return self.w.node("Cast", [size, self.w.scalar(TYPE_IDS[dtype.name])], eqn)

    def _ref(self, x: tuple) -> str:
        kind, value = x
        return value if kind == "ref" else self.w.const(value)

    def _body(self, closed: Any, args: list) -> list:
        """Convert a closed sub-jaxpr (a loop's or a branch's) into the current graph."""
        consts = [("const", np.asarray(c)) for c in closed.consts]
        return [self._ref(o) for o in self.run(closed.jaxpr, consts + args, self.w.origin)]

    def _results(self, ref: str, avals: list) -> list:
        if len(avals) == 1:
            return [("ref", ref)]
        return [("ref", self.w.getitem(ref, i, a)) for i, a in enumerate(avals)]

    def _while(self, eqn: Any, ins: list) -> list:
        """A ``lax.while_loop`` as MindSpore 2.10 writes a ``while``: a header graph computes the
        condition and Switches between the body graph (which calls the header again with the new
        carry) and the exit graph (which returns the carry). The loop's constants known at export
        time are written inside the graphs; the other inputs are the graphs' inputs."""
        p, w = eqn.params, self.w
        nc, nb = p["cond_nconsts"], p["body_nconsts"]
        consts, carry = ins[: nc + nb], ins[nc + nb :]
        avals = [v.aval for v in eqn.invars]
        carry_avals = avals[nc + nb :]
        fed = [i for i, x in enumerate(consts) if x[0] == "ref"]  # constants passed as inputs
        in_avals = [avals[i] for i in fed] + carry_avals
        header, body, after = (w.subgraph_name(m) for m in ("↵", "↻", "↓"))

        def unpack(names: list) -> tuple[list, list]:
            got = list(consts)
            for i, n in zip(fed, names, strict=False):
                got[i] = ("ref", n)
            return got, [("ref", n) for n in names[len(fed) :]]

        with w.subgraph(header, in_avals) as names:
            cs, cy = unpack(names)
            pred = self._body(p["cond_jaxpr"], cs[:nc] + cy)[0]
            sw = w.switch(
                pred, w.partial(body, names), w.partial(after, names[len(fed) :]), (body, after)
            )
            w.outputs([w.call(sw, [], carry_avals)], carry_avals)
        with w.subgraph(body, in_avals) as names:
            cs, cy = unpack(names)
            new = self._body(p["body_jaxpr"], cs[nc:] + cy)
            w.outputs([w.call(header, names[: len(fed)] + new, carry_avals)], carry_avals)
        with w.subgraph(after, carry_avals) as names:
            w.outputs(names, carry_avals)
        top = w.call(
            header, [self._ref(consts[i]) for i in fed] + [self._ref(c) for c in carry], carry_avals
        )
        return self._results(top, carry_avals)

    def _cond(self, eqn: Any, ins: list) -> list:
        """A two-branch ``lax.cond`` as MindSpore 2.10 writes an ``if``: each branch a sub-graph,
        a ``Partial`` of each on the operands, ``Switch`` on the condition, then a call."""
        w, branches = self.w, eqn.params["branches"]
        kind, index = ins[0]
        if kind == "const":
            chosen = branches[int(np.clip(index, 0, len(branches) - 1))]
            return [("ref", r) for r in self._body(chosen, ins[1:])]
        if len(branches) != 2:
            w.refuse(eqn, f"a switch among {len(branches)} branches")
        if index in self._bools:
            pred = self._bools[index]
        else:
            fake = _Eqn(eqn, eqn.invars[0].aval.shape, np.bool_)
            pred = w.node(
                "NotEqual", [index, w.const(np.zeros((), eqn.invars[0].aval.dtype))], fake
            )
        ops_, avals = ins[1:], [v.aval for v in eqn.invars[1:]]
        fed = [i for i, x in enumerate(ops_) if x[0] == "ref"]
        out_avals = [v.aval for v in eqn.outvars]
        graphs = []
        for mark, branch in (("✓", branches[1]), ("✗", branches[0])):
            name = w.subgraph_name(mark)
            with w.subgraph(name, [avals[i] for i in fed]) as names:
                args = list(ops_)
                for i, n in zip(fed, names, strict=True):
                    args[i] = ("ref", n)
                w.outputs(self._body(branch, args), out_avals)
            graphs.append(name)
        refs = [ops_[i][1] for i in fed]
        sw = w.switch(pred, w.partial(graphs[0], refs), w.partial(graphs[1], refs), tuple(graphs))
        return self._results(w.call(sw, [], out_avals), out_avals)

    def _unrolled_scan(self, eqn: Any, ins: list) -> list:
        """A ``lax.scan`` (an RNN's time loop) written out step by step: MindIR's loops are
        sub-graph calls, which this exporter does not write."""
        p = eqn.params
        n_consts, n_carry, length = p["num_consts"], p["num_carry"], p["length"]
        consts, carry, xs = (
            ins[:n_consts],
            ins[n_consts : n_consts + n_carry],
            ins[n_consts + n_carry :],
        )
        body = p["jaxpr"]
        body_consts = [("const", np.asarray(c)) for c in body.consts]
        x_avals = [v.aval for v in eqn.invars[n_consts + n_carry :]]
        y_avals = [v.aval for v in eqn.outvars[n_carry:]]
        ys: list[list] = [[] for _ in y_avals]
        steps = range(length - 1, -1, -1) if p["reverse"] else range(length)
        for i in steps:
            x_i = [self._step(eqn, x, aval, i) for x, aval in zip(xs, x_avals, strict=True)]
            outs = self.run(body.jaxpr, body_consts + consts + carry + x_i, self.w.origin)
            carry = outs[:n_carry]
            for acc, y in zip(ys, outs[n_carry:], strict=True):
                acc.append(y)
        if p["reverse"]:
            ys = [acc[::-1] for acc in ys]
        stacked = [self._stack(eqn, acc, aval) for acc, aval in zip(ys, y_avals, strict=True)]
        return carry + stacked

    def _step(self, eqn: Any, x: tuple, aval: Any, i: int) -> tuple:
        kind, value = x
        if kind == "const":
            return ("const", np.asarray(value)[i])
        shape = aval.shape
        begin, end = [i] + [0] * (len(shape) - 1), [i + 1, *shape[1:]]
        fake = _Eqn(eqn, (1, *shape[1:]), aval.dtype)
        zeros = [self.w.scalar(0)] * 5
        sl = self.w.node(
            "StridedSlice",
            [value, self.w.ints(begin), self.w.ints(end), self.w.ints([1] * len(shape)), *zeros],
            fake,
        )
        return (
            "ref",
            self.w.node("Reshape", [sl, self.w.ints(shape[1:])], _Eqn(eqn, shape[1:], aval.dtype)),
        )

    def _stack(self, eqn: Any, items: list, aval: Any) -> tuple:
        if all(kind == "const" for kind, _ in items):
            return ("const", np.stack([v for _, v in items]))
        shape = aval.shape
        one = _Eqn(eqn, (1, *shape[1:]), aval.dtype)
        rows = [
            self.w.node(
                "Reshape",
                [v if k == "ref" else self.w.const(v), self.w.ints(one.outvars[0].aval.shape)],
                one,
            )
            for k, v in items
        ]
        both = _Eqn(eqn, shape, aval.dtype)
        both.invars = [one.outvars[0]] * len(rows)
        return ("ref", self.w.node("Concat", [self.w.tuple(rows, both), self.w.scalar(0)], both))


class _Avals:
    """The ``invars`` of a MakeTuple the exporter adds (its items' shapes and dtypes)."""

    def __init__(self, avals: list) -> None:
        self.invars = [type("In", (), {"aval": a})() for a in avals]


class _Eqn:
    """An equation-like record for a node the exporter adds itself (shape, dtype, origin)."""

    def __init__(self, eqn: Any, shape: tuple, dtype: Any) -> None:
        self.primitive, self.source_info, self.params = eqn.primitive, eqn.source_info, {}
        self.outvars = [type("Out", (), {"aval": jax.core.ShapedArray(tuple(shape), dtype)})()]
        self.invars: list = []


def _leaves(inputs: tuple) -> list:
    """The inputs, each list/tuple of them (a ``mutable`` sequence) by its items."""
    return [v for x in inputs for v in (x if isinstance(x, (list, tuple)) else [x])]


def _regroup(inputs: tuple, leaves: list) -> list:
    """``leaves`` (as ``_leaves`` lists them) grouped back into ``inputs``' sequences."""
    it, out = iter(leaves), []
    for x in inputs:
        out.append([next(it) for _ in x] if isinstance(x, (list, tuple)) else next(it))
        if isinstance(x, tuple):
            out[-1] = tuple(out[-1])
    return out


def trace(net: Any, inputs: tuple, with_state: bool = False) -> tuple[Any, list]:
    """The jaxpr of ``net(*inputs)`` with the network's Parameters as its first inputs (an input
    may be a ``jax.ShapeDtypeStruct``, of symbolic dimensions for ONNX's ``dynamic_axes``).
    ``with_state``: its outputs are ``(outputs, Parameters after the call)``."""
    from deepsink import context
    from deepsink._core import conv, functional
    from deepsink.common.tensor import Tensor
    from deepsink.ops.function import topk_order

    params = list(net.get_parameters())
    pure = functional.pure(lambda *a: net(*a), params)

    def forward(state: tuple, *xs: Any) -> Any:
        out, new_state = pure(state, *_regroup(inputs, [Tensor(x) for x in xs]))[:2]
        out = jax.tree_util.tree_map(
            lambda t: t._data if isinstance(t, Tensor) else t,
            out,
            is_leaf=lambda t: isinstance(t, Tensor),
        )
        return (out, new_state) if with_state else out

    arrays = [
        x._data
        if isinstance(x, Tensor)
        else x
        if isinstance(x, jax.ShapeDtypeStruct)
        else np.asarray(x)
        for x in _leaves(inputs)
    ]
    # traced op by op (one jaxpr, no nested programs), the convolution as one
    # conv_general_dilated (MindSpore's Conv2D), top-k as one top_k (TopK, which orders ties
    # as the kernel deepsink replays where the file is run)
    with (
        context.mode_scope(context.PYNATIVE_MODE),
        conv.lowering_scope("lax"),
        topk_order.LOWERING.scope("xla"),
        functional.compile_trace(),
    ):
        closed = jax.make_jaxpr(forward)(tuple(p._data for p in params), *arrays)
    return closed.replace(jaxpr=_without_debug_checks(closed.jaxpr)), params


def to_model(net: Any, inputs: tuple) -> Any:
    """The ModelProto of ``net`` run on ``inputs``, with the Parameter updates of its
    ``construct`` as ``Assign`` nodes. When an update has no MindIR form (a training step's
    gradient of a convolution), the forward pass is written without the updates, with a warning
    that says so."""
    try:
        return _model(net, inputs, with_state=True)
    except ValueError as e:
        model = _model(net, inputs, with_state=False)  # raises the forward pass's own error
        warnings.warn(
            f"For 'export', the Parameter updates of {type(net).__name__}'s construct are not "
            f"written (no MindIR form: {e}); the file holds its outputs only",
            stacklevel=3,
        )
        return model


def _model(net: Any, inputs: tuple, with_state: bool) -> Any:
    closed, params = trace(net, dynamic_inputs(inputs), with_state=True)
    if not with_state:  # the Parameters after the call are the ones before: nothing to assign
        jaxpr = closed.jaxpr
        n_out = len(jaxpr.outvars) - len(params)
        outs = [*jaxpr.outvars[:n_out], *jaxpr.invars[: len(params)]]
        closed = closed.replace(jaxpr=_without_debug_checks(jaxpr.replace(outvars=outs)))
    w = Writer(f"{type(net).__name__}_construct")
    g = w.graph
    refs: list[tuple] = [("const", np.asarray(c)) for c in closed.consts]
    for p in params:
        name = f"{g.name}:{p.name}"
        t = _tensor_proto(g.parameter.add(), p.shape, np.dtype(p._data.dtype), name)
        t.raw_data = np.ascontiguousarray(np.asarray(p._data)).tobytes()
        t.ref_key = p.name
        refs.append(("ref", name))
    invars = iter(closed.jaxpr.invars[len(params) :])
    for i, x in enumerate(inputs):
        name = f"{g.name}:x{i}" if len(inputs) > 1 else f"{g.name}:x"
        vi = g.input.add(name=name)
        if not isinstance(x, (list, tuple)):
            v = next(invars)
            _tensor_proto(vi.tensor.add(), v.aval.shape, v.aval.dtype)
            refs.append(("ref", name))
            continue
        # a mutable sequence: one input, as 2.10 lays it out; its items read with list_getitem
        kind = "List" if isinstance(x, list) else "Tuple"
        vi.denotation = kind
        vi.attr_info.type = _ATTR[kind.upper()]
        vi.attr_info.seq_info.is_dyn_len = False
        for j in range(len(x)):
            v = next(invars)
            item = vi.attr_info.values.add(type=_ATTR["TENSORS"])
            _tensor_proto(item.tensors.add(), v.aval.shape, v.aval.dtype)
            like = type("Eqn", (), {"outvars": [v]})
            prim = "list_getitem" if kind == "List" else "TupleGetItem"
            refs.append(("ref", w.node(prim, [name, w.scalar(j)], like)))
    jaxpr = closed.jaxpr.replace(
        constvars=[], invars=list(closed.jaxpr.constvars) + list(closed.jaxpr.invars)
    )
    converter = _Converter(w)
    for (_, ref), v in zip(
        refs[len(closed.consts) + len(params) :], closed.jaxpr.invars[len(params) :], strict=True
    ):
        for axis, d in enumerate(v.aval.shape):
            if not is_constant_dim(d):
                converter.dims.setdefault(d, (ref, v.aval, axis))
    outs = converter.run(jaxpr, refs)
    names = [name if kind == "ref" else w.const(name) for kind, name in outs]
    # the last len(params) outputs are the Parameters after the call: an updated one is assigned
    n_out = len(names) - len(params)
    assigns = [
        (refs[len(closed.consts) + i][1], names[n_out + i], var.aval)
        for i, var in enumerate(closed.jaxpr.outvars[n_out:])
        if var is not closed.jaxpr.invars[i]
    ]
    names = names[:n_out]
    avals = [v.aval for v in closed.jaxpr.outvars[:n_out]]
    if len(names) == 1:
        out_name = names[0]
    else:
        fake = type("Eqn", (), {"invars": closed.jaxpr.outvars[:n_out]})
        out_name = w.tuple(names, fake)
    if assigns:
        out_name = w.assign_all(assigns, out_name, avals[0] if len(avals) == 1 else None)
    o = g.output.add(name=out_name)
    for aval in avals:
        _tensor_proto(o.tensor.add(), aval.shape, aval.dtype)
    return w.model


def add_preprocessing(model: Any, dataset: Any) -> None:
    """Keep ``dataset``'s map operations in ``model.preprocessor``, as MindSpore 2.10's
    ``_save_dataset_to_mindir`` does (each field a JSON string)."""
    import json

    from deepsink.dataset.engine.serializer_deserializer import map_operations

    for m in map_operations(dataset):
        op = model.preprocessor.op.add()
        op.input_columns = json.dumps(m["input_columns"])
        op.output_columns = json.dumps(m["output_columns"])
        op.op_type = json.dumps("Map")
        op.operations = json.dumps(m["operations"])
        op.offload = False


SPLIT_SAVE_KB = 1024 * 1024  # MindSpore's TOTAL_SAVE: Parameters above 1 GB go to a data file
_FRONT = 64  # the data file's leading block (its first byte: 1 on a little-endian machine)


def write(
    model: Any, file_name: str, enc_key: bytes | None = None, enc_mode: Any = "AES-GCM"
) -> str:
    """Serialize (and encrypt) ``model`` to ``file_name`` (``.mindir`` appended when missing),
    ``enc_mode`` a mode name or a function ``enc_mode(data, enc_key) -> bytes``;
    read-only afterwards, as MindSpore leaves it. Parameters above ``SPLIT_SAVE_KB`` in all are
    saved apart as MindSpore 2.10's ``_split_save`` does: the graph in ``<name>_graph.mindir``,
    the Parameters' bytes in ``<name>_variables/data_0``."""
    from deepsink.train import _ckpt_crypto

    if not file_name.endswith(".mindir"):
        file_name += ".mindir"
    folder = os.path.dirname(os.path.realpath(file_name))
    total = sum(sys.getsizeof(p.raw_data) / 1024 for p in model.graph.parameter)
    if total > SPLIT_SAVE_KB:
        if enc_key is not None:
            raise NotImplementedError(
                "For 'export', deepsink does not encrypt a MindIR file whose Parameters (above "
                f"{SPLIT_SAVE_KB} KB) are saved apart from the graph"
            )
        file_name = _save_parameters_apart(model, file_name, folder)
    data = model.SerializeToString()
    if enc_key is not None and callable(enc_mode):  # a customized encryption, as MindSpore calls it
        data = enc_mode(data, enc_key)
    elif enc_key is not None:
        data = _ckpt_crypto.encrypt(data, enc_key, enc_mode, api="export")
    os.makedirs(folder, mode=0o700, exist_ok=True)
    if os.path.exists(file_name):
        os.chmod(file_name, stat.S_IWUSR)
    with os.fdopen(os.open(file_name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
        f.write(data)
    os.chmod(file_name, stat.S_IRUSR)
    return file_name


def _save_parameters_apart(model: Any, file_name: str, folder: str) -> str:
    """The Parameters' bytes to ``<prefix>_variables/data_0`` (after a 64-byte block, each padded
    to 64 bytes, in name order), the model's parameters pointing there; returns the graph's
    file name."""
    import shutil

    prefix = os.path.basename(file_name)[: -len(".mindir")]
    data_dir = os.path.join(folder, prefix + "_variables")
    if os.path.exists(data_dir):
        shutil.rmtree(data_dir)
    os.makedirs(data_dir, mode=0o700)
    location = os.path.join(prefix + "_variables", "data_0")
    data_file = os.path.join(folder, location)
    front = (sys.byteorder == "little").to_bytes(1, sys.byteorder) + bytes(_FRONT - 1)
    offset = _FRONT
    with open(data_file, "wb") as f:
        f.write(front)
        for p in sorted(model.graph.parameter, key=lambda p: p.name[p.name.find(":") + 1 :]):
            raw = p.raw_data
            pad = -len(raw) % 64
            p.external_data.location = location
            p.external_data.length = len(raw)
            p.external_data.offset = offset
            p.ClearField("raw_data")
            f.write(raw + bytes(pad))
            offset += len(raw) + pad
    os.chmod(data_file, stat.S_IRUSR)
    return os.path.join(os.path.dirname(file_name), prefix + "_graph.mindir")
