"""The browser app's translations: every key in every language, the same placeholders, no key used
by the JavaScript missing."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from kingdomino.agents.levels import SEAT_LEVELS
from kingdomino.ratings.pools import POOLS
from kingdomino.web.refusals import REFUSAL_CODES

STATIC = Path(__file__).resolve().parents[2] / "src" / "kingdomino" / "web" / "static"
LANGUAGES = ("en", "hu", "bg", "uk", "ru")
#: A placeholder, ``{name}``, or ``{a:name}`` with the article its value takes (``articles.js``).
PLACEHOLDER = re.compile(r"\{(?:[aA]:)?(\w+)\}")


def load(language: str) -> dict[str, str]:
    """A language's file as it is, or a failure that names the file and the place of a JSON slip
    (a missing comma fails every test of this module: each says where)."""
    path = STATIC / "i18n" / f"{language}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        slip = f"{path.relative_to(STATIC.parents[3])} is not valid JSON: {error}"
    else:
        slip = ""
    if slip:
        pytest.fail(slip, pytrace=False)
    assert isinstance(data, dict), f"{path.name}: expected one JSON object of key -> text"
    return data


def texts(language: str) -> dict[str, str]:
    data = load(language)
    return {key: value for key, value in data.items() if not key.startswith("_") and "#" not in key}


def plural_forms(language: str) -> dict[str, dict[str, str]]:
    """``key -> {category: text}`` of the plural forms a language gives (``key#one``, ...)."""
    data = load(language)
    forms: dict[str, dict[str, str]] = {}
    for name, value in data.items():
        key, sep, category = name.partition("#")
        if sep:
            forms.setdefault(key, {})[category] = value
    return forms


#: The plural categories of each language's cardinal numbers (CLDR, as Intl.PluralRules selects
#: them for whole numbers).
PLURAL_CATEGORIES = {
    "en": {"one", "other"},
    "hu": {"one", "other"},
    "bg": {"one", "other"},
    "uk": {"one", "few", "many", "other"},
    "ru": {"one", "few", "many", "other"},
}


#: Where a language is listed besides its file (CONTRIBUTING.md, "A language").
LISTED_IN = (
    "static/i18n.js's LANGUAGES, tests/web/test_i18n.py's LANGUAGES, PLURAL_CATEGORIES and "
    "OFF_GLOSSARY, tests/web/browser/pages.py's LANGUAGES"
)


def test_the_i18n_module_lists_the_same_languages() -> None:
    source = (STATIC / "i18n.js").read_text(encoding="utf-8")
    listed = re.search(r"LANGUAGES = \{([^}]*)\}", source)
    assert listed is not None
    assert tuple(re.findall(r"(\w+): \"", listed.group(1))) == LANGUAGES, (
        f"a language is listed in {LISTED_IN}"
    )


def test_every_file_of_the_folder_is_a_listed_language() -> None:
    files = sorted(path.stem for path in (STATIC / "i18n").glob("*.json"))
    assert files == sorted(LANGUAGES), f"static/i18n/*.json: a language is also listed in {LISTED_IN}"
    for table in (PLURAL_CATEGORIES, OFF_GLOSSARY):
        assert sorted(table) == sorted(LANGUAGES), f"a language is listed in {LISTED_IN}"


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_key_exists_with_the_same_placeholders(language: str) -> None:
    english, other = texts("en"), texts(language)
    assert sorted(set(english) - set(other)) == [], (
        f"in en.json, missing from {language}.json: add them there"
    )
    assert sorted(set(other) - set(english)) == [], (
        f"in {language}.json, not in en.json: add them there or remove them"
    )
    for key, value in english.items():
        assert value.strip() and other[key].strip(), f"{key}: an empty text"
        assert set(PLACEHOLDER.findall(value)) == set(PLACEHOLDER.findall(other[key])), (
            f"{key}: {language}.json has other {{placeholders}} than en.json"
        )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_note_says_where_the_words_come_from(language: str) -> None:
    assert load(language).get("_notes"), (
        "each file's _notes says which terms are the rulebook's and which are the translator's"
    )


def test_every_literal_key_used_by_the_javascript_exists() -> None:
    """A key the page asks for and no file has would be shown as the key itself. Every literal key
    counts, whatever its letters (``t("lobby.scorerBox")`` too); keys built at run time
    (``t(`why.${key}`)``) are not seen here."""
    english = texts("en")
    used: set[str] = set()
    for source in STATIC.glob("*.js"):
        used |= set(re.findall(r"\bt(?:Touch)?\(\"([^\"\\]+)\"", source.read_text(encoding="utf-8")))
    assert used, "no t(...) call found"
    assert sorted(used - set(english)) == [], (
        "the JavaScript's t(...) asks for these: add each to static/i18n/en.json and the other languages"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_ai_level_of_the_server_is_worded_in_every_language(language: str) -> None:
    """The page offers the server's levels (``/api/meta``) as ``seat.ai:<level>``; one without
    words would be offered by its bare name."""
    words = texts(language)
    assert [level for level in SEAT_LEVELS if f"seat.ai:{level}" not in words] == []


def test_every_refusal_a_player_meets_is_worded_in_every_language() -> None:
    """The server names the refusals a player can meet (``REFUSAL_CODES``); the page words each by
    its ``error.<code>`` text, so none reaches a Russian page in English (the other languages have
    every English key: above)."""
    english = texts("en")
    assert sorted(code for code in REFUSAL_CODES if f"error.{code}" not in english) == []
    worded = {key.split(".")[1] for key in english if key.startswith("error.")}
    assert sorted(worded - REFUSAL_CODES) == [], "a text for a refusal the server never names"


def test_every_rule_the_engine_names_in_a_refusal_is_worded_in_every_language() -> None:
    """The engine names the rule an illegal move breaks (``Refusal("connect")``) and a bonus missed
    (``Refusal("off_centre")``); the page words each by its key for the game it is met in
    (``why.<key>.<game>``, else ``why.<key>``; ``bonus.missed.…`` alike; or the refusals'
    ``error.<key>``), else shows the engine's English. ``other`` is the engine's catch-all, said in
    its own words."""
    source = STATIC.parents[1]
    games_of = {"classic": ["kingdomino"], "origins": ["origins"], "duel": ["duel"]}
    games_of["domino"] = games_of["classic"] + games_of["origins"]  # the two domino games' shared rules
    met: dict[str, set[str]] = {}
    for path in (source / "games").rglob("*.py"):
        for match in re.finditer(r'Refusal\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")):
            met.setdefault(match.group(1), set()).update(games_of[path.parent.name])
    assert {"connect", "off_centre", "draw_held_dice"} <= set(met), met  # the scan finds them
    english = texts("en")
    unworded = sorted(
        f"{key} ({game})"
        for key, games in met.items()
        if key != "other"
        for game in games
        if not any(
            f"{kind}.{key}" in english or f"{kind}.{key}.{game}" in english
            for kind in ("why", "bonus.missed")
        )
        and f"error.{key}" not in english
    )
    assert unworded == [], f"add why.<key>[.<game>] to every i18n/*.json for: {unworded}"


def test_every_touch_screen_text_has_the_text_it_replaces() -> None:
    """A ``key_touch`` text ("tap") stands in for ``key`` ("point", "click") on a touch screen."""
    english = texts("en")
    touch = [key for key in english if key.endswith("_touch")]
    assert touch, "no touch screen text"
    assert [key for key in touch if key.removesuffix("_touch") not in english] == []


def test_every_log_line_has_its_second_person_form() -> None:
    """A seat named "You" gets its own sentence ("You chose", "Your king"): a name does not fit there."""
    english = texts("en")
    source = (STATIC / "words.js").read_text(encoding="utf-8")
    named = {key for key in english if key.startswith("log.") and "{name}" in english[key]}
    assert set(re.findall(r"\bdid\(\"([a-z0-9_.]+)\"", source)) <= named
    assert len(named) >= 26, named
    for key in named:
        assert "{name}" not in english[f"{key}_you"], key


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_forms_give_every_category_of_their_language(language: str) -> None:
    """A counted text with plural forms (``key#one``, ``key#few``...) has one for each category
    of its language, the base key exists, and every form keeps the base's placeholders and says
    the number, but for a list of names (``LISTED_NAMES``: "Победители: Анна и Борис")."""
    base = texts(language)
    for key, forms in plural_forms(language).items():
        assert key in base, key
        assert set(forms) == PLURAL_CATEGORIES[language], key
        for text in forms.values():
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(base[key])), key
            assert "{n}" in text or key in LISTED_NAMES, key


@pytest.mark.parametrize("language", LANGUAGES)
def test_caveman_figures_come_from_the_games_data_not_the_translations(language: str) -> None:
    """What a caveman scores is a figure of the component data (the view's ``tribe``): each
    translation has a ``{n}`` where the points go and restates no figure but the 8 squares."""
    data = json.loads((STATIC.parents[1] / "games" / "data" / "origins.json").read_text(encoding="utf-8"))
    scoring = [c["id"] for c in data["cavemen"] if c.get("points")]
    every = texts(language) | {
        f"{k}#{c}": v for k, forms in plural_forms(language).items() for c, v in forms.items()
    }
    for key, text in every.items():
        kind = key.removeprefix("caveman.").split(".")[0]
        if key.startswith("caveman.") and ".scores" in key and kind in scoring:
            assert "{n}" in text or key in LISTED_NAMES, key
            assert not re.search(r"\d", re.sub(r"\b8\b", "", text)), key


#: Words that name a game term otherwise than the rulebook does (GLOSSARY.md), per language and
#: the keys they may not appear in: the rulebook's word on one screen and a synonym on the next
#: read as two different things. (pattern, keys, the glossary's word)
OFF_GLOSSARY = {
    "en": [
        (
            r"\bregions?\b",
            r"^(help\.kingdomino|guide|tie\.rule\.kingdomino|tie\.largest_territory|sheet\.territory)",
            "territory (Kingdomino)",
        ),
        (r"\bfire markers?\b", r".", "fire token (Origins)"),
        (r"(?<!tribe )\bchiefs?\b", r".", "tribe chief (Origins)"),
    ],
    "hu": [
        (r"\btáj", r".", "tereptípus (terrain)"),
        (r"\bmező", r".", "négyzet (square)"),
        (r"\brét\b", r".", "füves terület (grassland, Origins)"),
    ],
    "bg": [(r"\bкарта", r".", "лист (Duel's map)"), (r"изхвърл", r".", "се изважда от игра (discard)")],
    "uk": [(r"\bмап[аиіу]", r".", "карта (map)"), (r"місцевіст", r".", "ландшафт (terrain)")],
    "ru": [(r"местност", r".", "ландшафт (terrain)")],
}


def words_off(
    table: Iterable[tuple[str, str, str]], every: Iterable[tuple[str, str]]
) -> list[tuple[str, str]]:
    """Where a text says a word ``table`` keeps off: for each of the ``table``'s (the word's
    pattern, the pattern of the keys it is kept off, the word to say) and each of ``every``'s
    (key, text), the key and the word to say where the text says the word."""
    said = list(every)
    return [
        (key, word)
        for pattern, keys, word in table
        for key, text in said
        if re.search(keys, key) and re.search(pattern, text, re.IGNORECASE)
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_game_terms_are_the_rulebooks_words(language: str) -> None:
    every = texts(language) | {
        f"{k}#{c}": v for k, forms in plural_forms(language).items() for c, v in forms.items()
    }
    assert words_off(OFF_GLOSSARY[language], every.items()) == []


#: A quoted label in each language's quotation marks ("…", „…”, „…“, «…»).
QUOTED = re.compile(r"\"([^\"{}]+)\"|„([^”“{}]+)[”“]|«([^»{}]+)»")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_button_or_heading_named_in_the_rules_and_tips_reads_as_on_screen(language: str) -> None:
    """A tip's 'tap again, then "Place here"': the quoted words are a text of the page in the same form
    (the start of it at least: "All legal moves" of "All legal moves (keyboard)"), not a politer
    imperative than the button's, nor a declined heading ("в «Следующей линии»")."""
    every = texts(language)
    named = [
        (key, label)
        for key, text in every.items()
        if key.startswith(("help.", "guide.", "place.", "scorer.how"))
        for match in QUOTED.finditer(text)
        for label in [next(group for group in match.groups() if group)]
        if not any(other.startswith(label) for other in every.values())
    ]
    assert named == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rating_pool_is_named_with_its_game_s_name_in_the_language(language: str) -> None:
    """The leaderboards' tabs and a player's ratings name the game as the rest of the page does:
    "Kingdomino Истоки, 2 игрока" beside a game titled "Kingdomino Истоки" (they said "Kingdomino
    Origins" in every language, and Bulgarian pages wrote "Кингдомино" everywhere else)."""
    every = texts(language)
    wrong = [
        (pool, every[f"pool.{pool}"])
        for game, sizes in POOLS.items()
        for pool in sizes.values()
        if not every[f"pool.{pool}"].startswith(every[f"game.{game}"])
    ]
    assert wrong == []


def every_text(language: str) -> dict[str, str]:
    """Every text of a language, its plural forms too (``key#few``)."""
    return texts(language) | {
        f"{k}#{c}": v for k, forms in plural_forms(language).items() for c, v in forms.items()
    }


#: The informal "you" of the languages that say вы/ви to the player ("твой ход" beside "Ваши игры"
#: on one page); Bulgarian buttons' short imperatives (Отвори, Запази) are no pronoun.
INFORMAL_YOU = {
    "bg": r"(?<!\w)(ти|твой|твоя|твоят|твоите|твоето|теб|тебе)(?!\w)",
    "uk": r"(?<!\w)(ти|твій|твоя|твоє|твої|твого|твоєї|твоїх|твоїй|твоїм|твою|тебе|тобі|тобою)(?!\w)",
    "ru": r"(?<!\w)(ты|твой|твоя|твоё|твои|твоей|твоих|твоего|твою|твоём|тебя|тебе|тобой)(?!\w)",
}


@pytest.mark.parametrize("language", sorted(INFORMAL_YOU))
def test_the_player_is_addressed_one_way_in_a_language(language: str) -> None:
    """bg, uk and ru say вы/ви to the player; the account's texts said ты/ти."""
    every = every_text(language)
    informal = [
        (key, text) for key, text in every.items() if re.search(INFORMAL_YOU[language], text, re.IGNORECASE)
    ]
    assert informal == []


#: The polite "you" of bg, uk and ru with its capital letter, and where it stands: the page's words
#: are written to whoever reads them, not in a letter to one person, so the pronoun takes its
#: capital at a sentence's start alone ("Пазят се с профила ви", not "профила Ви"): the languages'
#: spelling rules and Microsoft's style guides for software; the rulebooks say "ви" too.
POLITE_YOU = {
    "bg": r"Вие|Ви|Вас|Ваш\w*",
    "uk": r"Ви|Вас|Вам|Вами|Ваш\w*",
    "ru": r"Вы|Вас|Вам|Вами|Ваш\w*",
}


@pytest.mark.parametrize("language", sorted(POLITE_YOU))
def test_the_polite_you_is_lowercase_within_a_sentence(language: str) -> None:
    """Bulgarian said "с профила Ви" on one page and "вашите игри" on the next (Ukrainian and
    Russian the same): within a sentence the pronoun is lowercase, its capital at a start alone."""
    pronoun = re.compile(rf"(?<![^\W\d_])({POLITE_YOU[language]})(?![^\W\d_])")
    capital = [
        (key, text[max(0, found.start() - 20) : found.end()])
        for key, text in every_text(language).items()
        for found in pronoun.finditer(text)
        if text[: found.start()].rstrip()[-1:] not in ("", ".", "!", "?", "…")
    ]
    assert capital == []


#: The texts of a game a player called off (the button "Call the game off", and what it did).
ABORT_KEYS = (
    r"^(game\.abort|end\.(you_)?aborted|games\.(you_)?called_off|notify\.aborted|rematch\.called_off$)"
)

#: Words that name a concept of the site (not the rulebook's: GLOSSARY.md is for those) otherwise
#: than the rest of the language's texts do, and the keys they may not appear in: "главная
#: страница" in the back link to the page the open seats call "лобби", a "класирана игра" beside
#: the lobby's "С рейтинг". (pattern, keys, the word the texts use)
ONE_WORD = {
    "en": [
        (r"\babort", r".", "call off (a game called off, before it began or by a player)"),
        (r"\btime control", r".", "clock"),
    ],
    "hu": [
        (r"\belőt[eé]r", r".", "kezdőlap (the lobby)"),
        (r"lefúj", r".", "megszakít (a game a player aborted)"),
    ],
    "bg": [
        (r"началн\w* страниц", r".", "лобито (the lobby)"),
        (r"класиран\w* игр", r".", "игра с рейтинг (a rated game)"),
        (r"отказ", r"^(lobby|status)\.", "отменя, отменена (a game called off)"),
        (r"отмен", ABORT_KEYS, "прекратява (a game a player aborted)"),
    ],
    "uk": [(r"головн\w* сторінк", r".", "лобі (the lobby)"), (r"контроль часу", r".", "годинник (clock)")],
    "ru": [
        (r"главн\w* страниц", r".", "лобби (the lobby)"),
        (r"аккаунт", r".", "учётная запись (account)"),
        (r"контроль времени", r".", "часы (clock)"),
    ],
}


@pytest.mark.parametrize("language", sorted(ONE_WORD))
def test_one_concept_has_one_word_in_a_language(language: str) -> None:
    """A site's concept keeps its word from one screen to the next (the lobby, a rated game, a clock)."""
    every = every_text(language)
    assert words_off(ONE_WORD[language], every.items()) == []


def test_a_rating_is_an_ertekszam_in_hungarian() -> None:
    """A player's rating is their "értékszám" on every screen: the statistics' "Rating over time"
    read "A pontszám alakulása" (how the score went) over a graph of ratings, and the account's
    data to download and its closing said "pontszám" (score) for the ratings too."""
    english, hungarian = every_text("en"), every_text("hu")
    rating = re.compile(r"\bratings?\b", re.IGNORECASE)
    scores = [
        key for key, text in english.items() if rating.search(text) and "pontszám" in hungarian[key].lower()
    ]
    assert scores == []


#: The code that speaks English to people who read it as it is: the server's refusals (their
#: ``message``, what a client that is not the page shows) and ``kingdomino bot``'s lines.
SERVER_ENGLISH = (
    STATIC.parent,
    *(STATIC.parents[1] / "cli" / name for name in ("bot.py", "bot_command.py", "bot_door.py")),
)


def server_english() -> list[tuple[str, str]]:
    """The sentences of ``SERVER_ENGLISH``'s code, each with its place ("endings.py:82"): every
    string of it with a space in it (a sentence, or a part of an f-string's), docstrings left out.
    Words alone ("aborted", a status) are the API's names, not English for people."""
    sentences = []
    for root in SERVER_ENGLISH:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            tree = ast.parse(path.read_text(encoding="utf-8"))
            alone = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}  # docstrings
            sentences += [
                (f"{path.name}:{node.lineno}", node.value)
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in alone
                if " " in node.value
            ]
    return sentences


def test_the_server_says_a_concept_in_the_page_s_english_word() -> None:
    """The server refused to abort a game that "can no longer be aborted" (``abort_too_late``)
    where the page says "called off": a client showing the server's English said the other word."""
    every = server_english()
    assert any("can no longer be" in text for _, text in every)  # the refusals are read
    assert words_off([(pattern, r".", word) for pattern, _, word in ONE_WORD["en"]], every) == []


#: The texts the code fills with a list of names ("Anna and Boris"): each with ``{names}``, and
#: these, whose ``{name}`` is a list too (two players who joined between two looks, a shared win).
LISTED_NAMES = ("notify.joined", "notify.lost")
#: A player's name made the subject of a verb in the singular ("Игрок {name} присоединился"), which
#: a list of names breaks: such a text names them after a colon, the verb in the plural.
ONE_PLAYER_SUBJECT = {"bg": r"Играч \{", "uk": r"Гравець \{", "ru": r"Игрок \{"}


@pytest.mark.parametrize("language", sorted(ONE_PLAYER_SUBJECT))
def test_a_list_of_names_is_never_one_player_s_subject(language: str) -> None:
    """ "Игрок Анна и Борис присоединился" was the notification of two players joining a game."""
    every = texts(language)
    listed = [key for key, text in texts("en").items() if "{names}" in text or key in LISTED_NAMES]
    wrong = [(key, every[key]) for key in listed if re.search(ONE_PLAYER_SUBJECT[language], every[key])]
    assert wrong == []


#: Latin words a Cyrillic text may keep: the game's name where a language keeps it, the Origins
#: species' name, the command line's words and the page addresses a text quotes, and the name of
#: a file's format (CSV) as spreadsheets write it.
LATIN_KEPT = re.compile(r"[Kk]ingdomino|Homo|Habilis|game|host|kingdom|score|seed|serve|txt|CSV")
#: English words of online play a translation would have left untranslated (Hungarian writes
#: Latin letters, so it is checked by these; "link", "online" and "bot" are Hungarian too).
ENGLISH_LEFT = re.compile(
    r"(?<![\w/])(rated|ratings?|ranked|lobby|seats?|rematch|leaderboards?|casual|clocks?|guests?|"
    r"passwords?|accounts?|spectators?|replays?|forfeit|provisional|pools?|join|invites?|log ?in|"
    r"log ?out|players?|games?|waiting|called off)(?![\w/])",
    re.IGNORECASE,
)


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_no_english_left_in_a_translation(language: str) -> None:
    """No online play word left in English; no Latin word in a Cyrillic text but those it quotes."""
    every = every_text(language)
    left = [(key, text) for key, text in every.items() if ENGLISH_LEFT.search(PLACEHOLDER.sub("", text))]
    if language != "hu":
        left += [
            (key, word)
            for key, text in every.items()
            for word in re.findall(r"[A-Za-z]{2,}", PLACEHOLDER.sub("", text))
            if not LATIN_KEPT.fullmatch(word)
        ]
    assert left == []
