import { statusLabel, type PunchStatus } from '../../events/punch/model';

/**
 * The checklist PDF's 'Punch list' section (issue 30): the project's punch items grouped by room,
 * each with its status, who must fix it and by when (its photos are not printed: the checklist's
 * photo budget goes to the items; the count says they exist).
 */

export interface PunchPdfRoom {
  readonly roomName: string;
  readonly items: readonly PunchPdfItem[];
}

export interface PunchPdfItem {
  readonly id: string;
  readonly title: string;
  readonly note: string;
  readonly status: PunchStatus;
  readonly assignee: string;
  readonly dueDate: string | null;
  readonly photos: number;
  readonly reopenReason: string | null;
  readonly fixNote: string;
}

const styles = `
.punch .status { width: 70pt; white-space: nowrap; }
.punch .who { width: 100pt; }
.punch .due { width: 62pt; white-space: nowrap; }
.punch tbody.item > tr > td.name { font-weight: 600; }
`;

export function PunchSection({ rooms }: { rooms: readonly PunchPdfRoom[] | undefined }) {
  if (!rooms?.length) return null;
  const count = rooms.reduce((sum, room) => sum + room.items.length, 0);
  return (
    <section className="group punch">
      <style dangerouslySetInnerHTML={{ __html: styles }} />
      <div className="group-title">
        <h2>Punch list</h2> <span className="count">{count === 1 ? '1 item' : `${count} items`}</span>
      </div>
      {rooms.map((room) => (
        <section key={room.roomName} className="room">
          <div className="room-title">
            <h3>{room.roomName}</h3>
          </div>
          <table className="items">
            <thead>
              <tr>
                <th className="name">Punch item</th>
                <th className="status">Status</th>
                <th className="who">Assignee</th>
                <th className="due">Due</th>
              </tr>
            </thead>
            {room.items.map((item) => (
              <tbody key={item.id} className="item">
                <tr>
                  <td className="name">{item.title}</td>
                  <td className="status">{statusLabel[item.status]}</td>
                  <td className="who">{item.assignee}</td>
                  <td className="due">{item.dueDate ?? '—'}</td>
                </tr>
                {(item.note || item.fixNote || item.reopenReason || item.photos > 0) && (
                  <tr className="more">
                    <td colSpan={4}>
                      {item.note && <p className="details">{item.note}</p>}
                      {item.reopenReason && item.status === 'open' && <p className="line"><span className="label">Reopened:</span> {item.reopenReason}</p>}
                      {item.fixNote && item.status !== 'open' && <p className="line"><span className="label">Fix:</span> {item.fixNote}</p>}
                      {item.photos > 0 && <p className="line">{item.photos === 1 ? '1 photo' : `${item.photos} photos`} in the app</p>}
                    </td>
                  </tr>
                )}
              </tbody>
            ))}
          </table>
        </section>
      ))}
    </section>
  );
}
