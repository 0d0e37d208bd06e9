"""The terminal's hero tactics list reads numbers as the pages do (T15): only ASCII digits, a few
of them; "²" or "٣" (digits to `str.isdigit`, no number to `int`) are a refusal of the word typed,
never an error that closes the screen."""

import pytest

from gamescreens.tactics.listing import number, settings_from


@pytest.mark.parametrize(
    "word", ["heroes=²", "rounds=٣", "heroes=５", "clock=²+1", "clock=60+٣", "rounds=" + "9" * 5000]
)
def test_t15_a_setting_typed_in_other_digits_is_refused_as_its_word(word):
    with pytest.raises(ValueError) as refused:
        settings_from([word])
    assert str(refused.value) == word


def test_t15_settings_in_ascii_digits_are_read():
    assert settings_from(["heroes=2", "rounds=4", "clock=300+5", "dupes=no"]) == {
        "heroes_per_side": 2,
        "round_limit": 4,
        "clock": {"initial_s": 300, "increment_s": 5},
        "duplicates_across_sides": False,
    }


def test_t15_a_games_number_is_ascii_digits():
    assert number("12") and not number("²") and not number("٣") and not number("1" * 40) and not number("")
