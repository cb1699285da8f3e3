"""Alembic's environment: runs the migrations on the connection that
:func:`spider_solitaire.server.db.migrations.upgrade_database` opened (in its transaction).

Run by Alembic's own command line instead (``alembic -c alembic.ini ...`` with
``sqlalchemy.url`` and ``script_location`` set, for example to write a new revision with
``--autogenerate``), it opens the database of ``sqlalchemy.url`` itself.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from spider_solitaire.server.db.engine import make_engine
from spider_solitaire.server.db.tables import metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("the migrations run on a database (no --sql mode)")
_given = context.config.attributes.get("connection")
if _given is not None:
    _run(_given)
else:
    _url = context.config.get_main_option("sqlalchemy.url")
    if not _url:
        raise SystemExit("set sqlalchemy.url, or run spider db upgrade --db URL")
    _engine = make_engine(_url)
    try:
        with _engine.connect() as _connection:
            _run(_connection)
            _connection.commit()
    finally:
        _engine.dispose()
