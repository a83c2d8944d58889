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
    "shell.screen.error.title": "This page could not be shown",
    "shell.screen.error.body": "Something went wrong while drawing it. The other pages still work.",
    "shell.notfound.title": "Page not found",
    "shell.notfound.body": "There is nothing at {path}.",
}

KO = {
    "shell.page.title": "{page} · {site}",
    "shell.tagline": "브라우저에서 즐기는 작은 전략 게임 세 가지.",
    "shell.choose": "게임을 고르세요",
    "shell.play": "플레이",
    "shell.rules": "규칙",
    "shell.home": "모든 게임",
    "shell.loading.start": "시작하는 중…",
    "shell.loading.files": "게임 엔진 내려받는 중: {total}MB 중 {done}MB",
    "shell.loading.interpreter": "파이썬을 시작하는 중…",
    "shell.loading.app": "게임을 불러오는 중…",
    "shell.offline.ready": "오프라인에서도 할 수 있습니다",
    "shell.error.title": "게임을 시작하지 못했습니다",
    "shell.error.body": "페이지를 불러오다 문제가 생겼습니다. 인터넷 연결을 확인한 뒤 새로 고치세요.",
    "shell.error.reload": "새로 고침",
    "shell.error.details": "기술 정보",
    "shell.error.nojs": "이 사이트에서 게임을 하려면 자바스크립트가 필요합니다.",
    "shell.placeholder.title": "{game}, 곧 나옵니다",
    "shell.placeholder.body": "이 게임은 아직 여기서 할 수 없습니다.",
    "shell.rules.title": "{game} 규칙",
    "shell.rules.placeholder": "{game} 규칙이 곧 여기에 나옵니다.",
    "shell.screen.error.title": "이 페이지를 보여 드릴 수 없습니다",
    "shell.screen.error.body": "화면을 그리다 문제가 생겼습니다. 다른 페이지는 그대로 쓸 수 있습니다.",
    "shell.notfound.title": "페이지를 찾을 수 없습니다",
    "shell.notfound.body": "{path}에는 아무것도 없습니다.",
}
