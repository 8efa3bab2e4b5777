/**
 * The outbox's machinery (replay, cache updates, merge rules, IndexedDB), fetched after the page's
 * first draw (the header starts it: issue 16's first-draw budget) rather than with the page. Once
 * it is here a change is kept and shown synchronously, in the handler that made it, as an
 * optimistic update must be (a ticked box shows ticked at once).
 */

const load = () => Promise.all([import('./replay'), import('./command'), import('./storage')]).then(([replay, command, storage]) => ({ ...replay, ...command, ...storage }));

type Machinery = Awaited<ReturnType<typeof load>>;

let loaded: Machinery | undefined;
let loading: Promise<Machinery> | undefined;

export const loadMachinery = (): Promise<Machinery> =>
  (loading ??= load().then((machinery) => {
    loaded = machinery;
    return machinery;
  }));

/** The machinery if it has arrived (it has, once the header has started the outbox). */
export const machineryNow = (): Machinery | undefined => loaded;
