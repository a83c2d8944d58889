"""Deals whose seed is known in advance: the deal of the day, a friend's challenge link."""
