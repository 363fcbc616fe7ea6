"""bitboard.chess.engine: python-chess's engine protocols driving bitboard's Board and Move.

The protocol code is the installed python-chess's (the `[chess]` extra), so these tests check
the seam: positions sent from our Board, moves and scores parsed into our Move and python-chess's
score classes, the module loading whatever `chess` is bound to, and the error without python-chess.
"""
import asyncio
import importlib.metadata
import os
import shutil
import sys

import chess as python_chess
import pytest

import bitboard
from bitboard.errors import MissingExtraError

try:
    importlib.metadata.distribution("chess")
except importlib.metadata.PackageNotFoundError:
    pytest.skip("bitboard.chess.engine runs python-chess's module: python-chess is not installed",
                allow_module_level=True)

from helpers import import_without_python_chess, run_python  # noqa: E402

import bitboard.chess as chess  # noqa: E402
import bitboard.chess.engine  # noqa: E402
from bitboard.chess import engine  # noqa: E402

STOCKFISH = shutil.which("stockfish") or next(
    (path for path in ("/usr/games/stockfish",) if os.access(path, os.X_OK)), None)
needs_stockfish = pytest.mark.skipif(STOCKFISH is None, reason="no stockfish on PATH or in /usr/games")


def test_the_module_is_python_chess_protocol_code_on_our_classes():
    assert engine.chess is chess  # its `import chess` resolved to bitboard.chess
    assert sys.modules["chess"] is python_chess  # and the binding was put back
    assert engine.SimpleEngine.__module__ == "bitboard.chess.engine"
    assert engine.LOGGER.name == "chess.engine"  # python-chess's logger name, for configured programs
    assert engine.Limit(depth=3) == engine.Limit(depth=3)
    assert engine.PovScore(engine.Cp(35), chess.BLACK).white() == engine.Cp(-35)


async def _mock_session():
    protocol = engine.UciProtocol()
    transport = engine.MockTransport(protocol)
    transport.expect("uci", ["id name Mock", "option name UCI_Chess960 type check default false", "uciok"])
    await protocol.initialize()
    board = chess.Board()
    board.push_san("e4")
    board.push_san("c5")
    transport.expect("ucinewgame")
    transport.expect("isready", ["readyok"])
    transport.expect("position startpos moves e2e4 c7c5")
    transport.expect("go depth 4", ["info depth 4 score cp 31 wdl 400 450 150 pv g1f3 d7d6 d2d4",
                                    "bestmove g1f3 ponder d7d6"])
    info = await protocol.analyse(board, engine.Limit(depth=4))
    transport.assert_done()
    transport.expect("position fen 8/8/8/8/8/5k2/8/4K2R w K - 0 1 moves e1g1")
    transport.expect("go nodes 100", ["info depth 1 score mate -1 pv f3e2", "bestmove f3e2"])
    castled = chess.Board("8/8/8/8/8/5k2/8/4K2R w K - 0 1")
    castled.push_uci("e1g1")
    result = await protocol.play(castled, engine.Limit(nodes=100), info=engine.INFO_ALL)
    transport.assert_done()
    return info, result


def test_a_session_with_a_mock_engine_sends_our_board_and_parses_our_moves():
    info, result = asyncio.run(_mock_session())
    assert info["pv"] == [chess.Move.from_uci(uci) for uci in ("g1f3", "d7d6", "d2d4")]
    assert all(type(move) is bitboard.Move for move in info["pv"])
    assert info["score"] == engine.PovScore(engine.Cp(31), chess.WHITE)
    assert info["wdl"].black() == engine.Wdl(150, 450, 400)
    assert result.move == chess.Move.from_uci("f3e2") and type(result.move) is bitboard.Move
    assert result.info["score"].turn == chess.BLACK  # the side to move after the castling sent
    assert result.info["score"].relative == engine.Mate(-1) and result.info["score"].white() == engine.Mate(+1)


@needs_stockfish
def test_our_board_plays_a_short_game_against_stockfish():
    board, oracle = chess.Board(), python_chess.Board()
    with engine.SimpleEngine.popen_uci(STOCKFISH) as stockfish:
        assert stockfish.id["name"].lower().startswith("stockfish")
        for _ in range(12):
            result = stockfish.play(board, engine.Limit(depth=4))
            assert type(result.move) is bitboard.Move
            assert result.move in board.legal_moves
            board.push(result.move)
            oracle.push_uci(result.move.uci())
            assert board.fen() == oracle.fen()
            if board.is_game_over():
                break
    assert len(board.move_stack) >= 2


@needs_stockfish
def test_analyse_gives_a_pov_score_and_finds_a_mate():
    with engine.SimpleEngine.popen_uci(STOCKFISH) as stockfish:
        board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")  # Ra8#
        info = stockfish.analyse(board, engine.Limit(depth=6))
        assert isinstance(info["score"], engine.PovScore)
        assert info["score"].relative == engine.Mate(1)
        assert info["score"].black() == engine.Mate(-1)
        assert info["pv"][0] == chess.Move.from_uci("a1a8")
        board.push(info["pv"][0])
        assert board.is_checkmate()
        several = stockfish.analyse(chess.Board(), engine.Limit(depth=3), multipv=2)
        assert len(several) == 2 and all(isinstance(line["score"], engine.PovScore) for line in several)


@pytest.mark.parametrize("swap", ["sys.modules['chess'] = bitboard.chess", "bitboard.chess.install()"])
def test_the_module_loads_after_the_swap(swap):
    result = run_python(f"""
import sys
import bitboard.chess
{swap}
import chess
import chess.engine
assert chess.engine is bitboard.chess.engine, chess.engine
assert chess.engine.chess is bitboard.chess
assert sys.modules["chess"] is bitboard.chess
assert type(chess.engine.PovScore(chess.engine.Cp(5), chess.WHITE).relative) is chess.engine.Cp
print("ok")
""")
    assert result.stdout == "ok\n", result.stderr


def test_the_module_loads_beside_python_chess_and_leaves_it_bound():
    result = run_python("""
import sys
import chess
import chess.engine
import bitboard.chess.engine
assert sys.modules["chess"] is chess and chess.engine is not bitboard.chess.engine
assert bitboard.chess.engine.chess is bitboard.chess and chess.engine.chess is chess
print("ok")
""")
    assert result.stdout == "ok\n", result.stderr


def test_without_python_chess_the_import_names_the_extra():
    result = import_without_python_chess("bitboard.chess.engine")
    assert "pip install 'bitboard[chess]'" in result.stdout, result.stderr
    assert issubclass(MissingExtraError, ImportError)
