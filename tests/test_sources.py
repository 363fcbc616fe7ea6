"""Source rules that keep the compiled and the uncompiled build the same."""
import ast
import importlib.util
import io
import re
import tokenize

import pytest
from helpers import ROOT, SOURCE, compiled_modules, module_path

from bitboard.installation import pure


def test_no_small_int_left_shifts_or_powers_in_compiled_modules():
    # Inside a compiled function `1 << n` is C int arithmetic (1 << 31 is negative, 1 << 32 wraps)
    # and `2 ** n` is C long arithmetic (2 ** 63 overflows). Compiled modules shift ONE, a
    # declared 64-bit 1, instead.
    offenders = []
    for name in compiled_modules():
        path = module_path(name)
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
                  if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT)]
        for a, b in zip(tokens, tokens[1:]):
            if a.type == tokenize.NUMBER and b.string in ("<<", "**"):
                offenders.append(f"{path.name}:{a.start[0]}: {a.line.strip()}")
    assert offenders == []


def _code_tokens(path):
    return [t for t in tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
            if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.STRING)]


def test_the_move_code_is_spelled_only_in_its_home():
    # Shifting by 12 builds or reads the flag of a 16-bit move code: only core/encoding does that.
    home = {SOURCE / "core" / "encoding.py", SOURCE / "core" / "encoding.pxd"}
    offenders = []
    for path in sorted(SOURCE.rglob("*.py")):
        if path in home:
            continue
        tokens = _code_tokens(path)
        for a, b in zip(tokens, tokens[1:]):
            if a.string in ("<<", ">>") and b.string == "12":
                offenders.append(f"{path.relative_to(SOURCE)}:{a.start[0]}: {a.line.strip()}")
    assert offenders == []


# Each encoding has one home; these spellings of it anywhere else are a second definition.
SPELLED_ONCE = [
    # the castled king's and rook's files (g/c, f/d)
    (re.compile(r"\(6 if .* else 2\)|\(5 if .* else 3\)"), {"core/encoding.py", "core/encoding.pxd"}),
    # the datasets' move code: from + 64 * to + 4096 * promotion
    (re.compile(r"4096 \*|// 4096"), {"core/encoding.py", "core/encoding.pxd"}),
    # a square's nibble in the record's board bytes
    (re.compile(r">> \(4 \* \(|& 15, .* >> 4"), {"data/records.py"}),
    # the castling bits of one colour, by hand
    (re.compile(r"\((3|1|2) if color else (12|4|8)\)"), {"core/encoding.py", "core/encoding.pxd"}),
]


@pytest.mark.parametrize("pattern, homes", SPELLED_ONCE, ids=["castled squares", "dataset move", "nibble",
                                                              "castling bits"])
def test_each_encoding_is_spelled_only_in_its_home(pattern, homes):
    offenders = [f"{path.relative_to(SOURCE)}:{n}: {line.strip()}"
                 for path in sorted(SOURCE.rglob("*.p[yx]*")) if path.suffix in (".py", ".pxd")
                 and path.relative_to(SOURCE).as_posix() not in homes and "catalogue" not in path.parts
                 for n, line in enumerate(path.read_text().splitlines(), 1)
                 if pattern.search(line.split("#")[0])]
    assert offenders == []


def _pxd_enum(path) -> dict:
    """The names and values of the `cdef enum:` blocks of a .pxd file."""
    values, inside = {}, False
    for line in path.read_text().splitlines():
        if re.match(r"cp?def enum", line):
            inside = True
        elif inside and line.startswith("    ") and "=" in line.split("#")[0]:
            name, value = line.split("#")[0].split("=")
            values[name.strip()] = int(value.strip(), 0)
        elif line and not line.startswith(" "):
            inside = False
    return values


def test_every_enum_constant_has_its_value_in_the_uncompiled_build():
    from bitboard.core import encoding
    enum = _pxd_enum(SOURCE / "core" / "encoding.pxd")
    assert len(enum) >= 30
    assert {name: getattr(encoding, name, None) for name in enum} == enum
    for module in ("core.bits", "core.attacks", "catalogue.x88", "catalogue.move_lists"):
        enum = _pxd_enum(module_path(module).with_suffix(".pxd"))
        source = pure(module)
        assert {name: getattr(source, name, None) for name in enum} == enum, module


def test_the_encodings_agree_in_both_builds():
    # The compiled modules use the .pxd's inline functions; Move's cache and the generator's codes
    # show them. Here the plain-Python twins round-trip every code.
    from bitboard.core import encoding as e
    for code in range(1 << 16):
        flag = e.move_flag(code)
        assert e.encode_move(e.move_from(code), e.move_to(code), flag) == code
    for piece_type in range(e.KNIGHT, e.QUEEN + 1):
        assert e.flag_promotion(e.promotion_flag(piece_type)) == piece_type
    undo = e.undo_record(13, 11, e.NO_SQUARE, 4321)
    entry = e.stack_entry(undo | e.PHANTOM_EP, 0xBEEF)
    assert (e.undo_captured(entry), e.undo_castling(entry), e.undo_ep(entry), e.undo_halfmove(e.entry_undo(entry)),
            e.entry_move(entry)) == (13, 11, e.NO_SQUARE, 4321, 0xBEEF)


# What each part of the package may import (docs/architecture.md draws it), from the ground up:
# a part is a folder or a module at the package root; nothing imports a part above it.
LEAVES = {"errors", "types", "_cython_shim"}
VOCABULARY = {"squares", "piece", "squareset", "move"}  # python-chess's types, at the root
TOP = {"__init__", "cli", "distributed", "pgn", "benchmarks"}  # (anything below them)
LAYERS = {
    **{leaf: set() for leaf in LEAVES},
    "core": LEAVES,
    "installation": {"core"} | LEAVES,
    "squares": {"core"} | LEAVES,
    "pictures": {"core", "squares"} | LEAVES,
    "piece": {"core", "pictures"} | LEAVES,  # (pictures: `_repr_svg_`, lazily)
    "squareset": {"core", "squares", "pictures"} | LEAVES,
    "move": {"core", "squares", "piece"} | LEAVES,
    "notation": {"core"} | VOCABULARY | LEAVES,
    "board": {"core", "notation", "pictures"} | VOCABULARY | LEAVES,
    "catalogue": {"core", "notation", "board"} | VOCABULARY | LEAVES,
    "game_tree": {"core", "notation", "board"} | VOCABULARY | LEAVES,
    "data": {"core", "installation", "notation", "board"} | VOCABULARY | LEAVES,
    "env": {"core", "board", "data"} | VOCABULARY | LEAVES,
    "chess": {"core", "notation", "pictures", "board", "game_tree"} | VOCABULARY | LEAVES,
}


def _tool(name: str):
    """A module of the repository's tools/ folder."""
    spec = importlib.util.spec_from_file_location(f"tools_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


layers = _tool("layers")
_imported_modules, _part = layers.imported_modules, layers.part_of


def test_every_part_of_the_package_has_a_place_in_the_layers():
    parts = {_part(path.relative_to(SOURCE).as_posix()) for path in SOURCE.rglob("*.py")}
    assert parts - set(LAYERS) - TOP == set()


def test_no_part_imports_a_part_above_it():
    offenders = []
    for path in sorted(SOURCE.rglob("*.py")):
        part = _part(path.relative_to(SOURCE).as_posix())
        if part in TOP:
            continue
        for module in _imported_modules(path):
            if _part(module) not in LAYERS[part] | {part}:
                offenders.append(f"{path.relative_to(SOURCE)} imports {module or 'bitboard'}")
    assert offenders == []


def test_the_architecture_page_draws_the_layers_the_code_has():
    # the picture is made from the code (python tools/layers.py), so it cannot drift from it
    page = (ROOT / "docs" / "architecture.md").read_text()
    drawn = page.split("<!-- python tools/layers.py -->\n```\n", 1)[1].split("```", 1)[0]
    assert drawn == layers.picture()


def test_the_leaves_import_nothing_of_the_package():
    # so that nothing the engine imports imports the engine back
    assert {leaf: _imported_modules(SOURCE / f"{leaf}.py") for leaf in sorted(LEAVES)} == {
        leaf: set() for leaf in sorted(LEAVES)}


def test_every_public_board_method_has_a_docstring():
    # Read from the source: compiled, an embedded signature would pass for a docstring.
    missing = []
    for path in sorted((SOURCE / "board").glob("*.py")):
        for cls in (n for n in ast.parse(path.read_text()).body if isinstance(n, ast.ClassDef)):
            missing += [f"{path.name}: {cls.name}.{f.name}" for f in cls.body
                        if isinstance(f, ast.FunctionDef) and not f.name.startswith("_") and not ast.get_docstring(f)]
    assert missing == []


def test_no_module_is_a_warehouse():
    # one job per module: none grows past 1,000 lines
    assert [f"{p.relative_to(SOURCE)}: {n}" for p in sorted(SOURCE.rglob("*.py"))
            if (n := len(p.read_text().splitlines())) > 1000] == []


def test_the_drop_in_uses_the_public_surface():
    # bitboard.chess gathers python-chess's names from the library's public ones, never its
    # private helpers
    private = [f"{path.name}: {node.module}.{alias.name}"
               for path in sorted((SOURCE / "chess").glob("*.py"))
               for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.ImportFrom) and node.level
               for alias in node.names if alias.name.startswith("_")]
    assert private == []
