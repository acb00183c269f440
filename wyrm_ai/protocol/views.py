"""What the protocol shows of a game: the `state` JSON for one view, the event lines of replies
and `record` (record lines with the draws the view does not see hidden) and the status line.
Every view goes through wyrm_ai/model/redaction.py."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import (corvids_facts, duchy_facts, factions, hirelings, hundreds_facts, keepers_facts, lizard_facts,
                           maps, riverfolk_facts, setups)
from wyrm_ai.model.action_words import record_words
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.cards import CARDS, ITEM_NAMES
from wyrm_ai.model.chance_words import question
from wyrm_ai.model.game import Game
from wyrm_ai.model.notation import FORESTS, TRACKS, quest_token
from wyrm_ai.model.factions import DAYLIGHT_STEPS, seat_factions as seat_factions_of
from wyrm_ai.model.events import fields
from wyrm_ai.model.narration import merged, sentence
from wyrm_ai.model.position import FEAR_SIDES
from wyrm_ai.protocol.pieces import BUILDINGS, buildings_left, clearing_pieces, supplies
from wyrm_ai.model.redaction import (PUBLIC, REFEREE, apply_seen, events_seen, observe, record_seen, seen_text,
                                     steal_pair)
from wyrm_ai.model.textboard.boardview import board_text

PROTOCOL_VERSION = "2.21"
NCL = _core.NUM_CLEARINGS


def views_of(game: Game) -> tuple[str, ...]:
    """The views of a game: each seated faction's (a player of the draft's `player3`), public and
    referee."""
    return seat_keys(game) + (PUBLIC, REFEREE)


def viewer(game: Game, view: str):
    """The redaction viewer of a view (views_of): a seat, public or referee."""
    return seat_keys(game).index(view) if view in seat_keys(game) else view


def who_moves(game: Game) -> str:
    p = game.current_player
    if p >= 0:
        return seat_keys(game)[p]
    return "chance" if p == _core.CHANCE else "over"


def status_line(game: Game) -> str:
    """`to_move <faction|chance> <step>` or `game_over <winners|none> <score of each seat>`, the
    winners joined by `+` (a coalition wins together, LoR 9.2.8: `eyrie+vagabond`)."""
    if game.is_terminal():
        won = "+".join(game.factions[w] for w in game.winners) or "none"
        scores = " ".join(str(v) for v in game.scores)
        return f"game_over {won} {scores}"
    return f"to_move {who_moves(game)} {game.step}"


def _cards(counts) -> list[str]:
    return [CARDS[t].token for t, n in enumerate(counts) for _ in range(n)]


def seat_keys(game: Game) -> tuple[str, ...]:
    """Each seat's key in the state JSON: its faction's name, or `player3` for a player of the
    faction draft who has not chosen yet (LoR 16.1.8; 2.14)."""
    return tuple(name if f >= 0 else f"player{s + 1}" for s, (f, name) in enumerate(zip(game.faction_ids, game.factions)))


def _per_seat(game: Game, values) -> dict:
    """Values per seat as an object keyed by each seat's faction (seat_keys)."""
    return dict(zip(seat_keys(game), values))


# battle.scouts: Rabbit Scouts in a battle (0 not asked, 1 used, 2 declined; 2.21)
SCOUTS_USE = (None, "used", "declined")


def draft_json(game: Game, d: dict) -> dict | None:
    """The faction draft in the state JSON (2.14; setups.draft_view): its cards, stage, the pool
    face up, the locked card, the characters beside the Vagabond cards, each seat's homelands
    (keyed as the seats) and the cards not dealt; null in a game without a draft. All public."""
    v = setups.draft_view(d)
    if v is None:
        return None
    return {**v, "homelands": _per_seat(game, v["homelands"])}


def _location(loc: int, forests=FORESTS):
    """A clearing 1-12, a forest of the map by name, or None."""
    if loc < 0:
        return None
    return loc + 1 if loc < NCL else forests[loc - NCL]


# with factions.DAYLIGHT_STEPS, the steps where turn_actions is set: the battles a faction fights
BATTLE_STEPS = {"battle_ambush", "battle_foil", "battle_roll", "battle_hits", "battle_lair",
                "battle_forest", "battle_effects", "battle_enlist", "field_hospitals", "command_warren"}


def turn_actions(game: Game, d: dict) -> dict:
    """What the faction on turn has left or has used in its Daylight (null for the other faction,
    and outside Daylight): the Marquise's actions, the Wyrm's moves and battles against the
    limits the core gives (W-HEIGHT-1, W-BITE-1) and its once-a-turn actions."""
    faction = game.faction_ids[d["turn"]]
    out = dict.fromkeys(seat_keys(game))
    if faction == factions.ALLIANCE and game.step == "alliance_evening":     # LoR 8.6.1
        out["alliance"] = {"operations_used": d["ops_used"], "operations_allowed": d["officers"]}
        return out
    if game.step not in DAYLIGHT_STEPS.get(faction, frozenset()) | BATTLE_STEPS or game.is_terminal():
        return out
    if faction in factions.VAGABONDS:       # either Vagabond (LoR 9.7): his own fields
        aids = factions.vagabond_fields(d, faction)["vb_aids"]
        out[factions.NAMES[faction]] = {"aids": {game.factions[s]: aids[f] for s, f in enumerate(game.faction_ids)
                                                 if f != faction}}     # aids toward each faction's next step (ruling §10.1)
    elif faction == factions.MARQUISE:
        out["marquise"] = {"actions_left": d["actions_left"], "crafting_open": bool(d["crafting_open"]),
                           "recruited": bool(d["recruited"])}
    elif faction == factions.WYRM:
        moves, battles = d["wyrm_limits"]["moves"], d["wyrm_limits"]["battles"]
        out["wyrm"] = {"moves_used": d["moves_used"], "moves_allowed": moves,
                       "battles_used": d["battles_used"], "battles_allowed": battles,
                       "crafting_open": bool(d["crafting_open"]),
                       "fear_used": bool(d["used_fear"]), "terrorize_used": bool(d["used_terror"]),
                       "eat_used": bool(d["used_eat"]), "hoard_used": bool(d["used_hoard"])}
    return out


def _row_seen(d: dict, seat: int) -> bool:
    """The viewer sees all that seat knows of the other hands (its own row; the referee's every row)."""
    return all(k is not None for h, k in enumerate(d["known"][seat]) if h != seat)


def _known_elsewhere(d: dict, seat: int) -> list[int]:
    """Copies of each card seat knows to be in the other hands (Codebreakers, Stand and Deliver!)."""
    return [sum(col) for col in zip(*(k for h, k in enumerate(d["known"][seat]) if h != seat))]


def eyrie_view(d: dict) -> dict:
    """The Eyrie's board in the `state` JSON (a game with the Eyrie at the table): the leader and
    the deposed ones (LoR 7.8), the Decree's cards and the leader's Viziers per column and what was
    resolved this turn per suit (LoR 7.5), roosts on the map, warriors and roosts in supply."""
    leaders, columns, suits = _core.LEADER_NAMES, _core.DECREE_NAMES, _core.SUIT_NAMES
    viziers = _core.EYRIE_TABLE["viziers"][d["leader"]] if d["leader"] >= 0 else ()
    return {
        "leader": leaders[d["leader"]] if d["leader"] >= 0 else None,
        "deposed": [name for i, name in enumerate(leaders) if d["leaders_down"] >> i & 1],
        "decree": {name: _cards(d["decree"][k]) for k, name in enumerate(columns)},
        "viziers": {name: viziers.count(k) for k, name in enumerate(columns)},
        "resolved": {name: dict(zip(suits, d["decree_done"][k])) for k, name in enumerate(columns)},
        "roosts": _core.EYRIE_TABLE["roosts"] - d["roost_supply"],
        "supply": {"warriors": d["bird_supply"], "roosts": d["roost_supply"]},
    }


def alliance_view(d: dict, seat) -> dict:
    """The Alliance's board in the `state` JSON (a game with the Alliance at the table): sympathy
    tokens on the map and what the next costs and scores (LoR 8.4.2), the clearing of each suit's
    base (null: on the faction board), officers, the Supporters stack's size and cap (LoR 8.2.3)
    -- its cards only in the Alliance's and the referee's views, null in the others -- the cards
    the viewing seat paid into it and knows are still there (`you_gave`), Martial Law clearings,
    warriors and sympathy tokens in supply."""
    fact = d["sympathy_track"]
    mine = d["known_sup"][seat] if seat in range(len(d["known_sup"])) else None
    return {
        "sympathy": _core.ALLIANCE_TABLE["sympathy"] - d["sympathy_supply"],
        "next_sympathy": {"cost": fact["next_cost"], "vp": fact["next_vp"]},
        "bases": {_core.SUIT_NAMES[k]: (c + 1 if c >= 0 else None) for k, c in enumerate(d["base_at"])},
        "officers": d["officers"],
        "operations_used": d["ops_used"],
        "supporters_size": d["supporters_size"],
        "stack_cap": fact["stack_cap"],
        "supporters": _cards(d["supporters"]) if d["supporters"] is not None else None,
        "you_gave": _cards(mine) if mine is not None and d["supporters"] is None else None,
        "martial_law": [c + 1 for c in fact["martial_law"]],
        "supply": {"warriors": d["rebel_supply"], "sympathy": d["sympathy_supply"]},
    }


VITEMS = _core.VITEM_NAMES
ITEM_STATES = ("up", "exhausted", "damaged", "damaged_exhausted")   # the core's vb_items rows
RELATIONS = ("hostile", "indifferent", "1", "2", "allied")


def _quests(mask: int) -> list[str]:
    return [quest_token(q) for q in range(len(_core.QUESTS)) if mask >> q & 1]


def vagabond_view(d: dict, names: tuple[str, ...], faction: int = factions.VAGABOND) -> dict:
    """The Vagabond's board in the `state` JSON (a game with the Vagabond at the table): his
    character, the pawn (a clearing or a forest), his items by state (counts per kind: face up,
    exhausted, damaged, damaged and exhausted) with the face-up ones on each track, his item load
    and limit, Refresh count, relationship with each other seated faction and the aids toward its
    next step this turn, his coalition partner, the quests face up and completed, the quest deck's
    size (its order is chance) and the items still under the ruins (a pool: which ruin holds which
    is unknown to all). faction: the Vagabond or the second Vagabond (LoR 9.7: `vagabond2`, the
    same board read from his own fields, factions.vagabond_fields; the quests are shared). With
    two Vagabonds each ruin holds two items (LoR 9.7.3): `ruins` gives, for each ruin still
    standing, the items left in it and those of them this view has seen (its explorers')."""
    table = seat_factions_of(d)
    v = factions.vagabond_fields(d, faction)
    me = table.index(faction)
    others = [s for s, f in enumerate(table) if s != me and f not in factions.VAGABONDS]
    out = {
        "character": _core.CHARACTER_NAMES[v["vb_char"]] if v["vb_char"] >= 0 else None,
        "pawn": _location(v["vb_at"], maps.data(d["map"])["forest_names"]),
        "items": {state: {k: n for k, n in zip(VITEMS, row) if n} for state, row in zip(ITEM_STATES, v["vb_items"])},
        "tracks": v["tracks"],
        "item_load": v["item_load"], "item_limit": v["item_limit"], "refresh": v["refresh"],
        # relationships: with the non-Vagabond factions only (LoR 9.7: the two are plain enemies)
        "relationships": {names[s]: RELATIONS[v["vb_rel"][f] + 1] for s, f in enumerate(table) if s in others},
        "aids_this_turn": {names[s]: v["vb_aids"][f] for s, f in enumerate(table) if s in others},
        "coalition": names[v["coalition"]] if v["coalition"] >= 0 else None,
        "quests": _quests(d["quest_up"]), "completed": _quests(v["quest_done"]),
        "quest_deck": bin(d["quest_deck"]).count("1"),
        "ruin_items": {k: n for k, n in zip(VITEMS, d["ruin_items"]) if n},
        "removed_items": {k: n for k, n in zip(VITEMS, v["vb_out"]) if n},
    }
    if factions.VAGABOND2 in table:
        ruins = maps.data(d["map"])["ruins"]
        out["ruins"] = [{"clearing": c + 1, "items": 2 - ((d["ruin_half"] >> c) & 1),
                         "seen": [VITEMS[k] for k in d["ruin_seen"][c] if k >= 0]}
                        for c in range(NCL) if ruins[c] and not (d["explored"] >> c) & 1]
    return out


def mechanical_view(d: dict) -> dict:
    """The Mechanical Marquise's board in the `state` JSON (a game with it at the table): its Keep
    (null before setup or once removed), its order card (null outside its turn), its options
    (rule set, difficulty, traits: MM2 §8, §9), the priority markers (MM2 §1: the clearings from
    the highest priority to the lowest; on the Autumn map marker n is in clearing n), its
    buildings on the map and its supply."""
    bot = BotOptions.of_state(d)
    on_map = [sum(row) for row in d["mm_buildings"]]
    return {
        "keep": _location(d["mm_keep"]),
        "order": CARDS[d["mm_order"]].token if d["mm_order"] >= 0 else None,
        **bot.names(),
        "priority": [c + 1 for c in _core.MM_PRIORITY],
        "buildings": dict(zip(BUILDINGS, on_map)),
        "supply": {"warriors": d["mm_warrior_supply"],
                   **buildings_left(d["mm_buildings"], _core.MM_TABLE["buildings_per_type"])},
    }


def lizards_view(d: dict) -> dict:
    """The Lizard Cult's board in the `state` JSON (a game with the Cult at the table; 2.15; LoR 10):
    the Outcast's suit (null before the Cult's setup) and whether its marker shows the Hated side
    (LoR 10.4.1), the acolytes and what each conspiracy spends of them now (LoR 10.4.3), each
    suit's gardens on the map and on its track with the VP a Score ritual of that suit gives now
    and whether its draw bonus is uncovered (LoR 10.5.3, 10.6.3), the cards revealed for rituals
    this Daylight (face up), the suits scored this turn and the warriors in supply. All public
    (lizard_facts): the Cult's hand is in `hands` as any hand."""
    return {
        "outcast": lizard_facts.outcast_suit(d),
        "hated": bool(d["hated"]),
        "acolytes": d["acolytes"],
        "conspiracy_costs": lizard_facts.conspiracy_costs(d),
        "gardens": lizard_facts.gardens(d),
        "revealed": _cards(d["revealed"]),
        "scored": lizard_facts.scored_suits(d),
        "supply": {"warriors": d["lizard_supply"]},
    }


def riverfolk_view(d: dict) -> dict:
    """The Riverfolk Company's board in the `state` JSON (a game with the Riverfolk at the table;
    2.16; LoR 11): their hand, face up for every view (LoR 11.2.3), the warriors of each owner in
    the Payments, Funds and Committed boxes (by faction name; Committed holds the funds on crafting
    spaces too, LoR 11.2.1, 11.2.4), the Funds box's total and the VP Dividends would score from it
    now (LoR 11.4.2), each service's price (null before the setup sets it; LoR 11.2.7, 11.6.2), each
    suit's trade posts on the map, on its track and removed from the game with the VP the next one
    scores (LoR 11.2.5.I, 11.5.6), each suit's crafting spaces uncovered, filled this turn and free,
    the services of the turn under way (who buys now and how many purchases it has left, who
    bought Riverboats and Mercenaries, whether the Mercenaries serve now; LoR 11.2.6-7) and the
    supply. All public (riverfolk_facts)."""
    hand = riverfolk_facts.public_hand(d)
    named = lambda box: {factions.NAMES[f]: n for f, n in riverfolk_facts.owners(d, box).items()}   # noqa: E731
    return {
        "hand": _cards(hand) if hand is not None else None,
        "payments": named("payments"),
        "funds": named("funds"),
        "committed": named("committed"),
        "funds_total": riverfolk_facts.box_total(d, "funds"),
        "dividends": riverfolk_facts.dividends(d),
        "prices": riverfolk_facts.prices(d),
        "posts": riverfolk_facts.posts(d),
        "crafting": riverfolk_facts.crafting(d),
        "services": riverfolk_facts.services(d),
        "supply": {"warriors": d["otter_supply"], "trade_posts": sum(d["posts_left"])},
    }


def duchy_view(d: dict) -> dict:
    """The Underground Duchy's board in the `state` JSON (a game with the Duchy at the table; 2.17;
    LoR 12): the warriors in the Burrow (a clearing of their own beside the map, LoR 12.2.2) and the
    clearings of the tunnels that link it to the map, the ministers swayed and unswayed (each with
    its rank, whether its action was taken this turn, the cards its Sway reveals and the VP of its
    crown), each rank's crowns on the board, on swayed ministers and lost to the Price of Failure
    (LoR 12.2.3, 12.5.3), the citadels and markets placed and on their tracks with what the next
    would give, the Birdsong's recruits and the Evening's draws now (LoR 12.4, 12.6.3), the crafting
    pieces per suit, the cards revealed this turn (face up for everyone, LoR 12.5), the Assembly's
    actions left, the ministers used, whether a minister was swayed this turn, the minister acting
    and the supply. All public (duchy_facts)."""
    return {
        "burrow": duchy_facts.burrow(d),
        "tunnels": duchy_facts.tunnels(d),
        "swayed": duchy_facts.swayed(d),
        "unswayed": duchy_facts.unswayed(d),
        "ministers": duchy_facts.ministers(d),
        "crowns": duchy_facts.crowns(d),
        "crowns_lost": duchy_facts.crowns_lost(d),
        "citadels": duchy_facts.buildings(d)["citadels"],
        "markets": duchy_facts.buildings(d)["markets"],
        "recruits": duchy_facts.recruits(d),
        "draws": duchy_facts.draws(d),
        "crafting": duchy_facts.crafting(d),
        "revealed": _cards(duchy_facts.revealed(d)),
        "assembly_left": duchy_facts.assembly_left(d),
        "used": duchy_facts.used(d),
        "swayed_now": duchy_facts.swayed_now(d),
        "acting": duchy_facts.acting(d),
        "supply": duchy_facts.supply(d),
    }


def hundreds_view(d: dict) -> dict:
    """The Lord of the Hundreds' board in the `state` JSON (a game with the Hundreds at the table; 2.19;
    LoR 14), all public (hundreds_facts): the Hoard by item kind and by track (LoR 14.2.4), Command
    and Prowess (14.2.4.II), the mood in force and the moods the next Choose Mood may take (LoR
    14.4.4, 14.7), the warlord's clearing, the mobs and strongholds by clearing, the strongholds per
    suit (crafting, LoR 14.2.1), what Oppress counts and scores as the board stands (LoR 14.6.2), the
    Evening's draws (LoR 14.6.3, Rowdy 14.7.6), the supply, and the turn under way: its phase, the
    Birdsong's stage, the razed ruins whose item is still to come and the mob die's suit (LoR 14.4.1),
    the Daylight's Command and Advances left (LoR 14.5), Jubilant's rolls left (LoR 14.7.3), a
    Contempt for Trade (LoR 14.2.3) or an overflow (LoR 14.2.4.I) to decide, and the items still
    under the ruins (one pool, as vagabond.ruin_items: what a Raze may take). The position reader
    reads hoard, mood and ruin_items back (position_factions.Hundreds); the rest is derived."""
    return {
        "hoard": hundreds_facts.hoard(d),
        "tracks": hundreds_facts.tracks(d),
        "mood": hundreds_facts.mood(d),
        "moods_open": hundreds_facts.moods_open(d),
        "command": hundreds_facts.command(d),
        "prowess": hundreds_facts.prowess(d),
        "warlord": hundreds_facts.warlord(d),
        "mobs": hundreds_facts.mobs(d),
        "strongholds": {str(c): n for c, n in hundreds_facts.strongholds(d).items()},
        "crafting": hundreds_facts.crafting(d),
        "oppressed": hundreds_facts.oppressed(d),
        "oppress_vp": hundreds_facts.oppress_vp(d),
        "draws": hundreds_facts.draws(d),
        "phase": hundreds_facts.phase(d),
        "birdsong_stage": hundreds_facts.birdsong_stage(d),
        "raze_ruins": hundreds_facts.raze_ruins(d),
        "mob_suit": hundreds_facts.mob_suit(d),
        "daylight": hundreds_facts.daylight(d),
        "jubilant_left": hundreds_facts.jubilant_left(d),
        "contempt": hundreds_facts.contempt(d),
        "overflow": hundreds_facts.overflow(d),
        "ruin_items": hundreds_facts.ruin_items(d),
        "supply": hundreds_facts.supply(d),
    }


def keepers_view(d: dict) -> dict:
    """The Keepers in Iron's board in the `state` JSON (a game with the Keepers at the table; 2.20;
    LoR 15), all public (keepers_facts; docs/hundreds-keepers.md I-C1, I-C8): the three waystations
    (null on the faction board, else their clearing and the relic type each shows face up, I-3), the
    twelve relics by id (type; `at` a clearing, a forest, "recovered" or "trophy"; `value` null face
    down: no one knows it until the delve's flip, I-C1) and the Retinue by column (a Faithful Retainer
    "retainer", I-C7) -- what the position reader reads back (position_factions.Keepers) -- and,
    derived: the Relics track (recovered per type, columns filled, LoR 15.5.2.III.b), the crafting
    waystations per suit (LoR 15.2.3), the Evening's draws (LoR 15.6.3), the supply, the numbers the
    checks compare a relic's value with (ruled clearings around each forest and of each suit, the
    relics a Recover could take now, the values still face down per type: the core's public fact),
    the reactions owed on any turn (relics to carry along a move, I-6; trophies to place, I-7), and
    the turn under way: its phase, the Birdsong's stage and the clearings Encamp and Decamp used
    (LoR 15.4), the Daylight's column, the cards used this Daylight and the action under way (its
    clearing and card, a delve's forest and relic; LoR 15.5.2), Gather Retinue's choice (LoR 15.6.2)."""
    return {
        "waystations": keepers_facts.waystations(d),
        "relics": keepers_facts.relics(d),
        "retinue": keepers_facts.retinue(d),
        "retinue_used": keepers_facts.retinue_used(d),
        "recovered": keepers_facts.recovered(d),
        "columns": keepers_facts.columns(d),
        "crafting": keepers_facts.crafting(d),
        "draws": keepers_facts.draws(d),
        "ruled_around_forest": keepers_facts.ruled_around_forest(d),
        "ruled_of_suit": keepers_facts.ruled_of_suit(d),
        "recoverable": keepers_facts.recoverable(d),
        "face_down_values": keepers_facts.face_down_values(d),
        "phase": keepers_facts.phase(d),
        "birdsong_stage": keepers_facts.birdsong_stage(d),
        "encamped": keepers_facts.encamped(d),
        "decamped": keepers_facts.decamped(d),
        "column": keepers_facts.column(d),
        "acting": keepers_facts.acting(d),
        "delve": keepers_facts.delve(d),
        "carry": keepers_facts.carry(d),
        "trophies": keepers_facts.trophies(d),
        "gather": keepers_facts.gather(d),
        "supply": keepers_facts.supply(d),
    }


def corvids_view(d: dict) -> dict:
    """The Corvid Conspiracy's board in the `state` JSON (a game with the Corvids at the table; 2.18;
    LoR 13): the plots on the map by clearing ("3": {type, face_up, ruled_out}), each plot's type
    where the view may see it -- a face-down plot's only in the Corvids' and the referee's views,
    null in the others (LoR 13.2.2.I); a face-up plot's in every view -- and the types a wrong
    Exposure ruled out (public, K-C3); the plots face up and face down, the VP the next flip scores
    (LoR 13.4.2), the face-up snares (LoR 13.7.2), the Evening's draws (LoR 13.6.2), the crafting
    pieces per suit (LoR 13.2.1), this turn's plots placed and the next one's cost (LoR 13.5.2),
    the Daylight's actions left (LoR 13.5), Exert (LoR 13.6.1), the clearing of an Exposure under
    way (LoR 13.2.4), the supply, and the types in the supply where the view may know them
    (corvids_facts)."""
    return {
        "plots": {str(c): row for c, row in corvids_facts.plots(d).items()},
        "face_up": corvids_facts.face_up(d),
        "face_down": corvids_facts.face_down(d),
        "flip_vp": corvids_facts.flip_vp(d),
        "snares": corvids_facts.snares(d),
        "draws": corvids_facts.draws(d),
        "crafting": corvids_facts.crafting(d),
        "plots_placed": corvids_facts.plots_placed(d),
        "plot_cost": corvids_facts.plot_cost(d),
        "actions_left": corvids_facts.actions_left(d),
        "exerted": corvids_facts.exerted(d),
        "exposing": corvids_facts.exposing(d),
        "supply": corvids_facts.supply(d),
        "supply_types": corvids_facts.supply_types(d),
    }


def state_view(game: Game, view: str) -> dict:
    """The `state` JSON (schema in docs/protocol.md), built from the view's observation
    (redaction.observe): a seat's view holds its own hand, the other's hand size only, no deck
    contents; `public` shows no hand; `referee` shows all."""
    if view not in views_of(game):
        raise ValueError(view)
    d = riverfolk_facts.with_public_hand(observe(game.state, viewer(game, view)), game.state)
    seats = range(game.num_seats)
    shown = [d["hand"][s] is not None for s in seats]     # the Riverfolk's hand in every view (LoR 11.2.3)
    sees = [view in (REFEREE, seat_keys(game)[s]) for s in seats]   # the seat's own view, or the referee's
    names, table = seat_keys(game), game.faction_ids
    b = d["buildings"]
    board = maps.data(d["map"])
    forests = board["forest_names"]
    clearings = [{
        "clearing": i + 1,
        "suit": _core.SUIT_NAMES[d["suit"][i]],
        "pieces": clearing_pieces(d, table, i),
        "ruin": bool(board["ruins"][i]) and not (d["explored"] >> i) & 1,
        "warriors": d["warriors"][i], "sawmills": b[0][i], "workshops": b[1][i],
        "recruiters": b[2][i], "wood": d["wood"][i], "keep": d["keep"] == i,
        "wyrmlings": d["wyrmlings"][i], "pawn": d["pawn"] == i, "fear": int(d["fear"][i] > 0),
        "fear_side": FEAR_SIDES[d["fear"][i]],
        "ruler": names[d["rulers"][i]] if d["rulers"][i] >= 0 else None,
    } for i in range(NCL)]
    boards = not setups.drafting(d)     # the faction boards' facts wait for the draft's end (redaction.public_facts)
    eyrie = factions.EYRIE in game.faction_ids      # its pieces and board only where it sits
    if eyrie:
        for i, clearing in enumerate(clearings):
            clearing.update(birds=d["birds"][i], roost=bool(d["roosts"][i]))
    alliance = factions.ALLIANCE in game.faction_ids
    if alliance:
        for i, clearing in enumerate(clearings):
            clearing.update(rebels=d["rebels"][i], base=i in d["base_at"], sympathy=bool(d["sympathy"][i]))
    vagabond = factions.VAGABOND in game.faction_ids
    if vagabond:                # his pawn, and the second Vagabond's (LoR 9.7)
        for i, clearing in enumerate(clearings):
            clearing.update(vagabond=d["vb_at"] == i)
            if factions.VAGABOND2 in game.faction_ids:
                clearing.update(vagabond2=d["vagabond2"]["vb_at"] == i)
    if factions.RIVERFOLK in game.faction_ids:      # their warriors and trade post (LoR 11.1)
        for i, clearing in enumerate(clearings):
            clearing.update(otters=d["otters"][i], trade_post=bool(d["trade_posts"][i]))
    if factions.DUCHY in game.faction_ids:          # their warriors, citadels, markets, tunnel (LoR 12.1)
        for i, clearing in enumerate(clearings):
            clearing.update(moles=d["moles"][i], citadels=d["citadels"][i], markets=d["markets"][i],
                            tunnel=bool(d["tunnels"][i]))
    if factions.CORVIDS in game.faction_ids:        # their warriors and plot (LoR 13.1; its type: corvids.plots)
        for i, clearing in enumerate(clearings):
            clearing.update(corvids=d["corvids"][i], plot=bool(d["plots"][i]))
    if factions.HUNDREDS in game.faction_ids:       # their warriors, warlord, strongholds, mob (LoR 14.1)
        for i, clearing in enumerate(clearings):
            clearing.update(hundreds=d["hundreds"][i], warlord=d["warlord"] == i, strongholds=d["strongholds"][i],
                            mob=bool(d["mobs"][i]))
    if factions.KEEPERS in game.faction_ids:        # their warriors, waystations (the faces up), relics (LoR 15.1)
        for i, clearing in enumerate(clearings):
            clearing.update(keepers=d["keepers"][i], waystations=keepers_facts.waystations_at(d, i),
                            relics=d["relics"][i])
    mechanical = factions.MECHANICAL in game.faction_ids
    if mechanical:              # its pieces: warriors, buildings by type, the Keep
        for i, clearing in enumerate(clearings):
            clearing.update(mm_warriors=d["mm_warriors"][i], mm_keep=d["mm_keep"] == i,
                            **{f"mm_{name}": d["mm_buildings"][k][i] for k, name in enumerate(BUILDINGS)})
    bt = d["battle"]
    battle = None
    if bt["clearing"] >= 0 and game.step.startswith(("battle", "field_hospitals", "rabbit_scouts",
                                                     "feline_physicians")):
        battle = {"clearing": bt["clearing"] + 1, "attacker": names[bt["attacker"]],
                  "defender": names[bt["defender"]],
                  "ambush": CARDS[bt["ambush"]].token if bt["ambush"] >= 0 else None}
        if hirelings.NAMES.index("rabbit-scouts") in game.state.hirelings:    # Rabbit Scouts (2.21)
            battle["scouts"] = SCOUTS_USE[bt["scouts"]]
    out = {
        "protocol": PROTOCOL_VERSION,
        "view": view,
        "factions": list(names),
        "first": names[d["first"]],
        "to_move": who_moves(game),
        "step": game.step,
        "turn": names[d["turn"]],
        "turn_number": d["turn_number"],
        "scores": _per_seat(game, list(game.scores)),
        "winner": names[game.winner] if game.winner is not None else None,
        "winners": [names[w] for w in game.winners],
        "map": board["name"],
        "suits": [_core.SUIT_NAMES[s] for s in d["suit"]],
        "paths": [[a + 1, b + 1] for a in range(NCL) for b in range(a + 1, NCL) if (d["adj"][a] >> b) & 1],
        "closed_paths": [list(p) for p in board["closed_paths"] if not (d["adj"][p[0] - 1] >> (p[1] - 1)) & 1],
        "ferry": _location(d["ferry"]),
        "tower": board["tower"],
        "deck_name": game.deck,
        "setup_name": game.setup,
        "character_option": game.character,
        "hirelings": hirelings.facts(d, names),          # null without them (2.21; all public)
        "clearings": clearings,
        "keep": _location(d["keep"]),
        "pawn": _location(d["pawn"], forests),
        "battle": battle,
        "supply": {"warriors": d["warrior_supply"], "wood": d["wood_supply"],
                   "wyrmlings": d["wyrmling_supply"], "fear": d["fear_supply"],
                   "treasure": d["treasure_supply"],
                   "items": dict(zip(ITEM_NAMES, d["item_supply"]))},
        "supplies": supplies(d, table),
        "items": _per_seat(game, [dict(zip(ITEM_NAMES, d["items"][s])) for s in seats]),
        "growth": dict(zip(TRACKS, d["growth"])),
        "lair_cap": d["lair_cap"],
        "growth_caps": list(d["growth_caps"]),
        "evening_draws": _per_seat(game, d["evening_draws"]),
        "hand_sizes": _per_seat(game, list(d["hand_size"])),
        "hands": _per_seat(game, [_cards(d["hand"][s]) if shown[s] else None for s in seats]),
        # (what a seat knows of the others' hands: the viewer's own row; the Riverfolk's hand is seen by
        # every viewer, LoR 11.2.3, their knowledge of other hands is not)
        "known": _per_seat(game, [_cards(_known_elsewhere(d, s)) if sees[s] and _row_seen(d, s) else None
                                  for s in seats]),
        "play_areas": _per_seat(game, [_cards(d["play_area"][s]) for s in seats]),
        "discard": _cards(d["discard"]),
        "available": _cards(d["available"]),
        "lost_souls": _cards(d["lost_souls"]),
        "deck_size": d["deck_size"],
        "record_length": len(game.record),
        "turn_actions": turn_actions(game, d),
    }
    if game.draft is not None:          # the faction draft (2.14), only in a game that has one
        out["draft"] = draft_json(game, d)
    if eyrie and boards:
        out["eyrie"] = eyrie_view(d)
    if alliance and boards:
        out["alliance"] = alliance_view(d, d["seat"])
    if vagabond and boards:
        out["vagabond"] = vagabond_view(d, names)
    if factions.VAGABOND2 in game.faction_ids and boards:
        out["vagabond2"] = vagabond_view(d, names, factions.VAGABOND2)
    if mechanical and boards:
        out["mechanical-marquise"] = mechanical_view(d)
    if factions.LIZARDS in game.faction_ids and boards:
        out["lizards"] = lizards_view(d)
    if factions.RIVERFOLK in game.faction_ids and boards:
        out["riverfolk"] = riverfolk_view(d)
    if factions.DUCHY in game.faction_ids and boards:
        out["duchy"] = duchy_view(d)
    if factions.CORVIDS in game.faction_ids and boards:
        out["corvids"] = corvids_view(d)
    if factions.HUNDREDS in game.faction_ids and boards:
        out["hundreds"] = hundreds_view(d)
    if factions.KEEPERS in game.faction_ids and boards:
        out["keepers"] = keepers_view(d)
    if game.is_chance_node():   # what a person supplying chance is asked (setoption chance external)
        out["chance"] = {"step": game.step, "question": question(game)}
    p = game.current_player
    if p >= 0 and sees[p]:
        out["legal"] = game.legal_texts()
    if view == REFEREE:
        out["deck"] = _cards(d["deck"])
        out["core"] = d
    return out


def board_view(game: Game, view: str) -> str:
    """The `showboard` text: the terminal board for view, without colour; lines that would be
    empty (which would end the reply) hold one space."""
    return "\n".join(line or " " for line in board_text(game, view).split("\n"))


def apply_with_event(game: Game, action, view: str) -> str:
    """Apply an action (raises without change if illegal) and return its event line for view."""
    return seen_text(apply_seen(game, action, view))


def record_view(game: Game, view: str) -> list[str]:
    """The whole record as event lines for view (redaction.record_seen)."""
    if view == REFEREE:
        return game.record_lines()
    return [seen_text(e) for e in record_seen(game, view)]


def events_view(game: Game, view: str, n: int) -> list[dict]:
    """The `events` reply: the last n record entries as the view sees them, each with its
    words (action_words: what the action does, issue 28) and the engine's events (fields by
    name and in words; draws of other seats masked). A player of the draft's view (`player2`)
    is its seat's; an entry's `by` is its seat's key now (seat_keys: its faction once chosen)."""
    view = viewer(game, view)
    lines = record_view(game, view)
    words = record_words(game, view)
    start = max(0, len(lines) - n)
    seats, told, names = game.record_seats, game.events, seat_keys(game)
    return [{"index": i + 1, "by": names[seats[i]] if seats[i] >= 0 else "chance",
             "action": lines[i], "words": words[i][1],
             "events": [dict(fields(e), text=sentence(e)) for e in merged(events_seen(
                 told[i], view, game.faction_ids, steal_pair(game.record, seats, i, told[i])))]}
            for i in range(start, len(lines))]
