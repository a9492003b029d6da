/**
 * Skill exchange page (docs/product-spec.md §2, §4, §8): the message box's lifetimes (success 3 s, error
 * 5 s, dismiss), the docs/product-spec.md §8 failure texts, the learn dropdown's filter; and the page against a
 * fake API — the add button's disabled rule and texts, adding through the searchable dropdown,
 * the 409 text, match cards with their N/A and Unknown fallbacks (and no e-mail before a request is
 * accepted), a connected card's e-mail, Request to Connect with the
 * spec's success text, and the inbox: accept (the contact appears) and cancel after confirmation.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  SKILL_MESSAGES as M,
  SKILL_TEXTS as T,
  type Match,
  type Skill,
  type SkillRequest,
  type UserSkill,
} from '@campus/contract/skill-exchange';
import { json, stubFetch } from '../../test/http';
import { makeUser, renderApp } from '../../test/render';
import { failureText, useMessageBox } from './message-box';
import { filterSkills } from './components/skill-picker';
import { MatchCard } from './components/match-card';
import SkillExchangePage from './pages/skill-exchange-page';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const me = makeUser();
const SKILLS: Skill[] = [
  { id: 's-python', name: 'Python' },
  { id: 's-js', name: 'JavaScript' },
  { id: 's-chess', name: 'Chess' },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('message box (docs/product-spec.md §4, §9)', () => {
  it('clears a success after 3 s and an error after 5 s; a newer message restarts the clock; dismiss clears', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useMessageBox());
    act(() => result.current.show('success', M.requestSent));
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.message?.text).toBe(M.requestSent);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeNull();

    act(() => result.current.show('error', M.failedAdd));
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current.message?.text).toBe(M.failedAdd);
    act(() => result.current.show('error', M.failedAdd));
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current.message?.tone).toBe('error');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeNull();

    act(() => result.current.show('success', M.skillDeleted));
    act(() => result.current.dismiss());
    expect(result.current.message).toBeNull();
  });

  it('uses the server message, else the network text, else the spec default (409 on add: Skill already exists)', () => {
    expect(failureText({ status: 409, message: 'x', serverMessage: 'You have already…' }, M.failedAdd)).toBe(
      'You have already…',
    );
    expect(failureText({ status: 409, message: 'Something went wrong.' }, M.failedAdd, M.exists)).toBe(M.exists);
    expect(failureText({ status: 500, message: 'Something went wrong.' }, M.failedRequest)).toBe(M.failedRequest);
    expect(failureText({ status: 'NETWORK', message: 'Network error.' }, M.failedRequest)).toBe('Network error.');
  });

  it('filters the learn dropdown case-insensitively anywhere in the name', () => {
    expect(filterSkills(SKILLS, 'SCRIPT').map((s) => s.name)).toEqual(['JavaScript']);
    expect(filterSkills(SKILLS, '  ')).toHaveLength(3);
    expect(filterSkills(SKILLS, 'rust')).toEqual([]);
  });
});

const userSkill = (id: string, s: Skill, type: 'teach' | 'learn'): UserSkill => ({
  id,
  type,
  skillId: s.id,
  Skill: s,
  skill: s,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const teacher = { id: 'u-teacher', name: null, avatar: null, branch: null, semester: null };
const MATCH: Match = {
  id: 'us-teacher',
  user: { ...teacher, email: null }, // not connected yet: the API sends no address
  Skill: SKILLS[0]!,
  reciprocal: false,
  requestStatus: null,
};

function request(overrides: Partial<SkillRequest>): SkillRequest {
  return {
    id: 'r-1',
    senderId: 'u-sender',
    recipientId: me.id,
    skillId: 's-chess',
    message: 'Could you teach me openings?',
    status: 'pending',
    Skill: SKILLS[2]!,
    sender: { id: 'u-sender', name: 'Kabir Singh', avatar: null, branch: 'Civil Engineering', semester: 'Third' },
    recipient: { id: me.id, name: me.name, avatar: null, branch: me.branch, semester: me.semester },
    contact: null,
    createdAt: new Date().toISOString(),
    respondedAt: null,
    ...overrides,
  };
}

/** A fake skill-exchange API with the server's rules that the page relies on. */
function mockApi() {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const state = {
    teach: [] as UserSkill[],
    learn: [] as UserSkill[],
    matches: [] as Match[],
    received: [request({})],
    sent: [
      request({
        id: 'r-2',
        senderId: me.id,
        recipientId: 'u-x',
        recipient: { id: 'u-x', name: 'Kabir Singh', avatar: null, branch: null, semester: null },
      }),
    ],
  };
  stubFetch(async ({ req, path, url: { searchParams } }) => {
    const text = await req.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method: req.method, path, body });
    const ok = (extra: object) => json(200, { success: true, message: 'OK', ...extra });
    if (path === '/api/skill-exchange/skills') return ok({ skills: SKILLS });
    if (path === '/api/skill-exchange/my-skills') return ok({ teach: state.teach, learn: state.learn });
    if (path === '/api/skill-exchange/matches') return ok({ matches: state.matches });
    if (path === '/api/skill-exchange/add-skill') {
      const { skillName, type } = body as { skillName: string; type: 'teach' | 'learn' };
      const s = SKILLS.find((x) => x.name.toLowerCase() === skillName.toLowerCase()) ?? {
        id: 's-new',
        name: skillName,
      };
      if (state[type].some((u) => u.skillId === s.id))
        return json(409, { success: false, message: M.duplicate(s.name, type) });
      const created = userSkill(`us-${state[type].length}-${type}`, s, type);
      state[type].push(created);
      if (type === 'learn' && s.id === 's-python') state.matches = [MATCH];
      return json(201, { success: true, message: M.skillAdded, userSkill: created });
    }
    const del = /^\/api\/skill-exchange\/user-skill\/(.+)$/.exec(path);
    if (del && req.method === 'DELETE') {
      state.teach = state.teach.filter((u) => u.id !== del[1]);
      state.learn = state.learn.filter((u) => u.id !== del[1]);
      return json(200, { success: true, message: M.skillDeleted });
    }
    if (path === '/api/skill-exchange/request') {
      state.matches = state.matches.map((m) => ({ ...m, requestStatus: 'pending' as const }));
      return json(201, { success: true, message: M.requestSent, request: request({ id: 'r-new' }) });
    }
    if (path === '/api/users/blocks' && req.method === 'POST') {
      const { userId } = body as { userId: string };
      return json(201, {
        success: true,
        message: 'Student blocked.',
        data: { userId, name: 'Kabir Singh', blockedAt: new Date().toISOString() },
      });
    }
    if (path === '/api/skill-exchange/requests') {
      const items = searchParams.get('box') === 'sent' ? state.sent : state.received;
      return ok({ data: items, pagination: { page: 1, limit: 10, total: items.length } });
    }
    const action = /^\/api\/skill-exchange\/requests\/([^/]+)\/(accept|decline|cancel)$/.exec(path);
    if (action) {
      const list = action[2] === 'cancel' ? state.sent : state.received;
      const r = list.find((x) => x.id === action[1])!;
      if (action[2] === 'accept')
        Object.assign(r, {
          status: 'accepted',
          contact: { email: 'kabir.20230002@iiitsonepat.ac.in', phone: '9812345678' },
        });
      else Object.assign(r, { status: action[2] === 'cancel' ? 'cancelled' : 'declined' });
      return ok({ data: r });
    }
    return json(404, { success: false, message: 'Not found' });
  });
  return { calls, state };
}

function renderPage(url = '/skill-exchange') {
  return renderApp(
    <Routes>
      <Route path="/skill-exchange" element={<SkillExchangePage />} />
    </Routes>,
    { auth: { status: 'authenticated', user: me, roles: [] }, initialEntries: [url] },
  );
}

describe('a match card', () => {
  it('shows the e-mail of a connected teacher', async () => {
    renderApp(
      <ul>
        <MatchCard
          match={{
            ...MATCH,
            requestStatus: 'accepted',
            user: { ...teacher, name: 'Ravi', email: 'ravi.20230001@iiitsonepat.ac.in' },
          }}
          onConnect={() => {}}
        />
      </ul>,
    );
    const card = await screen.findByRole('article', { name: 'Ravi' });
    expect(within(card).getByText('ravi.20230001@iiitsonepat.ac.in')).toBeInTheDocument();
    expect(within(card).queryByText(T.emailOnceConnected)).not.toBeInTheDocument();
  });
});

describe('the skills panel', () => {
  it('adds a learn skill through the searchable dropdown, then shows matches with N/A and Unknown and sends a request', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: T.title })).toBeInTheDocument();
    const add = screen.getByRole('button', { name: T.addLearn });
    expect(add).toBeDisabled();
    expect(await screen.findByText(T.noMatches)).toBeInTheDocument();

    const input = screen.getByRole('combobox', { name: T.learnPlaceholder });
    await user.type(input, 'pyt');
    await user.click(await screen.findByRole('option', { name: 'Python' }));
    expect(add).toBeEnabled();
    await user.click(add);
    expect(await screen.findByText(M.skillAdded)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/add-skill'))?.body).toEqual({ skillName: 'Python', type: 'learn' });
    expect(await screen.findByText(T.learningTag)).toBeInTheDocument();
    expect(input).toHaveValue('');

    const card = await screen.findByRole('article', { name: T.unknown });
    expect(within(card).getAllByText(T.na)).toHaveLength(2);
    expect(within(card).getByText(T.emailOnceConnected)).toBeInTheDocument();
    expect(within(card).queryByText(/@iiitsonepat\.ac\.in/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: T.requestToConnect }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Hi!');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(M.requestSent)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/request'))?.body).toEqual({
      recipientId: 'u-teacher',
      skillId: 's-python',
      message: 'Hi!',
    });
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
  });

  it('in teach mode adds free text, shows the 409 text, and deletes a teaching skill', async () => {
    mockApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: T.teachMode }));
    expect(screen.getByRole('heading', { name: T.teaching })).toBeInTheDocument();
    const field = screen.getByPlaceholderText(T.teachPlaceholder);
    const add = screen.getByRole('button', { name: T.addTeach });
    await user.type(field, '   ');
    expect(add).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'Chess');
    await user.click(add);
    expect(await screen.findByText(M.skillAdded)).toBeInTheDocument();
    expect(field).toHaveValue('');
    await user.type(field, 'chess');
    await user.click(add);
    expect(await screen.findByText('You have already added "Chess" as a teach skill')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Chess' }));
    expect(await screen.findByText(M.skillDeleted)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText(M.skillDeleted)).not.toBeInTheDocument();
  });
});

describe('the requests inbox', () => {
  it('accepts a received request and then shows the e-mail and WhatsApp links', async () => {
    mockApi();
    const user = userEvent.setup();
    renderPage('/skill-exchange?tab=received');
    const item = await screen.findByRole('article', { name: 'Kabir Singh wants to learn Chess' });
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your WhatsApp number (optional)'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Accept request' }));
    expect(await within(dialog).findByText(M.phoneInvalid)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Your WhatsApp number (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Accept request' }));
    const mail = await screen.findByRole('link', { name: 'kabir.20230002@iiitsonepat.ac.in' });
    expect(mail).toHaveAttribute('href', 'mailto:kabir.20230002@iiitsonepat.ac.in');
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/919812345678');
    expect(screen.getByText('Accepted')).toBeInTheDocument();
  });

  it('blocks the sender of a received request only after confirming', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    renderPage('/skill-exchange?tab=received');
    const item = await screen.findByRole('article', { name: 'Kabir Singh wants to learn Chess' });
    await user.click(within(item).getByRole('button', { name: 'Block Kabir Singh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Kabir Singh?' });
    expect(calls.some((c) => c.path === '/api/users/blocks')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/users/blocks')).toEqual([
        { method: 'POST', path: '/api/users/blocks', body: { userId: 'u-sender' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancels a sent request only after confirming', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    renderPage('/skill-exchange?tab=sent');
    const item = await screen.findByRole('article', { name: /You asked Kabir Singh to teach Chess/ });
    await user.click(within(item).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    await user.click(within(item).getByRole('button', { name: 'Cancel request' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this request?' })).getByRole('button', {
        name: 'Cancel request',
      }),
    );
    await waitFor(() => expect(screen.getByText('Cancelled')).toBeInTheDocument());
    expect(calls.filter((c) => c.path.endsWith('/cancel'))).toHaveLength(1);
  });
});
