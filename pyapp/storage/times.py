"""Which stored times are shown as dates: a record's time is typed by whoever edited the file.

>>> shown_time(1.7e9, 1.7e9), shown_time(0, 1.7e9), shown_time(8.64e12, 1.7e9)
(True, False, False)
"""

FUTURE_SLACK = 3 * 86_400
"""How far past the device's clock a time may lie and still be shown (clocks differ; beyond: "Date unknown")."""


def shown_time(seconds: float, now: float) -> bool:
    """Whether a stored time is worth showing as a date: after 1970 and at most a few days from ``now``."""
    return 0 < seconds <= now + FUTURE_SLACK


__all__ = ["FUTURE_SLACK", "shown_time"]
