/**
 * /mess/:id/import, for the mess's managers and administrators (docs/mess.md "CSV import"): paste
 * the week or pick a `.csv` file (`day,meal,dishes`, dishes separated by `;`, ` (egg)` or
 * ` (non-veg)` after a dish), Preview (a dry run: the week as read and every bad row with its line
 * and reason), then Import — only a file without bad rows, all or nothing. Below, one day's
 * override: the mess closed, or a note.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MESS_MEAL_LABELS, MESS_WEEKDAYS } from '@campus/contract/mess-ui';
import type { MenuImport as MenuImportResult } from '@campus/contract/mess';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Textarea } from '../../../components/ui/textarea';
import { Checkbox } from '../../../components/ui/checkbox';
import { useImportMenuMutation, useSaveDayMutation } from '../mess-api';
import { DietMark } from '../../../components/diet-mark';

const EXAMPLE = 'day,meal,dishes\nMonday,breakfast,Aloo Paratha; Curd; Tea\nMonday,dinner,Egg Curry (egg); Dal; Roti';

/** One day's override: closed, or a note ("Festival special dinner"). */
function DayOverride({ id }: { id: string }) {
  const [date, setDate] = useState('');
  const [closed, setClosed] = useState(false);
  const [note, setNote] = useState('');
  const [save, saving] = useSaveDayMutation();
  return (
    <Card title="Change one day" className="mt-6">
      <form
        aria-label="Change one day"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (date) void save({ id, date, body: { closed, note: note.trim() || undefined } });
        }}
      >
        <Input type="date" label="Day" required value={date} onChange={(e) => setDate(e.target.value)} />
        <Checkbox label="Mess closed" checked={closed} onChange={(e) => setClosed(e.target.checked)} />
        <Input
          className="min-w-0 flex-1 basis-56"
          label="Note (optional)"
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="submit" variant="secondary" loading={saving.isLoading}>
          Save day
        </Button>
      </form>
    </Card>
  );
}

export function MenuImport() {
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const [csv, setCsv] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [preview, setPreview] = useState<MenuImportResult | null>(null);
  const [send, sending] = useImportMenuMutation();

  const run = async (dryRun: boolean) => {
    const res = await send({ id, csv, dryRun, validFrom: validFrom || undefined });
    if (res.error) return;
    if (dryRun) setPreview(res.data);
    else navigate('/mess?tab=week');
  };

  return (
    <>
      <PageHeader
        title="Import a week"
        subtitle={
          <Link to="/mess" className="text-accent underline">
            Back to the menu
          </Link>
        }
      />
      <Card>
        <div className="space-y-4">
          <p className="text-sm text-muted">
            One row per day and meal: <code>day,meal,dishes</code>. Separate dishes with “;” and mark a dish with
            “(egg)” or “(non-veg)”; other dishes are veg.
          </p>
          <Input
            type="file"
            label="CSV file"
            accept=".csv,text/csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then((text) => (setCsv(text), setPreview(null)));
            }}
          />
          <Textarea
            label="Or paste the rows"
            rows={8}
            value={csv}
            placeholder={EXAMPLE}
            onChange={(e) => {
              setCsv(e.target.value);
              setPreview(null);
            }}
          />
          <Input
            type="date"
            label="Valid from (optional, today by default)"
            className="max-w-xs"
            value={validFrom}
            onChange={(e) => setValidFrom(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => void run(true)}
              loading={sending.isLoading}
              disabled={!csv.trim()}
            >
              Preview
            </Button>
            <Button
              onClick={() => void run(false)}
              disabled={!preview || preview.errors.length > 0 || sending.isLoading}
            >
              Import
            </Button>
          </div>
        </div>
      </Card>
      {preview ? (
        <section aria-labelledby="preview-heading" className="mt-6 space-y-4">
          <h2 id="preview-heading" className="text-lg font-semibold text-fg">
            Preview
          </h2>
          {preview.errors.length > 0 ? (
            <Alert tone="error" title={`${preview.errors.length} bad ${preview.errors.length === 1 ? 'row' : 'rows'}`}>
              <ul className="list-disc pl-5">
                {preview.errors.map((e) => (
                  <li key={`${e.line}-${e.reason}`}>
                    Line {e.line}: {e.reason}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : (
            <Alert tone="success">No bad rows: ready to import.</Alert>
          )}
          <ul className="space-y-2">
            {preview.week.map((e) => (
              <li key={`${e.day}-${e.meal}`} className="rounded-xl border border-line bg-surface p-3 text-sm">
                <span className="font-medium text-fg">
                  {MESS_WEEKDAYS[e.day - 1]} · {MESS_MEAL_LABELS[e.meal]}:
                </span>{' '}
                {e.dishes.map((d) => (
                  <span key={d.name} className="mr-3 inline-flex items-center gap-1.5">
                    <DietMark diet={d.diet} />
                    {d.name}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <DayOverride id={id} />
    </>
  );
}
