import type { NewEvent, StoredEvent } from './envelope';

/**
 * An aggregate is one definition (in the style of Emmett's Decider): the stream an instance lives
 * in, its initial state, `decide(command, state, actor)` giving the events that happen (or
 * throwing a DomainError), and `evolve(state, event)` applying one. The state is the events folded.
 */

/** Who asks: a signed-in person, by role. */
export interface Actor {
  readonly userId: string;
  readonly role: 'contractor' | 'client';
  /**
   * A contractor's company (issue 31): the owner's user id, which their projects record as
   * `contractorId`. Colleagues act for it; absent, the contractor is their own tenant.
   */
  readonly tenantId?: string;
}

/** The id a contractor's projects are recorded under: their tenant's (their own when they own it). */
export const tenantOf = (actor: Actor): string => actor.tenantId ?? actor.userId;

export interface Decider<Command, State, Event extends NewEvent> {
  /** The stream that holds the instance with this id. */
  readonly streamId: (id: string) => string;
  readonly initialState: State;
  readonly decide: (command: Command, state: State, actor: Actor) => Event[];
  readonly evolve: (state: State, event: Event) => State;
  /** Whether a stored event is one of this aggregate's (its type is one of theirs). */
  readonly owns: (event: StoredEvent) => event is StoredEvent & Event;
  /**
   * True when no decision reads the history (the account's checks run on the user record): the
   * command then appends at the stream's head without folding it.
   */
  readonly appendOnly?: true;
  /**
   * The state is kept with the stream's head after every change (plain JSON), so a command loads
   * it from there instead of folding the stream. Raise `schema` whenever the state's shape or
   * `evolve` changes: a snapshot of another schema is ignored and the stream folded instead.
   */
  readonly snapshot?: { readonly schema: number };
}

export const fold = <State, Event>(evolve: (state: State, event: Event) => State, state: State, events: readonly Event[]): State =>
  events.reduce(evolve, state);

/** Several commands as one change: each decided on the state the ones before it left. */
export function decideInTurn<Command, State, Event extends NewEvent>(
  decider: Pick<Decider<Command, State, Event>, 'decide' | 'evolve'>,
  commands: readonly Command[],
  state: State,
  actor: Actor,
): { events: Event[]; state: State } {
  const events: Event[] = [];
  for (const command of commands) {
    const decided = decider.decide(command, state, actor);
    events.push(...decided);
    state = fold(decider.evolve, state, decided);
  }
  return { events, state };
}

/** The `owns` of an aggregate whose events are these definitions (the catalogue checked their data when they were read). */
export function eventGuard<Event extends NewEvent>(definitions: readonly { readonly type: Event['type'] }[]) {
  const types = new Set<string>(definitions.map((definition) => definition.type));
  return (event: StoredEvent): event is StoredEvent & Event => types.has(event.type);
}
