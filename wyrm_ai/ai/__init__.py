"""The AI: seat drivers (players.py: random, heuristic, the planner's MCTS; player_spec.py: a
driver as a string, params/ its tuned parameters files), the planner (planner.py: budgets, search
reports, root-parallel search, the levels), the AI across the table (opponent.py: the levels'
budgets, per-position seeds), calibrated win chances (calibration.py + calibration.json) and the
learned evaluation's and policy's models (evalmodel.py + eval_model.json, policymodel.py +
policy_model.json). It imports the core and the model
only (tests/test_layers.py)."""
