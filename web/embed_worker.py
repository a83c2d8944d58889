# The embed's Python, run in PyScript's worker (embed.html): the page's main thread stays free (issue 34).
# PyScript hands each message from the page to this script's global ``xworker.onmessage``
# (pyapp.ui.worker_page sets it), so the name must be here.
from polyscript import xworker  # noqa: F401

from pyapp.ui.worker_page import start

page = start("pyapp.ui.embed")
