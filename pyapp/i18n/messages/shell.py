"""Messages of the site shell: picker, loading indicator, boot errors, routes.

The build also copies the keys starting with ``shell.`` (with ``app.title``
and the game names) into ``index.html`` so the page shows them before Python.
"""

EN = {
    "shell.page.title": "{page} · {site}",
    "shell.tagline": "Three small strategy games, played in your browser.",
    "shell.choose": "Choose a game",
    "shell.play": "Play",
    "shell.rules": "Rules",
    "shell.home": "All games",
    "shell.loading.start": "Starting…",
    "shell.loading.files": "Downloading the game engine: {done} of {total} MB",
    "shell.loading.interpreter": "Starting Python…",
    "shell.loading.app": "Loading the games…",
    "shell.offline.ready": "Ready to play offline",
    "shell.error.title": "The games could not start",
    "shell.error.body": "Something went wrong while loading the page. Check your connection, then reload.",
    "shell.error.reload": "Reload",
    "shell.error.details": "Technical details",
    "shell.error.nojs": "This site needs JavaScript to run the games.",
    "shell.placeholder.title": "{game} is coming soon",
    "shell.placeholder.body": "This game cannot be played here yet.",
    "shell.rules.title": "Rules of {game}",
    "shell.rules.placeholder": "The rules of {game} will appear here soon.",
    "shell.notfound.title": "Page not found",
    "shell.notfound.body": "There is nothing at {path}.",
}
