"""``mindspore.train.summary``: SummaryRecord, which writes MindSpore's summary event files."""

from deepsink.train.summary.summary_record import SummaryRecord as SummaryRecord
