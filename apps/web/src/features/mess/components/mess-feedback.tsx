/**
 * /mess/:id/feedback, for the mess's managers and administrators (docs/mess.md): each meal's
 * average by day over the last 4 weeks, and the students' comments, newest first, 20 a page.
 * Others get the server's refusal.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MessageSquare } from 'lucide-react';
import { MESS_MEAL_LABELS, MESS_MEALS } from '@campus/contract/mess-ui';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedList } from '../../../components/ui/paged-list';
import { Spinner } from '../../../components/ui/spinner';
import { useMessCommentsQuery, useMessFeedbackQuery } from '../mess-api';

export function MessFeedbackPage() {
  const id = useParams().id ?? '';
  const [page, setPage] = useState(1);
  const feedback = useMessFeedbackQuery(id);
  const comments = useMessCommentsQuery({ id, page }, { skip: !!feedback.error });
  const meals = MESS_MEALS.filter((m) => feedback.data?.days.some((d) => d.meals.some((x) => x.meal === m)));

  return (
    <>
      <PageHeader
        title={feedback.data ? `Feedback · ${feedback.data.mess.name}` : 'Feedback'}
        subtitle={
          <Link to="/mess" className="text-accent underline">
            Back to the menu
          </Link>
        }
      />
      {feedback.isLoading ? (
        <Spinner label="Loading the feedback" />
      ) : feedback.error || !feedback.data ? (
        <LoadError title="Could not load the feedback" error={feedback.error} onRetry={feedback.refetch} />
      ) : (
        <div className="space-y-6">
          <Card title="Averages, last 4 weeks">
            {feedback.data.days.length === 0 ? (
              <p className="text-sm text-muted">No ratings in the last 4 weeks.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Average stars by day and meal, with the number of ratings</caption>
                  <thead>
                    <tr className="border-b border-line">
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Day
                      </th>
                      {meals.map((m) => (
                        <th key={m} scope="col" className="py-2 pr-3 font-medium">
                          {MESS_MEAL_LABELS[m]}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {feedback.data.days.map((day) => (
                      <tr key={day.date} className="border-b border-line last:border-0">
                        <th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap">
                          {day.date}
                        </th>
                        {meals.map((m) => {
                          const cell = day.meals.find((x) => x.meal === m);
                          return (
                            <td key={m} className="py-2 pr-3 whitespace-nowrap">
                              {cell ? `${cell.average.toFixed(1)} ★ · ${cell.count}` : '–'}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
          <section aria-labelledby="comments-heading">
            <h2 id="comments-heading" className="mb-3 text-lg font-semibold text-fg">
              Comments
            </h2>
            <PagedList
              loading={comments.isLoading}
              loadingLabel="Loading comments"
              error={
                comments.error ? (
                  <LoadError title="Could not load the comments" error={comments.error} onRetry={comments.refetch} />
                ) : null
              }
              empty={
                comments.data && comments.data.items.length === 0 ? (
                  <EmptyState icon={<MessageSquare size={32} />} title="No comments yet." />
                ) : null
              }
              pager={
                comments.data ? { ...comments.data.pagination, onPageChange: setPage, label: 'Comments pages' } : null
              }
            >
              <ul className="space-y-3">
                {comments.data?.items.map((c) => (
                  <li key={c.id} className="rounded-2xl border border-line bg-surface p-4">
                    <p className="text-sm text-muted">
                      {c.date} · {MESS_MEAL_LABELS[c.meal]} · {c.stars} ★
                    </p>
                    <p className="mt-1 whitespace-pre-line text-fg">{c.comment}</p>
                  </li>
                ))}
              </ul>
            </PagedList>
          </section>
        </div>
      )}
    </>
  );
}
