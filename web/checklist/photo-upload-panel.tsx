import { onlineManager } from '@tanstack/react-query';
import { use, useEffect, useRef, useState } from 'react';
import { buttonClass } from '../components/button';
import { ProgressBar } from '../components/progress-bar';
import { toast } from '../components/toast';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { useOnline } from '../offline/cache/online';
import type { PhotoEvidence } from '../offline/outbox/command';
import { askLocation, deviceEvidence } from '../photos/evidence';
import { percentFromFraction } from '../projects/progress';
import { photoProblem } from './photo-upload-check';
import { PhotoQueueContext } from './photo-upload-queue';

/**
 * The Add Photo dialog's 'Upload File' tab (spec section 2): choose one photo ('Max 10MB'), see
 * it upload, and it is added like a URL would be. A file that will not do is named before
 * anything is sent; the server's refusal (its own size and image checks) is shown the same way.
 * Closing the dialog cancels an upload under way. With no network (issue 29) the photo is kept on
 * the device and the dialog closes: the item shows it 'Waiting to upload' until the outbox has
 * uploaded it. Online the file is uploaded here and handed to the outbox to publish (issue 30: a
 * publish cut off is tried again, never abandoned). 'Include location' (off by default) asks the
 * browser where the device is, once; a phone can take the photo with its camera.
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
  const [includeLocation, setIncludeLocation] = useState(false);
  const [locating, setLocating] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const uploading = progress !== null;
  const queue = use(PhotoQueueContext);
  const online = useOnline();

  const offline = () => !onlineManager.isOnline() || !navigator.onLine;
  /** Kept for the outbox to upload when the network is back. */
  const keep = (file: File, evidence: PhotoEvidence) => {
    queue!({ file, cabinetKey, evidence }).catch(() => toast({ variant: 'destructive', title: 'Error', description: 'The photo could not be kept on this device. Please try again.' }));
    onClose();
  };

  /** Issue 30: where the device is, asked once and only when 'Include location' is ticked; a refusal is said, the photo goes on without it. */
  const evidenceOf = async (file: File): Promise<PhotoEvidence> => {
    if (!includeLocation) return deviceEvidence(file, false);
    setLocating(true);
    const answer = await askLocation();
    setLocating(false);
    if ('problem' in answer) toast({ title: 'Location not included', description: `${answer.problem} The photo is uploaded without it.` });
    return deviceEvidence(file, true, 'location' in answer ? answer.location : undefined);
  };

  const start = async (file: File) => {
    const problem = photoProblem(file);
    setError(problem);
    if (problem) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    const evidence = await evidenceOf(file);
    if (controller.signal.aborted) return;
    if (queue && offline()) {
      keep(file, evidence);
      return;
    }
    try {
      // Uppy is loaded only now, so it is not part of the main bundle.
      const { uploadPhoto, uploadToStorage } = await import('../photos/photo-upload');
      if (queue) {
        // Uploaded here (with progress); published and added by the outbox, which keeps it until the
        // server has it: a publish cut off is tried again, on this page or at the next load (issue 30).
        const uploaded = await uploadToStorage(file, { signal: controller.signal, onProgress: setProgress });
        if (controller.signal.aborted) return;
        await queue({ file, cabinetKey, uploaded, evidence });
        onClose();
        return;
      }
      const outcome = await uploadPhoto(file, { itemId, evidence, signal: controller.signal, onProgress: setProgress });
      if (controller.signal.aborted) return;
      if ('url' in outcome) {
        onUploaded(outcome.url);
        return;
      }
      setError(outcome.refused);
    } catch (failure) {
      if (controller.signal.aborted) return;
      // Refused by the server for good (the file is not an image, too large…): said here, nothing added.
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) {
        setError(serverMessage(failure, 'The photo could not be uploaded. Please try again.'));
        setProgress(null);
        return;
      }
      // The network went while it uploaded: kept, to upload later.
      if (queue && offline()) {
        keep(file, evidence);
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
        <PhotoFileInput id={`${id}-file`} disabled={uploading} describedBy={describedBy} invalid={Boolean(error)} onFile={(file) => void start(file)} />
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
      {/* A phone's camera straight away (issue 30); on a desktop the same picker as above, so shown on touch screens only. */}
      <div className="hidden gap-1.5 pointer-coarse:grid">
        <label htmlFor={`${id}-camera`} className="text-sm font-medium">
          Take a photo
        </label>
        <PhotoFileInput id={`${id}-camera`} capture disabled={uploading} describedBy={`${id}-file-hint`} invalid={false} onFile={(file) => void start(file)} />
      </div>
      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={includeLocation}
          disabled={uploading}
          onChange={(event) => setIncludeLocation(event.target.checked)}
          aria-describedby={`${id}-location-hint`}
          className="size-4 accent-blue-600"
        />
        Include location
      </label>
      <p id={`${id}-location-hint`} className="-mt-3 text-xs text-gray-500 dark:text-gray-400">
        {locating ? 'Finding this device’s location…' : 'Records where the photo was taken in the project’s history; never shown in the photo itself.'}
      </p>
      {uploading && <ProgressBar label="Uploading photo" percent={percentFromFraction(progress)} tone="blue" />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClass.secondary}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** A file input for one photo: from the device's files, or (`capture`) from its camera. */
function PhotoFileInput({
  id,
  capture,
  disabled,
  describedBy,
  invalid,
  onFile,
}: {
  id: string;
  capture?: boolean;
  disabled: boolean;
  describedBy: string;
  invalid: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <input
      id={id}
      type="file"
      accept="image/*"
      capture={capture ? 'environment' : undefined}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      // Cleared as the picker opens, so that choosing the same file again (after a refusal) starts again.
      onClick={(event) => {
        event.currentTarget.value = '';
      }}
      onChange={(event) => {
        const file = event.target.files?.[0];
        if (file) onFile(file);
      }}
      className="block w-full min-w-0 text-sm text-gray-600 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60 dark:text-gray-400 dark:file:bg-gray-800 dark:file:text-gray-100 dark:hover:file:bg-gray-700"
    />
  );
}
