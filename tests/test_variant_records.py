"""Crazyhouse and three-check games in the data pipeline: records with their extras, drop move
codes, to_arrays, Parquet and .npz, and the encoders' refusals, with python-chess as the oracle."""
import random
import warnings

import chess
import chess.pgn
import chess.variant
import numpy as np
import pytest

import bitboard.chess.variant as bvariant
from bitboard import Board, pgn
from bitboard.core.encoding import (
    DATASET_NO_MOVE,
    dataset_drop,
    dataset_drop_piece,
    dataset_move,
    dataset_move_parts,
)
from bitboard.data import encode
from bitboard.data.records import (
    board_of,
    extras_dtype,
    extras_of,
    mirror,
    mirror_extras,
    record_of,
    record_variant,
)
from bitboard.errors import UnsupportedVariantError

VARIANTS = {"Crazyhouse": chess.variant.CrazyhouseBoard, "Three-check": chess.variant.ThreeCheckBoard}
# a pawn promotes and is taken at once: black's pocket gets a pawn, which it drops
PROMOTION_FEN = "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"
PROMOTION_MOVES = ["b7b8q", "a8b8", "e1e2", "P@c5", "e2d3", "b8b3"]


def _random_game(board, rng, plies=160):
    """A seeded random game on a python-chess board: checks and captures half the time (so
    pockets fill, drops follow and three checks end games)."""
    moves = []
    while not board.is_game_over() and len(moves) < plies:
        legal = list(board.legal_moves)
        sharp = [m for m in legal if board.gives_check(m) or board.is_capture(m)]
        move = rng.choice(sharp if sharp and rng.random() < 0.5 else legal)
        moves.append(move)
        board.push(move)
    return moves


def _games(seed=7, count=6):
    """(PGN text, [(variant name, python-chess board at the start, moves)]) of a standard game
    (first: the extras start after rows without them), random games of both variants and the
    scripted promotion game."""
    rng = random.Random(seed)
    played = [("Standard", chess.Board(), _random_game(chess.Board(), rng, 40))]
    for n in range(count):
        name = list(VARIANTS)[n % 2]
        start = VARIANTS[name]()
        played.append((name, start.copy(), _random_game(start, rng)))
    start = chess.variant.CrazyhouseBoard(PROMOTION_FEN)
    played.append(("Crazyhouse", start.copy(), [chess.Move.from_uci(uci) for uci in PROMOTION_MOVES]))
    texts = []
    for name, start, moves in played:
        game = chess.pgn.Game.from_board(_played(start, moves))
        game.headers["Variant"] = name
        texts.append(str(game))
    return "\n\n".join(texts) + "\n", played


def _played(start, moves):
    board = start.copy()
    for move in moves:
        board.push(move)
    return board


def _fens(played):
    """Every position's python-chess FEN, game by game: the one before each move and the last."""
    out = []
    for _, start, moves in played:
        board = start.copy()
        for move in moves:
            out.append(board.fen())
            board.push(move)
        out.append(board.fen())
    return out


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    text, played = _games()
    path = tmp_path_factory.mktemp("variants") / "variants.pgn"
    path.write_text(text)
    return path, played


def test_extras_round_trip_crazyhouse_and_three_check_boards_exactly(corpus):
    assert extras_dtype().itemsize == 20
    _, played = corpus
    seen_promoted = False
    for name, start, moves in played:
        theirs = start.copy()
        for move in [*moves, None]:
            ours = bvariant.find_variant(name)(theirs.fen()) if name != "Standard" else Board(theirs.fen())
            record, extras = record_of(ours), extras_of(ours)
            assert int(record_variant(record["castling"][0])) == {"Crazyhouse": 7, "Three-check": 6}.get(name, 0)
            assert board_of(record[0], extras[0]).fen() == theirs.fen()
            if name == "Standard":
                assert not extras.view(np.uint8).any()
            seen_promoted |= "~" in theirs.fen()
            if move is not None:
                theirs.push(move)
    assert seen_promoted


def test_a_variant_record_needs_its_extras():
    board = bvariant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1")
    with pytest.raises(ValueError, match="extras"):
        board_of(record_of(board)[0])


def test_mirrored_records_and_extras_are_python_chess_mirrors():
    rng = random.Random(3)
    for name, board_class in VARIANTS.items():
        theirs = board_class()
        _random_game(theirs, rng, 30)
        ours = bvariant.find_variant(name)(theirs.fen())
        mirrored = board_of(mirror(record_of(ours))[0], mirror_extras(extras_of(ours))[0])
        assert mirrored.fen() == theirs.mirror().fen()


def test_drop_codes_are_apart_from_every_board_move_code():
    board_codes = {dataset_move(frm, to, promotion) for frm in range(64) for to in range(64) for promotion in range(7)}
    drops = {dataset_drop(square, piece) for square in range(64) for piece in range(1, 6)}
    assert not drops & board_codes and DATASET_NO_MOVE not in drops | board_codes and len(drops) == 320
    codes = np.array(sorted(drops | board_codes | {DATASET_NO_MOVE}))
    pieces = dataset_drop_piece(codes)
    assert {int(c) for c in codes[pieces != 0]} == drops
    for code in drops:
        square, _, _ = dataset_move_parts(code)
        assert dataset_drop(square, dataset_drop_piece(code)) == code


def test_to_arrays_plays_crazyhouse_and_three_check_as_python_chess(corpus):
    path, played = corpus
    # the corpus has three-check wins, drops, and a promoted piece taken and dropped back as a pawn
    ends = [_played(start, moves) for name, start, moves in played if name == "Three-check"]
    assert any(board.is_variant_win() or board.is_variant_loss() for board in ends)
    assert sum(bool(move.drop) for _, _, moves in played for move in moves) > 10
    scripted = _played(*played[-1][1:])
    assert "~" not in scripted.fen() and scripted.pockets[chess.BLACK].count(chess.PAWN) == 0
    arrays = pgn.to_arrays(str(path))
    assert list(arrays["variant"]) == [name for name, _, _ in played]
    assert not arrays["error"].any()
    fens = _fens(played)
    assert len(arrays["positions"]) == len(fens)
    for row, fen in enumerate(fens):
        assert board_of(arrays["positions"][row], arrays["extras"][row]).fen() == fen, row
    expected = [m for _, _, moves in played for m in [*moves, None]]
    for code, move in zip(arrays["moves"].tolist(), expected):
        if move is None:
            assert code == DATASET_NO_MOVE
        elif move.drop:
            assert code == dataset_drop(move.to_square, move.drop)
        else:
            assert code == dataset_move(move.from_square, move.to_square, move.promotion or 0)
    games = list(pgn.read_games(str(path)))
    for game, (_, start, moves) in zip(games, played):
        assert game.error is None and [m.uci() for m in game.moves] == [m.uci() for m in moves]
        assert game.end().fen() == _played(start, moves).fen()


def test_parquet_and_npz_keep_the_extras(corpus, tmp_path):
    import pyarrow.parquet as pq

    from bitboard.data import convert_file, read_arrays, write_arrays
    from bitboard.data.tables import extras_records, position_records
    path, played = corpus
    arrays = pgn.to_arrays(str(path))
    convert_file(str(path), tmp_path / "out", rows_per_group=64)  # (row groups before and with extras)
    table = pq.read_table(tmp_path / "out" / "positions" / "variants.parquet")
    assert pq.ParquetFile(tmp_path / "out" / "positions" / "variants.parquet").metadata.num_row_groups > 3
    assert (position_records(table) == arrays["positions"]).all()
    assert (extras_records(table) == arrays["extras"]).all()
    variant = record_variant(arrays["positions"]["castling"])
    for column, owner in (("pockets", 7), ("promoted", 7), ("checks", 6)):
        assert (table.column(column).is_valid().to_numpy(zero_copy_only=False) == (variant == owner)).all()
    moves = table.column("move").to_numpy(zero_copy_only=False)
    assert (np.nan_to_num(moves, nan=DATASET_NO_MOVE) == arrays["moves"]).all()
    games = pq.read_table(tmp_path / "out" / "games" / "variants.parquet")
    assert games.column("variant").to_pylist() == [name for name, _, _ in played]
    assert games.column("error").null_count == len(played)
    write_arrays(arrays, tmp_path / "all.npz")
    again = read_arrays(tmp_path / "all.npz")
    assert (again["extras"] == arrays["extras"]).all() and (again["positions"] == arrays["positions"]).all()
    standard = {name: column[variant == 0] if len(column) == len(variant) else column
                for name, column in arrays.items()}
    write_arrays(standard, tmp_path / "standard.npz")
    with np.load(tmp_path / "standard.npz") as stored:
        assert "extras" not in stored.files  # all zeros: not stored, made again on reading
    assert (read_arrays(tmp_path / "standard.npz")["extras"] == standard["extras"]).all()


def test_the_encoders_refuse_variant_records_and_drops_by_name(corpus):
    path, _ = corpus
    arrays = pgn.to_arrays(str(path))
    positions, moves, game = arrays["positions"], arrays["moves"], arrays["game"]
    variant = record_variant(positions["castling"])
    first = int(np.flatnonzero(variant)[0])
    name = "crazyhouse" if variant[first] == 7 else "3check"
    for encoder in (lambda: encode.piece_planes(positions), lambda: encode.leela_planes(positions, game),
                    lambda: encode.lc0_indices(moves, positions), lambda: encode.repetition_counts(positions, game),
                    lambda: encode.legal_move_masks(positions[:first + 1])):
        with pytest.raises(UnsupportedVariantError, match=f"row {first} is a {name} position"):
            encoder()
    three = int(np.flatnonzero(variant == 6)[0])
    with pytest.raises(UnsupportedVariantError, match="row 0 is a 3check position"):
        encode.piece_planes(positions[three:])
    drop = int(np.flatnonzero(dataset_drop_piece(moves))[0])
    with pytest.raises(UnsupportedVariantError, match=f"row {drop} is a drop"):
        encode.alphazero_indices(moves, positions["turn"])
    with pytest.raises(UnsupportedVariantError, match="row 0 is a drop"):
        encode.lc0_indices(moves[drop:drop + 1], record_of(Board()))
    board = bvariant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    drop_move = board.parse_san("N@f3")
    for index in (lambda: encode.alphazero_index(drop_move, True), lambda: encode.lc0_index(drop_move, board)):
        with pytest.raises(UnsupportedVariantError, match="N@f3"):
            index()
    standard = variant == 0  # the rows of standard chess encode as before
    assert encode.piece_planes(positions[standard]).shape == (int(standard.sum()), 18, 8, 8)


@pytest.mark.parametrize(("encoding", "policy"), [("planes", "alphazero"), ("lc0", "lc0"), ("lc0_packed", None)])
def test_batches_leave_out_and_count_the_rows_no_encoding_holds_never_failing_mid_epoch(corpus, tmp_path, encoding,
                                                                                      policy):
    import pyarrow.compute as pc

    from bitboard.data import convert_file
    from bitboard.data.batches import Batches, SkippedRowsWarning, batches
    path, played = corpus
    convert_file(str(path), tmp_path / "out", rows_per_group=64)  # (batches come before the variant games)
    rows = {name: sum(len(moves) + 1 for played_name, _, moves in played if played_name == name)
            for name in ("Standard", "Crazyhouse", "Three-check")}
    with pytest.warns(SkippedRowsWarning) as caught:
        read = batches(tmp_path / "out", 16, encoding=encoding, policy=policy)
        kept = list(read)
    planes = "lc0's planes" if encoding.startswith("lc0") else "piece planes"
    assert [str(warning.message) for warning in caught] == [
        f"batches: {planes} cannot hold {what} positions (the first: game {game}, ply 0): such rows are left out, "
        f"counted in the pass's skipped; filter=pc.field(\"castling\") < 16 leaves them out unread"
        for what, game in (("crazyhouse", 1), ("3check", 2))]  # (once a pass each)
    assert read.skipped == {"crazyhouse positions": rows["Crazyhouse"], "3check positions": rows["Three-check"]}
    assert sum(len(value) for _, _, value in kept) == rows["Standard"] and len(kept) == -(-rows["Standard"] // 16)
    # the filter the warning names leaves them out unread: the same batches, nothing skipped, no warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = Batches(tmp_path / "out", 16, encoding=encoding, policy=policy, filter=pc.field("castling") < 16)
        filtered = list(again)
    assert not again.skipped and len(filtered) == len(kept)
    for ours, theirs in zip(kept, filtered):
        for mine, other in zip(ours, theirs):
            for one, two in zip(*((item if isinstance(item, tuple) else (item,)) for item in (mine, other))):
                assert (one is None and two is None) or np.array_equal(one, two, equal_nan=True)


def test_batches_leave_out_a_king_promotion_only_where_a_policy_needs_its_index(tmp_path):
    from bitboard.data import convert_file
    from bitboard.data.batches import SkippedRowsWarning, batches
    start = chess.variant.AntichessBoard("8/P7/8/8/8/8/8/7k w - - 0 1")
    moves = [chess.Move.from_uci(uci) for uci in ("a7a8k", "h1g1", "a8b8", "g1f1")]
    game = chess.pgn.Game.from_board(_played(start, moves))
    game.headers["Variant"] = "Antichess"
    (tmp_path / "anti.pgn").write_text(str(game) + "\n")
    convert_file(tmp_path / "anti.pgn", tmp_path / "out")
    with pytest.warns(SkippedRowsWarning, match=r"the lc0 policy has no index for king promotions \(antichess; the "
                                                r"first: game 0, ply 0\)"):
        read = batches(tmp_path / "out", 8, encoding="lc0", policy="lc0")
        (inputs, policy, value), = list(read)
    assert read.skipped == {"king promotions": 1} and len(policy) == 4  # the other moves and the final position
    assert policy[-1] == -1 and (policy[:-1] >= 0).all()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        read = batches(tmp_path / "out", 8, encoding="lc0", policy=None)  # no policy: every row is held
        (inputs, policy, value), = list(read)
    assert not read.skipped and len(inputs) == 5 and policy is None


