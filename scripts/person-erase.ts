import './local-environment';
import { parseArgs } from 'node:util';
import { findUserById } from '../functions/auth/users';
import { deleteAccount } from '../functions/people/delete-account';
import { erasePerson } from '../functions/people/erase-person';
import { projectsOfPerson } from '../functions/people/person-projects';
import { eventStore } from '../functions/commands/event-store';
import { userStreamId } from '../events/streams';

/**
 * `npm run person:erase -- --user ID --confirm`: erases a person (GDPR). If their account still
 * exists it is deleted as Delete Account would (a contractor's projects with it); then their data
 * key and the client details of every project they were the client of are erased, wherever the
 * events show them, and those projects' views rebuilt. The events stay and still verify
 * (`npm run events:verify`); the person's name reads 'Deleted user'. The photos they uploaded
 * that no remaining item shows are deleted (and purged from the CDN). Without --confirm it only
 * prints what it would do.
 */

const { values } = parseArgs({ options: { user: { type: 'string' }, confirm: { type: 'boolean' } } });
if (!values.user) {
  console.error('Usage: npm run person:erase -- --user ID --confirm');
  process.exit(2);
}
const userId = values.user;
const [account, found] = await Promise.all([findUserById(userId), projectsOfPerson(userId)]);
const plan = `${account ? `the ${account.role} account, ` : ''}${found.projectIds.size} project(s) they appear in (client of ${found.clientOf.size})`;
if (!values.confirm) {
  console.log(`Person ${userId}: would erase ${plan}. Run again with --confirm to erase.`);
  process.exit(0);
}
const requestId = `person-erase-${new Date().toISOString()}`;
const byAccount = account ? await deleteAccount(account, requestId, await eventStore().readHead(userStreamId(userId))) : undefined;
const erasure = await erasePerson({ userId, email: account?.email, projectIds: found.projectIds, clientOf: found.clientOf, publishedPhotos: found.publishedPhotos });
const keys = (byAccount?.keysErased ?? 0) + erasure.keysErased;
// Both passes find the same photos (the second deletes what is already gone): counted once.
const photos = Math.max(byAccount?.photosRemoved ?? 0, erasure.photosRemoved);
console.log(`Person ${userId}: erased ${plan}: ${keys} key(s) deleted, ${(byAccount?.stateItemsRemoved ?? 0) + erasure.stateItemsRemoved} stored item(s) removed, ${erasure.projectsRebuilt} project(s) rebuilt, ${photos} photo(s) no item uses deleted.`);
process.exit(0);
