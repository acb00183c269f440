"""The laboratory: games played to measure the AI. arena.py (`wyrm arena`: seeded games between a
driver per faction), match.py and sprt.py (`wyrm match`: paired A/B games of two specs, the SPRT),
tune.py (`wyrm tune`: CMA-ES over paired games), executor.py (game batches in this process, in
processes or on Ray), evaldata.py and evalfit.py (the learned evaluation's self-play data and its
fit). It imports the core, the model, the AI and rootlog/ (the arena writes its games as Rootlog),
never a front end (tests/test_layers.py)."""
