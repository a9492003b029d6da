/**
 * Request to Connect (docs/product-spec.md §2, §3 skill request): an optional message and an optional WhatsApp
 * number (shown to the teacher only once they accept), then the send. The page shows the outcome
 * in its message box; the dialog closes on success and keeps the input on failure.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { SKILL_REQUEST_MESSAGE_MAX, SKILL_TEXTS as T } from '@campus/contract/skill-exchange-ui';
import type { Match } from '@campus/contract/skill-exchange';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';

export interface ConnectModalProps {
  match: Match | null;
  busy: boolean;
  onClose: () => void;
  /** Sends; resolves true when sent. */
  onSend: (args: { recipientId: string; skillId: string; message?: string; phone?: string }) => Promise<boolean>;
}

export function ConnectModal({ match, busy, onClose, onSend }: ConnectModalProps) {
  const [message, setMessage] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ message?: string; phone?: string }>({});
  useEffect(() => {
    setMessage('');
    setPhone('');
    setErrors({});
  }, [match?.id]);
  if (!match) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const args = {
      recipientId: match.user.id,
      skillId: match.Skill.id,
      message: message.trim() || undefined,
      phone: phone.trim() || undefined,
    };
    // The fields the student types, by the contract's rules; the schema arrives with zod now, not
    // with the page (docs/decisions/0001-hydration-at-load.md).
    const { sendRequestBody } = await import('@campus/contract/skill-exchange');
    const parsed = sendRequestBody.pick({ message: true, phone: true }).safeParse(args);
    if (!parsed.success) {
      const found: { message?: string; phone?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'message' || key === 'phone') && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (await onSend(args)) onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${T.requestToConnect}: ${match.user.name || T.unknown}`}
      description={`Ask to learn ${match.Skill.name}.`}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <Textarea
          label="Message (optional)"
          value={message}
          maxLength={SKILL_REQUEST_MESSAGE_MAX + 50}
          onChange={(e) => setMessage(e.target.value)}
          error={errors.message}
          rows={3}
        />
        <Input
          label="Your WhatsApp number (optional, shared only if they accept)"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {busy ? 'Sending...' : 'Send request'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
