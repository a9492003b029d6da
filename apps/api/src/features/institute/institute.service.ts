/**
 * Institute content (docs/design.md §8): the config as served to the web app, and the three
 * Quick Link documents (academic calendar, contacts directory, weekly timetable) generated as real,
 * searchable PDFs from the config with pdfkit. Documents are built once per distinct config and
 * cached in memory under a SHA-256 of the config, so a changed config (after a restart) yields new
 * files and a new ETag.
 */
import { createHash } from 'node:crypto';
import {
  INSTITUTE_DOCUMENTS,
  INSTITUTE_MESSAGES,
  instituteDocumentPath,
  type InstituteConfig,
  type InstituteDocument,
  type InstituteInfo,
} from '@campus/contract/institute';
import { notFound } from '../../lib/errors.ts';

/** The generated PDFs of one config version; `hash` is the config's SHA-256 (hex, 64 chars). */
export interface InstituteDocuments {
  hash: string;
  files: Record<InstituteDocument, Buffer>;
}

/** Download names and titles of the documents. */
const DOCUMENT_META: Record<InstituteDocument, { filename: string; title: string }> = {
  calendar: { filename: 'academic-calendar.pdf', title: 'Academic Calendar' },
  contacts: { filename: 'contacts-directory.pdf', title: 'Contacts Directory' },
  timetable: { filename: 'weekly-timetable.pdf', title: 'Weekly Timetable' },
};

/** SHA-256 (hex) of the config's canonical JSON: the cache key and ETag of the documents. */
export function configHash(config: InstituteConfig): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('hex');
}

/**
 * `data` of `GET /api/institute`: the config with each Quick Link's absolute `href` (documents
 * under `appUrl`, e.g. `http://localhost:3000/api/institute/files/calendar.pdf`, docs/design.md §4).
 */
export function instituteInfo(
  config: InstituteConfig,
  appUrl: string,
  mapTiles: InstituteInfo['mapTiles'] = null,
): InstituteInfo {
  // The weekly timetables are read per student (GET /api/attendance/today), not sent to everyone.
  const { classTimetables: _timetables, ...shared } = config;
  return {
    ...shared,
    mapTiles,
    quickLinks: config.quickLinks.map((link) => ({
      ...link,
      href: link.document ? `${appUrl}${instituteDocumentPath(link.document)}` : link.url!,
    })),
  };
}

const CACHE_LIMIT = 4;
const cache = new Map<string, Promise<InstituteDocuments>>();

/**
 * The three PDFs for `config`, generated on first use and cached by config hash (at most
 * CACHE_LIMIT versions kept). Rejects only on a pdfkit failure.
 */
export function instituteDocuments(config: InstituteConfig): Promise<InstituteDocuments> {
  const hash = configHash(config);
  let entry = cache.get(hash);
  if (!entry) {
    entry = (async () => {
      const [calendar, contacts, timetable] = await Promise.all([
        calendarPdf(config),
        contactsPdf(config),
        timetablePdf(config),
      ]);
      return { hash, files: { calendar, contacts, timetable } };
    })();
    entry.catch(() => cache.delete(hash));
    cache.set(hash, entry);
    while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  return entry;
}

/**
 * One document by its file name (`calendar.pdf`, `contacts.pdf`, `timetable.pdf`). Returns the
 * bytes, a strong ETag (config hash + kind) and the download name; 404 for any other name.
 */
export async function getDocument(
  config: InstituteConfig,
  fileName: string,
): Promise<{ bytes: Buffer; etag: string; filename: string }> {
  const kind = INSTITUTE_DOCUMENTS.find((k) => `${k}.pdf` === fileName);
  if (!kind) throw notFound(INSTITUTE_MESSAGES.documentNotFound);
  const docs = await instituteDocuments(config);
  return {
    bytes: docs.files[kind],
    etag: `"${docs.hash.slice(0, 32)}-${kind}"`,
    filename: DOCUMENT_META[kind].filename,
  };
}

// ---------------------------------------------------------------------------------------------
// PDF building. The standard PDF fonts (Helvetica) use WinAnsi encoding: text is mapped to it so
// that every character renders and stays searchable.

const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Maps text to what the standard fonts can show: ₹ → "Rs.", other unsupported characters → "?". */
export function toWinAnsi(text: string): string {
  return text
    .replace(/₹\s?/g, 'Rs. ')
    .normalize('NFC')
    .replace(/[^\n\t\x20-\x7e\xa0-\xff]/g, (c) => (WIN_ANSI_EXTRA.has(c) ? c : '?'));
}

const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#1e3a8a';
const HEAD_BG = '#e0e7ff';
const RULE = '#9ca3af';

type Doc = PDFKit.PDFDocument;

/**
 * pdfkit, imported on first use: its fonts and bundle cost a start about a quarter of a second
 * (docs/performance.md "Start-up and memory of the server").
 */
const loadPdfkit = () => import('pdfkit');
let pdfkit: ReturnType<typeof loadPdfkit> | undefined;

/** Renders a document with the institute header and a footer on every page; resolves to its bytes. */
async function renderPdf(
  config: InstituteConfig,
  kind: InstituteDocument,
  subtitle: string,
  layout: 'portrait' | 'landscape',
  body: (doc: Doc) => void,
): Promise<Buffer> {
  pdfkit ??= loadPdfkit();
  const { default: PDFDocument } = await pdfkit;
  return new Promise((resolve, reject) => {
    const title = `${DOCUMENT_META[kind].title}: ${config.shortName}`;
    const doc = new PDFDocument({
      size: 'A4',
      layout,
      margin: 40,
      bufferPages: true,
      lang: 'en-IN',
      displayTitle: true,
      info: {
        Title: toWinAnsi(title),
        Author: toWinAnsi(config.name),
        Subject: toWinAnsi(subtitle),
        Creator: 'Campus Companion',
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(10).text(toWinAnsi(config.name.toUpperCase()));
      doc.moveDown(0.3);
      doc.fillColor(INK).fontSize(20).text(toWinAnsi(DOCUMENT_META[kind].title));
      doc.fillColor(MUTED).font('Helvetica').fontSize(11).text(toWinAnsi(subtitle));
      doc.moveDown(0.8);
      body(doc);
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // Writing below the bottom margin would start a new page: lift the margin for the footer.
        const margin = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        const bottom = doc.page.height - 28;
        doc
          .font('Helvetica')
          .fontSize(8)
          .fillColor(MUTED)
          .text(
            toWinAnsi(`${config.shortName} · ${DOCUMENT_META[kind].title} · page ${i + 1} of ${range.count}`),
            doc.page.margins.left,
            bottom,
            {
              width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
              align: 'center',
              lineBreak: false,
            },
          );
        doc.page.margins.bottom = margin;
      }
      doc.end();
    } catch (err) {
      reject(err as Error);
    }
  });
}

/** Section heading; starts a new page when fewer than `needed` points remain. */
function heading(doc: Doc, text: string, needed = 90) {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.x = doc.page.margins.left;
  doc.moveDown(0.4).fillColor(ACCENT).font('Helvetica-Bold').fontSize(13).text(toWinAnsi(text));
  doc.moveDown(0.3);
}

const cellStyle = { padding: 4, borderColor: RULE, border: 0.5 };

/** A table with a bold header row (repeated by the reader, not the layout) and wrapped cells. */
function table(doc: Doc, columns: Array<string | number>, header: string[], rows: string[][], fontSize = 9) {
  doc.x = doc.page.margins.left;
  doc.font('Helvetica').fontSize(fontSize).fillColor(INK);
  doc.table({
    columnStyles: columns,
    defaultStyle: cellStyle,
    data: [
      header.map((h) => ({
        text: toWinAnsi(h),
        type: 'TH' as const,
        backgroundColor: HEAD_BG,
        font: { src: 'Helvetica-Bold' },
      })),
      ...rows.map((r) => r.map((c) => toWinAnsi(c))),
    ],
  });
  doc.moveDown(0.6);
}

const dateOnly = (d: string) => new Date(`${d}T00:00:00Z`);
const fmt = (d: string, opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', ...opts }).format(dateOnly(d));

/** "Mon 27 Jul" or "Tue 24 Nov – Fri 4 Dec" (dates are institute-local calendar days). */
function dateRange(date: string, endDate?: string): string {
  const one = (d: string) => fmt(d, { weekday: 'short', day: 'numeric', month: 'short' });
  return endDate && endDate !== date ? `${one(date)} – ${one(endDate)}` : one(date);
}

const KIND_LABEL = { academic: 'Academic', exam: 'Examinations', holiday: 'Holiday', event: 'Event' } as const;

/** The academic calendar: entries sorted by date, one table per month. */
export function calendarPdf(config: InstituteConfig): Promise<Buffer> {
  const { session, entries } = config.academicCalendar;
  return renderPdf(config, 'calendar', `Academic session ${session}`, 'portrait', (doc) => {
    const sorted = [...entries].sort((a, b) => a.date.localeCompare(b.date));
    const months = new Map<string, typeof sorted>();
    for (const e of sorted) {
      const key = e.date.slice(0, 7);
      months.set(key, [...(months.get(key) ?? []), e]);
    }
    for (const [month, list] of months) {
      heading(doc, fmt(`${month}-01`, { month: 'long', year: 'numeric' }));
      table(
        doc,
        [150, '*', 90],
        ['Date', 'Event', 'Type'],
        list.map((e) => [dateRange(e.date, e.endDate), e.title, KIND_LABEL[e.kind]]),
        10,
      );
    }
  });
}

/** The contacts directory: one table per department, in the config's order. */
export function contactsPdf(config: InstituteConfig): Promise<Buffer> {
  return renderPdf(config, 'contacts', `Who to contact at ${config.shortName}`, 'portrait', (doc) => {
    const groups = new Map<string, InstituteConfig['contacts']>();
    for (const c of config.contacts) groups.set(c.department, [...(groups.get(c.department) ?? []), c]);
    for (const [department, list] of groups) {
      heading(doc, department);
      table(
        doc,
        [150, '*', 95, 140],
        ['Office or person', 'Role', 'Phone', 'E-mail'],
        list.map((c) => [c.office ? `${c.name}\n${c.office}` : c.name, c.role, c.phone ?? '–', c.email ?? '–']),
      );
    }
  });
}

/** The weekly timetable: a landscape grid of days × slots. */
export function timetablePdf(config: InstituteConfig): Promise<Buffer> {
  const t = config.timetable;
  return renderPdf(config, 'timetable', t.title, 'landscape', (doc) => {
    table(
      doc,
      [70, ...t.slots.map(() => '*')],
      ['Day', ...t.slots],
      t.days.map((d) => [d.day, ...d.periods.map((p) => p || '–')]),
      8.5,
    );
    if (t.note) doc.x = doc.page.margins.left;
    if (t.note) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(toWinAnsi(t.note));
  });
}
