import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../utils/contact-message';

/** Specification §5 and §9: sending is simulated; no call leaves the browser, the answer comes after one second. */
const CONTACT_SEND_DELAY_MS = 1000;

function sendContactMessage(message: ContactMessage): Promise<ContactMessage> {
  return new Promise((resolve) => setTimeout(() => resolve(message), CONTACT_SEND_DELAY_MS));
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
