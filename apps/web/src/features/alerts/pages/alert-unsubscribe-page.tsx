/**
 * /alert-unsubscribe?token=… (docs/alerts.md "E-mail digest"): the link of a digest mail. It works
 * without signing in: the button POSTs the signed token (a GET never changes anything, so mail
 * scanners that open links cannot unsubscribe anyone), and the page says it worked or why not.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ALERT_MESSAGES as A } from '@campus/contract/alerts-ui';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { toApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnsubscribeAlertMutation } from '../../../lib/alerts-api';

const TITLE = 'Stop alert e-mails';

export default function AlertUnsubscribePage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [unsubscribe, { isLoading }] = useUnsubscribeAlertMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(
    token ? null : { ok: false, message: A.unsubscribeInvalid },
  );

  const stop = async () => {
    try {
      await unsubscribe(token).unwrap();
      setOutcome({ ok: true, message: A.unsubscribed });
    } catch (err) {
      setOutcome({ ok: false, message: toApiError(err).message });
    }
  };

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={TITLE} />
      <Card>
        {outcome ? (
          <div className="space-y-4">
            <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>
            <Link to="/alerts" className={buttonClasses('secondary', 'sm')}>
              Manage my alerts
            </Link>
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-fg">Stop the daily e-mail for this alert? You still see its matches in the bell.</p>
            <Button className="w-full" loading={isLoading} onClick={() => void stop()}>
              Stop the e-mails
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
