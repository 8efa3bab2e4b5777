import type { NewEvent } from './envelope';

/**
 * An aggregate as pure functions: `decide` turns a command and the current state into the
 * events that happen (or throws a DomainError); `evolve` applies one event to the state.
 */
export interface Decider<Command, State, Event extends NewEvent> {
  readonly initialState: State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

export const fold = <State, Event>(
  evolve: (state: State, event: Event) => State,
  state: State,
  events: readonly Event[],
): State => events.reduce(evolve, state);
