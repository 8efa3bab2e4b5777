import { createContext } from 'react';

/**
 * A photo chosen with no network (issue 29): kept on the device (IndexedDB) and uploaded by the
 * outbox when the network is back; the item shows it 'Waiting to upload' meanwhile. The item card
 * provides where it goes (its own images, or a cabinet part's: `cabinetKey` such as 'styleImages').
 */
export interface QueuedPhoto {
  readonly file: File;
  readonly cabinetKey?: string;
}

export const PhotoQueueContext = createContext<((photo: QueuedPhoto) => Promise<void>) | null>(null);
