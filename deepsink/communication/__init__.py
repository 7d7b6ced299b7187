"""``mindspore.communication``: the process group of a distributed run (see ``management``)."""

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402
from deepsink._core.unsupported import unsupported as _unsupported
from deepsink.communication.management import HCCL_WORLD_COMM_GROUP as HCCL_WORLD_COMM_GROUP
from deepsink.communication.management import MCCL_WORLD_COMM_GROUP as MCCL_WORLD_COMM_GROUP
from deepsink.communication.management import NCCL_WORLD_COMM_GROUP as NCCL_WORLD_COMM_GROUP
from deepsink.communication.management import GlobalComm as GlobalComm
from deepsink.communication.management import create_group as create_group
from deepsink.communication.management import destroy_group as destroy_group
from deepsink.communication.management import (
    get_group_rank_from_world_rank as get_group_rank_from_world_rank,
)
from deepsink.communication.management import get_group_size as get_group_size
from deepsink.communication.management import get_local_rank as get_local_rank
from deepsink.communication.management import get_local_rank_size as get_local_rank_size
from deepsink.communication.management import get_process_group_ranks as get_process_group_ranks
from deepsink.communication.management import get_rank as get_rank
from deepsink.communication.management import (
    get_world_rank_from_group_rank as get_world_rank_from_group_rank,
)
from deepsink.communication.management import init as init
from deepsink.communication.management import release as release

# Ascend's HCCL communicator name: MindSpore's CPU and GPU builds raise for it too
get_comm_name = _unsupported(
    "mindspore.communication",
    "get_comm_name",
    "it names Ascend's HCCL communicator of a group; MindSpore's CPU and GPU builds have none "
    "either, and deepsink's groups are jax.distributed's world",
    kind="function",
)

__getattr__ = _missing_names(__name__)
