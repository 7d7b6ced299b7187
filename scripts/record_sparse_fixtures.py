"""Record MindSpore 2.10's results for the sparse tensors and sparse ops into
``tests/fixtures/ms/sparse/cases.json`` (run with real MindSpore, NOT by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_sparse_fixtures.py

Every case is a Python expression over ``ms``, ``ops``, ``nn``, ``Tensor``, ``COOTensor``,
``CSRTensor``, ``RowTensor``, ``np`` and the named sparse inputs below; deepsink's test
(tests/ops/test_sparse_ops.py) evaluates the same text. An output is stored per leaf (tuples
flattened): a Tensor as ``{"dtype", "shape", "value"}``, a sparse tensor as ``{"kind", "shape",
"dtype"}`` plus its index and value arrays, a shape tuple as ``{"tuple"}``; a failure as
``{"error": "TypeError", "message"}``. Some ops have no kernel in MindSpore's CPU build
(``RuntimeError`` "Unsupported op"): the test checks those against NumPy.
"""

from __future__ import annotations

import sys
from pathlib import Path

import expression_cases
import mindspore as ms
import numpy as np
from expression_cases import array_row as _array
from mindspore import COOTensor, CSRTensor, RowTensor, Tensor, nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "sparse" / "cases.json"

# the sparse inputs (expressions, evaluated in both frameworks)
INPUTS = {
    "COO": "COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([0.25, -0.5], ms.float32), (3, 4))",
    "COO64": "COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([-1.0, 2.0], ms.float32), (3, 4))",
    "COO64B": "COOTensor(Tensor([[0, 1], [2, 2]], ms.int64), Tensor([1.0, 0.5], ms.float32), (3, 4))",
    "COOU": "COOTensor(Tensor([[2, 1], [0, 3], [2, 0], [0, 1]], ms.int32), Tensor([1.0, 2.0, 3.0, 4.0]), (3, 4))",
    "COOI": "COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([-3, 4], ms.int32), (3, 4))",
    "COOH": "COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1.5, 2.0], ms.float32), (3, 4))",
    "CSR": "CSRTensor(Tensor([0, 1, 2, 2], ms.int32), Tensor([3, 0], ms.int32), Tensor([0.25, -0.5], ms.float32), (3, 4))",
    "CSRH": "CSRTensor(Tensor([0, 1, 2, 2], ms.int32), Tensor([3, 0], ms.int32), Tensor([1.5, 2.0], ms.float32), (3, 4))",
    "CSRI": "CSRTensor(Tensor([0, 1, 2, 2], ms.int32), Tensor([3, 0], ms.int32), Tensor([-3, 4], ms.int32), (3, 4))",
    "CA": "CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([1, 0], ms.int32), Tensor([1.0, 2.0]), (2, 3))",
    "CB": "CSRTensor(Tensor([0, 2, 2], ms.int32), Tensor([1, 2], ms.int32), Tensor([5.0, 6.0]), (2, 3))",
    "CS": "CSRTensor(Tensor([0, 2, 3], ms.int32), Tensor([0, 1, 2], ms.int32), Tensor([1.0, 3.0, -2.0]), (2, 3))",
    "D34": "Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))",
    "D34P": "Tensor(np.arange(1, 13, dtype=np.float32).reshape(3, 4))",
    "D42": "Tensor(np.arange(8, dtype=np.float32).reshape(4, 2))",
    "RT": "RowTensor(Tensor([0, 2]), Tensor([[1.0, 2.0], [3.0, 4.0]]), (3, 2))",
}

# the element-wise ops on sparse values: the inputs each needs for a defined result
UNARY = [
    "abs",
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "ceil",
    "cos",
    "cosh",
    "exp",
    "expm1",
    "floor",
    "inv",
    "isfinite",
    "isinf",
    "isnan",
    "log",
    "log1p",
    "neg",
    "relu",
    "relu6",
    "round",
    "sigmoid",
    "sin",
    "sinh",
    "softsign",
    "sqrt",
    "square",
    "tan",
    "tanh",
]
ABOVE_ONE = {"acosh"}

CASES = {}
for _op in UNARY:
    for _kind in ("coo", "csr"):
        _x = ("COOH" if _kind == "coo" else "CSRH") if _op in ABOVE_ONE else _kind.upper()
        CASES[f"{_kind}_{_op}"] = f"ops.{_kind}_{_op}({_x})"
CASES.update(
    {
        "coo_sqrt_int": "ops.coo_sqrt(COOI)",
        "coo_abs_int": "ops.coo_abs(COOI)",
        "csr_cos_int": "ops.csr_cos(CSRI)",
        "coo_cos_of_csr": "ops.coo_cos(CSR)",
        "csr_cos_of_coo": "ops.csr_cos(COO)",
        # COOTensor
        "coo_repr": "repr(COO)",
        "csr_repr": "repr(CSR)",
        "rt_repr": "repr(RT)",
        "coo_props": "(COO.indices, COO.values, COO.shape, COO.size, COO.itemsize, COO.ndim)",
        "coo_dtype": "str(COO.dtype)",
        "csr_dtype": "str(CSR.dtype)",
        "coo_copy": "COOTensor(coo_tensor=COO)",
        "csr_copy": "CSRTensor(csr_tensor=CSR)",
        "coo_to_dense": "COO.to_dense()",
        "coo_to_csr": "COOU.to_csr()",
        "coo_to_tuple": "COO.to_tuple()",
        "coo_dup_to_dense": "COOTensor(Tensor([[0, 1], [0, 1]], ms.int32), Tensor([1.0, 2.0]), (3, 4)).to_dense()",
        "coo_astype": "COO.astype(ms.float64)",
        "coo_abs_method": "COO.abs()",
        "coo_coalesce": "COOTensor(Tensor([[0, 1], [0, 1], [1, 2]], ms.int64), Tensor([1.0, 5.0, 4.0]), (3, 3)).coalesce()",
        "coo_coalesce_int32": "COO.coalesce()",
        "coo_add_method": "COO64.add(COO64B, Tensor(0.0))",
        "coo_negate": "-COO",
        "coo_add_dense": "COO + D34",
        "coo_sub_dense": "COO - D34",
        "coo_mul_dense": "COO * D34",
        "coo_div_dense": "COO / D34P",
        "coo_add_coo": "COO64 + COO64B",
        "coo_sub_coo": "COO64 - COO64B",
        "coo_add_coo_int32": "COO + COO",
        "coo_add_shape": "COO + Tensor(np.ones((4, 4), np.float32))",
        "coo_mul_coo": "COO64 * COO64B",
        "coo_bad_indices_dtype": "COOTensor(Tensor([[0, 1]], ms.float32), Tensor([1.0]), (3, 4))",
        "coo_bad_rank": "COOTensor(Tensor([[0, 1]], ms.int32), Tensor([1.0]), (3, 4, 5))",
        "coo_shape_list": "COOTensor(Tensor([[0, 1]], ms.int32), Tensor([1.0]), [3, 4])",
        "coo_indices_numpy": "COOTensor(np.array([[0, 1]]), Tensor([1.0]), (3, 4))",
        "coo_negative_shape": "COOTensor(Tensor([[0, 1]], ms.int32), Tensor([1.0]), (3, -4))",
        "coo_length_mismatch": "COOTensor(Tensor([[0, 1], [1, 1]], ms.int32), Tensor([1.0]), (3, 4))",
        "coo_indices_cols": "COOTensor(Tensor([[0, 1, 1]], ms.int32), Tensor([1.0]), (3, 4))",
        "coo_copy_and_args": "COOTensor(Tensor([[0, 1]], ms.int32), Tensor([1.0]), (3, 4), coo_tensor=COO)",
        "coo_copy_wrong": "COOTensor(coo_tensor=CSR)",
        "coo_empty": "COOTensor(Tensor(np.zeros((0,), np.int32)), Tensor(np.zeros((0,), np.float32)), (3, 4)).to_dense()",
        # CSRTensor
        "csr_props": "(CSR.indptr, CSR.indices, CSR.values, CSR.shape, CSR.size, CSR.itemsize, CSR.ndim)",
        "csr_to_tuple": "CSR.to_tuple()",
        "csr_to_coo_method": "CSR.to_coo()",
        "csr_to_dense_method": "CSR.to_dense()",
        "csr_astype": "CSR.astype(ms.float64)",
        "csr_abs_method": "CSR.abs()",
        "csr_mv_method": "CSR.mv(Tensor(np.arange(4, dtype=np.float32).reshape(4, 1)))",
        "csr_mv_1d": "CSR.mv(Tensor(np.arange(4, dtype=np.float32)))",
        "csr_mv_numpy": "CSR.mv(np.ones((4, 1), np.float32))",
        "csr_mm_dense": "CSR.mm(D42)",
        "csr_mm_numpy": "CSR.mm(np.ones((4, 2)))",
        "csr_sum": "CSR.sum(1)",
        "csr_sum_0": "CSR.sum(0)",
        "csr_add_method": "CSR.add(CSR, Tensor(1.0), Tensor(2.0))",
        "csr_mul_dense": "CSR * D34",
        "csr_mul_row": "CSR * Tensor(np.arange(4, dtype=np.float32))",
        "csr_div_dense": "CSR / D34P",
        "csr_negate": "-CSR",
        "csr_add_csr": "CSR + CSR",
        "csr_sub_csr": "CSR - CSR",
        "csr_add_dense": "CSR + D34",
        "csr_add_shape": "CA + CSR",
        "csr_3d": "CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([3, 0], ms.int32), Tensor(np.ones((2, 5), np.float32)), (2, 4, 5))",
        "csr_3d_to_dense": "CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([3, 0], ms.int32), Tensor(np.ones((2, 5), np.float32)), (2, 4, 5)).to_dense()",
        "csr_bad_indptr_len": "CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([3, 0], ms.int32), Tensor([1.0, 2.0]), (3, 4))",
        "csr_bad_indptr_dtype": "CSRTensor(Tensor([0, 1, 2, 2], ms.float32), Tensor([3, 0], ms.int32), Tensor([1.0, 2.0]), (3, 4))",
        "csr_bad_indices_dtype": "CSRTensor(Tensor([0, 1, 2, 2], ms.int32), Tensor([3, 0], ms.float32), Tensor([1.0, 2.0]), (3, 4))",
        "csr_bad_values_len": "CSRTensor(Tensor([0, 1, 2, 2], ms.int32), Tensor([3, 0], ms.int32), Tensor([1.0]), (3, 4))",
        "csr_too_small": "CSRTensor(Tensor([0, 1, 2, 3], ms.int32), Tensor([0, 0, 0], ms.int32), Tensor([1.0, 2.0, 3.0]), (3, 1)).shape",
        "csr_indptr_list": "CSRTensor([0, 1, 2, 2], Tensor([3, 0], ms.int32), Tensor([1.0, 2.0]), (3, 4))",
        "csr_copy_wrong": "CSRTensor(csr_tensor=COO)",
        # RowTensor, SparseTensor
        "rt_props": "(RT.indices, RT.values, RT.dense_shape)",
        "rt_copy": "RowTensor(row_tensor=RT).values",
        "sparse_tensor": "ms.SparseTensor(Tensor([[0, 1], [1, 2]]), Tensor([1.0, 2.0]), (3, 4))",
        "sparse_tensor_props": "(lambda s: (s.indices, s.values, s.shape))(ms.SparseTensor(Tensor([[0, 1], [1, 2]]), Tensor([1.0, 2.0]), (3, 4)))",
        "sparse_tensor_bad": "ms.SparseTensor(Tensor([[0, 1]]), Tensor([1.0]), [3, 4])",
        # functional sparse ops
        "coo_add": "ops.coo_add(COO64, COO64B, Tensor(0.0))",
        "coo_add_thresh": "ops.coo_add(COO64, COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([0.5, 0.5]), (3, 4)), Tensor(1.0))",
        "coo_add_merge": "ops.coo_add(COOTensor(Tensor([[1, 2], [0, 1]], ms.int64), Tensor([2.0, -1.0]), (3, 4)), COOTensor(Tensor([[2, 2], [0, 1]], ms.int64), Tensor([0.5, 1.0]), (3, 4)), Tensor(0.0))",
        "coo_add_int": "ops.coo_add(COOTensor(Tensor([[0, 1]], ms.int64), Tensor([1], ms.int32), (3, 4)), COOTensor(Tensor([[0, 1]], ms.int64), Tensor([2], ms.int32), (3, 4)), Tensor(0, ms.int32))",
        "coo_add_int32": "ops.coo_add(COO, COO, Tensor(0.0))",
        "coo_concat_1": "ops.coo_concat((COOTensor(Tensor([[1, 0], [0, 1]], ms.int64), Tensor([1.0, 2.0]), (2, 2)), COOTensor(Tensor([[0, 0], [1, 2]], ms.int64), Tensor([3.0, 4.0]), (2, 3))), 1)",
        "coo_concat_0": "ops.coo_concat((COOTensor(Tensor([[1, 0], [0, 1]], ms.int64), Tensor([1.0, 2.0]), (2, 2)), COOTensor(Tensor([[0, 0], [1, 1]], ms.int64), Tensor([3.0, 4.0]), (3, 2))), 0)",
        "coo_concat_one": "ops.coo_concat((COO64,), 0)",
        "coo_concat_int32": "ops.coo_concat((COO, COO), 0)",
        "coo_getters": "(ops.coo_tensor_get_dense_shape(COO), ops.coo_tensor_get_indices(COO), ops.coo_tensor_get_values(COO))",
        "csr_getters": "(ops.csr_tensor_get_dense_shape(CSR), ops.csr_tensor_get_indices(CSR), ops.csr_tensor_get_values(CSR), ops.csr_tensor_get_indptr(CSR))",
        "row_getters": "(ops.row_tensor_get_dense_shape(RT), ops.row_tensor_get_indices(RT), ops.row_tensor_get_values(RT))",
        "row_tensor_add": "ops.row_tensor_add(RT, Tensor([1.0, 10.0]))",
        "make_coo_tensor": "ops.make_coo_tensor(Tensor([[0, 1]], ms.int32), Tensor([2.0]), (2, 2))",
        "make_csr_tensor": "ops.make_csr_tensor(Tensor([0, 1, 1], ms.int32), Tensor([1], ms.int32), Tensor([2.0]), (2, 2))",
        "make_row_tensor": "ops.make_row_tensor(Tensor([1]), Tensor([[2.0, 3.0]]), (3, 2))",
        "make_row_tensor_inner": "ops.make_row_tensor_inner(Tensor([1]), Tensor([[2.0, 3.0]]), (3, 2))",
        "make_sparse_tensor": "ops.make_sparse_tensor(Tensor([[0, 1]], ms.int32), Tensor([2.0]), (2, 2))",
        "coo2csr": "ops.coo2csr(Tensor([0, 0, 2], ms.int32), 4)",
        "csr2coo": "ops.csr2coo(Tensor([0, 2, 2, 3], ms.int32), 3)",
        "csr_to_coo": "ops.csr_to_coo(CSR)",
        "csr_to_coo_int64": "ops.csr_to_coo(CSRTensor(Tensor([0, 1, 1], ms.int64), Tensor([1], ms.int64), Tensor([2.0]), (2, 2)))",
        "csr_to_coo_wrong": "ops.csr_to_coo(COO)",
        "csr_to_dense": "ops.csr_to_dense(CSR)",
        "csr_to_dense_wrong": "ops.csr_to_dense(D34)",
        "dense_to_sparse_coo": "ops.dense_to_sparse_coo(Tensor([[0, 1.5], [2.0, 0]], ms.float32))",
        "dense_to_sparse_coo_int": "ops.dense_to_sparse_coo(Tensor([[0, 3], [4, 0]], ms.int32))",
        "dense_to_sparse_coo_3d": "ops.dense_to_sparse_coo(Tensor(np.ones((2, 2, 2), np.float32)))",
        "dense_to_sparse_csr": "ops.dense_to_sparse_csr(Tensor([[0, 1.5, 3.0], [2.0, 0, 0]], ms.float32))",
        "dense_to_sparse_numpy": "ops.dense_to_sparse_csr(np.ones((2, 2)))",
        "csr_mul": "ops.csr_mul(CSR, D34)",
        "csr_mul_col": "ops.csr_mul(CA, Tensor([[2.0], [3.0]]))",
        "csr_mul_scalar": "ops.csr_mul(CA, Tensor(2.0))",
        "csr_mul_number": "ops.csr_mul(CA, 2)",
        "csr_div": "ops.csr_div(CSR, D34P)",
        "csr_div_scalar": "ops.csr_div(CA, Tensor(4.0))",
        "csr_mv": "ops.csr_mv(CSR, Tensor(np.arange(4, dtype=np.float32).reshape(4, 1)))",
        "csr_mv_rows": "ops.csr_mv(CA, Tensor(np.ones((4, 1), np.float32)))",
        "csr_mm": "ops.csr_mm(CSR, CSRTensor(Tensor([0, 1, 2, 3, 3], ms.int32), Tensor([0, 1, 0], ms.int32), Tensor([1.0, 2.0, 3.0]), (4, 2)))",
        "csr_mm_dense_arg": "ops.csr_mm(CSR, D42)",
        "csr_reduce_sum": "ops.csr_reduce_sum(CSR, 1)",
        "csr_reduce_sum_neg": "ops.csr_reduce_sum(CA, -1)",
        "csr_reduce_sum_0": "ops.csr_reduce_sum(CA, 0)",
        "csr_gather": "ops.csr_gather(Tensor([0, 1, 2], ms.int32), Tensor([1, 0], ms.int32), Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), (2, 3))",
        "csr_softmax": "ops.csr_softmax(CS, ms.float32)",
        "csr_add": "ops.csr_add(CA, CB, Tensor(1.0), Tensor(2.0))",
        "csr_add_cancel": "ops.csr_add(CA, CA, Tensor(1.0), Tensor(-1.0))",
        "coalesce": "ops.coalesce(Tensor([[0, 0, 1], [1, 1, 2]], ms.int64), Tensor([1.0, 5.0, 4.0]), Tensor([3, 3], ms.int64))",
        "coalesce_sort": "ops.coalesce(Tensor([[2, 0, 0], [1, 1, 1]], ms.int64), Tensor([1.0, 5.0, 4.0]), Tensor([3, 3], ms.int64))",
        "coalesce_f64": "ops.coalesce(Tensor([[0, 0], [1, 1]], ms.int64), Tensor([1.0, 5.0], ms.float64), Tensor([3, 3], ms.int64))",
        "coalesce_int32": "ops.coalesce(Tensor([[0, 0], [1, 1]], ms.int32), Tensor([1.0, 5.0]), Tensor([3, 3], ms.int64))",
        "coalesce_oob": "ops.coalesce(Tensor([[0, 5], [1, 1]], ms.int64), Tensor([1.0, 5.0]), Tensor([3, 3], ms.int64))",
        "Coalesce": "ops.Coalesce()(Tensor([[2, 0, 0], [1, 1, 1]], ms.int64), Tensor([1.0, 5.0, 4.0]), Tensor([3, 3], ms.int64))",
        "sparse_segment_mean": "ops.sparse_segment_mean(D34, Tensor([0, 1, 2], ms.int32), Tensor([0, 0, 1], ms.int32))",
        "sparse_segment_mean_gap": "ops.sparse_segment_mean(D34, Tensor([0, 1, 2], ms.int32), Tensor([0, 0, 2], ms.int32))",
        "sparse_segment_mean_repeat": "ops.sparse_segment_mean(D34, Tensor([2, 2, 0], ms.int64), Tensor([0, 1, 1], ms.int64))",
        "sparse_segment_mean_int": "ops.sparse_segment_mean(Tensor(np.arange(12, dtype=np.int32).reshape(3, 4)), Tensor([0, 1, 2], ms.int32), Tensor([0, 0, 1], ms.int32))",
        # primitives and Cells
        "SparseToDense": "ops.SparseToDense()(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1.0, 2.0]), (3, 4))",
        "SparseToDense_dup": "ops.SparseToDense()(Tensor([[0, 1], [0, 1]], ms.int32), Tensor([1.0, 2.0]), (3, 4))",
        "SparseTensorDenseAdd": "ops.SparseTensorDenseAdd()(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1.0, 2.0]), Tensor([3, 4], ms.int32), Tensor(np.ones((3, 4), np.float32)))",
        "SparseTensorDenseAdd_tuple": "ops.SparseTensorDenseAdd()(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1.0, 2.0]), (3, 4), Tensor(np.ones((3, 4), np.float32)))",
        "SparseTensorDenseMatmul": "ops.SparseTensorDenseMatmul()(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([-1.0, 2.0]), (3, 4), D42)",
        "SparseTensorDenseMatmul_adj": "ops.SparseTensorDenseMatmul(adjoint_st=True, adjoint_dt=True)(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([-1.0, 2.0]), (3, 4), Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)))",
        "SparseTensorDenseMatmul_shape_tensor": "ops.SparseTensorDenseMatmul()(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([-1.0, 2.0]), Tensor([3, 4], ms.int32), D42)",
        "SparseTensorDenseMatmul_bad_flag": "ops.SparseTensorDenseMatmul(adjoint_st=1)",
        "SparseSlice": "ops.SparseSlice()(Tensor([[0, 1], [1, 2], [1, 3], [2, 2]], ms.int64), Tensor([1, 2, 3, 4], ms.int64), Tensor([3, 4], ms.int64), Tensor([0, 1], ms.int64), Tensor([2, 3], ms.int64))",
        "SparseSlice_clip": "ops.SparseSlice()(Tensor([[0, 1], [1, 2], [1, 3], [2, 2]], ms.int64), Tensor([1.0, 2.0, 3.0, 4.0]), Tensor([3, 4], ms.int64), Tensor([1, 0], ms.int64), Tensor([5, 3], ms.int64))",
        "SparseGatherV2": "ops.SparseGatherV2()(D34, Tensor([1, 2], ms.int32), 1)",
        "nn_SparseToDense": "nn.SparseToDense()(COO)",
        "nn_SparseTensorDenseMatmul": "nn.SparseTensorDenseMatmul()(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([-1.0, 2.0]), (3, 4), D42)",
        "nn_SparseTensorDenseMatmul_adj": "nn.SparseTensorDenseMatmul(adjoint_st=True)(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([-1.0, 2.0]), (3, 4), Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)))",
    }
)


def encode(out) -> list:
    if isinstance(out, str):
        return [{"text": out}]
    outs = (
        list(out)
        if isinstance(out, list)
        or (isinstance(out, tuple) and not all(isinstance(v, int) for v in out))
        else [out]
    )
    rows = []
    for o in outs:
        if isinstance(o, COOTensor | ms.SparseTensor):
            rows.append(
                {
                    "kind": "COOTensor",
                    "shape": list(o.shape),
                    "indices": _array(o.indices),
                    "values": _array(o.values),
                }
            )
        elif isinstance(o, CSRTensor):
            rows.append(
                {
                    "kind": "CSRTensor",
                    "shape": list(o.shape),
                    "indptr": _array(o.indptr),
                    "indices": _array(o.indices),
                    "values": _array(o.values),
                }
            )
        elif isinstance(o, RowTensor) or type(o).__name__ in ("RowTensorInner", "RowTensor"):
            rows.append(
                {
                    "kind": "RowTensor",
                    "shape": list(o.dense_shape),
                    "indices": _array(o.indices),
                    "values": _array(o.values),
                }
            )
        elif isinstance(o, tuple):
            rows.append({"tuple": list(o)})
        elif isinstance(o, int | float | str):
            rows.append({"scalar": o})
        else:
            rows.append(_array(o))
    return rows


def main() -> int:
    env = {
        "np": np,
        "ms": ms,
        "ops": ops,
        "nn": nn,
        "Tensor": Tensor,
        "COOTensor": COOTensor,
        "CSRTensor": CSRTensor,
        "RowTensor": RowTensor,
    }
    env.update({k: eval(v, env) for k, v in INPUTS.items()})
    return expression_cases.run(
        OUT,
        INPUTS,
        CASES,
        lambda _, expr: expression_cases.evaluate(expr, env, encode, strip=True),
        show_message=True,
    )


if __name__ == "__main__":
    sys.exit(main())
