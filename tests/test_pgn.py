"""The PGN reader and writer, with python-chess as the oracle: its writer makes the files, its
reader checks ours, and its sdist's data/pgn files (downloaded at test time) bring real oddities."""
import bz2
import gzip
import io
import random
import re

import chess
import chess.engine
import chess.pgn
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bitboard import pgn


def _python_chess_games(seed, count, *, variations=False):
    """PGN text of random games written by python-chess, with evals, clocks, NAGs, comments."""
    rng = random.Random(seed)
    texts = []
    for number in range(count):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers.update(White=f"white {number}", Black='a "quoted" name', TimeControl="180+2")
        node = game
        for _ in range(rng.randint(0, 90)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            if variations and rng.random() < 0.05 and len(moves) > 1:
                node.add_variation(rng.choice([m for m in moves if m != move]))
            node = node.add_main_variation(move)
            board.push(move)
            if rng.random() < 0.9:
                score = chess.engine.Mate(rng.choice([-3, -1, 2, 5])) if rng.random() < 0.1 else \
                    chess.engine.Cp(rng.randint(-900, 900))
                node.set_eval(chess.engine.PovScore(score, chess.WHITE))
            if rng.random() < 0.9:
                node.set_clock(rng.randint(0, 18000) / 10)
            if rng.random() < 0.05:
                node.nags.add(rng.choice([1, 2, 6, 14]))
            if rng.random() < 0.05:
                node.comment += " a remark"
        game.headers["Result"] = board.result()
        texts.append(str(game))
    return "\n\n".join(texts) + "\n"


def _their_games(text):
    games, stream = [], io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        games.append(game)
    return games


def _their_evals(game):
    out = []
    for node in game.mainline():
        score = node.eval()
        white = score.white() if score is not None else None
        out.append(None if white is None else ("mate", white.mate()) if white.is_mate() else white.score() / 100)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_games_written_by_python_chess_read_the_same(seed):
    text = _python_chess_games(seed, 60, variations=True)
    ours, theirs = list(pgn.read_games(io.StringIO(text), comments=True, variations=True)), _their_games(text)
    assert len(ours) == len(theirs) == 60
    for game, their in zip(ours, theirs):
        assert game.error is None
        assert [m.uci() for m in game.moves] == [m.uci() for m in their.mainline_moves()]
        assert game.headers == dict(their.headers) and game.result == their.headers["Result"]
        assert [("mate", int(e)) if isinstance(e, pgn.Mate) else e for e in game.evals] == _their_evals(their)
        assert game.clocks == [node.clock() for node in their.mainline()]
        assert game.nags == [tuple(sorted(node.nags)) for node in their.mainline()]
        assert game.comments == [" ".join(re.sub(r"\[%[^\]]*\]", " ", node.comment).split()) or None
                                 for node in their.mainline()]
        branching = [i for i, node in enumerate(their.mainline()) if len(node.parent.variations) > 1]
        assert [ply for ply, _ in game.variations] == [i + 1 for i in branching]
        assert game.end().fen() == their.end().board().fen()


def test_the_writer_is_read_back_by_python_chess_to_the_same_moves_and_tags():
    for game in pgn.read_games(io.StringIO(_python_chess_games(7, 30)), comments=True):
        their = chess.pgn.read_game(io.StringIO(pgn.write(game)))
        assert [m.uci() for m in their.mainline_moves()] == [m.uci() for m in game.moves]
        assert dict(their.headers) == game.headers
        assert _their_evals(their) == [("mate", int(e)) if isinstance(e, pgn.Mate) else e for e in game.evals]
        assert [node.clock() for node in their.mainline()] == game.clocks
        again = next(pgn.read_games(io.StringIO(pgn.write(game)), comments=True))
        assert (again.moves, again.evals, again.clocks, again.nags, again.comments) == \
               (game.moves, game.evals, game.clocks, game.nags, game.comments)


# Written here for these tests: each game shows one habit of real files.
MESSY = "\ufeff" + "\r\n".join([
    "% an escape line, ignored",
    '[Event "castles written with zeros"]',
    '[White "Escaped \\"quotes\\""]',
    "",
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 ; a rest-of-line comment",
    "5. d3 0-0 1-0",
    "",
    '[Event "long algebraic, and check marks missing or spare"]',
    "",
    "1. e2e4 e7e5 2. Qd1-h5 Nb8-c6 3. Bf1c4+ Ng8f6 4. Qh5xf7 1-0",
    "",
    '[Event "null moves and a brace comment over two lines"]',
    "",
    "1. e4 -- 2. d4 { first line",
    "second line } d5 *",
    "",
    "1. d4 d5 2. c4 1/2-1/2",
    "1. c4 c5 0-1",
    "",
    '[Event "an empty game"]',
    "",
    '[Result "*"]',
    "",
    "*",
    '[Event "an illegal move, then more text"]',
    "",
    "1. e4 e5 2. Ke3 Nc6 3. Nf3 1-0",
    "",
    '[Event "a game cut off"]',
    "",
    "1. e4 e5 2. Nf3",
    '[Event "Chess960"]',
    '[Variant "Chess960"]',
    '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"]',
    '[SetUp "1"]',
    "",
    "1. O-O O-O-O *",
    "",
])


def test_real_files_habits():
    games = list(pgn.read_games(io.BytesIO(MESSY.encode())))
    assert len(games) == 9
    castles, longhand, nulls, no_tags, no_tags_2, empty, illegal, cut, fischer = games
    assert [m.uci() for m in castles.moves][-4:] == ["e1g1", "g8f6", "d2d3", "e8g8"] and castles.result == "1-0"
    # a tag's value as written, to its line's last quote: python-chess reads `\"` so too
    assert castles.headers["White"] == 'Escaped \\"quotes\\"' == _their_games(MESSY[1:])[0].headers["White"]
    assert castles.error is None
    assert longhand.moves[-1].uci() == "h5f7" and longhand.error is None
    assert [m.uci() for m in nulls.moves] == ["e2e4", "0000", "d2d4", "d7d5"] and nulls.result == "*"
    assert (no_tags.headers, len(no_tags.moves), no_tags.result) == ({}, 3, "1/2-1/2")
    assert (len(no_tags_2.moves), no_tags_2.result) == (2, "0-1")
    assert (empty.moves, empty.result, empty.error) == ([], "*", None)
    assert len(illegal.moves) == 2 and illegal.result == "1-0"
    assert "'Ke3'" in illegal.error and "ply 3" in illegal.error and "line 27" in illegal.error
    assert len(cut.moves) == 3 and cut.result is None and "without a result" in cut.error
    assert [m.uci() for m in fischer.moves] == ["e1h1", "e8a8"] and fischer.error is None  # king takes rook
    data = MESSY.encode()
    for game in games:  # each offset points at the game's first line
        assert data[game.offset:].lstrip(b"\xef\xbb\xbf")[:1] in (b"[", b"1")
    assert [g.line for g in games][:4] == [2, 8, 12, 17]


def test_text_and_binary_sources_and_compressed_paths(tmp_path):
    text = _python_chess_games(11, 12)
    expected = [[m.uci() for m in g.moves] for g in pgn.read_games(io.StringIO(text))]
    (tmp_path / "a.pgn").write_text(text)
    with gzip.open(tmp_path / "a.pgn.gz", "wt") as out:
        out.write(text)
    with bz2.open(tmp_path / "a.pgn.bz2", "wt") as out:
        out.write(text)
    sources = [tmp_path / "a.pgn", str(tmp_path / "a.pgn.gz"), tmp_path / "a.pgn.bz2", io.BytesIO(text.encode())]
    try:
        import zstandard
        (tmp_path / "a.pgn.zst").write_bytes(zstandard.ZstdCompressor().compress(text.encode()))
        sources.append(tmp_path / "a.pgn.zst")
    except ImportError:
        pass
    for source in sources:
        assert [[m.uci() for m in g.moves] for g in pgn.read_games(source)] == expected, source
    with pytest.raises(TypeError, match="a path or an open file"):
        list(pgn.read_games(42))


MOVETEXT_PIECES = ["1.", "e4", "e5", "Nf3", "Nc6", "{", "}", "(", ")", ";", "\n", "$1", "!?", "1-0", "0-1", "*",
                   "1/2-1/2", "[", "]", '"', "[Event \"x\"]\n", "O-O", "--", "Qxf7#", "e8=Q", "\ufeff", "%", "\r\n",
                   "garbage", "...", "12...", " "]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(MOVETEXT_PIECES), max_size=60), st.booleans())
def test_messy_text_never_crashes_and_every_game_replays(pieces, comments):
    text = " ".join(pieces)
    for game in pgn.read_games(io.StringIO(text), comments=comments, variations=True):
        assert game.end().move_stack == game.moves  # what was read is legal from the start
        assert len(game.evals) == len(game.clocks) == len(game.moves)
        assert game.result in (None,) + pgn.RESULTS
        _assert_result_and_error_agree(game)
    # the arrays take the same moves, written by the reader's C columns
    games = list(pgn.read_games(io.StringIO(text)))
    arrays = pgn.to_arrays(io.StringIO(text))
    assert len(arrays["result"]) == len(games)
    # each game's moves, then its final position's NO_MOVE (none when its start cannot be set up)
    assert [int(c) for c in arrays["moves"]] == [
        code for game in games for code in [m.from_square + 64 * m.to_square + 4096 * (m.promotion or 0)
                                            for m in game.moves] + [pgn.NO_MOVE] * (pgn.positions_of(game) > 0)]
    assert list(arrays["game"]) == [n for n, game in enumerate(games) for _ in range(pgn.positions_of(game))]


TRUNCATED = "the game ends without a result token (a truncated game)"
MOVE_ERROR = re.compile(r"move (.+) at ply (\d+) \(line (\d+)\): \S")


def _assert_result_and_error_agree(game):
    """The reader's contract for `result` and `error` (pgn.py's Game and _Reader.finish): a game
    read to its end has a result (its token, or the Result tag of a game with no movetext) and
    no error; a game cut off (a new tag section, or the end of the stream, before any result)
    has the truncation error and no result; a game with an unreadable move keeps the moves
    before it and an error naming that move and its ply, and has a result only where a result
    token followed (the truncation error never replaces the move's)."""
    if game.error is None:
        assert game.result in pgn.RESULTS
    elif game.error == TRUNCATED:
        assert game.result is None
    else:
        match = MOVE_ERROR.match(game.error)
        assert match, game.error
        assert int(match.group(2)) == len(game.moves) + 1 and int(match.group(3)) >= game.line


def test_result_and_error_of_messy_games():
    text = ('1. Nf3 { a comment } ( 1. e4 ) $1 Nf6 *\n'
            '1. e4 garbage e5 0-1\n'
            '1/2-1/2\n'
            '[Event "illegal"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n'
            '[Event "cut"]\n\n1. d4 d5 2. c4\n'
            '[Event "cut after an error"]\n\n1. e4 Ke7 2. Nf3\n'
            '[Event "tags only"]\n[Result "0-1"]\n')
    games = list(pgn.read_games(io.StringIO(text), comments=True, variations=True))
    after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert [(g.headers.get("Event"), [m.uci() for m in g.moves], g.result, g.error, g.line) for g in games] == [
        (None, ["g1f3", "g8f6"], "*", None, 1),
        (None, ["e2e4"], "0-1", "move 'garbage' at ply 2 (line 2): invalid san: 'garbage'", 2),
        (None, [], "1/2-1/2", None, 3),  # a result token alone: an empty game
        ("illegal", ["e2e4", "e7e5"], "1-0", f"move 'Ke3' at ply 3 (line 6): illegal san: 'Ke3' in {after_e4_e5}", 4),
        ("cut", ["d2d4", "d7d5", "c2c4"], None, TRUNCATED, 7),
        ("cut after an error", ["e2e4"], None, f"move 'Ke7' at ply 2 (line 12): illegal san: 'Ke7' in {after_e4}", 10),
        ("tags only", [], "0-1", None, 13),  # no movetext: the Result tag is the result
    ]
    for game in games:
        _assert_result_and_error_agree(game)
    [no_result_tag] = pgn.read_games(io.StringIO('[Event "tags, no Result tag"]\n'))
    assert (no_result_tag.moves, no_result_tag.result, no_result_tag.error) == ([], None, TRUNCATED)


def test_python_chess_sdist_files_read_as_python_chess_reads_them(sdist):
    files = sorted((sdist / "data" / "pgn").glob("*.pgn"))
    assert files
    compared = 0
    for path in files:
        if "antichess" in path.name or "zh-lichess" in path.name:
            continue  # variants: not chess
        ours = list(pgn.read_games(path))
        with open(path, encoding="utf-8-sig") as stream:
            theirs = _their_games(stream.read())
        assert len(ours) == len(theirs), path.name
        for game, their in zip(ours, theirs):
            if their.errors:
                continue
            assert [m.uci() for m in game.moves] == [m.uci() for m in their.mainline_moves()], path.name
            compared += 1
    assert compared >= 10


@st.composite
def _pgn_files(draw):
    """(text, games): games with or without tags, legal moves with garbage, comments, NAGs and
    variations among them, each ending with a result token; separators of every kind."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    parts, count = [], draw(st.integers(0, 6))
    for number in range(count):
        text = ""
        if number == 0 or draw(st.booleans()):
            site = draw(st.sampled_from(["x", "a ] b", 'q " q']))
            text += f'[Event "game {number}"]\n[Site "{site}"]\n\n'
        board = chess.Board()
        tokens = []
        for _ in range(draw(st.integers(0, 12))):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            if board.turn:
                tokens.append(f"{board.fullmove_number}.")
            tokens.append(board.san(move) + rng.choice(["", "", "!", "?!"]))
            board.push(move)
            tokens.append(rng.choice(["", "", "{ [%eval 0.5] }", "{ a\nb }", "$3", "( e4 e5 )", "; x\n",
                                      "garbage" if rng.random() < 0.1 else ""]))
        tokens.append(draw(st.sampled_from(pgn.RESULTS)))
        text += " ".join(token for token in tokens if token)
        parts.append(text)
    text = ""
    for i, part in enumerate(parts):  # a tag section starts its line; movetext may follow a result
        following = parts[i + 1] if i + 1 < len(parts) else ""
        text += part + draw(st.sampled_from(["\n", "\n\n", "\r\n\r\n", "\n\n\n"]
                                            + ([] if following.startswith("[") else [" "])))
    return text, count


@settings(max_examples=150, deadline=None)
@given(_pgn_files())
def test_no_game_is_lost(case):
    text, count = case
    games = list(pgn.read_games(io.StringIO(text)))
    assert len(games) == count
    for game in games:
        assert game.result in pgn.RESULTS
        assert game.end().move_stack == game.moves


@pytest.mark.parametrize("command", ["[%clk 1:02]", "[%clk 0:00:05.25]", "[%clk 10:00:00]", "[%clk :01:02]",
                                     "[%clk 1:2:3:4]", "[%eval x]", "[%eval -0.3]", "[%eval #-2]", "[%eval +1]",
                                     "[%eval 12.]", "[%eval #]", "[%eval 0.5,10] [%clk 0:01:00]",
                                     "[%clk 1:0x:03]", "[%clk 1:02:3x]", "[%clk 1;02:03]", "[%clk 9:59:59]",
                                     "[%clk 1:02:03.]", "[%clk 1:02:03 ]"])
def test_odd_eval_and_clock_commands_read_as_python_chess_reads_them(command):
    text = f"1. e4 {{ {command} }} 1-0\n"
    game = next(pgn.read_games(io.StringIO(text)))
    theirs = _their_games(text)[0].next()
    assert game.clocks == [theirs.clock()]
    evals = [("mate", int(e)) if isinstance(e, pgn.Mate) else e for e in game.evals]
    assert evals == _their_evals(_their_games(text)[0])
    arrays = pgn.to_arrays(io.StringIO(text))
    assert arrays["clocks"][0] == pytest.approx(theirs.clock()) if theirs.clock() is not None \
        else np.isnan(arrays["clocks"][0])


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_blocks_of_the_stream_cut_nothing(newline):
    """The reader takes its stream in 64 KiB blocks: lines cut at a block's end, CRLF included,
    must read as whole lines, and every offset must point at its game's first byte."""
    from bitboard.benchmarks.pgn import corpus
    text = corpus(80, seed=21).replace("\n", newline)
    data = text.encode()
    assert len(data) > 4 * 65536
    games = list(pgn.read_games(io.BytesIO(data)))
    theirs = _their_games(text)
    assert len(games) == len(theirs) == 80
    for game, their in zip(games, theirs):
        assert data[game.offset:game.offset + 7] == b'[Event '
        assert [m.uci() for m in game.moves] == [m.uci() for m in their.mainline_moves()]
        assert game.clocks == [node.clock() for node in their.mainline()] and game.error is None


def test_a_line_longer_than_blocks_reads_whole():
    """A line can span several 64 KiB blocks (a long comment or tag): it is read as one line,
    and the games after it keep their offsets."""
    long = "x" * 150_000
    text = f'[Event "a"]\n[Annotator "{long}"]\n\n1. e4 {{ {long} }} e5 1-0\n\n[Event "b"]\n\n1. d4 0-1\n'
    data = text.encode()
    games = list(pgn.read_games(io.BytesIO(data)))
    assert [g.headers["Annotator"] for g in games[:1]] == [long]
    assert [[m.uci() for m in g.moves] for g in games] == [["e2e4", "e7e5"], ["d2d4"]]
    assert [data[g.offset:g.offset + 11] for g in games] == [b'[Event "a"]', b'[Event "b"]']
    assert list(pgn.to_arrays(io.BytesIO(data))["result"]) == [1, -1]
