"""The PGN reader (game_tree.reading, compiled) against python-chess's chess.pgn, the oracle:
the tokens it finds by hand against MOVETEXT_REGEX's, text in blocks against text by lines
(StringIO newline modes, carriage returns, non-ASCII text, games longer than a block, handles
that only have readline), and the handle left where python-chess leaves it."""
import io
import logging

import chess
import chess.pgn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_chess_pgn import _tracer, assert_read_alike

import bitboard.chess.pgn as bpgn
from bitboard.benchmarks.pgn import corpus

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

# pieces of movetext and tag sections, chosen to meet every token of MOVETEXT_REGEX and each
# backtracking of its move pattern ("1e4", "Qh4xe1", "e8=Q", "exd6e.p."), comments over lines,
# escape lines, blank lines, brackets, results, suffixes, and text that is no token at all
FRAGMENTS = [
    "1.", "1...", "12.", " ", "  ", "\n", "\n\n", "\r\n", "\t", "e4", "e5", "d4", "d5", "Nf3", "Nc6", "Bb5", "a6",
    "exd5", "Qxd5", "O-O", "O-O-O", "0-0", "0-0-0", "e2e4", "e7-e5", "Ng1-f3", "Ng1f3", "1e4", "Qh4xe1",
    "e8=Q", "e8Q", "e8=q", "exd6e.p.", "--", "Z0", "0000", "@@@@", "P@e4", "N@f3", "@e4", "Nbd7", "R1e2",
    "Kxe8", "h9", "i4", "x", "xe5", "-e4", "=Q", "{", "}", "{ a comment }", "{}", "{ }", "{  }", "{x",
    ";", "; rest of line", "%", "% escape", "(", ")", "( 1... c5 )", "$", "$1", "$12", "$0123", "$99999999999",
    "!", "?", "!!", "??", "!?", "?!", "!!!", "*", "1-0", "0-1", "1/2-1/2", "1/2", "1-", "0-", "+", "#", ".",
    "é", "中", "\u00a0", "\u2003", "\ufeff", "[", "]", '[Event "x"]\n', '[Site "a b"]\n', '[White "é"]\n',
    '[FEN "8/8/8/8/8/8/8/K1k5 w - - 0 1"]\n', '[Bad tag]\n', '[A  "x" ]\n', '[B\t"y"]\n', '[C "q"r"] \n',
    "[Result \"1-0\"]\n", "\r",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=40))
def test_fragment_soup_reads_as_python_chess_reads_it(parts):
    text = "".join(parts)
    assert_read_alike(text)
    traces = {}
    for module in (bpgn, chess.pgn):
        handle = io.StringIO(text)
        games = []
        try:
            while (calls := module.read_game(handle, Visitor=_tracer(module))) is not None:
                games.append(([c if c[0] != "handle_error" else c[:1] for c in calls], handle.tell()))
        except Exception as error:  # noqa: BLE001  (the kind of failure is compared)
            games.append(type(error).__name__)
        traces[module] = games
    assert traces[bpgn] == traces[chess.pgn]


TEXTS = [
    corpus(games=6, seed=5),
    corpus(games=6, seed=5).replace("\n", "\r\n"),
    "[Event \"a\"]\r\n\r\n1. e4 e5 { over\r\n two lines } 2. Nf3 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",
    "[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r\r1. d4 *\r",
    "[Event \"a\"]\n\n1. e4 e5\r2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 *\n",
    "[White \"Ŝtefan Ĉapek 中国\"]\n\n1. e4 { é à \u2003 中 } e5 *\n\n[White \"b\"]\n\n1. d4 *\n",
    "\ufeff[Event \"bom\"]\n\n1. e4 *\n\n\ufeff\ufeff[Event \"two\"]\n\n1. d4 *\n",
    "1. e4 {" + "long comment line " * 4000 + "\n" + "and more\n" * 3000 + "} e5 *\n\n1. d4 *",
    # a long game on one line: 2,802 plies, its halfmove clock past 255
    "1. e4 e5 " + "2. Nf3 Nf6 3. Ng1 Ng8 " * 700 + "*\n\n[Event \"after\"]\n\n1. c4 *\n",
    "[Event \"x\"]\n" * 2000 + "\n1. e4 *\n\n[Event \"y\"]\n\n1. d4 *",
    "\n \u00a0\n[Event \"nbsp\"]\n\u00a0\n1. e4 *\n\u2003\n1. d4 *\n\x1c\n1. c4 *",
]


@pytest.mark.parametrize("newline", [None, "", "\n", "\r", "\r\n"])
@pytest.mark.parametrize("text", TEXTS)
def test_stringio_newline_modes_read_as_python_chess(text, newline):
    for reader in ("read_game", "read_headers", "skip_game"):
        handles = [io.StringIO(text, newline=newline) for _ in range(2)]
        for _ in range(20):
            start = handles[0].tell()
            found = [_describe(getattr(module, reader)(handle)) for module, handle in zip((bpgn, chess.pgn), handles)]
            assert found[0] == found[1]
            assert handles[0].tell() == handles[1].tell()
            if found[0] in (None, False):
                break
            if reader == "read_headers":  # the offset idiom: back to the game, read it whole
                handles[0].seek(start)
                handles[1].seek(start)
                assert _describe(bpgn.read_game(handles[0])) == _describe(chess.pgn.read_game(handles[1]))
                assert handles[0].tell() == handles[1].tell()


def _describe(found):
    """What a reader's result shows, comparable across the two libraries."""
    if found is None or isinstance(found, bool):
        return found
    if hasattr(found, "headers"):
        return (str(found), list(found.headers.items()), len(found.errors))
    return list(found.items())


class _Lines:
    """A handle with readline() alone (no seek, no tell): the reader takes it line by line."""

    def __init__(self, text):
        self.lines = io.StringIO(text).readlines()

    def readline(self):
        return self.lines.pop(0) if self.lines else ""


@pytest.mark.parametrize("text", TEXTS)
def test_handles_without_seek_read_as_python_chess(text):
    for reader in ("read_game", "read_headers", "skip_game"):
        handles = [_Lines(text), _Lines(text)]
        for _ in range(20):
            found = [_describe(getattr(module, reader)(handle)) for module, handle in zip((bpgn, chess.pgn), handles)]
            assert found[0] == found[1]
            assert len(handles[0].lines) == len(handles[1].lines)
            if found[0] in (None, False):
                break


@pytest.mark.parametrize("text", TEXTS)
def test_files_leave_tell_where_python_chess_does(tmp_path, text):
    path = tmp_path / "games.pgn"
    path.write_text(text, encoding="utf-8", errors="surrogateescape", newline="")
    for reader in ("read_game", "read_headers", "skip_game"):
        with open(path, encoding="utf-8") as ours, open(path, encoding="utf-8") as theirs:
            for _ in range(20):
                found = [_describe(getattr(module, reader)(handle)) for module, handle in ((bpgn, ours),
                                                                                            (chess.pgn, theirs))]
                assert found[0] == found[1]
                assert ours.tell() == theirs.tell()
                if found[0] in (None, False):
                    break


def test_lone_surrogates_keep_their_place():
    text = "[White \"a\udcff\"]\n\n1. e4 { \udc80 } *\n\n[White \"b\"]\n\n1. d4 *\n"
    assert_read_alike(text)


def test_readers_by_their_visitors_match_python_chess():
    text = corpus(games=4, seed=9)
    for visitor in ("HeadersBuilder", "SkipVisitor", "BoardBuilder", "GameBuilder"):
        handles = [io.StringIO(text), io.StringIO(text)]
        while True:
            found = [module.read_game(handle, Visitor=getattr(module, visitor))
                     for module, handle in zip((bpgn, chess.pgn), handles)]
            if visitor == "BoardBuilder":
                found = [None if board is None else board.fen() for board in found]
            elif visitor != "SkipVisitor":
                found = [_describe(result) for result in found]
            assert found[0] == found[1]
            assert handles[0].tell() == handles[1].tell()
            if found[0] is None:
                break


def test_bytes_handles_are_refused_as_python_chess_refuses_them():
    for module in (bpgn, chess.pgn):
        with pytest.raises(TypeError):
            module.read_game(io.BytesIO(b"1. e4 *"))


def test_plain_san_and_the_full_reader_agree_in_every_position_of_a_corpus():
    """The reader matches plain SAN in C; python-chess's parse_san is the oracle for each
    legal move's SAN, its LAN and a few near misses, in the positions of a corpus."""
    game = chess.pgn.read_game(io.StringIO(corpus(games=1, seed=21)))
    board = game.board()
    texts = []
    for move in game.mainline_moves():
        for legal in board.legal_moves:
            texts.append(board.fen() + " " + board.san(legal))
        board.push(move)
    for line in texts[:4000]:
        fen, san = line.rsplit(" ", 1)
        for candidate in (san, san.rstrip("+#"), san.replace("x", ""), san + "=Q", san[1:]):
            text = f'[FEN "{fen}"]\n\n{candidate} *'
            ours, theirs = bpgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text))
            assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
            assert len(ours.errors) == len(theirs.errors)


def test_a_visitor_sees_the_handle_where_python_chess_leaves_it():
    """While a visitor's own code runs the handle stands after the line being read."""
    text = corpus(games=3, seed=4).replace("} ", "}\n")
    seen = {}
    for module in (bpgn, chess.pgn):
        handle = io.StringIO(text)

        class Where(module.BaseVisitor):
            def begin_game(self):
                self.places = []

            def visit_header(self, name, value):
                self.places.append(handle.tell())

            def visit_move(self, board, move):
                self.places.append(handle.tell())

            def result(self):
                return self.places
        seen[module] = [module.read_game(handle, Visitor=Where) for _ in range(4)]
    assert seen[bpgn] == seen[chess.pgn]
