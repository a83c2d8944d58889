from hypothesis import settings

import tests.toy_games  # noqa: F401  (registers the toy game)

# Hypothesis's default 200 ms deadline per example is a wall-clock assertion: on a shared, loaded 2-core
# machine an honest example took 507 ms (tests/deals/test_challenge.py). Speed lives in bench/, not here.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")
