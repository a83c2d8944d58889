"""The benchmarks' shared helpers (``bench/common.py``) keep their documented behaviour."""

import doctest

from bench import common


def test_common_doctests() -> None:
    result = doctest.testmod(common)
    assert result.attempted > 0 and result.failed == 0
