"""The running app's own words on the screen (camera and journal trouble, entering a
card by hand), in the three languages of the screens."""

from __future__ import annotations

from collections.abc import Mapping

from companion.ui.texts import Language

ENGLISH: Mapping[str, str] = {
    "buttons.lost": "No buttons: retrying",
    "camera.lost": "Camera lost: retrying",
    "camera.none": "No camera",
    "display.lost": "No display: retrying",
    "entry.card": "Card on {zone}",
    "entry.clear": "Clear {zone}",
    "entry.hint-rank": "▲▼ rank, OK: suit",
    "entry.hint-suit": "▲▼ suit, OK: enter",
    "entry.menu": "Menu",
    "entry.title": "Table",
    "journal.full": "Disk full: not recorded. The game so far is safe.",
    "journal.moved": "Journal: an unknown file was moved aside; a new journal started.",
    "journal.repaired": "Journal repaired: nothing was lost.",
    "journal.repaired-lost": "Journal repaired: {lost} moves could not be read.",
    "journal.repaired-one": "Journal repaired: 1 move could not be read.",
    "journal.repaired-some": "Journal repaired: some moves could not be read.",
    "journal.failed": "Not recorded: {reason}",
    "refused.table": "{line}: {reason}",
}
POLISH: Mapping[str, str] = {
    "buttons.lost": "Brak przycisków: ponawiam",
    "camera.lost": "Brak kamery: ponawiam",
    "camera.none": "Bez kamery",
    "display.lost": "Brak ekranu: ponawiam",
    "entry.card": "Karta: {zone}",
    "entry.clear": "Zbierz: {zone}",
    "entry.hint-rank": "▲▼ figura, OK: kolor",
    "entry.hint-suit": "▲▼ kolor, OK: wpisz",
    "entry.menu": "Menu",
    "entry.title": "Stół",
    "journal.full": "Dysk pełny: nie zapisano. Dotychczasowa gra jest bezpieczna.",
    "journal.moved": "Dziennik: nieznany plik odłożono na bok; zaczęto nowy dziennik.",
    "journal.repaired": "Dziennik naprawiony: nic nie zginęło.",
    "journal.repaired-lost": "Dziennik naprawiony: nie odczytano ruchów: {lost}.",
    "journal.repaired-one": "Dziennik naprawiony: nie odczytano jednego ruchu.",
    "journal.repaired-some": "Dziennik naprawiony: części ruchów nie odczytano.",
    "journal.failed": "Nie zapisano: {reason}",
    "refused.table": "{line}: {reason}",
}
RUSSIAN: Mapping[str, str] = {
    "buttons.lost": "Нет кнопок: повтор",
    "camera.lost": "Нет камеры: повтор",
    "camera.none": "Без камеры",
    "display.lost": "Нет экрана: повтор",
    "entry.card": "Карта: {zone}",
    "entry.clear": "Убрать: {zone}",
    "entry.hint-rank": "▲▼ номинал, OK: масть",
    "entry.hint-suit": "▲▼ масть, OK: ввод",
    "entry.menu": "Меню",
    "entry.title": "Стол",
    "journal.full": "Диск полон: не записано. Игра до сих пор цела.",
    "journal.moved": "Журнал: чужой файл отложен, начат новый журнал.",
    "journal.repaired": "Журнал восстановлен: ничего не потеряно.",
    "journal.repaired-lost": "Журнал восстановлен: не прочитано ходов: {lost}.",
    "journal.repaired-one": "Журнал восстановлен: не прочитан один ход.",
    "journal.repaired-some": "Журнал восстановлен: часть ходов не прочитана.",
    "journal.failed": "Не записано: {reason}",
    "refused.table": "{line}: {reason}",
}
APP_TEXTS: Mapping[Language, Mapping[str, str]] = {
    Language.EN: ENGLISH,
    Language.PL: POLISH,
    Language.RU: RUSSIAN,
}


def app_say(key: str, language: Language, **values: object) -> str:
    return APP_TEXTS[language][key].format(**values)
