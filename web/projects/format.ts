const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateOnlyFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * 'Jan 5, 2026'. A date without a time ('2026-01-05') is a calendar day, so it is shown as that
 * day whatever the viewer's time zone; a full timestamp is shown in the viewer's zone. Text that is
 * not a date is shown as it is.
 */
export function formatDate(value: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return (dateOnly ? dateOnlyFormat : dateFormat).format(date);
}
