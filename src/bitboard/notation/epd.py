"""EPD operations: the `opcode operand;` pairs after a position, written and read as python-chess does.

    bm Nf3; id "opening 1"; acd 12; ce 0.5; pv e4 e5 Nf3; noop;

Operands are a quoted string (backslash escapes), a number (int, or float with a point or an
exponent), moves in SAN (`bm`/`am`: alternatives in this position; `pv`: a line played from it),
or nothing (None). Other unquoted operands are kept as text.
"""
import math
import re

from ..errors import quoted

__all__ = ["format_operations", "parse_operations"]

_OPCODE = re.compile(r"[A-Za-z_][A-Za-z0-9_+#=-]*\Z")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\Z")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\t": "\\t", "\r": "\\r", "\n": "\\n"}
_UNESCAPES = {"\\": "\\", '"': '"', "t": "\t", "r": "\r", "n": "\n"}


def format_operations(board, operations: dict) -> str:
    """The operations of ``board.epd(**operations)`` as text ('bm Nf3; id "x";')."""
    out = []
    for opcode, operand in operations.items():
        if not _OPCODE.match(opcode):
            raise ValueError(f"EPD opcode {quoted(opcode)} is not a word starting with a letter")
        if operand is None:
            out.append(f"{opcode};")
        elif hasattr(operand, "from_square"):
            out.append(f"{opcode} {board.san(operand)};")
        elif isinstance(operand, bool) or not isinstance(operand, (int, float, str)) and not hasattr(
                operand, "__iter__"):
            raise ValueError(f"EPD operand {quoted(operand)} of {opcode} is not a string, number, move or moves")
        elif isinstance(operand, (int, float)):
            if isinstance(operand, float) and not math.isfinite(operand):
                raise ValueError(f"EPD operand {quoted(operand)} of {opcode} is not finite")
            out.append(f"{opcode} {operand};")
        elif isinstance(operand, str):
            out.append(f'{opcode} "{"".join(_ESCAPES.get(ch, ch) for ch in operand)}";')
        elif opcode == "pv":
            line = board.copy(stack=False)
            out.append(" ".join([opcode] + [line.san_and_push(move) for move in operand]) + ";")
        else:
            out.append(" ".join([opcode] + sorted(board.san(move) for move in operand)) + ";")
    return " ".join(out)


def parse_operations(board, text: str) -> dict:
    """{opcode: operand} of an EPD's operations, moves read in `board`'s position."""
    operations = {}
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t;":
            i += 1
        if i >= n:
            break
        start = i
        while i < n and text[i] not in " \t;":
            i += 1
        opcode = text[start:i]
        if opcode == "-":  # a stray placeholder field, as some suites write
            continue
        if not _OPCODE.match(opcode):
            raise ValueError(f"EPD opcode {quoted(opcode)} is not a word starting with a letter")
        tokens, strings = [], []
        while i < n and text[i] != ";":
            if text[i] in " \t":
                i += 1
            elif text[i] == '"':
                i, string = _read_string(text, i + 1)
                strings.append(string)
            else:
                start = i
                while i < n and text[i] not in " \t;":
                    i += 1
                tokens.append(text[start:i])
        i += 1
        operations[opcode] = _operand(board, opcode, tokens, strings)
    return operations


def _read_string(text, i):
    out = []
    while i < len(text) and text[i] != '"':
        if text[i] == "\\" and i + 1 < len(text):
            out.append(_UNESCAPES.get(text[i + 1], text[i + 1]))
            i += 2
        else:
            out.append(text[i])
            i += 1
    return i + 1, "".join(out)


def _operand(board, opcode, tokens, strings):
    if strings:
        return strings[0]
    if not tokens:
        return None
    if opcode in ("bm", "am"):
        return [board.parse_san(token) for token in tokens]
    if opcode == "pv":
        line = board.copy(stack=False)
        return [line.push_san(token) for token in tokens]
    if len(tokens) == 1 and _NUMBER.match(tokens[0]):
        number = tokens[0]
        return float(number) if any(ch in number for ch in ".eE") else int(number)
    if len(tokens) == 1:
        try:
            return board.parse_san(tokens[0])
        except ValueError:
            return tokens[0]
    return " ".join(tokens)
