"""One PGN grammar (notation/pgn_tokens) for both readers: the tree reader (bitboard.chess.pgn,
python-chess's trees) and the column reader (bitboard.pgn, games and arrays) read generated
movetext as python-chess reads it: moves, comments, NAGs, variations and results. Comments with
braces, line breaks and blank lines, nested variations, NAGs and suffixes, % escape lines, ;
comments, move numbers of every form and odd white space; and texts where the two readers used
to disagree, each read both ways against python-chess."""
import io
import random
import re

import chess
import chess.pgn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard.chess.pgn as bpgn
from bitboard import pgn

_COMMANDS = re.compile(r"\s*\[%[^\]]*\]\s*")  # what the column reader takes out of a comment (evals, clocks)
WORDS = ["a", "text", "(", ")", "$1", "!", "?!", ";", "%", "]", "e4", "{", "1-0", "*", "\n", "\n\n", "\n%", " ",
         "\t", "12.", "Nf3"]
SPACES = [" ", "  ", "\t", "\n", " \n ", "\r\n", " \t"]
SUFFIXES = ["!", "?", "!!", "??", "!?", "?!", "!!!", "?!?"]


@st.composite
def movetext(draw):
    """(text, seed) of one game: tags, then legal moves with variations (nested), comments, NAGs,
    suffixes, commands, escape lines and ; comments between them, and a result. No blank line
    outside a comment (a blank line ends python-chess's game, a result the column reader's)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    pieces: list[str] = []  # (a separator goes between two pieces; "\n" pieces are line ends)

    def space():
        pieces.append(rng.choice(SPACES))

    def comment():
        words = [rng.choice(WORDS) for _ in range(rng.randint(0, 6))]
        pieces.append("{" + rng.choice(["", " "]) + "".join(words) + rng.choice(["", " "]) + "}")

    def extras(board, after_move):
        for _ in range(rng.choice([0, 0, 0, 1, 2])):
            kind = rng.random()
            if kind < 0.35:
                comment()
            elif kind < 0.55 and after_move:
                pieces.append(f"${rng.randint(0, 255)}")
            elif kind < 0.65 and after_move:
                pieces.append(rng.choice(SUFFIXES))
            elif kind < 0.8:
                pieces.append(f"; {rng.choice(['x', 'e4 { (', ''])}")
                pieces.append("\n")
            elif kind < 0.9:
                if pieces and pieces[-1] != "\n":
                    pieces.append("\n")
                pieces.append(f"%{rng.choice(['', ' e4 {', ' x'])}")
                pieces.append("\n")
            else:
                pieces.append(rng.choice(["+", "#", "..."]))  # (stray text: no token)
            space()

    def line(board, depth, plies):
        black_number = True
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                return
            move = rng.choice(moves)
            number = f"{board.fullmove_number}." if board.turn else f"{board.fullmove_number}..."
            text = board.lan(move) if rng.random() < 0.15 else board.san(move)
            if rng.random() < 0.2:  # a suffix, stuck to the move or not
                text += rng.choice(["", " "]) + rng.choice(SUFFIXES)
            if board.turn or (black_number and rng.random() < 0.7):  # a number, stuck to the move or not
                text = number + rng.choice(["", " ", "\n"]) + text
            pieces.append(text)
            space()
            if rng.random() < 0.3:
                pieces.append(rng.choice(["{ [%eval 0.25] }", "{ [%clk 0:01:02] }", "{[%eval #-3] [%clk 1:00:00]}"]))
                space()
            extras(board, True)
            black_number = False
            if depth < 2 and len(moves) > 1 and rng.random() < 0.25:  # a variation: other moves instead
                pieces.append("(")
                if rng.random() < 0.5:
                    space()
                if rng.random() < 0.3:
                    comment()
                    space()
                line(board.copy(), depth + 1, rng.randint(1, 3))
                pieces.append(")")
                space()
                black_number = True
                extras(board, True)
            board.push(move)

    if draw(st.booleans()):
        pieces.append('[Event "generated"]\n[White "a \\"b\\""]\n[Site "x]"]\n\n')
    board = chess.Board()
    extras(board, False)
    line(board, 0, rng.randint(0, 14))
    pieces.append(rng.choice(["1-0", "0-1", "1/2-1/2", "*"]))
    pieces.append("\n")
    text = ""
    for piece in pieces:  # a separator between two pieces, none at a line's start
        if text and not text.endswith(tuple(SPACES)) and piece != "\n":
            text += " "
        text += piece
    return _without_blank_lines(text)


def _without_blank_lines(text):
    """The text without its blank lines outside comments (python-chess's game ends at one)."""
    kept, in_comment = [], False
    for line in text.split("\n"):
        if in_comment or line.strip():
            kept.append(line)
        if not in_comment and line.startswith(("%", ";")):
            continue
        for c in line:
            if in_comment:
                in_comment = c != "}"
            elif c == "{":
                in_comment = True
            elif c == ";":
                break
    return "\n".join(kept) + "\n"


def _normalized(comment, exact=True):
    """python-chess's comment as the column reader keeps it: its commands out, stripped (the
    columns strip each comment of a move, python-chess joins them first: not `exact`, its white
    space collapsed)."""
    if comment is None:
        return None
    comment = _COMMANDS.sub(" ", comment).strip()
    return (comment if exact else " ".join(comment.split())) or None


def _evals(node):
    score = node.eval()
    white = None if score is None else score.white()
    return None if white is None else ("mate", white.mate()) if white.is_mate() else white.score() / 100


def _assert_read_alike(text, exact=True, comments=True):
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert theirs is not None and not theirs.errors, theirs.errors
    # the tree reader: the same tree, to the last comment, NAG and variation
    ours = bpgn.read_game(io.StringIO(text))
    assert not ours.errors and str(ours) == str(theirs)
    assert [(n.comment, n.starting_comment, sorted(n.nags)) for n in _walk(ours)] == \
           [(n.comment, n.starting_comment, sorted(n.nags)) for n in _walk(theirs)]
    # the column reader: the mainline, its comments, NAGs, evals and clocks, and the result
    [game] = pgn.read_games(io.StringIO(text), comments=True, variations=True)
    mainline = list(theirs.mainline())
    assert game.error is None
    assert [m.uci() for m in game.moves] == [node.move.uci() for node in mainline]
    assert game.result == theirs.headers["Result"]
    assert {k: v for k, v in game.headers.items() if k != "Result"} == \
           {k: v for k, v in theirs.headers.items() if k in game.headers and k != "Result"}
    if comments:  # (the columns strip a command from each comment, python-chess's text has them)
        assert _normalized(game.comment, exact) == _normalized(theirs.comment, exact)
        assert [_normalized(comment, exact) for comment in game.comments] == [
            _normalized(node.comment, exact) for node in mainline]
    assert [set(nags) for nags in game.nags] == [node.nags for node in mainline]
    assert [("mate", int(e)) if isinstance(e, pgn.Mate) else e for e in game.evals] == [_evals(n) for n in mainline]
    assert game.clocks == [node.clock() for node in mainline]
    # (the columns keep a variation in parentheses as one text, whose first move's own variations
    # are the same move's alternatives in python-chess's tree: the plies that have any agree)
    assert sorted({ply for ply, _ in game.variations}) == [
        ply for ply, node in enumerate(mainline, 1) if len(node.parent.variations) > 1]
    # and the arrays: the same moves
    arrays = pgn.to_arrays(io.StringIO(text))
    assert len(arrays["moves"]) == len(mainline) + 1


def _walk(node):
    yield node
    for child in node.variations:
        yield from _walk(child)


@settings(max_examples=150, deadline=None)
@given(movetext())
def test_generated_movetext_reads_alike_in_both_readers_and_python_chess(text):
    _assert_read_alike(text, exact=False)


# Texts the two readers read apart before they shared the grammar: python-chess decides.
DISAGREED = [
    "1. e4 ; a rest-of-line comment [%eval 0.5]\ne5 *\n",  # a ; comment: unread (the columns: a comment, an eval)
    "1. e4 { two\nlines } e5 *\n",  # a comment's lines: joined by their line break (the columns: a space)
    "1. e4!!! e5?!? *\n",  # !!! is !! and ! (the columns: no NAG)
    "1.e4 e5 2.Nf3+ Nc6# *\n",  # move numbers and check marks stuck to moves
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 ( 3. Bc4 ( 3. d4 ) Bc5 ) a6 *\n",
    "1. e4 e5 2. Qh5 ( 2. Nf3 ) $1 $300 { after } *\n",
    '[Event "a \\"quoted\\" name"]\n[Site "two"] [Date "tags"]\n[ Round "1"]\n\n1. e4 *\n',  # values as written
    "1. e4 e5 100. Nf3 Nc6 1000... Bb5 0. a6 *\n",  # move numbers of 1-4 digits (passed over whole)
]


def test_stray_text_is_skipped_by_the_tree_reader_and_the_column_readers_error():
    # python-chess skips text that is no token; the column reader reads as far and reports it
    text = "1. e4 garbage e5 2. Nf3 e.p. Nc6 *\n"
    theirs, ours = chess.pgn.read_game(io.StringIO(text)), bpgn.read_game(io.StringIO(text))
    assert str(ours) == str(theirs) and [m.uci() for m in ours.mainline_moves()] == ["e2e4", "e7e5", "g1f3", "b8c6"]
    [game] = pgn.read_games(io.StringIO(text))
    assert [m.uci() for m in game.moves] == ["e2e4"] and game.result == "*"
    assert game.error == "move 'garbage' at ply 2 (line 1): invalid san: 'garbage'"
    [game] = pgn.read_games(io.StringIO("1. e4+ e5# 2... Nf3 } $ *\n"))  # move numbers, check marks: no error
    assert game.error is None and len(game.moves) == 3


@pytest.mark.parametrize("text", DISAGREED)
def test_texts_the_readers_read_apart_are_read_as_python_chess_reads_them(text):
    _assert_read_alike(text)


# [%eval] and [%clk], which the column reader used to read by a rule of its own: python-chess's
# first command that its regular expression matches, in the move's comments joined
COMMANDS = ["[%eval 0.123]", "[%eval 12345678901]", "[%eval 1.2.3] [%eval 4]", "[%clk 1234567890:00:00]",
            "[%eval #+3,]", "[%eval  0.5]", "[%eval 0.5", "[%eval 1,]", "[%eval .5]", "[%eval +.5,7]",
            "[%eval 5.]", "[%eval -0.00]", "[%eval #-0]", "[%eval 9999999999.99]", "[%eval 0.29]",
            "[%eval\u00a00.5]", "[%eval \u0663]", "[%clk \u0663:00:00]", "[%clk 0:00:5.5.5]", "[%clk 1:2:3.]",
            "[%clk 0:00:07.250]", "[%clk 0:00:123456789012345678901]", "[%clk 1:02:03 ]", "[%clk 1:02]",
            "[%eval #123456789012345678901]", "x [%eval 0.5", "} { [%eval 1] } { [%eval 2] [%clk 0:00:01]"]
FRAGMENTS = ["[%eval ", "[%clk ", "#", "+", "-", "0", "1", "9", "12345678901", ".", ",", "]", " ", "\t", ":",
             "\u0663", "x", "[", "%", "\n"]


@pytest.mark.parametrize("command", COMMANDS)
def test_comment_commands_read_as_python_chess_reads_them_in_both_readers(command):
    _assert_read_alike(f"1. e4 {{ {command} }} e5 {{{command}}} 2. Nf3 {{ a }} {{ {command} }} *\n")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=14).map("".join))
def test_generated_commands_read_as_python_chess_reads_them_in_both_readers(comment):
    # (one comment a move: python-chess reads a command across two comments of a move, joined)
    _assert_read_alike(f"1. e4 {{ {comment} }} e5 {{{comment}}} *\n", exact=False, comments=False)


# the text the columns keep of a comment: its commands and the white space around them out (the
# reader skips the regular expression where C tells that nothing else is there)
TEXT_FRAGMENTS = ["[%eval 0.5]", "[%clk 0:00:01]", "[%csl Ga1,Rb2]", "[%", "]", "[", "%", " ", "\t", "\n", "\x0b",
                  "\x1c", "\u00a0", "\u2003", "x", "\u00e9", "e4"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TEXT_FRAGMENTS), max_size=10).map("".join))
def test_a_comments_text_is_python_chess_comment_without_its_commands(comment):
    text = f"1. e4 {{{comment}}} e5 *\n"
    theirs = chess.pgn.read_game(io.StringIO(text))
    [game] = pgn.read_games(io.StringIO(text), comments=True)
    assert game.comments == [_normalized(theirs.next().comment), None]
