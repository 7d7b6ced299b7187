"""scripts/count_duplicates.py blanks every docstring and nothing else, keeping line numbers."""

import ast
import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("count_dup", ROOT / "scripts/count_duplicates.py")
count_dup = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(count_dup)

SOURCE = '''"""Module text,
on two lines."""
x = "not a docstring"


class A:
    """Class text."""

    y = """also not one"""

    def f(self):  # a comment
        """Method text,
        three
        lines."""
        return 1


async def g():
    r"""Raw text."""; z = 2
    return z
'''


def test_docstrings_blanked_lines_kept():
    out = count_dup.blank_docstrings(SOURCE)
    lines = out.splitlines()
    assert len(lines) == len(SOURCE.splitlines())
    for i, line in enumerate(SOURCE.splitlines()):
        if "text" not in line.lower() and "lines." not in line and line.strip() != "three":
            assert lines[i] == line, (i, line, lines[i])
    assert "text" not in out.lower()
    assert lines[0] == '""' and lines[6] == '    ""' and lines[11] == '        ""'
    assert lines[18] == '    ""; z = 2'
    tree = ast.parse(out)
    kept = [
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]
    assert "not a docstring" in kept and "also not one" in kept
