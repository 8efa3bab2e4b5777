import { createContext } from 'react';
import type { PhotoEvidence } from '../offline/outbox/command';

/**
 * A photo handed to the outbox (issues 29 and 30), which publishes it and adds it to the item:
 * - chosen with no network: kept on the device (IndexedDB) with its file and uploaded when the
 *   network is back; the item shows it 'Waiting to upload' meanwhile;
 * - uploaded online (`uploaded`: its address in storage): kept the same way before it is
 *   published, so a publish cut off (a dropped connection, a reload) is tried again, on this page
 *   or at the next load, and the item never keeps the upload's own address.
 * The item card provides where it goes (its own images, or a cabinet part's: `cabinetKey` such as
 * 'styleImages'). Answers once the server has it or once it waits for the network; rejects with
 * the server's refusal (an ApiError) of a photo uploaded online.
 */
export interface QueuedPhoto {
  readonly file: File;
  readonly cabinetKey?: string;
  readonly uploaded?: string;
  readonly evidence?: PhotoEvidence;
}

export const PhotoQueueContext = createContext<((photo: QueuedPhoto) => Promise<void>) | null>(null);
