"""Schema: the belote gym's saved runs (`arbitre belote gym --save`, listed by `--history`).

One row per run: when, the two teams, the number of deals, duplicate or not, the seed,
the options (JSON: workers, budget, cluster, rules variants) and the results (JSON: the
report without the per-deal lists), with the mean difference and its p-value as columns
for sorting. The seed's "persistance des scores". Every other table is untouched; the
downgrade drops exactly this table.

Revision ID: 0007
Revises: 0006
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gym_runs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("team_a", sa.Text, nullable=False),
        sa.Column("team_b", sa.Text, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("duplicate", sa.Boolean, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("results", sa.Text, nullable=False),
        sa.Column("mean_difference", sa.Float, nullable=True),
        sa.Column("p_value", sa.Float, nullable=True),
        sa.Column("partial", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_table("gym_runs")
