"""``mindspore.mindrecord``: MindSpore's record format (``FileWriter``, ``FileReader``); files
interchange with MindSpore 2.10 both ways. ``deepsink.dataset.MindDataset`` reads them into a
pipeline."""

from deepsink.mindrecord.reader import FileReader as FileReader
from deepsink.mindrecord.writer import FileWriter as FileWriter
