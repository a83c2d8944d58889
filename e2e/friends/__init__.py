"""Friends' browser tests (a package, so its conftest never shadows e2e/conftest.py, which e2e tests import)."""
