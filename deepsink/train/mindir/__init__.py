"""MindSpore's MindIR format: reading files MindSpore writes (``load``, ``nn.GraphCell``) and
writing files MindSpore reads (``export``), through one table of primitives (``primitives``)."""
