import { describe, expect, it } from 'vitest';
import { itemFixture, roomFixture } from '../../contract/fixtures';
import type { ChecklistItem, Room } from '../../contract/projects';
import type { ChecklistDocument } from './checklist-document';
import { renderChecklist } from './checklist-html';

/** The checklist PDF's HTML: escaped user text, the spec's group and room order, labels, nothing loadable. */

const room = (id: string, type: Room['type'], name: string, customName: string | null = null): Room => roomFixture({ id, type, name, customName });

const item = (roomId: string, name: string, overrides: Partial<ChecklistItem> = {}): ChecklistItem =>
  itemFixture({ id: `${roomId}-${name}`, roomId, name, ...overrides });

function documentWith(rooms: ChecklistDocument['rooms'], overrides: Partial<ChecklistDocument> = {}): ChecklistDocument {
  return {
    project: {
      id: 'p1',
      contractorId: 'c1',
      name: 'Maple Street Remodel',
      address: '12 Maple Street',
      clientName: 'Chris Owner',
      clientEmail: 'chris@example.com',
      clientPhone: null,
      status: 'active',
      contractorNotes: null,
      startDate: null,
      targetCompletionDate: null,
      lockBoxCode: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
    stats: { completed: 1, total: 4, percentage: 25, selected: 2, installed: 1, selectedPercentage: 50, installedPercentage: 25 },
    rooms,
    photos: { dataUrls: new Map(), leftOut: 0 },
    exportedAt: new Date('2026-11-21T15:04:00Z'),
    appUrl: 'https://app.example.com',
    ...overrides,
  };
}

/** The visible text in order, tags dropped (the order in which the PDF prints it). */
const textOf = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('checklist HTML', () => {
  it('escapes stored text everywhere it appears, header included', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const doc = documentWith([{ room: room('r1', 'kitchen', 'Kitchen', hostile), items: [item('r1', hostile, { details: hostile, referenceLinks: [hostile] })] }]);
    doc.project.name = hostile;
    const { html, pdf } = renderChecklist(doc);
    for (const text of [html, pdf.headerTemplate]) {
      expect(text).not.toMatch(/<script|<img src=x/i);
      expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('lists groups in the spec order (Whole Home collects exterior and mechanicals) and rooms by trailing number', () => {
    const rooms = [
      room('b10', 'bathroom', 'Bathroom', 'Bathroom 10'),
      room('bed', 'bedroom', 'Bedroom', 'Bedroom 1'),
      room('ext', 'exterior', 'Exterior'),
      room('b2', 'bathroom', 'Bathroom', 'Bathroom 2'),
      room('kit', 'kitchen', 'Kitchen'),
      room('mech', 'mechanicals', 'Mechanicals'),
      room('home', 'whole_home', 'Whole Home'),
      room('guest', 'bathroom', 'Bathroom', 'Guest Bath'),
    ].map((entry) => ({ room: entry, items: [item(entry.id, 'Wall Paint Color')] }));
    const text = textOf(renderChecklist(documentWith(rooms)).html);
    const order = ['Whole Home 3 rooms', 'Exterior', 'Interior', 'Mechanicals', 'Kitchens 1 room', 'Bathrooms 3 rooms', 'Guest Bath', 'Bathroom 2', 'Bathroom 10', 'Bedrooms 1 room'];
    const positions = order.map((label) => text.indexOf(` ${label} `));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('shows sections, the three flags by their labels, details, backsplash, cabinet and door counts', () => {
    const rooms = [
      {
        room: room('kit', 'kitchen', 'Kitchen'),
        items: [
          item('kit', 'Kitchen Faucet', { category: 'plumbing_fixtures', purchasesMade: true }),
          item('kit', 'Countertops', { category: 'specific', contractorCompleted: true, details: 'Quartz, eased edge' }),
          item('kit', 'Backsplash', { category: 'specific', details: '{"tile":"White subway","grout":"Warm grey"}' }),
          item('kit', 'Kitchen Cabinets', { category: 'specific', itemType: 'cabinet', cabinetDetails: { style: 'Shaker', styleCompleted: true, totalPulls: '24' } }),
        ],
      },
      { room: room('ext', 'exterior', 'Exterior'), items: [item('ext', 'Door Knobs', { category: 'door_knobs', referenceLinks: ['6', '2', 'https://knobs.example'] })] },
    ];
    const text = textOf(renderChecklist(documentWith(rooms)).html);
    expect(text).toContain('Door Knobs No No No Total Passage: 6 Total Locking: 2 Links: https://knobs.example');
    expect(text).toContain('Kitchen Specifics Selected Purchased Installed Countertops Yes No No Details: Quartz, eased edge');
    expect(text).toContain('Tile: White subway Grout: Warm grey');
    expect(text).toMatch(/Cabinet Details Style Shaker Completed Wood — Open .* Total Pulls: 24 Total Knobs: —/);
    expect(text).toContain('Plumbing Fixtures Selected Purchased Installed Kitchen Faucet No Yes No');
    // Sections in the room card's order, whatever the items' order.
    expect(text.indexOf('Kitchen Specifics')).toBeLessThan(text.indexOf('Plumbing Fixtures'));
    expect(text).toContain('Overall 1/4 · 25%');
    expect(text).toContain('Contractor (Selected) 2/4 · 50%');
    expect(text).toContain('Client (Installed) 1/4 · 25%');
  });

  it('loads nothing: only inlined uploads are pictures; other addresses are text, unsafe ones not even links', () => {
    const doc = documentWith(
      [
        {
          room: room('kit', 'kitchen', 'Kitchen'),
          items: [
            item('kit', 'Countertops', {
              referenceLinks: ['javascript:alert(1)', 'example.com/quartz'],
              referenceImages: ['/objects/shown.jpg', '/objects/left-out.jpg', 'http://169.254.169.254/latest/meta-data/', 'data:image/svg+xml,<svg/>', 'javascript:alert(2)', 'example.com/not-an-image-url.png'],
            }),
          ],
        },
      ],
      { photos: { dataUrls: new Map([['/objects/shown.jpg', 'data:image/jpeg;base64,/9j/AA==']]), leftOut: 1 } },
    );
    const { html } = renderChecklist(doc);
    expect(html).toContain(`content="default-src &#x27;none&#x27;; img-src data:; style-src &#x27;unsafe-inline&#x27;"`);
    expect([...html.matchAll(/<img [^>]*src="([^"]*)"/g)].map((match) => match[1])).toEqual(['data:image/jpeg;base64,/9j/AA==']);
    expect(html).not.toContain('href="javascript:');
    // Images are named by the same rule as everywhere (events/projects/links.ts): no scheme-less guesses.
    expect(html).not.toContain('href="https://example.com/not-an-image-url.png"');
    expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]).every((href) => /^https?:\/\//.test(href!))).toBe(true);
    expect(html).toContain('href="https://example.com/quartz"');
    expect(html).toContain('href="https://app.example.com/objects/left-out.jpg"');
    const text = textOf(html);
    expect(text).toContain('http://169.254.169.254/latest/meta-data/');
    expect(text).toContain('embedded picture (not shown)');
    expect(text).toContain('1 photo is not shown in this file');
  });

  it('prints the export date and page numbers in the footer', () => {
    const { pdf } = renderChecklist(documentWith([]));
    expect(pdf.footerTemplate).toContain('Exported November 21, 2026 at 3:04 PM UTC');
    expect(pdf.footerTemplate).toMatch(/Page <span class="pageNumber"><\/span> of <span class="totalPages"><\/span>/);
  });
});
