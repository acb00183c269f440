"""What happened lately, as the redrawn screen of `wyrm play` keeps it ("Since your last turn",
issue 28): your own last turn (its header and your actions in words), then everything after it,
with the page the screen opens on and the page `more` shows. The lines are the session's, in
words (narration); this module only keeps and pages them."""
from __future__ import annotations

from wyrm_ai.model.textboard.words import turn_title


class Recent:
    """The recent lines and where they stand. The session calls others_begin() when another
    faction's turn begins after yours (with the count of lines waiting), keep() at each of your
    decisions with the lines since the last one, more() for the next page."""

    def __init__(self):
        self.lines: list[str] = []
        self.page: int | None = 0     # the page shown: -1 the last; None the one holding `start`
        self.start = 0                # the first line after your last turn (where the others' begin)
        self.pages = 1                # how many pages the screen last drew them in
        self.reading = False          # `more`: they take the rows of the actions
        self._mark = (0, 0)           # (turn number, record length) at the last keep()
        self._mine = (0, 0)           # your turn's lines in `lines`, from-to
        self._my_turn = None          # the turn number of your latest turn
        self._my_title = ""           # its header: Round 3 - Marquise (you)
        self._others_at = None        # where the others' turns begin among the waiting lines
        self._end = None              # ... once kept, in `lines`

    def others_begin(self, waiting: int) -> None:
        """Another faction's turn begins after yours: it starts after the `waiting` lines."""
        if self._others_at is None:
            self._others_at = waiting

    def keep(self, game, human: int, pending: list[str], paint) -> None:
        """At your decision: pending (what happened since the last one) joins the lines. When your
        new turn begins they start afresh with your last turn (paint(title) its header), then
        everything after it, opening on the page where the others' turns begin; during your turn
        the screen shows the last page (your latest action); after an undo they start afresh."""
        turn, n = game.state.turn_number, len(game.record)
        lo, hi = self._mine
        if n < self._mark[1]:
            self.lines, self._mine, self._my_turn = [], (0, 0), None
            self.page, self._others_at, self._end = 0, None, None
        elif pending and game.state.turn == human and turn != self._my_turn:
            mine, rest = self.lines[lo:hi], self.lines[hi:]
            head = [paint(self._my_title)] if mine and self._my_title else []
            if self._end is not None:          # the others' turns began before a decision of yours
                self.start = self._end - lo + len(head)
            else:                               # ... or among pending (else: after your turn's lines)
                self.start = len(head) + len(mine) + len(rest) + (self._others_at or 0)
            self.page, self._others_at, self._end = None, None, None
            self.lines = head + mine + rest + list(pending)
            self._mine = (len(self.lines), len(self.lines))
            self._my_turn = turn
            self._my_title = f"{turn_title(turn, game.state.turn, game.faction_ids)} (you)"
            pending = []
        elif pending:
            self.page = -1                      # your own latest action: the last page
        if self._others_at is not None and self._end is None:
            self._end, self._others_at = len(self.lines) + self._others_at, None
        self.lines = self.lines + list(pending)
        if game.state.turn == human and turn == self._my_turn:
            self._mine = (self._mine[0], len(self.lines))      # your turn's lines so far
        self.reading = False
        self._mark = (turn, n)

    def more(self) -> None:
        """`more`: the lines in the rows of the actions, from where the others' turns begin; again:
        the next page (round to the first)."""
        if not self.reading:
            self.reading, self.page = True, None
        else:
            self.page = ((self.page or 0) + 1) % max(1, self.pages)

    def shown(self, screen) -> None:
        """After the screen drew them (screen.Screen): its page count, and the page it chose."""
        self.pages = screen.recent_pages
        if self.page is None or self.page < 0:
            self.page = screen.recent_page
