"""`wyrm serve`: the web board (docs/web.md). A Starlette app (app.py: routes and the WebSocket
messages) over games (table.py: the seats, the AI's turns, undo, hint) that each drive one engine
protocol session (bridge.py: protocol commands in, replies out; the same session code as `wyrm
engine`, so no rule and no view is written twice), the maps' drawing positions (layout.py,
autumn.json, winter.json, lake.json, mountain.json) and the page (static/: HTML, CSS and one
vanilla JS module, no build step)."""
