/**
 * The admin send form's schema (docs/product-spec.md §5 messages): derived from the contract's
 * `createNotificationBody` — its `message` and `type` rules are the server's own — plus what only the
 * form has: the broadcast switch, the picked target user (required unless broadcasting: "Please
 * select a target user or enable broadcast.") and the optional attachment (checked by the server).
 */
import type { z } from 'zod';
import type { PublicUser } from '@campus/contract/users';
import { lazyZodResolver } from '../../lib/lazy-resolver';

/** Schema of the send form: `{ broadcast, target, type, message, file }` → trimmed message, default type. */
async function loadSendFormSchema() {
  const [{ z: zod }, { createNotificationBody, NOTIFICATION_MESSAGES }] = await Promise.all([
    import('zod'),
    import('@campus/contract/notifications'),
  ]);
  return createNotificationBody
    .pick({ message: true, type: true })
    .extend({
      broadcast: zod.boolean(),
      target: zod.custom<PublicUser>().nullable(),
      file: zod.custom<File>().nullable(),
    })
    .refine((v) => v.broadcast || !!v.target, {
      path: ['target'],
      message: NOTIFICATION_MESSAGES.targetRequired,
      // Also when the message is empty, so both messages show at once.
      when: () => true,
    });
}
type SendFormSchema = Awaited<ReturnType<typeof loadSendFormSchema>>;

/** The form's resolver, with zod fetched after hydration or at the first focus (lib/lazy-resolver.ts). */
export const sendFormSchema = lazyZodResolver(loadSendFormSchema);

/** What the fields hold. */
export type SendFormInput = z.input<SendFormSchema>;
/** What a valid form hands over (message trimmed, type defaulted). */
export type SendFormValues = z.output<SendFormSchema>;

/** The empty form. */
export const EMPTY_SEND_FORM: SendFormInput = {
  broadcast: false,
  target: null,
  type: 'general',
  message: '',
  file: null,
};
