import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { isImageRef } from '../../events/projects/links';
import { buttonClass } from '../components/button';
import { ModalDialog } from '../components/dialog';
import { PhotoUploadPanel } from './photo-upload-panel';
import { inputClass } from '../components/input';

/**
 * Add Photo (spec section 2): 'From URL' (Image URL, Add Image, Cancel; Enter submits; the URL
 * must not be blank) and 'Upload File' (one image, at most 10 MB). Either way the image is handed
 * to `onAdd`, which saves it at once.
 */

const tabs = [
  { key: 'url', label: 'From URL' },
  { key: 'upload', label: 'Upload File' },
] as const;
type Tab = (typeof tabs)[number]['key'];

export function AddPhotoDialog({
  itemId,
  cabinetKey,
  open,
  onOpenChange,
  onAdd,
  existing,
}: {
  /** The item the photo is for: an upload is recorded in its history. */
  itemId: string;
  /** A cabinet part's images ('styleImages'…), when the photo is for one: where a photo taken offline goes. */
  cabinetKey?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (url: string) => void;
  existing: readonly string[];
}) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Add Photo" widthClass="max-w-md">
      {open && <AddPhotoForm onAdd={onAdd} existing={existing} itemId={itemId} cabinetKey={cabinetKey} onClose={() => onOpenChange(false)} />}
    </ModalDialog>
  );
}

function AddPhotoForm({
  onAdd,
  existing,
  itemId,
  cabinetKey,
  onClose,
}: {
  onAdd: (url: string) => void;
  existing: readonly string[];
  itemId: string;
  cabinetKey?: string;
  onClose: () => void;
}) {
  const id = useId();
  const [tab, setTab] = useState<Tab>('url');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ url: null, upload: null });

  const submit = () => {
    const trimmed = url.trim();
    if (!trimmed) return;
    if (existing.includes(trimmed)) {
      setError('This image has already been added.');
      return;
    }
    // The API's rule (events/projects/links.ts): an http(s) address or an uploaded photo.
    if (!isImageRef(trimmed)) {
      setError('Enter an http:// or https:// address of an image.');
      return;
    }
    onAdd(trimmed);
    onClose();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = tabs.findIndex((entry) => entry.key === tab);
    const nextIndex =
      event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
    const next = tabs[nextIndex]!.key;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="grid gap-4">
      <div role="tablist" aria-label="Photo source" className="grid grid-cols-2 gap-1 rounded-md bg-gray-100 p-1 dark:bg-gray-800">
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            ref={(element) => {
              tabRefs.current[key] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-controls={`${id}-panel-${key}`}
            aria-selected={tab === key}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={onTabKey}
            className="rounded px-3 py-1.5 text-sm font-medium text-gray-600 focus-visible:outline-2 focus-visible:outline-blue-600 aria-selected:bg-white aria-selected:text-gray-900 aria-selected:shadow-sm dark:text-gray-300 dark:aria-selected:bg-gray-950 dark:aria-selected:text-gray-100"
          >
            {label}
          </button>
        ))}
      </div>

      {tab === 'url' ? (
        <form
          role="tabpanel"
          id={`${id}-panel-url`}
          aria-labelledby={`${id}-tab-url`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          className="grid gap-4"
        >
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-url`} className="text-sm font-medium">
              Image URL
            </label>
            <input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://example.com/photo.jpg"
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-url-error` : undefined}
              className={inputClass}
            />
            {error && (
              <p id={`${id}-url-error`} className="text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonClass.secondary}>
              Cancel
            </button>
            <button type="submit" disabled={!url.trim()} className={buttonClass.primary}>
              Add Image
            </button>
          </div>
        </form>
      ) : (
        <PhotoUploadPanel
          id={id}
          itemId={itemId}
          cabinetKey={cabinetKey}
          onUploaded={(uploaded) => {
            onAdd(uploaded);
            onClose();
          }}
          onClose={onClose}
        />
      )}
    </div>
  );
}
