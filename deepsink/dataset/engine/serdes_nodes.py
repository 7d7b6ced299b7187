"""The JSON form of a pipeline's nodes and samplers, as MindSpore 2.10 writes and reads it.

Each node is ``{"op_type": <2.10's node name>, "children": [...], <its parameters>}``; sources carry
their ``sampler`` (``child_sampler`` for chains), file sources their sharding and shuffle fields.
``node_json`` writes a node, ``node_from_json`` rebuilds one; what 2.10 cannot rebuild (Python
sources, filter, ...) raises 2.10's RuntimeError ``Invalid data, unsupported operation type: ...``.
"""

from __future__ import annotations

from typing import Any

from deepsink.dataset.engine.serdes_operations import operations_from_json, operations_json

CONNECTOR = 16  # MindSpore's default connector queue size


def _workers(node: Any) -> int:
    from deepsink.dataset import config

    return node.num_parallel_workers or config.get_num_parallel_workers()


# -- samplers ----------------------------------------------------------------------------------
def sampler_json(s: Any) -> dict:
    from deepsink.dataset.engine import samplers as sm

    name, n = type(s).__name__, s.num_samples or 0
    if isinstance(s, sm.DistributedSampler):
        from deepsink.dataset import config

        out = {
            "even_dist": True,
            "num_samples": n,
            "num_shards": s.num_shards,
            "offset": s.offset,
            "sampler_name": name,
            "seed": config.get_seed() + 1,
            "shard_id": s.shard_id,
            "shuffle_mode": 2 if s.shuffle else 0,
        }
    elif isinstance(s, sm.WeightedRandomSampler):
        out = {
            "num_samples": n,
            "replacement": s.replacement,
            "sampler_name": name,
            "weights": [float(w) for w in s.weights],
        }
    elif isinstance(s, sm.PKSampler):
        out = {"num_samples": n, "num_val": s.num_val, "sampler_name": name, "shuffle": s.shuffle}
    elif isinstance(s, sm.SubsetSampler):  # SubsetRandomSampler too
        out = {"indices": [int(i) for i in s.indices_], "num_samples": n, "sampler_name": name}
    elif isinstance(s, sm.RandomSampler):
        out = {
            "num_samples": n,
            "replacement": s.replacement,
            "reshuffle_each_epoch": True,
            "sampler_name": name,
            "shuffle_mode": 2,
        }
    elif isinstance(s, sm.SequentialSampler):
        out = {"num_samples": n, "sampler_name": name, "start_index": s.start_index}
    else:
        raise RuntimeError(f"Invalid data, unsupported sampler type: {name}")
    child = getattr(s, "child_sampler", None)
    if child is not None:
        out["child_sampler"] = [sampler_json(child)]
    return out


def sampler_from_json(j: dict) -> Any:
    from deepsink.dataset.engine import samplers as sm

    if "num_samples" not in j:
        raise RuntimeError("Failed to find num_samples")
    if "sampler_name" not in j:
        raise RuntimeError("Failed to find sampler_name")
    name, n = j["sampler_name"], j["num_samples"] or None
    make = {
        "DistributedSampler": lambda: sm.DistributedSampler(
            j["num_shards"], j["shard_id"], shuffle=bool(j.get("shuffle_mode", 0)),
            num_samples=n, offset=j.get("offset", -1),
        ),
        "PKSampler": lambda: sm.PKSampler(j["num_val"], shuffle=j.get("shuffle", False), num_samples=n),
        "RandomSampler": lambda: sm.RandomSampler(bool(j.get("replacement", False)), n),
        "SequentialSampler": lambda: sm.SequentialSampler(j.get("start_index", 0), n),
        "SubsetSampler": lambda: sm.SubsetSampler(j["indices"], n),
        "SubsetRandomSampler": lambda: sm.SubsetRandomSampler(j["indices"], n),
        "WeightedRandomSampler": lambda: sm.WeightedRandomSampler(
            j["weights"], n, bool(j.get("replacement", True))
        ),
    }  # fmt: skip
    if name not in make:
        raise RuntimeError(f"Invalid data, unsupported sampler type: {name}")
    s = make[name]()
    for child in j.get("child_sampler", []):
        s.add_child(sampler_from_json(child))
    return s


# -- nodes -------------------------------------------------------------------------------------
def _file_fields(node: Any) -> dict:
    """Sharding fields of the file sources (their sampler is their shard and shuffle choice)."""
    smp = node.sampler
    return {
        "num_shards": getattr(node, "num_shards", None) or getattr(smp, "num_shards", 1),
        "shard_id": getattr(node, "shard_id", None) or getattr(smp, "shard_id", 0),
    }


def _source_json(node: Any) -> dict:
    from deepsink.dataset.engine import file_sources as fs
    from deepsink.dataset.engine import sources as src

    kind = type(node).__name__
    if isinstance(node, src.MnistDataset | src.Cifar10Dataset | fs.Cifar100Dataset):
        return {
            "dataset_dir": node.dataset_dir,
            "sampler": sampler_json(node.sampler),
            "usage": node.usage or "all",
        }
    if isinstance(node, src.ImageFolderDataset):
        return {
            "class_indexing": {} if node._user_classes is None else dict(node.class_indexing),
            "dataset_dir": node.dataset_dir,
            "decode": node.decode,
            "extensions": node.extensions,
            "recursive": False,
            "sampler": sampler_json(node.sampler),
        }
    if kind == "VOCDataset":
        return {
            "class_indexing": node.user_class_indexing,
            "dataset_dir": node.dataset_dir,
            "decode": node.decode,
            "extra_metadata": False,
            "sampler": sampler_json(node.sampler),
            "task": node.task,
            "usage": node.usage,
        }
    if kind == "TFRecordDataset":
        mode = getattr(node.shuffle_mode, "name", "FALSE")
        return {
            "columns_list": node.columns_list,
            "compression_type": node.compression_type or "",
            "dataset_files": list(node.dataset_files),
            "num_samples": node.num_samples or 0,
            "num_shards": node.num_shards or 1,
            "schema_file_path": node.schema_file,
            "shard_equal_rows": bool(node.shard_equal_rows),
            "shard_id": node.shard_id or 0,
            "shuffle": {"FALSE": 0, "FILES": 1, "GLOBAL": 2, "INFILE": 3}.get(mode, 2),
            "shuffle_files": mode in ("FILES", "GLOBAL"),
            "shuffle_global": mode == "GLOBAL",
        }
    if kind == "CelebADataset":
        return {
            "dataset_dir": node.dataset_dir,
            "decode": node.decode,
            "extensions": node.extensions,
            "sampler": sampler_json(node.sampler),
            "usage": node.usage,
        }
    if kind in ("CocoDataset", "FlickrDataset"):
        out = {
            "annotation_file": node.annotation_file,
            "dataset_dir": node.dataset_dir,
            "decode": node.decode,
            "sampler": sampler_json(node.sampler),
        }
        if kind == "CocoDataset":
            out.update(extra_metadata=node.extra_metadata, task=node.task)
        return out
    if kind == "ManifestDataset":
        return {
            "class_indexing": node._user_classes,
            "dataset_file": node.dataset_file,
            "decode": node.decode,
            "sampler": sampler_json(node.sampler),
            "usage": node.usage,
        }
    if isinstance(node, fs.TextFileDataset) or kind in ("CSVDataset", "CLUEDataset"):
        smp = node.sampler
        out = {
            "dataset_files": list(node.dataset_files),
            "num_samples": smp.num_samples or 0,
            **_file_fields(node),
            "shuffle": 2
            if getattr(smp, "random", False) or type(smp).__name__ == "RandomSampler"
            else 0,
        }
        if kind == "CSVDataset":
            out.update(column_names=list(node._names), field_delim=node.field_delim)
        if kind == "CLUEDataset":  # 2.10 names its file list dataset_dir
            out.update(dataset_dir=out.pop("dataset_files"), task=node.task, usage=node.usage)
        return out
    if kind in ("GeneratorDataset", "NumpySlicesDataset"):
        return {
            "op_type": "GeneratorDataset",
            "num_parallel_workers": node.num_parallel_workers or 1,
        }
    raise RuntimeError(f"Invalid data, unsupported operation type: {kind}")


def node_json(node: Any) -> dict:
    from deepsink.dataset.engine import mapping, nodes

    kind = type(node).__name__
    out: dict[str, Any] = {"children": [node_json(c) for c in node.children]}
    pipeline = True  # a node with workers and a connector queue
    if isinstance(node, mapping.MapDataset):
        out.update(
            op_type="Map",
            callback=[],
            input_columns=list(node.input_columns),
            output_columns=list(node.output_columns),
            operations=operations_json(node.operations),
        )
    elif isinstance(node, nodes.BatchDataset):
        out.update(
            op_type="Batch",
            batch_size=node.batch_size if not callable(node.batch_size) else 1,
            drop_remainder=node.drop_remainder,
            input_columns=node.input_columns,
            output_columns=[],
        )
        if getattr(
            node.per_batch_map, "_deepsink_own", False
        ):  # padded_batch: 2.10 keeps no pad_info
            out["input_columns"] = []
        elif node.per_batch_map is not None:
            out["per_batch_map"] = "pyfunc"
    elif isinstance(node, nodes.FilterDataset):
        out.update(
            op_type="Filter",
            input_columns=node.input_columns,
            predicate="pyfunc",
            num_parallel_workers=_workers(node),
        )
        pipeline = False
    elif isinstance(node, nodes.ShuffleDataset):
        out.update(op_type="Shuffle", buffer_size=node.buffer_size, reset_each_epoch=True)
        pipeline = False
    elif isinstance(node, nodes.RepeatDataset | nodes.TakeDataset | nodes.SkipDataset):
        out.update(op_type=kind[: -len("Dataset")], count=-1 if node.count is None else node.count)
        pipeline = False
    elif isinstance(node, nodes.ProjectDataset):
        out.update(op_type="Project", columns=list(node._column_names()))
        pipeline = False
    elif isinstance(node, nodes.RenameDataset):
        before, after = node.children[0]._column_names(), node._column_names()
        changed = [(b, a) for b, a in zip(before, after) if b != a]
        out.update(
            op_type="Rename",
            input_columns=[b for b, _ in changed],
            output_columns=[a for _, a in changed],
        )
        pipeline = False
    elif isinstance(node, nodes.ZipDataset):
        out.update(op_type="Zip")
    elif kind == "TransferDataset":
        out.update(
            op_type="Transfer",
            create_data_info_queue=node._create_data_info_queue,
            device_id=node.device_id,
            device_type=node.device_type,
            queue_name=node.queue_name,
            send_epoch_end=node._send_epoch_end,
            total_batch=getattr(node.children[0], "__total_batch__", 0),
        )
        pipeline = False
    elif isinstance(node, nodes.ConcatDataset):
        sizes = [c.get_dataset_size() for c in node.children]
        out.update(
            op_type="Concat",
            children_flag_and_nums=[[1, s] for s in sizes],
            children_sizes=sizes,
            children_start_end_index=[[-1, -1] for _ in sizes],
            sampler={"num_samples": 0, "sampler_name": "SequentialSampler", "start_index": 0},
        )
        pipeline = False
    elif not node.children:
        out.update({"op_type": kind, **_source_json(node)})
    else:
        raise RuntimeError(f"Invalid data, unsupported operation type: {kind}")
    if pipeline and "num_parallel_workers" not in out:
        out.update(num_parallel_workers=_workers(node))
    if pipeline:
        out["connector_queue_size"] = CONNECTOR
    return out


def _source_from_json(j: dict, op: str) -> Any:
    import deepsink.dataset as ds

    workers = j.get("num_parallel_workers")
    if op in ("MnistDataset", "Cifar10Dataset", "Cifar100Dataset"):
        return getattr(ds, op)(
            j["dataset_dir"],
            usage=j.get("usage"),
            sampler=sampler_from_json(j["sampler"]),
            num_parallel_workers=workers,
        )
    if op == "ImageFolderDataset":
        return ds.ImageFolderDataset(
            j["dataset_dir"],
            sampler=sampler_from_json(j["sampler"]),
            extensions=j.get("extensions") or None,
            class_indexing=j.get("class_indexing") or None,
            decode=j.get("decode", False),
            num_parallel_workers=workers,
        )
    if op == "VOCDataset":
        return ds.VOCDataset(
            j["dataset_dir"],
            task=j.get("task", "Segmentation"),
            usage=j.get("usage", "train"),
            class_indexing=j.get("class_indexing") or None,
            decode=j.get("decode", False),
            sampler=sampler_from_json(j["sampler"]),
            extra_metadata=j.get("extra_metadata", False),
            num_parallel_workers=workers,
        )
    if op == "CelebADataset":
        return ds.CelebADataset(
            j["dataset_dir"],
            usage=j.get("usage", "all"),
            sampler=sampler_from_json(j["sampler"]),
            decode=j.get("decode", False),
            extensions=j.get("extensions") or None,
            num_parallel_workers=workers,
        )
    if op == "CocoDataset":
        return ds.CocoDataset(
            j["dataset_dir"],
            j["annotation_file"],
            task=j.get("task", "Detection"),
            decode=j.get("decode", False),
            sampler=sampler_from_json(j["sampler"]),
            extra_metadata=j.get("extra_metadata", False),
            num_parallel_workers=workers,
        )
    if op == "FlickrDataset":
        return ds.FlickrDataset(
            j["dataset_dir"],
            j["annotation_file"],
            decode=j.get("decode", False),
            sampler=sampler_from_json(j["sampler"]),
            num_parallel_workers=workers,
        )
    if op == "ManifestDataset":
        return ds.ManifestDataset(
            j["dataset_file"],
            usage=j.get("usage", "train"),
            sampler=sampler_from_json(j["sampler"]),
            class_indexing=j.get("class_indexing") or None,
            decode=j.get("decode", False),
            num_parallel_workers=workers,
        )
    shards = j.get("num_shards", 1)
    sharding = {"num_shards": shards, "shard_id": j.get("shard_id", 0)} if shards > 1 else {}
    if op == "TFRecordDataset":
        shuffle = {0: False, 1: ds.Shuffle.FILES, 2: ds.Shuffle.GLOBAL, 3: ds.Shuffle.INFILE}[
            j.get("shuffle", 0)
        ]
        return ds.TFRecordDataset(
            j["dataset_files"],
            schema=j.get("schema_file_path") or None,
            columns_list=j.get("columns_list") or None,
            num_samples=j.get("num_samples") or None,
            shuffle=shuffle,
            shard_equal_rows=j.get("shard_equal_rows", False),
            compression_type=j.get("compression_type") or None,
            num_parallel_workers=workers,
            **sharding,
        )
    if op == "CLUEDataset":
        return ds.CLUEDataset(
            j["dataset_dir"],
            task=j.get("task", "AFQMC"),
            usage=j.get("usage", "train"),
            num_samples=j.get("num_samples") or None,
            shuffle=bool(j.get("shuffle", 0)),
            num_parallel_workers=workers,
            **sharding,
        )
    if op in ("CSVDataset", "TextFileDataset"):
        extra = (
            {
                "field_delim": j.get("field_delim", ","),
                "column_names": j.get("column_names") or None,
            }
            if op == "CSVDataset"
            else {}
        )
        return getattr(ds, op)(
            j["dataset_files"],
            num_samples=j.get("num_samples") or None,
            shuffle=bool(j.get("shuffle", 0)),
            num_parallel_workers=workers,
            **extra,
            **sharding,
        )
    raise RuntimeError(f"Invalid data, unsupported operation type: {op}")


def node_from_json(j: dict) -> Any:
    import deepsink.dataset as ds

    if "children" not in j:
        raise RuntimeError("Failed to find children")
    if "op_type" not in j:
        raise RuntimeError("Failed to find op_type in json.")
    op, kids = j["op_type"], [node_from_json(c) for c in j["children"]]
    if not kids:
        return _source_from_json(j, op)
    if len(kids) > 1 and op not in ("Zip", "Concat"):
        raise RuntimeError(f"Invalid data, unsupported operation type: {op}")
    child, workers = kids[0], j.get("num_parallel_workers")
    make = {
        "Zip": lambda: ds.zip(tuple(kids)),
        "Concat": lambda: kids[0].concat(kids[1:]),
        "Map": lambda: child.map(operations_from_json(j["operations"]), j.get("input_columns") or None,
                                 j.get("output_columns") or None, num_parallel_workers=workers),
        "Batch": lambda: child.batch(j["batch_size"], j.get("drop_remainder", False), num_parallel_workers=workers),
        "Shuffle": lambda: child.shuffle(j["buffer_size"]),
        "Repeat": lambda: child.repeat(j["count"]),
        "Take": lambda: child.take(j["count"]),
        "Skip": lambda: child.skip(j["count"]),
        "Project": lambda: child.project(j["columns"]),
        "Rename": lambda: child.rename(j["input_columns"], j["output_columns"]),
        "Transfer": lambda: child.device_que(j.get("send_epoch_end", True), j.get("create_data_info_queue", False),
                                             j.get("queue_name", "")),
    }  # fmt: skip
    if op not in make:
        raise RuntimeError(f"Invalid data, unsupported operation type: {op}")
    if j.get("per_batch_map") is not None:
        raise RuntimeError(
            "Invalid data, the per_batch_map of a Batch (a Python function) cannot be rebuilt"
        )
    return make[op]()


__all__ = ["node_json", "node_from_json", "sampler_json", "sampler_from_json"]
