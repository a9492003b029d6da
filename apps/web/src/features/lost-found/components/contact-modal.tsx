/**
 * "Contact Owner" (docs/product-spec.md §2): an alert dialog with the reporter's contact (with `tel:` and WhatsApp
 * links), or "Not provided".
 */
import { Phone } from 'lucide-react';
import type { LostFoundItem } from '@campus/contract/lost-found';
import { LOST_FOUND_MESSAGES as L } from '@campus/contract/lost-found-ui';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { WhatsAppLink } from '../../../components/ui/whatsapp-link';

export function ContactModal({ item, onClose }: { item: LostFoundItem | null; onClose: () => void }) {
  const contact = item?.owner_contact?.trim();
  return (
    <Modal
      open={!!item}
      onOpenChange={(o) => !o && onClose()}
      title="Contact Owner"
      description={item ? `${item.is_found ? 'Found' : 'Lost'}: ${item.item_name}` : undefined}
    >
      {contact ? (
        <div className="space-y-3">
          <p className="text-2xl font-semibold tracking-wide text-fg">{contact}</p>
          <div className="flex flex-wrap gap-2">
            <a href={`tel:+91${contact}`} className={buttonClasses('secondary', 'sm')}>
              <Phone aria-hidden="true" size={16} />
              Call
            </a>
            <WhatsAppLink number={contact} />
          </div>
        </div>
      ) : (
        <p className="text-fg">{L.notProvided}</p>
      )}
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>OK</Button>
      </div>
    </Modal>
  );
}
