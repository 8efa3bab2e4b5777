import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ChecklistItem, Project, ProjectStats, Room } from '../../contract/projects';
import { badgeTone, groupRooms, isBacksplash, parseBacksplash, roomCountLabel, safeHref, safeImageSrc, splitLinks, type RoomGroup } from '../../events/projects/checklist-layout';
import { isComplete } from '../../events/projects/model';
import { sectionsFor, type Section } from '../../events/projects/model';
import { displayName } from '../../events/projects/room-naming';
import { servedObjectKey } from '../objects/object-keys';
import { itemPhotos, pdfCabinetParts, type ItemPhoto } from './item-photos';
import type { InlinedPhotos } from './photo-inliner';

/**
 * The checklist as a printable HTML document, plus Chromium's page header and footer: what a
 * contractor hands over (spec section 2's page, on paper). Pure: data in, text out.
 *
 * Every piece of stored text goes through React, which escapes it; the only raw HTML is the
 * style sheet below. The page may load nothing (its Content-Security-Policy allows data: pictures
 * and inline styles only); under that, the Chromium adapter refuses every request and resolves
 * no host name.
 */

export interface ChecklistDocument {
  readonly project: Project;
  readonly stats: ProjectStats;
  readonly rooms: readonly { readonly room: Room; readonly items: readonly ChecklistItem[] }[];
  readonly photos: InlinedPhotos;
  readonly exportedAt: Date;
  /** Where the app is served: left-out uploads are listed as links under it. */
  readonly appUrl: string;
}

export interface LaidOutRoom {
  readonly room: Room;
  readonly items: readonly ChecklistItem[];
  readonly sections: readonly { readonly section: Section; readonly items: readonly ChecklistItem[] }[];
}

/** Groups in the spec's order, rooms sorted within them, items by the room card's sections (empty sections left out). */
export function layOutChecklist(rooms: ChecklistDocument['rooms']): { group: RoomGroup; rooms: LaidOutRoom[] }[] {
  const itemsOf = new Map(rooms.map(({ room, items }) => [room.id, items]));
  return groupRooms(rooms.map(({ room }) => room)).map(({ group, rooms: inGroup }) => ({
    group,
    rooms: inGroup.map((room) => {
      const items = itemsOf.get(room.id) ?? [];
      const sections = sectionsFor(room.type)
        .map((section) => ({ section, items: items.filter((item) => section.categories.includes(item.category)) }))
        .filter((section) => section.items.length > 0);
      return { room, items, sections };
    }),
  }));
}

/** The body and Chromium's header and footer, with the page settings they were made for. */
export function renderChecklist(doc: ChecklistDocument) {
  const exported = exportedLabel(doc.exportedAt);
  return {
    html: `<!DOCTYPE html>${renderToStaticMarkup(<ChecklistPage doc={doc} exported={exported} />)}`,
    pdf: {
      format: 'letter',
      printBackground: true,
      // Tagged (readable by screen readers; most of the file's size without photos) and with
      // bookmarks from the group and room headings.
      tagged: true,
      outline: true,
      displayHeaderFooter: true,
      headerTemplate: renderToStaticMarkup(
        <div style={barStyle}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{doc.project.name}</span>
          <span style={{ whiteSpace: 'nowrap' }}>Construction Checklist</span>
        </div>,
      ),
      // Chromium fills the pageNumber and totalPages spans itself.
      footerTemplate: renderToStaticMarkup(
        <div style={barStyle}>
          <span>Exported {exported}</span>
          <span style={{ whiteSpace: 'nowrap' }}>
            Page <span className="pageNumber" /> of <span className="totalPages" />
          </span>
        </div>,
      ),
      margin: { top: '0.7in', bottom: '0.7in', left: '0.5in', right: '0.5in' },
    },
  } as const;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
/** In UTC, said so: the server does not know the reader's time zone. */
const exportedLabel = (date: Date) => `${dateFormat.format(date)} UTC`;

// Header and footer are drawn apart from the page, without its style sheet, at a tiny default size.
const barStyle = {
  display: 'flex',
  justifyContent: 'space-between',
  gap: '16px',
  width: '100%',
  margin: '0 0.5in',
  fontFamily: 'Helvetica, Arial, "Liberation Sans", "DejaVu Sans", sans-serif',
  fontSize: '8px',
  color: '#4b5563',
} as const;

const CONTENT_SECURITY_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

function ChecklistPage({ doc, exported }: { doc: ChecklistDocument; exported: string }) {
  const { project, photos } = doc;
  const groups = layOutChecklist(doc.rooms);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={CONTENT_SECURITY_POLICY} />
        <title>{`${project.name} checklist`}</title>
        <style dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        <header className="project">
          <h1>{project.name}</h1>
          <p className="address">{project.address}</p>
          <dl className="facts">
            <Fact label="Client">{[project.clientName, project.clientEmail, project.clientPhone].filter(Boolean).join(' · ')}</Fact>
            <Fact label="Status">{project.status.charAt(0).toUpperCase() + project.status.slice(1)}</Fact>
            <Fact label="Exported">{exported}</Fact>
          </dl>
        </header>
        <ProgressSummary stats={doc.stats} />
        {photos.leftOut > 0 && (
          <p className="note">
            {photos.leftOut === 1 ? '1 photo is' : `${photos.leftOut} photos are`} not shown in this file, to keep it small; they are listed as links
            under their items.
          </p>
        )}
        {groups.length === 0 && <p className="empty">This project has no rooms yet.</p>}
        {groups.map(({ group, rooms }) => (
          <section key={group.key} className="group">
            {/* Headings hold the names alone: Chromium makes the PDF's bookmarks from them. */}
            <div className="group-title">
              <h2>{group.title}</h2> <span className="count">{roomCountLabel(rooms.length)}</span>
            </div>
            {rooms.map((laidOut) => (
              <RoomBlock key={laidOut.room.id} laidOut={laidOut} doc={doc} />
            ))}
          </section>
        ))}
      </body>
    </html>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ProgressSummary({ stats }: { stats: ProjectStats }) {
  const counters = [
    ['Total Items', stats.total],
    ['Completed', stats.completed],
    ['Remaining', Math.max(0, stats.total - stats.completed)],
    ['Selected', stats.contractorCompleted],
    ['Installed', stats.clientCompleted],
  ] as const;
  const bars = [
    ['Overall', stats.completed, stats.percentage],
    ['Contractor (Selected)', stats.contractorCompleted, stats.contractorPercentage],
    ['Client (Installed)', stats.clientCompleted, stats.clientPercentage],
  ] as const;
  return (
    <section className="progress">
      <dl className="counters">
        {counters.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="bars">
        {bars.map(([label, done, percent]) => (
          <div key={label} className="bar">
            <div className="bar-label">
              <span>{label}</span>
              <span>
                {done}/{stats.total} · {percent}%
              </span>
            </div>
            <div className="track">
              <div className="fill" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

function RoomBlock({ laidOut: { room, items, sections }, doc }: { laidOut: LaidOutRoom; doc: ChecklistDocument }) {
  const completed = items.filter(isComplete).length;
  return (
    <section className="room">
      <div className="room-title">
        <h3>{displayName(room)}</h3>
        <span className={`badge ${badgeTone(completed, items.length)}`}>
          {completed}/{items.length} Complete
        </span>
      </div>
      {sections.length === 0 && <p className="empty">No items.</p>}
      {sections.map(({ section, items: inSection }) => (
        <table key={section.title} className="items">
          <thead>
            <tr>
              <th className="name">{section.title}</th>
              <th className="flag">Selected</th>
              <th className="flag">Purchased</th>
              <th className="flag">Installed</th>
            </tr>
          </thead>
          {inSection.map((item) => (
            <ItemRows key={item.id} item={item} doc={doc} />
          ))}
        </table>
      ))}
    </section>
  );
}

function ItemRows({ item, doc }: { item: ChecklistItem; doc: ChecklistDocument }) {
  const extras = itemExtras(item);
  return (
    <tbody className="item">
      <tr>
        <td className="name">
          <span className={`dot ${isComplete(item) ? 'done' : ''}`} />
          {item.name}
        </td>
        <FlagCell on={item.contractorCompleted} />
        <FlagCell on={item.purchasesMade} />
        <FlagCell on={item.clientCompleted} />
      </tr>
      {extras.any && (
        <tr className="more">
          <td colSpan={4}>
            <ItemExtras item={item} extras={extras} doc={doc} />
          </td>
        </tr>
      )}
    </tbody>
  );
}

function FlagCell({ on }: { on: boolean }) {
  return (
    <td className="flag">
      <span className={`box ${on ? 'on' : ''}`} />
      {on ? 'Yes' : 'No'}
    </td>
  );
}

/** What an item carries besides its flags, each part only when it has something to show. */
function itemExtras(item: ChecklistItem) {
  const { counts, links } = splitLinks(item);
  const backsplash = isBacksplash(item) ? parseBacksplash(item.details) : undefined;
  const parts = {
    counts,
    backsplash: backsplash && (backsplash.tile || backsplash.grout) ? backsplash : undefined,
    details: !backsplash && item.details.trim() ? item.details : undefined,
    cabinet: item.itemType === 'cabinet',
    links,
    photos: itemPhotos(item),
  };
  return { ...parts, any: Boolean(parts.counts || parts.backsplash || parts.details || parts.cabinet || links.length || parts.photos.length) };
}

function ItemExtras({ item, extras, doc }: { item: ChecklistItem; extras: ReturnType<typeof itemExtras>; doc: ChecklistDocument }) {
  const { counts, backsplash, details, cabinet, links, photos } = extras;
  return (
    <>
      {counts && (
        <p className="line">
          <Label>Total Passage</Label> {counts[0] || '—'} <Label>Total Locking</Label> {counts[1] || '—'}
        </p>
      )}
      {backsplash && (
        <p className="line">
          <Label>Tile</Label> {backsplash.tile || '—'} <Label>Grout</Label> {backsplash.grout || '—'}
        </p>
      )}
      {details && (
        <p className="line details">
          <Label>Details</Label> {details}
        </p>
      )}
      {cabinet && <CabinetDetailsTable item={item} />}
      {links.length > 0 && (
        <p className="line">
          <Label>Links</Label> <LinkList links={links} />
        </p>
      )}
      {photos.length > 0 && <Photos photos={photos} doc={doc} />}
    </>
  );
}

const Label = ({ children }: { children: ReactNode }) => <span className="label">{children}:</span>;

function LinkList({ links }: { links: readonly string[] }) {
  return links.map((link, index) => {
    const href = safeHref(link);
    return (
      <span key={index} className="link">
        {href ? <a href={href}>{link}</a> : link}
      </span>
    );
  });
}

function CabinetDetailsTable({ item }: { item: ChecklistItem }) {
  const cabinet = item.cabinetDetails ?? {};
  return (
    <table className="cabinet">
      <caption>Cabinet Details</caption>
      <tbody>
        {pdfCabinetParts.map(({ key, label }) => {
          const partLinks = cabinet[`${key}Links`] ?? [];
          const done = cabinet[`${key}Completed`] ?? false;
          return (
            <tr key={key}>
              <th>{label}</th>
              <td>
                {cabinet[key] || '—'}
                {partLinks.length > 0 && (
                  <>
                    {' '}
                    <LinkList links={partLinks} />
                  </>
                )}
              </td>
              <td className="flag">
                <span className={`box ${done ? 'on' : ''}`} />
                {done ? 'Completed' : 'Open'}
              </td>
            </tr>
          );
        })}
        <tr>
          <th>Totals</th>
          <td colSpan={2}>
            <Label>Total Pulls</Label> {cabinet.totalPulls || '—'} <Label>Total Knobs</Label> {cabinet.totalKnobs || '—'}
          </td>
        </tr>
        {item.cabinetLinks.length > 0 && (
          <tr>
            <th>Links</th>
            <td colSpan={2}>
              <LinkList links={item.cabinetLinks} />
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** Inlined uploads as thumbnails; every other picture as a link in text, never loaded. */
function Photos({ photos, doc }: { photos: readonly ItemPhoto[]; doc: ChecklistDocument }) {
  const shown = photos.filter(({ ref }) => doc.photos.dataUrls.has(ref));
  const listed = photos.filter(({ ref }) => !doc.photos.dataUrls.has(ref));
  return (
    <>
      {shown.length > 0 && (
        <div className="photos">
          {shown.map(({ ref, caption }, index) => (
            <figure key={index}>
              <img src={doc.photos.dataUrls.get(ref)} alt={`${caption} photo`} />
              <figcaption>{caption}</figcaption>
            </figure>
          ))}
        </div>
      )}
      {listed.length > 0 && (
        <p className="line">
          <Label>Photos</Label>{' '}
          {listed.map(({ ref, caption }, index) => (
            <span key={index} className="link">
              {caption}: <PhotoReference photoRef={ref} appUrl={doc.appUrl} />
            </span>
          ))}
        </p>
      )}
    </>
  );
}

function PhotoReference({ photoRef, appUrl }: { photoRef: string; appUrl: string }) {
  if (servedObjectKey(photoRef)) return <a href={`${appUrl}${photoRef}`}>{`${appUrl}${photoRef}`}</a>;
  // A picture pasted as a data: URL is pages of letters: named, not printed.
  if (/^\s*data:/i.test(photoRef)) return <>embedded picture (not shown)</>;
  const href = safeImageSrc(photoRef);
  return href ? <a href={href}>{photoRef}</a> : <>{photoRef}</>;
}

const styles = `
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: Helvetica, Arial, "Liberation Sans", "DejaVu Sans", sans-serif; font-size: 9.5pt; line-height: 1.35; color: #111827; overflow-wrap: anywhere; }
h1 { font-size: 20pt; margin: 0; line-height: 1.2; }
.group-title { display: flex; align-items: baseline; gap: 6pt; margin: 18pt 0 4pt; padding-bottom: 3pt; border-bottom: 2px solid #1f2937; break-after: avoid; }
h2 { font-size: 14pt; margin: 0; }
.group-title .count { font-size: 9.5pt; color: #4b5563; }
.room-title { display: flex; justify-content: space-between; align-items: baseline; gap: 12pt; margin: 12pt 0 2pt; break-after: avoid; }
h3 { font-size: 11.5pt; margin: 0; }
p { margin: 0; }
.address { margin-top: 2pt; color: #374151; }
.facts { display: flex; flex-wrap: wrap; gap: 4pt 18pt; margin: 8pt 0 0; }
.facts dt, .counters dt { font-size: 7.5pt; text-transform: uppercase; letter-spacing: 0.04em; color: #6b7280; }
.facts dd, .counters dd { margin: 0; }
.progress { margin-top: 12pt; padding: 8pt 10pt; border: 1px solid #d1d5db; border-radius: 4pt; break-inside: avoid; }
.counters { display: flex; gap: 6pt; margin: 0 0 8pt; }
.counters > div { flex: 1; padding: 4pt 6pt; background: #f3f4f6; border-radius: 3pt; }
.counters dd { font-size: 14pt; font-weight: bold; }
.bars { display: flex; gap: 12pt; }
.bar { flex: 1; }
.bar-label { display: flex; justify-content: space-between; gap: 6pt; font-size: 8.5pt; }
.track { height: 6pt; margin-top: 2pt; background: #e5e7eb; border-radius: 3pt; overflow: hidden; }
.fill { height: 100%; background: #1f2937; }
.note { margin-top: 8pt; padding: 4pt 8pt; background: #fef3c7; border-radius: 3pt; font-size: 8.5pt; }
.empty { color: #6b7280; font-style: italic; }
.badge { font-size: 8pt; font-weight: normal; padding: 1pt 6pt; border-radius: 8pt; border: 1px solid #d1d5db; color: #374151; white-space: nowrap; }
.badge.green { background: #dcfce7; border-color: #86efac; color: #166534; }
.badge.amber { background: #fef3c7; border-color: #fcd34d; color: #92400e; }
table { width: 100%; border-collapse: collapse; }
table.items { table-layout: fixed; margin-top: 4pt; }
table.items > thead th { text-align: left; font-size: 7.5pt; text-transform: uppercase; letter-spacing: 0.04em; color: #4b5563; padding: 3pt 4pt; border-bottom: 1px solid #9ca3af; }
table.items > thead th.name { color: #111827; font-size: 9pt; text-transform: none; letter-spacing: 0; }
table.items > thead th.flag, tbody.item > tr > td.flag { width: 62pt; white-space: nowrap; }
tbody.item { break-inside: avoid; }
tbody.item > tr > td { padding: 3pt 4pt; vertical-align: top; border-top: 1px solid #e5e7eb; }
tbody.item > tr.more > td { border-top: none; padding: 0 4pt 5pt 14pt; font-size: 8.5pt; color: #374151; }
tbody.item > tr > td.name { font-weight: 600; }
.dot { display: inline-block; width: 6pt; height: 6pt; margin-right: 5pt; border-radius: 50%; background: #d1d5db; }
.dot.done { background: #16a34a; }
.box { display: inline-block; position: relative; width: 8pt; height: 8pt; margin-right: 4pt; vertical-align: -1pt; border: 1px solid #6b7280; border-radius: 1.5pt; }
.box.on { background: #1f2937; border-color: #1f2937; }
.box.on::after { content: ''; position: absolute; left: 2.2pt; top: 0.4pt; width: 2.2pt; height: 4.4pt; border: solid #fff; border-width: 0 1.2pt 1.2pt 0; transform: rotate(45deg); }
.line { margin-top: 2pt; }
.details { white-space: pre-wrap; }
.label { font-weight: 600; color: #111827; }
.label ~ .label { margin-left: 8pt; }
.link { margin-right: 8pt; }
a { color: #1d4ed8; text-decoration: none; }
table.cabinet { margin-top: 3pt; border: 1px solid #e5e7eb; }
table.cabinet caption { text-align: left; font-weight: 600; color: #111827; padding: 2pt 0; }
table.cabinet th, table.cabinet td { padding: 2pt 5pt; border-top: 1px solid #e5e7eb; text-align: left; vertical-align: top; font-weight: normal; }
table.cabinet th { width: 86pt; color: #4b5563; font-size: 8.5pt; }
table.cabinet td.flag { width: 72pt; white-space: nowrap; }
.photos { display: flex; flex-wrap: wrap; gap: 6pt; margin-top: 4pt; }
figure { margin: 0; width: 96pt; }
figure img { display: block; width: 96pt; height: 72pt; object-fit: cover; border: 1px solid #e5e7eb; border-radius: 3pt; }
figcaption { font-size: 7.5pt; color: #6b7280; }
`;
