import { Camera, LoaderCircle, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { thumbnailPathOf } from '../../events/uploads/object-paths';
import { buttonClass, iconButtonClass } from '../components/button';
import { useNeedsConnection } from '../offline/cache/needs-connection';

/**
 * Photos for a punch item (issue 30): each chosen file is uploaded and published for the project
 * at once, through the checklist's upload flow (fetched with the first photo: it brings Uppy), and
 * shown by its thumbnail. Publishing needs the server, so offline the button says 'Needs a
 * connection' (the punch item itself still saves offline).
 */
export function PunchPhotoPicker({ projectId, photos, onChange, max, label = 'Add photo' }: { projectId: string; photos: readonly string[]; onChange: (photos: string[]) => void; max: number; label?: string }) {
  const needs = useNeedsConnection();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const latest = useRef(photos);
  latest.current = photos;

  const upload = async (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, max - photos.length);
    if (!chosen.length) return;
    setBusy(true);
    setProblem(null);
    try {
      const { uploadPhoto } = await import('../photos/photo-upload');
      for (const file of chosen) {
        const outcome = await uploadPhoto(file, { projectId, onProgress: () => {}, signal: new AbortController().signal });
        if ('refused' in outcome) setProblem(outcome.refused);
        else onChange([...latest.current, outcome.url]);
      }
    } catch {
      setProblem('The photo could not be uploaded. Please try again.');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="grid gap-2">
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {photos.map((path, index) => (
            <li key={path} className="relative">
              <img src={thumbnailPathOf(path)} alt={`Photo ${index + 1}`} className="size-16 rounded-md border border-gray-200 object-cover dark:border-gray-700" />
              <button type="button" onClick={() => onChange(photos.filter((entry) => entry !== path))} aria-label={`Remove photo ${index + 1}`} className={`${iconButtonClass} absolute -top-2 -right-2 size-6 rounded-full border border-gray-300 bg-white dark:border-gray-600 dark:bg-gray-900`}>
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {photos.length < max && (
        <div>
          {needs.reason}
          <input ref={input} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(event) => void upload(event.target.files)} data-testid="punch-photo-input" />
          <button type="button" onClick={() => input.current?.click()} disabled={busy || needs.offline} {...needs.props} aria-describedby={problem ? problemId : needs.props['aria-describedby']} className={buttonClass.secondary}>
            {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Camera aria-hidden="true" className="size-4" />}
            {busy ? 'Uploading…' : label}
          </button>
        </div>
      )}
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  );
}
