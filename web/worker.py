# The pages' Python, run in PyScript's worker (index.html, embed.html): the main thread stays free (issue 34).
# The page names the module to run (its script's data-entry; pyapp.ui.worker.worker_page.ENTRIES lists them).
# PyScript hands each message from the page to this script's global ``xworker.onmessage``
# (pyapp.ui.worker.worker_page sets it), so the name must be here.
from polyscript import xworker  # noqa: F401

from pyapp.ui.worker.worker_page import start

page = start()
