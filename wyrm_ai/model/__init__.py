"""The game model: everything about a game of Root above the Cython core and below any player or
front end. `game.Game` is the facade (docs/api.md); actions.py and notation.py encode and write
actions, cards.py and factions.py name the cards and the table of factions, events.py names the
core's events, position.py and position_factions.py read positions, redaction.py is what each
viewer may see, and the words about the game (narration.py, action_words.py, chance_words.py,
card_texts.py, rules_texts.py) put it in English. bot_options.py and growth_caps.py read the
Mechanical Marquise's options and the Growth-track caps, seeds.py derives seeds, chance_streams.py
keys supplied chance by stream, files.py and numbers.py read files and typed numbers, errors.py
holds every error. textboard/ draws the board as text for any viewer (str(Game), the terminal,
the protocol's `showboard`). The model imports only the core and itself (tests/test_layers.py)."""
