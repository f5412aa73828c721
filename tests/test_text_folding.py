"""Words are matched accents aside, nothing else aside (rulings.textfold.strip_accents). Found by
tests/test_fuzz_mutation.py: tresillo's readers folded with NFKD and then dropped every
character that is not ASCII, so ``passe٣`` was read as a pass, ``plus ²`` as ``plus 2`` and a
card ``As٣ de bâton`` as the ace: what the user wrote was silently changed."""
from __future__ import annotations

import pytest

from arbitre.rulings.errors import InputError
from arbitre.rulings.textfold import strip_accents
from arbitre.rulings.tresillo.auction import parse_auction
from arbitre.rulings.tresillo.cards import parse_card


def test_strip_accents_removes_accents_only():
    assert strip_accents("Épée Bâton cœur") == "Epee Baton cœur"
    assert strip_accents("passe") == "passe"
    for text in ("²", "٣", "ｓｏｌｏ", "\u200b", "①"):
        assert strip_accents(text) == text


@pytest.mark.parametrize(("auction", "token"), [("passe٣, je joue, passe, passe", "passe٣"),
                                                 ("passe, je joue, plus ², passe, passe", "²"),
                                                 ("passe, je joue, plus ｓｏｌｏ, passe, passe", "ｓｏｌｏ"),
                                                 ("pas\u200bse, je joue, passe, passe", "pas\u200bse")])
def test_a_tresillo_call_with_a_foreign_character_is_refused_by_name(auction, token):
    with pytest.raises(InputError) as caught:
        parse_auction(auction)
    assert token in caught.value.message.get("en")


def test_accented_tresillo_words_still_read():
    assert len(parse_auction("Passe, Je joue, plus Solo en couleur de faveur, passe")) == 4
    assert parse_card("As d'Épée") == parse_card("as d'epee")


@pytest.mark.parametrize("text", ["As٣ d'épée", "As d'épée²", "ａｓ d'épée"])
def test_a_tresillo_card_with_a_foreign_character_is_not_a_card(text):
    with pytest.raises(InputError):
        parse_card(text)


@pytest.mark.parametrize(("auction", "kind"), [("passe, je joue, plus Ⅻ, passe", "Ⅻ"),
                                               ("passe, je joue, je monte Xyz-Abc, passe", "Xyz-Abc")])
def test_an_unknown_kind_is_named_as_written(auction, kind):
    """The kind used to be named as folded (``ⅻ``, ``xyz abc``), which is not what the user wrote."""
    with pytest.raises(InputError) as caught:
        parse_auction(auction)
    assert f"'{kind}'" in caught.value.message.get("en") and f"« {kind} »" in caught.value.message.get("fr")
