"""The coinche table server: the text protocol of the user's coinche document over TCP (asyncio streams)."""
