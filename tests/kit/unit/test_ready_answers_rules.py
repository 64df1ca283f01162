"""The ready answers' rules (kit/ready_answers.py): kept only while the log is followed, never
after a drop that came while the answer was read, dropped by location (and across locations),
emptied when the log is lost, bounded, and served only to a caller at the answer's location."""

from __future__ import annotations

from uuid import UUID, uuid4

from brigade.kit.ready_answers import ReadyAnswers, ready

HERE, THERE = uuid4(), uuid4()


def _following(max_entries: int = 10) -> ReadyAnswers:
    answers = ReadyAnswers(max_entries)
    answers.following()
    return answers


def _keep(answers: ReadyAnswers, key: str, location_id: UUID | None) -> None:
    answers.keep(key, ready(b"{}", location_id), answers.ticket())


def test_nothing_is_kept_until_the_log_is_followed_and_following_is_asked_for_once() -> None:
    asked: list[bool] = []
    answers = ReadyAnswers()
    answers.configure(max_entries=10, start_following=lambda: asked.append(True))
    assert answers.ticket() is None
    assert answers.ticket() is None
    assert asked == [True]
    answers.keep("a", ready(b"{}", HERE), None)
    assert answers.get("a") is None
    answers.following()
    _keep(answers, "a", HERE)
    assert answers.get("a") is not None


def test_an_answer_read_across_a_drop_is_not_kept() -> None:
    answers = _following()
    ticket = answers.ticket()
    answers.drop(THERE)  # any drop: the read's snapshot may predate it
    answers.keep("a", ready(b"{}", HERE), ticket)
    assert answers.get("a") is None


def test_a_drop_takes_its_location_and_the_answers_across_locations() -> None:
    answers = _following()
    _keep(answers, "here", HERE)
    _keep(answers, "there", THERE)
    _keep(answers, "across", None)
    answers.drop(HERE)
    assert (answers.get("here"), answers.get("across")) == (None, None)
    assert answers.get("there") is not None
    answers.drop(None)
    assert len(answers) == 0


def test_a_lost_log_empties_them_until_followed_again() -> None:
    answers = _following()
    _keep(answers, "a", HERE)
    answers.lost()
    assert len(answers) == 0
    assert answers.ticket() is None
    answers.following()
    _keep(answers, "a", HERE)
    assert len(answers) == 1


def test_at_most_max_entries_are_kept() -> None:
    answers = _following(max_entries=2)
    for key in "abc":
        _keep(answers, key, HERE)
    assert len(answers) == 2
    assert answers.get("c") is None


def test_an_answer_serves_its_location_or_a_caller_of_none() -> None:
    answer = ready(b"{}", HERE)
    assert answer.serves(HERE)
    assert answer.serves(None)
    assert not answer.serves(THERE)
    assert answer.etag.startswith('W/"')
