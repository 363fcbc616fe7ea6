"""Chess960 starting positions by their Scharnagl number (0..959), both ways.

The number is read as a mixed-radix numeral, from its lowest digit up: the light-squared
bishop's file (b, d, f or h: 4 choices), the dark-squared bishop's (a, c, e, g: 4), the queen on
one of the 6 squares left, the two knights on one of the 10 pairs of the 5 squares left; the
rook, king and rook fill the last three squares in that order. Position 518 is the standard
one, RNBQKBNR.
"""
from ..errors import InvalidArgumentError, quoted
from ..notation.fen import parse_board_fen

#: The 10 ways to put two knights on five free squares, in Scharnagl's order.
KNIGHT_PAIRS: list[tuple[int, ...]] = [(a, b) for a in range(5) for b in range(a + 1, 5)]


def back_rank(scharnagl: int) -> str:
    """The black back rank (a8 first, lower case) of Chess960 position `scharnagl`."""
    if isinstance(scharnagl, bool) or not isinstance(scharnagl, int) or not 0 <= scharnagl <= 959:
        raise InvalidArgumentError(f"Chess960 position {quoted(scharnagl)} is not an int in 0..959")
    rank = [""] * 8
    n, light = divmod(scharnagl, 4)
    rank[2 * light + 1] = "b"
    n, dark = divmod(n, 4)
    rank[2 * dark] = "b"
    n, queen = divmod(n, 6)
    free = [f for f in range(8) if not rank[f]]
    rank[free[queen]] = "q"
    free = [f for f in range(8) if not rank[f]]
    for i in KNIGHT_PAIRS[n]:
        rank[free[i]] = "n"
    for piece, f in zip("rkr", [f for f in range(8) if not rank[f]]):
        rank[f] = piece
    return "".join(rank)


def starting_codes(scharnagl: int) -> tuple[int, ...]:
    """The 64 piece codes (core/encoding.py, a1 first) of Chess960 position `scharnagl`'s
    placement: what BaseBoard.set_chess960_pos places, made once a number."""
    codes = _STARTING_CODES.get(scharnagl) if type(scharnagl) is int else None
    if codes is None:
        rank = back_rank(scharnagl)  # (the argument's check)
        codes = _STARTING_CODES[scharnagl] = tuple(parse_board_fen(f"{rank}/pppppppp/8/8/8/8/PPPPPPPP/{rank.upper()}"))
    return codes


_STARTING_CODES: dict[int, tuple[int, ...]] = {}


def scharnagl_number(board_fen: str):
    """The number of a Chess960 starting placement (a piece-placement field), or None."""
    ranks = board_fen.split("/")
    if len(ranks) != 8 or ranks[1:7] != ["pppppppp", "8", "8", "8", "8", "PPPPPPPP"] or ranks[7] != ranks[0].upper():
        return None
    rank = ranks[0]
    if sorted(rank) != sorted("rnbqkbnr"):
        return None
    bishops = [f for f in range(8) if rank[f] == "b"]
    light = [f for f in bishops if f % 2 == 1]
    dark = [f for f in bishops if f % 2 == 0]
    if len(light) != 1 or len(dark) != 1:
        return None
    free = [f for f in range(8) if rank[f] != "b"]
    queen = free.index(rank.index("q"))
    free = [f for f in free if rank[f] != "q"]
    knights = tuple(i for i, f in enumerate(free) if rank[f] == "n")
    rest = "".join(rank[f] for f in free if rank[f] != "n")
    if rest != "rkr":
        return None
    return light[0] // 2 + 4 * (dark[0] // 2 + 4 * (queen + 6 * KNIGHT_PAIRS.index(knights)))
