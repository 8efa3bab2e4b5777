/** Spec section 9: the number of unread entries, '9+' above 9. */
export const unreadLabel = (count: number): string => (count > 9 ? '9+' : String(count));

/** The red count on a button's corner (Chat, History); nothing when there is nothing unread. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className="absolute -top-1 -right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
    >
      {unreadLabel(count)}
      <span className="sr-only"> unread</span>
    </span>
  );
}
