/**
 * Skill exchange journey: student A teaches "Python"; student B wants to learn
 * "python" (picked from the searchable dropdown), sees A among the Recommended Matches and sends a
 * request (the card shows no e-mail before then); A is notified, opens the inbox from
 * the notification and accepts; both then see each other's e-mail (mailto) and WhatsApp links.
 * The page passes axe at 1280 px and 360 px and in the dark scheme, with no console errors in
 * either browser.
 */
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  createVerifiedAccount,
  signIn,
  completeProfile,
  expectNoSeriousA11yViolations,
  freshEmail,
} from './fixtures.ts';

/** Fails the test on console errors of a second browser (the fixture watches the first). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The page fits `width` without horizontal scrolling. */
async function expectFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('A teaches Python, B wants to learn python, finds A and asks; A accepts; both see each other’s contact', async ({
  studentPage: a,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const nameA = `Meera Iyer ${stamp}`;
  const nameB = `Kabir Singh ${stamp}`;
  await completeProfile(a, nameA);
  const emailA = (await (await a.request.get('/api/users/current')).json()).data.user.email as string;

  // A: I want to teach → "Python".
  await a.goto('/skill-exchange');
  await expect(a.getByRole('heading', { name: 'Peer-to-Peer Skill Exchange', level: 1 })).toBeVisible();
  await a.getByRole('button', { name: 'I want to teach' }).click();
  await expect(a.getByRole('button', { name: 'I want to teach' })).toHaveAttribute('aria-pressed', 'true');
  const addTeach = a.getByRole('button', { name: 'Add to Teach Skills' });
  await expect(addTeach).toBeDisabled();
  await a.getByPlaceholder('e.g. Python Programming, Web Development').fill('Python');
  await addTeach.click();
  await expect(a.getByText('Skill added successfully!')).toBeVisible();
  const teaching = a.getByRole('region', { name: 'Your Teaching Skills' });
  await expect(teaching.getByText('Python', { exact: true })).toBeVisible();
  await expect(teaching.getByRole('button', { name: 'Delete Python' })).toBeVisible();
  await expectNoSeriousA11yViolations(a, 'skill-exchange-teach-1280');

  // B: I want to learn → types "python" in the dropdown and picks Python.
  const contextB = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const b = await contextB.newPage();
  const errorsB = watchConsole(b);
  const accountB = await createVerifiedAccount(b.request, freshEmail('learner'));
  await signIn(b, accountB);
  await completeProfile(b, nameB);
  await b.goto('/skill-exchange');
  await expect(b.getByRole('button', { name: 'I want to learn' })).toHaveAttribute('aria-pressed', 'true');
  await expect(b.getByText('No matches found yet')).toBeVisible();
  const addLearn = b.getByRole('button', { name: 'Add to Learn Skills' });
  await expect(addLearn).toBeDisabled();
  const picker = b.getByRole('combobox', { name: 'Select a skill to learn' });
  await picker.fill('python');
  await b.getByRole('option', { name: 'Python', exact: true }).click();
  await expect(picker).toHaveValue('Python');
  await addLearn.click();
  await expect(b.getByText('Skill added successfully!')).toBeVisible();
  await expect(picker).toHaveValue('');
  await expect(b.getByRole('region', { name: 'Your Learning Skills' }).getByText('(Learning)')).toBeVisible();

  // B sees A among the matches, with the card's facts, and sends a request.
  const matches = b.getByRole('region', { name: 'Recommended Matches' });
  const card = matches.getByRole('article', { name: nameA });
  await expect(card).toBeVisible();
  // Not connected yet: no e-mail on the card, name, branch and semester only.
  await expect(card.getByText('Shown once your request is accepted')).toBeVisible();
  await expect(card.getByText(emailA)).toHaveCount(0);
  await expect(card.getByText('Computer Science Engineering')).toBeVisible();
  await expect(card.getByText('Python', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(b, 'skill-exchange-learn-1280');
  await card.getByRole('button', { name: 'Request to Connect' }).click();
  const dialog = b.getByRole('dialog', { name: `Request to Connect: ${nameA}` });
  await dialog.getByLabel('Message (optional)').fill('Could you help me with pandas this weekend?');
  await dialog.getByLabel(/Your WhatsApp number/).fill('98123 45678');
  await expectNoSeriousA11yViolations(b, 'skill-exchange-connect-dialog');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(b.getByText('Request sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Request pending')).toBeVisible();

  // At 360 px B's page fits and passes axe.
  await b.setViewportSize({ width: 360, height: 780 });
  await expectFits(b, 360);
  await expectNoSeriousA11yViolations(b, 'skill-exchange-learn-360');
  await testInfo.attach('skill-exchange-360', {
    body: await b.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  // A is notified and opens the inbox from the notification, then accepts with a WhatsApp number.
  await a.reload();
  await a.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const panel = a.getByRole('dialog', { name: 'Notifications' });
  await panel.getByRole('button', { name: new RegExp(`${nameB} would like to learn Python from you`) }).click();
  await expect(a).toHaveURL(/\/skill-exchange\?tab=received$/);
  const received = a.getByRole('article', { name: `${nameB} wants to learn Python` });
  await expect(received.getByText('Could you help me with pandas this weekend?')).toBeVisible();
  await expect(received.getByRole('link')).toHaveCount(0);
  await expectNoSeriousA11yViolations(a, 'skill-exchange-inbox-1280');
  await received.getByRole('button', { name: 'Accept' }).click();
  const accept = a.getByRole('dialog', { name: `Accept ${nameB}'s request?` });
  await accept.getByLabel('Your WhatsApp number (optional)').fill('9123456780');
  await accept.getByRole('button', { name: 'Accept request' }).click();
  await expect(accept).toBeHidden();
  await expect(received.getByText('Accepted')).toBeVisible();
  await expect(received.getByRole('link', { name: accountB.email })).toHaveAttribute(
    'href',
    `mailto:${accountB.email}`,
  );
  await expect(received.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/919812345678');
  await a.setViewportSize({ width: 360, height: 780 });
  await expectFits(a, 360);
  await expectNoSeriousA11yViolations(a, 'skill-exchange-inbox-360');

  // B sees the answer in the sent box: A's e-mail and WhatsApp.
  await b.setViewportSize({ width: 1280, height: 900 });
  await b.goto('/skill-exchange?tab=sent');
  const sent = b.getByRole('article', { name: `You asked ${nameA} to teach Python` });
  await expect(sent.getByText('Accepted')).toBeVisible();
  await expect(sent.getByRole('link', { name: emailA })).toHaveAttribute('href', `mailto:${emailA}`);
  await expect(sent.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/919123456780');
  await expect(b.getByRole('tab', { name: 'Requests sent' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(b, 'skill-exchange-sent-1280');

  // The dark colour scheme passes axe too: the inbox, and the matches with their new state.
  await b.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(b, 'skill-exchange-sent-dark');
  await b.getByRole('tab', { name: 'Skills' }).click();
  await expect(card.getByText('Connected: see your requests')).toBeVisible();
  await expectNoSeriousA11yViolations(b, 'skill-exchange-matches-dark');

  await contextB.close();
  expect(errorsB, 'console errors in B’s browser').toEqual([]);
});
