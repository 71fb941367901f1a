"""Deck prototypes: naming photos, saving and loading, relabelling by similarity."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card
from companion.vision.enrolment import (
    AGREEMENT,
    CORNER_AGREEMENT,
    MIN_CORNER_PHOTOS,
    MIN_SIMILARITY,
    PHOTOS_PER_CARD,
    PROTOTYPE_MARGIN,
    DeckPrototypes,
    EnrolmentCrops,
    EnrolmentError,
    Relabelled,
    build_prototypes,
    card_from_file_name,
    cards_short_of_photos,
    deck_corners,
    prototypes_from_crops,
)
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from companion.vision.merging import CornerIndices

TWO, FOUR = CornerIndices.TWO, CornerIndices.FOUR


@pytest.mark.parametrize(
    ("name", "card"), [("QH.jpg", "QH"), ("10S_01.png", "10S"), ("TD-front.jpeg", "10D")]
)
def test_card_from_file_name(name: str, card: str) -> None:
    assert card_from_file_name(Path(name)) == Card.parse(card)


def test_file_name_without_a_card_is_a_clear_error() -> None:
    with pytest.raises(EnrolmentError, match="must start with the card"):
        card_from_file_name(Path("holiday.jpg"))


def test_cards_short_of_photos_are_named_once_in_deck_order() -> None:
    photos = [Card.parse("QH")] * PHOTOS_PER_CARD + [Card.parse("AS"), Card.parse("2C")] * 2
    assert cards_short_of_photos(photos) == sorted(
        [Card.parse("AS"), Card.parse("2C")], key=lambda card: card.sort_key
    )
    assert cards_short_of_photos([Card.parse("QH")] * PHOTOS_PER_CARD) == []


def _unit(*values: float) -> np.ndarray:
    vector = np.array(values, dtype=np.float32)
    return vector / np.linalg.norm(vector)


def test_prototypes_round_trip_and_relabel(tmp_path: Path) -> None:
    queen, king, seven = np.eye(4, dtype=np.float32)[:3]
    prototypes = build_prototypes(
        [
            (Card.parse("QH"), queen[None]),
            (Card.parse("KS"), king[None]),
            (Card.parse("7C"), seven[None]),
        ],
        model="abc123",
    )
    path = tmp_path / "deck.npz"
    prototypes.save(path)
    loaded = DeckPrototypes.load(path)
    assert set(loaded.cards) == {Card.parse("QH"), Card.parse("KS"), Card.parse("7C")}
    assert loaded.model == "abc123"
    # clearly the queen's prototype: named by it whatever the model read
    named = loaded.relabel(Card.parse("2C"), 0.7, _unit(1.0, 0.1, 0.0, 0.2))
    assert named.card == Card.parse("QH") and named.score >= MIN_SIMILARITY
    assert named.by_prototype  # accepted even though the similarity is below the threshold
    # between two prototypes: the model's read stands when the index looks like its card
    between = _unit(0.75, 0.7, 0.0, 0.0)
    assert between @ king >= AGREEMENT
    assert (between @ queen) - (between @ king) < PROTOTYPE_MARGIN
    assert loaded.relabel(Card.parse("KS"), 0.99, between) == Relabelled(
        Card.parse("KS"), 0.99, by_prototype=False
    )
    # like no prototype: a confident read of an enrolled card is not trusted (an unknown
    # letter read as a known one), and a card that was not enrolled is not in the deck
    unlike = _unit(0.0, 0.0, 0.0, 1.0)
    assert loaded.relabel(Card.parse("KS"), 0.99, unlike).card is None
    assert loaded.relabel(Card.parse("2C"), 0.99, between).card is None


@pytest.mark.parametrize("made_as", [1, 2])
def test_a_deck_file_of_an_older_teach_is_refused_with_advice(tmp_path: Path, made_as: int) -> None:
    path = tmp_path / "old.npz"
    np.savez(path, format=np.array(made_as), cards=np.array(["QH"]), vectors=np.ones((1, 64)))
    with pytest.raises(EnrolmentError, match="run companion teach again"):
        DeckPrototypes.load(path)


def _crops(*shades: int) -> np.ndarray:
    """Plain crops of the given grey levels."""
    return np.stack([np.full((CROP_HEIGHT, CROP_WIDTH, 3), shade, np.uint8) for shade in shades])


def _by_shade(crops: np.ndarray) -> np.ndarray:
    """A stand-in for a model's features: a unit vector turned by the crop's grey level."""
    angle = crops.mean(axis=(1, 2, 3)) / 255 * np.pi / 2
    return np.stack([np.cos(angle), np.sin(angle)], axis=1).astype(np.float32)


def _taught() -> DeckPrototypes:
    crops = EnrolmentCrops.gather(
        [
            (Card.parse("QH"), _crops(0, 10)),
            (Card.parse("7S"), _crops(250)),
            (Card.parse("QH"), _crops(20)),
        ]
    )
    return prototypes_from_crops(crops, _by_shade, model="abc123")


def test_prototypes_are_the_mean_features_of_the_crops_of_each_card() -> None:
    taught = _taught()
    assert taught.cards == (Card.parse("7S"), Card.parse("QH"))  # deck order
    assert taught.crops is not None and len(taught.crops.cards) == 4
    queen = _by_shade(_crops(0, 10, 20)).mean(axis=0)
    np.testing.assert_allclose(taught.vectors[1], queen / np.linalg.norm(queen), rtol=1e-6)
    np.testing.assert_allclose(taught.vectors[0], _by_shade(_crops(250))[0], rtol=1e-6)


def test_the_crops_are_kept_in_the_deck_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.npz"
    _taught().save(path)
    loaded = DeckPrototypes.load(path)
    assert loaded.crops is not None
    assert loaded.crops.cards == (Card.parse("QH"),) * 2 + (Card.parse("7S"), Card.parse("QH"))
    np.testing.assert_array_equal(loaded.crops.images, _crops(0, 10, 250, 20))


def test_under_the_model_that_made_them_the_prototypes_stand() -> None:
    taught = _taught()

    def never(crops: np.ndarray) -> np.ndarray:
        raise AssertionError("the crops were read again")

    assert taught.for_model("abc123", never) is taught


def test_under_another_model_the_prototypes_are_made_again_from_the_crops() -> None:
    taught = _taught()

    def dimmer(crops: np.ndarray) -> np.ndarray:  # another model sees the crops otherwise
        return _by_shade(crops // 2)

    again = taught.for_model("def456", dimmer)
    assert again.model == "def456"
    assert again.cards == taught.cards and again.crops is taught.crops
    assert taught.crops is not None
    expected = prototypes_from_crops(taught.crops, dimmer, model="def456")
    np.testing.assert_allclose(again.vectors, expected.vectors)
    assert not np.allclose(again.vectors, taught.vectors)


def test_without_crops_prototypes_of_another_model_are_refused_with_advice(
    tmp_path: Path,
) -> None:
    path = tmp_path / "format3.npz"  # what teach wrote before it kept the crops
    np.savez(
        path,
        format=np.array(3),
        cards=np.array(["QH"]),
        vectors=np.ones((1, 4)),
        model=np.array("abc123"),
    )
    prototypes = DeckPrototypes.load(path)
    assert prototypes.crops is None
    assert prototypes.for_model("abc123", _by_shade) is prototypes
    with pytest.raises(EnrolmentError, match=r"another reader model.*teach again"):
        prototypes.for_model("def456", _by_shade)


def test_crops_of_another_size_are_refused_under_another_model() -> None:
    odd = EnrolmentCrops((Card.parse("QH"),), np.zeros((1, 10, 10, 3), np.uint8))
    prototypes = DeckPrototypes(_taught().cards, _taught().vectors, "abc123", odd)
    with pytest.raises(EnrolmentError, match=r"another reader model.*teach again"):
        prototypes.for_model("def456", _by_shade)


def test_a_deck_file_whose_crops_do_not_match_their_cards_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "deck.npz"
    _taught().save(path)
    with np.load(path) as data:
        arrays = dict(data)
    arrays["crop_cards"] = arrays["crop_cards"][:2]
    np.savez(path, **arrays)
    with pytest.raises(EnrolmentError, match=r"deck\.npz: the deck file's crops are damaged"):
        DeckPrototypes.load(path)


def test_corrupt_deck_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "deck.npz"
    path.write_bytes(b"not a deck")
    with pytest.raises(EnrolmentError, match=r"not a deck file made by companion teach \(not an"):
        DeckPrototypes.load(path)


def test_a_deck_file_missing_or_a_folder_is_named_as_such(tmp_path: Path) -> None:
    with pytest.raises(EnrolmentError, match=r"gone\.npz: no such deck file"):
        DeckPrototypes.load(tmp_path / "gone.npz")
    with pytest.raises(EnrolmentError, match="is a folder, not a deck file"):
        DeckPrototypes.load(tmp_path)


def test_an_archive_without_prototypes_is_not_a_deck_file(tmp_path: Path) -> None:
    path = tmp_path / "other.npz"
    np.savez(path, weights=np.zeros(3))
    with pytest.raises(EnrolmentError, match="it lacks cards and vectors"):
        DeckPrototypes.load(path)


def test_enrolling_nothing_is_an_error() -> None:
    with pytest.raises(EnrolmentError, match="no card was enrolled"):
        build_prototypes([], model="abc123")


@settings(max_examples=30, deadline=None)
@given(
    cards=st.lists(st.sampled_from(["QH", "7S", "AD", "10C", "KS"]), min_size=1, max_size=12),
    seed=st.integers(0, 2**16),
)
def test_a_saved_deck_made_again_by_the_same_features_is_the_same_deck(
    tmp_path_factory: pytest.TempPathFactory, cards: list[str], seed: int
) -> None:
    """Teaching, saving, loading and making the prototypes again from the kept crops
    (as a model update does, here with the same features) changes nothing."""
    rng = np.random.default_rng(seed)
    photos = [
        (
            Card.parse(name),
            rng.integers(0, 256, (int(rng.integers(1, 5)), CROP_HEIGHT, CROP_WIDTH, 3), np.uint8),
        )
        for name in cards
    ]
    taught = prototypes_from_crops(EnrolmentCrops.gather(photos), _by_shade, model="abc123")
    path = tmp_path_factory.mktemp("deck") / "deck.npz"
    taught.save(path)
    again = DeckPrototypes.load(path).for_model("def456", _by_shade)
    assert (
        again.cards
        == taught.cards
        == tuple(sorted({card for card, _ in photos}, key=lambda c: c.sort_key))
    )
    np.testing.assert_allclose(again.vectors, taught.vectors, atol=1e-6)


def test_the_corners_a_deck_prints_its_index_in_are_what_nearly_all_its_photos_say() -> None:
    assert deck_corners([TWO] * 9 + [FOUR]) is TWO  # a corner missed or a false read
    assert deck_corners([FOUR] * 20 + [None] * 30) is FOUR  # photos saying nothing
    assert deck_corners([TWO] * 7 + [FOUR] * 3) is None  # no clear answer: not known
    assert deck_corners([TWO] * (MIN_CORNER_PHOTOS - 1) + [None] * 10) is None  # too few
    assert deck_corners([]) is None


@given(st.lists(st.sampled_from([TWO, FOUR, None]), max_size=40))
def test_a_deck_is_given_the_corners_only_its_photos_agree_on(
    evidence: list[CornerIndices | None],
) -> None:
    said = [kind for kind in evidence if kind is not None]
    decided = deck_corners(evidence)
    if decided is None:
        assert len(said) < MIN_CORNER_PHOTOS or all(
            said.count(kind) < CORNER_AGREEMENT * len(said) for kind in CornerIndices
        )
    else:
        assert len(said) >= MIN_CORNER_PHOTOS
        assert said.count(decided) >= CORNER_AGREEMENT * len(said)


@pytest.mark.parametrize("corners", [TWO, FOUR, None])
def test_the_corners_learned_are_kept_in_the_deck_file_and_under_another_model(
    tmp_path: Path, corners: CornerIndices | None
) -> None:
    path = tmp_path / "deck.npz"
    _taught().with_corners(corners).save(path)
    loaded = DeckPrototypes.load(path)
    assert loaded.corners is corners
    assert loaded.for_model("def456", _by_shade).corners is corners


def test_a_deck_file_with_corners_of_no_known_kind_is_refused_naming_the_key(
    tmp_path: Path,
) -> None:
    path = tmp_path / "deck.npz"
    _taught().save(path)
    with np.load(path) as data:
        arrays = dict(data)
    arrays["corner_indices"] = np.array("three")
    np.savez(path, **arrays)
    with pytest.raises(
        EnrolmentError, match=r"deck\.npz: the deck file's corner_indices is 'three'"
    ):
        DeckPrototypes.load(path)
