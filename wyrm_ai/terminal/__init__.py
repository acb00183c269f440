"""Play Root against the Wyrm in a terminal (`wyrm play`).

style.py colour or plain text; board.py the boxed board (map, boards, hand), compact.py the
board in 80 columns, boardview.py any viewer's board, screen.py the screen redrawn in place;
words.py actions and cards in words; input.py commands, the numbered list of legal actions;
lineedit.py line editing; flow.py forced decisions, wood payment, `card`; opponent.py the levels;
thinking.py search with progress and Ctrl-C; saves.py saves and the visible record; session.py
the game loop; command.py the click command. See docs/architecture.md."""
from wyrm_ai.terminal.command import play_command

__all__ = ["play_command"]
