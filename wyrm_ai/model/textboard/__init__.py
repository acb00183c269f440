"""The board drawn as text, for any viewer: board.py the boxed board (map, factions' boards,
hand; 99 columns), compact.py the board in 80 columns and less, boardview.py the board of any
viewer from its observation (str(Game), the protocol's `showboard`), style.py colours and
palettes and the widths of coloured text, words.py cards, steps and actions in words (the
action list's groups and rows). The terminal (`wyrm play`, `wyrm watch`) draws its screens with
it; it is part of the model so that str(Game) needs no front end."""
