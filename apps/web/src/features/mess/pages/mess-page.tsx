/**
 * /mess, the mess menu (docs/mess.md): the student's mess (from their hostel, or the one they pick
 * here, remembered by the server), today's meals with the current one highlighted and the next
 * counting down, a rating for each meal that has started, today's notices (and, for its managers,
 * the form to post one), and the week in a second tab (`?tab=week`); offline, the service worker's
 * last answers, under a line saying so. `/mess/manage` is the screen of messes, their hostels,
 * meal times and managers; `/mess/:id/feedback` the mess's feedback and `/mess/:id/import` its CSV
 * import, for its managers and administrators.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { Link, Route, Routes } from 'react-router';
import { CloudOff, UtensilsCrossed } from 'lucide-react';
import { MESS_TEXTS as T } from '@campus/contract/mess-ui';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { buttonClasses } from '../../../components/ui/button';
import { useUrlParams } from '../../../lib/url-params';
import { useOnline } from '../../../lib/use-online';
import { useChooseMessMutation, useMessesQuery, useMessTodayQuery, useMessWeekQuery } from '../mess-api';
import { TodayMeals } from '../components/today-meals';
import { WeekMenu } from '../components/week-menu';
import { MessNotices, PostNotice } from '../components/mess-notices';
import { ManageMesses } from '../components/manage-messes';
import { MessFeedbackPage } from '../components/mess-feedback';
import { MenuImport } from '../components/menu-import';

const TAB_CLASSES =
  '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-accent';
const PANEL_CLASSES = 'rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4';

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} />
    </div>
  );
}

/** The week tab of `messId`. */
function WeekTab({ messId }: { messId: string }) {
  const week = useMessWeekQuery({ id: messId });
  if (week.isLoading) return <Loading label="Loading the week" />;
  if (week.error || !week.data)
    return <LoadError title="Could not load the week" error={week.error} onRetry={week.refetch} />;
  return <WeekMenu week={week.data} />;
}

function MenuView() {
  const { params, replaceAll } = useUrlParams();
  const tab = params.get('tab') === 'week' ? 'week' : 'today';
  const messes = useMessesQuery();
  const today = useMessTodayQuery(undefined);
  const [choose, choosing] = useChooseMessMutation();
  const online = useOnline();
  const mess = today.data?.mess ?? null;
  const canManageAny = messes.data?.some((m) => m.canManage) ?? false;
  const managesThis = !!mess && !!messes.data?.some((m) => m.id === mess.id && m.canManage);

  return (
    <>
      <PageHeader
        title={T.title}
        subtitle={mess ? `${mess.name} · ${today.data?.date ?? ''}` : 'What is cooking in your mess today.'}
        actions={
          canManageAny ? (
            <>
              {managesThis ? (
                <>
                  <Link to={`/mess/${mess.id}/feedback`} className={buttonClasses('secondary', 'sm')}>
                    {T.feedback}
                  </Link>
                  <Link to={`/mess/${mess.id}/import`} className={buttonClasses('secondary', 'sm')}>
                    Import a week
                  </Link>
                </>
              ) : null}
              <Link to="/mess/manage" className={buttonClasses('secondary', 'sm')}>
                {T.manage}
              </Link>
            </>
          ) : null
        }
      />
      {!online ? (
        <Alert tone="info" className="mb-4">
          <span className="inline-flex items-center gap-2">
            <CloudOff aria-hidden="true" size={18} />
            {T.offline}
          </span>
        </Alert>
      ) : null}
      {messes.data && messes.data.length > 0 ? (
        <Select
          className="mb-4 max-w-xs"
          label={T.pickMess}
          placeholder={mess ? undefined : 'Choose a mess'}
          value={mess?.id ?? ''}
          disabled={choosing.isLoading}
          options={messes.data.map((m) => ({ value: m.id, label: m.name }))}
          onChange={(e) => {
            if (e.target.value) void choose(e.target.value);
          }}
        />
      ) : null}
      {today.isLoading || messes.isLoading ? (
        <Loading label="Loading the menu" />
      ) : today.error || !today.data ? (
        <LoadError title="Could not load the menu" error={today.error} onRetry={today.refetch} />
      ) : !mess ? (
        <EmptyState icon={<UtensilsCrossed size={32} />} title={T.noMess} />
      ) : (
        <>
          {managesThis ? <PostNotice messId={mess.id} /> : null}
          <MessNotices notices={today.data.notices} />
          <Tabs.Root value={tab} onValueChange={(v) => replaceAll(v === 'week' ? { tab: 'week' } : {})}>
            <Tabs.List aria-label="Menu views" className="mb-4 flex gap-1 border-b border-line">
              <Tabs.Trigger value="today" className={TAB_CLASSES}>
                {T.today}
              </Tabs.Trigger>
              <Tabs.Trigger value="week" className={TAB_CLASSES}>
                {T.week}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="today" className={PANEL_CLASSES}>
              {today.data.note ? <p className="mb-3 text-sm text-fg">{today.data.note}</p> : null}
              {today.data.closed ? (
                <EmptyState icon={<UtensilsCrossed size={32} />} title={T.closed} />
              ) : today.data.meals.length === 0 ? (
                <EmptyState icon={<UtensilsCrossed size={32} />} title={T.noMeals} />
              ) : (
                <TodayMeals today={today.data} />
              )}
            </Tabs.Content>
            <Tabs.Content value="week" className={PANEL_CLASSES}>
              <WeekTab messId={mess.id} />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </>
  );
}

export default function MessPage() {
  return (
    <Routes>
      <Route path="manage" element={<ManageMesses />} />
      <Route path=":id/feedback" element={<MessFeedbackPage />} />
      <Route path=":id/import" element={<MenuImport />} />
      <Route path="*" element={<MenuView />} />
    </Routes>
  );
}
