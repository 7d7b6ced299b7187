"""MindSpore's ``mindspore.nn.layer.rnn_cells`` path: the recurrent cells and their base."""

from deepsink.nn.layer.rnns import GRUCell as GRUCell
from deepsink.nn.layer.rnns import LSTMCell as LSTMCell
from deepsink.nn.layer.rnns import RNNCell as RNNCell
from deepsink.nn.layer.rnns import RNNCellBase as RNNCellBase

__all__ = ["LSTMCell", "GRUCell", "RNNCell"]
