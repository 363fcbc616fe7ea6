"""Sphinx configuration: the user guide (Markdown, through MyST) and the API reference, drawn
from the docstrings (`sphinx-build -W -b html docs build/docs`, as CI runs it)."""
import importlib.metadata

project = "bitboard"
author = "the bitboard authors"
copyright = "2026, the bitboard authors"
try:
    release = importlib.metadata.version("bitboard")
except importlib.metadata.PackageNotFoundError:
    release = "unknown"

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.viewcode"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
# Docstrings are plain text with `backquoted` names, python-chess's style; render those as code.
default_role = "code"

html_theme = "alabaster"
html_title = f"bitboard {release}"
html_static_path = []
