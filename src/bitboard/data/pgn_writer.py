"""The PGN writer: a `Game` back to PGN text that python-chess reads as we read it."""
from .pgn_reader import SEVEN_TAG_ROSTER, Game, Mate

__all__ = ["write"]


def write(game: Game, *, width: int = 80) -> str:
    """The game as PGN text, as python-chess reads it back: the seven-tag roster first ("?"
    where unknown), then the other tags, the mainline in SAN with move numbers, the evals and
    clocks as [%eval] and [%clk] comments, the NAGs and comments read, the result."""
    headers = {name: "????.??.??" if name == "Date" else "?" for name in SEVEN_TAG_ROSTER}
    headers.update(game.headers)
    headers["Result"] = game.headers.get("Result", game.result or "*")
    lines = []
    for name in list(SEVEN_TAG_ROSTER) + [n for n in headers if n not in SEVEN_TAG_ROSTER]:
        # values are written as they are, as python-chess writes them (a reader that escapes
        # quotes would leave backslashes in python-chess's hands)
        lines.append(f'[{name} "{headers[name]}"]')
    board = game.board()
    tokens = []
    if game.comment:
        tokens.append("{ " + game.comment.replace("}", ")") + " }")
    for i, move in enumerate(game.moves):
        if board.turn or i == 0:
            tokens.append(f"{board.fullmove_number}." if board.turn else f"{board.fullmove_number}...")
        tokens.append(board.san_and_push(move))
        for nag in game.nags[i] if i < len(game.nags) else ():
            tokens.append(f"${nag}")
        parts = []
        if i < len(game.evals) and game.evals[i] is not None:
            value = game.evals[i]
            parts.append(f"[%eval #{int(value)}]" if isinstance(value, Mate) else f"[%eval {value:.2f}]")
        seconds = game.clocks[i] if i < len(game.clocks) else None
        if seconds is not None:
            parts.append(f"[%clk {int(seconds // 3600)}:{int(seconds % 3600 // 60):02d}:{_seconds(seconds % 60)}]")
        comment = game.comments[i] if i < len(game.comments) else None
        if comment:
            parts.append(comment.replace("}", ")"))
        if parts:
            tokens.append("{ " + " ".join(parts) + " }")
    tokens.append(game.result or headers["Result"])
    lines.append("")
    line = ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return "\n".join(lines) + "\n"


def _seconds(seconds: float) -> str:
    whole = int(seconds)
    fraction = round(seconds - whole, 1)
    return f"{whole:02d}" if not fraction else f"{whole:02d}{str(fraction)[1:]}"
