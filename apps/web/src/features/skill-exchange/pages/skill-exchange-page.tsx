/** Peer-to-Peer Skill Exchange (spec §2). Placeholder: shows its title only until its own issue builds the screen. */
import { PageHeader } from '../../../components/ui/page-header';

export default function SkillExchangePage() {
  return <PageHeader title="Peer-to-Peer Skill Exchange" />;
}
