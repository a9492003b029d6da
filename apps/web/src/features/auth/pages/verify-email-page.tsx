/**
 * /verify-email?token=… (DESIGN §5): POSTs the token once on load (a GET never changes state, so
 * mail scanners cannot burn it) and shows the result: success with a link to log in, or the error
 * (invalid 400, used 410, expired 410 — the server's message) with a form to resend the link.
 * The request is shared per token at module level, so StrictMode's double effect sends one POST.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, MailWarning } from 'lucide-react';
import { USER_MESSAGES } from '@campus/contract/users';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError, type ApiError } from '../../../lib/api';
import { useAppDispatch, type AppDispatch } from '../../../app/store';
import { usersApi } from '../auth-api';
import { ResendLink } from '../components/resend-link';

type Outcome = { ok: true; message: string } | { ok: false; error: ApiError };

const requests = new Map<string, Promise<Outcome>>();

function verifyOnce(dispatch: AppDispatch, token: string): Promise<Outcome> {
  let pending = requests.get(token);
  if (!pending) {
    pending = dispatch(usersApi.endpoints.verifyEmail.initiate({ token }))
      .unwrap()
      .then(
        (reply): Outcome => ({ ok: true, message: reply.message || USER_MESSAGES.verified }),
        (err): Outcome => ({ ok: false, error: toApiError(err) }),
      );
    requests.set(token, pending);
  }
  return pending;
}

function ResendForm() {
  const [email, setEmail] = useState('');
  return (
    <div className="mt-4 space-y-3">
      <Input
        label="Your institute email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <ResendLink email={email.trim().toLowerCase()} label="Send a new verification link" />
    </div>
  );
}

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const dispatch = useAppDispatch();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    void verifyOnce(dispatch, token).then((result) => {
      if (active) setOutcome(result);
    });
    return () => {
      active = false;
    };
  }, [dispatch, token]);

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Verify your email" />
      <Card>
        {!token ? (
          <>
            <Alert tone="error">{USER_MESSAGES.tokenInvalid}</Alert>
            <ResendForm />
          </>
        ) : !outcome ? (
          <div className="flex items-center gap-3 text-muted">
            <Spinner label="" /> Verifying your email...
          </div>
        ) : outcome.ok ? (
          <div className="space-y-4 text-center">
            <CheckCircle2 aria-hidden="true" size={40} className="mx-auto text-success" />
            <Alert tone="success">{outcome.message}</Alert>
            <Link to="/login" className={buttonClasses()}>
              Go to login
            </Link>
          </div>
        ) : (
          <div>
            <MailWarning aria-hidden="true" size={40} className="mx-auto mb-3 text-danger" />
            <Alert tone="error">{outcome.error.message}</Alert>
            <p className="mt-4 text-sm text-muted">
              Already verified?{' '}
              <Link to="/login" className="text-accent underline">
                Log in
              </Link>
            </p>
            <ResendForm />
          </div>
        )}
      </Card>
    </div>
  );
}
