"""The ``mindspore`` alias's ``sitecustomize``: this folder goes first on a ``deepsink run``'s
``PYTHONPATH`` so that child interpreters install the alias too (``deepsink._core.alias``)."""
