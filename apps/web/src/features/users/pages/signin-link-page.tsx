/**
 * /signin-link?token=… (the step-up): the page a mailed one-time sign-in link opens.
 * Like /verify-email it never acts on the GET (mail scanners that prefetch links cannot burn it): it
 * asks for the password and POSTs `{ token, password }`. Success signs in (this browser becomes a
 * trusted device) and offers to continue; a wrong password shows the server's message under the
 * field and keeps the link; an invalid (400), used or expired (410) link shows the server's message
 * with the way back to the login page.
 */
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MailWarning } from 'lucide-react';
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSigninLinkMutation } from '../users-api';
import { LinkDone } from '../components/link-done';
import { TokenPage, type TokenSend } from '../components/token-page';

/** The password rule for this link, fetched after hydration or at the first focus (lib/lazy-resolver.ts). */
const formSchema = lazyZodResolver(() =>
  import('@campus/contract/users').then((m) => m.signinLinkBody.pick({ password: true })),
);

/** The link itself is unusable: the message and the way back to the login page. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div>
      <MailWarning aria-hidden="true" size={40} className="mx-auto mb-3 text-danger" />
      <Alert tone="error">{message}</Alert>
      <p className="mt-4 text-sm text-muted">
        <Link to="/login" className="text-accent underline">
          Back to login
        </Link>
      </p>
    </div>
  );
}

/** The password form; a wrong password shows under the field and keeps the link. */
function SigninLinkForm({ send }: { send: TokenSend }) {
  const [signinLink, { isLoading }] = useSigninLinkMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: formSchema.resolver, defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    await send(
      (token) => signinLink({ token, password }).unwrap(),
      USER_MESSAGES.signinLinkOk,
      (apiError) => {
        if (apiError.status !== 400 || !apiError.errors?.password) return apiError.message;
        setError('password', { message: apiError.errors.password });
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" {...formSchema.intent}>
      <Input
        label={AUTH_UI.signinLinkPasswordLabel}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" loading={isLoading}>
        {AUTH_UI.signinLinkButton}
      </Button>
    </form>
  );
}

export default function SigninLinkPage() {
  usePreloadWhenIdle(formSchema);
  useDocumentTitle(AUTH_UI.signinLinkHeading);
  return (
    <TokenPage
      title={AUTH_UI.signinLinkHeading}
      missing={<LinkProblem message={USER_MESSAGES.tokenInvalid} />}
      done={(message) => <LinkDone message={message} />}
      problem={(message) => <LinkProblem message={message} />}
    >
      {(send) => <SigninLinkForm send={send} />}
    </TokenPage>
  );
}
