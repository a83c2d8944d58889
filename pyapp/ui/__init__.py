"""The browser side: the only package that may import ``js`` or ``pyscript``.

Its modules run in Pyodide only; pytest skips it (see ``pyproject.toml``),
except :mod:`pyapp.ui.browser.routes`, which is pure and tested in ``tests/``.
"""
