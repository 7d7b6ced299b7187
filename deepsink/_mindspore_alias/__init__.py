"""The ``mindspore`` alias of ``deepsink run`` (its ``sitecustomize`` reaches child interpreters)."""
