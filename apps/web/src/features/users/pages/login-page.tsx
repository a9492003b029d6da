/**
 * /login (docs/product-spec.md §2, §4): one screen with the tabs Login and Sign Up (Radix Tabs). The heading is
 * "Welcome back" or "Create your account". Switching tabs clears the auth error; a successful
 * sign-up returns to the Login tab with the e-mail filled in and the note "We sent a verification
 * link to {email}" with a Resend link. The sign-up form mounts when its tab first opens; both forms
 * then stay mounted so typed input survives switching.
 * A login answered with the step-up (the account is under attack and this browser has not
 * signed in to it before) shows "Check your institute email" with the server's message, not an error.
 */
import { Suspense, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';
import { Alert } from '../../../components/ui/alert';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { cn } from '../../../lib/cn';
import { preloadable } from '../../../lib/preloadable';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { clearAuthError } from '../../../lib/auth-slice';
import { ResendLink } from '../components/resend-link';

// The forms (react-hook-form, the contract's zod schemas) load beside the page, which paints its
// heading and tabs first. Both downloads start as soon as this module runs.
const LoginForm = preloadable(() => import('../components/login-form').then((m) => ({ default: m.LoginForm })));
const SignupForm = preloadable(() => import('../components/signup-form').then((m) => ({ default: m.SignupForm })));
void LoginForm.preload().catch(() => undefined);
void SignupForm.preload().catch(() => undefined);

/** The lazy parts of the first screen (the login form), which the page hydrates with (app/routes.tsx). */
export function preloadFirstScreen(): Promise<unknown> {
  return LoginForm.preload();
}

/** Holds a form's place while it loads (about its height, so nothing below it jumps). */
function FormPlaceholder() {
  return <div aria-busy="true" className="min-h-[15.75rem]" />;
}

type Mode = 'login' | 'signup';

const tabClass = cn(
  'flex-1 rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors',
  'data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm',
);

export default function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  // The sign-up form is mounted the first time its tab opens, and stays: the login page hydrates
  // one form, not two, and what was typed survives switching back and forth.
  const [signupShown, setSignupShown] = useState(false);
  const [verificationEmail, setVerificationEmail] = useState<string | null>(null);
  const error = useAppSelector((s) => s.auth.error);
  const dispatch = useAppDispatch();
  const heading = mode === 'login' ? AUTH_UI.loginHeading : AUTH_UI.signupHeading;
  useDocumentTitle(mode === 'login' ? 'Login' : 'Sign Up');

  const switchTo = (next: string) => {
    setMode(next as Mode);
    if (next === 'signup') setSignupShown(true);
    dispatch(clearAuthError());
  };

  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-2xl font-bold text-fg">{heading}</h1>
        <Tabs.Root value={mode} onValueChange={switchTo}>
          <Tabs.List aria-label="Login or sign up" className="mb-6 flex gap-1 rounded-xl bg-surface-muted p-1">
            <Tabs.Trigger value="login" className={tabClass}>
              Login
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={tabClass}>
              Sign Up
            </Tabs.Trigger>
          </Tabs.List>
          {error === USER_MESSAGES.stepUpSent ? (
            <Alert tone="info" title={AUTH_UI.stepUpTitle} className="mb-4">
              <p>{error}</p>
              <p className="mt-1 text-muted">{AUTH_UI.stepUpHelp}</p>
            </Alert>
          ) : error ? (
            <Alert tone="error" className="mb-4">
              {error}
            </Alert>
          ) : null}
          <Tabs.Content value="login" forceMount className="data-[state=inactive]:hidden" hidden={mode !== 'login'}>
            {verificationEmail ? (
              <Alert tone="info" className="mb-4">
                {AUTH_UI.verificationNote(verificationEmail)}. <ResendLink email={verificationEmail} />
              </Alert>
            ) : null}
            <Suspense fallback={<FormPlaceholder />}>
              <LoginForm key={verificationEmail ?? ''} defaultEmail={verificationEmail ?? ''} />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="signup" forceMount className="data-[state=inactive]:hidden" hidden={mode !== 'signup'}>
            {signupShown ? (
              <Suspense fallback={<FormPlaceholder />}>
                <SignupForm
                  onSignedUp={(email) => {
                    setVerificationEmail(email);
                    switchTo('login');
                  }}
                />
              </Suspense>
            ) : null}
          </Tabs.Content>
        </Tabs.Root>
        <p className="mt-6 text-center text-xs text-muted">{AUTH_UI.terms}</p>
      </div>
    </div>
  );
}
