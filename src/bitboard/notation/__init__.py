"""Chess written down as text: FEN, SAN, EPD and PGN's tag names, read and written here for every
layer above (the board, the game trees, the data pipeline). What may be imported: core, the
package root's types (squares, piece, move) and errors; never a Board."""
