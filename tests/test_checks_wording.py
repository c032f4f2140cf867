"""The one "is it mentioned" comparison (checker/checks/wording.py) that AWW006 (an effect the explanation never
mentions) and POP001 (a qualifier the auto-resolution note drops) both read a summary with."""

from __future__ import annotations

from checker.checks.wording import mentions, mentions_any
from checker.core.model import Effect
from checker.games.awaw.checks.aww006_effect_not_explained import mentioned
from checker.games.pop.checks.pop001_auto_resolution_drops import drops


def test_a_word_is_mentioned_from_a_word_boundary():
    assert mentions("diplomacy in Hungary.", "Hungary")
    assert not mentions("diplomacy in SubHungary.", "Hungary")  # not inside another word
    assert not mentions("Hungarys", "Hungary")  # whole: the word ends there too
    assert mentions("Catholic Areas", "Area", whole=False)  # POP001's reading: the start of a longer word
    assert not mentions("maritime trade node", "Maritime")
    assert mentions("maritime trade node", "Maritime", whole=False, ignore_case=True)
    assert mentions_any("the European Aggression Index rises", ("EAI", "European Aggression Index"))
    assert not mentions_any("the EAIs", ("EAI",))


def test_aww006_and_pop001_read_the_summary_through_it():
    eai = Effect(text="EAI: +1", line=1, quantity="eai", amount=1)
    assert mentioned(eai, "and the EAI is increased by one") and not mentioned(eai, "the EAIs rise")
    rule = ["Place a Pirate Ship into a Maritime Trade Node of your choice."]
    assert drops(rule, "Place the Pirate Ship into the Trade Node with the most Merchants.") == [
        "the qualifier 'Maritime' of 'Maritime Trade Node'"]
    assert drops(rule, "Place the Pirate Ship into the maritime Trade Nodes.") == []  # any case, a longer word
