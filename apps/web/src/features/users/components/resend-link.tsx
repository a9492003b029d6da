/**
 * "Resend link" button: POST /api/users/resend-verification for `email`, then a toast with the
 * server's answer (always 200, so the text never reveals whether the account exists).
 */
import { toast } from '../../../lib/toast';
import { USER_MESSAGES } from '@campus/contract/users-ui';
import { Button } from '../../../components/ui/button';
import { toApiError } from '../../../lib/api';
import { useResendVerificationMutation } from '../users-api';

export interface ResendLinkProps {
  email: string;
  label?: string;
}

export function ResendLink({ email, label = 'Resend link' }: ResendLinkProps) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const onClick = async () => {
    try {
      const reply = await resend({ email }).unwrap();
      toast.info(reply.message || USER_MESSAGES.verificationSent);
    } catch (err) {
      toast.error(toApiError(err).message);
    }
  };
  return (
    <Button variant="link" onClick={onClick} disabled={isLoading || !email} aria-busy={isLoading || undefined}>
      {isLoading ? 'Sending...' : label}
    </Button>
  );
}
