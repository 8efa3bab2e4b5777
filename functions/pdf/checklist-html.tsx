import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { flagsOfApi } from '../../contract/flags';
import { badgeTone, roomCountLabel } from '../../events/projects/checklist-layout';
import { isComplete } from '../../events/projects/model';
import { displayName } from '../../events/projects/room-naming';
import { layOutChecklist, type ChecklistDocument, type LaidOutRoom } from './checklist-document';
import { checklistStyles } from './checklist-styles';
import { ItemRows } from './item-rows';
import { ProgressSummary } from './progress-summary';
import { PunchSection } from './punch-section';

/**
 * The checklist as a printable HTML document, plus Chromium's page header and footer: what a
 * contractor hands over (spec section 2's page, on paper). Pure: data in, text out. Its parts:
 * the progress block (./progress-summary.tsx) and each item's rows (./item-rows.tsx).
 *
 * Every piece of stored text goes through React, which escapes it; the only raw HTML is the
 * style sheet (./checklist-styles.ts). The page may load nothing (its Content-Security-Policy allows data: pictures
 * and inline styles only); under that, the Chromium adapter refuses every request and resolves
 * no host name.
 */

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
        <style dangerouslySetInnerHTML={{ __html: checklistStyles }} />
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
        <PunchSection rooms={doc.punch} />
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

function RoomBlock({ laidOut: { room, items, sections }, doc }: { laidOut: LaidOutRoom; doc: ChecklistDocument }) {
  const completed = items.filter((item) => isComplete(flagsOfApi(item))).length;
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
