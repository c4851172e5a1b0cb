import type { CodeMessage } from './cognito';
import { escapeHtml, type MailInput } from './mail';

/**
 * The emails Cognito would send for its codes, worded like a user pool's verification messages so the
 * sign-up and reset flows can be walked through locally (the code is read from the mail catcher).
 */
const FROM = 'Brandslate <no-reply@verificationemail.com>';

const WORDING: Record<CodeMessage['source'], { subject: string; line: (code: string) => string }> = {
  SignUp: { subject: 'Your Brandslate verification code', line: (code) => `Your Brandslate verification code is ${code}` },
  ResendCode: { subject: 'Your Brandslate verification code', line: (code) => `Your Brandslate verification code is ${code}` },
  UpdateUserAttribute: { subject: 'Your Brandslate verification code', line: (code) => `Your Brandslate verification code is ${code}` },
  VerifyUserAttribute: { subject: 'Your Brandslate verification code', line: (code) => `Your Brandslate verification code is ${code}` },
  ForgotPassword: { subject: 'Reset your Brandslate password', line: (code) => `Your Brandslate password reset code is ${code}` },
  AdminCreateUser: { subject: 'Your Brandslate temporary password', line: (code) => `Your Brandslate temporary password is ${code}` },
  Authentication: { subject: 'Your Brandslate sign-in code', line: (code) => `Your Brandslate sign-in code is ${code}` },
};

export const codeEmail = ({ source, to, code }: CodeMessage): MailInput => {
  const { subject, line } = WORDING[source];
  const text = `${line(code)}\n\nIf you did not ask for this, you can ignore this email.`;
  return {
    to,
    from: FROM,
    subject,
    text,
    html: `<p>${escapeHtml(line(code))}</p><p>If you did not ask for this, you can ignore this email.</p>`,
  };
};
