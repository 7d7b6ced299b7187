"""``mindspore.communication._comm_helper``: the world groups' names and ``GlobalComm``, the
globals of a distributed run that ``management`` keeps and MindSpore's own tests import from here
(``from mindspore.communication._comm_helper import GlobalComm``)."""

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"


class GlobalComm:
    """MindSpore's communication globals: the backend name, the world group's name, whether
    ``init()`` has run."""

    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False
    CHECK_ENVS = True
