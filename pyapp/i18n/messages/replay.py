"""Messages of the replay: one sentence per kind of step, named placeholders only."""

EN = {
    "replay.generic": "{name}: {action}.",
    "replay.hidden": "{name} made a move.",
    "replay.start": "The start of the game.",
    # Triad
    "replay.triad.place": "{name} places a piece on {cell}.",
    "replay.triad.place_triad": "{name} places a piece on {cell} and makes a triad: +{points}.",
    "replay.triad.remove_stack": "{name} removes the stack on {cell}: +{points}.",
    "replay.triad.remove_row": "{name} removes the triad {cells}: +{points}.",
    "replay.triad.pass": "{name} passes: no triad to remove.",
    "replay.triad.phase2": "All pieces are placed: phase 2, removing, begins.",
    "replay.triad.over": "The game is over: {a} to {b}.",
    # Dyad
    "replay.dyad.lead": "{name} leads {pair} (worth {value}).",
    "replay.dyad.follow": "{name} plays {pair} (worth {value}).",
    "replay.dyad.take": "{name} takes the trick and retrieves {card} from {owner}.",
    "replay.dyad.take_own": "{name} takes the trick and retrieves {card}.",
    "replay.dyad.cipher": "{name} declares Cipher.",
    "replay.dyad.no_cipher": "{name} does not declare Cipher.",
    "replay.dyad.pass_seen": "{name} passes {cards} to their partner.",
    "replay.dyad.pass_hidden": "{name} passes two cards to their partner.",
    "replay.dyad.round_end": "Round {round} ends: {scores}.",
    "replay.dyad.score": "{name} {points}",
    # Dieci
    "replay.dieci.play": "{name} plays {card}.",
    "replay.dieci.trick": "{name} wins the trick.",
    "replay.dieci.claim": "{name} claims the character {char}.",
    "replay.dieci.top": "{name} takes the top character of the deck: {char}.",
    "replay.dieci.top_hidden": "{name} takes the top character of the deck.",
    "replay.dieci.pass": "{name} passes.",
    "replay.dieci.deal": "New deal: the trump card is {card}.",
    "replay.dieci.over": "The character deck is spent: the game is over.",
}

KO = {
    "replay.generic": "{name}: {action}.",
    "replay.hidden": "{name}: 한 수를 두었습니다.",
    "replay.start": "게임 시작.",
    # Triad
    "replay.triad.place": "{name}: {cell}에 말을 놓습니다.",
    "replay.triad.place_triad": "{name}: {cell}에 말을 놓아 트라이어드를 만듭니다. +{points}점.",
    "replay.triad.remove_stack": "{name}: {cell}의 탑을 걷어 냅니다. +{points}점.",
    "replay.triad.remove_row": "{name}: {cells} 트라이어드를 걷어 냅니다. +{points}점.",
    "replay.triad.pass": "{name}: 걷어 낼 트라이어드가 없어 패스합니다.",
    "replay.triad.phase2": "말을 모두 놓았습니다. 2단계, 걷어 내기가 시작됩니다.",
    "replay.triad.over": "게임 끝: {a} 대 {b}.",
    # Dyad
    "replay.dyad.lead": "{name}: 선으로 {pair} 쌍을 냅니다(값 {value}).",
    "replay.dyad.follow": "{name}: {pair} 쌍을 냅니다(값 {value}).",
    "replay.dyad.take": "{name}: 트릭을 따고 {owner}의 {card} 카드를 되찾습니다.",
    "replay.dyad.take_own": "{name}: 트릭을 따고 {card} 카드를 되찾습니다.",
    "replay.dyad.cipher": "{name}: 사이퍼를 선언합니다.",
    "replay.dyad.no_cipher": "{name}: 사이퍼를 선언하지 않습니다.",
    "replay.dyad.pass_seen": "{name}: 같은 팀에게 {cards} 카드를 건넵니다.",
    "replay.dyad.pass_hidden": "{name}: 같은 팀에게 카드 두 장을 건넵니다.",
    "replay.dyad.round_end": "{round}라운드 끝: {scores}.",
    "replay.dyad.score": "{name} {points}",
    # Dieci
    "replay.dieci.play": "{name}: {card} 카드를 냅니다.",
    "replay.dieci.trick": "{name}: 트릭을 땁니다.",
    "replay.dieci.claim": "{name}: 캐릭터 {char} 카드를 가져갑니다.",
    "replay.dieci.top": "{name}: 캐릭터 더미 맨 위 카드를 가져갑니다: {char}.",
    "replay.dieci.top_hidden": "{name}: 캐릭터 더미 맨 위 카드를 가져갑니다.",
    "replay.dieci.pass": "{name}: 패스합니다.",
    "replay.dieci.deal": "새 딜: 으뜸패 카드는 {card}입니다.",
    "replay.dieci.over": "캐릭터 더미가 바닥났습니다. 게임이 끝납니다.",
}
