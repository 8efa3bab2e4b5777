/** The checklist PDF's one style sheet (the page may load nothing else). */
export const checklistStyles = `
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
