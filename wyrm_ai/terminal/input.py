"""Reading what the player types: a command word, a number from the list of legal actions, or an
action in the project's notation (docs/notation.md). Nothing here changes the game."""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

from wyrm_ai.model.actions import decode
from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model.numbers import decimal
from wyrm_ai.model.textboard.board import item_supply_words
from wyrm_ai.model.textboard.style import Style, trimmed, visible_len
from wyrm_ai.model.textboard.words import GROUPS, advancing, explain, group_of, retinue_column

COMMANDS = {
    "help": "help", "?": "help", "hint": "hint", "undo": "undo", "save": "save", "log": "log",
    "quit": "quit", "exit": "quit", "why": "why", "board": "board", "list": "list", "actions": "list",
    "new": "new", "resign": "resign", "card": "card", "set": "set", "rules": "rules",
    "more": "more", "seat": "seat", "panels": "panels",
}
MAX_UNDO = 10_000           # `undo N` takes at most this many decisions back

HELP = """\
Type an action, or its number from the list, then Enter.
  an action   in the notation of docs/notation.md, e.g. 2w1->5 XW5 b_s->8 pass
  a number    the action with that number in the list of legal actions
  (Enter)     the list of legal actions again (on a terminal: its next page),
              or pay the proposed wood for a build
  list        the whole list of legal actions
  board       show the board again
  more        the next page of what happened since your last turn
  seat NAME   that faction's whole panel on the screen (seat alone: yours)
  seat next   the next faction's whole panel (again: the next, round the table)
  panels      every faction's whole panel, printed below the screen
  hint        the planner's suggestion and its top alternatives
  undo [N]    take back your last decision (or last N) and everything after it
  why         the alternatives the AI weighed on its last turn
  log         the game record so far (cards drawn into other hands are hidden)
  card NAME   what a card does and what crafting it costs: card armorers
  rules NAME  a faction's rules in words, citing the rules (yours, or: rules wyrm)
  set auto on|off   play forced decisions (one legal action) for you, or ask
  save FILE   save the game; `wyrm play --load FILE` resumes it exactly
  new         save this game and start a new one with the same options
  resign      give the game to the AI (it is saved, marked resigned)
  quit        leave the game (it is saved first, so you can resume it)
Clearings are numbered 1-12 as on the Autumn map; the map shows their paths.
On a terminal: Left/Right edit the line, Up/Down recall earlier lines, Tab
completes commands and actions. A row of the narrow map reads
  12F W R#. 3w 2wd K  2w P Fc  4 7 9 10 11
clearing and suit (F fox, R rabbit, M mouse), who rules it (C, W or -), the
building slots (S sawmill, W workshop, R recruiter, # ruin, . free), the
Marquise's warriors, wood and Keep, the Wyrm's wyrmlings, pawn (P) and fear
token (Fs scared, Fc cowed), then the clearings its paths lead to. With three
seats or more on a short screen the columns are headed by the factions'
letters (C Marquise, E Eyrie, A Alliance, V Vagabond, L Lizard Cult (its
gardens L in the slots), O Riverfolk (tp a trade post), D Duchy (T a
tunnel; citadels c and markets m in the slots; the Burrow on its own row),
P Corvids (p a plot face down, its type theirs to see: p:b in their view;
B S E R a bomb, snare, extortion or raid face up), H Hundreds (W the
warlord, m a mob; strongholds H in the slots), K Keepers (f2 a figure
relic of value 2, t tablet, j jewelry; waystations K in the slots), W
Wyrm, M the bot)."""


@dataclass
class Command:
    kind: str           # a COMMANDS value, "number", "action" or "error"
    arg: str = ""


def read_command(line: str) -> Command:
    """What a typed line asks for (no game needed)."""
    text = line.strip()
    if not text:
        return Command("list")
    word, _, rest = text.partition(" ")
    kind = COMMANDS.get(word.lower())
    if kind == "save":
        if not rest.strip():
            return Command("error", "save needs a file name: save FILE")
        return Command("save", rest.strip())
    if kind == "card":
        if not rest.strip():
            return Command("error", "card needs a name: card NAME, e.g. card armorers")
        return Command("card", rest.strip())
    if kind == "rules":
        return Command("rules", rest.strip())
    if kind == "seat":
        return Command("seat", rest.strip())
    if kind == "set":
        words = rest.lower().split()
        if len(words) != 2 or words[0] != "auto" or words[1] not in ("on", "off"):
            return Command("error", "set takes: set auto on, or set auto off")
        return Command("set", words[1])
    if kind == "undo" and rest.strip():
        n = decimal(rest.strip(), 1, MAX_UNDO)
        if n is None:
            return Command("error", f"undo takes a number of your decisions, 1-{MAX_UNDO:,}: undo 2")
        return Command("undo", str(n))
    if kind is not None:
        if rest.strip():
            return Command("error", f"'{word}' takes no argument")
        return Command(kind)
    if text.isascii() and text.isdigit():
        return Command("number", text)
    return Command("action", text)


@dataclass
class Choice:
    number: int
    action: int
    text: str
    group: str
    words: str = ""


def numbered_actions(game) -> list[Choice]:
    """The legal actions of the seat to move, grouped by kind (in GROUPS order), numbered from 1."""
    seat, step = game.current_player, game.step
    order = {title: i for i, (title, _) in enumerate(GROUPS)}
    advance = advancing(game.state, step)          # the Hundreds' Advance the Warlord (LoR 14.5.3)
    column = retinue_column(game.state, step)      # the Keepers' Retinue column acting (LoR 15.5.2)
    rows = [(group_of(a, step, advance, column), a) for a in game.legal_actions()]
    rows.sort(key=lambda r: (order.get(r[0], len(order)), r[1]))
    return [Choice(i + 1, a, game.describe(a, seat), g, explain(a, seat, step, game.faction_ids, game.state)) for i, (g, a) in enumerate(rows)]


def choice_groups(choices: list[Choice], st: Style, width: int = 99, fit: str = "cut") -> list[list[str]]:
    """Each group of the list as lines, its heading first: one action per line with words when
    the group is small, packed into columns when it is large (moves, discards). An action's
    words wider than width are cut with '...' (fit "cut": one line per action, for the screen's
    pages), wrapped at their spaces under themselves ("wrap": a list printed on a terminal), or
    left whole ("none": a transcript in a pipe)."""
    groups, out = {}, []
    for c in choices:
        groups.setdefault(c.group, []).append(c)
    for title, items in groups.items():
        rows = [st.paint(title + ":", "title")]
        if len(items) <= 8:
            w = max(18, max(len(c.text) for c in items))
            for c in items:
                head = f"  {st.paint(f'{c.number:>3})', 'number')} {c.text:<{w}}  "
                room = max(12, width - visible_len(head))
                if len(c.words) <= room or fit == "none":
                    rows.append(head + st.paint(c.words, "dim"))
                elif fit == "wrap":
                    lines = textwrap.wrap(c.words, room) or [""]
                    rows.append(head + st.paint(lines[0], "dim"))
                    rows += [" " * visible_len(head) + st.paint(x, "dim") for x in lines[1:]]
                else:
                    rows.append(head + st.paint(trimmed(c.words, room), "dim"))
        else:
            cells = [f"{st.paint(f'{c.number:>3})', 'number')} {c.text:<18}" for c in items]
            per_row = max(1, (width - 2) // 24)
            rows += ["  " + " ".join(cells[i:i + per_row]).rstrip() for i in range(0, len(cells), per_row)]
        out.append(rows)
    return out


def format_choices(choices: list[Choice], st: Style, width: int = 99, fit: str = "wrap") -> list[str]:
    """The whole list of legal actions, group headings with their numbered actions (fit: see
    choice_groups)."""
    return [line for group in choice_groups(choices, st, width, fit) for line in group]


def resolve(cmd: Command, game, choices: list[Choice]) -> int:
    """The action int for a number or an action text; raises WyrmError with a one-line reason."""
    if cmd.kind == "number":
        n = decimal(cmd.arg, 1, len(choices))
        if n is None:
            shown = cmd.arg.lstrip("0") or "0"
            shown = shown if len(shown) <= 12 else shown[:9] + "..."
            raise WyrmError(f"there is no action {shown}: choose 1-{len(choices)} (Enter shows the list)")
        return choices[n - 1].action
    a = game.to_action(cmd.arg)          # NotationError for unreadable text
    if a not in {c.action for c in choices}:
        why = f"{game.describe(a)} is not legal now ({game.step.replace('_', ' ')})"
        if decode(a).kind == "craft":    # the supply it may lack (issue 28); the core said no
            why += f"; {item_supply_words(game.observation(game.current_player))}"
        raise WyrmError(why)
    return a
