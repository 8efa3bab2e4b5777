import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Room } from '../../contract/projects';
import { limits } from '../../events/projects/model';
import { smallInputClass } from '../components/input';
import { LengthCounter, limitState } from '../components/length-counter';
import { useRenameRoom } from './mutations';
import { cardButtonClass } from './ui';

/**
 * A room's name in edit mode (spec section 4): Save or Enter saves, Cancel or Escape goes back; a
 * blank name is not saved, nor one over the limit, which the counter refuses. Fetched at the first
 * rename (issue 16: the checklist's first draw stays within its JS budget).
 */
export default function RoomNameEditor({ room, name, titleId, suggestion, onDone }: { room: Room; name: string; titleId: string; suggestion: string; onDone: () => void }) {
  const [draft, setDraft] = useState(suggestion);
  const inputRef = useRef<HTMLInputElement>(null);
  const rename = useRenameRoom(room);
  const lengthState = limitState(draft.trim().length, limits.roomName);
  const tooLong = lengthState === 'over';

  useEffect(() => inputRef.current?.select(), []);

  const save = () => {
    const customName = draft.trim();
    if (!customName || tooLong) return;
    rename.mutate(customName, { onSuccess: onDone });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

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
        aria-invalid={tooLong || undefined}
        aria-describedby={lengthState === 'quiet' ? undefined : `${titleId}-length`}
        className={`${smallInputClass} min-h-11 w-auto min-w-[8rem] flex-1 aria-invalid:border-red-500 sm:min-h-7`}
      />
      <div className="flex gap-1">
        <button type="button" className={cardButtonClass.primary} onClick={save} disabled={!draft.trim() || tooLong || rename.isPending} aria-busy={rename.isPending}>
          Save
        </button>
        <button type="button" className={cardButtonClass.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
      <div className="basis-full empty:hidden">
        <LengthCounter id={`${titleId}-length`} length={draft.trim().length} max={limits.roomName} refusal={`Room name must be at most ${limits.roomName} characters`} />
      </div>
    </div>
  );
}
