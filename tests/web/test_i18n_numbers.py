"""Hungarian words around a number the code fills in: a suffix ("5-ös", "7-es") and the article
("az 5", "a 7") follow the number's sound, so a text may not fix either around a placeholder (the
square of a kingdom read "5 × 5-es négyzet")."""

from __future__ import annotations

import re

import pytest
from tests.web.test_i18n import PLACEHOLDER, texts

from kingdomino.games.classic.scorer import FRAMES as CLASSIC_FRAMES
from kingdomino.games.origins.scorer import FRAMES as ORIGINS_FRAMES

#: Every size of a kingdom's or a territory's square.
FRAMES = sorted({*CLASSIC_FRAMES, *ORIGINS_FRAMES})
#: A suffix written onto a placeholder ("{n}-es"), or an article before one ("a {n}", "az {n}").
FIXED_AROUND = re.compile(r"\}-\w|(?<!\w)[Aa]z? \{")
#: The Hungarian texts that name a square's size.
SQUARE_KEYS = (
    "why.frame.kingdomino",
    "why.frame.origins",
    "error.out_of_frame",
    "error.out_of_frame.origins",
    "bonus.missed.off_centre.kingdomino",
    "bonus.missed.off_centre.origins",
)


def test_no_hungarian_text_fixes_a_suffix_or_an_article_around_a_placeholder() -> None:
    fixed = {key: text for key, text in texts("hu").items() if FIXED_AROUND.search(text)}
    assert fixed == {}


@pytest.mark.parametrize("frame", FRAMES)
def test_a_square_s_size_reads_right_in_hungarian_for_every_frame(frame: int) -> None:
    hungarian = texts("hu")
    for key in SQUARE_KEYS:
        said = PLACEHOLDER.sub(str(frame), hungarian[key])
        assert f"{frame} × {frame} négyzetnyi" in said, (key, said)
        assert not re.search(rf"{frame}-\w|(?<!\w)[Aa]z? {frame}\b", said), (key, said)
