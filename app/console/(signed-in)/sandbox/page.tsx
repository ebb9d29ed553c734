import { SandboxPage } from '../../../../components/console/sandbox/sandbox-page';
import { sandboxGiftCards, sandboxTestCards } from '../../../../server/pages/sandbox-test-data';

export const metadata = { title: 'Sandbox' };

/** /console/sandbox: the test cards come from the sandbox itself (server/pages/sandbox-test-data.ts). */
export default function Sandbox() {
  return <SandboxPage cards={sandboxTestCards()} giftCards={sandboxGiftCards()} />;
}
