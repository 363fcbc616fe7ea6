"""Draw the package's layers from its imports: each part (a folder, or a module at the package
root) on the floor above everything it imports, and what it imports beside it.

    python tools/layers.py            # the picture in docs/architecture.md

It reads the imports as text (relative, absolute and `cython.cimports`), never runs the code;
tests/test_sources.py checks that the picture in docs/architecture.md is this one, and that no
part imports a part above it.
"""
import ast
import pathlib
import sys
from collections import defaultdict

SOURCE = pathlib.Path(__file__).resolve().parent.parent / "src" / "bitboard"


def imported_modules(path: pathlib.Path) -> set[str]:
    """The bitboard modules a source file imports, dotted from the package ("" for the package)."""
    package = path.relative_to(SOURCE).parent.parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                parts = tuple(base) + (tuple(node.module.split(".")) if node.module else (node.names[0].name,))
            elif node.module and node.module.startswith("cython.cimports.bitboard."):
                parts = tuple(node.module.split(".")[3:])
            elif node.module and node.module.startswith("bitboard."):
                parts = tuple(node.module.split(".")[1:])
            else:
                continue
            parts = tuple(p for p in parts if p)
            if parts and not _is_module(parts):  # (a name of a package, not a submodule)
                parts = parts[:-1]
            found.add(".".join(parts))
        elif isinstance(node, ast.Import):
            found |= {alias.name.removeprefix("bitboard.") for alias in node.names
                      if alias.name.startswith("bitboard.")}
    return found


def _is_module(parts: tuple) -> bool:
    path = SOURCE.joinpath(*parts)
    return path.is_dir() or path.with_suffix(".py").exists() or path.with_suffix(".pxd").exists()


def part_of(name: str) -> str:
    """The part a module (dotted, from the package; "" the package) or a source path is in."""
    return (name.split("/")[0].split(".")[0].removesuffix(".py")) or "__init__"


def arrows() -> dict[str, set[str]]:
    """{part: the other parts it imports}, every part present."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(SOURCE.rglob("*.py")):
        part = part_of(path.relative_to(SOURCE).as_posix())
        found[part] |= {part_of(module) for module in imported_modules(path)} - {part}
    return dict(found)


def floors(graph: dict[str, set[str]]) -> dict[str, int]:
    """Each part's floor: 1 for a part that imports none, else one above the highest it imports.
    ValueError naming the parts of a circle, which has no floors."""
    floor: dict[str, int] = {}
    visiting: list[str] = []

    def place(part: str) -> int:
        if part in floor:
            return floor[part]
        if part in visiting:
            raise ValueError(f"a circle: {' -> '.join(visiting[visiting.index(part):] + [part])}")
        visiting.append(part)
        floor[part] = 1 + max((place(other) for other in graph.get(part, ())), default=0)
        visiting.pop()
        return floor[part]

    for part in graph:
        place(part)
    return floor


def _shown(part: str) -> str:
    return part + "/" if (SOURCE / part).is_dir() else part


def picture() -> str:
    """The layers, top floor first: each part with the parts it imports."""
    graph = arrows()
    floor = floors(graph)
    width = max(len(_shown(part)) for part in graph)
    lines = []
    for level in range(max(floor.values()), 0, -1):
        here = sorted((part for part in graph if floor[part] == level), key=lambda p: (not (SOURCE / p).is_dir(), p))
        for i, part in enumerate(here):
            imports = sorted(graph[part], key=lambda p: (-floor[p], p))
            label = f"{level:>2} " if i == 0 else "   "
            arrow = "──▶ " + ", ".join(map(_shown, imports)) if imports else ""
            lines.append(f"{label}│ {_shown(part):<{width}}  {arrow}".rstrip())
        lines.append("   │")
    return "\n".join(lines[:-1]) + "\n"


if __name__ == "__main__":
    sys.stdout.write(picture())
