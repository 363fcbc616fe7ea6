"""Pictures of boards and pieces: python-chess's `chess.svg`, with its glyphs and coordinates.
What may be imported: core, squares and errors; never a Board (a board is drawn through its
public methods), nor piece or squareset, whose `_repr_svg_` draws here."""
