"""MindSpore 2.10 names that mindnlp's repository (tag v0.1.1) reads beyond its wheel:
``mindspore.ops.operations._rl_inner_ops`` (``CudnnGRU``; GPU-only, refused as 2.10's CPU build
refuses it; ``GRUV2`` in ``tests/ops/test_gruv2.py``), ``text.Vocab.c_vocab`` (the engine vocab
that mindnlp's ``Lookup`` hands to the engine's ``LookupOperation``) and the dataset classes in
``mindspore.dataset.engine``'s namespace (``Dataset``, ``TakeDataset``) and
``ops.primitive._run_op``; and what mindocr's package reads (``mindspore._checkparam``,
``log._LogActionOnce``, ``_extends.cell_attr_register``, ``train.callback._callback._handle_loss``,
``parallel._utils._is_sharding_propagation``), against 2.10's recording
(``scripts/record_library_private_names.py``). The checkpoint reader it
imports is checked in ``tests/train/test_checkpoint_bytes.py``."""

import json
import sys
from pathlib import Path

import pytest

import deepsink as ms
import deepsink.dataset as ds

sys.path.insert(0, str(Path(__file__).parent / "support"))
import library_private_cases as cases  # noqa: E402

RECORDED = json.loads(
    (Path(__file__).parent / "fixtures" / "ms" / "library_private_names.json").read_text()
)


def test_rl_inner_ops_cudnn_primitives_build_and_refuse_to_run():
    from deepsink.ops.operations import _rl_inner_ops as R

    gru = R.CudnnGRU(4, 5, 1, True, False, 0.0)
    lstm = R.LSTMV2(4, 5, 2, True, True, 0.1)
    assert (gru.input_size, gru.hidden_size, gru.bidirectional) == (4, 5, False)
    assert (lstm.num_layers, lstm.dropout, lstm.is_train) == (2, 0.1, True)
    for op in (gru, lstm):
        with pytest.raises(RuntimeError, match="GPU build only"):
            op(None, None, None)


def test_vocab_hands_its_engine_vocab_to_engine_operations():
    import deepsink._c_dataengine as cde
    from deepsink.dataset import text

    vocab = text.Vocab.from_list(["a", "b", "c"], special_tokens=["<unk>"])
    assert isinstance(vocab.c_vocab, cde.Vocab)
    assert vocab.c_vocab.vocab() == {"<unk>": 0, "a": 1, "b": 2, "c": 3}
    lookup = cde.LookupOperation(vocab.c_vocab, "<unk>", "int32")  # mindnlp's Lookup.parse()
    assert lookup(["c", "zz"]).tolist() == [3, 0]


def test_run_op_runs_the_primitives_own_kernel_from_a_subclass():
    import deepsink as ms
    from deepsink import ops
    from deepsink.ops.primitive import _run_op

    class Add(ops.Add):  # as mindnlp's legacy AllGather calls it
        def __call__(self, *args):
            return _run_op(self, self.name, args) * 10

    out = Add()(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]))
    assert out.asnumpy().tolist() == [40.0, 60.0]


def test_dataset_engine_namespace_holds_the_dataset_classes():
    from deepsink.dataset.engine import Dataset, GeneratorDataset, TakeDataset

    data = ds.NumpySlicesDataset({"x": [1, 2, 3]}, shuffle=False).take(2)
    assert isinstance(data, TakeDataset) and isinstance(data, Dataset)
    assert GeneratorDataset is ds.GeneratorDataset
    with pytest.raises(ImportError):
        from deepsink.dataset.engine import vision  # noqa: F401 - a module, not a class


@pytest.mark.parametrize("name", sorted(RECORDED["checkparam"]))
def test_checkparam_checkers_give_mindspores_values_and_errors(name):
    from deepsink import _checkparam

    call = cases.checkparam_cases(_checkparam)[name]
    assert cases.outcome(call) == RECORDED["checkparam"][name]


def test_checkparam_relation_constants_are_mindspores():
    import deepsink._checkparam as checkparam

    assert cases.constants(checkparam) == RECORDED["constants"]
    assert ms._checkparam is checkparam  # ``from mindspore import _checkparam``


def test_log_action_once_logs_a_key_once():
    assert cases.log_action_once(ms) == RECORDED["log_action_once"]


def test_cell_attr_register_records_the_init_arguments():
    assert cases.cell_attr_register(ms) == RECORDED["cell_attr_register"]


def test_handle_loss_reads_the_loss_as_mindspore_does():
    assert cases.handle_loss(ms) == RECORDED["handle_loss"]


def test_is_sharding_propagation_follows_the_search_mode():
    from deepsink.parallel._utils import _is_sharding_propagation

    assert _is_sharding_propagation() is False
    ms.set_auto_parallel_context(search_mode="sharding_propagation")
    try:
        assert _is_sharding_propagation() is True
    finally:
        ms.reset_auto_parallel_context()


def test_version_module_gives_the_mindspore_version_implemented():
    from deepsink import version

    assert version.__version__ == RECORDED["mindspore"] == "2.10.0"
