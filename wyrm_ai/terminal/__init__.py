"""Play Root in a terminal (`wyrm play`) and watch the AI play (`wyrm watch`: watch.py).

The board, its colours and the words for cards and actions are the model's text board
(wyrm_ai/model/textboard/); here: screen.py the screen redrawn in place and whether the terminal
gets colour; input.py commands, the numbered list of legal actions; lineedit.py line editing;
flow.py forced decisions, wood payment, `card`; recent.py what happened lately; thinking.py
search with progress and Ctrl-C; leaving.py a game saved when the terminal goes; saves.py saves,
the visible record and Rootlog files; session.py the game loop; command.py the click command. The
AI's levels are wyrm_ai/ai/opponent.py. See docs/architecture.md."""
from wyrm_ai.terminal.command import play_command

__all__ = ["play_command"]
