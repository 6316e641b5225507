import { EmailRequest } from '@recup/command-api/contracts';
import { z } from 'zod';

/** Specification §5: the contact form's rules; each field shows its own message when it breaks one. */
export const ContactMessage = z.object({
  name: z.string().trim().min(2).max(100),
  email: EmailRequest.shape.email,
  subject: z.string().trim().min(2).max(150),
  message: z.string().trim().min(10).max(5000),
});
export type ContactMessage = z.infer<typeof ContactMessage>;
export type ContactField = keyof ContactMessage;

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

/** The longest text each field accepts; the inputs stop there, so the form never has to say so. */
export const CONTACT_MAX_LENGTH: Record<ContactField, number> = { name: 100, email: 254, subject: 150, message: 5000 };
