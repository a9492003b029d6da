/**
 * A CSV import with a dry run (docs/architecture.md "Features in detail": content an institute
 * edits has a CSV import): choose a file or paste the text, "Check (dry run)" lists every line's
 * outcome — a bad line with its number and reason — and saves nothing; "Import" (enabled once a
 * check found no bad line) saves every line or none. A refused import names its bad lines (the
 * API's `errors`, keyed `line N`) in an alert. The feature passes its header, its outcome texts
 * and the mutation that sends `{ csv, dryRun }`.
 */
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { toApiError } from '../../lib/api';
import { Alert } from './alert';
import { Button } from './button';
import { Textarea } from './textarea';

/** One line's outcome, as the API answers it. */
export interface CsvImportLine {
  line: number;
  slug: string;
  action: 'create' | 'update' | 'error';
  message?: string;
}

/** The API's answer: every line's outcome; `saved` is false on a dry run. */
export interface CsvImportResult {
  saved: boolean;
  lines: CsvImportLine[];
}

export interface CsvImportProps {
  /** The header the first line must be. */
  columns: readonly string[];
  /** What the columns hold, under the header. */
  hint: ReactNode;
  /** The outcome texts of a good line. */
  outcomes: { create: string; update: string };
  /** Sends the import (an RTK Query mutation's trigger). */
  run: (body: { csv: string; dryRun: boolean }) => Promise<{ data?: CsvImportResult; error?: unknown }>;
  busy: boolean;
  /** Called after a real import saved. */
  onImported?: (result: CsvImportResult) => void;
}

export function CsvImport({ columns, hint, outcomes, run, busy, onImported }: CsvImportProps) {
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const [refused, setRefused] = useState<{ message: string; errors: Array<[string, string]> } | null>(null);
  const send = async (dryRun: boolean) => {
    setRefused(null);
    const res = await run({ csv, dryRun });
    if (res.data) {
      setResult(res.data);
      if (res.data.saved) onImported?.(res.data);
      return;
    }
    const error = toApiError(res.error);
    setRefused({ message: error.message, errors: Object.entries(error.errors ?? {}) });
  };
  const edit = (text: string) => {
    setCsv(text);
    setResult(null);
  };
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) edit(await file.text());
  };
  const bad = result?.lines.filter((l) => l.action === 'error').length ?? 0;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        First line: <code className="break-all">{columns.join(',')}</code>. {hint} Check first: nothing is saved until
        every line is right.
      </p>
      <label className="block text-sm font-medium text-fg">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void choose(e)}
          className="mt-1 block w-full text-sm"
        />
      </label>
      <Textarea label="CSV text" rows={5} value={csv} onChange={(e) => edit(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!csv.trim()} loading={busy} onClick={() => void send(true)}>
          Check (dry run)
        </Button>
        <Button
          disabled={!csv.trim() || bad > 0 || !result || result.saved}
          loading={busy}
          onClick={() => void send(false)}
        >
          Import
        </Button>
      </div>
      {refused ? (
        <Alert tone="error" title={refused.message}>
          {refused.errors.length ? (
            <ul className="list-disc pl-5">
              {refused.errors.map(([where, message]) => (
                <li key={where}>
                  {where}: {message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {result ? (
        <div className="overflow-x-auto">
          <p role="status" className="text-sm text-fg">
            {result.saved
              ? `Saved ${result.lines.length} lines.`
              : bad
                ? `${bad} of ${result.lines.length} lines have errors — nothing was saved.`
                : `${result.lines.length} lines are ready to import.`}
          </p>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">Lines of the CSV</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 pr-3">
                  Line
                </th>
                <th scope="col" className="py-1 pr-3">
                  Slug
                </th>
                <th scope="col" className="py-1">
                  Outcome
                </th>
              </tr>
            </thead>
            <tbody>
              {result.lines.map((l) => (
                <tr key={l.line} className={l.action === 'error' ? 'text-danger' : 'text-fg'}>
                  <td className="py-1 pr-3">{l.line}</td>
                  <td className="py-1 pr-3 break-all">{l.slug}</td>
                  <td className="py-1">{l.action === 'error' ? `Error: ${l.message}` : outcomes[l.action]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
