"""The table's words for what went wrong: a violation (the trick or round and the
players) or the reason an event was refused, and an event as a person names it (the undo
question). Keys ``reason.*``, ``suit-led.*`` and ``event.*``; the seats in them are
already counted from 1, the cards written with the players' own indices."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    # a card played on a suit led: "on a club lead"
    "suit-led.spades": "spade",
    "suit-led.hearts": "heart",
    "suit-led.diamonds": "diamond",
    "suit-led.clubs": "club",
    # violations
    "reason.revoke": "Trick {trick}: {seat} played {card} on a {led} lead; now plays {now}",
    "reason.trump-revoke": (
        "Trick {trick}: {seat} played {card} on a {led} lead, no trump; now trumps {now}"
    ),
    "reason.twice-trump": "Trick {trick}: {seat} plays {card}, the trump card",
    "reason.twice-played": (
        "Trick {trick}: {seat} plays {card}; {first} played it in trick {first_trick}"
    ),
    "reason.unannounced-natural": (
        "Round {round}: the dealer's {first} {second} was not announced: a plain 21"
    ),
    "reason.unasked-discarded": "Round {round}: {card} nobody may take: to the discards",
    "reason.unasked-offered": "Round {round}: {card} unasked: {seat} may take or refuse it",
    "reason.hole-card-shown": "Round {round}: the dealer's hole card {card} shown early",
    "reason.hidden-bust": "Round {round}: {seat} hid a bust ({total}) and pays double: {penalty}",
    "reason.bank-short": "The bank is {short} short after paying {seat} {amount}",
    "reason.closed-card": "Round {round}: against {seat} the banker's card must be face up",
    # refusals
    "reason.arguments": "{action}: wrong arguments",
    "reason.not-a-number": "{action}: {text} is not a number",
    "reason.not-a-card": "{action}: {text} is not a card",
    "reason.no-seat": "No {seat} at this table (up to {last})",
    "reason.no-zone": "No zone {zone} in this game",
    "reason.not-in-deck": "{card} is not in this deck",
    "reason.no-action": "No action {action} in this game",
    "reason.not-now": "Not possible now",
    "reason.nothing-to-undo": "Nothing to undo",
    "reason.bid-already": "{seat} has already bid {bid}",
    "reason.bid-turn": "{seat} cannot bid now: {due}'s turn",
    "reason.bid-hook": "{seat} cannot bid {bid}: the bids may not add up to {size}",
    "reason.bid-range": "{seat} cannot bid {bid}: from 0 to {size}",
    "reason.bids-in-turn": "Bids are named in turn at this table",
    "reason.bids-in": "The bids are in",
    "reason.bids-first": "Not everyone has bid yet",
    "reason.trump-first": "Turn up the trump card first",
    "reason.game-over": "The game is over",
    "reason.no-trump-hand": "Hand {hand} is played without a trump",
    "reason.trump-already": "Hand {hand}: the trump is already {card}",
    "reason.not-in-zone": "{card} is not in the {zone} zone",
    "reason.zone-empty": "The {zone} zone is already empty",
    "reason.trick-not-cleared": "Clear the trick {seat} took first",
    "reason.trick-unfinished": "The trick is not finished: {played} of {players} cards",
    "reason.take-back-last": "{card}: only the last card played ({last}, {seat}) goes back",
    # an event as the undo question names it
    "event.card": "{card} on {zone}",
    "event.gone": "{card} off {zone}",
    "event.clear": "Clear {zone}",
}

POLISH: dict[str, str] = {
    "suit-led.spades": "piki",
    "suit-led.hearts": "kiery",
    "suit-led.diamonds": "kara",
    "suit-led.clubs": "trefle",
    "reason.revoke": "Lewa {trick}: {seat} dał {card} na wyjście w {led}; teraz gra {now}",
    "reason.trump-revoke": (
        "Lewa {trick}: {seat} dał {card} na wyjście w {led}, bez atu; teraz bije atu {now}"
    ),
    "reason.twice-trump": "Lewa {trick}: {seat} gra {card}, a to karta atutowa",
    "reason.twice-played": (
        "Lewa {trick}: {seat} gra {card}; {first} zagrał ją w lewie {first_trick}"
    ),
    "reason.unannounced-natural": (
        "Runda {round}: oczko krupiera {first} {second} niezgłoszone: zwykłe 21"
    ),
    "reason.unasked-discarded": "Runda {round}: {card} nikt nie może wziąć: do odrzuconych",
    "reason.unasked-offered": "Runda {round}: {card} bez prośby: {seat} może wziąć lub odmówić",
    "reason.hole-card-shown": "Runda {round}: zakryta karta krupiera {card} pokazana za wcześnie",
    "reason.hidden-bust": "Runda {round}: {seat} ukrył furę ({total}), płaci podwójnie: {penalty}",
    "reason.bank-short": "W banku brakuje {short} po wypłacie {amount} dla {seat}",
    "reason.closed-card": "Runda {round}: przeciw {seat} karta bankiera musi być odkryta",
    "reason.arguments": "{action}: złe argumenty",
    "reason.not-a-number": "{action}: {text} to nie liczba",
    "reason.not-a-card": "{action}: {text} to nie karta",
    "reason.no-seat": "Nie ma {seat} przy stole (do {last})",
    "reason.no-zone": "W tej grze nie ma strefy {zone}",
    "reason.not-in-deck": "{card} nie ma w tej talii",
    "reason.no-action": "W tej grze nie ma akcji {action}",
    "reason.not-now": "Teraz nie można",
    "reason.nothing-to-undo": "Nie ma czego cofnąć",
    "reason.bid-already": "{seat} już zalicytował {bid}",
    "reason.bid-turn": "{seat} nie licytuje teraz: kolej {due}",
    "reason.bid-hook": "{seat} nie może dać {bid}: suma deklaracji nie może być {size}",
    "reason.bid-range": "{seat} nie może dać {bid}: od 0 do {size}",
    "reason.bids-in-turn": "Przy tym stole licytuje się po kolei",
    "reason.bids-in": "Licytacja zakończona",
    "reason.bids-first": "Nie wszyscy jeszcze zalicytowali",
    "reason.trump-first": "Najpierw odkryj atut",
    "reason.game-over": "Gra skończona",
    "reason.no-trump-hand": "Rozdanie {hand} gra się bez atutu",
    "reason.trump-already": "Rozdanie {hand}: atut to już {card}",
    "reason.not-in-zone": "{card} nie leży w strefie {zone}",
    "reason.zone-empty": "Strefa {zone} jest już pusta",
    "reason.trick-not-cleared": "Najpierw zbierz lewę, którą wziął {seat}",
    "reason.trick-unfinished": "Lewa niedokończona: {played} z {players} kart",
    "reason.take-back-last": "{card}: cofa się tylko ostatnią kartę ({last}, {seat})",
    "event.card": "{card} w {zone}",
    "event.gone": "{card} z {zone}",
    "event.clear": "Zbierz {zone}",
}

RUSSIAN: dict[str, str] = {
    "suit-led.spades": "пики",
    "suit-led.hearts": "червы",
    "suit-led.diamonds": "бубны",
    "suit-led.clubs": "трефы",
    "reason.revoke": "Взятка {trick}: {seat} дал {card} на ход в {led}; теперь ходит {now}",
    "reason.trump-revoke": (
        "Взятка {trick}: {seat} дал {card} на ход в {led}, не козырь; теперь бьёт {now}"
    ),
    "reason.twice-trump": "Взятка {trick}: {seat} играет {card}, а это козырная карта",
    "reason.twice-played": (
        "Взятка {trick}: {seat} играет {card}; {first} сыграл её во взятке {first_trick}"
    ),
    "reason.unannounced-natural": (
        "Раунд {round}: очко банкомёта {first} {second} не объявлено: простые 21"
    ),
    "reason.unasked-discarded": "Раунд {round}: {card} никто не может взять: в сброс",
    "reason.unasked-offered": (
        "Раунд {round}: {card} без просьбы: {seat} может взять или отказаться"
    ),
    "reason.hole-card-shown": "Раунд {round}: закрытая карта банкомёта {card} показана раньше",
    "reason.hidden-bust": (
        "Раунд {round}: {seat} скрыл перебор ({total}), платит вдвойне: {penalty}"
    ),
    "reason.bank-short": "В банке не хватает {short} после выплаты {amount} игроку {seat}",
    "reason.closed-card": "Раунд {round}: против {seat} карта банкира должна быть открыта",
    "reason.arguments": "{action}: неверные аргументы",
    "reason.not-a-number": "{action}: {text} не число",
    "reason.not-a-card": "{action}: {text} не карта",
    "reason.no-seat": "Нет {seat} за столом (до {last})",
    "reason.no-zone": "В этой игре нет зоны {zone}",
    "reason.not-in-deck": "{card} нет в этой колоде",
    "reason.no-action": "В этой игре нет действия {action}",
    "reason.not-now": "Сейчас нельзя",
    "reason.nothing-to-undo": "Нечего отменять",
    "reason.bid-already": "{seat} уже заказал {bid}",
    "reason.bid-turn": "{seat} не заказывает сейчас: очередь {due}",
    "reason.bid-hook": "{seat} не может заказать {bid}: сумма заказов не может быть {size}",
    "reason.bid-range": "{seat} не может заказать {bid}: от 0 до {size}",
    "reason.bids-in-turn": "За этим столом заказывают по очереди",
    "reason.bids-in": "Заказы уже сделаны",
    "reason.bids-first": "Ещё не все сделали заказ",
    "reason.trump-first": "Сначала откройте козырь",
    "reason.game-over": "Игра окончена",
    "reason.no-trump-hand": "Сдача {hand} играется без козыря",
    "reason.trump-already": "Сдача {hand}: козырь уже {card}",
    "reason.not-in-zone": "{card} нет в зоне {zone}",
    "reason.zone-empty": "Зона {zone} уже пуста",
    "reason.trick-not-cleared": "Сначала уберите взятку, которую взял {seat}",
    "reason.trick-unfinished": "Взятка не закончена: {played} из {players} карт",
    "reason.take-back-last": "{card}: вернуть можно только последнюю карту ({last}, {seat})",
    "event.card": "{card} в {zone}",
    "event.gone": "{card} из {zone}",
    "event.clear": "Убрать {zone}",
}
