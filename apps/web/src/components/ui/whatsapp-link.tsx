/** "WhatsApp": a button-styled link opening a chat with an Indian mobile number (wa.me, code 91). */
import { MessageCircle } from 'lucide-react';
import { buttonClasses } from './button';

export function WhatsAppLink({ number }: { number: string }) {
  return (
    <a
      href={`https://wa.me/91${number}`}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses('secondary', 'sm')}
    >
      <MessageCircle aria-hidden="true" size={16} />
      WhatsApp
    </a>
  );
}
