/**
 * "Download my data" (docs/privacy.md "Download my data"): fetches GET /api/users/me/export and
 * saves the zip under the server's file name. Shows a spinner while the zip is made, and the
 * server's message (e.g. the 3-an-hour ceiling) under the button when it is refused.
 */
import { useState } from 'react';
import { Download } from 'lucide-react';
import { PRIVACY_MESSAGES } from '@campus/contract/privacy-ui';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NOT_JSON, readEnvelope } from '../../../lib/api';

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
function fileNameOf(header: string | null): string {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? 'campus-companion-data.zip';
}

/** Saves `blob` as `name` through a temporary link. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DownloadData() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/users/me/export', { credentials: 'include' });
      if (!res.ok) {
        const body: unknown = await res.json().catch(() => NOT_JSON);
        const read = readEnvelope(res.status, body);
        setError('error' in read ? read.error.message : PRIVACY_MESSAGES.exportFailed);
        return;
      }
      save(await res.blob(), fileNameOf(res.headers.get('content-disposition')));
    } catch {
      setError(PRIVACY_MESSAGES.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        A zip of everything we keep about you: your profile, posts, rides, attendance, skills, alerts, notifications,
        reports and photos.
      </p>
      <Button variant="secondary" loading={busy} onClick={() => void onClick()}>
        {busy ? null : <Download aria-hidden="true" size={16} />}
        Download my data
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
