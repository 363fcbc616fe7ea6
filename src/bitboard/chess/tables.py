"""python-chess's precomputed attack tables, built from the engine's own attack functions on
first use (`bitboard.chess.BB_RANK_ATTACKS` and the others): the same numbers, in the same
nesting, for programs that index them."""
from ..core.attacks import bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks
from ..core.bits import subsets
from ..piece import BLACK, WHITE
from ..squares import BB_FILE_A, BB_FILE_H, BB_FILES, BB_RANK_1, BB_RANK_8, BB_RANKS


def attack_tables() -> dict:
    """{name: table} of BB_KNIGHT_ATTACKS, BB_KING_ATTACKS, BB_PAWN_ATTACKS[color], BB_RAYS[a][b],
    and per line kind (DIAG, FILE, RANK) the masks and the attacks by occupancy of the mask."""
    squares = range(64)
    tables = {
        "BB_KNIGHT_ATTACKS": [knight_attacks(sq) for sq in squares],
        "BB_KING_ATTACKS": [king_attacks(sq) for sq in squares],
        "BB_PAWN_ATTACKS": [[pawn_attacks(color, sq) for sq in squares] for color in (BLACK, WHITE)],
        "BB_RAYS": [[line(a, b) for b in squares] for a in squares],
    }
    lines = {"DIAG": lambda sq, occ: bishop_attacks(sq, occ),
             "FILE": lambda sq, occ: rook_attacks(sq, occ) & BB_FILES[sq & 7],
             "RANK": lambda sq, occ: rook_attacks(sq, occ) & BB_RANKS[sq >> 3]}
    for name, attacks in lines.items():
        masks, by_occupancy = [], []
        for sq in squares:
            # the line's squares whose occupancy matters: its empty-board attacks but the edges
            # that the square itself does not stand on
            edges = ((BB_RANK_1 | BB_RANK_8) & ~BB_RANKS[sq >> 3]) | ((BB_FILE_A | BB_FILE_H) & ~BB_FILES[sq & 7])
            mask = attacks(sq, 0) & ~edges
            masks.append(mask)
            by_occupancy.append({occupied: attacks(sq, occupied) for occupied in subsets(mask)})
        tables[f"BB_{name}_MASKS"] = masks
        tables[f"BB_{name}_ATTACKS"] = by_occupancy
    return tables
