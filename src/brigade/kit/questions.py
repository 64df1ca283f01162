"""A question one feature asks another within a change's transaction, answered by the feature
whose data it is (its ``listeners.py`` declares the answer, subscribed when the app starts): the
asker names the question, a record of the answering feature's domain, and imports none of its
services (docs/design.md §2, "Domain events and questions").

``Question[T]`` says what the answer is, for the type checker: ``await uow.ask(q)`` is a ``T``.
"""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T", covariant=True)


class Question(Generic[T]):
    """The base of a question's record (a frozen dataclass of the answering feature)."""

    __slots__ = ()
