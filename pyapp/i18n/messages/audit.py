"""Messages of a guest's check at the end of a friends' game (pyapp.friends.audit's findings) and its saved game (issue 33)."""

EN = {
    "audit.ok": "Everything checks: every value matches its commitment, deal number {seed} is the one they give, "
                "the fingerprint is the one shown at the deal, all {moves} plays were legal and everything you were "
                "shown appears in the replay.",
    "audit.unreadable": "The host's record cannot be read, so the game cannot be checked.",
    "audit.room_differs": "The record is of another room than the one you joined.",
    "audit.own_commitment_missing": "Your seat's commitment is missing from the record.",
    "audit.own_value_differs": "The record gives your seat another value than the one your device drew.",
    "audit.commitments_differ": "The values of seat(s) {seats} do not match their commitments.",
    "audit.commitments_changed": "The commitments in the record are not the ones shown before the deal.",
    "audit.seed_differs": "The deal number is not the one everyone's values give.",
    "audit.not_announced": "No fingerprint was shown at the deal, so the deal cannot be compared.",
    "audit.fingerprint_differs": "The deal is not the one shown: the fingerprint at the deal began {stored}, "
                                 "but the record's deal gives one beginning {computed}.",
    "audit.record_fingerprint_differs": "The fingerprint stored in the record is not its deal's.",
    "audit.illegal": "Play {number} ({action}) is not legal in this deal; the replay stops there.",
    "audit.truncated": "The record stops after {moves} plays, before the game's end.",
    "audit.observation_unmatched": "What you were shown at update {number} appears nowhere later in the replay.",
    "audit.legal_differs": "The choices you were offered at update {number} are not the legal ones at that point.",
    "saves.with_friends": "With friends",
    "saves.guest_progress": "In progress on {host}'s device. Open the host's invite link again to go back to the "
                            "table; the whole game is kept here when it ends.",
}

KO = {
    "audit.ok": "모두 맞습니다: 값마다 약속값과 맞고, 딜 번호({seed})는 그 값들에서 나오는 번호이며, 딜 지문은 딜 때 보여 준 "
                "것과 같고, 모든 수({moves}개)가 규칙에 맞았고, 내가 받은 화면이 모두 다시 두기에 나옵니다.",
    "audit.unreadable": "호스트의 기록을 읽을 수 없어 게임을 확인할 수 없습니다.",
    "audit.room_differs": "기록이 내가 들어간 방이 아닌 다른 방의 것입니다.",
    "audit.own_commitment_missing": "기록에 내 자리의 약속값이 없습니다.",
    "audit.own_value_differs": "기록에 있는 내 자리의 값이 내 기기가 뽑은 값과 다릅니다.",
    "audit.commitments_differ": "자리 {seats}의 값이 약속값과 맞지 않습니다.",
    "audit.commitments_changed": "기록의 약속값이 딜 전에 보여 준 약속값과 다릅니다.",
    "audit.seed_differs": "딜 번호가 모두의 값에서 나오는 번호가 아닙니다.",
    "audit.not_announced": "딜 때 보여 준 딜 지문이 없어 딜을 비교할 수 없습니다.",
    "audit.fingerprint_differs": "보여 준 딜이 아닙니다: 딜 때 보여 준 딜 지문의 앞부분은 {stored}인데, "
                                 "기록의 딜에서 나오는 딜 지문의 앞부분은 {computed}입니다.",
    "audit.record_fingerprint_differs": "기록에 저장된 딜 지문이 그 딜의 것이 아닙니다.",
    "audit.illegal": "{number}번째 수({action})는 이 딜에서 규칙에 맞지 않습니다. 확인은 거기서 멈춥니다.",
    "audit.truncated": "기록이 {moves}번째 수에서 끝나, 게임이 끝나기 전에 멈춥니다.",
    "audit.observation_unmatched": "{number}번째로 받은 화면이 다시 두기의 그 뒤 어디에도 나오지 않습니다.",
    "audit.legal_differs": "{number}번째로 받은 화면에서 고를 수 있던 수가 그때 규칙에 맞는 수와 다릅니다.",
    "saves.with_friends": "친구와 함께",
    "saves.guest_progress": "{host} 님의 기기에서 진행 중. 테이블로 돌아가려면 호스트의 초대 링크를 다시 여세요. "
                            "게임이 끝나면 게임 전체가 여기에 저장됩니다.",
}
