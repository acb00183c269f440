"""Play Root against the Wyrm in a terminal (`wyrm play`).

style.py colour or plain text; board.py the screen (map, boards, hand); words.py actions and
cards in words; input.py commands, the numbered list of legal actions; opponent.py the levels;
thinking.py search with progress and Ctrl-C; saves.py saves and the visible record; session.py
the game loop; command.py the click command."""
from wyrm_ai.terminal.command import play_command

__all__ = ["play_command"]
