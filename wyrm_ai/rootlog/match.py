"""What a Rootlog clause means, as atoms that compare: Rootlog's defaults applied (an omitted
faction is the player on turn, an omitted count 1, a card's omitted start the draw pile...), a
Move split into one atom per thing and destination (so `(2w+b_s)5->` and `2w5->/b_s5->` mean
the same), abbreviations expanded. Replay (replay.py) and the writer's check (writer.py) match
the clauses an engine action writes against a record's clauses through these atoms only, by the
rule here (fit, choose: which candidate -- writer.candidates, an action and its clauses -- the
record's next clauses mean; silent atoms).

A record atom `covers` an action's atom when it says the same or less: `#->C` (a card not named)
covers `F#anvil->C`. A battle's ambushes and roll are kept beside its atom (`Battle.extra`):
the engine takes them as later entries (`writer.Amend`)."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from wyrm_ai.rootlog.clauses import read_clause
from wyrm_ai.rootlog.tree import (Battle, Board, Card, Clearing, Craft, Decision, Expose, Flip, Forest, Hire, Item,
                                  ItemSlot, Move, Piece, Relationship, Reveal, Score, SetFunds, SetPrices, Trick,
                                  Unknown, flat_parts)


class Atom(NamedTuple):
    key: tuple              # what it means
    extra: tuple = ()       # a battle's (ambushes, rolls) as written


def _board(loc, turn):
    if isinstance(loc, Board) and loc.faction is None:
        return Board(turn, loc.slot)
    return loc


def _thing(t, turn):
    """A thing's meaning, one of it: a count of n is n atoms (`2#->C` is two draws)."""
    if isinstance(t, Piece) and t.kind == "f":
        # the Lake's Ferry is no faction's and goes where the move goes: `(3w+f)11->1` and
        # `w1+f->11` (the spec's two forms) both mean it reached 11
        return ("piece", None, "f", 1, None)
    if isinstance(t, Piece):
        return ("piece", t.faction or turn, t.code, 1, _board(t.at, turn))
    if isinstance(t, Card):
        return ("card", t.suit, t.card, 1, _board(t.at, turn))
    if isinstance(t, Item):
        return ("item", t.kind, 1, _board(t.at if t.at is not None else Board(turn), turn))
    raise TypeError(t)


KEEPERS = "K"           # the Keepers in Iron's letter (spec "Factions")
HIRED = "hire"          # a hire atom's extra: (HIRED, control markers), a pending hire (_amend_fits)
# the atoms whose extra the entries after them amend (`pending`): a battle (its ambushes and roll), a
# hire (the control die's markers)
PENDING = ("battle", "hire")
# a record atom that a later action takes (match.fit_skipping passes over it, keeping it for that
# action): the second half of the spec's relic taken to a forest as a trophy in one clause
LATER = ("later",)


def atoms_of(clause, turn: str) -> tuple[Atom, ...]:
    """The atoms of one clause (a tree node) read on `turn`'s turn."""
    if isinstance(clause, Move):
        dests = tuple(_board(d, turn) for d in clause.dest) or (None,)
        return tuple(a for t in clause.things for d in dests for _ in range(t.count or 1)
                     for a in _move_atoms(t, d, turn))
    if isinstance(clause, Battle):
        return (Atom(("battle", clause.attacker or turn, clause.defender, clause.clearing),
                     (clause.ambushes, clause.rolls)),)
    if isinstance(clause, Score):          # one atom a point: `++2` is two VP scored one by one
        step = 1 if clause.points > 0 else -1
        return tuple(Atom(("score", clause.faction or turn, step)) for _ in range(abs(clause.points)))
    if isinstance(clause, Craft):
        t = clause.thing
        return (Atom(("craft", "item", t.kind) if isinstance(t, Item) else ("craft", "card", t.suit, t.card)),)
    if isinstance(clause, Decision):
        return (Atom(("decision", clause.action.lower())),)
    if isinstance(clause, Reveal):         # one atom a card shown (`2B#^` is two): the Cult's rituals
        who, to = clause.revealer or turn, clause.target
        if not clause.cards:
            return (Atom(("reveal", None, who, to)),)
        return tuple(Atom(("reveal", _thing(replace(t, at=None), turn), who, to)) for t in flat_parts(clause.cards)
                     for _ in range(t.count or 1))
    if isinstance(clause, Relationship):
        return (Atom(("clause", replace(clause, vagabond=clause.vagabond or turn))),)
    # the Corvid Conspiracy (spec "Corvid Conspiracy"): a plot flipped `[P]t4^t_r` (whose plot, where,
    # the face shown), two plots swapped `t6<->t11` (either order), an Exposure `?Pt_e3` (the guesser
    # is the player on turn; the spec's example `?Pt3^t_e` reads the same)
    if isinstance(clause, Flip):
        at = clause.piece.at
        return (Atom(("flip", clause.piece.faction or turn, at.number if isinstance(at, Clearing) else at,
                      clause.to.code)),)
    if isinstance(clause, Trick):
        return (Atom(("trick", tuple(sorted(clause.clearings)))),)
    if isinstance(clause, Expose):
        return (Atom(("expose", turn, clause.faction, clause.guess.code, clause.clearing)),)
    # a hireling gained (spec "Hiring a Hireling", `h_E->A$4`): which hireling, whose board; the control
    # markers the control die gave are kept beside it (as a battle's roll), `HIRED` and the number (None
    # when not written), for the die's outcome after it (writer.Amend "control")
    if isinstance(clause, Hire):
        return (Atom(("hire", clause.hireling, _board(clause.board, turn)), (HIRED, clause.markers)),)
    if isinstance(clause, SetPrices):      # one atom a price: `$_->3` sets all three (spec: Set Prices)
        return tuple(Atom(("price", p, clause.value)) for p in (clause.prices or PRICE_TYPES))
    if isinstance(clause, Unknown):
        raise clause.error
    return (Atom(("clause", _filled(clause, turn))),)


def _move_atoms(t, dest, turn) -> tuple[Atom, ...]:
    """One thing moved to dest: one atom; but a Keepers relic from a clearing to a forest (the spec's
    `Kt_f9->2_3_7_12`: an enemy removes it and places it as a trophy, LoR 15.2.5) two, as the engine
    takes them (and our writer writes them): the removal where the hit takes it (`Kt_2_f9->`), and the
    placement its remover chooses once the removing action ends (`Kt_2_f->2_3_7_12`), LATER."""
    thing = _thing(t, turn)
    if (isinstance(dest, Forest) and thing[0] == "piece" and thing[1] == KEEPERS and thing[2].startswith("t")
            and isinstance(thing[4], Clearing)):
        return (Atom(("move", thing, None)), Atom(("move", thing[:4] + (None,), dest), LATER))
    return (Atom(("move", thing, dest)),)


def _keepers_piece(code: str) -> tuple:
    """A Keepers piece code's parts (spec "Keepers in Iron"): a relic `t`, `t_f`, `t_2_f` as (kind,
    type, value), a waystation `b`, `b_f`, `b_f_t` as (kind, face up, face down); None for what is
    not said."""
    parts = code.split("_")
    if parts[0] == "t":
        return ("t", parts[-1] if len(parts) > 1 else None, parts[1] if len(parts) > 2 else None)
    return (parts[0], parts[1] if len(parts) > 1 else None, parts[2] if len(parts) > 2 else None)


def _keepers_covers(record: str, action: str) -> bool:
    """A Keepers piece written with less than the writer's (the spec's optional relic notation: a
    relic by its type alone, `t_f` for `t_2_f`, wherever its value is not needed; a waystation by its
    face up alone, `b_f` for `b_f_t`; or either by its kind, `t`, `b`) covers it."""
    r, a = _keepers_piece(record), _keepers_piece(action)
    return r[0] == a[0] and all(x is None or x == y for x, y in zip(r[1:], a[1:]))


def _filled(clause, turn):
    f = getattr(clause, "faction", "-")
    return replace(clause, faction=turn) if f is None else clause


@lru_cache(maxsize=65536)
def text_atoms(text: str, turn: str) -> tuple[Atom, ...]:
    """The atoms of a clause as our writer writes it (cached: the writer's texts repeat)."""
    return atoms_of(read_clause(text, faction=turn), turn)


def covers(record: tuple, action: tuple) -> bool:
    """The record's atom key says what the action's does, or less (a card left unnamed)."""
    if record == action:
        return True
    if record[0] == "reveal" == action[0] and record[2:] == action[2:] and None not in (record[1], action[1]):
        r, a = record[1], action[1]         # a card shown: `M#^` covers `M#roottea^`
        return r[0] == a[0] == "card" and (r[1] is None or r[1] == a[1]) and (r[2] is None or r[2] == a[2])
    if record[0] != "move" or action[0] != "move" or record[2] != action[2]:
        return False
    r, a = record[1], action[1]
    if r[0] == a[0] == "piece" and r[1] == a[1] == KEEPERS and r[3:] == a[3:]:
        return _keepers_covers(r[2], a[2])
    if r[0] != "card" or a[0] != "card" or r[3:] != a[3:]:
        return False
    return (r[1] is None or r[1] == a[1]) and (r[2] is None or r[2] == a[2])


# ---- the rule: which candidate the record's next clauses mean (replay.py's, and the writer's check)

class Candidate(NamedTuple):
    action: int
    atoms: tuple            # the clause atoms it writes
    amends: tuple           # writer.Amend: what it adds to the battle before
    mark: str               # its decision clause's text: our notation, spaces out, `/` as `|`


class Placed(NamedTuple):
    """A record atom and the clause it comes from."""
    atom: Atom
    clause: object
    line: int
    col: int


def _amend_fits(amend, pending) -> int | None:
    """1 when the battle's clause says what amend adds, 0 when it leaves it open (a roll not
    written), None when it says otherwise; the control die's markers (amend "control") the same
    against the hire clause before it (`h_E->A$4`; pending (HIRED, markers))."""
    if amend.what == "control":
        if not pending or pending[0] != HIRED:
            return None
        return 0 if pending[1] is None else 1 if (pending[1],) == tuple(amend.value) else None
    if pending and pending[0] == HIRED:
        return None
    ambushes, rolls = pending or ((), None)
    if amend.what == "ambush":
        return 1 if ambushes[:1] == amend.value else None
    if amend.what == "foil":
        return 1 if ambushes[1:2] == amend.value else None
    if rolls is None:
        return 0
    return 1 if tuple(rolls) == tuple(amend.value) else None


PRICE_TYPES = ("h", "r", "m")             # the Riverfolk's services: Hand Card, Riverboats, Mercenaries


def documentary(key: tuple) -> bool:
    """An atom a record may write or leave out, which tells the reader a count the engine keeps: the
    Riverfolk's funds (`$_f->3`: the spec's "if omitted ... assumed to be zero" is rarely kept by
    people). The writer writes it; no action needs it (writer.candidates leaves it out); replay
    passes over it (silent)."""
    return key[0] == "clause" and isinstance(key[1], SetFunds)


def silent(key: tuple) -> bool:
    """A record atom of an effect the engine does not report, which no action writes when it
    happens by itself: the Marquise's wood (placed in Birdsong, paid for a build when there is no
    choice) and the boots a Vagabond's move exhausts; and a documentary one (the Riverfolk's funds).
    Replay passes over it where nothing takes it."""
    if documentary(key):
        return True
    if key[0] != "move":
        return False
    thing = key[1]
    if thing[0] == "piece":
        return thing[1] == "C" and thing[2] == "t"
    return thing[0] == "item" and thing[1] == "f" and key[2] == ItemSlot(None, "e")


def fit(c: Candidate, stream, pos: int, pending) -> tuple[int, int] | None:
    """How much of the record from pos candidate c accounts for, and how many record atoms it
    reads (None: it does not fit): each of its atoms must be covered by one of the record's next
    atoms, in any order, with nothing between them but silent ones -- or atoms that say again what
    one of its atoms already took (a count written for several actions at once, `2B#^/2w->$`: two
    Sacrifices; `skipped` gives them, which the next actions read); its amends must be what the
    pending battle says."""
    k = fit_skipping(c, stream, pos, pending, skip=False)
    return None if k is None else k[:2]


ONLY_LATER = "later"     # fit_skipping's skip: pass over LATER atoms only (a decision clause names the action)


def fit_skipping(c: Candidate, stream, pos: int, pending, skip=True) -> tuple[int, int, tuple, int] | None:
    """fit's answer, the record atoms (indices) it passed over, which later actions must read, and how
    many of them are LATER ones:
    with skip, an action may pass over effects like its own (shape) to find the rest a little
    later (within SKIP_SPAN atoms): a human record writes like effects of several actions together,
    `2B#^/2w->$` for two Sacrifices (each a card revealed and a warrior to the Acolytes); without,
    only silent ones (fit). A LATER atom (the trophy half of the spec's `Kt_f9->2_3_7_12`) may be
    passed over with any skip but False, ONLY_LATER too."""
    score = 0
    for am in c.amends:
        k = _amend_fits(am, pending)
        if k is None:
            return None
        score += k
    need = len(c.atoms)
    used = [False] * need
    skipped = []
    later = 0
    shapes = None
    j = pos
    while need:
        if j >= len(stream) or (skipped and j - pos >= SKIP_SPAN):
            return None
        rec = stream[j].atom.key
        for i, atom in enumerate(c.atoms):
            if not used[i] and covers(rec, atom.key):
                used[i] = True
                need -= 1
                break
        else:
            if not silent(rec):
                if shapes is None:
                    shapes = {shape(atom.key) for atom in c.atoms}
                is_later = stream[j].atom.extra == LATER
                if not skip or (not is_later and (skip == ONLY_LATER or shape(rec) not in shapes)):
                    return None
                skipped.append(j)       # the like of its own (or LATER): a later action's, it stays for it
                later += is_later
        j += 1
    return score + len(c.atoms), j - pos, tuple(skipped), later


# how far an action's atoms may lie apart when others stand between (fit_skipping): within the
# writer's window (writer.write looks 60 atoms ahead), so its check is replay's rule
SKIP_SPAN = 24


def shape(key: tuple) -> tuple:
    """What kind of effect an atom is, its clearings, cards and pieces aside (a faction's piece, a
    card or an item moving from and to what kind of place; a card revealed by whom)."""
    if key[0] == "move":
        thing, dest = key[1], key[2]
        where = lambda loc: "clearing" if type(loc).__name__ == "Clearing" else loc   # noqa: E731
        if thing[0] == "piece":             # any piece of a faction (the Keep's garrison among its buildings)
            return ("move", "piece", thing[1], where(thing[4]), where(dest))
        if thing[0] == "card":
            return ("move", "card", where(thing[4]), where(dest))
        return ("move", "item", thing[1], where(thing[3]), where(dest))
    if key[0] == "reveal":
        return ("reveal", key[2], key[3])
    return key


def choose(cands: list[Candidate], stream, pos: int, pending) -> tuple[list[Candidate], int]:
    """The candidates the rule takes (several when the record cannot tell) and how many record
    atoms the first of them reads."""
    at = pos
    while at < len(stream) and documentary(stream[at].atom.key):
        at += 1                             # (the Riverfolk's funds before the next entry's decision clause)
    if at < len(stream) and stream[at].atom.key[0] == "decision":
        named = stream[at].atom.key[1]
        hit = [c for c in cands if c.mark == named]
        if hit:
            k = fit_skipping(hit[0], stream, at + 1, pending, skip=ONLY_LATER)
            if k is not None:
                return hit[:1], at - pos + 1 + k[1]
    best, top = [], None
    for c in cands:
        k = fit_skipping(c, stream, pos, pending)
        if k is None:
            continue
        rank = rank_of(k)
        if top is None or rank > top:
            best, top = [(c, k[1])], rank
        elif rank == top:
            best.append((c, k[1]))
    return [c for c, _ in best], (best[0][1] if best else 0)


def rank_of(k: tuple) -> tuple:
    """How the rule ranks a fit (fit_skipping's answer): an action whose effects are the record's
    next ones, the one reading the most; then one whose effects come a little later (other effects
    of the turn written first), the fewest passed over, then the most read; last an action that
    writes nothing (a pass)."""
    score, _, skipped, later = k
    passed = len(skipped) - later           # (LATER atoms are meant for later actions: no mark against it)
    if score and not passed:
        return (2, score, 0)
    if score:
        return (1, -passed, score)
    return (0, 0, 0)
