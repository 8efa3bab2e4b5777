import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Room } from '../../contract/projects';
import { suggestedRename } from '../../events/projects/room-naming';
import { smallInputClass } from '../components/input';
import { useRenameRoom } from './mutations';
import { smallButtonClass, smallIconButtonClass } from './ui';

/** A room's name as its card's heading, with the contractor's pencil that renames it in place (Enter saves, Escape cancels). */
export function RoomName({ room, name, titleId, canRename, getRooms }: { room: Room; name: string; titleId: string; canRename: boolean; getRooms: () => readonly Room[] }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const pencilRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const rename = useRenameRoom(room);

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const stop = () => {
    setEditing(false);
    requestAnimationFrame(() => pencilRef.current?.focus());
  };
  const save = () => {
    const customName = draft.trim();
    // Spec section 5: a blank name is not saved.
    if (!customName) return;
    rename.mutate(customName, { onSuccess: stop });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stop();
    }
  };

  if (editing) {
    return (
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
        <h3 id={titleId} className="sr-only">
          {name}
        </h3>
        <input
          ref={inputRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-label="Room name"
          maxLength={100}
          className={`${smallInputClass} w-auto min-w-[8rem] flex-1`}
        />
        <div className="flex gap-1">
          <button type="button" className={smallButtonClass.primary} onClick={save} disabled={!draft.trim() || rename.isPending} aria-busy={rename.isPending}>
            Save
          </button>
          <button type="button" className={smallButtonClass.secondary} onClick={stop}>
            Cancel
          </button>
        </div>
      </div>
    );
  }

  return (
    <>
      <h3 id={titleId} className="min-w-0 flex-1 text-base font-semibold break-words">
        {name}
      </h3>
      {canRename && (
        <button
          ref={pencilRef}
          type="button"
          aria-label={`Rename ${name}`}
          title="Rename room"
          onClick={() => {
            setDraft(suggestedRename(room, getRooms()));
            setEditing(true);
          }}
          className={`${smallIconButtonClass} print:hidden`}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </button>
      )}
    </>
  );
}
