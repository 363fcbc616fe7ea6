"""PGN games as trees: headers, nodes with comments, NAGs and variations, the visitor protocol,
and the reader and writers that python-chess's `chess.pgn` has (gathered in bitboard.chess.pgn)."""
