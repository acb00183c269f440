"""Rootlog, the community's notation for Root game records (spec V2.8), read into a syntax tree.

Rootlog is not our own action notation (wyrm_ai/model/notation.py, docs/notation.md), which only
borrows its letters. docs/rootlog.md says what is read, the tree, and the forms accepted beyond
V2.8.

    from wyrm_ai.rootlog import read_file, read_text, read_clause
    record = read_file("game.rootlog")       # lenient: record.errors lists what did not read
    read_text(text, strict=True)             # raises the first RootlogError (line, col)
"""
from wyrm_ai.rootlog.clauses import read_clause
from wyrm_ai.rootlog.reader import read_file, read_text
from wyrm_ai.rootlog.tree import RootlogError

__all__ = ["read_clause", "read_file", "read_text", "RootlogError"]
