#!/usr/bin/env bash
# Sanitizer job: build the Cython core with AddressSanitizer and UndefinedBehaviorSanitizer in a
# temporary copy of this checkout (the in-place build is left alone), then run the fuzz tests, the
# core safety tests and a few hundred searches under the sanitizers. Any report fails the job.
#
#   tools/asan.sh            # from the repository root; exit status 0 = clean
#   KEEP=1 tools/asan.sh     # keep the temporary tree (its path is printed)
#
# Needs gcc with libasan/libubsan. CPython itself is not instrumented: libasan is preloaded, and
# leak detection is off (the interpreter keeps memory until exit by design).
set -euo pipefail

repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/wyrm-asan.XXXXXX")
if [[ -z "${KEEP:-}" ]]; then trap 'rm -rf "$work"' EXIT; fi
echo "asan: building in $work"

# the working tree as it is (tracked and new files), without build products
(cd "$repo" && git ls-files -co --exclude-standard -z) | (cd "$repo" && xargs -0 cp --parents -t "$work")
rm -f "$work"/wyrm_ai/_core*.so "$work"/ext/wyrm_ai/_core.c

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
(cd "$work" && CFLAGS="$san -g -O1" LDFLAGS="$san" python setup.py build_ext --inplace -q) >/dev/null

export LD_PRELOAD="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export PYTHONPATH="$work"
cd "$work"

python - <<'EOF'
import wyrm_ai._core as core
assert core.__file__.startswith(__import__("os").getcwd()), core.__file__
print("asan: sanitized core", core.__file__)
EOF

python -m pytest -q -p no:cacheprovider tests/test_core_safety.py tests/test_fuzz.py \
    tests/test_cards_fuzz.py tests/test_planner.py tests/test_narration.py tests/test_win_ends_game.py \
    tests/test_two_seat_corpus.py

# a few hundred searches from positions of seeded games, both seats, small and capped trees
python - <<'EOF'
import numpy as np
from wyrm_ai import _core
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import HeuristicPlayer

searches = 0
for seed in range(40):
    rng = np.random.default_rng(seed)
    g = Game(first=seed % 2)
    players = {0: HeuristicPlayer(seed), 1: HeuristicPlayer(seed + 1)}
    while not g.is_terminal() and len(g.record) < 2000:
        if not g.is_chance_node() and len(g.record) % 7 == 0:
            t = _core.Search(g.state, seed=seed, max_nodes=(50, 5000)[searches % 2])
            t.run(150)
            assert t.best_action() in g.legal_actions()
            t.principal_line()
            searches += 1
        g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))
print(f"asan: {searches} searches clean")
assert searches >= 300
EOF
echo "asan: all clean"
