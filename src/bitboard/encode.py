"""The encodings networks train on, vectorised over arrays of position records.

`piece_planes(positions)` gives each position as 18 planes of 8 x 8, uint8 (float on request)::

    0-5    white pawn, knight, bishop, rook, queen, king      plane[rank, file], rank 0 = rank 1
    6-11   black pawn ... king
    12     side to move (all ones when white is to move)
    13-16  castling rights: white h-side, white a-side, black h-side, black a-side (all ones)
    17     the en-passant square (one square set)

NumPy is needed (pip install numpy). The records are bitboard.records' position_dtype().
"""
PLANES = 18


def _tables():
    import numpy as np
    codes = np.array([t | 8 for t in range(1, 7)] + list(range(1, 7)), dtype=np.uint8)  # white first
    return codes, np.arange(4, dtype=np.uint8)


_PIECE_CODES = _BITS = None


def piece_planes(positions, *, dtype=None):
    """(N, 18, 8, 8) planes of N position records; uint8 unless `dtype` says otherwise."""
    import numpy as np
    global _PIECE_CODES, _BITS
    if _PIECE_CODES is None:
        _PIECE_CODES, _BITS = _tables()
    board = np.asarray(positions["board"], dtype=np.uint8)
    count = board.shape[0]
    codes = np.empty((count, 64), dtype=np.uint8)
    codes[:, 0::2] = board & 15
    codes[:, 1::2] = board >> 4
    planes = np.empty((count, PLANES, 64), dtype=np.uint8)
    # the twelve piece planes in one broadcast comparison, written straight into the output
    np.equal(codes[:, None, :], _PIECE_CODES[None, :, None], out=planes[:, :12].view(bool))
    planes[:, 12] = np.asarray(positions["turn"], dtype=np.uint8)[:, None]
    castling = np.asarray(positions["castling"], dtype=np.uint8)
    np.bitwise_and(castling[:, None, None] >> _BITS[None, :, None], 1, out=planes[:, 13:17], casting="unsafe")
    planes[:, 17] = 0
    ep = np.asarray(positions["ep"], dtype=np.int64)
    has_ep = ep < 64
    planes[np.nonzero(has_ep)[0], 17, ep[has_ep]] = 1
    planes = planes.reshape(count, PLANES, 8, 8)
    return planes if dtype is None else planes.astype(dtype)
