import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import type { ChangeOrder } from '../../contract/change-orders';
import { priceChangeText, scheduleChangeText } from '../../events/change-orders/format';

/**
 * A change order as a printable HTML document (issue 30): the document the client is shown (or
 * signed), its status, and once signed the signature block (name, time, the document's SHA-256).
 * Pure: data in, text out; every stored text goes through React, which escapes it, and the page
 * may load nothing (the Chromium adapter refuses every request too).
 */

const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
/** In UTC, said so: the server does not know the reader's time zone. */
export const utcTime = (iso: string) => `${timeFormat.format(new Date(iso))} UTC`;

const statusText: Record<ChangeOrder['status'], string> = { draft: 'Draft', sent: 'Sent, awaiting signature', signed: 'Signed', declined: 'Declined' };

const styles = `
  body { font-family: Helvetica, Arial, "Liberation Sans", "DejaVu Sans", sans-serif; color: #111827; font-size: 11pt; line-height: 1.45; }
  h1 { font-size: 18pt; margin: 0 0 4pt; }
  .project { color: #4b5563; margin: 0 0 14pt; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4pt 16pt; margin: 0 0 14pt; }
  dt { font-weight: bold; }
  dd { margin: 0; }
  .description { white-space: pre-wrap; border-left: 3pt solid #d1d5db; padding-left: 10pt; margin: 0 0 14pt; }
  .signature { border: 1pt solid #111827; padding: 10pt 12pt; margin-top: 18pt; page-break-inside: avoid; }
  .signature h2 { font-size: 12pt; margin: 0 0 6pt; }
  .hash { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 8.5pt; word-break: break-all; }
`;

export function renderChangeOrder(changeOrder: ChangeOrder, generatedAt: Date) {
  return {
    html: `<!DOCTYPE html>${renderToStaticMarkup(<ChangeOrderPage changeOrder={changeOrder} generatedAt={generatedAt} />)}`,
    pdf: { format: 'letter', printBackground: true, tagged: true, margin: { top: '0.7in', bottom: '0.7in', left: '0.7in', right: '0.7in' } },
  } as const;
}

function ChangeOrderPage({ changeOrder, generatedAt }: { changeOrder: ChangeOrder; generatedAt: Date }) {
  const { document, signature, decline } = changeOrder;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={CONTENT_SECURITY_POLICY} />
        <title>{`Change order: ${document.title}`}</title>
        <style dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        <h1>Change order: {document.title}</h1>
        <p className="project">{document.project.name}</p>
        <dl>
          <Fact label="Status">{statusText[changeOrder.status]}</Fact>
          <Fact label="Price change">{priceChangeText(document.priceChangeCents)}</Fact>
          <Fact label="Schedule change">{scheduleChangeText(document.scheduleDays)}</Fact>
          <Fact label="Items">{document.items.length ? document.items.map((item) => item.name).join(', ') : 'None named'}</Fact>
          {changeOrder.supersedes && <Fact label="Supersedes">{changeOrder.supersedes.title}</Fact>}
          {changeOrder.supersededBy && <Fact label="Superseded by">{changeOrder.supersededBy.title}</Fact>}
          <Fact label="Version">{String(document.version)}</Fact>
          <Fact label="Generated">{utcTime(generatedAt.toISOString())}</Fact>
        </dl>
        {document.description && <p className="description">{document.description}</p>}
        {signature && (
          <section className="signature">
            <h2>Signed</h2>
            <dl>
              <Fact label="Signed by">{signature.fullName}</Fact>
              <Fact label="Signed at">{utcTime(signature.signedAt)}</Fact>
              <Fact label="Document SHA-256">
                <span className="hash">{signature.documentHash}</span>
              </Fact>
            </dl>
          </section>
        )}
        {decline && (
          <section className="signature">
            <h2>Declined</h2>
            <dl>
              <Fact label="Declined at">{utcTime(decline.declinedAt)}</Fact>
              <Fact label="Reason">{decline.reason}</Fact>
            </dl>
          </section>
        )}
      </body>
    </html>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
