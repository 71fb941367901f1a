"""The sheet's own words in English, Polish and Russian, and the choice of a page's language.

Words the screens already say (seat labels, the bank, game names, offers) come from the
screens' catalogues (``companion.ui.texts``); only what the OLED never shows is here.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.ui.texts import Language

SHEET_TEXTS: Mapping[Language, Mapping[str, str]] = {
    Language.EN: {
        "title": "Score sheet",
        "games": "Games",
        "current": "Current game",
        "no-game": "No game in the journal yet.",
        "hand": "Hand",
        "cards": "Cards",
        "trump": "Trump",
        "total": "Total",
        "row.duel": "Duel",
        "row.round": "Round",
        "row.deal": "Deal",
        "settled-by": "Settled by",
        "chart.points": "Points over the hands",
        "chart.bids-made": "Bids made",
        "chart.balances": "Balances",
        "started": "started {time}",
        "finished": "finished {time}",
        "unfinished": "in play",
        "abandoned": "abandoned {time}",
        "live": "live",
        "offline": "reconnecting…",
        "csv": "Download CSV",
        "events": "{count} events",
        "now": "Now",
        "bid-took": "bid/took",
        "stake-note": "({amount})",
        # what the table waits for now, by game and phase: seats as P1..P4
        "oh-hell.due.trump": "{dealer} to turn up the trump",
        "oh-hell.due.bidding": "{seat} to bid",
        "oh-hell.due.play": "{seat} to play",
        "oh-hell.due.play.else": "{trick_winner} takes the trick: clear it",
        "oh-hell.due.bidding.else": "Players to bid",
        "oh-hell.due.over": "Game over",
        "oczko.due.bank": "Banker {banker} to put up the bank",
        "oczko.due.stake": "{punter} to stake (bank {bank})",
        "oczko.due.punter": "{punter} to draw, stake {stake}",
        "oczko.due.banker": "Banker {banker} to draw against {punter}, stake {stake}",
        "oczko.due.doubled": "Stock out: throw in or reshuffle",
        "oczko.due.take-bank": "Banker {banker} to take the bank",
        "ochko-21.due.announce-bank": "Banker {banker} to name the bank",
        "ochko-21.due.stake": "{seat} to stake (bank {bank})",
        "ochko-21.due.player-draws": "{seat} to draw, stake {stake}",
        "ochko-21.due.banker-draws": "Banker {banker} to draw against {seat}, stake {stake}",
        "ochko-21.due.stuk": "Banker {banker} to knock (стук)",
        "ochko-21.due.take-bank": "Banker {banker} to take the bank",
        "ochko-bank.due.betting": "Players to bet",
        "ochko-bank.due.deal": "Dealer {banker} to deal",
        "ochko-bank.due.naturals": "Dealer {banker} may peek for a natural",
        "ochko-bank.due.play": "{seat} to draw or stand, bet {stake}",
        "ochko-bank.due.dealer": "Dealer {banker} to draw",
        "ochko-bank.due.settled": "Round settled: players to bet",
        "gwiazda.due.pool": "Everyone to pay into the bank",
        "gwiazda.due.stakes": "Punters to write their stakes",
        "gwiazda.due.deal": "Banker {banker} to deal from deck A",
        "gwiazda.due.restake": "Leavers may come back",
        "gwiazda.due.cover": "Banker {banker} to cover the bank",
        "gwiazda.due.guard": "Banker {banker} to lay the guard cards",
        "gwiazda.due.won-lost": "Banker {banker} to lay out the cards",
        "gwiazda.due.over": "Deal settled",
        "stakes": "Stakes: {stakes}",
        # the permanent bank's bets, a game's state, what the totals add up to
        "money-notes": "Under a balance: in brackets the stake, then what was won (+) or lost (−).",
        "ochko-bank.money-notes": "Under a balance: in brackets the bet, then what was "
        "won (+) or lost (−).",
        "ochko-bank.stakes": "Bets: {stakes}",
        "idle": "no move for a while",
        "left": "left unfinished",
        "last-move": "last move {time}",
        "oh-hell.legend": "Under each score: bid/took and the hand's points. Total: the "
        "scores after the last hand.",
        "oczko.legend": "A player's column: what he has won (+) or lost (−) so far; a bank "
        "he puts up as banker counts as paid in. Bank: the money in the bank. Players and "
        "bank add up to {total}.",
        "ochko-21.legend": "A player's column: what he has won (+) or lost (−) so far; a "
        "bank he puts up as banker counts as paid in. Bank: the money in the bank. Players "
        "and bank add up to {total}.",
        "ochko-bank.legend": "A player's column: what he has won (+) or lost (−) so far. "
        "{banker} is the dealer: the bank is his own money, so his column is the bank's "
        "result. The columns add up to {total}.",
        "gwiazda.legend": "A player's column: what he has won (+) or lost (−) on his "
        "stakes, the {pool} each paid into the bank not counted. Bank: the money in the "
        "bank. Players and bank add up to {total}: the {players} × {pool} paid in.",
    },
    Language.PL: {
        "title": "Tabela wyników",
        "games": "Gry",
        "current": "Bieżąca gra",
        "no-game": "W dzienniku nie ma jeszcze żadnej gry.",
        "hand": "Rozdanie",
        "cards": "Karty",
        "trump": "Atut",
        "total": "Razem",
        "row.duel": "Pojedynek",
        "row.round": "Rozdanie",
        "row.deal": "Rozdanie",
        "settled-by": "Rozliczone przez",
        "chart.points": "Punkty w kolejnych rozdaniach",
        "chart.bids-made": "Ugrane deklaracje",
        "chart.balances": "Salda",
        "started": "początek {time}",
        "finished": "koniec {time}",
        "unfinished": "w toku",
        "abandoned": "porzucona {time}",
        "live": "na żywo",
        "offline": "łączę ponownie…",
        "csv": "Pobierz CSV",
        "events": "zdarzeń: {count}",
        "now": "Teraz",
        "bid-took": "dekl./lewy",
        "stake-note": "({amount})",
        # what the table waits for now, by game and phase: seats as P1..P4
        "oh-hell.due.trump": "{dealer} odkrywa atut",
        "oh-hell.due.bidding": "{seat} deklaruje",
        "oh-hell.due.play": "{seat} zagrywa",
        "oh-hell.due.play.else": "{trick_winner} bierze lewę: zbierz ją",
        "oh-hell.due.bidding.else": "Gracze deklarują",
        "oh-hell.due.over": "Koniec gry",
        "oczko.due.bank": "Bankier {banker} wykłada bank",
        "oczko.due.stake": "{punter} stawia (bank {bank})",
        "oczko.due.punter": "{punter} dobiera, stawka {stake}",
        "oczko.due.banker": "Bankier {banker} dobiera przeciw {punter}, stawka {stake}",
        "oczko.due.doubled": "Talia się skończyła: rzucić karty lub przetasować",
        "oczko.due.take-bank": "Bankier {banker} zabiera bank",
        "ochko-21.due.announce-bank": "Bankier {banker} ogłasza bank",
        "ochko-21.due.stake": "{seat} stawia (bank {bank})",
        "ochko-21.due.player-draws": "{seat} dobiera, stawka {stake}",
        "ochko-21.due.banker-draws": "Bankier {banker} dobiera przeciw {seat}, stawka {stake}",
        "ochko-21.due.stuk": "Bankier {banker} ogłasza стук",
        "ochko-21.due.take-bank": "Bankier {banker} zabiera bank",
        "ochko-bank.due.betting": "Gracze stawiają",
        "ochko-bank.due.deal": "Bankier {banker} rozdaje",
        "ochko-bank.due.naturals": "Bankier {banker} może sprawdzić oczko",
        "ochko-bank.due.play": "{seat} dobiera lub pasuje, zakład {stake}",
        "ochko-bank.due.dealer": "Bankier {banker} dobiera",
        "ochko-bank.due.settled": "Rozdanie rozliczone: gracze stawiają",
        "gwiazda.due.pool": "Wszyscy wpłacają do banku",
        "gwiazda.due.stakes": "Gracze zapisują stawki",
        "gwiazda.due.deal": "Bankier {banker} rozdaje z talii A",
        "gwiazda.due.restake": "Ci, co odeszli, mogą wrócić",
        "gwiazda.due.cover": "Bankier {banker} kryje bank",
        "gwiazda.due.guard": "Bankier {banker} wykłada straż",
        "gwiazda.due.won-lost": "Bankier {banker} wykłada karty",
        "gwiazda.due.over": "Rozdanie rozliczone",
        "stakes": "Stawki: {stakes}",
        # the permanent bank's bets, a game's state, what the totals add up to
        "money-notes": "Pod saldem: w nawiasie stawka, dalej ile wygrano (+) lub przegrano (−).",
        "ochko-bank.money-notes": "Pod saldem: w nawiasie zakład, dalej ile wygrano (+) "
        "lub przegrano (−).",
        "ochko-bank.stakes": "Zakłady: {stakes}",
        "idle": "od dawna bez ruchu",
        "left": "niedokończona",
        "last-move": "ostatni ruch {time}",
        "oh-hell.legend": "Pod wynikiem: deklaracja/wzięte lewy i punkty rozdania. Razem: "
        "wyniki po ostatnim rozdaniu.",
        "oczko.legend": "Kolumna gracza: ile dotąd wygrał (+) lub przegrał (−); bank "
        "wyłożony jako bankier liczy się jako wpłacony. Bank: pieniądze w banku. Gracze i "
        "bank razem: {total}.",
        "ochko-21.legend": "Kolumna gracza: ile dotąd wygrał (+) lub przegrał (−); bank "
        "wyłożony jako bankier liczy się jako wpłacony. Bank: pieniądze w banku. Gracze i "
        "bank razem: {total}.",
        "ochko-bank.legend": "Kolumna gracza: ile dotąd wygrał (+) lub przegrał (−). "
        "{banker} jest bankierem: bank to jego pieniądze, więc jego kolumna to wynik "
        "banku. Kolumny razem: {total}.",
        "gwiazda.legend": "Kolumna gracza: ile wygrał (+) lub przegrał (−) na stawkach, "
        "bez {pool} wpłaconych przez każdego do banku. Bank: pieniądze w banku. Gracze i "
        "bank razem: {total}, czyli {players} × {pool} wpłacone.",
    },
    Language.RU: {
        "title": "Запись игры",
        "games": "Игры",
        "current": "Текущая игра",
        "no-game": "В журнале пока нет ни одной игры.",
        "hand": "Сдача",
        "cards": "Карты",
        "trump": "Козырь",
        "total": "Итого",
        "row.duel": "Поединок",
        "row.round": "Сдача",
        "row.deal": "Сдача",
        "settled-by": "Расчёт по",
        "chart.points": "Очки по сдачам",
        "chart.bids-made": "Выполненные заказы",
        "chart.balances": "Балансы",
        "started": "начало {time}",
        "finished": "конец {time}",
        "unfinished": "идёт",
        "abandoned": "брошена {time}",
        "live": "онлайн",
        "offline": "переподключение…",
        "csv": "Скачать CSV",
        "events": "событий: {count}",
        "now": "Сейчас",
        "bid-took": "заказ/взял",
        "stake-note": "({amount})",
        # what the table waits for now, by game and phase: seats as P1..P4
        "oh-hell.due.trump": "{dealer} открывает козырь",
        "oh-hell.due.bidding": "{seat} заказывает",
        "oh-hell.due.play": "{seat} ходит",
        "oh-hell.due.play.else": "{trick_winner} берёт взятку: уберите её",
        "oh-hell.due.bidding.else": "Игроки заказывают",
        "oh-hell.due.over": "Игра окончена",
        "oczko.due.bank": "Банкир {banker} ставит банк",
        "oczko.due.stake": "{punter} ставит (банк {bank})",
        "oczko.due.punter": "{punter} берёт карты, ставка {stake}",
        "oczko.due.banker": "Банкир {banker} берёт против {punter}, ставка {stake}",
        "oczko.due.doubled": "Колода кончилась: бросить карты или перетасовать",
        "oczko.due.take-bank": "Банкир {banker} забирает банк",
        "ochko-21.due.announce-bank": "Банкир {banker} объявляет банк",
        "ochko-21.due.stake": "{seat} ставит (банк {bank})",
        "ochko-21.due.player-draws": "{seat} берёт карты, ставка {stake}",
        "ochko-21.due.banker-draws": "Банкир {banker} берёт против {seat}, ставка {stake}",
        "ochko-21.due.stuk": "Банкир {banker} объявляет стук",
        "ochko-21.due.take-bank": "Банкир {banker} забирает банк",
        "ochko-bank.due.betting": "Игроки ставят",
        "ochko-bank.due.deal": "Банкир {banker} сдаёт",
        "ochko-bank.due.naturals": "Банкир {banker} может проверить очко",
        "ochko-bank.due.play": "{seat}: ещё или хватит, ставка {stake}",
        "ochko-bank.due.dealer": "Банкир {banker} берёт карты",
        "ochko-bank.due.settled": "Сдача рассчитана: игроки ставят",
        "gwiazda.due.pool": "Все вносят в банк",
        "gwiazda.due.stakes": "Понтёры записывают ставки",
        "gwiazda.due.deal": "Банкир {banker} сдаёт из колоды A",
        "gwiazda.due.restake": "Вышедшие могут вернуться",
        "gwiazda.due.cover": "Банкир {banker} покрывает банк",
        "gwiazda.due.guard": "Банкир {banker} выкладывает стражу",
        "gwiazda.due.won-lost": "Банкир {banker} выкладывает карты",
        "gwiazda.due.over": "Сдача рассчитана",
        "stakes": "Ставки: {stakes}",
        # the permanent bank's bets, a game's state, what the totals add up to
        "money-notes": "Под балансом: в скобках ставка, затем выигрыш (+) или проигрыш (−).",
        "ochko-bank.money-notes": "Под балансом: в скобках ставка, затем выигрыш (+) "
        "или проигрыш (−).",
        "ochko-bank.stakes": "Ставки: {stakes}",
        "idle": "давно без ходов",
        "left": "не доиграна",
        "last-move": "последний ход {time}",
        "oh-hell.legend": "Под счётом: заказ/взял и очки за сдачу. Итого: счёт после "
        "последней сдачи.",
        "oczko.legend": "Столбец игрока: сколько он выиграл (+) или проиграл (−); банк, "
        "поставленный банкиром, считается внесённым. Банк: деньги в банке. Игроки и банк "
        "вместе: {total}.",
        "ochko-21.legend": "Столбец игрока: сколько он выиграл (+) или проиграл (−); банк, "
        "поставленный банкиром, считается внесённым. Банк: деньги в банке. Игроки и банк "
        "вместе: {total}.",
        "ochko-bank.legend": "Столбец игрока: сколько он выиграл (+) или проиграл (−). "
        "{banker} — банкир: банк — его собственные деньги, и его столбец — итог банка. "
        "Столбцы вместе: {total}.",
        "gwiazda.legend": "Столбец игрока: сколько он выиграл (+) или проиграл (−) на "
        "ставках, без {pool}, внесённых каждым в банк. Банк: деньги в банке. Игроки и банк "
        "вместе: {total} — это {players} × {pool} взносов.",
    },
}

LANGUAGE_NAMES: Mapping[Language, str] = {
    Language.EN: "English",
    Language.PL: "Polski",
    Language.RU: "Русский",
}


def sheet_text(key: str, language: Language, **values: object) -> str:
    return SHEET_TEXTS[language][key].format(**values)


class UnknownLanguage(ValueError):
    """A ``lang`` asked for that the sheet does not speak."""


def parse_language(code: str) -> Language:
    try:
        return Language(code)
    except ValueError:
        names = ", ".join(language.value for language in Language)
        raise UnknownLanguage(f'lang "{code[:20]}" is not one of {names}') from None


def accepted_language(header: str | None, fallback: Language) -> Language:
    """The phone's most wanted language that the sheet speaks (``Accept-Language``, by
    its q-values), else ``fallback`` (the box's language)."""
    best: tuple[float, Language] | None = None
    for item in (header or "").split(","):
        tag, _, params = item.strip().partition(";")
        primary = tag.strip().split("-")[0].lower()
        try:
            language = Language(primary)
        except ValueError:
            continue
        weight = _quality(params)
        if weight > 0 and (best is None or weight > best[0]):
            best = (weight, language)
    return fallback if best is None else best[1]


def _quality(params: str) -> float:
    for param in params.split(";"):
        name, _, value = param.strip().partition("=")
        if name.strip() == "q":
            try:
                return float(value)
            except ValueError:
                return 0.0
    return 1.0
