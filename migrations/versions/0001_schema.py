"""Schema: games, positional state machine, laws, ruling trees, irregularity kinds, ruling log.

Every label is stored in French and English. Structured values (law lists, flags,
outcomes) are JSON text. The ruling log is created here once and only ever altered by
later migrations, never dropped and recreated: entries must survive every upgrade.

Revision ID: 0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _bilingual(prefix: str, nullable: bool = False) -> list[sa.Column]:
    return [sa.Column(f"{prefix}_fr", sa.Text, nullable=nullable), sa.Column(f"{prefix}_en", sa.Text, nullable=nullable)]


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("code", sa.String(16), primary_key=True),
        *_bilingual("name"),
        *_bilingual("description"),
    )
    op.create_table(
        "db_classes",
        sa.Column("game", sa.String(16), sa.ForeignKey("games.code"), primary_key=True),
        sa.Column("code", sa.String(64), primary_key=True),
        *_bilingual("description"),
    )
    op.create_table(
        "position_states",
        sa.Column("game", sa.String(16), sa.ForeignKey("games.code"), primary_key=True),
        sa.Column("code", sa.String(32), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("action", sa.String(8), nullable=False),  # pass | call
        *_bilingual("label"),
        sa.Column("db_class", sa.String(64), nullable=False),
        sa.Column("aliases", sa.Text, nullable=False, server_default=""),
        sa.Column("flags", sa.Text, nullable=False, server_default="[]"),
        sa.ForeignKeyConstraint(["game", "db_class"], ["db_classes.game", "db_classes.code"]),
    )
    op.create_table(
        "position_transitions",
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("context", sa.String(128), primary_key=True),  # earlier seats' states, comma-separated
        sa.Column("action", sa.String(8), primary_key=True),  # pass | call
        sa.Column("state", sa.String(32), nullable=False),
        sa.ForeignKeyConstraint(["game", "state"], ["position_states.game", "position_states.code"]),
    )
    op.create_table(
        "laws",
        sa.Column("game", sa.String(16), sa.ForeignKey("games.code"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        *_bilingual("title"),
        *_bilingual("summary"),
        sa.Column("flags", sa.Text, nullable=False, server_default="[]"),
    )
    op.create_table(
        "ruling_trees",
        sa.Column("game", sa.String(16), sa.ForeignKey("games.code"), primary_key=True),
        sa.Column("slug", sa.String(64), primary_key=True),
        *_bilingual("title"),
        *_bilingual("summary"),
        sa.Column("root", sa.String(64), nullable=False),
        sa.Column("laws", sa.Text, nullable=False),
        sa.Column("variants", sa.Text, nullable=False, server_default="[]"),
        sa.Column("flags", sa.Text, nullable=False, server_default="[]"),
    )
    op.create_table(
        "tree_aliases",
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("alias", sa.String(64), primary_key=True),
        sa.Column("tree", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(["game", "tree"], ["ruling_trees.game", "ruling_trees.slug"]),
    )
    op.create_table(
        "tree_nodes",
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("tree", sa.String(64), primary_key=True),
        sa.Column("node", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),  # question | outcome
        sa.Column("ordinal", sa.Integer, nullable=False),
        *_bilingual("question", nullable=True),
        *_bilingual("help", nullable=True),
        *_bilingual("title", nullable=True),
        sa.Column("fact", sa.String(64), nullable=True),
        sa.Column("laws", sa.Text, nullable=False, server_default="[]"),
        sa.Column("flags", sa.Text, nullable=False, server_default="[]"),
        sa.Column("outcome", sa.Text, nullable=True),
        sa.ForeignKeyConstraint(["game", "tree"], ["ruling_trees.game", "ruling_trees.slug"]),
    )
    op.create_table(
        "tree_edges",
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("tree", sa.String(64), primary_key=True),
        sa.Column("node", sa.String(64), primary_key=True),
        sa.Column("code", sa.String(64), primary_key=True),
        sa.Column("ordinal", sa.Integer, nullable=False),
        *_bilingual("label"),
        sa.Column("target", sa.String(64), nullable=False),  # node id, or @tree for another tree's root
        sa.ForeignKeyConstraint(["game", "tree", "node"], ["tree_nodes.game", "tree_nodes.tree", "tree_nodes.node"]),
    )
    op.create_table(
        "tree_laws",
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("tree", sa.String(64), primary_key=True),
        sa.Column("law", sa.Integer, primary_key=True),
    )
    op.create_table(
        "irregularity_kinds",
        sa.Column("game", sa.String(16), sa.ForeignKey("games.code"), primary_key=True),
        sa.Column("code", sa.String(64), primary_key=True),
        sa.Column("law", sa.String(16), nullable=False),
        sa.Column("tree", sa.String(64), nullable=False),
        *_bilingual("label"),
    )
    op.create_table(
        "ruling_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("tree", sa.String(64), nullable=False),
        sa.Column("event", sa.Text, nullable=True),
        sa.Column("board", sa.Text, nullable=True),
        sa.Column("table_no", sa.Text, nullable=True),
        sa.Column("called_by", sa.Text, nullable=True),
        sa.Column("lang", sa.String(2), nullable=False),
        sa.Column("answers", sa.Text, nullable=False),  # JSON list of [node slug, code]
        sa.Column("path", sa.Text, nullable=False),  # JSON list of node slugs (game:tree/node)
        sa.Column("outcome_node", sa.Text, nullable=False),
        sa.Column("outcome", sa.Text, nullable=False),  # JSON: the outcome as shown, frozen
        sa.Column("kb_revision", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    for name in ("ruling_log", "irregularity_kinds", "tree_laws", "tree_edges", "tree_nodes", "tree_aliases",
                 "ruling_trees", "laws", "position_transitions", "position_states", "db_classes", "games"):
        op.drop_table(name)
