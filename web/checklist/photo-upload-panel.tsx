import { onlineManager } from '@tanstack/react-query';
import { use, useEffect, useRef, useState } from 'react';
import { buttonClass } from '../components/button';
import { ProgressBar } from '../components/progress-bar';
import { toast } from '../components/toast';
import { useOnline } from '../offline/cache/online';
import { percentFromFraction } from '../projects/progress';
import { photoProblem } from './photo-upload-check';
import { PhotoQueueContext } from './photo-upload-queue';

/**
 * The Add Photo dialog's 'Upload File' tab (spec section 2): choose one photo ('Max 10MB'), see
 * it upload, and it is added like a URL would be. A file that will not do is named before
 * anything is sent; the server's refusal (its own size and image checks) is shown the same way.
 * Closing the dialog cancels an upload under way. With no network (issue 29) the photo is kept on
 * the device and the dialog closes: the item shows it 'Waiting to upload' until the outbox has
 * uploaded it.
 */
export function PhotoUploadPanel({
  id,
  itemId,
  cabinetKey,
  onUploaded,
  onClose,
}: {
  id: string;
  /** The item the photo is for, read when the upload starts. */
  itemId: string;
  /** A cabinet part's images ('styleImages'…), when the photo is for one. */
  cabinetKey?: string;
  onUploaded: (url: string) => void;
  onClose: () => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const uploading = progress !== null;
  const queue = use(PhotoQueueContext);
  const online = useOnline();

  const offline = () => !onlineManager.isOnline() || !navigator.onLine;
  /** Kept for the outbox to upload when the network is back. */
  const keep = (file: File) => {
    queue!({ file, cabinetKey }).catch(() => toast({ variant: 'destructive', title: 'Error', description: 'The photo could not be kept on this device. Please try again.' }));
    onClose();
  };

  const start = async (file: File) => {
    const problem = photoProblem(file);
    setError(problem);
    if (problem) return;
    if (queue && offline()) {
      keep(file);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    try {
      // Uppy is loaded only now, so it is not part of the main bundle.
      const { uploadPhoto } = await import('./photo-upload');
      const outcome = await uploadPhoto(file, { itemId, signal: controller.signal, onProgress: setProgress });
      if (controller.signal.aborted) return;
      if ('url' in outcome) {
        onUploaded(outcome.url);
        return;
      }
      setError(outcome.refused);
    } catch (failure) {
      if (controller.signal.aborted) return;
      // The network went while it uploaded: kept, to upload later.
      if (queue && offline()) {
        keep(file);
        return;
      }
      console.error('Photo upload failed', failure);
      setError('The photo could not be uploaded. Please try again.');
    }
    setProgress(null);
  };

  const describedBy = [`${id}-file-hint`, error ? `${id}-file-error` : ''].filter(Boolean).join(' ');
  return (
    <div role="tabpanel" id={`${id}-panel-upload`} aria-labelledby={`${id}-tab-upload`} className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          Choose a photo
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/*"
          disabled={uploading}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          // Cleared as the picker opens, so that choosing the same file again (after a refusal) starts again.
          onClick={(event) => {
            event.currentTarget.value = '';
          }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void start(file);
          }}
          className="block w-full min-w-0 text-sm text-gray-600 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60 dark:text-gray-400 dark:file:bg-gray-800 dark:file:text-gray-100 dark:hover:file:bg-gray-700"
        />
        <p id={`${id}-file-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          Max 10MB
          {!online && queue && ' · Offline: the photo is kept on this device and uploads when you are back online.'}
        </p>
        {error && (
          <p id={`${id}-file-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      {uploading && <ProgressBar label="Uploading photo" percent={percentFromFraction(progress)} tone="blue" />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClass.secondary}>
          Cancel
        </button>
      </div>
    </div>
  );
}
