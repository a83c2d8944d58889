import tests.toy_games  # noqa: F401  (registers the toy game)
