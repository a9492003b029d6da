/**
 * CSV imports' reading (docs/architecture.md "Features in detail": the administrator's CSV imports
 * with a dry run): csv-parse reads the text (a BOM, blank lines and spaces around values ignored),
 * the first line must be the expected header, and each record comes back keyed by the header with
 * its line number in the file — what the dry run names a bad row by.
 */
import { parse } from 'csv-parse/sync';
import { AppError } from './errors.ts';

/** One CSV record keyed by the header, and the file's line it ends on. */
export interface CsvRecord<C extends string> {
  line: number;
  values: Record<C, string>;
}

/** The 400 messages of {@link readCsv}. */
export interface CsvMessages {
  unreadable: string;
  header: string;
  /** Needed with a `maxRows` cap. */
  tooMany?: string;
}

/**
 * The records of `text` under the header `columns` (compared in lower case); 400 `unreadable` when
 * csv-parse cannot read it, `header` for a wrong first line, `tooMany` above `maxRows` records
 * (`Infinity`: no cap).
 */
export function readCsv<C extends string>(
  text: string,
  columns: readonly C[],
  maxRows: number,
  messages: CsvMessages,
): Array<CsvRecord<C>> {
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  try {
    rows = parse(text, {
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      bom: true,
      trim: true,
    }) as unknown as typeof rows;
  } catch {
    throw new AppError(400, messages.unreadable);
  }
  const [header, ...body] = rows;
  if (!header || header.record.join(',').toLowerCase() !== columns.join(',')) throw new AppError(400, messages.header);
  if (body.length > maxRows) throw new AppError(400, messages.tooMany ?? messages.unreadable);
  return body.map((r) => ({
    line: r.info.lines,
    values: Object.fromEntries(columns.map((c, i) => [c, r.record[i] ?? ''])) as Record<C, string>,
  }));
}
