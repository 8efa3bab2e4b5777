/** View items in a form two sets can be compared in: sorted by key, without empty attributes. */
export const comparableViews = (items: readonly Record<string, unknown>[]) =>
  items
    .map((item) => Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null && value !== undefined)))
    .sort((x, y) => `${x.pk}|${x.sk}`.localeCompare(`${y.pk}|${y.sk}`));
