/**
 * The punch list's cache key (issue 30), under the project's (so a live notice of the project
 * refreshes it): the whole list, filtered on the page, so a filter works offline too.
 */
export const punchItemsKey = (projectId: string) => ['projects', projectId, 'punch-items'] as const;

/** The outbox routes of the punch list. */
export const punchRoutes: readonly string[] = ['createPunchItem', 'patchPunchItem'];
