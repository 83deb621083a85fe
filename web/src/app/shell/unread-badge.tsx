/** The unread count beside "Messages and documents": shown to the eye, read out in words. */
export function UnreadBadge({ badge }: { badge: string | null }) {
  if (!badge) return null;
  return (
    <>
      <span className="nav-badge" aria-hidden="true">
        {badge}
      </span>
      <span className="visually-hidden">{` (${badge} unread)`}</span>
    </>
  );
}
