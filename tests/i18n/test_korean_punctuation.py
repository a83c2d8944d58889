"""A Korean notice ends its sentence where the English does: shown one after another, they must not run on."""

from __future__ import annotations

from pyapp.i18n import catalog

LABELS = {"dyad.preview"}
"""Messages that are a label beside a value (``이 쌍의 값: 7``) in Korean, a sentence in English."""


def test_a_korean_message_ends_with_a_full_stop_where_the_english_one_does():
    en, ko = catalog("en"), catalog("ko")
    unended = [key for key, text in en.items()
               if key in ko and key not in LABELS and text.rstrip().endswith(".")
               and not ko[key].rstrip().endswith((".", "?", "!", ")", "”", "’"))]
    assert not unended, {key: ko[key] for key in unended}
