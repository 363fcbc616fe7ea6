"""The `bitboard` command line.

Every subcommand has --help. Bad input prints one line naming what is wrong and exits with
status 2, never a traceback.
"""
import argparse
import sys

from . import squares as sq
from .bits import bitboard_arg, popcount
from .squareset import SquareSet


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


def parse_bitboard(text: str) -> int:
    """A bitboard from '0x...' hex, '0b...' binary or decimal text."""
    try:
        value = int(text.replace("_", ""), 0)
    except ValueError:
        raise UsageError(f"{text!r} is not a bitboard (hex like 0x0000001818000000, or decimal)") from None
    try:
        return bitboard_arg(value)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def mapping(text: str):
    try:
        return sq.mapping_arg(text)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def cmd_show(args) -> None:
    value = parse_bitboard(args.value)
    m = mapping(args.mapping)
    lerf = m.bitboard_to_lerf(value)
    print(SquareSet(lerf))
    print(f"\n{m.name} 0x{value:016x}: {popcount(value)} squares: {' '.join(SquareSet(lerf).names()) or '-'}")


def cmd_search(args) -> None:
    from .magic_search import search_and_compare
    if search_and_compare(args.write) != 0:
        raise SystemExit(1)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bitboard", description="Chess bitboards: draw, convert, perft.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    show = commands.add_parser("show", help="draw a bitboard as an 8x8 grid",
                               description="Draw a bitboard (hex, binary or decimal) with rank 8 on top.")
    show.add_argument("value", help="the bitboard, e.g. 0x0000001818000000")
    show.add_argument("--mapping", default="lerf",
                      help=f"square mapping the bits are numbered in ({', '.join(sq.MAPPINGS)}; default lerf)")
    show.set_defaults(run=cmd_show)

    search = commands.add_parser("search", help="reproduce the shipped hash factors from their seeds",
                                 description="Run the seeded factor searches again and compare with (or "
                                             "rewrite) the factors the library ships.")
    search.add_argument("--write", metavar="PATH", help="write the found factors to PATH (a _factors.py)")
    search.set_defaults(run=cmd_search)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except UsageError as exc:
        print(f"bitboard {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
