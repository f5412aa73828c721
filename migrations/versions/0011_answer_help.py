"""Schema: per-answer help text on the ruling trees' answers (``tree_edges.help_fr``/``help_en``).

A question already had its help; an answer whose label alone may leave the director unsure
now carries its own, shown under it by `ruling` (interactive, `--show`, and the pending
question of `--json`). Both columns are nullable (most answers need none); the rows are
filled by the next content migration. Batch mode (SQLite); the downgrade drops exactly
these two columns and nothing else.

Revision ID: 0011
Revises: 0010
"""
import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tree_edges") as batch:
        batch.add_column(sa.Column("help_fr", sa.Text, nullable=True))
        batch.add_column(sa.Column("help_en", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tree_edges") as batch:
        batch.drop_column("help_en")
        batch.drop_column("help_fr")
