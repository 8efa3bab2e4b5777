/**
 * Every cache key of the app, in one place. Keys nest so that one invalidation reaches a family:
 * `project(id)` covers its checklist, stats, rooms, chat, history and selections; `allItems` covers every room's items.
 */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  /** The signed-in user's chat session; the whole cache is cleared on sign-out, so one key serves. */
  userSession: ['user-session'] as const,
  /** The plain list (the checklist page reads its project from it). */
  projects: ['projects'] as const,
  projectsWithStats: ['projects', 'with-stats'] as const,
  clientProjects: ['client-projects'] as const,
  /** Issue 31: the contractor company's team. */
  team: ['team'] as const,
  project: (projectId: string) => ['projects', projectId] as const,
  /** The checklist page's one read: the project's details here, its stats, rooms and items seeded into their own keys. */
  checklist: (projectId: string) => ['projects', projectId, 'checklist'] as const,
  stats: (projectId: string) => ['projects', projectId, 'stats'] as const,
  rooms: (projectId: string) => ['projects', projectId, 'rooms'] as const,
  chat: (projectId: string) => ['projects', projectId, 'chat'] as const,
  history: (projectId: string) => ['projects', projectId, 'history'] as const,
  /** Issue 18's panels under the checklist: its decisions due and its budget, under one key that invalidates both. */
  selections: (projectId: string) => ['projects', projectId, 'selections'] as const,
  decisions: (projectId: string) => ['projects', projectId, 'selections', 'decisions'] as const,
  budget: (projectId: string) => ['projects', projectId, 'selections', 'budget'] as const,
  /** The Audit page's trail for one set of filters (the API's query), its pages under it. */
  audit: (projectId: string, query: Record<string, string>) => ['projects', projectId, 'audit', query] as const,
  /** Issue 30: a project's change orders (under the project: its invalidation reaches them), and one change order's page. */
  changeOrders: (projectId: string) => ['projects', projectId, 'change-orders'] as const,
  changeOrder: (changeOrderId: string) => ['change-orders', changeOrderId] as const,
  allItems: ['rooms'] as const,
  items: (roomId: string) => ['rooms', roomId, 'items'] as const,
  /** An item's history, and its state at a moment (`asOf`, ISO) under it. */
  itemHistory: (itemId: string) => ['checklist-items', itemId, 'history'] as const,
  itemStateAt: (itemId: string, asOf: string) => ['checklist-items', itemId, 'history', asOf] as const,
};
