"""What the journal raises: each says why and where."""

from __future__ import annotations


class JournalError(Exception):
    """The journal cannot do what was asked; the message says why and where."""


class JournalFull(JournalError):
    """The disk (or the journal's size limit) is full: nothing was written."""


class UnknownGame(JournalError):
    pass


class JournalTooNew(JournalError):
    """The journal was written by a newer release (a higher schema version): this one
    refuses it, touching nothing, rather than move it aside (after a rollback, a newer
    release's journal is the table's evening)."""


class JournalUnreachable(JournalError):
    """The journal's folder or files cannot be written or read (permissions, a read-only
    file system, another process holding it): nothing was moved or changed."""


class JournalInUse(JournalUnreachable):
    """Another process writes this state folder's journal: one writer per folder."""
