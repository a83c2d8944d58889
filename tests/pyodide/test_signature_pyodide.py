"""The host's Ed25519 signatures and the invite link in Pyodide, where the page runs them: the same answers as
CPython (a guest checks an offer a peer sent, and reads a link it was given)."""

from __future__ import annotations

import json

from tests.pyodide import signature_cases
from tests.pyodide.node_run import in_pyodide


def test_signatures_and_links_answer_the_same_in_pyodide():
    expected = json.loads(json.dumps(signature_cases.measure()))
    expected.pop("sign_and_verify_ms")
    assert all(checks[:2] == [True, True] and not any(checks[2:]) for checks in expected["checks"])
    assert {"join.bad_link"} == {link for link in expected["links"] if isinstance(link, str)}
    found = in_pyodide("signature_cases")
    print(f"\n[signature] sign + verify in Pyodide: {found.pop('sign_and_verify_ms'):.0f} ms (median)")
    assert found == expected
