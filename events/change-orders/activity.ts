import type { ActivityEntry } from '../projects/activity';
import type { ChangeOrderEvent } from './events';

/**
 * What each change order event is called in the project's history (issue 30): the change order
 * by its title, what happened, who signed and why it was declined (the reason cut to a line).
 */

const REASON_SHOWN = 200;
const cut = (text: string) => (text.length > REASON_SHOWN ? `${text.slice(0, REASON_SHOWN - 1)}…` : text);

export function describeChangeOrderEvent(event: ChangeOrderEvent, title: string): ActivityEntry {
  const named = `Change order “${title}”`;
  switch (event.type) {
    case 'ChangeOrderDrafted':
      return { action: 'Change order drafted', summary: `${named} drafted` };
    case 'ChangeOrderEdited':
      return { action: 'Change order edited', summary: `${named} edited` };
    case 'ChangeOrderSent':
      return { action: 'Change order sent', summary: `${named} sent` };
    case 'ChangeOrderSigned':
      return { action: 'Change order signed', details: event.data.fullName, summary: `${named} signed by ${event.data.fullName}` };
    case 'ChangeOrderDeclined':
      return { action: 'Change order declined', details: cut(event.data.reason), summary: `${named} declined: ${cut(event.data.reason)}` };
  }
}
