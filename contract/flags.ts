import { flags, type Flag } from '../events/projects/model';

/**
 * An item's three flags are `selected`, `purchased` and `installed` everywhere inside the code;
 * the spec's API names them otherwise (contractorCompleted, purchasesMade, clientCompleted). This
 * is the one place that maps the two: the API's schemas and answers go through it.
 */

export type { Flag };

/** Selected, Purchased, Installed: the order the checklist shows them in. */
export const flagsInOrder: readonly Flag[] = flags;

/** Each flag's field name in the API's item (spec section 3). */
export const apiFlagField = { selected: 'contractorCompleted', purchased: 'purchasesMade', installed: 'clientCompleted' } as const satisfies Record<Flag, string>;

export type ApiFlagField = (typeof apiFlagField)[Flag];

/** An item's flags by their inner names. */
export type Flags = { readonly [F in Flag]: boolean };

/** An item's flags as the API names them. */
export type ApiFlags = { readonly [F in ApiFlagField]: boolean };

/** The flags of an item the API sent or answered. */
export const flagsOfApi = (item: ApiFlags): Flags => ({ selected: item.contractorCompleted, purchased: item.purchasesMade, installed: item.clientCompleted });

/** The flags as the API answers them, in the answer's key order (contractorCompleted, clientCompleted, purchasesMade). */
export const apiFlagsOf = (item: Flags): ApiFlags => ({ contractorCompleted: item.selected, clientCompleted: item.installed, purchasesMade: item.purchased });

/** The stats answer's flag figures: how many items are Selected and Installed, and each as a percentage. */
export const apiFlagStats = (count: FlagFigures, percentage: FlagFigures) => ({
  contractorCompleted: count.selected,
  clientCompleted: count.installed,
  contractorPercentage: percentage.selected,
  clientPercentage: percentage.installed,
});

/** The figures the stats answer gives per flag (Purchased has none there). */
export type FlagFigures = { readonly selected: number; readonly installed: number };

/** The stats answer's flag figures as the API names them. */
export type ApiFlagStats = ReturnType<typeof apiFlagStats>;

/** The stats answer's flag figures by the inner names: the reverse of apiFlagStats, for the web app. */
export const flagStatsOfApi = (stats: ApiFlagStats): { count: FlagFigures; percentage: FlagFigures } => ({
  count: { selected: stats.contractorCompleted, installed: stats.clientCompleted },
  percentage: { selected: stats.contractorPercentage, installed: stats.clientPercentage },
});
