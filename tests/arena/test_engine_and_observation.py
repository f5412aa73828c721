"""The engine checks every answer; an observation holds only what the seat may know."""
import random

import pytest
from arbitre.arena.dealing import SEATS_OF_POSITIONS
from arbitre.arena.engine import PlayerError, play_deal
from arbitre.arena.match import cut, shuffled
from arbitre.arena.observation import Observation
from arbitre.arena.players.advanced import AdvancedPlayer
from arbitre.arena.players.memory import MemoryPlayer
from arbitre.arena.players.simple import SimplePlayer
from arbitre.rulings.belote.cards import DECK, Suit


class Taker(SimplePlayer):
    """Takes the turned suit at once, plays like simple."""

    def bid(self, obs):
        return Suit(obs.turned >> 3) if obs.bid_round == 1 else None


class Illegal(SimplePlayer):
    """Plays the first card of its hand that is not legal, when there is one."""

    def play(self, obs):
        bad = obs.hand & ~obs.legal
        return DECK[(bad & -bad).bit_length() - 1] if bad else super().play(obs)


class Raises(SimplePlayer):
    def play(self, obs):
        raise ZeroDivisionError("boom")


def test_an_illegal_card_names_the_card_the_deal_and_the_trick():
    rng = random.Random(3)
    for _ in range(50):
        try:
            play_deal([Taker(), Illegal(), Taker(), Taker()], cut(shuffled(rng), rng), 3, deal_no=7,
                      names=["a", "mine", "c", "d"])
        except PlayerError as err:
            text = err.render("en")
            assert "player 'mine' (seat 2), deal 7, trick " in text and "is not a legal card (legal: " in text
            assert err.render("fr").startswith("joueur « mine » (siège 2), donne 7, pli ")
            return
    pytest.fail("the illegal player was never caught")


def test_a_player_that_raises_is_named_with_the_error():
    with pytest.raises(PlayerError) as info:
        play_deal([Taker(), Raises(), Taker(), Taker()], list(range(32)), 3, names=["a", "b", "c", "d"])
    text = info.value.render("en")
    assert text.startswith("player 'b' (seat 2), deal 1, trick ") and text.endswith(": play raised ZeroDivisionError: boom")


def test_a_call_in_the_wrong_suit_is_refused():
    class Wrong(SimplePlayer):
        def bid(self, obs):
            return Suit((obs.turned >> 3) ^ 1)

    with pytest.raises(PlayerError) as info:
        play_deal([Wrong()] * 4, list(range(32)), 3)
    assert "invalid call" in info.value.render("en") and "round 1" in info.value.render("en")


def test_observation_json_round_trip():
    rng = random.Random(1)
    seen = []

    class Spy(SimplePlayer):
        def bid(self, obs):
            seen.append(obs)
            return Suit(obs.turned >> 3) if obs.bid_round == 1 else None

        def play(self, obs):
            seen.append(obs)
            return super().play(obs)

    play_deal([Spy() for _ in range(4)], cut(shuffled(rng), rng), 0)
    assert len(seen) > 5
    for obs in seen:
        doc = obs.to_json()
        assert Observation.from_json(doc) == obs
        assert Observation.from_json(obs.dumps()) == obs
        assert set(doc) == {"seat", "dealer", "hand", "turned", "bids", "taker", "trump", "history", "leaders",
                            "legal", "scores", "target"}


def test_from_json_names_the_bad_field():
    from arbitre.rulings.errors import InputError

    doc = Observation(0, 3, 7, 20, (), -1, -1, (), (), 0).to_json()
    doc["hand"] = ["ZZ"]
    with pytest.raises(InputError) as info:
        Observation.from_json(doc)
    assert "field hand" in info.value.render("en")


def _two_packs_differing_only_in_unseen_cards(seed):
    """Two packs: seat 0 (first to speak and lead, dealer 3, taker) gets the same cards, the rest is permuted."""
    rng = random.Random(seed)
    pack = cut(shuffled(rng), rng)
    mine = [i for i, s in enumerate(SEATS_OF_POSITIONS[3][0]) if s == 0] + [20]
    others = [i for i in range(32) if i not in mine]
    values = [pack[i] for i in others]
    rng.shuffle(values)
    other = list(pack)
    for i, v in zip(others, values):
        other[i] = v
    assert other != pack
    return pack, other


@pytest.mark.parametrize("cls", [SimplePlayer, MemoryPlayer, lambda: AdvancedPlayer(budget=4)])
def test_unseen_cards_do_not_change_the_observation_or_the_decision(cls):
    for seed in range(5):
        records = []
        for pack in _two_packs_differing_only_in_unseen_cards(seed):
            tested = cls()
            log = []

            class Seat0(Taker):
                def bid(self, obs, tested=tested, log=log):
                    tested.start_deal(99)
                    log.append((obs, tested.bid(obs)))
                    return super().bid(obs)

                def play(self, obs, tested=tested, log=log):
                    tested.start_deal(99)
                    card = tested.play(obs)
                    log.append((obs, card))
                    raise StopIteration  # only the first lead: later ones depend on what others played

            with pytest.raises(PlayerError):
                play_deal([Seat0(), Taker(), Taker(), Taker()], pack, 3)
            records.append(log)
        assert records[0] == records[1]
