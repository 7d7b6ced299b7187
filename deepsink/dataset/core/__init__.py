"""``mindspore.dataset.core``: argument validation shared by the dataset API."""
