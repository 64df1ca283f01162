"""How a staff member signs in, given with their creation or change (docs/design.md §7): a PIN
for the terminals, a sign-in name and a password for the back office.

Every rule is checked before anything is written, so a refused PIN, name or password creates
nobody and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from brigade.access.domain.passwords import check_login, check_password
from brigade.access.domain.terminals import check_pin
from brigade.kit.changes import UNSET, Change, changed
from brigade.kit.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class SignInChanges:
    """``UNSET`` ones keep theirs. A ``login`` of None takes the password sign-in away: the
    name and the password both go (a password without a name signs nobody in)."""

    pin: Change[str] = UNSET
    login: Change[str | None] = UNSET
    password: Change[str] = UNSET

    def checked(self) -> SignInChanges:
        """These changes once each value keeps its own rules (the separate endpoints' rules),
        with the sign-in name as stored (casefolded)."""
        if self.pin is not UNSET:
            check_pin(self.pin)
        if self.password is not UNSET:
            check_password(self.password)
        if self.login is UNSET or self.login is None:
            return self
        return replace(self, login=check_login(self.login))

    def ensure_fit(self, *, login: str | None, has_password: bool) -> None:
        """Refuse what would leave a password without a sign-in name, or a new sign-in name
        without a password; ``login`` and ``has_password``: what the person has now."""
        if self.password is not UNSET and changed(self.login, login) is None:
            raise InvalidInput("login", "is needed with a password")
        if isinstance(self.login_change(login), str) and not has_password:
            raise InvalidInput("password", "is needed with a sign-in name")

    def login_change(self, login: str | None) -> Change[str | None]:
        """The sign-in name's change that comes without a password (``login``: theirs now): a
        new name for the password they keep, None for neither any more; UNSET for none."""
        if self.password is not UNSET or self.login == login:
            return UNSET
        return self.login
