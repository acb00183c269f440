# GameState <-> plain Python data (JSON saves, tests that set up positions).
# One table lists every field with its offset, C type and shape; conversion is generic.

cdef GameState _proto


cdef size_t _off(void* p):
    return <size_t>(<char*>p - <char*>&_proto)


cdef enum:           # STATE_FIELDS offsets of fields not at one place of the table:
    PIECE_FIELD = -1   # one of a faction's pieces (PIECE_SLOTS)
    SEAT_FIELD = -2    # one entry per seat, in each Seat block (SEAT_OFF)
    BOARD_FIELD = -3   # on a faction's board, in its seat's block (BOARD_OFF)
    HIRE_FIELD = -4    # one row per hireling, in its Pieces (hr_pc; HIRE_OFF)


cdef size_t _seat_off(void* p):
    return <size_t>(<char*>p - <char*>&_proto.seats[0])


cdef size_t _board_off(void* p):
    return <size_t>(<char*>p - <char*>&_proto.seats[0].board)


cdef size_t _pieces_off(void* p):
    return <size_t>(<char*>p - <char*>&_proto.hr_pc[0])


SEATS_AT = _off(&_proto.seats[0])
HR_AT = _off(&_proto.hr_pc[0])
HR_SIZE = sizeof(Pieces)
# the hirelings' pieces (hirelings.pxi): each field a row per hireling, at its place in the Pieces
HIRE_OFF = {"hr_warriors": _pieces_off(&_proto.hr_pc[0].warriors),
            "hr_vaults": _pieces_off(&_proto.hr_pc[0].buildings[0]),
            "hr_pawn": _pieces_off(&_proto.hr_pc[0].pawn),
            "hr_warrior_supply": _pieces_off(&_proto.hr_pc[0].warrior_supply),
            "hr_vault_supply": _pieces_off(&_proto.hr_pc[0].building_supply[0])}
SEAT_SIZE = sizeof(Seat)
BOARD_IN_SEAT = _seat_off(&_proto.seats[0].board)

cdef object _slot_get(Pieces* pc, str slot, uint16_t cowed):
    """One part of a seat's pieces as plain data."""
    cdef int c, k
    if slot == "warriors":
        return [pc.warriors[c] for c in range(NCL)]
    if slot == "track_buildings":
        return [[pc.buildings[k][c] for c in range(NCL)] for k in range(NBKIND)]
    if slot == "roosts":
        return [pc.buildings[0][c] for c in range(NCL)]
    if slot.startswith("building_kind_"):
        k = int(slot[14:])
        return [pc.buildings[k][c] for c in range(NCL)]
    if slot == "tokens":
        return [pc.tokens[0][c] for c in range(NCL)]
    if slot == "fear":
        return [FEAR_NONE if not pc.tokens[0][c] else FEAR_COWED if (cowed >> c) & 1 else FEAR_SCARED
                for c in range(NCL)]
    if slot == "base_at":
        return [-1 if pc.building_supply[k] else next((c for c in range(NCL) if pc.buildings[k][c]), -1)
                for k in range(NBKIND)]
    if slot == "keep":
        return pc.keep
    if slot == "pawn":
        return pc.pawn
    if slot == "warrior_supply":
        return pc.warrior_supply
    if slot == "token_supply":
        return pc.token_supply[0]
    if slot == "roost_supply":
        return pc.building_supply[0]
    raise AssertionError(slot)


cdef void _slot_set(Pieces* pc, int f, str slot, value, uint16_t* cowed) except *:
    """Set one part of faction f's seat's pieces from plain data (checked for shape and type)."""
    cdef int c, k
    if slot == "warriors":
        for c in range(NCL):
            pc.warriors[c] = value[c]
    elif slot == "track_buildings":    # the supply: the printed buildings not on the map (<0: a
        for k in range(NBKIND):         # problem position_problem names)
            pc.building_supply[k] = max(0, BUILDING_SUPPLY[f][k] - sum(value[k]))
            for c in range(NCL):
                pc.buildings[k][c] = value[k][c]
    elif slot == "roosts":
        for c in range(NCL):
            pc.buildings[0][c] = value[c]
    elif slot.startswith("building_kind_"):     # one kind's buildings; the rest of it is the supply
        k = int(slot[14:])
        pc.building_supply[k] = max(0, BUILDING_SUPPLY[f][k] - sum(value))
        for c in range(NCL):
            pc.buildings[k][c] = value[c]
    elif slot == "tokens":
        for c in range(NCL):
            pc.tokens[0][c] = value[c]
    elif slot == "fear":
        for c in range(NCL):
            pc.tokens[0][c] = value[c] != FEAR_NONE
            if value[c] == FEAR_COWED:
                cowed[0] |= <uint16_t>(1 << c)
    elif slot == "base_at":
        for k in range(NBKIND):
            pc.building_supply[k] = value[k] < 0
            if value[k] >= 0:
                pc.buildings[k][value[k]] = 1
    elif slot == "keep":
        pc.keep = value
    elif slot == "pawn":
        pc.pawn = value
    elif slot == "warrior_supply":
        pc.warrior_supply = value
    elif slot == "token_supply":
        pc.token_supply[0] = value
    elif slot == "roost_supply":
        pc.building_supply[0] = value
    else:
        raise AssertionError(slot)


# (name, offset, numpy type, shape); a "battle." prefix nests into a sub-dict. The type and
# shape are those of the plain data; a field in CARD_COUNT_FIELDS is held as CardCounts (two
# bit-planes per row of NCT counts), and its plain data is still one count 0..3 per card type.
STATE_FIELDS = (
    ("step", _off(&_proto.step), "u1", ()),
    ("turn", _off(&_proto.turn), "i1", ()),
    ("first", _off(&_proto.first), "i1", ()),
    ("winner", _off(&_proto.winner), "i1", ()),
    ("turn_number", _off(&_proto.turn_number), "i2", ()),
    ("nseats", _off(&_proto.nseats), "i1", ()),
    ("seat_faction", _off(&_proto.seat_faction), "i1", (MAX_SEATS,)),
    ("faction_seat", _off(&_proto.faction_seat), "i1", (NFACTION,)),
    ("map", _off(&_proto.map_id), "u1", ()),
    ("deck_id", _off(&_proto.deck_id), "u1", ()),
    ("setup_mode", _off(&_proto.setup_mode), "u1", ()),
    ("draft_cards", _off(&_proto.draft_cards), "u2", ()),
    ("draft_stage", _off(&_proto.draft_stage), "u1", ()),
    ("draft_deck", _off(&_proto.draft_deck), "u2", ()),
    ("draft_pool", _off(&_proto.draft_pool), "u2", ()),
    ("draft_deals", _off(&_proto.draft_deals), "u1", ()),
    ("draft_waiting", _off(&_proto.draft_waiting), "u2", ()),
    ("draft_last", _off(&_proto.draft_last), "i1", ()),
    ("draft_locked", _off(&_proto.draft_locked), "i1", ()),
    ("draft_char", _off(&_proto.draft_char), "i1", (2,)),
    ("homeland", _off(&_proto.homeland), "u2", (MAX_SEATS,)),
    ("hr_kind", _off(&_proto.hr_kind), "i1", (NHIRE,)),
    ("hr_owner", _off(&_proto.hr_owner), "i1", (NHIRE,)),
    ("hr_control", _off(&_proto.hr_control), "u1", (NHIRE,)),
    ("hr_gained", _off(&_proto.hr_gained), "i2", (NHIRE,)),
    ("hr_markers", _off(&_proto.hr_markers), "u1", ()),
    ("hr_owed", _off(&_proto.hr_owed), "u1", (MAX_SEATS,)),
    ("hr_stage", _off(&_proto.hr_stage), "u1", ()),
    ("hr_now", _off(&_proto.hr_now), "i1", ()),
    ("hr_roller", _off(&_proto.hr_roller), "i1", ()),
    ("hr_used", _off(&_proto.hr_used), "u1", ()),
    ("hr_at", _off(&_proto.hr_at), "i1", ()),
    ("hr_entered", _off(&_proto.hr_entered), "u2", (MAX_SEATS,)),
    ("hr_warriors", HIRE_FIELD, "u1", (NHIRE, NCL)),
    ("hr_vaults", HIRE_FIELD, "u1", (NHIRE, NCL)),
    ("hr_pawn", HIRE_FIELD, "i1", (NHIRE,)),
    ("hr_warrior_supply", HIRE_FIELD, "u1", (NHIRE,)),
    ("hr_vault_supply", HIRE_FIELD, "u1", (NHIRE,)),
    ("suit", _off(&_proto.suit), "i1", (NCL,)),
    ("adj", _off(&_proto.adj), "u2", (NCL,)),
    ("ferry", _off(&_proto.ferry), "i1", ()),
    ("ferry_used", _off(&_proto.ferry_used), "u1", ()),
    ("path_opened", _off(&_proto.path_opened), "u1", ()),
    ("score", SEAT_FIELD, "i2", (MAX_SEATS,)),
    ("deck", _off(&_proto.deck), "u1", (NCT,)),
    ("discard", _off(&_proto.discard), "u1", (NCT,)),
    ("hand", SEAT_FIELD, "u1", (MAX_SEATS, NCT)),
    ("play_area", SEAT_FIELD, "u1", (MAX_SEATS, NCT)),
    ("out_of_game", _off(&_proto.out_of_game), "u1", (NCT,)),
    ("deck_size", _off(&_proto.deck_size), "u1", ()),
    ("hand_size", SEAT_FIELD, "u1", (MAX_SEATS,)),
    ("to_draw", SEAT_FIELD, "u1", (MAX_SEATS,)),
    ("item_supply", _off(&_proto.item_supply), "u1", (NITEM,)),
    ("items", SEAT_FIELD, "u1", (MAX_SEATS, NLAIR)),
    ("items_exhausted", SEAT_FIELD, "u1", (MAX_SEATS, NLAIR)),
    ("items_lost", _off(&_proto.items_lost), "u1", (NITEM,)),
    ("warriors", PIECE_FIELD, "u1", (NCL,)),
    ("buildings", PIECE_FIELD, "u1", (3, NCL)),
    ("wood", PIECE_FIELD, "u1", (NCL,)),
    ("keep", PIECE_FIELD, "i1", ()),
    ("warrior_supply", PIECE_FIELD, "u1", ()),
    ("wood_supply", PIECE_FIELD, "u1", ()),
    ("wyrmlings", PIECE_FIELD, "u1", (NCL,)),
    ("pawn", PIECE_FIELD, "i1", ()),
    ("fear", PIECE_FIELD, "u1", (NCL,)),
    ("wyrmling_supply", PIECE_FIELD, "u1", ()),
    ("fear_supply", PIECE_FIELD, "u1", ()),
    ("treasure_supply", BOARD_FIELD, "u1", ()),
    ("growth", BOARD_FIELD, "u1", (3,)),
    ("birds", PIECE_FIELD, "u1", (NCL,)),
    ("roosts", PIECE_FIELD, "u1", (NCL,)),
    ("bird_supply", PIECE_FIELD, "u1", ()),
    ("roost_supply", PIECE_FIELD, "u1", ()),
    ("decree", BOARD_FIELD, "u1", (NDECREE, NCT)),
    ("leader", BOARD_FIELD, "i1", ()),
    ("leaders_down", BOARD_FIELD, "u1", ()),
    ("decree_done", BOARD_FIELD, "u1", (NDECREE, 4)),
    ("decree_added", BOARD_FIELD, "u1", ()),
    ("decree_bird_added", BOARD_FIELD, "u1", ()),
    ("rebels", PIECE_FIELD, "u1", (NCL,)),
    ("sympathy", PIECE_FIELD, "u1", (NCL,)),
    ("base_at", PIECE_FIELD, "i1", (3,)),
    ("rebel_supply", PIECE_FIELD, "u1", ()),
    ("officers", BOARD_FIELD, "u1", ()),
    ("sympathy_supply", PIECE_FIELD, "u1", ()),
    ("supporters", BOARD_FIELD, "u1", (NCT,)),
    ("supporters_size", BOARD_FIELD, "u1", ()),
    ("known_sup", SEAT_FIELD, "u1", (MAX_SEATS, NCT)),
    ("spread_begun", BOARD_FIELD, "u1", ()),
    ("ops_used", BOARD_FIELD, "u1", ()),
    ("sup_clearing", BOARD_FIELD, "i1", ()),
    ("sup_owed", BOARD_FIELD, "u1", ()),
    ("sup_revolt", BOARD_FIELD, "u1", ()),
    ("revolt_at", BOARD_FIELD, "i1", ()),
    ("outrage", SEAT_FIELD, "u1", (MAX_SEATS, 3)),
    ("sup_to_draw", BOARD_FIELD, "u1", ()),
    ("trim_owed", BOARD_FIELD, "u1", ()),
    ("react_seat", _off(&_proto.react_seat), "i1", ()),
    ("react_resume", _off(&_proto.react_resume), "u1", ()),
    ("vb_at", PIECE_FIELD, "i1", ()),
    ("vb_char", BOARD_FIELD, "i1", ()),
    ("vb_items", BOARD_FIELD, "u1", (NVSTATE, NVITEM)),
    ("vb_out", BOARD_FIELD, "u1", (NVITEM,)),
    ("vb_rel", BOARD_FIELD, "i1", (NFACTION,)),
    ("vb_aids", BOARD_FIELD, "u1", (NFACTION,)),
    ("quest_deck", _off(&_proto.quest_deck), "u2", ()),
    ("quest_up", _off(&_proto.quest_up), "u2", ()),
    ("quest_done", BOARD_FIELD, "u2", ()),
    ("explored", _off(&_proto.explored), "u2", ()),
    ("scorched", _off(&_proto.scorched), "u2", ()),
    ("character_option", _off(&_proto.character_option), "i1", ()),
    ("ruin_items", _off(&_proto.ruin_items), "u1", (NVITEM,)),
    ("ruin_half", _off(&_proto.ruin_half), "u2", ()),
    ("ruin_seen", _off(&_proto.ruin_seen), "i1", (NCL, 2)),
    ("ruin_seers", _off(&_proto.ruin_seers), "u1", (NCL,)),
    ("vb_acting", _off(&_proto.vb_acting), "i1", ()),
    ("coalition", BOARD_FIELD, "i1", ()),
    ("vb_left", BOARD_FIELD, "u1", ()),
    ("vb_aided", BOARD_FIELD, "i1", ()),
    ("vb_quest_draws", BOARD_FIELD, "u1", ()),
    ("vb_improvised", BOARD_FIELD, "u1", ()),
    ("vb_ritems", BOARD_FIELD, "u1", ()),
    ("mm_warriors", PIECE_FIELD, "u1", (NCL,)),
    ("mm_buildings", PIECE_FIELD, "u1", (3, NCL)),
    ("mm_keep", PIECE_FIELD, "i1", ()),
    ("mm_warrior_supply", PIECE_FIELD, "u1", ()),
    ("growth_caps", _off(&_proto.growth_caps), "u1", (NGROWTH_SPACES,)),
    ("mm_variant", _off(&_proto.mm_variant), "u1", ()),
    ("mm_level", _off(&_proto.mm_level), "u1", ()),
    ("mm_traits", _off(&_proto.mm_traits), "u1", ()),
    ("mm_order", BOARD_FIELD, "i1", ()),
    ("mm_phase", BOARD_FIELD, "u1", ()),
    ("mm_cursor", BOARD_FIELD, "u1", ()),
    ("mm_built", BOARD_FIELD, "u1", ()),
    ("mm_repeats", BOARD_FIELD, "u1", ()),
    ("mm_moved", BOARD_FIELD, "u1", (NCL,)),
    ("mm_dests", BOARD_FIELD, "u2", ()),
    ("actions_left", _off(&_proto.actions_left), "u1", ()),
    ("crafting_open", _off(&_proto.crafting_open), "u1", ()),
    ("recruited", _off(&_proto.recruited), "u1", ()),
    ("used_fear", BOARD_FIELD, "u1", ()),
    ("used_terror", BOARD_FIELD, "u1", ()),
    ("used_eat", BOARD_FIELD, "u1", ()),
    ("used_hoard", BOARD_FIELD, "u1", ()),
    ("moves_used", _off(&_proto.moves_used), "u1", ()),
    ("battles_used", _off(&_proto.battles_used), "u1", ()),
    ("terror_mask", BOARD_FIELD, "u2", ()),
    ("hoard_mask", BOARD_FIELD, "u2", ()),
    ("pay_mask", _off(&_proto.pay_mask), "u2", ()),
    ("activated", _off(&_proto.activated), "u1", (NCL,)),
    ("place_left", _off(&_proto.place_left), "u1", (NCL,)),
    ("build_type", _off(&_proto.build_type), "i1", ()),
    ("build_clearing", _off(&_proto.build_clearing), "i1", ()),
    ("wood_owed", _off(&_proto.wood_owed), "u1", ()),
    ("flee_from", BOARD_FIELD, "i1", ()),
    ("known", SEAT_FIELD, "u1", (MAX_SEATS, MAX_SEATS, NCT)),
    ("resume_step", _off(&_proto.resume_step), "u1", ()),
    ("used_tax", _off(&_proto.used_tax), "u1", ()),
    ("used_codebreak", _off(&_proto.used_codebreak), "u1", ()),
    ("used_steal", _off(&_proto.used_steal), "u1", ()),
    ("used_ep", _off(&_proto.used_ep), "u1", ()),
    ("ep_card", _off(&_proto.ep_card), "i1", ()),
    ("ep_clearing", _off(&_proto.ep_clearing), "i1", ()),
    ("coffin", _off(&_proto.coffin), "u1", (MAX_SEATS,)),
    ("target", _off(&_proto.target), "i1", ()),
    ("target_card", _off(&_proto.target_card), "i1", ()),
    ("available", _off(&_proto.available), "u1", (NCT,)),
    ("favor_seat", _off(&_proto.favor_seat), "i1", ()),
    ("favor_mask", SEAT_FIELD, "u2", (MAX_SEATS,)),
    ("fh_clearing", _off(&_proto.fh_clearing), "i1", ()),
    ("fh_count", _off(&_proto.fh_count), "u1", ()),
    ("fh_resume", _off(&_proto.fh_resume), "u1", ()),
    ("battle.clearing", _off(&_proto.battle.clearing), "i1", ()),
    ("battle.attacker", _off(&_proto.battle.attacker), "i1", ()),
    ("battle.defender", _off(&_proto.battle.defender), "i1", ()),
    ("battle.stage", _off(&_proto.battle.stage), "i1", ()),
    ("battle.ambush", _off(&_proto.battle.ambush), "i1", ()),
    ("battle.hits_def", _off(&_proto.battle.hits_def), "i1", ()),
    ("battle.hits_att", _off(&_proto.battle.hits_att), "i1", ()),
    ("battle.alloc_seat", _off(&_proto.battle.alloc_seat), "i1", ()),
    ("battle.alloc_left", _off(&_proto.battle.alloc_left), "i1", ()),
    ("battle.effects_stage", _off(&_proto.battle.effects_stage), "i1", ()),
    ("battle.armor_att", _off(&_proto.battle.armor_att), "i1", ()),
    ("battle.armor_def", _off(&_proto.battle.armor_def), "i1", ()),
    ("battle.extra_to_att", _off(&_proto.battle.extra_to_att), "i1", ()),
    ("battle.extra_to_def", _off(&_proto.battle.extra_to_def), "i1", ()),
    ("battle.roll_high", _off(&_proto.battle.roll_high), "i1", ()),
    ("battle.roll_low", _off(&_proto.battle.roll_low), "i1", ()),
    ("battle.return_step", _off(&_proto.battle.return_step), "u1", ()),
    ("battle.despot", _off(&_proto.battle.despot), "i1", ()),
    ("battle.ally", _off(&_proto.battle.ally), "i1", ()),
    ("battle.ally_hits", _off(&_proto.battle.ally_hits), "i1", ()),
    ("battle.item_hits", _off(&_proto.battle.item_hits), "i1", ()),
    ("battle.mm_lost", _off(&_proto.battle.mm_lost), "i1", ()),
    ("battle.mm_half", _off(&_proto.battle.mm_half), "i1", ()),
    ("battle.partisans", _off(&_proto.battle.partisans), "i1", ()),
    ("battle.swift", _off(&_proto.battle.swift), "i1", ()),
    ("battle.arbiter", _off(&_proto.battle.arbiter), "i1", ()),
    ("battle.instigator", _off(&_proto.battle.instigator), "i1", ()),
    ("battle.hired", _off(&_proto.battle.hired), "i1", ()),
    ("battle.hired_hits", _off(&_proto.battle.hired_hits), "i1", ()),
    ("battle.loot", _off(&_proto.battle.loot), "i1", ()),
    ("battle.bitter", _off(&_proto.battle.bitter), "i1", ()),
    ("battle.hit_taken", _off(&_proto.battle.hit_taken), "u2", ()),
    ("battle.card_kept", _off(&_proto.battle.card_kept), "u1", ()),
    ("battle.scouts", _off(&_proto.battle.scouts), "i1", ()),
    ("lost_souls", _off(&_proto.lost_souls), "u1", (NCT,)),
    ("lizards", PIECE_FIELD, "u1", (NCL,)),
    ("gardens", PIECE_FIELD, "u1", (3, NCL)),
    ("lizard_supply", PIECE_FIELD, "u1", ()),
    ("revealed", BOARD_FIELD, "u1", (NCT,)),
    ("outcast", BOARD_FIELD, "i1", ()),
    ("hated", BOARD_FIELD, "u1", ()),
    ("acolytes", BOARD_FIELD, "u1", ()),
    ("scored", BOARD_FIELD, "u1", ()),
    ("faithful_owed", BOARD_FIELD, "u1", ()),
    ("crusade_at", BOARD_FIELD, "i1", ()),
    ("otters", PIECE_FIELD, "u1", (NCL,)),
    ("trade_posts", PIECE_FIELD, "u1", (NCL,)),
    ("otter_supply", PIECE_FIELD, "u1", ()),
    ("payments", BOARD_FIELD, "u1", (NFACTION,)),
    ("funds", BOARD_FIELD, "u1", (NFACTION,)),
    ("committed", BOARD_FIELD, "u1", (NFACTION,)),
    ("posts_left", BOARD_FIELD, "u1", (3,)),
    ("track_used", BOARD_FIELD, "u1", (3,)),
    ("prices", BOARD_FIELD, "u1", (3,)),
    ("priced", BOARD_FIELD, "u1", ()),
    ("buyer", BOARD_FIELD, "i1", ()),
    ("services_left", BOARD_FIELD, "u1", ()),
    ("service_items_owed", BOARD_FIELD, "u1", ()),
    ("riverboats_for", BOARD_FIELD, "i1", ()),
    ("mercenaries_for", BOARD_FIELD, "i1", ()),
    ("mercenaries_on", BOARD_FIELD, "u1", ()),
    ("fund_owed", BOARD_FIELD, "u1", ()),
    ("fund_mode", BOARD_FIELD, "u1", ()),
    ("disrupt_owed", BOARD_FIELD, "u1", ()),
    ("fund_pending", BOARD_FIELD, "i4", ()),
    ("moles", PIECE_FIELD, "u1", (NCL,)),
    ("citadels", PIECE_FIELD, "u1", (NCL,)),
    ("markets", PIECE_FIELD, "u1", (NCL,)),
    ("tunnels", PIECE_FIELD, "u1", (NCL,)),
    ("mole_supply", PIECE_FIELD, "u1", ()),
    ("tunnel_supply", PIECE_FIELD, "u1", ()),
    ("duchy_revealed", BOARD_FIELD, "u1", (NCT,)),
    ("burrow", BOARD_FIELD, "u1", ()),
    ("swayed", BOARD_FIELD, "u2", ()),
    ("crowns", BOARD_FIELD, "u1", (3,)),
    ("ministers_used", BOARD_FIELD, "u2", ()),
    ("assembly_left", BOARD_FIELD, "u1", ()),
    ("swayed_now", BOARD_FIELD, "u1", ()),
    ("acting", BOARD_FIELD, "i1", ()),
    ("acts_left", BOARD_FIELD, "u1", ()),
    ("act_kind", BOARD_FIELD, "i1", ()),
    ("bank_suit", BOARD_FIELD, "i1", ()),
    ("banked", BOARD_FIELD, "u1", ()),
    ("reveal_for", BOARD_FIELD, "i1", ()),
    ("reveal_at", BOARD_FIELD, "i1", ()),
    ("reveal_kind", BOARD_FIELD, "i1", ()),
    ("sway_minister", BOARD_FIELD, "i1", ()),
    ("sway_need", BOARD_FIELD, "u1", ()),
    ("sway_suits", BOARD_FIELD, "u1", (4,)),
    ("dig_at", BOARD_FIELD, "i1", ()),
    ("dig_card", BOARD_FIELD, "i1", ()),
    ("failure_owed", BOARD_FIELD, "u1", ()),
    ("fail_discard", BOARD_FIELD, "u1", ()),
    ("corvids", PIECE_FIELD, "u1", (NCL,)),
    ("plots", PIECE_FIELD, "u1", (NCL,)),
    ("corvid_supply", PIECE_FIELD, "u1", ()),
    ("plot_supply", PIECE_FIELD, "u1", ()),
    ("plot_types", BOARD_FIELD, "u1", (NCL,)),
    ("plots_up", BOARD_FIELD, "u2", ()),
    ("plot_not", BOARD_FIELD, "u1", (NCL,)),
    ("plotted", BOARD_FIELD, "u1", ()),
    ("cv_actions_left", BOARD_FIELD, "u1", ()),
    ("exerted", BOARD_FIELD, "u1", ()),
    ("setup_suits", BOARD_FIELD, "u1", ()),
    ("cv_stage", BOARD_FIELD, "u1", ()),
    ("bomb_at", BOARD_FIELD, "i1", ()),
    ("extort_left", BOARD_FIELD, "u1", ()),
    ("expose_at", BOARD_FIELD, "i1", ()),
    ("expose_resume", BOARD_FIELD, "u1", ()),
    ("hundreds", PIECE_FIELD, "u1", (NCL,)),
    ("warlord", PIECE_FIELD, "i1", ()),
    ("strongholds", PIECE_FIELD, "u1", (NCL,)),
    ("mobs", PIECE_FIELD, "u1", (NCL,)),
    ("hundred_supply", PIECE_FIELD, "u1", ()),
    ("mob_supply", PIECE_FIELD, "u1", ()),
    ("hoard", BOARD_FIELD, "u1", (NVITEM,)),
    ("mood", BOARD_FIELD, "i1", ()),
    ("lh_stage", BOARD_FIELD, "u1", ()),
    ("raze_left", BOARD_FIELD, "u2", ()),
    ("mob_suit", BOARD_FIELD, "i1", ()),
    ("mob_resume", BOARD_FIELD, "u1", ()),
    ("command_left", BOARD_FIELD, "u1", ()),
    ("advance_left", BOARD_FIELD, "u1", ()),
    ("advance", BOARD_FIELD, "u1", ()),
    ("lh_block", BOARD_FIELD, "u1", ()),
    ("blocks_done", BOARD_FIELD, "u1", ()),
    ("jubilant_left", BOARD_FIELD, "u1", ()),
    ("contempt_card", BOARD_FIELD, "i1", ()),
    ("contempt_resume", BOARD_FIELD, "u1", ()),
    ("overflow", BOARD_FIELD, "u1", ()),
    ("hoard_resume", BOARD_FIELD, "u1", ()),
    ("lh_ritems", BOARD_FIELD, "u1", ()),
    ("keepers", PIECE_FIELD, "u1", (NCL,)),
    ("waystations", PIECE_FIELD, "u1", (NCL,)),
    ("relics", PIECE_FIELD, "u1", (NCL,)),
    ("keeper_supply", PIECE_FIELD, "u1", ()),
    ("relic_at", BOARD_FIELD, "i1", (NRELIC,)),
    ("relic_value", BOARD_FIELD, "u1", (NRELIC,)),
    ("way_at", BOARD_FIELD, "i1", (3,)),
    ("way_face", BOARD_FIELD, "u1", (3,)),
    ("retinue", BOARD_FIELD, "i1", (NRETINUE,)),
    ("retinue_column", BOARD_FIELD, "u1", (NRETINUE,)),
    ("retinue_used", BOARD_FIELD, "u2", ()),
    ("ki_stage", BOARD_FIELD, "u1", ()),
    ("ki_column", BOARD_FIELD, "u1", ()),
    ("slot_now", BOARD_FIELD, "i1", ()),
    ("act_at", BOARD_FIELD, "i1", ()),
    ("delve_forest", BOARD_FIELD, "i1", ()),
    ("delve_relic", BOARD_FIELD, "i1", ()),
    ("encamped", BOARD_FIELD, "u2", ()),
    ("decamped", BOARD_FIELD, "u2", ()),
    ("carry_from", BOARD_FIELD, "i1", ()),
    ("carry_to", BOARD_FIELD, "i1", ()),
    ("carry_left", BOARD_FIELD, "u1", ()),
    ("eve_mode", BOARD_FIELD, "u1", ()),
)


# where a SEAT_FIELD lies in a Seat block
SEAT_OFF = {
    "hand": _seat_off(&_proto.seats[0].hand),
    "play_area": _seat_off(&_proto.seats[0].play_area),
    "hand_size": _seat_off(&_proto.seats[0].hand_size),
    "to_draw": _seat_off(&_proto.seats[0].to_draw),
    "score": _seat_off(&_proto.seats[0].score),
    "items": _seat_off(&_proto.seats[0].items),
    "items_exhausted": _seat_off(&_proto.seats[0].items_exhausted),
    "known_sup": _seat_off(&_proto.seats[0].known_sup),
    "known": _seat_off(&_proto.seats[0].known),
    "outrage": _seat_off(&_proto.seats[0].outrage),
    "favor_mask": _seat_off(&_proto.seats[0].favor_mask),
}

# a BOARD_FIELD's faction and where it lies on that faction's board
BOARD_OFF = {
    "decree": (BOARD_FACTION["eyrie"], _board_off(&_proto.seats[0].board.eyrie.decree)),
    "leader": (BOARD_FACTION["eyrie"], _board_off(&_proto.seats[0].board.eyrie.leader)),
    "leaders_down": (BOARD_FACTION["eyrie"], _board_off(&_proto.seats[0].board.eyrie.leaders_down)),
    "decree_done": (BOARD_FACTION["eyrie"], _board_off(&_proto.seats[0].board.eyrie.decree_done)),
    "decree_added": (BOARD_FACTION["eyrie"], _board_off(&_proto.seats[0].board.eyrie.decree_added)),
    "decree_bird_added": (BOARD_FACTION["eyrie"], _board_off(&_proto.seats[0].board.eyrie.decree_bird_added)),
    "officers": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.officers)),
    "supporters": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.supporters)),
    "supporters_size": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.supporters_size)),
    "spread_begun": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.spread_begun)),
    "ops_used": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.ops_used)),
    "sup_clearing": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.sup_clearing)),
    "sup_owed": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.sup_owed)),
    "sup_revolt": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.sup_revolt)),
    "revolt_at": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.revolt_at)),
    "sup_to_draw": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.sup_to_draw)),
    "trim_owed": (BOARD_FACTION["alliance"], _board_off(&_proto.seats[0].board.alliance.trim_owed)),
    "vb_char": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_char)),
    "vb_items": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_items)),
    "vb_out": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_out)),
    "vb_rel": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_rel)),
    "vb_aids": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_aids)),
    "quest_done": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.quest_done)),
    "coalition": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.coalition)),
    "vb_left": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_left)),
    "vb_aided": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_aided)),
    "vb_quest_draws": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_quest_draws)),
    "vb_improvised": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_improvised)),
    "vb_ritems": (BOARD_FACTION["vagabond"], _board_off(&_proto.seats[0].board.vagabond.vb_ritems)),
    "treasure_supply": (BOARD_FACTION["wyrm"], _board_off(&_proto.seats[0].board.wyrm.treasure_supply)),
    "growth": (BOARD_FACTION["wyrm"], _board_off(&_proto.seats[0].board.wyrm.growth)),
    "used_fear": (BOARD_FACTION["wyrm"], _board_off(&_proto.seats[0].board.wyrm.used_fear)),
    "used_terror": (BOARD_FACTION["wyrm"], _board_off(&_proto.seats[0].board.wyrm.used_terror)),
    "used_eat": (BOARD_FACTION["wyrm"], _board_off(&_proto.seats[0].board.wyrm.used_eat)),
    "used_hoard": (BOARD_FACTION["wyrm"], _board_off(&_proto.seats[0].board.wyrm.used_hoard)),
    "terror_mask": (BOARD_FACTION["wyrm"], _board_off(&_proto.seats[0].board.wyrm.terror_mask)),
    "hoard_mask": (BOARD_FACTION["wyrm"], _board_off(&_proto.seats[0].board.wyrm.hoard_mask)),
    "flee_from": (BOARD_FACTION["wyrm"], _board_off(&_proto.seats[0].board.wyrm.flee_from)),
    "mm_order": (BOARD_FACTION["bot"], _board_off(&_proto.seats[0].board.bot.mm_order)),
    "mm_phase": (BOARD_FACTION["bot"], _board_off(&_proto.seats[0].board.bot.mm_phase)),
    "mm_cursor": (BOARD_FACTION["bot"], _board_off(&_proto.seats[0].board.bot.mm_cursor)),
    "mm_built": (BOARD_FACTION["bot"], _board_off(&_proto.seats[0].board.bot.mm_built)),
    "mm_repeats": (BOARD_FACTION["bot"], _board_off(&_proto.seats[0].board.bot.mm_repeats)),
    "mm_moved": (BOARD_FACTION["bot"], _board_off(&_proto.seats[0].board.bot.mm_moved)),
    "mm_dests": (BOARD_FACTION["bot"], _board_off(&_proto.seats[0].board.bot.mm_dests)),
    "revealed": (BOARD_FACTION["lizards"], _board_off(&_proto.seats[0].board.lizards.revealed)),
    "outcast": (BOARD_FACTION["lizards"], _board_off(&_proto.seats[0].board.lizards.outcast)),
    "hated": (BOARD_FACTION["lizards"], _board_off(&_proto.seats[0].board.lizards.hated)),
    "acolytes": (BOARD_FACTION["lizards"], _board_off(&_proto.seats[0].board.lizards.acolytes)),
    "scored": (BOARD_FACTION["lizards"], _board_off(&_proto.seats[0].board.lizards.scored)),
    "faithful_owed": (BOARD_FACTION["lizards"], _board_off(&_proto.seats[0].board.lizards.faithful_owed)),
    "crusade_at": (BOARD_FACTION["lizards"], _board_off(&_proto.seats[0].board.lizards.crusade_at)),
    "payments": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.payments)),
    "funds": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.funds)),
    "committed": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.committed)),
    "posts_left": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.posts_left)),
    "track_used": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.track_used)),
    "prices": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.price)),
    "priced": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.priced)),
    "buyer": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.buyer)),
    "services_left": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.svc_left)),
    "service_items_owed": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.svc_owed)),
    "riverboats_for": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.boats)),
    "mercenaries_for": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.hired)),
    "mercenaries_on": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.mercs_on)),
    "fund_owed": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.fund_owed)),
    "fund_mode": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.fund_mode)),
    "disrupt_owed": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.disrupt_owed)),
    "fund_pending": (BOARD_FACTION["riverfolk"], _board_off(&_proto.seats[0].board.riverfolk.pending)),
    "duchy_revealed": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.revealed)),
    "burrow": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.burrow)),
    "swayed": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.swayed)),
    "crowns": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.crowns)),
    "ministers_used": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.used)),
    "assembly_left": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.assembly_left)),
    "swayed_now": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.swayed_now)),
    "acting": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.acting)),
    "acts_left": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.acts_left)),
    "act_kind": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.act_kind)),
    "bank_suit": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.bank_suit)),
    "banked": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.banked)),
    "reveal_for": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.reveal_for)),
    "reveal_at": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.reveal_at)),
    "reveal_kind": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.reveal_kind)),
    "sway_minister": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.sway_minister)),
    "sway_need": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.sway_need)),
    "sway_suits": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.sway_suits)),
    "dig_at": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.dig_at)),
    "dig_card": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.dig_card)),
    "failure_owed": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.failure_owed)),
    "fail_discard": (BOARD_FACTION["duchy"], _board_off(&_proto.seats[0].board.duchy.fail_discard)),
    "plot_types": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.plot_type)),
    "plots_up": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.face_up)),
    "plot_not": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.not_type)),
    "plotted": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.plotted)),
    "cv_actions_left": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.actions_left)),
    "exerted": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.exerted)),
    "setup_suits": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.setup_suits)),
    "cv_stage": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.stage)),
    "bomb_at": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.bomb_at)),
    "extort_left": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.extort_left)),
    "expose_at": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.expose_at)),
    "expose_resume": (BOARD_FACTION["corvids"], _board_off(&_proto.seats[0].board.corvids.expose_resume)),
    "hoard": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.hoard)),
    "mood": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.mood)),
    "lh_stage": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.stage)),
    "raze_left": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.raze_left)),
    "mob_suit": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.mob_suit)),
    "mob_resume": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.mob_resume)),
    "command_left": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.command_left)),
    "advance_left": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.advance_left)),
    "advance": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.advance)),
    "lh_block": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.block)),
    "blocks_done": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.blocks_done)),
    "jubilant_left": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.jubilant_left)),
    "contempt_card": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.contempt_card)),
    "contempt_resume": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.contempt_resume)),
    "overflow": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.overflow)),
    "hoard_resume": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.hoard_resume)),
    "lh_ritems": (BOARD_FACTION["hundreds"], _board_off(&_proto.seats[0].board.hundreds.ritems)),
    "relic_at": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.relic_at)),
    "relic_value": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.relic_value)),
    "way_at": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.way_at)),
    "way_face": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.way_face)),
    "retinue": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.retinue)),
    "retinue_column": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.ret_col)),
    "retinue_used": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.ret_used)),
    "ki_stage": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.stage)),
    "ki_column": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.column)),
    "slot_now": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.slot_now)),
    "act_at": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.act_at)),
    "delve_forest": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.delve_forest)),
    "delve_relic": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.delve_relic)),
    "encamped": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.encamped)),
    "decamped": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.decamped)),
    "carry_from": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.carry_from)),
    "carry_to": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.carry_to)),
    "carry_left": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.carry_left)),
    "eve_mode": (BOARD_FACTION["keepers"], _board_off(&_proto.seats[0].board.keepers.eve_mode)),
}

BOARD_TYPE = {name: typ for name, off, typ, shape in STATE_FIELDS if off == BOARD_FIELD}

# board fields held by seat and written by faction (the dict's one entry per faction id)
BY_FACTION_FIELDS = ("vb_rel", "vb_aids", "payments", "funds", "committed")

CARD_COUNT_FIELDS = frozenset({"deck", "discard", "hand", "play_area", "out_of_game", "decree", "known", "available",
                               "supporters", "known_sup", "lost_souls", "revealed", "duchy_revealed"})


def _unpack_counts(raw, off, shape):
    """The counts (shape ..., NCT) of the CardCounts rows at off."""
    rows = shape[:-1]
    planes = np.frombuffer(raw, dtype=np.uint64, count=math.prod(rows) * 2, offset=off).reshape(rows + (2, 1))
    bits = (planes >> np.arange(NCT, dtype=np.uint64)) & np.uint64(1)
    return bits[..., 0, :] | (bits[..., 1, :] << np.uint64(1))


def _pack_counts(arr):
    """The bytes of the CardCounts rows holding counts arr (shape ..., NCT; each 0..3)."""
    shift = np.arange(NCT, dtype=np.uint64)
    arr = arr.astype(np.uint64)
    lo = ((arr & np.uint64(1)) << shift).sum(axis=-1, dtype=np.uint64)
    hi = (((arr >> np.uint64(1)) & np.uint64(1)) << shift).sum(axis=-1, dtype=np.uint64)
    return np.stack([lo, hi], axis=-1).astype(np.uint64).tobytes()


# the most items of one kind a Vagabond can hold: a character's "S" items, both "R" sets (two
# Vagabonds) and the supply's (the Ronin's two boots, a ruin's and the supply's two: five)
VB_KIND_MAX = max(max(max(c[k] for c in VAGABOND_TABLE["start_items"]), VAGABOND_TABLE["s_items"][k])
                  + 2 * VAGABOND_TABLE["ruin_items"][k] + (ITEM_SUPPLY[k] if k < len(ITEM_SUPPLY) else 0)
                  for k in range(NVITEM))

# values the rules can take, for fields used as indices or codes (others only need to fit their type)
FIELD_RANGES = {
    "step": (0, N_STEPS - 1), "turn": (0, MAX_SEATS - 1), "first": (0, MAX_SEATS - 1),
    "winner": (-1, MAX_SEATS - 1), "nseats": (2, MAX_SEATS), "seat_faction": (-1, NFACTION - 1),
    "faction_seat": (-1, MAX_SEATS - 1), "score": (0, 32767),   # never below 0 (ruling §10.3)
    "map": (0, NMAPS - 1), "deck_id": (0, len(DECK_NAMES) - 1), "setup_mode": (0, len(SETUP_NAMES) - 1), "suit": (FOX, MOUSE), "adj": (0, (1 << NCL) - 1),
    "ferry": (-1, NCL - 1), "ferry_used": (0, 1), "path_opened": (0, 1),
    "keep": (-1, NCL - 1), "pawn": (-1, NCL + NFOREST - 1), "fear": (0, 2), "growth": (0, 2),
    "build_type": (-1, 2), "build_clearing": (-1, NCL - 1), "flee_from": (-1, NCL - 1),
    "terror_mask": (0, (1 << NCL) - 1), "hoard_mask": (0, (1 << NCL) - 1), "pay_mask": (0, (1 << NCL) - 1),
    "hand_size": (0, 54), "deck_size": (0, 54),
    "battle.clearing": (-1, NCL - 1), "battle.attacker": (0, NSIDE - 1),
    "battle.defender": (0, NSIDE - 1), "battle.alloc_seat": (0, NSIDE - 1), "battle.ambush": (-1, NCT - 1), "battle.stage": (0, 3),
    "battle.return_step": (0, N_STEPS - 1), "battle.roll_high": (0, 3), "battle.roll_low": (0, 3),
    "battle.effects_stage": (0, 2), "favor_seat": (-1, MAX_SEATS - 1), "fh_clearing": (-1, NCL - 1),
    "fh_resume": (0, FH_CONSPIRACY), "battle.partisans": (0, 3), "ep_card": (-1, NCT - 1), "ep_clearing": (-1, NCL - 1),
    "used_ep": (0, EP_USED_ALL), "target": (-1, MAX_SEATS - 1), "target_card": (-1, NCT - 1), "favor_mask": (0, (1 << NCL) - 1),
    "roosts": (0, 1), "leader": (-1, NLEADER - 1), "leaders_down": (0, (1 << NLEADER) - 1),
    "decree_added": (0, 2), "decree_bird_added": (0, 1), "battle.despot": (0, 1),
    "battle.ally": (-1, MAX_SEATS - 1), "battle.ally_hits": (0, 20), "battle.item_hits": (0, 30),
    "sympathy": (0, 1), "base_at": (-1, NCL - 1), "sup_clearing": (-1, NCL - 1), "revolt_at": (-1, NCL - 1),
    "sup_revolt": (0, 1), "spread_begun": (0, 1), "trim_owed": (0, 1), "react_seat": (-1, MAX_SEATS - 1),
    "supporters_size": (0, 54),
    "vb_at": (-1, NCL + NFOREST - 1), "vb_char": (-1, NCHAR - 1), "vb_items": (0, VB_KIND_MAX), "vb_out": (0, VB_KIND_MAX),
    "vb_rel": (REL_HOSTILE, REL_ALLIED), "vb_aids": (0, 2), "quest_deck": (0, (1 << NQUEST) - 1),
    "quest_up": (0, (1 << NQUEST) - 1), "quest_done": (0, (1 << NQUEST) - 1),
    "explored": (0, (1 << NCL) - 1), "ruin_items": (0, 2), "coalition": (-1, MAX_SEATS - 1),
    "vb_left": (0, 9), "vb_aided": (-1, MAX_SEATS - 1), "vb_quest_draws": (0, 2),
    "growth_caps": (0, MAX_LAIR_CAP), "mm_keep": (-1, NCL - 1), "mm_variant": (0, MM_DC), "mm_level": (0, MM_NIGHTMARE),
    "mm_traits": (0, MM_ALL_TRAITS), "mm_order": (-1, NCT - 1), "mm_phase": (0, MP_ORDER_REPEAT),
    "mm_cursor": (0, NCL), "mm_built": (0, 1), "mm_repeats": (0, 54), "mm_dests": (0, (1 << NCL) - 1),
    "battle.mm_lost": (0, 25), "battle.mm_half": (0, 1), "battle.swift": (-6, 6), "battle.arbiter": (0, 1),
    "battle.instigator": (-1, MAX_SEATS - 1), "scorched": (0, (1 << NCL) - 1), "vb_improvised": (0, 1),
    "character_option": (-1, NCHAR - 1), "ruin_seen": (-1, NVITEM - 1), "vb_acting": (-1, MAX_SEATS - 1),
    "vb_ritems": (0, (1 << NVITEM) - 1), "ruin_half": (0, (1 << NCL) - 1),
    "draft_stage": (DRAFT_NONE, DRAFT_DONE), "draft_deck": (0, (1 << NFACTION) - 1), "draft_cards": (0, (1 << NFACTION) - 1),
    "draft_pool": (0, (1 << NFACTION) - 1), "draft_deals": (0, MAX_SEATS + 1), "draft_waiting": (0, (1 << NFACTION) - 1),
    "draft_last": (-1, NFACTION - 1), "draft_locked": (-1, NFACTION - 1), "draft_char": (-1, NCHAR - 1),
    "homeland": (0, (1 << NCL) - 1),
    "hr_kind": (-1, NHIRE_SIDES - 1), "hr_owner": (-1, MAX_SEATS - 1), "hr_control": (0, 4), "hr_gained": (0, 32767),
    "hr_markers": (0, 7), "hr_owed": (0, NHIRE), "hr_stage": (0, HRS_TAKE), "hr_now": (-1, NHIRE - 1),
    "hr_roller": (-1, MAX_SEATS - 1), "hr_used": (0, 63), "hr_pawn": (-1, NCL + NFOREST - 1), "hr_at": (-1, NCL - 1), "battle.scouts": (0, 2),
    "outcast": (-1, 2), "hated": (0, 1), "acolytes": (0, LZ_WARRIORS), "scored": (0, 7),
    "crusade_at": (-1, NCL - 1), "gardens": (0, LZ_GARDENS), "faithful_owed": (0, 3 * LZ_GARDENS),
    "battle.hired": (-1, MAX_SEATS - 1), "battle.hired_hits": (0, 40), "trade_posts": (0, 1),
    "posts_left": (0, RF_POSTS), "track_used": (0, RF_POSTS), "prices": (0, RF_MAX_PRICE), "priced": (0, 7),
    "buyer": (-1, MAX_SEATS - 1), "services_left": (0, NCL + 1), "service_items_owed": (0, RF_MAX_PRICE),
    "riverboats_for": (-1, MAX_SEATS - 1), "mercenaries_for": (-1, MAX_SEATS - 1), "mercenaries_on": (0, 1),
    "fund_owed": (0, 8), "fund_mode": (0, 1), "disrupt_owed": (0, 255),
    "fund_pending": (-1, N_ACTIONS - 1),
    "citadels": (0, 3), "markets": (0, 3), "tunnels": (0, 1), "swayed": (0, (1 << NMINISTER) - 1),
    "ministers_used": (0, (1 << NMINISTER) - 1), "crowns": (0, DC_CROWNS), "assembly_left": (0, DC_ASSEMBLY),
    "swayed_now": (0, 1), "acting": (-1, NMINISTER - 1), "acts_left": (0, 2), "act_kind": (-1, ACT_BATTLE),
    "bank_suit": (-1, 2), "reveal_for": (-1, REVEAL_SWAY), "reveal_at": (-1, NCL - 1), "reveal_kind": (-1, 1),
    "sway_minister": (-1, NMINISTER - 1), "sway_need": (0, 4), "sway_suits": (0, 4), "dig_at": (-1, NCL - 1),
    "dig_card": (-1, NCT - 1), "failure_owed": (0, 1), "fail_discard": (0, 1), "burrow": (0, DC_WARRIORS),
    "plots": (0, 1), "plot_types": (0, NPLOT - 1), "plots_up": (0, (1 << NCL) - 1), "plot_not": (0, (1 << NPLOT) - 1),
    "plotted": (0, CV_PLOTS), "cv_actions_left": (0, CV_ACTIONS), "exerted": (0, 1), "setup_suits": (0, 7),
    "cv_stage": (0, 1), "bomb_at": (-1, NCL - 1), "extort_left": (0, (1 << MAX_SEATS) - 1),
    "expose_at": (-1, NCL - 1), "expose_resume": (0, N_STEPS - 1),
    "warlord": (-1, NCL - 1), "strongholds": (0, 3), "mobs": (0, 1), "hoard": (0, LH_TRACK + 1), "mood": (0, 7),
    "lh_stage": (0, LH_RECRUIT), "raze_left": (0, (1 << NCL) - 1), "mob_suit": (-1, 2), "mob_resume": (0, N_STEPS - 1),
    "command_left": (0, 4), "advance_left": (0, 4), "advance": (0, 3), "lh_block": (0, 1), "blocks_done": (0, 2),
    "jubilant_left": (0, LH_JUBILANT_ROLLS), "contempt_card": (-1, NCT - 1), "contempt_resume": (0, N_STEPS - 1),
    "overflow": (0, 2), "hoard_resume": (0, N_STEPS - 1), "lh_ritems": (0, (1 << NVITEM) - 1),
    "keepers": (0, KI_WARRIORS), "waystations": (0, 3), "relics": (0, NRELIC), "keeper_supply": (0, KI_WARRIORS),
    "relic_at": (-1, RELIC_RECOVERED), "relic_value": (0, 3), "way_at": (-1, NCL - 1), "way_face": (0, 1),
    "retinue": (-1, RETAINER), "retinue_column": (0, 2), "retinue_used": (0, (1 << NRETINUE) - 1),
    "ki_stage": (0, KI_GATHER), "ki_column": (0, 3), "slot_now": (-1, NRETINUE - 1), "act_at": (-1, NCL - 1),
    "delve_forest": (-1, NFOREST - 1), "delve_relic": (-1, NRELIC - 1), "encamped": (0, (1 << NCL) - 1),
    "decamped": (0, (1 << NCL) - 1), "carry_from": (-1, NCL - 1), "carry_to": (-1, NCL - 1),
    "carry_left": (0, KI_WARRIORS), "eve_mode": (0, 2),
    "battle.loot": (0, 1), "battle.bitter": (0, 1), "battle.hit_taken": (0, (1 << NSIDE) - 1), "battle.card_kept": (0, (1 << NHIRE) - 1),
}

# a twin faction's fields (TWIN_OF: the second Vagabond): its twin's board and piece fields, in the
# dict under the twin's own key ("vagabond2": {"vb_at": ..., "vb_char": ..., ...})
TWIN_KEYS = {F_VAGABOND2: "vagabond2"}
TWIN_FIELDS = tuple((name, off, typ, shape) for name, off, typ, shape in STATE_FIELDS
                    if (off == BOARD_FIELD and BOARD_OFF[name][0] == F_VAGABOND)
                    or (off == PIECE_FIELD and PIECE_SLOTS[name][0] == F_VAGABOND))

# the fields the maps added (issue 30): a state without any of them is an Autumn game
MAP_FIELDS = ("map", "suit", "adj", "ferry", "ferry_used", "path_opened")

# fields with one entry per faction (faction ids): saves made before a faction was added hold
# one entry fewer per faction added; the new factions' entries take their new-game values
FACTION_DIM_FIELDS = {"faction_seat": -1, "vb_rel": 0, "vb_aids": 0, "payments": 0, "funds": 0, "committed": 0}


# fields whose leading dimensions are seats: the dict has one entry per seat at the table (the
# struct has MAX_SEATS); the number is how many leading dimensions are seats
SEAT_DIMS = {"score": 1, "hand": 1, "play_area": 1, "hand_size": 1, "to_draw": 1, "items": 1,
             "items_exhausted": 1, "coffin": 1, "homeland": 1, "hr_owed": 1, "hr_entered": 1,
             "known": 2, "seat_faction": 1, "known_sup": 1, "outrage": 1, "favor_mask": 1}


def _trimmed(value, dims, n):
    if dims == 0:
        return value
    return [_trimmed(v, dims - 1, n) for v in value[:n]]


def _dict_shape(name, shape, n):
    dims = SEAT_DIMS.get(name, 0)
    return tuple(n if i < dims else k for i, k in enumerate(shape))


cdef dict pieces_to_dict(GameState* s):
    """The pieces of every faction under its own names (PIECE_SLOTS): a faction not at the table
    has its new-game pieces."""
    cdef Pieces absent
    cdef int seat
    out = {}
    for name, (f, slot) in PIECE_SLOTS.items():
        seat = s.faction_seat[f]
        if seat >= 0:
            out[name] = _slot_get(&s.seats[seat].pc, slot, wyrm_board(s).fear_cowed)
        else:
            init_pieces(&absent, f)
            out[name] = _slot_get(&absent, slot, 0)
    return out


def _read(raw, off, typ, shape, name):
    """The plain data of one field (shape: its own, seats not counted) at off in raw."""
    if name in CARD_COUNT_FIELDS:
        return _unpack_counts(raw, off, shape).tolist()
    count = math.prod(shape) if shape else 1
    arr = np.frombuffer(raw, dtype=typ, count=count, offset=off)
    return arr.reshape(shape).tolist() if shape else int(arr[0])


def _read_seats(raw, off, typ, shape, name, n):
    """The plain data of one per-seat field for the first n seats' blocks (off: the first's; shape:
    one seat's), read at once across the blocks."""
    if name in CARD_COUNT_FIELDS:
        rows = tuple(shape[:-1])
        count = math.prod(rows) * 2 if rows else 2
        planes = np.ndarray((n, count), dtype=np.uint64, buffer=raw, offset=off,
                            strides=(SEAT_SIZE, 8)).reshape((n,) + rows + (2, 1))
        bits = (planes >> np.arange(NCT, dtype=np.uint64)) & np.uint64(1)
        return (bits[..., 0, :] | (bits[..., 1, :] << np.uint64(1))).tolist()
    dt = np.dtype(typ)
    count = math.prod(shape) if shape else 1
    arr = np.ndarray((n, count), dtype=dt, buffer=raw, offset=off, strides=(SEAT_SIZE, dt.itemsize))
    return arr.reshape((n,) + tuple(shape)).tolist()


def _read_hirelings(raw, off, typ, shape):
    """The plain data of one hireling-pieces field: a row per hireling (off: the first's)."""
    dt = np.dtype(typ)
    count = math.prod(shape) if shape else 1
    arr = np.ndarray((NHIRE, count), dtype=dt, buffer=raw, offset=off, strides=(HR_SIZE, dt.itemsize))
    return arr.reshape((NHIRE,) + tuple(shape)).tolist()


def _data(arr, typ, name):
    """The bytes of one field's plain data (arr, checked) as the struct holds it."""
    return _pack_counts(arr) if name in CARD_COUNT_FIELDS else arr.astype(typ).tobytes()


cdef object state_to_dict(GameState* s):
    """Every field by its name; a board field of a faction not at the table has its new-game value."""
    cdef int seat, k
    raw = (<char*>s)[:sizeof(GameState)]
    out = {"battle": {}}
    n = s.nseats
    pieces = pieces_to_dict(s)
    for name, off, typ, shape in STATE_FIELDS:
        if off == PIECE_FIELD:
            value = pieces[name]
        elif off == SEAT_FIELD:
            value = _read_seats(raw, SEATS_AT + SEAT_OFF[name], typ, shape[1:], name, n)
            if SEAT_DIMS[name] > 1:
                value = [_trimmed(x, SEAT_DIMS[name] - 1, n) for x in value]
        elif off == HIRE_FIELD:
            value = _read_hirelings(raw, HR_AT + HIRE_OFF[name], typ, shape[1:])
        elif off == BOARD_FIELD:
            f, boff = BOARD_OFF[name]
            seat = s.faction_seat[f]
            held = (MAX_SEATS,) if name in BY_FACTION_FIELDS else shape   # by seat on the board
            if seat >= 0:
                value = _read(raw, SEATS_AT + seat * SEAT_SIZE + BOARD_IN_SEAT + boff, typ, held, name)
            else:
                value = _read((<char*>&NO_BOARD[f])[:sizeof(FactionBoard)], boff, typ, held, name)
            if name in BY_FACTION_FIELDS:      # by seat in the struct
                value = [value[s.faction_seat[k]] if s.faction_seat[k] >= 0 else 0 for k in range(NFACTION)]
        else:
            value = _read(raw, off, typ, shape, name)
            if name in SEAT_DIMS:
                value = _trimmed(value, SEAT_DIMS[name], n)
        if name.startswith("battle."):
            out["battle"][name[7:]] = value
        else:
            out[name] = value
    for twin, key in TWIN_KEYS.items():
        out[key] = {name: _twin_value(s, raw, twin, name, off, typ, shape) for name, off, typ, shape in TWIN_FIELDS}
    return out


cdef object _twin_value(GameState* s, object raw, int twin, str name, int off, str typ, tuple shape):
    """A twin faction's value of one of its twin's fields (its new-game value when not at the table)."""
    cdef Pieces absent
    cdef int k, seat = s.faction_seat[twin]
    if off == PIECE_FIELD:
        if seat >= 0:
            return _slot_get(&s.seats[seat].pc, PIECE_SLOTS[name][1], 0)
        init_pieces(&absent, twin)
        return _slot_get(&absent, PIECE_SLOTS[name][1], 0)
    boff = BOARD_OFF[name][1]
    held = (MAX_SEATS,) if name in BY_FACTION_FIELDS else shape
    if seat >= 0:
        value = _read(raw, SEATS_AT + seat * SEAT_SIZE + BOARD_IN_SEAT + boff, typ, held, name)
    else:
        value = _read((<char*>&NO_BOARD[twin])[:sizeof(FactionBoard)], boff, typ, held, name)
    if name in BY_FACTION_FIELDS:
        value = [value[s.faction_seat[k]] if s.faction_seat[k] >= 0 else 0 for k in range(NFACTION)]
    return value


def _pad_card_counts(v):
    """A nested list of card counts whose rows hold the standard deck's 42 types, with the E&P
    deck's types added as zeros (anything else as it is)."""
    if isinstance(v, list) and len(v) == NCT_STANDARD and all(_is_action_int(x) for x in v):
        return v + [0] * (NCT - NCT_STANDARD)
    if isinstance(v, list):
        return [_pad_card_counts(x) for x in v]
    return v


cdef dict _TYPE_RANGES = {}


cdef tuple _type_range(str typ):
    """The values a field's C type holds (np.iinfo, once per type)."""
    r = _TYPE_RANGES.get(typ)
    if r is None:
        info = np.iinfo(np.dtype(typ))
        r = _TYPE_RANGES[typ] = (int(info.min), int(info.max))
    return r


cdef bint _outside(arr, lo, hi) except -1:
    """A value of the array lies outside lo..hi (a scalar read as one int, without numpy's reduce)."""
    if arr.ndim == 0:
        v = int(arr)
        return v < lo or v > hi
    return arr.size > 0 and (arr.min() < lo or arr.max() > hi)


def upgraded_state(d):
    """A state dict of an older schema (docs/api.md, "The state dict") in today's: a state from
    before the maps (schema 1) is an Autumn game; schema 2's favor_mask was one int, bit
    c * 4 + seat (four seats at most), and is now a clearing mask per seat; a state from before
    the Exiles & Partisans deck (schema 3) plays the standard deck, and its card counts end at the
    standard deck's 42 types; schema 4 has none of the E&P cards' own fields (Coffin Makers'
    warriors, exhausted crafted items, the cards used this turn, Partisans in a battle), all
    empty; schema 5 has none of the last six characters' (a scorched clearing, Improvise used,
    Swift Strike, the Arbiter and the Vagrant in a battle, the character as a game option), all
    empty; schema 7 has no faction draft's fields (none under way); schema 8 no Lizard Cult's (none at the
    table, the Lost Souls pile empty); schema 9 no Riverfolk's (none at the table; a battle with no
    mercenaries); schema 10 no Duchy's (none at the table), and its resume values 100..104 are now
    200..204. Anything else is returned as it is, for from_dict to check."""
    if not isinstance(d, dict):
        return d
    if isinstance(d.get("battle"), dict) and "card_kept" not in d["battle"]:   # schema 16: before Forest
        d = dict(d, battle=dict(d["battle"], card_kept=0))                     #   Patrol's card (E-24)
    if "hr_warriors" not in d:         # schema 15: before hireling pieces (none on the map yet: all in
        kinds = d.get("hr_kind")       #   their cards' supplies), hit_taken a bit per seat still
        kinds = kinds if isinstance(kinds, list) and len(kinds) == NHIRE else [-1] * NHIRE
        n = d.get("nseats")
        d = dict(d, hr_entered=[0] * (n if _is_action_int(n) and 0 < n <= MAX_SEATS else MAX_SEATS),
                 hr_warriors=[[0] * NCL for _ in range(NHIRE)], hr_vaults=[[0] * NCL for _ in range(NHIRE)],
                 hr_pawn=[-1] * NHIRE,
                 hr_warrior_supply=[HR_WARRIORS[k] if _is_action_int(k) and 0 <= k < NHIRE_SIDES else 0
                                    for k in kinds],
                 hr_vault_supply=[HR_VAULTS[k] if _is_action_int(k) and 0 <= k < NHIRE_SIDES else 0
                                  for k in kinds])
    if "hr_kind" not in d:             # schema 14: before hirelings (none in the game)
        n = d.get("nseats")
        d = dict(d, hr_kind=[-1] * NHIRE, hr_owner=[-1] * NHIRE, hr_control=[0] * NHIRE, hr_gained=[0] * NHIRE,
                 hr_markers=0, hr_owed=[0] * (n if _is_action_int(n) and 0 < n <= MAX_SEATS else MAX_SEATS),
                 hr_stage=HRS_NONE, hr_now=-1, hr_roller=-1, hr_used=0, hr_at=-1)
        if isinstance(d.get("battle"), dict):
            d["battle"] = dict(d["battle"], scouts=0)
    if "relic_at" not in d:            # schema 13: before the Keepers (none at the table)
        d = dict(d, **_absent_keepers())
    if "hoard" not in d:               # schema 12: before the Hundreds (none at the table; no loot,
        d = dict(d, **_absent_hundreds())    # Bitter or first hit taken in a battle)
        if isinstance(d.get("battle"), dict):
            d["battle"] = dict(d["battle"], loot=0, bitter=0, hit_taken=0)
    if "plot_types" not in d:          # schema 11: before the Corvids (none at the table)
        d = dict(d, **_absent_corvids())
    if "burrow" not in d:              # schema 10: before the Duchy (none at the table); the resume
        d = dict(d, **_absent_duchy())  # values above the steps moved from 100.. to 200..
        for key in ("resume_step", "react_resume"):
            if _is_action_int(d.get(key)) and 100 <= d[key] <= 104:
                d[key] += 100
    if "funds" not in d:               # schema 9: before the Riverfolk (none at the table)
        d = dict(d, **_absent_riverfolk())
        if isinstance(d.get("battle"), dict):
            d["battle"] = dict(d["battle"], hired=-1, hired_hits=0)
    if "lost_souls" not in d:          # schema 8: before the Lizard Cult (none at the table)
        d = dict(d, lost_souls=[0] * NCT, lizards=[0] * NCL, gardens=[[0] * NCL for _ in range(3)],
                 lizard_supply=LZ_WARRIORS, revealed=[0] * NCT, outcast=-1, hated=0, acolytes=0, scored=0,
                 faithful_owed=0, crusade_at=-1)
    if "draft_stage" not in d:         # schema 7: before the faction draft
        n = d.get("nseats")
        d = dict(d, draft_cards=0, draft_stage=DRAFT_NONE, draft_deck=0, draft_pool=0, draft_deals=0, draft_waiting=0,
                 draft_last=-1, draft_locked=-1, draft_char=[-1, -1],
                 homeland=[0] * (n if _is_action_int(n) and 0 < n <= MAX_SEATS else MAX_SEATS))
    if "ruin_half" not in d:           # schema 6: before two Vagabonds
        fs = d.get("faction_seat")
        d = dict(d, ruin_half=0, ruin_seen=[[-1, -1] for _ in range(NCL)], ruin_seers=[0] * NCL,
                 vb_acting=fs[F_VAGABOND] if isinstance(fs, list) and len(fs) > F_VAGABOND else -1)
        if "vb_char" in d:
            d["vb_ritems"] = 0
            d["vagabond2"] = _absent_twin(F_VAGABOND2)
            # schema 5: before the Vagabond's last six characters
        d = dict(d, scorched=0, character_option=-1)
        if "vb_char" in d:
            d["vb_improvised"] = 0
        if isinstance(d.get("battle"), dict):
            d["battle"] = dict(d["battle"], swift=0, arbiter=0, instigator=-1)
    if "setup_mode" not in d:          # schema 4: before the Advanced Setup
        d = dict(d, setup_mode=SETUP_STANDARD)
    if "coffin" not in d:              # schema 4: before the E&P cards' own fields
        n = d.get("nseats")
        d = dict(d, used_ep=0, ep_card=-1, ep_clearing=-1,
                 coffin=[0] * (n if _is_action_int(n) and 0 < n <= MAX_SEATS else MAX_SEATS))
        if isinstance(d.get("items"), list):
            d["items_exhausted"] = [[0] * NLAIR for _ in d["items"]]
        if isinstance(d.get("battle"), dict):
            d["battle"] = dict(d["battle"], partisans=0)
    if "deck_id" not in d:
        d = dict(d, deck_id=DECK_STANDARD)
        for name in CARD_COUNT_FIELDS:
            if name in d:
                d[name] = _pad_card_counts(d[name])
    if not any(k in d for k in MAP_FIELDS):
        d = dict(d, map=MAP_AUTUMN, suit=[MAP_SUIT[MAP_AUTUMN][c] for c in range(NCL)],
                 adj=[MAP_ADJ[MAP_AUTUMN][c] for c in range(NCL)], ferry=-1, ferry_used=0, path_opened=0)
    mask, n = d.get("favor_mask"), d.get("nseats")
    if _is_action_int(mask) and _is_action_int(n) and 0 < n <= 4 and 0 <= mask < 1 << 48:
        d = dict(d, favor_mask=[sum(((mask >> (c * 4 + v)) & 1) << c for c in range(NCL)) for v in range(n)])
    return d


def _absent_duchy():
    """The Duchy's fields when they are not at the table (their new-game values)."""
    return {"moles": [0] * NCL, "citadels": [0] * NCL, "markets": [0] * NCL, "tunnels": [0] * NCL,
            "mole_supply": DC_WARRIORS, "tunnel_supply": DC_TUNNELS, "duchy_revealed": [0] * NCT, "burrow": 0,
            "swayed": 0, "crowns": [DC_CROWNS] * 3, "ministers_used": 0, "assembly_left": 0, "swayed_now": 0,
            "acting": -1, "acts_left": 0, "act_kind": -1, "bank_suit": -1, "banked": 0, "reveal_for": -1,
            "reveal_at": -1, "reveal_kind": -1, "sway_minister": -1, "sway_need": 0, "sway_suits": [0] * 4,
            "dig_at": -1, "dig_card": -1, "failure_owed": 0, "fail_discard": 0}


def _absent_hundreds():
    """The Hundreds' fields when they are not at the table (their new-game values)."""
    return {"hundreds": [0] * NCL, "warlord": -1, "strongholds": [0] * NCL, "mobs": [0] * NCL,
            "hundred_supply": LH_WARRIORS, "mob_supply": HUNDREDS_TABLE["mobs"], "hoard": [0] * NVITEM,
            "mood": MOOD_STUBBORN_ID, "lh_stage": 0, "raze_left": 0, "mob_suit": -1, "mob_resume": 0,
            "command_left": 0, "advance_left": 0, "advance": 0, "lh_block": 0, "blocks_done": 0,
            "jubilant_left": 0, "contempt_card": -1, "contempt_resume": 0, "overflow": 0, "hoard_resume": 0,
            "lh_ritems": 0}


def _absent_keepers():
    """The Keepers' fields when they are not at the table (their new-game values)."""
    return {"keepers": [0] * NCL, "waystations": [0] * NCL, "relics": [0] * NCL, "keeper_supply": KI_WARRIORS,
            "relic_at": [-1] * NRELIC, "relic_value": [0] * NRELIC, "way_at": [-1] * 3, "way_face": [0] * 3,
            "retinue": [-1] * NRETINUE, "retinue_column": [0] * NRETINUE, "retinue_used": 0, "ki_stage": 0,
            "ki_column": 0, "slot_now": -1, "act_at": -1, "delve_forest": -1, "delve_relic": -1, "encamped": 0,
            "decamped": 0, "carry_from": -1, "carry_to": -1, "carry_left": 0, "eve_mode": 0}


def _absent_corvids():
    """The Corvids' fields when they are not at the table (their new-game values)."""
    return {"corvids": [0] * NCL, "plots": [0] * NCL, "corvid_supply": CV_WARRIORS, "plot_supply": CV_PLOTS,
            "plot_types": [0] * NCL, "plots_up": 0, "plot_not": [0] * NCL, "plotted": 0, "cv_actions_left": 0,
            "exerted": 0, "setup_suits": 0, "cv_stage": 0, "bomb_at": -1, "extort_left": 0, "expose_at": -1,
            "expose_resume": 0}


def _absent_riverfolk():
    """The Riverfolk's fields when they are not at the table (their new-game values)."""
    out = {"otters": [0] * NCL, "trade_posts": [0] * NCL, "otter_supply": RF_WARRIORS,
           "payments": [0] * NFACTION, "funds": [0] * NFACTION, "committed": [0] * NFACTION,
           "posts_left": [RF_POSTS] * 3, "track_used": [0] * 3, "prices": [0] * 3, "priced": 0, "buyer": -1,
           "services_left": 0, "service_items_owed": 0, "riverboats_for": -1, "mercenaries_for": -1,
           "mercenaries_on": 0, "fund_owed": 0, "fund_mode": 0, "disrupt_owed": 0, "fund_pending": -1}
    return out


def _absent_twin(int twin):
    """A twin faction's fields when it is not at the table (its new-game values)."""
    cdef GameState g
    memset(&g, 0, sizeof(GameState))
    g.nseats = 2
    for k in range(NFACTION):
        g.faction_seat[k] = -1
    raw = (<char*>&g)[:sizeof(GameState)]
    return {name: _twin_value(&g, raw, twin, name, off, typ, shape) for name, off, typ, shape in TWIN_FIELDS}


cdef void state_from_dict(GameState* s, object d, bint turn_start=False) except *:
    buf = bytearray(sizeof(GameState))
    board = {}
    if not isinstance(d, dict):
        raise WyrmError("state must be a JSON object")
    n = d.get("nseats")
    if not _is_action_int(n) or not 2 <= n <= MAX_SEATS:
        raise WyrmError(f"state field 'nseats' must be 2..{MAX_SEATS}, not {n!r}")
    d = upgraded_state(d)
    for name, off, typ, shape in STATE_FIELDS:
        src = d
        key = name
        if name.startswith("battle."):
            src = d.get("battle")
            key = name[7:]
            if not isinstance(src, dict):
                raise WyrmError("state field 'battle' is missing or not an object")
        if key not in src:
            raise WyrmError(f"state field {name!r} is missing")
        try:
            arr = np.asarray(src[key], dtype=np.int64)
        except (TypeError, ValueError, OverflowError):
            raise WyrmError(f"state field {name!r} is not a number or list of numbers")
        if name in FACTION_DIM_FIELDS and arr.ndim == 1 and 0 < len(arr) < NFACTION:
            arr = np.concatenate([arr, np.full(NFACTION - len(arr), FACTION_DIM_FIELDS[name], dtype=np.int64)])
        if arr.shape != _dict_shape(name, shape, n):
            raise WyrmError(f"state field {name!r} has shape {arr.shape}, expected {_dict_shape(name, shape, n)}")
        lo, hi = _type_range(typ)
        if _outside(arr, lo, hi):
            raise WyrmError(f"state field {name!r} is out of range for {typ}")
        if arr.shape != tuple(shape):     # a per-seat field: the seats past the table are empty
            full = np.full(shape, -1 if name == "seat_faction" else 0, dtype=np.int64)
            full[tuple(slice(0, k) for k in arr.shape)] = arr
            arr = full
        if name in CARD_COUNT_FIELDS and _outside(arr, 0, 3):
            raise WyrmError(f"state field {name!r} is out of range 0..3 (copies of one card type)")
        if off == PIECE_FIELD:       # set below, in the faction's seat's pieces
            continue
        if off == BOARD_FIELD:       # set below, once faction_seat is known to be sound
            board[name] = arr
        elif off == SEAT_FIELD:      # the seats' rows, each into its block
            data = _data(arr, typ, name)
            size = len(data) // MAX_SEATS
            for v in range(n):
                at = SEATS_AT + v * SEAT_SIZE + SEAT_OFF[name]
                buf[at:at + size] = data[v * size:(v + 1) * size]
        elif off == HIRE_FIELD:      # the hirelings' rows, each into its Pieces
            data = _data(arr, typ, name)
            size = len(data) // NHIRE
            for v in range(NHIRE):
                at = HR_AT + v * HR_SIZE + HIRE_OFF[name]
                buf[at:at + size] = data[v * size:(v + 1) * size]
        else:
            data = _data(arr, typ, name)
            buf[off:off + len(data)] = data
    if not (0 <= d["resume_step"] < N_STEPS or d["resume_step"] in (RESUME_BIRDSONG, RESUME_EVENING, RESUME_COBBLER,
                                                                    RESUME_SERVICES)):
        raise WyrmError("state field 'resume_step' is out of range")
    if not (0 <= d["react_resume"] < N_STEPS or d["react_resume"] == RESUME_SETUP):
        raise WyrmError("state field 'react_resume' is out of range")
    for name, (lo, hi) in FIELD_RANGES.items():
        src = d["battle"] if name.startswith("battle.") else d
        value = np.asarray(src[name[7:] if name.startswith("battle.") else name])
        if _outside(value, lo, hi):
            raise WyrmError(f"state field {name!r} is out of range {lo}..{hi}")
    twins = []
    for twin, key in TWIN_KEYS.items():      # a twin faction's fields, checked as its twin's
        src = d.get(key)
        if not isinstance(src, dict):
            raise WyrmError(f"state field {key!r} is missing or not an object")
        for name, off, typ, shape in TWIN_FIELDS:
            if name not in src:
                raise WyrmError(f"state field {key}.{name} is missing")
            try:
                arr = np.asarray(src[name], dtype=np.int64)
            except (TypeError, ValueError, OverflowError):
                raise WyrmError(f"state field {key}.{name} is not a number or list of numbers")
            if name in FACTION_DIM_FIELDS and arr.ndim == 1 and 0 < len(arr) < NFACTION:
                arr = np.concatenate([arr, np.full(NFACTION - len(arr), FACTION_DIM_FIELDS[name], dtype=np.int64)])
            if arr.shape != tuple(shape):
                raise WyrmError(f"state field {key}.{name} has shape {arr.shape}, expected {tuple(shape)}")
            lo, hi = FIELD_RANGES.get(name, _type_range(typ))
            if _outside(arr, lo, hi):
                raise WyrmError(f"state field {key}.{name} is out of range {lo}..{hi}")
            twins.append((twin, name, off, arr))
    for twin, name, off, arr in twins:
        seat = d["faction_seat"][twin] if twin < len(d["faction_seat"]) else -1
        if off == PIECE_FIELD or not 0 <= seat < n:
            continue
        if name in BY_FACTION_FIELDS:
            arr = np.array([arr[d["seat_faction"][v]] if v < n and 0 <= d["seat_faction"][v] < NFACTION else 0
                            for v in range(MAX_SEATS)])
        data = _data(arr, BOARD_TYPE[name], name)
        at = SEATS_AT + seat * SEAT_SIZE + BOARD_IN_SEAT + BOARD_OFF[name][1]
        buf[at:at + len(data)] = data
    for name, arr in board.items():  # each on its faction's board, in its seat's block
        f, boff = BOARD_OFF[name]
        seat = d["faction_seat"][f] if f < len(d["faction_seat"]) else -1
        if not 0 <= seat < n:        # not at the table (an impossible seat: position_problem)
            continue
        if name in BY_FACTION_FIELDS:
            arr = np.array([arr[d["seat_faction"][v]] if v < n and 0 <= d["seat_faction"][v] < NFACTION else 0
                            for v in range(MAX_SEATS)])
        data = _data(arr, BOARD_TYPE[name], name)
        at = SEATS_AT + seat * SEAT_SIZE + BOARD_IN_SEAT + boff
        buf[at:at + len(data)] = data
    cdef GameState candidate
    cdef uint16_t cowed = 0
    memcpy(&candidate, <char*>buf, sizeof(GameState))
    for v in range(NHIRE):            # a hireling has no Keep (not in the plain data)
        candidate.hr_pc[v].keep = -1
    _pieces_from_dict(&candidate, d)
    for twin, name, off, arr in twins:      # a twin's pieces (its pawn), or its absence
        if off != PIECE_FIELD:
            continue
        seat = candidate.faction_seat[twin]
        if seat >= 0:
            _slot_set(&candidate.seats[seat].pc, twin, PIECE_SLOTS[name][1], arr.tolist(), &cowed)
        elif arr.tolist() != _twin_value(&candidate, b"", twin, name, off, "i1", ()):
            raise WyrmError(f"impossible position: {ABSENT_PIECES[twin]}")
    if turn_start:                    # the turn begins first: the state checked is its first step
        begin_position_turn(&candidate)
    problem = position_problem(&candidate)
    if problem is not None:
        raise WyrmError(f"impossible position: {problem}")
    s[0] = candidate


cdef void _pieces_from_dict(GameState* s, object d) except *:
    """Each seat's pieces from the faction-named fields of d (checked for shape and type); a
    faction not at the table must have its new-game pieces there."""
    cdef Pieces absent
    cdef int v, seat
    cdef uint16_t cowed = 0
    for v in range(MAX_SEATS):
        init_pieces(&s.seats[v].pc, s.seat_faction[v])
    for name, (f, slot) in PIECE_SLOTS.items():
        seat = s.faction_seat[f]
        if seat >= 0:
            _slot_set(&s.seats[seat].pc, f, slot, d[name], &cowed)
            continue
        init_pieces(&absent, f)
        if np.asarray(d[name]).tolist() != _slot_get(&absent, slot, 0):
            raise WyrmError(f"impossible position: {ABSENT_PIECES[f]}")
    if wyrm_seat(s) >= 0:
        wyrm_board(s).fear_cowed = cowed


# steps that read the pending battle, and steps before the Wyrm's pawn is on the map
cdef set BATTLE_STEPS = {S_AMBUSH, S_FOIL, S_ROLL, S_ALLOC, S_LAIR, S_EFFECTS, S_ENLIST, S_HR_SCOUTS}
cdef set SETUP_STEPS = {S_HR_SETUP, S_DEAL, S_CAT_KEEP, S_CAT_SETUP_BUILD, S_WYRM_SETUP, S_EYRIE_SETUP, S_VB_ORDER, S_VB_CHAR,
                        S_VB_SETUP, S_MM_KEEP, S_MM_SETUP_BUILD, S_DRAFT_DEAL, S_DRAFT_CHAR, S_DRAFT_PICK,
                        S_CAT_HOMELAND, S_LZ_CORNER, S_LZ_OUTCAST, S_RF_SETUP, S_DC_CORNER, S_CV_SETUP, S_LH_SETUP,
                        S_KI_SETUP, S_KI_PLACE}
# the steps of setup in SETUP_ORDER (Marquise, Mechanical Marquise, Eyrie, Alliance, Vagabond, Wyrm):
# a faction's setup pieces exist only once the steps up to its own are behind
cdef tuple SETUP_SEQUENCE = (S_HR_SETUP, S_DEAL, S_CAT_KEEP, S_CAT_SETUP_BUILD, S_MM_KEEP, S_MM_SETUP_BUILD,
                             S_EYRIE_SETUP, S_EYRIE_LEADER, S_SUPPORTER_DRAW, S_VB_ORDER, S_VB_CHAR, S_VB_SETUP,
                             S_LZ_CORNER, S_LZ_OUTCAST, S_RF_SETUP, S_RF_PRICES, S_DC_CORNER, S_CV_SETUP,
                             S_LH_SETUP, S_KI_PLACE, S_KI_SETUP, S_WYRM_SETUP)


cdef inline bint setup_through(int st, int last):
    """st is a setup step no later than `last` in SETUP_SEQUENCE."""
    return st in SETUP_SEQUENCE[:SETUP_SEQUENCE.index(last) + 1]


cdef inline bint before_setup_done(GameState* s, int st, int last, tuple own):
    """A faction's setup is not behind at step st: in setup order, st is no later than `last` in
    SETUP_SEQUENCE; in a draft under way (each faction sets up at its choice, at once), st is one
    of its own setup steps, `own`."""
    if s.draft_stage == DRAFT_DEAL or s.draft_stage == DRAFT_PICK:
        return st in own
    return setup_through(st, last)


cdef set CHANCE_STEPS = {S_DEAL, S_EVE_DRAW, S_ROLL, S_STEAL, S_CARD_DRAW, S_SUPPORTER_DRAW, S_QUEST_DRAW,
                         S_RUIN, S_VB_STEAL, S_MM_KEEP, S_MM_SETUP_BUILD, S_MM_ORDER, S_VB_ORDER, S_DRAFT_DEAL,
                         S_DRAFT_CHAR, S_FAITHFUL, S_DC_FAIL_DRAW, S_CV_EXTORT, S_LH_MOB, S_LH_RUIN,
                         S_KI_PLACE, S_KI_VALUE, S_HR_CONTROL, S_HR_RUIN, S_HR_STEAL}
cdef set VAGABOND_TURN_STEPS = {S_VB_REFRESH, S_VB_SLIP, S_VB_DAY, S_RUIN, S_VB_TAKE, S_VB_STEAL, S_VB_REPAIR,
                                S_VB_DROP, S_RUIN_PICK}
cdef set ALLIANCE_TURN_STEPS = {S_ALLIANCE_BIRD, S_ALLIANCE_PAY, S_ALLIANCE_DAY, S_ALLIANCE_EVE}


cdef int _total(uint8_t* a, int n):
    cdef int i, t = 0
    for i in range(n):
        t += a[i]
    return t


cdef object position_problem(GameState* s):
    """What makes a position impossible (None if nothing does): pieces, items or cards not
    conserved, or a step whose preconditions do not hold. Fields are already in range."""
    cdef int t, c, v, h, k, n, total, ws, es
    st = s.step
    cdef int buf[MAX_LEGAL]
    # the map: its paths, some maybe still closed (never one it does not print); its suits
    for c in range(NCL):
        if s.adj[c] & ~MAP_ALL_ADJ[s.map_id][c]:
            return f"a path from clearing {c + 1} that the {MAP_NAMES[s.map_id]} map does not have"
        for v in range(NCL):
            if ((s.adj[c] >> v) & 1) != ((s.adj[v] >> c) & 1):
                return f"the path between clearings {c + 1} and {v + 1} is open one way only"
        if not (s.adj[c] & MAP_ADJ[s.map_id][c]) == MAP_ADJ[s.map_id][c]:
            return f"a path from clearing {c + 1} closed that the {MAP_NAMES[s.map_id]} map never closes"
    if sorted(s.suit[c] for c in range(NCL)) != sorted([FOX, RABBIT, MOUSE] * (NCL // 3)):
        return "the clearings' suits are not four of each (LoR 16.1.1)"
    if (s.ferry >= 0) != (MAP_FERRY[s.map_id] >= 0) or (s.ferry >= 0 and not (MAP_COASTAL[s.map_id] >> s.ferry) & 1):
        return "the Ferry is on a coastal clearing of the Lake, and nowhere on another map (LoR 16.2.2)"
    if wyrm_pc(s).pawn >= NCL + n_forests(s):
        return f"a pawn in a forest the {MAP_NAMES[s.map_id]} map does not have"
    # the game option growth_caps (W-EVE-1): the caps never fall left to right
    for k in range(1, NGROWTH_SPACES):
        if s.growth_caps[k] < s.growth_caps[k - 1]:
            return f"the growth caps fall left to right (cap {k + 1} is below cap {k})"
    # the seats: 2..4 distinct factions, and the two maps between seats and factions agree
    problem = draft_problem(s)
    if problem is not None:
        return problem
    for v in range(MAX_SEATS):
        if v >= s.nseats and s.seat_faction[v] >= 0:
            return f"seat {v} is past the seats at the table"
        if v < s.nseats and s.seat_faction[v] < 0 and not (s.draft_stage == DRAFT_DEAL or s.draft_stage == DRAFT_PICK):
            return f"seat {v} has no faction (only a player of a draft under way has none yet)"
    for k in range(NFACTION):
        v = s.faction_seat[k]
        if v >= s.nseats or (v >= 0 and s.seat_faction[v] != k):
            return f"faction_seat and seat_faction disagree about faction {k}"
    for v in range(s.nseats):
        if s.seat_faction[v] < 0:
            continue
        if s.faction_seat[s.seat_faction[v]] != v:
            return f"faction_seat and seat_faction disagree about seat {v}"
        if s.seat_faction[v] not in PLAYABLE_FACTIONS:
            return f"faction {FACTION_NAMES[s.seat_faction[v]]} cannot be seated yet"
    if s.turn >= s.nseats or s.first >= s.nseats or s.winner >= s.nseats:
        return "turn, first or winner names a seat past the seats at the table"
    for v in range(s.nseats):
        n = 0
        for k in range(4):
            n += cc_get(&s.seats[v].play_area, DOMINANCE_OF_SUIT[k])
        if n > 1:
            return f"seat {v} has activated more than one dominance card"
    # pieces (LoR 5.1 supplies; W-SUP-1)
    if cat_seat(s) >= 0 and _total(cat_pc(s).warriors, NCL) + cat_pc(s).warrior_supply + _coffined(s, cat_seat(s)) != CAT_WARRIORS:
        return f"Marquise warriors on the map, in supply and on Coffin Makers are not {CAT_WARRIORS}"
    if cat_seat(s) >= 0 and _total(cat_pc(s).tokens[0], NCL) + cat_pc(s).token_supply[0] != CAT_WOOD:
        return f"wood on the map and in supply is not {CAT_WOOD}"
    for k in range(3):
        if _total(cat_pc(s).buildings[k], NCL) > MARQUISE_TABLE["buildings_per_type"]:
            return f"more than {MARQUISE_TABLE['buildings_per_type']} {BUILDING_NAMES[k]}s on the map"
    for c in range(NCL):
        if free_slots(s, c) < 0:
            return f"clearing {c + 1} holds more buildings than it has free slots"
    es = eyrie_seat(s)
    if es >= 0 and _total(eyrie_pc(s).warriors, NCL) + eyrie_pc(s).warrior_supply + _coffined(s, es) != EYRIE_WARRIORS:
        return f"Eyrie warriors on the map, in supply and on Coffin Makers are not {EYRIE_WARRIORS}"
    if es >= 0 and _total(eyrie_pc(s).buildings[0], NCL) + eyrie_pc(s).building_supply[0] != EYRIE_ROOSTS:
        return f"roosts on the map and in supply are not {EYRIE_ROOSTS}"
    if es < 0 and (eyrie_board(s).leader >= 0 or eyrie_board(s).leaders_down or decree_size(s)):
        return "Eyrie pieces, leader or Decree in a game without the Eyrie"
    if es >= 0:
        if eyrie_board(s).leaders_down == (1 << NLEADER) - 1:
            return "every Eyrie leader is face down (A New Clutch turns them face up)"
        if eyrie_board(s).leader >= 0 and (eyrie_board(s).leaders_down >> eyrie_board(s).leader) & 1:
            return "the current Eyrie leader is face down"
        if (eyrie_board(s).leader < 0) != before_setup_done(s, st, S_EYRIE_LEADER, (S_EYRIE_SETUP, S_EYRIE_LEADER)):
            return "the Eyrie have no leader only while they choose one (or before their setup)"
        for k in range(NDECREE):
            for c in range(4):
                if eyrie_board(s).decree_done[k][c] > decree_suit(s, k, c):
                    return f"more {DECREE_NAMES[k]} cards of a suit resolved than the Decree holds"
        if eyrie_board(s).decree_bird_added and not eyrie_board(s).decree_added:
            return "a bird added to the Decree among no cards added"
        if st == S_EYRIE_ROOST and roosts_on_map(s) > 0:
            return "A New Roost with a roost on the map"
        if (st == S_EYRIE_DAY or st == S_EYRIE_ADD or st == S_EYRIE_ROOST) and s.turn != es:
            return f"the Eyrie's {STEP_NAMES[st]} on another seat's turn"
        for c in range(NCL):
            if eyrie_pc(s).buildings[0][c] and cat_pc(s).keep == c:
                return f"a roost in the Keep's clearing {c + 1}"
    problem = alliance_problem(s)
    if problem is not None:
        return problem
    if wyrm_seat(s) >= 0 and _total(wyrm_pc(s).warriors, NCL) + wyrm_pc(s).warrior_supply + _coffined(s, wyrm_seat(s)) != WYRM_WYRMLINGS:
        return f"wyrmlings on the map, in supply and on Coffin Makers are not {WYRM_WYRMLINGS}"
    if wyrm_seat(s) >= 0 and _total(wyrm_pc(s).tokens[0], NCL) + wyrm_pc(s).token_supply[0] != WYRM_FEAR:
        return f"fear tokens on the map and in supply are not {WYRM_FEAR}"
    ws = wyrm_seat(s)
    n = wyrm_board(s).treasure_supply
    for v in range(s.nseats):
        n += s.seats[v].items[TREASURE]
        if v != ws and s.seats[v].items[TREASURE]:
            return f"seat {v} holds treasure, which only the Wyrm's Lair holds"
    if n != WYRM_TREASURE:
        return f"treasure in the Lair and in supply is not {WYRM_TREASURE}"
    problem = vagabond_problem(s)
    if problem is not None:
        return problem
    problem = mechanical_problem(s)
    if problem is not None:
        return problem
    problem = lizards_problem(s)
    if problem is not None:
        return problem
    problem = riverfolk_problem(s)
    if problem is not None:
        return problem
    problem = duchy_problem(s)
    if problem is not None:
        return problem
    problem = corvids_problem(s)
    if problem is not None:
        return problem
    problem = hundreds_problem(s)
    if problem is not None:
        return problem
    problem = keepers_problem(s)
    if problem is not None:
        return problem
    problem = hirelings_problem(s)
    if problem is not None:
        return problem
    # cards
    for t in range(NCT):
        total = (cc_get(&s.deck, t) + cc_get(&s.discard, t) + cc_get(&s.out_of_game, t)
                 + cc_get(&s.available, t) + cc_get(&alliance_board(s).supporters, t) + (bot_board(s).mm_order == t)
                 + cc_get(&s.lost_souls, t) + cc_get(&lizard_board(s).revealed, t)
                 + cc_get(&duchy_board(s).revealed, t))
        for k in range(NRETINUE):
            total += keepers_board(s).retinue[k] == t
        for k in range(NDECREE):
            total += decree_get(s, k, t)
        for v in range(s.nseats):
            total += cc_get(&s.seats[v].hand, t) + cc_get(&s.seats[v].play_area, t)
        if total != deck_count(s, t):
            return (f"{total} copies of card {CARDS[t][0]!r} instead of {deck_count(s, t)} "
                    f"(the {DECK_NAMES[s.deck_id]} deck)")
        if cc_has(&s.available, t) and CARD_KIND[t] != K_DOMINANCE:
            return f"card {CARDS[t][0]!r} is available beside the map, where only dominance cards lie"
        for v in range(s.nseats):
            for h in range(s.nseats):
                if known_get(s, v, h, t) > (cc_get(&s.seats[h].hand, t) if v != h else 0):
                    return f"seat {v} knows of a {CARDS[t][0]!r} seat {h}'s hand does not hold"
            if cc_get(&s.seats[v].known_sup, t) > cc_get(&alliance_board(s).supporters, t):
                return f"seat {v} knows of a {CARDS[t][0]!r} the Supporters stack does not hold"
    if s.deck_size != cc_total(&s.deck):
        return "deck_size is not the number of cards in the deck"
    for v in range(s.nseats):
        if s.seats[v].hand_size != cc_total(&s.seats[v].hand):
            return f"hand_size of seat {v} is not the number of cards in its hand"
    # the step and its pending fields
    st = s.step
    if (st == S_TERMINAL) != (s.winner >= 0):
        return "a winner is set exactly when the game is over"
    if st == S_CAT_SETUP_BUILD and cat_pc(s).keep < 0:
        return "the Marquise places her buildings before her Keep"
    in_setup = (st in SETUP_STEPS or (st == S_SUPPORTER_DRAW and s.react_resume == RESUME_SETUP)
                or (st == S_RF_PRICES and s.turn_number == 0)
                or (st == S_QUEST_DRAW and s.turn_number == 0))
    if ws >= 0 and not in_setup and wyrm_pc(s).pawn < 0 and not (st == S_EYRIE_LEADER and s.turn_number == 0):
        return f"the Wyrm's pawn is off the map at step {STEP_NAMES[st]}"
    if (st == S_DEAL or st == S_EVE_DRAW or st == S_CARD_DRAW) and s.deck_size == 0:
        return f"a card draw ({STEP_NAMES[st]}) with an empty deck"
    if (st == S_DEAL or st == S_EVE_DRAW or st == S_CARD_DRAW) and not any(s.seats[v].to_draw for v in range(s.nseats)):
        return f"a card draw ({STEP_NAMES[st]}) with no card to draw"
    if st == S_TARGET and not (s.nseats > 2 and s.target_card in (C_STAND_AND_DELIVER, C_BETTER_BURROW_BANK,
                                                                  C_CODEBREAKERS, C_CHARM_OFFENSIVE, C_SWAP_MEET)):
        return "choosing a player for no card that names one"
    if s.nseats > 2 and st == S_STEAL and not (0 <= s.target < s.nseats and s.target != s.turn):
        return f"{STEP_NAMES[st]} names no other player"
    if st == S_STEAL and not has_card_to_take(s, card_target(s)):
        return "Stand and Deliver! takes a card from an empty hand"
    if (st == S_SWAP_GIVE) != (s.ep_card == C_SWAP_MEET and st != S_STEAL and st != S_TARGET):
        return "Swap Meet's card to give back without Swap Meet under way"
    if st == S_SWAP_GIVE and s.seats[s.turn].hand_size == 0:
        return "Swap Meet gives back a card from an empty hand"
    if st == S_EMIGRE_BATTLE and s.ep_clearing < 0 and s.battle.return_step != S_EMIGRE_BATTLE:
        return "Eyrie Emigre's battle with no clearing to fight in"
    if (st == S_EMIGRE_MOVE or st == S_EMIGRE_BATTLE) and not in_play(s, s.turn, C_EYRIE_EMIGRE):
        return "Eyrie Emigre's move or battle without the card in play"
    if st == S_LEAGUE and not in_play(s, s.turn, C_LEAGUE):
        return "League of Adventurous Mice's move or battle without the card in play"
    if st == S_KEEP_THREE and (s.setup_mode != SETUP_ADVANCED or s.turn_number != 0
                               or s.seats[s.turn].hand_size <= 3):
        return "keeping three cards outside the Advanced Setup's last step, or with three or fewer"
    if (st in BATTLE_STEPS or (st == S_FOREST and s.favor_seat < 0)
            or ((st == S_HOSPITAL or st == S_HR_PHYSICIANS) and s.fh_resume == FH_BATTLE)):
        if not 0 <= s.battle.clearing < NCL:
            return f"a battle step ({STEP_NAMES[st]}) with no battle clearing"
        if s.battle.instigator >= 0:      # Instigate: the Vagrant on his turn names both sides
            if (s.battle.instigator != s.turn or not plays(s, CH_VAGRANT) or s.battle.attacker == s.turn
                    or s.battle.defender == s.turn or s.battle.attacker >= s.nseats
                    or s.battle.defender >= s.nseats or not is_enemy(s, s.battle.attacker, s.battle.defender)):
                return "an instigated battle not the Vagrant's on his turn between two others, enemies"
        elif (not (s.battle.attacker == s.turn or (s.battle.attacker >= HSIDE and s.hr_kind[s.battle.attacker - HSIDE] >= 0
                                                   and s.hr_owner[s.battle.attacker - HSIDE] == s.turn))
                or HSIDE > s.battle.defender >= s.nseats
                or (s.battle.defender >= HSIDE and s.hr_kind[s.battle.defender - HSIDE] < 0)
                or not is_enemy(s, s.battle.attacker, s.battle.defender)):
            return ("a battle not fought by the seat whose turn it is, or its hireling, against an enemy (a seat "
                    "or a hireling)")
        if s.battle.return_step != daylight_step(s, s.turn) and not (
                s.battle.return_step == S_ALLIANCE_EVE and s.turn == alliance_seat(s)) and not (
                s.battle.return_step == S_LZ_BIRD and s.turn == lizard_seat(s)) and not (
                (s.battle.return_step == S_DC_MINISTER or s.battle.return_step == S_DC_PARLIAMENT
                 or s.battle.return_step == S_DC_SWAY) and s.turn == duchy_seat(s)) and not (
                s.battle.return_step == S_CV_EVE and s.turn == corvid_seat(s)) and not (
                s.battle.return_step == S_KI_DELVE and s.turn == keepers_seat(s)) and not (
                s.battle.return_step == S_EMIGRE_BATTLE and in_play(s, s.turn, C_EYRIE_EMIGRE)) and not (
                s.battle.return_step == S_HR_BATTLE and s.battle.attacker >= HSIDE):
            return ("a battle that does not return to its attacker's Daylight (or the Alliance's Evening, "
                    "or Eyrie Emigre's end of Birdsong, or the Cult's conspiracies, or a Duchy minister's, "
                    "or the Corvids' Exert, or the Keepers' Battle then Delve, or Last Dynasty's battle step for "
                    "its second)")
    if st == S_ALLOC and s.battle.alloc_left <= 0:
        return "a hit allocation with no hit left"
    if st == S_ENLIST and not may_enlist(s):
        return "enlisting the Arbiter with no Arbiter in the clearing of battle, or him a side"
    if s.battle.arbiter and (st in BATTLE_STEPS or st == S_HOSPITAL) and not plays(s, CH_ARBITER):
        return "the Arbiter enlisted at a table without him"
    if s.battle.swift and not plays(s, CH_RONIN):
        return "Swift Strikes at a table without the Ronin"
    if s.scorched and not plays(s, CH_SCOUNDREL):
        return "a scorched clearing at a table without the Scoundrel"
    if popcount64(s.scorched) > 1:
        return "more than one scorched clearing: the Scoundrel has one torch to place"
    if st == S_HOSPITAL and not (0 <= s.fh_clearing < NCL and s.fh_count > 0 and hospital_seat(s) >= 0
                                 and (cat_pc(s).keep >= 0 if hospital_seat(s) == cat_seat(s)
                                      else physicians_room(s, hospital_seat(s)) > 0)):
        return "Field Hospitals (or Feline Physicians) with no clearing, no warriors, or no Keep (no clearing to go to)"
    if st == S_FOREST and not 0 <= wyrm_board(s).flee_from < NCL:
        return "the Wyrm flees from no clearing"
    if (st == S_WYRM_RETURN or st == S_WYRM_EMERGE) and wyrm_pc(s).pawn < NCL:
        return f"{STEP_NAMES[st]} but the Wyrm's pawn is not in a forest"
    if st == S_CAT_PAY:
        if not (0 <= s.build_type < 3 and 0 <= s.build_clearing < NCL):
            return "paying wood for no build"
        if s.wood_owed == 0 or wood_in(s, s.pay_mask) < s.wood_owed:
            return "paying wood the clearings it may come from do not hold"
        if (buildings_placed(s, s.build_type) >= MARQUISE_TABLE["buildings_per_type"]
                or free_slots(s, s.build_clearing) <= 0):
            return "paying wood for a build with no building or slot left"
    v = current_player(s)
    if v != PLAYER_CHANCE and v != PLAYER_TERMINAL and not 0 <= v < s.nseats:
        return f"step {STEP_NAMES[st]} belongs to a faction that is not at the table"
    if v == PLAYER_CHANCE and st not in CHANCE_STEPS and not mm_chance_step(s):
        # (the step's faction seat is -1: absent; the bot's hits on its buildings are chance)
        return f"step {STEP_NAMES[st]} belongs to a faction that is not at the table"
    # every step but the end offers something to do (a chance event has outcomes)
    if st != S_TERMINAL and gen_legal_unsorted(s, buf) == 0:
        return f"no legal action at step {STEP_NAMES[st]}"
    return None


cdef object draft_problem(GameState* s):
    """What makes the faction draft's fields impossible (LoR 16.1.8; draft.pxi), or None."""
    cdef int v, f
    cdef uint16_t cards = 0
    if s.draft_stage > DRAFT_DONE:
        return "no such draft stage"
    for f in range(NFACTION):
        if DRAFTABLE[f]:
            cards |= 1 << f
    if (s.draft_cards == 0) != (s.draft_stage == DRAFT_NONE) or s.draft_cards & ~cards:
        return "a draft with no faction cards, or cards with no draft"
    if (s.draft_deck | s.draft_pool) & ~s.draft_cards:
        return "a draft card not among the draft's faction cards"
    if s.draft_stage == DRAFT_NONE:
        if s.draft_deck or s.draft_pool or s.draft_deals or s.draft_waiting or s.draft_locked >= 0 \
                or s.draft_char[0] >= 0 or s.draft_char[1] >= 0 or any(s.homeland[v] for v in range(MAX_SEATS)):
            return "draft cards, characters or homelands in a game without a draft"
        return None
    if s.setup_mode != SETUP_ADVANCED:
        return "a faction draft outside the Advanced Setup (LoR 16.1.8)"
    if (s.draft_deck | s.draft_pool) & ~cards or s.draft_deck & s.draft_pool:
        return "a draft card that is no faction's setup card, or dealt and not dealt"
    if s.draft_stage != DRAFT_DEAL and s.draft_deals:
        return "draft cards still to deal once the players choose"
    if s.draft_stage == DRAFT_DEAL and s.draft_deals == 0 and s.step != S_DRAFT_CHAR:
        return "a draft being dealt with no card to deal"
    if (s.step == S_DRAFT_DEAL or s.step == S_DRAFT_CHAR) and s.draft_stage != DRAFT_DEAL:
        return "dealing the draft outside its deal"
    if s.step == S_DRAFT_CHAR and not (0 <= s.draft_last < NFACTION and DRAFT_CHARACTER[s.draft_last]):
        return "a character dealt beside a card that takes none"
    if s.step == S_DRAFT_PICK and (s.draft_stage != DRAFT_PICK or s.seat_faction[s.turn] >= 0):
        return "choosing a faction card with no draft under way, or a player who holds one already"
    if s.draft_locked >= 0 and (DRAFT_MILITANT[s.draft_locked] or not (s.draft_pool >> s.draft_locked) & 1):
        return "a locked card that is no insurgent in the pool (LoR 16.1.8.1.2)"
    for f in range(NFACTION):
        if (s.draft_waiting >> f) & 1 and not (SETS_UP_LAST[f] and s.faction_seat[f] >= 0):
            return "a setup waiting for a faction not chosen, or one that sets up in its turn"
    if s.draft_stage == DRAFT_DONE and s.draft_waiting:
        return "a setup still waiting after the draft"
    if s.draft_stage != DRAFT_NONE and s.turn_number != 0 and s.draft_stage != DRAFT_DONE:
        return "a draft under way after the first turn"
    for v in range(s.nseats, MAX_SEATS):
        if s.homeland[v]:
            return "a homeland of a seat past the table"
    return None


cdef int _coffined(GameState* s, int seat):
    """seat's warriors off the map and out of its supply: on Coffin Makers (until they return), in
    the Riverfolk's Payments, Funds and Committed boxes (W-MP-18; until spent or removed)."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    if seat < 0:
        return 0
    return s.coffin[seat] + b.payments[seat] + b.funds[seat] + b.committed[seat]


cdef object alliance_problem(GameState* s):
    """What makes the Alliance's part of a position impossible (None if nothing does)."""
    cdef int c, k, v, a = alliance_seat(s)
    st = s.step
    if a >= 0 and _total(alliance_pc(s).warriors, NCL) + alliance_pc(s).warrior_supply + alliance_board(s).officers + _coffined(s, a) != ALLIANCE_WARRIORS:
        return f"Alliance warriors on the map, in supply and officers are not {ALLIANCE_WARRIORS}"
    if a < 0 and alliance_board(s).officers:
        return "Alliance officers in a game without the Alliance"
    if a >= 0 and _total(alliance_pc(s).tokens[0], NCL) + alliance_pc(s).token_supply[0] != ALLIANCE_SYMPATHY:
        return f"sympathy tokens on the map and on the track are not {ALLIANCE_SYMPATHY}"
    if alliance_board(s).supporters_size != cc_total(&alliance_board(s).supporters):
        return "supporters_size is not the number of cards in the Supporters stack"
    for k in range(3):
        if base_at(s, k) >= 0 and s.suit[base_at(s, k)] != k:
            return f"the base of suit {k} stands in clearing {base_at(s, k) + 1} of another suit"
    for c in range(NCL):
        if cat_pc(s).keep == c and (alliance_pc(s).tokens[0][c] or base_in(s, c)):
            return f"an Alliance token or base in the Keep's clearing {c + 1}"
    if a < 0:
        if alliance_board(s).supporters_size:
            return "Alliance pieces or supporters in a game without the Alliance"
    elif bases_on_map(s) == 0 and alliance_board(s).supporters_size > STACK_CAP and not (st == S_TRIM or alliance_board(s).trim_owed):
        return f"more than {STACK_CAP} supporters with no base on the map"
    for v in range(s.nseats):
        for k in range(3):
            if s.seats[v].outrage[k] and v == a:
                return f"seat {v} owes Outrage it never could"
    if reaction_step(st):
        if reaction_step(s.react_resume) or not (s.react_resume < N_STEPS or s.react_resume == RESUME_SETUP):
            return "a reaction that returns to no step"
        if st == S_OUTRAGE and not (0 <= s.react_seat < s.nseats and outrage_suit(s, s.react_seat) >= 0):
            return "an Outrage payment with no payer"
        if st == S_SUPPORTER_DRAW and (alliance_board(s).sup_to_draw == 0 or s.deck_size == 0):
            return "a draw onto the Supporters stack with nothing to draw or an empty deck"
    if st in ALLIANCE_TURN_STEPS and s.turn != a:
        return f"the Alliance's {STEP_NAMES[st]} on another seat's turn"
    if st == S_ALLIANCE_PAY and not (0 <= alliance_board(s).sup_clearing < NCL and alliance_board(s).sup_owed > 0
                                     and supporters_of(s, s.suit[alliance_board(s).sup_clearing]) >= alliance_board(s).sup_owed):
        return "paying supporters the stack does not hold, or for no clearing"
    return None


cdef object vagabond_problem(GameState* s):
    """What makes the items or the Vagabonds' part of a position impossible (None if nothing
    does): the items of the box conserved (root-factions.md §1.9: supply, ruins, Crafted Items
    boxes, each Vagabond's, removed; both "R" sets with two Vagabonds, LoR 9.7.1), quests, ruins,
    the pawns, the coalitions."""
    cdef int k, n, v, b, w, c, sets = 2 if two_vagabonds(s) else 1
    st = s.step
    vbs = [x for x in (vb_seat(s), vb_seat2(s)) if x >= 0]
    if vb_seat2(s) >= 0 and vb_seat(s) < 0:
        return "a second Vagabond with no first"
    b = vb_seat(s)
    if b >= 0 and s.character_option >= 0 and vb_board(s, b).vb_char >= 0 and vb_board(s, b).vb_char != s.character_option:
        return "a Vagabond playing another character than the game's options name"
    if len(vbs) == 2 and vb_board(s, vbs[0]).vb_char >= 0 and vb_board(s, vbs[0]).vb_char == vb_board(s, vbs[1]).vb_char:
        return "two Vagabonds playing one character (one card each)"
    for k in range(NVITEM):       # with two, each Vagabond's own "S" items (choose_character)
        n = s.ruin_items[k]
        expected = RUIN_ITEMS[k] * sets + (ITEM_SUPPLY_C[k] if k < NITEM else 0)
        for c in range(NCL):
            n += (s.ruin_seen[c][0] == k) + (s.ruin_seen[c][1] == k)
        for w in vbs:
            n += vb_board(s, w).vb_out[k]
            for v in range(NVSTATE):
                n += vb_board(s, w).vb_items[v][k]
            if vb_board(s, w).vb_char >= 0:
                expected += (CHAR_ITEMS[vb_board(s, w).vb_char][k] if sets == 2
                             else s_items_of(vb_board(s, w).vb_char, k))
        if k < NITEM:
            n += s.item_supply[k] + s.items_lost[k]
            for v in range(s.nseats):
                n += s.seats[v].items[k]
            if hundreds_seat(s) >= 0:         # the Hoard (LoR 14.2.4); an item card's item while its
                n += hundreds_board(s).hoard[k]   # Contempt for Trade is chosen (LoR 14.2.3)
                n += hundreds_board(s).contempt_card >= 0 and CARD_ITEM[hundreds_board(s).contempt_card] == k
        if n != expected:
            return f"{VITEM_NAMES[k]} items are not {expected} in all"
    n = 0
    for k in range(NVITEM):
        n += s.ruin_items[k]
    for c in range(NCL):
        n += (s.ruin_seen[c][0] >= 0) + (s.ruin_seen[c][1] >= 0)
        if (s.ruin_seen[c][0] < 0 and s.ruin_seen[c][1] >= 0) or ((s.ruin_seen[c][0] >= 0) != (s.ruin_seers[c] != 0)):
            return "a ruin's seen items and who saw them disagree"
        if s.ruin_seers[c] >> s.nseats or any((s.ruin_seers[c] >> v) & 1 and not is_vagabond(s, v) and v != hundreds_seat(s)
                                              for v in range(s.nseats)):
            return "a ruin's items seen by someone other than a Vagabond or the Hundreds razing it"
    if s.explored & ~ruin_mask(s) or s.ruin_half & ~ruin_mask(s) or s.ruin_half & s.explored:
        return "an explored ruin where the map has none"
    if s.ruin_half and sets == 1:
        return "a ruin with one of two items taken in a game without two Vagabonds"
    if n != sets * popcount64(ruin_mask(s)) - sets * popcount64(s.explored) - popcount64(s.ruin_half):
        return "explored ruins and the items still under ruins do not add up"
    done = 0
    for w in vbs:
        if s.quest_deck & vb_board(s, w).quest_done or s.quest_up & vb_board(s, w).quest_done or done & vb_board(s, w).quest_done:
            return "a quest in two places at once"
        done |= vb_board(s, w).quest_done
    if s.quest_deck & s.quest_up:
        return "a quest in two places at once"
    if popcount64(s.quest_up) > 3:
        return "more than three quests face up"
    if b < 0 and vagabond_step(st):
        return f"the Vagabond's step {STEP_NAMES[st]} with no Vagabond at the table"
    if b < 0:
        if s.quest_deck or s.quest_up or (s.explored and hundreds_seat(s) < 0 and hireling_of(s, HR_BRIGAND) < 0):
            # (a Raze explores, LoR 14.4.1; so does the Brigand's controller, HIRE)
            return "Vagabond pieces, items, quests or relationships in a game without the Vagabond"
        return None
    if (s.quest_deck | s.quest_up | done) not in (0, (1 << NQUEST) - 1):
        return "quests missing from the deck, the face-up row and the completed ones"
    for b in vbs:
        if vb_board(s, b).vb_rel[b] != 0:
            return "the Vagabond has a relationship with himself"
        if any(vb_board(s, b).vb_rel[w] for w in vbs):
            return "a relationship between two Vagabonds (markers are for the other factions, LoR 9.7)"
        if vb_board(s, b).vb_char < 0 and not (st == S_VB_CHAR or st == S_VB_ORDER or (
                s.turn_number == 0 and (before_setup_done(s, st, S_SUPPORTER_DRAW, ()) or st in (S_VB_SETUP, S_QUEST_DRAW)))):
            return "the Vagabond has no character only before he picks one"
        if vb_board(s, b).vb_char >= 0 and s.turn_number == 0 and before_setup_done(s, st, S_SUPPORTER_DRAW, ()):
            return "the Vagabond has no character only before he picks one"
        if vb_pc(s, b).pawn < 0 and not (s.turn_number == 0 and (before_setup_done(s, st, S_VB_SETUP, (S_VB_CHAR, S_VB_SETUP))
                                                                 or st in (S_VB_ORDER, S_QUEST_DRAW))):
            return "the Vagabond's pawn is off the map after his setup"
        if vb_pc(s, b).pawn >= NCL + n_forests(s):
            return f"a pawn in a forest the {MAP_NAMES[s.map_id]} map does not have"
        if vb_board(s, b).coalition >= 0 and (s.nseats < 4 or vb_board(s, b).coalition == b or vb_board(s, b).coalition >= s.nseats):
            return "a coalition with no possible partner (4+ seats, another player)"
        if (vb_board(s, b).vb_ritems >> NVITEM) or (sets == 1 and vb_board(s, b).vb_ritems):
            return "\"R\" items marked taken from ruins in a game without two Vagabonds"
    b = acting_vagabond(s)
    if st in VAGABOND_TURN_STEPS and not (s.turn == b and is_vagabond(s, b)):
        return f"the Vagabond's {STEP_NAMES[st]} on another seat's turn"
    if (st in VAGABOND_TURN_STEPS or st in (S_VB_CHAR, S_VB_SETUP, S_VB_DAMAGE, S_RUIN_PICK)) and not is_vagabond(s, b):
        return f"a Vagabond's {STEP_NAMES[st]} for a seat that is no Vagabond"
    if st == S_RUIN and not (ruin_here(s, b) and (not two_vagabonds(s) or ruin_seen_n(s, vb_pc(s, b).pawn) < ruin_left(s, vb_pc(s, b).pawn))):
        return "exploring with no ruin in the Vagabond's clearing"
    if st == S_RUIN_PICK and not (two_vagabonds(s) and ruin_here(s, b) and ruin_seen_n(s, vb_pc(s, b).pawn) == ruin_left(s, vb_pc(s, b).pawn)
                                  and (s.ruin_seers[vb_pc(s, b).pawn] >> b) & 1):
        return "taking a ruin's item without having looked at them all"
    if st == S_VB_ORDER and not (two_vagabonds(s) and s.turn_number == 0):
        return "choosing which Vagabond sets up first without two Vagabonds at setup"
    if st in BATTLE_STEPS and s.battle.ally >= 0 and not (
            is_vagabond(s, s.battle.attacker) and s.battle.ally != s.battle.attacker and s.battle.ally != s.battle.defender
            and s.battle.ally < s.nseats):
        return "Allied warriors fight for someone other than the attacking Vagabond, or against themselves"
    if st == S_VB_TAKE and not (0 <= vb_board(s, b).vb_aided < s.nseats and vb_board(s, b).vb_aided != b):
        return "taking an item after aiding nobody"
    if st == S_VB_STEAL and not (0 <= s.target < s.nseats and s.target != b and has_card_to_take(s, s.target)):
        return "the Thief steals from no player holding cards (or, from a bot, with an empty deck)"
    if st == S_QUEST_DRAW and s.quest_deck == 0:
        return "a quest drawn from an empty quest deck"
    return None


cdef object mechanical_problem(GameState* s):
    """The Mechanical Marquise's pieces conserved, and its turn's fields where they can be."""
    cdef int k, c, ms = mm_seat(s)
    if ms >= 0 and _total(mm_pc(s).warriors, NCL) + mm_pc(s).warrior_supply + _coffined(s, ms) != MM_WARRIORS:
        return f"Mechanical Marquise warriors on the map, in supply and on Coffin Makers are not {MM_WARRIORS}"
    for k in range(3):
        if _total(mm_pc(s).buildings[k], NCL) > MM_PER_TYPE:
            return f"more than {MM_PER_TYPE} Mechanical Marquise {BUILDING_NAMES[k]}s on the map"
    if ms < 0:
        if bot_board(s).mm_order >= 0:
            return "Mechanical Marquise pieces or order card in a game without it"
        return None
    if s.seats[ms].hand_size or cc_total(&s.seats[ms].play_area) or s.seats[ms].to_draw:
        return "the Mechanical Marquise holds cards (a bot has no hand: MM2 digest §2.2)"
    for c in range(NCL):
        if cat_pc(s).keep == c and buildings_in(mm_pc(s), c):
            return f"a Mechanical Marquise building in the Keep's clearing {c + 1}"
    st = s.step
    if st == S_MM_DAY and s.turn != ms:
        return "the Mechanical Marquise's turn on another seat's turn"
    if st == S_MM_ORDER and s.deck_size == 0:
        return "an order card drawn from an empty deck"
    return None


cdef object lizards_problem(GameState* s):
    """The Lizard Cult's pieces and board (LoR 10.3.1): 25 warriors on the map, in the supply, in the
    Acolytes box or on Coffin Makers; 5 gardens of each suit, each on the map in a clearing of its
    suit or on its track; a Lost Souls pile only while the Cult sits (LoR 10.2.6); an Outcast once
    its setup chose one."""
    cdef int me = lizard_seat(s), k, c, n
    if me < 0:
        if cc_total(&s.lost_souls):
            return "cards in the Lost Souls pile in a game without the Lizard Cult"
        if s.step == S_FAITHFUL or (s.step == S_HOSPITAL and s.fh_resume == FH_CONSPIRACY):
            return f"step {STEP_NAMES[s.step]} of the Lizard Cult in a game without it"
        return None
    if s.step == S_FAITHFUL and (lizard_board(s).faithful_owed == 0 or s.seats[me].hand_size == 0):
        return "Fear of the Faithful's random discard with none owed, or an empty hand"
    if s.step == S_LZ_CRUSADE and (lizard_board(s).crusade_at < 0 or s.turn != me):
        return "a Crusade's battle with no clearing moved into, or not on the Cult's turn"
    if (s.step == S_HOSPITAL and s.fh_resume == FH_CONSPIRACY) and s.turn != me:
        return "Field Hospitals after a Convert not on the Cult's turn"
    n = _total(lizard_pc(s).warriors, NCL) + lizard_pc(s).warrior_supply + lizard_board(s).acolytes + _coffined(s, me)
    if n != LZ_WARRIORS:
        return f"{n} Lizard Cult warriors (map, supply, acolytes) instead of {LZ_WARRIORS}"
    for k in range(3):
        if _total(lizard_pc(s).buildings[k], NCL) + lizard_pc(s).building_supply[k] != LZ_GARDENS:
            return f"the Cult's {('fox', 'rabbit', 'mouse')[k]} gardens are not {LZ_GARDENS} on the map and track"
        for c in range(NCL):
            if lizard_pc(s).buildings[k][c] and s.suit[c] != k:
                return f"a {('fox', 'rabbit', 'mouse')[k]} garden stands in clearing {c + 1} of another suit"
    return None


cdef object riverfolk_problem(GameState* s):
    """The Riverfolk's pieces and board (LoR 11.3.1): 15 warriors on the map, in the supply, in
    their boxes or on Coffin Makers; 3 trade posts of each suit on the track, on the map (one a
    clearing, of its suit) or out of the game; boxes holding warriors only of seats at the table;
    prices 1..4 once set; services and mercenaries only on a buyer's turn."""
    cdef int me = riverfolk_seat(s), k, c, n, v
    cdef RiverfolkBoard* b = riverfolk_board(s)
    st = s.step
    if me < 0:
        if st in (S_RF_SETUP, S_RF_PRICES, S_RF_DAY, S_RF_FUND, S_RF_DISRUPT, S_SERVICES, S_SERVICE_ITEMS):
            return f"step {STEP_NAMES[st]} of the Riverfolk in a game without them"
        return None
    n = _total(riverfolk_pc(s).warriors, NCL) + riverfolk_pc(s).warrior_supply + s.coffin[me]
    for v in range(s.nseats):
        if s.seat_faction[v] < 0 or ITEM_PLAYER[s.seat_faction[v]]:
            if b.payments[v] or b.funds[v] or b.committed[v]:
                return f"seat {v} has warriors in the Riverfolk's boxes but no warriors"
    n += b.payments[me] + b.funds[me] + b.committed[me]
    if n != RF_WARRIORS:
        return f"{n} Riverfolk warriors (map, supply, boxes) instead of {RF_WARRIORS}"
    for c in range(NCL):
        if riverfolk_pc(s).tokens[0][c] > 1:
            return f"two trade posts in clearing {c + 1}"
    for k in range(3):
        n = 0
        for c in range(NCL):
            if s.suit[c] == k:
                n += riverfolk_pc(s).tokens[0][c]
        if n + b.posts_left[k] > RF_POSTS:
            return f"more than {RF_POSTS} {('fox', 'rabbit', 'mouse')[k]} trade posts"
        if b.track_used[k] > RF_POSTS - b.posts_left[k]:
            return f"funds on {('fox', 'rabbit', 'mouse')[k]} crafting spaces no trade post uncovered"
    if riverfolk_pc(s).token_supply[0]:
        return "trade posts in a supply (they wait on the Trade Posts tracks)"
    in_setup = s.turn_number == 0
    for k in range(3):
        if not (1 <= b.price[k] <= RF_MAX_PRICE) and not (in_setup and not (b.priced >> k) & 1):
            return f"the {SERVICE_NAMES[k]} price is not 1..{RF_MAX_PRICE}"
    if (st == S_SERVICES or st == S_SERVICE_ITEMS) and (b.buyer != s.turn or s.turn == me):
        return "services bought by a seat that is not the buyer on turn"
    if b.mercs_on and b.hired != s.turn:
        return "mercenaries serving a seat not on turn"
    if (st == S_RF_FUND) != (b.fund_owed > 0):
        return "funds owed exactly while the Riverfolk choose whose"
    if st == S_RF_DISRUPT and b.disrupt_owed == 0:
        return "Trade Disruption choosing a fund with none owed"
    if st in (S_RF_DAY, S_RF_FUND) and s.turn != me:
        return f"the Riverfolk's {STEP_NAMES[st]} on another seat's turn"
    return None


cdef set DUCHY_STEPS = {S_DC_CORNER, S_DC_DAY, S_DC_REVEAL, S_DC_DIG, S_DC_TUNNEL, S_DC_PARLIAMENT, S_DC_MINISTER,
                        S_DC_SWAY, S_DC_EVE, S_DC_FAILURE, S_DC_FAIL_DRAW}


cdef object duchy_problem(GameState* s):
    """The Duchy's pieces and board (LoR 12.3): 20 warriors on the map, in the Burrow, in the supply
    or held elsewhere; 3 tunnels on the map (one a clearing) or in the supply; 3 citadels and 3
    markets; 3 crowns a rank on the board, on swayed ministers or gone; the Daylight's steps on
    the Duchy's turn, with what each waits for."""
    cdef int me = duchy_seat(s), k, n, m
    cdef DuchyBoard* b = duchy_board(s)
    st = s.step
    if me < 0:
        if st in DUCHY_STEPS:
            return f"step {STEP_NAMES[st]} of the Duchy in a game without them"
        return None
    n = _total(duchy_pc(s).warriors, NCL) + duchy_pc(s).warrior_supply + b.burrow + _coffined(s, me)
    if n != DC_WARRIORS:
        return f"{n} Duchy warriors (map, Burrow, supply) instead of {DC_WARRIORS}"
    if _total(duchy_pc(s).tokens[0], NCL) + duchy_pc(s).token_supply[0] != DC_TUNNELS:
        return f"Duchy tunnels on the map and in supply are not {DC_TUNNELS}"
    for k in range(2):
        if _total(duchy_pc(s).buildings[k], NCL) + duchy_pc(s).building_supply[k] != BUILDING_SUPPLY[F_DUCHY][k]:
            return f"Duchy {('citadels', 'markets')[k]} on the map and track are not {BUILDING_SUPPLY[F_DUCHY][k]}"
    if _total(duchy_pc(s).buildings[2], NCL) or duchy_pc(s).building_supply[2]:
        return "a Duchy building of a third kind"
    for k in range(3):
        n = 0
        for m in range(NMINISTER):
            if (b.swayed >> m) & 1 and MINISTER_RANK[m] == k:
                n += 1
        if n + b.crowns[k] > DC_CROWNS:
            return f"more than {DC_CROWNS} {RANK_NAMES[k]} crowns on the board and on swayed ministers"
    if b.used & ~b.swayed and st in (S_DC_PARLIAMENT, S_DC_MINISTER):
        return "an unswayed minister's action taken this Parliament"
    if st in DUCHY_STEPS and st not in (S_DC_CORNER, S_DC_FAILURE, S_DC_FAIL_DRAW) and s.turn != me:
        return f"the Duchy's {STEP_NAMES[st]} on another seat's turn"
    if st == S_DC_REVEAL and (b.reveal_for < 0 or (b.reveal_for != REVEAL_SWAY and b.reveal_at < 0)
                              or (b.reveal_for == REVEAL_SWAY and (b.sway_minister < 0 or b.sway_need == 0))):
        return "a card to reveal for nothing under way"
    if (st == S_DC_DIG or st == S_DC_TUNNEL) and b.dig_at < 0:
        return "a Dig's step with no Dig under way"
    if st == S_DC_TUNNEL and duchy_pc(s).token_supply[0] > 0:
        return "a tunnel removed first while one waits in the supply"
    if st == S_DC_MINISTER and b.acting < 0:
        return "a minister's action with no minister acting"
    if st == S_DC_FAILURE and (b.swayed == 0):
        return "the Price of Failure choosing among no swayed minister"
    if st == S_DC_FAIL_DRAW and (b.fail_discard == 0 or s.seats[me].hand_size == 0):
        return "the Price of Failure's random discard with none owed, or an empty hand"
    return None


cdef set CORVID_STEPS = {S_CV_SETUP, S_CV_BIRD, S_CV_DAY, S_CV_EVE, S_CV_EXTORT}


cdef object hundreds_problem(GameState* s):
    """What is wrong with the Hundreds' pieces and board (None: nothing): 20 warriors, 6 strongholds,
    5 mobs (one a clearing), the warlord on the map or off it; four items a Hoard track at most (a
    fifth while an overflow is chosen); a mood."""
    cdef int me = hundreds_seat(s), c, k
    cdef HundredsBoard* b = hundreds_board(s)
    cdef Pieces* pc = hundreds_pc(s)
    if me < 0:
        return None
    if _total(pc.warriors, NCL) + pc.warrior_supply + _coffined(s, me) != LH_WARRIORS:
        return f"Hundreds warriors on the map and in supply are not {LH_WARRIORS}"
    if _total(pc.buildings[0], NCL) + pc.building_supply[0] != HUNDREDS_TABLE["strongholds"]:
        return f"strongholds on the map and in supply are not {HUNDREDS_TABLE['strongholds']}"
    if _total(pc.tokens[0], NCL) + pc.token_supply[0] != HUNDREDS_TABLE["mobs"]:
        return f"mobs on the map and in supply are not {HUNDREDS_TABLE['mobs']}"
    for c in range(NCL):
        if pc.tokens[0][c] > 1:
            return f"two mobs in clearing {c + 1} (LoR 14.4.1, 14.6.1)"
    if pc.pawn >= NCL:
        return "the warlord in a forest"
    for k in range(2):
        if track_items(s, k) > LH_TRACK + (b.overflow == k + 1):     # (one more while an overflow is chosen)
            return f"more than {LH_TRACK} items on the Hoard's {('Command', 'Prowess')[k]} track"
    if b.hoard[I_TORCH]:
        return "a torch in the Hoard"
    if b.mood < 0 or b.mood >= NMOOD:
        return "no mood card"
    if b.ritems and not two_vagabonds(s):
        return "\"R\" items marked taken from razed ruins in a game without two Vagabonds"
    if s.step == S_LH_RUIN and not (b.raze_left and ruin_on(s, raze_ruin(s))):
        return "a razed ruin's item drawn with no razed ruin left"
    if s.step == S_LH_BIRD and b.stage == LH_RAZE and not (
            two_vagabonds(s) and b.raze_left and ruin_seen_n(s, raze_ruin(s)) == ruin_left(s, raze_ruin(s))
            and (s.ruin_seers[raze_ruin(s)] >> me) & 1):
        return "taking a razed ruin's item without having looked at them all"
    return None


cdef set KEEPERS_STEPS = {S_KI_SETUP, S_KI_PLACE, S_KI_BIRD, S_KI_DAY, S_KI_DELVE, S_KI_VALUE, S_KI_RECOVER,
                         S_KI_EVE, S_KI_CARRY, S_KI_TROPHY}


cdef object keepers_problem(GameState* s):
    """The Keepers' pieces and board (LoR 15.2-15.3; docs/hundreds-keepers.md §7): 15 warriors; three
    waystations, each on the board or in one clearing, the clearings' counts theirs; twelve relics, each
    in a clearing (the clearings' counts theirs, face up), a forest of the map, on the Relics track (face
    up) or waiting as a trophy; a type's values among 1, 2, 3, 3; at most ten Retinue cards."""
    cdef int me = keepers_seat(s), c, w, r, t, n, v
    cdef KeepersBoard* b = keepers_board(s)
    cdef Pieces* pc = keepers_pc(s)
    cdef int ways[NCL]
    cdef int rel[NCL]
    cdef int vals[4]
    st = s.step
    if me < 0:
        if st in KEEPERS_STEPS:
            return f"step {STEP_NAMES[st]} of the Keepers in a game without them"
        return None
    if _total(pc.warriors, NCL) + pc.warrior_supply + _coffined(s, me) != KI_WARRIORS:
        return f"Keepers warriors on the map and in supply are not {KI_WARRIORS}"
    for c in range(NCL):
        ways[c] = 0
        rel[c] = 0
    for w in range(3):
        if b.way_at[w] >= 0:
            ways[b.way_at[w]] += 1
        elif b.way_face[w]:
            return "a waystation off the map with a face chosen"
    n = 0
    for c in range(NCL):
        n += ways[c]
        if ways[c] != pc.buildings[0][c]:
            return f"the waystations placed in clearing {c + 1} are not its waystation count"
    if n + pc.building_supply[0] != 3:
        return "waystations on the map and on the faction board are not 3"
    if pc.token_supply[0] != 0:
        return "relics in a supply (a removed relic goes to a forest, LoR 15.2.5)"
    for t in range(3):
        vals[0] = vals[1] = vals[2] = vals[3] = 0
        for r in range(t * 4, t * 4 + 4):
            v = b.relic_at[r]
            if (v >= NCL + n_forests(s) and v < RELIC_TROPHY) or (v >= RELIC_TROPHY + s.nseats and v != RELIC_RECOVERED
                                                                      and not (HSIDE <= v - RELIC_TROPHY < NSIDE and s.hr_kind[v - RELIC_TROPHY - HSIDE] >= 0)):
                return f"relic {r} is in no place of the {MAP_NAMES[s.map_id]} map"
            if v >= 0 and v < NCL:
                rel[v] += 1
            if ((v == RELIC_RECOVERED or (v >= 0 and v < NCL)) and b.relic_value[r] == 0
                    and not (st == S_KI_VALUE and r == b.delve_relic)):
                return f"relic {r} is face down in a clearing or on the Relics track (only a delve flips it, I-C2)"
            if v < 0 and b.relic_value[r]:
                return f"relic {r} is face up before setup places it"
            vals[b.relic_value[r]] += 1
        if vals[1] > 1 or vals[2] > 1 or vals[3] > 2:
            return f"the {RELIC_TYPE_NAMES[t]} relics' values are not among 1, 2, 3 and 3 (LoR 15.2.1)"
    for c in range(NCL):
        if rel[c] != pc.tokens[0][c]:
            return f"the relics placed in clearing {c + 1} are not its relic count"
    if retinue_size(s) > NRETINUE:
        return "more than ten Retinue cards"
    n = 0
    for r in range(NRETINUE):
        n += b.retinue[r] == RETAINER
    if n > 3:
        return "more than three Faithful Retainers (one a column at setup, LoR 15.3.5; I-C7)"
    if s.turn_number > 0 and relics_unplaced(s, -1) > 0:
        return "a relic not placed after setup (LoR 15.3.1, 15.3.4)"
    if (trophy_waiting(s) >= 0 or b.carry_left > 0) and not (reaction_step(st) or st == S_TERMINAL):
        return ("a removed relic or relics to carry waiting where no reaction is settled (they are settled "
                "as the action that set them off ends: LoR 15.2.4, 15.2.5)")
    if b.delve_relic >= 0 and st != S_KI_VALUE:
        return "a delved relic's value to draw away from the flip"
    for r in range(NRETINUE):
        if b.retinue[r] >= NCT and b.retinue[r] != RETAINER:
            return f"Retinue slot {r} holds no card"
        if b.retinue[r] < 0 and (b.ret_used >> r) & 1:
            return f"Retinue slot {r} is empty but marked used"
    if st in KEEPERS_STEPS and st != S_KI_SETUP and st != S_KI_PLACE and st != S_KI_CARRY and st != S_KI_TROPHY and s.turn != me:
        return f"the Keepers' {STEP_NAMES[st]} on another seat's turn"
    if st == S_KI_VALUE and (b.delve_relic < 0 or b.relic_value[b.delve_relic] != 0 or b.relic_at[b.delve_relic] >= NCL
                             or b.relic_at[b.delve_relic] < 0):
        return "a delved relic's value drawn with no face-down relic delved"
    if (st == S_KI_DELVE or st == S_KI_RECOVER) and (b.act_at < 0 or b.slot_now < 0):
        return "a delve or recovery with no clearing or Retinue card"
    if st == S_KI_CARRY and (b.carry_left == 0 or b.carry_from < 0 or b.carry_to < 0):
        return "relics carried along with no move"
    if st == S_KI_TROPHY and trophy_waiting(s) < 0:
        return "a trophy placed with no relic removed"
    return None


cdef object corvids_problem(GameState* s):
    """The Corvids' pieces and board (LoR 13.2-13.3): 15 warriors on the map, in the supply or held
    elsewhere; 8 plots on the map (one a clearing at most) or in the supply, two of each type on
    the map at most; facing and ruled-out types only where a plot lies; their steps on their turn;
    an Exposure under way on a face-down plot, on the turn of the seat guessing."""
    cdef int me = corvid_seat(s), c, t, n
    cdef CorvidBoard* b = corvid_board(s)
    st = s.step
    if me < 0:
        if st in CORVID_STEPS or st == S_CV_EXPOSE:
            return f"step {STEP_NAMES[st]} of the Corvids in a game without them"
        return None
    n = _total(corvid_pc(s).warriors, NCL) + corvid_pc(s).warrior_supply + _coffined(s, me)
    if n != CV_WARRIORS:
        return f"{n} Corvid warriors (map, supply) instead of {CV_WARRIORS}"
    if _total(corvid_pc(s).tokens[0], NCL) + corvid_pc(s).token_supply[0] != CV_PLOTS:
        return f"Corvid plots on the map and in supply are not {CV_PLOTS}"
    for c in range(NCL):
        if corvid_pc(s).tokens[0][c] > 1:
            return f"two plots in clearing {c + 1} (LoR 13.2.2.II)"
        if corvid_pc(s).tokens[0][c] == 0 and (b.plot_type[c] or (b.face_up >> c) & 1 or b.not_type[c]):
            return f"a plot's type, facing or ruled-out types in clearing {c + 1} with no plot"
        if b.plot_type[c] >= NPLOT or b.not_type[c] >> NPLOT:
            return f"a plot type beyond {NPLOT} in clearing {c + 1}"
        if corvid_pc(s).tokens[0][c] and (b.not_type[c] >> b.plot_type[c]) & 1:
            return f"clearing {c + 1}'s plot ruled out as its own type"
        if corvid_pc(s).tokens[0][c] and (b.face_up >> c) & 1 and b.not_type[c]:
            return f"ruled-out types on clearing {c + 1}'s face-up plot"
    if b.face_up >> NCL:
        return "a face-up plot beyond the map's clearings"
    for t in range(NPLOT):
        if plots_of_type(s, t) > CV_PLOTS_PER_TYPE:
            return f"more than {CV_PLOTS_PER_TYPE} {PLOT_NAMES[t]} plots on the map"
    if st in CORVID_STEPS and st != S_CV_SETUP and st != S_CV_EXTORT and s.turn != me:
        return f"the Corvids' {STEP_NAMES[st]} on another seat's turn"
    if st == S_CV_EXTORT and (b.extort_left == 0 or b.extort_left >> s.nseats):
        return "an extortion's random card with no victim"
    if st == S_CV_EXPOSE and (b.expose_at < 0 or not face_down_in(s, b.expose_at) or s.turn == me):
        return "an Exposure with no face-down plot under it, or by the Corvids"
    if st != S_CV_EXPOSE and b.expose_at >= 0:
        return "an Exposure's clearing with no Exposure under way"
    if b.expose_at >= 0 and b.expose_resume >= N_STEPS:
        return "an Exposure returning to no step"
    return None


cdef set HIRELING_STEPS = {S_HR_GIVE, S_HR_TAKE, S_HR_CONTROL}
cdef set BRIGAND_STEPS = {S_HR_RUIN, S_HR_STEAL}
cdef set ACTING_STEPS = {S_HR_MOVE, S_HR_BATTLE}
# the sides that move and battle on their own, and the hr_used bit of their Daylight action
cdef dict ACTING_SIDES = {HR_PATROL: HRU_PATROL, HR_DYNASTY: HRU_DYNASTY}


cdef object hirelings_problem(GameState* s):
    """What makes the hirelings impossible (docs/hundreds-keepers.md §4): sides not built or twice
    the same card, a faction beside its card (E-6), controllers and markers off the table, the
    end-of-turn steps out of their order (E-C3), Rabbit Scouts asked of a defender without them."""
    cdef int i, j, v, st = s.step
    kinds = [s.hr_kind[i] for i in range(NHIRE)]
    if kinds[0] < 0:
        if any(k >= 0 for k in kinds) or s.hr_markers or any(s.hr_owner[i] >= 0 or s.hr_control[i]
                                                              for i in range(NHIRE)) \
                or any(s.hr_owed[v] for v in range(MAX_SEATS)) or s.hr_stage or s.hr_now >= 0 or s.hr_roller >= 0:
            return "hireling fields in a game without hirelings"
        if st in HIRELING_STEPS or st in BRIGAND_STEPS or st in ACTING_STEPS \
                or st in (S_HR_SCOUTS, S_HR_PHYSICIANS, S_HR_SMUGGLE) \
                or st == S_HR_SETUP or s.battle.scouts or s.battle.card_kept or s.hr_used or s.hr_at >= 0 or s.battle.attacker >= HSIDE:
            return f"a hireling step ({STEP_NAMES[st]}) in a game without hirelings"
        if any(s.hr_entered[v] for v in range(MAX_SEATS)) or any(
                s.hr_pc[i].warrior_supply or s.hr_pc[i].building_supply[0] or s.hr_pc[i].pawn != -1
                or any(s.hr_pc[i].warriors[c] or s.hr_pc[i].buildings[0][c] for c in range(NCL)) for i in range(NHIRE)):
            return "hireling pieces in a game without hirelings"
        return None
    if any(k < 0 for k in kinds) or any(k not in HIRELING_BUILT for k in kinds):
        return "hirelings are three sides of the ones built (HIRELING_BUILT)"
    if len({k // 2 for k in kinds}) != NHIRE:
        return "two sides of one hireling card in play"
    for k in kinds:
        for f in HIRELING_EXCLUDES[k // 2]:
            if s.faction_seat[f] >= 0:
                return f"{FACTION_NAMES[f]} beside {HIRELING_NAMES[k]}, which keeps it out (LoR 16.1.6.5)"
    for i in range(NHIRE):
        if s.hr_owner[i] >= s.nseats:
            return f"{HIRELING_NAMES[kinds[i]]} controlled by a seat past the table"
        if s.hr_owner[i] >= 0 and IS_BOT[s.seat_faction[s.hr_owner[i]]]:
            return f"{HIRELING_NAMES[kinds[i]]} controlled by a bot"
        if s.hr_owner[i] < 0 and (s.hr_control[i] or s.hr_gained[i]):
            return f"{HIRELING_NAMES[kinds[i]]} in the supply with control markers or a turn gained"
        if s.hr_gained[i] > s.turn_number:
            return f"{HIRELING_NAMES[kinds[i]]} gained on a turn still to come"
    for v in range(s.nseats, MAX_SEATS):
        if s.hr_owed[v]:
            return "a hireling marker below the Evening of a seat past the table"
    for i in range(NHIRE):            # each side's pieces (HIRELING_PIECES), on the map or its card
        j = kinds[i]                  #   (Forest Patrol's removed warriors go to the box but one a removal: E-24)
        w = sum(s.hr_pc[i].warriors[c] for c in range(NCL)) + s.hr_pc[i].warrior_supply
        if (w > HR_WARRIORS[j] if j == HR_PATROL else w != HR_WARRIORS[j]) \
                or sum(s.hr_pc[i].buildings[0][c] for c in range(NCL)) + s.hr_pc[i].building_supply[0] != HR_VAULTS[j]:
            return f"{HIRELING_NAMES[kinds[i]]} with other pieces than its card's ({HIRELING_PIECES[j]})"
        if s.hr_pc[i].pawn != -1:
            return f"{HIRELING_NAMES[kinds[i]]} with a pawn on the map (no pawn of a hireling is built)"
        if any(s.hr_pc[i].warriors[c] for c in range(NCL)) and kinds[i] not in (HR_STREET, HR_PATROL, HR_DYNASTY):
            return f"{HIRELING_NAMES[kinds[i]]} with warriors on the map (its side places none)"
        if kinds[i] in HIRELING_MOVES_ALL and sum(s.hr_pc[i].warriors[c] > 0 for c in range(NCL)) > 1:
            return f"{HIRELING_NAMES[kinds[i]]} in two clearings (they are placed and move all together: E-28)"
        if s.battle.card_kept >> i & 1 and kinds[i] != HR_PATROL:
            return f"{HIRELING_NAMES[kinds[i]]} keeping a removed warrior on its card (only Forest Patrol does)"
    taken = NHIRE - popcount64(s.hr_markers)
    if sum(s.hr_owed[v] for v in range(s.nseats)) + sum(s.hr_owner[i] >= 0 for i in range(NHIRE)) > taken:
        return "more hirelings gained or owed than hireling markers taken from the score track"
    for i in range(NHIRE):
        if (s.hr_markers >> i) & 1 and any(s.seats[v].score >= 4 * (i + 1) for v in range(s.nseats)):
            return f"the hireling marker of space {4 * (i + 1)} still on the track behind a score marker"
    if (st in HIRELING_STEPS or (reaction_step(st) and s.react_resume in HIRELING_STEPS)) != (s.hr_stage != HRS_NONE):
        return "the hirelings' end of a turn under way at another step, or its step without it"
    if st == S_HR_GIVE and not (s.hr_stage == HRS_GIVE and 0 <= s.hr_now < NHIRE and s.hr_owner[s.hr_now] == s.turn
                                and s.hr_control[s.hr_now] == 0):
        return "giving away a hireling the player on turn does not control with no control markers"
    if st == S_HR_TAKE and not (s.hr_stage == HRS_TAKE and s.hr_owed[s.turn] > 0
                                and sum(s.hr_owner[i] < 0 for i in range(NHIRE)) > 1):
        return "taking a supply hireling with no hireling marker owed or no choice"
    if st == S_HR_CONTROL and not (0 <= s.hr_now < NHIRE and 0 <= s.hr_roller < s.nseats
                                   and s.hr_owner[s.hr_now] == s.hr_roller and s.hr_control[s.hr_now] == 0):
        return "the control die rolled for no hireling just gained"
    # Last Dynasty's first of two battles returns to its step (E-C17), hr_now still acting
    between = s.battle.clearing >= 0 and s.battle.return_step == S_HR_BATTLE
    if s.hr_now >= 0 and not (st == S_HR_CONTROL or st == S_HR_GIVE or st in ACTING_STEPS or st == S_HR_SETUP
                              or between
                              or (reaction_step(st) and s.react_resume in (S_HR_CONTROL, S_HR_GIVE, S_HR_BATTLE))):
        return "a hireling being given, rolled for, set up or acting away from those steps"
    if (st in ACTING_STEPS or between or (reaction_step(st) and s.react_resume == S_HR_BATTLE)) and not (
            0 <= s.hr_now < NHIRE and s.hr_owner[s.hr_now] == s.turn and s.hr_kind[s.hr_now] in ACTING_SIDES
            and s.resume_step < N_STEPS and s.hr_used & ACTING_SIDES[s.hr_kind[s.hr_now]]):
        return ("a hireling's move or battle with no hireling of the player on turn acting (Forest Patrol's or "
                "Last Dynasty's)")
    if s.hr_used & HRU_AGAIN and not (st == S_HR_BATTLE and 0 <= s.hr_now < NHIRE
                                      and s.hr_kind[s.hr_now] == HR_DYNASTY):
        return "a second battle owed away from Last Dynasty's battle step"
    if s.battle.attacker >= HSIDE and st in BATTLE_STEPS and not (
            s.hr_kind[s.battle.attacker - HSIDE] in ACTING_SIDES and s.hr_owner[s.battle.attacker - HSIDE] == s.turn):
        return ("a battle by a hireling that takes none (only Forest Patrol's and Last Dynasty's, on its "
                "controller's turn)")
    for k, bit in ACTING_SIDES.items():
        if s.hr_used & bit and not (hr_controls(s, s.turn, k) or s.hr_stage != HRS_NONE):
            return f"{HIRELING_NAMES[k]}'s action used on the turn of a player without it"
    if st == S_HR_SETUP:
        if not (0 <= s.hr_now < NHIRE and HR_SETUP_KIND[kinds[s.hr_now]] == HRSET_EDGE and s.turn_number == 0
                and s.hr_stage == HRS_NONE):
            return "a hireling set up by a player with none to set up, or after the setup"
        for i in range(s.hr_now, NHIRE):
            if HR_SETUP_KIND[kinds[i]] == HRSET_EDGE and any(s.hr_pc[i].warriors[c] for c in range(NCL)):
                return f"{HIRELING_NAMES[kinds[i]]} on the map before its setup"
        if any(s.seats[v].hand_size for v in range(s.nseats)):
            return "hands dealt before the hirelings are set up (LoR 16.1.6 precedes 16.1.7)"
    if s.hr_roller >= 0 and not (st == S_HR_CONTROL or (reaction_step(st) and s.react_resume == S_HR_CONTROL)):
        return "a control die roller away from the control die"
    if st == S_HR_SCOUTS and not (0 <= s.battle.clearing < NCL and s.battle.defender < s.nseats
                                  and hr_controls(s, s.battle.defender, HR_SCOUTS) and s.battle.scouts == 0):
        return "Rabbit Scouts asked of a defender without them, or asked twice"
    if st == S_HR_PHYSICIANS and not (hireling_of(s, HR_PHYSICIANS) >= 0 and hospital_seat(s) >= 0
                                      and s.fh_count > 0 and physicians_room(s, hospital_seat(s)) > 1):
        return "Feline Physicians' clearing to pick with no warriors saved, no controller or no choice"
    if s.hr_used & (HRU_BRIGAND_RUIN | HRU_BRIGAND_STEAL) and not (hr_controls(s, s.turn, HR_BRIGAND)
                                                                  or s.hr_stage != HRS_NONE):
        return "the Brigand's actions used on the turn of a player without him"
    if s.hr_used & HRU_BAND and not (hr_controls(s, s.turn, HR_STREET) or s.hr_stage != HRS_NONE):
        return "Street Band's warrior placed on the turn of a player without them"
    if st in BRIGAND_STEPS and not (hr_controls(s, s.turn, HR_BRIGAND) and s.resume_step < N_STEPS
                                    and (0 <= s.hr_at < NCL if st == S_HR_RUIN else 0 <= s.target < s.nseats)):
        return "the Brigand's item or card with no controller on turn, or no ruin or player"
    if (st == S_HR_RUIN) != (s.hr_at >= 0):
        return "a ruin clearing for the Brigand away from his ruin item, or none at it"
    if st == S_HR_RUIN and not (ruin_on(s, s.hr_at) and any(s.ruin_items[k] for k in range(NVITEM))):
        return "the Brigand's ruin item from a clearing with no ruin, or no item under the ruins"
    if st == S_HR_STEAL and (s.target == s.turn or s.seats[s.target].hand_size == 0):
        return "the Brigand's steal from the player on turn or an empty hand"
    if st == S_HR_SMUGGLE and not (hr_controls(s, s.turn, HR_SMUGGLERS) and s.resume_step < N_STEPS):
        return "Rat Smugglers' move or battle not on their controller's turn"
    if s.battle.scouts == 1 and hireling_of(s, HR_SCOUTS) < 0:
        return "Rabbit Scouts used in a game without them"
    return None
