"""Messages of the settings dialog (card faces, animations) and other accessibility texts."""

EN = {
    "settings.open": "Settings",
    "settings.title": "Settings",
    "settings.cards": "Card faces",
    "settings.cards.classic": "Classic",
    "settings.cards.contrast": "High contrast, large indices",
    "settings.motion": "Animations",
    "settings.motion.system": "As the device says",
    "settings.motion.reduce": "Off",
    "settings.pace": "Computers' pace",
    "settings.pace.normal": "Normal",
    "settings.pace.fast": "Fast",
    "settings.pace.slow": "Slow",
    "settings.note": "Your choices are kept on this device.",
    "settings.close": "Done",
}

KO = {
    "settings.open": "설정",
    "settings.title": "설정",
    "settings.cards": "카드 모양",
    "settings.cards.classic": "기본",
    "settings.cards.contrast": "고대비, 큰 숫자",
    "settings.motion": "애니메이션",
    "settings.motion.system": "기기 설정을 따름",
    "settings.motion.reduce": "끄기",
    "settings.pace": "컴퓨터 진행 속도",
    "settings.pace.normal": "보통",
    "settings.pace.fast": "빠름",
    "settings.pace.slow": "느림",
    "settings.note": "선택한 설정은 이 기기에 저장됩니다.",
    "settings.close": "완료",
}
