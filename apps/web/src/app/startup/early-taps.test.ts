import { describe, expect, it, vi } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../../../early-taps-head';
import { holdEarlyTaps, tapHeld, type EarlyTapCapture } from './early-taps';

/** A real-input look-alike: happy-dom's dispatched events are untrusted, so `isTrusted` is set by hand. */
function realEvent<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}

describe('holdEarlyTaps', () => {
  it('holds a tap until the app is ready, then hands copies of its events to the page in order', async () => {
    document.body.innerHTML = '<button type="button">Sign Up</button>';
    const button = document.querySelector('button')!;
    const seen: string[] = [];
    for (const type of ['pointerdown', 'mousedown', 'click']) button.addEventListener(type, (e) => seen.push(e.type));
    let ready!: () => void;
    holdEarlyTaps(new Promise<void>((r) => (ready = r)));

    for (const type of ['pointerdown', 'mousedown', 'click'])
      button.dispatchEvent(realEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX: 12 })));
    expect(seen).toEqual([]);

    ready();
    await vi.waitFor(() => expect(seen).toEqual(['pointerdown', 'mousedown', 'click']));
    // After the start, real taps pass straight through.
    button.dispatchEvent(realEvent(new MouseEvent('click', { bubbles: true })));
    expect(seen).toEqual(['pointerdown', 'mousedown', 'click', 'click']);
  });

  it('cancels a native submission meanwhile and submits the form again once ready, with its submitter', async () => {
    document.body.innerHTML = '<form><button type="submit" name="go">Log in</button></form>';
    const form = document.querySelector('form')!;
    const submitters: Array<string | undefined> = [];
    let ready!: () => void;
    holdEarlyTaps(new Promise<void>((r) => (ready = r)));
    const early = realEvent(
      new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: form.elements[0] as HTMLElement }),
    );
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitters.push((e as SubmitEvent).submitter?.getAttribute('name') ?? undefined);
    });
    ready();
    await vi.waitFor(() => expect(submitters).toEqual(['go']));
  });

  it('lets the copies go to the native behaviour when the app fails to start, and skips removed targets', async () => {
    document.body.innerHTML = '<button type="button" id="kept">A</button><button type="button" id="gone">B</button>';
    const kept = document.getElementById('kept')!;
    const gone = document.getElementById('gone')!;
    const clicks: string[] = [];
    document.body.addEventListener('click', (e) => clicks.push((e.target as HTMLElement).id));
    let fail!: (err: Error) => void;
    holdEarlyTaps(new Promise<void>((_, reject) => (fail = reject)));
    kept.dispatchEvent(realEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    gone.dispatchEvent(realEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    gone.remove();
    expect(clicks).toEqual([]);
    fail(new Error('offline'));
    await vi.waitFor(() => expect(clicks).toEqual(['kept']));
  });

  it('leaves native form fields to the browser, and keeps the mouse events a pointerdown leads to', async () => {
    document.body.innerHTML =
      '<label><input type="checkbox" id="box"> Broadcast</label><button type="button">Tab</button>';
    const box = document.getElementById('box') as HTMLInputElement;
    const button = document.querySelector('button')!;
    let ready!: () => void;
    holdEarlyTaps(new Promise<void>((r) => (ready = r)));
    const tick = realEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    box.dispatchEvent(tick);
    expect(tick.defaultPrevented).toBe(false);
    expect(box.checked).toBe(true);

    const down = realEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true }));
    button.dispatchEvent(down);
    // Not cancelled: a cancelled pointerdown suppresses the mousedown that follows it.
    expect(down.defaultPrevented).toBe(false);
    const seen: string[] = [];
    button.addEventListener('pointerdown', (e) => seen.push(e.type));
    ready();
    await vi.waitFor(() => expect(seen).toEqual(['pointerdown']));
  });

  it('takes over the capture the head started before any module loaded, with the taps it held', async () => {
    document.body.innerHTML = '<button type="button">Open search</button>';
    const button = document.querySelector('button')!;
    // The inlined script, run as the page's head runs it: its own source text, no module.
    new Function(EARLY_TAPS_SCRIPT)();
    const win = window as Window & { __earlyTaps?: EarlyTapCapture };
    expect(win.__earlyTaps).toBeDefined();
    const seen: string[] = [];
    button.addEventListener('click', (e) => seen.push(e.type));
    const early = realEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);

    let ready!: () => void;
    holdEarlyTaps(new Promise<void>((r) => (ready = r)));
    ready();
    await vi.waitFor(() => expect(seen).toEqual(['click']));
    expect(win.__earlyTaps).toBeUndefined();
    // The head's listeners are gone: a later tap is not held.
    button.dispatchEvent(realEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    expect(seen).toEqual(['click', 'click']);
  });

  it('notes text typed into a native field before the start, without holding it, until the app is ready', async () => {
    document.body.innerHTML = '<input type="search" name="q" aria-label="Search">';
    const input = document.querySelector('input')!;
    let ready!: () => void;
    holdEarlyTaps(new Promise<void>((r) => (ready = r)));
    expect(tapHeld()).toBe(false);
    // A script's input event is not the student's: it changes nothing.
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
    expect(tapHeld()).toBe(false);

    input.value = 'calcu';
    const typed = realEvent(new InputEvent('input', { bubbles: true, cancelable: true }));
    const seen: string[] = [];
    input.addEventListener('input', () => seen.push(input.value));
    input.dispatchEvent(typed);
    // Not held: the field's own handlers see it, and the start now runs without yielding.
    expect(seen).toEqual(['calcu']);
    expect(typed.defaultPrevented).toBe(false);
    expect(tapHeld()).toBe(true);

    ready();
    await vi.waitFor(() => expect(tapHeld()).toBe(false));
  });
});
