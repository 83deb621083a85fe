/**
 * The unread count beside "Messages and documents": shown to the eye, read out in words.
 * reserveSpace keeps an invisible badge's width while there is no count (not yet loaded, or
 * none unread), so the top navigation does not move or wrap when the count arrives.
 */
export function UnreadBadge({ badge, reserveSpace = false }: { badge: string | null; reserveSpace?: boolean }) {
  if (!badge) {
    return reserveSpace ? (
      <span className="nav-badge nav-badge--reserved" aria-hidden="true">
        0
      </span>
    ) : null;
  }
  return (
    <>
      <span className="nav-badge" aria-hidden="true">
        {badge}
      </span>
      <span className="visually-hidden">{` (${badge} unread)`}</span>
    </>
  );
}
