from wyrm_ai._core import State, CHANCE, TERMINAL
