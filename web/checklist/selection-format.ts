import { createContext } from 'react';
import type { Decision } from '../../contract/projects';
import type { SelectionFigures } from './selection-figures';

/** What the checklist's parts of issue 18 share: the decisions due and the budget, money as shown. */

/** The open project's decisions due by item, worked out once for all the cards (selection.tsx `SelectionProvider`). */
export const DecisionsContext = createContext<ReadonlyMap<string, Decision>>(new Map());

/** The decisions due and the budget, for the panels under the rooms and the action bar's link. */
export const SelectionFiguresContext = createContext<SelectionFigures>({ projectId: '', decisions: [], budget: { allowance: 0, cost: 0, difference: 0, rooms: [] } });

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatMoney = (value: number): string => money.format(value);
