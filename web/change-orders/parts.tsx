import type { ChangeOrder, ChangeOrderStatus } from '../../contract/change-orders';
import { momentText, priceChangeText, scheduleChangeText, statusLabel } from './format';

/** Pieces of the change order screens (issue 30): its status, its figures, the document as signed, the signature. */

const badgeTone: Record<ChangeOrderStatus, string> = {
  draft: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
  sent: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  signed: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  declined: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function StatusBadge({ status }: { status: ChangeOrderStatus }) {
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTone[status]}`}>{statusLabel[status]}</span>;
}

/** Price and schedule change, as a definition list. */
export function Figures({ priceChangeCents, scheduleDays }: Pick<ChangeOrder, 'priceChangeCents' | 'scheduleDays'>) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div className="rounded-md bg-gray-50 p-3 dark:bg-gray-800/60">
        <dt className="text-gray-600 dark:text-gray-400">Price change</dt>
        <dd className="text-lg font-semibold tabular-nums">{priceChangeText(priceChangeCents)}</dd>
      </div>
      <div className="rounded-md bg-gray-50 p-3 dark:bg-gray-800/60">
        <dt className="text-gray-600 dark:text-gray-400">Schedule change</dt>
        <dd className="text-lg font-semibold tabular-nums">{scheduleChangeText(scheduleDays)}</dd>
      </div>
    </dl>
  );
}

/** The whole change order as the client is shown it (and signs it): the document the hash is of. */
export function DocumentView({ changeOrder }: { changeOrder: ChangeOrder }) {
  const { document } = changeOrder;
  return (
    <div className="grid gap-4">
      <Figures priceChangeCents={document.priceChangeCents} scheduleDays={document.scheduleDays} />
      {document.description ? (
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">Description</h3>
          <p className="text-sm break-words whitespace-pre-wrap">{document.description}</p>
        </div>
      ) : null}
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Items it changes</h3>
        {document.items.length ? (
          <ul className="list-disc pl-5 text-sm">
            {document.items.map((item) => (
              <li key={item.id} className="break-words">
                {item.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-400">No checklist items named</p>
        )}
      </div>
      {changeOrder.supersedes && <p className="text-sm text-gray-700 dark:text-gray-300">Supersedes “{changeOrder.supersedes.title}”</p>}
      {changeOrder.supersededBy && <p className="text-sm font-medium text-gray-700 dark:text-gray-300">Superseded by “{changeOrder.supersededBy.title}”</p>}
    </div>
  );
}

/** Who signed, when, and the SHA-256 of what they signed; or why it was declined. */
export function AnswerBlock({ changeOrder }: { changeOrder: ChangeOrder }) {
  const { signature, decline } = changeOrder;
  if (signature) {
    return (
      <section aria-label="Signature" className="grid gap-2 rounded-lg border border-green-300 bg-green-50 p-4 text-sm dark:border-green-800 dark:bg-green-950/50">
        <p className="font-semibold">
          Signed by {signature.fullName} on {momentText(signature.signedAt)}
        </p>
        <p className="grid gap-0.5">
          <span className="text-gray-700 dark:text-gray-300">Document SHA-256</span>
          <code className="font-mono text-xs break-all">{signature.documentHash}</code>
        </p>
      </section>
    );
  }
  if (decline) {
    return (
      <section aria-label="Declined" className="grid gap-1 rounded-lg border border-red-300 bg-red-50 p-4 text-sm dark:border-red-800 dark:bg-red-950/50">
        <p className="font-semibold">Declined on {momentText(decline.declinedAt)}</p>
        <p className="break-words whitespace-pre-wrap">{decline.reason}</p>
      </section>
    );
  }
  return null;
}
