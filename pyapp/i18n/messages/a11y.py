"""Sentences the games add for screen readers (read out by the frame's live region)."""

EN = {
    "say.dyad.round_score": "{name} scores {score} this round, {total} in all.",
    "say.dieci.final": "{name}: {points} points.",
    "say.dieci.final#one": "{name}: {points} point.",
}

KO = {
    "say.dyad.round_score": "{name} 님은 이번 라운드에 {score}점, 합계 {total}점입니다.",
    "say.dieci.final": "{name}: {points}점.",
}
