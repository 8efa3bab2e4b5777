import type { ReactNode } from 'react';
import { flagsInOrder, flagsOfApi } from '../../contract/flags';
import type { ChecklistItem } from '../../contract/projects';
import { isBacksplash, parseBacksplash, safeHref, safeImageSrc, splitLinks } from '../../events/projects/checklist-layout';
import { isComplete } from '../../events/projects/model';
import { servedObjectKey } from '../objects/object-keys';
import type { ChecklistDocument } from './checklist-document';
import { itemPhotos, pdfCabinetParts, type ItemPhoto } from './item-photos';

/** An item in the checklist PDF's table: its row (name, the three flags), then what else it carries. */

export function ItemRows({ item, doc }: { item: ChecklistItem; doc: ChecklistDocument }) {
  const extras = itemExtras(item);
  const flags = flagsOfApi(item);
  return (
    <tbody className="item">
      <tr>
        <td className="name">
          <span className={`dot ${isComplete(flags) ? 'done' : ''}`} />
          {item.name}
        </td>
        {flagsInOrder.map((flag) => (
          <FlagCell key={flag} on={flags[flag]} />
        ))}
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
              {/* Issue 30: a photo with markup is drawn with it (our own SVG: markup-svg.ts escapes every value). */}
              {doc.photos.markedUp?.has(ref) ? <div dangerouslySetInnerHTML={{ __html: doc.photos.markedUp.get(ref)! }} /> : <img src={doc.photos.dataUrls.get(ref)} alt={`${caption} photo`} />}
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
