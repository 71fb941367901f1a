"""High Card's words in English, Polish and Russian: its name, its action, its reasons,
its screen and its phone sheet (the words every game shares are ``companion.words``'s)."""

from companion.values.language import Language, Words

WORDS: Words = {
    Language.EN: {
        "menu.game.high-card": "High Card",
        "high-card.round": "High Card {round}",
        "action.settle": "Settle the round",
        "reason.high-card-shown": "{seat} has shown {card} already",
        "reason.high-card-nobody": "Nobody sits at {seat}",
        "reason.high-card-not-all-shown": "Every seat shows a card first",
        "sheet.high-card.won-by": "Won by",
        "sheet.high-card.chart": "Points over the rounds",
        "sheet.high-card.due.show": "Everyone shows a card",
        "sheet.high-card.due.settle": "Settle the round",
        "sheet.high-card.legend": "A player's column: his points, one a round won; a tie "
        "gives nobody one.",
    },
    Language.PL: {
        "menu.game.high-card": "Wysoka karta",
        "high-card.round": "Wysoka karta {round}",
        "action.settle": "Rozlicz rundę",
        "reason.high-card-shown": "{seat} już pokazał {card}",
        "reason.high-card-nobody": "Nikt nie siedzi na miejscu {seat}",
        "reason.high-card-not-all-shown": "Najpierw każdy pokazuje kartę",
        "sheet.high-card.won-by": "Wygrał",
        "sheet.high-card.chart": "Punkty w kolejnych rundach",
        "sheet.high-card.due.show": "Każdy pokazuje kartę",
        "sheet.high-card.due.settle": "Rozlicz rundę",
        "sheet.high-card.legend": "Kolumna gracza: jego punkty, jeden za wygraną rundę; "
        "remis nie daje nikomu punktu.",
    },
    Language.RU: {
        "menu.game.high-card": "Старшая карта",
        "high-card.round": "Старшая карта {round}",
        "action.settle": "Подвести круг",
        "reason.high-card-shown": "{seat} уже показал {card}",
        "reason.high-card-nobody": "На месте {seat} никто не сидит",
        "reason.high-card-not-all-shown": "Сначала каждый показывает карту",
        "sheet.high-card.won-by": "Взял",
        "sheet.high-card.chart": "Очки по кругам",
        "sheet.high-card.due.show": "Каждый показывает карту",
        "sheet.high-card.due.settle": "Подвести круг",
        "sheet.high-card.legend": "Столбец игрока: его очки, по одному за выигранный круг; "
        "ничья не даёт очка никому.",
    },
}
