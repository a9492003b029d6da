/**
 * /verify-email?token=… (docs/design.md §5): asks "Enter the password you chose" and
 * POSTs `{ token, password }` (a GET never changes state, so mail scanners cannot burn the link).
 * Success signs the user in and offers to continue. A password that is not the one chosen with this
 * link shows the server's message and explains to use the latest link or sign up again; an invalid
 * (400), used or expired (410) link shows the server's message with a form to resend the link.
 * A link from "Resend link" (`&choose=1`) has no password of its own: the page asks
 * "Choose a password" instead, and the server's password rules (length, too common) show under it.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { MailWarning } from 'lucide-react';
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useVerifyEmailMutation } from '../users-api';
import { LinkDone } from '../components/link-done';
import { ResendLink } from '../components/resend-link';
import { TokenPage, type TokenSend } from '../components/token-page';

/** The contract's password rules, fetched once the page has hydrated, or at the first focus (lib/lazy-resolver.ts). */
const formSchema = lazyZodResolver(() =>
  import('@campus/contract/users').then((m) => m.verifyEmailBody.pick({ password: true })),
);
/** A resent link: the opener chooses the password, so the sign-up rules apply. */
const chooseSchema = lazyZodResolver(() =>
  import('@campus/contract/users').then((m) => m.signupBody.pick({ password: true })),
);

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

/** The link itself is unusable (unknown, used or expired): the message and a way to get a new one. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div>
      <MailWarning aria-hidden="true" size={40} className="mx-auto mb-3 text-danger" />
      <Alert tone="error">{message}</Alert>
      <p className="mt-4 text-sm text-muted">
        Already verified?{' '}
        <Link to="/login" className="text-accent underline">
          Log in
        </Link>
      </p>
      <ResendForm />
    </div>
  );
}

/** The password form: the one chosen at sign-up, or (`choose`) a new one for a resent link. */
function VerifyForm({ send, choose }: { send: TokenSend; choose: boolean }) {
  const [verifyEmail, { isLoading }] = useVerifyEmailMutation();
  const [mismatch, setMismatch] = useState<string | null>(null);
  const schema = choose ? chooseSchema : formSchema;
  usePreloadWhenIdle(schema);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: schema.resolver, defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setMismatch(null);
    await send(
      (token) => verifyEmail({ token, password }).unwrap(),
      USER_MESSAGES.verified,
      (apiError) => {
        if (apiError.status !== 400 || !apiError.errors?.password) return apiError.message;
        if (choose) setError('password', { message: apiError.errors.password });
        else setMismatch(apiError.errors.password);
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" {...schema.intent}>
      {mismatch ? (
        <Alert tone="error">
          {mismatch}{' '}
          <Link to="/login" className="underline">
            Sign up again
          </Link>
        </Alert>
      ) : null}
      <Input
        label={choose ? AUTH_UI.verifyChooseLabel : AUTH_UI.verifyPasswordLabel}
        type="password"
        autoComplete={choose ? 'new-password' : 'current-password'}
        hint={choose ? AUTH_UI.verifyChooseHint : AUTH_UI.verifyPasswordHint}
        error={errors.password?.message}
        {...register('password')}
      />
      {mismatch ? <p className="text-sm text-muted">{AUTH_UI.verifyMismatchHelp}</p> : null}
      <Button type="submit" className="w-full" loading={isLoading}>
        {AUTH_UI.verifyButton}
      </Button>
    </form>
  );
}

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const choose = params.get('choose') === '1';
  return (
    <TokenPage
      title="Verify your email"
      missing={
        <>
          <Alert tone="error">{USER_MESSAGES.tokenInvalid}</Alert>
          <ResendForm />
        </>
      }
      done={(message) => <LinkDone message={message} />}
      problem={(message) => <LinkProblem message={message} />}
    >
      {(send) => <VerifyForm send={send} choose={choose} />}
    </TokenPage>
  );
}
