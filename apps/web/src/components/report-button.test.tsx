/**
 * The Report button and dialog against a fake API: not shown on one's own
 * content; a reason is required, Other needs details; the report is sent with the contract's body
 * and the thanks message shown; a refusal (409 already reported) is shown in the dialog; the owner's
 * badge texts.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_MESSAGES as M } from '@campus/contract/reports';
import { json, stubFetch } from '../test/http';
import { makeUser, renderApp } from '../test/render';
import { ModerationBadge, ReportButton, reportProblem } from './report-button';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const signedIn = (id = 'me') => ({ auth: { status: 'authenticated' as const, user: makeUser({ id }), roles: [] } });

describe('reportProblem', () => {
  it('needs a reason, details for Other, at most 500 characters', () => {
    expect(reportProblem(null, '')).toBe(M.reasonRequired);
    expect(reportProblem('other', '  ')).toBe(M.detailsRequired);
    expect(reportProblem('other', 'Fake photos')).toBeNull();
    expect(reportProblem('spam', '')).toBeNull();
    expect(reportProblem('scam', 'x'.repeat(501))).toBe(M.detailsTooLong);
  });
});

describe('ReportButton', () => {
  it('is not shown on one’s own content', () => {
    renderApp(<ReportButton targetType="listing" targetId="i1" ownerId="me" name="Lamp" />, signedIn('me'));
    expect(screen.queryByRole('button', { name: 'Report Lamp' })).not.toBeInTheDocument();
  });

  it('sends the reason and details, then thanks; a refusal is shown in the dialog', async () => {
    const sent: unknown[] = [];
    stubFetch(async ({ req, path }) => {
      if (path === '/api/reports' && req.method === 'POST') {
        sent.push(await req.json());
        return sent.length === 1
          ? json(201, { success: true, message: M.thanks, data: { id: 'r1', caseId: 'c1' } })
          : json(409, { success: false, message: M.duplicate });
      }
      return json(404, { success: false, message: 'Not found' });
    });
    const user = userEvent.setup();
    renderApp(<ReportButton targetType="listing" targetId="i1" ownerId="someone" name="Lamp" />, signedIn());
    await user.click(screen.getByRole('button', { name: 'Report Lamp' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(M.reasonRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(M.detailsRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Details (required)'), 'Photos copied from a shop');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(M.thanks)).toBeInTheDocument();
    expect(sent).toEqual([
      { targetType: 'listing', targetId: 'i1', reason: 'other', details: 'Photos copied from a shop' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Report Lamp' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('radio', { name: 'Scam or fraud' }));
    await user.click(within(again).getByRole('button', { name: 'Send report' }));
    expect(await within(again).findByText(M.duplicate)).toBeInTheDocument();
    expect(sent[1]).toEqual({ targetType: 'listing', targetId: 'i1', reason: 'scam' });
  });
});

describe('ModerationBadge', () => {
  it('tells the owner the item is hidden or removed, and nothing otherwise', () => {
    const { rerender, container } = render(<ModerationBadge moderation="hidden" />);
    expect(screen.getByText(M.hiddenBadge)).toBeInTheDocument();
    rerender(<ModerationBadge moderation="removed" />);
    expect(screen.getByText(M.removedBadge)).toBeInTheDocument();
    rerender(<ModerationBadge />);
    expect(container).toBeEmptyDOMElement();
  });
});
