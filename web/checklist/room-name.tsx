import { Pencil } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Room } from '../../contract/projects';
import { suggestedRename } from '../../events/projects/room-naming';
import { cardIconButtonClass } from './ui';

const RoomNameEditor = lazy(() => import('./room-name-editor'));

/** A room's name as its card's heading, with the contractor's pencil that renames it in place (room-name-editor.tsx). */
export function RoomName({ room, name, titleId, canRename, getRooms }: { room: Room; name: string; titleId: string; canRename: boolean; getRooms: () => readonly Room[] }) {
  // The suggested name while editing (spec section 4), else null.
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const pencilRef = useRef<HTMLButtonElement>(null);
  const heading = (
    <h3 id={titleId} className="min-w-0 flex-1 pl-0.5 text-base font-semibold break-words">
      {name}
    </h3>
  );

  if (suggestion !== null) {
    const done = () => {
      setSuggestion(null);
      requestAnimationFrame(() => pencilRef.current?.focus());
    };
    return (
      <Suspense fallback={heading}>
        <RoomNameEditor room={room} name={name} titleId={titleId} suggestion={suggestion} onDone={done} />
      </Suspense>
    );
  }

  return (
    <>
      {heading}
      {canRename && (
        <button
          ref={pencilRef}
          type="button"
          aria-label={`Rename ${name}`}
          title="Rename room"
          onClick={() => setSuggestion(suggestedRename(room, getRooms()))}
          className={`${cardIconButtonClass} print:hidden`}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </button>
      )}
    </>
  );
}
