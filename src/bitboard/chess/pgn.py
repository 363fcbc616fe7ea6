"""python-chess's `chess.pgn` on bitboard's boards: the game tree, the readers, the visitors and
the exporters, gathered from `bitboard.game_tree` under python-chess's names."""
from ..game_tree import nags as _nags
from ..game_tree.annotations import ARROWS_REGEX, CLOCK_REGEX, EMT_REGEX, EVAL_REGEX
from ..game_tree.builders import BoardBuilder, SkipVisitor
from ..game_tree.exporting import FileExporter, StringExporter, StringExporterMixin
from ..game_tree.headers import TAG_NAME_REGEX, TAG_REGEX, TAG_ROSTER, Headers, HeadersBuilder, HeadersT
from ..game_tree.movetext import MOVETEXT_REGEX, SKIP_MOVETEXT_REGEX
from ..game_tree.nags import *  # noqa: F401,F403  (NAG_NULL ... NAG_NOVELTY)
from ..game_tree.nodes import ChildNode, Game, GameBuilder, GameNode, GameT, Mainline, MainlineMapT
from ..game_tree.reading import read_game, read_headers, skip_game
from ..game_tree.timecontrol import TimeControl, TimeControlPart, TimeControlType, parse_time_control
from ..game_tree.visitors import LOGGER, SKIP, BaseVisitor, ResultT, SkipType
from ..types import Color, Square

__all__ = [
    "ARROWS_REGEX", "CLOCK_REGEX", "EMT_REGEX", "EVAL_REGEX", "MOVETEXT_REGEX", "SKIP_MOVETEXT_REGEX",
    "TAG_NAME_REGEX", "TAG_REGEX", "TAG_ROSTER", "LOGGER", "SKIP", "SkipType",
    "BaseVisitor", "BoardBuilder", "GameBuilder", "HeadersBuilder", "SkipVisitor",
    "FileExporter", "StringExporter", "StringExporterMixin",
    "ChildNode", "Game", "GameNode", "Headers", "Mainline",
    "GameT", "HeadersT", "MainlineMapT", "ResultT", "Color", "Square",
    "TimeControl", "TimeControlPart", "TimeControlType", "parse_time_control",
    "read_game", "read_headers", "skip_game",
] + [name for name in vars(_nags) if name.startswith("NAG_")]
