import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Room } from '../../contract/projects';
import { useDeleteRoom } from './mutations';
import { cardIconButtonClass, ConfirmDelete } from './ui';

/** A room card's Delete, asked twice (spec section 4). */
export function DeleteRoomButton({ room, name }: { room: Room; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const remove = useDeleteRoom(room);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setConfirming(true)}
        disabled={remove.isPending}
        aria-label={`Delete ${name}`}
        title="Delete room"
        className={`${cardIconButtonClass} text-red-600 hover:text-red-700 print:hidden dark:text-red-400`}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      <ConfirmDelete what="room" name={name} open={confirming} onOpenChange={setConfirming} onConfirm={() => remove.mutate()} returnFocusTo={buttonRef} />
    </>
  );
}
