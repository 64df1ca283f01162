"""PostgreSQL: an event's id is drawn at COMMIT, not when its row is written

Revision ID: 0033_event_ids_at_commit
Revises: 0032_privileged_event_data
Create Date: 2026-11-27 23:10:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0033_event_ids_at_commit"
down_revision: str | None = "0032_privileged_event_data"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # docs/design.md §8: ids become visible in the order they are given out. The outbox
    # writes a transaction's events with a temporary negative id (its own sequence); a
    # deferred trigger, run inside COMMIT, takes the log's lock and gives each its real id.
    # The lock is then held from COMMIT to visibility only, never across a round trip to a
    # worker whose event loop is busy. SQLite serializes writers and needs none of it.
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("CREATE SEQUENCE event_staging_ids")
    op.execute(
        # The lock's key is "brigade" in ASCII (0x62726967616465): the log's, one per database.
        """
        CREATE FUNCTION brigade_number_event() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_advisory_xact_lock(27710344749212773);
            UPDATE events SET id = nextval('events_id_seq') WHERE id = NEW.id;
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        """
        CREATE CONSTRAINT TRIGGER events_numbered_at_commit AFTER INSERT ON events
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.id < 0)
        EXECUTE FUNCTION brigade_number_event()
        """
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER events_numbered_at_commit ON events")
    op.execute("DROP FUNCTION brigade_number_event()")
    op.execute("DROP SEQUENCE event_staging_ids")
