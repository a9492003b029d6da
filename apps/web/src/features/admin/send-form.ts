/**
 * The admin send form's schema (docs/product-spec.md §5 messages): derived from the contract's
 * `createNotificationBody` — its `message` and `type` rules are the server's own — plus what only the
 * form has: the broadcast switch, the picked target user (required unless broadcasting: "Please
 * select a target user or enable broadcast.") and the optional attachment (checked by the server).
 */
import { z } from 'zod';
import { createNotificationBody, NOTIFICATION_MESSAGES } from '@campus/contract/notifications';
import type { PublicUser } from '@campus/contract/users';

/** Schema of the send form: `{ broadcast, target, type, message, file }` → trimmed message, default type. */
export const sendFormSchema = createNotificationBody
  .pick({ message: true, type: true })
  .extend({
    broadcast: z.boolean(),
    target: z.custom<PublicUser>().nullable(),
    file: z.custom<File>().nullable(),
  })
  .refine((v) => v.broadcast || !!v.target, {
    path: ['target'],
    message: NOTIFICATION_MESSAGES.targetRequired,
    // Also when the message is empty, so both messages show at once.
    when: () => true,
  });

/** What the fields hold. */
export type SendFormInput = z.input<typeof sendFormSchema>;
/** What a valid form hands over (message trimmed, type defaulted). */
export type SendFormValues = z.output<typeof sendFormSchema>;

/** The empty form. */
export const EMPTY_SEND_FORM: SendFormInput = {
  broadcast: false,
  target: null,
  type: 'general',
  message: '',
  file: null,
};
