"""Top-level helpers: frombuffer, swap_tensors, merge_sliced_parameter, the strategy-search
and parameter-server settings, the syntax levels (values recorded from MindSpore 2.10);
recompute (gradients equal to the plain call, remat in the program), set_recursion_limit,
ms_memory_recycle, Symbol, enable_dynamic, the inlining hints, DeviceCtx, load_checkpoint_async,
load_segmented_checkpoints, and the refused names."""

import json
import sys
from pathlib import Path

import jax
import numpy as np
import pytest

import deepsink as ms
from deepsink import Parameter, Tensor, nn

FIX = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures/ms/toplevel/misc.json").read_text()
)


def _error(fn):
    try:
        fn()
    except Exception as exc:  # noqa: BLE001
        return type(exc).__name__
    return "none"


def test_frombuffer_and_swap_match_mindspore():
    buf = bytearray(np.arange(6, dtype=np.float32).tobytes())
    assert ms.frombuffer(buf, ms.float32).asnumpy().tolist() == FIX["frombuffer_all"]
    got = ms.frombuffer(buf, ms.float32, count=2, offset=4).asnumpy().tolist()
    assert got == FIX["frombuffer_count_offset"]
    got = ms.frombuffer(buf, ms.int16, count=3, offset=2).asnumpy().tolist()
    assert got == FIX["frombuffer_int16"]
    assert _error(lambda: ms.frombuffer(buf, ms.float32, offset=3)) == FIX["frombuffer_bad_offset"]
    assert _error(lambda: ms.frombuffer(b"", ms.float32)) == FIX["frombuffer_empty"]
    a, b = Tensor([1.0, 2.0]), Tensor([[3, 4, 5]], ms.int32)
    ms.swap_tensors(a, b)
    assert [a.asnumpy().tolist(), str(a.dtype), b.asnumpy().tolist(), str(b.dtype)] == FIX["swap"]
    with pytest.raises(TypeError, match="t2"):
        ms.swap_tensors(a, 1)


def test_merge_sliced_parameter():
    parts = [
        Parameter(Tensor(np.array([0.25, 0.5, -1.0])), "emb"),
        Parameter(Tensor(np.array([2.0, 3.0, 4.0])), "emb"),
    ]
    merged = ms.merge_sliced_parameter(parts)
    assert [merged.name, merged.asnumpy().tolist(), str(merged.dtype)] == FIX["merged"]
    bad = [Parameter(Tensor([1.0]), "a"), Parameter(Tensor([1.0]), "b")]
    assert _error(lambda: ms.merge_sliced_parameter(bad)) == FIX["merge_bad_name"]
    full = np.arange(24.0).reshape(4, 6)
    # a 2x2 device matrix: rows split by device axis 1, columns by axis 0 (row-major ranks)
    slices = [
        Parameter(Tensor(full[r // 2 * 2 : (r // 2 + 1) * 2, r % 2 * 3 : (r % 2 + 1) * 3]), "w")
        for r in range(4)
    ]
    out = ms.merge_sliced_parameter(slices, {"w": {"dev_mat": [2, 2], "tensor_map": [1, 0]}})
    np.testing.assert_array_equal(out.asnumpy(), full)
    with pytest.raises(KeyError, match="'w'"):
        ms.merge_sliced_parameter(slices, {"v": {}})


def test_parallel_settings_match_mindspore():
    assert {k: ms.get_algo_parameters(k) for k in FIX["algo"]} == FIX["algo"]
    assert {k: ms.get_ps_context(k) for k in FIX["ps"]} == FIX["ps"]
    assert [ms.STRICT, ms.COMPATIBLE, ms.LAX] == FIX["levels"]
    assert _error(lambda: ms.get_algo_parameters("foo")) == FIX["algo_bad_key"]
    assert (
        _error(lambda: ms.set_algo_parameters(tensor_slice_align_size=0)) == FIX["algo_bad_align"]
    )
    try:
        with pytest.warns(UserWarning, match="no effect") if not _warned() else _Quiet():
            ms.set_algo_parameters(tensor_slice_align_size=32)
        assert ms.get_algo_parameters("tensor_slice_align_size") == 32
    finally:
        ms.reset_algo_parameters()
    assert ms.get_algo_parameters("tensor_slice_align_size") == 16
    ms.set_ps_context(enable_ssl=True)
    assert ms.get_ps_context("enable_ssl") is True
    ms.set_ps_context(enable_ssl=False)
    with pytest.raises(NotImplementedError, match="parameter-server"):
        ms.set_ps_context(enable_ps=True)
    with pytest.raises(ValueError, match="not recognized"):
        ms.get_ps_context("server_password")


def _warned():
    from deepsink.common import parallel_config

    return parallel_config._warned


class _Quiet:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_recompute_gives_the_same_gradients_and_remats():
    ms.set_seed(3)
    block = nn.SequentialCell([nn.Dense(4, 8), nn.Tanh(), nn.Dense(8, 2)])
    x = Tensor(np.random.default_rng(0).standard_normal((3, 4)).astype(np.float32))
    params = block.trainable_params()
    plain = ms.value_and_grad(lambda x: block(x).sum(), None, params)(x)
    remat = ms.value_and_grad(lambda x: ms.recompute(block, x).sum(), None, params)(x)
    np.testing.assert_allclose(remat[0].asnumpy(), plain[0].asnumpy(), rtol=1e-6)
    for g, h in zip(remat[1], plain[1]):
        np.testing.assert_allclose(g.asnumpy(), h.asnumpy(), rtol=1e-6)
    seen = []
    real = jax.checkpoint

    def spy(fn, *a, **k):
        seen.append(fn)
        return real(fn, *a, **k)

    import deepsink.common.recompute as rc

    rc.jax.checkpoint = spy
    try:
        ms.recompute(block, x)
    finally:
        rc.jax.checkpoint = real
    assert seen
    with pytest.raises(NotImplementedError, match="output_recompute"):
        ms.recompute(block, x, output_recompute=True)
    with pytest.raises(TypeError, match="block"):
        ms.recompute(3, x)


def test_graph_controls():
    old = sys.getrecursionlimit()
    try:
        ms.set_recursion_limit(5000)
        assert sys.getrecursionlimit() >= 5000
    finally:
        sys.setrecursionlimit(old)
    with pytest.raises(ValueError, match="positive"):
        ms.set_recursion_limit(0)
    ms.ms_memory_recycle()
    s = ms.Symbol(max=64, min=8, divisor=8)
    assert s.check(32) and not s.check(30) and not s.check(72)
    with pytest.raises(ValueError, match="remainder"):
        ms.Symbol(divisor=4, remainder=4)

    @ms.enable_dynamic(x=Tensor(shape=[None, 2], dtype=ms.float32))
    def double(x):
        return x * 2

    assert double(Tensor(np.ones((5, 2), np.float32))).shape == (5, 2)
    with pytest.raises(ValueError, match="does not fit"):
        double(Tensor(np.ones((5, 3), np.float32)))
    with pytest.raises(TypeError, match="Tensor spec"):
        ms.enable_dynamic(x=3)


def test_inlining_hints_warn_once_and_keep_results():
    from deepsink.common import graph_api

    graph_api._warned.discard("no_inline")
    with pytest.warns(UserWarning, match="no effect"):
        add = ms.no_inline(lambda a, b: a + b)
    assert add(1, 2) == 3
    assert ms.lazy_inline()(len)([1, 2]) == 2


def test_device_ctx():
    with ms.DeviceCtx("CPU"):
        x = ms.ops.ones((2,))
    assert list(x.asnumpy()) == [1.0, 1.0]
    assert next(iter(x._data.devices())).platform == "cpu"
    with pytest.raises(ValueError, match="name"):
        ms.DeviceCtx("NPU")


def test_async_and_segmented_checkpoints(tmp_path):
    net = nn.Dense(2, 1)
    path = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(net, path)
    other = nn.Dense(2, 1)
    got = ms.load_checkpoint_async(path, net=other).result()
    assert sorted(got) == ["bias", "weight"]
    np.testing.assert_array_equal(other.weight.asnumpy(), net.weight.asnumpy())
    with pytest.raises(ValueError):
        ms.load_checkpoint_async(str(tmp_path / "missing.ckpt")).result()
    seg = tmp_path / "seg"
    seg.mkdir()
    ms.save_checkpoint([{"name": "weight", "data": net.weight}], str(seg / "a.ckpt"))
    ms.save_checkpoint([{"name": "bias", "data": net.bias}], str(seg / "b.ckpt"))
    third = nn.Dense(2, 1)
    merged = ms.load_segmented_checkpoints(str(seg), net=third)
    assert sorted(merged) == ["bias", "weight"]
    np.testing.assert_array_equal(third.bias.asnumpy(), net.bias.asnumpy())
    with pytest.raises(ValueError, match="directory"):
        ms.load_segmented_checkpoints(path)
    assert ms.train.load_checkpoint_async is ms.load_checkpoint_async
    assert ms.train.merge_sliced_parameter is ms.merge_sliced_parameter
    assert ms.build_train_network is ms.amp.build_train_network is ms.train.build_train_network
    assert ms.get_level() == ms.log.get_level()


REFUSED = ("parameter_broadcast", "set_op_strategy_config", "register_custom_pass", "register_custom_backend",
           "CustomPassType", "register_op_infer", "register_op_wrapper", "clear_op_infer",
           "clear_op_wrapper", "ConvertNetUtils", "set_dump",
           "UntypedStorage", "ValueType", "saved_tensors_hooks", "register_saved_tensors_hooks",
           "flops_collection", "export_split_mindir",
           "convert_checkpoints", "convert_checkpoint_by_rank",
           "unified_safetensors",
           "restore_group_info_list", "rank_list_for_convert",
           "rank_list_for_transform", "get_ckpt_path_with_strategy", "merge_pipeline_strategys",
           "sync_pipeline_shared_parameters", "obfuscate_ckpt", "load_obf_params_into_net",
           "mindio_preload", "set_mindio_server_info")  # fmt: skip


@pytest.mark.parametrize("name", REFUSED)
def test_refused_names_say_why(name):
    with pytest.raises(NotImplementedError, match="not supported by deepsink: .{20,}"):
        getattr(ms, name)()


def test_strategy_file_names_need_json(tmp_path):
    with pytest.raises(NotImplementedError, match="JSON strategy files"):
        ms.build_searched_strategy(str(tmp_path / "strategy.ckpt"))
    with pytest.raises(ValueError, match="doesn't exist"):
        ms.build_searched_strategy(str(tmp_path / "none.json"))
    with pytest.raises(
        ValueError, match="'predict_strategy' is dict, the key of it must be string"
    ):
        ms.load_distributed_checkpoint(None, [], predict_strategy={"w": {}})
    with pytest.raises(ValueError, match="train_strategy_filename"):
        ms.load_distributed_checkpoint(None, ["r0.ckpt"])
