"""Chess notations read and written as text: FEN, SAN, EPD and PGN's tags and tokens."""
