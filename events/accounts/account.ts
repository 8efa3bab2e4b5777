import { eventGuard, type Decider } from '../decider';
import { accountEvents, userStreamId, type AccountEvent } from './events';

/**
 * The account aggregate (stream `user#<id>`). Its rules need what no event holds (password
 * hashes, token records, the e-mail guard), so they run in functions/accounts against the user
 * record; the command here records the fact they decided, with those records' writes.
 */
export type AccountCommand = { readonly type: 'record'; readonly event: AccountEvent };

export const accountDecider: Decider<AccountCommand, null, AccountEvent> = {
  streamId: userStreamId,
  initialState: null,
  decide: (command) => [command.event],
  evolve: (state) => state,
  owns: eventGuard<AccountEvent>(accountEvents),
  appendOnly: true,
};
