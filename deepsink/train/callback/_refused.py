"""Callbacks of MindSpore's train module that depend on services deepsink does not have."""

from deepsink._core.unsupported import unsupported

TrainFaultTolerance = unsupported(
    "mindspore.train",
    "TrainFaultTolerance",
    "it drives MindIO TFT, Huawei's fault-tolerance service for Ascend clusters (its process "
    "monitoring, rescheduling and rollback)",
)
SummaryLandscape = unsupported(
    "mindspore.train",
    "SummaryLandscape",
    "it builds loss landscapes from the landscape records of SummaryCollector's "
    "collect_landscape (MindInsight's loss-landscape plugin), which deepsink does not write",
)
