import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { personSubject, projectClientSubject } from '../../events/personal-data';
import { projectStreamId } from '../../events/streams';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { deleteInvitationTokens, deleteUserTokens } from '../accounts/mailed-tokens';
import { revokeUserSessions } from '../auth/sessions';
import { rewriteTombstone } from '../archive/archived-reads';
import { replaceProjectViews } from '../projections/rebuild';
import { eventStore } from '../commands/event-store';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { updateIfPresent } from '../store/update-if-present';
import { verifySnapshot } from '../store/verify';
import { removeUnusedPhotos } from './erase-photos';
import { defaultKeyring } from '../personal-data/person-keys';

/**
 * Erasing a person (GDPR): their data key goes, and with them the keys of the client contact
 * details of the projects they were the client of, so every personal value sealed under those keys
 * reads 'Deleted user' from now on. The events stay as they are: their hashes cover the sealed
 * form, so the chain, the checkpoints and the audit exports still verify.
 *
 * What was kept in clear beside the events goes too: the account, its e-mail guard, sessions,
 * mailed tokens (and the invitations to the projects they were the client of), sign-in counters keyed by the address, replayable answers and the chat choice;
 * the projects' views are rebuilt from the events (now reading 'Deleted user'), and the projects'
 * snapshots dropped (the next command folds the events and keeps a new one). The photos they
 * uploaded that no remaining item shows are deleted and purged from the CDN (erase-photos.ts).
 */

export interface PersonToErase {
  readonly userId: string;
  /** The account's e-mail, when known: its guard and sign-in counters are keyed by it. */
  readonly email?: string;
  /** Projects whose events or views may hold the person's data (they acted in them or were their client). */
  readonly projectIds: Iterable<string>;
  /** Projects the person was the client of: the contact details kept there are theirs. */
  readonly clientOf: Iterable<string>;
  /** Paths of the photos their PhotoPublished events name (person-projects.ts); their upload records are found here. */
  readonly publishedPhotos?: Iterable<string>;
}

export interface Erasure {
  readonly keysErased: number;
  readonly stateItemsRemoved: number;
  readonly projectsRebuilt: number;
  /** Photos they uploaded that no remaining item used: deleted, and purged from the CDN. */
  readonly photosRemoved: number;
}

/**
 * The sign-in, registration and mail counters keyed by an e-mail address (functions/accounts/throttle.ts
 * and its callers). A new one belongs here: the erasure tests find any address left in a table.
 */
const addressCounters = ['login-email', 'reset-email', 'sign-in-link-email', 'register-email', 'registration-notice', 'verify-mail-to'];

const PROJECTS_AT_ONCE = 4;

export async function erasePerson(person: PersonToErase): Promise<Erasure> {
  const projectIds = [...new Set(person.projectIds)];
  const subjects = [personSubject(person.userId), ...[...new Set(person.clientOf)].map(projectClientSubject)];
  const keysErased = await defaultKeyring().erase(subjects);

  const stateItemsRemoved = await removeClearCopies(person);
  const store = eventStore();
  await pMap(
    projectIds,
    async (projectId) => {
      // An archived project has no views to rebuild but its tombstone (functions/archive).
      if (await rewriteTombstone(projectId)) return;
      const streamId = projectStreamId(projectId);
      await dropSnapshot(streamId);
      await replaceProjectViews(store, projectId);
      // A command that loaded the old snapshot just before the drop may have kept it on: held to the
      // events as they now read (erased), such a snapshot differs, and goes again.
      if ((await verifySnapshot(store, streamId, await store.readHead(streamId))).length) await dropSnapshot(streamId);
    },
    { concurrency: PROJECTS_AT_ONCE },
  );
  // After the rebuild: the views say which items remain and what they show.
  const photos = await removeUnusedPhotos(person.userId, projectIds, person.publishedPhotos ?? []);
  return { keysErased, stateItemsRemoved, projectsRebuilt: projectIds.length, photosRemoved: photos.length };
}

async function removeClearCopies(person: PersonToErase): Promise<number> {
  const TableName = config().stateTable;
  const email = person.email?.toLowerCase();
  const keyed = (pk: string) => queryAll<{ pk: string; sk: string }>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: 'pk, sk' });
  const found = (
    await Promise.all([
      keyed(stateKeys.idempotency(person.userId, '').pk),
      ...(email ? addressCounters.map((counter) => keyed(stateKeys.throttle(`${counter}:${email}`, 0).pk)) : []),
    ])
  ).flat();
  const singles = [stateKeys.user(person.userId), stateKeys.userSession(person.userId), stateKeys.pendingUploads(person.userId), ...(email ? [stateKeys.email(email)] : [])];
  let removed = 0;
  for (const Key of [...singles, ...found.map(({ pk, sk }) => ({ pk, sk }))]) {
    const { Attributes } = await dynamo().send(new DeleteCommand({ TableName, Key, ReturnValues: 'ALL_OLD' }));
    if (Attributes) removed++;
  }
  const [sessions] = await Promise.all([revokeUserSessions(person.userId), deleteUserTokens(person.userId), ...[...new Set(person.clientOf)].map(deleteInvitationTokens)]);
  return removed + sessions;
}

/** Removes a stream head's snapshot (state folded from the events as they read before the erasure). */
async function dropSnapshot(streamId: string): Promise<void> {
  await updateIfPresent({ Key: stateKeys.streamHead(streamId), UpdateExpression: 'REMOVE #snapshot', ExpressionAttributeNames: { '#snapshot': 'snapshot' } });
}
