/**
 * "Contact seller": hidden until asked (docs/product-spec.md §2 reveal contact), then the number with a `tel:`
 * link and a WhatsApp `wa.me` link (Indian numbers get the 91 country code).
 */
import { useState } from 'react';
import { Phone } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { WhatsAppLink } from '../../../components/ui/whatsapp-link';

export function ContactReveal({ contact, name }: { contact: string; name: string }) {
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setShown(true)} aria-label={`Show contact for ${name}`}>
        <Phone aria-hidden="true" size={16} />
        Contact
      </Button>
    );
  }
  const digits = contact.replace(/\D/g, '');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={`tel:+91${digits}`} className={buttonClasses('secondary', 'sm')} aria-label={`Call ${contact}`}>
        <Phone aria-hidden="true" size={16} />
        {contact}
      </a>
      <WhatsAppLink number={digits} />
    </div>
  );
}
