import { safeReturnPath } from '@recup/shared-events/api/return-path';
import { useSearchParams } from 'react-router-dom';
import { ResendVerificationPage } from '../../features/auth/components/resend-verification-page';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';
import { VerifyEmailPage } from '../../features/auth/components/verify-email-page';

/** The pages opened from our e-mails read their token (and the address, when known) from the query string. */
export function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // The link names where the learner signed up (a course page): checked again here, as any address can be typed.
  return <VerifyEmailPage key={token} token={token} email={searchParams.get('email')} returnTo={safeReturnPath(searchParams.get('returnTo'))} />;
}

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return <ResetPasswordPage key={token} token={token} />;
}

export function ResendVerificationRoute() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  return <ResendVerificationPage key={email} email={email} />;
}
