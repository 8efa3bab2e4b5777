import { LoaderCircle } from 'lucide-react';
import { use, useEffect } from 'react';
import type { Room } from '../../contract/projects';
import type { User } from '../../events/accounts/schemas';
import type { RoomType } from '../../events/projects/model';
import { roomLabels } from '../../events/projects/model';
import { buttonClass } from '../components/button';
import { firstDrawDone } from '../components/first-draw';
import { groupRooms, roomCountLabel } from './model';
import { useAddRoom } from './mutations';
import { PrintingContext } from '../components/printing';
import { useQueuedCount } from './render-queue';
import { RoomCard } from './room-card';

/** The checklist's rooms: the contractor's add-room bar, and the room cards in their groups. */

const addableRooms: readonly RoomType[] = ['bedroom', 'bathroom', 'kitchen', 'laundry'];
const addLabel = (type: RoomType) => `Add ${type === 'laundry' ? 'Laundry' : roomLabels[type]}`;

export function RoomManagementBar({ projectId, onAdded }: { projectId: string; onAdded: (roomId: string) => void }) {
  const add = useAddRoom(projectId);
  return (
    <div role="toolbar" aria-label="Add rooms" className="grid grid-cols-4 gap-2 sm:flex sm:flex-wrap print:hidden">
      {addableRooms.map((type) => (
        <button
          key={type}
          type="button"
          onClick={() => add.mutate(type, { onSuccess: (room) => onAdded(room.id) })}
          disabled={add.isPending}
          aria-busy={add.isPending && add.variables === type}
          className={`${buttonClass.secondary} max-sm:min-h-11 max-sm:px-1 max-sm:text-xs`}
        >
          {add.isPending && add.variables === type && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {addLabel(type)}
        </button>
      ))}
    </div>
  );
}

export function RoomGroups({ rooms, role, getRooms, justAdded }: { rooms: readonly Room[]; role: User['role']; getRooms: () => readonly Room[]; justAdded: string | null }) {
  const groups = groupRooms(rooms);
  // A group at a time: the first layout is the page's frame and first group, not every room.
  const shown = useQueuedCount(groups.length, use(PrintingContext));
  // The first room cards are the checklist's first look: what waited for it may start (issue 32).
  useEffect(() => {
    if (shown > 0) firstDrawDone();
  }, [shown]);
  return (
    <div className="grid gap-5">
      {groups.slice(0, shown).map(({ group, rooms: inGroup }) => (
        <section key={group.key} aria-labelledby={`group-${group.key}`} className="grid gap-2">
          <div className="flex items-baseline gap-2">
            <h2 id={`group-${group.key}`} className="text-xl font-semibold">
              {group.title}
            </h2>
            <span className="text-sm text-gray-500 dark:text-gray-400">{roomCountLabel(inGroup.length)}</span>
          </div>
          {/* Rooms share the width (1 to 4 columns), and a group's only room takes all of it. */}
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,18rem),1fr))] items-start gap-3 print:grid-cols-1">
            {inGroup.map((room) => (
              <RoomCard key={room.id} room={room} role={role} getRooms={getRooms} justAdded={room.id === justAdded} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
