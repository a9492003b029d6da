/**
 * "Delete my account" (docs/privacy.md "Delete my account"): the password and the typed
 * confirmation (DELETE), then POST /api/users/me/deletion. The account closes at once; signing in
 * before the erasure date offers "Keep my account". On success the client session is cleared and
 * the sign-in page opens.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { DELETION_CONFIRMATION, DELETION_MESSAGES } from '@campus/contract/privacy-ui';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toApiError } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { logout } from '../logout';
import { useDeleteAccountMutation } from '../users-api';

export function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [remove, { isLoading }] = useDeleteAccountMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setProblem(DELETION_MESSAGES.passwordRequired);
    if (confirmation !== DELETION_CONFIRMATION) return setProblem(DELETION_MESSAGES.confirmationMismatch);
    setProblem(null);
    const result = await remove({ password, confirmation });
    if ('error' in result) return setProblem(toApiError(result.error).message);
    toast.success(DELETION_MESSAGES.closed);
    await dispatch(logout());
    navigate('/login', { replace: true });
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <p className="text-sm text-muted">
        Your account closes at once: your listings, items, rides and skills are hidden, and riders of your rides are
        told. It is erased after the grace period; until then, signing in lets you keep it.
      </p>
      <Input
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Input
        label={`Type ${DELETION_CONFIRMATION} to confirm`}
        autoComplete="off"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Button type="submit" variant="danger" loading={isLoading}>
        {isLoading ? null : <Trash2 aria-hidden="true" size={16} />}
        Delete my account
      </Button>
    </form>
  );
}
