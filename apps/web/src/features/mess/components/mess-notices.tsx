/**
 * A mess's notices of today (docs/mess.md "Notices"): the list every student of the mess sees on
 * /mess, newest first with the time it was posted, and the form its managers and administrators
 * post one with (bell and push to the mess's students; the server checks who may).
 */
import { useState, type FormEvent } from 'react';
import { Megaphone } from 'lucide-react';
import { MESS_MESSAGES as M, MESS_NOTICE_MAX, MESS_TEXTS as T } from '@campus/contract/mess-ui';
import type { MessNotice } from '@campus/contract/mess';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { formatTime } from '../../../lib/format';
import { usePostNoticeMutation } from '../mess-api';

/** Today's notices, newest first; nothing when there are none. */
export function MessNotices({ notices }: { notices: MessNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="mess-notices" className="mb-4 rounded-2xl border border-warning/40 bg-warning-soft p-4">
      <h2 id="mess-notices" className="flex items-center gap-2 text-base font-semibold text-fg">
        <Megaphone size={18} aria-hidden="true" />
        {T.notices}
      </h2>
      <ul className="mt-2 space-y-1">
        {notices.map((n) => (
          <li key={n.id} className="text-sm text-fg">
            <time dateTime={n.createdAt} className="mr-2 font-semibold">
              {formatTime(n.createdAt)}
            </time>
            {n.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Post a notice": a one-line notice to the students of `messId`, for its managers and administrators. */
export function PostNotice({ messId }: { messId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [post, posting] = usePostNoticeMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError(M.noticeRequired);
    setError(undefined);
    const res = await post({ id: messId, text: trimmed });
    if (!res.error) {
      setText('');
      setOpen(false);
    }
  };

  if (!open)
    return (
      <Button size="sm" variant="secondary" className="mb-4" onClick={() => setOpen(true)}>
        <Megaphone size={16} aria-hidden="true" />
        {T.postNotice}
      </Button>
    );
  return (
    <form
      className="mb-4 space-y-3 rounded-2xl border border-line bg-surface p-4"
      aria-label={T.postNotice}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <Input
        label={T.noticeLabel}
        hint={T.noticeHint}
        value={text}
        maxLength={MESS_NOTICE_MAX}
        error={error}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={posting.isLoading}>
          {T.sendNotice}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
