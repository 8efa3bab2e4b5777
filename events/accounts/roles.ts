/** Who a person is in a project: a contractor runs it, a client follows and signs off. */
export const roles = ['contractor', 'client'] as const;
export type Role = (typeof roles)[number];
