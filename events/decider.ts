/**
 * Aggregates here are pure functions: `decide(command, state)` gives the events that happen (or
 * throws a DomainError), `evolve(state, event)` applies one; the state is the events folded.
 */
export const fold = <State, Event>(
  evolve: (state: State, event: Event) => State,
  state: State,
  events: readonly Event[],
): State => events.reduce(evolve, state);
