"""Schema: the ruling log keeps the whole walk (``ruling_log.steps``).

A table situation that crosses laws is one walk: several trees, their questions and
answers, an outcome that goes on into another law's tree, then the final outcome. Until
now an entry kept the answers as node names and only the final outcome. ``steps`` holds
the walk as it was shown, in order and in both languages (JSON: each tree entered, each
question with the answer given, each intermediate outcome, the final outcome), so `log
show` and `log export` read the same years later, whatever later migrations do to the
trees.

The log is user data: the column is added in place (batch mode), every existing entry is
kept with ``steps`` NULL (shown from its answers and final outcome as before), and the
downgrade drops this column only, keeping every entry.

Revision ID: 0012
Revises: 0011
"""
import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ruling_log") as batch:
        batch.add_column(sa.Column("steps", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ruling_log") as batch:
        batch.drop_column("steps")
