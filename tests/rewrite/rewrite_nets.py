"""Networks and edits for the rewrite tests, run unchanged by MindSpore 2.10
(scripts/record_rewrite.py, with ``deepsink`` naming mindspore) and by deepsink
(tests/rewrite/test_rewrite.py); ``describe`` and ``EDITS`` give what both compare."""

import re

from deepsink import nn, ops
from deepsink.rewrite import Node, NodeType, ScopedValue, SymbolTree


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        x = self.fc3(x)
        return x


class ResidualBlock(nn.Cell):
    def __init__(self, channels=4):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3)
        self.bn2 = nn.BatchNorm2d(channels)
        self.relu = nn.ReLU()
        self.add = ops.Add()

    def construct(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out = self.add(out, identity)
        out = out * 2 + identity
        return self.relu(out)


class ControlFlowNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.relu = nn.ReLU()
        self.scale = 2

    def construct(self, x, y=None):
        x = self.dense(x)
        if y is not None:
            x = x + y
        for _ in range(2):
            x = self.relu(x)
        z = (x, self.scale)
        w = z[0]
        return w, x


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.relu = nn.ReLU()

    def construct(self, x):
        x = self.dense(x)
        x = self.relu(x)
        return x


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.block1 = Inner()
        self.block2 = Inner()
        self.mul = ops.Mul()

    def construct(self, x):
        a = self.block1(x)
        b = self.block2(x)
        return self.mul(a, b)


class ContainerNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.seq = nn.SequentialCell([nn.Dense(4, 4), nn.ReLU()])
        self.abs = ops.Abs()

    def construct(self, x):
        x = self.seq(x)
        x = self.abs(x)
        x = ops.relu(x)
        return x


NETS = {
    "lenet": LeNet5,
    "residual": ResidualBlock,
    "control_flow": ControlFlowNet,
    "nested": Outer,
    "container": ContainerNet,
}
INPUT_SHAPES = {
    "lenet": (1, 1, 32, 32),
    "residual": (1, 4, 8, 8),
    "control_flow": (2, 4),
    "nested": (2, 4),
    "container": (2, 4),
}


def _values(values):
    return [str(v) for v in values]


def describe(stree):
    """Each node: name, type, type of its instance, targets, args, kwargs, inputs, users."""
    out = []
    for n in stree.nodes():
        out.append(
            [
                n.get_name(),
                str(n.get_node_type()),
                n.get_instance_type().__name__,
                _values(n.get_targets()),
                _values(n.get_args()),
                {k: str(v) for k, v in n.get_kwargs().items()},
                [i.get_name() for i in n.get_inputs()],
                [u.get_name() for u in n.get_users()],
            ]
        )
    return out


def code_text(stree):
    """get_code() with the network file's folder replaced by <dir>, and the number MindSpore
    gives the class of each further tree of one network class (LeNet5Opt_3) dropped."""
    code = re.sub(
        r"sys\.path\.insert\(0, r?'[^']*'\)", "sys.path.insert(0, '<dir>')", stree.get_code()
    )
    return re.sub(r"Opt_\d+\b", "Opt", code)


def insert_after(stree):
    """A ReLU after the first call of the tree, reading its output."""
    first = next(n for n in stree.nodes() if n.get_node_type() not in (NodeType.Input,))
    target = str(first.get_targets()[0])
    new = Node.create_call_cell(
        nn.ReLU(),
        targets=[stree.unique_name(target)],
        name="new_relu",
        args=[ScopedValue.create_naming_value(target)],
    )
    stree.insert(stree.after(first), new)
    for user in first.get_users():
        if user != new:
            for i, arg in enumerate(user.get_args()):
                if str(arg) == target:
                    user.set_arg_by_node(i, new)
    return stree


def erase_relu(stree):
    """Erase the last ReLU call (its users read its input instead); none: no change."""
    relus = [n for n in stree.nodes() if n.get_instance_type() is nn.ReLU]
    if not relus:
        return stree
    relu = relus[-1]
    src = relu.get_inputs()[0]
    for user in relu.get_users():
        for i, arg in enumerate(user.get_args()):
            if str(arg) in _values(relu.get_targets()):
                user.set_arg_by_node(i, src)
    stree.erase(relu)
    return stree


def replace_first_cell(stree):
    """Replace the first Cell call with a Tanh on the same arguments and targets."""
    kinds = (NodeType.CallCell, NodeType.Tree, NodeType.CellContainer, NodeType.CallPrimitive)
    old = next(n for n in stree.nodes() if n.get_node_type() in kinds)
    new = Node.create_call_cell(
        nn.Tanh(), targets=old.get_targets(), args=old.get_args(), name="tanh"
    )
    stree.replace(old, [new])
    return stree


def edit_sub_tree(stree):
    """In the first sub-tree, a ReLU before its return, which returns it."""
    tree_node = next(n for n in stree.nodes() if n.get_node_type() == NodeType.Tree)
    sub = tree_node.get_sub_tree()
    ret = next(n for n in sub.nodes() if n.get_node_type() == NodeType.Output)
    name = sub.unique_name("x")
    sub.insert(
        sub.before(ret),
        Node.create_call_cell(
            nn.ReLU(), targets=[name], name="sub_relu", args=[ScopedValue.create_naming_value("x")]
        ),
    )
    sub.set_output(0, name)
    return stree


EDITS = {
    "insert_after": insert_after,
    "erase_relu": erase_relu,
    "replace_first_cell": replace_first_cell,
}
EDITS_NESTED = {"edit_sub_tree": edit_sub_tree}


def errors():
    """MindSpore's exception type and message for bad arguments."""
    cases = {
        "create_not_cell": lambda: SymbolTree.create(3),
        "get_node_int": lambda: SymbolTree.create(LeNet5()).get_node(3),
        "call_cell_not_cell": lambda: Node.create_call_cell(3, ["x"]),
        "call_cell_targets": lambda: Node.create_call_cell(nn.ReLU(), [3]),
        "call_cell_args": lambda: Node.create_call_cell(nn.ReLU(), ["x"], [3]),
        "naming_value_int": lambda: ScopedValue.create_naming_value(3),
        "name_values_length": lambda: ScopedValue.create_name_values(["a", "b"], ["self"]),
        "insert_twice": lambda: _insert_twice(),
        "erase_foreign": lambda: SymbolTree.create(LeNet5()).erase(
            SymbolTree.create(LeNet5()).get_node("conv1")
        ),
        "set_output_index": lambda: SymbolTree.create(LeNet5()).set_output(3, "x"),
    }
    out = {}
    for name, fn in cases.items():
        try:
            fn()
            out[name] = ["no error", ""]
        except Exception as e:  # noqa: BLE001 - the recorded outcome
            out[name] = [type(e).__name__, str(e)]
    return out


def _insert_twice():
    stree = SymbolTree.create(LeNet5())
    node = stree.get_node("conv1")
    stree.insert(stree.after(node), node)
