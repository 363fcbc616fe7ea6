"""The reader's blocks (game_tree/blocks: a StringIO read from its own buffer) and files read by
lines, against python-chess's chess.pgn, the oracle: after every read_headers, skip_game and
read_game, on random texts, the result and `tell()` agree, whatever else the program does with
the handle between two reads (reads a line, seeks, tells, iterates)."""
import io
import logging
import os

import chess
import chess.pgn
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chess_pgn_reading import FRAGMENTS, TEXTS, _describe

import bitboard
import bitboard.chess.pgn as bpgn
from bitboard.benchmarks.pgn import corpus
from bitboard.game_tree import blocks, textfile

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

GAMES = corpus(games=3, seed=11)
WHOLE = [corpus(games=1, seed=seed) + "\n" for seed in range(4)]
READERS = ("read_headers", "skip_game", "read_game")
# what a program may do with the handle between two reads
BETWEEN = ("nothing", "tell", "readline", "seek_tell", "read3", "seek0")

# pieces of PGN: the other tests' fragments, and whole games (a third of the draws)
soups = st.lists(st.one_of(st.sampled_from(FRAGMENTS + [
    "\n\n", "é{", "}\n", "% x\n", '[Event "a"]\n', "\x85\n", '[A "\xe9"]\xa0\n', "\xa0\n", "{ \xff }"]),
                           st.sampled_from(WHOLE + [part + "\n\n" for part in GAMES.split("\n\n")])), max_size=30)
steps = st.lists(st.tuples(st.sampled_from(READERS), st.sampled_from(BETWEEN)), min_size=1, max_size=12)
stringio_steps = st.lists(st.tuples(st.sampled_from(READERS), st.sampled_from(BETWEEN + ("write", "seek_end"))),
                          min_size=1, max_size=12)


def _between(handle, what):
    try:
        return _do(handle, what)
    except UnicodeDecodeError as error:
        return type(error).__name__


def _do(handle, what):
    if what == "tell":
        return handle.tell()
    if what == "readline":
        return handle.readline()
    if what == "seek_tell":
        return handle.seek(handle.tell())
    if what == "read3":
        return handle.read(3)
    if what == "seek0":
        return handle.seek(0)
    if what == "write":  # (over the text ahead: a StringIO's buffer changes, and may move)
        return handle.write('[Event "w"]\n\n1. e4 { é } *\n\n' * 50)
    if what == "seek_end":
        return handle.seek(handle.seek(0, 2) + 5)
    return None


def _run(handles, plan):
    """Both libraries read the handles by the plan; each step's results and positions agree."""
    for reader, what in plan:
        found = []
        for module, handle in zip((bpgn, chess.pgn), handles):
            try:
                found.append((_describe(getattr(module, reader)(handle)), handle.tell()))
            except Exception as error:  # noqa: BLE001  (python-chess's own: e5 ) -- raises IndexError)
                found.append((type(error).__name__, handle.tell()))
        assert found[0] == found[1], (reader, what)
        assert _between(handles[0], what) == _between(handles[1], what)


@settings(max_examples=200, deadline=None)
@given(soups, stringio_steps, st.sampled_from([None, "", "\n", "\r\n"]))
def test_stringio_reads_as_python_chess_reads_it(parts, plan, newline):
    text = "".join(parts)
    _run([io.StringIO(text, newline=newline) for _ in range(2)], plan)


@settings(max_examples=60, deadline=None)
@given(soups, stringio_steps)
def test_a_stringio_written_to_reads_as_python_chess_reads_it(parts, plan):
    handles = [io.StringIO(), io.StringIO()]
    for handle in handles:  # (its writes are joined into its buffer at the first read)
        for part in parts:
            handle.write(part)
        handle.seek(0)
    _run(handles, plan)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(soups, steps, st.sampled_from([None, "", "\n"]), st.sampled_from([-1, 16, 64, 1024]))
def test_files_read_as_python_chess_reads_them(tmp_path, parts, plan, newline, buffering):
    path = tmp_path / "games.pgn"
    path.write_text("".join(parts), encoding="utf-8", newline="")
    with open(path, encoding="utf-8", newline=newline, buffering=buffering) as ours, \
            open(path, encoding="utf-8", newline=newline, buffering=buffering) as theirs:
        _run([ours, theirs], plan)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from([GAMES, b"\xff", b"\xc3", "é", "\ud800", "\n\n", "{", "}\n"]), max_size=12), steps,
       st.sampled_from(["strict", "replace", "surrogateescape"]))
def test_files_that_are_not_utf8_read_as_python_chess_reads_them(tmp_path, parts, plan, errors):
    data = b"".join(p if isinstance(p, bytes) else p.encode("utf-8", "surrogatepass") for p in parts)
    path = tmp_path / "games.pgn"
    path.write_bytes(data)
    with open(path, encoding="utf-8", errors=errors, buffering=64) as ours, \
            open(path, encoding="utf-8", errors=errors, buffering=64) as theirs:
        _run([ours, theirs], plan)


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("encoding", ["utf-8", "UTF8", "latin-1", "utf-8-sig"])
def test_files_in_other_encodings_leave_tell_where_python_chess_does(tmp_path, text, encoding):
    path = tmp_path / "games.pgn"
    path.write_bytes(text.encode(encoding, "replace"))
    for reader in READERS:
        with open(path, encoding=encoding) as ours, open(path, encoding=encoding) as theirs:
            _run([ours, theirs], [(reader, "nothing")] * 20)


def test_a_pipe_and_an_iterated_file_are_read_by_lines(tmp_path):
    text = corpus(games=4, seed=3)
    expected = [_describe(headers) for headers in _all_headers(text)]
    read, write = os.pipe()
    os.write(write, text.encode())
    os.close(write)
    with os.fdopen(read, encoding="utf-8") as pipe:  # (no tell(), no seek())
        assert [_describe(headers) for headers in iter(lambda: bpgn.read_headers(pipe), None)] == expected
    path = tmp_path / "games.pgn"
    path.write_text(text, encoding="utf-8")
    with open(path, encoding="utf-8") as ours, open(path, encoding="utf-8") as theirs:
        assert next(ours) == next(theirs)  # tell() is now refused until a seek
        for _ in range(5):
            assert _describe(bpgn.read_headers(ours)) == _describe(chess.pgn.read_headers(theirs))
            assert ours.readline() == theirs.readline()


def _all_headers(text):
    handle = io.StringIO(text)
    return list(iter(lambda: chess.pgn.read_headers(handle), None))


def test_the_offset_index_idiom_on_a_file(tmp_path):
    text = corpus(games=12, seed=4)
    path = tmp_path / "games.pgn"
    path.write_text(text, encoding="utf-8")
    indexes = []
    for module in (bpgn, chess.pgn):
        with open(path, encoding="utf-8") as handle:
            offsets = []
            while True:
                offset = handle.tell()
                headers = module.read_headers(handle)
                if headers is None:
                    break
                offsets.append((offset, headers["White"]))
            games = []
            for offset, _ in reversed(offsets):
                handle.seek(offset)
                games.append(str(module.read_game(handle)))
                games.append(module.skip_game(handle))
            indexes.append((offsets, games))
    assert indexes[0] == indexes[1]


def test_a_stringio_is_read_from_its_buffer_in_the_compiled_build():
    assert blocks.stringio_buffer_readable() == bitboard.compiled  # (CPython 3.10 to 3.13)


def test_a_files_decoded_lines_are_taken_in_place_in_the_compiled_build():
    assert textfile.text_file_readable() == bitboard.compiled  # (CPython 3.10 to 3.13)


def _tricky_file(returns):
    """Some 400 KB of games in every shape a file's lines take: a byte-order mark, tags of one,
    two and four bytes a character, comments with braces over lines, games with no blank line
    between them, escape lines, a line longer than the wrapper's 8 KB chunk, and with `returns`
    CRLF line ends and a lone CR (once the wrapper has seen them, it decodes all by itself);
    repeated with shifts, so that the ends of the wrapper's chunks fall in every kind of line,
    with runs of ASCII between the other pieces (whose chunks the reader reads itself)."""
    plain = [
        corpus(games=5, seed=21),
        "[Event \"a\"]\n\n1. e4 e5 { a comment\nover { two } lines } 2. Nf3 *\n\n",
        '[Event "no blank"]\n1. e4 *\n[Event "next"]\n1. d4 *\n\n',
        "% escape line\n; a comment line\n[Event \"c\"]\n\n1. c4 *\n\n",
        "[Event \"long\"]\n\n1. e4 {" + "x" * 9000 + "} e5 *\n\n",
    ]
    other = [
        "\ufeff[Event \"bom\"]\n\n1. e4 *\n\n",
        '[White "Müller"]\n[Black "Łódź 中国 \U0001f600"]\n\n1. e4 { é } e5 *\n\n',
    ] + ([corpus(games=3, seed=22).replace("\n", "\r\n"), "[Event \"cr\"]\n\n1. e4\re5 *\n\n"] if returns else [])
    return "".join((other[k // 16 % len(other)] if k % 16 == 15 else plain[k % len(plain)])
                   + " " * (k % 7) + "\n" * (k % 3) for k in range(160))


@pytest.mark.parametrize("returns", [False, True])
@pytest.mark.parametrize("newline", [None, ""])
@pytest.mark.parametrize("buffering", [-1, 100])
def test_a_tricky_file_leaves_tell_where_python_chess_does_after_every_read(tmp_path, returns, newline, buffering):
    path = tmp_path / "tricky.pgn"
    path.write_bytes(_tricky_file(returns).encode("utf-8"))
    for reader in READERS:
        with open(path, encoding="utf-8", newline=newline, buffering=buffering) as ours, \
                open(path, encoding="utf-8", newline=newline, buffering=buffering) as theirs:
            while True:
                found = _describe(getattr(bpgn, reader)(ours))
                assert found == _describe(getattr(chess.pgn, reader)(theirs))
                assert ours.tell() == theirs.tell(), reader
                if found in (None, False):
                    break
            assert ours.read() == theirs.read() == ""



def _closed():
    handle = io.StringIO(corpus(games=2, seed=1))
    handle.close()
    return handle


@pytest.mark.parametrize("make", [_closed, lambda: io.StringIO.__new__(io.StringIO)])
def test_a_closed_or_unmade_stringio_fails_as_python_chess_fails(make):
    for reader in READERS:
        errors = []
        for module in (bpgn, chess.pgn):
            with pytest.raises(ValueError) as error:
                getattr(module, reader)(make())
            errors.append(str(error.value))
        assert errors[0] == errors[1]


@pytest.mark.parametrize("newline", [None, "", "\n", "\r\n"])
def test_a_read_that_stops_inside_a_crlf_reads_on_as_python_chess_reads_it(newline):
    # (found by hypothesis) read(3) stops between "\r" and "\n": in "\r\n" mode that "\n" ends no
    # line, so python-chess's next line runs on to the "[Event" and its game has no headers.
    text = '1.\n\x85\n\n\n[Event "E"]\n[Result "1/2-1/2"]\n\n1. Nf3 { [%clk 0:03:00] } e5 1/2-1/2\n\n'
    _run([io.StringIO(text, newline=newline) for _ in range(2)],
         [("read_headers", "read3"), ("read_headers", "nothing"), ("read_game", "nothing")])
